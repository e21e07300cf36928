"""The graph's state: narrow, typed, documented; input ⊂ state ⊃ output.

Run settings and clients never live here (see :mod:`graph.context`). Scratch
channels (``candidates``, ``turn``) are rewritten every turn.
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


def merge_trace(old: dict[str, Any] | None, new: dict[str, Any] | None) -> dict[str, Any]:
    """Accumulate a turn's trace across nodes; a ``{"reset": True, ...}`` update starts over."""
    if not new:
        return old or {}
    if new.get("reset"):
        return {k: v for k, v in new.items() if k != "reset"}
    merged = dict(old or {})
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


class Turn(TypedDict, total=False):
    """One turn's scratch: the understanding's reading, then what the nodes decided.

    Written by the intent node from the typed reading (:class:`graph.rules.Understanding`);
    later nodes add their decisions; the reply reads it all and never the message itself.
    """

    # the reading (intent node)
    reference: int | None  # the card the message points at, 0-based
    references: list[int]  # every card pointed at, in order
    about_list: bool  # a question about every card shown
    picks: bool  # asks to pick ("which of them …?"), with one card shown too
    counted: int | None  # how many products it counts ("of these three"), if it does
    of_list: bool  # it points at the list by a word ("de esos", "davon")
    cart: str | None  # "view", "remove", "clear": about the cart itself
    quantity: int  # how many to add
    updates: dict[str, Any]  # the preference changes this message makes
    relative: str | None  # "cheaper" / "pricier" than what was shown
    foreign_budget: dict[str, Any] | None  # a budget in another currency than the shop's
    exclude_groups: list[str]  # "something else": groups not to show again
    features: list[tuple[str, str]]  # (concept, shopper's word) features asked
    concepts: list[str]  # question concepts asked ("dimensions", "material")
    asks_brands: bool  # browsing asks for the brands
    topic: list[str]  # the message's words without filler: what a question is about
    add_found: bool  # a cart addition naming no card on screen: searched, then added or offered
    also_add: list[str]  # more product ids the same addition names ("the X and the Y")
    # products priced in one question ({"ids", "sizes", "how", "counts"})
    priced: dict[str, Any] | None
    measure: str | None  # "largest" / "smallest": the list's product by its size
    swap: list[str] | None  # an exchange: the words naming the cart line taken out ([]: none)
    # decisions (elicitor, retrieve, product, cart)
    ask: bool  # the elicitor asks instead of searching
    questions: list[str]  # ... these clarifying question keys
    relax: dict[str, Any]  # a constraint relaxed ({"key", "closest"}) when nothing fit
    products: list[dict[str, Any]]  # the products a question or comparison is about
    list_none: dict[str, Any]  # asked of the list, none had it ({"color", "size"})
    added: dict[str, Any] | None  # the cart line added
    added_also: list[dict[str, Any]]  # ... and the lines the same addition added after it
    removed: list[dict[str, Any]]  # cart lines removed
    unavailable: dict[str, Any] | None  # the product asked for, out of stock
    which_size: dict[str, Any] | None  # the sizes to ask between before adding
    not_carried: str  # the need's words the reply said the shop does not carry


class InputState(TypedDict, total=False):
    """What a caller sends each turn."""

    messages: Annotated[list[AnyMessage], add_messages]
    page_url: str  # the product page the shopper has open, if any


class OutputState(TypedDict, total=False):
    """What a caller reads after a turn (the contract in DESIGN.md)."""

    messages: Annotated[list[AnyMessage], add_messages]
    intent: str  # greeting, browse, recommend, refine, product_question, compare, purchase, other
    language: str  # ISO 639-1 of the shopper's last message
    preferences: dict[str, Any]  # the accumulated need and hard constraints
    phase: str  # exploring, detailing, narrowing, selling
    recommendations: list[dict[str, Any]]  # product cards of this turn ([] when none)
    suggestions: list[str]  # clarifying questions / next steps, clickable in a UI
    cart: list[dict[str, Any]]  # the session's cart (cards with quantity)
    trace: Annotated[dict[str, Any], merge_trace]  # why the turn did what it did


class State(InputState, OutputState, total=False):
    """Everything the nodes share."""

    shown: list[dict[str, Any]]  # the last list of cards shown ("the second one" refers here)
    focus: dict[str, Any] | None  # the product being discussed (a reference or the open page)
    compared: list[dict[str, Any]]  # the last comparison's products ("which one is cheaper?")
    seen: list[str]  # groups shown for this need ("something else" skips them all)
    # the first card of each list shown before, latest first: a price question may name
    # one ("сколько выйдет за подушку и валик вместе?" after the pillows, then bolsters)
    earlier: list[dict[str, Any]]
    questions_asked: int  # clarifying rounds since products were last proposed (bounded)
    candidates: list[dict[str, Any]]  # scratch: retrieve → rerank → diversify
    turn: Turn  # scratch: this turn's reading and decisions (:class:`Turn`)
