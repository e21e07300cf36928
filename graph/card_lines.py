"""Phrases of templated replies: a card's line (price, stock, variants), need, constraints."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graph.formatting import _as_list, _join, _quote, _t, format_price, variants_summary
from graph.template_strings import TABLES
from graph.vocabulary import EDGE_WORDS, STOPWORD_SET, WHO_WORDS

_GENDERS = {
    "men": "g_men",
    "male": "g_men",
    "man": "g_men",
    "m": "g_men",
    "women": "g_women",
    "female": "g_women",
    "woman": "g_women",
    "f": "g_women",
    "kids": "g_kids",
    "kid": "g_kids",
    "children": "g_kids",
    "child": "g_kids",
    "boys": "g_kids",
    "girls": "g_kids",
    "unisex": "g_unisex",
}
# Spellings of a canonical colour name (the ``color_*`` keys of the string tables).
_COLOR_ALIASES = {"gray": "grey", "multicolour": "multicolor", "multi-color": "multicolor"}


def _effective(card: Mapping) -> tuple[float, float | None]:
    """(price to pay, regular price when on sale else None)."""
    price = float(card.get("price") or 0.0)
    sale = card.get("sale_price")
    if sale is not None and 0 < float(sale) < price:
        return float(sale), price
    return price, None


def _price_text(lang: str, card: Mapping) -> str:
    now, was = _effective(card)
    currency = card.get("currency") or ""
    text = format_price(now, currency, lang)
    if was is not None:
        text += f" ({_t(lang, 'was', price=format_price(was, currency, lang))})"
    return text


def _status(lang: str, card: Mapping) -> str:
    if card.get("in_stock"):
        return _t(lang, "in_stock")
    raw = str(card.get("availability") or "").lower().replace("_", "").replace("-", "")
    if "preorder" in raw:
        return _t(lang, "preorder")
    if "backorder" in raw:
        return _t(lang, "backorder")
    return _t(lang, "out_of_stock")


def _card_variants(lang: str, card: Mapping) -> str:
    text = variants_summary(card.get("variant_options") or {}, lang)
    if not text and lang == "en":
        text = str(card.get("variants") or "")
    return text


def _card_line(
    lang: str, i: int, card: Mapping, *, reason: bool, stock: str = "missing", extra: str = ""
) -> str:
    """One numbered line: title — brand — price — stock — variants — why/extra."""
    parts = [f"{i}. {card.get('title') or card.get('id') or '?'}"]
    if card.get("brand"):
        parts.append(str(card["brand"]))
    parts.append(_price_text(lang, card))
    if stock == "always" or (stock == "missing" and not card.get("in_stock")):
        parts.append(_status(lang, card))
    variants = _card_variants(lang, card)
    if variants:
        parts.append(variants)
    if reason and card.get("reason"):
        parts.append(str(card["reason"]))
    if extra:
        parts.append(extra)
    return " — ".join(parts)


def _pref(preferences: Mapping, *keys: str) -> Any:
    for key in keys:
        value = (preferences or {}).get(key)
        if value not in (None, "", [], ()):
            return value
    return None


def _currency(preferences: Mapping, cards: Sequence[Mapping] = ()) -> str:
    for card in cards:
        if card.get("currency"):
            return str(card["currency"])
    return str(_pref(preferences, "currency") or "")


# Words a need is not shown starting or ending with ("for my daughter, a jacket" is shown
# as "jacket"; the search itself keeps every word).
_DISPLAY_EDGE = (
    STOPWORD_SET
    | EDGE_WORDS
    | WHO_WORDS
    | frozenset(
        """à add show please stock only pokaż pokaz zeig zeige montre muestra mostra
        pokaži hai uno una dai""".split()
    )
)


def _display_need(query: str) -> str:
    """The shopper's need as a reply names it: the query without filler at its edges."""
    words = query.split()
    while words and words[0].lower().strip(",.!?") in _DISPLAY_EDGE:
        words.pop(0)
    while words and words[-1].lower().strip(",.!?") in _DISPLAY_EDGE:
        words.pop()
    return " ".join(words) or query


def _need(lang: str, preferences: Mapping) -> str:
    need = _pref(preferences, "need", "query")
    if need:
        need = _display_need(str(need))
    if not need:
        category = _pref(preferences, "category")
        need = str(category).rsplit(" > ", 1)[-1] if category else None
    return _t(lang, "rec_for", need=_quote(lang, str(need))) if need else ""


def _gender_word(lang: str, value: Any) -> str:
    key = _GENDERS.get(str(value).strip().lower())
    return _t(lang, key) if key else str(value)


def _color_word(lang: str, value: Any) -> str:
    """A shopper's colour in ``lang``: "black" -> "Schwarz"; "black/white" part by part.

    Only the canonical names of ``sync.enrich`` are translated; any other value
    is kept as written.
    """
    text = str(value).strip()
    parts = [
        _COLOR_ALIASES.get(p.strip().casefold(), p.strip().casefold()) for p in text.split("/")
    ]
    keys = [f"color_{part}" for part in parts]
    if not all(key in TABLES[lang] for key in keys):
        return text
    return "/".join(_t(lang, key) for key in keys)


def _color_words(lang: str, preferences: Mapping) -> list[str]:
    return [_color_word(lang, c) for c in _as_list(_pref(preferences, "colors", "color"))]


def _constraints(lang: str, preferences: Mapping, currency: str) -> list[str]:
    out = []
    low, high = _pref(preferences, "min_price"), _pref(preferences, "max_price")
    if low is not None and high is not None:
        out.append(
            _t(
                lang,
                "c_between",
                low=format_price(low, currency, lang),
                high=format_price(high, currency, lang),
            )
        )
    elif high is not None:
        out.append(_t(lang, "c_under", price=format_price(high, currency, lang)))
    elif low is not None:
        out.append(_t(lang, "c_over", price=format_price(low, currency, lang)))
    brands = _as_list(_pref(preferences, "brands", "brand"))
    if brands:
        out.append(_t(lang, "c_brand", value=_join(lang, brands, "or")))
    colors = _color_words(lang, preferences)
    if colors:
        out.append(_t(lang, "c_color", value=_join(lang, colors, "or")))
    sizes = _as_list(_pref(preferences, "size", "sizes"))
    if sizes:
        out.append(_t(lang, "c_size", value=_join(lang, sizes, "or")))
    gender = _pref(preferences, "gender")
    if gender:
        out.append(_t(lang, "c_gender", value=_gender_word(lang, gender)))
    if _pref(preferences, "in_stock", "in_stock_only"):
        out.append(_t(lang, "c_stock"))
    return out
