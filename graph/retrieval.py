"""Retrieve: filter-then-score over the index, one result per product group.

Hard constraints (price, stock, category subtree, brand, colour, size, gender,
collection, on sale) become a Chroma ``where`` filter, applied *before* vector
similarity, so a constraint can never be traded for relevance. Every hit is
checked again in Python (:func:`graph.constraints.violations`) as a second line of
defence.

Variants collapse to one candidate per ``group_id``: the best-matching variant
represents the group, and the candidate carries the options of the whole group
("in 5 sizes, 3 colours") and which variants satisfy the shopper.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graph.constraints import admits, build_where, now_ts, violations
from graph.tables import FilterColumns, FilterTable
from sync.sizes import LETTERS
from sync.sizes import parse as parse_sizes
from sync.store import CatalogueStore

#: The preference keys that are hard constraints, in the order they are relaxed
#: when nothing matches (the shopper's core need — category — is relaxed last).
HARD_KEYS = (
    "colors", "size", "brands", "exclude_brands", "on_sale", "collection", "gender",
    "exclude_genders", "min_price", "max_price", "category",
)  # fmt: skip
#: Groups fetched per wanted result: variants of one product crowd the top hits.
OVERFETCH = 4
#: Products read unfiltered before falling back to a filtered query.
WIDE = 200
#: Nearest products checked against the in-memory filter table (ids only: cheap).
WIDE_IDS = 1500


@dataclass
class Candidate:
    """One product group found for the shopper."""

    id: str  # the best-matching variant
    group_id: str
    similarity: float  # cosine similarity of the best variant to the need
    meta: dict[str, Any]
    document: str
    matching_ids: list[str] = field(default_factory=list)  # variants that satisfy everything
    options: dict[str, list[str]] = field(default_factory=dict)  # colours/sizes of the group
    score: float = 0.0  # after reranking
    reasons: list[str] = field(default_factory=list)
    lexical: float = 0.0  # BM25 score of the best variant (0: the lexical side did not find it)
    fused: float = 0.0  # reciprocal-rank fusion of the first stage's lists
    crossing: float | None = None  # the title's multilingual similarity to a foreign need


def retrieve(
    store: CatalogueStore,
    vector: Sequence[float],
    prefs: Mapping[str, Any],
    k: int = 40,
    now: int | None = None,
    options_cache: dict[str, dict[str, list[str]]] | None = None,
    enough: int | None = None,
    filters: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Candidate]:
    """Up to ``k`` product groups satisfying every hard constraint, best first.

    Two passes, because Chroma's cost follows the filter, not the index: a
    filter that matches most products (in stock, a big category) costs it
    far more than the vector search. So first the nearest ``WIDE`` products
    unfiltered, checked here; only when fewer than ``enough`` (default ``k``)
    groups pass does the filtered query run, and the constraints that leave few
    products make it cheap. The groups the first pass finds are exactly the
    nearest matching ones (every product it skipped is farther away), so
    stopping there only shortens the tail the reranker sees.

    With ``filters`` (every product's filter fields, see :data:`FILTER_KEYS`)
    the first pass reads ids and distances only, checks them here, and reads
    the records of the groups it keeps; each is checked again on its stored
    metadata, so a table older than the index cannot let a violation through.
    """
    now = now_ts() if now is None else now
    groups: dict[str, Candidate] = {}
    if filters is not None:
        groups, complete = _from_table(store, vector, prefs, k, now, filters)
        if complete or len(groups) >= (enough or k):
            return _finish(store, list(groups.values()), options_cache, filters)
    wide = max(WIDE, k * OVERFETCH)
    hits = store.query(vector, k=wide, documents=False)
    groups = _collapse(hits, prefs, k, now)
    if len(groups) < (enough or k) and len(hits) == wide:  # more exists than we looked at
        hits = store.query(vector, k=k * OVERFETCH, where=build_where(prefs, now), documents=False)
        groups = _collapse(hits, prefs, k, now)
    return _finish(store, list(groups.values()), options_cache, filters)


def _from_table(
    store: CatalogueStore,
    vector: Sequence[float],
    prefs: Mapping[str, Any],
    k: int,
    now: int,
    filters: Mapping[str, Mapping[str, Any]],
) -> tuple[dict[str, Candidate], bool]:
    """The nearest matching groups, checked against the filter table, records read after.

    Also whether no other group can match: the table saw every product, none changed since.
    """
    chosen, complete = nearest_groups(store, vector, prefs, k, now, filters)
    if not chosen:
        return {}, complete
    fresh = read_records(store, [best for best, _, _ in chosen.values()], filters)
    groups = {}
    for gid, (best, similarity, ids) in chosen.items():
        meta, doc = fresh.get(best, (None, ""))
        if meta is None or violations(meta, prefs, now):
            complete = False  # changed since the table was read: leave it out, ask Chroma
            continue
        groups[gid] = Candidate(best, gid, similarity, dict(meta), doc, matching_ids=ids)
    return groups, complete


def read_records(
    store: CatalogueStore,
    ids: Sequence[str],
    filters: Mapping[str, Mapping[str, Any]] | None,
    documents: bool = False,
) -> dict[str, tuple[dict[str, Any], str]]:
    """The stored (metadata, document) of those of ``ids`` the index holds.

    From the filter table when it holds the records (documents included, they cost
    nothing there); the others in one Chroma read, with their documents only when
    ``documents`` (reading them costs; "" stands for one not read).
    """
    out: dict[str, tuple[dict[str, Any], str]] = {}
    table = filters if isinstance(filters, FilterTable) else None
    missing = []
    for pid in ids:
        found = table.record(pid) if table is not None else None
        if found is None:
            missing.append(pid)
        else:
            out[pid] = found
    if missing:
        got = store.get(ids=missing, include=["metadatas"] + (["documents"] if documents else []))
        docs = got["documents"] if documents else [""] * len(got["ids"])
        out.update(zip(got["ids"], zip(got["metadatas"], docs, strict=True), strict=True))
    return out


def nearest_groups(
    store: CatalogueStore,
    vector: Sequence[float],
    prefs: Mapping[str, Any],
    k: int,
    now: int,
    filters: Mapping[str, Mapping[str, Any]],
) -> tuple[dict[str, tuple[str, float, list[str]]], bool]:
    """The ``k`` nearest groups that pass the filter table, and whether that is all there is.

    Groups map to (best id, similarity, ids). All there is: every product in the index was
    checked. Ids and distances only (no record is read); the caller checks the records it keeps.
    """
    chosen: dict[str, tuple[str, float, list[str]]] = {}
    hits: Iterator[tuple[str, float]]
    vectors = getattr(filters, "vectors", None)
    columns = getattr(filters, "columns", None)
    if vectors is not None and columns is not None and columns.ids is vectors.ids:
        return nearest_in_memory(vectors.similarities(vector), columns, prefs, k, now)
    if vectors is not None:  # every product, exactly: nothing beyond them to find
        hits, complete = vectors.nearest(vector), True
    else:
        found = store.nearest_ids(vector, WIDE_IDS)
        # Fewer hits than asked: the index holds no other product. If the table knew
        # every one, no filtered query can find a group this one missed.
        hits, complete = iter(found), len(found) < WIDE_IDS
    allowed = admits(prefs, now)
    for seen, (pid, similarity) in enumerate(hits):
        if seen >= WIDE_IDS and len(chosen) >= k:
            break  # variants farther than this are not gathered (as Chroma's 1,500)
        meta = filters.get(pid)
        if meta is None:
            complete = False  # newer than the table: only Chroma's filter can judge it
            continue
        gid = str(meta.get("group_id") or pid)
        if (gid in chosen or len(chosen) < k) and allowed(meta):
            if gid in chosen:
                chosen[gid][2].append(pid)
            else:
                chosen[gid] = (pid, similarity, [pid])
    return chosen, complete


def nearest_in_memory(
    sims: np.ndarray,
    columns: FilterColumns,
    prefs: Mapping[str, Any],
    k: int,
    now: int,
) -> tuple[dict[str, tuple[str, float, list[str]]], bool]:
    """:func:`nearest_groups` over similarities to every row of ``columns`` (in memory).

    The constraints are one mask; only the rows it admits are walked, nearest
    first, with the same stopping rule (past :data:`WIDE_IDS` products, once ``k``
    groups are found) and the same answer as checking each product in turn.
    """
    chosen: dict[str, tuple[str, float, list[str]]] = {}
    order = np.argsort(-sims, kind="stable")
    admitted = columns.mask(prefs, now)[order]
    stop = len(order)  # where the walk one product at a time would stop
    for position in np.flatnonzero(admitted).tolist():
        if position >= stop:
            break
        row = int(order[position])
        pid = columns.ids[row]
        meta = columns.rows[row] or {}
        gid = str(meta.get("group_id") or pid)
        if gid in chosen:
            chosen[gid][2].append(pid)
        elif len(chosen) < k:
            chosen[gid] = (pid, float(sims[row]), [pid])
            if len(chosen) == k:
                stop = min(stop, max(WIDE_IDS, position + 1))
    # a product newer than the table, among those walked: only Chroma's filter can judge it
    complete = bool(columns.known[order[:stop]].all())
    return chosen, complete


def _finish(
    store: CatalogueStore,
    candidates: list[Candidate],
    options_cache: dict[str, dict[str, list[str]]] | None,
    filters: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Candidate]:
    """Read the kept candidates' documents (those not read yet) and their groups' options."""
    unread = [c.id for c in candidates if not c.document]
    docs = store.documents(unread) if unread else {}
    for cand in candidates:
        cand.document = cand.document or docs.get(cand.id, "")
    _attach_options(store, candidates, options_cache, filters)
    return candidates


def _collapse(
    hits: Sequence[tuple[str, float, dict[str, Any], str]],
    prefs: Mapping[str, Any],
    k: int,
    now: int,
) -> dict[str, Candidate]:
    """The first ``k`` groups among the hits that satisfy every hard constraint."""
    groups: dict[str, Candidate] = {}
    for pid, similarity, meta, doc in hits:
        if violations(meta, prefs, now):
            continue
        gid = str(meta.get("group_id") or pid)
        if gid in groups:
            groups[gid].matching_ids.append(pid)
        elif len(groups) < k:
            groups[gid] = Candidate(pid, gid, similarity, dict(meta), doc, matching_ids=[pid])
    return groups


def _attach_options(
    store: CatalogueStore,
    candidates: list[Candidate],
    cache: dict[str, dict[str, list[str]]] | None = None,
    filters: Mapping[str, Mapping[str, Any]] | None = None,
) -> None:
    """Fill each candidate's variant options from all members of its group.

    The members come from the filter table when it holds the records, else from Chroma.
    """
    cache = {} if cache is None else cache
    missing = [
        c.group_id
        for c in candidates
        if (c.group_id != c.id or len(c.matching_ids) > 1) and c.group_id not in cache
    ]
    if missing and isinstance(filters, FilterTable) and filters.documents is not None:
        for gid in missing:
            cache[gid] = variant_options(filters.members(gid) or [])
        missing = []
    if missing:
        got = store.get(where={"group_id": {"$in": missing}}, include=["metadatas"])
        members: dict[str, list[Mapping[str, Any]]] = {}
        for meta in got["metadatas"]:
            members.setdefault(str(meta.get("group_id")), []).append(meta)
        for gid in missing:
            cache[gid] = variant_options(members.get(gid, []))
    for cand in candidates:
        cand.options = cache.get(cand.group_id, {})


def variant_options(metas: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Distinct in-stock colours and sizes across a group's variants."""
    colors: dict[str, None] = {}
    sizes: dict[str, None] = {}
    for meta in metas:
        if not meta.get("in_stock"):
            continue
        if meta.get("color"):
            colors[str(meta["color"])] = None
        if meta.get("size"):
            sizes[str(meta["size"])] = None
    options = {}
    if len(colors) > 1 or (colors and len(metas) > 1):
        options["color"] = list(colors)
    if sizes:
        options["size"] = _sorted_sizes(list(sizes))
    return options


def _sorted_sizes(sizes: list[str]) -> list[str]:
    """The feed's size texts, unchanged, smallest first.

    S < M < XL, 9 < 9.5 < 10, "EU 38 / UK 5" < "EU 39 / UK 6" (by the first size
    each text states); what states no size goes last.
    """

    def key(size: str) -> tuple[int, float, str]:
        first = next(iter(parse_sizes(size)), None)
        if first is not None and first.system == "letter" and first.value in LETTERS:
            return (0, LETTERS.index(first.value), size.upper())
        if first is not None:
            try:
                return (1, float(first.value.split("/")[0].rstrip("ym").split("x")[0]), size)
            except ValueError:
                pass
        return (2, 0.0, size.upper())

    return sorted(sizes, key=key)


def relax(
    store: CatalogueStore,
    vector: Sequence[float],
    prefs: Mapping[str, Any],
    k: int = 5,
    now: int | None = None,
    filters: Mapping[str, Mapping[str, Any]] | None = None,
) -> tuple[str | None, list[Candidate]]:
    """When nothing matches: the one constraint whose removal finds something, and those items.

    Tries the stock first, then each present hard constraint in :data:`HARD_KEYS`
    order; the items returned break exactly that constraint and satisfy all the others.
    ``filters``: the filter table, as for :func:`retrieve` (each try is then a table scan).
    """
    # First the stock: a product that meets everything but is sold out ("IronLoop 30L
    # Hiking Daypack") is the honest answer, not another brand's labelled "not by IronLoop".
    if prefs.get("in_stock_only", True):
        found = retrieve(
            store, vector, {**prefs, "in_stock_only": False}, k=k, now=now, filters=filters
        )
        if found:
            return "in_stock_only", found
    for key in HARD_KEYS:
        # The paths a category word tied to ("jackets": Men's and Women's) are the category.
        dropped = {key, "category_any"} if key == "category" else {key}
        if all(prefs.get(k2) in (None, "", [], ()) for k2 in dropped):
            continue
        loosened = {k2: v for k2, v in prefs.items() if k2 not in dropped}
        found = retrieve(store, vector, loosened, k=k, now=now, filters=filters)
        if found:
            return key, found
    return None, []
