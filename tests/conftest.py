"""Shared fixtures: a recording fake embedder, isolated settings, demo feeds."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sync.demo_feed import apply_scenario, generate_items, write_feed
from sync.settings import SyncSettings

SHARED = Path(__file__).resolve().parents[2] / "shared"
FEEDS = SHARED / "feeds"
TAXONOMY = SHARED / "taxonomy" / "taxonomy-with-ids.en-US.txt"


@pytest.hookimpl(trylast=True)  # after the marker deselection, so on the tests that run
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start every xdist worker on its share of the slow tests.

    xdist's worksteal hands each worker one contiguous slice of this list and lets an idle
    worker steal from the end of another's. In file order a minute-long test could start
    last and leave the other core idle; dealt to the front of every slice, the slow tests
    run first and the quick ones fill the end of the run. Every worker collects the same
    items and computes the same order (xdist requires it).
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    quick = [item for item in items if not item.get_closest_marker("slow")]
    if workers < 2 or not slow or not quick:
        return
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # the slice xdist's worksteal sends this worker
        mine = slow[worker::workers][:share]
        take = min(len(quick), share - len(mine))
        ordered += mine + quick[:take]
        quick = quick[take:]
        left -= share
    ordered += [item for item in slow if item not in set(ordered)] + quick
    items[:] = ordered


class RecordingEmbedder:
    """A deterministic fake ``Embeddings`` that records every text it embeds.

    Vectors are a hash of the text spread over ``dim`` floats, so equal texts
    get equal vectors and different texts different ones.
    """

    model_id = "fake/recording-embedder:v1"

    def __init__(self, dim: int = 16) -> None:
        self.dim = dim
        self.calls: list[list[str]] = []

    @property
    def texts(self) -> list[str]:
        return [t for call in self.calls for t in call]

    def reset(self) -> None:
        self.calls.clear()

    def _vector(self, text: str) -> list[float]:
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
        vec = np.random.default_rng(seed).standard_normal(self.dim)
        return (vec / np.linalg.norm(vec)).astype(np.float32).tolist()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)


@pytest.fixture
def embedder() -> RecordingEmbedder:
    return RecordingEmbedder()


@pytest.fixture
def chroma_reads(monkeypatch: pytest.MonkeyPatch):
    """``watch(store)``: from then on, the names of the reads ``store`` makes of Chroma."""

    def watch(store, names=("get", "query", "documents", "nearest_ids")) -> list[str]:
        asked: list[str] = []
        for name in names:
            original = getattr(store, name)
            monkeypatch.setattr(
                store, name, lambda *a, _o=original, _n=name, **kw: asked.append(_n) or _o(*a, **kw)
            )
        return asked

    return watch


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SyncSettings:
    for var in ("AISLE_INDEX_DIR", "AISLE_CHROMA_URL", "AISLE_COLLECTION", "AISLE_TAXONOMY_PATH"):
        monkeypatch.delenv(var, raising=False)
    return SyncSettings(
        index_dir=tmp_path / "index",
        cache_dir=tmp_path / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )


def demo_items(size: int = 60) -> list[dict]:
    return list(generate_items(size))


@pytest.fixture
def write_items(tmp_path: Path):
    """Write a list of demo item dicts as a feed; returns its path."""
    counter = {"n": 0}

    def write(items, name: str | None = None) -> Path:
        counter["n"] += 1
        path = tmp_path / (name or f"feed{counter['n']}.xml")
        write_feed(path, items)
        return path

    return write


@pytest.fixture
def resync_from_older_enrich(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder):
    """Index a feed as an older ENRICH_VERSION stored it, then sync it again as this one.

    Returns ``run(items, version, stored) -> (old, store)``: ``stored(meta, product)``
    turns this version's metadata of a product into what ``version`` stored; ``old`` is
    each record's metadata after that first sync, by id, and ``store`` the index after
    the second, which must be a metadata-only update: no product is embedded again.
    """
    import sync.hashing
    import sync.pipeline
    from sync.store import CatalogueStore

    def run(items: list[dict], version: int, stored: Callable) -> tuple[dict, Any]:
        path = tmp_path / "feed.xml"
        write_feed(path, items)
        settings = SyncSettings(index_dir=tmp_path / "index", cache_dir=tmp_path / "cache")
        built = sync.pipeline.build_metadata

        def before(product, categories):
            return stored(built(product, categories), product)

        with monkeypatch.context() as older:
            older.setattr(sync.hashing, "ENRICH_VERSION", version)
            older.setattr(sync.pipeline, "ENRICH_VERSION", version)
            older.setattr(sync.pipeline, "build_metadata", before)
            assert sync.pipeline.run_sync(path, settings, embeddings=embedder).status == "ok"
        store = CatalogueStore.open(settings.index_dir, None, settings.collection)
        got = store.get(include=["metadatas"])
        old = dict(zip(got["ids"], got["metadatas"], strict=True))

        embedder.reset()
        report = sync.pipeline.run_sync(path, settings, embeddings=embedder)
        assert report.status == "ok", report.reason
        assert report.counts["metadata_only"] == len(items) and report.embedded == 0
        assert embedder.texts == []
        return old, store

    return run


__all__ = ["FEEDS", "TAXONOMY", "RecordingEmbedder", "apply_scenario", "demo_items"]


def synced_with_the_real_model(items: list[dict], work: Path) -> Path:
    """``items`` written as a feed in ``work`` and synced with the real model: the index."""
    from sync.pipeline import run_sync

    feed = work / "feed.xml"
    write_feed(feed, items)
    settings = SyncSettings(
        index_dir=work / "index",
        cache_dir=work / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    report = run_sync(feed, settings)
    assert report.status == "ok", report.reason
    return work / "index"


@pytest.fixture(scope="session")
def demo_catalogue(tmp_path_factory):
    """The 500-item demo catalogue synced with the real model: (feed items, index dir).

    One real embedding pass per test run: under xdist the first worker to ask builds it
    in the run's shared temporary directory while the others wait on a file lock, and
    each worker gets its own copy (two processes never share one Chroma directory).
    Tests that change the index copy it again first.
    """
    import os
    import shutil

    from filelock import FileLock

    items = list(generate_items(500))
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "demo-catalogue"
    with FileLock(f"{shared}.lock"):
        if not (shared / "built").exists():
            shutil.rmtree(shared, ignore_errors=True)  # a build that died half-way
            shared.mkdir()
            synced_with_the_real_model(items, shared)
            (shared / "built").touch()
    work = tmp_path_factory.mktemp("demo-catalogue")
    shutil.copytree(shared / "index", work / "index")
    return items, work / "index"


@pytest.fixture(scope="session")
def demo_context(demo_catalogue):
    """A rules-only graph context over :func:`demo_catalogue`, its lexical index loaded."""
    from graph.context import Context
    from graph.resources import get_view

    _, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    return ctx


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
