"""How a shopper's word form relates to the lexicon's: cases, diminutives, prefixes.

The lexicon (:mod:`graph.translate`) lists a kind's usual forms; shoppers inflect
them, shorten them to diminutives and close them up with learned prefixes. Each
function here gives the forms a word may stand for, in the language that makes it
so, for the lexicon to look up: "rankšluosčių" is "rankšluostis", "blokeliai" a
little "blokas", "электрочайник" a "чайник".

The lexicon reads Lithuanian more fully than the search index does
(:func:`lexicon_stem`): in a Lithuanian title the nominative is what a thing is and
the genitive what it is for or like ("skėčio formos pakaba", an umbrella-shaped
hanger; "dviračio laikiklis", a bicycle holder), so the index keeps the two apart,
while a shopper's word in any case names the same kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from graph import languages as L
from graph.terms import LIGHT_SUFFIXES, fold, stem

#: Lithuanian case endings of every declension (folded), longest first: the index's light
#: stemmer's (:data:`graph.terms.LIGHT_SUFFIXES`) and the genitives, datives and locatives
#: it leaves ("įkroviklio", "telefonui", "pirtyje").
_LITHUANIAN_ENDINGS = tuple(
    sorted(
        {*LIGHT_SUFFIXES["lt"], *"iuose iams ioje omis emis imis umis iui ius ies oje eje yje "
         "ims ums aus imi umi io ui".split()},
        key=len,
        reverse=True,
    )
)  # fmt: skip
#: The consonants a soft stem's "i" changes, hard again once it goes: Lithuanian writes t
#: and d as č and dž before "io", "ių", "iai" ("rankšluostis", "rankšluosčių"; "medis",
#: "medžio"; "stalčius"). Folded, and as written.
_SOFTENED = (("dž", "d"), ("dz", "d"), ("č", "t"), ("c", "t"))


#: A root shorter than this keeps its soft "i" ("žalia", "žalius" are "žali-"): the lexicon
#: reads no shorter stem (:data:`graph.translate._MIN_STEM`).
_SHORTEST_HARD_ROOT = 4


@lru_cache(maxsize=100_000)
def lexicon_stem(word: str, language: str) -> str:
    """The stem the lexicon reads ``word`` by in ``language``: every case of it alike."""
    if language != "lt" or len(word) < 3 or not word.isalpha():
        return stem(word, language)
    for ending in _LITHUANIAN_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            root = word[: -len(ending)]
            soft = ending.startswith("i")
            if not soft and root.endswith("i") and len(root) > 3:
                root, soft = root[:-1], True  # "žalia", "žalios" are "žal-"
            if not soft:
                return root
            hard = _hardened(root)
            return hard if len(hard) >= _SHORTEST_HARD_ROOT else root + "i"
    return word


def _hardened(root: str) -> str:
    """``root`` with the consonant a soft "i" changed as before a hard ending."""
    for soft, hard in _SOFTENED:
        if root.endswith(soft) and len(root) - len(soft) >= 2:
            return root[: -len(soft)] + hard
    return root


#: Diminutive endings and what they shorten, per language: "collanina" is a little
#: "collana", "bolsita" a "bolsa", "сумочка" a "сумка". Only a language's own forms are
#: read so ("-ina" is Italian; an English "marina" stays unread).
_DIMINUTIVES: dict[str, tuple[tuple[str, str], ...]] = {
    "it": (("ina", "a"), ("ino", "o"), ("ine", "e"), ("ini", "i"), ("etta", "a"),
           ("etto", "o"), ("ette", "e"), ("etti", "i"), ("uccia", "a"), ("uccio", "o")),
    "es": (("ita", "a"), ("ito", "o"), ("itas", "as"), ("itos", "os"), ("cita", ""),
           ("cito", ""), ("citas", "es"), ("citos", "es")),
    "pl": (("eczka", "ka"), ("eczki", "ki"), ("eczkę", "kę"), ("eczke", "ke")),
    "ru": (("очка", "ка"), ("очку", "ку"), ("очки", "ки"), ("ечка", "ка"), ("ечку", "ку"),
           ("ечки", "ки"), ("чик", ""), ("чика", ""), ("ик", ""), ("ика", "")),
}  # fmt: skip

#: Diminutive suffixes a stem ends in, where the case ending follows them: Lithuanian
#: "blokeliai", "peiliukas", "šaukštelį" are a little "blokas", "peilis", "šaukštas".
_STEM_DIMINUTIVES: dict[str, tuple[str, ...]] = {"lt": ("el", "uk", "ut", "yt")}


def diminished(word: str, shortest: int) -> Iterator[tuple[str, str]]:
    """``(language, word)``: the words ``word`` may be a diminutive of, at least ``shortest``."""
    for language, endings in _DIMINUTIVES.items():
        for ending, base in endings:
            if word.endswith(ending) and len(word) - len(ending) + len(base) >= shortest:
                yield language, word[: -len(ending)] + base


def plain_roots(word: str, language: str, shortest: int) -> list[str]:
    """The lexicon stems of the words ``word`` may be a diminutive of, in ``language``."""
    root = lexicon_stem(word, language)
    return [
        root[: -len(suffix)]
        for suffix in _STEM_DIMINUTIVES.get(language, ())
        if root.endswith(suffix) and len(root) - len(suffix) >= shortest
    ]


def stem_diminutive_languages() -> tuple[str, ...]:
    """The languages whose diminutives :func:`plain_roots` reads."""
    return tuple(_STEM_DIMINUTIVES)


#: Plurals that respell the word's end, per language, no stemmer undoing them: Spanish
#: "albornoces", "lápices", "tapices" are "albornoz", "lápiz", "tapiz".
_RESPELLED_PLURALS: dict[str, tuple[tuple[str, str], ...]] = {"es": (("ces", "z"),)}


def respelled_singulars(word: str) -> Iterator[tuple[str, str]]:
    """``(language, singular)``: the singulars a plural that respells its end may be."""
    for language, endings in _RESPELLED_PLURALS.items():
        for plural, singular_end in endings:
            if word.endswith(plural) and len(word) > len(plural) + 2:
                yield language, word[: -len(plural)] + singular_end


@lru_cache(maxsize=1)
def _combining_prefixes() -> tuple[tuple[str, str], ...]:
    """Each language's learned prefixes, folded, longest first (``(prefix, language)``)."""
    found = {
        (fold(p), lang) for lang, ps in L.by_language("COMBINING_PREFIXES").items() for p in ps
    }
    return tuple(sorted(found, key=lambda pair: -len(pair[0])))


def unprefixed(word: str, shortest: int) -> Iterator[tuple[str, str]]:
    """``(language, head)``: ``word`` less a learned prefix, the head ``shortest`` or longer.

    "электрочайник" is a kettle, "minilodówka" a fridge: the prefix says how it works or
    how big it is, the rest what it is.
    """
    for prefix, language in _combining_prefixes():
        if word.startswith(prefix) and len(word) - len(prefix) >= shortest:
            yield language, word[len(prefix) :]
