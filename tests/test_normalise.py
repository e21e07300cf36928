"""Normalise stage: prices, availability, sale windows, HTML to text, item validation."""

from __future__ import annotations

import pytest

from sync.model import Product, RawItem, Rejection
from sync.normalise import (
    html_to_text,
    normalise,
    parse_availability,
    parse_date_window,
    parse_price,
    validate_id,
)

# --------------------------------------------------------------------------- prices


@pytest.mark.parametrize(
    ("raw", "default", "amount", "currency"),
    [
        ("19.99 USD", "EUR", 19.99, "USD"),
        ("1.299,00 EUR", "", 1299.0, "EUR"),
        ("$2,030", "EUR", 2030.0, "USD"),
        ("$2,030", "CAD", 2030.0, "CAD"),  # a dollar in a Canadian feed is a Canadian dollar
        ("22.0 USD", "", 22.0, "USD"),
        ("41.25", "EUR", 41.25, "EUR"),
        ("41.25", "", 41.25, ""),
        ("12,50 zł", "EUR", 12.5, "PLN"),
        ("1 299,00 €", "", 1299.0, "EUR"),
        ("0.00 USD", "", 0.0, "USD"),
        ("USD 19.99", "EUR", 19.99, "USD"),
        ("1,299.00 GBP", "", 1299.0, "GBP"),
        ("19.99 usd", "EUR", 19.99, "USD"),  # lower-case ISO code still names the currency
        ("  <b>5.00</b> EUR ", "", 5.0, "EUR"),
        ("10 kr", "NOK", 10.0, "NOK"),  # "kr" is the feed's own krona when it has one
    ],
)
def test_parse_price(raw: str, default: str, amount: float, currency: str) -> None:
    got_amount, got_currency, problem = parse_price(raw, default)
    assert problem == ""
    assert got_amount == pytest.approx(amount)
    assert got_currency == currency


@pytest.mark.parametrize("raw", ["abc", "free!", "call us", "N/A"])
def test_parse_price_unparsable(raw: str) -> None:
    amount, currency, problem = parse_price(raw, "EUR")
    assert amount is None
    assert currency == ""
    assert "unparsable" in problem
    assert raw in problem


@pytest.mark.parametrize("raw", ["", "   ", "<p></p>"])
def test_parse_price_missing(raw: str) -> None:
    assert parse_price(raw, "EUR") == (None, "", "missing price")


@pytest.mark.parametrize("raw", ["-5 USD", "-5", "USD -5", "-$5", "$-5", "\u22125 EUR"])
def test_parse_price_negative(raw: str) -> None:
    amount, _, problem = parse_price(raw, "USD")
    assert amount is None
    assert "negative" in problem


# --------------------------------------------------------------------------- availability


@pytest.mark.parametrize(
    ("raw", "in_stock"),
    [
        ("in stock", True),
        ("In Stock", True),
        ("in_stock", True),
        ("in-stock", True),
        ("out of stock", False),
        ("OUT_OF_STOCK", False),
        ("preorder", False),
        ("pre-order", False),
        ("backorder", False),
    ],
)
def test_parse_availability_known(raw: str, in_stock: bool) -> None:
    assert parse_availability(raw) == (in_stock, "")


def test_parse_availability_missing_is_in_stock_with_a_warning() -> None:
    in_stock, problem = parse_availability("")
    assert in_stock is True
    assert "missing" in problem


def test_parse_availability_unknown_value() -> None:
    in_stock, problem = parse_availability("ask the shop")
    assert in_stock is False
    assert "unknown availability" in problem
    assert "ask the shop" in problem


# --------------------------------------------------------------------------- sale windows


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            "2026-08-19T00:00:00+02:00/2026-08-31T00:00:00+02:00",
            ("2026-08-18T22:00:00Z", "2026-08-30T22:00:00Z"),
        ),
        (
            "2026-02-01T13:00-0800/2026-02-28T15:30-0800",
            ("2026-02-01T21:00:00Z", "2026-02-28T23:30:00Z"),
        ),
        (
            "2026-08-19T10:00:00Z/2026-08-20T10:00:00Z",
            ("2026-08-19T10:00:00Z", "2026-08-20T10:00:00Z"),
        ),
        ("2026-08-19/2026-08-31", ("2026-08-19T00:00:00Z", "2026-08-31T00:00:00Z")),
        ("2026-08-19T10:00:00+00:00/", ("2026-08-19T10:00:00Z", "")),
        ("", ("", "")),
        ("garbage", ("", "")),
        ("soon/later", ("", "")),
        ("2026-13-45/2026-08-31", ("", "2026-08-31T00:00:00Z")),
    ],
)
def test_parse_date_window(raw: str, expected: tuple[str, str]) -> None:
    assert parse_date_window(raw) == expected


# --------------------------------------------------------------------------- html


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("<p>a</p><p>b</p>", "a\nb"),
        ("a<br/>b<br>c", "a\nb\nc"),
        ("<ul><li>one</li><li>two</li></ul>", "one\ntwo"),
        ("26&quot; x 26&quot;", '26" x 26"'),  # BigCommerce after XML decoding
        ("26&amp;quot;", '26"'),  # escaped twice more
        ("x<script>alert(1)</script>y", "x y"),
        ("x<style>.a{color:red}</style>y", "x y"),
        ("a&nbsp;b", "a b"),
        ("serre-t&ecirc;te &eacute;t&eacute;", "serre-t\u00eate \u00e9t\u00e9"),
        ("&lt;p&gt;escaped&lt;/p&gt;&lt;p&gt;html&lt;/p&gt;", "escaped\nhtml"),
        ("&lt;script&gt;bad()&lt;/script&gt;ok", "ok"),
        ("<b>bold</b>   and \t spaced", "bold and spaced"),
        ("Tom & Jerry", "Tom & Jerry"),
        ("AT&amp;T", "AT&T"),
        ("plain", "plain"),
        ("", ""),
    ],
)
def test_html_to_text(raw: str, expected: str) -> None:
    assert html_to_text(raw) == expected


# --------------------------------------------------------------------------- validation


def item(**fields: str | list[str]) -> RawItem:
    raw = RawItem(position=7)
    for key, value in fields.items():
        name = key.replace("core_", "core:")
        raw.fields[name] = value if isinstance(value, list) else [value]
    return raw


def valid(**extra: str | list[str]) -> RawItem:
    base: dict[str, str | list[str]] = {"id": "SKU-1", "title": "Linen Shirt", "price": "49.00 EUR"}
    base.update(extra)
    return item(**base)


def rejected(raw: RawItem, default_currency: str = "") -> Rejection:
    result, warnings = normalise(raw, default_currency)
    assert isinstance(result, Rejection), result
    assert result.position == 7
    return result


def accepted(raw: RawItem, default_currency: str = "") -> tuple[Product, list[str]]:
    result, warnings = normalise(raw, default_currency)
    assert isinstance(result, Product), result
    return result, warnings


def test_missing_id_is_rejected() -> None:
    rej = rejected(item(title="Shirt", price="1 EUR"))
    assert rej.id is None
    assert "missing id" in rej.reason
    assert rej.title == "Shirt"


def test_blank_id_is_rejected() -> None:
    assert "missing id" in rejected(valid(id="   ")).reason


def test_too_long_id_is_rejected() -> None:
    rej = rejected(valid(id="X" * 51))
    assert "longer than 50" in rej.reason
    assert rej.id == "X" * 51
    accepted(valid(id="X" * 50))  # 50 is the limit, inclusive


@pytest.mark.parametrize("bad", ["AB\x01C", "AB\x7fC", "AB\nC", "AB\tC", "AB\x0bC", "AB\x1fC"])
def test_id_with_control_characters_or_line_breaks_is_rejected(bad: str) -> None:
    rej = rejected(valid(id=bad))
    assert "control characters" in rej.reason


def test_id_keeps_inner_spaces_and_loses_outer_whitespace() -> None:
    product, _ = accepted(valid(id="  SKU  1 \n"))
    assert product.id == "SKU  1"


def test_validate_id() -> None:
    assert validate_id("ok-1") == ""
    assert validate_id("") != ""


@pytest.mark.parametrize("title", ["", "   ", "<b></b>"])
def test_missing_title_is_rejected(title: str) -> None:
    rej = rejected(valid(title=title))
    assert rej.reason == "missing title"
    assert rej.id == "SKU-1"


@pytest.mark.parametrize(
    ("price", "reason"),
    [("", "missing price"), ("abc", "unparsable"), ("-5 USD", "negative")],
)
def test_bad_price_is_rejected(price: str, reason: str) -> None:
    rej = rejected(valid(price=price))
    assert reason in rej.reason
    assert rej.id == "SKU-1"
    assert rej.title == "Linen Shirt"


def test_price_absent_entirely_is_rejected() -> None:
    rej = rejected(item(id="A", title="T"))
    assert rej.reason == "missing price"


def test_valid_item_gives_every_field() -> None:
    raw = valid(
        description="<p>Soft &amp; light</p><p>Machine wash</p>",
        link="https://shop/p/1",
        image_link=["https://img/1.jpg", "https://img/2.jpg"],
        additional_image_link=["https://img/3.jpg"],
        brand="Nord&amp;Co",
        availability="In Stock",
        condition="New",
        item_group_id="G-1",
        color="Navy",
        size="M",
        material="Linen",
        gender="Male",
        age_group="Adult",
        pattern="Striped",
        product_type="Apparel > Shirts",
        google_product_category="212",
        custom_label_0="Best Sellers",
        custom_label_1="",
        custom_label_3="Summer",
        product_highlight=["Breathable", "Pre-washed"],
        gtin="0123456789012",
        mpn="LS-1",
    )
    product, warnings = accepted(raw)
    assert product.id == "SKU-1"
    assert product.title == "Linen Shirt"
    assert product.price == 49.0
    assert product.currency == "EUR"
    assert product.description == "Soft & light\nMachine wash"
    assert product.link == "https://shop/p/1"
    assert product.image_link == "https://img/1.jpg"
    assert product.additional_image_links == ("https://img/2.jpg", "https://img/3.jpg")
    assert product.brand == "Nord&Co"
    assert product.in_stock is True
    assert product.availability == "in stock"
    assert product.condition == "new"
    assert product.item_group_id == "G-1"
    assert (product.color, product.size, product.material) == ("Navy", "M", "Linen")
    assert (product.gender, product.age_group, product.pattern) == ("male", "adult", "Striped")
    assert product.product_type == "Apparel > Shirts"
    assert product.google_product_category == "212"
    assert product.custom_labels == ("Best Sellers", "Summer")
    assert product.highlights == ("Breathable", "Pre-washed")
    assert (product.gtin, product.mpn) == ("0123456789012", "LS-1")
    assert product.sale_price is None
    assert (product.sale_start, product.sale_end) == ("", "")
    assert warnings == []


def test_g_fields_are_preferred_over_core_fields() -> None:
    raw = item(
        id="G-ID",
        core_id="CORE-ID",
        title="G title",
        core_title="Core title",
        price="10 USD",
        core_price="99 USD",
        link="https://g/link",
        core_link="https://core/link",
        description="G description",
        core_description="Core description",
    )
    product, _ = accepted(raw)
    assert product.id == "G-ID"
    assert product.title == "G title"
    assert product.price == 10.0
    assert product.link == "https://g/link"
    assert product.description == "G description"


def test_empty_g_field_falls_back_to_core() -> None:
    raw = item(id="A", title="", core_title="Core title", price="1 USD")
    product, _ = accepted(raw)
    assert product.title == "Core title"


def test_core_fields_alone_are_enough() -> None:
    raw = item(
        core_id="C-1",
        core_title="Plain RSS mug",
        core_price="9.99 USD",
        core_link="https://shop/mug",
        core_description="<p>Stoneware</p>",
        core_availability="out of stock",
        core_image_link=["https://img/m1.jpg", "https://img/m2.jpg"],
        core_brand="Potter",
        core_custom_label_0="Gifts",
    )
    product, _ = accepted(raw)
    assert product.id == "C-1"
    assert product.title == "Plain RSS mug"
    assert (product.price, product.currency) == (9.99, "USD")
    assert product.link == "https://shop/mug"
    assert product.description == "Stoneware"
    assert product.in_stock is False
    assert product.image_link == "https://img/m1.jpg"
    assert product.additional_image_links == ("https://img/m2.jpg",)
    assert product.brand == "Potter"
    assert product.custom_labels == ("Gifts",)


def test_atom_summary_is_the_description_fallback() -> None:
    product, _ = accepted(valid(core_summary="<p>From the summary</p>"))
    assert product.description == "From the summary"


def test_default_currency_is_used_when_the_price_has_none() -> None:
    raw = valid(price="41.25", availability="in stock")
    product, warnings = accepted(raw, default_currency="EUR")
    assert (product.price, product.currency) == (41.25, "EUR")
    assert warnings == []


def test_no_currency_at_all_is_a_warning_not_a_rejection() -> None:
    product, warnings = accepted(valid(price="41.25"))
    assert product.currency == ""
    assert any("no currency" in w for w in warnings)


def test_missing_availability_is_in_stock_with_a_warning() -> None:
    product, warnings = accepted(valid())
    assert product.in_stock is True
    assert product.availability == ""
    assert any("availability missing" in w for w in warnings)


def test_preorder_is_not_in_stock_and_keeps_its_raw_value() -> None:
    product, _ = accepted(valid(availability="preorder"))
    assert product.in_stock is False
    assert product.availability == "preorder"


def test_sale_price_below_price_with_window() -> None:
    raw = valid(
        sale_price="39.00 EUR",
        sale_price_effective_date="2026-08-19T00:00:00+02:00/2026-08-31T00:00:00+02:00",
        availability="in stock",
    )
    product, warnings = accepted(raw)
    assert product.sale_price == 39.0
    assert product.sale_start == "2026-08-18T22:00:00Z"
    assert product.sale_end == "2026-08-30T22:00:00Z"
    assert warnings == []


def test_sale_price_without_currency_takes_the_price_currency() -> None:
    product, _ = accepted(valid(price="49.00 PLN", sale_price="39"))
    assert product.sale_price == 39.0


@pytest.mark.parametrize("sale", ["49.00 EUR", "59.00 EUR"])
def test_sale_price_not_below_price_is_ignored_with_a_warning(sale: str) -> None:
    raw = valid(
        sale_price=sale,
        sale_price_effective_date="2026-08-19T00:00:00Z/2026-08-31T00:00:00Z",
        availability="in stock",
    )
    product, warnings = accepted(raw)
    assert product.sale_price is None
    assert (product.sale_start, product.sale_end) == ("", "")
    assert any("sale price ignored" in w for w in warnings)


def test_sale_price_in_another_currency_is_ignored() -> None:
    product, warnings = accepted(valid(sale_price="10 USD", availability="in stock"))
    assert product.sale_price is None
    assert any("sale price ignored" in w for w in warnings)


def test_unparsable_sale_price_is_a_warning() -> None:
    product, warnings = accepted(valid(sale_price="soon", availability="in stock"))
    assert product.sale_price is None
    assert any("sale price ignored" in w and "unparsable" in w for w in warnings)


def test_sale_window_without_sale_price_is_dropped() -> None:
    raw = valid(
        sale_price_effective_date="2026-08-19T00:00:00Z/2026-08-31T00:00:00Z",
        availability="in stock",
    )
    product, warnings = accepted(raw)
    assert product.sale_price is None
    assert (product.sale_start, product.sale_end) == ("", "")
    assert warnings == []


def test_free_sale_keeps_its_window() -> None:
    raw = valid(
        sale_price="0.00 EUR",
        sale_price_effective_date="2026-08-19/2026-08-31",
        availability="in stock",
    )
    product, _ = accepted(raw)
    assert product.sale_price == 0.0
    assert product.sale_start == "2026-08-19T00:00:00Z"


def test_custom_labels_skip_blank_and_html_only_values() -> None:
    raw = valid(
        custom_label_0="  ",
        custom_label_1="<b></b>",
        custom_label_2="<b>Clearance</b>",
        custom_label_4="Best &amp; Brightest",
        custom_label_5="ignored: only 0..4 exist",
    )
    product, _ = accepted(raw)
    assert product.custom_labels == ("Clearance", "Best & Brightest")


def test_title_is_folded_onto_one_line() -> None:
    product, _ = accepted(valid(title="<p>Linen</p>\n<p>Shirt&nbsp;Navy</p>"))
    assert product.title == "Linen Shirt Navy"
