"""A card pointed at by what it is, not by its title (issue 11, item 7: references).

"metti nel carrello quella da 17 euro" (its price), "quella in camoscio" (its material),
"the pink one" on cards titled in French "… rose" (its own text, through the lexicon).
"""

from __future__ import annotations

from typing import Any

import pytest

from graph.described_references import described_card
from graph.lexical import LexicalIndex
from graph.rules import understand
from graph.vocabulary import ASK_FILLER

RECORDS = [
    ("b1", "Bracelet soie et perle femme", "Bracelet en soie, perles d'eau douce. Couleur écrue."),
    ("b2", "Bracelet soie et perle enfant bleu", "Bracelet enfant en soie bleue et perles."),
    ("b3", "Bracelet soie et perle enfant rose", "Bracelet enfant en soie rose et perles."),
    ("c1", "Collier pompon doux", "Un collier et son pendentif pompon."),
]


def card(pid: str, price: float, material: str = "") -> dict[str, Any]:
    title = next(t for p, t, _ in RECORDS if p == pid)
    return {
        "id": pid,
        "group_id": pid,
        "title": title,
        "effective_price": price,
        "material": material,
    }


SHOWN = [card("b1", 25.0, "silk"), card("b2", 20.0, "silk"), card("b3", 17.0, "leather")]


@pytest.fixture(scope="module")
def lexical() -> LexicalIndex:
    return LexicalIndex.build(RECORDS, "fr", detect=False)


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("metti nel carrello quella da 17 euro", "it", (2, "price")),
        ("the 25 € one", "en", (0, "price")),
        ("quanto costa quella in pelle?", "it", (2, "material")),
        ("the pink one please, add it to my cart", "en", (2, "text")),  # "rose" in its text
        ("celle pour enfant en bleu, elle coûte combien ?", "fr", (1, "text")),
    ],
)
def test_a_card_described_by_what_it_is(
    lexical: LexicalIndex, text: str, language: str, expected: tuple[int, str]
) -> None:
    material = str(understand(text, language=language).updates.get("material") or "")
    assert described_card(text, language, SHOWN, lexical, material, ASK_FILLER) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the 30 € one",  # no card sells at it
        "the silk one",  # two cards are silk: which is not said
        "un bracelet en perles",  # every card's text holds it
    ],
)
def test_nothing_or_several_described_is_no_reference(lexical: LexicalIndex, text: str) -> None:
    material = str(understand(text).updates.get("material") or "")
    assert described_card(text, "en", SHOWN, lexical, material, ASK_FILLER) is None


def test_one_card_shown_is_no_list_to_pick_from(lexical: LexicalIndex) -> None:
    assert described_card("the 25 € one", "en", SHOWN[:1], lexical, "", ASK_FILLER) is None


def test_the_amount_that_named_the_card_is_no_budget(
    lexical: LexicalIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph import turn_readings
    from graph.context import Context

    monkeypatch.setattr(turn_readings, "lexical_index", lambda ctx: lexical)
    text = "metti nel carrello quella da 17 euro"
    reading = understand(text, shown=SHOWN, language="it")
    assert reading.intent == "purchase" and reading.updates.get("max_price") == 17
    turn_readings._described(Context(), text, reading, SHOWN)
    assert reading.reference == 2 and "max_price" not in reading.updates


def test_a_card_described_in_another_language_by_meaning(lexical: LexicalIndex) -> None:
    """Words no lexicon holds ("notte stellata" of titles saying "STARRY NIGHT") meet the
    titles through the multilingual model: the clearly nearest card is the one meant."""
    near = {"quello della notte stellata": [0.09, 0.25, 0.10]}
    meaning = near.__getitem__
    found = described_card(
        "quello della notte stellata", "it", SHOWN, lexical, "", ASK_FILLER, meaning
    )
    assert found == (1, "meaning")
    close = {"quello della notte stellata": [0.21, 0.25, 0.10]}.__getitem__  # not clearly
    assert (
        described_card("quello della notte stellata", "it", SHOWN, lexical, "", (), close) is None
    )


def test_a_question_naming_a_shown_kind_in_another_language_asks_about_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "а кружка сколько стоит?" over a t-shirt and a mug titled in Spanish: the lexicon's
    "кружка" is "taza", which one card's text holds; a question about that card."""
    from graph import turn_readings
    from graph.context import Context

    records = [
        ("t1", "Camiseta Perezoso", "Camiseta de algodón."),
        ("m1", "Taza Perezoso", "Taza de cerámica, 11oz."),
    ]
    spanish = LexicalIndex.build(records, "es", detect=False)
    monkeypatch.setattr(turn_readings, "lexical_index", lambda ctx: spanish)
    shown = [
        {"id": "t1", "group_id": "t1", "title": "Camiseta Perezoso", "effective_price": 22.0},
        {"id": "m1", "group_id": "m1", "title": "Taza Perezoso", "effective_price": 15.95},
    ]
    text = "а кружка сколько стоит?"
    reading = understand(text, shown=shown, language="ru")
    turn_readings._described(Context(), text, reading, shown)
    assert reading.intent == "product_question" and reading.reference == 1


def test_a_bare_number_is_no_price(lexical: LexicalIndex) -> None:
    """ "add 2 to my cart" where a card sells at 2 €: a quantity, not that card."""
    cheap = [{**SHOWN[0], "effective_price": 2.0}, *SHOWN[1:]]
    assert described_card("add 2 to my cart", "en", cheap, lexical, "", ASK_FILLER) is None
    assert described_card("the 2 € one", "en", cheap, lexical, "", ASK_FILLER) == (0, "price")


def test_a_question_over_the_list_picks_the_cards_whose_text_says_it(lexical) -> None:
    """ "which of them are for kids?" over the silk bracelets: the two whose text says
    "enfant"; words every card holds, or none does, pick nothing."""
    from graph.described_references import cards_holding

    assert cards_holding("lesquels sont pour enfant ?", SHOWN, lexical, ASK_FILLER) == [1, 2]
    assert cards_holding("lesquels ont des perles ?", SHOWN, lexical, ASK_FILLER) == []
    assert cards_holding("which one is the cheapest?", SHOWN, lexical, ASK_FILLER) == []
