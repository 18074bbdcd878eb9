"""06 — Craps: the rule of every bet (:func:`resolve_craps`) and the payouts and maxima it reads.

One pure rule decides every bet, for the engine and for the PAR chains alike.
"""

from __future__ import annotations

import math
from fractions import Fraction

from crupier.core.errors import (
    IllegalAction,
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.games.craps.bets import _ONE_ROLL_TOTALS, LINE, ODDS, spot_number
from crupier.games.craps.profile import CrapsProfile, Dice
from crupier.i18n import N_

# -- the rule ---------------------------------------------------------------------------------


def resolve_craps(
    profile: CrapsProfile,
    spot: Spot,
    dice: Dice,
    point: int | None = None,
    come_out: bool = False,
) -> Resolution:
    """How a bet on ``spot`` fares on ``dice`` (spec 06, Bets and Decision rules).

    ``point`` is the bet's own point (a line bet's point, a come bet's number, the
    number an odds bet sits on); ``come_out`` says whether the table's Win point is
    OFF (it matters only with the ``off_on_come_out`` switch).

    >>> from crupier.games.craps.bets import spot_of
    >>> from crupier.games.craps.profile import load_builtin
    >>> p = load_builtin()
    >>> resolve_craps(p, spot_of("win"), (3, 4))
    Win(ratio=Fraction(1, 1))
    >>> resolve_craps(p, spot_of("come"), (2, 3))
    Stay(status='on-5', point=5, scale=Fraction(1, 1), count=None)
    >>> resolve_craps(p, spot_of("dont-win"), (6, 6))
    Push()
    >>> resolve_craps(p, spot_of("place 6"), (5, 1))
    Win(ratio=Fraction(7, 6))
    """
    pay, rules = profile.payouts, profile.rules
    total = dice[0] + dice[1]
    kind = spot.bet_type
    if kind in ("win", "come"):
        if point is None:
            if total in (7, 11):
                return Win(pay.line)
            if total in (2, 3, 12):
                return Lose()
            return Stay(status=f"on-{total}", point=total)
        return Win(pay.line) if total == point else Lose() if total == 7 else Stay()
    if kind in ("dont-win", "dont-come"):
        if point is None:
            if total in (2, 3):
                return Win(pay.line)
            if total == 12:
                return Push()
            if total in (7, 11):
                return Lose()
            return Stay(status=f"on-{total}", point=total)
        return Win(pay.line) if total == 7 else Lose() if total == point else Stay()
    if kind == "field":
        return Win(pay.field[total]) if total in pay.field else Lose()
    if kind == "under-7":
        return Win(pay.under_over) if total < 7 else Lose()
    if kind == "over-7":
        return Win(pay.under_over) if total > 7 else Lose()
    if kind in _ONE_ROLL_TOTALS:
        ratio: Fraction = getattr(profile.payouts, kind.replace("-", "_"))
        return Win(ratio) if total in _ONE_ROLL_TOTALS[kind] else Lose()
    # A numbered bet's number; an odds bet follows the point of its base bet.
    n = (
        point
        if kind in ODDS and point is not None
        else spot_number(spot)
        if spot.numbers
        else point
    )
    if n is None:
        raise IllegalAction(N_("{spot}: odds need the point of their base bet", spot=spot.name))
    off = come_out and rules.off_on_come_out
    if kind == "big":
        return Win(pay.big) if total == n else Lose() if total == 7 else Stay()
    if kind == "hard":
        if off:
            return Stay()
        if total == n:
            return Win(pay.hard[n]) if dice[0] == dice[1] else Lose()
        return Lose() if total == 7 else Stay()
    if kind == "place":
        if off:
            return Stay()
        return Win(pay.place[n]) if total == n else Lose() if total == 7 else Stay()
    if kind == "lay":
        return Win(pay.lay[n]) if total == 7 else Lose() if total == n else Stay()
    if kind in ("win-odds", "come-odds"):
        decided = total in (n, 7)
        if kind == "come-odds" and off:
            # Off on the come-out: returned if the come bet is decided, else no action.
            return Push() if decided else Stay()
        return Win(pay.win_odds[n]) if total == n else Lose() if total == 7 else Stay()
    if kind in ("dont-win-odds", "dont-come-odds"):
        return Win(pay.dont_odds[n]) if total == 7 else Lose() if total == n else Stay()
    raise UnknownSpot(N_("{spot!r} is not a craps bet", spot=spot.name))  # pragma: no cover


def payout_ratio(profile: CrapsProfile, spot: Spot, point: int | None = None) -> Fraction:
    """The largest payout ratio of a bet on ``spot`` (for odds: on ``point``).

    >>> from crupier.games.craps.bets import spot_of
    >>> from crupier.games.craps.profile import load_builtin
    >>> payout_ratio(load_builtin(), spot_of("craps 2"))
    Fraction(30, 1)
    """
    pay = profile.payouts
    kind = spot.bet_type
    n = spot_number(spot) if spot.numbers else point
    if kind in LINE:
        return pay.line
    if kind == "field":
        return max(pay.field.values())
    if kind == "big":
        return pay.big
    if kind in ("under-7", "over-7"):
        return pay.under_over
    if kind in _ONE_ROLL_TOTALS:
        ratio: Fraction = getattr(pay, kind.replace("-", "_"))
        return ratio
    if n is None:
        raise IllegalAction(N_("{spot}: the ratio depends on the point", spot=spot.name))
    table = {
        "hard": pay.hard,
        "place": pay.place,
        "lay": pay.lay,
        "win-odds": pay.win_odds,
        "come-odds": pay.win_odds,
        "dont-win-odds": pay.dont_odds,
        "dont-come-odds": pay.dont_odds,
    }[kind]
    return table[n]


def multiple_bet_bounds(simple_max: int, ratio: Fraction, unit: int = 1) -> tuple[int, int]:
    """The range of a multiple bet's maximum stake: possible win between M and 3M, in whole units.

    The lower bound ``M/k`` is rounded up and the upper bound ``3M/k`` down to ``unit``
    (spec 06, example 17: M = 5 000, craps 2 at 30 to 1 gives [167, 500]).

    >>> multiple_bet_bounds(5_000_00, Fraction(30), unit=100)
    (16700, 50000)
    >>> multiple_bet_bounds(5_000_00, Fraction(4), unit=100)
    (125000, 375000)
    """
    low = Fraction(simple_max) / ratio / unit
    high = 3 * Fraction(simple_max) / ratio / unit
    return math.ceil(low) * unit, math.floor(high) * unit


def multiple_bet_maximum(profile: CrapsProfile, ratio: Fraction) -> int:
    """The maximum stake on a multiple bet paying ``ratio`` to 1, from the profile's factor.

    >>> from crupier.games.craps.profile import load_builtin
    >>> multiple_bet_maximum(load_builtin(), Fraction(30))
    16700
    """
    m = profile.maxima
    unit = profile.limits.chip_unit
    low, high = multiple_bet_bounds(m.simple, ratio, unit)
    raw = m.multiple_win_factor * m.simple / ratio / unit
    return max(low, min(high, math.ceil(raw) * unit))


__all__ = ["multiple_bet_bounds", "multiple_bet_maximum", "payout_ratio", "resolve_craps"]
