"""Peak memory of parsing a large feed (the design wants memory flat in feed size).

Writes a ``--size`` item demo feed (100,000 items, ~100 MB by default) to a
temp directory in a child process, then measures four passes, each in its
own fresh child process so no pass inherits another's heap:

``parse``       ``sync.parse.iter_items`` + ``sync.normalise.normalise``, items
                dropped as they come (the streaming parser alone).
``snapshot``    ``sync.snapshot.read_snapshot`` with an empty ``indexed`` map
                (first sync: every product is kept in ``pending`` — memory
                grows with the catalogue by design).
``no-change``   ``read_snapshot`` with ``indexed`` equal to the snapshot's own
                entries (raw hash, hashes, facet row: a no-change sync, nothing
                pending) and ``fast=True``: byte-identical items are skipped
                unread, as a real sync does when nothing else changed. The map
                is loaded before the baseline, as the sync holds it too.
``no-change-full``  the same with ``fast=False``: every item parsed and
                hashed again (the path before the fast path, and the one a
                sync takes after a model/taxonomy/settings change).

Memory is the resident set size (RSS, ``psutil``), sampled every 5 ms by a
thread: "peak above baseline" is the highest sample minus the RSS measured
right before the pass (after imports, taxonomy load and ``gc.collect()``).
``ru_maxrss`` (the kernel's high-water mark) is printed as a cross-check.

    .venv/bin/python bench/parse_memory.py [--size 100000] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import pickle
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import PeakRSS, rss_bytes, taxonomy_path  # noqa: E402

TARGET_MB = 150.0
MB = 1024 * 1024
MODES = ("parse", "snapshot", "no-change", "no-change-full")


def _maxrss_bytes() -> int:
    # Linux reports kilobytes (macOS bytes; this bench assumes Linux).
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(mode: str, feed: Path, hashes_file: Path) -> dict[str, Any]:
    """One measured pass, in this (fresh) process."""
    from sync.normalise import normalise
    from sync.parse import iter_items
    from sync.snapshot import IndexEntry, read_snapshot
    from sync.taxonomy import Taxonomy

    taxonomy = Taxonomy.load(taxonomy_path())
    indexed: dict[str, IndexEntry] = {}
    if mode.startswith("no-change"):
        indexed = pickle.loads(hashes_file.read_bytes())
    gc.collect()
    baseline = rss_bytes()
    maxrss_before = _maxrss_bytes()
    items = 0
    start = time.perf_counter()
    with PeakRSS(interval=0.005) as sampler:
        if mode == "parse":
            for raw in iter_items(feed):
                normalise(raw, "")
                items += 1
        else:
            # "no-change" takes the fast path for byte-identical items, as a real sync
            # does when nothing else changed; "no-change-full" reads every item again.
            snap = read_snapshot(
                feed,
                taxonomy=taxonomy,
                model_id="bench",
                indexed=indexed,
                fast=mode == "no-change",
            )
            items = snap.info.items
            kept = {
                "hashes": len(snap.hashes),
                "pending": len(snap.pending),
                "known": snap.known,
            }
            if mode == "snapshot":
                entries = {
                    pid: IndexEntry(snap.raw_hashes[pid], full, sem, snap.facet_rows[pid])
                    for pid, (full, sem) in snap.hashes.items()
                }
                hashes_file.write_bytes(pickle.dumps(entries))
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "mode": mode,
        "items": items,
        "seconds": round(seconds, 3),
        "items_per_s": round(items / seconds) if seconds else None,
        "baseline_mb": round(baseline / MB, 1),
        "peak_mb": round(sampler.peak / MB, 1),
        "peak_above_baseline_mb": round((sampler.peak - baseline) / MB, 1),
        "samples": sampler.samples,
        "ru_maxrss_before_mb": round(maxrss_before / MB, 1),
        "ru_maxrss_after_mb": round(_maxrss_bytes() / MB, 1),
        "ru_maxrss_delta_mb": round((_maxrss_bytes() - maxrss_before) / MB, 1),
    }
    if mode != "parse":
        result.update(kept)
    if mode.startswith("no-change"):
        result["indexed_map_entries"] = len(indexed)
    return result


def _run_child(*args: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, __file__, "--_child", *args], capture_output=True, text=True, check=False
    )
    if proc.returncode:
        raise SystemExit(f"child {args[0]} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000, help="feed items (default 100000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--_child", nargs=3, metavar=("MODE", "FEED", "HASHES"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args._child:
        mode, feed, hashes = args._child
        print(json.dumps(child(mode, Path(feed), Path(hashes))))
        return 0

    log = (lambda *a: print(*a, file=sys.stderr, flush=True)) if args.json else print
    work = Path(tempfile.mkdtemp(prefix="aisle-bench-parse-"))
    out: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "size": args.size,
        "target_mb": TARGET_MB,
        "method": "psutil RSS sampled every 5 ms in a thread, minus RSS before the pass",
    }
    try:
        feed = work / "feed.xml"
        hashes = work / "hashes.pickle"
        t = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; sys.path.insert(0, sys.argv[1]); from _common import ROOT; "
                "from sync.demo_feed import build_demo_feed; "
                "build_demo_feed(sys.argv[2], size=int(sys.argv[3]))",
                str(Path(__file__).resolve().parent),
                str(feed),
                str(args.size),
            ],
            check=True,
        )
        out["feed_mb"] = round(feed.stat().st_size / MB, 1)
        out["feed_write_s"] = round(time.perf_counter() - t, 1)
        log(f"wrote {args.size} items ({out['feed_mb']} MB) in {out['feed_write_s']} s")
        results = {}
        for mode in MODES:  # "snapshot" writes the index entries the no-change passes load
            results[mode] = r = _run_child(mode, str(feed), str(hashes))
            log(
                f"{mode:<14} peak {r['peak_above_baseline_mb']:>7.1f} MB above baseline "
                f"({r['baseline_mb']:.1f} MB; ru_maxrss delta {r['ru_maxrss_delta_mb']:.1f} MB), "
                f"{r['items']} items in {r['seconds']:.1f} s = {r['items_per_s']} items/s"
                + (f", pending {r['pending']}, known {r['known']}" if "pending" in r else "")
            )
        out["results"] = results
        for r in results.values():
            r["target_met"] = r["peak_above_baseline_mb"] < TARGET_MB
        if not args.json:
            print(
                f"\nTarget: peak < {TARGET_MB:.0f} MB above baseline for a {args.size}-item "
                f"feed ({out['feed_mb']} MB)"
            )
            for mode, r in results.items():
                verdict = "MET" if r["target_met"] else "NOT MET"
                note = (
                    " (every product pending, grows with the catalogue by design)"
                    if mode == "snapshot"
                    else ""
                )
                print(f"  {mode:<14} {r['peak_above_baseline_mb']:>7.1f} MB  {verdict}{note}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
