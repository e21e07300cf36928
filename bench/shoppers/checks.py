"""The checks of one turn: each key of ``expect`` is one check, plus the implicit ones.

Implicit on every turn: the reply's language (the task's, or ``reply_language``). Implicit on
a turn with cards: every card in stock per the feed (unless ``"in_stock": false``) and every
card's price equal to the feed's. Facts come from :mod:`feedview` (the feed, read without
``sync``). A per-card check on a turn without cards passes (nothing to check): whether cards
are shown is the ``cards`` check's, so a missing list counts once. The graph's output read
here is only its contract: ``recommendations``, ``cart``, ``messages``, ``trace["not_carried"]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bench.shoppers.feedview import (
    FeedView,
    effective_price,
    fold,
    in_stock,
    kind_text,
    size_matches,
)
from bench.shoppers.langid import detect

PRICE_TOLERANCE = 0.005


@dataclass(frozen=True)
class Check:
    """One check's outcome."""

    name: str
    ok: bool
    expected: str
    seen: str


def reply_text(state: Mapping[str, Any]) -> str:
    """The assistant's last message."""
    messages = state.get("messages") or []
    if not messages:
        return ""
    content = getattr(messages[-1], "content", "")
    if isinstance(content, list):  # content blocks
        content = " ".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content)


def _cards(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(state.get("recommendations") or [])


def _label(card: Mapping[str, Any]) -> str:
    return f"{card.get('id')} {str(card.get('title', ''))[:40]!r}"


def _every_card(
    name: str, expected: str, cards: Sequence[Mapping[str, Any]], bad: list[str]
) -> Check:
    if not cards:  # vacuously true: whether cards are shown at all is the "cards" check's job
        return Check(name, True, expected, "no cards to check")
    return Check(name, not bad, expected, "; ".join(bad) if bad else f"{len(cards)} cards ok")


def shown_price(card: Mapping[str, Any]) -> float | None:
    """The price a card shows (older cards lack ``effective_price``)."""
    for key in ("effective_price", "sale_price", "price"):
        value = card.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


def check_turn(
    expect: Mapping[str, Any],
    state: Mapping[str, Any],
    feed: FeedView,
    language: str,
    now: datetime | None = None,
) -> list[Check]:
    """Every check of one turn, in a stable order."""
    now = now or datetime.now(UTC)
    cards = _cards(state)
    text = reply_text(state)
    out: list[Check] = []

    def item_of(card: Mapping[str, Any]) -> Any:
        return feed.items.get(str(card.get("id", "")))

    missing = [_label(c) + " not in the feed" for c in cards if item_of(c) is None]

    if "cards" in expect:
        want = expect["cards"]
        out.append(Check("cards", bool(cards) == (want == "some"), want, f"{len(cards)} cards"))
    if "kind" in expect:
        rx = re.compile(expect["kind"], re.IGNORECASE)
        bad = missing + [
            _label(c)
            for c in cards
            if (i := item_of(c)) is not None and not rx.search(kind_text(i))
        ]
        out.append(_every_card("kind", f"/{expect['kind']}/", cards, bad))
    for key, op in (("max_price", "<="), ("min_price", ">=")):
        if key in expect:
            limit = float(expect[key])
            bad = list(missing)
            for c in cards:
                i = item_of(c)
                price = effective_price(i, now) if i is not None else None
                if i is not None and (
                    price is None or (price > limit if op == "<=" else price < limit)
                ):
                    bad.append(f"{_label(c)} at {price}")
            out.append(_every_card(key, f"every card {op} {limit:g}", cards, bad))
    if "size" in expect:
        value, system = expect["size"]["value"], expect["size"].get("system")
        bad = list(missing)
        for c in cards:
            group = feed.variants(str(c.get("id", "")), str(c.get("group_id", "")))
            if group and not any(
                in_stock(v) and size_matches(v.size, value, system) for v in group
            ):
                sizes = sorted({v.size for v in group if in_stock(v) and v.size})
                bad.append(f"{_label(c)} in stock: {sizes}")
        want = f"size {system + ' ' if system else ''}{value} in stock"
        out.append(_every_card("size", want, cards, bad))
    if "colour" in expect:
        rx = re.compile(expect["colour"], re.IGNORECASE)
        bad = list(missing)
        for c in cards:
            group = feed.variants(str(c.get("id", "")), str(c.get("group_id", "")))
            if group and not any(rx.search(v.color or v.title) for v in group):
                bad.append(f"{_label(c)} colours {sorted({v.color for v in group})}")
        out.append(_every_card("colour", f"/{expect['colour']}/", cards, bad))
    if "brand" in expect:
        rx = re.compile(expect["brand"], re.IGNORECASE)
        bad = missing + [
            f"{_label(c)} by {i.brand!r}"
            for c in cards
            if (i := item_of(c)) is not None and not rx.search(i.brand)
        ]
        out.append(_every_card("brand", f"/{expect['brand']}/", cards, bad))
    if "exclude_brand" in expect:
        rx = re.compile(expect["exclude_brand"], re.IGNORECASE)
        bad = missing + [
            f"{_label(c)} by {i.brand!r}"
            for c in cards
            if (i := item_of(c)) is not None and rx.search(i.brand)
        ]
        seen = "; ".join(bad) if bad else f"{len(cards)} cards ok"
        out.append(Check("exclude_brand", not bad, f"no /{expect['exclude_brand']}/", seen))
    if "product" in expect:
        out.append(_product_check(expect["product"], cards, text, feed))
    if "answer" in expect:
        ok = re.search(expect["answer"], text, re.IGNORECASE) is not None
        out.append(Check("answer", ok, f"/{expect['answer']}/", text[:160]))
    if "question" in expect:
        asks = "?" in text or "¿" in text
        out.append(
            Check(
                "question",
                asks and not cards,
                "a question, no cards",
                f"{'a question' if asks else 'no question'}, {len(cards)} cards",
            )
        )
    if "not_carried" in expect:
        trace = state.get("trace") or {}
        said = str(trace.get("not_carried") or "")
        want = bool(expect["not_carried"])
        out.append(
            Check(
                "not_carried",
                bool(said) == want,
                "claimed not carried" if want else "no not-carried claim",
                f"claimed {said!r}" if said else "no claim",
            )
        )
    if "cart" in expect:
        out.append(_cart_check(expect["cart"], list(state.get("cart") or []), feed))

    if cards and expect.get("in_stock", True) is not False:
        bad = missing + [
            f"{_label(c)} is {i.availability!r}"
            for c in cards
            if (i := item_of(c)) is not None and not in_stock(i)
        ]
        out.append(_every_card("in_stock", "every card in stock", cards, bad))
    if cards:
        bad = list(missing)
        for c in cards:
            i = item_of(c)
            if i is None:
                continue
            want_price, got = effective_price(i, now), shown_price(c)
            if want_price is None or got is None or abs(want_price - got) > PRICE_TOLERANCE:
                bad.append(f"{_label(c)} shows {got}, feed {want_price}")
        out.append(_every_card("price_shown", "card prices equal the feed's", cards, bad))
    want_language = expect.get("reply_language", language)
    # the shop's product names are no language: the cards', the cart lines' and the titles
    # of the product asked about (a reply about it opens with its name), and any product's
    # title the reply quotes whole (an answer about the card in view, "Was kostet so eine?")
    named = [str(c.get("title", "")) for c in [*cards, *(state.get("cart") or [])]]
    asked = expect.get("product") or []
    for pid in [asked] if isinstance(asked, str) else asked:
        if (item := feed.items.get(pid)) is not None:
            named.append(item.title)
    named += [t for t in quoted_titles(feed, text) if t not in named]
    got_language = detect(text, named, want_language)
    out.append(
        Check(
            "reply_language",
            got_language == want_language,
            want_language,
            f"{got_language}: {text[:80]!r}",
        )
    )
    return out


#: Shorter titles are too often ordinary words ("Kilt", "Bague") to be told from the reply.
MIN_QUOTED_TITLE = 12


def quoted_titles(feed: FeedView, text: str) -> list[str]:
    """The titles of the feed's products that ``text`` quotes whole."""
    titles = {i.title for i in feed.items.values() if len(i.title) >= MIN_QUOTED_TITLE}
    return sorted(t for t in titles if t in text)


def _distinctive_words(title: str, brand: str) -> list[str]:
    brand_words = set(re.findall(r"\w+", fold(brand)))
    words = [w for w in re.findall(r"\w+", fold(title)) if len(w) > 2 and w not in brand_words]
    return words or re.findall(r"\w+", fold(title))


def _product_check(
    product: str | list[str], cards: Sequence[Mapping[str, Any]], text: str, feed: FeedView
) -> Check:
    """The turn is about the product: first card of its group, or its title said in the reply."""
    ids = [product] if isinstance(product, str) else list(product)
    groups = {feed.group_key(i) for i in ids}
    if cards and feed.group_key(str(cards[0].get("id", ""))) in groups | set(ids):
        return Check("product", True, f"about {ids}", f"first card {_label(cards[0])}")
    folded = fold(text)
    for pid in ids:
        item = feed.items.get(pid)
        if item is None:
            continue
        words = _distinctive_words(item.title, item.brand)
        if sum(w in folded for w in words) >= max(1, round(0.7 * len(words))):
            return Check("product", True, f"about {ids}", f"reply names {item.title!r}")
    first = _label(cards[0]) if cards else "no cards"
    return Check("product", False, f"about {ids}", f"first card {first}; reply {text[:80]!r}")


def _cart_check(want: Mapping[str, Any], cart: list[dict[str, Any]], feed: FeedView) -> Check:
    lines = [
        f"{line.get('id')}({line.get('size') or '-'})x{line.get('quantity', 1)}" for line in cart
    ]
    seen = ", ".join(lines) or "empty cart"
    if "empty" in want:
        return Check("cart", not cart, "empty cart", seen)
    if "count" in want:
        return Check("cart", len(cart) == want["count"], f"{want['count']} lines", seen)
    target = want["contains"]
    target_group = feed.group_key(target)
    for line in cart:
        line_id = str(line.get("id", ""))
        same = (
            line_id == target
            or str(line.get("group_id", "")) == target
            or feed.group_key(line_id) == target_group
        )
        if not same:
            continue
        size = want.get("size")
        if size is None:
            return Check("cart", True, f"holds {target}", seen)
        item = feed.items.get(line_id)
        line_size = item.size if item is not None and item.size else str(line.get("size", ""))
        if size_matches(line_size, size, None):
            return Check("cart", True, f"holds {target} in size {size}", seen)
    expected = f"holds {target}" + (f" in size {want['size']}" if "size" in want else "")
    return Check("cart", False, expected, seen)
