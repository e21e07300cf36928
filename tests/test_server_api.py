"""The graph through the LangGraph server API (``langgraph dev``), as Studio and clients use it.

One module-scoped server on 127.0.0.1 serves graph ``shop`` from ``langgraph.json``
over a small demo index built with the real default embedder (the graph embeds
queries with the same model, so the index must be built with it).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.api_load import build_index, start_server, stop_server

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
GRAPH_ID = "shop"
RUN_TIMEOUT = 60.0


def _langgraph_cli() -> Path:
    exe = Path(sys.executable).with_name("langgraph")
    if not exe.exists():
        pytest.skip(
            f"the langgraph CLI is not installed next to {sys.executable} "
            "(needs `langgraph-cli[inmem]`)"
        )
    try:
        import langgraph_api  # noqa: F401
        import langgraph_runtime_inmem  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"`langgraph dev` needs langgraph-cli[inmem]: {exc.name} is missing")
    return exe


@pytest.fixture(scope="module")
def demo_index(tmp_path_factory) -> Path:
    """A 60-item demo catalogue synced with the real default embedder."""
    return build_index(tmp_path_factory.mktemp("server-index"), size=60)


@pytest.fixture(scope="module")
def server_url(demo_index: Path, tmp_path_factory) -> Iterator[str]:
    """``langgraph dev`` on a free port, rules only (no LLM), over ``demo_index``.

    Started as ``bench/api_load.py`` starts it (one helper for both).
    """
    _langgraph_cli()
    log = tmp_path_factory.mktemp("server-log") / "langgraph-dev.log"
    try:
        proc, url = start_server(demo_index, log)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield url
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def client(server_url: str):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=server_url, api_key=None, timeout=RUN_TIMEOUT)


def _texts(values: dict[str, Any]) -> list[str]:
    return [m["content"] for m in values.get("messages", [])]


def _turn(client, thread_id: str, text: str) -> dict[str, Any]:
    return client.runs.wait(
        thread_id, GRAPH_ID, input={"messages": [{"role": "user", "content": text}]}
    )


def _messages(client, thread_id: str) -> list[tuple[str, str]]:
    values = client.threads.get_state(thread_id)["values"]
    return [(m["type"], m["content"]) for m in values.get("messages", [])]


@pytest.fixture(scope="module")
def conversation(client) -> dict[str, Any]:
    """Thread 1: a greeting, then a need with a budget."""
    thread_id = client.threads.create()["thread_id"]
    first = _turn(client, thread_id, "hi")
    second = _turn(client, thread_id, "I need running shoes under 150")
    state = client.threads.get_state(thread_id)
    return {"thread_id": thread_id, "first": first, "second": second, "state": state}


def test_server_knows_the_graph(client) -> None:
    assistants = client.assistants.search(graph_id=GRAPH_ID)
    assert assistants, "graph `shop` from langgraph.json is not registered"


def test_two_turns_through_the_api(conversation) -> None:
    assert "__error__" not in conversation["first"], conversation["first"]
    assert "__error__" not in conversation["second"], conversation["second"]
    assert conversation["first"]["intent"] == "greeting"
    values = conversation["state"]["values"]
    assert values["intent"] == "recommend"
    assert values["language"] == "en"
    assert values["preferences"].get("max_price") == 150
    for card in values["recommendations"]:
        assert card["effective_price"] <= 150, card
        assert card["in_stock"] is True, card
    messages = [(m["type"], m["content"]) for m in values["messages"]]
    assert [kind for kind, _ in messages] == ["human", "ai", "human", "ai"], messages
    assert messages[0][1] == "hi"
    assert messages[2][1] == "I need running shoes under 150"
    assert all(text.strip() for kind, text in messages if kind == "ai")
    # what runs.wait returned is the thread's final state (the OutputState part)
    assert conversation["second"]["messages"] == values["messages"]


def test_budget_need_gets_cards(conversation) -> None:
    values = conversation["state"]["values"]
    assert values["recommendations"], _texts(values)  # the demo has such shoes at 127.95


def test_history_has_checkpoints(client, conversation) -> None:
    history = client.threads.get_history(conversation["thread_id"], limit=50)
    assert len(history) >= 2
    counts = [len(h["values"].get("messages", [])) for h in history]  # newest first
    assert counts[0] == 4
    assert 2 in counts, counts  # the end of turn 1 is a checkpoint of its own
    assert counts == sorted(counts, reverse=True), counts


def test_threads_are_isolated(client, conversation) -> None:
    thread_id = client.threads.create()["thread_id"]
    assert thread_id != conversation["thread_id"]
    result = _turn(client, thread_id, "I need trail running shoes under 150")
    assert "__error__" not in result, result
    messages = _messages(client, thread_id)
    assert [kind for kind, _ in messages] == ["human", "ai"], messages
    assert messages[0][1] == "I need trail running shoes under 150"
    first_thread = {text for _, text in _messages(client, conversation["thread_id"])}
    assert not first_thread & {text for _, text in messages}
    values = client.threads.get_state(thread_id)["values"]
    assert values["intent"] == "recommend" and values["language"] == "en"
    cards = values["recommendations"]
    assert cards, messages
    assert all(c["effective_price"] <= 150 and c["in_stock"] is True for c in cards), cards
    # and thread 1 is untouched by thread 2's turn
    assert len(_messages(client, conversation["thread_id"])) == 4


def test_context_is_per_run(client) -> None:
    """Run settings travel as LangGraph context (graph.context.Context), per run."""
    need = {"messages": [{"role": "user", "content": "show me shoes under 150"}]}
    default = client.runs.wait(client.threads.create()["thread_id"], GRAPH_ID, input=need)
    assert len(default["recommendations"]) >= 2, default["messages"][-1]["content"]
    one = client.runs.wait(
        client.threads.create()["thread_id"], GRAPH_ID, input=need, context={"results": 1}
    )
    assert len(one["recommendations"]) == 1, one["recommendations"]


def test_unknown_graph_is_a_422(server_url: str) -> None:
    thread = httpx.post(f"{server_url}/threads", json={}, timeout=10).json()
    response = httpx.post(
        f"{server_url}/threads/{thread['thread_id']}/runs/wait",
        json={"assistant_id": "no-such-graph", "input": {"messages": []}},
        timeout=RUN_TIMEOUT,
    )
    assert response.status_code == 422, response.text


@pytest.mark.parametrize(
    "bad_input",
    [{"messages": [{"foo": 1}]}, {"messages": 5}, "hello"],
    ids=["message-without-role", "messages-not-a-list", "input-not-an-object"],
)
def test_malformed_input_is_an_error_run_and_thread_recovers(client, bad_input) -> None:
    thread_id = client.threads.create()["thread_id"]
    _turn(client, thread_id, "hi")
    before = _messages(client, thread_id)
    result = client.runs.wait(thread_id, GRAPH_ID, input=bad_input, raise_error=False)
    assert isinstance(result, dict) and "__error__" in result, result
    assert result["__error__"].get("error") and result["__error__"].get("message")
    assert client.runs.list(thread_id, limit=1)[0]["status"] == "error"
    # Until the next good run, GET /threads/{id}/state answers 400/500 (the server re-applies
    # the failed input write); the thread itself reports the error and its last good values.
    thread = client.threads.get(thread_id)
    assert thread["status"] == "error"
    assert [(m["type"], m["content"]) for m in thread["values"]["messages"]] == before
    after = _turn(client, thread_id, "I need trail running shoes under 150")
    assert "__error__" not in after, after
    messages = _messages(client, thread_id)
    assert messages[:2] == before and [k for k, _ in messages[2:]] == ["human", "ai"], messages
    assert client.threads.get_state(thread_id)["values"]["intent"] == "recommend"


def test_input_without_messages_adds_no_reply(client) -> None:
    thread_id = client.threads.create()["thread_id"]
    _turn(client, thread_id, "hi")
    before = _messages(client, thread_id)
    result = client.runs.wait(thread_id, GRAPH_ID, input={}, raise_error=False)
    assert "__error__" in result or _messages(client, thread_id) == before, _messages(
        client, thread_id
    )
