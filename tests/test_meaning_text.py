"""The text compared by meaning leaves out the colours the filter holds (graph.search).

Every candidate is in the filtered colour: by meaning, the word only drew "Wildledertasche
mit Schnalle, in Taupe" to the boots whose titles spell "taupe", above the taupe suede bags.
The lexical side keeps the word (there it tells the colour asked from a shade).
"""

from __future__ import annotations

import pytest

from graph.search import meaning_text


@pytest.mark.parametrize(
    ("text", "colours", "own", "expected"),
    [
        ("Wildledertasche mit Schnalle in Taupe", ["taupe"], [], "Wildledertasche mit Schnalle in"),
        ("big red leather bag", ["red"], [], "big leather bag"),
        ("Vorhänge in Rot", ["red"], [], "Vorhänge in"),
        ("insalatiera di vetro nero", ["black"], [], "insalatiera di vetro"),
        ("высокие кеды коричневые", ["brown"], [], "высокие кеды"),
        # the shop's own colour names (filed "karmel") in the shopper's inflection
        ("karmelowe mokasyny", ["karmel"], ["karmel"], "mokasyny"),
        # nothing filtered: as written; a colour not filtered stays
        ("red curtains", [], [], "red curtains"),
        ("red and blue curtains", ["blue"], [], "red and curtains"),
        # the other words stay as written, their marks too
        ("czarny wąż 5/8 cala, 30 m", ["black"], [], "wąż 5/8 cala, 30 m"),
        # nothing else left: as written
        ("something red", ["red"], [], "something red"),
    ],
)
def test_filtered_colours_leave_the_meaning(text, colours, own, expected):
    class View:
        facets = {"own_colors": [{"name": name} for name in own]}

    assert meaning_text(text, {"colors": colours}, View()) == expected
