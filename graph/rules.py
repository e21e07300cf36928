"""Rule-based understanding of a shopper's message: intent, language and preferences.

The graph's *intent* node uses this when no LLM is configured (and as a cheap
first pass when one is). :func:`understand` reads one message, given the
catalogue's facets (:func:`sync.facets.compute_facets`), the product cards on
screen (``shown``) and the preferences so far (``previous``), and returns an
:class:`Understanding`: one of :data:`INTENTS`, the language, the preference
updates the message makes, and what it points at ("the second one", "that
jacket"). :func:`merge_preferences` folds that into the next preferences.

The reading's parts live in the module for their job: :mod:`graph.language_detection`,
:mod:`graph.facet_matching` (categories, brands, collections), :mod:`graph.message_amounts`
(budgets, quantities), :mod:`graph.message_text` (word keys, the query left),
:mod:`graph.card_references` (ordinals, nouns), :mod:`graph.preference_merging` and
:mod:`graph.intent_rules` (the intent the signals decide); this module reads the message
into those signals, and re-exports what callers use.

Everything is a pure function over strings: no network, no I/O at import (the
language model of py3langid loads lazily, once). Word tables live in
:mod:`graph.vocabulary`; colour, material, gender and size words come from
:mod:`sync.enrich`, so the shopper's words and the indexed metadata share one
canonical English form. English is covered best; German, French, Spanish,
Italian and Croatian cover the common phrasings, Polish the cheap ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graph import vocabulary as V
from graph.answers import concepts_asked
from graph.card_references import _noun_reference, _ordinal_references, by_price, one_by_price
from graph.cart_offer import opening_assent
from graph.cart_phrases import (
    asks_the_cart,
    cart_words,
    ends_its_clause,
    into_the_cart,
    own_clause,
    says_add_verb,
    sentence_at,
    short_sentence,
    supposed,
)
from graph.catalogue_colours import genitive_colours, read_colours
from graph.catalogue_sizes import shopper_size, step_size
from graph.compounds import closed_compounds
from graph.counts import count_said, every_one
from graph.facet_matching import _facet_index, _FacetIndex, _related, same_maker
from graph.intent_rules import LIST_ATTRIBUTES, Signals, decide_intent
from graph.kinds import described_after
from graph.language_detection import detect_language
from graph.message_amounts import _extract_prices, _purpose_start, _quantity, budget_of
from graph.message_text import (
    PhraseKeys,
    _blank,
    _clean_query,
    _keys,
    is_content,
    search_text,
)
from graph.need_category import asks_what_it_serves, need_category
from graph.openers import only_openers, without_openers
from graph.preference_merging import KEPT_ON_NEW_NEED, MERGING_INTENTS, merge_preferences
from graph.product_words import LEXICON_KIND
from graph.references import MAX_LIST, asks_to_pick, list_question, names_the_list
from graph.translate import kind_concepts
from graph.understanding import INTENTS, SUPPORTED_LANGUAGES, Understanding
from sync.enrich import color_tokens, extract_attributes

__all__ = [
    "INTENTS",
    "KEPT_ON_NEW_NEED",
    "LIST_ATTRIBUTES",
    "MERGING_INTENTS",
    "SUPPORTED_LANGUAGES",
    "Understanding",
    "budget_of",
    "detect_language",
    "is_content",
    "merge_preferences",
    "search_text",
    "understand",
]

#: A word of the topic: numbers and measures too ("15", "1.75mm"), unlike a need's words.
_TOPIC_WORD_RE = re.compile(r"\w+(?:[.,'-]\w+)*")


# --- understanding -------------------------------------------------------------------------------


@dataclass
class _Reading:
    """One message being read: its forms, the updates found, and the spans consumed."""

    low: str  # lowercased, whitespace collapsed
    cased: str  # same positions, original case (for the query)
    masked: str = ""  # ``low`` with brand names blanked
    updates: dict[str, Any] = field(default_factory=dict)
    cleared: list[tuple[int, int]] = field(default_factory=list)
    something_else: bool = False  # "show me something else": not the cards on screen
    measure: str | None = None  # "largest" / "smallest": a superlative of size asked
    sizes: list[str] = field(default_factory=list)  # every size named, in order
    money: list[tuple[int, int]] = field(default_factory=list)  # amounts and their currency

    def take(self, regex: re.Pattern[str], text: str | None = None) -> list[re.Match[str]]:
        """All matches of ``regex``; their spans leave the semantic query."""
        found = list(regex.finditer(text or self.low))
        self.cleared.extend(match.span() for match in found)
        return found


def _names_another_kind(text: str, language: str, previous_need: str) -> bool:
    """Whether ``text`` names kinds of product (the lexicon's), none of them the need's so far."""
    if not previous_need:
        return False
    kinds = set(kind_concepts(text, language, departments=False))
    return bool(kinds) and not kinds & set(kind_concepts(previous_need, departments=False))


def understand(
    text: str,
    *,
    facets: Mapping[str, Any] | None = None,
    shown: Sequence[Mapping[str, Any]] = (),
    previous: Mapping[str, Any] | None = None,
    language: str | None = None,
    after_add: bool = False,
    after_absent: bool = False,
    after_guidance: bool = False,
    after_offer: bool = False,
) -> Understanding:
    """Read one shopper message by rule.

    Args:
        text: The message.
        facets: The catalogue's facets; categories, brands and collections are only
            ever values found there.
        shown: Product cards currently on screen (``title``, ``price``, ``brand``,
            ``category``...), in display order.
        previous: The preferences so far; may hold ``page_product``, the card of the
            product page the shopper has open, and ``language``.
        language: The message's language when already known; detected otherwise.
        after_add: The last turn put something in the cart: a message opening with
            "and", "also" ("i jeszcze brązowe, też 37") carries that action on, its verb
            left out.
        after_absent: The last reply said the shop does not carry what was asked: the
            next message's words are not added to that need's.
        after_guidance: The last reply asked what the shopper wants because the need
            was too vague to search: a kind named now replaces that need's words.
        after_offer: The last reply offered to add to the cart: a yes that opens the
            message is the add verb ("tak, w kolorze khaki").

    Returns:
        The :class:`Understanding` of the message.
    """
    previous = previous or {}
    lang = language or detect_language(text, default=str(previous.get("language") or "en"))
    cased = " ".join(text.replace("’", "'").replace("`", "'").split())
    cased = closed_compounds(cased, lang)
    low = cased.lower()
    reading = _Reading(low, cased if len(cased) == len(low) else low)
    index = _facet_index(facets) if facets else None
    updates = reading.updates

    _read_brands(reading, index)
    shop_currency = str((facets or {}).get("currency") or "")
    prices, spans = _extract_prices(reading.masked, lang, shop_currency)
    updates.update(prices)
    reading.cleared.extend(spans)
    reading.money = spans
    _read_refused_kinds(reading, lang)
    relative, exclude_brand, adjusts = _read_adjustments(reading, index, previous, lang)
    colors = updates.get("colors", [])

    s = Signals(exclude_brand=exclude_brand)
    greeting = reading.take(V.GREETING_RE)
    reading.take(V.GREETING_FILLER_RE)
    reading.take(V.POLITE_RE)
    s.greeting = bool(greeting)
    s.need = bool(reading.take(V.NEED_RE) or V.GIFT_RE.search(low))
    # The cart itself first: "what's in my cart" holds "in my cart", a purchase phrase.
    # Taking something out must be about the cart: it names the cart, or the whole short
    # message is the request ("remove it"); "can I remove the hood?" is a question.
    words = V.WORD_RE.findall(low)
    cart_named = bool(cart_words(low, lang))
    remove = V.CART_REMOVE_RE.search(_blank(low, reading.cleared))
    if reading.take(V.CART_CLEAR_RE):
        s.cart = "clear"
    elif (
        remove
        and (
            cart_named
            or (len(words) <= 4 and not low[: remove.start()].strip())
            # "jednak usuń", "finalement enlevez la noire": one word (a particle), then the verb
            or (
                len(words) <= 5
                and "?" not in low
                and len(V.WORD_RE.findall(low[: remove.start()])) <= 1
            )
            # "uy no, quita el cazo": interjections and a "no" before the verb ask nothing
            or (len(words) <= 7 and "?" not in low and only_openers(low[: remove.start()]))
            # in a sentence that asks nothing (another sentence may: "la Запарка toglila
            # pure. quanto mi resta da pagare?"): a clause of its own, only openers before it
            # ("hmm nah, remove it, my shelf is full"), or the line named, then the verb alone
            # ("kamerą vis dėlto išimkite, darbe jau davė")
            or (
                "?" not in sentence_at(low, remove.start())
                and (own_clause(low, *remove.span()) or ends_its_clause(low, *remove.span()))
            )
        )
    ):
        reading.cleared.append(remove.span())
        s.cart = "remove"
    elif (
        (apart := V.CART_REMOVE_APART_RE.search(low))
        and "?" not in sentence_at(low, apart.start())
        and (short_sentence(low, apart.start()) or own_clause(low, *apart.span()))
    ):
        # "actually take the blocks out", "den Ladeständer doch wieder raus": the line named
        # between the verb and its particle (the topic keeps its words for the cart)
        reading.cleared.append(apart.span())
        s.cart = "remove"
    # Viewing is decided once references are known ("the first one in my cart" adds).
    s.add_verb = says_add_verb(low, lang)
    s.continues_add = after_add and bool(V.continuation_re(lang).match(low)) and "?" not in low
    s.add_verb = s.add_verb or s.continues_add  # "и полотенце цвета шоколад": add, elided
    # "la roja, al carrito", "parfait, en 39 dans mon panier": the cart as a destination
    s.add_verb = s.add_verb or into_the_cart(low, lang)
    view = None if s.add_verb else V.CART_VIEW_RE.search(low) or asks_the_cart(low, words, lang)
    quantity = V.QUANTITY_RE.search(low)
    s.purchase_strong = bool(reading.take(V.PURCHASE_STRONG_RE))
    if s.add_verb and cart_words(low, lang):
        # a verb that puts things in and the cart itself, in any order or phrasing ("mets
        # une lampe … dans le panier", "į krepšelį dėk"): an addition, the cart no need
        s.purchase_strong = bool(reading.take(V.CART_WORD_RE)) or s.purchase_strong
    s.purchase_weak = bool(reading.take(V.PURCHASE_WEAK_RE))
    if after_offer and (assent := opening_assent(low)) is not None:
        reading.cleared.append((0, assent))
        s.purchase_strong = True  # "sí, en caqui" to "Shall I add it to your cart?"
    if supposed(low, lang):  # "ile zapłacę, jeśli wezmę obie?": a price asked, not a purchase
        s.add_verb = s.purchase_strong = s.purchase_weak = s.continues_add = False
    s.compare = bool(reading.take(V.COMPARE_RE))
    s.browse = bool(reading.take(V.BROWSE_RE))
    s.thanks = bool(reading.take(V.THANKS_RE))
    reading.take(V.NOT_ORDINAL_RE)
    ordinal_text = V.NOT_ORDINAL_RE.sub(lambda m: " " * len(m.group()), low)
    reading.take(V.ORDINAL_RE, ordinal_text)
    reading.take(V.NUMBERED_RE, ordinal_text)
    rest = _blank(low, reading.cleared)
    content = [w for w in V.WORD_RE.findall(rest) if is_content(w)]
    s.has_content = bool(content)
    # "что у вас есть с ленивцем?" names a thing; "what else do you carry?" none
    s.names_thing = any(
        w not in _ASK_FILLER and not V.is_vague_word(w) and not V.is_place_word(w) for w in content
    )
    # the lexicon's kinds name a need through the kind rules (new_kind), not by any word:
    # "а кружка сколько стоит?" over a shown mug asks about it
    s.concept_named = any(
        key.startswith("@") and not key.startswith(LEXICON_KIND) for key in _keys(content)
    )
    read = PhraseKeys(reading.masked)
    masked_words = [w for w in V.WORD_RE.findall(reading.masked) if read.asked(w)]
    prev_category = previous.get("category")
    if index:
        category, tied = need_category(
            index,
            read,
            masked_words,
            _blank(low, reading.cleared),
            _purpose_start(low),
            lang,
            updates.get("gender", ""),
            prev_category,
        )
        if category or tied:
            updates["category"] = category  # None (cleared) when the tied paths share no parent
            updates["category_any"] = tied or None  # None clears an earlier tie
            s.category = category or tied[0]
            s.new_category = not _related(s.category, prev_category)

    # "gibt es", "il y a", "il me faut" point at nothing: "il" there is no product
    unexisting = V.GIBT_ES_RE.sub(" ", low)
    existential = unexisting != low
    # "what about a necklace with a little pompom on it?": a pointer describing a kind named
    # with an indefinite is that kind's, not the card's
    pointers = [V.DEICTIC_RE, V.DEICTIC_BY_LANGUAGE_RE.get(lang)]
    before = _kind_after_indefinite(unexisting, lang)
    described = described_after(unexisting, lang, before) if before is not None else None
    pointing = _blank(unexisting, [described]) if described else unexisting
    s.deictic = (
        any(p is not None and p.search(pointing) for p in pointers)
        # "add both", "beides": every product in view (graph.turn_readings picks them)
        or (len(shown) > 1 and every_one(unexisting) is not None)
    )
    # "qué pena. pues una taza …", "what a shame, a throw pillow then": an interjection that
    # opens with a question word asks nothing
    opening = without_openers(_blank(low, [m.span() for m in greeting]).strip(" ,.!"))
    # "¿y de cuántos hilos son?", "and what size is it?": the "and" and a preposition
    # before the question word still open a question
    if carried := V.continuation_re(lang).match(opening):
        opening = opening[carried.end() :].strip(" ,.!")
    first, _, after = opening.lstrip("¿¡ ").partition(" ")
    if len(first) <= 3 and first in V.STOPWORD_SET and not V.QUESTION_START_RE.match(opening):
        opening = after
    s.asks = bool(V.QUESTION_START_RE.match(opening))  # opens with a question word
    s.question = "?" in low or "¿" in low or s.asks
    # a feature asked of what is in view ("are they waterproof?"); "wireless ones" narrows
    s.attribute_question = bool(V.ATTRIBUTE_RE.search(low)) or bool(
        V.FEATURE_RE.search(low) and not V.ANAPHORA_RE.search(ordinal_text)
    )
    s.references = _ordinal_references(ordinal_text, len(shown))
    about_list, which, pronoun_only = list_question(low, lang, len(shown))
    # "et une housse de couette ?" with a duvet cover on screen: a kind after "a" / "une"
    # asks for one, it does not point at the one shown
    another_one = (
        s.question
        and not (s.deictic or s.purchase_strong or s.purchase_weak or s.compare or s.add_verb)
        and before is not None
    )
    # "¿seguro que vale para un portátil?" of the one charger shown: it, for a laptop
    serves = len(shown) == 1 and not (s.need or s.browse) and asks_what_it_serves(low, lang)
    another_one = another_one and not serves
    if (
        not s.references
        and shown
        and not another_one
        # "które z nich są bordowe?" asks the list to pick: the card titled "bordowe" is
        # one answer, not the card asked about
        and not which
        and (
            s.deictic or s.question or s.purchase_strong or s.purchase_weak or s.compare
            or s.add_verb
        )
    ):  # fmt: skip
        the_x_one = bool(V.THE_X_ONE_RE.search(low))
        # "is it waterproof?" asks about a feature, it does not name the card whose title
        # says "Waterproof" (unless it says "the waterproof one")
        named = low if the_x_one else _blank(low, [m.span() for m in V.FEATURE_RE.finditer(low)])
        # "añade la verde", "dodaj czarne": an add verb picks the card by its colour too
        by_color = colors if the_x_one or s.add_verb else []
        noun = _noun_reference(_keys(V.WORD_RE.findall(named)), by_color, shown)
        if noun is not None:
            s.references = [noun]
        elif (
            (s.deictic or s.add_verb or serves)
            and len(shown) == 1
            and not (relative and existential)
        ):
            s.references = [0]  # "is there a cheaper one?" of one card asks for another
            if serves:  # the kind it serves is no category of the need
                updates.pop("category", None)
                updates.pop("category_any", None)
                s.category, s.new_category = None, False
    if (
        not s.references
        and relative
        and len(shown) > 1
        and s.question
        and one_by_price(low, s.attribute_question)
    ):
        # "what's the cheaper one made of?", "z czego jest ta tańsza?": the card it is
        s.references = [by_price(shown, cheapest=relative == "cheaper")]
    # "do any of those come in black?", "which of these is the cheapest?": the whole list
    # a kind named in "which of them has pillowcases?" is what the list is asked about, not
    # a new search ("any of those jackets?" after shoes is one)
    # "¿lo tienes en verde caqui?" with several cards and none pointed at: "it" is the
    # kind on screen, and the colour or size is asked of every card
    pronoun_asks = (
        s.deictic
        and s.question
        and len(shown) > 1
        and bool(updates.get("colors") or updates.get("size"))
        and not (s.add_verb or s.purchase_strong or s.purchase_weak)
    )
    # "¿cuál es la más grande?": a superlative of size over several cards asks the list
    measured = bool(reading.measure) and len(shown) > 1
    s.about_list = (
        (about_list or pronoun_asks or measured)
        and not s.references
        and (which or not s.new_category)
        and (s.question or which)
    )
    if s.about_list and s.new_category:
        updates.pop("category", None)
        updates.pop("category_any", None)
        s.new_category = False
    s.which = s.about_list and which
    s.list_pronoun = s.about_list and pronoun_only
    if s.about_list:
        s.references = list(range(min(len(shown), MAX_LIST)))
    s.reference = s.references[0] if s.references and not s.about_list else None
    if view is not None and not s.cart and not s.references:
        reading.cleared.append(view.span())
        s.cart = "view"
    s.page = bool(previous.get("page_product"))
    s.in_view = bool(shown) or s.page
    s.one_in_view = len(shown) == 1 or (s.page and not shown)
    s.context = bool(shown) or any(
        v not in (None, "", [], {}) for k, v in previous.items() if k not in KEPT_ON_NEW_NEED
    )
    s.product_updates = frozenset(k for k in updates if k not in V.PRODUCT_UPDATE_IGNORED)
    s.anaphora = bool(V.ANAPHORA_RE.search(ordinal_text))
    # "I also need a hat, do you have warm ones?": another need, not the last one narrowed.
    s.another = bool(V.ANOTHER_NEED_RE.search(low)) or "," in low
    s.adjusts = adjusts or bool(relative) or exclude_brand or "sort" in updates
    # "¿y un collar con una espina de pescado?" after dog collars: a kind of product the
    # need so far did not name is another need, whatever else the message adjusts
    s.new_kind = _names_another_kind(rest, lang, str(previous.get("query") or ""))
    s.other_kind = s.new_kind and bool(
        kind_concepts(str(previous.get("query") or ""), departments=False)
    )
    # "qual è il meno caro?", "laquelle a des poches ?" of one card: that one (a cheaper
    # one, a pocket, is what the answer says of it)
    if (
        len(shown) == 1
        and s.reference is None
        and not (s.new_kind or s.new_category)
        and asks_to_pick(low, lang)
    ):
        s.references, s.reference = [0], 0
    s.relative_only = bool(relative) and s.reference is None
    intent, confidence = decide_intent(s)

    if opener := V.continuation_re(lang).match(low):
        reading.cleared.append(opener.span())  # "ok what about …", "a …": no need words
    if regret := V.REGRET_RE.match(low):
        reading.cleared.append(regret.span())  # "schade. dann …": no need words either
        # what was asked is given up when a kind (or a department) is named: its words go
        after_absent = after_absent or bool(kind_concepts(low[regret.end() :], lang))
    query = _clean_query(_blank(reading.cased, reading.cleared))
    if intent == "recommend" and query:
        updates["query"] = query
    elif intent == "refine" and s.has_content and query:
        old = str(previous.get("query") or "").strip()
        if _says_nothing(old) or after_absent or (after_guidance and s.new_kind):
            # right after "not carried", the words the shop lacks are not searched again;
            # right after a vague need was asked about, a kind named is the need ("ma
            # meilleure amie pend la crémaillère…", then "… un collier, 50 € maximum")
            old = ""  # "czegoś eleganckiego" asked about, then "portfel dla męża": the wallet
        updates["query"] = f"{old} {query}" if old and query.lower() not in old.lower() else query
    return Understanding(
        intent=intent,
        language=lang,
        updates=updates,
        reference=s.reference,
        relative=relative,
        exclude_reference_brand=exclude_brand,
        confidence=confidence,
        references=s.references,
        something_else=reading.something_else,
        measure=reading.measure,
        about_list=s.about_list,
        list_pronoun=s.list_pronoun,
        picks=s.question and asks_to_pick(low, lang),
        counted=count_said(low),
        of_list=names_the_list(low, lang),
        question=s.question,
        cart=s.cart,
        continues_add=s.continues_add,
        asks=s.asks,
        quantity=_quantity(quantity) if quantity and intent == "purchase" else 1,
        features=V.features_asked(low),
        concepts=concepts_asked(low),
        asks_brands=bool(V.BRANDS_ASK_RE.search(low)),
        topic=[w for w in _TOPIC_WORD_RE.findall(low) if w not in V.STOPWORD_SET],
        sizes=reading.sizes if len(reading.sizes) > 1 else [],
    )


_ASK_FILLER = frozenset(V.ASK_FILLER)


def _says_nothing(query: str) -> bool:
    """Whether a need's words are all vague, who or where ("czegoś eleganckiego")."""
    words = [w for w in V.WORD_RE.findall(query.lower()) if w not in V.STOPWORD_SET]
    return bool(words) and not any(map(V.says_what, words))


def _read_brands(reading: _Reading, index: _FacetIndex | None) -> None:
    """Facet brands named (``brands``) or refused (``exclude_brands``: "not Voltix").

    Brand names are then blanked in ``reading.masked`` so that a brand named like
    a colour or a material is not read as one.
    """
    low = reading.low
    masked = low
    if index:
        refused_last = False
        found = [(m, name) for name, regex in index.brands if (m := regex.search(low))]
        for match, name in sorted(found, key=lambda item: item[0].start()):
            head = low[: match.start()]
            negation = V.BRAND_NEGATION_END.search(head)
            makers = same_maker(name, (b for b, _ in index.brands))
            if negation or (refused_last and V.BRAND_CHAIN_RE.search(head)):
                _add_new(reading.updates.setdefault("exclude_brands", []), makers)
                reading.cleared.append((negation.start() if negation else 0, match.end()))
                refused_last = True
            else:
                _add_new(reading.updates.setdefault("brands", []), makers)
                refused_last = False
            masked = masked[: match.start()] + " " * len(match.group()) + masked[match.end() :]
    reading.masked = masked


def _read_refused_kinds(reading: _Reading, language: str) -> None:
    """A kind of product refused leaves the search, and is read as nothing else.

    "une robe t-shirt, pas une robe chemise", "что-то мягкое, только не простынь" search
    the dress, the soft thing.

    The refusal governs its clause; only a clause that names a kind (the lexicon's) is
    refused this way ("not too big", "no more than $50" name none; brands are masked).
    """
    unpriced = _blank(reading.masked, reading.money)  # "pas plus de 10 balles" is a budget
    for match in V.negation_re(language).finditer(unpriced):
        after = unpriced[match.end() :]
        stop = V.CLAUSE_END_RE.search(after)
        end = match.end() + (stop.start() if stop else len(after))
        if kind_concepts(unpriced[match.end() : end], language, departments=False):
            reading.cleared.append((match.start(), end))
            refused = " " * (end - match.start())  # nor a category, colour or kind read from it
            reading.masked = reading.masked[: match.start()] + refused + reading.masked[end:]


def _add_new(values: list[str], more: Iterable[str]) -> None:
    values.extend(v for v in more if v not in values)


def _read_adjustments(
    reading: _Reading, index: _FacetIndex | None, previous: Mapping[str, Any], language: str
) -> tuple[str | None, bool, bool]:
    """Relative price, other brand, stock, sale, collection, colour, material, gender, size.

    Returns:
        ``(relative, exclude_reference_brand, adjusts)``: "cheaper"/"pricier"/None,
        whether the shopper refuses the shown brand, and whether the message asks
        for something else or another size.
    """
    updates, take = reading.updates, reading.take
    for key, regex in V.CLEAR_RES.items():  # before the rest: "forget the budget" is no "budget"
        if take(regex):
            cleared = {"price": ("min_price", "max_price"), "brands": ("brands", "exclude_brands")}
            for name in cleared.get(key, (key,)):
                updates.setdefault(name, None)  # a value the message states itself wins
    relative = "cheaper" if take(V.CHEAPER_RE) else "pricier" if take(V.PRICIER_RE) else None
    reading.measure = (
        "largest" if take(V.LARGEST_RE) else "smallest" if take(V.SMALLEST_RE) else None
    )
    if relative is None and take(V.CHEAP_RE) and "max_price" not in updates:
        updates["sort"] = "price_asc"
    exclude_brand = bool(take(V.OTHER_BRAND_RE))
    something_else = bool(take(V.SOMETHING_ELSE_RE))
    reading.something_else = something_else
    if take(V.OUT_OF_STOCK_OK_RE):
        updates["in_stock_only"] = False
    elif take(V.IN_STOCK_RE):
        updates["in_stock_only"] = True
    if take(V.on_sale_re(language)):
        updates["on_sale"] = True
    if index and index.best_sellers and take(V.BEST_SELLERS_RE):
        updates["collection"] = index.best_sellers
    elif index:
        for name, regex in index.collections:
            if take(regex):
                updates["collection"] = name
                break

    not_for, recipient_spans = V.recipients(reading.low)
    attrs = extract_attributes(_blank(reading.masked, recipient_spans), "")
    # the tables' colour words, then the shop's own names ("karmelowe") and field shades
    # beside a colour noun ("цвета шоколада"): graph.catalogue_colours
    # the amounts blanked: "300 zloty", "trzystu złotych" is money, not "złoty" (gold)
    unpriced = _blank(reading.masked, reading.money)
    # "Schnullerkette …, gern bunt": a colour wished for after a soft cue, once a need is
    # said, stays in the words searched (it ranks) but filters nothing out; alone
    # ("najlepiej w kolorze karmelowym") it is the refinement asked for
    soft = V.SOFT_CUE_RE.search(unpriced)
    if soft and any(is_content(w) for w in V.WORD_RE.findall(unpriced[: soft.start()])):
        unpriced = unpriced[: soft.start()]
    unpriced = _blank(unpriced, genitive_colours(unpriced))  # "l'huile d'olive": no colour
    colors = color_tokens(unpriced)
    colors += read_colours(unpriced, index.own_colors if index else ())
    if colors:
        updates["colors"] = list(dict.fromkeys(colors))
    for key in ("material", "gender"):
        if attrs[key]:
            updates[key] = attrs[key]
    if not_for and not attrs["gender"]:
        updates["exclude_genders"] = list(not_for)
    elif V.FOR_MYSELF_RE.search(reading.low):
        updates["exclude_genders"] = None  # "now something for me": the gift is done
    lone = V.LETTER_SIZE_RE.search(reading.low) or V.LONE_SIZE_RE.search(reading.cased)
    if lone:
        reading.cleared.append(lone.span())
    size = attrs["size"] or (lone.group(1).upper() if lone else "")
    if not size and (before := V.SIZE_BEFORE_RE.search(reading.low)):
        size = before.group(1).upper().replace(",", ".")  # "в размере M", "w rozmiarze 40"
        reading.cleared.append(before.span())
    if not size and (after := V.SIZE_AFTER_RE.search(reading.low)):
        size = after.group(1).upper().replace(",", ".")  # "M dydžio", "42 rozmiaru"
        reading.cleared.append(after.span())
    if not size and (worn := V.WEARER_SIZE_RE.search(reading.low)):
        size = V.SIZE_WORD_LETTER[" ".join(worn.group("word").split())]  # "she's a small"
        reading.cleared.append(worn.span())
    if not size and (stated := list(V.SHOPPER_SIZE_RE.finditer(reading.low))):
        # "I'm a UK 6 which is EU 39": every size named; the conversation keeps the one
        # the shop sells (graph.turn_readings), the first until then
        reading.sizes = list(dict.fromkeys(shopper_size(match) for match in stated))
        reading.cleared.extend(match.span() for match in stated)
        size = reading.sizes[0]
    size = {"2XL": "XXL", "3XL": "XXXL"}.get(size, size)
    step = 1 if take(V.BIGGER_RE) else -1 if take(V.SMALLER_RE) else 0
    if size:
        updates["size"] = size
        take(V.SIZE_PHRASE_RE)
    elif step and previous.get("size"):
        updates["size"] = step_size(str(previous["size"]), step)
    return relative, exclude_brand, something_else or bool(step)


INDEFINITE_REACH = 2  # words between an indefinite and its kind ("une grande housse")


def _kind_after_indefinite(low: str, language: str) -> int | None:
    """Where an indefinite closely preceding a kind starts: "a duvet cover", not a part.

    "does the duvet cover have a zipper?" points at the card with "the" (``None``).
    """
    indefinite = V.INDEFINITE_RE.get(language)
    if indefinite is None:
        return None
    for match in indefinite.finditer(low):
        after = V.WORD_RE.findall(low[match.end() :])[: INDEFINITE_REACH + 1]
        if after and kind_concepts(" ".join(after), language, departments=False):
            return match.start()
    return None
