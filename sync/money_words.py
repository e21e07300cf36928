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
        is two numbers, "between 20 and 50" a range).
    negations / negation_fillers: a negation before a bound cue turns it
        round ("not over 80" is at most 80); fillers may stand between
        ("doesn't cost more than").
    weak_negations / comparatives: a weak negation ("no") turns only a
        comparative cue round ("no less than 50", not "no, under 50").
    not_money_after: words after a bare number that make it no amount ("2 kids").
    size_before: words before a bare number that make it a size ("size 42").
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
    "amount_words": {"a thousand": 1000, "a grand": 1000, "one thousand": 1000},
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
}

DE: Table = {
    "currency_words": {"euro": "EUR", "eur": "EUR", "dollar": "DOLLAR", "franken": "CHF",
                       "fr.": "CHF", "sfr.": "CHF", "pfund": "GBP"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tsd": 1000, "tsd.": 1000, "tausend": 1000, "mio": 1000000,
                    "mio.": 1000000, "millionen": 1000000, "million": 1000000},
    "amount_words": {"tausend": 1000, "eintausend": 1000},
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
    "negations": ("nicht", "nichts", "kein", "keine", "keinen", "keiner", "keines"),
    "negation_fillers": ("kosten", "kostet", "mehr"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("jahre", "stück", "kinder", "personen", "leute", "paar", "zoll"),
    "size_before": ("größe", "grösse", "gr.", "schuhgröße", "schuhgrösse", "nummer", "nr.", "nr"),
    "local_words": (),
}

FR: Table = {
    "currency_words": {"euro": "EUR", "euros": "EUR", "eur": "EUR", "dollar": "DOLLAR",
                       "dollars": "DOLLAR", "livres": "GBP", "francs": "CHF", "balles": "EUR"},
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
    "negations": ("pas", "rien"),
    "negation_fillers": ("coûte", "coûter", "coûtant", "plus"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("ans", "enfants", "personnes", "pièces", "paires", "pouces"),
    "size_before": ("taille", "pointure", "numéro", "n°"),
    "local_words": (),
}

ES: Table = {
    "currency_words": {"euro": "EUR", "euros": "EUR", "eur": "EUR", "dólar": "DOLLAR",
                       "dólares": "DOLLAR", "dolares": "DOLLAR", "peso": "PESO", "pesos": "PESO",
                       "libras": "GBP", "reales": "BRL", "soles": "PEN", "lucas": "PESO"},
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
    "negations": ("nada",),
    "negation_fillers": ("cueste", "cuesta", "cuestan"),
    "weak_negations": ("no",),
    "comparatives": ("más", "mas", "menos"),
    "not_money_after": ("años", "niños", "personas", "piezas", "pares", "unidades", "pulgadas"),
    "size_before": ("talla", "número", "numero", "nº"),
    "local_words": ("mil", "palos", "lucas"),
}

IT: Table = {
    "currency_words": {"euro": "EUR", "eur": "EUR", "dollari": "DOLLAR", "dollaro": "DOLLAR",
                       "sterline": "GBP", "franchi": "CHF"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"mila": 1000, "mille": 1000, "milioni": 1000000, "milione": 1000000,
                    "mln": 1000000},
    "amount_words": {"mille": 1000},
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
    "negations": ("non", "niente"),
    "negation_fillers": ("costa", "costi", "più"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("anni", "bambini", "persone", "pezzi", "paia", "pollici"),
    "size_before": ("taglia", "numero", "misura", "n."),
    "local_words": (),
}

PL: Table = {
    "currency_words": {"zł": "PLN", "zl": "PLN", "złotych": "PLN", "złote": "PLN",
                       "złoty": "PLN", "zlotych": "PLN", "zloty": "PLN", "pln": "PLN",
                       "euro": "EUR", "dolarów": "DOLLAR", "dolarow": "DOLLAR", "dolary": "DOLLAR",
                       "funtów": "GBP"},
    "currency_prefixes": {},
    "currency_suffixes": {},
    "multipliers": {"tys": 1000, "tys.": 1000, "tysiąc": 1000, "tysiące": 1000, "tysięcy": 1000,
                    "mln": 1000000, "milion": 1000000, "miliony": 1000000, "milionów": 1000000},
    "amount_words": {"tysiąc": 1000, "tysiąca": 1000, "tysiak": 1000, "tysiaka": 1000,
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
    "range_join": ("do", "i"),
    "range_join_needs_start": ("i",),
    "negations": ("nie",),
    "negation_fillers": ("kosztuje", "kosztować", "więcej"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("lat", "dzieci", "osób", "osoby", "sztuki", "sztuk", "pary", "par",
                        "cali"),
    "size_before": ("rozmiar", "rozmiarze", "numer", "nr"),
    "local_words": (),
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
    "negations": (),
    "negation_fillers": (),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("metų", "metai", "vaikų", "vaikams", "žmonių", "vnt", "vnt.", "poros",
                        "porų", "colių"),
    "size_before": ("dydis", "dydžio", "dydį", "nr.", "nr"),
    "local_words": (),
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
    "negations": ("не", "ни"),
    "negation_fillers": ("стоит", "стоило", "стоить"),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("лет", "года", "год", "детей", "человек", "штук", "штуки", "шт",
                        "шт.", "пар", "пары", "дюймов"),
    "size_before": ("размер", "размера", "р-р", "№"),
    "local_words": (),
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
    "negations": ("ne", "ništa"),
    "negation_fillers": ("košta",),
    "weak_negations": (),
    "comparatives": (),
    "not_money_after": ("godina", "djece", "djeca", "osobe", "osoba", "komada", "pari"),
    "size_before": ("veličina", "veličine", "veličinu", "velicina", "broj", "br."),
    "local_words": (),
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
