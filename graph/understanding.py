"""The typed reading of one message: what the rules reader and the LLM reader both produce.

Readers fill an :class:`Understanding`; :mod:`graph.combine` merges two of them, and the
nodes act on the result. Nothing here reads text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from graph import vocabulary as V

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
        features: ``(concept, the shopper's word)`` for each product feature asked about
            ("is it waterproof?"), for the answer; the reply reads these, never the text.
        concepts: The question concepts (:data:`graph.answers.CONCEPTS`) the message asks
            about ("how big" → ``dimensions``): the product sentences worth quoting.
        asks_brands: Browsing asks which brands the shop has.
        topic: The message's words, lowercased, without filler words: what a question is
            about (matched against a product's text or a cart line's title).
        sizes: Every size the message names when it names several, in its systems ("I'm
            a UK 6 which is EU 39": ``["UK 6", "39"]``); ``updates["size"]`` holds the first,
            and the conversation keeps the one the shop sells.
        product: The id of the product the message names by its title words, shown or
            not; read with the catalogue's lexical index (:func:`graph.named_readings.read_named`).
        priced: The products one question asks the price of ("was kosten X und Y
            zusammen?"): their ids, the size said with each, and whether their sum
            ("total"), their difference or each price is asked (:mod:`graph.price_questions`).
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
    picks: bool = False  # asks the list to pick ("which of them …?"), however many are shown
    counted: int | None = None  # how many products it counts ("z tych trzech"), if it does
    of_list: bool = False  # it points at the list by a word ("de esos", "davon")
    question: bool = False  # asked as a question ("?", "how …", "¿…")
    continues_add: bool = False  # "and the brown ones too" right after an add: add them
    asks: bool = False  # opens with a question word ("ile", "kuri", "how")
    features: list[tuple[str, str]] = field(default_factory=list)  # (concept, word) asked
    concepts: list[str] = field(default_factory=list)  # "how big", "made of": what to quote
    asks_brands: bool = False  # browsing asks for the brands, not the categories
    topic: list[str] = field(default_factory=list)  # the message's words, filler left out
    product: str | None = None  # the product named by its title (graph.turn_readings)
    also_add: list[str] = field(default_factory=list)  # more products one addition names
    measure: str | None = None  # "which is the biggest?": "largest" (or "smallest")
    sizes: list[str] = field(default_factory=list)  # several sizes named ("UK 6 … EU 39")
    # several products priced in one question: {"ids", "sizes", "how"} (graph.price_questions)
    priced: dict[str, Any] | None = None
