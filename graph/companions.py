"""A product of another kind that goes with the one in view ("the matching comforter set").

Shops name a collection by the words its pieces share: "Croscill Galleria Red Sheet Set"
and "Croscill Galleria Red Comforter Set", "Pendentif en bois teinté étoiles" and "Boucles
d'oreilles en bois teinté étoile", "Wooded River Cabin Bear Drape" and "… Cabin Bear
Valance". A message that asks for what goes with the product in view (a ``COMPANIONS`` cue
of its language: "matching", "passende", "a juego", "в тон", "к ним") and names a kind means
the product of that kind whose title shares the most of the focus's own title, each shared
word weighed by its rarity in the catalogue's titles; the brand's words, which every piece of
a maker shares, weigh nothing. The kind is read in any language the lexicon knows and found
in the shop's words, so this holds for any shop whose titles name their collections.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from graph import languages as L
from graph.card_references import focus_of
from graph.cards import card_of
from graph.context import Context
from graph.kinds import kind_terms, titles_of_kinds
from graph.lexical import LexicalIndex, variant_words
from graph.lookup import common_share
from graph.resources import get_view
from graph.tables import groups_in
from graph.translate import kinds_named
from graph.understanding import Understanding
from graph.vocabulary import CART_WORD_RE, STOPWORDS, cart_add_verb_re, stem_regex, typed_bare

#: The cue in each language, stems allowed ("passend*").
_CUES = {lang: stem_regex(typed_bare(words)) for lang, words in L.by_language("COMPANIONS").items()}


def asks_companion(text: str, language: str) -> bool:
    """Whether ``text`` asks for what goes with the product in view, in its language or English."""
    low = text.lower()
    return any(_CUES[lang].search(low) for lang in dict.fromkeys((language, "en")) if lang in _CUES)


def companion(
    focus: Mapping[str, Any],
    candidates: np.ndarray,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], Mapping[str, str]],
    asked: str = "",
) -> str | None:
    """The id of the candidate row sharing most of ``focus``'s title, or ``None``.

    ``asked``: the message, whose kinds' words (like the focus's own kind's) weigh nothing.

    Only a title word no brand holds and few titles share names a collection ("Galleria",
    "Cabin Bear"): words most titles hold ("set", "pillow") weigh their rarity, which is
    little. ``None`` when no candidate shares such a word, or two products of different
    variant groups share the same weight (which one is meant is not said).
    """
    title = str(focus.get("title") or "")
    brand = set(lexical.terms(str(focus.get("brand") or "")))
    # the kinds' own words ("duvet cover", "sheet set") name no collection either
    named_kinds = kinds_named(f"{title} {asked}", departments=False)
    kinds = {t for terms in kind_terms(named_kinds, lexical) for t in terms}
    common = common_share(lexical)
    name = [
        t
        for t in dict.fromkeys(lexical.terms(title))
        if t in lexical.title_rows and t not in brand | kinds and t not in STOPWORDS
    ]
    # a colour or a size tells a variant, not the collection: it only breaks a tie
    # ("Galleria Red" sheets go with the Galleria Red comforter, not the Monroe Red one)
    variant = set(lexical.terms(" ".join(variant_words(title))))
    telling = {t for t in name if len(lexical.title_rows[t]) <= common and t not in variant}
    if not telling or not len(candidates):
        return None
    ids = [lexical.ids[r] for r in candidates.tolist()]
    groups = group_of([*ids, str(focus.get("id") or "")])
    own = groups.get(str(focus.get("id") or "")) or str(focus.get("group_id") or "")
    weights = np.zeros((len(candidates), 2), dtype=np.float64)  # (collection, variant)
    for term in name:
        held = np.isin(candidates, lexical.title_rows[term])
        weights[held, 0 if term in telling else 1] += lexical.idf(term)
    keep = [i for i, pid in enumerate(ids) if weights[i, 0] > 0 and groups.get(pid, pid) != own]
    if not keep:
        return None
    best = max(tuple(weights[i]) for i in keep)
    top = [i for i in keep if np.allclose(weights[i], best)]
    if len({groups.get(ids[i], ids[i]) for i in top}) != 1:
        return None
    return ids[top[0]]


def read_companion(
    ctx: Context,
    text: str,
    understood: Understanding,
    shown: Sequence[Mapping[str, Any]],
    state_focus: Mapping[str, Any] | None,
) -> dict[str, Any] | None:
    """Settle a message asking for the companion of the product in view; its card, or ``None``.

    "are there earrings that match? if so add those too", "und die passende Bettdecke dazu
    bitte auch": added to the cart; "a jest do tego pasujący lambrekin?": a question about
    it. Anything else the message says is left to the other readings.
    """
    if understood.cart or understood.about_list or not asks_companion(text, understood.language):
        return None
    focus = focus_of(state_focus, understood.references, shown)
    view = get_view(ctx)
    lexical = view.lexical
    if focus is None or lexical is None:
        return None
    table: Mapping[str, Mapping[str, Any]] = view.filters or {}

    rows = titles_of_kinds(kinds_named(text, understood.language, departments=False), lexical)
    # in stock only: a companion sold out is no answer to "add the matching one"
    rows = np.asarray(
        [r for r in rows.tolist() if (table.get(lexical.ids[r]) or {}).get("in_stock", True)],
        dtype=np.int32,
    )
    found = companion(focus, rows, lexical, functools.partial(groups_in, table), text)
    card = None if found is None else card_of(ctx, found)
    if card is None:
        return None
    low = text.lower()
    adding = (
        understood.intent == "purchase"
        or understood.continues_add
        or bool(cart_add_verb_re(understood.language).search(low) or CART_WORD_RE.search(low))
    )
    understood.product, understood.updates = found, {}
    understood.references, understood.reference = [], None
    understood.intent = "purchase" if adding else "product_question"
    return card
