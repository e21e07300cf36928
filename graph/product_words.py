"""Product words by concept, in every language, and the match keys of one word.

A facet category segment, a card on screen and a shopper's message match where their
:func:`word_keys` meet: "Laufschuhe" and "Shoes" share ``@shoe``. The concepts are
about products rather than a language, so they are one table, not per-language data;
the lexicon (:mod:`graph.translate`) fills their gaps.

A word ending in ``*`` in :data:`CATEGORY_WORDS` is a stem: it matches any word
that starts with it (Croatian "haljin*" for haljina, haljinu, haljine).
"""

from __future__ import annotations

import re
from functools import lru_cache

from graph.translate import word_kinds
from graph.vocabulary import STOPWORD_SET, fold, singular
from sync.enrich import trie_regex

# fmt: off
# Product words by canonical English concept. A facet category segment matches a message when
# they share a concept or a word; words ending in "*" are stems. One word may serve several
# concepts (Laufschuhe: shoe and running). A segment scores once however many of its keys
# match, so a concept that another leaf's segment also carries makes the two tie: the
# ambiguous "sac", "Tasche" are both bag and backpack. A shopper's plain "bag" also means
# a backpack (:data:`ASKED_ALSO`), though a segment "Sleeping Bags" is no backpack.
# Left out as collisions: Croatian "miš" (folds to Spanish "mis"), "čaša" (folds to "casa"),
# "casque" (French headphones), "piumino" (Italian down jacket), "poids"/"Gewicht" (a
# product's weight), "pesa" (Spanish "weighs"), "trekking" (trekking shoes, pole tents).
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "shoe": ("shoe", "sneaker", "trainer", "footwear", "schuh", "schuhe", "laufschuh*",
             "turnschuh*", "sportschuh*", "chaussure*", "basket", "baskets", "zapato*",
             "zapatilla*", "calzado", "deportivas", "scarpa", "scarpe", "scarpin*", "cipel*",
             "tenisic*", "obuć*", "patik*", "buty", "butów", "butach", "obuwie",
             "adidasy", "trampki", "sneakersy", "trailschuh*", "wanderschuh*",
             "wanderstiefel*"),
    "sneaker": ("sneaker", "turnschuh*", "sneakersy", "trampki", "tenisówk*", "basket",
                "baskets"),
    # Trail running is running: "running shoes" must find the trail runners too.
    "running": ("running", "run", "runner", "jogging", "laufschuh*", "laufen", "lauf",
                "course", "correr", "corsa", "trčanj*", "biegani*", "biegow*", "trail",
                "trailrunning"),
    # Hiking shoes are the trail shoes' aisle: "Wanderschuhe" found every men's shoe.
    "trail": ("trail", "trailschuh*", "trailrunning", "trailow*", "terenow*",
              "wanderschuh*"),
    "boot": ("boot", "stiefel*", "wanderstiefel*", "botte", "bottes", "bottine*", "bota",
             "botas", "botín", "botines", "stival*", "čizm*", "kozak*", "botki"),
    "sandal": ("sandal*", "sandał*", "flip-flop*", "pantolette*", "zehentrenner",
               "chancla*", "infradito", "japank*", "klapk*", "japonk*"),
    "jacket": ("jacket", "coat", "parka", "anorak", "windbreaker", "jacke*", "mantel",
               "veste", "vestes", "blouson*", "manteau*", "chaqueta*", "cazadora*", "abrigo*",
               "giacca", "giacche", "giubbott*", "giubbino", "cappott*", "jakn*", "kaput*",
               "kurtk*", "płaszcz*"),
    "vest": ("vest", "gilet*", "weste", "westen", "chaleco*", "smanicat*", "prsluk*",
             "kamizel*", "bezrękawnik*"),
    "dress": ("dress", "gown", "kleid*", "robe", "robes", "vestido*", "vestito", "abito",
              "abiti", "haljin*", "sukien*", "sukni*"),
    "shirt": ("shirt", "tee", "t-shirt", "tshirt", "blouse", "hemd*", "bluse", "chemise*",
              "tee-shirt", "camisa*", "camiseta*", "camicia", "camicie", "maglietta",
              "magliette", "košulj*", "majic*", "koszul*"),
    "trouser": ("trouser", "pant", "jeans", "chino", "hose", "hosen", "pantalon*", "pantalón",
                "hlač*", "spodni*"),
    "shorts": ("shorts", "short", "bermuda*", "bermude", "pantaloncin*", "šorc*",
               "szort*", "spodenk*"),
    "sweater": ("sweater", "jumper", "pullover", "hoodie", "sweatshirt", "cardigan", "pulli",
                "pull", "pulls", "sweat", "strickjacke*", "sudadera*", "suéter*", "jersey",
                "maglion*", "felpa", "felpe", "džemper*", "dukseric*", "sweter*", "bluza",
                "bluzy"),
    "activewear": ("activewear", "sportswear", "athleisure", "sportbekleidung",
                   "sportkleidung", "trainingskleidung", "deportiva", "legging*", "leggins*",
                   "legins*", "mallas", "tajic*", "bra", "bras", "sport-bh", "brassière*",
                   "sujetador*", "reggisen*", "grudnjak*", "stanik*"),
    "bag": ("bag", "handbag", "purse", "tasche*", "sac", "sacs", "bolso*", "borsa", "borse",
            "torb*"),
    "backpack": ("backpack", "rucksack", "rucksäcke", "daypack", "tasche*", "sac", "sacs",
                 "mochila*", "zain*", "ruksak*", "plecak*"),
    "sleeping": ("sleeping", "sleepingbag", "schlafsack*", "couchage", "saco",
                 "sacos", "sacco", "sacchi", "vreć*", "śpiwor*"),
    "camping": ("camping*", "tent", "zelt*", "tente*", "campaña", "acampada", "campeggio",
                "tenda", "tende", "šator*", "kampiranj*", "namiot*", "kemping*", "biwak*"),
    "hiking": ("hiking", "hike", "wandern", "wanderstock*", "wanderstöck*", "trekkingstock*",
               "trekkingstöck*", "randonnée", "bâton*", "senderismo", "baston*",
               "escursionismo", "planinarenj*", "štap*", "wędrówk*", "kijk*"),
    "cycling": ("cycling", "bike", "bicycle", "mtb", "helmet", "helm", "helme", "fahrrad*",
                "radhelm*", "radsport", "vélo", "vélos", "cyclisme", "bicic*", "bici",
                "ciclismo", "casco", "caschi", "bicikl*", "kacig*", "rower*", "kolarstw*",
                "kask*"),
    "hydration": ("hydration", "bottle", "flask", "flasche*", "trinkflasche*",
                  "wasserflasche*", "gourde*", "botella*", "borracc*", "bidon*", "bidón",
                  "bočic*", "butelk*"),
    "headphone": ("headphone", "earphone", "earbud", "headset", "kopfhörer*", "ohrhörer*",
                  "casque*", "écouteur*", "auricular*", "cascos", "cuffi*", "auricolar*",
                  "slušalic*", "słuchawk*", "słuchawek"),
    "speaker": ("speaker", "lautsprecher*", "enceinte*", "haut-parleur*", "altavoz",
                "altavoces", "altoparlant*", "zvučnik*", "głośnik*"),
    "audio": ("audio", "sound", "hifi", "hi-fi"),
    "electronics": ("electronics", "electronic", "gadget", "tech", "elektronik*", "électronique",
                    "electrónica", "elettronica"),
    "phone": ("phone", "smartphone", "téléphone", "móvil", "teléfono", "telefono",
              "cellulare", "mobitel*", "telefon*"),
    "laptop": ("laptop", "notebook", "portátil", "portatile", "prijenosnik*"),
    "keyboard": ("keyboard", "tastatur*", "clavier*", "teclado*", "tastier*", "tipkovnic*",
                 "klawiatur*"),
    "mouse": ("mouse", "mice", "maus", "mäuse", "computermaus", "funkmaus", "souris", "ratón",
              "ratones", "miša", "miševi", "miševe", "mišem", "mysz*"),
    "webcam": ("webcam*", "webkamer*", "kamerk*"),
    "charger": ("charger", "powerbank*", "power-bank*", "ladegerät*", "ladestation*",
                "netzteil*", "chargeur*", "cargador*", "caricabatteri*", "caricator*",
                "punjač*", "ładowark*"),
    "watch": ("watch", "smartwatch", "wearable", "tracker", "fitnesstracker", "fitness-tracker",
              "sportuhr*", "laufuhr*", "uhr", "uhren", "montre*", "reloj*", "orologi*", "satovi",
              "zegar*", "opask*"),
    "cookware": ("cookware", "pot", "pan", "saucepan", "skillet", "wok", "kochgeschirr", "topf",
                 "töpfe", "pfanne*", "casserole*", "poêle*", "olla*", "sartén", "sartenes",
                 "cacerola*", "pentol*", "padell*", "lonac", "lonci", "lonc*", "tava", "tave",
                 "tavu", "posuđe", "garnek", "garnk*", "patelni*"),
    "knife": ("knife", "knives", "messer*", "küchenmesser*", "kochmesser*", "santoku*",
              "couteau*", "cuchillo*", "coltell*", "nož", "noža", "nožem", "noževi", "noževe",
              "nožić*", "nóż", "noże", "noży", "nożyk*"),
    "coffee": ("coffee", "espresso*", "kaffee*", "café", "cafés",
               "cafetière*", "cafetera*", "caffè", "caffe", "caffettier*", "moka", "kava",
               "kave", "kavu", "kavom", "džezv*", "kawa", "kawy", "kawę", "kawiark*",
               "ekspres", "ekspresy", "ekspresu"),
    "drinkware": ("drinkware", "mug", "mugs", "cup", "cups", "tumbler", "becher*",
                  "thermobecher*", "kaffeebecher*", "kaffeetass*", "teetass*",
                  "espressotass*", "tasse*", "gobelet*", "taza*", "vaso*",
                  "tazz*", "bicchier*", "šalic*", "krigl*", "kubek", "kubk*", "filiżank*",
                  "szklank*"),
    "kitchen": ("kitchen", "küche", "cuisine", "cocina", "cucina", "kuhinj*", "kuchni*"),
    "bedding": ("bedding", "bettwäsche", "posteljin*", "pościel*"),
    "sheet": ("sheet", "laken", "bettlaken", "spannbettlaken", "leintuch*", "leintüch*",
              "drap", "draps", "sábana*", "lenzuol*", "plaht*", "prześcierad*"),
    "duvet": ("duvet", "comforter", "bettbezug*", "bettbezüg*", "bettdecke*", "deckenbezug*",
              "couette*", "nórdica", "nórdicas", "copripiumin*", "poplun*", "navlak*",
              "poszw*", "kołdr*"),
    "towel": ("towel", "handtuch*", "handtüch*", "badetuch*", "badetüch*", "strandtuch*",
              "duschtuch*", "serviette*", "toalla*", "asciugaman*", "ručnik*", "ručnic*",
              "ręcznik*"),
    "pillow": ("pillow", "cushion", "kissen", "kopfkissen*", "zierkissen*", "dekokissen*",
               "sofakissen*", "kissenbezug*", "kissenbezüg*", "coussin*", "oreiller*", "cojín",
               "cojines", "almohad*", "cuscin*", "jastuk*", "jastuc*", "poduszk*", "poduszek",
               "poszewk*"),
    "lamp": ("lamp", "lampe*", "lampa*", "lampu", "lampy", "lampę", "lampk*", "leuchte*",
             "pendelleucht*", "stehlamp*", "tischlamp*", "hängelamp*", "luminaire*",
             "svjetiljk*"),
    "home": ("home", "house", "household", "haushalt", "wohnen", "maison", "hogar", "casa",
             "dom", "kuća", "kuću", "kućanstvo"),
    "yoga": ("yoga", "joga", "jogi", "jogę", "yogamatte*", "yoga mat", "mat", "tapis",
             "esterilla", "tappetino", "prostirk*", "mata"),
    "weight": ("weight", "dumbbell*", "kettlebell*", "barbell*", "hantel*", "kurzhantel*",
               "gewichte", "haltère*", "mancuerna*", "pesas", "manubri", "pesi", "uteg*", "utez*",
               "bučic*", "hantl*", "ciężar*", "obciążeni*"),
    "recovery": ("recovery", "roller", "rollers", "massage*", "faszienroll*",
                 "récupération", "rouleau*", "recuperación", "masaje*", "rodillo*", "recupero",
                 "massagg*", "rullo*", "oporavak", "valjak*", "masaž*", "masaż*", "regeneracj*",
                 "wałek*", "wałk*"),
    "resistance": ("resistance", "widerstandsband*", "widerstandsbänd*", "fitnessband*",
                   "fitnessbänd*", "gymnastikband*", "gymnastikbänd*", "theraband*",
                   "élastique*", "résistance", "bandas", "elastici", "elastiche", "trake",
                   "otpora", "oporow*", "taśm*"),
    "fitness": ("fitness", "gym", "workout", "training", "exercise", "musculation", "gimnasio",
                "palestra", "teretan*", "siłowni*"),
    "sport": ("sport", "sports", "deporte*", "sportsk*", "sportow*"),
    "apparel": ("apparel", "clothing", "clothes", "fashion", "garment", "wear", "kleidung",
                "bekleidung", "vêtement*", "ropa", "abbigliamento", "odjeć*", "odjeca",
                "odzież", "ubrani*"),
}

# fmt: on


def _concept_tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Folded product words -> concepts, and folded stems -> concepts."""
    exact: dict[str, set[str]] = {}
    stems: dict[str, set[str]] = {}
    for concept, words in CATEGORY_WORDS.items():
        for word in (concept, *words):
            table, key = (stems, fold(word[:-1])) if word.endswith("*") else (exact, fold(word))
            table.setdefault(key, set()).add(concept)
    return (
        {word: frozenset(c) for word, c in exact.items()},
        {stem: frozenset(c) for stem, c in stems.items()},
    )


#: Concepts a word also names in a shopper's message, never in a category name: "a bag"
#: may be a backpack, while the segment "Sleeping Bags" must not match "backpack".
ASKED_ALSO: dict[str, frozenset[str]] = {
    "bag": frozenset({"@backpack"}),
    # "hiking shoes" are trail shoes, though a segment "Hiking" (poles) is no trail shoe
    **{word: frozenset({"@trail"}) for word in (
        "hiking", "hike", "randonnee", "senderismo", "escursionismo", "planinarenje",
        "planinarske", "trekking", "trekkingowe",
    )},
}  # fmt: skip


_CONCEPT_EXACT, _CONCEPT_STEMS = _concept_tables()


_STEM_RE = re.compile(trie_regex(_CONCEPT_STEMS))


@lru_cache(maxsize=8192)
def word_keys(word: str) -> frozenset[str]:
    """Match keys of one lowercase word: its folded singular and ``@concept`` for product words.

    A facet category segment, a shown card and a message match where their keys
    meet: "Laufschuhe" -> {"laufschuhe", "@shoe", "@running"}; "Shoes" ->
    {"shoe", "@shoe"}. Stopwords and words under three letters give only concepts.
    """
    folded = fold(word)
    single = singular(folded)
    concepts = _CONCEPT_EXACT.get(folded) or _CONCEPT_EXACT.get(single)
    if concepts is None and (stem := _STEM_RE.match(folded)) and stem.group() in _CONCEPT_STEMS:
        concepts = _CONCEPT_STEMS[stem.group()]
    keys = {"@" + concept for concept in concepts or ()}
    if not keys:  # the concepts above were tuned on the suites: the lexicon fills their gaps
        keys.update(_lexicon_kind_keys(folded))
    if len(single) >= 3 and word not in STOPWORD_SET and folded not in STOPWORD_SET:
        keys.add(single)
    return frozenset(keys)


#: The key prefix of a lexicon line's kind (:func:`_lexicon_kind_keys`).
LEXICON_KIND = "@kind:"


def _lexicon_kind_keys(folded: str) -> set[str]:
    """``@kind:N`` for each kind of product the lexicon's line N says ``folded`` names.

    The lexicon (:mod:`graph.translate`) holds each kind in every language: a German
    shopper's "Vorhänge" and an English shop's segment "Curtains & Drapes" meet there.
    """
    return {f"{LEXICON_KIND}{n}" for n in word_kinds(folded)}


def asked_keys(word: str) -> frozenset[str]:
    """:func:`word_keys` of a word in a shopper's message, with :data:`ASKED_ALSO`."""
    keys = word_keys(word)
    return keys | ASKED_ALSO.get(singular(fold(word)), frozenset())
