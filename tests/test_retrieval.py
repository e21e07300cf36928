"""The Chroma filter and the Python check agree; collapse, diversify and rerank behave."""

from __future__ import annotations

import random

import pytest

from graph.constraints import FILTER_KEYS, admits, build_where, effective_price, violations
from graph.diversify import diversify
from graph.rerank import DeterministicReranker, tokens
from graph.retrieval import Candidate, nearest_groups, relax, retrieve, variant_options
from graph.tables import FilterColumns, FilterTable, VectorTable
from sync.document import SALE_ALWAYS_END, SALE_ALWAYS_START
from sync.sizes import tokens as size_tokens
from sync.store import CatalogueStore

NOW = 1_800_000_000
BRANDS = ["Nordlys", "Pacefield", "Arcwave", "Voltix"]
CATEGORIES = ["Apparel > Men > Jackets", "Apparel > Women > Dresses", "Shoes > Women > Running"]


def _record(rng: random.Random, n: int) -> dict:
    price = round(rng.uniform(5, 300), 2)
    sale = rng.random() < 0.3
    window = rng.choice([(NOW - 100, NOW + 100), (NOW + 100, NOW + 200), (NOW - 200, NOW - 100)])
    category = rng.choice(CATEGORIES)
    parts = category.split(" > ")
    return {
        "title": f"Product {n}",
        "price": price,
        "has_sale": sale,
        "sale_price": round(price * 0.7, 2) if sale else price,
        "sale_start": window[0] if sale else SALE_ALWAYS_START,
        "sale_end": window[1] if sale else SALE_ALWAYS_END,
        "in_stock": rng.random() < 0.8,
        "brand": (brand := rng.choice(BRANDS)),
        "brand_key": brand.casefold(),
        "category": category,
        "categories": [" > ".join(parts[: i + 1]) for i in range(len(parts))],
        "colors": rng.sample(["black", "blue", "red", "white"], rng.randint(1, 2)),
        "size": (size := rng.choice(["S", "M", "L", "42"])),
        "sizes": size_tokens(size),
        "gender": rng.choice(["men", "women", "unisex"]),
        "labels": ["Best Sellers"] if rng.random() < 0.2 else ["other"],
        "group_id": f"G{n // 3}",
    } | ({} if n % 7 else {"gender": None})  # some products have no gender (a mug)


@pytest.fixture(scope="module")
def random_index(tmp_path_factory):
    rng = random.Random(5)
    store = CatalogueStore.open(tmp_path_factory.mktemp("idx"))
    records = {f"P{n}": _record(rng, n) for n in range(300)}
    vectors = [[rng.random() for _ in range(8)] for _ in records]
    store.upsert(
        list(records), vectors, [m["title"] for m in records.values()], list(records.values())
    )
    return store, records


PREFS = [
    {},
    {"max_price": 50},
    {"min_price": 100},
    {"min_price": 40, "max_price": 120, "in_stock_only": False},
    {"category": "Apparel"},
    {"category": "Apparel > Women"},
    {"brands": ["nordlys", "Voltix"]},
    {"exclude_brands": ["Arcwave"]},
    {"colors": ["blue"]},
    {"colors": ["red", "white"], "size": "m"},
    {"gender": "men"},
    {"exclude_genders": ["women", "kids"]},  # a gift for "my husband": no gender stays
    {"exclude_genders": ["men"], "category": "Apparel"},
    {"gender": "women", "exclude_genders": ["women"]},  # a stated gender wins
    {"collection": "Best Sellers"},
    {"on_sale": True},
    {"on_sale": True, "max_price": 60, "category": "Shoes", "in_stock_only": False},
]


@pytest.mark.parametrize("prefs", PREFS)
def test_chroma_filter_equals_python_check(random_index, prefs):
    store, records = random_index
    where = build_where(prefs, NOW)
    got = set(store.get(where=where, include=[])["ids"]) if where else set(records)
    expected = {pid for pid, meta in records.items() if not violations(meta, prefs, NOW)}
    assert got == expected
    assert expected, "each case should match something, or it tests nothing"


def test_effective_price_uses_active_sale_only(random_index):
    _, records = random_index
    for meta in records.values():
        active = meta["has_sale"] and meta["sale_start"] <= NOW <= meta["sale_end"]
        assert effective_price(meta, NOW) == (meta["sale_price"] if active else meta["price"])


def test_retrieve_collapses_variants_and_respects_filters(random_index):
    store, records = random_index
    prefs = {"max_price": 150, "category": "Apparel"}
    found = retrieve(store, [0.5] * 8, prefs, k=20, now=NOW)
    assert found
    assert len({c.group_id for c in found}) == len(found)
    for cand in found:
        assert not violations(records[cand.id], prefs, NOW)
        for pid in cand.matching_ids:
            assert records[pid]["group_id"] == cand.group_id


def test_variant_options_list_in_stock_colours_and_sorted_sizes():
    metas = [
        {"in_stock": True, "color": "black", "size": "L"},
        {"in_stock": True, "color": "blue", "size": "S"},
        {"in_stock": False, "color": "red", "size": "XL"},
        {"in_stock": True, "color": "black", "size": "M"},
    ]
    assert variant_options(metas) == {"color": ["black", "blue"], "size": ["S", "M", "L"]}


def _cand(pid, score, brand, category="A"):
    return Candidate(
        pid, pid, score, {"brand": brand, "category": category, "title": pid}, "", score=score
    )


def test_diversify_spreads_brands_when_the_pool_allows():
    pool = [_cand(f"a{i}", 1.0 - i * 0.01, "A") for i in range(5)]
    pool += [_cand("b", 0.8, "B"), _cand("c", 0.75, "C"), _cand("d", 0.7, "D")]
    chosen = diversify(pool, 5, strength=0.3)
    assert len({c.meta["brand"] for c in chosen}) >= 3
    assert chosen[0].id == "a0"
    assert [c.id for c in diversify(pool, 5, strength=0.0)] == ["a0", "a1", "a2", "a3", "a4"]


def test_deterministic_reranker_rewards_lexical_match():
    a = Candidate("a", "a", 0.5, {"title": "Trail Running Shoes"}, "Trail Running Shoes")
    b = Candidate("b", "b", 0.52, {"title": "Leather Boots"}, "Leather Boots")
    ranked = DeterministicReranker().rerank("running shoes", [b, a], {})
    assert [c.id for c in ranked] == ["a", "b"]
    assert "matches" in ranked[0].reasons
    assert tokens("Running shoes for me") == {"run", "shoe"}  # stemmed like the lexical index


def test_a_match_is_claimed_only_when_the_title_names_what_was_asked():
    """A power bank whose description mentions laptops is no match for 'laptop'."""
    bank = Candidate(
        "p", "p", 0.5, {"title": "Power Bank"}, "Power Bank\nCharges your laptop twice."
    )
    ranked = DeterministicReranker().rerank("laptop", [bank], {})
    assert "matches" not in ranked[0].reasons


def test_profile_boosts_favourite_brands_and_categories():
    a = Candidate(
        "a", "a", 0.5, {"title": "Mat", "brand": "Zenfold", "categories": ["Sport"]}, "Mat"
    )
    b = Candidate("b", "b", 0.5, {"title": "Mat", "brand": "Other", "categories": ["Home"]}, "Mat")
    ranked = DeterministicReranker().rerank("mat", [b, a], {}, {"brands": ["Zenfold"]})
    assert [c.id for c in ranked] == ["a", "b"] and "favourite_brand" in ranked[0].reasons
    ranked = DeterministicReranker().rerank("mat", [b, a], {}, {"categories": ["Home"]})
    assert [c.id for c in ranked] == ["b", "a"] and "favourite_category" in ranked[0].reasons


def test_selective_filters_fall_back_to_the_filtered_query(random_index):
    store, records = random_index
    prefs = {"brands": ["Voltix"], "colors": ["red"], "size": "M", "in_stock_only": False}
    expected_groups = {m["group_id"] for m in records.values() if not violations(m, prefs, NOW)}
    assert 0 < len(expected_groups) < 10
    # asking for more groups than exist: the unfiltered pass (200 of 300) cannot fill k, so the
    # filtered query runs, and it must find every matching group however far away
    found = retrieve(store, [0.5] * 8, prefs, k=len(expected_groups) + 1, now=NOW)
    assert {c.group_id for c in found} == expected_groups
    assert all(c.document for c in found)  # documents are read for the kept candidates


def test_variant_options_are_cached_per_group(random_index):
    store, _ = random_index
    cache: dict = {}
    first = retrieve(store, [0.5] * 8, {}, k=10, now=NOW, options_cache=cache)
    assert cache and all(c.options == cache.get(c.group_id, {}) for c in first)
    cache[first[0].group_id] = {"color": ["sentinel"]}
    again = retrieve(store, [0.5] * 8, {}, k=10, now=NOW, options_cache=cache)
    assert again[0].options == {"color": ["sentinel"]}  # served from the cache, not re-read


def test_the_filter_table_path_matches_the_chroma_path(random_index):
    store, records = random_index
    table = {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in records.items()}
    for prefs in PREFS:
        via_table = retrieve(store, [0.5] * 8, prefs, k=5, now=NOW, filters=table, enough=5)
        via_chroma = retrieve(store, [0.5] * 8, prefs, k=5, now=NOW)
        assert [c.group_id for c in via_table] == [c.group_id for c in via_chroma], prefs
        assert all(c.document for c in via_table)


def test_a_table_that_saw_every_product_never_asks_chroma_again(random_index, monkeypatch):
    """300 products, all among the nearest ids: a selective filter that leaves fewer groups
    than wanted has its answer from the table; Chroma's filtered query (the slow part of a
    turn on a small shop) would find nothing more."""
    store, records = random_index
    table = {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in records.items()}
    prefs = {"brands": ["Voltix"], "colors": ["red"], "size": "M", "in_stock_only": False}
    expected = {m["group_id"] for m in records.values() if not violations(m, prefs, NOW)}
    asked: list[dict] = []
    query = store.query
    monkeypatch.setattr(store, "query", lambda *a, **kw: asked.append(kw) or query(*a, **kw))
    found = retrieve(store, [0.5] * 8, prefs, k=len(expected) + 5, now=NOW, filters=table)
    assert {c.group_id for c in found} == expected and not asked
    stale = {**table}
    stale.pop(next(iter(records)))  # a product newer than the table: Chroma must judge it
    retrieve(store, [0.5] * 8, prefs, k=len(expected) + 5, now=NOW, filters=stale)
    assert asked


def test_the_vectors_in_memory_rank_as_chroma_does(random_index):
    store, records = random_index
    vectors = VectorTable.read(store)
    assert sorted(vectors.ids) == sorted(records)
    query = [0.9, 0.1, 0.4, 0.3, 0.8, 0.2, 0.5, 0.7]
    exact = list(vectors.nearest(query))
    chroma = dict(store.nearest_ids(query, len(records)))
    assert [pid for pid, _ in exact[:20]] == sorted(chroma, key=lambda p: -chroma[p])[:20]
    assert all(abs(sim - chroma[pid]) < 1e-4 for pid, sim in exact)


def test_a_selective_filter_on_a_big_catalogue_is_an_exact_scan_in_memory(
    random_index, monkeypatch, chroma_reads
):
    """More products than the nearest ids cover (here: 300 > 40): without the vectors a
    filter few of them pass goes to Chroma's filtered query; with them, never."""
    import graph.retrieval as retrieval_module

    monkeypatch.setattr(retrieval_module, "WIDE_IDS", 40)
    store, records = random_index
    prefs = {"brands": ["Voltix"], "colors": ["red"], "size": "M", "in_stock_only": False}
    expected = {m["group_id"] for m in records.values() if not violations(m, prefs, NOW)}
    table = FilterTable(
        {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in records.items()}
    )
    asked = chroma_reads(store, ("query", "nearest_ids"))
    retrieve(store, [0.5] * 8, prefs, k=len(expected) + 5, now=NOW, filters=table)
    assert "query" in asked  # the table alone cannot tell: Chroma's filter is asked
    asked.clear()
    table.vectors = VectorTable.read(store)
    found = retrieve(store, [0.5] * 8, prefs, k=len(expected) + 5, now=NOW, filters=table)
    assert {c.group_id for c in found} == expected and not asked
    via_chroma = retrieve(store, [0.5] * 8, prefs, k=3, now=NOW)
    via_memory = retrieve(store, [0.5] * 8, prefs, k=3, now=NOW, filters=table)
    assert [c.group_id for c in via_memory] == [c.group_id for c in via_chroma]


def test_a_stale_filter_table_cannot_let_a_violation_through(random_index):
    store, records = random_index
    # a table read before a sync that put everything out of stock (it lies: all in stock)
    table = {
        pid: {**{k: m[k] for k in FILTER_KEYS if k in m}, "in_stock": True}
        for pid, m in records.items()
    }
    found = retrieve(store, [0.5] * 8, {}, k=10, now=NOW, filters=table)
    assert found and all(records[c.id]["in_stock"] for c in found)


@pytest.mark.parametrize(
    ("prefs", "vague"),
    [
        ({"query": "something nice for my mom"}, True),
        ({"query": "a gift for my wife"}, True),
        ({"query": ""}, True),
        ({"query": "waterproof jacket"}, False),
        ({"query": "gift", "category": "Home"}, False),
        ({"query": "something", "colors": ["blue"]}, False),
    ],
)
def test_is_vague(prefs, vague):
    from graph.search_nodes import is_vague

    assert is_vague(prefs) is vague


def test_a_gift_recipient_rules_out_the_other_fit_only(random_index):
    """'For my husband': women's and kids' products go; men's, unisex and ungendered stay."""
    store, records = random_index
    prefs = {"exclude_genders": ["women", "kids"], "in_stock_only": False}
    got = set(store.get(where=build_where(prefs, NOW), include=[])["ids"])
    genders = {records[pid].get("gender") for pid in got}
    assert genders == {"men", "unisex", None}


def test_relax_offers_a_sold_out_exact_match_before_dropping_a_constraint(random_index):
    """A sold-out product that meets everything beats another brand labelled 'not by X'."""
    store, records = random_index
    for meta in records.values():
        prefs = {
            "brands": [meta["brand"]],
            "category": meta["category"],
            "colors": meta["colors"][:1],
            "size": meta["size"],
        }
        in_stock = [m for m in records.values() if not violations(m, prefs, NOW)]
        if not meta["in_stock"] and not in_stock:
            break
    else:
        pytest.fail("the random index has no sold-out product without an in-stock twin")
    key, found = relax(store, [0.5] * 8, prefs, k=3, now=NOW)
    assert key == "in_stock_only" and found
    for cand in found:
        assert violations(records[cand.id], prefs, NOW) == ["in_stock_only"]
    table = {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in records.items()}
    via_table = relax(store, [0.5] * 8, prefs, k=3, now=NOW, filters=table)
    assert (via_table[0], [c.id for c in via_table[1]]) == (key, [c.id for c in found])
    # with sold-out products allowed already, the next constraint is relaxed instead
    key, found = relax(store, [0.5] * 8, {**prefs, "in_stock_only": False, "max_price": 0.01},
                       k=3, now=NOW)  # fmt: skip
    assert key != "in_stock_only"


def _loaded_table(store, monkeypatch=None, records_in_memory=None):
    """The filter table as the graph loads it after a sync (records, vectors, lexical)."""
    from graph.resources import CatalogueView

    if records_in_memory is not None:
        import graph.resources as resources_module

        monkeypatch.setattr(resources_module, "RECORDS_IN_MEMORY", records_in_memory)
    view = CatalogueView(version=("test",), facets={})
    view.load_filters(store)
    view.wait_loaded()
    assert view.filters is not None
    return view.filters


def _public(meta):
    return {k: v for k, v in meta.items() if not k.startswith("_")}


def test_a_table_holding_the_records_answers_as_chroma_and_reads_none(random_index, chroma_reads):
    """Up to RECORDS_IN_MEMORY products the table holds every record: the same candidates
    (records, documents, variant options) with no record read from Chroma."""
    store, records = random_index
    whole = _loaded_table(store)
    assert whole.documents is not None and set(whole) == set(records)
    assert whole["P3"] == _public(records["P3"])  # the sync's hashes are not kept
    query = [0.9, 0.1, 0.4, 0.3, 0.8, 0.2, 0.5, 0.7]
    ids_only = {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in records.items()}
    expected = [retrieve(store, query, prefs, k=12, now=NOW, filters=ids_only) for prefs in PREFS]
    asked = chroma_reads(store)
    for prefs, theirs_all in zip(PREFS, expected, strict=True):
        found = retrieve(store, query, prefs, k=12, now=NOW, filters=whole, options_cache={})
        assert [c.id for c in found] == [c.id for c in theirs_all], prefs
        for mine, theirs in zip(found, theirs_all, strict=True):
            assert mine.meta == _public(theirs.meta) and mine.document == theirs.document
            assert mine.options == theirs.options and mine.matching_ids == theirs.matching_ids
            assert abs(mine.similarity - theirs.similarity) < 1e-4
    assert not asked


def test_a_table_over_the_records_limit_keeps_only_the_filter_fields(random_index, monkeypatch):
    store, records = random_index
    table = _loaded_table(store, monkeypatch, records_in_memory=len(records) - 1)
    assert table.documents is None and table.record("P3") is None
    assert set(table["P3"]) <= set(FILTER_KEYS)
    found = retrieve(store, [0.5] * 8, {"max_price": 80}, k=5, now=NOW, filters=table)
    assert found and all(c.document == records[c.id]["title"] for c in found)


@pytest.mark.parametrize(
    "prefs", PREFS + [{"size": "42", "category": "Shoes"}, {"in_stock_only": False}]
)
def test_the_compiled_constraints_admit_exactly_what_violates_nothing(random_index, prefs):
    _, records = random_index
    allowed = admits(prefs, NOW)
    verdicts = [allowed(meta) for meta in records.values()]
    assert verdicts == [not violations(meta, prefs, NOW) for meta in records.values()]


MORE_PREFS = PREFS + [
    {"size": "42", "category": "Shoes"},
    {"in_stock_only": False},
    {"brands": ["VOLTIX"], "exclude_genders": ["men"], "max_price": 90, "min_price": 20},
    {"category_any": ["Shoes", "Home"], "colors": ["black"], "on_sale": True},
]


@pytest.mark.parametrize("prefs", MORE_PREFS)
def test_the_filter_columns_mask_what_the_constraints_admit(random_index, prefs):
    _, records = random_index
    ids = [*records, "newer-than-the-table"]
    columns = FilterColumns.build(ids, records)
    allowed = admits(prefs, NOW)
    expected = [pid in records and allowed(records[pid]) for pid in ids]
    assert columns.mask(prefs, NOW).tolist() == expected


def test_the_nearest_groups_in_memory_are_those_of_the_walk_one_by_one(random_index, monkeypatch):
    """The masked scan stops where the product-by-product walk stops and finds the same
    groups, variants and similarities, and says "complete" as it does."""
    import graph.retrieval as retrieval_module

    monkeypatch.setattr(retrieval_module, "WIDE_IDS", 40)
    store, records = random_index
    vectors = VectorTable.read(store)
    walked = FilterTable({pid: m for pid, m in records.items() if pid != vectors.ids[7]})
    walked.vectors = vectors
    masked = FilterTable(walked)
    masked.vectors, masked.columns = vectors, FilterColumns.build(vectors.ids, walked)
    for prefs in MORE_PREFS:
        for k in (3, 12):
            for query in ([0.5] * 8, [0.9, 0.1, 0.4, 0.3, 0.8, 0.2, 0.5, 0.7]):
                one_by_one = nearest_groups(store, query, prefs, k, NOW, walked)
                at_once = nearest_groups(store, query, prefs, k, NOW, masked)
                assert at_once[1] == one_by_one[1], prefs
                assert at_once[0].keys() == one_by_one[0].keys(), prefs
                for gid, (best, sim, ids) in at_once[0].items():
                    theirs = one_by_one[0][gid]
                    assert (best, ids) == (theirs[0], theirs[2]) and abs(sim - theirs[1]) < 1e-6
