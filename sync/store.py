"""The catalogue index: one small interface over Chroma, embedded or server.

The sync is the only writer; the graph reads through the same class. Two
collections make an index:

* ``<name>`` — one record per product: id, vector, document (the embedded
  text) and metadata (filters, card fields, and the ``_full_hash`` /
  ``_sem_hash`` that the next sync compares against). Each record carries its
  own hashes, so the index describes itself: a sync killed half-way leaves
  records that are either old or new, never ambiguous, and a rerun converges.
* ``<name>__meta`` — the manifest (schema version, embedding model, last
  sync) and the facets (catalogue shape for browsing), as JSON documents.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import chromadb
from chromadb.config import Settings as ChromaSettings

from sync.errors import ConfigError

DEFAULT_COLLECTION = "products"
_PAGE = 5000  # records per get/upsert call: bounded memory and request size
_MANIFEST = "manifest"
_FACETS = "facets"
_STATE = "state"  # header of the sync's state cache; chunks are "state:0", "state:1", ...
_STATE_CHUNK = 10_000  # rows per chunk document: bounded request size on a Chroma server


def _chroma_settings() -> ChromaSettings:
    return ChromaSettings(anonymized_telemetry=False, allow_reset=False)


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
    return chromadb.PersistentClient(path=str(path), settings=_chroma_settings())


class CatalogueStore:
    """Products, manifest and facets of one catalogue index."""

    def __init__(self, client: Any, name: str = DEFAULT_COLLECTION) -> None:
        """Bind to ``name`` on ``client``; the collections are created on first use."""
        self.client = client
        self.name = name
        self._products: Any = None
        self._meta: Any = None

    @classmethod
    def open(
        cls,
        index_dir: str | Path | None = None,
        chroma_url: str | None = None,
        collection: str = DEFAULT_COLLECTION,
    ) -> CatalogueStore:
        """Open (creating if needed) the index at ``index_dir`` or on ``chroma_url``."""
        return cls(make_client(index_dir, chroma_url), collection)

    # -- collections -------------------------------------------------------------------------

    @property
    def products(self) -> Any:
        """The Chroma collection of products (cosine space; we always pass vectors)."""
        if self._products is None:
            self._products = self.client.get_or_create_collection(
                self.name,
                embedding_function=None,
                configuration={"hnsw": {"space": "cosine"}},
            )
        return self._products

    @property
    def _meta_collection(self) -> Any:
        if self._meta is None:
            self._meta = self.client.get_or_create_collection(
                f"{self.name}__meta", embedding_function=None
            )
        return self._meta

    def drop(self) -> None:
        """Delete both collections (``--rebuild``)."""
        for name in (self.name, f"{self.name}__meta"):
            try:
                self.client.delete_collection(name)
            except Exception:  # noqa: BLE001 - absent is fine; Chroma's error types vary by mode
                pass
        self._products = self._meta = None

    # -- reading -----------------------------------------------------------------------------

    def count(self) -> int:
        """Number of products in the index."""
        return int(self.products.count())

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

    def read_hashes(self) -> dict[str, tuple[str, str]]:
        """Id → (full hash, semantic hash) of every product in the index."""
        return {
            pid: (str(meta.get("_full_hash", "")), str(meta.get("_sem_hash", "")))
            for pid, meta in self.iter_metadata()
        }

    def get(
        self,
        ids: Sequence[str] | None = None,
        where: Mapping[str, Any] | None = None,
        include: Sequence[str] = ("metadatas", "documents"),
        limit: int | None = None,
    ) -> dict[str, Any]:
        """Chroma ``get`` on the products collection."""
        return dict(
            self.products.get(
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
    ) -> list[tuple[str, float, dict[str, Any], str]]:
        """Nearest products to ``vector`` that pass ``where``: (id, similarity, meta, doc)."""
        if self.count() == 0:
            return []
        got = self.products.query(
            query_embeddings=[list(vector)],
            n_results=k,
            where=dict(where) if where else None,
            include=["metadatas", "documents", "distances"],
        )
        return [
            (pid, 1.0 - float(dist), meta, doc)
            for pid, dist, meta, doc in zip(
                got["ids"][0],
                got["distances"][0],
                got["metadatas"][0],
                got["documents"][0],
                strict=True,
            )
        ]

    def as_vectorstore(self, embeddings: Any) -> Any:
        """The products as a ``langchain_chroma.Chroma`` (a standard LangChain retriever)."""
        from langchain_chroma import Chroma

        return Chroma(client=self.client, collection_name=self.name, embedding_function=embeddings)

    # -- writing (the sync only) -----------------------------------------------------------

    def upsert(
        self,
        ids: Sequence[str],
        vectors: Sequence[Sequence[float]],
        documents: Sequence[str],
        metadatas: Sequence[Mapping[str, Any]],
        page: int = _PAGE,
    ) -> None:
        """Insert or replace whole records (vector, document, metadata)."""
        for start in range(0, len(ids), page):
            end = start + page
            self.products.upsert(
                ids=list(ids[start:end]),
                embeddings=[list(v) for v in vectors[start:end]],
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

    def _read_doc(self, key: str) -> dict[str, Any] | None:
        got = self._meta_collection.get(ids=[key], include=["documents"])
        if not got["ids"]:
            return None
        loaded: dict[str, Any] = json.loads(got["documents"][0])
        return loaded

    def _write_doc(self, key: str, value: Mapping[str, Any]) -> None:
        self._meta_collection.upsert(
            ids=[key], embeddings=[[0.0]], documents=[json.dumps(value, sort_keys=True)]
        )

    def read_manifest(self) -> dict[str, Any] | None:
        """Schema version, embedding model and last sync; ``None`` for a new index."""
        return self._read_doc(_MANIFEST)

    def write_manifest(self, manifest: Mapping[str, Any]) -> None:
        """Store the manifest."""
        self._write_doc(_MANIFEST, manifest)

    def read_state_cache(self) -> tuple[dict[str, Any], list[list[Any]]] | None:
        """The sync's state cache: its header and one row per product, or ``None``.

        A cache only: the records' own metadata is the truth, and the pipeline
        checks the header against the manifest before trusting the rows.
        """
        header = self._read_doc(_STATE)
        if header is None:
            return None
        keys = [f"{_STATE}:{n}" for n in range(int(header.get("chunks", 0)))]
        if not keys:
            return header, []
        got = self._meta_collection.get(ids=keys, include=["documents"])
        docs = dict(zip(got["ids"], got["documents"], strict=True))
        if len(docs) != len(keys):
            return None
        rows: list[list[Any]] = []
        for key in keys:
            rows.extend(json.loads(docs[key]))
        return header, rows

    def write_state_cache(self, header: Mapping[str, Any], rows: Sequence[list[Any]]) -> None:
        """Replace the state cache (chunks first, header last)."""
        chunks = [rows[i : i + _STATE_CHUNK] for i in range(0, len(rows), _STATE_CHUNK)]
        for n, chunk in enumerate(chunks):
            self._meta_collection.upsert(
                ids=[f"{_STATE}:{n}"],
                embeddings=[[0.0]],
                documents=[json.dumps(chunk, separators=(",", ":"), ensure_ascii=False)],
            )
        self._write_doc(_STATE, {**header, "chunks": len(chunks)})

    def read_facets(self) -> dict[str, Any] | None:
        """The catalogue's shape as of the last sync; ``None`` before the first."""
        return self._read_doc(_FACETS)

    def write_facets(self, facets: Mapping[str, Any]) -> None:
        """Store the facets."""
        self._write_doc(_FACETS, facets)


def _without_none(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in meta.items() if v is not None}
