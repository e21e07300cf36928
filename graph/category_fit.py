"""A category the need's other words chose is dropped when the kind it names is sold elsewhere.

"open-ear headphones so I can hear the traffic on my bike" matched the demo's "Sport >
Cycling" by "bike", and "trail sandals for a summer hiking trip" its "Shoes > Trail": the
filter then held the search to helmets and trail runners, and the headphones and sandals the
shop sells were never seen ("nothing matches all of that"). The category is the filter's
business only when some product of the kind the need names is filed there; when the shop
files that kind elsewhere, the words that chose the category said where or what for, not
what. Any shop: its own titles and categories decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graph.kinds import titles_of_kinds
from graph.lexical import LexicalIndex
from graph.translate import written_kinds
from graph.understanding import Understanding


def drop_unfit_category(
    text: str,
    understood: Understanding,
    lexical: LexicalIndex | None,
    table: Mapping[str, Mapping[str, Any]],
) -> None:
    """Take the category out of ``understood`` when no product of the kind named is in it."""
    updates = understood.updates
    paths = {p for p in (updates.get("category_any") or [updates.get("category")]) if p}
    if not paths or lexical is None or not table:
        return
    # a kind surely named: "my legs are sore" names no leggings, though a stemmer says so
    rows = titles_of_kinds(written_kinds(text, understood.language), lexical)
    if not len(rows):
        return  # no kind named, or one the shop titles nowhere: the category may be all
    for row in rows.tolist():
        if paths & set((table.get(lexical.ids[row]) or {}).get("categories") or ()):
            return
    updates.pop("category", None)
    updates.pop("category_any", None)
