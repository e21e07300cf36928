"""The plain one of products alike: "тогда обычную, в корзину её", "and the regular one?".

Shops sell a product beside its dressed-up versions under one name: "Простынь" and
"Простыня на резинке", "Матрас" and "Матрас «Второе дыхание»", "Henley" and "Henley
Pro". "The plain one" (each language's PLAIN words) is the product in view whose title's
words every other title holds too, colours and measures aside: the one with none of the
others' extras. :func:`graph.turn_readings.settle` reads it for a cart addition or a
question that points at no card otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graph import languages as L
from graph.terms import terms, words
from graph.vocabulary import stem_regex
from sync.enrich import color_tokens

PLAIN_RE = {lang: stem_regex(said) for lang, said in L.per_language("PLAIN").items()}


def says_plain(text: str, language: str) -> bool:
    """Whether ``text`` asks for the plain one in ``language``."""
    regex = PLAIN_RE.get(language)
    return regex is not None and bool(regex.search(text.lower()))


def plain_one(pool: Sequence[Mapping[str, Any]], language: str) -> int | None:
    """The index of the one product whose title's words all the others' titles hold.

    Colours and numbers do not count (the cards on screen may show other colours and
    sizes); ``None`` when no title, or more than one, is so plain.
    """
    if len(pool) < 2:
        return None
    named = [
        _name_words(str(card.get("title") or ""), str(card.get("color") or ""), language)
        for card in pool
    ]
    plain = [
        i
        for i, own in enumerate(named)
        if own and all(own < other for j, other in enumerate(named) if j != i)
    ]
    return plain[0] if len(plain) == 1 else None


def _name_words(title: str, colour: str, language: str) -> frozenset[str]:
    """A title's terms but its numbers and its colours (the card's own, and any colour word)."""
    own = set(terms(colour, language))
    kept = [w for w in words(title) if not any(ch.isdigit() for ch in w) and not color_tokens(w)]
    return frozenset(terms(" ".join(kept), language)) - own
