"""Aisle's chat page: ``streamlit run ui/app.py``.

The page only draws. Backend work (the graph, threads, catalogue status, the
sync) goes through :mod:`ui.adapter`; card HTML comes from :mod:`ui.components`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `streamlit run ui/app.py` puts ui/ on the path, not the root
    sys.path.insert(0, str(ROOT))

from ui import adapter, components  # noqa: E402

st.set_page_config(page_title="Aisle — shopping assistant", page_icon="🛒", layout="wide")

ss = st.session_state
ss.setdefault("thread_id", adapter.new_thread_id())
ss.setdefault("turns", [])
ss.setdefault("pending", None)
ss.setdefault("sync_result", None)


def start_new() -> None:
    """Begin a fresh conversation."""
    ss.thread_id = adapter.new_thread_id()
    ss.turns = []
    ss.pending = None
    ss.thread_pick = None


def resume() -> None:
    """Load the conversation picked in the sidebar."""
    picked = ss.get("thread_pick")
    if not picked:
        return
    turns, error = adapter.load_thread(picked)
    ss.thread_id = picked
    ss.turns = turns
    ss.pending = None
    if error:
        ss.turns.append(adapter.Turn("assistant", error, error=True))


def ask(text: str) -> None:
    """Queue a message (a clicked suggestion) for this run."""
    ss.pending = text


# -- sidebar ---------------------------------------------------------------------------------------

cfg = adapter.settings()
status = adapter.catalogue_status(cfg)
llm = adapter.llm_status(cfg)

with st.sidebar:
    st.title("Aisle")
    view = st.radio("View", ["Chat", "Catalogue"], horizontal=True, key="view")
    st.button("New conversation", on_click=start_new, key="new_chat", width="stretch")
    threads = {t["id"]: t["title"] for t in adapter.list_threads()}
    st.selectbox(
        "Resume a conversation",
        options=list(threads),
        index=None,
        format_func=lambda tid: f"{threads.get(tid) or '(empty)'} · {tid[:6]}",
        placeholder="Pick an earlier thread…",
        key="thread_pick",
        on_change=resume,
    )
    st.text_input(
        "User id",
        key="user_id",
        placeholder="anonymous",
        help="Personalises recommendations from this shopper's purchase history.",
    )
    st.caption(f"Thread `{ss.thread_id[:8]}`")

    st.subheader("Model")
    st.write(llm["label"])
    if llm["message"]:
        st.warning(llm["message"], icon=":material/warning:")

    st.subheader("Catalogue")
    if status.get("ready"):
        facets = status.get("facets") or {}
        manifest = status.get("manifest") or {}
        last = manifest.get("last_sync") or {}
        st.markdown(
            f"**{facets.get('products', status.get('size', 0))}** products · "
            f"**{facets.get('variant_groups', '–')}** variant groups · "
            f"**{facets.get('in_stock', '–')}** in stock"
        )
        st.caption(
            f"Last sync {last.get('at', 'never')}  \n"
            f"Index v{manifest.get('schema_version', '?')} · {manifest.get('model_id', '?')}"
        )
    else:
        st.info(status["message"], icon=":material/info:")


# -- chat ------------------------------------------------------------------------------------------


def draw_trace(turn: adapter.Turn) -> None:
    """The turn's trace, collapsed."""
    trace = turn.trace
    if not trace:
        return
    with st.expander("Trace", expanded=False):
        meta = turn.meta or {}
        counts = trace.get("counts") or {}
        st.markdown(
            f"**Intent** `{trace.get('intent', meta.get('intent'))}` · "
            f"**language** `{trace.get('language', meta.get('language'))}` · "
            f"**phase** `{meta.get('phase') or '–'}` · "
            f"understood by {trace.get('understood_by', '–')}"
        )
        if counts:
            st.markdown(
                "**Candidates** "
                + " → ".join(
                    f"{stage} {counts[stage]}"
                    for stage in ("retrieve", "rerank", "diversify")
                    if stage in counts
                )
                + (f" · reranker {trace['reranker']}" if trace.get("reranker") else "")
            )
        if trace.get("need"):
            st.markdown(f"**Need** {trace['need']}")
        st.markdown("**Preferences**")
        st.json(trace.get("preferences") or meta.get("preferences") or {}, expanded=False)
        st.markdown("**Hard filters**")
        st.json(trace.get("filters") or {}, expanded=False)
        timings = trace.get("timings_ms") or {}
        if timings:
            st.markdown(
                "**Timings** "
                + " · ".join(f"{node} {ms:.0f} ms" for node, ms in timings.items())
                + f" · total {sum(timings.values()):.0f} ms"
            )


def draw_turn(turn: adapter.Turn, index: int, last: bool) -> None:
    """One message, with its cards, suggestions and trace."""
    with st.chat_message(turn.role):
        if turn.error:
            st.warning(turn.content, icon=":material/warning:")
        elif turn.role == "assistant":
            st.markdown(components.reply_markdown(turn.content))
        else:
            st.markdown(turn.content)
        if turn.cards:
            st.markdown(components.cards_html(turn.cards), unsafe_allow_html=True)
        if last and turn.suggestions:
            cols = st.columns(min(len(turn.suggestions), 6))
            for n, text in enumerate(turn.suggestions[:6]):
                cols[n].button(
                    text,
                    key=f"suggest-{index}-{n}",
                    on_click=ask,
                    args=(text,),
                    width="stretch",
                )
        draw_trace(turn)


def chat() -> None:
    """History, the chat input, and the turn in progress."""
    prompt = st.chat_input("Ask for a product, a budget, a colour…", key="prompt")
    text = prompt or ss.pending
    ss.pending = None
    if not ss.turns and not text:
        st.markdown("### What are you shopping for today?")
        if not status.get("ready"):
            st.info(status["message"], icon=":material/info:")
    for n, turn in enumerate(ss.turns):
        draw_turn(turn, n, last=(n == len(ss.turns) - 1 and not text))
    if not text:
        return
    user = adapter.Turn("user", text)
    ss.turns.append(user)
    draw_turn(user, len(ss.turns) - 1, last=False)
    with st.spinner("Looking through the catalogue…"):
        reply = adapter.run_turn(text, ss.thread_id, ss.get("user_id") or "")
    ss.turns.append(reply)
    draw_turn(reply, len(ss.turns) - 1, last=True)


# -- catalogue -------------------------------------------------------------------------------------


def catalogue() -> None:
    """Category tree and the sync form."""
    st.header("Catalogue")
    if status.get("ready"):
        facets = status.get("facets") or {}
        cols = st.columns(4)
        cols[0].metric("Products", facets.get("products", status.get("size", 0)))
        cols[1].metric("Variant groups", facets.get("variant_groups", "–"))
        cols[2].metric("In stock", facets.get("in_stock", "–"))
        cols[3].metric("Brands", facets.get("brand_count", facets.get("brands", "–")))
        st.subheader("Categories (share of the catalogue)")
        tree = facets.get("categories") or []
        st.markdown(components.category_tree_markdown(tree) if tree else "_No categories._")
        collections = facets.get("collections") or []
        if collections:
            st.caption(
                "Collections: " + ", ".join(f"{c['name']} ({c['count']})" for c in collections)
            )
    else:
        st.info(status["message"], icon=":material/info:")

    st.subheader("Sync a feed")
    last_feed = ((status.get("manifest") or {}).get("last_sync") or {}).get("feed", "")
    with st.form("sync_form"):
        feed = st.text_input("Feed (path or URL)", value=last_feed, key="feed")
        dry_run = st.checkbox("Dry run (report only, write nothing)", key="dry_run")
        submitted = st.form_submit_button("Sync", key="sync_submit")
    if submitted:
        with st.spinner("Syncing…"):
            ss.sync_result = adapter.run_sync(feed, dry_run=dry_run)
        st.rerun()
    result = ss.sync_result
    if not result:
        return
    if result["status"] == "ok":
        st.success(
            f"Sync {'dry run ' if result.get('dry_run') else ''}finished: "
            f"{result.get('index_size', 0)} products in the index, "
            f"{result.get('embedded', 0)} texts embedded.",
            icon=":material/check_circle:",
        )
    elif result["status"] == "refused":
        st.warning(
            f"Sync refused, nothing was written: {result['reason']}", icon=":material/block:"
        )
    else:
        st.error(f"Sync failed: {result['reason']}", icon=":material/warning:")
    counts = result.get("counts") or {}
    if counts:
        labels = [
            ("new", "New"),
            ("changed", "Changed"),
            ("metadata_only", "Metadata only"),
            ("deleted", "Deleted"),
            ("unchanged", "Unchanged"),
            ("rejected", "Rejected"),
        ]
        boxes = st.columns(len(labels) + 1)
        for box, (key, label) in zip(boxes, labels, strict=False):
            box.metric(label, counts.get(key, 0))
        boxes[-1].metric("Embedded", result.get("embedded", 0))
    rejections = result.get("rejections") or []
    if rejections:
        with st.expander(f"Rejected items ({len(rejections)})"):
            st.dataframe(rejections, width="stretch")


if view == "Catalogue":
    catalogue()
else:
    chat()
