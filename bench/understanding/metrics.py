"""Comparing a reading with the labels, and the aggregate figures.

Slot rules (README.md, "Scoring"): numbers, currency, cart, quantity, relative, gender
and reference exactly; colours and brands as sets; size by value, and by system when
the reader names one; need and product by token overlap (Dice >= 0.5 over content
words, a word matching another when their first four letters agree after folding
case and accents, so "shoes" matches "shoe" and "jacket" "Jacke").
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.understanding.corpus import INTENTS, SLOTS

#: Words that carry no need in any corpus language (the comparison ignores them).
STOPWORDS = frozenset(
    """
a an the for of to in on at and or with my me i im some any pls please want need looking
find show something thats that is it its do you have got
der die das den dem ein eine einen für mit und oder ich suche bitte von aus
le la les un une des de du pour avec et ou je cherche svp à au en
el los las unos unas para con y o busco por porfa que
il lo gli un una per con e o cerco da di del della
do na z i w dla ze szukam od
ir su be iki ieškau
для с и в на до из от под
""".split()
)
_WORD_RE = re.compile(r"\w+", re.UNICODE)


def fold(text: str) -> str:
    """Lower case without accents ("Größe" -> "grosse", "ё" -> "е")."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    return "".join(c for c in text if not unicodedata.combining(c))


def content_words(text: str) -> list[str]:
    """The words of a need that matter for the comparison."""
    return [w for w in _WORD_RE.findall(fold(text)) if w not in STOPWORDS and len(w) > 1]


def _same_word(a: str, b: str) -> bool:
    return a == b or (len(a) >= 4 and len(b) >= 4 and a[:4] == b[:4])


def phrase_overlap(gold: str, pred: str) -> float:
    """Dice coefficient of the two phrases' content words (prefix-tolerant)."""
    g, p = content_words(gold), content_words(pred)
    if not g or not p:
        return 1.0 if not g and not p else 0.0
    hit_g = sum(1 for w in g if any(_same_word(w, x) for x in p))
    hit_p = sum(1 for w in p if any(_same_word(w, x) for x in g))
    return (hit_g + hit_p) / (len(g) + len(p))


def _norm_colour(name: str) -> str:
    return {"gray": "grey"}.get(name.strip().lower(), name.strip().lower())


def _norm_size_value(value: Any) -> str:
    text = str(value).upper().replace(" ", "").replace(",", ".").replace("×", "X")
    return text.replace("Х", "X").replace("CM", "")


def slot_correct(slot: str, gold: Any, pred: Any) -> bool:
    """Whether the reader's value of ``slot`` says what the label says."""
    if gold is None or pred is None:
        return gold is None and pred is None
    if slot in ("need", "product"):
        golds = gold if isinstance(gold, list) else [gold]
        return any(phrase_overlap(g, str(pred)) >= 0.5 for g in golds)
    if slot in ("max_price", "min_price"):
        return abs(float(gold) - float(pred)) < 0.01
    if slot == "colours":
        return {_norm_colour(c) for c in gold} == {_norm_colour(c) for c in pred}
    if slot in ("brands", "exclude_brands"):
        return {b.casefold() for b in gold} == {str(b).casefold() for b in pred}
    if slot == "size":
        same_value = _norm_size_value(gold["value"]) == _norm_size_value(pred["value"])
        return same_value and pred.get("system") in (None, gold["system"])
    if slot == "reference":
        if gold == "all" or pred == "all":
            return gold == pred
        return sorted(gold) == sorted(pred)
    if slot == "currency":
        return str(gold).upper() == str(pred).upper()
    return bool(gold == pred)


@dataclass
class Outcome:
    """One message read by one reader."""

    record: Mapping[str, Any]
    reading: dict[str, Any] | None  # None: the reader failed (LLM error or nonsense)
    seconds: float = 0.0
    wrong: list[str] = field(default_factory=list)  # "intent", "language" or slot names

    @property
    def intent(self) -> str:
        return self.reading["intent"] if self.reading else "(failed)"

    @property
    def fully_right(self) -> bool:
        return self.reading is not None and not self.wrong


def judge(
    record: Mapping[str, Any], reading: dict[str, Any] | None, seconds: float = 0.0
) -> Outcome:
    """Compare one reading with its labels."""
    outcome = Outcome(record, reading, seconds)
    if reading is None:
        outcome.wrong = ["intent", "language", *sorted(record.get("slots") or {})]
        return outcome
    if reading["intent"] != record["intent"]:
        outcome.wrong.append("intent")
    if reading["language"] != record["lang"]:
        outcome.wrong.append("language")
    gold, pred = record.get("slots") or {}, reading["slots"]
    for slot in SLOTS:
        if (slot in gold or slot in pred) and not slot_correct(
            slot, gold.get(slot), pred.get(slot)
        ):
            outcome.wrong.append(slot)
    return outcome


def summarise(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """Every figure the scorer prints, as plain data."""
    n = len(outcomes)
    return {
        "messages": n,
        "failed_readings": sum(1 for o in outcomes if o.reading is None),
        "intent_accuracy": _ratio(sum(1 for o in outcomes if "intent" not in o.wrong), n),
        "language_accuracy": _ratio(sum(1 for o in outcomes if "language" not in o.wrong), n),
        "fully_right": _ratio(sum(1 for o in outcomes if o.fully_right), n),
        "slot_accuracy": slot_accuracy(outcomes),
        "slots": per_slot(outcomes),
        "intents": per_intent(outcomes),
        "languages": per_language(outcomes),
        "seconds": round(sum(o.seconds for o in outcomes), 2),
    }


def _ratio(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def per_slot(outcomes: Iterable[Outcome]) -> dict[str, dict[str, Any]]:
    """Per slot: labelled, read, right, missed, spurious, wrong, and accuracy over
    the messages where the label or the reading has the slot."""
    rows: dict[str, Counter[str]] = {s: Counter() for s in SLOTS}
    for o in outcomes:
        gold = o.record.get("slots") or {}
        pred = o.reading["slots"] if o.reading else {}
        for slot in SLOTS:
            g, p = slot in gold, slot in pred
            if not (g or p):
                continue
            row = rows[slot]
            row["labelled"] += g
            row["read"] += p
            if slot not in o.wrong:
                row["right"] += 1
            elif g and not p:
                row["missed"] += 1
            elif p and not g:
                row["spurious"] += 1
            else:
                row["wrong"] += 1
    out = {}
    for slot, row in rows.items():
        seen = row["right"] + row["missed"] + row["spurious"] + row["wrong"]
        out[slot] = {
            k: row[k] for k in ("labelled", "read", "right", "missed", "spurious", "wrong")
        } | {"accuracy": _ratio(row["right"], seen)}
    return out


def slot_accuracy(outcomes: Sequence[Outcome]) -> float | None:
    """Micro-average over slots: right / (labelled or read), all slots together."""
    rows = per_slot(outcomes).values()
    right = sum(r["right"] for r in rows)
    seen = sum(r["right"] + r["missed"] + r["spurious"] + r["wrong"] for r in rows)
    return _ratio(right, seen)


def per_intent(outcomes: Iterable[Outcome]) -> dict[str, dict[str, Any]]:
    """Precision, recall and F1 of each intent."""
    tp: Counter[str] = Counter()
    gold_n: Counter[str] = Counter()
    pred_n: Counter[str] = Counter()
    for o in outcomes:
        gold_n[o.record["intent"]] += 1
        pred_n[o.intent] += 1
        tp[o.record["intent"]] += o.intent == o.record["intent"]
    out = {}
    for intent in INTENTS:
        p = _ratio(tp[intent], pred_n[intent])
        r = _ratio(tp[intent], gold_n[intent])
        f1 = round(2 * p * r / (p + r), 4) if p and r else 0.0 if gold_n[intent] else None
        out[intent] = {
            "labelled": gold_n[intent],
            "read": pred_n[intent],
            "precision": p,
            "recall": r,
            "f1": f1,
        }
    return out


def per_language(outcomes: Iterable[Outcome]) -> dict[str, dict[str, Any]]:
    """Per language: messages, intent accuracy, language accuracy, fully right."""
    groups: defaultdict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.record["lang"]].append(o)
    return {
        lang: {
            "messages": len(group),
            "intent_accuracy": _ratio(sum(1 for o in group if "intent" not in o.wrong), len(group)),
            "language_accuracy": _ratio(
                sum(1 for o in group if "language" not in o.wrong), len(group)
            ),
            "slot_accuracy": slot_accuracy(group),
            "fully_right": _ratio(sum(1 for o in group if o.fully_right), len(group)),
        }
        for lang, group in sorted(groups.items())
    }
