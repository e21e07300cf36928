"""The same product in another colour, listed as a product of its own (graph/siblings.py).

"ajoutez-la au panier, et la blanche aussi" with "Bague ailée noire" on screen adds the
"Bague ailée blanche" too: feeds without variant groups name the colour in the title.
"""

from __future__ import annotations

import pytest

from graph.lexical import LexicalIndex
from graph.siblings import sibling_in_colour

SHOP = {
    "579": ("Bague ailée noire", ["black"]),
    "576": ("Bague ailée blanche", ["white"]),
    "577": ("Bague ailée rouge", ["red"]),
    "580": ("Bague ailée noire et or", ["black", "gold"]),
    "610": ("Collier ailé blanc", ["white"]),
    "k1": ("Termo puodelis MODERN TREE 330ml juodas", ["black"]),
    "k2": ("Termo puodelis MODERN TREE 330ml baltas", ["white"]),
    "k3": ("Tiesus termo puodelis MODERN TREE 600ml baltas", ["white"]),
    # a shop's own colour name ("karmel") is no colour word any table knows
    "379": ("Zamszowe baleriny Lancioni — brązowe", ["brown"]),
    "378": ("Zamszowe baleriny Lancioni — karmel", ["karmel", "brown"]),
    "390": ("Zamszowe sneakersy Lancioni Lea — karmel", ["karmel", "brown"]),
}
TABLE = {
    k: {"title": t, "colors": c, "group_id": k, "in_stock": True} for k, (t, c) in SHOP.items()
}


def _index(keys, language):
    return LexicalIndex.build([(k, SHOP[k][0], "") for k in keys], language, detect=False)


def _focus(pid):
    return {"id": pid, "group_id": pid, "title": SHOP[pid][0]}


@pytest.mark.parametrize(
    ("focus", "colours", "keys", "language", "expected"),
    [
        ("579", ["white"], ["579", "576", "577", "580", "610"], "fr", "576"),
        ("579", ["red"], ["579", "576", "577", "580", "610"], "fr", "577"),
        # "noire et or" is the same ring in a two-colour way; a necklace is no ring
        ("576", ["gold"], ["579", "576", "577", "580", "610"], "fr", "580"),
        ("k1", ["white"], ["k1", "k2", "k3"], "lt", "k2"),
        # no product of that name in that colour; a longer name is another product
        ("579", ["green"], ["579", "576", "577", "580", "610"], "fr", None),
        ("k3", ["black"], ["k1", "k2", "k3"], "lt", None),
        # the sibling's title ends in the shop's own name for its colour
        ("379", ["karmel"], ["379", "378", "390"], "pl", "378"),
    ],
)
def test_the_sibling_is_the_same_name_in_the_colour_asked(focus, colours, keys, language, expected):
    lexical = _index(keys, language)
    assert sibling_in_colour(_focus(focus), colours, lexical, TABLE) == expected


def test_a_sold_out_sibling_is_not_added():
    table = {**TABLE, "576": {**TABLE["576"], "in_stock": False}}
    lexical = _index(["579", "576", "577"], "fr")
    assert sibling_in_colour(_focus("579"), ["white"], lexical, table) is None


def test_the_rules_read_the_colour_then_the_sibling_takes_it():
    from graph.rules import understand

    shown = [{"id": "579", "group_id": "579", "title": "Bague ailée noire"}]
    for text, language in [
        ("ajoutez-la au panier, et la blanche aussi", "fr"),
        ("add it, and the white one too", "en"),
        ("dodaj ją, i białą też", "pl"),
    ]:
        got = understand(text, shown=shown, language=language)
        assert (got.intent, got.reference, got.updates.get("colors")) == (
            "purchase",
            0,
            ["white"],
        ), text


def test_the_graph_adds_the_sibling_in_one_message_or_right_after_an_add(tmp_path):
    """ "add it, and the white one too", and "and the white one too" after an add: the
    white ring, listed as a product of its own, joins the black one in the cart."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from sync.demo_feed import generate_items
    from tests.conftest import synced_with_the_real_model

    base = next(iter(generate_items(1)))
    # white things of other kinds: "white" alone is no search for the ring
    titles = {
        "r1": ("Aurelia Winged Ring Black", "Black"),
        "r2": ("Aurelia Winged Ring White", "White"),
        "r3": ("Aurelia Winged Ring Red", "Red"),
        "n1": ("Aurelia Pearl Necklace White", "White"),
        "e1": ("Aurelia Hoop Earrings White", "White"),
        "b1": ("Aurelia Bangle White", "White"),
    }
    items = [
        {**base, "id": pid, "title": title, "item_group_id": "",
         "link": f"https://shop.example/{pid}", "product_type": "Jewellery",
         "brand": "Aurelia", "color": colour, "size": "", "availability": "in stock"}
        for pid, (title, colour) in titles.items()
    ]  # fmt: skip
    index = synced_with_the_real_model(items, tmp_path)
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    for n, (turns, cart) in enumerate(
        [
            (["the Aurelia winged ring in black", "add it, and the white one too"], ["r1", "r2"]),
            (
                ["the Aurelia winged ring in black", "add it to my cart", "and the white one too"],
                ["r1", "r2"],
            ),
            # the colour before the addition is the addition's own: the white ring alone
            (
                ["the Aurelia winged ring in black", "no, actually the white one, into my cart"],
                ["r2"],
            ),
        ]
    ):
        thread = {"configurable": {"thread_id": f"sibling-{n}"}}
        for text in turns:
            out = app.invoke({"messages": [("user", text)]}, thread, context=ctx)
        assert [line["id"] for line in out["cart"]] == cart, out["messages"][-1].content
    # a question of the ring in view in a colour it does not come in: the sibling's
    for n, question in enumerate(
        ["and the red one, is it more expensive?", "et la rouge, elle coûte combien ?"]
    ):
        thread = {"configurable": {"thread_id": f"asked-sibling-{n}"}}
        app.invoke(
            {"messages": [("user", "the Aurelia winged ring in black")]}, thread, context=ctx
        )
        out = app.invoke({"messages": [("user", question)]}, thread, context=ctx)
        assert out["intent"] == "product_question"
        assert "Red" in out["messages"][-1].content.splitlines()[0], out["messages"][-1].content
