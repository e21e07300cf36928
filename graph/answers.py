"""Answer a question about one product from its own text ("how long does the battery last?").

The product's stored text (title, description, attributes) is split into sentences; the
sentence sharing most of the question's words, compared as the lexical index's terms
(stemmed in the catalogue's language), is quoted — never paraphrased or judged. A few
question concepts ("how big" → dimensions, "made of" → material) also match the words a
product text uses for them; those word lists are about languages, not shops, and live with
each language's other words (:mod:`graph.languages`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from graph import languages as L
from graph.languages import LANGUAGES
from graph.lexical import variant_words
from graph.measures import dimensions, measures
from graph.terms import stem
from graph.vocabulary import typed_bare

#: Concept → (words a shopper asks with, words a product text answers with), all languages
#: (``CONCEPT_ASKS`` and ``CONCEPT_ANSWERS`` in each module of :mod:`graph.languages`).
CONCEPTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    name: (asks, L.groups("CONCEPT_ANSWERS")[name])
    for name, asks in L.groups("CONCEPT_ASKS").items()
}

#: The same, case-folded as messages are ("groß" → "gross"); the asks as typed without
#: diacritics too ("iš kokios medziagos").
_FOLDED = {
    name: (
        frozenset(w.casefold() for w in typed_bare(ask)),
        tuple(w.casefold() for w in answer),
    )
    for name, (ask, answer) in CONCEPTS.items()
}
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+|\s+[•·|]\s+|;\s+")
_WORD = re.compile(r"[\w×]+(?:[.'][\w]+)*")
#: Quoted at most: the best sentence and one as good.
MAX_QUOTES = 2


def _sentences(details: str) -> list[str]:
    title, *rest = details.split("\n")
    body = [line for line in rest if not line.startswith(("Brand: ", "Category: "))]
    return [s.strip() for s in _SENTENCE.split("\n".join([*body, title])) if s.strip()]


def _words(text: str) -> set[str]:
    """The words of ``text``, case-folded, with the parts of words glued at a capital.

    Feeds strip their HTML without a space: "L dydisPrivalumai:" holds "dydis".
    """
    words = _WORD.findall(text)
    glued = [part for word in words if not word.islower() for part in _glued_parts(word)]
    return {w.casefold() for w in (*words, *glued)}


def _glued_parts(word: str) -> list[str]:
    """The parts of a word glued at a capital: "dydisPrivalumai" → "dydis", "Privalumai"."""
    cuts = [i for i in range(1, len(word)) if word[i].isupper() and word[i - 1].islower()]
    if not cuts:
        return []
    return [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True)]


def concepts_asked(question: str) -> list[str]:
    """The :data:`CONCEPTS` a question asks about ("how big is it?" → ``["dimensions"]``).

    A word asks as any of its language's inflections do ("kokio dydžio?" as "dydis",
    "какого размера?" as "размер"): compared as each language's stemmer reads both.
    """
    asked = _words(question)
    low = question.casefold()
    stems = {(lang, stem(word, lang)) for word in asked for lang in LANGUAGES if len(word) > 3}
    return [
        name
        for name, (ask, _) in _FOLDED.items()
        if asked & ask
        or any(a in low for a in ask if " " in a)
        or stems & _ASK_STEMS.get(name, frozenset())
    ]


#: Each concept's asking words as each language's stemmer reads them (four letters or more).
_ASK_STEMS: dict[str, frozenset[tuple[str, str]]] = {
    name: frozenset((lang, stem(word, lang)) for word in ask if len(word) > 3 for lang in LANGUAGES)
    for name, (ask, _) in _FOLDED.items()
}


def passages(
    details: str,
    concepts: Iterable[str],
    asked_terms: Iterable[str],
    analyse: Callable[[str], Sequence[str]],
) -> list[str]:
    """The sentences of ``details`` that answer a question, best first (maybe none).

    Args:
        details: The product's stored text (title on the first line).
        concepts: The :data:`CONCEPTS` the question asks about (:func:`concepts_asked`).
        asked_terms: The question's index terms that ask something (not the product's
            name, not filler: :func:`graph.lookup.asks_about`).
        analyse: Text → index terms (the lexical index's analyser).
    """
    terms = set(asked_terms)
    answering = [_FOLDED[name][1] for name in concepts if name in _FOLDED]
    # "how big is it?" is answered by a measure as well as by the word "size": '12X24" Pillow'
    sized = "dimensions" in concepts
    title = details.split("\n", 1)[0].strip()  # named in the answer already
    scored = []
    for position, sentence in enumerate(_sentences(details)):
        words = _words(sentence)
        score = len(terms & set(analyse(sentence))) + sum(bool(words & set(c)) for c in answering)
        if sized and sentence != title:
            score += bool(measures(sentence) or dimensions(sentence))
        if score:
            scored.append((-score, position, sentence))
    scored.sort()
    if not scored:
        return []
    best = scored[0][0]
    return [s for score, _, s in scored if score == best][:MAX_QUOTES]


#: Cosine (USE-multilingual, a question's words against a sentence) from which a sentence
#: of the product's text is taken to answer a question no word of it shares: "le kit
#: Zenfold, il y a plusieurs niveaux de résistance ?" meets "Five resistance levels" at
#: 0.25, "a ten 30-litrowy ma pokrowiec przeciwdeszczowy?" "Rain cover included" at 0.42;
#: sentences about something else score 0.0-0.2 (measured on the shopper suite's product
#: questions, bench/shoppers/README.md).
MIN_MEANING = 0.22


def passage_by_meaning(
    details: str,
    question: str,
    name: str,
    similarities: Callable[[str, Sequence[str]], Any],
) -> list[str]:
    """The sentence of ``details`` closest in meaning to ``question``, when close enough.

    For a question in another language than the product's text, whose words it shares
    none of (see :func:`closest_passage`).
    """
    found = closest_passage(details, question, name, similarities)
    if found is not None and found[1] >= MIN_MEANING:
        return [found[0]]
    # "czy on chroni przed uderzeniami?" of "perfecta para destacar mientras cuidas tu
    # ordenador de golpes y arañazos diarios": the feature is one clause of a long sentence.
    # Only when no whole sentence is near: a clause meets a neighbouring topic as nearly
    # ("Grad Kälte" meets "designed for winter commutes" at 0.39, "Rated to -25°C" at 0.26)
    asked = _asked_words(question, _words(name))
    sentence, score = closest_clause(details, asked, name, similarities, _MIN_CLAUSE_WORDS)
    return [sentence] if score >= MIN_CLAUSE_ANSWER else []


def closest_passage(
    details: str,
    question: str,
    name: str,
    similarities: Callable[[str, Sequence[str]], Any],
) -> tuple[str, float] | None:
    """The sentence of ``details`` closest in meaning to ``question``, with its cosine.

    ``name`` (the product's title) is no sentence to quote, nor are its words what is
    asked: they are taken out of the question and the sentences that are only a title
    ("Net Yaroze Retro Console Camiseta - Talla XL") are left out.
    """
    named = _words(name)
    asked = _asked_words(question, named)
    # a sentence of only the name and its variant's words ("… - Talla XL") is a title
    candidates = [
        s for s in _sentences(details) if _words(s) - named - set(variant_words(s.casefold()))
    ]
    if not asked.strip() or not candidates:
        return None
    scores = similarities(asked, candidates)
    if scores is None or not len(scores):
        return None
    best = max(range(len(candidates)), key=lambda i: float(scores[i]))
    return candidates[best], float(scores[best])


def _asked_words(question: str, named: set[str]) -> str:
    """The question's words but the product's name's and numbers.

    A size said with the name ("the 30-litre one") points at the product, asks nothing.
    """
    return " ".join(
        w
        for w in _WORD.findall(question)
        if w.casefold() not in named and not any(c.isdigit() for c in w)
    )


#: Where one sentence of a product's text says several things ("Wysoka cholewka, ostry
#: szpic, słupek 7 cm."): each clause is one feature.
_CLAUSE = re.compile(r",\s+|\s+[-–—]\s+|:\s+")
#: What a clause says besides its feature: measures and asides ('100" x 84" (Pair) Fully
#: lined' says "Fully lined").
_ASIDE = re.compile(r"\([^)]*\)|\S*\d\S*")


#: A clause of three words or more this close to a question answers it when no whole
#: sentence is (:data:`MIN_MEANING`): "chroni przed uderzeniami i zarysowaniami" meets
#: "mientras cuidas tu ordenador de golpes y arañazos diarios" at 0.34, its sentence at
#: 0.14; shorter clauses ("Machine wash cold") meet any question too nearly.
MIN_CLAUSE_ANSWER = 0.30
_MIN_CLAUSE_WORDS = 3


def closest_clause(
    details: str,
    asked: str,
    name: str,
    similarities: Callable[[str, Sequence[str]], Any],
    least_words: int = 1,
) -> tuple[str, float]:
    """The sentence whose clause is closest in meaning to ``asked``, and its cosine.

    ``("", 0.0)`` when there is none.

    ``asked`` is a feature in a few words ("runde Spitze"); a sentence listing several
    features dilutes the one asked ("ostry szpic" and "zaokrąglony nosek" meet "runde
    Spitze" at 0.40 and 0.72 alone, at 0.15 and 0.14 inside their sentences), so every
    clause of ``least_words`` words or more is compared, and every whole sentence as well
    (a feature said across a comma).
    """
    named = _words(name)
    clauses: dict[str, str] = {}  # clause → its sentence
    for sentence in _sentences(details):
        parts = [" ".join(_ASIDE.sub(" ", p).split()).strip(" .") for p in _CLAUSE.split(sentence)]
        for text in dict.fromkeys([sentence, *parts]):
            if (
                text
                and len(_WORD.findall(text)) >= least_words
                and _words(text) - named - set(variant_words(text.casefold()))
            ):
                clauses.setdefault(text, sentence)
    if not asked.strip() or not clauses:
        return "", 0.0
    texts = list(clauses)
    scores = similarities(asked, texts)
    if scores is None or not len(scores):
        return "", 0.0
    best = max(range(len(texts)), key=lambda i: float(scores[i]))
    return clauses[texts[best]], float(scores[best])
