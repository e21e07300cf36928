"""The sync report: what happened, for people (``summary``) and machines (``to_json``)."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sync.errors import SyncError
from sync.faults import checkpoint
from sync.model import Rejection

MAX_LISTED_REJECTIONS = 200  # the JSON lists this many; counts always cover all


@dataclass
class SyncReport:
    """Outcome of one sync run, the JSON contract of ``python -m sync run --json``."""

    feed: str = ""
    status: str = "ok"  # "ok" | "refused" | "failed"
    reason: str = ""
    exit_code: int = 0
    dry_run: bool = False
    counts: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("new", "changed", "metadata_only", "deleted", "unchanged", "rejected"), 0
        )
    )
    embedded: int = 0  # texts sent to the embedding model
    reused_vectors: int = 0  # vectors copied from identical texts already indexed
    index_size: int = 0
    items: int = 0  # items in the feed, valid or not
    items_unread: int = 0  # byte-identical to the indexed version: not normalised again
    seconds: dict[str, float] = field(default_factory=dict)
    rejections: list[Rejection] = field(default_factory=list)
    warnings: Counter[str] = field(default_factory=Counter)
    feed_repairs: int = 0
    from_cache: bool = False
    model_id: str = ""

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time a stage into ``seconds[name]`` (accumulating)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - start
            self.seconds[name] = round(self.seconds.get(name, 0.0) + elapsed, 4)
        checkpoint(f"after:{name}")  # only reached when the stage succeeded

    def fail(self, error: SyncError) -> None:
        """Record a refusal (exit 3) or failure (other exit codes)."""
        self.status = "refused" if error.exit_code == 3 else "failed"
        self.reason = str(error)
        self.exit_code = error.exit_code

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the CLI contract (plus details)."""
        return {
            "status": self.status,
            "reason": self.reason,
            "feed": self.feed,
            "dry_run": self.dry_run,
            "counts": dict(self.counts),
            "embedded": self.embedded,
            "reused_vectors": self.reused_vectors,
            "index_size": self.index_size,
            "items": self.items,
            "items_unread": self.items_unread,
            "seconds": dict(self.seconds),
            "rejections": [r.to_dict() for r in self.rejections[:MAX_LISTED_REJECTIONS]],
            "warnings": dict(self.warnings.most_common()),
            "feed_repairs": self.feed_repairs,
            "from_cache": self.from_cache,
            "model_id": self.model_id,
        }

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def summary(self) -> str:
        """A few readable lines for a terminal."""
        c = self.counts
        lines = []
        if self.status != "ok":
            lines.append(f"Sync {self.status}: {self.reason}")
        head = "Dry run (nothing written)" if self.dry_run else "Synced"
        if self.status == "ok":
            changes = c["new"] + c["changed"] + c["metadata_only"] + c["deleted"]
            what = "no changes" if not changes else f"{changes} changes"
            lines.append(f"{head} {self.feed}: {what}, index holds {self.index_size} products")
        lines.append(
            f"  new {c['new']} · changed {c['changed']} · price/stock {c['metadata_only']} · "
            f"deleted {c['deleted']} · unchanged {c['unchanged']} · rejected {c['rejected']}"
        )
        lines.append(
            f"  embedded {self.embedded} texts"
            + (f" (+{self.reused_vectors} reused)" if self.reused_vectors else "")
            + f" in {self.seconds.get('total', 0.0):.2f} s"
        )
        for rejection in self.rejections[:5]:
            who = rejection.id or f"item #{rejection.position}"
            lines.append(f"  rejected {who}: {rejection.reason}")
        if len(self.rejections) > 5:
            lines.append(f"  … and {len(self.rejections) - 5} more rejected (see --json)")
        for warning, n in self.warnings.most_common(5):
            lines.append(f"  warning ×{n}: {warning}")
        return "\n".join(lines)
