"""A colour said to name the product, with a question about something else (issue 11).

"la funda nórdica roja, ¿para qué tamaño de cama es?": the red one is the product meant,
and the question asks its bed size. The reply says the colour and answers the question from
the product's text (graph.reply_node), where it used to answer the colour alone.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from graph import rules
from graph.reply_node import reply

DUVET = {
    "id": "duvet-red", "group_id": "duvet-red", "title": "Victorian Toile Red DUVET COVER",
    "price": 112.49, "effective_price": 112.49, "currency": "USD", "in_stock": True,
    "color": "red", "colors": ["blue", "black", "red"],
    "details": "Victorian Toile Red DUVET COVER\nTwin Duvet with button closure located on the "
    "top of the duvet on the backside. Care Instructions: Dry Clean. Size: 68 x 94.",
}  # fmt: skip


@pytest.fixture
def ctx(demo_context):
    return demo_context


def _answer(ctx, text):
    reading = rules.understand(text, shown=[DUVET], language="en")
    turn = {"topic": reading.topic, "concepts": reading.concepts, "features": reading.features,
            "updates": dict(reading.updates), "products": [DUVET]}  # fmt: skip
    state = {"intent": "product_question", "shown": [DUVET], "focus": DUVET, "turn": turn,
             "language": "en", "preferences": {}}  # fmt: skip
    return reply(state, SimpleNamespace(context=ctx))["messages"][0].content


def test_the_question_asked_with_a_colour_is_answered_too(ctx):
    answer = _answer(ctx, "the red duvet cover, what size of bed is it for?")
    assert "68 x 94" in answer and "red" in answer.lower()


def test_a_colour_asked_alone_is_answered_as_before(ctx):
    answer = _answer(ctx, "do you have it in red?")
    assert "68 x 94" not in answer and "red" in answer.lower()
