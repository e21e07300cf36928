"""Amounts a message states: price bounds and currency, a bare budget, a quantity; a purpose."""

from __future__ import annotations

import re
from typing import Any

from graph import vocabulary as V
from sync import money


def _extract_prices(
    text: str, language: str | None = None, currency: str | None = None
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Price bounds and currency stated in a lowercased message, and the spans they cover.

    :func:`sync.money.find_budget` reads them (ranges, cues before and after,
    negations, "for 80"); ``currency`` is the catalogue's, which decides a mark
    several currencies share ("$", "pesos"). Only a currency the message names
    is an update.
    """
    budget = money.find_budget(text, language, currency)
    found: dict[str, Any] = {}
    if budget.min is not None:
        found["min_price"] = float(budget.min)
    if budget.max is not None:
        found["max_price"] = float(budget.max)
    if budget.currency:
        found["currency"] = budget.currency
    return found, budget.spans


def _purpose_start(text: str) -> int:
    """Where "for running" / "zum Laufen" / "para correr" begins, else the end."""
    match = V.PURPOSE_RE.search(text)
    return match.start() if match else len(text)


def _quantity(match: re.Match[str]) -> int:
    word = match.group("n")
    return int(word) if word.isdigit() else V.NUMBER_WORDS.get(word, 1)


def budget_of(text: str) -> float | None:
    """The amount a message that is only an amount states, or ``None``.

    "50", "1k", "about 80 €", "R250", "2 тыс.", "50 bucks": an amount with its
    cue and currency and at most one short word besides (the answer to "what is
    your budget?"); "size 42" or "2 of them" are no budget.
    """
    low = text.lower()
    found = money.find_money(low, bare=True)
    if len(found) != 1:
        return None
    spans = [found[0].span, *money.find_budget(low).spans]
    rest = "".join(ch for i, ch in enumerate(low) if not any(a <= i < b for a, b in spans))
    words = rest.replace(".", " ").replace("!", " ").split()
    return float(found[0].amount) if len(words) <= 1 and all(len(w) <= 8 for w in words) else None
