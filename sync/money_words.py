"""Per-language words for reading money: data only, read by :mod:`sync.money`.

One table per language, every table with the same keys (a test checks the
parity), so adding a language is adding a table to :data:`TABLES`. Words are
lowercase; a space matches any whitespace. Symbols and ISO codes are not
here: they belong to no language (see :mod:`sync.money`).

Keys:
    currency_words: currency names and abbreviations read before or after an
        amount ("50 euros", "EUR 50"), mapped to an ISO 4217 code or to a
        group of :data:`sync.money.GROUPS` ("DOLLAR", "PESO"...) that the
        shop's own currency resolves.
    currency_prefixes / currency_suffixes: read only before / only after the
        amount ("R250" is rand; "250 р." is roubles). A one-letter one is
        weak: money only beside a bound cue (see :mod:`sync.money`).
    multipliers: words after a number that multiply it ("2k", "150 mil").
    amount_words: words that are an amount alone ("tysiąc", "a thousand").
    max_before / min_before / around_before: bound cues just before an amount.
    max_after / min_after: bound cues just after it ("50 or less").
    budget_before: a bare amount after these is a budget, a maximum ("for 80").
    range_start / range_join: "between" X "and" Y; join words listed in
        range_join_needs_start join only after a range_start ("20 and 50" alone
        is two numbers, "between 20 and 50" a range); range_articles may follow
        either ("tra i 100 e i 110", "entre les 100 et les 110").
    negations / negation_fillers: a negation before a bound cue turns it
        round ("not over 80" is at most 80); fillers may stand between
        ("doesn't cost more than").
    weak_negations / comparatives: a weak negation ("no") turns only a
        comparative cue round ("no less than 50", not "no, under 50").
    not_money_after: words after a bare number that make it no amount ("2 kids").
    size_before: words before a bare number that make it a size ("size 42").
    number_words / number_joins: spelled numbers ("thirty", "forty five",
        "dwieście") and what may join their parts ("and"), read only in a message in
        this table's language and only as an amount with a currency or a bound
        cue ("under thirty", "thirty dollars"); below ten, only with a currency.
    number_articles: what may stand for "one" before a hundred or a thousand ("under a
        hundred").
    local_words: words of this table read only when the message is in this
        language (English "mil" is a thousandth of an inch; "r" is a letter).
"""

from __future__ import annotations

from typing import Final

Table = dict[str, dict[str, str] | dict[str, int] | tuple[str, ...]]

# fmt: off
EN: Table = {
    "currency_words": {
        "usd": "USD", "us$": "USD", "dollar": "DOLLAR", "dollars": "DOLLAR", "bucks": "DOLLAR",
        "buck": "DOLLAR", "euro": "EUR", "euros": "EUR", "eur": "EUR", "pound": "GBP",
        "pounds": "GBP", "quid": "GBP", "rand": "ZAR", "rands": "ZAR", "rupees": "INR",
        "rupee": "INR", "rs": "INR", "rs.": "INR", "francs": "CHF", "zloty": "PLN",
        "zlotys": "PLN", "rubles": "RUB", "roubles": "RUB", "ruble": "RUB", "rouble": "RUB",
    },
    "currency_prefixes": {"r": "ZAR"},
    "currency_suffixes": {},
    "multipliers": {"k": 1000, "thousand": 1000, "grand": 1000, "million": 1000000,
                    "millions": 1000000, "mn": 1000000},
    # slang names of notes and round sums count as amounts too ("a tenner", "stówa")
    "amount_words": {"a thousand": 1000, "a grand": 1000, "one thousand": 1000, "a fiver": 5,
                     "a tenner": 10},
    "max_before": (
        "under", "below", "less than", "cheaper than", "max", "max.", "maximum", "up to", "upto",
        "at most", "no more than", "not more than", "within", "budget of", "budget is", "budget",
        "my budget is", "spend", "can spend", "i can spend", "spend up to", "willing to spend",
    ),
    "min_before": (
        "over", "above", "more than", "at least", "from", "min", "min.", "minimum", "starting at",
        "starting from",
    ),
    "around_before": ("around", "about", "approximately", "approx", "approx.", "roughly"),
    "max_after": (
        "or less", "or under", "or below", "or lower", "or cheaper", "and under", "and below",
        "max", "max.", "maximum", "tops", "at most", "at the most",
    ),
    "min_after": ("or more", "and up", "and above", "and over", "or higher", "or above",
                  "or over"),
    "budget_before": ("for",),
    "range_start": ("between", "from"),
    "range_join": ("to", "and"),
    "range_join_needs_start": ("and",),
    "range_articles": (),
    "negations": ("not", "never", "nothing", "don't", "dont", "doesn't", "doesnt", "won't",
                  "shouldn't", "isn't", "can't", "aren't"),
    "negation_fillers": ("cost", "costs", "costing", "be", "is", "are", "go", "going", "anything",
                         "something", "spend", "spending", "priced", "pay", "paying", "want",
                         "that's", "thats"),
    "weak_negations": ("no",),
    "comparatives": ("less", "more", "fewer", "lower", "higher"),
    "not_money_after": (
        "years", "year", "pieces", "pcs", "pairs", "kids", "kid", "children", "child", "people",
        "persons", "person", "adults", "guests", "players", "boys", "girls", "friends", "of us",
        "of them", "of those", "of these", "inch", "inches",
    ),
    "size_before": ("size", "sizes", "eu", "uk", "us", "number", "no.", "option", "#"),
    "local_words": ("r", "rs", "rs."),
    "number_words": {
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
    },
    "number_joins": ("and",),
    "number_articles": ("a", "an"),
}

DE: Table = {
    "currency_words": {"euro": "EUR", "eur": "EUR", "dollar": "DOLLAR", "franken": "CHF",
                       "fr.": "CHF", "sfr.": "CHF", "pfund": "GBP", "mäuse": "LOCAL",
                       "kröten": "LOCAL", "öcken": "LOCAL", "ocken": "LOCAL"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tsd": 1000, "tsd.": 1000, "tausend": 1000, "mio": 1000000,
                    "mio.": 1000000, "millionen": 1000000, "million": 1000000},
    "amount_words": {"tausend": 1000, "eintausend": 1000, "zwanni": 20, "fuffi": 50,
                     "hunni": 100, "hunderter": 100, "nen hunni": 100, "nem hunni": 100,
                     "nen fuffi": 50, "nem fuffi": 50},
    "max_before": (
        "unter", "bis", "bis zu", "höchstens", "maximal", "weniger als", "nicht mehr als",
        "günstiger als", "billiger als", "ausgeben", "budget", "mein budget ist",
    ),
    "min_before": ("über", "ab", "mindestens", "mehr als"),
    "around_before": ("ungefähr", "etwa", "rund", "circa", "ca.", "zirka"),
    "max_after": ("oder weniger", "oder günstiger", "maximal", "höchstens"),
    "min_after": ("oder mehr", "und mehr", "und aufwärts"),
    "budget_before": ("für",),
    "range_start": ("zwischen", "von"),
    "range_join": ("bis", "und"),
    "range_join_needs_start": ("und",),
    "range_articles": (),
    "negations": ("nicht", "nichts", "kein", "keine", "keinen", "keiner", "keines"),
    "negation_fillers": ("kosten", "kostet", "mehr"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("jahre", "stück", "kinder", "personen", "leute", "paar", "zoll"),
    "size_before": ("größe", "grösse", "gr.", "schuhgröße", "schuhgrösse", "nummer", "nr.", "nr"),
    "local_words": (),
    "number_words": {
        "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
        "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13, "vierzehn": 14,
        "fünfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19,
        "zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60,
        "siebzig": 70, "achtzig": 80, "neunzig": 90, "dreissig": 30, "hundert": 100,
        "tausend": 1000,
    },
    "number_joins": ("und",),
    "number_articles": (),
}

FR: Table = {
    "currency_words": {"euro": "EUR", "euros": "EUR", "eur": "EUR", "dollar": "DOLLAR",
                       "dollars": "DOLLAR", "livres": "GBP", "francs": "CHF", "balles": "LOCAL"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"mille": 1000, "million": 1000000, "millions": 1000000},
    "amount_words": {"mille": 1000},
    "max_before": (
        "moins de", "jusqu'à", "jusqu'a", "au maximum", "maximum", "pas plus de",
        "moins cher que", "dépenser", "max", "budget", "budget de", "mon budget est",
    ),
    "min_before": ("plus de", "au moins", "à partir de", "a partir de", "minimum", "dès"),
    "around_before": ("environ", "autour de", "à peu près", "vers"),
    "max_after": ("ou moins", "au maximum", "maximum", "max"),
    "min_after": ("ou plus", "et plus"),
    "budget_before": ("pour",),
    "range_start": ("entre", "de"),
    "range_join": ("à", "a", "et"),
    "range_join_needs_start": ("et", "a"),
    "range_articles": ("les",),
    "negations": ("pas", "rien"),
    "negation_fillers": ("coûte", "coûter", "coûtant", "plus"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("ans", "enfants", "personnes", "pièces", "paires", "pouces"),
    "size_before": ("taille", "pointure", "numéro", "n°"),
    "local_words": (),
    "number_words": {
        "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
        "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14,
        "quinze": 15, "seize": 16, "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50,
        "soixante": 60, "quatre-vingt": 80, "quatre-vingts": 80, "cent": 100, "cents": 100,
        "mille": 1000,
        # a hundred as a counted noun ("une centaine d'euros", "deux centaines")
        "centaine": 100, "centaines": 100,
    },
    "number_joins": ("et",),
    "number_articles": ("une",),
}

ES: Table = {
    "currency_words": {"euro": "EUR", "euros": "EUR", "eur": "EUR", "dólar": "DOLLAR",
                       "dólares": "DOLLAR", "dolares": "DOLLAR", "peso": "PESO", "pesos": "PESO",
                       "libras": "GBP", "reales": "BRL", "soles": "PEN", "lucas": "PESO",
                       "pavos": "LOCAL", "pelas": "LOCAL"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"mil": 1000, "millón": 1000000, "millon": 1000000, "millones": 1000000,
                    "palos": 1000000},
    "amount_words": {"mil": 1000},
    "max_before": (
        "menos de", "hasta", "máximo", "maximo", "por debajo de", "como máximo",
        "más barato que", "gastar", "max", "presupuesto", "presupuesto de",
        "mi presupuesto es",
    ),
    "min_before": ("más de", "mas de", "desde", "al menos", "mínimo", "minimo", "a partir de"),
    "around_before": ("alrededor de", "aproximadamente", "unos", "unas", "sobre", "cerca de"),
    "max_after": ("o menos", "como máximo", "máximo", "max"),
    "min_after": ("o más", "o mas"),
    "budget_before": ("por",),
    "range_start": ("entre", "de"),
    "range_join": ("a", "y", "hasta"),
    "range_join_needs_start": ("a", "y"),
    "range_articles": ("los", "las"),
    "negations": ("nada",),
    "negation_fillers": ("cueste", "cuesta", "cuestan"),
    "weak_negations": ("no",),
    "comparatives": ("más", "mas", "menos"),
    "not_money_after": ("años", "niños", "personas", "piezas", "pares", "unidades", "pulgadas"),
    "size_before": ("talla", "número", "numero", "nº"),
    "local_words": ("mil", "palos", "lucas"),
    "number_words": {
        "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
        "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
        "quince": 15, "dieciséis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
        "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60,
        "setenta": 70, "ochenta": 80, "noventa": 90, "dieciseis": 16, "veinticinco": 25,
        "cien": 100, "ciento": 100, "doscientos": 200, "trescientos": 300,
        "cuatrocientos": 400, "quinientos": 500, "mil": 1000,
        # a hundred as a counted noun ("un centenar de euros", "un par de centenares")
        "centenar": 100, "centenares": 100,
    },
    "number_joins": ("y",),
    "number_articles": ("un",),
}

IT: Table = {
    "currency_words": {"euro": "EUR", "eur": "EUR", "dollari": "DOLLAR", "dollaro": "DOLLAR",
                       "sterline": "GBP", "franchi": "CHF"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"mila": 1000, "mille": 1000, "milioni": 1000000, "milione": 1000000,
                    "mln": 1000000},
    "amount_words": {"mille": 1000, "centone": 100, "un centone": 100},
    "max_before": (
        "meno di", "fino a", "massimo", "sotto i", "sotto", "entro", "non più di", "spendere",
        "al massimo", "max", "budget", "budget di", "il mio budget è",
    ),
    "min_before": ("più di", "almeno", "a partire da", "oltre", "sopra"),
    "around_before": ("intorno a", "intorno ai", "sui", "circa", "verso"),
    "max_after": ("o meno", "al massimo", "massimo", "max"),
    "min_after": ("o più", "e più", "o piu"),
    "budget_before": ("per",),
    "range_start": ("tra", "fra", "da"),
    "range_join": ("a", "e"),
    "range_join_needs_start": ("a", "e"),
    "range_articles": ("i", "gli", "le"),
    "negations": ("non", "niente"),
    "negation_fillers": ("costa", "costi", "più"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("anni", "bambini", "persone", "pezzi", "paia", "pollici"),
    "size_before": ("taglia", "numero", "misura", "n."),
    "local_words": (),
    "number_words": {
        "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
        "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13, "quattordici": 14,
        "quindici": 15, "sedici": 16, "diciassette": 17, "diciotto": 18, "diciannove": 19,
        "venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60,
        "settanta": 70, "ottanta": 80, "novanta": 90, "cento": 100, "duecento": 200,
        "trecento": 300, "cinquecento": 500, "mille": 1000,
        # a hundred as a counted noun ("un centinaio di euro", "due centinaia")
        "centinaio": 100, "centinaia": 100,
    },
    "number_joins": ("e",),
    "number_articles": ("un",),
}

PL: Table = {
    "currency_words": {"zł": "PLN", "zl": "PLN", "złotych": "PLN", "złote": "PLN",
                       "złoty": "PLN", "zlotych": "PLN", "zloty": "PLN", "pln": "PLN",
                       "euro": "EUR", "dolarów": "DOLLAR", "dolarow": "DOLLAR", "dolary": "DOLLAR",
                       "dolarach": "DOLLAR", "dolców": "DOLLAR", "dolcow": "DOLLAR",
                       "baksów": "DOLLAR", "baksow": "DOLLAR",
                       "funtów": "GBP"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tys": 1000, "tys.": 1000, "tysiąc": 1000, "tysiące": 1000, "tysięcy": 1000,
                    "mln": 1000000, "milion": 1000000, "miliony": 1000000, "milionów": 1000000},
    "amount_words": {"tysiąc": 1000, "tysiąca": 1000, "tysiak": 1000, "tysiaka": 1000,
                     "stówa": 100, "stówę": 100, "stówy": 100, "stówka": 100, "stowa": 100,
                     "stowe": 100, "stowy": 100, "dycha": 10, "dychę": 10, "dyche": 10,
                     "tysiaczek": 1000},
    "max_before": (
        "do", "poniżej", "mniej niż", "maksymalnie", "najwyżej", "nie więcej niż",
        "tańsze niż", "tańszy niż", "wydać", "max", "maks.", "budżet", "budżet to",
        "mój budżet to", "budżet do",
    ),
    "min_before": ("od", "powyżej", "więcej niż", "co najmniej", "minimum"),
    "around_before": ("około", "mniej więcej", "w okolicach", "ok."),
    "max_after": ("lub mniej", "maksymalnie", "najwyżej", "max"),
    "min_after": ("lub więcej", "i więcej"),
    "budget_before": ("za",),
    "range_start": ("od", "pomiędzy", "między"),
    "range_join": ("do", "i", "a"),
    "range_join_needs_start": ("i", "a"),
    "range_articles": (),
    "negations": ("nie",),
    "negation_fillers": ("kosztuje", "kosztować", "więcej"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("lat", "dzieci", "osób", "osoby", "sztuki", "sztuk", "pary", "par",
                        "cali"),
    "size_before": ("rozmiar", "rozmiarze", "numer", "nr"),
    "local_words": (),
    "number_words": {
        "dwa": 2, "trzy": 3, "cztery": 4, "pięć": 5, "sześć": 6, "siedem": 7, "osiem": 8,
        "dziewięć": 9, "dziesięć": 10, "jedenaście": 11, "dwanaście": 12, "trzynaście": 13,
        "czternaście": 14, "piętnaście": 15, "szesnaście": 16, "siedemnaście": 17,
        "osiemnaście": 18, "dziewiętnaście": 19, "dwadzieścia": 20, "trzydzieści": 30,
        "czterdzieści": 40, "pięćdziesiąt": 50, "sześćdziesiąt": 60, "siedemdziesiąt": 70,
        "osiemdziesiąt": 80, "dziewięćdziesiąt": 90, "dwie": 2, "dwudziestu": 20,
        "trzydziestu": 30, "czterdziestu": 40, "pięćdziesięciu": 50, "sto": 100, "stu": 100,
        "dwieście": 200, "dwustu": 200, "trzysta": 300, "trzystu": 300, "czterysta": 400,
        "czterystu": 400, "pięćset": 500, "pięciuset": 500, "dwóch": 2, "trzech": 3,
        "czterech": 4, "pięciu": 5,
        # "dwie stówy", "do trzech stów": the slang hundred counts as "sto" does
        "stówy": 100, "stów": 100, "stówki": 100, "stowy": 100, "stow": 100,
        # a hundred as a counted noun ("do setki", "dwie setki")
        "setka": 100, "setki": 100, "setkę": 100, "setek": 100,
    },
    "number_joins": ("i",),
    "number_articles": (),
}

LT: Table = {
    "currency_words": {"eur": "EUR", "euro": "EUR", "eurų": "EUR", "eurai": "EUR",
                       "eurus": "EUR", "eurais": "EUR", "dolerių": "DOLLAR",
                       "doleriai": "DOLLAR", "zlotų": "PLN"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tūkst": 1000, "tūkst.": 1000, "tūkstantis": 1000, "tūkstančiai": 1000,
                    "tūkstančių": 1000, "mln": 1000000, "milijonas": 1000000,
                    "milijonai": 1000000, "milijonų": 1000000},
    "amount_words": {"tūkstantis": 1000, "tūkstančio": 1000},
    "max_before": (
        "iki", "ne daugiau", "ne daugiau nei", "ne daugiau kaip", "mažiau nei", "mažiau kaip",
        "pigiau nei", "pigiau kaip", "ne brangiau", "ne brangiau nei", "ne brangiau kaip",
        "daugiausia", "žemiau", "maks.", "biudžetas", "biudžetas iki",
    ),
    "min_before": ("nuo", "daugiau nei", "daugiau kaip", "ne mažiau nei", "ne mažiau kaip",
                   "ne pigiau", "ne pigiau nei", "bent", "virš", "brangiau nei"),
    "around_before": ("apie", "maždaug", "apytiksliai", "apytikriai"),
    "max_after": ("ar mažiau", "arba mažiau", "daugiausia"),
    "min_after": ("ar daugiau", "arba daugiau", "ir daugiau"),
    "budget_before": ("už",),
    "range_start": ("nuo", "tarp"),
    "range_join": ("iki", "ir"),
    "range_join_needs_start": ("ir",),
    "range_articles": (),
    "negations": (),
    "negation_fillers": (),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("metų", "metai", "vaikų", "vaikams", "žmonių", "vnt", "vnt.", "poros",
                        "porų", "colių"),
    "size_before": ("dydis", "dydžio", "dydį", "nr.", "nr"),
    "local_words": (),
    "number_words": {
        "du": 2, "trys": 3, "keturi": 4, "penki": 5, "šeši": 6, "septyni": 7, "aštuoni": 8,
        "devyni": 9, "dešimt": 10, "vienuolika": 11, "dvylika": 12, "trylika": 13,
        "keturiolika": 14, "penkiolika": 15, "šešiolika": 16, "septyniolika": 17,
        "aštuoniolika": 18, "devyniolika": 19, "dvidešimt": 20, "trisdešimt": 30,
        "keturiasdešimt": 40, "penkiasdešimt": 50, "šešiasdešimt": 60, "septyniasdešimt": 70,
        "aštuoniasdešimt": 80, "devyniasdešimt": 90, "šimtas": 100, "šimto": 100, "šimtų": 100,
        # the genitive "iki" and "nuo" take ("iki dvidešimties eurų")
        "dviejų": 2, "trijų": 3, "keturių": 4, "penkių": 5, "šešių": 6, "septynių": 7,
        "aštuonių": 8, "devynių": 9, "dešimties": 10, "dvidešimties": 20,
        "trisdešimties": 30,
        # a hundred as a counted noun, the note ("iki šimtinės", "dvi šimtinės")
        "šimtinė": 100, "šimtinės": 100, "šimtinę": 100, "šimtinių": 100, "dvi": 2,
    },
    "number_joins": ("ir",),
    "number_articles": (),
}

RU: Table = {
    "currency_words": {"руб": "RUBLE", "руб.": "RUBLE", "рублей": "RUBLE", "рубля": "RUBLE",
                       "рубль": "RUBLE", "рублях": "RUBLE", "rub": "RUB", "евро": "EUR",
                       "долларов": "DOLLAR", "доллара": "DOLLAR", "доллар": "DOLLAR",
                       "баксов": "DOLLAR", "бакса": "DOLLAR", "бел. руб.": "BYN",
                       "бел.руб.": "BYN", "белорусских рублей": "BYN", "br": "BYN",
                       "грн": "UAH", "гривен": "UAH", "гривны": "UAH", "тенге": "KZT"},
    "currency_prefixes": {},
    "currency_suffixes": {"р": "RUBLE", "р.": "RUBLE"},
    "multipliers": {"тыс": 1000, "тыс.": 1000, "тысяча": 1000, "тысячи": 1000, "тысяч": 1000,
                    "тысячу": 1000, "к": 1000, "млн": 1000000, "млн.": 1000000,
                    "миллион": 1000000, "миллиона": 1000000, "миллионов": 1000000},
    "amount_words": {"тысяча": 1000, "тысячу": 1000, "тысячи": 1000, "тыщу": 1000,
                     "полтинник": 50, "полтинника": 50, "полтос": 50, "полтоса": 50,
                     "сотка": 100, "сотку": 100, "сотки": 100, "стольник": 100,
                     "стольника": 100, "пятихатка": 500, "пятихатку": 500, "пятихатки": 500,
                     "тыщи": 1000, "косарь": 1000, "косаря": 1000},
    "max_before": (
        "до", "не дороже", "не дороже чем", "дешевле", "дешевле чем", "меньше", "меньше чем",
        "не более", "не больше", "максимум", "в пределах", "ниже", "бюджет до", "не выше",
        "макс.", "бюджет", "бюджет в пределах", "мой бюджет",
    ),
    "min_before": ("от", "дороже", "дороже чем", "больше", "больше чем", "не меньше",
                   "не менее", "минимум", "свыше", "более", "выше", "не дешевле", "не ниже"),
    "around_before": ("около", "примерно", "где-то", "приблизительно", "порядка", "в районе"),
    "max_after": ("или меньше", "или дешевле", "максимум", "макс"),
    "min_after": ("или больше", "и выше", "и больше", "или дороже"),
    "budget_before": ("за",),
    "range_start": ("от", "между"),
    "range_join": ("до", "и"),
    "range_join_needs_start": ("и",),
    "range_articles": (),
    "negations": ("не", "ни"),
    "negation_fillers": ("стоит", "стоило", "стоить"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("лет", "года", "год", "детей", "человек", "штук", "штуки", "шт",
                        "шт.", "пар", "пары", "дюймов"),
    "size_before": ("размер", "размера", "р-р", "№"),
    "local_words": (),
    "number_words": {
        "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
        "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13,
        "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17,
        "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20, "тридцать": 30, "сорок": 40,
        "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70, "восемьдесят": 80, "девяносто": 90,
        "сто": 100, "двести": 200, "двухсот": 200, "триста": 300, "трехсот": 300,
        "трёхсот": 300, "четыреста": 400, "пятьсот": 500, "пятисот": 500,
        # the genitive "до", "от" and "около" take ("до сорока баксов", "от двадцати")
        "двух": 2, "трёх": 3, "трех": 3, "четырёх": 4, "четырех": 4, "пяти": 5, "шести": 6,
        "семи": 7, "восьми": 8, "девяти": 9, "десяти": 10, "одиннадцати": 11,
        "двенадцати": 12, "тринадцати": 13, "четырнадцати": 14, "пятнадцати": 15,
        "шестнадцати": 16, "семнадцати": 17, "восемнадцати": 18, "девятнадцати": 19,
        "двадцати": 20, "тридцати": 30, "сорока": 40, "пятидесяти": 50, "шестидесяти": 60,
        "семидесяти": 70, "восьмидесяти": 80, "девяноста": 90, "ста": 100,
        # a hundred as a counted noun, in its cases ("в пределах сотни", "до двух сотен")
        "сотня": 100, "сотни": 100, "сотню": 100, "сотен": 100, "две": 2,
    },
    "number_joins": ("и",),
    "number_articles": (),
}

HR: Table = {
    "currency_words": {"kn": "HRK", "hrk": "HRK", "kuna": "HRK", "kune": "HRK", "eura": "EUR",
                       "euro": "EUR", "eur": "EUR", "evra": "EUR", "eur.": "EUR",
                       "dolara": "DOLLAR"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tisuća": 1000, "tisuće": 1000, "tis.": 1000, "milijun": 1000000,
                    "milijuna": 1000000},
    "amount_words": {"tisuću": 1000, "tisuća": 1000, "tisuće": 1000},
    "max_before": ("ispod", "do", "manje od", "najviše", "maksimalno", "jeftinije od",
                   "potrošiti", "budžet"),
    "min_before": ("iznad", "više od", "najmanje", "od", "minimalno"),
    "around_before": ("oko", "otprilike"),
    "max_after": ("ili manje", "najviše", "maksimalno"),
    "min_after": ("ili više",),
    "budget_before": ("za",),
    "range_start": ("između", "od"),
    "range_join": ("do", "i"),
    "range_join_needs_start": ("i",),
    "range_articles": (),
    "negations": ("ne", "ništa"),
    "negation_fillers": ("košta",),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("godina", "djece", "djeca", "osobe", "osoba", "komada", "pari"),
    "size_before": ("veličina", "veličine", "veličinu", "velicina", "broj", "br."),
    "local_words": (),
    "number_words": {
        "dva": 2, "tri": 3, "četiri": 4, "pet": 5, "šest": 6, "sedam": 7, "osam": 8,
        "devet": 9, "deset": 10, "jedanaest": 11, "dvanaest": 12, "trinaest": 13,
        "četrnaest": 14, "petnaest": 15, "šesnaest": 16, "sedamnaest": 17, "osamnaest": 18,
        "devetnaest": 19, "dvadeset": 20, "trideset": 30, "četrdeset": 40, "pedeset": 50,
        "šezdeset": 60, "sedamdeset": 70, "osamdeset": 80, "devedeset": 90, "sto": 100,
    },
    "number_joins": ("i",),
    "number_articles": (),
}
# fmt: on

TABLES: Final[dict[str, Table]] = {
    "en": EN,
    "de": DE,
    "fr": FR,
    "es": ES,
    "it": IT,
    "pl": PL,
    "lt": LT,
    "ru": RU,
    "hr": HR,
}
