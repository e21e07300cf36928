"""The lexical side: tokeniser, BM25, spelling, the hybrid first stage and its filters."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from graph.constraints import FILTER_KEYS, violations
from graph.context import Context
from graph.hybrid import first_stage
from graph.lexical import LexicalIndex, catalogue_language
from graph.rerank import DeterministicReranker, FirstStageOrder, make_reranker
from graph.resources import clear_caches, get_view
from graph.retrieval import Candidate, retrieve
from graph.terms import fold, terms
from sync.demo_feed import generate_items
from sync.store import CatalogueStore

NOW = 1_800_000_000
#: The module (``graph.search`` the attribute is the function ``graph`` exports).
search_module = importlib.import_module("graph.search")


# -- the tokeniser ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("1.75 mm filament", "1.75mm filament"),
        ("1,75mm filament", "1.75 mm filament"),
        ('3/4" drill bit', "3/4 in drill bit"),
        ("3/4-inch drill bit", "3/4 in drill bit"),
        ("Crème brûlée dish", "creme brulee dish"),
        ("GRÖSSE XL", "grösse xl"),
        ("T-Shirts", "t-shirt"),
        ("2 in 1 charger", "2-in-1 charger"),
        ("Валик (16х60)", "валик 16 × 60"),  # the Cyrillic letter "х" between the sides
        ("подушка 40х40", "подушка 40x40"),
        # a unit in the shopper's language is the shop's unit
        ("taza 20 onzas", "taza 20 oz"),
        ("Bedskirt 18 cali", 'Bedskirt 18"'),
        ("matras 60 см", "matras 60 cm"),
        ("ekran 10 дюймов", "ekran 10 in"),
        ("Tasse 11 Unzen", "Tasse 11 oz"),
        ("wąż 30 metrów", "wąż 30 m"),
        ("žarna 30 metrų", "žarna 30m"),
        ("шланг 20 метров", "шланг 20 м"),
        ("termo 1 litro", "termo 1 l"),
        ("virdulys 1,7 litro", "virdulys 1.7l"),
    ],
)
def test_spellings_of_the_same_thing_give_the_same_terms(a, b):
    assert terms(a) == terms(b)


def test_numbers_units_and_short_words_are_kept():
    assert terms("1.75 mm PLA filament") == ["1.75mm", "1.75", "pla", "filament"]
    assert terms('3/4" socket') == ["3/4in", "3/4", "socket"]
    assert terms("Table 140x70cm") == ["tabl", "140", "70cm", "70"]
    assert terms("4K TV 3D XL") == ["4k", "tv", "3d", "xl"]
    assert terms("5000 mAh power bank") == ["5000mah", "5000", "power", "bank"]
    # function words go, plurals and inflections meet their stem
    assert terms("Running shoes for the trail") == ["run", "shoe", "trail"]
    # a hyphenated word also counts as one word: "tshirt" meets "T-Shirt"
    assert "tshirt" in terms("T-Shirt") and "tshirt" in terms("tshirt")


@pytest.mark.parametrize(
    "written",
    ["24vnt", "24 vnt.", "24 szt.", "24 шт", "24 piezas", "24-teilig", "24 pcs", "24 pezzi"],
)
def test_a_count_of_pieces_is_one_term_in_every_language(written: str) -> None:
    # "la cubertería Odelo Elvira de 24 piezas" is the "Stalo įrankių komplektas … 24vnt"
    assert terms(written, "lt")[:2] == ["24pc", "24"]


def test_fold_removes_diacritics_and_case():
    assert fold("Žalias Crème ÉTÉ Łódź ø") == "zalias creme ete lodz o"


def test_stemming_follows_the_catalogue_language():
    assert terms("chaussures", "fr") == terms("chaussure", "fr")
    # no Snowball stemmer for Lithuanian or Polish: folded, the case ending stripped
    assert terms("žalia žalią žalios", "lt") == ["zali"] * 3
    assert terms("torebka torebki torebkami", "pl") == ["torebk"] * 3
    assert terms("maišai maišas", "lt") == terms("maisai", "lt") * 2
    assert terms("kot", "pl") == ["kot"]  # a stem keeps three letters


def test_the_catalogue_language_is_detected_from_its_texts():
    french = ["Robe en lin rouge pour l'été, coupe ample et légère"] * 30
    assert catalogue_language(french) == "fr"
    assert catalogue_language(french[:3], default="en") == "en"  # too few to tell


# -- BM25 and spelling --------------------------------------------------------------------------

RECORDS = [
    ("a", "Trail Running Shoes", "Trail Running Shoes\nBrand: Pacefield\nGrippy outsole."),
    ("b", "Road Running Shoes", "Road Running Shoes\nBrand: Pacefield\nLight and fast."),
    ("c", "Packable Rain Jacket", "Packable Rain Jacket\nBrand: Nordlys\nFor wet runs."),
    ("d", "PLA Filament 1.75 mm", "PLA Filament 1.75 mm\nBrand: Forge\nFor 3D printers."),
    ("e", "PLA Filament 2.85 mm", "PLA Filament 2.85 mm\nBrand: Forge\nFor 3D printers."),
    ("f", "Socket 3/4 in drive", "Socket 3/4 in drive\nBrand: Forge\nChrome vanadium."),
    ("g", "Socket 1/2 in drive", "Socket 1/2 in drive\nBrand: Forge\nChrome vanadium."),
]


@pytest.fixture(scope="module")
def index() -> LexicalIndex:
    return LexicalIndex.build(RECORDS, "en", detect=False)


def test_bm25_ranks_the_exact_keyword_product_first(index):
    assert next(index.ranked(index.terms("rain jacket")))[0] == "c"
    assert next(index.ranked(index.terms("trail shoes")))[0] == "a"
    assert next(index.ranked(index.terms("1.75mm pla")))[0] == "d"
    assert next(index.ranked(index.terms('3/4" socket')))[0] == "f"
    assert list(index.ranked(index.terms("sofa"))) == []


def test_a_rare_term_weighs_more_than_a_common_one(index):
    assert index.idf("trail") > index.idf("run") > 0
    assert index.idf("nothing-like-it") > index.idf("trail")


def test_an_unknown_word_is_corrected_against_the_catalogue(index):
    assert index.correct("jakcet") == ("jacket", {"jakcet": "jacket"})
    assert index.correct("Trial runing shoes") == (
        "trail running shoes",
        {"trial": "trail", "runing": "running"},  # "trial" is no word of this catalogue
    )
    # known words, short words and words far from any catalogue word stay as they are
    assert index.correct("rain jacket") == ("rain jacket", {})
    assert index.correct("sofa") == ("sofa", {})
    assert index.correct("xylophone") == ("xylophone", {})


def test_a_common_word_of_the_catalogues_language_is_no_typo():
    # "where do I even start" in a bedding shop searched "were do I even star"
    shop = LexicalIndex.build(
        [
            ("a", "Star Dance Sheet Set", "Other sizes: twin. Were 40 USD."),
            ("b", "Rocket Quilt", "A quilt for a star."),
        ],
        language="en",
        detect=False,
    )
    assert shop.correct("where do I even start, my mother in law") == (
        "where do I even start, my mother in law",
        {},
    )
    fixed = {"rockket": "rocket", "quitl": "quilt"}
    assert shop.correct("rockket quitl") == ("rocket quilt", fixed)


def test_another_languages_word_is_no_typo_of_an_unrelated_catalogue_word():
    # "Vorhänge" (curtains) in an English shop had become "orange"
    shop = LexicalIndex.build(
        [
            ("o", "Orange Throw Pillow", "A pillow in orange."),
            ("s", "Striped Shirts Pack", "Two shirts."),
        ],
        language="en",
        detect=False,
    )
    assert shop.correct("vorhange") == ("vorhange", {})
    assert shop.correct("oranje") == ("orange", {"oranje": "orange"})  # a typo of its own


def _shop(language: str, *records: tuple[str, str, str]) -> LexicalIndex:
    """A small index of ``(id, title, description)`` in one language."""
    return LexicalIndex.build(list(records), language=language, detect=False)


def test_known_and_title_word_read_letters_without_accent_marks_plain():
    shop = _shop(
        "pl",
        ("a", "Zamszowe czółenka Spaziomoda", "Buty z zamszu."),
        ("b", "Zamszowe botki Lancioni", "Botki zamszowe."),
        ("c", "Skórzane czółenka", "Czółenka."),
    )
    assert shop.known("czołenka")  # another fold keeps the "ł"
    assert shop.title_word("zamsz") in {"zamszowe"}
    assert shop.title_word("czolen") == "czolenka"
    assert shop.title_word("xyzw") is None
    assert shop.title_word("za") is None  # too short to tell a word


def test_a_query_stem_the_titles_lack_is_cut_back_to_one_they_have():
    # Lithuanian genitives stem longer than the titles' nominatives
    shop = LexicalIndex.build(
        [
            ("g", "Kampinis šlifuoklis FFgroup", "Galingas kampinio šlifuoklio variklis."),
            ("b", "Šluota York", "Šluota be koto, šluotos."),
        ],
        language="lt",
        detect=False,
    )
    assert shop.terms("kampinio slifuoklio") == ["kampini", "slifuokli"]
    assert shop.title_query_terms("kampinio slifuoklio") == ["kampin", "slifuokl"]
    # the description holds the genitive: the BM25 side keeps it, the titles' side cuts it
    assert shop.query_terms("kampinio") == ["kampini"]
    assert shop.query_terms("xylofonas") == shop.terms("xylofonas")  # nothing to cut back to
    bare = LexicalIndex.build([("g", "Kampinis šlifuoklis", "")], language="lt", detect=False)
    assert bare.query_terms("kampinio slifuoklio") == ["kampin", "slifuokl"]


def test_the_reranker_weighs_terms_by_idf_and_counts_numbers(index):
    ids = dict((pid, (title, doc)) for pid, title, doc in RECORDS)

    def cand(pid: str) -> Candidate:
        title, doc = ids[pid]
        return Candidate(pid, pid, 0.5, {"title": title}, doc)

    # "1.75mm" was dropped by the old word overlap (numbers and short words did not count),
    # leaving both filaments tied; now the one with the asked diameter wins
    ranked = DeterministicReranker(index).rerank("pla filament 1.75mm", [cand("e"), cand("d")], {})
    assert [c.id for c in ranked] == ["d", "e"]
    ranked = DeterministicReranker(index).rerank("3/4 in socket", [cand("g"), cand("f")], {})
    assert [c.id for c in ranked] == ["f", "g"]
    # the rare word ("trail") decides over the common one ("running")
    ranked = DeterministicReranker(index).rerank("trail running", [cand("b"), cand("a")], {})
    assert [c.id for c in ranked] == ["a", "b"]
    # spelling: the reranker reads the need as the lexical side searched it
    ranked = DeterministicReranker(index).rerank("rain jakcet", [cand("a"), cand("c")], {})
    assert ranked[0].id == "c" and "matches" in ranked[0].reasons


def test_words_no_product_holds_do_not_dilute_the_lexical_term():
    # a chatty need: "mon fils est fou de plongée" is in no product; the rare word the shop
    # does hold ("requin") decides, not the meaning of the whole sentence
    shop = _shop(
        "fr",
        ("shark", "Plastron en cuir motif requin", "plastron en cuir patiné motif requin"),
        ("c1", "Collier cuir et perle", "collier cuir et perle céramique"),
        ("c2", "Collier pompons doux", "collier et pendentif pompons doux"),
        ("c3", "Collier bonne étoile", "collier étoile"),
    )
    assert not shop.holds("plong") and shop.holds(shop.terms("requin")[0])
    need = "collier avec un requin dessus mon fils est fou de plongée"
    nearer = Candidate("c1", "c1", 0.56, {"title": "Collier cuir et perle"}, "")
    shark = Candidate("shark", "shark", 0.45, {"title": "Plastron en cuir motif requin"}, "")
    ranked = DeterministicReranker(shop).rerank(need, [nearer, shark], {})
    assert [c.id for c in ranked] == ["shark", "c1"]


def test_a_variants_own_colour_counts_as_its_name():
    # "… in Taupe": the bag filed in colour Taupe meets the colour word as the boots titled
    # "— taupe" do, so the need's other words decide
    shop = _shop(
        "pl",
        ("boots", "Zamszowe botki — taupe", "wysoka cholewka"),
        ("bag", "Torebka zamszowa", "praktyczna klamra z przodu"),
        ("other", "Torebka skórzana", "duża"),
    )
    boots = Candidate("boots", "boots", 0.5, {"title": "Zamszowe botki — taupe"}, "")
    bag = Candidate("bag", "bag", 0.5, {"title": "Torebka zamszowa", "color": "Taupe"}, "")
    ranked = DeterministicReranker(shop).rerank("torebka taupe", [boots, bag], {})
    assert [c.id for c in ranked] == ["bag", "boots"]
    assert "matches" in ranked[0].reasons
    # without its colour the bag holds the commoner word ("torebka") and the boots win
    plain = Candidate("bag", "bag", 0.5, {"title": "Torebka zamszowa"}, "")
    boots = Candidate("boots", "boots", 0.5, {"title": "Zamszowe botki — taupe"}, "")
    ranked = DeterministicReranker(shop).rerank("torebka taupe", [plain, boots], {})
    assert [c.id for c in ranked] == ["boots", "bag"]


def test_none_keeps_the_first_stage_order():
    assert make_reranker("none", "", "").name == "none"
    a = Candidate("a", "a", 0.9, {}, "", fused=0.01)
    b = Candidate("b", "b", 0.1, {}, "", fused=0.02)
    ranked = FirstStageOrder().rerank("x", [a, b], {})
    assert [c.id for c in ranked] == ["b", "a"] and ranked[0].score == 1.0


# -- the hybrid first stage on a real (small) index -----------------------------------------------


def _unit(seed: int, dim: int = 8) -> list[float]:
    vec = np.random.default_rng(seed).standard_normal(dim)
    return (vec / np.linalg.norm(vec)).tolist()


QUERY = _unit(0)


def _meta(title: str, **extra) -> dict:
    return {
        "title": title,
        "price": 50.0,
        "sale_price": 50.0,
        "has_sale": False,
        "sale_start": 0,
        "sale_end": 4_102_444_800,
        "in_stock": True,
        "brand": "Acme",
        "brand_key": "acme",
        "categories": ["Gear"],
        "category": "Gear",
        **extra,
    }


@pytest.fixture(scope="module")
def hybrid_index(tmp_path_factory):
    """60 products near the query about nothing in particular, and three far-away ones.

    * ``far-match``: the only "kayak"; its vector is the opposite of the query's, so
      the dense side never reaches it;
    * ``far-sold``: a better "kayak" by words, but sold out (a hard filter);
    * ``far-pricey``: a "kayak" over any budget below 500.
    """
    store = CatalogueStore.open(tmp_path_factory.mktemp("hybrid"))
    records = {
        f"n{i}": (_unit(100 + i), _meta(f"Camping Mug {i}", group_id=f"g{i // 2}"))
        for i in range(60)
    }
    away = (-np.asarray(QUERY)).tolist()
    records["far-match"] = (away, _meta("Touring Kayak Paddle"))
    records["far-sold"] = (away, _meta("Kayak Kayak Paddle Kayak", in_stock=False))
    records["far-pricey"] = (away, _meta("Kayak Paddle Carbon", price=900.0, sale_price=900.0))
    ids = list(records)
    docs = [f"{m['title']}\nBrand: Acme" for _, m in records.values()]
    store.upsert(ids, [v for v, _ in records.values()], docs, [m for _, m in records.values()])
    metas = {pid: m for pid, (_, m) in records.items()}
    table = {pid: {k: m[k] for k in FILTER_KEYS if k in m} for pid, m in metas.items()}
    lexical = LexicalIndex.build(
        [(pid, metas[pid]["title"], doc) for pid, doc in zip(ids, docs, strict=True)],
        detect=False,
    )
    return store, metas, table, lexical


def _stage(hybrid_index, text, prefs, method="hybrid", k=10):
    store, _, table, lexical = hybrid_index
    return first_stage(
        store, QUERY, text, prefs, k=k, method=method, lexical=lexical, filters=table, now=NOW
    )


def test_fusion_includes_a_product_only_the_lexical_side_finds(hybrid_index):
    store, metas, table, _ = hybrid_index
    dense = retrieve(store, QUERY, {"max_price": 500}, k=10, now=NOW, filters=table)
    assert "far-match" not in {c.id for c in dense}
    stage = _stage(hybrid_index, "kayak paddle", {"max_price": 500})
    found = {c.id: c for c in stage.candidates}
    assert "far-match" in found
    assert stage.trace["counts"]["lexical"] == 1 and stage.trace["counts"]["dense"] == 10
    kayak = found["far-match"]
    assert kayak.lexical > 0 and kayak.similarity == pytest.approx(-1.0, abs=1e-5)
    assert kayak.document.startswith("Touring Kayak Paddle")  # read like any other candidate
    assert stage.trace["best_lexical"] == pytest.approx(kayak.lexical, abs=1e-3)
    assert [c.fused for c in stage.candidates] == sorted(
        (c.fused for c in stage.candidates), reverse=True
    )


def test_the_trace_says_how_much_of_the_need_a_title_names(hybrid_index):
    """The evidence a 'not carried' answer can weigh: semantic, BM25, title coverage."""
    assert _stage(hybrid_index, "kayak paddle", {}).trace["best_title_coverage"] == 1.0
    partly = _stage(hybrid_index, "kayak sofa", {}).trace["best_title_coverage"]
    assert 0 < partly < 0.5  # "sofa", which no product has, weighs more than "kayak"
    nothing = _stage(hybrid_index, "sofa", {}).trace
    assert nothing["best_title_coverage"] == 0 and nothing["best_lexical"] == 0
    assert -1 <= nothing["best_semantic"] <= 1


def test_the_trace_weighs_a_word_only_in_the_text_below_one_in_a_title(hybrid_index):
    """What "not carried" weighs (graph/evidence.py): a word met only outside the titles
    (here the brand) is weaker evidence than a title's, and the catalogue's language."""
    titled = _stage(hybrid_index, "kayak paddle", {}).trace
    assert titled["best_coverage"] == 1.0 and titled["catalogue_language"] == "en"
    texted = _stage(hybrid_index, "acme", {}).trace
    assert texted["best_title_coverage"] == 0 and texted["best_coverage"] == 1.0
    assert 0 < texted["best_lexical_share"] < titled["best_lexical_share"] <= 1
    assert _stage(hybrid_index, "sofa", {}).trace["best_lexical_share"] == 0


@pytest.mark.parametrize("method", ["hybrid", "lexical"])
def test_a_lexical_hit_that_breaks_a_filter_never_appears(hybrid_index, method):
    _, metas, _, lexical = hybrid_index
    best_by_words = next(lexical.ranked(lexical.terms("kayak")))[0]
    assert best_by_words == "far-sold"  # the lexical side's favourite is sold out
    for prefs in ({}, {"max_price": 500}, {"in_stock_only": False, "min_price": 100}):
        stage = _stage(hybrid_index, "kayak", prefs, method=method, k=40)
        assert stage.candidates
        for cand in stage.candidates:
            assert not violations(metas[cand.id], prefs, NOW), (prefs, cand.id)
    ids = {c.id for c in _stage(hybrid_index, "kayak", {"max_price": 500}, method).candidates}
    assert "far-sold" not in ids and "far-pricey" not in ids and "far-match" in ids
    only_sold_out_ok = _stage(hybrid_index, "kayak", {"in_stock_only": False, "min_price": 100})
    assert {c.id for c in only_sold_out_ok.candidates} == {"far-pricey"}


def test_a_stale_table_cannot_let_a_lexical_violation_through(hybrid_index):
    store, _, table, lexical = hybrid_index
    lying = {pid: {**meta, "in_stock": True} for pid, meta in table.items()}  # read before…
    stage = first_stage(
        store, QUERY, "kayak", {}, k=10, method="lexical", lexical=lexical, filters=lying, now=NOW
    )
    assert "far-sold" not in {c.id for c in stage.candidates}  # …the record says sold out


def test_variants_collapse_to_one_candidate_per_group_on_both_sides(hybrid_index):
    stage = _stage(hybrid_index, "camping mug", {}, k=40)
    groups = [c.group_id for c in stage.candidates]
    assert len(groups) == len(set(groups)) == 32  # 30 pairs of mugs, 2 kayaks in stock
    mugs = [c for c in stage.candidates if c.group_id.startswith("g")]
    assert all(sorted(c.matching_ids) == sorted({c.id, *c.matching_ids}) for c in mugs)
    assert all(len(c.matching_ids) == 2 for c in mugs)  # both variants, found by either side


def test_spelling_is_corrected_for_the_lexical_side_and_traced(hybrid_index):
    stage = _stage(hybrid_index, "kayka paddle", {"max_price": 500})
    assert stage.trace["searched"] == "kayak paddle"
    assert stage.trace["corrected"] == {"kayka": "kayak"}
    assert "far-match" in {c.id for c in stage.candidates}


def test_dense_only_until_the_lexical_index_is_loaded(hybrid_index):
    store, _, table, _ = hybrid_index
    stage = first_stage(
        store, QUERY, "kayak", {}, k=10, method="hybrid", lexical=None, filters=table, now=NOW
    )
    assert stage.trace["retrieval"] == "dense" and "not loaded" in stage.trace["fallback"]
    assert "far-match" not in {c.id for c in stage.candidates}
    with pytest.raises(ValueError, match="retrieval must be one of"):
        _stage(hybrid_index, "kayak", {}, method="sparse")


# -- search() and the graph over a synced catalogue ------------------------------------------------


@pytest.fixture
def synced(tmp_path, monkeypatch, write_items, settings, embedder):
    """A 120-item demo catalogue synced with the fake embedder; the graph embeds with it too."""
    import graph.resources
    from sync.pipeline import run_sync

    monkeypatch.setattr(graph.resources, "get_embeddings", lambda ctx, manifest=None: embedder)
    items = list(generate_items(120))
    report = run_sync(write_items(items), settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    clear_caches()
    yield items, settings, embedder
    clear_caches()


def _loaded(ctx: Context):
    view = get_view(ctx)
    view.wait_loaded()
    return view


def test_search_returns_k_results_when_that_many_match(synced, settings):
    items, *_ = synced
    ctx = Context(index_dir=str(settings.index_dir), candidates=10)
    view = _loaded(ctx)
    assert view.lexical is not None and len(view.lexical) == len(items)
    assert view.filters is not None and view.filters.vectors is not None  # read with them
    assert sorted(view.filters.vectors.ids) == sorted(view.filters)
    groups = {m.get("group_id") for m in view.filters.values() if m.get("in_stock")}
    k = len(groups) - 2
    assert k > ctx.candidates  # deeper than the candidates setting used to allow
    for method in ("hybrid", "dense", "lexical"):
        got = search_module.search(
            "jacket", k=k, context=Context(**{**vars(ctx), "retrieval": method})
        )
        if method != "lexical":  # only products with a query word are lexical hits
            assert len(got) == k, method
        assert len({r["id"] for r in got}) == len(got)
    assert len(search_module.search("jacket", k=5, context=ctx)) == 5


def test_the_lexical_index_follows_a_new_generation(synced, settings, write_items):
    from sync.pipeline import run_sync

    items, _, embedder = synced
    ctx = Context(index_dir=str(settings.index_dir), retrieval="lexical", reranker="none")
    _loaded(ctx)
    assert search_module.search("zorbocraft", k=5, context=ctx) == []
    renamed = dict(items[0], title="Zorbocraft Expedition Kayak")
    report = run_sync(write_items([renamed, *items[1:]]), settings, embeddings=embedder)
    assert report.status == "ok" and report.counts["changed"] == 1
    _loaded(ctx)  # a new generation: a new view, its index built again
    hits = search_module.search("zorbocraft", k=5, context=ctx)
    assert [h["id"] for h in hits] == [renamed["id"]]
    assert hits[0]["title"] == "Zorbocraft Expedition Kayak"
    # misspelt, it is still found, and the trace says what was searched
    trace: dict = {}
    found = search_module.ranked_candidates(
        ctx, {"query": "zorbocarft", "in_stock_only": False}, 5, trace=trace
    )
    assert found[0].id == renamed["id"]
    assert trace["searched"] == "zorbocraft" and trace["corrected"] == {"zorbocarft": "zorbocraft"}


def test_a_graph_turn_searches_the_corrected_words_and_says_so(synced, settings, monkeypatch):
    from langgraph.checkpoint.memory import InMemorySaver

    import graph.resources
    import graph.turn_readings
    from graph import build_graph

    _, _, embedder = synced
    monkeypatch.setattr(graph.resources, "get_embeddings", lambda ctx, manifest=None: embedder)
    monkeypatch.setattr(graph.turn_readings, "get_embeddings", lambda ctx, manifest=None: embedder)
    ctx = Context(index_dir=str(settings.index_dir), llm_model="")
    _loaded(ctx)
    state = build_graph(InMemorySaver()).invoke(
        {"messages": [("user", "show me wireless headphnes")]},
        {"configurable": {"thread_id": "typo"}},
        context=ctx,
    )
    trace = state["trace"]
    assert trace["retrieval"] == "hybrid"
    assert trace["corrected"] == {"headphnes": "headphones"}
    assert "headphones" in trace["searched"]
    assert trace["counts"]["lexical"] > 0 and "best_lexical" in trace
    cards = state["recommendations"]
    # the fake embedder knows no meaning: the words found them
    assert cards and "headphones" in cards[0]["title"].casefold()


def test_the_fused_stage_reads_its_records_from_a_table_that_holds_them(hybrid_index, chroma_reads):
    """With the records in memory (as the graph loads them for a catalogue this size) the
    fused candidates are the ones Chroma's records give, and no record is read from it;
    the lexical side's similarities come from the vectors in memory."""
    from graph.resources import CatalogueView

    store, _, table, lexical = hybrid_index
    view = CatalogueView(version=("test",), facets={})
    view.load_filters(store)
    view.wait_loaded()
    whole = view.filters
    assert whole is not None and whole.documents is not None and whole.vectors is not None
    cases = [
        (text, prefs, dict(k=10, method=method, lexical=lexical, now=NOW))
        for text, prefs in [
            ("kayak paddle", {"max_price": 500}),
            ("camping mug", {}),
            ("kayak", {"in_stock_only": False}),
            ("mug 12", {"max_price": 40}),
        ]
        for method in ("hybrid", "lexical", "dense")
    ]
    expected = [first_stage(store, QUERY, t, p, filters=table, **a).candidates for t, p, a in cases]
    asked = chroma_reads(store)
    for (text, prefs, args), theirs_all in zip(cases, expected, strict=True):
        found = first_stage(store, QUERY, text, prefs, filters=whole, **args).candidates
        assert [c.id for c in found] == [c.id for c in theirs_all], (text, args["method"])
        for mine, theirs in zip(found, theirs_all, strict=True):
            assert mine.document == theirs.document and mine.options == theirs.options
            assert abs(mine.similarity - theirs.similarity) < 1e-4
            assert (mine.lexical, mine.fused) == (theirs.lexical, theirs.fused)
    assert not asked


def test_a_foreign_need_adds_a_third_list_under_the_same_constraints(hybrid_index):
    """The titles' multilingual similarities (a need in another language than the shop's)
    rank a third list: a product neither the words nor the shop's model reach enters the
    fused candidates, and one that breaks a constraint does not."""
    from graph.resources import CatalogueView

    store, _, _, lexical = hybrid_index
    view = CatalogueView(version=("test",), facets={})
    view.load_filters(store)
    view.wait_loaded()
    whole = view.filters
    assert whole is not None and whole.columns is not None
    across = np.zeros(len(whole.columns.ids), dtype=np.float32)
    for pid in ("far-match", "far-sold"):  # the sold-out one is the nearer title
        across[whole.columns.ids.index(pid)] = 0.9 if pid == "far-match" else 0.95

    def stage(crossing, method="hybrid"):
        return first_stage(
            store, QUERY, "bateau", {}, k=10, method=method, lexical=lexical,
            filters=whole, now=NOW, crossing=crossing,
        )  # fmt: skip

    crossed = stage(across)
    ids = {c.id for c in crossed.candidates}
    assert "far-match" in ids and "far-sold" not in ids
    assert crossed.trace["counts"]["cross_lingual"] == 10
    assert "far-match" not in {c.id for c in stage(None).candidates}
    assert "far-match" not in {c.id for c in stage(across, method="dense").candidates}
    # a similarity for other rows than the table's (another generation's) is not used
    assert "far-match" not in {c.id for c in stage(across[:-1]).candidates}


def test_the_reranker_reads_a_foreign_need_by_the_nearer_of_the_two_models():
    def candidate(pid, similarity, crossing=None):
        cand = Candidate(pid, pid, similarity, {"title": f"Item {pid}"}, f"Item {pid}")
        cand.crossing = crossing
        return cand

    reranker = DeterministicReranker()
    # the shop's model reads the foreign need poorly; the multilingual model places A near it
    ranked = reranker.rerank("namiot", [candidate("B", 0.5), candidate("A", 0.3, 0.7)], {})
    assert [c.id for c in ranked] == ["A", "B"]
    # the shop's model's reading still counts when it is the nearer one
    ranked = reranker.rerank("namiot", [candidate("A", 0.3, 0.2), candidate("B", 0.5)], {})
    assert [c.id for c in ranked] == ["B", "A"]
    assert ranked[1].score == pytest.approx(0.6 * 0.3)
