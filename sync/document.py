"""What a product becomes in the index: its embedded text and its metadata.

The text is what the semantic hash covers (name, brand, category, description);
the metadata carries the hard-constraint filters (price, stock, category
prefixes, brand, colour, size…) and what a product card shows. Absent values
are ``None`` so a metadata-only update removes them from the stored record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sync.enrich import (
    category_paths,
    extract_attributes,
    normalise_gender,
    record_colors,
)
from sync.grouping import variant_of
from sync.hashing import SCHEMA_VERSION, full_hash, semantic_hash
from sync.model import Product
from sync.sizes import kinds_of
from sync.sizes import tokens as size_tokens
from sync.taxonomy import Taxonomy

MAX_DESCRIPTION_CHARS = 1500  # the model reads ~256 tokens; the rest would only cost time


@dataclass(frozen=True, slots=True)
class Categories:
    """A product's category paths after taxonomy resolution."""

    primary: str  # the path used for browsing and facets
    google: str  # Google's taxonomy path ("" when unknown)
    unresolved: bool  # a numeric google_product_category the taxonomy does not know


def resolve_categories(product: Product, taxonomy: Taxonomy) -> Categories:
    """Pick the browse path: the merchant's own when it has depth, else Google's."""
    google, known = taxonomy.resolve(product.google_product_category)
    merchant = " > ".join(p.strip() for p in product.product_type.split(">") if p.strip())
    primary = merchant if merchant.count(">") >= 1 or not google else google
    return Categories(primary=primary, google=google, unresolved=not known)


def semantic_text(product: Product, categories: Categories) -> str:
    """The text embedded for a product: everything a shopper's words could match."""
    lines = [product.title]
    if product.brand:
        lines.append(f"Brand: {product.brand}")
    paths = dict.fromkeys(p for p in (categories.primary, categories.google) if p)
    if paths:
        lines.append("Category: " + " | ".join(paths))
    if product.description:
        lines.append(product.description[:MAX_DESCRIPTION_CHARS])
    return "\n".join(lines)


#: Sale window bounds when the feed gives none: "always". Every product stores a sale price
#: and window (no sale: the price itself, always active), so "effective price <= X" is one
#: metadata filter: price <= X, or sale_price <= X within the window.
SALE_ALWAYS_START = 0
SALE_ALWAYS_END = 4_102_444_800  # 2100-01-01


def _epoch(iso: str, default: int) -> int:
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()) if iso else default


def build_metadata(product: Product, categories: Categories) -> dict[str, Any]:
    """Filters and card fields for one product, with enrichment by rule.

    Every key is always present (``None`` when absent), so the same product
    always yields the same key set whichever write path stored it.
    """
    attrs = extract_attributes(
        product.title,
        product.description,
        color=product.color,
        size=product.size,
        material=product.material,
        gender=normalise_gender(product.gender) if product.gender else "",
        brand=product.brand,
    )
    variant = variant_of(product)  # the group, derived when the feed gives none
    if not attrs.get("size") and variant.size:
        attrs["size"] = variant.size  # "Trail Runner - 7", "Towel, 140x70cm"
    colors = record_colors(attrs.get("color", ""), from_feed=bool(product.color))
    all_categories = list(
        dict.fromkeys(category_paths(categories.primary) + category_paths(categories.google))
    )
    meta: dict[str, Any] = {
        "title": product.title,
        "brand": product.brand or None,
        "brand_key": product.brand.casefold() or None,
        "price": product.price,
        "currency": product.currency or None,
        "has_sale": product.sale_price is not None,
        "sale_price": product.sale_price if product.sale_price is not None else product.price,
        "sale_start": _epoch(product.sale_start, SALE_ALWAYS_START),
        "sale_end": _epoch(product.sale_end, SALE_ALWAYS_END),
        "in_stock": product.in_stock,
        "availability": product.availability or None,
        "condition": product.condition or None,
        "link": product.link or None,
        "image_link": product.image_link or None,
        "group_id": variant.group_id,
        "color": attrs.get("color") or None,
        "colors": colors or None,
        "size": attrs.get("size") or None,
        # the size as (system, value) tokens, filtered with $contains (see sync.sizes);
        # "size" keeps the feed's text for cards. size_key (ENRICH_VERSION < 4) is retired:
        # None removes it from records that a metadata-only update rewrites.
        "sizes": _sizes(attrs.get("size", ""), product, categories) or None,
        "size_key": None,
        "material": attrs.get("material") or None,
        "gender": attrs.get("gender") or None,
        "age_group": product.age_group or None,
        "pattern": product.pattern or None,
        "category": categories.primary or None,
        "categories": all_categories or None,
        "google_category": categories.google or None,
        "product_type": product.product_type or None,
        "labels": list(product.custom_labels) or None,
        "gtin": product.gtin or None,
        "mpn": product.mpn or None,
        "_schema": SCHEMA_VERSION,
    }
    return meta


def _sizes(size: str, product: Product, categories: Categories) -> list[str]:
    """A product's size tokens, its unnamed numbers read for its kind (shoe, trousers…)."""
    if not size:
        return []
    kinds = kinds_of(
        categories.primary, categories.google, product.title, age_group=product.age_group
    )
    return size_tokens(size, kinds)


@dataclass(frozen=True, slots=True)
class Prepared:
    """A product with its hashes and text, ready to classify (metadata comes later)."""

    product: Product
    categories: Categories
    text: str
    full_hash: str
    semantic_hash: str


def prepare(product: Product, taxonomy: Taxonomy, model_id: str) -> Prepared:
    """Hash one product: cheap enough for every item of every sync."""
    categories = resolve_categories(product, taxonomy)
    text = semantic_text(product, categories)
    record = product.to_dict()
    record["_categories"] = [categories.primary, categories.google]
    return Prepared(
        product=product,
        categories=categories,
        text=text,
        full_hash=full_hash(record),
        semantic_hash=semantic_hash(text, model_id),
    )
