"""Lithuanian words for every cue table (the keys are described in :mod:`graph.languages`).

Shoppers often type Lithuanian without diacritics ("aciu", "krepselis", "siuksliu"):
the common words are here in both spellings, since the rules match the text as written.
"""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "ąčęėįšųūž"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "labas", "sveiki", "ačiū", "aciu", "dėkui", "dekui", "ieškau", "ieskau", "reikia", "noriu",
    "norėčiau", "noreciau", "pigiau", "brangiau", "parodyk", "parodykite", "ar", "yra", "turite",
    "kiek", "kaina", "kainuoja", "iki", "eurų", "euru", "prašau", "prasau", "kažką", "kazka",
    "pirmą", "antrą", "antra", "trečią", "kokia", "koks", "kokie", "kurį", "nebrangu",
    "pigesnį", "pigesni", "pigesnių", "pigesniu", "pigesnius", "pigesnis", "taip", "krepšelis",
    "krepselis", "laba", "diena", "dieną", "rytas", "vakaras", "pašalink", "pasalink", "išimk",
    "isimk", "gal",
)
PRODUCT_HINTS = (
    "striukė", "striuke", "striukę", "batai", "batus", "suknelė", "suknele", "suknelę",
    "kuprinė", "kuprine", "kuprinę", "ausinės", "ausines", "kelnės", "kelnes", "marškinėliai",
    "marskineliai", "rankinė", "rankine", "dovana", "dovaną", "dovanų", "dovanu", "juoda",
    "juodi", "juodą", "raudona", "raudoną", "mėlyna", "melyna", "neperšlampama",
    "neperslampama", "neperšlampamas", "neperslampamas", "sportbačiai", "sportbaciai",
    "bėgimo", "begimo", "kilimėlis", "kilimelis", "šiukšlių", "siuksliu", "dėžė", "deze",
    "puodelis", "krepšelį", "krepseli", "krepšelyje", "krepselyje",
)

GREETINGS = (
    "labas", "labukas", "labutis", "sveiki", "sveikas", "sveika", "laba diena", "labą dieną",
    "labas rytas", "labą rytą", "laba ryta", "labas vakaras", "labą vakarą", "laba vakara",
)
GREETING_FILLERS = ("visiems", "kaip sekasi", "kaip laikaisi", "kaip laikotės", "kaip laikotes")
THANKS_AND_BYE = (
    "ačiū", "aciu", "labai ačiū", "labai aciu", "ačiū labai", "aciu labai", "dėkui", "dekui",
    "viso gero", "iki pasimatymo", "sudie", "puiku", "super", "šaunu", "saunu", "gerai", "ok",
)
AFFIRMATIVES = (
    "taip", "jo", "žinoma", "zinoma", "aišku", "aisku", "taip prašau", "taip prasau",
    "gerai pridėk", "gerai pridek",
)
AFFIRMATIVE_TAILS = ("prašau", "prasau", "ačiū", "aciu", "dėkui", "dekui")
POLITENESS = ("prašau", "prasau", "prašom", "prasom", "prašyčiau", "prasyciau")

PURCHASE_STRONG = (
    "į krepšelį", "i krepseli", "į mano krepšelį", "i mano krepseli", "į pirkinių krepšelį",
    "i pirkiniu krepseli", "dėk į krepšelį", "dek i krepseli", "pridėk į krepšelį",
    "pridek i krepseli", "pridėkite į krepšelį", "pridekite i krepseli", "įdėk į krepšelį",
    "idek i krepseli", "imu", "imsiu", "paimsiu", "perku", "pirksiu", "užsakau", "uzsakau",
    "užsakysiu", "uzsakysiu", "pridėk", "pridek", "pridėkite", "pridekite", "įdėk", "idek",
    "įdėkite", "idekite", "pridėk jį", "pridek ji", "pridėk ją", "pridek ja",
)
PURCHASE_WEAK = ("pirkti", "nupirkti", "užsakyti", "uzsakyti", "įsigyti", "isigyti")
CART_VIEW = (
    "kiek prekių", "kiek prekiu", "kiek daiktų", "kiek daiktu",
    "krepšelis", "krepselis", "mano krepšelis", "mano krepselis", "kas krepšelyje",
    "kas krepselyje", "kas mano krepšelyje", "kas mano krepselyje", "parodyk krepšelį",
    "parodyk krepseli", "parodykite krepšelį", "parodykite krepseli", "rodyk krepšelį",
    "rodyk krepseli", "krepšelio turinys", "krepselio turinys", "ką turiu krepšelyje",
    "ka turiu krepselyje",
)
CART_CLEAR = (
    "išvalyk krepšelį", "isvalyk krepseli", "išvalykite krepšelį", "isvalykite krepseli",
    "ištuštink krepšelį", "istustink krepseli", "išvalyti krepšelį", "isvalyti krepseli",
    "pašalink viską", "pasalink viska", "ištrink viską", "istrink viska",
)
CART_REMOVE = (
    "pašalink", "pasalink", "pašalinkite", "pasalinkite", "pašalinti", "pasalinti", "išimk",
    "isimk", "išimkite", "isimkite", "ištrink", "istrink", "ištrinkite", "istrinkite",
    "nebenoriu",
    "pašalin*", "pasalin*", "išim*", "isim*", "ištrin*", "istrin*",
)
CART_REMOVE_APART = ("išimk … iš krepšelio", "išmesk … iš krepšelio")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("pakeisk į", "pakeisk i", "pakeisk jį į", "pakeisk ją į", "pakeiskite į",
    "pakeisk … į", "sukeisk į", "sukeisk … į")
CART_WORDS = ("krepšel*", "krepsel*")
CART_ADD_VERBS = (
    "pridė*", "pridet*", "pridek*", "įdė*", "idek*", "idet*", "dėk", "dek", "dėti", "deti",
    "dėkit", "dekit", "dėkite", "dekite",
    "imu", "imsiu", "paimsiu", "perku", "pirksiu", "noriu", "užsak*", "uzsak*",
)
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("jei", "jeigu", "jeu")

COMPARE = (
    "palygink", "palyginkite", "palyginti", "palyginimas", "skirtumas", "koks skirtumas",
    "kuo skiriasi", "kuris geresnis", "kuri geresnė", "kuri geresne", "kas geriau",
    "kuris pigesnis", "kuri pigesnė", "kuri pigesne", "kuris pigiausias", "kuri pigiausia",
)
BROWSE = (
    "ką parduodate", "ka parduodate", "ką turite", "ka turite", "kokios kategorijos",
    "kokias kategorijas", "kokie prekių ženklai", "kokie prekiu zenklai", "kokius prekių ženklus",
    "kokius prekiu zenklus", "kokios markės", "kokios markes", "katalogas", "asortimentas",
)
BRANDS_ASK = (
    "prekių ženklai", "prekiu zenklai", "prekių ženklus", "prekiu zenklus", "markės",
    "markes", "brendai", "brendus",
)
NEED_CUES = (
    "ieškau", "ieskau", "man reikia", "reikia", "noriu", "norėčiau", "noreciau", "parodyk",
    "parodykite", "parodykit", "rodyk", "rekomenduok", "rekomenduokite", "pasiūlyk",
    "pasiulyk", "pasiūlykite", "pasiulykite", "ar turite", "ar parduodate", "parduodate",
    "gal turite",
    # the colloquial plural ("ar parduodat pirties krosnelių?", "o vantų turit?")
    "parduodat", "ar parduodat", "turit", "ar turit", "gal turit",
)
ANOTHER_NEED = ("taip pat", "dar", "dabar", "irgi")
CONTINUATIONS = ("ir", "dar", "dar ir", "taip pat", "ir dar", "o", "o dar")
PURPOSE_STARTS = ("skirtas", "skirta", "skirti", "skirtos")
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("į", "su", "ant", "prie")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("su",)
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("tams*", "šviesi*", "sviesi*", "blyšk*")
PURPOSE_NOT_FOR = ("vyrams", "moterims", "vaikams", "man", "jam", "jai")
QUESTION_STARTS = (
    "ar", "ką", "ka", "kiek", "koks", "kokia", "kokie", "kokios", "kuris", "kuri", "kurie",
    "kaip", "kur",
    # the other question words and cases ("iš ko", "kokio dydžio")
    "kas", "ko", "kada", "kodėl", "kokį", "kokio", "kokią", "kokių", "kurį", "kurią", "kurio",
)
EXISTENTIALS = ()
PRODUCT_ATTRIBUTES = (
    "neperšlampamas", "neperšlampama", "neperslampamas", "neperslampama", "atsparus vandeniui",
    "atspari vandeniui", "medžiaga", "medziaga", "dydžiai", "dydziai", "svoris", "sveria",
    "garantija", "baterija", "akumuliatorius", "pristatymas", "siuntimas", "grąžinimas",
    "grazinimas", "atsiliepimai", "išmatavimai", "ismatavimai", "spalvos", "sandėlyje",
    "sandelyje", "galima skalbti",
)
FEATURES = {
    "waterproof": ("neperšlampamas", "neperšlampama", "neperšlampami", "neperšlampamos",
                   "neperslampamas", "neperslampama", "neperslampami", "neperslampamos",
                   "atsparus vandeniui", "atspari vandeniui", "atsparūs vandeniui",
                   "atsparus vandeniui", "vandeniui atsparus", "vandeniui atspari"),
    "breathable": ("kvėpuojantis", "kvėpuojanti", "kvepuojantis", "kvepuojanti",
                   "orui pralaidus", "orui pralaidi"),
    "wireless": ("belaidis", "belaidė", "belaidės", "belaidžiai", "belaide", "belaides",
                 "bluetooth"),
    "noise cancelling": ("triukšmo slopinimas", "triukšmo slopinimu", "triukšmo slopinimo",
                         "triuksmo slopinimas", "triuksmo slopinimu"),
    "washable": ("galima skalbti", "skalbimo mašinoje", "skalbimo masinoje", "skalbiamas",
                 "skalbiama", "cheminis valymas", "skalbti rankomis"),
    "insulated": ("šiltintas", "šiltinta", "siltintas", "siltinta", "apšiltintas",
                  "apsiltintas", "izoliuotas", "izoliuota"),
    "dishwasher safe": ("indaplovėje", "indaploveje", "indaplovė", "indaplove"),
    "organic": ("ekologiškas", "ekologiška", "ekologiskas", "ekologiska", "organinis",
                "organinė", "organine", "bio"),
    "recycled": ("perdirbtas", "perdirbta", "perdirbtos", "perdirbti", "perdirbtų",
                 "perdirbtu"),
    "adjustable": ("reguliuojamas", "reguliuojama", "reguliuojami"),
    "packable": ("sulankstomas", "sulankstoma", "sudedamas", "sudedama"),
    "non-slip": ("neslystantis", "neslystanti", "neslystantys", "neslidus", "neslidi"),
    "warranty": ("garantija", "garantiją", "garantijos"),
}

GIFTS = (
    "dovana", "dovaną", "dovanų", "dovanu", "dovanos", "dovanai", "gimtadienis", "gimtadienio",
    "gimtadieniui", "kalėdoms", "kaledoms",
    "padovanoti", "dovanėlė", "dovanėlę", "dovanele", "dovanelę", "dovanėlės",
)
RECIPIENTS = {
    "man": ("vyrui", "vyras", "vaikinui", "tėčiui", "teciui", "tėvui", "tevui", "tėtei",
            "tetei", "broliui", "seneliui", "dėdei", "dedei", "jam", "mokytojui", "mokytojas",
            "kolegai", "kolega", "viršininkui", "virsininkui", "kaimynui", "kambariokui",
            "uošviui", "uosviui", "pusbroliui", "krikšto tėvui"),
    "woman": ("žmonai", "zmonai", "merginai", "mamai", "mamytei", "motinai", "seseriai",
            "sesei", "močiutei", "mociutei", "tetai", "jai", "mokytojai", "mokytoja",
            "auklėtojai", "aukletojai", "kolegei", "kolegė", "viršininkei", "kaimynei",
            "kambariokei", "uošvei", "uosvei", "anytai", "pusseserei", "krikšto mamai",
            "auklei"),
    "boy": ("sūnui", "sunui", "sūnėnui", "sunenui", "anūkui", "anukui", "draugui",
            "krikšto sūnui", "krikštasūniui"),
    "girl": ("dukrai", "dukrytei", "dukteriai", "dukterėčiai", "dukterečiai", "anūkei",
            "anukei", "draugei", "krikšto dukrai", "krikštadukrai"),
    "anyone": ("mokytojams", "kolegoms", "kaimynams", "draugams", "anūkams", "anukams",
            "uošviams", "bendradarbiui", "bendradarbei", "bendradarbiams", "vaikas", "vaiko",
            "vaikui", "vaikams", "vaikų", "vaiku"),
}
RECIPIENT_CUES = (
    "mano", "savo", "skirta", "skirtas",
    # "for my mom and dad": a second recipient follows a conjunction
    "ir", "arba",
)
FOR_MYSELF = ("sau", "man pačiam", "man pačiai", "man paciam", "man paciai")

DEICTICS = (
    "šitą", "šitas", "šita", "šitie", "šituos", "šį", "šie", "šiuos", "sita", "sitas", "sitie",
    "situos", "tą", "tuos",
)
# "tie" and "tas" are English and Spanish words too: pointers only in a Lithuanian message
DESCRIBED_POINTERS = ("tas su", "ta su", "tą su", "tuos su", "tie su", "tas iš", "ta iš", "tą iš")
COMPANIONS = (
    "derant*", "tinkant*", "prie jo", "prie jos", "prie jų", "tos pačios kolekcijos",
    "tos pačios serijos", "su tuo pačiu", "su tokiu pačiu", "su ta pačia", "su tokia pačia",
)
SOMETHING = ("kažką", "kazka", "kažko", "kazko", "ką nors", "ka nors", "ko nors")
INDEFINITES = (
    "kokį nors", "kokią nors", "kokių nors", "kažkokį", "kažkokią", "dar vieną",
)
DEICTICS_OWN = (
    "jį", "ją", "ji", "jis", "ja", "jie", "juos", "tie", "tas", "ta", "tai",
    # its, theirs: "kokia jo kaina?"
    "jo", "jos", "jų",
)
ORDINALS = {
    0: ("pirmas", "pirma", "pirmą", "pirmo", "pirmos", "pirmasis", "pirmoji", "pirmąjį",
        "pirmaji", "pirmąją"),
    1: ("antras", "antra", "antrą", "antro", "antros", "antrasis", "antroji", "antrąjį",
        "antraji", "antrąją"),
    2: ("trečias", "trečia", "trečią", "trečio", "trečios", "trecias", "trecia", "trečiasis",
        "trečioji"),
    3: ("ketvirtas", "ketvirta", "ketvirtą", "ketvirto", "ketvirtos"),
    4: ("penktas", "penkta", "penktą", "penkto", "penktos"),
    -1: ("paskutinis", "paskutinė", "paskutine", "paskutinį", "paskutini", "paskutinę",
         "paskutinio", "paskutinės"),
}
NUMBERED = ("numeris", "numerį", "numeri", "nr.", "nr", "variantas")
NOT_ORDINAL = (
    "pirmą kartą", "pirma karta", "paskutinį kartą", "paskutini karta", "antra vertus",
)
RUN_FIRST = ("pirmi", "pirmus", "pirmuosius", "pirmieji", "pirmas", "pirmąsias", "pirmasias")
RUN_LAST = ("paskutiniai", "paskutinius", "paskutinės", "paskutines", "paskutiniuosius")
RUN_COUNTS = {
    "du": 2, "dvi": 2, "dviejų": 2, "abu": 2, "abi": 2, "trys": 3, "tris": 3, "trijų": 3,
}
EVERY_ONE = {
    "abu": 2, "abi": 2, "abudu": 2, "abidvi": 2, "visus tris": 3, "visas tris": 3, "visus": 0,
    "visas": 0, "viską": 0, "viska": 0,
}

SOFT_CUES = ("geriausia", "jei įmanoma", "jei imanoma", "pageidautina")
LARGEST = (
    "didžiausi*", "didziausi*", "aukščiausi*", "aukstciausi*", "ilgiausi*", "plačiausi*",
    "talpiausi*",
    "didesn*", "ilgesn*", "platesn*", "storesn*", "storiausi*", "talpesn*",
)
SMALLEST = (
    "mažiausio dydžio", "trumpiausi*", "kompaktiškiausi*", "trumpesn*", "siauresn*", "siauriausi*",
    "plonesn*", "ploniausi*",
)
CHEAPER = (
    "pigiau", "pigesnis", "pigesnė", "pigesne", "pigesnį", "pigesni", "pigesnių", "pigesniu",
    "pigesnės", "pigesnes", "pigesnius", "pigesnio", "pigesnę", "pigesnieji", "mažesnės kainos",
    "mazesnes kainos", "mažesne kaina", "mazesne kaina",
)
PRICIER = (
    "brangiau", "brangesnis", "brangesnė", "brangesne", "brangesnį", "brangesni", "brangesnių",
    "brangesniu", "brangesnes", "brangesnius", "kokybiškesnis", "kokybiskesnis",
    "kokybiškesnį", "kokybiskesni", "aukštesnės klasės", "aukstesnes klases",
)
CHEAP = (
    "pigiausias", "pigiausia", "pigiausią", "pigiausi", "pigiausius", "pigus", "pigi", "pigų",
    "pigu", "pigūs", "pigius", "pigios", "nebrangus", "nebrangi", "nebrangų", "nebrangu",
    "nebrangūs", "nebrangius", "biudžetinis", "biudzetinis",
    # costing the least, said with the verb
    "kainuoja mažiausiai", "kainuoja maziausiai",
)
PRICE_ASKS = ("kiek", "kainuoja", "kaina", "kainos")
TOGETHER = ("kartu", "iš viso", "is viso", "už abu", "už abi", "už visus", "už visas")
THAN = ("nei", "negu", "už")
DIFFERENCE = ("kiek daugiau", "kiek mažiau", "kiek brangiau", "kiek pigiau", "skirtumas")
PLAIN = (
    "paprastas", "paprasta", "paprastą", "paprasti", "paprastus", "paprastos", "įprast*",
    "iprast*", "standartin*",
)
OTHER_BRAND = (
    "kitas prekės ženklas", "kitas prekes zenklas", "kito prekės ženklo", "kito prekes zenklo",
    "kitą prekės ženklą", "kita prekes zenkla", "kiti prekės ženklai", "kiti prekes zenklai",
    "kitų prekės ženklų", "kitu prekes zenklu", "ne šio prekės ženklo", "ne sio prekes zenklo",
    "kita markė", "kitos markės", "kitos markes", "kitą markę", "kita marke",
    "kito gamintojo", "kitas gamintojas", "kitų gamintojų", "kitu gamintoju",
)
BRAND_NEGATIONS = ("ne", "nei", "išskyrus", "isskyrus", "tik ne")
BRAND_NEGATION_FILLERS = ("iš", "markės", "markes", "gamintojo", "firmos")
CONJUNCTIONS = ("arba", "ir", "nei")
SOMETHING_ELSE = (
    "kažką kito", "kazka kito", "ką nors kito", "ka nors kito", "kitų variantų",
    "kitu variantu", "daugiau variantų", "daugiau variantu", "kitokių", "kitokiu", "kitus",
    "kiti", "daugiau",
)
BIGGER_SIZE = (
    "didesnis dydis", "didesnio dydžio", "didesnio dydzio", "dydžiu didesnį",
    "dydziu didesni", "didesnį dydį", "didesni dydi",
)
SMALLER_SIZE = (
    "mažesnis dydis", "mazesnis dydis", "mažesnio dydžio", "mazesnio dydzio",
    "dydžiu mažesnį", "dydziu mazesni", "mažesnį dydį", "mazesni dydi",
)
IN_STOCK_ONLY = (
    "tik turimi", "tik turimas", "tik turimą", "yra sandėlyje", "yra sandelyje", "sandėlyje",
    "sandelyje", "tik esantys sandėlyje", "tik esantys sandelyje",
)
OUT_OF_STOCK_OK = (
    r"(?:ir|net|taip pat|kartu su)\s+(?:\w+\s+)?(?:išparduot|isparduot|neturim|nesam)",
    r"nesvarbu.{0,20}?(?:sandėl|sandel|turim|išparduot|isparduot)",
)
ON_SALE = (
    "išpardavimas", "ispardavimas", "išpardavime", "ispardavime", "nuolaida", "nuolaidos",
    "nuolaidą", "su nuolaida", "akcija", "akcijos", "akcijoje", "nukainota", "nukainotos",
    "nukainotas", "nukainoti",
)
BEST_SELLERS = (
    "perkamiausi", "perkamiausios", "perkamiausias", "perkamiausia", "populiariausi",
    "populiariausios", "populiarūs", "populiarios",
)
CLEAR_NAMES = {
    "colors": ("spalva", "spalvą", "spalvos", "spalvų", "spalvu", "spalvas"),
    "brands": ("prekės ženklas", "prekes zenklas", "prekės ženklą", "prekes zenkla", "markė",
               "marke", "markę", "gamintojas"),
    "size": ("dydis", "dydį", "dydi", "dydžio", "dydzio"),
    "price": ("kaina", "kainą", "biudžetas", "biudzetas", "biudžetą", "biudzeta"),
}
CLEAR_BEFORE = (
    "bet kokia", "bet koks", "bet kokią", "bet kokį", "bet koki", "pamiršk", "pamirsk",
    "pamirškite", "pamirskite",
)
CLEAR_AFTER = (
    "nesvarbu", "nesvarbi", "nesvarbus", "neturi reikšmės", "neturi reiksmes", "tinka bet kokia",
    "tinka bet koks",
)

QUERY_EDGE_WORDS = (
    "gal", "yra", "ar", "ir", "su", "kažką", "kazka", "ką nors", "ka nors", "kokį", "koki",
    "kokią", "nors", "taip pat", "irgi", "ne", "aš", "mano", "tiesą sakant",
)
STOPWORDS = (
    "ne",  # a bare refusal is no search word
    # the thing named before the verb: "išimkite jį", "paimsiu ją"
    "jį", "ji", "jis", "jo", "juos", "jas", "jų",
    "gal", "ir", "ar", "su", "į", "iš", "apie", "kažką", "kazka", "kas", "ką", "ka", "nors",
    "mane", "aš", "mano", "tai", "tas", "ta", "tą", "šitą", "sita", "yra", "taip", "nei", "tik",
    "daugiau", "koks", "kokia", "kokie", "kokį", "koki", "kaip", "kiek", "čia", "cia",
    "dabar", "prašau", "prasau", "turite", "jūs", "spalva", "spalvos", "dydis",
    "dydžio", "dydzio", "kaina", "kainos", "prekė", "preke", "prekės", "prekes", "modelis",
    "variantas", "irgi", "pat",
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "padovano*",
    "kažką", "kazka", "kažkas", "kazkas", "dovana", "dovaną", "dovanų", "dovanu", "dovanos",
    "idėja", "ideja", "idėjų", "ideju", "gražų", "grazu", "gerą", "mamai", "tėčiui", "teciui",
    "žmonai", "zmonai", "vyrui", "draugui", "draugei", "vaikams", "gimtadienio",
    "gimtadieniui", "kalėdoms", "kaledoms", "reikia", "noriu", "ieškau", "ieskau", "nors", "ką",
    "ka", "ko", "dovanai", "kažko", "kazko", "gražaus", "grazaus",
    "kažk*", "kazk*", "dovan*", "patar*", "rekomend*",
    # a style alone is as vague ("something elegant")
    "elegant*", "stiling*", "praktišk*", "praktisk*", "originali*",
    "idėj*", "idej*",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "vardadien*", "jubiliej*", "valentin*", "velyk*", "pensij*", "įkurtuv*", "ikurtuv*",
    "sukaktuv*", "kalėd*", "kaled*", "gimtadien*", "proga", "progai", "progos",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("kokių idėjų", "kokiu ideju", "gal turite idėjų", "ką nupirkti", "ka nupirkti",
    "ką patartumėte", "ka patartumete", "ką patartumėt", "ka patartumet", "ką patartum",
    "ka patartum")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "gaila", "labai gaila", "nieko tokio",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "padėkit", "padėkite", "padėk", "nieko nesugalvoju",
    "nežinau ką", "nezinau ka", "nežinau, ką", "nežinau ko", "nežinau nuo", "nezinau nuo",
    "nežinau, nuo", "neturiu idėjų", "neturiu ideju", "ką padovanoti", "ka padovanoti",
    "nuo ko pradėti", "nuo ko pradeti",
    "nuo ko man pradėti", "nuo ko pradėt")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "virtuv*", "miegam*", "vonios", "vonioje", "kambar*", "sodas", "sodui", "sode", "sodo",
    "sodą", "balkon*", "teras*", "biuras", "biuro", "biurui", "biure", "namams", "namui",
    "namuose", "namų", "namu", "butui", "bute", "prieškambar*", "prieskambar*",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "o", "gerai", "atsiprašau", "vis dėlto", "persigalvojau", "gaila", "tada", "tai",
    "puiku",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("ne",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "šie",
    "šios",
    "šių",
    "kuris iš jų",
    "kuri iš jų",
    "kurie iš jų",
    "iš jų",
    "jie",
    "jos",
    "sie",
    "sios",
    "siu",
    "is ju",
    "kuris is ju",
    "kuri is ju",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "ar yra toks, kuris",
    "ar yra toks kuris",
    "ar yra tokia, kuri",
    "ar yra tokia kuri",
    "kuris iš",
    "kuri iš",
    "kurie iš",
    "kuris is",
    "kuri is",
    "kurie is",
    # the interrogative with its verb ("which has a hood?")
    "kuris turi",
    "kuri turi",
    "kurie turi",
    "kuris yra",
    "kuri yra",
    "kurie yra",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
# fmt: off
CONCEPT_ASKS = {
    "dimensions": (
        "dydžio", "dydzio", "didelis", "ilgas", "platus", "aukštas", "dydis", "matmenys", "ilgis",
        "plotis", "aukštis", "matuoja",
    ),
    "material": ("medžiaga", "medžiagos", "medžiagų", "pagamintas", "pagaminta", "pagaminti"),
    "weight": ("svoris",),
    "battery": ("baterija",),
    "heel": ("kulnas", "kulno", "pakulnė"),
    "closure": ("užsega", "užsegama", "užsegimas", "užsidaro", "uždaroma", "užtrauktukas", "sagos"),
    "contents": ("rinkinyje", "komplekte", "dėžutėje", "dėžutę", "įdėta", "pridedama", "įeina"),
}
# fmt: on

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": (
        "matmenys",
        "dydis",
        "dydžio",
        "dydžiai",
        "išmatavimai",
        "ilgis",
        "plotis",
        "aukštis",
    ),
    "material": (
        "medvilnė",
        "oda",
        "pagamintas",
        "pagaminta",
        "pagaminti",
        "medžiaga",
        "plienas",
        "plieno",
        "poliesteris",
        "poliesterio",
    ),
    "weight": ("svoris",),
    "battery": ("valandų",),
    "heel": ("kulnas", "pakulnė", "cm"),
    "closure": (
        "užtrauktukas",
        "užtrauktuku",
        "užtrauktuko",
        "saga",
        "sagos",
        "sagomis",
        "spaustukas",
        "spaustukais",
        "magnetas",
        "magnetiniu",
        "virvelė",
        "virvele",
        "užsegimas",
    ),
    "contents": ("rinkinyje", "rinkinys", "komplekte", "komplektą", "sudaro", "vnt"),
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
