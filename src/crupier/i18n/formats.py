"""Numbers, money, percentages, dates and times as each language writes them (Babel, CLDR).

Money is integer minor units (cents) everywhere in crupier; here it becomes text only.
The patterns are CLDR's, not hand-made: Catalan and Spanish write ``1.234,56 €``, French
``1 234,56 €`` (a narrow no-break space groups the thousands), English ``€1,234.56``.
Dates and times are shown in the casino's time zone (the gaming day's, Europe/Andorra).

>>> money(123456, "ca"), money(123456, "en"), money(-450000, "es")
('1.234,56\\xa0€', '€1,234.56', '-4.500,00\\xa0€')
>>> amount(123456, "ca"), amount(123456, "en")
('1.234,56', '1,234.56')
>>> percent(0.027027, "ca"), percent(0.027027, "en")
('2,70\\xa0%', '2.70%')
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import cache
from typing import Any

from crupier.i18n import SOURCE, language


@cache
def _locale(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang)


def _lang(lang: str | None) -> str:
    return lang or language()


def _units(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


def money(cents: int, lang: str | None = None, currency: str = "EUR") -> str:
    """``cents`` as money with its currency sign, in ``lang`` (default: the language in force)."""
    from babel.numbers import format_currency

    return str(format_currency(_units(cents), currency, locale=_locale(_lang(lang))))


def amount(cents: int, lang: str | None = None) -> str:
    """``cents`` with two decimals and the language's separators, without the currency sign
    (a column of a book whose heading names the currency)."""
    from babel.numbers import format_decimal

    return str(format_decimal(_units(cents), format="#,##0.00", locale=_locale(_lang(lang))))


def number(value: int | float | Decimal, lang: str | None = None) -> str:
    """A number with the language's grouping and decimal sign.

    >>> number(10_000_000, "ca"), number(10_000_000, "en")
    ('10.000.000', '10,000,000')
    """
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_locale(_lang(lang))))


def fixed(value: int | float | Decimal, digits: int, lang: str | None = None) -> str:
    """A number with exactly ``digits`` decimals, the language's separators (a column of figures).

    >>> fixed(0.4861111, 6, "ca"), fixed(1, 4, "en")
    ('0,486111', '1.0000')
    """
    from babel.numbers import format_decimal

    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(Decimal(str(value)), format=pattern, locale=_locale(_lang(lang))))


def percent(value: float | Decimal, lang: str | None = None, digits: int = 2) -> str:
    """``value`` (a fraction: 0.027 is 2.7 %) as a percentage with ``digits`` decimals,
    in the language's own pattern (spacing and sign placement are CLDR's)."""
    from babel.numbers import parse_pattern

    loc = _locale(_lang(lang))
    pattern = parse_pattern(loc.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return str(pattern.apply(Decimal(str(value)), loc))


def _zone(tz: dt.tzinfo | None) -> dt.tzinfo:
    if tz is not None:
        return tz
    from crupier.casino.clock import TZ

    return TZ


def date_time(
    instant: dt.datetime, lang: str | None = None, tz: dt.tzinfo | None = None,
    style: str = "medium",
) -> str:  # fmt: skip
    """An instant as the language writes a date and time, in the casino's time zone.

    >>> import zoneinfo
    >>> t = dt.datetime(2026, 3, 2, 21, 5, tzinfo=dt.UTC)
    >>> date_time(t, "ca", zoneinfo.ZoneInfo("Europe/Andorra"), "short")
    '2/3/26 22:05'
    """
    from babel.dates import format_datetime

    if instant.tzinfo is None:
        instant = instant.replace(tzinfo=dt.UTC)
    return str(format_datetime(instant, style, tzinfo=_zone(tz), locale=_locale(_lang(lang))))


def date(day: dt.date, lang: str | None = None, style: str = "long") -> str:
    """A calendar day (a gaming day) as the language writes it.

    >>> date(dt.date(2026, 3, 2), "ca"), date(dt.date(2026, 3, 2), "fr")
    ('2 de març del 2026', '2 mars 2026')
    """
    from babel.dates import format_date

    return str(format_date(day, style, locale=_locale(_lang(lang))))


def shown(cents: int, lang: str | None = None, currency: str = "EUR") -> str:
    """``cents`` as the terminal shows it to a person: in English the plain amount the
    records and the commands use (``500.00``), in another language its money format.

    >>> shown(123456, "en"), shown(123456, "ca")
    ('1234.56', '1.234,56\\xa0€')
    """
    from crupier.core.money import format_amount

    if _lang(lang) == SOURCE:
        return format_amount(cents)
    return money(cents, lang, currency)
