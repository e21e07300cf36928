"""Answer a question about one product from its own text ("how long does the battery last?").

The product's stored text (title, description, attributes) is split into sentences; the
sentence sharing most of the question's words, compared as the lexical index's terms
(stemmed in the catalogue's language), is quoted — never paraphrased or judged. A few
question concepts ("how big" → dimensions, "made of" → material) also match the words a
product text uses for them; those word lists are about languages, not shops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

#: Concept → (words a shopper asks with, words a product text answers with), all languages.
CONCEPTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "dimensions": (
        ("big", "large", "size", "dimensions", "measure", "measurements", "wide", "width",
         "long", "length", "tall", "high", "height", "thick", "deep", "depth", "groß", "maße",
         "breit", "lang", "hoch", "dick", "taille", "dimensions", "grand", "largeur", "longueur",
         "hauteur", "épais", "tamaño", "medidas", "ancho", "largo", "alto", "grande", "misure",
         "dimensioni", "larghezza", "lunghezza", "altezza", "wymiary", "rozmiar", "duży",
         "szeroki", "długi", "długości", "wysoki", "wysokość", "grubość", "dydis", "matmenys",
         "ilgis", "plotis", "aukštis", "размер", "размеры", "длина", "ширина", "высота",
         "толщина", "большой"),
        ("cm", "mm", "inch", "inches", "in.", "x", "×", "dimensions", "size", "measures",
         "width", "length", "height", "depth", "maße", "taille", "medidas", "misure", "wymiary",
         "matmenys", "размер", "см"),
    ),
    "material": (
        ("made", "material", "fabric", "cloth", "aus", "material", "stoff", "matière", "tissu",
         "fait", "faite", "faites", "quoi", "tela", "material", "hecho", "materiale", "tessuto",
         "fatto", "materiał",
         "tkanina", "zrobiony", "wykonany", "medžiaga", "pagamintas", "материал", "ткань",
         "сделан", "из чего"),
        ("made", "material", "fabric", "cotton", "leather", "wool", "polyester", "steel",
         "aluminium", "aluminum", "wood", "plastic", "linen", "silk", "nylon", "stoff",
         "baumwolle", "leder", "coton", "cuir", "algodón", "cuero", "cotone", "pelle",
         "bawełna", "skóra", "skórzany", "medvilnė", "oda", "хлопок", "кожа", "дерево",
         "pearl", "pearls", "perle", "perles", "perla", "perły", "glass", "verre", "metal",
         "métal", "silver", "argent", "plata", "srebro", "наполнитель"),
    ),
    "weight": (
        ("heavy", "weight", "weigh", "light", "schwer", "gewicht", "poids", "lourd", "peso",
         "pesado", "pesante", "waga", "ciężki", "waży", "svoris", "вес", "тяжелый"),
        ("kg", "g", "lb", "lbs", "oz", "weight", "weighs", "gewicht", "poids", "peso", "waga",
         "svoris", "вес", "кг", "г"),
    ),
    "battery": (
        ("battery", "charge", "akku", "batterie", "batería", "batteria", "bateria", "baterija",
         "батарея", "аккумулятор"),
        ("battery", "hours", "hrs", "h", "charge", "mah", "akku", "stunden", "heures", "horas",
         "ore", "godzin", "valandų", "часов"),
    ),
}  # fmt: skip

#: The same, case-folded as messages are ("groß" → "gross").
_FOLDED = {
    name: (frozenset(w.casefold() for w in ask), tuple(w.casefold() for w in answer))
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
    return set(_WORD.findall(text.casefold()))


def concepts_asked(question: str) -> list[str]:
    """The :data:`CONCEPTS` a question asks about ("how big is it?" → ``["dimensions"]``)."""
    asked = _words(question)
    low = question.casefold()
    return [
        name
        for name, (ask, _) in _FOLDED.items()
        if asked & ask or any(a in low for a in ask if " " in a)
    ]


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
    scored = []
    for position, sentence in enumerate(_sentences(details)):
        words = _words(sentence)
        score = len(terms & set(analyse(sentence))) + sum(bool(words & set(c)) for c in answering)
        if score:
            scored.append((-score, position, sentence))
    scored.sort()
    if not scored:
        return []
    best = scored[0][0]
    return [s for score, _, s in scored if score == best][:MAX_QUOTES]
