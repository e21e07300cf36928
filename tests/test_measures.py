"""The largest or smallest of the products shown, by what their texts measure (measures.py)."""

from __future__ import annotations

import pytest

from graph.measures import by_measure, measures
from graph.rules import understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Virdulys PIETRO 4 l OD2088", {"volume": 4.0}),
        ("Arbatinukas DORA 600 ml ODELO", {"volume": 0.6}),
        ("Kapų žvakė su įdėklu 34 cm", {"length": 34.0}),
        ("Матрас 60×200 см", {"length": 200.0}),  # every number of a dimension line
        ("Lyginimo lenta LISA 103x35 cm", {"length": 103.0}),
        ('12X24" Pillow, Mountains Are Calling.', {"length": 24 * 2.54}),  # a capital X
        ("Set of 3 towels", {}),
        ("OD2088 model 4", {}),  # a number without a unit measures nothing
    ],
)
def test_a_text_states_its_measures(text: str, expected: dict[str, float]) -> None:
    assert measures(text) == expected


def test_the_largest_by_the_dimension_most_products_state() -> None:
    kettles = [{"title": "Virdulys 2,5 l"}, {"title": "Virdulys PIETRO 4 l"}, {"title": "600 ml"}]
    assert by_measure(kettles) == 1
    assert by_measure(kettles, largest=False) == 2
    # the title first; a product whose title says nothing is measured by its description
    candles = [{"title": "Žvakė A", "details": "Aukštis 22 cm"}, {"title": "Žvakė 34 cm"}]
    assert by_measure(candles) == 1


def test_titles_crossing_numbers_without_a_unit_compare_by_area() -> None:
    """A shop sizing pillows "18x18" and "20x20" (inches, unsaid): the 20 × 20 is bigger."""
    pillows = [
        {"title": "Historic Charleston King Charles Ivory 18x18 Pillow"},
        {"title": "Historic Charleston King Charles Ivory 20x20 Pillow"},
        {"title": "Historic Charleston Lumbar 12x24 Pillow"},
    ]
    assert by_measure(pillows) == 1
    assert by_measure(pillows, largest=False) == 2  # 12 × 24 is 288, 18 × 18 is 324
    assert by_measure([pillows[0], {"title": "Sham"}]) is None  # one measured tells nothing


def test_a_tie_or_too_few_measured_tells_nothing() -> None:
    assert by_measure([{"title": "Mug 11oz"}, {"title": "Mug 11oz"}]) is None
    assert by_measure([{"title": "Mug 11oz"}, {"title": "Sticker"}]) is None
    assert by_measure([{"title": "A"}, {"title": "B"}]) is None


@pytest.mark.parametrize(
    ("text", "language", "measure"),
    [
        ("¿cuál es la más grande?", "es", "largest"),
        ("which one is the tallest?", "en", "largest"),
        ("quali sono i più capienti?", "it", "largest"),
        ("какой самый маленький?", "ru", "smallest"),
        ("który jest najmniejszy?", "pl", "smallest"),
        # a comparative, and a Romance "more" + adjective without its article, ask the same
        ("quella più grande quanto costa?", "it", "largest"),
        ("el más gordo, ¿cuánto mide?", "es", "largest"),
        ("lequel est le plus gros ?", "fr", "largest"),
        ("which is bigger?", "en", "largest"),
        ("which one's thinner?", "en", "smallest"),
        ("welcher davon ist am schmalsten?", "de", "smallest"),
        ("który jest dłuższy?", "pl", "largest"),
        ("kuris ilgesnis?", "lt", "largest"),
        ("а какой потолще?", "ru", "largest"),
        ("a который покороче?", "ru", "smallest"),
        ("welche davon ist kürzer?", "de", "smallest"),
        ("und die längere davon, was kostet die?", "de", "largest"),
    ],
)
def test_a_superlative_of_size_over_the_cards_asks_the_list(
    text: str, language: str, measure: str
) -> None:
    shown = [{"id": f"p{i}", "group_id": f"p{i}", "title": f"Item {i}"} for i in range(3)]
    got = understand(text, shown=shown, language=language)
    assert got.measure == measure and got.about_list and got.references == [0, 1, 2], got


def test_the_graph_answers_about_the_largest_of_the_cards(tmp_path) -> None:
    """Kettles of 1.2, 4 and 2.5 litres on screen: "¿cuál es la más grande?" answers about
    the 4-litre one, not "which product do you mean?"."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from sync.demo_feed import generate_items
    from tests.conftest import synced_with_the_real_model

    base = next(iter(generate_items(1)))
    volumes = {"k1": "1,2 l", "k2": "4 l", "k3": "2,5 l"}
    items = [
        {**base, "id": pid, "title": f"Enamel Kettle {volume}", "item_group_id": "",
         "link": f"https://shop.example/{pid}", "product_type": "Kitchen > Kettles",
         "brand": "Pietro", "color": "", "size": "", "availability": "in stock"}
        for pid, volume in volumes.items()
    ]  # fmt: skip
    index = synced_with_the_real_model(items, tmp_path)
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    thread = {"configurable": {"thread_id": "largest"}}
    first = app.invoke({"messages": [("user", "enamel kettle")]}, thread, context=ctx)
    assert len(first["recommendations"]) == 3, first["messages"][-1].content
    out = app.invoke({"messages": [("user", "¿cuál es la más grande?")]}, thread, context=ctx)
    assert out["intent"] == "product_question", out["messages"][-1].content
    assert out["messages"][-1].content.startswith("Enamel Kettle 4 l")
    # the superlative names the card a cart addition takes, as "the cheapest" does
    for n, (text, wanted) in enumerate(
        [("the smallest one in the cart please", "k1"), ("la plus grande, dans le panier", "k2")]
    ):
        thread = {"configurable": {"thread_id": f"measured-add-{n}"}}
        app.invoke({"messages": [("user", "enamel kettle")]}, thread, context=ctx)
        out = app.invoke({"messages": [("user", text)]}, thread, context=ctx)
        assert [line["id"] for line in out["cart"]] == [wanted], out["messages"][-1].content


@pytest.mark.parametrize(
    ("question", "details", "answer"),
    [
        (
            "Wie groß ist das?",
            'Gibson Lake Pillow\nBrand: C and F\n12X24" Pillow, Mountains Are Calling. Spot Clean.',
            '12X24" Pillow, Mountains Are Calling.',
        ),
        (
            "what size is the actual comforter in that",
            "Sea Breeze Comforter Set\nSet Includes: Comforter (66x90), bedskirt; 1 sham.",
            "Set Includes: Comforter (66x90), bedskirt",
        ),
        (
            "jakie ma wymiary?",
            "Torebka zamszowa\nMiękki zamsz. Wymiary: 34 x 22 x 10 cm. Zapinana na zamek.",
            "Wymiary: 34 x 22 x 10 cm.",
        ),
    ],
)
def test_a_size_question_is_answered_by_the_sentence_that_measures(question, details, answer):
    """ "how big is it?": a sentence stating a measure answers it, the word "size" or not;
    the title (named in the answer already) is not quoted for its measure."""
    from graph.answers import concepts_asked, passages

    found = passages(details, concepts_asked(question), [], lambda text: text.lower().split())
    assert found == [answer]


@pytest.mark.parametrize(
    "question",
    ["а какого размера она?", "o kokio dydžio ta Washed Ashore?", "jakiego rozmiaru jest?",
     "quanto è lunga?", "elle est longue comment ?", "wie groß ist das?"],
)  # fmt: skip
def test_a_size_asked_in_any_inflection_asks_the_dimensions(question):
    """The asking words compare as each language's stemmer reads them ("размера" is
    "размер"), so an inflected "how big" is a size question too."""
    from graph.answers import concepts_asked

    assert "dimensions" in concepts_asked(question)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Подушка, Хаки, 40×40 см", {"40x40"}),
        ("khaki 40x40 sauna pillow", {"40x40"}),
        ("Валик (16х60)", {"16x60"}),  # a Cyrillic "х"
        ("матрас 70 на 200", {"70x200"}),
        ("a 1,5 x 2,5 m rug", {"1.5x2.5"}),
        ("2 in 1 charger, 3 by the door", set()),
    ],
)
def test_a_dimension_is_read_as_one_word(text: str, found: set[str]) -> None:
    from graph.measures import dimensions

    assert dimensions(text) == found


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no más de 50 euros", "es"),
        ("pas plus de 50 euros", "fr"),
        ("non più di 50 euro", "it"),
        ("il più economico", "it"),
        ("ein kleiner Rucksack", "de"),  # an adjective's strong form, no comparative
    ],
)
def test_more_and_less_of_a_price_or_a_plain_adjective_measure_nothing(
    text: str, language: str
) -> None:
    shown = [{"id": f"p{i}", "group_id": f"p{i}", "title": f"Item {i}"} for i in range(3)]
    assert understand(text, shown=shown, language=language).measure is None


def test_a_superlative_of_size_of_one_product_is_its_largest_size() -> None:
    """ "quello più grande quanto costa?" of one pillow sold in 18x18 and 20x20: the 20x20."""
    from graph.measures import extreme_size

    pillow = {"variant_options": {"size": ["18x18", "20x20"]}}
    assert extreme_size(pillow, {"measure": "largest"}) == "20x20"
    assert extreme_size(pillow, {"measure": "smallest"}) == "18x18"
    assert extreme_size(pillow, {"measure": "largest", "updates": {"size": "18x18"}}) is None
    assert extreme_size(pillow, {}) is None  # no superlative asked
    assert extreme_size({"variant_options": {"size": ["M", "L"]}}, {"measure": "largest"}) is None
