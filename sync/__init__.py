"""Aisle's catalogue sync: keeps a Chroma index in step with a merchant's product feed.

The only writer of the index. Stages, one module each::

    fetch → parse → normalise (validate) → document (hash) → classify → guard
          → enrich → embed → store (write) → facets → report

``run_sync`` (in :mod:`sync.pipeline`) runs them all; ``python -m sync`` is its CLI.
"""

from sync.pipeline import run_sync
from sync.report import SyncReport
from sync.settings import SyncSettings
from sync.store import CatalogueStore

__all__ = ["CatalogueStore", "SyncReport", "SyncSettings", "run_sync"]
