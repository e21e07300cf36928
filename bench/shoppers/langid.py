"""The language a reply is written in (py3langid over the eight suite languages).

Product titles and quoted shopper words are removed first: an English title in a German
reply, or the shopper's own words echoed back, say nothing about the reply's language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bench.shoppers.tasks import LANGUAGES

_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|«[^»]*»|„[^“”]*[“”]")
_PRICE = re.compile(r"[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:USD|EUR|PLN|BYN|zł|€|руб)")
_WORD = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    ident.set_languages(list(LANGUAGES))
    return ident


def strip_known(text: str, titles: Sequence[str]) -> str:
    """The reply's own words: without titles, quoted words and prices."""
    for title in sorted(titles, key=len, reverse=True):
        if title:
            text = text.replace(title, " ")
    return _PRICE.sub(" ", _QUOTED.sub(" ", text))


def detect(text: str, titles: Sequence[str] = (), fallback: str = "") -> str:
    """ISO 639-1 code of ``text``; ``fallback`` when fewer than two words are left to judge."""
    own = strip_known(text, titles)
    if len(_WORD.findall(own)) < 2:
        return fallback
    language, _ = _identifier().classify(own)
    return str(language)
