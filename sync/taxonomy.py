"""Google's product taxonomy: numeric category ids resolved to category paths.

Feeds often give ``g:google_product_category`` as a bare id (``1604``) rather
than a path (``Apparel & Accessories > Clothing``). Filters and embeddings need
the path, so the sync resolves ids with Google's published file::

    # Google_Product_Taxonomy_Version: 2021-09-21
    1 - Animals & Pet Supplies
    3237 - Animals & Pet Supplies > Live Animals

The file is third-party data: it is read from a configured path (see
:func:`default_taxonomy_path`) and never copied into the repository. Without
it, :meth:`Taxonomy.load` returns an empty, unavailable taxonomy and numeric
categories stay unresolved (the caller reports that); nothing raises.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType

#: Environment variable that points at a taxonomy file; it wins over the default location.
TAXONOMY_PATH_ENV = "AISLE_TAXONOMY_PATH"

#: File name Google publishes the English (US) taxonomy under.
TAXONOMY_FILE_NAME = "taxonomy-with-ids.en-US.txt"

_LINE = re.compile(r"^\s*(\d+)\s+-\s+(.*\S)\s*$")
_VERSION = re.compile(r"^#\s*Google_Product_Taxonomy_Version:\s*(.*?)\s*$", re.IGNORECASE)
_NUMERIC = re.compile(r"\d+")
_WS = re.compile(r"\s+")


def normalise_path(path: str) -> str:
    """Normalise a ``>``-separated category path.

    Splits on ``>``, strips each part, collapses inner whitespace and drops
    empty parts, so ``" A >B  C> > D "`` becomes ``"A > B C > D"``.

    Args:
        path: A category path as a merchant or Google wrote it.

    Returns:
        The parts joined with ``" > "``; ``""`` when no part is left.
    """
    parts = (_WS.sub(" ", part).strip() for part in path.split(">"))
    return " > ".join(part for part in parts if part)


class Taxonomy(Mapping[str, str]):
    """Immutable mapping of taxonomy id (``"1604"``) to category path.

    Build one with :meth:`load`; instances are shared through a cache, so they
    must never change after construction (nothing in the class mutates them).

    Attributes:
        available: Whether a taxonomy file was read (False for an empty taxonomy).
        version: The file's ``Google_Product_Taxonomy_Version`` (``""`` if absent).
        source: The path the taxonomy was (or would have been) read from; ``""`` when none.
        skipped: How many non-blank, non-comment lines were malformed and ignored.
    """

    __slots__ = ("_paths", "_by_lower_path", "_available", "_version", "_source", "_skipped")

    def __init__(
        self,
        paths: Mapping[str, str] | None = None,
        *,
        available: bool = False,
        version: str = "",
        source: str = "",
        skipped: int = 0,
    ) -> None:
        """Wrap ``paths`` (copied) with the load's metadata; prefer :meth:`load`."""
        frozen = dict(paths or {})
        self._paths = MappingProxyType(frozen)
        # Lets a text path given in another case come back in Google's spelling.
        self._by_lower_path = MappingProxyType({p.lower(): p for p in frozen.values()})
        self._available = available
        self._version = version
        self._source = source
        self._skipped = skipped

    @classmethod
    def load(cls, path: Path | str | None) -> Taxonomy:
        """Read a taxonomy file, cached per (path, modification time).

        Args:
            path: The ``taxonomy-with-ids`` file, or None when none is configured.

        Returns:
            The taxonomy; an empty one with ``available`` False when ``path`` is
            None or cannot be read. Malformed lines are skipped and counted.
        """
        if path is None or str(path) == "":
            return cls()
        resolved = Path(path).expanduser()
        try:
            resolved = resolved.resolve()
            mtime_ns = resolved.stat().st_mtime_ns
        except OSError:
            return cls(source=str(resolved))
        if not resolved.is_file():
            return cls(source=str(resolved))
        try:
            return _load_cached(str(resolved), mtime_ns)
        except (OSError, UnicodeDecodeError):
            return cls(source=str(resolved))

    @classmethod
    def parse(cls, text: str, *, source: str = "") -> Taxonomy:
        """Build a taxonomy from the file's text (no I/O; :meth:`load` uses this).

        Args:
            text: The whole file, one ``ID - Path > To > Category`` a line.
            source: Where the text came from, kept for reports.

        Returns:
            An available taxonomy. A line that is not blank, not a ``#`` comment
            and not ``ID - path`` is counted in ``skipped``, as is a repeated id
            (the first occurrence wins).
        """
        paths: dict[str, str] = {}
        version = ""
        skipped = 0
        for line in text.splitlines():
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                found = _VERSION.match(stripped)
                if found and not version:
                    version = found.group(1)
                continue
            match = _LINE.match(stripped)
            category = normalise_path(match.group(2)) if match else ""
            if not match or not category:
                skipped += 1
                continue
            key = str(int(match.group(1)))  # "0123" and "123" are the same id
            if key in paths:
                skipped += 1
                continue
            paths[key] = category
        return cls(paths, available=True, version=version, source=source, skipped=skipped)

    @property
    def available(self) -> bool:
        """Whether a taxonomy file was read."""
        return self._available

    @property
    def version(self) -> str:
        """The file's taxonomy version, e.g. ``"2021-09-21"``; ``""`` if not stated."""
        return self._version

    @property
    def source(self) -> str:
        """The file the taxonomy came from; ``""`` when none was configured."""
        return self._source

    @property
    def skipped(self) -> int:
        """How many malformed (or duplicate-id) lines were ignored."""
        return self._skipped

    def __getitem__(self, key: str) -> str:
        """The path of taxonomy id ``key``."""
        return self._paths[key]

    def __iter__(self) -> Iterator[str]:
        """Iterate over the ids, in file order."""
        return iter(self._paths)

    def __len__(self) -> int:
        """How many categories the taxonomy holds."""
        return len(self._paths)

    def __repr__(self) -> str:
        """Short summary (a full taxonomy is thousands of entries)."""
        return (
            f"Taxonomy(available={self._available}, version={self._version!r}, "
            f"categories={len(self._paths)}, skipped={self._skipped}, source={self._source!r})"
        )

    def resolve(self, value: str) -> tuple[str, bool]:
        """Turn a feed's ``google_product_category`` into a category path.

        Args:
            value: A numeric id (``"1604"``), a text path, or ``""``.

        Returns:
            ``(path, ok)``: an id gives its path and True, or ``("", False)`` when
            the id is unknown (or no taxonomy is loaded); a text path gives its
            normalised form (Google's spelling when it is a known path) and True;
            ``""`` gives ``("", True)`` since nothing was asked.
        """
        value = value.strip()
        if not value:
            return "", True
        if _NUMERIC.fullmatch(value):
            found = self._paths.get(str(int(value)))
            return (found, True) if found is not None else ("", False)
        path = normalise_path(value)
        return self._by_lower_path.get(path.lower(), path), True


@functools.lru_cache(maxsize=8)
def _load_cached(path: str, mtime_ns: int) -> Taxonomy:
    """Read and parse ``path``; ``mtime_ns`` is only part of the cache key.

    A changed file has a new modification time, so it is re-read rather than
    served stale.
    """
    del mtime_ns  # only distinguishes cache entries
    text = Path(path).read_text(encoding="utf-8-sig")  # tolerate a BOM
    return Taxonomy.parse(text, source=path)


def default_taxonomy_path() -> Path | None:
    """Where the taxonomy file is expected when the caller names none.

    Returns:
        ``$AISLE_TAXONOMY_PATH`` when set (even if the file is missing, so the
        report names the path the user chose); else the shared copy at
        ``../shared/taxonomy/taxonomy-with-ids.en-US.txt`` next to the project
        root, when it exists; else None.
    """
    configured = os.environ.get(TAXONOMY_PATH_ENV, "").strip()
    if configured:
        return Path(configured).expanduser()
    project_root = Path(__file__).resolve().parents[1]  # the directory holding pyproject.toml
    candidate = project_root.parent / "shared" / "taxonomy" / TAXONOMY_FILE_NAME
    return candidate if candidate.is_file() else None
