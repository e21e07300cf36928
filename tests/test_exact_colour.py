"""A colour asked shows that colour where the shop sells it, not the shades filed under it.

The index files a shade under its family as well ("Bordowy" is burgundy and red), so a red
filter found five bags in burgundy for "a red leather handbag" in a shop that sells red
ones (graph/catalogue_colours.py, exact_colour_first). Only a colour said as itself asks
that: "khaki" is read as beige and "ciemnozielona" as green, and each asks its shade
(colours_said, kept as the preference "colors_said" by graph/understand_node.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from graph.catalogue_colours import colours_said, exact_colour_first, named_colours
from graph.retrieval import Candidate
from sync.enrich import record_colors


def _bag(pid: str, colour: str) -> Candidate:
    meta = {
        "title": f"Torebka {pid}",
        "color": colour,
        "colors": record_colors(colour, from_feed=True),
    }
    return Candidate(id=pid, group_id=pid, similarity=0.5, meta=meta, document="")


def test_a_colour_value_names_itself_not_its_shades_family() -> None:
    assert named_colours("Bordowy") == {"burgundy"}
    assert named_colours("Czerwony") == {"red"}
    assert named_colours("Karmel") == {"karmel"}  # the shop's own name
    assert named_colours("Black/White") == {"black", "white"}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a red leather handbag", ["red"]),
        ("un petit sac rouge", ["red"]),
        ("torebka w kolorze gorzkiej czekolady, brązowa", ["brown"]),
        ("o baltu turit?", ["white"]),
        # a shade: dark or light, made one word with it or beside it, or a shade's own name
        ("koszulka ciemnozielona, taka leśna zieleń", []),
        ("dark green", []),
        ("bleu foncé", []),
        ("светло-серый", []),
        ("in so nem dunklen Blau", []),
        ("w kolorze khaki", []),
    ],
)
def test_a_colour_is_said_as_itself_unless_a_shade_of_it_is_said(
    text: str, said: list[str]
) -> None:
    assert colours_said(text) == said


def test_the_colour_itself_goes_before_the_shades_filed_under_it() -> None:
    bags = [_bag("a", "Bordowy"), _bag("b", "Czerwony"), _bag("c", "Bordowy"), _bag("d", "")]
    # "d": no colour field, found by its title; the filter did not place it by a shade
    assert [c.id for c in exact_colour_first(bags, ["red"])] == ["b", "d"]
    # no bag in red itself: the burgundy ones are the shop's red
    burgundy = [_bag("a", "Bordowy"), _bag("c", "Bordowy")]
    assert [c.id for c in exact_colour_first(burgundy, ["red"])] == ["a", "c"]
    # the shade asked is its own colour; no colour asked filters nothing
    assert [c.id for c in exact_colour_first(burgundy, ["burgundy"])] == ["a", "c"]
    assert [c.id for c in exact_colour_first(bags, [])] == ["a", "b", "c", "d"]


def test_a_product_shown_by_a_shade_is_kept_by_its_variant_in_the_colour_itself() -> None:
    """A group stands for itself by its best-matching variant, which may be a shade
    ("Azul Marino Jaspeado") while another variant that passes the filter is the colour
    asked ("Azul Zafiro"): that variant stands for it, it does not drop out."""
    tee = _bag("navy", "Azul Marino Jaspeado")
    tee.group_id, tee.matching_ids = "tee", ["navy", "sapphire"]
    sapphire = {"title": "Camiseta", "color": "Azul Zafiro", "colors": ["blue"]}
    other = _bag("other", "Azul Zafiro")
    read: list[list[str]] = []

    def records(ids: Sequence[str]) -> dict[str, tuple[dict, str]]:
        read.append(list(ids))
        return {"sapphire": (sapphire, "doc")} if "sapphire" in ids else {}

    kept = exact_colour_first([other, tee], ["blue"], records)
    assert [(c.id, c.group_id) for c in kept] == [("other", "other"), ("sapphire", "tee")]
    assert kept[1].meta["color"] == "Azul Zafiro" and kept[1].document == "doc"
    assert read == [["sapphire"]]  # only the variants of the group not in the colour
    # no variant in the colour itself: the shade goes, as before
    alone = _bag("navy", "Azul Marino Jaspeado")
    assert [c.id for c in exact_colour_first([other, alone], ["blue"], records)] == ["other"]


def test_the_colour_said_as_itself_is_kept_a_shade_read_as_its_family_is_not(
    demo_catalogue,
) -> None:
    """ "a red rain jacket" names red; "a rain jacket in khaki colour" asks a shade the
    reading files as beige, so the shop's own beige must not push the khaki ones out."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graph import build_graph
    from graph.context import Context

    _, index = demo_catalogue
    app = build_graph(InMemorySaver())
    ctx = Context(index_dir=str(index))

    def prefs(thread: str, text: str) -> dict:
        config = {"configurable": {"thread_id": thread}}
        return app.invoke({"messages": [("user", text)]}, config, context=ctx)["preferences"]

    red = prefs("red", "a red rain jacket")
    assert red["colors"] == ["red"] and red["colors_said"] == ["red"]
    khaki = prefs("khaki", "a rain jacket in khaki colour")
    assert khaki["colors"] == ["beige"] and khaki["colors_said"] == []
