"""sync.money: one reader for amounts, currencies and budget bounds, in every language."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sync.money import find_budget, find_money, parse_amount, read_price, readings
from sync.money_words import TABLES

D = Decimal

# --------------------------------------------------------------------------- one number


@pytest.mark.parametrize(
    ("text", "hint", "amount"),
    [
        ("1.299,00", None, D("1299")),
        ("1 299,00", None, D("1299")),
        ("1\u00a0299,00", None, D("1299")),
        ("1,299.00", None, D("1299")),
        ("1'299", None, D("1299")),
        ("1’299.50", None, D("1299.5")),
        ("1.299", None, D("1299")),  # three digits after one mark: thousands
        ("1,299,000", None, D("1299000")),
        ("12,5", None, D("12.5")),
        ("49,99", None, D("49.99")),
        ("0,5", None, D("0.5")),
        ("19.99", None, D("19.99")),
        ("2k", None, D("2000")),
        ("2K", None, D("2000")),
        ("1.5k", None, D("1500")),
        ("2 тыс", "ru", D("2000")),
        ("2 тыс.", "ru", D("2000")),
        ("3 тысячи", "ru", D("3000")),
        ("тысяча", "ru", D("1000")),
        ("1,5 mln", "pl", D("1500000")),
        ("2 tys.", "pl", D("2000")),
        ("tysiąc", "pl", D("1000")),
        ("150 mil", "es", D("150000")),
        ("2 mila", "it", D("2000")),
        ("3 Tsd.", "de", D("3000")),
        ("5 tūkst.", "lt", D("5000")),
        ("2 tisuće", "hr", D("2000")),
        ("a thousand", "en", D("1000")),
        ("1.299,00 zł", "pl", D("1299")),  # a currency around the number is allowed
        ("12.3456", None, D("12.3456")),  # not a shopper's price, but one number
        ("nothing here", None, None),
    ],
)
def test_parse_amount(text: str, hint: str | None, amount: Decimal | None) -> None:
    assert parse_amount(text, hint) == amount


def test_a_local_multiplier_is_read_only_in_its_language() -> None:
    # "mil" is a thousand in Spanish; in English it is a thousandth of an inch.
    assert parse_amount("150 mil", "es") == D("150000")
    assert parse_amount("150 mil", "en") == D("150")


# --------------------------------------------------------------------------- amounts


@pytest.mark.parametrize(
    ("text", "lang", "amount", "currency"),
    [
        # symbols, before or after, with or without a space
        ("a jacket for €49.99", "en", D("49.99"), "EUR"),
        ("49,99 €", "de", D("49.99"), "EUR"),
        ("49,99€", "fr", D("49.99"), "EUR"),
        ("$2,030", "en", D("2030"), "USD"),
        ("£40", "en", D("40"), "GBP"),
        ("1.299,00 zł", "pl", D("1299"), "PLN"),
        ("1 299 zł", "pl", D("1299"), "PLN"),
        ("999 ₽", "ru", D("999"), "RUB"),
        ("500 ₴", "ru", D("500"), "UAH"),
        ("₹1,499", "en", D("1499"), "INR"),
        ("R$ 120", "es", D("120"), "BRL"),
        # ISO codes, any case for the common ones
        ("EUR 50", "en", D("50"), "EUR"),
        ("50 PLN", "pl", D("50"), "PLN"),
        ("120 BYN", "ru", D("120"), "BYN"),
        ("usd 50", "en", D("50"), "USD"),
        ("ZAR 300", "en", D("300"), "ZAR"),
        ("CHF 80", "de", D("80"), "CHF"),
        # local letters and words
        ("200 złotych", "pl", D("200"), "PLN"),
        ("3000 руб", "ru", D("3000"), "RUB"),
        ("3000 рублей", "ru", D("3000"), "RUB"),
        ("3000р", "ru", D("3000"), "RUB"),
        ("3000 р.", "ru", D("3000"), "RUB"),
        ("5 тыс. рублей", "ru", D("5000"), "RUB"),
        ("50 eur", "lt", D("50"), "EUR"),
        ("30 eurų", "lt", D("30"), "EUR"),
        ("150 mil pesos", "es", D("150000"), "MXN"),
        ("40 euros", "es", D("40"), "EUR"),
        ("60 dollars", "en", D("60"), "USD"),
        ("60 bucks", "en", D("60"), "USD"),
        ("80 Franken", "de", D("80"), "CHF"),
        ("50 euro", "it", D("50"), "EUR"),
        ("50 kn", "hr", D("50"), "HRK"),
    ],
)
def test_find_money_reads_currencies(text: str, lang: str, amount: Decimal, currency: str) -> None:
    found = find_money(text, lang)
    assert [(m.amount, m.currency, m.explicit) for m in found] == [(amount, currency, True)]
    start, end = found[0].span
    assert any(ch.isdigit() for ch in text[start:end]) or "тыс" in text


def test_a_shared_mark_resolves_to_the_shops_currency() -> None:
    assert find_money("$50", "en", "CAD")[0].currency == "CAD"
    assert find_money("$50", "en", "EUR")[0].currency == "USD"
    assert find_money("20 mil pesos", "es", "COP")[0].currency == "COP"
    assert find_money("100 руб", "ru", "BYN")[0].currency == "BYN"
    assert find_money("100 руб", "ru", "EUR")[0].currency == "RUB"
    assert find_money("10 kr", "en", "NOK")[0].currency == "NOK"


def test_a_default_currency_is_not_explicit() -> None:
    [money] = find_money("under 50", "en", "EUR")
    assert (money.amount, money.currency, money.explicit) == (D("50"), "EUR", False)
    [money] = find_money("under 50", "en")
    assert money.currency is None and not money.explicit


def test_a_lower_case_code_that_is_a_word_is_no_currency() -> None:
    assert find_money("try 50 of them", "en") == []  # not Turkish lira
    assert find_money("TRY 50", "en")[0].currency == "TRY"


def test_a_one_letter_currency_needs_a_cue() -> None:
    assert find_money("under R250", "en")[0].currency == "ZAR"
    assert find_money("the R2 is nice", "en") == []
    assert find_money("R2D2 toy", "en") == []
    assert find_budget("R200-R500", "en")[:3] == (D("200"), D("500"), "ZAR")


def test_a_range_names_its_currency_once() -> None:
    found = find_money("od 100 do 200 zł", "pl")
    assert [(m.amount, m.currency, m.explicit) for m in found] == [
        (D("100"), "PLN", True),
        (D("200"), "PLN", True),
    ]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("size 42 sneakers", "en"),
        ("EU 39 please", "en"),
        ("Größe 43", "de"),
        ("taille 38", "fr"),
        ("rozmiar 40", "pl"),
        ("размер 44", "ru"),
        ("42 1/2", "en"),
        ("2 of them", "en"),
        ("for 2 kids", "en"),
        ("für 3 Personen", "de"),
        ("the 2nd one", "en"),
        ("le 2e", "fr"),
        ("140x70 table", "en"),
        ("stalas 140x70cm", "lt"),
        ("16х60 полка", "ru"),
        ("1.75mm filament", "en"),
        ("15 inch laptop bag", "en"),
        ("ES1845-20 charger", "en"),
        ("a Q2 headset", "en"),
        ("65W charger", "en"),
        ("from 2020", "en"),  # a year
        ("model 2024", "en"),
        ("I want 3", "en"),  # a bare number without a cue
        ("2k monitor", "en"),  # a resolution, no cue
        # a range of a spelled unit measures, before or after it, in any language
        ("кастрюля литров на 16–18", "ru"),
        ("кастрюля на 16-18 литров", "ru"),
        ("garnek 16-18 litrów", "pl"),
        ("a pot of 16 to 18 litres", "en"),
        ("tuyau de 20 à 30 mètres", "fr"),
        ("una olla de 16 a 18 litros", "es"),
        ("puodas 16-18 litrų", "lt"),
        ("Topf 16 bis 18 Liter", "de"),
        ("pentola da 16-18 litri", "it"),
    ],
)
def test_things_that_are_not_money(text: str, lang: str) -> None:
    assert find_money(text, lang) == []
    assert find_budget(text, lang) == (None, None, None, [])


def test_the_numbers_beside_non_money_still_read() -> None:
    budget = find_budget("size 42 sneakers under 100 €", "en")
    assert (budget.min, budget.max, budget.currency) == (None, D("100"), "EUR")
    budget = find_budget("1.75mm filament under 30", "en")
    assert budget.max == D("30")
    budget = find_budget("a 16-18 litre pot between 20 and 50", "en")
    assert (budget.min, budget.max) == (D("20"), D("50"))
    budget = find_budget("ES1845-20 charger under $40", "en")
    assert (budget.max, budget.currency) == (D("40"), "USD")


def test_bare_reads_an_answer_to_the_budget_question() -> None:
    assert [m.amount for m in find_money("1k", "en", bare=True)] == [D("1000")]
    assert [m.amount for m in find_money("80", "en", bare=True)] == [D("80")]
    assert find_money("size 42", "en", bare=True) == []


# --------------------------------------------------------------------------- budgets

MAX, MIN = "max", "min"


@pytest.mark.parametrize(
    ("text", "lang", "low", "high", "currency"),
    [
        # en
        ("shoes under 50", "en", None, "50", None),
        ("under R250", "en", None, "250", "ZAR"),
        ("max 80", "en", None, "80", None),
        ("up to $60", "en", None, "60", "USD"),
        ("less than 40 pounds", "en", None, "40", "GBP"),
        ("at most 70", "en", None, "70", None),
        ("below 30", "en", None, "30", None),
        ("laptop under 2k", "en", None, "2000", None),
        ("over 100", "en", "100", None, None),
        ("from 30", "en", "30", None, None),
        ("at least 20", "en", "20", None, None),
        ("between 20 and 50", "en", "20", "50", None),
        ("20-50 €", "en", "20", "50", "EUR"),
        ("$20 to $50", "en", "20", "50", "USD"),
        ("around 50", "en", "40.00", "60.00", None),
        ("50 or less", "en", None, "50", None),
        ("100 and up", "en", "100", None, None),
        ("not over 80", "en", None, "80", None),
        ("no less than 50", "en", "50", None, None),
        ("under 100 for 2", "en", None, "100", None),
        ("a jacket for 80 euros", "en", None, "80", "EUR"),
        # de
        ("unter 50 €", "de", None, "50", "EUR"),
        ("bis 1.500 Franken", "de", None, "1500", "CHF"),
        ("höchstens 80 Euro", "de", None, "80", "EUR"),
        ("ab 50 €", "de", "50", None, "EUR"),
        ("zwischen 20 und 40 Euro", "de", "20", "40", "EUR"),
        ("nicht über 80 euro", "de", None, "80", "EUR"),
        ("mein Budget ist 80 €", "de", None, "80", "EUR"),
        # fr
        ("moins de 50€", "fr", None, "50", "EUR"),
        ("jusqu'à 70 euros", "fr", None, "70", "EUR"),
        ("à partir de 20 euros", "fr", "20", None, "EUR"),
        ("entre 20 et 50 euros", "fr", "20", "50", "EUR"),
        # es
        ("menos de 30 mil pesos", "es", None, "30000", "MXN"),
        ("hasta 50 €", "es", None, "50", "EUR"),
        ("desde 20 euros", "es", "20", None, "EUR"),
        ("entre 100 y 200 dólares", "es", "100", "200", "USD"),
        ("no más de 60", "es", None, "60", None),
        ("presupuesto de 50 euros", "es", None, "50", "EUR"),
        # it
        ("sotto i 100 euro", "it", None, "100", "EUR"),
        ("fino a 50 euro", "it", None, "50", "EUR"),
        ("almeno 30 euro", "it", "30", None, "EUR"),
        ("da 20 a 40 euro", "it", "20", "40", "EUR"),
        # an article after the range's start and its join
        ("tra i 100 e i 110 dollari", "it", "100", "110", "USD"),
        ("tra i 70 e gli 80 dollari", "it", "70", "80", "USD"),
        ("entre les 100 et les 110 euros", "fr", "100", "110", "EUR"),
        ("entre los 100 y los 110 dólares", "es", "100", "110", "USD"),
        ("i 100 e i 110 euro", "it", None, "110", "EUR"),  # no start: two amounts
        # pl
        ("do 200 zł", "pl", None, "200", "PLN"),
        ("poniżej 1.299,00 zł", "pl", None, "1299", "PLN"),
        ("od 100 do 200 zł", "pl", "100", "200", "PLN"),
        ("od 50 złotych", "pl", "50", None, "PLN"),
        ("max 2 tys. zł", "pl", None, "2000", "PLN"),
        ("szukam botków, budżet 1.000,00 zł", "pl", None, "1000", "PLN"),
        ("mokasyny do tysiaka", "pl", None, "1000", None),
        # "między … a …", the slang hundred counted ("dwie stówy") and slang dollars
        ("między 200 a 250 dolarów", "pl", "200", "250", "USD"),
        ("między dwie stówy a dwieście pięćdziesiąt dolców", "pl", "200", "250", "USD"),
        ("do trzech stów zł", "pl", None, "300", "PLN"),
        ("50 a 60 zł", "pl", None, "60", "PLN"),  # no start: "a" joins no range
        # lt
        ("iki 50 eurų", "lt", None, "50", "EUR"),
        ("ne daugiau 30 eur", "lt", None, "30", "EUR"),
        ("nuo 20 iki 40 eur", "lt", "20", "40", "EUR"),
        ("nuo 15 eurų", "lt", "15", None, "EUR"),
        # ru
        ("до 5000 руб", "ru", None, "5000", "RUB"),
        ("не дороже 5 тыс. рублей", "ru", None, "5000", "RUB"),
        ("дешевле 3000р", "ru", None, "3000", "RUB"),
        ("от 1000 до 2000 руб", "ru", "1000", "2000", "RUB"),
        ("от 100 BYN", "ru", "100", None, "BYN"),
        ("примерно 100 бел. руб.", "ru", "80.00", "120.00", "BYN"),
        ("до тысячи рублей", "ru", None, "1000", "RUB"),
        ("бюджет 3000 руб", "ru", None, "3000", "RUB"),
        # hr
        ("ispod 49,90 eura", "hr", None, "49.90", "EUR"),
        ("do 50 kn", "hr", None, "50", "HRK"),
    ],
)
def test_find_budget(
    text: str, lang: str, low: str | None, high: str | None, currency: str | None
) -> None:
    budget = find_budget(text, lang)
    expected = (D(low) if low else None, D(high) if high else None, currency)
    assert (budget.min, budget.max, budget.currency) == expected
    assert budget.spans, "a bound covers the words it was read from"


def test_spans_cover_the_cue_and_the_amount() -> None:
    text = "red shoes under 50 € please"
    [(start, end)] = find_budget(text, "en").spans
    assert text[start:end] == "under 50 €"
    text = "kurtka od 100 do 200 zł"
    [(start, end)] = find_budget(text, "pl").spans
    assert text[start:end] == "od 100 do 200 zł"


def test_cues_are_read_in_every_language() -> None:
    # A short message's language is a guess: a Polish budget in a message taken for English.
    assert find_budget("kurtka do 200 zł", "en").max == D("200")


# --------------------------------------------------------------------------- feeds and LLM


@pytest.mark.parametrize(
    ("raw", "default", "amount", "currency"),
    [
        ("19.99 USD", "EUR", D("19.99"), "USD"),
        ("1.299,00 EUR", "", D("1299"), "EUR"),
        ("$2,030", "CAD", D("2030"), "CAD"),
        ("41.25", "", D("41.25"), ""),
        ("12,50 zł", "EUR", D("12.5"), "PLN"),
        ("USD 19.99", "EUR", D("19.99"), "USD"),
        ("19.99 usd", "EUR", D("19.99"), "USD"),
        ("10 kr", "NOK", D("10"), "NOK"),
        ("115.00 BYN", "", D("115"), "BYN"),
        ("12.3456 USD", "", D("12.3456"), "USD"),
        ("1'299.00 CHF", "", D("1299"), "CHF"),
        ("99 руб.", "BYN", D("99"), "BYN"),
    ],
)
def test_read_price(raw: str, default: str, amount: Decimal, currency: str) -> None:
    assert read_price(raw, default) == (amount, currency)


def test_readings_are_every_value_a_number_may_mean() -> None:
    got = readings("something under 1,299 or 150 mil pesos, 2k tops", "es")
    assert {D("1299"), D("1.299"), D("150000"), D("150"), D("2000"), D("2")} <= got


# --------------------------------------------------------------------------- the tables


def test_every_language_table_has_the_same_keys() -> None:
    keys = {lang: set(table) for lang, table in TABLES.items()}
    reference = keys["en"]
    for lang, table_keys in keys.items():
        assert table_keys == reference, (lang, table_keys ^ reference)
    assert {"en", "de", "fr", "es", "it", "pl", "lt", "ru"} <= set(TABLES)


def test_every_table_names_currencies_multipliers_and_bounds() -> None:
    for lang, table in TABLES.items():
        for key in ("currency_words", "multipliers", "max_before", "min_before", "range_start"):
            assert table[key], f"{lang} has no {key}"
        words = [w for key in table for w in table[key]]
        assert all(w == w.lower() and w == w.strip() for w in words), lang
        local = set(table["local_words"])
        assert local <= {w for key in table if key != "local_words" for w in table[key]}, lang


@pytest.mark.parametrize(
    "text, language, maximum, currency",
    [
        ("sheet set, nothing over thirty dollars", "en", "30", "USD"),
        ("no more than forty five dollars", "en", "45", "USD"),
        ("two hundred and fifty dollars max", "en", "250", "USD"),
        ("under fifty", "en", "50", None),  # a bound cue makes a spelled number money
        ("kettlebell for my garage gym, under a hundred", "en", "100", None),  # "a" is one
        ("under a thousand dollars", "en", "1000", "USD"),
        ("under a hundred and fifty bucks", "en", "150", "USD"),
        ("bis dreißig Euro", "de", "30", "EUR"),
        ("moins de cinquante euros", "fr", "50", "EUR"),
        ("dix-sept euros max", "fr", "17", "EUR"),
        ("moins de quatre-vingt-dix euros", "fr", "90", "EUR"),  # "quatre-vingt" is one word
        ("moins de deux cents euros", "fr", "200", "EUR"),
        ("menos de cuarenta euros", "es", "40", "EUR"),
        ("poniżej trzystu złotych", "pl", "300", "PLN"),
        ("до пятисот рублей", "ru", "500", "RUB"),
    ],
)
def test_a_spelled_amount_is_read_in_the_messages_language(text, language, maximum, currency):
    budget = find_budget(text, language)
    assert budget.max == Decimal(maximum) and budget.currency == currency


@pytest.mark.parametrize(
    "text, language",
    [
        ("I need two of them", "en"),  # a count
        ("toys for kids under two", "en"),  # under ten, without a currency: no money
        ("a tent for two", "en"),
        ("a tent for a family of five", "en"),  # an article before no hundred is no number
        ("sto cercando scarpe", "it"),  # Italian "sto" (I am) is Polish's hundred
    ],
)
def test_a_spelled_number_without_money_around_it_is_no_amount(text, language):
    budget = find_budget(text, language)
    assert budget.max is None and budget.min is None


@pytest.mark.parametrize(
    ("text", "language", "shop", "currency"),
    [
        ("que no pase de 17 pavos", "es", "USD", "USD"),
        ("menos de 22 pelas", "es", "EUR", "EUR"),
        ("pas plus de 20 balles", "fr", "CHF", "CHF"),
        ("unter 50 Mäuse", "de", "PLN", "PLN"),
        ("menos de 22 pavos", "es", None, None),  # no shop currency known: none said
    ],
)
def test_slang_for_money_is_the_shops_currency(text, language, shop, currency):
    """ "17 pavos", "20 balles": units of money, whatever the shop counts in (no exchange)."""
    budget = find_budget(text, language, shop)
    assert (budget.max, budget.currency) == (D(text.split()[-2]), currency)


@pytest.mark.parametrize(
    ("text", "lang", "low", "high"),
    [
        # number words in the case the preposition takes (genitive after до, от, iki, nuo)
        ("до сорока баксов", "ru", None, D("40")),
        ("до двадцати пяти евро", "ru", None, D("25")),
        ("от двадцати до сорока рублей", "ru", D("20"), D("40")),
        ("iki dvidešimties eurų", "lt", None, D("20")),
    ],
)
def test_number_words_in_their_cases(text: str, lang: str, low: Decimal | None, high) -> None:
    assert find_budget(text, lang)[:2] == (low, high)


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        # slang names of notes and round sums
        ("до полтинника баксов", "ru", (None, "50", "USD")),
        ("ladowarka do laptopa, max stowa w dolarach", "pl", (None, "100", "USD")),
        ("do stówy", "pl", (None, "100", None)),
        ("was Schönes unter nem Hunni", "de", (None, "100", None)),
        ("something for a tenner", "en", (None, "10", None)),
        ("sotto un centone", "it", (None, "100", None)),
        # a hundred as a counted noun, alone or counted, in the case its cue takes
        ("что-нибудь из банного текстиля, в пределах сотни рублей", "ru", (None, "100", "RUB")),
        ("до двух сотен баксов", "ru", (None, "200", "USD")),
        ("massimo due centinaia di euro", "it", (None, "200", None)),
        ("no más de un centenar de euros", "es", (None, "100", None)),
        ("moins de deux centaines d'euros", "fr", (None, "200", None)),
        ("max dwie setki zł", "pl", (None, "200", "PLN")),
        ("iki dviejų šimtinių eurų", "lt", (None, "200", "EUR")),
        # and no amount without a cue or a currency
        ("у меня сотни футболок", "ru", (None, None, None)),
        ("kupiłam setki butów", "pl", (None, None, None)),
        # "w" before a word is Polish "in", not watts; a wattage stays no amount
        ("max 100 w dolarach", "pl", (None, "100", "USD")),
        ("ładowarka 60 W", "pl", (None, None, None)),
    ],
)
def test_slang_amounts_and_the_polish_in(text, language, expected):
    got = find_budget(text, language)
    seen = (
        None if got.min is None else str(got.min),
        None if got.max is None else str(got.max),
        got.currency,
    )
    assert seen == expected
