"""The intent a message's signals decide: one ordered set of rules, with a confidence.

:func:`graph.rules.understand` reads the signals (:class:`Signals`: cues, references,
constraints, what is in view); :func:`decide_intent` turns them into an intent. Kept apart
so the order of the rules reads in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Preference keys that, asked of the list shown, are answered from its variants.
LIST_ATTRIBUTES = frozenset({"colors", "size", "material"})


@dataclass
class Signals:
    """What the rules saw in a message, for :func:`decide_intent`."""

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
    names_thing: bool = False  # ... of which one neither asks, nor is vague, nor a place
    concept_named: bool = False  # a known product word, even one the facets lack
    category: str | None = None
    new_category: bool = False
    reference: int | None = None
    references: list[int] = field(default_factory=list)
    about_list: bool = False  # a question about every card shown ("any of those in black?")
    which: bool = False  # ... that asks the list to pick ("which of these is cheapest?")
    list_pronoun: bool = False  # ... by a bare pronoun ("are they …?")
    add_verb: bool = False  # a verb that puts things in a cart ("add", "dodaj", "añade")
    continues_add: bool = False  # "and the brown ones too" right after an add
    in_view: bool = False  # cards shown or a product page open
    one_in_view: bool = False  # exactly one product: one card, or the page open
    asks: bool = False  # opens with a question word ("czy", "jakie", "how")
    page: bool = False
    context: bool = False  # cards shown or preferences so far
    product_updates: frozenset[str] = frozenset()
    anaphora: bool = False  # "waterproof ones", "a lighter one": more of what is being sought
    cart: str | None = None  # view / remove / clear
    another: bool = False  # "also", "now", a second clause: maybe a new need
    new_kind: bool = False  # names a kind of product the need so far did not
    other_kind: bool = False  # ... and the need so far named one


def decide_intent(s: Signals) -> tuple[str, float]:
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
    # "ne prendo due, una M e una L: quanto spendo?" asks what buying would cost
    if (
        s.purchase_weak
        and not s.question
        and (s.reference is not None or s.page or (s.in_view and not s.new_category))
    ):
        return "purchase", 0.75
    if s.about_list and not s.cart:
        # a colour, size or feature asked of the list is answered product by product;
        # "which of these …?" with nothing asked picks by the comparison's takeaways
        asked = s.attribute_question or bool(s.product_updates & LIST_ATTRIBUTES)
        if s.compare or (s.which and not asked):
            return "compare", 0.85
        return "product_question", 0.8
    # "add black ones" narrows; "and the black ones too" right after an add buys them
    anaphora = s.anaphora and not s.continues_add
    if s.add_verb and s.reference is not None and not (s.question or anaphora or s.compare):
        return "purchase", 0.85  # "add the second one", "dodaj czarne w 37"
    if s.add_verb and s.deictic and s.in_view and not (s.question or s.compare or s.need):
        return "purchase", 0.8  # "dodaj ją", "add that": the product in focus (the cart asks)
    if s.continues_add and not (s.question or s.compare):
        # "y el cojín de punto gordo de Linenry también" right after an add: bought too,
        # a product searched for when it is none on screen
        return "purchase", 0.75
    if s.compare or (len(s.references) >= 2 and s.question):
        return "compare", 0.85
    if (
        s.question
        and s.in_view
        and (s.reference is not None or s.deictic or s.attribute_question)
        and not ((s.new_category or s.new_kind) and s.reference is None and not s.page)
        and not s.relative_only
        and not s.exclude_brand
    ):
        return "product_question", 0.8 if s.reference is not None else 0.7
    if s.reference is not None and s.in_view and not (s.product_updates or s.adjusts or s.need):
        return "product_question", 0.7  # "tell me about the second one"
    if (
        s.asks
        and s.one_in_view
        and not (s.need or s.category or s.new_category or s.product_updates or s.browse)
        and not (s.compare or s.thanks or s.adjusts)
    ):
        return "product_question", 0.6  # "jakie ma wymiary?" with one product in view
    if s.browse and not s.category and not (s.product_updates - {"in_stock_only"}):
        if s.names_thing:
            return "recommend", 0.7  # "что у вас есть с ленивцем?": things with a sloth
        return "browse", 0.85
    if s.context and s.anaphora and not (s.new_category or s.another) and s.reference is None:
        return "refine", 0.75  # "show me waterproof ones": the same need, narrowed
    if (
        s.context
        and not s.new_kind
        and (s.adjusts or s.product_updates)
        and (
            (not s.category and not (s.need and s.has_content))
            or (s.category and not s.new_category)
        )
    ):
        return "refine", 0.8
    # "i jeszcze wisiorek z przynętą", "und den Eierkocher … auch" after necklaces: a kind
    # in place of the one sought is another need, however it is said
    if (
        s.context
        and s.has_content
        and not (s.need or s.category or s.question or s.thanks or s.other_kind)
    ):
        return "refine", 0.5
    if s.need or s.category or s.concept_named or s.product_updates or s.new_kind:
        return "recommend", 0.85 if (s.need or s.category) else 0.6
    if s.reference is not None and s.in_view:
        return "product_question", 0.6
    if s.thanks:
        return "other", 0.9
    if s.browse:
        return "browse", 0.6
    return "other", 0.4
