"""The Streamlit page, headless, with AppTest over a real demo index (real embedding model).

The page runs the real graph (rules only: no LLM) against a 60-item demo
catalogue synced into a temporary index; conversations go to a temporary
SQLite checkpointer. Environment changes go through ``monkeypatch``.
"""

from __future__ import annotations

import html
import socket
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from sync.demo_feed import build_demo_feed
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from ui.components import reply_markdown

APP = str(Path(__file__).resolve().parents[1] / "ui" / "app.py")
TIMEOUT = 180  # seconds per script run: the first turn loads the embedding model


@pytest.fixture(scope="module")
def demo_index(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("ui-demo")
    feed = root / "demo.xml"
    build_demo_feed(feed, size=60)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HF_HUB_OFFLINE", "1")
        report = run_sync(feed, SyncSettings(index_dir=root / "index", cache_dir=root / "cache"))
    assert report.status == "ok", report.reason
    return {"feed": feed, "index": root / "index", "cache": root / "cache"}


def _env(mp: pytest.MonkeyPatch, index: Path, tmp_path: Path, cache: Path | None = None) -> None:
    mp.setenv("HF_HUB_OFFLINE", "1")
    mp.setenv("AISLE_INDEX_DIR", str(index))
    mp.setenv("AISLE_CHECKPOINTER", str(tmp_path / "conversations.sqlite"))
    mp.setenv("AISLE_CACHE_DIR", str(cache or tmp_path / "cache"))
    for var in ("AISLE_CHROMA_URL", "AISLE_COLLECTION", "AISLE_LLM_MODEL", "OPENAI_BASE_URL"):
        mp.delenv(var, raising=False)


@pytest.fixture
def page(demo_index, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    _env(monkeypatch, demo_index["index"], tmp_path, demo_index["cache"])
    return AppTest.from_file(APP, default_timeout=TIMEOUT)


def send(at: AppTest, text: str) -> AppTest:
    at.chat_input(key="prompt").set_value(text).run()
    assert not at.exception, at.exception
    return at


def card_html(at: AppTest) -> list[str]:
    """The HTML blocks holding product cards, in page order."""
    return [m.value for m in at.markdown if 'class="aisle-card"' in m.value]


def last_cards(at: AppTest) -> list[dict]:
    """The cards of the last assistant turn (from session state, as drawn)."""
    turns = [t for t in at.session_state["turns"] if t.role == "assistant"]
    return turns[-1].cards if turns else []


def test_recommendation_turn_renders_cards(page: AppTest) -> None:
    page.run()
    assert not page.exception
    send(page, "I need running shoes")
    cards = last_cards(page)
    assert cards, "the graph recommended nothing for running shoes"
    blocks = card_html(page)
    assert blocks
    for card in cards:
        assert html.escape(card["title"]) in blocks[-1]
        assert f'data-id="{html.escape(card["id"])}"' in blocks[-1]
    assert blocks[-1].count('class="aisle-card"') == len(cards)
    assert "running shoes" in [m.markdown[0].value for m in page.chat_message][0].lower()
    # the per-turn trace is there, collapsed
    trace = [e for e in page.expander if e.label == "Trace"]
    assert trace and not trace[-1].proto.expanded
    assert any("retrieve" in m.value and "diversify" in m.value for m in trace[-1].markdown)


def test_refinement_changes_the_cards(page: AppTest) -> None:
    page.run()
    send(page, "I need something for the kitchen")
    before = [c["id"] for c in last_cards(page)]
    assert len(before) >= 2
    send(page, "cheaper")
    after = last_cards(page)
    assert after and [c["id"] for c in after] != before
    dearest_before = max(c["effective_price"] for c in page.session_state["turns"][1].cards)
    assert all(c["effective_price"] < dearest_before for c in after)
    assert len(card_html(page)) == 2  # each assistant turn keeps its own cards


def test_suggestion_click_sends_its_text(page: AppTest) -> None:
    page.run()
    send(page, "recommend something")
    assistant = page.session_state["turns"][-1]
    assert assistant.suggestions, "the elicitor asked nothing for a vague request"
    first = assistant.suggestions[0]
    button = page.button(key="suggest-1-0")
    assert button.label == first
    button.click().run()
    assert not page.exception
    users = [t.content for t in page.session_state["turns"] if t.role == "user"]
    assert users == ["recommend something", first]
    assert [m.markdown[0].value for m in page.chat_message if m.name == "user"][-1] == first
    assert last_cards(page), "answering the suggestion should recommend products"


def test_resume_an_earlier_thread(page: AppTest) -> None:
    page.run()
    send(page, "I need running shoes")
    thread = page.session_state["thread_id"]
    reply = page.session_state["turns"][-1].content

    fresh = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    assert not fresh.exception
    assert fresh.session_state["thread_id"] != thread
    assert not [m for m in fresh.chat_message]
    picker = fresh.sidebar.selectbox(key="thread_pick")
    assert any("I need running shoes" in option for option in picker.options)
    picker.set_value(thread).run()
    assert not fresh.exception
    assert fresh.session_state["thread_id"] == thread
    messages = [(m.name, m.markdown[0].value) for m in fresh.chat_message]
    assert messages == [("user", "I need running shoes"), ("assistant", reply_markdown(reply))]
    assert card_html(fresh), "the last turn's cards come back with the thread"
    # the conversation goes on in the same thread
    send(fresh, "cheaper")
    assert fresh.session_state["thread_id"] == thread
    assert len([m for m in fresh.chat_message]) == 4


def test_new_conversation_clears_the_chat(page: AppTest) -> None:
    page.run()
    send(page, "hello")
    old = page.session_state["thread_id"]
    page.sidebar.button(key="new_chat").click().run()
    assert page.session_state["thread_id"] != old
    assert not [m for m in page.chat_message]


def test_sidebar_shows_catalogue_and_model(page: AppTest) -> None:
    page.run()
    text = " ".join(m.value for m in page.sidebar.markdown)
    assert "**60** products" in text and "variant groups" in text and "in stock" in text
    assert "Rules only" in text
    assert any("Last sync" in c.value and "Index v" in c.value for c in page.sidebar.caption)


def test_catalogue_view_and_sync_form(page: AppTest, demo_index) -> None:
    page.run()
    page.sidebar.radio(key="view").set_value("Catalogue").run()
    assert not page.exception
    tree = " ".join(m.value for m in page.markdown)
    assert "**Shoes**" in tree and "%" in tree
    assert page.text_input(key="feed").value == str(demo_index["feed"])
    page.button(key="sync_submit").click().run()
    assert not page.exception
    assert page.success and "finished" in page.success[0].value
    metrics = {m.label: m.value for m in page.metric}
    assert metrics["Unchanged"] == "60"
    for label in ("New", "Changed", "Metadata only", "Deleted", "Embedded"):
        assert metrics[label] == "0"


def test_sync_form_reports_a_refusal_and_a_failure(page: AppTest, tmp_path: Path) -> None:
    page.run()
    page.sidebar.radio(key="view").set_value("Catalogue").run()
    empty = tmp_path / "empty.xml"
    empty.write_text('<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>')
    page.text_input(key="feed").set_value(str(empty))
    page.button(key="sync_submit").click().run()
    assert not page.exception
    assert page.warning and "refused" in page.warning[0].value.lower()
    page.text_input(key="feed").set_value(str(tmp_path / "missing.xml"))
    page.button(key="sync_submit").click().run()
    assert not page.exception
    assert page.error and "not found" in page.error[0].value


def test_missing_index_is_a_friendly_state(tmp_path: Path, monkeypatch) -> None:
    empty = tmp_path / "no-index"
    empty.mkdir()
    _env(monkeypatch, empty, tmp_path)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    assert not at.exception
    infos = [i.value for i in at.info]
    assert any("Sync a product feed" in text for text in infos), infos
    send(at, "I need running shoes")
    reply = at.session_state["turns"][-1]
    assert reply.error and "can't search the catalogue yet" in reply.content
    assert not card_html(at)
    assert "Traceback" not in " ".join(m.value for m in at.markdown)
    at.sidebar.radio(key="view").set_value("Catalogue").run()
    assert not at.exception and at.info


def test_llm_endpoint_down_falls_back_to_rules(page: AppTest, monkeypatch) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("AISLE_LLM_MODEL", "local-model")
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("AISLE_LLM_TIMEOUT", "3")
    page.run()
    assert not page.exception
    assert any("isn't answering" in w.value for w in page.sidebar.warning)
    send(page, "I need running shoes")
    reply = page.session_state["turns"][-1]
    assert not reply.error and reply.cards
    assert reply.trace.get("understood_by", "").startswith("rules")
