"""References to the list on screen as a whole: "them", "any of these", "which of those".

An ordinal ("the second one") or a noun ("the Nordlys one") points at one card; these
words point at every card shown. A *question* about the list ("do any of those come in
black?", "which of these is the cheapest?", "are they waterproof?") is answered from the
products shown, their variants and their texts; it is no new search. The words are about a
language, not a shop, so they are data: ``LIST_WORDS`` and ``WHICH_WORDS`` in each module
of :mod:`graph.languages`.
"""

from __future__ import annotations

import re
from functools import cache

from graph import languages as L

#: Words and phrases that refer to every product shown, per language (graph/languages).
LIST_WORDS: dict[str, tuple[str, ...]] = L.per_language("LIST_WORDS")
#: "Which of them …?": asks the list to pick (the cheapest, the one in black).
WHICH_WORDS: dict[str, tuple[str, ...]] = L.per_language("WHICH_WORDS")

#: Cards a list question looks at: the comparison's limit (templates.compare).
MAX_LIST = 5


def _regex(phrases: tuple[str, ...]) -> re.Pattern[str]:
    body = "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])")  # "qu'ils": elision is a boundary


@cache
def _patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The message's language first; English too, which shoppers mix into any language."""
    languages = dict.fromkeys((language, "en"))
    words = tuple(w for lang in languages for w in LIST_WORDS.get(lang, ()))
    which = tuple(w for lang in languages for w in WHICH_WORDS.get(lang, ()))
    return _regex(words), _regex(which)


@cache
def reference_words(language: str) -> frozenset[str]:
    """The words the list's reference phrases are made of ("welche", "davon"; English too).

    In a question over the list they point, they ask nothing of the products: "Welche
    davon haben eine runde Spitze?" asks "runde Spitze".
    """
    languages = dict.fromkeys((language, "en"))
    phrases = [
        p for lang in languages for p in (*LIST_WORDS.get(lang, ()), *WHICH_WORDS.get(lang, ()))
    ]
    return frozenset(w for p in phrases for w in re.findall(r"[^\W\d_]+", p.casefold()))


def list_question(text: str, language: str, shown: int) -> tuple[bool, bool, bool]:
    """Whether ``text`` is a question about every card shown, and how it says so.

    Returns ``(about_list, which, pronoun_only)``: "do any of those come in black?" is
    ``(True, False, False)``, "which of these is the cheapest?" ``(True, True, False)``,
    "are they waterproof?" ``(True, False, True)`` — a bare pronoun, which means the one
    product being discussed when there is one (a product just named: "do you have them in
    40?" of a pair of shoes). Only with two or more cards shown (a single card is "it").
    The caller decides whether it is a question: "show me them in black" narrows the
    search instead.
    """
    if shown < 2:
        return False, False, False
    low = text.casefold()
    words, which = _patterns(language)
    picks = bool(which.search(low))
    named = [m.group() for m in words.finditer(low)]
    if not (picks or named):
        return False, False, False
    return True, picks, not picks and all(" " not in w for w in named)


def names_the_list(text: str, language: str) -> bool:
    """Whether ``text`` points at the list by a word ("of those", "davon", "из этих").

    "el más barato de esos" asks of the cards shown; "qual è la più economica?" of the need.
    """
    return bool(_patterns(language)[0].search(text.casefold()))


def asks_to_pick(text: str, language: str) -> bool:
    """Whether ``text`` asks the list to pick one ("which of these", "qual è"), any length."""
    return bool(_patterns(language)[1].search(text.casefold()))
