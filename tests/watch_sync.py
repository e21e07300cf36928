"""``sync watch`` in its own process, for the SIGTERM tests.

    python tests/watch_sync.py FEED INDEX_DIR CACHE_DIR WRITE_BATCH [--dump FILE]

Runs a :class:`sync.watch.Watcher` (first tick at once, the next an hour later)
with the deterministic hash embedder of ``tests/crash_sync.py`` and prints each
tick's report (with its ``watch`` info) as a JSON line. ``AISLE_SYNC_SIGNAL_AT``
makes the process send itself SIGTERM at a point of the tick; the watcher must
then stop at a safe point and exit 0. With ``--dump FILE`` the index is
pickled to FILE after the watcher stopped.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from crash_sync import HashEmbedder, dump_index, settings_for  # noqa: E402

from sync.watch import Schedule, Watcher  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("feed", type=Path)
    parser.add_argument("index_dir", type=Path)
    parser.add_argument("cache_dir", type=Path)
    parser.add_argument("write_batch", type=int)
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args(argv)
    settings = settings_for(args.index_dir, args.cache_dir, args.write_batch)

    def on_report(report, info) -> None:
        print(json.dumps({**report.to_dict(), "watch": info}), flush=True)

    watcher = Watcher(
        str(args.feed),
        settings,
        Schedule(every=3600),
        embeddings=HashEmbedder(),
        on_report=on_report,
    )
    code = watcher.run()
    if args.dump:
        with open(args.dump, "wb") as out:
            pickle.dump(dump_index(settings), out)
    return code


if __name__ == "__main__":
    sys.exit(main())
