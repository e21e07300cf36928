"""Sync runs in their own process, for the crash-convergence test.

    python tests/crash_sync.py FEED INDEX_DIR CACHE_DIR WRITE_BATCH [--dump FILE] [--runs N]
        [--currency CODE]

Runs ``run_sync`` (N times, default once) with a deterministic fake embedder
(built here: the test's fixtures cannot cross a process boundary) and prints
each run's report JSON on its own line of stdout. ``AISLE_SYNC_CRASH_AT`` and
``AISLE_SYNC_TRACE_POINTS`` in the environment drive ``sync.faults`` as usual: a
crash point SIGKILLs this process. With ``--dump FILE``, the index's full content
is pickled to FILE after the first run (see :func:`dump_index`), so the test
compares indexes without opening Chroma itself. ``--currency`` sets the default
currency (a setting that shapes records), so a test can change settings between runs.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import multiprocessing
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sync.pipeline import run_sync  # noqa: E402
from sync.settings import SyncSettings  # noqa: E402
from sync.store import CatalogueStore  # noqa: E402

TAXONOMY = ROOT.parent / "shared" / "taxonomy" / "taxonomy-with-ids.en-US.txt"
DIM = 16


class HashEmbedder(Embeddings):
    """Deterministic fake embeddings: a vector seeded by the text's SHA-256.

    Same recipe as ``tests/conftest.py``'s ``RecordingEmbedder``: equal texts get
    byte-identical float32 vectors, in every process.
    """

    model_id = "fake/crash-hash-embedder:v1"

    def _vector(self, text: str) -> list[float]:
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
        vec = np.random.default_rng(seed).standard_normal(DIM)
        return (vec / np.linalg.norm(vec)).astype(np.float32).tolist()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)


def settings_for(
    index_dir: Path, cache_dir: Path, write_batch: int, currency: str = ""
) -> SyncSettings:
    return SyncSettings(
        index_dir=index_dir,
        cache_dir=cache_dir,
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
        write_batch=write_batch,
        default_currency=currency,
    )


def dump_index(settings: SyncSettings) -> dict[str, Any]:
    """Everything a reader (or the next sync) sees in the index, as plain data."""
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    got = store.products.get(include=["documents", "metadatas", "embeddings"])
    records = {
        pid: {
            "document": doc,
            "metadata": dict(meta or {}),
            "vector": np.asarray(vec, dtype=np.float32).tobytes(),
        }
        for pid, doc, meta, vec in zip(
            got["ids"], got["documents"], got["metadatas"], got["embeddings"], strict=True
        )
    }
    cache = store.read_state_cache()
    return {
        "records": records,
        "count": store.count(),
        "facets": store.read_facets(),
        "manifest": store.read_manifest(),
        "state_cache": None if cache is None else {"header": cache[0], "rows": cache[1]},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("feed", type=Path)
    parser.add_argument("index_dir", type=Path)
    parser.add_argument("cache_dir", type=Path)
    parser.add_argument("write_batch", type=int)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--currency", default="")
    args = parser.parse_args(argv)
    settings = settings_for(args.index_dir, args.cache_dir, args.write_batch, args.currency)
    for run in range(args.runs):
        report = run_sync(args.feed, settings, embeddings=HashEmbedder())
        if run == 0 and args.dump:
            with open(args.dump, "wb") as out:
                pickle.dump(dump_index(settings), out)
        print(report.to_json(), flush=True)
    return 0


def exit_soon(argv: list[str]) -> int:
    """Exit with code ``argv[0]`` after ``argv[1]`` milliseconds (the harness's own test)."""
    time.sleep(float(argv[1]) / 1000)
    return int(argv[0])


#: Syncs start as forks of one server that has imported chromadb and the pipeline once:
#: a kill test runs ~130 syncs, and a fresh interpreter spends ~3 s importing them.
_FORKS = multiprocessing.get_context("forkserver")
_FORKS.set_forkserver_preload(["tests.crash_sync", "tests.watch_sync"])


def _forked_main(entry: str, argv: list[str], env: dict[str, str], out: str, err: str) -> None:
    """A forked ``entry`` ("module:function"): this environment, stdout and stderr to files."""
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(handle, fd)
        os.close(handle)
    module, function = entry.split(":")
    code = getattr(importlib.import_module(module), function)(argv)
    sys.stdout.flush()
    if code:
        sys.exit(code)


#: ``Process.start()`` polls every live child (``multiprocessing.process._cleanup``). A
#: forkserver child's exit status is four bytes on a pipe that only one reader gets: a
#: thread starting a sync while another joins its own would leave the loser EOF, which
#: multiprocessing reports as exit 255. Starts and status reads take turns.
_STATUS_LOCK = threading.Lock()


def run_forked(
    argv: list[str], env: dict[str, str], timeout: float, entry: str = "tests.crash_sync:main"
) -> subprocess.CompletedProcess[str]:
    """``entry`` (:func:`main`) in a process of its own, as ``python crash_sync.py ARGV``.

    The same contract as ``subprocess.run(..., capture_output=True, text=True)``: the
    return code is ``-signal`` when the process was killed (a crash point SIGKILLs it).
    """
    with tempfile.TemporaryDirectory(prefix="crash-sync-") as tmp:
        out, err = os.path.join(tmp, "out"), os.path.join(tmp, "err")
        process = _FORKS.Process(target=_forked_main, args=(entry, argv, env, out, err))
        with _STATUS_LOCK:
            process.start()
        exited = wait([process.sentinel], timeout)
        with _STATUS_LOCK:
            if not exited:
                process.kill()
                process.join()
                raise subprocess.TimeoutExpired([entry, *argv], timeout)
            process.join()
        texts = [Path(p).read_text() if Path(p).exists() else "" for p in (out, err)]
    code = process.exitcode if process.exitcode is not None else -1
    return subprocess.CompletedProcess([entry, *argv], code, texts[0], texts[1])


if __name__ == "__main__":
    sys.exit(main())
