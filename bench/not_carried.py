"""Calibrate and measure the "not carried" decision (issue 12 item 6, issue 11 item 5).

"Do you sell sofas?" in a shop without sofas should hear so before the closest items;
"Aurora Men" in a perfume shop titled by model names should not. The graph decides from
the first stage's evidence (:func:`graph.evidence.not_carried`): how much of the need
the best titles and texts name (lexical) and how close the nearest product is in
meaning (semantic). This script measures that decision the way a conversation takes
it, over the relevance dev set and extra not-carried queries:

1. Each message is read by the rules with the catalogue's facets
   (:func:`graph.rules.understand`): a message that names a category or brand the
   catalogue has is carried by rule, never "not carried" (``named`` below).
2. The need (``preferences["query"]``) goes through the graph's first stage
   (:func:`graph.search.ranked_candidates`, the shipped defaults: hybrid, 40
   candidates, in stock only), whose trace holds the evidence.
3. The decision says "not carried" or not. A dev-set query of kind ``not_carried`` and
   every query in :data:`EXTRA` should; every other dev-set query should not.

``--calibrate`` searches the thresholds (title coverage, BM25 share, semantic
similarity) that maximise ``true claims - COST * false claims`` over every catalogue
together (a false "not carried" above correct cards is ``COST`` times worse than a
missed one), and checks each catalogue left out in turn (leave-one-catalogue-out).
The thresholds depend on the embedding model (a cosine from one model means nothing
for another): the model is the index's own (``AISLE_EMBEDDING_MODEL``).

    .venv/bin/python bench/not_carried.py                   # the table, shipped thresholds
    .venv/bin/python bench/not_carried.py --calibrate       # + the search and the check
    .venv/bin/python bench/not_carried.py --feeds demo,13 --show   # each decision
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.relevance import evaluate as ev  # noqa: E402 (sets HF_HUB_OFFLINE)

#: How much worse a false "not carried" is than a missed one (the calibration's cost).
COST = 3

#: Not-carried messages per catalogue, written by reading each catalogue's products
#: (``bench/relevance/listing.py``) and checked against its feed text: nothing of the
#: kind is sold. Some words do occur in the feed ("sofas" in a cushion's description,
#: "laptop" in a backpack's, "gafas de sol" in a t-shirt's, "šaldytuvas" in a box's):
#: those are the hard cases. Mixed languages, as shoppers write.
EXTRA: dict[str, tuple[str, ...]] = {
    "demo": (
        "sofa", "do you sell sofas?", "un divano", "a laptop", "garden hose", "lawn mower",
        "dog food", "car tyres", "wedding ring", "piano", "refrigerator", "baby diapers",
        "motor oil", "Kühlschrank", "neumáticos de coche", "lipstick", "printer ink",
        "aquarium", "perfume", "canapé",
    ),
    "01_mariannedenis_prestashop_atom_fr.xml": (
        "sofa", "canapé", "ordinateur portable", "laptop", "chaussures de course", "vélo",
        "tondeuse à gazon", "parfum", "lunettes de soleil", "garden hose", "casserole",
        "aspirateur", "winter jacket", "Laufschuhe",
    ),
    "03_ajmoss_bigcommerce_atom_us.xml": (
        "sofa", "laptop", "garden hose", "running shoes", "frying pan", "dog collar",
        "winter jacket", "coffee maker", "wristwatch", "bicycle", "lipstick", "Laufschuhe",
        "ordinateur portable", "zapatillas de running",
    ),
    "04_opispot_fourthwall_rss_es_bom_cdata_variants.xml": (
        "sofá", "sofa", "pantalones vaqueros", "gafas de sol", "reloj de pulsera",
        "bicicleta", "garden hose", "perfume", "sartén", "colchón", "winter boots",
        "aspiradora",
    ),
    "06_italyshop_rss_pl_pln_variants.xml": (
        "laptop", "sofa", "sukienka", "zegarek", "perfumy", "garden hose", "telewizor",
        "rower", "patelnia", "materac", "okulary", "lodówka", "running shoes", "Laufschuhe",
    ),
    "11_vaivora_rss_lt_eur_minimal.xml": (
        "nešiojamas kompiuteris", "laptop", "automobilio padangos", "vestuvinė suknelė",
        "televizorius", "šaldytuvas", "kvepalai", "sofa", "wedding dress", "car tyres",
        "running shoes", "lūpų dažai", "skalbimo mašina", "motor oil",
    ),
    "13_banyaline_rss_ru_byn_variants.xml": (
        "laptop", "sofa", "ноутбук", "диван", "кроссовки", "телевизор", "велосипед",
        "garden hose", "зонт", "духи", "сковорода", "running shoes", "наручные часы",
        "мобильный телефон",
    ),
}  # fmt: skip


#: What a row keeps of the first stage's trace (``sims``: every candidate's cosine).
EVIDENCE = (
    "best_semantic", "best_lexical", "best_lexical_share", "best_coverage",
    "best_title_coverage", "catalogue_language", "sims", "absent_kinds",
)  # fmt: skip


@dataclass
class Row:
    """One message: what the rules read, the evidence, and the truth."""

    feed: str
    query: str
    language: str  # the dev set's label ("" for EXTRA)
    kind: str  # the dev set's kind, or "not_carried" for EXTRA
    named: bool  # the rules named a category or brand: carried by rule
    need: str  # preferences["query"] (what the first stage searched)
    evidence: dict[str, Any]
    titles: list[str] = field(default_factory=list)  # the first five ranked products'

    @property
    def turn_language(self) -> str:
        """The turn's language as the graph tells it: the message's, else the catalogue's."""
        from graph.language_detection import detect_language

        catalogue = str(self.evidence.get("catalogue_language") or "en")
        return detect_language(self.query, default=catalogue)

    @property
    def truth(self) -> bool:
        """Whether the catalogue lacks what the message asks for."""
        return self.kind == "not_carried"


def queries(feeds: Sequence[str] | None) -> dict[str, list[tuple[str, str, str]]]:
    """``feed → [(message, language, kind)]``: the dev set, then :data:`EXTRA`."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for q in ev.load_devset():
        out.setdefault(q["feed"], []).append((q["query"], q["language"], q["kind"]))
    for feed, extra in EXTRA.items():
        out.setdefault(feed, []).extend((text, "", "not_carried") for text in extra)
    if feeds:
        out = {f: qs for f, qs in out.items() if any(f.startswith(p) for p in feeds)}
    return out


def collect(feeds: Sequence[str] | None, cache_dir: Path) -> list[Row]:
    """Every message of ``feeds`` through the rules and the first stage."""
    from graph import rules
    from graph.context import Context
    from graph.resources import get_facets
    from graph.search import ranked_candidates

    rows: list[Row] = []
    for feed, items in queries(feeds).items():
        catalogue = ev.prepare(feed, cache_dir)
        ctx = Context(index_dir=str(catalogue.index_dir), chroma_url="", collection="products")
        ev.wait_until_loaded(ctx)
        facets = get_facets(ctx)
        for text, language, kind in items:
            updates = rules.understand(text, facets=facets).updates
            named = bool(updates.get("category") or updates.get("category_any"))
            named = named or bool(updates.get("brands"))
            need = str(updates.get("query") or rules.search_text(text))
            trace: dict[str, Any] = {}
            found = ranked_candidates(ctx, {"query": need}, ctx.candidates, trace=trace, wait=60)
            sims = sorted((c.similarity for c in found), reverse=True)
            trace["sims"] = [round(x, 4) for x in sims]
            evidence = {k: trace[k] for k in EVIDENCE if k in trace}
            titles = [str(c.meta.get("title", "")) for c in found[:5]]
            rows.append(Row(feed, text, language, kind, named, need, evidence, titles))
    return rows


def title_words(row: Row) -> bool:
    """The rule before the evidence: no shown title holds a word of the need.

    As ``graph.nodes._not_carried`` had it, over the first five ranked products (the
    cards, before diversification).
    """
    from graph import rules
    from graph.product_words import word_keys
    from graph.vocabulary import VAGUE_WORDS, WHO_WORDS, WORD_RE

    if row.named:
        return False
    words = [
        w
        for w in WORD_RE.findall(row.need.lower())
        if len(w) >= 3 and w not in VAGUE_WORDS and w not in WHO_WORDS and rules.is_content(w)
    ]
    keys = frozenset().union(
        *(word_keys(w) for t in row.titles for w in WORD_RE.findall(t.lower()))
    )
    return bool(words) and not any(word_keys(w) & keys for w in words)


def decide(row: Row, thresholds: Any) -> bool:
    """The graph's decision for ``row`` (a named category or brand is carried by rule)."""
    from graph.evidence import not_carried

    return not row.named and not_carried(row.evidence, thresholds, row.need, row.turn_language)


@dataclass
class Counts:
    """Claims against the truth."""

    tp: int = 0  # "not carried", rightly
    fp: int = 0  # "not carried" about something the catalogue sells
    fn: int = 0  # missed: not carried, and not said
    tn: int = 0

    def add(self, said: bool, truth: bool) -> None:
        if said and truth:
            self.tp += 1
        elif said:
            self.fp += 1
        elif truth:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def accuracy(self) -> float:
        total = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / total if total else 0.0

    @property
    def gain(self) -> int:
        return self.tp - COST * self.fp


def count(rows: Iterable[Row], thresholds: Any) -> Counts:
    """Claims of ``thresholds`` (``None``: the old title-word rule) against the truth."""
    counts = Counts()
    for row in rows:
        said = title_words(row) if thresholds is None else decide(row, thresholds)
        counts.add(said, row.truth)
    return counts


def grid(base: Any) -> Iterable[Any]:
    """Every threshold combination the calibration tries."""
    for title in (0.2, 0.3, 0.4, 0.5, 0.6):
        for lexical in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8):
            for step in range(10, 61):
                yield replace(base, title=title, lexical=lexical, semantic=step / 100)


def calibrate(rows: Sequence[Row], base: Any) -> Any:
    """The thresholds with the largest gain (ties: fewer false claims, then stricter)."""
    best, key = base, None
    for candidate in grid(base):
        c = count(rows, candidate)
        rank = (c.gain, -c.fp, -candidate.semantic, -candidate.lexical, -candidate.title)
        if key is None or rank > key:
            best, key = candidate, rank
    return best


def describe(thresholds: Any) -> str:
    """``thresholds`` in words (languages sorted)."""
    languages = " ".join(sorted(thresholds.languages)) or "any"
    return (
        f"title coverage < {thresholds.title}, BM25 share < {thresholds.lexical}, "
        f"cosine < {thresholds.semantic}; catalogue and need languages: {languages}"
    )


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def table(rows: Sequence[Row], thresholds: Any) -> str:
    """Precision / recall of "not carried" per catalogue (markdown)."""
    lines = [
        "| catalogue | messages | not carried | named (rule) | said | right | false | "
        "precision | recall | accuracy |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    feeds = list(dict.fromkeys(r.feed for r in rows))
    for feed in [*feeds, "all"]:
        part = [r for r in rows if feed in ("all", r.feed)]
        c = count(part, thresholds)
        name = feed if feed in ("all", "demo") else feed.split("_")[0] + "_" + feed.split("_")[1]
        lines.append(
            f"| {name} | {len(part)} | {sum(r.truth for r in part)} | "
            f"{sum(r.named for r in part)} | {c.tp + c.fp} | {c.tp} | {c.fp} | "
            f"{_pct(c.precision)} | {_pct(c.recall)} | {c.accuracy:.3f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    global COST
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--feeds", help="comma-separated names or prefixes (demo,13)")
    parser.add_argument("--cache-dir", type=Path, default=ev.DEFAULT_CACHE)
    parser.add_argument("--calibrate", action="store_true", help="search the thresholds")
    parser.add_argument("--cost", type=int, default=COST, help="a false claim's cost (missed: 1)")
    parser.add_argument("--show", action="store_true", help="print every decision")
    parser.add_argument("--rows", type=Path, help="read (or write, if missing) the evidence")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    COST = args.cost

    from graph.evidence import thresholds_for
    from sync.settings import SyncSettings

    model = SyncSettings().embedding_model
    feeds = args.feeds.split(",") if args.feeds else None
    if args.rows and args.rows.is_file():
        rows = [Row(**r) for r in json.loads(args.rows.read_text())]
    else:
        rows = collect(feeds, args.cache_dir)
        if args.rows:
            args.rows.write_text(json.dumps([asdict(r) for r in rows], ensure_ascii=False))
    shipped = thresholds_for(model)
    out: dict[str, Any] = {"model": model, "shipped": asdict(shipped)}
    print(f"embedding model: {model}; shipped thresholds: {describe(shipped)}")
    print(table(rows, shipped))
    print("\nbefore: no shown title holds a word of the need")
    print(table(rows, None))
    if args.calibrate:
        best = calibrate(rows, shipped)
        out["calibrated"] = asdict(best)
        print(f"\ncalibrated on every catalogue (gain = right - {COST} x false): {describe(best)}")
        print("(the shipped thresholds)" if best == shipped else table(rows, best))
        print("\nleave one catalogue out (thresholds calibrated on the others):")
        total = Counts()
        for feed in dict.fromkeys(r.feed for r in rows):
            held = calibrate([r for r in rows if r.feed != feed], shipped)
            c = count([r for r in rows if r.feed == feed], held)
            total.tp, total.fp, total.fn, total.tn = (
                total.tp + c.tp,
                total.fp + c.fp,
                total.fn + c.fn,
                total.tn + c.tn,
            )
            print(
                f"  {feed[:40]:40} right {c.tp:3} false {c.fp:2} missed {c.fn:3}  "
                f"(title < {held.title}, lexical < {held.lexical}, semantic < {held.semantic})"
            )
        print(
            f"  all: precision {_pct(total.precision)}, recall {_pct(total.recall)}, "
            f"accuracy {total.accuracy:.3f}"
        )
    if args.show:
        for r in rows:
            said = decide(r, shipped)
            mark = ("OK " if said == r.truth else "BAD") + (" said" if said else "")
            ev_ = " ".join(
                f"{k.removeprefix('best_')}={v}" for k, v in r.evidence.items() if k != "sims"
            )
            named = "N" if r.named else " "
            print(f"{mark:9} {r.feed[:6]:6} {r.kind[:5]:5} {named} {r.query!r} {ev_}")
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
