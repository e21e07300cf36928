"""The self-refreshing sync: ``python -m sync watch``, one long-lived process.

Each tick is an ordinary :func:`sync.pipeline.run_sync` over the same store
client and embedding model, opened once (a warm tick skips the client open and
the model load that a cron job pays every time). An unchanged remote feed costs
a conditional GET and a byte-level pre-scan.

Scheduling, the rules:

* A tick runs at start, then every ``every`` seconds (± ``jitter``, so many
  shops' watchers do not hit one feed host in step).
* A failed or refused tick never ends the loop: the next one comes after an
  exponential backoff (``min(every, 30 s)`` doubled per consecutive failure,
  capped at ``max(every, backoff_max)``, jittered); a success resets it.
* :meth:`Watcher.trigger` (``POST /sync``) runs a sync now. Triggers coalesce:
  while a sync runs, any number of triggers queue exactly one more.
* A first SIGTERM/SIGINT stops at a safe point: before the write stage the
  tick is abandoned (nothing written); once writing, the tick finishes. A
  second signal exits at once, which is a killed sync: the next one converges.

The watcher's state (last success, last error, consecutive failures, next run)
is written after every tick to a small JSON file that ``python -m sync status``
reads, so a process that only reads the index can tell whether it is fresh.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import random
import re
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langchain_core.embeddings import Embeddings

from sync.errors import ConfigError, SyncError
from sync.fetch import redact_url
from sync.pipeline import flush_warm_state, load_embeddings, run_sync
from sync.report import SyncReport
from sync.settings import SyncSettings
from sync.statecache import WarmCache
from sync.store import CatalogueStore, store_failure

log = logging.getLogger(__name__)

_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d)")
BACKOFF_BASE = 30.0  # seconds before the first retry (or `every`, if shorter)
DEFAULT_BACKOFF_MAX = 3600.0
SAFE_TO_STOP = frozenset({"parse", "embed"})  # progress stages that come before any write


class SyncStopped(SyncError):
    """The watcher was asked to stop before this tick wrote anything."""

    exit_code = 1


def parse_duration(text: str) -> float:
    """Seconds in ``90s``, ``15m``, ``1h``, ``1h30m``, ``500ms`` or a bare number of seconds.

    Raises:
        ValueError: the text is not a positive duration.
    """
    raw = text.strip().lower().replace(" ", "")
    try:
        seconds = float(raw)
    except ValueError:
        parts = _DURATION_PART.findall(raw)
        if not parts or "".join(n + u for n, u in parts) != raw:
            raise ValueError(
                f"{text!r} is not a duration; write it like 90s, 15m, 1h or 1h30m"
            ) from None
        seconds = sum(float(n) * _UNITS[u] for n, u in parts)
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"{text!r} is not a positive duration")
    return seconds


def parse_jitter(text: str) -> float:
    """A share in [0, 1) from ``10%`` or ``0.1``.

    Raises:
        ValueError: not a share below 100 %.
    """
    raw = text.strip()
    try:
        share = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise ValueError(f"{text!r} is not a jitter; write it like 10% or 0.1") from None
    if not 0 <= share < 1:
        raise ValueError(f"jitter {text!r} must be at least 0 % and below 100 %")
    return share


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6; port 0 picks a free one).

    Raises:
        ValueError: no port, or not a number in range.
    """
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--listen {text!r}: expected HOST:PORT, e.g. 127.0.0.1:8765")
    return host.strip("[]"), int(port)


def human_duration(seconds: float) -> str:
    """``15m``, ``1h30m``, ``45s``, ``2.5s``: the shortest readable form."""
    if seconds < 60:
        return f"{seconds:g}s"
    whole = int(round(seconds))
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return "".join(f"{v}{u}" for v, u in ((h, "h"), (m, "m"), (s, "s")) if v) or "0s"


@dataclass
class Schedule:
    """When the next tick runs: the interval, or a backoff after failures."""

    every: float
    jitter: float = 0.0
    backoff_max: float = DEFAULT_BACKOFF_MAX
    rng: random.Random = field(default_factory=random.Random)

    def _jittered(self, seconds: float) -> float:
        return seconds * self.rng.uniform(1 - self.jitter, 1 + self.jitter)

    def next_delay(self, consecutive_failures: int) -> float:
        """Seconds until the next tick after a tick that left ``consecutive_failures``."""
        if consecutive_failures <= 0:
            return self._jittered(self.every)
        base = min(self.every, BACKOFF_BASE)
        cap = max(self.every, self.backoff_max)
        # 2**n overflows a float past ~1000 failures; the cap is reached long before.
        raw = base * 2 ** min(consecutive_failures - 1, 60)
        return self._jittered(min(cap, raw))


def state_path(settings: SyncSettings) -> Path:
    """The watcher's state file for the index ``settings`` name (one per index)."""
    where = settings.chroma_url or str(Path(settings.index_dir).resolve())
    key = hashlib.sha256(f"{where}|{settings.collection}".encode()).hexdigest()[:16]
    return settings.cache_dir / "watch" / f"{key}.json"


def read_state(settings: SyncSettings) -> dict[str, Any] | None:
    """The watcher's last written state, with ``alive`` (its process still runs here)."""
    try:
        state = json.loads(state_path(settings).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(state, dict):
        return None
    state["alive"] = bool(state.get("running")) and _pid_alive(int(state.get("pid") or 0))
    return state


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Watcher:
    """Runs ticks on a schedule and on triggers until asked to stop."""

    def __init__(
        self,
        feed: str,
        settings: SyncSettings,
        schedule: Schedule,
        *,
        sync_options: dict[str, Any] | None = None,
        store: CatalogueStore | None = None,
        embeddings: Embeddings | None = None,
        on_report: Callable[[SyncReport, dict[str, Any]], None] | None = None,
        fetch_options: dict[str, Any] | None = None,
    ) -> None:
        """Configure; nothing is opened until :meth:`run` (or the first tick)."""
        self.feed = feed
        self.settings = settings
        self.schedule = schedule
        self.sync_options = sync_options or {}
        self.fetch_options = fetch_options
        self.on_report = on_report or (lambda report, info: None)
        self._store = store
        self._embeddings = embeddings
        self._warm = WarmCache()  # the index's state after this watcher's last sync
        self._cv = threading.Condition()
        self._pending: str | None = None  # the reason of the one queued sync, if any
        self._stop = False
        self.ticks = 0
        self.listen: str | None = None
        self.state: dict[str, Any] = {
            "pid": os.getpid(),
            "feed": redact_url(feed),
            "index": settings.chroma_url or str(settings.index_dir),
            "collection": settings.collection,
            "every": schedule.every,
            "started_at": _iso(time.time()),
            "running": True,
            "ticks": 0,
            "consecutive_failures": 0,
            "last_success_at": None,
            "last_error": None,
            "last_error_at": None,
            "next_run_at": None,
            "syncing": False,
            "last_report": None,
        }

    # -- parts opened once -------------------------------------------------------------------

    @property
    def store(self) -> CatalogueStore:
        """The index, opened on first use and kept across ticks."""
        if self._store is None:
            s = self.settings
            self._store = CatalogueStore.open(s.index_dir, s.chroma_url, s.collection)
        return self._store

    @property
    def embeddings(self) -> Embeddings:
        """The embedding model, loaded once."""
        if self._embeddings is None:
            self._embeddings = load_embeddings(self.settings)
        return self._embeddings

    # -- control, from any thread ------------------------------------------------------------

    def trigger(self, reason: str = "push") -> dict[str, Any]:
        """Ask for a sync now; coalesced with one already queued.

        Returns what happened: ``queued`` (a sync will start for this call or
        one before it), ``coalesced`` (one was already queued) and ``running``.
        """
        with self._cv:
            coalesced = self._pending is not None
            if not coalesced:
                self._pending = reason
            self._cv.notify_all()
            return {"queued": True, "coalesced": coalesced, "running": self.state["syncing"]}

    def request_stop(self) -> None:
        """Stop after the current tick's next safe point (or at once when idle)."""
        with self._cv:
            self._stop = True
            self._cv.notify_all()

    @property
    def stopping(self) -> bool:
        """Whether a stop was requested."""
        return self._stop

    def health(self) -> dict[str, Any]:
        """What ``GET /healthz`` answers: the loop's state and the last report."""
        with self._cv:
            state = dict(self.state)
            state["queued"] = self._pending is not None
        failures = state["consecutive_failures"]
        if state["last_report"] is None and failures == 0:
            state["status"] = "starting"
        else:
            state["status"] = "failing" if failures else "ok"
        return state

    # -- the loop ----------------------------------------------------------------------------

    def run(self, *, max_ticks: int | None = None, handle_signals: bool = True) -> int:
        """Tick until stopped (or ``max_ticks`` ticks); 0 on a clean stop."""
        previous = self._install_signals() if handle_signals else {}
        try:
            next_at = time.monotonic()  # the first tick runs at once
            while True:
                reason = self._wait(next_at)
                if reason is None:
                    break
                self.tick(reason)
                if self._stop or (max_ticks is not None and self.ticks >= max_ticks):
                    break
                delay = self.schedule.next_delay(self.state["consecutive_failures"])
                next_at = time.monotonic() + delay
                self._save(next_run_at=_iso(time.time() + delay))
            self.flush()
        finally:
            self._save(running=False, next_run_at=None, stopped_at=_iso(time.time()))
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        return 0

    def _wait(self, next_at: float) -> str | None:
        """Block until the schedule or a trigger says go; ``None`` when stopping."""
        with self._cv:
            while not self._stop and self._pending is None:
                left = next_at - time.monotonic()
                if left <= 0:
                    break
                self._cv.wait(timeout=left)
            if self._stop:
                return None
            reason = self._pending or "schedule"
            self._pending = None
            self.state["syncing"] = True  # a trigger from now on queues one more
            return reason

    def tick(self, reason: str = "schedule") -> SyncReport:
        """One sync now, with the store and model held by this watcher."""
        with self._cv:
            self.state["syncing"] = True
        self._save()
        started = time.time()
        try:
            report = self._sync()
        finally:
            with self._cv:
                self.state["syncing"] = False
        self.ticks += 1
        if report.exit_code == 5:
            self._store = None  # the client may be broken; the next tick opens a new one
            self._warm.state = None
        stopped = self._stop and report.status != "ok"
        with self._cv:
            state = self.state
            state["ticks"] = self.ticks
            if report.status == "ok":
                state["consecutive_failures"] = 0
                state["last_success_at"] = _iso(time.time())
            elif not stopped:
                state["consecutive_failures"] += 1
                state["last_error"] = report.reason
                state["last_error_at"] = _iso(time.time())
            summary = report.to_dict()
            summary.pop("rejections", None)  # can be long; `sync run --json` lists them
            summary["feed"] = redact_url(summary["feed"])
            state["last_report"] = summary
            info = {
                "tick": self.ticks,
                "trigger": reason,
                "started_at": _iso(started),
                "stopped": stopped,
                "consecutive_failures": state["consecutive_failures"],
            }
        self._save()
        self.on_report(report, info)
        return report

    def flush(self) -> bool:
        """Write the state cache this watcher kept in memory (the next process reads it).

        A watcher killed before this leaves an older cache on disk, which the next
        sync does not trust: it scans the records once instead. Never raises.
        """
        if self._warm.state is None or self._store is None:
            return False
        try:
            return flush_warm_state(self.settings, self._store, self._warm)
        except Exception:  # noqa: BLE001 - only a cache: the next sync scans the records
            log.warning("could not write the state cache as the watcher stopped", exc_info=True)
            return False

    def _sync(self) -> SyncReport:
        """``run_sync`` with this watcher's store and model; never raises.

        ``run_sync`` reports every expected failure; anything else (opening a store
        that is down, a bug) is logged with its traceback and reported as a failed
        tick, so a long-lived watcher backs off instead of dying.
        """
        try:
            return run_sync(
                self.feed,
                self.settings,
                store=self.store,
                embeddings=self.embeddings,
                progress=self._progress,
                fetch_options=self.fetch_options,
                warm=self._warm,
                **self.sync_options,
            )
        except Exception as exc:  # noqa: BLE001 - the loop outlives any one tick
            s = self.settings
            failure = store_failure(exc, s.index_dir, s.chroma_url)
            report = SyncReport(feed=self.feed)
            if failure is not None:
                self._store = None
                report.fail(failure)
            else:
                log.exception("the sync tick failed unexpectedly")
                report.status, report.exit_code = "failed", 1
                report.reason = (
                    f"unexpected error ({type(exc).__name__}: {exc}); the traceback is in "
                    "the watcher's log. The next tick tries again"
                )
            return report

    def _progress(self, stage: str, done: int, total: int | None) -> None:
        # Raising here abandons the sync; only stages before the first write are safe.
        if self._stop and stage in SAFE_TO_STOP:
            raise SyncStopped(
                "stopped before writing (the watcher was asked to stop); nothing was written"
            )

    def _install_signals(self) -> dict[int, Any]:
        if threading.current_thread() is not threading.main_thread():
            return {}

        def handle(signum: int, frame: object) -> None:
            if self._stop:
                # A second signal: exit now. Like any killed sync, the next run converges.
                raise SystemExit(128 + signum)
            log.warning("signal %d: stopping at the next safe point (again: stop at once)", signum)
            self.request_stop()

        previous: dict[int, Any] = {}
        for signum in (signal.SIGTERM, signal.SIGINT):
            previous[signum] = signal.getsignal(signum)
            signal.signal(signum, handle)
        return previous

    def _save(self, **changes: Any) -> None:
        """Write the state file atomically (readers never see half a file)."""
        with self._cv:
            self.state.update(changes)
            if self.listen:
                self.state["listen"] = self.listen
            text = json.dumps(self.state, ensure_ascii=False, indent=1)
        path = state_path(self.settings)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, delete=False, prefix=".partial-"
            ) as tmp:
                tmp.write(text)
            os.replace(tmp.name, path)
        except OSError as exc:  # status loses a line; the loop goes on
            log.warning("could not write the watcher's state to %s: %s", path, exc)


def check_listen_allowed(host: str, token: str, webhook_secret: str) -> None:
    """Refuse to listen beyond loopback without a way to authenticate callers.

    Raises:
        ConfigError: a non-loopback address and neither secret is set.
    """
    if is_loopback(host) or token or webhook_secret:
        return
    raise ConfigError(
        f"refusing to listen on {host} without a token: anyone who can reach it could start "
        "syncs. Set AISLE_SYNC_TOKEN (and/or AISLE_SYNC_WEBHOOK_SECRET), or listen on "
        "127.0.0.1 behind your own proxy"
    )


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
