"""A warm ``sync watch`` keeps the state cache in memory (sync/statecache.py).

Its ticks read and write no state-cache chunk while the manifest is still their
own; a sync by anyone else in between is noticed; the cache reaches the disk when
the watcher stops, and a watcher that never stopped leaves a cache the next sync
does not trust. Every case ends in the index a cold sync of the same feed makes.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from sync.watch import Schedule, Watcher
from tests.conftest import demo_items


def _store(settings: SyncSettings) -> CatalogueStore:
    return CatalogueStore.open(settings.index_dir, None, settings.collection)


def _cold(settings: SyncSettings, feed: Path, embedder: Any) -> Any:
    report = run_sync(feed, settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    return report


def _manifest(settings: SyncSettings) -> dict[str, Any]:
    manifest = _store(settings).read_manifest()
    assert manifest is not None
    return manifest


def _cache(settings: SyncSettings) -> tuple[dict[str, Any], list[str]]:
    """The state cache on disk: its header and its rows (sorted, as JSON)."""
    cached = _store(settings).read_state_cache()
    assert cached is not None
    header, rows = cached
    return header, sorted(json.dumps(r) for r in rows)


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Calls of the state-cache read, the metadata scan and each end write's chunks."""
    calls: dict[str, list[Any]] = {"read_cache": [], "scan": [], "chunks": []}
    read, scan, write = (
        CatalogueStore.read_state_cache,
        CatalogueStore.iter_metadata,
        CatalogueStore.write_state_chunks,
    )

    def read_cache(self: CatalogueStore, header: Any = None) -> Any:
        calls["read_cache"].append(header)
        return read(self, header)

    def iter_metadata(self: CatalogueStore, *a: Any, **k: Any) -> Any:
        calls["scan"].append(1)
        return scan(self, *a, **k)

    def write_state_chunks(self: CatalogueStore, chunks: Any, stamp: str) -> Any:
        calls["chunks"].append(sorted(chunks))
        return write(self, chunks, stamp)

    monkeypatch.setattr(CatalogueStore, "read_state_cache", read_cache)
    monkeypatch.setattr(CatalogueStore, "iter_metadata", iter_metadata)
    monkeypatch.setattr(CatalogueStore, "write_state_chunks", write_state_chunks)
    return calls


def _changed(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One price, one description, one deletion and one addition."""
    out = [dict(i) for i in items[:-1]]
    out[0]["price"] = "1.00 USD"
    out[1]["description"] = "Rewritten from scratch: a different text to embed."
    extra = dict(items[2], id="WARM-NEW-1", title="A product added while the watcher ran")
    return [*out, extra]


def test_warm_ticks_skip_the_chunks_and_the_flush_writes_what_a_cold_sync_would(
    settings: SyncSettings, embedder: Any, write_items: Any, tmp_path: Path, spies: Any
) -> None:
    items = demo_items(60)
    feed = write_items(items, "watched.xml")
    _cold(settings, feed, embedder)
    for calls in spies.values():
        calls.clear()
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    assert watcher.tick().status == "ok"  # the first tick reads the cache on disk
    assert len(spies["read_cache"]) == 1 and spies["chunks"] == []
    write_items(_changed(items), "watched.xml")
    report = watcher.tick()
    assert report.status == "ok", report.reason
    c = report.counts
    assert (c["new"], c["changed"], c["metadata_only"], c["deleted"]) == (1, 1, 1, 1)
    assert len(spies["read_cache"]) == 1, "a warm tick read the state cache"
    assert spies["chunks"] == [], "a warm tick wrote a state-cache chunk"
    assert spies["scan"] == []
    manifest = _manifest(settings)
    assert manifest["state_cache"]["generation"] != manifest["generation"]  # not on disk yet

    assert watcher.flush() is True
    assert watcher.flush() is False  # nothing left to write
    after = _manifest(settings)
    assert after["generation"] == manifest["generation"]  # readers see no new sync
    assert after["state_cache"]["generation"] == after["generation"]

    # The same feed synced cold into a fresh index: the same rows, and the flushed
    # cache is trusted as it is (no scan, every item taken unread).
    fresh = settings.model_copy(update={"index_dir": tmp_path / "fresh"})
    _cold(fresh, feed, embedder)
    assert _cache(settings)[1] == _cache(fresh)[1]
    spies["scan"].clear()
    again = _cold(settings, feed, embedder)
    assert spies["scan"] == [] and again.items_unread == 60
    assert again.counts["unchanged"] == 60


def test_a_sync_by_another_process_between_ticks_is_noticed(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    items = demo_items(40)
    feed = write_items(items, "watched.xml")
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    assert watcher.tick().status == "ok"
    # Another sync (cron, a person) brings a changed feed in; the watcher's feed did not.
    other = [dict(i) for i in items]
    other[5]["price"] = "3.00 USD"
    _cold(settings, write_items(other, "other.xml"), embedder)
    report = watcher.tick()
    assert report.status == "ok", report.reason
    assert report.counts["metadata_only"] == 1  # its memory is not taken for the index
    got = _store(settings).get(ids=[items[5]["id"]], include=["metadatas"])
    assert got["metadatas"][0]["price"] != 3.0


def test_a_watcher_that_never_stopped_leaves_a_cache_the_next_sync_does_not_trust(
    settings: SyncSettings, embedder: Any, write_items: Any, spies: Any
) -> None:
    items = demo_items(40)
    feed = write_items(items, "watched.xml")
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    watcher.tick()
    write_items(_changed(items), "watched.xml")
    assert watcher.tick().status == "ok"
    del watcher  # killed: no flush
    spies["scan"].clear()
    report = _cold(settings, feed, embedder)
    assert spies["scan"], "the stale cache was trusted"
    assert report.counts["unchanged"] == 40 and report.embedded == 0
    header, _ = _cache(settings)
    assert header["generation"] == _manifest(settings)["generation"]


def test_the_loop_writes_the_cache_as_it_stops(
    settings: SyncSettings, embedder: Any, write_items: Any, spies: Any
) -> None:
    items = demo_items(30)
    feed = write_items(items, "watched.xml")
    _cold(settings, feed, embedder)
    write_items(_changed(items), "watched.xml")
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    assert watcher.run(max_ticks=1, handle_signals=False) == 0
    manifest = _manifest(settings)
    assert manifest["state_cache"]["generation"] == manifest["generation"]
    spies["scan"].clear()
    assert _cold(settings, feed, embedder).items_unread == 30 and spies["scan"] == []


def test_a_flush_after_another_sync_writes_nothing(
    settings: SyncSettings, embedder: Any, write_items: Any, tmp_path: Path
) -> None:
    items = demo_items(30)
    feed = write_items(items, "watched.xml")
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    watcher.tick()
    shutil.copyfile(write_items(_changed(items)), tmp_path / "other.xml")
    _cold(settings, tmp_path / "other.xml", embedder)
    before = _cache(settings)
    assert watcher.flush() is False  # the index moved on: the watcher's memory is stale
    assert _cache(settings) == before
