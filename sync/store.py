"""The catalogue index: one small interface over Chroma, embedded or server.

The sync is the only writer; the graph reads through the same class. Two
collections make an index:

* ``<name>`` — one record per product: id, vector, document (the embedded
  text) and metadata (filters, card fields, and the ``_full_hash`` /
  ``_sem_hash`` that the next sync compares against). Each record carries its
  own hashes, so the index describes itself: a sync killed half-way leaves
  records that are either old or new, never ambiguous, and a rerun converges.
* ``<name>__meta`` — the manifest (schema version, embedding model, last
  sync) and the facets (catalogue shape for browsing), as JSON in the
  collection's *own* metadata; the sync's state cache and a server's lease as
  JSON in its records.

The manifest and the facets are committed together by one ``modify`` of that
collection's metadata, which replaces every key at once: a sync's commit is one
small, atomic call (about 2 ms, where upserting them as records cost 8–10 ms,
the largest part of a single-item sync's end write), and another process sees
it on its next read. An index written before keeps them in records, still read
until its next commit.
"""

from __future__ import annotations

import copy
import functools
import json
import threading
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import chromadb
import numpy as np
from chromadb.config import Settings as ChromaSettings

from sync.errors import ConfigError, StoreError, StoreFull, StoreUnavailable

DEFAULT_COLLECTION = "products"
_PAGE = 5000  # records per get/upsert call: bounded memory and request size
MANIFEST_KEY = "manifest"
FACETS_KEY = "facets"
_STATE = "state"  # header of the sync's state cache; chunks are "state:0", "state:1", ...
COMMITTED_KEYS = (MANIFEST_KEY, FACETS_KEY)  # held in the metadata collection's own metadata
STATE_ROWS_PER_CHUNK = 1000  # target rows per chunk: one change rewrites about this many


def state_chunk_count(products: int) -> int:
    """Chunks for a cache of ``products`` rows: a power of two, so it rarely changes."""
    chunks = 1
    while chunks * STATE_ROWS_PER_CHUNK < products:
        chunks *= 2
    return chunks


def state_chunk_of(product_id: str, chunks: int) -> int:
    """The chunk a product's row lives in (stable across runs and machines)."""
    return zlib.crc32(product_id.encode()) % chunks


#: Chroma persists a collection's vector index every ``sync_threshold`` writes (default 1000)
#: and replays the writes since from its log on every open and, it turns out, on every write:
#: with 500 products never persisted, each sync's first call cost ~80 ms and each write ~45
#: ms; persisting every 100 writes brings both to ~10 ms (a single-item sync is mostly this).
HNSW_PERSIST = {"sync_threshold": 100, "batch_size": 100}


def _chroma_settings() -> ChromaSettings:
    # A copy each time: chromadb's client constructors write into the settings they get
    # (persist_directory, chroma_api_impl, server host), so one shared object would carry
    # an HttpClient's choices into the next embedded client.
    return copy.deepcopy(_chroma_settings_once())


@functools.cache
def _chroma_settings_once() -> ChromaSettings:
    # Built once per process: it reads the environment and costs ~20 ms each time.
    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


def forget_embedded_client(index_dir: str | Path | None) -> Any:
    """Make the next embedded client of ``index_dir`` in this process start afresh.

    chromadb keeps one system per directory per process and hands it to every
    client of that directory. After a write failed half-way (a full disk) that
    system can hang on the next call, so a sync that failed drops it; clients
    still holding the old one keep using it. Returns the system dropped, if any.
    """
    from chromadb.api.shared_system_client import SharedSystemClient

    key = str(Path(index_dir or ".aisle/index"))  # chromadb's key: the path as given
    with _SYSTEMS:  # never between another thread's check for the system and its read
        getattr(SharedSystemClient, "_identifier_to_refcount", {}).pop(key, None)
        return getattr(SharedSystemClient, "_identifier_to_system", {}).pop(key, None)


def close_embedded_client(index_dir: str | Path | None) -> None:
    """Forget ``index_dir``'s chromadb system and stop it, closing its database.

    Before its files are deleted: a system left open would keep writing into the
    deleted database, and the next client of the directory would be handed it.
    Clients still holding it fail from then on.
    """
    system = forget_embedded_client(index_dir)
    if system is not None:
        system.stop()


#: Tries at opening an embedded client when another thread drops its system mid-open.
OPEN_ATTEMPTS = 3
#: chromadb's per-directory systems are a class-level dict with no lock: opening a client
#: and forgetting a system (graph.resources after a sync) take turns in this process.
_SYSTEMS = threading.RLock()


def make_client(index_dir: str | Path | None = None, chroma_url: str | None = None) -> Any:
    """A Chroma client: a server when ``chroma_url`` is given, else embedded on disk."""
    if chroma_url:
        url = urlparse(chroma_url if "://" in chroma_url else f"http://{chroma_url}")
        if not url.hostname:
            raise ConfigError(f"invalid Chroma URL {chroma_url!r}; expected http://HOST:PORT")
        return chromadb.HttpClient(
            host=url.hostname,
            port=url.port or (443 if url.scheme == "https" else 8000),
            ssl=url.scheme == "https",
            settings=_chroma_settings(),
        )
    path = Path(index_dir or ".aisle/index")
    path.mkdir(parents=True, exist_ok=True)
    for _ in range(OPEN_ATTEMPTS - 1):
        try:
            with _SYSTEMS:
                return chromadb.PersistentClient(path=str(path), settings=_chroma_settings())
        except KeyError:
            # chromadb checks for the directory's shared system, then reads it: another
            # thread dropping it in between (a client closed, a failed sync forgetting
            # it) raises KeyError; the next attempt starts a fresh system.
            continue
    return chromadb.PersistentClient(path=str(path), settings=_chroma_settings())


class CatalogueStore:
    """Products, manifest and facets of one catalogue index."""

    def __init__(self, client: Any, name: str = DEFAULT_COLLECTION) -> None:
        """Bind to ``name`` on ``client``; the collections are created on first use."""
        self.client = client
        self.name = name
        self._products: Any = None
        self._meta: Any = None
        self._committed: dict[str, str] | None = None  # the collection metadata last read/written
        self.read_only = False  # set by open_existing: never create a collection
        self.embedded_dir: str | None = None  # set by open*: an embedded client's directory

    @classmethod
    def open(
        cls,
        index_dir: str | Path | None = None,
        chroma_url: str | None = None,
        collection: str = DEFAULT_COLLECTION,
    ) -> CatalogueStore:
        """Open (creating if needed) the index at ``index_dir`` or on ``chroma_url``."""
        store = cls(make_client(index_dir, chroma_url), collection)
        store.embedded_dir = None if chroma_url else str(index_dir or ".aisle/index")
        return store

    @classmethod
    def open_existing(
        cls,
        index_dir: str | Path | None = None,
        chroma_url: str | None = None,
        collection: str = DEFAULT_COLLECTION,
    ) -> CatalogueStore | None:
        """The index, read-only, if it holds ``collection``; ``None`` where it does not.

        Creates nothing (no directory, database or collection): for ``status``.
        Its metadata collection may be absent (a collection not built by Aisle):
        manifest and facets then read as ``None``.
        """
        if not chroma_url and not (Path(index_dir or ".aisle/index") / "chroma.sqlite3").is_file():
            return None
        store = cls(make_client(index_dir, chroma_url), collection)
        store.embedded_dir = None if chroma_url else str(index_dir or ".aisle/index")
        store.read_only = True
        store._products = store._existing(collection)
        if store._products is None:
            return None
        store._meta = store._existing(f"{collection}__meta")
        return store

    def _existing(self, name: str) -> Any:
        """The collection ``name``, or ``None`` when it does not exist."""
        from chromadb.errors import NotFoundError

        try:
            return self.client.get_collection(name, embedding_function=None)
        except NotFoundError:
            return None

    # -- collections -------------------------------------------------------------------------

    @property
    def products(self) -> Any:
        """The Chroma collection of products (cosine space; we always pass vectors)."""
        if self._products is None:
            if self.read_only:
                raise RuntimeError(f"collection {self.name!r} is absent (read-only store)")
            self._products = self.client.get_or_create_collection(
                self.name,
                embedding_function=None,
                configuration={"hnsw": {"space": "cosine", **HNSW_PERSIST}},
            )
        return self._products

    @property
    def _meta_collection(self) -> Any:
        if self._meta is None:
            if self.read_only:
                raise RuntimeError(f"collection {self.name}__meta is absent (read-only store)")
            self._meta = self.client.get_or_create_collection(
                f"{self.name}__meta", embedding_function=None, configuration={"hnsw": HNSW_PERSIST}
            )
        return self._meta

    def present(self) -> set[str]:
        """Which of the index's two collections exist (creating none)."""
        return {n for n in (self.name, f"{self.name}__meta") if self._existing(n) is not None}

    def drop_empty(self, names: Iterable[str]) -> None:
        """Delete those of ``names`` that exist and hold no record."""
        for name in names:
            found = self._existing(name)
            if found is not None and found.count() == 0 and MANIFEST_KEY not in _committed(found):
                self.client.delete_collection(name)
        self._products = self._meta = None
        self._committed = None

    def drop(self) -> None:
        """Delete both collections (``--rebuild``)."""
        for name in (self.name, f"{self.name}__meta"):
            try:
                self.client.delete_collection(name)
            except Exception:  # noqa: BLE001 - absent is fine; Chroma's error types vary by mode
                pass
        self._products = self._meta = None
        self._committed = None

    # -- reading -----------------------------------------------------------------------------

    def count(self) -> int:
        """Number of products in the index (an absent collection holds none; none is created)."""
        if self._products is None:
            self._products = self._existing(self.name)
            if self._products is None:
                return 0
        return int(self._products.count())

    def iter_metadata(self, page: int = _PAGE) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every (id, metadata) in the index, paged."""
        offset = 0
        while True:
            got = self.products.get(include=["metadatas"], limit=page, offset=offset)
            ids = got["ids"]
            yield from zip(ids, got["metadatas"], strict=True)
            if len(ids) < page:
                return
            offset += page

    def iter_records(self, page: int = _PAGE) -> Iterator[tuple[str, dict[str, Any], str]]:
        """Every (id, metadata, document) in the index, paged."""
        offset = 0
        while True:
            got = self.products.get(include=["metadatas", "documents"], limit=page, offset=offset)
            ids = got["ids"]
            yield from zip(ids, got["metadatas"], got["documents"], strict=True)
            if len(ids) < page:
                return
            offset += page

    def iter_vectors(self, page: int = _PAGE) -> Iterator[tuple[list[str], Any]]:
        """Every product's vector, a page at a time: (ids, float32 rows)."""
        import numpy as np

        offset = 0
        while True:
            got = self._on_fresh_vectors("get", include=["embeddings"], limit=page, offset=offset)
            ids = list(got["ids"])
            if ids:
                yield ids, np.asarray(got["embeddings"], dtype=np.float32)
            if len(ids) < page:
                return
            offset += page

    def metadata_where(self, where: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """(id, metadata) of every product matching a metadata filter."""
        got = self.products.get(where=dict(where), include=["metadatas"])
        return list(zip(got["ids"], got["metadatas"], strict=True))

    def metadata_of(self, ids: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
        """(id, metadata) of those of ``ids`` the index holds."""
        out: list[tuple[str, dict[str, Any]]] = []
        for start in range(0, len(ids), _PAGE):
            got = self.products.get(ids=list(ids[start : start + _PAGE]), include=["metadatas"])
            out.extend(zip(got["ids"], got["metadatas"], strict=True))
        return out

    def get(
        self,
        ids: Sequence[str] | None = None,
        where: Mapping[str, Any] | None = None,
        include: Sequence[str] = ("metadatas", "documents"),
        limit: int | None = None,
    ) -> dict[str, Any]:
        """Chroma ``get`` on the products collection."""
        return dict(
            self._on_fresh_vectors(
                "get",
                ids=list(ids) if ids is not None else None,
                where=dict(where) if where else None,
                include=list(include),
                limit=limit,
            )
        )

    def query(
        self,
        vector: Sequence[float],
        k: int = 10,
        where: Mapping[str, Any] | None = None,
        documents: bool = True,
    ) -> list[tuple[str, float, dict[str, Any], str]]:
        """Nearest products to ``vector`` that pass ``where``: (id, similarity, meta, doc).

        Without ``documents`` the doc is ``""`` (reading documents costs more than
        the vector search itself).
        """
        include = ["metadatas", "distances"] + (["documents"] if documents else [])
        got = self._vector_query(
            query_embeddings=[list(vector)],
            n_results=k,
            where=dict(where) if where else None,
            include=include,
        )
        docs = got["documents"][0] if documents else [""] * len(got["ids"][0])
        return [
            (pid, 1.0 - float(dist), meta, doc)
            for pid, dist, meta, doc in zip(
                got["ids"][0], got["distances"][0], got["metadatas"][0], docs, strict=True
            )
            # An embedded client's vector index can be older than its records: a product
            # another process deleted since comes back without metadata.
            if meta is not None
        ]

    def _vector_query(self, **query: Any) -> Any:
        """``collection.query``, on a fresh client if this one's vector index is stale."""
        return self._on_fresh_vectors("query", **query)

    def _on_fresh_vectors(self, method: str, **call: Any) -> Any:
        """``products.<method>(**call)``, again on a new client if the vectors were stale.

        An embedded client searches (and reads vectors from) the vector index it loaded,
        while its record reads see every process's writes. While another process is
        writing a sync, a record can be newer than that index, and chromadb fails ("Error
        finding id"). A new client loads the index as written and answers (the graph also
        reopens on every finished sync).
        """
        from chromadb.errors import InternalError

        try:
            return getattr(self.products, method)(**call)
        except InternalError as exc:
            if self.embedded_dir is None or "finding id" not in str(exc):
                raise
        forget_embedded_client(self.embedded_dir)
        self.client = make_client(self.embedded_dir)
        self._products = self._meta = None
        if self.read_only:
            self._products = self._existing(self.name)
            self._meta = self._existing(f"{self.name}__meta")
        return getattr(self.products, method)(**call)

    def nearest_ids(self, vector: Sequence[float], k: int) -> list[tuple[str, float]]:
        """The ``k`` nearest product ids with their similarity (no records read: fast)."""
        got = self._vector_query(
            query_embeddings=[list(vector)], n_results=k, include=["distances"]
        )
        return [
            (pid, 1.0 - float(d)) for pid, d in zip(got["ids"][0], got["distances"][0], strict=True)
        ]

    def documents(self, ids: Sequence[str]) -> dict[str, str]:
        """The stored documents (embedded texts) of ``ids``."""
        if not ids:
            return {}
        got = self.products.get(ids=list(ids), include=["documents"])
        return dict(zip(got["ids"], got["documents"], strict=True))

    def as_vectorstore(self, embeddings: Any) -> Any:
        """The products as a ``langchain_chroma.Chroma`` (a standard LangChain retriever)."""
        from langchain_chroma import Chroma

        return Chroma(client=self.client, collection_name=self.name, embedding_function=embeddings)

    # -- writing (the sync only) -----------------------------------------------------------

    def upsert(
        self,
        ids: Sequence[str],
        vectors: Sequence[Sequence[float]] | Sequence[np.ndarray],
        documents: Sequence[str],
        metadatas: Sequence[Mapping[str, Any]],
        page: int = _PAGE,
    ) -> None:
        """Insert or replace whole records (vector, document, metadata)."""
        for start in range(0, len(ids), page):
            end = start + page
            self.products.upsert(
                ids=list(ids[start:end]),
                embeddings=np.asarray(vectors[start:end], dtype=np.float32),
                documents=list(documents[start:end]),
                metadatas=[_without_none(m) for m in metadatas[start:end]],
            )

    def update_metadata(
        self, ids: Sequence[str], metadatas: Sequence[Mapping[str, Any]], page: int = _PAGE
    ) -> None:
        """Replace metadata and keep the stored vector and document.

        Chroma merges metadata on update, and a ``None`` value removes a key, so
        absent fields are sent as ``None``: the record ends up exactly as an
        upsert of the same metadata would leave it.
        """
        for start in range(0, len(ids), page):
            end = start + page
            self.products.update(
                ids=list(ids[start:end]), metadatas=[dict(m) for m in metadatas[start:end]]
            )

    def delete(self, ids: Sequence[str], page: int = _PAGE) -> None:
        """Remove products."""
        for start in range(0, len(ids), page):
            self.products.delete(ids=list(ids[start : start + page]))

    # -- manifest and facets ---------------------------------------------------------------

    def read_meta(self, key: str) -> dict[str, Any] | None:
        """A JSON value stored beside the products (manifest, facets, lease…)."""
        found = self.read_meta_many([key])
        loaded: dict[str, Any] | None = json.loads(found[key]) if key in found else None
        return loaded

    def read_meta_many(self, keys: Sequence[str]) -> dict[str, str]:
        """Several stored values in one read, as JSON text (absent keys left out).

        The manifest and facets come from the collection's metadata, read afresh
        (a cached collection object keeps what it saw when it was fetched); an
        index that has no manifest there yet is read from records, as before.
        """
        fresh = self._existing(f"{self.name}__meta")  # fetched, not created
        if self._meta is not None and (fresh is None or fresh.id != self._meta.id):
            from chromadb.errors import NotFoundError

            # Dropped (and maybe rebuilt) elsewhere: this store's handles are stale.
            raise NotFoundError(f"collection {self.name}__meta was dropped since it was opened")
        if fresh is None:
            self._committed = None
            return {}  # no metadata collection (a sync refused before writing creates none)
        self._meta = fresh
        self._committed = _committed(fresh)
        found = {k: self._committed[k] for k in keys if k in self._committed}
        new_layout = MANIFEST_KEY in self._committed
        from_records = [
            k
            for k in keys
            if k not in found and not (new_layout and k in (*COMMITTED_KEYS, _STATE))
        ]
        if from_records:
            got = fresh.get(ids=from_records, include=["metadatas"])
            for key, meta in zip(got["ids"], got["metadatas"], strict=True):
                if meta and meta.get("json"):
                    found[key] = meta["json"]
        return found

    def sync_start(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None, bool]:
        """What a sync reads first, in one call: (manifest, state cache header, facets exist).

        The header lives in the manifest (``state_cache``); an index written
        before that keeps it in a record of its own, still read.
        """
        found = self.read_meta_many([MANIFEST_KEY, _STATE, FACETS_KEY])
        manifest = json.loads(found[MANIFEST_KEY]) if MANIFEST_KEY in found else None
        header = (manifest or {}).get("state_cache")
        if header is None and _STATE in found:
            header = json.loads(found[_STATE])
        return manifest, header, FACETS_KEY in found

    def write_meta(self, key: str, value: Mapping[str, Any]) -> None:
        """Store a JSON value beside the products."""
        if key in COMMITTED_KEYS:
            self.commit({key: value})
            return
        # JSON in metadata, not in the document: Chroma indexes documents for full-text
        # search, which made each of these small writes cost ~70 ms.
        self._meta_collection.upsert(
            ids=[key], embeddings=[[0.0]], metadatas=[{"json": json.dumps(value, sort_keys=True)}]
        )

    def delete_meta(self, key: str) -> None:
        """Remove a stored JSON value."""
        self._meta_collection.delete(ids=[key])

    def read_manifest(self) -> dict[str, Any] | None:
        """Schema version, embedding model and last sync; ``None`` for a new index."""
        return self.read_meta(MANIFEST_KEY)

    def write_manifest(self, manifest: Mapping[str, Any]) -> None:
        """Store the manifest."""
        self.write_meta(MANIFEST_KEY, manifest)

    def read_state_cache(
        self, header: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[list[Any]]] | None:
        """The sync's state cache: its header and one row per product, or ``None``.

        A cache only: the records' own metadata is the truth, and the pipeline
        checks the header against the manifest before trusting the rows. Rows
        live in the metadata of ``state:<n>`` records (metadata reads and
        writes are several times faster than documents, which Chroma indexes
        for full-text search).
        """
        if header is None:
            header = self.sync_start()[1]
        if header is None:
            return None
        keys = [f"{_STATE}:{n}" for n in range(int(header.get("chunks", 0)))]
        if not keys:
            return header, []
        got = self._meta_collection.get(ids=keys, include=["metadatas"])
        chunks = dict(zip(got["ids"], got["metadatas"], strict=True))
        if len(chunks) != len(keys):
            return None
        # Each chunk must be the one the header names: a chunk written by a sync killed
        # before its commit carries a stamp the header on record does not list.
        stamps = header.get("stamps") or [None] * len(keys)
        if len(stamps) != len(keys) or any(
            (chunks[key] or {}).get("stamp") != stamp
            for key, stamp in zip(keys, stamps, strict=True)
        ):
            return None
        rows: list[list[Any]] = []
        for key in keys:
            rows.extend(json.loads(chunks[key]["rows"]))
        return header, rows

    def write_state_chunks(self, chunks: Mapping[int, Sequence[list[Any]]], stamp: str) -> None:
        """Write state-cache chunks, each stamped with ``stamp`` (one call).

        Written *before* the commit that names them: a sync killed in between
        leaves chunks whose stamp the header on record does not list, and the
        next sync, finding the cache inconsistent, scans the records instead.
        """
        if not chunks:
            return
        ids, metadatas = [], []
        for n, rows in sorted(chunks.items()):
            ids.append(f"{_STATE}:{n}")
            rows_json = json.dumps(rows, separators=(",", ":"), ensure_ascii=False)
            metadatas.append({"rows": rows_json, "stamp": stamp})
        self._meta_collection.upsert(ids=ids, embeddings=[[0.0]] * len(ids), metadatas=metadatas)

    def commit(self, values: Mapping[str, Mapping[str, Any]]) -> None:
        """Replace the manifest and/or facets in one atomic call (the sync's commit).

        A key left out keeps its committed value. The first commit into an index of
        the older layout then removes its manifest, facets and state-header records.
        """
        unknown = set(values) - set(COMMITTED_KEYS)
        if unknown:
            raise ValueError(f"not committed metadata: {sorted(unknown)}")
        collection = self._meta_collection
        if self._committed is None:
            self._committed = _committed(self._existing(f"{self.name}__meta") or collection)
        metadata = dict(self._committed)
        legacy: list[str] = []  # the older layout's records, removed once committed here
        if MANIFEST_KEY not in metadata:  # a new index, or one of the older layout
            old = collection.get(ids=[*COMMITTED_KEYS, _STATE], include=["metadatas"])
            for key, meta in zip(old["ids"], old["metadatas"], strict=True):
                legacy.append(key)
                if key in COMMITTED_KEYS and meta and meta.get("json"):
                    metadata.setdefault(key, meta["json"])
        for key, value in values.items():
            metadata[key] = json.dumps(value, sort_keys=True)
        collection.modify(metadata=metadata)
        self._committed = metadata
        if legacy:
            collection.delete(ids=legacy)

    def read_facets(self) -> dict[str, Any] | None:
        """The catalogue's shape as of the last sync; ``None`` before the first."""
        return self.read_meta(FACETS_KEY)


def _committed(collection: Any) -> dict[str, str]:
    """The committed values (JSON text) in a metadata collection's own metadata."""
    meta = collection.metadata or {}
    return {k: meta[k] for k in COMMITTED_KEYS if isinstance(meta.get(k), str)}


def _without_none(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in meta.items() if v is not None}


# -- the store going away mid-sync ---------------------------------------------------------
# A Chroma server that stops, or a disk that fills, surfaces as chromadb/httpx errors;
# ``run_sync`` maps them to a ``StoreError`` (exit 5, status "failed") whose message says
# what failed and what to do. Every record carries its own hashes, so the rerun converges.


_LOW_DISK = 64 * 1024 * 1024  # free bytes under which a Chroma write failure reads as "disk full"


def store_failure(
    exc: BaseException, index_dir: str | Path | None, chroma_url: str | None
) -> StoreError | None:
    """``exc`` as a clear :class:`StoreError` when it comes from the store, else ``None``.

    Chroma reports a full disk in embedded mode only as an internal error
    ("Error in compaction: Failed to apply logs to the metadata segment"), so
    for Chroma/SQLite errors the free space of the index's disk decides
    whether the message says "disk full".
    """
    import errno
    import shutil
    import sqlite3

    import httpx
    from chromadb.errors import ChromaError

    detail = f"{type(exc).__name__}: {exc}"
    rerun = (
        "Nothing is lost: run the sync again then; every record carries its own hashes, so "
        "the rerun completes what this one began"
    )
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return StoreFull(
            f"no space left on the disk while syncing ({detail}). Free space (or move the "
            f"index with --index) and run again. {rerun}"
        )
    if chroma_url and (
        isinstance(exc, httpx.TransportError)
        or (
            isinstance(exc, ValueError)
            and "could not connect to a chroma server" in str(exc).lower()
        )
    ):
        return StoreUnavailable(
            f"the Chroma server at {chroma_url} stopped answering ({detail}); the sync stopped "
            f"there. Start the server (or check --chroma-url and the network). {rerun}"
        )
    if not isinstance(exc, (ChromaError, sqlite3.Error, httpx.HTTPError)):
        return None
    if chroma_url:
        return StoreError(
            f"the Chroma server at {chroma_url} failed an operation of the sync ({detail}); "
            f"the sync stopped there. Check the server's log. {rerun}"
        )
    path = Path(index_dir or ".aisle/index")
    try:
        usage = shutil.disk_usage(path if path.exists() else path.parent)
    except OSError:
        usage = None
    if usage is not None and usage.free < _LOW_DISK:
        return StoreFull(
            f"writing the index at {path} failed and its disk is (nearly) full "
            f"({usage.free / 2**20:.1f} MiB free of {usage.total / 2**20:.1f} MiB; Chroma: "
            f"{detail}). Free space (or move the index with --index) and run again. {rerun}"
        )
    return StoreError(
        f"reading or writing the index at {path} failed ({detail}). Fix the cause and run "
        f"again. {rerun}"
    )
