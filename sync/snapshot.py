"""Read a feed into a snapshot of hashes.

Hashes for every valid product, and full records only for those that differ
from the index (so memory follows the change, not the catalogue).

Validation that needs the whole feed happens here: an id that occurs more than
once is rejected at every occurrence, since no occurrence can be trusted.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sync.classify import Hashes
from sync.document import Prepared, prepare
from sync.enrich import own_colors
from sync.facets import FacetRow
from sync.grouping import group_id_of
from sync.model import Product, Rejection
from sync.normalise import normalise
from sync.parse import FeedInfo, iter_items
from sync.taxonomy import Taxonomy

Progress = Callable[[str, int, int | None], None]


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """What the sync remembers of one indexed product."""

    raw: str  # hash of the item's XML when it was last read
    full: str
    semantic: str
    facet: FacetRow

    @property
    def hashes(self) -> Hashes:
        """(full, semantic), as classification compares them."""
        return (self.full, self.semantic)


@dataclass
class Snapshot:
    """One feed, read and hashed."""

    hashes: dict[str, Hashes] = field(default_factory=dict)  # every valid product
    raw_hashes: dict[str, str] = field(default_factory=dict)  # every valid product
    known: int = 0  # items taken from the index unread (byte-identical to last time)
    parsed: set[str] = field(default_factory=set)  # ids of valid products read in full
    pending: dict[str, Prepared] = field(default_factory=dict)  # those differing from the index
    facet_rows: dict[str, FacetRow] = field(default_factory=dict)
    rejections: list[Rejection] = field(default_factory=list)
    warnings: Counter[str] = field(default_factory=Counter)
    unresolved_categories: int = 0
    info: FeedInfo = field(default_factory=FeedInfo)

    @property
    def rejected_ids(self) -> set[str]:
        """Ids of rejected items that had a readable id (their indexed version is kept)."""
        return {r.id for r in self.rejections if r.id}


def _facet_row(product: Product, category: str) -> FacetRow:
    return FacetRow(
        category=category,
        brand=product.brand,
        price=product.price,
        currency=product.currency,
        in_stock=product.in_stock,
        labels=product.custom_labels,
        group_id=group_id_of(product),
        own_colors=own_colors(product.color),
    )


def read_snapshot(
    path: Path,
    *,
    taxonomy: Taxonomy,
    model_id: str,
    indexed: Mapping[str, IndexEntry],
    fast: bool = False,
    default_currency: str = "",
    progress: Progress | None = None,
) -> Snapshot:
    """Parse, normalise, validate and hash every item of the feed at ``path``.

    With ``fast``, an item byte-identical to what the index last read (its raw
    hash is an indexed product's) is not parsed, normalised or hashed again:
    its hashes and facet row come from ``indexed``. The caller allows it only when nothing
    else that shapes a record (schema, model, taxonomy, settings) has changed.
    """
    snap = Snapshot()
    positions: defaultdict[str, list[tuple[int, str]]] = defaultdict(list)

    for raw in iter_items(path, snap.info, known=_by_raw_hash(indexed) if fast else None):
        if raw.known:
            pid = raw.id_hint
            positions[pid].append((raw.position, ""))
            if len(positions[pid]) == 1:
                entry = indexed[pid]
                snap.hashes[pid] = entry.hashes
                snap.raw_hashes[pid] = raw.raw_hash
                snap.facet_rows[pid] = entry.facet
                snap.known += 1
            continue
        result, warnings = normalise(raw, default_currency)
        snap.warnings.update(warnings)
        if isinstance(result, Rejection):
            snap.rejections.append(result)
            if result.id:
                positions[result.id].append((result.position, result.title))
            continue
        product = result
        positions[product.id].append((raw.position, product.title))
        if len(positions[product.id]) > 1:
            continue  # a duplicate: resolved below
        prepared = prepare(product, taxonomy, model_id)
        if prepared.categories.unresolved:
            snap.unresolved_categories += 1
        hashes = (prepared.full_hash, prepared.semantic_hash)
        snap.hashes[product.id] = hashes
        snap.parsed.add(product.id)
        snap.raw_hashes[product.id] = raw.raw_hash
        snap.facet_rows[product.id] = _facet_row(product, prepared.categories.primary)
        old = indexed.get(product.id)
        if old is None or old.hashes != hashes:
            snap.pending[product.id] = prepared
        if progress and raw.position % 1000 == 0:
            progress("parse", raw.position, None)
    _reject_duplicates(snap, positions)
    if snap.unresolved_categories:
        why = (
            "not in the taxonomy file (left unresolved)"
            if taxonomy.available
            else "unresolved: no taxonomy file (set AISLE_TAXONOMY_PATH)"
        )
        snap.warnings[f"numeric google_product_category {why}"] += snap.unresolved_categories
    if progress:
        progress("parse", snap.info.items, snap.info.items)
    return snap


def _by_raw_hash(indexed: Mapping[str, IndexEntry]) -> dict[str, str]:
    """Raw hash → id of every indexed product; a hash two products share is left out."""
    out: dict[str, str] = {}
    shared: set[str] = set()
    for pid, entry in indexed.items():
        if not entry.raw:
            continue
        if out.setdefault(entry.raw, pid) != pid:
            shared.add(entry.raw)
    for raw in shared:
        del out[raw]
    return out


def _reject_duplicates(snap: Snapshot, positions: Mapping[str, list[tuple[int, str]]]) -> None:
    duplicated = {pid: seen for pid, seen in positions.items() if len(seen) > 1}
    if not duplicated:
        return
    # Items rejected for another reason whose id also repeats: one reason per item.
    snap.rejections = [r for r in snap.rejections if r.id not in duplicated]
    for pid, seen in duplicated.items():
        snap.hashes.pop(pid, None)
        snap.raw_hashes.pop(pid, None)
        snap.pending.pop(pid, None)
        snap.facet_rows.pop(pid, None)
        snap.parsed.discard(pid)
        where = ", ".join(f"#{pos}" for pos, _ in seen)
        for position, title in seen:
            snap.rejections.append(
                Rejection(
                    position,
                    pid,
                    f"duplicate id: {len(seen)} items share it ({where}); give each a unique g:id",
                    title,
                )
            )
    snap.rejections.sort(key=lambda r: r.position)
