"""Which shown card a message points at: by ordinal ("the second one", "#3") or by a noun."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from graph import vocabulary as V
from graph.counts import card_run
from graph.message_text import _keys
from sync.enrich import color_tokens


def _ordinal_references(text: str, count: int) -> list[int]:
    """Positions named by ordinals ("the second one", "das zweite", "#3"), in text order."""
    if not count:
        return []
    if run := card_run(text, count):
        return run
    found: list[tuple[int, int]] = []
    for match in V.ORDINAL_RE.finditer(text):
        position = V.ORDINAL_INDEX[" ".join(match.group().split())]
        found.append((match.start(), count - 1 if position == -1 else position))
    for match in V.NUMBERED_RE.finditer(text):
        found.append((match.start(), int(match.group(1)) - 1))
    positions: list[int] = []
    for _, position in sorted(found):
        if 0 <= position < count and position not in positions:
            positions.append(position)
    return positions


def _noun_reference(
    keys: frozenset[str], colors: list[str], shown: Sequence[Mapping[str, Any]]
) -> int | None:
    """The one shown card whose title, category or brand shares the most words with the message."""
    scores = []
    for card in shown:
        text = " ".join(str(card.get(k) or "") for k in ("title", "category", "brand"))
        card_keys = _keys(V.WORD_RE.findall(text.lower()))
        score = len(keys & card_keys)
        if colors:
            score += len(set(colors) & set(color_tokens(f"{text} {card.get('color') or ''}")))
        scores.append(score)
    return unique_best(scores)


def unique_best(scores: Sequence[float]) -> int | None:
    """The index of the one highest positive score (``None``: none, or a tie)."""
    top = max(scores, default=0)
    return scores.index(top) if top > 0 and list(scores).count(top) == 1 else None


_ONES = re.compile(r"(?<!\w)ones(?!\w)")
_THE_X_ONE = re.compile(r"(?<!\w)the\s+(?:\w+\s+)?\w+\s+one(?!\w)")


def one_by_price(low: str, attribute_question: bool) -> bool:
    """Whether a question with "cheaper"/"pricier" picks one shown card by its price.

    "the cheaper one" (English says it), or a question about an attribute ("made of",
    "waterproof") with the comparative, in any language; not "cheaper ones?" (more).
    """
    if _ONES.search(low):
        return False
    return bool(_THE_X_ONE.search(low)) or attribute_question


def selling_price(card: Mapping[str, Any]) -> float:
    """The price a card sells at now: its sale price while the sale runs, else its price."""
    return float(card.get("effective_price") or card.get("price") or 0.0)


def by_price(shown: Sequence[Mapping[str, Any]], cheapest: bool) -> int:
    """The index of the cheapest (or priciest) card shown, by the price it sells at."""
    prices = [selling_price(c) for c in shown]
    return prices.index(min(prices) if cheapest else max(prices))


def focus_of(
    state_focus: Mapping[str, Any] | None,
    references: Sequence[int],
    shown: Sequence[Mapping[str, Any]],
) -> Mapping[str, Any] | None:
    """The product a companion goes with: a card pointed at, the product in focus, the one card.

    With several cards shown and none pointed at, "the matching valance" names no one
    product to match: the search for valances answers it.
    """
    pointed = [shown[i] for i in references if 0 <= i < len(shown)]
    if pointed:
        return pointed[0]
    if state_focus:
        return state_focus
    return shown[0] if len(shown) == 1 else None
