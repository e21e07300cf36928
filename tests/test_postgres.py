"""Conversations and profiles in PostgreSQL: a private cluster started by the fixture.

``tests/pg_cluster.py`` starts it (Debian's ``postgresql`` binaries, installed with apt-get
when missing); the tests skip with the reason when it can't be had.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from graph import build_graph
from graph.context import Context
from graph.persistence import open_persistence, redact
from tests.pg_cluster import ClusterUnavailable, postgres_cluster

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pg_url():
    try:
        with postgres_cluster() as url:
            yield url
    except ClusterUnavailable as exc:
        pytest.skip(f"no PostgreSQL cluster: {exc}")


@pytest.fixture(scope="module")
def pg(pg_url):
    """One (checkpointer, store) pair on the cluster, shared by the in-process tests."""
    saver, store = open_persistence(pg_url)
    yield saver, store
    saver.conn.close()  # the pool


def turn(app, ctx: Context, thread: str, text: str, **extra) -> dict:
    config = {"configurable": {"thread_id": thread, **extra}}
    return app.invoke({"messages": [("user", text)]}, config, context=ctx)


RESUME = """
import sys
from graph import build_graph
from graph.context import Context
from graph.persistence import open_persistence
saver, store = open_persistence(sys.argv[1])
app = build_graph(saver, store)
config = {"configurable": {"thread_id": sys.argv[4]}}
ctx = Context(index_dir=sys.argv[2])
state = app.invoke({"messages": [("user", sys.argv[3])]}, config, context=ctx)
print(len(state["messages"]), state["intent"], state["preferences"].get("max_price"))
"""


def test_thread_resumes_after_a_process_restart(demo_catalogue, pg_url, tmp_path):
    _, index = demo_catalogue
    script = tmp_path / "resume.py"
    script.write_text(RESUME)
    thread = "resume-" + uuid.uuid4().hex[:8]

    def run(text: str) -> list[str]:
        out = subprocess.run(
            [sys.executable, str(script), pg_url, str(index), text, thread],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            env={
                **os.environ,
                "HF_HUB_OFFLINE": "1",
                "PYTHONPATH": str(ROOT),
                "AISLE_CHECKPOINTER": pg_url,
            },
        )
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout.split()

    assert run("I need running shoes under 150")[:2] == ["2", "recommend"]
    count, intent, max_price = run("cheaper")
    assert count == "4" and intent == "refine"
    assert float(max_price) < 150  # "cheaper" used the cards shown before the restart


def test_threads_do_not_see_each_other(demo_catalogue, pg, pg_url, monkeypatch):
    _, index = demo_catalogue
    saver, store = pg
    app = build_graph(saver, store)
    ctx = Context(index_dir=str(index))
    alice, bob = "alice-" + uuid.uuid4().hex[:8], "bob-" + uuid.uuid4().hex[:8]
    turn(app, ctx, alice, "I need running shoes under 100")
    state = turn(app, ctx, bob, "hello")
    assert [m.content for m in state["messages"] if m.type == "human"] == ["hello"]
    assert state["preferences"].get("max_price") is None
    state = turn(app, ctx, bob, "cheaper")
    assert (
        not state["recommendations"]
        or all("shoe" not in c["title"].lower() for c in state["recommendations"])
        or state["preferences"].get("max_price") != 100
    )
    # alice's thread is untouched by bob's turns, read back from the database
    values = app.get_state({"configurable": {"thread_id": alice}}).values
    assert [m.content for m in values["messages"] if m.type == "human"] == [
        "I need running shoes under 100"
    ]
    assert values["preferences"].get("max_price") == 100

    # the page lists both threads from Postgres, and reloads each one's own messages
    from ui import adapter

    monkeypatch.setenv("AISLE_CHECKPOINTER", pg_url)
    listed = [t["id"] for t in adapter.list_threads()]
    assert alice in listed and bob in listed
    turns, error = adapter.load_thread(alice)
    assert error == ""
    assert [t.content for t in turns if t.role == "user"] == ["I need running shoes under 100"]


def test_store_round_trips_profiles(pg_url):
    from graph.profile import load_profile, save_profiles

    _, store = open_persistence(pg_url)
    user = "ann-" + uuid.uuid4().hex[:8]
    profile = {"brands": {"Zenfold": 2.0}, "bought": ["sku-1", "sku-2"], "orders": 2}
    save_profiles(store, {user: profile})
    assert load_profile(store, {"configurable": {"user_id": user}}) == profile
    assert load_profile(store, {"configurable": {"user_id": "nobody-" + user}}) == {}
    # a second process's pair (a fresh pool) sees the same profile
    _, other = open_persistence(pg_url)
    assert load_profile(other, {"configurable": {"user_id": user}}) == profile
    store.conn.close()
    other.conn.close()


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens once the socket is closed


def test_unreachable_server_gives_a_clear_error(monkeypatch):
    url = f"postgresql://aisle:s3cret@127.0.0.1:{_closed_port()}/aisle"
    with pytest.raises(ConnectionError) as caught:
        open_persistence(url)
    message = str(caught.value)
    assert "Can't reach PostgreSQL" in message and "running" in message
    assert "URL" in message and "credentials" in message
    assert "s3cret" not in message and "aisle:***@127.0.0.1" in message
    assert redact("postgres://u:p@w@h:5/d?password=x&sslmode=require") == (
        "postgres://u:***@h:5/d?password=***&sslmode=require"
    )

    with pytest.raises(ValueError, match="not a valid PostgreSQL URL"):
        open_persistence("postgresql://aisle@127.0.0.1/aisle?no_such_option=1")

    # the page turns it into a sentence, never a traceback
    from ui import adapter

    monkeypatch.setenv("AISLE_CHECKPOINTER", url)
    turns, error = adapter.load_thread("any")
    assert turns == [] and "couldn't be loaded" in error and "Can't reach PostgreSQL" in error
    assert "running" in error and "credentials" in error  # the advice survives the shortening
    assert "s3cret" not in error and "Traceback" not in error
    assert adapter.list_threads() == []
