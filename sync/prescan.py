"""A byte-level pass in front of the XML parser: each item's raw hash, and known items dropped.

A no-change sync of 100,000 products spent most of its time having libxml2
build, and Python walk, items that were byte-identical to last time. This
scanner finds each item's bytes (``<item>…</item>`` or ``<entry>…</entry>``,
outside CDATA sections, comments and processing instructions) as the file
streams past and:

* hashes them, as published, together with the document's namespace and
  encoding declarations (the same bytes under another ``xmlns:g`` mean
  something else): the item's *raw hash*;
* when the caller knows that hash (the index holds exactly this item), drops
  the item from the stream, so the parser never sees it, and remembers it in
  :attr:`ItemScanner.dropped` with its id and position;
* otherwise hands the item on with its hash and position in an attribute
  injected into its start tag (:data:`RAW_ATTR`), which the parser reads.

Dropping is safe because an item's bytes are only ever known after a whole
document holding them parsed well-formed under the same declarations. The
scanner removes the control characters XML forbids before it looks at the
bytes (as the repairing reader after it would), so a tag split by one is seen
as the parser will see it. When the bytes are not what it expects (a start tag
it cannot read, an item over :data:`MAX_ITEM_BYTES`), it stops dropping and
tagging for the rest of the document and passes everything on unchanged: the
parser then reads every remaining item and hashes it itself (such hashes never
match, so nothing is skipped on their strength).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import BinaryIO

RAW_ATTR = "aisle-raw"  # injected attribute: "<raw hash> <position>"
HASH_VERSION = b"aisle-raw-hash/1\n"
MAX_ITEM_BYTES = 16 * 1024 * 1024  # past this, an "item" is damage: leave it to the parser
_CHUNK = 1 << 16
_CONTROL = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])  # XML forbids these
_MARK = re.compile(rb"<!\[CDATA\[|<!--|<\?|<(/?)((?:[A-Za-z_][\w.-]*:)?(?:item|entry))(?=[\s/>])")
_OPAQUE_END = {b"<![CDATA[": b"]]>", b"<!--": b"-->", b"<?": b"?>"}
_START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")
_END_TAG_REST = re.compile(rb"\s*>")
_ELEMENT = re.compile(rb"<([A-Za-z_][\w.:-]*)")  # a start tag's name (the root's: the first)
_DECLARATION = re.compile(rb"""(?:xmlns(?::[\w.-]+)?|encoding)\s*=\s*(?:"[^"]*"|'[^']*')""")


class ItemScanner:
    """A file-like ``read(n)`` over a (decompressed) feed; see the module docstring."""

    def __init__(self, raw: BinaryIO, known: Mapping[str, str] | None = None) -> None:
        """Wrap ``raw``; ``known`` maps a raw hash to the id of the indexed item it is."""
        self._raw = raw
        self._known = known or {}
        self._buf = b""  # bytes read but not handed on
        self._scan = 0  # where in _buf scanning resumes
        self._opaque_end: bytes | None = None  # inside CDATA/comment/PI: its end marker
        self._depth = 0  # open item-named elements (a nested one stays inside its item)
        self._item_start = -1  # offset in _buf of the open item's "<"
        self._item_name = b""
        self._context = hashlib.blake2b(HASH_VERSION, digest_size=16)
        self._seen_item = False
        self._root_end: re.Pattern[bytes] | None = None  # the root element's end tag, once known
        self._ready = bytearray()  # bytes handed on, waiting for read()
        self._eof = False
        self.disabled = False  # stopped scanning: everything from here is handed on as is
        self.items = 0  # items found (dropped or handed on)
        self.dropped: list[tuple[int, str, str]] = []  # (position, id, raw hash), not yet taken
        self.dropped_total = 0
        self.controls_removed = 0

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes of the feed, known items removed (``b""`` at the end)."""
        want = _CHUNK if size is None or size < 0 else size
        while not self._ready and not (self._eof and not self._buf):
            self._fill()
        data = bytes(self._ready[:want])
        del self._ready[:want]
        return data

    def take_dropped(self) -> list[tuple[int, str, str]]:
        """The items dropped since the last call."""
        out, self.dropped = self.dropped, []
        return out

    def _fill(self) -> None:
        chunk = self._raw.read(_CHUNK)
        if not chunk:
            self._eof = True
        else:
            clean = chunk.translate(None, _CONTROL)
            self.controls_removed += len(chunk) - len(clean)
            self._buf += clean
        if self.disabled:
            self._ready += self._buf
            self._buf = b""
            return
        self._advance()

    def _advance(self) -> None:
        buf, pos = self._buf, self._scan
        emitted = 0  # bytes of buf already handed on
        opaque_start = pos
        while not self.disabled:
            if self._opaque_end is not None:
                end = buf.find(self._opaque_end, pos)
                if end < 0:
                    if not self._seen_item and len(buf) - opaque_start < MAX_ITEM_BYTES:
                        # In the head, hold it whole: the XML declaration names the encoding.
                        pos, self._opaque_end = opaque_start, None
                    else:
                        pos = max(pos, len(buf) - len(self._opaque_end) + 1)
                    break
                pos, self._opaque_end = end + len(self._opaque_end), None
                continue
            match = _MARK.search(buf, pos)
            if match is None:
                # A tag cut by the chunk's end is scanned again once it is whole.
                last = buf.rfind(b"<", pos)
                end = last if last >= 0 and buf.find(b">", last) < 0 else len(buf)
                if not self._depth and self._root_closed(buf, pos, end):
                    self._disable()
                pos = end
                break
            if not self._depth and self._root_closed(buf, pos, match.start()):
                self._disable()  # an item past the root's end: the parser must see it
                break
            if match.group(2) is None:  # CDATA, comment or processing instruction
                self._opaque_end, pos = _OPAQUE_END[match.group(0)], match.end()
                opaque_start = match.start()
                continue
            if match.group(1):  # an end tag
                rest = _END_TAG_REST.match(buf, match.end())
                if rest is None:
                    if not self._eof and not buf[match.end() :].strip():
                        pos = match.start()
                        break  # "</item  " at the end of the chunk: wait for more
                    pos = match.end()
                    continue
                pos = rest.end()
                if self._depth == 0:
                    continue  # a stray end tag: the parser will say so
                self._depth -= 1
                if self._depth == 0:
                    emitted = self._item_done(buf, emitted, pos)
                continue
            tag = _START_TAG.match(buf, match.start())
            if tag is None:
                if self._eof or len(buf) - match.start() > _CHUNK:
                    self._disable()  # not a start tag this scanner can read
                    break
                pos = match.start()
                break  # the start tag continues in the next chunk
            pos = tag.end()
            empty = bool(tag.group(1))
            if self._depth == 0:
                if not self._seen_item:
                    self._declarations(buf[emitted : match.start()])
                    self._seen_item = True
                self._item_start, self._item_name = match.start(), match.group(2)
                if empty:  # <item/>: nothing to drop, but it is an item
                    emitted = self._item_done(buf, emitted, pos)
                    continue
            if not empty:
                self._depth += 1
        if self.disabled:
            self._ready += buf[emitted:]
            self._buf = b""
            return
        # Hand on what is settled; keep an open item whole (it may yet be dropped).
        keep = self._item_start if self._depth else min(pos, len(buf))
        if self._depth and len(buf) - self._item_start > MAX_ITEM_BYTES:
            self._ready += buf[emitted:]
            self._buf = b""
            self._disable()
            return
        if self._eof and not self._depth:
            keep = len(buf)
        if keep > emitted:
            if not self._seen_item:
                self._declarations(buf[emitted:keep])  # whole tags only: pos is never in one
            self._ready += buf[emitted:keep]
        if self._eof and self._depth:  # the file ends inside an item: the parser will say so
            self._ready += buf[max(keep, emitted) :]
            self._buf = b""
            return
        self._buf = buf[keep:]
        self._scan = pos - keep
        if self._depth:
            self._item_start -= keep
        elif self._eof:
            self._buf = b""

    def _item_done(self, buf: bytes, emitted: int, end: int) -> int:
        """An item spans ``buf[self._item_start:end]``: drop it or tag it; new ``emitted``."""
        start = self._item_start
        self.items += 1
        hasher = self._context.copy()
        hasher.update(buf[start:end])
        digest = hasher.hexdigest()
        self._item_start = -1
        pid = self._known.get(digest)
        if pid is not None:
            self.dropped.append((self.items, pid, digest))
            self.dropped_total += 1
            self._ready += buf[emitted:start]
            return end
        inject = start + 1 + len(self._item_name)
        self._ready += buf[emitted:inject]
        self._ready += f' {RAW_ATTR}="{digest} {self.items}"'.encode()
        return inject

    def _root_closed(self, buf: bytes, start: int, end: int) -> bool:
        """Whether ``buf[start:end]`` closes the root element.

        The span holds whole tags between items, outside CDATA, comments and PIs.
        Past the root's end nothing may be dropped: an item there is extra
        content, which the parser must see to refuse the document.
        """
        if self._root_end is None:
            first = _ELEMENT.search(buf, start, end)
            if first is None:
                return False
            tag = _START_TAG.match(buf, first.start(), end)
            if tag is not None and tag.group(1):
                return True  # <rss/>: closed as soon as opened
            self._root_end = re.compile(rb"</" + re.escape(first.group(1)) + rb"\s*>")
            start = first.end()
        return self._root_end.search(buf, start, end) is not None

    def _declarations(self, head: bytes) -> None:
        """Fold the namespace and encoding declarations before the first item into the hash.

        Called on consecutive pieces of the head, each ending outside any tag, so
        what is folded does not depend on where the chunks were cut.
        """
        for decl in _DECLARATION.findall(head):
            self._context.update(decl + b"\n")

    def _disable(self) -> None:
        self.disabled = True
        self._depth, self._item_start = 0, -1
