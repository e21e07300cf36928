"""The largest or smallest of the products shown, by what their own texts measure.

"¿cuál es la más grande?" over kettles of 2.5 l, 3 l and 4 l; "which one is the tallest?"
over candles of 22, 34 and 40 cm: a product's size is in its title or description, as a
number with a unit. Volumes compare with volumes, lengths with lengths: the dimension
that most of the products state decides, and the title speaks before the description
(a description may measure the box, a cable or a spoon).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

# unit → (dimension, factor to the dimension's base unit: litres, centimetres)
_UNITS: dict[str, tuple[str, float]] = {
    "ml": ("volume", 0.001), "мл": ("volume", 0.001), "cl": ("volume", 0.01),
    "l": ("volume", 1.0), "л": ("volume", 1.0), "ltr": ("volume", 1.0),
    "oz": ("volume", 0.0296),
    "mm": ("length", 0.1), "мм": ("length", 0.1), "cm": ("length", 1.0), "см": ("length", 1.0),
    "m": ("length", 100.0), "м": ("length", 100.0), '"': ("length", 2.54), "in": ("length", 2.54),
}  # fmt: skip
_NUMBER = r"\d+(?:[.,]\d+)?"
_UNIT = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))
# "4 l", "600ml", "23×60 см" (every number of a dimension line takes its unit)
_MEASURE_RE = re.compile(
    rf"(?<![\w.,])({_NUMBER}(?:\s*[x×х*]\s*{_NUMBER})*)\s*({_UNIT})(?![^\W\d_])", re.IGNORECASE
)


#: Two or more numbers crossed: a dimension ("40x40", "40 × 40 см", "16х60", "70 на 200").
_DIMENSION_RE = re.compile(
    rf"(?<![\d.,])({_NUMBER})\s*(?:[x×х*]|на|na|by)\s*({_NUMBER})(?![\d.,])", re.IGNORECASE
)


def dimensions(text: str) -> set[str]:
    """The dimensions ``text`` writes, each as one word ("40 × 40 см" → "40x40")."""
    return {f"{a}x{b}".replace(",", ".") for a, b in _DIMENSION_RE.findall(text)}


def measures(text: str) -> dict[str, float]:
    """The largest measure ``text`` states per dimension ({"volume": litres, "length": cm})."""
    return {dimension: values[0] for dimension, values in _measured(text).items()}


def _measured(text: str) -> dict[str, tuple[float, ...]]:
    """Every measure ``text`` states per dimension, largest first ("23×60 см": 60, 23)."""
    found: dict[str, list[float]] = {}
    for numbers, unit in _MEASURE_RE.findall(text):
        dimension, factor = _UNITS[unit.lower()]
        for raw in re.split(r"\s*[x×х*]\s*", numbers, flags=re.IGNORECASE):
            found.setdefault(dimension, []).append(float(raw.replace(",", ".")) * factor)
    return {dimension: tuple(sorted(values, reverse=True)) for dimension, values in found.items()}


def _by_area(products: Sequence[Mapping[str, Any]], largest: bool) -> int | None:
    """The largest (or smallest) by the area of the dimension its title writes without a unit.

    "King Charles Ivory 18x18 Pillow" and "… 20x20 Pillow": the shop's sizes are crossed
    numbers (inches, unsaid); "the bigger one" is the 20 × 20.
    """
    areas: list[float | None] = []
    for product in products:
        sides = _DIMENSION_RE.search(str(product.get("title") or ""))
        areas.append(
            float(sides[1].replace(",", ".")) * float(sides[2].replace(",", ".")) if sides else None
        )
    known = [a for a in areas if a is not None]
    if len(known) < 2:
        return None
    best = max(known) if largest else min(known)
    return None if known.count(best) > 1 else areas.index(best)


def by_measure(products: Sequence[Mapping[str, Any]], largest: bool = True) -> int | None:
    """The index of the largest (or smallest) product, or ``None`` when it cannot be told.

    Each product is measured by its title, else by its ``details`` (the stored text); the
    dimension most products state is compared, its largest measure first, then the next
    ("23×60" is larger than "16×60"); a tie, or fewer than two measured, tells nothing.
    """
    sizes: list[dict[str, tuple[float, ...]]] = []
    for product in products:
        title = _measured(str(product.get("title") or ""))
        sizes.append(title or _measured(str(product.get("details") or "")))
    stated = [d for size in sizes for d in size]
    if not stated:
        return _by_area(products, largest)
    dimension = max(("volume", "length"), key=stated.count)
    values = [size.get(dimension) for size in sizes]
    known = [v for v in values if v is not None]
    if len(known) < 2:
        return None
    best = max(known) if largest else min(known)
    if known.count(best) > 1:
        return None
    return values.index(best)


def extreme_size(product: Mapping[str, Any], turn: Mapping[str, Any]) -> str | None:
    """The size of one product a superlative of size asks, when no size is said.

    "quello più grande quanto costa?" of a pillow sold in 18x18 and 20x20, "den größten"
    added to the cart: the size its own name measures largest (or smallest).
    """
    if not turn.get("measure") or (turn.get("updates") or {}).get("size"):
        return None
    sizes = list((product.get("variant_options") or {}).get("size") or ())
    at = by_measure([{"title": size} for size in sizes], turn["measure"] == "largest")
    return None if at is None else sizes[at]
