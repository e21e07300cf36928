"""Which supported language a shopper's message is in: distinctive words, script, py3langid."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from graph import languages as L
from graph import vocabulary as V
from graph.vocabulary import SUPPORTED_LANGUAGES

_IDENTIFIER: Any = None


def _typed_bare() -> dict[str, set[str]]:
    """Per language, its words that carry marks, as typed without them ("iš" → "is")."""
    out: dict[str, set[str]] = {}
    for key, shape in L.KEYS.items():
        if shape != "words":
            continue
        for lang, table in L.by_language(key).items():
            for phrase in table:
                for word in str(phrase).split():
                    if (typed := L.bare(word.rstrip("*"))) != word.rstrip("*"):
                        out.setdefault(lang, set()).add(typed)
    return out


_TYPED_BARE = _typed_bare()
# a hint is distinctive only if no other language types a word of its so: English "is" is
# Lithuanian "iš" typed bare ("kuris is ju tikrai is kamstmedzio?" is Lithuanian)
WORD_LANGUAGE = {
    word: lang
    for table in (V.PRODUCT_LANGUAGE_HINTS, V.LANGUAGE_HINTS)
    for lang, words in table.items()
    for word in words
    if not any(word in typed for other, typed in _TYPED_BARE.items() if other != lang)
}


def _identifier() -> Any:
    """py3langid's identifier restricted to the supported languages, created once."""
    global _IDENTIFIER
    if _IDENTIFIER is None:
        from py3langid.langid import MODEL_FILE, LanguageIdentifier

        identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
        identifier.set_languages(list(SUPPORTED_LANGUAGES))
        _IDENTIFIER = identifier
    return _IDENTIFIER


def detect_language(text: str, default: str = "en") -> str:
    """The language of a shopper's message, one of :data:`SUPPORTED_LANGUAGES`.

    py3langid, restricted to the supported languages (so Bosnian or Serbian text
    reads as Croatian), decides for three words or more when it is confident; a
    table of distinctive words settles short messages ("bonjour", "jeftinije"), and
    a script or a punctuation mark only one supported language writes settles any
    ("да" is Russian, "¿tenéis dominó?" Spanish).

    Args:
        text: The message.
        default: What to answer when the text is too short or ambiguous ("hi", "ok",
            "under 50"); usually the conversation's language so far.

    Returns:
        An ISO 639-1 code.
    """
    text = _SIZE_IN_SYSTEM.sub(" ", text)  # "EU 37", "US 9": no language's words
    words = V.WORD_RE.findall(text.lower())
    if not words:
        return default
    if by_script := V.script_language(text):  # "да": no other language writes Cyrillic
        return by_script
    if by_mark := V.mark_language(text):  # "¿vendéis perfumes?": only Spanish writes "¿"
        return by_mark
    votes: dict[str, int] = {}
    for word in words:
        if (lang := WORD_LANGUAGE.get(word)) is not None:
            votes[lang] = votes.get(lang, 0) + 1
    if not votes and len(words) < 3:
        # no table word: a product word only one language's lexicon column holds
        # ("patelnia", "tovaglia") tells a message too short for py3langid; English ones
        # do not, being every language's loanwords ("yoga mat", "boots", "jeans")
        from graph.translate import word_languages

        for word in words:
            if len(known := word_languages(word)) == 1 and "en" not in known:
                lang = next(iter(known))
                votes[lang] = votes.get(lang, 0) + 1
    ranked = sorted(votes.items(), key=lambda item: -item[1])
    hinted = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
    if len(words) < 3:
        if hinted:
            return hinted
        if (by_letters := V.letter_languages(text)) is not None and len(by_letters) == 1:
            return next(iter(by_letters))  # "porte-bûches": only French writes "û"
        lang, confidence = _identifier().classify(text)
        return lang if confidence >= 0.95 and sum(map(len, words)) >= 8 else default
    lang, confidence = _identifier().classify(text)
    if hinted and hinted != lang and (confidence < 0.9 or ranked[0][1] >= 3):
        found = hinted
    elif confidence >= 0.6:
        found = lang
    else:
        found = hinted or default
    if confidence < SURE:
        # "il kilt beige che misure ha?" read as English: the language whose words these
        # are, by how often each language uses them, when it leads clearly and writes
        # every letter of the message ("Clutch in Smaragdgrün" is no English)
        # a unit or a currency after a number ("800 zł", "37 cm") is no language's word
        frequent = _by_frequency(V.WORD_RE.findall(_AFTER_NUMBER.sub(" ", text.lower())))
        letters = V.letter_languages(text)
        if frequent and frequent != found and (letters is None or frequent in letters):
            return frequent
    return found


_AFTER_NUMBER = re.compile(r"\d[\d.,]*\s*[^\W\d_]+")
#: A size in a named system ("EU 37", "UK 5", "US9"): the system's letters are no word.
_SIZE_IN_SYSTEM = re.compile(r"(?<![^\W\d_])(?:eu|us|uk|fr|it|jp|cn|mx|br)\s?\d[\d.,]*", re.I)
#: py3langid's confidence above which word frequencies are not asked.
SURE = 0.99
#: The lead, in mean Zipf frequency per word, the commonest language must have.
FREQUENCY_LEAD = 0.5


def _by_frequency(words: list[str]) -> str:
    """The supported language that uses ``words`` most often, if it leads clearly ("")."""
    from graph.common_words import zipf

    if not words:
        return ""
    mean = {
        lang: sum(zipf(w, lang, "best") for w in words) / len(words) for lang in SUPPORTED_LANGUAGES
    }
    first, second = sorted(mean.values(), reverse=True)[:2]
    if first - second < FREQUENCY_LEAD:
        return ""
    return max(mean, key=lambda lang: mean[lang])


def likeliest_of(text: str, languages: Iterable[str]) -> str:
    """Of ``languages``, the one py3langid ranks highest for ``text`` ("" for none)."""
    allowed = set(languages)
    ranked = _identifier().rank(text)
    return next((lang for lang, _ in ranked if lang in allowed), "")
