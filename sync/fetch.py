"""Fetch stage of the catalogue sync: get the merchant's feed onto local disk.

The sync reads a Google Merchant Center product feed from either a local file
or an http(s) URL. This stage only makes sure that a *complete* copy of the
feed lies on local disk and says where; it never parses anything (the parser
sniffs gzip magic bytes itself, so the file may be compressed).

Local paths (and ``file://`` URLs) are checked and returned as they are.

URLs are downloaded into a cache directory, one file per URL
(``sha256(url)[:16] + ".feed"``) plus a ``.json`` sidecar holding the
validators (ETag, Last-Modified), the time of the last successful fetch and
the URL. The rules that keep the cache trustworthy:

* A cached copy younger than ``max_age`` seconds is reused without a request.
* Otherwise the request is conditional, and ``304 Not Modified`` reuses the
  cached copy.
* A download streams into a ``.partial-*`` temporary file in the cache
  directory, is fsynced, and only then atomically replaces the cached copy.
  A failed, truncated or oversized download is deleted and never touches the
  previous cached copy, so a flaky server can make a sync fail but can never
  make it sync a half feed.
* Connection errors, timeouts, truncated bodies, 408, 429 and 5xx are retried
  with capped exponential backoff and full jitter, honouring ``Retry-After``.
  Other 4xx answers fail at once: asking again will not help.
* Redirects are followed up to ``max_redirects`` (http(s) only: a redirect to
  ``file://`` or another scheme fails, so a server cannot make the sync read a
  local file).
* The whole fetch, retries and their delays included, has a ``deadline``
  (default ``max(20 * timeout, 600)`` seconds): a server that trickles its body
  (slow loris) or keeps asking to retry later cannot hold the sync forever.
  The deadline is checked after each network read and before each retry, and
  every read's timeout is shortened to what is left of it; a watchdog cuts the
  connection of a server still trickling its response headers when it passes
  (the read timeout alone restarts with every byte).

Every failure is raised as :class:`sync.errors.FetchError` whose message says
what went wrong and what to do next.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import os
import random
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit
from urllib.request import url2pathname

import httpx

from sync.errors import FetchError

__all__ = [
    "USER_AGENT",
    "FetchResult",
    "cache_paths",
    "default_deadline",
    "fetch_feed",
    "redact_url",
]

log = logging.getLogger(__name__)

USER_AGENT = "Aisle-sync/0.1"

DEFAULT_MAX_REDIRECTS = 5


def default_deadline(timeout: float) -> float:
    """The overall fetch deadline used when none is given: ``max(20 * timeout, 600)`` s."""
    return max(20.0 * timeout, 600.0)


@dataclass(frozen=True)
class FetchResult:
    """Where the fetched feed lies and how it got there.

    Attributes:
        path: A complete local file to parse (may be gzip-compressed).
        source: The path or URL asked for.
        from_cache: True when a cached copy was used without download (fresh,
            or 304 Not Modified).
        not_modified: True when the server answered 304.
        bytes: Size of the file at ``path``.
        attempts: HTTP attempts made (0 for local paths and fresh cache hits).
    """

    path: Path
    source: str
    from_cache: bool
    not_modified: bool
    bytes: int
    attempts: int


class _Retryable(Exception):
    """One attempt failed in a way that asking again may fix."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class _Fatal(Exception):
    """One attempt failed in a way that asking again will not fix."""


class _DeadlinePassed(_Fatal):
    """The overall deadline passed during an attempt."""


def cache_paths(url: str, cache_dir: Path) -> tuple[Path, Path]:
    """Return the cached feed file and its JSON sidecar for ``url``.

    Args:
        url: The feed URL exactly as given to :func:`fetch_feed`.
        cache_dir: The cache directory.

    Returns:
        ``(feed_path, sidecar_path)``.
    """
    stem = hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
    return cache_dir / f"{stem}.feed", cache_dir / f"{stem}.json"


def fetch_feed(
    source: str | Path,
    *,
    cache_dir: Path,
    max_age: float = 0.0,
    timeout: float = 30.0,
    retries: int = 3,
    backoff: float = 0.5,
    max_backoff: float = 30.0,
    max_bytes: int = 2 * 1024**3,
    transport: httpx.BaseTransport | None = None,
    sleep: Callable[[float], None] = time.sleep,
    deadline: float | None = None,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
) -> FetchResult:
    """Make sure a complete copy of the feed lies on local disk.

    Args:
        source: A local path, a ``file://`` URL or an http(s) URL.
        cache_dir: Where downloaded feeds and their sidecars are kept
            (created if missing). Unused for local sources.
        max_age: Reuse a cached copy younger than this many seconds without
            any request. 0 always asks the server (conditionally).
        timeout: Seconds allowed for connect, each read, each write and
            getting a pooled connection.
        retries: Retries after the first attempt on transient failures.
        backoff: Base delay of the exponential backoff, in seconds.
        max_backoff: Cap on any single delay, ``Retry-After`` included.
        max_bytes: Largest (decoded) feed accepted, in bytes.
        transport: Optional httpx transport (tests, proxies).
        sleep: Called with each backoff delay; injectable so tests don't wait.
        deadline: Seconds the whole fetch (every attempt, body and backoff
            delay) may take; ``None``: :func:`default_deadline` of ``timeout``.
            A retry whose delay would end past it is not made.
        max_redirects: Redirects followed per attempt; more fail at once.

    Returns:
        A :class:`FetchResult` describing the local file.

    Raises:
        FetchError: The file is missing or unreadable, the URL is unsupported,
            or the download failed (after retries where that could help).
    """
    text = str(source)
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme in ("http", "https"):
        return _fetch_url(
            text,
            cache_dir=Path(cache_dir),
            max_age=max_age,
            timeout=timeout,
            retries=max(0, retries),
            backoff=backoff,
            max_backoff=max_backoff,
            max_bytes=max_bytes,
            transport=transport,
            sleep=sleep,
            deadline=default_deadline(timeout) if deadline is None else deadline,
            max_redirects=max(0, max_redirects),
        )
    if scheme == "file":
        return _local(_file_url_to_path(text), text)
    if scheme:
        raise FetchError(
            f"unsupported feed source scheme {scheme!r} in {redact_url(text)}; "
            "use a local path, a file:// URL or an http(s) URL"
        )
    return _local(Path(text).expanduser(), text)


# --------------------------------------------------------------------------- local


def _file_url_to_path(url: str) -> Path:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise FetchError(
            f"file:// URL with a remote host is not supported: {url}; "
            "copy the feed locally and pass its path"
        )
    return Path(url2pathname(unquote(parts.path)))


def _local(path: Path, source: str) -> FetchResult:
    if not path.exists():
        raise FetchError(f"feed file not found: {path}; check the path")
    if not path.is_file():
        raise FetchError(f"feed path is not a regular file: {path}; check the path")
    if not os.access(path, os.R_OK):
        raise FetchError(f"feed file is not readable: {path}; check the path and its permissions")
    return FetchResult(
        path=path,
        source=source,
        from_cache=False,
        not_modified=False,
        bytes=path.stat().st_size,
        attempts=0,
    )


# --------------------------------------------------------------------------- http


def _fetch_url(
    url: str,
    *,
    cache_dir: Path,
    max_age: float,
    timeout: float,
    retries: int,
    backoff: float,
    max_backoff: float,
    max_bytes: int,
    transport: httpx.BaseTransport | None,
    sleep: Callable[[float], None],
    deadline: float,
    max_redirects: int,
) -> FetchResult:
    shown = redact_url(url)
    ends = time.monotonic() + deadline
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FetchError(
            f"cannot create the feed cache directory {cache_dir}: {exc}; "
            "check the path and its permissions"
        ) from exc
    feed_path, meta_path = cache_paths(url, cache_dir)
    meta = _read_meta(meta_path, url) if feed_path.is_file() else None

    if meta is not None and max_age > 0:
        age = time.time() - float(meta.get("fetched_at", 0.0))
        # A negative age means the clock went back; don't trust the copy then.
        if 0 <= age < max_age:
            log.debug("feed cache hit for %s (age %.0fs < %.0fs)", shown, age, max_age)
            return _cached_result(feed_path, url, not_modified=False, attempts=0)

    headers = {"User-Agent": USER_AGENT}
    if meta is not None:
        if meta.get("etag"):
            headers["If-None-Match"] = meta["etag"]
        if meta.get("last_modified"):
            headers["If-Modified-Since"] = meta["last_modified"]

    previous = (
        f"the previous cached copy {feed_path} was left untouched"
        if feed_path.exists()
        else "no cached copy exists"
    )
    attempts = 0
    last_error = ""
    with httpx.Client(
        transport=transport,
        timeout=httpx.Timeout(timeout),
        follow_redirects=True,
        max_redirects=max_redirects,
        # A fresh connection per request, so the header watchdog always holds the
        # connection it may have to cut (one GET per sync: nothing to reuse anyway).
        limits=httpx.Limits(max_keepalive_connections=0),
    ) as client:
        while True:
            attempts += 1
            try:
                outcome = _attempt(
                    client, url, headers, cache_dir, feed_path, meta_path, max_bytes, timeout, ends
                )
            except _DeadlinePassed as exc:
                raise FetchError(
                    f"could not fetch feed {shown}: {exc} (attempt {attempts}, deadline "
                    f"{deadline:g}s); {previous}; the server is too slow or stalls, retry later "
                    "or raise the deadline"
                ) from None
            except _Fatal as exc:
                raise FetchError(
                    f"could not fetch feed {shown} (attempt {attempts}): {exc}; {previous}"
                ) from None
            except _Retryable as exc:
                last_error = str(exc)
                if attempts > retries:
                    break
                delay = _delay(attempts - 1, backoff, max_backoff, exc.retry_after)
                if time.monotonic() + delay >= ends:
                    last_error += (
                        f"; the next attempt (in {delay:.1f}s) would start past the "
                        f"deadline of {deadline:g}s, so no more attempts were made"
                    )
                    break
                log.warning(
                    "fetching %s failed (attempt %d of %d): %s; retrying in %.1fs",
                    shown,
                    attempts,
                    retries + 1,
                    last_error,
                    delay,
                )
                sleep(delay)
                continue

            if outcome.not_modified:
                # The server vouched for our copy: refresh the validators it
                # sent (RFC 9110 allows a new ETag on 304) and the fetch time.
                assert meta is not None  # a 304 without a conditional request is _Fatal
                _write_meta(
                    meta_path,
                    url,
                    etag=outcome.etag or meta.get("etag"),
                    last_modified=outcome.last_modified or meta.get("last_modified"),
                )
                return _cached_result(feed_path, url, not_modified=True, attempts=attempts)
            _write_meta(meta_path, url, etag=outcome.etag, last_modified=outcome.last_modified)
            return FetchResult(
                path=feed_path,
                source=url,
                from_cache=False,
                not_modified=False,
                bytes=outcome.size,
                attempts=attempts,
            )

    plural = "attempt" if attempts == 1 else "attempts"
    raise FetchError(
        f"could not fetch feed {shown} after {attempts} {plural}; last error: {last_error}; "
        f"{previous}; check the URL and the network, or retry later"
    )


@dataclass(frozen=True)
class _Outcome:
    not_modified: bool
    etag: str | None
    last_modified: str | None
    size: int = 0


def _attempt(
    client: httpx.Client,
    url: str,
    headers: dict[str, str],
    cache_dir: Path,
    feed_path: Path,
    meta_path: Path,
    max_bytes: int,
    timeout: float,
    ends: float,
) -> _Outcome:
    """Make one HTTP attempt; on success the feed is in place at ``feed_path``."""
    # No single wait may outlast the deadline: shorten every timeout to what is left.
    left = ends - time.monotonic()
    if left <= 0:
        raise _DeadlinePassed("the deadline passed before the attempt")
    watchdog = _HeaderWatchdog(left)
    try:
        with (
            watchdog,
            client.stream(
                "GET",
                url,
                headers=headers,
                timeout=httpx.Timeout(min(timeout, left)),
                extensions={"trace": watchdog.trace},
            ) as response,
        ):
            watchdog.cancel()  # the headers are in; the body loop checks the deadline itself
            status = response.status_code
            etag = response.headers.get("ETag")
            last_modified = response.headers.get("Last-Modified")
            if status == 304:
                if "If-None-Match" not in headers and "If-Modified-Since" not in headers:
                    raise _Fatal("server answered 304 Not Modified to an unconditional request")
                if not feed_path.is_file():
                    # The copy vanished after the request went out; ask again without validators.
                    headers.pop("If-None-Match", None)
                    headers.pop("If-Modified-Since", None)
                    raise _Retryable("304 Not Modified but the cached copy is gone")
                return _Outcome(True, etag, last_modified)
            if status in (408, 429) or status >= 500:
                raise _Retryable(
                    f"HTTP {status} {response.reason_phrase} from {redact_url(str(response.url))}",
                    retry_after=_parse_retry_after(response.headers.get("Retry-After")),
                )
            if status != 200:
                hint = (
                    "check the feed URL and that it is publicly reachable"
                    if 400 <= status < 500
                    else "the server did not send the feed"
                )
                url = redact_url(str(response.url))
                raise _Fatal(f"HTTP {status} {response.reason_phrase} from {url}; {hint}")
            size = _download(response, cache_dir, feed_path, meta_path, max_bytes, ends)
            return _Outcome(False, etag, last_modified, size)
    except httpx.TimeoutException as exc:
        if watchdog.fired or time.monotonic() >= ends:
            raise _DeadlinePassed(f"the deadline passed ({type(exc).__name__})") from exc
        raise _Retryable(f"request timed out ({type(exc).__name__}: {exc})") from exc
    except (httpx.NetworkError, httpx.RemoteProtocolError, httpx.DecodingError) as exc:
        if watchdog.fired:
            raise _DeadlinePassed(
                "the deadline passed while the server was still sending its response headers"
            ) from exc
        # RemoteProtocolError covers a body shorter than Content-Length;
        # DecodingError a corrupt (often cut) gzip body. Both may heal.
        raise _Retryable(f"{type(exc).__name__}: {exc}") from exc
    except httpx.TooManyRedirects as exc:
        raise _Fatal(
            f"more than {client.max_redirects} redirects (a redirect loop?) starting at "
            f"{redact_url(url)}; point the sync at the feed's final URL"
        ) from exc
    except httpx.UnsupportedProtocol as exc:
        raise _Fatal(
            f"UnsupportedProtocol: {exc}; only http(s) URLs are fetched (a redirect to "
            "file:// or another scheme is refused)"
        ) from exc
    except httpx.HTTPError as exc:  # invalid URL, ...
        raise _Fatal(f"{type(exc).__name__}: {exc}") from exc


class _HeaderWatchdog:
    """Cuts the connection if the deadline passes before the response headers are in.

    httpx's read timeout restarts with every byte received, so a server trickling
    its status line and headers would outlast any deadline. httpcore's ``trace``
    hook hands over each connection as it opens; when the timer fires, the socket
    is shut down, which wakes the blocked read.
    """

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._stream: Any = None
        self._timer = threading.Timer(seconds, self._cut)
        self._timer.daemon = True

    def trace(self, event: str, info: dict[str, Any]) -> None:
        if event in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
            self._stream = info.get("return_value")

    def _cut(self) -> None:
        self.fired = True
        sock = self._stream.get_extra_info("socket") if self._stream is not None else None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed
                pass

    def cancel(self) -> None:
        self._timer.cancel()

    def __enter__(self) -> _HeaderWatchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()


def _download(
    response: httpx.Response,
    cache_dir: Path,
    feed_path: Path,
    meta_path: Path,
    max_bytes: int,
    ends: float,
) -> int:
    """Stream the body into a temp file and move it over ``feed_path`` when complete."""
    declared = _content_length(response)
    encoded = response.headers.get("Content-Encoding", "identity").lower() not in (
        "",
        "identity",
    )
    too_big = (
        f"the feed exceeds the max_bytes limit of {max_bytes} bytes; "
        "raise max_bytes if the feed really is this large"
    )
    if declared is not None and not encoded and declared > max_bytes:
        raise _Fatal(f"Content-Length {declared} bytes: {too_big}")

    placed = False
    tmp_path: Path | None = None
    try:
        with tempfile.NamedTemporaryFile(dir=cache_dir, delete=False, prefix=".partial-") as tmp:
            tmp_path = Path(tmp.name)
            written = 0
            # iter_bytes decodes Content-Encoding, so the cache holds what the
            # server meant (an application/gzip file stays gzip). Without a chunk
            # size it yields each network read: max_bytes and the deadline are
            # checked as the bytes arrive, however slowly.
            for chunk in response.iter_bytes():
                written += len(chunk)
                if written > max_bytes:
                    raise _Fatal(too_big)
                tmp.write(chunk)
                if time.monotonic() >= ends:
                    raise _DeadlinePassed(
                        f"the deadline passed while downloading the body ({written} bytes "
                        f"received of {declared if declared is not None else 'unknown'})"
                    )
            # h11 already raises on a short body; this also catches a
            # transport that quietly stops early.
            if declared is not None and response.num_bytes_downloaded < declared:
                raise _Retryable(
                    f"truncated body: got {response.num_bytes_downloaded} of {declared} bytes"
                )
            tmp.flush()
            os.fsync(tmp.fileno())
        # Drop the old validators first: a crash before the new sidecar is
        # written must cost a full download, never pair old ETag and new body.
        meta_path.unlink(missing_ok=True)
        os.replace(tmp_path, feed_path)
        placed = True
        _fsync_dir(cache_dir)
        return written
    except OSError as exc:
        raise _Fatal(
            f"cannot write the feed to {cache_dir}: {exc}; check free space and permissions"
        ) from exc
    finally:
        # Every failed attempt removes its partial file; the cached copy is
        # only ever replaced by the os.replace above.
        if not placed and tmp_path is not None:
            tmp_path.unlink(missing_ok=True)


def _content_length(response: httpx.Response) -> int | None:
    try:
        value = int(response.headers["Content-Length"])
    except (KeyError, ValueError):
        return None
    return value if value >= 0 else None


def _cached_result(feed_path: Path, url: str, *, not_modified: bool, attempts: int) -> FetchResult:
    return FetchResult(
        path=feed_path,
        source=url,
        from_cache=True,
        not_modified=not_modified,
        bytes=feed_path.stat().st_size,
        attempts=attempts,
    )


# --------------------------------------------------------------------------- retry timing


def _delay(n: int, backoff: float, max_backoff: float, retry_after: float | None) -> float:
    """Delay before retry number ``n`` (0-based)."""
    if retry_after is not None:
        # The server said when; guessing earlier just earns another 429/503.
        return min(max_backoff, max(0.0, retry_after))
    # Full jitter keeps many syncs that failed together from retrying together.
    return random.uniform(0.0, min(max_backoff, backoff * 2**n))


def _parse_retry_after(value: str | None) -> float | None:
    """Parse ``Retry-After`` (delta-seconds or HTTP date) into seconds from now."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


# --------------------------------------------------------------------------- sidecar


def _read_meta(meta_path: Path, url: str) -> dict[str, Any] | None:
    """The sidecar for ``url``, or None when missing, unreadable or for another URL."""
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or meta.get("url") != url:
        return None
    return meta


def _write_meta(meta_path: Path, url: str, *, etag: str | None, last_modified: str | None) -> None:
    meta = {
        "url": url,
        "etag": etag,
        "last_modified": last_modified,
        "fetched_at": time.time(),
    }
    tmp_path: Path | None = None
    try:
        with tempfile.NamedTemporaryFile(
            "w",
            encoding="utf-8",
            dir=meta_path.parent,
            delete=False,
            prefix=".partial-",
        ) as tmp:
            tmp_path = Path(tmp.name)
            json.dump(meta, tmp, indent=2)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_path, meta_path)
    except OSError as exc:
        if tmp_path is not None:
            tmp_path.unlink(missing_ok=True)
        # The feed itself is in place; a missing sidecar only costs a full
        # download next time, so don't fail the sync over it.
        log.warning("could not write feed cache metadata %s: %s", meta_path, exc)


def _fsync_dir(directory: Path) -> None:
    """Persist a rename (POSIX); best effort elsewhere."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def redact_url(url: str) -> str:
    """The URL without user:password, for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if "@" not in parts.netloc:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit((parts.scheme, "***@" + host, parts.path, parts.query, parts.fragment))
