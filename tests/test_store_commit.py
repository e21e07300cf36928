"""The end of a sync is one commit: manifest and facets in the metadata collection's metadata.

The state cache's chunks are written before that commit and stamped; a chunk the
committed header does not name (a sync killed in between) makes the cache read
as invalid, never trusted. An index of the older layout (manifest and facets as
records) is read as it is and moves over on its next commit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from sync.settings import SyncSettings
from sync.store import FACETS_KEY, MANIFEST_KEY, CatalogueStore
from tests.conftest import demo_items
from tests.test_warm_state import _cold as _sync
from tests.test_warm_state import _store

ROOT = Path(__file__).resolve().parents[1]


def _records(store: CatalogueStore) -> set[str]:
    return set(store._meta_collection.get(include=[])["ids"])


def test_manifest_and_facets_live_in_the_collection_metadata_not_in_records(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    _sync(settings, write_items(demo_items(30)), embedder)
    store = _store(settings)
    committed = store._meta_collection.metadata
    assert json.loads(committed[MANIFEST_KEY])["generation"] == 1
    assert json.loads(committed[FACETS_KEY])["products"] == 30
    assert MANIFEST_KEY not in _records(store) and FACETS_KEY not in _records(store)
    assert {r for r in _records(store) if r.startswith("state:")}  # the cache's chunks
    assert store.read_manifest() == json.loads(committed[MANIFEST_KEY])


def test_another_process_reads_the_commit_at_once(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    items = demo_items(20)
    feed = write_items(items)
    _sync(settings, feed, embedder)
    reader = _store(settings)  # opened before the next sync, kept open
    assert reader.read_manifest()["generation"] == 1
    _sync(settings, write_items(items[:-1]), embedder)
    code = (
        "import sys; from sync.store import CatalogueStore; "
        f"s = CatalogueStore.open_existing({str(settings.index_dir)!r}, None, "
        f"{settings.collection!r}); print(s.read_manifest()['generation'], "
        "s.read_facets()['products'])"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert other.stdout.split() == ["2", "19"], other.stderr[-1000:]
    assert reader.read_manifest()["generation"] == 2  # a store held open sees it too
    assert reader.read_facets()["products"] == 19


def test_a_chunk_written_without_its_commit_invalidates_the_cache(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    items = demo_items(20)
    _sync(settings, write_items(items), embedder)
    store = _store(settings)
    header = store.sync_start()[1]
    assert header is not None and len(header["stamps"]) == header["chunks"]
    cached = store.read_state_cache(header)
    assert cached is not None and len(cached[1]) == 20
    # A later sync wrote its chunk (one row gone) and was killed before committing.
    rows = [row for row in cached[1] if row[0] != items[0]["id"]]
    store.write_state_chunks({0: rows}, "killed-sync")
    assert store.read_state_cache(store.sync_start()[1]) is None
    # The next sync does not trust it: it scans the records and finds all 20 unchanged.
    report = _sync(settings, write_items(items), embedder)
    assert report.counts["unchanged"] == 20 and report.counts["new"] == 0
    assert _store(settings).read_state_cache() is not None  # rewritten, named, trusted again


def test_an_index_of_the_older_layout_is_read_and_moves_over_on_its_next_commit(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    items = demo_items(20)
    feed = write_items(items)
    _sync(settings, feed, embedder)
    store = _store(settings)
    manifest, facets = store.read_manifest(), store.read_facets()
    assert manifest is not None and facets is not None
    # Rewrite it as the older layout stored it: records, and no collection metadata.
    meta = store._meta_collection
    meta.upsert(
        ids=[MANIFEST_KEY, FACETS_KEY],
        embeddings=[[0.0]] * 2,
        metadatas=[{"json": json.dumps(manifest)}, {"json": json.dumps(facets)}],
    )
    meta.modify(metadata={"layout": "older"})
    older = _store(settings)
    assert older.read_manifest() == manifest and older.read_facets() == facets
    report = _sync(settings, feed, embedder)  # nothing changed: only the manifest is committed
    assert report.counts["unchanged"] == 20
    after = _store(settings)
    assert MANIFEST_KEY not in _records(after) and FACETS_KEY not in _records(after)
    assert after.read_facets() == facets
    assert after.read_manifest()["sync_id"] != manifest["sync_id"]


def test_a_commit_keeps_the_value_it_does_not_name(
    settings: SyncSettings, embedder: Any, write_items: Any
) -> None:
    _sync(settings, write_items(demo_items(10)), embedder)
    store = _store(settings)
    facets = store.read_facets()
    store.commit({MANIFEST_KEY: {**store.read_manifest(), "note": "x"}})
    again = _store(settings)
    assert again.read_manifest()["note"] == "x" and again.read_facets() == facets
