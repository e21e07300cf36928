"""Classify stage: the five disjoint change classes, as a pure function.

Comparing the index's hashes with the snapshot's by product id:

==============  ======================================  ====================================
class           condition                               what the write stage does
==============  ======================================  ====================================
new             id only in the snapshot                 enrich, embed, upsert
changed         semantic hash differs                   enrich, embed, upsert
metadata_only   semantic hash equal, full hash differs  update metadata, keep the vector
deleted         id only in the index (and not kept)     delete
unchanged       full hash equal                         nothing
==============  ======================================  ====================================

Ids in ``keep`` (items rejected this time whose indexed version must stay as
it was) are never deleted and never counted in any class.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

Hashes = tuple[str, str]  # (full hash, semantic hash)


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """The five classes, each a sorted tuple of ids."""

    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    metadata_only: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()

    def counts(self) -> dict[str, int]:
        """Size of each class, in the report's key order."""
        return {
            "new": len(self.new),
            "changed": len(self.changed),
            "metadata_only": len(self.metadata_only),
            "deleted": len(self.deleted),
            "unchanged": len(self.unchanged),
        }

    @property
    def to_embed(self) -> tuple[str, ...]:
        """Ids whose text must be (re-)embedded."""
        return self.new + self.changed

    @property
    def has_writes(self) -> bool:
        """Whether applying this change set writes anything."""
        return bool(self.new or self.changed or self.metadata_only or self.deleted)


def classify(
    indexed: Mapping[str, Hashes],
    snapshot: Mapping[str, Hashes],
    keep: Collection[str] = (),
) -> ChangeSet:
    """Split ids into the five change classes (no I/O, deterministic order)."""
    new, changed, metadata_only, unchanged = [], [], [], []
    for pid, (full, semantic) in snapshot.items():
        old = indexed.get(pid)
        if old is None:
            new.append(pid)
        elif old[1] != semantic:
            changed.append(pid)
        elif old[0] != full:
            metadata_only.append(pid)
        else:
            unchanged.append(pid)
    keep_set = set(keep)
    deleted = [pid for pid in indexed if pid not in snapshot and pid not in keep_set]
    return ChangeSet(
        new=tuple(sorted(new)),
        changed=tuple(sorted(changed)),
        metadata_only=tuple(sorted(metadata_only)),
        deleted=tuple(sorted(deleted)),
        unchanged=tuple(sorted(unchanged)),
    )
