"""Sizes a message says in this conversation: answering the cart, offered on screen, sold.

The rules read "size 42" alone; a bare "37" or "in M" is a size only where the
conversation or the catalogue makes it one: the cart just asked which size, a card on
screen offers it, the shop sells it for the kind asked, or the product just answered
about comes in it. :func:`graph.turn_readings.settle` asks each in turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from graph import rules
from graph.catalogue_sizes import size_named
from graph.context import Context
from graph.resources import get_view
from graph.state import State
from graph.terms import terms
from graph.translate import kinds_named
from graph.vocabulary import ASK_FILLER
from sync.sizes import kinds_of, shopper_tokens

_WORD_OR_NUMBER = re.compile(r"[\w.,]+")
#: A number with its unit, as the tokeniser joins them ("20oz", "18in", "1.5l").
_MEASURE = re.compile(r"\d[\d./]*[^\W\d_]+")


def asked_of_the_focus(state: State, understood: rules.Understanding) -> Mapping[str, Any] | None:
    """The product just answered about, when the message is a question that may be of it.

    One pointing at no card but its own (a product named is the card it points at), no
    cart line, and not at the whole list.
    """
    focus = state.get("focus")
    if not focus or state.get("intent") != "product_question" or not understood.question:
        return None
    if understood.cart or understood.about_list:
        return None
    # "¿y la de 20 onzas …?" with its one card on screen points at it (by its words, too):
    # still of it
    shown = state.get("shown") or []
    pointed = {shown[i].get("group_id") for i in understood.references if i < len(shown)}
    if (understood.references or understood.product) and pointed != {focus.get("group_id")}:
        return None
    return focus


def size_of_the_focus(
    state: State, ctx: Context, text: str, understood: rules.Understanding
) -> None:
    """A size asked of the product just answered about: that product in that size.

    "а в размере M дешевле?", "and in size M?", "o dydžio L?" after a tee's price: the M
    variant's price and stock, not a search for whatever comes in M. Only a question that
    says nothing but the size (and "cheaper"), names no kind and points at no card.
    """
    focus = asked_of_the_focus(state, understood)
    if focus is None:
        return
    size = understood.updates.get("size") or _size_offered(text, _sizes_of(ctx, focus))
    if not size:
        return
    if set(understood.updates) - {"size", "query"} or kinds_named(text, understood.language):
        return
    if _names_a_need(ctx, rules.search_text(str(understood.updates.get("query") or ""))):
        return  # another word of a need ("and jeans in M?")
    understood.intent, understood.updates, understood.relative = (
        "product_question",
        {"size": size},
        None,
    )


def _names_a_need(ctx: Context, said: str) -> bool:
    """Whether the words left beside the size name something: a word some title holds.

    "e in 3XL costa di più?", "und in XL, kostet das mehr?": the rest asks the price, and no
    title of the shop says "costa" or "kostet"; "and jeans in M?" names jeans.
    """
    words = [w for w in re.findall(r"[^\W\d_]{3,}", said.lower()) if w not in ASK_FILLER]
    lexical = get_view(ctx).lexical
    if lexical is None:
        return bool(words)
    return any(lexical.in_titles(w) for w in words)


def _sizes_of(ctx: Context, card: Mapping[str, Any]) -> list[str]:
    """Every size ``card``'s variant group comes in (its options, else the filter table's)."""
    offered = (card.get("variant_options") or {}).get("size")
    if offered:
        return [str(s) for s in offered]
    group = card.get("group_id")
    table: Mapping[str, Mapping[str, Any]] = get_view(ctx).filters or {}
    rows = table.values() if group else ()
    return list(
        dict.fromkeys(str(r["size"]) for r in rows if r.get("group_id") == group and r.get("size"))
    )


def _size_offered(text: str, sizes: Sequence[str]) -> str:
    """The one size of ``sizes`` the message says ("and in 40?"), else "".

    A measure counts in any unit's spelling the tokeniser knows: "la de 20 onzas" says
    the size "20 oz", "18 cali" the size '18"'.
    """
    known = {s.casefold(): s for s in sizes}
    said = [known[w] for w in _WORD_OR_NUMBER.findall(text.casefold()) if w in known]
    if not said:
        measures = {t for t in terms(text) if _MEASURE.fullmatch(t)}
        said = [s for s in sizes if measures & {t for t in terms(s) if _MEASURE.fullmatch(t)}]
    return said[0] if len(set(said)) == 1 else ""


def size_answer(state: State, text: str, updates: Mapping[str, Any]) -> str:
    """The size a short message picks after the cart asked which ("8", "the M"), else "".

    Only sizes the question offered count, as written on the cards; a message
    that asks for more than a size (another product, a budget) is no answer.
    """
    asked = (state.get("turn") or {}).get("which_size")
    if not asked or not state.get("focus") or set(updates) - {"size", "query"}:
        return ""
    if len(text.split()) > 6:
        return ""
    low = text.lower()
    offered = sorted((str(s) for s in asked.get("sizes") or ()), key=len, reverse=True)
    for size in offered:
        if re.search(rf"(?<![\w.,'’]){re.escape(size.lower())}(?![\w]|[.,]\d)", low):
            return size
    return str(updates.get("size") or "")


def size_on_screen(
    text: str, shown: Sequence[Mapping[str, Any]], understood: rules.Understanding
) -> str:
    """A size one of the cards on screen offers, named without the word "size".

    "dodaj czarne w 37", "in 45", "la de 15 oz": the shop's own spelling of its sizes
    (the cards' variant options) decides, so "37" after shoes is a size and after mugs is
    not. Single letters ("S", "M") need the word "size": they are words too.
    """
    bounds = {understood.updates.get(k) for k in ("max_price", "min_price")} - {None}
    offered = {
        part.strip()  # "US 9 | EU 42": each system's size
        for card in shown
        for size in (card.get("variant_options") or {}).get("size") or ()
        for part in re.split(r"[|/;]", str(size))
        if len(part.strip()) >= 2
    }
    low = text.casefold()
    for size in sorted(offered, key=len, reverse=True):
        parts = re.findall(r"\d+(?:[.,]\d+)?|[^\W\d_]+", size.casefold())
        if not parts:
            continue
        pattern = r"\s*".join(re.escape(p) for p in parts)
        if re.search(rf"(?<![\w.,'’]){pattern}(?![\w'’]|[.,]\d)", low):
            number = re.sub(r"[^\d.,]", "", size).replace(",", ".")
            if number and any(_same_amount(number, b) for b in bounds):
                continue  # read as a price already
            return size
    return ""


def size_sold(
    ctx: Context, text: str, understood: rules.Understanding, previous: Mapping[str, Any]
) -> str:
    """A size the catalogue sells, named without the word "size" (graph.catalogue_sizes)."""
    updates = understood.updates
    prices = (updates.get("max_price"), updates.get("min_price"))
    return size_named(text, get_view(ctx).sizes_sold(), _need_of(updates, previous), prices)


def one_sold(ctx: Context, understood: rules.Understanding, previous: Mapping[str, Any]) -> str:
    """Of the sizes the message names in several systems, the first the shop sells ("")."""
    sold = get_view(ctx).sizes_sold()
    kinds = kinds_of(*_need_of(understood.updates, previous))
    return next((s for s in understood.sizes if set(shopper_tokens(s, kinds)) & sold), "")


def _need_of(updates: Mapping[str, Any], previous: Mapping[str, Any]) -> tuple[str, ...]:
    """What is being sought, for the kind a size belongs to.

    The category paths, then the need's words; the conversation's where this message
    names none.
    """
    return (
        str(updates.get("category") or previous.get("category") or ""),
        *(updates.get("category_any") or previous.get("category_any") or ()),
        str(updates.get("query") or previous.get("query") or ""),
    )


def _same_amount(number: str, bound: Any) -> bool:
    try:
        return float(number) == float(bound)
    except ValueError:
        return False


#: Words before a number that make it a size in a cart addition ("en 38", "in 43", "w 37",
#: "в 39", "en la 41", "nel 40", "size 9"): prepositions of a size in every supported
#: language, and the word "size" itself in each.
_SIZE_BEFORE = ("in", "en", "en la", "en el", "w", "в", "nel", "im", "na", "taille", "size",
                "taglia", "talla", "größe", "grösse", "rozmiar", "rozmiarze", "dydis",
                "dydžio", "размер", "numero", "número", "nr", "n°")  # fmt: skip
_SIZE_AFTER = ("-й", "-ый", "-ой", "-ого", " размер", " размера", " dydžio", " dydis",
               " rozmiar", " size")  # fmt: skip


#: A number the shop sells as a size above this is no quantity or card ordinal.
MAX_COUNT = 12


def said_as_size(text: str, size: str) -> bool:
    """Whether ``text`` says the number ``size`` as a size, not a quantity or an ordinal.

    After a size's preposition or word ("les taupe en 38"), before a size's ending ("39-й",
    "38 dydžio"), or too large for a count ("juodus, 43, dėkit į krepšelį").
    """
    if float(size) > MAX_COUNT:
        return True
    number = re.escape(size)
    pattern = rf"(?:(?<![\w])(?:{_BEFORE})\s+{number}(?!\w|[.,]\d)|(?<![\w.,]){number}(?:{_AFTER}))"
    return re.search(pattern, text.lower()) is not None


_BEFORE = "|".join(re.escape(w) for w in sorted(_SIZE_BEFORE, key=len, reverse=True))
_AFTER = "|".join(re.escape(w) for w in _SIZE_AFTER)
