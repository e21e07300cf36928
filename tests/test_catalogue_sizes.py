"""Sizes named without the word "size", read against what the shop sells (issue 11: sizes
as the feed spells them). Class: a size stated inside a need ("sneakersy karmel 40",
"taza de 15 oz", "šiukšlių maišai 120l", "матрас 70 на 200"), on the first message too.
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.catalogue_sizes import size_named, sizes_sold
from graph.context import Context
from graph.resources import get_view
from sync.sizes import kinds_of, tokens


def _sold(*values: str, kind: str = "") -> frozenset[str]:
    """The size tokens of products whose size fields read ``values``, filed as the sync does."""
    return sizes_sold({v: {"sizes": tokens(v, kinds_of(kind))} for v in values})


SHOES = _sold("36", "37", "38", "39", "40", "41", kind="Obuwie > Sneakersy")
MUGS = _sold("11oz", "15oz")
BAGS = _sold("35/60l", "60l", "120l", "240l")
MATTRESSES = _sold("60×200 см", "70×200 см")
PANS = _sold("24cm", "28cm")
GLOVES = _sold("S/M/L/XL")


@pytest.mark.parametrize(
    ("text", "sold", "need", "size"),
    [
        ("sneakersy karmel 40", SHOES, "sneakersy karmel", "40"),
        ("czarne botki 39", SHOES, "czarne botki", "39"),
        ("la taza anti-67 de 15 oz", MUGS, "taza", "15oz"),  # "67" is part of a name
        ("taza de 11oz", MUGS, "taza", "11oz"),
        ("šiukšlių maišai 120l", BAGS, "šiukšlių maišai", "120l"),
        ("матрас 70 на 200", MATTRESSES, "матрас", "70x200"),
        ("mattress 70 x 200", MATTRESSES, "mattress", "70x200"),
        ("keptuvė 28 cm", PANS, "keptuvė", "28cm"),
        # the unit said in the shopper's language
        ("la tazza piccola, quella da 11 once", MUGS, "tazza", "11once"),
        ("la taza de 15 onzas", MUGS, "taza", "15onzas"),
        ("the 15 ounce mug", MUGS, "mug", "15ounce"),
        ("кружка на 11 унций", MUGS, "кружка", "11унций"),
    ],
)
def test_a_size_the_shop_sells_is_read_inside_the_need(text, sold, need, size):
    assert size_named(text, sold, [need]) == size


@pytest.mark.parametrize(
    ("text", "sold", "need", "prices"),
    [
        ("sneakersy do 40", SHOES, "sneakersy", [40.0]),  # read as a price already
        ("pillow 40", SHOES, "pillow", []),  # a bare number, and pillows have no number sizes
        ("top 3 sneakers", SHOES, "sneakers", []),  # no EU 3 is sold
        ("keptuvė 30 cm", PANS, "keptuvė", []),  # a size nobody sells
        ("Gartenschlauch 25 m", GLOVES, "Gartenschlauch", []),  # "m" here is metres, not M
        ("120 l", frozenset(), "", []),  # no sizes known yet (filters still loading)
        ("OD1615 keptuvė", PANS, "keptuvė", []),  # a code
        ("11 persone", MUGS, "tazza", []),  # a word after the number that is no unit
    ],
)
def test_numbers_that_are_no_size_the_shop_sells_stay_unread(text, sold, need, prices):
    assert size_named(text, sold, [need], prices) == ""


@pytest.fixture(scope="module")
def app():
    return build_graph(InMemorySaver())


def test_the_demo_reads_a_shoe_size_in_the_first_message(demo_catalogue, app):
    """Every card then offers the size in stock (retrieval filters on it)."""
    _, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)  # the sizes sold come with the filter table
    config = {"configurable": {"thread_id": "shoe-size"}}
    state = app.invoke({"messages": [("user", "trail running shoes 44")]}, config, context=ctx)
    assert state["preferences"].get("size") == "44"
    cards = state["recommendations"]
    assert cards
    assert all("44" in (c.get("variant_options") or {}).get("size", []) for c in cards)
    config = {"configurable": {"thread_id": "shoe-price"}}
    state = app.invoke(
        {"messages": [("user", "trail running shoes under 44")]}, config, context=ctx
    )
    assert state["preferences"].get("max_price") == 44
    assert not state["preferences"].get("size")


@pytest.mark.parametrize(
    ("text", "sizes", "kept"),
    [
        ("black ankle boots please, I'm a UK 6 which is EU 39 I think", ["UK 6", "39"], "39"),
        ("sneakers, US 9 or EU 42", ["US 9", "42"], ""),  # neither sold here: the first stays
        ("szukam botków, UK 5 / EU 38", ["UK 5", "38"], "38"),
    ],
)
def test_sizes_in_several_systems_keep_the_one_the_shop_sells(monkeypatch, text, sizes, kept):
    """Class: a shopper names their size in two systems; a shop sells one of them."""
    import graph.size_readings as readings
    from graph.rules import understand

    reading = understand(text)
    assert reading.sizes == sizes and reading.updates["size"] == sizes[0]
    assert not any(s.split()[-1] in str(reading.updates.get("query")) for s in sizes)

    class View:
        def sizes_sold(self) -> frozenset[str]:
            return SHOES

    monkeypatch.setattr(readings, "get_view", lambda ctx: View())
    previous = {"category": "Obuwie > Botki"}
    assert readings.one_sold(Context(), reading, previous) == kept


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("looking for a sweater for my gf, she's a small", "S"),
        ("I wear a medium, any fleece?", "M"),
        ("he is a extra large, need a hoodie", "XL"),
        ("rust colored henley in a small", "S"),  # the garment's size: "in a small"
        # the size word after the size, as Lithuanian, Polish and Russian say it
        ("marškinėlius, M dydžio, baltus", "M"),
        ("kozaki 39 rozmiaru", "39"),
        ("футболка L размера", "L"),
        # a number with its ordinal ending
        ("высокие кеды коричневые, 40-й размер", "40"),
        ("кроссовки 44-го размера", "44"),
        ("batai 39-o dydžio", "39"),
        ("a large mug please", None),  # no wearer: a large mug
        ("small bag for the gym", None),
    ],
)
def test_a_letter_size_said_as_a_word_after_a_wearer(text, size):
    """Class: the wearer's size in words ("she's a small"), never a product's adjective."""
    from graph.rules import understand

    reading = understand(text)
    assert reading.updates.get("size") == size
    if size:
        assert "small" not in str(reading.updates.get("query"))


@pytest.mark.parametrize(
    ("text", "size"),
    [("sandals for the beach, womens, sz 38", "38"), ("Sandalen für Damen Gr 38", "38"),
     ("Herrenstiefel Gr. 43", "43"), ("grill for 4 people", None)],
)  # fmt: skip
def test_size_word_abbreviations(text, size):
    """Class: the size word abbreviated ("sz", "Gr" with or without its dot)."""
    from graph.rules import understand

    assert understand(text).updates.get("size") == size


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Error 404 puodelis, didžiausias (20 oz) - į krepšelį", "20oz"),  # with its unit
        ("add 2 to my cart", None),  # a bare number in a cart action: a quantity
    ],
)
def test_a_size_the_shop_sells_named_with_a_cart_action_is_read(monkeypatch, text, size):
    """Class: a purchase that says the size (with its unit) is the variant to add."""
    import graph.turn_readings as readings
    from graph.rules import understand

    class View:
        filters: dict = {}

        def sizes_sold(self) -> frozenset[str]:
            return frozenset({"oz:11", "oz:15", "oz:20", "num:2", "text:2"})

    import graph.size_readings as sizes

    for module in (readings, sizes):
        monkeypatch.setattr(module, "get_view", lambda ctx: View())
    monkeypatch.setattr(readings, "lexical_index", lambda ctx: None)
    reading = understand(text, language="lt" if "į" in text else "en")
    assert reading.intent == "purchase"
    readings.settle({}, Context(), text, reading, {})
    assert reading.updates.get("size") == size


@pytest.mark.parametrize(
    ("text", "language", "size", "relative"),
    [
        ("а в размере M дешевле?", "ru", "M", "cheaper"),
        ("a w rozmiarze M taniej?", "pl", "M", "cheaper"),
        ("o dydžio L?", "lt", "L", None),
        ("rozmiaru 40 nie ma?", "pl", "40", None),
    ],
)
def test_the_size_word_declined_before_the_size(text, language, size, relative):
    from graph.rules import understand

    reading = understand(text, language=language)
    assert reading.updates.get("size") == size and reading.relative == relative


def test_the_variant_in_the_size_asked_answers_with_its_own_price():
    from graph.product_nodes import _variant_in_size

    group = {
        "w3": {"color": "White", "size": "3XL", "in_stock": True, "price": 25.99},
        "wm": {"color": "White", "size": "M", "in_stock": False, "price": 21.99},
        "bm": {"color": "Beige", "size": "M", "in_stock": True, "price": 21.99},
        "bl": {"color": "Beige", "size": "L", "in_stock": True, "price": 21.99},
    }
    assert _variant_in_size(group, "w3", "m") == "bm"  # in stock before the same colour
    group["wm"]["in_stock"] = True
    assert _variant_in_size(group, "w3", "M") == "wm"  # then the colour in view
    assert _variant_in_size(group, "w3", "XS") is None
    # asked as the shopper writes it, the feed writing it another way ("XXXL", "US 9 | EU 42")
    group["w3"]["size"] = "XXXL"
    assert _variant_in_size(group, "bm", "3XL") == "w3"
    shoes = {"s9": {"color": "Black", "size": "US 9 | EU 42", "in_stock": True}}
    assert _variant_in_size(shoes, "s9", "42") == "s9"
