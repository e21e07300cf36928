"""A shopper's word in another script finds the shop's word it shares a root with.

A Russian shopper in a Polish shop writes "на тракторной подошве" where the shop writes
"na traktorowej platformie", "подушка" where it writes "poduszka", "термометр" where a
Lithuanian shop writes "termometras"; an Italian shopper quotes the Russian shop's
"Проливной" as "prolivnoj". No lexicon holds every such word, and the spelling correction
cannot cross scripts. Both sides are read in one sound skeleton (Cyrillic and Latin
letters, Polish and Lithuanian digraphs and English ones, to the same few letters), and a
catalogue word whose skeleton begins as the shopper's does, over most of the shorter of
the two, is that word: a shared root with different endings (Russian "-ной", Polish
"-owej", Lithuanian "-as").

Only words written in the other script than the catalogue's are read so: a word in the
shop's own script is the lexicon's and the spelling's to read.
"""

from __future__ import annotations

import bisect
import re
import weakref
from collections.abc import Iterable

from graph.lexical import LexicalIndex
from graph.vocabulary import STOPWORD_SET, fold

#: A skeleton must share this many letters at least with the catalogue word's ...
MIN_ROOT = 5
#: ... and this share of the shorter skeleton (a root, its endings differing).
MIN_SHARE = 0.7
#: Endings differ by this many letters at most: a shorter word is a part of a compound
#: ("Saunabank" is no "сауна").
MAX_LENGTH_GAP = 3
#: Shorter words are too often chance ("сапоги" is no "sapo").
MIN_LETTERS = 5

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "z", "з": "z",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "c", "ш": "s", "щ": "s",
    "ъ": "", "ы": "i", "ь": "", "э": "e", "ю": "iu", "я": "ia", "і": "i", "ў": "u",
}  # fmt: skip
#: Latin spellings of one sound, longest first: Polish "sz", "cz", "rz", "ch", "w";
#: English "sh", "ch", "zh", "kh"; Lithuanian letters fold to their bases already.
_LATIN = (
    ("szcz", "s"), ("shch", "s"), ("sch", "s"), ("sz", "s"), ("sh", "s"), ("cz", "c"),
    ("ch", "h"), ("zh", "z"), ("kh", "h"), ("rz", "z"), ("ts", "c"), ("tz", "c"),
    ("w", "v"), ("j", "i"), ("y", "i"), ("x", "ks"), ("q", "k"), ("ck", "k"),
)  # fmt: skip
_LATIN_RE = re.compile("|".join(a for a, _ in _LATIN))
_LATIN_MAP = dict(_LATIN)
_WORD = re.compile(r"[^\W\d_]+")

#: Per lexical index (by identity, while it lives): its words by skeleton.
_INDEXES: dict[int, tuple[weakref.ref[LexicalIndex], list[str], dict[str, list[str]]]] = {}


def skeleton(word: str) -> str:
    """``word`` (either script) in the shared sound letters: "тракторной" → "traktornoi"."""
    low = word.lower()
    if _is_cyrillic(low):
        return "".join(_CYRILLIC.get(c, c) for c in low)
    folded = fold(low).replace("ł", "l")
    return _LATIN_RE.sub(lambda m: _LATIN_MAP[m.group()], folded)


def _is_cyrillic(word: str) -> bool:
    return any("а" <= c <= "я" or c in "ёіў" for c in word)


def cognates(text: str, lexical: LexicalIndex, any_script: bool = False) -> list[str]:
    """The catalogue's words sharing a root with the words ``text`` writes in the other script.

    ``any_script``: in the shop's script too, for a text in another language than the
    shop's ("ar jose yra latekso?" of a text saying "latex-free"), where no spelling
    correction reads it.
    """
    shop_cyrillic = lexical.language == "ru"
    skeletons, words_of = _index(lexical)
    found: list[str] = []
    for word in _WORD.findall(text.lower()):
        if len(word) < MIN_LETTERS or (_is_cyrillic(word) == shop_cyrillic and not any_script):
            continue
        if any_script and lexical.known(word):
            continue  # the shop's own word
        if word in STOPWORD_SET or fold(word) in STOPWORD_SET:
            continue
        found += [w for w in _rooted(skeleton(word), skeletons, words_of) if w not in found]
    return found


def _rooted(own: str, skeletons: list[str], words_of: dict[str, list[str]]) -> Iterable[str]:
    """The catalogue words whose skeletons share a long enough start with ``own``."""
    start = bisect.bisect_left(skeletons, own[:MIN_ROOT])
    best: list[str] = []
    longest = 0
    for other in skeletons[start:]:
        if not other.startswith(own[:MIN_ROOT]):
            break
        shared = _shared(own, other)
        if shared < MIN_SHARE * min(len(own), len(other)):
            continue
        if abs(len(own) - len(other)) > MAX_LENGTH_GAP:
            continue
        if shared > longest:
            best, longest = list(words_of[other]), shared
        elif shared == longest:
            best += words_of[other]
    return best


def _shared(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _index(lexical: LexicalIndex) -> tuple[list[str], dict[str, list[str]]]:
    """The catalogue's words by skeleton (sorted, for prefixes), built once per index."""
    cached = _INDEXES.get(id(lexical))
    if cached is not None and cached[0]() is lexical:
        return cached[1], cached[2]
    words_of: dict[str, list[str]] = {}
    for word in lexical.vocabulary:
        if len(word) >= MIN_LETTERS and word.isalpha():
            words_of.setdefault(skeleton(word), []).append(word)
    for key in [k for k, (ref, _, _) in _INDEXES.items() if ref() is None]:
        del _INDEXES[key]  # indexes of generations gone
    skeletons = sorted(words_of)
    _INDEXES[id(lexical)] = (weakref.ref(lexical), skeletons, words_of)
    return skeletons, words_of
