"""Parse stage: a feed file → a stream of :class:`~sync.model.RawItem`.

Streaming (``lxml.etree.iterparse``, every item cleared once read), so memory
stays flat in the feed's size. RSS 2.0 (``<item>``) and Atom (``<entry>``),
with or without Google's ``g:`` namespace.

Real feeds are often not well-formed. :class:`RepairingReader` sits between
the file and the parser and repairs what is safely repairable, outside CDATA
sections and comments:

* HTML named entities XML lacks (``&ecirc;``, ``&nbsp;``) → numeric references;
* a bare ``&`` (``Tom & Jerry``) → ``&amp;``;
* control characters XML forbids → removed (inside CDATA too); a UTF-8 BOM → removed;
* invalid UTF-8 in a UTF-8 document → U+FFFD.

* a text node longer than ``max_text_bytes`` (default 4 MiB; libxml2 would
  refuse the whole document past 10 MB) → truncated to that length, counted in
  ``FeedInfo.truncated`` and ``FeedInfo.repairs``: the item is kept.

What cannot be repaired refuses the sync: a document that is not XML, one that
ends prematurely (a truncated download is a parser failure, never a smaller
catalogue), one that declares entities (we never expand or fetch them), one
beyond a parser safety limit (nesting deeper than 256 levels; a tag, attribute,
CDATA section or comment over 10 MB), and a gzip file that expands beyond
``max_decompressed_bytes`` or more than ``max_gzip_ratio`` times its compressed
size (a decompression bomb).
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import html.entities
import logging
import re
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, cast

from lxml import etree

from sync.errors import FeedMalformed, FeedNotXML, FeedTruncated, FeedUnsafe
from sync.model import RawItem
from sync.prescan import RAW_ATTR, ItemScanner

log = logging.getLogger(__name__)

G_NS = "http://base.google.com/ns/1.0"
ATOM_NS = "http://www.w3.org/2005/Atom"
ITEM_TAGS = {"item", "entry"}
ROOT_TAGS = ("rss", "feed", "channel", "RDF")

_XML_ENTITIES = {b"amp", b"lt", b"gt", b"quot", b"apos"}
# html5 names carry their trailing ';' ("ecirc;"); a few legacy ones exist without it too.
_HTML_ENTITIES = {
    name[:-1].encode(): text for name, text in html.entities.html5.items() if name.endswith(";")
}
# Matches only ampersands that need repair: well-formed XML references never reach Python.
_AMP = re.compile(
    rb"&(?!(?:amp|lt|gt|quot|apos|#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8});)"
    rb"(#[0-9]{1,8};|#[xX][0-9a-fA-F]{1,8};|[A-Za-z][A-Za-z0-9]{0,31};)?"
)
_CONTROL = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])  # XML forbids these
_OPAQUE = re.compile(rb"<!\[CDATA\[|<!--")
_OPAQUE_END = {b"<![CDATA[": b"]]>", b"<!--": b"-->"}
_ENCODING_DECL = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_CHUNK = 1 << 16
# Longest text node kept whole. libxml2 (huge_tree=False) refuses a document with
# a text node over 10,000,000 bytes; Google's own limit for a description is 5,000
# characters, so anything past this is damage, cut off rather than sink the feed.
MAX_TEXT_BYTES = 4 * 1024 * 1024
# Decompression-bomb guards for gzip feeds: an absolute cap on the decompressed
# size, and a cap on the expansion ratio once more than GZIP_RATIO_FLOOR bytes came
# out. Real feeds compress 8-45x; deflate's ceiling is ~1032x (zeros, one item
# repeated ~340x).
MAX_DECOMPRESSED_BYTES = 2 * 1024**3
MAX_GZIP_RATIO = 200.0
GZIP_RATIO_FLOOR = 1024 * 1024
_ANGLE = re.compile(rb"[<>]")
_ENTITY_DECL = b"<!ENTITY"
_TAIL_GUARD = 64  # longest construct that must not be split: an entity reference or a marker
_TAIL_KEEP = 4096  # how much of the repaired stream's end is kept to judge a syntax error
# The document's last end tag, followed only by whitespace, comments or processing instructions.
_LAST_END_TAG = re.compile(
    rb"</(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\s*>"
    rb"(?:\s|<!--(?:(?!-->).)*-->|<\?(?:(?!\?>).)*\?>)*\Z",
    re.S,
)
_OPEN_TAG_AT_END = re.compile(rb"<[^<>]*\Z")  # the stream stops inside a tag
# Only a prolog: XML declaration, processing instructions, comments, a DOCTYPE, whitespace.
_PROLOG_ONLY = re.compile(
    rb"(?:\s|<\?(?:(?!\?>).)*\?>|<!--(?:(?!-->).)*-->|<!DOCTYPE[^<>]*>)*\Z", re.S
)
_HEAD_KEEP = 65536  # how much of the stream's start is kept to name its root element
# The root element's complete start tag after the prolog: its local name.
_ROOT_START = re.compile(
    rb"(?:\xef\xbb\xbf)?(?:\s|<\?(?:(?!\?>).)*\?>|<!--(?:(?!-->).)*-->|<!DOCTYPE[^<>]*>)*"
    rb"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)"
    rb"""(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*/?>""",
    re.S,
)


def _repair_entity(match: re.Match[bytes]) -> bytes:
    ref = match.group(1)
    if ref is None:
        return b"&amp;"  # a bare ampersand
    if ref.startswith(b"#") or ref[:-1] in _XML_ENTITIES:
        return match.group(0)
    text = _HTML_ENTITIES.get(ref[:-1])
    if text is None:
        return b"&amp;" + ref  # unknown name: keep it as literal text
    return "".join(f"&#{ord(ch)};" for ch in text).encode()


class RepairingReader:
    """A file-like ``read(n)`` that repairs recoverable damage on the fly.

    It cuts the stream only right after a ``>`` (or, inside a huge text node,
    away from any ``&``, ``<`` or ``]``), so an entity reference or a CDATA
    marker is never split between two chunks.
    """

    def __init__(self, raw: BinaryIO, *, max_text_bytes: int | None = MAX_TEXT_BYTES) -> None:
        """Wrap a binary stream (already decompressed).

        Args:
            raw: The (decompressed) feed bytes.
            max_text_bytes: Longest text node handed on whole; longer ones are
                truncated (``None``: no limit, libxml2 then refuses past 10 MB).
        """
        self._raw = raw
        self._max_text = max_text_bytes
        self._in_tag = False  # markup state for the text-node cap: inside <...>
        self._text_run = 0  # bytes of the current text node handed on so far
        self._cutting = False  # the current text node is being truncated
        self._markup_tail = b""  # last bytes of repaired markup: finds a split "<!ENTITY"
        self._carry = b""
        self._out = b""
        self._opaque_end: bytes | None = None  # inside CDATA or a comment: its end marker
        self._started = False
        self._decoder: codecs.IncrementalDecoder | None = None
        self.eof = False  # the underlying stream is exhausted
        self.repairs = 0  # how many repairs were made (entities, control chars, bad bytes)
        self.lines = 1  # line number of the last byte handed out: where EOF is
        self.tail = b""  # the last bytes handed out (up to _TAIL_KEEP)
        self.head = b""  # the first bytes handed out (up to _HEAD_KEEP)
        self.handed_out = 0  # how many repaired bytes were handed out
        self.truncated = 0  # text nodes cut to max_text_bytes

    def read(self, size: int = -1) -> bytes:
        """Return up to ``size`` repaired bytes (``b""`` at the end)."""
        want = _CHUNK if size is None or size < 0 else size
        while len(self._out) < want and not (self.eof and not self._carry):
            self._fill()
        data, self._out = self._out[:want], self._out[want:]
        self.lines += data.count(b"\n")
        if data:
            self.tail = (self.tail + data)[-_TAIL_KEEP:]
            if len(self.head) < _HEAD_KEEP:
                self.head = (self.head + data)[:_HEAD_KEEP]
            self.handed_out += len(data)
        return data

    def root_local(self) -> str:
        """The local name of the root element whose start tag the stream holds whole, or "".

        The parser's events cannot say: lxml 6.2 raises a syntax error found in a chunk
        before it yields that chunk's events, the root's start among them.
        """
        match = _ROOT_START.match(self.head)
        return match.group(1).decode("ascii", "replace") if match else ""

    @property
    def exhausted(self) -> bool:
        """Whether every byte of the stream has been handed out."""
        return self.eof and not self.pending

    def ends_with_end_tag(self, local: str) -> bool:
        """Whether the stream's last tag is ``</local>`` (any prefix), i.e. the root closed."""
        match = _LAST_END_TAG.search(self.tail)
        return match is not None and match.group(1).decode("ascii", "replace") == local

    def ends_inside_tag(self) -> bool:
        """Whether the stream stops in the middle of a tag (``<channe``)."""
        return _OPEN_TAG_AT_END.search(self.tail) is not None

    def ends_in_prolog(self) -> bool:
        """Whether the stream holds only a prolog (``<?xml ...?>`` alone): cut before its root."""
        return self.handed_out <= _TAIL_KEEP and _PROLOG_ONLY.match(self.tail) is not None

    @property
    def pending(self) -> bool:
        """Whether repaired bytes are still waiting to be read."""
        return bool(self._out or self._carry)

    def _fill(self) -> None:
        chunk = self._raw.read(_CHUNK)
        if not chunk:
            self.eof = True
        if not self._started and (chunk or self.eof):
            chunk = self._start(chunk)
        if self._decoder is not None:
            text = self._decoder.decode(chunk, final=self.eof)
            fixed = text.encode("utf-8", "surrogatepass")
            self.repairs += text.count("\ufffd")
            chunk = fixed
        buf = self._carry + chunk
        if self.eof:
            cut = len(buf)
        else:
            cut = buf.rfind(b">") + 1
            if cut == 0 and len(buf) > 1 << 20:  # a huge text node: cut away from markup
                cut = len(buf) - _TAIL_GUARD
                risky = max(buf.rfind(c, cut - _TAIL_GUARD, cut) for c in (b"&", b"<", b"]"))
                cut = risky if risky > 0 else cut
        self._carry = buf[cut:]
        self._out += self._repair(buf[:cut])

    def _start(self, chunk: bytes) -> bytes:
        self._started = True
        if chunk.startswith(codecs.BOM_UTF8):
            chunk = chunk[len(codecs.BOM_UTF8) :]
        head = chunk.lstrip()[:1]
        if head != b"<":
            shown = chunk.lstrip()[:40].decode("utf-8", "replace")
            raise FeedNotXML(
                f"the feed is not XML (it starts with {shown!r}); check that the URL or path "
                "points at the product feed itself, not an HTML page or an API response"
            )
        declared = _ENCODING_DECL.match(chunk)
        encoding = declared.group(1).decode().lower() if declared else "utf-8"
        if encoding.replace("-", "").replace("_", "") in {"utf8", "usascii", "ascii"}:
            # Re-encoding through a lenient decoder turns invalid bytes into U+FFFD.
            self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        return chunk

    def _repair(self, data: bytes) -> bytes:
        out: list[bytes] = []
        pos = 0
        while pos < len(data):
            if self._opaque_end is not None:
                end = data.find(self._opaque_end, pos)
                if end < 0:
                    out.append(self._repair_opaque(data[pos:]))
                    break
                end += len(self._opaque_end)
                out.append(self._repair_opaque(data[pos:end]))
                self._opaque_end, pos = None, end
                continue
            match = _OPAQUE.search(data, pos)
            stop = match.start() if match else len(data)
            out.append(self._repair_markup(data[pos:stop]))
            if match is None:
                break
            out.append(match.group(0))
            self._opaque_end, pos = _OPAQUE_END[match.group(0)], match.end()
            self._in_tag, self._text_run, self._cutting = False, 0, False
        return b"".join(out)

    def _repair_opaque(self, data: bytes) -> bytes:
        # CDATA and comments keep their text as is, but XML forbids control characters
        # there too: left in, one stray \x0b in a CDATA description would refuse the feed.
        fixed = data.translate(None, _CONTROL)  # far faster than a regex on megabytes of them
        self.repairs += len(data) - len(fixed)
        return fixed

    def _repair_markup(self, data: bytes) -> bytes:
        fixed = data.translate(None, _CONTROL)
        self.repairs += len(data) - len(fixed)
        # Looked for after the control characters are gone (b"<!EN\x01TITY" becomes a
        # declaration, so does UTF-16 once its NULs are stripped), and across calls.
        if _ENTITY_DECL in self._markup_tail + fixed:
            raise FeedUnsafe(
                "the feed declares XML entities in a DTD (<!ENTITY ...>); Aisle never expands "
                "or fetches them (entity-expansion and external-entity attacks). Publish the "
                "feed without a DOCTYPE"
            )
        if fixed:
            self._markup_tail = (self._markup_tail + fixed)[-(len(_ENTITY_DECL) - 1) :]

        def repair(match: re.Match[bytes]) -> bytes:
            out = _repair_entity(match)
            if out != match.group(0):  # one repaired entity or bare "&"
                self.repairs += 1
            return out

        repaired = _AMP.sub(repair, fixed)
        return repaired if self._max_text is None else self._cap_text(repaired)

    def _cap_text(self, data: bytes) -> bytes:
        """Truncate text nodes (bytes between ``>`` and ``<``) to ``max_text_bytes``."""
        limit = cast(int, self._max_text)
        if len(data) <= limit:
            # Fast path (nearly every chunk): only the text before the first angle bracket
            # can continue a run from the previous chunk; every other run is shorter than
            # the chunk, so within the limit. Then only the state at the end is needed.
            first = min((i for i in (data.find(b"<"), data.find(b">")) if i >= 0), default=-1)
            head = len(data) if first < 0 else first
            if self._in_tag or self._text_run + head <= limit:
                if first < 0:
                    if not self._in_tag:
                        self._text_run += head
                    return data
                last = max(data.rfind(b"<"), data.rfind(b">"))
                self._in_tag = data[last : last + 1] == b"<"
                self._text_run = 0 if self._in_tag else len(data) - last - 1
                self._cutting = False
                return data
        out: list[bytes] = []
        pos, size = 0, len(data)
        while pos < size:
            match = _ANGLE.search(data, pos)
            end = match.start() if match else size
            if end > pos:
                if self._in_tag:
                    out.append(data[pos:end])
                elif self._text_run + (end - pos) <= limit:
                    self._text_run += end - pos
                    out.append(data[pos:end])
                else:
                    keep = _safe_cut(data, pos, pos + max(0, limit - self._text_run))
                    out.append(data[pos:keep])
                    self._text_run = limit
                    if not self._cutting:
                        self._cutting = True
                        self.truncated += 1
                        self.repairs += 1
                        log.warning(
                            "feed text node longer than %d bytes (line %d): truncated",
                            limit,
                            self.lines + data.count(b"\n", 0, pos),
                        )
            if match is None:
                break
            out.append(match.group(0))
            self._in_tag = match.group(0) == b"<"
            self._text_run, self._cutting = 0, False
            pos = end + 1
        return b"".join(out)


def _safe_cut(data: bytes, start: int, cut: int) -> int:
    """Move ``cut`` back so it splits neither a UTF-8 sequence nor an entity reference."""
    for _ in range(3):  # data[cut] is the first byte dropped: not a continuation byte
        if cut > start and cut < len(data) and 0x80 <= data[cut] <= 0xBF:
            cut -= 1
    amp = data.rfind(b"&", max(start, cut - 40), cut)
    if amp >= 0 and data.find(b";", amp, cut) < 0:
        cut = amp
    return cut


class _BoundedGzip:
    """A gzip stream that refuses to expand past a size or a ratio (decompression bombs)."""

    def __init__(self, raw: BinaryIO, path: Path, limit: int | None, ratio: float | None) -> None:
        self._raw = raw
        self._gz = gzip.GzipFile(fileobj=raw, mode="rb")
        self._path = path
        self._limit = limit
        self._ratio = ratio
        self.decompressed = 0
        self.closed = False

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:  # never one unbounded call: check as it grows
            parts = []
            while part := self.read(_CHUNK):
                parts.append(part)
            return b"".join(parts)
        data = self._gz.read(size)
        self.decompressed += len(data)
        self._check()
        return data

    def _check(self) -> None:
        out = self.decompressed
        if self._limit is not None and out > self._limit:
            raise FeedUnsafe(
                f"the compressed (gzip) feed {self._path.name} expands past {self._limit} bytes "
                "(max_decompressed_bytes); nothing was synced. This looks like a decompression "
                "bomb; if the feed really is this large, decompress it and sync the plain file"
            )
        if self._ratio is None or out <= GZIP_RATIO_FLOOR:
            return
        consumed = max(1, self._raw.tell())
        if out > self._ratio * consumed:
            raise FeedUnsafe(
                f"the compressed (gzip) feed {self._path.name} expands more than "
                f"{self._ratio:g} times ({consumed} compressed bytes gave {out}) "
                "(max_gzip_ratio); nothing was synced. This looks like a decompression bomb; "
                "if the feed really is this repetitive, decompress it and sync the plain file"
            )

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self._gz.close()
            finally:
                self._raw.close()

    def __enter__(self) -> _BoundedGzip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_feed(
    path: Path,
    *,
    max_decompressed_bytes: int | None = MAX_DECOMPRESSED_BYTES,
    max_gzip_ratio: float | None = MAX_GZIP_RATIO,
) -> BinaryIO:
    """Open a feed file, transparently decompressing gzip (sniffed by magic bytes).

    Args:
        path: The feed file.
        max_decompressed_bytes: A gzip feed expanding past this many bytes
            raises :class:`FeedUnsafe` (``None``: no limit).
        max_gzip_ratio: A gzip feed expanding more than this many times its
            compressed size (checked once past 1 MiB) raises :class:`FeedUnsafe`
            (``None``: no limit).
    """
    raw = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    magic = raw.read(2)
    raw.seek(0)
    if magic == b"\x1f\x8b":
        return cast(BinaryIO, _BoundedGzip(raw, Path(path), max_decompressed_bytes, max_gzip_ratio))
    return raw


@dataclass
class FeedInfo:
    """What the parse learned about the feed as a whole."""

    format: str = ""  # "rss" or "atom"
    title: str = ""
    items: int = 0
    repairs: int = 0
    truncated: int = 0  # text nodes cut to max_text_bytes (also counted in repairs)
    extras: dict[str, str] = field(default_factory=dict)


_FIELD_KEYS: dict[str, str] = {}  # tag → key; feeds use a few dozen tags, QName is slow


def _field_key(tag: str) -> str:
    """Key under which a child element's text is stored in :class:`RawItem`.

    ``g:`` fields keep their bare name; core RSS/Atom (or namespace-less)
    fields get a ``core:`` prefix, so a normaliser can prefer the ``g:`` one.
    """
    key = _FIELD_KEYS.get(tag)
    if key is None:
        if not tag.startswith("{") and ":" in tag:
            # A prefix the feed never declared (``g:id`` without ``xmlns:g``, a common
            # slip): libxml2 keeps "g:id" as the name, which QName refuses.
            prefix, _, local = tag.partition(":")
            key = local if prefix == "g" else "core:" + local
        else:
            qname = etree.QName(tag)
            key = qname.localname if qname.namespace == G_NS else "core:" + qname.localname
        if len(_FIELD_KEYS) < 10_000:  # a hostile feed must not grow it without bound
            _FIELD_KEYS[tag] = key
    return key


def raw_hash(elem: etree._Element) -> str:
    """Hash of an item's serialised XML, when the pre-scan could not hash its bytes."""
    return hashlib.blake2b(etree.tostring(elem, with_tail=False), digest_size=16).hexdigest()


def _text_of(elem: etree._Element) -> str:
    text = "".join(elem.itertext())
    if not text.strip() and str(elem.tag).rpartition("}")[2] == "link":
        return elem.get("href", "")  # Atom: <link href="..."/>
    return text


def iter_items(
    path: Path | str,
    info: FeedInfo | None = None,
    known: Mapping[str, str] | None = None,
    *,
    max_text_bytes: int | None = MAX_TEXT_BYTES,
    max_decompressed_bytes: int | None = MAX_DECOMPRESSED_BYTES,
    max_gzip_ratio: float | None = MAX_GZIP_RATIO,
) -> Iterator[RawItem]:
    """Yield every item of the feed at ``path`` as a :class:`RawItem`, streaming.

    Every item carries ``raw_hash`` (see :mod:`sync.prescan`). An item whose
    raw hash is in ``known`` (raw hash → id: the index holds exactly these
    bytes) is never parsed: it comes back ``known``, with its id in
    ``id_hint`` and no fields, the fast path of a sync where little changed.
    Known items may come back out of document order; ``position`` is exact.

    Raises:
        FeedNotXML: the document is not XML, or is XML but not RSS or Atom.
        FeedTruncated: the document ends before its root element closes.
        FeedMalformed: the document has damage that cannot be repaired.
        FeedUnsafe: the document declares entities, exceeds a parser safety
            limit, or is a gzip decompression bomb (see :func:`open_feed`).
    """
    info = info if info is not None else FeedInfo()
    opened = open_feed(
        Path(path), max_decompressed_bytes=max_decompressed_bytes, max_gzip_ratio=max_gzip_ratio
    )
    with opened as raw:
        scanner = ItemScanner(cast(BinaryIO, raw), known)
        reader = RepairingReader(cast(BinaryIO, scanner), max_text_bytes=max_text_bytes)
        parser = etree.iterparse(
            reader,
            events=("start", "end"),
            # Only these tags produce events: per-field events cost more than parsing.
            tag=[f"{{*}}{t}" for t in (*ROOT_TAGS, *ITEM_TAGS)],
            resolve_entities=False,
            load_dtd=False,
            no_network=True,
            huge_tree=False,
            remove_comments=True,
            remove_pis=True,
        )
        open_items = 0  # <item>/<entry> elements open; a nested one stays inside its item
        parsed = 0  # items the parser saw
        root_local = ""
        try:
            for event, elem in parser:
                yield from _dropped(scanner, info)
                if not root_local:
                    root = elem.getroottree().getroot()
                    root_local = etree.QName(root).localname
                    _check_root(root, info, reader)
                local = etree.QName(elem).localname
                if local not in ITEM_TAGS:
                    if event == "end" and not info.title:
                        info.title = _own_title(elem)  # when every item was known
                    if event == "end" and local == "channel":
                        _release(elem)
                    continue
                if event == "start":
                    open_items += 1
                    continue
                open_items -= 1
                if open_items:
                    continue  # an element named like an item inside an item's field
                info.items += 1
                parsed += 1
                tagged = (elem.get(RAW_ATTR) or "").split()
                if len(tagged) == 2 and tagged[1].isdigit():
                    item = RawItem(position=int(tagged[1]), raw_hash=tagged[0])
                else:  # the pre-scan stopped (or missed this item): hash what was parsed
                    position = parsed + scanner.dropped_total
                    item = RawItem(position=position, raw_hash=raw_hash(elem))
                for child in elem:
                    if isinstance(child.tag, str):
                        key = _field_key(child.tag)
                        item.fields.setdefault(key, []).append(_text_of(child))
                if not info.title:
                    info.title = _feed_title(elem)
                yield item
                _release(elem)
            yield from _dropped(scanner, info)
            if not root_local and parser.root is not None:  # no item and no known root
                _check_root(parser.root, info, reader)
        except etree.XMLSyntaxError as exc:
            info.repairs = reader.repairs + scanner.controls_removed
            info.truncated = reader.truncated
            if not root_local and (named := reader.root_local()):
                # the error came before the root's events (lxml 6.2 raises first): the
                # root is judged as the events would have, an HTML page is no feed
                try:
                    _check_root_name(named, info, reader)
                except (FeedNotXML, FeedTruncated) as refused:
                    raise refused from None
                root_local = named
            error = _syntax_error(exc, reader, root_local)
            if scanner.dropped_total:
                # The parser saw the feed without its known items, so its line numbers
                # are not the file's: read it whole once more for an error that is.
                for _ in iter_items(
                    path,
                    max_text_bytes=max_text_bytes,
                    max_decompressed_bytes=max_decompressed_bytes,
                    max_gzip_ratio=max_gzip_ratio,
                ):
                    pass
            raise error from None
        except EOFError:  # gzip: the compressed stream stops before its end marker
            info.repairs = reader.repairs + scanner.controls_removed
            raise FeedTruncated(
                "the compressed (gzip) feed ends prematurely; the file looks truncated, so "
                "nothing was synced (a partial feed would delete the missing products). "
                "Fetch it again or check the merchant's export"
            ) from None
        except (gzip.BadGzipFile, zlib.error) as exc:
            info.repairs = reader.repairs + scanner.controls_removed
            raise FeedTruncated(
                f"the compressed (gzip) feed is corrupt ({exc}); it looks like a broken or "
                "truncated download, so nothing was synced. Fetch it again or check the "
                "merchant's export"
            ) from None
        info.repairs, info.truncated = reader.repairs, reader.truncated
        info.repairs += scanner.controls_removed


def _dropped(scanner: ItemScanner, info: FeedInfo) -> Iterator[RawItem]:
    """The items the pre-scan dropped since last asked: known to the index byte for byte."""
    for position, pid, digest in scanner.take_dropped():
        info.items += 1
        yield RawItem(position=position, raw_hash=digest, known=True, id_hint=pid)


def _feed_title(item: etree._Element) -> str:
    """The channel's (RSS) or feed's (Atom) own title, read beside the first item."""
    parent = item.getparent()
    return "" if parent is None else _own_title(parent)


def _own_title(elem: etree._Element) -> str:
    """The text of ``elem``'s ``<title>`` child (a channel's or an Atom feed's)."""
    for child in elem:
        if isinstance(child.tag, str) and etree.QName(child).localname == "title":
            return (child.text or "").strip()
    return ""


def _release(elem: etree._Element) -> None:
    """Free a processed element and the siblings before it (flat memory)."""
    elem.clear(keep_tail=False)
    parent = elem.getparent()
    if parent is not None:
        while elem.getprevious() is not None:
            del parent[0]


def _check_root(elem: etree._Element, info: FeedInfo, reader: RepairingReader) -> None:
    _check_root_name(etree.QName(elem).localname, info, reader)


def _check_root_name(name: str, info: FeedInfo, reader: RepairingReader) -> None:
    """Set the feed's format from its root element's local name, or refuse the document."""
    local = name.lower()
    if local == "rss" or local == "channel" or local == "rdf":
        info.format = "rss"
    elif local == "feed":
        info.format = "atom"
    elif reader.exhausted and reader.ends_inside_tag():
        # "<?xml ...?><rs" at the end of the file: a download cut inside the root's tag.
        raise FeedTruncated(
            f"the feed ends prematurely inside its root element's tag (<{local}...); the file "
            "looks truncated, so nothing was synced. Fetch it again or check the merchant's "
            "export"
        )
    else:
        raise FeedNotXML(
            f"the document is XML but not an RSS or Atom product feed (its root element is "
            f"<{local}>); point the sync at the Google Merchant Center feed"
        )


def _syntax_error(exc: etree.XMLSyntaxError, reader: RepairingReader, root_local: str) -> Exception:
    """Classify a syntax error: truncated, not XML, or malformed.

    A document is truncated when the error comes at the end of the stream and
    the stream does not end with the root's end tag. An error in the middle of
    a document whose root did close is damage (malformed), even when the whole
    feed sits on one line, so the error's line number alone cannot tell.
    """
    where = f"line {exc.lineno}" if exc.lineno else "an unknown position"
    msg = str(exc.msg if hasattr(exc, "msg") else exc)
    limit = _limit_exceeded(msg)
    if limit:
        return FeedUnsafe(
            f"the feed exceeds a parser safety limit at {where}: {limit}; nothing was synced. "
            "A product feed never needs this, so the document is broken or hostile. Fix the "
            "feed (or ask its publisher to) and run the sync again"
        )
    if root_local:
        root_closed = reader.ends_with_end_tag(root_local)
        extra = "extra content at the end" in msg.lower()  # the root closed; junk follows it
        truncated = reader.exhausted and not root_closed and not extra
    else:  # the error came before the root element's start tag was complete
        truncated = reader.exhausted and (reader.ends_inside_tag() or reader.ends_in_prolog())
    if truncated:
        return FeedTruncated(
            f"the feed ends prematurely at {where} ({msg}); the file looks truncated, so "
            "nothing was synced (a partial feed would delete the missing products). "
            "Fetch it again or check the merchant's export"
        )
    if not root_local:
        return FeedNotXML(f"the feed is not well-formed XML at {where}: {msg}")
    return FeedMalformed(
        f"the feed is not well-formed XML at {where}: {msg}; nothing was synced. "
        "Fix the feed (or ask its publisher to) and run the sync again"
    )


_LIMITS = (
    ("excessive depth", "elements nested more than 256 levels deep (a product feed needs 5)"),
    ("cdata section too big", "a CDATA section larger than 10 MB"),
    ("comment too big", "a comment larger than 10 MB"),
    ("text node too long", "a text node larger than 10 MB"),
    ("amplification", "entity references that expand too much"),
    ("limit exceeded", "a tag, attribute value or name larger than 10 MB"),
    ("xml_parse_huge", "a tag, attribute value or name larger than 10 MB"),
)


def _limit_exceeded(msg: str) -> str:
    """What libxml2 safety limit a syntax error message reports, in plain words, or ``""``."""
    low = msg.lower()
    return next((words for key, words in _LIMITS if key in low), "")
