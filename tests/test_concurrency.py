"""Concurrency: two syncs on one index, and a sync running while the graph answers.

* Two ``python -m sync run`` processes released at the same instant on one embedded
  index: without ``--wait`` exactly one runs and the other is refused (exit 3, "another
  sync"); with ``--wait`` both succeed and the second is a no-change sync. The index is
  consistent afterwards either way. The file lock (``sync.pipeline.lock_path``) is what
  keeps cross-process embedded writers apart.
* A sync thread alternating two feeds while the main thread runs graph turns and
  searches: every answer comes from a consistent index (no record without complete
  metadata, no price that neither feed has).

Chroma's embedded mode is single-process: two clients on one path are fine inside one
process (they share Chroma's system), which is how the sync-while-answering test runs.
Readers in *other* processes (the LangGraph server, the page) should use the Chroma
server mode (``AISLE_CHROMA_URL``) when a sync writes concurrently; cross-process
embedded *writers* are serialised by the file lock tested here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from sync.demo_feed import write_feed
from sync.store import CatalogueStore
from tests.conftest import TAXONOMY, demo_items

ROOT = Path(__file__).resolve().parents[1]
PROCESS_TIMEOUT = 240  # seconds for one sync process (imports included) on a busy machine
SYNCS = 10  # syncs of the background thread, alternating the changed and the base feed

#: ``python -m sync`` with the fake embedder (fast, deterministic) and a start barrier:
#: each process signals ``AISLE_TEST_READY`` once imported, then waits for ``AISLE_TEST_GO``
#: so two processes reach the lock within milliseconds of each other.
FAKE_CLI = """
import os, sys, time
from pathlib import Path
import sync.pipeline
from tests.conftest import RecordingEmbedder
sync.pipeline.load_embeddings = lambda settings: RecordingEmbedder(dim=16)
from sync.cli import main
ready, go = os.environ.get("AISLE_TEST_READY"), os.environ.get("AISLE_TEST_GO")
if ready:
    Path(ready).touch()
if go:
    deadline = time.monotonic() + 120
    while not Path(go).exists() and time.monotonic() < deadline:
        time.sleep(0.002)
sys.argv = ["aisle-sync", *sys.argv[1:]]
main()
"""


def cli_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a sync subprocess: no inherited AISLE_* settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AISLE_")}
    env.update(AISLE_CACHE_DIR=str(tmp_path / "cache"), PYTHONUNBUFFERED="1", **extra)
    if TAXONOMY.exists():
        env["AISLE_TAXONOMY_PATH"] = str(TAXONOMY)
    return env


def start_fake_sync(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", FAKE_CLI, "run", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen) -> tuple[int, dict[str, Any], str]:
    """Wait for a ``--json`` sync process: (exit code, its JSON report, stderr)."""
    try:
        out, err = proc.communicate(timeout=PROCESS_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"sync process still running after {PROCESS_TIMEOUT}s: {err[-2000:]}")
    assert "Traceback" not in err, err[-3000:]
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, f"--json must print exactly one object: {out!r} {err[-2000:]}"
    return proc.returncode, json.loads(lines[0]), err


def assert_consistent(index_dir: Path, items: list[dict[str, Any]], dim: int | None = 16) -> None:
    """The index holds exactly the feed's products, each with metadata and a vector."""
    store = CatalogueStore.open(index_dir)
    got = store.get(include=["metadatas", "embeddings", "documents"])
    assert store.count() == len(items)
    assert sorted(got["ids"]) == sorted(i["id"] for i in items)
    titles = {i["id"]: i["title"] for i in items}
    for pid, meta, vector, doc in zip(
        got["ids"], got["metadatas"], got["embeddings"], got["documents"], strict=True
    ):
        assert meta and meta.get("_full_hash") and meta.get("_sem_hash"), (pid, meta)
        assert meta.get("title") == titles[pid] and "price" in meta and "in_stock" in meta
        assert vector is not None and len(vector) == (dim or len(vector)) > 0, pid
        assert doc, pid
    manifest = store.read_manifest()
    assert manifest is not None and not manifest.get("in_progress"), manifest


def _race(tmp_path: Path, feed: Path, index: Path, extra: list[str]) -> list[tuple]:
    """Start two syncs of ``feed`` on ``index`` and release them at the same instant."""
    go = tmp_path / "go"
    procs = []
    for n in range(2):
        ready = tmp_path / f"ready{n}"
        env = cli_env(tmp_path, AISLE_TEST_READY=str(ready), AISLE_TEST_GO=str(go))
        procs.append(
            (ready, start_fake_sync([str(feed), "--index", str(index), "--json", *extra], env))
        )
    deadline = time.monotonic() + PROCESS_TIMEOUT
    while not all(ready.exists() for ready, _ in procs):
        assert time.monotonic() < deadline, "sync processes did not start"
        assert all(p.poll() is None for _, p in procs), [finish(p) for _, p in procs]
        time.sleep(0.05)
    go.touch()
    return [finish(p) for _, p in procs]


@pytest.mark.slow  # two sync processes, ~6 s
def test_two_syncs_at_once_one_runs_the_other_is_refused(tmp_path: Path) -> None:
    items = demo_items(60)
    feed = tmp_path / "feed.xml"
    write_feed(feed, items)
    index = tmp_path / "index"
    results = sorted(_race(tmp_path, feed, index, []), key=lambda r: r[0])
    (ok_code, ok, _), (refused_code, refused, _) = results
    assert ok_code == 0 and ok["status"] == "ok", ok
    assert ok["counts"]["new"] == 60 and ok["index_size"] == 60
    assert refused_code == 3 and refused["status"] == "refused", refused
    assert "another sync" in refused["reason"] and "--wait" in refused["reason"]
    assert refused["counts"]["new"] == 0  # refused before reading anything
    assert_consistent(index, items)


@pytest.mark.slow  # two sync processes, ~6 s
def test_two_syncs_at_once_with_wait_queue_and_the_second_changes_nothing(
    tmp_path: Path,
) -> None:
    items = demo_items(60)
    feed = tmp_path / "feed.xml"
    write_feed(feed, items)
    index = tmp_path / "index"
    results = _race(tmp_path, feed, index, ["--wait", "60"])
    assert [code for code, _, _ in results] == [0, 0], results
    reports = sorted((r for _, r, _ in results), key=lambda r: -r["counts"]["new"])
    first, second = reports
    assert first["counts"]["new"] == 60, first
    changes = sum(second["counts"][k] for k in ("new", "changed", "metadata_only", "deleted"))
    assert changes == 0 and second["counts"]["unchanged"] == 60, second
    assert second["embedded"] == 0 and second["index_size"] == 60
    assert_consistent(index, items)


# -- a sync running while the graph answers -------------------------------------------------


def _price(text: str) -> float:
    return float(text.split()[0])


def _feeds() -> tuple[list[dict], list[dict]]:
    """The base feed and a changed one: 6 repriced, 1 deleted, 2 added."""
    base = demo_items(60)
    changed = [dict(i) for i in base]
    repriced = [i for i in changed if not i.get("sale_price")][1:7]
    for item in repriced:
        item["price"] = f"{_price(item['price']) + 7.5:.2f} USD"
    deleted = next(i for i in changed if not i.get("sale_price") and i not in repriced)
    changed.remove(deleted)
    for n, template in enumerate(base[:2], start=1):
        added = dict(template)
        added["id"] = f"AIS-9{n:05d}"
        added["title"] = f"{template['title']} Limited Edition {n}"
        added["link"] = f"{template['link']}-limited-{n}"
        added["item_group_id"] = ""
        changed.append(added)
    return base, changed


@pytest.mark.slow
def test_graph_answers_from_a_consistent_index_while_syncs_run(tmp_path: Path) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from graph.context import Context
    from graph.graph import build_graph
    from graph.resources import clear_caches, get_embeddings
    from graph.search import search
    from sync.pipeline import run_sync
    from sync.settings import SyncSettings

    base, changed = _feeds()
    feeds = [tmp_path / "base.xml", tmp_path / "changed.xml"]
    write_feed(feeds[0], base)
    write_feed(feeds[1], changed)
    allowed: dict[str, set[float]] = {}
    titles: dict[str, str] = {}
    for item in base + changed:
        allowed.setdefault(item["id"], set()).add(_price(item["price"]))
        titles[item["id"]] = item["title"]
    settings = SyncSettings(
        index_dir=tmp_path / "index",
        cache_dir=tmp_path / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
        write_batch=2,  # many small writes: readers see the index between batches
    )
    ctx = Context(index_dir=str(settings.index_dir), reranker="deterministic")
    clear_caches()
    embeddings = get_embeddings(ctx)  # the real model, shared by the sync and the graph
    embeddings.embed_query("warm up")
    first = run_sync(feeds[0], settings, embeddings=embeddings)
    assert first.status == "ok", first.reason

    reports: list[Any] = []
    errors: list[BaseException] = []
    done = threading.Event()

    def syncer() -> None:
        try:
            for n in range(SYNCS):
                reports.append(run_sync(feeds[(n + 1) % 2], settings, embeddings=embeddings))
        except BaseException as exc:  # noqa: BLE001 - surfaced by the main thread
            errors.append(exc)
        finally:
            done.set()

    def check_record(pid: str, meta: dict[str, Any] | None) -> None:
        assert meta, f"{pid}: a record without metadata"
        for key in ("title", "price", "in_stock", "_full_hash", "_sem_hash"):
            assert key in meta, (pid, key, meta)
        assert pid in allowed, f"{pid} is in neither feed"
        assert meta["title"] == titles[pid], (pid, meta["title"])
        assert float(meta["price"]) in allowed[pid], (pid, meta["price"], allowed[pid])

    store = CatalogueStore.open(settings.index_dir)
    app = build_graph(InMemorySaver())
    # the repriced and the added products by name, so the cards include them
    queries = [titles[pid] for pid, prices in allowed.items() if len(prices) > 1]
    queries += [i["title"] for i in changed[-2:]] + ["bluetooth speaker", "shoes under 150"]
    thread = threading.Thread(target=syncer, name="syncer", daemon=True)
    thread.start()
    turns = cards_seen = scans = 0
    deadline = time.monotonic() + 300
    while not done.is_set() or turns < 3:
        assert time.monotonic() < deadline, "syncs did not finish in 300 s"
        query = queries[turns % len(queries)]
        config = {"configurable": {"thread_id": f"t{turns}"}}
        state = app.invoke({"messages": [("user", f"I want {query}")]}, config, context=ctx)
        turns += 1
        for card in state.get("recommendations") or []:
            cards_seen += 1
            pid = card["id"]
            assert pid in allowed, card
            assert card["title"] == titles[pid], card  # a missing title would show the id
            assert card["price"] in allowed[pid], (card, allowed[pid])
            got = store.get(ids=[pid], include=["metadatas"])
            if got["ids"]:  # it may have been deleted by the sync since the turn
                check_record(pid, got["metadatas"][0])
        for hit in search(query, k=5, context=ctx):
            got = store.get(ids=[hit["id"]], include=["metadatas"])
            if got["ids"]:
                check_record(hit["id"], got["metadatas"][0])
        # a whole-index scan each round: never a vector without metadata
        scans += 1
        got = store.get(include=["metadatas", "embeddings"])
        for pid, meta, vector in zip(got["ids"], got["metadatas"], got["embeddings"], strict=True):
            check_record(pid, meta)
            assert vector is not None and len(vector) == 384, pid
    thread.join(timeout=60)
    assert not errors, errors
    assert [r.status for r in reports] == ["ok"] * SYNCS, [r.reason for r in reports]
    assert turns >= 3 and cards_seen > 0 and scans >= 1, (turns, cards_seen, scans)
    # SYNCS is even: the last sync was of the base feed: the index is exactly the base feed
    clear_caches()
    assert_consistent(settings.index_dir, base, dim=384)
    prices = {
        pid: meta["price"]
        for pid, meta in zip(*(lambda g: (g["ids"], g["metadatas"]))(store.get()), strict=True)
    }
    assert prices == {i["id"]: _price(i["price"]) for i in base}
    print(
        f"\n{turns} graph turns, {cards_seen} cards checked, {scans} index scans "
        f"during {SYNCS} syncs"
    )


def test_an_embedded_client_opens_when_another_thread_drops_its_system_mid_open(
    tmp_path: Path, monkeypatch
) -> None:
    """chromadb reads a directory's shared system after checking it is there; a client
    closed in another thread in between raised KeyError in a graph turn (seen in CI
    under load). Opening tries again and gets a fresh system."""
    from chromadb.api.shared_system_client import SharedSystemClient

    from sync.store import make_client

    real = SharedSystemClient._create_system_if_not_exists.__func__
    calls = []

    def dropped_once(cls, identifier, settings):
        calls.append(identifier)
        if len(calls) == 1:
            raise KeyError(identifier)  # what the race raises
        return real(cls, identifier, settings)

    monkeypatch.setattr(
        SharedSystemClient, "_create_system_if_not_exists", classmethod(dropped_once)
    )
    client = make_client(tmp_path / "index")
    assert client.heartbeat() and len(calls) >= 2  # the first open failed, a later one served
