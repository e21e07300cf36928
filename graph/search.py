"""The retrieval pipeline alone: retrieve → rerank → diversify, no dialogue.

For debugging retrieval and for offline relevance evaluation; the graph's
nodes call the same functions. ``search`` reuses cached clients, so a
long-lived process can evaluate thousands of queries.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from graph.absent_kinds import absent_kinds
from graph.asked_measures import as_written_in_titles
from graph.bridge import MIN_LETTERS, MIN_SIMILARITY, reads
from graph.catalogue_colours import own_color_names, read_colours
from graph.cognates import cognates
from graph.compounds import split_compounds
from graph.constraints import now_ts
from graph.context import Context
from graph.diversify import diversify
from graph.hybrid import first_stage
from graph.language_detection import detect_language
from graph.languages import LANGUAGES
from graph.rerank import make_reranker
from graph.resources import get_search, get_view
from graph.retrieval import Candidate
from graph.translate import holds_whole, translate_query, translations, word_languages
from graph.vocabulary import NUMBER_WORDS, STOPWORD_SET, fold, letter_languages
from sync.enrich import color_tokens

#: Seconds ``search`` waits for the lexical index after a sync (then it searches anyway).
LOAD_WAIT = 60.0


def need_text(prefs: Mapping[str, Any]) -> str:
    """The text embedded for a need: the shopper's words, else the category's name."""
    query = str(prefs.get("query") or "").strip()
    if query:
        return query
    category = str(prefs.get("category") or next(iter(prefs.get("category_any") or ()), ""))
    if category:
        return category.rsplit(" > ", 1)[-1]
    return str(prefs.get("collection") or "popular products")


#: Shorter joins are too often chance ("a" + "bag").
MIN_JOINED = 6
_WORD = re.compile(r"[^\W_]+")


def shop_reading(ctx: Context, language: str) -> Callable[[str], str]:
    """Words as the search reads them, in the shop's language (compounds split, translated)."""
    view = get_view(ctx)
    return lambda words: query_text({"query": words}, view, ctx, language)


def query_text(
    prefs: Mapping[str, Any], view: Any, ctx: Context, language: str | None = None
) -> str:
    """The need as searched: :func:`need_text` plus its words in the catalogue's language.

    The catalogue's language is the one its lexical index detected, else
    ``ctx.catalogue_language``. The lexicon (:mod:`graph.translate`) adds the words it
    knows; with ``ctx.query_translation`` ``lexicon+model`` (the default) the multilingual
    model adds the shop's word for each other foreign word the catalogue lacks
    (:mod:`graph.bridge`), unless the shopper writes in the catalogue's language
    (``language``: the conversation's; detected from the need when not given). A foreign
    need's compounds are searched as their parts too (:mod:`graph.compounds`) and its
    number words as digits. ``off`` searches the shopper's words alone.
    """
    text = need_text(prefs)
    if ctx.query_translation == "off":
        return text
    if measures := as_written_in_titles(text):  # "литров на 16-18": as titles write it
        text = f"{text} {' '.join(measures)}"
    lexical = getattr(view, "lexical", None)
    if lexical is None:  # still loading: the configured language, no vocabulary yet
        return translate_query(text, ctx.catalogue_language)
    written = language or detect_language(text, default="")
    bridge = getattr(view, "bridge", None) if ctx.query_translation == "lexicon+model" else None
    if written != lexical.language:
        text = _with_parts(text, written, lexical, bridge)
        text = _with_digits(text, lexical.known)
    need = text
    text = translate_query(
        text, lexical.language, lexical.known, lexical.in_titles, lexical.title_word
    )
    if written != lexical.language and (roots := cognates(need, lexical)):
        text = f"{text} {' '.join(roots)}"  # "тракторной" finds "traktorowej"
    if bridge is not None and written != lexical.language:
        # In a need whose language is known, an unknown word is a word of that language
        # before it is a misspelling: the bridge goes first ("correr" is not "corner").
        typo_first = not written
        added = bridge.translations(need, lambda w: _foreign_unknown(w, lexical, typo_first))
        text = f"{text} {' '.join(added)}" if added else text
    return joined_words(text, lexical.vocabulary)


def meaning_text(text: str, prefs: Mapping[str, Any], view: Any = None) -> str:
    """``text`` as its meaning is compared: without the words naming a colour filtered on.

    Every candidate is in that colour already, so by meaning the word only draws the
    need to the texts that spell it ("Wildledertasche … in Taupe" found five "Zamszowe
    botki — taupe" nearer than the taupe suede bags, whose titles name no colour). The
    lexical side keeps it: there it tells the colour asked from a shade the filter also
    lets through (red curtains before burgundy ones). Kept when nothing else is left.
    """
    colours = {str(c).casefold() for c in prefs.get("colors") or ()}
    if not colours:
        return text
    facets = getattr(view, "facets", None)
    own = own_color_names(facets) if facets else ()

    def names_filtered(word: str) -> bool:
        low = word.lower()
        return bool(colours & {*color_tokens(low), *read_colours(low, own)})

    kept = _WORD.sub(lambda m: "" if names_filtered(m.group(0)) else m.group(0), text)
    if kept == text or all(fold(w) in STOPWORD_SET for w in _WORD.findall(kept)):
        return text
    return " ".join(kept.split())


def _with_digits(text: str, known: Callable[[str], bool] = lambda word: False) -> str:
    """``text`` plus its number words as the shop writes them.

    Digits ("zwei Personen" finds "2-Person"), and the shop's own word for the number
    where its titles hold one ("cuatro filas" finds "Bague quatre rangs"; ``known``:
    whether the catalogue holds a folded word).

    The multilingual model places number words near each other, not on their own
    number ("zwei" lands nearest "three").
    """
    numbers = [NUMBER_WORDS[w] for w in _WORD.findall(text.lower()) if w in NUMBER_WORDS]
    if not numbers:
        return text
    added = [str(n) for n in numbers]
    added += [w for w, n in NUMBER_WORDS.items() if n in numbers and known(fold(w))]
    return f"{text} {' '.join(dict.fromkeys(added))}"


def _with_parts(text: str, language: str, lexical: Any, bridge: Any) -> str:
    """``text`` plus the parts of its foreign compounds ("Winterjacke winter jacke")."""

    def is_word(word: str) -> bool:
        return lexical.known(fold(word)) or bool(word_languages(fold(word)))

    def bridged(word: str) -> bool:
        found = bridge.nearest(word) if len(word) >= MIN_LETTERS else None
        return bool(found and found[1] >= MIN_SIMILARITY)

    added = split_compounds(
        text,
        language,
        candidates=lambda w: _foreign_unknown(w, lexical) or _stem_only(w, lexical),
        known=is_word,
        bridged=bridged if bridge is not None else None,
    )
    return f"{text} {' '.join(added)}" if added else text


def _stem_only(word: str, lexical: Any) -> bool:
    """Whether the lexicon reads a foreign ``word`` only by a stem it begins with.

    "Lederarmband" is "leder*" (leather) by its first part and nothing by its whole: a
    compound whose head ("armband", a bracelet) says what it is.
    """
    folded = fold(word)
    return (
        not lexical.known(folded)
        and not holds_whole(folded)
        and bool(word_languages(folded))
        and lexical.language not in word_languages(folded)
    )


#: Seconds a turn waits for the titles' multilingual vectors the first time a need in
#: another language than the catalogue's asks for them (then it searches without them
#: while they finish): about 1,000 titles a second on 2 cores, titles seen before free.
TITLES_WAIT = 5.0


def crossing(
    prefs: Mapping[str, Any],
    view: Any,
    ctx: Context,
    language: str | None = None,
    wait: float = TITLES_WAIT,
) -> np.ndarray | None:
    """Every product's similarity to the need through the multilingual model.

    Only for a need written in another language than the catalogue's (``language``: the
    conversation's; detected from the need when not given), both languages the model was
    trained on (a Lithuanian need or shop gets noise from it), with ``query_translation``
    ``lexicon+model``: the first stage ranks it as a third list (:mod:`graph.hybrid`).
    ``None`` otherwise, or while the titles are not embedded yet (see
    :meth:`graph.resources.CatalogueView.title_table`).
    """
    lexical = getattr(view, "lexical", None)
    if ctx.query_translation != "lexicon+model" or ctx.retrieval != "hybrid" or lexical is None:
        return None  # only the hybrid first stage ranks the third list
    need = need_text(prefs)
    written = language or detect_language(need, default="")
    if not written:  # too short to tell ("mata do jogi"): its words may still be foreign
        written = _maybe_foreign(need, lexical)
    if written == lexical.language or not (reads(written) and reads(lexical.language)):
        return None
    titles = view.title_table(wait)
    return titles.similarities(meaning_text(need, prefs, view)) if titles is not None else None


def _maybe_foreign(need: str, lexical: Any) -> str:
    """A language the model reads that a need of unknown language may be in, or "".

    Only when no word of the need is the catalogue's or a misspelling of one (then the
    need is most likely in the shop's language) and its special letters, if any, are
    written by a language the model reads ("miegmaišis" is Lithuanian or Croatian:
    neither).
    """
    words = [fold(w) for w in _WORD.findall(need) if len(w) >= MIN_LETTERS]
    words = [w for w in words if w not in STOPWORD_SET]
    if not words or any(lexical.known(w) or lexical.correct(w)[1] for w in words):
        return ""  # a word of the shop's, or a misspelling of one: the shop's language
    # the languages its letters allow, else any: one the model reads, not the catalogue's
    by_letters = letter_languages(need)
    pool = sorted(by_letters) if by_letters is not None else LANGUAGES
    return next((lang for lang in pool if lang != lexical.language and reads(lang)), "")


def _foreign_unknown(word: str, lexical: Any, typo_first: bool = True) -> bool:
    """Whether the bridge may translate ``word``: unknown to the catalogue and the lexicon.

    The lexicon already translated what it knows into words the shop writes; a word it
    knows only in words the shop never writes ("oiseaux" → "paukštis" where the shop says
    "paukščių") is the bridge's again. A stop word is no product. With
    ``typo_first`` (a need whose language is not known), a misspelt catalogue word is the
    spelling correction's ("zorbocarft"), which the trace reports.
    """
    folded = fold(word)
    return (
        word.lower() not in NUMBER_WORDS  # its digits are searched (_with_digits)
        and folded not in STOPWORD_SET
        and word.lower() not in STOPWORD_SET
        and not lexical.known(folded)
        and lexical.language not in word_languages(folded)
        and not translations(word, lexical.language, lexical.known, lexical.in_titles)
        and not (typo_first and lexical.correct(folded)[1])
    )


def joined_words(text: str, vocabulary: Mapping[str, int]) -> str:
    """``text`` plus the catalogue's words two of its neighbours make when written together.

    "bed spread" finds the shop's "Bedspread", "ear phones" its "earphones": the shop's
    vocabulary says which joins are words.
    """
    words = [fold(w) for w in _WORD.findall(text)]
    joined = [
        a + b
        for a, b in zip(words, words[1:], strict=False)
        if len(a + b) >= MIN_JOINED and (a + b) in vocabulary and (a + b) not in words
    ]
    return f"{text} {' '.join(dict.fromkeys(joined))}" if joined else text


def ranked_candidates(
    ctx: Context,
    prefs: Mapping[str, Any],
    k: int,
    *,
    profile: Mapping[str, Any] | None = None,
    exclude_ids: frozenset[str] = frozenset(),
    now: int | None = None,
    trace: dict[str, Any] | None = None,
    wait: float = 0.0,
) -> list[Candidate]:
    """Retrieve (at least ``k`` deep) and rerank, before diversification.

    ``trace``, when given, receives what the first stage reports (method,
    counts, spelling corrections, best scores). ``wait``: seconds to wait for
    the lexical index when it is still being built (0: search dense meanwhile).
    """
    view, store, embeddings = get_search(ctx)
    if wait and view.lexical is None and ctx.retrieval != "dense":
        view.wait_loaded(wait)
    language = detect_language(need_text(prefs), default="")  # once, for both readings
    text = query_text(prefs, view, ctx, language)
    vector = embeddings.embed_query(meaning_text(text, prefs, view))
    across = crossing(prefs, view, ctx, language, wait=max(wait, TITLES_WAIT))
    stage = first_stage(
        store,
        vector,
        text,
        view.filterable(prefs),
        k=max(ctx.candidates, k),
        method=ctx.retrieval,
        lexical=view.lexical,
        filters=view.filters,
        now=now_ts() if now is None else now,
        options_cache=view.options,
        options=False,  # a ranked list shows no variant options
        crossing=across,
    )
    if trace is not None:
        trace.update(stage.trace)
        # kinds the need names that the shop never names: "not carried" on the lexicon's word
        trace["absent_kinds"] = absent_kinds(need_text(prefs), view.lexical, language)
    found = [c for c in stage.candidates if c.id not in exclude_ids]
    found = [c for c in found if c.group_id not in exclude_ids]
    reranker = make_reranker(ctx.reranker, ctx.reranker_model, ctx.reranker_dir, view.lexical)
    return reranker.rerank(text, found, prefs, profile)


def search(
    query: str,
    k: int = 10,
    filters: Mapping[str, Any] | None = None,
    context: Context | None = None,
) -> list[dict[str, Any]]:
    """Best ``k`` products for ``query`` under hard ``filters``: ``[{"id", "title", "score"}]``.

    ``filters`` takes the preference keys of the graph (``max_price``,
    ``category``, ``brands``, ``colors``, ``size``, ``in_stock_only``…). The
    first stage reads ``max(context.candidates, k)`` groups from each side, so
    ``k`` results come back whenever that many products match the filters.
    """
    ctx = context or Context()
    prefs = {**(filters or {}), "query": query}
    # an evaluation's first queries would otherwise run dense only while the lexical index
    # builds (about 2 s for 10,000 products); a conversation never waits for it
    ranked = ranked_candidates(ctx, prefs, k, now=now_ts(), wait=LOAD_WAIT)
    chosen = diversify(ranked, k, ctx.diversity)
    return [
        {"id": c.id, "title": c.meta.get("title", ""), "score": round(c.score, 4)} for c in chosen
    ]
