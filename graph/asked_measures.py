"""A measure the shopper's need states, held against the measures product titles state.

"un tuyau d'arrosage de 30 mètres", "reikia valo, 2,4 mm storio", "кастрюля, литров на
16–18", "электрочайник на литр": the number and its unit say which of the shop's hoses,
lines, pots and kettles are meant, and a shop titles them by it ("Žarna laistymo WMS 3/4
30m", "puodas … 32cm, 18l"). When some candidates' titles state the asked measure, the
others (a 20 m hose, a 19 mm connector, a 4.6 l pot, a kettle of unknown size) are not
what was asked. Units are read in every language the search index reads them
(:data:`graph.terms.UNITS`), so "30 mètres", "30 metrų" and "30m" are one measure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from graph.terms import UNITS, fold, words

if TYPE_CHECKING:
    from graph.retrieval import Candidate

#: canonical unit (as :data:`graph.terms.UNITS` writes it) → (dimension, factor to its base)
_SCALE: dict[str, tuple[str, float]] = {
    "mm": ("length", 0.1), "cm": ("length", 1.0), "m": ("length", 100.0),
    "km": ("length", 100_000.0), "in": ("length", 2.54), "ft": ("length", 30.48),
    "yd": ("length", 91.44), "ml": ("volume", 0.001), "cl": ("volume", 0.01),
    "dl": ("volume", 0.1), "l": ("volume", 1.0), "gal": ("volume", 3.785),
    "mg": ("weight", 0.001), "g": ("weight", 1.0), "kg": ("weight", 1000.0),
    "lb": ("weight", 453.6), "w": ("power", 1.0), "kw": ("power", 1000.0),
    "mb": ("data", 0.001), "gb": ("data", 1.0), "tb": ("data", 1000.0),
}  # fmt: skip
#: A unit word said alone for one of it: "на литр", "a litre kettle", "un mètre".
_ONE = frozenset({"litre", "liter", "litr", "litro", "литр", "metre", "meter", "metr", "метр"})
#: Two measures this close are one ("15.6 in" screens are the "15 in" ones, "1,0 l" is "1 l").
TOLERANCE = 0.05

_NUMBER = r"\d+(?:[.,]\d+)?"
_UNIT = "|".join(sorted((re.escape(u) for u in UNITS), key=len, reverse=True))
_AFTER = r"(?![^\W\d_])"  # the unit ends the word: "30 m" but not "30 metų"
#: "30 m", "2,4mm", "16-18 l" (a range takes the unit after its second number)
_NUMBER_FIRST = re.compile(
    rf"(?<![\w.,/])(?P<lo>{_NUMBER})(?:\s*-\s*(?P<hi>{_NUMBER}))?[ -]?(?P<unit>{_UNIT}){_AFTER}"
)
#: "литров на 16-18", "litres: 16": a unit word first (a whole word: no "in 42"), its
#: number after one short word
_UNIT_FIRST = re.compile(
    rf"(?<![\w.,])(?P<unit>[^\W\d_]{{4,}})[\s:]+(?:[^\W\d_]{{1,3}}\s+)?"
    rf"(?P<lo>{_NUMBER})(?:\s*-\s*(?P<hi>{_NUMBER}))?(?!\w|[.,]\d)"
)
_WORD = re.compile(r"[^\W\d_]+")
#: A unit that is also a word ("in"): a unit when glued to its number or before no word.
_ALSO_A_WORD = frozenset({"in"})
_A_WORD_AFTER = re.compile(r"\s+[^\W\d_]")
_DASHES = str.maketrans({"–": "-", "—": "-"})


@dataclass(frozen=True)
class Measure:
    """A dimension and the range of its base unit asked (one value: ``low == high``)."""

    dimension: str
    low: float
    high: float

    def holds(self, value: float) -> bool:
        """Whether ``value`` (in the base unit) is the measure asked, within the tolerance."""
        return self.low * (1 - TOLERANCE) <= value <= self.high * (1 + TOLERANCE)


def _value(raw: str, unit: str) -> tuple[str, float] | None:
    canonical = UNITS.get(unit)
    if canonical not in _SCALE:
        return None
    dimension, factor = _SCALE[canonical]
    return dimension, float(raw.replace(",", ".")) * factor


def _said(need: str) -> tuple[str, list[tuple[Measure, tuple[int, int]]]]:
    """The folded need, and each measure it states with the span that states it."""
    text = fold(need).translate(_DASHES)
    found: list[tuple[Measure, tuple[int, int]]] = []
    for pattern in (_NUMBER_FIRST, _UNIT_FIRST):
        for match in pattern.finditer(text):
            if any(a < match.end() and match.start() < b for _, (a, b) in found):
                continue
            spaced = text[match.start("unit") - 1].isspace()
            if (
                spaced
                and match["unit"].lower() in _ALSO_A_WORD
                and _A_WORD_AFTER.match(text, match.end())
            ):
                continue  # "23 mal 60 in Schwarz": a word, not inches
            low = _value(match["lo"], match["unit"])
            high = _value(match["hi"] or match["lo"], match["unit"])
            if low and high:
                measure = Measure(low[0], min(low[1], high[1]), max(low[1], high[1]))
                found.append((measure, match.span()))
    for match in _WORD.finditer(text):
        covered = any(a <= match.start() < b for _, (a, b) in found)
        if not covered and match[0] in _ONE and (one := _value("1", match[0])):
            found.append((Measure(one[0], one[1], one[1]), match.span()))
    return text, found


def asked(need: str) -> list[Measure]:
    """The measures ``need`` states with a unit ("30 mètres", "16–18 литров", "на литр")."""
    return [measure for measure, _ in _said(need)[1]]


def measure_words(need: str) -> set[str]:
    """The search words of the measures ``need`` states ("16 литров" → "16l", "16")."""
    text, found = _said(need)
    return {w for _, (a, b) in found for w in words(text[a:b])}


def as_written_in_titles(need: str) -> list[str]:
    """The measures ``need`` says unit first or without a number, number first.

    "литров на 16-18" → "16 литров", "18 литров"; "на литр" → "1 литр": how titles write
    them ("… 16l"), so the lexical side finds the pots and kettles of that size.
    """
    text = fold(need).translate(_DASHES)
    found: list[str] = []
    for match in _UNIT_FIRST.finditer(text):
        if _value(match["lo"], match["unit"]):
            found += [f"{n} {match['unit']}" for n in (match["lo"], match["hi"]) if n]
    alone = [m for m in _WORD.finditer(text) if m[0] in _ONE]
    return found + [f"1 {m[0]}" for m in alone if not re.search(r"\d\s*$", text[: m.start()])]


def stated(title: str) -> dict[str, list[float]]:
    """Every measure a title states, per dimension (a dimension line's sides need units)."""
    values: dict[str, list[float]] = {}
    for match in _NUMBER_FIRST.finditer(fold(title).translate(_DASHES)):
        for raw in (match["lo"], match["hi"]):
            if raw and (value := _value(raw, match["unit"])):
                values.setdefault(value[0], []).append(value[1])
    return values


def _title(candidate: Candidate) -> str:
    return str(candidate.meta.get("title") or candidate.document.split("\n", 1)[0])


#: Stored (metadata, document) of the given product ids (:func:`graph.retrieval.read_records`).
Records = Callable[[Sequence[str]], Mapping[str, tuple[dict[str, Any], str]]]


def of_measure_asked(
    ranked: Sequence[Candidate], need: str, records: Records | None = None
) -> list[Candidate]:
    """The candidates whose titles state every measure asked, when any title states them.

    A group's card is the variant that states it: a shop that titles one hose per length
    ("… 20m", "… 30m", one group the sync derived) answers "30 mètres" with the 30 m one
    (``records`` reads the variants; without it only the card's own title is held). A
    measure no candidate's title states (the shop writes it only in descriptions, or has
    none of that size) filters nothing: the ranking speaks alone.
    """
    ranked = list(ranked)
    wanted = asked(need)
    if not wanted or len(ranked) < 2:
        return ranked

    def states(title: str) -> bool:
        values = stated(title)
        return all(any(m.holds(v) for v in values.get(m.dimension, ())) for m in wanted)

    others = [i for c in ranked if not states(_title(c)) for i in c.matching_ids if i != c.id]
    variants = records(others) if records is not None and others else {}
    kept = []
    for candidate in ranked:
        if states(_title(candidate)):
            kept.append(candidate)
            continue
        for variant in candidate.matching_ids:
            meta, document = variants.get(variant, ({}, ""))
            if variant != candidate.id and states(str(meta.get("title") or "")):
                kept.append(replace(candidate, id=variant, meta=dict(meta), document=document))
                break
    return kept or ranked
