"""Finding the product a message names (graph/lookup.py) and answering from its text
(graph/answers.py): issue 11, item 6."""

from __future__ import annotations

import pytest

from graph.answers import concepts_asked, passages
from graph.lexical import LexicalIndex
from graph.lookup import Named, asks_about, named_product

RECORDS = [
    ("p1", "Croscill Opal Fashion Pillow", "Material: 100% Polyester. Dimensions: 16 x 16 in."),
    ("p2", "Croscill Opal Square Pillow", "Dimensions: 20 x 20 in."),
    ("p3", "Croscill Keira Square Pillow", "Spot clean only."),
    ("p4", "Croscill Keira Square Pillow", "The same pillow, another variant."),
    ("p5", "Sonique GPS Sport Watch", "Up to 7 days battery. Water resistant to 50 m."),
    ("p6", "Arcwave Q2 Portable Speaker", "It is made from walnut veneer. Weighs 540 g."),
    ("p7", "Arcwave Halo Headphones", "Soft ear cushions. 30 hours of battery."),
]
GROUPS = {"p3": "keira", "p4": "keira"}
FILLER = ("how", "is", "the", "what", "of", "does", "do", "you", "have", "on", "a", "it", "to")


@pytest.fixture(scope="module")
def lexical() -> LexicalIndex:
    return LexicalIndex.build(RECORDS, "en", detect=False)


def group_of(ids: list[str]) -> dict[str, str]:
    return {i: GROUPS.get(i, i) for i in ids}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how big is the Croscill Opal Fashion Pillow?", "p1"),
        ("add the croscill keira square pillow to my cart", "keira"),  # two variants, one group
        ("how long does the battery last on the Sonique GPS watch?", "p5"),
        ("what's the Arcwave Q2 made of?", "p6"),
    ],
)
def test_a_name_pins_down_one_group(lexical: LexicalIndex, text: str, expected: str) -> None:
    found = named_product(text, lexical, group_of)
    assert found is not None and found.group_id == expected, found


@pytest.mark.parametrize(
    "text",
    [
        "croscill pillows",  # a brand and a kind: several products
        "pillow",  # one word is a kind, not a name
        "square pillows under 50",  # two products share both words
        "a tent for two",  # nothing in the titles
    ],
)
def test_a_kind_or_a_brand_names_no_product(lexical: LexicalIndex, text: str) -> None:
    assert named_product(text, lexical, group_of) is None


def test_what_the_message_asks_beyond_the_name(lexical: LexicalIndex) -> None:
    text = "how big is the Croscill Opal Fashion Pillow?"
    found = named_product(text, lexical, group_of)
    assert found is not None
    assert asks_about(text, found, lexical, FILLER) == lexical.terms("big")
    bare = "do you have the Croscill Opal Fashion Pillow?"
    assert asks_about(bare, found, lexical, FILLER) == []


def quotes(lexical: LexicalIndex, pid: str, text: str) -> list[str]:
    title, details = next((t, d) for p, t, d in RECORDS if p == pid)
    name = Named(pid, pid, tuple(lexical.terms(title)))
    asked = asks_about(text, name, lexical, FILLER)
    return passages(f"{title}\n{details}", concepts_asked(text), asked, lexical.terms)


@pytest.mark.parametrize(
    ("pid", "text", "quote"),
    [
        ("p5", "how long does the battery last?", "Up to 7 days battery."),
        ("p5", "is it water resistant?", "Water resistant to 50 m."),
        ("p6", "what is it made of?", "It is made from walnut veneer."),  # the material concept
        ("p6", "how heavy is it?", "Weighs 540 g."),  # the weight concept: "heavy" ≠ "weighs"
        ("p1", "how big is the Croscill Opal Fashion Pillow?", "Dimensions: 16 x 16 in."),
        ("p1", "wie groß ist das Kissen?", "Dimensions: 16 x 16 in."),  # asked in German
    ],
)
def test_the_answer_is_a_sentence_of_the_product_s_own_text(
    lexical: LexicalIndex, pid: str, text: str, quote: str
) -> None:
    assert quotes(lexical, pid, text)[0] == quote


def test_no_sentence_answers_what_the_text_does_not_say(lexical: LexicalIndex) -> None:
    assert quotes(lexical, "p3", "is it machine washable?") == []


@pytest.mark.slow
def test_the_graph_answers_about_and_adds_a_product_named_but_not_shown(demo_catalogue) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    items, index = demo_catalogue
    titles = [i["title"] for i in items]
    # a product sold in one variant, whose title no other product shares
    item = next(
        i
        for i in items
        if titles.count(i["title"]) == 1
        and "battery" in i["description"]
        and i["availability"] == "in stock"
    )
    app, ctx = build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")
    ask = app.invoke(
        {"messages": [("user", f"how long does the battery last on the {item['title']}?")]},
        {"configurable": {"thread_id": "named"}},
        context=ctx,
    )
    assert ask["intent"] == "product_question"
    reply = ask["messages"][-1].content
    assert reply.startswith(f"The description of {item['title']} says: “")
    assert "battery" in reply.split("”")[0].lower()
    # its card comes with the answer, and "that one" points at it next
    assert [c["id"] for c in ask["recommendations"]] == [item["id"]]
    price = app.invoke(
        {"messages": [("user", "ok and what does that one cost?")]},
        {"configurable": {"thread_id": "named"}},
        context=ctx,
    )
    assert price["intent"] == "product_question" and item["title"] in price["messages"][-1].content
    add = app.invoke(
        {"messages": [("user", f"add the {item['title']} to my cart")]},
        {"configurable": {"thread_id": "add"}},
        context=ctx,
    )
    assert [line["id"] for line in add["cart"]] == [item["id"]]


def test_a_title_named_whole_wins_over_longer_titles_holding_it() -> None:
    records = [
        ("s1", "Thomasville Suzette Euro Sham", "100% cotton face."),
        ("s2", "Thomasville Suzette Coordinate Euro Sham", "Polyester."),
        ("s3", "Thomasville Suzette Euro Sham Julep", "Polyester."),
    ]
    lexical = LexicalIndex.build(records, "en", detect=False)
    found = named_product("what is the Thomasville Suzette Euro Sham made of?", lexical, group_of)
    assert found is not None and found.id == "s1"
    # naming only words the three share, no title whole: no one product
    assert named_product("the Suzette sham", lexical, group_of) is None


def test_words_most_titles_hold_name_no_product() -> None:
    """In a t-shirt shop "camiseta" and "talla" are in every title: with "de" they named
    one tee for "camisetas por menos de 22,50 USD", which then got a product answer."""
    records = [
        (f"t{i}", f"Camiseta {name} de verano - Talla M", "Algodón.")
        for i, name in enumerate(
            ["Carabao Master", "Luna Llena", "Hola Caracola", *map(str, range(30))]
        )
    ] + [("t99", "Camiseta de", "")]  # a title of the two common words alone
    lexical = LexicalIndex.build(records, "es", detect=False)
    assert named_product("camisetas por menos de 22,50 USD hay?", lexical, group_of) is None
    found = named_product("la camiseta Carabao Master, ¿la hay en talla M?", lexical, group_of)
    assert found is not None and found.id == "t0"
    # the kind's words ask nothing about it: "do you have the X tee?" is no question about X
    assert asks_about("la camiseta Carabao Master talla", found, lexical, ("la",)) == []


def test_function_words_name_no_product() -> None:
    """ "añade la verde en talla M": "en" (in one title) and the size "m" named one tee."""
    records = [(f"s{i}", f"Camiseta Gato {i} - Talla S", "") for i in range(12)]
    records += [(f"m{i}", f"Camiseta Perro {i} - Talla M", "") for i in range(8)]
    records += [("x", "Camiseta Servidor en Llamas - Talla M", "")]
    lexical = LexicalIndex.build(records, "es", detect=False)
    assert named_product("añade la verde en talla M", lexical, group_of) is None
    found = named_product("la camiseta Servidor en Llamas", lexical, group_of)
    assert found is not None and found.id == "x"


def test_the_reading_takes_the_product_its_title_names(lexical: LexicalIndex) -> None:
    from graph.named_readings import read_named
    from graph.rules import understand

    # a question about a product not on screen: a product question about it
    text = "how long does the battery last on the Sonique GPS watch?"
    reading = understand(text)
    found = read_named(text, reading, [], lexical, group_of)
    assert found is not None and reading.product == "p5"
    assert reading.intent == "product_question" and not reading.updates
    # the card on screen it names is the reference already: no second product
    shown = [{"title": "Sonique GPS Sport Watch", "group_id": "p5", "brand": "Sonique"}]
    reading = understand("is the Sonique GPS watch waterproof?", shown=shown)
    assert (
        read_named("is the Sonique GPS watch waterproof?", reading, shown, lexical, group_of)
        is None
    )
    assert reading.references == [0] and reading.product == "p5"
    # a search names no product, even with a title's words
    reading = understand("Croscill pillows")
    assert read_named("Croscill pillows", reading, [], lexical, group_of) is None
    assert reading.product is None


def test_the_title_holding_most_named_words_wins_over_the_rarest_word() -> None:
    # "waterproof" is the rarest title word named, but only the Fernhill title holds it;
    # the Nordlys jacket's title holds four of the words (rarest-first would pick Fernhill)
    records = [
        ("j1", "Nordlys Quilted Bomber Jacket", "10,000 mm waterproof rating."),
        ("j2", "Fernhill Waterproof Running Jacket", "Taped seams."),
        ("j3", "Nordlys Down Parka", "Warm."),
        ("j4", "Nordlys Quilted Vest", "Light."),
        ("j5", "Bomber Cap", "Wool."),
    ]
    lexical = LexicalIndex.build(records, "en", detect=False)
    text = "does the Nordlys Quilted Bomber Jacket have a waterproof rating?"
    found = named_product(text, lexical, lambda ids: {i: i for i in ids})
    assert found is not None and found.id == "j1", found


VARIANTS = [  # one model in three colours, each its own group (no item_group_id)
    ("b1", "Lakierowane czółenka Spaziomoda — bordowe", "Szpilka 10 cm."),
    ("c1", "Lakierowane czółenka Spaziomoda — czarne", "Szpilka 10 cm."),
    ("t1", "Lakierowane czółenka Spaziomoda — taupe", "Szpilka 10 cm."),
    ("z1", "Zamszowe czółenka Lancioni — czarne", "Obcas 8 cm."),
    ("s1", "Skórzane czółenka Lancioni — czarne", "Obcas 7 cm."),
]


def test_a_question_naming_a_model_sold_in_colours_is_about_the_first() -> None:
    from graph.named_readings import read_named
    from graph.rules import understand

    lexical = LexicalIndex.build(VARIANTS, "pl", detect=False)
    groups = {"b1": "b", "c1": "c", "t1": "t", "z1": "z", "s1": "s"}

    def group_of(ids: list[str]) -> dict[str, str]:
        return {i: groups[i] for i in ids}

    text = "jak wysoki jest obcas w lakierowanych czółenkach Spaziomoda?"
    assert named_product(text, lexical, group_of) is None  # three groups: not exact
    found = named_product(text, lexical, group_of, closest_variant=True)
    assert found is not None and found.id == "b1" and not found.exact
    reading = understand(text, language="pl")
    assert read_named(text, reading, [], lexical, group_of) is not None
    assert reading.intent == "product_question" and reading.product == "b1"
    # the same words asking nothing more: a search among the three, no product picked
    bare = "macie lakierowane czółenka Spaziomoda?"
    reading = understand(bare, language="pl")
    assert read_named(bare, reading, [], lexical, group_of) is None and reading.product is None
    # two Lancioni models each leave a word of their name unsaid: a search, not a name
    lancioni = "jaki obcas mają czółenka Lancioni?"
    assert named_product(lancioni, lexical, group_of, closest_variant=True) is None


def test_a_name_several_products_share_is_the_one_of_the_kind_asked_for() -> None:
    # a shop sells a design as a tee and as a mug: "the Net Yaroze one" while tees are
    # asked for is the tee; with no kind to go by the name stays ambiguous
    records = [
        ("tee", "Net Yaroze Retro Console Camiseta", ""),
        ("mug", "Net Yaroze Taza Negra", ""),
        ("other", "Error 404 Camiseta", ""),
    ]
    lexical = LexicalIndex.build(records, "es", detect=False)
    categories = {"tee": "Camisetas", "mug": "Tazas", "other": "Camisetas"}

    def in_tees(ids: list[str]) -> list[bool]:
        return [categories[i] == "Camisetas" for i in ids]

    assert named_product("how much is the Net Yaroze one?", lexical, group_of) is None
    found = named_product("how much is the Net Yaroze one?", lexical, group_of, fits=in_tees)
    assert found is not None and found.id == "tee"
    # a kind that fits neither keeps the words' own verdict
    nothing = named_product(
        "the Net Yaroze one?", lexical, group_of, fits=lambda ids: [False] * len(ids)
    )
    assert nothing is None


def test_a_cart_addition_names_a_product_by_one_word_only_its_titles_hold(
    lexical: LexicalIndex,
) -> None:
    """A model name alone ("norėčiau Cluedo, įmesk į krepšelį") is enough to add it."""
    found = named_product("add Sonique to my cart", lexical, group_of, single_word=True)
    assert found is not None and found.group_id == "p5"
    assert named_product("add Sonique to my cart", lexical, group_of) is None  # a question
    assert named_product("add keira to my cart", lexical, group_of, single_word=True) == Named(
        id="p3", group_id="keira", words=("keira",)
    )  # two variants, one group
    # a word several products' titles hold is a kind or a line, not a name
    assert named_product("add a pillow", lexical, group_of, single_word=True) is None
    assert named_product("add the arcwave", lexical, group_of, single_word=True) is None
    assert named_product("add the Q2", lexical, group_of, single_word=True) is None  # too short


def test_a_model_name_alone_adds_it_and_an_and_after_an_add_adds_the_next_named(
    demo_catalogue,
) -> None:
    """ "add <model> to my cart" with a word only one product's titles hold, then "and also
    the <other title>" with no verb: both land in the cart, neither was on screen."""
    import re

    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    items, index = demo_catalogue
    group = {i["id"]: i.get("item_group_id") or i["id"] for i in items}
    holders: dict[str, set[str]] = {}
    for i in items:
        for word in set(re.findall(r"[a-z]{5,}", f"{i['title']} {i.get('brand', '')}".lower())):
            holders.setdefault(word, set()).add(group[i["id"]])
    # sold in one variant, no size to ask for
    in_stock = {
        group[i["id"]] for i in items
        if i["availability"] == "in stock" and not i.get("size")
        and list(group.values()).count(group[i["id"]]) == 1
    }  # fmt: skip
    model = next(w for w, g in sorted(holders.items()) if len(g) == 1 and g <= in_stock)
    (wanted,) = holders[model]
    titles = [i["title"] for i in items]
    other = next(
        i for i in items
        if titles.count(i["title"]) == 1 and i["availability"] == "in stock"
        and group[i["id"]] != wanted and model not in i["title"].lower()
    )  # fmt: skip
    app, ctx = build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")
    thread = {"configurable": {"thread_id": "lone-name"}}
    first = app.invoke({"messages": [("user", f"add {model} to my cart")]}, thread, context=ctx)
    assert [group[line["id"]] for line in first["cart"]] == [wanted], first["messages"][-1]
    then = app.invoke(
        {"messages": [("user", f"and also the {other['title']}")]}, thread, context=ctx
    )
    assert [line["id"] for line in then["cart"]][1:] == [other["id"]], then["messages"][-1]


def test_what_a_product_is_made_of_is_answered_with_its_material(demo_catalogue) -> None:
    """The feed's material field is on the card, so a "made of" question names it even
    when the description's best sentence does not."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    items, index = demo_catalogue
    titles = [i["title"] for i in items]
    item = next(
        i for i in items
        if titles.count(i["title"]) == 1 and i.get("material")
        and i["material"].lower() not in i["description"].lower()
    )  # fmt: skip
    app, ctx = build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")
    out = app.invoke(
        {"messages": [("user", f"what is the {item['title']} made of?")]},
        {"configurable": {"thread_id": "material"}},
        context=ctx,
    )
    assert out["intent"] == "product_question"
    assert item["material"].lower() in out["messages"][-1].content.lower()


@pytest.mark.parametrize(
    "question",
    ["how high is the heel?", "jaki obcas mają?", "какой у них каблук?", "wie hoch ist der Absatz"],
)
def test_a_question_about_the_heel_is_answered_with_the_sentence_that_gives_it(question) -> None:
    """The heel concept: the shop writes "słupek 7 cm" (a block heel), never "obcas"."""
    from graph.answers import concepts_asked, passages

    details = (
        "Zamszowe botki Lestrosa Ambra\n"
        "Zamszowe botki Lestrosa w brązie, zaokrąglony nosek. Wysoka cholewka, wygięty słupek 7 cm."
    )
    found = passages(details, concepts_asked(question), [], lambda text: text.lower().split())
    assert found and "7 cm" in found[0]


def test_asking_to_machine_wash_is_answered_with_the_care_the_text_gives() -> None:
    """ "can I machine wash it?" on a text that says "Dry clean only." quotes that, rather
    than saying the text does not mention machine washing."""
    from graph.product_answers import product_answer
    from graph.vocabulary import features_asked

    card = {
        "title": "La Selva Bedspread",
        "details": "La Selva Bedspread\nA woven jacquard bedspread. Dry clean only.",
        "in_stock": True,
        "price": 149.99,
        "currency": "USD",
    }
    asked = features_asked("can I machine wash the la selva bedspread?")
    assert "Dry clean only." in product_answer("en", card, {}, asked)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("lietpaltis su gobtuvu - koks dydis?", "L dydis"),  # the size, glued to the next line
        ("iš ko pagamintas lietpaltis?", "poliesterio"),  # the material, in Lithuanian
        ("jaki rozmiar ma płaszcz?", "L dydis"),  # asked in Polish of a Lithuanian text
    ],
)
def test_a_size_or_material_is_answered_from_text_whose_html_was_stripped(
    question: str, expected: str
) -> None:
    """Feeds strip their HTML without a space ("L dydisPrivalumai:"); each language's words
    for a size and a material answer the concept asked."""
    details = (
        "Lietpaltis su gobtuvu\nLietpaltis su gobtuvu, L dydisPrivalumai:Pagamintas iš "
        "poliesterio/PVCUžsegamas užtrauktuku"
    )
    found = passages(details, concepts_asked(question), [], lambda text: text.lower().split())
    assert found and expected in found[0], found


def test_a_question_naming_a_product_asks_a_concept_though_its_word_is_filler(
    lexical: LexicalIndex,
) -> None:
    """ "what size is the <name>?": "size" is filler ("do you have it in size 9?"), but the
    question asks the size concept of the product it names."""
    from graph.named_readings import read_named
    from graph.rules import understand

    text = "what size is the Croscill Opal Fashion Pillow?"
    reading = understand(text)
    found = read_named(text, reading, [], lexical, group_of)
    assert found is not None and found.id == "p1"
    assert reading.intent == "product_question"
    quoted = passages(RECORDS[0][2], reading.concepts, [], lexical.terms)
    assert quoted == ["Dimensions: 16 x 16 in."]


def test_words_of_a_brand_the_message_names_name_the_brand_not_a_product() -> None:
    """ "Was habt ihr von C and F?": the brand's titles share its words; none is named."""
    from graph.named_readings import read_named
    from graph.rules import understand

    records = [
        ("q1", "C and F Mandalay Quilt", ""),
        ("q2", "C and F To The Sea Quilt", ""),
        ("s1", "C and F To The Sea Standard Sham", ""),
        *((f"o{i}", f"Croscill Other Pillow {i}", "") for i in range(12)),
    ]
    lexical = LexicalIndex.build(records, "en", detect=False)

    def group_of(ids: list[str]) -> dict[str, str]:
        return {i: i for i in ids}

    facets = {"brands": [{"name": "C and F", "count": 3}, {"name": "Croscill", "count": 12}]}
    for text, language in [
        ("Was habt ihr von C and F?", "de"),
        ("what's there from C and F?", "en"),
    ]:
        reading = understand(text, facets=facets, language=language)
        assert reading.updates.get("brands") == ["C and F"]
        assert read_named(text, reading, [], lexical, group_of) is None
        assert reading.intent == "recommend" and reading.product is None
    # the brand and a model's own words still name that product
    text = "is the C and F Mandalay Quilt machine washable?"
    reading = understand(text, facets=facets, language="en")
    found = read_named(text, reading, [], lexical, group_of)
    assert found is not None and found.id == "q1"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("do you have the «Второе дыхание. Металл» in black?", "en"),
        ("¿y cuánto cuesta el de «Второе дыхание»?", "es"),
        ("czy jest jeszcze „Bague ailée or”?", "pl"),
    ],
)
def test_a_name_in_quotes_is_the_shops_not_the_shoppers_language(text: str, language: str) -> None:
    from graph.rules import detect_language
    from graph.understand_node import shoppers_words

    assert detect_language(shoppers_words(text, {}), default="") == language


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        ("o iš kokios medžiagos jie?", "material"),
        ("o is kokios medziagos jie?", "material"),  # typed without diacritics
        ("jaki obcas maja?", "heel"),
        ("wie schwer ist sie?", "weight"),
    ],
)
def test_what_a_question_asks_is_read_however_it_is_typed(question: str, concept: str) -> None:
    assert concept in concepts_asked(question)


BEDDING = [
    ("c1", "Thomasville Cayman Grommet Drapes", "Lined drapes."),
    ("c2", "Thomasville Cayman Duvet", "Twin and queen."),
    ("c3", "Thomasville Cayman Bedspread", 'Twin (82" x 110") throw style.'),
    ("t4", "Peakform 4-Person Tent", "Sleeps four."),
    *((f"f{n}", f"Hallmart Filler Sham {n}", "Cotton.") for n in range(10)),
]


@pytest.mark.parametrize(
    ("text", "language", "named"),
    [
        # the kind in the shop's words tells the Cayman bedspread from the drapes and duvet
        ("le couvre-lit Thomasville Cayman, il fait quelle taille ?", "fr", "c3"),
        ("¿qué medidas tiene la colcha Thomasville Cayman?", "es", "c3"),
        ("wie groß ist die Tagesdecke Thomasville Cayman?", "de", "c3"),
        # no name among the words: a need, though its translation fits one title
        ("et une tente pour quatre personnes ?", "fr", None),
        ("¿y una tienda de campaña para cuatro personas?", "es", None),
    ],
)
def test_a_product_named_with_its_kind_in_another_language(text, language, named) -> None:
    """Class: brand and model in the shop's words, the kind in the shopper's language."""
    from graph.named_readings import read_named
    from graph.rules import understand
    from graph.search import _with_digits
    from graph.translate import translate_query

    lexical = LexicalIndex.build(BEDDING, "en", detect=False)

    def searched(words: str) -> str:  # as graph.search reads a foreign need: number words too
        return translate_query(_with_digits(words, lexical.known), "en", lexical.known)

    reading = understand(text, language=language)
    found = read_named(text, reading, [], lexical, group_of, searched=searched)
    assert (found.id if found else None) == named


def test_a_kind_alone_names_no_product() -> None:
    """ "vous avez des serre-têtes à fleurs ?": the words that would pin one title down are
    all the kind's; a question naming a kind asks for the kind, the search's to answer."""
    from graph.named_readings import read_named
    from graph.rules import understand

    records = [
        ("101", "Serre-tête noir et blanc", "serre-tête avec motifs bucoliques"),
        ("679", "Serre-tête en plume d'autruche", ""),
        ("681", "Serre-tête roses noires", "pièce unique"),
        ("12", "Bague fleurs", ""),
    ]
    lexical = LexicalIndex.build(records, "fr", detect=False)
    text = "vous avez des serre-têtes à fleurs ? c'est pour un mariage champêtre"
    reading = understand(text, language="fr")
    assert read_named(text, reading, [], lexical, group_of) is None
    assert reading.product is None and reading.intent != "product_question"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("he runs a lot. something fast for race day maybe?", "en"),
        ("er läuft viel. etwas Schnelles für den Renntag?", "de"),
        ("biega dużo, coś szybkiego na dzień wyścigu?", "pl"),
    ],
)
def test_a_need_for_something_names_no_product(text: str, language: str) -> None:
    """ "something fast for race day?": a need, though one title holds its words."""
    from graph.named_readings import read_named
    from graph.rules import understand

    records = [
        ("r1", "Vanta Run Carbon Plate Racing Shoes", "Fast shoes for race day."),
        ("r2", "Altura Carbon Plate Racing Shoes", "Race day shoes."),
        ("t1", "Cobble Trail Running Shoes", ""),
    ]
    lexical = LexicalIndex.build(records, "en", detect=False)
    reading = understand(text, language=language)
    reading.intent = "recommend"
    assert read_named(text, reading, [], lexical, group_of) is None
    assert reading.product is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # asked whether the shop has it: the words describe a need (a material, a look)
        ("Habt ihr Armbänder aus gewebten Glasperlen, so Rocailles-mäßig?", "de"),
        ("do you have bracelets woven from rocailles beads?", "en"),
        ("avez-vous des bracelets tissés en perles rocailles ?", "fr"),
        ("¿tenéis pulseras tejidas de perlas rocailles?", "es"),
    ],
)
def test_a_have_question_whose_words_one_title_holds_is_a_search(text: str, language: str) -> None:
    records = [
        ("b1", "Bracelet tissé en perles rocailles", "bracelet multicolore en perles fines"),
        ("b2", "Bracelet tissé en perles de verre, multiples coloris", "perles de verre"),
        *((f"o{i}", f"Collier pompons doux {i}", "") for i in range(8)),
    ]
    from graph.named_readings import read_named
    from graph.rules import understand

    lexical = LexicalIndex.build(records, "fr", detect=False)
    reading = understand(text, language=language)
    read_named(text, reading, [], lexical, lambda ids: {i: i for i in ids})
    assert reading.intent in ("recommend", "refine"), reading.intent


MATTRESSES = [
    ("m2", "Матрас «Второе дыхание», Черный, 60×200 см", ""),
    ("m1", "Матрас, Черный, 60×200 см", ""),
    ("p2", "Проливной матрас «Второе дыхание», Черный, 70×200 см", ""),
    ("p1", "Проливной матрас, Черный, 70×200 см", ""),
]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        # the name refused is not the product asked about: the other one the words fit
        ("обычный матрас 60×200, не «Второе дыхание» — чем он набит?", "ru", "m1"),
        ("the regular матрас 60×200, not the «Второе дыхание», what's inside?", "en", "m1"),
        # without the refusal the name decides
        ("матрас «Второе дыхание» 60×200 — чем он набит?", "ru", "m2"),
    ],
)
def test_a_name_refused_is_not_the_product_named(text: str, language: str, expected: str) -> None:
    from graph.named_readings import read_named, refused_names
    from graph.rules import understand

    lexical = LexicalIndex.build(MATTRESSES, "ru", detect=False)

    def group_of(ids: list[str]) -> dict[str, str]:
        return {i: i for i in ids}

    reading = understand(text, language=language)
    read_named(text, reading, [], lexical, group_of)
    assert reading.product == expected, reading
    left, refused = refused_names(text.lower(), language)
    assert ("второе дыхание" in left) is not bool(refused)


MERCH = [
    ("tee-l", 'Camiseta "Net Yaroze" Retro Console - Talla L', ""),
    ("mug-11", 'Taza "Net Yaroze" Retro Console - Talla 11oz', ""),
    ("sleeve", 'Funda para Portátil "La Luna Digital" - Color All-Over Print', ""),
    *[(f"t{n}", f"Camiseta Diseño {n} - Talla M", "") for n in range(20)],
]


def test_a_design_sold_as_two_kinds_is_the_kind_the_message_says() -> None:
    """ "Camiseta" is in most titles, so it names nothing; it still tells the Net Yaroze
    tee from the Net Yaroze mug the name alone fits as well."""
    lexical = LexicalIndex.build(MERCH, "es", detect=False)
    found = named_product("la camiseta Net Yaroze tiene el logo?", lexical, _own_groups)
    assert found is not None and found.id == "tee-l"
    assert named_product("la taza Net Yaroze es grande?", lexical, _own_groups).id == "mug-11"
    assert named_product("Net Yaroze, ¿qué precio tiene?", lexical, _own_groups) is None


def test_words_the_translation_adds_name_no_product_without_a_name() -> None:
    """ "stampato sopra" read in the shop's words is "print over": the sleeve's "All-Over
    Print" holds both, but no name the shopper said; the tee holding "Yaroze" is meant."""
    from graph.named_readings import named_in_shop_words

    lexical = LexicalIndex.build(MERCH, "es", detect=False)
    said = "la maglietta net yaroze ha il logo stampato sopra?"

    def searched(words: str) -> str:  # the lexicon's reading, as the graph's search gives it
        return f"{words} camiseta print over"

    found = named_in_shop_words(said, lexical, _own_groups, None, False, searched)
    assert found is not None and found.id == "tee-l"


def _own_groups(ids: list[str]) -> dict[str, str]:
    return {i: i.split("-")[0] for i in ids}


COMFORTERS = [
    ("ce", "Vue Cersei Mini Comforter Set", ""),
    ("kh", "Vue Khaleesi Mini Comforter Set", ""),
    ("tr", "Vue Tristen Mini Comforter Set", ""),
    ("co", "Vue Cozy Mini Comforter Set", ""),
]


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("ok and what does the cersei one cost?", "ce"),
        ("und was kostet das Khaleesi?", "kh"),
        # a word the language uses is no model name, though one title holds it
        ("what does the cozy one cost?", None),
        # the word asked with no question mark nor question word: not read alone
        ("cersei", None),
    ],
)
def test_a_question_names_a_product_by_one_word_of_its_model_name(text, product) -> None:
    from graph.named_readings import read_named
    from graph.rules import understand

    lexical = LexicalIndex.build(COMFORTERS, "en", detect=False)
    shown = [{"id": "tr", "group_id": "tr", "title": "Vue Tristen Mini Comforter Set"}]
    reading = understand(text, shown=shown)
    read_named(text, reading, shown, lexical, lambda ids: {i: i for i in ids})
    assert reading.product == product, reading


def test_a_name_several_products_share_is_the_one_of_the_need() -> None:
    """ "je prends les Timeless" after champagne flutes, in a shop filing nothing by
    category: five "RCR Timeless" products, the champagne glasses among them hold the most
    of the need's words (a title's inflection of one counting: "šampanui" for "šampano")."""
    from functools import partial

    from graph.lookup import most_of_the_need

    records = [
        ("c1", "Krištolinės taurės kokteiliams RCR Timeless, 490ml.", ""),
        ("c2", "Krištolinės taurės šampanui RCR Timeless 260ml.", ""),
        ("c3", "Krištolinės viskio stiklinės RCR Timeless, 360ml.", ""),
        ("c4", "Krištolinis ąsotis RCR Timeless, 1200ml.", ""),
    ] + [(f"x{n}", f"Puodelis Odelo {n}", "") for n in range(12)]
    lexical = LexicalIndex.build(records, "lt", detect=False)
    read: list[str] = []

    def need() -> list[str]:
        read.append("need")
        return lexical.terms("krištolinės šampano taurės")

    def groups(ids):
        return {i: i for i in ids}

    fits = partial(most_of_the_need, lexical, need)
    found = named_product("je prends les timeless", lexical, groups, fits=fits, single_word=True)
    assert found is not None and found.id == "c2"
    # the need is read only when a name fits several products
    read.clear()
    named_product("je prends les verres c4 Krištolinis ąsotis", lexical, groups, fits=fits)
    assert read == []
    # no need to go by: a name of several products names none
    assert named_product("je prends les timeless", lexical, groups, single_word=True) is None
