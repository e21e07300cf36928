"""A yes to the cart offer, however it is said, adds; one that names a variant adds that one.

"to poproszę w kolorze khaki", "tak, poproszę" and "да, давайте" after "Dodać jeden z nich do
koszyka?" had searched again with the yes as need words and left the cart empty: only a
bare yes from one language's list ("tak proszę", not "tak, poproszę") was read as one
(graph/cart_offer.py).
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.cart_offer import opening_assent
from graph.context import Context
from graph.rules import understand

SHOWN = [{"id": "a", "title": "Firewood Carrier, Khaki", "price": 70.0, "color": "Khaki"}]


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("tak, poproszę", ""),
        ("ja, gerne", ""),
        ("sí, por favor", ""),
        ("да, давайте", ""),
        ("ok, yes please", ""),
        ("tak, w kolorze khaki", "w kolorze khaki"),
        ("sí, en caqui", "en caqui"),
        ("yes, in khaki please", "in khaki please"),
        # a long assent is a verb taking its object; one short word may come first
        ("to poproszę w kolorze khaki", "w kolorze khaki"),
        ("давайте бордовый, в корзину его", "бордовый, в корзину его"),
    ],
)
def test_assent_words_in_any_combination_open_a_yes(text: str, rest: str) -> None:
    end = opening_assent(text)
    assert end is not None and text[end:] == rest


@pytest.mark.parametrize(
    "text",
    [
        "si può lavare in lavatrice?",  # Italian "si", a question
        "si me llevo la funda",  # Spanish "if", no pause after it
        "vale, pues un cojín para el sofá",  # interjections, then another need
        "takie czarne",  # "tak" run into a word
        "tak, poproszę coś tańszego",  # "something cheaper": another product
        "yes, but is it waterproof?",
        "please show me cheaper ones",  # politeness alone is no yes
    ],
)
def test_no_yes_where_the_words_are_something_else(text: str) -> None:
    assert opening_assent(text) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("tak, poproszę", "pl"),
        ("to poproszę w kolorze khaki", "pl"),
        ("sí, en caqui", "es"),
        ("да, давайте", "ru"),
        ("ja, gerne", "de"),
    ],
)
def test_a_yes_after_the_offer_is_a_purchase_and_not_before(text: str, language: str) -> None:
    offered = understand(text, shown=SHOWN, language=language, after_offer=True)
    assert offered.intent == "purchase", offered
    assert "query" not in offered.updates or not {"tak", "poproszę", "да", "sí", "gerne"} & set(
        str(offered.updates["query"]).split()
    )
    assert understand(text, shown=SHOWN, language=language).intent != "purchase"


def test_a_yes_naming_another_colour_adds_that_colour(demo_catalogue) -> None:
    """Asked about a product that comes in several colours, "yes, in <other> please" adds
    the variant in that colour, not the one the answer was about."""
    items, index = demo_catalogue
    by_group: dict[str, list[dict]] = {}
    for item in items:
        if item["item_group_id"] and item["color"] and item["availability"] == "in stock":
            by_group.setdefault(item["item_group_id"], []).append(item)
    titles = " ".join(item["title"].lower() for item in items)
    # colours no title says: "yes, in natural" would name the "Natural Rubber Yoga Mat"
    variants = next(
        v
        for v in by_group.values()
        if len({i["color"] for i in v}) > 1
        and not any("/" in i["color"] or i["color"].lower() in titles for i in v)
    )
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index))
    config = {"configurable": {"thread_id": "assent"}}

    def say(text: str) -> dict:
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)

    shown = say(variants[0]["title"])["recommendations"]
    first = next(i for i in variants if i["id"] == shown[0]["id"])
    other = next(i for i in variants if i["color"] != first["color"])
    answer = say("tell me more about the first one")
    assert answer["messages"][-1].content.rstrip().endswith("Shall I add it to your cart?")
    state = say(f"yes, in {other['color'].lower()} please")
    assert state["intent"] == "purchase"
    in_colour = [i for i in variants if i["color"] == other["color"]]
    if not state.get("cart"):  # sizes: "Which size of … would you like? In stock: 44, 45."
        sizes = sorted(i["size"] for i in in_colour)
        asked = state["messages"][-1].content
        assert "size" in asked and all(s in asked for s in sizes), asked
        state = say(sizes[0])
    assert [line["id"] for line in state["cart"]] in ([i["id"]] for i in in_colour), (
        state["messages"][-1].content,
        other["color"],
    )


def _sold_out_in_one_colour(items: list[dict]) -> tuple[dict, dict]:
    """A variant out of stock, and its group's variant in the same size in another colour
    that is in stock (colours no title says, each one word)."""
    titles = " ".join(item["title"].lower() for item in items)
    for gone in items:
        if gone["availability"] == "in stock" or not gone["item_group_id"] or not gone["size"]:
            continue
        for other in items:
            if (
                other["item_group_id"] == gone["item_group_id"]
                and other["size"] == gone["size"]
                and other["color"] != gone["color"]
                and other["availability"] == "in stock"
                and all(" " not in c and "/" not in c and c.lower() not in titles
                        for c in (gone["color"], other["color"]))
            ):  # fmt: skip
                return gone, other
    raise AssertionError("the demo has a size sold out in one colour and not in another")


def test_another_colour_after_the_cart_could_not_add_is_that_addition(demo_catalogue) -> None:
    """ "… in grey, size 42, in the cart" (sold out), then "Dann halt in Schwarz": the black
    pair in 42 goes in the cart; the size asked holds for the colour said after it."""
    items, index = demo_catalogue
    gone, other = _sold_out_in_one_colour(items)
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index))

    def say(thread: str, text: str) -> dict:
        config = {"configurable": {"thread_id": thread}}
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)

    ask = f"add the {gone['title']} in {gone['color'].lower()}, size {gone['size']}, to my cart"
    assert not say("retry", ask).get("cart")
    state = say("retry", f"ok then in {other['color'].lower()}")
    assert state["intent"] == "purchase"
    assert [line["id"] for line in state["cart"]] == [other["id"]], state["messages"][-1].content
    # another need after it is no addition
    assert not say("other", ask).get("cart")
    state = say("other", f"do you have socks in {other['color'].lower()}?")
    assert state["intent"] != "purchase" and not state.get("cart")
