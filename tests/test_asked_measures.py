"""A measure the need states holds the titles that state it (graph/asked_measures.py)."""

from __future__ import annotations

import pytest

from graph.asked_measures import Measure, as_written_in_titles, asked, of_measure_asked
from graph.message_text import search_text
from graph.retrieval import Candidate


@pytest.mark.parametrize(
    ("need", "expected"),
    [
        ("un tuyau d'arrosage de 30 mètres", [Measure("length", 3000.0, 3000.0)]),
        ("reikia valo trimeriui, 2,4 mm storio", [Measure("length", 0.24, 0.24)]),
        ("Gartenschlauch 25 m", [Measure("length", 2500.0, 2500.0)]),
        ("кастрюля, литров на 16–18", [Measure("volume", 16.0, 18.0)]),  # the unit first
        ("garnek 16-18 litrów", [Measure("volume", 16.0, 18.0)]),
        ("нужен электрочайник на литр", [Measure("volume", 1.0, 1.0)]),  # one, unsaid
        ("a 2 litre kettle", [Measure("volume", 2.0, 2.0)]),
        ("a 600ml flask", [Measure("volume", 0.6, 0.6)]),
        ("shoes size 42", []),  # a size is no measure
        ("something in 42", []),  # "in" before a number is a word, not inches
        ("die Nackenrolle, 23 mal 60, in Schwarz", []),  # nor after one, before a word
        ("a 15in laptop sleeve", [Measure("length", 38.1, 38.1)]),  # glued, it measures
        ("for 2 kids", []),
    ],
)
def test_a_need_states_its_measures(need: str, expected: list[Measure]) -> None:
    got = asked(need)
    assert [m.dimension for m in got] == [m.dimension for m in expected]
    for have, want in zip(got, expected, strict=True):
        assert have.low == pytest.approx(want.low) and have.high == pytest.approx(want.high)


def test_a_measure_said_unit_first_is_searched_as_titles_write_it() -> None:
    assert as_written_in_titles("кастрюля литров на 16-18") == ["16 литров", "18 литров"]
    assert as_written_in_titles("электрочайник на литр") == ["1 литр"]
    assert as_written_in_titles("a 2 litre kettle") == []  # titles already say it this way


def test_the_search_reads_a_measure_said_unit_first_as_titles_write_it() -> None:
    from graph.context import Context
    from graph.search import query_text

    searched = query_text({"query": "кастрюля литров на 16-18"}, None, Context())
    assert "16 литров 18 литров" in searched  # the lexical side's "16l", "18l"


def test_a_decimal_or_a_range_survives_the_need_cleaning() -> None:
    assert search_text("reikia valo, 2,4 mm storio.") == "reikia valo 2,4 mm storio"
    assert search_text("кастрюля, литров на 16–18, холодец") == "кастрюля литров на 16-18 холодец"
    assert search_text("1.75mm filament.") == "1.75mm filament"


def _candidates(titles: dict[str, str], groups: dict[str, list[str]] | None = None):
    groups = groups or {}
    return [
        Candidate(id=pid, group_id=pid, similarity=0.5, meta={"title": title}, document=title,
                  matching_ids=groups.get(pid, [pid]), score=1.0 - n / 10)
        for n, (pid, title) in enumerate(titles.items())
    ]  # fmt: skip


HOSES = {
    "h20": "Žarna laistymo WMS 3/4 20m",
    "sun30": "„Sunflex“ 5/8 colio sodo žarna, 30 m.",
    "conn": 'Jungtis laistymo žarnai 19 mm (¾")',
    "sun50": 'SUNFLEX 3/4"-50m BRADAS sodo žarna',
    "plain": "Sodo žarna",
}


def test_the_titles_stating_the_measure_are_kept() -> None:
    kept = of_measure_asked(_candidates(HOSES), "tuyau d'arrosage de 30 mètres")
    assert [c.id for c in kept] == ["sun30"]  # not 20 m, 50 m, 19 mm nor one of no length


def test_a_range_keeps_every_title_inside_it() -> None:
    pots = {
        "p46": "Puodas Odelo Pedro 4.6L",
        "p18": "Nerūdijančio plieno puodas VICCO ODELO, 32cm, 18l",
        "p16": "Nerūdijančio plieno puodas su dangčiu VICCO ODELO, 30cm, 16l",
        "p9": "Puodas VICCO GASTRO 9L 24 cm",
    }
    kept = of_measure_asked(_candidates(pots), "кастрюля, литров на 16–18")
    assert [c.id for c in kept] == ["p18", "p16"]  # in ranked order; 32 cm is no volume


def test_a_measure_no_title_states_filters_nothing() -> None:
    ranked = _candidates(HOSES)
    assert of_measure_asked(ranked, "sodo žarna 40 m") == ranked
    assert of_measure_asked(ranked, "sodo žarna") == ranked


def test_a_group_answers_with_its_variant_that_states_the_measure() -> None:
    """One group of one hose per length (the sync derived it): its card leads with the
    20 m one, and "30 mètres" shows the 30 m variant instead of dropping the group."""
    ranked = _candidates(HOSES, {"h20": ["h20", "h30"]})
    stored = {"h30": ({"title": "Žarna laistymo WMS 3/4 30m", "price": 24.0}, "doc h30")}
    read: list[list[str]] = []

    def records(ids):
        read.append(list(ids))
        return {i: stored[i] for i in ids if i in stored}

    kept = of_measure_asked(ranked, "tuyau d'arrosage de 30 mètres", records)
    assert [(c.id, c.group_id) for c in kept] == [("h30", "h20"), ("sun30", "sun30")]
    assert kept[0].meta["price"] == 24.0 and kept[0].document == "doc h30"
    assert read == [["h30"]]  # one read, of the variants of the groups that need one
    # without the variants' records, only the card's own title is held
    assert [c.id for c in of_measure_asked(ranked, "30 mètres")] == ["sun30"]


def test_the_graph_shows_the_measure_asked_in_any_language(tmp_path) -> None:
    """A shop titling hoses and pots by length and volume (one hose group the sync derives
    from titles that differ by length): "30 mètres" shows the 30 m hoses, the derived
    group by its 30 m variant, and "литров на 16–18" the 16 and 18 l pots, read as no
    price range."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from sync.demo_feed import generate_items
    from tests.conftest import synced_with_the_real_model

    base = next(iter(generate_items(1)))
    titles = {
        "wms-20": "Žarna laistymo WMS 3/4 20m sunflex",
        "wms-30": "Žarna laistymo WMS 3/4 30m sunflex",
        "sun-30": "Sunflex 5/8 colio sodo žarna, 30 m",
        "sun-50": 'SUNFLEX 3/4"-50m BRADAS sodo žarna',
        "jung-19": 'Jungtis laistymo žarnai 19 mm (¾")',
        "pot-46": "Puodas Odelo Pedro 4.6L",
        "pot-98": "Puodas Odelo Pedro 9.8L",
        "pot-16": "Nerūdijančio plieno puodas VICCO GASTRO, 30cm, 16l",
        "pot-18": "Nerūdijančio plieno puodas VICCO ODELO, 32cm, 18l",
        "pot-06": "Odelo VELIO puodas 0,6 l",
    }
    items = [
        {**base, "id": pid, "title": title, "item_group_id": "",
         "description": f"{title}. Kokybiškas gaminys namams ir sodui, ilgai tarnaus.",
         "link": f"https://shop.example/{pid.split('-')[0]}", "product_type": "", "brand": "",
         "color": "", "size": "", "availability": "in stock", "price": "20.00 EUR",
         "sale_price": "", "google_product_category": ""}
        for pid, title in titles.items()
    ]  # fmt: skip
    index = synced_with_the_real_model(items, tmp_path)
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    out = app.invoke(
        {"messages": [("user", "je cherche un tuyau d'arrosage de 30 mètres")]},
        {"configurable": {"thread_id": "hose"}},
        context=ctx,
    )
    assert sorted(c["id"] for c in out["recommendations"]) == ["sun-30", "wms-30"], out["messages"][
        -1
    ].content
    out = app.invoke(
        {"messages": [("user", "нужна кастрюля из нержавейки, литров на 16–18")]},
        {"configurable": {"thread_id": "pot"}},
        context=ctx,
    )
    assert "min_price" not in out["preferences"] and "max_price" not in out["preferences"]
    assert sorted(c["id"] for c in out["recommendations"]) == ["pot-16", "pot-18"], out["messages"][
        -1
    ].content
