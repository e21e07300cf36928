"""Find the one product a message names, on screen or not ("how thick is the sole on the X?").

Shops title products by model name ("Aurora Men", "Explosion Botanica"): a shopper who
names one asks about *it*. The catalogue decides what naming is, not a word list: the
titles holding the most of the message's title words (their rarity breaking a tie; a word
no title holds, "big" in "how big is …", counts for none) are the candidates. The message
names a product when at least two of its words pin them down to a single variant group.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from graph.lexical import LexicalIndex
from graph.vocabulary import STOPWORDS

#: Title words that must agree: one shared word ("pillow") is a kind, not a name.
MIN_NAMING_WORDS = 2
#: A word in more than this share of the titles names no product ("camiseta", "de")...
MAX_NAMING_SHARE = 0.5
#: ... in a catalogue of at least this many (a share of a handful of titles says nothing).
MIN_TITLES_FOR_SHARE = 20
#: More variants than this under one name is a product line, not one product.
MAX_GROUP_ROWS = 200
#: A name said all but this many words (beyond colours, sizes, numbers) still names it
#: (1 read "linen duvet covers" as the "Copperpot Linen Duvet Cover": the corpus) ...
MAX_UNNAMED_WORDS = 0
#: ... when at most this many products fit it that way.
MAX_VARIANT_GROUPS = 3
#: A title's score per message word it holds, before that word's IDF: one more word held
#: always outranks rarer words (IDF is below this for any catalogue under ~10^8 titles).
_COVERAGE = 20.0


@dataclass(frozen=True)
class Named:
    """The product a message names, and the message's words that named it."""

    id: str
    group_id: str
    words: tuple[str, ...]  # the index terms that pinned it down
    exact: bool = True  # False: the closest of a few products the name fits (a question)


def named_product(
    text: str,
    lexical: LexicalIndex | None,
    group_of: Any,
    closest_variant: bool = False,
    fits: Callable[[list[str]], list[bool]] | None = None,
    single_word: bool = False,
    anchor: frozenset[str] = frozenset(),
) -> Named | None:
    """The one variant group ``text`` names by title words, or ``None``.

    Args:
        text: The shopper's message.
        lexical: The index generation's BM25 index (its title postings and IDF).
        group_of: ``ids → {id: group_id}`` for product ids (a store lookup).
        closest_variant: When the words fit a few products that differ by one word of
            their names or by colour and size ("Suzette Euro Sham Julep" and "… Cape"),
            the closest one (:func:`_closest_variant`), marked not ``exact``.
        fits: Which of some product ids fit the conversation's need (its category): of
            the titles the words fit equally, those that fit it ("the Net Yaroze one"
            while t-shirts are asked for is the tee, not the mug of the same name).
        single_word: One word also names a product when the titles of one variant group
            alone hold it (a model name: "add Cluedo to my cart"); for a cart addition
            that refers to nothing on screen, where a lone word cannot be a feature
            asked of the card in view ("is it waterproof?").
        anchor: Terms one of which the product's title must hold (the names among the
            words of a translated message: "stampato sopra" translated to "print over"
            must not name the "All-Over Print" sleeve instead of the Net Yaroze tee).
    """
    if lexical is None or not len(lexical):
        return None
    # a word most titles hold ("camiseta" in a t-shirt shop, "de") is a kind, not a name
    common = common_share(lexical)
    # nor does a function word ("en" with the size "m" in "añade la verde en talla M"
    # pinned one tee down)
    terms = [
        t
        for t in dict.fromkeys(lexical.terms(text))
        if t in lexical.title_rows and len(lexical.title_rows[t]) <= common and t not in STOPWORDS
    ]
    if len(terms) == 1 and single_word:
        return only_holder(terms[0], lexical, group_of, fits)
    if len(terms) < MIN_NAMING_WORDS:
        return None
    # the titles holding the most of the message's words (their rarity breaks a tie):
    # "the Nordlys Quilted Bomber Jacket … waterproof rating?" names the jacket whose
    # title holds four of its words, not the one titled "Waterproof … Jacket" (two)
    held = np.zeros(len(lexical), dtype=np.float64)
    for term in terms:
        held[lexical.title_rows[term]] += _COVERAGE + lexical.idf(term)
    if anchor:
        anchored = np.zeros(len(lexical), dtype=bool)
        for term in anchor & lexical.title_rows.keys():
            anchored[lexical.title_rows[term]] = True
        held[~anchored] = 0.0
    best = float(held.max())
    if best <= 0.0:
        return None
    rows = np.flatnonzero(held >= best - 1e-9)
    if fits is not None and len(rows) > 1:
        keep = np.asarray(fits([lexical.ids[r] for r in rows.tolist()]), dtype=bool)
        if keep.any():
            rows = rows[keep]
    if len(rows) > 1:
        rows = _of_the_kind_said(text, terms, rows, lexical)
    used = [t for t in terms if np.isin(rows[0], lexical.title_rows[t])]
    if len(used) < MIN_NAMING_WORDS or len(rows) > MAX_GROUP_ROWS:
        return None
    ids = [lexical.ids[r] for r in rows.tolist()]
    groups: Mapping[str, str] = group_of(ids)
    found = {groups.get(pid, pid) for pid in ids}
    exact = True
    if len(found) > 1 and len(lexical.title_lengths) == len(lexical):
        # "the Thomasville Suzette Euro Sham" also fits "… Suzette Coordinate Euro Sham":
        # a title whose every word was named is the one named ("the Net Yaroze one"
        # names no title whole: the card on screen decides, not the shortest title)
        lengths = lexical.title_lengths[rows]
        closest = rows[lengths == len(used)]  # every word of its title named
        if not len(closest) and closest_variant:
            closest, exact = _closest_variant(lexical, rows, len(used), groups), False
        ids = [lexical.ids[r] for r in closest.tolist()]
        found = {groups.get(pid, pid) for pid in ids}
    if len(found) != 1:
        return None
    return Named(id=ids[0], group_id=found.pop(), words=tuple(used), exact=exact)


def _of_the_kind_said(
    text: str, naming: Sequence[str], rows: np.ndarray, lexical: LexicalIndex
) -> np.ndarray:
    """Of titles the name fits alike, those holding the most of the message's other words.

    "la camiseta Net Yaroze": the shop sells the design as a tee and as a mug; "camiseta"
    is too common a word to name anything, but it tells the tee from the mug.
    """
    said = [
        t
        for t in dict.fromkeys(lexical.terms(text))
        if t in lexical.title_rows and t not in naming and t not in STOPWORDS
    ]
    if not said:
        return rows
    count = np.zeros(len(rows), dtype=np.int32)
    for term in said:
        count += np.isin(rows, lexical.title_rows[term])
    return rows[count == count.max()] if count.max() > 0 else rows


#: A lone naming word is at least this long ("Q2", "go" are not model names alone).
MIN_SINGLE_NAME = 4


def only_holder(
    term: str,
    lexical: LexicalIndex,
    group_of: Any,
    fits: Callable[[list[str]], list[bool]] | None = None,
) -> Named | None:
    """The variant group whose titles alone hold ``term``, or ``None``.

    ``fits``: of several groups holding it, those that fit the conversation's need ("je
    prends les Timeless" of five "RCR Timeless" glasses, champagne flutes asked).
    """
    if term not in lexical.title_rows:
        return None
    rows = lexical.title_rows[term]
    if len(term) < MIN_SINGLE_NAME or len(rows) > MAX_GROUP_ROWS:
        return None
    ids = [lexical.ids[r] for r in np.asarray(rows).tolist()]
    group = group_of(ids)
    if fits is not None and len(set(group.values())) > 1:
        ids = [pid for pid, keep in zip(ids, fits(ids), strict=True) if keep] or ids
    groups = {group[pid] for pid in ids if pid in group}
    if len(groups) != 1:
        return None
    return Named(id=ids[0], group_id=groups.pop(), words=(term,))


def _closest_variant(
    lexical: LexicalIndex, rows: np.ndarray, named: int, groups: Mapping[str, str]
) -> np.ndarray:
    """The rows of the first candidate group whose whole name the message says.

    "jak wysoki jest obcas w lakierowanych czółenkach Spaziomoda?" fits the pumps in three
    colours, each its own group: a title's colours, sizes and numbers are no part of its
    name, so each is named whole; the first is answered about. "croscill pillows" leaves
    words of every "Croscill … Pillow" unnamed: a search, not a name. Empty when more
    than :data:`MAX_VARIANT_GROUPS` groups fit.
    """
    if len(lexical.name_lengths) != len(lexical):
        return rows[:0]
    left = np.maximum(lexical.name_lengths[rows].astype(np.int32) - named, 0)
    fit = rows[left <= MAX_UNNAMED_WORDS]
    fit_groups = {str(groups.get(lexical.ids[r], lexical.ids[r])) for r in fit.tolist()}
    if not len(fit) or len(fit_groups) > MAX_VARIANT_GROUPS:
        return rows[:0]
    left = left[left <= MAX_UNNAMED_WORDS]
    first = fit[left == left.min()][0]

    def group(row: int) -> str:
        return str(groups.get(lexical.ids[row], lexical.ids[row]))

    return np.asarray([r for r in fit.tolist() if group(r) == group(int(first))])


def common_share(lexical: LexicalIndex) -> float:
    """How many titles a word may be in and still name a product."""
    n = len(lexical)
    return MAX_NAMING_SHARE * n if n >= MIN_TITLES_FOR_SHARE else float(n)


def asks_about(text: str, named: Named, lexical: LexicalIndex, filler: Sequence[str]) -> list[str]:
    """The message's terms that are neither the product's name nor ``filler`` words.

    "how big is the Croscill Opal Fashion Pillow?" asks about "big"; "do you have the
    Arcwave Q2?" asks about nothing but the product itself.
    """
    fill = {t for word in filler for t in lexical.terms(word)}
    # a word most titles hold names the kind ("la camiseta Carabao Master"), it asks nothing
    common = common_share(lexical)
    return [
        t
        for t in dict.fromkeys(lexical.terms(text))
        if t not in named.words and t not in fill and len(lexical.title_rows.get(t, ())) <= common
    ]


def most_of_the_need(
    lexical: LexicalIndex, need: Callable[[], Iterable[str]], ids: list[str]
) -> list[bool]:
    """Which of ``ids`` hold the most of the need's terms in their titles (none: all alike).

    ``need`` gives the terms, read only now: translating the need costs, and a name
    seldom fits several products. A title term that begins with a need's term counts
    ("sampanu" of "šampanui" for the need's "sampan", the stemmer cutting the cases apart).
    """
    starts = [t for t in set(need()) if len(t) >= MIN_SINGLE_NAME]
    holding = [
        {int(r) for k in lexical.title_rows if k.startswith(t) for r in lexical.title_rows[k]}
        for t in starts
    ]
    rows = [lexical.row(i) for i in ids]
    held = [0 if row is None else sum(row in rows_t for rows_t in holding) for row in rows]
    best = max(held, default=0)
    return [n == best and best > 0 for n in held]
