"""What the rules know about each language, as data: one module per language.

Each module (``en.py``, ``de.py``, …) holds that language's words for every cue
table in :data:`KEYS`, under the same names; :mod:`graph.vocabulary` merges them
into the tables and regexes :mod:`graph.rules` reads. Adding a language is adding
a module here, its reply table in :mod:`graph.template_strings` and its code to
:data:`LANGUAGES` (``tests/test_languages.py`` checks all three agree).

Words are lowercase; a space matches any whitespace; a word ending in ``*`` (only
in the keys marked "stems") matches any word it begins. A word several languages
use sits in each of them. What is about the catalogue rather than the language
(product kinds, category words) is not here.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, Literal

#: The supported languages, in the order their words are merged.
LANGUAGES = ("en", "de", "fr", "es", "it", "hr", "pl", "lt", "ru")

Shape = Literal["text", "words", "groups", "ordinals", "counts"]

#: Every key a language module defines, and the shape of its value:
#: "text" one str; "words" a tuple of str; "groups" a dict of :data:`GROUPS` names ->
#: tuple of str;
#: "ordinals" a dict of 0-based position (-1 the last) -> tuple of str;
#: "counts" a dict of word -> int.
KEYS: dict[str, Shape] = {
    # the Unicode script of its letters ("LATIN", "CYRILLIC"): a message in a script only
    # one supported language uses is in that language, however short ("да")
    "SCRIPT": "text",
    # its letters beyond a-z: a short message whose special letters only one supported
    # language writes is in that language ("porte-bûches"); "" for another script
    "LETTERS": "text",
    # punctuation marks it writes that no other supported language does (Spanish "¿", "¡"):
    # a message holding one is in that language, however long, as with a script
    "MARKS": "text",
    # settle the language of a short message: words distinctive of it, product words in it
    "LANGUAGE_HINTS": "words",
    "PRODUCT_HINTS": "words",
    # where a product title names the thing's own kind among the kinds it mentions:
    # "first" ("Bracelet ceinture cuir" is a bracelet), "last" ("Leather Belt Bag" a bag)
    "TITLE_KIND": "text",
    # small talk
    "GREETINGS": "words",
    "GREETING_FILLERS": "words",  # what may surround a greeting ("hi there")
    "THANKS_AND_BYE": "words",
    "AFFIRMATIVES": "words",  # a bare "yes" to "shall I add it?"
    "AFFIRMATIVE_TAILS": "words",  # "yes, please": what may follow it
    "POLITENESS": "words",
    # the cart and buying
    "PURCHASE_STRONG": "words",  # always buying
    "PURCHASE_WEAK": "words",  # buying only with a product in view
    "CART_VIEW": "words",
    "CART_CLEAR": "words",
    "CART_REMOVE": "words",  # stems: taking a line out ("enlevez", "usuńcie")
    # ... said around the line it names, "…" standing for up to five words: "take … out"
    # ("take the blocks out"), "… wieder raus" ("den Ladeständer doch wieder raus")
    "CART_REMOVE_APART": "words",
    # "swap it for the Copperpot one", "zamień … na": a line out, the product named after in
    "CART_SWAP": "words",
    "CART_WORDS": "words",  # stems: the word for the cart itself
    "CART_ADD_VERBS": "words",  # stems: a message naming the cart still adds with these
    # ... except right after these: "a sticker to put on my bottle" asks what it is for
    "INFINITIVE_MARKERS": "words",
    "CONDITIONALS": "words",  # "if": a purchase said after one is supposed, not done
    # what the message asks for
    "COMPARE": "words",
    "BROWSE": "words",
    "BRANDS_ASK": "words",
    "NEED_CUES": "words",
    "ANOTHER_NEED": "words",  # "also", "now": another need, not a narrower one
    # opening a message that carries on the last cart action: "and the brown ones too"
    "CONTINUATIONS": "words",
    "PURPOSE_STARTS": "words",  # "headphones for running": the purpose after the item
    "PURPOSE_NOT_FOR": "words",  # ... unless a gender follows ("for women")
    "QUESTION_STARTS": "words",
    "EXISTENTIALS": "words",  # "is there", never a pointer at a product
    "PRODUCT_ATTRIBUTES": "words",
    "FEATURES": "groups",  # a product's features, searched in its description too
    "LETTER_SIZE_WORDS": "groups",  # "small", "extra large": a letter size said as a word ...
    "WEARER_CUES": "words",  # ... only right after these ("she's a", "I wear a")
    # what may join the parts of a compound noun besides nothing ("Winter|jacke"): "s" in
    # "Arbeit|s|hose", longest first; empty where the language writes no compounds
    # (graph.compounds)
    "COMPOUND_JOINTS": "words",
    # a learned prefix closed up with a kind, the kind still ("электро|чайник", "mini|lodówka"),
    # none that is a word of its own somewhere ("termo" is a thermos): graph.word_forms
    "COMBINING_PREFIXES": "words",
    "CONCEPT_ASKS": "groups",  # "how big", "made of": a question a product's text answers
    "CONCEPT_ANSWERS": "groups",  # ... the words that text answers it with ("cm", "cotton")
    # gifts
    "GIFTS": "words",
    "RECIPIENTS": "groups",
    "RECIPIENT_CUES": "words",  # a recipient word counts only after these ("for my")
    "FOR_MYSELF": "words",
    # pointing at a product shown
    "LIST_WORDS": "words",  # every card shown: "any of those", "them" (graph.references)
    "WHICH_WORDS": "words",  # ... asked to pick one: "which of these"
    "DEICTICS": "words",
    # "a", "une", "jakiś": a kind after these is another one, not the card of that kind
    # shown ("et une housse de couette ?" while a duvet cover is on screen)
    "INDEFINITES": "words",
    # "something", "etwas", "coś": a need that asks for these names no one product, though
    # a title holds its other words ("something fast for race day")
    "SOMETHING": "words",
    "DEICTICS_OWN": "words",  # pointers only in this language (Croatian "to" vs English "to")
    # a pointer at a product by what it has, not a pronoun: "the one with", "quella con"
    "DESCRIBED_POINTERS": "words",
    # "para", "in", "w": a kind after these relates the product in view to it ("¿vale para un
    # portátil?", "si può lavare in lavastoviglie?"), it asks for no other product
    "RELATING_PREPOSITIONS": "words",
    "WITH_WORDS": "words",
    "SHADE_WORDS": "words",
    # stems: what a request opens with that asks nothing ("tant pis, alors …", "ok, …"),
    # and a "no" taking back what came before: graph.openers
    "OPENERS": "words",
    "TAKING_BACK": "words",
    # stems: what goes with the product in view, asked with a kind ("the matching comforter
    # set", "die passende Bettdecke", "el edredón a juego"): graph.companions
    "COMPANIONS": "words",
    "ORDINALS": "ordinals",
    "NUMBERED": "words",  # "number 2", "#2"
    "NOT_ORDINAL": "words",  # an ordinal word that is something else here ("secondo me")
    "RUN_FIRST": "words",  # "the first two"
    "RUN_LAST": "words",
    "RUN_COUNTS": "counts",
    # a cart addition of every product in view ("both", "beides", "и то, и другое", "all
    # three"): how many it says, 0 for however many (graph.turn_readings)
    "EVERY_ONE": "counts",
    # adjusting what is shown
    # a superlative of size asked of the list: the product whose measure (volume, length)
    # is the largest or the smallest ("which one is the biggest?", "самый большой")
    "LARGEST": "words",  # stems
    "SMALLEST": "words",  # stems
    # a wish that may go unmet: what follows it is a preference, not a filter ("gern bunt",
    # "si possible qui brille dans le noir"); the colour after it ranks, it does not exclude
    "SOFT_CUES": "words",
    "CHEAPER": "words",
    "PRICIER": "words",
    "CHEAP": "words",
    # several products priced in one question (graph.price_questions): what asks a price
    # ("how much", "was kostet"), their sum ("together", "zusammen"), and the word before
    # the other side of a difference ("than", "od")
    "PRICE_ASKS": "words",
    "TOGETHER": "words",
    "THAN": "words",
    "DIFFERENCE": "words",  # ... and what asks one against the other ("how much more")
    # stems: "the plain one", "обычную", "la normal": of products alike on screen, the one
    # whose title has none of the others' extras (graph.plain_picks)
    "PLAIN": "words",
    "OTHER_BRAND": "words",
    "BRAND_NEGATIONS": "words",  # stems: "not", "without" just before a brand
    "BRAND_NEGATION_FILLERS": "words",  # "not from acme"
    "CONJUNCTIONS": "words",  # "not acme or zoom"
    "SOMETHING_ELSE": "words",
    "BIGGER_SIZE": "words",
    "SMALLER_SIZE": "words",
    "IN_STOCK_ONLY": "words",
    "OUT_OF_STOCK_OK": "words",  # regex sources, not words: sold-out products are fine
    "ON_SALE": "words",
    "BEST_SELLERS": "words",
    "CLEAR_NAMES": "groups",  # a constraint no longer applies: its names ...
    "CLEAR_BEFORE": "words",  # ... with these before ("any colour")
    "CLEAR_AFTER": "words",  # ... or these after ("the brand doesn't matter")
    # filler
    "QUERY_EDGE_WORDS": "words",  # dropped from the ends of the semantic query
    "STOPWORDS": "words",  # no product need in these alone
    "VAGUE_WORDS": "words",  # stems: a need of only these is too vague to search
    "PLACES": "words",  # stems: where a thing goes ("for the kitchen"), not what it is
    "CLUELESS": "words",  # "no idea what to get him": guidance wanted, not a search
    # "too bad. then a rolling pin": what was asked is given up, the rest is another need
    # (only regret: an "ok"-like opener, "bueno pues", "ладно", often narrows what was asked)
    "REGRETS": "words",
    "OCCASIONS": "words",  # stems: when, not what ("for her birthday")
    "IDEAS_ASK": "words",  # "any ideas?": guidance wanted for a gift or an occasion
}

#: The names of each "groups" key, the same in every language.
GROUPS: dict[str, tuple[str, ...]] = {
    # who a gift is for: a man, a woman, a boy, a girl, anyone (graph.vocabulary maps them to
    # the product genders the gift must not have; none for anyone: a teacher, a flatmate)
    "RECIPIENTS": ("man", "woman", "boy", "girl", "anyone"),
    "FEATURES": (
        "waterproof",
        "breathable",
        "wireless",
        "noise cancelling",
        "washable",
        "insulated",
        "dishwasher safe",
        "organic",
        "recycled",
        "adjustable",
        "packable",
        "non-slip",
        "warranty",
    ),  # fmt: skip
    "CLEAR_NAMES": ("colors", "brands", "size", "price"),
    "LETTER_SIZE_WORDS": ("XS", "S", "M", "L", "XL"),
    "CONCEPT_ASKS": ("dimensions", "material", "weight", "battery", "heel", "closure", "contents"),
    "CONCEPT_ANSWERS": (
        "dimensions",
        "material",
        "weight",
        "battery",
        "heel",
        "closure",
        "contents",
    ),
}

#: Keys whose words may end in ``*`` (a stem).
STEM_KEYS = frozenset(
    {
        "CART_WORDS", "CART_ADD_VERBS", "CART_REMOVE", "BRAND_NEGATIONS", "VAGUE_WORDS",
        "PLACES", "OCCASIONS", "LARGEST", "SMALLEST", "COMPANIONS", "OPENERS", "PLAIN",
        "SHADE_WORDS",
    }
)  # fmt: skip


def module(language: str) -> ModuleType:
    """The data module of ``language`` (``graph.languages.<code>``)."""
    if language not in LANGUAGES:
        raise ValueError(f"no language module for {language!r}; supported: {LANGUAGES}")
    return importlib.import_module(f"{__name__}.{language}")


def by_language(key: str) -> dict[str, Any]:
    """``key``'s value in each language, in :data:`LANGUAGES` order."""
    if key not in KEYS:
        raise KeyError(f"{key!r} is not a language key; see graph.languages.KEYS")
    return {lang: getattr(module(lang), key) for lang in LANGUAGES}


def _unique(words: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(words))


#: Letters NFKD does not decompose, typed as their base letter without a Polish or a
#: Croatian keyboard ("pomysłu" as "pomyslu", "đak" as "dak").
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o"})
_LATIN = re.compile(r"^[\W\da-zA-Zà-ɏÀ-Ɏ*]+$")


def bare(word: str) -> str:
    """``word`` as typed without diacritics ("también" → "tambien"); Cyrillic left alone."""
    if not _LATIN.match(word):
        return word
    decomposed = unicodedata.normalize("NFKD", word.translate(_UNDECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


#: A bare form rarer than this in every language is no other word (Zipf: 1 per million).
_RARE_ZIPF = 3.0


def _bare_is_free(word: str, language: str) -> bool:
    """Whether ``word``'s bare form names nothing else.

    No language uses it more than ``language`` uses ``word`` itself, or every language
    uses it rarely.

    "tambien" is "también" typed bare; "el" is no "él" (Spanish "the"), "si" no "sí",
    "schon" no "schön", "ja" no Polish "ją": those bare forms are words of their own.
    """
    from graph.common_words import zipf

    for written, typed in zip(word.split(), bare(word).split(), strict=True):
        written, typed = written.rstrip("*"), typed.rstrip("*")
        if written == typed:
            continue
        elsewhere = max(zipf(typed, lang) for lang in LANGUAGES)
        if elsewhere >= _RARE_ZIPF and elsewhere > zipf(written, language):
            return False
    return True


def _with_bare(words: Iterable[str], language: str) -> list[str]:
    """Each word, then its bare form where that is no other word (:func:`_bare_is_free`).

    Shoppers type "y tambien", "cuantas", "krepselyje".
    """
    out: list[str] = []
    for word in words:
        out.append(word)
        typed = bare(word)
        if typed != word and _bare_is_free(word, language):
            out.append(typed)
    return out


def words(key: str) -> tuple[str, ...]:
    """The words of a "words" key in every language, first occurrence kept."""
    return _unique([w for lang, table in by_language(key).items() for w in _with_bare(table, lang)])


def groups(key: str) -> dict[str, tuple[str, ...]]:
    """A "groups" key merged over the languages: group name -> words."""
    merged: dict[str, list[str]] = {name: [] for name in GROUPS[key]}
    for lang, table in by_language(key).items():
        assert isinstance(table, Mapping)
        for name, group in table.items():
            merged[name].extend(_with_bare(group, lang))
    return {name: _unique(group) for name, group in merged.items()}


def ordinals() -> dict[int, tuple[str, ...]]:
    """Position -> ordinal words in every language."""
    merged: dict[int, list[str]] = {}
    for lang, table in by_language("ORDINALS").items():
        assert isinstance(table, Mapping)
        for position, group in table.items():
            merged.setdefault(position, []).extend(_with_bare(group, lang))
    return {position: _unique(group) for position, group in merged.items()}


def counts(key: str) -> dict[str, int]:
    """A "counts" key merged over the languages: word -> number."""
    merged: dict[str, int] = {}
    for lang, table in by_language(key).items():
        assert isinstance(table, Mapping)
        for word, number in table.items():
            for form in _with_bare((word,), lang):
                merged.setdefault(form, number)
    return merged


def per_language(key: str) -> dict[str, tuple[str, ...]]:
    """A "words" key in each language: language -> its words."""
    return {lang: _unique(_with_bare(table, lang)) for lang, table in by_language(key).items()}
