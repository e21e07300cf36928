"""The flashrank cross-encoder path, over a tiny generated ONNX model (no download).

The model (``tests/tiny_cross_encoder.py``) scores a passage by how often it
says "waterproof", so a test can tell its score from the retrieval similarity.
Every test runs with flashrank's download path and ``requests.get`` patched to
fail: loading must only ever read ``reranker_dir/<model>/``.
"""

from __future__ import annotations

import importlib
import math
import shutil
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

import graph.resources
import graph.search_nodes
import graph.turn_readings
from graph import build_graph
from graph.context import Context
from graph.rerank import (
    W_SEMANTIC,
    DeterministicReranker,
    FlashrankReranker,
    _load_ranker,
    flashrank_available,
    make_reranker,
)
from graph.retrieval import Candidate
from sync.demo_feed import build_demo_feed
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from tests.conftest import TAXONOMY, RecordingEmbedder
from tests.tiny_cross_encoder import BIAS, MODEL_NAME, write_tiny_cross_encoder


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


@pytest.fixture(autouse=True)
def no_download(monkeypatch: pytest.MonkeyPatch):
    """Make any attempt by flashrank to fetch a model fail loudly."""
    module = importlib.import_module("flashrank.Ranker")  # the module, not the class

    def refuse(*args, **kwargs):
        raise AssertionError(f"flashrank tried to download: {args} {kwargs}")

    monkeypatch.setattr(module.Ranker, "_download_model_files", refuse)
    monkeypatch.setattr(module.requests, "get", refuse)
    _load_ranker.cache_clear()
    yield
    _load_ranker.cache_clear()


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory) -> Path:
    """A flashrank cache_dir holding the generated ``ms-marco-TinyBERT-L-2-v2``."""
    cache = tmp_path_factory.mktemp("flashrank")
    write_tiny_cross_encoder(cache)
    return cache


# -- availability and choice ---------------------------------------------------------------------


def test_available_only_with_the_model_files(tmp_path: Path, model_dir: Path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert not flashrank_available(MODEL_NAME, str(empty))
    assert not flashrank_available(MODEL_NAME, "")
    assert flashrank_available(MODEL_NAME, str(model_dir))

    # An .onnx file alone is not enough: flashrank also reads the tokenizer files.
    partial = tmp_path / "partial"
    shutil.copytree(model_dir / MODEL_NAME, partial / MODEL_NAME)
    (partial / MODEL_NAME / "tokenizer.json").unlink()
    assert not flashrank_available(MODEL_NAME, str(partial))

    # A folder under a name flashrank does not know cannot be loaded (KeyError in flashrank).
    unknown = tmp_path / "unknown"
    shutil.copytree(model_dir / MODEL_NAME, unknown / "my-reranker")
    assert not flashrank_available("my-reranker", str(unknown))


def test_auto_picks_flashrank_only_when_available(tmp_path: Path, model_dir: Path):
    assert isinstance(make_reranker("auto", MODEL_NAME, str(tmp_path)), DeterministicReranker)
    assert isinstance(make_reranker("auto", MODEL_NAME, ""), DeterministicReranker)
    chosen = make_reranker("auto", MODEL_NAME, str(model_dir))
    assert isinstance(chosen, FlashrankReranker)
    assert chosen.name == "flashrank"
    assert isinstance(make_reranker("flashrank", MODEL_NAME, str(model_dir)), FlashrankReranker)
    assert isinstance(
        make_reranker("deterministic", MODEL_NAME, str(model_dir)), DeterministicReranker
    )


def test_explicit_flashrank_without_files_raises_instead_of_downloading(tmp_path: Path):
    with pytest.raises(FileNotFoundError, match=MODEL_NAME):
        make_reranker("flashrank", MODEL_NAME, str(tmp_path))
    assert not (tmp_path / MODEL_NAME).exists()
    with pytest.raises(FileNotFoundError):
        FlashrankReranker(MODEL_NAME, "")


# -- scoring -------------------------------------------------------------------------------------


def candidates() -> list[Candidate]:
    """Retrieval order puts the jackets first; only the shells say "waterproof"."""

    def cand(i: str, similarity: float, title: str, body: str, **meta) -> Candidate:
        return Candidate(
            id=i,
            group_id=i,
            similarity=similarity,
            meta={"title": title, "brand": "Acme", **meta},
            document=f"{title}. {body}",
        )

    return [
        cand("trail", 0.90, "Trail Jacket", "A light jacket for running in summer."),
        cand("city", 0.80, "City Jacket", "A warm wool jacket.", material="wool"),
        cand("shell", 0.05, "Rain Shell", "Waterproof shell with a hood."),
        cand("storm", 0.01, "Storm Shell", "Waterproof and breathable, waterproof zips."),
    ]


def test_cross_encoder_score_replaces_similarity(model_dir: Path):
    query = "waterproof jacket"
    # The deterministic reranker follows similarity and the title match: a jacket first.
    baseline = DeterministicReranker().rerank(query, candidates(), prefs={})
    assert baseline[0].id == "trail"

    ranked = FlashrankReranker(MODEL_NAME, str(model_dir)).rerank(query, candidates(), prefs={})
    assert [c.id for c in ranked] == ["storm", "shell", "trail", "city"]
    scores = {c.id: c.score for c in ranked}
    assert all(math.isfinite(s) for s in scores.values())
    # score = W_SEMANTIC * sigmoid(BIAS + 2 * mentions of "waterproof" in the passage)
    assert scores["storm"] == pytest.approx(W_SEMANTIC * sigmoid(BIAS + 4), rel=1e-5)
    assert scores["shell"] == pytest.approx(W_SEMANTIC * sigmoid(BIAS + 2), rel=1e-5)
    assert scores["trail"] == pytest.approx(W_SEMANTIC * sigmoid(BIAS), rel=1e-5)
    assert all(c.reasons and c.reasons[0] == "matches" for c in ranked)


def test_soft_preferences_still_count(model_dir: Path):
    reranker = FlashrankReranker(MODEL_NAME, str(model_dir))
    ranked = reranker.rerank("jacket", candidates(), prefs={"material": "wool"})
    by_id = {c.id: c for c in ranked}
    assert "material" in by_id["city"].reasons
    assert by_id["city"].score > by_id["trail"].score
    assert reranker.rerank("jacket", [], prefs={}) == []


# -- the graph, end to end -----------------------------------------------------------------------


def test_graph_turn_uses_flashrank(tmp_path: Path, model_dir: Path, monkeypatch):
    feed = tmp_path / "demo.xml"
    assert build_demo_feed(feed, size=30) == 30
    settings = SyncSettings(
        index_dir=tmp_path / "index",
        cache_dir=tmp_path / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    embedder = RecordingEmbedder()
    report = run_sync(feed, settings, embeddings=embedder)
    assert report.status == "ok", report.reason

    for module in (graph.resources, graph.turn_readings):
        monkeypatch.setattr(module, "get_embeddings", lambda ctx, manifest=None: embedder)
    graph.resources.clear_caches()
    ctx = Context(
        index_dir=str(settings.index_dir),
        llm_model="",
        reranker="flashrank",
        reranker_model=MODEL_NAME,
        reranker_dir=str(model_dir),
    )
    app = build_graph(InMemorySaver())
    try:
        state = app.invoke(
            {"messages": [("user", "show me a waterproof jacket")]},
            {"configurable": {"thread_id": "flashrank"}},
            context=ctx,
        )
        cards = state["recommendations"]
        assert state["trace"]["reranker"] == "flashrank"
        assert cards
        assert state["messages"][-1].content.strip()
        # The generated model only rewards "waterproof" (the deterministic reranker puts
        # another product first on this catalogue): the best card is one that says it.
        top = graph.resources.get_store(ctx).get(ids=[cards[0]["id"]], include=["documents"])
        assert "waterproof" in top["documents"][0].casefold()
    finally:
        graph.resources.clear_caches()
