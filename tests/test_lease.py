"""The index lease keeps syncs on different machines off one Chroma server index."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sync.errors import SyncLocked
from sync.lease import LEASE_KEY, IndexLease
from sync.store import CatalogueStore
from tests.conftest import demo_items
from tests.test_chroma_server import chroma_url  # noqa: F401 - the server fixture

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def store(tmp_path):
    return CatalogueStore.open(tmp_path / "index")


def test_second_claim_is_refused_until_release(store):
    first = IndexLease(store, settle=0.05)
    first.acquire()
    with pytest.raises(SyncLocked, match="holds this index's lease"):
        IndexLease(store, settle=0.05).acquire()
    first.release()
    assert store.read_meta(LEASE_KEY) is None
    with IndexLease(store, settle=0.05) as second:
        assert second.held_by_me()


def test_an_expired_lease_can_be_taken_over(store):
    now = [1000.0]
    stale = IndexLease(store, ttl=10, settle=0.01, clock=lambda: now[0])
    stale.acquire()
    stale._stop.set()  # a holder that died without releasing
    now[0] += 11
    taker = IndexLease(store, ttl=10, settle=0.01, clock=lambda: now[0])
    taker.acquire()
    assert taker.held_by_me() and not stale.held_by_me()
    taker.release()


def test_racing_claims_end_with_exactly_one_holder(store):
    results: list[str] = []

    def claim() -> None:
        lease = IndexLease(store, settle=0.3)
        try:
            lease.acquire()
            results.append("held")
        except SyncLocked:
            results.append("refused")

    threads = [threading.Thread(target=claim) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["held", "refused", "refused"]


@pytest.mark.slow
def test_two_sync_processes_on_one_chroma_server(chroma_url, write_items, tmp_path):  # noqa: F811
    feed = write_items(demo_items(30))
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}

    def start(n: int) -> subprocess.Popen:
        # separate cache dirs: as on two machines, the local file lock cannot see the other
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sync",
                "run",
                str(feed),
                "--json",
                "--chroma-url",
                chroma_url,
                "--collection",
                "lease-test",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**env, "AISLE_CACHE_DIR": str(tmp_path / f"cache{n}")},
        )

    procs = [start(1), start(2)]
    outcomes = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        outcomes.append((proc.returncode, json.loads(out) if out.strip() else err))
    codes = sorted(code for code, _ in outcomes)
    if codes == [0, 0]:
        # the second only started after the first finished: then it must be a no-change sync
        counts = [report["counts"] for _, report in outcomes]
        assert any(c["unchanged"] == 30 for c in counts), outcomes
    else:
        assert codes == [0, 3], outcomes
        refused = next(report for code, report in outcomes if code == 3)
        assert "lease" in refused["reason"]
    info = CatalogueStore.open(None, chroma_url, "lease-test")
    assert info.count() == 30
