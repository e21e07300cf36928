"""A running graph answers from the generation a sync just finished, without a restart.

The sync runs in another process (``python -m sync run``), as ``sync watch``
and cron do, while this process keeps the graph's clients open and warm. An
embedded chromadb client serves vector queries from the HNSW index it loaded:
without reopening it, new products stay invisible and deleted ones keep
coming back (see ``graph.resources``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.context import Context
from graph.resources import clear_caches, get_embeddings, get_store, get_view
from graph.search import search
from sync.demo_feed import write_feed
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from tests.conftest import TAXONOMY, demo_items
from tests.test_chroma_server import chroma_url  # noqa: F401 - the server fixture

# Syncs in other processes with the real model, and a Chroma server.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]

# Runs the sync CLI with the pipeline paused after the finished manifest is written and
# before the deletions it promises: argv = gate file, then the CLI's arguments.
PAUSED_SYNC = """
import sys, time
from pathlib import Path
import sync.pipeline
gate = Path(sys.argv[1])
def checkpoint(point):
    if point == "manifest:done":
        gate.with_suffix(".reached").touch()
        while not gate.exists():
            time.sleep(0.05)
sync.pipeline.checkpoint = checkpoint
sys.argv = ["sync", *sys.argv[2:]]
from sync.cli import main
main()
"""


def _env(work: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AISLE_")}
    env.update(HF_HUB_OFFLINE="1", AISLE_CACHE_DIR=str(work / "cache"))
    if TAXONOMY.exists():
        env["AISLE_TAXONOMY_PATH"] = str(TAXONOMY)
    return env


def _sync_args(feed: Path, index: Path) -> list[str]:
    return ["run", str(feed), "--index", str(index), "--json"]


def _sync_elsewhere(work: Path, feed: Path, index: Path) -> dict:
    """``python -m sync run`` in a process of its own; its JSON report."""
    done = subprocess.run(
        [sys.executable, "-m", "sync", *_sync_args(feed, index)],
        cwd=ROOT,
        env=_env(work),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    return json.loads(done.stdout)


def _product(pid: str, title: str, kind: str, text: str) -> dict:
    base = dict(demo_items(1)[0])
    base.update(
        id=pid,
        title=title,
        description=f"<p>{text}</p>",
        link=f"https://demo.aisle.shop/products/{pid.lower()}",
        product_type=kind,
        price="49.00 USD",
        sale_price="",
        sale_price_effective_date="",
        availability="in stock",
        item_group_id="",
        color="",
        material="",
    )
    return base


class Shop:
    """The feed as the merchant edits it between syncs."""

    def __init__(self, work: Path) -> None:
        self.work, self.index = work, work / "index"
        self.ctx = Context()  # the reader's, set by the fixture
        self.items = [dict(i) for i in demo_items(40)]
        self.n = 0

    def single(self, skip: set[str]) -> dict:
        """An in-stock product without variants or sale price, not in ``skip``."""
        return next(
            i
            for i in self.items
            if not i["item_group_id"]
            and not i["sale_price"]
            and i["availability"] == "in stock"
            and i["id"] not in skip
        )

    def feed(self) -> Path:
        self.n += 1
        path = self.work / f"feed{self.n}.xml"
        write_feed(path, self.items)
        return path


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """A demo index synced by another process, and a context whose clients are warm."""
    work = tmp_path_factory.mktemp("fresh-generation")
    shop = Shop(work)
    assert _sync_elsewhere(work, shop.feed(), shop.index)["status"] == "ok"
    with pytest.MonkeyPatch.context() as mp:
        for var in [v for v in os.environ if v.startswith("AISLE_")]:
            mp.delenv(var)
        ctx = Context(index_dir=str(shop.index), reranker="deterministic")
        clear_caches()
        # Serve a few queries first, as a running page or server would have: the vector
        # index and the filter table are loaded.
        assert search("bluetooth speaker", k=3, context=ctx)
        view = get_view(ctx)
        if view._loading is not None:
            view._loading.join(timeout=60)
        assert view.filters is not None
        shop.ctx = ctx
        yield shop
    clear_caches()


def _nearest(ctx: Context, text: str) -> list[str]:
    """Every id the graph's store finds near ``text`` (its whole vector index, ranked)."""
    vector = get_embeddings(ctx).embed_query(text)
    return [pid for pid, _ in get_store(ctx).nearest_ids(vector, 200)]


def _ids(hits: list[dict]) -> list[str]:
    return [h["id"] for h in hits]


def test_a_sync_in_another_process_is_searched_at_once(shop):
    ctx = shop.ctx
    before = get_store(ctx)
    gone = shop.single(set())
    repriced = shop.single({gone["id"]})
    sold_out = shop.single({gone["id"], repriced["id"]})
    new = _product(
        "AIS-900001",
        "Northwind Polar Expedition Ice Axe",
        "Sport > Outdoor > Climbing",
        "A forged steel ice axe for glacier travel and alpine mountaineering.",
    )
    assert gone["id"] in _nearest(ctx, gone["title"])
    shop.items = [i for i in shop.items if i["id"] != gone["id"]] + [new]
    repriced["price"] = "3.50 USD"
    sold_out["availability"] = "out of stock"

    report = _sync_elsewhere(shop.work, shop.feed(), shop.index)
    counts = report["counts"]
    assert (counts["new"], counts["deleted"], counts["metadata_only"]) == (1, 1, 2), report

    # The next turn, in the same process, without a restart:
    assert _nearest(ctx, "ice axe for glacier mountaineering")[0] == new["id"]
    assert _ids(search("ice axe for glacier mountaineering", k=3, context=ctx))[0] == new["id"]
    assert gone["id"] not in _nearest(ctx, gone["title"])
    assert gone["id"] not in _ids(search(gone["title"], k=10, context=ctx))
    cheap = search(repriced["title"], k=10, filters={"max_price": 5}, context=ctx)
    assert repriced["id"] in _ids(cheap)
    in_stock = search(sold_out["title"], k=10, filters={"in_stock_only": True}, context=ctx)
    assert sold_out["id"] not in _ids(in_stock)

    # Reopened once for the new generation, not on every call.
    after = get_store(ctx)
    assert after is not before and get_store(ctx) is after
    # A turn that still holds the old store (another thread) finishes on it.
    assert before.nearest_ids(get_embeddings(ctx).embed_query("speaker"), 3)

    app = build_graph(InMemorySaver())
    state = app.invoke(
        {"messages": [("user", "I need an ice axe for glacier mountaineering")]},
        {"configurable": {"thread_id": "fresh"}},
        context=ctx,
    )
    cards = {c["id"]: c for c in state["recommendations"]}
    assert new["id"] in cards, [c["title"] for c in state["recommendations"]]
    assert cards[new["id"]]["price"] == 49.0


def test_deletions_after_the_finished_manifest_are_seen_too(shop):
    """A sync writes its finished manifest, then deletes: a turn in between is served too."""
    ctx = shop.ctx
    gone = shop.single(set())
    new = _product(
        "AIS-900002",
        "Harbor Lantern Brass Ship Bell",
        "Home > Decor > Nautical",
        "A polished brass ship bell with a rope pull, for a porch or a boat.",
    )
    shop.items = [i for i in shop.items if i["id"] != gone["id"]] + [new]
    gate = shop.work / "gate"
    proc = subprocess.Popen(
        [sys.executable, "-c", PAUSED_SYNC, str(gate), *_sync_args(shop.feed(), shop.index)],
        cwd=ROOT,
        env=_env(shop.work),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 300
        while not gate.with_suffix(".reached").exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the sync never reached its deletions"
            time.sleep(0.05)
        # The generation is finished: its new product is served; the deletion is pending.
        assert _nearest(ctx, "brass ship bell")[0] == new["id"]
        assert _ids(search("brass ship bell", k=3, context=ctx))[0] == new["id"]
        assert gone["id"] in _nearest(ctx, gone["title"])
    finally:
        gate.touch()
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-2000:]
    assert json.loads(out)["counts"]["deleted"] == 1

    assert gone["id"] not in _nearest(ctx, gone["title"])
    assert gone["id"] not in _ids(search(gone["title"], k=10, context=ctx))
    assert _ids(search("brass ship bell", k=3, context=ctx))[0] == new["id"]


def test_a_sync_that_changed_nothing_keeps_what_the_graph_loaded(shop):
    """A ``sync watch`` tick over an unchanged feed (in another process): the manifest's
    last sync moves, the generation does not, and the view's filter table, lexical index
    and word bridge are kept rather than rebuilt (turns never wait on a rebuild)."""
    ctx = shop.ctx
    before = get_view(ctx)
    if before._loading is not None:
        before._loading.join(timeout=60)
    stamp = CatalogueStore.open(shop.index).read_manifest()
    report = _sync_elsewhere(shop.work, shop.feed(), shop.index)
    assert report["status"] == "ok" and report["counts"]["unchanged"] == len(shop.items)
    after_manifest = CatalogueStore.open(shop.index).read_manifest()
    assert after_manifest["last_sync"]["at"] >= stamp["last_sync"]["at"]
    assert after_manifest["generation"] == stamp["generation"]
    view = get_view(ctx)
    assert view is before and view.lexical is before.lexical is not None


def test_a_sync_in_this_process_is_searched_at_once(shop):
    """The page's sync panel runs the sync in the graph's own process."""
    ctx = shop.ctx
    gone = shop.single(set())
    new = _product(
        "AIS-900003",
        "Copperleaf Handmade Ceramic Teapot",
        "Home > Kitchen > Teaware",
        "A hand-thrown stoneware teapot with a bamboo handle and a loose-leaf infuser.",
    )
    shop.items = [i for i in shop.items if i["id"] != gone["id"]] + [new]
    settings = SyncSettings(
        index_dir=shop.index,
        cache_dir=shop.work / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    report = run_sync(shop.feed(), settings)
    assert report.status == "ok", report.reason

    assert _nearest(ctx, "ceramic teapot")[0] == new["id"]
    assert _ids(search("ceramic teapot", k=3, context=ctx))[0] == new["id"]
    assert gone["id"] not in _nearest(ctx, gone["title"])
    assert gone["id"] not in _ids(search(gone["title"], k=10, context=ctx))


def test_a_rebuild_in_another_process_is_searched_at_once(shop):
    """``--rebuild`` drops and recreates the collections the graph's store had open."""
    ctx = shop.ctx
    # its own new product: the module's tests may run on other workers (pytest-xdist), so
    # none may rely on what another added to the shared shop
    new = _product(
        "AIS-900005",
        "Tidewater Split-Bamboo Fly Fishing Rod",
        "Sport > Fishing > Rods",
        "A light split-bamboo fly rod for small streams, with a cork grip and a cloth bag.",
    )
    shop.items = [i for i in shop.items if i["id"] != new["id"]] + [new]
    feed = shop.feed()
    done = subprocess.run(
        [sys.executable, "-m", "sync", *_sync_args(feed, shop.index), "--rebuild"],
        cwd=ROOT,
        env=_env(shop.work),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    assert _nearest(ctx, "bamboo fly fishing rod")[0] == new["id"]
    assert _ids(search("split-bamboo fly rod", k=3, context=ctx))[0] == new["id"]


def test_a_chroma_server_is_not_reopened(chroma_url, tmp_path, monkeypatch):  # noqa: F811
    """A server serves every write at once: the graph keeps its client, even after a rebuild."""
    url = chroma_url
    for var in [v for v in os.environ if v.startswith("AISLE_")]:
        monkeypatch.delenv(var)
    shop = Shop(tmp_path)
    args = ["--chroma-url", url, "--collection", "fresh"]

    def sync_elsewhere(*extra: str) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "sync", "run", str(shop.feed()), "--json", *args, *extra],
            cwd=ROOT,
            env=_env(tmp_path),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]

    sync_elsewhere()
    ctx = Context(chroma_url=url, collection="fresh", reranker="deterministic")
    clear_caches()
    try:
        assert search("bluetooth speaker", k=3, context=ctx)
        before = get_store(ctx)
        gone = shop.single(set())
        new = _product(
            "AIS-900004",
            "Northwind Polar Expedition Ice Axe",
            "Sport > Outdoor > Climbing",
            "A forged steel ice axe for glacier travel and alpine mountaineering.",
        )
        shop.items = [i for i in shop.items if i["id"] != gone["id"]] + [new]
        sync_elsewhere()
        assert _nearest(ctx, "ice axe for glacier mountaineering")[0] == new["id"]
        assert gone["id"] not in _nearest(ctx, gone["title"])
        assert get_store(ctx) is before  # no manifest read per call, no new client

        # Rebuilt from scratch elsewhere: new collections, the old handles point at none.
        # (Not with --rebuild: against a server it drops the lease with the collections.)
        CatalogueStore.open(None, url, "fresh").drop()
        sync_elsewhere()
        assert _ids(search("ice axe for glacier mountaineering", k=3, context=ctx))[0] == new["id"]
        assert get_store(ctx).client is before.client
    finally:
        clear_caches()
