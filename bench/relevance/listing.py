"""Print a compact listing of a feed for judging: one line per product group.

    .venv/bin/python bench/relevance/listing.py FEED.xml [--grep WORD] [--desc]

Columns: first id (the id judgments use), variant count, title, brand, category, price,
colours and sizes across the group. ``--desc`` adds the first 160 characters of the
description. Judge at the group level: every variant of a group shares its grade.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.relevance.feeds import read_items  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    """Print the listing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("feed")
    parser.add_argument("--grep", default="", help="only groups whose text contains this")
    parser.add_argument("--desc", action="store_true", help="show the description's start")
    args = parser.parse_args(argv)
    groups: dict[str, list] = {}
    for item in read_items(args.feed):
        groups.setdefault(item.group, []).append(item)
    needle = args.grep.casefold()
    for members in groups.values():
        first = members[0]
        text = " ".join(f"{m.title} {m.brand} {m.category} {m.description}" for m in members)
        if needle and needle not in text.casefold():
            continue
        colors = sorted({m.color for m in members if m.color})
        sizes = sorted({m.size for m in members if m.size})
        line = (
            f"{first.id} x{len(members)} | {first.title} | {first.brand} | {first.category} | "
            f"{first.price}"
        )
        if colors:
            line += f" | c:{','.join(colors)}"
        if sizes:
            line += f" | s:{','.join(sizes)}"
        if args.desc:
            line += f" | {first.description[:160]}"
        print(line)


if __name__ == "__main__":
    main()
