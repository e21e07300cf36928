"""A yes to the cart offer, however it is said, adds; one that names a variant adds that one.

"to poproszę w kolorze khaki", "tak, poproszę" and "да, давайте" after "Dodać jeden z nich do
koszyka?" had searched again with the yes as need words and left the cart empty: only a
bare yes from one language's list ("tak proszę", not "tak, poproszę") was read as one
(graph/cart_offer.py).
"""

from __future__ import annotations

import pytest

from graph.cart_offer import opening_assent
from graph.rules import understand

SHOWN = [{"id": "a", "title": "Firewood Carrier, Khaki", "price": 70.0, "color": "Khaki"}]


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("tak, poproszę", ""),
        ("ja, gerne", ""),
        ("sí, por favor", ""),
        ("да, давайте", ""),
        ("ok, yes please", ""),
        ("tak, w kolorze khaki", "w kolorze khaki"),
        ("sí, en caqui", "en caqui"),
        ("yes, in khaki please", "in khaki please"),
        # a long assent is a verb taking its object; one short word may come first
        ("to poproszę w kolorze khaki", "w kolorze khaki"),
        ("давайте бордовый, в корзину его", "бордовый, в корзину его"),
    ],
)
def test_assent_words_in_any_combination_open_a_yes(text: str, rest: str) -> None:
    end = opening_assent(text)
    assert end is not None and text[end:] == rest


@pytest.mark.parametrize(
    "text",
    [
        "si può lavare in lavatrice?",  # Italian "si", a question
        "si me llevo la funda",  # Spanish "if", no pause after it
        "vale, pues un cojín para el sofá",  # interjections, then another need
        "takie czarne",  # "tak" run into a word
        "tak, poproszę coś tańszego",  # "something cheaper": another product
        "yes, but is it waterproof?",
        "please show me cheaper ones",  # politeness alone is no yes
    ],
)
def test_no_yes_where_the_words_are_something_else(text: str) -> None:
    assert opening_assent(text) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("tak, poproszę", "pl"),
        ("to poproszę w kolorze khaki", "pl"),
        ("sí, en caqui", "es"),
        ("да, давайте", "ru"),
        ("ja, gerne", "de"),
    ],
)
def test_a_yes_after_the_offer_is_a_purchase_and_not_before(text: str, language: str) -> None:
    offered = understand(text, shown=SHOWN, language=language, after_offer=True)
    assert offered.intent == "purchase", offered
    assert "query" not in offered.updates or not {"tak", "poproszę", "да", "sí", "gerne"} & set(
        str(offered.updates["query"]).split()
    )
    assert understand(text, shown=SHOWN, language=language).intent != "purchase"
