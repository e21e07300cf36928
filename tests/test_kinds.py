"""Cards agree with the best match on the words the shopper named (graph/kinds.py)."""

from __future__ import annotations

from graph.kinds import agree_with_best
from graph.lexical import LexicalIndex
from graph.retrieval import Candidate

TITLES = {
    "a": "Zamszowe botki Lestrosa Ambra",
    "b": "Zamszowe botki Lancioni",
    "c": "Zamszowe mokasyny Lancioni",
    "d": "Skórzane botki Lestrosa Wiola",
    "e": "Torebka zamszowa",
    "f": "Kinetica Studio Monitor Headphones",
    "g": "Arcwave Halo Wireless Headphones",
    "h": "Voltix True Wireless Earbuds",
    "i": "Saltmarsh Flannel Overshirt",
}
LEXICAL = LexicalIndex.build([(k, t, t) for k, t in TITLES.items()], "pl", detect=False)


def ranked(*ids: str) -> list[Candidate]:
    return [
        Candidate(id=i, group_id=i, similarity=0.5, meta={"title": TITLES[i]}, document="",
                  score=1.0 - n / 10)
        for n, i in enumerate(ids)
    ]  # fmt: skip


def ids(candidates: list[Candidate]) -> list[str]:
    return [c.id for c in candidates]


def test_every_card_carries_the_kind_and_trait_the_best_match_carries() -> None:
    got = agree_with_best(ranked("a", "c", "b", "d", "e"), "zamszowe botki 38", LEXICAL)
    assert ids(got) == ["a", "b"]  # suede loafers, leather boots and a suede bag go


def test_inflected_words_agree_through_the_stem() -> None:
    got = agree_with_best(ranked("b", "a", "c"), "botków zamszowych", LEXICAL)
    assert ids(got) == ["b", "a"]


def test_too_few_agreeing_orders_the_closest_first_and_drops_none() -> None:
    got = agree_with_best(ranked("g", "i", "f", "h"), "wireless headphones", LEXICAL)
    assert ids(got)[0] == "g" and ids(got)[-1] == "i"  # the overshirt shares no word


def test_words_no_title_has_never_filter() -> None:
    candidates = ranked("f", "i", "h")
    assert ids(agree_with_best(candidates, "a gift for my mom", LEXICAL)) == ["f", "i", "h"]
    assert ids(agree_with_best(candidates, "", None)) == ["f", "i", "h"]


def test_a_brand_word_in_the_title_is_no_kind() -> None:
    candidates = ranked("f", "g", "h")
    candidates[0].meta["brand"] = "Kinetica Studio"
    got = agree_with_best(candidates, "kinetica studio gear", LEXICAL)
    assert ids(got) == ["f", "g", "h"]
