"""A card named by its price: "vale, el de 110 al carrito", "the 24.99 one", "тот, что за 85".

Two cards with one title ("Collier perles de culture et strass", at 150 € and 110 €) differ
only in price, and the shopper names the one they mean by it. A number the message says
that is exactly one shown card's selling price, and no size the cards come in, points at
that card; a budget ("under 110") is the price filter's, not a pointer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from graph.card_references import selling_price

_NUMBER_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d{1,2})?)(?![\w]|[.,]\d)")
#: Prices within this of each other are the same price (a cent written or not).
SAME_PRICE = 0.005


def card_priced_at(
    text: str, shown: Sequence[Mapping[str, Any]], updates: Mapping[str, Any]
) -> int | None:
    """The place of the one shown card whose price the message says, else ``None``."""
    if len(shown) < 2 or {"min_price", "max_price", "size"} & set(updates):
        return None
    sizes = {
        str(size).strip().casefold()
        for card in shown
        for size in (card.get("variant_options") or {}).get("size") or ()
    }
    said = [
        float(n.replace(",", ".")) for n in _NUMBER_RE.findall(text) if n.casefold() not in sizes
    ]
    at = {
        i
        for i, card in enumerate(shown)
        for amount in said
        if abs(selling_price(card) - amount) < SAME_PRICE
    }
    return at.pop() if len(at) == 1 else None
