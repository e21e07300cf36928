"""The first stage: lexical and dense candidates under the same hard filters, fused.

``retrieval`` (a :class:`graph.context.Context` setting) picks the method:

* ``hybrid`` (default): the nearest product groups (:func:`graph.retrieval.retrieve`)
  and the best BM25 groups (:mod:`graph.lexical`), both walked under the
  shopper's hard constraints, fused by reciprocal-rank fusion
  (``1 / (60 + rank)`` summed over the lists). RRF needs no score calibration
  between a cosine and a BM25 score, and measured from outside on real queries
  it beat either side alone (nDCG@10 0.840 against 0.808 dense, 0.775 BM25).
  A need written in another language than the catalogue's adds a third list:
  the groups whose titles the multilingual model places nearest it
  (:class:`graph.bridge.TitleTable`), since the catalogue's model (English MiniLM
  by default) reads foreign words poorly; its similarity is also what the
  reranker weighs for meaning (held-out set: cross-lingual Recall@10 0.658 → 0.740).
* ``dense``: the nearest groups only (what Aisle did before).
* ``lexical``: the BM25 groups only.

Both sides check every hit against the filter table and again against the
record read from the index (:func:`graph.constraints.violations`): a lexical hit
that breaks a constraint never becomes a candidate. Until the lexical index is
built (the first turn after a sync) the stage is dense and the trace says so.

Each candidate carries both kinds of evidence: ``similarity`` (cosine, computed
from the stored vector for a product only the lexical side found), ``lexical``
(its BM25 score, whether or not the lexical list reached it) and ``fused``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graph import retrieval
from graph.constraints import admits, violations
from graph.lexical import K1, LexicalIndex
from graph.retrieval import (
    Candidate,
    nearest_groups,
    nearest_in_memory,
    read_records,
    retrieve,
)
from sync.store import CatalogueStore

METHODS = ("hybrid", "dense", "lexical")
#: The RRF constant (the usual 60: a rank's weight falls slowly, so agreement matters).
RRF_K = 60
#: Lexical hits checked against the filters at most (a very selective filter leaves the
#: rest to the dense side, which asks Chroma with the filter itself).
LEXICAL_SCAN = 5000


@dataclass
class FirstStage:
    """What the first stage found, and what the trace says about it."""

    candidates: list[Candidate]
    trace: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Pick:
    """A group one side ranked, before its record is read."""

    group: str
    best: str  # the variant that represents it
    ids: list[str]  # its variants that pass the filter table
    similarity: float | None = None  # None: computed from the stored vector
    read: Candidate | None = None  # already read (the dense side's filtered query)


def first_stage(
    store: CatalogueStore,
    vector: Sequence[float],
    text: str,
    prefs: Mapping[str, Any],
    *,
    k: int,
    method: str,
    lexical: LexicalIndex | None,
    filters: Mapping[str, Mapping[str, Any]] | None,
    now: int,
    options_cache: dict[str, dict[str, list[str]]] | None = None,
    enough: int | None = None,
    options: bool = True,
    crossing: np.ndarray | None = None,
) -> FirstStage:
    """The best ``k`` groups of the fused lists, best first (every one meets ``prefs``).

    Each side ranks groups on the in-memory filter table (ids only); the fused
    top ``k`` are then read in one call and checked again on their stored
    records. ``options=False`` skips the groups' variant options (cards need
    them, a ranked list does not). ``crossing``: every product's similarity to a
    need written in another language than the catalogue's, through the multilingual
    model (rows as the filter table's vectors; :mod:`graph.bridge`), ranked as a
    third list under the same constraints.

    Raises:
        ValueError: ``method`` is not one of :data:`METHODS`.
    """
    if method not in METHODS:
        raise ValueError(f"retrieval must be one of {', '.join(METHODS)}; got {method!r}")
    trace: dict[str, Any] = {"retrieval": method}
    if method != "dense" and (lexical is None or filters is None):
        trace.update(retrieval="dense", fallback="lexical index not loaded yet: dense only")
        method = "dense"
    if method == "dense" or lexical is None or filters is None:
        dense = retrieve(
            store,
            vector,
            prefs,
            k=k,
            now=now,
            options_cache=options_cache,
            enough=enough,
            filters=filters,
        )
        for rank, cand in enumerate(dense):
            cand.fused = 1.0 / (RRF_K + rank + 1)
        trace["counts"] = {"dense": len(dense)}
        return FirstStage(dense, _evidence(trace, dense))
    dense_picks: list[_Pick] = []
    if method == "hybrid":
        dense_picks = _dense_picks(store, vector, prefs, k, now, filters, options_cache, enough)
    searched, fixes = lexical.correct(text)
    if fixes:
        trace.update(searched=searched, corrected=fixes)
    scores = lexical.scores(lexical.query_terms(searched))
    lexical_picks = _lexical_picks(lexical, scores, prefs, k, now, filters)
    cross_picks = _cross_picks(crossing, prefs, k, now, filters) if method == "hybrid" else []
    fused: dict[str, float] = {}
    picks: dict[str, _Pick] = {}
    for ranked in (dense_picks, lexical_picks, cross_picks):
        for rank, pick in enumerate(ranked):
            fused[pick.group] = fused.get(pick.group, 0.0) + 1.0 / (RRF_K + rank + 1)
            if pick.group in picks:  # found by both sides: the dense side's variant leads
                known = picks[pick.group].ids
                known.extend(i for i in pick.ids if i not in known)
            else:
                picks[pick.group] = pick
    top = sorted(picks.values(), key=lambda p: -fused[p.group])[:k]
    found = _read(store, vector, top, prefs, now, filters)
    if options:
        retrieval._attach_options(
            store, [c for p, c in found if p.read is None], options_cache, filters
        )
    candidates = [c for _, c in found]
    vectors = getattr(filters, "vectors", None)
    rows = vectors.rows if cross_picks and vectors is not None else {}
    for cand in candidates:
        cand.fused = fused[cand.group_id]
        if crossing is not None and cand.id in rows:  # what the reranker weighs for meaning
            cand.crossing = float(crossing[rows[cand.id]])
        row = lexical.row(cand.id)
        cand.lexical = float(scores[row]) if row is not None else 0.0
    trace["counts"] = {
        "dense": len(dense_picks),
        "lexical": len(lexical_picks),
        **({"cross_lingual": len(cross_picks)} if cross_picks else {}),
        "fused": len(candidates),
    }
    return FirstStage(candidates, _evidence(trace, candidates, lexical, searched))


def _evidence(
    trace: dict[str, Any],
    found: Sequence[Candidate],
    lexical: LexicalIndex | None = None,
    searched: str = "",
) -> dict[str, Any]:
    """How sure the stage is: the evidence a "not carried" answer can weigh.

    The best semantic and BM25 scores among the candidates, and the largest
    IDF-weighted share of the searched terms one candidate's title holds
    (``best_title_coverage``: 1.0, a title names everything asked; 0, none names any of it)
    and one candidate's whole text holds (``best_coverage``: title, brand, categories,
    description); the best BM25 score as a share of the most the searched terms could
    score (``best_lexical_share``); the catalogue's language. What
    :func:`graph.evidence.not_carried` weighs.
    """
    if not found:
        return trace
    trace["best_semantic"] = round(max(c.similarity for c in found), 4)
    trace["best_lexical"] = round(max(c.lexical for c in found), 4)
    wanted = list(dict.fromkeys(lexical.terms(searched))) if lexical is not None else []
    rows = [r for r in (lexical.row(c.id) for c in found) if r is not None] if lexical else []
    if lexical is not None and wanted and rows:
        in_title, anywhere = lexical.matches(wanted, rows)
        weights = np.asarray([lexical.idf(t) for t in wanted], dtype=np.float32)
        coverage = weights @ in_title.astype(np.float32) / float(weights.sum())
        trace["best_title_coverage"] = round(float(coverage.max()), 4)
        coverage = weights @ anywhere.astype(np.float32) / float(weights.sum())
        trace["best_coverage"] = round(float(coverage.max()), 4)
        # BM25 of the best product over what the searched terms could score at most
        # (each term's IDF × (k1 + 1)): comparable across queries and catalogues
        ceiling = float(weights.sum()) * (K1 + 1)
        trace["best_lexical_share"] = round(trace["best_lexical"] / ceiling, 4)
        trace["catalogue_language"] = lexical.language
    return trace


def _dense_picks(
    store: CatalogueStore,
    vector: Sequence[float],
    prefs: Mapping[str, Any],
    k: int,
    now: int,
    filters: Mapping[str, Mapping[str, Any]],
    options_cache: dict[str, dict[str, list[str]]] | None,
    enough: int | None,
) -> list[_Pick]:
    """The nearest ``k`` groups; a selective filter asks Chroma with the filter itself.

    Not when the filter table saw every product: then nothing more can match.
    """
    chosen, complete = nearest_groups(store, vector, prefs, k, now, filters)
    if complete or len(chosen) >= (enough or k):
        return [_Pick(gid, best, ids, sim) for gid, (best, sim, ids) in chosen.items()]
    found = retrieve(store, vector, prefs, k=k, now=now, options_cache=options_cache, enough=enough)
    return [_Pick(c.group_id, c.id, c.matching_ids, c.similarity, read=c) for c in found]


def _cross_picks(
    crossing: np.ndarray | None,
    prefs: Mapping[str, Any],
    k: int,
    now: int,
    filters: Mapping[str, Mapping[str, Any]],
) -> list[_Pick]:
    """The ``k`` groups whose titles the multilingual model places nearest a foreign need.

    Their similarity is the catalogue model's (read from its vectors), as for the others.
    """
    columns = getattr(filters, "columns", None)
    if crossing is None or columns is None or len(crossing) != len(columns.ids):
        return []
    chosen, _ = nearest_in_memory(crossing, columns, prefs, k, now)
    return [_Pick(gid, best, ids) for gid, (best, _, ids) in chosen.items()]


def _lexical_picks(
    lexical: LexicalIndex,
    scores: np.ndarray,
    prefs: Mapping[str, Any],
    k: int,
    now: int,
    filters: Mapping[str, Mapping[str, Any]],
) -> list[_Pick]:
    """The best ``k`` groups by BM25 that pass the filter table."""
    rows = np.flatnonzero(scores)
    order = rows[np.argsort(-scores[rows], kind="stable")][:LEXICAL_SCAN]
    chosen: dict[str, _Pick] = {}
    allowed = admits(prefs, now)
    for row in order.tolist():
        pid = lexical.ids[row]
        meta = filters.get(pid)
        if meta is None:
            continue
        gid = str(meta.get("group_id") or pid)
        if (gid in chosen or len(chosen) < k) and allowed(meta):
            if gid in chosen:
                chosen[gid].ids.append(pid)
            else:
                chosen[gid] = _Pick(gid, pid, [pid])
    return list(chosen.values())


def _read(
    store: CatalogueStore,
    vector: Sequence[float],
    picks: Sequence[_Pick],
    prefs: Mapping[str, Any],
    now: int,
    filters: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[tuple[_Pick, Candidate]]:
    """Candidates for ``picks``, in order, each checked on its stored record (one read).

    A pick whose record no longer meets ``prefs`` (the table is older than the
    index) is left out; a similarity the lexical side lacks comes from the stored
    vector. The filter table's records and vectors serve when it holds them (one
    snapshot of the index); the rest are read from Chroma.
    """
    wanted = [p.best for p in picks if p.read is None]
    records = read_records(store, wanted, filters, documents=True)
    table_vectors = getattr(filters, "vectors", None)
    similarities: dict[str, float] = {}
    for pick in picks:
        if pick.read is None and pick.similarity is None and table_vectors is not None:
            found = table_vectors.similarity(pick.best, vector)
            if found is not None:
                similarities[pick.best] = found
    unknown = [
        p.best
        for p in picks
        if p.read is None and p.similarity is None and p.best not in similarities
    ]
    if unknown:
        similarities.update(_stored_similarities(store, unknown, vector))
    out = []
    for pick in picks:
        if pick.read is not None:
            out.append((pick, pick.read))
            continue
        record = records.get(pick.best)
        if record is None or violations(record[0], prefs, now):
            continue  # changed since the table was read: leave it out
        meta, doc = record
        similarity = pick.similarity
        if similarity is None:
            similarity = similarities.get(pick.best, 0.0)
        cand = Candidate(
            pick.best, pick.group, similarity, dict(meta), doc or "", matching_ids=pick.ids
        )
        out.append((pick, cand))
    return out


def _stored_similarities(
    store: CatalogueStore, ids: Sequence[str], vector: Sequence[float]
) -> dict[str, float]:
    """The cosine similarity of each stored vector of ``ids`` to ``vector``."""
    got = store.get(ids=ids, include=["embeddings"])
    query = np.asarray(vector, dtype=np.float32)
    query_norm = float(np.linalg.norm(query)) or 1.0
    out = {}
    for pid, emb in zip(got["ids"], got["embeddings"], strict=True):
        stored = np.asarray(emb, dtype=np.float32)
        out[pid] = float(stored @ query) / (float(np.linalg.norm(stored)) * query_norm or 1.0)
    return out
