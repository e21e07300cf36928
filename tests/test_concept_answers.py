"""How a product closes, what comes with it, what it measures: asked in any language.

"elle se ferme comment ?" of a duvet described "Button closure", "e come si chiude?" of a
laundry bag described "Užsegamas plastikiniu užtrauktuku", "what comes in the set?" of a
comforter set whose text says "Set includes…": the question names the concept, not a word
of the text. Each language's ``CONCEPT_ASKS`` and ``CONCEPT_ANSWERS`` (graph/languages)
carry it; the answer quotes the sentence holding one of the concept's words.
"""

from __future__ import annotations

import pytest

from tests.test_feature_answers import quotes

ENGLISH = [
    ("d1", "Thomasville Captiva Duvet", 'Twin (70" x 90"). Button closure. 300 count sateen.'),
    ("s1", "Vue Coachella Comforter Set", "Set includes a comforter and 2 shams. Polyester."),
    ("r1", "Voltix Flux Ring", "Tracks sleep. Includes a USB-C cable and a quick-start guide."),
    *((f"f{n}", f"Filler Sheet {n}", "Cotton. Machine washable.") for n in range(8)),
]
POLISH = [
    ("t1", "Torebka Leather Country", "Ziarnista faktura, ściągana sznurkiem. Długi pasek."),
    ("t2", "Kuferek Spaziomoda", "Sztywny fason. Zamykana na zamek błyskawiczny."),
    *((f"f{n}", f"Torebka Lestrosa {n}", "Skóra naturalna.") for n in range(8)),
]
LITHUANIAN = [
    ("m1", "Apsauginis skalbinių maišas", "Tinklinis skalbinių maišas. Užsegamas užtrauktuku."),
    *((f"f{n}", f"Rankšluostis {n}", "Medvilnė. Skalbti 40 laipsnių.") for n in range(8)),
]
SHOPS = {"en": ENGLISH, "pl": POLISH, "lt": LITHUANIAN}


@pytest.mark.parametrize(
    ("shop", "pid", "text", "language", "said"),
    [
        # how it closes
        ("en", "d1", "la housse de couette, elle se ferme comment ?", "fr", "button"),
        ("en", "d1", "¿cómo se cierra?", "es", "button"),
        ("pl", "t1", "Wie geht die zu – mit Reißverschluss?", "de", "sznurkiem"),
        ("pl", "t2", "how does it close?", "en", "zamek"),
        ("lt", "m1", "e come si chiude?", "it", "užtrauktuku"),
        ("lt", "m1", "а как он застёгивается?", "ru", "užtrauktuku"),
        # what comes with it
        ("en", "s1", "what comes in the set exactly?", "en", "includes"),
        ("en", "r1", "o kas įdėta į dėžutę kartu su juo?", "lt", "includes"),
        ("en", "s1", "was ist alles im Set dabei?", "de", "includes"),
        # what it measures, asked with the verb
        ("en", "d1", "et elle mesure combien ?", "fr", "70"),
        ("en", "d1", "¿cuánto mide?", "es", "70"),
    ],
)
def test_a_concept_asked_is_answered_by_the_sentence_that_names_it(
    monkeypatch, shop, pid, text, language, said
) -> None:
    found = quotes(SHOPS[shop], shop, pid, text, language, monkeypatch)
    assert found and said in found[0].lower(), found


ROOTS = [
    ("b1", "Ridge Fabric Booty Bands", "Crafted from woven polyester and latex. Washable."),
    ("t1", "Organic Cotton Tee", "OEKO-TEX certified cotton. Regular fit."),
    *((f"f{n}", f"Filler Mug {n}", "Ceramic. Holds 350 ml.") for n in range(8)),
]


@pytest.mark.parametrize(
    ("pid", "text", "language", "said"),
    [
        ("b1", "ar jose yra latekso? esu alergiška", "lt", "latex"),
        ("b1", "czy jest w nim lateks?", "pl", "latex"),
        ("t1", "¿tiene certificado?", "es", "certified"),
    ],
)
def test_a_word_sharing_its_root_with_the_shop_s_finds_the_sentence(
    monkeypatch, pid, text, language, said
) -> None:
    """No lexicon line holds "latekso": its root is the text's "latex" (graph.cognates,
    the shop's script too when the question is in another language)."""
    found = quotes(ROOTS, "en", pid, text, language, monkeypatch, told=True)
    assert found and said in found[0].lower(), found
