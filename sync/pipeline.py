"""The sync, end to end.

fetch → parse → validate → hash → classify → guard → enrich → embed → write →
facets → report.

Order matters for safety (the paper's write order, made crash-safe):

1. Everything that can refuse runs before the first write: parse errors,
   version checks, guards. A refused sync writes nothing.
2. Enrichment and embeddings are prepared before writing.
3. Upserts and metadata-only updates go before deletions, so a reader never
   sees a product vanish before its replacement lands.
4. Each record carries its own hashes and the generation of the sync that
   wrote it (``_gen``). The end of a sync is one write (facets, state cache
   and a manifest naming the new generation and the deletions to come), then
   the deletions. The next sync reads the records newer than the manifest's
   generation and the promised deletions still present, and trusts those
   records over the state cache: a sync killed anywhere and run again
   converges to what a full rebuild produces, without a write to mark the
   start of every sync. (A first sync and a rebuild still mark their start in
   the manifest: until they finish there is no state to fall back on.)
"""

from __future__ import annotations

import gc
import hashlib
import logging
import re
import shutil
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from filelock import FileLock, Timeout
from langchain_core.embeddings import Embeddings

from sync.classify import ChangeSet, classify
from sync.document import build_metadata
from sync.embed import embed_unique, make_embeddings, model_id_of
from sync.errors import (
    AbnormalDelta,
    EmptySnapshot,
    IndexVersionMismatch,
    MassDelete,
    SyncError,
    SyncLocked,
    TooManyRejected,
)
from sync.facets import FacetRow, compute_facets
from sync.faults import checkpoint
from sync.fetch import fetch_feed
from sync.hashing import ENRICH_VERSION, SCHEMA_VERSION, digest
from sync.lease import IndexLease
from sync.report import SyncReport
from sync.settings import SyncSettings
from sync.snapshot import IndexEntry, Progress, Snapshot, read_snapshot
from sync.statecache import WarmCache, WarmState, chunk_rows, chunk_stamps
from sync.store import (
    FACETS_KEY,
    MANIFEST_KEY,
    CatalogueStore,
    close_embedded_client,
    forget_embedded_client,
    store_failure,
)
from sync.taxonomy import Taxonomy, default_taxonomy_path

log = logging.getLogger(__name__)


def load_embeddings(settings: SyncSettings) -> Embeddings:
    """The configured embedding model (loaded lazily on first use)."""
    return make_embeddings(
        settings.embedding_model,
        settings.embedding_model_dir,
        batch_size=settings.embedding_batch_size,
    )


def lock_path(settings: SyncSettings) -> Path:
    """The lock file that keeps two syncs off one index on this machine."""
    if settings.chroma_url:
        key = hashlib.sha256(f"{settings.chroma_url}|{settings.collection}".encode()).hexdigest()
        return settings.cache_dir / "locks" / f"{key[:16]}.lock"
    return settings.index_dir / f".{settings.collection}.sync.lock"


def run_sync(
    feed: str | Path,
    settings: SyncSettings | None = None,
    *,
    store: CatalogueStore | None = None,
    embeddings: Embeddings | None = None,
    dry_run: bool = False,
    allow_mass_delete: bool = False,
    allow_abnormal_delta: bool = False,
    rebuild: bool = False,
    progress: Progress | None = None,
    fetch_options: dict[str, Any] | None = None,
    warm: WarmCache | None = None,
) -> SyncReport:
    """Bring the index in line with ``feed`` (a path or URL).

    Never raises for a bad feed, a refused guard or a busy lock: the returned
    report carries ``status``, ``reason`` and ``exit_code``. ``warm``: a
    long-lived process's state cache in memory (:mod:`sync.statecache`); with
    it the sync reads and writes no state-cache chunk while the manifest is
    still its own.
    """
    settings = settings or SyncSettings()
    report = SyncReport(feed=str(feed), dry_run=dry_run)
    start = time.perf_counter()
    try:
        path = lock_path(settings)
        first = _FirstSync(settings, path)  # before anything is created
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(path, timeout=settings.lock_timeout)
        try:
            lock.acquire()
        except Timeout:
            raise SyncLocked(
                f"another sync is running on this index (lock {path} is held); wait for it "
                "to finish, or pass --wait SECONDS to queue behind it"
            ) from None
        finished = False
        try:
            first.survey(store)  # under the lock: another sync's index is never taken for none
            sync = _Sync(settings, report, store, embeddings, progress, fetch_options, warm)
            first.survey_server(sync.store)
            # On a Chroma server, syncs on other machines are kept out by a lease in the
            # index itself (the file lock only covers this machine).
            lease = (
                IndexLease(sync.store, wait=settings.lock_timeout)
                if settings.chroma_url and not dry_run
                else None
            )
            with lease or nullcontext():
                sync.lease = lease
                first.leased = lease is not None
                sync.run(
                    feed,
                    dry_run=dry_run,
                    allow_mass_delete=allow_mass_delete,
                    allow_abnormal_delta=allow_abnormal_delta,
                    rebuild=rebuild,
                )
            finished = not dry_run
        finally:
            try:
                if not finished:
                    first.undo()
            finally:
                lock.release()
                if not finished:
                    first.remove_dirs()
    except SyncError as exc:
        report.fail(exc)
    except Exception as exc:
        # The store going away mid-sync (Chroma server stopped, disk full) is an outcome
        # to report, not a traceback: status "failed", exit 5, a reason saying what failed
        # and to run again (a rerun converges). Anything else is a bug and propagates.
        failure = store_failure(exc, settings.index_dir, settings.chroma_url)
        if failure is None:
            raise
        if not settings.chroma_url:
            forget_embedded_client(settings.index_dir)  # else a rerun in-process can hang
        failure.__cause__ = exc
        report.fail(failure)
    report.seconds["total"] = round(time.perf_counter() - start, 4)
    return report


def flush_warm_state(settings: SyncSettings, store: CatalogueStore, warm: WarmCache) -> bool:
    """Write a warm process's state cache to the index (``sync watch`` does as it stops).

    Under the sync's lock (and a server's lease), and only while the manifest is
    still the one this process's last sync wrote: the chunks that changed since
    the cache on disk was valid, and the manifest with a header naming its
    generation, in one write (the generation does not move: readers see no new
    sync). Returns whether it wrote.
    """
    state = warm.state
    if state is None:
        return False
    lock = FileLock(lock_path(settings), timeout=settings.lock_timeout)
    try:
        lock.acquire()
    except Timeout:
        log.warning("state cache not written: another sync holds the lock")
        return False
    try:
        lease = IndexLease(store, wait=settings.lock_timeout) if settings.chroma_url else None
        with lease or nullcontext():
            manifest, header, _ = store.sync_start()
            if manifest is None or not state.matches(manifest, state.context_key):
                return False  # another sync finished since: its own cache stands
            if (header or {}).get("generation") == state.generation:
                return False  # already on disk
            chunks, rows = chunk_rows(state.entries, state.unflushed, state.disk_chunks)
            stamp = uuid.uuid4().hex[:12]
            manifest["state_cache"] = {
                "generation": state.generation,
                "context_key": state.context_key,
                "count": len(state.entries),
                "chunks": chunks,
                "stamps": chunk_stamps(header, chunks, set(rows), stamp),
            }
            store.write_state_chunks(rows, stamp)
            store.commit({MANIFEST_KEY: manifest})
            state.disk_chunks, state.unflushed = chunks, set()
            return True
    finally:
        lock.release()


#: What chromadb creates in an embedded index directory: its database and one directory
#: (named by UUID) per vector segment.
_CHROMA_ENTRY = re.compile(
    r"chroma\.sqlite3(-journal|-wal|-shm)?|[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"
)


class _FirstSync:
    """What a sync into a place that held no index creates, removed unless it finishes.

    A refused, failed or dry first run would otherwise leave an empty database (or
    empty collections on a server) and a lock file behind, which ``status``, the
    graph and the next run take for an index.
    """

    def __init__(self, settings: SyncSettings, lock: Path) -> None:
        self.settings = settings
        self.lock = lock
        self.lock_existed = lock.exists()
        self.dirs: list[Path] = []  # directories this run creates, deepest first
        self.entries: set[str] | None = None  # index directory's entries; None: not a first sync
        self.collections: set[str] = set()  # server collections absent before this run
        self.store: CatalogueStore | None = None
        self.leased = False  # held the server's lease: no other sync was creating them
        if not settings.chroma_url:
            here = Path(settings.index_dir)
            while not here.exists() and here != here.parent:
                self.dirs.append(here)
                here = here.parent

    def survey(self, store: CatalogueStore | None) -> None:
        """Note what the index directory holds, unless it holds an index (or ``store`` is given)."""
        index = Path(self.settings.index_dir)
        if self.settings.chroma_url or store is not None or (index / "chroma.sqlite3").exists():
            return
        self.entries = {p.name for p in index.iterdir()} if index.is_dir() else set()
        # A system still open here in this process belongs to an index deleted since:
        # handed to this run, it would write into the deleted database.
        forget_embedded_client(index)

    def survey_server(self, store: CatalogueStore) -> None:
        """Note which of the index's collections on a server are absent before this run."""
        if self.settings.chroma_url:
            self.store = store
            self.collections = {store.name, f"{store.name}__meta"} - store.present()

    def undo(self) -> None:
        """Remove what this run created (the lock file too, still held); best effort."""
        try:
            self._undo()
        except Exception:  # noqa: BLE001 - the run's own outcome is what to report
            log.warning("could not remove what the unfinished first sync created", exc_info=True)

    def _undo(self) -> None:
        if self.store is not None and self.collections and self.leased:
            self.store.drop_empty(self.collections)  # the lease record is gone by now
        if self.entries is None:
            return
        index = Path(self.settings.index_dir)
        close_embedded_client(index)  # closes the database before it is deleted
        for entry in index.iterdir() if index.is_dir() else ():
            if entry.name not in self.entries and _CHROMA_ENTRY.fullmatch(entry.name):
                if entry.is_dir():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
        if not self.lock_existed:
            # Unlinked while held: a sync waiting for it takes a new file.
            self.lock.unlink(missing_ok=True)

    def remove_dirs(self) -> None:
        """Remove the directories this run created, if they are empty now."""
        if self.entries is None:
            return
        for directory in self.dirs:
            try:
                directory.rmdir()
            except OSError:
                return  # not empty: something else lives there


class _Sync:
    """One run's state; ``run`` walks the stages in order."""

    def __init__(
        self,
        settings: SyncSettings,
        report: SyncReport,
        store: CatalogueStore | None,
        embeddings: Embeddings | None,
        progress: Progress | None,
        fetch_options: dict[str, Any] | None,
        warm: WarmCache | None = None,
    ) -> None:
        self.settings = settings
        self.warm = warm
        self.report = report
        self.store = store or CatalogueStore.open(
            settings.index_dir, settings.chroma_url, settings.collection
        )
        self.embeddings = embeddings or load_embeddings(settings)
        self.model_id = model_id_of(self.embeddings)
        self.progress: Progress = progress or (lambda stage, done, total: None)
        self.fetch_options = fetch_options or {}
        report.model_id = self.model_id
        self._cache_chunks = 0  # chunks of a valid state cache, once read
        self._warm_base: WarmState | None = None  # the warm state this sync started from
        self.sync_id = uuid.uuid4().hex  # written into the manifest: a warm state's key
        self.lease: IndexLease | None = None
        self.texts: dict[str, tuple[str, str]] = {}  # id → (semantic hash, text) to embed
        self.generation = 1  # this sync's; stamped on every record it writes
        self._recovered: set[str] = set()  # ids whose records were newer than the state cache
        self._promised: set[str] = set()  # deletions the manifest promised, records still there

    def run(
        self,
        feed: str | Path,
        *,
        dry_run: bool,
        allow_mass_delete: bool,
        allow_abnormal_delta: bool,
        rebuild: bool,
    ) -> None:
        report, store = self.report, self.store
        with report.stage("fetch"):
            fetched = fetch_feed(
                feed,
                cache_dir=self.settings.cache_dir,
                max_age=self.settings.fetch_max_age,
                timeout=self.settings.fetch_timeout,
                retries=self.settings.fetch_retries,
                **self.fetch_options,
            )
            report.from_cache = fetched.from_cache
        taxonomy = Taxonomy.load(self.settings.taxonomy_path or default_taxonomy_path())
        self.context_key = digest(
            {
                "schema": SCHEMA_VERSION,
                "enrich": ENRICH_VERSION,
                "model": self.model_id,
                "taxonomy": [taxonomy.source, taxonomy.version, len(taxonomy)],
                "currency": self.settings.default_currency.upper(),
            }
        )
        # Reading the index and the feed allocates a few objects per product, none in a
        # cycle; the cyclic GC would rescan them again and again (a third of the time).
        with _cyclic_gc_paused():
            with report.stage("index"):
                manifest, state_header, facets_exist = store.sync_start()
                if not rebuild:
                    self._check_version(manifest)
                indexed, fast, cache_valid = self._load_index(manifest, state_header, rebuild)
                self.generation = int((manifest or {}).get("generation", 0)) + 1
                if cache_valid:
                    self._recover(manifest or {}, indexed)
            with report.stage("parse"):
                snap = read_snapshot(
                    fetched.path,
                    taxonomy=taxonomy,
                    model_id=self.model_id,
                    indexed=indexed,
                    fast=fast,
                    default_currency=self.settings.default_currency.upper(),
                    progress=self.progress,
                )
            report.items = snap.info.items
            report.items_unread = snap.known
            report.feed_repairs = snap.info.repairs
            report.rejections = snap.rejections
            report.warnings = snap.warnings
            with report.stage("classify"):
                # A promised deletion still present is no previous version to keep: the
                # sync that promised it finished, so it goes whatever the feed says now.
                keep = (snap.rejected_ids & indexed.keys()) - self._promised
                changes = classify(
                    {k: e.hashes for k, e in indexed.items()}, snap.hashes, keep=keep
                )
            report.counts.update(changes.counts(), rejected=len(snap.rejections))
        self._guard(changes, snap, indexed, allow_mass_delete, allow_abnormal_delta)
        if dry_run:
            report.index_size = len(indexed)
            return
        with report.stage("enrich"):
            metadatas = self._enrich(changes, snap)
        with report.stage("embed"):
            vectors = self._embed(changes, indexed)
        raw_changed = any(  # an item taken unread has the same raw hash by definition
            indexed[pid].raw != snap.raw_hashes[pid] for pid in snap.parsed if pid in indexed
        )
        dirty = (
            changes.has_writes
            or rebuild
            or not cache_valid
            or raw_changed
            or bool(self._recovered)
            or not facets_exist
        )
        report.index_size = len(indexed) + len(changes.new) - len(changes.deleted)
        with report.stage("facets"):
            final = self._write_manifest(
                manifest, False, in_progress=False, feed=str(feed), done=True, persist=False
            )
            touched = snap.parsed | set(changes.deleted) | self._recovered
            entries = self._final_entries(snap, indexed, changes) if dirty else indexed
            chunks: dict[int, list[list[Any]]] | None = None
            if dirty:
                facets = compute_facets(e.facet for e in entries.values())
                final.update(
                    generation=self.generation,
                    pending_deletes=sorted(changes.deleted),
                    facets_hash=digest(facets),
                )
                if self.warm is None:
                    final["state_cache"], chunks = self._state_cache(
                        entries, touched, cache_valid, state_header
                    )
                # else the header keeps naming an older generation: the chunks wait for
                # flush_warm_state, and any other sync scans the records meanwhile.
                # The facets are rewritten only when they changed (a new description
                # leaves them as they were): each record in a write costs.
                end = {MANIFEST_KEY: final}
                old_hash = (
                    None if rebuild or not facets_exist else (manifest or {}).get("facets_hash")
                )
                if old_hash != final["facets_hash"]:
                    end[FACETS_KEY] = facets
            else:
                final["pending_deletes"] = []  # any promised deletion was found done
        with report.stage("write"):
            if rebuild:
                store.drop()
                if self.lease is not None:
                    # The lease record lived in the dropped metadata collection: claim
                    # it again, or the first write batch would find it lost and stop,
                    # leaving a server index empty.
                    self.lease.reclaim()
            if dirty and (rebuild or manifest is None):
                self._write_manifest(manifest, rebuild, in_progress=True)
                checkpoint("manifest:start")
            self._write(changes, metadatas, vectors)
            if chunks:
                store.write_state_chunks(chunks, self.sync_id)
                checkpoint("state:chunks")
            # The commit: the finished manifest (naming the chunks) and the facets, one call.
            store.commit(end if dirty else {MANIFEST_KEY: final})
            self._keep_warm(final, entries, touched, cache_valid)
            checkpoint("manifest:done")
            self._delete(changes.deleted)

    def _recover(self, manifest: dict[str, Any], indexed: dict[str, IndexEntry]) -> None:
        """Trust the records over the state cache where a killed sync left them newer.

        Records stamped with a generation above the manifest's were written by a
        sync that did not finish; deletions the manifest promised may not have
        happened. Both are read back and replace what the cache says.
        """
        generation = int(manifest.get("generation", 0))
        found = dict(self.store.metadata_where({"_gen": {"$gt": generation}}))
        pending = [pid for pid in manifest.get("pending_deletes") or () if pid not in found]
        if pending:
            promised = dict(self.store.metadata_of(pending))
            self._promised = set(promised)
            found.update(promised)
        for pid, meta in found.items():
            # No raw hash: such a record may have been built under other settings (a
            # killed sync's), so its item is read again and compared by its own hashes.
            indexed[pid] = _entry_of(meta, raw=False)
            self.generation = max(self.generation, int(meta.get("_gen") or 0) + 1)
        self._recovered = set(found)

    def _load_index(
        self, manifest: dict[str, Any] | None, state_header: dict[str, Any] | None, rebuild: bool
    ) -> tuple[dict[str, IndexEntry], bool, bool]:
        """What the index holds: (entries, fast path allowed, state cache valid).

        The state cache (one read) is trusted only when the manifest says the
        last sync finished with this same context; otherwise every record's
        metadata is scanned (the records are the truth). The fast path, which
        skips byte-identical items, needs the same context either way.
        """
        if rebuild or manifest is None:
            return {}, False, False
        warm = self.warm.state if self.warm is not None else None
        if warm is not None and warm.matches(manifest, self.context_key):
            self._warm_base = warm
            return dict(warm.entries), True, True  # a copy: _recover writes into it
        same_context = manifest.get("context_key") == self.context_key
        if same_context and not manifest.get("in_progress") and state_header is not None:
            cached = self.store.read_state_cache(state_header)
            if cached is not None:
                header, rows = cached
                if (
                    header.get("generation") == manifest.get("generation")
                    and header.get("context_key") == self.context_key
                    and header.get("count") == len(rows)
                ):
                    self._cache_chunks = int(header.get("chunks", 0))
                    return (
                        {
                            row[0]: IndexEntry(row[1], row[2], row[3], FacetRow.from_row(row[4:]))
                            for row in rows
                        },
                        True,
                        True,
                    )
        # A record newer than the manifest (a killed sync's) loses its raw hash, as in _recover.
        generation = int(manifest.get("generation", 0))
        pending = set(manifest.get("pending_deletes") or ())
        entries = {}
        for pid, meta in self.store.iter_metadata():
            older = int(meta.get("_gen") or 0) <= generation
            entries[pid] = _entry_of(meta, raw=older)
            if older and pid in pending:
                self._promised.add(pid)
        return entries, same_context, False

    def _state_cache(
        self,
        entries: dict[str, IndexEntry],
        touched: set[str],
        cache_valid: bool,
        old_header: dict[str, Any] | None,
    ) -> tuple[dict[str, Any], dict[int, list[list[Any]]]]:
        """The state cache's header and the chunks to rewrite (all when it was invalid).

        ``touched``: ids whose row may differ from the cache's (read in full,
        deleted, or recovered from records newer than the cache).
        """
        chunks, rows = chunk_rows(entries, touched, self._cache_chunks if cache_valid else 0)
        stamp = self.sync_id
        header = {"generation": self.generation, "context_key": self.context_key,
                  "count": len(entries), "chunks": chunks,
                  "stamps": chunk_stamps(old_header, chunks, set(rows), stamp)}  # fmt: skip
        return header, rows

    def _keep_warm(
        self,
        manifest: dict[str, Any],
        entries: dict[str, IndexEntry],
        touched: set[str],
        cache_valid: bool,
    ) -> None:
        """After the end write: remember the index as this sync left it, for the next tick."""
        if self.warm is None:
            return
        base = self._warm_base  # no chunk is written in warm mode: what is on disk stays
        if base is not None:
            disk_chunks, unflushed = base.disk_chunks, base.unflushed | touched
        else:
            disk_chunks, unflushed = (self._cache_chunks if cache_valid else 0), set(touched)
        self.warm.state = WarmState(
            sync_id=manifest["sync_id"],
            generation=int(manifest["generation"]),
            context_key=self.context_key,
            entries=entries,
            disk_chunks=disk_chunks,
            unflushed=unflushed,
        )

    def _final_entries(
        self, snap: Snapshot, indexed: dict[str, IndexEntry], changes: ChangeSet
    ) -> dict[str, IndexEntry]:
        """What the index holds after this sync: the snapshot plus kept rejected items.

        Built from ``indexed``: an item taken unread from the index is its
        entry already, so only parsed and deleted items cost anything (100,000
        products, one change: a dict copy, not 100,000 new entries).
        """
        entries = dict(indexed)
        for pid in changes.deleted:
            del entries[pid]
        for pid in snap.parsed:
            full, sem = snap.hashes[pid]
            entries[pid] = IndexEntry(snap.raw_hashes[pid], full, sem, snap.facet_rows[pid])
        return entries

    # -- checks ------------------------------------------------------------------------------

    def _check_version(self, manifest: dict[str, Any] | None) -> None:
        if manifest is None:
            if self.store.count():
                raise IndexVersionMismatch(
                    f"collection {self.store.name!r} holds products but no Aisle manifest; "
                    "it was not built by this sync. Use another --collection, or --rebuild"
                )
            return
        if manifest.get("schema_version") != SCHEMA_VERSION:
            raise IndexVersionMismatch(
                f"the index uses schema version {manifest.get('schema_version')} and this sync "
                f"writes version {SCHEMA_VERSION}; run again with --rebuild to rebuild it"
            )
        if manifest.get("model_id") != self.model_id:
            raise IndexVersionMismatch(
                f"the index was embedded with {manifest.get('model_id')!r}, not "
                f"{self.model_id!r}; mixing models breaks search. Run again with --rebuild "
                "(or configure the index's model)"
            )

    def _guard(
        self,
        changes: ChangeSet,
        snap: Snapshot,
        indexed: dict[str, IndexEntry],
        allow_mass_delete: bool,
        allow_abnormal_delta: bool,
    ) -> None:
        index_size = len(indexed)
        items, rejected = snap.info.items, len(snap.rejections)
        if not snap.hashes:
            why = "it holds no items" if not items else f"all {items} items were rejected"
            raise EmptySnapshot(
                f"the feed has no valid product ({why}); syncing it would empty the index, so "
                "nothing was written. Check the feed's export"
            )
        ratio = rejected / items
        if ratio > self.settings.max_reject_ratio:
            top = _top_reasons(snap)
            raise TooManyRejected(
                f"{rejected} of {items} items ({ratio:.0%}) were rejected, above the allowed "
                f"{self.settings.max_reject_ratio:.0%} (most common: {top}); nothing was written. "
                "Fix the feed, or raise AISLE_MAX_REJECT_RATIO"
            )
        deleted = len(changes.deleted)
        if index_size and not allow_mass_delete:
            share = deleted / index_size
            if share > self.settings.max_delete_ratio:
                raise MassDelete(
                    f"the feed would delete {deleted} of {index_size} indexed products "
                    f"({share:.0%}), above the allowed {self.settings.max_delete_ratio:.0%}; "
                    "nothing was written. If the catalogue really shrank, run again with "
                    "--allow-mass-delete (or raise --max-delete-ratio)"
                )
        if index_size and not allow_abnormal_delta:
            self._guard_deltas(changes, snap, indexed)

    def _guard_deltas(
        self, changes: ChangeSet, snap: Snapshot, indexed: dict[str, IndexEntry]
    ) -> None:
        """Refuse a delta no real catalogue makes in one step (a broken export, a bad job)."""
        touched = changes.metadata_only + changes.changed
        repriced = sum(1 for p in touched if indexed[p].facet.price != snap.facet_rows[p].price)
        gone = sum(
            1 for p in touched if indexed[p].facet.in_stock and not snap.facet_rows[p].in_stock
        )
        size = len(indexed)
        for count, bound, what, setting in (
            (repriced, self.settings.max_price_change_ratio, "change price",
             "--max-price-change-ratio"),
            (gone, self.settings.max_stock_out_ratio, "go out of stock", "--max-stock-out-ratio"),
        ):  # fmt: skip
            share = count / size
            if share > bound:
                raise AbnormalDelta(
                    f"{count} of {size} indexed products ({share:.0%}) would {what}, "
                    f"{share - bound:.0%} above the allowed {bound:.0%}; nothing was written. "
                    f"If this is real, run again with --allow-abnormal-delta (or raise {setting})"
                )

    # -- prepare -----------------------------------------------------------------------------

    def _enrich(self, changes: ChangeSet, snap: Snapshot) -> dict[str, dict[str, Any]]:
        """Metadata of every record to write; the full products are released as it goes.

        What is left to write is the metadata and, for records to embed, the
        text and its hash (``self.texts``): on a 100,000-product rebuild the
        products themselves would hold hundreds of megabytes until the end.
        """
        out = {}
        embed = set(changes.to_embed)
        for pid in changes.new + changes.changed + changes.metadata_only:
            prepared = snap.pending.pop(pid)
            meta = build_metadata(prepared.product, prepared.categories)
            meta["_full_hash"] = prepared.full_hash
            meta["_sem_hash"] = prepared.semantic_hash
            meta["_raw_hash"] = snap.raw_hashes[pid]
            meta["_gen"] = self.generation
            out[pid] = meta
            if pid in embed:
                self.texts[pid] = (prepared.semantic_hash, prepared.text)
        snap.pending.clear()  # the rest differed from the index only in ways not written
        return out

    def _embed(self, changes: ChangeSet, indexed: dict[str, IndexEntry]) -> dict[str, np.ndarray]:
        """Vectors by text: reuse an indexed vector of the same text, embed the rest once."""
        wanted = dict(self.texts[pid] for pid in changes.to_embed)
        # float32 arrays: a Python list of floats costs ~6x the memory (100k products…)
        by_text: dict[str, np.ndarray] = {}
        donors = {e.semantic: pid for pid, e in indexed.items() if e.semantic in wanted}
        if donors:
            got = self.store.get(ids=list(donors.values()), include=["embeddings"])
            donor_vectors = dict(zip(got["ids"], got["embeddings"], strict=True))
            for sem, pid in donors.items():
                if pid in donor_vectors:
                    by_text[wanted[sem]] = np.asarray(donor_vectors[pid], dtype=np.float32)
        self.report.reused_vectors = len(by_text)
        texts = [t for t in wanted.values() if t not in by_text]
        for start in range(0, len(texts), self.settings.write_batch):
            batch = texts[start : start + self.settings.write_batch]
            embedded = embed_unique(self.embeddings, batch)
            by_text.update((t, np.asarray(v, dtype=np.float32)) for t, v in embedded.items())
            self.report.embedded += len(batch)
            self.progress("embed", min(start + self.settings.write_batch, len(texts)), len(texts))
        return by_text

    # -- write -------------------------------------------------------------------------------

    def _check_lease(self) -> None:
        """Stop before writing if another sync took the lease (this one stalled past it)."""
        if self.lease is not None and not self.lease.held_by_me():
            raise SyncLocked(
                "this sync lost the index's lease (it stalled longer than the lease lasts) and "
                "another sync took over; nothing more was written. Run it again"
            )

    def _write(
        self,
        changes: ChangeSet,
        metadatas: dict[str, dict[str, Any]],
        vectors: dict[str, np.ndarray],
    ) -> None:
        """Upserts, then metadata-only updates (each record stamped with this generation)."""
        store = self.store
        self._check_lease()
        upserts = list(changes.to_embed)
        for start in range(0, len(upserts), self.settings.write_batch):
            ids = upserts[start : start + self.settings.write_batch]
            texts = [self.texts[pid][1] for pid in ids]
            store.upsert(ids, [vectors[t] for t in texts], texts, [metadatas[p] for p in ids])
            self.progress("upsert", start + len(ids), len(upserts))
            checkpoint(f"upsert:{start // self.settings.write_batch + 1}")
            self._check_lease()
        updates = list(changes.metadata_only)
        for start in range(0, len(updates), self.settings.write_batch):
            ids = updates[start : start + self.settings.write_batch]
            store.update_metadata(ids, [metadatas[p] for p in ids])
            self.progress("update", start + len(ids), len(updates))
            checkpoint(f"update:{start // self.settings.write_batch + 1}")
            self._check_lease()

    def _delete(self, deleted: Sequence[str]) -> None:
        """The deletions the manifest now promises (a rerun finishes them if this stops)."""
        for start in range(0, len(deleted), self.settings.write_batch):
            self.store.delete(deleted[start : start + self.settings.write_batch])
            self.progress(
                "delete", min(start + self.settings.write_batch, len(deleted)), len(deleted)
            )
            checkpoint(f"delete:{start // self.settings.write_batch + 1}")

    def _write_manifest(
        self,
        manifest: dict[str, Any] | None,
        rebuild: bool,
        *,
        in_progress: bool,
        feed: str = "",
        done: bool = False,
        persist: bool = True,
    ) -> dict[str, Any]:
        """Build (and by default write) the manifest; a write phase's start bumps its generation."""
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        current = dict(manifest or {}) if not rebuild else {}
        current.setdefault("created_at", now)
        current.setdefault("generation", 0)
        if in_progress:
            current["generation"] = self.generation
            current["context_key"] = self.context_key  # a crash leaves it naming this sync
        current.update(
            schema_version=SCHEMA_VERSION,
            model_id=self.model_id,
            collection=self.store.name,
            in_progress=in_progress,
        )
        if done:
            current["context_key"] = self.context_key
            current["sync_id"] = self.sync_id
            current["last_sync"] = {
                "at": now,
                "feed": feed,
                "counts": dict(self.report.counts),
                "embedded": self.report.embedded,
                "index_size": self.report.index_size,
            }
        if persist:
            self.store.write_manifest(current)
        return current


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (reference counting goes on)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _entry_of(meta: dict[str, Any], *, raw: bool = True) -> IndexEntry:
    """What a record's own metadata says the sync last wrote (the truth a cache defers to).

    Without ``raw`` the entry has no raw hash, so the pre-scan never skips its
    item as byte-identical: it is parsed and compared by its full and semantic
    hashes, which reflect the settings it was built under.
    """
    return IndexEntry(
        str(meta.get("_raw_hash", "")) if raw else "",
        str(meta.get("_full_hash", "")),
        str(meta.get("_sem_hash", "")),
        FacetRow.from_metadata(meta),
    )


def _top_reasons(snap: Snapshot) -> str:
    """The three most common rejection reasons, for refusal messages."""
    reasons = Counter(r.reason.split(":")[0] for r in snap.rejections)
    return ", ".join(f"{reason} ×{n}" for reason, n in reasons.most_common(3))
