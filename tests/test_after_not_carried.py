"""Right after "not carried", the next need is another one, not the absent one narrowed."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.context import Context
from graph.rules import understand


def test_the_absent_words_are_not_searched_again() -> None:
    previous = {"query": "rękawice do sauny"}
    got = understand(
        "w kolorze khaki, nosidło na drewno", previous=previous, language="pl", after_absent=True
    )
    assert "rękawice" not in str(got.updates.get("query")), got
    kept = understand("w kolorze khaki, nosidło na drewno", previous={"query": "rękawice"})
    assert "rękawice" in str(kept.updates.get("query")), kept  # otherwise: narrowed


def _graph(index):
    return build_graph(InMemorySaver()), Context(index_dir=str(index), understanding="rules")


def test_after_not_carried_the_next_need_is_not_the_absent_one_narrowed(demo_catalogue) -> None:
    """ "got any ski goggles?" (the demo sells none) then "ok what about a warm puffer
    jacket, XL": the jackets are searched, the goggles are neither searched nor claimed."""
    _, index = demo_catalogue
    app, ctx = _graph(index)
    thread = {"configurable": {"thread_id": "after-absent"}}
    first = app.invoke({"messages": [("user", "got any ski goggles?")]}, thread, context=ctx)
    assert first["trace"].get("not_carried"), first["messages"][-1].content
    out = app.invoke(
        {"messages": [("user", "ok what about a warm puffer jacket, XL")]}, thread, context=ctx
    )
    assert "goggles" not in out["preferences"]["query"], out["preferences"]
    assert "what about" not in out["preferences"]["query"]
    assert not out["trace"].get("not_carried"), out["messages"][-1].content
    assert any("jacket" in c["title"].lower() for c in out["recommendations"])
