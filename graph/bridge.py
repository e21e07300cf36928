"""A foreign query word finds the shop's own word for it through a multilingual model.

The query-translation lexicon (:mod:`graph.translate`) knows a few hundred product
concepts in the supported languages. A shopper's word it lacks ("Brotmesser", "namiot",
"палатка", "borraccia") meets an English catalogue with nothing to search for. The
multilingual model (USE-multilingual, installed with ``make setup``) places a word and its
translations close together, so each title word of the catalogue is embedded once per
index generation (only words not seen before: a sync's new words), and a foreign query
word the catalogue lacks gains the catalogue word nearest to it, when it is near enough.

Only words the catalogue lacks are bridged, never stop words or the lexicon's words (it
already decided those), and never in a conversation held in the catalogue's own language:
an English "sofa" in an English shop that sells none must stay unknown, so that the
shop can say it does not carry sofas (:mod:`graph.evidence`).

The targets are every title word of three letters or more, model names included: keeping
only words the shop also writes in lower case (no "Vanta", no "Ridge") lost ordinary words
that Title Case catalogues never lower ("Thermal", "Dumbbell") and scored no better on the
relevance dev set (bench/relevance/README.md, "Word bridge").
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from graph.terms import fold
from graph.vocabulary import STOPWORD_SET

log = logging.getLogger(__name__)

#: Cosine (USE-multilingual, a word against a word) from which a foreign word is taken to
#: mean the catalogue word. Translations score 0.7-0.95 ("namiot"/"tent" 0.72,
#: "saco"/"bag" 0.81, "dormir"/"sleep" 0.96); unrelated pairs mostly below 0.65. Chosen
#: on the relevance dev set from 0.55-0.75 (bench/relevance/README.md, "Word bridge").
MIN_SIMILARITY = 0.70
#: Shorter words are too often a stop word or a fragment the model reads as anything.
MIN_LETTERS = 4
#: Words embedded per model call while building: between calls a build can be stopped.
BUILD_BATCH = 256
_WORD = re.compile(r"[^\W\d_]+")
_CACHE_LIMIT = 200_000

_VECTORS: dict[str, np.ndarray] = {}  # catalogue text (a word, a title, a sentence) → unit vector
_VECTORS_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _model() -> Any | None:
    """The multilingual embedder, or ``None`` when it is not installed."""
    from sync.embed import UseMultilingualEmbeddings, use_multilingual_path
    from sync.errors import ConfigError

    try:
        use_multilingual_path()
    except ConfigError as exc:
        log.warning("no word bridge: %s", exc)
        return None
    return UseMultilingualEmbeddings(batch_size=64)


def reads(language: str) -> bool:
    """Whether the multilingual model was trained on ``language`` (not Lithuanian)."""
    from sync.embed import UseMultilingualEmbeddings

    return language in UseMultilingualEmbeddings.languages


class BuildStopped(Exception):
    """The process is stopping: a build in progress gives up between two model calls."""


def _vectors(words: Sequence[str], model: Any, stop: threading.Event | None = None) -> np.ndarray:
    """Unit vectors of ``words``, embedding only those not embedded before.

    Raises:
        BuildStopped: ``stop`` was set (checked between batches of :data:`BUILD_BATCH`).
    """
    with _VECTORS_LOCK:
        missing = [w for w in dict.fromkeys(words) if w not in _VECTORS]
    for start in range(0, len(missing), BUILD_BATCH):
        if stop is not None and stop.is_set():
            raise BuildStopped
        batch = missing[start : start + BUILD_BATCH]
        fresh = model.embed_documents(batch)
        with _VECTORS_LOCK:
            if len(_VECTORS) + len(batch) > _CACHE_LIMIT:
                _VECTORS.clear()
            _VECTORS.update(zip(batch, np.asarray(fresh, dtype=np.float32), strict=True))
    with _VECTORS_LOCK:
        found = [_VECTORS.get(w) for w in words]
    if any(v is None for v in found):  # the cache was cleared under us: embed what it lost
        return _vectors(words, model, stop)
    return np.stack([v for v in found if v is not None]) if words else np.zeros((0, 1))


@dataclass
class TitleTable:
    """Every product's title placed by the multilingual model, rows as ``ids``.

    A need written in another language than the catalogue's meets the titles directly,
    where the catalogue's own embedding model (English MiniLM by default) reads the
    foreign words poorly: the third list of the hybrid first stage (:mod:`graph.hybrid`).
    The rows follow the vector table's, so the filter columns' mask applies to them.
    """

    ids: list[str]
    matrix: np.ndarray  # one unit row per product
    _model: Any = field(repr=False)

    @classmethod
    def build(
        cls, ids: Sequence[str], titles: Sequence[str], stop: threading.Event | None = None
    ) -> TitleTable | None:
        """The titles' vectors, embedding only titles not embedded before (``None``: no model).

        Raises:
            BuildStopped: ``stop`` was set before the titles were all embedded.
        """
        model = _model()
        if model is None:
            return None
        return cls(list(ids), _vectors(list(titles), model, stop), model)

    def similarities(self, need: str) -> np.ndarray:
        """Every row's cosine similarity to ``need`` (any language the model reads)."""
        if not self.ids:
            return np.zeros(0, dtype=np.float32)
        # not cached: the cache is for the catalogue's texts, shoppers' needs are endless
        vector = np.asarray(self._model.embed_documents([need])[0], dtype=np.float32)
        return self.matrix @ (vector / (float(np.linalg.norm(vector)) or 1.0))


def title_words(texts: Iterable[str]) -> list[str]:
    """The distinct words (lower case, three letters or more) of product titles.

    Stop words are no translation of anything ("wants" had found "pour" in "Fiole pour
    élement précieux", and the fiole came first for a name bracelet).
    """
    words = {w.lower() for title in texts for w in _WORD.findall(title) if len(w) >= 3}
    return sorted(w for w in words if fold(w) not in STOPWORD_SET and w not in STOPWORD_SET)


@dataclass
class WordBridge:
    """The catalogue's title words in the multilingual model's space."""

    words: list[str]
    matrix: np.ndarray  # one unit row per word
    _model: Any = field(repr=False)
    _nearest: dict[str, tuple[str, float] | None] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, titles: Iterable[str], stop: threading.Event | None = None) -> WordBridge | None:
        """The bridge to one catalogue (``None``: no multilingual model installed).

        Raises:
            BuildStopped: ``stop`` was set before the title words were all embedded.
        """
        model = _model()
        if model is None:
            return None
        words = title_words(titles)
        return cls(words, _vectors(words, model, stop), model)

    def nearest(self, word: str) -> tuple[str, float] | None:
        """The catalogue word closest to ``word`` and its cosine (``None``: no words)."""
        key = word.lower()
        if key not in self._nearest:
            found = None
            if self.words:
                sims = self.matrix @ _vectors([key], self._model)[0]
                best = int(np.argmax(sims))
                found = (self.words[best], float(sims[best]))
            if len(self._nearest) > 10_000:
                self._nearest.clear()
            self._nearest[key] = found
        return self._nearest[key]

    def translations(self, text: str, bridged: Callable[[str], bool]) -> list[str]:
        """Catalogue words for the words of ``text`` that ``bridged`` lets through."""
        added: list[str] = []
        seen = {fold(w) for w in _WORD.findall(text)}
        for word in dict.fromkeys(_WORD.findall(text)):
            if len(word) < MIN_LETTERS or not bridged(word):
                continue
            found = self.nearest(word)
            if found and found[1] >= MIN_SIMILARITY and fold(found[0]) not in seen:
                seen.add(fold(found[0]))
                added.append(found[0])
        return added


def sentence_similarities(question: str, sentences: Sequence[str]) -> np.ndarray | None:
    """Each sentence's cosine to ``question`` across languages (``None``: no model).

    The sentences are a product's own text: embedded once per process, like the titles.
    """
    model = _model()
    if model is None or not sentences or not question.strip():
        return None
    return _vectors(list(sentences), model) @ _question_vector(question, model)


@lru_cache(maxsize=256)
def _question_vector(question: str, model: Any) -> np.ndarray:
    """The unit vector of a question, embedded once: a list question meets every card's text."""
    vector = np.asarray(model.embed_documents([question])[0], dtype=np.float32)
    return vector / (float(np.linalg.norm(vector)) or 1.0)
