"""Colours a shopper names in the shop's own words, beyond the colour tables.

:func:`sync.enrich.color_tokens` reads the tables' colour words anywhere in a
message ("czarne", "синюю"). Two more readings live here:

* **The shop's own colour names.** A value of the feed's colour field that no
  table knows is filed as written ("Karmel" is ``"karmel"``), and the sync lists
  those names in the facets (``own_colors``). They are read wherever the shopper
  uses them, inflected: "w karmelu", "karmelowe" → ``"karmel"``.
* **Colour words typed without their accents** ("brazowy", "zolte", "rozowe"):
  shoppers on phones drop them, and the tables spell the words as written. A message
  word with no accent that is the folded form of one table word (and of no other
  table word, nor a table word itself) reads as that word's colour.
* **Field shades next to a colour noun.** The everyday words that are colours only
  in a feed's colour field (:data:`sync.enrich.FIELD_SHADES`: "sand", "шоколад")
  are read when the message puts them beside the word "colour" in any supported
  language, or before "one" ("the sand ones"): "colour sand", "color sabbia",
  "полотенце цвета шоколада" → beige, beige, brown (a shade said in another language
  is read through the lexicon's word for it).

A message word matches a name by a shared start (both folded: lowercase, no
accents): at least :data:`MIN_STEM` letters, leaving at most :data:`MAX_ENDING` of
the name's own (its inflection ending: karmel·u, mleczn·e, графитов·ая) and at most
:data:`MAX_SUFFIX` of the word's (karmel·owe). A shorter name matches only
itself. A word the tables read as a colour is never read again here, and a name
the tables know is no own name, so no colour comes twice. Known, accepted limit:
a shop's colour that is an everyday word too is read as the colour ("Сталь",
steel, in "стальной ковш").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from graph import languages as L
from graph import vocabulary as V
from graph.translate import attribute_forms
from sync.enrich import COLOR_WORDS, FIELD_SHADES, color_tokens, record_colors

MIN_STEM = 5
MAX_ENDING = 2
MAX_SUFFIX = 4

_WORD_RE = re.compile(r"[^\W_]+")  # letters and digits: "Colour 3" is no name for "colour"
_COLOUR_NOUNS = frozenset(V.fold(noun) for noun in V.CLEAR_NAMES.get("colors", ()))
#: "the sand ones": a shade before the English pointer noun is the variant's colour too
_POINTER_NOUNS = frozenset({"one", "ones"})
_FIELD_SHADES = tuple((V.fold(word), color) for word, color in FIELD_SHADES.items())


def own_color_names(facets: Mapping[str, Any]) -> tuple[str, ...]:
    """The shop's own colour names in ``facets`` that the colour tables do not read."""
    names = (str(entry.get("name") or "") for entry in facets.get("own_colors") or ())
    return tuple(name for name in names if name.strip() and not color_tokens(name))


def _matches(word: str, name: str) -> bool:
    """Whether a folded message word is an inflection or derivation of a folded name."""
    if word == name:
        return True
    if len(name) < MIN_STEM:
        return False
    shared = 0
    for a, b in zip(word, name, strict=False):
        if a != b:
            break
        shared += 1
    return (
        shared >= MIN_STEM and len(name) - shared <= MAX_ENDING and len(word) - shared <= MAX_SUFFIX
    )


@lru_cache(maxsize=4096)
def _parts(name: str) -> tuple[str, ...]:
    """A name's folded words ("all-over print" -> all, over, print)."""
    return tuple(_WORD_RE.findall(V.fold(name)))


def _phrase_at(words: Sequence[str], i: int, name: str) -> bool:
    """Whether the words from ``i`` on match ``name`` word by word (each by :func:`_matches`)."""
    parts = _parts(name)
    return (
        bool(parts)
        and i + len(parts) <= len(words)
        and all(_matches(w, p) for w, p in zip(words[i : i + len(parts)], parts, strict=True))
    )


_NOT_DECOMPOSED = str.maketrans("łđ", "ld")  # letters NFKD keeps whole ("żółte", "đak")


def _plain(word: str) -> str:
    return V.fold(word).translate(_NOT_DECOMPOSED)


@lru_cache(maxsize=1)
def _unaccented() -> dict[str, str]:
    """Folded single colour words that differ from the table word → the colour they fold from."""
    written = {w.lower() for words in COLOR_WORDS.values() for w in words}
    found: dict[str, set[str]] = {}
    for color, words in COLOR_WORDS.items():
        for word in words:
            folded = _plain(word)
            if (
                " " not in word
                and len(folded) >= MIN_STEM  # "rosé" is no "rose": short words collide
                and folded != word.lower()
                and folded not in written
            ):
                found.setdefault(folded, set()).add(color)
    return {word: colors.pop() for word, colors in found.items() if len(colors) == 1}


def _form_names(form: str, name: str) -> bool:
    """Whether a lexicon form (folded; a stem ends in ``*``) is the own name ``name``."""
    name = V.fold(name)
    if form.endswith("*"):
        # a feed may glue a shade to its colour ("Нежныйперсик"): a long stem inside counts
        return name.startswith(form[:-1]) or (len(form) > MIN_STEM and form[:-1] in name)
    return " " not in form and _matches(form, name)


def read_colours(text: str, own_names: Sequence[str] = ()) -> list[str]:
    """Colours ``text`` names that the tables do not read: own names and field shades.

    Args:
        text: The message, lowercased (brand names already blanked).
        own_names: :func:`own_color_names` of the catalogue's facets.

    Returns:
        Own names as filed (``"karmel"``) and field shades' colours (``"brown"``), in
        the order the message names them, each once.
    """
    written = _WORD_RE.findall(text)
    words = [V.fold(word) for word in written]
    found: list[str] = []
    for i, word in enumerate(words):
        if color_tokens(written[i]):
            continue  # the tables' colour: read already
        if word == written[i] and (color := _unaccented().get(word)) and color not in found:
            found.append(color)  # "brazowy": "brązowy" typed without its accent
            continue
        for name in own_names:
            if _phrase_at(words, i, name) and name not in found:
                found.append(name)
        # the shop's name in its own language for the colour the shopper names in theirs:
        # "карамельные" in a Polish shop filing "Karmel", "verde caqui" where it says "Хаки"
        for form in attribute_forms(written[i]) if own_names else ():
            for name in own_names:
                if name not in found and _form_names(form, name):
                    found.append(name)
        beside_noun = (i > 0 and words[i - 1] in _COLOUR_NOUNS) or (
            i + 1 < len(words) and words[i + 1] in _COLOUR_NOUNS | _POINTER_NOUNS
        )
        if beside_noun:
            # the shade in the shopper's language too: "color sabbia" is "colour sand"
            said = {word, *(f for f in attribute_forms(written[i]) if not f.endswith("*"))}
            for shade, color in _FIELD_SHADES:
                if any(_matches(w, shade) for w in said) and color not in found:
                    found.append(color)
                    break
    return found


#: "huile d'olive", "aceite de oliva", "olio d'oliva": a colour noun after "of" completes
#: another noun (a substance, a flavour), it colours nothing
_GENITIVE = re.compile(r"(?<=\w)(\s+(?:de|di|del|della|du)\s+|\s+d['’]|\s+dell['’])([^\W\d_]+)")


def genitive_colours(text: str) -> list[tuple[int, int]]:
    """Spans of colour words that complete a noun after "of" ("l'huile d'olive").

    Not after a colour noun: "couleur de chocolat", "color de oliva" are colours.
    """
    spans = []
    for match in _GENITIVE.finditer(text):
        before = V.WORD_RE.findall(text[: match.start()])[-1:]
        if before and V.fold(before[0]) in _COLOUR_NOUNS:
            continue
        if color_tokens(match.group(2)):
            spans.append(match.span(2))
    return spans


def named_colours(value: str) -> set[str]:
    """The colours a feed's colour value names itself, without the families of its shades.

    "Bordowy" is filed under burgundy and red; it names burgundy. "Karmel" (a shop's own
    name) names karmel, "Black/White" black and white.
    """
    said = set(color_tokens(value))
    return {c for c in record_colors(value, from_feed=True) if c in said or not color_tokens(c)}


def exact_colour_first(
    ranked: Sequence[Any],
    asked: Sequence[str],
    records: Callable[[Sequence[str]], Mapping[str, tuple[dict[str, Any], str]]] | None = None,
) -> list[Any]:
    """The candidates in the colour asked itself, when any is; else all of them.

    The index files a shade under its family too ("Bordowy" is red as well), so a red
    filter finds burgundy bags beside the red ones. A shop that sells the colour asked
    shows it: those in it only by a shade go (measured on the shopper suite: "a red
    leather handbag" had shown five bags in burgundy). A candidate the colour filter did
    not place by its colour field (a colour in the title only) stays.

    A product stands for its variant group by its best-matching variant, which may be a
    shade ("Azul Marino Jaspeado") while another of its variants that pass the filter is
    the colour itself ("Azul Zafiro"): that variant stands for it instead (``records``
    reads the variants' stored metadata and documents), so the product is not lost.
    """
    wanted = set(asked)
    if not wanted:
        return list(ranked)

    def exact(meta: Mapping[str, Any]) -> bool:
        return bool(wanted & named_colours(str(meta.get("color") or "")))

    own = [exact(c.meta) for c in ranked]
    others = [
        i for c, ok in zip(ranked, own, strict=True) if not ok for i in c.matching_ids if i != c.id
    ]
    variants = records(others) if records is not None and others else {}
    kept: list[Any] = []
    found = False  # a product in the colour itself
    for c, ok in zip(ranked, own, strict=True):
        if not ok:
            pid = next((i for i in c.matching_ids if i in variants and exact(variants[i][0])), None)
            if pid is not None:  # its variant in the colour itself stands for it
                meta, document = variants[pid]
                c, ok = replace(c, id=pid, meta=dict(meta), document=document), True
            elif c.meta.get("color") and wanted & set(c.meta.get("colors") or ()):
                continue  # in the colour asked only by a shade
        found = found or ok
        kept.append(c)
    return kept if found else list(ranked)


_SHADE_WORDS = tuple(L.words("SHADE_WORDS"))
#: "dark", "ciemn*", "светл*" before or after a colour word, or its start ("ciemnozielona",
#: "dunkelblau"): the colour said is a shade of it
_SHADE_WORD_RE = V.stem_regex(_SHADE_WORDS)
_SHADE_START_RE = re.compile("|".join(re.escape(w.rstrip("*")) for w in _SHADE_WORDS))


def colours_said(text: str) -> list[str]:
    """The colours a message names as themselves, in order.

    "czerwona" names red; "ciemnozielona" (dark green), "bleu foncé" and "khaki" name
    shades, not their family's own colour.
    """
    words = _WORD_RE.findall(text.lower())
    said: list[str] = []
    for i, word in enumerate(words):
        colours = color_tokens(word)
        beside = words[max(0, i - 1) : i] + words[i + 1 : i + 2]
        if not colours or _SHADE_START_RE.match(word):
            continue
        if any(_SHADE_WORD_RE.fullmatch(w) and not color_tokens(w) for w in beside):
            continue
        said.extend(c for c in colours if c not in said)
    return said
