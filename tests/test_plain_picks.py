"""The plain one of products alike (issue 11: references).

"тогда обычную, в корзину её" after "Простынь" and "Простыня на резинке" were compared,
"the regular one" of a Henley and a Henley Pro: the product whose title's words every other
title holds too (graph.plain_picks).
"""

from __future__ import annotations

import pytest

from graph import rules
from graph.plain_picks import plain_one, says_plain

SHEETS = [
    {"id": "rubber", "title": "Простыня на резинке, 70/200", "color": ""},
    {"id": "sheet", "title": "Простынь", "color": ""},
]
MATTRESSES = [
    {"id": "m2", "title": "Матрас «Второе дыхание», Хаки, 60×200 см", "color": "Хаки"},
    {"id": "m1", "title": "Матрас, Черный, 60×200 см", "color": "Черный"},
    {"id": "p1", "title": "Проливной матрас, Хаки, 70×200 см", "color": "Хаки"},
]
HENLEYS = [
    {"id": "pro", "title": "Nordlys Henley Pro Merino", "color": "navy"},
    {"id": "plain", "title": "Nordlys Henley", "color": "rust"},
]


@pytest.mark.parametrize(
    ("pool", "language", "plain"),
    [
        (SHEETS, "ru", "sheet"),
        # the cards' colours and sizes differ: they are no extras
        (MATTRESSES, "ru", "m1"),
        (HENLEYS, "en", "plain"),
    ],
)
def test_the_plain_one_has_none_of_the_others_extras(pool, language, plain):
    at = plain_one(pool, language)
    assert at is not None and pool[at]["id"] == plain


def test_two_as_plain_or_one_alone_is_no_pick():
    twins = [{"id": "a", "title": "Nordlys Henley"}, {"id": "b", "title": "Nordlys Henley"}]
    assert plain_one(twins, "en") is None
    unrelated = [{"id": "a", "title": "Copper Kettle"}, {"id": "b", "title": "Linen Towel"}]
    assert plain_one(unrelated, "en") is None
    assert plain_one(SHEETS[:1], "ru") is None


@pytest.mark.parametrize(
    ("text", "language", "says"),
    [
        ("тогда обычную, в корзину её", "ru", True),
        ("the regular one in my cart please", "en", True),
        ("la normal, al carrito", "es", True),
        ("biorę zwykły, do koszyka", "pl", True),
        ("die normale bitte in den Warenkorb", "de", True),
        # "просто" (just), "normalmente" (usually), "zwykle" (usually) ask for no plain one
        ("просто положите её в корзину", "ru", False),
        ("normalmente uso la L, al carrito", "es", False),
        ("zwykle noszę M, dodaj do koszyka", "pl", False),
    ],
)
def test_the_plain_words_of_each_language(text, language, says):
    assert says_plain(text, language) is says


def test_a_cart_addition_asking_the_plain_one_takes_it(monkeypatch):
    """The graph's reading: the plain sheet is the focus of "тогда обычную, в корзину её"."""
    from types import SimpleNamespace

    from graph import turn_readings

    text = "тогда обычную, в корзину её"
    understood = rules.understand(text, shown=SHEETS, language="ru")
    assert understood.intent == "purchase" and not understood.references
    # no catalogue index: the cards' own titles decide, stemmed in the message's language
    monkeypatch.setattr(turn_readings, "lexical_index", lambda ctx: None)
    card = turn_readings._plain({"shown": SHEETS}, SimpleNamespace(), text, understood, SHEETS)
    assert card is not None and card["id"] == "sheet" and understood.reference == 1
