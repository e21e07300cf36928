"""Where a message speaks of the cart, and which of its words make a request of their own.

"put it in my bag" names the cart; "a leather bag that looks like a woven basket" and "do
you have a picnic basket?" name products: a cart word right after an indefinite ("a
picnic basket", "un panier en osier") is a thing the shop may sell, not the shop's cart.
"""

from __future__ import annotations

import re

from graph import languages as L
from graph import vocabulary as V
from graph.openers import only_openers, without_openers

#: Words between an indefinite and the cart word it makes a product ("a woven basket").
INDEFINITE_REACH = 2
#: Further back, only describing words may stand between them ("a big red leather bag";
#: "a mug to my bag" has "to my" between: the cart).
DESCRIBED_REACH = 5

#: A question this short that ends on the cart asks what is in it ("wie viele Sachen
#: liegen jetzt im Warenkorb?", "cuantas cosas llevo ya en el carrito?": eight).
MAX_CART_QUESTION_WORDS = 8


def asks_the_cart(low: str, words: list[str], language: str) -> re.Match[str] | None:
    """Whether a short question is about the cart: its last words name it.

    "ką dabar turiu krepšelyje?", "kiek prekių krepšelyje?" open with a question word and
    end on the cart: they ask to see it ("what baskets do you have?" ends on no cart).
    """
    if "?" not in low or len(words) > MAX_CART_QUESTION_WORDS:
        return None
    # "o kas dabar yra krepšelyje?", "tai kas liko krepšelyje?": an opener, then the question
    if not V.QUESTION_START_RE.match(without_openers(low).lstrip(" ¿¡")):
        return None
    found = cart_words(low, language)
    if not found or not V.CART_WORD_RE.search(" ".join(words[-2:])):
        return None
    return found[-1]


def into_the_cart(low: str, language: str) -> bool:
    """Whether a message that asks nothing names the cart as where something goes.

    "la roja, al carrito", "parfait, en 39 dans mon panier", "ok, la 3XL nel carrello" put
    in as a verb would; "what's in my cart?" asks, and "mon panier" alone names the cart.
    """
    if "?" in low or V.QUESTION_START_RE.match(without_openers(low).lstrip(" ¿¡")):
        return False
    named = cart_words(low, language)
    # a phrase asking to see the cart holds the destination ("what's in my cart" holds "in
    # my cart"); "mon panier" inside "dans mon panier" asks nothing
    views = [(m.start(), m.end()) for m in V.CART_VIEW_RE.finditer(low)]
    return any(
        any(phrase.start() <= cart.start() < phrase.end() for cart in named)
        and not any(
            a <= phrase.start() and phrase.end() <= b and b - a > len(phrase.group())
            for a, b in views
        )
        for phrase in V.PURCHASE_STRONG_RE.finditer(low)
    )


_INFINITIVE_MARKERS = L.per_language("INFINITIVE_MARKERS")


def says_add_verb(low: str, language: str) -> bool:
    """Whether ``low`` holds a verb that puts things in a cart, used as that verb.

    Not right after an indefinite ("a throw pillow", "a drop earring": a product's name)
    nor after the language's infinitive marker ("a sticker to put on my old bottle": what
    the product is for).
    """
    indefinite = V.INDEFINITE_RE.get(language)
    markers = {*_INFINITIVE_MARKERS.get(language, ()), *_INFINITIVE_MARKERS.get("en", ())}
    for match in V.cart_add_verb_re(language).finditer(low):
        before = V.WORD_RE.findall(low[: match.start()])[-1:]
        if before and (before[0] in markers or (indefinite and indefinite.fullmatch(before[0]))):
            continue
        return True
    return False


_CONDITIONALS = L.per_language("CONDITIONALS")
#: An "if" this many words before the purchase verb supposes it ("si me llevo …").
CONDITIONAL_REACH = 3


def supposed(low: str, language: str) -> bool:
    """Whether a question supposes the purchase it names rather than making it.

    "ile zapłacę, jeśli wezmę obie?", "si me llevo la funda y dos fundas, ¿cuánto sale
    todo?": the verb follows the language's "if" (:data:`graph.languages.KEYS`
    ``CONDITIONALS``); the message asks, it adds nothing.
    """
    asks = V.PRICE_ASK_RE.get(language)
    if "?" not in low and not (asks and asks.search(low)):
        return False
    conditionals = {*_CONDITIONALS.get(language, ()), *_CONDITIONALS.get("en", ())}
    verbs = (V.cart_add_verb_re(language), V.PURCHASE_STRONG_RE, V.PURCHASE_WEAK_RE)
    for match in (m for regex in verbs for m in regex.finditer(low)):
        before = V.WORD_RE.findall(low[: match.start()])[-CONDITIONAL_REACH:]
        if conditionals.intersection(before):
            return True
    return False


def cart_words(low: str, language: str) -> list[re.Match[str]]:
    """The cart words of ``low`` that name the cart: none right after an indefinite."""
    indefinite = V.INDEFINITE_RE.get(language)
    found = []
    for match in V.CART_WORD_RE.finditer(low):
        before = V.WORD_RE.findall(low[: match.start()])
        if indefinite is not None and (
            any(indefinite.fullmatch(w) for w in before[-(INDEFINITE_REACH + 1) :])
            or _described(before[-(DESCRIBED_REACH + 1) :], indefinite)
        ):
            continue  # "a picnic basket", "a big red leather bag": a product
        found.append(match)
    return found


def _described(before: list[str], indefinite: re.Pattern[str]) -> bool:
    """Whether an indefinite opens the words before a cart word with none but describing ones."""
    for word in reversed(before):
        if indefinite.fullmatch(word):
            return True
        if word in V.STOPWORD_SET:
            return False
    return False


def sentence_at(text: str, at: int) -> str:
    """The sentence of ``text`` that holds position ``at``."""
    start = max(text.rfind(mark, 0, at) for mark in ".!;\n") + 1
    ends = [i for i in (text.find(mark, at) for mark in ".!;\n") if i >= 0]
    return text[start : min(ends, default=len(text))]


def short_sentence(text: str, at: int) -> bool:
    """Whether the sentence at ``at`` is a short request.

    "wait, she says she doesn't want one. take the Lumora out" asks it in its last sentence.
    """
    return len(V.WORD_RE.findall(sentence_at(text, at))) <= 8


#: Marks that end a clause: a request said between two of them is a clause of its own.
CLAUSE_MARKS = ",.;!\n—–"
#: Words a request clause may hold after its verb ("remove it", "take the mug out").
MAX_CLAUSE_REST = 3


def own_clause(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` opens a short clause that only openers precede."""
    if not only_openers(text[:start]):
        return False
    after = text[end:]
    cut = min((i for i in (after.find(m) for m in CLAUSE_MARKS) if i >= 0), default=-1)
    return cut >= 0 and len(V.WORD_RE.findall(after[:cut])) <= MAX_CLAUSE_REST


def ends_its_clause(text: str, start: int, end: int) -> bool:
    """Whether the verb at ``text[start:end]`` ends a short clause: at most a pronoun after it.

    "футболку всё-таки убери, у него таких полно", "jednak bez poszewki, wyrzuć ją": the
    thing was named before the verb, which then asks to take it out; "something that
    removes pet hair" goes on with what it removes, and "a gift for my dad who is about to
    retire" is a sentence of its own, too long before the verb.
    """
    after = text[end:]
    cut = min((i for i in (after.find(m) for m in CLAUSE_MARKS) if i >= 0), default=len(after))
    if not all(word in V.STOPWORD_SET for word in V.WORD_RE.findall(after[:cut])):
        return False
    begin = max(text.rfind(m, 0, start) for m in CLAUSE_MARKS) + 1
    return len(V.WORD_RE.findall(text[begin:start])) <= MAX_CLAUSE_REST + 1
