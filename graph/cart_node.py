"""The cart node: fill the session cart.

It adds the product referenced (the variant in the size and colour asked, or asks which
size), views, removes, empties and exchanges; the cart lives in the graph state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from graph.cards import card_from_metadata, cards_of
from graph.constraints import now_ts, violations
from graph.context import Context
from graph.lexical import LexicalIndex
from graph.measures import extreme_size
from graph.node_base import timed
from graph.resources import get_store, get_view
from graph.retrieval import variant_options
from graph.state import State, Turn
from graph.terms import terms
from graph.translate import broader_kinds, kind_concepts, translate_query
from graph.vocabulary import CART_WORD_RE, fold
from sync.enrich import color_tokens
from sync.grouping import base_title


@timed("cart")
def cart(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """The session cart: add the referenced (or only shown) product, or view, remove, empty."""
    ctx = runtime.context or Context()
    turn: Turn = {**(state.get("turn") or {})}
    action = turn.get("cart")
    language = str(state.get("language") or "en")
    shown = state.get("shown") or []
    focus = state.get("focus") or (shown[0] if len(shown) == 1 else None)
    items = [dict(item) for item in state.get("cart") or []]
    added: dict[str, Any] | None = None
    removed: list[dict[str, Any]] = []
    pick: Mapping[str, Any] | None = None  # the variant to add
    which_size: dict[str, Any] | None = None  # or the sizes to ask between
    prefs = dict(state.get("preferences") or {})
    if action == "clear":
        removed, items = items, []
    elif action == "remove":
        # The cart line the message names ("usuń czarne", "quita la taza"), else the
        # product in focus, else the last one added.
        topic = turn.get("topic") or []
        target = _line_named(get_view(ctx).lexical, topic, turn, items, language)
        # a kind named that no line is ("jednak bez kolczyków, wyjmij je" of a cart holding
        # a ring): nothing goes, not the last line added
        named_elsewhere = target is None and _kind_not_held(" ".join(topic), language, items)
        if target is None and not named_elsewhere and focus:
            target = focus["id"] if any(i["id"] == focus["id"] for i in items) else None
        if target is None and not named_elsewhere and items:
            target = items[-1]["id"]
        removed = [i for i in items if i["id"] == target]
        items = [i for i in items if i["id"] != target]
    elif action is None and focus:
        # a card stands for its group: the variant in the shopper's size, or ask which
        # the size this message names ("add the 7", "8" after we asked) or the need's
        if size := (turn.get("updates") or {}).get("size"):
            prefs["size"] = size
        if colors := (turn.get("updates") or {}).get("colors"):
            prefs["colors"] = colors  # "w kolorze czekoladowym, dodaj": that variant
            # the shade in the shopper's words ("graphite grey"): the variant named so
            prefs["shade"] = " ".join(turn.get("topic") or ())
        # a page open on one variant ("…?variant=42") names that variant, as a card does not
        page = str(state.get("page_url") or "").split("#")[0]
        if "?" in page and focus.get("link") == page and not size:
            pick = focus
        else:
            pick, which_size = _variant_for_cart(ctx, focus, prefs)
        if which_size and not which_size["wanted"]:
            # "den größten": the size the sizes themselves measure largest (or smallest)
            options = {"variant_options": {"size": list(which_size["sizes"])}}
            if size := extreme_size(options, turn):
                prefs["size"] = size
                pick, which_size = _variant_for_cart(ctx, focus, prefs)
    quantity = max(1, int(turn.get("quantity") or 1))
    # an exchange ("swap it for …"): the line its words name, else the last one added;
    # taken out only once the other is in
    swap_out = None
    if turn.get("swap") is not None and items:
        named = _line_named(get_view(ctx).lexical, turn["swap"] or [], turn, items, language)
        swap_out = named or items[-1]["id"]
    if pick is not None and pick.get("in_stock"):
        added = _add_line(items, pick, quantity)
        if swap_out is not None and swap_out != added["id"]:
            removed = [i for i in items if i["id"] == swap_out]
            items = [i for i in items if i["id"] != swap_out]
    also: list[dict[str, Any]] = []
    if added is not None and turn.get("also_add"):
        # "add the X and the Y": the others it names, each as a card would be added
        for other in cards_of(ctx, turn["also_add"]):
            # the colour said for all ("beide in Bordeaux"); a size its group does not sell
            # ("beides, das Shirt in M" for the mug too) leaves the variant as it was shown
            variant, _ = _variant_for_cart(ctx, other, prefs)
            if variant is None or (prefs.get("size") and not variant.get("in_stock")):
                variant, _ = _variant_for_cart(ctx, other, {**prefs, "size": None})
            variant = variant or other
            if variant.get("in_stock"):
                also.append(_add_line(items, variant, quantity))
    turn["added"], turn["removed"], turn["which_size"] = added, removed, which_size
    turn["added_also"] = also
    turn["unavailable"] = focus if pick is not None and added is None else None
    update = {"cart": items, "phase": "selling", "turn": turn, "trace": {"cart": len(items)}}
    if which_size:  # the sizes in stock, to click
        update["suggestions"] = list(which_size["sizes"])
        update["focus"] = which_size["card"]  # "in olive" asked: the size is olive's
    return update


def _add_line(
    items: list[dict[str, Any]], pick: Mapping[str, Any], quantity: int
) -> dict[str, Any]:
    """Put ``quantity`` of ``pick`` in the cart ``items``; the line as it is now."""
    same = next((i for i in items if i["id"] == pick["id"]), None)
    if same is not None:  # the same product again: one line, more of it
        same["quantity"] = int(same.get("quantity") or 1) + quantity
        return dict(same)
    keys = ("id", "title", "price", "currency", "link", "group_id")
    line = {k: pick[k] for k in keys if k in pick}
    line["price"] = pick.get("effective_price", pick.get("price"))
    line["quantity"] = quantity
    items.append(line)
    return line


def _kinds_said(said: str, language: str) -> tuple[int, ...]:
    """The kinds of product a removal's words name ("в корзине": the cart itself is none)."""
    return kind_concepts(CART_WORD_RE.sub(" ", said), language, departments=False)


def _kind_not_held(said: str, language: str, items: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``said`` names a kind of product (the lexicon's) that no cart line is."""
    named = broader_kinds(_kinds_said(said, language))
    if not named:
        return False
    held = [kind_concepts(str(i.get("title") or ""), departments=False) for i in items]
    if not all(held):
        return False  # a line of a kind the lexicon does not know may be the one named
    return not named & broader_kinds({k for kinds in held for k in kinds})


def _line_named(
    lexical: LexicalIndex | None,
    topic: Sequence[str],
    turn: Mapping[str, Any],
    items: list[dict[str, Any]],
    language: str,
) -> str | None:
    """The id of the one cart line whose title shares the most words or colours with ``topic``.

    Words compare as the search stems them in the conversation's language ("убери
    простыню" names "Простыня на резинке"), and, translated, in the shop's ("kamerą
    išimkite" names the "Webcam", "bez poszewki" the "Euro Sham").
    """
    if not items:
        return None
    colors = set((turn.get("updates") or {}).get("colors") or ())
    said = " ".join(topic)
    asked = set(terms(said, language))
    shop, in_shop = "", set()
    if lexical is not None and lexical.language != language:
        shop = lexical.language
        found = translate_query(said, shop, lexical.known, lexical.in_titles, lexical.title_word)
        in_shop = set(terms(found, shop))
    # the kind named as the lexicon knows it: "сотейник" names the "Saucepan" though the
    # translation says "cookware", another word of the same kind
    kinds = set(_kinds_said(said, language))
    scores = []
    for item in items:
        title = str(item.get("title") or "")
        score = len(asked & set(terms(title, language)))
        if shop:
            score = max(score, len(in_shop & set(terms(title, shop))))
        if kinds:
            score = max(score, len(kinds & set(kind_concepts(title, departments=False))))
        scores.append(score + len(colors & set(color_tokens(title))))
    top = max(scores)
    return str(items[scores.index(top)]["id"]) if top and scores.count(top) == 1 else None


def _variant_for_cart(
    ctx: Context, focus: Mapping[str, Any], prefs: Mapping[str, Any]
) -> tuple[Mapping[str, Any] | None, dict[str, Any] | None]:
    """The variant of the focused card's group to add, or the sizes to ask between.

    A card shows one variant of its group (the feed's ``item_group_id`` or a derived
    group, ``sync.grouping``). A colour asked that the card is not in takes the group's
    variants in that colour, when it has them. With a size stated, the cart takes the
    in-stock variant in that size (the card's own, else one in the card's colour, else
    the first); when none is in stock, it asks among the sizes that are. With no size stated and
    several sizes in stock, it asks which. Otherwise it takes the card as shown
    (sold out: the cart says so).
    """
    if focus.get("group_id", focus["id"]) == focus["id"]:
        return focus, None  # a product without variants
    got = get_store(ctx).get(where={"group_id": focus["group_id"]}, include=["metadatas"])
    members = dict(zip(got["ids"], got["metadatas"], strict=True))
    # a colour asked that the card is not in: the group's variants in that colour
    asked = set(prefs.get("colors") or ())
    shown_in = set((members.get(focus["id"]) or {}).get("colors") or ())
    in_colour = {p: m for p, m in members.items() if asked & set(m.get("colors") or ())}
    shade = shade_named(str(prefs.get("shade") or ""), in_colour, ctx) if asked else None
    if in_colour and (not asked & shown_in or (shade and shade != focus["id"])):
        # another colour than the card's, or another shade of it ("graphite grey" where
        # the card shows "Gris Claro"): that colour's variants, the shade named first
        members = in_colour
        first = shade or next(
            (p for p, m in in_colour.items() if m.get("in_stock")), next(iter(in_colour))
        )
        focus = card_from_metadata(first, in_colour[first], now_ts())
    elif in_colour:
        # the card's own colour asked: a size sold out in it is not another colour's size
        # ("the Fjord jacket in burgundy, size XS" had added the olive XS)
        members = in_colour
    sizes = variant_options(list(members.values())).get("size", [])
    if not sizes:
        return focus, None
    wanted = str(prefs.get("size") or "")
    # "card": the variant asked about, so the size answered next is that colour's
    title = base_title(str(focus.get("title") or ""))
    ask: dict[str, Any] = {"title": title, "sizes": sizes, "wanted": "", "card": focus}
    if not wanted:  # several sizes in stock: which? (the card's own sold out: say so)
        return (None, ask) if len(sizes) > 1 and focus.get("in_stock") else (focus, None)
    # the size as retrieval reads it (its kind from the need: "42" for shoes is EU 42)
    need = {k: prefs[k] for k in ("size", "category", "category_any", "query") if k in prefs}
    now = now_ts()
    fits = [
        pid
        for pid, meta in members.items()
        if meta.get("in_stock") and "size" not in violations(meta, need, now)
    ]
    if not fits:
        return None, {**ask, "wanted": wanted}
    same_color = [pid for pid in fits if members[pid].get("color") == focus.get("color")]
    pid = focus["id"] if focus["id"] in fits else (same_color or fits)[0]
    return card_from_metadata(pid, members[pid], now), None


def shade_named(words: str, variants: Mapping[str, Mapping[str, Any]], ctx: Context) -> str | None:
    """The variant whose own colour name the shopper's words name best, if one does.

    "the graphite grey one" of a tee in "Gris Claro" and "Gris Grafito": the words, with
    their translations into the shop's language ("grafito"), against each variant's colour
    as the feed spells it (its variant in stock first); a tie or no word shared names none.
    """
    lexical = get_view(ctx).lexical
    if not words or lexical is None or len(variants) < 2:
        return None
    said = set(fold(translate_query(words, lexical.language)).split())
    names = {str(m.get("color") or "") for m in variants.values()}
    scored = sorted(((len(said & set(fold(n).split())), n) for n in names), reverse=True)
    if len(scored) < 2 or scored[0][0] == 0 or scored[0][0] == scored[1][0]:
        return None
    named = [p for p, m in variants.items() if str(m.get("color") or "") == scored[0][1]]
    return next((p for p in named if variants[p].get("in_stock")), named[0])
