"""The retrieval pipeline alone: retrieve → rerank → diversify, no dialogue.

For debugging retrieval and for offline relevance evaluation; the graph's
nodes call the same functions. ``search`` reuses cached clients, so a
long-lived process can evaluate thousands of queries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graph.context import Context
from graph.diversify import diversify
from graph.rerank import make_reranker
from graph.resources import get_embeddings, get_store, get_view
from graph.retrieval import Candidate, now_ts, retrieve


def need_text(prefs: Mapping[str, Any]) -> str:
    """The text embedded for a need: the shopper's words, else the category's name."""
    query = str(prefs.get("query") or "").strip()
    if query:
        return query
    category = str(prefs.get("category") or next(iter(prefs.get("category_any") or ()), ""))
    if category:
        return category.rsplit(" > ", 1)[-1]
    return str(prefs.get("collection") or "popular products")


def ranked_candidates(
    ctx: Context,
    prefs: Mapping[str, Any],
    k: int,
    *,
    profile: Mapping[str, Any] | None = None,
    exclude_ids: frozenset[str] = frozenset(),
    now: int | None = None,
) -> list[Candidate]:
    """Retrieve and rerank (before diversification)."""
    store, embeddings = get_store(ctx), get_embeddings(ctx)
    text = need_text(prefs)
    vector = embeddings.embed_query(text)
    view = get_view(ctx)
    found = retrieve(
        store,
        vector,
        prefs,
        k=ctx.candidates,
        now=now,
        options_cache=view.options,
        filters=view.filters,
    )
    found = [c for c in found if c.id not in exclude_ids and c.group_id not in exclude_ids]
    reranker = make_reranker(ctx.reranker, ctx.reranker_model, ctx.reranker_dir)
    return reranker.rerank(text, found, prefs, profile)


def search(
    query: str,
    k: int = 10,
    filters: Mapping[str, Any] | None = None,
    context: Context | None = None,
) -> list[dict[str, Any]]:
    """Best ``k`` products for ``query`` under hard ``filters``: ``[{"id", "title", "score"}]``.

    ``filters`` takes the preference keys of the graph (``max_price``,
    ``category``, ``brands``, ``colors``, ``size``, ``in_stock_only``…).
    """
    ctx = context or Context()
    prefs = {**(filters or {}), "query": query}
    ranked = ranked_candidates(ctx, prefs, k, now=now_ts())
    chosen = diversify(ranked, k, ctx.diversity)
    return [
        {"id": c.id, "title": c.meta.get("title", ""), "score": round(c.score, 4)} for c in chosen
    ]
