"""Vague needs get questions, bare needs get searched (issue 11: "a clarifying question for a
vague need"; "not carried" needs a search to decide).

The classes: a wish with no product word in it, in any language ("quiero algo bonito",
"szukam czegoś fajnego", "something nice for my sister's birthday"); a request for help
that names nothing ("can you help me find something?"); a short statement of product
words joined by one function word ("наушники с шумоподавлением").
"""

from __future__ import annotations

import pytest

from graph.rules import search_text, understand
from graph.search_nodes import is_vague
from graph.turn_readings import _asks_for_anything, _is_bare_need, _names_a_kind


@pytest.mark.parametrize(
    "query",
    [
        "nice for my sister's birthday",  # a possessive names the same person
        "something nice for my sister’s birthday",
        "bonito",
        "algo bonito",
        "czegoś fajnego",
        "ko nors dovanai",
        "quelque chose de joli",
        "qualcosa di carino",
        "etwas Schönes",
        # the same words declined other ways than the lists spell (stems: VAGUE_WORDS)
        "jakiegoś prezentu",
        "jakąś fajną",
        "подскажите подарок для жены",
        "kažko gražaus",
        "Geschenkideen",
        "un regalito",
        # where it goes, not what it is (PLACES: stems too)
        "was Schönes fürs Schlafzimmer",
        "kažko virtuvei",
        "something nice for the living room",
        "coś do sypialni",
        "что-нибудь для кухни",
        "algo bonito para el salón",
        "quelque chose pour la salle de bains",
        "qualcosa per il giardino",
        "nešto za kupaonicu",
        # a child as the recipient says who, not what (RECIPIENTS "anyone")
        "prezentu dla dziecka",
        "dovanos vaikui",
        "a gift for a kid",
        "ein Geschenk für ein Kind",
        "un cadeau pour un enfant",
        "подарок для ребёнка",
    ],
)
def test_a_wish_without_a_product_word_is_vague(query: str) -> None:
    assert is_vague({"query": query})


@pytest.mark.parametrize(
    "query",
    [
        "running shoes",
        "sister's running shoes",
        "bague rouge",
        "jakie buty",
        "подарочная коробка",
        # a place with a product word is a need: "towels for the bathroom"
        "ręczniki do łazienki",
        "kitchen scale",
        "Gartenschlauch für den Garten",
        "virtuvės rankšluostis",
    ],
)
def test_a_product_word_is_not_vague(query: str) -> None:
    assert not is_vague({"query": query})


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("can you help me find something?", True),
        ("tell me a joke", False),  # nothing vague in it: small talk
        ("thanks a lot", False),
        ("help me find running shoes", False),  # something concrete: a need, read elsewhere
    ],
)
def test_a_request_for_help_naming_nothing_gets_questions(text: str, asks: bool) -> None:
    assert _asks_for_anything(text, understand(text)) is asks


@pytest.mark.parametrize(
    ("text", "need"),
    [
        ("наушники с шумоподавлением", True),  # one function word joins two product words
        ("чехол с ремешком", True),
        ("electric guitar", True),
        ("tell me a joke", False),  # two function words: a sentence
        ("ok", False),
        ("thanks a lot", False),  # read as thanks: not unread
    ],
)
def test_a_bare_need_is_a_few_product_words(text: str, need: bool) -> None:
    understood = understand(text)
    assert _is_bare_need(search_text(text), understood) is need


@pytest.mark.parametrize(
    ("text", "language", "need"),
    [
        # a kind of product the lexicon knows, in a sentence the rules cannot place
        ("il me faut des gants pour le jardin", "fr", True),
        ("na balkon przydałby się wentylator", "pl", True),
        ("ar parduodat pirties krosnelių?", "lt", True),  # the colloquial "do you sell"
        # questions about the shop name no kind
        ("tell me a joke", "en", False),
        ("what is your return policy?", "en", False),
        ("wie lange dauert der Versand?", "de", False),
    ],
)
def test_a_kind_named_in_any_sentence_is_a_need(text: str, language: str, need: bool) -> None:
    understood = understand(text, language=language)
    read = understood.intent == "recommend" or _names_a_kind(search_text(text), understood)
    assert read is need


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        ("jakie ma wymiary?", "pl", "product_question"),  # one product in view: about it
        ("czy ma frędzle?", "pl", "product_question"),
        ("how heavy is it?", "en", "product_question"),
        ("anything lighter? ultralight maybe", "en", "refine"),  # no question word: narrows
        # the question word after a preposition or in its elided form; "it" left unsaid or
        # said after a preposition
        ("di che materiale è fatto?", "it", "product_question"),
        ("e quanto viene?", "it", "product_question"),
        ("y de que tela es exactamente?", "es", "product_question"),
        ("z czego jest zrobiony?", "pl", "product_question"),
        ("iš ko jis pagamintas?", "lt", "product_question"),
        ("у них есть молния сбоку?", "ru", "product_question"),
        ("was kostet der?", "de", "product_question"),
        ("od čega je napravljen?", "hr", "product_question"),
        ("où est-il fabriqué ?", "fr", "product_question"),
        ("vale, y ahora entre 15 y 18 dólares?", "es", "refine"),
    ],
)
def test_a_question_with_one_product_in_view_is_about_it(
    text: str, language: str, intent: str
) -> None:
    one = [{"id": "1", "group_id": "1", "title": "Plecak Leather Country"}]
    assert understand(text, shown=one, language=language).intent == intent


@pytest.mark.parametrize(
    ("text", "language", "need"),
    [
        ("vaya. ¿y gorras?", "es", "gorras"),  # after "do you sell hoodies?": caps
        ("¿y gorras?", "es", "gorras"),
        ("and sunglasses?", "en", "sunglasses"),
        ("et des montres ?", "fr", "montres"),
        ("und Gartenschläuche?", "de", "gartenschläuche"),
        # each language's own "and" ("a", "а", "o"), and "is there" after the need
        ("a w panterke?", "pl", "panterke"),
        ("а бутербродница есть?", "ru", "бутербродница"),
        ("o dviračių?", "lt", "dviračių"),
        ("what about a blender for smoothies?", "en", "blender for smoothies"),
        ("a red one?", "en", ""),  # English "a" is an article, not Polish "and"
        ("а кружка сколько стоит?", "ru", ""),  # a question about a thing, not a need
        ("and in blue?", "en", ""),  # a colour: the refinement's business, not a new need
        ("and the second one?", "en", ""),  # an ordinal
        ("y?", "es", ""),
        ("and caps with a logo on the front?", "en", ""),  # a sentence, not a bare need
    ],
)
def test_and_what_asks_the_same_for_another_thing(text, language, need):
    from graph.turn_readings import _and_what

    assert _and_what(text, language) == need


@pytest.mark.parametrize(
    ("text", "need"),
    [
        ("электрическое одеяло с подогревом есть?", True),  # "… is there?": do you have it
        ("tell me a joke?", False),
        ("a co to jest?", False),
    ],
)
def test_a_need_asked_for_by_is_there_after_it_is_a_bare_need(text: str, need: bool) -> None:
    assert _is_bare_need(search_text(text), understand(text)) is need


@pytest.mark.parametrize(
    ("query", "vague"),
    [
        ("housewarming present for my sister no clue", True),  # words the shop never uses
        ("dovanos kolegei", True),
        ("a present for my sister, a sheet set", False),  # a word the shop uses
        ("gift for a pizzaiolo", True),
        ("ковшик для бани", False),  # a diminutive of a word it has: no vague word either
        ("pizzaiolo oven", False),  # no vague word: searched, so "not carried" can be said
    ],
)
def test_with_a_vague_word_only_words_the_shop_knows_are_concrete(query: str, vague: bool) -> None:
    shop = {"sister", "sheet", "set", "ковши", "бани", "oven"}

    def known(word: str) -> bool:
        return word.strip(",") in shop or word[:-1] in shop

    assert is_vague({"query": query}, known=known) is vague


@pytest.mark.parametrize(
    ("query", "language", "vague"),
    [
        # everyday words the shop happens to write ("fin", "petit", "tener") name no product
        # in a need for "something"; a kind does, however common ("book")
        ("la fin de l'année, offrir un petit quelque chose à la maîtresse", "fr", True),
        ("tener un detalle con mi compañera de piso", "es", True),
        ("eine Kleinigkeit als Mitbringsel für die Lehrerin", "de", True),
        ("a little something for my flatmate", "en", True),
        ("un pensierino per la maestra", "it", True),
        ("upominek dla nauczycielki", "pl", True),
        ("a little something for my flatmate, a book", "en", False),
        ("un petit quelque chose, une bague fine", "fr", False),
        # a kind the lexicon holds as a phrase, though each word alone is vague or unknown
        # to the shop: searched, so "not carried" can be said
        ("maquinas de coser", "es", False),
        ("una macchina da cucire", "it", False),
        ("maszyna do szycia", "pl", False),
        ("ein kleines Geschenk", "de", True),
    ],
)
def test_everyday_words_and_whom_a_gift_is_for_say_no_what(
    query: str, language: str, vague: bool
) -> None:
    shop = {"fin", "petit", "tener", "detalle", "book", "bague", "fine", "little"}

    def known(word: str) -> bool:
        return word.strip(",").casefold() in shop

    assert is_vague({"query": query}, known=known, language=language) is vague


@pytest.mark.parametrize(
    ("text", "language", "cart"),
    [
        ("ką dabar turiu krepšelyje?", "lt", "view"),
        ("kiek prekių krepšelyje?", "lt", "view"),
        ("co mam teraz w koszyku?", "pl", "view"),
        ("сколько товаров в корзине?", "ru", "view"),
        # typed bare, and up to eight words
        ("cuantas cosas llevo ya en el carrito?", "es", "view"),
        ("wie viele Sachen liegen jetzt im Warenkorb?", "de", "view"),
        ("what baskets do you have?", "en", None),  # the cart word is not where it ends
        ("add it to my cart", "en", None),
    ],
)
def test_a_short_question_ending_on_the_cart_asks_to_see_it(
    text: str, language: str, cart: str | None
) -> None:
    assert understand(text, language=language).cart == cart


def test_a_budget_is_something_to_search_by() -> None:
    """ "что-нибудь за 40–100 р.", "something under 50": the budget narrows the shop."""
    assert is_vague({"query": "something"})
    assert not is_vague({"query": "something", "max_price": 100.0})
    assert not is_vague({"query": "что-нибудь", "min_price": 40.0, "max_price": 100.0})


def test_the_shop_s_own_domain_word_is_as_vague_as_something() -> None:
    """ "хочу что-нибудь для бани" in a sauna shop: every product is for the banya."""
    from graph.lexical import LexicalIndex
    from graph.search_nodes import domain_words

    records = [(f"p{i}", f"Полотенце {i}", "Для бани и сауны.") for i in range(18)]
    records += [(f"q{i}", f"Ковш {i}", "Для парной.") for i in range(6)]
    lexical = LexicalIndex.build(records, "ru", detect=False)
    prefs = {"query": "что-нибудь бани"}  # as the rules leave it
    domain = domain_words(lexical, prefs)
    assert domain == {"бани"}  # 18 of 24 products say it
    assert is_vague(prefs, domain) and not is_vague(prefs)
    ladle = {"query": "ковш бани"}
    assert domain_words(lexical, ladle) == {"бани"}
    assert not is_vague(ladle, domain_words(lexical, ladle))  # a ladle is something
    assert domain_words(LexicalIndex.build(records[:10], "ru", detect=False), prefs) == set()


@pytest.mark.parametrize(
    "words, bare",
    [
        ("a juniper steaming set for the sauna", True),  # an article, a purpose and its article
        ("ein Kissen für die Sauna", True),
        ("what is the weather in london", False),  # one leading word goes, not three
        ("a mat for me", False),
        ("tell me a joke", False),
    ],
)
def test_a_need_may_open_with_an_article_and_carry_a_purpose(words, bare):
    from graph.turn_readings import _bare_words

    assert _bare_words(words.split()) is bare


def test_an_answer_to_a_vague_need_replaces_its_words() -> None:
    """ "czegoś eleganckiego, pomożecie?" was asked about; "portfel dla męża, czarny" is the
    need then, not the two joined (nothing matches "czegoś eleganckiego … portfel")."""
    previous = {"query": "czegoś eleganckiego pomożecie"}
    shown = [{"id": "1", "group_id": "1", "title": "Portfel Leather Country"}]
    reading = understand("portfel dla męża, czarny", previous=previous, language="pl", shown=shown)
    assert "eleganck" not in str(reading.updates.get("query"))


def test_a_typo_taken_for_a_greeting_is_no_product_word() -> None:
    """ "holaa busco un regalito" in a shop with a "Hola Hola Caracola" t-shirt: the
    spelling correction takes "holaa" for the shop's "hola", a greeting, not a product."""
    from graph.known_words import known_word as _known
    from graph.lexical import LexicalIndex

    shop = LexicalIndex.build(
        [("t1", "Camiseta Hola Hola Caracola", ""), ("t2", "Camiseta Perezoso", "")],
        "es",
        detect=False,
    )
    known = _known(shop)
    assert known is not None and not known("holaa") and known("camisetas")
    assert is_vague({"query": "holaa un regalito"}, known=known)


@pytest.mark.parametrize(
    ("query", "language"),
    [
        # an occasion says when, not what (OCCASIONS: stems too)
        ("algo para mi novia por San Valentín", "es"),
        ("prezent na urodziny dla siostry", "pl"),
        ("ein Geschenk zum Geburtstag", "de"),
        ("un cadeau pour la fête des mères", "fr"),
        ("qualcosa per il compleanno", "it"),
        ("подарок на юбилей", "ru"),
        ("dovana vardadieniui", "lt"),
        ("something for a housewarming", "en"),
    ],
)
def test_an_occasion_is_as_vague_as_something(query: str, language: str) -> None:
    assert is_vague({"query": query}, language=language)


@pytest.mark.parametrize(
    ("query", "language"),
    [
        # the shopper says they do not know what to get: guidance first, whatever else they
        # say about the person (CLUELESS), and a category named is not a kind
        (
            "dad turns 60 next month and he's really into camping no idea what to get him tbh",
            "en",
        ),
        ("atnaujinti svetainę bet nežinau nuo ko pradėti", "lt"),
        ("mój tata lubi wędkowanie ale nie wiem co mu kupić", "pl"),
        ("mein Bruder zieht um, keine Ahnung was er braucht", "de"),
        ("mi hermana cumple 30 y no sé qué regalarle", "es"),
        ("mio padre ama la montagna ma non so cosa regalargli", "it"),
        ("папа любит рыбалку, не знаю что подарить", "ru"),
        ("ma sœur adore le yoga, aucune idée de quoi lui offrir", "fr"),
        # asking for ideas for someone or an occasion (IDEAS_ASK)
        ("brother just got his flat and owns basically nothing lol what should I get him", "en"),
        ("on fait une fête pour une collègue à la retraite, une idée", "fr"),
        ("Geburtstag meiner Schwester, irgendeine Idee", "de"),
    ],
)
def test_a_shopper_who_does_not_know_what_to_get_is_asked_first(query: str, language: str) -> None:
    prefs = {"query": query, "category": "Sport > Outdoor > Camping"}
    assert is_vague(prefs, language=language)


@pytest.mark.parametrize(
    ("prefs", "language"),
    [
        # ... unless they name a kind of product or a brand
        ({"query": "no idea what to get him maybe a sleeping bag"}, "en"),
        ({"query": "nie wiem co mu kupić może portfel"}, "pl"),
        ({"query": "no idea which one", "brands": ["Vanta"]}, "en"),
        # asking for ideas about a need that says what it is for is a search
        ({"query": "what should i get for sleeping outside in autumn something warm"}, "en"),
        ({"query": "any ideas for hiking in the rain", "category": "Sport > Outdoor"}, "en"),
    ],
)
def test_guidance_asked_about_a_kind_or_a_described_need_is_searched(
    prefs: dict, language: str
) -> None:
    assert not is_vague(prefs, language=language)


def test_the_shop_s_domain_said_in_another_language_is_as_vague() -> None:
    """ "noriu dovanos tėčiui, jis turi pirtį" to a sauna shop that writes "баня"."""
    from graph.lexical import LexicalIndex
    from graph.search_nodes import domain_words

    records = [(f"p{i}", f"Полотенце для бани {i}", "Для бани.") for i in range(18)]
    records += [(f"q{i}", f"Ковш {i}", "Для парной.") for i in range(6)]
    lexical = LexicalIndex.build(records, "ru", detect=False)
    prefs = {"query": "dovaną tėčiui jis turi pirtį"}
    assert "pirtį" in domain_words(lexical, prefs)
    assert domain_words(lexical, {"query": "kaušas"}) == set()


def test_a_vague_need_that_named_a_category_is_offered_what_it_holds() -> None:
    from graph.search_nodes import _questions

    leaf = {"name": "Tents", "path": "Sport > Outdoor > Tents", "count": 4}
    facets = {
        "categories": [
            {"name": "Apparel", "path": "Apparel", "children": []},
            {
                "name": "Sport",
                "path": "Sport",
                "children": [
                    {
                        "name": "Outdoor",
                        "path": "Sport > Outdoor",
                        "children": [leaf, {"name": "Stoves", "path": "Sport > Outdoor > Stoves"}],
                    }
                ],
            },
        ],
        "price": {"min": 10, "max": 400},
        "currency": "USD",
    }
    _, offered = _questions(facets, {"query": "no idea", "category": "Sport > Outdoor"}, "en")
    assert offered[:2] == ["Tents", "Stoves"]
    _, top = _questions(facets, {"query": "no idea"}, "en")
    assert top[:2] == ["Apparel", "Sport"]
    _, at_leaf = _questions(facets, {"query": "no idea", "category": leaf["path"]}, "en")
    assert "Tents" not in at_leaf and "Apparel" not in at_leaf  # a leaf: the budget only


def test_a_word_known_only_by_another_language_s_stemmer_is_no_product() -> None:
    """Italian "prenderle" (to take them) stems like Spanish "prendas" (garments): in an
    Italian message it says nothing of what to buy."""
    from graph.known_words import known_word
    from graph.lexical import LexicalIndex

    lexical = LexicalIndex.build([(f"p{i}", f"Koszula {i}", "") for i in range(5)], "pl")
    italian, spanish, unknown = (known_word(lexical, lang) for lang in ("it", "es", ""))
    assert not italian("prenderle") and spanish("prendas") and unknown("prenderle")
    assert italian("regalo")  # the lexicon holds it whole
    prefs = {"query": "devo fare un regalo a mia suocera ma cosa prenderle"}
    assert is_vague(prefs, known=italian, language="it")


@pytest.mark.parametrize(
    ("query", "language"),
    [
        # typed without diacritics: the cues match their bare forms (vocabulary.typed_bare)
        ("chce sobie sprawic cos ladnego na jesien, ale nie mam pojecia co", "pl"),
        ("nie mam pomyslu co kupic mamie", "pl"),
        ("wife's birthday is on friday, i have zero ideas", "en"),
    ],
)
def test_a_shopper_without_a_clue_is_asked_first_however_they_type(query, language):
    assert is_vague({"query": query}, language=language)


def test_a_cue_matches_as_typed_without_diacritics():
    from graph.vocabulary import typed_bare

    assert typed_bare(["nie mam pomysłu", "coś*", "мама"]) == (
        "nie mam pomysłu",
        "coś*",
        "мама",  # Cyrillic is left alone
        "nie mam pomyslu",
        "cos*",
    )


@pytest.mark.parametrize(("after_guidance", "kept"), [(True, False), (False, True)])
def test_a_kind_named_after_the_vague_need_was_asked_about_replaces_it(after_guidance, kept):
    """The elicitor asked because the need said nothing searchable: a kind named next is
    the need, not words added to the vague ones."""
    previous = {"query": "ma meilleure amie pend la crémaillère samedi"}
    got = understand(
        "elle adore ce qui brille. un collier, 50 € maximum",
        language="fr",
        previous=previous,
        after_guidance=after_guidance,
    )
    assert "collier" in got.updates["query"]
    assert ("crémaillère" in got.updates["query"]) is kept


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("redoing our guest room, where do i even start", "en"),
        ("das Gästezimmer ist leer, wo fange ich an?", "de"),
        ("la chambre d'amis est vide, par quoi commencer ?", "fr"),
        ("quiero renovar el dormitorio, ¿por dónde empiezo?", "es"),
        ("voglio rinnovare la camera, da dove comincio?", "it"),
        ("pusta sypialnia, od czego mam zacząć?", "pl"),
        ("пустая спальня, с чего мне начать?", "ru"),
    ],
)
def test_where_do_i_even_start_asks_for_guidance(text: str, language: str) -> None:
    """ "where do I even start" said with a subject or a modal: guidance, not a search."""
    from graph.vocabulary import CLUELESS_RE

    assert CLUELESS_RE.search(text.lower()), text


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("bin zu einer Mottoparty eingeladen und hab null Plan, was ich anziehen soll", "de"),
        ("me han dado la paga extra y quiero darme un capricho, pero no sé en qué", "es"),
        ("j'ai une prime et je ne sais pas en quoi la dépenser", "fr"),
        ("ho ricevuto un bonus ma non so in cosa spenderlo", "it"),
        ("dostałam premię i nie wiem na co ją wydać", "pl"),
        ("получила премию и не знаю на что потратить", "ru"),
    ],
)
def test_not_knowing_what_to_spend_on_asks_for_guidance(text: str, language: str) -> None:
    """ "no sé en qué", "null Plan": the shopper does not know what to get (CLUELESS)."""
    from graph.vocabulary import CLUELESS_RE

    assert CLUELESS_RE.search(text.lower()), text


def test_not_knowing_what_to_get_is_asked_about_then_something_named_is_searched(
    demo_catalogue,
):
    """ "his bday is next week... help?? no clue what to gt him" reads as nothing the rules
    place: the elicitor asks (it had got the generic "I'm here to help you shop"). Then
    "something fast for race day?" is a need, though one title holds its words ("Racing
    Shoes"): cards, not an answer about that one product."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context
    from graph.resources import get_view

    _, index = demo_catalogue
    ctx = Context(index_dir=str(index), understanding="rules")
    get_view(ctx).wait_loaded(120)
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "clueless-then-something"}}
    first = app.invoke(
        {"messages": [("user", "his bday is next week... help?? no clue what to gt him")]},
        config,
        context=ctx,
    )
    assert not first["recommendations"] and first.get("suggestions"), first["messages"][-1]
    second = app.invoke(
        {"messages": [("user", "he runs a lot. something fast for race day maybe? size 44")]},
        config,
        context=ctx,
    )
    assert second["intent"] != "product_question", second["messages"][-1].content
    assert second["recommendations"], second["messages"][-1].content
