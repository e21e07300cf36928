"""Relevance of the search over the dev set: nDCG@10, Recall@50, MRR, latency, per method.

Each catalogue the dev set needs is synced once into ``<cache-dir>/<feed>/`` (the demo
feed is written there first, deterministically); a later run syncs it again, which is
a cheap no-change sync while the feed is unchanged. Then every query runs through
``graph.search.search(query, k=50, filters, Context(...))`` once per method:

* ``dense``          dense retrieval, no reranker
* ``lexical``        lexical retrieval, no reranker
* ``hybrid``         hybrid retrieval, no reranker
* ``hybrid+rerank``  hybrid retrieval, then the reranker
* ``dense+rerank``   dense retrieval, then the reranker (the pipeline before hybrid)

A method the code does not offer yet (no ``Context.retrieval`` field, no ``"none"``
reranker) is reported as ``n/a``. Settings common to every method: ``candidates=50``
(so Recall@50 sees 50 groups), ``diversity=0`` (the ranking itself, not the brand mix),
and ``in_stock_only=False`` (relevance, not stock; ``--in-stock-only`` for the shipped
default). Metrics are over product groups (see ``metrics.py``); "not carried" queries
have nothing to find and are left out of them.

    .venv/bin/python bench/relevance/evaluate.py                      # all feeds, all methods
    .venv/bin/python bench/relevance/evaluate.py --feeds demo,13 --limit 20   # quick
    .venv/bin/python bench/relevance/evaluate.py --latency-size 10000 # + latency on 10k products
    .venv/bin/python bench/relevance/evaluate.py --json > figures.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from bench.relevance import metrics  # noqa: E402
from bench.relevance.feeds import DEMO, FEEDS_DIR, read_items  # noqa: E402

DEVSET = Path(__file__).with_name("devset.jsonl")
DEFAULT_CACHE = ROOT / ".aisle" / "eval"
#: The demo catalogue size the dev set was judged on (ids beyond a smaller one are dropped).
DEMO_SIZE = 500
K = 50
#: Language of each catalogue's texts: a query in another language is cross-lingual.
FEED_LANGUAGE = {
    DEMO: "en",
    "01_mariannedenis_prestashop_atom_fr.xml": "fr",
    "03_ajmoss_bigcommerce_atom_us.xml": "en",
    "04_opispot_fourthwall_rss_es_bom_cdata_variants.xml": "es",
    "06_italyshop_rss_pl_pln_variants.xml": "pl",
    "11_vaivora_rss_lt_eur_minimal.xml": "lt",
    "13_banyaline_rss_ru_byn_variants.xml": "ru",
}
KINDS = ("need", "attribute", "model", "typo", "not_carried")
METHODS = ("dense", "lexical", "hybrid", "hybrid+rerank", "dense+rerank")


# -- the dev set --------------------------------------------------------------------------------


def load_devset(path: Path = DEVSET) -> list[dict[str, Any]]:
    """The dev set's queries, in file order."""
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def select(
    queries: Sequence[Mapping[str, Any]], feeds: Sequence[str] | None, limit: int | None
) -> list[Mapping[str, Any]]:
    """The queries of the chosen feeds (a name, or a prefix such as ``13``), ``limit`` per feed."""
    chosen, per_feed = [], defaultdict(int)
    for q in queries:
        if feeds and not any(q["feed"] == f or q["feed"].startswith(f) for f in feeds):
            continue
        if limit is not None and per_feed[q["feed"]] >= limit:
            continue
        per_feed[q["feed"]] += 1
        chosen.append(q)
    return chosen


# -- catalogues ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Catalogue:
    """One synced catalogue: where its index is and how its ids group."""

    feed: str
    path: Path
    index_dir: Path
    group_of: dict[str, str]
    sync: dict[str, Any]


def demo_feed(cache_dir: Path, size: int) -> Path:
    """The demo feed of ``size`` items (written once; the generator is deterministic)."""
    from sync.demo_feed import build_demo_feed

    path = cache_dir / f"demo-{size}.xml"
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # two processes may write it at once
        build_demo_feed(tmp, size=size)
        tmp.replace(path)
    return path


def prepare(
    feed: str,
    cache_dir: Path,
    demo_size: int = DEMO_SIZE,
    progress: Callable[[str, int, int | None], None] | None = None,
) -> Catalogue:
    """Sync ``feed`` into its cached index (a no-change sync when built before)."""
    from sync.pipeline import run_sync
    from sync.settings import SyncSettings
    from sync.taxonomy import default_taxonomy_path

    if feed == DEMO:
        path, name = demo_feed(cache_dir, demo_size), f"demo-{demo_size}"
    else:
        path, name = FEEDS_DIR / feed, Path(feed).stem
        if not path.is_file():
            raise FileNotFoundError(f"feed {feed} is not in {FEEDS_DIR}")
    model = SyncSettings().embedding_model  # AISLE_EMBEDDING_MODEL: one index per model
    index = "index-" + re.sub(r"[^\w.-]+", "_", model)
    settings = SyncSettings(
        index_dir=cache_dir / name / index,
        cache_dir=cache_dir / name / "cache",
        collection="products",
        taxonomy_path=default_taxonomy_path(),
        default_currency="EUR",  # the French feed names none
        max_reject_ratio=1.0,
        lock_timeout=600,
    )
    start = time.perf_counter()
    report = run_sync(
        path, settings, allow_mass_delete=True, allow_abnormal_delta=True, progress=progress
    )
    if report.status != "ok":
        raise RuntimeError(f"sync of {feed} failed: {report.reason}")
    group_of = {item.id: item.group for item in read_items(path)}
    info = {
        "seconds": round(time.perf_counter() - start, 2),
        "embedded": report.embedded,
        "items": len(group_of),
        "index": str(settings.index_dir),
    }
    return Catalogue(feed, path, Path(settings.index_dir), group_of, info)


# -- methods ------------------------------------------------------------------------------------


def _context_fields() -> set[str]:
    from graph.context import Context

    return {f.name for f in dataclasses.fields(Context)}


def _none_reranker() -> bool:
    """Whether ``reranker="none"`` exists (before it did, it fell back to deterministic)."""
    from graph.rerank import DeterministicReranker, FlashrankReranker, make_reranker

    try:
        chosen = make_reranker("none", "", "")
    except Exception:  # noqa: BLE001 - an unknown name may raise: then it is not there
        return False
    return not isinstance(chosen, DeterministicReranker | FlashrankReranker)


def method_settings(reranker: str) -> dict[str, dict[str, Any] | str]:
    """Context settings per method, or the reason the method is not available (a str)."""
    has_retrieval = "retrieval" in _context_fields()
    has_none = _none_reranker()
    dense = {"retrieval": "dense"} if has_retrieval else {}
    no_retrieval = "Context has no 'retrieval' field yet"
    no_none = "no 'none' reranker yet"
    out: dict[str, dict[str, Any] | str] = {
        "dense": {**dense, "reranker": "none"} if has_none else no_none,
        "lexical": {"retrieval": "lexical", "reranker": "none"}
        if has_retrieval and has_none
        else (no_retrieval if not has_retrieval else no_none),
        "hybrid": {"retrieval": "hybrid", "reranker": "none"}
        if has_retrieval and has_none
        else (no_retrieval if not has_retrieval else no_none),
        "hybrid+rerank": {"retrieval": "hybrid", "reranker": reranker}
        if has_retrieval
        else no_retrieval,
        "dense+rerank": {**dense, "reranker": reranker},
    }
    return out


def reranker_name(reranker: str) -> str:
    """The reranker ``reranker`` resolves to with the Context's model settings."""
    from graph.context import Context
    from graph.rerank import make_reranker

    ctx = Context(reranker=reranker)
    try:
        return make_reranker(ctx.reranker, ctx.reranker_model, ctx.reranker_dir).name
    except Exception as exc:  # noqa: BLE001 - reported, not fatal
        return f"{reranker} (unavailable: {exc})"


def make_context(catalogue: Catalogue, settings: Mapping[str, Any], diversity: float) -> Any:
    """The Context one method searches ``catalogue`` with, once the index is fully loaded."""
    from graph.context import Context

    ctx = Context(
        index_dir=str(catalogue.index_dir),
        chroma_url="",
        collection="products",
        candidates=K,
        diversity=diversity,
        **settings,
    )
    info = wait_until_loaded(ctx)
    catalogue.sync["load_seconds"] = max(catalogue.sync.get("load_seconds", 0), info["seconds"])
    if "lexical_index" in info:
        catalogue.sync["lexical_index"] = info["lexical_index"]
        if settings.get("retrieval") in ("lexical", "hybrid") and not info["lexical_index"]:
            raise RuntimeError(f"no lexical index for {catalogue.feed}: it would search dense")
    return ctx


def wait_until_loaded(ctx: Any, timeout: float = 600) -> dict[str, Any]:
    """Wait for what the graph loads in the background after a sync (filter table, lexical index).

    Until it is there, retrieval takes a slower path and the lexical side is missing (the
    first stage is dense): measuring then would score dense results as "lexical".
    """
    from graph import resources

    view = resources.get_view(ctx)
    loading = getattr(view, "_loading", None)
    start = time.perf_counter()
    if loading is not None:
        loading.join(timeout)
    info: dict[str, Any] = {"seconds": round(time.perf_counter() - start, 2)}
    if hasattr(view, "lexical"):
        info["lexical_index"] = view.lexical is not None
    return info


def _clear_env(names: Iterable[str]) -> None:
    """Drop ``AISLE_*`` variables of the Context fields set here (they would override them)."""
    from graph.context import Context

    for f in dataclasses.fields(Context):
        env = f.metadata.get("env")
        if env and f.name in names:
            os.environ.pop(env, None)


# -- running ------------------------------------------------------------------------------------


@dataclasses.dataclass
class Run:
    """One query under one method."""

    query: Mapping[str, Any]
    ids: list[str]
    seconds: float


def run_queries(
    queries: Sequence[Mapping[str, Any]],
    ctx: Any,
    filters: Mapping[str, Any],
    tick: Callable[[], None] = lambda: None,
) -> list[Run]:
    """Every query once (the first one is run once more before, untimed: a warm-up)."""
    from graph.search import search

    if queries:
        search(queries[0]["query"], k=K, filters=dict(filters), context=ctx)
    runs = []
    for q in queries:
        start = time.perf_counter()
        found = search(q["query"], k=K, filters=dict(filters), context=ctx)
        seconds = time.perf_counter() - start
        runs.append(Run(q, [r["id"] for r in found], seconds))
        tick()
    return runs


def score(run: Run, catalogue: Catalogue) -> dict[str, Any] | None:
    """Per-query figures (None for a query with nothing relevant to find)."""
    q = run.query
    known = {pid: g for pid, g in q["judgments"].items() if pid in catalogue.group_of}
    grades = metrics.group_grades(known, catalogue.group_of)
    if q["kind"] == "not_carried" or not any(g >= metrics.RELEVANT for g in grades.values()):
        return None
    ranked = metrics.ranked_groups(run.ids, catalogue.group_of)
    return {
        "id": q["id"],
        "kind": q["kind"],
        "language": q["language"],
        "feed": q["feed"],
        "cross": q["language"] != FEED_LANGUAGE.get(q["feed"], q["language"]),
        "ndcg@10": metrics.ndcg(ranked, grades, 10),
        "recall@50": metrics.recall(ranked, grades, 50),
        "recall@10": metrics.recall(ranked, grades, 10),
        "mrr": metrics.reciprocal_rank(ranked, grades, K),
    }


def summarise(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Means of the per-query figures."""
    return {
        "n": len(rows),
        "ndcg@10": _r(metrics.mean([r["ndcg@10"] for r in rows])),
        "recall@50": _r(metrics.mean([r["recall@50"] for r in rows])),
        "mrr": _r(metrics.mean([r["mrr"] for r in rows])),
    }


def _r(value: float) -> float | None:
    return None if value != value else round(value, 4)  # nan -> None


def _by(rows: Sequence[Mapping[str, Any]], key: str) -> dict[str, Any]:
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[str(row[key])].append(row)
    return {name: summarise(members) for name, members in sorted(groups.items())}


def figures(runs: Sequence[Run], catalogues: Mapping[str, Catalogue]) -> dict[str, Any]:
    """Overall, per kind, per language and per feed figures, recall@10, latency."""
    rows = [s for run in runs if (s := score(run, catalogues[run.query["feed"]])) is not None]
    same = [r["recall@10"] for r in rows if not r["cross"]]
    cross = [r["recall@10"] for r in rows if r["cross"]]
    seconds = [run.seconds * 1000 for run in runs]
    return {
        "overall": summarise(rows),
        "by_kind": _by(rows, "kind"),
        "by_language": _by(rows, "language"),
        "by_feed": _by(rows, "feed"),
        "recall@10": {
            "same_language": {"n": len(same), "recall@10": _r(metrics.mean(same))},
            "cross_lingual": {"n": len(cross), "recall@10": _r(metrics.mean(cross))},
        },
        "latency_ms": {
            "n": len(seconds),
            "p50": _r(metrics.percentile(seconds, 50)),
            "p95": _r(metrics.percentile(seconds, 95)),
        },
        "not_carried": sum(1 for run in runs if run.query["kind"] == "not_carried"),
        "skipped": sum(1 for run in runs if run.query["kind"] != "not_carried") - len(rows),
    }


# -- progress -----------------------------------------------------------------------------------


class Progress:
    """A rich progress bar on stderr when it is a terminal (a no-op otherwise)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._bar: Any = None
        self._tasks: dict[str, Any] = {}

    @contextmanager
    def running(self) -> Iterator[Progress]:
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._bar.start()
        try:
            yield self
        finally:
            if self._bar is not None:
                self._bar.stop()
                self._bar = None

    def update(self, label: str, done: int, total: int | None) -> None:
        if self._bar is None:
            return
        if label not in self._tasks:
            self._tasks[label] = self._bar.add_task(label, total=total)
        self._bar.update(self._tasks[label], completed=done, total=total)

    def for_sync(self, feed: str) -> Callable[[str, int, int | None], None]:
        return lambda stage, done, total: self.update(f"sync {feed}: {stage}", done, total)

    def counter(self, label: str, total: int) -> Callable[[], None]:
        state = {"done": 0}
        self.update(label, 0, total)

        def tick() -> None:
            state["done"] += 1
            self.update(label, state["done"], total)

        return tick

    def note(self, text: str) -> None:
        if self._bar is not None:
            self._bar.console.print(text)
        else:
            print(text, file=sys.stderr)


# -- the evaluation -----------------------------------------------------------------------------


def evaluate(
    queries: Sequence[Mapping[str, Any]],
    *,
    devset: Path = DEVSET,
    cache_dir: Path = DEFAULT_CACHE,
    demo_size: int = DEMO_SIZE,
    methods: Sequence[str] = METHODS,
    reranker: str = "auto",
    diversity: float = 0.0,
    in_stock_only: bool = False,
    latency_size: int = 0,
    latency_rounds: int = 3,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Sync what the queries need, run every method, return the figures."""
    progress = progress or Progress(False)
    _clear_env(["index_dir", "chroma_url", "collection", "candidates", "diversity", "reranker"])
    filters = {"in_stock_only": in_stock_only}
    feeds = list(dict.fromkeys(q["feed"] for q in queries))
    catalogues: dict[str, Catalogue] = {}
    for feed in feeds:
        catalogues[feed] = prepare(feed, cache_dir, demo_size, progress.for_sync(feed))
    plan = method_settings(reranker)
    result: dict[str, Any] = {
        "devset": str(devset.resolve().relative_to(ROOT))
        if devset.resolve().is_relative_to(ROOT)
        else str(devset),
        "queries": len(queries),
        "demo_size": demo_size,
        "reranker": reranker_name(reranker),
        "settings": {"k": K, "candidates": K, "diversity": diversity, "filters": filters},
        "catalogues": {feed: cat.sync for feed, cat in catalogues.items()},
        "methods": {},
    }
    for method in methods:
        settings = plan[method]
        if isinstance(settings, str):
            result["methods"][method] = {"available": False, "reason": settings}
            continue
        runs: list[Run] = []
        tick = progress.counter(f"queries {method}", len(queries))
        try:
            for feed in feeds:
                ctx = make_context(catalogues[feed], settings, diversity)
                mine = [q for q in queries if q["feed"] == feed]
                runs.extend(run_queries(mine, ctx, filters, tick))
        except Exception as exc:  # noqa: BLE001 - a method the code rejects is reported
            result["methods"][method] = {
                "available": False,
                "reason": f"{type(exc).__name__}: {exc}",
            }
            progress.note(f"{method}: not available ({exc})")
            continue
        result["methods"][method] = {
            "available": True,
            "settings": settings,
            **figures(runs, catalogues),
        }
    if latency_size:
        result["latency"] = latency(
            queries,
            cache_dir,
            latency_size,
            plan,
            methods,
            diversity,
            filters,
            progress,
            latency_rounds,
        )
    return result


def latency(
    queries: Sequence[Mapping[str, Any]],
    cache_dir: Path,
    size: int,
    plan: Mapping[str, dict[str, Any] | str],
    methods: Sequence[str],
    diversity: float,
    filters: Mapping[str, Any],
    progress: Progress,
    rounds: int = 3,
) -> dict[str, Any]:
    """p50/p95 of the demo queries on a ``size``-product demo catalogue, per method.

    Every query runs ``rounds`` times (after one warm-up call); its time is the median.
    """
    catalogue = prepare(DEMO, cache_dir, size, progress.for_sync(f"demo-{size}"))
    texts = [q for q in queries if q["feed"] == DEMO] or list(queries)
    out: dict[str, Any] = {"size": size, "catalogue": catalogue.sync, "methods": {}}
    for method in methods:
        settings = plan[method]
        if isinstance(settings, str):
            out["methods"][method] = {"available": False, "reason": settings}
            continue
        ctx = make_context(catalogue, settings, diversity)
        tick = progress.counter(f"latency {method} @ {size}", len(texts) * rounds)
        try:
            passes = [run_queries(texts, ctx, filters, tick) for _ in range(rounds)]
        except Exception as exc:  # noqa: BLE001
            out["methods"][method] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
            continue
        # per query, the median of its rounds: a spike from another process on a shared
        # machine does not become the query's time
        ms = [
            metrics.percentile([p[i].seconds * 1000 for p in passes], 50) for i in range(len(texts))
        ]
        out["methods"][method] = {
            "available": True,
            "n": len(ms),
            "rounds": rounds,
            "p50": _r(metrics.percentile(ms, 50)),
            "p95": _r(metrics.percentile(ms, 95)),
        }
    return out


# -- output -------------------------------------------------------------------------------------


def _cell(summary: Mapping[str, Any] | None) -> str:
    if not summary or not summary.get("n"):
        return "—"
    return f"{summary['ndcg@10']:.3f} / {summary['recall@50']:.3f} / {summary['mrr']:.3f}"


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _fmt(value: Any, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def render(result: Mapping[str, Any]) -> str:
    """The figures as markdown tables."""
    methods: Mapping[str, Any] = result["methods"]
    names = list(methods)
    out = [
        f"Dev set: {result['queries']} queries · demo catalogue {result['demo_size']} items · "
        f"reranker for '+rerank': {result['reranker']} · k={result['settings']['k']}, "
        f"diversity={result['settings']['diversity']}, "
        f"in_stock_only={result['settings']['filters']['in_stock_only']}",
        "",
        "Overall (graded nDCG@10, Recall@50 and MRR with relevant = grade ≥ 2; "
        "latency per search() call)",
        "",
    ]
    rows = []
    for name in names:
        m = methods[name]
        if not m["available"]:
            rows.append([name, "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"])
            continue
        o, r10, lat = m["overall"], m["recall@10"], m["latency_ms"]
        rows.append(
            [
                name,
                str(o["n"]),
                _fmt(o["ndcg@10"]),
                _fmt(o["recall@50"]),
                _fmt(o["mrr"]),
                _fmt(r10["same_language"]["recall@10"]),
                _fmt(r10["cross_lingual"]["recall@10"]),
                _fmt(lat["p50"], 1),
                _fmt(lat["p95"], 1),
            ]
        )
    out.append(
        _table(
            [
                "method",
                "queries",
                "nDCG@10",
                "Recall@50",
                "MRR",
                "R@10 same-lang",
                "R@10 cross-lingual",
                "p50 ms",
                "p95 ms",
            ],
            rows,
        )
    )
    for title, key in (("kind", "by_kind"), ("language", "by_language"), ("feed", "by_feed")):
        keys = sorted({k for m in methods.values() if m["available"] for k in m[key]})
        if not keys:
            continue
        out += ["", f"Per {title}: nDCG@10 / Recall@50 / MRR", ""]
        body = []
        for k in keys:
            n = next(
                (m[key][k]["n"] for m in methods.values() if m["available"] and k in m[key]), 0
            )
            cells = [
                _cell(methods[name][key].get(k)) if methods[name]["available"] else "n/a"
                for name in names
            ]
            body.append([k, str(n), *cells])
        out.append(_table([title, "n", *names], body))
    notes = [
        f"- {name}: not available ({m['reason']})"
        for name, m in methods.items()
        if not m["available"]
    ]
    available = [m for m in methods.values() if m["available"]]
    if available and available[0]["not_carried"]:
        notes.append(
            f"- {available[0]['not_carried']} not-carried queries ran but are not scored "
            "(nothing relevant to find)"
        )
    if available and available[0]["skipped"]:
        notes.append(
            f"- {available[0]['skipped']} queries skipped: none of their relevant products is "
            "in this catalogue (a demo smaller than the judged one)"
        )
    if "latency" in result:
        lat = result["latency"]
        out += [
            "",
            f"Latency on a {lat['size']}-product demo catalogue (the demo queries, per "
            "search() call; each query's median of its rounds)",
            "",
        ]
        rows = []
        for name, m in lat["methods"].items():
            rows.append(
                [name, str(m["n"]), _fmt(m["p50"], 1), _fmt(m["p95"], 1)]
                if m["available"]
                else [name, "n/a", "n/a", "n/a"]
            )
        out.append(_table(["method", "queries", "p50 ms", "p95 ms"], rows))
        out.append(
            f"\nCatalogue sync before timing: {lat['catalogue']['seconds']} s "
            f"({lat['catalogue']['embedded']} texts embedded)."
        )
    if notes:
        out += ["", *notes]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--devset", type=Path, default=DEVSET)
    parser.add_argument(
        "--feeds", default="", help="comma-separated feeds: 'demo', file names or prefixes ('13')"
    )
    parser.add_argument("--limit", type=int, default=None, help="first N queries of each feed")
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--demo-size", type=int, default=DEMO_SIZE)
    parser.add_argument("--reranker", default="auto", help="the reranker of the '+rerank' methods")
    parser.add_argument("--diversity", type=float, default=0.0)
    parser.add_argument("--in-stock-only", action="store_true", help="the shipped stock filter")
    parser.add_argument(
        "--latency-size",
        type=int,
        default=0,
        help="also time the demo queries on a demo catalogue of this size (0: off)",
    )
    parser.add_argument(
        "--latency-rounds", type=int, default=3, help="runs of each query in the latency pass"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = set(methods) - set(METHODS)
    if unknown:
        parser.error(f"unknown methods {sorted(unknown)}; choose from {', '.join(METHODS)}")
    feeds = [f.strip() for f in args.feeds.split(",") if f.strip()] or None
    queries = select(load_devset(args.devset), feeds, args.limit)
    if not queries:
        parser.error("no queries selected")
    progress = Progress(sys.stderr.isatty())
    with progress.running():
        result = evaluate(
            queries,
            devset=args.devset,
            cache_dir=args.cache_dir,
            demo_size=args.demo_size,
            methods=methods,
            reranker=args.reranker,
            diversity=args.diversity,
            in_stock_only=args.in_stock_only,
            latency_size=args.latency_size,
            latency_rounds=args.latency_rounds,
            progress=progress,
        )
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
