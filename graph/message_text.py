"""Words of a message for the rules: concept keys, blanked spans, the query left, content words."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from graph import vocabulary as V
from graph.asked_measures import asked as measures_asked
from graph.openers import without_openers
from graph.product_words import LEXICON_KIND, asked_keys, word_keys
from sync.enrich import color_tokens, extract_attributes


def _keys(words: Iterable[str]) -> frozenset[str]:
    """Union of :func:`graph.product_words.word_keys` over ``words``."""
    return frozenset().union(*(word_keys(word) for word in words))


class PhraseKeys:
    """Match keys of a message's words, a word inside a lexicon phrase read as the phrase.

    "antklodės užvalkalas" is a duvet cover, though "užvalkalas" alone is a pillowcase:
    the phrase's kind replaces each of its words' own lexicon kinds.
    """

    def __init__(self, text: str) -> None:
        from graph.translate import kind_phrase_words  # translate reads the vocabulary

        self._phrased = {
            word: frozenset(f"{LEXICON_KIND}{n}" for n in kinds)
            for word, kinds in kind_phrase_words(text).items()
        }

    def _read(self, keys: frozenset[str], word: str) -> frozenset[str]:
        kinds = self._phrased.get(V.fold(word))
        if kinds is None:
            return keys
        return frozenset(k for k in keys if not k.startswith(LEXICON_KIND)) | kinds

    def asked(self, word: str) -> frozenset[str]:
        """:func:`graph.product_words.asked_keys`, phrases read whole."""
        return self._read(asked_keys(word), word)

    def plain(self, word: str) -> frozenset[str]:
        """:func:`graph.product_words.word_keys`, phrases read whole."""
        return self._read(word_keys(word), word)


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with each span replaced by spaces (positions unchanged)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def search_text(text: str) -> str:
    """A whole message as a semantic query (edge filler and punctuation trimmed)."""
    return _clean_query(" ".join(text.split()))


#: Punctuation out of a need, but not inside a number: "2,4 mm", "1.75mm" and "3/4" stay
#: numbers (read apart, "2 4 mm" asked for something else).
_PUNCTUATION = re.compile(r"[^\w'&+\-.,/]+|(?<!\d)[.,/]+|[.,/]+(?!\d)")
#: "16–18 litrų": a range's dash as the hyphen the search reads ranges by.
_RANGE_DASH = re.compile(r"(?<=\d)\s*[–—]\s*(?=\d)")


def _clean_query(text: str) -> str:
    """The semantic query: what is left, trimmed of punctuation and edge filler words."""
    text = _RANGE_DASH.sub("-", without_openers(text.strip()))
    words = _PUNCTUATION.sub(" ", text).split()
    while words and (words[0].lower() in V.EDGE_WORDS or not any(c.isalpha() for c in words[0])):
        words.pop(0)
    while words and (words[-1].lower() in V.EDGE_WORDS or not any(c.isalpha() for c in words[-1])):
        if words[-1][:1].isdigit() and measures_asked(" ".join(words[-3:])):
            break  # "… литров на 16-18": the number of a unit said before it
        words.pop()
    return " ".join(words)


@lru_cache(maxsize=4096)
def is_content(word: str) -> bool:
    """Whether a leftover word carries a need: not filler, an ordinal or an attribute word."""
    if word in V.STOPWORD_SET or word in V.ORDINAL_INDEX or color_tokens(word):
        return False
    found = extract_attributes(word, "")
    return not (found["material"] or found["gender"]) and word not in ("size", "sizes")
