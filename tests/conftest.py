"""Shared fixtures: a recording fake embedder, isolated settings, demo feeds."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from sync.demo_feed import apply_scenario, generate_items, write_feed
from sync.settings import SyncSettings

SHARED = Path(__file__).resolve().parents[2] / "shared"
FEEDS = SHARED / "feeds"
TAXONOMY = SHARED / "taxonomy" / "taxonomy-with-ids.en-US.txt"


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


__all__ = ["FEEDS", "TAXONOMY", "RecordingEmbedder", "apply_scenario", "demo_items"]


@pytest.fixture(scope="session")
def demo_catalogue(tmp_path_factory):
    """The 500-item demo catalogue synced with the real model: (feed items, index dir).

    Session-scoped (one real embedding pass); tests that change the index copy it first.
    """
    from sync.pipeline import run_sync

    work = tmp_path_factory.mktemp("demo-catalogue")
    items = list(generate_items(500))
    feed = work / "demo.xml"
    write_feed(feed, items)
    settings = SyncSettings(
        index_dir=work / "index",
        cache_dir=work / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    report = run_sync(feed, settings)
    assert report.status == "ok", report.reason
    return items, work / "index"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
