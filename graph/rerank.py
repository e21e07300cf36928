"""Rerank: a non-generative second opinion on the retrieved candidates.

* :class:`DeterministicReranker` (default): the semantic similarity, the
  lexical match of the need with title and text, and agreement with soft
  preferences (material, favourite brands and categories). The lexical term
  weighs each query term by its IDF in the catalogue (the lexical index's, see
  :mod:`graph.lexical`), counts every term the tokeniser keeps (numbers, units,
  short words: "3/4 in", "xl", "1.75mm") and reads the need as the lexical side
  searched it (spelling corrected). Without the index (first turn after a sync,
  or candidates from elsewhere) every term weighs the same and the texts are
  tokenised here.
* :class:`FlashrankReranker`: a cross-encoder from ``flashrank`` when its model
  files are on disk (``reranker_dir/<model>/``); no weights ship on PyPI, so
  it is opt-in. Its score replaces the similarity term.
* :class:`FirstStageOrder` (``none``): the first stage's fused order as it is, for
  measuring what the reranker adds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from graph.lexical import LexicalIndex
from graph.retrieval import Candidate
from graph.terms import stem, terms

#: Words that ask rather than describe ("show me", "looking for"): not matched.
_ASK = frozenset(
    stem(w)
    for w in "looking need want some something show find please buy get under over below above "
    "less more than".split()
)

#: Lexical 0.4 (was 0.25 with unweighted word overlap): on the dev set (bench/relevance,
#: same-language queries) nDCG@10 0.897 → 0.901; a fused-rank term added nothing.
W_SEMANTIC, W_LEXICAL, W_ATTRIBUTE, W_PERSONAL = 0.6, 0.4, 0.1, 0.1


def _semantic(cand: Candidate) -> float:
    """How near the need the product is, by meaning.

    For a need in another language than the shop's, the nearer of the shop's model and
    the multilingual model's reading of the title (``crossing``): the shop's model (English
    MiniLM by default) reads foreign words poorly. Taking the multilingual one alone
    scored worse on both relevance sets (bench/relevance/README.md, "Titles across
    languages").
    """
    if cand.crossing is None:
        return cand.similarity
    return max(cand.similarity, cand.crossing)


def tokens(text: str, language: str = "en") -> set[str]:
    """The need's terms (:func:`graph.terms.terms`) without the words that only ask."""
    return {t for t in terms(text, language) if t not in _ASK}


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

    def __init__(self, lexical: LexicalIndex | None = None) -> None:
        """Weigh terms by ``lexical``'s IDF and read its postings (else tokenise here)."""
        self.lexical = lexical

    def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        prefs: Mapping[str, Any],
        profile: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Score and sort (stable: ties keep retrieval order)."""
        matched = self._matches(query, candidates)
        for cand, (lexical, in_title) in zip(candidates, matched, strict=True):
            attribute, personal, reasons = _soft_score(cand, prefs, profile)
            # "matches" only when the title names something asked: a power bank whose
            # description mentions laptops is no match for "a laptop"
            if lexical >= 0.5 and in_title:
                reasons.insert(0, "matches")
            cand.reasons = reasons
            cand.score = (
                W_SEMANTIC * max(_semantic(cand), 0.0)
                + W_LEXICAL * lexical
                + W_ATTRIBUTE * attribute
                + W_PERSONAL * personal
            )
        return sorted(candidates, key=lambda c: -c.score)

    def _matches(self, query: str, candidates: Sequence[Candidate]) -> list[tuple[float, bool]]:
        """Per candidate: the IDF-weighted share of the need matched, and a title match.

        A term in the title counts 1, one only in the text 1/2.
        """
        index = self.lexical
        language = index.language if index is not None else "en"
        searched = index.correct(query)[0] if index is not None else query
        wanted = sorted(tokens(searched, language))
        if not wanted:
            return [(0.0, False)] * len(candidates)
        if index is not None:
            # a word no product holds tells no candidate from another: weighed, it only
            # shrinks the lexical term of a chatty need ("… mon fils est fou de plongée")
            held = [w for w in wanted if index.holds(w)]
            wanted = held or wanted
        weights = [index.idf(w) if index is not None else 1.0 for w in wanted]
        total = sum(weights)
        rows = [index.row(c.id) if index is not None else None for c in candidates]
        title_at: Any = None
        anywhere_at: Any = None
        if index is not None and any(r is not None for r in rows):
            title_at, anywhere_at = index.matches(wanted, [r or 0 for r in rows])
        out = []
        for n, (cand, row) in enumerate(zip(candidates, rows, strict=True)):
            if row is not None:
                in_title = [bool(title_at[i, n]) for i in range(len(wanted))]
                anywhere = [bool(anywhere_at[i, n]) for i in range(len(wanted))]
            else:  # not in the index's generation: read its own texts
                title = set(terms(cand.meta.get("title") or "", language))
                body = set(terms(cand.document, language))
                in_title = [w in title for w in wanted]
                anywhere = [w in title or w in body for w in wanted]
            # the variant's own colour is as much its name as the title: the taupe bags
            # ("Torebka zamszowa", colour Taupe) meet "… in Taupe" as the boots titled
            # "Zamszowe botki — taupe" do
            own = _colour_terms(cand.meta.get("color"), language)
            if own:
                in_title = [t or w in own for t, w in zip(in_title, wanted, strict=True)]
                anywhere = [a or w in own for a, w in zip(anywhere, wanted, strict=True)]
            lexical = sum(
                weight * (1.0 if t else 0.5 if a else 0.0)
                for weight, t, a in zip(weights, in_title, anywhere, strict=True)
            )
            out.append((lexical / total, any(in_title)))
        return out


@lru_cache(maxsize=4096)
def _colour_terms(colour: str | None, language: str) -> frozenset[str]:
    """The terms of a variant's colour as the feed names it ("Azul Real": azul, real)."""
    return frozenset(terms(colour, language)) if colour else frozenset()


class FirstStageOrder:
    """No reranking: the first stage's order, its fused score scaled to the best one."""

    name = "none"

    def rerank(
        self,
        query: str,
        candidates: Sequence[Candidate],
        prefs: Mapping[str, Any],
        profile: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Keep the order; the score is ``fused`` over the best ``fused`` (or the similarity)."""
        best = max((c.fused for c in candidates), default=0.0)
        for cand in candidates:
            cand.score = cand.fused / best if best > 0 else cand.similarity
            cand.reasons = []
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


def make_reranker(
    kind: str, model_name: str, cache_dir: str, lexical: LexicalIndex | None = None
) -> Reranker:
    """The reranker the context asks for ('auto' falls back to deterministic).

    ``lexical`` (the catalogue's lexical index, when loaded) gives the
    deterministic reranker its IDF weights and the need's spelling. An explicit
    ``'flashrank'`` without the model's files raises ``FileNotFoundError``.
    """
    if kind == "none":
        return FirstStageOrder()
    if kind == "flashrank" or (kind == "auto" and flashrank_available(model_name, cache_dir)):
        return FlashrankReranker(model_name, cache_dir)
    return DeterministicReranker(lexical)
