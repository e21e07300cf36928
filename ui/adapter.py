"""Everything the page needs from the backend, behind friendly results.

The page (``ui/app.py``) only draws; this module talks to the graph, the
checkpointer and the sync. Every public function returns plain data and never
raises: a failure becomes a short message the page can show (the traceback goes
to the log, never to the page).

Clients are cached with ``st.cache_resource`` keyed on the settings they come
from (checkpointer path or PostgreSQL URL), so a change of environment gets fresh
clients.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import streamlit as st

log = logging.getLogger("aisle.ui")

DEFAULT_CHECKPOINTER = ".aisle/conversations.sqlite"
MAX_THREADS = 30


@dataclass(frozen=True)
class Settings:
    """Where the page's backend lives (from the ``AISLE_*`` environment)."""

    index_dir: str
    chroma_url: str
    collection: str
    checkpointer: str
    llm_model: str
    llm_base_url: str
    llm_enabled: bool

    @property
    def index_label(self) -> str:
        """The index location in words."""
        return self.chroma_url or self.index_dir


@dataclass
class Turn:
    """One message of the conversation as the page draws it."""

    role: str  # "user" | "assistant"
    content: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    trace: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)  # intent, language, phase, preferences
    error: bool = False


def settings() -> Settings:
    """The current settings, read afresh (tests change the environment between runs)."""
    from graph.context import Context

    ctx = Context()
    return Settings(
        index_dir=ctx.index_dir,
        chroma_url=ctx.chroma_url,
        collection=ctx.collection,
        checkpointer=os.environ.get("AISLE_CHECKPOINTER") or DEFAULT_CHECKPOINTER,
        llm_model=ctx.llm_model,
        llm_base_url=ctx.llm_base_url,
        llm_enabled=ctx.llm_enabled,
    )


def new_thread_id() -> str:
    """A fresh conversation id."""
    return uuid.uuid4().hex


# -- cached clients ------------------------------------------------------------------------------


@st.cache_resource(show_spinner=False)
def _runtime(checkpointer: str) -> tuple[Any, Any]:
    """The compiled graph and its checkpointer for one SQLite file or Postgres URL (cached)."""
    from graph import build_graph
    from graph.persistence import open_persistence

    saver, store = open_persistence(checkpointer)
    return build_graph(saver, store), saver


def _graph(cfg: Settings) -> tuple[Any, Any]:
    from graph.persistence import is_postgres_url

    if is_postgres_url(cfg.checkpointer):
        return _runtime(cfg.checkpointer.strip())
    return _runtime(str(Path(cfg.checkpointer).expanduser().resolve()))


# -- catalogue status ----------------------------------------------------------------------------


def catalogue_status(cfg: Settings | None = None) -> dict[str, Any]:
    """``sync.status.index_status`` plus ``ready`` and a friendly ``message``.

    ``ready`` is true when the index exists and holds products. ``error`` is set
    when the index could not be read at all.
    """
    cfg = cfg or settings()
    return _status(cfg.index_dir, cfg.chroma_url, cfg.collection)


@st.cache_data(ttl=20, show_spinner=False)
def _status(index_dir: str, chroma_url: str, collection: str) -> dict[str, Any]:
    where = chroma_url or index_dir
    try:
        from sync.status import index_status

        info = dict(index_status(index_dir, chroma_url or None, collection))
    except Exception as exc:  # a bad URL, a server down, a damaged index
        log.warning("index status failed: %s", exc)
        return {
            "exists": False,
            "ready": False,
            "index": where,
            "error": _short(exc),
            "message": f"The catalogue index at {where} can't be read right now ({_short(exc)}).",
        }
    size = int(info.get("size") or 0)
    info["ready"] = bool(info.get("exists")) and size > 0
    if not info.get("exists"):
        info["message"] = (
            f"No catalogue index yet at {where}. Sync a product feed in the Catalogue view "
            "(or run `make demo`) and I can start recommending."
        )
    elif size == 0:
        info["message"] = (
            f"The catalogue index at {where} is empty. Sync a product feed in the Catalogue "
            "view to fill it."
        )
    else:
        info["message"] = ""
    return info


def refresh_status() -> None:
    """Forget cached status (after a sync)."""
    _status.clear()


# -- the LLM -------------------------------------------------------------------------------------


def llm_status(cfg: Settings | None = None) -> dict[str, Any]:
    """``{"enabled", "model", "base_url", "reachable", "label", "message"}``."""
    cfg = cfg or settings()
    if not cfg.llm_enabled:
        return {
            "enabled": False,
            "model": "",
            "base_url": "",
            "reachable": None,
            "label": "Rules only (no LLM configured)",
            "message": "",
        }
    reachable = _probe(cfg.llm_base_url)
    return {
        "enabled": True,
        "model": cfg.llm_model,
        "base_url": cfg.llm_base_url,
        "reachable": reachable,
        "label": f"{cfg.llm_model} at {cfg.llm_base_url}",
        "message": ""
        if reachable
        else "The LLM endpoint isn't answering; replies fall back to the built-in rules.",
    }


@st.cache_data(ttl=30, show_spinner=False)
def _probe(base_url: str) -> bool:
    try:
        import httpx

        response = httpx.get(base_url.rstrip("/") + "/models", timeout=2.0)
        return response.status_code < 500
    except Exception:
        return False


# -- conversations -------------------------------------------------------------------------------


def run_turn(text: str, thread_id: str, user_id: str = "", page_url: str = "") -> Turn:
    """Send one shopper message through the graph; the reply as a :class:`Turn`."""
    cfg = settings()
    status = catalogue_status(cfg)
    if not status.get("ready"):
        return Turn(
            "assistant", "I can't search the catalogue yet. " + status["message"], error=True
        )
    try:
        from graph.context import Context

        app, _ = _graph(cfg)
        payload: dict[str, Any] = {"messages": [("user", text)]}
        if page_url:
            payload["page_url"] = page_url
        # durability="exit": one checkpoint per turn instead of one per node (a turn is
        # short; resuming mid-turn is not worth the extra writes).
        state = app.invoke(
            payload, _config(thread_id, user_id), context=Context(), durability="exit"
        )
    except Exception as exc:
        log.exception("turn failed")
        return Turn(
            "assistant",
            "Sorry, something went wrong while answering that "
            f"({_short(exc)}). Please try again in a moment.",
            error=True,
        )
    return _assistant_turn(state)


def _config(thread_id: str, user_id: str = "") -> dict[str, Any]:
    configurable = {"thread_id": thread_id}
    if user_id:
        configurable["user_id"] = user_id
    return {"configurable": configurable}


def _assistant_turn(state: dict[str, Any]) -> Turn:
    messages = state.get("messages") or []
    reply = _text(messages[-1]) if messages else ""
    return Turn(
        "assistant",
        reply or "…",
        cards=list(state.get("recommendations") or []),
        suggestions=[str(s) for s in state.get("suggestions") or []],
        trace=dict(state.get("trace") or {}),
        meta={k: state.get(k) for k in ("intent", "language", "phase", "preferences")},
    )


def _text(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, list):  # content blocks
        return "".join(
            part.get("text", "") if isinstance(part, dict) else str(part) for part in content
        )
    return str(content)


def load_thread(thread_id: str) -> tuple[list[Turn], str]:
    """An earlier conversation: its messages (the last reply with its cards), and an error."""
    try:
        app, _ = _graph(settings())
        values = app.get_state(_config(thread_id)).values or {}
    except Exception as exc:
        log.exception("loading thread failed")
        return [], f"That conversation couldn't be loaded ({_short(exc)})."
    turns: list[Turn] = []
    for message in values.get("messages") or []:
        kind = getattr(message, "type", "")
        if kind in ("human", "user"):
            turns.append(Turn("user", _text(message)))
        elif kind in ("ai", "assistant"):
            turns.append(Turn("assistant", _text(message)))
    if turns and turns[-1].role == "assistant":
        last = _assistant_turn(values)
        last.content = turns[-1].content
        turns[-1] = last
    return turns, ""


def list_threads() -> list[dict[str, str]]:
    """Earlier conversations, newest first: ``[{"id", "title"}]`` (at most 30)."""
    try:
        app, saver = _graph(settings())
        ids = _thread_ids(saver)[:MAX_THREADS]
        threads = []
        for tid in ids:
            values = app.get_state(_config(tid)).values or {}
            first = next(
                (
                    _text(m)
                    for m in values.get("messages") or []
                    if getattr(m, "type", "") == "human"
                ),
                "",
            )
            title = " ".join(first.split())
            threads.append({"id": tid, "title": (title[:48] + "…") if len(title) > 48 else title})
        return threads
    except Exception:
        log.exception("listing threads failed")
        return []


def _thread_ids(saver: Any) -> list[str]:
    """Distinct thread ids in the checkpointer, most recently active first."""
    conn = getattr(saver, "conn", None)
    if isinstance(conn, sqlite3.Connection):
        try:
            rows = conn.execute(
                "SELECT thread_id, MAX(checkpoint_id) AS last FROM checkpoints "
                "WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY last DESC"
            ).fetchall()
            return [str(r[0]) for r in rows]
        except sqlite3.Error:
            pass
    pool = conn if hasattr(conn, "connection") else None  # PostgresSaver on a ConnectionPool
    if pool is not None:
        try:
            with pool.connection() as pg:
                rows = pg.execute(
                    "SELECT thread_id, MAX(checkpoint_id) AS last FROM checkpoints "
                    "WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY last DESC LIMIT %s",
                    (MAX_THREADS,),
                ).fetchall()
            return [str(r["thread_id"] if isinstance(r, dict) else r[0]) for r in rows]
        except Exception:
            log.exception("listing Postgres threads failed; scanning checkpoints")
    latest: dict[str, str] = {}
    for item in saver.list(None):
        conf = item.config.get("configurable", {})
        tid, cid = str(conf.get("thread_id")), str(conf.get("checkpoint_id", ""))
        latest[tid] = max(latest.get(tid, ""), cid)
    return sorted(latest, key=lambda t: latest[t], reverse=True)


# -- the sync ------------------------------------------------------------------------------------


def run_sync(feed: str, dry_run: bool = False) -> dict[str, Any]:
    """Sync ``feed`` into the page's index; the report as a dict (never raises).

    Keys: ``status`` ("ok" | "refused" | "failed"), ``reason``, ``counts`` (new,
    changed, metadata_only, deleted, unchanged, rejected), ``embedded``,
    ``index_size``, ``seconds``, ``rejections``.
    """
    feed = (feed or "").strip()
    if not feed:
        return _sync_failure("Give a feed: a file path or an http(s) URL.")
    cfg = settings()
    try:
        from sync.pipeline import run_sync as sync_run
        from sync.settings import SyncSettings

        options: dict[str, Any] = {"collection": cfg.collection}
        if cfg.chroma_url:
            options["chroma_url"] = cfg.chroma_url
        else:
            options["index_dir"] = Path(cfg.index_dir)
        report = sync_run(feed, SyncSettings(**options), dry_run=dry_run)
        result = report.to_dict()
    except Exception as exc:
        log.exception("sync failed")
        return _sync_failure(f"The sync stopped unexpectedly: {_short(exc)}")
    refresh_status()
    if result.get("status") in ("ok", "failed") and not dry_run:
        try:
            from graph.resources import clear_caches

            # The graph reopens the index the sync changed, or (after a failed write)
            # the fresh embedded client the next open starts.
            clear_caches()
        except Exception:
            log.exception("clearing graph caches failed")
    return result


def _sync_failure(reason: str) -> dict[str, Any]:
    return {
        "status": "failed",
        "reason": reason,
        "counts": {},
        "embedded": 0,
        "index_size": 0,
        "seconds": {},
        "rejections": [],
    }


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "…"
