"""A which-question over the list that one product's own text answers (issue 11: references).

"który z nich jest ze szkła borokrzemowego?" of two drinkware sets, both glass by their
words: no pick by words or meaning, so the list is answered, product by product, and one
text says "borosilicate glass". That product is the one the shopper means next ("dobra,
wrzuć go do koszyka"): the reply makes it the product in focus (graph.reply_node).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from graph import rules
from graph.reply_node import reply

CUPS = {
    "id": "cups", "group_id": "cups", "title": "Casa Verde Double-Wall Glass Cups",
    "price": 36.99, "currency": "USD",
    "details": "Casa Verde Double-Wall Glass Cups\nA pair of double-wall glass cups for tea "
    "and coffee. Keeps drinks hot, hands cool.",
}  # fmt: skip
MUGS = {
    "id": "mugs", "group_id": "mugs", "title": "Casa Verde Stoneware Mug Set",
    "price": 48.95, "currency": "USD",
    "details": "Casa Verde Stoneware Mug Set\nOur best-loved set for slow mornings. "
    "It is made from borosilicate glass that holds up to daily use.",
}  # fmt: skip


@pytest.fixture
def ctx(demo_context):
    return demo_context


def _answer(ctx, text, products):
    reading = rules.understand(text, shown=products, previous={"query": "mug"}, language="pl")
    turn = {
        "topic": reading.topic,
        "picks": reading.picks,
        "about_list": True,
        "references": list(range(len(products))),
        "products": products,
        "updates": dict(reading.updates),
    }
    state = {"intent": "product_question", "shown": products, "turn": turn, "language": "pl",
             "preferences": {"query": "mug"}}  # fmt: skip
    return reply(state, SimpleNamespace(context=ctx))


def test_the_one_product_whose_text_answers_is_in_focus(ctx):
    out = _answer(ctx, "który z nich jest ze szkła borokrzemowego?", [CUPS, MUGS])
    assert "borosilicate" in out["messages"][0].content
    assert out["focus"]["id"] == "mugs"
    assert "details" not in out["focus"]  # a card, as the product node leaves one


def test_no_focus_when_no_one_product_answers(ctx):
    # both texts say it: the answer quotes both, neither is the one
    tumblers = {
        **CUPS,
        "id": "tumblers",
        "group_id": "tumblers",
        "title": "Hearth Tumbler Set",
        "details": "Hearth Tumbler Set\nFour tumblers made from borosilicate glass.",
    }
    both = _answer(ctx, "który z nich jest ze szkła borokrzemowego?", [tumblers, MUGS])
    assert both["messages"][0].content.count("borosilicate") == 2
    assert "focus" not in both
    # a question that asks the list to pick nothing ("are they …?") moves no focus either
    out = _answer(ctx, "czy one są ze szkła borokrzemowego?", [CUPS, MUGS])
    assert "focus" not in out


def test_a_colour_asked_of_the_list_is_answered_product_by_product(ctx):
    # a colour asked quotes no text: nothing to pick by, and no focus
    out = _answer(ctx, "który z nich jest czarny?", [CUPS, MUGS])
    assert "focus" not in out and out["messages"][0].content
