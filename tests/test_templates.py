"""Templated (no-LLM) replies: every language, every function, no I/O."""

from __future__ import annotations

import string

import pytest

from graph import templates as t
from graph.template_strings import TABLES

LANGS = t.SUPPORTED

FACETS = {
    "products": 100,
    "currency": "EUR",
    "price": {"min": 5.0, "median": 45.0, "max": 999.5},
    "categories": [
        {
            "path": "Apparel",
            "name": "Apparel",
            "count": 40,
            "share": 0.4,
            "children": [
                {"path": "Apparel > Shirts", "name": "Shirts", "count": 30, "share": 0.3},
                {"path": "Apparel > Pants", "name": "Pants", "count": 10, "share": 0.1},
            ],
        },
        {"path": "Shoes", "name": "Shoes", "count": 35, "share": 0.35},
        {"path": "Electronics", "name": "Electronics", "count": 25, "share": 0.25},
        {"path": "(uncategorised)", "name": "(uncategorised)", "count": 0, "share": 0.0},
    ],
    "category_prices": {"Apparel": {"min": 10.0, "median": 30.0, "max": 120.0}},
    "brands": [{"name": "Acme", "count": 20}],
    "collections": [{"name": "Best Sellers", "count": 12}, {"name": "Summer", "count": 3}],
}


def card(**over):
    base = {
        "id": "p1",
        "title": "Trail Runner X",
        "price": 89.99,
        "currency": "EUR",
        "sale_price": 69.99,
        "in_stock": True,
        "availability": "in_stock",
        "link": "https://shop.example/p1",
        "image": "",
        "brand": "Acme",
        "category": "Shoes",
        "variants": "5 sizes, 3 colours",
        "variant_options": {
            "color": ["Blue", "Red", "Black"],
            "size": ["40", "41", "42", "43", "44"],
        },
        "reason": "light and grippy",
    }
    base.update(over)
    return base


CARD = card()
CARD2 = card(
    id="p2",
    title="Road Racer",
    price=120.0,
    sale_price=None,
    in_stock=False,
    availability="out_of_stock",
    brand="Zoom",
    variant_options={"color": ["White"]},
)

# A word each language must use, per function (hand-written, not read from the tables).
MARK = {
    "greeting": dict(
        en="looking for",
        de="suchen",
        fr="recherchez",
        es="buscando",
        it="cercando",
        hr="tražite",
        pl="szukasz",
        lt="ieškote",
        ru="ищете",
    ),
    "browse": dict(
        en="explore",
        de="ansehen",
        fr="explorer",
        es="explorar",
        it="esplorare",
        hr="pogledati",
        pl="obejrzeć",
        lt="apžiūrėti",
        ru="посмотреть",
    ),
    "clarify": dict(
        en="questions",
        de="Fragen",
        fr="questions",
        es="preguntas",
        it="domand",
        hr="pitanja",
        pl="pytań",
        lt="klausimai",
        ru="вопрос",
    ),
    "budget": dict(
        en="budget",
        de="Budget",
        fr="budget",
        es="presupuesto",
        it="budget",
        hr="budžet",
        pl="budżet",
        lt="biudžetas",
        ru="бюджет",
    ),
    "gender": dict(
        en="women",
        de="Damen",
        fr="femme",
        es="mujer",
        it="donna",
        hr="žene",
        pl="kobiet",
        lt="moterims",
        ru="женщин",
    ),
    "sizes": dict(
        en="sizes",
        de="Größen",
        fr="tailles",
        es="tallas",
        it="taglie",
        hr="veličina",
        pl="rozmiarach",
        lt="dydžiai",
        ru="размерах",
    ),
    "cart": dict(
        en="cart",
        de="Warenkorb",
        fr="panier",
        es="carrito",
        it="carrello",
        hr="košaric",
        pl="koszyk",
        lt="krepšel",
        ru="корзин",
    ),
    "nomatch": dict(
        en="doesn't match",
        de="passt nicht",
        fr="ne correspond pas",
        es="no cumple",
        it="non corrisponde",
        hr="ne odgovara",
        pl="nie spełnia",
        lt="neatitinka",
        ru="не подходит",
    ),
    "yes": dict(
        en="Yes", de="Ja", fr="Oui", es="Sí", it="Sì", hr="Da", pl="Tak", lt="Taip", ru="Да"
    ),
    "no": dict(
        en="No,",
        de="Nein",
        fr="Non",
        es="No,",
        it="No,",
        hr="Ne –",
        pl="Nie –",
        lt="Ne,",
        ru="Нет,",
    ),
    "in_stock": dict(
        en="in stock",
        de="auf Lager",
        fr="en stock",
        es="en stock",
        it="disponibil",
        hr="na zalihi",
        pl="w magazynie",
        lt="yra sandėlyje",
        ru="в наличии",
    ),
    "out_of_stock": dict(
        en="out of stock",
        de="nicht auf Lager",
        fr="rupture",
        es="agotado",
        it="esaurito",
        hr="nije na zalihi",
        pl="brak w magazynie",
        lt="nėra sandėlyje",
        ru="нет в наличии",
    ),
    "other": dict(
        en="shop",
        de="Einkaufen",
        fr="achats",
        es="comprar",
        it="acquisti",
        hr="kupnji",
        pl="zakupach",
        lt="apsipirkti",
        ru="покупк",
    ),
    "fallback": dict(
        en="basic",
        de="Basismodus",
        fr="simplifié",
        es="básico",
        it="base",
        hr="osnovnom",
        pl="podstawowym",
        lt="paprastuoju",
        ru="базовом",
    ),
}
SALE = dict(
    en="€69.99",
    de="69,99 €",
    fr="69,99 €",
    es="69,99 €",
    it="69,99 €",
    hr="69,99 €",
    pl="69,99 €",
    lt="69,99 €",
    ru="69,99 €",
)
REGULAR = {lang: v.replace("69", "89") for lang, v in SALE.items()}


# --------------------------------------------------------------------------- tables


def _fields(template):
    forms = template if isinstance(template, tuple) else (template,)
    return {f for form in forms for _, f, _, _ in string.Formatter().parse(form) if f}


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_has_the_english_keys_and_placeholders(lang):
    assert set(TABLES[lang]) == set(TABLES["en"])
    for key, template in TABLES["en"].items():
        assert _fields(TABLES[lang][key]) == _fields(template), (lang, key)
        assert TABLES[lang][key], (lang, key)


def test_slavic_tables_have_three_plural_forms():
    for lang in ("hr", "pl"):
        for key in ("sizes", "colours", "items", "rec_intro"):
            assert len(TABLES[lang][key]) == 3


# --------------------------------------------------------------------------- prices


@pytest.mark.parametrize(
    ("amount", "currency", "lang", "expected"),
    [
        (49.99, "USD", "en", "$49.99"),
        (49.99, "EUR", "en", "€49.99"),
        (49.99, "GBP", "en", "£49.99"),
        (49.99, "PLN", "en", "49.99 PLN"),
        (1299.5, "USD", "en", "$1,299.50"),
        (1234567.891, "USD", "en", "$1,234,567.89"),
        (50, "USD", "en", "$50"),
        (49.99, "", "en", "49.99"),
        (1500, "JPY", "en", "1,500 JPY"),
        (49.99, "EUR", "de", "49,99 €"),
        (49.99, "USD", "de", "49,99 USD"),
        (1299.5, "EUR", "de", "1.299,50 €"),
        (1299.5, "", "de", "1.299,50"),
        (1299.5, "EUR", "fr", "1\u202f299,50 €"),
        (49.99, "USD", "fr", "49,99 USD"),
        (1299.5, "EUR", "es", "1299,50 €"),
        (12345, "EUR", "es", "12.345 €"),
        (1299.5, "EUR", "it", "1.299,50 €"),
        (49.99, "EUR", "hr", "49,99 €"),
        (1299.5, "USD", "hr", "1.299,50 USD"),
        (49.99, "PLN", "pl", "49,99 zł"),
        (12345.678, "PLN", "pl", "12\u00a0345,68 zł"),
        (49.99, "EUR", "pl", "49,99 €"),
        (49.99, "EUR", "xx", "€49.99"),
        (49.99, "EUR", "de-AT", "49,99 €"),
        (49.999, "USD", "en", "$50"),
    ],
)
def test_format_price(amount, currency, lang, expected):
    assert t.format_price(amount, currency, lang) == expected


# --------------------------------------------------------------------------- plurals


@pytest.mark.parametrize(
    ("lang", "n", "form"),
    [
        ("en", 1, 0),
        ("en", 0, 2),
        ("en", 2, 2),
        ("fr", 0, 0),
        ("fr", 1, 0),
        ("fr", 2, 2),
        ("hr", 1, 0),
        ("hr", 3, 1),
        ("hr", 5, 2),
        ("hr", 11, 2),
        ("hr", 12, 2),
        ("hr", 21, 0),
        ("hr", 22, 1),
        ("pl", 1, 0),
        ("pl", 4, 1),
        ("pl", 5, 2),
        ("pl", 13, 2),
        ("pl", 21, 2),
        ("pl", 22, 1),
    ],
)
def test_plural_rules(lang, n, form):
    assert t.plural(lang, n) == form


def _opts(sizes=0, colors=0):
    return {"size": [f"s{i}" for i in range(sizes)], "color": [f"c{i}" for i in range(colors)]}


@pytest.mark.parametrize(
    ("lang", "sizes", "colors", "expected"),
    [
        ("en", 5, 3, "in 5 sizes and 3 colours (c0, c1, c2)"),
        ("en", 0, 3, "in 3 colours (c0, c1, c2)"),
        ("en", 1, 0, "in 1 size"),
        ("de", 5, 3, "in 5 Größen und 3 Farben (c0, c1, c2)"),
        ("de", 1, 1, "in 1 Größe und 1 Farbe"),
        ("fr", 5, 3, "en 5 tailles et 3 couleurs (c0, c1, c2)"),
        ("es", 5, 3, "en 5 tallas y 3 colores (c0, c1, c2)"),
        ("it", 5, 3, "in 5 taglie e 3 colori (c0, c1, c2)"),
        ("hr", 1, 0, "u 1 veličini"),
        ("hr", 3, 0, "u 3 veličine (s0, s1, s2)"),
        ("hr", 5, 0, "u 5 veličina"),
        ("hr", 21, 1, "u 21 veličini i 1 boji"),
        ("hr", 5, 3, "u 5 veličina i 3 boje (c0, c1, c2)"),
        ("hr", 0, 12, "u 12 boja"),
        ("pl", 1, 0, "w 1 rozmiarze"),
        ("pl", 5, 3, "w 5 rozmiarach i 3 kolorach (c0, c1, c2)"),
        ("xx", 5, 3, "in 5 sizes and 3 colours (c0, c1, c2)"),
    ],
)
def test_variants_summary(lang, sizes, colors, expected):
    assert t.variants_summary(_opts(sizes, colors), lang) == expected


def test_a_few_short_options_are_named_more_or_long_ones_counted():
    """ "does it come bigger?" is answered on the card: "in 2 sizes (11oz, 15oz)"."""
    assert t.variants_summary({"size": ["11oz", "15oz"]}, "en") == "in 2 sizes (11oz, 15oz)"
    four = {"size": ["S", "M", "L", "XL"]}
    assert t.variants_summary(four, "en") == "in 4 sizes"
    long_names = {"color": ["Heather Charcoal Grey", "Forest"]}
    assert t.variants_summary(long_names, "en") == "in 2 colours"


def test_variants_summary_empty_and_duplicates():
    assert t.variants_summary({}, "en") == ""
    assert t.variants_summary({"size": [], "color": []}, "de") == ""
    assert (
        t.variants_summary({"color": ["Red", "red ", "Blue"]}, "en") == "in 2 colours (Red, Blue)"
    )
    assert t.variants_summary({"colour": ["Red"]}, "en") == "in 1 colour"


# --------------------------------------------------------------------------- catalogue


@pytest.mark.parametrize("lang", LANGS)
def test_greeting(lang):
    text = t.greeting(lang, FACETS)
    assert all(name in text for name in ("Apparel", "Shoes", "Electronics"))
    assert "uncategorised" not in text
    assert MARK["greeting"][lang] in text
    plain = t.greeting(lang, None)
    assert plain and "Apparel" not in plain and MARK["greeting"][lang] in plain


@pytest.mark.parametrize("lang", LANGS)
def test_browse_top_level(lang):
    text = t.browse(lang, FACETS)
    pct = "40%" if lang in ("en", "it", "pl") else "40 %"
    assert f"Apparel ({pct})" in text and "Electronics" in text
    assert "Best Sellers" in text and "(12 " in text
    assert MARK["browse"][lang] in text and text.endswith("?")


@pytest.mark.parametrize("lang", LANGS)
def test_browse_focus(lang):
    text = t.browse(lang, FACETS, focus="apparel")
    assert "Shirts" in text and "Pants" in text and "Electronics" not in text
    assert "75" in text  # 30 of 40 within Apparel
    assert t.format_price(120.0, "EUR", lang) in text
    assert text.endswith("?")
    leaf = t.browse(lang, FACETS, focus="Apparel > Shirts")
    assert "Shirts" in leaf and "30" in leaf


def test_browse_unknown_focus_and_empty_facets():
    text = t.browse("en", FACETS, focus="Toys")
    assert "Toys" in text and "Apparel (40%)" in text
    assert t.browse("de", {}).endswith("?")
    text = t.browse("en", dict(FACETS, collections=[{"name": "Summer", "count": 3}]))
    assert "Collections: Summer" in text


# --------------------------------------------------------------------------- elicitation


@pytest.mark.parametrize("lang", LANGS)
def test_clarify_and_questions(lang):
    q1 = t.question("category", lang, ["Apparel", "Shoes", "Electronics"])
    q2 = t.question(
        "budget", lang, price_range={"min": 20, "median": 45, "max": 150}, currency="USD"
    )
    q3 = t.question("gender", lang)
    assert "Apparel" in q1 and "Electronics" in q1
    assert MARK["budget"][lang] in q2
    assert t.format_price(20, "USD", lang) in q2 and t.format_price(150, "USD", lang) in q2
    assert MARK["gender"][lang] in q3
    text = t.clarify(lang, [q1, q2, q3, "a fourth question?"])
    assert MARK["clarify"][lang] in text
    assert q1 in text and q2 in text and q3 in text and "fourth" not in text
    one = t.clarify(lang, [q1])
    assert q1 in one and one.count("?") == 1
    for kind in ("size", "color", "recipient", "brand", "unknown-kind"):
        assert t.question(kind, lang).strip()
    assert "XL" in t.question("size", lang, ["M", "XL"])
    assert "Olive" in t.question("color", lang, ["Olive"])


def test_question_english_examples():
    assert t.question("category", "en", ["Apparel", "Shoes", "Electronics"]) == (
        "Which are you after: Apparel, Shoes or Electronics?"
    )
    assert t.question("gender", "en") == "Is it for men, women or kids?"
    assert t.question("budget", "en") == "What is your budget?"
    assert t.question("which", "en") == "Which product do you mean?"
    assert t.question("which", "de") == "Welches Produkt meinen Sie?"
    assert t.clarify("en", []) and t.clarify("en", [" "]).endswith("?")


# --------------------------------------------------------------------------- recommend

PREFS = {"query": "running shoes", "max_price": 100, "colors": ["blue"], "in_stock_only": True}
# A shopper's colour is named in the reply's language.
BLUE = dict(
    en="blue",
    de="Blau",
    fr="bleu",
    es="azul",
    it="blu",
    hr="plava",
    pl="niebieski",
    lt="mėlyna",
    ru="синий",
)
GREEN = dict(
    en="green",
    de="Grün",
    fr="vert",
    es="verde",
    it="verde",
    hr="zelena",
    pl="zielony",
    lt="žalia",
    ru="зелёный",
)


@pytest.mark.parametrize("lang", LANGS)
def test_recommend(lang):
    text = t.recommend(lang, [CARD, CARD2], PREFS, "narrowing")
    lines = text.splitlines()
    assert "running shoes" in lines[0] and "2" in lines[0]
    assert t.format_price(100, "EUR", lang) in lines[0] and BLUE[lang] in lines[0]
    assert lines[1].startswith("1. Trail Runner X") and "Acme" in lines[1]
    assert SALE[lang] in lines[1] and REGULAR[lang] in lines[1]
    assert MARK["sizes"][lang] in lines[1] and "light and grippy" in lines[1]
    assert lines[2].startswith("2. Road Racer") and MARK["out_of_stock"][lang] in lines[2]
    assert t.format_price(120, "EUR", lang) in lines[2]
    assert MARK["cart"][lang] in lines[-1]


def test_recommend_phases_and_plural_intro():
    closings = {
        p: t.recommend("en", [CARD], {}, p).splitlines()[-1]
        for p in ("exploring", "detailing", "narrowing", "selling")
    }
    assert len(set(closings.values())) == 4
    assert "size or colour" in closings["exploring"]
    assert "cart" in closings["narrowing"] and "cart" in closings["selling"]
    assert t.recommend("en", [CARD], {}, "bogus").splitlines()[-1] == closings["exploring"]
    assert t.recommend("en", [CARD], {}, "exploring").startswith("Here is 1 pick:")
    assert t.recommend("hr", [CARD] * 5, {}, "exploring").startswith("Evo 5 prijedloga")
    assert t.recommend("pl", [CARD] * 5, {}, "exploring").startswith("Oto 5 propozycji")
    assert t.recommend("pl", [CARD] * 3, {}, "exploring").startswith("Oto 3 propozycje")
    # no sale: no "was"
    plain = t.recommend("en", [card(sale_price=None)], {}, "exploring")
    assert "€89.99" in plain and "was" not in plain
    # no cards -> honest no-results
    assert "couldn't find" in t.recommend("en", [], {"query": "saddles"}, "exploring")


def test_recommend_english_intro_example():
    prefs = {"query": "running shoes", "max_price": 100, "in_stock": True}
    intro = t.recommend("en", [card(currency="USD")] * 4, prefs, "exploring").splitlines()[0]
    assert intro == "Here are 4 picks for “running shoes”, under $100, in stock:"


# --------------------------------------------------------------------------- no results

RELAX = dict(
    en="raise the budget above €50",
    de="das Budget über 50 € erhöhen",
    fr="augmenter le budget au-delà de 50 €",
    es="subir el presupuesto por encima de 50 €",
    it="alzare il budget oltre 50 €",
    hr="povećati budžet iznad 50 €",
    pl="zwiększyć budżet powyżej 50 €",
    lt="padidinti biudžetą virš 50 €",
    ru="увеличить бюджет выше 50 €",
)


@pytest.mark.parametrize("lang", LANGS)
def test_no_results_relax_budget_lists_closest_labelled(lang):
    prefs = dict(PREFS, max_price=50)
    text = t.no_results(lang, prefs, "max_price", [CARD])
    assert RELAX[lang] in text
    item = next(line for line in text.splitlines() if "Trail Runner X" in line)
    assert MARK["nomatch"][lang] in item and "50" in item and SALE[lang] in item


@pytest.mark.parametrize("lang", LANGS)
def test_no_results_other_cases(lang):
    colour = t.no_results(lang, PREFS, "colors", [CARD2])
    item = next(line for line in colour.splitlines() if "Road Racer" in line)
    assert MARK["nomatch"][lang] in item and BLUE[lang] in item
    nothing = t.no_results(lang, {"query": "unicorn saddle"}, None, [])
    assert "unicorn saddle" in nothing and "Trail" not in nothing
    assert t.no_results(lang, PREFS, "brands", []).endswith("?")


def test_no_results_english_phrasing():
    text = t.no_results("en", dict(PREFS, max_price=50, currency="EUR"), "max_price", [])
    assert "raise the budget above €50" in text and "Trail" not in text
    # no currency known anywhere: a plain amount, never a guessed currency
    assert "above 50?" in t.no_results("en", {"max_price": 50}, "max_price", [])
    assert "I have options" not in text  # no closest items: do not promise any
    assert "another colour" in t.no_results("en", PREFS, "color", [CARD2])
    assert "not in blue" in t.no_results("en", PREFS, "colors", [CARD2])
    assert "another brand" in t.no_results("en", {"brands": ["Nike"]}, "brands", [])
    assert "not by Nike" in t.no_results("en", {"brands": ["Nike"]}, "brands", [CARD])
    assert "not in size 46" in t.no_results("en", {"size": "46"}, "size", [CARD])
    assert "related category" in t.no_results("en", {"category": "Shoes"}, "category", [CARD])
    generic = t.no_results("en", {}, "weird_key", [CARD])
    assert "drop one of the requirements" in generic and "doesn't match" in generic
    assert "we may not carry that" in t.no_results("en", {"query": "x"}, None, [])


@pytest.mark.parametrize(
    ("lang", "constraint", "missing"),
    [
        ("de", "in Schwarz oder Marineblau", "nicht in Schwarz oder Marineblau"),
        ("fr", "en noir ou bleu marine", "pas en noir ou bleu marine"),
        ("hr", "boja: crna ili tamnoplava", "boja nije crna ili tamnoplava"),
    ],
)
def test_a_shoppers_colour_is_named_in_the_reply_language(lang, constraint, missing):
    prefs = dict(PREFS, colors=["black", "navy"])
    text = t.recommend(lang, [CARD], prefs, "exploring")
    assert constraint in text.splitlines()[0]
    assert "black" not in text and "navy" not in text
    assert missing in t.no_results(lang, prefs, "colors", [CARD2])
    # the card's own colours stay the merchant's text
    assert "Blue, Red, Black" in t.product_answer(lang, CARD, {"color": "black"})


def test_colour_names_cover_the_canonical_colours():
    from sync.enrich import KNOWN_COLORS

    for table in TABLES.values():
        assert {f"color_{c}" for c in KNOWN_COLORS} <= set(table)
    assert t._color_word("de", "Black/White") == "Schwarz/Weiß"
    assert t._color_word("de", "gray") == "Grau"
    assert t._color_word("de", "Olive") == "Oliv"  # a shade is named too
    assert t._color_word("de", "Heather Mist") == "Heather Mist"  # unknown: kept as written


# --------------------------------------------------------------------------- one product


@pytest.mark.parametrize("lang", LANGS)
def test_product_answer_colour_yes_and_no(lang):
    yes = t.product_answer(lang, CARD, {"color": "blue"})
    assert yes.startswith(MARK["yes"][lang]) and "Blue" in yes
    assert SALE[lang] in yes and REGULAR[lang] in yes and MARK["in_stock"][lang] in yes
    assert "40, 41, 42, 43, 44" in yes and "Red" in yes
    no = t.product_answer(lang, CARD, {"color": "green"})
    assert no.startswith(MARK["no"][lang]) and GREEN[lang] in no
    assert "Blue, Red, Black" in no  # says what does exist
    assert not no.startswith(MARK["yes"][lang])


# A word each language's "the description doesn't mention it" uses (hand-written).
NOT_MENTIONED = dict(
    en="doesn't mention", de="erwähnt", fr="ne mentionne pas", es="no menciona",
    it="non menziona", hr="ne spominje", pl="nie wspomina", lt="neminima", ru="не упоминается",
)  # fmt: skip
DETAILS = (
    "Trail Runner X. Our lightest trail shoe. Crafted from mesh with a waterproof membrane."
    "\nRemove the insole & air dry after wet runs."
)


@pytest.mark.parametrize("lang", LANGS)
def test_product_answer_quotes_what_the_text_says_of_a_feature(lang):
    shoe = card(details=DETAILS)
    found = t.product_answer(lang, shoe, {}, [("waterproof", "wasserdicht")])
    first = found.splitlines()[0]  # the sentence naming it, quoted as written, first
    assert "Crafted from mesh with a waterproof membrane." in first
    assert "lightest" not in first and "insole" not in first
    assert "wasserdicht" in first  # the shopper's own word
    silent = t.product_answer(lang, shoe, {}, [("washable", "washable")])
    assert NOT_MENTIONED[lang] in silent.splitlines()[0]
    assert "washable" in silent.splitlines()[0]
    assert MARK["in_stock"][lang] in silent  # the facts still follow


def test_a_feature_is_quoted_from_the_description_before_the_title():
    details = (
        "Fernhill Waterproof Running Jacket\nBrand: Fernhill\nCategory: Waterproof Gear\n"
        "Built for cold walks. Fully waterproof seams."
    )
    answer = t.product_answer("en", card(details=details), {}, [("waterproof", "waterproof")])
    assert answer.splitlines()[0].endswith("says: “Fully waterproof seams.”")
    title_only = "Fernhill Waterproof Running Jacket\nBrand: Fernhill\nBuilt for cold walks."
    answer = t.product_answer("en", card(details=title_only), {}, [("waterproof", "waterproof")])
    assert answer.splitlines()[0].endswith("says: “Fernhill Waterproof Running Jacket”")


def test_a_product_without_text_never_claims_a_feature():
    answer = t.product_answer("en", CARD, {}, [("waterproof", "waterproof")])
    assert answer.startswith("The description of Trail Runner X doesn't mention “waterproof”")


def test_product_answer_details():
    navy = card(variant_options={"color": ["Navy Blue"], "size": ["M"]})
    assert t.product_answer("en", navy, {"color": "blue"}).startswith(
        "Yes, Trail Runner X comes in Navy Blue."
    )
    assert t.product_answer("en", CARD, {"size": "42"}).startswith("Yes")
    red = t.product_answer("en", CARD, {"colors": ["red"]})
    assert red.startswith("Yes, Trail Runner X comes in Red")
    assert t.product_answer("en", CARD, {"colors": ["pink"]}).startswith("No")
    assert t.product_answer("en", CARD, {"size": "46"}).startswith("No")
    unknown = t.product_answer("en", CARD2, {"size": "42"})
    assert unknown.startswith("I don't have size information")
    assert "out of stock" in unknown and "cart" not in unknown
    pre = t.product_answer("de", card(in_stock=False, availability="preorder"), {})
    assert "vorbestellbar" in pre
    assert "https://shop.example/p1" in t.product_answer("en", CARD, {})


@pytest.mark.parametrize("lang", LANGS)
def test_compare(lang):
    text = t.compare(lang, [CARD, CARD2])
    assert "Trail Runner X" in text and "Road Racer" in text
    assert SALE[lang] in text and t.format_price(120, "EUR", lang) in text
    assert "Acme" in text and "Zoom" in text
    assert MARK["in_stock"][lang] in text and MARK["out_of_stock"][lang] in text
    assert MARK["sizes"][lang] in text


def test_compare_takeaway_and_edges():
    cheap = card(id="p3", title="Budget Jogger", price=30.0, sale_price=None)
    takeaway = t.compare("en", [CARD, cheap, CARD2]).splitlines()[-2]
    assert "cheapest: Budget Jogger" in takeaway
    assert "in stock: Trail Runner X and Budget Jogger" in takeaway
    assert "all in stock" in t.compare("en", [CARD, cheap])
    assert "none in stock" in t.compare("en", [CARD2, card(in_stock=False)])
    assert t.compare("en", [CARD]).endswith("compare it with?")
    assert t.compare("en", []) == "Which products would you like me to compare?"
    assert len([ln for ln in t.compare("en", [CARD] * 6).splitlines() if ln[0].isdigit()]) == 5


# --------------------------------------------------------------------------- purchase

ITEMS = dict(
    en="3 items",
    de="3 Artikel",
    fr="3 articles",
    es="3 artículos",
    it="3 articoli",
    hr="3 artikla",
    pl="3 produkty",
    lt="3 prekės",
    ru="3 товара",
)
TOTAL = dict(
    en="€309.99",
    de="309,99 €",
    fr="309,99 €",
    es="309,99 €",
    it="309,99 €",
    hr="309,99 €",
    pl="309,99 €",
    lt="309,99 €",
    ru="309,99 €",
)


@pytest.mark.parametrize("lang", LANGS)
def test_purchase(lang):
    cart = [CARD, dict(CARD2, quantity=2)]
    text = t.purchase(lang, dict(CARD, checkout_url="https://shop.example/checkout"), cart)
    assert "Trail Runner X" in text and ITEMS[lang] in text and TOTAL[lang] in text
    assert "https://shop.example/checkout" in text
    which = t.purchase(lang, None, [CARD])
    assert which.endswith(").") and SALE[lang] in which and MARK["cart"][lang] in which
    assert t.purchase(lang, None, []).endswith("?")


def test_purchase_english_and_plural_items():
    assert t.purchase("en", CARD, [CARD]) == (
        "Added Trail Runner X to your cart (1 item, total €69.99).\n"
        "Product page: https://shop.example/p1"
    )
    mixed = t.purchase("en", CARD, [CARD, card(currency="USD")])
    assert "2 items" in mixed and "total" not in mixed
    assert "5 produktów" in t.purchase("pl", CARD, [dict(CARD, quantity=5)])
    assert "22 produkty" in t.purchase("pl", CARD, [dict(CARD, quantity=22)])
    assert "5 artikala" in t.purchase("hr", CARD, [dict(CARD, quantity=5)])
    assert "(1 artikl," in t.purchase("hr", CARD, [CARD])


@pytest.mark.parametrize("lang", LANGS)
def test_other_and_fallback(lang):
    assert MARK["other"][lang] in t.other(lang)
    assert MARK["fallback"][lang] in t.fallback_notice(lang)


# --------------------------------------------------------------------------- fallback

CALLS = {
    "greeting": lambda lang: t.greeting(lang, FACETS),
    "browse": lambda lang: t.browse(lang, FACETS, "Apparel"),
    "clarify": lambda lang: t.clarify(lang, ["A?", "B?"]),
    "question": lambda lang: t.question("budget", lang, (), FACETS["price"], "EUR"),
    "recommend": lambda lang: t.recommend(lang, [CARD, CARD2], PREFS, "selling"),
    "no_results": lambda lang: t.no_results(lang, PREFS, "colors", [CARD2]),
    "product_answer": lambda lang: t.product_answer(lang, CARD, {"color": "blue"}),
    "compare": lambda lang: t.compare(lang, [CARD, CARD2]),
    "purchase": lambda lang: t.purchase(lang, CARD, [CARD]),
    "other": t.other,
    "fallback_notice": t.fallback_notice,
    "variants_summary": lambda lang: t.variants_summary(_opts(5, 3), lang),
    "format_price": lambda lang: t.format_price(1299.5, "EUR", lang),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("unknown", ["xx", "", None, "ja", "EN-gb"])
def test_unknown_language_falls_back_to_english(name, unknown):
    assert CALLS[name](unknown) == CALLS[name]("en")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_language_gives_its_own_non_empty_text(name):
    texts = {lang: CALLS[name](lang) for lang in LANGS}
    assert all(text.strip() for text in texts.values())
    if name not in ("format_price",):
        assert texts["de"] != texts["en"] and texts["hr"] != texts["pl"]
    assert t.normalise_language("de-AT") == "de" and t.normalise_language("pl_PL") == "pl"


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("daughter a jacket", "jacket"),  # from "for my daughter, a jacket"
        ("sneakers add it", "sneakers"),
        ("backpack only ones in stock", "backpack"),
        ("pull pour homme à", "pull pour homme"),
        ("trail running shoes", "trail running shoes"),
    ],
)
def test_the_need_is_named_without_edge_filler(query, shown):
    reply = t.recommend("en", [CARD], {"query": query}, "exploring")
    assert f"for “{shown}”" in reply.splitlines()[0]


def test_a_colour_and_size_asked_together_are_checked_as_one_variant():
    """'XS in burgundy' was 'yes' twice while that variant was sold out."""
    jacket = card(
        variant_options={"color": ["Burgundy", "Olive"], "size": ["XS", "S"]},
        variant_stock=[["Burgundy", "XS", False], ["Burgundy", "S", True], ["Olive", "XS", True]],
    )
    sold = t.product_answer("en", jacket, {"color": "burgundy", "size": "XS"})
    assert sold.startswith("Trail Runner X in burgundy, size XS is sold out right now.")
    assert "Yes" not in sold.splitlines()[0]
    yes = t.product_answer("en", jacket, {"color": "olive", "size": "XS"})
    assert yes.startswith("Yes, Trail Runner X comes in olive, size XS.")
    no = t.product_answer("en", jacket, {"color": "olive", "size": "S"})
    assert no.startswith("No, Trail Runner X doesn't come in olive, size S.")
    de = t.product_answer("de", jacket, {"color": "burgundy", "size": "XS"})
    assert de.startswith("Trail Runner X in Bordeaux, Größe XS ist gerade ausverkauft.")


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        # one, few, many: Russian like Croatian; Lithuanian's "few" is 2–9, its teens "many"
        ("ru", {0: [1, 21, 101], 1: [2, 4, 22, 34], 2: [0, 5, 11, 12, 14, 20, 25, 111, 112]}),
        ("lt", {0: [1, 21, 101], 1: [2, 5, 9, 22, 29], 2: [0, 10, 11, 15, 19, 20, 30, 111]}),
    ],
)
def test_lithuanian_and_russian_plural_categories(lang, counts):
    for form, numbers in counts.items():
        assert [t.plural(lang, n) for n in numbers] == [form] * len(numbers), (lang, form)


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("lt", ("1 pasiūlymas", "2 pasiūlymai", "12 pasiūlymų")),
        ("ru", ("1 вариант", "3 варианта", "12 вариантов")),
    ],
)
def test_lithuanian_and_russian_replies_count_in_their_forms(lang, forms):
    for count, expected in zip((1, 3 if lang == "ru" else 2, 12), forms, strict=True):
        cards = [card(id=f"p{i}", title=f"Shoe {i}") for i in range(count)]
        intro = t.recommend(lang, cards, {}, "exploring").splitlines()[0]
        assert expected in intro, (lang, intro)
    assert "krepšel" in t.recommend("lt", [CARD], {}, "selling")
    assert "корзин" in t.recommend("ru", [CARD], {}, "selling")


def test_a_colour_asked_matches_the_feed_s_colour_in_its_own_language() -> None:
    """ "¿viene en verde?" of a tee whose colour is "Verde Esmeralda": yes."""
    from graph.product_answers import availability, product_answer

    card = {
        "title": "Camiseta Gatos",
        "in_stock": True,
        "variant_stock": [["Verde Esmeralda", "S", True], ["Blanco", "M", True]],
        "variant_options": {"color": ["Verde Esmeralda", "Blanco"], "size": ["S", "M"]},
    }
    assert availability(card, "green", None) == "yes"
    assert availability(card, "green", "M") == "no"  # the green one comes in S only
    reply = product_answer("es", card, {"colors": ["green"]})
    assert reply.startswith("Sí, Camiseta Gatos está disponible en Verde Esmeralda"), reply


def test_a_colour_asked_matches_a_shade_the_feed_files_under_it() -> None:
    """ "gibt's das auch in Dunkelblau?" of a tee in "Azul Marino" and "Midnight": both are
    blues (navy), filed so by the sync; "red" is neither."""
    from graph.product_answers import product_answer

    card = {
        "title": "La Luna Digital",
        "in_stock": True,
        "variant_stock": [["Midnight", "4XL", True], ["Negro", "4XL", True]],
        "variant_options": {"color": ["Midnight", "Negro"], "size": ["4XL"]},
    }
    assert product_answer("de", card, {"colors": ["blue"]}).startswith("Ja,")
    assert product_answer(
        "de",
        {
            **card,
            "variant_stock": [["Azul Marino", "4XL", True]],
            "variant_options": {"color": ["Azul Marino"]},
        },
        {"colors": ["blue"]},
    ).startswith("Ja,")
    assert product_answer("de", card, {"colors": ["red"]}).startswith("Nein,")
