"""Templated replies: the reply path that needs no LLM.

Pure functions, no I/O. Every user-facing string lives in
``graph.template_strings`` (one table per language); this module only picks
and fills them. Product facts come only from the product cards passed in,
never from anywhere else.

Preference keys understood (all optional): ``need`` (or ``query``),
``category``, ``min_price``, ``max_price``, ``brands`` (or ``brand``),
``colors`` (or ``color``), ``size`` (or ``sizes``), ``gender``, ``in_stock``
(or ``in_stock_only``, shown only when set) and ``currency``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from graph.template_strings import TABLES
from graph.vocabulary import (
    EDGE_WORDS,
    FEATURE_TEXT_RE,
    STOPWORD_SET,
    SUPPORTED_LANGUAGES,
    WHO_WORDS,
)
from sync.sizes import matches as size_fits

SUPPORTED = SUPPORTED_LANGUAGES

_SYMBOL_EN = {"USD": "$", "EUR": "€", "GBP": "£"}
_ZERO_DECIMALS = {"JPY", "KRW", "ISK", "CLP", "VND"}
# language -> (thousands separator, decimal mark, min. digits before grouping starts)
_NUMBER = {
    "en": (",", ".", 4),
    "de": (".", ",", 4),
    "fr": ("\u202f", ",", 4),
    "es": (".", ",", 5),
    "it": (".", ",", 4),
    "hr": (".", ",", 4),
    "pl": ("\u00a0", ",", 5),
    "lt": ("\u00a0", ",", 4),
    "ru": ("\u00a0", ",", 4),
}
_PHASES = ("exploring", "detailing", "narrowing", "selling")
_OPTION_KEYS = (
    ("size", "sizes"),
    ("color", "colours"),
    ("colour", "colours"),
    ("material", "materials"),
)
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
_RELAX_ALIASES = {
    "price": "max_price",
    "budget": "max_price",
    "brand": "brands",
    "color": "colors",
    "colour": "colors",
    "colours": "colors",
    "sizes": "size",
    "stock": "in_stock",
    "in_stock_only": "in_stock",
}


# --------------------------------------------------------------------------- helpers


def normalise_language(language: str | None) -> str:
    """Return a supported ISO 639-1 code for ``language`` ("de-AT" -> "de"), else "en"."""
    code = (language or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in SUPPORTED else "en"


def plural(language: str, n: int) -> int:
    """Index of the plural form for ``n``: 0 one, 1 few (hr/pl/ru 2–4, lt 2–9), 2 many."""
    n = abs(int(n))
    lang = normalise_language(language)
    if lang in ("hr", "pl", "ru"):
        if (n == 1) if lang == "pl" else (n % 10 == 1 and n % 100 != 11):
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    if lang == "lt":  # 1, 21, 31 / 2–9, 22–29 / 10–20, 30: the teens are always "many"
        if 11 <= n % 100 <= 19 or n % 10 == 0:
            return 2
        return 0 if n % 10 == 1 else 1
    if lang == "fr":
        return 0 if n in (0, 1) else 2
    return 0 if n == 1 else 2


def _t(lang: str, key: str, **values: Any) -> str:
    template = TABLES[lang][key]
    assert isinstance(template, str), key
    return template.format(**values) if values else template


def _form(lang: str, key: str, n: int) -> str:
    forms = TABLES[lang][key]
    if isinstance(forms, str):
        return forms
    idx = plural(lang, n)
    return forms[idx] if len(forms) == 3 else forms[min(idx, 1)]


def _count(lang: str, key: str, n: int) -> str:
    return f"{n} {_form(lang, key, n)}"


def _join(lang: str, words: Iterable[str], conj: str = "and") -> str:
    items = [w for w in words if w]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_t(lang, conj)} {items[-1]}"


def _quote(lang: str, text: str) -> str:
    return _t(lang, "quote").replace("{}", text)


def _as_list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return [str(v) for v in value if v not in (None, "")]
    return [str(value)]


def _distinct(values: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for v in values:
        key = str(v).strip().casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(str(v).strip())
    return out


def _number(amount: float, lang: str, decimals: int) -> str:
    thousands, mark, min_group = _NUMBER[lang]
    text = f"{abs(amount):,.{decimals}f}"
    whole, _, frac = text.partition(".")
    digits = whole.replace(",", "")
    whole = digits if len(digits) < min_group else whole.replace(",", thousands)
    return ("-" if amount < 0 else "") + whole + (mark + frac if frac else "")


def format_price(amount: float, currency: str, language: str) -> str:
    """Format a price the way shoppers in ``language`` read it.

    English puts $, € and £ in front ("$1,299.50", "€49.99") and other codes
    after ("49.99 PLN"); the other languages put the amount first with a
    decimal comma ("1.299,50 €", "49,99 USD"; Polish "49,99 zł"). Whole
    amounts drop their decimals ("$50"). No currency gives the plain number.
    """
    lang = normalise_language(language)
    code = (currency or "").strip().upper()
    amount = float(amount)
    decimals = 0 if code in _ZERO_DECIMALS or round(amount, 2) == round(amount) else 2
    number = _number(round(amount, decimals), lang, decimals)
    if not code:
        return number
    if lang == "en":
        symbol = _SYMBOL_EN.get(code)
        if symbol:
            return f"-{symbol}{number[1:]}" if number.startswith("-") else symbol + number
        return f"{number} {code}"
    symbol = "zł" if (lang == "pl" and code == "PLN") else "€" if code == "EUR" else code
    return f"{number} {symbol}"


def _percent(lang: str, share: float) -> str:
    pct = float(share) * 100
    return _t(lang, "percent").replace("{}", "<1" if 0 < pct < 0.5 else str(round(pct)))


def variants_summary(options: Mapping[str, Sequence[str]], language: str) -> str:
    """Summarise variant options: "in 5 sizes and 3 colours"; "" when there are none."""
    lang = normalise_language(language)
    parts = []
    for key, noun in _OPTION_KEYS:
        n = len(_distinct(_as_list((options or {}).get(key))))
        if n and not (key == "colour" and (options or {}).get("color")):
            parts.append(_count(lang, noun, n))
    return _t(lang, "variants_in", parts=_join(lang, parts)) if parts else ""


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


# --------------------------------------------------------------------------- catalogue


def _top_nodes(facets: Mapping | None) -> list[Mapping]:
    nodes = list((facets or {}).get("categories") or [])
    return [n for n in nodes if n.get("name") and not str(n["name"]).startswith("(")]


def _find_node(nodes: Sequence[Mapping], focus: str) -> Mapping | None:
    want = focus.strip().casefold()
    stack = list(nodes)
    while stack:
        node = stack.pop(0)
        if want in (str(node.get("path", "")).casefold(), str(node.get("name", "")).casefold()):
            return node
        stack.extend(node.get("children") or [])
    return None


def greeting(language: str, facets: Mapping | None) -> str:
    """Say hello, name the top 2–3 categories when facets are known, ask what they need."""
    lang = normalise_language(language)
    names = [str(n["name"]) for n in _top_nodes(facets)[:3]]
    if not names:
        return _t(lang, "greet_plain")
    return _t(lang, "greet", cats=_join(lang, names))


def browse(
    language: str, facets: Mapping, focus: str | None = None, *, brands: bool = False
) -> str:
    """Overview of the category tree (or of ``focus``'s children), collections, a question.

    With ``brands`` (the shopper asked which brands), the brands come first.
    """
    lang = normalise_language(language)
    nodes = _top_nodes(facets)
    currency = str((facets or {}).get("currency") or "")
    lines: list[str] = []
    names = [str(b["name"]) for b in (facets or {}).get("brands") or [] if b.get("name")]
    if brands and names and not focus:
        lines.append(_t(lang, "browse_brands", names=", ".join(names[:15])))
    node = _find_node(nodes, focus) if focus else None
    if focus and node is None:
        lines.append(_t(lang, "browse_unknown", focus=_quote(lang, focus)))
    if node is not None:
        kids = [k for k in node.get("children") or [] if k.get("name")]
        total = int(node.get("count") or 0) or 1
        name = str(node.get("name"))
        if kids:
            cats = ", ".join(
                f"{k['name']} ({_percent(lang, int(k.get('count') or 0) / total)})"
                for k in kids[:8]
            )
            lines.append(_t(lang, "browse_focus", focus=name, cats=cats))
        else:
            lines.append(
                _t(
                    lang,
                    "browse_leaf",
                    focus=name,
                    items=_count(lang, "items", int(node.get("count") or 0)),
                )
            )
        prices = ((facets or {}).get("category_prices") or {}).get(node.get("path"))
        if prices:
            lines.append(
                _t(
                    lang,
                    "browse_prices",
                    low=format_price(prices["min"], currency, lang),
                    high=format_price(prices["max"], currency, lang),
                )
            )
    elif nodes:
        cats = ", ".join(
            f"{n['name']} ({_percent(lang, float(n.get('share') or 0))})" for n in nodes[:8]
        )
        lines.append(_t(lang, "browse_top", cats=cats))
    else:
        lines.append(_t(lang, "browse_empty"))
    collections = [c for c in (facets or {}).get("collections") or [] if c.get("name")]
    best = next((c for c in collections if _is_best_seller(str(c["name"]))), None)
    if best is not None and node is None:
        lines.append(
            _t(
                lang,
                "browse_best",
                name=best["name"],
                items=_count(lang, "items", int(best.get("count") or 0)),
            )
        )
    elif collections and node is None:
        lines.append(
            _t(
                lang,
                "browse_collections",
                names=_join(lang, [str(c["name"]) for c in collections[:4]]),
            )
        )
    lines.append(_t(lang, "browse_ask"))
    return " ".join(lines)


def _is_best_seller(name: str) -> bool:
    key = name.casefold().replace(" ", "").replace("-", "").replace("_", "")
    return "bestsell" in key or "topsell" in key


# --------------------------------------------------------------------------- elicitation


def clarify(language: str, questions: Sequence[str]) -> str:
    """Wrap one to three clarifying questions into one message."""
    lang = normalise_language(language)
    qs = [q.strip() for q in questions if q and q.strip()][:3]
    if not qs:
        return _t(lang, "ask_more")
    if len(qs) == 1:
        return _t(lang, "clarify_one", q=qs[0])
    return "\n".join([_t(lang, "clarify_many"), *(f"- {q}" for q in qs)])


def question(
    kind: str,
    language: str,
    options: Sequence[str] = (),
    price_range: Mapping | None = None,
    currency: str = "",
) -> str:
    """One clarifying question of ``kind``, grounded in the catalogue's options.

    Kinds: category, budget (alias price), size, color (colour), brand, gender,
    recipient, which (which product is meant); anything else asks for more detail.
    """
    lang = normalise_language(language)
    opts = _distinct(_as_list(options))[:6]
    kind = {"colour": "color", "price": "budget", "brands": "brand"}.get(kind, kind)
    if kind == "category":
        if opts:
            return _t(lang, "q_category", options=_join(lang, opts, "or"))
        return _t(lang, "q_category_open")
    if kind == "budget":
        text = _t(lang, "q_budget")
        pr = price_range or {}
        low, high = pr.get("p25", pr.get("min")), pr.get("p75", pr.get("max"))
        if low is not None and high is not None and high > low:
            text += " " + _t(
                lang,
                "budget_range",
                low=format_price(low, currency, lang),
                high=format_price(high, currency, lang),
            )
            if pr.get("median") is not None:
                mid = format_price(pr["median"], currency, lang)
                text += " " + _t(lang, "budget_typical", mid=mid)
        return text
    if kind in ("size", "color", "brand"):
        if opts:
            return _t(lang, f"q_{kind}_opts", options=_join(lang, opts))
        return _t(lang, f"q_{kind}")
    if kind == "gender":
        words = [_gender_word(lang, o) for o in opts] or [
            _t(lang, k) for k in ("g_men", "g_women", "g_kids")
        ]
        return _t(lang, "q_gender", options=_join(lang, words, "or"))
    if kind == "which":
        return _t(lang, "q_which")
    if kind == "recipient":
        if opts:
            return _t(lang, "q_recipient_opts", options=_join(lang, opts, "or"))
        return _t(lang, "q_recipient")
    return _t(lang, "ask_more")


# --------------------------------------------------------------------------- recommending


def recommend(language: str, cards: Sequence[Mapping], preferences: Mapping, phase: str) -> str:
    """Intro reflecting the need, one line per card, and a closing question for ``phase``."""
    lang = normalise_language(language)
    if not cards:
        return no_results(lang, preferences, None, ())
    cons = _constraints(lang, preferences, _currency(preferences, cards))
    intro = _form(lang, "rec_intro", len(cards)).format(
        n=len(cards), what=_need(lang, preferences), cons="".join(f", {c}" for c in cons)
    )
    lines = [intro]
    lines += [_card_line(lang, i, c, reason=True) for i, c in enumerate(cards, 1)]
    lines.append(_t(lang, f"close_{phase if phase in _PHASES else 'exploring'}"))
    return "\n".join(lines)


def foreign_budget(language: str, currency: str, amount: float, catalogue: str) -> str:
    """Why a budget stated in another currency than the catalogue's was not applied."""
    lang = normalise_language(language)
    return _t(lang, "foreign_budget", cur=catalogue, amount=format_price(amount, currency, lang))


def _relax_value(lang: str, relax: str, preferences: Mapping, currency: str) -> str:
    if relax in ("max_price", "min_price"):
        amount = _pref(preferences, relax)
        return format_price(amount, currency, lang) if amount is not None else ""
    if relax == "brands":
        return _join(lang, _as_list(_pref(preferences, "brands", "brand")), "or")
    if relax == "colors":
        return _join(lang, _color_words(lang, preferences), "or")
    if relax == "size":
        return _join(lang, _as_list(_pref(preferences, "size", "sizes")), "or")
    if relax == "gender":
        gender = _pref(preferences, "gender")
        return _gender_word(lang, gender) if gender else ""
    return ""


def not_carried(language: str, words: str) -> str:
    """The need's product was not found as such: the cards are only the closest things."""
    lang = normalise_language(language)
    return _t(lang, "nc_intro", need=_quote(lang, words))


def nothing_more(language: str, preferences: Mapping) -> str:
    """Every match was shown already ("something else" after the last of them)."""
    lang = normalise_language(language)
    return _t(lang, "nr_exhausted", what=_need(lang, preferences or {}))


def no_results(
    language: str, preferences: Mapping, relax: str | None, closest: Sequence[Mapping]
) -> str:
    """Say honestly that nothing matches; suggest what to relax; list the near misses."""
    lang = normalise_language(language)
    preferences = preferences or {}
    what = _need(lang, preferences)
    key = _RELAX_ALIASES.get(relax or "", relax or "")
    known = f"relax_{key}" in TABLES[lang]
    value = _relax_value(lang, key, preferences, _currency(preferences, closest)) if key else ""
    if key in ("max_price", "min_price") and not value:
        known = False
    relax_text = _t(lang, f"relax_{key}" if known else "relax_generic", price=value)
    if not closest:
        if not key:
            return " ".join([_t(lang, "nr_none", what=what), _t(lang, "nr_browse")])
        return " ".join([_t(lang, "nr_all", what=what), _t(lang, "nr_suggest", relax=relax_text)])
    needs_value = key in ("max_price", "min_price", "brands", "colors", "size", "gender")
    if known and (value or not needs_value):
        miss = _t(lang, f"miss_{key}", value=value)
    else:
        miss = _t(lang, "miss_generic")
    label = _t(lang, "nr_label", miss=miss)
    head = _t(lang, "nr_all", what=what)
    if key:
        head += " " + _t(lang, "nr_try", relax=relax_text)
    lines = [head, _t(lang, "nr_closest")]
    lines += [
        _card_line(lang, i, c, reason=False, extra=label) for i, c in enumerate(closest[:5], 1)
    ]
    lines.append(_t(lang, "nr_ask"))
    return "\n".join(lines)


# --------------------------------------------------------------------------- one product


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
        if _match(str(color), [str(v_color)]) and _match_size(str(size), [str(v_size)])
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
        match = _match_size if key == "size" else _match
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


def _availability(card: Mapping, color: str | None, size: str | None) -> str:
    """Whether a variant has the asked colour and size: "yes", "sold_out" or "no"."""
    variants = card.get("variant_stock") or [
        [c, z, bool(card.get("in_stock"))]
        for c in (_options(card, "color") or [""])
        for z in (_options(card, "size") or [""])
    ]
    found = [
        bool(in_stock)
        for v_color, v_size, in_stock in variants
        if (not color or _match(color, [str(v_color)]))
        and (not size or _match_size(size, [str(v_size)]))
    ]
    return "yes" if any(found) else "sold_out" if found else "no"


def list_answer(
    language: str,
    cards: Sequence[Mapping],
    asked: Mapping,
    features: Sequence[tuple[str, str]] = (),
) -> str:
    """Answer a question about every product shown ("do any of those come in black?").

    An asked colour and/or size: the products that have it in stock, as card lines,
    those where it is sold out, or that none has it. An asked feature ("are they
    waterproof?"): what each product's text says of it, quoted. Nothing asked: the
    side-by-side comparison.
    """
    lang = normalise_language(language)
    color = next(iter(_as_list(_pref(asked, "color", "colour", "colors"))), None)
    size = next(iter(_as_list(_pref(asked, "size", "sizes"))), None)
    lines: list[str] = []
    if color or size:
        value = ", ".join(
            [_color_word(lang, color)] * bool(color) + [_t(lang, "val_size", v=size)] * bool(size)
        )
        status = [_availability(card, color, size) for card in cards]
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
        return compare(language, cards)
    return "\n".join(lines)


def compare(language: str, cards: Sequence[Mapping]) -> str:
    """Side by side for 2–5 products, and a neutral takeaway (cheapest, in stock)."""
    lang = normalise_language(language)
    cards = list(cards)[:5]
    if not cards:
        return _t(lang, "cmp_empty")
    if len(cards) == 1:
        return "\n".join(
            [_card_line(lang, 1, cards[0], reason=False, stock="always"), _t(lang, "cmp_one")]
        )
    lines = [_t(lang, "cmp_intro")]
    lines += [_card_line(lang, i, c, reason=False, stock="always") for i, c in enumerate(cards, 1)]
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
    lines.append(_t(lang, "cmp_ask"))
    return "\n".join(lines)


def _cart_summary(lang: str, cart: Sequence[Mapping]) -> tuple[str, str | None]:
    count = sum(int(item.get("quantity") or 1) for item in cart)
    currencies = {item.get("currency") or "" for item in cart}
    total = None
    if len(currencies) == 1:
        amount = sum(_effective(i)[0] * int(i.get("quantity") or 1) for i in cart)
        total = format_price(amount, currencies.pop(), lang)
    return _count(lang, "items", count), total


def purchase(
    language: str,
    added: Mapping | None,
    cart: Sequence[Mapping],
    unavailable: Mapping | None = None,
    *,
    action: str | None = None,
    removed: Sequence[Mapping] = (),
    which_size: Mapping | None = None,
) -> str:
    """Confirm what was added with the cart's size and total, or say why nothing was.

    Nothing is added when the product is sold out (``unavailable``: say so), when
    it is unclear which product is meant (ask), or which size of it
    (``which_size``: ``{"title", "sizes", "wanted"}``; ask among the sizes in
    stock, saying the size asked for is not one of them). ``action`` "view",
    "remove" or "clear" answers about the cart itself.
    """
    lang = normalise_language(language)
    cart = list(cart or [])
    if action in ("view", "remove", "clear"):
        return _cart_answer(lang, action, cart, removed)
    if added is None:
        if which_size:
            sizes = ", ".join(str(s) for s in which_size.get("sizes") or ())
            title = str(which_size.get("title") or "")
            wanted = str(which_size.get("wanted") or "")
            text = (
                _t(lang, "buy_size_missing", title=title, size=wanted, sizes=sizes)
                if wanted
                else _t(lang, "buy_which_size", title=title, sizes=sizes)
            )
        elif unavailable:
            text = _t(
                lang, "buy_unavailable", title=unavailable.get("title") or unavailable.get("id")
            )
        else:
            text = _t(lang, "buy_which")
        if cart:
            items, total = _cart_summary(lang, cart)
            text += " " + (
                _t(lang, "buy_cart", items=items, total=total)
                if total
                else _t(lang, "buy_cart_nototal", items=items)
            )
        return text
    if not cart:
        cart = [added]
    items, total = _cart_summary(lang, cart)
    title = str(added.get("title") or added.get("id") or "")
    text = (
        _t(lang, "buy_added", title=title, items=items, total=total)
        if total
        else _t(lang, "buy_added_nototal", title=title, items=items)
    )
    if added.get("checkout_url"):
        text += "\n" + _t(lang, "buy_checkout", link=added["checkout_url"])
    elif added.get("link"):
        text += "\n" + _t(lang, "buy_link", link=added["link"])
    return text


def _cart_answer(
    lang: str, action: str, cart: Sequence[Mapping], removed: Sequence[Mapping]
) -> str:
    lines = []
    if action == "clear":
        lines.append(_t(lang, "cart_cleared"))
    elif action == "remove":
        lines.append(
            _t(lang, "cart_removed", title=str(removed[0].get("title") or removed[0].get("id")))
            if removed
            else _t(lang, "cart_nothing_removed")
        )
    if not cart:
        if action != "clear":
            lines.append(_t(lang, "cart_empty"))
        return " ".join(lines)
    items, total = _cart_summary(lang, cart)
    lines.append(
        _t(lang, "buy_cart", items=items, total=total)
        if total
        else _t(lang, "buy_cart_nototal", items=items)
    )
    text = " ".join(lines)
    for item in cart:
        title = str(item.get("title") or item.get("id") or "")
        text += f"\n- {title} × {int(item.get('quantity') or 1)}"
    return text


def other(language: str) -> str:
    """Politely steer back to shopping."""
    return _t(normalise_language(language), "other")


def fallback_notice(language: str) -> str:
    """A short note for when the LLM failed and the rules answered."""
    return _t(normalise_language(language), "fallback")
