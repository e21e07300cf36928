"""Words a message opens with that ask nothing themselves.

"uy no, quita el cazo", "tant pis, alors un gril électrique", "жаль. тогда бусы": the
interjections, a "no" taking back what came before, a change of mind, a shrug at what the
shop lacks, approval. The request is what follows them. The words are each language's
(``OPENERS`` and ``TAKING_BACK`` in :mod:`graph.languages`), read in any language: a
shopper opens with "ok" or "super" whatever language the rest is in.
"""

from __future__ import annotations

import re

from graph import languages as L


def _alternatives(words: tuple[str, ...]) -> str:
    """A regex alternation of ``words``, longest first ("oh well" before "oh"); ``*`` a stem."""
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(
        re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in ordered
    )


_INTERJECTIONS = _alternatives(L.words("OPENERS"))
_TAKING_BACK = _alternatives(L.words("TAKING_BACK"))
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
