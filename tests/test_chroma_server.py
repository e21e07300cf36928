"""The same sync against a real Chroma server (``chroma run``) on 127.0.0.1."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from sync.pipeline import run_sync
from sync.status import index_status
from sync.store import CatalogueStore
from tests.conftest import demo_items, free_port


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory):
    exe = Path(sys.executable).with_name("chroma")
    if not exe.exists() and not shutil.which("chroma"):
        pytest.skip("the chroma CLI (from the chromadb package) is not installed")
    port = free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    log = open(data / "server.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            str(exe if exe.exists() else "chroma"),
            "run",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            str(data / "db"),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/v2/heartbeat", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail(f"chroma server did not start: {(data / 'server.log').read_text()[-2000:]}")
    yield url
    proc.terminate()
    proc.wait(timeout=20)
    log.close()


def test_sync_against_chroma_server(chroma_url, settings, embedder, write_items):
    server = settings.model_copy(update={"chroma_url": chroma_url, "collection": "shop-test"})
    items = demo_items(30)
    first = run_sync(write_items(items), server, embeddings=embedder)
    assert first.status == "ok", first.reason
    assert first.index_size == 30
    assert not Path(server.index_dir).exists()  # nothing embedded on local disk

    embedder.reset()
    changed = [dict(i) for i in items]
    changed[0]["price"] = "3.21 USD"
    store = CatalogueStore.open(None, chroma_url, "shop-test")
    before = store.get(ids=[items[0]["id"]], include=["embeddings"])["embeddings"][0]
    report = run_sync(write_items(changed[1:] + changed[:1]), server, embeddings=embedder)
    assert report.counts["metadata_only"] == 1 and report.counts["unchanged"] == 29
    assert embedder.texts == []
    got = store.get(ids=[items[0]["id"]], include=["embeddings", "metadatas"])
    assert got["metadatas"][0]["price"] == 3.21
    assert np.asarray(got["embeddings"][0]).tobytes() == np.asarray(before).tobytes()

    info = index_status(None, chroma_url, "shop-test")
    assert info["size"] == 30 and info["facets"]["products"] == 30


def test_rebuild_on_a_chroma_server_keeps_its_lease_and_the_index(
    chroma_url, settings, embedder, write_items
):
    """--rebuild drops both collections, the lease record with them: the sync claims it
    again and rebuilds (it stopped on "lost the lease" with the index already empty)."""
    server = settings.model_copy(update={"chroma_url": chroma_url, "collection": "rebuilt"})
    feed = write_items(demo_items(20))
    assert run_sync(feed, server, embeddings=embedder).status == "ok"
    report = run_sync(feed, server, embeddings=embedder, rebuild=True)
    assert report.status == "ok", report.reason
    assert report.counts["new"] == 20 and report.index_size == 20
    assert CatalogueStore.open(None, chroma_url, "rebuilt").count() == 20
    assert CatalogueStore.open(None, chroma_url, "rebuilt").read_meta("lease") is None  # released


def test_graph_answers_from_a_chroma_server(
    chroma_url, settings, embedder, write_items, monkeypatch
):
    from langgraph.checkpoint.memory import InMemorySaver

    import graph.resources
    import graph.search_nodes
    import graph.turn_readings
    from graph import build_graph
    from graph.constraints import now_ts, violations
    from graph.context import Context

    server = settings.model_copy(update={"chroma_url": chroma_url, "collection": "shop-graph"})
    assert run_sync(write_items(demo_items(80)), server, embeddings=embedder).status == "ok"
    # queries must be embedded in the same (fake) space the index was built with
    monkeypatch.setattr(graph.resources, "get_embeddings", lambda ctx, manifest=None: embedder)
    monkeypatch.setattr(graph.turn_readings, "get_embeddings", lambda ctx, manifest=None: embedder)
    app = build_graph(InMemorySaver())
    ctx = Context(chroma_url=chroma_url, collection="shop-graph", index_dir="")
    config = {"configurable": {"thread_id": "server"}}
    state = app.invoke({"messages": [("user", "show me shoes under 150")]}, config, context=ctx)
    cards = state["recommendations"]
    assert state["intent"] == "recommend" and cards
    store = CatalogueStore.open(None, chroma_url, "shop-graph")
    got = store.get(ids=[c["id"] for c in cards], include=["metadatas"])
    for meta in got["metadatas"]:
        assert violations(meta, state["preferences"], now_ts()) == []
    state = app.invoke({"messages": [("user", "cheaper")]}, config, context=ctx)
    assert state["intent"] == "refine"


def test_an_embedded_client_after_a_server_client_stays_embedded(chroma_url, tmp_path):
    # chromadb's client constructors write into the settings object they are given; a
    # server client must not leave its choices in the settings the next client gets.
    from sync.store import CatalogueStore

    CatalogueStore.open(None, chroma_url, "either").count()
    embedded = CatalogueStore.open(tmp_path / "index", None, "either")
    assert embedded.count() == 0 and (tmp_path / "index" / "chroma.sqlite3").exists()
