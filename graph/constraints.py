"""The shopper's hard constraints: what a product must be to be shown at all.

Price (the price paid now, a sale inside its window), stock, category subtree, brand,
colour, size, gender, collection, on sale. Three readings of one rule set: a Chroma
``where`` filter (:func:`build_where`), the constraints a record breaks
(:func:`violations`), and one predicate for scans over thousands of rows
(:func:`admits`); :class:`graph.tables.FilterColumns` is the same rule set over columns.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from sync.sizes import kinds_of, shopper_tokens

#: The metadata keys :func:`violations` reads (and a filter table keeps).
FILTER_KEYS = (
    "in_stock", "categories", "brand_key", "colors", "sizes", "gender", "labels",
    "has_sale", "sale_price", "sale_start", "sale_end", "price", "group_id", "product_type",
)  # fmt: skip


def now_ts() -> int:
    """Current time in epoch seconds (sale windows are compared against it)."""
    return int(time.time())


def sale_active(meta: Mapping[str, Any], now: int) -> bool:
    """Whether the record's sale price applies now."""
    return bool(meta.get("has_sale")) and meta.get("sale_start", 0) <= now <= meta.get(
        "sale_end", 0
    )


def effective_price(meta: Mapping[str, Any], now: int) -> float:
    """The price a shopper pays now."""
    return float(meta["sale_price"] if sale_active(meta, now) else meta["price"])


def _price_window(now: int) -> list[dict[str, Any]]:
    return [{"sale_start": {"$lte": now}}, {"sale_end": {"$gte": now}}]


def size_tokens(prefs: Mapping[str, Any]) -> list[str]:
    """The size tokens that fit the shopper's size (``[]``: no size asked).

    An unnamed number is read for the kind of product asked for (the category, else
    the query): "42" for shoes is EU 42, for jeans also a waist (see :mod:`sync.sizes`).
    """
    if not prefs.get("size"):
        return []
    named = (prefs.get("category"), *(prefs.get("category_any") or ()), prefs.get("query"))
    return sorted(_fitting_sizes(str(prefs["size"]), tuple(str(t or "") for t in named)))


@lru_cache(maxsize=512)
def _fitting_sizes(size: str, named: tuple[str, ...]) -> frozenset[str]:
    return frozenset(shopper_tokens(size, kinds_of(*named)))


def build_where(prefs: Mapping[str, Any], now: int) -> dict[str, Any] | None:
    """The Chroma filter for the hard constraints in ``prefs``.

    Every record stores ``sale_price`` and a sale window (no sale: the price,
    always), so "effective price <= X" is ``price <= X`` or ``sale_price <= X``
    inside the window.
    """
    clauses: list[dict[str, Any]] = []
    if prefs.get("in_stock_only", True):
        clauses.append({"in_stock": True})
    if prefs.get("category"):
        clauses.append({"categories": {"$contains": prefs["category"]}})
    if tied := list(prefs.get("category_any") or ()):
        any_of = [{"categories": {"$contains": path}} for path in tied]
        clauses.append(any_of[0] if len(any_of) == 1 else {"$or": any_of})
    if prefs.get("brands"):
        clauses.append({"brand_key": {"$in": [b.casefold() for b in prefs["brands"]]}})
    if prefs.get("exclude_brands"):
        clauses.append({"brand_key": {"$nin": [b.casefold() for b in prefs["exclude_brands"]]}})
    colors = list(prefs.get("colors") or ())
    if len(colors) == 1:
        clauses.append({"colors": {"$contains": colors[0]}})
    elif colors:
        clauses.append({"$or": [{"colors": {"$contains": c}} for c in colors]})
    if sizes := size_tokens(prefs):
        any_size = [{"sizes": {"$contains": token}} for token in sizes]
        clauses.append(any_size[0] if len(any_size) == 1 else {"$or": any_size})
    if prefs.get("gender"):
        gender = prefs["gender"]
        allowed = [gender] if gender == "kids" else [gender, "unisex"]
        clauses.append({"gender": {"$in": allowed}})
    elif prefs.get("exclude_genders"):  # a gift's recipient; records without a gender stay
        clauses.append({"gender": {"$nin": list(prefs["exclude_genders"])}})
    if prefs.get("collection"):
        clauses.append({"labels": {"$contains": prefs["collection"]}})
    if prefs.get("on_sale"):
        clauses.extend([{"has_sale": True}, *_price_window(now)])
    if prefs.get("max_price") is not None:
        cap = float(prefs["max_price"])
        clauses.append(
            {
                "$or": [
                    {"price": {"$lte": cap}},
                    {"$and": [{"sale_price": {"$lte": cap}}, *_price_window(now)]},
                ]
            }
        )
    if prefs.get("min_price") is not None:
        floor = float(prefs["min_price"])
        clauses.append(
            {
                "$or": [
                    {"$and": [{"sale_price": {"$gte": floor}}, *_price_window(now)]},
                    {
                        "$and": [
                            {"price": {"$gte": floor}},
                            {"$or": [{"sale_start": {"$gt": now}}, {"sale_end": {"$lt": now}}]},
                        ]
                    },
                ]
            }
        )
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


def violations(meta: Mapping[str, Any], prefs: Mapping[str, Any], now: int) -> list[str]:
    """The hard constraints a record breaks (empty: it satisfies all of them)."""
    broken = []
    if prefs.get("in_stock_only", True) and not meta.get("in_stock"):
        broken.append("in_stock_only")
    categories = meta.get("categories") or ()
    if prefs.get("category") and prefs["category"] not in categories:
        broken.append("category")
    if prefs.get("category_any") and not set(prefs["category_any"]) & set(categories):
        broken.append("category")
    brand = (meta.get("brand_key") or "").casefold()
    if prefs.get("brands") and brand not in {b.casefold() for b in prefs["brands"]}:
        broken.append("brands")
    if prefs.get("exclude_brands") and brand in {b.casefold() for b in prefs["exclude_brands"]}:
        broken.append("exclude_brands")
    if prefs.get("colors") and not set(prefs["colors"]) & set(meta.get("colors") or ()):
        broken.append("colors")
    if prefs.get("size") and set(size_tokens(prefs)).isdisjoint(meta.get("sizes") or ()):
        broken.append("size")
    if prefs.get("gender"):
        allowed = {prefs["gender"]} if prefs["gender"] == "kids" else {prefs["gender"], "unisex"}
        if meta.get("gender") not in allowed:
            broken.append("gender")
    elif meta.get("gender") and meta["gender"] in (prefs.get("exclude_genders") or ()):
        broken.append("exclude_genders")
    if prefs.get("collection") and prefs["collection"] not in (meta.get("labels") or ()):
        broken.append("collection")
    if prefs.get("on_sale") and not sale_active(meta, now):
        broken.append("on_sale")
    price = effective_price(meta, now)
    if prefs.get("max_price") is not None and price > float(prefs["max_price"]) + 1e-9:
        broken.append("max_price")
    if prefs.get("min_price") is not None and price < float(prefs["min_price"]) - 1e-9:
        broken.append("min_price")
    return broken


def admits(prefs: Mapping[str, Any], now: int) -> Callable[[Mapping[str, Any]], bool]:
    """``not violations(meta, prefs, now)`` as one predicate, the prefs read once.

    For the scans that check thousands of products a turn (the nearest products and
    the BM25 list against the filter table): each record then costs only the checks
    the shopper's constraints need. :func:`violations` stays what says which broke.
    """
    checks: list[Callable[[Mapping[str, Any]], bool]] = []
    if prefs.get("in_stock_only", True):
        checks.append(lambda m: bool(m.get("in_stock")))
    if prefs.get("category"):
        category = prefs["category"]
        checks.append(lambda m: category in (m.get("categories") or ()))
    if prefs.get("category_any"):
        any_of = set(prefs["category_any"])
        checks.append(lambda m: not any_of.isdisjoint(m.get("categories") or ()))
    if prefs.get("brands"):
        brands = {b.casefold() for b in prefs["brands"]}
        checks.append(lambda m: (m.get("brand_key") or "").casefold() in brands)
    if prefs.get("exclude_brands"):
        excluded = {b.casefold() for b in prefs["exclude_brands"]}
        checks.append(lambda m: (m.get("brand_key") or "").casefold() not in excluded)
    if prefs.get("colors"):
        colors = set(prefs["colors"])
        checks.append(lambda m: not colors.isdisjoint(m.get("colors") or ()))
    if prefs.get("size"):
        fitting = set(size_tokens(prefs))
        checks.append(lambda m: not fitting.isdisjoint(m.get("sizes") or ()))
    if prefs.get("gender"):
        allowed = {prefs["gender"]} if prefs["gender"] == "kids" else {prefs["gender"], "unisex"}
        checks.append(lambda m: m.get("gender") in allowed)
    elif prefs.get("exclude_genders"):
        unwanted = set(prefs["exclude_genders"])
        checks.append(lambda m: not m.get("gender") or m["gender"] not in unwanted)
    if prefs.get("collection"):
        collection = prefs["collection"]
        checks.append(lambda m: collection in (m.get("labels") or ()))
    if prefs.get("on_sale"):
        checks.append(lambda m: sale_active(m, now))
    if prefs.get("max_price") is not None:
        most = float(prefs["max_price"]) + 1e-9
        checks.append(lambda m: effective_price(m, now) <= most)
    if prefs.get("min_price") is not None:
        least = float(prefs["min_price"]) - 1e-9
        checks.append(lambda m: effective_price(m, now) >= least)
    if len(checks) == 1:
        return checks[0]
    return lambda meta: all(check(meta) for check in checks)
