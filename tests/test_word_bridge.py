"""The word bridge: a foreign word the lexicon lacks finds the shop's word (graph.bridge)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import graph.bridge as bridge
from graph.bridge import WordBridge, title_words
from graph.context import Context
from graph.search import query_text

TITLES = [  # an English camping and kitchen shop; "Vanta", "Ridge", "Willow": model names
    "Vanta Trekking Tent",
    "Ridge Sleeping Bag",
    "Bread Knife Pro",
    "Willow Coffee Mug",
    "Oak Writing Desk",
]


def test_the_targets_are_the_title_words() -> None:
    words = title_words(TITLES)
    assert {"tent", "sleeping", "bag", "knife", "coffee", "mug", "desk", "vanta"} <= set(words)
    assert not {"a", "for"} & set(words)  # only words of three letters or more
    # nor stop words: "wants" had found "pour" in "Fiole pour élement précieux"
    french = title_words(["Fiole pour élement précieux", "Bracelet avec perles", "Sac dans"])
    assert {"fiole", "bracelet", "perles"} <= set(french)
    assert not {"pour", "avec", "dans"} & set(french)


class _RecordingModel:
    """A fake multilingual embedder that records what it embeds (hash vectors)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.texts.extend(texts)
        out = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
            vec = np.random.default_rng(seed).standard_normal(32)
            out.append((vec / np.linalg.norm(vec)).tolist())
        return out


def test_a_new_generation_embeds_only_its_new_words(monkeypatch: pytest.MonkeyPatch) -> None:
    model = _RecordingModel()
    monkeypatch.setattr(bridge, "_model", lambda: model)
    monkeypatch.setattr(bridge, "_VECTORS", {})
    first = WordBridge.build(TITLES)
    assert first is not None and sorted(model.texts) == first.words
    model.texts.clear()
    WordBridge.build([*TITLES, "Camping Stove"])
    assert sorted(model.texts) == ["camping", "stove"]


@pytest.fixture(scope="module")
def shop_bridge() -> WordBridge:
    if bridge._model() is None:
        pytest.skip("the multilingual model is not installed (make setup installs it)")
    built = WordBridge.build(TITLES)
    assert built is not None
    return built


@pytest.mark.parametrize(
    ("word", "meant"),
    [("namiot", "tent"), ("палатка", "tent"), ("Brotmesser", "knife"), ("Kaffeebecher", "coffee")],
)
def test_a_foreign_word_finds_the_shops_word(shop_bridge: WordBridge, word, meant) -> None:
    found = shop_bridge.nearest(word)
    assert found is not None and found[0] == meant and found[1] >= bridge.MIN_SIMILARITY


class _Lexical:
    language = "en"
    vocabulary: dict[str, int] = {}

    def __init__(self) -> None:
        self.words = set(title_words(TITLES))

    def known(self, word: str) -> bool:
        return word in self.words

    @staticmethod
    def in_titles(word: str) -> int:
        return 0

    @staticmethod
    def title_word(prefix: str) -> str | None:
        return None

    @staticmethod
    def correct(text: str) -> tuple[str, dict[str, str]]:
        return ("tent", {"tnet": "tent"}) if text == "tnet" else (text, {})


def test_only_a_conversation_in_another_language_is_bridged(shop_bridge: WordBridge) -> None:
    view = type("V", (), {"lexical": _Lexical(), "bridge": shop_bridge})()
    ctx = Context(index_dir="unused", query_translation="lexicon+model")
    assert query_text({"query": "namiot"}, view, ctx, "pl") == "namiot tent"
    # the same word from a shopper writing the shop's language is left for "not carried"
    assert query_text({"query": "namiot"}, view, ctx, "en") == "namiot"
    # a word the catalogue has, and a stop word, are searched as they are
    assert query_text({"query": "tent dla dwojga"}, view, ctx, "pl") == "tent dla dwojga"
    # the lexicon's own words are the lexicon's business ("Bettbezug": duvet cover)
    assert "knife" not in query_text({"query": "Bettbezug"}, view, ctx, "de")
    # a misspelt catalogue word no language's word is the spelling correction's (it
    # reports what it searched)
    assert query_text({"query": "tnet"}, view, ctx, "pl") == "tnet"
    assert query_text({"query": "tnet"}, view, ctx, "") == "tnet"
    lexicon_only = Context(index_dir="unused", query_translation="lexicon")
    assert query_text({"query": "namiot"}, view, lexicon_only, "pl") == "namiot"


def test_in_a_need_of_known_language_a_word_the_model_translates_is_no_misspelling(
    shop_bridge: WordBridge,
) -> None:
    """Spanish "correr" is one letter from the shop's "corner": in a Spanish need it is
    Spanish first (the bridge goes before the spelling correction); in a need of unknown
    language the correction goes first, as it always did."""

    class _NamiotLooksMisspelt(_Lexical):
        @staticmethod
        def correct(text: str) -> tuple[str, dict[str, str]]:
            return ("namit", {"namiot": "namit"}) if text == "namiot" else (text, {})

    view = type("V", (), {"lexical": _NamiotLooksMisspelt(), "bridge": shop_bridge})()
    ctx = Context(index_dir="unused", query_translation="lexicon+model")
    assert query_text({"query": "namiot"}, view, ctx, "pl") == "namiot tent"
    assert query_text({"query": "namiot"}, view, ctx, "") == "namiot"


def test_a_need_too_short_to_tell_its_language_crosses_when_the_shop_lacks_its_words() -> None:
    from graph.bridge import TitleTable
    from graph.search import crossing

    if bridge._model() is None:
        pytest.skip("the multilingual model is not installed (make setup installs it)")
    titles = TitleTable.build([f"p{n}" for n in range(len(TITLES))], TITLES)

    class View:
        lexical = _Lexical()

        @staticmethod
        def title_table(wait: float = 0.0) -> TitleTable | None:
            return titles

    ctx = Context(index_dir="unused", query_translation="lexicon+model")
    # "mata do jogi" (Polish, a yoga mat): no language can be told from three short words
    across = crossing({"query": "namiot"}, View(), ctx, "")
    assert across is not None and TITLES[int(np.argmax(across))] == "Vanta Trekking Tent"
    # a word of the shop's, or a misspelling of one: the shop's own language
    assert crossing({"query": "tent"}, View(), ctx, "") is None
    assert crossing({"query": "tnet"}, View(), ctx, "") is None
    # letters only Lithuanian or Croatian write: languages the model was not trained on
    assert crossing({"query": "palapinė"}, View(), ctx, "") is None


def test_a_build_stops_between_model_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop (the process exiting) is seen after the batch in progress, not after all."""
    stop = threading.Event()

    class _StopsAfterOneCall(_RecordingModel):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            stop.set()
            return super().embed_documents(texts)

    model = _StopsAfterOneCall()
    monkeypatch.setattr(bridge, "_model", lambda: model)
    monkeypatch.setattr(bridge, "_VECTORS", {})
    monkeypatch.setattr(bridge, "BUILD_BATCH", 2)
    with pytest.raises(bridge.BuildStopped):
        WordBridge.build(TITLES, stop=stop)
    assert len(model.texts) == 2  # one batch, then it stopped
    built = WordBridge.build(TITLES)  # the next build embeds only the rest
    assert built is not None and len(model.texts) == len(built.words)


EXIT_WHILE_BUILDING = """
import sys, time
from graph.context import Context
from graph.resources import get_view
view = get_view(Context(index_dir=sys.argv[1], query_translation="lexicon+model"))
while view.lexical is None:  # the bridge is built right after the lexical index
    time.sleep(0.01)
time.sleep(float(sys.argv[2]))
print("exiting")
"""


@pytest.mark.slow  # three processes load the graph and the multilingual model
def test_a_process_exiting_while_the_bridge_builds_exits_cleanly(demo_catalogue, tmp_path):
    """The background build ran native model code while the interpreter exited: the
    process aborted ("terminate called without an active exception", -6) after its work."""
    if bridge._model() is None:
        pytest.skip("the multilingual model is not installed (make setup installs it)")
    _, index = demo_catalogue
    script = tmp_path / "exit.py"
    script.write_text(EXIT_WHILE_BUILDING)
    root = Path(__file__).resolve().parents[1]
    for delay in ("0.1", "0.6", "1.2"):  # at different points of the build
        out = subprocess.run(
            [sys.executable, str(script), str(index), delay],
            cwd=root, capture_output=True, text=True, timeout=300,
            env={**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(root)},
        )  # fmt: skip
        assert (out.returncode, out.stdout.strip()) == (0, "exiting"), out.stderr[-2000:]


def test_a_foreign_need_meets_the_titles_through_the_multilingual_model() -> None:
    from graph.bridge import TitleTable
    from graph.search import crossing

    if bridge._model() is None:
        pytest.skip("the multilingual model is not installed (make setup installs it)")
    ids = [f"p{n}" for n in range(len(TITLES))]
    titles = TitleTable.build(ids, TITLES)
    assert titles is not None
    for need, meant in [
        ("namiot dla dwóch osób", "Vanta Trekking Tent"),
        ("ein Messer für Brot", "Bread Knife Pro"),
        ("una taza para el café", "Willow Coffee Mug"),
    ]:
        assert TITLES[int(np.argmax(titles.similarities(need)))] == meant, need

    class View:
        lexical = _Lexical()

        @staticmethod
        def title_table(wait: float = 0.0) -> TitleTable:
            return titles

    ctx = Context(index_dir="unused", query_translation="lexicon+model")
    across = crossing({"query": "namiot"}, View(), ctx, "pl")
    assert across is not None and len(across) == len(TITLES)
    assert crossing({"query": "tent"}, View(), ctx, "en") is None  # the shop's language
    # a language the model was not trained on: its placing would be noise
    assert crossing({"query": "palapinė"}, View(), ctx, "lt") is None
    lexicon_only = Context(index_dir="unused", query_translation="lexicon")
    assert crossing({"query": "namiot"}, View(), lexicon_only, "pl") is None
    dense = Context(index_dir="unused", query_translation="lexicon+model", retrieval="dense")
    assert crossing({"query": "namiot"}, View(), dense, "pl") is None  # no third list to rank


def test_the_titles_are_embedded_by_the_background_load_before_the_bridge_and_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from graph.resources import CatalogueView
    from sync.store import CatalogueStore

    model = _RecordingModel()
    monkeypatch.setattr(bridge, "_model", lambda: model)
    monkeypatch.setattr(bridge, "_VECTORS", {})
    store = CatalogueStore.open(tmp_path / "index")
    rng = np.random.default_rng(3)
    ids = [f"p{n}" for n in range(len(TITLES))]
    metas = [{"title": t, "price": 10.0, "sale_price": 10.0, "in_stock": True} for t in TITLES]
    store.upsert(ids, rng.standard_normal((len(ids), 8)).tolist(), TITLES, metas)

    def loaded(bridge_on: bool = True) -> CatalogueView:
        view = CatalogueView(version=("test",), facets={})
        view.load_filters(store, bridge=bridge_on)
        view.wait_loaded()
        return view

    view = loaded()
    # ready before any shopper asks: the first foreign turn does not race the build
    assert view.bridge is not None and view.titles is not None
    assert view.titles.ids == view.filters.vectors.ids
    titles_at = [model.texts.index(t) for t in TITLES]
    words_at = [n for n, text in enumerate(model.texts) if text not in TITLES]
    assert max(titles_at) < min(words_at)  # the titles first, then the bridge's words
    model.texts.clear()
    assert view.title_table() is view.titles and loaded().title_table() is not None
    assert model.texts == []  # a later turn, a later generation: nothing embedded again

    # without the bridge (lexicon only) nothing crosses by the model: no titles, no wait
    plain = loaded(bridge_on=False)
    assert plain.title_table(wait=30) is None and model.texts == []
