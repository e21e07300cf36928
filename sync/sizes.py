"""Sizes as systems: a feed's or a shopper's size text as (system, value) pairs.

A feed's ``size`` may hold several systems at once ("US 9 | EU 42", "EU 38 / UK 5"),
a range ("S-M", "39-42", "2-3Y"), a unit ("116 cm", "11oz", '4" x 4"') or a word in
the shop's language ("rozmiar 42", "Größe M", "taglia unica", "размер 44"). This
module reads such a text into :class:`Size` pairs and turns them into **tokens**,
``"system:value"`` strings that filters compare:

==========================  ==================================================
feed or shopper text        tokens
==========================  ==================================================
``US 9 | EU 42``            ``us:9``, ``eu:42``
``EU 38 / UK 5``            ``eu:38``, ``uk:5``
``42 EU``, ``EUR 42``       ``eu:42``
``M``, ``Medium``, ``Gr. M``  ``letter:m``
``XL/XXL``, ``S-M``         ``letter:xl``, ``letter:xxl`` / ``letter:s``, ``letter:m``
``One size``, ``TU``        ``one:size``
``2-3Y``, ``6-12M``         ``age:2y``, ``age:3y`` / ``age:6m``, ``age:12m``
``116 cm``                  ``cm:116``, ``height:116`` (a child's height)
``W32 L34``                 ``waist:32``, ``len:34``, ``waist:32/len:34``
``60×200 см``, ``70/200``   ``cm:60x200`` / ``dim:70x200``
``11oz``, ``15″``           ``oz:11`` / ``in:15``
``75B``, ``34DD``           ``bra:75b`` / ``bra:34dd`` (band and cup)
``39`` (a bare number)      ``num:39`` and its plausible systems (see below)
==========================  ==================================================

A number without a system is read in the systems that are **plausible** for its value
and the product's kind (:data:`PLAUSIBLE`, the one table of these guesses): 39 on a shoe
is EU, 9 on a shoe is US or UK, 32 on jeans is a waist, 116 on a child's garment is a
height. The same table reads a shopper's unnamed number against the kind they asked for
(or every kind when they named none), so "Größe 39" finds the shoe whose feed says
"EU 39 / UK 6" and the one that says just "39". A named system matches only that
system: "UK 5" never matches "EU 38" alone. Nothing is converted between systems (US 9
is not EU 42 unless the feed says both).

The sync stores a product's tokens in its metadata (``sizes``, a list, filtered with
``$contains``); the graph asks for any of the shopper's tokens. Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

#: Kinds of product whose unnamed sizes read differently (see :data:`PLAUSIBLE`).
SHOES, BOTTOMS, CLOTHING, KIDS = "shoes", "bottoms", "clothing", "kids"

#: An unnamed number's plausible systems by product kind and value, inclusive bounds.
#: A product or shopper of unknown kind takes every row. Halves (42.5) count too.
PLAUSIBLE: tuple[tuple[str, float, float, tuple[str, ...]], ...] = (
    # kind      low   high  systems
    (SHOES, 15, 50, ("eu",)),  # EU shoe sizes, children's from 15
    (SHOES, 1, 14.5, ("us", "uk")),  # US/UK shoe sizes: which of the two, the feed knows
    (BOTTOMS, 24, 44, ("waist",)),  # jeans and trousers by waist inches
    (BOTTOMS, 32, 58, ("eu", "it", "fr")),  # European trouser sizes
    (CLOTHING, 32, 58, ("eu", "it", "fr")),  # European clothing sizes (IT/FR run their own)
    (CLOTHING, 0, 30, ("us", "uk")),  # US 0-20 / UK 4-30 dress sizes
    (KIDS, 50, 176, ("height",)),  # children's sizes by height in cm
)

#: Named systems, as written -> canonical. DE shoe and clothing sizes are the EU ones.
SYSTEMS = {
    "eu": "eu", "eur": "eu", "europe": "eu", "de": "eu", "us": "us", "usa": "us",
    "uk": "uk", "gb": "uk", "fr": "fr", "it": "it", "ita": "it", "jp": "jp", "ru": "ru",
    "cn": "cn", "br": "br", "au": "au", "mx": "mx", "kr": "kr",
}  # fmt: skip

#: Letter sizes from the smallest; written forms map onto these.
LETTERS = ("xxxs", "xxs", "xs", "s", "m", "l", "xl", "xxl", "xxxl", "4xl", "5xl", "6xl")
_LETTER_WORDS = {
    "xxxxs": "xxxs", "3xs": "xxxs", "2xs": "xxs", "xx-small": "xxs", "x-small": "xs",
    "extra small": "xs", "xsmall": "xs", "small": "s", "medium": "m", "med": "m",
    "large": "l", "x-large": "xl", "xlarge": "xl", "extra large": "xl", "xx-large": "xxl",
    "xxlarge": "xxl", "2xl": "xxl", "xxx-large": "xxxl", "3xl": "xxxl", "xxxxl": "4xl",
    "xxxxxl": "5xl",
}  # fmt: skip

# Words naming "size" in the languages shops write in; dropped before reading the value.
_SIZE_WORDS = (
    r"schuhgr(?:ö|oe|o)(?:ß|ss)e|shoe\s+size|sizes?|gr(?:ö|oe|o)(?:ß|ss)e|gr\.|taille|"
    r"pointure|talla|taglia|misura|numero|rozmiar|rozm\.|размер\w*|розмір|veli[čc]ina|"
    r"maat|storlek|størrelse|koko|dydis|izmērs|méret|velikost|mărime|number|nr\.?"
)
_SIZE_WORD_RE = re.compile(r"(?<!\w)(?:" + _SIZE_WORDS + r")(?!\w)\s*:?")
_ONE_SIZE_RE = re.compile(
    r"(?<!\w)(?:one[\s-]?size(?:\s+fits\s+(?:all|most))?|onesize|osfa|osfm|os|einheitsgr(?:ö|oe|o)"
    r"(?:ß|ss)e|taille\s+unique|talla\s+[úu]nica|taglia\s+unica|uniwersaln\w*|jedna\s+"
    r"veli[čc]ina|univerzaln\w*|универсальн\w*|один\s+размер\w*|един\w*(?:\s+размер\w*)?|безразмерн\w*|tu)"
    r"(?!\w)"
)
# Cyrillic letters that shops type for Latin ones in "ХL", "М" and "см": a word made of
# nothing else is read in Latin letters ("лет", "мес" stay Russian).
_LOOKALIKES = str.maketrans({"х": "x", "м": "m", "с": "c", "ѕ": "s"})
_WORD_RE = re.compile(r"[^\W\d_]+")

_NUM = r"\d{1,3}(?:\.\d{1,2}|\s+[12]/3|\s+1/2)?"
_UNITS = {
    "cm": "cm", "mm": "mm", "in": "in", "inch": "in", "inches": "in", "oz": "oz",
    "ml": "ml", "cl": "cl", "ltr": "l", "liter": "l", "litre": "l", "kg": "kg", "g": "g",
    # ounces as the shopper's language names them ("la tazza da 11 once", "15 onzas")
    "ounce": "oz", "ounces": "oz", "once": "oz", "onzas": "oz", "onces": "oz", "unzen": "oz",
    "uncji": "oz", "uncje": "oz", "uncijų": "oz", "uncijos": "oz", "унций": "oz",
    "унции": "oz", "унция": "oz",
}  # fmt: skip
_UNIT = (
    r"(?:cm|mm|inch(?:es)?|in|oz|ounces?|once|onzas|onces|unzen|uncji|uncje|uncijų|uncijos|"
    r"унци[йия]|ml|cl|ltr|lit(?:er|re)|kg|g)(?![a-z])"
)
_YEARS = r"y|yrs?|years?|t|ans?|jahre?|j|lat[a]?|let|anni|anno|años|año|god\w*|лет|года?"
_MONTHS = r"mo|mos|months?|mois|monate?|mies\w*|mesi|meses|мес\w*"
_SYSTEM = r"(?:" + "|".join(sorted(SYSTEMS, key=len, reverse=True)) + r")"
_LETTER = (
    r"(?:xxxxx?l|xxx-large|xx-large|x-large|xxlarge|xlarge|extra\s+large|xx-small|x-small|"
    r"extra\s+small|xsmall|small|medium|med|large|[2-6]xl|[23]xs|x{0,4}s|x{0,3}l|m)"
)
_RANGE = r"\s*(?:-|to|bis|do|à|a|до)\s*"

_READ_RE = re.compile(
    "|".join(
        (
            r"(?P<w>(?<![a-z])w\s*(?P<wv>\d{2})(?:\s*[/x]?\s*l\s*(?P<lv>\d{2}))?)(?!\w)",
            rf"(?P<dim>(?P<d1>{_NUM})\s*(?P<u1>{_UNIT})?\s*[x*]\s*(?P<d2>{_NUM})\s*"
            rf"(?P<u2>{_UNIT})?(?:\s*[x*]\s*(?P<d3>{_NUM})\s*(?P<u3>{_UNIT})?)?)",
            rf"(?P<age>(?P<a1>\d{{1,2}})(?:{_RANGE}(?P<a2>\d{{1,2}}))?\s*"
            rf"(?:(?P<ay>{_YEARS})|(?P<am>{_MONTHS}))(?![a-z]))",
            r"(?P<agem>(?<![\d.])(?:(?P<m1>\d{1,2})\s*-\s*(?P<m2>\d{1,2})\s*|"
            r"(?P<m3>[0-9]|1[28]|24|36))m(?![a-z]))",
            rf"(?P<sys>(?<![a-z])(?P<sn>{_SYSTEM})\s*[:.]?\s*(?P<s1>{_NUM})"
            rf"(?:\s*(?P<ssep>-|/)\s*(?P<s2>{_NUM})(?!\s*{_SYSTEM}(?![a-z])))?)(?!\d)",
            rf"(?P<sysafter>(?P<t1>{_NUM})\s*(?P<tn>{_SYSTEM})(?![a-z]))",
            rf"(?P<unit>(?P<uv>{_NUM})\s*(?P<un>{_UNIT}))",
            rf"(?P<unitpre>(?<![a-z])(?P<upn>cm|mm)\s*[:.]?\s*(?P<upv>{_NUM})(?![\d.]))",
            r"(?P<bra>(?<![\w.])(?P<band>2[89]|3\d|4[0-4]|[6-9][05]|1[01][05])\s?"
            r"(?P<cup>aa|a|b|c|dd?d?|e|ff?|gg?|hh?|j|k)(?![\w]))",
            rf"(?P<lrange>(?<![a-z0-9'’])(?P<l1>{_LETTER})\s*(?P<lsep>-|/|to)\s*(?P<l2>{_LETTER})"
            rf"(?![a-z0-9]))",
            rf"(?P<letter>(?<![a-z0-9'’])(?P<lv1>{_LETTER})(?![a-z0-9]))",
            rf"(?P<nrange>(?<![\w.])(?P<n1>{_NUM})\s*(?P<nsep>-|/|to|bis|do)\s*(?P<n2>{_NUM})"
            rf"(?![\w.]))",
            rf"(?P<num>(?<![\w.])(?P<nv>{_NUM})(?![\w.]))",
        )
    )
)


@dataclass(frozen=True, slots=True)
class Size:
    """One size read from a text: ``system`` ("" for a bare number) and ``value``."""

    system: str
    value: str

    @property
    def token(self) -> str:
        """``"eu:42"``; a bare number is ``"num:42"``."""
        return f"{self.system or 'num'}:{self.value}"


def _number(text: str) -> str:
    """A number as tokens write it: "42", "42.5" ("42.50", "42.0", "42 1/2" too), "40.67"."""
    whole, _, fraction = text.partition(" ")
    value = float(whole)
    if fraction:
        top, _, bottom = fraction.strip().partition("/")
        value += int(top) / int(bottom)
    return str(int(value)) if value.is_integer() else f"{round(value, 2):g}"


def _span(low: str, high: str, most: int = 8) -> list[str]:
    """Every whole number from ``low`` to ``high`` (a short span), else the two ends."""
    a, b = float(low), float(high)
    if a.is_integer() and b.is_integer() and 0 < b - a <= most:
        return [str(n) for n in range(int(a), int(b) + 1)]
    return [_number(low), _number(high)]


def _letter(text: str) -> str:
    word = " ".join(text.split())
    return _LETTER_WORDS.get(word, word)


def _letters(first: str, last: str, sep: str) -> list[str]:
    a, b = _letter(first), _letter(last)
    if sep != "/" and a in LETTERS and b in LETTERS and LETTERS.index(a) < LETTERS.index(b):
        return list(LETTERS[LETTERS.index(a) : LETTERS.index(b) + 1])
    return [a, b]


def normalise(text: str) -> str:
    """Casefolded, size words and look-alike letters resolved, decimal commas as points."""
    low = unicodedata.normalize("NFC", text).casefold()
    low = low.replace("½", ".5").replace("–", "-").replace("—", "-")
    low = re.sub(r"\s*(?:″|”|''|\")", " in ", low)
    low = re.sub(r"(?<=\d),(?=\d)", ".", low).replace("×", "x")
    return _SIZE_WORD_RE.sub(" ", _ONE_SIZE_RE.sub(" one size ", low))


def _latin(match: re.Match[str]) -> str:
    word = match.group()
    latin = word.translate(_LOOKALIKES)
    return latin if latin.isascii() else word


def parse(text: str, kinds: Iterable[str] = ()) -> list[Size]:
    """The sizes a text states, in order, without duplicates.

    Args:
        text: A feed's size value or a shopper's stated size.
        kinds: The product's kinds (:func:`kinds_of`); they only decide whether
            "32/34" is a waist and a length (trousers) or two sizes.

    Returns:
        ``Size`` pairs; bare numbers have ``system == ""`` (see :func:`tokens`).
    """
    low = normalise(text)
    found: list[Size] = []
    if "one" in low and (one := re.search(r"(?<!\w)one(?!\w)", low)):  # one size, TU...
        found.append(Size("one", "size"))
        low = low[: one.start()] + low[one.end() :]
    low = _WORD_RE.sub(_latin, low)
    for m in _READ_RE.finditer(low):
        if m.group("w"):
            found.append(Size("waist", _number(m.group("wv"))))
            if m.group("lv"):
                found.append(Size("len", _number(m.group("lv"))))
                waist, length = _number(m.group("wv")), _number(m.group("lv"))
                found.append(Size("waist", f"{waist}/len:{length}"))
        elif m.group("dim"):
            numbers = [m.group(g) for g in ("d1", "d2", "d3") if m.group(g)]
            units = {_UNITS[_unit(u)] for g in ("u1", "u2", "u3") if (u := m.group(g))}
            unit = units.pop() if len(units) == 1 else "dim"
            found.append(Size(unit, "x".join(_number(n) for n in numbers)))
        elif m.group("age"):
            suffix = "y" if m.group("ay") else "m"
            first, last = m.group("a1"), m.group("a2") or m.group("a1")
            values = _span(first, last, most=6) if suffix == "y" else [first, last]
            found.extend(Size("age", _number(v) + suffix) for v in values)
        elif m.group("agem"):
            months = (m.group("m1"), m.group("m2"), m.group("m3"))
            found.extend(Size("age", _number(v) + "m") for v in months if v)
        elif m.group("sys"):
            system = SYSTEMS[m.group("sn")]
            if m.group("s2"):
                first, last = m.group("s1"), m.group("s2")
                values = _span(first, last) if m.group("ssep") == "-" else [first, last]
                values = [_number(v) for v in values]
            else:
                values = [_number(m.group("s1"))]
            found.extend(Size(system, v) for v in values)
        elif m.group("sysafter"):
            found.append(Size(SYSTEMS[m.group("tn")], _number(m.group("t1"))))
        elif m.group("unit"):
            unit, value = _UNITS[_unit(m.group("un"))], _number(m.group("uv"))
            found.append(Size(unit, value))
            if unit == "cm" and 50 <= float(value) <= 188:
                found.append(Size("height", value))
        elif m.group("unitpre"):
            found.append(Size(m.group("upn"), _number(m.group("upv"))))
        elif m.group("bra"):
            found.append(Size("bra", m.group("band") + m.group("cup")))
        elif m.group("lrange"):
            found.extend(
                Size("letter", v) for v in _letters(m.group("l1"), m.group("l2"), m.group("lsep"))
            )
        elif m.group("letter"):
            found.append(Size("letter", _letter(m.group("lv1"))))
        elif m.group("nrange"):
            found.extend(_number_pair(m.group("n1"), m.group("n2"), m.group("nsep"), kinds))
        elif m.group("num"):
            found.append(Size("", _number(m.group("nv"))))
    return list(dict.fromkeys(found))


def _unit(written: str) -> str:
    """A unit's key in :data:`_UNITS` ("inches" -> "inch", "litre" -> "liter")."""
    if written.startswith("inch"):
        return "inch"
    return "liter" if written.startswith("lit") else written


def _number_pair(first: str, second: str, sep: str, kinds: Iterable[str]) -> list[Size]:
    """Two numbers: "38/40" two sizes, "39-42" a run, "32/34" trousers' W32 L34.

    Numbers far apart ("70/200") are a size in two dimensions (a sheet).
    """
    a, b = float(first), float(second)
    if sep == "/" and BOTTOMS in set(kinds) and 24 <= a <= 44 and 26 <= b <= 38:
        waist, length = _number(first), _number(second)
        return [Size("waist", waist), Size("len", length), Size("waist", f"{waist}/len:{length}")]
    if min(a, b) > 0 and max(a, b) / min(a, b) > 1.5:
        return [Size("dim", f"{_number(first)}x{_number(second)}")]
    values = _span(first, second) if sep != "/" else [_number(first), _number(second)]
    return [Size("", v) for v in values]


def plausible(value: str, kinds: Iterable[str] = ()) -> list[str]:
    """The systems an unnamed number may be in, for these kinds (none known: any kind)."""
    try:
        number = float(value)
    except ValueError:
        return []
    wanted = set(kinds)
    systems: dict[str, None] = {}
    for kind, low, high, names in PLAUSIBLE:
        if (not wanted or kind in wanted) and low <= number <= high:
            systems.update(dict.fromkeys(names))
    return list(systems)


def tokens(text: str, kinds: Iterable[str] = ()) -> list[str]:
    """A size text as filter tokens, sorted; bare numbers also in their plausible systems.

    A text with nothing readable as a size ("Regular") is one ``text:`` token, so it
    still matches the same words.
    """
    kinds = tuple(kinds)
    out: set[str] = set()
    for size in parse(text, kinds):
        out.add(size.token)
        if not size.system:
            out.update(f"{system}:{size.value}" for system in plausible(size.value, kinds))
    if not out and (words := " ".join(normalise(text).split())):
        out.add(f"text:{words}")
    return sorted(out)


def shopper_tokens(text: str, kinds: Iterable[str] = ()) -> list[str]:
    """The tokens a product may carry to fit the shopper's stated size.

    A named system ("EU 42", "UK 5") asks for that system, an unnamed number for its
    plausible systems for the kinds asked for (any kind when none), a waist with a
    length for both, a dimension without a unit in any unit. The shopper's own words
    also match verbatim.
    """
    kinds = tuple(kinds)
    out = set(tokens(text, kinds))
    if any("/len:" in token for token in out):  # "W32 L34" asks for both: the pair only
        out = {t for t in out if "/len:" in t or not t.startswith(("waist:", "len:"))}
    for token in list(out):
        system, _, value = token.partition(":")
        if system == "dim":
            out.update(f"{unit}:{value}" for unit in ("cm", "mm", "in"))
        elif system in ("cm", "mm", "in") and "x" in value:
            out.add(f"dim:{value}")
    if words := " ".join(normalise(text).split()):
        out.add(f"text:{words}")
    return sorted(out)


# Words that say what kind of product a category path or title names, in the languages
# the enrichment covers and Russian; stems end where inflection starts.
_KIND_WORDS = {
    SHOES: (
        r"shoe|footwear|sneaker|trainer|boots?(?!\w)|bootie|sandal|loafer|slipper|espadrille|moccasin|"
        r"ballet flat|ballerina|heels|clog|schuh|stiefel|sandale|pantolette|chaussure|"
        r"baskets?(?!\w)|botte|bottine|escarpin|ballerine|mocassin|zapato|zapatilla|botas?(?!\w)|sandalia|"
        r"calzado|scarp[ae]|stival|calzatur|buty|obuwi|trampk|kozak|botki|sandał|półbut|"
        r"czółenk|balerin|klapk|mokasyn|cipel|tenisic|čizm|obuć|обув|ботин|кроссов|туфл|сапог|"
        r"кед|сандал|тапоч|босонож|мокасин|"
        # Lithuanian, with and without its diacritics: whole inflections ("bath" is no "bat")
        r"bat(?:ai|us|ų|u|eliai|elius|elių|eliu|ukai|ukus)(?!\w)|aulinuk|sportbač|sportbac|"
        r"šlepet|slepet|basut"
    ),
    BOTTOMS: (
        r"trouser|pants|jeans|chino|jogger|legging|shorts|hosen|pantalon|pantalón|vaquero|"
        r"pantaloni|spodni|dżins|jeansy|hlač|traperic|брюк|джинс|штан|шорт|легинс|лосин|"
        r"kelnė|kelne|kelnių|kelniu|džins|dzins|šort|sort(?:ai|us|ų|u)(?!\w)"
    ),
    CLOTHING: (
        r"apparel|clothing|clothes|dress|shirt|tees?(?!\w)|t-shirt|tops?(?!\w)|blouse|jacket|"
        r"coats?(?!\w)|sweater|hoodie|sweatshirt|cardigan|skirt|suits?(?!\w)|jumper|bekleidung|kleid|hemd|jacke|mantel|"
        r"pullover|vêtement|robe|chemise|veste|manteau|jupe|ropa|vestido|camis|chaqueta|"
        r"abrigo|falda|abbigliamento|abito|giacca|maglia|camicia|gonna|odzież|sukien|koszul|"
        r"kurtk|płaszcz|bluz|spódnic|sweter|odjeć|haljin|košulj|jakn|majic|одежд|плать|"
        r"рубаш|футболк|куртк|пальто|свитер|юбк|толстовк|худи|кофт|пиджак|халат|"
        r"marškin|marskin|suknel|striuk|megztin|sijon|džemper|dzemper|drabuž|drabuz"
    ),
    KIDS: (
        r"kids?|child|children|baby|babies|infant|toddler|junior|boys|girls|kinder|enfant|"
        r"bébé|niñ[oa]s?|infantil|bambin|dzieci|dziecię|niemowl|djec|dječ|детск|малыш|"
        r"мальчик|девочк|vaik|kūdik|kudik"
    ),
}
_KIND_RE = {
    kind: re.compile(r"(?<!\w)(?:" + words + r")", re.IGNORECASE)
    for kind, words in _KIND_WORDS.items()
}
_KID_AGE_GROUPS = frozenset(("kids", "toddler", "infant", "newborn"))


def kinds_of(*texts: str, age_group: str = "") -> tuple[str, ...]:
    """What kind of product the texts name, for :data:`PLAUSIBLE` (``()``: unknown).

    The first text naming a kind decides (pass category paths before the title): a
    shoe is a shoe though its path starts "Apparel"; trousers are clothing too.
    """
    kinds: list[str] = []
    for text in texts:
        if not text:
            continue
        if _KIND_RE[SHOES].search(text):
            kinds = [SHOES]
        elif _KIND_RE[BOTTOMS].search(text):
            kinds = [BOTTOMS, CLOTHING]
        elif _KIND_RE[CLOTHING].search(text):
            kinds = [CLOTHING]
        if kinds:
            break
    if age_group.casefold() in _KID_AGE_GROUPS or any(_KIND_RE[KIDS].search(t) for t in texts):
        kinds.append(KIDS)
    return tuple(kinds)


def matches(wanted: str, value: str, kinds: Iterable[str] = ()) -> bool:
    """Whether a product's size text ``value`` fits the shopper's ``wanted`` size."""
    kinds = tuple(kinds)
    return bool(set(shopper_tokens(wanted, kinds)) & set(tokens(value, kinds)))
