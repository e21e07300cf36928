"""A cart word right after an indefinite names a product, not the cart (graph/cart_phrases.py).

"looking for a leather bag that looks like a woven basket" had put a bag in the cart ("like"
is an add verb, "basket" a cart word); "do you have a picnic basket?" showed the cart.
"""

from __future__ import annotations

import pytest

from graph.rules import understand


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("looking for a leather bag that looks like a woven basket, for summer", "en"),
        ("do you have a picnic basket?", "en"),
        ("i'd like a big shopping bag", "en"),
        ("je cherche un panier en osier", "fr"),
        ("vous avez un grand panier à linge ?", "fr"),
        # describing words, however many, between the indefinite and the cart word
        ("looking for a big red leather bag, the kind you can throw your whole life in to", "en"),
        ("need a large waterproof canvas beach bag to throw everything in", "en"),
        ("je cherche un grand joli panier tressé pour mettre le linge", "fr"),
        ("busco una cesta grande de mimbre para meter la ropa", "es"),
        ("cerco un cestino piccolo rotondo intrecciato", "it"),
    ],
)
def test_a_cart_word_after_an_indefinite_is_a_product(text: str, language: str) -> None:
    reading = understand(text, language=language)
    assert reading.intent != "purchase" and reading.cart is None, (reading.intent, reading.cart)


@pytest.mark.parametrize(
    ("text", "language", "cart"),
    [
        ("put it in my bag", "en", None),
        ("the olive one please, into my bag", "en", None),
        ("add it to the basket", "en", None),
        ("mettez-le dans le panier", "fr", None),
        # an indefinite further back, with words that are no description between
        ("throw a mug in my bag", "en", None),
        ("add a blue mug to the bag", "en", None),
        ("mettez une tasse bleue dans le panier", "fr", None),
        ("what's in my basket?", "en", "view"),
        ("qu'est-ce qu'il y a dans mon panier ?", "fr", "view"),
    ],
)
def test_the_cart_named_with_a_possessive_or_a_definite_is_the_cart(
    text: str, language: str, cart: str | None
) -> None:
    reading = understand(text, language=language)
    assert reading.intent == "purchase" and reading.cart == cart, (reading.intent, reading.cart)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # the line named first, then the verb with at most a pronoun: a removal
        ("футболку всё-таки убери, у него таких полно", "ru"),
        ("kamerą vis dėlto išimkite, darbe jau davė", "lt"),
        ("jednak bez poszewki, wyrzuć ją", "pl"),
        ("ne, pakabuko nereikia, išimkite jį", "lt"),
        ("the mug, take it out", "en"),
        # another sentence after it may ask (the cart's total, what is left)
        ("jednak bez kolczyków, wyjmij je. ile mam teraz do zapłaty?", "pl"),
        ("anzi no, togli quelle alte. quanto spendo adesso?", "it"),
        ("puodelį išimkite, paliksiu tik gertuvę. kiek prekių liko krepšelyje?", "lt"),
        ("the mug, take it out. what's my total now?", "en"),
    ],
)
def test_a_line_named_before_a_bare_remove_verb_is_taken_out(text: str, language: str) -> None:
    reading = understand(text, language=language)
    assert (reading.intent, reading.cart) == ("purchase", "remove"), reading


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I need something that removes pet hair", "en"),  # the verb goes on with its object
        ("can I remove the hood?", "en"),  # a question
        ("the hood, can I take it out?", "en"),  # the sentence of the verb asks
    ],
)
def test_a_remove_verb_with_its_own_object_or_asked_takes_nothing_out(
    text: str, language: str
) -> None:
    assert understand(text, language=language).cart is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("o kas dabar yra krepšelyje?", "lt"),
        ("tai kas dabar liko krepšelyje?", "lt"),
        ("vale, ¿qué hay en mi carrito?", "es"),
    ],
)
def test_an_opener_before_a_question_about_the_cart_still_asks_to_see_it(
    text: str, language: str
) -> None:
    assert understand(text, language=language).cart == "view"


SHOWN = [
    {"id": "p1", "title": "Thomasville Catalina Flame Square Pillow", "color": ""},
    {"id": "s1", "title": 'Opispot | Sticker "Plant Mom" - Perezoso Cute', "color": "Blanco"},
    {"id": "e1", "title": "Marianne Drop Earrings", "color": "gold"},
]


@pytest.mark.parametrize(
    "text",
    [
        # an add verb that names the product after an indefinite ("a throw pillow")
        "ah shame. a throw pillow with something wintery on it then, for the couch",
        "a drop earring in gold, something for a wedding",
        # ... or says what it is for after "to" ("a sticker to put on my bottle")
        "ok then a sticker to put on my old bottle, what have you got",
        "something to stick on my laptop lid, any ideas?",
    ],
)
def test_an_add_verb_naming_the_product_or_its_use_adds_nothing(text: str) -> None:
    reading = understand(text, shown=SHOWN, language="en")
    assert reading.intent != "purchase", reading.intent


@pytest.mark.parametrize(
    "text",
    ["throw the pillow in my cart", "i'd like to put the sticker in my basket", "pop it in"],
)
def test_the_same_verbs_still_add(text: str) -> None:
    assert understand(text, shown=SHOWN, language="en").intent == "purchase"


_CHARGERS = [
    {"id": f"p{i}", "group_id": f"p{i}", "title": title, "price": 30.0 + i,
     "effective_price": 30.0 + i}
    for i, title in enumerate(["Voltix Vector 100W Charger", "Kinetica Flux 65W Charger"])
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "language", "purchase"),
    [
        ("ile zapłacę, jeśli wezmę obie?", "pl", False),
        ("si me llevo los dos, ¿cuánto sale todo?", "es", False),
        ("si je prends les deux, ça fait combien ?", "fr", False),
        ("wenn ich beide nehme, was kostet das?", "de", False),
        ("if I take both, how much?", "en", False),
        ("если возьму оба, сколько выйдет?", "ru", False),
        ("jei imsiu abu, kiek kainuos?", "lt", False),
        # no "if", or no question: a purchase
        ("wezmę obie", "pl", True),
        ("me llevo los dos", "es", True),
        ("I'll take both if they ship today", "en", True),
    ],
)
def test_a_purchase_an_if_supposes_in_a_question_adds_nothing(text, language, purchase):
    """ "ile zapłacę, jeśli wezmę obie?" asks what both would cost: no cart line is added."""
    from graph.cart_phrases import supposed
    from graph.rules import understand

    assert supposed(text.lower(), language) is not purchase
    got = understand(text, shown=_CHARGERS, language=language)
    assert (got.intent == "purchase") is purchase, got


@pytest.mark.parametrize(
    ("text", "purchase"),
    [
        ("Die Saltmarsh Chino Shorts in M kommen auch noch dazu", True),
        ("und die Mütze kommt auch noch dazu", True),
        ("die Socken kommen noch dazu", True),
        ("was kommt noch dazu?", False),  # what else comes with it: a question
    ],
)
def test_what_comes_in_too_is_added(text, purchase):
    """German "… kommen auch noch dazu": the product joins the cart."""
    from graph.rules import understand

    assert (understand(text, language="de").intent == "purchase") is purchase
