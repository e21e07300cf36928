"""Fault injection for crash tests, off unless its environment variables are set.

``AISLE_SYNC_CRASH_AT=<point>`` kills the sync process with SIGKILL when it
reaches ``<point>`` (no cleanup, no ``finally``: a real crash).
``AISLE_SYNC_SIGNAL_AT=<point>`` sends the process SIGTERM there instead (an
operator stopping ``sync watch`` mid-tick), once per process.
``AISLE_SYNC_TRACE_POINTS=<file>`` appends every point passed to ``<file>``,
so a test can list every kill point of a scenario and try each one.

Points: ``after:<stage>`` at each stage boundary, ``manifest:start`` (a first
sync or a rebuild only), ``upsert:<n>`` and ``update:<n>`` after the n-th write
batch, ``manifest:done`` after the final write, ``delete:<n>`` after the n-th
delete batch.
"""

from __future__ import annotations

import os
import signal

CRASH_ENV = "AISLE_SYNC_CRASH_AT"
TRACE_ENV = "AISLE_SYNC_TRACE_POINTS"
SIGNAL_ENV = "AISLE_SYNC_SIGNAL_AT"
_signalled: set[str] = set()


def checkpoint(point: str) -> None:
    """Mark ``point``; crash here if asked to."""
    trace = os.environ.get(TRACE_ENV)
    if trace:
        with open(trace, "a", encoding="utf-8") as out:
            out.write(point + "\n")
    if os.environ.get(CRASH_ENV) == point:
        os.kill(os.getpid(), signal.SIGKILL)
    if os.environ.get(SIGNAL_ENV) == point and point not in _signalled:
        _signalled.add(point)
        os.kill(os.getpid(), signal.SIGTERM)
