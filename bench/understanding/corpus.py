"""The labelled message corpus: loading and the label schema.

One JSON object a line, one file a language (``<lang>.jsonl``)::

    {"id": "en-081", "lang": "en", "catalogue": "demo",
     "text": "add the third one to my cart",
     "intent": "purchase",
     "slots": {"reference": [3], "cart": "add"},
     "context": {"shown": "running"}}

The schema is about what a message *means*, independent of any reader; see README.md
for the labelling rules. :func:`problems` lists every way a record breaks it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

# The eight intents of the graph's contract (DESIGN.md, Contracts): the graph's own list.
from graph.rules import INTENTS

HERE = Path(__file__).resolve().parent
SCREENS_FILE = HERE / "screens.json"

LANGUAGES = ("en", "de", "fr", "es", "it", "pl", "lt", "ru")
#: Catalogue names; each is a feed (see ``catalogues.py``).
CATALOGUES = ("demo", "pl_shoes", "ru_sauna", "lt_home", "fr_jewellery", "es_tees", "us_bedding")
SLOTS = (
    "need",
    "product",
    "max_price",
    "min_price",
    "currency",
    "colours",
    "size",
    "brands",
    "exclude_brands",
    "gender",
    "reference",
    "relative",
    "cart",
    "quantity",
)
GENDERS = ("men", "women", "kids", "unisex")
RELATIVES = ("cheaper", "pricier")
CART_ACTIONS = ("add", "remove", "view", "clear")
SIZE_SYSTEMS = ("EU", "US", "UK", "letter", "cm", "oz", "bed", "glove")
AFTER = ("asked_budget", "asked_size", "asked_need", "offered_cart")
CONTEXT_KEYS = ("shown", "previous", "after")
RECORD_KEYS = ("id", "lang", "catalogue", "text", "intent", "slots", "context")


def corpus_files(directory: Path = HERE) -> list[Path]:
    """The per-language corpus files, in a stable order."""
    return sorted(directory.glob("*.jsonl"))


def load(directory: Path = HERE) -> list[dict[str, Any]]:
    """Every record of every language file, in file then line order."""
    return list(_records(corpus_files(directory)))


def _records(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path.name}:{number}: not JSON ({exc})") from exc
            record.setdefault("slots", {})
            record.setdefault("context", {})
            record["_where"] = f"{path.name}:{number}"
            yield record


def load_screens(path: Path = SCREENS_FILE) -> dict[str, dict[str, list[str]]]:
    """Named card lists per catalogue (``context.shown`` may name one)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def shown_ids(
    record: Mapping[str, Any], screens: Mapping[str, Mapping[str, list[str]]]
) -> list[str]:
    """The product ids on screen for a record (empty when none)."""
    shown = record.get("context", {}).get("shown")
    if shown is None:
        return []
    if isinstance(shown, str):
        return list(screens.get(record["catalogue"], {}).get(shown, []))
    return [str(pid) for pid in shown]


def problems(
    record: Mapping[str, Any], screens: Mapping[str, Mapping[str, list[str]]]
) -> list[str]:
    """Every way ``record`` breaks the schema (empty when it holds)."""
    out = [f"unknown key {k!r}" for k in record if k not in RECORD_KEYS and k != "_where"]
    if not str(record.get("id") or "").strip():
        out.append("no id")
    if record.get("lang") not in LANGUAGES:
        out.append(f"lang {record.get('lang')!r} not in {LANGUAGES}")
    elif not str(record.get("id", "")).startswith(f"{record['lang']}-"):
        out.append("id does not start with its language")
    if record.get("catalogue") not in CATALOGUES:
        out.append(f"catalogue {record.get('catalogue')!r} not in {CATALOGUES}")
    if not str(record.get("text") or "").strip():
        out.append("empty text")
    if record.get("intent") not in INTENTS:
        out.append(f"intent {record.get('intent')!r} not in {INTENTS}")
    out += _slot_problems(record.get("slots") or {}, len(shown_ids(record, screens)))
    out += _context_problems(record, screens)
    return out


def _slot_problems(slots: Mapping[str, Any], shown: int) -> list[str]:
    out = [f"unknown slot {k!r}" for k in slots if k not in SLOTS]
    need = slots.get("need")
    if need is not None and not (
        (isinstance(need, str) and need.strip())
        or (isinstance(need, list) and need and all(isinstance(n, str) and n for n in need))
    ):
        out.append("need must be a phrase or a list of equivalent phrases")
    for key in ("product",):
        if key in slots and not (isinstance(slots[key], str) and slots[key].strip()):
            out.append(f"{key} must be a phrase")
    for key in ("max_price", "min_price"):
        if key in slots and not (isinstance(slots[key], int | float) and slots[key] > 0):
            out.append(f"{key} must be a positive number")
    if "min_price" in slots and "max_price" in slots and slots["min_price"] > slots["max_price"]:
        out.append("min_price above max_price")
    currency = slots.get("currency")
    if currency is not None and not (
        isinstance(currency, str) and len(currency) == 3 and currency.isupper()
    ):
        out.append("currency must be an ISO 4217 code")
    for key in ("colours", "brands", "exclude_brands"):
        value = slots.get(key)
        if value is not None and not (
            isinstance(value, list) and value and all(isinstance(v, str) and v for v in value)
        ):
            out.append(f"{key} must be a non-empty list of names")
    size = slots.get("size")
    if size is not None and not (
        isinstance(size, dict)
        and set(size) == {"value", "system"}
        and size["system"] in SIZE_SYSTEMS
        and str(size["value"])
    ):
        out.append(f"size must be {{value, system}} with system in {SIZE_SYSTEMS}")
    if "gender" in slots and slots["gender"] not in GENDERS:
        out.append(f"gender not in {GENDERS}")
    if "relative" in slots and slots["relative"] not in RELATIVES:
        out.append(f"relative not in {RELATIVES}")
    if "cart" in slots and slots["cart"] not in CART_ACTIONS:
        out.append(f"cart not in {CART_ACTIONS}")
    if "quantity" in slots and not (isinstance(slots["quantity"], int) and slots["quantity"] >= 2):
        out.append("quantity is labelled only when two or more")
    reference = slots.get("reference")
    if reference is not None:
        if reference == "all":
            if shown < 2:
                out.append('reference "all" needs two or more cards shown')
        elif not (
            isinstance(reference, list)
            and reference
            and all(isinstance(p, int) and 1 <= p <= shown for p in reference)
        ):
            out.append(f"reference must be 1-based positions within the {shown} shown, or 'all'")
    return out


def _context_problems(
    record: Mapping[str, Any], screens: Mapping[str, Mapping[str, list[str]]]
) -> list[str]:
    context = record.get("context") or {}
    out = [f"unknown context key {k!r}" for k in context if k not in CONTEXT_KEYS]
    shown = context.get("shown")
    if isinstance(shown, str) and shown not in screens.get(record.get("catalogue", ""), {}):
        out.append(f"screen {shown!r} is not defined for {record.get('catalogue')!r}")
    if "after" in context and context["after"] not in AFTER:
        out.append(f"after not in {AFTER}")
    previous = context.get("previous")
    if previous is not None:
        if not isinstance(previous, dict):
            out.append("previous must be a dict of slots")
        else:
            out += [f"previous: {p}" for p in _slot_problems(previous, 0)]
    return out
