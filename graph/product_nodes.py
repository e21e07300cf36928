"""The product node: look up the products asked about, and answer over them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from graph.bridge import sentence_similarities
from graph.card_references import selling_price
from graph.cards import as_card, card_from_metadata, card_of, cards_of
from graph.common_words import function_words
from graph.constraints import effective_price, now_ts, violations
from graph.context import Context
from graph.described_references import (
    cards_by_meaning,
    cards_holding,
    described_in_need,
    points_at_list,
    terms_held,
)
from graph.measures import by_measure, extreme_size
from graph.node_base import timed
from graph.product_answers import availability
from graph.references import reference_words
from graph.resources import get_store, get_view
from graph.retrieval import Candidate, variant_options
from graph.search import query_text, ranked_candidates
from graph.search_nodes import relevant
from graph.state import State, Turn
from graph.vocabulary import ASK_FILLER, fold
from sync.sizes import matches as size_matches


@timed("product")
def product(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Look up the products asked about, with every variant's options."""
    ctx = runtime.context or Context()
    shown = state.get("shown") or []
    turn = state.get("turn") or {}
    compared: list[dict[str, Any]] | None = None
    if state.get("intent") == "compare" and (priced := turn.get("priced")):
        return _priced(ctx, turn, priced)
    if state.get("intent") == "compare":
        # "which one is cheaper?" names no card: the last comparison's, else all shown
        references = () if turn.get("about_list") else turn.get("references") or ()
        named = [shown[i] for i in references if i < len(shown)]
        # the products named, else the last comparison's, else every card on screen
        items = named[:5] if len(named) >= 2 else (state.get("compared") or shown[:5])
        compared = items
    elif turn.get("about_list"):
        # "do any of those come in black?": every card shown, with its variants
        items = [shown[i] for i in turn.get("references") or () if i < len(shown)]
    else:
        # "what size is it?" after a list, none pointed at: the top card, named in the
        # answer (asking "which one?" costs the shopper a turn when it mostly is that one)
        focus = state.get("focus") or (shown[0] if shown else None)
        items = [focus] if focus else []
    over_list = compared is not None or bool(turn.get("about_list"))
    fresh = _looked_up(ctx, items, turn, over_list)
    if len(fresh) == 1 and (size := extreme_size(fresh[0], turn)):  # "quello più grande"
        turn = {**turn, "updates": {**(turn.get("updates") or {}), "size": size}}
        fresh = _looked_up(ctx, items, turn, over_list)
    if over_list and len(fresh) > 1 and turn.get("measure"):
        # "¿cuál es la más grande?": the one its own text measures largest, answered about
        at = by_measure(fresh, largest=turn["measure"] == "largest")
        if at is not None:
            return {
                "intent": "product_question",
                "focus": as_card(fresh[at]),
                "turn": {**turn, "products": [fresh[at]], "about_list": False},
                "trace": {"product": 1, "measure": turn["measure"]},
            }
    # "welcher davon hat Kissenbezüge dabei?": the ones whose own text says so
    filler = _filler(turn, state)
    picked = _holding_the_topic(ctx, turn, fresh, filler) if over_list and len(fresh) > 1 else []
    if not picked and over_list and len(fresh) > 1:
        # "quali hanno la punta quadrata?" of shoes described "kwadratowy nosek": by meaning
        language = state.get("language") or ctx.default_language
        picked = _meaning_picks(ctx, turn, fresh, language, filler)
    if not picked and over_list and len(fresh) > 1:
        # "która z nich ma taki geometryczny kształt?" of twenty bags, five shown: the one
        # of the need's products whose text says so, on screen or not
        elsewhere = _described_in_the_need(ctx, state, turn, fresh, filler)
        if elsewhere:
            picked = _looked_up(ctx, elsewhere, turn, over_list)
            if len(picked) > 1:
                fresh, compared = picked, None
    if not picked and not over_list and turn.get("picks") and len(shown) == 1 and fresh:
        # "quali hanno l'intersuola all'azoto?" with one card on screen whose text does not
        # say so: the need's products whose text does
        elsewhere = _picked_elsewhere(ctx, state, turn, fresh, filler)
        if elsewhere:
            picked = _looked_up(ctx, elsewhere, turn, True)
            if len(picked) > 1:
                fresh, over_list = picked, True
    if len(picked) == 1:
        # "how much is the one with the padlock on the strap?", "which of them has a hood?":
        # the one it is, answered about (a comparison of one compares nothing)
        card = as_card(picked[0])
        one: dict[str, Any] = {
            "intent": "product_question",
            "focus": card,
            "turn": {**turn, "products": picked, "about_list": False},
            "trace": {"product": 1, "picked_by_text": picked[0]["id"]},
        }
        if picked[0]["group_id"] not in {c.get("group_id") for c in shown}:
            one["recommendations"] = one["shown"] = [card]  # not on screen: shown now
        return one
    if picked:
        fresh = picked
        groups = {p["group_id"] for p in picked}
        compared = [c for c in (compared or []) if c["group_id"] in groups] or None
    asks_cheapest = (turn.get("updates") or {}).get("sort") == "price_asc"
    asked_cheap = asks_cheapest or turn.get("relative") == "cheaper"
    # "¿cuál de esas cosas sale más barata?" with one card on screen: the need's cheapest
    one_of_one = bool(turn.get("picks")) and len(shown) == 1 and not over_list
    cheapest = (over_list or one_of_one) and asked_cheap
    # "a który z tych trzech jest najtańszy?", "el más barato de esos": of those it counts
    # or points at, not of the whole need
    pointed = len(fresh) > 1 and points_at_list(turn, get_view(ctx).lexical, filler)
    of_these = turn.get("counted") == len(fresh) or pointed
    if (
        cheapest
        and not picked
        and not of_these
        and (cheap := _cheapest_in_the_need(ctx, state, fresh))
    ):
        # "qual è la più economica?" after three of twenty valances: the cheapest of what
        # the shop has for the need, not of the three it happened to show
        return {
            "intent": "product_question",
            "focus": cheap,
            "turn": {**turn, "products": [cheap], "about_list": False},
            "trace": {"product": 1, "cheapest_in_need": cheap["id"]},
            "recommendations": [cheap],
            "shown": [cheap],
        }
    if cheapest:
        # "Was kostet das günstigste davon?": the comparison opens with the cheapest
        fresh = sorted(fresh, key=selling_price)
        if compared:
            order = {p["group_id"]: n for n, p in enumerate(fresh)}
            compared = sorted(compared, key=lambda c: order.get(c["group_id"], len(order)))
    update: dict[str, Any] = {
        "turn": {**turn, "products": fresh},
        "trace": {"product": len(fresh)},
    }
    if compared is not None:
        update["compared"] = compared
    if fresh and over_list:
        _answer_over_list(state, fresh, update)
        if cheapest and not picked:
            # "which of those is cheapest?" is answered by the comparison's takeaway, which
            # names it: "ok add that one" next means that one
            update["focus"] = as_card(fresh[0])
        if picked and "recommendations" in update:
            update["shown"] = update["recommendations"]  # "the first one" is of those now
    elif len(fresh) == 1:
        # the product answered about (the top card when none was pointed at) is the one
        # "pop it in my basket" means next
        card = as_card(fresh[0])
        update["focus"] = card
        if fresh[0]["group_id"] not in {c.get("group_id") for c in shown}:
            # a product named, not on screen ("do you have the «Второе дыхание» in black?"):
            # its card comes with the answer, and "that one", "add it" point at it next
            update["recommendations"] = update["shown"] = [card]
    return update


def _need_ranked(ctx: Context, state: State) -> list[Candidate]:
    """The need's products, searched as the list was (its constraints, kind, relevance floor)."""
    prefs = state.get("preferences") or {}
    if not (prefs.get("query") or prefs.get("category")):
        return []
    language = state.get("language")
    query = query_text(prefs, get_view(ctx), ctx, language)
    return relevant(ctx, ranked_candidates(ctx, prefs, ctx.candidates), prefs, query, language)


def _need_groups(ctx: Context, state: State) -> frozenset[str]:
    """The groups of the need's first-stage candidates (its constraints, no agreement or floor).

    Wider than what was shown: "a watch or a ring" showed the rings its words agreed with.
    """
    prefs = state.get("preferences") or {}
    if not (prefs.get("query") or prefs.get("category")):
        return frozenset()
    return frozenset(c.group_id for c in ranked_candidates(ctx, prefs, ctx.candidates))


def _cheapest_in_the_need(
    ctx: Context, state: State, products: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | None:
    """The card of the need's cheapest product, when no card shown is as cheap (else None).

    The need is searched as the list was (its constraints, its kind, the relevance floor).
    """
    if not products:
        return None
    ranked = _need_ranked(ctx, state)
    now = now_ts()
    # neither a card shown nor one "something else" has passed over
    shown = {str(p.get("group_id")) for p in products}
    shown |= set((state.get("turn") or {}).get("exclude_groups") or ())
    lowest = min(selling_price(p) for p in products)
    cheaper = [
        c for c in ranked if c.group_id not in shown and effective_price(c.meta, now) < lowest
    ]
    if not cheaper:
        return None
    return card_of(ctx, min(cheaper, key=lambda c: effective_price(c.meta, now)).id)


def _looked_up(
    ctx: Context, items: Sequence[Mapping[str, Any]], turn: Mapping[str, Any], over_list: bool
) -> list[dict[str, Any]]:
    """Each item's product as stored now, with every variant's options and stock."""
    store, now = get_store(ctx), now_ts()
    fresh: list[dict[str, Any]] = []
    for item in items:
        got = store.get(where={"group_id": item["group_id"]}, include=["metadatas", "documents"])
        if not got["ids"]:
            continue  # gone from the catalogue since it was shown
        by_id = dict(zip(got["ids"], got["metadatas"], strict=True))
        pid = item["id"] if item["id"] in by_id else got["ids"][0]
        # "а в размере M дешевле?": the variant in the size asked (in stock first, then the
        # colour in view) answers with its own price and stock
        asked = str((turn.get("updates") or {}).get("size") or "")
        if asked and not over_list:
            pid = _variant_in_size(by_id, pid, asked) or pid
        product = card_from_metadata(
            pid,
            by_id[pid],
            now,
            options=variant_options(list(by_id.values())),
            reason=item.get("reason", ""),
        )
        # the stored text (title, description…) answers "is it waterproof?"
        product["details"] = got["documents"][got["ids"].index(pid)] or ""
        # every variant, sold out too: "size 43 is sold out", not "no 43"
        product["variant_stock"] = [
            [m.get("color") or "", m.get("size") or "", bool(m.get("in_stock"))]
            for m in by_id.values()
        ]
        fresh.append(product)
    return fresh


def _described_in_the_need(
    ctx: Context,
    state: State,
    turn: Mapping[str, Any],
    products: list[dict[str, Any]],
    filler: list[str],
) -> list[dict[str, Any]]:
    """The cards of the need's products whose text holds what a question over the list asks.

    When no shown one does (``[]``: none, or too many to be an answer).
    """
    if turn.get("updates") or turn.get("relative") or turn.get("features"):
        return []
    view = get_view(ctx)
    if view.lexical is None or not view.filters:
        return []
    prefs = {k: v for k, v in (state.get("preferences") or {}).items() if k != "query"}
    table, now = view.filters, now_ts()

    def admits(pid: str) -> bool:
        row = table.get(pid)
        return row is not None and not violations(row, prefs, now)

    topic = " ".join(turn.get("topic") or ())
    seen = {p["group_id"] for p in products}
    pool: list[frozenset[str]] = []  # searched only when one telling word is asked

    def in_the_need(pid: str) -> bool:
        if not pool:
            pool.append(_need_groups(ctx, state))
        return admits(pid) and str(table[pid].get("group_id") or pid) in pool[0]

    # one word alone only for a question over the whole list ("which of them …?"), never
    # for products named ("compare the first two": "two" is in some description)
    alone = in_the_need if turn.get("about_list") else None
    found = described_in_need(topic, view.lexical, admits, filler, alone=alone)
    groups = dict.fromkeys(str(table[pid].get("group_id") or pid) for pid in found)
    if not groups or set(groups) & seen:
        return []  # a shown product holds it too: the words tell nothing new
    cards = [c for pid in found if (c := card_of(ctx, pid)) is not None]
    return list({c["group_id"]: c for c in cards}.values())


def _picked_elsewhere(
    ctx: Context,
    state: State,
    turn: Mapping[str, Any],
    fresh: list[dict[str, Any]],
    filler: list[str],
) -> list[dict[str, Any]]:
    """The need's products a which-question picks when the one card shown lacks it, or ``[]``.

    The card's own text holding a telling word of the question answers it there.
    """
    lexical = get_view(ctx).lexical
    if lexical is None or any(
        terms_held(" ".join(turn.get("topic") or ()), fresh, lexical, filler)
    ):
        return []
    return _described_in_the_need(ctx, state, {**turn, "about_list": True}, fresh, filler)


def _holding_the_topic(
    ctx: Context, turn: Mapping[str, Any], products: list[dict[str, Any]], filler: list[str]
) -> list[dict[str, Any]]:
    """The products a question over the list picks by words of their own text, or ``[]``.

    Only a question that asks nothing else of them (no colour, size, budget or order:
    "which is the cheapest?" compares; "any in grey?" checks the variants).
    """
    if turn.get("updates") or turn.get("relative") or turn.get("features"):
        return []
    lexical = get_view(ctx).lexical
    if lexical is None:
        return []
    hits = cards_holding(" ".join(turn.get("topic") or ()), products, lexical, filler)
    return [products[i] for i in hits]


def _filler(turn: Mapping[str, Any], state: State) -> list[str]:
    """The words of a question over the list that ask nothing of the products.

    The shared filler, and the words the shopper's language uses as often as its function
    words ("Welches davon hat so Pixel-Art drauf?": "so" is no "So Amazing" tee's).
    """
    language = str(state.get("language") or "")
    topic = list(turn.get("topic") or ())
    return [*ASK_FILLER, *function_words(topic, language), *reference_words(language)]


def _meaning_picks(
    ctx: Context,
    turn: Mapping[str, Any],
    products: list[dict[str, Any]],
    language: str,
    filler: list[str],
) -> list[dict[str, Any]]:
    """The products a question over the list picks by the meaning of their text, or ``[]``.

    Only a question that asks nothing else of them (as :func:`_holding_the_topic`).
    """
    if turn.get("updates") or turn.get("relative") or turn.get("features"):
        return []
    lexical = get_view(ctx).lexical
    if lexical is None:
        return []
    asked = [w for w in turn.get("topic") or () if fold(w) not in ASK_FILLER]
    hits = cards_by_meaning(asked, products, lexical, language, filler, sentence_similarities)
    return [products[i] for i in hits]


#: What a question over the list can ask each product to satisfy.
_LIST_CONSTRAINTS = ("colors", "size", "min_price", "max_price")


def _answer_over_list(state: State, products: list[dict[str, Any]], update: dict[str, Any]) -> None:
    """The products a question over the list picks become the turn's cards.

    "which of those are under $100?", "any of these in grey?": the ones that satisfy it
    are shown (and become the list "the first one" points into); "which is the
    cheapest?" shows the products compared. When none satisfies it, the same need is
    searched with the constraint added ("None of these comes in grey", then grey ones).
    """
    asked = {k: v for k, v in ((state.get("turn") or {}).get("updates") or {}).items()
             if k in _LIST_CONSTRAINTS and v not in (None, [], "")}  # fmt: skip
    color = next(iter(asked.get("colors") or ()), None)
    size = asked.get("size")
    low, high = asked.get("min_price"), asked.get("max_price")

    def fits(product: Mapping[str, Any]) -> bool:
        price = selling_price(product)
        return (
            (not (color or size) or availability(product, color, size) == "yes")
            and (low is None or price >= float(low))
            and (high is None or price <= float(high))
        )

    hits = [p for p in products if fits(p)] if asked else products
    if hits:
        cards = [as_card(p) for p in hits]
        update["recommendations"] = cards
        if asked:
            update["shown"] = cards
            if low is not None or high is not None:  # the comparison of those within it
                update["turn"]["products"] = hits
        return
    prefs = {**(state.get("preferences") or {}), **asked}
    update.update(intent="refine", preferences=prefs, phase="narrowing")
    update["turn"]["list_none"] = {"color": color, "size": size}


def _priced(ctx: Context, turn: Turn, priced: Mapping[str, Any]) -> dict[str, Any]:
    """The products one price question named, each in the size said with it, compared.

    They are the cards now: "beides in den Warenkorb", "the first one" point at them.
    """
    # one product may be priced in several sizes ("una M e una L"): each pair looked up
    by_id = {card["id"]: card for card in cards_of(ctx, list(dict.fromkeys(priced["ids"])))}
    counts = priced.get("counts") or [1] * len(priced["ids"])  # "dos fundas": two of it
    fresh = [
        {**product, "quantity": count}
        for pid, size, count in zip(priced["ids"], priced["sizes"], counts, strict=True)
        if pid in by_id
        for product in _looked_up(ctx, [by_id[pid]], {"updates": {"size": size}}, False)
    ]
    cards = [as_card(p) for p in fresh]
    return {
        "turn": {**turn, "products": fresh},
        "compared": cards,
        "shown": cards,
        "trace": {"product": len(fresh), "priced": priced["how"]},
    }


def _variant_in_size(by_id: Mapping[str, Mapping[str, Any]], pid: str, size: str) -> str | None:
    """The variant of ``pid``'s group in ``size``: in stock first, then ``pid``'s colour.

    A size matches as the search's filter reads it ("3XL" asked is the feed's "XXXL",
    "EU 42" its "US 9 | EU 42").
    """
    colour = str(by_id[pid].get("color") or "").casefold()
    fits = [p for p, m in by_id.items() if size_matches(size, str(m.get("size") or ""))]
    fits.sort(
        key=lambda p: (
            not by_id[p].get("in_stock"),
            str(by_id[p].get("color") or "").casefold() != colour,
        )
    )
    return fits[0] if fits else None
