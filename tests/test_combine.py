"""The merge point of the rules' and the LLM's readings (graph/combine.py): the policy."""

from __future__ import annotations

from typing import Any

import pytest

from graph import combine
from graph.llm import IntentOutput, _normalised, plausible
from graph.rules import Understanding, understand

FACETS: dict[str, Any] = {"brands": [{"name": "Zenfold"}, {"name": "Acme 3D"}]}


def llm(text: str = "", **fields: Any) -> Understanding:
    """The LLM's answer to ``text`` as the graph sees it (normalised, then converted)."""
    out = _normalised(IntentOutput(**{"intent": "recommend", "language": "en", **fields}), text)
    return combine.from_llm(out, FACETS, shown=3)


def reading(intent: str, confidence: float, **updates: Any) -> Understanding:
    return Understanding(intent=intent, language="de", updates=dict(updates), confidence=confidence)


@pytest.mark.parametrize(
    ("mode", "confidence", "asks"),
    [
        ("rules", 0.1, False),
        ("llm", 0.95, True),
        ("combined", combine.RULES_SURE, False),
        ("combined", 0.95, False),
        ("combined", combine.RULES_SURE - 0.01, True),
    ],
)
def test_the_gate_asks_the_llm_only_when_the_rules_are_unsure(
    mode: str, confidence: float, asks: bool
) -> None:
    assert combine.asks_llm(reading("recommend", confidence), mode) is asks


def test_sure_rule_readings_exist_for_plain_needs() -> None:
    """The gate is only useful if ordinary requests are sure: the rules' own confidences."""
    for text in ("show me sandals under 100", "add the second one to my cart", "hi"):
        got = understand(text, facets=FACETS, shown=[{"title": "a"}] * 3, previous={})
        assert got.confidence >= combine.RULES_SURE, (text, got)


def test_the_llm_reading_keeps_only_what_the_shop_can_act_on() -> None:
    got = llm(
        "a Zenfold yoga mat under 80",
        query="yoga mat",
        brand="zenfold",
        colors=["Navy", "plaid"],
        gender="Women",
        size=" M ",
        max_price=80,
        reference=2,
    )
    assert got.updates == {
        "query": "yoga mat",
        "brands": ["Zenfold"],  # the catalogue's spelling
        "colors": ["navy"],  # "plaid" is no colour the sync knows
        "gender": "women",
        "size": "M",
        "max_price": 80.0,
    }
    assert got.reference == 1 and got.references == [1]  # 1-based → 0-based
    assert llm(brand="Nike").updates.get("brands") is None  # not sold here


def test_llm_mode_lets_the_llm_decide_intent_language_and_need() -> None:
    rules = reading("other", 0.4, query="kalte Füße laufen", max_price=80.0)
    got, source = combine.combine(
        rules,
        llm("unter 80", intent="recommend", language="de", query="warm socks", min_price=80),
        "llm",
    )
    assert source == "llm"
    assert (got.intent, got.language, got.updates["query"]) == ("recommend", "de", "warm socks")
    # the rules' typed budget stands; the LLM's misread minimum does not join it
    assert got.updates["max_price"] == 80.0 and "min_price" not in got.updates


def test_combined_keeps_the_rules_language_and_need_and_adds_only_to_unread() -> None:
    rules = reading("recommend", 0.6, query="Laufschuhe")
    got, source = combine.combine(
        rules,
        llm(intent="recommend", language="en", query="running shoes", colors=["black"]),
        "combined",
    )
    assert source == "rules+llm"
    assert got.language == "de"  # the conversation knows better than a small model's guess
    assert got.updates["query"] == "Laufschuhe"
    # a message the rules read gets no hard constraint from the small model: its additions
    # emptied the cards on the shopper suite ("a w rozmiarze 37?")
    assert "colors" not in got.updates
    # one they could not read takes the LLM's constraints in its gaps
    other, _ = combine.combine(
        reading("other", 0.4), llm(intent="recommend", query="socks", colors=["black"]), "combined"
    )
    assert (other.updates["query"], other.updates["colors"]) == ("socks", ["black"])


def test_combined_takes_the_llm_need_when_the_rules_found_none() -> None:
    got, _ = combine.combine(reading("other", 0.4), llm(query="warm socks"), "combined")
    assert (got.intent, got.updates["query"]) == ("recommend", "warm socks")


@pytest.mark.parametrize("overview", ["browse", "greeting", "other"])
def test_combined_never_turns_a_stated_need_into_an_overview(overview: str) -> None:
    got, _ = combine.combine(
        reading("recommend", 0.6, query="sandals"), llm(intent=overview), "combined"
    )
    assert got.intent == "recommend"


def test_combined_takes_the_llm_intent_for_an_unsure_reading_without_a_need() -> None:
    got, _ = combine.combine(reading("other", 0.4), llm(intent="browse"), "combined")
    assert got.intent == "browse"


def test_combined_keeps_an_unsure_rules_intent_it_could_read() -> None:
    # a rule reading it could make ("refine", 0.5) beats the small model's other intent
    got, _ = combine.combine(
        reading("refine", 0.5, query="waterproof"), llm(intent="product_question"), "combined"
    )
    assert got.intent == "refine"


def test_a_gift_recipient_stays_no_gender_filter() -> None:
    rules = reading("recommend", 0.6, exclude_genders=["women", "kids"])
    got, _ = combine.combine(rules, llm(gender="men"), "combined")
    assert "gender" not in got.updates


def test_without_an_llm_reading_the_rules_stand() -> None:
    rules = reading("refine", 0.5, query="x")
    assert combine.combine(rules, None, "combined") == (rules, "rules")


def test_the_full_schema_maps_references_brands_and_cart_moves() -> None:
    got = llm(
        intent="purchase",
        references=[3, 1],
        exclude_brands=["acme 3d", "Nike"],
        relative=" Cheaper",
        something_else=True,
        cart="View",
        quantity=2,
    )
    assert (got.reference, got.references) == (2, [2, 0])
    assert got.updates["exclude_brands"] == ["Acme 3D"]
    assert (got.relative, got.something_else, got.cart, got.quantity) == (
        "cheaper",
        True,
        "view",
        2,
    )


@pytest.mark.parametrize(
    "fields",
    [
        {"references": [1, 4]},  # only 3 shown
        {"relative": "sideways"},
        {"cart": "burn"},
        {"quantity": 250},  # a price or a size, not an order
        {"quantity": 0},
    ],
)
def test_implausible_moves_reject_the_llm_answer(fields: dict[str, Any]) -> None:
    out = _normalised(IntentOutput(intent="purchase", language="en", **fields), "text")
    assert not plausible(out, shown=3)


def test_combined_fills_moves_the_rules_missed_but_keeps_theirs() -> None:
    rules = Understanding(intent="purchase", language="en", updates={}, confidence=0.75)
    got, _ = combine.combine(rules, llm(intent="purchase", references=[2], quantity=3), "combined")
    assert (got.reference, got.quantity) == (1, 3)
    rules = Understanding(
        intent="purchase", language="en", updates={}, reference=0, references=[0], quantity=2
    )
    got, _ = combine.combine(rules, llm(intent="purchase", references=[3], quantity=5), "combined")
    assert (got.reference, got.quantity) == (0, 2)


def test_narrowing_moves_fill_only_a_message_the_rules_could_not_read() -> None:
    # "anything lighter? ultralight maybe", read by the rules as a refinement: the small
    # model's "something else" would leave out the one tent the shop has
    rules = reading("refine", 0.5, query="tent lighter ultralight")
    got, _ = combine.combine(rules, llm(intent="refine", something_else=True), "combined")
    assert not got.something_else
    rules = reading("refine", 0.5, query="tent")
    got, _ = combine.combine(rules, llm(intent="refine", relative="cheaper"), "combined")
    assert got.relative is None
    # a message the rules could not read at all takes them
    unread = Understanding(intent="other", language="en", updates={}, confidence=0.4)
    got, _ = combine.combine(unread, llm(intent="refine", something_else=True), "combined")
    assert got.something_else
