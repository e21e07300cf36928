"""A constraint the catalogue cannot express filters nothing (issue 11; class: a gender
asked in a shop whose feed records none: "sauna kilt for men" found nothing)."""

from __future__ import annotations

from graph.resources import CatalogueView


def _view(*genders: str) -> CatalogueView:
    filters = {f"p{i}": {"gender": g} if g else {} for i, g in enumerate(genders)}
    return CatalogueView(version=(), facets={}, filters=filters)


def test_a_gender_no_product_records_is_no_filter() -> None:
    prefs = {"query": "sauna kilt", "gender": "men", "colors": ["grey"]}
    assert _view("", "", "").filterable(prefs) == {"query": "sauna kilt", "colors": ["grey"]}
    gift = {"query": "towel", "exclude_genders": ["women"]}
    assert _view("", "").filterable(gift) == {"query": "towel"}


def test_a_catalogue_that_records_genders_keeps_the_filter() -> None:
    prefs = {"query": "jacket", "gender": "men"}
    assert _view("men", "", "women").filterable(prefs) == prefs
    # before the filter table is loaded nothing is known: everything is kept
    assert CatalogueView(version=(), facets={}).filterable(prefs) == prefs


def test_one_gender_on_every_product_is_no_filter() -> None:
    """A feed that says "female" of every product, wallets and belts too: "portfel dla
    męża" (a gift for a husband) must not filter the whole shop out."""
    gift = {"query": "portfel", "exclude_genders": ["women", "kids"], "colors": ["black"]}
    assert _view("women", "women", "women").filterable(gift) == {
        "query": "portfel",
        "colors": ["black"],
    }


def test_a_gender_few_products_record_is_no_filter() -> None:
    """A jewellery shop whose titles say "femme" of one product in thirty: "a ladies watch"
    kept the few that say a gender and dropped every necklace that says none."""
    prefs = {"query": "necklace", "gender": "women"}
    few = _view("women", "men", "kids", *([""] * 7))
    assert few.filterable(prefs) == {"query": "necklace"}
    # what it says is for children it still says: those few are the ones asked
    kids = {"query": "headband", "gender": "kids"}
    assert few.filterable(kids) == kids
    # half of them record one: the filter holds
    assert _view("women", "men", "", "").filterable(prefs) == prefs
