"""Croatian words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "čćđšž"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "bok", "hvala", "tražim", "trebam", "jeftinije", "imate", "li", "što", "drugi", "uzimam",
    "ispod", "eura", "kuna", "molim", "pozdrav", "želim", "nešto",
)
PRODUCT_HINTS = (
    "vodootporna", "vodootporan", "košarica", "košarici", "košaricu", "tenisice", "haljina",
    "jakna", "cipele", "slušalice", "hlače", "majica", "ruksak", "crna", "crvena", "poklon",
    "čizme", "jaknu", "haljinu", "torbu",
)

GREETINGS = ("bok", "pozdrav", "dobar dan", "dobro jutro", "dobra večer", "zdravo", "hej")
GREETING_FILLERS = ("svima", "kako si", "kako ste")
THANKS_AND_BYE = ("hvala", "hvala lijepa", "doviđenja", "odlično", "super", "ok")
AFFIRMATIVES = ("da", "da molim", "može", "moze", "naravno")
AFFIRMATIVE_TAILS = ("hvala",)
POLITENESS = ("molim", "molim vas", "molim te")

PURCHASE_STRONG = (
    "u moju košaricu", "u košaricu", "uzimam", "kupujem", "dodaj u košaricu", "naručujem",
    "dodaj ga", "dodaj to", "dodaj je", "uzet ću", "uzet cu",
)
PURCHASE_WEAK = ("kupiti", "naručiti")
CART_VIEW = (
    "moja košarica", "što je u košarici", "sto je u kosarici", "što je u mojoj košarici",
    "sto je u mojoj kosarici", "što imam u košarici", "sto imam u kosarici",
    "pokaži košaricu", "prikaži košaricu",
)
CART_CLEAR = ("isprazni košaricu", "isprazni moju košaricu")
CART_REMOVE = ("ukloni", "izbaci", "uklon*", "izbac*")
CART_REMOVE_APART = ("izbaci … iz košarice", "makni … iz košarice")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("zamijeni s", "zamijeni sa", "zamijeni ga s", "zamijeni … s", "zamijeni za")
CART_WORDS = ("košaric*", "kosaric*")
CART_ADD_VERBS = ("dodaj*", "stavi")
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("ako",)

COMPARE = (
    "usporedi", "usporediti", "usporedba", "razlika", "koji je bolji", "koja je bolja",
    "što je bolje", "koji je jeftiniji", "koja je jeftinija", "koji je najjeftiniji",
)
BROWSE = (
    "što prodajete", "sto prodajete", "što imate", "koje kategorije", "koje marke", "ponuda",
    "katalog",
)
BRANDS_ASK = ("marke",)
NEED_CUES = (
    "prodajete li", "prodajete", "tražim", "trebam", "treba mi", "želim", "htio bih",
    "htjela bih", "pokaži mi", "preporuči", "preporučite", "imate li",
)
ANOTHER_NEED = ("također", "sada")
CONTINUATIONS = ("i", "i još", "još", "također")
PURPOSE_STARTS = ("za",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("za", "s", "sa", "u", "na")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("s", "sa")
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("tamn*", "svijetl*", "blijed*")
PURPOSE_NOT_FOR = ("muškarce", "žene")
QUESTION_STARTS = (
    "je li", "ima li", "da li", "koji", "koja", "koje", "kako", "koliko",
    # the other question words
    "što", "čega", "čemu", "gdje", "kada", "zašto", "kakav", "kakva", "kakvo", "kakve",
)
EXISTENTIALS = ()
PRODUCT_ATTRIBUTES = (
    "vodootporan", "vodootporna", "vodootporno", "veličine", "težina", "jamstvo", "baterija",
    "dostava", "dostupan", "dostupna", "dostupno",
)
FEATURES = {
    "waterproof": ("vodootporan", "vodootporna", "vodootporno", "vodootporne", "vodoodbojan",
                   "vodoodbojna"),
    "breathable": ("prozračan", "prozračna", "prozračno"),
    "wireless": ("bežični", "bežične", "bežično", "bluetooth"),
    "noise cancelling": ("poništavanje buke",),
    "washable": ("perivo", "periva", "periv", "perilici", "perilica rublja", "kemijsko čišćenje",
                 "ručno pranje"),
    "insulated": ("izoliran", "izolirana"),
    "dishwasher safe": ("perilica posuđa", "perilici posuđa"),
    "organic": ("organski", "organska", "bio"),
    "recycled": ("recikliran", "reciklirana"),
    "adjustable": ("podesiv", "podesiva"),
    "packable": ("sklopiv",),
    "non-slip": ("protuklizn", "protuklizna"),
    "warranty": ("jamstvo", "garancija"),
}

GIFTS = ("poklon", "dar", "rođendan", "poklončić", "pokloniti", "darovati")
RECIPIENTS = {
    "man": ("muž", "muža", "mužu", "suprug", "dečko", "dečka", "tata", "tatu", "tati", "otac",
            "oca", "brat", "brata", "djed", "djeda", "njega"),
    "woman": ("žena", "ženu", "ženi", "suprugu", "cura", "curu", "djevojka", "djevojku",
              "mama", "mamu", "mami", "majka", "majku", "sestra", "sestru", "baka", "baku",
              "teta", "tetu", "nju"),
    "boy": ("sin", "sina", "nećak", "unuk"),
    "girl": ("kći", "kćer", "kćeri", "nećakinja", "unuka"),
    "anyone": ("učitelju", "učiteljici", "učiteljica", "kolegi", "kolegici", "kolegama", "susjedu",
               "susjedi", "cimeru", "cimerici", "prijatelju", "prijateljici", "šefu", "šefici",
               "dijete", "djeteta", "djetetu", "djeci", "djece"),
}
RECIPIENT_CUES = (
    "moj", "moja", "moju", "mojoj", "mog", "mojeg", "mojem", "za",
    # "for my mom and dad": a second recipient follows a conjunction
    "i", "ili",
)
FOR_MYSELF = ("za mene", "za sebe")

DEICTICS = ("ovaj", "ova", "ovo", "ovu", "taj", "onaj", "tog")
DESCRIBED_POINTERS = ("onaj s", "ona s", "ono s", "onaj sa", "ona sa", "onu s", "onu sa")
COMPANIONS = (
    "odgovarajuć*", "uskladjen*", "usklađen*", "iste kolekcije", "iste serije", "s istim",
    "s istom",
)
SOMETHING = ("nešto", "nesto")
INDEFINITES = (
    "neki", "neka", "neku", "neko", "još jedan", "još jednu",
)
DEICTICS_OWN = ("to", "ta", "tu")
ORDINALS = {
    0: ("prvi", "prva", "prvo", "prvu", "prvog", "prvoj"),
    1: ("drugi", "druga", "drugo", "drugu", "drugog", "drugoj"),
    2: ("treći", "treća", "treće", "treću", "trećeg"),
    3: ("četvrti", "četvrta", "četvrtu"),
    4: ("peti", "peta", "petu"),
    -1: ("zadnji", "zadnja", "zadnju", "zadnje", "posljednji", "posljednja", "posljednju"),
}
NUMBERED = ("broj", "br.")
NOT_ORDINAL = (
    "nešto drugo", "nesto drugo", "drugi brend", "drugu marku", "druga marka",
    "drugi proizvođač", "drugo nešto",
)
RUN_FIRST = ("prva", "prve", "prvih")
RUN_LAST = ("zadnja", "zadnje", "zadnjih", "posljednja")
RUN_COUNTS = {"dva": 2, "dvije": 2, "tri": 3}
EVERY_ONE = {"oba": 2, "obje": 2, "sva tri": 3, "sve tri": 3, "sva": 0, "svi": 0}

SOFT_CUES = ("po mogućnosti", "ako je moguće", "idealno")
LARGEST = ("najveći", "najveća", "najveće", "najviši", "najviša", "najduži", "najduža")
SMALLEST = ("najmanji", "najmanja", "najmanje", "najkraći", "najkraća")
CHEAPER = (
    "jeftinije", "jeftiniji", "jeftinija", "povoljnije",
    # the other gender, number and case forms
    "jeftiniju", "jeftinijeg", "jeftinijih", "jeftinijem", "jeftinijim", "jeftinijoj",
    "povoljniji", "povoljnija", "povoljniju", "povoljnijeg", "povoljnijih",
)
PRICIER = ("skuplje", "skuplji", "skuplja")
CHEAP = (
    "najjeftiniji", "najjeftinija", "najjeftinije", "jeftin", "jeftina", "jeftino", "jeftine",
    "povoljan", "povoljna",
    # costing the least, said with the verb
    "košta najmanje", "koštaju najmanje",
)
PRICE_ASKS = ("koliko", "košta", "koštaju", "kosta", "cijena")
TOGETHER = ("zajedno", "ukupno", "sve skupa", "za oba", "za obje", "za sva tri")
THAN = ("od", "nego")
DIFFERENCE = ("koliko više", "koliko manje", "razlika")
PLAIN = ("običan", "obična", "obični", "običnu", "običnog", "jednostavn*", "osnovn*")
OTHER_BRAND = (
    "drugi brend", "druga marka", "drugu marku", "drugi proizvođač", "ne taj brend",
    "ne ta marka", "druge marke", "drugog brenda", "drugi brand",
)
BRAND_NEGATIONS = ("ne", "bez", "osim", "samo ne")
BRAND_NEGATION_FILLERS = ("od", "marke", "proizvođača")
CONJUNCTIONS = ("ili", "i")
SOMETHING_ELSE = ("nešto drugo", "nesto drugo", "druge", "drugačije")
BIGGER_SIZE = ("veći broj", "veća veličina", "veću veličinu")
SMALLER_SIZE = ("manji broj", "manja veličina", "manju veličinu")
IN_STOCK_ONLY = ("na zalihi", "na stanju", "samo dostupne")
OUT_OF_STOCK_OK = (
    r"(?:i|također|čak i|uključujući)\s+(?:one\s+|proizvode\s+)?(?:rasprodan|nedostupn|"
    r"kojih nema)",
    r"(?:nije|nie) (?:bitno|važne|ważne).{0,20}?(?:zalih|dostęp|stanju)",
)
ON_SALE = ("na popustu", "popust", "akcija", "na akciji", "sniženo", "snižene")
BEST_SELLERS = ("najprodavanije", "najprodavaniji", "najpopularnije", "popularno")
CLEAR_NAMES = {
    "colors": ("boja", "boje", "boju"),
    "brands": ("marka", "marke"),
    "size": ("veličina", "veličinu"),
    "price": ("cijena", "cijenu", "budžet"),
}
CLEAR_BEFORE = ("bilo koja", "bilo koji", "bilo koju", "bez", "zaboravi")
CLEAR_AFTER = (
    "svejedno", "je svejedno", "nije bitna", "nije bitan", "nije bitno",
)

QUERY_EDGE_WORDS = (
    "neki", "neku", "nekoliko", "i", "također", "s", "sa", "u", "nešto", "zapravo", "ali",
    "ne", "ja", "mi",
)
STOPWORDS = (
    "ne",  # a bare refusal is no search word
    "u", "na", "s", "sa", "za", "ili", "od", "do", "nešto", "neki", "neku", "samo", "više",
    "me", "ja", "li", "je", "i", "boja", "boji", "veličina", "cijena",
)
VAGUE_WORDS = (
    "nešto", "poklon", "poklon*", "nešt*", "preporuč*",
    # a style alone is as vague ("something elegant")
    "elegantn*", "praktičn*", "originaln*",
    "ideja", "ideju", "ideje",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "rođendan*", "rodendan*", "božić*", "bozic*", "valentinov*", "uskrs*", "godišnjic*",
    "mirovin*",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("neka ideja", "što kupiti", "sto kupiti", "što preporučujete")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "šteta", "steta", "baš šteta", "nema veze",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "pomozite", "pomozi",
    "ne znam što", "ne znam sto", "nemam pojma", "nemam ideju", "što pokloniti",
    "sto pokloniti",
    "odakle da počnem", "od čega da počnem")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "kuhinj*", "spavaća", "spavaću", "spavaće", "spavaćoj", "kupaon*", "boravak", "boravka",
    "vrt", "vrta", "vrtu", "balkon*", "teras*", "ured", "ureda", "uredu", "kuća", "kuću",
    "kuće", "kući", "stan", "stana", "stanu", "soba", "sobu", "sobe", "sobi",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oh", "ah", "hmm*",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("ne",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "ovi",
    "ove",
    "ova",
    "oni",
    "one",
    "neki od njih",
    "neka od njih",
    "od ovih",
    "od njih",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "koji od",
    "koja od",
    "koje od",
    "neki od",
    "neka od",
    # the interrogative with its verb ("which has a hood?")
    "koji ima",
    "koja ima",
    "koje imaju",
    "koji je",
    "koja je",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
CONCEPT_ASKS = {
    "dimensions": (
        "velik",
        "velika",
        "veliko",
        "dimenzije",
        "širina",
        "dužina",
        "visina",
        "debljina",
    ),
    "material": ("materijal", "tkanina", "napravljen", "napravljena", "napravljeno", "od čega"),
    "weight": ("težina", "težak"),
    "battery": ("baterija",),
    "heel": ("peta", "pete", "potpetica"),
    "closure": ("zatvara", "zatvaranje", "kopča", "zatvarač", "patentni", "gumbi"),
    "contents": ("uključeno", "uključen", "sadrži", "u kompletu", "u kutiji", "u setu"),
}

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("dimenzije", "veličina", "duljina", "širina", "visina"),
    "material": ("pamuk", "koža", "materijal", "izrađen", "izrađena", "čelik"),
    "weight": ("težina",),
    "battery": ("sati",),
    "heel": ("peta", "potpetica", "cm"),
    "closure": ("patentni", "zatvarač", "gumb", "gumbi", "kopča", "vezica", "magnet", "magnetni"),
    "contents": ("uključuje", "uključeno", "sadrži", "komplet", "set", "dijelova", "kom"),
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
COMBINING_PREFIXES = ("elektro", "mini", "mikro")
