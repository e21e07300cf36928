"""Text → search terms: the one tokeniser of the lexical index, spelling and the reranker.

What it does, in order (each step the same for products and queries, so they meet):

* **Fold**: Unicode NFKD with the combining marks dropped, then ``casefold``
  ("Größe" → "grosse", "Crème" → "creme", "ø" → "o").
* **Numbers with units are one term**: "1.75 mm", "1,75mm" and "1.75-mm" are
  ``1.75mm``; "3/4 in", '3/4"' and "3/4-inch" are ``3/4in``; the bare number is
  kept too ("3/4"), so a query without the unit still meets the product.
  "140x70cm" is ``140`` and ``70cm`` (and ``70``).
* **Every word counts**, short ones included ("tv", "xl", "3d", "q2"); only a
  few English function words are dropped (their IDF is near zero anyway, and a
  catalogue in another language has none of them).
* **Hyphenated words** give their parts and the joined word ("t-shirt" →
  ``t``, ``shirt``, ``tshirt``), so "tshirt" meets "T-Shirt".
* **Light stemming**: Snowball for the catalogue's language (``py-rust-stemmers``,
  already a dependency of fastembed), on alphabetic words of three letters or
  more; languages it lacks are left unstemmed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

#: Units after a number, as written → as indexed.
UNITS = {
    "mm": "mm", "millimeter": "mm", "millimeters": "mm", "millimetre": "mm", "millimetres": "mm",
    "cm": "cm", "centimeter": "cm", "centimeters": "cm", "centimetre": "cm", "centimetres": "cm",
    "m": "m", "meter": "m", "meters": "m", "metre": "m", "metres": "m", "km": "km",
    "in": "in", "inch": "in", "inches": "in", '"': "in", "''": "in",
    "ft": "ft", "feet": "ft", "foot": "ft", "'": "ft", "yd": "yd", "yard": "yd", "yards": "yd",
    "kg": "kg", "g": "g", "gr": "g", "gram": "g", "grams": "g", "mg": "mg",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "oz": "oz", "ounce": "oz",
    "ounces": "oz", "ml": "ml", "cl": "cl", "dl": "dl", "l": "l", "ltr": "l", "liter": "l",
    "liters": "l", "litre": "l", "litres": "l", "gal": "gal", "gallon": "gal", "gallons": "gal",
    "w": "w", "watt": "w", "watts": "w", "kw": "kw", "v": "v", "volt": "v", "volts": "v",
    "mah": "mah", "ah": "ah", "wh": "wh", "gb": "gb", "tb": "tb", "mb": "mb",
    "hz": "hz", "khz": "khz", "mhz": "mhz", "ghz": "ghz", "pc": "pc", "pcs": "pc",
    "pack": "pack", "pk": "pack",
    # the same units in the other languages shoppers write them in ("20 onzas", "18 cali",
    # "60 см", "3/4 pulgadas"): one term with the shop's "20oz", '18"', "60 cm" (folded, as
    # the text is when they are read: "дюйм" is "дюим")
    "onza": "oz", "onzas": "oz", "unze": "oz", "unzen": "oz", "uncja": "oz", "uncje": "oz",
    "uncji": "oz", "uncija": "oz", "uncijos": "oz", "unciju": "oz", "унция": "oz",
    "унции": "oz", "pulgada": "in", "pulgadas": "in", "pouce": "in",
    "pouces": "in", "zoll": "in", "pollice": "in", "pollici": "in", "cal": "in", "cale": "in",
    "cali": "in", "cala": "in", "colis": "in", "colio": "in", "coliai": "in", "coliu": "in",
    "дюим": "in", "дюима": "in", "дюимов": "in", "мм": "mm", "см": "cm", "м": "m", "км": "km",
    "кг": "kg", "г": "g", "гр": "g", "мл": "ml", "л": "l", "литр": "l", "литра": "l",
    "литров": "l", "метр": "m", "метра": "m", "метров": "m", "metro": "m", "metros": "m",
    "metri": "m", "metr": "m", "metra": "m", "metry": "m", "metrow": "m", "metrai": "m",
    "metru": "m", "litro": "l", "litros": "l", "litri": "l", "litr": "l", "litra": "l",
    "litry": "l", "litrow": "l", "litrai": "l", "litru": "l",
    # a count of pieces in the languages shops write ("24 vnt", "12 szt.", "6 шт", "24 piezas"):
    # one term, so "24 piezas" meets "24vnt"
    "piece": "pc", "pieces": "pc", "vnt": "pc", "szt": "pc", "sztuk": "pc", "шт": "pc",
    "штук": "pc", "stk": "pc", "stuck": "pc", "teile": "pc", "teilig": "pc", "tlg": "pc",
    "pz": "pc", "pezzi": "pc", "pieza": "pc", "piezas": "pc", "pzs": "pc", "kom": "pc",
    "komada": "pc",
}  # fmt: skip
#: English function words dropped from both sides (short content words are kept).
STOP = frozenset(
    "a an the and or of for with to in on at by from is are be as it its this that my me i im "
    "your our you we he she his her s".split()
)
#: ISO 639-1 → Snowball stemmer (py-rust-stemmers' names).
STEMMERS = {
    "ar": "arabic", "da": "danish", "nl": "dutch", "en": "english", "fi": "finnish",
    "fr": "french", "de": "german", "el": "greek", "hu": "hungarian", "it": "italian",
    "no": "norwegian", "nb": "norwegian", "pt": "portuguese", "ro": "romanian",
    "ru": "russian", "es": "spanish", "sv": "swedish", "tr": "turkish",
}  # fmt: skip
#: Inflectional endings (folded) stripped where Snowball has no stemmer: Slavic and Baltic
#: nouns and adjectives change their ending with case and number ("torebka", "torebki",
#: "torebkami"; "maišas", "maišai"), which a word-for-word index never matches. The
#: longest ending goes, once, leaving a stem of at least three letters.
LIGHT_SUFFIXES = {
    "pl": ("owie", "ami", "ach", "ego", "emu", "ymi", "imi", "ich", "ych", "iej", "owi", "ow",
           "om", "em", "ej", "ie", "ia", "iu", "a", "e", "i", "y", "o", "u"),
    "hr": ("ima", "ama", "ovi", "eva", "om", "em", "og", "oj", "ih", "im", "a", "e", "i", "o",
           "u"),
    "lt": ("iais", "iems", "uose", "iai", "ams", "oms", "ose", "ems", "yse", "ais", "iu", "ai",
           "as", "is", "ys", "us", "os", "es", "ei", "a", "e", "i", "u", "y", "o"),
}  # fmt: skip
_LIGHT = {lang: tuple(sorted(ends, key=len, reverse=True)) for lang, ends in LIGHT_SUFFIXES.items()}
#: Letters NFKD does not decompose.
_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ı": "i", "þ": "th"})
#: Inch and foot marks, typographic quotes and dashes as plain ASCII.
_MARKS = str.maketrans(
    {"″": '"', "“": '"', "”": '"', "„": '"', "′": "'", "’": "'", "‘": "'", "–": "-", "—": "-"}
)
_UNIT_ALT = "|".join(sorted((re.escape(u) for u in UNITS), key=len, reverse=True))
_NUMBER = r"\d+(?:[.,]\d+)?(?:/\d+)?"
#: A number with a unit right after it (or after a space or hyphen); a number run into
#: letters ("4k", "3d", "2xl"); a number (decimal point or comma, a fraction); a word.
_TOKEN = re.compile(
    rf"(?P<num>{_NUMBER})[ -]?(?P<unit>{_UNIT_ALT})(?![^\W_])"
    r"|(?P<alnum>\d+[^\W\d_][^\W_]*)"
    rf"|(?P<bare>{_NUMBER})"
    r"|(?P<word>[^\W_]+(?:-[^\W_]+)*)"
)
#: "140x70cm", "2 × 3 m", "16х60" (Cyrillic "х", as Russian shops and shoppers write it):
#: the sides of a dimension are numbers of their own.
_DIMENSION = re.compile(r"(\d)\s*[x×*х]\s*(?=\d)")


def fold(text: str) -> str:
    """Lower-cased, diacritics removed ("Crème Brûlée" → "creme brulee")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=32)
def _stemmer(language: str) -> object | None:
    name = STEMMERS.get(language)
    if not name:
        return None
    from py_rust_stemmers import SnowballStemmer

    return SnowballStemmer(name)


@lru_cache(maxsize=200_000)
def stem(word: str, language: str = "en") -> str:
    """The word's stem in ``language`` (unchanged for short, non-alphabetic or unknown)."""
    if len(word) < 3 or not word.isalpha():
        return word
    stemmer = _stemmer(language)
    if stemmer is not None:
        return str(stemmer.stem_word(word))  # type: ignore[attr-defined]
    for suffix in _LIGHT.get(language, ()):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _number(raw: str) -> str:
    """A decimal comma as a point ("1,75" → "1.75"); a thousands comma dropped ("2,000")."""
    if "," in raw:
        whole, _, frac = raw.partition(",")
        return whole + frac if len(frac) == 3 and "/" not in frac else f"{whole}.{frac}"
    return raw


def words(text: str) -> Iterator[str]:
    """Folded surface words before stemming: numbers with units joined, stop words kept."""
    folded = _DIMENSION.sub(r"\1 ", fold(text).translate(_MARKS))
    for match in _TOKEN.finditer(folded):
        if match.group("num"):
            number = _number(match.group("num"))
            yield number + UNITS[match.group("unit")]
            yield number
        elif match.group("alnum"):
            yield match.group("alnum")
        elif match.group("bare"):
            yield _number(match.group("bare"))
        else:
            parts = match.group("word").split("-")
            yield from parts
            if 1 < len(parts) <= 3:
                yield "".join(parts)


def terms(text: str, language: str = "en") -> list[str]:
    """Search terms of ``text``: folded, units joined, stop words out, stemmed."""
    return [stem(w, language) for w in words(text) if w not in STOP]
