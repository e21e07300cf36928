"""The cart as shoppers carry on with it (issue 11: cart references).

Classes: a message that opens with "and" / "also" right after an add carries the add on,
its verb left out ("i jeszcze brązowe, też 37", "и полотенце цвета шоколад"); a removal
names the cart line, not a card ("usuń czarne" with black and brown pumps in the cart,
"убери простыню").
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.cart_node import _kind_not_held, _line_named
from graph.context import Context
from graph.resources import get_view
from graph.rules import understand

PUMPS = [
    {"id": "381", "group_id": "381", "title": "Skórzane czółenka Lancioni — czarne"},
    {"id": "380", "group_id": "380", "title": "Skórzane czółenka Lancioni — brązowe"},
]


@pytest.mark.parametrize(
    ("text", "language", "reference"),
    [
        ("i jeszcze brązowe, też 37", "pl", 1),
        ("and the black ones too", "en", 0),
        ("ok, y la marrón", "es", 1),
        ("et aussi les noires", "fr", 0),
        # after an interjection
        ("oh and the black ones too", "en", 0),
        ("ach, und die braunen auch", "de", 1),
        ("ещё чёрные", "ru", 0),  # "ещё" ("and … too") alone carries it on
    ],
)
def test_and_after_an_add_adds_again(text, language, reference):
    got = understand(text, shown=PUMPS, language=language, after_add=True)
    assert (got.intent, got.reference) == ("purchase", reference)


@pytest.mark.parametrize(
    ("text", "language", "after_add", "intent"),
    [
        # a product named, none on screen: bought too (searched, then added or offered)
        ("y el cojín de punto gordo de Linenry también", "es", True, "purchase"),
        ("i jeszcze drewniane wieszaki York", "pl", True, "purchase"),
        ("and a bath towel too", "en", True, "purchase"),
        # the same words with no add before are a need; a question stays a question
        ("y el cojín de punto gordo de Linenry también", "es", False, "recommend"),
        ("and is there a bath towel too?", "en", True, "recommend"),
    ],
)
def test_and_after_an_add_naming_another_product_buys_it(text, language, after_add, intent):
    got = understand(text, language=language, after_add=after_add)
    assert got.intent == intent


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("chuck the black ones in my cart", "en"),
        ("pop the brown ones in my basket", "en"),
        ("mettez-moi les noires dans le panier", "fr"),
        ("mete las marrones en la cesta", "es"),
        ("закинь чёрные в корзину", "ru"),
        ("tu die schwarzen in den Warenkorb", "de"),
    ],
)
def test_a_colloquial_add_verb_adds_rather_than_shows_the_cart(text, language):
    got = understand(text, shown=PUMPS, language=language)
    assert got.intent == "purchase" and got.cart is None


@pytest.mark.parametrize(
    ("text", "language", "after_add"),
    [
        ("i jeszcze brązowe, też 37", "pl", False),  # nothing was just added: a refinement
        ("and the black ones, are they leather?", "en", True),  # a question
        ("brązowe", "pl", True),  # no "and": a new choice, not another purchase
    ],
)
def test_no_continuation_no_purchase(text, language, after_add):
    got = understand(text, shown=PUMPS, language=language, after_add=after_add)
    assert got.intent != "purchase"


CART = [
    {"id": "458", "title": "Простыня на резинке, 70/200", "quantity": 1},
    {"id": "774", "title": "Полотенце, Шоколад", "quantity": 1},
]


RINGS = [{"id": "412", "title": "Bague en câble électrique rouge", "quantity": 1}]
KITCHEN = [
    {"id": "457", "title": "Casa Verde Oslo Copper Core Saucepan", "quantity": 1},
    {"id": "134", "title": "Linenry Stovetop Espresso Maker", "quantity": 1},
]


@pytest.mark.parametrize(
    ("text", "items", "colors", "language", "line"),
    [
        ("убери простыню", CART, [], "ru", "458"),  # inflected: compared as stems
        ("убери полотенце", CART, [], "ru", "774"),
        ("usuń czarne", PUMPS, ["black"], "pl", "381"),
        ("quita las marrones", PUMPS, ["brown"], "es", "380"),
        ("remove it", CART, [], "en", None),  # names nothing: the focus, else the last added
        ("usuń czółenka", PUMPS, [], "pl", None),  # both lines: no guess
        ("убери простыню", CART[:1], [], "ru", "458"),  # one line, named
        ("убери полотенце", CART[:1], [], "ru", None),  # one line, another named
        # the kind named, as the lexicon knows it, where the title says another of its words
        ("сотейник всё-таки уберите", KITCHEN, [], "ru", "457"),
        ("сотейник уберите. сколько теперь позиций в корзине?", KITCHEN, [], "ru", "457"),
    ],
)
def test_a_removal_names_the_cart_line(text, items, colors, language, line):
    turn = {"updates": {"colors": colors}}
    topic = understand(text, language=language).topic  # the reading's words, not the text
    assert _line_named(None, topic, turn, items, language) == line


def _conversation(index, thread: str):
    """One conversation with the graph over the demo index, rules only: ``say(text)``."""
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": thread}}

    def say(text):
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)

    return say


def test_the_demo_cart_carries_on_and_removes_what_is_named(demo_catalogue):
    _, index = demo_catalogue
    say = _conversation(index, "carry-on")

    shown = say("yoga mats")["recommendations"]
    assert len(shown) >= 2
    assert [i["id"] for i in say("add the first one")["cart"]] == [shown[0]["id"]]
    cart = say("and the second one too")["cart"]
    assert [i["id"] for i in cart] == [shown[0]["id"], shown[1]["id"]]
    # a word only the first title has names that line, though the second was added last
    first_only = next(
        w
        for w in shown[0]["title"].split()
        if len(w) > 3 and w.lower() not in shown[1]["title"].lower()
    )
    assert [i["id"] for i in say(f"remove the {first_only}")["cart"]] == [shown[1]["id"]]


def test_a_removal_before_a_question_takes_the_line_named_and_no_other(demo_catalogue):
    """ "сотейник всё-таки уберите. сколько теперь позиций в корзине?": the saucepan goes
    (named by its kind, as the lexicon knows it), though the espresso maker came last and
    another sentence asks; a kind no line is ("the earrings") takes nothing out."""
    _, index = demo_catalogue
    say = _conversation(index, "remove-then-ask")

    say("положите в корзину Casa Verde Oslo Copper Core Saucepan")
    cart = say("и ещё Linenry Stovetop Espresso Maker")["cart"]
    assert [i["title"] for i in cart] == [
        "Casa Verde Oslo Copper Core Saucepan",
        "Linenry Stovetop Espresso Maker",
    ]
    out = say("сотейник всё-таки уберите. сколько теперь позиций в корзине?")
    assert [i["title"] for i in out["cart"]] == ["Linenry Stovetop Espresso Maker"]
    out = say("the earrings, take them out. what's my total now?")
    assert [i["title"] for i in out["cart"]] == ["Linenry Stovetop Espresso Maker"]
    assert "isn't in your cart" in out["messages"][-1].content


def test_a_colour_asked_with_a_size_sold_out_in_it_adds_no_other_colour(demo_catalogue):
    """ "the Trailblazer Fjord field jacket in burgundy, size XS, in my cart" with the
    burgundy XS sold out and the olive XS in stock: nothing goes in (the sizes the colour
    has are offered), and "ugh, seriously? fine, the olive one in XS" then adds that one."""
    items, index = demo_catalogue
    group = [i for i in items if i["item_group_id"] == "AISG-000482"]
    asked = next(i for i in group if i["color"] == "Burgundy" and i["size"] == "XS")
    other = next(i for i in group if i["color"] == "Olive" and i["size"] == "XS")
    assert asked["availability"] != "in stock" and other["availability"] == "in stock"
    say = _conversation(index, "colour-sold-out-in-size")

    out = say("can you put the Trailblazer Fjord field jacket in burgundy, size XS, in my cart")
    assert not out.get("cart"), out["cart"]
    assert "XS" in out["messages"][-1].content
    out = say("ugh, seriously? fine, the olive one in XS")
    assert [line["id"] for line in out["cart"]] == [other["id"]]


def test_a_colour_asked_at_the_cart_takes_that_variant(demo_catalogue):
    """A colour asked when adding ("w kolorze czekoladowym, dodaj") with another shown: the
    group's variant in the colour asked, not the card's own."""
    from sync.enrich import color_tokens

    items, index = demo_catalogue
    group = [i for i in items if i["item_group_id"] == "AISG-000434"]  # a webcam, 2 colours
    assert len(group) == 2 and all(i["availability"] == "in stock" for i in group)
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "colour-at-cart"}}
    shown = app.invoke({"messages": [("user", group[0]["title"])]}, config, context=ctx)
    card = next(c for c in shown["recommendations"] if c["group_id"] == "AISG-000434")
    other = next(i for i in group if i["id"] != card["id"])
    colour = color_tokens(other["color"])[0]  # "black" or "silver"
    cart = app.invoke({"messages": [("user", f"add it in {colour}")]}, config, context=ctx)
    assert [i["id"] for i in cart["cart"]] == [other["id"]]


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("jednak usuń", "remove"),
        ("usuń", "remove"),
        ("remove it", "remove"),
        ("jednak usuń?", None),
    ],
)
def test_a_removal_of_two_words_needs_no_object(text, cart):
    """ "jednak usuń" (remove it after all): a particle, then the verb."""
    assert understand(text, shown=PUMPS, language="pl").cart == cart


@pytest.mark.parametrize(
    ("text", "language", "cart"),
    [
        ("uy no, quita el cazo", "es", "remove"),
        ("oh nein, nimm die Pfanne raus", "de", "remove"),
        ("ah non, enlève la poêle", "fr", "remove"),
        ("no wait, remove the saucepan", "en", "remove"),
        ("ой нет, убери кастрюлю", "ru", "remove"),
        # a change of mind before it
        ("хотя нет, передумала, убери их", "ru", "remove"),
        ("on second thought, remove it", "en", "remove"),
        # the request a clause of its own, a reason after it
        ("hmm nah, remove it, my mug shelf is full already", "en", "remove"),
        # a question in a sentence of its own after it asks nothing of the removal
        ("actually scrap the knife, my mum bought her one. what's left in there?", "en", "remove"),
        ("ach nee, nimm die Pfanne raus, sie hat schon eine. was ist noch drin?", "de", "remove"),
        ("ach nee, nimm sie raus, die sind doch zu teuer", "de", "remove"),
        ("non, enlève-le, finalement il est trop cher", "fr", "remove"),
        ("bueno, quita la taza, ya tengo muchas", "es", "remove"),
        ("va bene, togli la tazza, ne ho già tante", "it", "remove"),
        ("dobra, usuń to, jednak nie potrzebuję", "pl", "remove"),
        ("o ne, persigalvojau, išimkite jas", "lt", "remove"),
        ("ладно, убери её, она мне не нужна", "ru", "remove"),
        ("I want to remove stains, what do you have", "en", None),  # a need before the verb
        ("can I remove the hood?", "en", None),  # a question about the product
        ("no, the remote is removable", "en", None),  # no removal verb
        ("the red one, remove the blue one", "en", None),  # something asked before the verb
    ],
)
def test_interjections_and_a_no_before_a_removal_ask_nothing(text, language, cart):
    """ "uy no, quita el cazo": what opens the request takes back, it asks nothing."""
    assert understand(text, language=language).cart == cart


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        # the cart as where it goes, the verb left out
        ("the second one in the cart please", "en", "purchase"),
        ("le plus petit en noir, dans le panier svp", "fr", "purchase"),
        ("las marrones en el carrito, porfa", "es", "purchase"),
        # "I'll take" in the shopper's language
        ("prendo quelle nere, numero 38", "it", "purchase"),
        ("me llevo las marrones", "es", "purchase"),
        ("wezmę te czarne", "pl", "purchase"),
        ("je vais prendre les noires", "fr", "purchase"),
        # ... not a question about what to take, nor a plain request
        ("cosa prendo per mia madre?", "it", "refine"),
        ("poproszę coś tańszego", "pl", "refine"),
    ],
)
def test_an_add_said_as_where_it_goes_or_as_taking_it(text, language, intent):
    assert understand(text, shown=PUMPS, language=language).intent == intent


@pytest.mark.parametrize(
    ("text", "items", "language", "elsewhere"),
    [
        # earrings taken out of a cart of rings: nothing goes, not the last line added
        ("jednak bez kolczyków, wyjmij je. ile mam teraz do zapłaty?", RINGS, "pl", True),
        ("jednak bez pierścionka, wyjmij go", RINGS, "pl", False),
        # the cart is no kind of product ("в корзине" is no basket); no kind named at all
        ("сотейник уберите. сколько теперь позиций в корзине?", KITCHEN, "ru", False),
        ("remove it", KITCHEN, "en", False),
        # a line of a kind the lexicon does not know may be the one named
        ("take the earrings out", [{"id": "x", "title": "Zorblax 3000"}], "en", False),
    ],
)
def test_a_kind_named_that_no_cart_line_is_takes_nothing_out(text, items, language, elsewhere):
    topic = understand(text, language=language).topic
    assert _kind_not_held(" ".join(topic), language, items) is elsewhere
