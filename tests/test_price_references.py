"""A card named by its price points at it (graph/price_references.py).

"vale, el de 110 al carrito" of two necklaces titled alike, at 150 € and 110 €, had asked
"Which product would you like to add?"; the price is how the shopper tells them apart.
"""

from __future__ import annotations

import pytest

from graph.price_references import card_priced_at

NECKLACES = [
    {"id": "313", "title": "Collier perles de culture et strass", "price": 150.0},
    {"id": "314", "title": "Collier perles de culture et strass", "price": 110.0},
    {"id": "315", "title": "Collier", "price": 24.99, "effective_price": 19.99},
]


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("vale, el de 110 al carrito", 1),
        ("¿y el de 150 de qué es?", 0),
        ("the 19.99 one please", 2),  # the price it sells at, on sale
        ("тот, что за 19,99", 2),
        ("the 24.99 one", None),  # its price before the sale is no longer its price
        ("el de 120", None),  # no card at that price
        ("los de 110 y 150", None),  # two cards: not one
    ],
)
def test_a_price_said_points_at_the_one_card_selling_at_it(text: str, at: int | None) -> None:
    assert card_priced_at(text, NECKLACES, {}) == at


def test_a_budget_or_a_size_is_no_price_pointer() -> None:
    assert card_priced_at("under 110", NECKLACES, {"max_price": 110.0}) is None
    shoes = [
        {"id": "a", "price": 40.0, "variant_options": {"size": ["38", "40"]}},
        {"id": "b", "price": 45.0, "variant_options": {"size": ["40", "41"]}},
    ]
    assert card_priced_at("the ones in 40", shoes, {}) is None
    assert card_priced_at("the 45 ones", shoes, {}) == 1
    assert card_priced_at("el de 110", NECKLACES[:1], {}) is None  # one card: nothing to tell


def test_the_card_named_by_its_price_is_the_one_added(demo_catalogue) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.card_references import selling_price
    from graph.context import Context

    _, index = demo_catalogue
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index))
    config = {"configurable": {"thread_id": "priced"}}

    def say(text: str) -> dict:
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)

    shown = say("streaming webcam")["recommendations"]
    prices = [selling_price(card) for card in shown]
    assert len(shown) > 2 and len(set(prices)) == len(prices)
    last = shown[-1]
    state = say(f"ok, the {prices[-1]:.2f} one in my cart")
    assert [line["id"] for line in state["cart"]] == [last["id"]], state["messages"][-1].content
