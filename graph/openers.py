"""Words a message opens with that ask nothing themselves.

"uy no, quita el cazo", "tant pis, alors un gril électrique", "жаль. тогда бусы": the
interjections, a "no" taking back what came before, a change of mind, a shrug at what the
shop lacks. The request is what follows them.
"""

from __future__ import annotations

import re

#: Words a shopper opens a request with that ask nothing themselves: interjections and a
#: "no" taking back what came before ("uy no, quita el cazo", "oh nein, nimm … raus").
_INTERJECTIONS = (
    r"oh well|oh là là|ok\w*|oh|o|ah|ach|och|oops|ups|uy|ay|oj|ojej|hmm+|ну|ой|ох|ай|wait|"
    r"actually|sorry|pardon|perdón|perdon|scusa|scusate|"
    # "ok" in the shopper's own language: "ладно, убери её", "dobra, usuń to"
    r"ладно|dobra|vale|bueno|d'accord|gerai|va bene|"
    r"entschuldigung|przepraszam|atsiprašau|извините|прости|mince|vaya|uff|uffa|"
    # changing one's mind: "хотя нет, передумала, убери их", "en fait non, enlève-le"
    r"хотя|передумал\w*|всё-таки|все-таки|jednak|rozmyśliłam|rozmyśliłem|vis dėlto|"
    r"persigalvojau|finalement|en fait|eigentlich|doch|ripensandoci|pensándolo bien|"
    r"mejor|on second thought|never mind|nevermind|changed my mind|"
    # taking a "not carried" with a shrug, then the next need: "tant pis, alors un gril",
    # "qué pena. pues una taza", "жаль. тогда бусы"
    r"too bad|what a shame|shame|pity|then|tant pis|dommage|alors|qué pena|que pena|"
    r"lástima|lastima|pues|entonces|peccato|pazienza|allora|schade|dann|na gut|naja|szkoda|"
    r"trudno|wobec tego|gaila|tada|tai|жаль|тогда|что ж|"
    # approval before the request: "puiku, dėkit į krepšelį", "parfait, je le prends"
    r"perfect|great|nice|love it|parfait|génial|genial|perfecto|perfetto|ottimo|perfekt|"
    r"prima|passt|super|świetnie|swietnie|puiku|отлично|супер"
)
_TAKING_BACK = r"no|nope|nah|nein|nee|non|nie|ne|нет"
_OPENERS_RE = re.compile(rf"^(?:[\W\d_]*\b(?:{_INTERJECTIONS}|{_TAKING_BACK})\b)*[\W\d_]*$")
#: The interjections opening a message, each followed by a pause or a space (a "no" stays:
#: "no pink" refuses a colour).
_LEADING_INTERJECTIONS_RE = re.compile(
    rf"^(?:[\W\d_]*\b(?:{_INTERJECTIONS})(?=[\s,.!;:…]))+[\s,.!;:…]*"
)


def without_openers(text: str) -> str:
    """``text`` without the interjections it opens with ("tant pis, alors un gril": "un gril")."""
    return _LEADING_INTERJECTIONS_RE.sub("", text, count=1)


def only_openers(text: str) -> bool:
    """Whether ``text`` (the start of a message) holds only interjections and a "no"."""
    return _OPENERS_RE.match(text) is not None
