"""Whether a task's expectations are TRUE of its feed (a task wrong about the feed is a bug).

Every referenced id must exist; a turn that constrains its cards (kind, price, size, colour,
brand) must have at least one in-stock feed item meeting all of those constraints at once;
a cart size must be in stock in that product's group, and a product the cart must hold
in stock at all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from bench.relevance.feeds import Item
from bench.shoppers.feedview import FeedView, effective_price, in_stock, kind_text, size_matches
from bench.shoppers.tasks import Task

CARD_KEYS = ("kind", "max_price", "min_price", "size", "colour", "brand", "exclude_brand")


def _fits(item: Item, group: list[Item], expect: Mapping[str, Any], now: datetime) -> bool:
    if "kind" in expect and not re.search(expect["kind"], kind_text(item), re.IGNORECASE):
        return False
    price = effective_price(item, now)
    if "max_price" in expect and (price is None or price > expect["max_price"]):
        return False
    if "min_price" in expect and (price is None or price < expect["min_price"]):
        return False
    if "size" in expect:
        value, system = expect["size"]["value"], expect["size"].get("system")
        if not any(in_stock(v) and size_matches(v.size, value, system) for v in group):
            return False
    if "colour" in expect and not any(
        re.search(expect["colour"], v.color or v.title, re.IGNORECASE) for v in group
    ):
        return False
    if "brand" in expect and not re.search(expect["brand"], item.brand, re.IGNORECASE):
        return False
    return not ("exclude_brand" in expect and re.search(expect["exclude_brand"], item.brand, re.I))


def problems(task: Task, feed: FeedView, now: datetime | None = None) -> list[str]:
    """What the task claims that its feed does not bear out (empty: all true)."""
    now = now or datetime.now(UTC)
    out: list[str] = []
    for n, turn in enumerate(task.turns, 1):
        expect = turn.expect
        ids = expect.get("product", [])
        for pid in [ids] if isinstance(ids, str) else ids:
            if pid not in feed.items:
                out.append(f"turn {n}: product {pid!r} is not in the feed")
        cart = expect.get("cart", {})
        if "contains" in cart:
            target = cart["contains"]
            group = feed.groups.get(target) or (
                feed.groups.get(feed.group_key(target)) if target in feed.items else None
            )
            if not group:
                out.append(f"turn {n}: cart item {target!r} is not a feed id or group")
            elif "size" in cart and not any(
                in_stock(v) and size_matches(v.size, cart["size"], None) for v in group
            ):
                out.append(f"turn {n}: {target!r} has no size {cart['size']!r} in stock")
            elif not any(in_stock(v) for v in group):
                out.append(f"turn {n}: cart item {target!r} is sold out: the cart must refuse it")
        if any(k in expect for k in CARD_KEYS) and expect.get("cards") != "none":
            fits = [
                i
                for i in feed.items.values()
                if (in_stock(i) or expect.get("in_stock") is False)
                and _fits(i, feed.groups[i.group], expect, now)
            ]
            if not fits:
                wanted = {k: expect[k] for k in CARD_KEYS if k in expect}
                out.append(f"turn {n}: no in-stock item meets {wanted}")
    return out
