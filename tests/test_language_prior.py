"""The language of a first message too short to tell (issue 11: "short messages").

The shop's language is the prior, unless none of the message's words is in the shop's
titles: then its letters say which language it is, else the lexicon's English words.
"""

from __future__ import annotations

import pytest

from graph.lexical import LexicalIndex
from graph.understand_node import _not_the_shops

POLISH_SHOP = [
    (f"p{i}", title, "Handbags, Wallets & Cases")  # an English category, as Google's are
    for i, title in enumerate(
        ["Torebka Leather Country", "Skórzane kozaki Lestrosa", "Torebka bagietka", "Pasek"]
    )
]
ENGLISH_SHOP = [
    (f"e{i}", title, "")
    for i, title in enumerate(["IronLoop Vibrating Massage Roller", "Foam Roller", "Yoga Mat"])
]


@pytest.fixture(scope="module")
def polish() -> LexicalIndex:
    return LexicalIndex.build(POLISH_SHOP, "pl", detect=False)


@pytest.fixture(scope="module")
def english() -> LexicalIndex:
    return LexicalIndex.build(ENGLISH_SHOP, "en", detect=False)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("a lilac handbag", "en"),  # English words, though the category says "Handbags"
        ("kozaki 39", ""),  # the shop's word: its language
        ("torebki", ""),  # a form of the shop's word
        ("handbag", "en"),
    ],
)
def test_a_polish_shop(polish: LexicalIndex, text: str, language: str) -> None:
    assert _not_the_shops(text, polish) == language


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("masažinis volas", "lt"),  # "ž", "š": Lithuanian or Croatian; py3langid picks
        ("foam roller", ""),
        ("yoga mats", ""),
    ],
)
def test_an_english_shop(english: LexicalIndex, text: str, language: str) -> None:
    assert _not_the_shops(text, english) == language
