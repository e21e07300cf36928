"""Multilingual word tables for the rule-based understanding in :mod:`graph.rules`.

Tuples of lowercase words and phrases (a space matches any whitespace) in
English, German, French, Spanish, Italian, Croatian and Polish, and the few
helpers that compile them (:func:`phrase_regex`, a trie-shaped regex) or match
against them (:func:`word_keys`). :mod:`graph.rules` compiles the tables once, at
import. Colour, material, gender and size words are not here: they come from
:mod:`sync.enrich`, so a shopper's "schwarz" and a feed's "Noir" meet on "black".

A word ending in ``*`` in :data:`CATEGORY_WORDS` is a stem: it matches any word
that starts with it (Croatian "haljin*" for haljina, haljinu, haljine).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from sync.enrich import trie_regex

# fmt: off
SUPPORTED_LANGUAGES = ("en", "de", "fr", "es", "it", "hr", "pl")

# Words distinctive of one language, used to settle short messages py3langid cannot.
# Words shared by several languages ("hi", "ok", "una", "con") are deliberately left out.
LANGUAGE_HINTS: dict[str, tuple[str, ...]] = {
    "en": ("hello", "thanks", "thank", "the", "please", "cheaper", "show", "need", "want",
           "looking", "under", "what", "which", "is", "it", "this", "that", "one", "with",
           "something", "pricier", "compare", "buy"),
    "de": ("hallo", "danke", "bitte", "ich", "suche", "und", "nicht", "günstiger", "billiger",
           "zeig", "gibt", "ist", "das", "mit", "für", "unter", "bis", "zweite", "erste",
           "teurer", "kaufen", "etwas", "anderes", "marke", "servus", "moin"),
    "fr": ("bonjour", "bonsoir", "salut", "merci", "je", "cherche", "moins", "cher", "une",
           "pointure",
           "avec", "pour", "vous", "deuxième", "premier", "première", "dernier", "prends",
           "marque", "autre", "chose", "coucou"),
    "es": ("hola", "gracias", "busco", "quiero", "más", "barato", "barata", "para", "qué",
           "zapatillas",
           "tienen", "segundo", "segunda", "primero", "último", "compro", "otra", "marca",
           "hasta", "menos", "buenas", "necesito"),
    "it": ("ciao", "grazie", "cerco", "vorrei", "più", "economico", "economica", "cosa", "avete",
           "secondo", "seconda", "primo", "ultimo", "prendo", "altra", "fino", "meno",
           "buongiorno", "buonasera", "voglio"),
    "hr": ("bok", "hvala", "tražim", "trebam", "jeftinije", "imate", "li", "što", "drugi",
           "uzimam", "ispod", "eura", "kuna", "molim", "pozdrav", "želim", "nešto"),
    "pl": ("cześć", "dziękuję", "dzięki", "szukam", "potrzebuję", "tańsze", "tańszy", "czy",
           "dla", "jest", "się", "poniżej", "proszę", "chcę", "biorę", "coś", "dzień", "dobry"),
}
# Product words of one language, for a first message that is only a product ("un sac",
# "kurtka"). Words a shopper could write in English are left out ("robe", "pull", "hose").
PRODUCT_LANGUAGE_HINTS: dict[str, tuple[str, ...]] = {
    "de": ("wasserdicht", "waschen", "warenkorb", "grüne", "grün", "grünen", "yogamatte", "eine",
           "einen", "jacke", "schuhe", "kleid", "tasche", "laufschuhe", "kopfhörer", "schwarz",
           "schwarze", "schwarzen", "turnschuhe", "stiefel", "hemd", "geschenk"),
    "fr": ("imperméable", "est-elle", "est-il", "panier", "mon", "des", "sac", "veste",
           "chaussures", "bottes", "jupe", "chaussettes", "casque", "écouteurs", "noir", "noire",
           "rouge", "bleu", "bleue", "pantalon", "cadeau", "manteau", "baskets"),
    "es": ("impermeables", "lavadora", "carrito", "cesta", "unos", "unas", "chaqueta", "zapatos",
           "zapatillas", "vestido", "mochila", "bolso", "camiseta", "pantalones", "auriculares",
           "rojas", "rojo", "roja", "negras", "botas", "sudadera", "esterilla"),
    "it": ("impermeabile", "lavatrice", "carrello", "scarpe", "giacca", "vestito", "borsa",
           "zaino", "tappetino", "cuffie", "pantaloni", "maglietta", "nero", "nera", "rossa",
           "rosso", "stivali", "felpa"),
    "hr": ("vodootporna", "vodootporan", "košarica", "košarici", "košaricu", "tenisice",
           "haljina", "jakna", "cipele", "slušalice", "hlače", "majica", "ruksak", "crna",
           "crvena", "poklon", "čizme", "jaknu", "haljinu", "torbu"),
    "pl": ("wodoodporna", "wodoodporny", "wodoodporne", "koszyk", "koszyku", "buty", "kurtka",
           "plecak", "sukienka", "spodnie", "słuchawki", "koszulka", "czarne", "czerwona",
           "prezent", "kurtkę", "sukienkę", "bluza", "torebka"),
}

GREETINGS = (
    "hi", "hello", "hey", "hiya", "howdy", "greetings", "good morning", "good afternoon",
    "good evening", "hallo", "guten tag", "guten morgen", "guten abend", "servus", "moin",
    "grüß gott", "grüezi", "bonjour", "bonsoir", "salut", "coucou", "hola", "buenos días",
    "buenos dias", "buenas tardes", "buenas noches", "buenas", "ciao", "buongiorno",
    "buonasera", "salve", "bok", "pozdrav", "dobar dan", "dobro jutro", "dobra večer", "zdravo",
    "hej", "dzień dobry", "cześć", "witam", "witaj", "dobry wieczór",
)
# What may surround a greeting and still leave it only a greeting ("hi there, how are you?").
GREETING_FILLERS = (
    "there", "all", "everyone", "everybody", "team", "again", "folks", "how are you",
    "how's it going", "zusammen", "leute", "wie geht's", "wie geht es", "à tous",
    "tout le monde", "ça va", "comment ça va", "a todos", "qué tal", "que tal", "a tutti",
    "come stai", "come va", "svima", "kako si", "kako ste", "wszystkim", "jak się masz",
)
THANKS_AND_BYE = (
    "thanks", "thank you", "thx", "cheers", "bye", "goodbye", "see you", "ok", "okay", "great",
    "cool", "perfect", "nice", "danke", "vielen dank", "danke schön", "tschüss", "merci",
    "merci beaucoup", "au revoir", "gracias", "muchas gracias", "adiós", "adios", "grazie",
    "grazie mille", "arrivederci", "hvala", "hvala lijepa", "doviđenja", "dziękuję", "dzięki",
    "do widzenia", "super", "genial", "parfait", "perfecto", "perfetto", "odlično", "świetnie",
)
# A bare "yes" to "Shall I add it to your cart?" (the whole message, fillers allowed).
AFFIRMATIVES = (
    # not a bare "ok": it is as often "ok, thanks" after an item was added
    "yes", "yes please", "yeah", "yep", "sure", "please do", "go ahead", "do it", "yes add it",
    "ja", "ja bitte", "gerne", "ja gerne", "klar", "oui",
    "oui merci", "oui s'il vous plaît", "d'accord", "volontiers", "sí", "si", "sí por favor",
    "claro", "vale", "sì", "sì grazie", "certo", "va bene", "da", "da molim", "može", "moze",
    "naravno", "tak", "tak proszę", "poproszę", "jasne", "pewnie",
)
POLITENESS = (
    "please", "pls", "plz", "kindly", "thanks", "thank you", "bitte", "s'il vous plaît",
    "s'il te plaît", "svp", "por favor", "per favore", "per piacere", "molim", "molim vas",
    "molim te", "proszę",
)

# Purchase: strong phrases always mean buying; weak ones only with a product in view.
PURCHASE_STRONG = (
    "add to cart", "add to basket", "add to bag", "add it to", "add them to", "add this to",
    "add that to", "to my cart", "to the cart", "to cart", "into my cart", "to my basket",
    "to the basket", "to my bag", "in my cart", "in my basket", "a mi carrito", "en mi carrito",
    "u moju košaricu", "do mojego koszyka", "in meinen warenkorb", "dans mon panier",
    "nel mio carrello", "nel carrello",
    "into my basket", "au panier", "al carrito", "al carrello",
    "u košaricu", "do koszyka", "i'll take", "i will take", "i'll buy", "i will buy", "checkout",
    "check out", "place an order", "place the order", "order it", "order this", "buy it",
    "buy this", "buy that", "buy them", "in den warenkorb", "ich nehme", "nehme ich",
    "bestellen", "je prends", "je le prends", "je la prends", "ajouter au panier",
    "ajoute au panier", "je l'achète", "lo compro", "la compro", "me lo llevo", "me la llevo",
    "añadir al carrito", "añade al carrito", "lo prendo", "la prendo", "aggiungi al carrello",
    "uzimam", "kupujem", "dodaj u košaricu", "naručujem", "biorę", "kupuję", "dodaj do koszyka",
    "zamawiam", "add it", "add this", "add that", "add them", "add this one", "add that one",
    "füge es hinzu", "ajoute-le", "ajoute-la", "ajoutez-le", "añádelo", "añádela",
    "aggiungilo", "aggiungila", "dodaj ga", "dodaj to", "dodaj je",
)
# The cart itself: look at it, take something out, empty it (checked before purchases).
CART_VIEW = (
    "what's in my cart", "what is in my cart", "whats in my cart", "what's in my basket",
    "what is in my basket", "show me my cart", "show my cart", "show the cart", "view cart",
    "view my cart", "my cart", "my basket", "cart total", "what's my total", "what is my total",
    "was ist im warenkorb", "was ist in meinem warenkorb", "mein warenkorb", "warenkorb zeigen",
    "zeig mir den warenkorb", "mon panier", "qu'y a-t-il dans mon panier",
    "qu'est-ce qu'il y a dans mon panier", "voir le panier", "mi carrito", "ver el carrito",
    "qué hay en mi carrito", "que hay en mi carrito", "il mio carrello", "cosa c'è nel carrello",
    "vedi carrello", "moja košarica", "što je u košarici", "sto je u kosarici", "mój koszyk",
    "co jest w koszyku", "pokaż koszyk", "what's in the cart", "what is in the cart",
    "what do i have in my cart", "what have i got in my cart", "what's in the basket",
    "was habe ich im warenkorb", "zeig mir meinen warenkorb", "warenkorb anzeigen",
    "qu'est-ce que j'ai dans mon panier", "que contient mon panier", "montre-moi mon panier",
    "afficher le panier", "qué tengo en el carrito", "que tengo en el carrito",
    "qué tengo en mi carrito", "que tengo en mi carrito", "qué hay en el carrito",
    "que hay en el carrito", "muéstrame el carrito", "muéstrame mi carrito", "ver mi carrito",
    "cosa c'è nel mio carrello", "cosa ho nel carrello", "cosa ho nel mio carrello",
    "mostrami il carrello", "fammi vedere il carrello", "vedi il carrello", "co mam w koszyku",
    "co jest w moim koszyku", "pokaż mój koszyk", "zawartość koszyka", "mi cesta",
    "ver mi cesta", "ver la cesta", "qué hay en mi cesta", "qué tengo en la cesta",
    "što je u mojoj košarici", "sto je u mojoj kosarici", "što imam u košarici",
    "sto imam u kosarici", "pokaži košaricu", "prikaži košaricu",
)
# The purpose after the item: "headphones for running", "Kopfhörer zum Laufen".
PURPOSE_RE = re.compile(
    r"(?<!\w)(?:for|für|zum|zur|pour|para|per|za|dla)\s+(?!(?:men|women|kids|him|her|me|"
    r"damen|herren|kinder|homme|femme|hombre|mujer|uomo|donna|muškarce|žene|mężczyzn|kobiet)\b)"
)
# Words that open another need rather than narrow the last one.
ANOTHER_NEED_RE = re.compile(
    r"(?<![\w'])(?:also|another|now|as well|too|auch|noch|jetzt|aussi|maintenant|también|"
    r"ahora|anche|adesso|ora|također|sada|też|teraz)(?![\w'])"
)
CART_WORD_RE = re.compile(
    r"(?<!\w)(?:cart|basket|bag|warenkorb|panier|carrito|carrello|košaric\w*|kosaric\w*|"
    r"koszyk\w*)(?!\w)"
)
# A message with these adds to the cart even when it names the cart ("add it to my cart").
CART_ADD_VERB_RE = re.compile(
    r"(?<!\w)(?:add|put|place|take|buy|order|want|like|ajout\w*|mets|mettre|añad\w*|"
    r"pon|ponlo|ponla|agrega\w*|agréga\w*|aggiung\w*|"
    r"metti|dodaj\w*|stavi|leg\w*|nehm\w*|pack\w*|włóż)(?!\w)"
)
# Browsing the brands rather than the categories.
BRANDS_ASK_RE = re.compile(
    r"(?<!\w)(?:brands|marken|marques|marcas|marche|marchi|marke|marki)(?!\w)"
)
CART_CLEAR = (
    "empty my cart", "empty the cart", "clear my cart", "clear the cart", "empty my basket",
    "clear my basket", "remove everything", "start over with the cart", "warenkorb leeren",
    "leere den warenkorb", "vider le panier", "vide mon panier", "vaciar el carrito",
    "vacía el carrito", "svuota il carrello", "isprazni košaricu", "opróżnij koszyk",
    "vacía mi carrito", "vaciar mi carrito", "borra mi carrito", "leere meinen warenkorb",
    "meinen warenkorb leeren", "vide le panier", "vider mon panier", "svuota il mio carrello",
    "isprazni moju košaricu", "opróżnij mój koszyk", "wyczyść koszyk",
)
CART_REMOVE = (
    "remove it", "remove that", "remove this", "remove the", "take it out", "take that out",
    "delete it", "remove from my cart", "remove from the cart", "don't want it", "entfernen",
    "entferne", "nimm es raus", "retirer", "retire", "enlève", "supprime", "quitar", "quita",
    "elimina", "eliminar", "rimuovi", "togli", "ukloni", "izbaci", "usuń", "wyjmij",
    "quítalo", "quítala", "quítalos", "quítalas", "sácalo", "sácala", "eliminalo",
    "elimínalo", "toglilo", "toglila", "rimuovilo", "rimuovila", "entferne es",
)
# "2 of the second one", "three of them", "add 2": how many to add.
QUANTITY_RE = re.compile(
    r"(?<![\w.,])(?P<n>[1-9]\d?|two|three|four|five|six|zwei|drei|vier|fünf|deux|trois|quatre|"
    r"cinq|dos|tres|cuatro|cinco|due|tre|quattro|cinque|dva|dvije|tri|četiri|pet|dwa|dwie|trzy|"
    r"cztery|pięć)\s+(?:of\s+(?:the|them|those|it)|x\b|pieces?|pcs|pairs?|units?|stück|"
    r"exemplaires|unidades|pezzi|komada|sztuki|von\s+(?:dem|der|den)|de\s+(?:la|le|los|las)|"
    r"di\s+(?:quell|quest)|od\s+)"
)
NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "zwei": 2, "drei": 3, "vier": 4,
    "fünf": 5, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dos": 2, "tres": 3, "cuatro": 4,
    "cinco": 5, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "dva": 2, "dvije": 2, "tri": 3,
    "četiri": 4, "pet": 5, "dwa": 2, "dwie": 2, "trzy": 3, "cztery": 4, "pięć": 5,
}  # fmt: skip
PURCHASE_WEAK = (
    "buy", "purchase", "order", "kaufen", "kaufe", "acheter", "commander", "j'achète", "comprar",
    "compro", "comprare", "kupiti", "naručiti", "kupić", "zamówić",
)
COMPARE = (
    "compare", "comparison", "difference between", "differences between", "what's the difference",
    "what is the difference", "vs", "vs.", "versus", "which is better", "which one is better",
    "better than", "vergleiche", "vergleichen", "vergleich", "unterschied", "was ist besser",
    "welche ist besser", "welcher ist besser", "welches ist besser", "comparer", "compare-les",
    "différence", "lequel est meilleur", "laquelle est meilleure", "comparar", "compara",
    "diferencia", "cuál es mejor", "cual es mejor", "confronta", "confrontare", "differenza",
    "qual è meglio", "quale è migliore", "qual è il migliore", "usporedi", "usporediti",
    "usporedba", "razlika", "koji je bolji", "koja je bolja", "što je bolje", "porównaj",
    "porównanie", "różnica", "który jest lepszy", "która jest lepsza",
    # "which is cheaper?" asks among the cards shown; it does not search for cheaper ones
    "which is cheaper", "which one is cheaper", "which is the cheapest",
    "which one is the cheapest", "which one costs less", "welches ist günstiger",
    "welcher ist günstiger", "welche ist günstiger", "welches ist billiger",
    "lequel est le moins cher", "laquelle est la moins chère", "lequel est moins cher",
    "cuál es más barato", "cual es mas barato", "cuál es más barata", "cuál es el más barato",
    "quale costa meno", "quale è più economico", "qual è più economico", "koji je jeftiniji",
    "koja je jeftinija", "koji je najjeftiniji", "który jest tańszy", "która jest tańsza",
    "który jest najtańszy",
)
BROWSE = (
    "what do you sell", "what do you have", "what do you offer", "what kind of products",
    "what kinds of products", "what products", "what categories", "which categories",
    "your categories", "your catalog", "your catalogue", "the catalog", "the catalogue",
    "browse", "what brands", "which brands", "what can i buy", "what's available",
    "the categories", "your brands", "list the brands", "show me the brands", "all brands",
    "was verkauft ihr", "was verkaufen sie", "was habt ihr", "was haben sie", "was bietet ihr",
    "welche kategorien", "welche marken", "katalog", "sortiment", "que vendez-vous",
    "que vendez vous", "qu'est-ce que vous vendez", "que proposez-vous", "quelles catégories",
    "quelles marques", "catalogue", "qué vendéis", "que vendeis", "qué venden", "qué tienen",
    "qué categorías", "qué marcas", "catálogo", "cosa vendete", "che cosa vendete",
    "cosa avete", "quali categorie", "quali marche", "catalogo", "što prodajete",
    "sto prodajete", "što imate", "koje kategorije", "koje marke", "ponuda", "co sprzedajecie",
    "co macie", "jakie kategorie", "jakie marki", "asortyment",
)
# Words and phrases that ask for products (a need) rather than only adjust one.
NEED_CUES = (
    "looking for", "look for", "i need", "i'd like", "i would like", "i want", "searching for",
    "search for", "show me", "find me", "recommend", "suggest", "do you have", "have you got",
    "do you sell", "do you carry", "do you stock", "verkauft ihr", "verkaufen sie",
    "führt ihr", "führen sie", "vendez-vous", "vous vendez", "vendéis", "venden",
    "vendete", "prodajete li", "prodajete", "sprzedajecie", "czy sprzedajecie",
    "ich suche", "suche", "ich brauche", "brauche",
    "ich möchte", "ich hätte gern", "zeig mir", "zeigen sie mir", "empfiehl", "empfehlen",
    "habt ihr", "haben sie", "je cherche", "cherche", "j'ai besoin",
    "je voudrais", "je veux", "montre-moi", "montrez-moi", "recommande", "conseille",
    "avez-vous", "vous avez", "busco", "estoy buscando", "necesito", "quiero",
    "quisiera", "me gustaría", "muéstrame", "enséñame", "recomienda", "recomiéndame",
    "tenéis", "tienen", "cerco", "sto cercando", "ho bisogno", "vorrei", "voglio",
    "mostrami", "fammi vedere", "consiglia", "consigliami", "avete", "tražim", "trebam",
    "treba mi", "želim", "htio bih", "htjela bih", "pokaži mi", "preporuči", "preporučite",
    "imate li", "szukam", "potrzebuję", "chcę", "chciałbym", "chciałabym",
    "pokaż mi", "poleć", "polećcie", "macie",
)
# Needs that stay in the semantic query ("a gift for my mom").
GIFTS = (
    "gift", "gifts", "present", "birthday", "geschenk", "geschenke", "geburtstag", "cadeau",
    "cadeaux", "anniversaire", "regalo", "regali", "cumpleaños", "compleanno", "poklon",
    "dar", "rođendan", "prezent", "urodziny",
)
# Who a gift is for says which fit it must not have: a women's dress is no gift for "my
# husband", a kids' jacket none for "my wife". Products without a gender (a speaker, a
# mug) stay. A child ("my son") may wear kids' or adult sizes, so only the other sex goes.
# Read only after a possessive or "for" ("for my husband", "dla męża", "pour ma femme"):
# "Mann", "femme", "mujer" alone are product genders, which sync.enrich reads.
_NOT_FOR_MAN = ("women", "kids")
_NOT_FOR_WOMAN = ("men", "kids")
RECIPIENTS: dict[tuple[str, ...], tuple[str, ...]] = {
    _NOT_FOR_MAN: (
        "husband", "boyfriend", "dad", "daddy", "father", "brother", "grandpa", "grandad",
        "granddad", "grandfather", "uncle", "fiance", "fiancé", "him", "mari", "époux",
        "copain", "petit ami", "papa", "père", "frère", "grand-père", "oncle", "lui", "mann",
        "ehemann", "vater", "bruder", "opa", "großvater", "onkel", "ihn", "marido", "esposo",
        "novio", "papá", "padre", "hermano", "abuelo", "tío", "él", "marito", "fidanzato",
        "papà", "fratello", "nonno", "zio", "muž", "muža", "mužu", "suprug", "dečko",
        "dečka", "tata", "tatu", "tati", "otac", "oca", "brat", "brata", "djed", "djeda",
        "njega", "mąż", "męża", "mężowi", "chłopak", "chłopaka", "taty", "tatę", "tacie",
        "ojciec", "ojca", "dziadek", "dziadka", "niego",
    ),
    _NOT_FOR_WOMAN: (
        "wife", "girlfriend", "mom", "mum", "mommy", "mummy", "mother", "sister", "grandma",
        "granny", "grandmother", "aunt", "fiancee", "fiancée", "her", "femme", "épouse",
        "copine", "petite amie", "maman", "mère", "sœur", "soeur", "grand-mère", "tante",
        "elle", "frau", "ehefrau", "freundin", "mutter", "mama", "schwester", "oma",
        "großmutter", "esposa", "mujer", "novia", "mamá", "madre", "hermana", "abuela",
        "tía", "ella", "moglie", "fidanzata", "mamma", "sorella", "nonna", "zia", "lei",
        "žena", "ženu", "ženi", "suprugu", "cura", "curu", "djevojka", "djevojku", "mamu",
        "mami", "majka", "majku", "sestra", "sestru", "baka", "baku", "teta", "tetu", "nju",
        "żona", "żony", "żonę", "żonie", "dziewczyna", "dziewczyny", "dziewczynę", "mamy",
        "mamę", "mamie", "matka", "matki", "siostra", "siostry", "siostrę", "babcia",
        "babci", "babcię", "ciocia", "cioci", "niej",
    ),
    ("women",): (
        "son", "nephew", "grandson", "boy", "fils", "neveu", "sohn", "neffe", "enkel",
        "freund", "hijo", "sobrino", "nieto", "amigo", "figlio", "nipote", "amico", "sin",
        "sina", "nećak", "unuk", "syn", "syna", "wnuk", "wnuka",
    ),
    ("men",): (
        "daughter", "niece", "granddaughter", "girl", "fille", "nièce", "tochter", "nichte",
        "enkelin", "hija", "sobrina", "nieta", "amiga", "figlia", "amica", "kći", "kćer",
        "kćeri", "nećakinja", "unuka", "córka", "córki", "córkę", "wnuczka", "wnuczki",
    ),
}
# The shopper buying for themselves again.
FOR_MYSELF = (
    "for me", "for myself", "myself", "für mich", "für mich selbst", "pour moi",
    "pour moi-même", "para mí", "para mí mismo", "para mí misma", "per me", "za mene",
    "za sebe", "dla mnie", "dla siebie",
)
RECIPIENT_CUES = (
    "my", "for", "to", "mon", "ma", "mes", "pour", "mein", "meine", "meinen", "meinem",
    "meiner", "für", "mi", "mis", "para", "mio", "mia", "per", "moj", "moja", "moju",
    "mojoj", "mog", "mojeg", "mojem", "za", "mój", "moją", "mojej", "mojego", "mojemu",
    "dla", "his", "her", "our", "son", "sa", "ses",
    # "for my mom and dad": a second recipient follows a conjunction
    "and", "or", "&", "et", "ou", "und", "oder", "y", "o", "e", "i", "ili", "oraz", "lub",
)  # fmt: skip

QUESTION_STARTS = (
    "is", "are", "does", "do", "can", "could", "will", "would", "what", "which", "how", "where",
    "has", "have", "ist", "sind", "hat", "haben", "gibt es", "kann", "wie", "welche", "welcher",
    "welches", "est-ce", "est-il", "est-elle", "y a-t-il", "quel", "quelle", "quels",
    "quelles", "comment", "combien", "existe", "está", "tiene", "hay", "cuál", "cuáles", "qué",
    "cómo", "cuánto", "cuánta", "è", "c'è", "quale", "quali", "come", "quanto", "quanta",
    "je li", "ima li", "da li", "koji", "koja", "koje", "kako", "koliko", "czy", "jaki", "jaka",
    "jakie", "ile",
)
# Asking about a product's properties (with a question form, a product question).
PRODUCT_ATTRIBUTES = (
    "waterproof", "water resistant", "water-resistant", "material", "made of", "made from",
    "sizes", "size chart", "fit", "fits", "warranty", "battery", "weight", "weigh",
    "dimensions", "available in", "come in", "comes in", "colours", "colors", "delivery",
    "shipping", "returns", "reviews", "rating", "in stock", "machine washable", "washable",
    "wasserdicht", "größen", "gewicht", "garantie", "akku", "lieferung", "erhältlich",
    "verfügbar", "imperméable", "tailles", "poids", "batterie", "livraison", "disponible",
    "impermeable", "tallas", "peso", "garantía", "batería", "envío", "impermeabile", "taglie",
    "garanzia", "batteria", "spedizione", "disponibile", "vodootporan", "vodootporna",
    "vodootporno", "veličine", "težina", "jamstvo", "baterija", "dostava", "dostupan",
    "dostupna", "dostupno", "wodoodporny", "wodoodporna", "wodoodporne", "rozmiary", "waga",
    "gwarancja", "bateria", "dostawa", "dostępny", "dostępna", "dostępne",
)
# "the first two", "les deux premiers", "prva dva": a run of cards from either end.
RUN_FIRST = ("first", "top", "ersten", "premiers", "premières", "primeros", "primeras",
             "primi", "prime", "prva", "prve", "prvih", "pierwsze", "pierwszych", "pierwsza")
RUN_LAST = ("last", "letzten", "derniers", "dernières", "últimos", "últimas", "ultimi",
            "ultime", "zadnja", "zadnje", "zadnjih", "posljednja", "ostatnie", "ostatnich")
RUN_COUNTS = {
    "2": 2, "two": 2, "both": 2, "beiden": 2, "zwei": 2, "deux": 2, "dos": 2, "due": 2,
    "dva": 2, "dvije": 2, "dwa": 2, "dwie": 2, "3": 3, "three": 3, "drei": 3, "trois": 3,
    "tres": 3, "tre": 3, "tri": 3, "trzy": 3,
}
# Features a shopper asks about one product ("is it waterproof?"), answered from its
# description. Each concept's words in the seven languages; the description is searched for
# any of them (a German feed says "wasserdicht"), and the sentence is quoted, never judged.
FEATURES: dict[str, tuple[str, ...]] = {
    "waterproof": (
        "waterproof", "water-resistant", "water resistant", "water-repellent",
        "water repellent", "wasserdicht", "wasserabweisend", "imperméable", "déperlant",
        "impermeable", "impermeables", "impermeabile", "idrorepellente", "vodootporan",
        "vodootporna", "vodootporno", "vodootporne", "vodoodbojan", "vodoodbojna",
        "wodoodporny", "wodoodporna", "wodoodporne", "wodoszczelny", "wodoszczelna",
    ),
    "breathable": (
        "breathable", "atmungsaktiv", "respirant", "respirante", "transpirable",
        "traspirante", "prozračan", "prozračna", "prozračno", "oddychający", "oddychająca",
    ),
    "wireless": (
        "wireless", "bluetooth", "cordless", "kabellos", "sans fil", "inalámbrico",
        "inalámbricos", "inalámbrica", "senza fili", "bežični", "bežične", "bežično",
        "bezprzewodowy", "bezprzewodowe", "bezprzewodowa",
    ),
    "noise cancelling": (
        "noise cancelling", "noise-cancelling", "noise canceling", "noise-canceling", "anc",
        "geräuschunterdrückung", "réduction de bruit", "réduction du bruit",
        "cancelación de ruido", "cancellazione del rumore", "poništavanje buke",
        "redukcja szumów", "redukcją szumów",
    ),
    "washable": (
        "machine washable", "washable", "machine wash", "waschbar", "maschinenwaschbar",
        "in der maschine waschen", "waschmaschine", "lavable", "lavable en machine",
        "lavar en lavadora", "lavar a máquina", "lavadora", "lavabile", "lavatrice",
        "perivo", "periva", "periv", "perilici", "perilica rublja", "można prać", "pralce",
        "pralka",
    ),
    "insulated": (
        "insulated", "insulation", "gefüttert", "isoliert", "isolé", "isolée", "aislado",
        "aislante", "imbottito", "isolato", "izoliran", "izolirana", "ocieplany",
        "ocieplana", "ocieplane",
    ),
    "dishwasher safe": (
        "dishwasher safe", "dishwasher-safe", "dishwasher", "spülmaschinenfest",
        "spülmaschine", "lave-vaisselle", "lavavajillas", "lavastoviglie",
        "perilica posuđa", "perilici posuđa", "zmywarka", "zmywarce", "zmywarki",
    ),
    "organic": (
        "organic", "bio", "biologique", "orgánico", "orgánica", "biologico", "biologica",
        "organski", "organska", "organiczny", "organiczna", "ekologiczny", "ekologiczna",
    ),
    "recycled": (
        "recycled", "recycelt", "recyceltem", "recycelten", "recyclé", "recyclée",
        "reciclado", "reciclada", "riciclato", "riciclata", "recikliran", "reciklirana",
        "z recyklingu",
    ),
    "adjustable": (
        "adjustable", "verstellbar", "réglable", "ajustable", "regolabile", "podesiv",
        "podesiva", "regulowany", "regulowana",
    ),
    "packable": (
        "packable", "packs into", "packs down", "verstaubar", "compressible", "plegable",
        "comprimibile", "sklopiv", "składany", "składana",
    ),
    "non-slip": (
        "non-slip", "non slip", "anti-slip", "rutschfest", "antidérapant", "antideslizante",
        "antiscivolo", "protuklizn", "protuklizna", "antypoślizgowy", "antypoślizgowa",
    ),
    "warranty": (
        "warranty", "guarantee", "garantie", "garantía", "garanzia", "jamstvo", "garancija",
        "gwarancja", "gwarancją", "gwarancji",
    ),
}  # fmt: skip
# Words that point at something already in view ("is it ...", "that one").
DEICTICS = (
    "it", "this", "that", "these", "those", "them", "this one", "that one", "the one",
    "das", "dies", "diese", "dieser", "dieses", "diesen", "ihn", "ce", "cet", "cette", "ça",
    "cela", "celui", "celle", "celui-ci", "celle-ci", "celui-là", "este", "esta", "ese", "esa",
    "esto", "eso", "questo", "questa", "quello", "quella", "questi", "queste", "ovaj", "ova",
    "ovo", "ovu", "taj", "onaj", "tog", "ten", "tego", "tę", "tamten",
)
# Deictics only when the message is in this language ("to" is English "to").
DEICTICS_BY_LANGUAGE: dict[str, tuple[str, ...]] = {
    "en": ("one",), "hr": ("to", "ta", "tu"), "pl": ("to", "ta", "te"),
    "fr": ("le", "la", "l'avez", "l'avez-vous", "l'ai", "l'a", "l'existe"),
    "es": ("lo", "la"), "it": ("lo", "la", "l'avete", "ce l'avete", "ce l'hai"),
    "de": ("es", "sie"),
}

# 0-based position -> ordinal words (-1: the last one).
ORDINALS: dict[int, tuple[str, ...]] = {
    0: ("first", "1st", "erste", "erster", "erstes", "ersten", "erstem", "premier", "première",
        "primero", "primera", "primer", "primo", "prima", "prvi", "prva", "prvo", "prvu", "prvog",
        "prvoj", "pierwszy", "pierwsza", "pierwsze", "pierwszą", "pierwszego"),
    1: ("second", "2nd", "zweite", "zweiter", "zweites", "zweiten", "zweitem", "deuxième",
        "seconde", "segundo", "segunda", "secondo", "seconda", "drugi", "druga", "drugo", "drugu",
        "drugog", "drugoj", "drugie", "drugą", "drugiego"),
    2: ("third", "3rd", "dritte", "dritter", "drittes", "dritten", "troisième", "tercero",
        "tercera", "tercer", "terzo", "terza", "treći", "treća", "treće", "treću", "trećeg",
        "trzeci", "trzecia", "trzecie", "trzecią"),
    3: ("fourth", "4th", "vierte", "vierter", "viertes", "vierten", "quatrième", "cuarto",
        "cuarta", "quarto", "quarta", "četvrti", "četvrta", "četvrtu", "czwarty", "czwarta",
        "czwarte"),
    4: ("fifth", "5th", "fünfte", "fünfter", "fünftes", "fünften", "cinquième", "quinto",
        "quinta", "peti", "peta", "petu", "piąty", "piąta", "piąte"),
    -1: ("last", "last one", "letzte", "letzter", "letztes", "letzten", "dernier", "dernière",
         "último", "última", "ultimo", "ultima", "zadnji", "zadnja", "zadnju", "zadnje",
         "posljednji", "posljednja", "posljednju", "ostatni", "ostatnia", "ostatnie", "ostatnią"),
}
# "Number 2", "option 2", "#2".
NUMBERED = ("number", "no.", "nr.", "nr", "option", "item", "product", "nummer", "numéro",
            "número", "numero", "broj", "br.", "numer", "#")
# Ordinal words that are something else in these phrases ("secondo me" = in my opinion).
NOT_ORDINAL = (
    "secondo me", "secondo te", "prima di", "prima che", "nešto drugo", "nesto drugo",
    "drugi brend", "drugu marku", "druga marka", "drugi proizvođač", "drugo nešto",
    "a second", "one second", "last time", "last year", "at last", "first time",
)

CHEAPER = (
    "cheaper", "less expensive", "more affordable", "lower price", "lower priced", "cheaper ones",
    "günstiger", "billiger", "preiswerter", "moins cher", "moins chère", "moins chers",
    "moins chères", "meilleur marché", "más barato", "más barata", "más baratos", "más baratas",
    "más económico", "más económica", "mas barato", "mas barata", "più economico",
    "più economica", "più economici", "meno caro", "meno cara", "meno costoso", "jeftinije",
    "jeftiniji", "jeftinija", "jeftinije", "povoljnije", "tańsze", "tańszy", "tańsza", "tańszego",
    "tańszą",
    # the other gender, number and case forms
    "günstigere", "günstigeren", "günstigeres", "günstigerer", "billigere", "billigeren",
    "billigeres", "preiswertere", "preiswerteren", "moins coûteux", "moins coûteuse",
    "moins coûteuses", "plus abordable", "plus abordables", "más económicos", "más económicas",
    "mas baratos", "mas baratas", "mas económico", "mas económica", "menos caro", "menos cara",
    "menos caros", "menos caras", "más asequible", "más asequibles", "più economiche",
    "meno cari", "meno care", "meno costosa", "meno costosi", "meno costose",
    "più conveniente", "più convenienti", "jeftiniju", "jeftinijeg", "jeftinijih", "jeftinijem",
    "jeftinijim", "jeftinijoj", "povoljniji", "povoljnija", "povoljniju", "povoljnijeg",
    "povoljnijih", "tańsi", "tańszych", "tańszej", "tańszym", "tańszymi",
)
PRICIER = (
    "pricier", "more expensive", "higher end", "higher-end", "more premium", "better quality",
    "teurer", "teurere", "hochwertiger", "plus cher", "plus chère", "plus chers", "plus chères",
    "haut de gamme", "más caro", "más cara", "más caros", "más caras", "mas caro", "più caro",
    "più cara", "più costoso", "più costosa", "skuplje", "skuplji", "skuplja", "droższe",
    "droższy", "droższa",
)
CHEAP = (
    "cheap", "cheapest", "the cheapest", "lowest price", "lowest priced", "least expensive",
    "am günstigsten", "günstigste", "günstigsten", "billigste", "billigsten", "le moins cher",
    "la moins chère", "les moins chers", "el más barato", "la más barata", "los más baratos",
    "il più economico", "la più economica", "i più economici", "najjeftiniji", "najjeftinija",
    "najjeftinije", "najtańszy", "najtańsza", "najtańsze",
    "budget", "affordable", "inexpensive", "low cost", "günstig", "günstige",
    "günstigen", "billig", "billige", "preiswert", "pas cher", "bon marché", "barato", "barata",
    "baratos", "baratas", "económico", "económica", "economico", "economica", "economici",
    "jeftin", "jeftina", "jeftino", "jeftine", "povoljan", "povoljna", "tani", "tania", "tanie",
    "tanią",
)
OTHER_BRAND = (
    "not that brand", "not this brand", "other brands", "another brand", "different brand",
    "different brands", "a different brand", "other brand", "not from that brand",
    "andere marke", "andere marken", "nicht diese marke", "nicht von dieser marke",
    "eine andere marke", "autre marque", "autres marques", "pas cette marque",
    "une autre marque", "otra marca", "otras marcas", "no esa marca", "no de esa marca",
    "altra marca", "altre marche", "non quella marca", "non questa marca", "drugi brend",
    "druga marka", "drugu marku", "drugi proizvođač", "ne taj brend", "ne ta marka",
    "inna marka", "inne marki", "innej marki", "nie ta marka", "nie tej marki",
    # a phrase may not follow an apostrophe ("un'altra"): the elided article is written out
    "di un'altra marca", "un'altra marca", "di un altro marchio", "un altro marchio",
    "altro marchio", "di altri marchi", "altri marchi", "di altre marche", "d'altra marca",
    "d'autres marques", "d'une autre marque", "de otra marca",
    "von einer anderen marke", "einer anderen marke", "von anderen marken", "anderen marke",
    "anderer marke", "druge marke", "drugog brenda", "drugi brand",
    "inną markę", "innych marek",
)
SOMETHING_ELSE = (
    "something else", "anything else", "other options", "more options", "show me more",
    "more like this", "others", "different ones", "etwas anderes", "andere", "noch mehr",
    "autre chose", "d'autres", "autres", "otra cosa", "otros", "otras", "más opciones",
    "qualcos'altro", "qualcosa di diverso", "altri", "altre", "nešto drugo", "nesto drugo",
    "druge", "drugačije", "coś innego", "inne", "więcej",
)
BIGGER_SIZE = (
    "bigger size", "larger size", "size up", "a size up", "one size up", "a size bigger",
    "a size larger", "eine nummer größer", "größere größe", "taille au-dessus",
    "taille plus grande", "talla más grande", "una talla más", "taglia più grande",
    "taglia in più", "veći broj", "veća veličina", "veću veličinu", "większy rozmiar",
)
SMALLER_SIZE = (
    "smaller size", "size down", "a size down", "one size down", "a size smaller",
    "eine nummer kleiner", "kleinere größe", "taille en dessous", "taille plus petite",
    "talla más pequeña", "una talla menos", "taglia più piccola", "taglia in meno",
    "manji broj", "manja veličina", "manju veličinu", "mniejszy rozmiar",
)
IN_STOCK_ONLY = (
    "only in stock", "in stock only", "in-stock only", "only available", "available now",
    "that are in stock", "nur auf lager", "auf lager", "nur verfügbare", "sofort lieferbar",
    "en stock", "seulement disponible", "disponible immédiatement", "en existencias",
    "solo disponibles", "con stock", "disponibile subito", "solo disponibili", "in magazzino",
    "na zalihi", "na stanju", "samo dostupne", "dostępne od ręki", "w magazynie",
    "tylko dostępne",
)
# Regex sources (rules.py compiles them): the shopper accepts sold-out products.
OUT_OF_STOCK_OK = (
    r"(?:don'?t|do not|doesn'?t|does not|never) (?:mind|care)\b.{0,30}?"
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)",
    r"(?:include|including|incl\.?|also|even|show|with)\s+(?:the\s+|those\s+)?(?:\w+\s+)?"
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)",
    r"(?:auch|egal ob|inklusive|inkl\.?|mit)\s+(?:\w+\s+)?(?:ausverkauft|nicht (?:vorrätig|"
    r"verfügbar|lieferbar|auf lager))",
    r"(?:même|aussi|y compris|également|inclure)\s+(?:les?\s+|si\s+)?(?:produits?\s+)?"
    r"(?:en rupture|épuisé|indisponible)",
    r"(?:incluso|también|aunque|incluyendo|incluir)\s+(?:los\s+|las\s+|estén?\s+)?"
    r"(?:agotad|sin stock|sin existencias|no disponible)",
    r"(?:anche|inclusi|incluso|compresi)\s+(?:quell[ie]\s+|gli\s+|i\s+)?(?:esaurit|non disponibil)",
    r"(?:i|također|čak i|uključujući)\s+(?:one\s+|proizvode\s+)?(?:rasprodan|nedostupn|"
    r"kojih nema)",
    r"(?:również|także|też|nawet|łącznie z)\s+(?:\w+\s+)?(?:niedostępn|wyprzedan)",
    r"(?:nije|nie) (?:bitno|važne|ważne).{0,20}?(?:zalih|dostęp|stanju)",
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)(?:\s+(?:ones|items|products|too))?\s+"
    r"(?:is|are)\s+(?:fine|ok|okay|alright|all right|good)",
)
# Clearing a constraint: "any colour", "forget the budget", "the brand doesn't matter".
# Each key: the words that name it; CLEAR_BEFORE / CLEAR_AFTER say it no longer applies.
CLEAR_NAMES: dict[str, tuple[str, ...]] = {
    "colors": ("colour", "color", "colours", "colors", "farbe", "farben", "couleur",
               "couleurs", "colore", "colori", "boja", "boje", "boju", "kolor", "kolory"),
    "brands": ("brand", "brands", "make", "marke", "marken", "marque", "marques", "marca",
               "marcas", "marchio", "marchi", "marka", "marke", "marki"),
    "size": ("size", "sizes", "größe", "grösse", "taille", "talla", "taglia", "veličina",
             "veličinu", "rozmiar"),
    "price": ("budget", "price", "prices", "price limit", "price range", "preis", "preislimit",
              "prix", "presupuesto", "precio", "prezzo", "cijena", "cijenu", "budžet", "cena",
              "budżet"),
}  # fmt: skip
CLEAR_BEFORE = (
    "any", "whatever", "every", "all", "no preference on", "no preference for",
    "don't care about the", "don't care about", "dont care about the", "dont care about",
    "do not care about the", "do not care about", "forget the", "forget about the",
    "forget about", "forget", "ignore the", "ignore", "drop the", "drop", "remove the",
    "remove", "never mind the", "no", "without", "without a", "without the", "jede", "jeder",
    "jedes", "beliebige", "beliebiger", "egal welche", "egal welcher", "egal welches", "ohne",
    "vergiss das", "vergiss die", "vergiss den", "n'importe quelle", "n'importe quel",
    "peu importe la", "peu importe le", "sans", "oublie le", "oubliez le", "cualquier",
    "sin", "olvida el", "olvida la", "da igual el", "da igual la", "qualsiasi", "qualunque",
    "senza", "non importa il", "non importa la", "dimentica il", "bilo koja", "bilo koji",
    "bilo koju", "bez", "zaboravi", "dowolny", "dowolna", "obojętnie jaki", "obojętnie jaka",
    "zapomnij o",
)
CLEAR_AFTER = (
    "doesn't matter", "does not matter", "dont matter", "don't matter", "is not important",
    "isn't important", "is not an issue", "egal", "ist egal", "spielt keine rolle", "peu importe",
    "importe peu", "da igual", "no importa", "non importa", "svejedno", "je svejedno",
    "nije bitna", "nije bitan", "nije bitno", "nie ma znaczenia", "obojętny", "bez znaczenia",
)
ON_SALE = (
    "on sale", "sale", "discount", "discounted", "on offer", "special offer", "deal", "deals",
    "reduced", "clearance", "im angebot", "angebot", "angebote", "reduziert", "rabatt",
    "im sale", "en solde", "en soldes", "soldes", "promo", "promotion", "en promotion",
    "en oferta", "oferta", "ofertas", "rebajas", "rebajado", "rebajada", "descuento",
    "in offerta", "offerta", "offerte", "saldi", "scontato", "scontata", "sconto",
    "na popustu", "popust", "akcija", "na akciji", "sniženo", "snižene", "w promocji",
    "promocja", "przecena", "przecenione", "wyprzedaż", "rabat",
)
# Phrases for a "best sellers" collection; a facet collection is picked by its name.
BEST_SELLERS = (
    "best sellers", "best seller", "bestsellers", "bestseller", "best-sellers", "best-seller",
    "best selling", "best-selling", "top sellers", "top seller", "popular", "most popular",
    "bestseller", "beliebt", "beliebteste", "beliebtesten", "meistverkauft", "meistverkaufte",
    "les plus vendus", "plus vendus", "meilleures ventes", "populaire", "populaires",
    "más vendidos", "más vendidas", "mas vendidos", "populares", "più venduti", "più vendute",
    "popolari", "najprodavanije", "najprodavaniji", "najpopularnije", "popularno",
    "najpopularniejsze", "bestsellery", "najczęściej kupowane", "popularne",
)
# Words matched in facet collection names that mean "best sellers".
BEST_SELLER_NAMES = ("best seller", "bestseller", "best-seller", "top seller", "popular")

# A message that is only an amount ("50", "about 80 €"): the answer to the budget question.
LONE_AMOUNT_RE = re.compile(
    r"\s*(?:(?:about|around|max|up to|under|ca\.?|etwa|environ|unos|circa|oko|około)\s+)?"
    r"(?:us\$|\$|€|£)?\s?\d+(?:[.,]\d{1,2})?\s*(?:[a-zł€$£.]{1,8})?\s*[.!]?\s*"
)
# Words dropped from the ends of the semantic query.
QUERY_EDGE_WORDS = (
    "a", "an", "some", "any", "the", "for", "me", "please", "ein", "eine", "einen", "einige",
    "un", "une", "des", "du", "de", "unos", "unas", "una", "uno", "algún", "alguna", "dei",
    "delle", "degli", "neki", "neku", "nekoliko", "jakiś", "jakąś", "jakieś", "i", "and", "und",
    "et", "y", "e", "also", "auch", "aussi", "también", "anche", "također", "też", "with",
    "mit", "avec", "con", "s", "sa", "z", "in", "im", "en", "u", "w", "to", "is", "are",
    "something", "anything", "etwas", "quelque chose", "algo", "qualcosa", "nešto", "coś",
    "actually", "eigentlich", "en fait", "en realidad", "in realtà", "zapravo", "właściwie",
    "ones", "one", "i'm", "i am", "but", "not", "aber", "nicht", "mais", "pas", "pero", "ma",
    "ali", "ale", "nie", "ne", "ich", "je", "yo", "io", "ja", "mi", "my", "meine", "ma",
)
# Filler that carries no product need (what remains after extraction must not be only these).
STOPWORDS = (
    "a", "an", "the", "in", "on", "at", "for", "with", "and", "or", "of", "to", "some",
    "something", "anything", "any", "one", "ones", "me", "my", "i", "i'm", "im", "you", "it",
    "this", "that", "these", "those", "them", "they", "do", "does", "have", "has", "is", "are",
    "also", "just", "only", "more", "less", "but", "not", "no", "what", "about", "how", "maybe",
    "nope", "nah", "nein", "non", "nie", "ne",  # a bare refusal is no search word
    "can", "could", "would", "show", "get", "please", "still", "now", "then", "there", "here",
    "like", "same", "again", "ok", "okay", "yes", "instead", "rather", "version", "size",
    "color", "colour", "price", "item", "items", "product", "products", "model", "models",
    "ein", "eine", "einen", "einem", "der", "die", "das", "den", "dem", "mit", "für", "und",
    "oder", "etwas", "bitte", "auch", "nur", "noch", "was", "mir", "ich", "wie", "ist", "es",
    "gibt", "habt", "ihr", "sie", "mehr", "nicht", "kein", "keine", "lieber", "in", "im",
    "farbe", "größe", "un", "une", "des", "le", "la", "les", "en", "avec", "pour", "et", "ou",
    "de", "du", "quelque", "chose", "aussi", "seulement", "plus", "moi", "je", "vous", "avez",
    "est", "ce", "cette", "couleur", "taille", "prix", "una", "unos", "unas", "el", "los",
    "las", "con", "para", "y", "o", "del", "algo", "también", "solo", "más", "yo", "tienes",
    "hay", "lo", "color", "talla", "precio", "uno", "il", "gli", "i", "e", "di", "della",
    "qualcosa", "anche", "più", "mi", "ce", "l'", "colore", "taglia", "prezzo", "u", "na",
    "s", "sa", "za", "ili", "od", "do", "nešto", "neki", "neku", "samo", "više", "me", "ja",
    "li", "je", "boja", "boji", "veličina", "cijena", "w", "z", "ze", "dla", "lub", "albo",
    "coś", "jakiś", "tylko", "więcej", "mnie", "czy", "kolor", "rozmiar", "cena", "wie",
    "siehe", "voir", "ver", "vedere", "one's", "option", "options", "choice", "alternative",
)

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


# --- matching helpers (compile the tables above) ------------------------------------------------

_EDGE = r"(?:(?<![\w'])|(?![\w']))"  # a word boundary wherever the phrase has a word character


def phrase_regex(words: Iterable[str], *, at_end: bool = False) -> re.Pattern[str]:
    """A compiled regex for whole words and phrases (lowercase text).

    Args:
        words: Words or phrases; a word boundary applies at each end that is a
            letter or digit, so "vs." and "<" work as well as "under".
        at_end: Match only at the end of the text (trailing whitespace allowed):
            for qualifiers just before an amount.

    Returns:
        The pattern.
    """
    pattern = _EDGE + "(?:" + trie_regex(set(words)) + ")" + _EDGE
    return re.compile(pattern + r"\s*$" if at_end else pattern)


def fold(text: str) -> str:
    """Lowercase without accents, for matching names: 'Vêtements' -> 'vetements'."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def singular(word: str) -> str:
    """A cheap English singular: dresses -> dress, accessories -> accessory, shoes -> shoe."""
    if len(word) <= 3 or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


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
    if len(single) >= 3 and word not in STOPWORD_SET and folded not in STOPWORD_SET:
        keys.add(single)
    return frozenset(keys)


def asked_keys(word: str) -> frozenset[str]:
    """:func:`word_keys` of a word in a shopper's message, with :data:`ASKED_ALSO`."""
    keys = word_keys(word)
    return keys | ASKED_ALSO.get(singular(fold(word)), frozenset())


# --- compiled tables (used by graph.rules) -------------------------------------------------------

GREETING_RE = phrase_regex(GREETINGS)
GREETING_FILLER_RE = phrase_regex(GREETING_FILLERS)
THANKS_RE = phrase_regex(THANKS_AND_BYE)
POLITE_RE = phrase_regex(POLITENESS)
PURCHASE_STRONG_RE = phrase_regex(PURCHASE_STRONG)
CART_VIEW_RE = phrase_regex(CART_VIEW)
CART_CLEAR_RE = phrase_regex(CART_CLEAR)
CART_REMOVE_RE = phrase_regex(CART_REMOVE)
PURCHASE_WEAK_RE = phrase_regex(PURCHASE_WEAK)
COMPARE_RE = phrase_regex(COMPARE)
BROWSE_RE = phrase_regex(BROWSE)
NEED_RE = phrase_regex(NEED_CUES)
GIFT_RE = phrase_regex(GIFTS)
FOR_MYSELF_RE = phrase_regex(FOR_MYSELF)
AFFIRMATIVE_RE = re.compile(
    r"^\W*" + phrase_regex(AFFIRMATIVES).pattern + r"(?:[\s,]+(?:please|bitte|merci|gracias|"
    r"grazie|hvala|dzięki|thanks|thank you))?\W*$"
)
_RECIPIENT_WORD = {word: genders for genders, words in RECIPIENTS.items() for word in words}
RECIPIENT_WORDS = frozenset(_RECIPIENT_WORD)
#: Words that say who a need is for, not what it is ("für meinen Mann", "dla żony").
WHO_WORDS = (
    RECIPIENT_WORDS
    | frozenset(RECIPIENT_CUES)
    | frozenset(w for phrase in FOR_MYSELF for w in phrase.split())
)
#: A recipient word after a possessive or "for" (one or two cue words: "for my").
RECIPIENT_RE = re.compile(
    _EDGE
    + "(?:"
    + trie_regex(set(RECIPIENT_CUES))
    + r")\s+(?:(?:"
    + trie_regex(set(RECIPIENT_CUES))
    + r")\s+)?(?P<who>"
    + trie_regex(set(_RECIPIENT_WORD))
    + ")(?:'s)?"
    + _EDGE
)


def recipients(text: str) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """The product genders a gift for the person ``text`` names must not have, and where.

    "a jacket for my husband" -> ("women", "kids"); "für meine Tochter" -> ("men",);
    no recipient, or recipients of both sexes ("for my mom and dad") -> (). The spans
    are the recipients' words ("femme" in "ma femme" is a wife, not a product gender).
    """
    found: set[tuple[str, ...]] = set()
    spans = []
    for m in RECIPIENT_RE.finditer(text):
        # French "son" is "his/her" ("pour son anniversaire"): the English word only
        # counts after a possessive ("for my son")
        if m.group("who") == "son" and not re.search(r"\b(?:my|his|her|our)\s+son", m.group()):
            continue
        found.add(_RECIPIENT_WORD[m.group("who")])
        spans.append(m.span("who"))
    return (next(iter(found)) if len(found) == 1 else ()), spans


QUESTION_START_RE = re.compile(r"^[\W\d_]*" + phrase_regex(QUESTION_STARTS).pattern)
ATTRIBUTE_RE = phrase_regex(PRODUCT_ATTRIBUTES)
_RUN_END = phrase_regex((*RUN_FIRST, *RUN_LAST)).pattern
_RUN_COUNT = phrase_regex(RUN_COUNTS).pattern
#: "first two" or "two first": the end (group "end") and how many (group "n").
RUN_RE = re.compile(
    rf"(?P<end>{_RUN_END})\s+(?P<n>{_RUN_COUNT})|(?P<n2>{_RUN_COUNT})\s+(?P<end2>{_RUN_END})"
)


def card_run(text: str, count: int) -> list[int]:
    """Positions of "the first two" / "the last three" of ``count`` cards, else []."""
    match = RUN_RE.search(text)
    if not match or count < 2:
        return []
    end = match.group("end") or match.group("end2")
    n = min(RUN_COUNTS[match.group("n") or match.group("n2")], count)
    return list(range(count - n, count)) if end in RUN_LAST else list(range(n))


_FEATURE_OF = {word: concept for concept, words in FEATURES.items() for word in words}
FEATURE_RE = phrase_regex(_FEATURE_OF)
FEATURE_TEXT_RE = {concept: phrase_regex(words) for concept, words in FEATURES.items()}


def features_asked(text: str) -> list[tuple[str, str]]:
    """``(concept, the shopper's word)`` for each feature a message asks about, in order."""
    found: dict[str, str] = {}
    for match in FEATURE_RE.finditer(text.lower()):
        found.setdefault(_FEATURE_OF[match.group()], match.group())
    return list(found.items())


DEICTIC_RE = phrase_regex(DEICTICS)
DEICTIC_BY_LANGUAGE_RE = {lang: phrase_regex(w) for lang, w in DEICTICS_BY_LANGUAGE.items()}
ORDINAL_INDEX = {word: index for index, words in ORDINALS.items() for word in words}
ORDINAL_RE = phrase_regex(ORDINAL_INDEX)
NUMBERED_RE = re.compile(
    r"(?:" + "|".join(re.escape(word) for word in NUMBERED) + r")\s*(\d{1,2})(?!\d)"
)
NOT_ORDINAL_RE = phrase_regex(NOT_ORDINAL)
CHEAPER_RE = phrase_regex(CHEAPER)
PRICIER_RE = phrase_regex(PRICIER)
CHEAP_RE = phrase_regex(CHEAP)
OTHER_BRAND_RE = phrase_regex(OTHER_BRAND)
SOMETHING_ELSE_RE = phrase_regex(SOMETHING_ELSE)
CLEAR_RES = {
    key: re.compile(
        r"(?:(?:" + phrase_regex(CLEAR_BEFORE).pattern + r")\s+(?:(?:the|a|my|of|on|in)\s+)?"
        r"(?:" + phrase_regex(names).pattern + r")(?:\s+(?:preferences?|limit|range))?"
        r"(?:\s+(?:is|are))?(?:\s+(?:fine|ok|okay))?"
        r"|(?:(?:the|my|die|der|das|la|le|el|il)\s+)?(?:" + phrase_regex(names).pattern + r")"
        r"\s+(?:" + phrase_regex(CLEAR_AFTER).pattern + r"))"
    )
    for key, names in CLEAR_NAMES.items()
}
BIGGER_RE = phrase_regex(BIGGER_SIZE)
SMALLER_RE = phrase_regex(SMALLER_SIZE)
IN_STOCK_RE = phrase_regex(IN_STOCK_ONLY)
OUT_OF_STOCK_OK_RE = re.compile("|".join(f"(?:{source})" for source in OUT_OF_STOCK_OK))
ON_SALE_RE = phrase_regex(ON_SALE)
BEST_SELLERS_RE = phrase_regex(BEST_SELLERS)
STOPWORD_SET = frozenset(STOPWORDS)
PRODUCT_UPDATE_IGNORED = ("query", "sort")
EDGE_WORDS = frozenset(QUERY_EDGE_WORDS)
WORD_LANGUAGE = {
    word: lang
    for table in (PRODUCT_LANGUAGE_HINTS, LANGUAGE_HINTS)
    for lang, words in table.items()
    for word in words
}

BRAND_NEGATION_END = re.compile(
    r"(?<!\w)(?:not|no|nothing|without|except|excluding|other than|anything but|nicht|kein\w*|"
    r"ohne|außer|ausser|pas|sans|sauf|aucun\w*|sin|excepto|salvo|non|senza|tranne|eccetto|ne|"
    r"bez|osim|nie|oprócz|poza)\s+(?:(?:from|by|von|de|di|od|the|any|that|a|la|le|les|el|los|"
    r"il|da|du)\s+)*$"
)
BRAND_CHAIN_RE = re.compile(r"\s*(?:,|/|or|nor|and|oder|und|ou|ni|et|o|y|e|ili|i|lub|albo)\s*$")
LETTER_SIZE_RE = re.compile(r"(?<![\w-])(xxs|xs|xxxl|xxl|xl|[234]xl)(?![\w-])")
LONE_SIZE_RE = re.compile(r"(?<!\w)(?:in|en|u|w|taille|talla|taglia|size)\s+([SML])(?!\w)")
SIZE_PHRASE_RE = re.compile(
    r"(?<!\w)(?:(?:in\s+)?(?:size|größe|grösse|gr\.|taille|talla|taglia|rozmiar|veličin\w*|"
    r"velicin\w*|broj)\s*:?\s*(?:eu\s*)?(?:\d{2}(?:[.,]5)?|[23]?x{0,3}[sml])|"
    r"(?:in\s+)?(?:xxs|xs|xxxl|xxl|xl|[234]xl))(?!\w)"
)
# Sizes as shoppers write them that a product's text rarely does: "EU 42", "pointure 42",
# "size 10", "US 10" (the catalogue's sizes are EU or letters: a US size simply matches none).
_SHOPPER_SIZE_WORD = (
    r"(?:(?:shoe\s+)?size|größe|grösse|schuhgröße|schuhgrösse|gr\.|taille|pointure|talla|"
    r"taglia|rozmiar|veličin\w*|velicin\w*|размер\w*|розмір\w*)\s*:?\s*"
)
# "Nummer 2" / "número 2" / "broj 2" is usually "the second one": only a shoe size after them.
_NUMBER_WORD = r"(?:número|numero|nummer|numer|broj)\s*:?\s*"
_SHOE_SIZE = r"(?:1[6-9]|[2-4]\d|50)(?:[.,]5)?"
SHOPPER_SIZE_RE = re.compile(
    r"(?<!\w)(?:in\s+)?(?:(?:" + _SHOPPER_SIZE_WORD + r")?(?P<system>eu|us|uk)\s*(?P<num>"
    r"\d{1,2}(?:[.,]5)?)|"
    + _SHOPPER_SIZE_WORD
    + r"(?P<bare>\d{1,2}(?:[.,]5)?)|"
    + _NUMBER_WORD
    + r"(?P<shoe>"
    + _SHOE_SIZE
    + r")|"
    # "in a 9", "I'm a 9.5": a number after "a" that ends the sentence
    + r"a\s+(?P<a>(?:1[0-5]|3[5-9]|4[0-8]|[3-9])(?:[.,]5)?)(?=\s*(?:[!?;]|[.,](?!\d)|$))|"
    # jeans by waist and length: "W32 L34", "w32/l32", "W30"
    + r"(?P<wl>w\d{2}(?:\s*/?\s*l\d{2})?))"
    r"(?!\w|[.,]\d|\s*(?:%|cm|mm|inch|\"))"
)
# More of what is being sought, narrowed: "waterproof ones", "do you have them in red",
# "a lighter one", "something shorter" (ordinals like "the first one" are references).
ANAPHORA_RE = re.compile(
    r"(?<![\w'])(?:ones|them\s+in|(?:a|an)\s+(?:\w+\s+){1,2}one|(?:something|anything)\s+"
    r"\w{3,}er)(?![\w'])"
)
THE_X_ONE_RE = re.compile(r"(?<!\w)the\s+\w+\s+ones?(?!\w)")
WORD_RE = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
GIBT_ES_RE = re.compile(r"(?<!\w)(?:gibt es|gibt's|hay|c'è|ce|il y a)(?!\w)")


#: Words that say nothing about *what* to buy: a need made only of these is too vague to
#: search well, so the elicitor asks first (who it is for, the occasion, filler).
VAGUE_WORDS = frozenset(
    """something anything stuff thing things nice good great cool gift gifts present presents
    idea ideas recommend suggest suggestion whatever really please want need looking buy
    for my the and some mom mum mother dad father wife husband friend friends girlfriend
    boyfriend kids kid son daughter him her them someone somebody birthday christmas
    anniversary etwas geschenk quelque chose cadeau algo regalo qualcosa nešto poklon coś
    prezent""".split()
)
