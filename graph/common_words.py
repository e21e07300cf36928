"""Whether a word is in common use in a language: such a word is no misspelling.

The spelling correction replaces a word the catalogue lacks with the closest one it has.
"where do I even start" in a bedding shop became "were do I even star", "mother-in-law"
"other-in-law": ordinary words the shop never writes are not typos of the words it does.
``wordfreq`` (word frequencies of 40 languages from several corpora, installed from PyPI,
no download at run time) says how often a language uses a word; a word used at least
:data:`COMMON_ZIPF` times on the Zipf scale (10 per million words and more) is a word of
that language. Typos seldom are: "sandles" 1.4, "matress" 1.7, "recieve" 2.8, "teh" 3.0.
"""

from __future__ import annotations

import functools

#: Zipf frequency from which a word is in common use (4.0: ten per million words).
COMMON_ZIPF = 4.0
#: ... and among a language's thousand or so commonest words ("fin", "petit", "tener"):
#: in a need for "something" such a word says no more what to buy than "something" does.
EVERYDAY_ZIPF = 5.3


@functools.lru_cache(maxsize=1)
def _languages() -> frozenset[str]:
    from wordfreq import available_languages

    return frozenset(available_languages("small"))


@functools.lru_cache(maxsize=65_536)
def zipf(word: str, language: str, wordlist: str = "small") -> float:
    """How often ``language`` uses ``word``, on the Zipf scale (0: unknown or rare).

    ``wordlist="best"`` reads rarer words too ("duvet" in English: 3.0, absent from the
    small list), where the language has a large list: for comparing languages, in which a
    word one list lacks would count as never used.
    """
    language = _WORDFREQ_NAMES.get(language, language)
    if not word or language not in _languages():
        return 0.0
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, language, wordlist=wordlist))


#: wordfreq's names for languages it lists under another code (Croatian: Serbo-Croatian).
_WORDFREQ_NAMES = {"hr": "sh"}


def is_common(word: str, language: str, at_least: float = COMMON_ZIPF) -> bool:
    """Whether ``language`` uses ``word`` commonly (``False`` for a language unknown here)."""
    return zipf(word, language) >= at_least


#: Zipf frequency from which a word is one of a language's function words ("jų", "из",
#: "so", "which", "hanno": 5.8-7): in a question over products it names nothing of them
#: ("big" 5.7, "water" 5.5, "black" 5.5 do).
FUNCTION_ZIPF = 5.8


def function_words(words: list[str], language: str) -> list[str]:
    """The ``words`` ``language`` uses as often as its function words, numbers aside.

    "lequel a exactement deux étiquettes ?": "deux" is as common as "a", and tells the
    one with two tags.
    """
    return [w for w in words if w not in _number_words() and is_common(w, language, FUNCTION_ZIPF)]


@functools.lru_cache(maxsize=1)
def _number_words() -> frozenset[str]:
    from sync.money_words import TABLES

    return frozenset(word for table in TABLES.values() for word in table["number_words"])
