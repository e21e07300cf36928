"""Templated answers about products shown: one product, a question about all, a comparison."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from graph.card_lines import _card_line, _color_word, _effective, _pref, _price_text, _status
from graph.formatting import _as_list, _distinct, _join, _t, format_price, normalise_language
from graph.vocabulary import FEATURE_TEXT_RE
from sync.enrich import record_colors
from sync.sizes import matches as size_fits


def _options(card: Mapping, key: str) -> list[str]:
    opts = card.get("variant_options") or {}
    values = opts.get(key) or (opts.get("colour") if key == "color" else None)
    # A product without variants has its one colour/size on the card itself.
    return _distinct(_as_list(values or card.get(key)))


def _match(wanted: str, values: Sequence[str]) -> str | None:
    want = wanted.strip().casefold()
    for v in values:
        if v.casefold() == want:
            return v
    for v in values:  # "blue" also matches "Navy Blue"; we name the real value
        if want in v.casefold().replace("/", " ").replace("-", " ").split():
            return v
    return None


def _match_color(wanted: str, values: Sequence[str]) -> str | None:
    """The colour value that is ``wanted``, as written or as the colour it names.

    "green" is the feed's "Verde Esmeralda", "brown" its "Шоколад", "blue" its "Azul
    Marino" (the colours the sync files a feed's colour under, shades' colours included).
    """
    return _match(wanted, values) or next(
        (v for v in values if wanted.casefold() in record_colors(v, from_feed=True)), None
    )


def _match_size(wanted: str, values: Sequence[str]) -> str | None:
    """The size text that fits ``wanted`` in any system it states ("UK 5": "EU 38 / UK 5")."""
    return _match(wanted, values) or next((v for v in values if size_fits(wanted, v)), None)


def _feature_sentence(details: str, concept: str) -> str | None:
    """The first sentence (or list item) of a product's text naming ``concept``.

    The description is searched before the title (the stored text's first line): a
    sentence about the feature says more than the product's name.
    """
    title, *rest = details.split("\n")
    body = "\n".join(line for line in rest if not line.startswith(("Brand: ", "Category: ")))
    for text in (body, title):
        for sentence in re.split(r"(?<=[.!?])\s+|\n+|\s+[•·|]\s+", text):
            if FEATURE_TEXT_RE[concept].search(sentence.lower()):
                return sentence.strip()
    return None


def _sold_out(card: Mapping, key: str) -> list[str]:
    """Colours or sizes (``key``) that some variant has, but none in stock."""
    index = 0 if key == "color" else 1 if key == "size" else None
    if index is None:
        return []
    variants = card.get("variant_stock") or []
    stocked = {v[index] for v in variants if v[2]}
    return _distinct(str(v[index]) for v in variants if v[index] and v[index] not in stocked)


def _combination(lang: str, title: str, card: Mapping, asked: Mapping) -> str | None:
    """Yes, sold out or no for a colour *and* size asked together ("XS in burgundy").

    Each may exist on its own while that one variant is sold out or not made.
    """
    color = next(iter(_as_list(_pref(asked, "color", "colour", "colors"))), None)
    size = next(iter(_as_list(_pref(asked, "size", "sizes"))), None)
    variants = card.get("variant_stock") or []
    if not (color and size and variants):
        return None
    found = [
        in_stock
        for v_color, v_size, in_stock in variants
        if _match_color(str(color), [str(v_color)]) and _match_size(str(size), [str(v_size)])
    ]
    value = f"{_color_word(lang, color)}, {_t(lang, 'val_size', v=size)}"
    if any(found):
        return _t(lang, "pa_yes", title=title, value=value)
    if found:
        return _t(lang, "pa_sold_out", title=title, value=value)
    return _t(lang, "pa_no", title=title, value=value)


def product_answer(
    language: str,
    card: Mapping,
    asked: Mapping,
    features: Sequence[tuple[str, str]] = (),
    quotes: Sequence[str] = (),
) -> str:
    """Answer about one product: its features, an asked colour or size, then the facts.

    Args:
        language: The reply's language.
        card: The product's card, with ``details`` (its stored text) for features.
        asked: An asked ``color``/``size``: a direct yes or no.
        features: ``(concept, the shopper's word)`` pairs (``features_asked``): what
            the product's text says of each ("is it waterproof?"), quoted, never
            judged; that it says nothing, when it doesn't.
        quotes: Sentences of the product's text that answer any other question
            (:func:`graph.answers.passages`), quoted first.
    """
    lang = normalise_language(language)
    title = str(card.get("title") or card.get("id") or "")
    lines = [_t(lang, "pa_quote", title=title, quote=quote) for quote in quotes]
    for concept, word in features:
        quote = _feature_sentence(str(card.get("details") or ""), concept)
        if quote:
            lines.append(_t(lang, "pa_feature_found", title=title, feature=word, quote=quote))
        else:
            lines.append(_t(lang, "pa_feature_unknown", title=title, feature=word))
    aliases = {
        "color": ("color", "colour", "colors"),
        "size": ("size", "sizes"),
        "material": ("material",),
    }
    combo = _combination(lang, title, card, asked or {})
    if combo:
        lines.append(combo)
    for key, names in aliases.items():
        listed = _as_list(_pref(asked or {}, *names))
        if not listed or (combo and key in ("color", "size")):
            continue
        wanted = listed[0]
        values = _options(card, key)
        if key == "size":
            wanted_text = _t(lang, "val_size", v=wanted)
        else:
            wanted_text = _color_word(lang, wanted) if key == "color" else str(wanted)
        if not values:
            lines.append(_t(lang, "pa_unknown", attr=_t(lang, f"attr_{key}"), title=title))
            continue
        match = _match_size if key == "size" else _match_color if key == "color" else _match
        hit = match(str(wanted), values)
        sold_out = match(str(wanted), _sold_out(card, key))
        if hit is not None:
            shown = _t(lang, "val_size", v=hit) if key == "size" else hit
            lines.append(_t(lang, "pa_yes", title=title, value=shown))
        elif sold_out is not None:
            shown = _t(lang, "val_size", v=sold_out) if key == "size" else sold_out
            lines.append(_t(lang, "pa_sold_out", title=title, value=shown))
        else:
            lines.append(_t(lang, "pa_no", title=title, value=wanted_text))
    lines.append(
        _t(
            lang,
            "pa_status",
            title=title,
            status=_status(lang, card),
            price=_price_text(lang, card),
        )
    )
    for key, label in (("color", "pa_colors"), ("size", "pa_sizes"), ("material", "pa_materials")):
        values = _options(card, key)
        if values:
            lines.append(_t(lang, label, values=", ".join(values)))
    if card.get("link"):
        lines.append(_t(lang, "pa_link", link=card["link"]))
    if card.get("in_stock"):
        lines.append(_t(lang, "pa_cart"))
    return "\n".join(lines)


def availability(card: Mapping, color: str | None, size: str | None) -> str:
    """Whether a variant has the asked colour and size: "yes", "sold_out" or "no"."""
    variants = card.get("variant_stock") or [
        [c, z, bool(card.get("in_stock"))]
        for c in (_options(card, "color") or [""])
        for z in (_options(card, "size") or [""])
    ]
    found = [
        bool(in_stock)
        for v_color, v_size, in_stock in variants
        if (not color or _match_color(color, [str(v_color)]))
        and (not size or _match_size(size, [str(v_size)]))
    ]
    return "yes" if any(found) else "sold_out" if found else "no"


def list_answer(
    language: str,
    cards: Sequence[Mapping],
    asked: Mapping,
    features: Sequence[tuple[str, str]] = (),
    quotes: Sequence[Sequence[str]] = (),
) -> str:
    """Answer a question about every product shown ("do any of those come in black?").

    An asked colour and/or size: the products that have it in stock, as card lines,
    those where it is sold out, or that none has it. An asked feature ("are they
    waterproof?"): what each product's text says of it, quoted. Any other question
    ("how high is the heel on them?"): ``quotes``, per card, the sentences of its own
    text that answer it. Nothing found to say: the side-by-side comparison.
    """
    lang = normalise_language(language)
    color = next(iter(_as_list(_pref(asked, "color", "colour", "colors"))), None)
    size = next(iter(_as_list(_pref(asked, "size", "sizes"))), None)
    lines: list[str] = []
    if color or size:
        value = ", ".join(
            [_color_word(lang, color)] * bool(color) + [_t(lang, "val_size", v=size)] * bool(size)
        )
        status = [availability(card, color, size) for card in cards]
        hits = [card for card, st in zip(cards, status, strict=True) if st == "yes"]
        if hits:
            lines.append(_t(lang, "la_yes", value=value))
            lines += [
                _card_line(lang, i, c, reason=False, stock="always") for i, c in enumerate(hits, 1)
            ]
        else:
            lines.append(_t(lang, "la_none", value=value))
        sold = [str(c.get("title") or "") for c, st in zip(cards, status, strict=True)]
        sold = [t for t, st in zip(sold, status, strict=True) if st == "sold_out"]
        if sold:
            lines.append(_t(lang, "la_sold_out", value=value, titles=_join(lang, sold)))
    for concept, word in features:
        quoted = []
        for card in cards:
            quote = _feature_sentence(str(card.get("details") or ""), concept)
            if quote:
                title = str(card.get("title") or "")
                quoted.append(_t(lang, "pa_feature_found", title=title, feature=word, quote=quote))
        lines += quoted or [_t(lang, "la_feature_none", feature=word)]
    if not lines:
        lines = [
            _t(lang, "pa_quote", title=str(card.get("title") or ""), quote=quote)
            for card, said in zip(cards, quotes, strict=False)
            for quote in said[:1]
        ]
    if not lines:
        return compare(language, cards)
    return "\n".join(lines)


def price_sum(language: str, cards: Sequence[Mapping], how: str) -> str:
    """What the products one question priced cost together, or one more than the other.

    "" when the prices are in different currencies, or each price alone was asked.
    """
    lang = normalise_language(language)
    currencies = {c.get("currency") or "" for c in cards}
    units = sum(_quantity(c) for c in cards)  # "две штуки" of one product is two to add up
    if len(currencies) != 1 or units < 2 or how not in ("total", "difference"):
        return ""
    currency = currencies.pop()
    prices = [_effective(c)[0] * _quantity(c) for c in cards]  # "dos fundas": twice its price
    if how == "total":
        return _t(lang, "cmp_total", total=format_price(sum(prices), currency, lang))
    if len(cards) != 2:
        return ""  # one against the other: of two
    (low, cheaper), (high, pricier) = sorted(zip(prices, cards, strict=True), key=lambda p: p[0])
    if round(high - low, 2) == 0:
        return _t(lang, "cmp_same_price", price=format_price(high, currency, lang))
    return _t(
        lang,
        "cmp_difference",
        pricier=str(pricier.get("title") or ""),
        cheaper=str(cheaper.get("title") or ""),
        difference=format_price(high - low, currency, lang),
    )


def _quantity(card: Mapping) -> int:
    """How many of the product the question priced (1 unsaid)."""
    return max(1, int(card.get("quantity") or 1))


def _priced_line(lang: str, at: int, card: Mapping) -> str:
    """A compared card's line, with how many of it were priced ("× 2") when more than one."""
    line = _card_line(lang, at, card, reason=False, stock="always")
    return f"{line} × {_quantity(card)}" if _quantity(card) > 1 else line


def compare(language: str, cards: Sequence[Mapping], priced: str = "") -> str:
    """Side by side for 2–5 products, and a neutral takeaway (cheapest, in stock).

    ``priced``: the question asked their prices, "total" or "difference" (:func:`price_sum`).
    """
    lang = normalise_language(language)
    cards = list(cards)[:5]
    if not cards:
        return _t(lang, "cmp_empty")
    if len(cards) == 1:
        # "две штуки — сколько выйдет?": one product priced twice, its total
        summed = price_sum(lang, cards, priced)
        return "\n".join([_priced_line(lang, 1, cards[0]), summed or _t(lang, "cmp_one")])
    lines = [_t(lang, "cmp_intro")]
    lines += [_priced_line(lang, i, c) for i, c in enumerate(cards, 1)]
    parts = []
    currencies = {c.get("currency") or "" for c in cards}
    prices = [_effective(c)[0] for c in cards]
    if len(currencies) == 1 and len(set(prices)) > 1:
        cheapest = cards[prices.index(min(prices))]
        parts.append(_t(lang, "cmp_cheapest", title=cheapest.get("title") or ""))
    stocked = [str(c.get("title") or "") for c in cards if c.get("in_stock")]
    if len(stocked) == len(cards):
        parts.append(_t(lang, "cmp_all_stock"))
    elif stocked:
        parts.append(_t(lang, "cmp_stock", titles=_join(lang, stocked)))
    else:
        parts.append(_t(lang, "cmp_no_stock"))
    lines.append(_t(lang, "takeaway", parts="; ".join(parts)))
    if summed := price_sum(lang, cards, priced):
        lines.append(summed)
    lines.append(_t(lang, "cmp_ask"))
    return "\n".join(lines)
