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
    questions_asked: int  # clarifying rounds since products were last proposed (bounded)
    candidates: list[dict[str, Any]]  # scratch: retrieve → rerank → diversify
    turn: dict[str, Any]  # scratch: this turn's understanding (reference, relative, asked…)
