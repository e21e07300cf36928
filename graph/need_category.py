"""Which of the shop's categories a need names: the item's, narrowed by its use.

The facets' paths are matched by :func:`graph.facet_matching._match_category`; this module
says which words of the message may name one. The item is the clause before a purpose
("headphones for running"); where the language names the kind first ("pantalones de
senderismo", "buty trekkingowe"), its head is the first word naming a product concept.
The words after "for" say the use: they narrow the kind the item names, they name none
("ear phones for the gym" is no Fitness, "shoes for running" is Running within Shoes). An
item naming no kind ("what should I get for sleeping outside?") leaves the need to them.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph import languages as L
from graph import vocabulary as V
from graph.facet_matching import _FacetIndex, _match_category, _related
from graph.message_text import PhraseKeys, is_content
from graph.translate import kind_concepts

#: Where each language names a product's kind among its words ("first": "buty trekkingowe").
_TITLE_KIND = L.by_language("TITLE_KIND")
#: Marks that end a clause: the item is the clause right before "for" ("my legs are sore
#: after runs, got anything for recovery": "got anything").
_CLAUSE_MARKS = ",.;!?\n—–"


def need_category(
    index: _FacetIndex,
    read: PhraseKeys,
    masked_words: Sequence[str],
    text: str,
    purpose_at: int,
    language: str,
    gender: str,
    previous: str | None,
) -> tuple[str | None, list[str]]:
    """The category path the need names and the tied paths (see ``_match_category``).

    Args:
        index: The catalogue's facets, indexed.
        read: The message's words' match keys.
        masked_words: The message's words that have keys, brands blanked.
        text: The message, lower case, with what other readings took blanked.
        purpose_at: Where its purpose ("for running") begins (``len(text)``: none).
        language: The message's language.
        gender: The gender asked, if any.
        previous: The category of the need so far.
    """
    asked = [read.asked(w) for w in masked_words]
    item = text[:purpose_at]
    item_words = [w for w in V.WORD_RE.findall(item) if is_content(w)]
    head_word = item_words[-1:]
    if _TITLE_KIND.get(language) == "first":
        kinded = [w for w in item_words if any(k.startswith("@") for k in read.plain(w))]
        head_word = kinded[:1] or head_word
    head = frozenset().union(*map(read.asked, head_word))
    head_widened = head != frozenset().union(*map(read.plain, head_word))
    plain = [read.plain(w) for w in masked_words]

    def matched(named: frozenset[str]) -> tuple[str | None, list[str]]:
        return _match_category(index, named, gender, previous, head, asked, plain, head_widened)

    category, tied = matched(frozenset().union(*asked))
    clause = item[max(item.rfind(mark) for mark in _CLAUSE_MARKS) + 1 :]
    clause_words = [w for w in V.WORD_RE.findall(clause) if is_content(w)]
    if purpose_at >= len(text) or not clause_words:
        return category, tied
    own = matched(frozenset().union(*(read.asked(w) for w in clause_words)))
    if own[0] or own[1]:
        return (category, tied) if _within(category, tied, own) else own
    if kind_concepts(clause, language, departments=False):
        return None, []
    return category, tied


def _within(category: str | None, tied: list[str], own: tuple[str | None, list[str]]) -> bool:
    """Whether a category read with the purpose's words lies inside the item's own."""
    inside = [own[0]] if own[0] else own[1]
    found = [category] if category else tied
    return bool(found) and all(
        any(_related(f, i) and len(f) >= len(i) for i in inside) for f in found
    )


#: Words before the relating preposition that still only ask about the product in view
#: ("¿seguro que vale para…", "e si può lavare in…"): a short verb phrase.
MAX_SERVES_WORDS = 4
#: Each language's prepositions relating a product to another thing ("para", "in", "w").
_RELATING = {
    lang: frozenset(words) for lang, words in L.by_language("RELATING_PREPOSITIONS").items()
}


def asks_what_it_serves(text: str, language: str) -> bool:
    """Whether a question asks how the product in view relates to a thing another kind names.

    "¿seguro que vale para un portátil?", "e si può lavare in lavastoviglie?", "nadaje się
    dla laptopa?": languages that drop the pronoun ask about the one product in view with a
    verb alone; the kind after "para", "in", "dla" is what it serves or goes in, not
    another need ("¿tenéis algo para un portátil?" is one: the caller rules out a need cue;
    "una funda para un portátil?" asks for a sleeve: an indefinite or a kind comes first).
    """
    if "?" not in text:
        return False
    relating = _RELATING.get(language, frozenset())
    words = V.WORD_RE.findall(text)
    first_kind = next((i for i, w in enumerate(words) if kind_concepts(w, language)), None)
    if first_kind is None:
        return False
    # the preposition, then at most articles, then the kind
    at = first_kind - 1
    while at >= 0 and words[at] in V.STOPWORD_SET and words[at] not in relating:
        at -= 1
    if at < 0 or words[at] not in relating:
        return False
    before = words[:at]
    content = [w for w in before if w not in V.STOPWORD_SET]
    if len(content) > MAX_SERVES_WORDS:
        return False
    indefinite = V.INDEFINITE_RE.get(language)
    return indefinite is None or not any(indefinite.fullmatch(w) for w in before)
