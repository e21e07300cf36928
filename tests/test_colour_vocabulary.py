"""Colours in Russian and Lithuanian, and colours as the feed spells them (issue 11, item 1).

* sync.enrich files and reads Russian and Lithuanian colour words in their inflected
  forms (чёрный/черная/чёрного, juodas/juoda/juodą), shades under their colour.
* A feed colour value no table knows ("Karmel") is filed as written; the sync lists such
  names in the facets (``own_colors``); graph.catalogue_colours reads them back from a
  shopper's inflected words ("karmelowe"), never a tables' colour a second time.
* ENRICH_VERSION 5 makes the next sync of an older index a metadata-only update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.catalogue_colours import own_color_names, read_colours
from graph.combine import from_llm
from graph.constraints import build_where, now_ts
from graph.llm import IntentOutput
from graph.rules import understand
from sync.enrich import color_tokens, extract_attributes, own_colors, record_colors
from sync.facets import FacetRow, compute_facets
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from tests.conftest import FEEDS, RecordingEmbedder

# --- Russian and Lithuanian colour words ------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        # feed 13 (banyaline, ru) writes these in <g:color>
        ("Черный", ["black"]),
        ("Чёрный", ["black"]),
        ("Бежевый", ["beige"]),
        ("Коричневый", ["brown"]),
        ("Бордовый", ["burgundy", "red"]),
        ("Розовый", ["pink"]),
        ("Хаки", ["beige"]),  # khaki: a field shade under beige, as English "khaki" is
        ("Графитовый", ["grey"]),  # graphite, a field shade
        ("Графит", ["grey"]),
        ("Шоколад", ["brown"]),  # chocolate, a field shade
        ("Темы-синий", ["blue"]),  # the feed's typo for тёмно-синий still says blue
        ("Тёмно-синий", ["navy", "blue"]),
        ("Оливковый", ["olive", "green"]),
        ("Juoda", ["black"]),
        ("Tamsiai mėlyna", ["navy", "blue"]),
        ("Balta/Raudona", ["white", "red"]),
        ("Smėlio spalvos", ["beige"]),
        ("Bordo", ["burgundy", "red"]),
    ],
)
def test_russian_and_lithuanian_feed_colours_are_filed(value: str, expected: list[str]) -> None:
    assert record_colors(value, from_feed=True) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("черная футболка", ["black"]),
        ("черного цвета", ["black"]),
        ("чёрную куртку", ["black"]),
        ("синяя, синее, синего, синюю", ["blue"]),  # a soft stem
        ("голубые носки", ["blue"]),
        ("зелёный и желтая", ["green", "yellow"]),
        ("серые брюки", ["grey"]),
        ("белое полотенце", ["white"]),
        ("красными", ["red"]),
        ("фиолетовый шарф", ["purple"]),
        ("juodą striukę", ["black"]),
        ("juodos spalvos", ["black"]),
        ("mėlyni marškiniai", ["blue"]),
        ("melyni marskiniai", ["blue"]),  # typed without diacritics
        ("žalią suknelę", ["green"]),
        ("rožinė, rudų, pilkas", ["pink", "brown", "grey"]),
        ("geltonos ir oranžinės", ["yellow", "orange"]),
    ],
)
def test_russian_and_lithuanian_inflected_colours_are_read(text: str, expected: list[str]) -> None:
    assert color_tokens(text) == expected


def test_a_russian_title_fills_a_missing_colour() -> None:
    found = extract_attributes("Полотенце банное синее 70x140", "")
    assert found["color"] == "blue"
    assert extract_attributes("Vyriška juoda striukė", "")["color"] == "black"


@pytest.mark.parametrize(
    ("message", "colors"),
    [
        ("футболка с коротким рукавом бежевая", ["beige"]),
        ("хочу тёмно-синий халат", ["navy"]),
        ("полотенце цвета шоколад", ["brown"]),  # a field shade beside the colour noun
        ("полотенце цвета шоколада", ["brown"]),
        ("халат цвета хаки", ["beige"]),
        ("ieškau juodos striukės", ["black"]),
        ("rožinė suknelė", ["pink"]),
        ("šokolado spalvos rankšluostis", ["brown"]),
        # chocolate in the other languages, beside their colour nouns (inflected in Polish)
        ("w kolorze czekoladowym, dodaj do koszyka", ["brown"]),
        ("ręcznik koloru czekolady", ["brown"]),
        ("une serviette couleur chocolat", ["brown"]),
        ("asciugamano color cioccolato", ["brown"]),
        # English says it as an adjective: "rust colored", "sand-coloured"
        ("rust colored henley", ["orange"]),
        ("sand coloured chinos", ["beige"]),
    ],
)
def test_a_shopper_names_a_russian_or_lithuanian_colour(message: str, colors: list[str]) -> None:
    assert understand(message).updates.get("colors") == colors


def test_a_field_shade_is_no_colour_without_the_colour_noun() -> None:
    # "шоколад" and "sand" are everyday words: chocolate, a beach
    assert "colors" not in understand("шоколад в подарок").updates
    assert "colors" not in understand("a sand bucket").updates
    assert understand("a bucket in colour sand").updates["colors"] == ["beige"]


# --- the feed's own colour names --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Karmel", ["karmel"]),  # feed 06 (italyshop, pl)
        ("Cappuccino", ["cappuccino"]),
        ("Czarny/Karmel", ["black", "karmel"]),
        ("Deep  Karmel", ["deep karmel"]),  # as written, lowercased and squashed
        ("Молочный", ["молочный"]),  # feed 13
        ("Чёрныйметалл", ["чёрныйметалл"]),
        ("Taupe", ["taupe", "brown"]),  # a table knows it: no own name
        ("Liliowy", ["lilac", "purple"]),
        ("n/a", []),
        ("Brak", []),  # a placeholder is no name
        ("Standard", []),
    ],
)
def test_an_unknown_feed_colour_is_filed_as_written(value: str, expected: list[str]) -> None:
    assert record_colors(value, from_feed=True) == expected


def test_own_names_come_from_the_colour_field_only() -> None:
    assert record_colors("karmel leather sneakers", from_feed=False) == []
    assert own_colors("Czarny/Karmel") == ("karmel",)
    assert own_colors("Czarny") == own_colors("") == ()


def test_facets_count_the_own_colour_names() -> None:
    rows = [
        FacetRow("Buty", "A", 10.0, "PLN", True, (), "g1", ("karmel",)),
        FacetRow("Buty", "A", 12.0, "PLN", True, (), "g2", ("karmel",)),
        FacetRow("Buty", "B", 15.0, "PLN", True, (), "g3", ("cappuccino",)),
        FacetRow("Buty", "B", 15.0, "PLN", True, (), "g4"),
    ]
    assert compute_facets(rows)["own_colors"] == [
        {"name": "karmel", "count": 2},
        {"name": "cappuccino", "count": 1},
    ]
    # a stored record gives the same row: its colours outside the tables are own names
    row = FacetRow.from_metadata({"category": "Buty", "colors": ["black", "karmel"]})
    assert row.own_colors == ("karmel",)
    assert FacetRow.from_row(row.to_row()) == row
    old = ["Buty", "A", 10.0, "PLN", True, [], "g1"]  # a state cache row of ENRICH_VERSION 4
    assert FacetRow.from_row(old).own_colors == ()


FACETS = {
    "own_colors": [
        {"name": "karmel", "count": 76},
        {"name": "cappuccino", "count": 27},
        {"name": "mleczny", "count": 13},
        {"name": "szmaragdowy", "count": 1},
        {"name": "czarny", "count": 3},  # named by an index older than the tables' word
        {"name": "чёрныйметалл", "count": 1},
    ]
}


@pytest.mark.parametrize(
    ("message", "colors"),
    [
        ("sneakersy karmel 40", ["karmel"]),
        ("coś w karmelu", ["karmel"]),
        ("trampki damskie karmelowe", ["karmel"]),
        ("torebka cappuccino", ["cappuccino"]),
        ("buty mleczne", ["mleczny"]),
        ("szmaragdowa torebka", ["szmaragdowy"]),
        ("czarne albo karmelowe botki", ["black", "karmel"]),
    ],
)
def test_a_shopper_names_a_catalogue_colour_inflected(message: str, colors: list[str]) -> None:
    assert understand(message, facets=FACETS).updates.get("colors") == colors


def test_without_the_catalogue_an_own_name_is_no_colour() -> None:
    assert "colors" not in understand("sneakersy karmel 40").updates


def test_a_known_colour_word_is_never_a_catalogue_colour_too() -> None:
    assert "czarny" not in own_color_names(FACETS)  # the tables read it
    got = understand("czarny czarne karmel karmelowe", facets=FACETS).updates["colors"]
    assert got == ["black", "karmel"]  # each once, "czarny" as black only
    # "чёрный" is a prefix of the own name "чёрныйметалл", but the tables' colour
    assert understand("чёрный веер", facets=FACETS).updates["colors"] == ["black"]


def test_a_word_too_far_from_a_name_is_no_match() -> None:
    names = own_color_names(FACETS)
    assert read_colours("mleko i karmelizowany cukier", names) == []  # milk; too long a tail
    assert read_colours("szmaragd", names) == []  # the name's own ending is longer than 2
    assert read_colours("karmelkowatego", names) == []  # 8 letters past the name: too far
    # ... though the lexicon knows the colour's own adjective, inflected ("karmelowego")
    assert read_colours("karmelowego", names) == ["karmel"]


def test_the_llm_may_name_a_catalogue_colour() -> None:
    out = IntentOutput(intent="recommend", language="pl", colors=["Karmel", "teal", "Kolor X"])
    assert from_llm(out, FACETS, 0).updates["colors"] == ["karmel", "teal"]


# --- in the index -------------------------------------------------------------------------------


def _real_feed(name: str) -> Path:
    path = FEEDS / name
    if not path.is_file():
        pytest.skip(f"real feed {name} not available in {FEEDS}")
    return path


def test_polish_shop_colours_in_the_index(settings: SyncSettings, embedder: RecordingEmbedder):
    """Feed 06: "Karmel" products are filed and found by "karmelowe"."""
    report = run_sync(
        _real_feed("06_italyshop_rss_pl_pln_variants.xml"), settings, embeddings=embedder
    )
    assert report.status == "ok", report.reason
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    facets = store.read_facets() or {}
    own = {entry["name"]: entry["count"] for entry in facets["own_colors"]}
    assert own["karmel"] == 76 and own["cappuccino"] == 27  # the feed's <g:color> counts
    everything = store.get(include=["metadatas"])
    karmel = {
        pid
        for pid, meta in zip(everything["ids"], everything["metadatas"], strict=True)
        if meta.get("color") == "karmel"
    }
    assert len(karmel) == 76
    colors = understand("trampki damskie karmelowe", facets=facets).updates["colors"]
    assert colors == ["karmel"]
    where = build_where({"colors": colors, "in_stock_only": False}, now_ts())
    assert set(store.get(where=where, include=[])["ids"]) == karmel


def test_russian_shop_colours_in_the_index(settings: SyncSettings, embedder: RecordingEmbedder):
    """Feed 13: every product with a <g:color> is filed under a colour."""
    report = run_sync(
        _real_feed("13_banyaline_rss_ru_byn_variants.xml"), settings, embeddings=embedder
    )
    assert report.status == "ok", report.reason
    store = CatalogueStore.open(settings.index_dir, None, settings.collection)
    metas = store.get(include=["metadatas"])["metadatas"]
    assert all(meta.get("colors") for meta in metas if meta.get("color"))
    by_color = {meta["color"]: meta["colors"] for meta in metas if meta.get("color")}
    assert by_color["beige"] == ["beige"]  # "Бежевый", canonical
    assert by_color["хаки"] == ["beige"] and by_color["графитовый"] == ["grey"]
    assert by_color["молочный"] == ["молочный"]  # the shop's own name
    filed = {c for meta in metas for c in meta.get("colors") or ()}
    assert {"beige", "brown", "black", "burgundy", "red", "grey"} <= filed
    own = {entry["name"] for entry in (store.read_facets() or {})["own_colors"]}
    assert own == {"молочный", "чёрныйметалл", "нежныйперсик", "сталь", "металл"}


def test_enrich_version_5_updates_an_older_index_metadata_only(resync_from_older_enrich) -> None:
    """The next sync after ENRICH_VERSION 5 refiles every record's colours; no vector is
    made again."""
    items = [
        {
            "id": f"P{i}",
            "title": f"Buty {i}",
            "description": "Buty skórzane.",
            "link": f"https://shop.example/p{i}",
            "image_link": f"https://shop.example/p{i}.jpg",
            "availability": "in stock",
            "price": "99.00 PLN",
            "brand": "Crafted",
            "condition": "new",
            "product_type": "Buty > Damskie",
            "color": color,
        }
        for i, color in enumerate(("Karmel", "Czarny", "Бежевый", "Cappuccino"))
    ]

    def before(meta, product):  # what ENRICH_VERSION 4 stored: table colours only
        return {**meta, "colors": [c for c in meta["colors"] or () if c in ("black",)] or None}

    old, store = resync_from_older_enrich(items, 4, before)
    assert "colors" not in old["P0"]
    got = store.get(include=["metadatas"])
    metas = dict(zip(got["ids"], got["metadatas"], strict=True))
    assert metas["P0"]["colors"] == ["karmel"] and metas["P2"]["colors"] == ["beige"]
    own = [entry["name"] for entry in (store.read_facets() or {})["own_colors"]]
    assert sorted(own) == ["cappuccino", "karmel"]


@pytest.mark.parametrize(
    "text, colour",
    [
        ("pasek do spodni brazowy", "brown"),  # "brązowy" typed on a phone
        ("buty zolte", "yellow"),  # "żółte": ł is no accent to NFKD
        ("bialy sweter", "white"),
        ("rozowe trampki", "pink"),
    ],
)
def test_a_colour_word_typed_without_its_accents_is_that_colour(text, colour):
    from graph.rules import understand

    assert understand(text).updates.get("colors") == [colour]


def test_an_amount_in_zloty_is_no_gold_and_a_short_folded_word_is_no_colour():
    from graph.rules import understand

    assert "colors" not in understand("buty do 300 zloty").updates
    # a spelled amount's currency too ("złotych" is gold's word declined)
    spelled = understand("jakaś torebka do trzystu pięćdziesięciu złotych", language="pl")
    assert "colors" not in spelled.updates and spelled.updates["max_price"] == 350
    assert understand("złota torebka do 300 zł", language="pl").updates["colors"] == ["gold"]
    assert "colors" not in understand("rose bush").updates


@pytest.mark.parametrize(
    ("text", "own", "colour"),
    [
        # the shopper's word for a shade, the shop's own name for it in its language
        ("балетки lancioni карамельные", ("karmel", "koniak"), "karmel"),
        ("lo tienes en verde caqui", ("хаки", "графит"), "хаки"),
        ("portemonnaie in cappuccino", ("karmel", "cappuccino"), "cappuccino"),
        # a feed that glued a shade to its colour name
        ("un pareo color pesca", ("нежныйперсик", "хаки"), "нежныйперсик"),
    ],
)
def test_a_shade_named_in_another_language_reads_as_the_shop_s_own_name(
    text: str, own: tuple[str, ...], colour: str
) -> None:
    assert read_colours(text, own) == [colour]


def test_a_shade_the_shop_does_not_file_reads_as_nothing() -> None:
    assert read_colours("a caramel bag", ("хаки",)) == []
    assert read_colours("a black bag", ("karmel",)) == []


@pytest.mark.parametrize(
    ("text", "colour"),
    [
        ("dann die olivgrünen in 43", "olive"),
        ("eine olivgrüne jacke", "olive"),
        ("den petrolblauen pullover", "teal"),
        ("die weinroten schuhe", "burgundy"),
        ("ein waldgrünes kleid", "forest green"),
        ("salbeigrünen kissen", "sage"),
    ],
)
def test_german_compound_shades_take_every_adjective_ending(text: str, colour: str) -> None:
    assert color_tokens(text) == [colour]


def test_olives_are_no_olive_colour() -> None:
    assert color_tokens("oliven aus griechenland") == []


@pytest.mark.parametrize(
    ("text", "colours"),
    [
        ("je cherche un huilier pour l'huile d'olive et le vinaigre", None),
        ("un flacon pour de l'huile d'olive", None),
        ("un pull vert olive", ["olive"]),
        ("une veste olive", ["olive"]),
        ("robe de soirée rouge", ["red"]),
        ("una camiseta de color rojo", ["red"]),
    ],
)
def test_a_colour_noun_completing_another_after_of_colours_nothing(text, colours):
    """ "l'huile d'olive": olive oil, no olive filter (graph.catalogue_colours.genitive_colours)."""
    assert understand(text).updates.get("colors") == colours
