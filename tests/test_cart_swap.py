"""Exchanging a cart line for another product: the cue, the line out, the product in."""

from __future__ import annotations

import pytest

from graph.cart_search import swap_parts


@pytest.mark.parametrize(
    ("text", "out", "rest"),
    [
        ("hmm actually swap it for the Copperpot Oslo one", [], "the copperpot oslo one"),
        ("swap the kettle for the copperpot one", ["kettle"], "the copperpot one"),
        ("replace it with the black mug", [], "the black mug"),
        ("tausch den Becher gegen den schwarzen", ["becher"], "den schwarzen"),
        ("remplace-le par la veste verte", [], "la veste verte"),
        ("cámbialo por el cazo Oslo", [], "el cazo oslo"),
        ("sostituiscilo con quello rosso", [], "quello rosso"),
        ("zamień kubek na czarny", ["kubek"], "czarny"),
        ("pakeisk jį į juodą puodelį", [], "juodą puodelį"),
        ("замени его на чёрную кружку", [], "чёрную кружку"),
    ],
)
def test_the_cue_splits_the_line_out_from_the_product_in(text, out, rest) -> None:
    assert swap_parts(text) == (out, rest)


@pytest.mark.parametrize(
    "text",
    [
        "can I swap it for a bigger one?",  # a question changes nothing
        "swap it for",  # nothing named to put in
        "add the black one",
        "i'd like a swap meet poster",
    ],
)
def test_no_exchange_without_a_cue_and_something_to_put_in(text) -> None:
    assert swap_parts(text) is None
