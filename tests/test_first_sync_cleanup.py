"""A first sync that writes no finished generation leaves no index and no lock behind.

Refused (exit 3), failed to fetch (exit 4) or dry: the index directory is as it
was before (absent, or holding only what was there), and the next sync, in this
process or another, builds the index as if nothing had happened.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sync.demo_feed import write_feed
from sync.pipeline import run_sync
from sync.status import index_status
from sync.store import CatalogueStore, make_client
from tests.conftest import demo_items, free_port
from tests.test_chroma_server import chroma_url  # noqa: F401 - the server fixture

ROOT = Path(__file__).resolve().parents[1]
EMPTY = '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'


def _bad_feed(tmp_path: Path, kind: str) -> str:
    """A feed the sync refuses (or cannot fetch)."""
    if kind == "unreachable":
        return f"http://127.0.0.1:{free_port()}/feed.xml"  # nothing listens there
    path = tmp_path / f"{kind}.xml"
    if kind == "not-xml":
        path.write_text('{"items": []}')
    elif kind == "empty":
        path.write_text(EMPTY)
    elif kind == "truncated":
        write_feed(path, demo_items(10))
        path.write_bytes(path.read_bytes()[:-400])
    elif kind == "truncated-gzip":
        write_feed(path, demo_items(10))
        path = path.with_suffix(".xml.gz")
        path.write_bytes(gzip.compress((tmp_path / f"{kind}.xml").read_bytes())[:-200])
    return str(path)


OUTCOMES = {
    "not-xml": ("refused", 3),
    "empty": ("refused", 3),
    "truncated": ("refused", 3),
    "truncated-gzip": ("refused", 3),
    "unreachable": ("failed", 4),
}


@pytest.fixture
def fresh(settings, tmp_path):
    """Settings whose index directory does not exist yet (two levels of it)."""
    index = tmp_path / "new" / "index"
    return settings.model_copy(update={"index_dir": index, "fetch_retries": 0})


def _aisle_entries(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


@pytest.mark.slow  # six syncs, each read back by another process
@pytest.mark.parametrize("kind", sorted(OUTCOMES))
def test_an_unfinished_first_sync_leaves_nothing(fresh, embedder, write_items, tmp_path, kind):
    report = run_sync(_bad_feed(tmp_path, kind), fresh, embeddings=embedder)
    assert (report.status, report.exit_code) == OUTCOMES[kind], report.reason
    # The directories it created are gone too; the one that was there stays.
    assert not (tmp_path / "new").exists()
    assert tmp_path.exists()
    assert index_status(fresh.index_dir, None, fresh.collection)["exists"] is False

    # The next sync, in this process, builds the index (into a live database: read back
    # by another process).
    good = run_sync(write_items(demo_items(12)), fresh, embeddings=embedder)
    assert good.status == "ok", good.reason
    assert _count_elsewhere(fresh.index_dir) == 12


def test_a_dry_first_sync_leaves_nothing(fresh, embedder, write_items, tmp_path):
    feed = write_items(demo_items(12))
    report = run_sync(feed, fresh, embeddings=embedder, dry_run=True)
    assert report.status == "ok" and report.counts["new"] == 12
    assert not (tmp_path / "new").exists()
    assert run_sync(feed, fresh, embeddings=embedder).status == "ok"
    assert CatalogueStore.open(fresh.index_dir).count() == 12


def test_a_directory_that_was_there_keeps_its_content(settings, embedder, tmp_path):
    settings.index_dir.mkdir(parents=True)
    (settings.index_dir / "notes.txt").write_text("mine")
    report = run_sync(_bad_feed(tmp_path, "not-xml"), settings, embeddings=embedder)
    assert report.status == "refused"
    assert _aisle_entries(settings.index_dir) == ["notes.txt"]


def test_another_first_sync_in_progress_is_left_alone(fresh, embedder, write_items):
    """Refused for the lock another first sync holds: its lock and files stay."""
    from filelock import FileLock

    from sync.pipeline import lock_path

    fresh.index_dir.mkdir(parents=True)
    (fresh.index_dir / "chroma.sqlite3-journal").write_bytes(b"")  # as if being written
    with FileLock(lock_path(fresh)):
        report = run_sync(write_items(demo_items(5)), fresh, embeddings=embedder)
        assert "another sync is running" in report.reason
        assert lock_path(fresh).exists()
        assert _aisle_entries(fresh.index_dir) == sorted(
            [lock_path(fresh).name, "chroma.sqlite3-journal"]
        )


def test_an_existing_index_is_never_removed(settings, embedder, write_items, tmp_path):
    assert run_sync(write_items(demo_items(12)), settings, embeddings=embedder).status == "ok"
    before = _aisle_entries(settings.index_dir)
    for kind in ("not-xml", "empty"):
        assert run_sync(_bad_feed(tmp_path, kind), settings, embeddings=embedder).exit_code == 3
    assert run_sync(write_items(demo_items(12)), settings, embeddings=embedder, dry_run=True)
    assert _aisle_entries(settings.index_dir) == before
    assert CatalogueStore.open(settings.index_dir).count() == 12


def test_an_error_in_a_first_sync_leaves_nothing(
    fresh, embedder, write_items, monkeypatch, tmp_path
):
    """A first sync that stops on an error of its own leaves nothing either."""
    import sync.pipeline

    def broken(*args, **kwargs):
        raise RuntimeError("the model could not be loaded")

    monkeypatch.setattr(sync.pipeline._Sync, "run", broken)
    with pytest.raises(RuntimeError):
        run_sync(write_items(demo_items(5)), fresh, embeddings=embedder)
    assert not (tmp_path / "new").exists()


def _cli(work: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AISLE_")}
    env.update(HF_HUB_OFFLINE="1", AISLE_CACHE_DIR=str(work / "cache"), AISLE_FETCH_RETRIES="0")
    return subprocess.run(
        [sys.executable, "-m", "sync", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _count_elsewhere(index: Path) -> int:
    code = (
        "import sys; from sync.store import CatalogueStore; "
        "print(CatalogueStore.open_existing(sys.argv[1]).count())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(index)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return int(done.stdout.strip())


@pytest.mark.slow  # three CLI processes
def test_the_command_line_leaves_nothing_and_syncs_after(tmp_path):
    index = tmp_path / "index"
    feed = tmp_path / "good.xml"
    write_feed(feed, demo_items(6))
    for args, code in (
        ([_bad_feed(tmp_path, "not-xml")], 3),
        ([_bad_feed(tmp_path, "unreachable")], 4),
        ([str(feed), "--dry-run"], 0),
    ):
        done = _cli(tmp_path, "run", *args, "--index", str(index), "--json")
        assert done.returncode == code, done.stderr[-2000:] + done.stdout[-2000:]
        assert not index.exists(), (args, _aisle_entries(index))
    status = _cli(tmp_path, "status", "--index", str(index), "--json")
    assert json.loads(status.stdout)["exists"] is False
    done = _cli(tmp_path, "run", str(feed), "--index", str(index), "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["index_size"] == 6


@pytest.mark.slow  # starts a Chroma server
def test_a_refused_first_sync_leaves_no_collection_on_a_server(
    chroma_url,  # noqa: F811
    settings,
    embedder,
    write_items,
    tmp_path,
):
    server = settings.model_copy(update={"chroma_url": chroma_url, "collection": "first"})
    client = make_client(None, chroma_url)
    report = run_sync(_bad_feed(tmp_path, "empty"), server, embeddings=embedder)
    assert report.exit_code == 3
    assert [c.name for c in client.list_collections()] == []  # its lease's collection too

    assert run_sync(write_items(demo_items(8)), server, embeddings=embedder).status == "ok"
    assert run_sync(_bad_feed(tmp_path, "empty"), server, embeddings=embedder).exit_code == 3
    assert CatalogueStore.open(None, chroma_url, "first").count() == 8
