"""The shopper's answer to the cart offer a reply closed with.

A reply about one product in stock closes with "Shall I add it to your cart?", cards in
the narrowing and selling phases with "Shall I add one to your cart?". A bare "yes" adds
(:func:`accepts_the_cart_offer`); a yes that goes on to name the variant or the card ("tak,
w kolorze khaki", "sí, en caqui", "to poproszę tę z łańcuszkiem") is the add verb, and the
rest of the message picks what it adds (:func:`opening_assent`). Assent words combine as a
shopper strings them ("tak, poproszę", "ja, gerne", "да, давайте"): each language's
``AFFIRMATIVES``, ``AFFIRMATIVE_TAILS`` and ``POLITENESS``, read in any language.
"""

from __future__ import annotations

import re

from graph import languages as L
from graph import vocabulary as V
from graph.openers import without_openers
from graph.state import State
from graph.translate import kinds_named
from graph.understanding import Understanding

_AFFIRMATIVE = V.trie_regex(set(L.words("AFFIRMATIVES")))
_ASSENT_WORD = V.trie_regex(
    set(L.words("AFFIRMATIVES")) | set(L.words("AFFIRMATIVE_TAILS")) | set(L.words("POLITENESS"))
)
_PAUSE = r"[\s,.!;:…]"
#: An assent word this long is a verb that may take its object without a pause
#: ("poproszę czarne", "давайте бордовый"); "si", "tak", "yes" need one.
VERB_LETTERS = 5
#: Assent words opening a message, at least one an affirmative ("please" alone asks for
#: anything). One short word may come first ("to poproszę …": "then, I'll have …").
_OPENING_ASSENT_RE = re.compile(
    rf"^(?:\w{{1,4}}\s+)?(?:(?:{_ASSENT_WORD})(?![\w'])[\s,.!;:…]*)*?"
    rf"(?:{_AFFIRMATIVE})(?![\w'])(?:{_PAUSE}+(?:(?:{_ASSENT_WORD})(?![\w'])))*{_PAUSE}*"
)


def offered_the_cart(state: State) -> bool:
    """Whether the last reply closed by offering to add to the cart.

    That is an answer about one product in stock, or cards in the narrowing or selling
    phase; never right after an item was added ("yes" again would add it twice).
    """
    focus = state.get("focus")
    if state.get("intent") == "product_question":
        return bool(focus and focus.get("in_stock"))
    return (
        state.get("intent") in ("recommend", "refine")
        and state.get("phase") in ("narrowing", "selling")
        and bool(state.get("shown"))
    )


def accepts_the_cart_offer(state: State, text: str) -> bool:
    """Whether the message is a bare "yes" to a reply that offered the cart."""
    return bool(V.AFFIRMATIVE_RE.match(text.lower())) and offered_the_cart(state)


def opening_assent(low: str) -> int | None:
    """Where the assent a message opens with ends, after its interjections; ``None``: none.

    "ok, tak, poproszę w kolorze khaki" opens with one; "vale, pues un cojín" opens with
    interjections only. A short yes runs on into the sentence only as another word ("si
    può lavare …", "si me llevo …"); a long one is a verb ("poproszę czarne"). A question
    asks first ("yes, but is it waterproof?"), and "something …" after a yes asks for
    another product: neither assents.
    """
    if "?" in low or "¿" in low:
        return None
    rest = without_openers(low)
    found = _OPENING_ASSENT_RE.match(rest)
    if found is None:
        return None
    said = V.WORD_RE.findall(found.group())
    paused = found.end() == len(rest) or re.search(r"[,.!;:…]\s*$", found.group())
    if not paused and len(said[-1]) < VERB_LETTERS:
        return None
    end = len(low) - len(rest) + found.end()
    if V.SOMETHING_RE.search(low[end:]):
        return None
    return end


def retries_the_add(state: State, text: str, understood: Understanding) -> bool:
    """Whether the message names another variant right after the cart could not add one.

    "ist in Größe 42 nicht vorrätig", then "Mist. Dann halt in Schwarz, auch in 42": a
    colour or a size of the product the cart was adding, and nothing else asked (no kind
    named, no question, no budget), is that addition again. A colour the reading does not
    know is no colour here ("niech będą lawendowe" in a shop whose facets file no own
    colour names stays unread).
    """
    turn = state.get("turn") or {}
    failed = turn.get("unavailable") or (turn.get("which_size") or {}).get("wanted")
    if state.get("intent") != "purchase" or not failed or not state.get("focus"):
        return False
    updates = understood.updates
    # "ugh, seriously? fine, the olive one in XS": a question mark in an aside before the
    # variant named asks nothing of it (a question word opening it still asks)
    aside = "?" in text and bool(re.search(r"\w", text.rsplit("?", 1)[-1]))
    asks = understood.question and not aside
    return (
        bool(updates.get("colors") or updates.get("size"))
        and not set(updates) - {"colors", "size", "query", "category", "category_any"}
        and understood.intent in ("recommend", "refine", "other")
        and not asks
        and not kinds_named(text, understood.language)
    )
