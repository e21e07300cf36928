"""Score the message readers on the labelled corpus: intent, slots, language.

    .venv/bin/python bench/understanding/score.py                      # rules, every message
    .venv/bin/python bench/understanding/score.py --failures           # + each misreading
    .venv/bin/python bench/understanding/score.py --json > rules.json
    eval "$(../shared/llm/local-llm start)"
    .venv/bin/python bench/understanding/score.py --reader both --every 10   # LLM on a sample

``--reader llm`` scores the LLM reader alone; ``both`` scores rules, llm and
combined (the rules' reading with the LLM's laid over it as the graph does today)
on the same messages, one LLM call each. The LLM needs ``AISLE_LLM_MODEL`` and
``OPENAI_BASE_URL`` (the local LLM prints them). Messages whose catalogue feed is
absent (``../shared/feeds``) are skipped and counted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from bench.understanding import catalogues, corpus, readers  # noqa: E402
from bench.understanding.metrics import Outcome, judge, summarise  # noqa: E402


def select(records: Sequence[dict[str, Any]], args: argparse.Namespace) -> list[dict[str, Any]]:
    """The sample: language filter, then every Nth, then the first ``limit``."""
    chosen = [r for r in records if not args.lang or r["lang"] in args.lang.split(",")]
    chosen = chosen[:: max(args.every, 1)]
    return chosen[: args.limit] if args.limit else chosen


def score_rules(records: Sequence[Mapping[str, Any]]) -> list[Outcome]:
    """Every record read by the rules reader."""
    screens = corpus.load_screens()
    outcomes = []
    for record in records:
        catalogue = catalogues.load(record["catalogue"])
        shown = catalogue.shown(corpus.shown_ids(record, screens))
        start = time.perf_counter()
        reading = readers.read_rules(record, catalogue, shown)
        seconds = time.perf_counter() - start
        outcomes.append(
            judge(
                record,
                readers.to_schema(reading, shown, readers.reader_previous(record), catalogue.cards),
                seconds,
            )
        )
    return outcomes


def score_with_llm(records: Sequence[Mapping[str, Any]]) -> dict[str, list[Outcome]]:
    """Rules, LLM and combined on each record (one LLM call a record)."""
    from graph.llm import load_chat_model

    model = load_chat_model(readers.llm_context("demo"))
    if model is None:
        sys.exit(
            "no LLM configured: set AISLE_LLM_MODEL and OPENAI_BASE_URL "
            '(eval "$(../shared/llm/local-llm start)")'
        )
    screens = corpus.load_screens()
    out: dict[str, list[Outcome]] = {"rules": [], "llm": [], "combined": []}
    for number, record in enumerate(records, 1):
        catalogue = catalogues.load(record["catalogue"])
        shown = catalogue.shown(corpus.shown_ids(record, screens))
        previous = readers.reader_previous(record)
        start = time.perf_counter()
        rules_reading = readers.read_rules(record, catalogue, shown)
        rules_seconds = time.perf_counter() - start
        start = time.perf_counter()
        llm_reading = readers.read_llm(model, record, catalogue, shown)
        llm_seconds = time.perf_counter() - start
        merged = readers.combine(rules_reading, llm_reading, catalogue, shown)
        out["rules"].append(
            judge(
                record,
                readers.to_schema(rules_reading, shown, previous, catalogue.cards),
                rules_seconds,
            )
        )
        llm_labels = (
            readers.to_schema(llm_reading, shown, previous) if llm_reading is not None else None
        )
        out["llm"].append(judge(record, llm_labels, llm_seconds))
        out["combined"].append(
            judge(
                record,
                readers.to_schema(merged, shown, previous, catalogue.cards),
                rules_seconds + llm_seconds,
            )
        )
        print(f"  {number}/{len(records)} {record['id']} {llm_seconds:.1f}s", file=sys.stderr)
    return out


def failure_lines(outcomes: Sequence[Outcome]) -> list[str]:
    """One line a misread message: what was wrong, the labels and the reading."""
    lines = []
    for o in outcomes:
        if o.fully_right:
            continue
        gold = {"intent": o.record["intent"], **(o.record.get("slots") or {})}
        read = (
            {"intent": o.intent, "language": o.reading["language"], **o.reading["slots"]}
            if o.reading
            else "(failed)"
        )
        lines.append(
            f"{o.record['id']} [{','.join(o.wrong)}] {o.record['text']!r}\n"
            f"    label {json.dumps(gold, ensure_ascii=False)}\n"
            f"    read  {json.dumps(read, ensure_ascii=False)}"
        )
    return lines


def _pct(value: float | None) -> str:
    return "  n/a" if value is None else f"{100 * value:5.1f}"


def table(name: str, summary: Mapping[str, Any]) -> str:
    """The figures of one reader as text."""
    rows = [
        f"== {name}: {summary['messages']} messages, {summary['seconds']} s reading"
        + (f", {summary['failed_readings']} failed" if summary["failed_readings"] else ""),
        f"intent {_pct(summary['intent_accuracy'])} %   slots {_pct(summary['slot_accuracy'])} %"
        f"   language {_pct(summary['language_accuracy'])} %"
        f"   fully right {_pct(summary['fully_right'])} %",
        "",
        "intent            n   read  prec  recall   F1",
    ]
    for intent, r in summary["intents"].items():
        rows.append(
            f"{intent:<16} {r['labelled']:>3} {r['read']:>5} {_pct(r['precision'])}"
            f" {_pct(r['recall'])} {_pct(r['f1'])}"
        )
    rows += ["", "slot             labelled read right missed spurious wrong  acc"]
    for slot, r in summary["slots"].items():
        rows.append(
            f"{slot:<16} {r['labelled']:>8} {r['read']:>4} {r['right']:>5} {r['missed']:>6}"
            f" {r['spurious']:>8} {r['wrong']:>5} {_pct(r['accuracy'])}"
        )
    rows += ["", "lang   n  intent  slots  language  fully right"]
    for lang, r in summary["languages"].items():
        rows.append(
            f"{lang:<4} {r['messages']:>3}  {_pct(r['intent_accuracy'])}  "
            f"{_pct(r['slot_accuracy'])}  {_pct(r['language_accuracy'])}     "
            f"{_pct(r['fully_right'])}"
        )
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reader", choices=("rules", "llm", "both"), default="rules")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--failures", action="store_true", help="list every misread message")
    parser.add_argument("--limit", type=int, default=0, help="at most this many messages")
    parser.add_argument("--every", type=int, default=1, help="every Nth message (a sample)")
    parser.add_argument("--lang", default="", help="only these languages, e.g. de,pl")
    args = parser.parse_args(argv)

    records = corpus.load()
    present = [r for r in records if catalogues.available(r["catalogue"])]
    sample = select(present, args)
    start = time.perf_counter()
    if args.reader == "rules":
        results = {"rules": score_rules(sample)}
    else:
        results = score_with_llm(sample)
        if args.reader == "llm":
            results = {"llm": results["llm"]}
    wall = round(time.perf_counter() - start, 1)
    summaries = {name: summarise(outcomes) for name, outcomes in results.items()}
    header = {
        "corpus": len(records),
        "skipped_no_feed": len(records) - len(present),
        "scored": len(sample),
        "wall_seconds": wall,
    }
    if args.json:
        payload: dict[str, Any] = {**header, "readers": summaries}
        if args.failures:
            payload["failures"] = {n: failure_lines(o) for n, o in results.items()}
        print(json.dumps(payload, ensure_ascii=False, indent=1))
        return 0
    print(
        f"corpus {header['corpus']} messages, scored {header['scored']}, skipped (no feed) "
        f"{header['skipped_no_feed']}, {wall} s"
    )
    for name, summary in summaries.items():
        print()
        print(table(name, summary))
        if args.failures:
            print(f"\n-- misreadings ({name})")
            print("\n".join(failure_lines(results[name])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
