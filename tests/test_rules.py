"""Rule-based understanding (graph.rules): intents, preferences, references, merging."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from graph.rules import (
    INTENTS,
    SUPPORTED_LANGUAGES,
    Understanding,
    budget_of,
    detect_language,
    merge_preferences,
    understand,
)


def _node(path: str, children: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    node: dict[str, Any] = {
        "path": path,
        "name": path.rsplit(" > ", 1)[-1],
        "count": 2,
        "share": 0.1,
    }
    if children:
        node["children"] = children
    return node


FACETS: dict[str, Any] = {
    "products": 20,
    "currency": "EUR",
    "price": {"min": 9.0, "median": 60.0, "max": 300.0},
    "categories": [
        _node(
            "Apparel",
            [
                _node(
                    "Apparel > Men",
                    [_node("Apparel > Men > Jackets"), _node("Apparel > Men > Shorts")],
                ),
                _node("Apparel > Women", [_node("Apparel > Women > Dresses")]),
            ],
        ),
        _node(
            "Shoes",
            [
                _node(
                    "Shoes > Women",
                    [_node("Shoes > Women > Running"), _node("Shoes > Women > Sandals")],
                ),
                _node("Shoes > Men", [_node("Shoes > Men > Running")]),
            ],
        ),
        _node(
            "Electronics",
            [
                _node(
                    "Electronics > Audio",
                    [
                        _node("Electronics > Audio > Headphones"),
                    ],
                ),
                _node(
                    "Electronics > Computer Accessories",
                    [
                        _node("Electronics > Computer Accessories > Keyboards"),
                        _node("Electronics > Computer Accessories > Mice"),
                    ],
                ),
            ],
        ),
        _node(
            "Home",
            [
                _node(
                    "Home > Kitchen",
                    [
                        _node("Home > Kitchen > Cookware"),
                        _node("Home > Kitchen > Knives"),
                        _node("Home > Kitchen > Drinkware"),
                    ],
                ),
                _node("Home > Bath", [_node("Home > Bath > Towels")]),
                _node("Home > Bedding", [_node("Home > Bedding > Sheets")]),
                _node("Home > Decor", [_node("Home > Decor > Lamps")]),
            ],
        ),
        _node(
            "Sport",
            [
                _node("Sport > Fitness", [_node("Sport > Fitness > Yoga")]),
                _node(
                    "Sport > Outdoor",
                    [
                        _node("Sport > Outdoor > Sleeping Bags"),
                        _node("Sport > Outdoor > Backpacks"),
                    ],
                ),
            ],
        ),
    ],
    "category_prices": {},
    "brands": [
        {"name": name, "count": 4}
        for name in ("Nordlys", "Pacefield", "Arcwave", "Voltix", "Marlowe & Finch")
    ],
    "collections": [{"name": "Best Sellers", "count": 5}],
}

SHOWN: list[dict[str, Any]] = [
    {
        "id": "p1",
        "title": "Nordlys Storm Jacket",
        "price": 120.0,
        "currency": "EUR",
        "brand": "Nordlys",
        "category": "Apparel > Men > Jackets",
    },
    {
        "id": "p2",
        "title": "Pacefield Tempo Running Shoe",
        "price": 89.9,
        "currency": "EUR",
        "brand": "Pacefield",
        "category": "Shoes > Men > Running",
    },
    {
        "id": "p3",
        "title": "Arcwave Studio Headphones",
        "price": 199.0,
        "currency": "EUR",
        "brand": "Arcwave",
        "category": "Electronics > Audio > Headphones",
    },
]
ONE_SHOWN = SHOWN[:1]
PREVIOUS = {"category": "Apparel > Men > Jackets", "query": "warm jacket", "in_stock_only": True}
PAGE = {"page_product": SHOWN[0], "in_stock_only": True}

JACKETS = "Apparel > Men > Jackets"
DRESSES = "Apparel > Women > Dresses"
HEADPHONES = "Electronics > Audio > Headphones"
NO_REF = -99  # "don't check the reference"


@dataclass
class Case:
    text: str
    intent: str
    updates: dict[str, Any] = field(default_factory=dict)
    shown: list[dict[str, Any]] = field(default_factory=list)
    previous: dict[str, Any] | None = None
    lang: str | None = None
    reference: int | None = NO_REF
    relative: str | None = None
    exclude_brand: bool = False
    absent: tuple[str, ...] = ()


CASES = [
    # greeting
    Case("hi", "greeting", lang="en"),
    Case("Hello there!", "greeting"),
    Case("Hallo zusammen", "greeting", lang="de"),
    Case("Bonjour", "greeting", lang="fr"),
    Case("¡Hola!", "greeting", lang="es"),
    Case("Ciao", "greeting", lang="it"),
    Case("Bok", "greeting", lang="hr"),
    Case("Dzień dobry", "greeting", lang="pl"),
    # recommend
    Case("I need running shoes", "recommend", {"category": "Shoes", "query": "running shoes"}),
    Case("Hallo, ich suche Laufschuhe", "recommend", {"category": "Shoes"}, lang="de"),
    Case(
        "Bok, tražim crvenu haljinu",
        "recommend",
        {"category": DRESSES, "colors": ["red"], "query": "crvenu haljinu"},
        lang="hr",
    ),
    Case("looking for a gift for my mom", "recommend", {"query": "gift for my mom"}),
    Case("show me jackets", "recommend", {"category": JACKETS}),
    Case(
        "women's running shoes size 39 in black",
        "recommend",
        {
            "category": "Shoes > Women > Running",
            "size": "39",
            "colors": ["black"],
            "gender": "women",
        },
    ),
    Case(
        "Je cherche des chaussures de course entre 20 et 50 euros",
        "recommend",
        {"category": "Shoes", "min_price": 20.0, "max_price": 50.0, "currency": "EUR"},
        lang="fr",
    ),
    Case(
        "busco zapatillas para correr hasta 50 €",
        "recommend",
        {"category": "Shoes", "max_price": 50.0, "currency": "EUR"},
        lang="es",
    ),
    Case(
        "cerco un vestito rosso meno di 80 euro",
        "recommend",
        {"category": DRESSES, "colors": ["red"], "max_price": 80.0},
        lang="it",
    ),
    Case(
        "tražim tenisice za trčanje ispod 50 eura",
        "recommend",
        {"category": "Shoes", "max_price": 50.0, "currency": "EUR"},
        lang="hr",
    ),
    Case(
        "szukam butów do biegania poniżej 200 zł",
        "recommend",
        {"category": "Shoes", "max_price": 200.0, "currency": "PLN"},
        lang="pl",
    ),
    Case(
        "headphones around 100$",
        "recommend",
        {"category": HEADPHONES, "min_price": 80.0, "max_price": 120.0, "currency": "USD"},
    ),
    Case(
        "Nordlys jackets but not Voltix",
        "recommend",
        {
            "brands": ["Nordlys"],
            "exclude_brands": ["Voltix"],
            "category": JACKETS,
            "query": "Nordlys jackets",
        },
    ),
    Case("show me your best sellers", "recommend", {"collection": "Best Sellers"}),
    Case("Eure Bestseller bitte", "recommend", {"collection": "Best Sellers"}),
    Case("les plus vendus", "recommend", {"collection": "Best Sellers"}),
    Case("i più venduti", "recommend", {"collection": "Best Sellers"}),
    Case(
        "yoga mat under $30",
        "recommend",
        {"category": "Sport > Fitness > Yoga", "max_price": 30.0, "currency": "USD"},
    ),
    Case(
        "Marlowe & Finch dresses on sale",
        "recommend",
        {"brands": ["Marlowe & Finch"], "on_sale": True, "category": DRESSES},
    ),
    Case(
        "Kopfhörer unter 100 Euro",
        "recommend",
        {"category": HEADPHONES, "max_price": 100.0, "currency": "EUR"},
        lang="de",
    ),
    Case(
        "cheap headphones",
        "recommend",
        {"category": HEADPHONES, "sort": "price_asc"},
        absent=("max_price",),
    ),
    Case(
        "leather jacket for men, size XL",
        "recommend",
        {"material": "leather", "gender": "men", "size": "XL", "category": JACKETS},
    ),
    Case(
        "I want a frying pan between 20 and 50",
        "recommend",
        {"category": "Home > Kitchen > Cookware", "min_price": 20.0, "max_price": 50.0},
    ),
    Case("zapatillas en oferta", "recommend", {"on_sale": True, "category": "Shoes"}),
    Case("scarpe da corsa in offerta", "recommend", {"on_sale": True, "category": "Shoes"}),
    Case("tenisice na popustu", "recommend", {"on_sale": True, "category": "Shoes"}),
    Case("Laufschuhe im Angebot", "recommend", {"on_sale": True, "category": "Shoes"}),
    Case("chaussures de course en solde", "recommend", {"on_sale": True}),
    Case("running shoes from 30", "recommend", {"min_price": 30.0}, absent=("max_price",)),
    Case("jackets over 100", "recommend", {"min_price": 100.0}),
    Case("headphones at least 100", "recommend", {"min_price": 100.0}),
    Case("jackets max 80", "recommend", {"max_price": 80.0}),
    Case("shoes up to 60", "recommend", {"max_price": 60.0}),
    Case("jackets < 90", "recommend", {"max_price": 90.0}),
    Case("shoes 20-50 €", "recommend", {"min_price": 20.0, "max_price": 50.0}),
    Case("headphones below $49.99", "recommend", {"max_price": 49.99, "currency": "USD"}),
    Case("ein Kleid bis 50 €", "recommend", {"category": DRESSES, "max_price": 50.0}),
    Case("une robe à moins de 50 €", "recommend", {"category": DRESSES, "max_price": 50.0}),
    Case("un vestido por menos de 50", "recommend", {"category": DRESSES, "max_price": 50.0}),
    Case("cuffie fino a 50 euro", "recommend", {"category": HEADPHONES, "max_price": 50.0}),
    Case(
        "trebam jaknu do 50 kn",
        "recommend",
        {"category": JACKETS, "max_price": 50.0, "currency": "HRK"},
    ),
    Case("haljina ispod 49,90 eura", "recommend", {"max_price": 49.9, "category": DRESSES}),
    Case("kurtka poniżej 1.299,00 zł", "recommend", {"max_price": 1299.0, "currency": "PLN"}),
    Case(
        "show me jackets, I don't mind if they're out of stock",
        "recommend",
        {"in_stock_only": False, "category": JACKETS},
    ),
    Case(
        "Damen Laufschuhe Größe 38",
        "recommend",
        {"category": "Shoes > Women > Running", "size": "38", "gender": "women"},
    ),
    Case("I want to buy running shoes", "recommend", {"category": "Shoes"}),
    Case("I need headphones", "recommend", {"category": HEADPHONES}, previous=PREVIOUS),
    # browse
    Case("what do you sell?", "browse"),
    Case("what categories do you have?", "browse"),
    Case("show me your catalogue", "browse"),
    Case("Was verkauft ihr?", "browse", lang="de"),
    Case("Que vendez-vous ?", "browse"),
    Case("¿Qué vendéis?", "browse"),
    Case("Cosa vendete?", "browse"),
    Case("Što prodajete?", "browse"),
    Case("Co sprzedajecie?", "browse"),
    # asking what the shop has *with* something names a thing: a search for it
    Case("что у вас есть с ленивцем?", "recommend", {"query": "ленивцем"}, lang="ru"),
    Case("was habt ihr mit Katzen?", "recommend", {"query": "Katzen"}, lang="de"),
    Case("what do you have with cats on it?", "recommend"),
    # refine
    Case("cheaper", "refine", shown=SHOWN, relative="cheaper"),
    Case("something cheaper please", "refine", shown=SHOWN, relative="cheaper"),
    Case("günstiger", "refine", shown=SHOWN, relative="cheaper", lang="de"),
    Case("moins cher", "refine", shown=SHOWN, relative="cheaper", lang="fr"),
    Case("más barato", "refine", shown=SHOWN, relative="cheaper", lang="es"),
    Case("più economico", "refine", shown=SHOWN, relative="cheaper", lang="it"),
    Case("jeftinije", "refine", shown=SHOWN, relative="cheaper", lang="hr"),
    Case("tańsze", "refine", shown=SHOWN, relative="cheaper"),
    Case("more expensive ones", "refine", shown=SHOWN, relative="pricier"),
    Case("in blue", "refine", {"colors": ["blue"]}, shown=SHOWN),
    Case("auch in Schwarz?", "refine", {"colors": ["black"]}, previous=PREVIOUS),
    Case("under 50", "refine", {"max_price": 50.0}, shown=SHOWN),
    Case("not that brand", "refine", shown=SHOWN, exclude_brand=True),
    Case("andere Marke bitte", "refine", shown=SHOWN, exclude_brand=True),
    Case("une autre marque", "refine", shown=SHOWN, exclude_brand=True),
    Case("otra marca", "refine", shown=SHOWN, exclude_brand=True),
    Case("something else", "refine", shown=SHOWN),
    Case("only in stock", "refine", {"in_stock_only": True}, shown=SHOWN),
    Case("include sold out ones too", "refine", {"in_stock_only": False}, shown=SHOWN),
    Case("bigger size", "refine", {"size": "L"}, previous={**PREVIOUS, "size": "M"}),
    Case("no Nordlys please", "refine", {"exclude_brands": ["Nordlys"]}, previous=PREVIOUS),
    Case("what about red?", "refine", {"colors": ["red"]}, previous=PREVIOUS),
    Case("in M please", "refine", {"size": "M"}, shown=SHOWN, absent=("query",)),
    Case("od 50 do 100 eura", "refine", {"min_price": 50.0, "max_price": 100.0}, shown=SHOWN),
    Case("von 50 bis 100 Euro", "refine", {"min_price": 50.0, "max_price": 100.0}, shown=SHOWN),
    Case("do you have running shoes?", "recommend", {"category": "Shoes"}, shown=SHOWN[2:]),
    Case("something waterproof", "refine", {"query": "warm jacket waterproof"}, previous=PREVIOUS),
    # product_question
    Case("is it available in blue?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("what sizes does the second one come in?", "product_question", shown=SHOWN, reference=1),
    Case("is this waterproof?", "product_question", shown=SHOWN, reference=None),
    Case("is that jacket waterproof?", "product_question", shown=SHOWN, reference=0),
    Case("Ist das zweite wasserdicht?", "product_question", shown=SHOWN, reference=1),
    Case("Le deuxième est-il imperméable ?", "product_question", shown=SHOWN, reference=1),
    Case("¿El segundo es impermeable?", "product_question", shown=SHOWN, reference=1),
    Case("Il secondo è impermeabile?", "product_question", shown=SHOWN, reference=1),
    Case("Je li drugi vodootporan?", "product_question", shown=SHOWN, reference=1),
    Case("Czy drugi jest wodoodporny?", "product_question", shown=SHOWN, reference=1),
    Case("is this available in blue?", "product_question", previous=PAGE, reference=None),
    Case("Est-ce que vous l'avez en bleu ?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("Ce l'avete in blu?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("¿Lo tienen en azul?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("Imate li ovo u plavoj boji?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("Gibt es die Jacke auch in Blau?", "product_question", shown=ONE_SHOWN, reference=0),
    Case("Was kostet das zweite?", "product_question", shown=SHOWN, reference=1),
    # compare
    Case("compare the first and the third", "compare", shown=SHOWN, reference=0),
    Case("which is better, the first or the second?", "compare", shown=SHOWN, reference=0),
    Case("Arcwave vs Voltix", "compare"),
    Case("Vergleiche die ersten beiden", "compare", shown=SHOWN),
    Case("comparer les deux premiers", "compare", shown=SHOWN),
    Case("comparar el primero y el segundo", "compare", shown=SHOWN, reference=0),
    Case("confronta il primo e il terzo", "compare", shown=SHOWN, reference=0),
    Case("usporedi prvi i drugi", "compare", shown=SHOWN, reference=0),
    # purchase
    Case("add to cart", "purchase", shown=SHOWN),
    Case("I'll take it", "purchase", shown=ONE_SHOWN, reference=0),
    Case("buy the second one", "purchase", shown=SHOWN, reference=1),
    Case("Ich nehme das zweite", "purchase", shown=SHOWN, reference=1),
    Case("je prends le deuxième", "purchase", shown=SHOWN, reference=1),
    Case("lo compro", "purchase", shown=ONE_SHOWN),
    Case("uzimam drugu", "purchase", shown=SHOWN, reference=1),
    Case("kaufen", "purchase", previous=PAGE),
    # other
    Case("thanks!", "other"),
    Case("Danke schön", "other"),
    Case("tell me a joke", "other"),
    Case("asdfgh qwerty", "other"),
    Case("what's the weather like today?", "other"),
]


def _run(case: Case) -> Understanding:
    return understand(case.text, facets=FACETS, shown=case.shown, previous=case.previous)


@pytest.mark.parametrize("case", CASES, ids=[c.text for c in CASES])
def test_understand_table(case: Case) -> None:
    got = _run(case)
    assert got.intent == case.intent, got
    for key, value in case.updates.items():
        assert got.updates.get(key) == value, (key, got.updates)
    for key in case.absent:
        assert key not in got.updates, (key, got.updates)
    if case.lang:
        assert got.language == case.lang
    if case.reference != NO_REF:
        assert got.reference == case.reference
    assert got.relative == case.relative
    assert got.exclude_reference_brand == case.exclude_brand


def test_table_is_broad() -> None:
    assert len(CASES) >= 60
    assert {case.intent for case in CASES} == set(INTENTS)


def test_table_accuracy_report() -> None:
    """The whole table at once: every row right (the parametrized test names the wrong ones)."""
    wrong = [case.text for case in CASES if _run(case).intent != case.intent]
    assert not wrong, f"{len(wrong)}/{len(CASES)} wrong: {wrong}"


# --- references ---------------------------------------------------------------------------------

REFERENCES = [
    ("tell me more about the second one", SHOWN, 1),
    ("the last one", SHOWN, 2),
    ("is that jacket warm?", SHOWN, 0),
    ("what about the headphones?", SHOWN, 2),
    ("the Arcwave one", SHOWN, 2),
    ("number 3", SHOWN, 2),
    ("drugi", SHOWN, 1),
    ("das zweite", SHOWN, 1),
    ("le deuxième", SHOWN, 1),
    ("el segundo", SHOWN, 1),
    ("il secondo", SHOWN, 1),
    ("ostatni", SHOWN, 2),
    ("is it warm?", ONE_SHOWN, 0),
    ("this one", ONE_SHOWN, 0),
    ("the fifth one", SHOWN, None),  # only three shown
    ("the second one", [], None),
    ("secondo me è troppo caro", SHOWN, None),  # "in my opinion", not an ordinal
    ("nešto drugo", SHOWN, None),  # "something else"
]


@pytest.mark.parametrize(("text", "shown", "expected"), REFERENCES)
def test_reference(text: str, shown: list[dict[str, Any]], expected: int | None) -> None:
    assert understand(text, facets=FACETS, shown=shown).reference == expected


def test_compare_collects_all_references() -> None:
    got = understand("compare the first and the third", facets=FACETS, shown=SHOWN)
    assert got.references == [0, 2]


# --- language -----------------------------------------------------------------------------------

LANGUAGES = [
    ("hi", "de", "de"),
    ("ok", "fr", "fr"),
    ("Hallo, ich suche Laufschuhe", "en", "de"),
    ("Bok, tražim crvenu haljinu", "en", "hr"),
    ("Zdravo, treba mi crvena haljina za svadbu", "en", "hr"),  # Bosnian/Serbian-like
    ("je cherche une robe rouge", "en", "fr"),
    ("busco zapatillas para correr", "en", "es"),
    ("cerco scarpe da corsa", "en", "it"),
    ("szukam butów do biegania", "en", "pl"),
    ("I need running shoes for my daughter", "de", "en"),
    ("günstiger", "en", "de"),
    ("1234", "it", "it"),
    # a first message that is only a product (these used to get English replies)
    ("un sac", "en", "fr"),
    ("des baskets", "en", "fr"),
    ("eine Jacke", "en", "de"),
    ("tappetino yoga", "en", "it"),
    ("zapatillas rojas", "en", "es"),
    ("tenisice", "en", "hr"),
    ("kurtka", "en", "pl"),
    ("a bath robe", "en", "en"),
    ("yoga mat", "fr", "fr"),  # no word of any one language: the conversation's stays
    # a short follow-up in another language than the conversation's so far
    ("¿son impermeables?", "en", "es"),
    ("est-elle imperméable ?", "pl", "fr"),
    ("ver mi cesta", "it", "es"),
    ("mon panier", "it", "fr"),
    ("grüne Yogamatte", "en", "de"),
    # a product word one language's lexicon column alone holds (graph.translate)
    ("copripiumino matrimoniale", "en", "it"),
    ("patelnia 24 cm", "lt", "pl"),
    ("tovaglia 140x220", "lt", "it"),
    ("Bettbezug", "en", "de"),
    ("tenéis la Net Yaroze mug?", "es", "es"),  # long enough for py3langid: "mug" no vote
]


@pytest.mark.parametrize(("text", "default", "expected"), LANGUAGES)
def test_detect_language(text: str, default: str, expected: str) -> None:
    assert detect_language(text, default=default) == expected
    assert expected in SUPPORTED_LANGUAGES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # py3langid unsure, the words plainly one language's: how often each language uses
        # them decides (graph.common_words)
        ("il kilt beige che misure ha?", "it"),
        ("gibt's was billigeres?", "de"),
        ("nie Leather Country, inne marki", "pl"),
        ("tenda per 4 persone, budget 2k", "it"),
        # a confident reading or an unclear lead stays as it was
        ("und gibt's das auch in Dunkelblau?", "de"),
        ("do you have it in black?", "en"),
        ("Clutch in Smaragdgrün", "de"),  # English words, but English writes no "ü"
        ("size 41, under 800 zł", "en"),  # a currency's letters are no language's words
        # a word the small lists lack is rare, not unused: "duvet" is English too
        ("duvet cover, $100 max", "en"),
        ("taupe suede ankle boots, EU 37", "en"),  # a size's system is no language's word
    ],
)
def test_word_frequencies_settle_a_message_the_identifier_is_unsure_of(
    text: str, expected: str
) -> None:
    assert detect_language(text, default="") == expected


def test_croatian_word_frequencies_come_from_wordfreqs_serbo_croatian() -> None:
    from graph.common_words import is_common, zipf

    assert is_common("cipele", "hr")  # shoes: wordfreq lists Croatian under "sh"
    assert zipf("cipele", "de") == 0.0


def test_language_argument_wins() -> None:
    assert understand("cheaper", shown=SHOWN, language="hr").language == "hr"


# --- merging ------------------------------------------------------------------------------------


def _merge(text: str, previous: dict[str, Any] | None, shown: list[dict[str, Any]] = SHOWN):
    got = understand(text, facets=FACETS, shown=shown, previous=previous)
    return got, merge_preferences(previous, got, shown)


def test_refine_keeps_and_overrides() -> None:
    previous = {
        "category": JACKETS,
        "colors": ["black"],
        "max_price": 200.0,
        "size": "L",
        "in_stock_only": True,
    }
    got, merged = _merge("in blue, under 150", previous)
    assert got.intent == "refine"
    assert merged == {
        "category": JACKETS,
        "colors": ["blue"],
        "max_price": 150.0,
        "size": "L",
        "in_stock_only": True,
    }
    assert previous["colors"] == ["black"]  # not modified


def test_cheaper_goes_below_the_median_shown_price() -> None:
    # shown at 89.90, 120 and 199: below the median, so there is room for cheaper items
    _, merged = _merge("cheaper", {"category": JACKETS, "min_price": 150.0})
    assert merged["max_price"] == 119.99
    assert "min_price" not in merged  # contradicted, dropped


def test_cheaper_with_a_number_uses_the_number() -> None:
    _, merged = _merge("cheaper, under 60", {"category": JACKETS})
    assert merged["max_price"] == 60.0


def test_cheaper_than_a_referenced_card() -> None:
    got, merged = _merge("something cheaper than the first one", {"category": JACKETS})
    assert got.reference == 0
    assert merged["max_price"] == 119.99


def test_pricier_goes_above_the_median_shown_price() -> None:
    _, merged = _merge("more expensive", {"category": JACKETS, "max_price": 110.0})
    assert merged["min_price"] == 120.01
    assert "max_price" not in merged


def test_not_that_brand_excludes_shown_brands() -> None:
    _, merged = _merge("not that brand", {"category": JACKETS, "brands": ["Nordlys"]})
    assert merged["exclude_brands"] == ["Nordlys", "Pacefield", "Arcwave"]
    assert "brands" not in merged


def test_not_that_brand_with_a_reference_excludes_only_its_brand() -> None:
    got = Understanding("refine", "en", {}, reference=1, exclude_reference_brand=True)
    merged = merge_preferences({"exclude_brands": ["Voltix"]}, got, SHOWN)
    assert merged["exclude_brands"] == ["Voltix", "Pacefield"]


def test_excluded_brands_accumulate_and_a_named_brand_leaves_them() -> None:
    _, merged = _merge("no Voltix", {"exclude_brands": ["Nordlys"]}, shown=[])
    assert merged["exclude_brands"] == ["Nordlys", "Voltix"]
    _, merged = _merge("actually Nordlys is fine, in red", merged, shown=[])
    assert merged["exclude_brands"] == ["Voltix"]
    assert merged["brands"] == ["Nordlys"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # a negation, then a copula, "brand" or an article before the brand
        ("botines que no sean Voltix, talla 37", "es"),
        ("de cualquier marca menos Voltix", "es"),
        ("anything apart from Voltix", "en"),
        ("nothing made by Voltix", "en"),
        ("n'importe quelle marque à part Voltix", "fr"),
        ("bloß nicht die Marke Voltix", "de"),
        ("qualsiasi marca, purché non sia Voltix", "it"),
        ("byle nie Voltix", "pl"),
        ("лишь бы не Voltix", "ru"),
        ("gerai, tik ne Voltix", "lt"),
        ("samo ne Voltix", "hr"),
    ],
)
def test_a_brand_refused_in_any_phrasing_is_excluded(text: str, language: str) -> None:
    got = understand(text, facets=FACETS, language=language)
    assert got.updates.get("exclude_brands") == ["Voltix"], got.updates
    assert not got.updates.get("brands")  # "any brand but": none required
    assert got.updates.get("query", "") in ("", "botines")  # no refusal word searched


@pytest.mark.parametrize(
    ("text", "language", "searched", "refused"),
    [
        ("une robe t-shirt en jersey, pas une robe chemise", "fr", "robe t-shirt", "chemise"),
        ("a warm jacket, not a parka", "en", "jacket", "parka"),
        ("нужен матрас, только не простынь", "ru", "матрас", "простынь"),
        ("ich suche einen Rucksack, aber keine Umhängetasche", "de", "rucksack", "umhängetasche"),
        ("un bolso, no una mochila", "es", "bolso", "mochila"),
        ("poduszka, ale nie koc", "pl", "poduszka", "koc"),
        # a refusal said with a verb
        (
            "tall boots i can walk around the city in, i really can't do heels",
            "en",
            "boots",
            "heels",
        ),
        ("a warm winter jacket please, i cant stand parkas", "en", "jacket", "parka"),
    ],
)
def test_a_kind_refused_leaves_the_search(text, language, searched, refused) -> None:
    query = str(understand(text, language=language).updates.get("query") or "").lower()
    assert searched in query and refused not in query, query


def test_what_refuses_no_kind_keeps_the_kind_searched() -> None:
    query = str(understand("not too big, a rucksack", language="en").updates.get("query"))
    assert "rucksack" in query, query  # "not too big" refuses no kind


def test_new_category_starts_fresh() -> None:
    previous = {
        "category": JACKETS,
        "colors": ["black"],
        "size": "XL",
        "max_price": 200.0,
        "brands": ["Nordlys"],
        "query": "warm jacket",
        "in_stock_only": False,
        "currency": "EUR",
    }
    got, merged = _merge("I need headphones", previous, shown=[])
    assert got.intent == "recommend"
    assert merged == {
        "category": HEADPHONES,
        "query": "headphones",
        "in_stock_only": False,
        "currency": "EUR",
    }


def test_recommend_in_the_same_tree_keeps_constraints() -> None:
    previous = {"category": "Shoes", "colors": ["black"], "max_price": 120.0}
    _, merged = _merge("show me women's running shoes", previous, shown=[])
    assert merged["category"] == "Shoes > Women > Running"
    assert merged["colors"] == ["black"] and merged["max_price"] == 120.0


def test_questions_do_not_change_preferences() -> None:
    previous = {"category": JACKETS, "colors": ["black"], "in_stock_only": True}
    got, merged = _merge("is the second one available in blue?", previous)
    assert got.intent == "product_question" and got.updates["colors"] == ["blue"]
    assert merged == previous


def test_a_size_asked_of_a_product_is_kept_for_the_cart() -> None:
    """Asked "pokaż tę drugą w rozmiarze 41", then "dodaj ją": the cart takes the 41."""
    previous = {"category": JACKETS, "colors": ["black"], "in_stock_only": True}
    got, merged = _merge("is the second one available in size M?", previous)
    assert got.intent == "product_question"
    assert merged == {**previous, "size": "M"}  # the colour asked is still no filter


def test_none_clears_and_stock_defaults_to_true() -> None:
    got = Understanding("refine", "en", {"colors": None, "size": "M"})
    assert merge_preferences({"colors": ["red"]}, got) == {"size": "M", "in_stock_only": True}
    assert merge_preferences(None, Understanding("greeting", "en", {})) == {"in_stock_only": True}


# --- robustness ---------------------------------------------------------------------------------


def test_without_facets_no_category_brand_or_collection() -> None:
    got = understand("Nordlys running shoes, best sellers, under 50 €")
    assert got.intent == "recommend"
    assert {"category", "brands", "collection"}.isdisjoint(got.updates)
    assert got.updates["max_price"] == 50.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1.299,00 €", 1299.0),
        ("$2,030", 2030.0),
        ("€ 49.99", 49.99),
        ("under 1,5 eur", 1.5),
    ],
)
def test_amount_formats(text: str, expected: float) -> None:
    assert understand(f"jackets {text}", facets=FACETS).updates["max_price"] == expected


@pytest.mark.parametrize("text", ["size 42 shoes", "the 2nd one", "a 15 inch laptop bag"])
def test_numbers_that_are_not_prices(text: str) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN)
    assert "max_price" not in got.updates and "min_price" not in got.updates


def test_fast() -> None:
    texts = [case.text for case in CASES]
    understand("warm up", facets=FACETS)  # loads the language model once
    timings = []
    for text in texts * 3:
        start = time.perf_counter()
        understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
        timings.append(time.perf_counter() - start)
    assert statistics.median(timings) < 0.002


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a negation turns the qualifier round
        ("headphones not over 80", {"max_price": 80.0}),
        ("headphones that don't cost more than 80", {"max_price": 80.0}),
        ("nothing above 80 please", {"max_price": 80.0}),
        ("kopfhörer nicht über 80 euro", {"max_price": 80.0}),
        ("jackets no less than 50", {"min_price": 50.0}),
        ("jackets no more than 60", {"max_price": 60.0}),
        ("shoes, not boots, under 80", {"max_price": 80.0}),
        # qualifiers after the amount
        ("jackets 50 or less", {"max_price": 50.0}),
        ("jackets 50 max", {"max_price": 50.0}),
        ("headphones 80 tops", {"max_price": 80.0}),
        ("jackets 100 and up", {"min_price": 100.0}),
        # a currency code before the amount; thousands as k
        ("jackets under usd 50", {"max_price": 50.0}),
        ("laptop under 1k", {"max_price": 1000.0}),
        # a head count is not a budget, and a budget never overrides a qualified amount
        ("jackets for 2 kids", {}),
        ("jackets under 100 for 2 kids", {"max_price": 100.0}),
        ("headphones under 100 for 2", {"max_price": 100.0}),
    ],
)
def test_budget_phrasings(text: str, expected: dict[str, float]) -> None:
    got = understand(text, facets=FACETS).updates
    assert {k: got[k] for k in ("min_price", "max_price") if k in got} == expected


def test_a_category_word_under_several_branches_keeps_to_those_branches() -> None:
    got = understand("running shoes under 120", facets=FACETS).updates
    assert got["category"] == "Shoes"  # what they share, for the reply and the next turn
    assert got["category_any"] == ["Shoes > Men > Running", "Shoes > Women > Running"]
    one = understand("running shoes for women", facets=FACETS).updates
    assert one["category"] == "Shoes > Women > Running" and one["category_any"] is None


@pytest.mark.parametrize(
    ("text", "leaf"),
    [
        ("Je cherche des sandales pour femme", "Sandals"),
        ("Busco sandalias de mujer", "Sandals"),
        ("sandali", "Sandals"),
        ("sandały", "Sandals"),
        ("Ich suche Handtücher", "Towels"),
        ("serviettes de bain", "Towels"),
        ("toallas", "Towels"),
        ("Cerco asciugamani", "Towels"),
        ("ručnici", "Towels"),
        ("Szukam ręczników", "Towels"),
        ("Spannbettlaken", "Sheets"),
        ("draps", "Sheets"),
        ("sábanas", "Sheets"),
        ("lenzuola", "Sheets"),
        ("plahte", "Sheets"),
        ("prześcieradło", "Sheets"),
        ("Stehlampe", "Lamps"),
        ("une lampe", "Lamps"),
        ("lámpara", "Lamps"),
        ("lampada", "Lamps"),
        ("svjetiljka", "Lamps"),
        ("lampa", "Lamps"),
        ("a knife", "Knives"),
        ("Küchenmesser", "Knives"),
        ("couteaux", "Knives"),
        ("cuchillo", "Knives"),
        ("coltelli", "Knives"),
        ("noževi", "Knives"),
        ("nóż", "Knives"),
        ("Computermaus", "Mice"),
        ("souris", "Mice"),
        ("ratón", "Mice"),
        ("miša", "Mice"),
        ("myszka", "Mice"),
        ("Ich suche eine Tastatur", "Keyboards"),
        ("clavier", "Keyboards"),
        ("teclado", "Keyboards"),
        ("tastiera", "Keyboards"),
        ("tipkovnica", "Keyboards"),
        ("klawiatura", "Keyboards"),
        ("Shorts", "Shorts"),
        ("un short", "Shorts"),
        ("bermudas", "Shorts"),
        ("pantaloncini", "Shorts"),
        ("šorc", "Shorts"),
        ("spodenki", "Shorts"),
        ("Schlafsack", "Sleeping Bags"),
        ("saco de dormir", "Sleeping Bags"),
        ("sacco a pelo", "Sleeping Bags"),
        ("vreća za spavanje", "Sleeping Bags"),
        ("śpiwór", "Sleeping Bags"),
        ("a backpack", "Backpacks"),
        ("Rucksack", "Backpacks"),
        ("mochila", "Backpacks"),
        ("zaino", "Backpacks"),
        ("ruksak", "Backpacks"),
        ("plecak", "Backpacks"),
        ("a mug", "Drinkware"),
        ("Kaffeebecher", "Drinkware"),
        ("tasse", "Drinkware"),
        ("tazas", "Drinkware"),
        ("tazza", "Drinkware"),
        ("šalica", "Drinkware"),
        ("kubek", "Drinkware"),
    ],
)
def test_category_words_in_every_language(text: str, leaf: str) -> None:
    got = understand(text, facets=FACETS).updates
    paths = got.get("category_any") or [got.get("category")]
    assert paths and all(str(p).rsplit(" > ", 1)[-1] == leaf for p in paths), got


def test_a_coffee_mug_reaches_drinkware() -> None:
    got = understand("a coffee mug", facets=FACETS).updates
    assert got["category"] == "Home > Kitchen > Drinkware"


def test_cheaper_never_loosens_the_budget() -> None:
    # The cards on screen can be the closest items shown when nothing matched a budget.
    above = [{**SHOWN[0], "price": 180.0}, {**SHOWN[0], "id": "p9", "price": 220.0}]
    previous = {"category": "Apparel > Men > Jackets", "max_price": 100.0, "in_stock_only": True}
    got = understand("cheaper", facets=FACETS, shown=above, previous=previous)
    assert merge_preferences(previous, got, above)["max_price"] == 100.0


CONSTRAINED = {
    **PREVIOUS,
    "colors": ["blue"],
    "size": "L",
    "brands": ["Nordlys"],
    "exclude_brands": ["Voltix"],
    "max_price": 100.0,
}


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("actually any colour", {"colors"}),
        ("the colour doesn't matter", {"colors"}),
        ("Farbe egal", {"colors"}),
        ("n'importe quelle couleur", {"colors"}),
        ("I don't care about the brand", {"brands", "exclude_brands"}),
        ("no brand preference", {"brands", "exclude_brands"}),
        ("forget the budget", {"max_price"}),
        ("any size", {"size"}),
    ],
)
def test_a_constraint_can_be_dropped(text: str, gone: set[str]) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN, previous=CONSTRAINED)
    assert got.intent == "refine"
    merged = merge_preferences(CONSTRAINED, got, SHOWN)
    assert gone.isdisjoint(merged)
    kept = {"colors", "size", "brands", "exclude_brands", "max_price"} - gone
    assert {k: merged[k] for k in kept} == {k: CONSTRAINED[k] for k in kept}
    assert text.split()[-1] not in merged.get("query", "")  # not searched for either


def test_a_budget_stated_with_a_drop_instruction_stays() -> None:
    got = understand("jackets under 50, drop every price limit", facets=FACETS)
    assert got.updates["max_price"] == 50.0


def test_cheapest_sorts_by_price_and_something_else_is_flagged() -> None:
    assert understand("cheapest headphones", facets=FACETS).updates["sort"] == "price_asc"
    other = understand("show me something else", facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert other.intent == "refine" and other.something_else


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("беру её в цвете Beige Arena, размер L, положите в корзину", "L"),
        ("Rozmiar S, do koszyka", "S"),
        ("la prendo, tamaño M", "M"),
        ("dydis L, į krepšelį", "L"),
    ],
)
def test_a_lone_letter_after_the_word_size_in_any_language_is_a_size(text, size) -> None:
    assert understand(text).updates.get("size") == size


@pytest.mark.parametrize(
    ("text", "colour"),
    [
        # a Polish adjective in any case: the cheapest ("najtańszą", accusative), a colour
        # ("w kolorze rdzawym", instrumental)
        ("najtańszą z tych, w kolorze rdzawym, do koszyka", "orange"),
        ("pokaż najtańszego w kolorze ceglastym", "orange"),
    ],
)
def test_polish_case_forms_of_the_cheapest_and_of_a_colour(text: str, colour: str) -> None:
    got = understand(text, language="pl")
    assert got.updates.get("sort") == "price_asc" and got.updates.get("colors") == [colour], got


def test_tell_me_about_a_shown_product_is_a_product_question() -> None:
    got = understand("tell me about the second one", facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert got.intent == "product_question" and got.reference == 1


def test_out_of_stock_is_fine() -> None:
    got = understand("out of stock is fine", facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert got.updates["in_stock_only"] is False


@pytest.mark.parametrize(
    ("text", "size", "language"),
    [
        ("sneakers in EU 42", "42", "en"),
        ("baskets pointure 42", "42", "fr"),
        ("running shoes eu 42.5 under 100", "42.5", "en"),
        ("Schuhgröße 43 Laufschuhe", "43", "de"),
        ("boots size 10", "10", "en"),  # no such EU size: it matches nothing, honestly
        ("boots us 10", "US 10", "en"),
    ],
)
def test_shoe_sizes_as_shoppers_write_them(text: str, size: str, language: str) -> None:
    got = understand(text, facets=FACETS)
    assert got.updates["size"] == size and got.language == language
    assert "max_price" not in got.updates or got.updates["max_price"] == 100.0


def test_a_number_after_a_price_word_is_no_size() -> None:
    assert "size" not in understand("headphones under 80", facets=FACETS).updates


@pytest.mark.parametrize(
    "text", ["show me waterproof ones", "do you have wireless ones?", "I'd like something shorter"]
)
def test_a_narrowing_request_refines_the_same_need(text: str) -> None:
    previous = {**PREVIOUS, "max_price": 250.0, "gender": "men"}
    got = understand(text, facets=FACETS, shown=SHOWN, previous=previous)
    assert got.intent == "refine"
    merged = merge_preferences(previous, got, SHOWN)
    assert merged["max_price"] == 250.0 and merged["category"] == previous["category"]


def test_a_relative_price_in_a_question_or_purchase_sets_no_budget() -> None:
    for text in ("is the second one cheaper than the first?", "I'll take the cheaper one"):
        got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
        assert got.intent in ("product_question", "compare", "purchase"), (text, got.intent)
        assert "max_price" not in merge_preferences(PREVIOUS, got, SHOWN), text


@pytest.mark.parametrize(
    ("text", "cart", "quantity"),
    [
        ("what's in my cart?", "view", 1),
        ("show me my cart", "view", 1),
        ("what's my total?", "view", 1),
        # the Italian one used to add the shown product again
        ("cosa c'è nel mio carrello?", "view", 1),
        ("¿qué tengo en el carrito?", "view", 1),
        ("co mam w koszyku?", "view", 1),
        ("što je u mojoj košarici?", "view", 1),
        ("was habe ich im Warenkorb?", "view", 1),
        # how many things it holds, in the shopper's words
        ("how many things have I got in there now?", "view", 1),
        ("wie viele Sachen hab ich jetzt drin?", "view", 1),
        ("¿cuántas cosas llevo ya?", "view", 1),
        ("combien d'articles dans mon panier ?", "view", 1),
        ("quante cose ho messo?", "view", 1),
        ("ile rzeczy mam w koszyku?", "view", 1),
        ("kiek prekių turiu?", "view", 1),
        ("сколько товаров у меня?", "view", 1),
        ("aggiungi il primo al carrello", None, 1),
        ("empty my cart", "clear", 1),
        ("remove it", "remove", 1),
        ("add the first one to my cart", None, 1),
        ("I'll take 2 of the second one", None, 2),
        ("add two of them to my cart", None, 2),
        # a count with the language's word for a piece or a pair
        ("возьму первые, две штуки", None, 2),
        ("2 шт. второго в корзину", None, 2),
        ("dėkite dvi poras į krepšelį", None, 2),
        ("dodaj do koszyka pięć sztuk", None, 5),
    ],
)
def test_cart_messages(text: str, cart: str | None, quantity: int) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert (got.intent, got.cart, got.quantity) == ("purchase", cart, quantity)


def test_a_gendered_category_includes_unisex() -> None:
    got = understand("men's jackets", facets={**FACETS, "categories": [
        _node("Apparel", [
            _node("Apparel > Men", [_node("Apparel > Men > Jackets")]),
            _node("Apparel > Unisex", [_node("Apparel > Unisex > Jackets")]),
            _node("Apparel > Women", [_node("Apparel > Women > Jackets")]),
        ])]})  # fmt: skip
    assert got.updates["category_any"] == ["Apparel > Men > Jackets", "Apparel > Unisex > Jackets"]


def test_the_head_word_settles_a_tie() -> None:
    facets = {**FACETS, "categories": [
        _node("Apparel", [_node("Apparel > Men", [_node("Apparel > Men > Shorts")])]),
        _node("Shoes", [_node("Shoes > Men", [_node("Shoes > Men > Running")])]),
    ]}  # fmt: skip
    assert understand("running shorts", facets=facets).updates["category"] == (
        "Apparel > Men > Shorts"
    )
    assert understand("running shoes", facets=facets).updates["category"] == (
        "Shoes > Men > Running"
    )


@pytest.mark.parametrize(
    ("text", "language", "category"),
    [
        # a language naming the kind first: the head is its first word naming a product
        ("pantalones de senderismo", "es", "Apparel > Women > Pants"),
        ("des pantalons de randonnée", "fr", "Apparel > Women > Pants"),
        ("spodnie trekkingowe", "pl", "Apparel > Women > Pants"),
        ("pantaloni da trekking", "it", "Apparel > Women > Pants"),
        ("hiking pants", "en", "Apparel > Women > Pants"),  # English: the last word
        ("chaussures de randonnée", "fr", "Shoes > Unisex > Trail"),
        ("buty trekkingowe", "pl", "Shoes > Unisex > Trail"),
    ],
)
def test_the_head_word_is_where_the_language_names_the_kind(text, language, category) -> None:
    facets = {**FACETS, "categories": [
        _node("Apparel", [_node("Apparel > Women", [_node("Apparel > Women > Pants")])]),
        _node("Shoes", [_node("Shoes > Unisex", [_node("Shoes > Unisex > Trail")])]),
    ]}  # fmt: skip
    assert understand(text, facets=facets, language=language).updates["category"] == category


@pytest.mark.parametrize(
    "text",
    [
        "I don't want it in black, do you have it in blue?",
        "can I take it out of the box and use it right away?",
        "it's a gift for my dad who is about to retire",
        "can you remove the hood of the first jacket?",
        "Kann man die Kapuze entfernen?",
    ],
)
def test_remove_in_a_sentence_is_no_cart_action(text: str) -> None:
    assert understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS).cart is None


@pytest.mark.parametrize(
    "text", ["I want the first one in my cart", "I'd like the second one in my basket please"]
)
def test_a_product_named_with_the_cart_is_added_not_viewed(text: str) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert (got.intent, got.cart) == ("purchase", None) and got.reference is not None


def test_the_item_not_the_purpose_settles_a_tie() -> None:
    facets = {**FACETS, "categories": [
        *FACETS["categories"],
        _node("Shoes > Men", [_node("Shoes > Men > Running")]),
    ]}  # fmt: skip
    got = understand("headphones for running", facets=facets).updates
    assert got["category"] == "Electronics > Audio > Headphones"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("ear phones for the gym", "en"),
        ("earplugs for running, nothing fancy", "en"),
        ("des bouchons d'oreilles pour la course", "fr"),
        ("zatyczki do uszu dla biegaczy", "pl"),
    ],
)
def test_the_use_after_for_names_no_category_the_item_does_not(text: str, language: str) -> None:
    # "ear phones" names no aisle of this shop; "the gym" / "running" say the use only:
    # filtering to the aisle of the use would hide the product asked for
    facets = {**FACETS, "categories": [*FACETS["categories"], _node("Sport > Fitness")]}
    got = understand(text, facets=facets, language=language).updates
    assert not got.get("category") and not got.get("category_any"), got


def test_the_use_after_for_narrows_the_kind_the_item_names() -> None:
    got = understand("shoes for running", facets=FACETS).updates
    assert set(got.get("category_any") or [got.get("category")]) <= {
        "Shoes > Women > Running",
        "Shoes > Men > Running",
    }, got


@pytest.mark.parametrize(
    "text", ["I also need a hat, do you have warm ones?", "socks, do you have cheap ones?"]
)
def test_another_need_with_ones_is_no_refinement(text: str) -> None:
    assert understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS).intent != "refine"


@pytest.mark.parametrize("text", ["Was kostet Nummer 3?", "¿El número 2 es impermeable?"])
def test_a_numbered_product_is_no_size(text: str) -> None:
    assert "size" not in understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS).updates


def test_a_bare_no_does_not_turn_a_budget_round() -> None:
    assert understand("No under 50 please", facets=FACETS).updates["max_price"] == 50.0
    assert understand("no less than 50", facets=FACETS).updates["min_price"] == 50.0
    assert understand("I can't spend more than 100", facets=FACETS).updates["max_price"] == 100.0


RECIPIENTS = [
    ("a jacket for my husband", ["women", "kids"]),
    ("something for her husband", ["women", "kids"]),
    ("ein Geschenk für meine Tochter", ["men"]),
    ("un cadeau pour ma femme", ["men", "kids"]),
    ("un regalo para mi novio", ["women", "kids"]),
    ("un regalo per mia mamma", ["men", "kids"]),
    # a word the shop files kids' products under is a partner after a possessive
    ("vorrei fare un regalo al mio ragazzo", ["women", "kids"]),
    ("un regalo per la mia ragazza", ["men", "kids"]),
    ("poklon za muža", ["women", "kids"]),
    ("prezent dla córki", ["men"]),
    ("a hoodie for my son", ["women"]),
    ("pour son anniversaire, une veste", None),  # French "son" is "his"
    ("for my mom and dad", None),  # both: nothing can be ruled out
    ("running shoes", None),
]


@pytest.mark.parametrize(("text", "not_for"), RECIPIENTS, ids=[t for t, _ in RECIPIENTS])
def test_a_gift_recipient_rules_out_the_other_fit(text: str, not_for: list[str] | None) -> None:
    assert understand(text, facets=FACETS).updates.get("exclude_genders") == not_for


def test_a_stated_gender_wins_over_the_recipient() -> None:
    updates = understand("a women's jacket for my husband", facets=FACETS).updates
    assert updates["gender"] == "women"
    assert "exclude_genders" not in updates


def test_the_recipient_stays_while_the_need_is_refined() -> None:
    first = understand("a gift for my wife", facets=FACETS)
    prefs = merge_preferences(None, first)
    prefs = merge_preferences(prefs, understand("under 80", facets=FACETS, previous=prefs))
    assert prefs["exclude_genders"] == ["men", "kids"]
    assert prefs["max_price"] == 80


@pytest.mark.parametrize(
    ("text", "category", "tied"),
    [
        # a sleeping bag alone was the answer to "a bag"
        (
            "a bag",
            "Sport > Outdoor",
            ["Sport > Outdoor > Backpacks", "Sport > Outdoor > Sleeping Bags"],
        ),
        ("a sleeping bag", "Sport > Outdoor > Sleeping Bags", None),  # two words name it
        ("Rucksack", "Sport > Outdoor > Backpacks", None),  # "Sleeping Bags" is no backpack
        ("a backpack", "Sport > Outdoor > Backpacks", None),
    ],
)
def test_a_plain_bag_may_be_a_backpack(text: str, category: str, tied: list[str] | None) -> None:
    updates = understand(text, facets=FACETS).updates
    assert updates["category"] == category
    assert updates.get("category_any") == tied


def test_features_asked_in_each_language() -> None:
    from graph.vocabulary import features_asked

    assert features_asked("Is the first one waterproof?") == [("waterproof", "waterproof")]
    assert features_asked("Ist die Jacke wasserdicht und atmungsaktiv?") == [
        ("waterproof", "wasserdicht"),
        ("breathable", "atmungsaktiv"),
    ]
    assert features_asked("czy jest wodoodporna?") == [("waterproof", "wodoodporna")]
    assert features_asked("is it sans fil") == [("wireless", "sans fil")]
    assert features_asked("how much is it?") == []


def test_a_feature_asked_about_does_not_name_a_card() -> None:
    """'Is it waterproof?' after 'tell me about the second one' meant the second one, not
    the card whose title says Waterproof."""
    shown = [
        {"title": "Fjord Waxed Field Jacket", "brand": "Trailblazer", "category": "Jackets"},
        {"title": "Fernhill Waterproof Running Jacket", "brand": "Fernhill", "category": "Jackets"},
    ]
    asked = understand("is it waterproof?", facets=FACETS, shown=shown)
    assert asked.intent == "product_question" and asked.reference is None
    named = understand("is the waterproof one in stock?", facets=FACETS, shown=shown)
    assert named.reference == 1
    spanish = understand("¿son impermeables?", facets=FACETS, shown=shown[:1])
    assert spanish.intent == "product_question"


@pytest.mark.parametrize(
    ("text", "references"),
    [
        ("compare the first two", [0, 1]),  # compared three before
        ("comparer les deux premiers", [0, 1]),
        ("Vergleiche die ersten beiden", [0, 1]),
        ("usporedi prva dva", [0, 1]),
        ("porównaj dwa pierwsze", [0, 1]),
        ("compare the last two", [1, 2]),
        ("compare the first three", [0, 1, 2]),
    ],
)
def test_a_run_of_cards_is_named_from_either_end(text: str, references: list[int]) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN)
    assert (got.intent, got.references) == ("compare", references)


@pytest.mark.parametrize(
    "text", ["which one is cheaper?", "welches ist günstiger?", "¿cuál es más barato?",
             "koji je jeftiniji?", "quale costa meno?"],
)  # fmt: skip
def test_which_is_cheaper_asks_among_the_cards(text: str) -> None:
    """It used to search again for products below the shown prices."""
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert got.intent == "compare"
    assert "max_price" not in merge_preferences(PREVIOUS, got, SHOWN)


def test_french_baskets_are_sneakers() -> None:
    """'des baskets' brought sandals into a sneaker list (it only meant 'shoe')."""
    facets = {**FACETS, "categories": [
        _node("Shoes", [_node("Shoes > Women", [
            _node("Shoes > Women > Sneakers"), _node("Shoes > Women > Sandals"),
        ])]),
    ]}  # fmt: skip
    assert understand("des baskets", facets=facets).updates["category"] == (
        "Shoes > Women > Sneakers"
    )


@pytest.mark.parametrize(
    ("text", "category", "tied"),
    [
        # "Wanderschuhe für Herren" used to find every men's shoe
        ("Ich suche Wanderschuhe für Herren", "Shoes > Men > Trail", None),
        ("hiking shoes", "Shoes > Men > Trail", None),
        ("chaussures de randonnée", "Shoes > Men > Trail", None),
        ("hiking poles", "Sport > Outdoor > Hiking", None),  # the aisle named, not the shoes
        ("hiking boots", "Shoes > Men > Boots", None),
    ],
)
def test_hiking_shoes_are_trail_shoes(text: str, category: str, tied: list[str] | None) -> None:
    facets = {**FACETS, "categories": [
        _node("Shoes", [_node("Shoes > Men", [
            _node("Shoes > Men > Trail"), _node("Shoes > Men > Boots"),
            _node("Shoes > Men > Running"),
        ])]),
        _node("Sport", [_node("Sport > Outdoor", [_node("Sport > Outdoor > Hiking")])]),
    ]}  # fmt: skip
    updates = understand(text, facets=facets).updates
    assert (updates["category"], updates.get("category_any")) == (category, tied)


def test_the_recipient_outlives_a_new_need_until_the_shopper_buys_for_themselves() -> None:
    """'A gift for my dad' → 'a sweater' → 'or sneakers?' showed women's sneakers."""
    prefs = merge_preferences(None, understand("a gift for my dad", facets=FACETS))
    prefs = merge_preferences(prefs, understand("jackets", facets=FACETS, previous=prefs))
    shoes = understand("or running shoes?", facets=FACETS, previous=prefs)
    prefs = merge_preferences(prefs, shoes)
    assert prefs["category"].startswith("Shoes") and prefs["exclude_genders"] == ["women", "kids"]
    mine = understand("now running shoes for me", facets=FACETS, previous=prefs)
    assert "exclude_genders" not in merge_preferences(prefs, mine)


def test_washing_questions_in_other_languages_are_feature_questions() -> None:
    from graph.vocabulary import features_asked

    for text in ("kann man sie in der Maschine waschen?", "¿se pueden lavar a máquina?",
                 "si può lavare in lavatrice?", "czy można prać w pralce?"):  # fmt: skip
        assert [concept for concept, _ in features_asked(text)] == ["washable"], text


def test_do_you_sell_asks_for_a_product_in_every_language() -> None:
    """'verkauft ihr Sofas?' got the fallback reply instead of a search."""
    for text in ("verkauft ihr Sofas?", "vendez-vous des canapés ?", "czy sprzedajecie sofy?"):
        assert understand(text, facets=FACETS).intent == "recommend", text


@pytest.mark.parametrize("text", ["no", "nein", "non", "nie", "ne", "nope"])
def test_a_bare_refusal_is_no_search(text: str) -> None:
    """'nein' after cards searched for "Jacke nein"."""
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert got.intent == "other" and "query" not in got.updates


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("50", 50.0),
        ("1k", 1000.0),
        ("about 80 €", 80.0),
        ("R250", 250.0),
        ("2 тыс.", 2000.0),
        ("150 mil pesos", 150000.0),
        ("1.299,00 zł", 1299.0),
        ("under 100!", 100.0),
        ("size 42", None),
        ("2 of them", None),
        ("the 2nd", None),
        ("between 50 and 80", None),  # a range is no single amount (the rules read it)
    ],
)
def test_budget_of_reads_a_message_that_is_only_an_amount(text: str, amount: float | None) -> None:
    assert budget_of(text) == amount


# --------------------------------------------------------------------------- Lithuanian, Russian


@pytest.mark.parametrize(
    ("text", "lang"),
    [("labas", "lt"), ("Laba diena!", "lt"), ("привет", "ru"), ("Здравствуйте!", "ru")],
)
def test_lithuanian_and_russian_greetings(text: str, lang: str) -> None:
    got = understand(text, facets=FACETS)
    assert (got.intent, got.language) == ("greeting", lang)


@pytest.mark.parametrize(
    ("text", "lang", "references"),
    [
        ("parodyk antrą", "lt", [1]),
        ("o paskutinį?", "lt", [2]),
        ("palygink pirmą ir antrą", "lt", [0, 1]),
        ("покажи второй", "ru", [1]),
        ("а последнюю?", "ru", [2]),
        ("сравни первый и второй", "ru", [0, 1]),
    ],
)
def test_lithuanian_and_russian_ordinals(text: str, lang: str, references: list[int]) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert (got.language, got.references) == (lang, references)


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("krepšelis", "view"),
        ("kas mano krepselyje?", "view"),
        ("išvalyk krepšelį", "clear"),
        ("корзина", "view"),
        ("что у меня в корзине?", "view"),
        ("очисти корзину", "clear"),
        ("удали его", "remove"),
        # a product with the cart is added, not viewed
        ("įdėk antrą į krepšelį", None),
        ("добавь второй в корзину", None),
    ],
)
def test_lithuanian_and_russian_cart(text: str, cart: str | None) -> None:
    got = understand(text, facets=FACETS, shown=SHOWN, previous=PREVIOUS)
    assert (got.intent, got.cart) == ("purchase", cart)
    if cart is None:
        assert got.references == [1]


@pytest.mark.parametrize("text", ["pigiau", "gal yra pigesnių?", "дешевле", "а подешевле есть?"])
def test_lithuanian_and_russian_cheaper(text: str) -> None:
    got, merged = _merge(text, {"category": JACKETS})
    assert got.relative == "cheaper"
    assert merged["max_price"] == 119.99  # below the median shown price, as "cheaper"
    assert "query" not in merged  # "gal yra", "а есть" are no product words


def test_a_lithuanian_or_russian_gift_reads_its_recipient() -> None:
    for text in ("dovana mano vyrui", "подарок для мужа"):
        got = understand(text, facets=FACETS)
        assert got.updates["exclude_genders"] == ["women", "kids"], text


@pytest.mark.parametrize(("text", "size"), [("¿tenéis algo en 4XL?", "4XL"), ("en 3XL", "XXXL")])
def test_a_letter_size_beyond_xxxl_stays_itself(text: str, size: str) -> None:
    """4XL is no XXXL: a shop selling both would show the wrong ones."""
    assert understand(text).updates.get("size") == size


@pytest.mark.parametrize(
    "text, need",
    [
        ("do you guys have swimming goggles?", "swimming goggles"),
        ("you got any yoga mats?", "yoga mats"),
        ("do y'all have toasters", "toasters"),
    ],
)
def test_asking_the_shops_people_whether_they_have_a_thing_is_a_need(text, need):
    """The existential cue with the shop addressed ("you guys") is the cue: a search,
    so that the evidence can say "not carried" instead of "tell me what you're after"."""
    understood = understand(text)
    assert understood.intent == "recommend" and understood.updates.get("query") == need


@pytest.mark.parametrize(
    "text",
    [
        "finalement enlevez la noire",  # a particle, then the polite plural
        "usuńcie czarne",
        "entfernt bitte die schwarze",
        "rimuovete quella nera",
        "убери черную",
        "pašalinkit juodą",
    ],
)
def test_taking_a_line_out_reads_the_verb_in_any_form(text):
    """CART_REMOVE holds stems: the inflected languages take lines out in more forms
    (polite plural, perfective, with particles) than a list of words keeps up with."""
    understood = understand(text)
    assert (understood.intent, understood.cart) == ("purchase", "remove")


def test_a_question_about_removing_a_part_is_no_cart_action():
    assert understand("can I remove the hood?").cart is None
    assert understand("czy da się usunąć kaptur?").cart is None


SPEAKERS = [
    {"title": "Arcwave Splash Shower Speaker", "brand": "Arcwave", "price": 89.99},
    {"title": "Kinetica Vector Shower Speaker", "brand": "Kinetica", "price": 55.99},
    {"title": "Lumora Drop Shower Speaker", "brand": "Lumora", "price": 70.0},
]


@pytest.mark.parametrize(
    "text, reference",
    [
        ("what's the cheaper one made of?", 1),
        ("is the cheaper one waterproof?", 1),
        ("how big is the more expensive one?", 0),
    ],
)
def test_a_question_about_the_cheaper_one_is_about_that_card(text, reference):
    understood = understand(text, shown=SPEAKERS, previous={"query": "shower speaker"})
    assert (understood.intent, understood.reference) == ("product_question", reference)


@pytest.mark.parametrize("text", ["is there a cheaper one?", "show me cheaper ones"])
def test_asking_for_cheaper_ones_is_still_a_refinement(text):
    understood = understand(text, shown=SPEAKERS, previous={"query": "shower speaker"})
    assert (understood.intent, understood.reference) == ("refine", None)


@pytest.mark.parametrize(
    ("text", "language", "intent", "reference"),
    [
        # one card shown: asked to pick the cheapest, it is that one
        ("qual è il meno caro?", "it", "product_question", 0),
        ("which of these is the cheapest?", "en", "product_question", 0),
        ("kuris iš jų pigiausias?", "lt", "product_question", 0),
        # ... asked for a cheaper one, a search below its price
        ("c'è qualcosa di meno caro?", "it", "refine", None),
        ("is there a cheaper one?", "en", "refine", None),
        # ... or which of another kind: a search
        ("какой из матрасов самый дешёвый?", "ru", "recommend", None),
    ],
)
def test_which_is_cheapest_of_one_card_is_that_card(text, language, intent, reference):
    one = SPEAKERS[:1]
    understood = understand(text, shown=one, language=language, previous={"query": "speaker"})
    assert (understood.intent, understood.reference) == (intent, reference)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("which of them come with shorts?", "en"),
        ("welches davon hat Shorts dabei?", "de"),
    ],
)
def test_a_which_question_naming_another_kind_asks_the_list(text: str, language: str) -> None:
    """ "which of them comes with pillowcases?": the kind named is what the list is asked
    about, not a new search (a plain "any shorts?" after jackets searches shorts)."""
    shown = [{"id": f"j{i}", "group_id": f"j{i}", "title": f"Storm Jacket {i}"} for i in range(3)]
    previous = {"category": "Apparel > Men > Jackets", "query": "jacket"}
    got = understand(text, facets=FACETS, shown=shown, previous=previous, language=language)
    assert got.about_list and got.references == [0, 1, 2], got
    assert "category" not in got.updates


@pytest.mark.parametrize(
    ("text", "previous", "intent"),
    [
        # a kind the need so far did not name: another need, though it adjusts too
        ("¿y un collar con una espina de pescado para mi novio?", "collar para perro", "recommend"),
        ("and a wallet for my husband?", "leather belt", "recommend"),
        # ... said as a bare continuation, in any language
        ("i jeszcze wisiorek z przynętą wędkarską", "naszyjnik ze spławikiem", "recommend"),
        ("und den Eierkocher auch", "Pizzaschneider von Odelo", "recommend"),
        ("y la sartén también", "una olla grande", "recommend"),
        # the same kind, or none: the need narrowed
        ("a smaller one for my wife", "leather bag", "refine"),
        ("for my husband, in black", "leather belt", "refine"),
    ],
)
def test_a_kind_the_need_did_not_name_is_another_need(
    text: str, previous: str, intent: str
) -> None:
    got = understand(text, facets=FACETS, previous={"query": previous})
    assert got.intent == intent, got


def test_a_particle_that_looks_deictic_does_not_ask_about_the_cards_for_another_kind() -> None:
    """ "no to może jakiś wentylator?" ("well then, maybe a fan?") after cards for a
    humidifier: Polish "to" opens the sentence, the fan is another need."""
    shown = [{"id": f"h{i}", "group_id": f"h{i}", "title": f"Item {i}"} for i in range(3)]
    got = understand(
        "no to może jakiś wentylator?",
        facets=FACETS,
        shown=shown,
        previous={"query": "nawilżacz powietrza"},
        language="pl",
    )
    assert got.intent == "recommend", got


@pytest.mark.parametrize(
    ("text", "language", "removes"),
    [
        ("actually take the blocks out", "en", True),
        ("ach nee, den Ladeständer doch wieder raus", "de", True),
        ("saca la taza del carrito", "es", True),
        ("wyrzuć te czarne botki z koszyka", "pl", True),
        # a short request after a sentence of why
        ("wait, she says she doesn't want one. take the Lumora out", "en", True),
        ("sie will ihn doch nicht. nimm den Ring wieder raus", "de", True),
        # a question, or a long story, is no removal
        ("can you take the hood off?", "en", False),
        ("I want to take my dog out for a walk every day with it", "en", False),
    ],
)
def test_a_removal_said_around_the_line_it_names(text: str, language: str, removes: bool) -> None:
    got = understand(text, language=language)
    assert (got.cart == "remove") is removes, got


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿y de cuántos hilos son?", "es"),  # "and", a preposition, a plural question word
        ("and what size is it?", "en"),
        ("¿de qué color es?", "es"),
    ],
)
def test_and_or_a_preposition_before_the_question_word_still_asks(text: str, language: str) -> None:
    shown = [{"id": "s1", "group_id": "s1", "title": "Veratex Sheet Set"}]
    got = understand(text, shown=shown, language=language)
    assert got.asks and got.intent == "product_question", got


@pytest.mark.parametrize(
    ("text", "language", "colors"),
    [
        # a colour wished for after a soft cue ranks, it filters nothing out
        ("Schnullerkette für mein Patenkind, gern bunt", "de", None),
        ("une parure de lit, si possible qui brille dans le noir", "fr", None),
        ("a dress, preferably red", "en", None),
        # before the cue, or without one, a colour is a constraint
        ("a red dress, preferably silk", "en", ["red"]),
        ("una camiseta negra", "es", ["black"]),
        # the wish alone is the refinement asked for
        ("najlepiej w kolorze czarnym", "pl", ["black"]),
    ],
)
def test_a_colour_wished_for_is_no_filter(text: str, language: str, colors) -> None:
    assert understand(text, language=language).updates.get("colors") == colors


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        # a subject pronoun (or the reflexive of a pro-drop language) points at the product
        # shown, as "it" does
        ("il est en quelle matière ?", "fr", "product_question"),
        ("il s'ouvre tout seul ?", "fr", "product_question"),
        ("elle est en quelle taille ?", "fr", "product_question"),
        ("se abre solo?", "es", "product_question"),
        ("si apre da solo?", "it", "product_question"),
        ("il fait quelle taille ?", "fr", "product_question"),  # "it measures", not weather
        ("il fait combien de centimètres ?", "fr", "product_question"),
        # impersonal "il": nothing shown is meant
        ("il y a des bottes ?", "fr", "recommend"),
        ("il me faut des bottes", "fr", "refine"),
        ("il fait froid, vous avez des plaids ?", "fr", "recommend"),  # the weather's
    ],
)
def test_a_pronoun_subject_asks_about_the_product_shown(text, language, intent) -> None:
    assert understand(text, shown=SHOWN[:1], language=language).intent == intent


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        # a cart verb is the message's language's (and English's): one language's verb is
        # another's word, or a stem another word of its own language begins
        ("black leggings under 30", "en", "refine"),  # German "leg*"
        ("un tagliere di legno", "it", "refine"),
        ("Leggings in Schwarz", "de", "refine"),
        ("packable jacket", "en", "refine"),
        ("une balance de cuisine", "fr", "refine"),  # a kitchen scale
        ("купальник синий", "ru", "refine"),
        ("leg's in den Warenkorb", "de", "purchase"),
        ("balance-le dans le panier", "fr", "purchase"),
        ("купи его", "ru", "purchase"),
    ],
)
def test_cart_verbs_are_the_messages_languages(text: str, language: str, intent: str) -> None:
    assert understand(text, shown=SHOWN[:1], language=language).intent == intent


@pytest.mark.parametrize(
    "text",
    ["burgundy in M, add em", "the corduroy ones, add 'em", "ok buy em both", "order em"],
)
def test_spoken_them_is_a_cart_object(text: str) -> None:
    """ "em" / "'em" is spoken English's "them": "add em" puts the product in the cart."""
    assert understand(text, shown=SHOWN[:2], language="en").intent == "purchase"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("peccato. allora almeno un mattarello di legno", "it"),
        ("schade. dann wenigstens ein Kissen mit Daunenfüllung", "de"),
        ("dommage. alors des chaussures de trail", "fr"),
        ("too bad, a sleeping bag then", "en"),
    ],
)
def test_a_regret_gives_up_the_need_before(text: str, language: str) -> None:
    """ "too bad. then …": what was asked before is not searched again, nor the regret."""
    previous = {"query": "macchina per fare la pasta fresca"}
    got = understand(text, language=language, previous=previous)
    query = got.updates.get("query") or ""
    assert query and "pasta" not in query
    from graph.vocabulary import REGRET_RE

    assert not REGRET_RE.match(query.lower())


def test_a_regret_naming_no_kind_keeps_the_need() -> None:
    """ "lástima, ¿y algo de madera?": no kind named, the need is narrowed, not dropped."""
    previous = {"query": "tabla de cortar"}
    got = understand("lástima, algo de madera entonces", language="es", previous=previous)
    assert "tabla" in (got.updates.get("query") or "tabla")


@pytest.mark.parametrize(
    ("text", "closed"),
    [
        ("bed spread", "bedspread"),
        ("i need a bed spread for the guest room", "i need a bedspread for the guest room"),
        ("back pack for school", "backpack for school"),
        ("Bett wäsche fürs Kinderzimmer", "Bettwäsche fürs Kinderzimmer"),
        ("хочу рюк зак", "хочу рюкзак"),
        # a kind the lexicon writes open stays open; words that join to no kind stay apart
        ("a sleeping bag", "a sleeping bag"),
        ("a red bag for my laptop", "a red bag for my laptop"),
        ("the blue one please", "the blue one please"),
        # nor a function word, nor a word of another language ("desplantador" is Spanish)
        ("vous avez des mugs avec des plantes ?", "vous avez des mugs avec des plantes ?"),
        ("she's a large", "she's a large"),
    ],
)
def test_a_kind_written_open_is_read_closed(text: str, closed: str) -> None:
    from graph.compounds import closed_compounds
    from graph.rules import detect_language

    assert closed_compounds(text, detect_language(text, default="en")) == closed


def test_a_bed_spread_is_no_bed_sheet() -> None:
    facets = {
        **FACETS,
        "categories": [
            *FACETS["categories"],
            _node("Bedding", [_node("Bedding > Bed Sheets"), _node("Bedding > Bedspreads")]),
        ],
    }
    assert understand("bed spread", facets=facets).updates.get("category") != "Bedding > Bed Sheets"


@pytest.mark.parametrize(
    ("text", "language", "on_sale"),
    [
        ("¿cuál de esas cosas sale más barata?", "es", False),  # "sale": goes out, costs
        ("¿y cuánto sale el grande?", "es", False),
        ("c'est sale ?", "fr", False),
        ("anything on sale?", "en", True),
        ("habt ihr was im sale?", "de", True),  # the loanword, as German shops write it
        ("¿tenéis algo en oferta?", "es", True),
    ],
)
def test_an_english_sale_word_is_no_sale_where_the_language_uses_it(text, language, on_sale):
    assert bool(understand(text, language=language).updates.get("on_sale")) is on_sale


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Und welches davon kostet am wenigsten?", "de"),
        ("which one costs the least?", "en"),
        ("lequel coûte le moins ?", "fr"),
        ("który kosztuje najmniej?", "pl"),
        ("какой из них стоит меньше всего?", "ru"),
        ("kuris kainuoja mažiausiai?", "lt"),
    ],
)
def test_the_cheapest_said_with_the_verb_cost(text, language):
    assert understand(text, language=language).updates.get("sort") == "price_asc"
