"""Clients the graph needs, built on first use and cached per setting.

Nothing here runs at import time: the server, Studio and tests import the graph
without touching the index or loading a model.
"""

from __future__ import annotations

import atexit
import logging
import threading
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from chromadb.errors import NotFoundError
from langchain_core.embeddings import Embeddings

from graph.bridge import BuildStopped, TitleTable, WordBridge
from graph.catalogue_sizes import sizes_sold
from graph.constraints import FILTER_KEYS
from graph.context import Context
from graph.implied_categories import implied_categories
from graph.lexical import LexicalIndex
from graph.tables import (
    RECORDS_IN_MEMORY,
    VECTORS_IN_MEMORY,
    FilterColumns,
    FilterTable,
    VectorTable,
)
from sync.embed import make_embeddings, model_of
from sync.store import CatalogueStore, forget_embedded_client

log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def _embeddings(model: str, model_dir: str) -> Embeddings:
    return make_embeddings(model, model_dir or None)


_Key = tuple[str, str, str]


@dataclass
class _Opened:
    """A store and the index version it was opened at (what its vector search serves)."""

    store: CatalogueStore
    version: tuple


_OPENED: dict[_Key, _Opened] = {}
_OPEN_LOCK = threading.Lock()


def _key(ctx: Context) -> _Key:
    return (ctx.index_dir, ctx.chroma_url, ctx.collection)


def _version(store: CatalogueStore, manifest: dict[str, Any], deletes: bool = True) -> tuple:
    """The index version a client opened now serves: (generation, syncing, deleting).

    A sync's finished manifest lands before the deletions it promises (in id
    order); a client opened in between keeps the deleted vectors, so their end
    is a version too. ``deletes=False`` assumes they are done (no record read).
    """
    pending = manifest.get("pending_deletes") or ()
    deleting = deletes and bool(pending) and bool(store.get(ids=pending[-1:], include=[])["ids"])
    return (manifest.get("generation"), bool(manifest.get("in_progress")), deleting)


def _reopen(key: _Key, stale: _Opened | None) -> _Opened:
    """Open the index ``key`` names, replacing ``stale`` (unless another thread did)."""
    with _OPEN_LOCK:
        current = _OPENED.get(key)
        if current is not None and current is not stale:
            return current
        index_dir, chroma_url, collection = key
        if stale is not None and chroma_url:
            # A server serves every write already; only the collection handles are
            # renewed (a rebuild replaced the collections).
            store = CatalogueStore(stale.store.client, collection)
        else:
            if stale is not None:
                # chromadb answers vector queries from the HNSW index its client loaded,
                # once per process and directory: another process's writes reach its
                # SQLite reads (count, get, metadata) but never its nearest-neighbour
                # search, which keeps returning deleted ids and missing new ones. Only a
                # new client (a new chromadb system) loads them. Threads still holding
                # the old store keep a working, older view until they let it go.
                forget_embedded_client(index_dir or None)
            store = CatalogueStore.open(index_dir or None, chroma_url or None, collection)
        opened = _Opened(store, _version(store, store.read_manifest() or {}))
        _OPENED[key] = opened
        return opened


def _current(ctx: Context) -> tuple[CatalogueStore, dict[str, Any]]:
    """The store, reopened if a sync finished a new generation since; and the manifest."""
    key = _key(ctx)
    opened = _OPENED.get(key) or _reopen(key, None)
    try:
        manifest = opened.store.read_manifest() or {}
    except NotFoundError:  # its collections were dropped (a rebuild elsewhere)
        opened = _reopen(key, opened)
        return opened.store, opened.store.read_manifest() or {}
    if opened.version == _version(opened.store, manifest, deletes=False):
        return opened.store, manifest  # the usual turn: one manifest read
    if manifest.get("in_progress"):
        return opened.store, manifest  # a sync is writing: reopen once it is done
    if opened.version == _version(opened.store, manifest):
        return opened.store, manifest  # its deletions are still running
    opened = _reopen(key, opened)
    return opened.store, opened.store.read_manifest() or {}


def get_store(ctx: Context) -> CatalogueStore:
    """The catalogue index the context names, as of its latest finished sync.

    Embedded, each call reads the manifest (~0.3 ms) so that every caller in a
    turn searches the generation a sync just finished, even one run by another
    process. A Chroma server serves every write already: its store is renewed
    (after a rebuild) by :func:`get_view`, which a turn calls first.
    """
    if ctx.chroma_url:
        opened = _OPENED.get(_key(ctx)) or _reopen(_key(ctx), None)
        return opened.store
    return _current(ctx)[0]


def index_model(ctx: Context, manifest: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """``(model name, model dir)`` the index was built with; the settings' when it says none.

    An index built with ``use-multilingual`` queried with the default MiniLM would fail on
    the vectors' dimension (or, worse, answer nonsense): the index decides. ``manifest``:
    one the caller read this turn (not read again).
    """
    if manifest is None:
        manifest = _manifest(ctx)
    built = model_of(str(manifest.get("model_id") or ""))
    if built is None:
        return ctx.embedding_model, ctx.embedding_model_dir
    if built[0] != ctx.embedding_model and built[0] not in _told:
        _told.add(built[0])
        log.info("the index was built with %s; queries use it (settings: %s)", built[0],
                 ctx.embedding_model)  # fmt: skip
    return built


def _manifest(ctx: Context) -> Mapping[str, Any]:
    """The index's manifest now ({} when it has none)."""
    if ctx.chroma_url:  # a server's store is renewed by get_view alone (see get_store)
        try:
            return get_store(ctx).read_manifest() or {}
        except Exception:  # noqa: BLE001 - no manifest to read: the settings decide
            return {}
    return _current(ctx)[1]


_told: set[str] = set()  # models the log has named once


def get_embeddings(ctx: Context, manifest: Mapping[str, Any] | None = None) -> Embeddings:
    """The query embedder: the model the index was built with (``manifest``: see index_model)."""
    return _embeddings(*index_model(ctx, manifest))


def get_search(ctx: Context) -> tuple[CatalogueView, CatalogueStore, Embeddings]:
    """What one search needs (the view, its store, the query embedder): one manifest read.

    The view first: it renews the store when a sync finished.
    """
    view = get_view(ctx)
    store = view.store if view.store is not None else get_store(ctx)
    return view, store, get_embeddings(ctx, view.manifest)


#: The share of a catalogue's products that must record a gender for "for women" to filter
#: (fewer: the few that say so would be all that is shown).
MIN_GENDER_SHARE = 0.5


@dataclass
class CatalogueView:
    """What the graph caches about the index until the next sync changes it."""

    version: tuple[Any, ...]
    facets: dict[str, Any]
    options: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # group → variants
    filters: FilterTable | None = None  # id → filter fields (and the vectors), once loaded
    pages: dict[str, str] = field(default_factory=dict)  # product page without query → an id
    lexical: LexicalIndex | None = None  # BM25 over the products, once loaded (after filters)
    bridge: WordBridge | None = None  # foreign words to the shop's (after the lexical index)
    store: CatalogueStore | None = field(default=None, repr=False)  # what it was read through
    manifest: dict[str, Any] = field(default_factory=dict, repr=False)  # as the view was made
    titles: TitleTable | None = None  # the titles in the multilingual space (after the lexical)
    _loading: threading.Thread | None = None
    _titles_coming: bool = False  # the background load will embed the titles
    _titles_done: threading.Event = field(default_factory=threading.Event, repr=False)
    _sizes: frozenset[str] | None = None
    _genders: tuple[bool, bool] | None = None  # two genders or more; recorded by most

    def filterable(self, prefs: Mapping[str, Any]) -> Mapping[str, Any]:
        """``prefs`` without the constraints this catalogue cannot express.

        A feed that records no product's gender (the sauna shop's kilts) cannot say what
        is "for men": filtering on it would leave nothing, so it filters nothing. Nor can
        one that records the same gender on every product (a shop whose feed says
        "female" of its wallets and belts too: "portfel dla męża"). One that records it
        for few products says "for women" of too few to filter on (a jewellery shop whose
        titles say "femme" of one in thirty: "a ladies watch" left nine of its 289
        products); what it says is for children it still says (the few are the ones
        asked). (Before the filter table is loaded, everything is kept.)
        """
        if not (prefs.get("gender") or prefs.get("exclude_genders")) or self.filters is None:
            return prefs
        if self._genders is None:
            genders = [row.get("gender") for row in self.filters.values()]
            recorded = [g for g in genders if g]
            self._genders = (
                len(set(recorded)) > 1,
                len(recorded) >= MIN_GENDER_SHARE * len(genders),
            )
        several, most = self._genders
        if not several:
            return {k: v for k, v in prefs.items() if k not in ("gender", "exclude_genders")}
        if not most and prefs.get("gender") in ("men", "women"):
            return {k: v for k, v in prefs.items() if k != "gender"}
        return prefs

    def sizes_sold(self) -> frozenset[str]:
        """Every size token some product carries (empty until the filters are loaded)."""
        if self._sizes is None and self.filters is not None:
            self._sizes = sizes_sold(self.filters)
        return self._sizes or frozenset()

    def load_filters(
        self, store: CatalogueStore, language: str = "en", bridge: bool = False
    ) -> None:
        """Read every product's filter fields, in the background (first use after a sync).

        Until it is done, retrieval uses Chroma's filtered query; after, it checks
        the constraints here and reads only the records it keeps (up to
        :data:`~graph.tables.RECORDS_IN_MEMORY` products the table holds the
        whole records, and nothing is read from Chroma per turn). The same pass
        builds the lexical index (:mod:`graph.lexical`) from the records' titles
        and documents; until it is there, the first stage is dense only. Then every
        product's vector (up to :data:`~graph.tables.VECTORS_IN_MEMORY` products),
        so that a selective filter is an exact scan here. Then, with ``bridge``, the
        titles in the multilingual space (:meth:`title_table`) and the multilingual word
        bridge (:mod:`graph.bridge`).
        """
        if self.filters is not None or self._loading is not None:
            return

        def load() -> None:
            table = FilterTable()
            pages: dict[str, str] = {}
            texts: list[tuple[str, str, str]] = []
            try:
                whole = store.count() <= RECORDS_IN_MEMORY
                documents: dict[str, str] = {}
                for pid, meta, doc in store.iter_records():
                    if whole:  # the record, less the sync's own bookkeeping (hashes)
                        table[pid] = {k: v for k, v in meta.items() if not k.startswith("_")}
                        documents[pid] = doc or ""
                    else:
                        table[pid] = {k: meta[k] for k in FILTER_KEYS if k in meta}
                    texts.append((pid, str(meta.get("title") or ""), doc or ""))
                    if meta.get("link"):
                        # Variants' links differ by their query ("?variant=7"); the shopper's
                        # page may be the product's own, without one.
                        pages.setdefault(page_key(str(meta["link"])), pid)
            except Exception:  # noqa: BLE001 - a failed load only keeps the slower path
                log.warning("could not load the filter table; using Chroma's filters")
                return
            if whole:
                table.documents = documents
            # pumps filed under "Shoes" alone, titled "pumps": in "Shoes > Pumps" too
            titles = {pid: title for pid, title, _ in texts}
            for pid, paths in implied_categories(table, titles).items():
                row = dict(table[pid])
                row["categories"] = [*(row.get("categories") or ()), *paths]
                table[pid] = row
            self.pages = pages
            self.filters = table
            if _STOPPING.is_set():
                return
            try:
                self.lexical = LexicalIndex.build(texts, language)
            except Exception:  # noqa: BLE001 - without it the first stage stays dense
                log.warning("could not build the lexical index; retrieval stays dense")
            if len(table) <= VECTORS_IN_MEMORY and not _STOPPING.is_set():
                try:
                    table.vectors = VectorTable.read(store)
                    table.columns = FilterColumns.build(table.vectors.ids, table)
                except Exception:  # noqa: BLE001 - without them Chroma's filter serves
                    log.warning("could not read the vectors; selective filters ask Chroma")
            if bridge and not _STOPPING.is_set():
                # before the bridge: a foreign need's first turn waits for the titles
                self._build_titles({pid: title for pid, title, _ in texts})
                try:
                    self.bridge = WordBridge.build((t for _, t, _ in texts), stop=_STOPPING)
                except BuildStopped:
                    pass
                except Exception:  # noqa: BLE001 - without it only the lexicon translates
                    log.warning("could not build the word bridge", exc_info=True)

        def load_then_signal() -> None:
            try:
                load()
            finally:
                self._titles_done.set()  # built, failed or skipped: no turn waits longer

        self._titles_coming = bridge
        self._loading = threading.Thread(target=load_then_signal, name="aisle-filters", daemon=True)
        _LOADERS.add(self._loading)
        self._loading.start()

    def title_table(self, wait: float = 0.0) -> TitleTable | None:
        """The titles in the multilingual space, waiting up to ``wait`` seconds for them.

        The background load embeds them after the lexical index, so that the first shopper
        who writes another language than the shop finds them ready: a first turn that could
        not wait for them would answer worse than the same turn a minute later. Embedding
        costs seconds per thousand products (USE-multilingual on 2 cores), once per process
        (titles embedded before are not embedded again, so a sync costs only its changes).
        ``None`` until then, and without the bridge (``load_filters``), the vectors in
        memory or the model.
        """
        if self.titles is None and self._titles_coming and wait:
            self._titles_done.wait(wait)
        return self.titles

    def _build_titles(self, title_of: Mapping[str, str]) -> None:
        vectors = self.filters.vectors if self.filters is not None else None
        if vectors is None:
            return
        titles = [title_of.get(pid, "") for pid in vectors.ids]
        try:
            self.titles = TitleTable.build(vectors.ids, titles, stop=_STOPPING)
        except BuildStopped:
            pass
        except Exception:  # noqa: BLE001 - without it the need crosses by words
            log.warning("could not embed the titles across languages", exc_info=True)
        self._titles_done.set()

    def wait_loaded(self, timeout: float | None = None) -> None:
        """Block until the filter table and the lexical index are loaded (or ``timeout``)."""
        if self._loading is not None:
            self._loading.join(timeout)


#: Set when the process exits: a background load stops at its next step.
_STOPPING = threading.Event()
_LOADERS: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
#: How long the exit waits for a load to reach a step where it can stop (one model call).
STOP_WAIT_S = 30.0


@atexit.register
def _stop_loaders() -> None:
    """Let background loads finish their step before the interpreter goes.

    A daemon thread inside the multilingual model's native code while the process exits
    aborts it ("terminate called without an active exception", exit -6) after its work
    was done: a terminal chat or a script would end in a crash.
    """
    _STOPPING.set()
    for thread in list(_LOADERS):
        thread.join(STOP_WAIT_S)


def page_key(url: str) -> str:
    """A product page's URL without query, fragment or trailing slash."""
    return url.split("#")[0].split("?")[0].rstrip("/")


_VIEWS: dict[tuple[str, str, str], CatalogueView] = {}


def get_view(ctx: Context) -> CatalogueView:
    """Facets and per-group variant options, cached per index version.

    One small manifest read per turn tells whether a sync changed the index since; the
    facets (and anything derived from them) are re-read only then.
    """
    key = _key(ctx)
    store, manifest = _current(ctx)
    # A sync that wrote nothing keeps the generation: what the view derives (the filter
    # table, the lexical index, the word bridge) still holds, and ``sync watch`` ticks
    # over an unchanged feed must not rebuild it every time (nor leave turns waiting).
    version = (manifest.get("generation"), manifest.get("in_progress"))
    view = _VIEWS.get(key)
    if view is None or view.version != version or view.store is not store or not manifest:
        view = CatalogueView(version, store.read_facets() or {}, store=store, manifest=manifest)
        _VIEWS[key] = view
    if manifest and not manifest.get("in_progress"):
        view.load_filters(
            store, ctx.catalogue_language, bridge=ctx.query_translation == "lexicon+model"
        )
    return view


def get_facets(ctx: Context) -> dict[str, Any]:
    """The catalogue's facets as of the last sync ({} before the first)."""
    return get_view(ctx).facets


def clear_caches() -> None:
    """Forget cached clients and views (tests; after an index is rebuilt elsewhere)."""
    with _OPEN_LOCK:
        _OPENED.clear()
    _embeddings.cache_clear()
    _VIEWS.clear()
