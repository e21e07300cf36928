"""Rule-based enrichment of products: category prefixes and attributes from text.

Merchants often leave ``color``, ``material``, ``gender`` and ``size`` empty
while the title says "Czarna skórzana kurtka damska" or "Herren T-Shirt
Baumwolle - M". This module fills such gaps by rule, never overriding a value
the feed gives, and normalises values to canonical English so that a shopper's
filter "black" matches "noir", "schwarz" and "czarny" alike.

Everything here is a pure function over strings: no I/O, no model. Each
vocabulary is a module-level table (canonical value -> words) inverted once into
a dict (word -> canonical value); all tables' words are compiled once into one
regex (a trie, longest word first) that confirms a word with word boundaries,
so "Redmond" is not red and "sizes" is not size S. A set of the words that can
start an entry prefilters each text so the regex only runs where a word occurs
(about 10-20 us per product on ~360 characters).

Vocabulary covers English, German, French, Spanish, Italian, Polish, Croatian,
Russian and Lithuanian, with cheap inflections (Polish czarny/czarna/czarne,
French noir/noire, Spanish negro/negra, Russian чёрный/черная/чёрного,
Lithuanian juodas/juoda/juodą, ...). Colours are also written the way the shop
writes them: a value of the feed's colour field that no table knows ("Karmel",
"Cappuccino") is filed as itself (:func:`record_colors`). Known, accepted limits: a
brand that is also a colour ("Orange", "Braun") reads as the colour unless ``brand``
is passed; a word of one language is another's colour too (Lithuanian "pilka", grey,
is a Polish "piłka" typed without its accent).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

# --- vocabulary helpers --------------------------------------------------------------------------


def _pl(*stems: str) -> list[str]:
    """Polish adjective forms: czarn -> czarny, czarna, czarne, czarnego, czarnej, ..."""
    forms: list[str] = []
    for stem in stems:
        if stem.endswith(("k", "g")):  # niebieski / niebieska / niebieskie
            endings = ("i", "a", "ie", "iego", "iej", "im", "ą", "ich")
        else:
            endings = ("y", "a", "e", "ego", "ej", "ym", "ą", "ych")
        forms.extend(stem + ending for ending in endings)
    return forms


def _pl_noun(*stems: str) -> list[str]:
    """Polish feminine noun cases: bawełn -> bawełna, bawełny, bawełnie, bawełnę, bawełną."""
    return [stem + ending for stem in stems for ending in ("a", "y", "ie", "ę", "ą")]


def _hr(*stems: str) -> list[str]:
    """Croatian adjective forms: crn -> crna, crni, crno, crne, crnu, crnom, crnoj, ..."""
    endings = ("a", "i", "o", "e", "u", "om", "oj", "ih", "im")
    return [stem + ending for stem in stems for ending in endings]


def _de(*stems: str) -> list[str]:
    """German adjective forms: schwarz -> schwarz, schwarze, schwarzer, schwarzes, ..."""
    return [stem + ending for stem in stems for ending in ("", "e", "er", "es", "en", "em")]


def _de_shades(*stems: str) -> list[str]:
    """German colour plus dark/light compounds: blau -> blau..., dunkelblau..., hellblau..."""
    return _de(*stems) + _de(*(f"dunkel{s}" for s in stems)) + _de(*(f"hell{s}" for s in stems))


def _es(*stems: str) -> list[str]:
    """Spanish/Italian o-a adjectives: negr -> negro, negra, negros, negras."""
    return [stem + ending for stem in stems for ending in ("o", "a", "os", "as")]


def _it(*stems: str) -> list[str]:
    """Italian o-a adjectives: ner -> nero, nera, neri, nere."""
    return [stem + ending for stem in stems for ending in ("o", "a", "i", "e")]


def _shades_pl(*stems: str) -> list[str]:
    """Polish colour plus dark/light compounds (ciemnoniebieski, jasnoszary)."""
    return _pl(*stems) + _pl(*(f"ciemno{s}" for s in stems)) + _pl(*(f"jasno{s}" for s in stems))


def _shades_hr(*stems: str) -> list[str]:
    """Croatian colour plus dark/light compounds (tamnoplava, svijetlosiva)."""
    return _hr(*stems) + _hr(*(f"tamno{s}" for s in stems)) + _hr(*(f"svijetlo{s}" for s in stems))


def _with_plain_letters(forms: Iterable[str], plain: dict[int, int]) -> list[str]:
    """``forms`` plus each one spelled without its special letters, as shoppers often type."""
    out: list[str] = []
    for form in forms:
        out.extend(dict.fromkeys((form, form.translate(plain))))
    return out


_RU_YO = str.maketrans("ё", "е")
_LT_PLAIN = str.maketrans("ąčęėįšųūž", "aceeisuuz")


def _ru(*stems: str) -> list[str]:
    """Russian hard adjectives: чёрн -> чёрный, чёрная, чёрное, чёрные, чёрного, чёрную, ...

    Also ending in "-ой" (голубой, золотой); "ё" is written "е" too (черный).
    """
    endings = ("ый", "ая", "ое", "ые", "ого", "ой", "ому", "ую", "ым", "ыми", "ых", "ом")
    forms: list[str] = []
    for stem in stems:
        if stem.endswith(tuple("кгхжшчщ")):  # spelling rule: ы -> и after these
            forms.extend(stem + ending.replace("ы", "и") for ending in endings)
        else:
            forms.extend(stem + ending for ending in endings)
    return _with_plain_letters(forms, _RU_YO)


def _ru_soft(*stems: str) -> list[str]:
    """Russian soft adjectives: син -> синий, синяя, синее, синие, синего, синюю, синей, ..."""
    endings = ("ий", "яя", "ее", "ие", "его", "ей", "ему", "юю", "им", "ими", "их", "ем")
    return _with_plain_letters([stem + ending for stem in stems for ending in endings], _RU_YO)


def _lt(*stems: str) -> list[str]:
    """Lithuanian -as adjectives: juod -> juodas, juoda, juodi, juodos, juodą, juodų, juodam, ...

    Each form also without its diacritics (juoda for juodą, melynas for mėlynas).
    """
    endings = ("as", "a", "i", "os", "ą", "ų", "am", "ai", "o", "u", "us", "oje", "ame", "ais",
               "omis", "iems", "oms", "ose", "uose")  # fmt: skip
    return _with_plain_letters([stem + ending for stem in stems for ending in endings], _LT_PLAIN)


def _lt_ias(*stems: str) -> list[str]:
    """Lithuanian -ias adjectives: žal -> žalias, žalia, žali, žalios, žalią, žalių, ..."""
    endings = ("ias", "ia", "i", "ios", "ią", "ių", "iam", "iai", "io", "ius", "ioje", "iame",
               "iais", "iomis", "iems", "ioms", "iose", "iuose")  # fmt: skip
    return _with_plain_letters([stem + ending for stem in stems for ending in endings], _LT_PLAIN)


def _lt_is(*stems: str) -> list[str]:
    """Lithuanian -is adjectives: rožin -> rožinis, rožinė, rožiniai, rožinės, rožinį, ..."""
    endings = ("is", "ė", "iai", "ės", "į", "ę", "ių", "iam", "ei", "io", "ius", "iu", "ėje",
               "iame", "iais", "ėmis", "iams", "ėms", "ėse", "iuose")  # fmt: skip
    return _with_plain_letters([stem + ending for stem in stems for ending in endings], _LT_PLAIN)


# --- vocabulary tables: canonical value -> words (any case; a space matches any whitespace) ------

# fmt: off
# Tables stay compact, a language per line or two, rather than one word per line.
# Deliberately left out because they are common non-colour words: French "or" (gold) and
# "rose" (pink; an English flower/scent), Spanish "café", English "tan"/"rose".
COLOR_WORDS: dict[str, list[str]] = {
    "black": [
        "black", *_de_shades("schwarz"), "noir", "noire", "noirs", "noires",
        *_es("negr"), *_it("ner"), *_pl("czarn"), *_hr("crn"), *_ru("чёрн"), *_lt("juod"),
    ],
    "blue": [
        "blue", "light blue", "dark blue", "sky blue", *_de_shades("blau"),
        "bleu", "bleue", "bleus", "bleues", "azul", "azules", "blu", *_it("azzurr"),
        *_shades_pl("niebiesk"), *_shades_hr("plav"), *_ru_soft("син"), *_ru("голуб"),
        *_lt("mėlyn", "žydr"),
    ],
    "navy": [
        "navy", "navy blue", *_de("marineblau"), "bleu marine", "azul marino", "blu navy",
        "blu marino", *_pl("granatow"), *_hr("tamnoplav"),
        *_ru_soft("тёмно-син", "тёмно син", "тёмносин"), *_lt("tamsiai mėlyn"),
    ],
    "red": [
        "red", *_de_shades("rot"), "rouge", "rouges", *_es("roj"), *_it("ross"),
        *_shades_pl("czerwon"), *_shades_hr("crven"), *_ru("красн"), *_lt("raudon"),
    ],
    "white": [
        "white", "off-white", *_de("weiß", "weiss"), "blanc", "blanche", "blancs", "blanches",
        *_es("blanc"), "bianco", "bianca", "bianchi", "bianche", *_pl("biał"), *_hr("bijel"),
        *_ru("бел"), *_lt("balt"),
    ],
    "green": [
        "green", *_de_shades("grün", "gruen"), "vert", "verte", "verts", "vertes",
        "verde", "verdes", "verdi", *_shades_pl("zielon"), *_shades_hr("zelen"),
        *_ru("зелён"), *_lt_ias("žal"),
    ],
    "yellow": [
        "yellow", *_de_shades("gelb"), "jaune", "jaunes", *_es("amarill"), *_it("giall"),
        *_shades_pl("żółt"), *_hr("žut"), *_ru("жёлт"), *_lt("gelton"),
    ],
    "orange": [
        "orange", "oranges", "naranja", "naranjas", "arancione", "arancioni",
        *_pl("pomarańczow"), *_hr("narančast"), *_ru("оранжев"), *_lt_is("oranžin"),
    ],
    "pink": [
        "pink", "rosa", "rosé", "rosado", "rosada", *_shades_pl("różow"), *_hr("ružičast"),
        *_ru("розов"), *_lt_is("rožin"),
    ],
    "purple": [
        "purple", "violet", "violette", "violets", "violettes", "lila", *_de("violett"),
        "morado", "morada", "púrpura", "viola", *_pl("fioletow"), *_hr("ljubičast"),
        *_ru("фиолетов", "лилов", "пурпурн"), *_lt_is("violetin", "purpurin"),
    ],
    "brown": [
        "brown", *_de_shades("braun"), "marron", "brun", "brune", "bruns", "brunes", "marrón",
        "marrone", "marroni", *_shades_pl("brązow"), *_hr("smeđ"), *_ru("коричнев"),
        *_lt("rud"),
    ],
    "grey": [
        "grey", "gray", *_de_shades("grau"), "gris", "grise", "grises", "grigio", "grigia",
        "grigi", "grigie", *_shades_pl("szar"), *_shades_hr("siv"), *_ru("сер"), *_lt("pilk"),
    ],
    "beige": [
        "beige", "beż", "beżowy", "beżowa", "beżowe", "bež", *_ru("бежев"), *_lt_is("smėlin"),
        "smėlio spalvos", "smelio spalvos",
    ],
    "gold": [
        "gold", *_de("golden", "goldfarben"), "doré", "dorée", "dorés", "dorées",
        *_es("dorad"), "oro", *_it("dorat"), *_pl("złot"), *_hr("zlatn"),
        *_ru("золот", "золотист"), *_lt_is("auksin"),
    ],
    "silver": [
        "silver", *_de("silbern", "silberfarben"), "silber",
        "argenté", "argentée", "argentés", "argentées", "plata", *_es("platead"), "argento",
        *_it("argentat"), *_pl("srebrn"), *_hr("srebrn"), *_ru("серебрян", "серебрист"),
        *_lt_is("sidabrin"),
    ],
    "multicolor": [
        "multicolor", "multicolour", "multi-color", "multi-colour", "multicolored",
        "multicoloured", "multi-coloured", "multi-colored", "bunt", *_de("mehrfarbig"),
        "multicolore", "multicolores", "multicolori", *_pl("wielokolorow"), *_hr("šaren"),
        *_ru("разноцветн", "многоцветн"), *_lt_is("daugiaspalv"),
    ],
}

# Shades a feed names, under the colour a shopper calls them: a "green" filter must find
# Olive and Sage. A shade here is a colour of its own too ("olive" finds olive only).
SHADES: dict[str, tuple[str, list[str]]] = {
    "olive": ("green", ["olive green", "oliv", *_de("olivgrün"), "vert olive", "verde oliva",
                        *_pl("oliwkow"), *_hr("maslinast"), *_ru("оливков"),
                        "alyvuogių spalvos", "alyvuogiu spalvos"]),
    "sage": ("green", ["sage green", "salbei", *_de("salbeigrün"), "vert sauge", "verde salvia"]),
    "teal": ("blue", [*_de("petrolblau"), "bleu canard", "verde azulado", "verde acqua",
                      *_ru("сине-зелён")]),
    "turquoise": ("blue", ["türkis", "turquesa", "turchese", *_hr("tirkizn"),
                           *_pl("turkusow"), *_ru("бирюзов"), "turkio spalvos"]),
    "burgundy": ("red", ["maroon", "wine red", "bordeaux", *_de("bordeauxrot", "weinrot"),
                         "burdeos", "granate", "granata", "bordò", *_pl("bordow"), "бордо",
                         *_ru("бордов"), *_ru("гранатов"),
                         "bordo", *_lt_is("bordin")]),
    "terracotta": ("orange", ["terrakotta", "terre cuite", *_ru("терракотов")]),
    "coral": ("pink", ["koralle", "corail", "corallo", *_ru("кораллов"),
                       *_lt_is("koralin")]),
    "dusty rose": ("pink", ["dusty pink", "altrosa", "vieux rose", "rosa antico",
                            "rosa palo", *_ru("пыльно-розов")]),
    "lilac": ("purple", ["flieder", "lilas", "lila claro", "lilla", *_pl("liliow"),
                         *_ru("сиренев"), *_lt_is("alyvin")]),
    "anthracite": ("grey", ["anthrazit", "antracita", "antracite", "antracit", "антрацит",
                            *_ru("антрацитов"), "antracito spalvos"]),
    "ivory": ("white", ["elfenbein", "ivoire", "marfil", "avorio", "слоновой кости",
                        "dramblio kaulo"]),
    "taupe": ("brown", []),
    "forest green": ("green", [*_de("waldgrün"), "vert forêt", "verde bosque", "verde bosco"]),
}  # fmt: skip
# Shades whose names are everyday words too ("sand", "rust", "cream", "forest"): read only
# in a feed's colour field, and filed under their colour alone, since a shopper saying
# "a tent for the forest" or "sun cream" is not asking for a colour.
FIELD_SHADES: dict[str, str] = {
    "forest": "green", "mint": "green", "khaki": "beige", "sand": "beige", "oat": "beige",
    "oatmeal": "beige", "natural": "beige", "stone": "beige", "camel": "brown",
    "tan": "brown", "chocolate": "brown", "rust": "orange", "cream": "white",
    "snow": "white", "charcoal": "grey", "graphite": "grey", "slate": "grey",
    "lavender": "purple", "blush": "pink", "volt": "yellow", "midnight": "navy",
    "wine": "red", "plum": "purple", "mustard": "yellow", "ochre": "yellow",
    # the same shades in Russian and Lithuanian ("Графитовый", "Шоколад", "Хаки")
    "хаки": "beige", "chaki": "beige",
    **dict.fromkeys(["графит", *_ru("графитов"), "grafito", *_lt_is("grafitin")], "grey"),
    **dict.fromkeys(["шоколад", *_ru("шоколадн"), "šokolado", *_lt_is("šokoladin")], "brown"),
    # ... and in the other supported languages ("w kolorze czekoladowym")
    **dict.fromkeys(
        ["chocolat", "cioccolato", "schokolade", "schokoladenbraun", "čokolada",
         "czekolada", *_pl("czekoladow")], "brown",
    ),
    **dict.fromkeys([*_ru("мятн"), *_lt_is("mėtin")], "green"),
    **dict.fromkeys(_ru("песочн"), "beige"), **dict.fromkeys(_ru("горчичн"), "yellow"),
    **dict.fromkeys([*_ru("кремов"), *_lt_is("kremin")], "white"),
    **dict.fromkeys([*_ru("лавандов"), *_ru("сливов")], "purple"),
}  # fmt: skip
# Navy is a colour of its own in filters, and blue to a shopper asking for blue.
SHADE_COLOR = {"navy": "blue", **{shade: color for shade, (color, _) in SHADES.items()}}

MATERIAL_WORDS: dict[str, list[str]] = {
    "cotton": [
        "cotton", "organic cotton", "baumwolle", "bio-baumwolle", "coton", "algodón", "algodon",
        "cotone", *_pl_noun("bawełn"), *_pl("bawełnian"), "pamuk", "pamuka", *_hr("pamučn"),
    ],
    "wool": [
        "wool", "woolen", "woollen", "merino", "merino wool", "wolle", "schurwolle",
        "merinowolle", "laine", "mérinos", "lana", "lana merino", *_pl_noun("wełn"),
        *_pl("wełnian"), "vuna", "vune", *_hr("vunen"),
    ],
    "leather": [
        "leather", "genuine leather", "leder", "echtleder", "cuir", "piel", "cuero", "pelle",
        "skóra", "skóry", "skórze", "skórę", "skórą", *_pl("skórzan"), "koža", "kože",
        *_hr("kožn"),
    ],
    # Imitation leather is not leather: kept apart so a "leather" filter stays honest. The
    # longest match wins, so "faux leather" is never read as "leather".
    "faux leather": [
        "faux leather", "vegan leather", "pu leather", "imitation leather", "leatherette",
        "kunstleder", "similicuir", "simili cuir", "cuir synthétique", "polipiel",
        "piel sintética", "cuero sintético", "ecopelle", "similpelle", "pelle sintetica",
        "ekoskóra", "ekoskóry", "eko skóra", "eko-skóra", "sztuczna skóra", "umjetna koža",
        "eko koža",
    ],
    "suede": [
        "suede", "wildleder", "daim", "gamuza", "camoscio", "zamsz", *_pl("zamszow"), "antilop",
    ],
    "denim": ["denim", "jeansstoff", "mezclilla", "dżins", *_pl("jeansow")],
    "linen": ["linen", "leinen", "lin", "lino", *_pl("lnian"), *_hr("lanen")],
    "silk": [
        "silk", "seide", "soie", "seda", "seta", "jedwab", "jedwabiu", *_pl("jedwabn"),
        "svila", "svile", *_hr("svilen"),
    ],
    "polyester": ["polyester", "poliéster", "poliester", "poliestere"],
    "nylon": ["nylon", "nailon", "najlon"],
    "cashmere": ["cashmere", "kaschmir", "cachemire", "cachemira", "cachemir", "kaszmir", "kašmir"],
    "stainless steel": [
        "stainless steel", "stainless", "edelstahl", "rostfreier stahl", "inox",
        "acier inoxydable", "acier inox", "acero inoxidable", "acero inox", "acciaio inox",
        "acciaio inossidabile", "stal nierdzewna", "stali nierdzewnej", "nehrđajući čelik",
        "nehrđajućeg čelika",
    ],
    "wood": [
        "wood", "wooden", "solid wood", "holz", "massivholz", "bois", "madera", "legno",
        "drewno", "drewna", "drewnie", *_pl("drewnian"), "drvo", "drva", *_hr("drven"),
    ],
    "bamboo": ["bamboo", "bambus", "bambou", "bambú", "bambu", "bambù", *_pl("bambusow")],
    "ceramic": [
        "ceramic", "ceramics", "keramik", "céramique", "cerámica", "ceramica", "ceramika",
        "ceramiki", *_pl("ceramiczn"), "keramika", *_hr("keramičk"),
    ],
    "glass": [
        "glass", "glas", "verre", "vidrio", "vetro", "szkło", "szkła", "szkle", *_pl("szklan"),
        "staklo", "stakla", *_hr("staklen"),
    ],
    "plastic": [
        "plastic", "kunststoff", "plastik", "plastique", "plástico", "plastico", "plastica",
        *_pl("plastikow"), "plastika", *_hr("plastičn"),
    ],
    "aluminium": [
        "aluminium", "aluminum", "aluminio", "alluminio", "aluminij", *_pl("aluminiow"),
    ],
}

GENDER_WORDS: dict[str, list[str]] = {
    "men": [
        "men", "men's", "mens", "male", "gentlemen", "herren", "herrn", "männer", "homme",
        "hommes", "masculin", "hombre", "hombres", "caballero", "caballeros", "uomo", "uomini",
        *_pl("męsk"), "mężczyzn", "mężczyzna", *_hr("mušk"), "muškarci", "muškarce",
    ],
    "women": [
        "women", "women's", "womens", "woman", "ladies", "lady", "female", "damen", "frauen",
        "femme", "femmes", "féminin", "mujer", "mujeres", "dama", "damas", "donna", "donne",
        *_pl("damsk"), "kobiet", "kobieta", "kobiety", *_hr("žensk"), "žene", "žena",
    ],
    "kids": [
        "kids", "kid", "kid's", "children", "children's", "child", "boys", "boy", "girls", "girl",
        "toddler", "kinder", "jungen", "mädchen", "enfant", "enfants", "garçon", "garçons",
        "fille", "filles", "niño", "niños", "niña", "niñas", "infantil", "bambino", "bambina",
        "bambini", "bambine", "ragazzo", "ragazza", "ragazzi", "ragazze", *_pl("dziecięc"),
        "dzieci", *_pl("chłopięc"), *_pl("dziewczęc"), *_hr("dječj"), "dječak", "djevojčica",
        "djeca",
    ],
    "unisex": ["unisex", "uniseks", "mixte"],
}

# German writes gender into compounds (Herrenjacke, Damenschuhe, Kinderschuhe).
_GENDER_PREFIXES = {"herren": "men", "damen": "women", "kinder": "kids", "mädchen": "kids"}

SIZE_WORDS = (
    "size", "größe", "grösse", "groesse", "gr.", "taille", "talla", "taglia", "rozmiar",
    "rozm.", "veličina", "velicina",
)
# fmt: on

# --- compiled tables -----------------------------------------------------------------------------


def trie_regex(words: Iterable[str]) -> str:
    """One regex alternation for ``words``, factored as a trie.

    Python's ``re`` tries alternatives one by one; a trie makes each candidate
    position cost one character test per level instead of one per word. Greedy
    optional tails mean the longest word is tried first. A space in a word
    matches any run of whitespace.
    """
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        ends_here = "" in node
        branches = [
            (r"\s+" if char == " " else re.escape(char)) + build(child)
            for char, child in sorted(node.items())
            if char
        ]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends_here else body

    return build(trie)


def _squash(text: str) -> str:
    """Collapse whitespace runs to one space (keys of multi-word entries)."""
    return " ".join(text.split())


def _lookup(table: dict[str, list[str]]) -> dict[str, str]:
    """Invert ``canonical -> words`` into ``lowercased word -> canonical``."""
    inverted: dict[str, str] = {}
    for canonical, words in table.items():
        for word in (canonical, *words):
            inverted.setdefault(_squash(word.lower()), canonical)
    return inverted


_COLOR_LOOKUP = _lookup({**COLOR_WORDS, **{shade: words for shade, (_, words) in SHADES.items()}})
#: Canonical colour names (English), as filters and facets use them.
KNOWN_COLORS = frozenset(COLOR_WORDS) | frozenset(SHADES)
_MATERIAL_LOOKUP = _lookup(MATERIAL_WORDS)
_GENDER_LOOKUP = _lookup(GENDER_WORDS)
_SIZE_WORD = "size word"

# Every table's words -> ((kind, canonical), ...). A word may serve several kinds.
_KINDS: dict[str, tuple[tuple[str, str], ...]] = {}
for _kind, _table in (
    ("color", _COLOR_LOOKUP),
    ("material", _MATERIAL_LOOKUP),
    ("gender", _GENDER_LOOKUP),
    (_SIZE_WORD, {word: word for word in SIZE_WORDS}),
):
    for _word, _canonical in _table.items():
        _KINDS[_word] = (*_KINDS.get(_word, ()), (_kind, _canonical))
del _kind, _table, _word, _canonical

# Every vocabulary word of every table in one regex, so a place in the text is checked once,
# not once per table. _scan only ever matches it anchored where a candidate word starts (see
# there). Group "word": a whole word (one ending in "." -- "gr.", "rozm." -- needs no boundary
# after it). Group "prefix": a German compound's gender prefix (Herrenjacke).
_SCAN_RE = re.compile(
    r"(?<!\w)(?:(?P<word>"
    + trie_regex(_KINDS)
    + r")(?:(?<=\.)|(?!\w))|(?P<prefix>"
    + "|".join(_GENDER_PREFIXES)
    + r")\w+)"
)

# Prefilter for _scan: the first word of every entry (split as the tokens are), as UTF-8.
_ASCII_MARKS = bytes(c for c in range(128) if not chr(c).isalnum())
_ASCII_MARKS_TO_SPACE = bytes.maketrans(_ASCII_MARKS, b" " * len(_ASCII_MARKS))
# Non-ASCII marks that often touch a word: NBSP, guillemets, middle dot, dashes, curly quotes,
# bullet, ellipsis. Others (emoji, ™) glued to a word hide it: a miss, never a false hit.
_UNICODE_MARKS = tuple(
    mark.encode()
    for mark in "\u00a0\u00ab\u00bb\u00b7\u2010\u2011\u2012\u2013\u2014\u2018\u2019"
    "\u201a\u201c\u201d\u201e\u2022\u2026\u2039\u203a"
)
_TRIGGERS = frozenset(word.encode().translate(_ASCII_MARKS_TO_SPACE).split()[0] for word in _KINDS)

_LETTER_SIZE = r"[23]xl|x{0,3}l|xs|s|m"
# What follows a size word: "S"/"XL"/... or an EU shoe size 35-48 (halves allowed), standing
# alone -- not the start of a longer word, not "S/M" or "40-42", not the first of a list.
_SIZE_VALUE_RE = re.compile(
    r"\s*[:=]?\s*(?:eu\s*)?"
    r"(?:(?P<letter>" + _LETTER_SIZE + r")|(?P<num>3[5-9]|4[0-8])(?P<half>[.,]5)?)"
    r"(?!\w|[-/–.,]\w|\s*[,/|]\s*(?:" + _LETTER_SIZE + r"|\d)(?!\w))"
)
# A title ending in a separator and a letter size: "Basic Tee - M", "Hoodie | XL".
_SIZE_SUFFIX_RE = re.compile(r"\s[-–—|/,]\s*(" + _LETTER_SIZE + r")\s*$")
_SIZE_SUFFIX_SPAN = 12  # the suffix is at most " -  XXXL  "; only the tail is searched
_SIZE_ALIASES = {"2xl": "XXL", "3xl": "XXXL"}

# A feed's colour field sometimes says there is none to tell: such a value is no colour name.
_PLACEHOLDER_COLORS = frozenset({
    "n/a", "none", "default", "standard", "other", "various", "assorted", "mixed", "as shown",
    "as pictured", "see picture", "see photo", "brak", "inny", "inne", "różne", "standardowy",
    "nie dotyczy", "нет", "другой", "разные", "ассорти", "стандарт", "стандартный", "kita",
    "įvairios", "standartinė",
})  # fmt: skip
_MAX_OWN_NAME = 40  # longer is a sentence, not a name

_SEPARATORS_RE = re.compile(r"\s*(?:[/,&+|;]|\band\b)\s*")

# --- public API ----------------------------------------------------------------------------------


def category_paths(path: str) -> list[str]:
    """Every prefix of a category path, so a filter on a parent matches its descendants.

    Args:
        path: ``"A > B > C"`` (parts are stripped; empty parts dropped).

    Returns:
        ``["A", "A > B", "A > B > C"]``; ``[]`` for an empty path.
    """
    parts = [" ".join(part.split()) for part in path.split(">")]
    parts = [part for part in parts if part]
    return [" > ".join(parts[: i + 1]) for i in range(len(parts))]


def color_tokens(value: str) -> list[str]:
    """Canonical English colours named in ``value``, in order, without repeats.

    Args:
        value: A colour value such as ``"Black/White"`` or ``"Schwarz & Weiß"``.

    Returns:
        ``["black", "white"]``; words that are not known colours are left out,
        so ``"All-Over Print"`` gives ``[]``.
    """
    seen: list[str] = []
    for kind, canonical, _ in _scan(value.lower()):
        if kind == "color" and canonical not in seen:
            seen.append(canonical)
    return seen


def record_colors(value: str, *, from_feed: bool) -> list[str]:
    """The colours a product is filed under: each named, then each shade's colour.

    In the feed's colour field, a part that names no colour any table knows is the
    shop's own name for it, filed as written (lowercased, spaces squashed): "Karmel"
    is ``"karmel"``, so a shopper's "karmelowe" can find it (``graph.catalogue_colours``
    reads such names back from the catalogue's facets). A placeholder ("n/a",
    "standard", "brak") or a part of fewer than three letters is no name.

    Args:
        value: The product's colour ("Olive/Sand", "Triple Black").
        from_feed: Whether ``value`` is the feed's colour field (where "Sand" is a
            colour) rather than words found in the title or description.

    Returns:
        ``["olive", "beige", "green"]`` for a feed's "Olive/Sand": a shopper's "green"
        finds it, and so does "olive". ``["black", "karmel"]`` for "Czarny/Karmel".
    """
    named = color_tokens(value)
    if from_feed:
        for part in _SEPARATORS_RE.split(_squash(value.lower())):
            if color_tokens(part):
                continue  # "Slate Blue" is blue
            shades = [FIELD_SHADES[w] for w in (part, *part.split()) if w in FIELD_SHADES]
            if shades:  # "Forest" and "Deep Forest"
                named.extend(shades)
            elif _is_own_name(part):
                named.append(part)
    colors = list(dict.fromkeys(named))
    for color in colors:  # grows while read: "midnight" -> navy -> blue
        if color in SHADE_COLOR and SHADE_COLOR[color] not in colors:
            colors.append(SHADE_COLOR[color])
    return colors


def own_colors(value: str) -> tuple[str, ...]:
    """The names of a feed's colour field that are filed as written, no canonical colour.

    Those of :func:`record_colors` outside :data:`KNOWN_COLORS`: ``"Czarny/Karmel"``
    gives ``("karmel",)``. The sync counts them into the facets (``own_colors``) from
    the feed's values, and from stored records by the same rule (a metadata ``colors``
    name outside :data:`KNOWN_COLORS` came from there), so both ways agree.
    """
    return _own_colors(value) if value else ()


@lru_cache(maxsize=4096)
def _own_colors(value: str) -> tuple[str, ...]:
    filed = record_colors(normalise_color(value), from_feed=True)
    return tuple(color for color in filed if color not in KNOWN_COLORS)


def _is_own_name(part: str) -> bool:
    """Whether a colour field's part can be a colour name of the shop's own."""
    letters = sum(char.isalpha() for char in part)
    return letters >= 3 and len(part) <= _MAX_OWN_NAME and part not in _PLACEHOLDER_COLORS


def normalise_color(value: str) -> str:
    """A feed colour in canonical form.

    Args:
        value: The feed's ``color``, e.g. ``"Noir"``, ``"Black/White"``, ``"All-Over Print"``.

    Returns:
        The canonical English colour for a known word (``"noir"`` -> ``"black"``);
        for a combination of known colours, the canonical names joined with
        ``"/"`` (``"Schwarz/Weiß"`` -> ``"black/white"``); otherwise the value
        lowercased and stripped (``"all-over print"``).
    """
    if not value:
        return ""
    text = _squash(value.lower())
    if text in _COLOR_LOOKUP:
        return _COLOR_LOOKUP[text]
    parts = [part for part in _SEPARATORS_RE.split(text) if part]
    if len(parts) > 1 and all(part in _COLOR_LOOKUP for part in parts):
        return "/".join(_COLOR_LOOKUP[part] for part in parts)
    return text


def normalise_material(value: str) -> str:
    """A feed material in canonical form: a known word mapped, else lowercased and stripped."""
    if not value:
        return ""
    text = _squash(value.lower())
    if text in _MATERIAL_LOOKUP:
        return _MATERIAL_LOOKUP[text]
    # "Skóra gładka" (smooth leather): a known material word inside the value still counts.
    for kind, canonical, _ in _scan(text):
        if kind == "material":
            return canonical
    return text


def normalise_gender(value: str) -> str:
    """A feed gender in canonical form: ``men``, ``women``, ``unisex`` or ``kids``.

    Args:
        value: The feed's ``gender`` (``male``/``female``/``unisex``, any case) or a
            gender word in one of the supported languages (``"Damen"``, ``"boys"``).

    Returns:
        The canonical value; a value naming both men and women (``"Herren/Damen"``)
        is ``unisex``; an unrecognised value comes back lowercased and stripped.
    """
    if not value:
        return ""
    text = _squash(value.lower())
    if text in _GENDER_LOOKUP:
        return _GENDER_LOOKUP[text]
    found = [canonical for kind, canonical, _ in _scan(text) if kind == "gender"]
    return _decide_gender(found) or text


def extract_attributes(
    title: str,
    description: str,
    *,
    color: str = "",
    size: str = "",
    material: str = "",
    gender: str = "",
    brand: str = "",
) -> dict[str, str]:
    """Fill a product's missing colour, material, gender and size from its text.

    Given values always win; they come back normalised (:func:`normalise_color`,
    :func:`normalise_material`, :func:`normalise_gender`; size only stripped).
    Missing ones are looked for in the title first, then the description.

    Args:
        title: The product title.
        description: The product description (plain text).
        color: The feed's colour, if any.
        size: The feed's size, if any.
        material: The feed's material, if any.
        gender: The feed's gender, if any.
        brand: The brand, whose words are ignored in the text so that a brand
            named "Orange" or "Braun" is not read as a colour.

    Returns:
        ``{"color": ..., "material": ..., "gender": ..., "size": ...}``, each
        ``""`` when neither given nor found. Size is ``"S"``/``"XL"``/... or an
        EU shoe size (``"42"``, ``"42.5"``), only when the text states it
        clearly ("size M", "Größe 42", a title ending " - M").
    """
    result = {
        "color": normalise_color(color) if color else "",
        "material": normalise_material(material) if material else "",
        "gender": normalise_gender(gender) if gender else "",
        "size": size.strip(),
    }
    if all(result.values()):
        return result

    title = title.lower()
    description = description.lower()
    if brand.strip():
        brand_re = re.compile(r"(?<!\w)" + re.escape(_squash(brand.lower())) + r"(?!\w)")
        title = brand_re.sub(" ", title)
        description = brand_re.sub(" ", description)

    # Title and description are scanned as one text; hits come in text order, so the first hit
    # of a kind is the title's when the title has one.
    text = title + "\n" + description
    title_end = len(title)  # a hit ending after this is the description's
    genders: tuple[list[str], list[str]] = ([], [])
    size_in_title = size_in_description = ""
    want_size = not result["size"]
    for kind, canonical, end in _scan(text):
        if kind == "gender":
            genders[end > title_end].append(canonical)
        elif kind == _SIZE_WORD:
            if want_size and not (size_in_description if end > title_end else size_in_title):
                found = _size_after(text, end)
                if end > title_end:
                    size_in_description = found
                else:
                    size_in_title = found
        elif not result[kind]:
            result[kind] = canonical
    if not result["gender"]:
        result["gender"] = _decide_gender(genders[0]) or _decide_gender(genders[1])
    if want_size:
        result["size"] = size_in_title or _size_suffix(title) or size_in_description
    return result


# --- internals -----------------------------------------------------------------------------------


def _scan(text: str) -> list[tuple[str, str, int]]:
    """Every vocabulary hit in a lowercased text: (kind, canonical, end), in text order.

    Running the word regex over the whole text costs one matcher entry per position, which
    measured about 12 us per 360-character text: most of an extraction's time. So the text is
    first split into tokens in C (UTF-8 bytes, punctuation mapped to spaces) and intersected
    with the set of words that can begin a vocabulary entry; the regex then only confirms,
    anchored, the few places those tokens occur. Hits inside a longer hit are dropped.
    """
    data = text.encode()
    # Marks outside ASCII would glue themselves to a word ("„schwarz“"); isascii() is O(1).
    if not text.isascii() and (b"\xe2" in data or b"\xc2" in data):
        for mark in _UNICODE_MARKS:
            data = data.replace(mark, b" ")
    starts = _TRIGGERS.intersection(data.translate(_ASCII_MARKS_TO_SPACE).split())
    prefixes = [prefix for prefix in _GENDER_PREFIXES if prefix in text]
    if not starts and not prefixes:
        return []
    hits: list[tuple[int, str, str, int]] = []
    seen: set[int] = set()
    for token in [start.decode() for start in starts] + prefixes:
        position = text.find(token)
        while position >= 0:
            if position not in seen and (match := _SCAN_RE.match(text, position)):
                seen.add(position)
                word = match.group("word")
                if word is None:
                    kinds: tuple[tuple[str, str], ...] = (
                        ("gender", _GENDER_PREFIXES[match.group("prefix")]),
                    )
                    end = match.end()
                else:
                    kinds = _KINDS.get(word) or _KINDS[_squash(word)]
                    end = match.end("word")
                hits.extend((position, kind, canonical, end) for kind, canonical in kinds)
            position = text.find(token, position + 1)
    hits.sort()
    # Drop a word inside a longer entry found earlier ("blue" in "navy blue").
    kept: list[tuple[str, str, int]] = []
    covered_until, last_start = 0, -1
    for position, kind, canonical, end in hits:
        if position < covered_until and position != last_start:
            continue
        kept.append((kind, canonical, end))
        covered_until, last_start = end, position
    return kept


def _decide_gender(found: list[str]) -> str:
    """One gender from a field's hits: men and women (or "unisex") -> unisex, else the first."""
    if not found:
        return ""
    if "unisex" in found or ("men" in found and "women" in found):
        return "unisex"
    return found[0]


def _size_after(text: str, end: int) -> str:
    """The size stated right after a size word ending at ``end``, or ``""``."""
    match = _SIZE_VALUE_RE.match(text, end)
    if not match:
        return ""
    if match.group("letter"):
        letter = match.group("letter")
        return _SIZE_ALIASES.get(letter, letter.upper())
    return match.group("num") + (".5" if match.group("half") else "")


def _size_suffix(title: str) -> str:
    """A letter size ending a lowercased title after a separator ("... - M"), or ``""``."""
    tail = title[-_SIZE_SUFFIX_SPAN:]
    if tail.rstrip()[-1:] not in ("s", "m", "l"):  # cheap exit for most titles
        return ""
    match = _SIZE_SUFFIX_RE.search(tail)
    if not match:
        return ""
    letter = match.group(1)
    return _SIZE_ALIASES.get(letter, letter.upper())
