from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crupier.core.errors import MalformedAmount
from crupier.core.money import (
    Rounding,
    check_amount,
    format_amount,
    format_ratio,
    parse_amount,
    parse_ratio,
    share,
    win_amount,
)


@pytest.mark.parametrize(
    ("text", "cents"), [("5", 500), ("5.5", 550), ("5,05", 505), ("0.01", 1), (" 2700 ", 270000)]
)
def test_parse_amount(text: str, cents: int) -> None:
    assert parse_amount(text) == cents


@pytest.mark.parametrize("text", ["", "-5", "5.001", "abc", "1e3", "5.", "five"])
def test_parse_amount_refuses_malformed(text: str) -> None:
    with pytest.raises(MalformedAmount) as info:
        parse_amount(text)
    assert info.value.code == "malformed-amount"


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_format_parse_round_trip(cents: int) -> None:
    text = format_amount(abs(cents))
    assert parse_amount(text) == abs(cents)
    assert format_amount(cents).startswith("-") == (cents < 0)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "10", True, None])
def test_check_amount_refuses(bad: object) -> None:
    with pytest.raises(MalformedAmount):
        check_amount(bad)


def test_ratios() -> None:
    assert parse_ratio("35:1") == 35
    assert parse_ratio("1/2") == Fraction(1, 2)
    assert parse_ratio("9 to 5") == Fraction(9, 5)
    assert format_ratio(Fraction(6, 5)) == "6:5"
    with pytest.raises(ValueError):
        parse_ratio("3:0")


def test_named_roundings() -> None:
    # Spec 06 example 18: a right bet of 25 on 6 wins 7/6 x 25 = 29.166... -> 29 (chip 1.00).
    assert win_amount(2500, Fraction(7, 6), Rounding.DOWN, unit=100) == 2900
    assert win_amount(3000, Fraction(7, 6), Rounding.DOWN, unit=100) == 3500
    # Half of 2.50 (spec 01 example 12) is exact; half of 1.25 rounds the player's share down.
    assert share(250, Fraction(1, 2), Rounding.DOWN) == 125
    assert share(125, Fraction(1, 2), Rounding.DOWN) == 62
    with pytest.raises(MalformedAmount):
        share(125, Fraction(1, 2), Rounding.EXACT)


@given(
    st.integers(min_value=1, max_value=10**9),
    st.fractions(min_value=0, max_value=200, max_denominator=12),
    st.sampled_from([1, 5, 100, 500]),
)
def test_share_never_overpays(amount: int, ratio: Fraction, unit: int) -> None:
    paid = share(amount, ratio, Rounding.DOWN, unit)
    assert paid % unit == 0
    assert paid <= amount * ratio < paid + unit
