"""The shopper-task suite (bench/shoppers): its task files are well-formed and true of their
feeds (fast), its checks judge what they claim to (fast), and a floor on the rules-mode pass
rates over the demo catalogue (slow)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage

from bench.relevance.feeds import FEEDS_DIR
from bench.shoppers import run as suite
from bench.shoppers.checks import check_turn
from bench.shoppers.feedview import FeedView, parse_price, sale_active, size_matches
from bench.shoppers.satisfiable import problems
from bench.shoppers.tasks import CATEGORIES, TaskFormatError, load_tasks

SHOPPERS = Path(__file__).resolve().parents[1] / "bench" / "shoppers"
#: The held-out sets (another author's, each written blind).
HELDOUT_DIRS = (
    SHOPPERS / "heldout",
    SHOPPERS / "heldout2",
    SHOPPERS / "heldout3",
    SHOPPERS / "heldout4",
    SHOPPERS / "heldout5",
    SHOPPERS / "heldout6",
    SHOPPERS / "heldout7",
    SHOPPERS / "heldout8",
    SHOPPERS / "heldout9",
    SHOPPERS / "heldout10",
    SHOPPERS / "heldout11",
    SHOPPERS / "heldout12",
    SHOPPERS / "heldout13",
    SHOPPERS / "heldout14",
    SHOPPERS / "heldout15",
    SHOPPERS / "heldout16",
    SHOPPERS / "heldout17",
    SHOPPERS / "heldout18",
    SHOPPERS / "heldout19",
    SHOPPERS / "heldout20",
    SHOPPERS / "heldout21",
    SHOPPERS / "heldout22",
)
#: The main tasks and the held-out ones: all are checked against their feeds; ids are
#: unique across the sets.
MAIN_TASKS = load_tasks()
TASKS = MAIN_TASKS + [t for d in HELDOUT_DIRS for t in load_tasks(d)]
FEEDS = sorted({t.feed for t in TASKS})


@pytest.fixture(scope="module")
def demo_feed_path(tmp_path_factory) -> Path:
    from sync.demo_feed import build_demo_feed

    path = tmp_path_factory.mktemp("shoppers") / "demo-500.xml"
    build_demo_feed(path, size=500)  # the catalogue the demo tasks were written on (seed 7)
    return path


def _feed_path(feed: str, demo_feed_path: Path) -> Path:
    if feed == "demo":
        return demo_feed_path
    path = FEEDS_DIR / feed
    if not path.is_file():
        pytest.skip(f"{path} is not here (../shared/feeds)")
    return path


# -- the task files -----------------------------------------------------------------------------


def test_the_suite_covers_every_category_and_seven_languages():
    assert len({t.id for t in TASKS}) == len(TASKS)
    assert {t.category for t in TASKS} == set(CATEGORIES)
    assert len({t.language for t in TASKS}) >= 7
    assert all(len(t.turns) >= 1 for t in TASKS)


@pytest.mark.parametrize("feed", FEEDS)
def test_every_task_is_true_of_its_feed(feed, demo_feed_path):
    view = FeedView.read(_feed_path(feed, demo_feed_path))
    wrong = {t.id: problems(t, view) for t in TASKS if t.feed == feed}
    assert {k: v for k, v in wrong.items() if v} == {}


def _write(tmp_path: Path, name: str, lines: list[dict]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return path


GOOD = {
    "id": "demo-x1",
    "feed": "demo",
    "language": "en",
    "category": "budget",
    "turns": [{"user": "mugs under 30", "expect": {"cards": "some", "max_price": 30}}],
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"category": "price"}, "'category' 'price'"),
        ({"feed": "01_x.xml"}, "does not belong in demo.jsonl"),
        ({"language": "pt"}, "'language' 'pt'"),
        ({"turns": [{"user": "x", "expect": {"kinds": "mug"}}]}, "unknown expect key 'kinds'"),
        ({"turns": [{"user": "x", "expect": {"kind": "mug("}}]}, "not a valid regex"),
        ({"turns": [{"user": "x", "expect": {"size": "39"}}]}, "'size' must be"),
        ({"turns": [{"user": "x", "expect": {"cart": {"count": -1}}}]}, "'cart.count'"),
        ({"turns": []}, "'turns' must be a non-empty list"),
    ],
)
def test_a_malformed_task_is_an_error_naming_file_and_line(tmp_path, change, message):
    _write(tmp_path, "demo.jsonl", [{**GOOD, "id": "demo-x0"}, {**GOOD, **change}])
    with pytest.raises(TaskFormatError) as err:
        load_tasks(tmp_path)
    assert f"{tmp_path / 'demo.jsonl'}:2: " in str(err.value)
    assert message in str(err.value)


def test_a_task_id_used_twice_is_an_error(tmp_path):
    _write(tmp_path, "demo.jsonl", [GOOD])
    _write(tmp_path, "01.jsonl", [{**GOOD, "feed": "01_shop.xml"}])
    with pytest.raises(TaskFormatError, match="already used at"):
        load_tasks(tmp_path)


def test_a_task_asking_the_cart_to_hold_a_sold_out_product_is_wrong_about_its_feed(
    tmp_path, demo_feed_path
):
    from bench.shoppers.feedview import in_stock

    view = FeedView.read(demo_feed_path)

    def group_in_stock(pid: str) -> bool:
        return any(in_stock(v) for v in view.groups[view.group_key(pid)])

    sold_out = next(pid for pid in view.items if not group_in_stock(pid))
    on_sale = next(pid for pid in view.items if group_in_stock(pid))

    def cart_task(pid: str) -> list[str]:
        task = {**GOOD, "turns": [{"user": "add it", "expect": {"cart": {"contains": pid}}}]}
        _write(tmp_path, "demo.jsonl", [task])
        return problems(load_tasks(tmp_path)[0], view)

    assert any("sold out" in p for p in cart_task(sold_out))
    assert cart_task(on_sale) == []


# -- the checks ---------------------------------------------------------------------------------


def test_sizes_match_in_the_system_named():
    assert size_matches("US 9 | EU 42", "42", "EU")
    assert not size_matches("US 9 | EU 42", "9", "EU")
    assert size_matches("70×200 см", "70×200", None)
    assert not size_matches("XL", "L", None)
    assert not size_matches("14", "4", None)


def test_prices_and_sale_windows_as_the_feed_writes_them():
    assert parse_price("1.299,00 zł") == 1299.0
    assert parse_price("310.95 USD") == 310.95
    assert parse_price("55") == 55.0
    now = datetime(2026, 12, 2, tzinfo=UTC)
    assert not sale_active("2026-11-20T00:00:00+00:00/2026-12-01T23:59:59+00:00", now)
    assert sale_active("2026-11-01T00:00:00+00:00/2026-12-31T23:59:59+00:00", now)


def test_checks_fail_on_a_wrong_card_and_pass_on_a_right_one(demo_feed_path):
    view = FeedView.read(demo_feed_path)
    jacket = view.items["AIS-000196"]  # Nordlys Quilted Bomber Jacket, 161.99, M-XXL
    card = {"id": jacket.id, "group_id": jacket.group, "title": jacket.title, "price": 161.99}
    state = {"recommendations": [card], "messages": [AIMessage("Here is a jacket for you.")]}
    expect = {"cards": "some", "kind": "jacket", "max_price": 200, "size": {"value": "L"}}
    assert all(c.ok for c in check_turn(expect, state, view, "en"))
    wrong = {"cards": "none", "kind": "boot", "max_price": 100, "size": {"value": "XS"}}
    verdicts = {c.name: c.ok for c in check_turn(wrong, state, view, "en")}
    assert verdicts == {
        "cards": False,
        "kind": False,
        "max_price": False,
        "size": False,
        "in_stock": True,
        "price_shown": True,
        "reply_language": True,
    }
    german = check_turn({}, state, view, "de")
    assert [c.ok for c in german if c.name == "reply_language"] == [False]


def test_a_product_name_quoted_whole_is_no_language():
    # an answer about the card in view ("Was kostet so eine?") is German, however much of
    # it the Russian shop's title is
    view = FeedView.read(FEEDS_DIR / "13_banyaline_rss_ru_byn_variants.xml")
    title = view.items["185644566062-valik-black2360"].title  # "Валик (23х60), Черный, 23×60 см"

    def language_ok(reply: str) -> bool:
        state = {"messages": [AIMessage(reply)]}
        return [c.ok for c in check_turn({}, state, view, "de") if c.name == "reply_language"][0]

    assert language_ok(f"{title}: auf Lager, 195 BYN.\nFarben: black, burgundy")
    assert not language_ok(f"{title}: in stock, 195 BYN.\nColours: black, burgundy")


# -- the floor ----------------------------------------------------------------------------------

#: Measured at 36c9ee7 (rules, demo): checks 0.964 (432/448), tasks clean 0.821 (55/67);
#: the floors sit a few points under (bench/shoppers/README.md).
FLOOR_CHECKS = 0.93
FLOOR_TASKS = 0.76


@pytest.mark.slow
def test_rules_mode_pass_rates_on_the_demo_catalogue_hold_a_floor():
    tasks = [t for t in MAIN_TASKS if t.catalogue == "demo"]  # the held-out set keeps none
    results, skipped = suite.run_suite(tasks, ["rules"], suite.evaluate.DEFAULT_CACHE)
    assert skipped == {}
    fig = suite.figures(results, ["rules"], skipped)["modes"]["rules"]
    failed = Counter(f"{c.name}" for r in results for c in r.checks if not c.ok)
    assert fig["checks"]["rate"] >= FLOOR_CHECKS, (fig["checks"], failed)
    assert fig["tasks"]["rate"] >= FLOOR_TASKS, (fig["tasks"], failed)
