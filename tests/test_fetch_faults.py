"""Network faults against a real server on 127.0.0.1: each ends in bounded time, cleanly.

Complements tests/test_fetch.py (retries, 304, truncation with a closed
connection, max_bytes, one redirect): here the server stalls, trickles, lies
about Content-Length, loops redirects, or is not there at all.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sync.errors import FeedTruncated, FetchError
from sync.fetch import cache_paths, default_deadline, fetch_feed
from sync.parse import iter_items
from tests.http_feed_server import Behaviour, FeedServer, Sleeps, send, serving

G_NS = "http://base.google.com/ns/1.0"
FEED = (
    f'<?xml version="1.0"?><rss xmlns:g="{G_NS}"><channel>'
    + "".join(f"<item><g:id>{n}</g:id></item>" for n in range(200))
    + "</channel></rss>"
).encode()


@pytest.fixture
def server() -> Iterator[FeedServer]:
    with serving(FEED) as srv:
        yield srv


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def clean(cache: Path, url: str) -> bool:
    """No partial download and no cached copy for ``url``."""
    partials = list(cache.glob(".partial-*")) if cache.exists() else []
    return partials == [] and not cache_paths(url, cache)[0].exists()


def closed_port() -> int:
    probe = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = probe.server_address[1]
    probe.server_close()
    return port


# --------------------------------------------------------------------------- nobody there


def test_connection_refused_fails_fast_and_says_so(cache: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}/feed.xml"
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(url, cache_dir=cache, timeout=5, retries=2, sleep=sleeps)
    assert time.monotonic() - started < 5
    message = str(caught.value)
    assert "ConnectError" in message and "after 3 attempts" in message
    assert "no cached copy exists" in message and "check the URL and the network" in message
    assert len(sleeps) == 2
    assert clean(cache, url)


def test_dns_failure_fails_without_hanging(cache: Path) -> None:
    url = "http://feed.invalid/feed.xml"  # RFC 2606: .invalid never resolves
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(url, cache_dir=cache, timeout=5, retries=1, sleep=sleeps, deadline=30)
    assert time.monotonic() - started < 30
    assert "feed.invalid" in str(caught.value) and "ConnectError" in str(caught.value)
    assert clean(cache, url)


# --------------------------------------------------------------------------- slow loris


def trickle(server: FeedServer, declared: int) -> Behaviour:
    """Announce ``declared`` bytes, then send one byte every 0.2 s until released."""

    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        h.send_response(200)
        h.send_header("Content-Length", str(declared))
        h.end_headers()
        for byte in FEED[: declared - 1]:
            if server.release.wait(0.2):
                return
            h.wfile.write(bytes([byte]))
            h.wfile.flush()

    return behaviour


def test_slow_loris_body_is_cut_by_the_deadline(server: FeedServer, cache: Path) -> None:
    # Every read gets a byte well within the read timeout: only the deadline stops it.
    server.behaviour = trickle(server, len(FEED))
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url(), cache_dir=cache, timeout=5, retries=3, sleep=sleeps, deadline=2)
    elapsed = time.monotonic() - started
    assert 1.5 < elapsed < 4, elapsed
    message = str(caught.value)
    assert "deadline" in message and "while downloading the body" in message
    assert server.paths == ["/feed.xml"] and sleeps == []  # the deadline is not retried
    assert clean(cache, server.url())


def test_trickled_headers_are_cut_by_the_deadline(server: FeedServer, cache: Path) -> None:
    # The status line and headers arrive a byte every 0.1 s (about 12 s in all, then the
    # whole feed): every read is within the timeout, so only the deadline can stop it.
    head = (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nX-Padding: "
        + b"." * 60 + f"\r\nContent-Length: {len(FEED)}\r\n\r\n".encode()
    )  # fmt: skip

    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        for byte in head:
            if server.release.wait(0.1):
                return
            h.wfile.write(bytes([byte]))
            h.wfile.flush()
        h.wfile.write(FEED)
        h.close_connection = True

    server.behaviour = behaviour
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url(), cache_dir=cache, timeout=5, retries=3, sleep=sleeps, deadline=2)
    elapsed = time.monotonic() - started
    assert elapsed < 6, elapsed  # not the ~12 s the headers take
    message = str(caught.value)
    assert "deadline" in message and "response headers" in message
    assert server.paths == ["/feed.xml"] and sleeps == []  # the deadline is not retried
    assert clean(cache, server.url())


def test_default_deadline() -> None:
    assert default_deadline(30.0) == 600.0  # the SyncSettings default timeout
    assert default_deadline(60.0) == 1200.0


def test_stalled_body_shorter_than_its_content_length_is_retried(
    server: FeedServer, cache: Path
) -> None:
    # Announces the whole feed, sends a third and keeps the connection open (no EOF):
    # the read timeout ends each attempt, no partial file is left.
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        h.send_response(200)
        h.send_header("Content-Length", str(len(FEED)))
        h.end_headers()
        h.wfile.write(FEED[: len(FEED) // 3])
        h.wfile.flush()
        server.release.wait(10)

    server.behaviour = behaviour
    sleeps = Sleeps()
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url(), cache_dir=cache, timeout=0.5, retries=1, sleep=sleeps)
    assert "timed out" in str(caught.value) and "after 2 attempts" in str(caught.value)
    assert len(server.requests) == 2 and len(sleeps) == 1
    assert clean(cache, server.url())


def test_body_longer_than_its_content_length_is_cut_and_then_refused_as_truncated(
    server: FeedServer, cache: Path
) -> None:
    # HTTP framing cannot tell extra bytes from the next response: httpx (h11) reads
    # exactly Content-Length bytes and stops. The cache holds what the server declared;
    # the XML is cut, so the parse stage refuses it as truncated and nothing is synced.
    declared = len(FEED) // 2

    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        send(h, 200, FEED, content_length=declared)
        h.close_connection = True

    server.behaviour = behaviour
    result = fetch_feed(server.url(), cache_dir=cache, timeout=5, sleep=Sleeps())
    assert result.bytes == declared
    assert result.path.read_bytes() == FEED[:declared]
    assert not list(cache.glob(".partial-*"))
    with pytest.raises(FeedTruncated):
        list(iter_items(result.path))


# --------------------------------------------------------------------------- 429


def test_429_retry_after_really_waits(server: FeedServer, cache: Path) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if n == 1:
            send(h, 429, b"slow down", {"Retry-After": "1"})
        else:
            send(h, 200, FEED)

    server.behaviour = behaviour
    delays: list[float] = []

    def sleep(seconds: float) -> None:
        delays.append(seconds)
        time.sleep(seconds)

    result = fetch_feed(server.url(), cache_dir=cache, timeout=5, backoff=100.0, sleep=sleep)
    assert delays == [1.0]
    assert result.attempts == 2 and result.path.read_bytes() == FEED
    first, second = (r.at for r in server.requests)
    assert second - first >= 0.95


def test_retry_after_past_the_deadline_gives_up_at_once(server: FeedServer, cache: Path) -> None:
    server.behaviour = lambda h, n: send(h, 429, b"", {"Retry-After": "20"})
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url(), cache_dir=cache, timeout=5, retries=5, sleep=sleeps, deadline=5)
    assert time.monotonic() - started < 3
    message = str(caught.value)
    assert "429" in message and "past the deadline" in message and "after 1 attempt" in message
    assert sleeps == [] and len(server.requests) == 1
    assert clean(cache, server.url())


# --------------------------------------------------------------------------- redirects


def test_chain_of_three_redirects_is_followed(server: FeedServer, cache: Path) -> None:
    hops = {"/a": "/b", "/b": "/c", "/c": "/feed.xml"}

    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if h.path in hops:
            send(h, 302, b"", {"Location": hops[h.path]})
        else:
            send(h, 200, FEED)

    server.behaviour = behaviour
    result = fetch_feed(server.url("/a"), cache_dir=cache, timeout=5, sleep=Sleeps())
    assert result.path.read_bytes() == FEED
    assert result.source == server.url("/a")
    assert server.paths == ["/a", "/b", "/c", "/feed.xml"]
    # The same chain is too long for max_redirects=2.
    with pytest.raises(FetchError, match="more than 2 redirects"):
        fetch_feed(server.url("/a"), cache_dir=cache, timeout=5, max_redirects=2)


def test_redirect_loop_stops_with_a_clear_error(server: FeedServer, cache: Path) -> None:
    server.behaviour = lambda h, n: send(
        h, 301, b"", {"Location": "/loop" if h.path != "/loop" else "/"}
    )
    sleeps = Sleeps()
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url("/"), cache_dir=cache, timeout=5, retries=3, sleep=sleeps)
    assert time.monotonic() - started < 5
    message = str(caught.value)
    assert "more than 5 redirects (a redirect loop?)" in message and "attempt 1" in message
    assert len(server.requests) == 6 and sleeps == []  # 1 + 5 redirects, never retried
    assert clean(cache, server.url("/"))


def test_redirect_to_a_local_file_is_refused(
    server: FeedServer, cache: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("AISLE-SECRET-MARKER")
    server.behaviour = lambda h, n: send(h, 302, b"", {"Location": secret.as_uri()})
    with pytest.raises(FetchError) as caught:
        fetch_feed(server.url(), cache_dir=cache, timeout=5, sleep=Sleeps())
    assert "only http(s) URLs are fetched" in str(caught.value)
    assert "AISLE-SECRET-MARKER" not in str(caught.value)
    assert clean(cache, server.url())
