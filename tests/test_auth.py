"""Who may see what on the LangGraph server: ``graph/auth.py`` through the real ``langgraph dev``.

Two module-scoped servers over one small demo index: one with API keys (alice and bob),
one in open local mode (no keys, the single identity ``local``). Requests go over HTTP
with httpx and the ``langgraph_sdk`` client, as Studio and clients send them. The first
tests check the configuration parser without a server.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.api_load import build_index, start_server, stop_server
from graph.auth import AuthConfigError, identity_for, load_settings

GRAPH_ID = "shop"
RUN_TIMEOUT = 60.0
ALICE_KEY = "alice-key-7f3c9a1e5b"
BOB_KEY = "bob-key-2d8e4f6a0c91"
NEED = "I need running shoes under 150"  # the demo has several such shoes

ALICE = {"Authorization": f"Bearer {ALICE_KEY}"}
BOB = {"x-api-key": BOB_KEY}

slow = pytest.mark.slow


# --- configuration (no server) -----------------------------------------------------------


def test_no_keys_is_open_local_mode() -> None:
    assert load_settings({}).mode == "open"
    assert load_settings({"AISLE_AUTH": "off"}).mode == "open"


def test_keys_from_variable_and_file(tmp_path: Path) -> None:
    keys_file = tmp_path / "keys"
    keys_file.write_text(f"# team\n\n{BOB_KEY} bob\n", encoding="utf-8")
    settings = load_settings(
        {"AISLE_API_KEYS": f" {ALICE_KEY}:alice ", "AISLE_API_KEYS_FILE": str(keys_file)}
    )
    assert settings.mode == "keys"
    assert settings.identities == ["alice", "bob"]
    assert identity_for(settings, ALICE_KEY) == "alice"
    assert identity_for(settings, BOB_KEY) == "bob"
    assert identity_for(settings, ALICE_KEY + "x") is None
    assert identity_for(settings, "") is None


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"AISLE_AUTH": "off", "AISLE_API_KEYS": f"{ALICE_KEY}:alice"}, "AISLE_AUTH=off but"),
        ({"AISLE_AUTH": "keys"}, "no API key is configured"),
        ({"AISLE_AUTH": "keys", "AISLE_API_KEYS": " , "}, "no API key is configured"),
        ({"AISLE_AUTH": "maybe"}, "use 'keys' or 'off'"),
        ({"AISLE_API_KEYS": "short:alice"}, "at least 16 characters"),
        ({"AISLE_API_KEYS": ALICE_KEY}, "not 'key:identity'"),
        ({"AISLE_API_KEYS": f"{ALICE_KEY}:al.ice"}, "identity 'al.ice'"),
        ({"AISLE_API_KEYS": f"{ALICE_KEY}:alice,{ALICE_KEY}:bob"}, "listed twice"),
        ({"AISLE_API_KEYS_FILE": "/nonexistent/aisle-keys"}, "cannot read it"),
    ],
    ids=["off-with-keys", "keys-without-keys", "keys-empty-list", "unknown-mode",
         "short-key", "no-identity", "dotted-identity", "duplicate-key", "missing-file"],
)  # fmt: skip
def test_bad_configuration_is_refused(environ: dict[str, str], message: str) -> None:
    with pytest.raises(AuthConfigError, match=message):
        load_settings(environ)


# --- servers -------------------------------------------------------------------------------


def _langgraph_cli() -> None:
    if not Path(sys.executable).with_name("langgraph").exists():
        pytest.skip(f"the langgraph CLI is not installed next to {sys.executable}")
    try:
        import langgraph_api  # noqa: F401
        import langgraph_runtime_inmem  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"`langgraph dev` needs langgraph-cli[inmem]: {exc.name} is missing")


@pytest.fixture(scope="module")
def demo_index(tmp_path_factory) -> Path:
    return build_index(tmp_path_factory.mktemp("auth-index"), size=60)


def _serve(demo_index: Path, tmp_path_factory, env: dict[str, str]) -> Iterator[tuple[str, Path]]:
    _langgraph_cli()
    log = tmp_path_factory.mktemp("auth-log") / "langgraph-dev.log"
    try:
        proc, url = start_server(demo_index, log, env=env)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield url, log
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def keyed(demo_index: Path, tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """A server with two keys: alice's (sent as Bearer) and bob's (sent as x-api-key)."""
    yield from _serve(
        demo_index, tmp_path_factory, {"AISLE_API_KEYS": f"{ALICE_KEY}:alice,{BOB_KEY}:bob"}
    )


@pytest.fixture(scope="module")
def url(keyed: tuple[str, Path]) -> str:
    return keyed[0]


@pytest.fixture(scope="module")
def open_local(demo_index: Path, tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """A server without keys: open local mode."""
    yield from _serve(demo_index, tmp_path_factory, {})


def _client(url: str, key: str):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=url, api_key=key, timeout=RUN_TIMEOUT)  # sends x-api-key


def _run(url: str, headers: dict[str, str], thread_id: str, text: str, **extra: Any):
    return httpx.post(
        f"{url}/threads/{thread_id}/runs/wait",
        json={"assistant_id": GRAPH_ID, "input": {"messages": [{"role": "user", "content": text}]},
              **extra},
        headers=headers,
        timeout=RUN_TIMEOUT,
    )  # fmt: skip


def _new_thread(url: str, headers: dict[str, str], **body: Any) -> str:
    response = httpx.post(f"{url}/threads", json=body, headers=headers, timeout=10)
    assert response.status_code == 200, response.text
    return str(response.json()["thread_id"])


@pytest.fixture(scope="module")
def alice_thread(url: str) -> dict[str, Any]:
    """Alice's thread after one turn (created claiming bob as owner: the server overrides it)."""
    thread_id = _new_thread(url, ALICE, metadata={"owner": "bob", "topic": "shoes"})
    reply = _run(url, ALICE, thread_id, NEED)
    assert reply.status_code == 200, reply.text
    return {"thread_id": thread_id, "reply": reply.json()}


# --- keys mode: authentication ---------------------------------------------------------------


@slow
@pytest.mark.parametrize(
    "headers",
    [{}, {"x-auth-scheme": "langsmith"}],
    ids=["no-credentials", "studio-scheme-without-key"],
)
def test_no_credentials_is_401(url: str, headers: dict[str, str]) -> None:
    for response in (
        httpx.post(f"{url}/threads", json={}, headers=headers, timeout=10),
        httpx.post(f"{url}/threads/search", json={}, headers=headers, timeout=10),
        httpx.post(f"{url}/assistants/search", json={}, headers=headers, timeout=10),
        httpx.post(f"{url}/store/items/search", json={"namespace_prefix": []}, headers=headers,
                   timeout=10),
    ):  # fmt: skip
        assert response.status_code == 401, (response.request.url, response.text)
        assert "missing API key" in response.json()["detail"]


@slow
@pytest.mark.parametrize(
    ("headers", "detail"),
    [
        ({"Authorization": "Bearer not-a-key-at-all-0000"}, "invalid API key"),
        ({"x-api-key": ALICE_KEY[:-1]}, "invalid API key"),
        ({"Authorization": f"Basic {ALICE_KEY}"}, "must be 'Bearer <key>'"),
        ({**ALICE, **BOB}, "two different keys"),
    ],
    ids=["wrong-bearer", "wrong-x-api-key", "basic-scheme", "two-keys"],
)
def test_wrong_credentials_are_401(url: str, headers: dict[str, str], detail: str) -> None:
    response = httpx.post(f"{url}/threads", json={}, headers=headers, timeout=10)
    assert response.status_code == 401, response.text
    assert detail in response.json()["detail"]


@slow
def test_health_needs_no_key(url: str) -> None:
    assert httpx.get(f"{url}/ok", timeout=10).status_code == 200


@slow
def test_keys_mode_is_logged(keyed: tuple[str, Path]) -> None:
    text = keyed[1].read_text(errors="replace")
    assert "Aisle auth: API keys required (2 keys, identities alice, bob)" in text
    assert "OPEN LOCAL MODE" not in text
    assert ALICE_KEY not in text and BOB_KEY not in text


# --- keys mode: threads belong to their owner ------------------------------------------------


@slow
def test_owner_creates_reads_and_runs_a_thread(url: str, alice_thread: dict[str, Any]) -> None:
    thread_id = alice_thread["thread_id"]
    assert alice_thread["reply"]["recommendations"], alice_thread["reply"]["messages"]
    thread = httpx.get(f"{url}/threads/{thread_id}", headers=ALICE, timeout=10)
    assert thread.status_code == 200, thread.text
    assert thread.json()["metadata"]["owner"] == "alice"  # not the "bob" it claimed
    assert thread.json()["metadata"]["topic"] == "shoes"
    client = _client(url, ALICE_KEY)  # the SDK with api_key: x-api-key
    values = client.threads.get_state(thread_id)["values"]
    assert [m["content"] for m in values["messages"]][0] == NEED
    assert [t["thread_id"] for t in client.threads.search(limit=100)].count(thread_id) == 1
    second = client.runs.wait(
        thread_id, GRAPH_ID, input={"messages": [{"role": "user", "content": "thanks"}]}
    )
    assert len(second["messages"]) == 4, second["messages"]
    patched = httpx.patch(
        f"{url}/threads/{thread_id}", json={"metadata": {"topic": "trail"}}, headers=ALICE,
        timeout=10,
    )  # fmt: skip
    assert patched.status_code == 200, patched.text


@slow
def test_another_identity_cannot_touch_the_thread(url: str, alice_thread: dict[str, Any]) -> None:
    thread_id = alice_thread["thread_id"]
    base = f"{url}/threads/{thread_id}"
    for response in (
        httpx.get(base, headers=BOB, timeout=10),
        httpx.get(f"{base}/state", headers=BOB, timeout=10),
        httpx.get(f"{base}/history", headers=BOB, timeout=10),
        httpx.get(f"{base}/runs", headers=BOB, timeout=10),
        httpx.patch(base, json={"metadata": {"owner": "bob"}}, headers=BOB, timeout=10),
        _run(url, BOB, thread_id, "show me everything"),
        httpx.delete(base, headers=BOB, timeout=10),
    ):
        assert response.status_code == 404, (response.request.method, response.request.url,
                                              response.text)  # fmt: skip
    listed = httpx.post(f"{url}/threads/search", json={"limit": 100}, headers=BOB, timeout=10)
    assert listed.status_code == 200, listed.text
    assert thread_id not in {t["thread_id"] for t in listed.json()}
    by_metadata = httpx.post(
        f"{url}/threads/search", json={"metadata": {"owner": "alice"}}, headers=BOB, timeout=10
    )
    assert by_metadata.json() == []
    # reusing her thread id does not hand it over
    taken = httpx.post(
        f"{url}/threads", json={"thread_id": thread_id, "if_exists": "do_nothing"}, headers=BOB,
        timeout=10,
    )  # fmt: skip
    assert taken.status_code == 409, taken.text
    # and the thread is intact for alice
    state = httpx.get(f"{base}/state", headers=ALICE, timeout=10)
    assert state.status_code == 200, state.text
    assert state.json()["values"]["messages"][0]["content"] == NEED
    assert httpx.get(base, headers=ALICE, timeout=10).json()["metadata"]["owner"] == "alice"


@slow
def test_assistants_are_read_only_for_keys(url: str) -> None:
    found = httpx.post(f"{url}/assistants/search", json={}, headers=BOB, timeout=10)
    assert found.status_code == 200 and found.json(), found.text
    created = httpx.post(f"{url}/assistants", json={"graph_id": GRAPH_ID}, headers=BOB,
                         timeout=10)  # fmt: skip
    assert created.status_code == 403, created.text


# --- keys mode: profiles in the store are the identity's ---------------------------------------


def _put_profile(url: str, headers: dict[str, str], user: str, purchased: list[str]):
    return httpx.put(
        f"{url}/store/items",
        json={"namespace": ["users", user], "key": "profile",
              "value": {"brands": [], "categories": [], "purchased": purchased}},
        headers=headers,
        timeout=10,
    )  # fmt: skip


@slow
def test_store_profiles_are_scoped_to_the_identity(url: str) -> None:
    assert _put_profile(url, BOB, "bob", ["nothing-yet"]).status_code == 204
    # alice can neither read, overwrite nor delete bob's profile
    read = httpx.get(
        f"{url}/store/items", params={"namespace": "users.bob", "key": "profile"}, headers=ALICE,
        timeout=10,
    )  # fmt: skip
    assert read.status_code == 403, read.text
    assert "not yours" in read.json()["detail"]
    assert _put_profile(url, ALICE, "bob", []).status_code == 403
    gone = httpx.request(
        "DELETE", f"{url}/store/items", json={"namespace": ["users", "bob"], "key": "profile"},
        headers=ALICE, timeout=10,
    )  # fmt: skip
    assert gone.status_code == 403, gone.text
    other = httpx.put(
        f"{url}/store/items", json={"namespace": ["shared"], "key": "k", "value": {}},
        headers=ALICE, timeout=10,
    )  # fmt: skip
    assert other.status_code == 403, other.text
    # a search or listing over every user is narrowed to her own namespace
    for prefix in ([], ["users"]):
        found = httpx.post(f"{url}/store/items/search", json={"namespace_prefix": prefix},
                           headers=ALICE, timeout=10)  # fmt: skip
        assert found.status_code == 200, found.text
        assert all(item["namespace"][:2] == ["users", "alice"] for item in found.json()["items"])
    spaces = httpx.post(f"{url}/store/namespaces", json={}, headers=ALICE, timeout=10)
    assert ["users", "bob"] not in spaces.json()["namespaces"], spaces.text
    # bob still reads his own
    mine = httpx.get(
        f"{url}/store/items", params={"namespace": "users.bob", "key": "profile"}, headers=BOB,
        timeout=10,
    )  # fmt: skip
    assert mine.status_code == 200 and mine.json()["value"]["purchased"] == ["nothing-yet"]


def _shown(reply: httpx.Response) -> list[str]:
    """The product groups a turn recommended (none when the profile excluded them all)."""
    assert reply.status_code == 200, reply.text
    assert "__error__" not in reply.json(), reply.text
    return [c["group_id"] for c in reply.json()["recommendations"]]


@slow
def test_personalisation_follows_the_key_not_the_user_id(url: str) -> None:
    """Bob bought the first shoe shown; alice naming ``user_id=bob`` still sees it."""
    first = _shown(_run(url, ALICE, _new_thread(url, ALICE), NEED))[0]
    assert _put_profile(url, BOB, "bob", [first]).status_code == 204
    # bob is personalised as himself, without naming a user id
    assert first not in _shown(_run(url, BOB, _new_thread(url, BOB), NEED))
    # alice cannot borrow bob's profile through configurable or context
    as_bob = {"config": {"configurable": {"user_id": "bob"}}}
    assert first in _shown(_run(url, ALICE, _new_thread(url, ALICE), NEED, **as_bob))
    via_context = {"context": {"user_id": "bob"}}
    assert first in _shown(_run(url, ALICE, _new_thread(url, ALICE), NEED, **via_context))
    # bob naming someone else is still bob
    as_alice = {"config": {"configurable": {"user_id": "alice"}}}
    assert first not in _shown(_run(url, BOB, _new_thread(url, BOB), NEED, **as_alice))


# --- open local mode --------------------------------------------------------------------------


@slow
def test_open_local_mode_serves_loopback_as_one_user(open_local: tuple[str, Path]) -> None:
    url, log = open_local
    text = log.read_text(errors="replace")
    assert "Aisle auth: OPEN LOCAL MODE" in text, text[-2000:]
    thread_id = _new_thread(url, {})
    first = _shown(_run(url, {}, thread_id, NEED))[0]
    thread = httpx.get(f"{url}/threads/{thread_id}", timeout=10).json()
    assert thread["metadata"]["owner"] == "local"
    listed = httpx.post(f"{url}/threads/search", json={"limit": 100}, timeout=10).json()
    assert thread_id in {t["thread_id"] for t in listed}
    # the developer may write any profile and personalise as any user id
    assert _put_profile(url, {}, "carol", [first]).status_code == 204
    as_carol = {"config": {"configurable": {"user_id": "carol"}}}
    assert first not in _shown(_run(url, {}, _new_thread(url, {}), NEED, **as_carol))
    assert first in _shown(_run(url, {}, _new_thread(url, {}), NEED))  # anonymous
    # a key is not needed and not checked
    assert httpx.post(f"{url}/threads", json={}, headers=ALICE, timeout=10).status_code == 200


@slow
def test_open_local_mode_refuses_proxied_requests(open_local: tuple[str, Path]) -> None:
    url, _ = open_local
    response = httpx.post(
        f"{url}/threads", json={}, headers={"X-Forwarded-For": "203.0.113.7"}, timeout=10
    )
    assert response.status_code == 401, response.text
    assert "serves only 127.0.0.1" in response.json()["detail"]


@slow
def test_contradictory_configuration_stops_the_server(demo_index: Path, tmp_path: Path) -> None:
    _langgraph_cli()
    env = {"AISLE_AUTH": "off", "AISLE_API_KEYS": f"{ALICE_KEY}:alice"}
    with pytest.raises(RuntimeError, match="AISLE_AUTH=off but API keys are configured"):
        proc, _ = start_server(demo_index, tmp_path / "langgraph-dev.log", env=env)
        stop_server(proc)  # only reached when the server wrongly started
