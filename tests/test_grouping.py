"""Variant groups derived for items without ``item_group_id`` (sync/grouping.py).

The grouping function on crafted items, on the real feeds, through the sync
(stable group ids, metadata-only changes, a new sibling embeds nobody else), and
through the graph: one card per group, and the cart takes the size asked for.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graph import build_graph
from graph.context import Context
from sync.demo_feed import write_feed
from sync.document import build_metadata, resolve_categories
from sync.grouping import (
    DERIVED_PREFIX,
    base_title,
    fold,
    group_id_of,
    split_variant_tokens,
    variant_of,
)
from sync.model import Product
from sync.normalise import normalise
from sync.parse import FeedInfo, iter_items
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.store import CatalogueStore
from sync.taxonomy import Taxonomy
from tests.conftest import FEEDS, synced_with_the_real_model


def product(pid: str, title: str, link: str = "", **extra) -> Product:
    return Product(id=pid, title=title, price=10.0, currency="EUR", link=link, **extra)


def shop(slug: str) -> str:
    return f"https://shop.example/{slug}"


# -- the function ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "rest", "size"),
    [
        ("Trail Runner - 7", "trail runner", "7"),
        ("Trail Runner - Black / 9.5", "trail runner", "9.5"),
        ("Basic Tee - M", "basic tee", "M"),
        ("Camiseta Navy Blue - 2XL", "camiseta", "XXL"),
        ("Basic Tee Size XL", "basic tee", "XL"),
        ("Sneaker EU 42", "sneaker", "42"),
        ("Boot US 9.5", "boot", "US 9.5"),
        ("Herren T-Shirt Baumwolle Größe: m", "herren t shirt baumwolle", "M"),
        ("Vonios rankšluostis, 140x70cm", "vonios ranksluostis", "140x70cm"),
        ("Vonios rankšluostis, 140x70cm / 100x50cm", "vonios ranksluostis", "140x70cm / 100x50cm"),
        ("Žakardo užuolaida 180 x 300 cm", "zakardo uzuolaida", "180x300cm"),
        ("Fasavimo maišeliai 18×4×35cm", "fasavimo maiseliai", "18x4x35cm"),
        ("Slėginis purkštuvas Bradas, 1.5l", "sleginis purkstuvas bradas", "1.5l"),
        ('Thomasville Sea Breeze 18" Stripe Pillow', "thomasville sea breeze stripe pillow", '18"'),
        ("Serre-tête noir et blanc", "serre tete et", ""),
        ("Czarna kurtka damska", "kurtka damska", ""),
        # no variant tokens: a model number, a count, a preposition, a size-like code
        ("iPhone 13 Case", "iphone 13 case", ""),
        ("Indelių rinkinys maistui, 3 vnt", "indeliu rinkinys maistui 3 vnt", ""),
        ("Majica s kapuljačom", "majica s kapuljacom", ""),
        ("Kapų žvakė su įdėklu S-1", "kapu zvake su ideklu s 1", ""),
        ("Levi's 501 Jeans", "levi s 501 jeans", ""),
    ],
)
def test_size_and_colour_tokens_come_out_of_the_title(title, rest, size):
    got_rest, _, got_size = split_variant_tokens(title)
    assert fold(got_rest) == rest
    assert got_size == size


def test_base_title_names_the_group_without_its_size():
    assert base_title("Trail Runner - 7") == "Trail Runner"
    assert base_title("Vonios rankšluostis, 140x70cm / 100x50cm") == "Vonios rankšluostis"
    assert base_title('Captiva Comforter Set (18" Bedskirt)') == "Captiva Comforter Set (Bedskirt)"
    assert base_title("Trail Runner - Black / 7") == "Trail Runner - Black"  # colours stay
    assert base_title("Kettle") == "Kettle"


def test_sizes_of_one_product_share_a_derived_group():
    sizes = [
        product(f"R{n}", f"Velo Trail Runner - {n}", shop(f"velo-trail-runner-{n}"))
        for n in (5, 6, 7, 8, 9)
    ]
    groups = {group_id_of(p) for p in sizes}
    assert len(groups) == 1
    assert next(iter(groups)).startswith(DERIVED_PREFIX)
    assert [variant_of(p).size for p in sizes] == ["5", "6", "7", "8", "9"]


def test_colours_and_dimensions_group_too():
    towels = [
        product("T1", "Vonios rankšluostis, 140x70cm", shop("vonios-ranksluostis-140x70cm")),
        product("T2", "Vonios rankšluostis, 100x50cm", shop("vonios-ranksluostis-100x50cm")),
    ]
    colours = [
        product("C1", "Victorian Toile Red Duvet Cover", shop("victorian-toile-red-duvet")),
        product("C2", "Victorian Toile Blue Duvet Cover", shop("victorian-toile-blue-duvet")),
    ]
    # Shopify: one page, variants by query; identical titles, the size only in g:size
    shopify = [
        product("S1", "Basic Tee", shop("products/basic-tee?variant=1"), size="S"),
        product("S2", "Basic Tee", shop("products/basic-tee?variant=2"), size="M"),
    ]
    for pair in (towels, colours, shopify):
        assert group_id_of(pair[0]) == group_id_of(pair[1]), pair


def test_evidence_is_required_generic_titles_are_not_grouped():
    # PrestaShop: the page carries the product id; four products share one generic title
    cufflinks = [
        product(n, "Boutons de manchettes", f"https://m.example/hommes/{n}-boutons.html")
        for n in ("597", "600", "601", "734")
    ]
    assert len({group_id_of(p) for p in cufflinks}) == 4
    # same title, different pages (a shop's "-1" for a second product of that name)
    boards = [
        product("B1", "Medinė pjaustymo lentelė", shop("medine-pjaustymo-lentele")),
        product("B2", "Medinė pjaustymo lentelė", shop("medine-pjaustymo-lentele1")),
    ]
    assert group_id_of(boards[0]) != group_id_of(boards[1])
    # titles that differ by more than a size: two products
    other = product("X", "Velo Road Runner - 7", shop("velo-road-runner-7"))
    assert group_id_of(other) != group_id_of(
        product("Y", "Velo Trail Runner - 7", shop("velo-trail-runner-7"))
    )
    # a fabric-backed pillow is not the plain one, though the titles share the size pattern
    plain = product("P1", "Rain 12x18 Pillow", shop("rain-12x18-pillow/"))
    backed = product("P2", "Rain 12x18 Pillow (Fabric Backed)", shop("rain-12x18-pillow-fb/"))
    assert group_id_of(plain) != group_id_of(backed)


def test_without_a_page_or_a_title_there_is_no_derived_group():
    assert group_id_of(product("N1", "Tee - M")) == "N1"  # no link, no image
    assert group_id_of(product("N2", "Tee - M", "https://shop.example/")) == "N2"  # home page
    assert group_id_of(product("N3", "Black M", shop("black-m"))) == "N3"  # nothing but tokens
    # no link: the image is the evidence
    a = product("I1", "Mug - 300ml", image_link="https://cdn.example/mug.jpg?v=1")
    b = product("I2", "Mug - 500ml", image_link="https://cdn.example/mug.jpg?v=2")
    assert group_id_of(a) == group_id_of(b) != "I1"


def test_the_feeds_own_group_wins():
    p = product("A", "Tee - M", shop("tee-m"), item_group_id="G1")
    assert group_id_of(p) == "G1"
    assert variant_of(p).size == "M"


def test_a_group_id_depends_on_the_item_alone():
    """Stability: nothing else in the feed enters the function, and the id is reproducible."""
    p = product("R7", "Velo Trail Runner - 7", shop("velo-trail-runner-7"))
    assert group_id_of(p) == group_id_of(dataclasses.replace(p, price=99.0, in_stock=False))
    assert group_id_of(p) == group_id_of(dataclasses.replace(p, id="other-id"))
    assert group_id_of(p) == "derived:" + variant_of(p).group_id.removeprefix("derived:")
    # golden value: a change of the rules changes this (and must bump ENRICH_VERSION)
    assert group_id_of(p) == GOLDEN_RUNNER_GROUP


GOLDEN_RUNNER_GROUP = "derived:6c350d6e9172debefc5a"


def test_metadata_records_the_derived_group_and_the_size_of_the_title():
    p = product("R7", "Velo Trail Runner - 7", shop("velo-trail-runner-7"))
    meta = build_metadata(p, resolve_categories(p, Taxonomy.load(None)))
    assert meta["group_id"] == group_id_of(p)
    assert meta["size"] == "7"
    given = dataclasses.replace(p, size="40")  # the feed's size wins
    assert build_metadata(given, resolve_categories(given, Taxonomy.load(None)))["size"] == "40"


# -- the real feeds -------------------------------------------------------------------------------


def _real(name: str) -> list[Product]:
    path = FEEDS / name
    if not path.is_file():
        pytest.skip(f"real feed {name} not available in {FEEDS}")
    out = []
    for raw in iter_items(path, FeedInfo()):
        result, _ = normalise(raw, "")
        if isinstance(result, Product):
            out.append(result)
    return out


def _derived(products: list[Product]) -> dict[str, list[Product]]:
    """Groups of two or more, derived as if the feed gave no item_group_id."""
    groups: defaultdict[str, list[Product]] = defaultdict(list)
    for p in products:
        groups[group_id_of(dataclasses.replace(p, item_group_id=""))].append(p)
    return {g: members for g, members in groups.items() if len(members) > 1}


def _page(link: str) -> str:
    return link.split("?")[0].split("#")[0]


def test_real_feeds_without_item_group_id_get_groups_of_one_product():
    vaivora = _derived(_real("11_vaivora_rss_lt_eur_minimal.xml"))
    ajmoss = _derived(_real("03_ajmoss_bigcommerce_atom_us.xml"))
    marianne = _derived(_real("01_mariannedenis_prestashop_atom_fr.xml"))
    # PrestaShop pages carry the product id: 24 titles repeat, every item is its own product
    assert marianne == {}
    assert len(vaivora) >= 15 and len(ajmoss) >= 40
    for groups in (vaivora, ajmoss):
        for members in groups.values():
            # one title once the size/colour tokens are out, one host, one page once they
            # are out of its last segment
            assert len({variant_of(p).title_key for p in members}) == 1
            assert len({_page(p.link).split("/")[2] for p in members}) == 1
            assert len({p.link for p in members}) == len(members)  # really separate items
    by_id = {p.id: g for g, members in vaivora.items() for p in members}
    # read by hand in the raw feed: two sizes of one towel
    assert by_id["vonios-ranksluostis-140x70cm"] == by_id["vonios-ranksluostis-140x70cm-100x50cm"]
    # one title, two products (two pages, two prices): never grouped
    assert "medine-pjaustymo-lentele" not in by_id and "medine-pjaustymo-lentele1" not in by_id
    by_id = {p.id: g for g, members in ajmoss.items() for p in members}
    assert by_id["650654036230"] == by_id["650654036223"]  # Rain pillow 12x18 / 18x18
    assert by_id.get("650654036421") != by_id["650654036230"]  # the fabric-backed one


def test_on_feeds_with_item_group_id_derived_groups_never_mix_two_products():
    """Where the merchant says what a product is, a derived group stays inside one."""
    for name, whole in (
        ("06_italyshop_rss_pl_pln_variants.xml", True),
        ("04_opispot_fourthwall_rss_es_bom_cdata_variants.xml", False),
        ("13_banyaline_rss_ru_byn_variants.xml", False),
    ):
        products = _real(name)
        for members in _derived(products).values():
            assert len({p.item_group_id for p in members}) == 1, name
        if whole:  # italyshop: sizes and colours in titles, one page per product
            merchant: defaultdict[str, set[str]] = defaultdict(set)
            for p in products:
                merchant[p.item_group_id].add(group_id_of(dataclasses.replace(p, item_group_id="")))
            assert all(len(groups) == 1 for groups in merchant.values())


# -- the sync: stable, metadata-only, no re-embedding ---------------------------------------------


def _item(pid: str, title: str, slug: str, size: str = "", stock: str = "in stock", **extra):
    item = {
        "id": pid,
        "title": title,
        "description": f"{title}. A light trail shoe with a grippy sole.",
        "link": shop(slug),
        "image_link": shop(f"img/{pid}.jpg"),
        "availability": stock,
        "price": "89.00 USD",
        "sale_price": "",
        "sale_price_effective_date": "",
        "brand": "Velo",
        "gtin": "",
        "condition": "new",
        "google_product_category": "",
        "product_type": "Shoes > Running",
        "item_group_id": "",
        "color": "",
        "size": size,
        "gender": "",
        "age_group": "",
        "material": "",
        "custom_label_0": "",
    }
    return item | extra


def _runners(sizes=(5, 6, 7, 8, 9), sold_out=(8,)):
    return [
        _item(
            f"VR-{n}",
            f"Velo Trail Runner - {n}",
            f"velo-trail-runner-{n}",
            stock="out of stock" if n in sold_out else "in stock",
        )
        for n in sizes
    ]


def _others():
    return [
        _item(
            "TW-1",
            "Vonios rankšluostis, 140x70cm",
            "vonios-ranksluostis-140x70cm",
            description="Microfibre bath towel, soft and quick-drying.",
            product_type="Home > Bath > Towels",
            brand="Vaivora",
        ),  # fmt: skip
        _item(
            "TW-2",
            "Vonios rankšluostis, 100x50cm",
            "vonios-ranksluostis-100x50cm",
            description="Microfibre bath towel, soft and quick-drying.",
            product_type="Home > Bath > Towels",
            brand="Vaivora",
        ),  # fmt: skip
        _item(
            "KT-1",
            "Steel Kettle 1.7l",
            "steel-kettle",
            description="Electric kettle in brushed steel.",
            product_type="Home > Kitchen > Kettles",
            brand="Hearth",
        ),  # fmt: skip
        _item(
            "MG-1",
            "Camping Mug",
            "camping-mug",
            description="Enamel camping mug.",
            product_type="Sport > Camping > Mugs",
            brand="Trailhut",
        ),  # fmt: skip
    ]


def _metas(settings: SyncSettings) -> dict[str, dict]:
    got = CatalogueStore.open(settings.index_dir, None, settings.collection).get(
        include=["metadatas"]
    )
    return dict(zip(got["ids"], got["metadatas"], strict=True))


def test_a_new_sibling_joins_the_group_and_embeds_nobody_else(settings, embedder, tmp_path):
    feed = tmp_path / "feed.xml"
    write_feed(feed, _runners(sizes=(5, 6, 7)) + _others())
    assert run_sync(feed, settings, embeddings=embedder).status == "ok"
    before = _metas(settings)
    group = before["VR-5"]["group_id"]
    assert group.startswith(DERIVED_PREFIX)
    assert {before[f"VR-{n}"]["group_id"] for n in (5, 6, 7)} == {group}
    assert before["TW-1"]["group_id"] == before["TW-2"]["group_id"] != group
    embedder.reset()

    write_feed(feed, _runners(sizes=(5, 6, 7, 8)) + _others())
    report = run_sync(feed, settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    assert report.counts["new"] == 1 and report.counts["unchanged"] == len(before)
    assert report.counts["changed"] == report.counts["metadata_only"] == 0
    assert [t.splitlines()[0] for t in embedder.texts] == ["Velo Trail Runner - 8"]
    after = _metas(settings)
    assert after["VR-8"]["group_id"] == group and after["VR-8"]["size"] == "8"
    assert {pid: m["group_id"] for pid, m in before.items()} == {
        pid: after[pid]["group_id"] for pid in before
    }


def test_moving_an_item_to_another_group_is_metadata_only(settings, embedder, tmp_path):
    feed = tmp_path / "feed.xml"
    items = _runners(sizes=(5, 6)) + _others()
    write_feed(feed, items)
    assert run_sync(feed, settings, embeddings=embedder).status == "ok"
    embedder.reset()
    # the merchant moves size 6 to its own page: the title and text stay, the group changes
    moved = [
        dict(i, link=shop("velo-trail-runner-wide-6")) if i["id"] == "VR-6" else i for i in items
    ]
    write_feed(feed, moved)
    report = run_sync(feed, settings, embeddings=embedder)
    assert report.counts["metadata_only"] == 1 and report.embedded == 0
    metas = _metas(settings)
    assert metas["VR-6"]["group_id"] != metas["VR-5"]["group_id"]


# -- the graph: one card per group, the cart takes the size asked for -----------------------------


@pytest.fixture(scope="module")
def shoe_shop(tmp_path_factory) -> Path:
    return synced_with_the_real_model(_runners() + _others(), tmp_path_factory.mktemp("shoe-shop"))


def _turn(app, index: Path, thread: str, text: str) -> dict:
    return app.invoke(
        {"messages": [("user", text)]},
        {"configurable": {"thread_id": thread}},
        context=Context(index_dir=str(index)),
    )


def test_one_card_per_derived_group_and_the_cart_asks_which_size(shoe_shop):
    app = build_graph(InMemorySaver())
    shown = _turn(app, shoe_shop, "ask", "trail runners")["recommendations"]
    runners = [c for c in shown if c["id"].startswith("VR-")]
    assert len(runners) == 1, [c["title"] for c in shown]  # five items, one product
    assert runners[0]["variant_options"]["size"] == ["5", "6", "7", "9"]  # 8 is sold out
    assert len({c["group_id"] for c in shown}) == len(shown)
    first = shown.index(runners[0])
    asked = _turn(
        app, shoe_shop, "ask", f"add the {['first', 'second', 'third'][first]} one to my cart"
    )
    assert not asked.get("cart")
    assert asked["suggestions"] == ["5", "6", "7", "9"]  # to click
    reply = asked["messages"][-1].content
    assert reply.startswith("Which size of Velo Trail Runner would you like? In stock: 5, 6, 7, 9.")
    state = _turn(app, shoe_shop, "ask", "7")
    assert state["intent"] == "purchase"
    assert [i["id"] for i in state["cart"]] == ["VR-7"]
    assert "Velo Trail Runner - 7" in state["messages"][-1].content


def test_the_cart_takes_the_size_the_shopper_asked_for(shoe_shop):
    app = build_graph(InMemorySaver())
    shown = _turn(app, shoe_shop, "seven", "trail runners in size 7")["recommendations"]
    assert [c["id"] for c in shown if c["id"].startswith("VR-")] == ["VR-7"]
    state = _turn(app, shoe_shop, "seven", "add the first one to my cart")
    assert [i["id"] for i in state["cart"]] == ["VR-7"]


def test_a_sold_out_size_is_not_swapped_for_another(shoe_shop):
    app = build_graph(InMemorySaver())
    _turn(app, shoe_shop, "eight", "trail runners")
    _turn(app, shoe_shop, "eight", "in size 8 please")
    state = _turn(app, shoe_shop, "eight", "add the first one to my cart")
    assert not state.get("cart")
    reply = state["messages"][-1].content
    assert "isn't in stock in size 8. In stock: 5, 6, 7, 9." in reply, reply


def test_a_size_named_with_the_purchase_is_the_one_added(shoe_shop):
    app = build_graph(InMemorySaver())
    _turn(app, shoe_shop, "nine", "trail runners")
    state = _turn(app, shoe_shop, "nine", "add the first one in size 9 to my cart")
    assert [i["id"] for i in state["cart"]] == ["VR-9"]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it", "pl", "hr"])
def test_the_size_question_in_every_language(lang):
    from graph.templates import purchase

    ask = {"title": "Velo Trail Runner", "sizes": ["5", "6", "7"], "wanted": ""}
    text = purchase(lang, None, [], None, which_size=ask)
    assert "Velo Trail Runner" in text and "5, 6, 7" in text
    missing = purchase(lang, None, [], None, which_size={**ask, "wanted": "8"})
    assert "8" in missing and "5, 6, 7" in missing and missing != text


def test_a_real_feed_without_groups_syncs_its_derived_groups(settings, embedder):
    """vaivora (no item_group_id): the two towel sizes land in one group, with their sizes."""
    path = FEEDS / "11_vaivora_rss_lt_eur_minimal.xml"
    if not path.is_file():
        pytest.skip(f"real feed not available in {FEEDS}")
    report = run_sync(path, settings, embeddings=embedder)
    assert report.status == "ok", report.reason
    metas = _metas(settings)
    small, pair = (
        metas["vonios-ranksluostis-140x70cm"],
        metas["vonios-ranksluostis-140x70cm-100x50cm"],
    )
    assert small["group_id"] == pair["group_id"] and small["group_id"].startswith(DERIVED_PREFIX)
    assert (small["size"], pair["size"]) == ("140x70cm", "140x70cm / 100x50cm")
    groups = defaultdict(list)
    for pid, meta in metas.items():
        groups[meta["group_id"]].append(pid)
    assert 15 <= sum(1 for members in groups.values() if len(members) > 1) < 100
    embedder.reset()
    again = run_sync(path, settings, embeddings=embedder)  # nothing changed: nothing written
    assert again.counts["unchanged"] == len(metas) and again.embedded == 0
