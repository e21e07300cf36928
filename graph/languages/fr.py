"""French words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "àâæçéèêëîïôœùûüÿ"  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "bonjour", "bonsoir", "salut", "merci", "je", "cherche", "moins", "cher", "une", "pointure",
    "avec", "pour", "vous", "deuxième", "premier", "première", "dernier", "prends", "marque",
    "autre", "chose", "coucou",
)
PRODUCT_HINTS = (
    "imperméable", "est-elle", "est-il", "panier", "mon", "des", "sac", "veste", "chaussures",
    "bottes", "jupe", "chaussettes", "casque", "écouteurs", "noir", "noire", "rouge", "bleu",
    "bleue", "pantalon", "cadeau", "manteau", "baskets",
)

GREETINGS = ("bonjour", "bonsoir", "salut", "coucou")
GREETING_FILLERS = ("à tous", "tout le monde", "ça va", "comment ça va")
THANKS_AND_BYE = ("merci", "merci beaucoup", "au revoir", "super", "parfait", "ok")
AFFIRMATIVES = ("oui", "oui merci", "oui s'il vous plaît", "d'accord", "volontiers")
AFFIRMATIVE_TAILS = ("merci",)
POLITENESS = ("s'il vous plaît", "s'il te plaît", "svp")

PURCHASE_STRONG = (
    "dans mon panier", "au panier", "je prends", "je le prends", "je la prends",
    "ajouter au panier", "ajoute au panier", "je l'achète", "ajoute-le", "ajoute-la",
    "ajoutez-le", "dans le panier", "je vais prendre", "je vais le prendre",
    "je vais la prendre", "je les prends",
)
PURCHASE_WEAK = ("acheter", "commander", "j'achète")
CART_VIEW = (
    "combien d'articles", "combien de choses", "qu'est-ce qui reste dans mon panier",
    "mon panier", "qu'y a-t-il dans mon panier", "qu'est-ce qu'il y a dans mon panier",
    "voir le panier", "qu'est-ce que j'ai dans mon panier", "que contient mon panier",
    "montre-moi mon panier", "afficher le panier",
)
CART_CLEAR = ("vider le panier", "vide mon panier", "vide le panier", "vider mon panier")
CART_REMOVE = ("retirer", "retire", "enlève", "supprime", "retir*", "enlev*", "supprim*")
CART_REMOVE_APART = (
    "enlève … du panier", "enlevez … du panier", "retire … du panier", "retirez … du panier",
    "sors … du panier",
)
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("remplace-le par", "remplace-la par", "remplacez-le par", "remplacez-la par",
    "remplace … par", "remplacez … par", "échange-le contre", "échange-la contre",
    "échangez-le contre", "échange … contre", "change-le pour", "change-la pour")
CART_WORDS = ("panier", "caddie")
CART_ADD_VERBS = (
    "ajout*", "mets", "mettre", "mettez", "rajout*",
    # not "balance" alone: a kitchen scale
    "balancez", "balance-moi", "balance-le", "balance-la", "balance-les",
)
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("si",)

COMPARE = (
    "comparer", "compare-les", "différence", "lequel est meilleur", "laquelle est meilleure",
    "lequel est le moins cher", "laquelle est la moins chère", "lequel est moins cher",
)
BROWSE = (
    "que vendez-vous", "que vendez vous", "qu'est-ce que vous vendez", "que proposez-vous",
    "quelles catégories", "quelles marques", "catalogue",
)
BRANDS_ASK = ("marques",)
NEED_CUES = (
    "vendez-vous", "vous vendez", "je cherche", "cherche", "j'ai besoin", "je voudrais",
    "je veux", "montre-moi", "montrez-moi", "recommande", "conseille", "avez-vous", "vous avez",
)
ANOTHER_NEED = ("aussi", "maintenant")
CONTINUATIONS = ("et", "et aussi", "aussi", "et puis")
PURPOSE_STARTS = ("pour",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("pour", "avec", "dans", "sur", "au", "en")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("avec",)
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("foncé*", "fonce*", "clair*", "pâle*", "pale*", "vif", "vive")
PURPOSE_NOT_FOR = ("homme", "femme")
QUESTION_STARTS = (
    "est-ce", "est-il", "est-elle", "y a-t-il", "quel", "quelle", "quels", "quelles",
    "comment", "combien", "existe",
    # the other question words
    "qu'est-ce", "quoi", "où", "quand", "pourquoi", "a-t-il", "a-t-elle", "peut-on",
)
EXISTENTIALS = (
    "ce", "il y a", "y a-t-il", "il existe",
    # impersonal: "il me faut des bottes" needs boots, no "il" shown
    "il faut", "il me faut", "il te faut", "il lui faut", "il nous faut", "il vous faut",
    "il leur faut", "il reste", "il vous reste", "il te reste", "il en reste",
    # the weather's "il fait"; "il fait quelle taille ?" measures the product shown
    "il fait froid", "il fait chaud", "il fait beau", "il fait frais", "il fait mauvais",
    "il fait moche", "il fait gris", "il fait nuit", "il fait humide",
)
PRODUCT_ATTRIBUTES = (
    "imperméable", "tailles", "poids", "batterie", "livraison", "disponible",
)
FEATURES = {
    "waterproof": ("imperméable", "déperlant"),
    "breathable": ("respirant",),
    "wireless": ("sans fil", "bluetooth"),
    "noise cancelling": ("réduction de bruit", "réduction du bruit"),
    "washable": ("lavable", "lavable en machine", "nettoyage à sec", "lavage à la main",
                 "laver à la main"),
    "insulated": ("isolé", "isolée"),
    "dishwasher safe": ("lave-vaisselle",),
    "organic": ("bio", "biologique"),
    "recycled": ("recyclé", "recyclée"),
    "adjustable": ("réglable",),
    "packable": ("compressible",),
    "non-slip": ("antidérapant",),
    "warranty": ("garantie",),
}

GIFTS = ("cadeau", "cadeaux", "anniversaire", "offrir", "petit cadeau", "petit quelque chose")
RECIPIENTS = {
    "man": ("mari", "époux", "copain", "petit ami", "papa", "père", "frère", "grand-père",
            "oncle", "lui", "fiancé", "beau-père", "beau-frère", "parrain", "voisin",
            "instituteur", "maître", "maitre", "patron", "cousin", "ami", "collègue",
            "collegue"),
    "woman": ("femme", "épouse", "copine", "petite amie", "maman", "mère", "sœur", "soeur",
            "grand-mère", "tante", "elle", "fiancée", "belle-mère", "belle-mere", "belle-sœur",
            "belle-soeur", "marraine", "voisine", "institutrice", "maîtresse", "maitresse",
            "patronne", "cousine", "amie", "nounou"),
    "boy": ("fils", "neveu", "filleul"),
    "girl": ("fille", "nièce", "filleule"),
    "anyone": ("prof", "profs", "professeur", "professeure", "collègues", "collegues", "coloc",
            "colocataire", "colocataires", "voisins", "beaux-parents", "amis", "copains",
            "copines", "petits-enfants", "instit", "nounous", "atsem", "enfant", "enfants", "gamin",
            "gamins", "gamine"),
}
RECIPIENT_CUES = (
    "mon", "ma", "mes", "pour", "son", "sa", "ses",
    # "for my mom and dad": a second recipient follows a conjunction
    "et", "ou",
)
FOR_MYSELF = ("pour moi", "pour moi-même")

DEICTICS = (
    "ce", "cet", "cette", "ça", "cela", "celui", "celle", "celui-ci", "celle-ci", "celui-là",
)
DESCRIBED_POINTERS = (
    "celui avec", "celle avec", "ceux avec", "celles avec", "celui à", "celle à", "celui aux",
    "celle aux", "celui en", "celle en", "celui de", "celle de",
)
COMPANIONS = (
    "assorti*", "qui va avec", "qui vont avec", "qui aille avec", "coordonné*",
    "même collection", "même série",
    "avec le même", "avec la même",
)
SOMETHING = ("quelque chose", "un truc", "qqch")
INDEFINITES = (
    "un", "une", "des", "un autre", "une autre", "d'autres",
)
DEICTICS_OWN = (
    # "il est en quelle matière ?", "il s'ouvre tout seul ?": the product just shown
    "il", "elle",
    "le", "la", "l'avez", "l'avez-vous", "l'ai", "l'a", "l'existe")
ORDINALS = {
    0: ("premier", "première"),
    1: ("deuxième", "seconde"),
    2: ("troisième",),
    3: ("quatrième",),
    4: ("cinquième",),
    -1: ("dernier", "dernière"),
}
NUMBERED = ("numéro",)
NOT_ORDINAL = ()
RUN_FIRST = ("premiers", "premières")
RUN_LAST = ("derniers", "dernières")
RUN_COUNTS = {"deux": 2, "trois": 3}
EVERY_ONE = {
    "les deux": 2, "tous les deux": 2, "toutes les deux": 2, "les trois": 3,
    "tous les trois": 3, "toutes les trois": 3, "tous": 0, "toutes": 0, "le tout": 0,
}

SOFT_CUES = ("si possible", "de préférence", "idéalement", "peut-être en")
LARGEST = (
    "le plus grand", "la plus grande", "les plus grands", "les plus grandes", "le plus haut",
    "la plus haute", "le plus long", "la plus longue", "le plus large", "la plus large",
    "contient le plus",
    "plus grand*", "plus gros*", "plus long*", "plus larg*", "plus épais*",
)
SMALLEST = (
    "le plus petit", "la plus petite", "les plus petits", "les plus petites", "le plus court",
    "la plus courte", "le plus compact",
    "plus petit*", "plus court*", "plus étroit*", "plus mince*",
)
CHEAPER = (
    "moins cher", "moins chère", "moins chers", "moins chères", "meilleur marché",
    # the other gender, number and case forms
    "moins coûteux", "moins coûteuse", "moins coûteuses", "plus abordable", "plus abordables",
)
PRICIER = ("plus cher", "plus chère", "plus chers", "plus chères", "haut de gamme")
CHEAP = (
    "le moins cher", "la moins chère", "les moins chers", "pas cher", "bon marché",
    # costing the least, said with the verb
    "coûte le moins", "coute le moins", "coûtent le moins",
)
PRICE_ASKS = ("combien", "coûte", "coûtent", "coute", "coutent", "prix", "ça fait", "le total")
TOGETHER = (
    "ensemble", "au total", "en tout", "le tout", "total", "pour les deux", "pour les trois",
)
THAN = ("que",)
DIFFERENCE = ("combien de plus", "combien de moins", "la différence", "la difference")
PLAIN = (
    "normal", "normale", "normaux", "normales", "simple", "simples", "ordinaire", "ordinaires",
    "basique", "basiques", "classique", "classiques",
)
OTHER_BRAND = (
    "autre marque", "autres marques", "pas cette marque", "une autre marque",
    "d'autres marques", "d'une autre marque",
)
BRAND_NEGATIONS = (
    "pas", "sans", "sauf", "aucun*", "non", "hors", "excepté", "autre que", "à part",
)
BRAND_NEGATION_FILLERS = (
    "de", "la", "le", "les", "du", "que", "soit", "soient", "des", "marque", "chez",
)
CONJUNCTIONS = ("ou", "ni", "et")
SOMETHING_ELSE = ("autre chose", "d'autres", "autres")
BIGGER_SIZE = ("taille au-dessus", "taille plus grande")
SMALLER_SIZE = ("taille en dessous", "taille plus petite")
IN_STOCK_ONLY = ("en stock", "seulement disponible", "disponible immédiatement")
OUT_OF_STOCK_OK = (
    r"(?:même|aussi|y compris|également|inclure)\s+(?:les?\s+|si\s+)?(?:produits?\s+)?"
    r"(?:en rupture|épuisé|indisponible)",
)
ON_SALE = ("en solde", "en soldes", "soldes", "promo", "promotion", "en promotion")
BEST_SELLERS = (
    "les plus vendus", "plus vendus", "meilleures ventes", "populaire", "populaires",
)
CLEAR_NAMES = {
    "colors": ("couleur", "couleurs"),
    "brands": ("marque", "marques"),
    "size": ("taille",),
    "price": ("budget", "prix"),
}
CLEAR_BEFORE = (
    "n'importe quelle", "n'importe quel", "peu importe la", "peu importe le", "sans",
    "oublie le", "oubliez le",
)
CLEAR_AFTER = ("peu importe", "importe peu")

QUERY_EDGE_WORDS = (
    "un", "une", "des", "du", "de", "et", "aussi", "avec", "en", "quelque chose", "en fait",
    "mais", "pas", "je", "ma",
    "que", "qui",  # what joins a condition: "des bottes qui ne soient pas Lestrosa"
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "encore",
    "non",  # a bare refusal is no search word
    "un", "une", "des", "le", "la", "les", "en", "avec", "pour", "et", "ou", "de", "du",
    "quelque", "chose", "aussi", "seulement", "plus", "moi", "je", "vous", "avez", "est", "ce",
    "cette", "couleur", "taille", "prix", "l'", "voir",
    "au", "aux", "dans",  # "au panier", "dans le panier"
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "offrir",
    "quelque", "chose", "cadeau", "joli", "jolie", "sympa", "truc", "veux", "cherche", "aide",
    "aider",
    "cadeau*", "quelqu*", "conseill*", "recommand*",
    # a style alone is as vague ("something elegant")
    "élégan*", "elegan*", "chic", "original*", "pratique*",
    "idée*", "idee*",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "anniversaire*", "noël", "noel", "saint-valentin", "valentin", "pâques", "paques",
    "retraite", "départ", "depart", "crémaillère", "cremaillere", "fête*", "fete*", "occasion",
    "mères", "meres", "pères", "peres",  # "la fête des mères"
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("une idée", "une idee", "des idées", "des idees", "quoi acheter", "que prendre",
    "vous auriez", "vous me conseillez")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "dommage", "tant pis", "c'est dommage", "quel dommage", "bon tant pis", "pas grave",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "je sèche", "je seche", "à l'aide", "aidez-moi", "aide-moi", "je suis perdu",
    "je suis perdue", "en panne d'idées", "en panne d'idees",
    "aucune idée", "aucune idee", "sais pas quoi", "sais pas en quoi", "sais pas trop quoi",
    "quoi offrir",
    "quoi lui offrir", "par où commencer", "par ou commencer",
    "par quoi commencer", "par où je commence", "par ou je commence")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "cuisine", "cuisines", "chambre*", "salle", "bain", "bains", "salon", "salons", "séjour",
    "sejour", "jardin", "jardins", "balcon", "balcons", "terrasse*", "maison", "maisons",
    "appartement*", "couloir*", "entrée", "entree",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oh", "ah", "oh là là", "d'accord", "pardon", "mince", "finalement", "en fait",
    "tant pis", "dommage", "alors", "parfait", "génial", "super",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("non",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "ceux-ci",
    "celles-ci",
    "ceux-là",
    "celles-là",
    "parmi eux",
    "parmi elles",
    "parmi ceux-ci",
    "parmi ces",
    "l'un d'eux",
    "l'une d'elles",
    "ils",
    "elles",
    "existent-ils",
    "existent-elles",
    "sont-ils",
    "sont-elles",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "il y en a un qui",
    "il y en a une qui",
    "y en a-t-il un qui",
    "y en a-t-il une qui",
    "y a-t-il un qui",
    "lequel",
    "laquelle",
    "lesquels",
    "lesquelles",
    "l'un d'eux",
    "l'une d'elles",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
# fmt: off
CONCEPT_ASKS = {
    "dimensions": (
        "long", "longue", "large", "haut", "haute", "taille", "dimensions", "grand", "largeur",
        "longueur", "hauteur", "épais", "mesure", "mesures", "mesure-t-il", "mesure-t-elle",
    ),
    "material": ("matière", "tissu", "fait", "faite", "faites", "quoi"),
    "weight": ("poids", "lourd"),
    "battery": ("batterie",),
    "heel": ("talon", "talons"),
    "closure": ("ferme", "fermeture", "ferment", "fermer", "referme", "zip", "boutons"),
    "contents": (
        "inclus", "comprend", "contient", "dans le coffret", "dans la boîte", "dans le lot",
        "fourni", "fournis",
    ),
}
# fmt: on

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("taille", "dimensions", "longueur", "largeur", "hauteur"),
    "material": (
        "coton",
        "cuir",
        "perle",
        "perles",
        "verre",
        "métal",
        "argent",
        "matière",
        "matériau",
        "composition",
        "fabriqué",
        "fabriquée",
        "acier",
    ),
    "weight": ("poids",),
    "battery": ("heures",),
    "heel": ("talon", "compensé", "cm"),
    "closure": (
        "zip",
        "zippé",
        "zippée",
        "bouton",
        "boutons",
        "pression",
        "pressions",
        "cordon",
        "aimanté",
        "aimantée",
        "fermoir",
        "fermeture",
        "boucle",
    ),
    "contents": ("comprend", "inclus", "incluse", "contient", "composé", "composée", "pièces"),
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
COMBINING_PREFIXES = ("électro", "mini", "micro")
