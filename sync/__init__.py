"""Aisle's catalogue sync: keeps a Chroma index in step with a merchant's product feed.

The only writer of the index. Stages, one module each::

    fetch → parse → normalise (validate) → document (hash) → classify → guard
          → enrich → embed → store (write) → facets → report

``run_sync`` (in :mod:`sync.pipeline`) runs them all; ``python -m sync`` is its CLI.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["CatalogueStore", "SyncReport", "SyncSettings", "run_sync"]

# Imported on first use: chromadb and langchain-core take ~2 s, which every
# ``python -m sync --help`` (and every stage module importing a sibling) would pay.
_HOMES = {
    "run_sync": "sync.pipeline",
    "SyncReport": "sync.report",
    "SyncSettings": "sync.settings",
    "CatalogueStore": "sync.store",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'sync' has no attribute {name!r}")
