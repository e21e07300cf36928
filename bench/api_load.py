"""Load through the LangGraph server API: N concurrent threads × M turns against one server.

Starts ``langgraph dev`` on 127.0.0.1 over a 60-item demo index (real sync, real
embedder; rules only, no LLM) unless ``--url`` names a running server, then runs every
thread's conversation concurrently with the async ``langgraph_sdk`` client
(``asyncio.gather``). Each thread says a thread-unique token in its first message, asks
for something, narrows it, buys one product and says thanks. Afterwards every thread's
state is read back and checked: its own messages only, no other thread's token, a cart
holding only what this thread bought. Prints errors, isolation problems, and p50/p95 turn
latency (a benchmark; nothing is asserted on time).

    .venv/bin/python bench/api_load.py                      # 50 threads × 5 turns
    .venv/bin/python bench/api_load.py --threads 10 --turns 3
    .venv/bin/python bench/api_load.py --url http://127.0.0.1:2025 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GRAPH_ID = "shop"
STARTUP_TIMEOUT = 120.0
TURN_TIMEOUT = 300.0  # one turn, queueing included, under full load on a slow machine
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_API_LINE = re.compile(r"API:\s*http://127\.0\.0\.1:(\d+)")

NEEDS = (
    "I need running shoes under 150",
    "show me bluetooth speakers",
    "I want a rain jacket",
    "looking for a backpack under 100",
    "show me headphones",
)
PURCHASE = "add the first one to my cart"


def build_index(work: Path, size: int = 60) -> Path:
    """A demo catalogue synced with the real default embedder (the graph's query model)."""
    from sync.demo_feed import build_demo_feed
    from sync.pipeline import run_sync
    from sync.settings import SyncSettings
    from sync.taxonomy import default_taxonomy_path

    feed = work / "demo.xml"
    build_demo_feed(feed, size=size)
    settings = SyncSettings(
        index_dir=work / "index",
        cache_dir=work / "cache",
        chroma_url=None,
        collection="products",
        taxonomy_path=default_taxonomy_path(),
    )
    report = run_sync(feed, settings)
    if report.status != "ok":
        raise RuntimeError(f"demo sync failed: {report.reason}")
    return settings.index_dir


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    index_dir: Path, log: Path, env: Mapping[str, str] | None = None
) -> tuple[subprocess.Popen, str]:
    """``langgraph dev`` on a free port over ``index_dir``; returns (process, URL).

    The server sees none of this process's ``AISLE_*`` variables (so no API keys: open
    local mode, see graph/auth.py), only ``env`` added on top.
    """
    import httpx

    exe = Path(sys.executable).with_name("langgraph")
    if not exe.exists():
        raise FileNotFoundError(f"the langgraph CLI is not installed next to {sys.executable}")
    server_env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("AISLE_", "OPENAI_", "LANGSMITH_", "LANGCHAIN_"))
    }
    server_env.update(
        AISLE_INDEX_DIR=str(index_dir),
        HF_HUB_OFFLINE="1",
        LANGGRAPH_CLI_NO_ANALYTICS="1",
        LANGGRAPH_NO_VERSION_CHECK="true",
        LANGSMITH_TRACING="false",
        PYTHONUNBUFFERED="1",
    )
    server_env.update(env or {})
    port = _free_port()
    # --no-reload: other work in the tree must not restart the server mid-run.
    cmd = [str(exe), "dev", "--host", "127.0.0.1", "--port", str(port), "--no-browser",
           "--no-reload"]  # fmt: skip
    with open(log, "w") as out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=server_env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        text = _ANSI.sub("", log.read_text(errors="replace"))
        if proc.poll() is not None:
            raise RuntimeError(f"`langgraph dev` exited with {proc.returncode}:\n{text[-4000:]}")
        found = _API_LINE.search(text)
        url = f"http://127.0.0.1:{found.group(1) if found else port}"
        try:
            if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    stop_server(proc)
    raise RuntimeError(f"`langgraph dev` not ready after {STARTUP_TIMEOUT:.0f}s")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def script(n: int, turns: int, token: str) -> list[str]:
    """Thread ``n``'s messages: greeting with its token, a need, narrowing, purchase, thanks."""
    need = NEEDS[n % len(NEEDS)]
    base = [f"hi, I am shopper {token}", need, "show me cheaper ones", PURCHASE, "thanks"]
    if turns <= len(base):
        messages = base[:turns]
        if turns >= 3 and PURCHASE not in messages:
            messages[-1] = PURCHASE  # every thread with 3+ turns buys something
        return messages
    return base + [f"{need} (round {k})" for k in range(turns - len(base))]


@dataclass
class LoadResult:
    threads: int
    turns: int
    latencies: list[float] = field(default_factory=list)  # seconds per turn
    errors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # isolation / state problems
    wall: float = 0.0
    carts: int = 0  # threads whose cart holds a product

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]

    def summary(self) -> dict[str, Any]:
        return {
            "threads": self.threads,
            "turns_per_thread": self.turns,
            "turns": len(self.latencies),
            "errors": len(self.errors),
            "isolation_problems": len(self.problems),
            "carts": self.carts,
            "p50_s": round(self.percentile(0.5), 3),
            "p95_s": round(self.percentile(0.95), 3),
            "max_s": round(max(self.latencies, default=float("nan")), 3),
            "wall_s": round(self.wall, 1),
            "turns_per_s": round(len(self.latencies) / self.wall, 2) if self.wall else 0.0,
        }


async def _conversation(
    client: Any, n: int, turns: int, token: str, result: LoadResult
) -> dict[str, Any]:
    thread_id = (await client.threads.create())["thread_id"]
    sent: list[str] = []
    shown: set[str] = set()  # ids and groups of the products shown
    answer = ""
    for planned in script(n, turns, token):
        # the cart asked which size (a card is a product in several sizes): the next
        # message answers with the first one in stock, as a click on it would
        text, answer = answer or planned, ""
        sent.append(text)
        start = time.perf_counter()
        try:
            out = await client.runs.wait(
                thread_id, GRAPH_ID, input={"messages": [{"role": "user", "content": text}]},
                raise_error=False,
            )  # fmt: skip
        except Exception as exc:  # noqa: BLE001 - counted, not raised: a load test reports
            result.errors.append(f"thread {n} {text!r}: {type(exc).__name__}: {exc}")
            continue
        result.latencies.append(time.perf_counter() - start)
        if not isinstance(out, dict) or "__error__" in out:
            result.errors.append(f"thread {n} {text!r}: {out!r}"[:500])
            continue
        shown.update(c[k] for c in out.get("recommendations") or [] for k in ("id", "group_id"))
        if text == PURCHASE and out.get("intent") == "purchase" and out.get("suggestions"):
            answer = str(out["suggestions"][0])
        # with nothing matching, the reply numbers the closest items instead (not cards)
        shown.update((out.get("trace") or {}).get("relaxed", {}).get("closest") or [])
    return {"n": n, "thread_id": thread_id, "token": token, "sent": sent, "shown": shown}


async def run_load(url: str, threads: int = 50, turns: int = 5) -> LoadResult:
    """Run the load and check every thread's final state."""
    from langgraph_sdk import get_client

    client = get_client(url=url, api_key=None, timeout=TURN_TIMEOUT)
    result = LoadResult(threads, turns)
    tokens = [f"tok{n:03d}{uuid.uuid4().hex[:8]}" for n in range(threads)]
    start = time.perf_counter()
    convs = await asyncio.gather(
        *(_conversation(client, n, turns, tokens[n], result) for n in range(threads))
    )
    result.wall = time.perf_counter() - start
    states = await asyncio.gather(*(client.threads.get_state(c["thread_id"]) for c in convs))
    for conv, state in zip(convs, states, strict=True):
        values = state["values"]
        n = conv["n"]
        messages = [(m["type"], m["content"]) for m in values.get("messages", [])]
        humans = [text for kind, text in messages if kind == "human"]
        if humans != conv["sent"]:
            result.problems.append(f"thread {n}: human messages {humans} != sent {conv['sent']}")
        ais = sum(kind == "ai" for kind, _ in messages)
        if ais != len(conv["sent"]):
            result.problems.append(f"thread {n}: {ais} replies to {len(conv['sent'])} turns")
        dumped = json.dumps(values, ensure_ascii=False)
        if conv["token"] not in dumped:
            result.problems.append(f"thread {n}: its own token is missing from its state")
        leaked = [t for t in tokens if t != conv["token"] and t in dumped]
        if leaked:
            result.problems.append(f"thread {n}: holds other threads' tokens {leaked[:3]}")
        cart = values.get("cart") or []
        cart_ids = {c.get("id") for c in cart}
        if cart:
            result.carts += 1
        unseen = [c.get("id") for c in cart if not {c.get("id"), c.get("group_id")} & conv["shown"]]
        if unseen:
            result.problems.append(
                f"thread {n}: cart {sorted(cart_ids)} holds products it was never shown"
            )
        if len(cart) > sum(t == PURCHASE for t in conv["sent"]):
            result.problems.append(f"thread {n}: cart has {len(cart)} items, bought fewer")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--threads", type=int, default=int(os.environ.get("AISLE_LOAD_THREADS", 50))
    )
    parser.add_argument("--turns", type=int, default=int(os.environ.get("AISLE_LOAD_TURNS", 5)))
    parser.add_argument("--url", help="a running server (default: start one over a demo index)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    proc = None
    with tempfile.TemporaryDirectory(prefix="aisle-api-load-") as tmp:
        url = args.url
        if not url:
            print("building the demo index and starting `langgraph dev`…", file=sys.stderr)
            index = build_index(Path(tmp))
            proc, url = start_server(index, Path(tmp) / "langgraph-dev.log")
        try:
            result = asyncio.run(run_load(url, args.threads, args.turns))
        finally:
            if proc is not None:
                stop_server(proc)
    summary = result.summary()
    if args.json:
        print(json.dumps({**summary, "error_samples": result.errors[:5],
                          "problem_samples": result.problems[:5]}))  # fmt: skip
    else:
        print(f"{summary['threads']} threads × {summary['turns_per_thread']} turns through the "
              f"LangGraph API: {summary['turns']} turns in {summary['wall_s']} s "
              f"({summary['turns_per_s']} turns/s)")  # fmt: skip
        print(f"  turn latency p50 {summary['p50_s']} s · p95 {summary['p95_s']} s · "
              f"max {summary['max_s']} s")  # fmt: skip
        print(f"  errors {summary['errors']} · isolation problems "
              f"{summary['isolation_problems']} · carts {summary['carts']}")  # fmt: skip
        for line in (result.errors + result.problems)[:10]:
            print(f"  ! {line}")
    return 0 if not result.errors and not result.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
