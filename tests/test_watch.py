"""``sync watch``: durations, the schedule and its backoff, ticks against a real HTTP server
that fails, times out and recovers, coalesced triggers, the push endpoint's tokens, status.

Each watcher runs in a thread of the test (signals are left to the subprocess tests in
tests/test_crash_convergence.py); feeds come from a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from sync.cli import cli
from sync.demo_feed import write_feed
from sync.errors import ConfigError
from sync.push import PushServer
from sync.settings import SyncSettings
from sync.status import index_status, status_text
from sync.watch import (
    Schedule,
    Watcher,
    parse_duration,
    parse_jitter,
    parse_listen,
    read_state,
    state_path,
)
from tests.conftest import demo_items
from tests.http_feed_server import FeedServer, send, serving

WAIT = 30.0  # seconds a test waits for the watcher thread before failing


# -- parsing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("90s", 90),
        ("15m", 900),
        ("1h", 3600),
        ("1h30m", 5400),
        ("500ms", 0.5),
        ("45", 45),
        ("2.5s", 2.5),
        (" 1H ", 3600),
        ("1d", 86400),
    ],  # fmt: skip
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "0s", "-5m", "15 minutes", "m", "1x", "nan", "1h 2"])
def test_bad_durations_say_how_to_write_one(text: str) -> None:
    with pytest.raises(ValueError, match="duration"):
        parse_duration(text)


def test_jitter_and_listen() -> None:
    assert parse_jitter("10%") == pytest.approx(0.1)
    assert parse_jitter("0.25") == pytest.approx(0.25)
    assert parse_jitter("0") == 0
    for bad in ("100%", "-1%", "lots"):
        with pytest.raises(ValueError):
            parse_jitter(bad)
    assert parse_listen("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert parse_listen("[::1]:0") == ("::1", 0)
    for bad in ("8765", "127.0.0.1", "host:http", "host:70000"):
        with pytest.raises(ValueError, match="HOST:PORT"):
            parse_listen(bad)


# -- the schedule ------------------------------------------------------------------------------


def test_backoff_doubles_per_failure_up_to_the_cap_and_resets() -> None:
    plain = Schedule(every=900, jitter=0, backoff_max=3600)
    assert [plain.next_delay(n) for n in range(0, 9)] == [
        900, 30, 60, 120, 240, 480, 960, 1920, 3600  # the cap: max(every, backoff_max)
    ]  # fmt: skip
    assert plain.next_delay(10_000) == 3600  # no overflow after very many failures
    short = Schedule(every=10, jitter=0, backoff_max=60)
    assert [short.next_delay(n) for n in range(0, 5)] == [10, 10, 20, 40, 60]
    long = Schedule(every=7200, jitter=0, backoff_max=60)  # never waits longer than usual...
    assert long.next_delay(9) == 7200  # ...unless the interval itself is longer


def test_jitter_spreads_delays_within_the_share() -> None:
    schedule = Schedule(every=100, jitter=0.1)
    delays = [schedule.next_delay(0) for _ in range(500)]
    assert all(90 <= d <= 110 for d in delays)
    assert max(delays) - min(delays) > 10  # really spread, not a constant


# -- ticks against a real server ---------------------------------------------------------------


class Recorder:
    """Collects each tick's report and info, and lets a test wait for the n-th."""

    def __init__(self) -> None:
        self.ticks: list[tuple[Any, dict[str, Any]]] = []
        self.cv = threading.Condition()

    def __call__(self, report: Any, info: dict[str, Any]) -> None:
        with self.cv:
            self.ticks.append((report, info))
            self.cv.notify_all()

    def wait_for(self, n: int) -> None:
        with self.cv:
            assert self.cv.wait_for(lambda: len(self.ticks) >= n, timeout=WAIT), (
                f"only {len(self.ticks)} ticks"
            )


@pytest.fixture
def feed_bytes(tmp_path: Path) -> bytes:
    path = tmp_path / "feed.xml"
    write_feed(path, demo_items(30))
    return path.read_bytes()


@pytest.fixture
def fast_settings(settings: SyncSettings) -> SyncSettings:
    return settings.model_copy(update={"fetch_retries": 0, "fetch_timeout": 0.5})


def _start(watcher: Watcher, **run: Any) -> threading.Thread:
    thread = threading.Thread(
        target=watcher.run, kwargs={"handle_signals": False, **run}, daemon=True
    )
    thread.start()
    return thread


def test_failures_back_off_and_never_end_the_loop(
    fast_settings: SyncSettings, embedder, feed_bytes: bytes
) -> None:
    """HTTP 500, then a server that does not answer in time, then the feed: two failed
    ticks, backoff after each, then a success that resets the count; state on disk."""

    def behaviour(h, n: int) -> None:
        if n == 1:
            send(h, 500, b"oops")
        elif n == 2:
            srv.release.wait(3)  # longer than the 0.5 s timeout
        else:
            send(h, 200, feed_bytes)

    recorder = Recorder()
    with serving(feed_bytes) as srv:
        srv.behaviour = behaviour
        schedule = Schedule(every=0.05, jitter=0.1)
        asked: list[int] = []
        original = schedule.next_delay
        schedule.next_delay = lambda n: asked.append(n) or original(n)  # type: ignore[method-assign]
        watcher = Watcher(
            srv.url(), fast_settings, schedule, embeddings=embedder, on_report=recorder
        )
        thread = _start(watcher, max_ticks=3)
        thread.join(WAIT)
        assert not thread.is_alive()
    statuses = [report.status for report, _ in recorder.ticks]
    assert statuses == ["failed", "failed", "ok"], [r.reason for r, _ in recorder.ticks]
    assert "500" in recorder.ticks[0][0].reason
    assert "timed out" in recorder.ticks[1][0].reason or "time" in recorder.ticks[1][0].reason
    assert [info["consecutive_failures"] for _, info in recorder.ticks] == [1, 2, 0]
    assert asked == [1, 2]  # a backoff after each failure; the loop ended at max_ticks
    assert recorder.ticks[2][0].counts["new"] == 30
    state = read_state(fast_settings)
    assert state is not None
    assert state["consecutive_failures"] == 0 and state["ticks"] == 3
    # the last error is the second failure's (not "500": the URL's port may hold "500")
    assert state["last_success_at"] and state["last_error"] == recorder.ticks[1][0].reason
    assert state["running"] is False and state["alive"] is False  # stopped cleanly


def test_a_refused_tick_backs_off_too(
    settings: SyncSettings, embedder, tmp_path: Path, write_items
) -> None:
    empty = tmp_path / "empty.xml"
    write_feed(empty, [])
    recorder = Recorder()
    watcher = Watcher(
        str(empty), settings, Schedule(every=0.01), embeddings=embedder, on_report=recorder
    )
    _start(watcher, max_ticks=2).join(WAIT)
    assert [(r.status, info["consecutive_failures"]) for r, info in recorder.ticks] == [
        ("refused", 1),
        ("refused", 2),
    ]
    state = read_state(settings)
    assert state is not None and "no valid product" in state["last_error"]
    assert state["last_success_at"] is None and state["consecutive_failures"] == 2


def test_an_unexpected_error_is_a_failed_tick_not_the_end(
    settings: SyncSettings, embedder, write_items
) -> None:
    """A bug in one tick (here: the embedder raises) is logged and backed off."""

    class Broken:
        model_id = embedder.model_id

        def embed_documents(self, texts):
            raise RuntimeError("boom")

        def embed_query(self, text):
            raise RuntimeError("boom")

    recorder = Recorder()
    feed = write_items(demo_items(5))
    watcher = Watcher(
        str(feed), settings, Schedule(every=0.01), embeddings=Broken(), on_report=recorder
    )
    _start(watcher, max_ticks=2).join(WAIT)
    assert [(r.status, i["consecutive_failures"]) for r, i in recorder.ticks] == [
        ("failed", 1),
        ("failed", 2),
    ]
    assert "RuntimeError: boom" in recorder.ticks[0][0].reason


def test_a_chroma_server_that_is_down_is_a_failed_tick(
    settings: SyncSettings, embedder, write_items
) -> None:
    from tests.conftest import free_port

    down = settings.model_copy(update={"chroma_url": f"http://127.0.0.1:{free_port()}"})
    recorder = Recorder()
    watcher = Watcher(
        str(write_items(demo_items(5))),
        down,
        Schedule(every=0.01),
        embeddings=embedder,
        on_report=recorder,
    )
    _start(watcher, max_ticks=1).join(WAIT)
    ((report, info),) = recorder.ticks
    assert report.status == "failed" and report.exit_code == 5, report.reason
    assert info["consecutive_failures"] == 1


@pytest.fixture
def blocking_server(feed_bytes: bytes) -> Iterator[tuple[FeedServer, threading.Event]]:
    """A feed server whose first request waits until the test sets the event."""
    gate = threading.Event()

    def behaviour(h, n: int) -> None:
        if n == 1:
            gate.wait(WAIT)
        send(h, 200, feed_bytes)

    with serving(feed_bytes) as srv:
        srv.behaviour = behaviour
        yield srv, gate
        gate.set()


def _wait_until(predicate, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def test_triggers_during_a_sync_queue_exactly_one_more(
    settings: SyncSettings, embedder, blocking_server
) -> None:
    srv, gate = blocking_server
    recorder = Recorder()
    watcher = Watcher(
        srv.url(), settings, Schedule(every=3600), embeddings=embedder, on_report=recorder
    )
    push = PushServer(watcher, "127.0.0.1", 0).start()
    thread = _start(watcher)
    try:
        _wait_until(lambda: srv.hits == 1, "the first tick's fetch")
        url = f"http://{push.address}/sync"
        first = httpx.post(url).json()
        second = httpx.post(url).json()
        third = httpx.post(url).json()
        assert first == {"queued": True, "coalesced": False, "running": True}
        assert second["coalesced"] and third["coalesced"]
        gate.set()
        recorder.wait_for(2)
        time.sleep(0.3)  # room for a wrong third sync to start
        assert len(recorder.ticks) == 2 and srv.hits == 2
        assert [info["trigger"] for _, info in recorder.ticks] == ["schedule", "push"]
        health = httpx.get(f"http://{push.address}/healthz").json()
        assert health["status"] == "ok" and health["ticks"] == 2 and not health["queued"]
        # Idle now: one trigger starts one sync at once.
        assert httpx.post(url).json()["running"] is False
        recorder.wait_for(3)
    finally:
        watcher.request_stop()
        thread.join(WAIT)
        push.stop()
    assert not thread.is_alive()
    assert len(recorder.ticks) == 3


# -- the push endpoint's credentials -----------------------------------------------------------


@pytest.fixture
def guarded(settings: SyncSettings, embedder) -> Iterator[tuple[str, Watcher]]:
    """A push server with a token and a webhook secret, over a watcher that never runs."""
    watcher = Watcher("unused.xml", settings, Schedule(every=3600), embeddings=embedder)
    push = PushServer(watcher, "127.0.0.1", 0, token="s3cret", webhook_secret="hook-key").start()
    yield f"http://{push.address}", watcher
    push.stop()


def test_push_needs_the_token(guarded) -> None:
    base, watcher = guarded
    missing = httpx.post(f"{base}/sync")
    assert missing.status_code == 401 and "missing" in missing.json()["error"]
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = httpx.post(f"{base}/sync", headers={"Authorization": "Bearer s3cres"})
    assert wrong.status_code == 401 and "invalid" in wrong.json()["error"]
    basic = httpx.post(f"{base}/sync", headers={"Authorization": "Basic s3cret"})
    assert basic.status_code == 401
    assert watcher.health()["queued"] is False  # nothing was queued by a refused call
    right = httpx.post(f"{base}/sync", headers={"Authorization": "Bearer s3cret"})
    assert right.status_code == 202 and right.json()["queued"] is True
    assert watcher.health()["queued"] is True
    assert httpx.get(f"{base}/healthz").status_code == 200  # health needs no token
    assert httpx.get(f"{base}/nope").status_code == 404
    assert httpx.post(f"{base}/healthz").status_code == 404


@pytest.mark.parametrize("header", ["X-Shopify-Hmac-Sha256", "X-WC-Webhook-Signature"])
def test_platform_webhooks_are_checked_by_their_body_signature(guarded, header: str) -> None:
    base, watcher = guarded
    body = b'{"id": 788032119674292922, "title": "Example T-Shirt"}'
    good = base64.b64encode(hmac.new(b"hook-key", body, hashlib.sha256).digest()).decode()
    bad = base64.b64encode(hmac.new(b"other", body, hashlib.sha256).digest()).decode()
    assert httpx.post(f"{base}/sync", content=body, headers={header: bad}).status_code == 401
    tampered = httpx.post(f"{base}/sync", content=body + b" ", headers={header: good})
    assert tampered.status_code == 401
    ok = httpx.post(f"{base}/sync", content=body, headers={header: good})
    assert ok.status_code == 202


def test_listening_beyond_loopback_needs_a_secret(settings: SyncSettings, embedder) -> None:
    watcher = Watcher("unused.xml", settings, Schedule(every=3600), embeddings=embedder)
    with pytest.raises(ConfigError, match="AISLE_SYNC_TOKEN"):
        PushServer(watcher, "0.0.0.0", 0)
    PushServer(watcher, "0.0.0.0", 0, token="s3cret").httpd.server_close()
    open_local = PushServer(watcher, "127.0.0.1", 0).start()  # open on loopback: allowed
    try:
        assert httpx.post(f"http://{open_local.address}/sync").status_code == 202
    finally:
        open_local.stop()


def test_cli_refuses_bad_options_and_an_open_public_listener(
    settings: SyncSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AISLE_SYNC_TOKEN", raising=False)
    monkeypatch.delenv("AISLE_SYNC_WEBHOOK_SECRET", raising=False)
    runner = CliRunner()
    index = ["--index", str(settings.index_dir)]
    bad = runner.invoke(cli, ["watch", "feed.xml", *index, "--every", "soon"])
    assert bad.exit_code == 2 and "90s, 15m, 1h" in bad.output
    public = runner.invoke(cli, ["watch", "feed.xml", *index, "--listen", "0.0.0.0:0"])
    assert public.exit_code == 2 and "AISLE_SYNC_TOKEN" in public.output
    assert "Examples" in runner.invoke(cli, ["watch", "--help"]).output


# -- status ------------------------------------------------------------------------------------


def test_status_shows_the_watcher(settings: SyncSettings, embedder, write_items) -> None:
    feed = write_items(demo_items(20))
    watcher = Watcher(str(feed), settings, Schedule(every=3600), embeddings=embedder)
    watcher.tick()
    watcher._save(next_run_at="2030-01-01T00:00:00Z")  # as the loop does after a tick
    info = index_status(settings.index_dir, cache_dir=settings.cache_dir)
    assert info["watch"]["alive"] is True  # this process wrote it and runs
    assert info["watch"]["last_success_at"] and info["watch"]["consecutive_failures"] == 0
    text = status_text(info)
    assert "watch: running" in text and "next run 2030-01-01T00:00:00Z" in text
    watcher._save(running=False, stopped_at="2030-01-01T00:00:01Z")
    assert "watch: not running" in status_text(
        index_status(settings.index_dir, cache_dir=settings.cache_dir)
    )
    assert state_path(settings).parent == settings.cache_dir / "watch"


def test_status_of_a_never_synced_index_shows_the_failing_watcher(
    settings: SyncSettings, embedder, tmp_path: Path
) -> None:
    watcher = Watcher(
        str(tmp_path / "missing.xml"), settings, Schedule(every=3600), embeddings=embedder
    )
    watcher.tick()
    info = index_status(settings.index_dir, cache_dir=settings.cache_dir)
    assert info["exists"] is False
    text = status_text(info)
    assert "1 failed sync(s) in a row" in text and "missing.xml" in text
