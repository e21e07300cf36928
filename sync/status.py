"""``python -m sync status``: what the index holds, for people and machines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sync.store import CatalogueStore


def index_status(
    index_dir: str | Path | None,
    chroma_url: str | None = None,
    collection: str = "products",
    cache_dir: Path | None = None,
) -> dict[str, Any]:
    """Size, manifest (versions, last sync) and facets of an index.

    Read-only: it never creates the index, its database or a collection. Where
    there is no index, or it lacks ``collection``, ``exists`` is false.
    """
    where = chroma_url or str(index_dir or ".aisle/index")
    watch = watch_state(index_dir, chroma_url, collection, cache_dir)
    store = CatalogueStore.open_existing(index_dir, chroma_url, collection)
    if store is None:
        return {"exists": False, "index": where, "collection": collection, "watch": watch}
    manifest = store.read_manifest()
    size = store.count()
    return {
        "exists": manifest is not None or size > 0,
        "index": where,
        "collection": collection,
        "size": size,
        "unfinished": unfinished_sync(store, manifest),
        "manifest": manifest,
        "facets": store.read_facets(),
        "watch": watch,
    }


def watch_state(
    index_dir: str | Path | None,
    chroma_url: str | None,
    collection: str,
    cache_dir: Path | None = None,
) -> dict[str, Any] | None:
    """The state ``sync watch`` last wrote for this index (``None``: never watched here).

    ``cache_dir``: where the watcher keeps it (default ``AISLE_CACHE_DIR``, as the sync's).
    """
    from sync.settings import SyncSettings
    from sync.watch import read_state

    settings = SyncSettings(
        index_dir=Path(index_dir or ".aisle/index"), chroma_url=chroma_url, collection=collection
    )
    if cache_dir is not None:
        settings.cache_dir = cache_dir
    state = read_state(settings)
    if state is not None:
        state.pop("last_report", None)  # the manifest says what the last sync did
    return state


def unfinished_sync(store: CatalogueStore, manifest: dict[str, Any] | None) -> bool:
    """Whether a sync stopped before it finished (the next sync completes it).

    A first sync or a rebuild marks its start in the manifest; an incremental
    one leaves records newer than the manifest's generation, or deletions the
    manifest promised still undone.
    """
    if manifest is None:
        return False
    if manifest.get("in_progress"):
        return True
    if store.metadata_where({"_gen": {"$gt": int(manifest.get("generation", 0))}}):
        return True
    pending = manifest.get("pending_deletes") or []
    return bool(pending and store.metadata_of(pending))


def watch_text(watch: dict[str, Any] | None) -> list[str]:
    """Lines about the watcher: running or not, last success and error, next run."""
    if not watch:
        return []
    if watch.get("alive"):
        head = f"  watch: running (pid {watch.get('pid')}) every {watch.get('every')} s"
        if watch.get("listen"):
            head += f", listening on {watch['listen']}"
    else:
        head = f"  watch: not running (last stopped {watch.get('stopped_at') or 'unexpectedly'})"
    lines = [head, f"    last success {watch.get('last_success_at') or 'never'}"]
    failures = int(watch.get("consecutive_failures") or 0)
    if watch.get("last_error"):
        lines.append(f"    last error {watch.get('last_error_at')}: {watch['last_error']}")
    if failures:
        lines.append(f"    ! {failures} failed sync(s) in a row")
    if watch.get("alive"):
        upcoming = "syncing now" if watch.get("syncing") else f"next run {watch.get('next_run_at')}"
        lines.append(f"    {upcoming}")
    return lines


def status_text(info: dict[str, Any]) -> str:
    """A short human summary of :func:`index_status`."""
    if not info["exists"]:
        return "\n".join(
            [
                f"No index at {info['index']} with a collection {info['collection']!r} (nothing "
                "was created). Create it with: python -m sync run FEED"
                + (
                    ""
                    if info["collection"] == "products"
                    else f" --collection {info['collection']}"
                ),
                *watch_text(info.get("watch")),
            ]
        )
    manifest = info.get("manifest") or {}
    facets = info.get("facets") or {}
    last = manifest.get("last_sync") or {}
    lines = [
        f"Index {info['index']} · collection {info['collection']} · {info['size']} products",
        f"  schema v{manifest.get('schema_version')} · model {manifest.get('model_id')}",
        f"  last sync {last.get('at', 'never')} from {last.get('feed', '-')}",
    ]
    if info.get("unfinished"):
        lines.append("  ! the last sync did not finish; the next sync completes it")
    if facets:
        lines.append(
            f"  {facets.get('in_stock', 0)} in stock · {facets.get('variant_groups', 0)} "
            f"product groups · {facets.get('brand_count', 0)} brands"
        )
        for node in facets.get("categories", [])[:8]:
            lines.append(f"  {node['share']:6.1%}  {node['path']} ({node['count']})")
        for coll in facets.get("collections", [])[:5]:
            lines.append(f"  collection {coll['name']!r}: {coll['count']} products")
    lines.extend(watch_text(info.get("watch")))
    return "\n".join(lines)
