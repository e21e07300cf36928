"""Whether the catalogue or the lexicon knows a word: a word neither knows is no product.

"ieškau dovanos kolegei", "super, pack sie in den Warenkorb": a word no title holds (nor
misspells) and no lexicon language has says nothing of *what* the shopper wants.
"""

from __future__ import annotations

from collections.abc import Callable

from graph.lexical import LexicalIndex
from graph.translate import holds_whole, word_languages
from graph.vocabulary import GREETINGS, THANKS_AND_BYE, fold

#: Words of greetings and thanks, folded: a need word taken for one is no product word.
_SMALL_TALK = frozenset(fold(w) for phrase in (*GREETINGS, *THANKS_AND_BYE) for w in phrase.split())


def known_word(lexical: LexicalIndex | None, language: str = "") -> Callable[[str], bool] | None:
    """Whether the catalogue (its words or stems) or the lexicon knows a word.

    With the message's ``language``, the lexicon knows a word of that language, or one it
    holds whole: Italian "prenderle" (take them) is no Spanish "prendas" by its stem.
    """
    if lexical is None:
        return None

    def in_lexicon(folded: str) -> bool:
        languages = word_languages(folded)
        if not language or not languages:
            return bool(languages)
        return language in languages or holds_whole(folded)

    def known(word: str) -> bool:
        folded = fold(word)
        # a misspelling or a diminutive of a word it has ("ковшик") is known too, unless
        # the word it is taken for is small talk ("holaa" is no t-shirt "Hola Hola")
        fixed = lexical.correct(folded)[1].get(folded)
        return (
            lexical.known(folded)
            or in_lexicon(folded)
            or (fixed is not None and fold(fixed) not in _SMALL_TALK)
        )

    return known
