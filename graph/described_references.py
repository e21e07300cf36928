"""Which shown card a message describes by what it is: price, material, its own text.

"metti nel carrello quella da 17 euro", "quanto costa quella in camoscio?", "ta z
łańcuszkiem – jakie ma wymiary?": the card is named by neither an ordinal nor its title's
words, but by its price, its material or a word of its description. The catalogue says
which card holds what: the lexical index's postings are every product's own text,
stemmed in the shop's language (the shopper's words are translated through the lexicon
first, so "the one made for brooms" finds "веники").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import numpy as np

from graph.answers import MIN_MEANING as MIN_PASSAGE_MEANING
from graph.answers import closest_clause, closest_passage
from graph.bridge import reads
from graph.card_references import unique_best
from graph.cognates import cognates
from graph.lexical import LexicalIndex
from graph.lookup import common_share
from graph.terms import fold
from graph.translate import translate_query
from graph.vocabulary import WORD_RE as _WORD
from sync.money import find_budget

#: Prices within this of an amount said are that amount ("17 euro" is 16.99 too).
PRICE_TOLERANCE = Decimal("0.5")


def described_card(
    text: str,
    language: str,
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex | None,
    material: str = "",
    filler: Iterable[str] = (),
    meaning: Callable[[str], Sequence[float]] | None = None,
) -> tuple[int, str] | None:
    """The one shown card ``text`` describes, and by what it does so.

    By "price", "material", "text" (its own words) or "meaning" (the multilingual model).
    ``material``: the material the message names (the rules' reading: "suede").
    ``filler``: words that describe nothing ("what", "the", "one"). ``meaning``: each
    shown card's title's similarity to a text through the multilingual model, for a
    message in another language than the shop's ("quello della notte stellata" of titles
    saying "STARRY NIGHT"); ``None`` when the model does not read both.
    """
    if len(shown) < 2:
        return None
    if (pick := _by_price(text, language, shown)) is not None:
        return pick, "price"
    if material and (pick := _only(shown, lambda c: _made_of(c, material))) is not None:
        return pick, "material"
    if lexical is not None and (pick := _by_text(text, shown, lexical, filler)) is not None:
        return pick, "text"
    if meaning is not None and (pick := _by_meaning(meaning(text))) is not None:
        return pick, "meaning"
    return None


#: The nearest title must be this similar to the message (the multilingual model's
#: cosine) ...
MIN_MEANING = 0.15
#: ... and this much nearer than every other card's ("the pink one": rose 0.13 against
#: bleu 0.02; the same words of four cards differ by 0.02).
MEANING_MARGIN = 0.05


def _by_meaning(similarities: Sequence[float]) -> int | None:
    """The card whose title is clearly the nearest in meaning, if any."""
    ranked = sorted(range(len(similarities)), key=lambda i: -similarities[i])
    if len(ranked) < 2:
        return None
    best, second = similarities[ranked[0]], similarities[ranked[1]]
    return ranked[0] if best >= MIN_MEANING and best - second >= MEANING_MARGIN else None


def _made_of(card: Mapping[str, Any], material: str) -> bool:
    return material.lower() in str(card.get("material") or "").lower()


def _only(
    shown: Sequence[Mapping[str, Any]], holds: Callable[[Mapping[str, Any]], bool]
) -> int | None:
    found = [i for i, card in enumerate(shown) if holds(card)]
    return found[0] if len(found) == 1 else None


def _by_price(text: str, language: str, shown: Sequence[Mapping[str, Any]]) -> int | None:
    """The one card selling at an amount the message says with its currency.

    "quella da 17 euro"; a bare number is a quantity or an ordinal as often ("add 2").
    """
    said = find_budget(text, language)
    amounts = {a for a in (said.max, said.min) if a is not None} if said.currency else set()
    if not amounts:
        return None

    def sells_at(card: Mapping[str, Any]) -> bool:
        price = card.get("effective_price", card.get("price"))
        return isinstance(price, int | float) and any(
            abs(Decimal(str(price)) - amount) <= PRICE_TOLERANCE for amount in amounts
        )

    return _only(shown, sells_at)


def _by_text(
    text: str, shown: Sequence[Mapping[str, Any]], lexical: LexicalIndex, filler: Iterable[str]
) -> int | None:
    """The one card whose own text holds the most of the message's telling words."""
    terms = telling_terms(text, lexical, filler)
    rows = [lexical.row(str(card.get("id") or "")) for card in shown]
    if not terms or all(row is None for row in rows):
        return None
    _, anywhere = lexical.matches(terms, [-1 if row is None else row for row in rows])
    return unique_best(anywhere.sum(axis=0).tolist())


def cards_holding(
    text: str, shown: Sequence[Mapping[str, Any]], lexical: LexicalIndex, filler: Iterable[str]
) -> list[int]:
    """The shown cards whose own text holds the most of the telling words of ``text``.

    "welcher davon hat Kissenbezüge dabei?" over three duvet covers: the two whose text
    says "pillowcases". Telling: a word the catalogue's texts hold (translated into its
    language first), not in most of them, not filler; none such, none held, or every
    card holding as many, picks nothing (``[]``).
    """
    held = terms_held(text, shown, lexical, filler)
    if not held:
        return []
    hits = [i for i, n in enumerate(held) if n == max(held) and n > 0]
    return hits if len(hits) < len(shown) else []


def cards_by_meaning(
    asked: Sequence[str],
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex,
    language: str,
    filler: Iterable[str],
    similarities: Callable[[str, Sequence[str]], Any],
) -> list[int]:
    """The cards one sentence or clause of whose own text means what ``asked`` says, or ``[]``.

    For a question over the list whose words no card's text holds (translated into the
    shop's language), in a language the multilingual model reads: "quali hanno la punta
    quadrata?" of shoes one pair of which is "z kwadratowym noskiem". ``asked`` (the
    question's words but the shared filler) meets each card's sentences
    (:func:`graph.answers.closest_passage`); the words that say the feature (``filler``
    dropped too: the language's function words and the list's reference words, "Welche
    davon haben wirklich eine runde Spitze?" asks "runde Spitze") meet every clause of each
    card's text (:func:`graph.answers.closest_clause`). Either way, the cards within
    :data:`PICK_MARGIN` of the best, when that is close enough and not every card is;
    where sentences and clauses pick different cards, the pick standing further above the
    rest decides.
    A word some card's text holds decides by words or not at all: the model then guesses
    ("plantilla de corcho" meets "Remove the insole" before "Cork Footbed").
    """
    if len(asked) < 2 or not (reads(language) and reads(lexical.language)):
        return []  # one word is too little to meet a sentence by meaning
    question = " ".join(asked)
    if any(terms_held(question, shown, lexical, filler)):
        return []
    fill = set(filler)
    said = [w for w in asked if fold(w) not in fill and not any(c.isdigit() for c in w)]
    sentences = [
        found[1] if (found := closest_passage(_details(card), question, _title(card), similarities))
        else 0.0
        for card in shown
    ]  # fmt: skip
    feature = " ".join(said) if len(said) >= 2 else ""  # one word meets any clause
    clauses = [closest_clause(_details(c), feature, _title(c), similarities)[1] for c in shown]
    by_sentence = _nearest(sentences, MIN_PASSAGE_MEANING, len(shown))
    by_clause = _nearest(clauses, MIN_CLAUSE_MEANING, len(shown)) or _standout(clauses)
    if not (by_sentence and by_clause) or set(by_sentence) & set(by_clause):
        return by_clause or by_sentence
    # they disagree: a clause alone can meet its opposite ("punta quadrata" is nearer
    # "zaokrąglony nosek", rounded, than "kwadratowy nosek"), a whole sentence a filler
    # ("Each Panel Sold Individually" for "entièrement doublés"): the surer one decides
    if _margin(sentences, by_sentence) > _margin(clauses, by_clause):
        return by_sentence
    return by_clause


def _nearest(scores: Sequence[float], least: float, shown: int) -> list[int]:
    """The cards within :data:`PICK_MARGIN` of the best score, if it is ``least`` or more.

    ``[]`` when every card is as near: the question then tells none apart.
    """
    best = max(scores, default=0.0)
    if best < least:
        return []
    hits = [i for i, score in enumerate(scores) if score >= best - PICK_MARGIN]
    return hits if len(hits) < shown else []


def _standout(scores: Sequence[float]) -> list[int]:
    """The card scoring :data:`STANDOUT_MEANING`, :data:`STANDOUT_MARGIN` above all, or ``[]``."""
    best = max(range(len(scores)), key=scores.__getitem__, default=None)
    if best is None or scores[best] < STANDOUT_MEANING:
        return []
    rest = max((s for i, s in enumerate(scores) if i != best), default=0.0)
    return [best] if scores[best] - rest >= STANDOUT_MARGIN else []


def _margin(scores: Sequence[float], hits: Sequence[int]) -> float:
    """How far the cards picked are above the nearest card not picked."""
    rest = [score for i, score in enumerate(scores) if i not in hits]
    return min(scores[i] for i in hits) - max(rest, default=0.0)


def _details(card: Mapping[str, Any]) -> str:
    return str(card.get("details") or "")


def _title(card: Mapping[str, Any]) -> str:
    return str(card.get("title") or "")


#: The closest clause must be this close to the feature asked (USE-multilingual cosine:
#: "runde Spitze" and "zaokrąglony nosek" 0.72, "Fully lined" and "entièrement doublés"
#: 0.81; another feature of the same product 0.35-0.5) ...
MIN_CLAUSE_MEANING = 0.55
#: A card within this of the best (sentence or clause) is picked with it: two colours of
#: one shoe, filed as two products, describe it alike.
PICK_MARGIN = 0.03
#: Below :data:`MIN_CLAUSE_MEANING`, one card's clause this close and this far above every
#: other card's picks it: "conçu pour les séances de sport" meets "Made for workouts" at
#: 0.47, the other pair's nearest clause ("Backed by a two-year warranty") at 0.22.
STANDOUT_MEANING = 0.40
STANDOUT_MARGIN = 0.20


#: Telling words a product found off screen must hold (one is a coincidence) …
MIN_HELD_ELSEWHERE = 2
#: … and how many products may hold as many and still be an answer (a variant group's
#: members count one each).
MAX_ELSEWHERE = 6


def described_in_need(
    text: str,
    lexical: LexicalIndex,
    admits: Callable[[str], bool],
    filler: Iterable[str],
    most: int = MAX_ELSEWHERE,
    alone: Callable[[str], bool] | None = None,
) -> list[str]:
    """The products whose own text holds the most telling words of ``text``.

    Of the products ``admits`` lets through, those holding at least
    :data:`MIN_HELD_ELSEWHERE` of them (``[]``: none, or more than ``most`` tie). When
    the question has one telling word ("а какие из них меряют SpO2?"), the products
    ``alone`` admits that hold it (the need's own: one word is a coincidence elsewhere).

    "która z nich ma taki geometryczny kształt, z bokami rozchodzącymi się na boki?" over
    five of twenty bags: the one described "Geometryczny kształt z bokami…", not on screen.
    """
    terms = telling_terms(text, lexical, filler)
    if not terms:
        return []
    least = min(MIN_HELD_ELSEWHERE, len(terms))
    if least < MIN_HELD_ELSEWHERE:
        if alone is None:
            return []
        admits = alone
    held: dict[int, int] = {}
    for term in terms:
        rows = lexical.postings[term][0] if term in lexical.postings else ()
        for row in {int(r) for r in rows}:
            held[row] = held.get(row, 0) + 1
    ranked = sorted(((n, row) for row, n in held.items() if admits(lexical.ids[row])), reverse=True)
    if not ranked or ranked[0][0] < least:
        return []
    best = [lexical.ids[row] for n, row in ranked if n == ranked[0][0]]
    return best if len(best) <= most else []


def terms_held(
    text: str, shown: Sequence[Mapping[str, Any]], lexical: LexicalIndex, filler: Iterable[str]
) -> list[int]:
    """How many telling words of ``text`` each shown card's own text holds.

    ``[]`` when no word is telling or the index does not know a card.
    """
    terms = telling_terms(text, lexical, filler)
    rows = [lexical.row(str(card.get("id") or "")) for card in shown]
    if not terms or any(row is None for row in rows):
        return []
    _, anywhere = lexical.matches(terms, [int(row) for row in rows if row is not None])
    return [int(n) for n in anywhere.sum(axis=0).tolist()]


def points_at_list(
    turn: Mapping[str, Any], lexical: LexicalIndex | None, filler: Iterable[str]
) -> bool:
    """Whether a question points at the cards shown by a word and describes nothing else.

    "el más barato de esos?" is the cheapest card shown; "il meno caro di quelli con le
    perline" the cheapest of the need's products with beads ("quelli" is a pronoun there).
    """
    if not turn.get("of_list"):
        return False
    topic = " ".join(str(w) for w in turn.get("topic") or ())
    return lexical is None or not telling_terms(topic, lexical, filler)


def telling_terms(text: str, lexical: LexicalIndex, filler: Iterable[str]) -> list[str]:
    """The terms of ``text`` (translated into the shop's language) that can tell cards apart."""
    searched = translate_query(
        text, lexical.language, lexical.known, lexical.in_titles, lexical.title_word
    )
    searched = " ".join([searched, *cognates(text, lexical)])  # "тракторной": "traktorowej"
    fill = set(filler)
    skip = {t for word in _WORD.findall(text.lower()) if word in fill for t in lexical.terms(word)}
    common = common_share(lexical)
    return [
        t
        for t in dict.fromkeys(lexical.terms(searched))
        if t not in skip and t in lexical.postings and len(lexical.postings[t][0]) <= common
    ]


def described_elsewhere(
    terms: Sequence[str],
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex,
    rows_of: Callable[[list[str]], list[Mapping[str, Any]]],
    colors: Iterable[str] = (),
) -> str | None:
    """The product a question describes that no card on screen is, or ``None``.

    "quanto costa quella con le rane?" after one dress; "¿y cuánto cuesta el de «Второе
    дыхание»?" after another kit: the telling ``terms`` (:func:`telling_terms`, the
    constraints' words left out) are in no shown card's text, and in the titles of one
    variant group of the shown cards' category, else of their department (of any, in a
    shop without categories).
    Of that group, the variant in the conversation's ``colors``, else the first.
    ``rows_of`` gives each id's filter row (in stock only).
    """
    held = [t for t in terms if t in lexical.title_rows]  # "cuesta" of a description: no name
    if not held:
        return None
    on_screen = [r for card in shown if (r := lexical.row(str(card.get("id") or ""))) is not None]
    if on_screen and lexical.matches(held, on_screen)[1].any():
        return None  # a card on screen holds it: which one is described_card's to say
    common = lexical.titles_holding(held)
    if not len(common) or len(common) > MAX_DESCRIBED_ROWS:
        return None
    ids = [lexical.ids[r] for r in np.asarray(common).tolist()]
    # of the cards' own category, else of their department ("vestiti": a jacket after a
    # dress); in a shop without categories, of any: the title words decide alone
    rows = _in_narrowest(rows_of(ids), shown)
    if not rows or len({str(row.get("group_id") or row.get("id")) for row in rows}) != 1:
        return None
    wanted = set(colors)
    best = next((row for row in rows if wanted & set(row.get("colors") or ())), rows[0])
    return str(best["id"])


#: A description held by more titles than this is a kind of product, not one product.
MAX_DESCRIBED_ROWS = 60


def _in_narrowest(
    rows: list[Mapping[str, Any]], shown: Sequence[Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """``rows`` in the shown cards' categories, else departments, else all (none has one)."""
    for level in (_category, _department):
        paths = {p for card in shown if (p := level(card))}
        if not paths:
            return rows
        if within := [row for row in rows if paths & set(row.get("categories") or ())]:
            return within
    return []


def _category(card: Mapping[str, Any]) -> str:
    return str(card.get("category") or "").strip()


def _department(card: Mapping[str, Any]) -> str:
    """The first segment of the card's category path ("Vêtements > Robes": "Vêtements")."""
    return str(card.get("category") or "").split(">")[0].strip()
