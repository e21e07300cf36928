"""Compound nouns read as their parts, number words as digits (graph.compounds, search)."""

from __future__ import annotations

from graph.compounds import parts, split_compounds
from graph.context import Context
from graph.search import query_text

GERMAN = ("es", "en", "s", "n", "e")
LEXICON = {"jacke", "schuhe", "becher", "winter", "arbeit", "hose", "sport", "yoga", "matte"}
BRIDGED = {"schlaf", "wander", "kaffee", "zuha"}  # what the bridge would vouch for
SHOP = {"sack", "use"}  # words the (English) shop writes


def _known(word: str) -> bool:
    return word in LEXICON or word in SHOP


def _bridged(word: str) -> bool:
    return word in BRIDGED


def test_the_head_is_the_longest_ending_that_is_a_word_and_the_rest_one_too():
    assert parts("Winterjacke", GERMAN, _known, _known) == ("winter", "jacke")
    assert parts("Arbeitshose", GERMAN, _known, _known) == ("arbeit", "hose")  # the joint "s"
    assert parts("Yogamatte", GERMAN, _known, _known) == ("yoga", "matte")
    assert parts("Schlafsack", GERMAN, _known, _known) is None  # "schlaf" is no known word
    # a modifier that is a word as it stands wins over a shorter one less a joint
    leather = {"leder", "led", "armband"}.__contains__
    assert parts("Lederarmband", ("er", *GERMAN), leather, leather) == ("leder", "armband")


def test_a_modifier_only_the_bridge_vouches_for_must_be_a_word_not_a_fragment():
    def split(text: str) -> list[str]:
        return split_compounds(text, "de", lambda w: True, _known, _bridged)

    assert split("Schlafsack") == ["schlaf", "sack"]
    assert split("Wanderschuhe für Damen") == ["wander", "schuhe"]
    assert split("zuhause") == []  # "zuha" is too short to trust the bridge with
    assert split_compounds("Schlafsack", "de", lambda w: True, _known) == []  # no bridge
    assert split_compounds("Winterjacke", "en", lambda w: True, _known, _bridged) == []
    # a word the catalogue or the lexicon already has is no compound to take apart
    assert split_compounds("Winterjacke", "de", lambda w: False, _known, _bridged) == []


class _Lexical:
    language = "en"
    vocabulary: dict[str, int] = {}

    @staticmethod
    def known(word: str) -> bool:
        return word in {"winter", "jacket", "tent", "person", "leather", "bracelet"}

    @staticmethod
    def in_titles(word: str) -> int:
        return 0

    @staticmethod
    def title_word(prefix: str) -> str | None:
        return None

    @staticmethod
    def correct(text: str) -> tuple[str, dict[str, str]]:
        return text, {}


def test_a_foreign_compound_and_a_number_word_are_searched_in_the_shops_terms():
    view = type("V", (), {"lexical": _Lexical(), "bridge": None})()
    ctx = Context(index_dir="unused", query_translation="lexicon")
    searched = query_text({"query": "warme Winterjacke"}, view, ctx, "de").split()
    assert {"winter", "jacket"} <= set(searched)  # "jacke" through the lexicon
    assert "2" in query_text({"query": "Zelt für zwei Personen"}, view, ctx, "de").split()
    # a compound the lexicon reads only by its first part's stem ("leder*") is split too:
    # its head says what it is
    bracelet = query_text({"query": "ein Lederarmband"}, view, ctx, "de").split()
    assert {"leather", "bracelet"} <= set(bracelet)
    # the shop's own language is searched as written
    assert query_text({"query": "two person tent"}, view, ctx, "en") == "two person tent"
