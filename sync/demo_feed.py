"""Deterministic demo catalogue, written as a Google Merchant Center RSS 2.0 feed.

The generator produces a realistic fictional store (apparel, shoes, electronics,
home and sport) with variant groups, sales, stock states, merchant product types
and Google taxonomy categories, without any network access or randomness beyond
``random.Random(seed)``. It exists so that the sync, the index and the assistant
can be demonstrated and benchmarked against a feed of any size.

Guarantees:

* Same arguments, same bytes: two runs write byte-identical files.
* Prefix-stable: the catalogue of size ``N`` is exactly the first ``N`` items of
  the catalogue of size ``N + k`` (same ids, same content), so change scenarios
  can be built on top of a base catalogue.
* Streaming: items are generated lazily and written one at a time, so a
  100,000-item feed takes a few seconds and little memory.

Item ids are ``AIS-<6 digits>`` numbered from ``AIS-000001`` in feed order; a
variant group's ``item_group_id`` is ``AISG-<digits of its first item>``.

Usage::

    python -m sync.demo_feed OUT.xml [--size N] [--seed S] [--scenario NAME] [--count K]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from sync.demo_data import (
    APPAREL_SIZES,
    BRANDS,
    CARE,
    CATS_BY_DEPT,
    COLORS,
    DEDUPE_TITLES,
    DEPT_CUM,
    DEPT_NAMES,
    DESCRIPTION_UPDATES,
    GENDER_LABEL,
    HOOKS,
    LINES,
    MATERIAL_SENTENCES,
    OPENINGS,
    SALE_WINDOWS,
    SHOE_SIZES,
    Category,
)

__all__ = [
    "DEFAULT_SIZE",
    "FIELDS",
    "SCENARIOS",
    "apply_scenario",
    "build_demo_feed",
    "generate_items",
    "main",
    "write_feed",
]

DEFAULT_SIZE = 500
"""Number of items (variants count as items) in the default demo catalogue."""

G_NS = "http://base.google.com/ns/1.0"
BASE_URL = "https://demo.aisle.shop"
CURRENCY = "USD"

FIELDS: tuple[str, ...] = (
    "id",
    "title",
    "description",
    "link",
    "image_link",
    "availability",
    "price",
    "sale_price",
    "sale_price_effective_date",
    "brand",
    "gtin",
    "condition",
    "google_product_category",
    "product_type",
    "item_group_id",
    "color",
    "size",
    "gender",
    "age_group",
    "material",
    "custom_label_0",
)
"""Every key of an item dict, in the order the fields are written to the feed."""

SCENARIOS: tuple[str, ...] = (
    "none",
    "add",
    "price",
    "stock",
    "price_stock",
    "description",
    "category",
    "delete",
    "mixed",
)
"""Names accepted by :func:`apply_scenario`."""

_MIXED_KINDS: tuple[str, ...] = (
    "price",
    "stock",
    "price_stock",
    "description",
    "category",
    "delete",
    "add",
)

_ID_PREFIX = "AIS-"
_GROUP_PREFIX = "AISG-"
_ID_RE = re.compile(r"^AIS-(\d+)$")


def _check_digit(digits: str) -> str:
    """GS1 check digit of a GTIN body (weights 3,1,... from the right)."""
    total = 3 * sum(map(int, digits[-1::-2])) + sum(map(int, digits[-2::-2]))
    return str((10 - total % 10) % 10)


def _gtin(index: int) -> str:
    """A valid, unique GTIN-13 derived from the item's 1-based number."""
    body = f"40{index % 10**10:010d}"
    return body + _check_digit(body)


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d} {CURRENCY}"


def _parse_money(text: str) -> int:
    amount = text.split()[0]
    whole, _, frac = amount.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _item_id(number: int) -> str:
    return f"{_ID_PREFIX}{number:06d}"


def _id_number(item_id: str) -> int | None:
    m = _ID_RE.match(item_id)
    return int(m.group(1)) if m else None


@dataclass(slots=True)
class _Product:
    """A product before it is expanded into items (its variants)."""

    dept: str
    title: str
    description: str
    brand: str
    product_type: str
    google_product_category: str
    material: str
    gender: str
    price_cents: int
    sale_cents: int
    sale_window: str
    best_seller: bool
    has_gtin: bool
    colors: tuple[str, ...]
    sizes: tuple[str, ...]


class _Factory:
    """Invents products and expands them into items, drawing only from one ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.titles: set[str] = set()

    def product(self) -> _Product:
        """Invent the next product."""
        rng = self.rng
        dept = rng.choices(DEPT_NAMES, cum_weights=DEPT_CUM)[0]
        cat = rng.choice(CATS_BY_DEPT[dept])
        brand = ""
        title = ""
        style = ""
        # Avoid repeating a title while combinations are plentiful; large catalogues
        # (beyond a few thousand products) accept repeats rather than spend time retrying.
        tries = 4 if len(self.titles) < DEDUPE_TITLES else 1
        for _ in range(tries):
            brand = rng.choice(BRANDS[dept])
            style = rng.choice(cat.styles)
            if rng.random() < 0.4:
                title = f"{brand} {rng.choice(LINES[dept])} {style}"
            else:
                title = f"{brand} {style}"
            if title not in self.titles:
                break
        if len(self.titles) < DEDUPE_TITLES:
            self.titles.add(title)

        gender = rng.choice(cat.genders) if cat.genders else ""
        if gender:
            product_type = f"{dept} > {GENDER_LABEL[gender]} > {cat.segment}"
        else:
            product_type = f"{dept} > {cat.mid} > {cat.segment}"
        gpc = cat.gpc_id if rng.random() < 0.6 else cat.gpc_path
        material = rng.choice(cat.materials)
        description = self._description(cat, brand, style, material)

        lo, hi = cat.price
        dollars = rng.randint(lo, hi)
        price_cents = dollars * 100 + rng.choice((-1, -1, -1, -5, 0))
        sale_cents = 0
        sale_window = ""
        if rng.random() < 0.15:
            factor = rng.choice((0.6, 0.7, 0.75, 0.8, 0.85))
            sale_cents = max(99, int(price_cents * factor) // 100 * 100 - 1)
            if sale_cents >= price_cents:
                sale_cents = 0
            else:
                sale_window = rng.choice(SALE_WINDOWS)
        best_seller = rng.random() < 0.10
        has_gtin = rng.random() < 0.6

        colors, sizes = self._variants(dept)
        return _Product(
            dept=dept,
            title=title,
            description=description,
            brand=brand,
            product_type=product_type,
            google_product_category=gpc,
            material=material,
            gender=gender,
            price_cents=price_cents,
            sale_cents=sale_cents,
            sale_window=sale_window,
            best_seller=best_seller,
            has_gtin=has_gtin,
            colors=colors,
            sizes=sizes,
        )

    def _variants(self, dept: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        rng = self.rng
        palette = COLORS[dept]
        if dept in ("Apparel", "Shoes"):
            n_colors = rng.choices((1, 2, 3), weights=(5, 4, 1))[0]
            scale = APPAREL_SIZES if dept == "Apparel" else SHOE_SIZES
            n_sizes = rng.choices((2, 3, 4), weights=(3, 4, 2))[0]
            start = rng.randint(0, len(scale) - n_sizes)
            return tuple(rng.sample(palette, n_colors)), scale[start : start + n_sizes]
        if rng.random() < 0.15:  # a colour-variant group
            return tuple(rng.sample(palette, rng.choice((2, 3)))), ()
        if rng.random() < 0.6:
            return (rng.choice(palette),), ()
        return (), ()

    def _description(self, cat: Category, brand: str, style: str, material: str) -> str:
        rng = self.rng
        use = rng.choice(cat.use)
        opening = rng.choice(OPENINGS).format(brand=brand, style=style, noun=cat.noun, use=use)
        mat = rng.choice(MATERIAL_SENTENCES).format(material=material)
        care = rng.choice(CARE[cat.dept])
        bullets = "".join(
            f"<li>{f}</li>" for f in rng.sample(cat.features, min(len(cat.features), 3))
        )
        layout = rng.randrange(4)
        if layout == 0:
            return f"<p>{opening} {mat}</p><ul>{bullets}</ul><p>{care}</p>"
        if layout == 1:
            return f"<p><b>{rng.choice(HOOKS)}</b> {opening}</p><p>{mat} {care}</p>"
        if layout == 2:
            return f"<p>{opening} {care}</p><ul>{bullets}</ul>"
        return f"<p>{opening}</p><p>{mat}</p>"

    def items(self, product: _Product, first_number: int) -> Iterator[dict[str, Any]]:
        """Expand ``product`` into items numbered from ``first_number``."""
        rng = self.rng
        colors = product.colors or ("",)
        sizes = product.sizes or ("",)
        grouped = len(colors) * len(sizes) > 1
        group_id = f"{_GROUP_PREFIX}{first_number:06d}" if grouped else ""
        slug = _slug(product.title)
        age_group = "adult" if product.dept in ("Apparel", "Shoes") else ""
        price = _money(product.price_cents)
        sale_price = _money(product.sale_cents) if product.sale_cents else ""
        label = "Best Sellers" if product.best_seller else ""
        link = f"{BASE_URL}/products/{slug}?variant="
        number = first_number
        for color in colors:
            for size in sizes:
                item_id = _item_id(number)
                r = rng.random()
                if r < 0.10:
                    availability = "out of stock"
                elif r < 0.12:
                    availability = "preorder"
                else:
                    availability = "in stock"
                yield {
                    "id": item_id,
                    "title": product.title,
                    "description": product.description,
                    "link": link + item_id,
                    "image_link": f"{BASE_URL}/img/{item_id}.jpg",
                    "availability": availability,
                    "price": price,
                    "sale_price": sale_price,
                    "sale_price_effective_date": product.sale_window,
                    "brand": product.brand,
                    "gtin": _gtin(number) if product.has_gtin else "",
                    "condition": "new",
                    "google_product_category": product.google_product_category,
                    "product_type": product.product_type,
                    "item_group_id": group_id,
                    "color": color,
                    "size": size,
                    "gender": product.gender,
                    "age_group": age_group,
                    "material": product.material,
                    "custom_label_0": label,
                }
                number += 1


def _stream(rng: random.Random, first_number: int) -> Iterator[dict[str, Any]]:
    """Endless items numbered from ``first_number``."""
    factory = _Factory(rng)
    number = first_number
    while True:
        for item in factory.items(factory.product(), number):
            yield item
            number += 1


def generate_items(size: int = DEFAULT_SIZE, seed: int = 7) -> Iterator[dict[str, Any]]:
    """Yield the demo catalogue, one dict per feed item.

    Items are generated lazily; the catalogue of size ``N`` is the first ``N``
    items of any larger catalogue with the same seed (a variant group cut by
    ``size`` is simply partial).

    Args:
        size: Number of items (each variant is one item). Must be >= 0.
        seed: Seed of the ``random.Random`` every choice is drawn from.

    Yields:
        A dict with every key of :data:`FIELDS` (g: names without the prefix);
        values are the feed text, ``""`` for a field the item does not have.
        ``description`` holds simple HTML with entities (``&amp;``).

    Raises:
        ValueError: If ``size`` is negative.
    """
    if size < 0:
        raise ValueError(f"size must be >= 0, got {size}")
    stream = _stream(random.Random(seed), 1)
    for _ in range(size):
        yield next(stream)


# ---- change scenarios -------------------------------------------------------------------


def _changed_price(item: dict[str, Any], rng: random.Random) -> str:
    old = _parse_money(item["price"])
    sale = _parse_money(item["sale_price"]) if item.get("sale_price") else 0
    factor = rng.choice((0.85, 0.9, 1.1, 1.15, 1.2))
    new = int(old * factor) // 100 * 100 + 99 if old >= 100 else old + 100
    if new == old or new <= sale:
        new = old + 500
    return _money(new)


def _changed_stock(item: dict[str, Any]) -> str:
    return (
        "in stock" if item.get("availability") in ("out of stock", "preorder") else "out of stock"
    )


def _changed_description(item: dict[str, Any], rng: random.Random) -> str:
    return f"{item.get('description', '')}<p>{rng.choice(DESCRIPTION_UPDATES)}</p>"


def _changed_category(item: dict[str, Any], rng: random.Random) -> str:
    current = item.get("product_type", "")
    parts = current.split(" > ")
    dept = parts[0]
    candidates: list[str] = []
    for cat in CATS_BY_DEPT.get(dept, ()):
        if cat.genders:
            label = parts[1] if len(parts) > 2 else "Unisex"
            gender = next((g for g, lbl in GENDER_LABEL.items() if lbl == label), "unisex")
            if gender not in cat.genders:
                continue
            path = f"{dept} > {label} > {cat.segment}"
        else:
            path = f"{dept} > {cat.mid} > {cat.segment}"
        if path != current and path not in candidates:
            candidates.append(path)
    if not candidates:
        return f"{current} > Featured" if current else "Featured"
    return rng.choice(candidates)


def _modify(item: dict[str, Any], kind: str, rng: random.Random) -> dict[str, Any]:
    new = dict(item)
    if kind in ("price", "price_stock"):
        new["price"] = _changed_price(item, rng)
    if kind in ("stock", "price_stock"):
        new["availability"] = _changed_stock(item)
    if kind == "description":
        new["description"] = _changed_description(item, rng)
    if kind == "category":
        new["product_type"] = _changed_category(item, rng)
    return new


def _new_items(first_number: int, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` fresh items numbered from ``first_number`` (their groups get fresh ids too)."""
    stream = _stream(rng, first_number)
    return [next(stream) for _ in range(count)]


def _max_number(items: Iterable[dict[str, Any]]) -> int:
    numbers = (_id_number(str(it.get("id", ""))) for it in items)
    return max((n for n in numbers if n is not None), default=0)


def apply_scenario(
    items: Iterable[dict[str, Any]],
    scenario: str,
    *,
    count: int = 1,
    seed: int = 11,
) -> Iterator[dict[str, Any]]:
    """Apply a deterministic change scenario to a catalogue.

    Scenarios:
        ``none``: the items unchanged (streamed, nothing is materialised).
        ``add``: ``count`` new items appended, ids following the highest id.
        ``price``: the price of ``count`` items changed (kept above any sale price).
        ``stock``: the availability of ``count`` items flipped
        (in stock <-> out of stock, preorder -> in stock).
        ``price_stock``: both of the above on the same ``count`` items.
        ``description``: a sentence appended to the description of ``count`` items.
        ``category``: the ``product_type`` of ``count`` items moved to another
        path of the same department.
        ``delete``: ``count`` items dropped.
        ``mixed``: ``count`` changes in all, split as evenly as possible over the
        kinds above (price, stock, price_stock, description, category, delete,
        add), each on a distinct item.

    Single-item changes touch only the chosen item, even inside a variant group.
    Input dicts are never mutated; changed items are copies.

    Args:
        items: The catalogue, e.g. from :func:`generate_items`.
        scenario: One of :data:`SCENARIOS`.
        count: Number of changes (items affected).
        seed: Seed choosing which items change and how.

    Yields:
        The changed catalogue in feed order (added items last).

    Raises:
        ValueError: For an unknown scenario, a negative count, or a count larger
            than the catalogue for scenarios that change existing items.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {', '.join(SCENARIOS)}")
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    return _apply(items, scenario, count, seed)


def _apply(
    items: Iterable[dict[str, Any]], scenario: str, count: int, seed: int
) -> Iterator[dict[str, Any]]:
    rng = random.Random(f"aisle-demo-scenario:{scenario}:{seed}")
    if scenario == "none":
        yield from items
        return
    if scenario == "add":
        max_number = 0
        for item in items:
            n = _id_number(str(item.get("id", "")))
            if n is not None and n > max_number:
                max_number = n
            yield item
        yield from _new_items(max_number + 1, count, rng)
        return

    catalogue = list(items)
    if scenario == "mixed":
        plan = {
            kind: count // len(_MIXED_KINDS) + (1 if i < count % len(_MIXED_KINDS) else 0)
            for i, kind in enumerate(_MIXED_KINDS)
        }
    else:
        plan = {scenario: count}
    n_existing = sum(n for kind, n in plan.items() if kind != "add")
    if n_existing > len(catalogue):
        raise ValueError(
            f"scenario {scenario!r} needs {n_existing} items, the catalogue has {len(catalogue)}"
        )
    chosen = rng.sample(range(len(catalogue)), n_existing)
    action: dict[int, str] = {}
    pos = 0
    for kind, n in plan.items():
        if kind == "add":
            continue
        for index in chosen[pos : pos + n]:
            action[index] = kind
        pos += n
    n_add = plan.get("add", 0)
    new_items = _new_items(_max_number(catalogue) + 1, n_add, rng) if n_add else []
    for index, item in enumerate(catalogue):
        kind = action.get(index)  # type: ignore[assignment]  # None: this item is unchanged
        if kind is None:
            yield item
        elif kind != "delete":
            yield _modify(item, kind, rng)
    yield from new_items


# ---- writing ----------------------------------------------------------------------------


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


_TAGS = tuple((name, f"  <g:{name}>", f"</g:{name}>\n") for name in FIELDS)


def _item_xml(item: dict[str, Any]) -> str:
    parts = ["<item>\n"]
    append = parts.append
    for name, open_tag, close_tag in _TAGS:
        value = item.get(name)
        if value is None or value == "":
            continue
        text = str(value)
        if name == "description":
            text = _cdata(text)
        elif "&" in text or "<" in text or ">" in text:
            text = escape(text)
        append(open_tag)
        append(text)
        append(close_tag)
    append("</item>\n")
    return "".join(parts)


def write_feed(
    path: Path | str, items: Iterable[dict[str, Any]], *, title: str = "Aisle demo store"
) -> int:
    """Write ``items`` as a Google Merchant Center RSS 2.0 feed, atomically.

    The document is streamed item by item to a temporary file next to ``path``
    and moved into place with ``os.replace``; a failure leaves ``path`` as it
    was. Descriptions are written as CDATA (their HTML kept verbatim), every
    other field is XML-escaped; empty fields are left out.

    Args:
        path: Destination file.
        items: Item dicts as produced by :func:`generate_items`.
        title: Channel title.

    Returns:
        The number of items written.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    written = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
            out.write(
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<rss version="2.0" xmlns:g="{G_NS}">\n'
                "<channel>\n"
                f"<title>{escape(title)}</title>\n"
                f"<link>{BASE_URL}</link>\n"
                f"<description>{escape(title)} product feed</description>\n"
            )
            for item in items:
                out.write(_item_xml(item))
                written += 1
            out.write("</channel>\n</rss>\n")
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    return written


def build_demo_feed(
    path: Path | str,
    size: int = DEFAULT_SIZE,
    seed: int = 7,
    scenario: str = "none",
    count: int = 1,
) -> int:
    """Generate the demo catalogue, apply a scenario and write the feed.

    Args:
        path: Destination file.
        size: Number of items in the base catalogue.
        seed: Catalogue seed.
        scenario: One of :data:`SCENARIOS`, applied with its default seed.
        count: Number of changes for the scenario.

    Returns:
        The number of items written.
    """
    return write_feed(path, apply_scenario(generate_items(size, seed), scenario, count=count))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m sync.demo_feed OUT.xml [--size N] [--scenario NAME]``.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).

    Returns:
        The exit code (0 on success).
    """
    parser = argparse.ArgumentParser(
        prog="python -m sync.demo_feed",
        description="Write a deterministic demo Google Merchant Center feed.",
    )
    parser.add_argument("out", type=Path, help="output XML file")
    parser.add_argument(
        "--size", type=int, default=DEFAULT_SIZE, help=f"number of items (default {DEFAULT_SIZE})"
    )
    parser.add_argument("--seed", type=int, default=7, help="catalogue seed (default 7)")
    parser.add_argument(
        "--scenario", choices=SCENARIOS, default="none", help="change scenario (default none)"
    )
    parser.add_argument(
        "--count", type=int, default=1, help="number of changes for the scenario (default 1)"
    )
    args = parser.parse_args(argv)
    if args.size < 0 or args.count < 0:
        parser.error("--size and --count must be >= 0")
    try:
        n = build_demo_feed(
            args.out, size=args.size, seed=args.seed, scenario=args.scenario, count=args.count
        )
    except ValueError as exc:
        parser.error(str(exc))
    print(f"wrote {n} items to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
