"""Kinds of product a need names that the shop never names (issue 11, item 5: "not
carried" decided by evidence): the lexicon's words for the kind, in every language,
against the shop's titles and texts."""

from __future__ import annotations

import pytest

from graph.absent_kinds import absent_kinds
from graph.evidence import UNCALIBRATED, not_carried
from graph.lexical import LexicalIndex

SHOES_AND_BAGS = [
    (f"s{i}", title, f"Skórzane buty damskie. {extra}")
    for i, (title, extra) in enumerate(
        [
            ("Skórzane kozaki Lestrosa", "Wysoka cholewka."),
            ("Zamszowe botki Spaziomoda", "Słupek 7 cm."),
            ("Lakierowane czółenka Spaziomoda", "Na wesele."),
            ("Torebka Leather Country", "Skóra naturalna, złote okucia."),
            ("Torebka bagietka Leather Country", "Skóra naturalna."),
            ("Mokasyny Lancioni", "Wygodne buty na co dzień."),
        ]
    )
]
SAUNA = [
    (f"b{i}", title, "Всё для бани. Баня и сауна.")
    for i, title in enumerate(
        ["Полотенце для бани", "Запарник для веников", "Переноска для дров", "Ковш для бани"]
    )
]


@pytest.fixture(scope="module")
def shoes() -> LexicalIndex:
    return LexicalIndex.build(SHOES_AND_BAGS, "pl", detect=False)


@pytest.fixture(scope="module")
def sauna() -> LexicalIndex:
    return LexicalIndex.build(SAUNA, "ru", detect=False)


@pytest.mark.parametrize(
    ("need", "language", "absent"),
    [
        ("vous avez des gants en cuir ?", "fr", ["gants"]),  # the leather is sold
        ("klapki", "pl", ["klapki"]),
        ("buty", "pl", []),  # the titles say "kozaki", the texts "buty"
        ("torebka skórzana", "pl", []),
        ("sac à main", "fr", []),  # the kind in another language
        ("stivali in pelle", "it", []),  # "pelle" is leather too, no kind; boots are sold
        ("a phone case", "en", ["phone case"]),
        ("torebka i rękawiczki", "pl", []),  # one kind sold: say nothing of the other
        # a kind whose name holds the purpose word is one kind, not a collar for a dog
        ("¿tenéis collares para perro?", "es", ["collares para perro"]),
        ("macie kubki termiczne?", "pl", ["kubki termiczne"]),
        # a kind named by two words, one of them a kind sold ("batu": shoes)
        ("ar turit guminiu batu lietui?", "lt", ["guminiu batu"]),
        ("avete cover per il cellulare?", "it", ["cover per il cellulare"]),
    ],
)
def test_a_kind_of_shoes_and_bags_shop(
    shoes: LexicalIndex, need: str, language: str, absent: list[str]
) -> None:
    assert absent_kinds(need, shoes, language) == absent


@pytest.mark.parametrize(
    ("need", "language", "absent"),
    [
        ("¿tenéis chanclas para la sauna?", "es", ["chanclas"]),  # the shop's domain: no veto
        ("habt ihr einen Korb für Brennholz?", "de", []),  # for a kind sold: its other name
        ("bolster for the sauna bench", "en", []),  # Spanish "bols*" is no English word
        ("полотенце", "ru", []),
        # where a thing is used is no kind of it: the mitts are what is asked
        ("macie rękawice do sauny? takie filcowe", "pl", ["rekawice"]),
    ],
)
def test_a_kind_in_a_sauna_shop(
    sauna: LexicalIndex, need: str, language: str, absent: list[str]
) -> None:
    assert absent_kinds(need, sauna, language) == absent


def test_an_absent_kind_is_not_carried_whatever_the_scores() -> None:
    strong = {"best_title_coverage": 0.9, "best_lexical_share": 0.9, "best_semantic": 0.9}
    assert not not_carried(strong, UNCALIBRATED, "gants en cuir")
    assert not_carried({**strong, "absent_kinds": ["gants"]}, UNCALIBRATED, "gants en cuir")
    # a code is the lexical side's to match: never claimed
    assert not not_carried({**strong, "absent_kinds": ["case"]}, UNCALIBRATED, "case X200")
