"""A question about the one product in view, in a language that drops the pronoun.

"¿seguro que vale para un portátil?" of the one charger shown was searched as a need for
laptops, "e si può lavare in lavastoviglie?" of a knife one for dishwashers: Spanish,
Italian, Polish, Russian ask "does it work for a laptop?" with the verb alone, and the kind
after "para", "in" is what the product serves or goes in (graph.need_category).
"""

from __future__ import annotations

import pytest

from graph.rules import understand

ONE = [{"id": "c1", "group_id": "c1", "title": "Esperanza 45W USB-C charger"}]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿seguro que vale para un portátil?", "es"),
        ("funziona anche per il telefono?", "it"),
        ("подойдёт для ноутбука?", "ru"),
        ("nadaje się dla laptopa?", "pl"),
        ("does it work for a laptop?", "en"),
        # what it goes in or with
        ("e si può lavare in lavastoviglie o meglio a mano?", "it"),
        ("¿se puede meter en el lavavajillas?", "es"),
        ("ça passe au lave-vaisselle ?", "fr"),
    ],
)
def test_a_kind_the_product_in_view_serves_is_asked_about_it(text: str, language: str) -> None:
    got = understand(text, shown=ONE, language=language)
    assert (got.intent, got.reference) == ("product_question", 0), got
    assert "category" not in got.updates


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿tenéis algo para un portátil?", "es"),  # a need cue: another need
        ("una funda para un portátil?", "es"),  # a kind before "para": another product
    ],
)
def test_a_need_for_something_that_serves_it_is_searched(text: str, language: str) -> None:
    assert understand(text, shown=ONE, language=language).intent != "product_question"
