"""How many products a message counts: "both", "the first two", "of these three".

"add the first two" points at a run of cards; "beides", "и то, и другое", "all three" at
every product in view when it says as many; "a który z tych trzech jest najtańszy?" at
those it counts. The words are each language's data (RUN_FIRST, RUN_LAST, RUN_COUNTS,
EVERY_ONE in :mod:`graph.languages`).
"""

from __future__ import annotations

import re

from graph.vocabulary import EVERY_ONE, RUN_COUNTS, RUN_FIRST, RUN_LAST, phrase_regex

_RUN_END = phrase_regex((*RUN_FIRST, *RUN_LAST)).pattern
_RUN_COUNT = phrase_regex(RUN_COUNTS).pattern
#: "first two" or "two first": the end (group "end") and how many (group "n").
RUN_RE = re.compile(
    rf"(?P<end>{_RUN_END})\s+(?P<n>{_RUN_COUNT})|(?P<n2>{_RUN_COUNT})\s+(?P<end2>{_RUN_END})"
)
EVERY_ONE_RE = phrase_regex(EVERY_ONE)
_COUNT_RE = phrase_regex(RUN_COUNTS)


def every_one(text: str) -> int | None:
    """How many products "both", "все три", "them all" add (0: however many), else ``None``."""
    match = EVERY_ONE_RE.search(text)
    return None if match is None else EVERY_ONE[" ".join(match.group().split())]


def count_said(text: str) -> int | None:
    """How many products the message counts ("z tych trzech", "of the two"), else ``None``."""
    match = _COUNT_RE.search(text)
    return None if match is None else RUN_COUNTS[" ".join(match.group().split())]


def card_run(text: str, count: int) -> list[int]:
    """Positions of "the first two" / "the last three" of ``count`` cards, else []."""
    match = RUN_RE.search(text)
    if not match or count < 2:
        return []
    end = match.group("end") or match.group("end2")
    n = min(RUN_COUNTS[match.group("n") or match.group("n2")], count)
    return list(range(count - n, count)) if end in RUN_LAST else list(range(n))
