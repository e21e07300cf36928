"""A budget in another currency: converted at a rate, kept a margin inside, or not at all."""

from __future__ import annotations

from decimal import Decimal

import pytest

from graph.exchange import convert_bound, parse_rates


def test_a_maximum_is_lowered_and_a_minimum_raised_by_the_margin() -> None:
    rates = parse_rates("EUR=1.10,PLN=0.25")
    assert convert_bound(100, "EUR", "USD", "max_price", rates) == 99.0  # 110 less 10 %
    assert convert_bound(100, "EUR", "USD", "min_price", rates) == 121.0  # 110 plus 10 %
    assert convert_bound(110, "USD", "EUR", "max_price", rates) == 90.0
    assert convert_bound(200, "PLN", "EUR", "max_price", rates) == 40.9  # 45.45 less 10 %


def test_without_a_rate_for_either_currency_nothing_is_converted() -> None:
    assert convert_bound(100, "XYZ", "USD", "max_price", parse_rates("")) is None
    assert convert_bound(100, "EUR", "USD", "max_price", parse_rates("off")) is None
    assert convert_bound(100, "EUR", "PLN", "max_price", parse_rates("EUR=1.1")) is None


def test_the_built_in_rates_and_a_merchant_s_own() -> None:
    built_in = parse_rates("")
    assert built_in is not None and built_in["USD"] == 1 and "BYN" in built_in
    own = parse_rates(" eur = 1.2 , byn=0.3")
    assert own == {"USD": Decimal(1), "EUR": Decimal("1.2"), "BYN": Decimal("0.3")}


@pytest.mark.parametrize("setting", ["EUR", "EUR=x", "=1.1", "EUR=-1", "EUR=0"])
def test_a_malformed_rate_is_an_error_naming_it(setting: str) -> None:
    with pytest.raises(ValueError, match="CODE=number"):
        parse_rates(setting)


def test_a_malformed_rate_setting_is_refused_when_the_context_is_made(monkeypatch) -> None:
    from graph.context import Context

    monkeypatch.setenv("AISLE_EXCHANGE_RATES", "EUR=lots")
    with pytest.raises(ValueError, match="AISLE_EXCHANGE_RATES.*CODE=number"):
        Context()
    monkeypatch.setenv("AISLE_EXCHANGE_RATES", "EUR=1.1")
    assert Context().exchange_rates == "EUR=1.1"
