"""Spanish words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = "áéíñóúü"  # its letters beyond a-z (lowercase)
MARKS = "¿¡"  # opening question and exclamation marks
TITLE_KIND = "first"  # the kind a title names first is the product's own
LANGUAGE_HINTS = (
    "hola", "gracias", "busco", "quiero", "más", "barato", "barata", "para", "qué", "zapatillas",
    "tienen", "segundo", "segunda", "primero", "último", "compro", "otra", "marca", "hasta",
    "menos", "buenas", "necesito",
)
PRODUCT_HINTS = (
    "impermeables", "lavadora", "carrito", "cesta", "unos", "unas", "chaqueta", "zapatos",
    "zapatillas", "vestido", "mochila", "bolso", "camiseta", "pantalones", "auriculares",
    "rojas", "rojo", "roja", "negras", "botas", "sudadera", "esterilla",
)

GREETINGS = (
    "hola", "buenos días", "buenos dias", "buenas tardes", "buenas noches", "buenas",
)
GREETING_FILLERS = ("a todos", "qué tal", "que tal")
THANKS_AND_BYE = (
    "gracias", "muchas gracias", "adiós", "adios", "genial", "perfecto", "super", "ok",
)
AFFIRMATIVES = ("sí", "si", "sí por favor", "claro", "vale")
AFFIRMATIVE_TAILS = ("gracias",)
POLITENESS = ("por favor",)

PURCHASE_STRONG = (
    "a mi carrito", "en mi carrito", "al carrito", "lo compro", "la compro", "me lo llevo",
    "me la llevo", "añadir al carrito", "añade al carrito", "añádelo", "añádela",
    "en el carrito", "a la cesta", "en la cesta", "me llevo", "me los llevo", "me las llevo",
    "me quedo con", "me lo quedo", "me la quedo", "me los quedo", "me las quedo", "los compro",
    "las compro",
)
PURCHASE_WEAK = ("comprar", "compro")
CART_VIEW = (
    "cuántas cosas", "cuantas cosas", "cuántos artículos", "cuantos articulos",
    "mi carrito", "ver el carrito", "qué hay en mi carrito", "que hay en mi carrito",
    "qué tengo en el carrito", "que tengo en el carrito", "qué tengo en mi carrito",
    "que tengo en mi carrito", "qué hay en el carrito", "que hay en el carrito",
    "muéstrame el carrito", "muéstrame mi carrito", "ver mi carrito", "mi cesta",
    "ver mi cesta", "ver la cesta", "qué hay en mi cesta", "qué tengo en la cesta",
)
CART_CLEAR = (
    "vaciar el carrito", "vacía el carrito", "vacía mi carrito", "vaciar mi carrito",
    "borra mi carrito",
)
CART_REMOVE = (
    "quitar", "quita", "elimina", "eliminar", "quítalo", "quítala", "quítalos", "quítalas",
    "sácalo", "sácala", "eliminalo", "elimínalo",
    "quit*", "elimin*",
)
CART_REMOVE_APART = ("saca … del carrito", "quita … del carrito", "sácame … del carrito")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("cámbialo por", "cambialo por", "cámbiala por", "cambiala por", "cámbielo por",
    "cambia … por", "cámbiame … por", "reemplázalo por", "reemplazalo por", "reemplázala por",
    "reemplaza … por", "sustitúyelo por", "sustituye … por")
CART_WORDS = ("carrito", "cesta")  # "mete en la cesta": the shop's basket, like "basket"
CART_ADD_VERBS = (
    "añad*", "pon", "ponlo", "ponla", "agrega*", "agréga*",
    "mete", "metelo", "mételo", "metela", "métela", "echa", "échalo", "échala",
)
INFINITIVE_MARKERS = ()
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("si",)

COMPARE = (
    "comparar", "compara", "diferencia", "cuál es mejor", "cual es mejor", "cuál es más barato",
    "cual es mas barato", "cuál es más barata", "cuál es el más barato",
)
BROWSE = (
    "qué vendéis", "que vendeis", "qué venden", "qué tienen", "qué categorías", "qué marcas",
    "catálogo",
)
BRANDS_ASK = ("marcas",)
NEED_CUES = (
    "vendéis", "venden", "busco", "estoy buscando", "necesito", "quiero", "quisiera",
    "me gustaría", "muéstrame", "enséñame", "recomienda", "recomiéndame", "tenéis", "tienen",
)
ANOTHER_NEED = ("también", "ahora")
CONTINUATIONS = ("y", "y también", "también", "además")
PURPOSE_STARTS = ("para",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("para", "con", "en")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("con",)
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("oscur*", "clar*", "pálid*", "vivo", "viva")
PURPOSE_NOT_FOR = ("hombre", "mujer")
QUESTION_STARTS = (
    "existe", "está", "tiene", "hay", "cuál", "cuáles", "qué", "cómo", "cuánto", "cuánta",
    # the plural, and typed without accents: "¿de cuántos hilos son?", "cuanto cuesta"
    "cuántos", "cuántas", "cuanto", "cuanta", "cuantos", "cuantas", "cual", "cuales",
    # the other question words; "que" (typed without its accent) is also "that", so only in
    # a phrase
    "de que", "que tal", "dónde", "cuándo", "quién", "tienen", "tenéis", "sirve",
)
EXISTENTIALS = ("hay",)
PRODUCT_ATTRIBUTES = (
    "impermeable", "tallas", "peso", "garantía", "batería", "envío", "disponible",
)
FEATURES = {
    "waterproof": ("impermeable", "impermeables"),
    "breathable": ("transpirable", "respirante"),
    "wireless": ("inalámbrico", "inalámbricos", "inalámbrica", "bluetooth"),
    "noise cancelling": ("cancelación de ruido",),
    "washable": ("lavable", "lavar en lavadora", "lavar a máquina", "lavadora", "lavado en seco",
                 "lavar a mano"),
    "insulated": ("aislado", "aislante"),
    "dishwasher safe": ("lavavajillas",),
    "organic": ("orgánico", "orgánica"),
    "recycled": ("reciclado", "reciclada"),
    "adjustable": ("ajustable",),
    "packable": ("plegable",),
    "non-slip": ("antideslizante",),
    "warranty": ("garantía",),
}

GIFTS = ("regalo", "cumpleaños", "regalar", "detalle", "detallito", "obsequio")
RECIPIENTS = {
    "man": ("marido", "esposo", "novio", "papá", "padre", "hermano", "abuelo", "tío", "él",
            "profesor", "maestro", "compañero", "companero", "jefe", "vecino", "suegro",
            "cuñado", "cunado", "primo", "padrino"),
    "woman": ("esposa", "mujer", "novia", "mamá", "madre", "hermana", "abuela", "tía", "ella",
            "profesora", "maestra", "compañera", "companera", "jefa", "vecina", "suegra",
            "cuñada", "cunada", "prima", "madrina", "seño"),
    "boy": ("hijo", "sobrino", "nieto", "amigo", "ahijado"),
    "girl": ("hija", "sobrina", "nieta", "amiga", "ahijada"),
    "anyone": ("profe", "compañeros", "companeros", "compañeras", "compis", "compi", "vecinos",
            "suegros", "amigos", "amigas", "nietos", "primos", "anfitriones", "niños", "crío",
            "crio", "peque", "peques", "hijos"),
}
RECIPIENT_CUES = (
    "mi", "mis", "para",
    # "for my mom and dad": a second recipient follows a conjunction
    "y", "o",
)
FOR_MYSELF = ("para mí", "para mí mismo", "para mí misma")

DEICTICS = ("este", "esta", "ese", "esa", "esto", "eso")
DESCRIBED_POINTERS = (
    "el de", "la de", "los de", "las de", "el con", "la con", "el que tiene", "la que tiene",
)
COMPANIONS = (
    "a juego", "que combine*", "haga juego", "hagan juego", "misma colección",
    "misma serie", "con el mismo", "con la misma",
)
SOMETHING = ("algo", "alguna cosa")
INDEFINITES = (
    "un", "una", "unos", "unas", "algún", "alguna", "otro", "otra",
)
DEICTICS_OWN = ("lo", "la", "se")  # "¿se abre solo?": the product shown, unnamed
ORDINALS = {
    0: ("primero", "primera", "primer"),
    1: ("segundo", "segunda"),
    2: ("tercero", "tercera", "tercer"),
    3: ("cuarto", "cuarta"),
    4: ("quinto", "quinta"),
    -1: ("último", "última"),
}
NUMBERED = ("número", "numero")
NOT_ORDINAL = ()
RUN_FIRST = ("primeros", "primeras")
RUN_LAST = ("últimos", "últimas")
RUN_COUNTS = {"dos": 2, "tres": 3}
EVERY_ONE = {
    "las dos cosas": 2, "los dos": 2, "las dos": 2, "ambos": 2, "ambas": 2, "los tres": 3,
    "las tres": 3, "las tres cosas": 3, "todos": 0, "todas": 0,
}

SOFT_CUES = ("si es posible", "si puede ser", "preferiblemente", "a ser posible", "idealmente")
LARGEST = (
    "el más grande", "la más grande", "los más grandes", "las más grandes", "el mas grande",
    "la mas grande", "el más alto", "la más alta", "el más largo", "la más larga", "el más ancho",
    "la más ancha", "más capacidad",
    "más grande*", "mas grande*", "más larg*", "más anch*", "más gord*", "mas gord*", "más grues*",
)
SMALLEST = (
    "el más pequeño", "la más pequeña", "el mas pequeño", "la mas pequeña", "el más corto",
    "la más corta", "el más chico", "la más chica",
    "más pequeñ*", "mas pequeñ*", "más cort*", "más estrech*", "más delgad*",
)
CHEAPER = (
    "más barato", "más barata", "más baratos", "más baratas", "más económico", "más económica",
    "mas barato", "mas barata",
    # the other gender, number and case forms
    "más económicos", "más económicas", "mas baratos", "mas baratas", "mas económico",
    "mas económica", "menos caro", "menos cara", "menos caros", "menos caras", "más asequible",
    "más asequibles",
)
PRICIER = ("más caro", "más cara", "más caros", "más caras", "mas caro")
CHEAP = (
    "el más barato", "la más barata", "los más baratos", "barato", "barata", "baratos",
    "baratas", "económico", "económica",
    # costing the least, said with the verb
    "cuesta menos", "cuestan menos", "sale más barata", "sale más barato",
)
PRICE_ASKS = (
    "cuánto", "cuanto", "cuánta", "cuesta", "cuestan", "precio", "vale", "valen", "el total",
)
TOGETHER = (
    "todo junto", "juntos", "juntas", "en total", "total", "por todo", "por los dos",
    "por las dos", "por los tres", "por las tres",
)
THAN = ("que",)
DIFFERENCE = ("cuánto más", "cuanto más", "cuanto mas", "cuánto menos", "la diferencia")
PLAIN = (
    "normal", "normales", "sencillo", "sencilla", "sencillos", "sencillas", "simple", "simples",
    "básico", "básica", "basico", "basica",
)
OTHER_BRAND = (
    "otra marca", "otras marcas", "no esa marca", "no de esa marca", "de otra marca",
)
BRAND_NEGATIONS = ("no", "sin", "excepto", "salvo", "menos", "fuera de", "nada de")
BRAND_NEGATION_FILLERS = ("de", "la", "el", "los", "sea", "sean", "marca", "las", "del")
CONJUNCTIONS = ("o", "y", "ni")
SOMETHING_ELSE = ("otra cosa", "otros", "otras", "más opciones")
BIGGER_SIZE = ("talla más grande", "una talla más")
SMALLER_SIZE = ("talla más pequeña", "una talla menos")
IN_STOCK_ONLY = ("en existencias", "solo disponibles", "con stock", "en stock")
OUT_OF_STOCK_OK = (
    r"(?:incluso|también|aunque|incluyendo|incluir)\s+(?:los\s+|las\s+|estén?\s+)?"
    r"(?:agotad|sin stock|sin existencias|no disponible)",
)
ON_SALE = (
    "en oferta", "oferta", "ofertas", "rebajas", "rebajado", "rebajada", "descuento", "promo",
)
BEST_SELLERS = ("más vendidos", "más vendidas", "mas vendidos", "populares")
CLEAR_NAMES = {
    "colors": ("color",),
    "brands": ("marca", "marcas"),
    "size": ("talla",),
    "price": ("presupuesto", "precio"),
}
CLEAR_BEFORE = (
    "cualquier", "sin", "olvida el", "olvida la", "da igual el", "da igual la",
)
CLEAR_AFTER = ("da igual", "no importa")

QUERY_EDGE_WORDS = (
    "un", "unos", "unas", "una", "uno", "algún", "alguna", "de", "y", "también", "con", "en",
    "algo", "en realidad", "pero", "yo", "mi",
    "que",  # what joins a condition: "botines que no sean Lestrosa"
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "todavía", "todavia",
    "no",  # a bare refusal is no search word
    "una", "unos", "unas", "el", "los", "las", "con", "para", "y", "o", "del", "algo",
    "también", "solo", "más", "yo", "tienes", "hay", "lo", "color", "talla", "precio", "uno",
    "un", "la", "de", "en", "ver", "me", "mi", "por",
    "al",  # a + el: "al carrito"
)
VAGUE_WORDS = (
    # giving, said as a verb or a small thing ("offrir", "ein Mitbringsel")
    "detalle", "detallito", "obsequi*",
    "algo", "regalo", "cosa", "bonito", "bonita", "bonitos", "bonitas", "lindo", "linda",
    "quiero", "busco", "ayuda", "ayudar", "ayúdame",
    "regal*", "recomiend*", "recomend*",
    # a style alone is as vague ("something elegant")
    "elegante*", "original*", "práctic*", "practic*",
    "idea*",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "cumpleaños", "cumpleanos", "navidad*", "san", "valentín", "valentin", "pascua",
    "aniversario", "jubilación", "jubilacion", "despedida", "ocasión", "ocasion",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("alguna idea", "alguna sugerencia", "qué compro", "que compro", "qué me recomiendas",
    "que me recomiendas")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "qué pena", "que pena", "lástima", "lastima", "qué lástima", "que lastima",
    "no pasa nada",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "ayúdame", "ayudame", "ayudadme", "estoy perdido", "estoy perdida",
    "no se me ocurre nada",
    "ni idea", "no sé qué", "no se qué", "no se que", "no sé en qué", "no se en que",
    "no sé en que", "qué regalar", "que regalar",
    "qué regalarle", "que regalarle", "por dónde empezar", "por donde empezar", "no tengo idea",
    "por dónde empiezo", "por donde empiezo", "por qué empezar")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "cocina", "cocinas", "dormitorio*", "habitación", "habitacion", "habitaciones", "baño",
    "bano", "baños", "salón", "salon", "sala", "jardín", "jardin", "jardines", "balcón",
    "balcon", "terraza*", "oficina*", "casa", "casas", "hogar", "despacho",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "ok*", "oh", "ah", "uy", "ay", "vale", "bueno", "perdón", "perdon", "vaya",
    "pensándolo bien", "mejor", "qué pena", "que pena", "lástima", "lastima", "pues",
    "entonces", "perfecto", "genial", "super",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = ("no",)

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "estos",
    "estas",
    "esos",
    "esas",
    "alguno de estos",
    "alguna de estas",
    "alguno de ellos",
    "alguna de ellas",
    "de estos",
    "de estas",
    "ellos",
    "ellas",
    "los tienes",
    "las tienes",
    "vienen",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "hay alguno que",
    "hay alguna que",
    "hay uno que",
    "hay una que",
    "cuál de",
    "cual de",
    "cuáles de",
    "cuales de",
    "alguno de",
    "alguna de",
    # the interrogative with its verb ("which has a hood?")
    "cuál tiene",
    "cuáles tienen",
    "cuál lleva",
    "cuáles llevan",
    "cuál es",
    "cuáles son",
    "cuál sale",
    "cual tiene",
    "cual lleva",
    "cual es",
    "cual sale",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
CONCEPT_ASKS = {
    "dimensions": ("tamaño", "medidas", "ancho", "largo", "alto", "grande", "mide", "miden"),
    "material": ("tela", "material", "hecho", "hecha", "hechos", "hechas"),
    "weight": ("peso", "pesado"),
    "battery": ("batería",),
    "heel": ("tacón", "tacon", "tacones"),
    "closure": ("cierra", "cierran", "cierre", "cerrar", "abrocha", "cremallera", "botones"),
    "contents": (
        "incluye",
        "incluido",
        "incluidos",
        "trae",
        "viene con",
        "en la caja",
        "en el set",
        "contiene",
    ),
}

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": ("medidas", "talla", "tamaño", "largo", "ancho", "alto"),
    "material": (
        "algodón",
        "cuero",
        "perla",
        "plata",
        "material",
        "fabricado",
        "fabricada",
        "acero",
        "poliéster",
    ),
    "weight": ("peso",),
    "battery": ("horas",),
    "heel": ("tacón", "tacon", "cuña", "cm"),
    "closure": (
        "cremallera",
        "botón",
        "botones",
        "broche",
        "corchetes",
        "cordón",
        "imán",
        "magnético",
        "cierre",
        "hebilla",
    ),
    "contents": ("incluye", "incluido", "incluidos", "contiene", "compuesto", "piezas", "consta"),
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
COMBINING_PREFIXES = ("electro", "mini", "micro")
