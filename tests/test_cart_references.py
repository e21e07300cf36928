"""An add verb with a reference puts that card in the cart, in any language (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest

from graph.rules import understand

SHOWN: list[dict[str, Any]] = [
    {"id": "a", "group_id": "a", "title": "Vue Maraville Quilt", "color": "Blue"},
    {"id": "b", "group_id": "b", "title": "Whispering Sands Quilt", "color": "Green"},
    {"id": "c", "group_id": "c", "title": "Singapore Quilt", "color": "Black"},
]


@pytest.mark.parametrize(
    ("text", "language", "position"),
    [
        ("add the second one", "en", 1),
        ("put the third one in", "en", 2),
        ("añade la verde en talla M", "es", 1),
        ("dodaj czarne w 37", "pl", 2),
        ("ajoutez le deuxième", "fr", 1),
        ("aggiungi il terzo", "it", 2),
        ("добавь второй", "ru", 1),
    ],
)
def test_an_add_verb_and_a_reference_is_a_purchase(text: str, language: str, position: int) -> None:
    got = understand(text, shown=SHOWN, language=language)
    assert (got.intent, got.reference) == ("purchase", position), got


def test_one_card_shown_is_what_an_add_verb_adds() -> None:
    got = understand("dodaj ją", shown=SHOWN[:1], language="pl")
    assert (got.intent, got.reference) == ("purchase", 0)


@pytest.mark.parametrize(
    "text",
    ["me las quedo en la 40", "me lo quedo", "vale, los compro", "me quedo con la verde"],
)
def test_keeping_it_is_buying_it(text: str) -> None:
    """ "me las quedo" (I'll keep them) after a product's answer puts it in the cart."""
    assert understand(text, shown=SHOWN[:1], language="es").intent == "purchase"


@pytest.mark.parametrize(
    ("text", "shown", "intent"),
    [
        # "prendo" (I'll take) with a product in view buys it, whatever follows it
        ("ok, prendo l'Whispering Sands, quello verde", SHOWN, "purchase"),
        ("prendo quello", SHOWN[:1], "purchase"),
        # nothing in view: no purchase; asked what taking them would cost: a question
        ("prendo sempre freddo ai piedi, avete calzini di lana?", [], "recommend"),
        ("ne prendo due, una M e una L: quanto spendo?", SHOWN[:1], "other"),
    ],
)
def test_taking_it_in_italian_is_buying_it_in_view(text, shown, intent) -> None:
    got = understand(text, shown=shown, language="it").intent
    assert (got == "purchase") is (intent == "purchase"), got


@pytest.mark.parametrize(
    "text",
    [
        "I want a blue one",  # more of the need, in blue: a search
        "can I add a gift note to the second one?",  # a question about it
    ],
)
def test_not_every_add_verb_is_a_purchase(text: str) -> None:
    assert understand(text, shown=SHOWN, language="en").intent != "purchase"


@pytest.mark.parametrize(
    ("text", "language", "position"),
    [
        # the cart as a destination, no verb: it puts the card of that colour in
        ("la verde, al carrito", "es", 1),
        ("parfait, le noir dans mon panier", "fr", 2),
        ("ok, quella blu nel carrello", "it", 0),
        ("love it, the green one in my basket please", "en", 1),
        ("czarne do koszyka", "pl", 2),
        ("žalią į krepšelį", "lt", 1),
        ("синюю в корзину", "ru", 0),
        # colloquial verbs, an approval before them
        ("grab me the green one", "en", 1),
        ("puiku, žalią dėkit į krepšelį", "lt", 1),
    ],
)
def test_the_cart_as_a_destination_adds_the_card_it_describes(
    text: str, language: str, position: int
) -> None:
    got = understand(text, shown=SHOWN, language=language)
    assert (got.intent, got.reference, got.cart) == ("purchase", position, None), got


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("qu'est-ce qu'il y a dans mon panier ?", "fr"),
        ("what's in my basket?", "en"),
        ("mon panier", "fr"),
        ("¿qué tengo en el carrito?", "es"),
        # asked without a question mark, after an opener: still a view, not an addition
        ("ok, what's in my cart", "en"),
        ("vale, qué hay en mi carrito", "es"),
        ("d'accord, qu'est-ce qu'il y a dans mon panier", "fr"),
    ],
)
def test_the_cart_asked_about_or_named_alone_is_shown(text: str, language: str) -> None:
    assert understand(text, shown=SHOWN, language=language).cart == "view"
