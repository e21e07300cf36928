"""Conversation checkpoints and the profile store: SQLite embedded by default, or PostgreSQL.

``AISLE_CHECKPOINTER`` names where:

- a file path (SQLite, default ``.aisle/conversations.sqlite``) — threads survive process
  restarts; one machine, one process writing at a time.
- a PostgreSQL URL, ``postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=require&…]``
  (``postgres://`` works too; any libpq parameter may follow ``?``). The checkpoints
  (``PostgresSaver``) and the profiles (``PostgresStore``) share one connection pool
  (autocommit, ``dict_row``, ``prepare_threshold=0`` as langgraph requires); their tables are
  created or migrated on first use (``.setup()``), so the database must exist and the user
  must be allowed to create tables in it. Several page, terminal or server processes may
  share one database. Pool size: ``AISLE_PG_POOL_MAX`` (default 10 connections per process).

A server that can't be reached raises :class:`ConnectionError`, a malformed URL
:class:`ValueError`; both say what to check and never show the password.
"""

from __future__ import annotations

import atexit
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

DEFAULT_PATH = ".aisle/conversations.sqlite"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
CONNECT_TIMEOUT_S = 5


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL server rather than a SQLite file."""
    return target.strip().lower().startswith(POSTGRES_SCHEMES)


def redact(url: str) -> str:
    """``url`` with any password replaced by ``***`` (for messages and logs)."""
    url = re.sub(r"(://[^:/@?#]*):[^/?#]*@", r"\1:***@", url)  # up to the last @
    return re.sub(r"(?i)(password=)[^&\s]*", r"\1***", url)


def open_persistence(target: str | None = None) -> tuple[Any, Any]:
    """A (checkpointer, store) pair for ``target`` (path or URL; default from the environment)."""
    target = target or os.environ.get("AISLE_CHECKPOINTER") or DEFAULT_PATH
    if is_postgres_url(target):
        return _open_postgres(target.strip())
    return _open_sqlite(target)


def _open_sqlite(target: str) -> tuple[Any, Any]:
    from langgraph.checkpoint.sqlite import SqliteSaver
    from langgraph.store.sqlite import SqliteStore

    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    # One connection each: the saver and the store lock separately, so on a shared
    # connection the saver's commit could end the store's open transaction. The UI calls
    # the graph from several threads, hence check_same_thread=False (each locks its own).
    saver = SqliteSaver(sqlite3.connect(str(path), check_same_thread=False))
    saver.setup()
    store = SqliteStore(sqlite3.connect(str(path), check_same_thread=False, isolation_level=None))
    store.setup()
    return saver, store


def _open_postgres(url: str) -> tuple[Any, Any]:
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from langgraph.store.postgres import PostgresStore
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    shown = redact(url)
    kwargs: dict[str, Any] = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
    # One direct connection first: its error names the cause (refused, unknown host, bad
    # password, no such database), where a pool would only time out.
    try:
        with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_S, **kwargs):
            pass
    except psycopg.ProgrammingError as exc:  # libpq could not parse the URL
        raise ValueError(
            f"AISLE_CHECKPOINTER={shown} is not a valid PostgreSQL URL ({_first_line(exc)}); "
            "expected postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        ) from None
    except psycopg.OperationalError as exc:
        reason = _first_line(exc).rsplit(" failed: ", 1)[-1].removeprefix("FATAL: ").strip()
        # Short, the advice early: the page shows the first 160 characters.
        raise ConnectionError(
            f"Can't reach PostgreSQL at {shown} ({reason}): "
            "check the server is running, the URL and the credentials"
        ) from None
    max_size = max(2, int(os.environ.get("AISLE_PG_POOL_MAX") or 10))
    pool: ConnectionPool[Any] = ConnectionPool(
        url,
        min_size=1,
        max_size=max_size,
        kwargs={**kwargs, "connect_timeout": CONNECT_TIMEOUT_S},
        open=False,
        name="aisle-persistence",
    )
    pool.open(wait=True, timeout=CONNECT_TIMEOUT_S * 2)
    atexit.register(pool.close)
    try:
        saver = PostgresSaver(pool)
        saver.setup()
        store = PostgresStore(pool)
        store.setup()
    except psycopg.Error as exc:  # e.g. no right to create the tables
        pool.close()
        raise ConnectionError(
            f"PostgreSQL at {shown} refused to set up Aisle's tables ({_first_line(exc)}). "
            "Check that the user may create tables in that database."
        ) from None
    return saver, store


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return " ".join(text[0].split()) if text else type(exc).__name__
