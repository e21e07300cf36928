"""Freshness: how long from a change in the shop's feed to the first answer that shows it.

Three processes on this machine, as in a deployment:

* a feed server on 127.0.0.1 (serves the current feed bytes with an ETag, so
  the watcher's conditional GET is answered 304 while nothing changed);
* ``python -m sync watch URL --listen …`` (the real command, real model);
* a reader that asks the shopping graph a fixed question every 100 ms
  (a real ``build_graph`` turn, rules only) and prints each answer's cards.

For each change — a price, a stock-out, a new product, a deletion, in turn —
the bench swaps the feed bytes and starts the clock. With ``push`` it then
POSTs ``/sync`` as a shop's webhook would; with ``poll`` it only waits for the
watcher's interval (each change lands at a random moment of it). The latency
is the time from the swap to the end of the first turn whose cards reflect the
change (the new price on the product's card; the product gone; the new product
shown). p50/p95 over ``--changes``.

    .venv/bin/python bench/freshness.py                         # 500 products, push + poll
    .venv/bin/python bench/freshness.py --size 10000 --modes push --index-cache bench/out/fresh10k
    .venv/bin/python bench/freshness.py --changes 8 --json      # quick

Targets (issue 13): push p95 ≤ 2 s on 500 products and ≤ 5 s on 10,000; polling ≤
interval + 2 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from _common import ROOT, pct

from sync.demo_feed import generate_items, write_feed

TAXONOMY = ROOT.parent / "shared" / "taxonomy" / "taxonomy-with-ids.en-US.txt"
KINDS = ("price", "stock", "new", "delete")
ASK_EVERY = 0.1  # seconds between the reader's questions
TOKEN = "freshness-bench"


def log(*args: Any) -> None:
    print(*args, file=sys.stderr, flush=True)


# -- the feed server ---------------------------------------------------------------------------


class FeedHost:
    """Serves ``/feed.xml`` from memory with a strong ETag; ``publish`` swaps it."""

    def __init__(self) -> None:
        self.body = b""
        self.etag = ""
        self.lock = threading.Lock()
        host = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with host.lock:
                    body, etag = host.body, host.etag
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/feed.xml"

    def publish(self, items: list[dict[str, Any]], scratch: Path) -> None:
        write_feed(scratch, items)
        body = scratch.read_bytes()
        with self.lock:
            self.body, self.etag = body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


# -- the reader process ------------------------------------------------------------------------


def reader(index_dir: str, question_file: Path) -> None:
    """Ask the graph the current question every 100 ms; one JSON line per answer."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    ctx = Context(index_dir=index_dir, reranker="deterministic", llm_model="")
    app = build_graph(InMemorySaver())
    while True:
        started = time.time()
        try:
            question = question_file.read_text(encoding="utf-8").strip()
        except OSError:
            question = ""
        if question == "STOP":
            return
        if question:
            state = app.invoke(
                {"messages": [("user", question)]},
                {"configurable": {"thread_id": uuid.uuid4().hex}},
                context=ctx,
            )
            cards = [
                [c["id"], c["effective_price"], c["in_stock"]]
                for c in state.get("recommendations") or []
            ]
            print(json.dumps({"t": time.time(), "q": question, "cards": cards}), flush=True)
        time.sleep(max(0.0, ASK_EVERY - (time.time() - started)))


class Answers:
    """The reader's lines, collected in a thread of the bench."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[dict[str, Any]] = []
        self.cv = threading.Condition()
        threading.Thread(target=self._pump, args=(proc,), daemon=True).start()

    def _pump(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("{"):
                with self.cv:
                    self.lines.append(json.loads(line))
                    self.cv.notify_all()

    def first(
        self, question: str, since: float, test: Any, timeout: float
    ) -> dict[str, Any] | None:
        """The first answer to ``question`` ending after ``since`` whose cards pass ``test``."""
        deadline = time.time() + timeout
        seen = 0
        with self.cv:
            while True:
                for line in self.lines[seen:]:
                    if line["q"] == question and line["t"] > since and test(line["cards"]):
                        return line
                seen = len(self.lines)
                left = deadline - time.time()
                if left <= 0:
                    return None
                self.cv.wait(timeout=left)

    def latest(self, question: str, since: float, timeout: float) -> list[Any] | None:
        """Cards of the first answer to ``question`` ending after ``since``."""
        line = self.first(question, since, lambda cards: True, timeout)
        return None if line is None else line["cards"]


# -- changes -----------------------------------------------------------------------------------


@dataclass
class Change:
    kind: str
    question: str  # what the reader asks (the product's own title)
    pid: str
    items: list[dict[str, Any]]  # the feed after the change
    price: float = 0.0

    def reflected(self, cards: list[list[Any]]) -> bool:
        ids = {c[0] for c in cards}
        if self.kind == "price":
            return any(c[0] == self.pid and abs(c[1] - self.price) < 0.005 for c in cards)
        if self.kind == "new":
            return self.pid in ids
        return self.pid not in ids  # stock-out (in-stock products only) or deleted


def singles(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """In-stock products alone in their variant group (one card each, the item itself)."""
    groups: dict[str, int] = {}
    for item in items:
        if item.get("item_group_id"):
            groups[item["item_group_id"]] = groups.get(item["item_group_id"], 0) + 1
    return [
        i
        for i in items
        if i["availability"] == "in stock"
        and (not i.get("item_group_id") or groups[i["item_group_id"]] == 1)
    ]


def plan_changes(base: list[dict[str, Any]], targets: list[dict[str, Any]], n: int) -> list[Change]:
    """``n`` changes, cycling through the kinds, each on its own product."""
    items = [dict(i) for i in base]
    changes = []
    pool = iter(targets)
    for k in range(n):
        kind = KINDS[k % len(KINDS)]
        if kind == "new":
            source = next(pool)
            new = dict(source, id=f"FRESH-{k:04d}", title=f"Freshcrest {k} {source['title']}")
            new["item_group_id"] = ""
            items.append(new)
            changes.append(Change(kind, new["title"], new["id"], [dict(i) for i in items]))
            continue
        target = next(pool)
        index = next(j for j, i in enumerate(items) if i["id"] == target["id"])
        if kind == "price":
            price = round(float(target["price"].split()[0]) * 0.77 + 0.01, 2)
            currency = target["price"].split()[1]
            items[index] = dict(items[index], price=f"{price:.2f} {currency}", sale_price="")
            items[index]["sale_price_effective_date"] = ""
            changes.append(
                Change(kind, target["title"], target["id"], [dict(i) for i in items], price)
            )
        elif kind == "stock":
            items[index] = dict(items[index], availability="out of stock")
            changes.append(Change(kind, target["title"], target["id"], [dict(i) for i in items]))
        else:
            del items[index]
            changes.append(Change(kind, target["title"], target["id"], [dict(i) for i in items]))
    return changes


# -- processes ---------------------------------------------------------------------------------


def _env(cache_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AISLE_", "OPENAI_"))}
    env.update(
        HF_HUB_OFFLINE="1",
        AISLE_CACHE_DIR=str(cache_dir),
        AISLE_SYNC_TOKEN=TOKEN,
        PYTHONPATH=str(ROOT),
    )
    if TAXONOMY.exists():
        env["AISLE_TAXONOMY_PATH"] = str(TAXONOMY)
    return env


@contextmanager
def watcher(url: str, index: Path, cache: Path, every: str) -> Iterator[tuple[str, Any]]:
    """``python -m sync watch`` on a free port; yields (base URL, its JSON-lines reader)."""
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as err:
        err_path = Path(err.name)
    port = _free_port()
    cmd = [sys.executable, "-m", "sync", "watch", url, "--index", str(index), "--every", every,
           "--jitter", "0", "--listen", f"127.0.0.1:{port}", "--json"]  # fmt: skip
    with open(err_path, "w") as err_out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=_env(cache), stdout=subprocess.PIPE, stderr=err_out, text=True
        )
    ticks = Ticks(proc)
    try:
        yield f"http://127.0.0.1:{port}", ticks
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        if proc.returncode not in (0, None):
            log(err_path.read_text()[-2000:])
        err_path.unlink(missing_ok=True)


class Ticks:
    """The watcher's JSON lines."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.reports: list[dict[str, Any]] = []
        self.cv = threading.Condition()
        self.proc = proc
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                with self.cv:
                    self.reports.append(json.loads(line))
                    self.cv.notify_all()

    def wait_for(self, n: int, timeout: float) -> dict[str, Any]:
        with self.cv:
            if not self.cv.wait_for(lambda: len(self.reports) >= n, timeout=timeout):
                raise RuntimeError(f"the watcher did not report tick {n} within {timeout:.0f} s")
            return self.reports[n - 1]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _post(url: str) -> None:
    import httpx

    response = httpx.post(f"{url}/sync", headers={"Authorization": f"Bearer {TOKEN}"})
    response.raise_for_status()


# -- one run -----------------------------------------------------------------------------------


def run_mode(
    mode: str,
    size: int,
    n_changes: int,
    interval: float,
    work: Path,
    index: Path,
) -> dict[str, Any]:
    base = list(generate_items(size))
    rng = random.Random(size)
    host = FeedHost()
    host.publish(base, work / "feed.xml")
    every = "1h" if mode == "push" else f"{interval:g}s"
    question_file = work / "question.txt"
    question_file.write_text("")
    with watcher(host.url, index, work / "cache", every) as (url, ticks):
        first = ticks.wait_for(1, timeout=3600)
        if first["status"] != "ok":
            raise RuntimeError(f"the first sync failed: {first['reason']}")
        log(f"  [{mode}] index ready: {first['index_size']} products "
            f"({first['seconds']['total']:.1f} s)")  # fmt: skip
        cmd = [sys.executable, str(Path(__file__)), "--reader", str(index), str(question_file)]
        rproc = subprocess.Popen(
            cmd, cwd=ROOT, env=_env(work / "cache"), stdout=subprocess.PIPE, text=True
        )
        answers = Answers(rproc)
        try:
            targets = usable_targets(singles(base), question_file, answers, n_changes)
            changes = plan_changes(base, targets, n_changes)
            latencies: list[dict[str, Any]] = []
            for change in changes:
                question_file.write_text(change.question)
                # The reader answers the new question once before the change...
                before = answers.latest(change.question, time.time(), timeout=60)
                if before is None or change.reflected(before):
                    raise RuntimeError(f"{change.kind} {change.pid}: already reflected: {before}")
                if mode == "poll":
                    # A shop changes at any moment, not just after a tick: without this
                    # every change would land right after the previous one was seen.
                    time.sleep(rng.uniform(0, interval))
                t0 = time.time()
                host.publish(change.items, work / "feed.xml")
                if mode == "push":
                    _post(url)
                seen = answers.first(change.question, t0, change.reflected, timeout=interval + 60)
                if seen is None:
                    raise RuntimeError(f"{change.kind} {change.pid} never reflected")
                when = float(seen["t"])
                latencies.append({"kind": change.kind, "seconds": round(when - t0, 3)})
                log(f"  [{mode}] {change.kind:6} {change.pid}: {when - t0:.2f} s")
        finally:
            question_file.write_text("STOP")
            try:
                rproc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                rproc.kill()
    values = [x["seconds"] for x in latencies]
    return {
        "mode": mode,
        "size": size,
        "interval_s": None if mode == "push" else interval,
        "changes": len(values),
        "p50_s": round(pct(values, 50), 3),
        "p95_s": round(pct(values, 95), 3),
        "max_s": round(max(values), 3),
        "by_kind": {
            k: round(pct([x["seconds"] for x in latencies if x["kind"] == k], 50), 3) for k in KINDS
        },  # fmt: skip
        "latencies": latencies,
    }


def usable_targets(
    candidates: list[dict[str, Any]], question_file: Path, answers: Answers, n: int
) -> list[dict[str, Any]]:
    """Products the graph shows when asked for by their own title (the measurable ones)."""
    found: list[dict[str, Any]] = []
    for item in candidates:
        question_file.write_text(item["title"])
        cards = answers.latest(item["title"], time.time(), timeout=60)
        if cards and item["id"] in {c[0] for c in cards}:
            found.append(item)
        if len(found) >= n:
            return found
    raise RuntimeError(f"only {len(found)} products are found by their title; need {n}")


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--reader":
        reader(sys.argv[2], Path(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--modes", default="push,poll")
    parser.add_argument("--interval", type=float, default=5.0, help="polling interval, seconds")
    parser.add_argument("--index-cache", type=Path, help="keep the index here between runs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for mode in args.modes.split(","):
        work = Path(tempfile.mkdtemp(prefix="aisle-fresh-"))
        try:
            index = args.index_cache or work / "index"
            log(f"{mode}: {args.size} products, {args.changes} changes")
            results.append(run_mode(mode, args.size, args.changes, args.interval, work, index))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(results))
    else:
        print(f"{'mode':6} {'products':>8} {'changes':>7} {'p50 s':>7} {'p95 s':>7} {'max s':>7}"
              "  target")  # fmt: skip
        for r in results:
            target = "p95 ≤ 2 s (500) / 5 s (10k)" if r["mode"] == "push" else (
                f"≤ {r['interval_s'] + 2:g} s (interval + 2 s)")  # fmt: skip
            print(f"{r['mode']:6} {r['size']:>8} {r['changes']:>7} {r['p50_s']:>7.2f} "
                  f"{r['p95_s']:>7.2f} {r['max_s']:>7.2f}  {target}")  # fmt: skip
            print("       by kind (p50 s): "
                  + ", ".join(f"{k} {v:.2f}" for k, v in r["by_kind"].items()))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
