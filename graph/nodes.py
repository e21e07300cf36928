"""The graph's nodes: small functions of ``(state, runtime)`` returning what they change.

intent → (elicitor → retrieve → rerank → diversify | product | cart) → reply
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict
from functools import wraps
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph import combine, rules, templates
from graph.answers import passages
from graph.cards import card, card_from_metadata
from graph.context import Context
from graph.diversify import diversify as select_diverse
from graph.evidence import not_carried, thresholds_for
from graph.hybrid import first_stage
from graph.kinds import agree_with_best
from graph.lexical import LexicalIndex
from graph.llm import llm_reply, llm_understand, load_chat_model
from graph.lookup import Named, asks_about, named_product
from graph.profile import load_profile
from graph.rerank import make_reranker
from graph.resources import (
    get_embeddings,
    get_facets,
    get_store,
    get_view,
    index_model,
    page_key,
)
from graph.retrieval import (
    Candidate,
    effective_price,
    now_ts,
    relax,
    variant_options,
    violations,
)
from graph.search import need_text, query_text
from graph.state import State
from graph.vocabulary import AFFIRMATIVE_RE as V_AFFIRMATIVE
from graph.vocabulary import BRANDS_ASK_RE as V_BRANDS_ASK
from graph.vocabulary import STOPWORDS as V_FILLER
from graph.vocabulary import VAGUE_WORDS, WHO_WORDS, features_asked
from graph.vocabulary import WORD_RE as V_WORD
from sync.grouping import base_title

Node = Callable[[State, Runtime[Context]], dict[str, Any]]
PHASE_BY_INTENT = {
    "greeting": "exploring", "browse": "exploring", "recommend": "exploring",
    "refine": "narrowing", "product_question": "detailing", "compare": "detailing",
    "purchase": "selling", "other": None,
}  # fmt: skip


def timed(name: str) -> Callable[[Callable[..., dict[str, Any]]], Callable[..., dict[str, Any]]]:
    """Record a node's wall time in the turn's trace."""

    def wrap(func: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
        @wraps(func)
        def inner(*args: Any, **kwargs: Any) -> dict[str, Any]:
            start = time.perf_counter()
            update = func(*args, **kwargs)
            elapsed = round((time.perf_counter() - start) * 1000, 2)
            trace = update.setdefault("trace", {})
            trace.setdefault("timings_ms", {})[name] = elapsed
            return update

        return inner

    return wrap


#: A shopper's message is read up to this many characters: a need fits in far less, and a
#: megabyte of text must not become a megabyte of query, prompt or reply.
MAX_MESSAGE_CHARS = 2000
MAX_QUERY_CHARS = 120
#: A message the rules can't place ("tent", "foam roller") is a product search when the
#: nearest product is at least this similar (MiniLM cosine; measured on the demo catalogue:
#: product names 0.50-0.66, chit-chat and gibberish 0.09-0.27).
PRODUCT_LIKE_SIMILARITY = 0.4


def _last_user_text(state: State) -> str:
    for message in reversed(state.get("messages", [])):
        if isinstance(message, HumanMessage) or getattr(message, "type", "") == "human":
            content = message.content
            text = content if isinstance(content, str) else " ".join(map(str, content))
            return text[:MAX_MESSAGE_CHARS]
    return ""


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


# -- intent --------------------------------------------------------------------------------------


def _accepts_the_cart_offer(state: State, text: str) -> bool:
    """Whether the message is a bare "yes" to a reply that offered the cart.

    That is an answer about one product in stock ("… Shall I add it to your cart?"), or
    cards closing with "Shall I add one to your cart?" (the cart then asks which).
    """
    if not V_AFFIRMATIVE.match(text.lower()):
        return False
    focus = state.get("focus")
    if state.get("intent") == "product_question":
        return bool(focus and focus.get("in_stock"))
    # cards that closed with the offer; never after an item was added ("yes" again would
    # add it twice)
    return (
        state.get("intent") in ("recommend", "refine")
        and state.get("phase") in ("narrowing", "selling")
        and bool(state.get("shown"))
    )


def _size_answer(state: State, text: str, updates: Mapping[str, Any]) -> str:
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


@timed("intent")
def intent(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Classify the message, detect its language, merge the shopper's preferences."""
    ctx = runtime.context or Context()
    text = _last_user_text(state)
    facets = get_facets(ctx)
    shown = state.get("shown") or []
    previous = dict(state.get("preferences") or {})
    page = _page_product(ctx, state.get("page_url", ""))
    # too short to tell (""): the conversation's language, else the catalogue's
    language = rules.detect_language(text, default="") or _language_prior(state, ctx)
    understood = rules.understand(
        text,
        facets=facets,
        shown=shown,
        previous={**previous, "page_product": page} if page else previous,
        language=language,
    )
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
    named = _named_product(ctx, text, understood)
    named_focus = None
    if named is not None:
        named_focus, asks = named
        on_screen = [shown[i]["group_id"] for i in understood.references if i < len(shown)]
        if on_screen and named_focus["group_id"] not in on_screen:
            # "add the Keira Square Pillow" while the Opal Square Pillow is shown: the full
            # name outranks the shared words "square pillow"
            understood.references, understood.reference = [], None
        elif on_screen:
            named_focus = None  # the card on screen it names is the reference already
        if named_focus and understood.intent in ("recommend", "refine", "other", "browse") and asks:
            # "how thick is the sole on the <model>?": a question about that product
            understood.intent, understood.updates = "product_question", {}
    if understood.about_list and understood.list_pronoun and state.get("focus"):
        # "do you have them in 40?" right after naming one pair of shoes: that product
        understood.about_list, understood.references = False, []
    if _accepts_the_cart_offer(state, text):
        understood.intent = "purchase"  # "yes" to "Shall I add it to your cart?"
    elif size := _size_answer(state, text, understood.updates):
        understood.intent = "purchase"  # "8" to "Which size of … would you like?"
        understood.updates.pop("query", None)  # "M" is no search
        understood.updates["size"] = size
    asked = bool(state.get("questions_asked"))
    if asked and not {"min_price", "max_price"} & set(understood.updates):
        # "50" right after we asked for the budget is the budget (a bare number is no price
        # otherwise: after cards it may be a size, a quantity, an ordinal).
        if (bare := rules.budget_of(text)) is not None:
            understood.updates["max_price"] = bare
    if understood.intent == "other" and not asked:
        query = rules.search_text(text)
        if query and (_names_a_product(ctx, query) or _is_bare_need(query, understood)):
            understood.intent = "recommend"
            understood.updates.setdefault("query", query)
    if understood.intent in ("other", "greeting") and asked:
        # We asked a clarifying question; whatever comes back is the answer to it.
        understood.intent = "recommend"
    prefs = rules.merge_preferences(previous, understood, shown)
    foreign = _foreign_budget(understood.updates, prefs, str(facets.get("currency") or ""))
    if len(str(prefs.get("query") or "")) > MAX_QUERY_CHARS:  # what the reply quotes back
        prefs["query"] = str(prefs["query"])[:MAX_QUERY_CHARS].rsplit(" ", 1)[0]
    focus = None
    cheapest = understood.relative == "cheaper" or understood.updates.get("sort") == "price_asc"
    if understood.reference is not None and 0 <= understood.reference < len(shown):
        focus = shown[understood.reference]
    elif understood.intent == "purchase" and cheapest and (pool := state.get("compared") or shown):
        # "I'll take the cheaper one": of the products just compared, else of the cards
        focus = min(pool, key=lambda c: float(c.get("effective_price", c.get("price")) or 0))
    elif named_focus is not None and understood.intent in ("product_question", "purchase"):
        focus = named_focus  # named by its title, on screen or not
    elif page is not None:
        focus = page
    elif state.get("focus") and understood.intent in ("product_question", "purchase"):
        focus = state.get("focus")
    phase = PHASE_BY_INTENT.get(understood.intent) or state.get("phase") or "exploring"
    if understood.intent == "recommend" and _specific(prefs):
        phase = "narrowing"
    return {
        "intent": understood.intent,
        "language": understood.language,
        "preferences": prefs,
        "focus": focus,
        # "which one is cheaper?" right after a comparison asks among the compared
        "compared": (state.get("compared") or []) if understood.intent == "compare" else [],
        "phase": phase,
        "recommendations": [],
        "suggestions": [],
        "candidates": [],
        "turn": {
            "reference": understood.reference,
            "references": understood.references,
            "about_list": understood.about_list,
            "cart": understood.cart,
            "quantity": understood.quantity,
            "updates": understood.updates,
            "relative": understood.relative,
            "foreign_budget": foreign,
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


def _named_product(
    ctx: Context, text: str, understood: rules.Understanding
) -> tuple[dict[str, Any], bool] | None:
    """The product the message names by title words, when it points at no card on screen.

    Returns its card and whether the message asks something about it beyond its name
    (``graph.lookup``). Only for questions and for cart additions: "Nordlys jackets" is a
    search, "add the Croscill Keira Square Pillow" and "is the Q2 waterproof?" are not.
    """
    if understood.about_list or understood.cart:
        return None
    if not (understood.question or understood.intent == "purchase"):
        return None
    lexical, store = _lexical(ctx), get_store(ctx)

    def group_of(ids: list[str]) -> dict[str, str]:
        got = store.get(ids=ids, include=["metadatas"])
        pairs = zip(got["ids"], got["metadatas"], strict=True)
        return {i: str(m.get("group_id") or i) for i, m in pairs}

    found = named_product(text, lexical, group_of)
    if found is None or lexical is None:
        return None
    got = store.get(ids=[found.id], include=["metadatas"])
    if not got["ids"]:
        return None
    focus = card_from_metadata(found.id, got["metadatas"][0], now_ts())
    asks = asks_about(text, found, lexical, V_FILLER)
    return focus, bool(asks)


#: How long a turn waits for the lexical index a fresh process (or a new sync) is loading.
LEXICAL_WAIT_SECONDS = 3.0


def _lexical(ctx: Context) -> LexicalIndex | None:
    """The generation's lexical index; right after a start or a sync, once it is built."""
    view = get_view(ctx)
    if view.lexical is None:
        view.wait_loaded(LEXICAL_WAIT_SECONDS)
    return view.lexical


def _language_prior(state: State, ctx: Context) -> str:
    """The language of a message too short to tell: the conversation's, else the shop's.

    A Polish shop's "kozaki 39" is Polish; the configured default comes last.
    """
    if state.get("language"):
        return str(state["language"])
    lexical = _lexical(ctx)  # the language detected from the products' own texts
    if lexical is not None and lexical.language in rules.SUPPORTED_LANGUAGES:
        return lexical.language
    return ctx.default_language


#: A message of at most this many words, all of a product's kind, is a need ("baby stroller").
BARE_NEED_WORDS = 4


def _is_bare_need(query: str, understood: rules.Understanding) -> bool:
    """A short statement made only of content words: a need, even one the shop lacks.

    Searching it lets the evidence say "not carried" ("electric guitar") instead of the
    generic "tell me what you're looking for"; a question or a thank-you is no need.
    """
    words = V_WORD.findall(query.lower())
    return (
        not understood.question
        and 0 < len(words) <= BARE_NEED_WORDS
        and all(rules.is_content(w) for w in words)
        and max(map(len, words)) >= 4  # "ok", "lol": no product
    )


def _names_a_product(ctx: Context, query: str) -> bool:
    """Whether the catalogue holds something close to ``query`` (one nearest-id lookup)."""
    try:
        vector = get_embeddings(ctx).embed_query(query)
        nearest = get_store(ctx).nearest_ids(vector, 1)
    except Exception:  # noqa: BLE001 - an empty or absent index: nothing to search
        return False
    return bool(nearest) and nearest[0][1] >= PRODUCT_LIKE_SIMILARITY


def _foreign_budget(
    updates: Mapping[str, Any], prefs: dict[str, Any], catalogue: str
) -> dict[str, Any] | None:
    """Take out a budget the message stated in another currency than the catalogue's.

    No exchange rates here: "do 200 zł" applied as 200 USD would be four times the
    shopper's budget, so the bound is not applied and the reply says why.
    """
    said = updates.get("currency")
    bounds = [k for k in ("max_price", "min_price") if k in updates and k in prefs]
    if not (said and catalogue and bounds) or said == catalogue:
        return None
    dropped = {k: prefs.pop(k) for k in bounds}
    return {"currency": said, "catalogue": catalogue, "amount": next(iter(dropped.values()))}


def _specific(prefs: Mapping[str, Any]) -> bool:
    return bool(prefs.get("size") or prefs.get("colors") or prefs.get("brands"))


def route_start(state: State) -> str:
    """A turn needs a new shopper message; anything else changes nothing."""
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    return "intent" if last is not None and getattr(last, "type", "") == "human" else "__end__"


def route_after_intent(state: State) -> str:
    """recommend/refine search; questions about products look them up; purchase fills the cart."""
    intent_ = state.get("intent")
    if intent_ in ("recommend", "refine"):
        return "elicitor"
    if intent_ in ("product_question", "compare"):
        return "product"
    if intent_ == "purchase":
        return "cart"
    return "reply"


# -- elicitor ------------------------------------------------------------------------------------


def is_vague(prefs: Mapping[str, Any]) -> bool:
    """Too little to search well: no category, brand, colour, collection or concrete words."""
    if any(
        prefs.get(k) for k in ("category", "category_any", "brands", "colors", "collection", "size")
    ):
        return False
    words = [w for w in str(prefs.get("query") or "").casefold().split() if len(w) > 2]
    # "ein Geschenk für meinen Mann" says who, not what: as vague as "a gift for my husband"
    concrete = [w for w in words if w.strip(".,!?") not in VAGUE_WORDS | WHO_WORDS]
    return len(concrete) == 0


@timed("elicitor")
def elicitor(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Ask one to three grounded questions when the need is vague; bounded by a counter."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    asked = state.get("questions_asked", 0)
    if not is_vague(prefs) or asked >= ctx.max_questions:
        return {
            "turn": {**(state.get("turn") or {}), "ask": False},
            "trace": {"elicitor": "search"},
        }
    facets = get_facets(ctx)
    language = state.get("language") or ctx.default_language
    questions, suggestions = _questions(facets, prefs, language)
    return {
        "questions_asked": asked + 1,
        "suggestions": suggestions,
        "phase": "exploring",
        "turn": {**(state.get("turn") or {}), "ask": True, "questions": questions},
        "trace": {"elicitor": f"asked {len(questions)} question(s)"},
    }


def _questions(
    facets: Mapping[str, Any], prefs: Mapping[str, Any], language: str
) -> tuple[list[str], list[str]]:
    """Questions grounded in the catalogue's facets, and clickable answers."""
    top = [n["name"] for n in facets.get("categories", [])][:4]
    questions, suggestions = [], []
    if top:
        questions.append(templates.question("category", language, options=top))
        suggestions.extend(top)
    if prefs.get("max_price") is None:
        questions.append(
            templates.question(
                "budget",
                language,
                price_range=facets.get("price"),
                currency=facets.get("currency", ""),
            )
        )
    collections = [c["name"] for c in facets.get("collections", [])]
    if collections:
        suggestions.append(collections[0])
    return questions[:3], suggestions[:6]


def route_after_elicitor(state: State) -> str:
    """Ask (reply) or search (retrieve)."""
    return "reply" if (state.get("turn") or {}).get("ask") else "retrieve"


# -- retrieve, rerank, diversify -----------------------------------------------------------------


@timed("retrieve")
def retrieve_node(
    state: State, runtime: Runtime[Context], config: RunnableConfig
) -> dict[str, Any]:
    """Filter-then-score; when nothing matches, find which constraint to relax."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    view = get_view(ctx)  # first: it renews the store when a sync finished
    store, embeddings = get_store(ctx), get_embeddings(ctx)
    text = query_text(prefs, view, ctx)  # the need, plus its words in the catalogue's language
    vector = embeddings.embed_query(text)
    now = now_ts()
    enough = min(ctx.candidates, max(15, 3 * ctx.results))
    search: dict[str, Any] = {
        "now": now,
        "options_cache": view.options,
        "enough": enough,
        "filters": view.filters,
    }
    # Never widened: fewer results than wanted are shown as they are, and none at all go
    # to ``relax``, which says which constraint it dropped (a category is a hard constraint).
    stage = first_stage(
        store, vector, text, prefs, k=ctx.candidates, method=ctx.retrieval,
        lexical=view.lexical, **search,
    )  # fmt: skip
    found = stage.candidates
    profile = load_profile(runtime.store, config)
    bought = set(profile.get("purchased", ()))
    turn = dict(state.get("turn") or {})
    skip = bought | set(turn.get("exclude_groups") or ())
    matching = bool(found)
    found = [c for c in found if c.id not in skip and c.group_id not in skip]
    shown: list[dict[str, Any]] | None = None
    if not found and matching:
        # "something else" after the last match: say so, rather than relax a constraint
        # the shown products meet and label them as missing it
        turn["relax"] = {"key": "exhausted", "closest": []}
    elif not found:
        key, closest = relax(store, vector, prefs, k=3, now=now)
        language = state.get("language") or "en"
        shown = [card(c, now, language) for c in closest]
        turn["relax"] = {"key": key, "closest": shown}
    update: dict[str, Any] = {
        "candidates": [asdict(c) for c in found],
        "turn": turn,
        "trace": {
            "filters": {k: v for k, v in prefs.items() if k != "query"},
            "need": need_text(prefs),
            **({"searched": text} if text != need_text(prefs) else {}),
            **stage.trace,
            "counts": {**stage.trace.get("counts", {}), "retrieve": len(found)},
        },
    }
    if shown is not None:
        # The closest items are what the reply numbers now ("the first one" means them);
        # the previous list is no longer on screen.
        update["shown"] = shown
        update["trace"]["relaxed"] = {
            "key": turn["relax"]["key"],
            "closest": [c["id"] for c in shown],
        }
    return update


def _category_named(prefs: Mapping[str, Any]) -> bool:
    return bool(prefs.get("category") or prefs.get("category_any"))


@timed("rerank")
def rerank_node(state: State, runtime: Runtime[Context], config: RunnableConfig) -> dict[str, Any]:
    """Rerank the candidates (deterministic, or flashrank when configured)."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    candidates = [Candidate(**c) for c in state.get("candidates") or []]
    view = get_view(ctx)
    reranker = make_reranker(ctx.reranker, ctx.reranker_model, ctx.reranker_dir, view.lexical)
    profile = load_profile(runtime.store, config)
    query = query_text(prefs, view, ctx)
    ranked = reranker.rerank(query, candidates, prefs, profile)
    ranked = agree_with_best(ranked, query, view.lexical)  # the kind and traits named
    if ranked and ranked[0].score > 0:
        floor = ranked[0].score * ctx.min_relative_score
        # Every candidate is in the category the shopper named: the floor only trims the
        # tail, never below a full page ("kurtka" scores low on meaning for every jacket,
        # and one jacket was all it showed)
        keep = min(ctx.results, len(ranked)) if _category_named(prefs) else 0
        ranked = [c for n, c in enumerate(ranked) if n < keep or c.score >= floor]
    if prefs.get("sort") == "price_asc" and ranked:
        # "the cheapest": among the relevant ones, price decides (the score carries the
        # order into diversify, which still avoids repeating a brand).
        now = now_ts()
        ranked.sort(key=lambda c: effective_price(c.meta, now))
        for position, c in enumerate(ranked):
            c.score = 1.0 - position / len(ranked)
    return {
        "candidates": [asdict(c) for c in ranked],
        "trace": {"reranker": reranker.name, "counts": {"rerank": len(ranked)}},
    }


@timed("diversify")
def diversify_node(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Pick the final few, varied in brand and category; they become the cards."""
    ctx = runtime.context or Context()
    candidates = [Candidate(**c) for c in state.get("candidates") or []]
    chosen = select_diverse(candidates, ctx.results, ctx.diversity)
    now, language = now_ts(), state.get("language") or "en"
    cards = [card(c, now, language) for c in chosen]
    update: dict[str, Any] = {
        "recommendations": cards,
        "candidates": [],
        "trace": {"counts": {"diversify": len(cards)}},
    }
    if cards:
        update["shown"] = cards
        update["questions_asked"] = 0
        # what this need has shown: "something else" adds to it, a new search starts it
        skipped = (state.get("turn") or {}).get("exclude_groups") or []
        update["seen"] = list(dict.fromkeys([*skipped, *(c["group_id"] for c in cards)]))
        # a need naming one product ("Pacefield Trail Running Shoes") puts it in focus:
        # "do you have them in size 43?" is then about it
        asked = set(V_WORD.findall(str((state.get("preferences") or {}).get("query", "")).lower()))
        named = [c for c in cards if set(V_WORD.findall(c["title"].lower())) <= asked]
        if len(named) == 1:
            update["focus"] = named[0]
    return update


# -- product questions and the cart ---------------------------------------------------------------


@timed("product")
def product(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Look up the products asked about, with every variant's options."""
    ctx = runtime.context or Context()
    shown = state.get("shown") or []
    compared: list[dict[str, Any]] | None = None
    if state.get("intent") == "compare":
        turn = state.get("turn") or {}
        # "which one is cheaper?" names no card: the last comparison's, else all shown
        references = () if turn.get("about_list") else turn.get("references") or ()
        named = [shown[i] for i in references if i < len(shown)]
        # the products named, else the last comparison's, else every card on screen
        items = named[:5] if len(named) >= 2 else (state.get("compared") or shown[:5])
        compared = items
    elif (turn := state.get("turn") or {}).get("about_list"):
        # "do any of those come in black?": every card shown, with its variants
        items = [shown[i] for i in turn.get("references") or () if i < len(shown)]
    else:
        focus = state.get("focus") or (shown[0] if len(shown) == 1 else None)
        items = [focus] if focus else []
    store, now = get_store(ctx), now_ts()
    fresh = []
    for item in items:
        got = store.get(where={"group_id": item["group_id"]}, include=["metadatas", "documents"])
        if not got["ids"]:
            continue  # gone from the catalogue since it was shown
        by_id = dict(zip(got["ids"], got["metadatas"], strict=True))
        pid = item["id"] if item["id"] in by_id else got["ids"][0]
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
    update: dict[str, Any] = {
        "turn": {**(state.get("turn") or {}), "products": fresh},
        "trace": {"product": len(fresh)},
    }
    if compared is not None:
        update["compared"] = compared
    return update


@timed("cart")
def cart(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """The session cart: add the referenced (or only shown) product, or view, remove, empty."""
    turn = dict(state.get("turn") or {})
    action = turn.get("cart")
    shown = state.get("shown") or []
    focus = state.get("focus") or (shown[0] if len(shown) == 1 else None)
    items = [dict(item) for item in state.get("cart") or []]
    added: dict[str, Any] | None = None
    removed: list[dict[str, Any]] = []
    pick: Mapping[str, Any] | None = None  # the variant to add
    which_size: dict[str, Any] | None = None  # or the sizes to ask between
    if action == "clear":
        removed, items = items, []
    elif action == "remove":
        # The product named, else the last one added.
        target = focus["id"] if focus and any(i["id"] == focus["id"] for i in items) else None
        if target is None and items:
            target = items[-1]["id"]
        removed = [i for i in items if i["id"] == target]
        items = [i for i in items if i["id"] != target]
    elif action is None and focus:
        # a card stands for its group: the variant in the shopper's size, or ask which
        # the size this message names ("add the 7", "8" after we asked) or the need's
        prefs = dict(state.get("preferences") or {})
        if size := (turn.get("updates") or {}).get("size"):
            prefs["size"] = size
        # a page open on one variant ("…?variant=42") names that variant, as a card does not
        page = str(state.get("page_url") or "").split("#")[0]
        if "?" in page and focus.get("link") == page and not size:
            pick = focus
        else:
            pick, which_size = _variant_for_cart(runtime.context or Context(), focus, prefs)
    if pick is not None and pick.get("in_stock"):
        quantity = max(1, int(turn.get("quantity") or 1))
        same = next((i for i in items if i["id"] == pick["id"]), None)
        if same is not None:  # the same product again: one line, more of it
            same["quantity"] = int(same.get("quantity") or 1) + quantity
            added = dict(same)
        else:
            keys = ("id", "title", "price", "currency", "link", "group_id")
            added = {k: pick[k] for k in keys if k in pick}
            added["price"] = pick.get("effective_price", pick.get("price"))
            added["quantity"] = quantity
            items.append(added)
    turn.update(
        added=added,
        removed=removed,
        unavailable=focus if pick is not None and added is None else None,
        which_size=which_size,
    )
    update = {"cart": items, "phase": "selling", "turn": turn, "trace": {"cart": len(items)}}
    if which_size:  # the sizes in stock, to click
        update["suggestions"] = list(which_size["sizes"])
    return update


def _variant_for_cart(
    ctx: Context, focus: Mapping[str, Any], prefs: Mapping[str, Any]
) -> tuple[Mapping[str, Any] | None, dict[str, Any] | None]:
    """The variant of the focused card's group to add, or the sizes to ask between.

    A card shows one variant of its group (the feed's ``item_group_id`` or a derived
    group, ``sync.grouping``). With a size stated, the cart takes the in-stock variant
    in that size (the card's own, else one in the card's colour, else the first); when
    none is in stock, it asks among the sizes that are. With no size stated and
    several sizes in stock, it asks which. Otherwise it takes the card as shown
    (sold out: the cart says so).
    """
    if focus.get("group_id", focus["id"]) == focus["id"]:
        return focus, None  # a product without variants
    got = get_store(ctx).get(where={"group_id": focus["group_id"]}, include=["metadatas"])
    members = dict(zip(got["ids"], got["metadatas"], strict=True))
    sizes = variant_options(list(members.values())).get("size", [])
    if not sizes:
        return focus, None
    wanted = str(prefs.get("size") or "")
    ask = {"title": base_title(str(focus.get("title") or "")), "sizes": sizes, "wanted": ""}
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


# -- reply ---------------------------------------------------------------------------------------


def _not_carried(
    prefs: Mapping[str, Any], evidence: Mapping[str, Any], model: str, language: str = ""
) -> str:
    """The need's product words when retrieval's evidence says the catalogue lacks it, else "".

    "Do you sell sofas?" finds cushions by meaning; the reply must not present them as
    sofas. The decision weighs the first stage's scores (:mod:`graph.evidence`), never
    the cards' titles: shops that title products by model name ("Aurora Men") name no
    need in them. A need the rules placed in a category or brand is carried by definition.
    """
    if _category_named(prefs) or prefs.get("brands"):
        return ""
    words = [
        w
        for w in V_WORD.findall(str(prefs.get("query") or "").lower())
        if len(w) >= 3 and w not in VAGUE_WORDS and w not in WHO_WORDS and rules.is_content(w)
    ]
    thresholds = thresholds_for(model)
    if not words or not not_carried(evidence, thresholds, need_text(prefs), language):
        return ""
    return " ".join(words)


@timed("reply")
def reply(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Answer in the shopper's language: templates, or the LLM when configured."""
    ctx = runtime.context or Context()
    language = state.get("language") or ctx.default_language
    intent_ = state.get("intent") or "other"
    turn = state.get("turn") or {}
    prefs = state.get("preferences") or {}
    cards = state.get("recommendations") or []
    phase = state.get("phase") or "exploring"
    text = ""
    decided: dict[str, Any] = {}
    if turn.get("ask"):
        text = templates.clarify(language, turn.get("questions") or [])
    elif intent_ in ("recommend", "refine"):
        if cards:
            trace = state.get("trace") or {}
            # the LLM writes replies only when it decides ("llm"); "combined" keeps the
            # templates, whose titles, prices and language are the catalogue's own
            llm_writes = ctx.understanding == "llm" and trace.get("llm_ok", True)
            model = load_chat_model(ctx) if llm_writes else None
            text = (
                llm_reply(model, ctx, language, need_text(prefs), cards) if model else None
            ) or ""
            text = text or templates.recommend(language, cards, prefs, phase)
            evidence = state.get("trace") or {}  # this turn's first stage (retrieve)
            missing = _not_carried(prefs, evidence, index_model(ctx)[0], language)
            if missing:
                text = templates.not_carried(language, missing) + "\n" + text
            decided["not_carried"] = missing  # the words said not carried ("": carried)
        else:
            relaxed = turn.get("relax") or {}
            if relaxed.get("key") == "exhausted":
                text = templates.nothing_more(language, prefs)
            else:
                text = templates.no_results(
                    language, prefs, relaxed.get("key"), relaxed.get("closest") or []
                )
    elif intent_ == "product_question":
        products = turn.get("products") or []
        asked = {k: v for k, v in (turn.get("updates") or {}).items() if k in ("colors", "size")}
        # a feature word in the product's own name ("Voltix ANC Headphones") is not asked
        name = " ".join(str(p.get("title") or "") for p in products[:1])
        features = features_asked(_without_words(_last_user_text(state), name))
        if products and turn.get("about_list"):
            text = templates.list_answer(language, products, _asked(asked), features)
        elif products:
            quotes = [] if features or asked else _quotes(ctx, _last_user_text(state), products[0])
            text = templates.product_answer(language, products[0], _asked(asked), features, quotes)
        else:
            text = templates.clarify(language, [templates.question("which", language)])
    elif intent_ == "compare":
        text = templates.compare(language, turn.get("products") or [])
    elif intent_ == "purchase":
        text = templates.purchase(
            language,
            turn.get("added"),
            state.get("cart") or [],
            turn.get("unavailable"),
            action=turn.get("cart"),
            removed=turn.get("removed") or [],
            which_size=turn.get("which_size"),
        )
    elif intent_ == "greeting":
        text = templates.greeting(language, get_facets(ctx))
    elif intent_ == "browse":
        # Focus on a category only when this message names one ("what's in Electronics?");
        # "what categories do you have?" after "jackets" is about the whole catalogue.
        named = (turn.get("updates") or {}).get("category")
        brands = bool(V_BRANDS_ASK.search(_last_user_text(state).lower()))
        text = templates.browse(language, get_facets(ctx), named, brands=brands)
    else:
        text = templates.other(language)
    foreign = turn.get("foreign_budget")
    if foreign and intent_ in ("recommend", "refine") and not turn.get("ask"):
        note = templates.foreign_budget(
            language, foreign["currency"], foreign["amount"], foreign["catalogue"]
        )
        text = f"{text}\n\n{note}"
    return {"messages": [AIMessage(content=text)], "phase": phase, "trace": decided}


def _without_words(text: str, name: str) -> str:
    """``text`` without the words of ``name`` (case-insensitive)."""
    words = {w.casefold() for w in V_WORD.findall(name)}
    return " ".join(w for w in V_WORD.findall(text) if w.casefold() not in words)


def _quotes(ctx: Context, text: str, product: Mapping[str, Any]) -> list[str]:
    """Sentences of the product's own text that answer the shopper's question, if any."""
    lexical = get_view(ctx).lexical
    if lexical is None:
        return []
    name = Named(str(product.get("id")), "", tuple(lexical.terms(str(product.get("title")))))
    asked = asks_about(text, name, lexical, V_FILLER)
    return passages(str(product.get("details") or ""), text, asked, lexical.terms)


def _asked(updates: Mapping[str, Any]) -> dict[str, Any]:
    asked: dict[str, Any] = {}
    if updates.get("colors"):
        asked["color"] = updates["colors"][0]
    if updates.get("size"):
        asked["size"] = updates["size"]
    return asked
