"""English words for every cue table (the keys are described in :mod:`graph.languages`)."""

# fmt: off
SCRIPT = "LATIN"  # the Unicode script its letters are written in
LETTERS = ""  # its letters beyond a-z (lowercase)
MARKS = ""  # no punctuation mark of its own
TITLE_KIND = "last"  # the kind a title names last is the product's own
LANGUAGE_HINTS = (
    "hello", "thanks", "thank", "the", "please", "cheaper", "show", "need", "want", "looking",
    "under", "what", "which", "is", "it", "this", "that", "one", "with", "something", "pricier",
    "compare", "buy",
)
PRODUCT_HINTS = ()

GREETINGS = (
    "hi", "hello", "hey", "hiya", "howdy", "greetings", "good morning", "good afternoon",
    "good evening",
)
GREETING_FILLERS = (
    "there", "all", "everyone", "everybody", "team", "again", "folks", "how are you",
    "how's it going",
)
THANKS_AND_BYE = (
    "thanks", "thank you", "thx", "cheers", "bye", "goodbye", "see you", "ok", "okay", "great",
    "cool", "perfect", "nice", "super",
)
AFFIRMATIVES = (
    # not a bare "ok": it is as often "ok, thanks" after an item was added
    "yes", "yes please", "yeah", "yep", "sure", "please do", "go ahead", "do it", "yes add it",
)
AFFIRMATIVE_TAILS = ("please", "thanks", "thank you")
POLITENESS = ("please", "pls", "plz", "kindly", "thanks", "thank you")

PURCHASE_STRONG = (
    "add to cart", "add to basket", "add to bag", "add it to", "add them to", "add this to",
    "add that to", "to my cart", "to the cart", "to cart", "into my cart", "to my basket",
    "to the basket", "to my bag", "in my cart", "in my basket", "into my basket", "i'll take",
    "i will take", "i'll buy", "i will buy", "checkout", "check out", "place an order",
    "place the order", "order it", "order this", "buy it", "buy this", "buy that", "buy them",
    "add it", "add this", "add that", "add them", "add this one", "add that one", "in the cart",
    "into the cart", "in the basket", "into the basket", "in my bag", "into my bag",
    # "em" / "'em": spoken "them" ("burgundy in M, add em")
    "add em", "add 'em", "buy em", "buy 'em", "order em", "order 'em",
)
PURCHASE_WEAK = ("buy", "purchase", "order")
CART_VIEW = (
    "how many things", "how many items", "what's left in there", "what's left in my cart",
    "what is left in my cart",
    "what's in my cart", "what is in my cart", "whats in my cart", "what's in my basket",
    "what is in my basket", "show me my cart", "show my cart", "show the cart", "view cart",
    "view my cart", "my cart", "my basket", "cart total", "what's my total", "what is my total",
    "what's in the cart", "what is in the cart", "what do i have in my cart",
    "what have i got in my cart", "what's in the basket",
)
CART_CLEAR = (
    "empty my cart", "empty the cart", "clear my cart", "clear the cart", "empty my basket",
    "clear my basket", "remove everything", "start over with the cart",
)
CART_REMOVE = (
    "remove it", "remove that", "remove this", "remove the", "take it out", "take that out",
    "delete it", "remove from my cart", "remove from the cart", "don't want it",
    "scrap the", "scrap it", "scrap that", "ditch the", "ditch it", "get rid of",
)
CART_REMOVE_APART = ("take … out", "get … out", "take … off my", "take … off the")
# exchanging a cart line for another product, named after them ("…": the line taken out)
CART_SWAP = ("swap it for", "swap that for", "swap it out for", "swap for", "swap … for",
    "switch it for", "switch it to", "switch … for", "replace it with", "replace that with",
    "replace … with", "exchange it for", "exchange … for", "change it for", "change it to")
CART_WORDS = ("cart", "basket", "bag")
CART_ADD_VERBS = (
    "add", "put", "place", "take", "buy", "order", "want", "like",
    # colloquial: "chuck it in my cart", "pop the blue one in my basket"
    "chuck", "pop", "stick", "throw", "toss", "bung", "drop", "stuff", "grab",
)
INFINITIVE_MARKERS = ("to",)
# "if": a purchase said after it is supposed, not done ("si me llevo …, ¿cuánto sale?")
CONDITIONALS = ("if", "suppose", "supposing")

COMPARE = (
    "compare", "comparison", "difference between", "differences between",
    "what's the difference", "what is the difference", "vs", "vs.", "versus", "which is better",
    "which one is better", "better than",
    # "which is cheaper?" asks among the cards shown; it does not search for cheaper ones
    "which is cheaper", "which one is cheaper", "which is the cheapest",
    "which one is the cheapest", "which one costs less",
)
BROWSE = (
    "what do you sell", "what do you have", "what do you offer", "what kind of products",
    "what kinds of products", "what products", "what categories", "which categories",
    "your categories", "your catalog", "your catalogue", "the catalog", "the catalogue",
    "browse", "what brands", "which brands", "what can i buy", "what's available",
    "the categories", "your brands", "list the brands", "show me the brands", "all brands",
)
BRANDS_ASK = ("brands",)
NEED_CUES = (
    "looking for", "look for", "i need", "i'd like", "i would like", "i want", "searching for",
    "search for", "show me", "find me", "recommend", "suggest", "do you have", "have you got",
    "do you sell", "do you carry", "do you stock",
    # the same asked of the shop's people ("do you guys have", "you got any")
    "do you guys have", "do you guys sell", "do you guys carry", "do y'all have",
    "do you all have", "you guys have", "you got any", "got any",
    # the subject left out, as chat does ("need something to soak my brooms in")
    "need", "needing", "we need", "want",
)
ANOTHER_NEED = ("also", "another", "now", "as well", "too")
CONTINUATIONS = (
    "and", "and also", "also", "plus", "and the", "and a", "what about", "how about",
    "and what about",
)
PURPOSE_STARTS = ("for",)
# what relates the product in view to another thing: "vale para un portátil?",
# "si può lavare in lavastoviglie?" (graph.need_category.asks_what_it_serves)
RELATING_PREPOSITIONS = ("for", "with", "in", "into", "on")
# "with": a kind named after it is what the one asked comes with ("tazas con platitos")
WITH_WORDS = ("with",)
# stems: a colour said dark or light ("ciemnozielona", "bleu foncé") is a shade of it
SHADE_WORDS = ("dark", "light", "pale", "deep", "bright")
PURPOSE_NOT_FOR = ("men", "women", "kids", "him", "her", "me")
QUESTION_STARTS = (
    "is", "are", "does", "do", "can", "could", "will", "would", "what", "which", "how", "where",
    "has", "have",
    # the other question words
    "who", "when", "why", "should", "did",
)
EXISTENTIALS = ("is there", "are there")
PRODUCT_ATTRIBUTES = (
    "waterproof", "water resistant", "water-resistant", "material", "made of", "made from",
    "sizes", "size chart", "fit", "fits", "warranty", "battery", "weight", "weigh",
    "dimensions", "available in", "come in", "comes in", "colours", "colors", "delivery",
    "shipping", "returns", "reviews", "rating", "in stock", "machine washable", "washable",
)
FEATURES = {
    "waterproof": ("waterproof", "water-resistant", "water resistant", "water-repellent",
                   "water repellent"),
    "breathable": ("breathable",),
    "wireless": ("wireless", "bluetooth", "cordless"),
    "noise cancelling": ("noise cancelling", "noise-cancelling", "noise canceling",
                         "noise-canceling", "anc"),
    "washable": ("machine washable", "washable", "machine wash", "dry clean", "hand wash",
                 "spot clean", "wash cold"),
    "insulated": ("insulated", "insulation"),
    "dishwasher safe": ("dishwasher safe", "dishwasher-safe", "dishwasher"),
    "organic": ("organic",),
    "recycled": ("recycled",),
    "adjustable": ("adjustable",),
    "packable": ("packable", "packs into", "packs down"),
    "non-slip": ("non-slip", "non slip", "anti-slip"),
    "warranty": ("warranty", "guarantee"),
}

GIFTS = (
    "gift", "gifts", "present", "birthday",
    "a little something", "stocking filler", "stocking stuffer",
)
RECIPIENTS = {
    "man": ("husband", "boyfriend", "dad", "daddy", "father", "brother", "grandpa", "grandad",
            "granddad", "grandfather", "uncle", "fiance", "fiancé", "him", "godfather",
            "father-in-law", "brother-in-law", "stepdad", "stepfather"),
    "woman": ("wife", "girlfriend", "mom", "mum", "mommy", "mummy", "mother", "sister",
            "grandma", "granny", "grandmother", "aunt", "fiancee", "fiancée", "her",
            "godmother", "mother-in-law", "sister-in-law", "stepmom", "stepmother", "hostess"),
    "boy": ("son", "nephew", "grandson", "boy", "godson", "stepson"),
    "girl": ("daughter", "niece", "granddaughter", "girl", "goddaughter", "stepdaughter"),
    "anyone": ("teacher", "teachers", "colleague", "colleagues", "coworker", "coworkers",
            "co-worker", "boss", "flatmate", "roommate", "housemate", "neighbour", "neighbor",
            "neighbours", "neighbors", "in-laws", "inlaws", "cousin", "nanny", "babysitter",
            "godchild", "bestie", "bff", "grandkids", "grandchildren", "nephews", "nieces",
            "friend", "friends", "buddy", "classmate", "mentor", "tutor", "kid", "kids", "child",
            "children", "toddler"),
}
RECIPIENT_CUES = (
    "my", "for", "to", "his", "her", "our",
    # "for my mom and dad": a second recipient follows a conjunction
    "and", "or", "&",
)
FOR_MYSELF = ("for me", "for myself", "myself")

DEICTICS = ("it", "this", "that", "these", "those", "them", "this one", "that one", "the one")
DESCRIBED_POINTERS = (
    "the one with", "the one in", "the one made", "the ones with", "one with", "that one with",
)
COMPANIONS = (
    "matching", "that match*", "to match", "to go with", "goes with", "go with it",
    "go with them", "coordinating", "same collection", "same series",
    "with the same",
)
SOMETHING = ("something", "anything", "somethin")
INDEFINITES = (
    "a", "an", "any", "another", "some",
)
DEICTICS_OWN = ("one",)
ORDINALS = {
    0: ("first", "1st"),
    1: ("second", "2nd"),
    2: ("third", "3rd"),
    3: ("fourth", "4th"),
    4: ("fifth", "5th"),
    -1: ("last", "last one"),
}
NUMBERED = ("number", "no.", "nr.", "nr", "option", "item", "product", "#")
NOT_ORDINAL = ("a second", "one second", "last time", "last year", "at last", "first time")
RUN_FIRST = ("first", "top")
RUN_LAST = ("last",)
RUN_COUNTS = {"2": 2, "two": 2, "both": 2, "3": 3, "three": 3}
# every product in view at once, in a cart addition: how many it says (0: however many)
EVERY_ONE = {
    "both": 2, "both of them": 2, "the two of them": 2, "all three": 3, "all 3": 3,
    "all of them": 0, "them all": 0, "all of those": 0, "the lot": 0,
}

SOFT_CUES = (
    "preferably", "if possible", "ideally", "maybe in", "doesn't have to be", "not necessarily",
)
LARGEST = (
    "biggest", "largest", "tallest", "longest", "widest", "roomiest", "holds the most",
    "the most capacity", "the most room", "the biggest one",
    "bigger", "larger", "longer", "taller", "wider", "thicker", "thickest", "fattest", "chunkiest",
    "roomier",
)
SMALLEST = (
    "smallest", "shortest", "tiniest", "most compact", "the smallest one", "smaller", "shorter",
    "narrower", "narrowest", "thinner", "thinnest", "slimmer", "slimmest",
)
CHEAPER = (
    "cheaper", "less expensive", "more affordable", "lower price", "lower priced",
    "cheaper ones",
)
PRICIER = (
    "pricier", "more expensive", "higher end", "higher-end", "more premium", "better quality",
)
CHEAP = (
    "cheap", "cheapest", "the cheapest", "lowest price", "lowest priced", "least expensive",
    "budget", "affordable", "inexpensive", "low cost",
    # costing the least, said with the verb
    "costs the least", "cost the least", "costs least", "cost least",
)
# the price of several products asked in one question (graph.price_questions): what asks
# a price, what asks their sum, and what sets the other side of a difference apart
PRICE_ASKS = ("how much", "cost", "costs", "price", "prices", "priced", "the total")
TOGETHER = (
    "together", "altogether", "all together", "in total", "total", "combined", "for both",
    "for the two", "for all three", "for all of them", "for the lot",
)
THAN = ("than",)
DIFFERENCE = ("how much more", "how much less", "how much cheaper", "the difference")
# stems: "the plain one", "the regular one": of products alike, the one without the others'
# extras (graph.plain_picks)
PLAIN = ("plain", "regular", "normal", "ordinary", "basic", "standard", "simple")
OTHER_BRAND = (
    "not that brand", "not this brand", "other brands", "another brand", "different brand",
    "different brands", "a different brand", "other brand", "not from that brand",
)
BRAND_NEGATIONS = (
    "not", "no", "nothing", "without", "except", "excluding", "other than", "anything but",
    "apart from", "besides",
    # a refusal said with a verb: "i really can't do heels", "can't wear wool"
    "can't do", "cant do", "can't wear", "cant wear", "can't stand", "cant stand",
)
BRAND_NEGATION_FILLERS = (
    "from", "by", "the", "any", "that", "a", "for", "brand", "be", "is", "made",
)
CONJUNCTIONS = ("or", "nor", "and")
SOMETHING_ELSE = (
    "something else", "anything else", "other options", "more options", "show me more",
    "more like this", "others", "different ones",
)
BIGGER_SIZE = (
    "bigger size", "larger size", "size up", "a size up", "one size up", "a size bigger",
    "a size larger",
)
SMALLER_SIZE = ("smaller size", "size down", "a size down", "one size down", "a size smaller")
IN_STOCK_ONLY = (
    "only in stock", "in stock only", "in-stock only", "only available", "available now",
    "that are in stock",
)
OUT_OF_STOCK_OK = (
    r"(?:don'?t|do not|doesn'?t|does not|never) (?:mind|care)\b.{0,30}?"
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)",
    r"(?:include|including|incl\.?|also|even|show|with)\s+(?:the\s+|those\s+)?(?:\w+\s+)?"
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)",
    r"(?:out[- ]of[- ]stock|sold[- ]out|unavailable)(?:\s+(?:ones|items|products|too))?\s+"
    r"(?:is|are)\s+(?:fine|ok|okay|alright|all right|good)",
)
ON_SALE = (
    "on sale", "sale", "discount", "discounted", "on offer", "special offer", "deal", "deals",
    "reduced", "clearance",
)
BEST_SELLERS = (
    "best sellers", "best seller", "bestsellers", "bestseller", "best-sellers", "best-seller",
    "best selling", "best-selling", "top sellers", "top seller", "popular", "most popular",
)
CLEAR_NAMES = {
    "colors": ("colour", "color", "colours", "colors", "colored", "coloured"),
    "brands": ("brand", "brands", "make"),
    "size": ("size", "sizes"),
    "price": ("budget", "price", "prices", "price limit", "price range"),
}
CLEAR_BEFORE = (
    "any", "whatever", "every", "all", "no preference on", "no preference for",
    "don't care about the", "don't care about", "dont care about the", "dont care about",
    "do not care about the", "do not care about", "forget the", "forget about the",
    "forget about", "forget", "ignore the", "ignore", "drop the", "drop", "remove the",
    "remove", "never mind the", "no", "without", "without a", "without the",
)
CLEAR_AFTER = (
    "doesn't matter", "does not matter", "dont matter", "don't matter", "is not important",
    "isn't important", "is not an issue",
)

QUERY_EDGE_WORDS = (
    "a", "an", "some", "any", "the", "for", "me", "please", "and", "also", "with", "in", "to",
    "is", "are", "something", "anything", "actually", "ones", "one", "i'm", "i am", "but",
    "not", "i", "my",
)
STOPWORDS = (
    # "and the press too", "i jeszcze": more of the same request, no product
    "too",
    "a", "an", "the", "in", "on", "at", "for", "with", "and", "or", "of", "to", "some",
    "something", "anything", "any", "one", "ones", "me", "my", "i", "i'm", "im", "you", "it",
    "this", "that", "these", "those", "them", "they", "do", "does", "have", "has", "is", "are",
    "also", "just", "only", "more", "less", "but", "not", "no", "what", "about", "how", "maybe",
    "nope", "nah",  # a bare refusal is no search word
    "can", "could", "would", "show", "get", "please", "still", "now", "then", "there", "here",
    "like", "same", "again", "ok", "okay", "yes", "instead", "rather", "version", "size",
    "color", "colour", "price", "item", "items", "product", "products", "model", "models",
    "one's", "option", "options", "choice", "alternative", "into",
)
VAGUE_WORDS = (
    "something", "anything", "stuff", "thing", "things", "nice", "good", "great", "cool",
    "gift", "gifts", "present", "presents", "idea", "ideas", "recommend", "suggest",
    "suggestion", "whatever", "really", "please", "want", "need", "looking", "buy", "for",
    "my", "the", "and", "some", "mom", "mum", "mother", "dad", "father", "wife", "husband",
    "friend", "friends", "girlfriend", "boyfriend", "kids", "kid", "son", "daughter", "him",
    "her", "them", "someone", "somebody", "birthday", "christmas", "anniversary", "help", "find",
    # a style alone is as vague ("something elegant")
    "elegant", "stylish", "classy", "cute", "fancy", "special", "unique", "original", "useful",
    "practical", "else", "everything", "whatever", "idea*",
)
# occasions say when, not what ("for Valentine's", "a housewarming"): stems; a need of
# only these and vague words is vague
OCCASIONS = (
    "valentine", "valentines", "easter", "housewarming", "retirement", "graduation",
    "farewell", "leaving", "wedding", "occasion", "birthday", "christmas", "anniversary",
)
# asking for ideas ("any ideas?", "what should I get"): guidance wanted when the need is a
# gift, an occasion or for someone, unless it names a kind
IDEAS_ASK = ("any ideas", "any idea", "some ideas", "what should i get", "what should i buy",
    "what to get", "what to buy", "what would you get", "what do you suggest")
# what was asked is given up: "too bad. then …" opens another need
REGRETS = (
    "too bad", "pity", "what a pity", "shame", "what a shame", "never mind", "nevermind",
    "bummer",
)
# the shopper says they do not know what to get: a need saying this names no product
# unless it names a kind
CLUELESS = (
    # stumped, or just asking for help, with no kind named
    "help me", "please help", "pls help", "plz help", "i'm stumped", "im stumped", "stumped",
    "at a loss", "drawing a blank",
    "no idea", "zero ideas", "zero idea", "no ideas", "not a clue", "not sure what",
    "don't know what", "dont know what", "do not know what", "no clue", "where to start",
    "where to begin", "stuck for ideas",
    "where do i even start", "where do i start", "where do i even begin", "where do i begin",
    "where should i start", "where should i begin")
# where a thing goes, not what it is ("something for the kitchen"): stems
PLACES = (
    "kitchen", "kitchens", "bedroom", "bedrooms", "bathroom", "bathrooms", "living", "room",
    "rooms", "lounge", "hallway", "hall", "nursery", "garden", "balcony", "patio", "terrace",
    "office", "home", "house", "flat", "apartment", "garage", "porch", "backyard", "shop",
    "store",
)
# fmt: on

# words a request opens with that ask nothing: interjections, a change of mind, a
# shrug at what the shop lacks, approval ("tant pis, alors …", "puiku, dėkit …"): graph.openers
OPENERS = (
    "oh well", "ok*", "oh", "ah", "oops", "hmm*", "wait", "actually", "sorry", "pardon",
    "on second thought", "never mind", "nevermind", "changed my mind", "too bad",
    "what a shame", "shame", "pity", "then", "perfect", "great", "nice", "love it", "super",
    "cool", "awesome", "alright", "all right", "got it", "fair enough",
)  # fmt: skip
# a "no" taking back what came before ("uy no, quita el cazo"): an opener of a removal
TAKING_BACK = (
    "no", "nope", "nah",
)  # fmt: skip

# words pointing at every card shown ("any of those"): graph.references
LIST_WORDS = (
    "them",
    "these",
    "those",
    "they",
    "any of them",
    "any of these",
    "any of those",
    "all of them",
    "one of these",
    "one of them",
    "one of those",
    "either of them",
    "these ones",
    "those ones",
)

# "which of them ...?": asks the list shown to pick one
WHICH_WORDS = (
    "is there one that",
    "is there one which",
    "are there any that",
    "is any of them",
    "which of",
    "which one",
    "which ones",
    "which is",
    "which are",
    "any of",
    # the interrogative with its verb ("which has a hood?")
    "which has",
    "which have",
)

# a question about a product's "how big", "made of"...: words asking it (graph.answers)
CONCEPT_ASKS = {
    "dimensions": (
        "big",
        "large",
        "size",
        "dimensions",
        "measure",
        "measurements",
        "wide",
        "width",
        "long",
        "length",
        "tall",
        "high",
        "height",
        "thick",
        "deep",
        "depth",
    ),
    "material": ("made", "material", "fabric", "cloth"),
    "weight": ("heavy", "weight", "weigh", "light"),
    "battery": ("battery", "charge"),
    "heel": ("heel", "heels"),
    "closure": (
        "closes",
        "closing",
        "closure",
        "fasten",
        "fastens",
        "fastening",
        "zip",
        "zipper",
        "buttons",
    ),
    "contents": (
        "included",
        "includes",
        "include",
        "comes with",
        "come with",
        "in the box",
        "in the set",
        "what's in",
        "what is in",
    ),
}

# ... and the words a product's text answers it with
CONCEPT_ANSWERS = {
    "dimensions": (
        "cm",
        "mm",
        "inch",
        "inches",
        "in.",
        "x",
        "×",
        "dimensions",
        "size",
        "measures",
        "width",
        "length",
        "height",
        "depth",
    ),
    "material": (
        "made",
        "material",
        "fabric",
        "cotton",
        "leather",
        "wool",
        "polyester",
        "steel",
        "aluminium",
        "aluminum",
        "wood",
        "plastic",
        "linen",
        "silk",
        "nylon",
        "pearl",
        "pearls",
        "glass",
        "metal",
        "silver",
    ),
    "weight": ("kg", "g", "lb", "lbs", "oz", "weight", "weighs"),
    "battery": ("battery", "hours", "hrs", "h", "charge", "mah"),
    "heel": ("heel", "stiletto", "wedge", "cm"),
    "closure": (
        "zip",
        "zipper",
        "zippered",
        "zipped",
        "button",
        "buttons",
        "buttoned",
        "snap",
        "snaps",
        "drawstring",
        "magnetic",
        "clasp",
        "velcro",
        "buckle",
        "toggle",
        "closure",
    ),
    "contents": (
        "includes",
        "included",
        "including",
        "contains",
        "comes",
        "set",
        "pieces",
        "pcs",
        "consists",
    ),
}

# a letter size said as a word after a wearer ("she's a small"): graph.rules
LETTER_SIZE_WORDS = {
    "XS": ("extra small", "x-small", "xsmall"),
    "S": ("small",),
    "M": ("medium",),
    "L": ("large",),
    "XL": ("extra large", "x-large", "xlarge"),
}
WEARER_CUES = (
    "i'm a",
    "im a",
    "i am a",
    "she's a",
    "shes a",
    "she is a",
    "he's a",
    "hes a",
    "he is a",
    "i wear a",
    "she wears a",
    "he wears a",
    "i wear",
    "she wears",
    "he wears",
    "i take a",
    "she takes a",
    "he takes a",
    "i'm usually a",
    "she's usually a",
    "he's usually a",
    # the size asked for the garment itself ("a henley in a small")
    "in a",
    "in an",
)
COMPOUND_JOINTS = ()
COMBINING_PREFIXES = ("electro", "mini", "micro")
