"""Sizes as systems: the parser (sync.sizes), the stored tokens and the size filter.

A feed's size may hold several systems ("US 9 | EU 42"); a shopper's "size 42",
"Größe 39", "taglia 38", "a 9", "EU 38" or "UK 5" must find it, before scoring.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from graph.constraints import build_where, now_ts, size_tokens, violations
from graph.rules import understand
from sync.document import build_metadata
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.sizes import PLAUSIBLE, kinds_of, matches, parse, plausible, shopper_tokens, tokens
from sync.snapshot import read_snapshot
from sync.store import CatalogueStore
from sync.taxonomy import Taxonomy
from tests.conftest import FEEDS, TAXONOMY, RecordingEmbedder

# -- the parser ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # several systems in one value, either order, any separator
        ("US 9 | EU 42", {"us:9", "eu:42"}),
        ("EU 38 / UK 5", {"eu:38", "uk:5"}),
        ("UK 6.5, EU 40", {"uk:6.5", "eu:40"}),
        ("42 EU", {"eu:42"}),
        ("EUR 42", {"eu:42"}),
        ("EU42", {"eu:42"}),
        ("UK5", {"uk:5"}),
        ("US 9/42 EU", {"us:9", "eu:42"}),
        ("EU 39-42", {"eu:39", "eu:40", "eu:41", "eu:42"}),
        ("EU 40 2/3", {"eu:40.67"}),
        ("FR 38 / IT 42", {"fr:38", "it:42"}),
        ("JP 26", {"jp:26"}),
        ("DE 42", {"eu:42"}),
        ("EU 40 / US 7 / UK 6 / CM 25", {"eu:40", "us:7", "uk:6", "cm:25"}),  # foot length
        ("UK 8 (EU 42)", {"uk:8", "eu:42"}),
        # letters, words and ranges
        ("M", {"letter:m"}),
        ("Medium", {"letter:m"}),
        ("x-large", {"letter:xl"}),
        ("XL/XXL", {"letter:xl", "letter:xxl"}),
        ("S-M", {"letter:s", "letter:m"}),
        ("XS-L", {"letter:xs", "letter:s", "letter:m", "letter:l"}),
        ("S/M", {"letter:s", "letter:m"}),
        ("2XL", {"letter:xxl"}),
        ("3XL", {"letter:xxxl"}),
        ("XXXL", {"letter:xxxl"}),
        ("4XL", {"letter:4xl"}),
        ("ХL", {"letter:xl"}),  # Cyrillic Х, as Russian shops type it
        ("М", {"letter:m"}),  # Cyrillic М
        ("M (38)", {"letter:m", "num:38"}),
        # one size, in several languages
        ("One size", {"one:size"}),
        ("ONE SIZE FITS ALL", {"one:size"}),
        ("Einheitsgröße", {"one:size"}),
        ("Taille unique", {"one:size"}),
        ("Talla única", {"one:size"}),
        ("Taglia unica", {"one:size"}),
        ("rozmiar uniwersalny", {"one:size"}),
        ("Универсальный", {"one:size"}),
        ("Один размер", {"one:size"}),
        ("TU", {"one:size"}),
        # children
        ("2-3Y", {"age:2y", "age:3y"}),
        ("3T", {"age:3y"}),
        ("4 ans", {"age:4y"}),
        ("5 Jahre", {"age:5y"}),
        ("2 lata", {"age:2y"}),
        ("10-11 лет", {"age:10y", "age:11y"}),
        ("6-12M", {"age:6m", "age:12m"}),
        ("18 months", {"age:18m"}),
        ("116 cm", {"cm:116", "height:116"}),
        # trousers by waist and length
        ("W32 L34", {"waist:32", "len:34", "waist:32/len:34"}),
        ("W32/L34", {"waist:32", "len:34", "waist:32/len:34"}),
        ("W30", {"waist:30"}),
        # measures and dimensions
        ("11oz", {"oz:11"}),
        ("20 oz", {"oz:20"}),
        ("15″", {"in:15"}),
        ('4" x 4"', {"in:4x4"}),
        ("5.5″×8.5″", {"in:5.5x8.5"}),
        ("60×200 см", {"cm:60x200"}),
        ("70/200", {"dim:70x200"}),
        # bras: band and cup
        ("75B", {"bra:75b"}),
        ("34DD", {"bra:34dd"}),
        ("75B / 34B", {"bra:75b", "bra:34b"}),
        # the size word in the shop's language goes
        ("rozmiar 42", {"num:42"}),
        ("Größe M", {"letter:m"}),
        ("Gr. 40", {"num:40"}),
        ("taglia 38", {"num:38"}),
        ("talla S", {"letter:s"}),
        ("pointure 41", {"num:41"}),
        ("размер 44", {"num:44"}),
        ("veličina L", {"letter:l"}),
        # bare numbers, halves with a point or a comma
        ("9.5", {"num:9.5"}),
        ("42,5", {"num:42.5"}),
        ("9½", {"num:9.5"}),
        ("38/40", {"num:38", "num:40"}),
        ("110/116", {"num:110", "num:116"}),
        ("39-42", {"num:39", "num:40", "num:41", "num:42"}),
    ],
)
def test_a_size_text_reads_as_system_value_pairs(text: str, expected: set[str]) -> None:
    assert {size.token for size in parse(text)} == expected


def test_nothing_readable_is_kept_as_its_words() -> None:
    assert tokens("Regular") == ["text:regular"]
    assert tokens("") == []
    assert matches("Regular", "regular")


def test_an_apostrophe_s_is_no_size_s() -> None:
    assert "letter:s" not in tokens("Men's 9")


def test_trousers_read_a_pair_as_waist_and_length() -> None:
    jeans = kinds_of("Clothing > Jeans")
    assert {"waist:32/len:34", "waist:32", "len:34"} <= set(tokens("32/34", jeans))
    assert {"num:32", "num:34"} <= set(tokens("32/34"))  # elsewhere, two sizes


# -- which system an unnamed number is in ---------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "kinds"),
    [
        (("Apparel & Accessories > Shoes",), ("shoes",)),
        (("Obuwie > Buty",), ("shoes",)),
        (("Schuhe > Wandern",), ("shoes",)),
        (("Chaussures femme",), ("shoes",)),
        (("Женская обувь",), ("shoes",)),
        (("Clothing > Jeans",), ("bottoms", "clothing")),
        (("Damen > Hosen",), ("bottoms", "clothing")),
        (("Odzież > Sukienki",), ("clothing",)),
        (("Abbigliamento bambini",), ("clothing", "kids")),
        (("Torebki",), ()),
        (("Sports > Basketball",), ()),
        (("Luggage > Suitcases",), ()),
        (("", "Leather boots"), ("shoes",)),
        # Lithuanian, with or without its diacritics; "bath" is no "batai"
        (("zomsinius ilgaaulius batus",), ("shoes",)),
        (("vaikiški bateliai",), ("shoes", "kids")),
        (("Vyriski marskineliai",), ("clothing",)),
        (("Kelnės",), ("bottoms", "clothing")),
        (("Bath towel",), ()),
    ],
)
def test_the_kind_of_product(texts: tuple[str, ...], kinds: tuple[str, ...]) -> None:
    assert kinds_of(*texts) == kinds


def test_the_plausible_systems_table() -> None:
    shoes, jeans, kids = ("shoes",), ("bottoms", "clothing"), ("clothing", "kids")
    assert plausible("39", shoes) == ["eu"]
    assert set(plausible("9", shoes)) == {"us", "uk"}
    assert set(plausible("9.5", shoes)) == {"us", "uk"}
    assert "waist" in plausible("32", jeans)
    assert plausible("42", ("clothing",)) == ["eu", "it", "fr"]
    assert plausible("116", kids) == ["height"]
    assert plausible("116", shoes) == []
    # unknown kind: every row of the table
    assert set(plausible("39")) == {"eu", "it", "fr", "waist"}
    # the table is one place, with sane bounds
    assert all(low < high for _, low, high, _ in PLAUSIBLE)


def test_a_bare_number_carries_its_plausible_systems() -> None:
    assert tokens("39", ("shoes",)) == ["eu:39", "num:39"]
    assert tokens("9", ("shoes",)) == ["num:9", "uk:9", "us:9"]
    assert tokens("116", ("clothing", "kids")) == ["height:116", "num:116"]


# -- a shopper's size against a product's -------------------------------------------------------


@pytest.mark.parametrize(
    ("wanted", "value", "kinds", "fits"),
    [
        ("42", "US 9 | EU 42", ("shoes",), True),
        ("42", "US 9 | EU 42", (), True),
        ("9", "US 9 | EU 42", (), True),
        ("US 9", "US 9 | EU 42", (), True),
        ("UK 9", "US 9 | EU 42", (), False),  # another system named: no conversion invented
        ("EU 38", "EU 38 / UK 5", (), True),
        ("UK 5", "EU 38 / UK 5", (), True),
        ("US 5", "EU 38 / UK 5", (), False),
        ("EU 39", "39", ("shoes",), True),  # the shop's bare 39 is an EU shoe size
        ("39", "39", (), True),
        ("UK 9", "9", ("shoes",), True),  # a bare 9 on a shoe is US or UK
        ("EU 9", "9", ("shoes",), False),
        ("M", "S-M", (), True),
        ("L", "S-M", (), False),
        ("XXL", "2XL", (), True),
        ("XL", "XL/XXL", (), True),
        ("XXL", "XL/XXL", (), True),
        ("M", "Medium", (), True),
        ("M", "38", (), False),
        ("W32 L34", "W32 L34", (), True),
        ("W32", "W32 L34", (), True),
        ("32", "W32 L34", ("bottoms", "clothing"), True),
        ("W32 L32", "W32 L34", (), False),
        ("116", "110/116", ("clothing", "kids"), True),
        ("116", "116 cm", (), True),
        ("3Y", "2-3Y", (), True),
        ("4Y", "2-3Y", (), False),
        ("40", "39-42", (), True),
        ("one size", "Einheitsgröße", (), True),
        ("60x200", "60×200 см", (), True),
        ("70x200", "70/200", (), True),
        ("42", "", (), False),  # a product without the size
    ],
)
def test_a_shoppers_size_fits_a_products(
    wanted: str, value: str, kinds: tuple[str, ...], fits: bool
) -> None:
    assert matches(wanted, value, kinds) is fits


def test_a_named_system_asks_for_that_system_only() -> None:
    assert shopper_tokens("UK 5") == ["text:uk 5", "uk:5"]
    assert "eu:42" in shopper_tokens("42") and "us:42" not in shopper_tokens("42")


# -- the filter, end to end on a crafted feed ------------------------------------------------------

SHOES = "Apparel & Accessories > Shoes"
CRAFTED = [
    # id, title, product type, size
    ("SH1", "Trail Sneaker", "Shoes > Men", "US 9 | EU 42"),
    ("SH2", "City Sneaker", "Shoes > Women", "EU 38 / UK 5"),
    ("SH3", "Bergschuh Alpin", "Schuhe > Wandern", "39"),
    ("SH4", "Scarpa da corsa", "Scarpe > Corsa", "38"),
    ("SH5", "Sizeless Sandal", "Shoes > Women", ""),
    ("SH6", "Court Shoe", "Shoes > Women", "EU 40 / UK 6.5"),
    ("AP1", "Basic Tee", "Clothing > Tops", "M"),
    ("AP2", "Heavy Hoodie", "Clothing > Tops", "XL/XXL"),
    ("AP3", "Rib Tank", "Clothing > Tops", "S-M"),
    ("AP4", "Straight Jeans", "Clothing > Jeans", "W32 L34"),
    ("AP5", "Kids Rain Jacket", "Kids > Jackets", "2-3Y"),
    ("AP6", "Wool Beanie", "Clothing > Hats", "One size"),
]


def _item(pid: str, title: str, product_type: str, size: str) -> dict[str, str]:
    return {
        "id": pid,
        "title": title,
        "description": f"{title}.",
        "link": f"https://shop.example/{pid}",
        "image_link": f"https://shop.example/{pid}.jpg",
        "availability": "in stock",
        "price": "50.00 EUR",
        "brand": "Crafted",
        "condition": "new",
        "google_product_category": "187" if product_type.startswith(("Sho", "Sch", "Sca")) else "",
        "product_type": product_type,
        "size": size,
    }


@pytest.fixture(scope="module")
def crafted(tmp_path_factory: pytest.TempPathFactory) -> CatalogueStore:
    from sync.demo_feed import write_feed

    work = tmp_path_factory.mktemp("sizes")
    path = work / "sizes.xml"
    write_feed(path, [_item(*row) for row in CRAFTED])
    settings = SyncSettings(
        index_dir=work / "index",
        cache_dir=work / "cache",
        taxonomy_path=TAXONOMY if TAXONOMY.exists() else None,
    )
    report = run_sync(path, settings, embeddings=RecordingEmbedder())
    assert report.status == "ok", report.reason
    return CatalogueStore.open(settings.index_dir, None, settings.collection)


def _found(store: CatalogueStore, prefs: dict) -> set[str]:
    now = now_ts()
    got = store.get(where=build_where(prefs, now), include=["metadatas"])
    ids = set(got["ids"])
    everything = store.get(include=["metadatas"])
    by_rule = {
        pid
        for pid, meta in zip(everything["ids"], everything["metadatas"], strict=True)
        if not violations(meta, prefs, now)
    }
    assert ids == by_rule, "the Chroma filter and the Python check disagree"
    return ids


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("size 42", {"SH1"}),
        ("Größe 39", {"SH3"}),
        ("taglia 38", {"SH2", "SH4"}),
        ("do you have it in a 9?", {"SH1"}),
        ("EU 38", {"SH2", "SH4"}),
        ("UK 5", {"SH2"}),
        ("UK 6.5", {"SH6"}),
        ("rozmiar 40", {"SH6"}),
        ("размер 42", {"SH1"}),
        ("in M please", {"AP1", "AP3"}),
        ("XXL", {"AP2"}),
        ("size XL", {"AP2"}),
        ("W32 L34 jeans", {"AP4"}),
    ],
)
def test_the_filter_finds_a_shoppers_size_in_any_system(
    crafted: CatalogueStore, message: str, expected: set[str]
) -> None:
    size = understand(message).updates["size"]
    assert _found(crafted, {"size": size}) == expected


def test_a_size_for_shoes_is_read_as_a_shoe_size(crafted: CatalogueStore) -> None:
    # in a shoe category, 42 is EU 42 only: no jeans waist, no IT clothing size
    assert size_tokens({"size": "42", "category": "Shoes"}) == ["eu:42", "num:42", "text:42"]
    assert _found(crafted, {"size": "42", "category": "Shoes"}) == {"SH1"}
    assert _found(crafted, {"size": "US 9"}) == {"SH1"}


def test_a_product_without_the_size_is_excluded(crafted: CatalogueStore) -> None:
    everything = set(crafted.get(include=[])["ids"])
    for size in ("42", "38", "M", "9", "UK 5"):
        found = _found(crafted, {"size": size})
        assert "SH5" not in found and found < everything


def test_the_stored_record_keeps_the_feeds_text_and_its_tokens(crafted: CatalogueStore) -> None:
    got = crafted.get(ids=["SH1", "AP2", "SH5"], include=["metadatas"])
    meta = dict(zip(got["ids"], got["metadatas"], strict=True))
    assert meta["SH1"]["size"] == "US 9 | EU 42"  # cards show the feed's text, unchanged
    assert meta["SH1"]["sizes"] == ["eu:42", "us:9"]
    assert meta["AP2"]["sizes"] == ["letter:xl", "letter:xxl"]
    assert "sizes" not in meta["SH5"] and "size_key" not in meta["SH5"]


def test_letter_sizes_and_one_size(crafted: CatalogueStore) -> None:
    assert _found(crafted, {"size": "S"}) == {"AP3"}
    assert _found(crafted, {"size": "Medium"}) == {"AP1", "AP3"}
    assert _found(crafted, {"size": "one size"}) == {"AP6"}
    assert _found(crafted, {"size": "3Y"}) == {"AP5"}


# -- the real feeds --------------------------------------------------------------------------------

F04 = "04_opispot_fourthwall_rss_es_bom_cdata_variants.xml"
F06 = "06_italyshop_rss_pl_pln_variants.xml"
F13 = "13_banyaline_rss_ru_byn_variants.xml"


def _feed(name: str) -> Path:
    path = FEEDS / name
    if not path.is_file():
        pytest.skip(f"real feed {name} not available in {FEEDS}")
    return path


def _feed_sizes(name: str) -> set[str]:
    """The feed's own <g:size> values, read from the raw text."""
    text = _feed(name).read_text(encoding="utf-8-sig")
    return {v.strip() for v in re.findall(r"<g:size>(?:<!\[CDATA\[)?([^<\]]*)", text) if v.strip()}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # opispot: letters (2XL...) and a mug's and a sticker's measures
        (
            F04,
            {
                "S": {"letter:s"},
                "M": {"letter:m"},
                "2XL": {"letter:xxl"},
                "4XL": {"letter:4xl"},
                "11oz": {"oz:11"},
                "20 oz": {"oz:20"},
                '4" x 4"': {"in:4x4"},
                "5.5″×8.5″": {"in:5.5x8.5"},
                "15″": {"in:15"},
            },
        ),
        # italyshop: bare EU shoe sizes (the handbags' M)
        (F06, {"36": {"num:36"}, "41": {"num:41"}, "M": {"letter:m"}}),
        # banyaline: sheets and towels by their dimensions in cm
        (F13, {"60×200 см": {"cm:60x200"}, "70/200": {"dim:70x200"}}),
    ],
)
def test_every_real_size_parses_to_something_sensible(
    name: str, expected: dict[str, set[str]]
) -> None:
    values = _feed_sizes(name)
    assert values
    for value in values:
        got = {size.token for size in parse(value)}
        assert got, f"{value!r} reads as no size"
        assert not any(t.startswith("text:") for t in tokens(value)), value
    for value, want in expected.items():
        assert value in values and {s.token for s in parse(value)} == want


@pytest.mark.skipif(not FEEDS.is_dir(), reason=f"real feeds not available ({FEEDS} is absent)")
@pytest.mark.parametrize("name", [F04, F06, F13])
def test_a_real_feeds_own_sizes_find_its_products(name: str) -> None:
    """Every size value of the feed, asked for as a shopper would, finds every product
    with that value (in its category), and a product of another size never."""
    snap = read_snapshot(
        _feed(name),
        taxonomy=Taxonomy.load(TAXONOMY if TAXONOMY.is_file() else None),
        model_id=RecordingEmbedder.model_id,
        indexed={},
    )
    metas = {pid: build_metadata(p.product, p.categories) for pid, p in snap.pending.items()}
    by_size: dict[str, set[str]] = defaultdict(set)
    for pid, meta in metas.items():
        if meta["size"]:
            assert meta["sizes"], f"{pid}: {meta['size']!r} stored no size tokens"
            by_size[meta["size"]].add(pid)
    assert by_size
    now = now_ts()
    for value, pids in by_size.items():
        for pid in pids:
            prefs = {"size": value, "category": metas[pid]["category"], "in_stock_only": False}
            assert "size" not in violations(metas[pid], prefs, now), (value, pid)
        others = {
            pid
            for pid, meta in metas.items()
            if "size" not in violations(meta, {"size": value, "in_stock_only": False}, now)
        }
        assert pids <= others
        # another product found by this value states it too (e.g. "S" is in "S-M")
        for pid in others - pids:
            assert matches(value, metas[pid]["size"] or ""), (value, metas[pid]["size"])


@pytest.mark.skipif(not FEEDS.is_dir(), reason=f"real feeds not available ({FEEDS} is absent)")
def test_a_polish_shopper_finds_italyshops_shoe_sizes(
    settings: SyncSettings, embedder: RecordingEmbedder
) -> None:
    """In the index itself: "buty rozmiar 39" and "EU 39" find the shoes sized 39."""
    report = run_sync(_feed(F06), settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    everything = store.get(include=["metadatas"])
    sized_39 = {
        pid
        for pid, meta in zip(everything["ids"], everything["metadatas"], strict=True)
        if meta.get("size") == "39" and meta.get("in_stock")
    }
    assert len(sized_39) >= 10
    for message in ("rozmiar 39", "EU 39", "Größe 39"):
        size = understand(message).updates["size"]
        got = store.get(where=build_where({"size": size}, now_ts()), include=[])
        assert set(got["ids"]) == sized_39, message


def test_an_index_from_before_sizes_as_systems_updates_metadata_only(
    resync_from_older_enrich,
) -> None:
    """The next sync after ENRICH_VERSION 4 rewrites every record's size fields and keeps
    every vector: no product is embedded again."""

    def before(meta, product):  # what ENRICH_VERSION 3 stored: one key, no tokens
        return {**meta, "sizes": None, "size_key": product.size or None}

    old, store = resync_from_older_enrich([_item(*row) for row in CRAFTED], 3, before)
    assert old["SH1"]["size_key"] == "US 9 | EU 42"
    meta = store.get(ids=["SH1"])["metadatas"][0]
    assert meta["sizes"] == ["eu:42", "us:9"] and "size_key" not in meta


def test_a_product_answer_finds_the_asked_size_in_any_system_the_variant_states() -> None:
    from graph.templates import product_answer

    card = {
        "title": "City Sneaker",
        "id": "SH2",
        "price": 50.0,
        "currency": "EUR",
        "in_stock": True,
        "variant_options": {"size": ["EU 38 / UK 5", "EU 40 / UK 6.5"]},
        "variant_stock": [["", "EU 38 / UK 5", True], ["", "EU 40 / UK 6.5", True],
                          ["", "EU 41 / UK 7", False]],
    }  # fmt: skip
    answer = {s: product_answer("en", card, {"size": s}, []) for s in ("UK 5", "40", "UK 7")}
    assert "EU 38 / UK 5" in answer["UK 5"] and answer["UK 5"].startswith("Yes")
    assert "EU 40 / UK 6.5" in answer["40"]
    assert "EU 41 / UK 7" in answer["UK 7"] and not answer["UK 7"].startswith("Yes")


@pytest.mark.parametrize(
    ("previous", "message", "size"),
    [
        ("UK 5", "a size up", "UK 6"),
        ("US 9.5", "a size down", "US 8.5"),
        ("42", "bigger size", "43"),
    ],
)
def test_a_size_up_keeps_the_system(previous: str, message: str, size: str) -> None:
    got = understand(message, previous={"size": previous, "query": "sneakers"})
    assert got.updates["size"] == size
