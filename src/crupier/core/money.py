"""Money in integer minor units, payout ratios as exact fractions, named roundings.

Amounts are plain ``int`` counts of the currency's minor unit (cents for the
euro). A payout ratio "X to Y" is a :class:`fractions.Fraction` ``X/Y``: a
winning stake ``S`` is kept by the player and the house adds ``S * X / Y``.
Whenever a product is not a whole number of units, a :class:`Rounding` rule of
the profile decides, and the remainder stays with the house.

>>> parse_amount("12.50")
1250
>>> format_amount(1250)
'12.50'
>>> parse_ratio("7:6")
Fraction(7, 6)
>>> format_ratio(Fraction(1, 2))
'1:2'
>>> win_amount(2500, Fraction(7, 6), Rounding.DOWN, unit=100)  # 25.00 on place 6
2900
>>> share(5, Fraction(1, 2), Rounding.DOWN, unit=1)  # half of 5 cents
2
"""

from __future__ import annotations

import math
import re
from enum import StrEnum
from fractions import Fraction

from crupier.core.errors import MalformedAmount
from crupier.i18n import N_

MINOR_DIGITS = 2
"""Digits of the minor unit (the euro has cents)."""

_AMOUNT = re.compile(r"^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$")
_RATIO = re.compile(r"^\s*(\d+)\s*(?::|/|\s+to\s+)\s*(\d+)\s*$")


class Rounding(StrEnum):
    """Named rounding rules for a share of an amount that is not a whole unit.

    ``DOWN``: the player's share is rounded down to the unit; the house keeps the rest.
    ``EXACT``: the amount must divide exactly; otherwise the engine refuses it.
    """

    DOWN = "down"
    EXACT = "exact"


class DeductionRounding(StrEnum):
    """Named rounding rules for what the house deducts (a commission, a cagnotte, the monte
    10 %, an insurance fee), in whole multiples of a unit."""

    HALF_UP = "half-up"
    UP = "up"
    DOWN = "down"


def deduction(amount: int, rate: Fraction, rounding: DeductionRounding | str, unit: int = 1) -> int:
    """``amount * rate`` in whole ``unit``s, rounded by the named rule, at most ``amount``.

    >>> deduction(3000, Fraction(5, 100), "half-up"), deduction(3000, Fraction(5, 100), "up", 100)
    (150, 200)
    >>> deduction(995, Fraction(1, 10), "down"), deduction(995, Fraction(1, 10), "half-up", 50)
    (99, 100)
    """
    units = amount * rate / unit
    rule = DeductionRounding(rounding)
    if rule is DeductionRounding.HALF_UP:
        whole = math.floor(units + Fraction(1, 2))
    elif rule is DeductionRounding.UP:
        whole = math.ceil(units)
    else:
        whole = math.floor(units)
    return min(amount, whole * unit) if amount >= 0 else whole * unit


def parse_amount(text: str, digits: int = MINOR_DIGITS) -> int:
    """Read ``"12"``, ``"12.5"`` or ``"12,50"`` as minor units; refuse anything else.

    >>> parse_amount("7")
    700
    >>> parse_amount("-3")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAmount: '-3' is not an amount (write 12 or 12.50)
    """
    match = _AMOUNT.match(text)
    if match is None or digits != MINOR_DIGITS:
        raise MalformedAmount(N_("{text!r} is not an amount (write 12 or 12.50)", text=text))
    whole, frac = match.group(1), match.group(2) or ""
    scale: int = 10**digits
    return int(whole) * scale + int(frac.ljust(digits, "0") or "0")


def format_amount(amount: int, digits: int = MINOR_DIGITS) -> str:
    """Write minor units as ``"12.50"`` (negative amounts keep their sign).

    >>> format_amount(-5)
    '-0.05'
    """
    sign = "-" if amount < 0 else ""
    whole, frac = divmod(abs(amount), 10**digits)
    return f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"


class Money(int):
    """An amount (minor units) filled into a marked message as a money field,
    ``{amount:money}``: the message reads as the record's plain amount (``1234.50``, what
    the records, the ledger and the JSON keep), and where a person reads it
    (:meth:`crupier.i18n.Message.translated`, ``tx()`` in the browser) the amount is shown
    in the language's money format (``1.234,50 €`` in Catalan). A money field is formatted
    only with the ``money`` spec, so an amount never reaches a sentence as a bare count of
    cents.

    >>> from crupier.i18n import N_, gettext
    >>> note = N_("{player} buys in for {amount:money}", player="ana", amount=Money(123450))
    >>> note, gettext(note, "ca")
    ('ana buys in for 1234.50', 'ana compra fitxes per 1.234,50\xa0€')
    >>> f"{Money(5)}"
    Traceback (most recent call last):
    ...
    ValueError: an amount is filled into a message as {name:money}, not with ''
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "money":
            return format_amount(self)
        raise ValueError(f"an amount is filled into a message as {{name:money}}, not with {spec!r}")


def parse_ratio(text: str) -> Fraction:
    """Read a payout ratio ``"35:1"``, ``"35/1"`` or ``"7 to 6"``.

    >>> parse_ratio("35 to 1")
    Fraction(35, 1)
    """
    match = _RATIO.match(text)
    if match is None or int(match.group(2)) == 0:
        raise ValueError(f"{text!r} is not a ratio like '35:1'")
    return Fraction(int(match.group(1)), int(match.group(2)))


def format_ratio(ratio: Fraction) -> str:
    """Write a ratio as ``"X:Y"`` in lowest terms."""
    return f"{ratio.numerator}:{ratio.denominator}"


def check_amount(amount: object) -> int:
    """Return ``amount`` if it is a positive ``int`` of minor units, else refuse it.

    >>> check_amount(0)
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAmount: 0.00 is not a valid amount: it must be more than 0.00
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise MalformedAmount(
            N_("{amount!r} is not an amount (a whole number of cents)", amount=amount)
        )
    if amount <= 0:
        raise MalformedAmount(
            N_(
                "{amount:money} is not a valid amount: it must be more than 0.00",
                amount=Money(amount),
            )
        )
    return amount


def share(amount: int, fraction: Fraction, rounding: Rounding, unit: int = 1) -> int:
    """The player's share ``amount * fraction`` in whole multiples of ``unit``.

    With ``Rounding.DOWN`` the share is rounded down to ``unit``; the caller
    books the remainder to the house. ``Rounding.EXACT`` raises if it does not divide.
    """
    exact = amount * fraction
    units = exact / unit
    if units.denominator == 1:
        return int(units) * unit
    if rounding is Rounding.EXACT:
        raise MalformedAmount(
            N_(
                "{amount:money} times {format_ratio} is not a whole chip",
                amount=Money(amount),
                format_ratio=format_ratio(fraction),
            )
        )
    return (units.numerator // units.denominator) * unit


def win_amount(stake: int, ratio: Fraction, rounding: Rounding, unit: int = 1) -> int:
    """The winnings (stake not included) of ``stake`` paid at ``ratio``."""
    return share(stake, ratio, rounding, unit)
