"""A which-question with one card on screen that does not answer it (issue 11: references).

"które z nich są wstępnie skurczone, takie pre-shrunk?" after a search that showed one shirt
whose text says nothing of it: the shopper asks the need, not that card; the need's
products whose own text says so are the answer (graph.product_nodes._picked_elsewhere).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from graph import rules
from graph.cards import card_of
from graph.context import Context
from graph.product_nodes import product
from graph.resources import get_view

SHIRTS = {"category": "Apparel", "query": "shirt", "size": "S", "in_stock_only": True}
QUESTION = "które z nich są wstępnie skurczone, takie pre-shrunk?"


@pytest.fixture(scope="module")
def shop(demo_catalogue):
    items, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    return {i["id"]: i for i in items}, ctx


def _asked(ctx, card, text):
    """The product node's answer to ``text`` with ``card`` the one card on screen."""
    reading = rules.understand(text, shown=[card], previous=SHIRTS, language="pl")
    assert reading.picks and reading.references == [0]
    turn = {"topic": reading.topic, "picks": reading.picks, "references": [0], "updates": {}}
    state = {"intent": "product_question", "shown": [card], "focus": card,
             "preferences": SHIRTS, "turn": turn, "language": "pl"}  # fmt: skip
    return product(state, SimpleNamespace(context=ctx))


HEADPHONES = {"query": "headphones", "in_stock_only": True}


def _by_price(ctx, prefs):
    """The need's products (one card a group), cheapest first."""
    from graph.search import ranked_candidates

    ranked = ranked_candidates(ctx, prefs, ctx.candidates)
    cards = [c for c in (card_of(ctx, r.id) for r in ranked) if c is not None]
    return sorted({c["group_id"]: c for c in cards}.values(), key=lambda c: c["price"])


def _says(item) -> bool:
    return "pre-shrunk" in item["description"].lower()


def test_the_needs_products_that_say_it_answer_when_the_one_card_does_not(shop):
    items, ctx = shop
    tee = next(i for i in items.values() if i["title"].startswith("Trailblazer Tundra Organic"))
    assert not _says(tee)
    out = _asked(ctx, card_of(ctx, tee["id"]), QUESTION)
    answered = out["turn"]["products"]
    assert answered and tee["id"] not in {p["id"] for p in answered}
    assert all(_says(items[p["id"]]) for p in answered), [p["title"] for p in answered]
    # they are shown now: "the cheapest of those" points among them
    assert [c["id"] for c in out["shown"]] == [p["id"] for p in answered]


def test_the_one_card_that_says_it_answers_itself(shop):
    items, ctx = shop
    henley = items["AIS-000459"]
    assert _says(henley)
    out = _asked(ctx, card_of(ctx, henley["id"]), QUESTION)
    assert [p["id"] for p in out["turn"]["products"]] == [henley["id"]]
    assert "shown" not in out


def test_the_cheapest_of_those_it_counts_is_of_them_not_of_the_need(shop):
    """'a który z tych trzech jest najtańszy?': of the three compared, though the need has
    a cheaper product not on screen ('qual è la più economica?' alone asks the need)."""
    _, ctx = shop
    prefs, by_price = HEADPHONES, _by_price(ctx, HEADPHONES)
    assert len(by_price) >= 4
    dearest = by_price[-3:]  # three on screen, a cheaper one in the need

    def asked(counted):
        reading = rules.understand("a który z tych trzech jest najtańszy?", shown=dearest,
                                   previous=prefs, language="pl")  # fmt: skip
        assert reading.about_list and reading.counted == 3
        turn = {"topic": reading.topic, "about_list": True, "references": [0, 1, 2],
                "updates": reading.updates, "relative": reading.relative,
                "counted": counted}  # fmt: skip
        state = {"intent": reading.intent, "shown": dearest, "preferences": prefs,
                 "turn": turn, "language": "pl"}  # fmt: skip
        return product(state, SimpleNamespace(context=ctx))

    of_three = asked(3)["turn"]["products"][0]
    assert of_three["group_id"] == dearest[0]["group_id"]
    of_need = asked(None)["turn"]["products"][0]  # the need's cheapest, not on screen
    assert of_need["group_id"] not in {c["group_id"] for c in dearest}


@pytest.mark.parametrize(
    ("question", "language", "of_screen"),
    [
        ("¿y el más barato de esos? ¿cuánto vale?", "es", True),
        ("Und welches davon kostet am wenigsten?", "de", True),
        ("а какой из этих дешевле?", "ru", True),
        ("which of those is the cheapest?", "en", True),
        # a list word that describes: "those with a mic" are the need's, not the screen's
        ("which of those with a microphone is the cheapest?", "en", False),
        ("qual è la più economica?", "it", False),  # no word points at the list
    ],
)
def test_the_cheapest_of_the_cards_a_word_points_at(shop, question, language, of_screen):
    """'el más barato de esos': of the cards shown, though the need has a cheaper one."""
    _, ctx = shop
    prefs, by_price = HEADPHONES, _by_price(ctx, HEADPHONES)
    dearest = by_price[-3:]
    reading = rules.understand(question, shown=dearest, previous=prefs, language=language)
    turn = {"topic": reading.topic, "about_list": True, "references": [0, 1, 2],
            "updates": reading.updates, "relative": reading.relative, "picks": reading.picks,
            "of_list": reading.of_list}  # fmt: skip
    state = {"intent": reading.intent, "shown": dearest, "preferences": prefs,
             "turn": turn, "language": language}  # fmt: skip
    cheapest = product(state, SimpleNamespace(context=ctx))["turn"]["products"][0]
    on_screen = cheapest["group_id"] in {c["group_id"] for c in dearest}
    assert on_screen == of_screen, (reading.of_list, cheapest["title"])


def test_the_cheapest_asked_of_one_card_is_the_needs_cheapest(shop):
    """'¿cuál de esas cosas sale más barata?' with one card on screen: the need's cheapest
    product, when one is cheaper than it; the card itself when none is."""
    _, ctx = shop
    prefs, by_price = HEADPHONES, _by_price(ctx, HEADPHONES)
    assert len(by_price) >= 2

    def asked(card):
        reading = rules.understand("¿cuál de esas cosas sale más barata?", shown=[card],
                                   previous=prefs, language="es")  # fmt: skip
        assert reading.picks and not reading.updates.get("on_sale")
        turn = {"topic": reading.topic, "picks": True, "references": [0],
                "updates": reading.updates, "relative": reading.relative}  # fmt: skip
        state = {"intent": "product_question", "shown": [card], "focus": card,
                 "preferences": prefs, "turn": turn, "language": "es"}  # fmt: skip
        return product(state, SimpleNamespace(context=ctx))["turn"]["products"][0]

    assert asked(by_price[-1])["price"] < by_price[-1]["price"]
    assert asked(by_price[0])["group_id"] == by_price[0]["group_id"]
