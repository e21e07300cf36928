"""What every node shares: the node type, its timing in the trace, the shopper's last message."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime

from graph.context import Context
from graph.state import State

Node = Callable[[State, Runtime[Context]], dict[str, Any]]


def timed(name: str) -> Callable[[Callable[..., dict[str, Any]]], Callable[..., dict[str, Any]]]:
    """Record a node's wall time in the turn's trace."""

    def wrap(func: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
        @wraps(func)
        def inner(*args: Any, **kwargs: Any) -> dict[str, Any]:
            start = time.perf_counter()
            update = func(*args, **kwargs)
            elapsed = round((time.perf_counter() - start) * 1000, 2)
            trace = update.setdefault("trace", {})
            trace.setdefault("timings_ms", {})[name] = elapsed
            return update

        return inner

    return wrap


#: A shopper's message is read up to this many characters: a need fits in far less, and a
#: megabyte of text must not become a megabyte of query, prompt or reply.
MAX_MESSAGE_CHARS = 2000


def last_user_text(state: State) -> str:
    """The shopper's latest message as text, cut to ``MAX_MESSAGE_CHARS``."""
    for message in reversed(state.get("messages", [])):
        if isinstance(message, HumanMessage) or getattr(message, "type", "") == "human":
            content = message.content
            text = content if isinstance(content, str) else " ".join(map(str, content))
            return text[:MAX_MESSAGE_CHARS]
    return ""


def category_named(prefs: Mapping[str, Any]) -> bool:
    """Whether the need names a category (the search is then inside it)."""
    return bool(prefs.get("category") or prefs.get("category_any"))
