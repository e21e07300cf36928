"""Wiring of the shopping graph.

``builder`` is the uncompiled graph; ``graph`` compiles it without a
checkpointer (the LangGraph server and Studio bring their own, graph id
``shop`` in ``langgraph.json``). Everything else calls :func:`build_graph`
with its own saver and store (see :mod:`graph.persistence`).
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from graph import nodes
from graph.context import Context
from graph.state import InputState, OutputState, State


def make_builder() -> StateGraph[Any, Any, Any, Any]:
    """A fresh, uncompiled builder of the shopping graph."""
    builder = StateGraph(
        State, context_schema=Context, input_schema=InputState, output_schema=OutputState
    )
    builder.add_node("intent", nodes.intent)
    builder.add_node("elicitor", nodes.elicitor)
    builder.add_node("retrieve", nodes.retrieve_node)
    builder.add_node("rerank", nodes.rerank_node)
    builder.add_node("diversify", nodes.diversify_node)
    builder.add_node("product", nodes.product)
    builder.add_node("cart", nodes.cart)
    builder.add_node("reply", nodes.reply)
    builder.add_conditional_edges(START, nodes.route_start, ["intent", END])
    builder.add_conditional_edges(
        "intent", nodes.route_after_intent, ["elicitor", "product", "cart", "reply"]
    )
    builder.add_conditional_edges("elicitor", nodes.route_after_elicitor, ["retrieve", "reply"])
    builder.add_edge("retrieve", "rerank")
    builder.add_edge("rerank", "diversify")
    builder.add_conditional_edges("diversify", nodes.route_after_diversify, ["cart", "reply"])
    builder.add_conditional_edges("product", nodes.route_after_product, ["elicitor", "reply"])
    builder.add_edge("cart", "reply")
    builder.add_edge("reply", END)
    return builder


builder = make_builder()


def build_graph(checkpointer: Any = None, store: Any = None) -> Any:
    """Compile the graph with a checkpointer (conversation memory) and a store (profiles)."""
    return make_builder().compile(checkpointer=checkpointer, store=store, name="shop")


graph = builder.compile(name="shop")
