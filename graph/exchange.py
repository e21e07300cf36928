"""A budget said in another currency than the shop's, converted on the safe side.

"menos de 16 euros" to a shop that prices in USD: applying 16 as USD would show items over
the shopper's budget, and refusing it (as Aisle did) showed every price. The budget is
converted at an approximate rate and then kept a margin inside it (a maximum lowered, a
minimum raised), so that what is shown stays within the shopper's bound while the rate is
off by less than the margin; the reply says it converted, and at about what. A merchant sets
the rates (``Context.exchange_rates``), or ``off`` to never convert (the budget is then not
applied and the reply asks for one in the shop's currency).
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_UP, Decimal

#: US dollars per unit of each currency, approximate (late 2026); a merchant's own rates
#: replace these (``AISLE_EXCHANGE_RATES="EUR=1.08,PLN=0.25"``).
USD_PER_UNIT: dict[str, Decimal] = {
    code: Decimal(rate)
    for code, rate in {
        "USD": "1", "EUR": "1.08", "GBP": "1.27", "CHF": "1.13", "PLN": "0.25",
        "CZK": "0.043", "HUF": "0.0027", "SEK": "0.095", "NOK": "0.092", "DKK": "0.145",
        "RON": "0.22", "BGN": "0.55", "UAH": "0.024", "BYN": "0.31", "RUB": "0.011",
        "TRY": "0.029", "CAD": "0.73", "AUD": "0.66", "NZD": "0.60", "JPY": "0.0067",
        "CNY": "0.14", "INR": "0.012", "BRL": "0.18", "MXN": "0.055",
    }.items()
}  # fmt: skip
#: How far inside the converted bound the search stays (rates move, and these are rounded).
MARGIN = Decimal("0.10")


def parse_rates(setting: str) -> dict[str, Decimal] | None:
    """The rates a setting names: "" the built-in ones, "off" none, "EUR=1.08,…" those.

    Raises:
        ValueError: a part is not ``CODE=number``.
    """
    setting = setting.strip()
    if not setting:
        return dict(USD_PER_UNIT)
    if setting.lower() == "off":
        return None
    rates = {"USD": Decimal(1)}
    for part in setting.split(","):
        code, _, rate = part.partition("=")
        try:
            value = Decimal(rate.strip())
        except ArithmeticError as exc:
            raise ValueError(f"exchange rate {part!r} is not CODE=number") from exc
        if not code.strip() or value <= 0:
            raise ValueError(f"exchange rate {part!r} is not CODE=number")
        rates[code.strip().upper()] = value
    return rates


def convert_bound(
    amount: float, said: str, shop: str, bound: str, rates: dict[str, Decimal] | None
) -> float | None:
    """``amount`` of ``said`` as a ``bound`` ("max_price"/"min_price") in ``shop``'s currency.

    A maximum is lowered and a minimum raised by :data:`MARGIN`; ``None`` without a rate.
    """
    if rates is None or said not in rates or shop not in rates:
        return None
    value = Decimal(str(amount)) * rates[said] / rates[shop]
    if bound == "max_price":
        return float((value * (1 - MARGIN)).quantize(Decimal("0.01"), ROUND_DOWN))
    return float((value * (1 + MARGIN)).quantize(Decimal("0.01"), ROUND_UP))
