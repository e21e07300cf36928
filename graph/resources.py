"""Clients the graph needs, built on first use and cached per setting.

Nothing here runs at import time: the server, Studio and tests import the graph
without touching the index or loading a model.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from langchain_core.embeddings import Embeddings

from graph.context import Context
from graph.lexical import LexicalIndex
from graph.retrieval import FILTER_KEYS
from sync.embed import FastEmbedEmbeddings
from sync.store import CatalogueStore

log = logging.getLogger(__name__)


@lru_cache(maxsize=8)
def _store(index_dir: str, chroma_url: str, collection: str) -> CatalogueStore:
    return CatalogueStore.open(index_dir or None, chroma_url or None, collection)


@lru_cache(maxsize=4)
def _embeddings(model: str, model_dir: str) -> Embeddings:
    return FastEmbedEmbeddings(model, model_dir or None)


def get_store(ctx: Context) -> CatalogueStore:
    """The catalogue index the context names."""
    return _store(ctx.index_dir, ctx.chroma_url, ctx.collection)


def get_embeddings(ctx: Context) -> Embeddings:
    """The query embedder (the model the index was built with)."""
    return _embeddings(ctx.embedding_model, ctx.embedding_model_dir)


@dataclass
class CatalogueView:
    """What the graph caches about the index until the next sync changes it."""

    version: tuple[Any, ...]
    facets: dict[str, Any]
    options: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # group → variants
    filters: dict[str, dict[str, Any]] | None = None  # id → filter fields, once loaded
    pages: dict[str, str] = field(default_factory=dict)  # product page without query → an id
    lexical: LexicalIndex | None = None  # BM25 over the products, once loaded (after filters)
    _loading: threading.Thread | None = None

    def load_filters(self, store: CatalogueStore, language: str = "en") -> None:
        """Read every product's filter fields, in the background (first use after a sync).

        Until it is done, retrieval uses Chroma's filtered query; after, it checks
        the constraints here and reads only the records it keeps. The same pass
        builds the lexical index (:mod:`graph.lexical`) from the records' titles
        and documents; until it is there, the first stage is dense only.
        """
        if self.filters is not None or self._loading is not None:
            return

        def load() -> None:
            table: dict[str, dict[str, Any]] = {}
            pages: dict[str, str] = {}
            texts: list[tuple[str, str, str]] = []
            try:
                for pid, meta, doc in store.iter_records():
                    table[pid] = {k: meta[k] for k in FILTER_KEYS if k in meta}
                    texts.append((pid, str(meta.get("title") or ""), doc or ""))
                    if meta.get("link"):
                        # Variants' links differ by their query ("?variant=7"); the shopper's
                        # page may be the product's own, without one.
                        pages.setdefault(page_key(str(meta["link"])), pid)
            except Exception:  # noqa: BLE001 - a failed load only keeps the slower path
                log.warning("could not load the filter table; using Chroma's filters")
                return
            self.pages = pages
            self.filters = table
            try:
                self.lexical = LexicalIndex.build(texts, language)
            except Exception:  # noqa: BLE001 - without it the first stage stays dense
                log.warning("could not build the lexical index; retrieval stays dense")

        self._loading = threading.Thread(target=load, name="aisle-filters", daemon=True)
        self._loading.start()


def page_key(url: str) -> str:
    """A product page's URL without query, fragment or trailing slash."""
    return url.split("#")[0].split("?")[0].rstrip("/")


_VIEWS: dict[tuple[str, str, str], CatalogueView] = {}


def get_view(ctx: Context) -> CatalogueView:
    """Facets and per-group variant options, cached per index version.

    One small manifest read per turn tells whether a sync happened since; the
    facets (and anything derived from them) are re-read only then.
    """
    key = (ctx.index_dir, ctx.chroma_url, ctx.collection)
    store = get_store(ctx)
    manifest = store.read_manifest() or {}
    version = (
        manifest.get("generation"),
        manifest.get("in_progress"),
        (manifest.get("last_sync") or {}).get("at"),
    )
    view = _VIEWS.get(key)
    if view is None or view.version != version or not manifest:
        view = CatalogueView(version, store.read_facets() or {})
        _VIEWS[key] = view
    if manifest and not manifest.get("in_progress"):
        view.load_filters(store, ctx.catalogue_language)
    return view


def get_facets(ctx: Context) -> dict[str, Any]:
    """The catalogue's facets as of the last sync ({} before the first)."""
    return get_view(ctx).facets


def clear_caches() -> None:
    """Forget cached clients and views (tests; after an index is rebuilt elsewhere)."""
    _store.cache_clear()
    _embeddings.cache_clear()
    _VIEWS.clear()
