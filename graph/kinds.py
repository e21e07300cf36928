"""Cards that agree with the best match on what the shopper named.

A shop titles a product by its kind and its traits ("Zamszowe botki Lestrosa Ambra",
"Torebka zamszowa"). When the best candidate's title carries some of the shopper's words
("zamszowe botki"), the other cards must carry them too: a pair of suede loafers is a
fine neighbour in meaning but the wrong answer to "suede ankle boots". The catalogue's
own titles decide, so this holds for any shop and language the lexical index reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph.lexical import LexicalIndex
from graph.retrieval import Candidate

#: Cards that must agree on every named word before the others are dropped.
MIN_AGREEING = 2


def agree_with_best(
    ranked: Sequence[Candidate], query: str, lexical: LexicalIndex | None
) -> list[Candidate]:
    """The candidates whose titles hold every query term the best candidate's title holds.

    When fewer than :data:`MIN_AGREEING` do, every candidate, most shared terms first.
    Query terms no product title has ("gift", "for my mom") never filter; when the best
    candidate's title holds none of them, nothing is filtered.
    """
    ranked = list(ranked)
    if lexical is None or len(ranked) < 2:
        return ranked
    asked = {t for t in lexical.terms(query) if t in lexical.title_rows}
    if not asked:
        return ranked

    def title_terms(candidate: Candidate) -> set[str]:
        # the stored document starts with the title line when the metadata lacks it
        title = candidate.meta.get("title") or candidate.document.split("\n", 1)[0]
        return set(lexical.terms(str(title)))

    # a brand's words in a title ("Morrow Home Atelier …") name a maker, not a kind:
    # brands are the brand filter's business
    brand = set(lexical.terms(str(ranked[0].meta.get("brand") or "")))
    anchor = (asked & title_terms(ranked[0])) - brand
    if not anchor:
        return ranked
    shared = [len(anchor & title_terms(c)) for c in ranked]
    strict = [c for c, n in zip(ranked, shared, strict=True) if n == len(anchor)]
    if len(strict) >= MIN_AGREEING:
        return strict
    # Too few agree on every word ("wireless headphones": one pair): those first, then the
    # ones sharing most of the words, then the rest: shoes are also trail runners.
    top = max(c.score for c in ranked) + 1.0
    for candidate, n in zip(ranked, shared, strict=True):
        candidate.score += n * top
    return sorted(ranked, key=lambda c: -c.score)
