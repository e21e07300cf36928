"""What the feed says about each item, read with ``bench/relevance/feeds.py`` (lxml, no ``sync``).

Every check of the suite is computed from here, never from the index or the graph's own
metadata: a sync bug must show up as a failed check, not be inherited by it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path

from bench.relevance.feeds import Item, read_items

IN_STOCK = {"in stock", "in_stock", "instock", "limited availability", ""}  # "": not stated
SYSTEMS = ("US", "UK", "EU", "FR", "IT", "JP")
_NUMBER = re.compile(r"\d[\d.,\s]*")
_SYSTEM_VALUE = re.compile(r"^(?:(US|UK|EU|FR|IT|JP)\s*)?(.+?)$", re.IGNORECASE)
_SIZE_TOKENS = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:x\s*\d+(?:[.,]\d+)?)?\s*(?:cm|mm|\"|in)?\b")


def parse_price(text: str) -> float | None:
    """The number in a feed price: ``310.95 USD``, ``55``, ``1.299,00 zł``, ``22.0 USD``."""
    match = _NUMBER.search(text or "")
    if not match:
        return None
    raw = re.sub(r"\s", "", match.group(0)).rstrip(".,")
    if "," in raw and "." in raw:  # the last separator is the decimal one
        dec = "," if raw.rfind(",") > raw.rfind(".") else "."
        raw = raw.replace("." if dec == "," else ",", "").replace(dec, ".")
    elif "," in raw:
        head, _, tail = raw.rpartition(",")
        raw = f"{head.replace(',', '')}.{tail}" if len(tail) != 3 else raw.replace(",", "")
    try:
        return float(raw)
    except ValueError:
        return None


def sale_active(dates: str, now: datetime) -> bool:
    """Whether ``now`` is inside a ``start/end`` sale window (no window: always)."""
    if not dates.strip():
        return True
    parts = dates.split("/")
    try:
        start = datetime.fromisoformat(parts[0].strip()) if parts[0].strip() else None
        end = datetime.fromisoformat(parts[1].strip()) if len(parts) > 1 else None
    except ValueError:
        return True  # an unreadable window: the feed states a sale price, take it
    start = start.replace(tzinfo=start.tzinfo or UTC) if start else None
    end = end.replace(tzinfo=end.tzinfo or UTC) if end else None
    return (start is None or start <= now) and (end is None or now <= end)


def effective_price(item: Item, now: datetime | None = None) -> float | None:
    """The price the feed states now: the sale price inside its window, else the price."""
    now = now or datetime.now(UTC)
    if item.sale_price and sale_active(item.sale_dates, now):
        sale = parse_price(item.sale_price)
        if sale is not None:
            return sale
    return parse_price(item.regular_price or item.price)


def in_stock(item: Item) -> bool:
    """In stock per the feed (a feed that states no availability claims nothing)."""
    return item.availability.strip().lower() in IN_STOCK


def kind_text(item: Item) -> str:
    """What "the right kind of product" is judged on: title, product_type, Google category."""
    return " ".join(p for p in (item.title, item.product_type, item.google_category) if p)


def size_pairs(size: str) -> list[tuple[str | None, str]]:
    """``US 9 | EU 42`` → [("US", "9"), ("EU", "42")]; ``M`` → [(None, "M")]."""
    pairs = []
    for part in re.split(r"[|/;,]", size or ""):
        part = part.strip()
        if not part:
            continue
        match = _SYSTEM_VALUE.match(part)
        if match:
            system = match.group(1).upper() if match.group(1) else None
            pairs.append((system, _norm_size(match.group(2))))
    return pairs


def _norm_size(value: str) -> str:
    value = re.sub(r"(?<=\d)\s*[x×х]\s*(?=\d)", "x", value.casefold())  # 70×200, 70 х 200
    return re.sub(r"\s+", " ", value.strip().replace(",", "."))


def _holds(got: str, want: str) -> bool:
    """``want`` is ``got`` or a whole token of it (``70x200`` in ``70x200 см``)."""
    if got == want:
        return True
    return re.search(rf"(?<![\w.]){re.escape(want)}(?![\w.])", got) is not None


def size_matches(size: str, value: str, system: str | None) -> bool:
    """Whether a feed size field holds ``value`` (in ``system`` when the field names systems).

    The value must be a whole part or token: ``39`` is in ``EU 39 / UK 6`` and ``39-40``,
    ``M`` is not in ``XL``, ``70×200`` is in ``70×200 см``.
    """
    want = _norm_size(value)
    pairs = size_pairs(size)
    named = any(s is not None for s, _ in pairs)
    for got_system, got in pairs:
        if not _holds(got, want):
            continue
        if system is None or not named or got_system == system.upper():
            return True
    return False


def fold(text: str) -> str:
    """Case- and accent-insensitive form for word matching."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def title_stem(title: str) -> str:
    """A title without its size tokens (``140x70cm``, ``16x16``, ``84"``): derived groups."""
    return re.sub(r"\s+", " ", _SIZE_TOKENS.sub(" ", fold(title))).strip()


@dataclass
class FeedView:
    """One feed's items, by id and by variant group."""

    path: Path
    items: dict[str, Item]

    @classmethod
    def read(cls, path: str | Path) -> FeedView:
        items: dict[str, Item] = {}
        for item in read_items(path):
            items.setdefault(item.id, item)  # a repeated id: the first one, as a reader would
        return cls(Path(path), items)

    @cached_property
    def groups(self) -> dict[str, list[Item]]:
        out: dict[str, list[Item]] = {}
        for item in self.items.values():
            out.setdefault(item.group, []).append(item)
        return out

    @cached_property
    def _by_stem(self) -> dict[str, list[Item]]:
        out: dict[str, list[Item]] = {}
        for item in self.items.values():
            out.setdefault(title_stem(item.title), []).append(item)
        return out

    def variants(self, card_id: str, group_id: str = "") -> list[Item]:
        """The variant group of a card as the feed defines it.

        The card's ``group_id`` when it is a feed group; else (a group the sync derived for a
        feed without ``item_group_id``) the card item's feed group, widened to the items whose
        title is the same once size tokens are removed. Empty when the id is not in the feed.
        """
        if group_id and group_id in self.groups:
            return self.groups[group_id]
        item = self.items.get(card_id)
        if item is None:
            return []
        found = {i.id: i for i in self.groups.get(item.group, [item])}
        if group_id:
            for other in self._by_stem.get(title_stem(item.title), []):
                found.setdefault(other.id, other)
        return list(found.values())

    def group_key(self, item_id: str) -> str:
        """The feed group of an id (the id itself when it is a group or unknown)."""
        item = self.items.get(item_id)
        return item.group if item else item_id
