from sync.document import prepare
from sync.hashing import canonical_json, digest, full_hash, semantic_hash
from sync.model import Product
from sync.taxonomy import Taxonomy


def test_canonical_json_ignores_key_order():
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'
    assert digest({"b": 1, "a": 2}) == digest({"a": 2, "b": 1})


def test_golden_hashes():
    # Changing these changes every hash in every index: all products would be re-synced.
    # Update them only together with SCHEMA_VERSION / ENRICH_VERSION and a note. The values
    # are blake2b-128 of the canonical JSON written out by hand:
    # {"enrich":9,"record":{"id":"A1","price":9.99},"schema":1}
    # (enrich 2: colour shades; 3: derived variant groups, sizes named in titles;
    # 4: sizes as systems; 5: Russian and Lithuanian colours, a feed's own colour names;
    # 6: chocolate as a shade in every supported language; 7: German metal colours' endings,
    # garnet as burgundy; 8: ounces in the shopper's language; 9: German compound shades' endings)
    # {"model":"model-x","text":"Red shoe"}
    assert full_hash({"id": "A1", "price": 9.99}) == "1cdd94a3c70e116a171658dadc79df89"
    assert semantic_hash("Red shoe", "model-x") == "9d3e61568f5d2b9672337109a8eaeb8b"


def _product(**changes):
    base = dict(
        id="A1",
        title="Trail Jacket",
        price=99.0,
        currency="USD",
        description="Warm.",
        brand="Nordlys",
        product_type="Apparel > Men > Jackets",
    )
    base.update(changes)
    return Product(**base)


def test_price_changes_full_hash_only():
    tax = Taxonomy.load(None)
    a, b = prepare(_product(), tax, "m"), prepare(_product(price=79.0, in_stock=False), tax, "m")
    assert a.semantic_hash == b.semantic_hash
    assert a.full_hash != b.full_hash


def test_description_brand_category_and_model_change_semantic_hash():
    tax = Taxonomy.load(None)
    base = prepare(_product(), tax, "m")
    for other in (
        prepare(_product(description="Very warm."), tax, "m"),
        prepare(_product(brand="Other"), tax, "m"),
        prepare(_product(product_type="Apparel > Women > Jackets"), tax, "m"),
        prepare(_product(title="Trail Coat"), tax, "m"),
        prepare(_product(), tax, "another-model"),
    ):
        assert other.semantic_hash != base.semantic_hash


def test_variants_differing_in_colour_share_semantic_text():
    tax = Taxonomy.load(None)
    red = prepare(_product(id="A1", color="red", size="M", item_group_id="G"), tax, "m")
    blue = prepare(_product(id="A2", color="blue", size="L", item_group_id="G"), tax, "m")
    assert red.text == blue.text and red.semantic_hash == blue.semantic_hash
    assert red.full_hash != blue.full_hash
