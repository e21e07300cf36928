"""Errors raised by the catalogue sync.

Every message says what went wrong and what to do next. The CLI maps each
family to an exit code (see ``sync.cli``)::

    SyncError                      base class of everything below
    ├── FetchError                 the feed could not be fetched (exit 4)
    ├── Refused                    a guard refused the whole sync; nothing written (exit 3)
    │   ├── FeedNotXML             the document is not XML at all
    │   ├── FeedTruncated          the document ends prematurely (truncated download)
    │   ├── FeedMalformed          the document has damage that cannot be repaired
    │   ├── FeedUnsafe             the document declares entities or a DTD we will not expand
    │   ├── EmptySnapshot          the feed holds no valid item
    │   ├── MassDelete             the snapshot would delete too large a share of the index
    │   ├── TooManyRejected        too large a share of the feed's items was rejected
    │   ├── AbnormalDelta          too many prices change or products go out of stock at once
    │   ├── IndexVersionMismatch   the index was built with another schema or model
    │   └── SyncLocked             another sync holds the index's lock
    ├── StoreError                 the index could not be read or written (exit 5)
    │   ├── StoreUnavailable       the Chroma server stopped answering
    │   └── StoreFull              the disk holding the index is full
    └── ConfigError                a setting or an installation problem (exit 2)
"""

from __future__ import annotations


class SyncError(Exception):
    """Base class of every error the sync raises on purpose."""

    exit_code = 1


class FetchError(SyncError):
    """The feed could not be fetched: missing file, HTTP error, timeout, truncated body."""

    exit_code = 4


class Refused(SyncError):
    """A guard refused the whole sync before anything was written."""

    exit_code = 3


class FeedNotXML(Refused):
    """The document is not XML at all (HTML error page, JSON, binary)."""


class FeedTruncated(Refused):
    """The document ends before its root element closes (truncated, not a smaller catalogue)."""


class FeedMalformed(Refused):
    """The document is XML-like but broken in a way that cannot be safely repaired."""


class FeedUnsafe(Refused):
    """The document declares a DTD with entities; we never expand or fetch them."""


class EmptySnapshot(Refused):
    """The feed parsed but holds no valid item; syncing it would empty the index."""


class MassDelete(Refused):
    """The snapshot would delete more than the allowed share of the index."""


class TooManyRejected(Refused):
    """More than the allowed share of the feed's items failed validation."""


class AbnormalDelta(Refused):
    """Too large a share of prices changes, or of products goes out of stock, in one sync."""


class IndexVersionMismatch(Refused):
    """The index was built with another schema version or embedding model."""


class SyncLocked(Refused):
    """Another sync holds this index's lock."""


class StoreError(SyncError):
    """The index could not be read or written (server gone, disk full); exit code 5."""

    exit_code = 5


class StoreUnavailable(StoreError):
    """The Chroma server stopped answering (not started, stopped, unreachable)."""


class StoreFull(StoreError):
    """The disk holding the embedded index is full."""


class ConfigError(SyncError):
    """A setting is invalid or a required file or package is missing."""

    exit_code = 2
