"""Diversify: greedy selection trading relevance against repeating a brand or category."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence

from graph.retrieval import Candidate

BRAND_WEIGHT, CATEGORY_WEIGHT = 1.0, 0.5


def diversify(candidates: Sequence[Candidate], n: int, strength: float = 0.3) -> list[Candidate]:
    """Pick ``n`` candidates greedily: score minus ``strength`` times repetition.

    Scores are rescaled to [0, 1] first, so ``strength`` means the same on any
    reranker: 0 keeps the ranking; 1 lets one repeated brand outweigh any gap.
    """
    pool = list(candidates)
    if not pool or n <= 0:
        return []
    top, bottom = max(c.score for c in pool), min(c.score for c in pool)
    span = (top - bottom) or 1.0
    brands: Counter[str] = Counter()
    categories: Counter[str] = Counter()

    def value(c: Candidate) -> float:
        relevance = (c.score - bottom) / span
        brand = (c.meta.get("brand") or "").casefold()
        category = c.meta.get("category") or ""
        repeats = BRAND_WEIGHT * brands[brand] + CATEGORY_WEIGHT * categories[category]
        return relevance - strength * repeats

    # Lazy greedy: a value only falls as brands and categories repeat, so a stale value
    # is an upper bound; the first entry whose value is still current is the best one
    # (ties: the earlier in the ranking, as max() over the pool would pick).
    heap = [(-value(c), i) for i, c in enumerate(pool)]
    heapq.heapify(heap)
    chosen: list[Candidate] = []
    while heap and len(chosen) < n:
        stale, i = heapq.heappop(heap)
        current = -value(pool[i])
        if current != stale:
            heapq.heappush(heap, (current, i))
            continue
        best = pool[i]
        chosen.append(best)
        brands[(best.meta.get("brand") or "").casefold()] += 1
        categories[best.meta.get("category") or ""] += 1
    return chosen
