"""The readers under test, and the one place that maps their output onto the corpus schema.

Everything that knows how ``graph`` spells its readings lives in this module:
:func:`reader_previous` (corpus context -> the reader's ``previous``), :func:`to_schema`
(a reading -> corpus labels) and the three ways of reading a message:

* ``rules``: ``graph.rules.understand`` with the catalogue's facets, the cards shown
  and the previous need.
* ``llm``: ``graph.llm.llm_understand`` alone (what the model says, after the
  module's own plausibility checks), as an ``Understanding`` by ``graph.combine.from_llm``;
  ``None`` when it failed.
* ``combined``: ``graph.combine.combine`` in its default mode (the LLM only where
  the rules are unsure, and then only adding).

``context.after`` (the question the assistant just asked) has no input in either
reader's signature, so it is not passed: those messages measure what a reader that
takes it will have to get right.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bench.understanding.catalogues import Catalogue

#: The catalogue's own language (the LLM translates the need into it).
CATALOGUE_LANGUAGE = {
    "demo": "en",
    "pl_shoes": "pl",
    "ru_sauna": "ru",
    "lt_home": "lt",
    "fr_jewellery": "fr",
    "es_tees": "es",
    "us_bedding": "en",
}

_LETTER = {"XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"}
_LETTER_ALIAS = {"2XL": "XXL", "3XL": "XXXL", "XXXXL": "XXXL", "4XL": "XXXL"}
_SYSTEM_RE = re.compile(r"^(EU|US|UK|FR|IT)\s*(.+)$", re.IGNORECASE)
_DIMENSION_RE = re.compile(r"^(\d+(?:[.,]\d+)?)\s*[x×х*/]\s*(\d+(?:[.,]\d+)?)(?:\s*cm)?$", re.I)


def reader_previous(record: Mapping[str, Any]) -> dict[str, Any]:
    """The corpus' ``context.previous`` (schema slots) as the rules reader's preferences."""
    previous = dict(record.get("context", {}).get("previous") or {})
    out: dict[str, Any] = {}
    if need := previous.get("need"):
        out["query"] = need if isinstance(need, str) else need[0]
    for key in ("max_price", "min_price", "currency", "brands", "gender"):
        if key in previous:
            out[key] = previous[key]
    if "colours" in previous:
        out["colors"] = previous["colours"]
    if size := previous.get("size"):
        out["size"] = size["value"]
    return out


def size_label(raw: Any) -> dict[str, str | None] | None:
    """A reader's size string as ``{value, system}`` ("US 9", "xl", "60×200 см", "42")."""
    text = " ".join(str(raw or "").replace("см", "cm").split())
    if not text:
        return None
    upper = text.upper().replace(" ", "")
    upper = _LETTER_ALIAS.get(upper, upper)
    if upper in _LETTER:
        return {"value": upper, "system": "letter"}
    if dimension := _DIMENSION_RE.match(text):
        return {"value": f"{dimension.group(1)}x{dimension.group(2)}", "system": "cm"}
    if system := _SYSTEM_RE.match(text):
        return {"value": system.group(2).replace(",", "."), "system": system.group(1).upper()}
    return {"value": text.replace(",", "."), "system": None}


def to_schema(
    reading: Any,
    shown: Sequence[Mapping[str, Any]],
    previous: Mapping[str, Any] | None = None,
    catalogue_cards: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """A reader's output as corpus labels: ``{"intent", "language", "slots"}``.

    Takes a ``graph.rules.Understanding`` (rules, combined) or a ``graph.llm.IntentOutput``
    (the LLM alone), the reader's ``previous`` (see :func:`reader_previous`) and the
    catalogue's ``catalogue_cards`` (the product named by its title is labelled by its title).
    Conventions of the rules reader undone here: a refine's query starts with the
    previous query (only the new words are this message's need); a need read as a
    category or collection filter with no query left is that filter's name; every
    card shown, referenced, is "all". A purchase with no cart action is an "add".
    """
    slots: dict[str, Any] = {}
    updates = reading.updates  # a graph.rules.Understanding (an LLM answer is converted first)
    query = str(updates.get("query") or "")
    old = str((previous or {}).get("query") or "")
    if old and query.lower().startswith(old.lower()):
        query = query[len(old) :].strip()
    named = updates.get("category") or (updates.get("category_any") or [""])[0]
    if reading.intent in ("recommend", "refine"):  # a filter is a need only for a search
        query = query or str(named or "").rsplit(" > ", 1)[-1] or updates.get("collection")
    slots["need"] = query
    for key in ("max_price", "min_price", "currency", "gender", "brands", "exclude_brands"):
        slots[key] = updates.get(key)
    slots["colours"] = updates.get("colors")
    slots["size"] = size_label(updates.get("size"))
    if reading.exclude_reference_brand and shown:
        cards = [shown[i] for i in reading.references if 0 <= i < len(shown)] or shown
        refused = [str(c.get("brand") or "") for c in cards if c.get("brand")]
        slots["exclude_brands"] = list(dict.fromkeys([*(slots["exclude_brands"] or []), *refused]))
    positions = [i + 1 for i in reading.references]
    every = len(shown) >= 2 and sorted(positions) == list(range(1, len(shown) + 1))
    slots["reference"] = "all" if every else positions or None
    slots["relative"] = reading.relative
    slots["cart"] = (reading.cart or "add") if reading.intent == "purchase" else None
    slots["quantity"] = reading.quantity if reading.quantity >= 2 else None
    product = getattr(reading, "product", None)  # the LLM alone reads no product by name
    named = (catalogue_cards or {}).get(product, {}) if product else {}
    slots["product"] = str(named.get("title") or "") or None
    return {
        "intent": reading.intent,
        "language": reading.language,
        "slots": {k: v for k, v in slots.items() if v not in (None, "", [], {})},
    }


def read_rules(record: Mapping[str, Any], catalogue: Catalogue, shown: list[Any]) -> Any:
    """``graph.rules.understand`` on one corpus message, then the product it names by
    title (``graph.turn_readings.read_named``, as the graph's turn does)."""
    from graph import rules
    from graph.turn_readings import read_named

    text = record["text"]
    reading = rules.understand(
        text, facets=catalogue.facets, shown=shown, previous=reader_previous(record)
    )
    read_named(text, reading, shown, catalogue.lexical, catalogue.group_of)
    return reading


def llm_context(catalogue: str) -> Any:
    """The graph's ``Context`` (LLM settings from the environment) for one catalogue."""
    from graph.context import Context

    ctx = Context()
    return dataclasses.replace(ctx, catalogue_language=CATALOGUE_LANGUAGE[catalogue])


def read_llm(model: Any, record: Mapping[str, Any], catalogue: Catalogue, shown: list[Any]) -> Any:
    """The LLM's reading of one message as an ``Understanding`` (``None`` when it failed)."""
    from graph.combine import from_llm
    from graph.llm import llm_understand

    ctx = llm_context(catalogue.name)
    out = llm_understand(model, ctx, record["text"], shown, catalogue.facets)
    return None if out is None else from_llm(out, catalogue.facets, len(shown))


def combine(rules_reading: Any, llm_reading: Any, catalogue: Catalogue, shown: list[Any]) -> Any:
    """The graph's merge of the two readings (``graph.combine``, mode "combined")."""
    from graph import combine as merge

    merged = dataclasses.replace(
        rules_reading,
        updates=dict(rules_reading.updates),
        references=list(rules_reading.references),
    )
    asked = llm_reading if merge.asks_llm(rules_reading, "combined") else None
    return merge.combine(merged, asked, "combined")[0]
