"""A question no word of which the product's text holds is answered by the sentence closest
in meaning, across languages (graph.answers.passage_by_meaning, issue 11 item 6).

"le kit Zenfold, il y a plusieurs niveaux de résistance ?" of a text saying "Five resistance
levels"; "la webcam …, elle a un cache pour l'objectif ?" of "Privacy shutter". The product's
name is no sentence to quote nor a word asked; a sentence about something else is not
quoted (the answer then says the text does not mention it, as before).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from graph.answers import MIN_MEANING, passage_by_meaning
from graph.bridge import sentence_similarities

WEBCAM = (
    "Arcwave Halo 4K Streaming Webcam\n"
    "Made for video calls, this webcam keeps things simple and does it well. "
    "Auto light correction. Privacy shutter. Clip mount."
)
BANDS = (
    "Zenfold Ridge Resistance Band Set\n"
    "Made for physio and rehab. Five resistance levels. Door anchor & handles included."
)
DAYPACK = (
    "Aquaterra 30L Hiking Daypack\n"
    "Meet the 30L Hiking Daypack from Aquaterra, designed for bike commutes. "
    "Hydration sleeve. Rain cover included."
)
TEE = (
    "Opispot Camiseta Unisex | Net Yaroze Retro Console Camiseta - Color Negro - Talla XL\n"
    "Net Yaroze Retro Console Camiseta - Color Negro - Talla XL. "
    "Lanzada en 1997, esta mítica PlayStation negra fue el Santo Grial de los programadores."
)


def _title(details: str) -> str:
    return details.split("\n", 1)[0]


@pytest.mark.parametrize(
    ("details", "question", "expected"),
    [
        (WEBCAM, "webcam arcwave halo 4k elle cache l'objectif", "Privacy shutter"),
        (BANDS, "le kit zenfold plusieurs niveaux résistance", "Five resistance levels"),
        (DAYPACK, "ten 30-litrowy ma pokrowiec przeciwdeszczowy", "Rain cover included"),
    ],
)
def test_the_sentence_closest_in_meaning_answers(details, question, expected):
    found = passage_by_meaning(details, question, _title(details), sentence_similarities)
    assert [s.rstrip(".") for s in found] == [expected]


def test_nothing_close_is_no_answer():
    # a question the text says nothing of: no sentence is near enough to be quoted
    question = "est-ce qu'elle résiste à l'eau de mer"
    assert passage_by_meaning(WEBCAM, question, _title(WEBCAM), sentence_similarities) == []


class _Recording:
    """A similarity seam that records what it compared and scores as told."""

    def __init__(self, score: float) -> None:
        self.score = score
        self.asked: list[tuple[str, list[str]]] = []

    def __call__(self, question: str, sentences: Sequence[str]) -> list[float]:
        self.asked.append((question, list(sentences)))
        return [self.score] * len(sentences)


def test_the_name_is_neither_quoted_nor_asked():
    seam = _Recording(0.9)
    passage_by_meaning(TEE, "de qué año es la consola net yaroze", _title(TEE), seam)
    ((question, sentences),) = seam.asked
    assert "yaroze" not in question.lower() and "año" in question
    # the title line repeated in the text, sizes and all, is no sentence to quote
    assert all("Lanzada" in s for s in sentences)


def test_below_the_threshold_nothing_is_quoted():
    below = _Recording(MIN_MEANING - 0.01)
    assert passage_by_meaning(BANDS, "plusieurs niveaux", _title(BANDS), below) == []
    at = _Recording(MIN_MEANING)
    assert passage_by_meaning(BANDS, "plusieurs niveaux", _title(BANDS), at) != []
