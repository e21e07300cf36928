"""Sync at scale: a 100,000-product catalogue, time and peak memory per stage.

Full rebuild with a fast fake embedder (hash vectors, no sleep), then each
single-item change scenario (``--repeat`` runs, the median run reported), then
a 1 % mixed change, each starting from the base catalogue's index state (the
base feed is synced back in between, which is itself a single-item change and
is not reported). Peak memory is the
process's resident set sampled every 10 ms during each sync, above the
resident set before it.

Targets (issue "Beyond one machine"): no-change sync under 10 s, peak memory
under 1 GB, single-item change within 1 s of the no-change time.

    .venv/bin/python bench/scale.py [--size 100000] [--repeat 3] [--keep DIR] [--json]
    .venv/bin/python bench/scale.py --chroma-url http://127.0.0.1:8000   # a Chroma server
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import PeakRSS, SleepyHashEmbedder  # noqa: E402

from sync.demo_feed import apply_scenario, generate_items, write_feed  # noqa: E402
from sync.pipeline import run_sync  # noqa: E402
from sync.settings import SyncSettings  # noqa: E402

SCENARIOS = ["none", "add", "price", "stock", "description", "category", "delete"]
TARGET_NO_CHANGE_S, TARGET_PEAK_MB, TARGET_SINGLE_OVER_S = 10.0, 1024.0, 1.0


def timed_sync(feed: Path, settings: SyncSettings, embedder: Any, **kw: Any) -> dict[str, Any]:
    with PeakRSS() as peak:
        report = run_sync(feed, settings, embeddings=embedder, allow_abnormal_delta=True, **kw)
    assert report.status == "ok", report.reason
    return {
        "seconds": report.seconds,
        "peak_mb": round(peak.peak_mb, 1),
        "counts": report.counts,
        "embedded": report.embedded,
        "unread": report.items_unread,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="work directory to keep (default: temp)")
    parser.add_argument("--chroma-url", default=None, help="a Chroma server instead of embedded")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of each scenario but the mixed one; the median run is reported (default 3)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    work = args.keep or Path(tempfile.mkdtemp(prefix="aisle-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    settings = SyncSettings(
        index_dir=work / "index",
        cache_dir=work / "cache",
        chroma_url=args.chroma_url,
        collection=f"scale-{args.size}",
        taxonomy_path=None,
        max_delete_ratio=1.0,
    )
    embedder = SleepyHashEmbedder(delay=0.0)
    results: dict[str, Any] = {"size": args.size, "store": args.chroma_url or "embedded"}
    try:
        base_items = list(generate_items(args.size))
        base = work / "base.xml"
        write_feed(base, base_items)
        print(
            f"catalogue: {args.size} items, {base.stat().st_size / 2**20:.0f} MB", file=sys.stderr
        )
        results["full"] = timed_sync(base, settings, embedder, rebuild=True)
        print(f"full rebuild: {results['full']['seconds']['total']:.1f} s", file=sys.stderr)
        for scenario in [*SCENARIOS, "mixed"]:
            count = max(1, args.size // 100) if scenario == "mixed" else 1
            feed = work / f"{scenario}.xml"
            write_feed(feed, apply_scenario(base_items, scenario, count=count))
            runs = []
            for _ in range(1 if scenario == "mixed" else max(1, args.repeat)):
                runs.append(timed_sync(feed, settings, embedder))
                if scenario != "none":  # back to the base state for the next run
                    run_sync(base, settings, embeddings=embedder, allow_abnormal_delta=True)
            # The median run by total time: a 100,000-product sync varies by ±1 s run to run.
            runs.sort(key=lambda r: r["seconds"]["total"])
            results[scenario] = {
                **runs[len(runs) // 2],
                "totals_s": [r["seconds"]["total"] for r in runs],
            }
            totals = ", ".join(f"{t:.2f}" for t in results[scenario]["totals_s"])
            print(f"{scenario}: {totals} s", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    if args.json:
        print(json.dumps(results))
        return 0
    stages = ["index", "parse", "classify", "enrich", "embed", "write", "facets", "total"]
    print(f"\nSync at {args.size:,} products ({results['store']}), fake embedder (no sleep)")
    print(
        f"{'scenario':12}" + "".join(f"{s:>9}" for s in stages) + f"{'peak MB':>9}{'embedded':>9}"
    )
    for name in ["full", *SCENARIOS, "mixed"]:
        row = results[name]
        cells = "".join(f"{row['seconds'].get(s, 0.0):9.2f}" for s in stages)
        print(f"{name:12}{cells}{row['peak_mb']:9.0f}{row['embedded']:9d}")
    none_s = results["none"]["seconds"]["total"]
    worst_single = max(results[s]["seconds"]["total"] for s in SCENARIOS[1:])
    peak = max(r["peak_mb"] for k, r in results.items() if isinstance(r, dict) and "peak_mb" in r)
    print(
        f"\nno-change sync {none_s:.2f} s (target < {TARGET_NO_CHANGE_S:.0f} s): "
        f"{'met' if none_s < TARGET_NO_CHANGE_S else 'NOT met'}"
    )
    print(
        f"peak memory {peak:.0f} MB above start (target < {TARGET_PEAK_MB:.0f} MB): "
        f"{'met' if peak < TARGET_PEAK_MB else 'NOT met'}"
    )
    print(
        f"worst single-item change {worst_single:.2f} s, {worst_single - none_s:+.2f} s over "
        f"no-change (target within {TARGET_SINGLE_OVER_S:.0f} s): "
        f"{'met' if worst_single - none_s <= TARGET_SINGLE_OVER_S else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
