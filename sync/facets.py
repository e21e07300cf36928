"""Facets: the catalogue's shape, computed after each sync for instant browsing.

The graph reads these to open a conversation ("70 % of what we sell is
apparel"), to ground clarifying questions in real categories and price
ranges, to find merchandising collections such as "Best Sellers", and to read
the shop's own colour names ("Karmel") in a shopper's message.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sync.enrich import KNOWN_COLORS, category_paths

#: The most own colour names the facets list (the commonest first).
MAX_OWN_COLORS = 300

#: The category node of the products the feed gives no category.
UNCATEGORISED = "(uncategorised)"


@dataclass(frozen=True, slots=True)
class FacetRow:
    """The few fields of one product that facets aggregate."""

    category: str
    brand: str
    price: float
    currency: str
    in_stock: bool
    labels: tuple[str, ...]
    group_id: str
    #: Colour names of the feed's colour field that no table knows ("karmel"), as filed
    #: (:func:`sync.enrich.own_colors`).
    own_colors: tuple[str, ...] = ()

    def to_row(self) -> list[Any]:
        """JSON-friendly list, for the sync's state cache."""
        return [self.category, self.brand, self.price, self.currency, self.in_stock,
                list(self.labels), self.group_id, list(self.own_colors)]  # fmt: skip

    @classmethod
    def from_row(cls, row: list[Any]) -> FacetRow:
        """Inverse of :meth:`to_row` (a row written before own colours has none)."""
        category, brand, price, currency, in_stock, labels, group_id, *own = row
        return cls(category, brand, float(price), currency, bool(in_stock), tuple(labels),
                   group_id, tuple(own[0]) if own else ())  # fmt: skip

    @classmethod
    def from_metadata(cls, meta: dict[str, Any]) -> FacetRow:
        """Rebuild a row from a stored record's metadata."""
        return cls(
            category=meta.get("category") or "",
            brand=meta.get("brand") or "",
            price=float(meta.get("price") or 0.0),
            currency=meta.get("currency") or "",
            in_stock=bool(meta.get("in_stock")),
            labels=tuple(meta.get("labels") or ()),
            group_id=meta.get("group_id") or "",
            own_colors=tuple(c for c in meta.get("colors") or () if c not in KNOWN_COLORS),
        )


@lru_cache(maxsize=4096)
def _paths(category: str) -> tuple[str, ...]:
    """Prefix paths of a category (a catalogue repeats a few hundred of them)."""
    return tuple(category_paths(category)) or (UNCATEGORISED,)


def _price_range(prices: list[float]) -> dict[str, float]:
    return {
        "min": min(prices),
        "median": round(statistics.median(prices), 2),
        "max": max(prices),
    }


def _by_count(counts: Counter[str]) -> list[tuple[str, int]]:
    """Most common first, ties by name: the same facets whatever order the rows came in."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def compute_facets(rows: Iterable[FacetRow], top_brands: int = 50) -> dict[str, Any]:
    """Aggregate rows into the category tree, brands, prices and collections."""
    # Column by column: one Python loop per field costs far less than one loop doing all.
    rows = rows if isinstance(rows, list) else list(rows)
    total = len(rows)
    in_stock = sum(1 for row in rows if row.in_stock)
    groups = {row.group_id for row in rows}
    currencies = Counter(row.currency for row in rows)
    brands = Counter(row.brand for row in rows if row.brand)
    labels = Counter(label for row in rows for label in row.labels)
    own_colors = Counter(color for row in rows for color in row.own_colors)
    categories = Counter(row.category for row in rows)
    tree: Counter[str] = Counter()
    for category, count in categories.items():
        for path in _paths(category):
            tree[path] += count
    root_of = {category: _paths(category)[0] for category in categories}
    prices_by_category: defaultdict[str, list[float]] = defaultdict(list)
    for row in rows:
        prices_by_category[root_of[row.category]].append(row.price)
    all_prices = [row.price for row in rows]

    def node(path: str) -> dict[str, Any]:
        return {
            "path": path,
            "name": path.rsplit(" > ", 1)[-1],
            "count": tree[path],
            "share": round(tree[path] / total, 4) if total else 0.0,
        }

    children: defaultdict[str, list[str]] = defaultdict(list)
    for path in tree:
        parent = path.rsplit(" > ", 1)[0] if " > " in path else ""
        children[parent].append(path)

    def subtree(path: str) -> dict[str, Any]:
        out = node(path)
        kids = sorted(children.get(path, []), key=lambda p: (-tree[p], p))
        if kids:
            out["children"] = [subtree(k) for k in kids]
        return out

    roots = sorted(children.get("", []), key=lambda p: (-tree[p], p))
    return {
        "products": total,
        "in_stock": in_stock,
        "variant_groups": len(groups),
        "currencies": dict(_by_count(currencies)),
        "currency": _by_count(currencies)[0][0] if currencies else "",
        "price": _price_range(all_prices) if all_prices else None,
        "categories": [subtree(r) for r in roots],
        "category_prices": {
            path: _price_range(prices) for path, prices in sorted(prices_by_category.items())
        },
        "brands": [{"name": b, "count": n} for b, n in _by_count(brands)[:top_brands]],
        "brand_count": len(brands),
        "collections": [{"name": c, "count": n} for c, n in _by_count(labels)],
        # the shop's own colour names, for reading them in a message (graph.catalogue_colours)
        "own_colors": [{"name": c, "count": n} for c, n in _by_count(own_colors)[:MAX_OWN_COLORS]],
    }
