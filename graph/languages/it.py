"""Italian words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "àèéìíîòóù"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "ciao", "grazie", "cerco", "vorrei", "più", "economico", "economica", "cosa", "avete",
    "secondo", "seconda", "primo", "ultimo", "prendo", "altra", "fino", "meno", "buongiorno",
    "buonasera", "voglio",
)
PRODUCT_HINTS = (
    "impermeabile", "lavatrice", "carrello", "scarpe", "giacca", "vestito", "borsa", "zaino",
    "tappetino", "cuffie", "pantaloni", "maglietta", "nero", "nera", "rossa", "rosso", "stivali",
    "felpa",
)

GREETINGS = ("ciao", "buongiorno", "buonasera", "salve")
GREETING_FILLERS = ("a tutti", "come stai", "come va")
THANKS_AND_BYE = ("grazie", "grazie mille", "arrivederci", "perfetto", "super", "ok")
AFFIRMATIVES = ("sì", "si", "sì grazie", "certo", "va bene")
AFFIRMATIVE_TAILS = ("grazie",)
POLITENESS = ("per favore", "per piacere")

PURCHASE_STRONG = (
    "nel mio carrello", "nel carrello", "al carrello", "lo compro", "la compro", "lo prendo",
    "la prendo", "aggiungi al carrello", "aggiungilo", "aggiungila", "nel cestino", "li prendo",
    "le prendo", "prenderò", "prendo quello", "prendo quella", "prendo quelli", "prendo quelle",
    "prendo il", "prendo la", "prendo i", "prendo le", "prendo questo", "prendo questa",
)
PURCHASE_WEAK = ("comprare", "compro", "prendo")  # "ok, prendo l'Arcwave": with it in view
CART_VIEW = (
    "quante cose", "quanti articoli", "cosa mi resta nel carrello",
    "il mio carrello", "cosa c'è nel carrello", "vedi carrello", "cosa c'è nel mio carrello",
    "cosa ho nel carrello", "cosa ho nel mio carrello", "mostrami il carrello",
    "fammi vedere il carrello", "vedi il carrello",
)
CART_CLEAR = ("svuota il carrello", "svuota il mio carrello")
CART_REMOVE = (
    "elimina", "rimuovi", "togli", "toglilo", "toglila", "rimuovilo", "rimuovila",
    "rimuov*", "togli*", "elimin*",
)
CART_REMOVE_APART = ("togli … dal carrello", "toglimi … dal carrello", "leva … dal carrello")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("sostituiscilo con", "sostituiscila con", "sostituisci … con", "cambialo con",
    "cambiala con", "cambia … con", "scambialo con", "scambia … con")
CART_WORDS = ("carrello", "cestino")
CART_ADD_VERBS = ("aggiung*", "metti", "mettilo", "mettila", "mettimi", "butta*")
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("se",)

COMPARE = (
    "confronta", "confrontare", "differenza", "qual è meglio", "quale è migliore",
    "qual è il migliore", "quale costa meno", "quale è più economico", "qual è più economico",
)
BROWSE = (
    "cosa vendete", "che cosa vendete", "cosa avete", "quali categorie", "quali marche",
    "catalogo",
)
BRANDS_ASK = ("marche", "marchi")
NEED_CUES = (
    "vendete", "cerco", "sto cercando", "ho bisogno", "vorrei", "voglio", "mostrami",
    "fammi vedere", "consiglia", "consigliami", "avete",
)
ANOTHER_NEED = ("anche", "adesso", "ora")
CONTINUATIONS = ("e", "ed", "e anche", "anche")
PURPOSE_STARTS = ("per",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("per", "con", "col", "in", "nel", "nella", "nei", "nelle", "sul", "sulla")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("con", "col", "coi")
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("scur*", "chiar*", "pallid*", "acces*")
PURPOSE_NOT_FOR = ("uomo", "donna")
QUESTION_STARTS = (
    "è", "c'è", "quale", "quali", "come", "quanto", "quanta", "quanti", "quante",
    # "qual è" elides; "cosa", "che cosa", "di che": what ("di che materiale è fatto?"); "che"
    # alone is also "that", so only in a phrase
    "qual", "cosa", "che cosa", "di che", "in che", "chi", "quando", "perché",
)
EXISTENTIALS = ("c'è",)
PRODUCT_ATTRIBUTES = (
    "impermeabile", "taglie", "peso", "garanzia", "batteria", "spedizione", "disponibile",
)
FEATURES = {
    "waterproof": ("impermeabile", "idrorepellente"),
    "breathable": ("traspirante",),
    "wireless": ("senza fili", "bluetooth"),
    "noise cancelling": ("cancellazione del rumore",),
    "washable": ("lavabile", "lavatrice", "lavaggio a secco", "lavare a mano"),
    "insulated": ("imbottito", "isolato"),
    "dishwasher safe": ("lavastoviglie",),
    "organic": ("bio", "biologico", "biologica"),
    "recycled": ("riciclato", "riciclata"),
    "adjustable": ("regolabile",),
    "packable": ("comprimibile",),
    "non-slip": ("antiscivolo",),
    "warranty": ("garanzia",),
}

GIFTS = ("regalo", "regali", "compleanno", "regalare", "pensierino", "pensiero")
RECIPIENTS = {
    # "il mio ragazzo" is a boyfriend; "scarpe da ragazzo" (no possessive) a boy's
    "man": ("marito", "fidanzato", "ragazzo", "papà", "padre", "fratello", "nonno", "zio",
            "lui", "maestro", "professore", "collega", "vicino", "coinquilino",
            "suocero", "cognato", "cugino", "padrino"),
    "woman": ("moglie", "fidanzata", "ragazza", "mamma", "madre", "sorella", "nonna", "zia",
            "lei", "maestra", "professoressa", "vicina", "coinquilina", "suocera", "cognata",
            "cugina", "madrina"),
    "boy": ("figlio", "nipote", "amico", "figlioccio"),
    "girl": ("figlia", "amica", "figlioccia"),
    "anyone": ("insegnante", "insegnanti", "maestre", "prof", "colleghi", "colleghe", "vicini",
            "coinquilini", "suoceri", "amici", "amiche", "nipotini", "cugini", "bambini", "bimbo",
            "bimbi", "figli"),
}
RECIPIENT_CUES = (
    "mio", "mia", "per",
    # "for my mom and dad": a second recipient follows a conjunction
    "e", "o",
)
FOR_MYSELF = ("per me",)

DEICTICS = ("questo", "questa", "quello", "quella", "questi", "queste")
DESCRIBED_POINTERS = (
    "quello con", "quella con", "quelli con", "quelle con", "quello col", "quella col",
    "quello di", "quella di", "quello in", "quella in", "quello a", "quella a",
)
COMPANIONS = (
    "abbinat*", "coordinat*", "in coordinato", "da abbinare", "che si abbin*", "che vada con",
    "stessa collezione", "stessa serie",
    "con lo stesso", "con la stessa", "con il stesso",
)
SOMETHING = ("qualcosa", "qualche cosa", "qualcos'altro")
INDEFINITES = (
    "un", "uno", "una", "un'", "dei", "delle", "degli", "qualche", "un altro", "un'altra",
)
DEICTICS_OWN = ("si", "lo", "la", "l'avete", "ce l'avete", "ce l'hai")
ORDINALS = {
    0: ("primo", "prima"),
    1: ("secondo", "seconda"),
    2: ("terzo", "terza"),
    3: ("quarto", "quarta"),
    4: ("quinto", "quinta"),
    -1: ("ultimo", "ultima"),
}
NUMBERED = ("numero",)
NOT_ORDINAL = ("secondo me", "secondo te", "prima di", "prima che")
RUN_FIRST = ("primi", "prime")
RUN_LAST = ("ultimi", "ultime")
RUN_COUNTS = {"due": 2, "tre": 3}
EVERY_ONE = {
    "entrambi": 2, "entrambe": 2, "tutti e due": 2, "tutte e due": 2, "tutti e tre": 3,
    "tutte e tre": 3, "tutti": 0, "tutte": 0,
}

SOFT_CUES = ("se possibile", "preferibilmente", "magari", "idealmente")
LARGEST = (
    "il più grande", "la più grande", "i più grandi", "le più grandi", "il più alto",
    "la più alta", "il più lungo", "la più lunga", "il più capiente", "la più capiente",
    "i più capienti", "le più capienti", "più capiente", "più capienti",
    "più grand*", "più lung*", "più larg*", "più gross*", "più spess*",
)
SMALLEST = (
    "il più piccolo", "la più piccola", "i più piccoli", "le più piccole", "il più corto",
    "la più corta",
    "più piccol*", "più cort*", "più strett*", "più sottil*",
)
CHEAPER = (
    "più economico", "più economica", "più economici", "meno caro", "meno cara",
    "meno costoso",
    # the other gender, number and case forms
    "più economiche", "meno cari", "meno care", "meno costosa", "meno costosi",
    "meno costose", "più conveniente", "più convenienti",
)
PRICIER = ("più caro", "più cara", "più costoso", "più costosa")
CHEAP = (
    "il più economico", "la più economica", "i più economici", "economico", "economica",
    "economici",
    # costing the least, said with the verb
    "costa meno", "costano meno", "costa di meno",
)
PRICE_ASKS = ("quanto", "quanta", "costa", "costano", "prezzo", "il totale")
TOGETHER = (
    "insieme", "in totale", "in tutto", "totale", "tutti e due", "tutte e due", "tutti e tre",
    "tutte e tre",
)
THAN = ("rispetto a", "rispetto al", "rispetto alla", "rispetto allo")
DIFFERENCE = ("quanto in più", "quanto di più", "quanto in meno", "la differenza")
PLAIN = ("normale", "normali", "semplice", "semplici", "base", "classico", "classica")
OTHER_BRAND = (
    "altra marca", "altre marche", "non quella marca", "non questa marca",
    # a phrase may not follow an apostrophe ("un'altra"): the elided article is written out
    "di un'altra marca", "un'altra marca", "di un altro marchio", "un altro marchio",
    "altro marchio", "di altri marchi", "altri marchi", "di altre marche", "d'altra marca",
)
BRAND_NEGATIONS = ("non", "senza", "tranne", "eccetto", "salvo", "fuorché", "a parte")
BRAND_NEGATION_FILLERS = ("di", "da", "il", "la", "sia", "siano", "marca", "della", "del")
CONJUNCTIONS = ("o", "e")
SOMETHING_ELSE = ("qualcos'altro", "qualcosa di diverso", "altri", "altre")
BIGGER_SIZE = ("taglia più grande", "taglia in più")
SMALLER_SIZE = ("taglia più piccola", "taglia in meno")
IN_STOCK_ONLY = ("disponibile subito", "solo disponibili", "in magazzino")
OUT_OF_STOCK_OK = (
    r"(?:anche|inclusi|incluso|compresi)\s+(?:quell[ie]\s+|gli\s+|i\s+)?(?:esaurit|non disponibil)",
)
ON_SALE = ("in offerta", "offerta", "offerte", "saldi", "scontato", "scontata", "sconto")
BEST_SELLERS = ("più venduti", "più vendute", "popolari")
CLEAR_NAMES = {
    "colors": ("colore", "colori"),
    "brands": ("marca", "marchio", "marchi"),
    "size": ("taglia",),
    "price": ("prezzo",),
}
CLEAR_BEFORE = (
    "qualsiasi", "qualunque", "senza", "non importa il", "non importa la", "dimentica il",
)
CLEAR_AFTER = ("non importa",)

QUERY_EDGE_WORDS = (
    "un", "una", "uno", "dei", "delle", "degli", "e", "anche", "con", "in", "qualcosa",
    "in realtà", "ma", "io", "mi",
    # what joins a condition: "… che sia in pelle", "purché non sia Lestrosa"
    "che", "purché",
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "ancora",
    "non",  # a bare refusal is no search word
    "il", "gli", "i", "e", "di", "della", "qualcosa", "anche", "più", "mi", "ce", "l'",
    "colore", "taglia", "prezzo", "una", "uno", "un", "la", "le", "con", "vedere",
    "nel", "nella", "al", "alla",  # articled prepositions: "nel carrello"
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "pensierin*",
    "qualcosa", "regalo", "bello", "bella", "carino", "carina", "voglio", "cerco", "aiuto",
    "aiutare",
    "regal*", "consigl*",
    # a style alone is as vague ("something elegant")
    "elegant*", "original*", "pratic*",
    "idea*", "idee",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "compleanno", "natale", "san", "valentino", "pasqua", "anniversario", "pensione",
    "festa*", "occasione",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("qualche idea", "un'idea", "cosa compro", "cosa mi consigli", "cosa mi consigliate")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "peccato", "che peccato", "pazienza", "fa niente",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "aiutami", "aiutatemi", "sono in crisi", "non mi viene in mente niente",
    "non mi viene niente",
    "non so cosa", "non so che", "non so in cosa", "nessuna idea", "cosa regalare",
    "che cosa regalare",
    "cosa regalargli", "cosa regalarle", "da dove cominciare", "da dove iniziare",
    "da dove comincio", "da dove inizio", "da dove parto", "da cosa iniziare")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "cucina", "cucine", "bagno", "bagni", "salotto", "soggiorno", "giardino", "giardini",
    "balcone", "terrazzo", "terrazza", "ufficio", "casa", "appartamento", "cameretta",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oh", "ah", "scusa", "scusate", "va bene", "uffa", "ripensandoci", "peccato", "anzi",
    "pazienza", "allora", "perfetto", "ottimo", "super",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("no",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "questi",
    "queste",
    "quelli",
    "quelle",
    "qualcuno di questi",
    "qualcuna di queste",
    "uno di questi",
    "una di queste",
    "di questi",
    "di queste",
    "ce li avete",
    "ce le avete",
    "sono disponibili",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "ce n'è uno che",
    "ce n'è una che",
    "c'è uno che",
    "c'è una che",
    "quale di",
    "quali di",
    "quale è",
    "qual è",  # elided, as it is written
    "qual'è",
    "qualcuno di",
    "qualcuna di",
    # the interrogative with its verb ("which has a hood?")
    "quale ha",
    "quali hanno",
    "quali sono",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
# fmt: off
CONCEPT_ASKS = {
    "dimensions": (
        "lungo", "lunga", "largo", "larga", "alto", "alta", "misure", "dimensioni", "larghezza",
        "lunghezza", "altezza", "grande", "misura", "misurano",
    ),
    "material": ("materiale", "tessuto", "fatto", "fatta", "fatti", "fatte"),
    "weight": ("peso", "pesante"),
    "battery": ("batteria",),
    "heel": ("tacco", "tacchi"),
    "closure": ("chiude", "chiudono", "chiusura", "chiudere", "cerniera", "bottoni"),
    "contents": (
        "incluso", "inclusi", "include", "contiene", "nella confezione", "nella scatola",
        "nel set", "in dotazione",
    ),
}
# fmt: on

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("misure", "taglia", "dimensioni", "lunghezza", "larghezza", "altezza"),
    "material": ("cotone", "pelle", "perla", "materiale", "realizzato", "realizzata", "acciaio"),
    "weight": ("peso",),
    "battery": ("ore",),
    "heel": ("tacco", "zeppa", "cm"),
    "closure": (
        "cerniera",
        "zip",
        "lampo",
        "bottone",
        "bottoni",
        "automatico",
        "automatici",
        "coulisse",
        "magnetica",
        "magnetico",
        "chiusura",
        "fibbia",
    ),
    "contents": ("include", "incluso", "inclusi", "contiene", "composto", "pezzi", "comprende"),
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
COMBINING_PREFIXES = ("elettro", "mini", "micro")
