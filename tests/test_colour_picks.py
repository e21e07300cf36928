"""A cart addition names its product by the colour it asks (graph/colour_picks.py), and a
superlative of size names the product or the size (graph/measures.py).

"geltonus, 3XL, į krepšelį" right after a question about one tee adds that tee's yellow 3XL,
not the first card's; "prendo quelli color sabbia, XXL, nel carrello" over two pairs of
trousers takes the pair that comes in sand. "your biggest neck roll" leads with the largest
and "add it" adds it; "den größten" takes the largest size.
"""

from __future__ import annotations

import pytest

from graph.measures import by_measure

#: Two tees (variant groups), a colour and a size a variant; two trousers; neck rolls.
_VARIANTS = [
    # (id, group, title, colour, size, product type)
    ("cat-beige-l", "cat", "Cat Lovers Tee", "Beige", "L", "Tees"),
    ("cat-beige-xl", "cat", "Cat Lovers Tee", "Beige", "XL", "Tees"),
    ("cat-yellow-l", "cat", "Cat Lovers Tee", "Yellow", "L", "Tees"),
    ("cat-yellow-xl", "cat", "Cat Lovers Tee", "Yellow", "XL", "Tees"),
    ("cat-lgrey-xl", "cat", "Cat Lovers Tee", "Light Grey", "XL", "Tees"),
    ("cat-ggrey-xl", "cat", "Cat Lovers Tee", "Graphite Grey", "XL", "Tees"),
    ("amz-blue-xl", "amz", "You Are Amazing Tee", "Blue", "XL", "Tees"),
    ("amz-yellow-xl", "amz", "You Are Amazing Tee", "Yellow", "XL", "Tees"),
    ("dog-black-xl", "dog", "Dog Days Tee", "Black", "XL", "Tees"),
    ("tr-olive-xl", "tr", "Wide Leg Linen Trousers", "Olive", "XL", "Trousers"),
    ("tr-sand-xl", "tr", "Wide Leg Linen Trousers", "Sand", "XL", "Trousers"),
    ("ch-olive-xl", "ch", "Relaxed Chino Trousers", "Olive", "XL", "Trousers"),
    ("roll-23", "", "Neck Roll 23x60 cm", "Brown", "", "Neck Rolls"),
    ("roll-16", "", "Neck Roll 16x60 cm", "Brown", "", "Neck Rolls"),
    ("roll-11", "", "Neck Roll 11x48 cm", "Brown", "", "Neck Rolls"),
    *[
        (f"tote-{c.lower()}", "tote", "Woven Tote Bag", c, "", "Bags")
        for c in ("Black", "Beige", "Brown", "Cappuccino", "Olive")
    ],
    *[
        (f"shopper-{c.lower()}", "shopper", "Leather Shopper Bag", c, "", "Bags")
        for c in ("Black", "Beige", "Sand", "Olive")
    ],
    ("ruched-black", "ruched", "Ruched Leather Bag", "Black", "", "Bags"),
    ("ruched-cappuccino", "ruched", "Ruched Leather Bag", "Cappuccino", "", "Bags"),
]


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """The catalogue above synced with the real model, and a graph over it."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from sync.demo_feed import generate_items
    from tests.conftest import synced_with_the_real_model

    base = next(iter(generate_items(1)))
    items = [
        {**base, "id": pid, "item_group_id": group, "title": title, "color": colour,
         "size": size, "product_type": kind, "brand": "Opal", "availability": "in stock",
         "link": f"https://shop.example/{pid}", "description": f"{title}, {colour}."}
        for pid, group, title, colour, size, kind in _VARIANTS
    ]  # fmt: skip
    index = synced_with_the_real_model(items, tmp_path_factory.mktemp("colour-picks"))
    return build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")


def _cart_after(shop, name: str, turns: list[str]) -> list[str]:
    app, ctx = shop
    thread = {"configurable": {"thread_id": name}}
    out: dict = {}
    for text in turns:
        out = app.invoke({"messages": [("user", text)]}, thread, context=ctx)
    return [line["id"] for line in out.get("cart") or []]


@pytest.mark.parametrize(
    "add",
    [
        "yellow, XL, into the cart",
        "dann in Gelb, XL, in den Warenkorb",
        "geltonus, XL, į krepšelį",
        "amarillo, talla XL, al carrito",
    ],
)
def test_the_product_just_asked_about_is_the_one_in_the_colour_asked(shop, add):
    """Both tees on screen come in yellow: the one just asked about is meant."""
    cart = _cart_after(shop, f"focus-{add}", ["tees in XL", "how much is the cat one?", add])
    assert cart == ["cat-yellow-xl"]


@pytest.mark.parametrize(
    "add",
    [
        "the sand ones in XL, in the basket",
        "prendo quelli color sabbia, XL, nel carrello",
    ],
)
def test_the_one_card_that_comes_in_the_colour_is_added(shop, add):
    cart = _cart_after(shop, f"shown-{add}", ["trousers in XL", add])
    assert cart == ["tr-sand-xl"]


def test_the_biggest_asked_leads_and_add_it_takes_it(shop):
    app, ctx = shop
    thread = {"configurable": {"thread_id": "biggest"}}
    out = app.invoke({"messages": [("user", "your biggest neck roll")]}, thread, context=ctx)
    assert out["recommendations"][0]["id"] == "roll-23"
    out = app.invoke({"messages": [("user", "add it")]}, thread, context=ctx)
    assert [line["id"] for line in out["cart"]] == ["roll-23"]


def test_a_second_measure_breaks_a_tie_of_the_first():
    rolls = [{"title": "Neck Roll 16x60 cm"}, {"title": "Neck Roll 23x60 cm"}]
    assert by_measure(rolls, largest=True) == 1
    assert by_measure(rolls, largest=False) == 0
    same = [{"title": "Roll 23x60 cm"}, {"title": "Roll 60x23 cm"}]
    assert by_measure(same) is None


def test_sizes_measured_name_the_largest_size():
    sizes = [{"title": '3" x 3"'}, {"title": '5.5" x 5.5"'}, {"title": '4" x 4"'}]
    assert by_measure(sizes, largest=True) == 1
    assert by_measure(sizes, largest=False) == 0


@pytest.mark.parametrize(
    ("add", "expected"),
    [
        ("the graphite grey one in XL, into the cart", "cat-ggrey-xl"),
        ("the light grey one in XL, into the cart", "cat-lgrey-xl"),
    ],
)
def test_the_shade_named_is_the_variant_added(shop, add, expected):
    """Two greys of one tee: the shopper's shade words ("graphite") name the variant whose
    own colour the feed spells so, not the first grey."""
    cart = _cart_after(shop, f"shade-{add}", ["tees in XL", "how much is the cat one?", add])
    assert cart == [expected]


@pytest.mark.parametrize(
    "add",
    [
        "olive, XL, into the cart",
        "w kolorze oliwkowym, XL, do koszyka",
        "oliv, XL, ab in den Warenkorb",
    ],
)
def test_several_cards_in_the_colour_the_first_is_meant(shop, add):
    """Both trousers come in olive: the list's best match (its first card) goes in, in
    olive; no new search for "olive" across the shop."""
    app, ctx = shop
    thread = {"configurable": {"thread_id": f"first-{add}"}}
    shown = app.invoke({"messages": [("user", "trousers in XL")]}, thread, context=ctx)
    first = shown["recommendations"][0]["group_id"]
    assert {c["group_id"] for c in shown["recommendations"]} == {"tr", "ch"}
    out = app.invoke({"messages": [("user", add)]}, thread, context=ctx)
    assert [line["id"] for line in out["cart"]] == [f"{first}-olive-xl"]


def test_a_superlative_with_the_colour_says_which_card(shop):
    """ "the smallest brown one": the measure picks among the cards, not the first."""
    cart = _cart_after(
        shop, "smallest-brown", ["neck rolls", "the smallest brown one, into the cart"]
    )
    assert cart == ["roll-11"]


def test_the_card_naming_the_colour_on_screen_is_meant(shop):
    """The first card, a leather shopper, does not come in cappuccino; the woven tote does
    (its line: "in 5 colours") and so does the ruched bag, whose line names its two ("Black,
    Cappuccino"): "that one in cappuccino" is the one the shopper read the colour on."""
    app, ctx = shop
    thread = {"configurable": {"thread_id": "listed-colour"}}
    shown = app.invoke({"messages": [("user", "show me bags")]}, thread, context=ctx)
    groups = [c["group_id"] for c in shown["recommendations"]]
    assert groups[0] == "shopper" and {"ruched", "tote"} <= set(groups), groups
    # the reading points at the ruched bag's card, no search needed
    from graph import rules
    from graph.colour_picks import pick_by_colour
    from graph.resources import get_facets

    cards = app.get_state(thread).values["shown"]
    text = "that one in cappuccino, into the cart"
    reading = rules.understand(text, facets=get_facets(ctx), shown=cards, language="en")
    assert reading.intent == "purchase" and reading.updates.get("colors") == ["cappuccino"]
    assert pick_by_colour(ctx, text, reading, cards, None) is None
    assert reading.reference == groups.index("ruched")
    out = app.invoke({"messages": [("user", text)]}, thread, context=ctx)
    assert [line["id"] for line in out["cart"]] == ["ruched-cappuccino"]
