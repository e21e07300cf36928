"""Which product a message names by its title words, on screen or not.

"add the Croscill Keira Square Pillow", "is the Q2 waterproof?", "and the chess set in a tin
too": a question or a cart addition that names a product by the words of its title (in
the shop's words, translated where the shopper writes another language) is about that
product. A search naming a kind ("Croscill pillows", "vous avez des serre-têtes ?") names
none. :func:`graph.turn_readings.settle` reads it once per turn.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from graph import rules
from graph.common_words import zipf
from graph.lexical import LexicalIndex
from graph.lookup import MIN_SINGLE_NAME, Named, asks_about, named_product, only_holder
from graph.translate import kinds_named, word_languages
from graph.vocabulary import ASK_FILLER as V_FILLER
from graph.vocabulary import CART_WORD_RE as V_CART_WORD
from graph.vocabulary import JOINS_RE as V_JOINS
from graph.vocabulary import NEED_RE as V_NEED
from graph.vocabulary import QUOTED_RE as V_QUOTED
from graph.vocabulary import SOMETHING_RE, cart_add_verb_re, fold, negation_re
from graph.vocabulary import STOPWORDS as V_STOPWORDS
from graph.vocabulary import WORD_RE as V_WORD


def read_named(
    text: str,
    understood: rules.Understanding,
    shown: Sequence[Mapping[str, Any]],
    lexical: LexicalIndex | None,
    group_of: Callable[[list[str]], dict[str, str]],
    fits: Callable[[list[str]], list[bool]] | None = None,
    searched: Callable[[str], str] = str,
) -> Named | None:
    """The product the message names by its title words (``understood.product``).

    Only in a question or a cart addition: "Nordlys jackets" is a search; "add the
    Croscill Keira Square Pillow" and "is the Q2 waterproof?" name a product. A cart
    addition that refers to no card may name it by one word only its titles hold ("add
    Cluedo"), the cart's own words naming nothing; "and the <name> too" right after an
    add adds what it names. Settles
    ``understood`` with it: the full name outranks a card on screen sharing some of its
    words, and a question about the product ("how thick is the sole on the <model>?") is
    a product question. Returns the product unless it is the card referred to on screen
    (then that reference stands), else ``None``. ``searched``: the words as the search
    reads them in the shop's language (compounds split, translated).
    """
    if understood.about_list or understood.cart or lexical is None:
        return None
    # a question, a cart addition, or "and the chess set in a tin too" right after one
    if not (understood.question or understood.intent == "purchase" or understood.continues_add):
        return None
    adding = understood.intent == "purchase" or understood.continues_add
    lone = adding and not understood.references
    # the cart's own words name no product ("įmesk į krepšelį": the shop sells baskets)
    naming = cart_add_verb_re(understood.language).sub(" ", V_CART_WORD.sub(" ", text.lower()))
    # "zwykły materac …, nie ten «Второе дыхание»": the name refused is no product asked for
    naming, refused = refused_names(naming, understood.language)
    if refused:
        fits = _without(refused, lexical, fits)
    found = named_in_shop_words(naming, lexical, group_of, fits, lone, searched)
    if found is None and understood.question:
        # "ok and what does the cersei one cost?": one word of a model's name, no word of
        # any language, that one product's titles alone hold
        found = _one_model_word(naming, lexical, group_of, understood.language)
    if adding:
        # "add the Zenfold Cork Yoga Block Set and the Zenfold Ridge Resistance Band Set"
        several = _several_named(naming, lexical, group_of, lone)
        if len(several) > 1:
            found, understood.also_add = several[0], [n.id for n in several[1:]]
    if found is None:
        return None
    # "Was habt ihr von C and F?": words of a brand the message names name that brand
    brand_words = {t for b in understood.updates.get("brands") or () for t in lexical.terms(b)}
    if set(found.words) <= brand_words:
        return None
    # "what size is the <name>?": the size is a concept asked, though "size" is filler
    asks = bool(
        asks_about(text, found, lexical, V_FILLER) or understood.concepts or understood.features
    )
    if understood.intent in ("recommend", "refine") and V_NEED.search(text.lower()):
        # "Habt ihr Armbänder aus gewebten Glasperlen, so Rocailles-mäßig?": asked whether
        # the shop has it, the words describe the need (a material, a look), they ask
        # nothing of one product: a search, though one title holds them all
        asks = False
    if not found.exact and not asks:
        return None  # "do you have the Spaziomoda pumps?" with three fitting: a search
    if understood.intent in ("recommend", "refine") and SOMETHING_RE.search(text.lower()):
        return None  # "something fast for race day?": a need, though a title holds its words
    kind_words = {t for _, forms in kinds_named(text, understood.language) for f in forms
                  for t in lexical.terms(f.replace("*", ""))}  # fmt: skip
    if set(found.words) <= kind_words:
        return None  # "vous avez des serre-têtes à fleurs ?": a kind names no one product
    understood.product = found.id
    on_screen = [shown[i]["group_id"] for i in understood.references if i < len(shown)]
    if on_screen and found.group_id not in on_screen:
        # "add the Keira Square Pillow" while the Opal Square Pillow is shown: the full
        # name outranks the shared words "square pillow"
        understood.references, understood.reference = [], None
    elif on_screen:
        return None  # the card on screen it names is the reference already
    if understood.continues_add and understood.intent != "purchase":
        understood.intent = "purchase"  # "и полотенце цвета шоколад" after an add
    elif understood.intent in ("recommend", "refine", "other", "browse") and asks:
        # "how thick is the sole on the <model>?": a question about that product
        understood.intent, understood.updates = "product_question", {}
    return found


@functools.cache
def _refusal_re(language: str) -> re.Pattern[str]:
    """A refusal, up to two words ("nie ten", "not the"), then a name in quotes (group 1)."""
    between = r"(?:\s+[^\W\d_]{1,6}){0,2}\s+"
    return re.compile(negation_re(language).pattern + between + V_QUOTED.pattern)


def refused_names(text: str, language: str) -> tuple[str, list[str]]:
    """``text`` without the quoted names a refusal governs, and those names.

    "zwykły materac 60 na 200, nie ten «Второе дыхание»", "the plain one, not the
    “Second Breath”": the name refused says which product is not meant.
    """
    pattern = _refusal_re(language)
    refused = [m.group(1) for m in pattern.finditer(text)]
    return (pattern.sub(" ", text), refused) if refused else (text, [])


def _without(
    refused: Sequence[str],
    lexical: LexicalIndex,
    fits: Callable[[list[str]], list[bool]] | None,
) -> Callable[[list[str]], list[bool]]:
    """``fits``, and a title holding every word of a refused name does not fit."""
    holding: set[int] = set()
    for name in refused:
        terms = set(lexical.terms(name))
        if terms and terms <= lexical.title_rows.keys():
            holding |= set.intersection(*(set(lexical.title_rows[t].tolist()) for t in terms))

    def fit(ids: list[str]) -> list[bool]:
        base = fits(ids) if fits is not None else [True] * len(ids)
        return [ok and lexical.row(pid) not in holding for ok, pid in zip(base, ids, strict=True)]

    return fit


def named_in_shop_words(
    naming: str,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    fits: Callable[[list[str]], list[bool]] | None,
    lone: bool,
    searched: Callable[[str], str],
) -> Named | None:
    """The product ``naming`` names, read in the shop's words where that names one.

    "le couvre-lit Thomasville Cayman": the kind in the shop's words ("bedspread") tells
    the Cayman bedspread from the Cayman drapes and duvet. A name must be among the words,
    though (one no lexicon of a language holds: "Cayman", "Odelo"): "et une tente pour
    quatre personnes ?" is a need, even where its translation fits one title.
    """
    translated = searched(naming)
    if translated != naming and (names := _name_terms(naming, lexical)):
        # a product whose title holds one of the names: the translation adds kinds and
        # features ("print over"), which must not name another product on their own
        found = named_product(
            translated,
            lexical,
            group_of,
            closest_variant=True,
            fits=fits,
            single_word=lone,
            anchor=frozenset(t for t in names if t not in V_STOPWORDS and len(t) > 2),
        )
        if found is not None and set(found.words) & names:
            return found
    return named_product(
        naming, lexical, group_of, closest_variant=True, fits=fits, single_word=lone
    )


#: A model's name said alone is a word no language uses even this often (Zipf scale).
MAX_NAME_ZIPF = 2.0


def _one_model_word(
    naming: str,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    language: str,
) -> Named | None:
    """The product whose titles alone hold the one model name word ``naming`` says."""
    words = [
        w
        for w in V_WORD.findall(naming)
        if len(w) >= MIN_SINGLE_NAME
        and not word_languages(fold(w))
        and zipf(w, language) < MAX_NAME_ZIPF
        and zipf(w, "en") < MAX_NAME_ZIPF
    ]
    found = [n for w in words for t in lexical.terms(w) if (n := only_holder(t, lexical, group_of))]
    return found[0] if len(found) == 1 else None


def _name_terms(text: str, lexical: LexicalIndex) -> set[str]:
    """The index terms of the words of ``text`` no lexicon of a language holds: names."""
    return {
        term
        for word in V_WORD.findall(text)
        if not word_languages(fold(word))
        for term in lexical.terms(word)
    }


def _several_named(
    naming: str,
    lexical: LexicalIndex,
    group_of: Callable[[list[str]], dict[str, str]],
    single_word: bool,
) -> list[Named]:
    """The products each part of an addition names, when every part names one."""
    parts = [p for p in V_JOINS.split(naming) if p.strip()]
    if len(parts) < 2:
        return []
    found = [
        named_product(part, lexical, group_of, closest_variant=True, single_word=single_word)
        for part in parts
    ]
    named = [n for n in found if n is not None and n.exact]
    if len(named) != len(parts) or len({n.group_id for n in named}) != len(named):
        return []
    return named
