"""The incremental scenarios once more with the real fastembed model and embedded Chroma."""

from __future__ import annotations

import numpy as np
import pytest

from sync.embed import FastEmbedEmbeddings
from sync.pipeline import run_sync
from sync.store import CatalogueStore
from tests.conftest import demo_items

pytestmark = pytest.mark.slow


class CountingFastEmbed(FastEmbedEmbeddings):
    """The real model, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return super().embed_documents(texts)


@pytest.fixture(scope="module")
def model():
    return CountingFastEmbed()


def _vector(store, pid):
    got = store.get(ids=[pid], include=["embeddings", "metadatas"])
    return np.asarray(got["embeddings"][0]), got["metadatas"][0]


def test_real_model_scenarios(settings, write_items, model):
    items = demo_items(80)
    first = run_sync(write_items(items), settings, embeddings=model)
    assert first.status == "ok", first.reason
    assert first.embedded == len(set(model.texts)) == len(model.texts) < 80
    store = CatalogueStore.open(settings.index_dir)

    # the vectors are real: a headphone query finds audio products first
    hits = store.query(model.embed_query("wireless headphones for music"), k=3)
    assert any("Audio" in (meta.get("category") or "") for _, _, meta, _ in hits)
    assert len(hits[0][0]) and hits[0][1] > 0.3

    def sync(changed):
        model.texts.clear()
        report = run_sync(write_items(changed), settings, embeddings=model)
        assert report.status == "ok", report.reason
        return report

    assert sync(items).embedded == 0 and model.texts == []

    pid = items[0]["id"]
    before, _ = _vector(store, pid)
    repriced = [dict(i) for i in items]
    repriced[0]["price"] = "5.55 USD"
    repriced[0]["availability"] = "out of stock"
    report = sync(repriced)
    after, meta = _vector(store, pid)
    assert report.counts["metadata_only"] == 1 and model.texts == []
    assert meta["price"] == 5.55 and meta["in_stock"] is False
    assert after.tobytes() == before.tobytes()

    described = [dict(i) for i in repriced]
    described[0]["description"] = "A compact speaker for the beach, splash-proof."
    report = sync(described)
    assert report.counts["changed"] == 1 and len(model.texts) == 1
    assert not np.allclose(_vector(store, pid)[0], before)

    added = described + [dict(items[0], id="NEW-1", title="Glacier Insulated Water Bottle")]
    report = sync(added)
    assert report.counts["new"] == 1 and len(model.texts) == 1

    report = sync(added[1:])
    assert report.counts["deleted"] == 1 and model.texts == []
    hits = store.query(model.embed_query(described[0]["description"]), k=5)
    assert pid not in [h[0] for h in hits]
