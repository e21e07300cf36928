"""What a message means in this conversation and this catalogue, after the rules read it.

The rules (and the LLM) read one message alone. Some readings need more: the product the
message names by its title (on screen or not), a "yes" to the cart's offer, a size that
answers the cart's question or that the cards on screen offer, a bare budget right after
we asked for one, "and caps?" after a search, a short need the shop may not carry. The
intent node calls :func:`settle` once per turn; each reading below has one job.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from graph import languages as L
from graph import rules
from graph import size_readings as sizes
from graph.bridge import reads
from graph.cards import card_of
from graph.cart_offer import accepts_the_cart_offer, retries_the_add
from graph.category_fit import drop_unfit_category
from graph.colour_picks import pick_by_colour
from graph.companions import read_companion
from graph.context import Context
from graph.counts import every_one
from graph.described_references import described_card, described_elsewhere, telling_terms
from graph.lexical import LexicalIndex
from graph.lookup import most_of_the_need
from graph.named_readings import read_named
from graph.plain_picks import plain_one, says_plain
from graph.price_questions import asks_cart_total, read_priced
from graph.price_references import card_priced_at
from graph.references import MAX_LIST, list_question
from graph.resources import get_embeddings, get_store, get_view
from graph.search import TITLES_WAIT, shop_reading
from graph.siblings import asked_sibling, read_sibling
from graph.state import State
from graph.tables import groups_in
from graph.translate import kinds_named, translations
from graph.vocabulary import ASK_FILLER as V_FILLER
from graph.vocabulary import CLUELESS_RE as V_CLUELESS
from graph.vocabulary import DEICTIC_BY_LANGUAGE_RE as V_DEICTIC_BY_LANGUAGE
from graph.vocabulary import DEICTIC_RE as V_DEICTIC
from graph.vocabulary import DESCRIBED_POINTER_RE as V_DESCRIBED_POINTER
from graph.vocabulary import GIBT_ES_RE as V_GIBT_ES
from graph.vocabulary import NEED_CUES as V_NEED_CUES
from graph.vocabulary import QUESTION_STARTS as V_QUESTION_STARTS
from graph.vocabulary import QUOTED_RE as V_QUOTED
from graph.vocabulary import WHO_WORDS, continuation_re, is_vague_word
from graph.vocabulary import WORD_RE as V_WORD


def settle(
    state: State,
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    previous: Mapping[str, Any],
) -> dict[str, Any] | None:
    """Settle the reading with the conversation and the catalogue; ``understood`` changes.

    Returns the card of the product the message names by its title when that product is
    not the card it points at on screen ("is the Q2 waterproof?"), else ``None``.
    """
    shown = state.get("shown") or []
    if _priced(ctx, text, understood, shown, state):
        return None  # "was kosten X und Y zusammen?": both compared, with their sum
    if (every := _every_one_in_view(state, text, understood, shown)) is not None:
        return every  # "beides in den Warenkorb", "add the first two": each of them
    if (plain := _plain(state, ctx, text, understood, shown)) is not None:
        return plain  # "тогда обычную, в корзину её": the one without the others' extras
    if (
        (understood.intent in ("purchase", "product_question") or understood.question)
        and not understood.references
        and (at := card_priced_at(text, shown, understood.updates)) is not None
    ):
        if understood.intent != "purchase":  # "¿y el de 150 de qué es?"
            understood.intent, understood.updates = "product_question", {}
        return _point_at(understood, shown, shown[at])  # "vale, el de 110 al carrito"
    # "and the matching comforter set too": the piece of another kind that goes with it
    named_focus = read_companion(ctx, text, understood, shown, state.get("focus"))
    if named_focus is None:
        named_focus = _named_focus(ctx, text, understood, shown, previous)
    if named_focus is None:
        _described(ctx, text, understood, shown)
        named_focus = _described_elsewhere(ctx, text, understood, shown, previous)
    _about_the_cards(state, ctx, text, understood, shown)
    _of_the_focus(state, ctx, text, understood)
    sizes.size_of_the_focus(state, ctx, text, understood)
    asked = bool(state.get("questions_asked"))
    _answers(state, text, understood, asked)
    if not understood.updates.get("size") and (
        size := sizes.size_on_screen(text, shown, understood)
    ):
        understood.updates["size"] = size  # "dodaj czarne w 37": a size the cards offer
        if understood.intent == "other":
            understood.intent = "refine"
    _needs(ctx, text, understood, asked, previous if shown or previous.get("query") else None)
    if (
        not understood.updates.get("size")
        and understood.intent in ("recommend", "refine", "purchase")
        and (size := sizes.size_sold(ctx, text, understood, previous))
        # a bare number in a cart action is a quantity or an ordinal as often as a size;
        # "les taupe en 38", "in 43", "39-й" say it is the size
        and (
            understood.intent != "purchase"
            or not size.replace(".", "").isdigit()
            or sizes.said_as_size(text, size)
        )
    ):
        understood.updates["size"] = size  # "sneakersy karmel 40", "(20 oz) į krepšelį"
    if len(understood.sizes) > 1 and (size := sizes.one_sold(ctx, understood, previous)):
        understood.updates["size"] = size  # "UK 6 which is EU 39" in a shop of EU sizes
    if retries_the_add(state, text, understood):  # "Dann halt in Schwarz" after "sold out"
        understood.intent = "purchase"
        for need in ("query", "category", "category_any"):
            understood.updates.pop(need, None)
        # the size asked before holds for another colour ("in 42" asked, "dann in Schwarz")
        wanted = ((state.get("turn") or {}).get("which_size") or {}).get("wanted")
        if wanted and not understood.updates.get("size"):
            understood.updates["size"] = wanted
    sibling = read_sibling(ctx, text, understood, shown, state.get("focus"))  # "et la blanche"
    named_focus = named_focus or sibling
    if named_focus is None:  # "et le rouge, il coûte plus cher ?": the red one's question
        named_focus = asked_sibling(ctx, understood, shown, state.get("focus"))
    if named_focus is None:  # "geltonus, 3XL, į krepšelį": the product that comes in it
        named_focus = pick_by_colour(ctx, text, understood, shown, state.get("focus"))
    if understood.intent in ("recommend", "refine"):  # "headphones … on my bike": not Cycling
        drop_unfit_category(text, understood, lexical_index(ctx), get_view(ctx).filters or {})
    return named_focus


def _every_one_in_view(
    state: State, text: str, understood: rules.Understanding, shown: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | None:
    """A cart addition of several products in view: the first, the others added with it.

    "кладите в корзину первые два" (the cards it points at), "beides bitte in den
    Warenkorb", "и то, и другое" (every product of the comparison just made, else every
    card shown, when it says as many as there are). Returns the first one's card.
    """
    if understood.intent != "purchase" or understood.cart or understood.also_add:
        return None
    if len(understood.references) > 1:
        pool = [shown[i] for i in understood.references if i < len(shown)]
    else:
        count = every_one(text.lower())
        pool = list(state.get("compared") or shown)
        if count is None or not 1 < len(pool) <= MAX_LIST or count not in (0, len(pool)):
            return None
    understood.also_add = [str(c["id"]) for c in pool[1:]]
    return _point_at(understood, shown, pool[0])


def _plain(
    state: State,
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
) -> dict[str, Any] | None:
    """The plain one of the products compared, else of the cards, when the message asks it.

    Only for a cart addition or a question that points at nothing else. Returns its card.
    """
    if understood.references or understood.product or understood.cart or understood.about_list:
        return None
    asking = understood.intent == "product_question" or (
        understood.question and understood.intent == "other"
    )
    if not (understood.intent == "purchase" or asking):
        return None
    if not says_plain(text, understood.language):
        return None
    pool = list(state.get("compared") or shown)[:MAX_LIST]
    lexical = lexical_index(ctx)
    at = plain_one(pool, lexical.language if lexical is not None else understood.language)
    if at is None:
        return None
    if understood.intent != "purchase":
        understood.intent, understood.updates = "product_question", {}
    return _point_at(understood, shown, pool[at])


def _point_at(
    understood: rules.Understanding, shown: Sequence[Mapping[str, Any]], card: Mapping[str, Any]
) -> dict[str, Any]:
    """``card`` is the one the message means: its place on screen, if it is shown; its card."""
    understood.reference = next((i for i, c in enumerate(shown) if c["id"] == card["id"]), None)
    understood.references = [] if understood.reference is None else [understood.reference]
    return dict(card)


def _priced(
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
    state: State,
) -> bool:
    """Several products named in one price question: compared, with their sum or difference.

    Or the cart's total, asked right after an addition or of the cart ("kiek iš viso
    mokėsiu už abu?"): its view.
    """
    group_of = functools.partial(groups_in, get_view(ctx).filters or {})
    searched, lexical = shop_reading(ctx, understood.language), lexical_index(ctx)
    just_added = state.get("intent") == "purchase"  # the turn before put something in
    if state.get("cart") and asks_cart_total(
        text, understood, lexical, group_of, searched, just_added
    ):
        understood.intent, understood.cart, understood.updates = "purchase", "view", {}
        understood.references, understood.reference, understood.about_list = [], None, False
        return True
    compared, earlier = state.get("compared") or [], state.get("earlier") or []
    focus = state.get("focus")
    priced = read_priced(
        text, understood, shown, lexical, group_of, searched, compared, earlier, focus
    )
    if priced is None:
        return False
    understood.intent, understood.updates = "compare", {}
    understood.references, understood.reference, understood.about_list = [], None, False
    understood.priced = {
        "ids": priced.ids,
        "sizes": priced.sizes,
        "how": priced.how,
        "counts": priced.counts,
    }
    return True


def _named_focus(
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
    previous: Mapping[str, Any],
) -> dict[str, Any] | None:
    """The card of the product named by its title, unless it is the card referred to."""
    lexical = lexical_index(ctx)
    # the filter table, loaded in the same pass as the lexical index, knows every group
    table: Mapping[str, Mapping[str, Any]] = get_view(ctx).filters or {}
    group_of = functools.partial(groups_in, table)
    paths = [p for p in (previous.get("category"), *(previous.get("category_any") or ())) if p]

    def filed(ids: list[str]) -> list[bool]:  # in the category the conversation asks for
        return [bool(set(paths) & set((table.get(i) or {}).get("categories") or ())) for i in ids]

    searched = shop_reading(ctx, understood.language)
    fits: Callable[[list[str]], list[bool]] | None = filed if paths else None
    if not paths and (need := str(previous.get("query") or "")) and (lex := lexical) is not None:
        # "je prends les Timeless" after champagne flutes, nothing filed by category, five
        # products of that name: the one holding the most of the need's words (read if so)
        fits = functools.partial(most_of_the_need, lex, lambda: lex.terms(searched(need)))
    found = read_named(text, understood, shown, lexical, group_of, fits, searched)
    return None if found is None else card_of(ctx, found.id)


def _of_the_focus(state: State, ctx: Context, text: str, understood: rules.Understanding) -> None:
    """A question about a part of the product just answered about: asked of it, not searched.

    "et la batterie tient combien de temps ?" after a watch. Only right after a product
    answer, for a question that points at no card, names no other product and asks not
    whether the shop has something ("do you have power banks?" is a need); the product's
    own text must hold a telling word of it (translated into the shop's language) and
    every kind of thing it names.
    """
    focus = sizes.asked_of_the_focus(state, understood)
    if focus is None or understood.intent not in ("recommend", "refine", "other"):
        return
    if V_GIBT_ES.search(text.lower()):
        return
    lexical = lexical_index(ctx)
    row = lexical.row(str(focus.get("id") or "")) if lexical is not None else None
    if lexical is None or row is None:
        return
    terms = telling_terms(text, lexical, V_FILLER)
    if not terms:
        return
    _, anywhere = lexical.matches(terms, [row])
    held = {t for t, there in zip(terms, anywhere[:, 0].tolist(), strict=True) if there}
    if not held:
        return
    # every kind of thing it names is one the product's text holds ("the tent poles" of a
    # watch are another product's); "how long does it last" holds no kind, asks nothing new
    for word, _ in kinds_named(text, understood.language):
        said = " ".join([word, *translations(word, lexical.language, lexical.known)])
        # read as the question's words were: "cordones" crosses as "laces" there too
        if not {*lexical.terms(said), *telling_terms(word, lexical, V_FILLER)} & held:
            return
    understood.intent, understood.updates = "product_question", {}


def _described(
    ctx: Context, text: str, understood: rules.Understanding, shown: Sequence[Mapping[str, Any]]
) -> None:
    """A question or a cart addition pointing at a card by what it is, not by its title.

    "metti nel carrello quella da 17 euro": the amount names the card, it is no budget.
    """
    if understood.references or understood.about_list or understood.cart:
        return
    asking = understood.intent == "other" and understood.question  # "а кружка сколько стоит?"
    # "tą su van Gogo Žvaigždėta naktimi", "quella con le rane": a pointer, then what the card
    # has, picks it (a narrower search would only reorder the cards)
    pointing = (
        understood.intent == "refine"
        and not understood.question
        and not set(understood.updates) - {"query"}
        and _opens_with_pointer(text, understood.language)
    )
    if understood.intent not in ("product_question", "purchase") and not (asking or pointing):
        return
    material = str(understood.updates.get("material") or "")
    lexical = lexical_index(ctx)
    meaning = _meaning(ctx, understood.language, shown, lexical)
    found = described_card(text, understood.language, shown, lexical, material, V_FILLER, meaning)
    if found is None:
        return
    pick, by = found
    understood.references, understood.reference = [pick], pick
    if asking or pointing:
        understood.intent, understood.updates = "product_question", {}
    if by == "price":
        for key in ("max_price", "min_price", "currency"):
            understood.updates.pop(key, None)


def _described_elsewhere(
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
    previous: Mapping[str, Any],
) -> dict[str, Any] | None:
    """The card of a product a question describes, when no card on screen is it.

    "quanto costa quella con le rane?" after one dress, "¿y cuánto cuesta el de «Второе
    дыхание»?" after another kit: a pointer at a product by what it has ("the one with",
    "quella con") or a name in quotes, then words only one product of the cards' kind
    holds in its title. A pronoun ("does it have a hood?") asks about the card in view.
    """
    # a reference stands unless the described words are in no card on screen: the one
    # card shown is referred to by any "quella"
    if understood.product or understood.cart or understood.about_list:
        return None
    if not shown or not (understood.question or understood.intent == "product_question"):
        return None
    if set(understood.updates) - {"query"} or understood.features:
        return None  # "the one with a hood in black?": a search, not one product
    low = text.lower()
    if not (V_DESCRIBED_POINTER.search(low) or V_QUOTED.search(text)):
        return None
    lexical = lexical_index(ctx)
    if lexical is None:
        return None
    table: Mapping[str, Mapping[str, Any]] = get_view(ctx).filters or {}

    def rows_of(ids: list[str]) -> list[Mapping[str, Any]]:
        return [{**table[i], "id": i} for i in ids if i in table and table[i].get("in_stock")]

    terms = telling_terms(text, lexical, V_FILLER)
    found = described_elsewhere(terms, shown, lexical, rows_of, previous.get("colors") or ())
    card = None if found is None else card_of(ctx, found)
    if card is not None:
        understood.product, understood.intent, understood.updates = found, "product_question", {}
        understood.references, understood.reference = [], None
    return card


def _opens_with_pointer(text: str, language: str) -> bool:
    """Whether ``text`` opens with a word pointing at a card ("the one", "tą", "quella")."""
    low = text.lower().lstrip(" ¿¡")
    own = V_DEICTIC_BY_LANGUAGE.get(language)
    return bool(V_DEICTIC.match(low) or (own is not None and own.match(low)))


def _meaning(
    ctx: Context,
    language: str,
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex | None,
) -> Callable[[str], list[float]] | None:
    """The shown titles' similarities to a text through the multilingual model.

    Only for a message in another language than the shop's, both read by the model. Right
    after a start or a sync the titles may still be in the background load: the turn waits
    for them as a foreign need's search does (:data:`graph.search.TITLES_WAIT`), or the
    same message would be read one way in a fresh process and another a minute later.
    """
    if lexical is None or language == lexical.language:
        return None
    if not (reads(language) and reads(lexical.language)):
        return None
    table = get_view(ctx).title_table(TITLES_WAIT)
    if table is None:
        return None
    rows = {pid: i for i, pid in enumerate(table.ids)}
    at = [rows.get(str(card.get("id") or "")) for card in shown]
    if any(i is None for i in at):
        return None

    def similarities(text: str) -> list[float]:
        sims = table.similarities(text)
        return [float(sims[i]) for i in at if i is not None]

    return similarities


def _about_the_cards(
    state: State,
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
) -> None:
    """A question naming nothing sold asks about the cards; "them" after one named is it."""
    if (
        len(shown) > 1
        and (understood.asks or understood.question)
        and understood.intent in ("recommend", "refine", "other")
        and not set(understood.updates) - {"query"}
        and not _names_anything_sold(ctx, text)
        # "what about a blender?": another need, though the shop titles none
        and not _and_what(text, understood.language)
        # "no to może jakiś wentylator?": a kind of product, not asked with a question word
        # ("¿cuál tiene el tacón más bajo?" asks the cards), is a need in any language
        and (understood.asks or not kinds_named(text, understood.language))
    ):
        # "ile kosztują?", "kuri mažiausia?": a question naming nothing the shop titles
        # is about the cards in view, not a search; right after one of them was picked
        # and answered about, one that names the list nowhere asks of it ("o kas įdėta į
        # dėžutę kartu su juo?" after "kuris iš jų su silikonu?")
        understood.intent, understood.updates = "product_question", {}
        picked = state.get("intent") == "product_question" and state.get("focus")
        if picked and not any(list_question(text, understood.language, len(shown))):
            return
        understood.about_list = True
        understood.references = list(range(min(len(shown), rules.MAX_LIST)))
    elif (  # "che disegno c'è sopra?" with one card on screen, naming no kind: that card
        len(shown) == 1
        and understood.intent == "other"
        and understood.question
        and not kinds_named(text, understood.language)
    ):
        understood.intent, understood.references, understood.reference = "product_question", [0], 0
    if understood.about_list and understood.list_pronoun and state.get("focus"):
        # "do you have them in 40?" right after naming one pair of shoes: that product
        understood.about_list, understood.references = False, []


def _answers(state: State, text: str, understood: rules.Understanding, asked: bool) -> None:
    """A message answering what we asked: the cart's offer, its size question, a budget."""
    if accepts_the_cart_offer(state, text):
        understood.intent = "purchase"  # "yes" to "Shall I add it to your cart?"
    elif size := sizes.size_answer(state, text, understood.updates):
        understood.intent = "purchase"  # "8" to "Which size of … would you like?"
        understood.updates.pop("query", None)  # "M" is no search
        understood.updates["size"] = size
    if asked and not {"min_price", "max_price"} & set(understood.updates):
        # "50" right after we asked for the budget is the budget (a bare number is no price
        # otherwise: after cards it may be a size, a quantity, an ordinal).
        if (bare := rules.budget_of(text)) is not None:
            understood.updates["max_price"] = bare


def _needs(
    ctx: Context,
    text: str,
    understood: rules.Understanding,
    asked: bool,
    searched: Mapping[str, Any] | None,
) -> None:
    """A message the rules left as "other" that still states (or asks for) a need.

    ``searched``: the preferences of the search on screen (``None`` before any).
    """
    if understood.intent == "other" and not asked and searched is not None:
        if need := _and_what(text, understood.language):
            understood.intent = "recommend"  # "vaya. ¿y gorras?": the same ask, another thing
            understood.updates["query"] = need
            # "a w panterke?" after bedding under $60: the same wallet
            if not {"min_price", "max_price"} & set(understood.updates):
                for key in ("min_price", "max_price", "currency"):
                    if searched.get(key) is not None:
                        understood.updates[key] = searched[key]
    if understood.intent == "other" and not asked:
        query = rules.search_text(text)
        if query and (
            _names_a_product(ctx, query)
            or _is_bare_need(query, understood)
            or _names_a_kind(query, understood)
        ):
            understood.intent = "recommend"
            understood.updates.setdefault("query", query)
        elif _asks_for_anything(text, understood):
            understood.intent = "recommend"  # nothing named: the elicitor asks what, how much
        elif V_CLUELESS.search(text.lower()):
            # "his bday is next week... help?? no clue what to get him": a need without a
            # thing, the elicitor's to ask about
            understood.intent = "recommend"
            understood.updates.setdefault("query", query or text)
    if understood.intent in ("other", "greeting") and asked:
        # We asked a clarifying question; whatever comes back is the answer to it.
        understood.intent = "recommend"


#: A message the rules can't place ("tent", "foam roller") is a product search when the
#: nearest product is at least this similar (MiniLM cosine; measured on the demo catalogue:
#: product names 0.50-0.66, chit-chat and gibberish 0.09-0.27).
PRODUCT_LIKE_SIMILARITY = 0.4


#: How long a turn waits for the lexical index a fresh process (or a new sync) is loading.
LEXICAL_WAIT_SECONDS = 3.0


def lexical_index(ctx: Context) -> LexicalIndex | None:
    """The generation's lexical index; right after a start or a sync, once it is built."""
    view = get_view(ctx)
    if view.lexical is None:
        view.wait_loaded(LEXICAL_WAIT_SECONDS)
    return view.lexical


#: A message of at most this many content words is a need ("baby stroller").
BARE_NEED_WORDS = 4
#: Below this the rules recognised nothing at all in the message (``rules`` gives 0.4).
UNREAD = 0.5


def _is_bare_need(query: str, understood: rules.Understanding) -> bool:
    """A short statement of content words: a need, even one the shop lacks.

    Searching it lets the evidence say "not carried" ("electric guitar") instead of the
    generic "tell me what you're looking for"; a question or a thank-you is no need.
    One function word may join them ("наушники с шумоподавлением", "zapatos de cuero");
    more make a sentence ("tell me a joke").
    """
    words = V_WORD.findall(query.lower())
    asking = bool(words) and words[-1] in _ASKING
    while words and words[-1] in _ASKING:  # "электрическое одеяло есть?": do you have it
        words = words[:-1]
    return (
        (not understood.question or asking)
        and understood.confidence < UNREAD
        and _bare_words(words)
    )


def _bare_words(words: Sequence[str]) -> bool:
    """A few content words, at most one joining word inside, one of four letters or more.

    "baby stroller", "zapatos de cuero" state a need; "tell me a joke" is a sentence,
    "ok", "lol" name no product. An article may open it, and the joining words may be a
    purpose and its article: "a juniper steaming set for the sauna" states a need.
    """
    words = list(words)
    if len(words) > 1 and not rules.is_content(words[0]) and words[0] not in _PURPOSE:
        words = words[1:]  # one word, "a", "des", "un": the article of the need
    joins = [n for n, w in enumerate(words) if not rules.is_content(w)]
    content = [w for w in words if rules.is_content(w)]
    purpose_run = (
        len(joins) == 2 and joins[1] == joins[0] + 1 and words[joins[0]] in _PURPOSE
    )  # "for the", "für die", "pour le"
    inside = bool(joins) and 0 < joins[0] and joins[-1] < len(words) - 1
    return (
        0 < len(content) <= BARE_NEED_WORDS
        and (not joins or (inside and (len(joins) == 1 or purpose_run)))
        and max(map(len, content)) >= 4
    )


_PURPOSE = frozenset(w for w in L.words("PURPOSE_STARTS") if " " not in w)


#: Where a message's last clause starts: "vaya. ¿y gorras?" asks "¿y gorras?".
_CLAUSE_BREAK = re.compile(r"[.!?¡¿;]+\s*")


def _names_anything_sold(ctx: Context, text: str) -> bool:
    """Whether a word of ``text`` is in some product title (no lexical index yet: assume so)."""
    lexical = lexical_index(ctx)
    if lexical is None:
        return True
    return any(t in lexical.title_rows for t in lexical.terms(text))


def _and_what(text: str, language: str) -> str:
    """The need a short "and …?" asks about, after a search: "¿y gorras?" → "gorras".

    The last clause opens with "and" (:func:`graph.vocabulary.continuation_re`) and the
    rest is a bare need: a few content words, at most one joining word inside.
    """
    clauses = [c for c in _CLAUSE_BREAK.split(text.lower()) if c.strip()]
    if not clauses or not (opener := continuation_re(language).match(clauses[-1])):
        return ""
    rest = clauses[-1][opener.end() :].strip(" ,")
    words = V_WORD.findall(rest)
    while words and not rules.is_content(words[0]):  # "et des montres ?": the article goes
        words = words[1:]
    while words and words[-1] in _ASKING:  # "а бутербродница есть?": "is there" goes
        words = words[:-1]
    if any(w in _QUESTION_WORDS for w in words):
        return ""  # "а кружка сколько стоит?" asks about a thing: no new need
    return " ".join(words) if _bare_words(words) else ""


# single words: a phrase ("di che", "gibt es") opens a question, its words alone ask nothing
_QUESTION_WORDS = frozenset(cue for cue in V_QUESTION_STARTS if " " not in cue)
_NEED_WORDS = frozenset(w for cue in V_NEED_CUES for w in cue.split())
#: Words that ask for a need without naming it ("есть", "macie", "do you have").
_ASKING = frozenset(w for w in V_FILLER if not rules.is_content(w) or w in _NEED_WORDS)


def _asks_for_anything(text: str, understood: rules.Understanding) -> bool:
    """A vague word, nothing concrete, nothing read ("can you help me find something?").

    Answered by the elicitor's questions (what kind, what budget), not by small talk.
    """
    words = [w.strip("'’") for w in V_WORD.findall(text.lower())]
    vague = [w for w in words if is_vague_word(w)]
    concrete = [
        w for w in words if not is_vague_word(w) and w not in WHO_WORDS and rules.is_content(w)
    ]
    return understood.confidence < UNREAD and bool(vague) and not concrete


def _names_a_kind(query: str, understood: rules.Understanding) -> bool:
    """Whether the message names a kind of product the lexicon knows, in any sentence.

    "il me faut un filet pour protéger mes cerises", "des mocassins à plateforme kaki, je
    chausse du 36": a kind named in a sentence the rules could not place is a need, in
    whatever language the shop writes (the evidence then says if it is not carried).
    """
    return understood.confidence < UNREAD and bool(kinds_named(query, understood.language))


def _names_a_product(ctx: Context, query: str) -> bool:
    """Whether the catalogue holds something close to ``query`` (one nearest-id lookup)."""
    try:
        vector = get_embeddings(ctx).embed_query(query)
        nearest = get_store(ctx).nearest_ids(vector, 1)
    except Exception:  # noqa: BLE001 - an empty or absent index: nothing to search
        return False
    return bool(nearest) and nearest[0][1] >= PRODUCT_LIKE_SIMILARITY
