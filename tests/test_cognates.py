"""A word in the other script finds the shop's word of the same root (graph/cognates.py)."""

from __future__ import annotations

import pytest

from graph.cognates import cognates, skeleton
from graph.lexical import LexicalIndex

POLISH = [
    ("p1", "Skórzane kozaki Lestrosa na platformie", "Wysokie kozaki na traktorowej podeszwie."),
    ("p2", "Zamszowe mokasyny Lancioni", "Miękki zamsz, skórzana wkładka."),
    ("p3", "Poduszka dekoracyjna", "Poduszka z haftem."),
]
LITHUANIAN = [
    ("l1", "Maisto termometras su zondu", "Termometras mėsai, nuo -50 iki 300 °C."),
    ("l2", "Silikoninis šepetėlis", "Atsparus aukštai temperatūrai."),
]
RUSSIAN = [
    ("r1", "Проливной матрас, Хаки, 70×200 см", "Можно мочить водой."),
    ("r2", "Матрас, Хаки, 60×200 см", "Наполнитель: лён."),
]


def _index(rows, language):
    return LexicalIndex.build(rows, language, detect=False)


def test_both_scripts_read_in_the_same_letters():
    assert skeleton("тракторной") == "traktornoi"
    assert skeleton("poduszka") == skeleton("подушка") == "poduska"
    assert skeleton("prolivnoj") == skeleton("проливной") == "prolivnoi"


@pytest.mark.parametrize(
    ("text", "rows", "language", "expected"),
    [
        # a Russian shopper in a Polish shop: the root, other endings
        ("какие из них на тракторной подошве?", POLISH, "pl", ["traktorowej"]),
        ("высокие сапоги на платформе", POLISH, "pl", ["wysokie", "platformie"]),
        ("мокасины", POLISH, "pl", ["mokasyny"]),
        ("подушка", POLISH, "pl", ["poduszka"]),
        # ... in a Lithuanian one
        ("термометр для мяса", LITHUANIAN, "lt", ["termometras"]),
        # a Latin spelling of the Russian shop's word
        ("un amico mi ha detto 'prolivnoj'", RUSSIAN, "ru", ["проливнои"]),  # folded
    ],
)
def test_a_word_in_the_other_script_finds_the_shop_word_of_its_root(text, rows, language, expected):
    assert cognates(text, _index(rows, language)) == expected


@pytest.mark.parametrize(
    ("text", "rows", "language"),
    [
        ("сумка кожаная", POLISH, "pl"),  # no shared root: "torebka"
        ("сапоги", POLISH, "pl"),  # too short a root to tell
        ("Saunabank", [("s1", "Сауна-бочка", "Сауна")], "ru"),  # a compound's first part
        ("platformie", POLISH, "pl"),  # the shop's own script: the lexicon's and spelling's
        ("матрас", RUSSIAN, "ru"),
        ("temperature gauge", LITHUANIAN, "lt"),  # Latin in a Latin shop: not read here
    ],
)
def test_nothing_is_found_without_a_shared_root_or_across_no_script(text, rows, language):
    assert cognates(text, _index(rows, language)) == []
