"""Tests of the fetch stage against a real HTTP server on 127.0.0.1.

Each test scripts the server's behaviour with a function ``(handler, n)``
where ``n`` is the 1-based number of the request; the server records every
request's path and headers.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sync.errors import FetchError
from sync.fetch import FetchResult, cache_paths, fetch_feed
from tests.http_feed_server import FeedServer, Sleeps, send, serving

FEED = (
    b'<?xml version="1.0"?><rss><channel>'
    + b"<item><g:id>1</g:id></item>" * 200
    + b"</channel></rss>"
)


@pytest.fixture
def server() -> Iterator[FeedServer]:
    with serving(FEED) as srv:
        yield srv


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


def partials(cache: Path) -> list[Path]:
    return sorted(cache.glob(".partial-*")) if cache.exists() else []


def fetch(url: str, cache: Path, sleeps: Sleeps, **kw: object) -> FetchResult:
    kw.setdefault("timeout", 5.0)
    return fetch_feed(url, cache_dir=cache, sleep=sleeps, **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- 1. local


def test_local_path_returned_as_is(tmp_path: Path, cache: Path) -> None:
    feed = tmp_path / "feed.xml"
    feed.write_bytes(FEED)
    for source in (feed, str(feed), feed.as_uri()):
        result = fetch_feed(source, cache_dir=cache)
        assert result.path == feed
        assert result.source == str(source)
        assert (result.from_cache, result.not_modified, result.attempts) == (
            False,
            False,
            0,
        )
        assert result.bytes == len(FEED)
    assert not cache.exists()  # nothing copied


def test_missing_local_path_is_a_helpful_error(tmp_path: Path, cache: Path) -> None:
    missing = tmp_path / "nope.xml"
    with pytest.raises(FetchError, match="feed file not found") as info:
        fetch_feed(missing, cache_dir=cache)
    assert str(missing) in str(info.value)
    assert "check the path" in str(info.value)
    with pytest.raises(FetchError, match="not a regular file"):
        fetch_feed(tmp_path, cache_dir=cache)


def test_unsupported_scheme(cache: Path) -> None:
    with pytest.raises(FetchError, match="unsupported"):
        fetch_feed("ftp://example.com/feed.xml", cache_dir=cache)


# --------------------------------------------------------------------------- 2. 5xx retried


def test_two_500s_then_success(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if n <= 2:
            send(h, 500, b"oops")
        else:
            send(h, 200, FEED, {"ETag": '"v1"'})

    server.behaviour = behaviour
    result = fetch(server.url(), cache, sleeps, retries=3, backoff=0.5)

    assert result.path.read_bytes() == FEED
    assert result.bytes == len(FEED)
    assert result.attempts == 3
    assert (result.from_cache, result.not_modified) == (False, False)
    assert server.hits == 3
    assert len(sleeps) == 2
    # Full jitter within the exponential cap: [0, 0.5] then [0, 1.0].
    assert 0 <= sleeps[0] <= 0.5 and 0 <= sleeps[1] <= 1.0
    assert partials(cache) == []
    feed_path, meta_path = cache_paths(server.url(), cache)
    assert result.path == feed_path
    meta = json.loads(meta_path.read_text())
    assert meta["etag"] == '"v1"' and meta["url"] == server.url()
    assert server.requests[0].headers["User-Agent"] == "Aisle-sync/0.1"


def test_5xx_exhausted_keeps_cached_copy(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    fetch(server.url(), cache, sleeps)
    server.behaviour = lambda h, n: send(h, 503, b"down")
    with pytest.raises(FetchError) as info:
        fetch(server.url(), cache, sleeps, retries=2)
    message = str(info.value)
    assert "3 attempts" in message and "503" in message and "left untouched" in message
    assert server.hits == 1 + 3
    assert cache_paths(server.url(), cache)[0].read_bytes() == FEED


# --------------------------------------------------------------------------- 3. truncated


def truncating(h: BaseHTTPRequestHandler, n: int) -> None:
    # Promise the whole feed, send a third of it, then close the connection.
    send(h, 200, FEED[: len(FEED) // 3], content_length=len(FEED))
    h.close_connection = True


def test_truncated_body_without_cache(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    server.behaviour = truncating
    with pytest.raises(FetchError) as info:
        fetch(server.url(), cache, sleeps, retries=2)
    assert "after 3 attempts" in str(info.value)
    assert "no cached copy" in str(info.value)
    assert server.hits == 3
    assert len(sleeps) == 2
    assert partials(cache) == []
    feed_path, meta_path = cache_paths(server.url(), cache)
    assert not feed_path.exists() and not meta_path.exists()


def test_truncated_body_leaves_cached_copy_intact(
    server: FeedServer, cache: Path, sleeps: Sleeps
) -> None:
    good = fetch(server.url(), cache, sleeps)
    feed_path, meta_path = cache_paths(server.url(), cache)
    before, meta_before = feed_path.read_bytes(), meta_path.read_bytes()

    server.behaviour = truncating
    with pytest.raises(FetchError) as info:
        fetch(server.url(), cache, sleeps, retries=3, max_age=0)
    assert "after 4 attempts" in str(info.value)
    assert "left untouched" in str(info.value)
    assert server.hits == 1 + 4
    assert partials(cache) == []
    assert good.path == feed_path
    assert feed_path.read_bytes() == before == FEED
    assert meta_path.read_bytes() == meta_before


# --------------------------------------------------------------------------- 4. 304


def test_304_reuses_cached_copy(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if h.headers.get("If-None-Match") == '"abc"':
            send(h, 304, headers={"ETag": '"abc"'})
        else:
            send(
                h,
                200,
                FEED,
                {"ETag": '"abc"', "Last-Modified": "Wed, 01 Jan 2025 00:00:00 GMT"},
            )

    server.behaviour = behaviour
    first = fetch(server.url(), cache, sleeps)
    assert (first.from_cache, first.not_modified) == (False, False)
    _, meta_path = cache_paths(server.url(), cache)
    fetched_at = json.loads(meta_path.read_text())["fetched_at"]
    time.sleep(0.01)

    second = fetch(server.url(), cache, sleeps, max_age=0)
    assert server.hits == 2
    sent = server.requests[1].headers
    assert sent.get("If-None-Match") == '"abc"'
    assert sent.get("If-Modified-Since") == "Wed, 01 Jan 2025 00:00:00 GMT"
    assert "If-None-Match" not in server.requests[0].headers
    assert (second.from_cache, second.not_modified, second.attempts) == (True, True, 1)
    assert second.path == first.path
    assert second.path.read_bytes() == FEED
    assert second.bytes == len(FEED)
    assert json.loads(meta_path.read_text())["fetched_at"] > fetched_at


# --------------------------------------------------------------------------- 5. fresh cache


def test_fresh_cache_makes_no_request(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    first = fetch(server.url(), cache, sleeps)
    assert server.hits == 1
    again = fetch(server.url(), cache, sleeps, max_age=3600)
    assert server.hits == 1
    assert (again.from_cache, again.not_modified, again.attempts) == (True, False, 0)
    assert again.path == first.path and again.path.read_bytes() == FEED
    # max_age=0 asks again.
    fetch(server.url(), cache, sleeps, max_age=0)
    assert server.hits == 2


# --------------------------------------------------------------------------- 6. timeout


def test_server_that_never_answers(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    server.behaviour = lambda h, n: server.release.wait(10)
    started = time.monotonic()
    with pytest.raises(FetchError) as info:
        fetch_feed(server.url(), cache_dir=cache, timeout=0.5, retries=1, sleep=sleeps)
    elapsed = time.monotonic() - started
    assert "timed out" in str(info.value)
    assert "after 2 attempts" in str(info.value)
    assert len(sleeps) == 1
    assert elapsed < 10  # hang guard, not a precise bound
    assert partials(cache) == []


# --------------------------------------------------------------------------- 7. Retry-After


def test_429_retry_after_is_honoured(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if n == 1:
            send(h, 429, b"slow down", {"Retry-After": "2"})
        else:
            send(h, 200, FEED)

    server.behaviour = behaviour
    result = fetch(server.url(), cache, sleeps, backoff=100.0)
    assert sleeps == [2.0]
    assert result.attempts == 2 and result.path.read_bytes() == FEED


def test_retry_after_is_capped_and_accepts_http_dates(
    server: FeedServer, cache: Path, sleeps: Sleeps
) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if n == 1:
            send(h, 503, b"", {"Retry-After": "3600"})
        elif n == 2:
            send(h, 503, b"", {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})  # in the past
        else:
            send(h, 200, FEED)

    server.behaviour = behaviour
    fetch(server.url(), cache, sleeps, max_backoff=5.0)
    assert sleeps == [5.0, 0.0]


# --------------------------------------------------------------------------- 8. 404


def test_404_fails_at_once(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    server.behaviour = lambda h, n: send(h, 404, b"not here")
    with pytest.raises(FetchError) as info:
        fetch(server.url(), cache, sleeps, retries=3)
    message = str(info.value)
    assert "404" in message and server.url() in message
    assert "attempt 1" in message
    assert server.hits == 1
    assert sleeps == []
    assert partials(cache) == []
    assert not cache_paths(server.url(), cache)[0].exists()


# --------------------------------------------------------------------------- 9. gzip


def test_gzip_content_encoding_is_decoded(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    server.behaviour = lambda h, n: send(
        h,
        200,
        gzip.compress(FEED),
        {"Content-Encoding": "gzip", "Content-Type": "application/xml"},
    )
    result = fetch(server.url(), cache, sleeps)
    assert result.path.read_bytes() == FEED
    assert result.bytes == len(FEED)


def test_gzip_file_is_stored_as_is(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    packed = gzip.compress(FEED)
    server.behaviour = lambda h, n: send(h, 200, packed, {"Content-Type": "application/gzip"})
    result = fetch(server.url("/feed.xml.gz"), cache, sleeps)
    stored = result.path.read_bytes()
    assert stored == packed
    assert stored[:2] == b"\x1f\x8b"
    assert gzip.decompress(stored) == FEED


# --------------------------------------------------------------------------- 10. max_bytes


@pytest.mark.parametrize("declare_length", [True, False])
def test_max_bytes_exceeded(
    server: FeedServer, cache: Path, sleeps: Sleeps, declare_length: bool
) -> None:
    body = b"x" * 50_000

    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        h.send_response(200)
        if declare_length:
            h.send_header("Content-Length", str(len(body)))
        h.end_headers()  # without a length the body ends when the connection closes
        h.wfile.write(body)
        h.close_connection = True

    server.behaviour = behaviour
    with pytest.raises(FetchError, match="max_bytes limit of 1000 bytes"):
        fetch(server.url(), cache, sleeps, max_bytes=1000)
    assert server.hits == 1  # not retried: the feed will not shrink
    assert partials(cache) == []
    assert not cache_paths(server.url(), cache)[0].exists()


def test_max_bytes_counts_decoded_bytes(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    body = b"x" * 200_000  # compresses to a few hundred bytes
    server.behaviour = lambda h, n: send(h, 200, gzip.compress(body), {"Content-Encoding": "gzip"})
    with pytest.raises(FetchError, match="max_bytes"):
        fetch(server.url(), cache, sleeps, max_bytes=10_000)
    assert partials(cache) == []


# --------------------------------------------------------------------------- misc


def test_redirect_is_followed(server: FeedServer, cache: Path, sleeps: Sleeps) -> None:
    def behaviour(h: BaseHTTPRequestHandler, n: int) -> None:
        if h.path == "/old":
            send(h, 301, b"", {"Location": "/feed.xml"})
        else:
            send(h, 200, FEED)

    server.behaviour = behaviour
    result = fetch(server.url("/old"), cache, sleeps)
    assert result.path.read_bytes() == FEED
    assert result.source == server.url("/old")
    assert server.paths == ["/old", "/feed.xml"]


def test_connection_refused_is_retried(cache: Path, sleeps: Sleeps) -> None:
    # Bind then close to get a port nobody listens on.
    probe = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = probe.server_address[1]
    probe.server_close()
    with pytest.raises(FetchError, match="after 3 attempts"):
        fetch(f"http://127.0.0.1:{port}/feed.xml", cache, sleeps, retries=2)
    assert len(sleeps) == 2
    assert partials(cache) == []
