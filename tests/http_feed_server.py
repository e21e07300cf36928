"""A scripted HTTP server on 127.0.0.1 for the fetch tests (tests/test_fetch*.py).

Each test sets ``behaviour``, a function ``(handler, n)`` where ``n`` is the
1-based number of the request; the server records every request's path,
headers and arrival time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Behaviour = Callable[[BaseHTTPRequestHandler, int], None]


@dataclass(frozen=True)
class Request:
    path: str
    headers: dict[str, str]
    at: float  # time.monotonic() on arrival


class FeedServer:
    """A scripted HTTP server in a background thread (start it with :func:`serving`)."""

    def __init__(self, body: bytes) -> None:
        self.behaviour: Behaviour = lambda h, n: send(h, 200, body)
        self.requests: list[Request] = []
        self.release = threading.Event()  # set at teardown to free sleeping handlers
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                request = Request(self.path, dict(self.headers.items()), time.monotonic())
                with server._lock:
                    server.requests.append(request)
                    n = len(server.requests)
                try:
                    server.behaviour(self, n)
                except OSError:  # the client gave up and closed the connection
                    self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def hits(self) -> int:
        with self._lock:
            return len(self.requests)

    @property
    def paths(self) -> list[str]:
        with self._lock:
            return [r.path for r in self.requests]

    def url(self, path: str = "/feed.xml") -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{path}"


@contextmanager
def serving(body: bytes) -> Iterator[FeedServer]:
    """A running :class:`FeedServer` answering ``body`` until a test scripts otherwise."""
    srv = FeedServer(body)
    srv.thread.start()
    try:
        yield srv
    finally:
        srv.release.set()
        srv.httpd.shutdown()
        srv.httpd.server_close()
        srv.thread.join(timeout=5)


def send(
    h: BaseHTTPRequestHandler,
    status: int,
    body: bytes = b"",
    headers: dict[str, str] | None = None,
    *,
    content_length: int | None = None,
) -> None:
    """Answer with ``status`` and ``body``; ``content_length`` may lie."""
    h.send_response(status)
    headers = dict(headers or {})
    if status != 304:
        headers.setdefault("Content-Type", "application/xml")
        headers.setdefault(
            "Content-Length",
            str(len(body) if content_length is None else content_length),
        )
    for name, value in headers.items():
        h.send_header(name, value)
    h.end_headers()
    if body:
        h.wfile.write(body)
        h.wfile.flush()


class Sleeps(list[float]):
    """A fake ``sleep`` that records its delays instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)
