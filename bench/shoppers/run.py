"""The shopper-task suite: multi-turn tasks through the real graph, checked against the feeds.

Every ``bench/shoppers/tasks/*.jsonl`` task runs as one conversation (one thread) through
``graph.build_graph(InMemorySaver())`` on the catalogue its feed syncs to (the relevance
bench's cached indexes, ``.aisle/eval/``), once per understanding mode; every turn's checks
are computed from the feed (``checks.py``). See README.md.

    .venv/bin/python bench/shoppers/run.py                       # every task, every mode
    .venv/bin/python bench/shoppers/run.py --feeds demo --limit 10 --modes rules
    .venv/bin/python bench/shoppers/run.py --tasks demo-001,01-004 --failures
    .venv/bin/python bench/shoppers/run.py --json > figures.json

Runs unmodified against an older checkout (the code under test comes first on the path):

    PYTHONPATH=/tmp/before .venv/bin/python bench/shoppers/run.py --modes rules
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("HF_HUB_OFFLINE", "1")
# The code under test (graph, sync) is whatever the path finds first: a PYTHONPATH checkout,
# else this one. Import it before this tree goes first on the path for the bench's own modules.
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))
import graph  # noqa: E402,F401
import sync  # noqa: E402,F401

sys.path.insert(0, str(ROOT))
from bench._common import pct  # noqa: E402
from bench.relevance import evaluate  # noqa: E402
from bench.shoppers.checks import Check, check_turn, reply_text  # noqa: E402
from bench.shoppers.feedview import FeedView  # noqa: E402
from bench.shoppers.tasks import TASKS_DIR, Task, catalogue_of, load_tasks  # noqa: E402

MODES = ("rules", "llm", "combined")
BREAKDOWNS = ("category", "language", "catalogue")


@dataclasses.dataclass
class TurnResult:
    """One turn: its checks, its time, its reply."""

    user: str
    checks: list[Check]
    seconds: float | None
    reply: str = ""


@dataclasses.dataclass
class TaskResult:
    """One task under one mode."""

    task: Task
    mode: str
    turns: list[TurnResult]

    @property
    def checks(self) -> list[Check]:
        return [c for t in self.turns for c in t.checks]

    @property
    def clean(self) -> bool:
        return all(c.ok for c in self.checks)


# -- settings -----------------------------------------------------------------------------------


def context_fields() -> set[str]:
    from graph.context import Context

    return {f.name for f in dataclasses.fields(Context)}


def llm_configured() -> bool:
    from graph.context import Context

    ctx = Context()
    return bool(getattr(ctx, "llm_model", "") and getattr(ctx, "llm_base_url", ""))


def mode_settings(mode: str) -> dict[str, Any] | str:
    """The Context settings of a mode, or why it cannot run here (a str)."""
    has_field = "understanding" in context_fields()
    if mode == "rules":
        if has_field:
            return {"understanding": "rules"}
        if llm_configured():
            return "this checkout has no Context.understanding and an LLM is configured"
        return {}
    if not has_field:
        return "this checkout has no Context.understanding field"
    if not llm_configured():
        return "no LLM configured (AISLE_LLM_MODEL and OPENAI_BASE_URL unset)"
    return {"understanding": mode}


def make_context(catalogue: evaluate.Catalogue, settings: Mapping[str, Any]) -> Any:
    """The Context a mode converses with over ``catalogue`` (fields this checkout lacks dropped)."""
    from graph.context import Context

    wanted = {
        "index_dir": str(catalogue.index_dir),
        "chroma_url": "",
        "collection": "products",
        # a merchant setting: the language the catalogue is written in
        "catalogue_language": evaluate.FEED_LANGUAGE.get(catalogue.feed, "en"),
        **settings,
    }
    present = context_fields()
    kwargs = {k: v for k, v in wanted.items() if k in present}
    evaluate._clear_env(kwargs)  # an AISLE_* variable would override a value equal to a default
    ctx = Context(**kwargs)
    evaluate.wait_until_loaded(ctx)
    return ctx


def code_commit() -> str:
    """The commit of the code under test (where ``graph`` was imported from)."""
    where = Path(graph.__file__).resolve().parents[1]
    try:
        rev = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(where), "status", "--porcelain", "--", "graph", "sync"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"unknown ({where})"
    return rev + ("+dirty" if dirty else "")


# -- running ------------------------------------------------------------------------------------


def not_run(task: Task, first: int, why: str) -> list[TurnResult]:
    """The turns after a crash, every check failed (totals stay comparable across runs)."""
    out = []
    for turn in task.turns[first:]:
        keys = [*turn.expect, "reply_language"]
        checks = [Check(k, False, "the turn to run", why) for k in keys if k != "in_stock"]
        out.append(TurnResult(turn.user, checks, None))
    return out


def run_task(app: Any, ctx: Any, task: Task, mode: str, feed: FeedView) -> TaskResult:
    """One task as one conversation; a turn that raises fails it and the turns after."""
    config = {"configurable": {"thread_id": f"{mode}:{task.id}:{time.time_ns()}"}}
    turns: list[TurnResult] = []
    for n, turn in enumerate(task.turns):
        start = time.perf_counter()
        try:
            state = app.invoke({"messages": [("user", turn.user)]}, config, context=ctx)
        except Exception as exc:  # noqa: BLE001 - a crash is a failed turn, reported
            why = f"{type(exc).__name__}: {exc}"
            crash = Check("error", False, "a reply", why + " | " + traceback.format_exc(-1))
            turns.append(TurnResult(turn.user, [crash], None))
            turns += not_run(task, n + 1, "not run: an earlier turn raised")
            break
        seconds = time.perf_counter() - start
        checks = check_turn(turn.expect, state, feed, task.language)
        turns.append(TurnResult(turn.user, checks, seconds, reply_text(state)))
    return TaskResult(task, mode, turns)


def run_suite(
    tasks: Sequence[Task],
    modes: Sequence[str],
    cache_dir: Path,
    progress: evaluate.Progress | None = None,
) -> tuple[list[TaskResult], dict[str, str]]:
    """Every task under every mode that can run; the reasons of the others."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph

    progress = progress or evaluate.Progress(False)
    skipped: dict[str, str] = {}
    runnable: dict[str, dict[str, Any]] = {}
    for mode in modes:
        settings = mode_settings(mode)
        if isinstance(settings, str):
            skipped[mode] = settings
        else:
            runnable[mode] = settings
    by_feed: dict[str, list[Task]] = defaultdict(list)
    for task in tasks:
        by_feed[task.feed].append(task)
    results: list[TaskResult] = []
    app = build_graph(InMemorySaver())
    for feed_name, feed_tasks in by_feed.items():
        if not runnable:
            break
        catalogue = evaluate.prepare(feed_name, cache_dir, progress=progress.for_sync(feed_name))
        feed = FeedView.read(catalogue.path)
        for mode, settings in runnable.items():
            ctx = make_context(catalogue, settings)
            tick = progress.counter(f"{mode} {catalogue_of(feed_name)}", len(feed_tasks))
            for task in feed_tasks:
                results.append(run_task(app, ctx, task, mode, feed))
                tick()
    return results, skipped


# -- figures ------------------------------------------------------------------------------------


def _rate(passed: int, total: int) -> float | None:
    return round(passed / total, 4) if total else None


def tally(results: Iterable[TaskResult]) -> dict[str, Any]:
    """Checks passed/total and tasks clean/total."""
    results = list(results)
    checks = [c for r in results for c in r.checks]
    passed = sum(c.ok for c in checks)
    clean = sum(r.clean for r in results)
    return {
        "checks": {"passed": passed, "total": len(checks), "rate": _rate(passed, len(checks))},
        "tasks": {"clean": clean, "total": len(results), "rate": _rate(clean, len(results))},
    }


def _key(result: TaskResult, breakdown: str) -> str:
    return str(getattr(result.task, breakdown))


def figures(
    results: Sequence[TaskResult], modes: Sequence[str], skipped: Mapping[str, str]
) -> dict[str, Any]:
    """Every figure of the run, per mode."""
    out: dict[str, Any] = {"commit": code_commit(), "modes": {}, "failures": []}
    for mode in modes:
        if mode in skipped:
            out["modes"][mode] = {"status": "n/a", "reason": skipped[mode]}
            continue
        mine = [r for r in results if r.mode == mode]
        seconds = [t.seconds for r in mine for t in r.turns if t.seconds is not None]
        entry: dict[str, Any] = {"status": "ok", **tally(mine)}
        entry["latency_ms"] = {
            "p50": round(pct(seconds, 50) * 1000, 1) if seconds else None,
            "p95": round(pct(seconds, 95) * 1000, 1) if seconds else None,
            "turns": len(seconds),
        }
        for breakdown in BREAKDOWNS:
            groups: dict[str, list[TaskResult]] = defaultdict(list)
            for r in mine:
                groups[_key(r, breakdown)].append(r)
            entry[f"by_{breakdown}"] = {k: tally(v) for k, v in sorted(groups.items())}
        by_check: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for c in (c for r in mine for c in r.checks):
            by_check[c.name][0] += c.ok
            by_check[c.name][1] += 1
        entry["by_check"] = {
            k: {"passed": p, "total": t, "rate": _rate(p, t)}
            for k, (p, t) in sorted(by_check.items())
        }
        out["modes"][mode] = entry
    for r in results:
        for n, turn in enumerate(r.turns, 1):
            for c in turn.checks:
                if not c.ok:
                    out["failures"].append(
                        {
                            "mode": r.mode,
                            "task": r.task.id,
                            "turn": n,
                            "user": turn.user,
                            "check": c.name,
                            "expected": c.expected,
                            "seen": c.seen,
                            "reply": turn.reply[:300],
                        }
                    )
    return out


# -- rendering ----------------------------------------------------------------------------------


def _cell(t: Mapping[str, Any]) -> str:
    c, k = t["checks"], t["tasks"]
    if not c["total"]:
        return "–"
    return (
        f"{c['rate'] * 100:.0f} % ({c['passed']}/{c['total']}) · "
        f"{k['rate'] * 100:.0f} % ({k['clean']}/{k['total']})"
    )


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def render(fig: Mapping[str, Any]) -> str:
    """The tables: checks passed · tasks clean, per mode and per breakdown; latency."""
    modes = list(fig["modes"])
    ran = [m for m in modes if fig["modes"][m]["status"] == "ok"]
    parts = [f"Code under test: {fig['commit']}. Cells: checks passed · tasks clean."]
    rows = []
    for m in modes:
        e = fig["modes"][m]
        if e["status"] != "ok":
            rows.append([m, f"n/a: {e['reason']}", "", ""])
            continue
        lat = e["latency_ms"]
        rows.append([m, _cell(e), f"{lat['p50']} ms", f"{lat['p95']} ms"])
    parts.append(_table(["mode", "all tasks", "turn p50", "turn p95"], rows))
    for breakdown in (*BREAKDOWNS, "check"):
        keys = sorted({k for m in ran for k in fig["modes"][m][f"by_{breakdown}"]})
        if not keys:
            continue
        body = []
        for k in keys:
            row = [k]
            for m in ran:
                t = fig["modes"][m][f"by_{breakdown}"].get(k)
                if t is None:
                    row.append("–")
                elif breakdown == "check":
                    row.append(f"{t['rate'] * 100:.0f} % ({t['passed']}/{t['total']})")
                else:
                    row.append(_cell(t))
            body.append(row)
        parts.append(_table([breakdown, *ran], body))
    return "\n\n".join(parts)


def render_failures(fig: Mapping[str, Any]) -> str:
    """Every failed check, one block per task turn."""
    lines: list[str] = []
    last = None
    for f in fig["failures"]:
        head = (f["mode"], f["task"], f["turn"])
        if head != last:
            lines.append(f"\n[{f['mode']}] {f['task']} turn {f['turn']}: {f['user']!r}")
            lines.append(f"    reply: {f['reply'][:200]!r}")
            last = head
        lines.append(f"  ✗ {f['check']}: expected {f['expected']}; seen {f['seen'][:300]}")
    return "\n".join(lines) if lines else "No failed checks."


# -- command line -------------------------------------------------------------------------------


def select(tasks: Sequence[Task], feeds: str, ids: str, limit: int | None) -> list[Task]:
    """The tasks asked for: ``feeds`` (catalogue keys or file names), ``ids``, first ``limit``."""
    chosen = list(tasks)
    if feeds:
        wanted = {catalogue_of(f.strip()) for f in feeds.split(",") if f.strip()}
        unknown = wanted - {t.catalogue for t in tasks}
        if unknown:
            raise SystemExit(f"no tasks for catalogue(s) {sorted(unknown)}")
        chosen = [t for t in chosen if t.catalogue in wanted]
    if ids:
        wanted_ids = [i.strip() for i in ids.split(",") if i.strip()]
        missing = set(wanted_ids) - {t.id for t in tasks}
        if missing:
            raise SystemExit(f"unknown task id(s): {sorted(missing)}")
        chosen = [t for t in chosen if t.id in wanted_ids]
    if limit is not None:
        count: dict[str, int] = defaultdict(int)
        kept = []
        for t in chosen:
            count[t.catalogue] += 1
            if count[t.catalogue] <= limit:
                kept.append(t)
        chosen = kept
    return chosen


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feeds", default="", help="catalogues: demo,01,... (default: all)")
    parser.add_argument("--modes", default=",".join(MODES), help="rules,llm,combined")
    parser.add_argument("--limit", type=int, default=None, help="first N tasks per catalogue")
    parser.add_argument("--tasks", default="", help="only these task ids (comma-separated)")
    parser.add_argument("--tasks-dir", type=Path, default=TASKS_DIR)
    parser.add_argument("--cache-dir", type=Path, default=evaluate.DEFAULT_CACHE)
    parser.add_argument("--json", action="store_true", help="every figure and failure as JSON")
    parser.add_argument("--failures", action="store_true", help="print the failed checks")
    args = parser.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in MODES]
    if bad:
        parser.error(f"unknown mode(s) {bad}; choose from {MODES}")
    tasks = select(load_tasks(args.tasks_dir), args.feeds, args.tasks, args.limit)
    if not tasks:
        parser.error("no task selected")
    progress = evaluate.Progress(sys.stderr.isatty())
    with progress.running():
        results, skipped = run_suite(tasks, modes, args.cache_dir, progress)
    fig = figures(results, modes, skipped)
    if args.json:
        out(json.dumps(fig, indent=2, ensure_ascii=False))
        return 0
    out(render(fig))
    if args.failures:
        out(render_failures(fig))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
