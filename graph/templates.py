"""Templated replies: the reply path that needs no LLM.

Pure functions, no I/O. Every user-facing string lives in
``graph.template_strings`` (one table per language); this module only picks
and fills them. Product facts come only from the product cards passed in,
never from anywhere else.

The reply's pieces live in the module for their job: :mod:`graph.formatting`
(plural forms, string lookup, lists, prices), :mod:`graph.card_lines` (a card's
line, the need and constraints), :mod:`graph.product_answers` (one product, a
question about all shown, a comparison) and :mod:`graph.cart_replies` (the
cart); this module holds the catalogue, elicitation and recommendation replies
and re-exports the rest.

Preference keys understood (all optional): ``need`` (or ``query``),
``category``, ``min_price``, ``max_price``, ``brands`` (or ``brand``),
``colors`` (or ``color``), ``size`` (or ``sizes``), ``gender``, ``in_stock``
(or ``in_stock_only``, shown only when set) and ``currency``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from graph.card_lines import (
    _card_line,
    _color_word,
    _color_words,
    _constraints,
    _currency,
    _gender_word,
    _need,
    _pref,
)
from graph.cart_replies import purchase
from graph.formatting import (
    SUPPORTED,
    _as_list,
    _count,
    _distinct,
    _form,
    _join,
    _percent,
    _quote,
    _t,
    format_price,
    normalise_language,
    plural,
    variants_summary,
)
from graph.product_answers import compare, list_answer, product_answer
from graph.template_strings import TABLES

__all__ = [
    "SUPPORTED",
    "_color_word",
    "browse",
    "clarify",
    "compare",
    "fallback_notice",
    "foreign_budget",
    "format_price",
    "greeting",
    "list_answer",
    "no_results",
    "normalise_language",
    "not_carried",
    "nothing_more",
    "other",
    "plural",
    "product_answer",
    "purchase",
    "question",
    "recommend",
    "variants_summary",
]

_PHASES = ("exploring", "detailing", "narrowing", "selling")
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


def foreign_budget(
    language: str, currency: str, amount: float, catalogue: str, converted: float | None = None
) -> str:
    """How a budget stated in another currency than the catalogue's was applied, or why not.

    ``converted``: the bound applied in the catalogue's currency (:mod:`graph.exchange`);
    ``None``: no rate, the budget was not applied.
    """
    lang = normalise_language(language)
    said = format_price(amount, currency, lang)
    if converted is None:
        return _t(lang, "foreign_budget", cur=catalogue, amount=said)
    as_shop = format_price(converted, catalogue, lang)
    return _t(lang, "foreign_budget_converted", cur=catalogue, amount=said, converted=as_shop)


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


def other(language: str) -> str:
    """Politely steer back to shopping."""
    return _t(normalise_language(language), "other")


def fallback_notice(language: str) -> str:
    """A short note for when the LLM failed and the rules answered."""
    return _t(normalise_language(language), "fallback")
