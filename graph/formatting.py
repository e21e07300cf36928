"""Formatting for templated replies: language codes, plural forms, string lookup, lists, prices."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from graph.template_strings import TABLES
from graph.vocabulary import SUPPORTED_LANGUAGES

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
_OPTION_KEYS = (
    ("size", "sizes"),
    ("color", "colours"),
    ("colour", "colours"),
    ("material", "materials"),
)


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


#: Up to this many options of a kind are named on a card, more are counted.
FEW_OPTIONS = 3


#: ... when each is at most this long.
SHORT_OPTION = 12


def named_options(values: Sequence[str]) -> list[str]:
    """The option values a card's line names ("in 2 sizes (11oz, 15oz)"), else [] (counted)."""
    if 1 < len(values) <= FEW_OPTIONS and all(len(v) <= SHORT_OPTION for v in values):
        return list(values)
    return []


def variants_summary(options: Mapping[str, Sequence[str]], language: str) -> str:
    """Summarise variant options: "in 5 sizes and 3 colours"; "" when there are none."""
    lang = normalise_language(language)
    parts = []
    for key, noun in _OPTION_KEYS:
        values = _distinct(_as_list((options or {}).get(key)))
        if values and not (key == "colour" and (options or {}).get("color")):
            part = _count(lang, noun, len(values))
            # a few short ones are named ("in 2 sizes (11oz, 15oz)"): "is there a bigger
            # one?" is answered on the card
            if named := named_options(values):
                part += f" ({', '.join(named)})"
            parts.append(part)
    return _t(lang, "variants_in", parts=_join(lang, parts)) if parts else ""
