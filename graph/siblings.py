"""The same product in another colour, where the shop lists each colour as a product of its own.

"ajoutez-la au panier, et la blanche aussi" with "Bague ailée noire" on screen: the shop also
sells a "Bague ailée blanche", no variant of it (many feeds have no ``item_group_id`` and
name the colour in the title). Its title, the colour words aside, is the card's; the colour
asked is its own. Catalogue-driven: the lexical index's title postings and the names' length
without variant words (``LexicalIndex.name_lengths``) decide, in any language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graph.cards import card_of
from graph.catalogue_colours import own_color_names, read_colours
from graph.context import Context
from graph.lexical import LexicalIndex, variant_words
from graph.resources import get_view
from graph.understanding import Understanding
from graph.vocabulary import CART_WORD_RE, JOINS_RE, cart_add_verb_re
from sync.enrich import KNOWN_COLORS, color_tokens


def sibling_in_colour(
    focus: Mapping[str, Any],
    colours: Sequence[str],
    lexical: LexicalIndex,
    table: Mapping[str, Mapping[str, Any]],
) -> str | None:
    """The in-stock product named as ``focus`` is, but for its colour, in one of ``colours``."""
    title = str(focus.get("title") or "")
    variant = set(lexical.terms(" ".join(variant_words(title))))
    name = {t for t in lexical.terms(title) if t not in variant}
    if not name:
        return None
    own = str(focus.get("group_id") or focus.get("id") or "")
    wanted = set(colours)
    found: dict[str, str] = {}  # group → id
    for row in lexical.titles_holding(name).tolist():
        pid = lexical.ids[row]
        record = table.get(pid) or {}
        group = str(record.get("group_id") or pid)
        if group == own or pid == focus.get("id") or not record.get("in_stock", True):
            continue
        held = set(record.get("colors") or ()) | set(color_tokens(str(record.get("title") or "")))
        # the shop's own colour names ("— karmel") are no variant words any table knows
        own_names = {t for c in held - KNOWN_COLORS for t in lexical.terms(c)}
        if not 0 <= int(lexical.name_lengths[row]) - len(name) <= len(own_names):
            continue  # a longer name: another product that shares these words
        if wanted & held:
            found.setdefault(group, pid)
    return next(iter(found.values())) if len(found) == 1 else None


def read_sibling(
    ctx: Context,
    text: str,
    understood: Understanding,
    shown: Sequence[Mapping[str, Any]],
    state_focus: Mapping[str, Any] | None,
) -> dict[str, Any] | None:
    """A second colour named in an addition, or right after one: that colour's sibling.

    "ajoutez-la au panier, et la blanche aussi": added too (``also_add``). "and the white
    one too" right after an add: the sibling is what this turn adds; its card is returned.
    The colour is the sibling's, not a constraint on anything else.
    """
    colours = list(understood.updates.get("colors") or ())
    if understood.also_add or understood.cart or not colours:
        return None
    parts = [p.lower() for p in JOINS_RE.split(text) if p.strip()]
    # a second product only when the addition comes before the colour: "ajoutez-la au
    # panier, et la blanche aussi"; not "mettimi nel carrello quelle caramello, il 41" (the
    # addition's own colour) nor "non, finalement le blanc, mettez-le dans mon panier"
    own = own_color_names(get_view(ctx).facets)
    named = [bool(set(colours) & {*color_tokens(p), *read_colours(p, own)}) for p in parts]
    at = named.index(True) if True in named else len(parts)
    adds = cart_add_verb_re(understood.language)
    joined = 0 < at < len(parts) and any(
        adds.search(p) or CART_WORD_RE.search(p) for p in parts[:at]
    )
    after_add = understood.continues_add
    if not ((understood.intent == "purchase" and joined) or after_add):
        return None
    ref = understood.reference
    focus = shown[ref] if ref is not None and 0 <= ref < len(shown) else state_focus
    if not focus or set(colours) & set(color_tokens(str(focus.get("title") or ""))):
        return None  # the card is that colour already: nothing else is asked
    view = get_view(ctx)
    if view.lexical is None:
        return None
    sibling = sibling_in_colour(focus, colours, view.lexical, view.filters or {})
    if sibling is None:
        return None
    understood.updates.pop("colors", None)
    if not after_add:
        understood.also_add = [sibling]
        return None
    card = card_of(ctx, sibling)
    if card is not None:
        understood.intent, understood.product = "purchase", sibling
        understood.references, understood.reference = [], None
    return card


def asked_sibling(
    ctx: Context,
    understood: Understanding,
    shown: Sequence[Mapping[str, Any]],
    state_focus: Mapping[str, Any] | None,
) -> dict[str, Any] | None:
    """A question about the product in view in a colour it does not come in: its sibling.

    "et le rouge, il coûte plus cher ?" over "Plastron charleston blanc", where the shop
    sells a "Plastron charleston rouge" as a product of its own: the question is the red
    one's (its price, its stock), not "the white one does not come in red".
    """
    colours = list(understood.updates.get("colors") or ())
    if understood.intent != "product_question" or understood.product or not colours:
        return None
    ref = understood.reference
    focus = shown[ref] if ref is not None and 0 <= ref < len(shown) else state_focus
    if not focus:
        return None
    view = get_view(ctx)
    table: Mapping[str, Mapping[str, Any]] = view.filters or {}
    group = str(focus.get("group_id") or focus.get("id") or "")
    own = [row for pid, row in table.items() if str(row.get("group_id") or pid) == group]
    if any(set(colours) & set(row.get("colors") or ()) for row in own):
        return None  # the product comes in it: a variant's question
    if view.lexical is None:
        return None
    sibling = sibling_in_colour(focus, colours, view.lexical, table)
    card = card_of(ctx, sibling) if sibling is not None else None
    if card is not None:
        understood.product, understood.updates = sibling, {}
        understood.references, understood.reference = [], None
    return card
