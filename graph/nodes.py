"""The graph's nodes and the routes between them.

intent → (elicitor → retrieve → rerank → diversify [→ cart] | product | cart) → reply

Each node is a small function of ``(state, runtime)`` returning what it changes; its body
lives in the module for its job: :mod:`graph.understand_node` (intent),
:mod:`graph.search_nodes` (elicitor, retrieve, rerank, diversify),
:mod:`graph.product_nodes` (product), :mod:`graph.cart_node` (cart) and
:mod:`graph.reply_node` (reply).
"""

from __future__ import annotations

from graph.cart_node import cart
from graph.product_nodes import product
from graph.reply_node import reply
from graph.search_nodes import diversify_node, elicitor, rerank_node, retrieve_node
from graph.state import State
from graph.understand_node import intent

__all__ = [
    "cart",
    "diversify_node",
    "elicitor",
    "intent",
    "product",
    "reply",
    "rerank_node",
    "retrieve_node",
    "route_after_diversify",
    "route_after_elicitor",
    "route_after_intent",
    "route_after_product",
    "route_start",
]


def route_start(state: State) -> str:
    """A turn needs a new shopper message; anything else changes nothing."""
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    return "intent" if last is not None and getattr(last, "type", "") == "human" else "__end__"


def route_after_intent(state: State) -> str:
    """recommend/refine search; questions about products look them up; purchase fills the cart."""
    intent_ = state.get("intent")
    if intent_ in ("recommend", "refine"):
        return "elicitor"
    if intent_ in ("product_question", "compare"):
        return "product"
    if intent_ == "purchase":
        return "cart"
    return "reply"


def route_after_product(state: State) -> str:
    """A question over the list that none of it satisfies searches instead (product node)."""
    return "elicitor" if state.get("intent") in ("recommend", "refine") else "reply"


def route_after_diversify(state: State) -> str:
    """A cart addition searched for (``add_found``) that found its product fills the cart."""
    return "cart" if state.get("intent") == "purchase" else "reply"


def route_after_elicitor(state: State) -> str:
    """Ask (reply) or search (retrieve)."""
    return "reply" if (state.get("turn") or {}).get("ask") else "retrieve"
