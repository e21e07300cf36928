"""What the graph keeps in memory about one generation of the index.

:class:`FilterTable`: every product's filter fields (and, for catalogues up to
:data:`RECORDS_IN_MEMORY`, the whole records), :class:`VectorTable`: every vector as a
unit row, :class:`FilterColumns`: the filter fields as columns over the vectors' rows,
so a turn's hard constraints are one boolean mask. All are read once per sync, in the
background (:meth:`graph.resources.CatalogueView.load_filters`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graph.constraints import size_tokens
from sync.store import CatalogueStore

#: Catalogues up to this many products keep every vector in memory beside the filter table
#: (50,000 × 384 floats: 77 MB): a filter few of the nearest products pass is then an exact
#: scan here, not Chroma's filtered query (150 ms on 10,000 products, measured).
VECTORS_IN_MEMORY = 50_000


@dataclass
class VectorTable:
    """Every product's vector, as unit rows, for exact nearest-first scans."""

    ids: list[str]
    matrix: np.ndarray
    rows: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rows = {pid: n for n, pid in enumerate(self.ids)}

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

    def similarities(self, vector: Sequence[float]) -> np.ndarray:
        """Every row's cosine similarity to ``vector``."""
        query = np.asarray(vector, dtype=np.float32)
        return self.matrix @ (query / (float(np.linalg.norm(query)) or 1.0))

    def nearest(self, vector: Sequence[float]) -> Iterator[tuple[str, float]]:
        """Every product id with its cosine similarity to ``vector``, nearest first."""
        if not self.ids:
            return
        sims = self.similarities(vector)
        for row in np.argsort(-sims, kind="stable").tolist():
            yield self.ids[row], float(sims[row])

    def similarity(self, pid: str, vector: Sequence[float]) -> float | None:
        """The cosine similarity of ``pid``'s vector to ``vector`` (None: not in the table)."""
        row = self.rows.get(pid)
        if row is None:
            return None
        query = np.asarray(vector, dtype=np.float32)
        return float(self.matrix[row] @ query) / (float(np.linalg.norm(query)) or 1.0)


#: Catalogues up to this many products keep every record (metadata and document) in memory
#: too: a candidate is then read here, not from Chroma (about 0.17 ms a record on 10,000
#: products, ~100 records a search: most of a search's time). About 3 KB a product.
RECORDS_IN_MEMORY = 20_000


class FilterTable(dict[str, dict[str, Any]]):
    """Every product's filter fields (id → :data:`FILTER_KEYS`), read once per generation.

    With ``vectors``, their vectors too (see :data:`VECTORS_IN_MEMORY`). With
    ``documents`` (see :data:`RECORDS_IN_MEMORY`), each row is the product's whole
    stored metadata and ``documents`` its document: the records of one read of the
    index, so a candidate's record comes from here as the same snapshot the filters
    and the vectors are.
    """

    vectors: VectorTable | None = None
    columns: FilterColumns | None = None  # over the vectors' rows, with them
    documents: dict[str, str] | None = None
    _members: dict[str, list[str]] | None = None

    def record(self, pid: str) -> tuple[dict[str, Any], str] | None:
        """The stored (metadata, document) of ``pid``, when the table holds records."""
        if self.documents is None or pid not in self.documents:
            return None
        return self[pid], self.documents[pid]

    def members(self, group: str) -> list[dict[str, Any]] | None:
        """The stored metadata of a group's variants (None: the table holds no records)."""
        if self.documents is None:
            return None
        if self._members is None:
            members: dict[str, list[str]] = {}
            for pid, row in self.items():
                members.setdefault(str(row.get("group_id") or pid), []).append(pid)
            self._members = members
        return [self[pid] for pid in self._members.get(group, ())]


@dataclass
class FilterColumns:
    """The filter table as columns over the vector table's rows.

    A turn's hard constraints become one boolean mask in a few numpy operations, the
    rows :func:`graph.constraints.admits` would admit, instead of a Python check per
    product: a constraint that few of the nearest products pass ("in blue", "under
    20") no longer walks the catalogue one record at a time. A value index (which
    rows carry each colour, size, category…) is built the first time a key is asked.
    """

    ids: list[str]
    rows: list[Mapping[str, Any] | None]  # None: a product newer than the filter table
    known: np.ndarray
    in_stock: np.ndarray
    has_sale: np.ndarray
    price: np.ndarray
    sale_price: np.ndarray
    sale_start: np.ndarray
    sale_end: np.ndarray
    _values: dict[str, dict[Any, np.ndarray]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, ids: list[str], table: Mapping[str, Mapping[str, Any]]) -> FilterColumns:
        """Columns for ``ids`` (a vector table's rows, in order) from ``table``."""
        rows = [table.get(pid) for pid in ids]

        def column(key: str, default: Any, dtype: Any) -> np.ndarray:
            return np.asarray(
                [(row.get(key, default) if row is not None else default) for row in rows],
                dtype=dtype,
            )

        return cls(
            ids=ids,
            rows=rows,
            known=np.asarray([row is not None for row in rows], dtype=bool),
            in_stock=column("in_stock", False, bool),
            has_sale=column("has_sale", False, bool),
            price=column("price", np.nan, np.float64),
            sale_price=column("sale_price", np.nan, np.float64),
            sale_start=column("sale_start", 0, np.float64),
            sale_end=column("sale_end", 0, np.float64),
        )

    def mask(self, prefs: Mapping[str, Any], now: int) -> np.ndarray:
        """Which rows meet every hard constraint in ``prefs`` (as :func:`admits` says)."""
        mask = self.known.copy()
        if prefs.get("in_stock_only", True):
            mask &= self.in_stock
        if prefs.get("category"):
            mask &= self._carrying("categories", [prefs["category"]])
        if prefs.get("category_any"):
            mask &= self._carrying("categories", prefs["category_any"])
        if prefs.get("brands"):
            mask &= self._carrying("brand_key", {b.casefold() for b in prefs["brands"]})
        if prefs.get("exclude_brands"):
            excluded = {b.casefold() for b in prefs["exclude_brands"]}
            mask &= ~self._carrying("brand_key", excluded)
        if prefs.get("colors"):
            mask &= self._carrying("colors", prefs["colors"])
        if prefs.get("size"):
            mask &= self._carrying("sizes", size_tokens(prefs))
        if prefs.get("gender"):
            gender = prefs["gender"]
            mask &= self._carrying("gender", {gender} if gender == "kids" else {gender, "unisex"})
        elif prefs.get("exclude_genders"):
            mask &= ~self._carrying("gender", prefs["exclude_genders"])
        if prefs.get("collection"):
            mask &= self._carrying("labels", [prefs["collection"]])
        on_sale = self.has_sale & (self.sale_start <= now) & (now <= self.sale_end)
        if prefs.get("on_sale"):
            mask &= on_sale
        if prefs.get("max_price") is not None or prefs.get("min_price") is not None:
            paid = np.where(on_sale, self.sale_price, self.price)
            with np.errstate(invalid="ignore"):
                if prefs.get("max_price") is not None:
                    mask &= paid <= float(prefs["max_price"]) + 1e-9
                if prefs.get("min_price") is not None:
                    mask &= paid >= float(prefs["min_price"]) - 1e-9
        return mask

    def _carrying(self, key: str, values: Iterable[Any]) -> np.ndarray:
        """Rows whose ``key`` (one value or a list of them) holds any of ``values``."""
        index = self._values.get(key)
        if index is None:
            found: dict[Any, list[int]] = {}
            for n, row in enumerate(self.rows):
                held = row.get(key) if row is not None else None
                for value in held if isinstance(held, (list, tuple)) else [held]:
                    if value:
                        value = value.casefold() if key == "brand_key" else value
                        found.setdefault(value, []).append(n)
            index = {value: np.asarray(at, dtype=np.int64) for value, at in found.items()}
            self._values[key] = index
        mask = np.zeros(len(self.ids), dtype=bool)
        for value in values:
            at = index.get(value)
            if at is not None:
                mask[at] = True
        return mask


def groups_in(table: Mapping[str, Mapping[str, Any]], ids: Iterable[str]) -> dict[str, str]:
    """Each id's variant group in ``table`` (its own id where the table says none)."""
    return {i: str((table.get(i) or {}).get("group_id") or i) for i in ids}
