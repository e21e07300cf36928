"""Several products priced in one question, then added together (issue 11: references).

"Was kosten das Anti-67-Shirt in M und die große Anti-67-Tasse zusammen?", "на сколько
простыня на резинке дороже обычной?", "o ile droższy jest komplet X od Y?": each product
the question names by its title words, compared, with their sum or their difference; then
"beides in den Warenkorb", "и то, и другое", "add the first two" add each of them.
"""

from __future__ import annotations

import functools

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph, rules
from graph.context import Context
from graph.counts import every_one
from graph.lexical import LexicalIndex
from graph.price_questions import read_priced
from graph.product_answers import compare, price_sum
from graph.resources import get_view
from graph.tables import groups_in
from graph.translate import translate_query

BANYA = [
    ("v1148", "Валик (11х48), Черный, 11×48 см", "v1148"),
    ("v1660", "Валик (16х60), Черный, 16×60 см", "v1660"),
    ("v2360", "Валик (23х60), Черный, 23×60 см", "v2360"),
    ("rubber", "Простыня на резинке, 70/200", "rubber"),
    ("sheet", "Простынь", "sheet"),
    ("pillow2", "Подушка «Второе дыхание», Черный, 40×30 см", "pillow2"),
    ("pillow", "Подушка, Черный, 40×40 см", "pillow"),
    ("kit2", "Комплект. Второе дыхание, Чёрный", "kit2"),
    ("kit", "Полный комплект, Чёрный", "kit"),
    ("towel", "Полотенце, Тёмно-синий", "towel"),
    ("hat", "Шапка банная «Второе дыхание»", "hat"),
]
TEES = [
    ("t404-m", 'Camiseta "Error 404: Motivación no encontrada" - Color Negro - Talla M', "t404"),
    ("t404-l", 'Camiseta "Error 404: Motivación no encontrada" - Color Negro - Talla L', "t404"),
    ("m404-11", 'Taza "Error 404: Motivación no encontrada" - Color Blanco - Talla 11oz', "m404"),
    ("m404-15", 'Taza "Error 404: Motivación no encontrada" - Color Blanco - Talla 15oz', "m404"),
    ("t67-m", 'Camiseta "Anti-67" | Not Today, Sixty-Seven - Color Negro - Talla M', "t67"),
    ("m67-15", 'Taza "Anti-67" | Not Today, Sixty-Seven - Color Negro - Talla 15oz', "m67"),
    ("tcat", 'Camiseta "Necesito Café y Gatos para Sobrevivir" - Color Amarillo', "tcat"),
    ("mcat", 'Taza "Gatos y Café" - Color Blanco - Talla 11oz', "mcat"),
]


def _shop(rows, language):
    lexical = LexicalIndex.build([(p, t, "") for p, t, _ in rows], language, detect=False)
    table = {p: {"group_id": g} for p, _, g in rows}
    return lexical, functools.partial(groups_in, table)


@pytest.fixture(scope="module")
def banya():
    return _shop(BANYA, "ru")


@pytest.fixture(scope="module")
def tees():
    return _shop(TEES, "es")


def _read(text, shop, shown=(), language=None):
    lexical, group_of = shop
    understood = rules.understand(text, language=language)
    return read_priced(text, understood, list(shown), lexical, group_of)


def _card(rows, pid, **more):
    title, group = next((t, g) for p, t, g in rows if p == pid)
    return {"id": pid, "group_id": group, "title": title, **more}


@pytest.mark.parametrize(
    ("text", "language", "ids", "how"),
    [
        ("Was kosten das Kissen «Второе дыхание» 40 x 30 und der Валик 11×48 zusammen?", "de",
         ["pillow2", "v1148"], "total"),
        ("сколько стоят валик 16×60 и простыня на резинке вместе?", "ru", ["v1660", "rubber"],
         "total"),
        ("how much are the валик 23×60 and the полотенце тёмно-синее altogether?", "en",
         ["v2360", "towel"], "total"),
        ("o ile droższy jest komplet «Второе дыхание» od tego Полный комплект?", "pl",
         ["kit2", "kit"], "difference"),
        ("на сколько простыня на резинке дороже, чем простынь?", "ru", ["rubber", "sheet"],
         "difference"),
        ("сколько стоят валик 11×48 и валик 23×60?", "ru", ["v1148", "v2360"], "each"),
    ],
)  # fmt: skip
def test_each_part_names_a_product(banya, text, language, ids, how):
    # the language as the graph tells it: without the shop's names in quotes
    priced = _read(text, banya, language=language)
    assert priced is not None
    assert (priced.ids, priced.how) == (ids, how)


def test_a_part_naming_nothing_borrows_its_neighbours_name(tees, banya):
    """ "la camiseta … de Error 404 y la taza pequeña": the mug of Error 404 too (its own
    kind, the neighbour's name, not the neighbour's kind); "валики 11×48, 16×60 и 23×60":
    each size the bolster of that size."""
    priced = _read(
        "el de Error 404: la camiseta en talla L y la taza pequeña de 11 onzas, ¿cuánto sería "
        "todo junto?",
        tees,
    )
    assert priced is not None
    groups = [next(g for p, _, g in TEES if p == pid) for pid in priced.ids]
    assert groups == ["t404", "m404"] and priced.how == "total"
    assert priced.sizes[0] == "L"
    three = _read("хочу все три валика сразу — 11×48, 16×60 и 23×60. сколько выйдет за все три?",
                  banya)  # fmt: skip
    assert three is not None
    assert (three.ids, three.how) == (["v1148", "v1660", "v2360"], "total")


def test_a_kind_said_in_another_language_with_its_measure_names_the_product(banya):
    """ "das Saunakissen 40 x 40": no word is a name, the kind read in the shop's words
    ("подушка", as the search's translation gives it) and the measure pin the pillow."""
    lexical, group_of = banya
    text = "Was kosten das Saunakissen 40 x 40 und die Nackenrolle 16 x 60 zusammen?"

    def searched(words: str) -> str:  # the lexicon's reading of the two kinds
        return words.replace("saunakissen", "saunakissen подушка").replace(
            "nackenrolle", "nackenrolle валик"
        )

    understood = rules.understand(text, language="de")
    priced = read_priced(text, understood, [], lexical, group_of, searched)
    assert priced is not None
    assert (priced.ids, priced.how) == (["pillow", "v1660"], "total")


def test_a_difference_with_one_side_named_is_against_the_other_card(banya):
    shown = [_card(BANYA, "sheet"), _card(BANYA, "rubber")]
    priced = _read("на сколько простыня на резинке дороже обычной?", banya, shown)
    assert priced is not None
    assert (priced.ids, priced.how) == (["rubber", "sheet"], "difference")
    # three cards on screen: which is "the ordinary one" is not guessed
    crowded = [*shown, _card(BANYA, "towel")]
    assert _read("на сколько простыня на резинке дороже обычной?", banya, crowded) is None


@pytest.mark.parametrize(
    "text",
    [
        "сколько стоит простыня на резинке?",  # one product: a product question
        "валик 11×48 и валик 23×60 есть в хаки?",  # no price asked
        "покажите валики и простыни",  # a search
        "сколько стоит простыня на резинке и есть ли она в белом?",  # one product, twice
    ],
)
def test_no_second_product_no_priced_reading(banya, text):
    assert _read(text, banya) is None


def test_the_answer_adds_them_up_or_sets_one_against_the_other():
    mug = {"title": "Taza", "price": 17.5, "currency": "USD", "in_stock": True}
    tee = {"title": "Camiseta", "price": 25.0, "sale_price": 22.0, "currency": "USD",
           "in_stock": True}  # fmt: skip
    assert price_sum("de", [tee, mug], "total") == "Zusammen: 39,50 USD."
    assert price_sum("ru", [mug, tee], "difference") == (
        "Camiseta стоит на 4,50 USD дороже, чем Taza."
    )
    assert price_sum("en", [mug, {**mug, "title": "Other"}], "difference") == (
        "They cost the same: $17.50."
    )
    assert price_sum("en", [mug, {**tee, "currency": "EUR"}], "total") == ""  # no sum of two
    assert price_sum("en", [mug, tee], "each") == ""
    assert "Todo junto: 39,50 USD." in compare("es", [tee, mug], "total")


BATH = [
    ("kilt-w", "Килт, Бежевый, 71×140 см", "kilt"),
    ("kilt-g", "Килт, Графитовый, 71×140 см", "kilt"),
    ("pareo-r", "Парео, Розовый, 71×140 см", "pareo"),
    ("pareo-b", "Парео, Бежевый, 71×140 см", "pareo"),
    ("fan", "Веер, Черный", "fan"),
]


@pytest.mark.parametrize(
    ("text", "language", "ids", "counts"),
    [
        # a kind said whole in another language and script names the one group of it
        ("Was kosten zwei Saunakilts und ein Pareo zusammen?", "de", ["kilt-w", "pareo-r"],
         [2, 1]),
        ("сколько стоят два килта и парео вместе?", "ru", ["kilt-w", "pareo-r"], [2, 1]),
        ("3 kilts and a pareo, how much?", "en", ["kilt-w", "pareo-r"], [3, 1]),
    ],
)  # fmt: skip
def test_how_many_of_each_part_is_priced(text, language, ids, counts):
    """ "zwei Saunakilts und ein Pareo": two of the one, one of the other, added up (a count
    said makes it a sum); the titles' colours and sizes need no saying."""
    shop = _shop(BATH, "ru")
    lexical, group_of = shop
    understood = rules.understand(text, language=language)

    def searched(part):
        return translate_query(part, "ru", lexical.known, lexical.in_titles, lexical.title_word)

    priced = read_priced(text, understood, [], lexical, group_of, searched)
    assert priced is not None
    assert ([group_of([i])[i] for i in priced.ids], priced.counts, priced.how) == (
        [group_of([i])[i] for i in ids],
        counts,
        "total",
    )


@pytest.mark.parametrize(
    ("part", "count"),
    [("dos fundas de almohada", 2), ("zwei saunakilts", 2), ("ein pareo", 1), ("la funda", 1),
     ("шоколадные длиной 84 дюйма, две штуки", 2), ("3 valances", 3), ("2 m hose", 1),
     ("das kissen 40 x 30", 1), ("2 x the pillow 40×40", 2)],
)  # fmt: skip
def test_a_part_says_how_many(part, count):
    from graph.price_questions import count_said

    assert count_said(part) == count


def test_a_number_of_the_name_counts_nothing():
    """ "celui où on n'a que 5 secondes" names the "TREFL 5 sekundės" game: no five of it."""
    from graph.price_questions import count_said

    assert count_said("5 secondes pour répondre") == 5
    assert count_said("5 secondes pour répondre", ["5", "sekund"]) == 1


@pytest.mark.parametrize(
    ("text", "language"),
    [("ile wyjdzie za 10 par tych w kropki?", "pl"),
     ("Drei Stück davon, was kostet mich das?", "de"),
     ("сколько выйдет за три штуки?", "ru")],
)  # fmt: skip
def test_a_count_of_the_product_in_view_is_its_price_times_the_count(banya, text, language):
    """A count and a price asked, no product named: the one card shown, else the product in
    focus, as many times as said."""
    lexical, group_of = banya
    understood = rules.understand(text, language=language)
    shown = _cards(BANYA, "towel")
    priced = read_priced(text, understood, shown, lexical, group_of)
    assert priced is not None and priced.ids == ["towel"] and priced.how == "total"
    assert priced.counts[0] == (10 if "10" in text else 3)
    # several cards shown: the one in focus
    shown, focus = _cards(BANYA, "towel", "hat"), _card(BANYA, "hat")
    priced = read_priced(text, understood, shown, lexical, group_of, focus=focus)
    assert priced is not None and priced.ids == ["hat"]
    assert read_priced(text, understood, shown, lexical, group_of) is None  # none meant


SCOUBIDOU = [
    ("s1", "Sautoir scoubidou design", "s1"),
    ("c1", "Collier scoubidou design", "c1"),
    ("b1", "Bracelet scoubidou design", "b1"),
]


@pytest.mark.parametrize(
    ("text", "language"),
    [("la collana e il braccialetto insieme quanto vengono?", "it"),
     ("was kosten die Halskette und das Armband zusammen?", "de")],
)  # fmt: skip
def test_a_card_in_view_is_named_in_the_shoppers_language(text, language):
    """ "la collana … e il braccialetto" of "Collier …" and "Bracelet …" on screen: each part
    read in the shop's words names its card."""
    lexical, group_of = _shop(SCOUBIDOU, "fr")
    understood = rules.understand(text, language=language)

    def searched(part):
        return translate_query(part, "fr", lexical.known, lexical.in_titles, lexical.title_word)

    shown = _cards(SCOUBIDOU, "s1", "c1", "b1")
    priced = read_priced(text, understood, shown, lexical, group_of, searched)
    assert priced is not None and (priced.ids, priced.how) == (["c1", "b1"], "total")


def test_the_sum_counts_each_product_as_many_times_as_priced():
    kilt = {"title": "Килт", "price": 95.0, "currency": "BYN", "in_stock": True, "quantity": 2}
    pareo = {"title": "Парео", "price": 105.0, "currency": "BYN", "in_stock": True}
    assert price_sum("de", [kilt, pareo], "total") == "Zusammen: 295 BYN."
    assert price_sum("de", [kilt], "total") == "Zusammen: 190 BYN."  # one product, twice
    one = compare("de", [kilt], "total")
    assert "× 2" in one and "Zusammen: 190 BYN." in one
    assert price_sum("de", [{**kilt, "quantity": 1}], "total") == ""  # one of one: no sum


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("gut, beides bitte in den warenkorb", 2),
        ("хорошо, кладите в корзину и то, и другое", 2),
        ("берём все три, цвет хаки", 3),
        ("vale, las dos cosas al carrito", 2),
        ("add them all", 0),
        ("dodaj oba do koszyka", 2),
        ("alles klar, in den warenkorb damit", None),  # an opener, not every product
        ("todo bien, añádelo", None),
        ("add the second one", None),
    ],
)
def test_every_one_says_how_many(text, count):
    assert every_one(text) == count


@pytest.fixture(scope="module")
def demo_chat(demo_catalogue):
    items, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    return items, ctx, build_graph(InMemorySaver())


def _single(items, title):
    item = next(i for i in items if i["title"] == title)
    # one product, in stock, at its list price: the sum is the feed's prices' sum
    assert not item["item_group_id"] and item["availability"] == "in stock"
    assert not item["sale_price"]
    return item


def _price(item):
    return float(item["price"].split()[0])


def test_the_demo_prices_two_named_products_then_adds_both(demo_chat):
    items, ctx, app = demo_chat
    ring = _single(items, "Voltix Flux Sleep Tracking Ring")
    webcam = _single(items, "Arcwave Halo 4K Streaming Webcam")
    config = {"configurable": {"thread_id": "priced-both"}}

    def say(text):  # the whole state after the turn, "shown" included
        app.invoke({"messages": [("user", text)]}, config, context=ctx)
        return app.get_state(config).values

    state = say("how much are the Voltix Flux Sleep Tracking Ring and the Arcwave Halo 4K "
                "Streaming Webcam together?")  # fmt: skip
    reply = state["messages"][-1].content
    assert state["intent"] == "compare"
    assert f"Together: ${_price(ring) + _price(webcam):,.2f}." in reply
    assert [c["id"] for c in state["shown"]] == [ring["id"], webcam["id"]]
    cart = say("great, add both")["cart"]
    assert [line["id"] for line in cart] == [ring["id"], webcam["id"]]


def test_the_demo_prices_a_supposed_purchase_of_two_of_one_and_one_of_another(demo_chat):
    """ "si me llevo dos … y el …, ¿cuánto sale todo?": nothing goes in the cart; the answer
    is what two of the one and one of the other cost together."""
    items, ctx, app = demo_chat
    ring = _single(items, "Voltix Flux Sleep Tracking Ring")
    webcam = _single(items, "Arcwave Halo 4K Streaming Webcam")
    config = {"configurable": {"thread_id": "priced-supposed"}}
    app.invoke(
        {"messages": [("user", "si me llevo dos Voltix Flux Sleep Tracking Ring y la Arcwave "
                               "Halo 4K Streaming Webcam, ¿cuánto sale en total?")]},
        config,
        context=ctx,
    )  # fmt: skip
    state = app.get_state(config).values
    assert not state.get("cart")
    total = 2 * _price(ring) + _price(webcam)
    assert f"{total:,.2f}".replace(",", " ").replace(".", ",") in state["messages"][-1].content


def test_the_demo_tells_how_much_more_one_costs(demo_chat):
    items, ctx, app = demo_chat
    ring = _single(items, "Voltix Flux Sleep Tracking Ring")
    webcam = _single(items, "Arcwave Halo 4K Streaming Webcam")
    config = {"configurable": {"thread_id": "priced-difference"}}
    state = app.invoke(
        {"messages": [("user", "Um wie viel ist der Voltix Flux Sleep Tracking Ring teurer als "
                               "die Arcwave Halo 4K Streaming Webcam?")]},
        config,
        context=ctx,
    )  # fmt: skip
    difference = f"{_price(ring) - _price(webcam):,.2f}".replace(".", ",")
    assert f"kostet {difference} USD mehr als Arcwave Halo 4K Streaming Webcam" in (
        state["messages"][-1].content
    )


def test_the_demo_adds_each_card_an_addition_points_at(demo_chat):
    _, ctx, app = demo_chat
    config = {"configurable": {"thread_id": "first-and-third"}}

    def say(text):  # the whole state after the turn, "shown" included
        app.invoke({"messages": [("user", text)]}, config, context=ctx)
        return app.get_state(config).values

    shown = say("webcams for video calls")["shown"]
    assert len(shown) >= 3
    cart = say("add the first and the third to my cart")["cart"]
    assert [line["group_id"] for line in cart] == [shown[0]["group_id"], shown[2]["group_id"]]


def _cards(rows, *ids):
    return [_card(rows, pid) for pid in ids]


@pytest.mark.parametrize(
    ("text", "language", "in_view", "ids", "how"),
    [
        # no product named: the products in view, when it says as many as there are
        ("ça fait combien pour les deux ensemble ?", "fr", ("kit2", "kit"), ["kit2", "kit"],
         "total"),
        ("ile zapłacę, jeśli wezmę obie?", "pl", ("kit2", "kit"), ["kit2", "kit"], "total"),
        ("and how much more is the other pair?", "en", ("rubber", "sheet"),
         ["rubber", "sheet"], "difference"),
        ("насколько «Комплект. Второе дыхание» дороже, чем «Полный комплект»?", "ru", (),
         ["kit2", "kit"], "difference"),
        # each named by a word of its card in view
        ("сколько выйдет за подушку и валик вместе?", "ru", ("pillow", "v1148", "towel"),
         ["pillow", "v1148"], "total"),
    ],
)  # fmt: skip
def test_the_products_in_view_are_summed_or_set_against_each_other(
    banya, text, language, in_view, ids, how
):
    priced = _read(text, banya, _cards(BANYA, *in_view), language=language)
    assert priced is not None
    assert (priced.ids, priced.how) == (ids, how)


@pytest.mark.parametrize(
    ("text", "language", "in_view"),
    [
        ("how much is it?", "en", ("kit2", "kit")),  # one price asked, not a sum
        ("ça fait combien pour les deux ensemble ?", "fr", ("kit2", "kit", "towel")),  # 2 of 3?
        ("les deux dans le panier, ça fait combien ensemble ?", "fr", ("kit2", "kit")),  # adds
        # which one is cheaper, and its price: a pick, not a difference
        ("¿cuál sale más barato y cuánto cuesta?", "es", ("kit2", "kit")),
        ("какая из них дороже и на сколько?", "ru", ("rubber", "sheet")),
    ],
)
def test_the_products_in_view_only_when_as_many_are_meant(banya, text, language, in_view):
    assert _read(text, banya, _cards(BANYA, *in_view), language=language) is None


@pytest.mark.parametrize(
    ("text", "language", "sizes", "how"),
    [
        # one product in view, once in each size said: bought together
        ("ne prendo due, una M e una L: quanto spendo?", "it", ["M", "L"], "total"),
        ("how much for two, one in S and one in XL?", "en", ["S", "XL"], "total"),
        ("ile zapłacę za dwie, w M i w 3XL?", "pl", ["M", "3XL"], "total"),
        # ... or one size against the other
        ("how much more expensive is the XL than the M?", "en", ["XL", "M"], "difference"),
    ],
)
def test_one_product_in_several_sizes_is_priced_once_in_each(tees, text, language, sizes, how):
    priced = _read(text, tees, [_card(TEES, "t404-m")], language=language)
    assert priced is not None
    assert (priced.ids, priced.sizes, priced.how) == (["t404-m"] * len(sizes), sizes, how)


@pytest.mark.parametrize(
    ("text", "language", "in_view"),
    [
        ("quanto costa in M?", "it", ("t404-m",)),  # one size: its price, nothing summed
        ("a 1 L bottle and the S, how much?", "en", ("t404-m",)),  # a litre is no size
        ("how much for two, one in S and one in XL?", "en", ("t404-m", "m404-11")),  # which?
    ],
)
def test_sizes_price_the_one_product_in_view_only(tees, text, language, in_view):
    assert _read(text, tees, _cards(TEES, *in_view), language=language) is None


def test_the_product_node_looks_up_one_product_in_each_size_priced(demo_chat):
    from types import SimpleNamespace

    from graph.product_nodes import product

    items, ctx, _ = demo_chat
    groups: dict[str, list] = {}
    for item in items:
        if item["item_group_id"] and item["availability"] == "in stock" and item["size"]:
            groups.setdefault(item["item_group_id"], []).append(item)
    two = next(g for g in groups.values() if len({i["size"] for i in g}) >= 2)
    first, second = two[0], next(i for i in two if i["size"] != two[0]["size"])
    priced = {"ids": [first["id"], first["id"]], "sizes": [first["size"], second["size"]],
              "how": "total"}  # fmt: skip
    state = {"intent": "compare", "turn": {"priced": priced}, "shown": []}
    out = product(state, SimpleNamespace(context=ctx))
    assert [p["size"] for p in out["turn"]["products"]] == [first["size"], second["size"]]
    assert {p["group_id"] for p in out["turn"]["products"]} == {first["item_group_id"]}


def test_a_part_may_name_the_first_card_of_an_earlier_list(banya):
    # pillows shown, then bolsters: "за подушку и валик" names the pillow shown first before
    lexical, group_of = banya
    text = "сколько выйдет за подушку и валик вместе?"
    understood = rules.understand(text, language="ru")
    bolsters = _cards(BANYA, "v1148")  # the one bolster 11×48 asked for
    earlier = [_card(BANYA, "pillow2"), _card(BANYA, "towel")]
    priced = read_priced(text, understood, bolsters, lexical, group_of, earlier=earlier)
    assert priced is not None and (priced.ids, priced.how) == (["pillow2", "v1148"], "total")
    # not remembered: the product whose name is the word said whole ("Подушка, Черный")
    priced = read_priced(text, understood, bolsters, lexical, group_of)
    assert priced is not None and priced.ids == ["pillow", "v1148"]
    # neither remembered nor named whole: nothing priced
    text = "сколько выйдет за комплект и валик вместе?"
    understood = rules.understand(text, language="ru")
    assert read_priced(text, understood, bolsters, lexical, group_of) is None


def test_each_earlier_list_is_remembered_by_its_first_card():
    from graph.understand_node import MAX_EARLIER, _earlier

    pillow, bolster, towel = (_card(BANYA, p) for p in ("pillow", "v1148", "towel"))
    state = {"shown": [bolster, towel], "earlier": [pillow]}
    assert [c["id"] for c in _earlier(state)] == ["v1148", "pillow"]  # latest first
    again = {"shown": [pillow], "earlier": [bolster, pillow]}
    assert [c["id"] for c in _earlier(again)] == ["pillow", "v1148"]  # one a group
    many = {"shown": [], "earlier": _cards(BANYA, *[p for p, _, _ in BANYA])}
    assert len(_earlier(many)) == MAX_EARLIER


@pytest.mark.parametrize(
    ("text", "language", "just_added", "cart"),
    [
        # a sum asked right after an addition, or of the cart: the cart's total
        ("kiek iš viso mokėsiu už abu?", "lt", True, True),
        ("Wie viele Autos sind jetzt drin und was kostet das zusammen?", "de", True, True),
        ("ile to razem wyjdzie? i ile mam pozycji w koszyku?", "pl", False, True),
        # ... not a sum of the products in view, nor one price, nor two products named
        ("ça fait combien pour les deux ensemble ?", "fr", False, False),
        ("how much is it?", "en", True, False),
        ("Was kosten das Kissen «Второе дыхание» 40 x 30 und der Валик 11×48 zusammen?", "de",
         True, False),
    ],
)  # fmt: skip
def test_a_sum_asked_after_an_addition_or_of_the_cart_is_the_carts(
    banya, text, language, just_added, cart
):
    from graph.price_questions import asks_cart_total

    lexical, group_of = banya
    understood = rules.understand(text, language=language)
    assert asks_cart_total(text, understood, lexical, group_of, str, just_added) is cart


def test_the_demo_answers_a_sum_after_two_additions_with_the_carts_total(demo_chat):
    items, ctx, app = demo_chat
    ring = _single(items, "Voltix Flux Sleep Tracking Ring")
    webcam = _single(items, "Arcwave Halo 4K Streaming Webcam")
    config = {"configurable": {"thread_id": "cart-total"}}

    def say(text):
        app.invoke({"messages": [("user", text)]}, config, context=ctx)
        return app.get_state(config).values

    say("add the Voltix Flux Sleep Tracking Ring to my cart")
    assert [line["id"] for line in say("and the Arcwave Halo 4K Streaming Webcam too")["cart"]] == [
        ring["id"], webcam["id"]
    ]  # fmt: skip
    state = say("how much is that for both together?")
    assert state["turn"]["cart"] == "view"
    assert f"${_price(ring) + _price(webcam):,.2f}" in state["messages"][-1].content


@pytest.mark.parametrize(
    ("text", "language", "in_view", "focus", "ids"),
    [
        # one product named in a sum: with the one other card on screen ...
        ("e insieme al cuscino «Второе дыхание» 40x30, quanto spendo?", "it", ("v2360",), None,
         ["pillow2", "v2360"]),
        # ... else with the product in focus
        ("а полотенце тёмно-синее к ней — сколько выйдет вместе?", "ru", ("v1148", "v1660"),
         "rubber", ["towel", "rubber"]),
    ],
)  # fmt: skip
def test_a_sum_naming_one_product_adds_the_one_in_view_or_in_focus(
    banya, text, language, in_view, focus, ids
):
    lexical, group_of = banya
    understood = rules.understand(text, language=language)
    shown = _cards(BANYA, *in_view)
    focused = _card(BANYA, focus) if focus else None
    priced = read_priced(text, understood, shown, lexical, group_of, focus=focused)
    assert priced is not None and (priced.ids, priced.how) == (ids, "total")


def test_the_total_asked_in_so_many_words_asks_a_price(banya):
    priced = _read("the валик 23×60 and the полотенце тёмно-синее, what's the total?", banya,
                   language="en")  # fmt: skip
    assert priced is not None and priced.how == "total"
