"""Several products priced in one question: each named, then their sum or their difference.

"Was kosten das Anti-67-Shirt in M und die große Anti-67-Tasse zusammen?", "полотенце
тёмно-синее и простыня на резинке — сколько выйдет вместе?", "o ile droższy jest komplet
«Второе дыхание» od tego Полный комплект?": a question asking a price (the language's
PRICE_ASKS) whose parts, split where the language joins or sets things apart (a
conjunction, a comma, THAN, a comparative), each name a product by its title words. The
answer compares them with each one's price, and adds their sum (TOGETHER) or what one
costs more than the other (a comparative). :func:`graph.turn_readings.settle` reads it
once per turn, before a single product named is looked for.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from graph import rules
from graph.asked_measures import measure_words
from graph.cognates import cognates
from graph.counts import every_one
from graph.lexical import LexicalIndex, variant_words
from graph.lookup import Named, named_product
from graph.named_readings import named_in_shop_words
from graph.references import MAX_LIST
from graph.translate import kinds_named, translations
from graph.vocabulary import (
    CART_WORD_RE,
    CHEAPER_RE,
    DIFFERENCE_RE,
    JOINS_RE,
    LETTER_SIZE_RE,
    NUMBER_WORDS,
    PRICE_ASK_RE,
    PRICIER_RE,
    QUANTITY_RE,
    STOPWORDS,
    THAN_RE,
    TOGETHER_RE,
)

#: Where a sentence or an aside ends: "— 11×48, 16×60 и 23×60. сколько выйдет …?"
_BREAKS = re.compile(r"\s[—–-]+\s|[?!;]|\.(?:\s|$)")


@dataclass
class Priced:
    """The products one price question names, in the order it names them."""

    ids: list[str]  # each product named (the variant its words fit best)
    sizes: list[str]  # the size said with each ("" where none)
    how: str  # "total" (their sum), "difference" (one against the other) or "each"
    counts: list[int] = dataclasses.field(default_factory=list)  # how many of each (1 unsaid)


def read_priced(
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex | None,
    group_of: Callable[[list[str]], dict[str, str]],
    searched: Callable[[str], str] = str,
    compared: Sequence[Mapping[str, Any]] = (),
    earlier: Sequence[Mapping[str, Any]] = (),
    focus: Mapping[str, Any] | None = None,
) -> Priced | None:
    """The products a question asking their price names, when it names two or more.

    A part that names nothing alone borrows the name its neighbour said ("la camiseta de
    Error 404 y la taza pequeña": the mug of Error 404 too; "валики 11×48, 16×60 и 23×60":
    each size a bolster), or is the product in view whose title holds its words ("за
    подушку и валик"). A difference with one side named ("на сколько простыня на резинке
    дороже обычной?") sets it against the one other product on screen. A sum or a
    difference that names none is of the products in view ("ça fait combien pour les deux
    ensemble ?", "ile zapłacę, jeśli wezmę obie?", "how much more is the other pair?"): the
    last comparison's, else the cards, when it says as many as there are (two, unsaid).
    A part may name the first card of a list shown ``earlier`` (latest first), as the
    shopper saw it ("за подушку и валик" after pillows, then bolsters).
    """
    if lexical is None or understood.cart or not understood.question:
        return None
    language, low = understood.language, text.lower()
    asks, together, than = (r.get(language) for r in (PRICE_ASK_RE, TOGETHER_RE, THAN_RE))
    if asks is None or not asks.search(low):
        return None
    count = every_one(low)
    summed = bool(together and together.search(low)) or count is not None
    if understood.intent == "purchase" and not (summed and not CART_WORD_RE.search(low)):
        return None  # "ile zapłacę, jeśli wezmę obie?" asks; "les deux au panier" adds
    differs = DIFFERENCE_RE.get(language)
    relative = bool(
        PRICIER_RE.search(low) or CHEAPER_RE.search(low) or (differs and differs.search(low))
    )
    how = "difference" if relative else "total" if summed else "each"
    pool = list(compared or shown)[:MAX_LIST]
    parts = _parts(low, [asks, *(r for r in (together, than) if r)])
    counted = count_said(" ".join(parts))  # "10 par", "Drei Stück": how many of what is meant
    if how == "each" and len(parts) < 2 and counted < 2:
        return None  # "сколько стоит простыня?": one product's price, nothing to compare
    found = [
        named_in_shop_words(part, lexical, group_of, None, False, searched)
        or _named_with_measure(part, lexical, group_of, searched)
        or _whole_title(part, lexical, group_of)
        for part in parts
    ]
    found = _borrowed(parts, found, lexical, group_of, searched, language)
    in_view = {p.get("group_id") for p in pool}
    recalled = pool + [c for c in earlier if c.get("group_id") not in in_view]
    found = [
        n
        or _card_said(searched(part), recalled, lexical)  # "la collana" of "Collier …"
        or _whole_title(part, lexical, group_of, searched)
        for part, n in zip(parts, found, strict=True)
    ]  # a card seen before, then a kind whose one product it is ("zwei Saunakilts")
    named = [(part, n) for part, n in zip(parts, found, strict=True) if n is not None]
    first: dict[str, tuple[str, Named]] = {}  # each group named, by the part naming it first
    for part, name in named:
        first.setdefault(name.group_id, (part, name))
    groups = list(first)
    ids = [name.id for _, name in first.values()]
    said = [part for part, _ in first.values()]
    counts = [count_said(part, name.words) for part, name in first.values()]
    if how == "each" and any(n > 1 for n in counts):
        how = "total"  # "la funda y dos fundas de almohada, ¿cuánto sale?": what it all costs
    if len(ids) == 1 and counts[0] > 1 and how == "total":
        # "шоколадные длиной 84 дюйма, две штуки — сколько выйдет?": one product, twice
        return Priced(ids=ids, sizes=_sizes(said, language), how=how, counts=counts)
    if understood.picks and len(ids) < 2:
        return None  # "¿cuál sale más barato y cuánto cuesta?" asks which, then its price
    if how != "each" and len(groups) == 1 and (other := _the_other(groups[0], shown, focus)):
        # "… дороже обычной?", "e insieme al cuscino X, quanto spendo?": the one other card
        # on screen, else the product in focus ("a dummy clip to go with it, the total?")
        ids, said, counts = [*ids, str(other["id"])], [*said, ""], [*counts, 1]
    if not ids and how != "each" and _as_many(count, len(pool)):
        ids, said = [str(c["id"]) for c in pool], [""] * len(pool)  # the products in view
        counts = [1] * len(pool)
    sizes_said = _letter_sizes(text)
    if not ids and len(pool) == 1 and len(set(sizes_said)) >= 2:
        # "ne prendo due, una M e una L: quanto spendo?": the one product in view, once in
        # each size said, bought together (or one size against the other)
        product = str(pool[0]["id"])
        how = "difference" if relative else "total"
        return Priced(ids=[product] * len(sizes_said), sizes=sizes_said, how=how)
    one = pool[0] if len(pool) == 1 else focus  # the product in view
    if not ids and how != "difference" and one and counted > 1:
        # "ile wyjdzie za 10 par tych w kropki?", "Drei Stück …, was kostet mich das?"
        return Priced(ids=[str(one["id"])], sizes=[""], how="total", counts=[counted])
    if len(ids) < 2 or (how == "difference" and len(ids) != 2):
        return None
    return Priced(ids=ids, sizes=_sizes(said, language), how=how, counts=counts)


def _sizes(said: Sequence[str], language: str) -> list[str]:
    """The size each part says ("" where none, or where no part was said)."""
    sizes = [str(rules.understand(p, language=language).updates.get("size") or "") for p in said]
    return [s if p else "" for s, p in zip(sizes, said, strict=True)]


#: A count before the words it counts ("dos fundas", "me llevo dos …", "2 valances") or
#: said as pieces ("две штуки", "2 szt.").
_COUNT_BEFORE = re.compile(
    r"(?<![\w.,])(?P<n>[1-9]|" + "|".join(NUMBER_WORDS) + r")\s+(?=[^\W\d_])"
)


_CROSSED = re.compile(r"\d+(?:[.,]\d+)?\s*[x×х*]\s*\d+(?:[.,]\d+)?")


def count_said(part: str, name: Sequence[str] = ()) -> int:
    """How many of the product a part of a price question asks for (1 when it says none).

    A number of the product's ``name`` (its title words the part said: "5 secondes" of
    "TREFL 5 sekundės") counts nothing.
    """
    low = _CROSSED.sub(" ", part.lower()).strip()  # "40 x 30" is a size, not "40 x"
    match = QUANTITY_RE.search(low) or _COUNT_BEFORE.search(low)
    if match is None or match.group("n") in {*measure_words(low), *name}:
        return 1  # "2 m hose", "2 litres": a measure, not a count
    word = match.group("n")
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, 1)


#: A letter size as shoppers write one in a sentence: capitalised alone ("una M e una L",
#: not a litre's "1 L"), or one of several letters in any case ("xl", "3XL": the
#: vocabulary's LETTER_SIZE_RE).
_LETTER_SIZE = re.compile(
    r"(?<![\d.,]\s)(?<![\w-])([SML])(?![\w'-])|(?i:" + LETTER_SIZE_RE.pattern + ")"
)


def _letter_sizes(text: str) -> list[str]:
    """The letter sizes ``text`` says, in order, upper-cased."""
    return [(m.group(1) or m.group(2)).upper() for m in _LETTER_SIZE.finditer(text)]


def asks_cart_total(
    text: str,
    understood: rules.Understanding,
    lexical: LexicalIndex | None,
    group_of: Callable[[list[str]], dict[str, str]],
    searched: Callable[[str], str],
    just_added: bool,
) -> bool:
    """Whether a price question asks what the cart comes to.

    A sum asked ("kiek iš viso mokėsiu už abu?", "was kostet das zusammen?") right after an
    addition, or naming the cart ("ile to razem wyjdzie? i ile mam pozycji w koszyku?"), of
    no two products it names itself: the cart's lines, with their total.
    """
    language, low = understood.language, text.lower()
    asks, together = PRICE_ASK_RE.get(language), TOGETHER_RE.get(language)
    if asks is None or not asks.search(low) or not understood.question:
        return False
    if not (together and together.search(low)) and every_one(low) is None:
        return False
    if not (just_added or CART_WORD_RE.search(low)):
        return False
    asking = dataclasses.replace(understood, intent="compare", cart=None)
    return read_priced(text, asking, [], lexical, group_of, searched) is None


def _the_other(
    group: str, shown: Sequence[Mapping[str, Any]], focus: Mapping[str, Any] | None
) -> Mapping[str, Any] | None:
    """The one product on screen of another group than ``group``, else the one in focus."""
    others = list(dict.fromkeys(c["group_id"] for c in shown if c["group_id"] != group))
    if len(others) == 1:
        return next(c for c in shown if c["group_id"] == others[0])
    if focus and focus.get("group_id") not in (None, group):
        return focus
    return None


def _as_many(count: int | None, pool: int) -> bool:
    """Whether "both", "all three" (or nothing said: two) is as many as ``pool``."""
    if count is None:
        return pool == 2
    return 1 < pool and count in (0, pool)


def _card_said(part: str, pool: Sequence[Mapping[str, Any]], lexical: LexicalIndex) -> Named | None:
    """The one product in view whose title holds the most of a part's words ("валик").

    The part is given as the shop reads it: its own words and their translations.
    """
    said = {t for t in lexical.terms(part) if t not in STOPWORDS and not t.isdigit()}
    if not said or len(pool) < 2:
        return None
    held = [len(said & set(lexical.terms(str(c.get("title") or "")))) for c in pool]
    best = max(held)
    if best == 0 or held.count(best) != 1:
        return None
    card = pool[held.index(best)]
    return Named(id=str(card["id"]), group_id=str(card["group_id"]), words=tuple(said))


def _parts(low: str, asking: Sequence[re.Pattern[str]]) -> list[str]:
    """The question split where it joins or sets things apart, without its asking words."""
    for regex in asking:
        low = regex.sub(" , ", low)
    low = PRICIER_RE.sub(" , ", CHEAPER_RE.sub(" , ", low))
    pieces = [p for chunk in _BREAKS.split(low) for p in JOINS_RE.split(chunk)]
    return [p.strip() for p in pieces if p and p.strip()]


def _named_with_measure(
    part: str,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    searched: Callable[[str], str],
) -> Named | None:
    """The product a part names by its kind in the shop's words and a measure it says.

    "das Saunakissen 40 x 40": no word of it is a name, but the 40 × 40 pillow is the one
    pillow the translated kind and the measure fit.
    """
    said = {t for t in lexical.terms(part) if any(ch.isdigit() for ch in t)}
    if not said:
        return None
    found = named_product(searched(part), lexical, group_of, closest_variant=True)
    return found if found is not None and said & set(found.words) else None


def _whole_title(
    part: str,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    searched: Callable[[str], str] | None = None,
) -> Named | None:
    """The product whose every title word the part says, though it is one word ("простынь").

    A short title said whole names it, as a longer one does; a word that only begins
    other titles ("простыня на резинке") names none of them. With ``searched`` (the
    shop's reading), the part is read in the shop's words and script too ("ein Pareo" in a
    Russian shop) and a title's variant words (colours, sizes: "Парео, Персиковый") need
    no saying: its name is said whole.
    """
    said = part
    if searched is not None:
        said = " ".join([part, searched(part), *cognates(part, lexical)])  # "pareo": "парео"
    variant = set(lexical.terms(" ".join(variant_words(said)))) if searched is not None else set()
    terms = [t for t in dict.fromkeys(lexical.terms(said)) if t not in variant]
    terms = [t for t in terms if t in lexical.title_rows]
    lengths = lexical.name_lengths if searched is not None else lexical.title_lengths
    if not terms or len(lengths) != len(lexical):
        return None
    held = np.zeros(len(lexical), dtype=np.int32)
    for term in terms:
        held[lexical.title_rows[term]] += 1
    rows = np.flatnonzero((held > 0) & (held >= lengths)).tolist()
    ids = [lexical.ids[r] for r in rows]
    groups = set(group_of(ids).values())
    if len(groups) != 1:
        return None
    return Named(id=ids[0], group_id=groups.pop(), words=tuple(terms), exact=True)


def _borrowed(
    parts: list[str],
    found: list[Named | None],
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    searched: Callable[[str], str],
    language: str,
) -> list[Named | None]:
    """Each part that names nothing, read again with the name its nearest neighbour said.

    The name is the neighbour's naming words but its numbers (its size is its own) and,
    where the part says a kind of its own ("la taza"), the kind the neighbour said.
    """
    out = list(found)
    for at, part in enumerate(parts):
        if found[at] is not None:
            continue
        near = sorted((n for n in range(len(parts)) if found[n] is not None),
                      key=lambda n: (abs(n - at), n))  # fmt: skip
        if not near:
            return out
        donor = found[near[0]]
        assert donor is not None
        words = [w for w in donor.words if not any(ch.isdigit() for ch in w)]
        own_kinds = kinds_named(part, language)
        if own_kinds:
            kinds = {
                t
                for word, forms in kinds_named(parts[near[0]], language)
                for said in (word, *forms, *translations(word, lexical.language, lexical.known))
                for t in lexical.terms(said.replace("*", ""))
            }
            words = [w for w in words if w not in kinds]
        if words:
            again = named_in_shop_words(
                f"{part} {' '.join(words)}", lexical, group_of, None, False, searched
            )
            if again is not None and again.group_id != donor.group_id:
                out[at] = again
    return out
