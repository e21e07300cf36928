"""The LLM seam: one place that builds the chat model, and the two jobs it may do.

The graph works without an LLM (rules and templates). With one configured
(``AISLE_LLM_MODEL`` + ``OPENAI_BASE_URL``), it classifies intent with
structured output (JSON schema; tool calling is not assumed, since local
llama.cpp servers lack it) and composes replies. Any error, timeout or
implausible answer falls back to the rules: an LLM can only improve a turn.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from graph.context import Context
from sync import money

log = logging.getLogger(__name__)

INTENTS = ("greeting", "browse", "recommend", "refine", "product_question", "compare",
           "purchase", "other")  # fmt: skip


#: Small models follow "write in German" better than "write in de".
LANGUAGE_NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish",
                  "it": "Italian", "hr": "Croatian", "pl": "Polish", "lt": "Lithuanian",
                  "ru": "Russian"}  # fmt: skip


class IntentOutput(BaseModel):
    """What the LLM is asked to return for a shopper's message."""

    intent: str = Field(description="one of: " + ", ".join(INTENTS))
    language: str = Field(description="ISO 639-1 code of the message")
    query: str = Field("", description="the product need, in the catalogue's language")
    min_price: float | None = None
    max_price: float | None = None
    colors: list[str] = Field(default_factory=list)
    size: str | None = None
    gender: str | None = None
    brand: str | None = None
    reference: int | None = Field(None, description="1-based position of a shown product")
    references: list[int] = Field(
        default_factory=list, description="every shown product referred to, 1-based, in order"
    )
    exclude_brands: list[str] = Field(default_factory=list, description="brands not wanted")
    relative: str | None = Field(None, description="cheaper or pricier than those shown")
    something_else: bool = Field(False, description="wants other products than those shown")
    cart: str | None = Field(None, description="view, remove or clear: about the cart itself")
    quantity: int | None = Field(None, description="how many to add to the cart")


CART_ACTIONS = (None, "view", "remove", "clear")
#: A quantity beyond this is a misreading (a price, a size), not an order.
MAX_QUANTITY = 20


def load_chat_model(ctx: Context) -> Any | None:
    """The configured chat model, or ``None`` for rules only. Tests patch this seam."""
    if not ctx.llm_enabled:
        return None
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(
        model=ctx.llm_model,
        base_url=ctx.llm_base_url,
        api_key=os.environ.get("OPENAI_API_KEY") or "not-needed",  # type: ignore[arg-type]
        timeout=ctx.llm_timeout,
        max_retries=0,
        temperature=0,
        max_tokens=400,  # bounds a runaway generation on a slow local model
    )


def llm_understand(
    model: Any,
    ctx: Context,
    text: str,
    shown: Sequence[Mapping[str, Any]],
    facets: Mapping[str, Any],
) -> IntentOutput | None:
    """Ask the LLM for intent and preferences; ``None`` on any failure or nonsense.

    Labels are normalised (``" Recommend"`` → ``"recommend"``, ``"DE"`` → ``"de"``) and
    prices that appear nowhere in the shopper's text are dropped (the rules' reading
    of the text stands), so neither a hallucination nor an injected instruction can
    widen a budget the shopper stated.
    """
    try:
        categories = [n["path"] for n in facets.get("categories", [])][:12]
        system = ctx.intent_prompt.format(
            catalogue_language=ctx.catalogue_language,
            shown=json.dumps([s.get("title") for s in shown][:5], ensure_ascii=False),
            categories=json.dumps(categories, ensure_ascii=False),
        )
        result = _structured_invoke(model, [("system", system), ("human", text)])
    except Exception as exc:  # noqa: BLE001 - any failure of the endpoint means "use the rules"
        log.warning("LLM intent failed, using rules: %s", exc)
        return None
    if isinstance(result, Mapping):
        try:
            result = IntentOutput.model_validate(dict(result))
        except ValueError:
            log.warning("LLM intent malformed, using rules: %r", result)
            return None
    if not isinstance(result, IntentOutput):
        log.warning("LLM intent malformed, using rules: %r", result)
        return None
    result = _normalised(result, text)
    if not plausible(result, len(shown)):
        log.warning("LLM intent implausible, using rules: %r", result)
        return None
    return result


#: Errors that mean the endpoint is unreachable or too slow: retrying with another
#: output method would only double the wait.
_TRANSPORT_ERRORS = ("Timeout", "ConnectError", "APIConnectionError", "ConnectionError")


def _structured_invoke(model: Any, messages: list[tuple[str, str]]) -> Any:
    """JSON-schema structured output; JSON mode when the server rejects the schema.

    llama.cpp and most OpenAI-compatible servers take ``response_format`` of type
    ``json_schema``; a server that refuses it (an API error, not a timeout) gets one
    more try in JSON mode, where the prompt alone describes the fields.
    """
    try:
        return model.with_structured_output(IntentOutput, method="json_schema").invoke(messages)
    except Exception as exc:
        names = {type(e).__name__ for e in (exc, exc.__cause__, exc.__context__) if e}
        if any(t in n for n in names for t in _TRANSPORT_ERRORS):
            raise
        log.info("json_schema structured output failed (%s); retrying in JSON mode", exc)
        return model.with_structured_output(IntentOutput, method="json_mode").invoke(messages)


def _numbers_in(text: str) -> set[float]:
    """Every reading of the numbers in ``text`` ("1.299,50", "1,299.50", "80", "2k", "150 mil")."""
    return {float(value) for value in money.readings(text)}


def _grounded(price: float, numbers: set[float]) -> bool:
    return any(abs(price - n) < 0.01 for n in numbers)


def _normalised(out: IntentOutput, text: str) -> IntentOutput:
    """Lower-case labels; drop prices the shopper never wrote."""
    numbers = _numbers_in(text)
    changes: dict[str, Any] = {
        "intent": out.intent.strip().casefold(),
        "language": out.language.strip().casefold(),
        "relative": (out.relative or "").strip().casefold() or None,
        # "add" is the purchase intent itself, not an action on the cart's lines
        "cart": (out.cart or "").strip().casefold().replace("add", "") or None,
    }
    for key in ("min_price", "max_price"):
        price = getattr(out, key)
        valid = price is not None and math.isfinite(price) and price >= 0
        if valid and not _grounded(price, numbers):
            log.info("LLM %s=%s is not in the shopper's text; ignored", key, price)
            changes[key] = None
    return out.model_copy(update=changes)


def plausible(out: IntentOutput, shown: int) -> bool:
    """Reject schema-valid nonsense: unknown intents, negative, NaN or inverted prices."""
    if out.intent not in INTENTS:
        return False
    prices = [p for p in (out.min_price, out.max_price) if p is not None]
    if any(not math.isfinite(p) or p < 0 for p in prices):
        return False
    if out.min_price is not None and out.max_price is not None and out.min_price > out.max_price:
        return False
    positions = [p for p in (out.reference, *out.references) if p is not None]
    if any(not 1 <= p <= max(shown, 1) for p in positions):
        return False
    if out.relative not in (None, "cheaper", "pricier") or out.cart not in CART_ACTIONS:
        return False
    if out.quantity is not None and not 1 <= out.quantity <= MAX_QUANTITY:
        return False
    return len(out.language) == 2 and out.language.isalpha()


def llm_reply(
    model: Any, ctx: Context, language: str, need: str, cards: Sequence[Mapping[str, Any]]
) -> str | None:
    """Compose a recommendation reply from the cards; ``None`` on failure.

    A reply quoting an amount of money that is not a price of the cards (nor a
    number of the need) is rejected: the templates answer instead of an invented price.
    """
    try:
        facts = [
            {k: c.get(k) for k in ("title", "brand", "price", "sale_price", "currency",
                                   "variants", "reason")}
            for c in cards
        ]  # fmt: skip
        system = ctx.reply_prompt.format(
            language=LANGUAGE_NAMES.get(language, language),
            need=need,
            cards=json.dumps(facts, ensure_ascii=False, default=str),
        )
        message = model.invoke([("system", system), ("human", need or "recommend")])
    except Exception as exc:  # noqa: BLE001
        log.warning("LLM reply failed, using templates: %s", exc)
        return None
    content = getattr(message, "content", "")
    if isinstance(content, list):  # content blocks
        content = "".join(
            b if isinstance(b, str) else str(b.get("text", "")) if isinstance(b, Mapping) else ""
            for b in content
        )
    text = str(content or "").strip()
    if not text:
        return None
    allowed = _numbers_in(need)
    for c in cards:
        for key in ("price", "sale_price", "effective_price"):
            try:
                allowed.add(float(c.get(key)))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                continue
    invented = [a for a in _quoted_amounts(text, language) if not _grounded(a, allowed)]
    if invented:
        log.warning("LLM reply quotes prices not in the cards %s, using templates", invented)
        return None
    return text


def _quoted_amounts(text: str, language: str | None = None) -> list[float]:
    """Amounts of money written in ``text`` with a currency ("$56.99", "56,99 €", "1 299 zł")."""
    return [float(m.amount) for m in money.find_money(text, language) if m.explicit]
