"""A question about a product's part or feature, asked in another language than its text.

"il est rétroéclairé ?" of a keyboard described in English, "у них есть молния сбоку?" of
boots described in Polish: the lexicon's parts and features (``attributes-features.txt``)
carry the question's words into the shop's, every form the shop's texts use ("zamek
błyskawiczny" and "suwak" for a zip), and the answer quotes the sentence that says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from graph.lexical import LexicalIndex
from graph.rules import understand

ENGLISH = [
    ("k1", "Sonique Orbit Keyboard", "Per-key backlight. Aluminium frame."),
    ("j1", "Kestrel Packable Rain Jacket", "Taped seams. Packs into its own chest pocket."),
    ("w1", "Pixelforge Echo Watch", "Water resistant to 50 m. Up to 7 days battery."),
    ("g1", "Odelo Coffee Grinder", "Adjustable grind, from fine to coarse. Ceramic burrs."),
    *((f"f{n}", f"Filler Mug {n}", "Ceramic. Holds 350 ml.") for n in range(8)),
]
POLISH = [
    ("b1", "Lakierowane kozaki Spaziomoda", "Wysoka cholewka, obcas 4 cm. Boczny suwak."),
    ("b2", "Zamszowe botki Lancioni", "Płaska podeszwa. Metalowa klamra przy kostce."),
    *((f"f{n}", f"Torebka Leather Country {n}", "Skóra naturalna.") for n in range(8)),
]


def quotes(
    records, language: str, pid: str, text: str, asked_in: str, monkeypatch, *, told: bool = False
) -> list[str]:
    """The sentences of ``pid``'s text that answer ``text`` (asked in ``asked_in``).

    ``told``: the reply node is told the shopper's language (a question in another one
    than the shop's also reads the text's words of the same root, graph.cognates).
    """
    from graph import reply_node
    from graph.context import Context

    lexical = LexicalIndex.build(records, language, detect=False)
    monkeypatch.setattr(reply_node, "get_view", lambda ctx: type("V", (), {"lexical": lexical}))
    title, details = next((t, f"{t}\n{d}") for p, t, d in records if p == pid)
    reading = understand(text, language=asked_in)
    turn: dict[str, Any] = {"topic": reading.topic, "concepts": reading.concepts}
    product = {"id": pid, "title": title, "details": details}
    return reply_node._quotes(Context(), turn, product, asked_in if told else "")


SHOPS = {"en": ENGLISH, "pl": POLISH}


@pytest.mark.parametrize(
    ("shop", "pid", "text", "language", "said"),
    [
        ("en", "k1", "il est rétroéclairé ?", "fr", "backlight"),
        ("en", "k1", "hat die Tastatur eine Hintergrundbeleuchtung?", "de", "backlight"),
        ("en", "j1", "elle se range dans sa propre poche ?", "fr", "pocket"),
        ("en", "j1", "ar ji turi kišenėlę raktams?", "lt", "pocket"),
        ("en", "w1", "je peux aller nager avec ?", "fr", "water resistant"),
        ("en", "g1", "on peut régler la finesse de mouture ?", "fr", "adjustable"),
        ("pl", "b1", "у них есть молния сбоку?", "ru", "suwak"),  # the shop's other word for zip
        ("pl", "b1", "do they have a zip or do I have to pull them on?", "en", "suwak"),
        ("pl", "b2", "Haben die Stiefeletten eine Schnalle?", "de", "klamra"),
    ],
)
def test_a_text_answers_a_question_in_another_language(
    monkeypatch, shop, pid, text, language, said
) -> None:
    found = quotes(SHOPS[shop], shop, pid, text, language, monkeypatch)
    assert found and said in found[0].lower(), found
