"""Whether the catalogue carries what the shopper asked for, decided by retrieval's evidence.

"Do you sell sofas?" in a sportswear shop finds cushions "designed for sofas"; the
reply must say it has no sofas before it shows them. The old test — no card's title
holds a word of the need — fired on nearly every turn in shops that title products by
model name ("Aurora Men", "Meridian"), above the right cards. The first stage
(:func:`graph.hybrid.first_stage`) now reports, under the turn's hard filters:

* ``best_title_coverage``: the largest IDF-weighted share of the searched terms one
  product's title holds (1.0: a title names everything asked);
* ``best_lexical_share``: the best BM25 score over the most the searched terms could
  score (each term's IDF × (k1 + 1)); a word only in a description scores low, a word
  in the title and the categories high;
* ``best_semantic``: the cosine of the nearest product.

"Not carried" needs all three to be weak: no title names the need, no text names it
strongly, and nothing is close in meaning. Any one strong signal is enough to stay
silent, since a false "I have nothing called X" above the right cards is worse than a
missed one. So is a catalogue or a need in a language the embedding model was not
trained on (its cosines are low for everything there: Lithuanian with the multilingual
model, anything but English with MiniLM), and a need with a code or a number in it.
The thresholds are calibrated on data (``bench/not_carried.py``: the
relevance dev set's not-carried and carried queries over seven catalogues, plus
not-carried queries written per catalogue), per embedding model, since a cosine from one
model says nothing about another's. A model without calibrated thresholds, or a turn
without lexical evidence (the index still building after a sync), never says "not
carried".

A second rule speaks when the cosines cannot: **absent words in the shop's own
language**. A need written in the catalogue's language whose words the catalogue's
text barely holds (no title names it, its BM25 share is tiny) is not carried,
whatever the nearest cosine: "mattresses" in a bedding shop sits close in meaning to
the sheets (0.44 with MiniLM), and MiniLM's cosines say nothing about a Polish shop's
"sandały". Same-language needs that the catalogue carries always share words with its
texts (on the calibration set the least, "набор для бани в подарок", scores 0.14), while
a need in another language shares none by nature: so the rule asks that the turn is in
the catalogue's language *and* that the need itself reads most like it ("Brotmesser" in
an English shop, "miegmaišis" in any, never hear it). A need very close in meaning to
a product (:data:`ABSENT_SEMANTIC`) stays silent even then.

A third rule speaks when the scores cannot tell a neighbour from the thing: **a kind
of product the shop never names** (:mod:`graph.absent_kinds`): "gants en cuir" in a shop
of leather bags is close to them in words and meaning, but no title or text of the shop
names gloves in any language the lexicon knows (``bench/not_carried.py``: right claims
75 → 90 of 121, false claims 2 → 2).

The evidence is taken under the turn's hard filters, not over the whole catalogue:
the claim is about the cards shown, and "I have nothing called X" followed by X that
fits the filters would be wrong, while X outside them is the relax path's business.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from graph import languages as L
from graph.vocabulary import letter_scripts

#: The embedding models calibrated (``AISLE_EMBEDDING_MODEL`` names, as in sync.embed).
USE_MULTILINGUAL = "use-multilingual"
MINILM_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
#: The languages the multilingual model was trained on (Universal Sentence Encoder
#: Multilingual: 16 languages); its cosines mean little for a catalogue in another one.
USE_LANGUAGES = frozenset("ar de en es fr it ja ko nl pl pt ru th tr zh".split())


@dataclass(frozen=True)
class Thresholds:
    """Below every one of these, the need is not carried."""

    title: float  # best_title_coverage
    lexical: float  # best_lexical_share
    semantic: float  # best_semantic (cosine; model-specific)
    #: catalogue languages whose cosines the model's threshold holds for (empty: any)
    languages: frozenset[str] = frozenset()


#: Calibrated per embedding model by ``bench/not_carried.py --calibrate`` (a false claim
#: counted three missed ones; 563 messages over seven catalogues; figures and the
#: choice in bench/relevance/README.md, "Not carried").
THRESHOLDS: dict[str, Thresholds] = {
    USE_MULTILINGUAL: Thresholds(title=0.2, lexical=0.7, semantic=0.2, languages=USE_LANGUAGES),
    MINILM_MODEL: Thresholds(title=0.6, lexical=0.5, semantic=0.31, languages=frozenset({"en"})),
}
#: The absent-words rule (model-independent: lexical evidence only; calibrated by
#: ``bench/not_carried.py`` on the same messages: no same-language carried need is below).
ABSENT = Thresholds(title=0.15, lexical=0.12, semantic=0.6)
#: A model nobody calibrated: never "not carried" (a cosine below -1 is impossible).
UNCALIBRATED = Thresholds(title=0.0, lexical=0.0, semantic=-2.0)
#: A need with a code in it ("WD1555", "ES1845-20", "pillow 40x40", an EAN): the lexical
#: side decides codes, and one it cannot match is a spelling of the feed's it does not
#: know far more often than a product the shop lacks. A number alone of up to four
#: digits is no code: a year ("calendars for 2027"), a count, a size.
_CODE = re.compile(r"\d+[^\W\d_]\w*|[^\W\d_]+\d\w*|\d+[-x×/]\d+|\d{5,}")


def thresholds_for(model: str) -> Thresholds:
    """The calibrated thresholds of embedding ``model`` (:data:`UNCALIBRATED` if none)."""
    return THRESHOLDS.get(model, UNCALIBRATED)


def not_carried(
    evidence: Mapping[str, Any], thresholds: Thresholds, need: str = "", language: str = ""
) -> bool:
    """Whether ``evidence`` (a first stage's trace) says ``need`` is not carried.

    Every signal must be present and below its threshold: a missing one (no candidates,
    no lexical index yet) never yields "not carried"; nor does a catalogue in a
    language the model's threshold was not calibrated for, or a need with a code.
    ``language`` is the conversation's (detected on the whole message: a one-word need
    such as "Brotmesser" is too short for its own detection to be sure).
    """
    try:
        title = float(evidence["best_title_coverage"])
        lexical = float(evidence["best_lexical_share"])
        semantic = float(evidence["best_semantic"])
    except (KeyError, TypeError, ValueError):
        return False
    if _CODE.search(need):
        return False
    if evidence.get("absent_kinds"):
        return True  # a kind of product the shop never names (graph.absent_kinds)
    calibrated = thresholds is not UNCALIBRATED
    if calibrated and _absent(title, lexical, semantic, need, language, evidence):
        return True
    if thresholds.languages and not {
        str(evidence.get("catalogue_language") or ""),
        _language(need),
        language,
    } <= thresholds.languages | {""}:
        return False  # the model reads the catalogue's or the need's language poorly
    return (
        title < thresholds.title and lexical < thresholds.lexical and semantic < thresholds.semantic
    )


def _absent(
    title: float,
    lexical: float,
    semantic: float,
    need: str,
    language: str,
    evidence: Mapping[str, Any],
) -> bool:
    """The absent-words rule: a need in the catalogue's language its texts barely hold."""
    catalogue = str(evidence.get("catalogue_language") or "")
    if not catalogue or language != catalogue:
        return False
    if _likeliest_language(need) != catalogue and not _of_language(need, catalogue):
        return False
    return title < ABSENT.title and lexical < ABSENT.lexical and semantic < ABSENT.semantic


#: Below this, language identification's best guess for a need is no guess ("parasolki"
#: reads 0.23 Spanish): the conversation's language, the catalogue's, stands.
UNSURE_LANGUAGE = 0.3


@lru_cache(maxsize=4096)
def _of_language(need: str, catalogue: str) -> bool:
    """Whether ``need`` is in ``catalogue``'s language on other evidence than its best guess.

    The lexicon knows one of its words in that language ("calcetines": Spanish), or the
    need is written in that language's script and identification is unsure of any
    language at all (measured by ``bench/not_carried.py``: 63 → 75 right claims of 121,
    false claims 2 → 2).
    """
    from graph.language_detection import _identifier
    from graph.translate import word_languages

    words = re.findall(r"[^\W\d_]+", need.lower())
    if any(catalogue in word_languages(word) for word in words):
        return True
    if not words or letter_scripts(need) != {L.by_language("SCRIPT").get(catalogue)}:
        return False  # "Saunakissen" in a Russian shop: another script is another language
    return float(_identifier().classify(need)[1]) < UNSURE_LANGUAGE


#: How sure language identification must be that a need is in a language the model
#: was not trained on before the semantic evidence is set aside.
FOREIGN_CONFIDENCE = 0.7


@lru_cache(maxsize=4096)
def _language(need: str) -> str:
    """The need's language when py3langid is sure of it (``FOREIGN_CONFIDENCE``), else ""."""
    if not need.strip():
        return ""
    global _IDENTIFIER
    if _IDENTIFIER is None:
        from py3langid.langid import MODEL_FILE, LanguageIdentifier

        _IDENTIFIER = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    language, confidence = _IDENTIFIER.classify(need)
    return str(language) if confidence >= FOREIGN_CONFIDENCE else ""


@lru_cache(maxsize=4096)
def _likeliest_language(need: str) -> str:
    """The supported language ``need`` reads most like, however unsure ("" for no words).

    Only a tie-breaker between "the catalogue's language" and "another": a one-word
    need is rarely identified with confidence, but "mattresses" still reads most like
    English and "Brotmesser" most like German.
    """
    from graph.language_detection import _identifier

    if not need.strip():
        return ""
    return str(_identifier().classify(need)[0])


_IDENTIFIER: Any = None
