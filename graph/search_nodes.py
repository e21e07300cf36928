"""The search nodes: ask when the need is vague, else retrieve, rerank and diversify.

elicitor → (reply | retrieve → rerank → diversify); the cards are diversify's choice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph import templates
from graph.absent_kinds import absent_kinds
from graph.asked_measures import of_measure_asked
from graph.cards import card
from graph.cart_search import decisive_card, whole_titles
from graph.catalogue_colours import exact_colour_first
from graph.common_words import EVERYDAY_ZIPF, is_common
from graph.constraints import effective_price, now_ts
from graph.context import Context
from graph.diversify import diversify as select_diverse
from graph.hybrid import first_stage
from graph.kinds import agree_with_best, own_kind_first
from graph.known_words import known_word
from graph.lexical import LexicalIndex
from graph.measures import by_measure
from graph.node_base import category_named, timed
from graph.profile import load_profile
from graph.rerank import make_reranker
from graph.resources import get_facets, get_search, get_store, get_view
from graph.retrieval import Candidate, read_records, relax
from graph.search import crossing, meaning_text, need_text, query_text
from graph.state import State, Turn
from graph.translate import kind_concepts, translations
from graph.vocabulary import (
    ASK_FILLER,
    CLUELESS_RE,
    GIFT_RE,
    IDEAS_ASK_RE,
    RECIPIENT_WORDS,
    STOPWORD_SET,
    is_occasion_word,
    is_vague_word,
    says_what,
)
from sync.facets import UNCATEGORISED

# -- elicitor ------------------------------------------------------------------------------------


def is_vague(
    prefs: Mapping[str, Any],
    domain: frozenset[str] = frozenset(),
    known: Callable[[str], bool] | None = None,
    language: str = "",
) -> bool:
    """Too little to search well: no category, brand, colour, size, budget or concrete word.

    ``domain``: words most of the shop's products hold ("бани" in a sauna shop), which
    say no more than "something" there. ``known``: whether the catalogue or the lexicon
    knows a word; in a need that says "a gift" or "something", a word neither knows is no
    product ("a housewarming present", "ieškau dovanos kolegei", "holaa busco un regalito").
    A shopper who says they do not know what to get ("no idea what to get him, he's into
    camping") wants guidance first, unless the need names a brand or a kind of product
    (``language``: the message's, for reading the kinds).
    """
    if _clueless(prefs, language):
        return True
    keys = ("category", "category_any", "brands", "colors", "collection", "size")
    if any(prefs.get(k) for k in keys):
        return False
    if prefs.get("max_price") is not None or prefs.get("min_price") is not None:
        return False  # "что-нибудь за 40–100 р.": the budget is something to search by
    if kind_concepts(str(prefs.get("query") or ""), language, departments=False):
        return False  # "¿tenéis máquinas de coser?": a kind of product, though each word is vague
    # "ein Geschenk für meinen Mann" says who, not what: as vague as "a gift for my husband";
    # "was Schönes fürs Schlafzimmer" says where, not what
    words = _need_words(prefs)
    concrete = [w for w in words if says_what(w) and w not in domain]
    if known is not None and any(
        (is_vague_word(w) and w not in STOPWORD_SET) or w in RECIPIENT_WORDS for w in words
    ):
        # a need for "something" or for someone: "un petit quelque chose pour la fin de
        # l'année": an everyday word ("fin", "petit") names no product, unless it is a kind
        concrete = [
            w
            for w in concrete
            if known(w)
            and not (is_common(w, language, EVERYDAY_ZIPF) and not kind_concepts(w, language))
        ]
    return len(concrete) == 0


def _clueless(prefs: Mapping[str, Any], language: str) -> bool:
    """Whether the shopper asks to be guided, naming no brand or kind of product.

    They say they do not know what to get ("no idea", "nie wiem co"), or ask for ideas
    ("any ideas?", "what should I get") for a gift, an occasion or someone: "what should
    I get for sleeping outside" describes a need, "what should I get him" does not.
    """
    need = str(prefs.get("query") or "").casefold().replace("’", "'")
    if CLUELESS_RE.search(need):
        guidance = True
    elif IDEAS_ASK_RE.search(need):
        guidance = bool(GIFT_RE.search(need)) or any(
            w in RECIPIENT_WORDS or is_occasion_word(w) for w in _need_words(prefs)
        )
    else:
        return False
    named = prefs.get("brands") or kind_concepts(need, language, departments=False)
    return guidance and not named


def _need_words(prefs: Mapping[str, Any]) -> list[str]:
    """The need's words of three letters or more, bare ("my sister's" names the sister)."""
    words = [w for w in str(prefs.get("query") or "").casefold().split() if len(w) > 2]
    return [re.sub(r"['’]s$", "", w.strip(".,!?")) for w in words]


@timed("elicitor")
def elicitor(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Ask one to three grounded questions when the need is vague; bounded by a counter."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    asked = state.get("questions_asked", 0)
    lexical = get_view(ctx).lexical
    domain = domain_words(lexical, prefs)
    language = state.get("language") or ""
    known = known_word(lexical, language)
    if not is_vague(prefs, domain, known, language) or asked >= ctx.max_questions:
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


#: A word in at least this share of the products (and a catalogue of at least
#: MIN_DOMAIN_PRODUCTS) is the shop's own domain: "бани" in a sauna shop.
DOMAIN_SHARE = 0.6
MIN_DOMAIN_PRODUCTS = 20


def domain_words(lexical: LexicalIndex | None, prefs: Mapping[str, Any]) -> frozenset[str]:
    """The need's words that most of the catalogue's products hold (none before it loads)."""
    if lexical is None or len(lexical) < MIN_DOMAIN_PRODUCTS:
        return frozenset()

    def held_by_most(word: str) -> bool:
        terms = lexical.terms(word)
        return bool(terms) and all(
            len(lexical.postings.get(t, ((),))[0]) >= DOMAIN_SHARE * len(lexical) for t in terms
        )

    # "pirtį" to a sauna shop that writes "баня": the domain said in another language
    return frozenset(
        w
        for w in _need_words(prefs)
        if held_by_most(w)
        or any(held_by_most(t) for t in translations(w, lexical.language, lexical.known))
    )


def _category_node(nodes: list[dict[str, Any]], path: Any) -> list[dict[str, Any]]:
    """The children of the category at ``path`` (the top level without one, or unfound)."""
    pending = list(nodes)
    while path and pending:
        node = pending.pop()
        if node.get("path") == path:
            return list(node.get("children") or [])
        pending.extend(node.get("children") or [])
    return nodes


def _questions(
    facets: Mapping[str, Any], prefs: Mapping[str, Any], language: str
) -> tuple[list[str], list[str]]:
    """Questions grounded in the catalogue's facets, and clickable answers."""
    # a feed without categories has one node, UNCATEGORISED: no choice to offer; a need that
    # named a category ("he's into camping") is offered what that category holds
    nodes = _category_node(facets.get("categories", []), prefs.get("category"))
    top = [n["name"] for n in nodes if n["path"] != UNCATEGORISED][:4]
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


# -- retrieve, rerank, diversify -----------------------------------------------------------------


@timed("retrieve")
def retrieve_node(
    state: State, runtime: Runtime[Context], config: RunnableConfig
) -> dict[str, Any]:
    """Filter-then-score; when nothing matches, find which constraint to relax."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    view, store, embeddings = get_search(ctx)
    # the need, plus its words in the catalogue's language
    text = query_text(prefs, view, ctx, state.get("language"))
    vector = embeddings.embed_query(meaning_text(text, prefs, view))
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
    filtered = view.filterable(prefs)  # a gender the feed never records filters nothing
    across = crossing(prefs, view, ctx, state.get("language"))
    stage = first_stage(
        store, vector, text, filtered, k=ctx.candidates, method=ctx.retrieval,
        lexical=view.lexical, crossing=across, **search,
    )  # fmt: skip
    found = stage.candidates
    profile = load_profile(runtime.store, config)
    bought = set(profile.get("purchased", ()))
    turn: Turn = {**(state.get("turn") or {})}
    skip = bought | set(turn.get("exclude_groups") or ())
    matching = bool(found)
    found = [c for c in found if c.id not in skip and c.group_id not in skip]
    shown: list[dict[str, Any]] | None = None
    if not found and matching:
        # "something else" after the last match: say so, rather than relax a constraint
        # the shown products meet and label them as missing it
        turn["relax"] = {"key": "exhausted", "closest": []}
    elif not found:
        key, closest = relax(store, vector, filtered, k=3, now=now, filters=view.filters)
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
            "absent_kinds": absent_kinds(
                need_text(prefs), view.lexical, state.get("language") or ""
            ),
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


@timed("rerank")
def rerank_node(state: State, runtime: Runtime[Context], config: RunnableConfig) -> dict[str, Any]:
    """Rerank the candidates (deterministic, or flashrank when configured)."""
    ctx = runtime.context or Context()
    prefs = state.get("preferences") or {}
    candidates = [Candidate(**c) for c in state.get("candidates") or []]
    view = get_view(ctx)
    reranker = make_reranker(ctx.reranker, ctx.reranker_model, ctx.reranker_dir, view.lexical)
    profile = load_profile(runtime.store, config)
    query = query_text(prefs, view, ctx, state.get("language"))
    ranked = relevant(
        ctx, reranker.rerank(query, candidates, prefs, profile), prefs, query, state.get("language")
    )
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


def relevant(
    ctx: Context,
    ranked: list[Candidate],
    prefs: Mapping[str, Any],
    query: str,
    language: str | None,
) -> list[Candidate]:
    """The reranked candidates that answer the need: its kind, its traits, above the floor."""
    view = get_view(ctx)
    # a measure said ("30 mètres", "на литр") is the titles' that state it, when any does
    store = view.store if view.store is not None else get_store(ctx)

    def records(ids: Sequence[str]) -> dict[str, tuple[dict[str, Any], str]]:
        return read_records(store, ids, view.filters, documents=True)

    ranked = of_measure_asked(ranked, str(prefs.get("query") or ""), records)
    # "red" asked where the shop sells red: not the burgundy filed under red as well (a
    # shade said, "khaki" read as beige, asks its shade, not its family's own colour)
    said = set(prefs.get("colors_said") or ())
    ranked = exact_colour_first(
        ranked, [c for c in prefs.get("colors") or () if c in said], records
    )
    if view.lexical is not None:  # of the kind named, not one mentioning it in passing
        # first: the best may be of the kind a purpose names ("… für den Laptop"), and
        # the agreement below would keep only what agrees with it
        need = str(prefs.get("query") or "")
        ranked = own_kind_first(ranked, need, str(language or ""), view.lexical.language)
    # the kind and traits named; a category named is the filter's already
    ranked = agree_with_best(ranked, query, view.lexical, _category_paths(prefs))
    if ranked and ranked[0].score > 0:
        floor = ranked[0].score * ctx.min_relative_score
        # Every candidate is in the category the shopper named: the floor only trims the
        # tail, never below a full page ("kurtka" scores low on meaning for every jacket,
        # and one jacket was all it showed)
        keep = min(ctx.results, len(ranked)) if category_named(prefs) else 0
        ranked = [c for n, c in enumerate(ranked) if n < keep or c.score >= floor]
    return ranked


def _category_paths(prefs: Mapping[str, Any]) -> list[str]:
    """The category paths the shopper's need is filtered to (none: no category named)."""
    paths = [str(p) for p in prefs.get("category_any") or ()]
    return paths or ([str(prefs["category"])] if prefs.get("category") else [])


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
    turn = state.get("turn") or {}
    at = by_measure(cards, turn["measure"] == "largest") if cards and turn.get("measure") else None
    if at is not None:
        # "your biggest neck roll, in brown": the one it is leads, and "add it" means it
        cards = [cards[at], *cards[:at], *cards[at + 1 :]]
        update["recommendations"], update["focus"] = cards, cards[0]
    if cards:
        update["shown"] = cards
        update["questions_asked"] = 0
        # what this need has shown: "something else" adds to it, a new search starts it
        skipped = turn.get("exclude_groups") or []
        update["seen"] = list(dict.fromkeys([*skipped, *(c["group_id"] for c in cards)]))
        # a need naming one product ("Pacefield Trail Running Shoes") puts it in focus:
        # "do you have them in size 43?" is then about it
        query = str((state.get("preferences") or {}).get("query") or "")
        named = whole_titles(cards, query)
        if len(named) == 1:
            update["focus"] = cards[named[0]]
        if turn.get("add_found"):
            # a cart addition searched for: the product it clearly means goes in the cart
            # (the largest or smallest, when it asks for that)
            lexical = get_view(ctx).lexical
            pick = 0 if at is not None else decisive_card(cards, query, lexical, ASK_FILLER)
            if pick is not None:
                update["focus"], update["intent"] = cards[pick], "purchase"
    return update
