"""Cards agree with the best match on the words the shopper named (graph/kinds.py)."""

from __future__ import annotations

import pytest

from graph.kinds import agree_with_best
from graph.lexical import LexicalIndex
from graph.retrieval import Candidate

TITLES = {
    "a": "Zamszowe botki Lestrosa Ambra",
    "b": "Zamszowe botki Lancioni",
    "c": "Zamszowe mokasyny Lancioni",
    "d": "Skórzane botki Lestrosa Wiola",
    "e": "Torebka zamszowa",
    "f": "Kinetica Studio Monitor Headphones",
    "g": "Arcwave Halo Wireless Headphones",
    "h": "Voltix True Wireless Earbuds",
    "i": "Saltmarsh Flannel Overshirt",
}
LEXICAL = LexicalIndex.build([(k, t, t) for k, t in TITLES.items()], "pl", detect=False)


def ranked(*ids: str) -> list[Candidate]:
    return [
        Candidate(id=i, group_id=i, similarity=0.5, meta={"title": TITLES[i]}, document="",
                  score=1.0 - n / 10)
        for n, i in enumerate(ids)
    ]  # fmt: skip


def ids(candidates: list[Candidate]) -> list[str]:
    return [c.id for c in candidates]


def test_every_card_carries_the_kind_and_trait_the_best_match_carries() -> None:
    got = agree_with_best(ranked("a", "c", "b", "d", "e"), "zamszowe botki 38", LEXICAL)
    assert ids(got) == ["a", "b"]  # suede loafers, leather boots and a suede bag go


def test_inflected_words_agree_through_the_stem() -> None:
    got = agree_with_best(ranked("b", "a", "c"), "botków zamszowych", LEXICAL)
    assert ids(got) == ["b", "a"]


def test_one_agreeing_is_shown_alone() -> None:
    # one pair of wireless headphones: the wired pair, the earbuds and the overshirt go
    got = agree_with_best(ranked("g", "i", "f", "h"), "wireless headphones", LEXICAL)
    assert ids(got) == ["g"]


def test_a_category_holding_the_word_agrees_for_its_product() -> None:
    # the demo's "Rock Plate Trail Runners" are filed under "Shoes > Trail": shoes
    titles = {"s": "Road Running Shoes", "t": "Rock Plate Trail Runners", "w": "Work Boots"}
    categories = {"s": "Shoes > Road", "t": "Shoes > Trail", "w": "Workwear > Boots"}
    lexical = LexicalIndex.build([(k, t, t) for k, t in titles.items()], "en", detect=False)
    candidates = [
        Candidate(id=k, group_id=k, similarity=0.5, document="", score=1.0 - n / 10,
                  meta={"title": titles[k], "category": categories[k]})
        for n, k in enumerate(["s", "t", "w"])
    ]  # fmt: skip
    assert ids(agree_with_best(candidates, "shoes", lexical)) == ["s", "t"]


BEDDING = "Home & Garden > Linens & Bedding > Bedding > Quilts & Comforters"
QUILTS = {
    "q": ("C and F Mandalay Quilt", BEDDING),
    "c": ("Vue Coachella Mini Comforter Set", BEDDING),
    "r": ("Croscill Monroe Comforter Set", BEDDING),
    "s": ("C and F Seaside Quilted Euro Sham", "Home & Garden > Linens & Bedding > Shams"),
}


def _filed(*keys: str) -> tuple[list[Candidate], LexicalIndex]:
    records = [(k, title, title) for k, (title, _) in QUILTS.items()]
    lexical = LexicalIndex.build(records, "en", detect=False)
    candidates = [
        Candidate(id=k, group_id=k, similarity=0.5, document="", score=1.0 - n / 10,
                  meta={"title": QUILTS[k][0], "category": QUILTS[k][1]})
        for n, k in enumerate(keys)
    ]  # fmt: skip
    return candidates, lexical


def test_a_category_naming_two_kinds_files_neither_for_the_other() -> None:
    """ "un quilt orange" in "Quilts & Comforters": one orange quilt, not a comforter set
    beside it. The category filter holds both words, so neither is its business; a title
    naming the other kind is that kind, though its category names the one asked."""
    candidates, lexical = _filed("q", "c", "r")
    assert ids(agree_with_best(candidates, "quilt orange", lexical, [BEDDING])) == ["q"]
    assert ids(agree_with_best(candidates, "quilt orange", lexical)) == ["q"]
    # a comforter asked: the quilt goes
    candidates, lexical = _filed("c", "q", "r")
    assert ids(agree_with_best(candidates, "comforter set", lexical, [BEDDING])) == ["c", "r"]


def test_words_no_title_has_never_filter() -> None:
    candidates = ranked("f", "i", "h")
    assert ids(agree_with_best(candidates, "a gift for my mom", LEXICAL)) == ["f", "i", "h"]
    assert ids(agree_with_best(candidates, "", None)) == ["f", "i", "h"]


def test_a_brand_word_in_the_title_is_no_kind() -> None:
    candidates = ranked("f", "g", "h")
    candidates[0].meta["brand"] = "Kinetica Studio"
    got = agree_with_best(candidates, "kinetica studio gear", LEXICAL)
    assert ids(got) == ["f", "g", "h"]


def test_a_category_every_candidate_is_filed_under_says_nothing() -> None:
    # a sauna shop: everything is under "Баня"; "ковшик для бани" wants the ladle
    titles = {"k": "Коллекция банных черпаков", "p": "Подушка", "h": "Вешалка-полка"}
    lexical = LexicalIndex.build([(k, t, t) for k, t in titles.items()], "ru", detect=False)
    candidates = [
        Candidate(id=k, group_id=k, similarity=0.5, document="", score=1.0 - n / 10,
                  meta={"title": titles[k], "category": "Баня и сауна"})
        for n, k in enumerate(["k", "p", "h"])
    ]  # fmt: skip
    assert ids(agree_with_best(candidates, "ковшик для бани", lexical)) == ["k"]


def test_a_misspelt_word_agrees_as_the_first_stage_searched_it() -> None:
    """ "zamszowe bodki": the first stage searched the shop's "botki"; the cards agree on it
    too (the suede loafers and bag go)."""
    got = agree_with_best(ranked("a", "c", "b", "e"), "zamszowe bodki", LEXICAL)
    assert ids(got) == ["a", "b"]


def test_a_title_names_its_own_kind_where_its_language_puts_it() -> None:
    """ "Bracelet ceinture cuir" is a bracelet (French names the kind first); "Leather Belt
    Bag" a bag (English last); a department ("bijou") is no title's own kind."""
    from graph.kinds import own_kind
    from graph.translate import kind_concepts

    (belt,) = kind_concepts("belt", "en")
    (bracelet,) = kind_concepts("bracelet", "en")
    (bag,) = kind_concepts("bag", "en")[:1]
    assert own_kind("Bracelet ceinture cuir", "fr") == bracelet
    assert own_kind("Ceinture tissée", "fr") == belt
    assert own_kind("Leather Belt Bag", "en") == bag
    assert own_kind("Bola bijou de maternité", "fr") is None
    # a sautoir is a long necklace, whatever it holds: not the locket it carries
    (long_necklace,) = kind_concepts("long necklace", "en")
    assert own_kind("Sautoir et médaillon porte photo", "fr") == long_necklace


def test_cards_of_the_kind_named_go_before_those_mentioning_it() -> None:
    """ "ремень" in a jewellery shop: the woven belt, not the belt-shaped bracelets; a title
    naming no kind stays; with no card of the kind named, every card stays."""
    from graph.kinds import own_kind_first

    titles = {
        "x": "Bracelet ceinture cuir",
        "y": "Ceinture tissée",
        "z": "Bracelet ceinture et étoiles",
        "w": "Bola bijou de maternité",
    }

    def cards(*keys: str) -> list[Candidate]:
        return [
            Candidate(id=k, group_id=k, similarity=0.5, meta={"title": titles[k]}, document="")
            for k in keys
        ]

    kept = own_kind_first(cards("x", "y", "z", "w"), "ремень есть?", "ru", "fr")
    assert ids(kept) == ["y", "w"]
    assert ids(own_kind_first(cards("x", "z"), "ремень", "ru", "fr")) == ["x", "z"]
    # nothing named the lexicon knows as a kind: nothing to hold them to
    assert ids(own_kind_first(cards("x", "y"), "something nice", "en", "fr")) == ["x", "y"]


def test_a_department_or_a_kind_last_title_is_not_held_to_the_kind_named() -> None:
    """ "shoes" holds sneakers and boots; English titles name their kind last in compounds
    ("Trail Running Shoes", "Chelsea Ankle Boots"): neither drops a card."""
    from graph.kinds import own_kind_first

    titles = {"s": "Zapatillas Runner", "b": "Botas Chelsea", "z": "Zapatos Oxford"}
    cards = [
        Candidate(id=k, group_id=k, similarity=0.5, meta={"title": t}, document="")
        for k, t in titles.items()
    ]
    assert ids(own_kind_first(cards, "zapatos", "es", "es")) == ["s", "b", "z"]
    english = [
        Candidate(id=k, group_id=k, similarity=0.5, meta={"title": t}, document="")
        for k, t in {"a": "Chelsea Ankle Boots", "w": "Work Boots"}.items()
    ]
    assert ids(own_kind_first(english, "boots", "en", "en")) == ["a", "w"]


def test_a_kind_last_title_naming_the_kind_asked_as_a_modifier_is_another_kind() -> None:
    """ "quilts" in a bedding shop: a "Quilted Euro Sham" names a sham after the quilt, a
    "Leather Belt Bag" a bag after the belt; the quilts themselves stay, and so do titles
    naming no other kind."""
    from graph.kinds import own_kind_first

    titles = {
        "q": "C and F Mandalay Quilt",
        "s": "C and F To The Sea Quilted Euro Sham",
        "m": "Barefoot Coastal",
        "b": "Leather Belt Bag",
        "t": "Woven Leather Belt",
    }

    def cards(*keys: str) -> list[Candidate]:
        return [
            Candidate(id=k, group_id=k, similarity=0.5, meta={"title": titles[k]}, document="")
            for k in keys
        ]

    assert ids(own_kind_first(cards("s", "q", "m"), "nur die Quilts", "de", "en")) == ["q", "m"]
    assert ids(own_kind_first(cards("b", "t"), "a leather belt", "en", "en")) == ["t"]
    # no card of the kind asked: every card stays
    assert ids(own_kind_first(cards("s", "m"), "quilts", "en", "en")) == ["s", "m"]


def test_the_kind_a_purpose_names_is_not_the_kind_asked() -> None:
    """ "den Aufkleber mit dem Faultier für den Laptop": a sticker, for a laptop; "a dog
    collar" names one kind, the purpose word inside its name."""
    from graph.kinds import own_kind_first

    titles = {"s": 'Opispot | Sticker "Plant Mom" - Perezoso', "f": "Ordenador portátil Lenovo"}

    def cards(*keys: str) -> list[Candidate]:
        return [
            Candidate(id=k, group_id=k, similarity=0.5, meta={"title": titles[k]}, document="")
            for k in keys
        ]

    need = "dann eben den Aufkleber mit dem Faultier für den Laptop"
    assert ids(own_kind_first(cards("f", "s"), need, "de", "es")) == ["s"]


def test_a_phrase_of_the_lexicon_is_read_inflected() -> None:
    """ "deskę do prasowania" (accusative) is the ironing board, not a cutting "deska"."""
    from graph.translate import _tables, kind_concepts

    words = _tables().words
    assert [words[c]["en"] for c in kind_concepts("dodaj deskę do prasowania", "pl")] == [
        "ironing board"
    ]


def test_a_shop_titling_a_kind_with_a_loanword_is_searched_by_it() -> None:
    """A Spanish shop's "Sticker", not the lexicon's Spanish "pegatina"."""
    from graph.translate import translate_query

    titles = {"sticker": 3, "perezoso": 1}
    searched = translate_query(
        "Aufkleber", "es", lambda w: w in titles, lambda w: titles.get(w, 0)
    ).split()
    assert "sticker" in searched and "pegatina" not in searched


def test_a_title_of_another_kind_goes_and_a_model_name_stays_where_the_kind_is_filed() -> None:
    """ "un quilt azul" in a shop of quilts and comforter sets, whose English titles name
    their kind last: the comforter sets go. "dekoratyvinės pagalvėlės": a model-named
    title filed beside the pillows stays, a henley filed under Apparel goes."""
    from graph.kinds import own_kind_first

    shop = {
        "c": ("Croscill Monroe Blue Comforter Set", "Bedding > Quilts & Comforters"),
        "q": ("C and F Eliza Lace Blue Quilt", "Bedding > Quilts & Comforters"),
        "p": ("Casa Verde Chunky Knit Pillow", "Home > Pillows"),
        "n": ("Linenry Hearth Boucle", "Home > Pillows"),
        "h": ("Nordlys Long Sleeve Henley", "Apparel > Shirts"),
    }

    def cards(*keys: str) -> list[Candidate]:
        return [
            Candidate(
                id=k,
                group_id=k,
                similarity=0.5,
                meta={"title": shop[k][0], "category": shop[k][1]},
                document="",
            )
            for k in keys
        ]

    assert ids(own_kind_first(cards("c", "q"), "un quilt azul", "es", "en")) == ["q"]
    assert ids(own_kind_first(cards("q", "c"), "nur die Quilts bitte", "de", "en")) == ["q"]
    pillows = own_kind_first(cards("p", "h", "n"), "dekoratyvinės pagalvėlės", "lt", "en")
    assert ids(pillows) == ["p", "n"]


def test_a_sort_of_the_kind_asked_is_that_kind() -> None:
    """ "termometr do mięsa" (a meat thermometer) in a shop titling it "Maisto termometras":
    the lexicon's phrases say a meat thermometer is a thermometer (their heads, in several
    languages), so the thermometer stays; a spatula, filed as another kind, still goes."""
    from graph.kinds import own_kind_first
    from graph.translate import broader_kinds, kind_concepts

    meat = set(kind_concepts("meat thermometer", "en", departments=False))
    plain = set(kind_concepts("thermometer", "en", departments=False))
    assert plain <= broader_kinds(meat) and not meat & broader_kinds(plain)
    titles = {
        "t": "Maisto termometras Odelo Travis OD2409",
        "s": "Silikoninė mentelė Odelo",
        "m": "Odelo OD2041",
    }
    cards = [
        Candidate(id=k, group_id=k, similarity=0.5, meta={"title": t}, document="")
        for k, t in titles.items()
    ]
    assert ids(own_kind_first(cards, "termometr do mięsa", "pl", "lt")) == ["t", "m"]


def test_the_sort_asked_keeps_only_its_own_titles_when_the_shop_has_them() -> None:
    """ "bicchieri da whisky": the shop's whisky glasses are there, so its plain glasses
    (the kind whisky glasses are a sort of) still go."""
    from graph.kinds import own_kind_first

    titles = {
        "w": "Krištolinės viskio stiklinės RCR Happy, 6 vnt.",
        "g": "Krištolinės stiklinės RCR Alkemist, 6 vnt.",
    }
    cards = [
        Candidate(id=k, group_id=k, similarity=0.5, meta={"title": t}, document="")
        for k, t in titles.items()
    ]
    assert ids(own_kind_first(cards, "bicchieri da whisky in cristallo", "it", "lt")) == ["w"]


def test_a_function_word_a_title_holds_asks_for_nothing() -> None:
    # Italian "la" (and French "de", Spanish "el") is no "La Selva": every valance agrees
    titles = {
        "s1": "Thomasville La Selva Natural Tailored Valance",
        "s2": "Thomasville La Selva Black Tailored Valance",
        "v": "ajMOSS Victorian Toile Straight Valance",
        "o": "Croscill Opal Imperial Valance",
        "p": "Croscill Opal Square Pillow",
    }
    lexical = LexicalIndex.build([(k, t, t) for k, t in titles.items()], "en", detect=False)
    candidates = [
        Candidate(id=k, group_id=k, similarity=0.5, document="", score=1.0 - n / 10,
                  meta={"title": titles[k]})
        for n, k in enumerate(["s1", "s2", "v", "o", "p"])
    ]  # fmt: skip
    for need in ("mantovane per la finestra della cucina valance", "la valance de el salón"):
        assert ids(agree_with_best(candidates, need, lexical)) == ["s1", "s2", "v", "o"]


def test_the_kind_asked_holds_in_whichever_of_the_shops_words() -> None:
    """ "Haarreif … Motiven" read in the shop's words is "bandeau motif": the best card,
    "Serre-tête motif feuilles dorées", holds the trait but names the kind in another of
    the shop's words; a bib holding "motif" is no headband and goes."""
    titles = {
        "h1": "Serre-tête motif feuilles dorées",
        "h2": "Serre-tête motif flocons argentés",
        "b1": "Bandeau doré tressé",
        "p1": "Plastron en cuir patiné motif requin",
        "n1": "Collier bonne étoile",
    }
    lexical = LexicalIndex.build([(k, t, t) for k, t in titles.items()], "fr", detect=False)
    candidates = [
        Candidate(id=k, group_id=k, similarity=0.5, document="", score=1.0 - n / 10,
                  meta={"title": titles[k]})
        for n, k in enumerate(["h1", "h2", "p1", "b1", "n1"])
    ]  # fmt: skip
    got = agree_with_best(candidates, "Haarreif mit Motiven bandeau motif", lexical)
    assert ids(got) == ["h1", "h2"]
    # no word of the need in the best title: nothing to agree on, nothing goes (a need said
    # around its kind, "a charger for both at once", keeps the charging stand)
    got = agree_with_best(candidates[:1] + candidates[2:], "Haarreif bandeau", lexical)
    assert ids(got) == ["h1", "p1", "b1", "n1"]


@pytest.mark.parametrize(
    ("need", "language", "kept"),
    [
        ("un juego de seis tazas con sus platitos", "es", ["c", "s"]),
        ("six cups with small plates", "en", ["c", "s"]),
        ("filiżanki z talerzykami", "pl", ["c", "s"]),
        ("чашки с тарелками", "ru", ["c", "s"]),
        # no "with", or no kind before it: every kind named is asked
        ("cups and plates", "en", ["c", "p", "s"]),
        ("something with plates", "en", ["p"]),
    ],
)
def test_a_kind_named_after_with_is_what_the_kind_asked_comes_with(
    need: str, language: str, kept: list[str]
) -> None:
    """The cups come with saucers: the plates go, the cups (and the set of both) stay."""
    from graph.kinds import own_kind_first

    titles = {"p": "Juodo stiklo lėkštė 18 cm", "c": "Juodo stiklo puodelis 270 ml",
              "s": "6 puodelių su lėkštutėmis rinkinys"}  # fmt: skip
    cards = [
        Candidate(id=k, group_id=k, similarity=0.5, meta={"title": t}, document="")
        for k, t in titles.items()
    ]
    assert sorted(ids(own_kind_first(cards, need, language, "lt"))) == kept


def test_a_sautoir_is_a_long_necklace_and_a_necklace() -> None:
    """The jewellery shop titles its long necklaces "Sautoir": asked as "a long necklace" in
    any language, that is the kind; asked as "a necklace", a sautoir is one too."""
    from graph.translate import broader_kinds, kind_concepts

    sautoir = set(kind_concepts("Sautoir oiseau de nacre", "fr", departments=False))
    necklace = set(kind_concepts("naszyjnik", "pl", departments=False))
    assert sautoir == set(kind_concepts("collana lunga", "it", departments=False))
    assert sautoir != necklace and necklace <= broader_kinds(sautoir)
