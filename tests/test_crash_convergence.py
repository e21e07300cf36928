"""Crash convergence: a sync SIGKILLed at any point and run again equals a clean rebuild.

On a 1,200-product demo catalogue and a mixed change set (new, changed,
price/stock-only and deleted products), the sync of the changed feed is killed
at *every* point ``sync.faults`` exposes — each stage boundary, the manifest's
``in_progress`` mark, and after each write batch of the upsert, metadata-update
and delete phases (a small ``write_batch`` gives each phase several batches) —
on a fresh copy of the base index each time. The rerun must leave exactly the
index that a clean full sync of the same feed into an empty index produces:
same ids, and per id the same document, metadata and byte-identical vector,
plus the same facets, state-cache rows and manifest identity. A second rerun
must then find nothing to do.

Every sync runs in a process of its own (``tests/crash_sync.py``, with a deterministic
hash embedder) because the kill is a real SIGKILL: a fork of a server that imported the
pipeline once (``run_forked``), so ~130 syncs do not each pay for a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import signal
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sync.demo_feed import apply_scenario, generate_items, write_feed
from sync.faults import CRASH_ENV, TRACE_ENV
from tests.crash_sync import run_forked

pytestmark = pytest.mark.slow

SIZE = 1200  # two state-cache chunks (1,000 rows each), as a large shop has
CHANGES = 120
WRITE_BATCH = 10  # ~50 upserts, ~50 updates, ~17 deletes: every phase has mid-phase points
STAGES = ("fetch", "index", "parse", "classify", "enrich", "embed", "write", "facets")
RUN_TIMEOUT = 300  # seconds per subprocess; a loaded machine imports chromadb slowly
WORKERS = max(1, min(4, os.cpu_count() or 1))
# Manifest fields that describe the index itself (timestamps, generation and
# last-sync counts legitimately differ between a rebuild and a crashed-and-rerun sync).
MANIFEST_KEYS = ("schema_version", "model_id", "collection", "context_key", "in_progress")


@dataclass(frozen=True)
class Scenario:
    work: Path
    base_feed: Path
    changed_feed: Path
    base_index: Path
    points: list[str]  # every point the changed feed's sync passes, in order
    incremental: dict[str, Any]  # report of that (uncrashed) sync
    incremental_dump: dict[str, Any]  # the index it left
    reference_report: dict[str, Any]  # clean full sync of the changed feed
    reference: dict[str, Any]  # the index it left
    base_reference: dict[str, Any]  # the base index (a full sync of the base feed)


def _env(**extra: str) -> dict[str, str]:
    """This environment without any AISLE_* variable (settings come from the script)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AISLE_")}
    env["HF_HUB_OFFLINE"] = "1"
    env.update(extra)
    return env


def _sync(
    feed: Path,
    index_dir: Path,
    cache_dir: Path,
    *,
    env: dict[str, str] | None = None,
    dump: Path | None = None,
    runs: int = 1,
    write_batch: int = WRITE_BATCH,
    currency: str = "",
) -> subprocess.CompletedProcess[str]:
    argv = [str(feed), str(index_dir), str(cache_dir), str(write_batch), "--runs", str(runs),
            "--currency", currency]  # fmt: skip
    if dump:
        argv += ["--dump", str(dump)]
    return run_forked(argv, env or _env(), RUN_TIMEOUT)


def _reports(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _ok_reports(proc: subprocess.CompletedProcess[str], runs: int) -> list[dict[str, Any]]:
    assert proc.returncode == 0, f"sync exited {proc.returncode}:\n{proc.stderr[-3000:]}"
    reports = _reports(proc)
    assert len(reports) == runs, proc.stdout[-3000:]
    for report in reports:
        assert report["status"] == "ok", report["reason"]
    return reports


def _load(path: Path) -> dict[str, Any]:
    with open(path, "rb") as f:
        loaded: dict[str, Any] = pickle.load(f)
    return loaded


def _comparable(record: dict[str, Any], part: str) -> Any:
    """A record's part as a rebuild must reproduce it.

    The writing sync's generation aside; vectors to 1e-6: a vector reused from
    an indexed variant with the same text comes back from Chroma's cosine
    index renormalised, ~1e-9 from the freshly embedded one.
    """
    if part == "metadata":
        return {k: v for k, v in record[part].items() if k != "_gen"}
    return record[part]


def _diff(got: dict[str, Any], want: dict[str, Any], limit: int = 8) -> list[str]:
    """How index dump ``got`` differs from ``want`` (empty: identical), a few lines."""
    out: list[str] = []
    g, w = got["records"], want["records"]
    if got["count"] != want["count"]:
        out.append(f"count {got['count']} != {want['count']}")
    if missing := sorted(w.keys() - g.keys()):
        out.append(f"{len(missing)} ids missing, e.g. {missing[:5]}")
    if extra := sorted(g.keys() - w.keys()):
        out.append(f"{len(extra)} extra ids, e.g. {extra[:5]}")
    bad: dict[str, list[str]] = {"document": [], "metadata": [], "vector": []}
    for pid in sorted(g.keys() & w.keys()):
        for part, ids in bad.items():
            if part == "vector":
                gv = np.frombuffer(g[pid][part], dtype=np.float32)
                wv = np.frombuffer(w[pid][part], dtype=np.float32)
                if gv.shape != wv.shape or np.max(np.abs(gv - wv)) > 1e-6:
                    ids.append(pid)
            elif _comparable(g[pid], part) != _comparable(w[pid], part):
                ids.append(pid)
    for part, ids in bad.items():
        if ids:
            example = ids[0]
            detail = ""
            if part == "metadata":
                gm, wm = _comparable(g[example], part), _comparable(w[example], part)
                keys = sorted(k for k in gm.keys() | wm.keys() if gm.get(k) != wm.get(k))
                detail = "; " + ", ".join(f"{k}: {gm.get(k)!r} != {wm.get(k)!r}" for k in keys[:4])
            elif part == "vector":
                gv = np.frombuffer(g[example]["vector"], dtype=np.float32)
                wv = np.frombuffer(w[example]["vector"], dtype=np.float32)
                detail = f"; max |diff| {np.max(np.abs(gv - wv)) if gv.shape == wv.shape else '?'}"
            out.append(f"{len(ids)} records differ in {part}, e.g. {example}{detail}")
    if got["facets"] != want["facets"]:
        keys = sorted(
            k for k in (got["facets"] or {}).keys() | (want["facets"] or {}).keys()
            if (got["facets"] or {}).get(k) != (want["facets"] or {}).get(k)
        )  # fmt: skip
        out.append(f"facets differ (keys {keys[:8]})")
    gm, wm = got["manifest"] or {}, want["manifest"] or {}
    for key in MANIFEST_KEYS:
        if gm.get(key) != wm.get(key):
            out.append(f"manifest[{key!r}] {gm.get(key)!r} != {wm.get(key)!r}")
    if gm.get("in_progress") is not False:
        out.append(f"manifest in_progress is {gm.get('in_progress')!r}, not False")
    # The state cache is only a cache, but a stale one would let the *next* sync
    # skip real changes; its rows must describe the index exactly.
    gs, ws = got["state_cache"], want["state_cache"]
    if (gs is None) != (ws is None):
        out.append(f"state cache present: {gs is not None} != {ws is not None}")
    elif gs is not None and ws is not None:
        if sorted(map(json.dumps, gs["rows"])) != sorted(map(json.dumps, ws["rows"])):
            out.append("state cache rows differ")
        for key in ("context_key", "count", "chunks"):
            if gs["header"].get(key) != ws["header"].get(key):
                out.append(f"state cache header[{key!r}] differs")
        if gs["header"].get("generation") != gm.get("generation"):
            out.append("state cache generation does not match the manifest's")
    return out[:limit]


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    work = tmp_path_factory.mktemp("crash-convergence")
    items = list(generate_items(SIZE))
    base_feed, changed_feed = work / "base.xml", work / "changed.xml"
    write_feed(base_feed, items)
    write_feed(changed_feed, apply_scenario(items, "mixed", count=CHANGES))

    # The base index, synced once.
    base_index = work / "base-index"
    (base,) = _ok_reports(_sync(base_feed, base_index, work / "cache-base"), 1)
    assert base["counts"]["new"] == SIZE and base["index_size"] == SIZE

    # The changed feed over a copy of the base, uncrashed, listing every point.
    trace = work / "points.txt"
    index = work / "traced-index"
    shutil.copytree(base_index, index)
    dump = work / "traced.pkl"
    proc = _sync(
        changed_feed, index, work / "cache-traced", env=_env(**{TRACE_ENV: str(trace)}), dump=dump
    )
    (incremental,) = _ok_reports(proc, 1)
    points = trace.read_text().split()

    # The base as a dump (a no-change sync of the base feed over a copy of its index).
    base_dump = work / "base.pkl"
    shutil.copytree(base_index, work / "base-copy")
    _ok_reports(_sync(base_feed, work / "base-copy", work / "cache-base", dump=base_dump), 1)

    # The reference: a clean full sync of the changed feed into an empty index.
    ref_dump = work / "reference.pkl"
    proc = _sync(changed_feed, work / "reference-index", work / "cache-ref", dump=ref_dump)
    (reference_report,) = _ok_reports(proc, 1)
    return Scenario(
        work=work,
        base_feed=base_feed,
        changed_feed=changed_feed,
        base_index=base_index,
        points=points,
        incremental=incremental,
        incremental_dump=_load(dump),
        reference_report=reference_report,
        reference=_load(ref_dump),
        base_reference=_load(base_dump),
    )


def test_mixed_change_set_writes_in_every_phase(scenario: Scenario) -> None:
    counts = scenario.incremental["counts"]
    assert counts["new"] > WRITE_BATCH, counts
    assert counts["changed"] > 0, counts
    assert counts["metadata_only"] > 2 * WRITE_BATCH, counts
    assert counts["deleted"] > WRITE_BATCH, counts  # at least two delete batches
    assert counts["rejected"] == 0, counts
    assert scenario.incremental["index_size"] == len(scenario.reference["records"])
    # A clean full sync: everything new, nothing reused from an index.
    ref = scenario.reference_report
    assert ref["counts"]["new"] == len(scenario.reference["records"]) == ref["index_size"]
    assert ref["counts"]["deleted"] == ref["counts"]["changed"] == 0


def test_trace_lists_every_kill_point(scenario: Scenario) -> None:
    points = scenario.points
    assert len(points) == len(set(points)), points
    for stage in STAGES:
        assert f"after:{stage}" in points, points
    # An incremental sync marks nothing before its records: the generation stamped on
    # them and the manifest's promised deletions let the next sync find what it left.
    assert "manifest:start" not in points and "manifest:done" in points
    counts = scenario.incremental["counts"]
    for phase, n in (
        ("upsert", counts["new"] + counts["changed"]),
        ("update", counts["metadata_only"]),
        ("delete", counts["deleted"]),
    ):
        batches = [p for p in points if p.startswith(f"{phase}:")]
        assert batches == [f"{phase}:{i}" for i in range(1, -(-n // WRITE_BATCH) + 1)], points
        assert len(batches) >= 2, f"no mid-phase kill point for {phase}: {points}"
    # The write order the pipeline promises: upserts, updates, the one final write
    # (facets, state cache, manifest), then deletes.
    order = [p.split(":")[0] if ":" in p and not p.startswith("after:") else p for p in points]
    first = {kind: order.index(kind) for kind in ("upsert", "update", "delete")}
    assert order.index("after:facets") < first["upsert"] < first["update"]
    assert first["update"] < points.index("manifest:done") < first["delete"]
    # The state cache's chunks land before the commit that names them (by their stamps).
    assert first["update"] < points.index("state:chunks") < points.index("manifest:done")
    assert points[-1] == "after:write"


def test_uncrashed_incremental_sync_equals_rebuild(scenario: Scenario) -> None:
    """The baseline: without a crash the incremental sync already equals the rebuild."""
    assert _diff(scenario.incremental_dump, scenario.reference) == []


def _crash_and_rerun(scenario: Scenario, point: str, *, revert: bool = False) -> list[str]:
    """Kill the sync at ``point``, rerun twice; the problems found (empty: converged).

    With ``revert`` the reruns sync the base feed again (the merchant undid the
    change): whatever the killed sync wrote must be found and undone.
    """
    slug = point.replace(":", "-")
    work = scenario.work / f"kill-{slug}{'-revert' if revert else ''}"
    index = work / "index"
    shutil.copytree(scenario.base_index, index)
    trace = work / "points.txt"
    crashed = _sync(
        scenario.changed_feed,
        index,
        work / "cache",
        env=_env(**{CRASH_ENV: point, TRACE_ENV: str(trace)}),
    )
    if crashed.returncode != -signal.SIGKILL:
        return [f"not killed: exit {crashed.returncode}, stderr {crashed.stderr[-500:]!r}"]
    passed = trace.read_text().split() if trace.exists() else []
    if not passed or passed[-1] != point:
        return [f"killed elsewhere: last point passed {passed[-1:]}"]
    feed, want = (
        (scenario.base_feed, scenario.base_reference)
        if revert
        else (scenario.changed_feed, scenario.reference)
    )
    problems, second = _rerun_twice(feed, index, work, want)
    if second is not None and second["counts"]["unchanged"] != len(want["records"]):
        problems.append(f"second rerun: {second['counts']['unchanged']} unchanged")
    if not problems:
        shutil.rmtree(work, ignore_errors=True)  # keep only failing cases' files
    return problems


def _rerun_twice(
    feed: Path,
    index: Path,
    work: Path,
    want: dict[str, Any],
    *,
    write_batch: int = WRITE_BATCH,
    settled: tuple[str, ...] = ("unchanged",),
) -> tuple[list[str], dict[str, Any] | None]:
    """Sync ``feed`` twice into the killed ``index``: the problems found (empty: the index
    equals ``want`` and the second run changed nothing but ``settled`` counts), and the
    second run's report."""
    dump = work / "rerun.pkl"
    rerun = _sync(feed, index, work / "cache", write_batch=write_batch, dump=dump, runs=2)
    reports = _reports(rerun)
    if rerun.returncode != 0 or len(reports) != 2:
        return [f"rerun exit {rerun.returncode}: {rerun.stderr[-800:]!r}"], None
    problems = [f"rerun {n} status {r['status']}: {r['reason']}" for n, r in enumerate(reports, 1)
                if r["status"] != "ok"]  # fmt: skip
    problems += _diff(_load(dump), want)
    second = reports[1]
    changes = {k: v for k, v in second["counts"].items() if k not in settled and v}
    if changes or second["embedded"]:
        problems.append(f"second rerun not a no-op: {changes}, embedded {second['embedded']}")
    return problems, second


def _every_point(scenario: Scenario, points: list[str], *, revert: bool = False) -> None:
    def attempt(point: str) -> list[str]:
        try:
            return _crash_and_rerun(scenario, point, revert=revert)
        except Exception as exc:  # noqa: BLE001 - a timeout at one point must not hide the rest
            return [f"{type(exc).__name__}: {exc}"]

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = dict(zip(points, pool.map(attempt, points), strict=True))
    failures = {point: problems for point, problems in results.items() if problems}
    assert not failures, (
        f"{len(failures)} of {len(results)} kill points did not converge "
        f"(files under {scenario.work}):\n"
        + "\n".join(f"  {p}: " + " | ".join(problems) for p, problems in failures.items())
    )


def test_sync_killed_at_every_point_converges_to_rebuild(scenario: Scenario) -> None:
    """Every point of the trace, none sampled; all failures reported together."""
    _every_point(scenario, scenario.points)


def test_sync_killed_after_writing_then_reverted_feed_converges_to_base(
    scenario: Scenario,
) -> None:
    """Killed once it has written, then the feed goes back to the base: the hard case.

    The state cache still describes the base, so a sync trusting it would see
    nothing to do while the index holds the killed sync's writes.
    """
    first_write = scenario.points.index(next(p for p in scenario.points if ":" in p and
                                             not p.startswith("after:")))  # fmt: skip
    _every_point(scenario, scenario.points[first_write:], revert=True)


# -- small hand-made sequences of syncs ---------------------------------------------------

SMALL_BATCH = 4


def _small_feed(path: Path, n: int = 10, *, price: str = "10.00 USD", no_price: int = -1) -> Path:
    """``n`` plain RSS items; item ``no_price`` has no price (it is rejected)."""
    items = "".join(
        f"<item><g:id>{i}</g:id><g:title>Product {i}</g:title>"
        f"<g:description>A nice thing number {i}</g:description>"
        + ("" if i == no_price else f"<g:price>{price}</g:price>")
        + "<g:availability>in stock</g:availability><g:brand>B</g:brand></item>\n"
        for i in range(n)
    )
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n'
        f"<title>T</title>\n{items}</channel></rss>\n",
        encoding="utf-8",
    )
    return path


def _kill_then_rerun(
    base_index: Path,
    work: Path,
    killed: tuple[Path, str],
    point: str,
    rerun_feed: Path,
    want: dict[str, Any],
) -> list[str]:
    """Copy ``base_index``, kill a sync of ``killed`` (feed, currency) at ``point``, rerun
    ``rerun_feed`` twice with the original settings; the problems found (empty: converged)."""
    index = work / "index"
    shutil.copytree(base_index, index)
    trace = work / "points.txt"
    feed, currency = killed
    crashed = _sync(feed, index, work / "cache", write_batch=SMALL_BATCH, currency=currency,
                    env=_env(**{CRASH_ENV: point, TRACE_ENV: str(trace)}))  # fmt: skip
    if crashed.returncode != -signal.SIGKILL:
        return [f"not killed: exit {crashed.returncode}, stderr {crashed.stderr[-500:]!r}"]
    problems, _ = _rerun_twice(
        rerun_feed, index, work, want, write_batch=SMALL_BATCH, settled=("unchanged", "rejected")
    )
    return problems


def test_sync_killed_under_other_settings_then_rerun_with_the_original_converges(
    tmp_path: Path,
) -> None:
    """Prices without currency; a sync with a default currency (EUR) is killed once it has
    written, then the original settings (no default currency) come back with the same feed.

    The records it left say EUR and still hold the feed's raw hashes: read back as the
    truth, they must not let the pre-scan skip their items as byte-identical, or the index
    keeps EUR for good while reporting everything unchanged.
    """
    feed = _small_feed(tmp_path / "feed.xml", price="10.00")
    base = tmp_path / "base-index"
    _ok_reports(_sync(feed, base, tmp_path / "cache-base", write_batch=SMALL_BATCH), 1)
    ref_dump = tmp_path / "reference.pkl"
    _ok_reports(_sync(feed, tmp_path / "ref-index", tmp_path / "cache-ref",
                      write_batch=SMALL_BATCH, dump=ref_dump), 1)  # fmt: skip
    reference = _load(ref_dump)
    assert {r["metadata"].get("currency") for r in reference["records"].values()} == {None}
    # Every point the EUR sync passes once it starts writing.
    trace = tmp_path / "points.txt"
    shutil.copytree(base, tmp_path / "traced-index")
    (eur,) = _ok_reports(_sync(feed, tmp_path / "traced-index", tmp_path / "cache-traced",
                               write_batch=SMALL_BATCH, currency="EUR",
                               env=_env(**{TRACE_ENV: str(trace)})), 1)  # fmt: skip
    assert eur["counts"]["metadata_only"] == 10, eur["counts"]
    points = trace.read_text().split()
    points = points[points.index("update:1") :]
    failures = {}
    for point in points:
        work = tmp_path / f"kill-{point.replace(':', '-')}"
        problems = _kill_then_rerun(base, work, (feed, "EUR"), point, feed, reference)
        if problems:
            failures[point] = problems
    assert not failures, failures


def test_promised_deletion_of_an_item_back_rejected_is_still_done(tmp_path: Path) -> None:
    """A sync drops product 9 and is killed after its final write (which promises the
    deletion) but before deleting; the next feed has 9 back without a price (rejected).

    The record still present is a deletion already committed, not a previous version
    to keep: the index must end as the same syncs without the kill leave it (no 9).
    """
    base_feed = _small_feed(tmp_path / "base.xml")
    dropped = _small_feed(tmp_path / "dropped.xml", n=9)
    back_rejected = _small_feed(tmp_path / "back-rejected.xml", no_price=9)
    base = tmp_path / "base-index"
    _ok_reports(_sync(base_feed, base, tmp_path / "cache-base", write_batch=SMALL_BATCH), 1)
    # The same syncs without a kill.
    ref_index, ref_dump = tmp_path / "ref-index", tmp_path / "reference.pkl"
    shutil.copytree(base, ref_index)
    for feed, dump in ((dropped, None), (back_rejected, ref_dump)):
        _ok_reports(_sync(feed, ref_index, tmp_path / "cache-ref", write_batch=SMALL_BATCH,
                          dump=dump), 1)  # fmt: skip
    reference = _load(ref_dump)
    assert sorted(reference["records"]) == [str(i) for i in range(9)]
    problems = _kill_then_rerun(
        base, tmp_path / "kill", (dropped, ""), "manifest:done", back_rejected, reference
    )
    assert not problems, problems


BEFORE_WRITES = ("fetch", "index", "parse", "classify", "enrich")  # a stop there writes nothing


def _term_and_rerun(scenario: Scenario, point: str) -> list[str]:
    """``sync watch`` sent SIGTERM at ``point`` of its tick: it stops at a safe point and
    exits 0; before the writes nothing was written; a sync run after it converges."""
    work = scenario.work / f"term-{point.replace(':', '-')}"
    index = work / "index"
    shutil.copytree(scenario.base_index, index)
    stopped_dump = work / "stopped.pkl"
    argv = [str(scenario.changed_feed), str(index), str(work / "cache"), str(WRITE_BATCH),
            "--dump", str(stopped_dump)]  # fmt: skip
    env = _env(AISLE_SYNC_SIGNAL_AT=point)
    proc = run_forked(argv, env, RUN_TIMEOUT, entry="tests.watch_sync:main")
    reports = _reports(proc)
    if proc.returncode != 0 or len(reports) != 1:
        return [f"watch exit {proc.returncode}, {len(reports)} ticks: {proc.stderr[-800:]!r}"]
    (tick,) = reports
    problems = []
    if point.removeprefix("after:") in BEFORE_WRITES:
        if not tick["watch"]["stopped"]:
            problems.append(f"not stopped before writing: {tick['status']} {tick['reason']}")
        problems += [f"wrote before stopping: {d}" for d in
                     _diff(_load(stopped_dump), scenario.base_reference)]  # fmt: skip
    elif tick["status"] != "ok" or tick["watch"]["stopped"]:
        problems.append(f"a tick stopped while writing: {tick['status']} {tick['reason']}")
    rerun, _ = _rerun_twice(scenario.changed_feed, index, work, scenario.reference)
    problems += rerun
    if not problems:
        shutil.rmtree(work, ignore_errors=True)
    return problems


def test_watch_stopped_by_sigterm_at_every_stage_stops_safely_and_converges(
    scenario: Scenario,
) -> None:
    """SIGTERM at each stage boundary and in each write phase of a watch tick."""
    phases = ("upsert:1", "update:2", "manifest:done", "delete:1")
    points = [f"after:{stage}" for stage in STAGES if stage != "write"] + list(phases)
    assert set(points) <= set(scenario.points)
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        outcomes = pool.map(lambda p: _term_and_rerun(scenario, p), points)
        results = dict(zip(points, outcomes, strict=True))
    failures = {point: problems for point, problems in results.items() if problems}
    assert not failures, "\n".join(f"  {p}: " + " | ".join(v) for p, v in failures.items())


def _lexical(dump: dict[str, Any]) -> Any:
    """The graph's lexical index as a reader would build it from this index."""
    from graph.lexical import LexicalIndex

    records = sorted(
        (pid, str(r["metadata"].get("title") or ""), r["document"] or "")
        for pid, r in dump["records"].items()
    )
    return LexicalIndex.build(records)


def test_lexical_index_of_a_killed_and_rerun_sync_equals_the_rebuilds(scenario: Scenario) -> None:
    """The lexical index is rebuilt per generation from the records: after a sync killed
    mid-write and run again, it ranks every product exactly as the rebuild's does."""
    work = scenario.work / "kill-lexical"
    index = work / "index"
    shutil.copytree(scenario.base_index, index)
    crashed = _sync(
        scenario.changed_feed, index, work / "cache", env=_env(**{CRASH_ENV: "upsert:2"})
    )
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr[-500:]
    problems, _ = _rerun_twice(scenario.changed_feed, index, work, scenario.reference)
    assert problems == []
    got, want = _lexical(_load(work / "rerun.pkl")), _lexical(scenario.reference)
    assert got.ids == want.ids and got.vocabulary == want.vocabulary
    titles = [r["metadata"]["title"] for r in list(scenario.reference["records"].values())[:25]]
    for query in titles + ["waterproof jacket", "usb-c 65w charger", "yoga mat 6mm"]:
        ranked_got = [(pid, round(score, 5)) for pid, score in got.ranked(got.terms(query))]
        ranked_want = [(pid, round(score, 5)) for pid, score in want.ranked(want.terms(query))]
        assert ranked_got == ranked_want, query
