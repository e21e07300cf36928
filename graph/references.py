"""References to the list on screen as a whole: "them", "any of these", "which of those".

An ordinal ("the second one") or a noun ("the Nordlys one") points at one card; these
words point at every card shown. A *question* about the list ("do any of those come in
black?", "which of these is the cheapest?", "are they waterproof?") is answered from the
products shown, their variants and their texts; it is no new search. The words are about a
language, not a shop, so they are data, one entry per language (same keys everywhere).
"""

from __future__ import annotations

import re
from functools import cache

#: Words and phrases that refer to every product shown.
LIST_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("them", "these", "those", "they", "any of them", "any of these", "any of those",
           "all of them", "one of these", "one of them", "one of those", "either of them",
           "these ones", "those ones"),
    "de": ("diese", "die hier", "davon", "welche davon", "eines davon", "einer davon",
           "irgendeins davon", "irgendeiner davon", "alle davon", "gibt es die", "sind die",
           "haben die", "sie alle"),
    "fr": ("ceux-ci", "celles-ci", "ceux-là", "celles-là", "parmi eux", "parmi elles",
           "parmi ceux-ci", "parmi ces", "l'un d'eux", "l'une d'elles", "ils", "elles",
           "existent-ils", "existent-elles", "sont-ils", "sont-elles"),
    "es": ("estos", "estas", "esos", "esas", "alguno de estos", "alguna de estas",
           "alguno de ellos", "alguna de ellas", "de estos", "de estas", "ellos", "ellas",
           "los tienes", "las tienes", "vienen"),
    "it": ("questi", "queste", "quelli", "quelle", "qualcuno di questi", "qualcuna di queste",
           "uno di questi", "una di queste", "di questi", "di queste", "ce li avete",
           "ce le avete", "sono disponibili"),
    "hr": ("ovi", "ove", "ova", "oni", "one", "neki od njih", "neka od njih", "od ovih",
           "od njih"),
    "pl": ("te", "tych", "z tych", "któryś z nich", "któraś z nich", "któreś z nich",
           "które z nich", "który z nich", "która z nich", "z nich", "one", "oni", "są dostępne"),
    "lt": ("šie", "šios", "šių", "kuris iš jų", "kuri iš jų", "kurie iš jų", "iš jų", "jie",
           "jos", "sie", "sios", "siu", "is ju", "kuris is ju", "kuri is ju"),
    "ru": ("эти", "этих", "из них", "какой из них", "какая из них", "какие из них",
           "который из них", "которая из них", "кто-то из них", "они", "их", "есть ли они"),
}  # fmt: skip

#: "Which of them …?": asks the list to pick (the cheapest, the one in black).
WHICH_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("which of", "which one", "which ones", "which is", "which are", "any of"),
    "de": ("welche davon", "welches davon", "welcher davon", "welche von", "welches von",
           "welcher von", "welche ist", "welches ist", "welcher ist", "gibt es eine"),
    "fr": ("lequel", "laquelle", "lesquels", "lesquelles", "l'un d'eux", "l'une d'elles"),
    "es": ("cuál de", "cual de", "cuáles de", "cuales de", "alguno de", "alguna de"),
    "it": ("quale di", "quali di", "quale è", "qualcuno di", "qualcuna di"),
    "hr": ("koji od", "koja od", "koje od", "neki od", "neka od"),
    "pl": ("który z", "która z", "które z", "któryś z", "któraś z", "któreś z"),
    "lt": ("kuris iš", "kuri iš", "kurie iš", "kuris is", "kuri is", "kurie is"),
    "ru": ("какой из", "какая из", "какие из", "который из", "которая из", "которые из",
           "кто-то из"),
}  # fmt: skip

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
