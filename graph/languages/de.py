"""German words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "äöüß"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "last"  # the kind a title names last is the product's own
LANGUAGE_HINTS = (
    "hallo", "danke", "bitte", "ich", "suche", "und", "nicht", "günstiger", "billiger", "zeig",
    "gibt", "ist", "das", "mit", "für", "unter", "bis", "zweite", "erste", "teurer", "kaufen",
    "etwas", "anderes", "marke", "servus", "moin",
)
PRODUCT_HINTS = (
    "wasserdicht", "waschen", "warenkorb", "grüne", "grün", "grünen", "yogamatte", "eine",
    "einen", "jacke", "schuhe", "kleid", "tasche", "laufschuhe", "kopfhörer", "schwarz",
    "schwarze", "schwarzen", "turnschuhe", "stiefel", "hemd", "geschenk",
)

GREETINGS = (
    "hallo", "guten tag", "guten morgen", "guten abend", "servus", "moin", "grüß gott",
    "grüezi",
)
GREETING_FILLERS = ("zusammen", "leute", "wie geht's", "wie geht es")
THANKS_AND_BYE = (
    "danke", "vielen dank", "danke schön", "tschüss", "ok", "super", "genial",
)
AFFIRMATIVES = ("ja", "ja bitte", "gerne", "ja gerne", "klar")
AFFIRMATIVE_TAILS = ("bitte",)
POLITENESS = ("bitte",)

PURCHASE_STRONG = (
    "in meinen warenkorb", "in den warenkorb", "ich nehme", "nehme ich", "bestellen",
    "füge es hinzu", "nehm ich", "ich nehm", "in den korb",
    # "die Chino Shorts in M kommen auch noch dazu": they join what is in the cart
    "kommen noch dazu", "kommt auch noch dazu", "kommen auch noch dazu",
    "kommt auch dazu", "kommen auch dazu",
)
PURCHASE_WEAK = ("kaufen", "kaufe")
CART_VIEW = (
    "wie viele sachen", "wie viele artikel", "was ist noch drin", "was hab ich drin",
    "was ist im warenkorb", "was ist in meinem warenkorb", "mein warenkorb", "warenkorb zeigen",
    "zeig mir den warenkorb", "was habe ich im warenkorb", "zeig mir meinen warenkorb",
    "warenkorb anzeigen",
)
CART_CLEAR = (
    "warenkorb leeren", "leere den warenkorb", "leere meinen warenkorb",
    "meinen warenkorb leeren",
)
CART_REMOVE = ("entfernen", "entferne", "nimm es raus", "entferne es", "entfern*")
CART_REMOVE_APART = ("nimm … raus", "nimm … heraus", "… wieder raus", "… doch raus", "… raus damit")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("tausch ihn gegen", "tausch sie gegen", "tausch es gegen", "tausche ihn gegen",
    "tausche sie gegen", "tausche es gegen", "tausch … gegen", "tausche … gegen",
    "ersetze ihn durch", "ersetze sie durch", "ersetze es durch", "ersetz … durch",
    "ersetze … durch")
CART_WORDS = ("warenkorb", "einkaufswagen")
CART_ADD_VERBS = (
    # whole forms: "leg*" would take "Leggings", "pack*" "Packung"
    "leg", "lege", "legen", "legt", "legst", "leg's", "nehm*", "nimm", "pack", "packe",
    "packen", "packt", "pack's", "tu", "tue", "schmeiß*", "schmeiss*", "wirf",
)
INFINITIVE_MARKERS = ("zu",)
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("wenn", "falls")

COMPARE = (
    "vergleiche", "vergleichen", "vergleich", "unterschied", "was ist besser",
    "welche ist besser", "welcher ist besser", "welches ist besser", "welches ist günstiger",
    "welcher ist günstiger", "welche ist günstiger", "welches ist billiger",
)
BROWSE = (
    "was verkauft ihr", "was verkaufen sie", "was habt ihr", "was haben sie", "was bietet ihr",
    "welche kategorien", "welche marken", "katalog", "sortiment",
)
BRANDS_ASK = ("marken", "marke")
NEED_CUES = (
    "verkauft ihr", "verkaufen sie", "führt ihr", "führen sie", "ich suche", "suche",
    "ich brauche", "brauche", "ich möchte", "ich hätte gern", "zeig mir", "zeigen sie mir",
    "empfiehl", "empfehlen", "habt ihr", "haben sie",
)
ANOTHER_NEED = ("auch", "noch", "jetzt")
CONTINUATIONS = ("und", "und auch", "auch", "noch", "dazu")
PURPOSE_STARTS = ("für", "zum", "zur")
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("für", "mit", "in", "im", "auf", "zum", "zur")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("mit",)
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("dunkel*", "dunkl*", "hell*")
PURPOSE_NOT_FOR = ("damen", "herren", "kinder")
QUESTION_STARTS = (
    "ist", "sind", "hat", "haben", "gibt es", "kann", "wie", "welche", "welcher", "welches",
    # the other question words and verb-first forms
    "was", "wo", "wann", "warum", "wieso", "wieviel", "welchen", "welchem", "hast", "habt",
    "kannst", "können",
)
EXISTENTIALS = ("gibt es", "gibt's")
PRODUCT_ATTRIBUTES = (
    "wasserdicht", "größen", "gewicht", "garantie", "akku", "lieferung", "erhältlich",
    "verfügbar",
)
FEATURES = {
    "waterproof": ("wasserdicht", "wasserabweisend"),
    "breathable": ("atmungsaktiv",),
    "wireless": ("kabellos", "bluetooth"),
    "noise cancelling": ("geräuschunterdrückung", "anc"),
    "washable": ("waschbar", "maschinenwaschbar", "in der maschine waschen", "waschmaschine",
                 "chemisch reinigen", "handwäsche"),
    "insulated": ("gefüttert", "isoliert"),
    "dishwasher safe": ("spülmaschinenfest", "spülmaschine"),
    "organic": ("bio",),
    "recycled": ("recycelt", "recyceltem", "recycelten"),
    "adjustable": ("verstellbar",),
    "packable": ("verstaubar",),
    "non-slip": ("rutschfest",),
    "warranty": ("garantie",),
}

GIFTS = (
    "geschenk", "geschenke", "geburtstag",
    "schenken", "verschenken", "mitbringsel", "kleinigkeit", "aufmerksamkeit",
)
RECIPIENTS = {
    "man": ("mann", "ehemann", "vater", "papa", "bruder", "opa", "großvater", "onkel", "ihn",
            "lehrer", "kollege", "kollegen", "nachbar", "nachbarn", "mitbewohner",
            "schwiegervater", "schwager", "patenonkel", "cousin", "erzieher"),
    "woman": ("frau", "ehefrau", "freundin", "mutter", "mama", "schwester", "oma",
            "großmutter", "tante", "lehrerin", "kollegin", "chefin", "nachbarin",
            "mitbewohnerin", "schwiegermutter", "schwägerin", "schwaegerin", "patin",
            "patentante", "cousine", "erzieherin"),
    "boy": ("sohn", "neffe", "enkel", "freund", "patensohn"),
    "girl": ("tochter", "nichte", "enkelin", "patentochter"),
    "anyone": ("schwiegereltern", "patenkind", "enkelkinder", "freunde", "kollegium",
            "gastgeber", "gastgeberin", "lehrern", "lehrerinnen", "kolleginnen", "kind", "kinder",
            "kleinkind", "kleinkinder"),
}
RECIPIENT_CUES = (
    "mein", "meine", "meinen", "meinem", "meiner", "für",
    # "for my mom and dad": a second recipient follows a conjunction
    "und", "oder",
)
FOR_MYSELF = ("für mich", "für mich selbst")

DEICTICS = ("das", "dies", "diese", "dieser", "dieses", "diesen", "ihn")
DESCRIBED_POINTERS = (
    "der mit", "die mit", "das mit", "den mit", "dem mit", "der aus", "die aus", "das aus",
    "den aus",
)
COMPANIONS = (
    "passend*", "dazu passend*", "abgestimmt*", "im gleichen design", "gleichen serie",
    "derselben serie", "gleichen kollektion", "derselben kollektion",
    "mit dem gleichen", "mit der gleichen", "mit demselben", "mit derselben",
)
SOMETHING = ("etwas", "irgendwas", "irgendetwas", "was schönes")
INDEFINITES = (
    "ein", "eine", "einen", "einem", "einer", "irgendein", "irgendeine", "irgendeinen",
    "noch ein", "noch eine",
)
DEICTICS_OWN = ("es", "sie")
ORDINALS = {
    0: ("erste", "erster", "erstes", "ersten", "erstem"),
    1: ("zweite", "zweiter", "zweites", "zweiten", "zweitem"),
    2: ("dritte", "dritter", "drittes", "dritten"),
    3: ("vierte", "vierter", "viertes", "vierten"),
    4: ("fünfte", "fünfter", "fünftes", "fünften"),
    -1: ("letzte", "letzter", "letztes", "letzten"),
}
NUMBERED = ("nummer", "nr.", "nr")
NOT_ORDINAL = ()
RUN_FIRST = ("ersten",)
RUN_LAST = ("letzten",)
RUN_COUNTS = {"beiden": 2, "zwei": 2, "drei": 3}
EVERY_ONE = {
    "beides": 2, "beide": 2, "alle beide": 2, "alle zwei": 2, "alle drei": 3, "alle": 0,
}

SOFT_CUES = ("gern", "gerne", "am liebsten", "möglichst", "wenn möglich", "vielleicht in")
LARGEST = (
    "größte*", "am größten", "höchste*", "am höchsten", "längste*", "am längsten", "breiteste*",
    "am meisten platz", "fasst am meisten",
    "dickste*", "am dicksten",
    # the comparatives ask the same of two ("die längere davon")
    "größere*", "längere*", "länger", "breitere*", "breiter", "dickere*", "dicker",
)
SMALLEST = (
    "kleinste*", "am kleinsten", "kürzeste*", "am kürzesten", "kompakteste*",
    "schmalste*", "am schmalsten", "dünnste*", "am dünnsten",
    "kleinere*", "kürzere*", "kürzer", "schmalere*", "schmaler", "dünnere*", "dünner",
)
CHEAPER = (
    "günstiger", "billiger", "preiswerter",
    # the other gender, number and case forms
    "günstigere", "günstigeren", "günstigeres", "günstigerer", "billigere", "billigeren",
    "billigeres", "preiswertere", "preiswerteren",
)
PRICIER = ("teurer", "teurere", "hochwertiger")
CHEAP = (
    "am günstigsten", "günstigste", "günstigsten", "billigste", "billigsten", "günstig",
    "günstige", "günstigen", "billig", "billige", "preiswert",
    # costing the least, said with the verb
    "kostet am wenigsten", "kosten am wenigsten", "am wenigsten kostet", "am wenigsten kosten",
)
PRICE_ASKS = (
    "was kostet", "was kosten", "kostet", "kosten", "wie viel", "wieviel", "wie teuer", "preis",
)
TOGETHER = (
    "zusammen", "insgesamt", "gesamt", "alles zusammen", "für beide", "für beides",
    "für alle drei", "in summe",
)
THAN = ("als",)
DIFFERENCE = ("wie viel mehr", "wieviel mehr", "um wie viel", "wie viel weniger", "der unterschied")
PLAIN = ("normale*", "einfache*", "gewöhnliche*", "schlichte*", "standardmodell")
OTHER_BRAND = (
    "andere marke", "andere marken", "nicht diese marke", "nicht von dieser marke",
    "eine andere marke", "von einer anderen marke", "einer anderen marke",
    "von anderen marken", "anderen marke", "anderer marke",
)
BRAND_NEGATIONS = ("nicht", "kein*", "ohne", "außer", "ausser", "bloß nicht", "nur nicht")
BRAND_NEGATION_FILLERS = ("von", "der", "die", "das", "den", "dem", "marke", "sein", "ist")
CONJUNCTIONS = ("oder", "und")
SOMETHING_ELSE = ("etwas anderes", "andere", "noch mehr")
BIGGER_SIZE = ("eine nummer größer", "größere größe")
SMALLER_SIZE = ("eine nummer kleiner", "kleinere größe")
IN_STOCK_ONLY = ("nur auf lager", "auf lager", "nur verfügbare", "sofort lieferbar")
OUT_OF_STOCK_OK = (
    r"(?:auch|egal ob|inklusive|inkl\.?|mit)\s+(?:\w+\s+)?(?:ausverkauft|nicht (?:vorrätig|"
    r"verfügbar|lieferbar|auf lager))",
)
ON_SALE = ("im angebot", "angebot", "angebote", "reduziert", "rabatt", "im sale", "sale")
BEST_SELLERS = (
    "bestseller", "beliebt", "beliebteste", "beliebtesten", "meistverkauft", "meistverkaufte",
)
CLEAR_NAMES = {
    "colors": ("farbe", "farben"),
    "brands": ("marke", "marken"),
    "size": ("größe", "grösse"),
    "price": ("preis", "preislimit"),
}
CLEAR_BEFORE = (
    "jede", "jeder", "jedes", "beliebige", "beliebiger", "egal welche", "egal welcher",
    "egal welches", "ohne", "vergiss das", "vergiss die", "vergiss den",
)
CLEAR_AFTER = ("egal", "ist egal", "spielt keine rolle")

QUERY_EDGE_WORDS = (
    "ein", "eine", "einen", "einige", "und", "auch", "mit", "in", "im", "etwas", "eigentlich",
    "aber", "nicht", "ich", "meine",
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "nochmal",
    "nein",  # a bare refusal is no search word
    "ihn", "ihm",  # the thing named before the verb: "nimm ihn raus"
    "ein", "eine", "einen", "einem", "der", "die", "das", "den", "dem", "mit", "für", "und",
    "oder", "etwas", "bitte", "auch", "nur", "noch", "was", "mir", "ich", "wie", "ist", "es",
    "gibt", "habt", "ihr", "sie", "mehr", "nicht", "kein", "keine", "lieber", "in", "im",
    "ins", "fürs", "zum", "zur", "vom", "beim", "farbe", "größe", "siehe",
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "schenk*", "verschenk*", "mitbringsel", "kleinigkeit*",
    "etwas", "geschenk", "schönes", "schön", "nettes", "suche", "möchte", "hilfe", "helfen",
    "geschenk*", "schön*", "nett*", "empfehl*",
    # a style alone is as vague ("something elegant")
    "elegant*", "schick*", "praktisch*", "originell*",
    "idee", "ideen",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "geburtstag", "geburtstags", "weihnachten", "weihnachtsgeschenk", "weihnachtsgeschenke",
    "valentinstag", "ostern", "jahrestag", "hochzeitstag", "ruhestand", "rente", "abschied",
    "abschiedsgeschenk", "einweihung", "einweihungsparty", "muttertag", "vatertag", "anlass",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("eine idee", "irgendeine idee", "ideen", "was soll ich kaufen",
    "was soll ich schenken", "was würdet ihr", "was würden sie")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "schade", "wie schade", "macht nichts",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "hilf mir", "helft mir", "ich bin ratlos", "ratlos", "mir fällt nichts ein",
    "mir fällt nix ein",
    "keine ahnung", "null plan", "keinen plan", "kein plan", "weiß nicht was", "weiss nicht was",
    "weiß nicht, was",
    "weiss nicht, was", "was soll ich ihm", "was soll ich ihr", "was ich schenken",
    "wo fange ich an", "wo soll ich anfangen", "womit soll ich anfangen", "womit fange ich an")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    # whole words: a compound names a thing ("Gartenschlauch", "Küchenwaage")
    "küche", "kueche", "schlafzimmer", "badezimmer", "bad", "wohnzimmer", "kinderzimmer",
    "zimmer", "flur", "garten", "balkon", "terrasse", "büro", "buero", "zuhause", "wohnung",
    "haus", "hause",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oh", "ach", "och", "ups", "uff", "hmm*", "entschuldigung", "eigentlich", "doch",
    "schade", "dann", "na gut", "naja", "perfekt", "prima", "passt", "super",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = (
    "nein", "nee",
)  # fmt: skip

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "diese",
    "die hier",
    "davon",
    "welche davon",
    "eines davon",
    "einer davon",
    "irgendeins davon",
    "irgendeiner davon",
    "alle davon",
    "gibt es die",
    "sind die",
    "haben die",
    "sie alle",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "gibt es eins, das",
    "gibt es eins das",
    "gibt es einen, der",
    "gibt es einen der",
    "ist eins dabei",
    "welche davon",
    "welches davon",
    "welcher davon",
    "welche von",
    "welches von",
    "welcher von",
    "welche ist",
    "welches ist",
    "welcher ist",
    "gibt es eine",
    # the interrogative with its verb ("which has a hood?")
    "welche hat",
    "welcher hat",
    "welches hat",
    "welche haben",
    "welche sind",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
CONCEPT_ASKS = {
    "dimensions": ("groß", "maße", "breit", "lang", "hoch", "dick", "misst", "abmessungen"),
    "material": ("aus", "woraus", "material", "stoff"),
    "weight": ("schwer", "gewicht"),
    "battery": ("akku", "batterie"),
    "heel": ("absatz", "absätze", "absatzhöhe"),
    "closure": ("verschluss", "verschließen", "schließt", "zumachen", "reißverschluss", "knöpfe"),
    "contents": (
        "lieferumfang",
        "enthalten",
        "dabei",
        "im set",
        "im paket",
        "in der box",
        "mitgeliefert",
    ),
}

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("maße", "größe", "abmessungen", "länge", "breite", "höhe"),
    "material": ("stoff", "baumwolle", "leder", "material", "hergestellt", "stahl", "edelstahl"),
    "weight": ("gewicht",),
    "battery": ("akku", "stunden"),
    "heel": ("absatz", "blockabsatz", "keilabsatz", "cm"),
    "closure": (
        "reißverschluss",
        "knopf",
        "knöpfe",
        "knopfleiste",
        "druckknopf",
        "druckknöpfe",
        "kordelzug",
        "magnetverschluss",
        "verschluss",
        "schnalle",
    ),
    "contents": (
        "enthält",
        "inklusive",
        "lieferumfang",
        "bestehend",
        "besteht",
        "teile",
        "teilig",
        "stück",
    ),
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
COMPOUND_JOINTS = ("es", "en", "s", "n", "e")
COMBINING_PREFIXES = ("elektro", "mini", "mikro")
