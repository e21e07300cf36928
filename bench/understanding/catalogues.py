"""The catalogues the corpus is written for: their facets and their product cards.

Facets are what ``sync`` stores after a sync (``sync.facets.compute_facets`` over the
feed's facet rows); they are computed here from the feed without embedding anything,
so scoring needs no index. Cards carry what a graph card carries that a reader looks
at (title, brand, category, colour, size, price).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FEEDS_DIR = ROOT.parent / "shared" / "feeds"
TAXONOMY = ROOT.parent / "shared" / "taxonomy" / "taxonomy-with-ids.en-US.txt"
DEMO_SIZE = 500  # ``python -m sync demo FEED --size 500``

#: Corpus catalogue name -> feed file in ../shared/feeds ("demo" is generated).
FEED_FILES = {
    "pl_shoes": "06_italyshop_rss_pl_pln_variants.xml",
    "ru_sauna": "13_banyaline_rss_ru_byn_variants.xml",
    "lt_home": "11_vaivora_rss_lt_eur_minimal.xml",
    "fr_jewellery": "01_mariannedenis_prestashop_atom_fr.xml",
    "es_tees": "04_opispot_fourthwall_rss_es_bom_cdata_variants.xml",
    "us_bedding": "03_ajmoss_bigcommerce_atom_us.xml",
}


@dataclass(frozen=True)
class Catalogue:
    """One catalogue as a reader sees it."""

    name: str
    facets: dict[str, Any]
    cards: dict[str, dict[str, Any]]  # product id -> card
    texts: dict[str, str] = field(default_factory=dict, repr=False)  # id -> indexed text

    @cached_property
    def lexical(self) -> Any:
        """The lexical index the graph builds over the same products (``graph.lexical``)."""
        from graph.lexical import LexicalIndex

        records = [(pid, str(c["title"]), self.texts.get(pid, "")) for pid, c in self.cards.items()]
        return LexicalIndex.build(records)

    def group_of(self, ids: list[str]) -> dict[str, str]:
        """Each product id's variant group (``graph.lookup`` names a group, not a size)."""
        return {i: str(self.cards.get(i, {}).get("group_id") or i) for i in ids}

    def shown(self, ids: list[str]) -> list[dict[str, Any]]:
        """The cards for ``ids``, in order; an unknown id is an error in the corpus."""
        missing = [pid for pid in ids if pid not in self.cards]
        if missing:
            raise KeyError(f"{self.name}: no product with id {missing}")
        return [self.cards[pid] for pid in ids]


def available(name: str) -> bool:
    """Whether the feed behind ``name`` is on this machine (the demo always is)."""
    return name == "demo" or (FEEDS_DIR / FEED_FILES[name]).is_file()


@cache
def load(name: str) -> Catalogue:
    """Facets and cards of one catalogue, read once per process."""
    if name == "demo":
        from sync.demo_feed import build_demo_feed

        with tempfile.TemporaryDirectory(prefix="aisle-understanding-") as tmp:
            feed = Path(tmp) / "demo.xml"
            build_demo_feed(feed, size=DEMO_SIZE)
            return _read(name, feed)
    return _read(name, FEEDS_DIR / FEED_FILES[name])


def _read(name: str, feed: Path) -> Catalogue:
    from sync.facets import compute_facets
    from sync.snapshot import read_snapshot
    from sync.taxonomy import Taxonomy

    snap = read_snapshot(
        feed,
        taxonomy=Taxonomy.load(TAXONOMY if TAXONOMY.is_file() else None),
        model_id="understanding-corpus",  # no embedding happens; hashes only
        indexed={},
    )
    facets = compute_facets(list(snap.facet_rows.values()))
    cards = {}
    texts = {}
    for pid, prepared in snap.pending.items():
        texts[pid] = prepared.text
        product = prepared.product
        cards[pid] = {
            "id": pid,
            "title": product.title,
            "price": product.price,
            "effective_price": product.price,
            "currency": product.currency,
            "brand": product.brand,
            "category": prepared.categories.primary,
            "color": product.color,
            "size": product.size,
            "in_stock": product.in_stock,
            "group_id": snap.facet_rows[pid].group_id,
        }
    return Catalogue(name, facets, cards, texts)
