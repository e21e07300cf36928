"""Feed-level refusals write nothing; item-level rejections keep the indexed version."""

from __future__ import annotations

import gzip

import numpy as np
import pytest

from sync.hashing import SCHEMA_VERSION
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from tests.conftest import RecordingEmbedder, demo_items


def dump(settings) -> dict:
    """Everything an index holds, for before/after comparison."""
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    got = store.get(include=["metadatas", "documents", "embeddings"])
    records = {
        pid: (doc, meta, np.asarray(vec).tobytes())
        for pid, doc, meta, vec in zip(
            got["ids"], got["documents"], got["metadatas"], got["embeddings"], strict=True
        )
    }
    return {"records": records, "manifest": store.read_manifest(), "facets": store.read_facets()}


@pytest.fixture
def indexed(settings, embedder, write_items):
    items = demo_items(40)
    report = run_sync(write_items(items), settings, embeddings=embedder)
    assert report.status == "ok"
    embedder.reset()
    return items


def _refused(settings, embedder, feed, before, error_text, **kwargs):
    report = run_sync(feed, settings, embeddings=embedder, **kwargs)
    assert report.status == "refused", report.reason
    assert report.exit_code == 3
    assert error_text in report.reason
    assert embedder.texts == []
    assert dump(settings) == before
    return report


def _feed(tmp_path, text: str | bytes, name="bad.xml"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def test_not_xml_is_refused(settings, embedder, indexed, tmp_path):
    before = dump(settings)
    _refused(settings, embedder, _feed(tmp_path, '{"items": []}'), before, "not XML")
    _refused(
        settings,
        embedder,
        _feed(tmp_path, "<!DOCTYPE html><html><body>Oops</body></html>"),
        before,
        "not",
    )


def test_truncated_feed_is_refused_not_treated_as_smaller(
    settings, embedder, indexed, write_items, tmp_path
):
    before = dump(settings)
    full = write_items(indexed).read_bytes()
    for cut in (len(full) // 3, len(full) // 2, len(full) - 20):
        _refused(settings, embedder, _feed(tmp_path, full[:cut]), before, "truncated")


def test_truncated_gzip_feed_is_refused(settings, embedder, indexed, write_items, tmp_path):
    before = dump(settings)
    packed = gzip.compress(write_items(indexed).read_bytes())
    feed = _feed(tmp_path, packed[: len(packed) // 2], name="feed.xml.gz")
    _refused(settings, embedder, feed, before, "")


def test_empty_snapshot_is_refused(settings, embedder, indexed, tmp_path):
    before = dump(settings)
    empty = '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'
    _refused(settings, embedder, _feed(tmp_path, empty), before, "no valid product")


def test_mass_delete_is_refused_unless_allowed(settings, embedder, indexed, write_items):
    before = dump(settings)
    half = write_items(indexed[:20])
    report = _refused(settings, embedder, half, before, "--allow-mass-delete")
    assert report.counts["deleted"] == 20
    ok = run_sync(half, settings, embeddings=embedder, allow_mass_delete=True)
    assert ok.status == "ok" and ok.index_size == 20


def test_mass_delete_ratio_is_configurable(embedder, indexed, write_items, settings):
    lenient = settings.model_copy(update={"max_delete_ratio": 0.6})
    report = run_sync(write_items(indexed[:20]), lenient, embeddings=embedder)
    assert report.status == "ok" and report.counts["deleted"] == 20


def test_too_many_rejected_items_is_refused(settings, embedder, indexed, write_items):
    before = dump(settings)
    broken = [dict(i) for i in indexed]
    for item in broken[:15]:
        item["price"] = "call us"
    report = _refused(settings, embedder, write_items(broken), before, "rejected")
    assert report.counts["rejected"] == 15
    assert "unparsable price" in report.reason


def test_index_of_another_model_is_refused_unless_rebuilt(settings, indexed, write_items):
    before = dump(settings)
    other = RecordingEmbedder()
    other.model_id = "fake/other-model:v2"
    feed = write_items(indexed)
    _refused(settings, other, feed, before, "--rebuild")
    report = run_sync(feed, settings, embeddings=other, rebuild=True)
    assert report.status == "ok" and report.counts["new"] == 40
    manifest = CatalogueStore.open(settings.index_dir).read_manifest()
    assert manifest["model_id"] == "fake/other-model:v2"


def test_index_of_another_schema_is_refused(settings, embedder, indexed, write_items):
    store = CatalogueStore.open(settings.index_dir)
    manifest = store.read_manifest()
    store.write_manifest({**manifest, "schema_version": SCHEMA_VERSION + 1})
    before = dump(settings)
    _refused(settings, embedder, write_items(indexed), before, "schema version")


def test_unsafe_dtd_is_refused(settings, embedder, indexed, tmp_path):
    before = dump(settings)
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        "<rss><channel><item><g:id xmlns:g='http://base.google.com/ns/1.0'>1</g:id>"
        "<title>&b;</title></item></channel></rss>"
    )
    _refused(settings, embedder, _feed(tmp_path, bomb), before, "entities")


def test_item_level_rejections_keep_indexed_versions(settings, embedder, indexed, write_items):
    before = dump(settings)["records"]
    items = [dict(i) for i in indexed]
    single = [i for i, item in enumerate(items) if not item["item_group_id"]]
    no_title, bad_price, dup = single[0], single[1], single[2]
    no_id_position = 5
    items[no_title]["title"] = "   "
    items[bad_price]["price"] = "free!"
    items[no_id_position] = dict(items[no_id_position], id="")
    duplicate = dict(items[dup], title="A different product with the same id")
    items.append(duplicate)
    items[4]["price"] = "1.00 USD"  # a legitimate change in the same feed still syncs

    report = run_sync(write_items(items), settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    reasons = {(r.id, r.reason.split(":")[0].split(" (")[0]) for r in report.rejections}
    assert (indexed[no_title]["id"], "missing title") in reasons
    assert (indexed[bad_price]["id"], "unparsable price 'free!'") in {
        (r.id, r.reason) for r in report.rejections
    }
    assert (None, "missing id (g") in {(r.id, r.reason[:13]) for r in report.rejections}
    dup_rejections = [r for r in report.rejections if r.id == indexed[dup]["id"]]
    assert len(dup_rejections) == 2 and all("duplicate id" in r.reason for r in dup_rejections)
    assert report.counts["rejected"] == 5
    # the missing-id item's old record is deleted like any product absent from the feed
    assert report.counts["deleted"] == 1 and report.counts["metadata_only"] == 1
    after = dump(settings)["records"]
    for idx in (no_title, bad_price, dup):
        pid = indexed[idx]["id"]
        assert after[pid] == before[pid], f"{pid} should be kept exactly as it was"
    assert after[indexed[4]["id"]][1]["price"] == 1.0


def test_lock_refuses_a_second_sync(settings, embedder, indexed, write_items):
    from filelock import FileLock

    from sync.pipeline import lock_path

    with FileLock(lock_path(settings)):
        report = run_sync(write_items(indexed), settings, embeddings=embedder)
    assert report.status == "refused" and report.exit_code == 3
    assert "another sync is running" in report.reason
    waited = settings.model_copy(update={"lock_timeout": 5})
    assert run_sync(write_items(indexed), waited, embeddings=embedder).status == "ok"


def test_collection_not_built_by_aisle_is_refused(tmp_path, embedder, write_items):
    settings = SyncSettings(index_dir=tmp_path / "idx", cache_dir=tmp_path / "c")
    foreign = CatalogueStore.open(settings.index_dir)
    foreign.products.add(ids=["x"], embeddings=[[0.1] * 16], documents=["x"])
    report = run_sync(write_items(demo_items(5)), settings, embeddings=embedder)
    assert report.status == "refused" and "no Aisle manifest" in report.reason


def test_abnormal_price_changes_are_refused_unless_allowed(
    settings, embedder, indexed, write_items
):
    before = dump(settings)
    repriced = [dict(i) for i in indexed]
    for item in repriced[:25]:  # 25 of 40 = 62%, above the default 50%
        item["price"] = "9.99 USD"
        item["sale_price"] = ""
    report = _refused(settings, embedder, write_items(repriced), before, "change price")
    assert "62%" in report.reason and "12% above the allowed 50%" in report.reason
    assert "--allow-abnormal-delta" in report.reason
    ok = run_sync(write_items(repriced), settings, embeddings=embedder, allow_abnormal_delta=True)
    assert ok.status == "ok" and ok.counts["metadata_only"] >= 25


def test_mass_stock_out_is_refused_and_bound_configurable(settings, embedder, indexed, write_items):
    before = dump(settings)
    emptied = [dict(i, availability="out of stock") for i in indexed]
    in_stock = sum(1 for i in indexed if i["availability"] == "in stock")
    report = _refused(settings, embedder, write_items(emptied), before, "go out of stock")
    assert f"{in_stock} of 40" in report.reason
    lenient = settings.model_copy(update={"max_stock_out_ratio": 1.0})
    assert run_sync(write_items(emptied), lenient, embeddings=embedder).status == "ok"


def test_a_known_item_past_the_roots_end_is_refused_as_by_a_fresh_index(
    settings, embedder, indexed, write_items, tmp_path
):
    """An export that writes its last item after ``</rss>``: the pre-scan knows that item
    byte for byte, yet the incremental sync must refuse the document as a full one does."""
    text = write_items(indexed).read_text()
    start = text.rindex("<item>")
    end = text.index("</item>", start) + len("</item>")
    moved = text[:start] + text[end:] + text[start:end] + "\n"
    assert moved.rindex("</rss>") < moved.rindex("<item>")
    feed = _feed(tmp_path, moved)
    report = _refused(settings, embedder, feed, dump(settings), "Extra content")
    fresh = settings.model_copy(update={"index_dir": tmp_path / "fresh-index"})
    clean = run_sync(feed, fresh, embeddings=embedder)
    assert clean.status == "refused" and clean.exit_code == 3
    assert clean.reason == report.reason


def test_a_refused_first_sync_creates_no_collection(settings, embedder, tmp_path):
    """Nothing is written before the guards: not even the two empty collections."""
    from sync.store import make_client

    report = run_sync(_feed(tmp_path, "<html>nope</html>"), settings, embeddings=embedder)
    assert report.status == "refused" and report.exit_code == 3
    assert make_client(settings.index_dir).list_collections() == []
