"""Which product a cart addition names by the colour (and size) it asks for.

"geltonus, 3XL, į krepšelį" right after a question about one tee, "prendo quelli color
sabbia, XXL, nel carrello" over two pairs of trousers, "el azul con gris, al carrito"
where the ring shown is pink and grey: the colour says which product goes in. The
catalogue says which ones come in it: a product is every variant of its group, so a card
showing the black variant still offers the yellow one in stock. The cart node then takes
that variant (:func:`graph.cart_node._variant_for_cart`).

In order: the card pointed at by an ordinal or its own words (not by a colour of the
variant it shows), when it offers the colour; the product just talked about,
when it does; the one card on screen that does, or the first card when several do; else
the product named as the one in view
is but for its colour, where the shop lists each colour as a product of its own
(:func:`graph.siblings.sibling_in_colour`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graph.card_references import _noun_reference, _ordinal_references, focus_of
from graph.cards import card_of
from graph.constraints import now_ts, violations
from graph.context import Context
from graph.formatting import named_options
from graph.message_text import _keys
from graph.resources import get_view
from graph.siblings import sibling_in_colour
from graph.tables import FilterTable
from graph.understanding import Understanding
from graph.vocabulary import WORD_RE
from sync.enrich import color_tokens


def pick_by_colour(
    ctx: Context,
    text: str,
    understood: Understanding,
    shown: Sequence[Mapping[str, Any]],
    state_focus: Mapping[str, Any] | None,
) -> dict[str, Any] | None:
    """Settle which product an addition asking a colour takes; ``understood`` changes.

    Returns the card of a product not on screen (the one in view, or its sibling in that
    colour) when that is it, else ``None`` (a shown card is then ``understood.reference``).
    """
    colours = list(understood.updates.get("colors") or ())
    if understood.intent != "purchase" or not colours:
        return None
    if understood.product or understood.cart or understood.also_add or understood.continues_add:
        return None
    view = get_view(ctx)
    table = view.filters
    if table is None:
        return None
    size = {"size": understood.updates["size"]} if understood.updates.get("size") else {}
    now = now_ts()
    wanted = set(colours)

    def offers(card: Mapping[str, Any]) -> bool:
        """Some variant in stock (in the size asked) has every colour asked ("azul con gris")."""
        return any(
            wanted <= set(row.get("colors") or ()) and not violations(row, size, now)
            for row in _variants(table, card)
        )

    ref = understood.reference
    pointed = shown[ref] if ref is not None and 0 <= ref < len(shown) else None
    if pointed is not None and ref is not None and offers(pointed) and _named(text, shown, ref):
        return None  # the card pointed at comes in it: the cart takes that variant
    if state_focus and offers(state_focus):
        on_screen = [i for i, c in enumerate(shown) if c.get("id") == state_focus.get("id")]
        understood.references = on_screen[:1]
        understood.reference = on_screen[0] if on_screen else None
        return None if on_screen else dict(state_focus)
    hits = [i for i, card in enumerate(shown) if offers(card)]
    if len(hits) == 1:
        understood.references, understood.reference = hits, hits[0]
        return None
    if hits and hits[0] == 0 and not (understood.measure or understood.relative):
        # several come in it, the first card too: the list's best match is the one meant
        # ("чёрный, в корзину" over three belts; a search for "black" lost the belts),
        # unless it says which by size or price ("le plus petit en bordeaux")
        understood.references, understood.reference = [0], 0
        return None
    listed = [i for i in hits if _lists_colour(shown[i], wanted)]
    if len(listed) == 1:
        # several come in it, not the first, and one card names it on screen ("en 3
        # colores (black, brown, cappuccino)"): the one the shopper read it on
        understood.references, understood.reference = listed, listed[0]
        return None
    if hits:
        return None  # several come in it, not the first: the search's offer says which
    # none comes in it: the product named as the one in view is, in that colour
    one = focus_of(state_focus, [] if ref is None else [ref], shown)
    if one is None or view.lexical is None:
        return None
    sibling = sibling_in_colour(one, colours, view.lexical, table)
    card = card_of(ctx, sibling) if sibling is not None else None
    if card is None or not offers(card):
        return None
    understood.product = sibling
    understood.references, understood.reference = [], None
    return card


def _lists_colour(card: Mapping[str, Any], wanted: set[str]) -> bool:
    """Whether the card's line names one of ``wanted`` among its few colours."""
    values = [str(v) for v in (card.get("variant_options") or {}).get("color") or ()]
    said = {w.casefold() for w in wanted}  # none named: the line gives a count, "in 5 colours"
    return any(v.casefold() in said or said & set(color_tokens(v)) for v in named_options(values))


def _named(text: str, shown: Sequence[Mapping[str, Any]], ref: int) -> bool:
    """Whether ``text`` points at card ``ref`` by an ordinal or by its title's words."""
    low = text.lower()
    words = _keys(WORD_RE.findall(low))
    return ref in _ordinal_references(low, len(shown)) or _noun_reference(words, [], shown) == ref


def _variants(table: FilterTable, card: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
    """The filter rows of every variant of the card's group (its own row at least)."""
    group = str(card.get("group_id") or card.get("id") or "")
    members = table.members(group)
    if members is None:  # a table of filter fields only: scanned
        members = [row for pid, row in table.items() if str(row.get("group_id") or pid) == group]
    own = table.get(str(card.get("id") or ""))
    return members or ([own] if own else [])
