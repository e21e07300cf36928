"""A compound noun read as its parts: "Winterjacke" is "winter" + "jacke".

German writes a product's kind and its modifier as one word ("Winterjacke",
"Schlafsack", "Wasserflasche", "Laufschuhe"). A shop in another language holds
neither the compound nor, often, a translation of it; its parts are ordinary words
the lexicon or the word bridge can carry across. The head is the last part (the
kind: a "Winterjacke" is a jacket), so the longest ending that is a word wins, and
what comes before it, less a joint ("Arbeit|s|hose"), must be a word too. The joints
are language data (``COMPOUND_JOINTS`` in :mod:`graph.languages`); a language
without any writes no compounds and is left alone.

The other way round, a kind written open is read closed (:func:`closed_compounds`: "bed
spread" is the bedspread, not a bed's sheets).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from graph import languages as L
from graph import vocabulary as V
from graph.translate import kind_concepts, word_languages

#: Shorter parts are too often a fragment that happens to be a word ("ei", "er").
MIN_PART = 3
#: A part only the word bridge vouches for is longer: the multilingual model places word
#: fragments near real words too ("zuha" 0.70 from "mah", "erschuhe" 0.85 from "shoes").
MIN_BRIDGED = 5

JOINTS: dict[str, tuple[str, ...]] = L.by_language("COMPOUND_JOINTS")
_WORD = re.compile(r"[^\W\d_]+")  # letters only: "2-Person" holds no compound


def parts(
    word: str,
    joints: Sequence[str],
    head_is_word: Callable[[str], bool],
    modifier_is_word: Callable[[str], bool],
) -> tuple[str, str] | None:
    """The modifier and the head ``word`` is written from (lower case), or ``None``.

    The longest ending the head test accepts is the head; what precedes it, less a
    joint, must pass the modifier test.
    """
    low = word.lower()
    for cut in range(MIN_PART, len(low) - MIN_PART + 1):
        head = low[cut:]
        if not head_is_word(head):
            continue
        left = low[:cut]
        # no joint first: "Leder|armband" is leather, not "Led|er|armband"
        for joint in ("", *joints):
            if not left.endswith(joint):
                continue
            modifier = left[: len(left) - len(joint)]
            if len(modifier) >= MIN_PART and modifier_is_word(modifier):
                return modifier, head
    return None


def split_compounds(
    text: str,
    language: str,
    candidates: Callable[[str], bool],
    known: Callable[[str], bool],
    bridged: Callable[[str], bool] | None = None,
) -> list[str]:
    """The parts of ``text``'s compounds, in ``language``, as words to search too.

    ``candidates`` says which words may be compounds (not the catalogue's own words).
    Both parts are words ``known`` accepts (the lexicon's, the catalogue's); failing
    that, the head is and the modifier is one ``bridged`` accepts (the word bridge finds
    the shop's word for it: "Schlaf|sack" → "sleeping", "bag"), at least
    :data:`MIN_BRIDGED` letters long.
    """
    joints = JOINTS.get(language, ())
    if not joints:
        return []

    def vouched(word: str) -> bool:
        return len(word) >= MIN_BRIDGED and bridged is not None and bridged(word)

    added: list[str] = []
    for word in dict.fromkeys(_WORD.findall(text)):
        if len(word) < 2 * MIN_PART or not candidates(word):
            continue
        found = parts(word, joints, known, known) or parts(word, joints, known, vouched)
        if found is not None:
            added.extend(p for p in found if p not in added)
    return added


def closed_compounds(text: str, language: str) -> str:
    """``text`` with a kind of product written open closed up ("bed spread", "back pack").

    Two words of ``language``'s join when, joined, they are a kind the lexicon knows in
    that language and, apart, they are not: "a bed spread" reads as the bedspread, not as
    a bed's sheets. A function word joins nothing ("des plantes" is no Spanish
    "desplantador").
    """
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        first = words[i]
        second = words[i + 1] if i + 1 < len(words) else ""
        if (
            first.isalpha()
            and second.isalpha()
            and len(second) >= 3
            and not {V.fold(first), V.fold(second)} & V.STOPWORD_SET
            and language in word_languages(V.fold(f"{first}{second}"))
            and kind_concepts(f"{first}{second}", departments=False)
            and not kind_concepts(f"{first} {second}", departments=False)
        ):
            out.append(f"{first}{second}")
            i += 2
            continue
        out.append(first)
        i += 1
    return " ".join(out)
