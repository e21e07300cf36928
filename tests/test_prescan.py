"""The byte-level pre-scan: raw hashes, and known items dropped before the parser."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from sync.parse import iter_items
from sync.prescan import ItemScanner

G = 'xmlns:g="http://base.google.com/ns/1.0"'


def rss(items: str, ns: str = G) -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" {ns}><channel>'
        f"<title>Shop</title>\n{items}</channel></rss>\n"
    )


def item(pid: str, title: str, extra: str = "") -> str:
    return (
        f"<item>\n  <g:id>{pid}</g:id>\n  <g:title>{title}</g:title>\n"
        f"  <g:price>10.00 USD</g:price>{extra}\n</item>\n"
    )


TRICKY = [
    item("A1", "Plain"),
    item("A2", "CDATA", "<g:description><![CDATA[<item>not an item</item> ]]></g:description>"),
    item("A3", "Comment", "<!-- </item> <entry> -->"),
    item("A4", "PI", "<?php echo '</item>'; ?>"),
    item("A5", "Quoted >", '<g:link href="a>b">x</g:link>'),
    item("A6", "Nested", "<g:extra><item>inner</item></g:extra>"),
    item("A7", "Spaced end", "").replace("</item>", "</item   \n >"),
    "<item foo=\"1\"\n   bar='2'>\n  <g:id>A8</g:id><g:title>Attrs</g:title>"
    "<g:price>1 USD</g:price></item>\n",
    item("A9", "Entities &eacute; &amp; & more"),
]


def write(tmp_path: Path, text: str, name: str = "feed.xml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def parse(path: Path, known: dict[str, str] | None = None) -> list:
    return list(iter_items(path, known=known))


def test_every_item_is_hashed_and_tricky_markup_is_not_an_item(tmp_path: Path) -> None:
    items = parse(write(tmp_path, rss("".join(TRICKY))))
    assert [i.first("id") for i in items] == [f"A{n}" for n in range(1, 10)]
    assert [i.position for i in items] == list(range(1, 10))
    hashes = [i.raw_hash for i in items]
    assert len(set(hashes)) == 9 and all(len(h) == 32 for h in hashes)


@pytest.mark.parametrize("seed", range(6))
def test_known_items_are_dropped_and_the_rest_parse_the_same(tmp_path: Path, seed: int) -> None:
    path = write(tmp_path, rss("".join(TRICKY)))
    full = parse(path)
    rng = random.Random(seed)
    chosen = [i for i in full if rng.random() < 0.5]
    known = {i.raw_hash: i.first("id") for i in chosen}
    got = parse(path, known)
    assert sorted(i.position for i in got) == list(range(1, 10))
    by_position = {i.position: i for i in got}
    for before in full:
        after = by_position[before.position]
        assert after.raw_hash == before.raw_hash
        if before.raw_hash in known:
            assert after.known and after.id_hint == before.first("id") and not after.fields
        else:
            assert not after.known and after.fields == before.fields


class Trickle(io.RawIOBase):
    """A stream returning a few bytes per read: every chunk boundary lands somewhere new."""

    def __init__(self, data: bytes, seed: int) -> None:
        self._data, self._pos, self._rng = data, 0, random.Random(seed)

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        n = self._rng.randint(1, 23)
        out = self._data[self._pos : self._pos + n]
        self._pos += len(out)
        return out


def _scan_all(
    stream: io.RawIOBase, known: dict[str, str] | None = None
) -> tuple[bytes, ItemScanner]:
    scanner = ItemScanner(stream, known)  # type: ignore[arg-type]
    parts = []
    while part := scanner.read(65536):
        parts.append(part)
    return b"".join(parts), scanner


@pytest.mark.parametrize("seed", range(5))
def test_hashes_do_not_depend_on_where_reads_are_cut(seed: int) -> None:
    data = rss("".join(TRICKY)).encode()
    whole, _ = _scan_all(io.BytesIO(data))
    trickled, _ = _scan_all(Trickle(data, seed))
    assert trickled == whole  # the same tagged stream, whatever the read sizes
    assert whole.count(b'aisle-raw="') == 9


def test_a_dropped_item_leaves_its_neighbours_intact(tmp_path: Path) -> None:
    data = rss("".join(TRICKY)).encode()
    full = parse(write(tmp_path, data.decode()))
    known = {full[1].raw_hash: "A2", full[5].raw_hash: "A6"}
    out, scanner = _scan_all(io.BytesIO(data), known)
    assert scanner.dropped_total == 2 and b"not an item" not in out and b"inner" not in out
    assert out.count(b"<item") == 7 + 0  # A6's nested <item> went with it


def test_other_namespace_declarations_change_every_hash(tmp_path: Path) -> None:
    one = parse(write(tmp_path, rss(item("A1", "x")), "one.xml"))
    other_ns = 'xmlns:g="http://example.com/not-google"'
    two = parse(write(tmp_path, rss(item("A1", "x"), ns=other_ns), "two.xml"))
    assert one[0].raw_hash != two[0].raw_hash
    # ... while channel text that changes on every export does not
    three = parse(write(tmp_path, rss(item("A1", "x")).replace("Shop", "Shop 2026"), "3.xml"))
    assert three[0].raw_hash == one[0].raw_hash


def test_a_control_character_inside_a_tag_is_seen_as_the_parser_sees_it(tmp_path: Path) -> None:
    text = rss(item("B1", "one").replace("</item>", "</it\x01em>") + item("B2", "two"))
    full = parse(write(tmp_path, text))
    assert [i.first("id") for i in full] == ["B1", "B2"]
    got = parse(write(tmp_path, text), {full[0].raw_hash: "B1"})
    assert [(i.known, i.id_hint or i.first("id")) for i in got] == [(True, "B1"), (False, "B2")]


def test_an_unreadable_start_tag_stops_the_prescan_not_the_parse(tmp_path: Path) -> None:
    # <item id=1> is not XML; the scanner hands everything on and the parser says so
    from sync.errors import FeedMalformed

    with pytest.raises(FeedMalformed):
        parse(write(tmp_path, rss(item("C1", "ok") + "<item id=1><g:id>C2</g:id></item>")))


def test_a_file_cut_inside_a_known_item_is_still_truncated(tmp_path: Path) -> None:
    from sync.errors import FeedTruncated

    text = rss(item("D1", "one") + item("D2", "two"))
    full = parse(write(tmp_path, text))
    cut = text[: text.index("<g:title>two")]
    with pytest.raises(FeedTruncated):
        parse(write(tmp_path, cut, "cut.xml"), {h.raw_hash: h.first("id") for h in full})
    # and one cut right after a known item: the root never closed
    cut = text[: text.index("<item>", text.index("D1"))]
    with pytest.raises(FeedTruncated):
        parse(write(tmp_path, cut, "cut2.xml"), {h.raw_hash: h.first("id") for h in full})


def test_atom_entries_are_scanned_too(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" '
        f"{G}><title>T</title>"
        "<entry><g:id>E1</g:id><title>One</title></entry>"
        '<atom:entry xmlns:atom="http://www.w3.org/2005/Atom"><g:id>E2</g:id></atom:entry>'
        "</feed>"
    )
    full = parse(write(tmp_path, text))
    assert [i.first("id") for i in full] == ["E1", "E2"]
    got = parse(write(tmp_path, text), {full[0].raw_hash: "E1"})
    assert got[0].known and got[1].first("id") == "E2"


def _real_feeds() -> list[Path]:
    from tests.conftest import FEEDS

    return sorted(FEEDS.glob("*.xml")) if FEEDS.is_dir() else []


@pytest.mark.skipif(not _real_feeds(), reason="real feeds (../shared/feeds) not available")
@pytest.mark.parametrize("name", [p.name for p in _real_feeds()])
def test_real_feeds_read_the_same_with_any_items_known(name: str) -> None:
    from tests.conftest import FEEDS

    path = FEEDS / name
    full = parse(path)
    assert full and all(len(i.raw_hash) == 32 for i in full)  # every item tagged by the scan
    known = {i.raw_hash: f"id-{i.position}" for i in full if i.position % 3 != 1}
    got = parse(path, known)
    assert sorted(i.position for i in got) == [i.position for i in full]
    by_position = {i.position: i for i in got}
    for before in full:
        after = by_position[before.position]
        assert after.raw_hash == before.raw_hash
        assert after.known == (before.raw_hash in known)
        if not after.known:
            assert after.fields == before.fields


def test_an_item_too_big_to_hold_stops_the_prescan_and_still_parses(tmp_path: Path) -> None:
    from sync.prescan import MAX_ITEM_BYTES

    huge = "x" * (MAX_ITEM_BYTES + 300_000)  # one text node: the parser truncates it
    text = rss(item("F1", "one") + item("F2", "big", f"<g:description>{huge}</g:description>")
               + item("F3", "three"))  # fmt: skip
    full = parse(write(tmp_path, text))
    assert [(i.position, i.first("id")) for i in full] == [(1, "F1"), (2, "F2"), (3, "F3")]
    # F1 was hashed by the scan; F2 and F3 came after it stopped: hashed by the parser
    got = parse(write(tmp_path, text), {i.raw_hash: i.first("id") for i in full})
    assert [(i.position, i.known) for i in sorted(got, key=lambda i: i.position)] == [
        (1, True), (2, False), (3, False),
    ]  # fmt: skip


def test_an_error_after_known_items_names_the_files_own_line(tmp_path: Path) -> None:
    from sync.errors import FeedMalformed

    good = rss("".join(item(f"G{n}", f"item {n}") for n in range(5)))
    full = parse(write(tmp_path, good))
    broken = good.replace("<g:title>item 4</g:title>", "<g:title>item 4</g:titel>")
    path = write(tmp_path, broken, "broken.xml")
    with pytest.raises(FeedMalformed) as plain:
        parse(path)
    with pytest.raises(FeedMalformed) as fast:
        parse(path, {i.raw_hash: i.first("id") for i in full[:4]})  # G0..G3 dropped unparsed
    assert "line 25" in str(plain.value)
    assert str(fast.value) == str(plain.value)


@pytest.mark.parametrize("seed", range(5))
def test_a_known_item_past_the_roots_end_is_never_dropped(tmp_path: Path, seed: int) -> None:
    """An item after ``</rss>`` is extra content: the parser must see it to refuse the
    document, as it does when nothing is known; however the reads are cut."""
    from sync.errors import FeedMalformed

    good = rss(item("R1", "one") + item("R2", "two"))
    known = {i.raw_hash: i.first("id") for i in parse(write(tmp_path, good))}
    for text in (
        good + item("R2", "two"),  # after </rss>
        good.replace("</rss>", "</rss >\n<!-- c --><?pi x?>") + item("R1", "one"),
        good.replace("<rss", "<!DOCTYPE rss>\n<rss") + "\n" + item("R1", "one"),
    ):
        data = text.encode()
        out, scanner = _scan_all(Trickle(data, seed), known)
        assert scanner.dropped_total == 2 and out.count(b"<g:id>R") == 1  # the one past the end
        assert out.endswith(data[data.rindex(b"<item>") :])  # handed on as published
        path = write(tmp_path, text, "extra.xml")
        with pytest.raises(FeedMalformed) as plain:
            parse(path)
        with pytest.raises(FeedMalformed) as fast:
            parse(path, known)
        assert "Extra content" in str(plain.value) and str(fast.value) == str(plain.value)


def test_an_item_inside_the_root_after_the_channel_is_still_dropped(tmp_path: Path) -> None:
    """Between ``</channel>`` and ``</rss>`` an item is inside the root: no damage."""
    text = rss(item("R1", "one")).replace("</channel>", "</channel>" + item("R2", "two"))
    full = parse(write(tmp_path, text))
    got = parse(write(tmp_path, text), {i.raw_hash: i.first("id") for i in full})
    assert [i.known for i in got] == [True, True]
