"""Conversation checkpoints and the profile store: SQLite embedded by default.

``AISLE_CHECKPOINTER`` names where: a file path (SQLite, default
``.aisle/conversations.sqlite``) — threads survive process restarts.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

DEFAULT_PATH = ".aisle/conversations.sqlite"


def open_persistence(target: str | None = None) -> tuple[Any, Any]:
    """A (checkpointer, store) pair for ``target`` (path; default from the environment)."""
    target = target or os.environ.get("AISLE_CHECKPOINTER") or DEFAULT_PATH
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
