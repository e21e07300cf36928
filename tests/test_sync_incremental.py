"""Incremental sync with a recording fake embedder: only what changed is embedded."""

from __future__ import annotations

import numpy as np
import pytest

from sync.pipeline import run_sync
from sync.snapshot import read_snapshot
from sync.store import CatalogueStore
from sync.taxonomy import Taxonomy
from tests.conftest import demo_items


def _store(settings) -> CatalogueStore:
    return CatalogueStore.open(settings.index_dir, None, settings.collection)


def _record(settings, pid: str) -> dict:
    got = _store(settings).get(ids=[pid], include=["metadatas", "documents", "embeddings"])
    assert got["ids"] == [pid], f"{pid} not in the index"
    return {
        "meta": got["metadatas"][0],
        "doc": got["documents"][0],
        "vector": np.asarray(got["embeddings"][0]).tobytes(),
    }


@pytest.fixture
def synced(settings, embedder, write_items):
    """A 60-item demo catalogue synced once; returns its items."""
    items = demo_items(60)
    report = run_sync(write_items(items), settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    assert report.counts["new"] == 60
    embedder.reset()
    return items


def _sync(settings, embedder, write_items, items, **kwargs):
    report = run_sync(write_items(items), settings, embeddings=embedder, **kwargs)
    assert report.status == "ok", report.reason
    return report


def test_first_sync_embeds_each_distinct_text_once(settings, embedder, write_items):
    items = demo_items(60)
    report = run_sync(write_items(items), settings, embeddings=embedder)
    snap = read_snapshot(
        write_items(items),
        taxonomy=Taxonomy.load(settings.taxonomy_path),
        model_id=embedder.model_id,
        indexed={},
    )
    distinct = {p.text for p in snap.pending.values()}
    assert len(distinct) < len(items)  # the demo catalogue has variant groups
    assert sorted(embedder.texts) == sorted(distinct)
    assert report.embedded == len(distinct)
    assert report.index_size == 60


def test_second_sync_of_same_feed_embeds_nothing(settings, embedder, write_items, synced):
    report = _sync(settings, embedder, write_items, synced)
    assert embedder.texts == []
    assert report.embedded == 0
    assert report.counts == {
        "new": 0,
        "changed": 0,
        "metadata_only": 0,
        "deleted": 0,
        "unchanged": 60,
        "rejected": 0,
    }


def test_price_change_updates_metadata_and_keeps_vector(settings, embedder, write_items, synced):
    target = synced[10]
    before = _record(settings, target["id"])
    changed = [dict(i) for i in synced]
    assert changed[10]["sale_price"], "pick an item on sale, to see the sale removed"
    changed[10]["price"] = "12.34 USD"
    changed[10]["sale_price"] = ""
    report = _sync(settings, embedder, write_items, changed)
    after = _record(settings, target["id"])
    assert embedder.texts == []
    assert report.counts["metadata_only"] == 1 and report.counts["unchanged"] == 59
    assert after["meta"]["price"] == 12.34
    assert before["meta"]["has_sale"] and not after["meta"]["has_sale"]
    assert after["meta"]["sale_price"] == 12.34  # no sale: the sale price is the price
    assert after["vector"] == before["vector"]
    assert after["doc"] == before["doc"]


def test_stock_change_updates_in_stock_and_keeps_vector(settings, embedder, write_items, synced):
    idx = next(i for i, item in enumerate(synced) if item["availability"] == "in stock")
    pid = synced[idx]["id"]
    before = _record(settings, pid)
    changed = [dict(i) for i in synced]
    changed[idx]["availability"] = "out of stock"
    report = _sync(settings, embedder, write_items, changed)
    after = _record(settings, pid)
    assert embedder.texts == []
    assert report.counts["metadata_only"] == 1
    assert before["meta"]["in_stock"] is True and after["meta"]["in_stock"] is False
    assert after["vector"] == before["vector"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("description", "<p>Completely rewritten: now with a <b>recycled</b> shell.</p>"),
        ("product_type", "Sport > Outdoor > Hiking"),
        ("title", "Renamed Product Title"),
        ("brand", "Brand New Brand"),
    ],
)
def test_semantic_change_embeds_exactly_that_item(
    settings, embedder, write_items, synced, field, value
):
    # item 0 is a single product (no variant group), so its text is its own
    pid = synced[0]["id"]
    before = _record(settings, pid)
    changed = [dict(i) for i in synced]
    changed[0][field] = value
    report = _sync(settings, embedder, write_items, changed)
    after = _record(settings, pid)
    assert report.counts["changed"] == 1 and report.counts["unchanged"] == 59
    assert embedder.texts == [after["doc"]]
    assert after["vector"] != before["vector"]


def test_added_item_embeds_exactly_one_text(settings, embedder, write_items, synced):
    extra = dict(synced[0], id="NEW-1", title="Orbit Noise Cancelling Earbuds", item_group_id="")
    report = _sync(settings, embedder, write_items, synced + [extra])
    assert report.counts["new"] == 1 and report.counts["unchanged"] == 60
    assert len(embedder.texts) == 1 and "Orbit Noise Cancelling Earbuds" in embedder.texts[0]
    assert _record(settings, "NEW-1")["meta"]["title"] == "Orbit Noise Cancelling Earbuds"


def test_added_variant_with_known_text_reuses_the_indexed_vector(
    settings, embedder, write_items, synced
):
    sibling = synced[3]  # a shoe variant in a group
    extra = dict(sibling, id="NEW-VARIANT", size="46")
    report = _sync(settings, embedder, write_items, synced + [extra])
    assert report.counts["new"] == 1
    assert embedder.texts == []
    assert report.reused_vectors == 1
    assert _record(settings, "NEW-VARIANT")["vector"] == _record(settings, sibling["id"])["vector"]


def test_deleted_item_is_gone_from_index_and_search(settings, embedder, write_items, synced):
    victim = synced[0]
    doc = _record(settings, victim["id"])["doc"]
    report = _sync(settings, embedder, write_items, synced[1:])
    assert report.counts["deleted"] == 1 and report.index_size == 59
    assert embedder.texts == []
    store = _store(settings)
    assert store.get(ids=[victim["id"]])["ids"] == []
    hits = store.query(embedder.embed_query(doc), k=10)
    assert victim["id"] not in [pid for pid, *_ in hits]


def test_facets_follow_the_catalogue(settings, embedder, write_items, synced):
    facets = _store(settings).read_facets()
    assert facets["products"] == 60
    roots = {node["path"]: node for node in facets["categories"]}
    assert sum(n["count"] for n in roots.values()) == 60
    assert abs(sum(n["share"] for n in roots.values()) - 1.0) < 0.01
    _sync(settings, embedder, write_items, synced[:50], allow_mass_delete=True)
    assert _store(settings).read_facets()["products"] == 50


def test_category_prefixes_match_descendants(settings, embedder, write_items, synced):
    store = _store(settings)
    shoes = store.get(where={"categories": {"$contains": "Shoes"}}, include=["metadatas"])
    deeper = [m["category"] for m in shoes["metadatas"]]
    assert deeper and all(c.startswith("Shoes > ") for c in deeper)
    expected = sum(1 for i in synced if i["product_type"].startswith("Shoes"))
    assert len(shoes["ids"]) == expected


def test_dry_run_writes_nothing(settings, embedder, write_items, synced):
    changed = [dict(i) for i in synced[1:]]
    changed[0]["price"] = "1.00 USD"
    report = _sync(settings, embedder, write_items, changed, dry_run=True)
    assert report.counts["deleted"] == 1 and report.counts["metadata_only"] == 1
    assert embedder.texts == []
    assert _store(settings).count() == 60
    assert _record(settings, synced[1]["id"])["meta"]["price"] != 1.0


def test_byte_identical_items_are_not_read_again(settings, embedder, write_items, synced):
    report = _sync(settings, embedder, write_items, synced)
    assert report.items_unread == 60
    changed = [dict(i) for i in synced]
    changed[0]["price"] = "1.00 USD"
    report = _sync(settings, embedder, write_items, changed)
    assert report.items_unread == 59 and report.counts["metadata_only"] == 1


def test_a_stale_state_cache_falls_back_to_the_records(settings, embedder, write_items, synced):
    store = _store(settings)
    manifest = store.read_manifest()
    # as after a crash: the manifest says a sync was in progress, so the cache is not trusted
    store.write_manifest({**manifest, "in_progress": True, "generation": 99})
    changed = [dict(i) for i in synced]
    changed[1]["price"] = "2.00 USD"
    report = _sync(settings, embedder, write_items, changed)
    assert report.counts["metadata_only"] == 1 and report.counts["unchanged"] == 59
    assert report.items_unread == 59  # the records' own raw hashes still allow the fast path
    assert embedder.texts == []
    again = _sync(settings, embedder, write_items, changed)
    assert again.counts["unchanged"] == 60 and again.items_unread == 60


def test_a_new_taxonomy_rereads_every_item(settings, embedder, write_items, synced, tmp_path):
    other = tmp_path / "taxonomy.txt"
    other.write_text("# Google_Product_Taxonomy_Version: test\n1 - Things\n")
    moved = settings.model_copy(update={"taxonomy_path": other})
    report = _sync(moved, embedder, write_items, synced)
    assert report.items_unread == 0  # the context changed: nothing is trusted unread


def test_the_index_is_a_langchain_vector_store(settings, embedder, synced):
    # DESIGN.md: the index stays a langchain_chroma.Chroma, so it is a standard retriever
    store = _store(settings)
    doc = _record(settings, synced[0]["id"])["doc"]
    found = store.as_vectorstore(embedder).similarity_search(doc, k=1)
    assert found[0].page_content == doc and found[0].metadata["title"] == synced[0]["title"]


def test_facets_do_not_depend_on_row_order() -> None:
    # An incremental sync builds its rows from the index, a rebuild from the feed:
    # ties in brand and collection counts must not come out in either's order.
    import random

    from sync.facets import FacetRow, compute_facets

    rows = [
        FacetRow(f"Home > {c}", brand, 10.0 + i, "USD", i % 3 != 0, (label,), f"g{i}")
        for i, (c, brand, label) in enumerate(
            (c, b, lab) for c in ("Lamps", "Rugs") for b in ("Zeta", "Alpha", "Mid")
            for lab in ("Best Sellers", "New")
        )
    ]  # fmt: skip
    shuffled = rows[:]
    random.Random(3).shuffle(shuffled)
    assert compute_facets(shuffled) == compute_facets(rows)
    assert [b["name"] for b in compute_facets(rows)["brands"]] == ["Alpha", "Mid", "Zeta"]


def test_the_end_write_carries_facets_only_when_they_change(
    settings, embedder, write_items, synced, monkeypatch
):
    written: list[list[str]] = []
    real = CatalogueStore.commit

    def spy(self, values):
        written.append(sorted(values))
        return real(self, values)

    monkeypatch.setattr(CatalogueStore, "commit", spy)
    before = _store(settings).read_facets()
    edited = [dict(i) for i in synced]
    edited[0]["description"] = "A new description, nothing a facet counts."
    assert _sync(settings, embedder, write_items, edited).counts["changed"] == 1
    assert written[-1] == ["manifest"]  # same facets: not rewritten
    assert _store(settings).read_facets() == before
    priced = [dict(i) for i in edited]
    priced[0]["price"] = "99999.00 USD"  # a new top price moves the price range
    assert _sync(settings, embedder, write_items, priced).counts["metadata_only"] == 1
    assert written[-1] == ["facets", "manifest"]
    assert _store(settings).read_facets()["price"]["max"] == 99999.0
    # a rebuild drops the facets with the rest, so it always writes them
    _sync(settings, embedder, write_items, priced, rebuild=True)
    assert written[-1] == ["facets", "manifest"]
    assert _store(settings).read_facets()["price"]["max"] == 99999.0


def test_status_tells_of_an_unfinished_sync_until_the_next_one(
    settings, embedder, write_items, synced
):
    from sync.status import index_status, status_text

    def status() -> dict:
        return index_status(settings.index_dir, None, settings.collection)

    assert status()["unfinished"] is False
    store = _store(settings)
    generation = store.read_manifest()["generation"]
    # as a sync of another feed killed after writing a record (another price, so other
    # full and raw hashes), stamped with a generation the manifest does not know yet
    pid = synced[3]["id"]
    meta = _record(settings, pid)["meta"]
    crashed = {**meta, "price": 1.0, "_full_hash": "0" * 32, "_raw_hash": "1" * 32}
    crashed["_gen"] = generation + 1
    store.update_metadata([pid], [crashed])
    assert status()["unfinished"] is True
    assert "did not finish" in status_text(status())
    report = _sync(settings, embedder, write_items, synced)
    assert report.counts["metadata_only"] == 1  # the record was read back and put right
    assert _record(settings, pid)["meta"]["price"] == meta["price"]
    assert status()["unfinished"] is False
    # and a promised deletion not yet done
    manifest = store.read_manifest()
    store.write_manifest({**manifest, "pending_deletes": [synced[5]["id"]]})
    assert status()["unfinished"] is True
