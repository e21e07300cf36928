"""The catalogue's facets in a message: category paths, brand and collection names it names."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from graph import vocabulary as V
from graph.catalogue_colours import own_color_names
from graph.message_text import PhraseKeys
from graph.product_words import LEXICON_KIND
from graph.translate import kind_concepts
from sync.enrich import normalise_gender

_GENDERS = ("men", "women", "kids", "unisex")


@dataclass(frozen=True)
class _FacetIndex:
    """Facets prepared for matching: category keys, brand and collection regexes, own colours."""

    paths: tuple[tuple[str, tuple[tuple[frozenset[str], str], ...]], ...]
    brands: tuple[tuple[str, re.Pattern[str]], ...]
    collections: tuple[tuple[str, re.Pattern[str]], ...]
    best_sellers: str | None
    own_colors: tuple[str, ...] = ()


_FACET_CACHE: list[tuple[Mapping[str, Any], _FacetIndex]] = []


def _facet_index(facets: Mapping[str, Any]) -> _FacetIndex:
    """The prepared index of ``facets``, cached for the last facets object seen."""
    if _FACET_CACHE and _FACET_CACHE[0][0] is facets:
        return _FACET_CACHE[0][1]
    paths = []
    stack = list(facets.get("categories") or ())
    while stack:
        node = stack.pop()
        stack.extend(node.get("children") or ())
        segments: list[tuple[frozenset[str], str]] = []
        for name in str(node.get("path") or node.get("name") or "").split(" > "):
            gender = normalise_gender(name)
            if gender in _GENDERS:
                segments.append((frozenset(), gender))
            else:
                segments.append((_segment_keys(name), ""))
        paths.append((str(node.get("path")), tuple(segments)))
    brands = tuple(
        (brand["name"], _name_regex(brand["name"], inflected=True))
        for brand in facets.get("brands") or ()
        if str(brand.get("name") or "").strip()
    )
    names = [str(c.get("name") or "") for c in facets.get("collections") or () if c.get("name")]
    best = next(
        (n for n in names if any(w in V.fold(n).replace("-", " ") for w in V.BEST_SELLER_NAMES)),
        next((n for n in names if "bestseller" in V.fold(n).replace(" ", "")), None),
    )
    index = _FacetIndex(
        tuple(paths),
        brands,
        tuple((n, _name_regex(n)) for n in names if len(n) >= 3),
        best,
        own_color_names(facets),
    )
    _FACET_CACHE[:] = [(facets, index)]
    return index


def _segment_keys(name: str) -> frozenset[str]:
    """Match keys of a category segment's name ("Curtains & Drapes", "Throw Pillows").

    A segment naming several kinds of the lexicon names one of them, the others modify
    it ("Throw Pillows" are no throws): which one is the language's business, so such
    a segment is matched by its words and the vocabulary's concepts alone.
    """
    read = PhraseKeys(name)
    keys = frozenset().union(*(read.plain(w) for w in V.WORD_RE.findall(name.lower())))
    if len(kind_concepts(name, departments=False)) > 1:
        return frozenset(k for k in keys if not k.startswith(LEXICON_KIND))
    return keys


#: A brand's last word this long may take a case ending ("od Spaziomody", "Lancionim").
INFLECTED_MIN = 6


def _name_regex(name: str, inflected: bool = False) -> re.Pattern[str]:
    """Whole-word, case-insensitive regex for a brand or collection name ('&' also 'and').

    A final full stop is optional ("no Cobble & Co please"); with ``inflected``, a long
    last word may change its last letter and take a short ending, as names do in
    Polish, Lithuanian or Russian ("nie od Spaziomody" names Spaziomoda).
    """
    words = name.split()
    parts = []
    for n, part in enumerate(words):
        if part == "&":
            parts.append(r"(?:&|and|und|et|y|e|i)")
            continue
        low = part.lower()
        last = n == len(words) - 1
        if last and low.endswith(".") and len(low) > 1:
            parts.append(re.escape(low[:-1]) + r"\.?")
        elif last and inflected and len(low) >= INFLECTED_MIN and low[-1].isalpha():
            parts.append(re.escape(low[:-1]) + r"\w{0,3}")
        else:
            parts.append(re.escape(low))
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?!\w)")


def same_maker(found: str, brands: Iterable[str]) -> list[str]:
    """The brands ``found`` names, itself first: those holding its whole name as words.

    A shop that files one maker as "Lancioni" and "Federica Lancioni" means both when a
    shopper says "Lancioni"; "Federica Lancioni" names only itself.
    """
    inside = re.compile(r"(?<!\w)" + re.escape(found.casefold()) + r"(?!\w)")
    return [found, *(b for b in brands if b != found and inside.search(b.casefold()))]


def _match_category(
    index: _FacetIndex,
    keys: frozenset[str],
    gender: str,
    previous: str | None,
    head: frozenset[str] = frozenset(),
    words: Sequence[frozenset[str]] = (),
    plain: Sequence[frozenset[str]] = (),
    head_widened: bool = False,
) -> tuple[str | None, list[str]]:
    """The deepest facet path whose segments the message names, and the tied paths.

    A word found under several branches ("jackets" under Men and Women) ties
    them: the category is then their common parent (``None`` when they share
    none), and the tied paths are returned too, so the search keeps to them
    instead of the whole parent ("jackets" must not bring shorts). Among tied
    paths, those more of the message's ``words`` (each word's keys) name win
    ("sleeping bag": Sleeping Bags over Backpacks, which only "bag" names), then
    those naming the ``head`` word (the need's last word: "running shorts" is
    shorts). Between the two, the words' ``plain`` keys (without what
    :data:`graph.product_words.ASKED_ALSO` adds) settle what is left, unless the head
    itself was widened: "hiking poles" is Hiking, not the trail shoes "hiking" also
    names, while "a bag" stays both.
    """
    best: list[tuple[float, str]] = []
    named: set[str] = set()  # paths with a segment the head word names
    for path, segments in index.paths:
        if head and any(seg_keys & head for seg_keys, _ in segments):
            named.add(path)
        score = 0.0
        used: set[str] = set()  # a word counts once: "shoes" names Shoes, not also Sneakers
        for seg_keys, seg_gender in segments:
            if seg_gender:
                if gender and gender != seg_gender and "unisex" not in (gender, seg_gender):
                    score = -1.0
                    break
                # Unisex products fit men and women alike (the gender filter allows them).
                unisex = seg_gender == "unisex" and gender in ("men", "women")
                fits = seg_gender == gender or unisex
                score += 0.5 if fits else 0.0
            elif (hit := seg_keys & keys) and not hit <= used:
                score += 1.0
                used |= hit
        if score >= 1.0:
            best.append((score, path))
    if not best:
        return None, []
    top = max(score for score, _ in best)
    tied = sorted({path for score, path in best if score == top})
    # A tied path inside another tied path adds nothing: keep the outermost.
    tied = [p for p in tied if not any(p.startswith(q + " > ") for q in tied)]
    if len(tied) > 1:  # only ties pay for counting the words each path names
        segments_of = dict(index.paths)
        for counted in (words, () if head_widened else plain):
            if len(tied) > 1 and counted:
                named_by = {
                    p: sum(1 for w in counted if any(w & k for k, _ in segments_of[p]))
                    for p in tied
                }
                most = max(named_by.values())
                tied = [p for p in tied if named_by[p] == most]
    if len(tied) > 1 and named & set(tied):
        tied = [p for p in tied if p in named]
    if len(tied) == 1:
        return tied[0], []
    if previous in tied:
        return previous, []
    common = tied[0].split(" > ")
    for path in tied[1:]:
        parts = path.split(" > ")
        size = 0
        while size < min(len(common), len(parts)) and common[size] == parts[size]:
            size += 1
        common = common[:size]
    return " > ".join(common) or None, tied


def _related(path: str | None, other: str | None) -> bool:
    """Whether two category paths are the same or one contains the other."""
    if not path or not other:
        return False
    return path == other or path.startswith(other + " > ") or other.startswith(path + " > ")
