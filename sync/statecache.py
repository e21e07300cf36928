"""The sync's state cache: on disk (chunks in the metadata collection) and in a warm process.

On disk, one row per product (raw, full and semantic hashes, facet row) in
``state:<n>`` records, with a header in the manifest; a sync trusts it only
when the header names the manifest's generation (the records stay the truth).

A long-lived process (``sync watch``) keeps the same rows in memory after each
of its syncs (:class:`WarmState`), keyed by the ``sync_id`` its sync wrote into
the manifest: the next tick checks that id against the manifest it reads anyway
and, when it matches (no other sync finished since), takes the rows from memory
instead of reading the chunks, and writes no chunk either. Rewriting the chunk
that holds the changed product cost a warm single-item tick more than the
product's own record. The chunks are written once when the watcher stops
(:func:`sync.pipeline.flush_warm_state`); until then the header on disk names
an older generation, so any other sync scans the records instead (correct,
slower once), and a watcher killed without stopping leaves exactly that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sync.snapshot import IndexEntry
from sync.store import state_chunk_count, state_chunk_of


@dataclass
class WarmState:
    """What a process knows of its index after its own last finished sync."""

    sync_id: str  # written into the manifest by that sync
    generation: int
    context_key: str
    entries: dict[str, IndexEntry]  # the index after that sync (never mutated: copied to use)
    disk_chunks: int  # chunks of the valid cache on disk when tracking began (0: none valid)
    unflushed: set[str] = field(default_factory=set)  # ids whose row may differ from the disk's

    def matches(self, manifest: dict[str, Any] | None, context_key: str) -> bool:
        """Whether ``manifest`` is still the one this process's last sync wrote."""
        return (
            manifest is not None
            and not manifest.get("in_progress")
            and manifest.get("sync_id") == self.sync_id
            and int(manifest.get("generation", 0)) == self.generation
            and manifest.get("context_key") == context_key == self.context_key
        )


@dataclass
class WarmCache:
    """Holds a process's :class:`WarmState` from one sync to the next (``None``: none yet)."""

    state: WarmState | None = None


def chunk_rows(
    entries: dict[str, IndexEntry], touched: set[str], old_chunks: int
) -> tuple[int, dict[int, list[list[Any]]]]:
    """(chunk count, the chunks to rewrite) for ``entries``.

    ``touched``: ids whose row may differ from the cache on disk, which has
    ``old_chunks`` chunks (0: no valid cache, every chunk is written). A chunk
    count that changed rewrites every chunk too.
    """
    chunks = state_chunk_count(len(entries))
    dirty: set[int] | None = None  # None: every chunk
    if old_chunks == chunks:
        dirty = {state_chunk_of(pid, chunks) for pid in touched}
    rows: dict[int, list[list[Any]]] = {}
    for pid, e in entries.items():
        n = state_chunk_of(pid, chunks)
        if dirty is None or n in dirty:
            rows.setdefault(n, []).append([pid, e.raw, e.full, e.semantic, *e.facet.to_row()])
    for n in dirty if dirty is not None else range(chunks):
        rows.setdefault(n, [])  # a chunk whose last row left
    return chunks, rows


def chunk_stamps(
    old_header: dict[str, Any] | None, chunks: int, written: set[int], stamp: str
) -> list[str | None]:
    """Each chunk's stamp after writing ``written`` with ``stamp`` (the header lists them).

    A chunk not rewritten keeps the stamp the old header gave it (``None``: written
    before chunks were stamped). A sync killed between writing its chunks and its
    commit leaves chunks that these stamps do not name: the cache then reads as
    invalid and the next sync scans the records.
    """
    old = list((old_header or {}).get("stamps") or [])
    if len(old) != chunks:
        old = [None] * chunks  # a changed chunk count rewrites every chunk anyway
    return [stamp if n in written else old[n] for n in range(chunks)]
