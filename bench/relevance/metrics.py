"""Ranking metrics of the relevance evaluation, over product groups.

Judgments name product ids; a catalogue groups variants under one ``item_group_id``
and the search returns one card per group. So everything here works on groups:

* a judged id stands for its whole group (a grade on one variant is the grade of
  every variant); two judged ids of one group give the group the higher grade;
* a ranked list is mapped to groups and each group counts once, at its first
  position (a later variant of a group already shown adds nothing);
* an id the catalogue does not know is its own group (it can only be unjudged).

Grades: 0 irrelevant, 1 partial, 2 relevant, 3 exact. Unjudged results count as 0.
"Relevant" (recall, MRR) means grade >= 2.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

RELEVANT = 2


def group_grades(judgments: Mapping[str, int], group_of: Mapping[str, str]) -> dict[str, int]:
    """Grade per group: the highest grade of the group's judged ids (grade-0 groups kept)."""
    grades: dict[str, int] = {}
    for pid, grade in judgments.items():
        group = group_of.get(pid, pid)
        grades[group] = max(grades.get(group, 0), int(grade))
    return grades


def ranked_groups(ids: Iterable[str], group_of: Mapping[str, str]) -> list[str]:
    """The groups of a ranked id list, each once, at its first position."""
    seen: dict[str, None] = {}
    for pid in ids:
        seen.setdefault(group_of.get(pid, pid), None)
    return list(seen)


def dcg(gains: Sequence[int], k: int) -> float:
    """Discounted cumulative gain of graded results: sum of (2^g - 1) / log2(rank + 1)."""
    return sum((2**g - 1) / math.log2(rank + 2) for rank, g in enumerate(gains[:k]))


def ndcg(ranked: Sequence[str], grades: Mapping[str, int], k: int = 10) -> float:
    """nDCG@k: DCG of the ranking over DCG of the ideal ranking of the judged groups."""
    ideal = dcg(sorted(grades.values(), reverse=True), k)
    if ideal == 0:
        return 0.0
    return dcg([grades.get(g, 0) for g in ranked], k) / ideal


def recall(
    ranked: Sequence[str], grades: Mapping[str, int], k: int = 50, threshold: int = RELEVANT
) -> float:
    """Share of the relevant groups (grade >= threshold) found in the first ``k``."""
    relevant = {g for g, grade in grades.items() if grade >= threshold}
    if not relevant:
        return 0.0
    return len(relevant.intersection(ranked[:k])) / len(relevant)


def reciprocal_rank(
    ranked: Sequence[str], grades: Mapping[str, int], k: int = 50, threshold: int = RELEVANT
) -> float:
    """1 / rank of the first relevant group within the first ``k`` (0 when none)."""
    for rank, group in enumerate(ranked[:k], start=1):
        if grades.get(group, 0) >= threshold:
            return 1.0 / rank
    return 0.0


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100), linear between the closest ranks (as numpy's default)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * p / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean (nan for no values)."""
    return sum(values) / len(values) if values else math.nan
