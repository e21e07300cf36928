"""Money in text: amounts, currencies and budget bounds, for shoppers and feeds alike.

One reader for every place that turns text into money: a feed's price field
(:func:`read_price`, used by :mod:`sync.normalise`), a shopper's budget
(:func:`find_budget`, used by :mod:`graph.rules`) and the prices an LLM
quotes (:func:`find_money`, :func:`readings`, used by :mod:`graph.llm`).
Words that belong to a language live in :mod:`sync.money_words`, one table per
language; symbols and ISO codes, which belong to none, live here.

Forms read:

* numbers with any separators: "1.299,00", "1 299,00", "1,299.00", "1'299",
  "12,5", ".99" (a feed field); one separator followed by exactly three digits
  groups thousands ("1.299" is 1299: no price has three decimals);
* multipliers and amount words: "2k", "2 тыс", "1,5 mln", "150 mil", "tysiąc";
* currencies before or after the amount, with or without a space: symbols
  ("€", "zł", "R$"), ISO codes ("EUR", lower case only for the common ones:
  "try" is a word, "TRY" a lira), words ("złotych", "рублей", "bucks"). A word
  shared by several currencies ("$", "pesos", "kr", "руб") is a group that
  resolves to the shop's currency when it is a member, else to its first.

Policy on what is *not* money. A number with a named currency is money unless
it is glued to letters or digits ("R2D2", "ES1845-20"). A bare number is money
only beside a bound cue ("under 50", "50 or less", "between 20 and 50", "for
80") and never when it is shaped like something else: glued to letters ("65W",
"Q2", "2nd", "1.75mm"), a dimension ("140x70", "16х60"), a fraction ("42 1/2"),
followed by a unit or a head count ("15 inch", "2 kids", "2 of them"), after a
size word ("size 42", "EU 39") or a year (1900-2099) after a "from" cue ("from
2020"). A one-letter currency before the number ("R250") is weak: money only
beside a cue ("the R2" is a model). "around X" is the range X ± 20 %, wide
enough for "about 100" to keep 85 and 115.

Languages: a short message's language is a guess, so every table's words are
read in every message; only a table's ``local_words`` ("mil", "r") need the
message to be in that language. ``language=None`` reads them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import NamedTuple, cast

from sync.money_words import TABLES

# Language-free currency marks. Symbols are matched anywhere; ISO codes in capitals always,
# in lower case only when listed in LOWER_CODES (3-letter lower-case words collide with words).
SYMBOLS: dict[str, str] = {
    "€": "EUR", "$": "DOLLAR", "us$": "USD", "usd$": "USD", "ca$": "CAD", "c$": "CAD",
    "a$": "AUD", "au$": "AUD", "nz$": "NZD", "hk$": "HKD", "r$": "BRL", "mx$": "MXN",
    "£": "GBP", "¥": "JPY", "₹": "INR", "₽": "RUB", "₴": "UAH", "₺": "TRY", "₩": "KRW",
    "₪": "ILS", "₸": "KZT", "₦": "NGN", "₱": "PHP", "₫": "VND", "฿": "THB", "₾": "GEL",
    "zł": "PLN", "kč": "CZK", "kn": "HRK", "lei": "RON", "kr": "KRONA",
    "kr.": "KRONA", "chf": "CHF", "лв": "BGN", "лв.": "BGN", "дин": "RSD", "дин.": "RSD",
}  # fmt: skip
# Marks read only in a price field: in a message, "6 ft" is a height, not forints.
FIELD_SYMBOLS: dict[str, str] = {"ft": "HUF"}
ISO_CODES = frozenset(
    "AED ARS AUD BAM BGN BRL BYN CAD CHF CLP CNY COP CZK DKK EGP EUR GBP GEL HKD HRK HUF IDR "
    "ILS INR ISK JPY KRW KZT MAD MDL MKD MXN MYR NGN NOK NZD PEN PHP PKR PLN RON RSD RUB SAR "
    "SEK SGD THB TRY TWD UAH USD UYU VND ZAR".split()
)
LOWER_CODES = frozenset(
    "aud brl byn cad chf czk dkk eur gbp hrk huf inr jpy mxn nok pln rub sek uah usd zar".split()
)
# A mark several currencies share: the shop's own currency when a member, else the first.
GROUPS: dict[str, tuple[str, ...]] = {
    "DOLLAR": ("USD", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD"),
    "PESO": ("MXN", "ARS", "COP", "CLP", "UYU", "PHP"),
    "KRONA": ("SEK", "NOK", "DKK", "ISK"),
    "RUBLE": ("RUB", "BYN"),
    # slang for "units of money" ("17 pavos", "20 balles", "50 Mäuse"): the shop's own
    "LOCAL": (),
}
# Cues that are symbols, not words: read in every language.
SYMBOL_CUES: dict[str, tuple[str, ...]] = {
    "max_before": ("<", "<=", "≤"),
    "min_before": (">", ">=", "≥"),
    "around_before": ("~", "≈", "circa", "ca."),
    "min_after": ("+",),
    "range_join": ("-", "–", "—"),
}
# "100 in dollars", "max stówa w dolarach", "50 en euros", "до 100 в долларах": a currency
# named after a preposition is the amount's own
CURRENCY_IN = ("in", "w", "en", "в")
# Units after a bare number: a measure, not an amount (glued units fail the shape check anyway).
UNITS = (
    "cm", "mm", "m", "km", "kg", "g", "gb", "tb", "mb", "w", "kw", "v", "l", "ml", "%", "x", "×",
    "х", "mah", "hz", "\"", "''", "°", "см", "мм", "м", "кг", "г", "л", "мл", "вт",
)  # fmt: skip
#: The metric units spelled out, as most languages spell them ("litres", "литров", "metros",
#: "mètres", "litrų", "Liter"): a number beside one measures ("16-18 litrów", "литров на 16").
SPELLED_UNITS = (
    r"(?:milli|centi|kilo|милли|санти|кило)?"
    r"(?:lit(?:er|re|r|ro)|m[eè]t(?:er|re|r|ro)|литр|метр)[^\W\d_]*"
)
AROUND = Decimal("0.2")  # "around X" is X ± 20 %
_YEARS = range(1900, 2100)
_CENT = Decimal("0.01")
_LETTERS_ONLY = re.compile(r"[^\W\d_]+(?!\d)")

_NUMBER = (
    r"(?:\d{1,3}(?P<grp>[.,'’ \u00a0\u202f])\d{3}(?:(?P=grp)\d{3})*(?:[.,]\d{1,2})?"
    r"|\d+(?:[.,]\d{1,2})?)(?!\d|[.,'’]\d)"
)


@dataclass(frozen=True)
class Money:
    """An amount of money found in a text.

    Attributes:
        amount: The value, exact.
        currency: ISO 4217 code, or ``None`` when neither named nor defaulted.
        span: (start, end) of the amount with its currency and multiplier in the text.
        explicit: Whether the text names the currency (a default does not).
    """

    amount: Decimal
    currency: str | None
    span: tuple[int, int]
    explicit: bool


class Budget(NamedTuple):
    """Bounds a message states: ``min``/``max`` (``None`` when open), currency, covered spans."""

    min: Decimal | None
    max: Decimal | None
    currency: str | None
    spans: list[tuple[int, int]]


@dataclass
class _Hit:
    """One amount-shaped match before the money policy is applied."""

    start: int
    end: int
    amount: Decimal
    mark: str | None  # the currency as written ("€", "złotych"), or None
    code: str | None  # its ISO code or group
    plain: bool  # digits only, no separator, multiplier or currency: could be a year
    prefix: bool  # the currency is written before the number


# --------------------------------------------------------------------------- tables


def _languages(language: str | None) -> tuple[str, ...]:
    """Tables read for a message: all of them (a short message's language is a guess)."""
    return tuple(TABLES)


def _words(key: str, language: str | None) -> dict[str, str | int]:
    """Union of one key over every table; a table's local words only in its own language."""
    out: dict[str, str | int] = {}
    for lang in _languages(language):
        table = TABLES[lang]
        local = set(cast(tuple[str, ...], table["local_words"]))
        value = table[key]
        items = value.items() if isinstance(value, dict) else ((w, w) for w in value)
        for word, meaning in items:
            if word in local and language not in (None, lang):
                continue
            out.setdefault(word, meaning)
    for word in SYMBOL_CUES.get(key, ()):
        out.setdefault(word, word)
    return out


def _alternation(words: Iterable[str]) -> str:
    """A regex alternation of words, longest first; a space matches any whitespace.

    A word is bounded by letters only, so a currency or a multiplier may touch the
    digits ("R250", "250zł", "2k"); an ISO code outside :data:`LOWER_CODES` must be
    in capitals ("TRY 50", never "try 50").
    """
    parts = []
    for word in sorted(words, key=len, reverse=True):
        body = r"\s+".join(re.escape(piece) for piece in word.split(" "))
        if word.upper() in ISO_CODES and word.islower() and word not in LOWER_CODES:
            body = f"(?-i:{word.upper()})"
        before = r"(?<![^\W\d_])" if word[0].isalpha() else r"(?<!\w)" if word[0].isalnum() else ""
        after = r"(?![^\W\d_])" if word[-1].isalpha() else r"(?!\w)" if word[-1].isalnum() else ""
        parts.append(before + body + after)
    return "|".join(parts) or r"(?!)"


class _Patterns:
    """Everything compiled for one language setting."""

    def __init__(self, language: str | None) -> None:
        def words(key: str) -> dict[str, str | int]:
            return _words(key, language)

        both = {**SYMBOLS, **{c.lower(): c for c in ISO_CODES}, **words("currency_words")}
        self.currency = {k: str(v) for k, v in {**both, **words("currency_prefixes"),
                                                **words("currency_suffixes")}.items()}  # fmt: skip
        self.multipliers = {k: int(v) for k, v in words("multipliers").items()}
        self.amount_words = {k: int(v) for k, v in words("amount_words").items()}
        # Spelled numbers only in the message's own language: "sto" is a hundred in
        # Polish and "I am" in Italian; a message of unknown language reads English's.
        table = TABLES[language] if language in TABLES else TABLES["en"]
        self.number_words = {
            k: int(v) for k, v in cast(dict[str, int], table["number_words"]).items()
        }
        number = _alternation(self.number_words)
        join = _alternation(cast(tuple[str, ...], table["number_joins"]))
        big = _alternation({w for w, v in self.number_words.items() if v >= 100})
        articles = cast(tuple[str, ...], table["number_articles"])
        # "a hundred": the article stands for "one" before a hundred or a thousand
        one = rf"(?:(?:{_alternation(articles)})\s+(?=(?:{big})\b))?" if articles else ""
        spelled = rf"{one}(?:{number})(?:(?:\s*-\s*|\s+(?:(?:{join})\s+)?)(?:{number}))*"
        pre = _alternation({*both, *words("currency_prefixes")})
        post = _alternation({*both, *words("currency_suffixes")})
        mult = _alternation(self.multipliers)
        self.amount = re.compile(
            rf"(?:(?P<pre>{pre})[ \u00a0]?(?=\d)|(?<![\w.,'’]))"
            rf"(?:(?P<num>{_NUMBER})(?:[ \u00a0]?(?P<mult>{mult}))?"
            rf"|(?P<word>{_alternation(self.amount_words)})"
            rf"|(?P<spelled>{spelled}))"
            rf"(?:[ \u00a0]?(?:(?:{_alternation(CURRENCY_IN)})\s+)?(?P<post>{post}))?",
            re.IGNORECASE,
        )
        self.max_end = _at_end(words("max_before"))
        self.min_end = _at_end(words("min_before"))
        self.around_end = _at_end(words("around_before"))
        self.budget_end = _at_end(words("budget_before"))
        article = words("range_articles")
        # "tra i 100 e i 110": an article may follow the range's start and its join
        after = r"(?:\s+(?:" + _alternation(article) + r"))?" if article else ""
        self.range_start_end = re.compile(
            r"(?:" + _alternation(words("range_start")) + r")" + after + r"\s*:?\s*$",
            re.IGNORECASE,
        )
        self.max_after = _after(words("max_after"))
        self.min_after = _after(words("min_after"))
        self.range_join = re.compile(
            r"\s*(?P<join>" + _alternation(words("range_join")) + r")" + after + r"\s*",
            re.IGNORECASE,
        )
        self.needs_start = frozenset(words("range_join_needs_start"))
        fillers = _alternation(words("negation_fillers"))
        self.negation_end = re.compile(
            r"(?:" + _alternation(words("negations")) + r")(?:\s+(?:" + fillers + r"))*\s+$",
            re.IGNORECASE,
        )
        self.weak_negation_end = re.compile(
            r"(?:" + _alternation(words("weak_negations")) + r")\s+$", re.IGNORECASE
        )
        self.comparatives = tuple(str(w) for w in words("comparatives"))
        units = {*words("not_money_after"), *UNITS} - {"w"}
        # watts, but a lower-case "w" before a word is Polish "in": "max 100 w dolarach"
        self.not_money_after = re.compile(
            r"\s*(?:" + _alternation(units) + rf"|{SPELLED_UNITS}|(?-i:W)|(?-i:w)(?!\s+[^\W\d_]))",
            re.IGNORECASE,
        )
        # "литров на 16", "litres: 16": a spelled unit before the number, one short word between
        self.unit_end = re.compile(
            rf"(?<![^\W\d_]){SPELLED_UNITS}[\s:]+(?:[^\W\d_]{{1,3}}\s+)?$", re.IGNORECASE
        )
        self.size_end = _at_end(words("size_before"))


def _at_end(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"(?:" + _alternation(words) + r")\s*:?\s*$", re.IGNORECASE)


def _after(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"\s*(?:" + _alternation(words) + r")", re.IGNORECASE)


@lru_cache(maxsize=32)
def _patterns(language: str | None) -> _Patterns:
    return _Patterns(language if language in TABLES else None)


# --------------------------------------------------------------------------- numbers


def _number(raw: str) -> Decimal | None:
    """Digits with separators → value: the last of two different marks is the decimal one."""
    text = re.sub(r"[\s'’\u00a0\u202f]", "", raw)
    if text[:1] in ".,":
        text = "0" + text
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        text = text.replace("." if decimal == "," else ",", "").replace(decimal, ".")
    else:
        for mark in ",.":
            parts = text.split(mark)
            if len(parts) == 1:
                continue
            tail = parts[-1]
            grouped = all(len(p) == 3 for p in parts[1:]) and 1 <= len(parts[0]) <= 3
            if grouped and not (len(parts) == 2 and parts[0] == "0"):
                text = "".join(parts)  # "1.299", "1,299,000": thousands
            else:
                text = "".join(parts[:-1]) + "." + tail
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _spelled(text: str, pats: _Patterns) -> Decimal:
    """A spelled number's value: "forty five" 45, "two hundred and fifty" 250.

    Hyphenated words take the longest table word first: "quatre-vingt-dix" is 80 + 10.
    """
    values: list[int] = []
    for token in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", text.lower()):
        parts, i = token.split("-"), 0
        while i < len(parts):
            for j in range(len(parts), i, -1):
                if (value := pats.number_words.get("-".join(parts[i:j]))) is not None:
                    values.append(value)
                    i = j
                    break
            else:
                i += 1  # a joining word ("and")
    total = current = 0
    for value in values:
        if value == 100:
            current = (current or 1) * 100
        elif value == 1000:
            total, current = total + (current or 1) * 1000, 0
        else:
            current += value
    return Decimal(total + current)


def _value(match: re.Match[str], pats: _Patterns) -> Decimal | None:
    if match.group("spelled"):
        return _spelled(match.group("spelled"), pats)
    if match.group("word"):
        return Decimal(pats.amount_words[" ".join(match.group("word").lower().split())])
    value = _number(match.group("num"))
    if value is not None and match.group("mult"):
        value *= pats.multipliers[" ".join(match.group("mult").lower().split())]
    return value


def parse_amount(text: str, locale_hint: str | None = None) -> Decimal | None:
    """The amount of the first number in ``text``, or ``None`` when there is none.

    "1.299,00" → 1299.00, "1 299,00", "1,299.00", "1'299" → 1299, "12,5" → 12.5,
    "2k" → 2000, "2 тыс" → 2000, "1,5 mln" → 1500000, "150 mil" (Spanish) → 150000,
    "tysiąc" → 1000, "3 тысячи" → 3000. A currency around it is allowed and ignored.
    ``locale_hint`` is a language code: its table's local words are read ("mil").
    """
    pats = _patterns(locale_hint.split("-")[0].split("_")[0].lower() if locale_hint else None)
    match = pats.amount.search(text)
    if match is not None:
        return _value(match, pats)
    loose = re.search(r"[.,]?\d[\d.,'’\u00a0\u202f ]*", text)  # "12.3456", ".99" in a field
    return _number(loose.group().strip()) if loose else None


# --------------------------------------------------------------------------- reading


def _resolve(code: str | None, default: str | None) -> str | None:
    """An ISO code for a mark's code or group, the shop's currency deciding a group."""
    if code is None or code not in GROUPS:
        return code
    if code == "LOCAL":
        return default.upper() if default else None
    if default and default.upper() in GROUPS[code]:
        return default.upper()
    if code == "DOLLAR" and default and default.upper().endswith("D"):
        return default.upper()  # "$" in a feed priced in a dollar currency not listed
    return GROUPS[code][0]


def _glued(text: str, start: int, end: int) -> bool:
    """Whether a match is part of a longer token: a model number, a fraction, an ordinal."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    if after.isalnum() or before.isalnum() or "/" in (before, after):
        return True  # "65W", "Q2", "2nd", "140x70", "42 1/2"
    # "2-й", "20-er"; not "R200-R500", a range
    return after in "-–" and _LETTERS_ONLY.match(text, end + 1) is not None


def _hits(text: str, language: str | None) -> list[_Hit]:
    """Amount-shaped matches that are not glued into a longer token, in order."""
    pats = _patterns(language)
    hits: list[_Hit] = []
    for match in pats.amount.finditer(text):
        start, end = match.span()
        if _glued(text, start, end):
            continue
        if start >= 2 and text[start - 1] in "-–" and text[start - 2].isalnum():
            # "20-50": the second number of a range; "ES1845-20": part of a model number
            if not (hits and hits[-1].end == start - 1):
                continue
        value = _value(match, pats)
        if value is None:
            continue
        mark = match.group("pre") or match.group("post")
        code = pats.currency[" ".join(mark.lower().split())] if mark else None
        num = match.group("num")
        spelled = bool(match.group("spelled"))
        if spelled and mark is None and value < 10:
            continue  # "two of them", "under two": a count, not money
        plain = (
            mark is None and not match.group("mult") and (spelled or bool(num and num.isdigit()))
        )
        hits.append(_Hit(start, end, value, mark, code, plain, bool(match.group("pre"))))
    return hits


def _weak(hit: _Hit) -> bool:
    """A one-letter mark before the number ("R250"): a model name ("R2") looks the same."""
    return hit.mark is not None and len(hit.mark) == 1 and hit.mark.isalpha() and hit.prefix


def _shape_says_money(text: str, hit: _Hit, pats: _Patterns) -> bool:
    """A bare number passes when nothing around it says it is a size, a count or a measure."""
    if hit.mark is not None:
        return True
    if pats.not_money_after.match(text, hit.end):
        after = pats.not_money_after.match(text, hit.end)
        assert after is not None
        if not text[after.end() : after.end() + 1].isalnum():
            return False
    window = max(0, hit.start - 24)
    before = (pats.size_end, pats.unit_end)  # "size 42", "литров на 16"
    return not any(pattern.search(text, window, hit.start) for pattern in before)


# --------------------------------------------------------------------------- bounds


class _Bound(NamedTuple):
    kind: str  # "max", "min", "around", "budget"
    begin: int
    end: int


def _qualify(text: str, hit: _Hit, pats: _Patterns) -> _Bound | None:
    """The bound an amount states from the cue just before or just after it, if any."""
    head = text[: hit.start]
    window = max(0, len(head) - 30)
    found = [
        (m.start(), kind)
        for kind, regex in (
            ("max", pats.max_end),
            ("min", pats.min_end),
            ("around", pats.around_end),
        )  # fmt: skip
        if (m := regex.search(head, window))
    ]
    if found:
        begin, kind = min(found)
        negated = pats.negation_end.search(head, max(0, begin - 40), begin) or (
            pats.weak_negation_end.search(head, max(0, begin - 4), begin)
            and text.startswith(pats.comparatives, begin)
        )
        if kind != "around" and negated:
            kind = "min" if kind == "max" else "max"
        if kind == "min" and hit.plain and int(hit.amount) in _YEARS:
            return None  # "from 2020" is a year
        return _Bound(kind, begin, hit.end)
    for kind, regex in (("max", pats.max_after), ("min", pats.min_after)):
        if (m := regex.match(text, hit.end)) and not text[m.end() : m.end() + 1].isalnum():
            return _Bound(kind, hit.start, m.end())
    if hit.code is not None and not _weak(hit):
        return _Bound("budget", hit.start, hit.end)
    budget = pats.budget_end.search(head, max(0, len(head) - 12))
    if budget is not None:
        return _Bound("budget", budget.start(), hit.end)
    return None


def _candidates(text: str, language: str | None) -> list[_Hit]:
    pats = _patterns(language)
    return [h for h in _hits(text, language) if _shape_says_money(text, h, pats)]


def find_money(
    text: str,
    language: str | None = None,
    default_currency: str | None = None,
    *,
    bare: bool = False,
) -> list[Money]:
    """Every amount of money in ``text``, in order.

    An amount with a named currency is money; a bare number only beside a bound
    cue (see the module's policy), or, with ``bare``, whenever its shape allows
    (a message that answers "what is your budget?"). ``default_currency`` fills
    the currency of an amount that names none and decides a shared mark ("$").
    """
    pats = _patterns(language)
    hits = _candidates(text, language)
    pairs = _range_pairs(text, hits, pats)
    bounds = [None if i in pairs else _qualify(text, hit, pats) for i, hit in enumerate(hits)]
    capped = any(b is not None and b.kind == "max" for b in bounds)
    out = []
    for i, (hit, bound) in enumerate(zip(hits, bounds, strict=True)):
        code = hit.code
        if i in pairs and code is None:  # "od 100 do 200 zł": the range names it once
            first = pairs[i][0]
            code = hits[first].code or hits[first + 1].code
        strong = code is not None and not (_weak(hit) and i not in pairs)
        if bound is not None and bound.kind == "budget" and hit.code is None and capped:
            bound = None  # "under 100 for 2": the 2 is a head count
        if not (bare or strong or i in pairs or bound is not None):
            continue
        named = _resolve(code, default_currency)
        currency = named or (default_currency.upper() if default_currency else None)
        out.append(Money(hit.amount, currency, (hit.start, hit.end), named is not None))
    return out


def _range_pairs(text: str, hits: list[_Hit], pats: _Patterns) -> dict[int, tuple[int, int]]:
    """Index → (index of the pair's first, start of the range) for "20-50 €", "od 20 do 50"."""
    pairs: dict[int, tuple[int, int]] = {}
    for i in range(len(hits) - 1):
        first, second = hits[i], hits[i + 1]
        if i in pairs:
            continue
        join = pats.range_join.fullmatch(text, first.end, second.start)
        if not join:
            continue
        start = pats.range_start_end.search(text, max(0, first.start - 30), first.start)
        if join.group("join").lower() in pats.needs_start and not start:
            continue
        begin = start.start() if start else first.start
        pairs[i] = pairs[i + 1] = (i, begin)
    return pairs


def find_budget(
    text: str, language: str | None = None, default_currency: str | None = None
) -> Budget:
    """The price bounds ``text`` states: (min, max, currency, spans covered).

    A range comes first ("between 20 and 50", "20-50 €", "od 100 do 200 zł", "от
    1000 до 2000 руб"); then each amount takes the cue just before it (max, min or
    around; a negation turns max and min round: "not over 80") or just after it
    ("50 or less", "100 and up"); an amount with a currency, or after "for", is a
    budget (a maximum) that never overrides a cued one ("under 100 for 2").
    ``currency`` is the one the text names, resolved with ``default_currency``.
    """
    pats = _patterns(language)
    hits = _candidates(text, language)
    low: Decimal | None = None
    high: Decimal | None = None
    code: str | None = None
    spans: list[tuple[int, int]] = []
    used: set[int] = set()
    pairs = _range_pairs(text, hits, pats)
    for i, (first, begin) in sorted(pairs.items()):
        if i != first:
            continue
        a, b = hits[i], hits[i + 1]
        low, high = min(a.amount, b.amount), max(a.amount, b.amount)
        code = a.code or b.code
        spans.append((begin, b.end))
        used.update((i, i + 1))
        break
    cued = {"min", "max"} if spans else set()
    for i, hit in enumerate(hits):
        if i in used:
            continue
        bound = _qualify(text, hit, pats)
        if bound is None:
            continue
        if bound.kind == "around":
            low = (hit.amount * (1 - AROUND)).quantize(_CENT)
            high = (hit.amount * (1 + AROUND)).quantize(_CENT)
            cued |= {"min", "max"}
        elif bound.kind == "budget":
            if "max" in cued:
                continue  # "under 100 for 2": the cued amount is the budget
            high = hit.amount
        elif bound.kind == "max":
            high = hit.amount
            cued.add("max")
        else:
            low = hit.amount
            cued.add("min")
        if hit.code is not None:
            code = hit.code
        spans.append((bound.begin, bound.end))
    return Budget(low, high, _resolve(code, default_currency), spans)


def readings(text: str, language: str | None = None) -> set[Decimal]:
    """Every value a number in ``text`` can be read as, for checking that a price was said.

    Lenient on purpose: "1,299" gives 1299 and 1.299, "2k" 2000 and 2, "150 mil"
    150000 and 150; nothing is filtered for shape (a size is still a number the
    shopper wrote).
    """
    pats = _patterns(language)
    found: set[Decimal] = set()
    for match in pats.amount.finditer(text):
        value = _value(match, pats)
        if value is not None:
            found.add(value)
        raw = match.group("num")
        if raw:
            digits = re.sub(r"[\s'’\u00a0\u202f]", "", raw)
            for alt in (digits.replace(",", ""), digits.replace(".", "").replace(",", "."),
                        digits.replace(",", ".")):  # fmt: skip
                try:
                    found.add(Decimal(alt))
                except InvalidOperation:
                    continue
    for match in re.finditer(r"\d+(?:[.,]\d+)?", text):
        try:
            found.add(Decimal(match.group().replace(",", ".")))
        except InvalidOperation:
            continue
    return found


def read_price(text: str, default_currency: str = "") -> tuple[Decimal | None, str]:
    """A feed's price field → (amount, ISO currency); the currency is the default when unnamed.

    "1.299,00 EUR", "$2,030", "USD 19.99", "12,50 zł", "10 kr", "41.25". A field
    is one price, so a bare number is money; the first number counts ("5-10 USD"
    is 5). A currency the reader does not know leaves the default.
    """
    pats = _patterns(None)
    match = pats.amount.search(text)
    amount = _value(match, pats) if match else parse_amount(text)
    mark = (match.group("pre") or match.group("post")) if match else None
    if mark is None:
        other = _field_marks().search(text)
        mark = other.group() if other else None
    key = " ".join(mark.lower().split()) if mark else ""
    code = pats.currency.get(key) or FIELD_SYMBOLS.get(key)
    return amount, _resolve(code, default_currency or None) or default_currency


@lru_cache(maxsize=1)
def _field_marks() -> re.Pattern[str]:
    """Any symbol or ISO code in any case: in a price field, "try" can only be a currency."""
    marks = {*SYMBOLS, *FIELD_SYMBOLS, *(c.lower() for c in ISO_CODES)}
    return re.compile(
        "|".join(
            rf"(?<![^\W\d_]){re.escape(m)}(?![^\W\d_])"
            for m in sorted(marks, key=len, reverse=True)
        ),
        re.I,
    )
