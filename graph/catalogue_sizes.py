"""Sizes a shopper names without the word "size", read against the sizes the shop sells.

"sneakersy karmel 40", "la taza anti-67 de 15 oz", "šiukšlių maišai 120l", "матрас 70
на 200": the shopper states a size the way the shop writes its own, and never says
"size". The rules read a size only after a size word ("size 40", "rozmiar 40") or in a
form no price takes ("EU 42", "XL"); :func:`graph.size_readings.size_on_screen`
reads one the cards on screen offer. This reads one the *catalogue* sells, so the
first message of a conversation is read too.

Each number in the message (with the unit written after it, if any; "70 на 200" and
"70 x 200" as one dimension) becomes the filter tokens a product must carry to fit it
(:func:`sync.sizes.shopper_tokens`, as retrieval will use them), and it is a size when
some product in the catalogue carries one of those tokens. Numbers say many things,
so a bare number counts only when the need names a kind whose sizes are numbers
("40" for shoes is EU 40; :func:`sync.sizes.kinds_of`) and it matches in such a
system, never as the number alone; a number with a unit or a dimension counts by
itself ("120l" is the shop's own "120l"). A number already read as a price, or part of
a code ("anti-67", "OD1615"), is none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from sync.sizes import kinds_of, shopper_tokens

#: A number, a dimension ("70x200", "70 на 200", "70 by 200"), then an optional unit
#: (a short word, written on or after a space: "15oz", "15 oz", "28 cm", "11 once"); a
#: word that is no unit adds no size token, so it counts for nothing.
_AMOUNT = re.compile(
    r"(?<![\w.,/\-])"
    r"(?P<n>\d+(?:[.,]\d+)?(?:\s*(?:x|×|\*|на|na|by)\s*\d+(?:[.,]\d+)?)?)"
    r"(?:\s?(?P<unit>[^\W\d_]{1,7})(?![\w\-]))?"
    r"(?![\w\-]|[.,]\d)",
    re.IGNORECASE,
)
_BY = re.compile(r"\s*(?:x|×|\*|на|na|by)\s*", re.IGNORECASE)
#: Systems a bare number's fit must be in: a named size system, not the number itself.
_NOT_A_SYSTEM = ("num:", "text:")


def sizes_sold(filters: Mapping[str, Mapping[str, Any]] | None) -> frozenset[str]:
    """Every size token some product carries (the filter table's ``sizes``)."""
    return frozenset(t for row in (filters or {}).values() for t in row.get("sizes") or ())


def size_named(
    text: str,
    sold: frozenset[str],
    need: Iterable[str] = (),
    prices: Iterable[Any] = (),
) -> str:
    """The size ``text`` names that the shop sells, as the shopper wrote it ("" if none).

    Args:
        text: The message.
        sold: :func:`sizes_sold` of the catalogue.
        need: What the need names (category paths, then the query), for the kind.
        prices: Amounts the message was read to state as prices.
    """
    if not sold:
        return ""
    kinds = kinds_of(*need)
    read_as_price = {float(p) for p in prices if p is not None}
    for match in _AMOUNT.finditer(text):
        number = _BY.sub("x", match.group("n")).replace(",", ".")
        dimension = "x" in number
        if not dimension and float(number) in read_as_price:
            continue
        alone = set(shopper_tokens(number, kinds))
        unit = match.group("unit") or ""
        for written in (f"{number}{unit}", f"{number} {unit}") if unit else ():
            # what the unit adds, holding the number: "25 m" is no letter size M
            if {t for t in set(shopper_tokens(written, kinds)) - alone if number in t} & sold:
                return written
        fits = alone & sold
        if dimension and fits:
            return number
        if kinds and any(not t.startswith(_NOT_A_SYSTEM) for t in fits):
            return number
    return ""


#: Letter sizes in order, for "a size up" and "a size down".
LETTER_SIZES = ("XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL")


def shopper_size(stated: re.Match[str]) -> str:
    """A size as :data:`graph.vocabulary.SHOPPER_SIZE_RE` read it: "UK 6", "39", "32 34"."""
    if stated.group("wl"):
        return " ".join(stated.group("wl").upper().replace("/", " ").split())
    number = (
        stated.group("num") or stated.group("bare") or stated.group("shoe") or stated.group("a")
    )
    number = number.replace(",", ".")
    system = stated.group("system")
    return f"{system.upper()} {number}" if system in ("us", "uk") else number


def step_size(size: str, step: int) -> str:
    """The next size up (step 1) or down (-1): M -> L, 42 -> 43, 42.5 -> 43.5, UK 5 -> UK 6."""
    upper = size.upper()
    if upper in LETTER_SIZES:
        position = min(max(LETTER_SIZES.index(upper) + step, 0), len(LETTER_SIZES) - 1)
        return LETTER_SIZES[position]
    system, _, number = size.rpartition(" ") if size[:1].isalpha() else ("", "", size)
    try:
        value = float(number.replace(",", ".")) + step
    except ValueError:
        return size
    stepped = str(int(value)) if value.is_integer() else str(value)
    return f"{system} {stepped}" if system else stepped
