"""A category the need's place or purpose words chose is dropped when the kind it names is
sold elsewhere (graph/category_fit.py, issue 11: "a kind word counted for its department").

"open-ear headphones so I can hear the traffic on my bike" matched "Sport > Cycling" by
"bike"; "trail sandals for a hiking trip" matched "Shoes > Trail": the headphones and sandals
the shop files elsewhere were never searched.
"""

from __future__ import annotations

import pytest

from graph.category_fit import drop_unfit_category
from graph.lexical import LexicalIndex
from graph.understanding import Understanding

SHOP = {
    "h1": ("Arcwave Open-Ear Sport Headphones", ["Electronics", "Electronics > Audio"]),
    "h2": ("Lumora Noise Cancelling Headphones", ["Electronics", "Electronics > Audio"]),
    "m1": ("IronLoop Trail MTB Helmet", ["Sport", "Sport > Cycling"]),
    "s1": ("Altura Strappy Trail Sandals", ["Shoes", "Shoes > Sandals"]),
    "t1": ("Pacefield Trail Running Shoes", ["Shoes", "Shoes > Trail"]),
    "j1": ("Fernhill Waterproof Running Jacket", ["Apparel", "Apparel > Jackets"]),
    "j2": ("Nordlys Quilted Bomber Jacket", ["Apparel", "Apparel > Jackets"]),
    "l1": ("Marlowe & Finch High-Rise Yoga Leggings", ["Apparel", "Apparel > Leggings"]),
}
LEXICAL = LexicalIndex.build([(k, t, "") for k, (t, _) in SHOP.items()], "en", detect=False)
TABLE = {k: {"title": t, "categories": c} for k, (t, c) in SHOP.items()}


def _reading(text: str, category: str, category_any: list[str] | None = None) -> Understanding:
    updates = {"query": text, "category": category, "category_any": category_any}
    return Understanding(intent="recommend", language="en", updates=updates)


@pytest.mark.parametrize(
    ("text", "category", "category_any"),
    [
        ("open-ear headphones so i can hear the traffic on my bike", "Sport > Cycling", None),
        ("trail sandals for a summer hiking trip", "Shoes", ["Shoes > Trail"]),
    ],
)
def test_a_category_holding_none_of_the_kind_named_goes(text, category, category_any):
    understood = _reading(text, category, category_any)
    drop_unfit_category(text, understood, LEXICAL, TABLE)
    assert "category" not in understood.updates and "category_any" not in understood.updates


@pytest.mark.parametrize(
    ("text", "category", "category_any"),
    [
        ("jackets", "Apparel", ["Apparel > Jackets"]),  # the kind is filed there
        ("a helmet for my bike", "Sport > Cycling", None),
        ("something for cycling", "Sport > Cycling", None),  # no kind named: the place is all
        ("sofas for the living room", "Shoes", None),  # a kind the shop titles nowhere
        # "legs" meets "leggings" only through a stemmer: no kind surely named
        ("my legs are sore after long runs, anything for recovery?", "Sport > Recovery", None),
    ],
)
def test_a_category_the_kind_is_filed_under_or_no_kind_stays(text, category, category_any):
    understood = _reading(text, category, category_any)
    drop_unfit_category(text, understood, LEXICAL, TABLE)
    assert understood.updates["category"] == category


def test_the_demo_shows_the_headphones_asked_for_a_bike_ride(demo_catalogue):
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from graph.resources import get_view

    _, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    text = "open-ear headphones so i can still hear the traffic on my bike"
    state = app.invoke(
        {"messages": [("user", text)]}, {"configurable": {"thread_id": "bike"}}, context=ctx
    )
    titles = [card["title"] for card in state["recommendations"]]
    assert titles and all("Headphones" in t for t in titles), titles
