"""The reply acts on the typed reading (issue 11 item 8): it never parses the message again.

What a question asks (features, question concepts, its topic words) and whether browsing
asks for the brands are read once, by the rules, into :class:`graph.rules.Understanding`;
the intent node copies them into the turn's scratch (:class:`graph.state.Turn`). These
tests give the reply node a turn whose reading disagrees with the last message: the reply
must follow the reading.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime

from graph import rules
from graph.context import Context
from graph.reply_node import reply

CARD = {
    "id": "p1",
    "group_id": "p1",
    "title": "Nordlys Shell Jacket",
    "price": 120.0,
    "effective_price": 120.0,
    "currency": "USD",
    "in_stock": True,
    "details": "Nordlys Shell Jacket\nA light shell. Fully waterproof seams, 10k membrane.",
}
FACETS_BRANDS = ("Nordlys", "Voltix")


def _reply(intent: str, turn: dict[str, Any], message: str) -> str:
    state: dict[str, Any] = {
        "messages": [HumanMessage(content=message)],
        "intent": intent,
        "language": "en",
        "turn": turn,
        "preferences": {},
    }
    out = reply(state, Runtime(context=Context(index_dir="/nonexistent")))
    return str(out["messages"][0].content)


def test_the_rules_read_what_a_question_asks():
    waterproof = rules.understand("Is the Nordlys jacket waterproof?")
    assert waterproof.features == [("waterproof", "waterproof")]
    assert rules.understand("how big is it?").concepts == ["dimensions"]
    assert rules.understand("z czego jest zrobiony?").concepts == ["material"]
    # the participle agrees with the product's gender
    assert rules.understand("z czego jest zrobiona?", language="pl").concepts == ["material"]
    assert rules.understand("¿de qué está hecha?", language="es").concepts == ["material"]
    assert rules.understand("из чего сделана?", language="ru").concepts == ["material"]
    assert rules.understand("what brands do you have?").asks_brands
    assert not rules.understand("what categories do you have?").asks_brands
    # the topic keeps numbers and measures, drops filler
    topic = rules.understand("does it fit a 15 inch laptop?").topic
    assert "15" in topic and "laptop" in topic and "a" not in topic


def test_a_feature_is_answered_from_the_reading_not_the_message():
    turn = {"products": [CARD], "features": [("waterproof", "waterproof")], "updates": {}}
    text = _reply("product_question", turn, "hmm")
    assert "Fully waterproof seams" in text, text
    # the same message with no feature in the reading answers no feature
    text = _reply("product_question", {**turn, "features": []}, "is it waterproof?")
    assert "Fully waterproof seams" not in text, text


def test_a_feature_named_by_the_product_itself_is_not_asked():
    shell = ("shell", "shell")  # a word of the title, read as if a feature was asked
    card = {**CARD, "title": "Nordlys Shell Jacket"}
    turn = {"products": [card], "features": [shell, ("waterproof", "waterproof")], "updates": {}}
    text = _reply("product_question", turn, "")
    assert "“shell”" not in text and "“waterproof”" in text, text


def test_browsing_lists_the_brands_when_the_reading_says_so(monkeypatch):
    import graph.reply_node

    facets = {
        "categories": [{"name": "Apparel", "path": "Apparel", "count": 3}],
        "brands": [{"name": b, "count": 2} for b in FACETS_BRANDS],
        "currency": "USD",
    }
    monkeypatch.setattr(graph.reply_node, "get_facets", lambda ctx: facets)
    with_brands = _reply("browse", {"asks_brands": True, "updates": {}}, "what do you have?")
    plain = _reply("browse", {"asks_brands": False, "updates": {}}, "what brands do you have?")
    assert with_brands.startswith("Our brands: Nordlys, Voltix"), with_brands
    assert "Our brands" not in plain and "Apparel" in plain, plain
