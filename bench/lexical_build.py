"""The lexical index: build time per generation, and search latency per retrieval method.

Reads an existing index (build one first: ``python -m sync demo big.xml --size 10000``
then ``python -m sync run big.xml --index DIR``, a few minutes on 2 cores), then:

1. reads every record as the graph does after a sync (``CatalogueStore.iter_records``)
   and builds :class:`graph.lexical.LexicalIndex` from them, ``--builds`` times;
2. runs ``--queries`` queries made from the catalogue's own titles (two or three
   words of a title; every fifth with two letters swapped, a typo) through
   ``graph.search.search(query, k=K)`` for each method, after one warm-up pass,
   and prints p50/p95 per method.

    .venv/bin/python bench/lexical_build.py --index /tmp/big-index
    .venv/bin/python bench/lexical_build.py --index /tmp/big-index --k 10 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import _common  # noqa: E402, F401 - sets HF_HUB_OFFLINE, the repo on sys.path

METHODS = (
    ("dense", "deterministic"),
    ("lexical", "none"),
    ("hybrid", "none"),
    ("hybrid", "deterministic"),
)


def make_queries(titles: list[str], n: int, seed: int = 12) -> list[str]:
    """Two or three consecutive words of random titles; every fifth with a typo."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = rng.choice(titles).split()
        size = min(len(words), rng.choice((2, 3)))
        start = rng.randrange(0, len(words) - size + 1)
        chosen = words[start : start + size]
        if i % 5 == 4:
            long = [j for j, w in enumerate(chosen) if len(w) >= 5]
            if long:
                j = rng.choice(long)
                w = chosen[j]
                cut = rng.randrange(1, len(w) - 2)
                chosen[j] = w[:cut] + w[cut + 1] + w[cut] + w[cut + 2 :]
        out.append(" ".join(chosen))
    return out


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile, linear between ranks."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * p / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def main(argv: list[str] | None = None) -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", required=True, help="an existing embedded index directory")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--k", type=int, default=100, help="results per search() call")
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from graph.context import Context
    from graph.lexical import LexicalIndex
    from graph.resources import get_store, get_view
    from graph.search import search

    base = Context(index_dir=args.index)
    store = get_store(base)
    reads, builds = [], []
    index = None
    for _ in range(args.builds):
        start = time.perf_counter()
        records = [
            (pid, str(m.get("title") or ""), doc or "") for pid, m, doc in store.iter_records()
        ]
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        index = LexicalIndex.build(records, base.catalogue_language)
        builds.append(time.perf_counter() - start)
    assert index is not None
    titles = sorted({t for _, t, _ in records if t})
    queries = make_queries(titles, args.queries)
    figures: dict[str, object] = {
        "products": len(index),
        "terms": len(index.postings),
        "vocabulary": len(index.vocabulary),
        "language": index.language,
        "read_s": round(statistics.median(reads), 3),
        "build_s": round(statistics.median(builds), 3),
        "k": args.k,
        "queries": len(queries),
        "search_ms": {},
    }
    for method, reranker in METHODS:
        ctx = Context(index_dir=args.index, retrieval=method, reranker=reranker)
        get_view(ctx).wait_loaded()
        for q in queries:  # warm-up: caches, the model's first calls
            search(q, k=args.k, context=ctx)
        times = []
        for q in queries:
            start = time.perf_counter()
            search(q, k=args.k, context=ctx)
            times.append((time.perf_counter() - start) * 1000)
        figures["search_ms"][f"{method}+{reranker}"] = {  # type: ignore[index]
            "p50": round(percentile(times, 50), 1),
            "p95": round(percentile(times, 95), 1),
        }
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{figures['products']} products ({figures['language']}): {figures['terms']} terms, "
        f"vocabulary {figures['vocabulary']} words"
    )
    print(
        f"read every record {figures['read_s']} s, build the lexical index "
        f"{figures['build_s']} s (median of {args.builds})"
    )
    print(f"search(query, k={args.k}) over {len(queries)} title-word queries:")
    for name, t in figures["search_ms"].items():  # type: ignore[attr-defined]
        print(f"  {name:24s} p50 {t['p50']:6.1f} ms   p95 {t['p95']:6.1f} ms")


if __name__ == "__main__":
    main()
