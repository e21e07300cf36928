"""The word tables and regexes the rule-based understanding in :mod:`graph.rules` reads.

The words of each language live in :mod:`graph.languages` (one data module per
language); this module merges them into the tables :mod:`graph.rules` uses
(tuples of lowercase words and phrases, a space matching any whitespace) and
compiles them once, at import, with :func:`phrase_regex` (a trie-shaped regex)
and :func:`stem_regex`. Colour, material, gender and size words are not here: they
come from :mod:`sync.enrich`, so a shopper's "schwarz" and a feed's "Noir" meet on
"black"; product words by concept, which are about the catalogue rather than a
language, are in :mod:`graph.product_words`. Still here, not split by language: the
amount and quantity regexes (money is read by :mod:`sync.money`) and the size regexes.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from graph import languages as L
from graph.common_words import zipf
from sync.enrich import trie_regex


def stem_regex(words: Iterable[str]) -> re.Pattern[str]:
    """Whole words, where a word ending in ``*`` is a stem matching any word it begins."""
    words = tuple(words)
    exact = {w for w in words if not w.endswith("*")}
    stems = {w[:-1] for w in words if w.endswith("*")}
    parts = ([trie_regex(exact)] if exact else []) + ([trie_regex(stems) + r"\w*"] if stems else [])
    return re.compile(r"(?<!\w)(?:" + "|".join(parts) + r")(?!\w)")


# fmt: off
SUPPORTED_LANGUAGES = L.LANGUAGES

# Words distinctive of one language, used to settle short messages py3langid cannot.
# Words shared by several languages ("hi", "ok", "una", "con") are deliberately left out.
LANGUAGE_HINTS: dict[str, tuple[str, ...]] = L.per_language("LANGUAGE_HINTS")
# Product words of one language, for a first message that is only a product ("un sac",
# "kurtka"). Words a shopper could write in English are left out ("robe", "pull", "hose").
PRODUCT_LANGUAGE_HINTS: dict[str, tuple[str, ...]] = L.per_language("PRODUCT_HINTS")

# The supported languages written in each script ("CYRILLIC": ("ru",)).
SCRIPT_LANGUAGES: dict[str, tuple[str, ...]] = {}
for _lang, _script in L.by_language("SCRIPT").items():
    SCRIPT_LANGUAGES.setdefault(_script, ())
    SCRIPT_LANGUAGES[_script] += (_lang,)

GREETINGS = L.words("GREETINGS")
# What may surround a greeting and still leave it only a greeting ("hi there, how are you?").
GREETING_FILLERS = L.words("GREETING_FILLERS")
THANKS_AND_BYE = L.words("THANKS_AND_BYE")
# A bare "yes" to "Shall I add it to your cart?" (the whole message, fillers allowed).
AFFIRMATIVES = L.words("AFFIRMATIVES")
POLITENESS = L.words("POLITENESS")

# Purchase: strong phrases always mean buying; weak ones only with a product in view.
PURCHASE_STRONG = L.words("PURCHASE_STRONG")
# The cart itself: look at it, take something out, empty it (checked before purchases).
CART_VIEW = L.words("CART_VIEW")
# The purpose after the item: "headphones for running", "Kopfhörer zum Laufen".
PURPOSE_RE = re.compile(
    r"(?<!\w)(?:" + trie_regex(L.words("PURPOSE_STARTS")) + r")\s+(?!(?:"
    + trie_regex(L.words("PURPOSE_NOT_FOR")) + r")\b)"
)
# Words that open another need rather than narrow the last one.
ANOTHER_NEED_RE = re.compile(
    r"(?<![\w'])(?:" + trie_regex(L.words("ANOTHER_NEED")) + r")(?![\w'])"
)
_CONTINUATIONS = L.per_language("CONTINUATIONS")


@functools.cache
def continuation_re(language: str) -> re.Pattern[str]:
    """The words a message carrying on opens with, as a regex for its language.

    It carries on the last cart action ("i jeszcze brązowe") or the last search ("a w
    panterke?", "what about a blender?").

    The message's language's words and English's (shoppers mix it in), every language's
    when the language is not known: Polish "a" ("and") is the English article.
    """
    if language in _CONTINUATIONS:
        words = {*_CONTINUATIONS[language], *_CONTINUATIONS["en"]}
    else:
        words = {w for table in _CONTINUATIONS.values() for w in table}
    # after an "ok" or an interjection ("oh and the Lumora ring too", "ach, und …", "ну и …")
    opener = r"(?:(?:ok\w*|oh|ah|ach|och|oops|hmm+|ну|ой)\W+)?"
    return re.compile(r"^[\W\d_]*" + opener + "(?:" + trie_regex(words) + r")(?![\w'\-])")


CART_WORD_RE = stem_regex(L.words("CART_WORDS"))
# A message with these adds to the cart even when it names the cart ("add it to my cart").
CART_ADD_VERB_RE = stem_regex(L.words("CART_ADD_VERBS"))
_CART_ADD_VERBS = L.per_language("CART_ADD_VERBS")


@functools.cache
def cart_add_verb_re(language: str) -> re.Pattern[str]:
    """The verbs that put things in a cart in ``language``, and English's (shoppers mix it in).

    Every language's when the language is not known. One language's verb is another's
    word: German "leg*" (legen) is no Italian "legno", French "balance" no Polish one.
    """
    if language in _CART_ADD_VERBS:
        return stem_regex({*_CART_ADD_VERBS[language], *_CART_ADD_VERBS["en"]})
    return CART_ADD_VERB_RE
# Browsing the brands rather than the categories.
BRANDS_ASK_RE = stem_regex(L.words("BRANDS_ASK"))
CART_CLEAR = L.words("CART_CLEAR")
CART_REMOVE = L.words("CART_REMOVE")
# "2 of the second one", "three of them", "add 2": how many to add.
QUANTITY_RE = re.compile(
    r"(?<![\w.,])(?P<n>[1-9]\d?|two|three|four|five|six|zwei|drei|vier|fünf|deux|trois|quatre|"
    r"cinq|dos|tres|cuatro|cinco|due|tre|quattro|cinque|dva|dvije|tri|četiri|pet|dwa|dwie|trzy|"
    r"cztery|pięć|два|две|три|четыре|пять|dvi|trys|keturi|keturios|penki)\s+"
    r"(?:of\s+(?:the|them|those|it)|x\b|pieces?|pcs|pairs?|units?|stück|"
    r"exemplaires|unidades|pezzi|komada|sztuki|sztuk|pary|par\b|von\s+(?:dem|der|den)|"
    r"de\s+(?:la|le|los|las)|di\s+(?:quell|quest)|od\s+|"
    # "две штуки", "2 шт", "две пары"; "dvi poros", "du vienetai", "2 vnt"
    r"штук[иа]?\b|шт\b|пар[ыу]?\b|vienet\w*|vnt\b|por[aoą]s?\b)"
)
NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "zwei": 2, "drei": 3, "vier": 4,
    "fünf": 5, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dos": 2, "tres": 3, "cuatro": 4,
    "cinco": 5, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "dva": 2, "dvije": 2, "tri": 3,
    "četiri": 4, "pet": 5, "dwa": 2, "dwie": 2, "trzy": 3, "cztery": 4, "pięć": 5,
    "dvi": 2, "trys": 3, "keturi": 4, "keturios": 4, "penki": 5, "два": 2, "две": 2,
    "три": 3, "четыре": 4, "пять": 5,
}  # fmt: skip
PURCHASE_WEAK = L.words("PURCHASE_WEAK")
COMPARE = L.words("COMPARE")
BROWSE = L.words("BROWSE")
# Words and phrases that ask for products (a need) rather than only adjust one.
NEED_CUES = L.words("NEED_CUES")
# Needs that stay in the semantic query ("a gift for my mom").
GIFTS = L.words("GIFTS")
# Who a gift is for says which fit it must not have: a women's dress is no gift for "my
# husband", a kids' jacket none for "my wife". Products without a gender (a speaker, a
# mug) stay. A child ("my son") may wear kids' or adult sizes, so only the other sex goes.
# Read only after a possessive or "for" ("for my husband", "dla męża", "pour ma femme"):
# "Mann", "femme", "mujer" alone are product genders, which sync.enrich reads.
_NOT_FOR_MAN = ("women", "kids")
_NOT_FOR_WOMAN = ("men", "kids")
RECIPIENTS: dict[tuple[str, ...], tuple[str, ...]] = {
    genders: L.groups("RECIPIENTS")[who]
    for who, genders in (("man", _NOT_FOR_MAN), ("woman", _NOT_FOR_WOMAN), ("boy", ("women",)),
                         ("girl", ("men",)), ("anyone", ()))  # a teacher, a flatmate: no gender
}
# The shopper buying for themselves again.
FOR_MYSELF = L.words("FOR_MYSELF")
RECIPIENT_CUES = L.words("RECIPIENT_CUES")

QUESTION_STARTS = L.words("QUESTION_STARTS")
# Asking about a product's properties (with a question form, a product question).
PRODUCT_ATTRIBUTES = L.words("PRODUCT_ATTRIBUTES")
# "the first two", "les deux premiers", "prva dva": a run of cards from either end.
RUN_FIRST = L.words("RUN_FIRST")
RUN_LAST = L.words("RUN_LAST")
RUN_COUNTS = L.counts("RUN_COUNTS")
EVERY_ONE = L.counts("EVERY_ONE")
# Features a shopper asks about one product ("is it waterproof?"), answered from its
# description. Each concept's words in the seven languages; the description is searched for
# any of them (a German feed says "wasserdicht"), and the sentence is quoted, never judged.
FEATURES: dict[str, tuple[str, ...]] = L.groups("FEATURES")
# Words that point at something already in view ("is it ...", "that one").
DEICTICS = L.words("DEICTICS")
# Deictics only when the message is in this language ("to" is English "to").
DEICTICS_BY_LANGUAGE: dict[str, tuple[str, ...]] = L.per_language("DEICTICS_OWN")

# 0-based position -> ordinal words (-1: the last one).
ORDINALS: dict[int, tuple[str, ...]] = L.ordinals()
# "Number 2", "option 2", "#2".
NUMBERED = L.words("NUMBERED")
# Ordinal words that are something else in these phrases ("secondo me" = in my opinion).
NOT_ORDINAL = L.words("NOT_ORDINAL")

CHEAPER = L.words("CHEAPER")
PRICIER = L.words("PRICIER")
CHEAP = L.words("CHEAP")
OTHER_BRAND = L.words("OTHER_BRAND")
SOMETHING_ELSE = L.words("SOMETHING_ELSE")
BIGGER_SIZE = L.words("BIGGER_SIZE")
SMALLER_SIZE = L.words("SMALLER_SIZE")
IN_STOCK_ONLY = L.words("IN_STOCK_ONLY")
# Regex sources (rules.py compiles them): the shopper accepts sold-out products.
OUT_OF_STOCK_OK = L.words("OUT_OF_STOCK_OK")
# Clearing a constraint: "any colour", "forget the budget", "the brand doesn't matter".
# Each key: the words that name it; CLEAR_BEFORE / CLEAR_AFTER say it no longer applies.
CLEAR_NAMES: dict[str, tuple[str, ...]] = L.groups("CLEAR_NAMES")
CLEAR_BEFORE = L.words("CLEAR_BEFORE")
CLEAR_AFTER = L.words("CLEAR_AFTER")
ON_SALE = L.words("ON_SALE")
# Phrases for a "best sellers" collection; a facet collection is picked by its name.
BEST_SELLERS = L.words("BEST_SELLERS")
# Words matched in facet collection names that mean "best sellers".
BEST_SELLER_NAMES = ("best seller", "bestseller", "best-seller", "top seller", "popular")

# Words dropped from the ends of the semantic query.
QUERY_EDGE_WORDS = L.words("QUERY_EDGE_WORDS")
# Filler that carries no product need (what remains after extraction must not be only these).
STOPWORDS = L.words("STOPWORDS")

# fmt: on


# --- matching helpers (compile the tables above) ------------------------------------------------

_EDGE = r"(?:(?<![\w'])|(?![\w']))"  # a word boundary wherever the phrase has a word character


def phrase_regex(words: Iterable[str], *, at_end: bool = False) -> re.Pattern[str]:
    """A compiled regex for whole words and phrases (lowercase text).

    Args:
        words: Words or phrases; a word boundary applies at each end that is a
            letter or digit, so "vs." and "<" work as well as "under".
        at_end: Match only at the end of the text (trailing whitespace allowed):
            for qualifiers just before an amount.

    Returns:
        The pattern.
    """
    pattern = _EDGE + "(?:" + trie_regex(set(words)) + ")" + _EDGE
    return re.compile(pattern + r"\s*$" if at_end else pattern)


def letter_scripts(text: str) -> set[str]:
    """The Unicode scripts of ``text``'s letters: {"LATIN"}, {"CYRILLIC"}, both, or none."""
    return {unicodedata.name(char, "?").split()[0] for char in text if char.isalpha()}


def script_language(text: str) -> str | None:
    """The language of a text whose letters are all in a script only one language uses.

    "да" -> "ru"; a Latin-script text (eight languages) or mixed scripts -> None.
    """
    scripts = letter_scripts(text)
    if len(scripts) != 1:
        return None
    languages = SCRIPT_LANGUAGES.get(scripts.pop(), ())
    return languages[0] if len(languages) == 1 else None


LETTER_LANGUAGES: dict[str, frozenset[str]] = {}
for _lang, _letters in L.by_language("LETTERS").items():
    for _char in _letters:
        LETTER_LANGUAGES[_char] = LETTER_LANGUAGES.get(_char, frozenset()) | {_lang}


MARK_LANGUAGE: dict[str, str] = {
    mark: lang for lang, marks in L.by_language("MARKS").items() for mark in marks
}


def mark_language(text: str) -> str | None:
    """The language of a text holding a punctuation mark only it writes ("¿tenéis dominó?")."""
    found = {MARK_LANGUAGE[char] for char in text if char in MARK_LANGUAGE}
    return found.pop() if len(found) == 1 else None


def letter_languages(text: str) -> frozenset[str] | None:
    """The supported languages that write every special letter of ``text``.

    "miegmaišis" -> {"hr", "lt"}; "porte-bûches" -> {"fr"}; ``None`` when the text
    has no letter beyond a-z that a language here claims (it tells nothing).
    """
    found: frozenset[str] | None = None
    for char in set(text.lower()):
        languages = LETTER_LANGUAGES.get(char)
        if languages is not None:
            found = languages if found is None else found & languages
    return found


def fold(text: str) -> str:
    """Lowercase without accents, for matching names: 'Vêtements' -> 'vetements'."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def typed_bare(words: Iterable[str]) -> tuple[str, ...]:
    """``words`` and each as typed without diacritics, for words in Latin letters.

    Shoppers write "nie mam pojecia", "idek i krepseli", "chce cos ladnego": every cue
    matches its bare form too. Cyrillic is left alone ("й" is not typed as "и").
    """
    out = dict.fromkeys(words)
    for word in list(out):
        out.setdefault(L.bare(word.lower()))  # Cyrillic comes back as written
    return tuple(out)


def singular(word: str) -> str:
    """A cheap English singular: dresses -> dress, accessories -> accessory, shoes -> shoe."""
    if len(word) <= 3 or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


# --- compiled tables (used by graph.rules) -------------------------------------------------------

GREETING_RE = phrase_regex(GREETINGS)
GREETING_FILLER_RE = phrase_regex(GREETING_FILLERS)
THANKS_RE = phrase_regex(THANKS_AND_BYE)
POLITE_RE = phrase_regex(POLITENESS)
PURCHASE_STRONG_RE = phrase_regex(PURCHASE_STRONG)
CART_VIEW_RE = phrase_regex(CART_VIEW)
CART_CLEAR_RE = phrase_regex(CART_CLEAR)
CART_REMOVE_RE = stem_regex(CART_REMOVE)


def _apart_regex(phrases: Iterable[str]) -> re.Pattern[str]:
    """Phrases whose "…" stands for one to five words ("take … out"); "…" first: any."""
    gap = r"(?:\s+[^\s]+){1,5}\s+"
    parts = []
    for phrase in phrases:
        head, _, tail = (p.strip() for p in phrase.partition("…"))
        start = rf"(?<!\w){re.escape(head)}" if head else r"(?:^|(?<=\s))[^\s]+"
        parts.append(start + gap + re.escape(tail) + r"(?!\w)")
    return re.compile("|".join(parts))


CART_REMOVE_APART_RE = _apart_regex(L.words("CART_REMOVE_APART"))


def _swap_patterns(phrases: Iterable[str]) -> tuple[re.Pattern[str], ...]:
    """One regex a phrase; "…" (one to five words) is captured as ``gap``."""
    patterns = []
    for phrase in sorted(phrases, key=len, reverse=True):
        head, apart, tail = (p.strip() for p in phrase.partition("…"))
        gap = r"\s+(?P<gap>[^\s]+(?:\s+[^\s]+){0,4}?)\s+" if apart else r"\s+"
        words = [re.escape(w) for w in (head + " " + tail).split()] if not apart else []
        body = re.escape(head) + gap + re.escape(tail) if apart else r"\s+".join(words)
        patterns.append(re.compile(rf"(?<!\w){body}(?!\w)"))
    return tuple(patterns)


#: "swap it for the Copperpot one", "zamień kubek na czarny": exchanging a cart line.
CART_SWAP_PATTERNS = _swap_patterns(L.words("CART_SWAP"))
PURCHASE_WEAK_RE = phrase_regex(PURCHASE_WEAK)
COMPARE_RE = phrase_regex(COMPARE)
BROWSE_RE = phrase_regex(BROWSE)
NEED_RE = phrase_regex(typed_bare(NEED_CUES))
GIFT_RE = phrase_regex(typed_bare(GIFTS))
#: "no idea what to get him", "nie wiem co kupić": the shopper asks to be guided.
CLUELESS_RE = phrase_regex(typed_bare(L.words("CLUELESS")))
#: A message opening with a regret ("peccato. allora almeno un mattarello"): what was
#: asked before is given up, the rest is another need.
REGRET_RE = re.compile(r"^[\W\d_]*(?:" + trie_regex(L.words("REGRETS")) + r")(?![\w'])")
#: "any ideas?", "what should I get": guidance wanted when the need is a gift or for someone.
IDEAS_ASK_RE = phrase_regex(typed_bare(L.words("IDEAS_ASK")))
FOR_MYSELF_RE = phrase_regex(FOR_MYSELF)
AFFIRMATIVE_RE = re.compile(
    r"^\W*"
    + phrase_regex(AFFIRMATIVES).pattern
    + r"(?:[\s,]+(?:"
    + trie_regex(L.words("AFFIRMATIVE_TAILS"))
    + r"))?\W*$"
)
_RECIPIENT_WORD = {word: genders for genders, words in RECIPIENTS.items() for word in words}
RECIPIENT_WORDS = frozenset(_RECIPIENT_WORD)
#: Words that say who a need is for, not what it is ("für meinen Mann", "dla żony").
WHO_WORDS = (
    RECIPIENT_WORDS
    | frozenset(RECIPIENT_CUES)
    | frozenset(w for phrase in FOR_MYSELF for w in phrase.split())
)
#: A recipient word after a possessive or "for" (one or two cue words: "for my").
RECIPIENT_RE = re.compile(
    _EDGE
    + "(?:"
    + trie_regex(set(RECIPIENT_CUES))
    + r")\s+(?:(?:"
    + trie_regex(set(RECIPIENT_CUES))
    + r")\s+)?(?P<who>"
    + trie_regex(set(_RECIPIENT_WORD))
    + ")(?:'s)?"
    + _EDGE
)


def recipients(text: str) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """The product genders a gift for the person ``text`` names must not have, and where.

    "a jacket for my husband" -> ("women", "kids"); "für meine Tochter" -> ("men",);
    no recipient, or recipients of both sexes ("for my mom and dad") -> (). The spans
    are the recipients' words ("femme" in "ma femme" is a wife, not a product gender).
    """
    found: set[tuple[str, ...]] = set()
    spans = []
    for m in RECIPIENT_RE.finditer(text):
        # French "son" is "his/her" ("pour son anniversaire"): the English word only
        # counts after a possessive ("for my son")
        if m.group("who") == "son" and not re.search(r"\b(?:my|his|her|our)\s+son", m.group()):
            continue
        found.add(_RECIPIENT_WORD[m.group("who")])
        spans.append(m.span("who"))
    return (next(iter(found)) if len(found) == 1 else ()), spans


QUESTION_START_RE = re.compile(r"^[\W\d_]*" + phrase_regex(QUESTION_STARTS).pattern)
ATTRIBUTE_RE = phrase_regex(PRODUCT_ATTRIBUTES)

_FEATURE_OF = {word: concept for concept, words in FEATURES.items() for word in words}
FEATURE_RE = phrase_regex(_FEATURE_OF)
FEATURE_TEXT_RE = {concept: phrase_regex(words) for concept, words in FEATURES.items()}


def features_asked(text: str) -> list[tuple[str, str]]:
    """``(concept, the shopper's word)`` for each feature a message asks about, in order."""
    found: dict[str, str] = {}
    for match in FEATURE_RE.finditer(text.lower()):
        found.setdefault(_FEATURE_OF[match.group()], match.group())
    return list(found.items())


DEICTIC_RE = phrase_regex(DEICTICS)
DESCRIBED_POINTER_RE = phrase_regex(typed_bare(L.words("DESCRIBED_POINTERS")))
QUOTED_RE = re.compile(r"[«“\"„]([^»”\"“]{2,})[»”\"“]")  # a name in quotes: «Второе дыхание»
DEICTIC_BY_LANGUAGE_RE = {lang: phrase_regex(w) for lang, w in DEICTICS_BY_LANGUAGE.items()}
INDEFINITE_RE = {
    lang: phrase_regex(typed_bare(words)) for lang, words in L.per_language("INDEFINITES").items()
}
ORDINAL_INDEX = {word: index for index, words in ORDINALS.items() for word in words}
ORDINAL_RE = phrase_regex(ORDINAL_INDEX)
NUMBERED_RE = re.compile(
    r"(?:" + "|".join(re.escape(word) for word in NUMBERED) + r")\s*(\d{1,2})(?!\d)"
)
NOT_ORDINAL_RE = phrase_regex(NOT_ORDINAL)
CHEAPER_RE = phrase_regex(CHEAPER)
SOFT_CUE_RE = phrase_regex(L.words("SOFT_CUES"))
LARGEST_RE = stem_regex(L.words("LARGEST"))
SMALLEST_RE = stem_regex(L.words("SMALLEST"))
PRICIER_RE = phrase_regex(PRICIER)
CHEAP_RE = phrase_regex(CHEAP)
#: Several products priced in one question, in the message's language (graph.price_questions)
PRICE_ASK_RE = {lang: phrase_regex(words) for lang, words in L.per_language("PRICE_ASKS").items()}
TOGETHER_RE = {lang: phrase_regex(words) for lang, words in L.per_language("TOGETHER").items()}
THAN_RE = {lang: phrase_regex(words) for lang, words in L.per_language("THAN").items()}
DIFFERENCE_RE = {lang: phrase_regex(words) for lang, words in L.per_language("DIFFERENCE").items()}
OTHER_BRAND_RE = phrase_regex(OTHER_BRAND)
SOMETHING_ELSE_RE = phrase_regex(SOMETHING_ELSE)
SOMETHING_RE = phrase_regex(typed_bare(L.words("SOMETHING")))  # "something fast …": a need
CLEAR_RES = {
    key: re.compile(
        r"(?:(?:" + phrase_regex(CLEAR_BEFORE).pattern + r")\s+(?:(?:the|a|my|of|on|in)\s+)?"
        r"(?:" + phrase_regex(names).pattern + r")(?:\s+(?:preferences?|limit|range))?"
        r"(?:\s+(?:is|are))?(?:\s+(?:fine|ok|okay))?"
        r"|(?:(?:the|my|die|der|das|la|le|el|il)\s+)?(?:" + phrase_regex(names).pattern + r")"
        r"\s+(?:" + phrase_regex(CLEAR_AFTER).pattern + r"))"
    )
    for key, names in CLEAR_NAMES.items()
}
BIGGER_RE = phrase_regex(BIGGER_SIZE)
SMALLER_RE = phrase_regex(SMALLER_SIZE)
IN_STOCK_RE = phrase_regex(IN_STOCK_ONLY)
OUT_OF_STOCK_OK_RE = re.compile("|".join(f"(?:{source})" for source in OUT_OF_STOCK_OK))
_ON_SALE = L.per_language("ON_SALE")
#: An English sale word that is a common word of the message's language says no sale
#: there: Spanish "¿cuánto sale?" ("how much is it"), Italian "sale" (salt), French "sale".
MAX_BORROWED_ZIPF = 4.5


@functools.cache
def on_sale_re(language: str) -> re.Pattern[str]:
    """What asks for products on sale in ``language`` (English's words as well, but its own)."""
    borrowed = tuple(
        w for w in _ON_SALE["en"] if language == "en" or zipf(w, language) < MAX_BORROWED_ZIPF
    )
    return phrase_regex((*_ON_SALE.get(language, ()), *borrowed))


BEST_SELLERS_RE = phrase_regex(BEST_SELLERS)
STOPWORD_SET = frozenset(STOPWORDS)
#: "she's a small", "I wear a medium": a letter size said as a word after a wearer cue
#: ("a large mug" is no size).
SIZE_WORD_LETTER = {w: size for size, ws in L.groups("LETTER_SIZE_WORDS").items() for w in ws}
WEARER_SIZE_RE = re.compile(
    phrase_regex(L.words("WEARER_CUES")).pattern
    + r"\s+(?P<word>"
    + phrase_regex(SIZE_WORD_LETTER).pattern
    + r")"
)
#: Words that ask nothing of a product by themselves: filler, "do you have", question words
#: ("macie lakierowane czółenka Spaziomoda?" asks for the pumps, nothing about them).
ASK_FILLER = tuple(
    dict.fromkeys([*STOPWORDS, *(w for cue in (*NEED_CUES, *QUESTION_STARTS) for w in cue.split())])
)
PRODUCT_UPDATE_IGNORED = ("query", "sort")
EDGE_WORDS = frozenset(QUERY_EDGE_WORDS)


_NEGATIONS = L.per_language("BRAND_NEGATIONS")


@functools.cache
def negation_re(language: str) -> re.Pattern[str]:
    """A refusal in ``language`` ("not", "pas", "только не"), every language's if unknown.

    Its own language's only: Polish "no" is "well", Italian "ne" is "of it".
    """
    words = _NEGATIONS.get(language) or tuple(w for t in _NEGATIONS.values() for w in t)
    return stem_regex(words)


#: Where the words a refusal governs end: the clause ("pas une robe chemise, en bleu").
CLAUSE_END_RE = re.compile(r"[,.;:!?]")
BRAND_NEGATION_END = re.compile(
    stem_regex(L.words("BRAND_NEGATIONS")).pattern
    + r"\s+(?:(?:"
    + trie_regex(L.words("BRAND_NEGATION_FILLERS"))
    + r")\s+)*$"
)
#: Where a message joins two things it names: "the X and the Y", "X, Y" (every language).
JOINS_RE = re.compile(r"\s*,\s*|\s+(?:" + trie_regex(L.words("CONJUNCTIONS")) + r")\s+")
BRAND_CHAIN_RE = re.compile(r"\s*(?:,|/|" + trie_regex(L.words("CONJUNCTIONS")) + r")\s*$")
LETTER_SIZE_RE = re.compile(r"(?<![\w-])(xxs|xs|xxxl|xxl|xl|[234]xl)(?![\w-])")
#: "in M", "talla L", "размер L", "rozmiar S": a lone letter after a word saying it is a size.
LONE_SIZE_RE = re.compile(
    r"(?<!\w)(?i:in|en|u|w|taille|talla|taglia|size|размер|размера|rozmiar|rozmiaru|größe"
    r"|grösse|dydis|dydžio|dydzio|veličina|veličine|misura|tamaño)\s+([SML])(?!\w)"
)
# The size word after the size, as Lithuanian, Polish and Russian say it: "M dydžio",
# "42 rozmiaru", "L размера"; a number may carry its ordinal ending ("40-й размер",
# "44-го размера", "39-o dydžio").
SIZE_AFTER_RE = re.compile(
    r"(?<![\w-])(xxs|xs|s|m|l|xl|xxl|xxxl|[234]xl|\d{2}(?:[.,]5)?)"
    r"(?:-(?:й|го|ого|ый|ой|ом|о|o|to))?\s+"
    r"(?:dydžio|dydzio|dydis|dydį|dydi|rozmiaru|rozmiar|размера|размер)(?!\w)"
)
# The size word before the size as Russian, Polish and Lithuanian decline it: "в размере M",
# "w rozmiarze 40", "dydžio L" ("размер M", "rozmiar M" are the table's).
SIZE_BEFORE_RE = re.compile(
    r"(?<!\w)(?:размере|размером|размеру|rozmiarze|rozmiarem|rozmiaru|dydžio|dydzio|dydį|dydi)"
    r"\s+(xxs|xs|s|m|l|xl|xxl|xxxl|[234]xl|\d{2}(?:[.,]5)?)(?!\w)"
)
SIZE_PHRASE_RE = re.compile(
    r"(?<!\w)(?:(?:in\s+)?(?:size|größe|grösse|gr\.|taille|talla|taglia|rozmiar|veličin\w*|"
    r"velicin\w*|broj)\s*:?\s*(?:eu\s*)?(?:\d{2}(?:[.,]5)?|[23]?x{0,3}[sml])|"
    r"(?:in\s+)?(?:xxs|xs|xxxl|xxl|xl|[234]xl))(?!\w)"
)
# Sizes as shoppers write them that a product's text rarely does: "EU 42", "pointure 42",
# "size 10", "US 10" (the catalogue's sizes are EU or letters: a US size simply matches none).
_SHOPPER_SIZE_WORD = (
    r"(?:(?:shoe\s+)?size|sz\.?|größe|grösse|schuhgröße|schuhgrösse|gr\.?|taille|pointure|talla|"
    r"taglia|rozmiar|veličin\w*|velicin\w*|размер\w*|розмір\w*|dyd\w*)\s*:?\s*"
)
# "Nummer 2" / "número 2" / "broj 2" is usually "the second one": only a shoe size after them.
_NUMBER_WORD = r"(?:número|numero|nummer|numer|broj)\s*:?\s*"
_SHOE_SIZE = r"(?:1[6-9]|[2-4]\d|50)(?:[.,]5)?"
SHOPPER_SIZE_RE = re.compile(
    r"(?<!\w)(?:in\s+)?(?:(?:" + _SHOPPER_SIZE_WORD + r")?(?P<system>eu|us|uk)\s*(?P<num>"
    r"\d{1,2}(?:[.,]5)?)|"
    + _SHOPPER_SIZE_WORD
    + r"(?P<bare>\d{1,2}(?:[.,]5)?)|"
    + _NUMBER_WORD
    + r"(?P<shoe>"
    + _SHOE_SIZE
    + r")|"
    # "in a 9", "I'm a 9.5": a number after "a" that ends the sentence
    + r"a\s+(?P<a>(?:1[0-5]|3[5-9]|4[0-8]|[3-9])(?:[.,]5)?)(?=\s*(?:[!?;]|[.,](?!\d)|$))|"
    # jeans by waist and length: "W32 L34", "w32/l32", "W30"
    + r"(?P<wl>w\d{2}(?:\s*/?\s*l\d{2})?))"
    r"(?!\w|[.,]\d|\s*(?:%|cm|mm|inch|\"))"
)
# More of what is being sought, narrowed: "waterproof ones", "do you have them in red",
# "a lighter one", "something shorter" (ordinals like "the first one" are references).
ANAPHORA_RE = re.compile(
    r"(?<![\w'])(?:ones|them\s+in|(?:a|an)\s+(?:\w+\s+){1,2}one|(?:something|anything)\s+"
    r"\w{3,}er)(?![\w'])"
)
THE_X_ONE_RE = re.compile(r"(?<!\w)the\s+\w+\s+ones?(?!\w)")
WORD_RE = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
GIBT_ES_RE = re.compile(r"(?<!\w)(?:" + trie_regex(L.words("EXISTENTIALS")) + r")(?!\w)")


def _stem_matcher(key: str) -> tuple[frozenset[str], re.Pattern[str]]:
    """A stems key's whole words, and a regex for its stems (``*``) with any ending."""
    words = typed_bare(L.words(key))  # "cos ladnego" is "coś ładnego"
    stems = {w[:-1] for w in words if w.endswith("*")}
    whole = frozenset(w for w in words if not w.endswith("*"))
    return whole, re.compile("(?:" + trie_regex(stems) + r")\w*")


#: Words that say nothing about *what* to buy: a need made only of these is too vague to
#: search well, so the elicitor asks first (who it is for, the occasion, filler).
VAGUE_WORDS, _VAGUE_STEM_RE = _stem_matcher("VAGUE_WORDS")
_PLACES, _PLACE_STEM_RE = _stem_matcher("PLACES")
#: Occasions say when, not what ("for her birthday", "ein Abschiedsgeschenk"): as vague.
_OCCASIONS, _OCCASION_STEM_RE = _stem_matcher("OCCASIONS")


def is_vague_word(word: str) -> bool:
    """Whether ``word`` says no more than "something" ("jakiegoś", "подскажите", "gift").

    :data:`VAGUE_WORDS` whole, and the stems there (``*``) with any ending: the inflected
    languages decline these words more ways than a list keeps up with.
    """
    return (
        word in VAGUE_WORDS or _VAGUE_STEM_RE.fullmatch(word) is not None or is_occasion_word(word)
    )


def is_occasion_word(word: str) -> bool:
    """Whether ``word`` names an occasion ("urodziny", "retraite", "Valentine's")."""
    return word in _OCCASIONS or _OCCASION_STEM_RE.fullmatch(word) is not None


def says_what(word: str) -> bool:
    """Whether ``word`` may say *what* to buy: not vague, no place, no recipient, no stop word.

    "kažko virtuvei", "ein Geschenk für meinen Mann", "something nice": none says what.
    """
    return not (
        is_vague_word(word) or is_place_word(word) or word in WHO_WORDS or word in STOPWORD_SET
    )


def is_place_word(word: str) -> bool:
    """Whether ``word`` names where a thing goes, not what it is ("virtuvei", "kitchen").

    "something for the kitchen" is as vague as "something": it says where, not what.
    """
    return word in _PLACES or _PLACE_STEM_RE.fullmatch(word) is not None
