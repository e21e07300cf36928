r"""The normalised product record that flows from parse to write.

A feed item becomes a :class:`Product` once its fields are normalised
(HTML stripped, entities decoded, prices parsed, availability mapped to a
boolean). Items that cannot become a usable product are :class:`Rejection`\\ s,
reported with a reason and never written.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Product:
    """One purchasable item (a variant when the feed groups variants)."""

    id: str
    title: str
    price: float
    currency: str
    description: str = ""
    link: str = ""
    image_link: str = ""
    additional_image_links: tuple[str, ...] = ()
    brand: str = ""
    in_stock: bool = True
    availability: str = ""  # the feed's raw value, e.g. "in stock", "preorder", "" when absent
    condition: str = ""
    sale_price: float | None = None
    sale_start: str = ""  # ISO 8601, "" when the sale has no start
    sale_end: str = ""  # ISO 8601, "" when the sale has no end
    item_group_id: str = ""
    color: str = ""
    size: str = ""
    material: str = ""
    gender: str = ""
    age_group: str = ""
    pattern: str = ""
    product_type: str = ""  # merchant's own path, "A > B > C"
    google_product_category: str = ""  # a path or a numeric taxonomy id, as given
    custom_labels: tuple[str, ...] = ()
    highlights: tuple[str, ...] = ()
    gtin: str = ""
    mpn: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain dict of every field (tuples become lists); shallow, unlike ``asdict``."""
        return {
            name: list(v) if isinstance(v := getattr(self, name), tuple) else v
            for name in _PRODUCT_FIELDS
        }


@dataclass(frozen=True, slots=True)
class Rejection:
    """An item that was not synced, with the reason a merchant can act on."""

    position: int  # 1-based index of the item in the feed
    id: str | None  # the item's id when it had a readable one
    reason: str
    title: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain dict for the JSON report."""
        return asdict(self)


@dataclass(slots=True)
class RawItem:
    """A feed item as parsed: local field name → list of text values, in document order."""

    position: int
    fields: dict[str, list[str]] = field(default_factory=dict)
    raw_hash: str = ""  # hash of the item's XML as published
    known: bool = False  # the index holds exactly this item: fields were not read
    id_hint: str = ""  # the g:id of a known item

    def first(self, name: str) -> str:
        """The first non-empty value of ``name``, stripped, or ``""``."""
        for value in self.fields.get(name, ()):
            value = value.strip()
            if value:
                return value
        return ""

    def all(self, name: str) -> list[str]:
        """Every non-empty value of ``name``, stripped."""
        return [v.strip() for v in self.fields.get(name, ()) if v.strip()]


_PRODUCT_FIELDS = tuple(f.name for f in fields(Product))
