"""One sync of one feed in a child process whose heavy imports are already done.

``tests/test_hostile_feeds.py`` runs every hostile feed in its own process, so the
memory bound is that process's own peak RSS growth. Starting a fresh interpreter
per feed cost ~2.5 s of imports (chromadb, langchain-core) each; a forkserver
that imported them once forks each child in milliseconds. The child is still a
separate process with its own ``ru_maxrss``; its stdout and stderr (file
descriptors 1 and 2, so C libraries and logging are caught too) go to files the
test reads.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import time
from pathlib import Path

PRELOAD = ["sync.pipeline", "sync.store", "tests.conftest", "tests.feed_child"]
CLEARED_ENV = ("AISLE_INDEX_DIR", "AISLE_CHROMA_URL", "AISLE_COLLECTION", "AISLE_TAXONOMY_PATH")

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


def _sync_once(feed: str, work: str) -> None:
    """The child: one ``run_sync`` of ``feed`` into ``work``; the result as JSON in a file."""
    out = Path(work)
    for fd, name in ((1, "stdout.txt"), (2, "stderr.txt")):
        os.dup2(os.open(out / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
    for var in CLEARED_ENV:
        os.environ.pop(var, None)

    from sync.pipeline import run_sync
    from sync.settings import SyncSettings
    from sync.store import CatalogueStore
    from tests.conftest import TAXONOMY, RecordingEmbedder

    settings = SyncSettings(
        index_dir=out / "index",
        cache_dir=out / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    embedder = RecordingEmbedder()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    started = time.perf_counter()
    report = run_sync(Path(feed), settings, embeddings=embedder)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    documents = []
    if report.status == "ok":
        got = CatalogueStore.open(settings.index_dir, None, settings.collection).get(
            include=["documents", "metadatas"]
        )
        documents = [
            [i, d, json.dumps(m, ensure_ascii=False)]
            for i, d, m in zip(got["ids"], got["documents"], got["metadatas"], strict=True)
        ]
    result = {
        "report": report.to_dict(),
        "rss_growth": after - before,
        "seconds": seconds,
        "texts": embedder.texts,
        "documents": documents,
    }
    (out / "result.json").write_text(json.dumps(result), encoding="utf-8")


def sync_in_forked_child(feed: Path, work: Path, timeout: float) -> dict:
    """Run one sync in a forked child; its result plus ``stdout``/``stderr``/``exitcode``."""
    work.mkdir(parents=True, exist_ok=True)
    child = _context.Process(target=_sync_once, args=(str(feed), str(work)))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.kill()
        child.join()
        raise AssertionError(f"{feed.name}: the sync did not finish in {timeout:.0f}s")
    texts = {
        name: (work / f"{name}.txt").read_text(encoding="utf-8", errors="replace")
        if (work / f"{name}.txt").exists()
        else ""
        for name in ("stdout", "stderr")
    }
    assert child.exitcode == 0, f"exit {child.exitcode}: {texts['stderr'][-3000:]}"
    result = json.loads((work / "result.json").read_text(encoding="utf-8"))
    return {**result, **texts}
