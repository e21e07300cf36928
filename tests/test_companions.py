"""A product of another kind that goes with the one in view (issue 11: references).

"und die passende Bettdecke dazu bitte auch" after a sheet set is added, "are there earrings
that match? if so add those too" after a pendant, "a jest do tego pasujący lambrekin?":
the piece of the kind asked whose title shares the focus's own (collection) words, the
brand's aside, in whatever language the shopper names the kind.
"""

from __future__ import annotations

import numpy as np
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.card_references import focus_of
from graph.companions import asks_companion, companion
from graph.context import Context
from graph.kinds import titles_of_kinds
from graph.lexical import LexicalIndex
from graph.resources import get_view
from graph.translate import kinds_named

BEDDING = [
    ("s1", "Croscill Galleria Red Sheet Set", "Croscill"),
    ("c1", "Croscill Galleria Red Comforter Set", "Croscill"),
    ("c2", "Croscill Galleria Blue Comforter Set", "Croscill"),
    ("c3", "Croscill Monroe Blue Comforter Set", "Croscill"),
    ("s2", "Veratex Pink Skulls Sheet Set", "Veratex"),
    ("c4", "Veratex Pink Skulls Comforter Set", "Veratex"),
    ("c5", "Veratex Winged Skulls Comforter Set", "Veratex"),
    ("s3", "Croscill Iris Sheet Set", "Croscill"),
    ("v1", "Croscill Iris Swag Valance", "Croscill"),
    ("v2", "Croscill Monroe Valance", "Croscill"),
    ("d1", "Wooded River Cabin Bear Drape", "Wooded River"),
    ("v3", "Wooded River Cabin Bear Valance", "Wooded River"),
    ("v4", "Wooded River Elk Valance", "Wooded River"),
    ("d2", "Thomasville Tuscan Duvet Cover", "Thomasville"),
    ("d3", "Thomasville Cayman Duvet Cover", "Thomasville"),
    ("s4", "Thomasville Orchard Sheet Set", "Thomasville"),
    ("m1", "Croscill Ashland M-Arc Valance Bronze", "Croscill"),
    ("m2", "Croscill Ashland Tailored Panel Bronze", "Croscill"),
    ("m3", "Croscill Everly Silver Boudoir Pillow", "Croscill"),
    ("m4", "Croscill Everly Silver Euro Sham", "Croscill"),
    ("m5", "Croscill Paloma Euro Sham", "Croscill"),
] + [(f"p{n}", f"Rose Tree Square Pillow {n}", "Rose Tree") for n in range(12)]
JEWELLERY = [
    ("325", "Pendentif en bois teinté étoiles", ""),
    ("249", "Boucles d'oreilles en bois teinté étoile", ""),
    ("250", "Boucles d'oreilles perles de verre", ""),
    ("251", "Boucles d'oreilles étoile argent", ""),
    ("330", "Collier bonne étoile", ""),
] + [(f"b{n}", f"Bracelet tissé {n}", "") for n in range(12)]


def _index(rows, language):
    return LexicalIndex.build([(p, t, "") for p, t, _ in rows], language, detect=False)


@pytest.fixture(scope="module")
def bedding() -> LexicalIndex:
    return _index(BEDDING, "en")


@pytest.fixture(scope="module")
def jewellery() -> LexicalIndex:
    return _index(JEWELLERY, "fr")


def _card(rows, pid):
    title, brand = next((t, b) for p, t, b in rows if p == pid)
    return {"id": pid, "group_id": pid, "title": title, "brand": brand}


def _own_groups(ids):
    return {i: i for i in ids}


def _companion_of(text, language, focus, lexical, rows):
    candidates = titles_of_kinds(kinds_named(text, language, departments=False), lexical)
    return companion(_card(rows, focus), candidates, lexical, _own_groups, text)


@pytest.mark.parametrize(
    ("text", "language", "focus", "expected"),
    [
        ("and the matching comforter set too", "en", "s1", "c1"),
        ("und die passende Bettdecke dazu bitte auch", "de", "s1", "c1"),
        ("y el edredón a juego también", "es", "s2", "c4"),
        ("y el edredon a juego tambien", "es", "s2", "c4"),  # typed without diacritics
        ("a jest do tego pasujący lambrekin na okno?", "pl", "s3", "v1"),
        ("а ламбрекен к ним сколько стоит?", "ru", "d1", "v3"),
        ("ir derantį lambrekeną?", "lt", "d1", "v3"),
        ("il copripiumino coordinato?", "it", "s4", None),  # no Orchard duvet cover
        ("la housse de couette assortie", "fr", "d3", None),  # its own kind: nothing else
        # the series said without its preposition ("tos pačios serijos", of the same series)
        ("ir dar tos pačios serijos Euro užvalkalą", "lt", "m3", "m4"),
        ("a poszewkę z tej samej serii?", "pl", "m3", "m4"),
        ("и наволочку той же серии", "ru", "m3", "m4"),
        # the shop's "Panel" is a curtain: "a curtain panel that matches" of a valance
        ("is there a curtain panel that matches? how much is that", "en", "m1", "m2"),
        # "with the same" motif or name: the piece of that kind in the collection
        ("¿y hay una funda de almohada con el mismo nombre?", "es", "m3", "m4"),
        ("и наволочку с таким же узором?", "ru", "m3", "m4"),
    ],
)
def test_the_piece_of_the_kind_asked_sharing_the_collections_words(
    bedding, text, language, focus, expected
):
    assert asks_companion(text, language)
    assert _companion_of(text, language, focus, bedding, BEDDING) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("are there earrings that match? if so add those too", "en"),
        ("et les boucles d'oreilles assorties ?", "fr"),
        ("und die passenden Ohrringe", "de"),
        ("pendientes a juego", "es"),
        ("pasujace kolczyki", "pl"),
        ("серьги к нему", "ru"),
    ],
)
def test_jewellery_of_one_collection_in_any_language(jewellery, text, language):
    # the stained wood stars: "étoile" alone is also the silver earrings' and a necklace's
    assert _companion_of(text, language, "325", jewellery, JEWELLERY) == "249"


def test_the_brand_alone_makes_no_collection(bedding):
    # a Thomasville sheet set and two Thomasville duvet covers: only the maker is shared
    assert _companion_of("the matching duvet cover", "en", "s4", bedding, BEDDING) is None


def test_two_pieces_sharing_as_much_are_not_guessed(bedding):
    # "Croscill Monroe Blue Comforter Set": the Monroe valance and … nothing else Monroe
    assert _companion_of("the matching valance", "en", "c3", bedding, BEDDING) == "v2"
    # "Galleria Blue": both other Galleria comforters share "galleria"; red shares more?
    # no: red and blue are the focus's colour, blue wins alone
    assert _companion_of("the matching comforter", "en", "c2", bedding, BEDDING) == "c1"
    tie = [
        ("a", "Solstice Sheet Set", ""),
        ("b", "Solstice Duvet Cover Queen", ""),
        ("c", "Solstice Duvet Cover King", ""),
    ] + [(f"x{n}", f"Plain Towel {n}", "") for n in range(12)]
    assert _companion_of("the matching duvet cover", "en", "a", _index(tie, "en"), tie) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("a red sheet set", "en"),
        ("add it to my cart", "en"),
        ("rote Bettwäsche, bitte", "de"),
        ("un edredón azul", "es"),
        ("покажи ламбрекены", "ru"),
    ],
)
def test_no_cue_no_companion(text, language):
    assert not asks_companion(text, language)


def test_the_focus_is_the_card_pointed_at_else_the_product_in_view_else_the_one_card():
    shown = [{"id": "a"}, {"id": "b"}]
    assert focus_of({"id": "f"}, [1], shown) == {"id": "b"}
    assert focus_of({"id": "f"}, [], shown) == {"id": "f"}
    assert focus_of(None, [], shown[:1]) == {"id": "a"}
    # several cards, none pointed at: no one product to match (the search answers)
    assert focus_of(None, [], shown) is None
    assert focus_of(None, [], []) is None


def test_the_kind_is_found_in_the_shops_words(bedding):
    kinds = kinds_named("und die passende Bettdecke", "de", departments=False)
    rows = titles_of_kinds(kinds, bedding)
    titles = {bedding.ids[r] for r in np.asarray(rows).tolist()}
    assert {"c1", "c2", "c3", "c4", "c5"} <= titles and "s1" not in titles


def test_the_demo_cart_adds_the_matching_piece(demo_catalogue):
    """The Willow sheet set, then "and the matching duvet cover too": the Willow duvet
    cover (another brand's, the one duvet cover sharing the collection's name)."""
    items, index = demo_catalogue
    sheet = next(i for i in items if i["title"] == "Copperpot Willow Percale Sheet Set")
    cover = next(i for i in items if i["title"] == "Casa Verde Willow Linen Duvet Cover")
    assert sheet["availability"] == cover["availability"] == "in stock"
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "companion"}}

    def say(text):
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)

    first = say("add the Copperpot Willow Percale Sheet Set to my cart")["cart"]
    assert [line["id"] for line in first] == [sheet["id"]]
    cart = say("and the matching duvet cover too")["cart"]
    assert [line["id"] for line in cart] == [sheet["id"], cover["id"]]
