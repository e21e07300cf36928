"""Folding one message's understanding into the preferences: new need, refine, cheaper, brands."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from graph.facet_matching import _related

if TYPE_CHECKING:
    from graph.understanding import Understanding

# Keys a new need (a "recommend" naming another category) keeps: settings about the shopper,
# not about the old product. Budget, colour, size, brand... belong to the old need and go.
# A gift's recipient outlives one need ("a gift for my dad" → "a sweater" → "or sneakers?").
KEPT_ON_NEW_NEED = ("currency", "in_stock_only", "page_product", "language", "exclude_genders")
# Intents whose updates change the preferences; the others only ask about or act on products.
MERGING_INTENTS = ("recommend", "refine", "browse")


def merge_preferences(
    previous: Mapping[str, Any] | None,
    understanding: Understanding,
    shown: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The preferences after a message.

    Rules:

    * ``refine`` (and ``browse``) keep everything and override what the message
      gives; a key updated to ``None`` is removed.
    * ``recommend`` is a new need when it names a category unrelated to the
      previous one (neither contains the other), or names none while the
      previous preferences had a category: it starts fresh, keeping only
      :data:`KEPT_ON_NEW_NEED` (currency, stock setting, page product,
      language). Budget goes too, since a budget belongs to a need.
      A recommend within the same category tree keeps and overrides.
    * Other intents (questions, comparisons, purchases, greetings) change nothing
      but the relative/brand rules below, which they rarely carry; a size asked of a
      product ("is it there in 41?") is the shopper's size, kept for the cart.
    * ``"cheaper"``: ``max_price`` = the lowest shown price (the referenced
      card's, when there is one) minus a cent, unless the message gave one.
      ``"pricier"``: ``min_price`` = the highest shown (or referenced) price.
      A contradicting opposite bound is dropped.
    * ``exclude_reference_brand``: the referenced card's brand (all shown brands
      without a reference) joins ``exclude_brands`` and leaves ``brands``.
      Excluded brands accumulate; a brand asked for again leaves the exclusions.
    * ``in_stock_only`` defaults to ``True``.

    Args:
        previous: The preferences so far (``None`` on the first turn).
        understanding: The message's :class:`Understanding`.
        shown: The cards on screen when the message was sent.

    Returns:
        A new preferences dict (``previous`` is not modified).
    """
    prev = dict(previous or {})
    updates = understanding.updates
    intent = understanding.intent
    if intent == "recommend" and _starts_fresh(prev, updates):
        prefs = {key: prev[key] for key in KEPT_ON_NEW_NEED if key in prev}
    else:
        prefs = prev
    excluded = list(prefs.get("exclude_brands") or [])
    if "exclude_brands" in updates and updates["exclude_brands"] is None:
        excluded = []  # "any brand": the refusals go too
    if intent in MERGING_INTENTS:
        for key, value in updates.items():
            if value is None:
                prefs.pop(key, None)
            else:
                prefs[key] = list(value) if isinstance(value, list) else value
        for brand in updates.get("exclude_brands") or ():
            if brand not in excluded:
                excluded.append(brand)
        excluded = [b for b in excluded if b not in (updates.get("brands") or ())]
    elif intent == "product_question" and updates.get("size"):
        # "show me the second one in 41": the shopper's size, for the cart that follows
        prefs["size"] = updates["size"]

    cards = list(shown)
    if understanding.reference is not None and 0 <= understanding.reference < len(cards):
        cards = [cards[understanding.reference]]
    prices = [p for p in (_price(card) for card in cards) if p is not None]
    # "cheaper" than one product means below its price; than a list, below its median (the
    # cheapest of a list is usually the cheapest there is, so "below all" finds nothing).
    pivot = statistics.median(prices) if prices else 0.0
    # Never looser than the bound already set: the cards may be the closest items shown
    # when nothing matched, which can all lie outside it.
    # Only a search changes the budget: "is the second one cheaper?" or "I'll take the
    # cheaper one" compare or pick among the cards, and must not leave a hidden bound.
    relative = understanding.relative if intent in MERGING_INTENTS else None
    if relative == "cheaper" and prices and "max_price" not in updates:
        cap = round(pivot - 0.01, 2)
        prefs["max_price"] = min(cap, prefs.get("max_price", cap))
        if prefs.get("min_price") is not None and prefs["min_price"] >= prefs["max_price"]:
            prefs.pop("min_price")
    elif relative == "pricier" and prices and "min_price" not in updates:
        floor = round(pivot + 0.01, 2)
        prefs["min_price"] = max(floor, prefs.get("min_price", floor))
        if prefs.get("max_price") is not None and prefs["max_price"] <= prefs["min_price"]:
            prefs.pop("max_price")
    if understanding.exclude_reference_brand:
        for brand in (str(card.get("brand") or "") for card in cards):
            if brand and brand not in excluded:
                excluded.append(brand)
    if excluded:
        prefs["exclude_brands"] = excluded
        kept = [b for b in prefs.get("brands") or () if b not in excluded]
        if kept:
            prefs["brands"] = kept
        else:
            prefs.pop("brands", None)
    else:
        prefs.pop("exclude_brands", None)
    prefs.setdefault("in_stock_only", True)
    return prefs


def _starts_fresh(previous: Mapping[str, Any], updates: Mapping[str, Any]) -> bool:
    """Whether a recommend's updates describe a new need rather than the previous one."""
    old = previous.get("category")
    new = updates.get("category")
    if new:
        return bool(old) and not _related(new, old)
    return bool(old) and bool(updates.get("query"))


def _price(card: Mapping[str, Any]) -> float | None:
    """What a card costs now (its sale price when on sale), or ``None`` when unreadable."""
    try:
        return float(card.get("effective_price", card.get("price")))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
