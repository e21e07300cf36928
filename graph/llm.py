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
import os
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from graph.context import Context

log = logging.getLogger(__name__)

INTENTS = ("greeting", "browse", "recommend", "refine", "product_question", "compare",
           "purchase", "other")  # fmt: skip


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
    )


def llm_understand(
    model: Any,
    ctx: Context,
    text: str,
    shown: Sequence[Mapping[str, Any]],
    facets: Mapping[str, Any],
) -> IntentOutput | None:
    """Ask the LLM for intent and preferences; ``None`` on any failure or nonsense."""
    categories = [n["path"] for n in facets.get("categories", [])][:12]
    system = ctx.intent_prompt.format(
        catalogue_language=ctx.catalogue_language,
        shown=json.dumps([s.get("title") for s in shown][:5], ensure_ascii=False),
        categories=json.dumps(categories, ensure_ascii=False),
    )
    try:
        structured = model.with_structured_output(IntentOutput, method="json_schema")
        result = structured.invoke([("system", system), ("human", text)])
    except Exception as exc:  # noqa: BLE001 - any failure of the endpoint means "use the rules"
        log.warning("LLM intent failed, using rules: %s", exc)
        return None
    if isinstance(result, dict):
        try:
            result = IntentOutput.model_validate(result)
        except ValueError:
            return None
    if not isinstance(result, IntentOutput) or not plausible(result, len(shown)):
        log.warning("LLM intent implausible, using rules: %r", result)
        return None
    return result


def plausible(out: IntentOutput, shown: int) -> bool:
    """Reject schema-valid nonsense: unknown intents, negative or inverted prices."""
    if out.intent not in INTENTS:
        return False
    if any(p is not None and p < 0 for p in (out.min_price, out.max_price)):
        return False
    if out.min_price is not None and out.max_price is not None and out.min_price > out.max_price:
        return False
    if out.reference is not None and not 1 <= out.reference <= max(shown, 1):
        return False
    return len(out.language) == 2 and out.language.isalpha()


def llm_reply(
    model: Any, ctx: Context, language: str, need: str, cards: Sequence[Mapping[str, Any]]
) -> str | None:
    """Compose a recommendation reply from the cards; ``None`` on failure."""
    facts = [
        {k: c.get(k) for k in ("title", "brand", "price", "sale_price", "currency", "variants",
                               "reason")}
        for c in cards
    ]  # fmt: skip
    system = ctx.reply_prompt.format(
        language=language, need=need, cards=json.dumps(facts, ensure_ascii=False)
    )
    try:
        message = model.invoke([("system", system), ("human", need or "recommend")])
    except Exception as exc:  # noqa: BLE001
        log.warning("LLM reply failed, using templates: %s", exc)
        return None
    text = str(getattr(message, "content", "") or "").strip()
    return text or None
