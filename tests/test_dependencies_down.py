"""Dependencies down: the Chroma server stops mid-sync; the disk fills.

Either way the sync reports ``status: "failed"`` (exit 5) with a reason saying what failed
and what to do, never a traceback, and a rerun once the dependency is back converges to
what a clean sync of the same feed produces (ids, documents, metadata).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from sync.demo_feed import write_feed
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from tests.conftest import RecordingEmbedder, demo_items, free_port
from tests.test_concurrency import cli_env, finish, start_fake_sync

pytestmark = pytest.mark.slow


def _chroma_exe() -> str:
    exe = Path(sys.executable).with_name("chroma")
    if exe.exists():
        return str(exe)
    found = shutil.which("chroma")
    if not found:
        pytest.skip("the chroma CLI (from the chromadb package) is not installed")
    return found


def _start_chroma(path: Path, port: int, log: Path) -> subprocess.Popen:
    with open(log, "a") as out:
        proc = subprocess.Popen(
            [_chroma_exe(), "run", "--host", "127.0.0.1", "--port", str(port), "--path", str(path)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()[-2000:]
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1).is_success:
                return proc
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    pytest.fail(f"chroma server did not start: {log.read_text()[-2000:]}")


def _kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=20)


def _changed(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Price changes, new descriptions (re-embedded), a deletion and an addition."""
    out = [dict(i) for i in items[:-1]]
    for item in out[:5]:
        if not item.get("sale_price"):
            item["price"] = f"{float(item['price'].split()[0]) + 3:.2f} USD"
    for item in out[5:20]:
        item["description"] += " Now with a longer warranty."
    added = dict(items[0], id="AIS-990001", title="Arcwave Limited Edition Speaker")
    return [*out, added]


def _records(store: CatalogueStore) -> dict[str, tuple[Any, Any]]:
    """Each record as a rebuild must reproduce it: the writing sync's generation aside."""
    got = store.get(include=["metadatas", "documents"])
    return {
        pid: ({k: v for k, v in meta.items() if k != "_gen"}, doc)
        for pid, meta, doc in zip(got["ids"], got["metadatas"], got["documents"], strict=True)
    }


def test_chroma_server_stopping_mid_sync_fails_clearly_and_a_rerun_converges(
    tmp_path: Path, settings, write_items, monkeypatch
) -> None:
    import functools

    import sync.pipeline
    from sync.lease import IndexLease

    # the killed sync's lease must expire before the rerun; 6 s, not a minute, here
    monkeypatch.setattr(sync.pipeline, "IndexLease", functools.partial(IndexLease, ttl=6.0))
    port = free_port()
    data, log = tmp_path / "chroma-db", tmp_path / "chroma.log"
    url = f"http://127.0.0.1:{port}"
    server = _start_chroma(data, port, log)
    try:
        cfg = settings.model_copy(
            update={"chroma_url": url, "collection": "down-test", "write_batch": 3}
        )
        embedder = RecordingEmbedder()
        items = demo_items(60)
        assert run_sync(write_items(items), cfg, embeddings=embedder).status == "ok"

        killed: list[int] = []

        class StopsTheServer(CatalogueStore):
            """Stops the server right after the first write batch lands."""

            def upsert(self, *args: Any, **kwargs: Any) -> None:
                super().upsert(*args, **kwargs)
                if not killed:
                    _kill(server)
                    killed.append(1)

        changed_feed = write_items(_changed(items))
        store = StopsTheServer.open(None, url, "down-test")
        report = run_sync(changed_feed, cfg, embeddings=embedder, store=store)
        assert killed, "the sync never wrote"
        assert report.status == "failed" and report.exit_code == 5, report.to_dict()
        assert f"Chroma server at {url}" in report.reason, report.reason
        assert "stopped answering" in report.reason and "run the sync again" in report.reason

        # with the server still down, a new sync fails the same clear way (at connect)
        down = run_sync(changed_feed, cfg, embeddings=embedder)
        assert down.status == "failed" and down.exit_code == 5, down.to_dict()
        assert "stopped answering" in down.reason, down.reason

        server = _start_chroma(data, port, log)
        # wait covers a lease the failed sync could not release (it expires on its own)
        rerun = run_sync(
            changed_feed, cfg.model_copy(update={"lock_timeout": 120}), embeddings=embedder
        )
        assert rerun.status == "ok", rerun.reason
        clean_cfg = cfg.model_copy(update={"collection": "clean-ref"})
        clean = run_sync(changed_feed, clean_cfg, embeddings=RecordingEmbedder())
        assert clean.status == "ok", clean.reason
        after = _records(CatalogueStore.open(None, url, "down-test"))
        reference = _records(CatalogueStore.open(None, url, "clean-ref"))
        assert sorted(after) == sorted(reference) and len(after) == 60
        assert after == reference
        manifest = CatalogueStore.open(None, url, "down-test").read_manifest()
        assert manifest and not manifest["in_progress"]
    finally:
        _kill(server)


def _mount_tmpfs(path: Path, size: str) -> None:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (os.geteuid() != 0)")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"`mount -t tmpfs` is not permitted here: {done.stderr.strip()}")


def test_disk_full_fails_clearly_and_a_rerun_after_freeing_space_converges(
    tmp_path: Path,
) -> None:
    items = demo_items(1000)  # ~9 MB of index: cannot fit in 4 MB
    feed = tmp_path / "feed.xml"
    write_feed(feed, items)
    mount = tmp_path / "small-disk"
    _mount_tmpfs(mount, "4m")
    try:
        index = mount / "index"
        env = cli_env(tmp_path)
        code, report, err = finish(
            start_fake_sync([str(feed), "--index", str(index), "--json"], env)
        )
        assert code == 5 and report["status"] == "failed", report
        assert "full" in report["reason"] and "run again" in report["reason"], report["reason"]
        # free space, then the same sync again (a new process, as a scheduler would run it;
        # chromadb 1.5's embedded client is not reusable in the process that hit the full disk)
        subprocess.run(["mount", "-o", "remount,size=128m", str(mount)], check=True)
        code, again, err = finish(
            start_fake_sync([str(feed), "--index", str(index), "--json"], env)
        )
        assert code == 0 and again["status"] == "ok", again
        assert again["index_size"] == 1000
        clean_index = tmp_path / "clean-index"
        code, clean, _ = finish(
            start_fake_sync([str(feed), "--index", str(clean_index), "--json"], env)
        )
        assert code == 0, clean
        after = _records(CatalogueStore.open(index))
        reference = _records(CatalogueStore.open(clean_index))
        assert len(after) == 1000 and after == reference
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_disk_full_then_a_rerun_in_the_same_process_completes(tmp_path: Path) -> None:
    # The page syncs in its own process: after a full disk, the next sync there must not
    # reuse chromadb's system for the directory (it hangs on its next call; issue found
    # by running exactly this), and must converge like a new process does.
    items = demo_items(1000)
    feed = tmp_path / "feed.xml"
    write_feed(feed, items)
    mount = tmp_path / "small-disk"
    _mount_tmpfs(mount, "4m")
    try:
        settings = SyncSettings(index_dir=mount / "index", cache_dir=tmp_path / "cache")
        first = run_sync(feed, settings, embeddings=RecordingEmbedder())
        assert first.status == "failed" and first.exit_code == 5, first.to_dict()
        assert "full" in first.reason
        subprocess.run(["mount", "-o", "remount,size=128m", str(mount)], check=True)

        outcome: dict[str, Any] = {}
        rerun = threading.Thread(
            target=lambda: outcome.update(
                report=run_sync(feed, settings, embeddings=RecordingEmbedder())
            ),
            daemon=True,
        )
        rerun.start()
        rerun.join(timeout=300)  # a hang guard: the rerun takes seconds
        assert not rerun.is_alive(), "the second sync in the same process hung"
        report = outcome["report"]
        assert report.status == "ok" and report.index_size == 1000, report.to_dict()
        clean = tmp_path / "clean-index"
        clean_settings = SyncSettings(index_dir=clean, cache_dir=tmp_path / "cache2")
        assert run_sync(feed, clean_settings, embeddings=RecordingEmbedder()).status == "ok"
        assert _records(CatalogueStore.open(mount / "index")) == _records(
            CatalogueStore.open(clean)
        )
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)
