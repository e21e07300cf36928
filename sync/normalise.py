"""Normalise and validate stage: :class:`RawItem` → :class:`Product` or :class:`Rejection`.

Text fields lose their HTML and entities (also double-escaped ones such as
``26&amp;quot;``); prices become numbers with an ISO currency; availability
becomes a boolean next to the raw value; sale windows become UTC ISO times.
An item without a usable id, title or price is rejected with a reason a
merchant can act on. Duplicate ids are found later, over the whole snapshot
(see :mod:`sync.snapshot`).
"""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

from sync.model import Product, RawItem, Rejection
from sync.money import read_price

MAX_ID_LENGTH = 50  # Google Merchant Center's limit for g:id

_BLOCK_TAGS = re.compile(r"</?(p|div|br|li|ul|ol|h[1-6]|tr|td|table|section)\b[^>]*>", re.I)
_DROP_BLOCKS = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
_TAGS = re.compile(r"<[^<>]{0,2000}>")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_LINES = re.compile(r"\s*\n\s*")
_ID_BAD = re.compile(r"[\x00-\x1f\x7f]")
# A minus sign in front of the amount, possibly with a currency between: "-5", "USD -5", "-$5".
_NEGATIVE = re.compile(r"(?<![\w.,])[-\u2212]\s*(?:[^\d\s-]{1,4}\s*)?\d")
_IN_STOCK = {"in stock", "in_stock", "instock", "available", "yes", "true", "1",
             "limited availability", "limited_availability", "available for order"}  # fmt: skip
_OUT_OF_STOCK = {"out of stock", "out_of_stock", "outofstock", "sold out", "soldout", "no",
                 "false", "0", "discontinued", "unavailable", "preorder", "pre-order",
                 "pre_order", "backorder", "back order", "backordered"}  # fmt: skip


def html_to_text(value: str) -> str:
    r"""Strip tags and decode entities; block tags become line breaks.

    Hand-written (not ``w3lib.html.remove_tags``) because block elements must
    become separators (``<p>a</p><p>b</p>`` is "a\nb", not "ab") and this runs
    on every item of every sync, so it must stay a few regexes.
    """
    if "<" in value:
        value = _DROP_BLOCKS.sub(" ", value)
        value = _BLOCK_TAGS.sub("\n", value)
        value = _TAGS.sub("", value)
    if "&" in value:
        value = html.unescape(value)
        if "&" in value and ";" in value:  # double-escaped (&amp;quot; → &quot; → ")
            value = html.unescape(value)
        if "<" in value:  # escaped HTML decoded into tags: strip those too
            value = _TAGS.sub("", _BLOCK_TAGS.sub("\n", _DROP_BLOCKS.sub(" ", value)))
    value = _SPACES.sub(" ", value)
    return _LINES.sub("\n", value).strip()


def one_line(value: str) -> str:
    """:func:`html_to_text` folded onto one line (titles, brands, attributes)."""
    return " ".join(html_to_text(value).split())


def parse_price(raw: str, default_currency: str) -> tuple[float | None, str, str]:
    """Parse ``"1.299,00 EUR"``, ``"$2,030"``, ``"19.99"`` → (amount, ISO currency, problem).

    :func:`sync.money.read_price` reads the field, the same reader the shopper's
    budget goes through; a symbol several currencies share ("$", "kr") is the
    feed's default currency when that is one of them.
    """
    text = one_line(raw)
    if not text:
        return None, "", "missing price"
    if not any(ch.isdigit() for ch in text):  # "free!", "call us"
        return None, "", f"unparsable price {text!r}"
    amount, currency = read_price(text, default_currency)
    if amount is None:
        return None, "", f"unparsable price {text!r}"
    if _NEGATIVE.search(text) or amount < 0:
        return None, "", f"negative price {text!r}"
    return float(round(amount, 4)), currency, ""


def parse_availability(raw: str) -> tuple[bool, str]:
    """Map an availability value to (in stock, problem). A missing value counts as in stock."""
    value = " ".join(raw.lower().replace("-", " ").split()) if raw else ""
    if not value:
        return True, "availability missing (assumed in stock)"
    if value in _IN_STOCK or value.replace(" ", "_") in _IN_STOCK:
        return True, ""
    if value in _OUT_OF_STOCK or value.replace(" ", "_") in _OUT_OF_STOCK:
        return False, ""
    return False, f"unknown availability {raw!r} (treated as out of stock)"


def parse_date_window(raw: str) -> tuple[str, str]:
    """``"2026-08-19T00:00:00+02:00/2026-08-31T00:00:00+02:00"`` → UTC ISO (start, end)."""
    if not raw.strip():
        return "", ""
    start, _, end = raw.strip().partition("/")
    return _utc_iso(start), _utc_iso(end)


def _utc_iso(value: str) -> str:
    value = value.strip()
    if not value:
        return ""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _get(item: RawItem, name: str) -> str:
    """The ``g:`` value of a field, else the core RSS/Atom one."""
    return item.first(name) or item.first("core:" + name)


def _get_all(item: RawItem, name: str) -> list[str]:
    return item.all(name) or item.all("core:" + name)


def validate_id(raw_id: str) -> str:
    """Return why an id is unusable, or ``""`` when it is fine."""
    if not raw_id:
        return "missing id (g:id)"
    if len(raw_id) > MAX_ID_LENGTH:
        return f"invalid id: longer than {MAX_ID_LENGTH} characters"
    if _ID_BAD.search(raw_id):
        return "invalid id: contains control characters or line breaks"
    return ""


def normalise(item: RawItem, default_currency: str = "") -> tuple[Product | Rejection, list[str]]:
    """Turn one parsed item into a product, or a rejection with its reason.

    Returns:
        The product or rejection, and warnings about repaired or assumed values.
    """
    # Only the ends are stripped: a line break or control character inside an id is an
    # error to report, not whitespace to fold (folding would also merge distinct ids).
    product_id = _get(item, "id")
    title = one_line(_get(item, "title"))
    problem = validate_id(product_id)
    if problem:
        return Rejection(item.position, product_id or None, problem, title), []
    if not title:
        return Rejection(item.position, product_id, "missing title"), []
    price, currency, problem = parse_price(_get(item, "price"), default_currency)
    if price is None:
        return Rejection(item.position, product_id, problem, title), []

    warnings: list[str] = []
    in_stock, availability_problem = parse_availability(_get(item, "availability"))
    if availability_problem:
        warnings.append(availability_problem)
    sale_price, sale_currency, sale_problem = parse_price(_get(item, "sale_price"), currency)
    if sale_problem and sale_problem != "missing price":
        warnings.append(f"sale price ignored: {sale_problem}")
    if sale_price is not None and (sale_currency != currency or sale_price >= price):
        warnings.append("sale price ignored: not below the price in the same currency")
        sale_price = None
    sale_start, sale_end = (
        parse_date_window(_get(item, "sale_price_effective_date"))
        if sale_price is not None
        else ("", "")
    )
    if not currency:
        warnings.append("price has no currency and no default is configured")

    images = _get_all(item, "image_link")
    description = (
        _get(item, "description") or item.first("core:summary") or item.first("core:content")
    )
    labels = tuple(
        one_line(v) for n in range(5) if (v := _get(item, f"custom_label_{n}")) and one_line(v)
    )
    product = Product(
        id=product_id,
        title=title,
        price=price,
        currency=currency,
        description=html_to_text(description),
        link=_get(item, "link"),
        image_link=images[0] if images else "",
        additional_image_links=tuple(images[1:] + _get_all(item, "additional_image_link")),
        brand=one_line(_get(item, "brand")),
        in_stock=in_stock,
        availability=one_line(_get(item, "availability")).lower(),
        condition=one_line(_get(item, "condition")).lower(),
        sale_price=sale_price,
        sale_start=sale_start,
        sale_end=sale_end,
        item_group_id=one_line(_get(item, "item_group_id")),
        color=one_line(_get(item, "color")),
        size=one_line(_get(item, "size")),
        material=one_line(_get(item, "material")),
        gender=one_line(_get(item, "gender")).lower(),
        age_group=one_line(_get(item, "age_group")).lower(),
        pattern=one_line(_get(item, "pattern")),
        product_type=one_line(_get(item, "product_type")),
        google_product_category=one_line(_get(item, "google_product_category")),
        custom_labels=labels,
        highlights=tuple(one_line(v) for v in _get_all(item, "product_highlight")),
        gtin=one_line(_get(item, "gtin")),
        mpn=one_line(_get(item, "mpn")),
    )
    return product, warnings
