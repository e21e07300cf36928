"""A cart addition naming a product that is not on screen (graph/cart_search.py): searched,
then added when the search leaves one product it clearly means, else offered to pick from."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from graph import rules
from graph.cart_search import decisive_card, need_to_add
from graph.lexical import LexicalIndex


def _need(text: str, language: str) -> str | None:
    understood = rules.understand(text, language=language)
    need = need_to_add(text, understood, facets={}, previous={}, language=language)
    return None if need is None else str(need.updates["query"])


@pytest.mark.parametrize(
    ("text", "language", "query"),
    [
        # the cart's words and the function words before them are no part of the need
        ("la cubertería Odelo Elvira de 24 piezas al carrito porfa", "es", "cubertería"),
        ("rankinė bagetė, alyvuogių spalvos - dėk į krepšelį", "lt", "bagetė"),
        ("mets une théière en fonte dans le panier", "fr", "théière"),
        ("dodaj do koszyka kilt w kolorze beżowym", "pl", "kilt"),
        ("put a cast iron teapot into my cart", "en", "teapot"),
    ],
)
def test_the_words_around_the_cart_are_the_need(text: str, language: str, query: str) -> None:
    need = _need(text, language)
    assert need is not None and query in need, need
    for word in ("carrito", "krepšelį", "panier", "koszyka", "cart", " al ", " į ", "dans le"):
        assert word not in f" {need} ", need


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("add it to my cart", "en"),  # the card in focus: the cart's business
        ("add 2 to my cart", "en"),  # a quantity
        ("yes, put one in the cart", "en"),
        ("add something nice to my cart", "en"),  # says nothing of what
        ("what's in my cart?", "en"),  # the cart itself
        ("usuń z koszyka", "pl"),
    ],
)
def test_an_addition_naming_nothing_is_not_searched(text: str, language: str) -> None:
    assert _need(text, language) is None


RECORDS = [
    ("a", "Torebka Leather Country", ""),
    ("b", "Torebka bagietka Leather Country", ""),
    ("c", "Pasek Leather Country", ""),
    ("d", "Cast Iron Teapot", ""),
]


@pytest.fixture(scope="module")
def lexical() -> LexicalIndex:
    return LexicalIndex.build(RECORDS, "pl", detect=False)


def cards(*ids: str) -> list[dict[str, str]]:
    return [{"id": pid, "title": title} for pid, title, _ in RECORDS if pid in ids]


def test_the_one_card_a_search_leaves_is_meant(lexical: LexicalIndex) -> None:
    assert decisive_card(cards("c"), "oranžinį diržą", lexical) == 0
    assert decisive_card([], "anything", lexical) is None


def test_a_card_holding_more_of_the_need_than_any_other_is_meant(lexical: LexicalIndex) -> None:
    # "bagietka": only one of the two bags says it
    assert decisive_card(cards("a", "b"), "torebka bagietka oliwkowa", lexical) == 1
    # a title every word of which the need says
    assert decisive_card(cards("a", "d"), "cast iron teapot please", None) == 1


def test_cards_the_need_fits_alike_leave_the_choice_to_the_shopper(
    lexical: LexicalIndex,
) -> None:
    assert decisive_card(cards("a", "b"), "leather country", lexical) is None
    # ... unless the need is one card's whole title
    assert decisive_card(cards("a", "b"), "torebka leather country", lexical) == 0
    assert decisive_card(cards("a", "b"), "rankinė", lexical) is None  # no title word at all


def test_titles_alike_leave_the_choice_to_the_text_that_tells_them_apart() -> None:
    """Five bags titled "Torebka Leather Country": the one whose description holds more of
    the need's words ("zomšinę pintą hobo": suede, woven, hobo, through the lexicon)."""
    shop = LexicalIndex.build(
        [
            (
                "309",
                "Torebka Leather Country",
                "Miękka torebka typu hobo z zamszowej skóry, pleciony wzór.",
            ),
            ("203", "Torebka Leather Country", "Klasyczna torebka ze skóry licowej."),
            ("211", "Torebka Leather Country", "Torebka z zamszowej skóry z klapą."),
        ],
        "pl",
        detect=False,
    )
    bags = [{"id": pid, "title": "Torebka Leather Country"} for pid in ("309", "203", "211")]
    assert decisive_card(bags, "zomšinę pintą hobo rankinę", shop) == 0
    # words every card's text holds as much as another's tell none apart
    assert decisive_card(bags[1:], "rankinė", shop) is None


def _graph(index):
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    return build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")


def test_an_addition_the_search_settles_fills_the_cart_and_one_it_does_not_offers_cards(
    demo_catalogue,
) -> None:
    """ "mets une lampe <brand> dans le panier": the brand's only lamp, never shown, is
    added; "put a yoga mat in my cart" finds several: the cards, and nothing added."""
    items, index = demo_catalogue
    group = {i["id"]: i.get("item_group_id") or i["id"] for i in items}
    members: dict[str, list[dict]] = defaultdict(list)
    for i in items:
        members[group[i["id"]]].append(i)
    lamps = [i for i in items if re.search(r"\blamp\b", i["title"].lower()) and i.get("brand")]
    by_brand: dict[str, set[str]] = defaultdict(set)
    for i in lamps:
        by_brand[i["brand"]].add(group[i["id"]])
    brand, (wanted,) = next(
        (b, g) for b, g in sorted(by_brand.items())
        if len(g) == 1 and all(m["availability"] == "in stock" and not m.get("size")
                               for m in members[next(iter(g))])
    )  # fmt: skip
    app, ctx = _graph(index)
    thread = {"configurable": {"thread_id": "add-found"}}
    out = app.invoke(
        {"messages": [("user", f"mets une lampe {brand} dans le panier")]}, thread, context=ctx
    )
    assert [group[line["id"]] for line in out["cart"]] == [wanted], out["messages"][-1].content
    mats = {group[i["id"]] for i in items if "yoga mat" in i["title"].lower()}
    assert len(mats) > 1  # the demo sells several: the shopper picks
    thread = {"configurable": {"thread_id": "add-offered"}}
    out = app.invoke({"messages": [("user", "put a yoga mat in my cart")]}, thread, context=ctx)
    assert not out.get("cart") and len(out["recommendations"]) > 1, out["messages"][-1].content
    assert "which one shall i add" in out["messages"][-1].content.lower()


def test_a_continuation_after_an_add_names_another_product_or_the_same_again() -> None:
    """ "i jeszcze różowe pareo" right after the kilt was added names the pareo; "and one
    more" or "и полотенце цвета шоколад" after a towel that comes in chocolate names the
    card in view again; "e anche le sneakers alte Lancioni color taupe" after brown
    Lancioni sneakers of no taupe names other sneakers, by the words it shares too."""
    kilt = {"id": "k", "title": "Килт, Бежевый, 71×140 см"}
    towel = {
        "id": "t",
        "title": "Полотенце, Темно-синий",
        "color": "Темно-синий",
        "variant_options": {"color": ["Темно-синий", "Шоколад"]},
    }
    sneakers = {
        "id": "389",
        "title": "Zamszowe sneakersy Lancioni Lea — brązowe",
        "color": "Brązowy",
        "variant_options": {"color": ["Brązowy"]},
    }

    def need(text: str, language: str, card: dict[str, str]) -> str | None:
        understood = rules.understand(text, language=language, shown=[card], after_add=True)
        found = need_to_add(
            text, understood, facets={}, previous={}, language=language, beside=card
        )
        return None if found is None else str(found.updates["query"])

    assert "pareo" in (need("i jeszcze różowe pareo", "pl", kilt) or "")
    assert need("и полотенце цвета шоколад", "ru", towel) is None
    assert need("и полотенце цвета шоколад", "ru", {**towel, "variant_options": {}}) is not None
    assert "taupe" in (need("e anche le sneakers Lancioni color taupe", "it", sneakers) or "")
    assert need("e anche le sneakers Lancioni, marroni", "it", sneakers) is None
    assert need("and one more", "en", kilt) is None
    assert need("and the second one too", "en", kilt) is None  # a card, searched for nothing


def test_the_size_read_in_the_conversation_holds_for_the_product_searched() -> None:
    """ "e anche le sneakers alte Lancioni color taupe, sempre 37": the bare 37 is a size
    only where the shop sells it (graph.turn_readings.settle reads it so); the search
    the addition becomes keeps it, or the cart asks the size just said."""
    sneakers = {"id": "389", "title": "Zamszowe sneakersy Lancioni Lea — brązowe"}
    text = "e anche le sneakers alte Lancioni color taupe, sempre 37"
    understood = rules.understand(text, language="it", shown=[sneakers], after_add=True)
    assert "size" not in understood.updates  # the rules alone do not read a bare number
    understood.updates["size"] = "37"  # as settle reads it: the shop sells 37
    found = need_to_add(text, understood, facets={}, previous={}, language="it", beside=sneakers)
    assert found is not None and found.updates["size"] == "37"


def test_a_continuation_naming_another_product_searches_that_product_alone() -> None:
    """ "y también la prensa francesa de Linenry" after the Casa Verde saucepan: the words
    of the need it refines (the saucepan's) neither stop it nor go into its search."""
    pan = {"id": "p", "title": "Casa Verde Oslo Copper Core Saucepan"}
    text = "y también la prensa francesa de Linenry"
    previous = {"brands": ["Casa Verde"], "query": "cazo casa verde oslo"}
    understood = rules.understand(
        text, language="es", shown=[pan], after_add=True, previous=previous
    )
    found = need_to_add(text, understood, facets={}, previous=previous, language="es", beside=pan)
    assert found is not None and "casa" not in str(found.updates["query"]).lower()
    assert "prensa francesa" in str(found.updates["query"]).lower()


def test_a_foreign_word_holds_for_any_of_the_shops_words_for_it() -> None:
    """ "cazo" is searched as one word of its concept ("cookware"); the title saying
    another ("Saucepan") still holds it, and beats one holding only the brand's words."""
    shop, two = _shop_and_first_two(
        "en",
        s="Casa Verde Oslo Copper Core Saucepan",
        l="Casa Verde Oslo Stonewashed Linen Sheet Set",
        c="Cookware Set Casa Verde",
    )
    assert decisive_card(two, "cazo casa verde oslo", shop) == 0


def _shop_and_first_two(language: str, **titles: str) -> tuple[LexicalIndex, list[dict[str, str]]]:
    """A shop of ``titles`` (id=title) and the cards of its first two products."""
    shop = LexicalIndex.build([(k, t, "") for k, t in titles.items()], language, detect=False)
    return shop, [{"id": k, "title": t} for k, t in list(titles.items())[:2]]


def test_words_neither_the_shop_nor_the_lexicon_knows_name_nothing_to_add() -> None:
    """ "klasse, pack sie in den Warenkorb" after cards: the cards are meant, not "klasse".

    ("super, …" opens the request: an opener, never searched, graph/openers.py.)
    """
    text = "klasse, pack sie in den Warenkorb"
    understood = rules.understand(text, language="de")
    assert understood.intent == "purchase"
    nothing_known = need_to_add(
        text, understood, facets={}, previous={}, language="de", known=lambda w: False
    )
    assert nothing_known is None
    every_word = need_to_add(
        text, understood, facets={}, previous={}, language="de", known=lambda w: True
    )
    assert every_word is not None  # the check is what keeps it out
    opened = "super, pack sie in den Warenkorb"
    reading = rules.understand(opened, language="de")
    assert (
        need_to_add(opened, reading, facets={}, previous={}, language="de", known=lambda w: True)
        is None
    )


def test_one_addition_naming_two_products_adds_both(demo_catalogue) -> None:
    """ "add the <A> and the <B> to my cart", neither on screen: two lines, both named."""
    items, index = demo_catalogue
    group = {i["id"]: i.get("item_group_id") or i["id"] for i in items}
    titles = [i["title"] for i in items]
    single = [
        i for i in items
        if titles.count(i["title"]) == 1 and i["availability"] == "in stock"
        and list(group.values()).count(group[i["id"]]) == 1 and not i.get("size")
        and " and " not in i["title"].lower() and "," not in i["title"]
    ]  # fmt: skip
    first, second = (
        single[0],
        next(i for i in single[1:] if i.get("brand") != single[0].get("brand")),
    )
    app, ctx = _graph(index)
    thread = {"configurable": {"thread_id": "two-named"}}
    text = f"add the {first['title']} and the {second['title']} to my cart"
    out = app.invoke({"messages": [("user", text)]}, thread, context=ctx)
    assert [line["id"] for line in out["cart"]] == [first["id"], second["id"]], out["messages"][-1]
    reply = out["messages"][-1].content
    assert first["title"] in reply and second["title"] in reply


@pytest.mark.parametrize(
    ("text", "language"),
    [("да, его в корзину", "ru"), ("yes, that one in my cart", "en"), ("sí, al carrito", "es")],
)
def test_an_addition_naming_nothing_itself_is_not_the_need_it_follows(text, language) -> None:
    """ "да, его в корзину" after two bins were shown names none of them: the words of the
    need before ("белое мусорное ведро") are no product to search again (ask which)."""
    previous = {"query": "белое мусорное ведро с педалью", "colors": ["white"]}
    understood = rules.understand(text, language=language, previous=previous)
    assert understood.intent == "purchase"
    found = need_to_add(
        text, understood, facets={}, previous=previous, language=language, known=lambda w: True
    )
    assert found is None


@pytest.mark.parametrize(
    ("need", "meant"),
    [
        ("khaki 40x40 sauna pillow", 0),
        ("подушку хаки 40 на 30", 1),  # its numbers alone tell it too
        ("подушку 40х30", 1),  # a Cyrillic "х" between the numbers
        ("the 40 × 30 cm one", 1),
    ],
)
def test_a_dimension_is_one_word_of_the_need(need: str, meant: int | None) -> None:
    # "40x40" is no "40×30", though the terms split both into their numbers
    shop, pillows = _shop_and_first_two(
        "ru",
        p1="Подушка, Хаки, 40×40 см",
        p2="Подушка «Второе дыхание», Хаки, 40×30 см",
        p3="Валик, Хаки, 16×60 см",
    )
    assert decisive_card(pillows, need, shop) == meant
