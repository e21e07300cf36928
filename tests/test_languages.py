"""Language data parity: adding a language is adding data, and these tests say what data.

Every supported language has a module in ``graph.languages`` with every key of
``graph.languages.KEYS`` in the right shape, a reply table in
``graph.template_strings`` with the English keys and placeholders, plural
forms that fit ``graph.templates.plural``, a card reason for every reason code
(``graph.cards``) and a name the LLM prompts use (``graph.llm.LANGUAGE_NAMES``).
"""

from __future__ import annotations

import re
import string
import unicodedata

import pytest

from graph import cards, llm, templates
from graph import languages as L
from graph import vocabulary as V
from graph.rules import detect_language
from graph.template_strings import TABLES

LANGS = V.SUPPORTED_LANGUAGES

# A language without these cannot hold a conversation: each must have words.
ESSENTIAL = (
    "LANGUAGE_HINTS", "GREETINGS", "THANKS_AND_BYE", "AFFIRMATIVES", "PURCHASE_STRONG",
    "CART_VIEW", "CART_CLEAR", "CART_REMOVE", "CART_WORDS", "COMPARE", "BROWSE", "NEED_CUES",
    "QUESTION_STARTS", "DEICTICS", "CHEAPER", "PRICIER", "CHEAP", "SOMETHING_ELSE",
    "IN_STOCK_ONLY", "STOPWORDS", "GIFTS", "RECIPIENT_CUES",
)  # fmt: skip


def _is_words(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(w, str) and w for w in value)


def test_the_supported_languages_are_the_modules_and_the_reply_tables():
    assert V.SUPPORTED_LANGUAGES == L.LANGUAGES
    assert tuple(templates.SUPPORTED) == L.LANGUAGES
    assert set(TABLES) == set(L.LANGUAGES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_module_has_every_key_in_its_shape(lang):
    module = L.module(lang)
    defined = {name for name in vars(module) if name.isupper()}
    assert defined == set(L.KEYS), (
        f"{lang}: missing {sorted(set(L.KEYS) - defined)}, unknown {sorted(defined - set(L.KEYS))}"
    )
    for key, shape in L.KEYS.items():
        value = getattr(module, key)
        if shape == "text":
            # a language writes no letter beyond a-z (English) or another script (Russian),
            # and most write no punctuation mark of their own
            assert isinstance(value, str) and (value or key in ("LETTERS", "MARKS")), (lang, key)
            if key == "MARKS":
                assert not any(char.isalnum() or char.isspace() for char in value), (lang, value)
        elif shape == "words":
            assert _is_words(value), (lang, key)
        elif shape == "groups":
            assert isinstance(value, dict) and tuple(value) == L.GROUPS[key], (lang, key)
            assert all(_is_words(group) for group in value.values()), (lang, key)
        elif shape == "ordinals":
            assert isinstance(value, dict) and set(value) == {0, 1, 2, 3, 4, -1}, (lang, key)
            assert all(_is_words(group) and group for group in value.values()), (lang, key)
        else:
            assert isinstance(value, dict), (lang, key)
            assert all(isinstance(w, str) and type(n) is int for w, n in value.items()), key


@pytest.mark.parametrize("lang", LANGS)
def test_words_are_lowercase_and_stems_only_where_read(lang):
    module = L.module(lang)
    for key, shape in L.KEYS.items():
        if key in ("OUT_OF_STOCK_OK", "SCRIPT"):
            continue
        value = getattr(module, key)
        groups = value.values() if shape in ("groups", "ordinals") else [value]
        for word in (w for group in groups for w in group):
            assert word == word.lower().strip() and "  " not in word, (lang, key, word)
            assert key in L.STEM_KEYS or not word.endswith("*"), (lang, key, word)


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_the_essential_words(lang):
    module = L.module(lang)
    empty = [key for key in ESSENTIAL if not getattr(module, key)]
    assert not empty, f"{lang} has no words for {empty}"
    assert all(module.FEATURES.values()), lang


@pytest.mark.parametrize("lang", LANGS)
def test_out_of_stock_sources_compile(lang):
    for source in L.module(lang).OUT_OF_STOCK_OK:
        re.compile(source)


def test_py3langid_knows_every_language():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE)
    assert set(LANGS) <= set(identifier.nb_classes)


def test_merged_tables_hold_every_language():
    for lang in LANGS:
        module = L.module(lang)
        assert set(module.GREETINGS) <= set(V.GREETINGS)
        assert set(module.STOPWORDS) <= V.STOPWORD_SET
        for position, words in module.ORDINALS.items():
            assert all(V.ORDINAL_INDEX[w] == position for w in words), lang
        assert set(module.LANGUAGE_HINTS) <= set(V.LANGUAGE_HINTS[lang])


@pytest.mark.parametrize(
    ("key", "lang", "typed", "written"),
    [
        ("CONTINUATIONS", "es", "y tambien", "y también"),
        ("CONTINUATIONS", "pl", "tez", "też"),
        ("STOPWORDS", "pl", "cos", "coś"),
        ("CONTINUATIONS", "ru", "и ещё", "и ещё"),  # Cyrillic as written only
    ],
)
def test_every_cue_matches_as_typed_without_diacritics(key, lang, typed, written):
    """Shoppers type "y tambien", "krepselyje", "cuantas": every Latin cue has its bare form."""
    words = L.per_language(key)[lang]
    assert written in words and typed in words


def test_a_bare_form_never_adds_a_cyrillic_variant():
    assert L.bare("ещё") == "ещё"
    assert L.bare("pomysłu") == "pomyslu"


@pytest.mark.parametrize(
    ("key", "group", "lang", "taken"),
    [
        # "el" is Spanish "the", not "él" (him): "para el verano" is no gift for a man
        ("RECIPIENTS", "man", "es", "el"),
        ("VAGUE_WORDS", None, "de", "schon"),  # "already", not "schön"
        ("DEICTICS_OWN", None, "pl", "ja"),  # "I", not "ją"
        ("QUESTION_STARTS", None, "it", "e"),  # "and", not "è"
    ],
)
def test_a_bare_form_that_is_another_word_is_not_taken(key, group, lang, taken):
    words = L.groups(key)[group] if group else L.per_language(key)[lang]
    assert taken not in words


def test_unknown_language_names_the_supported_ones():
    with pytest.raises(ValueError, match="supported"):
        L.module("xx")


# --------------------------------------------------------------------------- reply tables


def _fields(template):
    forms = template if isinstance(template, tuple) else (template,)
    return {f for form in forms for _, f, _, _ in string.Formatter().parse(form) if f}


@pytest.mark.parametrize("lang", LANGS)
def test_reply_table_has_the_english_keys_and_placeholders(lang):
    table, english = TABLES[lang], TABLES["en"]
    assert set(table) == set(english), (
        f"{lang}: missing {sorted(set(english) - set(table))}, "
        f"unknown {sorted(set(table) - set(english))}"
    )
    for key, template in english.items():
        assert table[key], (lang, key)
        assert _fields(table[key]) == _fields(template), (lang, key)
        # plural forms stay plural forms (one string, or a tuple of forms)
        assert isinstance(table[key], tuple) == isinstance(template, tuple), (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_cover_the_languages_categories(lang):
    categories = {templates.plural(lang, n) for n in range(0, 200)}
    forms = {len(v) for v in TABLES[lang].values() if isinstance(v, tuple)}
    # a "few" category (index 1) needs three forms; without it two are enough
    assert forms == ({3} if 1 in categories else {2}), (lang, categories, forms)


# --------------------------------------------------------------------------- card reasons


def _reasons(lang: str) -> dict[str, str]:
    """The card reasons of a reply table ("reason_<code>" keys), by code."""
    table = TABLES.get(lang, {})
    return {k.removeprefix("reason_"): str(v) for k, v in table.items() if k.startswith("reason_")}


@pytest.mark.parametrize("lang", LANGS)
def test_card_reasons_have_every_reason_code(lang):
    table, english = _reasons(lang), _reasons("en")
    assert "default" in english and "matches" in english
    assert set(table) == set(english), (
        f"{lang}: missing {sorted(set(english) - set(table))}, "
        f"unknown {sorted(set(table) - set(english))}"
    )
    assert all(isinstance(text, str) and text.strip() for text in table.values()), lang


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_card_reasons_are_written_in_the_language(lang):
    table, english = _reasons(lang), _reasons("en")
    copied = [key for key in english if table.get(key) == english[key]]
    assert not copied, f"{lang}: English reasons {copied}"
    script = L.module(lang).SCRIPT
    letters = {c for text in table.values() for c in text if c.isalpha()}
    foreign = sorted(c for c in letters if not unicodedata.name(c).startswith(script))
    assert not foreign, (lang, script, foreign)


_ENGLISH_REASON_WORDS = {
    word for text in _reasons("en").values() for word in re.findall(r"\w+", text)
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("lt", "atitinka jūsų paiešką, telpa į jūsų biudžetą"),
        ("ru", "соответствует вашему запросу, в рамках вашего бюджета"),
    ],
)
def test_lithuanian_and_russian_cards_say_why_in_their_language(lang, expected):
    # the shopper suite's "Štai 5 pasiūlymai … — matches what you asked for, within your budget"
    assert cards.reason_text(["matches", "max_price"], lang) == expected
    for code in [*_reasons("en"), "unknown"]:
        text = cards.reason_text([code], lang)
        assert not set(re.findall(r"\w+", text)) & _ENGLISH_REASON_WORDS, (lang, code, text)


def test_llm_prompts_name_every_language():
    assert set(llm.LANGUAGE_NAMES) == set(LANGS)
    assert all(name.isascii() and name.istitle() for name in llm.LANGUAGE_NAMES.values())


# --------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # short: one or two words, settled by the distinctive words or the script
        ("labas", "lt"),
        ("ačiū", "lt"),
        ("aciu", "lt"),
        ("taip", "lt"),
        ("pigiau", "lt"),
        ("iki 20 eur", "lt"),
        ("krepselis", "lt"),
        ("привет", "ru"),
        ("спасибо", "ru"),
        ("дешевле", "ru"),
        ("да", "ru"),
        ("шапка", "ru"),
        # long
        ("Laba diena, ieškau neperšlampamos striukės iki 100 eurų", "lt"),
        ("ieskau siuksliu dezes virtuvei, kaina iki 30 eur", "lt"),
        ("Ar turite bėgimo batų moterims?", "lt"),
        ("Здравствуйте, ищу непромокаемую куртку до 5000 рублей", "ru"),
        ("покажите что-нибудь подешевле", "ru"),
        ("добавь второй в корзину", "ru"),
        # the other languages' short messages are still theirs
        ("bonjour", "fr"),
        ("jeftinije", "hr"),
        ("dziękuję", "pl"),
        ("danke", "de"),
    ],
)
def test_lithuanian_and_russian_are_detected(text, lang):
    assert detect_language(text, default="de" if lang != "de" else "en") == lang


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # Lithuanian typed bare: "is" is "iš", no English hint
        ("kuris is ju tikrai is kamstmedzio, o ne is kokios putos?", "lt"),
        ("o is ko jis pagamintas?", "lt"),
        # English "is" is still English
        ("is it waterproof?", "en"),
        ("which one is the cheapest?", "en"),
    ],
)
def test_a_hint_another_language_types_bare_is_no_hint(text, lang):
    from graph.language_detection import WORD_LANGUAGE

    assert "is" not in WORD_LANGUAGE  # Lithuanian "iš" typed bare
    assert "sie" not in WORD_LANGUAGE  # Polish "się" typed bare
    assert detect_language(text, default="xx") == lang


@pytest.mark.parametrize("text", ["ok", "hi", "50 €", "Nike"])
def test_a_message_of_no_language_keeps_the_default(text):
    assert detect_language(text, default="lt") == "lt"
    assert detect_language(text, default="ru") == "ru"


def test_a_script_only_one_language_writes_decides():
    assert V.script_language("нет") == "ru"
    assert V.script_language("iPhone чехол") is None  # mixed scripts: the words decide
    assert V.script_language("labas") is None  # Latin: eight languages share it


def test_a_short_message_with_letters_only_one_language_writes_is_in_that_language():
    from graph.language_detection import detect_language
    from graph.vocabulary import letter_languages

    assert detect_language("porte-bûches", default="") == "fr"
    assert detect_language("żółta", default="") == "pl"
    assert detect_language("Flötenkessel", default="") == "de"
    assert letter_languages("miegmaišis") == {"hr", "lt"}  # two languages write "š"
    assert detect_language("miegmaišis", default="") == ""  # so the letters do not decide
    assert letter_languages("mata do jogi") is None  # nothing beyond a-z: they tell nothing
    assert letter_languages("Größe für Café") == frozenset()  # no one language writes all


@pytest.mark.parametrize(
    "text",
    [
        "¿tenéis dominó?",  # py3langid: Spanish at 0.92, under the bar for two words
        "¿vendéis perfumes?",
        "¿lo tienes en 4XL?",
        "¡qué pasada!",
        "¿y en verde militar?",
        "¿hay algo para una niña de 6 años, fan de Frozen?",
    ],
)
def test_a_punctuation_mark_only_one_language_writes_decides(text):
    """Only Spanish opens a question with "¿" or an exclamation with "¡", at any length."""
    from graph.language_detection import detect_language

    assert V.mark_language(text) == "es"
    assert detect_language(text, default="lt") == "es"


def test_shared_punctuation_decides_nothing():
    assert V.mark_language("«Второе дыхание», please?") is None  # « is French and Russian
    assert V.mark_language("is it waterproof?") is None


def test_every_special_letter_is_claimed_by_a_language_that_writes_it():
    for lang in LANGS:
        letters = L.module(lang).LETTERS
        assert letters == letters.lower() and not set(letters) & set("abcdefghijklmnopqrstuvwxyz")
