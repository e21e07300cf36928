"""Questions about the list shown as a whole: "do any of those come in black?" (issue 11, 7).

The rules read a list reference in each language as every card shown; the graph answers
from those products' variants and texts, without a new search.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph, templates
from graph.context import Context
from graph.references import LIST_WORDS, WHICH_WORDS
from graph.rules import understand
from sync.enrich import KNOWN_COLORS

SHOWN: list[dict[str, Any]] = [
    {"id": f"p{i}", "group_id": f"g{i}", "title": title, "price": price, "currency": "EUR"}
    for i, (title, price) in enumerate(
        [("Nordlys Storm Jacket", 120.0), ("Pacefield Shell", 89.9), ("Saltmarsh Parka", 150.0)]
    )
]
ALL = [0, 1, 2]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("do any of those come in black?", "en"),
        ("are they waterproof?", "en"),
        ("gibt es eines davon in schwarz?", "de"),
        ("est-ce qu'ils existent en noir ?", "fr"),
        ("¿alguno de estos viene en negro?", "es"),
        ("qualcuno di questi è disponibile in nero?", "it"),
        ("czy któryś z nich jest w kolorze czarnym?", "pl"),
        ("есть ли какие-то из них в чёрном цвете?", "ru"),
    ],
)
def test_a_question_about_the_list_refers_to_every_card(text: str, language: str) -> None:
    got = understand(text, shown=SHOWN, language=language)
    assert got.about_list, got
    assert (got.references, got.reference) == (ALL, None)
    assert got.intent == "product_question"


def test_a_lithuanian_list_question_refers_to_every_card() -> None:
    # what it asks (a colour) waits for Lithuanian colour words; the reference is read now
    got = understand("ar kuris iš jų yra juodos spalvos?", shown=SHOWN, language="lt")
    assert got.about_list and got.references == ALL


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("which of these is the cheapest?", "en"),
        ("which one is the lightest", "en"),
        ("welches davon ist am leichtesten?", "de"),
        ("lequel est le plus léger ?", "fr"),
        ("¿cuál de estos es el más ligero?", "es"),
        ("quale di questi è il più leggero?", "it"),
        ("który z nich jest najlżejszy?", "pl"),
        ("какой из них самый лёгкий?", "ru"),
        # the bare interrogative with its verb
        ("quali hanno la tasca dietro?", "it"),
        ("¿cuál lleva una moneda?", "es"),
        ("welche hat eine Kapuze?", "de"),
        ("ktory ma kaptur?", "pl"),
        ("kuris turi gobtuvą?", "lt"),
        ("koja ima kapuljaču?", "hr"),
        ("which has a hood?", "en"),
    ],
)
def test_which_of_the_list_with_nothing_asked_compares_them(text: str, language: str) -> None:
    got = understand(text, shown=SHOWN, language=language)
    assert got.about_list and got.intent == "compare", got
    assert got.references == ALL


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("laquelle a des poches ?", "fr"),
        ("which one has pockets?", "en"),
        ("quale ha le tasche?", "it"),
        ("¿cuál es la más barata?", "es"),
    ],
)
def test_which_of_one_card_is_about_that_card(text: str, language: str) -> None:
    got = understand(text, shown=SHOWN[:1], language=language)
    assert (got.intent, got.reference) == ("product_question", 0), got


TITLED_BY_COLOUR: list[dict[str, Any]] = [
    {**card, "title": f"{card['title']} {colour}"}
    for card, colour in zip(SHOWN, ("— bordowe", "— czarne", "in Burgundy"), strict=True)
]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("które z nich są bordowe?", "pl"),
        ("which of these come in burgundy?", "en"),
        ("какие из них бордовые?", "ru"),
    ],
)
def test_which_of_the_list_is_over_the_list_though_a_title_says_it(
    text: str, language: str
) -> None:
    # a card's title holding the asked word is one answer, not the card asked about
    got = understand(text, shown=TITLED_BY_COLOUR, language=language)
    assert got.about_list and got.references == ALL, got


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("show me them in black", SHOWN),  # no question: the search narrows
        ("the second one, is it waterproof?", SHOWN),  # an ordinal names one card
        ("are they waterproof?", SHOWN[:1]),  # one card shown: "it"
        ("do you have these in stock?", []),  # nothing shown
    ],
)
def test_not_a_list_question(text: str, shown: list[dict[str, Any]]) -> None:
    assert not understand(text, shown=shown, language="en").about_list


def test_every_language_has_list_words_and_which_words() -> None:
    assert set(LIST_WORDS) == set(WHICH_WORDS)
    assert {"en", "de", "fr", "es", "it", "pl", "lt", "ru"} <= set(LIST_WORDS)
    assert all(LIST_WORDS[lang] and WHICH_WORDS[lang] for lang in LIST_WORDS)


def card(title: str, variants: list[list[Any]], price: float = 50.0) -> dict[str, Any]:
    return {
        "id": title,
        "group_id": title,
        "title": title,
        "price": price,
        "effective_price": price,
        "currency": "EUR",
        "in_stock": any(v[2] for v in variants),
        "variant_stock": variants,
        "details": f"{title}\nA jacket. Fully waterproof seams." if "Storm" in title else title,
    }


CARDS = [
    card("Storm Jacket", [["Black", "M", True], ["Red", "M", True]]),
    card("Shell", [["Black", "L", False], ["Blue", "L", True]]),
    card("Parka", [["Green", "S", True]]),
]


def test_the_list_answer_names_who_has_the_colour_and_who_sold_it_out() -> None:
    text = templates.list_answer("en", CARDS, {"color": "black"})
    head, *rest = text.split("\n")
    assert head == "These come in black:"
    assert "Storm Jacket" in rest[0] and "Parka" not in text
    assert rest[-1] == "In black, sold out right now: Shell."


def test_the_list_answer_with_a_size_and_a_colour_needs_one_variant_with_both() -> None:
    assert templates.list_answer("en", CARDS, {"color": "black", "size": "L"}).startswith(
        "None of these comes in black, size L."
    )
    assert "Keines davon" in templates.list_answer("de", CARDS, {"color": "purple"})


def test_the_list_answer_quotes_a_feature_or_says_none_mentions_it() -> None:
    text = templates.list_answer("en", CARDS, {}, [("waterproof", "waterproof")])
    assert "Fully waterproof seams" in text and text.count("\n") == 0
    assert "None of these descriptions" in templates.list_answer(
        "en", CARDS, {}, [("warranty", "warranty")]
    )


@pytest.mark.slow
def test_the_graph_answers_a_colour_question_from_the_shown_variants(demo_catalogue) -> None:
    items, index = demo_catalogue
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    config = {"configurable": {"thread_id": "list"}}
    first = app.invoke({"messages": [("user", "show me shirts")]}, config, context=ctx)
    shown = first["recommendations"]
    assert len(shown) >= 2
    groups = {c["group_id"] for c in shown}
    colours = {
        str(i.get("color") or "").casefold()
        for i in items
        if (i.get("item_group_id") or i["id"]) in groups and i.get("availability") == "in stock"
    }
    # a colour the rules read as one (colours the feed alone spells, "charcoal", are not yet)
    colour = sorted(c for c in colours if c in KNOWN_COLORS)[0]
    out = app.invoke(
        {"messages": [("user", f"do any of those come in {colour}?")]}, config, context=ctx
    )
    assert out["intent"] == "product_question"
    reply = out["messages"][-1].content
    assert reply.startswith(f"These come in {colour}"), reply
    having = [
        c["title"]
        for c in shown
        if any(
            str(i.get("color") or "").casefold() == colour
            and (i.get("item_group_id") or i["id"]) == c["group_id"]
            and i.get("availability") == "in stock"
            for i in items
        )
    ]
    assert having and all(title in reply for title in having)
    # the ones that have it are the answer's cards, and "the first one" is the first of them
    assert [c["title"] for c in out["recommendations"]] == having
    added = app.invoke({"messages": [("user", "add the first one")]}, config, context=ctx)
    first_hit = out["recommendations"][0]
    if added["cart"]:
        assert [line["group_id"] for line in added["cart"]] == [first_hit["group_id"]]
    else:  # it has several sizes: the cart asks which, of that product
        assert first_hit["title"] in added["messages"][-1].content


def _sheet_sets_then(index, thread: str, pick) -> tuple[Any, dict, dict, float]:
    """Sheet sets shown, then "which of those are under <pick(prices)>?" asked of them."""
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    config = {"configurable": {"thread_id": thread}}
    first = app.invoke({"messages": [("user", "show me sheet sets")]}, config, context=ctx)
    prices = sorted(c["effective_price"] for c in first["recommendations"])
    assert len(prices) >= 2 and prices[0] < prices[-1]
    limit = pick(prices)
    ask = f"which of those are under {limit:.2f}?"
    return (
        app.get_state,
        first,
        app.invoke({"messages": [("user", ask)]}, config, context=ctx),
        limit,
    )


@pytest.mark.slow
def test_which_of_those_under_a_price_shows_only_those_within_it(demo_catalogue) -> None:
    # some of them are under the middle of their prices, some are not
    state, first, out, limit = _sheet_sets_then(
        demo_catalogue[1], "list-price", lambda p: (p[0] + p[-1]) / 2
    )
    cards = out["recommendations"]
    shown = {c["group_id"] for c in first["recommendations"]}
    assert cards and all(c["effective_price"] <= limit for c in cards), cards
    assert {c["group_id"] for c in cards} <= shown  # of those, not a new search
    config = {"configurable": {"thread_id": "list-price"}}
    assert state(config).values["shown"] == cards  # "the first one" points here


@pytest.mark.slow
def test_a_list_question_none_satisfies_searches_with_it(demo_catalogue) -> None:
    # none of them is under a cent less than the cheapest
    _, _, out, limit = _sheet_sets_then(demo_catalogue[1], "list-none", lambda p: p[0] - 0.01)
    assert out["intent"] == "refine"  # searched again, the budget added to the need
    assert out["preferences"]["max_price"] == pytest.approx(limit)
    assert all(c["effective_price"] <= limit for c in out["recommendations"])


@pytest.mark.parametrize(
    ("follow_up", "about_the_list"),
    [
        # a question word, and nothing the shop titles: about the cards (no list phrase
        # of the language's tables is needed, as English has "how much are they")
        ("ile kosztują?", True),
        ("kuri lengviausia?", True),
        ("ile kosztują trail runners?", False),  # names a kind the titles hold: a search
    ],
)
def test_a_question_naming_nothing_sold_is_about_the_cards(
    demo_catalogue, follow_up, about_the_list
) -> None:
    """ "ile kosztują?", "kuri mažiausia?" after several cards: not a search for those words."""
    from graph.resources import get_view

    _, index = demo_catalogue
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)  # which words the titles hold
    config = {"configurable": {"thread_id": f"about-{follow_up}"}}
    shown = app.invoke({"messages": [("user", "yoga mats")]}, config, context=ctx)
    assert len(shown["recommendations"]) >= 2
    out = app.invoke({"messages": [("user", follow_up)]}, config, context=ctx)
    assert (out["intent"] in ("product_question", "compare")) is about_the_list, out["intent"]
    if about_the_list:
        reply = out["messages"][-1].content
        assert all(c["title"] in reply for c in shown["recommendations"][:2]), reply


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿lo tienes en verde?", "es"),
        ("do you have it in black?", "en"),
        ("hast du das in Schwarz?", "de"),
    ],
)
def test_it_with_a_colour_and_several_cards_asks_the_list(text: str, language: str) -> None:
    """ "it" with several cards shown and none pointed at is the kind on screen: the colour
    is asked of every card (one card on screen stays the one asked about)."""
    got = understand(text, shown=SHOWN, language=language)
    assert got.about_list and got.references == ALL, got
    one = understand(text, shown=SHOWN[:1], language=language)
    assert not one.about_list and one.references == [0], one


def _conversation(index) -> Any:
    """A new conversation with the graph over ``index``: ``say(text)`` is the state after it."""
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index), understanding="rules")
    config = {"configurable": {"thread_id": str(uuid.uuid4())}}
    return lambda text: app.invoke({"messages": [("user", text)]}, config, context=ctx)


def _one_card_and_its_own_word(items, shown) -> tuple[dict[str, Any], str]:
    """A card shown and a word of its text no other card shown has, nor its title."""

    def words(group: str) -> set[str]:
        text = " ".join(
            f"{i['title']} {i.get('description') or ''}"
            for i in items
            if (i.get("item_group_id") or i["id"]) == group
        )
        return {w for w in re.findall(r"[a-z]+", text.casefold()) if len(w) >= 7}

    own = {c["group_id"]: words(c["group_id"]) for c in shown}
    return next(
        (c, w)
        for c in shown
        for w in sorted(own[c["group_id"]])
        if not any(w in own[o["group_id"]] for o in shown if o is not c)
        and w not in c["title"].casefold()
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "ask",
    [
        "do any of those have {word}?",  # a question over the list its texts narrow to one
        "the one with the {word}",  # a pointer, then what the card has
    ],
)
def test_the_card_a_message_picks_by_its_own_text_is_answered_about(demo_catalogue, ask) -> None:
    """ "do any of those have a padlock?", "tą su van Gogo…": the one card whose text says
    it, answered about with its price, not a comparison or a new search."""
    items, index = demo_catalogue
    say = _conversation(index)
    shown = say("show me sandals")["recommendations"]
    assert len(shown) >= 2
    picked, word = _one_card_and_its_own_word(items, shown)
    out = say(ask.format(word=word))
    reply = out["messages"][-1].content
    assert out["intent"] == "product_question", (word, reply)
    assert picked["title"] in reply and f"{picked['effective_price']:.2f}" in reply, (word, reply)
    assert not any(c["title"] in reply for c in shown if c is not picked)


@pytest.mark.slow
def test_it_after_a_list_is_the_top_card_named_in_the_answer(demo_catalogue) -> None:
    say = _conversation(demo_catalogue[1])
    shown = say("show me sandals")["recommendations"]
    assert len(shown) >= 2
    out = say("what is it made of?")
    reply = out["messages"][-1].content
    assert out["intent"] == "product_question"
    assert shown[0]["title"] in reply, reply
    assert not any(c["title"] in reply for c in shown[1:]), reply
    assert templates.question("which", "en") not in reply


@pytest.mark.parametrize(
    ("ask", "language"),
    [
        ("а что из этого самое дешёвое?", "ru"),
        ("and which of these is the cheapest?", "en"),
        ("y cuál sale más barata?", "es"),
    ],
)
def test_the_cheapest_of_the_cards_asked_is_the_one_answered(demo_catalogue, ask, language):
    """A question for the cheapest of the cards on screen answers about that card."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from graph.resources import get_view

    _, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": f"cheapest-{language}"}}
    shown = app.invoke({"messages": [("user", "yoga mats")]}, config, context=ctx)
    cards = shown["recommendations"]
    assert len(cards) >= 2
    cheapest = min(cards, key=lambda c: float(c.get("effective_price") or c["price"]))
    out = app.invoke({"messages": [("user", ask)]}, config, context=ctx)
    reply = out["messages"][-1].content
    # answered about it alone, or compared with it first
    named = sorted((reply.index(c["title"]), c["title"]) for c in cards if c["title"] in reply)
    assert named and named[0][1] == cheapest["title"], (ask, reply)
    # "add that one" next is the one the answer named the cheapest
    cart = app.invoke({"messages": [("user", "ok, add that one")]}, config, context=ctx)["cart"]
    assert [line["group_id"] for line in cart] == [cheapest["group_id"]], (ask, cart)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("il y en a un qui est une pièce unique ?", "fr"),
        ("is there one that glows in the dark?", "en"),
        ("¿hay alguno que sea impermeable?", "es"),
        ("ce n'è uno che si lava in lavatrice?", "it"),
        ("gibt es eins, das man waschen kann?", "de"),
        ("czy jest jakiś, który świeci w ciemności?", "pl"),
        ("ar yra toks, kuris šviečia tamsoje?", "lt"),
        ("есть ли такой, который светится в темноте?", "ru"),
    ],
)
def test_is_there_one_that_asks_the_list(text: str, language: str) -> None:
    """ "is there one that …?" over cards asks which of them does, like "which of them"."""
    got = understand(text, shown=SHOWN, language=language)
    assert got.about_list, got
    assert got.references == ALL
