"""Retrieve: filter-then-score over the index, one result per product group.

Hard constraints (price, stock, category subtree, brand, colour, size, gender,
collection, on sale) become a Chroma ``where`` filter, applied *before* vector
similarity, so a constraint can never be traded for relevance. Every hit is
checked again in Python (:func:`violations`) as a second line of defence.

Variants collapse to one candidate per ``group_id``: the best-matching variant
represents the group, and the candidate carries the options of the whole group
("in 5 sizes, 3 colours") and which variants satisfy the shopper.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from sync.sizes import LETTERS, kinds_of, shopper_tokens
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
#: The metadata keys :func:`violations` reads (and a filter table keeps).
FILTER_KEYS = (
    "in_stock", "categories", "brand_key", "colors", "sizes", "gender", "labels",
    "has_sale", "sale_price", "sale_start", "sale_end", "price", "group_id",
)  # fmt: skip


#: Catalogues up to this many products keep every vector in memory beside the filter table
#: (50,000 × 384 floats: 77 MB): a filter few of the nearest products pass is then an exact
#: scan here, not Chroma's filtered query (150 ms on 10,000 products, measured).
VECTORS_IN_MEMORY = 50_000


@dataclass
class VectorTable:
    """Every product's vector, as unit rows, for exact nearest-first scans."""

    ids: list[str]
    matrix: np.ndarray

    @classmethod
    def read(cls, store: CatalogueStore) -> VectorTable:
        """The vectors of every product in ``store``."""
        ids: list[str] = []
        rows: list[np.ndarray] = []
        for page_ids, page in store.iter_vectors():
            ids.extend(page_ids)
            rows.append(page)
        matrix = np.concatenate(rows) if rows else np.zeros((0, 1), dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return cls(ids, matrix / np.where(norms == 0, 1.0, norms))

    def nearest(self, vector: Sequence[float]) -> Iterator[tuple[str, float]]:
        """Every product id with its cosine similarity to ``vector``, nearest first."""
        if not self.ids:
            return
        query = np.asarray(vector, dtype=np.float32)
        sims = self.matrix @ (query / (float(np.linalg.norm(query)) or 1.0))
        for row in np.argsort(-sims, kind="stable").tolist():
            yield self.ids[row], float(sims[row])


class FilterTable(dict[str, dict[str, Any]]):
    """Every product's filter fields (id → :data:`FILTER_KEYS`), read once per generation.

    With ``vectors``, their vectors too (see :data:`VECTORS_IN_MEMORY`).
    """

    vectors: VectorTable | None = None


def now_ts() -> int:
    """Current time in epoch seconds (sale windows are compared against it)."""
    return int(time.time())


def sale_active(meta: Mapping[str, Any], now: int) -> bool:
    """Whether the record's sale price applies now."""
    return bool(meta.get("has_sale")) and meta.get("sale_start", 0) <= now <= meta.get(
        "sale_end", 0
    )


def effective_price(meta: Mapping[str, Any], now: int) -> float:
    """The price a shopper pays now."""
    return float(meta["sale_price"] if sale_active(meta, now) else meta["price"])


def _price_window(now: int) -> list[dict[str, Any]]:
    return [{"sale_start": {"$lte": now}}, {"sale_end": {"$gte": now}}]


def size_tokens(prefs: Mapping[str, Any]) -> list[str]:
    """The size tokens that fit the shopper's size (``[]``: no size asked).

    An unnamed number is read for the kind of product asked for (the category, else
    the query): "42" for shoes is EU 42, for jeans also a waist (see :mod:`sync.sizes`).
    """
    if not prefs.get("size"):
        return []
    named = (prefs.get("category"), *(prefs.get("category_any") or ()), prefs.get("query"))
    return sorted(_fitting_sizes(str(prefs["size"]), tuple(str(t or "") for t in named)))


@lru_cache(maxsize=512)
def _fitting_sizes(size: str, named: tuple[str, ...]) -> frozenset[str]:
    return frozenset(shopper_tokens(size, kinds_of(*named)))


def build_where(prefs: Mapping[str, Any], now: int) -> dict[str, Any] | None:
    """The Chroma filter for the hard constraints in ``prefs``.

    Every record stores ``sale_price`` and a sale window (no sale: the price,
    always), so "effective price <= X" is ``price <= X`` or ``sale_price <= X``
    inside the window.
    """
    clauses: list[dict[str, Any]] = []
    if prefs.get("in_stock_only", True):
        clauses.append({"in_stock": True})
    if prefs.get("category"):
        clauses.append({"categories": {"$contains": prefs["category"]}})
    if tied := list(prefs.get("category_any") or ()):
        any_of = [{"categories": {"$contains": path}} for path in tied]
        clauses.append(any_of[0] if len(any_of) == 1 else {"$or": any_of})
    if prefs.get("brands"):
        clauses.append({"brand_key": {"$in": [b.casefold() for b in prefs["brands"]]}})
    if prefs.get("exclude_brands"):
        clauses.append({"brand_key": {"$nin": [b.casefold() for b in prefs["exclude_brands"]]}})
    colors = list(prefs.get("colors") or ())
    if len(colors) == 1:
        clauses.append({"colors": {"$contains": colors[0]}})
    elif colors:
        clauses.append({"$or": [{"colors": {"$contains": c}} for c in colors]})
    if sizes := size_tokens(prefs):
        any_size = [{"sizes": {"$contains": token}} for token in sizes]
        clauses.append(any_size[0] if len(any_size) == 1 else {"$or": any_size})
    if prefs.get("gender"):
        gender = prefs["gender"]
        allowed = [gender] if gender == "kids" else [gender, "unisex"]
        clauses.append({"gender": {"$in": allowed}})
    elif prefs.get("exclude_genders"):  # a gift's recipient; records without a gender stay
        clauses.append({"gender": {"$nin": list(prefs["exclude_genders"])}})
    if prefs.get("collection"):
        clauses.append({"labels": {"$contains": prefs["collection"]}})
    if prefs.get("on_sale"):
        clauses.extend([{"has_sale": True}, *_price_window(now)])
    if prefs.get("max_price") is not None:
        cap = float(prefs["max_price"])
        clauses.append(
            {
                "$or": [
                    {"price": {"$lte": cap}},
                    {"$and": [{"sale_price": {"$lte": cap}}, *_price_window(now)]},
                ]
            }
        )
    if prefs.get("min_price") is not None:
        floor = float(prefs["min_price"])
        clauses.append(
            {
                "$or": [
                    {"$and": [{"sale_price": {"$gte": floor}}, *_price_window(now)]},
                    {
                        "$and": [
                            {"price": {"$gte": floor}},
                            {"$or": [{"sale_start": {"$gt": now}}, {"sale_end": {"$lt": now}}]},
                        ]
                    },
                ]
            }
        )
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


def violations(meta: Mapping[str, Any], prefs: Mapping[str, Any], now: int) -> list[str]:
    """The hard constraints a record breaks (empty: it satisfies all of them)."""
    broken = []
    if prefs.get("in_stock_only", True) and not meta.get("in_stock"):
        broken.append("in_stock_only")
    categories = meta.get("categories") or ()
    if prefs.get("category") and prefs["category"] not in categories:
        broken.append("category")
    if prefs.get("category_any") and not set(prefs["category_any"]) & set(categories):
        broken.append("category")
    brand = (meta.get("brand_key") or "").casefold()
    if prefs.get("brands") and brand not in {b.casefold() for b in prefs["brands"]}:
        broken.append("brands")
    if prefs.get("exclude_brands") and brand in {b.casefold() for b in prefs["exclude_brands"]}:
        broken.append("exclude_brands")
    if prefs.get("colors") and not set(prefs["colors"]) & set(meta.get("colors") or ()):
        broken.append("colors")
    if prefs.get("size") and set(size_tokens(prefs)).isdisjoint(meta.get("sizes") or ()):
        broken.append("size")
    if prefs.get("gender"):
        allowed = {prefs["gender"]} if prefs["gender"] == "kids" else {prefs["gender"], "unisex"}
        if meta.get("gender") not in allowed:
            broken.append("gender")
    elif meta.get("gender") and meta["gender"] in (prefs.get("exclude_genders") or ()):
        broken.append("exclude_genders")
    if prefs.get("collection") and prefs["collection"] not in (meta.get("labels") or ()):
        broken.append("collection")
    if prefs.get("on_sale") and not sale_active(meta, now):
        broken.append("on_sale")
    price = effective_price(meta, now)
    if prefs.get("max_price") is not None and price > float(prefs["max_price"]) + 1e-9:
        broken.append("max_price")
    if prefs.get("min_price") is not None and price < float(prefs["min_price"]) - 1e-9:
        broken.append("min_price")
    return broken


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
            return _finish(store, list(groups.values()), options_cache)
    wide = max(WIDE, k * OVERFETCH)
    hits = store.query(vector, k=wide, documents=False)
    groups = _collapse(hits, prefs, k, now)
    if len(groups) < (enough or k) and len(hits) == wide:  # more exists than we looked at
        hits = store.query(vector, k=k * OVERFETCH, where=build_where(prefs, now), documents=False)
        groups = _collapse(hits, prefs, k, now)
    return _finish(store, list(groups.values()), options_cache)


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
    got = store.get(ids=[best for best, _, _ in chosen.values()], include=["metadatas"])
    fresh = dict(zip(got["ids"], got["metadatas"], strict=True))
    groups = {}
    for gid, (best, similarity, ids) in chosen.items():
        meta = fresh.get(best)
        if meta is None or violations(meta, prefs, now):
            complete = False  # changed since the table was read: leave it out, ask Chroma
            continue
        groups[gid] = Candidate(best, gid, similarity, dict(meta), "", matching_ids=ids)
    return groups, complete


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
    if vectors is not None:  # every product, exactly: nothing beyond them to find
        hits, complete = vectors.nearest(vector), True
    else:
        found = store.nearest_ids(vector, WIDE_IDS)
        # Fewer hits than asked: the index holds no other product. If the table knew
        # every one, no filtered query can find a group this one missed.
        hits, complete = iter(found), len(found) < WIDE_IDS
    for seen, (pid, similarity) in enumerate(hits):
        if seen >= WIDE_IDS and len(chosen) >= k:
            break  # variants farther than this are not gathered (as Chroma's 1,500)
        meta = filters.get(pid)
        if meta is None:
            complete = False  # newer than the table: only Chroma's filter can judge it
            continue
        gid = str(meta.get("group_id") or pid)
        if (gid in chosen or len(chosen) < k) and not violations(meta, prefs, now):
            if gid in chosen:
                chosen[gid][2].append(pid)
            else:
                chosen[gid] = (pid, similarity, [pid])
    return chosen, complete


def _finish(
    store: CatalogueStore,
    candidates: list[Candidate],
    options_cache: dict[str, dict[str, list[str]]] | None,
) -> list[Candidate]:
    """Read the kept candidates' documents and their groups' variant options."""
    docs = store.documents([c.id for c in candidates])
    for cand in candidates:
        cand.document = docs.get(cand.id, "")
    _attach_options(store, candidates, options_cache)
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
) -> None:
    """Fill each candidate's variant options from all members of its group."""
    cache = {} if cache is None else cache
    missing = [
        c.group_id
        for c in candidates
        if (c.group_id != c.id or len(c.matching_ids) > 1) and c.group_id not in cache
    ]
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
