"""Kinds of product a need names that the shop never names, in any language.

"vous avez des gants en cuir ?" in a shop of leather bags and shoes: the leather is
carried, the gloves are not, and retrieval's scores cannot tell (the bags are close in
meaning and in words). The lexicon (:mod:`graph.translate`) knows "gants" as the kind
"gloves" and its every language's words; when the shop's texts never name any of them,
the shop does not sell that kind, whatever language it writes in. Only kinds: a
material, a colour or an occasion the shop lacks says nothing of what is sold.

Named means in a title, or in the texts of several products: a shoe shop titles its
products "kozaki", "botki", "mokasyny" and says "buty" in their categories and
descriptions; one description mentioning gloves does not make a glove shop.
"""

from __future__ import annotations

import bisect

import numpy as np

from graph import vocabulary as V
from graph.lexical import LexicalIndex
from graph.translate import kinds_named

#: Texts that must name a kind no title names: at least this many ...
MIN_TEXTS = 3
#: ... and this share of the products.
MIN_TEXT_SHARE = 0.01
#: A stem form matches terms it begins ("rekawic*": "rekawiczk") and, when the shop's
#: stemmer cut deeper, terms of at least this many letters that begin it.
MIN_STEM_TERM = 5


def absent_kinds(need: str, lexical: LexicalIndex | None, language: str = "") -> list[str]:
    """The words of ``need`` naming kinds of product the shop never names.

    Only when every kind the need names before its purpose is absent: "a phone case" in a
    shop of cases names the phone too; "gemelos para camisa" names the shirt as what the
    cufflinks are for. ``language``: the message's (:func:`graph.translate.kinds_named`).
    """
    if lexical is None or not len(lexical):
        return []
    head, purpose = split_purpose(need)
    # a kind whose own name holds the purpose word ("collar para perro", "dog collar") is
    # one kind, not a thing and what it is for
    # a department ("do sauny", "bijoux") names where a thing belongs, not the thing
    whole = kinds_named(need, language, departments=False)
    if purpose and any(V.PURPOSE_RE.search(words) for words, _ in whole):
        head, purpose = need, ""
    named = whole if not purpose else kinds_named(head, language, departments=False)
    absent = [words for words, forms in named if not any(_named(lexical, f) for f in forms)]
    if not named or len(absent) < len(named):
        return []
    # "ein Korb für Brennholz" in a shop of firewood carriers: a thing for a kind the
    # shop sells may be sold under another name; the shop's own domain ("for the sauna"
    # in a sauna shop) says nothing of it
    for _, forms in kinds_named(purpose, language):
        if any(_named(lexical, f) and not _domain(lexical, f) for f in forms):
            return []
    return absent


#: A kind most of the shop's texts name is its domain ("баня" in a sauna shop).
DOMAIN_SHARE = 0.5


def split_purpose(need: str) -> tuple[str, str]:
    """The need before its purpose and the purpose ("chanclas", "para la sauna")."""
    found = V.PURPOSE_RE.search(need.lower())
    if found is None or found.start() == 0:
        return need, ""
    return need[: found.start()], need[found.start() :]


def _named(lexical: LexicalIndex, form: str) -> bool:
    """Whether the shop names ``form`` (folded; a stem ends in ``*``): titles, or texts."""
    titled, texts = _naming(lexical, form)
    return titled or texts >= max(MIN_TEXTS, MIN_TEXT_SHARE * len(lexical))


def _domain(lexical: LexicalIndex, form: str) -> bool:
    """Whether most of the shop's texts name ``form``."""
    return _naming(lexical, form)[1] >= DOMAIN_SHARE * len(lexical)


def _naming(lexical: LexicalIndex, form: str) -> tuple[bool, int]:
    """Whether a title holds ``form``, and how many products' texts do."""
    groups = [_matching(lexical, t) for t in _form_terms(lexical, form)]
    if not groups or not all(groups):
        return False, 0
    titled = False
    if all(any(t in lexical.title_rows for t in group) for group in groups):
        rows = [np.concatenate([lexical.title_rows[t] for t in g if t in lexical.title_rows])
                for g in groups]  # fmt: skip
        titled = bool(_common_rows(rows).size)
    texts = [np.concatenate([lexical.postings[t][0] for t in g]) for g in groups]
    return titled, int(_common_rows(texts).size)


def _form_terms(lexical: LexicalIndex, form: str) -> list[str]:
    """The form's index terms; a stem form's one term keeps its ``*``."""
    if form.endswith("*"):
        return [form]
    return lexical.terms(form)


def _matching(lexical: LexicalIndex, term: str) -> list[str]:
    """The shop's terms ``term`` stands for: itself, or every term a stem begins."""
    if not term.endswith("*"):
        return [term] if term in lexical.postings else []
    stem = term[:-1]
    terms = _sorted_terms(lexical)
    found = []
    at = bisect.bisect_left(terms, stem)
    while at < len(terms) and terms[at].startswith(stem):
        found.append(terms[at])
        at += 1
    cut = [t for t in lexical.terms(stem) if len(t) >= MIN_STEM_TERM and stem.startswith(t)]
    return found + [t for t in cut if t in lexical.postings and t not in found]


def _common_rows(rows: list[np.ndarray]) -> np.ndarray:
    common = np.unique(rows[0])
    for more in rows[1:]:
        common = np.intersect1d(common, more)
    return common


def _sorted_terms(lexical: LexicalIndex) -> list[str]:
    """The shop's index terms, sorted (computed once per index generation)."""
    cached: list[str] | None = lexical.__dict__.get("_sorted_terms")
    if cached is None:
        cached = sorted(lexical.postings)
        lexical.__dict__["_sorted_terms"] = cached
    return cached
