"""Reproduce the paper's Table 1: incremental sync of a 500-record catalogue.

For each change scenario, every run starts from an index holding the base
catalogue (a fresh ``shutil.copytree`` of a prepared base index) and times one
``run_sync`` of the changed feed (``report.seconds["total"]``: lock, store
open, fetch, index read, parse, classify, enrich, embed, write, facets).
The full rebuild is timed on a fresh, empty index. Medians over ``--runs``.

Embedders: the real model (``FastEmbedEmbeddings``, loaded and warmed up once
before timing, so the load is not charged to any sync) and a fake one that
sleeps 5 ms per text (a remote embedding API), with 384-d hash vectors.

Watch mode (``--mode warm``/``both``): the same scenarios as ticks of one
:class:`sync.watch.Watcher` that already holds the open store and the model — a
warm-up tick of the base feed, then the timed tick of the changed feed — which
is what ``python -m sync watch`` pays per change. Shares are of the same full
rebuild.

Also times a no-change sync of a ``--no-change-size`` catalogue (target < 2 s)
and prints its per-stage seconds, and (real model) the *floor*: the Chroma calls
and the one embedding that any single-item sync must make, each timed alone on
a copy of the base index, so the table's figures can be read against it.

    .venv/bin/python bench/sync_table.py [--size 500] [--runs 5] [--mode both] [--json] [--quick]
"""

from __future__ import annotations

import argparse
import gc
import json
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import SleepyHashEmbedder, median, taxonomy_path  # noqa: E402

from sync.demo_feed import build_demo_feed  # noqa: E402
from sync.pipeline import run_sync  # noqa: E402
from sync.report import SyncReport  # noqa: E402
from sync.settings import SyncSettings  # noqa: E402

# (key, label, demo_feed scenario or None for the full rebuild, paper row key)
SCENARIOS: list[tuple[str, str, str | None, str | None]] = [
    ("full", "Full rebuild (empty index)", None, "full"),
    ("none", "None (same feed again)", "none", "none"),
    ("add", "Add one product", "add", "add"),
    ("price_stock", "Price/stock of one product", "price_stock", "price"),
    ("description", "Description of one product", "description", "description"),
    ("category", "Category of one product", "category", "description"),
    ("delete", "Delete one product", "delete", "delete"),
]
SINGLE_ITEM = [key for key, _, scenario, _ in SCENARIOS if scenario not in (None, "none")]

# Table 1 of the paper (500 records; full rebuild 2.914 s).
PAPER = {
    "full": (2.914, 100.0),
    "none": (0.053, 1.8),
    "add": (0.321, 11.0),
    "price": (0.072, 2.5),
    "description": (0.357, 12.3),
    "delete": (0.062, 2.1),
}
TARGET_SHARE = 1.0  # % of the full rebuild, every single-item scenario, real model
TARGET_NO_CHANGE_S = 2.0


def _forget_clients() -> None:
    """Close Chroma's cached in-process clients (one per index path)."""
    try:
        from chromadb.api.client import SharedSystemClient

        SharedSystemClient.clear_system_cache()
    except Exception:  # noqa: BLE001 - best effort; only frees memory and file handles
        pass
    gc.collect()


def _settings(index_dir: Path, work: Path) -> SyncSettings:
    return SyncSettings(
        index_dir=index_dir,
        cache_dir=work / "cache",
        taxonomy_path=taxonomy_path(),
        # The bench syncs deliberate single changes; never let a guard refuse one.
        max_delete_ratio=1.0,
    )


def _sync(feed: Path, index_dir: Path, work: Path, embeddings: Any) -> SyncReport:
    report = run_sync(feed, _settings(index_dir, work), embeddings=embeddings)
    if report.status != "ok":
        raise SystemExit(f"sync of {feed.name} into {index_dir} {report.status}: {report.reason}")
    return report


def _check(key: str, report: SyncReport, size: int) -> None:
    """The change set must be exactly the scenario's (else the timing means nothing)."""
    c = report.counts
    expected = {
        "full": {"new": size},
        "none": {},
        "add": {"new": 1},
        "price_stock": {"metadata_only": 1},
        "description": {"changed": 1},
        "category": {"changed": 1},
        "delete": {"deleted": 1},
    }[key]
    for cls in ("new", "changed", "metadata_only", "deleted"):
        want = expected.get(cls, 0)
        if c[cls] != want:
            raise SystemExit(f"scenario {key}: expected {cls}={want}, got counts {c}")


def bench_embedder(
    name: str,
    embeddings: Any,
    feeds: dict[str, Path],
    size: int,
    runs: int,
    work: Path,
    warm: bool = False,
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Every scenario ``runs`` times with one embedder: rows (medians, per-run figures),
    and for the real model the floor (:func:`bench_floor`)."""
    base_index = work / f"base-{name}"
    first = _sync(feeds["base"], base_index, work, embeddings)  # the base every change starts from
    _check("full", first, size)
    _forget_clients()
    rows: dict[str, Any] = {}
    for key, label, scenario, _ in SCENARIOS:
        times: list[float] = []
        stages: list[dict[str, float]] = []
        last: SyncReport | None = None
        for i in range(runs):
            index = work / f"run-{name}-{key}-{i}"
            if scenario is not None:
                shutil.copytree(base_index, index)
            feed = feeds["base"] if scenario is None else feeds[scenario]
            report = _sync(feed, index, work, embeddings)
            _check(key, report, size)
            times.append(report.seconds["total"])
            stages.append(dict(report.seconds))
            last = report
            _forget_clients()
            shutil.rmtree(index, ignore_errors=True)
        assert last is not None
        rows[key] = _row(label, times, stages, last)
    full = rows["full"]["median_s"]
    for row in rows.values():
        row["share_pct"] = 100.0 * row["median_s"] / full if full else float("nan")
    if warm:
        rows["warm"] = bench_warm(name, embeddings, feeds, size, runs, work, base_index, full)
    floor = bench_floor(base_index, embeddings, runs, work) if name == "real" else None
    if floor is not None:
        for key in ("floor_ms", "floor_ms_warm"):
            floor[key.replace("_ms", "_pct")] = floor[key] / 10.0 / full if full else float("nan")
    shutil.rmtree(base_index, ignore_errors=True)
    return rows, floor


def bench_warm(
    name: str,
    embeddings: Any,
    feeds: dict[str, Path],
    size: int,
    runs: int,
    work: Path,
    base_index: Path,
    full_s: float,
) -> dict[str, Any]:
    """Each scenario as the second tick of a watcher over a copy of the base index."""
    from sync.watch import Schedule, Watcher

    rows: dict[str, Any] = {}
    for key, label, scenario, _ in SCENARIOS:
        if scenario is None:
            continue
        times: list[float] = []
        stages: list[dict[str, float]] = []
        last: SyncReport | None = None
        for i in range(runs):
            index = work / f"warm-{name}-{key}-{i}"
            shutil.copytree(base_index, index)
            feed = work / f"watched-{name}.xml"
            shutil.copyfile(feeds["base"], feed)
            watcher = Watcher(
                str(feed), _settings(index, work), Schedule(every=3600), embeddings=embeddings
            )
            warmup = watcher.tick()  # the tick before: store open, collections bound
            _check("none", warmup, size)
            shutil.copyfile(feeds[scenario], feed)
            report = watcher.tick()
            if report.status != "ok":
                raise SystemExit(f"warm {key}: {report.status}: {report.reason}")
            _check(key, report, size)
            times.append(report.seconds["total"])
            stages.append(dict(report.seconds))
            last = report
            del watcher
            _forget_clients()
            shutil.rmtree(index, ignore_errors=True)
        assert last is not None
        rows[key] = _row(label, times, stages, last)
        rows[key]["share_pct"] = 100.0 * median(times) / full_s if full_s else float("nan")
    return rows


def _row(
    label: str, times: list[float], stages: list[dict[str, float]], last: SyncReport
) -> dict[str, Any]:
    """One scenario's figures: median time, every run's, texts embedded, median stages."""
    return {
        "label": label,
        "median_s": median(times),
        "times_s": times,
        "embedded": last.embedded,
        "counts": dict(last.counts),
        "median_stages_s": {
            stage: round(median([s.get(stage, 0.0) for s in stages]), 4) for stage in stages[0]
        },
    }


def _lap(laps: dict[str, list[float]], name: str, t0: float) -> float:
    now = time.perf_counter()
    laps.setdefault(name, []).append(now - t0)
    return now


def bench_floor(base_index: Path, embeddings: Any, runs: int, work: Path) -> dict[str, Any]:
    """The least a single-item sync can cost here: each unavoidable call, timed alone.

    On a fresh copy of the base index (as every scenario run starts): open the
    embedded client; bind both collections; one read of the sync's state (the
    manifest); one upsert of one record (an indexed product's metadata under a
    new id); the commit (manifest and facets: one ``modify`` of the metadata
    collection's own metadata, the cheapest write Chroma offers); and the model
    embedding one product text. A warm ``sync watch`` tick skips the open and the bind.
    """
    from sync.store import MANIFEST_KEY, CatalogueStore, make_client

    laps: dict[str, list[float]] = {}
    for i in range(runs):
        index = work / f"floor-{i}"
        shutil.copytree(base_index, index)
        _forget_clients()
        t = time.perf_counter()
        store = CatalogueStore(make_client(index))
        t = _lap(laps, "open client", t)
        store.products  # noqa: B018 - binding the collection is the timed step
        store._meta_collection  # noqa: B018
        t = _lap(laps, "bind collections", t)
        manifest = store.read_meta(MANIFEST_KEY)
        t = _lap(laps, "read manifest", t)
        got = store.get(include=["metadatas", "documents", "embeddings"], limit=1)
        meta, doc, vector = got["metadatas"][0], got["documents"][0], got["embeddings"][0]
        t = time.perf_counter()
        store.upsert([f"floor-{i}"], [vector], [doc], [meta])
        t = _lap(laps, "write one record", t)
        store.write_manifest(manifest or {})
        t = _lap(laps, "commit manifest", t)
        embeddings.embed_documents([f"{doc} {i}"])
        _lap(laps, "embed one text", t)
        _forget_clients()
        shutil.rmtree(index, ignore_errors=True)
    ms = {name: round(1000 * median(times), 1) for name, times in laps.items()}
    warm = ("read manifest", "write one record", "commit manifest", "embed one text")
    return {
        "median_ms": ms,
        "floor_ms": round(sum(ms.values()), 1),
        "floor_ms_warm": round(sum(ms[k] for k in warm), 1),
    }


def bench_no_change(size: int, runs: int, work: Path) -> dict[str, Any]:
    """Build a ``size`` catalogue once (fake embedder, no sleep), then time no-change syncs."""
    feed = work / f"nochange-{size}.xml"
    build_demo_feed(feed, size=size)
    index = work / f"nochange-{size}"
    t = time.perf_counter()
    build = _sync(feed, index, work, SleepyHashEmbedder(delay=0.0))
    build_s = time.perf_counter() - t
    _forget_clients()
    sleepy = SleepyHashEmbedder()
    reports = []
    for _ in range(runs):
        report = _sync(feed, index, work, sleepy)
        _check("none", report, size)
        reports.append(report)
        _forget_clients()
    times = [r.seconds["total"] for r in reports]
    mid = sorted(reports, key=lambda r: r.seconds["total"])[len(reports) // 2]
    shutil.rmtree(index, ignore_errors=True)
    return {
        "size": size,
        "build_s": round(build_s, 3),
        "build_embedded": build.embedded,
        "median_s": median(times),
        "times_s": times,
        "median_run_stages_s": dict(mid.seconds),
        "target_s": TARGET_NO_CHANGE_S,
        "target_met": median(times) < TARGET_NO_CHANGE_S,
    }


def _print_table(title: str, rows: dict[str, Any], runs: int) -> None:
    print(f"\n{title} — medians over {runs} run(s)")
    head = (
        f"{'Change':<30} {'Time (s)':>9} {'Full (%)':>9} {'Embedded':>9} "
        f"{'Paper (s)':>10} {'Paper (%)':>10}  slowest stages (median s)"
    )
    print(head)
    print("-" * len(head))
    for key, label, _, paper_key in SCENARIOS:
        row = rows[key]
        paper_s, paper_pct = PAPER[paper_key] if paper_key else (float("nan"),) * 2
        stages = _slowest(row["median_stages_s"])
        print(
            f"{label:<30} {row['median_s']:>9.3f} {row['share_pct']:>9.1f} {row['embedded']:>9} "
            f"{paper_s:>10.3f} {paper_pct:>10.1f}  {stages}"
        )


def _slowest(stages: dict[str, float], n: int = 3) -> str:
    """The ``n`` slowest stages, "write 0.021, embed 0.011, …"."""
    top = sorted(((s, v) for s, v in stages.items() if s != "total"), key=lambda sv: -sv[1])
    return ", ".join(f"{s} {v:.3f}" for s, v in top[:n])


def _print_warm(rows: dict[str, Any], runs: int) -> None:
    print(f"  watch mode (a warm `sync watch` tick) — medians over {runs} run(s)")
    for row in rows.values():
        stages = _slowest(row["median_stages_s"])
        print(
            f"  {row['label']:<28} {row['median_s']:>9.3f} {row['share_pct']:>9.2f} "
            f"{row['embedded']:>9}  {stages}"
        )


def _print_floor(floor: dict[str, Any], runs: int) -> None:
    print(f"\nFloor of any single-item sync here (real model) — medians over {runs} run(s)")
    for step, ms in floor["median_ms"].items():
        print(f"  {step:<28} {ms:>7.1f} ms")
    print(
        f"  open + bind + read + write record + commit + embed = "
        f"{floor['floor_ms']:.1f} ms ({floor['floor_pct']:.2f} % of the full rebuild)\n"
        f"  warm (a `sync watch` tick: no open, no bind) = {floor['floor_ms_warm']:.1f} ms "
        f"({floor['floor_pct_warm']:.2f} %), before reading the feed"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=500, help="catalogue size (default 500)")
    parser.add_argument("--runs", type=int, default=5, help="runs per scenario (default 5)")
    parser.add_argument(
        "--no-change-size",
        type=int,
        default=10000,
        help="catalogue size of the no-change timing (default 10000; 0 skips it)",
    )
    parser.add_argument(
        "--embedder",
        choices=("both", "real", "fake"),
        default="both",
        help="which embedder(s) to run the table with (default both)",
    )
    parser.add_argument(
        "--mode",
        choices=("both", "cold", "warm"),
        default="both",
        help="cold: one process per sync (cron); warm: ticks of `sync watch`; both (default)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--quick", action="store_true", help="smoke test: one run of each")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else args.runs
    no_change_runs = 1 if args.quick else 3
    if args.size < 2 or runs < 1:
        parser.error("--size must be >= 2 and --runs >= 1")

    out: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "size": args.size,
        "runs": runs,
        "taxonomy": str(taxonomy_path()),
        "paper": PAPER,
        "tables": {},
    }
    log = (lambda *a: print(*a, file=sys.stderr, flush=True)) if args.json else print
    work = Path(tempfile.mkdtemp(prefix="aisle-bench-sync-"))
    try:
        feeds = {"base": work / "base.xml"}
        build_demo_feed(feeds["base"], size=args.size)
        for _, _, scenario, _ in SCENARIOS:
            if scenario and scenario not in feeds:
                feeds[scenario] = work / f"{scenario}.xml"
                build_demo_feed(feeds[scenario], size=args.size, scenario=scenario, count=1)

        embedders: list[tuple[str, str, Any]] = []
        if args.embedder in ("both", "real"):
            from sync.embed import make_embeddings
            from sync.settings import SyncSettings

            settings = SyncSettings()  # the configured model (AISLE_EMBEDDING_MODEL)
            real = make_embeddings(settings.embedding_model, settings.embedding_model_dir)
            t = time.perf_counter()
            real.embed_query("warm up the model")  # loads it: a one-off per process
            out["real_model_load_s"] = round(time.perf_counter() - t, 3)
            log(f"real model loaded and warmed up in {out['real_model_load_s']:.2f} s (not timed)")
            embedders.append(("real", f"Real model ({real.model_id})", real))
        if args.embedder in ("both", "fake"):
            embedders.append(
                ("fake", "Fake embedder, 5 ms per text (remote API)", SleepyHashEmbedder())
            )

        for name, title, embeddings in embedders:
            log(f"running {title} …")
            rows, floor = bench_embedder(
                name, embeddings, feeds, args.size, runs, work, warm=args.mode != "cold"
            )
            warm_rows = rows.pop("warm", None)
            out["tables"][name] = {"title": title, "rows": rows}
            if warm_rows is not None:
                out["tables"][name]["watch"] = warm_rows
            if floor is not None:
                out["tables"][name]["floor"] = floor
            if not args.json:
                _print_table(f"{title}, {args.size} items", rows, runs)
                if warm_rows is not None:
                    _print_warm(warm_rows, runs)
                if floor is not None:
                    _print_floor(floor, runs)

        if not args.json:
            print(
                f"\nPaper (Table 1, 500 records): full rebuild {PAPER['full'][0]:.3f} s; ", end=""
            )
            print(
                "; ".join(
                    f"{k} {PAPER[k][1]:.1f} %"
                    for k in ("none", "add", "price", "description", "delete")
                )
            )
        if "real" in out["tables"]:
            real = out["tables"]["real"]
            for key, what, rows in (
                (
                    "target_single_item",
                    "Target (real model, every single-item scenario",
                    real["rows"],
                ),
                ("target_single_item_watch", "Target (a warm `sync watch` tick", real.get("watch")),
            ):
                if not rows:
                    continue
                worst = max(SINGLE_ITEM, key=lambda k: rows[k]["share_pct"])
                met = all(rows[k]["share_pct"] <= TARGET_SHARE for k in SINGLE_ITEM)
                out[key] = {
                    "target_pct": TARGET_SHARE,
                    "met": met,
                    "worst": worst,
                    "worst_pct": rows[worst]["share_pct"],
                }
                if not args.json:
                    print(
                        f"{what} ≤ {TARGET_SHARE:.0f} % of the full rebuild): "
                        f"{'MET' if met else 'NOT MET'} — worst: {rows[worst]['label']} "
                        f"at {rows[worst]['share_pct']:.2f} %"
                    )

        if args.no_change_size:
            log(f"building a {args.no_change_size}-item index for the no-change timing …")
            nc = bench_no_change(args.no_change_size, no_change_runs, work)
            out["no_change"] = nc
            if not args.json:
                print(
                    f"\nNo-change sync of {nc['size']} products (median of {len(nc['times_s'])}): "
                    f"{nc['median_s']:.3f} s; target < {TARGET_NO_CHANGE_S:.0f} s: "
                    f"{'MET' if nc['target_met'] else 'NOT MET'}"
                    f"  (one-off build with the no-sleep fake: {nc['build_s']:.1f} s)"
                )
                stages = nc["median_run_stages_s"]
                print(
                    "  per-stage seconds of the median run: "
                    + ", ".join(f"{s} {v:.3f}" for s, v in stages.items())
                )
    finally:
        _forget_clients()
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
