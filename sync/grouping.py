"""Variant groups for feeds without ``item_group_id``: a derived group per product.

Many real feeds omit ``item_group_id``: each size (or colour) of one product is
its own item, titled "Trail Runner - 7", "Trail Runner - 8"…, or "Vonios
rankšluostis, 140x70cm" beside "…, 100x50cm". Without a group every size
became its own card, and a cart fed from the cards took whichever size came
first. This module gives such items a **derived group id** so everything
downstream (collapse to one card per group, variant options, the cart's choice
of variant) works as it does for a feed that groups its variants.

The derived group of an item is a pure function of **that item alone**:

``derived:<hash of (title key, evidence)>``

* **Title key**: the title with its *variant tokens* removed, then folded
  (case, accents, punctuation). Variant tokens are sizes and colours:
  dimensions (``140x70cm``, ``18 × 4 × 35 cm``), numbers with a unit
  (``30cm``, ``0.4l``, ``18"``), a size word and its value (``Size 7``,
  ``Größe 42``, ``EU 42``, ``US 9``), letter sizes (``S``…``XXXL``, ``2XL``;
  a single letter only when written in capitals, so Croatian "s" (with) is not
  a size), a number closing the title after a separator (``Tee - 7``,
  ``Shoe / 42``), and the colour words the enrichment knows
  (:data:`sync.enrich.KNOWN_COLORS`: seven languages).
* **Evidence** that two such items are one product, not two products with the
  same generic title: the product page. Its link's path (no host, query or
  fragment) with the same variant tokens removed from the last segment
  (``/vonios-ranksluostis-140x70cm`` → ``/vonios-ranksluostis``;
  ``/products/tee?variant=42`` → ``/products/tee``). An item without a link
  uses its image's path instead (exact, no query). An item with neither, or
  whose title is nothing but variant tokens, gets no derived group (its own id).

Two items share a group exactly when their titles differ only by variant tokens
**and** their pages do. A shop whose page addresses carry the product id
(PrestaShop's ``/101-serre-tete-noir.html``) never has two items grouped, however
generic the titles ("Boutons de manchettes" four times: four products). Identical
titles on one page without a query (Shopify's ``/products/tee?variant=…`` with the
size only in ``g:size``) are grouped: one page is one product.

Why per item and not by clustering the feed: the sync is incremental and
crash-safe (see :mod:`sync.pipeline`). A group computed from the item alone is
stable whatever else the feed holds: adding, changing or deleting a sibling never
changes another item's group, so no item is touched because of another. The
group id is metadata; since the title and link are in the full hash, a change
that moves an item to another group is a metadata-only change (no new vector),
and a rule change here bumps :data:`sync.hashing.ENRICH_VERSION` (every product
then gets a metadata-only update). Every item lacking ``item_group_id`` gets a
derived id, a group of one when it has no siblings.

The title's size token, when the feed gives no size, also becomes the
variant's size (:attr:`Variant.size`), so the cart can take "the 7" of a
derived group and a card can say which sizes exist.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote, urlsplit

from sync.enrich import KNOWN_COLORS, SIZE_WORDS, color_tokens, normalise_color
from sync.hashing import digest
from sync.model import Product

DERIVED_PREFIX = "derived:"

_NUM = r"\d+(?:[.,]\d+)?"
_UNIT = r"(?:mm|cm|dm|m|ml|cl|dl|l|mg|g|kg|oz|lbs?|inch(?:es)?|in|\"|''|”|″)"
# 140x70cm, 140 x 70 cm, 18×4×35 cm, 30cm x 20cm
_DIMENSION_RE = re.compile(
    rf"(?<![\w.,]){_NUM}\s*{_UNIT}?\s*[x×*]\s*{_NUM}(?:\s*{_UNIT}?\s*[x×*]\s*{_NUM})*"
    rf"(?:\s*{_UNIT}(?!\w))?(?![\w.,]\d)",
    re.IGNORECASE,
)
# 30cm, 0.4 l, 18", 2,5 kg (a unit right after a number; "3 vnt" is a count, kept)
_QUANTITY_RE = re.compile(rf"(?<![\w.,]){_NUM}\s*{_UNIT}(?!\w)", re.IGNORECASE)
_LETTER = r"(?:xxs|xs|s|m|l|xl|xxl|xxxl|xxxxl|[2-6]xl)"
_SIZE_WORD = "|".join(re.escape(w) for w in sorted(SIZE_WORDS, key=len, reverse=True))
# Size 7, Größe: 42, taille M, EU 42, US 9.5, UK 8
_LABELLED_RE = re.compile(
    rf"(?<!\w)(?P<label>{_SIZE_WORD}|eu|us|uk)(?:(?<=\.)|(?!\w))\s*[:=]?\s*"
    rf"(?P<value>{_LETTER}|\d{{1,2}}(?:[.,]5)?(?:\s*{_UNIT}(?!\w))?)(?![\w.,]\w)",
    re.IGNORECASE,
)
# A letter size standing alone: not "S-1", "M&M", "l'eau", "Levi's".
_LETTER_RE = re.compile(rf"(?<![\w'’&-]){_LETTER}(?![\w'’&-])", re.IGNORECASE)
# A number closing the title after a separator: "Tee - 7", "Shoe / 42", "Boot (9.5)".
# A dash counts only after a space: "S-1" is a model.
_TRAILING_NUMBER_RE = re.compile(r"(?:\s+[-–—]\s*|\s*[|/,:;(]\s*)+(\d{1,2}(?:[.,]5)?)\s*\)?\s*$")
_WORD_RE = re.compile(r"[^\W_]+")
_PAGE_SUFFIX_RE = re.compile(r"\.(?:html?|php|aspx?)$")


@dataclass(frozen=True, slots=True)
class Variant:
    """What grouping says of one product."""

    group_id: str  # item_group_id, else "derived:<hash>", else the product's id
    derived: bool  # the group id was derived here
    title_key: str  # the title without its variant tokens, folded ("" when not derived)
    size: str  # the size the title names ("7", "M", "140x70cm"), "" when none
    tokens: tuple[str, ...]  # every variant token taken out of the title, in order


def fold(text: str) -> str:
    """Lowercase, accents off, punctuation to single spaces: "Rankšluostis," → "ranksluostis"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_WORD_RE.findall(plain))


def split_variant_tokens(title: str, *, colors: bool = True) -> tuple[str, list[str], str]:
    """``title`` without its size and colour tokens: (rest, tokens removed, size named).

    The rest keeps its punctuation (fold it to compare). The size is the first
    size token in a display form (``"7"``, ``"US 9"``, ``"M"``, ``"140x70cm"``),
    with the other tokens of its kind (``"140x70cm / 100x50cm"``: a set of two).
    With ``colors=False`` colour words stay in the rest.
    """
    tokens: list[str] = []
    sizes: list[tuple[int, str, str]] = []  # (position, kind, display)
    text = title

    def cut(
        kind: str, regex: re.Pattern[str], display: Callable[[re.Match[str]], str | None]
    ) -> None:
        nonlocal text
        pieces: list[str] = []
        last = 0
        for match in regex.finditer(text):
            shown = display(match)
            if shown is None:
                continue  # not a size after all (a lone lowercase letter)
            pieces.append(text[last : match.start()] + " ")
            last = match.end()
            tokens.append(match.group(0).strip())
            if shown:
                sizes.append((match.start(), kind, shown))
        if pieces:
            text = "".join(pieces) + text[last:]

    cut("labelled", _LABELLED_RE, _labelled_size)
    cut("dimension", _DIMENSION_RE, lambda m: _compact(m.group(0)))
    cut("quantity", _QUANTITY_RE, lambda m: _compact(m.group(0)))
    cut("letter", _LETTER_RE, _letter_size)
    if colors:
        text = _cut_colors(text, tokens)
    while match := _TRAILING_NUMBER_RE.search(text):
        tokens.append(match.group(1))
        sizes.append((match.start(1), "trailing", match.group(1).replace(",", ".")))
        text = text[: match.start()]
    if not sizes:
        return text, tokens, ""
    # The first size named, with the others of its kind: "140x70cm / 100x50cm" (a set of two)
    sizes.sort()
    kind = sizes[0][1]
    return text, tokens, " / ".join(dict.fromkeys(d for _, k, d in sizes if k == kind))


def variant_of(product: Product) -> Variant:
    """The product's group (the feed's, else a derived one) and the size its title names."""
    rest, tokens, size = split_variant_tokens(product.title)
    if product.item_group_id:
        return Variant(product.item_group_id, False, "", size, tuple(tokens))
    title_key = fold(rest)
    evidence = _page_key(product.link, tokens) or _image_key(product.image_link)
    if not title_key or not evidence:
        return Variant(product.id, False, "", size, tuple(tokens))
    key = digest([title_key, *evidence])[:20]
    return Variant(DERIVED_PREFIX + key, True, title_key, size, tuple(tokens))


def group_id_of(product: Product) -> str:
    """The id of the product's variant group (see the module docs)."""
    return product.item_group_id or variant_of(product).group_id


def base_title(title: str) -> str:
    """The title without its size, tidied, to name a group: "Trail Runner - 7" → "Trail Runner"."""
    rest, tokens, _ = split_variant_tokens(title, colors=False)
    if not tokens:
        return title
    rest = re.sub(r"\(\s*\)|\[\s*\]", " ", rest)
    rest = re.sub(r"\s*([-–—|/,;:])(?:\s*[-–—|/,;:])+", r" \1", rest)  # "a, / b" -> "a / b"
    rest = " ".join(rest.split())
    rest = re.sub(r"\s+([,.;:)\]])", r"\1", rest).replace("( ", "(").replace("[ ", "[")
    return rest.strip(" -–—|/,;:.") or title


# -- internals -----------------------------------------------------------------------------------


def _compact(token: str) -> str:
    """A size token for display and comparison: "140 x 70 cm" → "140x70cm", "0,4 L" → "0.4l"."""
    return re.sub(r"\s+", "", token.lower()).replace("×", "x").replace("*", "x").replace(",", ".")


def _labelled_size(match: re.Match[str]) -> str:
    value = _compact(match.group("value"))
    if re.fullmatch(_LETTER, value):
        value = {"2xl": "XXL", "3xl": "XXXL"}.get(value, value.upper())
    label = match.group("label").lower()
    return f"{label.upper()} {value}" if label in ("us", "uk") else value


def _letter_size(match: re.Match[str]) -> str | None:
    token = match.group(0)
    if len(token) == 1 and not token.isupper():
        return None  # "s" (Croatian: with), "l" (a litre without a number): words, not sizes
    return {"2XL": "XXL", "3XL": "XXXL"}.get(token.upper(), token.upper())


def _cut_colors(text: str, tokens: list[str]) -> str:
    """``text`` without the colour words (two-word names first: "navy blue")."""
    if not color_tokens(text.lower()):
        return text  # most titles: one fast scan, no word-by-word lookups
    words = list(re.finditer(r"[^\W\d_]+", text))
    drop: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words):
            pair = text[words[i].start() : words[i + 1].end()]
            if " ".join(pair.split()).lower() == pair.lower() and _is_color(pair):
                drop.append((words[i].start(), words[i + 1].end()))
                i += 2
                continue
        if _is_color(words[i].group(0)):
            drop.append(words[i].span())
        i += 1
    for start, end in reversed(drop):
        tokens.append(text[start:end])
        text = text[:start] + " " + text[end:]
    return text


@lru_cache(maxsize=8192)
def _is_color(word: str) -> bool:
    return normalise_color(word) in KNOWN_COLORS


def _page_key(link: str, tokens: list[str]) -> tuple[str, str] | None:
    """The product page, variant tokens off its last path segment; None without a page."""
    if not link:
        return None
    try:
        path = unquote(urlsplit(link.strip()).path)
    except ValueError:
        return None
    segments = [s for s in path.casefold().split("/") if s]
    if not segments:
        return None  # the shop's home page is no evidence
    last = _PAGE_SUFFIX_RE.sub("", segments[-1])
    slug = fold(last.replace("-", " ").replace("_", " "))
    # The slug spells the title's variant tokens its own way ("0.4l" -> "04l", '18"' -> "18").
    spelled = {fold(t).replace(" ", "") for t in tokens} | {
        w for t in tokens for w in fold(t).split()
    }
    rest, _, _ = split_variant_tokens(slug)
    words = [w for w in rest.split() if w not in spelled]
    return ("page", "/".join([*segments[:-1], "-".join(words)]))


def _image_key(image: str) -> tuple[str, str] | None:
    if not image:
        return None
    try:
        path = unquote(urlsplit(image.strip()).path)
    except ValueError:
        return None
    return ("image", path.casefold()) if path.strip("/") else None
