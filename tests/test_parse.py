"""Parse stage: feed files → RawItems, repairs of recoverable damage, refusals."""

from __future__ import annotations

import gzip
import os
import stat
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from lxml import etree

import sync.parse as parse_mod
from sync.errors import FeedMalformed, FeedNotXML, FeedTruncated, FeedUnsafe, Refused
from sync.model import RawItem
from sync.parse import FeedInfo, iter_items

G_NS = "http://base.google.com/ns/1.0"
ATOM_NS = "http://www.w3.org/2005/Atom"
CHUNK = 1 << 16  # the RepairingReader's read size: where chunk boundaries fall


def write(tmp_path: Path, data: str | bytes, name: str = "feed.xml") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def parse(path: Path) -> tuple[list[RawItem], FeedInfo]:
    info = FeedInfo()
    items = list(iter_items(path, info))
    return items, info


def rss(body: str, *, title: str = "Shop") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<rss version="2.0" xmlns:g="{G_NS}">\n<channel>\n<title>{title}</title>\n'
        "<link>https://shop.example/</link>\n"
        f"{body}\n</channel>\n</rss>\n"
    )


def g_item(n: int, title: str | None = None, extra: str = "") -> str:
    return (
        f"<item>\n  <g:id>SKU-{n}</g:id>\n  <title>{title or f'Product {n}'}</title>\n"
        f"  <g:price>{n}.50 USD</g:price>\n  <link>https://shop.example/p/{n}</link>\n"
        f"{extra}</item>\n"
    )


def three_items() -> str:
    return rss("".join(g_item(n) for n in (1, 2, 3)))


# --------------------------------------------------------------------------- formats


def test_rss_with_g_namespace(tmp_path: Path) -> None:
    body = g_item(
        1,
        extra=(
            "  <g:image_link>https://img/1a.jpg</g:image_link>\n"
            "  <g:image_link>https://img/1b.jpg</g:image_link>\n"
            "  <description>Core description</description>\n"
            "  <g:description>G description</g:description>\n"
        ),
    ) + g_item(2)
    items, info = parse(write(tmp_path, rss(body, title="My Shop")))
    assert [i.position for i in items] == [1, 2]
    first = items[0]
    assert first.first("id") == "SKU-1"
    assert first.first("price") == "1.50 USD"
    assert first.first("core:title") == "Product 1"
    assert first.first("core:link") == "https://shop.example/p/1"
    assert first.all("image_link") == ["https://img/1a.jpg", "https://img/1b.jpg"]
    # g: and core fields of the same name are kept apart
    assert first.first("description") == "G description"
    assert first.first("core:description") == "Core description"
    assert items[1].first("id") == "SKU-2"
    assert info.format == "rss"
    assert info.items == 2
    assert info.title == "My Shop"
    assert info.repairs == 0


def test_rss_without_g_namespace(tmp_path: Path) -> None:
    feed = (
        '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Plain</title>\n'
        "<item><id>A1</id><title>Mug</title><price>9.99 EUR</price>"
        "<availability>in stock</availability></item>\n"
        "<item><id>A2</id><title>Cup</title><price>4.00 EUR</price></item>\n"
        "</channel></rss>\n"
    )
    items, info = parse(write(tmp_path, feed))
    assert [i.first("core:id") for i in items] == ["A1", "A2"]
    assert items[0].first("core:price") == "9.99 EUR"
    assert items[0].first("core:availability") == "in stock"
    assert items[0].first("id") == ""  # no g: field invented
    assert info.format == "rss"
    assert info.title == "Plain"


def test_atom_with_g_fields_and_link_href(tmp_path: Path) -> None:
    feed = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<feed xmlns='{ATOM_NS}' xmlns:g='{G_NS}'>\n<title>Atom Shop</title>\n"
        '<link href="https://shop.example/" rel="alternate"/>\n'
        "<entry>\n<g:id>E1</g:id>\n<title>Scarf</title>\n"
        '<link href="https://shop.example/scarf" rel="alternate" type="text/html"/>\n'
        "<summary>Warm</summary>\n<g:price>41.25</g:price>\n</entry>\n"
        "<entry>\n<g:id>E2</g:id>\n<title>Hat</title>\n"
        "<link>https://shop.example/hat</link>\n<g:price>12 EUR</g:price>\n</entry>\n"
        "</feed>\n"
    )
    items, info = parse(write(tmp_path, feed))
    assert info.format == "atom"
    assert info.title == "Atom Shop"
    assert len(items) == 2
    assert items[0].first("id") == "E1"
    assert items[0].first("core:title") == "Scarf"
    assert items[0].first("core:link") == "https://shop.example/scarf"
    assert items[0].first("core:summary") == "Warm"
    assert items[0].first("price") == "41.25"
    assert items[1].first("core:link") == "https://shop.example/hat"


def test_whole_feed_on_one_line(tmp_path: Path) -> None:
    one_line = three_items().replace("\n", "")
    assert "\n" not in one_line
    items, info = parse(write(tmp_path, one_line))
    assert [i.first("id") for i in items] == ["SKU-1", "SKU-2", "SKU-3"]
    assert items[2].first("core:title") == "Product 3"
    assert info.items == 3


def test_nested_field_elements_do_not_break_items(tmp_path: Path) -> None:
    shipping = (
        "  <g:shipping>\n    <g:country>US</g:country>\n    <g:service>Standard</g:service>\n"
        "    <g:price>4.95 USD</g:price>\n  </g:shipping>\n"
    )
    items, _ = parse(write(tmp_path, rss(g_item(1, extra=shipping) + g_item(2))))
    assert len(items) == 2
    first = items[0]
    # the nested <g:price> must not replace or join the item's own price
    assert first.all("price") == ["1.50 USD"]
    assert "country" not in first.fields
    assert "service" not in first.fields
    assert len(first.fields["shipping"]) == 1
    assert "US" in first.fields["shipping"][0]
    assert items[1].all("price") == ["2.50 USD"]


def test_nested_element_named_item_is_not_a_separate_item(tmp_path: Path) -> None:
    extra = "  <g:bundle><item>inner</item></g:bundle>\n"
    items, info = parse(write(tmp_path, rss(g_item(1, extra=extra) + g_item(2))))
    assert [i.first("id") for i in items] == ["SKU-1", "SKU-2"]
    assert info.items == 2


# --------------------------------------------------------------------------- repairs


def test_html_named_entities_are_repaired(tmp_path: Path) -> None:
    body = g_item(1, title="Serre-t&ecirc;te&nbsp;noir &eacute;t&eacute;") + g_item(2)
    items, info = parse(write(tmp_path, rss(body)))
    assert len(items) == 2
    assert items[0].first("core:title") == "Serre-t\u00eate\u00a0noir \u00e9t\u00e9"
    assert info.repairs == 4  # one per entity, &nbsp; included


def test_repairs_are_counted_one_by_one(tmp_path: Path) -> None:
    body = g_item(1, title="a & b &ecirc; &amp; \x01\x02") + g_item(2, title="&nbsp;&nbsp;")
    _, info = parse(write(tmp_path, rss(body)))
    assert info.repairs == 6  # bare &, &ecirc;, two control characters, two &nbsp;


def test_xml_and_numeric_entities_are_untouched(tmp_path: Path) -> None:
    body = g_item(1, title="a &amp; b &lt;c&gt; &quot;d&quot; &#233; &#xE9; &apos;")
    items, info = parse(write(tmp_path, rss(body)))
    assert items[0].first("core:title") == 'a & b <c> "d" \u00e9 \u00e9 \''
    assert info.repairs == 0


def test_escaped_html_with_entities_in_g_description(tmp_path: Path) -> None:
    # PrestaShop style: escaped HTML whose text also uses HTML entities
    extra = "  <g:description>&lt;p&gt;serre-t&ecirc;te&lt;/p&gt;</g:description>\n"
    items, _ = parse(write(tmp_path, rss(g_item(1, extra=extra))))
    assert items[0].first("description") == "<p>serre-t\u00eate</p>"


def test_bare_ampersand_and_unknown_entity_names(tmp_path: Path) -> None:
    body = g_item(1, title="Tom & Jerry") + g_item(2, title="R&D &notanentity; AT&T&")
    items, _ = parse(write(tmp_path, rss(body)))
    assert items[0].first("core:title") == "Tom & Jerry"
    assert items[1].first("core:title") == "R&D &notanentity; AT&T&"


def test_bare_ampersand_in_attribute_and_url(tmp_path: Path) -> None:
    extra = "  <g:image_link>https://img/x.jpg?a=1&b=2</g:image_link>\n"
    feed = (
        f'<?xml version="1.0"?>\n<feed xmlns="{ATOM_NS}" xmlns:g="{G_NS}">'
        f'<entry><g:id>1</g:id><link href="https://s/p?a=1&b=2"/>{extra}</entry></feed>'
    )
    items, _ = parse(write(tmp_path, feed))
    assert items[0].first("core:link") == "https://s/p?a=1&b=2"
    assert items[0].first("image_link") == "https://img/x.jpg?a=1&b=2"


def test_control_characters_are_removed(tmp_path: Path) -> None:
    body = g_item(1, title="Ti\x01tle\x0bwith\x1fcontrols") + g_item(2, title="ok\x0c")
    items, info = parse(write(tmp_path, rss(body)))
    assert [i.first("core:title") for i in items] == ["Titlewithcontrols", "ok"]
    assert info.repairs > 0


def test_utf8_bom_before_xml_declaration(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + three_items().encode("utf-8")
    items, info = parse(write(tmp_path, data))
    assert [i.first("id") for i in items] == ["SKU-1", "SKU-2", "SKU-3"]
    assert info.format == "rss"


def test_invalid_utf8_bytes_become_replacement_characters(tmp_path: Path) -> None:
    data = rss(g_item(1, title="Caf@@ au lait") + g_item(2)).encode("utf-8")
    data = data.replace(b"@@", b"\xff\xc3")  # \xff is never valid, \xc3 lacks its tail
    items, info = parse(write(tmp_path, data))
    assert len(items) == 2
    title = items[0].first("core:title")
    assert title.startswith("Caf\ufffd")
    assert title.endswith(" au lait")
    assert items[1].first("id") == "SKU-2"
    assert info.repairs > 0


def test_cdata_is_left_untouched(tmp_path: Path) -> None:
    extra = (
        "  <description><![CDATA[a &ecirc; b & c <p>x</p> \x01]]></description>\n"
        "  <!-- a comment with & and &ecirc; -->\n"
    )
    body = g_item(1, title="before &ecirc;", extra=extra) + g_item(2, title="after &eacute;")
    items, _ = parse(write(tmp_path, rss(body)))
    assert items[0].first("core:description").startswith("a &ecirc; b & c <p>x</p>")
    # outside CDATA the repairs still happen, before and after the section
    assert items[0].first("core:title") == "before \u00ea"
    assert items[1].first("core:title") == "after \u00e9"


def test_iso_8859_1_declared_encoding(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        "<rss><channel><title>Boutique</title>"
        "<item><id>1</id><title>Caf\u00e9 cr\u00e8me &eacute;</title><price>2,50 \u20ac</price>"
        "</item></channel></rss>\n"
    )
    # "€" is not in Latin-1: write it as a character reference
    data = text.replace("\u20ac", "&#8364;").encode("iso-8859-1")
    assert b"\xe9" in data  # really single-byte Latin-1
    items, _ = parse(write(tmp_path, data))
    assert items[0].first("core:title") == "Caf\u00e9 cr\u00e8me \u00e9"
    assert items[0].first("core:price") == "2,50 \u20ac"


def test_windows_1252_declared_encoding(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0" encoding="windows-1252"?>\n'
        "<rss><channel><item><id>1</id><title>\u201cQuoted\u201d \u20ac5</title></item>"
        "</channel></rss>"
    )
    items, _ = parse(write(tmp_path, text.encode("cp1252")))
    assert items[0].first("core:title") == "\u201cQuoted\u201d \u20ac5"


BODY = "&ecirc;|&nbsp;|Tom & Jerry|\u00e9|<![CDATA[a &ecirc; b & c]]>|end"
BODY_TEXT = "\u00ea|\u00a0|Tom & Jerry|\u00e9|a &ecirc; b & c|end"
TARGETS = ["&ecirc;", "&nbsp;", "& Jerry", "\u00e9", "<![CDATA[", "]]>"]


def _boundary_feed(target: str, back: int, comment_pad: bool) -> bytes:
    """A feed where ``target`` (inside BODY) starts ``back`` bytes before offset 65536."""
    head = rss(g_item(1, title="first &eacute;") + "@@SPLIT@@").split("@@SPLIT@@")[0]
    tail_items = g_item(3, title="third &ecirc;")
    before = (head + "<item><g:id>SKU-2</g:id><title>second</title><description>").encode()
    offset_in_body = BODY.encode().index(target.encode())
    pad_len = CHUNK - back - len(before) - offset_in_body
    if comment_pad:  # a '>' right before BODY: the reader may cut exactly there
        pad = b"<!--" + b"p" * (pad_len - 7) + b"-->"
    else:
        pad = b"p" * pad_len
    data = before + pad + BODY.encode() + b"</description></item>\n" + tail_items.encode()
    data += b"</channel>\n</rss>\n"
    assert data.index(target.encode(), len(before)) == CHUNK - back
    return data


@pytest.mark.parametrize("comment_pad", [False, True], ids=["text-pad", "comment-pad"])
@pytest.mark.parametrize("target", TARGETS)
def test_constructs_straddling_the_chunk_boundary(
    tmp_path: Path, target: str, comment_pad: bool
) -> None:
    for back in range(0, len(target.encode()) + 2):
        data = _boundary_feed(target, back, comment_pad)
        items, _ = parse(write(tmp_path, data, name=f"b{back}.xml"))
        assert [i.first("id") for i in items] == ["SKU-1", "SKU-2", "SKU-3"], back
        description = items[1].fields["core:description"][0]
        assert description.lstrip("p").endswith(BODY_TEXT), (back, description[-60:])
        assert items[0].first("core:title") == "first \u00e9"
        assert items[2].first("core:title") == "third \u00ea"


def test_huge_text_node_without_markup_is_repaired(tmp_path: Path) -> None:
    # > 1 MiB without any '>' forces the reader to cut inside the text node
    unit = "abc &ecirc; d & e ]] f &nbsp; " * 10
    text = unit * (1_300_000 // len(unit))
    feed = rss(g_item(1) + f"<item><g:id>BIG</g:id><description>{text}</description></item>")
    items, _ = parse(write(tmp_path, feed))
    expected = text.replace("&ecirc;", "\u00ea").replace("&nbsp;", "\u00a0")
    assert [i.first("id") for i in items] == ["SKU-1", "BIG"]
    assert items[1].fields["core:description"][0] == expected


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "data",
    [
        b'{"items": [{"id": 1}]}',
        b"id,title,price\n1,Mug,9.99\n",
        b"",
        b"   \n\t ",
        b"\xef\xbb\xbf",
        b"\x89PNG\r\n\x1a\n\x00\x00",
    ],
    ids=["json", "csv", "empty", "whitespace", "bom-only", "binary"],
)
def test_not_xml_is_refused(tmp_path: Path, data: bytes) -> None:
    with pytest.raises(FeedNotXML, match="not XML"):
        list(iter_items(write(tmp_path, data)))


@pytest.mark.parametrize(
    "page",
    [
        "<!DOCTYPE html>\n<html><head><title>Shop</title></head><body>Hi</body></html>",
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>502</title></head>'
        "<body><br><p>Bad gateway &nbsp;</body></html>",
        "<!DOCTYPE html><html lang=en><head></head><body></body></html>",
        "<html>\n<body>\n<p>unclosed\n</body>\n</html>",
    ],
    ids=["well-formed", "void-tags", "unquoted-attr", "unclosed-p"],
)
def test_html_page_is_refused(tmp_path: Path, page: str) -> None:
    with pytest.raises((FeedNotXML, FeedUnsafe)) as caught:
        list(iter_items(write(tmp_path, page)))
    message = str(caught.value)
    assert "XML" in message or "RSS" in message
    assert not isinstance(caught.value, FeedTruncated)


def test_html_page_message_names_the_root(tmp_path: Path) -> None:
    page = "<!DOCTYPE html>\n<html><head><title>Login</title></head><body/></html>"
    with pytest.raises(FeedNotXML, match=r"<html>"):
        list(iter_items(write(tmp_path, page)))


@pytest.mark.parametrize(
    "doc",
    [
        '<?xml version="1.0"?><products><product><id>1</id></product></products>',
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>',
    ],
)
def test_xml_with_another_root_is_refused(tmp_path: Path, doc: str) -> None:
    with pytest.raises(FeedNotXML, match="not an RSS or Atom"):
        list(iter_items(write(tmp_path, doc)))


def _truncation_cuts(data: bytes, step: int = 37) -> list[int]:
    end = data.rindex(b"</rss>")  # any cut before the root's end tag is complete
    root = data.index(b"<rss")  # cuts inside the root's own tag name: "<r", "<rs"
    extra = [root + 1, root + 2, root + 3, root + 4, end, end + 1, end + 5]
    return list(range(1, end + len(b"</rss>") - 1, step)) + extra


@pytest.mark.parametrize("one_line", [False, True], ids=["multi-line", "one-line"])
def test_truncated_feed_is_always_refused_as_truncated(tmp_path: Path, one_line: bool) -> None:
    text = rss(
        g_item(1, title="T &ecirc;")
        + g_item(2, extra="  <description><![CDATA[x & y]]></description>\n  <!-- c -->\n")
        + g_item(3, extra='  <g:shipping><g:country a="1">US</g:country></g:shipping>\n')
    )
    if one_line:
        text = text.replace("\n", "")
    data = text.encode()
    parse(write(tmp_path, data, "full.xml"))  # the complete feed parses
    cuts = _truncation_cuts(data)
    assert len(cuts) > 20
    for cut in cuts:
        path = write(tmp_path, data[:cut], "cut.xml")
        got: list[RawItem] = []
        with pytest.raises(FeedTruncated, match="ends prematurely") as caught:
            got.extend(iter_items(path))
        # items read before the cut were streamed out, but the parse never completes
        assert isinstance(caught.value, Refused)
        assert len(got) <= 3, cut


def test_truncated_atom_feed(tmp_path: Path) -> None:
    data = (
        f'<?xml version="1.0"?>\n<feed xmlns="{ATOM_NS}" xmlns:g="{G_NS}">\n'
        + "".join(f"<entry><g:id>{n}</g:id><title>t{n}</title></entry>\n" for n in range(5))
        + "</feed>\n"
    ).encode()
    end = data.rindex(b"</feed>")
    for cut in range(40, end + 6, 11):
        with pytest.raises(FeedTruncated):
            list(iter_items(write(tmp_path, data[:cut])))


def test_truncated_after_prolog_only(tmp_path: Path) -> None:
    with pytest.raises(FeedTruncated):
        list(iter_items(write(tmp_path, '<?xml version="1.0" encoding="UTF-8"?>\n')))


@pytest.mark.parametrize("one_line", [False, True], ids=["multi-line", "one-line"])
def test_malformed_middle_is_malformed_not_truncated(tmp_path: Path, one_line: bool) -> None:
    body = g_item(1) + g_item(2, title="Broken</titel>") + g_item(3)
    text = rss(body)
    assert "<title>Broken</titel></title>" in text  # mismatched, then more valid items
    if one_line:
        text = text.replace("\n", "")
    with pytest.raises(FeedMalformed, match="not well-formed") as caught:
        list(iter_items(write(tmp_path, text)))
    assert not isinstance(caught.value, FeedTruncated)


def test_unclosed_item_in_the_middle_is_malformed(tmp_path: Path) -> None:
    text = rss(g_item(1) + "<item><g:id>X</g:id>\n" + g_item(3))
    with pytest.raises(FeedMalformed):
        list(iter_items(write(tmp_path, text)))


def test_malformed_middle_of_a_large_feed(tmp_path: Path) -> None:
    items = [g_item(n) for n in range(2000)]
    items[700] = items[700].replace("</title>", "</titl>")
    with pytest.raises(FeedMalformed):
        list(iter_items(write(tmp_path, rss("".join(items)))))


def test_junk_after_the_root_is_malformed(tmp_path: Path) -> None:
    text = three_items() + "<rss><channel>"
    with pytest.raises(FeedMalformed):
        list(iter_items(write(tmp_path, text)))


def test_trailing_comment_after_root_is_fine(tmp_path: Path) -> None:
    text = three_items() + "<!-- generated by shop -->\n"
    items, _ = parse(write(tmp_path, text))
    assert len(items) == 3


def test_entity_expansion_bomb_is_refused_quickly(tmp_path: Path) -> None:
    lol = ['<!ENTITY lol0 "lol">']
    lol += [f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10)]
    doc = (
        '<?xml version="1.0"?>\n<!DOCTYPE rss [\n' + "\n".join(lol) + "\n]>\n"
        f'<rss xmlns:g="{G_NS}"><channel><item><g:id>1</g:id><title>&lol9;</title></item>'
        "</channel></rss>\n"
    )
    started = time.perf_counter()
    with pytest.raises(FeedUnsafe, match="ENTITY"):
        list(iter_items(write(tmp_path, doc)))
    assert time.perf_counter() - started < 1.0


def test_external_entity_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-MARKER")
    doc = (
        f'<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY x SYSTEM "file://{secret}">]>\n'
        f'<rss xmlns:g="{G_NS}"><channel><item><g:id>1</g:id><title>&x;</title></item>'
        "</channel></rss>\n"
    )
    got: list[RawItem] = []
    with pytest.raises(FeedUnsafe) as caught:
        got.extend(iter_items(write(tmp_path, doc)))
    assert got == []
    assert "TOP-SECRET-MARKER" not in str(caught.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
@pytest.mark.parametrize(
    "dtd",
    [
        '<!DOCTYPE rss [<!ENTITY x SYSTEM "file://{path}">]>',
        '<!DOCTYPE rss [<!ENTITY % p SYSTEM "file://{path}"> %p;]>',
        '<!DOCTYPE rss SYSTEM "file://{path}">',
    ],
    ids=["general", "parameter", "external-dtd"],
)
def test_external_file_is_never_opened(tmp_path: Path, dtd: str) -> None:
    """A FIFO as the entity target: opening it for reading is observable (and never blocks)."""
    fifo = tmp_path / "passwd"
    os.mkfifo(fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    opened = threading.Event()
    stop = threading.Event()

    def watch() -> None:  # a non-blocking writer can open the FIFO only once a reader has
        while not stop.is_set():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                time.sleep(0.005)
                continue
            opened.set()
            os.write(fd, b"root:x:0:0\n")
            os.close(fd)
            return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    doc = (
        '<?xml version="1.0"?>\n' + dtd.format(path=fifo) + "\n"
        f'<rss xmlns:g="{G_NS}"><channel><item><g:id>1</g:id><title>&amp;</title></item>'
        "</channel></rss>\n"
    )
    try:
        try:
            items = list(iter_items(write(tmp_path, doc)))
        except Refused:
            items = []
        time.sleep(0.05)
    finally:
        stop.set()
        watcher.join(timeout=2)
    assert not opened.is_set(), "the parser opened the external file"
    assert all("root:x" not in v for i in items for vs in i.fields.values() for v in vs)


def test_general_entity_dtd_is_refused_even_when_unused(tmp_path: Path) -> None:
    doc = (
        '<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY brand "Acme">]>\n'
        "<rss><channel><item><id>1</id></item></channel></rss>"
    )
    with pytest.raises(FeedUnsafe):
        list(iter_items(write(tmp_path, doc)))


# --------------------------------------------------------------------------- gzip


def test_gzip_feed_parses_like_the_plain_one(tmp_path: Path) -> None:
    text = rss(g_item(1, title="Caf&eacute; & co") + g_item(2) + g_item(3))
    plain, plain_info = parse(write(tmp_path, text, "plain.xml"))
    packed, packed_info = parse(write(tmp_path, gzip.compress(text.encode()), "feed.xml.gz"))
    assert [i.fields for i in packed] == [i.fields for i in plain]
    assert packed_info == plain_info
    assert packed[0].first("core:title") == "Caf\u00e9 & co"


def test_gzip_detected_by_magic_not_by_name(tmp_path: Path) -> None:
    packed, _ = parse(write(tmp_path, gzip.compress(three_items().encode()), "feed.xml"))
    assert len(packed) == 3


def test_truncated_gzip_is_refused(tmp_path: Path) -> None:
    big = rss("".join(g_item(n) for n in range(300))).encode()
    packed = gzip.compress(big)
    for cut in (5, 12, len(packed) // 3, len(packed) // 2, len(packed) - 9, len(packed) - 1):
        got: list[RawItem] = []
        with pytest.raises(FeedTruncated, match="gzip") as caught:
            got.extend(iter_items(write(tmp_path, packed[:cut], "cut.xml.gz")))
        assert len(got) < 300
        assert "prematurely" in str(caught.value) or "corrupt" in str(caught.value)


def test_corrupt_gzip_is_refused(tmp_path: Path) -> None:
    packed = bytearray(gzip.compress(rss("".join(g_item(n) for n in range(50))).encode()))
    packed[len(packed) // 2] ^= 0xFF
    with pytest.raises(Refused, match="gzip"):
        list(iter_items(write(tmp_path, bytes(packed), "bad.xml.gz")))


# --------------------------------------------------------------------------- memory


def _write_big_feed(path: Path, n: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write(f'<?xml version="1.0"?>\n<rss xmlns:g="{G_NS}"><channel><title>Big</title>\n')
        for i in range(n):
            out.write(
                f"<item><g:id>ID{i}</g:id><title>Product {i} &eacute;</title>"
                f"<description>Some description text for item {i}, long enough to matter "
                f"in memory if the tree were kept: {'lorem ipsum ' * 8}</description>"
                f"<g:price>{i % 97}.99 USD</g:price><g:image_link>https://img/{i}.jpg"
                "</g:image_link></item>\n"
            )
        out.write("</channel></rss>\n")


def test_memory_stays_flat_on_a_large_feed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """20,000 items: the parsed tree never holds more than a read-ahead's worth of elements."""
    n = 20_000
    path = tmp_path / "big.xml"
    _write_big_feed(path, n)
    assert path.stat().st_size > 4_000_000

    live_counts: list[int] = []
    real_iterparse = etree.iterparse

    def counting_iterparse(*args, **kwargs):
        events = real_iterparse(*args, **kwargs)

        def gen():
            root = None
            for k, (event, elem) in enumerate(events):
                if root is None:
                    root = elem
                if k % 400 == 0:  # two events per item (start, end)
                    live_counts.append(sum(1 for _ in root.iter()))
                yield event, elem

        return gen()

    monkeypatch.setattr(parse_mod.etree, "iterparse", counting_iterparse)
    count = sum(1 for _ in iter_items(path))
    assert count == n
    assert len(live_counts) > 50
    # read-ahead keeps a chunk's worth of elements alive, never the whole feed (~120,000)
    assert max(live_counts) < 3000, max(live_counts)


def test_python_memory_peak_is_small(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    _write_big_feed(path, 4_000)
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_items(path))  # items are not kept
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 4_000
    assert peak < 30 * 1024 * 1024, peak


@pytest.mark.parametrize(
    "head, root",
    [
        (b'<?xml version="1.0"?>\n<rss version="2.0"><channel>', "rss"),
        (b"\xef\xbb\xbf<!-- export --><feed xmlns='http://www.w3.org/2005/Atom'>", "feed"),
        (b"<!DOCTYPE html>\n<html lang='en'><head>", "html"),
        (b"<rdf:RDF xmlns:rdf='x'>", "RDF"),
        (b'<?xml version="1.0"?>\n<rss version="2.0"', ""),  # the start tag is not whole
        (b"<!-- only a comment -->", ""),
    ],
)
def test_the_reader_names_the_root_whose_start_tag_it_handed_out(head, root) -> None:
    """lxml 6.2 raises a syntax error before yielding the chunk's events, the root's among
    them: the reader names the root from the bytes it handed out instead."""
    import io

    from sync.parse import RepairingReader

    reader = RepairingReader(io.BytesIO(head))
    while reader.read(7):
        pass
    assert reader.root_local() == root
