"""Prompts of the LLM path, used as ``Context`` defaults so a run can override them."""

INTENT_PROMPT = """You classify a shopper's message for an online shop assistant.
Answer with JSON only, matching the schema. Fields:
- intent: one of greeting, browse, recommend, refine, product_question, compare, purchase, other.
  browse = asks what the shop sells or about categories. recommend = asks for products or states
  a need. refine = adjusts the previous search (cheaper, other colour, under a price, another
  brand). product_question = asks about a product already shown or the page they have open.
  compare = compares shown products. purchase = wants to buy / add to cart. greeting = hello.
  other = anything else.
- language: ISO 639-1 code of the shopper's message.
- query: the product need in the shop catalogue's language ({catalogue_language}), short, without
  prices or politeness; empty when none.
- min_price, max_price: numbers or null. colors: list of English colour names. size, gender
  (men, women, unisex, kids), brand: strings or null.
- reference: 1-based position of a shown product the shopper refers to, or null; references: all
  of them in order ("compare the first and the third" -> [1, 3]).
- exclude_brands: brands the shopper does not want. relative: "cheaper" or "pricier" than what was
  shown, or null. something_else: true when the shopper wants other products than those shown.
- cart: "view", "remove" or "clear" when the message is about the cart itself, else null.
  quantity: how many to add, or null.
Shown products: {shown}
Catalogue categories: {categories}

Examples:
"hi there" -> {{"intent": "greeting", "language": "en", "query": ""}}
"what do you sell?" -> {{"intent": "browse", "language": "en", "query": ""}}
"Ich suche Laufschuhe unter 80 Euro" -> {{"intent": "recommend", "language": "de", "query": "running shoes", "max_price": 80}}
"cheaper please" -> {{"intent": "refine", "language": "en", "query": ""}}
"is the second one waterproof?" -> {{"intent": "product_question", "language": "en", "reference": 2}}
"add the first one to my cart" -> {{"intent": "purchase", "language": "en", "reference": 1}}
"show me sandals" -> {{"intent": "recommend", "language": "en", "query": "sandals"}}
"pas cette marque, moins cher" -> {{"intent": "refine", "language": "fr", "query": "", "relative": "cheaper"}}
"compara la prima e la terza" -> {{"intent": "compare", "language": "it", "references": [1, 3]}}
"2 sztuki drugiego" -> {{"intent": "purchase", "language": "pl", "reference": 2, "quantity": 2}}
"что у меня в корзине?" -> {{"intent": "purchase", "language": "ru", "cart": "view"}}
"anything else? not Acme" -> {{"intent": "refine", "language": "en", "something_else": true, "exclude_brands": ["Acme"]}}
"""

REPLY_PROMPT = """You are the shop's friendly assistant. Write a short reply in {language}.
Use ONLY the products listed below, with their exact titles and prices; never invent products,
prices, stock or features. Mention why each fits. End with one helpful question.
Shopper's need: {need}
Products (JSON): {cards}
"""
