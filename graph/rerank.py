"""Rerank: a non-generative second opinion on the retrieved candidates.

* :class:`DeterministicReranker` (default): the semantic similarity, lexical
  overlap of the need with title and text, and agreement with soft
  preferences (material, favourite brands and categories). Forty candidates
  a turn: a few set operations each, no index needed (so not ``bm25s``).
* :class:`FlashrankReranker`: a cross-encoder from ``flashrank`` when its model
  files are on disk (``reranker_dir/<model>/``); no weights ship on PyPI, so
  it is opt-in. Its score replaces the similarity term.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from graph.retrieval import Candidate

_TOKEN = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    "a an the for and or with in on of to my me i im looking need want some something "
    "show find please buy get under over below above less more than".split()
)

W_SEMANTIC, W_LEXICAL, W_ATTRIBUTE, W_PERSONAL = 0.6, 0.25, 0.1, 0.1


def tokens(text: str) -> set[str]:
    """Lower-cased content words, with a crude plural fold ("shoes" → "shoe")."""
    out = set()
    for word in _TOKEN.findall(text.casefold()):
        if len(word) < 3 or word in _STOP:
            continue
        out.add(word[:-1] if word.endswith("s") and len(word) > 3 else word)
    return out


class Reranker(Protocol):
    """Scores candidates for a need; higher is better."""

    name: str

    def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        prefs: Mapping[str, Any],
        profile: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Return the candidates sorted by ``score``, reasons filled."""
        ...


def _soft_score(
    cand: Candidate, prefs: Mapping[str, Any], profile: Mapping[str, Any] | None
) -> tuple[float, float, list[str]]:
    meta, reasons = cand.meta, []
    attribute = 0.0
    if prefs.get("material") and prefs["material"].casefold() in (meta.get("material") or ""):
        attribute += 1.0
        reasons.append("material")
    for key in ("colors", "size", "brands", "max_price", "category", "gender"):
        if prefs.get(key):
            reasons.append(key)
    personal = 0.0
    if profile:
        if (meta.get("brand") or "") in profile.get("brands", ()):
            personal += 0.6
            reasons.append("favourite_brand")
        if any(c in profile.get("categories", ()) for c in meta.get("categories") or ()):
            personal += 0.4
            reasons.append("favourite_category")
    return attribute, personal, reasons


class DeterministicReranker:
    """Semantic + lexical + attribute + personal, all in [0, 1] before weighting."""

    name = "deterministic"

    def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        prefs: Mapping[str, Any],
        profile: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Score and sort (stable: ties keep retrieval order)."""
        wanted = tokens(query)
        for cand in candidates:
            lexical, title = 0.0, set()
            if wanted:
                title = tokens(cand.meta.get("title") or "")
                body = tokens(cand.document)
                lexical = sum(1.0 if w in title else 0.5 if w in body else 0.0 for w in wanted)
                lexical /= len(wanted)
            attribute, personal, reasons = _soft_score(cand, prefs, profile)
            # "matches" only when the title names something asked: a power bank whose
            # description mentions laptops is no match for "a laptop"
            if lexical >= 0.5 and any(w in title for w in wanted):
                reasons.insert(0, "matches")
            cand.reasons = reasons
            cand.score = (
                W_SEMANTIC * max(cand.similarity, 0.0)
                + W_LEXICAL * lexical
                + W_ATTRIBUTE * attribute
                + W_PERSONAL * personal
            )
        return sorted(candidates, key=lambda c: -c.score)


class FlashrankReranker:
    """A flashrank cross-encoder, plus the deterministic soft terms."""

    name = "flashrank"

    def __init__(self, model_name: str, cache_dir: str) -> None:
        """Load ``cache_dir/model_name`` (never downloads: the files must be there).

        Raises:
            FileNotFoundError: the model's files are not all on disk (flashrank
                itself would download them).
        """
        if not flashrank_available(model_name, cache_dir):
            raise FileNotFoundError(
                f"flashrank model {model_name!r} is not in {cache_dir or '(no reranker_dir)'}: "
                f"expected {_model_file(model_name) or 'a known model name'} and "
                f"{', '.join(TOKENIZER_FILES)} in <reranker_dir>/{model_name}/"
            )
        self.model_name, self.cache_dir = model_name, cache_dir
        self._ranker = _load_ranker(model_name, cache_dir)

    def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        prefs: Mapping[str, Any],
        profile: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Cross-encoder score replaces the similarity term."""
        if not candidates:
            return []
        from flashrank import RerankRequest

        passages = [{"id": i, "text": c.document} for i, c in enumerate(candidates)]
        ranked = self._ranker.rerank(RerankRequest(query=query or "product", passages=passages))
        relevance = {int(r["id"]): float(r["score"]) for r in ranked}
        for i, cand in enumerate(candidates):
            attribute, personal, reasons = _soft_score(cand, prefs, profile)
            cand.reasons = ["matches", *reasons]
            cand.score = (
                W_SEMANTIC * relevance.get(i, 0.0) + W_ATTRIBUTE * attribute + W_PERSONAL * personal
            )
        return sorted(candidates, key=lambda c: -c.score)


@lru_cache(maxsize=2)
def _load_ranker(model_name: str, cache_dir: str) -> Any:
    from flashrank import Ranker

    return Ranker(model_name=model_name, cache_dir=cache_dir)


# What ``flashrank.Ranker`` reads from ``cache_dir/<model>/`` besides the ONNX file.
TOKENIZER_FILES = (
    "tokenizer.json",
    "config.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
)


def _model_file(model_name: str) -> str | None:
    """The ONNX file flashrank loads for ``model_name`` (None: unknown or not ONNX)."""
    try:
        from flashrank.Config import model_file_map
    except ImportError:  # pragma: no cover - flashrank is a dependency
        return None
    name = model_file_map.get(model_name)
    return name if name and name.endswith(".onnx") else None


def flashrank_available(model_name: str, cache_dir: str) -> bool:
    """Whether the model's files are on disk (flashrank would otherwise download them).

    flashrank opens the file its ``model_file_map`` names for the model (an
    unknown name is a ``KeyError`` there; a listwise GGUF model gives no scores),
    plus the tokenizer files.
    """
    model_file = _model_file(model_name)
    if not cache_dir or not model_file:
        return False
    folder = Path(cache_dir) / model_name
    return all((folder / f).is_file() for f in (model_file, *TOKENIZER_FILES))


def make_reranker(kind: str, model_name: str, cache_dir: str) -> Reranker:
    """The reranker the context asks for ('auto' falls back to deterministic).

    An explicit ``'flashrank'`` without the model's files raises ``FileNotFoundError``.
    """
    if kind == "flashrank" or (kind == "auto" and flashrank_available(model_name, cache_dir)):
        return FlashrankReranker(model_name, cache_dir)
    return DeterministicReranker()
