"""Hostile feeds through ``run_sync``: each is refused or recovered in bounded time and memory.

Every feed runs in its own child process (forked from a server that did the
imports once: tests/feed_child.py; the fake embedder, a throw-away index), so
the memory bound is the child's own peak RSS growth during ``run_sync``
(``ru_maxrss`` after the sync minus before it) and the time bound is the
child's wall time. Nothing a feed names may be read: secrets on disk never
reach the report, the embedder or any file the sync writes, and a local HTTP
server named by the feed gets no request.
"""

from __future__ import annotations

import gzip
import json
import struct
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.feed_child import sync_in_forked_child

REPO = Path(__file__).resolve().parents[1]
G_NS = "http://base.google.com/ns/1.0"
MARKER = "AISLE-SECRET-MARKER-7f3a"

MAX_SECONDS = 30.0  # wall time of run_sync in the child
MAX_RSS_GROWTH = 300 * 1024 * 1024  # peak RSS growth of the child during run_sync


def sync_in_child(feed: Path, work: Path) -> dict:
    """Run one sync of ``feed`` in its own process; assert the time and memory bounds."""
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    result = sync_in_forked_child(feed, work, timeout=MAX_SECONDS * 4)  # a hang guard
    wall = time.monotonic() - started
    assert result["seconds"] < MAX_SECONDS, f"{feed.name}: sync {result['seconds']:.1f}s"
    assert wall < MAX_SECONDS * 3, f"{feed.name}: child {wall:.1f}s"
    assert result["rss_growth"] < MAX_RSS_GROWTH, (
        f"{feed.name}: RSS grew {result['rss_growth'] / 2**20:.0f} MiB"
    )
    return result


def assert_refused(result: dict, *words: str) -> None:
    report = result["report"]
    assert report["status"] == "refused", report
    assert report["reason"], report
    for word in words:
        assert word in report["reason"], report["reason"]
    assert result["texts"] == []  # nothing embedded
    assert report["counts"]["new"] == 0


def assert_marker_nowhere(result: dict, *dirs: Path) -> None:
    """The secret never reaches the report, the embedder, the index or any file written."""
    assert MARKER not in result["stdout"] and MARKER not in result["stderr"]
    for directory in dirs:
        for path in directory.rglob("*"):
            if path.is_file():
                assert MARKER.encode() not in path.read_bytes(), path


def item(n: int | str, title: str = "", description: str = "") -> str:
    return (
        f"<item><g:id>{n}</g:id><title>{title or f'Product {n}'}</title>"
        f"<description>{description or f'A fine product number {n}'}</description>"
        f"<link>https://shop.example/p/{n}</link><g:price>{n if str(n).isdigit() else 1}.50 USD"
        "</g:price><g:availability>in stock</g:availability>"
        f"<g:image_link>https://shop.example/{n}.jpg</g:image_link></item>\n"
    )


def rss(body: str, doctype: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}'
        f'<rss version="2.0" xmlns:g="{G_NS}"><channel><title>Shop</title>\n{body}'
        "</channel></rss>\n"
    )


def ok_items(result: dict) -> dict[str, dict]:
    report = result["report"]
    assert report["status"] == "ok", report["reason"]
    return {pid: json.loads(meta) | {"_doc": doc} for pid, doc, meta in result["documents"]}


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(MARKER)
    return path


class HitServer:
    """A local HTTP server that serves the marker and counts every request."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        hits = self.hits

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                body = f'<!ENTITY leak "{MARKER}">{MARKER}'.encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def hit_server():
    server = HitServer()
    try:
        yield server
    finally:
        server.close()


# --------------------------------------------------------------------------- entity expansion


@pytest.mark.slow  # seconds of refused expansion
def test_billion_laughs_is_refused(tmp_path: Path) -> None:
    lol = ['<!ENTITY lol0 "lol">']
    lol += [f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10)]
    doctype = "<!DOCTYPE rss [\n" + "\n".join(lol) + "\n]>\n"
    feed = tmp_path / "laughs.xml"
    feed.write_text(rss(item(1, title="&lol9;"), doctype))
    assert_refused(sync_in_child(feed, tmp_path / "work"), "ENTITY")


def test_quadratic_blowup_with_a_dtd_entity_is_refused(tmp_path: Path) -> None:
    # One 50 KB entity referenced 20,000 times: 1 GB if expanded, from a 1.1 MB file.
    doctype = f'<!DOCTYPE rss [<!ENTITY big "{"x" * 50_000}">]>\n'
    feed = tmp_path / "quadratic.xml"
    feed.write_text(rss(item(1, description="&big;" * 20_000), doctype))
    assert_refused(sync_in_child(feed, tmp_path / "work"), "ENTITY")


def test_quadratic_blowup_without_a_dtd_is_just_text(tmp_path: Path) -> None:
    # Two million predefined references: 10 MB of markup, 2 MB of "&" — plain text, kept.
    feed = tmp_path / "amps.xml"
    feed.write_text(rss(item(1, description="&amp;" * 2_000_000) + item(2) + item(3)))
    items = ok_items(sync_in_child(feed, tmp_path / "work"))
    assert sorted(items) == ["1", "2", "3"]


# --------------------------------------------------------------------------- external entities


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE rss [<!ENTITY leak SYSTEM "{file}">]>\n',
        '<!DOCTYPE rss [<!ENTITY % p SYSTEM "{file}"> %p;]>\n',
        # Obfuscated declarations: a control character inside the keyword (the reader
        # strips it, so the parser would see <!ENTITY) and one split by 3 MB of them.
        '<!DOCTYPE rss [<!EN\x01TITY leak SYSTEM "{file}">]>\n',
        "<!DOCTYPE rss [<!ENT" + "\x02" * 3_000_000 + 'ITY leak SYSTEM "{file}">]>\n',
    ],
    ids=["general", "parameter", "control-char-in-keyword", "keyword-split-by-3MB"],
)
def test_external_file_entity_is_refused_and_never_read(
    tmp_path: Path, secret: Path, doctype: str
) -> None:
    feed = tmp_path / "xxe.xml"
    feed.write_text(rss(item(1, title="&leak;"), doctype.replace("{file}", secret.as_uri())))
    result = sync_in_child(feed, tmp_path / "work")
    assert_refused(result, "ENTITY")
    assert_marker_nowhere(result, tmp_path / "work")


def test_utf16_external_entity_is_refused(tmp_path: Path, secret: Path) -> None:
    # UTF-16 without a BOM: the NUL bytes hid "<!ENTITY" from a byte search.
    doctype = f'<!DOCTYPE rss [<!ENTITY leak SYSTEM "{secret.as_uri()}">]>\n'
    feed = tmp_path / "xxe16.xml"
    feed.write_bytes(rss(item(1, title="&leak;"), doctype).encode("utf-16-le"))
    result = sync_in_child(feed, tmp_path / "work")
    assert_refused(result, "ENTITY")
    assert_marker_nowhere(result, tmp_path / "work")


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE rss [<!ENTITY leak SYSTEM "{url}">]>\n',
        '<!DOCTYPE rss [<!ENTITY % p SYSTEM "{url}"> %p;]>\n',
    ],
    ids=["general", "parameter"],
)
def test_external_http_entity_is_refused_and_never_fetched(
    tmp_path: Path, hit_server: HitServer, doctype: str
) -> None:
    feed = tmp_path / "xxe-http.xml"
    feed.write_text(rss(item(1, title="&leak;"), doctype.replace("{url}", hit_server.url("/x"))))
    result = sync_in_child(feed, tmp_path / "work")
    assert_refused(result, "ENTITY")
    assert hit_server.hits == []
    assert_marker_nowhere(result, tmp_path / "work")


def test_external_http_dtd_is_never_fetched(tmp_path: Path, hit_server: HitServer) -> None:
    # A DOCTYPE naming an external DTD but declaring no entity: the DTD is ignored
    # (load_dtd=False, no_network=True), the feed syncs, the server hears nothing.
    doctype = f'<!DOCTYPE rss SYSTEM "{hit_server.url("/feed.dtd")}">\n'
    feed = tmp_path / "dtd-http.xml"
    feed.write_text(rss(item(1) + item(2), doctype))
    result = sync_in_child(feed, tmp_path / "work")
    assert sorted(ok_items(result)) == ["1", "2"]
    assert hit_server.hits == []
    assert_marker_nowhere(result, tmp_path / "work")


# --------------------------------------------------------------------------- huge and deep


@pytest.mark.slow  # writes and parses 50 MB
def test_50mb_text_node_is_truncated_and_the_item_kept(tmp_path: Path) -> None:
    # libxml2 refuses a text node over 10 MB (the whole feed with it); the reader
    # cuts any text node at parse.MAX_TEXT_BYTES (4 MiB) instead: the item is kept.
    feed = tmp_path / "huge-text.xml"
    head, tail = rss(item(1) + "@@BIG@@" + item(3)).split("@@BIG@@")
    with feed.open("w", encoding="utf-8") as out:
        out.write(head)
        out.write("<item><g:id>2</g:id><title>Huge</title><g:price>2.50 USD</g:price>")
        out.write("<link>https://shop.example/p/2</link><description>")
        chunk = "Long description é & more. " * 40_000  # ~1.1 MB, multi-byte chars included
        written = 0
        while written < 50 * 1024 * 1024:
            out.write(chunk)
            written += len(chunk.encode())
        out.write("</description></item>\n")
        out.write(tail)
    assert feed.stat().st_size > 50 * 1024 * 1024
    result = sync_in_child(feed, tmp_path / "work")
    items = ok_items(result)
    assert sorted(items) == ["1", "2", "3"]
    assert result["report"]["feed_repairs"] >= 1
    assert items["2"]["title"] == "Huge"
    # The document (what is embedded) stays bounded by the truncation.
    assert len(items["2"]["_doc"].encode()) <= 4 * 1024 * 1024 + 10_000


def test_100000_nested_elements_are_refused(tmp_path: Path) -> None:
    feed = tmp_path / "deep.xml"
    feed.write_text(rss(item(1) + "<item><g:id>2</g:id><description>" + "<a>" * 100_000
                        + "x" + "</a>" * 100_000 + "</description></item>"))  # fmt: skip
    assert_refused(sync_in_child(feed, tmp_path / "work"), "nested more than 256 levels")


@pytest.mark.parametrize("truncated", [False, True], ids=["whole", "truncated"])
def test_an_undeclared_namespace_prefix_is_refused_with_its_name(
    tmp_path: Path, truncated: bool
) -> None:
    # ``g:id`` without ``xmlns:g``: the recovering parser keeps "g:id" as a tag name,
    # which once crashed the sync (lxml's QName refuses it) instead of refusing the feed.
    text = rss(item(1) + item(2)).replace(f' xmlns:g="{G_NS}"', "")
    feed = tmp_path / "undeclared.xml"
    feed.write_text(text[: text.index("</channel>")] if truncated else text)
    assert_refused(sync_in_child(feed, tmp_path / "work"), "Namespace prefix g")


# --------------------------------------------------------------------------- bad bytes


def test_invalid_utf8_and_control_characters_are_recovered(tmp_path: Path) -> None:
    feed = tmp_path / "bytes.xml"
    body = (
        item(1, title="Caf\udcff").encode("utf-8", "surrogateescape")  # a lone 0xFF byte
        + item(2, title="Bad \x01\x08\x0b\x1f chars").encode()
        + item(3, title="Cut \xc3").encode("latin-1")  # 0xC3 alone: a cut sequence
        + item(4, description="NUL \x00 inside").encode()
    )
    feed.write_bytes(rss("@@").encode().replace(b"@@", body))
    result = sync_in_child(feed, tmp_path / "work")
    items = ok_items(result)
    assert sorted(items) == ["1", "2", "3", "4"]
    assert items["1"]["title"] == "Caf\ufffd"
    assert items["2"]["title"] == "Bad chars"  # removed, then spaces collapsed
    assert items["3"]["title"] == "Cut \ufffd"
    assert "\x00" not in items["4"]["_doc"]
    assert result["report"]["feed_repairs"] >= 1 + 4 + 1 + 1


# --------------------------------------------------------------------------- gzip bombs


def write_gzip_bomb(path: Path, prefix: bytes, unit: bytes, total: int) -> None:
    """A gzip file expanding to ``prefix`` + ``unit`` repeated to ``total`` bytes, written small.

    One MiB of ``unit`` is deflated once after a full flush (so it refers to
    nothing before it) and the compressed segment repeated: ~1 KB of file per MiB
    of output. The trailer's ISIZE is right; its CRC is not computed (10 GB of
    CRC would take longer than the test), and the parser must stop long before it.
    """
    block = unit * ((1 << 20) // len(unit))
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    with path.open("wb") as out:
        out.write(b"\x1f\x8b\x08\x00" + struct.pack("<I", 0) + b"\x02\xff")
        out.write(comp.compress(prefix) + comp.flush(zlib.Z_FULL_FLUSH))
        segment = comp.compress(block) + comp.flush(zlib.Z_FULL_FLUSH)
        for _ in range(total // len(block)):
            out.write(segment)
        out.write(comp.flush(zlib.Z_FINISH))
        size = len(prefix) + len(block) * (total // len(block))
        out.write(struct.pack("<II", 0, size & 0xFFFFFFFF))


BOMB_PREFIX = rss(item(1) + "<item><g:id>2</g:id><description>").split("</channel>")[0].encode()


@pytest.mark.slow  # decompresses up to a gigabyte before refusing
@pytest.mark.parametrize(
    ("prefix", "unit", "total"),
    [
        # 10 GB of zeros inside a description: every byte is repaired away, none parsed.
        (BOMB_PREFIX, b"\x00", 10 * 1024**3),
        (BOMB_PREFIX, b"ha ", 10 * 1024**3),  # 10 GB of text inside a description
        # 1 GiB of one item repeated (~3 MB of file): lxml would parse it all happily.
        (rss("@@").split("@@")[0].encode(), b"<item><g:id>dup</g:id></item>\n", 1024**3),
    ],
    ids=["zeros-10GB", "text-10GB", "repeated-items-1GB"],
)
def test_gzip_bomb_is_refused(tmp_path: Path, prefix: bytes, unit: bytes, total: int) -> None:
    feed = tmp_path / "bomb.xml.gz"
    write_gzip_bomb(feed, prefix, unit, total)
    assert feed.stat().st_size < 12 * 1024 * 1024  # gigabytes in a few MB
    result = sync_in_child(feed, tmp_path / "work")
    assert_refused(result, "decompression bomb")


def test_nested_gzip_bomb_is_refused(tmp_path: Path) -> None:
    inner = tmp_path / "inner.gz"
    write_gzip_bomb(inner, BOMB_PREFIX, b"\x00", 4 * 1024**3)
    feed = tmp_path / "nested.xml.gz"
    feed.write_bytes(gzip.compress(inner.read_bytes()))
    inner.unlink()
    # One layer is opened; what it holds (gzip again) is not XML.
    assert_refused(sync_in_child(feed, tmp_path / "work"), "not XML")
