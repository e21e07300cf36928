"""The intent node: what the shopper's message means, merged into the conversation.

It reads the message (rules, and the LLM when configured, :mod:`graph.combine`), tells
the language of a message too short to tell, settles what only the conversation and the
catalogue can tell (:mod:`graph.turn_readings`), merges the preferences and puts the
typed reading in the turn's scratch (:class:`graph.state.Turn`) for the nodes after it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from langgraph.runtime import Runtime

from graph import cart_search, combine, rules, turn_readings
from graph.card_references import by_price
from graph.cards import card_from_metadata
from graph.cart_offer import offered_the_cart
from graph.catalogue_colours import colours_said
from graph.constraints import now_ts
from graph.context import Context
from graph.exchange import convert_bound, parse_rates
from graph.facet_matching import _facet_index
from graph.known_words import known_word
from graph.language_detection import likeliest_of
from graph.lexical import LexicalIndex
from graph.llm import llm_understand, load_chat_model
from graph.measures import by_measure
from graph.node_base import last_user_text, timed
from graph.preference_merging import MERGING_INTENTS
from graph.resources import get_facets, get_store, get_view, page_key
from graph.state import State
from graph.translate import word_languages
from graph.turn_readings import lexical_index
from graph.vocabulary import STOPWORD_SET, fold, letter_languages
from graph.vocabulary import WORD_RE as V_WORD

PHASE_BY_INTENT = {
    "greeting": "exploring", "browse": "exploring", "recommend": "exploring",
    "refine": "narrowing", "product_question": "detailing", "compare": "detailing",
    "purchase": "selling", "other": None,
}  # fmt: skip

MAX_QUERY_CHARS = 120


def _page_product(ctx: Context, url: str) -> dict[str, Any] | None:
    """The product whose link is the page the shopper has open."""
    if not url:
        return None
    base = url.split("#")[0]
    got = get_store(ctx).get(where={"link": base}, include=["metadatas"], limit=1)
    if not got["ids"] and "?" in base:
        got = get_store(ctx).get(where={"link": base.split("?")[0]}, include=["metadatas"], limit=1)
    if not got["ids"] and (pid := get_view(ctx).pages.get(page_key(base))):
        got = get_store(ctx).get(ids=[pid], include=["metadatas"])
    if not got["ids"]:
        return None
    return card_from_metadata(got["ids"][0], got["metadatas"][0], now_ts())


@timed("intent")
def intent(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Classify the message, detect its language, merge the shopper's preferences."""
    ctx = runtime.context or Context()
    text = last_user_text(state)
    facets = get_facets(ctx)
    shown = state.get("shown") or []
    previous = dict(state.get("preferences") or {})
    page = _page_product(ctx, state.get("page_url", ""))
    # too short to tell (""): the conversation's language, else the catalogue's
    # a shop's brand names are no language ("portfele Leather Country" is Polish)
    unbranded = shoppers_words(text, facets)
    language = rules.detect_language(unbranded, default="") or _language_prior(
        state, ctx, unbranded
    )
    understood = rules.understand(
        text,
        facets=facets,
        shown=shown,
        previous={**previous, "page_product": page} if page else previous,
        language=language,
        after_add=bool((state.get("turn") or {}).get("added")),
        # right after "not carried", a need is another one: "a nosidło na drewno, w kolorze
        # khaki?" after sauna mitts the shop lacks narrows nothing
        after_absent=bool((state.get("turn") or {}).get("not_carried")),
        # the elicitor asked last turn: the need was too vague to search
        after_guidance=bool((state.get("turn") or {}).get("ask")),
        after_offer=offered_the_cart(state),
    )
    # the rules' reading is the message's in this conversation and this catalogue ("37"
    # after shoes is a size): settled before the LLM's reading is merged, so the LLM
    # fills only what that reading left open
    named_focus = turn_readings.settle(state, ctx, text, understood, previous)
    mode = ctx.understanding
    if mode not in combine.MODES:
        raise ValueError(f"understanding must be one of {', '.join(combine.MODES)}; got {mode!r}")
    # "rules": no LLM in this turn at all, for reading or for the reply
    model = load_chat_model(ctx) if mode != "rules" else None
    llm_reading = None
    llm_failed = False
    if model is not None and combine.asks_llm(understood, mode):
        answer = llm_understand(model, ctx, text, shown, facets)
        if answer is None:
            llm_failed = True
            model = None  # don't wait on a failing endpoint twice in one turn
        else:
            llm_reading = combine.from_llm(answer, facets, len(shown))
    understood, source = combine.combine(understood, llm_reading, mode)
    if llm_failed:
        source = "rules (LLM failed)"
    elif model is not None and llm_reading is None:
        source = "rules (sure; LLM not asked)" if mode == "combined" else "rules"
    prefs = rules.merge_preferences(previous, understood, shown)
    if understood.intent in MERGING_INTENTS and understood.updates.get("colors"):
        # the colours named as themselves ("rouge", "czerwona"), not a shade read as its
        # family ("khaki" is beige): graph.catalogue_colours.exact_colour_first
        prefs["colors_said"] = [c for c in colours_said(text) if c in prefs.get("colors", ())]
    # a constraint the catalogue cannot express (no product records a gender) is not kept:
    # it would filter everything out, and the reply would claim what no record says
    prefs = dict(get_view(ctx).filterable(prefs))
    foreign = _foreign_budget(
        understood.updates, prefs, str(facets.get("currency") or ""), ctx.exchange_rates
    )
    if len(str(prefs.get("query") or "")) > MAX_QUERY_CHARS:  # what the reply quotes back
        prefs["query"] = str(prefs["query"])[:MAX_QUERY_CHARS].rsplit(" ", 1)[0]
    focus = None
    cheapest = understood.relative == "cheaper" or understood.updates.get("sort") == "price_asc"
    if understood.reference is not None and 0 <= understood.reference < len(shown):
        focus = shown[understood.reference]
    elif (
        understood.intent in ("purchase", "product_question")
        and cheapest
        and (pool := state.get("compared") or shown)
    ):
        # "I'll take the cheaper one", "а что из этого самое дешёвое?": of the products just
        # compared, else of the cards
        focus = pool[by_price(pool, cheapest=True)]
    elif (
        understood.intent == "purchase"
        and understood.measure
        and (pool := state.get("compared") or shown)
        and (at := by_measure(pool, largest=understood.measure == "largest")) is not None
    ):
        # "le plus petit, dans le panier": the one its own text measures smallest
        focus = pool[at]
    elif named_focus is not None and understood.intent in ("product_question", "purchase"):
        focus = named_focus  # named by its title, on screen or not
    elif page is not None:
        focus = page
    elif state.get("focus") and understood.intent in ("product_question", "purchase"):
        focus = state.get("focus")
    add_found = False
    # "swap it for the Copperpot Oslo one": the line goes once the product named after the
    # cue is in (the cart node); that product is a card pointed at, or searched like an add
    swap = cart_search.swap_parts(text) if state.get("cart") else None
    if swap is not None:
        gap, rest = swap
        put_in = rules.understand(
            rest, facets=facets, shown=shown, previous=previous, language=understood.language
        )
        buy = dataclasses.replace(
            understood, intent="purchase", cart=None, references=[], reference=None
        )
        if put_in.reference is not None and 0 <= put_in.reference < len(shown):
            understood = dataclasses.replace(buy, reference=put_in.reference)
            focus = shown[put_in.reference]
        elif need := cart_search.need_to_add(
            rest,
            dataclasses.replace(buy, product=None),
            facets=facets,
            previous=previous,
            language=understood.language,
            known=known_word(lexical_index(ctx)),
        ):
            understood, add_found, focus = need, True, None
            prefs, foreign = _prefs_of_search(ctx, previous, need, shown, facets)
        else:
            swap = None  # nothing to put in: read as the rules read it
    # "i jeszcze różowe pareo" right after an add names another product, not the one
    # in focus again ("and one more" names none: then the focus it is)
    another = understood.continues_add and named_focus is None
    if swap is None and ((focus is None and len(shown) != 1) or another):
        # "rankinė bagetė, alyvuogių spalvos - dėk į krepšelį" with nothing of it on screen:
        # searched, then added when one product is clearly meant (diversify), else offered
        need = cart_search.need_to_add(
            text,
            understood,
            facets=facets,
            previous=previous,
            language=understood.language,
            known=known_word(lexical_index(ctx)),
            beside=(focus or (shown[0] if len(shown) == 1 else None)) if another else None,
        )
        if need is not None:
            understood, add_found, focus = need, True, None
            prefs, foreign = _prefs_of_search(ctx, previous, need, shown, facets)
    phase = PHASE_BY_INTENT.get(understood.intent) or state.get("phase") or "exploring"
    if understood.intent == "recommend" and _specific(prefs):
        phase = "narrowing"
    if add_found:
        phase = "selling"  # the cards close with "Which one shall I add to your cart?"
    return {
        "intent": understood.intent,
        "language": understood.language,
        "preferences": prefs,
        "focus": focus,
        # "which one is cheaper?" right after a comparison asks among the compared
        "compared": (state.get("compared") or []) if understood.intent == "compare" else [],
        "earlier": _earlier(state),
        "phase": phase,
        "recommendations": [],
        "suggestions": [],
        "candidates": [],
        "turn": {
            "reference": understood.reference,
            "references": understood.references,
            "about_list": understood.about_list,
            "picks": understood.picks,
            "counted": understood.counted,
            "of_list": understood.of_list,
            "cart": understood.cart,
            "quantity": understood.quantity,
            "updates": understood.updates,
            "relative": understood.relative,
            "foreign_budget": foreign,
            "features": understood.features,
            "concepts": understood.concepts,
            "asks_brands": understood.asks_brands,
            "topic": understood.topic,
            "add_found": add_found,
            "also_add": understood.also_add,
            "priced": understood.priced,
            "measure": understood.measure,
            "swap": swap[0] if swap is not None else None,
            # "something else": none of the products shown for this need so far
            "exclude_groups": (
                list(dict.fromkeys([*(state.get("seen") or ()), *(c["group_id"] for c in shown)]))
                if understood.something_else
                else []
            ),
        },
        "trace": {
            "reset": True,
            "intent": understood.intent,
            "language": understood.language,
            "understood_by": source,
            "llm_ok": model is not None,
            "preferences": prefs,
        },
    }


#: A name in quotes ("do you have the «Второе дыхание» in black?") is the shop's, not the
#: shopper's language.
_QUOTED = re.compile(r"«[^»]*»|„[^“”]*[“”]|“[^”]*”|\"[^\"]*\"")


def shoppers_words(text: str, facets: Mapping[str, Any]) -> str:
    """``text`` without what the shop wrote: names in quotes and the brands' names."""
    return _without_brands(_QUOTED.sub(" ", text), facets)


def _without_brands(text: str, facets: Mapping[str, Any]) -> str:
    """``text`` with the catalogue's brand names taken out (for telling its language)."""
    for _, regex in _facet_index(facets).brands:
        text = regex.sub(" ", text.lower())
    return text


def _language_prior(state: State, ctx: Context, text: str) -> str:
    """The language of a message too short to tell: the conversation's, else the shop's.

    A Polish shop's "kozaki 39" is Polish; the configured default comes last. A first
    message none of whose words the shop has, nor misspells, is not in the shop's
    language: its letters say which it is ("masažinis volas" in an English shop), else
    the lexicon's English words ("a lilac handbag" in a Polish shop).
    """
    if state.get("language"):
        return str(state["language"])
    lexical = lexical_index(ctx)  # the language detected from the products' own texts
    if lexical is not None and lexical.language in rules.SUPPORTED_LANGUAGES:
        return _not_the_shops(text, lexical) or lexical.language
    return ctx.default_language


#: Shorter words say little about a language ("a", "in", "cm").
_MIN_TELLING = 4


def _not_the_shops(text: str, lexical: LexicalIndex) -> str:
    """The language of ``text`` when none of its words is in the shop's titles, else ""."""
    words = [fold(w) for w in V_WORD.findall(text.lower()) if len(w) >= _MIN_TELLING]
    words = [w for w in words if w not in STOPWORD_SET]

    def titled(word: str) -> bool:  # the titles are the shop's language; its categories
        return any(t in lexical.title_rows for t in lexical.terms(word))  # may be English

    if not words or any(titled(w) or titled(lexical.correct(w)[0]) for w in words):
        return ""
    by_letters = letter_languages(text)
    if by_letters is not None:  # letters the shop's language writes too: its own
        return "" if lexical.language in by_letters else likeliest_of(text, by_letters)
    if any(word_languages(w) == {"en"} for w in words):
        return "en"
    return ""


def _prefs_of_search(
    ctx: Context,
    previous: Mapping[str, Any],
    need: rules.Understanding,
    shown: list[dict[str, Any]],
    facets: Mapping[str, Any],
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The preferences a cart addition searched for is merged into, and its foreign budget."""
    prefs = dict(get_view(ctx).filterable(rules.merge_preferences(previous, need, shown)))
    foreign = _foreign_budget(
        need.updates, prefs, str(facets.get("currency") or ""), ctx.exchange_rates
    )
    prefs["query"] = str(prefs.get("query") or "")[:MAX_QUERY_CHARS]
    return prefs, foreign


def _foreign_budget(
    updates: Mapping[str, Any], prefs: dict[str, Any], catalogue: str, rates_setting: str = ""
) -> dict[str, Any] | None:
    """Convert a budget the message stated in another currency than the catalogue's.

    "do 200 zł" applied as 200 USD would be four times the shopper's budget: the bound is
    converted at an approximate rate and kept a margin inside it (:mod:`graph.exchange`);
    without a rate for either currency it is not applied. The reply says which.
    """
    said = updates.get("currency")
    bounds = [k for k in ("max_price", "min_price") if k in updates and k in prefs]
    if not (said and catalogue and bounds) or said == catalogue:
        return None
    amount = prefs[bounds[0]]
    rates = parse_rates(rates_setting)
    converted: dict[str, Any] = {
        k: convert_bound(prefs[k], said, catalogue, k, rates) for k in bounds
    }
    if all(v is not None for v in converted.values()):
        prefs.update(converted)
        prefs["currency"] = catalogue
        return {
            "currency": said,
            "catalogue": catalogue,
            "amount": amount,
            "converted": converted[bounds[0]],
        }
    for k in bounds:
        prefs.pop(k)
    return {"currency": said, "catalogue": catalogue, "amount": amount}


def _specific(prefs: Mapping[str, Any]) -> bool:
    return bool(prefs.get("size") or prefs.get("colors") or prefs.get("brands"))


#: Earlier lists remembered by their first card.
MAX_EARLIER = 5


def _earlier(state: State) -> list[dict[str, Any]]:
    """The first card of each list shown so far, latest first, one a product group."""
    shown = state.get("shown") or []
    cards = [*shown[:1], *(state.get("earlier") or [])]
    by_group: dict[str, dict[str, Any]] = {}
    for card in cards:
        by_group.setdefault(str(card.get("group_id") or card.get("id")), card)
    return list(by_group.values())[:MAX_EARLIER]
