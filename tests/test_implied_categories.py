"""A product the shop filed one level too high is in the subcategory its title names
(graph/implied_categories.py, issue 11: catalogue-driven understanding).

The Polish shoe shop files "Skórzane czółenka" under "Obuwie > Czółenka" and "Lakierowane
czółenka" under "Obuwie" alone (its Google category then becomes the browse path): "escarpins
vernis" chose "Obuwie > Czółenka" and the filter hid the patent pumps asked for.
"""

from __future__ import annotations

from graph.implied_categories import implied_categories
from tests.conftest import demo_items

SHOES = "Apparel & Accessories > Shoes"
ROWS = {
    # filed by the shop in its subcategory
    "381": {
        "categories": ["Obuwie", "Obuwie > Czółenka", SHOES],
        "product_type": "Obuwie > Czółenka",
    },
    "350": {"categories": ["Obuwie", "Obuwie > Botki", SHOES], "product_type": "Obuwie > Botki"},
    # a path of one step: the sync filed it under Google's, keeping the shop's as product_type
    "392": {"categories": ["Apparel & Accessories", SHOES], "product_type": "Obuwie"},
    # filed under the parent itself, the title naming an inflected subcategory
    "400": {"categories": ["Obuwie"], "product_type": "Obuwie"},
    # filed under the parent, the title naming no subcategory
    "410": {"categories": ["Obuwie"], "product_type": "Obuwie"},
    # filed in another subcategory already: the shop chose, its title notwithstanding
    "420": {"categories": ["Obuwie", "Obuwie > Botki"], "product_type": "Obuwie > Botki"},
    # a leaf of two names ("Torby & Plecaki")
    "500": {"categories": ["Akcesoria", "Akcesoria > Torby & Plecaki"]},
    "501": {"categories": ["Akcesoria"]},
}
TITLES = {
    "381": "Skórzane czółenka Lancioni — czarne",
    "350": "Zamszowe botki Lancioni — taupe",
    "392": "Lakierowane czółenka Spaziomoda — bordowe",
    "400": "Para czółenek na obcasie",
    "410": "Klapki Lancioni — białe",
    "420": "Botki jak czółenka — czarne",
    "500": "Torba skórzana",
    "501": "Skórzany plecak Boho",
}


def test_a_title_naming_a_subcategory_of_the_path_the_product_stops_at_adds_it() -> None:
    implied = implied_categories(ROWS, TITLES)
    assert implied["392"] == ["Obuwie > Czółenka"]
    assert implied["400"] == ["Obuwie > Czółenka"]  # "czółenek": the same word, inflected
    assert implied["501"] == ["Akcesoria > Torby & Plecaki"]  # either name of the leaf


def test_nothing_is_added_where_the_shop_chose_a_subcategory_or_the_title_names_none() -> None:
    implied = implied_categories(ROWS, TITLES)
    assert "381" not in implied and "350" not in implied and "500" not in implied
    assert "410" not in implied  # "Klapki": no subcategory of this shop
    assert "420" not in implied  # in "Botki" already, though its title says "czółenka"


def test_short_words_and_numbers_match_only_whole() -> None:
    rows = {
        "a": {"categories": ["Home", "Home > Bed"]},
        "b": {"categories": ["Home"]},
        "c": {"categories": ["Home", "Home > 2024"]},
        "d": {"categories": ["Home"]},
    }
    titles = {"a": "Oak bed", "b": "Bedside lamp", "c": "Calendar", "d": "Calendar 2025"}
    assert implied_categories(rows, titles) == {}


def test_the_graph_filters_a_synced_shop_by_the_implied_category(
    settings, embedder, write_items
) -> None:
    """Through a real sync and the graph's own load: the pumps filed under "Obuwie" alone
    pass the filter "Obuwie > Czółenka"; the sandals filed there do not."""
    from graph.resources import CatalogueView
    from graph.retrieval import retrieve
    from sync.pipeline import run_sync
    from sync.store import CatalogueStore

    base = dict(demo_items(1)[0], google_product_category="187", sale_price=None)
    items = [
        dict(
            base,
            id="381",
            item_group_id="381",
            title=TITLES["381"],
            product_type="Obuwie > Czółenka",
        ),
        dict(base, id="392", item_group_id="392", title=TITLES["392"], product_type="Obuwie"),
        dict(base, id="410", item_group_id="410", title=TITLES["410"], product_type="Obuwie"),
    ]
    report = run_sync(write_items(items), settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    view = CatalogueView(version=("test",), facets={})
    view.load_filters(store)
    view.wait_loaded()
    assert view.filters is not None
    prefs = {"category": "Obuwie > Czółenka", "in_stock_only": False}
    found = retrieve(store, embedder.embed_query("czółenka"), prefs, k=5, filters=view.filters)
    assert {c.id for c in found} == {"381", "392"}
