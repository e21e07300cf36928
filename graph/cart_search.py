"""A cart addition naming a product that is not on screen: searched, then added or offered.

"rankinė bagetė, alyvuogių spalvos - dėk į krepšelį" names a thing, not a card: nothing is
shown, and no title holds its words (the shop writes Polish). Asking "which product?"
throws away what the shopper said. The words around the cart's are a need like any
other: they are searched (with the translation, the kinds and the filters every search
has), and when the search leaves one product the message clearly means, that product is
added; otherwise the cards are shown and the shopper is asked which one to add.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from graph import rules
from graph.card_references import unique_best
from graph.described_references import terms_held
from graph.lexical import LexicalIndex
from graph.measures import dimensions
from graph.terms import terms
from graph.translate import shop_names, translate_query
from graph.vocabulary import (
    CART_SWAP_PATTERNS,
    CART_WORD_RE,
    DEICTIC_RE,
    ORDINAL_RE,
    STOPWORD_SET,
    WORD_RE,
    cart_add_verb_re,
    says_what,
)
from sync.enrich import record_colors


def need_to_add(
    text: str,
    understood: rules.Understanding,
    *,
    facets: Mapping[str, Any],
    previous: Mapping[str, Any],
    language: str,
    known: Callable[[str], bool] | None = None,
    beside: Mapping[str, Any] | None = None,
) -> rules.Understanding | None:
    """The need a cart addition names, read as a search, or ``None``.

    Only for an addition the cart could not place (no card referred to, none named):
    the message without its cart words must read as a need that says what ("la cubertería
    Odelo Elvira … al carrito"); "add it", "add 2", "yes, put one in" say nothing more.
    ``known``: whether the shop or the lexicon knows a word (one of the need's must be).
    ``beside``: the card a continuation ("i jeszcze różowe pareo" right after an add) would
    otherwise add again: the need names another product when its title holds none of its words.
    """
    if understood.intent != "purchase" or understood.cart is not None or understood.product:
        return None
    if beside is None and (understood.references or understood.reference is not None):
        return None
    rest = cart_add_verb_re(language).sub(" ", _without_cart(text.lower()))
    said = rules.search_text(rest)
    if not said:
        return None
    need = rules.understand(rest, facets=facets, previous=previous, language=language)
    if need.intent not in ("recommend", "refine", "other"):
        return None
    # the cart verb said it is wanted: the rest is the need, cue or not ("la cubertería
    # Odelo Elvira … al carrito porfa"), without the words the cart phrase left ("į")
    query = _trimmed(str(need.updates.get("query") or said))
    if not query:
        return None
    if need.references or need.cart is not None:
        return None
    # the words this message says, not the need it refines: "да, его в корзину" after
    # bins names none ("it": the cards on screen, ask which); "add something nice" none
    # either (the elicitor's business); "super, pack sie in den Warenkorb": no word the
    # shop or the lexicon knows, so the cards on screen are meant
    pointed = ORDINAL_RE.sub(" ", DEICTIC_RE.sub(" ", said.lower()))  # "the second one"
    words = [w for w in WORD_RE.findall(pointed) if len(w) > 2 and says_what(w)]
    if known is not None:
        words = [w for w in words if known(w)]
    if not words:
        return None
    if beside is not None:
        if set(terms(" ".join(words), language)) & set(
            terms(str(beside.get("title") or ""), language)
        ) and _in_its_colours(need.updates.get("colors") or (), beside):
            # "и полотенце цвета шоколад" after a towel: that towel, in chocolate; "e anche
            # le sneakers alte Lancioni color taupe" after the brown Lancioni sneakers, of
            # no taupe: another product of the words shared
            return None
        # "y también la prensa francesa de Linenry" after the Casa Verde saucepan: the
        # press alone is searched
        query = _trimmed(said)
    need.intent, need.updates["query"] = "recommend", query
    need.quantity = understood.quantity
    if understood.updates.get("size") and not need.updates.get("size"):
        # "…, sempre 37": the size read in this conversation (one the shop sells) holds
        need.updates["size"] = understood.updates["size"]
    return need


def _in_its_colours(asked: Iterable[str], card: Mapping[str, Any]) -> bool:
    """Whether ``card``'s product comes in every colour ``asked`` (none asked: it does)."""
    values = [
        str(card.get("color") or ""),
        *((card.get("variant_options") or {}).get("color") or ()),
    ]
    held = {c for value in values if value for c in record_colors(value, from_feed=True)}
    return set(asked) <= held


def swap_parts(text: str) -> tuple[list[str], str] | None:
    """An exchange of a cart line for another product, or ``None``.

    ``(words naming the line taken out, words naming the product put in)``: "swap it for
    the Copperpot Oslo one" → ``([], "the copperpot oslo one")``; "zamień kubek na czarny"
    → ``(["kubek"], "czarny")``. A question ("can I swap it for a bigger one?") is none.
    """
    low = text.lower()
    if "?" in low:
        return None
    for pattern in CART_SWAP_PATTERNS:
        if match := pattern.search(low):
            rest = low[match.end() :].strip(" .,!")
            if not rest:
                return None
            gap = [w for w in WORD_RE.findall(match.groupdict().get("gap") or "")]
            return [w for w in gap if w not in STOPWORD_SET], rest
    return None


def _without_cart(text: str) -> str:
    """``text`` without its cart words and the function words before each.

    "al carrito", "į krepšelį", "in den Warenkorb", "to my cart": none is part of the need.
    """
    out: list[str] = []
    for word in text.split():
        if CART_WORD_RE.search(word):
            while out and out[-1].strip(".,!?-–") in STOPWORD_SET:
                out.pop()
            continue
        out.append(word)
    return " ".join(out)


def _trimmed(query: str) -> str:
    """``query`` without function words and punctuation at its ends ("… spalvos - į")."""
    words = query.split()
    while words and (words[-1].lower() in STOPWORD_SET or not WORD_RE.search(words[-1])):
        words.pop()
    while words and (words[0].lower() in STOPWORD_SET or not WORD_RE.search(words[0])):
        words.pop(0)
    return " ".join(words)


def decisive_card(
    cards: Sequence[Mapping[str, Any]],
    query: str,
    lexical: LexicalIndex | None,
    filler: Iterable[str] = (),
) -> int | None:
    """The card a searched cart addition clearly means, or ``None`` (then ask which).

    The only card the search left; else the one whose title is all words of the need;
    else the one whose title holds more of the need's words (translated into the shop's
    language, by any of the shop's words for a foreign one) than any other; else the one
    whose whole text (its description too) does. A tie leaves the choice to the shopper.
    """
    if len(cards) == 1:
        return 0
    if not cards:
        return None
    whole = whole_titles(cards, query)
    if len(whole) == 1:
        return whole[0]
    if lexical is None:
        return None
    searched = translate_query(
        query, lexical.language, lexical.known, lexical.in_titles, lexical.title_word
    )
    fill = {t for word in filler for t in lexical.terms(word)}
    need = {t for t in lexical.title_query_terms(searched) if t not in fill}
    # a foreign word counts once for any of the shop's words for it: "cazo" was searched as
    # "cookware", and the "Saucepan" is one
    names = [
        {t for word in words for t in lexical.terms(word)}
        for words in shop_names(query, lexical.language)
    ]

    # a dimension is one word, though the terms split it: "40x40" is no "40×30"
    need |= dimensions(query)

    def held(title: set[str]) -> int:
        return len(need & title) + sum(1 for n in names if n & title and not n & need & title)

    def title_terms(card: Mapping[str, Any]) -> set[str]:
        title = str(card.get("title") or "")
        return set(lexical.terms(title)) | dimensions(title)

    by_title = unique_best([held(title_terms(c)) for c in cards])
    if by_title is not None:
        return by_title
    # titles alike ("Torebka Leather Country" five times): the one whose own text holds more
    # of the need's telling words ("zomšinę pintą hobo": suede, woven, hobo) than any other
    return unique_best([float(n) for n in terms_held(query, cards, lexical, filler)])


def whole_titles(cards: Sequence[Mapping[str, Any]], query: str) -> list[int]:
    """The cards whose every title word the need says ("Pacefield Trail Running Shoes")."""
    said = set(WORD_RE.findall(query.lower()))
    return [i for i, c in enumerate(cards) if set(WORD_RE.findall(str(c["title"]).lower())) <= said]
