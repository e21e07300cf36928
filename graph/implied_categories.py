"""Categories a product's title names where the shop filed it one level too high.

Real feeds file products unevenly: the Polish shoe shop files "Skórzane czółenka Lancioni"
under "Obuwie > Czółenka" and "Lakierowane czółenka Spaziomoda" under "Obuwie" alone. A
shopper asking for pumps gets the category filter "Obuwie > Czółenka", which then hides
the patent pumps they asked for. A product filed under a category and under none of its
subcategories, whose title names one of those subcategories ("czółenka"), is in that
subcategory too: the shop's own paths and titles say so, for any shop and language.

Computed over one generation of the index when the graph loads its filter table (the set
of paths is the whole catalogue's, so a sync could not keep it per record).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from graph.terms import fold

SEPARATOR = " > "
_WORD = re.compile(r"\w+")
_ALTERNATIVES = re.compile(r"\s*(?:&|,|/|\+)\s*")


def implied_categories(
    rows: Mapping[str, Mapping[str, Any]], titles: Mapping[str, str]
) -> dict[str, list[str]]:
    """Each product's subcategories its title names, beyond the categories it has."""
    paths = {p for row in rows.values() for p in _categories(row)}
    paths |= {p for row in rows.values() if (p := _merchant_path(row))}
    children: dict[str, list[tuple[str, list[list[str]]]]] = {}
    for path in paths:
        parent, sep, leaf = path.rpartition(SEPARATOR)
        if sep:
            children.setdefault(parent, []).append((path, _leaf_names(leaf)))
    out: dict[str, list[str]] = {}
    for pid, row in rows.items():
        have = set(_categories(row))
        filed = set(have)
        if merchant := _merchant_path(row):
            have.add(merchant)  # a path of one step: the sync filed it under Google's
        title = _WORD.findall(fold(titles.get(pid) or str(row.get("title") or "")))
        if not title or not have:
            continue
        added: list[str] = []
        todo = [p for p in have if p in children]
        while todo:
            parent = todo.pop()
            if any(p.startswith(parent + SEPARATOR) for p in have):
                continue  # filed below it already: the shop chose the subcategory
            for path, names in children[parent]:
                if any(_names(name, title) for name in names):
                    have.add(path)
                    added.append(path)
                    if path in children:
                        todo.append(path)
        if added := [p for p in added if p not in filed]:
            out[pid] = added
    return out


def _categories(row: Mapping[str, Any]) -> Iterable[str]:
    held = row.get("categories") or ()
    return [str(p) for p in (held if isinstance(held, (list, tuple)) else [held]) if p]


def _merchant_path(row: Mapping[str, Any]) -> str:
    """The shop's own ``product_type`` as a path ("Obuwie>Czółenka" → "Obuwie > Czółenka")."""
    raw = str(row.get("product_type") or "")
    return SEPARATOR.join(p.strip() for p in raw.split(">") if p.strip())


def _leaf_names(leaf: str) -> list[list[str]]:
    """A leaf's names as word lists ("Bags & Backpacks": two names)."""
    names = [_WORD.findall(fold(part)) for part in _ALTERNATIVES.split(leaf)]
    return [n for n in names if n]


def _names(name: list[str], title: list[str]) -> bool:
    """Whether the title holds every word of ``name``, allowing an inflected ending."""
    return all(any(_same_word(word, t) for t in title) for word in name)


def _same_word(a: str, b: str) -> bool:
    """Equal, or one word with another ending ("sandals"/"sandal", "czółenka"/"czółenek")."""
    if a == b:
        return True
    if len(a) < 4 or len(b) < 4 or a.isdigit() or b.isdigit():
        return False
    common = len(os.path.commonprefix([a, b]))
    return common >= max(4, max(len(a), len(b)) - 2)
