"""The sync benchmark runs and measures what it says (small sizes, the fake embedder).

Benchmarks are not run by ``make test`` (they take minutes and their figures are for
people); these smoke runs keep the script from rotting and check the parts of it that
are behaviour: every scenario's change set, the texts embedded, the floor's steps.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from _common import SleepyHashEmbedder  # noqa: E402
from sync_table import bench_floor  # noqa: E402

from sync.demo_feed import build_demo_feed  # noqa: E402
from sync.pipeline import run_sync  # noqa: E402
from sync.settings import SyncSettings  # noqa: E402
from sync.store import CatalogueStore  # noqa: E402


@pytest.mark.slow  # a benchmark run in a subprocess, ~9 s
def test_sync_table_quick_run_reports_each_scenario(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "bench/sync_table.py", "--quick", "--size", "30", "--embedder",
         "fake", "--no-change-size", "40", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    result = json.loads(out.stdout)
    rows = result["tables"]["fake"]["rows"]
    embedded = {key: row["embedded"] for key, row in rows.items()}
    assert embedded["none"] == embedded["price_stock"] == embedded["delete"] == 0
    assert embedded["add"] == embedded["description"] == embedded["category"] == 1
    assert 0 < embedded["full"] <= 30  # identical variant texts are embedded once
    assert rows["delete"]["counts"]["deleted"] == 1
    assert rows["full"]["share_pct"] == pytest.approx(100.0)
    assert result["no_change"]["size"] == 40 and result["no_change"]["times_s"]
    # Watch mode: the same change sets as warm ticks of one watcher.
    watch = result["tables"]["fake"]["watch"]
    assert set(watch) == set(rows) - {"full"}
    assert {key: row["embedded"] for key, row in watch.items()} == {
        k: v for k, v in embedded.items() if k != "full"
    }


@pytest.mark.slow
def test_freshness_bench_sees_every_change_through_another_process() -> None:
    """Watcher, feed server and graph reader in separate processes: each change (price,
    stock-out, new, deletion) reaches the reader's answers, by push and by polling."""
    out = subprocess.run(
        [sys.executable, "bench/freshness.py", "--size", "60", "--changes", "4",
         "--modes", "push,poll", "--interval", "2", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    results = {r["mode"]: r for r in json.loads(out.stdout)}
    assert set(results) == {"push", "poll"}
    for result in results.values():
        kinds = [x["kind"] for x in result["latencies"]]
        assert kinds == ["price", "stock", "new", "delete"]
        assert all(x["seconds"] > 0 for x in result["latencies"])


def test_floor_times_every_step_on_a_copy(tmp_path: Path) -> None:
    feed = tmp_path / "feed.xml"
    build_demo_feed(feed, size=20)
    base = tmp_path / "base"
    settings = SyncSettings(index_dir=base, cache_dir=tmp_path / "cache")
    assert run_sync(feed, settings, embeddings=SleepyHashEmbedder(delay=0)).status == "ok"
    count = CatalogueStore.open(base).count()

    floor = bench_floor(base, SleepyHashEmbedder(delay=0), runs=2, work=tmp_path)

    assert set(floor["median_ms"]) == {
        "open client", "bind collections", "read manifest", "write one record",
        "commit manifest", "embed one text",
    }  # fmt: skip
    assert all(ms >= 0 for ms in floor["median_ms"].values())
    assert floor["floor_ms"] >= floor["floor_ms_warm"] >= floor["median_ms"]["write one record"]
    assert not list(tmp_path.glob("floor-*"))  # the copies are removed
    assert CatalogueStore.open(base).count() == count  # the base is never written
