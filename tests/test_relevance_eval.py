"""The relevance dev set and its evaluation (``bench/relevance``).

The dev set is checked against the feeds as parsed here with lxml alone (not the
sync's parser, not ``bench/relevance/feeds.py`` that the judges used); the metrics on
examples worked out by hand; the script end to end on the 72-item Russian feed; and a
floor on the demo catalogue guards against a relevance regression (no timing checks).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.relevance import metrics  # noqa: E402
from bench.relevance.evaluate import DEVSET, FEED_LANGUAGE, KINDS, load_devset  # noqa: E402
from sync.demo_feed import build_demo_feed  # noqa: E402
from tests.conftest import FEEDS  # noqa: E402

SCRIPT = ROOT / "bench" / "relevance" / "evaluate.py"
#: The held-out cross-lingual set: paired needs, each asked in several languages.
HELDOUT = ROOT / "bench" / "relevance" / "heldout.jsonl"
RUSSIAN = "13_banyaline_rss_ru_byn_variants.xml"
G_NS = "http://base.google.com/ns/1.0"

#: Floors a bit under today's figures (see bench/relevance/README.md): a regression guard.
#: The baseline and what the product runs; the stages between (hybrid, dense+rerank) are
#: printed by ``make eval`` (each method costs ~10 s of queries here).
DEMO_FLOOR_NDCG = {"dense": 0.58, "hybrid+rerank": 0.65}


@pytest.fixture(scope="module")
def devset() -> list[dict]:
    return load_devset()


@pytest.fixture(scope="module")
def heldout() -> list[dict]:
    return load_devset(HELDOUT)


@pytest.fixture(scope="module")
def demo_feed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 500-item demo catalogue both sets were judged on."""
    path = tmp_path_factory.mktemp("demo") / "demo.xml"
    build_demo_feed(path, size=500)
    return path


def feed_ids(path: Path) -> set[str]:
    """Every ``g:id`` of the feed's items, read with lxml (recovering from bad entities)."""
    parser = etree.XMLParser(recover=True, resolve_entities=False, huge_tree=True)
    root = etree.fromstring(path.read_bytes().removeprefix(b"\xef\xbb\xbf"), parser)
    return {
        (elem.text or "").strip()
        for elem in root.iter(f"{{{G_NS}}}id")
        if etree.QName(elem.getparent()).localname in ("item", "entry")
    }


# -- the dev set --------------------------------------------------------------------------------


def test_devset_has_enough_queries_of_every_kind_and_language(devset: list[dict]) -> None:
    assert len(devset) >= 300
    assert len({q["id"] for q in devset}) == len(devset)
    for q in devset:
        assert set(q) == {"id", "feed", "language", "kind", "query", "judgments"}, q["id"]
        assert q["query"].strip() and q["kind"] in KINDS and q["feed"] in FEED_LANGUAGE
    kinds = Counter(q["kind"] for q in devset)
    assert set(kinds) == set(KINDS)
    assert all(kinds[k] >= 15 for k in KINDS if k != "not_carried")
    languages = Counter(q["language"] for q in devset)
    assert {"en", "de", "fr", "es", "it", "pl"} <= set(languages)
    assert {"lt", "ru"} & set(languages)
    assert len(languages) >= 7


def test_devset_grades_and_not_carried_queries(devset: list[dict]) -> None:
    for q in devset:
        grades = list(q["judgments"].values())
        assert all(g in (0, 1, 2, 3) for g in grades), q["id"]
        if q["kind"] == "not_carried":
            assert not any(g >= 2 for g in grades), q["id"]
        else:
            assert grades and max(grades) >= 2, q["id"]  # something relevant to find
    assert sum(q["kind"] == "not_carried" for q in devset) >= 5


def test_devset_has_cross_lingual_queries_both_ways(devset: list[dict]) -> None:
    pairs = {(q["feed"], q["language"]) for q in devset}
    for feed in (
        "01_mariannedenis_prestashop_atom_fr.xml",
        "06_italyshop_rss_pl_pln_variants.xml",
        "11_vaivora_rss_lt_eur_minimal.xml",
        RUSSIAN,
    ):
        assert (feed, "en") in pairs, feed  # English against a non-English catalogue
    for language in ("de", "pl", "it"):
        assert ("demo", language) in pairs  # other languages against the English demo
    cross = [q for q in devset if q["language"] != FEED_LANGUAGE[q["feed"]]]
    assert len(cross) >= 100


@pytest.mark.parametrize("judged_set", [DEVSET, HELDOUT], ids=["devset", "heldout"])
def test_every_judged_id_exists_in_its_feed(judged_set: Path, demo_feed: Path) -> None:
    by_feed: dict[str, set[str]] = {}
    for q in load_devset(judged_set):
        by_feed.setdefault(q["feed"], set()).update(q["judgments"])
    for feed, judged in by_feed.items():
        path = demo_feed if feed == "demo" else FEEDS / feed
        if not path.is_file():
            pytest.skip(f"real feed {feed} not available in {FEEDS}")
        missing = judged - feed_ids(path)
        assert not missing, f"{feed}: {sorted(missing)[:5]}"


def test_heldout_pairs_every_need_across_languages(heldout: list[dict]) -> None:
    assert len({q["id"] for q in heldout}) == len(heldout)
    needs: dict[str, list[dict]] = {}
    for q in heldout:
        assert set(q) == {"id", "need", "feed", "language", "kind", "query", "judgments"}, q["id"]
        assert q["query"].strip() and q["feed"] in FEED_LANGUAGE, q["id"]
        assert q["kind"] in KINDS and q["kind"] != "not_carried", q["id"]
        assert q["language"] in {"en", "de", "fr", "es", "it", "pl", "lt", "ru"}, q["id"]
        assert all(g in (0, 1, 2, 3) for g in q["judgments"].values()), q["id"]
        needs.setdefault(q["need"], []).append(q)
    assert len(needs) >= 30
    for need, queries in needs.items():
        first = queries[0]
        languages = [q["language"] for q in queries]
        assert len(set(languages)) == len(languages) >= 2, need  # one query per language
        assert FEED_LANGUAGE[first["feed"]] in languages, need  # the catalogue's own language
        for q in queries:
            assert (q["feed"], q["kind"]) == (first["feed"], first["kind"]), q["id"]
            assert q["judgments"] == first["judgments"], q["id"]  # one need, one set of grades
        assert max(first["judgments"].values()) >= 2, need  # something relevant to find
    assert {q["feed"] for q in heldout} == set(FEED_LANGUAGE)
    languages = Counter(q["language"] for q in heldout)
    assert len(languages) == 8 and min(languages.values()) >= 5
    cross = [q for q in heldout if q["language"] != FEED_LANGUAGE[q["feed"]]]
    assert len(cross) >= 60


def test_feed_ids_reads_the_broken_french_feed_whole() -> None:
    path = FEEDS / "01_mariannedenis_prestashop_atom_fr.xml"
    if not path.is_file():
        pytest.skip("real feeds not available")
    assert len(feed_ids(path)) == 289  # the README's count, despite &ecirc; and friends


# -- metrics ------------------------------------------------------------------------------------


def test_ndcg_uses_graded_gains_and_the_ideal_order() -> None:
    grades = {"a": 3, "b": 2, "c": 0, "d": 1}
    # DCG = 0/log2(2) + (2^3-1)/log2(3) + (2^1-1)/log2(4) = 4.41650 + 0.5
    # IDCG = 7/log2(2) + 3/log2(3) + 1/log2(4) + 0 = 7 + 1.89279 + 0.5
    assert metrics.ndcg(["c", "a", "d"], grades, 10) == pytest.approx(4.91650 / 9.39279, abs=1e-5)
    assert metrics.ndcg(["a", "b", "d", "c"], grades, 10) == pytest.approx(1.0)
    assert metrics.ndcg(["x", "y"], grades, 10) == 0.0  # unjudged results gain nothing
    assert metrics.ndcg(["b", "a"], grades, 1) == pytest.approx(3 / 7)  # cut at k
    assert metrics.ndcg(["a"], {"a": 0}, 10) == 0.0  # nothing to find


def test_recall_counts_grade_two_and_up_within_k() -> None:
    grades = {"a": 3, "b": 2, "c": 1, "d": 0}
    assert metrics.recall(["c", "a", "d"], grades, 50) == 0.5
    assert metrics.recall(["c", "a", "b"], grades, 2) == 0.5
    assert metrics.recall(["c", "d"], grades, 50) == 0.0  # a partial match is not relevant
    assert metrics.recall(["a", "b"], grades, 50) == 1.0


def test_reciprocal_rank_of_the_first_relevant_result() -> None:
    grades = {"a": 3, "b": 2, "c": 1}
    assert metrics.reciprocal_rank(["c", "x", "b", "a"], grades) == pytest.approx(1 / 3)
    assert metrics.reciprocal_rank(["a"], grades) == 1.0
    assert metrics.reciprocal_rank(["c", "x"], grades) == 0.0
    assert metrics.reciprocal_rank(["c", "b"], grades, k=1) == 0.0


def test_variants_of_a_group_share_the_grade_and_count_once() -> None:
    group_of = {"v1": "G", "v2": "G", "v3": "G", "h": "H", "o": "O"}
    grades = metrics.group_grades({"v1": 2, "v3": 3, "h": 1}, group_of)
    assert grades == {"G": 3, "H": 1}  # the higher grade of the group's judged ids
    ranked = metrics.ranked_groups(["v2", "v1", "o", "v3", "h", "new"], group_of)
    assert ranked == ["G", "O", "H", "new"]  # a variant never judged hits with its group
    assert metrics.reciprocal_rank(ranked, grades) == 1.0
    # DCG = 7/1 + 0 + 1/log2(4); IDCG = 7 + 1/log2(3)
    assert metrics.ndcg(ranked, grades, 10) == pytest.approx(7.5 / (7 + 1 / math.log2(3)))


def test_percentiles_interpolate_like_numpy() -> None:
    values = [float(v) for v in range(1, 101)]
    assert metrics.percentile(values, 50) == pytest.approx(50.5)
    assert metrics.percentile(values, 95) == pytest.approx(95.05)
    assert metrics.percentile([4.0], 95) == 4.0
    assert math.isnan(metrics.percentile([], 50))


# -- end to end ---------------------------------------------------------------------------------


#: The evaluation's own cache (``make eval``'s, and the shopper suite floor's): each run
#: syncs into it, so an index built by another test or worker is brought up to date
#: (under the sync's lock) instead of embedding the catalogue again.
SHARED_CACHE = ROOT / ".aisle" / "eval"


def _run(*args: str, cache: Path) -> str:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--cache-dir", str(cache), *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**__import__("os").environ, "HF_HUB_OFFLINE": "1"},
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


@pytest.mark.slow  # syncs a feed with the real model in a subprocess
def test_small_run_prints_the_figures_table() -> None:
    if not (FEEDS / RUSSIAN).is_file():
        pytest.skip("real feeds not available")
    text = _run("--feeds", "13", "--limit", "12", cache=SHARED_CACHE)
    assert "| method | queries | nDCG@10 | Recall@50 | MRR |" in text
    for row in ("| dense ", "| dense+rerank "):
        assert row in text
    assert "Per kind: nDCG@10 / Recall@50 / MRR" in text
    assert "Per language: nDCG@10 / Recall@50 / MRR" in text
    assert "R@10 cross-lingual" in text
    figures = json.loads(_run("--feeds", "13", "--limit", "12", "--json", cache=SHARED_CACHE))
    assert figures["queries"] == 12
    assert figures["catalogues"][RUSSIAN]["embedded"] == 0  # the second sync changed nothing
    for name, method in figures["methods"].items():
        if method["available"]:
            assert 0 <= method["overall"]["ndcg@10"] <= 1, name
            assert method["latency_ms"]["n"] == 12
        else:
            assert "yet" in method["reason"], (name, method["reason"])  # n/a says why


@pytest.mark.slow
def test_demo_relevance_floor() -> None:
    figures = json.loads(
        _run(
            "--feeds",
            "demo",
            "--methods",
            ",".join(DEMO_FLOOR_NDCG),
            "--json",
            cache=SHARED_CACHE,
        )
    )
    checked = 0
    for name, floor in DEMO_FLOOR_NDCG.items():
        method = figures["methods"][name]
        if not method["available"]:
            assert "yet" in method["reason"], (name, method["reason"])  # n/a, never broken
            continue
        checked += 1
        assert method["overall"]["ndcg@10"] >= floor, (name, method["overall"])
    assert checked, "no method to check"
