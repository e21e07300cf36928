"""Brands as shoppers write them, and sizes as the shop spells them (issue 11: brands
with aliases; sizes as the feed spells them; cart references).

Classes: a brand's name inflected ("nie od Spaziomody"), its final full stop left out
("no Cobble & Co please"), one maker filed under two names ("Lancioni" and "Federica
Lancioni"); a bare size the cards on screen offer ("dodaj czarne w 37", "de 15 oz"); an
add verb with an object pronoun ("dodaj ją").
"""

from __future__ import annotations

import pytest

from graph.facet_matching import same_maker
from graph.rules import understand
from graph.size_readings import size_on_screen as _size_on_screen

FACETS = {
    "brands": [
        {"name": n, "count": 3}
        for n in ("Cobble & Co.", "Spaziomoda", "Lancioni", "Federica Lancioni", "Esperanza")
    ]
}


@pytest.mark.parametrize(
    ("text", "language", "excluded"),
    [
        ("running shoes but no Cobble & Co please", "en", ["Cobble & Co."]),
        ("kozaki, ale nie od Spaziomody", "pl", ["Spaziomoda"]),
        ("virdulys, tik ne Esperanza", "lt", ["Esperanza"]),
        ("i bez Lancioni też", "pl", ["Lancioni", "Federica Lancioni"]),
    ],
)
def test_a_refused_brand_is_read_as_the_shopper_writes_it(
    text: str, language: str, excluded: list[str]
) -> None:
    got = understand(text, facets=FACETS, language=language)
    assert got.updates.get("exclude_brands") == excluded
    assert not got.updates.get("brands")


def test_one_maker_under_two_names_is_both_names() -> None:
    got = understand("a trampki Lancioni?", facets=FACETS, language="pl")
    assert got.updates["brands"] == ["Lancioni", "Federica Lancioni"]
    names = [b["name"] for b in FACETS["brands"]]
    assert same_maker("Federica Lancioni", names) == ["Federica Lancioni"]


def test_a_short_brand_takes_no_ending() -> None:
    facets = {"brands": [{"name": "Vue", "count": 1}]}
    assert not understand("vues of the sea", facets=facets).updates.get("brands")


SHOWN = [{"variant_options": {"size": ["36", "37", "38", "XL", "11oz", "15oz", "US 9 | EU 42"]}}]


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("dodaj czarne w 37", "37"),
        ("la de 15 oz", "15oz"),  # the shop writes it without the space
        ("add the XL", "XL"),
        ("EU 42 please", "EU 42"),  # one system of a size holding several
        ("in 45", ""),  # no card offers it
        ("under 37 euros", ""),  # a price
        ("pokaż 370", ""),
    ],
)
def test_a_bare_size_the_cards_offer_is_a_size(text: str, size: str) -> None:
    assert _size_on_screen(text, SHOWN, understand(text)) == size


@pytest.mark.parametrize(
    ("text", "language"), [("dodaj ją", "pl"), ("add that to my cart", "en"), ("add it", "en")]
)
def test_an_add_verb_with_a_pronoun_buys_the_product_in_view(text: str, language: str) -> None:
    shown = [{"id": str(i), "group_id": str(i), "title": "Zamszowe baleriny"} for i in range(2)]
    assert understand(text, shown=shown, language=language).intent == "purchase"


def test_a_brand_name_does_not_decide_the_language() -> None:
    from graph.rules import detect_language
    from graph.understand_node import _without_brands

    facets = {"brands": [{"name": "Leather Country", "count": 3}]}
    text = "portfele Leather Country"
    assert detect_language(text, default="") == "en"  # the English brand outvotes "portfele"
    # without it, "portfele" alone: the translation lexicon's Polish word for wallets
    assert detect_language(_without_brands(text, facets), default="") == "pl"


@pytest.mark.parametrize(
    ("text", "language", "reference"),
    [
        # "a" / "une" / "jakiś": another one of that kind, not the one on screen
        ("tant pis. et une housse de couette ?", "fr", None),
        ("and a duvet cover?", "en", None),
        ("¿y una funda nórdica?", "es", None),
        ("und eine Bettdecke?", "de", None),
        ("a jakiś koc?", "pl", None),
        # "the" / "la": the card of that kind shown, though an "a" introduces a part
        ("how much is the duvet cover?", "en", 1),
        ("does the duvet cover have a zipper?", "en", 1),
        ("c'est combien la housse de couette ?", "fr", 1),
    ],
)
def test_a_kind_after_an_indefinite_asks_for_one_not_the_card_shown(text, language, reference):
    shown = [
        {"id": "a", "group_id": "a", "title": "C and F To The Sea Quilted Euro Sham"},
        {"id": "b", "group_id": "b", "title": "Croscill Keira Duvet Cover",
         "category": "Bedding > Duvet Covers"},
    ]  # fmt: skip
    assert understand(text, shown=shown, language=language).reference == reference


@pytest.mark.parametrize(
    ("text", "language", "of_the_card"),
    [
        # a pointer after the kind named with "a" is that kind's: another product asked
        ("ah ok. what about a necklace with a little pompom on it?", "en", False),
        ("und eine Kette mit einem Anhänger daran?", "de", False),
        ("y una taza con un gato dibujado en ella?", "es", False),
        # before it, the pointer is the card's: a question about it
        ("does it come with a necklace?", "en", True),
        ("is it sold with a chain?", "en", True),
    ],
)
def test_a_pointer_after_a_kind_named_with_an_indefinite_is_that_kinds(text, language, of_the_card):
    shown = [{"id": "a", "group_id": "a", "title": "Bracelet en soie et perle de culture femme"}]
    got = understand(text, shown=shown, language=language)
    assert (got.intent == "product_question") is of_the_card, got


@pytest.mark.parametrize(
    ("text", "size", "said"),
    [
        ("les taupe en 38, dans le panier svp", "38", True),
        ("black ones in 39 then, into my bag", "39", True),
        ("vale, las de color arena en la 41, al carrito", "41", True),
        ("чёрные, 39-й, кладите в корзину", "39", True),
        ("juodus, 43, dėkit į krepšelį", "43", True),  # no count is that large
        ("add 2 to my cart", "2", False),  # a quantity
        ("put the 3 in the cart", "3", False),  # an ordinal
    ],
)
def test_a_number_in_a_cart_addition_is_a_size_when_said_as_one(text, size, said):
    """A bare number in a cart addition is a quantity or an ordinal as often as a size;
    a size's preposition or ending, or a number no count reaches, says it is the size."""
    from graph.size_readings import said_as_size

    assert said_as_size(text, size) is said


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("e in 3XL costa di più?", "it", True),
        ("und in 3XL, kostet der mehr?", "de", True),
        ("y en 3XL cuesta más?", "es", True),
        ("and jeans in 3XL?", "en", False),  # a word the titles hold: another need
    ],
)
def test_the_price_asked_of_the_product_in_view_in_another_size_is_its_variant_s(
    monkeypatch, text, language, asked
):
    """The words beside the size ask the price: no title of the shop holds them, so they
    name no other need (graph.size_readings.size_of_the_focus)."""
    from types import SimpleNamespace

    from graph import rules, size_readings
    from graph.context import Context
    from graph.lexical import LexicalIndex

    shop = LexicalIndex.build(
        [("t1", "Camiseta Gatos Amarillo", ""), ("j1", "Jeans Slim Azul", "")], "es", detect=False
    )
    monkeypatch.setattr(
        size_readings, "get_view", lambda ctx: SimpleNamespace(lexical=shop, filters={})
    )
    focus = {
        "id": "t1",
        "group_id": "t1",
        "title": "Camiseta Gatos",
        "variant_options": {"size": ["M", "3XL"]},
    }
    state = {"focus": focus, "intent": "product_question", "shown": [focus]}
    understood = rules.understand(text, language=language)
    size_readings.size_of_the_focus(state, Context(), text, understood)
    assert (understood.intent == "product_question") is asked, (
        understood.intent,
        understood.updates,
    )


@pytest.mark.parametrize(
    ("text", "language", "size"),
    [
        ("¿y la de 20 onzas cuánto cuesta?", "es", "20 oz"),
        ("und die mit 11 Unzen?", "de", "11oz"),
        ("a ta 15-uncjowa ile kosztuje?", "pl", ""),  # "15-uncjowa" is no unit said
        ("а на 15 унций сколько стоит?", "ru", "15oz"),
        ("and the 20 oz one, how much?", "en", "20 oz"),
    ],
)
def test_a_size_said_in_another_units_spelling_is_the_variant_asked(
    monkeypatch, text, language, size
):
    """The mug's sizes are "11oz", "15oz", "20 oz": "20 onzas", "11 Unzen", "15 унций"
    say one of them, with its one card on screen pointed at ("la de …")."""
    from types import SimpleNamespace

    from graph import rules, size_readings
    from graph.context import Context
    from graph.lexical import LexicalIndex

    shop = LexicalIndex.build([("m1", "Taza Error 404 Talla 15oz", "")], "es", detect=False)
    monkeypatch.setattr(
        size_readings, "get_view", lambda ctx: SimpleNamespace(lexical=shop, filters={})
    )
    focus = {
        "id": "m1",
        "group_id": "m1",
        "title": "Taza Error 404 Talla 15oz",
        "variant_options": {"size": ["11oz", "15oz", "20 oz"]},
    }
    state = {"focus": focus, "intent": "product_question", "shown": [focus]}
    understood = rules.understand(text, shown=[focus], language=language)
    size_readings.size_of_the_focus(state, Context(), text, understood)
    assert understood.updates.get("size", "") == size, (understood.intent, understood.updates)


@pytest.mark.parametrize(
    ("text", "language", "of_the_card"),
    [
        # a pronoun after a preposition of the thing is the product in view
        ("и какая у него цена?", "ru", True),
        ("ile za niego zapłacę?", "pl", True),
        ("kokia jo kaina?", "lt", True),
        # after one of the person it is for, a recipient
        ("что-нибудь для него, ему 40", "ru", False),
        ("coś dla niego, ma 40 lat", "pl", False),
    ],
)
def test_a_pronoun_after_a_preposition_points_at_the_product(text, language, of_the_card):
    shown = [
        {"id": "a", "group_id": "a", "title": "Запарник для веников"},
        {"id": "b", "group_id": "b", "title": "Переноска для дров"},
    ]
    got = understand(text, shown=shown, language=language)
    assert (got.intent == "product_question") is of_the_card, got
