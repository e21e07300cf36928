"""The reply node: answer in the shopper's language, from templates or the LLM."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from graph import rules, templates
from graph.answers import passage_by_meaning, passages
from graph.bridge import reads
from graph.bridge import sentence_similarities as similarities
from graph.cards import as_card
from graph.cognates import cognates
from graph.context import Context
from graph.evidence import not_carried, thresholds_for
from graph.llm import llm_reply, load_chat_model
from graph.lookup import Named, asks_about
from graph.node_base import category_named, timed
from graph.resources import get_facets, get_view, index_model
from graph.search import need_text
from graph.state import State
from graph.translate import kind_concepts, shop_names, translations
from graph.vocabulary import ASK_FILLER as V_FILLER
from graph.vocabulary import WHO_WORDS, fold, is_vague_word
from graph.vocabulary import WORD_RE as V_WORD


def _not_carried(
    prefs: Mapping[str, Any], evidence: Mapping[str, Any], model: str, language: str = ""
) -> str:
    """The need's product words when retrieval's evidence says the catalogue lacks it, else "".

    "Do you sell sofas?" finds cushions by meaning; the reply must not present them as
    sofas. The decision weighs the first stage's scores (:mod:`graph.evidence`), never
    the cards' titles: shops that title products by model name ("Aurora Men") name no
    need in them. A need the rules placed in a category or brand is carried by definition.
    """
    if prefs.get("brands"):
        return ""
    if category_named(prefs) and not _another_kind_than_filed(prefs, evidence):
        return ""
    words = [
        w
        for w in V_WORD.findall(str(prefs.get("query") or "").lower())
        if len(w) >= 3 and not is_vague_word(w) and w not in WHO_WORDS and rules.is_content(w)
    ]
    thresholds = thresholds_for(model)
    if not words or not not_carried(evidence, thresholds, need_text(prefs), language):
        return ""
    # "gants en cuir": the gloves are missing, not the leather
    return " ".join(evidence.get("absent_kinds") or words)


def _another_kind_than_filed(prefs: Mapping[str, Any], evidence: Mapping[str, Any]) -> bool:
    """Whether the need names a kind the shop never names that its category is not.

    "macie kubki termiczne?" placed in "Hogar > Tazas" by the word "kubki": thermal mugs are
    a kind of their own (the lexicon's), which no product names; the mugs carry nothing.
    """
    absent = " ".join(evidence.get("absent_kinds") or ())
    if not absent:
        return False
    paths = [p for p in (prefs.get("category"), *(prefs.get("category_any") or ())) if p]
    filed = {k for p in paths for k in kind_concepts(str(p), departments=False)}
    asked = set(kind_concepts(absent, departments=False))
    return bool(asked) and not asked & filed


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
            none = turn.get("list_none") or {}
            if none.get("color") or none.get("size"):  # none of the list had it: these do
                text = templates.list_answer(language, [], _asked(none)) + "\n" + text
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
        features = _not_in_name(turn.get("features") or [], name)
        if products and turn.get("about_list"):
            each = [] if features or asked else [_quotes(ctx, turn, p) for p in products]
            text = templates.list_answer(language, products, _asked(asked), features, each)
            # (no quotes at all when a colour, size or feature is asked of the list)
            answering = (
                [p for p, quotes in zip(products, each, strict=True) if quotes] if each else []
            )
            if turn.get("picks") and len(answering) == 1 < len(products):
                # "który z nich jest ze szkła borokrzemowego?": the one product whose own
                # text answers is the one meant next ("dobra, wrzuć go do koszyka")
                decided["focus"] = as_card(answering[0])
        elif products:
            # "la funda nórdica roja, ¿para qué tamaño de cama es?": a colour or size said
            # with the question is answered, and so is what else it asks
            quotes = [] if features else _quotes(ctx, turn, products[0], language)
            text = templates.product_answer(language, products[0], _asked(asked), features, quotes)
        else:
            text = templates.clarify(language, [templates.question("which", language)])
    elif intent_ == "compare":
        bounds = {k: v for k, v in (turn.get("updates") or {}).items() if k in _PRICE_BOUNDS}
        if cards and bounds:  # "which of those are under $100?": those, as picks within it
            text = templates.recommend(language, cards, {**prefs, **bounds}, phase)
        else:
            priced = str((turn.get("priced") or {}).get("how") or "")
            text = templates.compare(language, turn.get("products") or [], priced)
    elif intent_ == "purchase":
        text = templates.purchase(
            language,
            turn.get("added"),
            state.get("cart") or [],
            turn.get("unavailable"),
            action=turn.get("cart"),
            removed=turn.get("removed") or [],
            which_size=turn.get("which_size"),
            also=turn.get("added_also") or [],
        )
    elif intent_ == "greeting":
        text = templates.greeting(language, get_facets(ctx))
    elif intent_ == "browse":
        # Focus on a category only when this message names one ("what's in Electronics?");
        # "what categories do you have?" after "jackets" is about the whole catalogue.
        named = (turn.get("updates") or {}).get("category")
        brands = bool(turn.get("asks_brands"))
        text = templates.browse(language, get_facets(ctx), named, brands=brands)
    else:
        text = templates.other(language)
    foreign = turn.get("foreign_budget")
    if foreign and intent_ in ("recommend", "refine") and not turn.get("ask"):
        note = templates.foreign_budget(
            language,
            foreign["currency"],
            foreign["amount"],
            foreign["catalogue"],
            foreign.get("converted"),
        )
        text = f"{text}\n\n{note}"
    update: dict[str, Any] = {"messages": [AIMessage(content=text)], "phase": phase}
    if focus := decided.pop("focus", None):
        update["focus"] = focus
    if decided.get("not_carried"):
        # the next message asks for something else, not this narrowed (graph.understand_node)
        update["turn"] = {**turn, "not_carried": decided["not_carried"]}
    return {**update, "trace": decided}


_PRICE_BOUNDS = ("min_price", "max_price")


def _not_in_name(features: Iterable[Sequence[str]], name: str) -> list[tuple[str, str]]:
    """The ``(concept, word)`` features asked whose words are not the product's name's."""
    named = {w.casefold() for w in V_WORD.findall(name)}
    return [
        (concept, word)
        for concept, word in features
        if not {w.casefold() for w in V_WORD.findall(word)} & named
    ]


def _quotes(
    ctx: Context, turn: Mapping[str, Any], product: Mapping[str, Any], language: str = ""
) -> list[str]:
    """Sentences of the product's own text that answer the shopper's question, if any."""
    lexical = get_view(ctx).lexical
    if lexical is None:
        return []
    name = Named(str(product.get("id")), "", tuple(lexical.terms(str(product.get("title")))))
    topic = " ".join(turn.get("topic") or ())
    # "je peux aller nager avec ?" of a watch described in English: its words in the shop's
    # language, every one the shop's texts use ("zamek błyskawiczny" and "suwak" for "zip")
    added = translations(topic, lexical.language, lexical.known) if topic else []
    added += [
        word
        for names in (shop_names(topic, lexical.language) if topic else ())
        for word in sorted(names)
        if word not in added and all(lexical.known(part) for part in fold(word).split())
    ]
    if topic and language and language != lexical.language:
        # "ar jose yra latekso?" of a text saying "latex": a root the two languages share
        added += [w for w in cognates(topic, lexical, any_script=True) if w not in added]
    asked = asks_about(" ".join([topic, *added]), name, lexical, V_FILLER)
    details = str(product.get("details") or "")
    found = passages(details, turn.get("concepts") or (), asked, lexical.terms)
    # one word asked ("ile kosztują?": the price) is too little to meet a sentence by
    # meaning; a question about the whole list compares, it quotes no one text by meaning
    if found or len(asked) < 2 or not (reads(language) and reads(lexical.language)):
        return found
    # no word of the question in the text ("un cache pour l'objectif" of a "Privacy
    # shutter"): the sentence closest in meaning, across languages
    return passage_by_meaning(details, topic, str(product.get("title") or ""), similarities)


def _asked(updates: Mapping[str, Any]) -> dict[str, Any]:
    asked: dict[str, Any] = {}
    if updates.get("colors") or updates.get("color"):
        asked["color"] = updates.get("color") or updates["colors"][0]
    if updates.get("size"):
        asked["size"] = updates["size"]
    return asked
