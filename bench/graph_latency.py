"""Per-node latency of the shopping graph, without an LLM (rules + templates).

Builds (or reuses) a demo-catalogue index per ``--sizes`` entry with the real
sync and the real embedder (``FastEmbedEmbeddings``, the model the graph embeds
queries with), then runs a fixed script of conversations (greeting, browse,
recommend with constraints, refine, product questions, compare, purchase; some
in German, French and Spanish) through ``build_graph(InMemorySaver())`` with
``Context(index_dir=…, reranker="deterministic")``.

Per index size:

1. every cached client is dropped (graph resources + Chroma's in-process
   clients), then the script's first turn is run once: the **cold first turn**
   (store open, facets read, model load, first query);
2. one **warm-up pass** of the whole script (not recorded);
3. ``--rounds`` recorded passes, each conversation on a fresh thread.

Per node the time is the node's own ``trace["timings_ms"][node]``; the whole
turn is the wall time of ``app.invoke``. The bench also wraps a few library
calls (query embedding, Chroma query/count/get, the group-options lookup, the
facets read, relax) to show where a node's time goes; the wrappers cost about a
microsecond each. Target: a whole recommend/refine turn under 150 ms p50 on
10,000 products with the default (deterministic) reranker.

    .venv/bin/python bench/graph_latency.py                          # 500 and 10,000; builds both
    .venv/bin/python bench/graph_latency.py --index-cache bench/out/graph-index   # reuse builds
    .venv/bin/python bench/graph_latency.py --sizes 500 --rounds 1   # smoke test
    .venv/bin/python bench/graph_latency.py --json > graph.json      # progress on stderr
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import pct, taxonomy_path  # noqa: E402

# No LLM and no flashrank, whatever the environment says: rules + templates only.
for _var in ("AISLE_LLM_MODEL", "OPENAI_BASE_URL", "AISLE_RERANKER", "AISLE_INDEX_DIR"):
    os.environ.pop(_var, None)

TARGET_MS = 150.0
TARGET_SIZE = 10_000
NODES = ("intent", "elicitor", "retrieve", "rerank", "diversify", "product", "cart", "reply")
SEARCH_INTENTS = ("recommend", "refine")

# (expected intent, text) per turn; the expected intent is informational (the
# measured grouping uses the intent the graph actually chose).
SCRIPT: list[list[tuple[str, str]]] = [
    [
        ("greeting", "hi"),
        ("browse", "what do you have?"),
        ("recommend", "I need running shoes under 120 dollars"),
        ("refine", "cheaper"),
    ],
    [
        ("recommend", "show me jackets for men in size M"),
        ("refine", "in blue"),
        ("product_question", "is the second one available in M?"),
        ("purchase", "add the first one to my cart"),
    ],
    [
        ("recommend", "show me headphones"),
        ("refine", "under 50"),
        ("compare", "compare the first two"),
        ("purchase", "add the second one to my cart"),
    ],
    [
        ("recommend", "a blue t-shirt in size L"),
        ("refine", "cheaper"),
        ("product_question", "is the first one available in M?"),
    ],
    [
        ("recommend", "yoga mat from Zenfold"),
        ("refine", "something else"),
        ("compare", "compare them"),
    ],
    [
        ("recommend", "Ich suche Laufschuhe für Damen unter 150 Euro"),
        ("refine", "günstiger"),
        ("product_question", "ist der zweite in M verfügbar?"),
    ],
    [
        ("greeting", "Bonjour"),
        ("recommend", "je cherche une veste bleue"),
        ("refine", "moins cher"),
        ("purchase", "ajoute le premier au panier"),
    ],
    [
        ("greeting", "Hola"),
        ("recommend", "busco auriculares por menos de 100 euros"),
        ("refine", "más barato"),
        ("product_question", "¿el segundo está disponible?"),
    ],
    [
        ("recommend", "show me backpacks"),
        ("refine", "in black"),
        ("refine", "under 80"),
        ("purchase", "buy the first one"),
    ],
    [
        ("recommend", "what are your best sellers?"),
        ("recommend", "electronics"),
        ("refine", "under 50"),
    ],
    [
        ("recommend", "I want a dress in size M"),
        ("refine", "in blue"),
        ("compare", "compare the first three"),
    ],
    [
        ("other", "something for my mom"),
        ("recommend", "Home"),
        ("refine", "under 50"),
        ("product_question", "is the second one in stock?"),
    ],
]

# -- where the time goes: wrappers around library calls -------------------------------------------

_STEPS: dict[str, float] = defaultdict(float)
_CALLS: dict[str, int] = defaultdict(int)


def _timed_call(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(func)
    def inner(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return func(*args, **kwargs)
        finally:
            _STEPS[name] += (time.perf_counter() - start) * 1000
            _CALLS[name] += 1

    return inner


def instrument() -> None:
    """Wrap the calls the nodes spend their time in (names as printed)."""
    import graph.retrieval
    import graph.search_nodes
    from sync.embed import FastEmbedEmbeddings, UseMultilingualEmbeddings
    from sync.store import CatalogueStore

    for cls in (FastEmbedEmbeddings, UseMultilingualEmbeddings):
        cls.embed_query = _timed_call("embed_query", cls.embed_query)  # type: ignore[method-assign]
    # store.query calls store.count() first: chroma_query includes chroma_count.
    CatalogueStore.query = _timed_call("chroma_query", CatalogueStore.query)  # type: ignore[method-assign]
    CatalogueStore.count = _timed_call("chroma_count", CatalogueStore.count)  # type: ignore[method-assign]
    CatalogueStore.get = _timed_call("chroma_get", CatalogueStore.get)  # type: ignore[method-assign]
    CatalogueStore.read_facets = _timed_call(  # type: ignore[method-assign]
        "read_facets", CatalogueStore.read_facets
    )
    # The group-options lookup (one chroma_get per retrieve() call).
    graph.retrieval._attach_options = _timed_call(  # type: ignore[assignment]
        "group_options", graph.retrieval._attach_options
    )
    graph.search_nodes.relax = _timed_call("relax", graph.search_nodes.relax)  # type: ignore[assignment]


STEP_NOTES = {
    "embed_query": "query embedding (MiniLM-L6 int8, fastembed), in retrieve",
    "chroma_query": "CatalogueStore.query: count() + collection.query (filter + HNSW + fetch)",
    "chroma_count": "CatalogueStore.count (inside chroma_query)",
    "group_options": "_attach_options: one collection.get of every member of the groups found",
    "chroma_get": "every CatalogueStore.get (group options, product lookups, page lookups)",
    "read_facets": "CatalogueStore.read_facets (intent every turn; elicitor/reply sometimes)",
    "relax": "relax(): retries retrieve() without one constraint when nothing matched",
}

# -- indexes --------------------------------------------------------------------------------------


def _forget_clients() -> None:
    """Drop the graph's cached store/embedder and Chroma's cached in-process clients."""
    from graph.resources import clear_caches

    clear_caches()
    try:
        from chromadb.api.client import SharedSystemClient

        SharedSystemClient.clear_system_cache()
    except Exception:  # noqa: BLE001 - best effort
        pass
    gc.collect()


def ensure_index(root: Path, size: int, log: Callable[..., None]) -> dict[str, Any]:
    """``root/size-N/index`` built from ``build_demo_feed(size=N)`` with the real model."""
    from sync.demo_feed import build_demo_feed
    from sync.embed import make_embeddings, model_id_of
    from sync.pipeline import run_sync
    from sync.settings import SyncSettings

    folder = root / f"size-{size}"
    done = folder / "DONE.json"
    model_id = model_id_of(make_embeddings(SyncSettings().embedding_model))
    if done.exists():
        info = json.loads(done.read_text())
        if info.get("size") == size and info.get("model_id", model_id) == model_id:
            log(
                f"  reusing the {size}-product index in {folder} (built in {info['build_s']:.0f} s)"
            )
            return {**info, "reused": True}
        log(f"  {folder} was built differently; rebuilding")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    feed = folder / "feed.xml"
    build_demo_feed(feed, size=size)
    log(f"  building the {size}-product index with the real model (10k: 10–20 min) …")
    start = time.perf_counter()
    report = run_sync(
        feed,
        SyncSettings(
            index_dir=folder / "index", cache_dir=folder / "cache", taxonomy_path=taxonomy_path()
        ),
    )
    build_s = time.perf_counter() - start
    if report.status != "ok":
        raise SystemExit(f"sync of {feed} {report.status}: {report.reason}")
    info = {
        "size": size,
        "model_id": model_id,
        "build_s": round(build_s, 1),
        "embedded": report.embedded,
        "counts": dict(report.counts),
        "seconds": dict(report.seconds),
    }
    done.write_text(json.dumps(info, indent=2))
    _forget_clients()
    log(f"  built in {build_s:.0f} s ({report.embedded} texts embedded)")
    return {**info, "reused": False}


# -- running the script ---------------------------------------------------------------------------


#: ``app.invoke(durability=…)``; None: LangGraph's default ("async").
DURABILITY: str | None = None


def run_turn(app: Any, ctx: Any, thread: str, text: str) -> dict[str, Any]:
    """One turn: wall time, the nodes' own timings, the wrapped calls' times."""
    _STEPS.clear()
    _CALLS.clear()
    extra = {"durability": DURABILITY} if DURABILITY else {}
    start = time.perf_counter()
    state = app.invoke(
        {"messages": [("user", text)]},
        {"configurable": {"thread_id": thread}},
        context=ctx,
        **extra,
    )
    total = (time.perf_counter() - start) * 1000
    nodes = dict((state.get("trace") or {}).get("timings_ms") or {})
    return {
        "text": text,
        "intent": state.get("intent"),
        "total_ms": total,
        "nodes_ms": nodes,
        "overhead_ms": total - sum(nodes.values()),
        "steps_ms": dict(_STEPS),
        "calls": dict(_CALLS),
        "cards": len(state.get("recommendations") or []),
        "retrieved": ((state.get("trace") or {}).get("counts") or {}).get("retrieve"),
    }


def run_pass(app: Any, ctx: Any, tag: str) -> list[dict[str, Any]]:
    turns = []
    for c, conversation in enumerate(SCRIPT):
        thread = f"{tag}-c{c}"
        for t, (expected, text) in enumerate(conversation):
            rec = run_turn(app, ctx, thread, text)
            rec.update(conversation=c, turn=t, expected=expected)
            turns.append(rec)
    return turns


def summarise(values: list[float]) -> dict[str, Any]:
    return {
        "count": len(values),
        "p50": round(pct(values, 50), 2),
        "p95": round(pct(values, 95), 2),
        "mean": round(sum(values) / len(values), 2) if values else float("nan"),
        "max": round(max(values), 2) if values else float("nan"),
    }


def bench_size(
    size: int, index_dir: Path, rounds: int, reranker: str, log: Callable[..., None]
) -> dict[str, Any]:
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from graph.resources import get_store

    ctx = Context(index_dir=str(index_dir), reranker=reranker)
    app = build_graph(InMemorySaver())
    _forget_clients()
    cold = run_turn(app, ctx, f"cold-{size}", SCRIPT[0][2][1])  # a recommend turn, nothing loaded
    log(f"  cold first turn: {cold['total_ms']:.0f} ms")
    count = get_store(ctx).count()
    run_pass(app, ctx, f"warm-{size}")
    turns: list[dict[str, Any]] = []
    for r in range(rounds):
        start = time.perf_counter()
        turns += run_pass(app, ctx, f"r{r}-{size}")
        log(f"  round {r + 1}/{rounds}: {time.perf_counter() - start:.1f} s")

    nodes = {
        n: summarise([t["nodes_ms"][n] for t in turns if n in t["nodes_ms"]])
        for n in NODES
        if any(n in t["nodes_ms"] for t in turns)
    }
    steps = {
        s: summarise([t["steps_ms"][s] for t in turns if s in t["steps_ms"]])
        for s in STEP_NOTES
        if any(s in t["steps_ms"] for t in turns)
    }
    search = [t for t in turns if "retrieve" in t["nodes_ms"]]
    by_intent: dict[str, list[float]] = defaultdict(list)
    for t in turns:
        by_intent[str(t["intent"])].append(t["total_ms"])
    whole = {
        "recommend/refine (retrieve ran)": summarise([t["total_ms"] for t in search]),
        "recommend/refine (by intent)": summarise(
            [t["total_ms"] for t in turns if t["intent"] in SEARCH_INTENTS]
        ),
        "all turns": summarise([t["total_ms"] for t in turns]),
        **{f"intent={k}": summarise(v) for k, v in sorted(by_intent.items())},
        "graph overhead (turn - nodes)": summarise([t["overhead_ms"] for t in turns]),
    }
    mismatches = sorted(
        {
            (t["text"], t["expected"], str(t["intent"]))
            for t in turns
            if t["expected"] != t["intent"]
        }
    )
    return {
        "size": size,
        "records": count,
        "rounds": rounds,
        "turns": len(turns),
        "cold_first_turn": {k: cold[k] for k in ("text", "total_ms", "nodes_ms", "steps_ms")},
        "nodes_ms": nodes,
        "steps_ms": steps,
        "whole_turn_ms": whole,
        "search_turns_no_cards": sum(1 for t in search if not t["cards"]),
        "intent_mismatches": [{"text": a, "expected": b, "got": c} for a, b, c in mismatches],
        "raw_turns": turns,
    }


def _print_size(res: dict[str, Any]) -> None:
    size = res["size"]
    print(
        f"\n=== {size:,} products ({res['records']:,} records), {res['turns']} turns "
        f"({res['rounds']} round(s) × {res['turns'] // max(res['rounds'], 1)}) ==="
    )
    cold = res["cold_first_turn"]
    print(
        f"cold first turn ({cold['text']!r}): {cold['total_ms']:.0f} ms — nodes "
        + ", ".join(f"{n} {v:.0f}" for n, v in cold["nodes_ms"].items())
        + "; calls "
        + ", ".join(f"{s} {v:.0f}" for s, v in cold["steps_ms"].items())
    )
    head = f"{'node':<34} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'mean ms':>9} {'max ms':>9}"
    print("\n" + head + "\n" + "-" * len(head))
    for name, s in res["nodes_ms"].items():
        print(
            f"{name:<34} {s['count']:>6} {s['p50']:>9.1f} {s['p95']:>9.1f} "
            f"{s['mean']:>9.1f} {s['max']:>9.1f}"
        )
    print("\n" + f"{'call (inside the nodes)':<34}" + head[34:] + "\n" + "-" * len(head))
    for name, s in res["steps_ms"].items():
        print(
            f"{name:<34} {s['count']:>6} {s['p50']:>9.1f} {s['p95']:>9.1f} "
            f"{s['mean']:>9.1f} {s['max']:>9.1f}"
        )
    print("\n" + f"{'whole turn':<34}" + head[34:] + "\n" + "-" * len(head))
    for name, s in res["whole_turn_ms"].items():
        print(
            f"{name:<34} {s['count']:>6} {s['p50']:>9.1f} {s['p95']:>9.1f} "
            f"{s['mean']:>9.1f} {s['max']:>9.1f}"
        )
    if res["search_turns_no_cards"]:
        print(f"({res['search_turns_no_cards']} search turn(s) found nothing and ran relax)")
    if res["intent_mismatches"]:
        print(
            "turns the rules classified differently from the script's label: "
            + "; ".join(
                f"{m['text']!r} {m['expected']}→{m['got']}" for m in res["intent_mismatches"]
            )
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", default="500,10000", help="catalogue sizes, comma-separated (default 500,10000)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="recorded passes (default 3)")
    parser.add_argument(
        "--index-cache",
        type=Path,
        default=None,
        help="keep built indexes here and reuse them (e.g. bench/out/graph-index); "
        "default: a temp dir, removed at the end",
    )
    parser.add_argument(
        "--reranker",
        default="deterministic",
        help="Context.reranker (default deterministic: the default without flashrank files)",
    )
    parser.add_argument(
        "--durability",
        choices=("async", "sync", "exit"),
        default=None,
        help="app.invoke(durability=…) (default: LangGraph's, async — what the app uses)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--raw", action="store_true", help="with --json: include every turn")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if not sizes or min(sizes) < 10 or args.rounds < 1:
        parser.error("--sizes must be >= 10 each and --rounds >= 1")
    log = (lambda *a: print(*a, file=sys.stderr, flush=True)) if args.json else print
    global DURABILITY
    DURABILITY = args.durability

    out: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "loadavg_start": list(os.getloadavg()),
        "cpus": os.cpu_count(),
        "rounds": args.rounds,
        "reranker": args.reranker,
        "durability": args.durability or "async (default)",
        "script": {"conversations": len(SCRIPT), "turns": sum(len(c) for c in SCRIPT)},
        "target": {"ms": TARGET_MS, "size": TARGET_SIZE, "what": "recommend/refine turn p50"},
        "sizes": {},
    }
    temp = None
    root = args.index_cache
    if root is None:
        temp = Path(tempfile.mkdtemp(prefix="aisle-bench-graph-"))
        root = temp
    root.mkdir(parents=True, exist_ok=True)
    try:
        log(f"indexes under {root}")
        indexes = {size: ensure_index(root, size, log) for size in sizes}
        out["indexes"] = indexes

        # Model load, measured on its own (a fresh embedder: load + first query).
        from sync.embed import make_embeddings
        from sync.settings import SyncSettings

        instrument()
        start = time.perf_counter()
        make_embeddings(SyncSettings().embedding_model).embed_query("warm up the model")
        out["model_load_ms"] = round((time.perf_counter() - start) * 1000, 1)
        log(f"model load + first query: {out['model_load_ms']:.0f} ms (not in any figure below)")

        for size in sizes:
            log(f"{size} products: cold turn, warm-up pass, {args.rounds} round(s) …")
            res = bench_size(size, root / f"size-{size}" / "index", args.rounds, args.reranker, log)
            if not (args.json and args.raw):
                res.pop("raw_turns")
            out["sizes"][str(size)] = res
            if not args.json:
                _print_size(res)
        out["loadavg_end"] = list(os.getloadavg())
        if str(TARGET_SIZE) in out["sizes"]:
            res = out["sizes"][str(TARGET_SIZE)]
            p50 = res["whole_turn_ms"]["recommend/refine (retrieve ran)"]["p50"]
            all_p50 = res["whole_turn_ms"]["all turns"]["p50"]
            out["target"].update(p50_ms=p50, all_turns_p50_ms=all_p50, met=p50 < TARGET_MS)
            if not args.json:
                print(
                    f"\nTarget (recommend/refine turn < {TARGET_MS:.0f} ms p50 on "
                    f"{TARGET_SIZE:,} products, {args.reranker} reranker): "
                    f"{'MET' if p50 < TARGET_MS else 'NOT MET'} — p50 {p50:.1f} ms "
                    f"(all turns p50 {all_p50:.1f} ms)"
                )
        if not args.json:
            print(
                f"model load + first query (excluded): {out['model_load_ms']:.0f} ms; "
                f"load average {out['loadavg_start'][0]:.2f} at start, "
                f"{out['loadavg_end'][0]:.2f} at end on {out['cpus']} CPUs"
            )
    finally:
        _forget_clients()
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
