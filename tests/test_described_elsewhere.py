"""A question describing a product no card on screen is (issue 11, items 6 and 7).

"quanto costa quella con le rane?" after one dress asks about the jacket with frogs;
"¿y cuánto cuesta el de «Второе дыхание»?" after one kit asks about the other kit. A
pointer at a product by what it has ("the one with", "quella con", "la de") or a name in
quotes, then words that only one product of the cards' department holds in its title.
A pronoun ("elle a une capuche ?") still asks about the card in view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from graph.described_references import described_elsewhere, telling_terms
from graph.lexical import LexicalIndex
from graph.vocabulary import ASK_FILLER

# id, title, description, category path, group, colour
CATALOGUE = [
    ("d1", "Robe danseurs de renoir", "Robe longue.", "Vêtements > Robes", "d1", "blue"),
    ("v1", "Veste grenouilles", "Veste brodée.", "Vêtements > Vestes", "v1", "green"),
    ("v2", "Veste à capuche", "Veste chaude.", "Vêtements > Vestes", "v2", "grey"),
    ("e1", "Boucles d'oreilles grenouilles", "Boucles.", "Bijoux > Boucles", "e1", "green"),
    ("h1", "Bandeau de tête en dentelle", "Bandeau élastique.", "Vêtements > Bandeaux", "h1", ""),
    ("h2", "Bandeau de tête en vison", "Bandeau doux.", "Vêtements > Bandeaux", "h2", ""),
    ("k1", "Комплект. Второе дыхание, Чёрный", "Комплект для бани.", "Баня > Наборы", "k", "black"),
    ("k2", "Комплект. Второе дыхание, Бордовый", "Комплект.", "Баня > Наборы", "k", "burgundy"),
    ("p1", "Подушка. Второе дыхание", "Подушка для бани.", "Баня > Подушки", "p1", "black"),
    ("k3", "Полный комплект, Бордовый", "Комплект.", "Баня > Наборы", "k3", "burgundy"),
]  # fmt: skip
# the rest of each shop: a word most titles hold names no product (graph.lookup.common_share)
CATALOGUE += [
    (f"f{n}", f"Foulard uni {n}", "Foulard.", "Accessoires", f"f{n}", "") for n in range(12)
]
CATALOGUE += [
    (f"s{n}", f"Шапка банная {n}", "Шапка.", "Баня > Шапки", f"s{n}", "") for n in range(12)
]
TABLE = {
    pid: {
        "title": title,
        "group_id": group,
        "category": path,
        "categories": [path.split(" > ")[0], path],
        "colors": [colour] if colour else [],
        "in_stock": True,
    }
    for pid, title, _, path, group, colour in CATALOGUE
}


def rows_of(ids: list[str]) -> list[Mapping[str, Any]]:
    return [{**TABLE[i], "id": i} for i in ids if i in TABLE]


def card(pid: str) -> dict[str, Any]:
    row = TABLE[pid]
    return {
        "id": pid,
        "group_id": row["group_id"],
        "title": row["title"],
        "category": row["category"],
    }


@pytest.fixture(scope="module")
def french() -> LexicalIndex:
    records = [(p, t, d) for p, t, d, *_ in CATALOGUE if not p.startswith(("k", "p", "s"))]
    return LexicalIndex.build(records, "fr", detect=False)


@pytest.fixture(scope="module")
def russian() -> LexicalIndex:
    records = [(p, t, d) for p, t, d, *_ in CATALOGUE if p.startswith(("k", "p", "s"))]
    return LexicalIndex.build(records, "ru", detect=False)


def elsewhere(text: str, shown: list[str], lexical: LexicalIndex, colors: tuple[str, ...] = ()):
    terms = telling_terms(text, lexical, ASK_FILLER)
    return described_elsewhere(terms, [card(p) for p in shown], lexical, rows_of, colors)


@pytest.mark.parametrize(
    ("text", "shown", "expected"),
    [
        ("quanto costa quella con le rane?", ["d1"], "v1"),  # the lexicon: rane = grenouilles
        ("how much is the one with the frogs?", ["d1"], "v1"),
        ("et celle avec les grenouilles, elle coûte combien ?", ["d1"], "v1"),
        ("¿y la de visón cuánto cuesta?", ["h1"], "h2"),
        ("a ta z norką ile kosztuje?", ["h1"], None),  # "norka" is in no lexicon: no name
    ],
)
def test_a_product_described_off_screen_in_the_cards_department(french, text, shown, expected):
    """The earrings with frogs are jewellery: the dress's department has one frog product."""
    assert elsewhere(text, shown, french) == expected


def test_words_a_card_on_screen_holds_are_that_cards(french) -> None:
    """ "the one in lace" while the lace headband is shown: described_card's to pick."""
    assert elsewhere("the one in lace, how much?", ["h1", "d1"], french) is None


def test_several_products_holding_the_words_name_none(french) -> None:
    """Over the whole shop (a card without a category) the frogs are a jacket and earrings."""
    shown = [{**card("d1"), "category": ""}]
    terms = telling_terms("the one with the frogs?", french, ASK_FILLER)
    assert described_elsewhere(terms, shown, french, rows_of) is None


def test_the_conversations_colour_picks_the_variant(russian) -> None:
    """The other kit's name in quotes, after a burgundy kit: that kit, in burgundy."""
    text = "¿y cuánto cuesta el de «Второе дыхание»?"
    assert elsewhere(text, ["k3"], russian, ("burgundy",)) == "k2"
    assert elsewhere(text, ["k3"], russian) == "k1"  # no colour said: the group's first


class _View:
    filters = TABLE


class _Store:
    def get(self, ids: list[str], include: list[str]) -> dict[str, Any]:
        return {"ids": ids, "metadatas": [dict(TABLE[i], price=10.0) for i in ids]}


@pytest.fixture
def settled(monkeypatch, french):
    """``settle`` of a message over ``shown`` against the French catalogue above."""
    from graph import cards as card_reads
    from graph import rules, turn_readings
    from graph.context import Context

    monkeypatch.setattr(turn_readings, "lexical_index", lambda ctx: french)
    monkeypatch.setattr(turn_readings, "get_view", lambda ctx: _View())
    monkeypatch.setattr(card_reads, "get_store", lambda ctx: _Store())  # graph.cards.card_of

    def settle(text: str, language: str, shown: list[str]) -> rules.Understanding:
        cards = [card(p) for p in shown]
        reading = rules.understand(text, shown=cards, language=language)
        turn_readings._described_elsewhere(Context(), text, reading, cards, {})
        return reading

    return settle


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("quanto costa quella con le rane?", "it"),
        ("how much is the one with the frogs?", "en"),
        ("et celle avec les grenouilles, elle coûte combien ?", "fr"),
    ],
)
def test_the_question_is_about_the_product_described(settled, text, language) -> None:
    reading = settled(text, language, ["d1"])
    assert reading.intent == "product_question"
    assert reading.product == "v1" and reading.references == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("elle a une capuche ?", "fr"),  # a pronoun: the dress in view, hood or not
        ("does it have a hood?", "en"),
        ("ma il cappuccio ce l'ha?", "it"),
    ],
)
def test_a_pronoun_asks_about_the_card_in_view(settled, text, language) -> None:
    reading = settled(text, language, ["d1"])
    assert reading.product is None


def test_a_question_over_the_list_finds_the_need_s_product_that_holds_it_off_screen():
    """ "która z nich ma taki geometryczny kształt, z bokami rozchodzącymi się na boki?" over
    five of twenty bags: the one whose text says so, of those the need admits (within its
    budget), though not on screen (graph.described_references.described_in_need)."""
    from graph.described_references import described_in_need
    from graph.lexical import LexicalIndex
    from graph.vocabulary import ASK_FILLER

    bags = LexicalIndex.build(
        [
            (
                "107",
                "Torebka Leather Country",
                "Geometryczny kształt z bokami rozchylającymi się na boki.",
            ),
            (
                "108",
                "Torebka Leather Country",
                "Geometryczny kształt z bokami rozchylającymi się na boki.",
            ),
            ("214", "Zamszowa torebka Leather Country", "Miękki zamsz, jedna komora."),
            ("69", "Torebka Leather Country", "Klasyczny kształt, dwie rączki."),
        ],
        "pl",
        detect=False,
    )
    question = "która z nich ma taki geometryczny kształt, z bokami rozchodzącymi się na boki?"
    within_budget = {"107", "214", "69"}.__contains__  # 108: over the budget
    assert described_in_need(question, bags, within_budget, ASK_FILLER) == ["107"]
    # one telling word ("kształt") is a coincidence, not an answer
    assert described_in_need("która ma ładny kształt?", bags, within_budget, ASK_FILLER) == []
    # more products than an answer names tie: nothing
    assert described_in_need(question, bags, lambda pid: True, ASK_FILLER, most=1) == []


def test_one_telling_word_finds_the_need_s_own_products_only():
    """ "а какие из них реально меряют SpO2?" after the rings of "a watch or a ring": the
    watches whose text says SpO2, of the need's own candidates (``alone``); a word held by
    one product of another need ("maždaug" in a tablecloth's text) answers nothing."""
    from graph.described_references import described_in_need

    shop = LexicalIndex.build(
        [
            ("w1", "Sonique GPS Sport Watch", "Heart-rate and SpO2 sensors."),
            ("w2", "Pixelforge Echo GPS Sport Watch", "Heart-rate and SpO2 sensors. Steel."),
            ("r1", "Lumora Pulse Sleep Tracking Ring", "Tracks sleep stages."),
            ("t1", "Lace Tablecloth", "Leave approximately 20 cm hanging. SpO2 free."),
            *((f"f{n}", f"Filler Mug {n}", "Ceramic mug.") for n in range(8)),
        ],
        "en",
        detect=False,
    )
    question = "which of them really measure SpO2?"
    in_the_need = {"w1", "w2", "r1"}.__contains__
    everything = lambda pid: True  # noqa: E731
    assert sorted(described_in_need(question, shop, everything, ASK_FILLER, alone=in_the_need)) == [
        "w1",
        "w2",
    ]
    # without the need's own to look in, one word names nothing
    assert described_in_need(question, shop, everything, ASK_FILLER) == []


@pytest.mark.parametrize(
    ("words", "language", "filler"),
    [
        (["welches", "davon", "hat", "so", "pixel-art", "drauf"], "de", {"hat", "so"}),
        (["kurie", "iš", "jų", "dega", "savaitę"], "lt", {"kurie", "iš", "jų"}),
        (["lequel", "a", "exactement", "deux", "étiquettes"], "fr", {"a"}),  # "deux" tells
    ],
)
def test_a_language_s_function_words_tell_no_product(words, language, filler) -> None:
    from graph.common_words import function_words

    assert set(function_words(words, language)) == filler
