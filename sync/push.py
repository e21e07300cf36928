"""The watcher's HTTP endpoint (``sync watch --listen HOST:PORT``).

* ``POST /sync`` starts a sync now (coalesced: while one runs, any number of
  calls queue one more) and answers ``202`` with ``{"queued", "coalesced",
  "running"}``. The request body is read and ignored: a webhook's product
  payload only says *that* something changed; the feed says what.
* ``GET /healthz`` answers ``200`` with the loop's state and the last report
  (``status``: ``starting`` | ``ok`` | ``failing``); ``?strict=1`` answers
  ``503`` while failing, for monitors that read only the status code.

Who may call ``POST /sync``: a caller with ``Authorization: Bearer
$AISLE_SYNC_TOKEN``, or a shop platform's webhook whose body signature
(``X-Shopify-Hmac-Sha256`` or ``X-WC-Webhook-Signature``: base64 HMAC-SHA256
of the raw body) verifies with ``AISLE_SYNC_WEBHOOK_SECRET``. Comparisons are
constant-time. With neither secret set the endpoint is open, which is allowed
on a loopback address only (:func:`sync.watch.check_listen_allowed`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from sync.watch import Watcher, check_listen_allowed

log = logging.getLogger(__name__)

MAX_BODY = 8 * 1024 * 1024  # a webhook's payload; larger bodies are refused unread
SIGNATURE_HEADERS = ("X-Shopify-Hmac-Sha256", "X-WC-Webhook-Signature")


def authorised(headers: Any, body: bytes, token: str, webhook_secret: str) -> bool:
    """Whether a request may start a sync (see the module docstring)."""
    if not token and not webhook_secret:
        return True  # open: only ever on loopback
    if token:
        given = headers.get("Authorization", "")
        scheme, _, value = given.partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(
            value.strip().encode(), token.encode()
        ):
            return True
    if webhook_secret:
        expected = base64.b64encode(
            hmac.new(webhook_secret.encode(), body, hashlib.sha256).digest()
        )
        for name in SIGNATURE_HEADERS:
            signature = headers.get(name)
            if signature and hmac.compare_digest(signature.strip().encode(), expected):
                return True
    return False


class PushServer:
    """A threaded HTTP server in the background, bound to one :class:`Watcher`."""

    def __init__(
        self,
        watcher: Watcher,
        host: str,
        port: int,
        *,
        token: str = "",
        webhook_secret: str = "",
    ) -> None:
        """Bind (port 0: a free port); refuses a non-loopback host without a secret."""
        check_listen_allowed(host, token, webhook_secret)
        self.watcher = watcher
        handler = _handler(watcher, token, webhook_secret)
        self.httpd = ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, name="aisle-push", daemon=True
        )

    @property
    def address(self) -> str:
        """``host:port`` as bound (the real port when asked for 0)."""
        host, port = self.httpd.server_address[:2]
        host = str(host)
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def start(self) -> PushServer:
        """Serve in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.httpd.shutdown()
        self.httpd.server_close()


def _handler(watcher: Watcher, token: str, webhook_secret: str) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "Aisle-sync"
        sys_version = ""

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            if url.path != "/healthz":
                self._send(404, {"error": f"no such endpoint {url.path}; try GET /healthz"})
                return
            health = watcher.health()
            strict = parse_qs(url.query).get("strict", ["0"])[0] not in ("", "0", "false")
            self._send(503 if strict and health["status"] == "failing" else 200, health)

        def do_POST(self) -> None:
            url = urlsplit(self.path)
            if url.path != "/sync":
                self._send(404, {"error": f"no such endpoint {url.path}; try POST /sync"})
                return
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                self.close_connection = True
                self._send(413, {"error": f"body over {MAX_BODY} bytes"})
                return
            body = self.rfile.read(length) if length > 0 else b""
            if not authorised(self.headers, body, token, webhook_secret):
                missing = not self.headers.get("Authorization") and not any(
                    self.headers.get(h) for h in SIGNATURE_HEADERS
                )
                self._send(
                    401,
                    {
                        "error": "missing credentials: send Authorization: Bearer <token>"
                        if missing
                        else "invalid token or webhook signature"
                    },
                    extra={"WWW-Authenticate": 'Bearer realm="aisle-sync"'},
                )
                return
            source = next((h for h in SIGNATURE_HEADERS if self.headers.get(h)), None)
            self._send(202, watcher.trigger("webhook" if source else "push"))

        def _send(self, code: int, payload: dict[str, Any], extra: dict[str, str] | None = None):
            data = json.dumps(payload, ensure_ascii=False).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            log.debug("%s %s", self.address_string(), format % args)

    return Handler
