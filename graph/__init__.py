"""Aisle's conversation graph: intent → elicitor → retrieve → rerank → diversify → reply.

``graph`` is compiled without a checkpointer (for ``langgraph.json``);
``build_graph(checkpointer, store)`` compiles it for the UI, the CLI and tests;
``search`` runs the retrieval pipeline alone.
"""

from graph.graph import build_graph, builder, graph
from graph.search import search

__all__ = ["build_graph", "builder", "graph", "search"]
