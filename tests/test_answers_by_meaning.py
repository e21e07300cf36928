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

from graph.answers import MIN_MEANING, closest_clause, passage_by_meaning
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


class _ClauseOnly(_Recording):
    """Scores only a text that is one clause of a sentence (no whole sentence) as told."""

    def __call__(self, question: str, sentences: Sequence[str]) -> list[float]:
        self.asked.append((question, list(sentences)))
        return [self.score if not s.endswith(".") else 0.0 for s in sentences]


def test_the_name_is_neither_quoted_nor_asked():
    seam = _Recording(0.9)
    passage_by_meaning(TEE, "de qué año es la consola net yaroze", _title(TEE), seam)
    ((question, sentences),) = seam.asked  # a sentence near enough: no clause compared
    assert "yaroze" not in question.lower() and "año" in question
    # the title line repeated in the text, sizes and all, is no sentence to quote
    assert all("Lanzada" in s for s in sentences)
    clauses = _ClauseOnly(0.9)
    passage_by_meaning(TEE, "de qué año es la consola net yaroze", _title(TEE), clauses)
    (_, _), (clause_question, texts) = clauses.asked  # no sentence near: the clauses
    assert clause_question == question and all("Talla" not in t for t in texts)


def test_below_the_threshold_nothing_is_quoted():
    below = _Recording(MIN_MEANING - 0.01)
    assert passage_by_meaning(BANDS, "plusieurs niveaux", _title(BANDS), below) == []
    at = _Recording(MIN_MEANING)
    assert passage_by_meaning(BANDS, "plusieurs niveaux", _title(BANDS), at) != []


SHOES = [
    {
        "id": "379",
        "title": "Zamszowe baleriny Lancioni — brązowe",
        "details": "Zamszowe baleriny Lancioni — brązowe\n"
        "Z tłoczeniem krokodyla, kwadratowy nosek.",
    },
    {
        "id": "408",
        "title": "Wysokie trampki Lancioni — brązowe",
        "details": "Wysokie trampki Lancioni — brązowe\nSznurowane, gumowa podeszwa.",
    },
    {
        "id": "403",
        "title": "Skórzane mokasyny Spaziomoda — czarne",
        "details": "Skórzane mokasyny Spaziomoda — czarne\nGładka skóra, ozdobny chwost.",
    },
]


def _shoe_index():
    from graph.lexical import LexicalIndex

    return LexicalIndex.build(
        [(s["id"], s["title"], s["details"]) for s in SHOES], "pl", detect=False
    )


def test_a_question_over_the_list_picks_the_card_its_meaning_is_in():
    """ "quali hanno la punta quadrata?" of shoes described in Polish: no word is shared,
    one card's sentence means it (graph.described_references.cards_by_meaning)."""
    from graph.described_references import cards_by_meaning
    from graph.vocabulary import ASK_FILLER

    lexical = _shoe_index()
    asked = ["hanno", "punta", "quadrata"]
    assert cards_by_meaning(asked, SHOES, lexical, "it", ASK_FILLER, sentence_similarities) == [0]
    # one word is too little; a language the model does not read guesses nothing
    assert (
        cards_by_meaning(["quadrata"], SHOES, lexical, "it", ASK_FILLER, sentence_similarities)
        == []
    )
    assert cards_by_meaning(asked, SHOES, lexical, "lt", ASK_FILLER, sentence_similarities) == []


def test_a_word_a_card_holds_leaves_the_pick_to_the_words():
    """ "krokodyla" is in a card's own text: the words decide (or nothing does), not the model."""
    from graph.described_references import cards_by_meaning
    from graph.vocabulary import ASK_FILLER

    asked = ["wzór", "krokodyla", "skóra"]
    assert (
        cards_by_meaning(asked, SHOES, _shoe_index(), "pl", ASK_FILLER, sentence_similarities) == []
    )


BOOTS = [
    {
        "id": "397",
        "title": "Skórzane botki Lestrosa Wiola — czarne",
        "details": "Skórzane botki Lestrosa Wiola — czarne\n"
        "Skórzane botki w czerni, ziarnista skóra. Odpinany pasek, ostry szpic, słupek 7 cm.",
    },
    {
        "id": "420",
        "title": "Zamszowe botki Lancioni — brązowe",
        "details": "Zamszowe botki Lancioni — brązowe\n"
        "Zamszowe botki w ciemnym brązie. Marszczona cholewka, ostry szpic, słupek 3 cm.",
    },
    {
        "id": "398",
        "title": "Zamszowe botki Lestrosa Ambra — brązowe",
        "details": "Zamszowe botki Lestrosa Ambra — brązowe\n"
        "Zamszowe botki w brązie, zaokrąglony nosek. Wysoka cholewka, wygięty słupek 7 cm.",
    },
]


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("Welche davon haben wirklich eine runde Spitze?", "de"),
        ("which of those actually have a rounded toe?", "en"),
        ("lesquelles ont vraiment le bout arrondi ?", "fr"),
    ],
)
def test_a_feature_among_several_in_one_sentence_is_met_clause_by_clause(asked, language):
    """The round toe is one clause of a sentence listing three features: the whole sentence
    is too far from "runde Spitze" (0.14), the clause alone is near (0.72); the words that
    point at the list ("welche", "davon") ask nothing and are left out."""
    from graph.common_words import function_words
    from graph.described_references import cards_by_meaning
    from graph.lexical import LexicalIndex
    from graph.references import reference_words
    from graph.vocabulary import ASK_FILLER, WORD_RE

    lexical = LexicalIndex.build([(b["id"], b["title"], b["details"]) for b in BOOTS], "pl")
    words = WORD_RE.findall(asked.lower())
    # as the product node's filler (graph.product_nodes._filler)
    filler = [*ASK_FILLER, *function_words(words, language), *reference_words(language)]
    picked = cards_by_meaning(words, BOOTS, lexical, language, filler, sentence_similarities)
    assert [BOOTS[i]["id"] for i in picked] == ["398"]


def test_clauses_are_compared_one_by_one_and_the_name_is_none():
    from graph.answers import closest_clause

    seam = _Recording(0.6)
    details = BOOTS[2]["details"]
    _, score = closest_clause(details, "runde Spitze", BOOTS[2]["title"], seam)
    assert score == pytest.approx(0.6)
    ((question, texts),) = seam.asked
    assert question == "runde Spitze"
    assert "zaokrąglony nosek" in texts and "Wysoka cholewka" in texts
    assert "Zamszowe botki w brązie, zaokrąglony nosek." in texts  # the whole sentence too
    assert BOOTS[2]["title"] not in texts  # the title line is no feature


SLEEVE = (
    'Opispot | Funda para Portátil "La Luna Digital" - Talla 15″\n'
    "Detalles: Protege tu equipo con estilo y llévate el espacio a todas partes. "
    "Esta funda para portátil cuenta con el diseño exclusivo de 'La Luna Digital', perfecta "
    "para destacar mientras cuidas tu ordenador de golpes y arañazos diarios."
)


BOOTS_TEXT = (
    "Cobble & Co. Lace-Up Work Boots\n"
    "Meet the Lace-Up Work Boots from Cobble & Co., designed for winter commutes. "
    "Vibram rubber outsole. Rated to -25°C."
)


@pytest.mark.parametrize(
    "question",
    [
        "czy on chroni przed uderzeniami i zarysowaniami",
        "elle protège vraiment des chocs ou c'est juste pour faire joli",
        "does it protect against knocks and scratches",
    ],
)
def test_a_feature_said_in_one_clause_of_a_long_sentence_answers(question):
    """No whole sentence is near enough (the one saying it is long and about the design):
    the clause saying it is, and its whole sentence is quoted."""
    assert passage_by_meaning(
        BOOTS_TEXT, "bis wie viel Grad Kälte", "Boots", sentence_similarities
    ) == ["Rated to -25°C."]  # a whole sentence near enough comes first
    found = passage_by_meaning(SLEEVE, question, _title(SLEEVE), sentence_similarities)
    assert len(found) == 1 and "golpes y arañazos" in found[0]
    assert found[0].startswith("Esta funda")


def test_a_clause_answers_only_when_near_enough_and_long_enough():
    from graph.answers import MIN_CLAUSE_ANSWER

    below = _ClauseOnly(MIN_CLAUSE_ANSWER - 0.01)
    assert passage_by_meaning(SLEEVE, "chocs et rayures", _title(SLEEVE), below) == []
    at = _ClauseOnly(MIN_CLAUSE_ANSWER)
    assert passage_by_meaning(SLEEVE, "chocs et rayures", _title(SLEEVE), at) != []
    # the clauses compared have three words or more ("Talla 15″" and the like are none)
    assert all(len(s.split()) >= 3 for s in at.asked[-1][1])


EARBUDS = [
    {
        "id": "AIS-000470",
        "title": "Pixelforge True Wireless Earbuds Pro",
        "details": "Pixelforge True Wireless Earbuds Pro\nBrand: Pixelforge\n"
        "Crisp sound, deep bass. Backed by a two-year warranty.",
    },
    {
        "id": "AIS-000354",
        "title": "Voltix Flux True Wireless Earbuds Pro",
        "details": "Voltix Flux True Wireless Earbuds Pro\nBrand: Voltix\n"
        "Made for workouts, this pair of headphones keeps things simple and does it well.",
    },
]


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("lequel des deux est conçu pour les séances de sport ?", "fr"),
        ("welcher von beiden ist fürs Training gemacht?", "de"),
    ],
)
def test_one_clause_far_nearer_than_every_other_cards_picks_it(asked, language):
    """Below the clause threshold, one card's clause that stands far above the other's
    ("Made for workouts" against "Backed by a two-year warranty") still picks it."""
    from graph.common_words import function_words
    from graph.described_references import (
        MIN_CLAUSE_MEANING,
        STANDOUT_MARGIN,
        cards_by_meaning,
    )
    from graph.lexical import LexicalIndex
    from graph.references import reference_words
    from graph.vocabulary import ASK_FILLER, WORD_RE

    lexical = LexicalIndex.build([(e["id"], e["title"], e["details"]) for e in EARBUDS], "en")
    words = WORD_RE.findall(asked.lower())
    filler = [*ASK_FILLER, *function_words(words, language), *reference_words(language)]
    picked = cards_by_meaning(words, EARBUDS, lexical, language, filler, sentence_similarities)
    assert [EARBUDS[i]["id"] for i in picked] == ["AIS-000354"]
    feature = " ".join(w for w in words if w not in set(filler))
    scores = [closest_clause(e["details"], feature, e["title"], sentence_similarities)[1]
              for e in EARBUDS]  # fmt: skip
    assert max(scores) < MIN_CLAUSE_MEANING  # picked for standing out, not for the threshold
    assert scores[1] - scores[0] >= STANDOUT_MARGIN
