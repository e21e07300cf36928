"""Cards that agree with the best match on what the shopper named.

A shop titles a product by its kind and its traits ("Zamszowe botki Lestrosa Ambra",
"Torebka zamszowa"). When the best candidate's title carries some of the shopper's words
("zamszowe botki"), the other cards must carry them too: a pair of suede loafers is a
fine neighbour in meaning but the wrong answer to "suede ankle boots". The catalogue's
own titles decide, so this holds for any shop and language the lexical index reads.

When fewer than two titles agree, a product's category speaks for it too: the demo's
"Rock Plate Trail Runners" are filed under "Shoes > Trail", so they agree with "shoes"
though their title never says it; work boots (filed under "Shoes > Boots") do not agree
with "chelsea boots". Those that disagree are dropped even when one product agrees: a
shopper who named "Cyber Fox" or a 28 cm pan wants that one, not five neighbours in
meaning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from graph import languages as L
from graph import vocabulary as V
from graph.absent_kinds import split_purpose
from graph.asked_measures import measure_words
from graph.lexical import LexicalIndex
from graph.retrieval import Candidate
from graph.translate import broader_kinds, kind_concepts, kinds_named

#: Titles that must agree before a product's category is heard too.
MIN_AGREEING = 2


def agree_with_best(
    ranked: Sequence[Candidate],
    query: str,
    lexical: LexicalIndex | None,
    filtered: Sequence[str] = (),
) -> list[Candidate]:
    """The candidates whose title or category holds every query term the best one's title holds.

    The query is read spelling-corrected, as the first stage searched it.

    Query terms no product title has ("gift", "for my mom") never filter; when the best
    candidate's title holds none of them, nothing is filtered. ``filtered``: the category
    paths the turn's filter holds every candidate to; a word in every one of them is the
    filter's business, like a brand's ("shoes" inside Shoes asks nothing more).
    """
    ranked = list(ranked)
    if lexical is None or len(ranked) < 2:
        return ranked
    # the need as the lexical side searched it: "posciel w zebre" names the shop's "zebra"
    searched = lexical.correct(query)[0]
    # a function word asks for nothing, though a title holds it: Italian "la" is no "La
    # Selva" (three La Selva valances had been all of twenty that "le mantovane" found)
    searched = " ".join(w for w in searched.split() if V.fold(w) not in V.STOPWORD_SET)
    asked = {t for t in lexical.title_query_terms(searched) if t in lexical.title_rows}
    if not asked:
        return ranked

    def title_terms(candidate: Candidate) -> set[str]:
        # the stored document starts with the title line when the metadata lacks it
        title = candidate.meta.get("title") or candidate.document.split("\n", 1)[0]
        return set(lexical.terms(str(title)))

    # a brand's words in a title ("Morrow Home Atelier …") name a maker, not a kind:
    # brands are the brand filter's business
    brand = set(lexical.terms(str(ranked[0].meta.get("brand") or "")))
    paths = [set(lexical.terms(p)) for p in filtered]
    held = set.intersection(*paths) if paths else set()  # what the category filter holds
    asked_kinds = set(kind_concepts(searched, departments=False))
    if any(len(set(kind_concepts(p, departments=False))) > 1 for p in filtered):
        # a filter naming two kinds ("Quilts & Comforters") holds neither: "quilt" still asks
        held -= {
            t
            for word in searched.split()
            if set(kind_concepts(word, departments=False)) & asked_kinds
            for t in lexical.terms(word)
        }
    best = title_terms(ranked[0])
    anchor = (asked & best) - brand - held
    # the measures asked are held by :func:`graph.asked_measures.of_measure_asked`, ranges
    # and near values included: the best one's "18l" asks nothing of a 16 l pot
    anchor -= measure_words(query)
    if not anchor:
        return ranked
    # the kind asked, as the best one's title names it in whichever of the shop's words
    # ("Haarreif" read as "bandeau", the best title's "Serre-tête …"): of that kind only
    kinds = set(kind_concepts(_title(ranked[0]), departments=False)) & asked_kinds
    # each candidate's title terms once, for the strict pass and the filed one
    titles = [best, *(title_terms(c) for c in ranked[1:])]
    strict = [c for c, terms in zip(ranked, titles, strict=True) if anchor <= terms]
    kept = [
        c for c in strict if kinds <= set(kind_concepts(_title(c), departments=False))
    ] if kinds else []  # fmt: skip
    if len(kept) >= MIN_AGREEING:
        return kept  # the traits asked, in the kind asked ("motif" on a bib is no headband)
    if len(strict) >= MIN_AGREEING:
        return strict
    # Too few titles agree: a product filed under the words agrees too ("shoes" are also
    # the trail runners filed under Shoes), unless every candidate is filed under them:
    # in a sauna shop everything is under "Баня", and "ковшик для бани" wants the ladle.
    # A category naming two kinds ("Quilts & Comforters") files both: a title naming the
    # other one ("Mini Comforter Set") is that kind, not the one asked.
    filed = [
        c
        for c, terms in zip(ranked, titles, strict=True)
        if anchor <= terms | set(lexical.terms(str(c.meta.get("category") or "")))
        and not _filed_as_another(c, asked_kinds, lexical.language)
    ]
    if MIN_AGREEING <= len(filed) < len(ranked):
        return filed
    # Still too few: those that agree alone (work boots are no chelsea boots, other tees
    # no "Cyber Fox").
    return strict or ranked


def _filed_as_another(candidate: Candidate, asked: set[int], language: str) -> bool:
    """Whether the title names a kind not asked that its category names as well."""
    own = own_kind(_title(candidate), language)
    if own is None or not asked or own in asked:
        return False
    category = str(candidate.meta.get("category") or "")
    return own in kind_concepts(category, departments=False)


#: Where each language's titles name the product's own kind among the kinds they mention.
_TITLE_KIND = L.by_language("TITLE_KIND")


def own_kind(title: str, language: str) -> int | None:
    """The kind of product a title names as its own (a lexicon line), or ``None``.

    A title may mention several kinds: "Bracelet ceinture cuir" is a bracelet shaped like
    a belt, "Leather Belt Bag" a bag worn on a belt. Which one is the product's own is a
    fact of the title's language (:data:`graph.languages.KEYS` ``TITLE_KIND``).
    """
    kinds = kind_concepts(title, departments=False)
    if not kinds:
        return None
    return kinds[-1] if _TITLE_KIND.get(language) == "last" else kinds[0]


_WITH = {
    lang: V.phrase_regex(words) for lang, words in L.per_language("WITH_WORDS").items() if words
}


#: Where a sentence ends: a pointer after it is the card's again.
_SENTENCE_END = re.compile(r"[.?!;]")


def described_after(text: str, language: str, start: int) -> tuple[int, int] | None:
    """The span describing the kind named at ``start`` with a "with", to its sentence's end.

    "what about a necklace with a little pompom on it?": the "it" there is the necklace's,
    not the card's on screen; "plutôt un collier. il coûte combien, celui-là ?" points at
    a card in a sentence of its own. ``None`` when no "with" follows in the sentence.
    """
    regex = _WITH.get(language)
    end = _SENTENCE_END.search(text, start)
    stop = end.start() if end else len(text)
    found = regex.search(text, start, stop) if regex is not None else None
    return None if found is None else (found.start(), stop)


def kinds_before_with(need: str, language: str) -> tuple[int, ...]:
    """The kinds a need names before its "with", when it names one after it too; else none.

    "un juego de seis tazas con sus platitos", "kubek z pokrywką", "a duvet cover with two
    pillowcases": the saucers, the lid, the pillowcases are what the cups, the mug, the
    cover come with; the product asked is the kind named first.
    """
    regex = _WITH.get(language)
    found = regex.search(need.lower()) if regex else None
    if found is None or found.start() == 0:
        return ()
    before = kind_concepts(need[: found.start()], language, departments=False)
    after = kind_concepts(need[found.end() :], language, departments=False)
    return before if before and set(after) - set(before) else ()


def own_kind_first(
    ranked: Sequence[Candidate], need: str, need_language: str, catalogue_language: str
) -> list[Candidate]:
    """The candidates that are the kind the shopper named, when any is.

    "ремень" (a belt) in a jewellery shop: the "Bracelet ceinture cuir" mentions a belt but
    is a bracelet; the "Ceinture tissée" is one. A title naming no kind the lexicon knows
    stays where products of the named kind are filed (nothing says it is another: a model
    name); with no candidate of the named kind, all stay; a title of another kind goes, at
    whichever end its language names it (measured on the shopper suite: comforter sets
    had stayed beside the quilts asked, English titles naming their kind last). The order is
    the ranking's (measured: putting the named kind first traded one held-out turn for
    another).
    """
    # a department asked ("shoes") holds every kind under it; English and German titles
    # name the kind last in compounds ("Ankle Boots", "Sleeping Bag") whose head is a kind
    # of the one asked: only titles that name their kind first are held to it
    asked = set(kind_concepts(need, need_language, departments=False))
    head, purpose = split_purpose(need)
    if purpose and (own := set(kind_concepts(head, need_language, departments=False))):
        # "den Aufkleber mit dem Faultier für den Laptop": a sticker, for a laptop; a kind
        # whose own name holds the purpose ("dog collar") is read whole (a kind of its own)
        if not any(V.PURPOSE_RE.search(w) for w, _ in kinds_named(need, need_language)):
            asked = own
    asked = set(kinds_before_with(need, need_language)) or asked
    if not asked or len(ranked) < 2:
        return list(ranked)
    owns = [own_kind(_title(c), catalogue_language) for c in ranked]
    # a sort asked that no title is stands for the kind it is a sort of: "termometr do
    # mięsa" finds the shop's "Maisto termometras", a plain thermometer; with whisky glasses
    # among the titles, the plain glasses still go
    asked |= broader_kinds(k for k in list(asked) if k not in owns)
    if not any(kind in asked for kind in owns):
        return list(ranked)
    # A title of another kind goes, whichever end of it names its kind: a "Quilted Euro
    # Sham" is no quilt, a comforter set no quilt asked in a shop that sells both. A title
    # naming no kind (a model name) stays where the kind asked is filed: a henley among
    # the throw pillows asked for the sofa is filed elsewhere.
    filed = {_category(c) for c, kind in zip(ranked, owns, strict=True) if kind in asked}
    return [
        c
        for c, kind in zip(ranked, owns, strict=True)
        if kind in asked or (kind is None and (not _category(c) or _category(c) in filed))
    ]


def _category(candidate: Candidate) -> str:
    return str(candidate.meta.get("category") or "")


def _title(candidate: Candidate) -> str:
    return str(candidate.meta.get("title") or candidate.document.split("\n", 1)[0])


#: ``(words, forms)`` per kind a text names (:func:`graph.translate.kinds_named`).
Kinds = Sequence[tuple[str, Sequence[str]]]


def kind_terms(kinds: Kinds, lexical: LexicalIndex) -> list[list[str]]:
    """The index terms of every word, in any language, of each of ``kinds``."""
    return [
        terms
        for _, forms in kinds
        for form in forms
        if (terms := [t for t in lexical.terms(form.replace("*", "")) if t not in V.STOPWORDS])
    ]


def titles_of_kinds(kinds: Kinds, lexical: LexicalIndex) -> np.ndarray:
    """The rows whose title names one of ``kinds`` in any of its words.

    "the matching comforter set", "die passende Bettdecke", "el edredón a juego" all find
    the bedding shop's "Comforter" titles: the lexicon gives every language's words.
    """
    found = [lexical.titles_holding(terms) for terms in kind_terms(kinds, lexical)]
    return np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int32)
