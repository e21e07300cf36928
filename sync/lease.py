"""A lease in the index itself: one sync at a time across machines sharing a Chroma server.

A file lock only covers one machine. Syncs on several machines that write to
one Chroma server claim a lease record in the index's ``__meta`` collection
instead: ``{"owner", "expires"}``. Chroma has no compare-and-swap, so a claim
is *write, wait, read back*: of two claims racing, the one written last wins
and the other sees it and backs off. The holder renews the lease while it
works and checks it is still the owner before each write batch, so a holder
that stalled past its lease stops instead of writing beside a new holder.
(Writes are idempotent and every record carries its own hashes, so even a
lost race converges on the next sync; the lease keeps two syncs from
doing the work twice and interleaving their reports.)
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from typing import Any

from sync.errors import SyncLocked
from sync.store import CatalogueStore

LEASE_KEY = "lease"


class IndexLease:
    """Hold the index's sync lease for the duration of a ``with`` block."""

    def __init__(
        self,
        store: CatalogueStore,
        *,
        ttl: float = 60.0,
        wait: float = 0.0,
        settle: float = 0.5,
        clock: Any = time.time,
    ) -> None:
        """Configure; ``wait`` seconds to queue behind another holder (0: refuse at once)."""
        self.store = store
        self.ttl, self.wait, self.settle, self.clock = ttl, wait, settle, clock
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None

    def _read(self) -> dict[str, Any] | None:
        return self.store.read_meta(LEASE_KEY)

    def _write(self) -> None:
        self.store.write_meta(LEASE_KEY, {"owner": self.owner, "expires": self.clock() + self.ttl})

    def held_by_me(self) -> bool:
        """Whether the lease record still names this holder (checked before writes)."""
        current = self._read()
        return bool(current and current.get("owner") == self.owner)

    def acquire(self) -> None:
        """Claim the lease, waiting up to ``wait`` seconds for another holder.

        Raises:
            SyncLocked: another sync holds an unexpired lease.
        """
        deadline = time.monotonic() + self.wait
        while True:
            current = self._read()
            if current is None or current.get("expires", 0) < self.clock():
                self._write()
                time.sleep(self.settle)  # let a racing claim land, then see who won
                if self.held_by_me():
                    self._start_renewing()
                    return
                current = self._read()
            if time.monotonic() >= deadline:
                holder = (current or {}).get("owner", "another sync")
                left = max(0, int((current or {}).get("expires", 0) - self.clock()))
                raise SyncLocked(
                    f"another sync ({holder}) holds this index's lease on the Chroma server "
                    f"for {left} s more unless it renews it; wait for it to finish (if it "
                    "crashed, the lease lapses by then), or pass --wait SECONDS to queue"
                )
            time.sleep(min(1.0, max(0.05, deadline - time.monotonic())))

    def reclaim(self) -> None:
        """Write the lease again after its record was dropped with the index (``--rebuild``).

        Only the holder calls it, while it holds the lease, so no other sync can have
        taken it in between (a lapsed or stolen lease would show in ``held_by_me``).
        """
        self._write()

    def _start_renewing(self) -> None:
        def renew() -> None:
            while not self._stop.wait(self.ttl / 3):
                if self.held_by_me():
                    self._write()

        self._renewer = threading.Thread(target=renew, name="aisle-lease", daemon=True)
        self._renewer.start()

    def release(self) -> None:
        """Give the lease back (only if still ours)."""
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join(timeout=5)
        if self.held_by_me():
            self.store.delete_meta(LEASE_KEY)

    def __enter__(self) -> IndexLease:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
