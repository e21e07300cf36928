"""Rule-based understanding of a shopper's message: intent, language and preferences.

The graph's *intent* node uses this when no LLM is configured (and as a cheap
first pass when one is). :func:`understand` reads one message, given the
catalogue's facets (:func:`sync.facets.compute_facets`), the product cards on
screen (``shown``) and the preferences so far (``previous``), and returns an
:class:`Understanding`: one of :data:`INTENTS`, the language, the preference
updates the message makes, and what it points at ("the second one", "that
jacket"). :func:`merge_preferences` folds that into the next preferences.

Everything is a pure function over strings: no network, no I/O at import (the
language model of py3langid loads lazily, once). Word tables live in
:mod:`graph.vocabulary`; colour, material, gender and size words come from
:mod:`sync.enrich`, so the shopper's words and the indexed metadata share one
canonical English form. English is covered best; German, French, Spanish,
Italian and Croatian cover the common phrasings, Polish the cheap ones.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from graph import vocabulary as V
from graph.references import MAX_LIST, list_question
from sync import money
from sync.enrich import color_tokens, extract_attributes, normalise_gender

INTENTS = (
    "greeting",
    "browse",
    "recommend",
    "refine",
    "product_question",
    "compare",
    "purchase",
    "other",
)
SUPPORTED_LANGUAGES = V.SUPPORTED_LANGUAGES

# Keys a new need (a "recommend" naming another category) keeps: settings about the shopper,
# not about the old product. Budget, colour, size, brand... belong to the old need and go.
# A gift's recipient outlives one need ("a gift for my dad" → "a sweater" → "or sneakers?").
KEPT_ON_NEW_NEED = ("currency", "in_stock_only", "page_product", "language", "exclude_genders")
# Intents whose updates change the preferences; the others only ask about or act on products.
MERGING_INTENTS = ("recommend", "refine", "browse")
_GENDERS = ("men", "women", "kids", "unisex")
#: Preference keys that, asked of the list shown, are answered from its variants.
LIST_ATTRIBUTES = frozenset({"colors", "size", "material"})
_LETTER_SIZES = ("XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL")


@dataclass
class Understanding:
    """What one message means.

    Attributes:
        intent: One of :data:`INTENTS`.
        language: ISO 639-1 code of the message (one of :data:`SUPPORTED_LANGUAGES`).
        updates: Preference changes the message makes; a key mapped to ``None`` clears it.
        reference: 0-based index into ``shown`` of the product the message is about.
        relative: ``"cheaper"`` or ``"pricier"`` relative to what was shown.
        exclude_reference_brand: The shopper rejects the referenced (or shown) brands.
        confidence: How sure the rules are, 0..1.
        references: Every product referred to, in order ("compare the first and the third").
        something_else: The shopper wants other products than those on screen.
        cart: ``"view"``, ``"remove"`` or ``"clear"`` when the message is about the cart
            itself (intent ``purchase``); ``None`` otherwise.
        quantity: How many of the product to add (1 unless the message says).
    """

    intent: str
    language: str
    updates: dict[str, Any]
    reference: int | None = None
    relative: str | None = None
    exclude_reference_brand: bool = False
    confidence: float = 1.0
    references: list[int] = field(default_factory=list)
    something_else: bool = False
    cart: str | None = None  # "view", "remove" or "clear": about the cart, adds nothing
    quantity: int = 1  # how many to add ("2 of the second one")
    about_list: bool = False  # a question about every product shown (``references`` = all)
    list_pronoun: bool = False  # ... said with a bare pronoun: the product in focus, if any
    question: bool = False  # asked as a question ("?", "how …", "¿…")


# --- language ------------------------------------------------------------------------------------

_IDENTIFIER: Any = None


def _identifier() -> Any:
    """py3langid's identifier restricted to the supported languages, created once."""
    global _IDENTIFIER
    if _IDENTIFIER is None:
        from py3langid.langid import MODEL_FILE, LanguageIdentifier

        identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
        identifier.set_languages(list(SUPPORTED_LANGUAGES))
        _IDENTIFIER = identifier
    return _IDENTIFIER


def detect_language(text: str, default: str = "en") -> str:
    """The language of a shopper's message, one of :data:`SUPPORTED_LANGUAGES`.

    py3langid, restricted to the supported languages (so Bosnian or Serbian text
    reads as Croatian), decides for three words or more when it is confident; a
    table of distinctive words settles short messages ("bonjour", "jeftinije"), and
    a script only one supported language writes settles any ("да" is Russian).

    Args:
        text: The message.
        default: What to answer when the text is too short or ambiguous ("hi", "ok",
            "under 50"); usually the conversation's language so far.

    Returns:
        An ISO 639-1 code.
    """
    words = V.WORD_RE.findall(text.lower())
    if not words:
        return default
    if by_script := V.script_language(text):  # "да": no other language writes Cyrillic
        return by_script
    votes: dict[str, int] = {}
    for word in words:
        if (lang := V.WORD_LANGUAGE.get(word)) is not None:
            votes[lang] = votes.get(lang, 0) + 1
    ranked = sorted(votes.items(), key=lambda item: -item[1])
    hinted = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
    if len(words) < 3:
        if hinted:
            return hinted
        lang, confidence = _identifier().classify(text)
        return lang if confidence >= 0.95 and sum(map(len, words)) >= 8 else default
    lang, confidence = _identifier().classify(text)
    if hinted and hinted != lang and (confidence < 0.9 or ranked[0][1] >= 3):
        return hinted
    if confidence >= 0.6:
        return lang
    return hinted or default


# --- facets --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _FacetIndex:
    """Facets prepared for matching: category segments' keys, brand and collection regexes."""

    paths: tuple[tuple[str, tuple[tuple[frozenset[str], str], ...]], ...]
    brands: tuple[tuple[str, re.Pattern[str]], ...]
    collections: tuple[tuple[str, re.Pattern[str]], ...]
    best_sellers: str | None


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
                segments.append((_keys(V.WORD_RE.findall(name.lower())), ""))
        paths.append((str(node.get("path")), tuple(segments)))
    brands = tuple(
        (brand["name"], _name_regex(brand["name"]))
        for brand in facets.get("brands") or ()
        if str(brand.get("name") or "").strip()
    )
    names = [str(c.get("name") or "") for c in facets.get("collections") or () if c.get("name")]
    best = next(
        (n for n in names if any(w in V.fold(n).replace("-", " ") for w in V.BEST_SELLER_NAMES)),
        next((n for n in names if "bestseller" in V.fold(n).replace(" ", "")), None),
    )
    index = _FacetIndex(
        tuple(paths), brands, tuple((n, _name_regex(n)) for n in names if len(n) >= 3), best
    )
    _FACET_CACHE[:] = [(facets, index)]
    return index


def _name_regex(name: str) -> re.Pattern[str]:
    """Whole-word, case-insensitive regex for a brand or collection name ('&' also 'and')."""
    parts = [
        r"(?:&|and|und|et|y|e|i)" if part == "&" else re.escape(part.lower())
        for part in name.split()
    ]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?!\w)")


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
    :data:`graph.vocabulary.ASKED_ALSO` adds) settle what is left, unless the head
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


# --- prices --------------------------------------------------------------------------------------


def _extract_prices(
    text: str, language: str | None = None, currency: str | None = None
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Price bounds and currency stated in a lowercased message, and the spans they cover.

    :func:`sync.money.find_budget` reads them (ranges, cues before and after,
    negations, "for 80"); ``currency`` is the catalogue's, which decides a mark
    several currencies share ("$", "pesos"). Only a currency the message names
    is an update.
    """
    budget = money.find_budget(text, language, currency)
    found: dict[str, Any] = {}
    if budget.min is not None:
        found["min_price"] = float(budget.min)
    if budget.max is not None:
        found["max_price"] = float(budget.max)
    if budget.currency:
        found["currency"] = budget.currency
    return found, budget.spans


def _purpose_start(text: str) -> int:
    """Where "for running" / "zum Laufen" / "para correr" begins, else the end."""
    match = V.PURPOSE_RE.search(text)
    return match.start() if match else len(text)


def _quantity(match: re.Match[str]) -> int:
    word = match.group("n")
    return int(word) if word.isdigit() else V.NUMBER_WORDS.get(word, 1)


def budget_of(text: str) -> float | None:
    """The amount a message that is only an amount states, or ``None``.

    "50", "1k", "about 80 €", "R250", "2 тыс.", "50 bucks": an amount with its
    cue and currency and at most one short word besides (the answer to "what is
    your budget?"); "size 42" or "2 of them" are no budget.
    """
    low = text.lower()
    found = money.find_money(low, bare=True)
    if len(found) != 1:
        return None
    spans = [found[0].span, *money.find_budget(low).spans]
    rest = "".join(ch for i, ch in enumerate(low) if not any(a <= i < b for a, b in spans))
    words = rest.replace(".", " ").replace("!", " ").split()
    return float(found[0].amount) if len(words) <= 1 and all(len(w) <= 8 for w in words) else None


# --- understanding -------------------------------------------------------------------------------


def _keys(words: Iterable[str]) -> frozenset[str]:
    """Union of :func:`graph.vocabulary.word_keys` over ``words``."""
    return frozenset().union(*(V.word_keys(word) for word in words))


@dataclass
class _Reading:
    """One message being read: its forms, the updates found, and the spans consumed."""

    low: str  # lowercased, whitespace collapsed
    cased: str  # same positions, original case (for the query)
    masked: str = ""  # ``low`` with brand names blanked
    updates: dict[str, Any] = field(default_factory=dict)
    cleared: list[tuple[int, int]] = field(default_factory=list)
    something_else: bool = False  # "show me something else": not the cards on screen

    def take(self, regex: re.Pattern[str], text: str | None = None) -> list[re.Match[str]]:
        """All matches of ``regex``; their spans leave the semantic query."""
        found = list(regex.finditer(text or self.low))
        self.cleared.extend(match.span() for match in found)
        return found


@dataclass
class _Signals:
    """What the rules saw in a message, for :func:`_decide_intent`."""

    greeting: bool = False
    thanks: bool = False
    need: bool = False
    purchase_strong: bool = False
    purchase_weak: bool = False
    compare: bool = False
    browse: bool = False
    question: bool = False
    deictic: bool = False
    attribute_question: bool = False
    adjusts: bool = False  # cheaper, other brand, something else, size up...
    relative_only: bool = False  # cheaper/pricier without a reference
    exclude_brand: bool = False
    has_content: bool = False  # words beyond constraints, cues and filler
    concept_named: bool = False  # a known product word, even one the facets lack
    category: str | None = None
    new_category: bool = False
    reference: int | None = None
    references: list[int] = field(default_factory=list)
    about_list: bool = False  # a question about every card shown ("any of those in black?")
    which: bool = False  # ... that asks the list to pick ("which of these is cheapest?")
    list_pronoun: bool = False  # ... by a bare pronoun ("are they …?")
    add_verb: bool = False  # a verb that puts things in a cart ("add", "dodaj", "añade")
    in_view: bool = False  # cards shown or a product page open
    page: bool = False
    context: bool = False  # cards shown or preferences so far
    product_updates: frozenset[str] = frozenset()
    anaphora: bool = False  # "waterproof ones", "a lighter one": more of what is being sought
    cart: str | None = None  # view / remove / clear
    another: bool = False  # "also", "now", a second clause: maybe a new need


def understand(
    text: str,
    *,
    facets: Mapping[str, Any] | None = None,
    shown: Sequence[Mapping[str, Any]] = (),
    previous: Mapping[str, Any] | None = None,
    language: str | None = None,
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

    Returns:
        The :class:`Understanding` of the message.
    """
    previous = previous or {}
    cased = " ".join(text.replace("’", "'").replace("`", "'").split())
    low = cased.lower()
    reading = _Reading(low, cased if len(cased) == len(low) else low)
    lang = language or detect_language(text, default=str(previous.get("language") or "en"))
    index = _facet_index(facets) if facets else None
    updates = reading.updates

    _read_brands(reading, index)
    shop_currency = str((facets or {}).get("currency") or "")
    prices, spans = _extract_prices(reading.masked, lang, shop_currency)
    updates.update(prices)
    reading.cleared.extend(spans)
    relative, exclude_brand, adjusts = _read_adjustments(reading, index, previous)
    colors = updates.get("colors", [])

    s = _Signals(exclude_brand=exclude_brand)
    greeting = reading.take(V.GREETING_RE)
    reading.take(V.GREETING_FILLER_RE)
    reading.take(V.POLITE_RE)
    s.greeting = bool(greeting)
    s.need = bool(reading.take(V.NEED_RE) or V.GIFT_RE.search(low))
    # The cart itself first: "what's in my cart" holds "in my cart", a purchase phrase.
    # Taking something out must be about the cart: it names the cart, or the whole short
    # message is the request ("remove it"); "can I remove the hood?" is a question.
    words = V.WORD_RE.findall(low)
    cart_named = bool(V.CART_WORD_RE.search(low))
    remove = V.CART_REMOVE_RE.search(_blank(low, reading.cleared))
    if reading.take(V.CART_CLEAR_RE):
        s.cart = "clear"
    elif remove and (cart_named or (len(words) <= 4 and not low[: remove.start()].strip())):
        reading.cleared.append(remove.span())
        s.cart = "remove"
    # Viewing is decided once references are known ("the first one in my cart" adds).
    s.add_verb = bool(V.CART_ADD_VERB_RE.search(low))
    view = None if s.add_verb else V.CART_VIEW_RE.search(low)
    quantity = V.QUANTITY_RE.search(low)
    s.purchase_strong = bool(reading.take(V.PURCHASE_STRONG_RE))
    s.purchase_weak = bool(reading.take(V.PURCHASE_WEAK_RE))
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
    s.concept_named = any(key.startswith("@") for key in _keys(content))
    masked_words = [w for w in V.WORD_RE.findall(reading.masked) if V.asked_keys(w)]
    asked = [V.asked_keys(w) for w in masked_words]
    keys = frozenset().union(*asked)
    prev_category = previous.get("category")
    if index:
        # The item is the last word before a purpose ("headphones for running").
        item = _blank(low, reading.cleared)[: _purpose_start(low)]
        item_words = [w for w in V.WORD_RE.findall(item) if is_content(w)]
        head = frozenset().union(*map(V.asked_keys, item_words[-1:]))
        head_widened = head != frozenset().union(*map(V.word_keys, item_words[-1:]))
        category, tied = _match_category(
            index,
            keys,
            updates.get("gender", ""),
            prev_category,
            head,
            asked,
            [V.word_keys(w) for w in masked_words],
            head_widened,
        )
        if category or tied:
            updates["category"] = category  # None (cleared) when the tied paths share no parent
            updates["category_any"] = tied or None  # None clears an earlier tie
            s.category = category or tied[0]
            s.new_category = not _related(s.category, prev_category)

    s.deictic = bool(V.DEICTIC_RE.search(V.GIBT_ES_RE.sub(" ", low))) or bool(
        lang in V.DEICTIC_BY_LANGUAGE_RE and V.DEICTIC_BY_LANGUAGE_RE[lang].search(low)
    )
    opening = _blank(low, [m.span() for m in greeting]).strip(" ,.!")
    s.question = "?" in low or "¿" in low or bool(V.QUESTION_START_RE.match(opening))
    # a feature asked of what is in view ("are they waterproof?"); "wireless ones" narrows
    s.attribute_question = bool(V.ATTRIBUTE_RE.search(low)) or bool(
        V.FEATURE_RE.search(low) and not V.ANAPHORA_RE.search(ordinal_text)
    )
    s.references = _ordinal_references(ordinal_text, len(shown))
    if (
        not s.references
        and shown
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
        elif (s.deictic or s.add_verb) and len(shown) == 1:
            s.references = [0]
    # "do any of those come in black?", "which of these is the cheapest?": the whole list
    about_list, which, pronoun_only = list_question(low, lang, len(shown))
    s.about_list = about_list and not s.references and not s.new_category and (s.question or which)
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
    s.context = bool(shown) or any(
        v not in (None, "", [], {}) for k, v in previous.items() if k not in KEPT_ON_NEW_NEED
    )
    s.product_updates = frozenset(k for k in updates if k not in V.PRODUCT_UPDATE_IGNORED)
    s.anaphora = bool(V.ANAPHORA_RE.search(ordinal_text))
    # "I also need a hat, do you have warm ones?": another need, not the last one narrowed.
    s.another = bool(V.ANOTHER_NEED_RE.search(low)) or "," in low
    s.adjusts = adjusts or bool(relative) or exclude_brand or "sort" in updates
    s.relative_only = bool(relative) and s.reference is None
    intent, confidence = _decide_intent(s)

    query = _clean_query(_blank(reading.cased, reading.cleared))
    if intent == "recommend" and query:
        updates["query"] = query
    elif intent == "refine" and s.has_content and query:
        old = str(previous.get("query") or "").strip()
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
        about_list=s.about_list,
        list_pronoun=s.list_pronoun,
        question=s.question,
        cart=s.cart,
        quantity=_quantity(quantity) if quantity and intent == "purchase" else 1,
    )


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
            if negation or (refused_last and V.BRAND_CHAIN_RE.search(head)):
                reading.updates.setdefault("exclude_brands", []).append(name)
                reading.cleared.append((negation.start() if negation else 0, match.end()))
                refused_last = True
            else:
                reading.updates.setdefault("brands", []).append(name)
                refused_last = False
            masked = masked[: match.start()] + " " * len(match.group()) + masked[match.end() :]
    reading.masked = masked


def _read_adjustments(
    reading: _Reading, index: _FacetIndex | None, previous: Mapping[str, Any]
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
    if relative is None and take(V.CHEAP_RE) and "max_price" not in updates:
        updates["sort"] = "price_asc"
    exclude_brand = bool(take(V.OTHER_BRAND_RE))
    something_else = bool(take(V.SOMETHING_ELSE_RE))
    reading.something_else = something_else
    if take(V.OUT_OF_STOCK_OK_RE):
        updates["in_stock_only"] = False
    elif take(V.IN_STOCK_RE):
        updates["in_stock_only"] = True
    if take(V.ON_SALE_RE):
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
    if colors := color_tokens(reading.masked):
        updates["colors"] = colors
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
    if not size and (stated := V.SHOPPER_SIZE_RE.search(reading.low)):
        number = (
            stated.group("num") or stated.group("bare") or stated.group("shoe") or stated.group("a")
        )
        system = stated.group("system")
        if stated.group("wl"):
            size = " ".join(stated.group("wl").upper().replace("/", " ").split())
        else:
            number = number.replace(",", ".")
            size = f"{system.upper()} {number}" if system in ("us", "uk") else number
        reading.cleared.append(stated.span())
    size = {"2XL": "XXL", "3XL": "XXXL", "4XL": "XXXL"}.get(size, size)
    step = 1 if take(V.BIGGER_RE) else -1 if take(V.SMALLER_RE) else 0
    if size:
        updates["size"] = size
        take(V.SIZE_PHRASE_RE)
    elif step and previous.get("size"):
        updates["size"] = _step_size(str(previous["size"]), step)
    return relative, exclude_brand, something_else or bool(step)


def _decide_intent(s: _Signals) -> tuple[str, float]:
    """The intent and a confidence, by the first rule that holds (see the module docs)."""
    if s.cart:
        return "purchase", 0.9
    if s.greeting and not (
        s.has_content
        or s.product_updates
        or s.adjusts
        or s.need
        or s.purchase_strong
        or s.compare
        or s.references
    ):
        return "greeting", 0.95
    if s.purchase_strong:
        return "purchase", 0.9
    if s.purchase_weak and (
        s.reference is not None or s.page or (s.in_view and not s.new_category)
    ):
        return "purchase", 0.75
    if s.about_list and not s.cart:
        # a colour, size or feature asked of the list is answered product by product;
        # "which of these …?" with nothing asked picks by the comparison's takeaways
        asked = s.attribute_question or bool(s.product_updates & LIST_ATTRIBUTES)
        if s.compare or (s.which and not asked):
            return "compare", 0.85
        return "product_question", 0.8
    if s.add_verb and s.reference is not None and not (s.question or s.anaphora or s.compare):
        return "purchase", 0.85  # "add the second one", "dodaj czarne w 37"
    if s.compare or (len(s.references) >= 2 and s.question):
        return "compare", 0.85
    if (
        s.question
        and s.in_view
        and (s.reference is not None or s.deictic or s.attribute_question)
        and not (s.new_category and s.reference is None and not s.page)
        and not s.relative_only
        and not s.exclude_brand
    ):
        return "product_question", 0.8 if s.reference is not None else 0.7
    if s.reference is not None and s.in_view and not (s.product_updates or s.adjusts or s.need):
        return "product_question", 0.7  # "tell me about the second one"
    if s.browse and not s.category and not (s.product_updates - {"in_stock_only"}):
        return "browse", 0.85
    if s.context and s.anaphora and not (s.new_category or s.another) and s.reference is None:
        return "refine", 0.75  # "show me waterproof ones": the same need, narrowed
    if (
        s.context
        and (s.adjusts or s.product_updates)
        and (
            (not s.category and not (s.need and s.has_content))
            or (s.category and not s.new_category)
        )
    ):
        return "refine", 0.8
    if s.context and s.has_content and not (s.need or s.category or s.question or s.thanks):
        return "refine", 0.5
    if s.need or s.category or s.concept_named or s.product_updates:
        return "recommend", 0.85 if (s.need or s.category) else 0.6
    if s.reference is not None and s.in_view:
        return "product_question", 0.6
    if s.thanks:
        return "other", 0.9
    if s.browse:
        return "browse", 0.6
    return "other", 0.4


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with each span replaced by spaces (positions unchanged)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def search_text(text: str) -> str:
    """A whole message as a semantic query (edge filler and punctuation trimmed)."""
    return _clean_query(" ".join(text.split()))


def _clean_query(text: str) -> str:
    """The semantic query: what is left, trimmed of punctuation and edge filler words."""
    words = re.sub(r"[^\w'&+-]+", " ", text).split()
    while words and (words[0].lower() in V.EDGE_WORDS or not any(c.isalpha() for c in words[0])):
        words.pop(0)
    while words and (words[-1].lower() in V.EDGE_WORDS or not any(c.isalpha() for c in words[-1])):
        words.pop()
    return " ".join(words)


@lru_cache(maxsize=4096)
def is_content(word: str) -> bool:
    """Whether a leftover word carries a need: not filler, an ordinal or an attribute word."""
    if word in V.STOPWORD_SET or word in V.ORDINAL_INDEX or color_tokens(word):
        return False
    found = extract_attributes(word, "")
    return not (found["material"] or found["gender"]) and word not in ("size", "sizes")


def _related(path: str | None, other: str | None) -> bool:
    """Whether two category paths are the same or one contains the other."""
    if not path or not other:
        return False
    return path == other or path.startswith(other + " > ") or other.startswith(path + " > ")


def _step_size(size: str, step: int) -> str:
    """The next size up (step 1) or down (-1): M -> L, 42 -> 43, 42.5 -> 43.5, UK 5 -> UK 6."""
    upper = size.upper()
    if upper in _LETTER_SIZES:
        position = min(max(_LETTER_SIZES.index(upper) + step, 0), len(_LETTER_SIZES) - 1)
        return _LETTER_SIZES[position]
    system, _, number = size.rpartition(" ") if size[:1].isalpha() else ("", "", size)
    try:
        value = float(number.replace(",", ".")) + step
    except ValueError:
        return size
    stepped = str(int(value)) if value.is_integer() else str(value)
    return f"{system} {stepped}" if system else stepped


def _ordinal_references(text: str, count: int) -> list[int]:
    """Positions named by ordinals ("the second one", "das zweite", "#3"), in text order."""
    if not count:
        return []
    if run := V.card_run(text, count):
        return run
    found: list[tuple[int, int]] = []
    for match in V.ORDINAL_RE.finditer(text):
        position = V.ORDINAL_INDEX[" ".join(match.group().split())]
        found.append((match.start(), count - 1 if position == -1 else position))
    for match in V.NUMBERED_RE.finditer(text):
        found.append((match.start(), int(match.group(1)) - 1))
    positions: list[int] = []
    for _, position in sorted(found):
        if 0 <= position < count and position not in positions:
            positions.append(position)
    return positions


def _noun_reference(
    keys: frozenset[str], colors: list[str], shown: Sequence[Mapping[str, Any]]
) -> int | None:
    """The one shown card whose title, category or brand shares the most words with the message."""
    scores = []
    for card in shown:
        text = " ".join(str(card.get(k) or "") for k in ("title", "category", "brand"))
        card_keys = _keys(V.WORD_RE.findall(text.lower()))
        score = len(keys & card_keys)
        if colors:
            score += len(set(colors) & set(color_tokens(f"{text} {card.get('color') or ''}")))
        scores.append(score)
    top = max(scores, default=0)
    return scores.index(top) if top > 0 and scores.count(top) == 1 else None


# --- merging -------------------------------------------------------------------------------------


def merge_preferences(
    previous: Mapping[str, Any] | None,
    understanding: Understanding,
    shown: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The preferences after a message.

    Rules:

    * ``refine`` (and ``browse``) keep everything and override what the message
      gives; a key updated to ``None`` is removed.
    * ``recommend`` is a new need when it names a category unrelated to the
      previous one (neither contains the other), or names none while the
      previous preferences had a category: it starts fresh, keeping only
      :data:`KEPT_ON_NEW_NEED` (currency, stock setting, page product,
      language). Budget goes too, since a budget belongs to a need.
      A recommend within the same category tree keeps and overrides.
    * Other intents (questions, comparisons, purchases, greetings) change nothing
      but the relative/brand rules below, which they rarely carry.
    * ``"cheaper"``: ``max_price`` = the lowest shown price (the referenced
      card's, when there is one) minus a cent, unless the message gave one.
      ``"pricier"``: ``min_price`` = the highest shown (or referenced) price.
      A contradicting opposite bound is dropped.
    * ``exclude_reference_brand``: the referenced card's brand (all shown brands
      without a reference) joins ``exclude_brands`` and leaves ``brands``.
      Excluded brands accumulate; a brand asked for again leaves the exclusions.
    * ``in_stock_only`` defaults to ``True``.

    Args:
        previous: The preferences so far (``None`` on the first turn).
        understanding: The message's :class:`Understanding`.
        shown: The cards on screen when the message was sent.

    Returns:
        A new preferences dict (``previous`` is not modified).
    """
    prev = dict(previous or {})
    updates = understanding.updates
    intent = understanding.intent
    if intent == "recommend" and _starts_fresh(prev, updates):
        prefs = {key: prev[key] for key in KEPT_ON_NEW_NEED if key in prev}
    else:
        prefs = prev
    excluded = list(prefs.get("exclude_brands") or [])
    if "exclude_brands" in updates and updates["exclude_brands"] is None:
        excluded = []  # "any brand": the refusals go too
    if intent in MERGING_INTENTS:
        for key, value in updates.items():
            if value is None:
                prefs.pop(key, None)
            else:
                prefs[key] = list(value) if isinstance(value, list) else value
        for brand in updates.get("exclude_brands") or ():
            if brand not in excluded:
                excluded.append(brand)
        excluded = [b for b in excluded if b not in (updates.get("brands") or ())]

    cards = list(shown)
    if understanding.reference is not None and 0 <= understanding.reference < len(cards):
        cards = [cards[understanding.reference]]
    prices = [p for p in (_price(card) for card in cards) if p is not None]
    # "cheaper" than one product means below its price; than a list, below its median (the
    # cheapest of a list is usually the cheapest there is, so "below all" finds nothing).
    pivot = statistics.median(prices) if prices else 0.0
    # Never looser than the bound already set: the cards may be the closest items shown
    # when nothing matched, which can all lie outside it.
    # Only a search changes the budget: "is the second one cheaper?" or "I'll take the
    # cheaper one" compare or pick among the cards, and must not leave a hidden bound.
    relative = understanding.relative if intent in MERGING_INTENTS else None
    if relative == "cheaper" and prices and "max_price" not in updates:
        cap = round(pivot - 0.01, 2)
        prefs["max_price"] = min(cap, prefs.get("max_price", cap))
        if prefs.get("min_price") is not None and prefs["min_price"] >= prefs["max_price"]:
            prefs.pop("min_price")
    elif relative == "pricier" and prices and "min_price" not in updates:
        floor = round(pivot + 0.01, 2)
        prefs["min_price"] = max(floor, prefs.get("min_price", floor))
        if prefs.get("max_price") is not None and prefs["max_price"] <= prefs["min_price"]:
            prefs.pop("max_price")
    if understanding.exclude_reference_brand:
        for brand in (str(card.get("brand") or "") for card in cards):
            if brand and brand not in excluded:
                excluded.append(brand)
    if excluded:
        prefs["exclude_brands"] = excluded
        kept = [b for b in prefs.get("brands") or () if b not in excluded]
        if kept:
            prefs["brands"] = kept
        else:
            prefs.pop("brands", None)
    else:
        prefs.pop("exclude_brands", None)
    prefs.setdefault("in_stock_only", True)
    return prefs


def _starts_fresh(previous: Mapping[str, Any], updates: Mapping[str, Any]) -> bool:
    """Whether a recommend's updates describe a new need rather than the previous one."""
    old = previous.get("category")
    new = updates.get("category")
    if new:
        return bool(old) and not _related(new, old)
    return bool(old) and bool(updates.get("query"))


def _price(card: Mapping[str, Any]) -> float | None:
    """What a card costs now (its sale price when on sale), or ``None`` when unreadable."""
    try:
        return float(card.get("effective_price", card.get("price")))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
