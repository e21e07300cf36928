"""Polish words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "ąćęłńóśźż"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "cześć", "dziękuję", "dzięki", "szukam", "potrzebuję", "tańsze", "tańszy", "czy", "dla",
    "jest", "się", "poniżej", "proszę", "chcę", "biorę", "coś", "dzień", "dobry",
)
PRODUCT_HINTS = (
    "wodoodporna", "wodoodporny", "wodoodporne", "koszyk", "koszyku", "buty", "kurtka",
    "plecak", "sukienka", "spodnie", "słuchawki", "koszulka", "czarne", "czerwona", "prezent",
    "kurtkę", "sukienkę", "bluza", "torebka",
)

GREETINGS = ("hej", "dzień dobry", "cześć", "witam", "witaj", "dobry wieczór")
GREETING_FILLERS = ("wszystkim", "jak się masz")
THANKS_AND_BYE = ("dziękuję", "dzięki", "do widzenia", "super", "świetnie", "ok")
AFFIRMATIVES = ("tak", "tak proszę", "poproszę", "jasne", "pewnie")
AFFIRMATIVE_TAILS = ("dzięki",)
POLITENESS = ("proszę",)

PURCHASE_STRONG = (
    "do mojego koszyka", "do koszyka", "biorę", "kupuję", "dodaj do koszyka", "zamawiam",
    "wezmę", "wezme", "do mojego koszyczka",
)
PURCHASE_WEAK = ("kupić", "zamówić")
CART_VIEW = (
    "ile rzeczy", "ile mam rzeczy", "ile produktów", "ile produktow",
    "mój koszyk", "co jest w koszyku", "pokaż koszyk", "co mam w koszyku",
    "co jest w moim koszyku", "pokaż mój koszyk", "zawartość koszyka",
)
CART_CLEAR = ("opróżnij koszyk", "opróżnij mój koszyk", "wyczyść koszyk")
CART_REMOVE = ("usuń", "wyjmij", "usuń*", "usun*", "wyrzuć*", "wyrzuc*")
CART_REMOVE_APART = ("wyrzuć … z koszyka", "wyjmij … z koszyka", "usuń … z koszyka")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("zamień na", "zamien na", "zamień go na", "zamień ją na", "zamień … na", "wymień na",
    "wymień go na", "wymień … na", "podmień na", "podmien na", "podmień … na")
CART_WORDS = ("koszyk*",)
CART_ADD_VERBS = ("dodaj*", "włóż", "wrzuć", "wrzuc", "dorzuć", "dorzuc")
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("jeśli", "jeżeli", "jesli", "jezeli", "gdybym", "gdyby", "jakbym", "jak")

COMPARE = (
    "porównaj", "porównanie", "różnica", "który jest lepszy", "która jest lepsza",
    "który jest tańszy", "która jest tańsza", "który jest najtańszy",
)
BROWSE = ("co sprzedajecie", "co macie", "jakie kategorie", "jakie marki", "asortyment")
BRANDS_ASK = ("marki",)
NEED_CUES = (
    "sprzedajecie", "czy sprzedajecie", "szukam", "potrzebuję", "chcę", "chciałbym",
    "chciałabym", "pokaż mi", "poleć", "polećcie", "macie",
)
ANOTHER_NEED = ("też", "teraz")
CONTINUATIONS = ("i", "i jeszcze", "jeszcze", "oraz", "też", "także", "a", "a jeszcze")
PURPOSE_STARTS = ("dla",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("dla", "z", "ze", "w", "we", "na", "do")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("z", "ze")
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("ciemn*", "jasn*", "blad*")
PURPOSE_NOT_FOR = ("mężczyzn", "kobiet")
QUESTION_STARTS = (
    "czy", "co", "jaki", "jaka", "jakie", "jaką", "jakim", "jakiej", "jakich", "ile", "który",
    "która", "które",
    # the other question words and cases ("z czego jest?", "gdzie")
    "czego", "czym", "gdzie", "kiedy", "dlaczego", "jak", "jakiego", "którego", "której",
)
EXISTENTIALS = ()
PRODUCT_ATTRIBUTES = (
    "wodoodporny", "wodoodporna", "wodoodporne", "rozmiary", "waga", "gwarancja", "bateria",
    "dostawa", "dostępny", "dostępna", "dostępne",
)
FEATURES = {
    "waterproof": ("wodoodporny", "wodoodporna", "wodoodporne", "wodoszczelny", "wodoszczelna"),
    "breathable": ("oddychający", "oddychająca"),
    "wireless": ("bezprzewodowy", "bezprzewodowe", "bezprzewodowa", "bluetooth"),
    "noise cancelling": ("redukcja szumów", "redukcją szumów"),
    "washable": ("można prać", "pralce", "pralka", "czyszczenie chemiczne", "prać ręcznie",
                 "pranie ręczne"),
    "insulated": ("ocieplany", "ocieplana", "ocieplane"),
    "dishwasher safe": ("zmywarka", "zmywarce", "zmywarki"),
    "organic": ("organiczny", "organiczna", "ekologiczny", "ekologiczna", "bio"),
    "recycled": ("z recyklingu",),
    "adjustable": ("regulowany", "regulowana"),
    "packable": ("składany", "składana"),
    "non-slip": ("antypoślizgowy", "antypoślizgowa"),
    "warranty": ("gwarancja", "gwarancją", "gwarancji"),
}

GIFTS = ("prezent", "urodziny", "upominek", "upominku", "prezencik", "podarować", "podarunek")
RECIPIENTS = {
    "man": ("mąż", "męża", "mężowi", "chłopak", "chłopaka", "tata", "taty", "tatę", "tacie",
            "ojciec", "ojca", "brat", "brata", "dziadek", "dziadka", "niego", "nauczyciel",
            "nauczyciela", "nauczycielowi", "kolega", "kolegi", "koledze", "kolegę", "szef",
            "szefa", "szefowi", "sąsiad", "sąsiada", "sąsiadowi", "współlokator",
            "współlokatora", "współlokatorowi", "teść", "teścia", "teściowi", "szwagier",
            "szwagra", "kuzyn", "kuzyna", "chrzestny", "chrzestnego", "przyjaciel",
            "przyjaciela", "przyjacielowi"),
    "woman": ("żona", "żony", "żonę", "żonie", "dziewczyna", "dziewczyny", "dziewczynę",
            "mama", "mamy", "mamę", "mamie", "matka", "matki", "siostra", "siostry", "siostrę",
            "babcia", "babci", "babcię", "ciocia", "cioci", "niej", "nauczycielka",
            "nauczycielki", "nauczycielce", "nauczycielkę", "wychowawczyni", "koleżanka",
            "koleżanki", "koleżance", "koleżankę", "kolezanki", "kolezanka", "szefowa",
            "szefowej", "sąsiadka", "sąsiadki", "sąsiadce", "współlokatorka", "współlokatorki",
            "współlokatorce", "teściowa", "teściowej", "teściową", "szwagierka", "szwagierki",
            "kuzynka", "kuzynki", "chrzestna", "chrzestnej", "przyjaciółka", "przyjaciółki",
            "przyjaciółce", "przyjaciolki"),
    "boy": ("syn", "syna", "wnuk", "wnuka", "chrześniak", "chrześniaka"),
    "girl": ("córka", "córki", "córkę", "wnuczka", "wnuczki", "chrześnica", "chrześnicy"),
    "anyone": ("nauczycieli", "nauczycielek", "kolegów", "koleżanek", "sąsiadów", "teściów",
            "teściom", "przyjaciół", "znajomych", "znajomego", "znajomej", "wnuków", "wnuczków",
            "dziecko", "dziecka", "dziecku", "dzieci", "dzieciom", "dzieciaka", "dzieciaków"),
}
RECIPIENT_CUES = (
    "mój", "moja", "moją", "mojej", "mojego", "mojemu", "dla",
    # "for my mom and dad": a second recipient follows a conjunction
    "i", "oraz", "lub",
)
FOR_MYSELF = ("dla mnie", "dla siebie")

DEICTICS = ("ten", "tego", "tę", "tamten")
DESCRIBED_POINTERS = (
    "ta z", "ten z", "to z", "te z", "tą z", "ta ze", "ten ze", "tę z", "ten w", "ta w",
)
COMPANIONS = (
    "pasując*", "do kompletu", "do pary", "tej samej kolekcji", "tej samej serii",
    "z tym samym", "z takim samym", "z tą samą", "z taką samą",
)
SOMETHING = ("coś", "cos", "czegoś", "czegos", "cokolwiek")
INDEFINITES = (
    "jakiś", "jakaś", "jakieś", "jakiegoś", "jakąś", "jeszcze jeden", "jeszcze jedną",
)
DEICTICS_OWN = (
    "to", "ta", "te", "ją", "nią",
    # after a preposition of the thing, not of a person it is for ("dla niego"): "ile za
    # niego zapłacę?", "co jest w nim?"
    "za niego", "za nią", "za nie", "w nim", "w niej", "w nich", "o nim", "o niej",
)
ORDINALS = {
    0: ("pierwszy", "pierwsza", "pierwsze", "pierwszą", "pierwszego"),
    1: ("drugi", "druga", "drugie", "drugą", "drugiego"),
    2: ("trzeci", "trzecia", "trzecie", "trzecią"),
    3: ("czwarty", "czwarta", "czwarte"),
    4: ("piąty", "piąta", "piąte"),
    -1: ("ostatni", "ostatnia", "ostatnie", "ostatnią"),
}
NUMBERED = ("numer", "nr.", "nr")
NOT_ORDINAL = ()
RUN_FIRST = ("pierwsze", "pierwszych", "pierwsza")
RUN_LAST = ("ostatnie", "ostatnich")
RUN_COUNTS = {"dwa": 2, "dwie": 2, "dwóch": 2, "trzy": 3, "trzech": 3}
EVERY_ONE = {
    "oba": 2, "obie": 2, "obydwa": 2, "obydwie": 2, "wszystkie trzy": 3, "wszystkie": 0,
}

SOFT_CUES = ("najlepiej", "jeśli to możliwe", "jeśli się da", "może w", "ewentualnie")
LARGEST = (
    "największ*", "najwyższ*", "najdłuższ*", "najszersz*", "najpojemniejsz*", "większ*", "dłuższ*",
    "szersz*", "grubsz*", "najgrubsz*",
)
SMALLEST = (
    "najmniejsz*", "najkrótsz*", "najniższ*", "mniejsz*", "krótsz*", "węższ*", "najwęższ*",
    "cieńsz*", "najcieńsz*",
)
CHEAPER = (
    "tańsze", "tańszy", "tańsza", "tańszego", "tańszą",
    # the other gender, number and case forms
    "tańsi", "tańszych", "tańszej", "tańszym", "tańszymi",
    "taniej",  # the adverb: "a w M taniej?"
)
PRICIER = ("droższe", "droższy", "droższa", "drożej")
CHEAP = (
    "najtańszy", "najtańsza", "najtańsze", "tani", "tania", "tanie", "tanią",
    # the other gender, number and case forms ("najtańszą z tych")
    "najtańszą", "najtańszego", "najtańszej", "najtańszych", "najtańszym",
    # costing the least, said with the verb
    "kosztuje najmniej", "kosztują najmniej",
)
PRICE_ASKS = ("ile", "kosztuje", "kosztują", "koszt", "cena", "cenę", "zapłacę", "wyjdzie")
TOGETHER = (
    "razem", "łącznie", "w sumie", "za wszystko", "za oba", "za obie", "za wszystkie",
    "za całość",
)
THAN = ("od", "niż")
DIFFERENCE = ("o ile więcej", "o ile mniej", "ile więcej", "różnica", "różnicy")
PLAIN = (
    "zwykły", "zwykła", "zwykłe", "zwykłą", "zwykłego", "zwykłych", "zwykłej", "normaln*",
    "prosty", "prosta", "proste", "prostą", "prostego", "prostych", "podstawow*",
)
OTHER_BRAND = (
    "inna marka", "inne marki", "innej marki", "nie ta marka", "nie tej marki", "inną markę",
    "innych marek",
)
BRAND_NEGATIONS = ("nie", "bez", "oprócz", "poza", "z wyjątkiem", "tylko nie", "byle nie")
BRAND_NEGATION_FILLERS = ("od", "marki", "firmy", "być")
CONJUNCTIONS = ("lub", "albo", "i")
SOMETHING_ELSE = ("coś innego", "inne", "więcej")
BIGGER_SIZE = ("większy rozmiar",)
SMALLER_SIZE = ("mniejszy rozmiar",)
IN_STOCK_ONLY = ("dostępne od ręki", "w magazynie", "tylko dostępne")
OUT_OF_STOCK_OK = (
    r"(?:również|także|też|nawet|łącznie z)\s+(?:\w+\s+)?(?:niedostępn|wyprzedan)",
    r"(?:nije|nie) (?:bitno|važne|ważne).{0,20}?(?:zalih|dostęp|stanju)",
)
ON_SALE = ("w promocji", "promocja", "przecena", "przecenione", "wyprzedaż", "rabat")
BEST_SELLERS = (
    "najpopularniejsze", "bestsellery", "najczęściej kupowane", "popularne",
)
CLEAR_NAMES = {
    "colors": ("kolor", "kolory", "kolorze", "koloru", "kolorem"),
    "brands": ("marka", "marki"),
    "size": ("rozmiar",),
    "price": ("cena", "budżet"),
}
CLEAR_BEFORE = ("dowolny", "dowolna", "obojętnie jaki", "obojętnie jaka", "zapomnij o", "bez")
CLEAR_AFTER = ("nie ma znaczenia", "obojętny", "bez znaczenia")

QUERY_EDGE_WORDS = (
    "jakiś", "jakąś", "jakieś", "i", "też", "z", "w", "coś", "właściwie", "ale", "nie", "ja",
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "też", "jeszcze",
    "nie",  # a bare refusal is no search word
    # the thing named before the verb: "wyrzuć ją", "weź go"
    "ją", "go", "nią", "nim",
    "w", "z", "ze", "dla", "lub", "albo", "coś", "jakiś", "tylko", "więcej", "mnie", "czy",
    "kolor", "rozmiar", "cena", "i", "na", "do", "od", "za",
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "upomin*", "prezencik*", "podarow*", "podarun*",
    "coś", "czegoś", "prezent", "prezentu", "fajnego", "fajne", "fajny", "fajną", "fajnej",
    "ładnego", "ładne", "ładny", "szukam", "chcę", "pomoc", "pomóc", "pomożesz",
    "jaki*", "jakąś", "coś*", "prezent*", "fajn*", "ładn*", "polec*",
    # a style alone is as vague ("something elegant")
    "elegan*", "stylow*", "oryginaln*", "praktyczn*", "pomoż*", "pomóż*",
    "pomysł*", "pomysl*",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "urodzin*", "imienin*", "świąt*", "swiat*", "gwiazdk*", "walentynk*", "rocznic*",
    "emerytur*", "parapetów*", "parapetow*", "wielkanoc*", "okazj*",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("jakiś pomysł", "jakis pomysl", "jakieś pomysły", "co kupić", "co kupic",
    "co polecacie", "co polecasz")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "szkoda", "jaka szkoda", "trudno", "no trudno", "nic nie szkodzi",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
# typed without diacritics too (graph.vocabulary.typed_bare)
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "pomocy", "pomóż", "pomóżcie", "nic mi nie przychodzi do głowy", "jestem w kropce",
    "nie wiem co", "nie wiem, co", "nie wiem na co", "nie mam pomysłu", "nie mam pojęcia",
    "co mu kupić",
    "co jej kupić", "od czego zacząć",
    "od czego mam zacząć", "od czego zaczynam")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "kuchni*", "kuchnia", "sypialni*", "łazien*", "lazien*", "salon", "salonu",
    "pokój", "pokoj", "pokoju", "pokoi", "ogród", "ogrod", "ogrodu", "ogrodzie", "balkon*",
    "taras*", "biuro", "biura", "biurze", "dom", "domu", "mieszkani*", "przedpok*",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oj", "ojej", "ups", "dobra", "przepraszam", "jednak", "rozmyśliłam", "rozmyśliłem",
    "szkoda", "trudno", "wobec tego", "świetnie", "swietnie", "super",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("nie",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "te",
    "tych",
    "z tych",
    "któryś z nich",
    "któraś z nich",
    "któreś z nich",
    "które z nich",
    "który z nich",
    "która z nich",
    "z nich",
    "one",
    "oni",
    "są dostępne",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "czy jest jakiś, który",
    "czy jest jakiś który",
    "czy jest jakaś, która",
    "czy jest jakaś która",
    "który z",
    "która z",
    "które z",
    "któryś z",
    "któraś z",
    "któreś z",
    # the interrogative with its verb ("which has a hood?")
    "który ma",
    "która ma",
    "które mają",
    "który jest",
    "która jest",
    "które są",
    "ktory z",
    "ktora z",
    "ktore z",
    "ktory ma",
    "ktora ma",
    "ktore maja",
    "ktory jest",
    "ktora jest",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
CONCEPT_ASKS = {
    "dimensions": (
        "wymiary",
        "rozmiar",
        "duży",
        "szeroki",
        "długi",
        "długości",
        "wysoki",
        "wysokość",
        "grubość",
        "mierzy",
        "mierzą",
    ),
    "material": (
        "materiał",
        "tkanina",
        "zrobiony",
        "zrobiona",
        "zrobione",
        "wykonany",
        "wykonana",
        "wykonane",
        "z czego",
    ),
    "weight": ("waga", "ciężki", "waży"),
    "battery": ("bateria",),
    "heel": ("obcas", "obcasie", "obcasa", "obcasy", "obcasem"),
    "closure": (
        "zapina",
        "zapinany",
        "zapięcie",
        "zamyka",
        "zamykana",
        "zamknięcie",
        "zamek",
        "guziki",
    ),
    "contents": ("zestawie", "zawiera", "w komplecie", "w pudełku", "dołączony", "dołączone"),
}

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("wymiary", "rozmiar", "wymiar", "długość", "szerokość", "wysokość"),
    "material": (
        "bawełna",
        "skóra",
        "skórzany",
        "perły",
        "srebro",
        "wykonany",
        "wykonana",
        "wykonane",
        "materiał",
        "stal",
        "poliester",
    ),
    "weight": ("waga",),
    "battery": ("godzin",),
    "heel": ("obcas", "obcasie", "słupek", "słupku", "szpilka", "koturn", "cm"),
    "closure": (
        "zamek",
        "zamkiem",
        "suwak",
        "guzik",
        "guziki",
        "guzikami",
        "zatrzask",
        "zatrzaskiem",
        "napy",
        "sznurek",
        "sznurkiem",
        "ściągacz",
        "magnes",
        "magnetyczne",
        "zapięcie",
        "klamra",
    ),
    "contents": ("zestaw", "zestawie", "zawiera", "skład", "elementy", "sztuki", "komplet"),
}

# a letter size said as a word after a wearer ("she's a small"): graph.rules
LETTER_SIZE_WORDS = {
    "XS": (),
    "S": (),
    "M": (),
    "L": (),
    "XL": (),
}
WEARER_CUES = ()
COMPOUND_JOINTS = ()
COMBINING_PREFIXES = ("elektro", "mini", "mikro", "eko", "fito")
