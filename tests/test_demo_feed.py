"""Tests for the deterministic demo feed generator (``sync.demo_feed``)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from sync.demo_feed import (
    DEFAULT_SIZE,
    FIELDS,
    SCENARIOS,
    apply_scenario,
    build_demo_feed,
    generate_items,
    main,
    write_feed,
)

G = "{http://base.google.com/ns/1.0}"


def _parse(path: Path) -> list[dict[str, str]]:
    """Parse a feed strictly and return each item as local name -> text."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=False, huge_tree=True)
    root = etree.parse(str(path), parser).getroot()
    assert root.tag == "rss" and root.get("version") == "2.0"
    items = []
    for item in root.iterfind("channel/item"):
        items.append({child.tag.removeprefix(G): child.text or "" for child in item})
    return items


def _diff(
    before: list[dict[str, Any]], after: list[dict[str, Any]]
) -> tuple[set[str], set[str], dict[str, set[str]]]:
    """Added ids, deleted ids and, per modified id, the keys that changed."""
    old = {it["id"]: it for it in before}
    new = {it["id"]: it for it in after}
    added = set(new) - set(old)
    deleted = set(old) - set(new)
    modified = {}
    for item_id in set(old) & set(new):
        keys = {k for k in FIELDS if old[item_id].get(k) != new[item_id].get(k)}
        if keys:
            modified[item_id] = keys
    return added, deleted, modified


def _money(text: str) -> float:
    amount, currency = text.split()
    assert currency == "USD"
    return float(amount)


@pytest.fixture(scope="module")
def catalogue() -> list[dict[str, Any]]:
    return list(generate_items())


def test_default_size_and_unique_ids(catalogue: list[dict[str, Any]]) -> None:
    assert len(catalogue) == DEFAULT_SIZE
    ids = [it["id"] for it in catalogue]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 10 and i.startswith("AIS-") and i[4:].isdigit() for i in ids)
    assert all(set(it) == set(FIELDS) for it in catalogue)


@pytest.mark.parametrize("size", [0, 1, 37])
def test_size_n_gives_n_items(size: int) -> None:
    items = list(generate_items(size))
    assert len(items) == size
    assert len({it["id"] for it in items}) == size


def test_several_hundred_products(catalogue: list[dict[str, Any]]) -> None:
    products = {it["item_group_id"] or it["id"] for it in catalogue}
    assert 150 <= len(products) <= 400


def test_prefix_stable() -> None:
    small = list(generate_items(300))
    large = list(generate_items(350))
    assert [it["id"] for it in large[:300]] == [it["id"] for it in small]
    assert large[:300] == small


def test_seed_changes_catalogue() -> None:
    assert list(generate_items(50, seed=1)) != list(generate_items(50, seed=2))


def test_write_is_deterministic_and_parses(tmp_path: Path) -> None:
    a, b = tmp_path / "a.xml", tmp_path / "b.xml"
    assert build_demo_feed(a) == DEFAULT_SIZE
    assert build_demo_feed(b) == DEFAULT_SIZE
    assert a.read_bytes() == b.read_bytes()
    parsed = _parse(a)
    assert len(parsed) == DEFAULT_SIZE
    assert len({it["id"] for it in parsed}) == DEFAULT_SIZE
    assert not list(tmp_path.glob(".*tmp"))  # no temp file left behind


def test_written_text_round_trips(tmp_path: Path, catalogue: list[dict[str, Any]]) -> None:
    path = tmp_path / "feed.xml"
    write_feed(path, catalogue)
    parsed = _parse(path)
    for original, read in zip(catalogue, parsed, strict=True):
        assert read == {k: v for k, v in original.items() if v}
    # HTML and entities survive as feed text (CDATA) and brands with "&" are escaped.
    assert any("&amp;" in it["description"] for it in parsed)
    assert any("<ul><li>" in it["description"] for it in parsed)
    assert any("<b>" in it["description"] for it in parsed)
    text = path.read_text(encoding="utf-8")
    assert (
        "<g:brand>Marlowe &amp; Finch</g:brand>" in text
        or "<g:brand>Hearth &amp; Hollow</g:brand>" in text
    )


def test_fields_look_like_merchant_center(catalogue: list[dict[str, Any]]) -> None:
    for it in catalogue:
        assert re.fullmatch(
            rf"https://demo\.aisle\.shop/products/[a-z0-9-]+\?variant={it['id']}", it["link"]
        )
        assert it["image_link"] == f"https://demo.aisle.shop/img/{it['id']}.jpg"
        assert it["price"].endswith(" USD")
        assert it["availability"] in {"in stock", "out of stock", "preorder"}
        assert it["condition"] == "new"
        assert it["title"] and it["brand"] and it["description"] and it["product_type"]
        dept = it["product_type"].split(" > ")[0]
        assert dept in {"Apparel", "Shoes", "Electronics", "Home", "Sport"}
        if dept in {"Apparel", "Shoes"}:
            assert it["gender"] in {"male", "female", "unisex"}
            assert it["age_group"] == "adult"
        if it["gtin"]:
            assert len(it["gtin"]) == 13 and it["gtin"].isdigit()
    gpcs = [it["google_product_category"] for it in catalogue]
    assert any(g.isdigit() for g in gpcs)
    assert any(" > " in g for g in gpcs)
    assert any(it["gtin"] for it in catalogue) and any(not it["gtin"] for it in catalogue)
    assert any(it["availability"] == "preorder" for it in catalogue)


def test_variant_groups(catalogue: list[dict[str, Any]]) -> None:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for it in catalogue:
        if it["item_group_id"]:
            groups[it["item_group_id"]].append(it)
    multi = {g: v for g, v in groups.items() if len(v) > 1}
    assert len(multi) >= 30
    for variants in multi.values():
        assert len({v["title"] for v in variants}) == 1
        assert len({v["description"] for v in variants}) == 1
        assert len({(v["color"], v["size"]) for v in variants}) == len(variants)
    apparel = [v for vs in multi.values() for v in vs if v["product_type"].startswith("Apparel")]
    shoes = [v for vs in multi.values() for v in vs if v["product_type"].startswith("Shoes")]
    assert apparel and {v["size"] for v in apparel} <= {"XS", "S", "M", "L", "XL", "XXL"}
    assert shoes and all(38 <= int(v["size"]) <= 46 for v in shoes)
    # Other departments are mostly single items, with some colour groups.
    others = [
        it
        for it in catalogue
        if it["product_type"].split(" > ")[0] in {"Electronics", "Home", "Sport"}
    ]
    assert sum(1 for it in others if not it["item_group_id"]) > len(others) / 2
    assert any(it["item_group_id"] for it in others)


def test_brand_diversity(catalogue: list[dict[str, Any]]) -> None:
    brands: dict[str, set[str]] = defaultdict(set)
    for it in catalogue:
        brands[it["product_type"].split(" > ")[0]].add(it["brand"])
    assert set(brands) == {"Apparel", "Shoes", "Electronics", "Home", "Sport"}
    for dept, names in brands.items():
        assert len(names) >= 4, dept
    assert 20 <= len(set().union(*brands.values())) <= 30


def test_stock_sales_and_labels(catalogue: list[dict[str, Any]]) -> None:
    n = len(catalogue)
    out = sum(1 for it in catalogue if it["availability"] == "out of stock")
    assert 0.05 * n <= out <= 0.20 * n
    on_sale = [it for it in catalogue if it["sale_price"]]
    assert 0.05 * n <= len(on_sale) <= 0.30 * n
    assert all(_money(it["sale_price"]) < _money(it["price"]) for it in on_sale)
    assert all("/" in it["sale_price_effective_date"] for it in on_sale)
    best = [it for it in catalogue if it["custom_label_0"] == "Best Sellers"]
    assert best
    # Best Sellers label whole groups.
    for group in {it["item_group_id"] for it in best if it["item_group_id"]}:
        assert all(
            it["custom_label_0"] == "Best Sellers"
            for it in catalogue
            if it["item_group_id"] == group
        )


@pytest.mark.parametrize(
    ("scenario", "keys"),
    [
        ("price", {"price"}),
        ("stock", {"availability"}),
        ("price_stock", {"price", "availability"}),
        ("description", {"description"}),
        ("category", {"product_type"}),
    ],
)
def test_modifying_scenarios(
    catalogue: list[dict[str, Any]], scenario: str, keys: set[str]
) -> None:
    after = list(apply_scenario(catalogue, scenario, count=1))
    added, deleted, modified = _diff(catalogue, after)
    assert not added and not deleted
    assert len(modified) == 1
    assert next(iter(modified.values())) == keys
    assert [it["id"] for it in after] == [it["id"] for it in catalogue]
    changed = after[[it["id"] for it in after].index(next(iter(modified)))]
    if "price" in keys and changed["sale_price"]:
        assert _money(changed["sale_price"]) < _money(changed["price"])
    if scenario == "category":
        assert (
            changed["product_type"].split(" > ")[0]
            == next(it for it in catalogue if it["id"] == changed["id"])["product_type"].split(
                " > "
            )[0]
        )


def test_scenarios_do_not_mutate_input(catalogue: list[dict[str, Any]]) -> None:
    snapshot = [dict(it) for it in catalogue]
    for scenario in SCENARIOS:
        list(apply_scenario(catalogue, scenario, count=7))
    assert catalogue == snapshot


def test_delete_scenario(catalogue: list[dict[str, Any]]) -> None:
    after = list(apply_scenario(catalogue, "delete", count=1))
    added, deleted, modified = _diff(catalogue, after)
    assert len(deleted) == 1 and not added and not modified
    assert len(after) == len(catalogue) - 1


def test_add_scenario(catalogue: list[dict[str, Any]]) -> None:
    after = list(apply_scenario(catalogue, "add", count=1))
    added, deleted, modified = _diff(catalogue, after)
    assert len(added) == 1 and not deleted and not modified
    new = after[-1]
    assert new["id"] == f"AIS-{DEFAULT_SIZE + 1:06d}"
    assert new["item_group_id"] not in {
        it["item_group_id"] for it in catalogue if it["item_group_id"]
    }

    many = list(apply_scenario(catalogue, "add", count=12))
    assert len(many) == len(catalogue) + 12
    assert len({it["id"] for it in many}) == len(many)


def test_mixed_scenario(catalogue: list[dict[str, Any]]) -> None:
    after = list(apply_scenario(catalogue, "mixed", count=20))
    added, deleted, modified = _diff(catalogue, after)
    assert len(added) + len(deleted) + len(modified) == 20
    assert added and deleted
    kinds = {frozenset(keys) for keys in modified.values()}
    assert kinds == {
        frozenset({"price"}),
        frozenset({"availability"}),
        frozenset({"price", "availability"}),
        frozenset({"description"}),
        frozenset({"product_type"}),
    }


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenarios_are_deterministic(catalogue: list[dict[str, Any]], scenario: str) -> None:
    first = list(apply_scenario(catalogue, scenario, count=5))
    second = list(apply_scenario(catalogue, scenario, count=5))
    assert first == second
    if scenario not in {"none", "add"}:
        assert list(apply_scenario(catalogue, scenario, count=5, seed=99)) != first


def test_none_scenario_is_identity(catalogue: list[dict[str, Any]]) -> None:
    assert list(apply_scenario(catalogue, "none")) == catalogue


def test_scenario_errors(catalogue: list[dict[str, Any]]) -> None:
    with pytest.raises(ValueError):
        apply_scenario(catalogue, "explode")
    with pytest.raises(ValueError):
        apply_scenario(catalogue, "price", count=-1)
    with pytest.raises(ValueError):
        list(apply_scenario(catalogue[:3], "delete", count=4))


def test_write_failure_keeps_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "feed.xml"
    path.write_text("old", encoding="utf-8")

    def broken() -> Iterator[dict[str, Any]]:
        yield from generate_items(3)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_feed(path, broken())
    assert path.read_text(encoding="utf-8") == "old"
    assert list(tmp_path.iterdir()) == [path]


def test_ten_thousand_items(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    assert build_demo_feed(path, size=10_000) == 10_000
    parsed = _parse(path)
    assert len(parsed) == 10_000
    assert len({it["id"] for it in parsed}) == 10_000


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.xml"
    assert main([str(path), "--size", "40", "--scenario", "mixed", "--count", "7"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.splitlines() == [out]
    assert "40" in out and str(path) in out
    parsed = _parse(path)
    assert len(parsed) == 40  # mixed 7 = one of each kind: one add, one delete
