"""Read and validate the shopper tasks (``bench/shoppers/tasks/*.jsonl``; format in README.md).

A malformed task is an error naming ``file:line`` and what is wrong: a suite that skipped
bad lines would report pass rates over tasks nobody chose.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TASKS_DIR = Path(__file__).resolve().parent / "tasks"
DEMO = "demo"
LANGUAGES = ("en", "de", "fr", "es", "it", "pl", "lt", "ru")
CATEGORIES = (
    "need",
    "budget",
    "money",
    "size",
    "colour",
    "brand",
    "kind",
    "reference",
    "cart",
    "product_question",
    "vague",
    "not_carried",
    "language",
)
SIZE_SYSTEMS = ("US", "UK", "EU", "FR", "IT", "JP")
TASK_KEYS = {"id", "feed", "language", "category", "tags", "note", "turns"}
REGEX_KEYS = ("kind", "colour", "brand", "exclude_brand", "answer")
EXPECT_KEYS = {
    "cards",
    "kind",
    "max_price",
    "min_price",
    "size",
    "colour",
    "brand",
    "exclude_brand",
    "product",
    "answer",
    "question",
    "not_carried",
    "cart",
    "reply_language",
    "in_stock",
}


class TaskFormatError(ValueError):
    """A task line that does not follow the format (the message names file:line)."""


@dataclass(frozen=True)
class Turn:
    """One shopper message and what must hold after it."""

    user: str
    expect: dict[str, Any]


@dataclass(frozen=True)
class Task:
    """One multi-turn shopper task."""

    id: str
    feed: str  # "demo" or a feed file name in ../shared/feeds
    catalogue: str  # the file stem: "demo", "01", ...
    language: str
    category: str
    turns: tuple[Turn, ...]
    tags: tuple[str, ...] = ()
    note: str = ""
    where: str = ""  # file:line, for messages


def catalogue_of(feed: str) -> str:
    """The catalogue key of a feed name: ``demo`` or the file's two-digit prefix."""
    return DEMO if feed == DEMO else feed.split("_", 1)[0]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_regex(key: str, value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"'{key}' must be a non-empty regex string"
    try:
        re.compile(value)
    except re.error as exc:
        return f"'{key}' is not a valid regex: {exc}"
    return None


def expect_errors(expect: Any) -> list[str]:
    """What is wrong with one turn's ``expect`` (empty when it is well-formed)."""
    if not isinstance(expect, dict):
        return ["'expect' must be an object"]
    errors = [f"unknown expect key {k!r}" for k in expect if k not in EXPECT_KEYS]
    for key in REGEX_KEYS:
        if key in expect and (msg := _check_regex(key, expect[key])):
            errors.append(msg)
    if "cards" in expect and expect["cards"] not in ("some", "none"):
        errors.append('\'cards\' must be "some" or "none"')
    for key in ("max_price", "min_price"):
        if key in expect and not (_is_number(expect[key]) and expect[key] >= 0):
            errors.append(f"'{key}' must be a number >= 0")
    if "size" in expect:
        size = expect["size"]
        if not (isinstance(size, dict) and isinstance(size.get("value"), str) and size["value"]):
            errors.append('\'size\' must be {"value": "39"} (value a non-empty string)')
        elif size.get("system") not in (None, *SIZE_SYSTEMS) or set(size) - {"value", "system"}:
            errors.append(f"'size' keys are value and system (one of {SIZE_SYSTEMS} or null)")
    if "product" in expect:
        product = expect["product"]
        ids = product if isinstance(product, list) else [product]
        if not ids or not all(isinstance(i, str) and i for i in ids):
            errors.append("'product' must be a feed id or a non-empty list of feed ids")
    for key in ("question",):
        if key in expect and expect[key] is not True:
            errors.append(f"'{key}' must be true (omit it otherwise)")
    for key in ("not_carried",):
        if key in expect and not isinstance(expect[key], bool):
            errors.append(f"'{key}' must be true or false")
    if "in_stock" in expect and expect["in_stock"] is not False:
        errors.append("'in_stock' must be false (it lifts the implicit stock check)")
    if "reply_language" in expect and expect["reply_language"] not in LANGUAGES:
        errors.append(f"'reply_language' must be one of {LANGUAGES}")
    if "cart" in expect:
        errors.extend(_cart_errors(expect["cart"]))
    return errors


def _cart_errors(cart: Any) -> list[str]:
    if not isinstance(cart, dict) or not cart:
        return ["'cart' must be an object"]
    if "contains" in cart:
        if not isinstance(cart["contains"], str) or set(cart) - {"contains", "size"}:
            return ['\'cart\' is {"contains": id, "size": "39"} (size optional)']
        if "size" in cart and not (isinstance(cart["size"], str) and cart["size"]):
            return ["'cart.size' must be a non-empty string"]
        return []
    if set(cart) == {"empty"}:
        return [] if cart["empty"] is True else ["'cart.empty' must be true"]
    if set(cart) == {"count"}:
        ok = isinstance(cart["count"], int) and not isinstance(cart["count"], bool)
        return [] if ok and cart["count"] >= 0 else ["'cart.count' must be an integer >= 0"]
    return ['\'cart\' is {"contains": id[, "size": s]}, {"empty": true} or {"count": n}']


def task_errors(obj: Any, catalogue: str) -> list[str]:
    """What is wrong with one parsed task line of the file for ``catalogue``."""
    if not isinstance(obj, dict):
        return ["a task must be a JSON object"]
    errors = [f"unknown key {k!r}" for k in obj if k not in TASK_KEYS]
    errors += [
        f"missing key {k!r}"
        for k in ("id", "feed", "language", "category", "turns")
        if k not in obj
    ]
    if errors:
        return errors
    if not isinstance(obj["id"], str) or not obj["id"].strip():
        errors.append("'id' must be a non-empty string")
    feed = obj["feed"]
    if not isinstance(feed, str) or catalogue_of(feed) != catalogue:
        errors.append(f"'feed' {feed!r} does not belong in {catalogue}.jsonl")
    elif feed != DEMO and not re.fullmatch(r"\d\d_[\w.-]+\.xml", feed):
        errors.append(f"'feed' {feed!r} must be \"demo\" or a feed file name like 01_x.xml")
    if obj["language"] not in LANGUAGES:
        errors.append(f"'language' {obj['language']!r} is not one of {LANGUAGES}")
    if obj["category"] not in CATEGORIES:
        errors.append(f"'category' {obj['category']!r} is not one of {CATEGORIES}")
    tags = obj.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        errors.append("'tags' must be a list of strings")
    if not isinstance(obj.get("note", ""), str):
        errors.append("'note' must be a string")
    turns = obj["turns"]
    if not isinstance(turns, list) or not turns:
        return [*errors, "'turns' must be a non-empty list"]
    for n, turn in enumerate(turns, 1):
        if not isinstance(turn, dict) or set(turn) - {"user", "expect"}:
            errors.append(f'turn {n}: a turn is {{"user": ..., "expect": {{...}}}}')
            continue
        if not isinstance(turn.get("user"), str) or not turn["user"].strip():
            errors.append(f"turn {n}: 'user' must be a non-empty string")
        errors += [f"turn {n}: {e}" for e in expect_errors(turn.get("expect", {}))]
    return errors


def load_file(path: Path) -> list[Task]:
    """The tasks of one ``<catalogue>.jsonl`` file; a bad line raises TaskFormatError."""
    catalogue = path.stem
    tasks: list[Task] = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TaskFormatError(f"{where}: not valid JSON: {exc}") from None
        errors = task_errors(obj, catalogue)
        if errors:
            raise TaskFormatError(f"{where}: " + "; ".join(errors))
        tasks.append(
            Task(
                id=obj["id"],
                feed=obj["feed"],
                catalogue=catalogue,
                language=obj["language"],
                category=obj["category"],
                turns=tuple(Turn(t["user"], dict(t.get("expect", {}))) for t in obj["turns"]),
                tags=tuple(obj.get("tags", [])),
                note=obj.get("note", ""),
                where=where,
            )
        )
    return tasks


def load_tasks(directory: Path = TASKS_DIR) -> list[Task]:
    """Every task in ``directory``, file by file; ids must be unique across files."""
    files = sorted(directory.glob("*.jsonl"))
    if not files:
        raise TaskFormatError(f"{directory}: no *.jsonl task files")
    tasks: list[Task] = []
    seen: dict[str, str] = {}
    for path in files:
        for task in load_file(path):
            if task.id in seen:
                raise TaskFormatError(
                    f"{task.where}: id {task.id!r} already used at {seen[task.id]}"
                )
            seen[task.id] = task.where
            tasks.append(task)
    return tasks
