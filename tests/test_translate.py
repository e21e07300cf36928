"""Query words into the catalogue's language (graph.translate)."""

from __future__ import annotations

import pytest

from graph.context import Context
from graph.product_words import LEXICON_KIND, asked_keys
from graph.search import query_text
from graph.translate import LANGUAGES, _tables, kind_concepts, translate_query, translations


@pytest.mark.parametrize(
    ("query", "catalogue", "expected"),
    [
        ("Bettbezug", "en", "Bettbezug duvet cover"),
        ("housse de couette", "en", "housse de couette duvet cover"),
        ("electric kettle", "lt", "electric kettle elektrinis virdulys"),
        ("wall clock", "lt", "wall clock sieninis laikrodis"),
        ("кожаный браслет", "fr", "кожаный браслет cuir bracelet"),
        ("naszyjnik z perłami", "fr", "naszyjnik z perłami collier perle"),
        ("Heißluftfritteuse", "lt", "Heißluftfritteuse karšto oro gruzdintuvė"),
        # inflections through stems: kurtkę, skórzaną
        ("kurtkę skórzaną", "en", "kurtkę skórzaną jacket leather"),
        ("rote Jacke", "ru", "rote Jacke красный куртка"),
        # inflections the lexicon does not list, read by each language's stemmer
        ("vantų", "ru", "vantų веник"),
        ("čiužinio", "en", "čiužinio mattress"),
        ("wentylatora", "lt", "wentylatora ventiliatorius"),
        # a kind of its own, not the first word of a neighbour ("кардиган" is no sweater)
        ("кардиган", "en", "кардиган cardigan"),
        ("пуховик", "en", "пуховик puffer jacket"),
        ("Steppdecke", "en", "Steppdecke quilt"),
        # a hyphenated pair is two words (a stem took "одеял*" for the whole); a word the
        # lexicon spells with its hyphen stays one
        ("одеяло-квилт", "en", "одеяло-квилт duvet quilt"),
        ("porte-tétine", "en", "porte-tétine pacifier clip"),
        # a hyphenated word of the lexicon written spaced, or in the plural
        ("do any lace up", "pl", "do any lace up sznurowane"),
        ("lace-ups", "pl", "lace-ups sznurowane"),
        ("slip on", "de", "slip on zum reinschlüpfen"),
    ],
)
def test_foreign_words_get_the_catalogue_language_word(
    query: str, catalogue: str, expected: str
) -> None:
    assert translate_query(query, catalogue) == expected


def test_longest_phrase_wins() -> None:
    # "boucles d'oreilles" is earrings, not a "boucle" of anything else
    assert translations("boucles d'oreilles plumes", "en") == ["earrings", "feather"]
    # "настенные часы" is a wall clock, not a wristwatch
    assert translations("настенные часы", "en") == ["clock"]
    assert translations("часы", "en") == ["watch"]


def test_words_of_the_catalogue_language_are_left_alone() -> None:
    assert translate_query("running shoes under 100", "en") == "running shoes under 100"
    assert translate_query("black or white dress", "en") == "black or white dress"
    assert translate_query("housse de couette", "fr") == "housse de couette"
    assert translate_query("sieninis laikrodis", "lt") == "sieninis laikrodis"
    # a word shared with the catalogue's language is never "translated": "red" is English
    assert translations("red dress", "en") == []


def test_the_catalogue_own_words_are_not_translated() -> None:
    vocabulary = {"cover", "duvet", "sage", "green", "mug", "estate"}
    # "cover" is also Italian for a phone case, "sage" German for a saw, "Estate" a brand
    assert translations("duvay cover", "en", vocabulary.__contains__) == []
    assert translations("sage green travel mug", "en", vocabulary.__contains__) == []
    assert translations("torebka Estate", "pl", vocabulary.__contains__) == []
    assert translations("housse de couette", "en", vocabulary.__contains__) == ["duvet cover"]


def test_the_word_the_shop_titles_things_with_is_the_one_added() -> None:
    """A bedding shop titles its curtains "Drape"; a clothing shop says "jacket" more than
    "parka" (two words would make every card need both)."""
    titles = {"drapes": 73, "curtains": 0, "jacket": 20, "coat": 3, "parka": 1}
    count = lambda word: titles.get(word, 0)  # noqa: E731
    assert translations("Vorhänge in Rot", "en", None, count) == ["drapes", "red"]
    assert translations("kurtka", "en", None, count) == ["jacket"]
    assert translations("Vorhänge", "en", None, lambda word: 0) == ["curtains"]  # none: first
    assert translations("Vorhänge", "en") == ["curtains"]  # no vocabulary yet: the first
    # a word inside a phrase already added adds nothing ("žarna" in "laistymo žarna")
    assert translations("Gartenschlauch", "lt") == ["laistymo žarna"]


def test_a_compound_the_shop_closes_is_added_as_the_shop_writes_it() -> None:
    """The lexicon writes "neck roll", the shop titles "Neckroll Pillow": "Nackenrollen"
    is searched as "neckroll", the titles' word (two words the titles hold nowhere would
    find nothing)."""
    titles = {"neckroll": 12, "bolster pillow": 0, "neck roll": 0}
    count = lambda word: titles.get(word, 0)  # noqa: E731
    assert translations("Nackenrollen von Thomasville", "en", None, count) == ["neckroll"]
    assert translations("Nackenrollen", "en", None, lambda word: 0) == ["bolster pillow"]


def test_short_stems_do_not_catch_other_words() -> None:
    assert translations("soft bath towels", "en") == []  # no Lithuanian "bat*" (batai)
    assert translations("серьги", "en") == ["earrings"]  # not "сер*" (серый, grey)


def test_nothing_is_removed_and_nothing_repeated() -> None:
    out = translate_query("Lederarmband Leder Armband", "en")
    assert out.startswith("Lederarmband Leder Armband ")
    added = out.removeprefix("Lederarmband Leder Armband ").split()
    assert len(added) == len(set(added)) and "leather" in added


def test_unknown_language_or_words_change_nothing() -> None:
    assert translate_query("Bettbezug", "xx") == "Bettbezug"
    assert translate_query("qwertz zxcv", "en") == "qwertz zxcv"
    assert translate_query("", "en") == ""


def test_every_concept_has_a_word_in_every_language() -> None:
    tables = _tables()
    assert len(tables.words) > 150
    for words in tables.words:
        assert set(words) == set(LANGUAGES)
        assert all(word and not word.endswith("*") for word in words.values()), words


class _Lexical:
    language = "lt"

    @staticmethod
    def known(word: str) -> bool:
        return word in {"virdulys", "kettle", "elektrinis"}

    vocabulary: dict[str, int] = {}

    @staticmethod
    def in_titles(word: str) -> int:
        return 0

    @staticmethod
    def title_word(prefix: str) -> str | None:
        return None


class _View:
    lexical = _Lexical()


def test_query_text_uses_the_detected_catalogue_language_and_can_be_off() -> None:
    prefs = {"query": "electric kettle"}
    ctx = Context(index_dir="unused", catalogue_language="en")
    # "kettle" is in the catalogue (a description says it), "electric" is not
    assert query_text(prefs, _View(), ctx) == "electric kettle elektrinis"
    # a word the shop never writes is not added: it would find nothing, and the spelling
    # correction would take it for a typo of a word the shop does write
    assert query_text({"query": "electric heater"}, _View(), ctx) == "electric heater elektrinis"
    # before the lexical index is loaded: the configured catalogue language
    no_lexical = type("V", (), {"lexical": None})()
    assert query_text({"query": "Bettbezug"}, no_lexical, ctx) == "Bettbezug duvet cover"
    off = Context(index_dir="unused", query_translation="off")
    assert query_text(prefs, _View(), off) == "electric kettle"


def test_two_words_the_shop_writes_as_one_are_searched_joined_too() -> None:
    from graph.search import joined_words

    vocabulary = {"bedspread": 5, "earphones": 2, "abag": 1}
    assert joined_words("bed spread", vocabulary) == "bed spread bedspread"
    assert joined_words("ear phones for the gym", vocabulary) == "ear phones for the gym earphones"
    assert joined_words("a bag", vocabulary) == "a bag"  # too short a join to trust
    assert joined_words("bed spread", {}) == "bed spread"  # not the shop's word


def test_a_lexicon_word_the_shop_never_writes_is_the_bridge_s_to_translate() -> None:
    """ "oiseaux": the lexicon's Lithuanian "paukštis" is not the shop's word, so the
    multilingual bridge may look for the shop's own ("BIRD NET"); "filet" it translates
    into the shop's "tinklas" itself."""
    from graph.search import _foreign_unknown

    class Shop:
        language = "lt"

        @staticmethod
        def known(word: str) -> bool:
            return word in {"tinklas", "bird", "net"}

        @staticmethod
        def in_titles(word: str) -> int:
            return 1 if word == "tinklas" else 0

        @staticmethod
        def correct(word: str) -> tuple[str, dict[str, str]]:
            return word, {}

    assert _foreign_unknown("oiseaux", Shop())
    assert not _foreign_unknown("filet", Shop())
    assert not _foreign_unknown("tinklas", Shop())  # the shop's own word


@pytest.mark.parametrize(
    ("query", "catalogue", "expected"),
    [
        # kitchen: the sub-kinds shoppers name, each its own line
        ("Kaffeemühle", "lt", ["kavamalė"]),
        ("râpe", "en", ["grater"]),
        ("czajnik z gwizdkiem", "en", ["stovetop kettle"]),
        ("Induktionskochfeld", "pl", ["płyta indukcyjna"]),
        ("termos na jedzenie", "en", ["food thermos"]),
        # home, lighting, shoes and bags, jewellery, stationery, toys, garden, sauna
        ("Lendenkissen", "fr", ["coussin lombaire"]),
        ("lampa wisząca", "en", ["pendant lamp"]),
        ("kopertówka", "en", ["clutch"]),
        ("Ohrstecker", "it", ["orecchini a lobo"]),
        ("notizbuch", "es", ["cuaderno"]),
        ("hulajnoga", "en", ["scooter"]),
        ("sécateur", "lt", ["sodo žirklės"]),
        ("pirties rinkinys", "ru", ["набор для бани"]),
        # motifs and materials, inflected through their stems
        ("bursztynowy naszyjnik", "en", ["amber", "necklace"]),
        ("w paski", "fr", ["rayé"]),
        ("jednorożec", "en", ["unicorn"]),
        ("poduszkę z łosiem", "en", ["pillow", "moose"]),
        ("pagalvėlę su ežero motyvais", "en", ["pillow", "lake"]),
        ("футболка с роботом", "es", ["camiseta", "robot"]),
        ("ожерелье с помпоном", "fr", ["collier", "pompon"]),
        # the cookware words' inflections
        # a long necklace is the shop's "sautoir", in any language
        ("collana lunga con medaglione", "fr", ["sautoir", "médaillon"]),
        ("медальон на длинной цепочке", "fr", ["médaillon", "sautoir"]),
        ("szukam rondla", "en", ["pot"]),
        # a kind whose English name is a compound read whole, not by its first noun
        ("pillow shams", "de", ["kissenbezug"]),
        ("wałek pod kark", "ru", ["валик"]),
        ("sistema di ventilazione", "ru", ["вентиляция"]),
        ("сотейник", "en", ["pot"]),
    ],
)
def test_the_domain_files_bridge_kinds_motifs_and_materials(
    query: str, catalogue: str, expected: list[str]
) -> None:
    assert translations(query, catalogue) == expected


@pytest.mark.parametrize(
    ("query", "catalogue", "expected"),
    [
        # winter sports, mobility: a compound kind is its own line, the plain kind stays
        ("Schneeschuhe", "lt", ["sniegbačiai"]),
        ("снегоступы", "fr", ["raquettes à neige"]),
        ("электросамокат", "en", ["electric scooter"]),
        ("trottinette électrique", "pl", ["hulajnoga elektryczna"]),
        ("trottinette", "pl", ["hulajnoga"]),
        ("beheizbare Jacke", "en", ["heated jacket"]),
        ("plaid chauffant", "ru", ["электроодеяло"]),
        ("brosse à dents électrique", "de", ["elektrische zahnbürste"]),
        # pets, health, furniture, baby gear, luggage, seasonal, music, hardware
        ("Kratzbaum", "es", ["rascador"]),
        ("wózek inwalidzki", "en", ["wheelchair"]),
        ("fotel biurowy", "de", ["bürostuhl"]),
        ("Wickeltasche", "fr", ["sac à langer"]),
        ("Koffergurt", "lt", ["lagamino diržas"]),
        ("Adventskalender", "it", ["calendario dell'avvento"]),
        ("akordeonas", "es", ["acordeón"]),
        ("Kabelbinder", "ru", ["кабельные стяжки"]),
    ],
)
def test_the_second_pass_files_bridge_sports_mobility_pets_health_and_home(
    query: str, catalogue: str, expected: list[str]
) -> None:
    assert translations(query, catalogue) == expected


#: Words the base files hold on two lines (one word, two meanings), on purpose.
_SHARED_IN_BASE = {
    "aulinukai", "batai", "botki", "cazo", "chaussons", "mantel", "robe", "shirt", "slepetes",
    "vaso", "ботинки", "bambino", "cristal", "drewno", "glas", "glass", "lila", "nina", "nino",
    "pelle", "verre", "дерево",
}  # fmt: skip


def test_every_lexicon_file_has_eight_columns_and_a_word_means_one_line() -> None:
    from graph.translate import LEXICON_DIR
    from graph.vocabulary import fold

    lines_of: dict[str, set[str]] = {}
    for path in sorted(LEXICON_DIR.glob("*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip().removeprefix("~")
            if not line or raw.startswith("#"):
                continue
            columns = line.split("|")
            assert len(columns) == len(LANGUAGES), f"{path.name}:{number}"
            for column in columns:
                forms = [f.strip() for f in column.split("/") if f.strip()]
                assert forms and not forms[0].endswith("*"), f"{path.name}:{number}"
                for form in forms:
                    assert not form.endswith("*") or len(form) > 4, f"{path.name}:{number}"
                    if not form.endswith("*"):
                        lines_of.setdefault(fold(form), set()).add(f"{path.name}:{number}")
    shared = {word: where for word, where in lines_of.items() if len(where) > 1}
    assert set(shared) <= _SHARED_IN_BASE, {w: shared[w] for w in set(shared) - _SHARED_IN_BASE}
    assert len(_tables().words) > 600  # the domain files are read


def test_a_word_held_whole_is_not_read_by_the_stems_that_begin_it() -> None:
    """ "Schnullerkette" is the pacifier clip's own word: no other line's stem reads it."""
    from graph.translate import _entries_of

    tables = _tables()
    for word, entries in tables.exact.items():
        assert _entries_of(word, tables) == list(entries), word


def test_a_function_word_is_never_translated() -> None:
    """German "für" folds to English "fur": "für mein Patenkind" asks for no fur."""
    added = translate_query("Schnullerkette für mein Patenkind", "fr").split()[4:]
    assert added and not {"fourrure", "fur"} & set(added)


class _FrenchLexical(_Lexical):
    language = "fr"

    @staticmethod
    def known(word: str) -> bool:
        return word in {"bague", "quatre", "rangs"}


class _FrenchView:
    lexical = _FrenchLexical()


@pytest.mark.parametrize(
    ("need", "language", "added"),
    [
        # the shop writes the number as a word: its word for it, beside the digit
        ("anillo de cuatro filas", "es", {"4", "quatre"}),
        ("кольцо в три ряда", "ru", {"3"}),  # the shop writes no "trois": the digit alone
        ("quatre rangs", "fr", set()),  # the shop's own language: searched as written
    ],
)
def test_number_words_are_searched_as_the_shop_writes_numbers(need, language, added) -> None:
    ctx = Context(query_translation="lexicon", catalogue_language="fr")
    searched = query_text({"query": need}, _FrenchView(), ctx, language).split()
    assert added <= set(searched)
    assert not ({"4", "3", "quatre", "trois"} - set(need.split()) - added) & set(searched)


@pytest.mark.parametrize(
    ("word", "meaning"),
    [
        # a diminutive is the thing it shortens, in its own language
        ("collanina", "necklace"),
        ("tazzina", "mug"),
        ("scarpette", "shoes"),
        ("torebeczka", "bag"),
        ("marina", None),  # "-ina" is Italian's: not every word ending so is little
    ],
)
def test_a_diminutive_means_what_it_shortens(word: str, meaning: str | None) -> None:
    from graph.translate import _tables, kind_concepts

    found = {_tables().words[c]["en"] for c in kind_concepts(word)}
    assert found == ({meaning} if meaning else set())


@pytest.mark.parametrize(
    ("text", "language", "kinds"),
    [
        # a common word of the message's language is that word, not another language's kind
        ("jumelles pour observer les oiseaux pendant mes randos", "fr", {"binoculars"}),
        ("ein Gift für meine Frau", "de", set()),  # poison, no gift
        ("a silver pendant", "en", {"pendant"}),
        ("boots czarne", "pl", {"boots"}),  # a loanword the language seldom writes
    ],
)
def test_a_common_word_of_the_messages_language_is_no_foreign_kind(text, language, kinds):
    from graph.translate import _tables, kind_concepts

    assert {_tables().words[c]["en"] for c in kind_concepts(text, language)} == kinds


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # plurals: of a short word, and of one another language's stem also begins
        ("do you sell hats?", "hat"),
        ("any mugs?", "mug"),
        ("warm jackets", "jacket"),
        ("cups", "mug"),
    ],
)
def test_an_english_plural_names_its_kind(text: str, kind: str) -> None:
    from graph.translate import _tables, kind_concepts

    assert {_tables().words[c]["en"] for c in kind_concepts(text, "en")} == {kind}


def test_a_stem_only_concept_is_added_as_the_titles_inflect_it() -> None:
    # the lexicon gives Polish suede as "zamsz"/"zamsz*"; the shop titles "Zamszowe …"
    titles = {"zamszowe": 163, "czółenka": 35}

    def in_titles(word: str) -> int:
        return titles.get(word, 0)

    def title_word(prefix: str) -> str | None:
        return next((w for w in titles if w.startswith(prefix)), None)

    def known(word: str) -> bool:
        return word in {"zamszowe", "czołenka", "czółenka", "zamsz"}

    plain = translations("Wildleder-Pumps", "pl", known, in_titles)
    assert plain == ["zamsz", "czółenka"]
    assert translations("Wildleder-Pumps", "pl", known, in_titles, title_word) == [
        "zamszowe",
        "czółenka",
    ]


def test_kinds_keys_meet_across_languages_and_phrases_read_whole() -> None:
    from graph.facet_matching import _segment_keys
    from graph.message_text import PhraseKeys

    curtains = _segment_keys("Curtains & Drapes")
    assert asked_keys("vorhänge") & curtains  # a German shopper meets the English segment
    assert not asked_keys("drewna") & _segment_keys("Дровницы")  # wood, not firewood
    # a segment naming two kinds names one of them: no lexicon kind at all
    assert not {k for k in _segment_keys("Throw Pillows") if k.startswith(LEXICON_KIND)}
    read = PhraseKeys("raudonas antklodės užvalkalas")
    duvet_cover = {k for k in _segment_keys("Duvet Covers") if k.startswith(LEXICON_KIND)}
    assert duvet_cover and duvet_cover <= read.asked("užvalkalas")
    assert not read.asked("užvalkalas") & _segment_keys("Pillowcases")


@pytest.mark.parametrize(
    ("query", "language", "word"),
    [
        ("Westernstiefel in Größe 41", "pl", "kowbojki"),
        ("des santiags marron", "pl", "kowbojki"),
        ("botas vaqueras", "en", "cowboy boots"),
        ("Haarreif mit Federn", "fr", "bandeau"),
        ("velvetines kelnes bordo spalvos", "en", "corduroy"),
        ("Thermo-Oberteil zum Drunterziehen", "en", "thermal underwear"),
        ("rankinė bagetė, alyvuogių spalvos", "pl", "torebka bagietka"),
        ("un sac baguette en cuir", "en", "baguette bag"),
        ("termofutbolka", "en", None),  # a transliteration is no word of the lexicon
    ],
)
def test_kinds_shoppers_name_in_their_language_reach_the_shops(query, language, word) -> None:
    """Lexicon class: footwear, hair and apparel kinds a blind set named that it lacked."""
    found = translations(query, language)
    assert (word in found) if word else not found, found


@pytest.mark.parametrize(
    ("plural", "singular"),
    [("yoga mats", "yoga mat"), ("sleeping bags", "sleeping bag")],
)
def test_an_english_phrase_in_the_plural_names_the_same_kind(plural: str, singular: str) -> None:
    """ "yoga mats" is the lexicon's "yoga mat", not a bare "mat": a last word too short to
    stem safely ("mats", "bags") is read as its singular."""
    assert kind_concepts(plural, "en", departments=False) == kind_concepts(
        singular, "en", departments=False
    )


def test_a_short_word_of_a_phrase_inflects_by_its_last_letter() -> None:
    """ "Ledų kibirėlis" is the lexicon's "ledo kibirėlis" (an ice bucket): a four-letter
    word is too short for a stemmer, and the rest of the phrase tells it; alone it is
    nothing ("ledu" is no kind)."""
    words = _tables().words
    found = [words[c]["en"] for c in kind_concepts("Ledų kibirėlis/termosas Odelo", "lt")]
    assert "ice bucket" in found
    assert not kind_concepts("ledu", "lt")


@pytest.mark.parametrize(("plural", "singular"), [("albornoces", "albornoz"), ("lápices", "lápiz")])
def test_a_spanish_plural_that_respells_its_end_names_the_kind(plural: str, singular: str) -> None:
    from graph.translate import kind_concepts

    assert kind_concepts(singular, "es")  # the lexicon's word
    assert kind_concepts(plural, "es") == kind_concepts(singular, "es")
    assert not kind_concepts("luces", "es")  # "luz" names no kind: nothing is made up


@pytest.mark.parametrize(
    ("query", "catalogue", "added"),
    [
        # a case ending the lexicon does not list, and the consonant it softens (folded too)
        ("reikia ikroviklio telefonui", "en", "charger"),
        ("ieškau storų, purių vonios rankšluosčių", "en", "towel"),
        ("rankšluosčiai", "en", "towel"),
        # a phrase with a diminutive in it: "blokeliai" is a little "blokas"
        ("jogos blokeliai", "en", "yoga block"),
        ("mažas puodelis ir šaukšteliai", "en", "spoon"),
    ],
)
def test_lithuanian_cases_and_diminutives_reach_the_lexicon(query, catalogue, added) -> None:
    assert translate_query(query, catalogue).endswith(added)


@pytest.mark.parametrize(
    ("query", "catalogue", "added"),
    [
        ("нужен электрочайник в офис", "lt", "virdulys"),
        ("minilodówka do pokoju", "en", "refrigerator"),
    ],
)
def test_a_kind_after_a_learned_prefix_is_that_kind(query, catalogue, added) -> None:
    assert added in translate_query(query, catalogue).split(" ", len(query.split()))[-1]


def test_a_prefix_alone_or_before_no_kind_names_nothing() -> None:
    assert kind_concepts("mini") == ()
    # a prefix that is a word somewhere ("termo", a thermos) is no learned prefix
    assert translate_query("termokubek", "en") == "termokubek"
    assert kind_concepts("электроника") == ()
