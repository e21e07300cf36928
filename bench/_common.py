"""Helpers shared by the benchmark scripts (not part of the product)."""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402


class SleepyHashEmbedder:
    """A fake ``Embeddings`` standing in for a remote embedding API.

    Sleeps ``delay`` seconds per text (5 ms by default) and returns a
    deterministic unit vector derived from a hash of the text (384 floats, as
    MiniLM). ``model_id`` does not depend on ``delay``, so an index built with
    ``delay=0`` can be synced with the sleeping one.
    """

    model_id = "bench/sleepy-hash-embedder:384"

    def __init__(self, delay: float = 0.005, dim: int = 384) -> None:
        self.delay = delay
        self.dim = dim
        self.texts = 0

    def _vector(self, text: str) -> list[float]:
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
        vec = np.random.default_rng(seed).standard_normal(self.dim)
        return (vec / np.linalg.norm(vec)).astype(np.float32).tolist()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.texts += len(texts)
        if self.delay and texts:
            time.sleep(self.delay * len(texts))
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def taxonomy_path() -> Path | None:
    """The shared Google taxonomy file, when present (as the sync's default)."""
    from sync.taxonomy import default_taxonomy_path

    return default_taxonomy_path()


def pct(values: list[float], q: float) -> float:
    """Percentile with linear interpolation (numpy's default); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def median(values: list[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return float("nan")
    mid = n // 2
    return ordered[mid] if n % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def rss_bytes() -> int:
    import psutil

    return int(psutil.Process().memory_info().rss)


class PeakRSS:
    """Samples this process's resident set in a thread while in the ``with`` block.

    ``start`` is the RSS on entry to ``__init__``, ``peak`` the highest sample
    (the exit is sampled too), ``samples`` how many were taken.
    """

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.start = rss_bytes()
        self.peak = self.start
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.samples += 1
            self.peak = max(self.peak, rss_bytes())

    def __enter__(self) -> PeakRSS:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss_bytes())

    @property
    def peak_mb(self) -> float:
        """Peak above ``start``, in MiB."""
        return (self.peak - self.start) / 2**20
