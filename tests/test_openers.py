"""Words a message opens with that ask nothing: the request is what follows (graph/openers.py).

"tant pis, alors un gril électrique" after a "not carried" was read as chit-chat ("I'm here
to help you shop"): the shrug made the need a sentence the rules could not place.
"""

from __future__ import annotations

import pytest

from graph.message_text import search_text
from graph.openers import only_openers, without_openers


@pytest.mark.parametrize(
    ("text", "need"),
    [
        ("tant pis, alors un gril électrique", "gril électrique"),
        ("qué pena. pues una taza para la oficina", "taza para la oficina"),
        ("жаль. тогда длинные бусы", "длинные бусы"),
        ("szkoda. wobec tego torebka skórzana", "torebka skórzana"),
        ("peccato, allora una borsa di pelle", "borsa di pelle"),
        ("schade, dann eine Thermoskanne", "Thermoskanne"),
        ("gaila. tada termosas", "termosas"),
        ("oh well, then a rain jacket", "rain jacket"),
        # approval before the request
        ("perfect, a matching pillowcase", "matching pillowcase"),
        ("puiku, termosas", "termosas"),
        ("parfait, une housse assortie", "housse assortie"),
    ],
)
def test_a_shrug_before_the_next_need_is_no_part_of_it(text: str, need: str) -> None:
    assert search_text(text) == need


@pytest.mark.parametrize(
    "text",
    [
        "no pink please",  # a refusal is read, not dropped
        "non-slip yoga mat",  # a word that starts like one
        "pantalones de lino",
        "allegro speaker",
    ],
)
def test_words_that_refuse_or_only_look_like_openers_stay(text: str) -> None:
    assert without_openers(text) == text


def test_a_shrug_alone_asks_nothing() -> None:
    assert only_openers("tant pis, alors ")
    assert not only_openers("tant pis, un gril")


CARDS = [
    {"id": "a", "title": "Opispot Camiseta Unisex | Amor a todo color - Color Verde Vivo"},
    {"id": "b", "title": 'Opispot | Funda para Portátil "La Luna Digital" - Talla 15″'},
    {"id": "c", "title": "Opispot Camiseta Unisex | Necesito Café y Gatos para Sobrevivir"},
]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # an interjection that opens with a question word asks nothing ("qué pena")
        ("qué pena. pues una taza para la ofi que vaya de lo horribles que son los lunes", "es"),
        ("que pena, entonces una funda acolchada", "es"),
        ("what a shame. a mug for the office then", "en"),
    ],
)
def test_a_shrug_with_a_question_word_asks_nothing(text, language) -> None:
    from graph.rules import understand

    reading = understand(text, shown=CARDS, previous={"query": "calendario"}, language=language)
    assert reading.intent in ("recommend", "refine"), reading.intent
    assert not (reading.question or reading.asks)  # the graph's later readings see a need


@pytest.mark.parametrize(
    "text", ["cool how much is that one", "awesome, how much is it?", "alright what does it cost"]
)
def test_an_approval_before_a_price_question_leaves_it_a_question(text) -> None:
    """ "cool how much is that one" asks the price of the product in view (it was "other")."""
    from graph.rules import understand

    reading = understand(text, shown=CARDS, previous={"query": "camiseta"}, language="en")
    assert reading.intent == "product_question" and reading.question, reading
