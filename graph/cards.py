"""Product cards: what a recommendation shows, as structured data in state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graph.constraints import effective_price, now_ts, sale_active
from graph.context import Context
from graph.resources import get_store
from graph.retrieval import Candidate
from graph.template_strings import TABLES

# The short "why it was chosen" phrases are the reply tables' "reason_<code>" keys (codes:
# the reranker's reasons; graph/template_strings.py). A phrase stands alone after the card's
# price, so it never agrees with the product's noun (gender, number).


_PERSONAL = ("favourite_brand", "favourite_category")


def reason_text(codes: list[str], language: str) -> str:
    """Join up to two reason phrases in the shopper's language."""
    table = TABLES.get(language, TABLES["en"])  # the reply tables: "reason_<code>"
    # The personal reasons say most about why *this* shopper sees the product: first.
    ordered = sorted(dict.fromkeys(codes), key=lambda c: c not in _PERSONAL)
    phrases = [str(table[f"reason_{c}"]) for c in ordered if f"reason_{c}" in table][:2]
    return ", ".join(phrases) if phrases else str(table["reason_default"])


def card(candidate: Candidate, now: int, language: str = "en") -> dict[str, Any]:
    """The product card for a candidate (the best-matching variant of its group)."""
    meta = candidate.meta
    return card_from_metadata(
        candidate.id,
        meta,
        now,
        options=candidate.options,
        reason=reason_text(candidate.reasons, language),
        score=candidate.score,
    )


def card_from_metadata(
    pid: str,
    meta: Mapping[str, Any],
    now: int,
    *,
    options: Mapping[str, list[str]] | None = None,
    reason: str = "",
    score: float = 0.0,
) -> dict[str, Any]:
    """A card from a stored record's metadata."""
    on_sale = sale_active(meta, now)
    options = dict(options or {})
    return {
        "id": pid,
        "title": meta.get("title") or pid,
        "price": float(meta.get("price") or 0.0),
        "currency": meta.get("currency") or "",
        "sale_price": float(meta["sale_price"]) if on_sale else None,
        "effective_price": effective_price(meta, now),
        "in_stock": bool(meta.get("in_stock")),
        "availability": meta.get("availability") or "",
        "link": meta.get("link") or "",
        "image": meta.get("image_link") or "",
        "brand": meta.get("brand") or "",
        "category": meta.get("category") or "",
        "group_id": meta.get("group_id") or pid,
        "color": meta.get("color") or "",
        "size": meta.get("size") or "",
        "material": meta.get("material") or "",  # what "what is it made of?" is answered with
        "variant_options": options,
        "variants": _summary(options),
        "reason": reason,
        "score": round(score, 4),
    }


def _summary(options: Mapping[str, list[str]]) -> str:
    parts = []
    if len(options.get("size", ())) > 1:
        parts.append(f"{len(options['size'])} sizes")
    if len(options.get("color", ())) > 1:
        parts.append(f"{len(options['color'])} colours")
    return ", ".join(parts)


def card_of(ctx: Context, pid: str) -> dict[str, Any] | None:
    """The card of product ``pid`` as the index holds it now (``None``: gone)."""
    got = get_store(ctx).get(ids=[pid], include=["metadatas"])
    return card_from_metadata(pid, got["metadatas"][0], now_ts()) if got["ids"] else None


def cards_of(ctx: Context, ids: Sequence[str]) -> list[dict[str, Any]]:
    """The cards of products by id, in that order (those still in the catalogue)."""
    got = get_store(ctx).get(ids=list(ids), include=["metadatas"])
    found = dict(zip(got["ids"], got["metadatas"], strict=True))
    now = now_ts()
    return [card_from_metadata(pid, found[pid], now) for pid in ids if pid in found]


#: Keys a looked-up product carries for the answer, not for its card.
ANSWER_ONLY = ("details", "variant_stock")


def as_card(product: Mapping[str, Any]) -> dict[str, Any]:
    """A looked-up product as a card: without what only the answer reads (its text)."""
    return {k: v for k, v in product.items() if k not in ANSWER_ONLY}
