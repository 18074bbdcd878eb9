"""06 — Craps (Daus o Craps / Dados o Craps): two dice, a shooter, line, place and proposition bets.

Spec: ``spec/games/06-craps.md``. Canonical spots: ``win``, ``dont-win``, ``come``,
``dont-come``, ``field``, ``big-6``, ``big-8``, ``under-7``, ``over-7``, ``hard-4|6|8|10``,
``any-7``, ``eleven``, ``any-craps``, ``craps-2|3|12``, ``horn``, ``place-N`` (right bet),
``lay-N`` (wrong bet), ``win-odds``, ``dont-win-odds``, ``come-odds-N`` and
``dont-come-odds-N`` (N one of 4, 5, 6, 8, 9, 10).

Every bet is decided by one pure rule, :func:`resolve_craps`, used both by the
engine and by the PAR chains (:func:`par_chains`). A bet that lasts several rolls
stays on the layout (``Stay``); a come bet that travels to its number keeps it as
``Bet.point``.

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = Craps(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="pass", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="ana", spot="any seven", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets(by=Role.STICKMAN))
>>> record = game.apply(Throw(dice=(4, 3), by=Role.STICKMAN))
>>> [(e.spot, e.net) for e in record.events if e.kind == "settled"]
[('win', 10000), ('any-7', 8000)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from crupier.core import dice as dice_mod
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    UnknownPlayer,
    UnknownSpot,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BuyIn,
    CashOut,
    LastRounds,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Spot,
    TakeDown,
    Void,
)
from crupier.core.money import Rounding, format_amount, win_amount
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "craps"
Dice = tuple[int, int]
POINTS = (4, 5, 6, 8, 9, 10)
"""The point numbers (and the numbers of the layout's boxes)."""


def _ratios(**pairs: str) -> dict[int, Fraction]:
    return {int(k.removeprefix("n")): Fraction(v) for k, v in pairs.items()}


def _check_points(name: str, mapping: dict[int, Any], keys: Sequence[int] = POINTS) -> None:
    if set(mapping) != set(keys):
        wanted = ", ".join(str(k) for k in keys)
        raise ValueError(f"{name}: needs exactly one value for each of {wanted}")


# -- profile ---------------------------------------------------------------------------------


class CrapsPayouts(BaseModel):
    """Payout ratios "X to Y" of every craps bet (spec 06, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    line: Ratio = Fraction(1)
    """Win, Don't win, Come, Don't come: even money."""
    field: dict[int, Ratio] = Field(
        default_factory=lambda: {2: Fraction(2), 3: Fraction(1), 4: Fraction(1), 9: Fraction(1),
                                 10: Fraction(1), 11: Fraction(1), 12: Fraction(2)}
    )  # fmt: skip
    """Field: the winning totals and their ratio; any other total loses."""
    big: Ratio = Fraction(1)
    under_over: Ratio = Fraction(1)
    hard: dict[int, Ratio] = Field(
        default_factory=lambda: {4: Fraction(7), 6: Fraction(9), 8: Fraction(9), 10: Fraction(7)}
    )
    any_7: Ratio = Fraction(4)
    eleven: Ratio = Fraction(15)
    any_craps: Ratio = Fraction(7)
    craps_2: Ratio = Fraction(30)
    craps_3: Ratio = Fraction(15)
    craps_12: Ratio = Fraction(30)
    horn: Ratio = Fraction(4)
    win_odds: dict[int, Ratio] = Field(
        default_factory=lambda: _ratios(n4="2", n5="3/2", n6="6/5", n8="6/5", n9="3/2", n10="2")
    )
    dont_odds: dict[int, Ratio] = Field(
        default_factory=lambda: _ratios(n4="1/2", n5="2/3", n6="5/6", n8="5/6", n9="2/3", n10="1/2")
    )
    place: dict[int, Ratio] = Field(
        default_factory=lambda: _ratios(n4="9/5", n5="7/5", n6="7/6", n8="7/6", n9="7/5", n10="9/5")
    )
    lay: dict[int, Ratio] = Field(
        default_factory=lambda: _ratios(
            n4="5/11", n5="5/8", n6="4/5", n8="4/5", n9="5/8", n10="5/11"
        )
    )

    @model_validator(mode="after")
    def _check(self) -> CrapsPayouts:
        for name in ("win_odds", "dont_odds", "place", "lay"):
            _check_points(f"payouts.{name}", getattr(self, name))
        _check_points("payouts.hard", self.hard, (4, 6, 8, 10))
        if not set(self.field) <= set(range(2, 13)) or 7 in self.field:
            raise ValueError("payouts.field: winning totals are 2-12 and never 7")
        return self


class CrapsMaxima(BaseModel):
    """Maxima of craps (spec 06, Limits); percentages are whole per cent."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    simple: int = 500_000
    """M, the simple-bet maximum, in minor units."""
    simple_min_times: int = 20
    """M may not be less than this many times the table minimum."""
    simple_max_times: int = 1000
    """M may not be more than this many times the table minimum."""
    multiple_win_factor: Ratio = Fraction(1)
    """Multiple bets: the maximum stake is factor * M / k (payout k to 1), factor in [1, 3]."""
    multiple_win_max_factor: Ratio = Fraction(3)
    """The regulated upper bound of that factor ("at most three times")."""
    win_odds_percent: int = 100
    """Odds on Win / Come: per cent of the stake on the matching simple bet."""
    dont_odds_percent: dict[int, int] = Field(
        default_factory=lambda: {4: 200, 5: 150, 6: 120, 8: 120, 9: 150, 10: 200}
    )
    right_percent: dict[int, int] = Field(
        default_factory=lambda: {4: 100, 5: 100, 6: 120, 8: 120, 9: 100, 10: 100}
    )
    wrong_percent: dict[int, int] = Field(
        default_factory=lambda: {4: 220, 5: 160, 6: 125, 8: 125, 9: 160, 10: 220}
    )

    @model_validator(mode="after")
    def _check(self) -> CrapsMaxima:
        if self.simple <= 0:
            raise ValueError("maxima.simple: must be a positive amount of minor units")
        if not 0 < self.simple_min_times <= self.simple_max_times:
            raise ValueError("maxima.simple_min_times: must be positive and <= simple_max_times")
        if not 1 <= self.multiple_win_factor <= self.multiple_win_max_factor:
            raise ValueError(
                "maxima.multiple_win_factor: must lie between 1 and multiple_win_max_factor "
                f"({format_ratio_plain(self.multiple_win_max_factor)})"
            )
        for name in ("dont_odds_percent", "right_percent", "wrong_percent"):
            mapping = getattr(self, name)
            _check_points(f"maxima.{name}", mapping)
            if any(v <= 0 for v in mapping.values()):
                raise ValueError(f"maxima.{name}: percentages must be positive")
        if self.win_odds_percent <= 0:
            raise ValueError("maxima.win_odds_percent: must be positive")
        return self


def format_ratio_plain(ratio: Fraction) -> str:
    """``3`` for a whole ratio, ``"5/2"`` otherwise.

    >>> format_ratio_plain(Fraction(5, 2))
    '5/2'
    """
    return str(ratio.numerator) if ratio.denominator == 1 else str(ratio)


class ComeTiming(StrEnum):
    """When Come / Don't come may be made."""

    POINT_ON = "point-on"  # "quan resulti punt establert" (004), the spec's DEFAULT
    AFTER_FIRST_ROLL = "after-first-roll"  # after the shooter's first roll (002 literal)


class ShooterLineBet(StrEnum):
    """What "the shooter bets Win or Don't win before throwing" (004 06 IV) asks mid-point.

    Win and Don't win are made on the come-out roll only (004 06 IV.A: "es juga a la
    primera tirada quan encara no hi ha punt establert"), so a player who takes the dice
    during a point (the shooter before him passed them, was barred or left) cannot make one.
    """

    COME_OUT = "come-out"
    """The shooter needs the bet for a come-out throw; a shooter who takes the dice during a
    point throws for it without one (the spec's reading: no state without a way forward)."""
    EVERY_THROW = "every-throw"
    """The shooter needs the bet for every throw: during a point the dice pass only to a
    player who holds one, and the shooter may not take down his last Don't win."""


class CrapsRules(BaseModel):
    """Rule switches of craps (the DEFAULT / INTERPRETATION marks of spec 06 and the seeds' differences)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    off_on_come_out: bool = False
    """US habit: place, hard-way and come-odds bets are off (no action) on a come-out roll."""
    come_timing: ComeTiming = ComeTiming.POINT_ON
    come_withdrawable: bool = False
    """Come bets may be taken down (004 06 IV.A forbids it; 002 names Win only)."""
    dont_withdrawable: bool = True
    """Don't win / Don't come may be taken down after their point is set."""
    die_on_chip_valid: bool = True
    """A die resting on chips: a valid throw (Andorra) or a no roll (Spain 1979)."""
    dice_per_session: int = 5
    dice_size_mm: tuple[int, int] = (15, 25)
    last_throws_rule: bool = True
    """Closing: "the last three throws", then undecided bets are returned."""
    stakes_multiple_of_minimum: bool = False
    """The management requires every stake to be a multiple of the table minimum."""
    refuse_rounding_stakes: bool = False
    """Refuse stakes whose payout is not a whole chip (instead of rounding down)."""
    no_more_bets_by: Role = Role.STICKMAN
    """Which official calls "no more bets"."""
    stickman_places_multiple_bets: bool = True
    """The stickman may place and collect the multiple (proposition) bets."""
    place_numbers: tuple[int, ...] = POINTS
    """Numbers open to place bets (right and wrong)."""
    shooter_line_bet: ShooterLineBet = ShooterLineBet.COME_OUT
    """When the shooter must hold a Win or Don't win bet (see :class:`ShooterLineBet`)."""

    @model_validator(mode="after")
    def _check(self) -> CrapsRules:
        if self.dice_per_session < 3:
            raise ValueError(
                "rules.dice_per_session: two dice in play need at least one in reserve"
            )
        low, high = self.dice_size_mm
        if not 0 < low <= high:
            raise ValueError("rules.dice_size_mm: [smallest, largest] side in millimetres")
        if not self.place_numbers or not set(self.place_numbers) <= set(POINTS):
            raise ValueError("rules.place_numbers: a non-empty subset of 4, 5, 6, 8, 9, 10")
        return self


class CrapsProfile(LayoutProfile):
    """The craps rules profile."""

    payouts: CrapsPayouts = CrapsPayouts()
    maxima: CrapsMaxima = CrapsMaxima()
    rules: CrapsRules = CrapsRules()

    @model_validator(mode="after")
    def _check(self) -> CrapsProfile:
        m, minimum = self.maxima, self.limits.minimum
        if m.simple < m.simple_min_times * minimum:
            raise ValueError(
                f"maxima.simple: {format_amount(m.simple)} is less than {m.simple_min_times} times "
                f"the table minimum {format_amount(minimum)}"
            )
        if m.simple > m.simple_max_times * minimum:
            raise ValueError(
                f"maxima.simple: {format_amount(m.simple)} is more than {m.simple_max_times} times "
                f"the table minimum {format_amount(minimum)}"
            )
        return self


# -- spots ------------------------------------------------------------------------------------

SIMPLE = frozenset({"win", "dont-win", "come", "dont-come", "field", "big", "under-7", "over-7"})
"""Jugades senzilles: maximum M."""
MULTIPLE = frozenset(
    {"hard", "any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12", "horn"}
)
"""Jugades múltiples: maximum between M/k and 3M/k."""
ODDS = frozenset({"win-odds", "dont-win-odds", "come-odds", "dont-come-odds"})
"""Jugades associades: maximum a percentage of the matching base bet."""
PLACE = frozenset({"place", "lay"})
"""Place bets: right (place to win) and wrong (place to lose)."""
LINE = frozenset({"win", "dont-win", "come", "dont-come"})

_ONE_ROLL_TOTALS: dict[str, frozenset[int]] = {
    "any-7": frozenset({7}),
    "eleven": frozenset({11}),
    "any-craps": frozenset({2, 3, 12}),
    "craps-2": frozenset({2}),
    "craps-3": frozenset({3}),
    "craps-12": frozenset({12}),
    "horn": frozenset({2, 3, 11, 12}),
}

_NAMES: dict[str, str] = {}
for _canon, _aliases in {
    "win": "win pass pass-line passline line front-line do-pass",
    "dont-win": "dont-win dont-pass dont-pass-line dontpass dont back-line no-win",
    "come": "come",
    "dont-come": "dont-come dontcome",
    "field": "field",
    "under-7": "under-7 under7 under",
    "over-7": "over-7 over7 over",
    "any-7": "any-7 any-seven any7 seven big-red joc-de-7 juego-de-7 7",
    "eleven": "eleven yo yo-eleven yo-leven joc-d11 joc-de-11 juego-de-11 11",
    "any-craps": "any-craps anycraps craps",
    "craps-2": "craps-2 aces snake-eyes two 2",
    "craps-3": "craps-3 ace-deuce three 3",
    "craps-12": "craps-12 boxcars midnight twelve 12",
    "horn": "horn horm",
    "win-odds": "win-odds odds pass-odds odds-on-win take-odds",
    "dont-win-odds": "dont-win-odds dont-pass-odds odds-on-dont-win lay-odds",
}.items():
    for _alias in _aliases.split():
        _NAMES[_alias] = _canon

_NUMBERED = [
    (re.compile(r"^(?:place|place-to-win|right|right-bet|place-bet)-(\d+)$"), "place"),
    (re.compile(r"^(?:lay|place-to-lose|wrong|wrong-bet|lay-bet)-(\d+)$"), "lay"),
    (re.compile(r"^(?:hard|hardway|hard-way|hardways|hard-ways)-(\d+)$"), "hard"),
    (re.compile(r"^big-?(\d+)$"), "big"),
    (re.compile(r"^(?:come-odds|odds-on-come|come-odds-on)-(\d+)$"), "come-odds"),
    (re.compile(r"^(?:dont-come-odds|odds-on-dont-come)-(\d+)$"), "dont-come-odds"),
    (re.compile(r"^(?:win-odds|pass-odds|odds|odds-on-win)-(\d+)$"), "win-odds"),
    (re.compile(r"^(?:dont-win-odds|dont-pass-odds|lay-odds)-(\d+)$"), "dont-win-odds"),
]

_VALID_NUMBERS = {
    "place": POINTS,
    "lay": POINTS,
    "hard": (4, 6, 8, 10),
    "big": (6, 8),
    "come-odds": POINTS,
    "dont-come-odds": POINTS,
    "win-odds": POINTS,
    "dont-win-odds": POINTS,
}


def _normalise(text: str) -> str:
    key = text.strip().lower()
    for quote in ("'", "’", "`", "´"):
        key = key.replace(quote, "")
    return re.sub(r"[\s_/]+", "-", key).strip("-")


def spot_of(text: str) -> Spot:
    """Parse a craps spot name, forgivingly (``"pass"``, ``"don't pass"``, ``"place 6"``, ``"yo"``).

    >>> spot_of("Don't pass").name, spot_of("place 8").bet_type, spot_of("hard 8").name
    ('dont-win', 'place', 'hard-8')
    >>> spot_of("come odds 5").name, spot_of("yo").name
    ('come-odds-5', 'eleven')
    >>> spot_of("place 7")
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: 'place 7' is not a craps bet: place takes 4, 5, 6, 8, 9 or 10
    """
    if not isinstance(text, str):
        raise UnknownSpot(f"{text!r} is not a craps bet")
    key = _normalise(text)
    if key in _NAMES:
        name = _NAMES[key]
        return Spot(name, name)
    for pattern, kind in _NUMBERED:
        m = pattern.match(key)
        if m is None:
            continue
        n = int(m.group(1))
        valid = _VALID_NUMBERS[kind]
        if n not in valid:
            allowed = ", ".join(str(v) for v in valid[:-1]) + f" or {valid[-1]}"
            raise UnknownSpot(f"{text!r} is not a craps bet: {kind} takes {allowed}")
        if kind in ("win-odds", "dont-win-odds"):
            # The odds on the Win line sit on the table's point; the number only confirms it.
            return Spot(kind, kind, frozenset({n}))
        return Spot(f"{kind}-{n}", kind, frozenset({n}))
    raise UnknownSpot(
        f"{text!r} is not a craps bet (win, dont-win, come, dont-come, field, place 6, "
        "lay 4, hard 8, any 7, eleven, horn, win-odds, come-odds 6 ...)"
    )


def _number(spot: Spot) -> int:
    return next(iter(spot.numbers))


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
    n = point if kind in ODDS and point is not None else _number(spot) if spot.numbers else point
    if n is None:
        raise IllegalAction(f"{spot.name}: odds need the point of their base bet")
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
    raise UnknownSpot(f"{spot.name!r} is not a craps bet")  # pragma: no cover


def payout_ratio(profile: CrapsProfile, spot: Spot, point: int | None = None) -> Fraction:
    """The largest payout ratio of a bet on ``spot`` (for odds: on ``point``).

    >>> payout_ratio(load_builtin(), spot_of("craps 2"))
    Fraction(30, 1)
    """
    pay = profile.payouts
    kind = spot.bet_type
    n = _number(spot) if spot.numbers else point
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
        raise IllegalAction(f"{spot.name}: the ratio depends on the point")
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

    >>> multiple_bet_maximum(load_builtin(), Fraction(30))
    16700
    """
    m = profile.maxima
    unit = profile.limits.chip_unit
    low, high = multiple_bet_bounds(m.simple, ratio, unit)
    raw = m.multiple_win_factor * m.simple / ratio / unit
    return max(low, min(high, math.ceil(raw) * unit))


# -- actions and state -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Throw(Action):
    """The shooter's throw, recorded by the stickman (``dice=None``: drawn from the random
    source; at a live table the dice shown are entered). ``die_on_chip``: a die rests on chips."""

    kind: ClassVar[str] = "throw"
    dice: tuple[int, ...] | None = None
    die_on_chip: bool = False


@dataclass(frozen=True, kw_only=True)
class NoRoll(Action):
    """ "Tirada nul·la": the stickman voids the throw (die broken, off the table, on the rim,
    dice stacked, slid ...). ``die_lost``: a die fell to the floor and was not recovered."""

    kind: ClassVar[str] = "no-roll"
    reason: str = ""
    die_lost: bool = False


@dataclass(frozen=True, kw_only=True)
class PassDice(Action):
    """The shooter declines (or gives up) the dice; they pass clockwise."""

    kind: ClassVar[str] = "pass-dice"
    player: str


@dataclass(frozen=True, kw_only=True)
class BarShooter(Action):
    """The cap de taula takes away a player's right to throw (repeated breaches)."""

    kind: ClassVar[str] = "bar-shooter"
    player: str


@dataclass(frozen=True, kw_only=True)
class ChangeDice(Action):
    """ "Canvi de daus": ordered by the cap de taula (``player=None``) or asked by the shooter."""

    kind: ClassVar[str] = "change-dice"
    player: str | None = None


@dataclass
class CrapsState(LayoutState):
    """Craps state: the layout plus the point, the shooter and the dice of the session."""

    point: int | None = None
    shooter: str | None = None
    seats: list[str] = field(default_factory=list)
    barred: list[str] = field(default_factory=list)
    shooter_rolls: int = 0
    dice_available: int = 5
    dice_changes: int = 0
    dice_sets: int = 1
    die_lost: bool = False


_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


class Craps(LayoutGame[CrapsProfile, CrapsState]):
    """The craps engine."""

    game_id: ClassVar[str] = GAME_ID
    void_reopens_betting: ClassVar[bool] = True
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {"throw"}
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Throw, NoRoll, PassDice, BarShooter, ChangeDice
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.STICKMAN}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER, Role.STICKMAN}),
        "no-more-bets": frozenset(Role),  # narrowed to the profile's official in check_permission
        "throw": frozenset({Role.STICKMAN, Role.CROUPIER, Role.SYSTEM}),
        "no-roll": frozenset({Role.STICKMAN, Role.HEAD}),
        "void": frozenset({Role.STICKMAN, Role.HEAD}),
        "pass-dice": frozenset({Role.PLAYER, Role.STICKMAN}),
        "bar-shooter": frozenset({Role.HEAD}),
        "change-dice": frozenset({Role.HEAD, Role.STICKMAN, Role.PLAYER}),
        "last-rounds": frozenset({Role.HEAD, Role.DIRECTOR}),
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }

    play_help: ClassVar[str] = "\n".join(
        (
            "Craps spots: win (pass), dont-win (don't pass), come, dont-come, field, big 6, big 8,",
            "  under 7, over 7, hard 4/6/8/10, any 7, eleven (yo), any craps, craps 2/3/12, horn,",
            "  place N (right bet), lay N (wrong bet), win-odds, dont-win-odds, come-odds N,",
            "  dont-come-odds N   (N = 4, 5, 6, 8, 9, 10)",
            "Commands: pass-dice (decline the dice), change-dice (ask for other dice)",
        )
    )

    def initial_state(self) -> CrapsState:
        return CrapsState(dice_available=self.profile.rules.dice_per_session)

    # -- permissions and spots ----------------------------------------------------------

    def check_permission(self, action: Action) -> None:
        super().check_permission(action)
        if action.kind == "no-more-bets":
            allowed = {self.profile.rules.no_more_bets_by, Role.SYSTEM}
            if action.by not in allowed:
                who = self.profile.rules.no_more_bets_by
                article = "an" if str(action.by)[:1].lower() in "aeiou" else "a"
                raise NotPermitted(
                    f"no-more-bets: {article} {action.by} may not call it (only the {who})"
                )

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        if spot.bet_type in PLACE and _number(spot) not in self.profile.rules.place_numbers:
            raise UnknownSpot(f"{text!r}: this table takes no place bets on {_number(spot)}")
        return spot

    # -- limits ---------------------------------------------------------------------------

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        kind = spot.bet_type
        if kind in MULTIPLE:
            return multiple_bet_maximum(self.profile, payout_ratio(self.profile, spot))
        if kind == "place":
            return m.simple * m.right_percent[_number(spot)] // 100
        if kind == "lay":
            return m.simple * m.wrong_percent[_number(spot)] // 100
        return m.simple

    def multiple_of(self, spot: Spot) -> int:
        if self.profile.rules.stakes_multiple_of_minimum:
            return self.profile.limits.minimum
        return self.profile.limits.multiple_of

    def odds_base(self, state: CrapsState, player: str, spot: Spot) -> tuple[int, int]:
        """The point and the total stake of the base bets that ``spot``'s odds would follow.

        Raises :class:`IllegalAction` when the matching simple bet with a known point is not
        on the table.
        """
        kind = spot.bet_type
        base_type = kind.removesuffix("-odds")
        if kind in ("win-odds", "dont-win-odds"):
            point = state.point
            if point is None:
                raise IllegalAction(
                    f"{spot.name}: no point is set, there is nothing to take odds on"
                )
            if spot.numbers and _number(spot) != point:
                raise IllegalAction(f"{spot.name}: the point is {point}, not {_number(spot)}")
        else:
            point = _number(spot)
        stake = sum(
            b.amount
            for b in state.bets.values()
            if b.player == player and b.spot == base_type and b.point == point
        )
        if stake == 0:
            where = f" on {point}" if point is not None else ""
            raise IllegalAction(
                f"{spot.name}: {player} has no {base_type} bet{where} for these odds to follow"
            )
        return point, stake

    def check_stake(self, state: CrapsState, player: str, spot: Spot, amount: int) -> None:
        self._check_timing(state, spot)
        if spot.bet_type not in ODDS:
            super().check_stake(state, player, spot, amount)
            return
        point, base = self.odds_base(state, player, spot)
        percent = (
            self.profile.maxima.win_odds_percent
            if spot.bet_type in ("win-odds", "come-odds")
            else self.profile.maxima.dont_odds_percent[point]
        )
        minimum = self.minimum(spot, state)
        if amount < minimum:
            raise BetUnderMinimum(
                f"{spot.name}: {format_amount(amount)} is under the minimum {format_amount(minimum)}"
            )
        unit = self.multiple_of(spot)
        if amount % unit:
            raise NotMultipleOfUnit(
                f"{spot.name}: {format_amount(amount)} is not a multiple of {format_amount(unit)}"
            )
        name = self._odds_name(spot, point)
        already = sum(
            b.amount
            for b in state.bets.values()
            if b.player == player and b.spot == name and b.point == point
        )
        maximum = base * percent // 100
        if already + amount > maximum:
            raise BetOverMaximum(
                f"{spot.name}: {format_amount(already + amount)} is over the maximum "
                f"{format_amount(maximum)} ({percent}% of the {format_amount(base)} it follows)"
            )

    @staticmethod
    def _odds_name(spot: Spot, point: int) -> str:
        return spot.bet_type if spot.bet_type in ("win-odds", "dont-win-odds") else spot.name

    def _check_timing(self, state: CrapsState, spot: Spot) -> None:
        kind = spot.bet_type
        if kind in ("win", "dont-win") and state.point is not None:
            raise IllegalAction(
                f"{spot.name}: the point is {state.point}; Win and Don't win are made on the "
                "come-out roll only"
            )
        if kind in ("come", "dont-come"):
            timing = self.profile.rules.come_timing
            if timing is ComeTiming.POINT_ON and state.point is None:
                raise IllegalAction(
                    f"{spot.name}: Come and Don't come are made only while a point is set"
                )
            if timing is ComeTiming.AFTER_FIRST_ROLL and state.shooter_rolls == 0:
                raise IllegalAction(
                    f"{spot.name}: Come and Don't come are made after the first roll"
                )

    def check_bet(self, state: CrapsState, player: str, spot: Spot, amount: int) -> None:
        if not self.profile.rules.refuse_rounding_stakes:
            return
        point = self.odds_base(state, player, spot)[0] if spot.bet_type in ODDS else None
        ratio = payout_ratio(self.profile, spot, point)
        limits = self.profile.limits
        try:
            win_amount(amount, ratio, Rounding.EXACT, limits.chip_unit)
        except MalformedAmount:
            raise NotMultipleOfUnit(
                f"{spot.name}: {format_amount(amount)} at {ratio.numerator} for "
                f"{ratio.denominator} does not pay a whole chip"
            ) from None

    def on_bet(self, state: CrapsState, bet: Bet, spot: Spot) -> None:
        if spot.bet_type in ODDS:
            point = state.point if spot.bet_type in ("win-odds", "dont-win-odds") else _number(spot)
            bet.point = point
            bet.status = f"on-{point}"

    def check_take_down(self, state: CrapsState, bet: Bet, spot: Spot) -> None:
        kind = spot.bet_type
        rules = self.profile.rules
        if kind == "win" or (kind == "come" and not rules.come_withdrawable):
            # 004 06 IV.A: "les apostes col·locades sobre win i sobre come no es poden
            # retirar" -- from the moment they are placed, not only once a point is set.
            raise BetNotWithdrawable(
                f"{spot.name} bet {bet.id}: a {kind} bet may not be taken down; it plays "
                "until won or lost"
            )
        if (
            kind == "dont-win"
            and state.point is not None
            and bet.player == state.shooter
            and rules.shooter_line_bet is ShooterLineBet.EVERY_THROW
            and not self._holds_line_bet(state, bet.player, but=bet.id)
        ):
            raise BetNotWithdrawable(
                f"{spot.name} bet {bet.id}: the shooter must keep a Win or Don't win bet while "
                f"he throws for the point {state.point}"
            )
        if bet.point is not None and kind in LINE:
            if kind in ("dont-win", "dont-come") and not rules.dont_withdrawable:
                raise BetNotWithdrawable(
                    f"{spot.name} bet {bet.id}: its point {bet.point} is set; it plays until "
                    "won or lost"
                )
            odds = f"{kind}-odds" if kind in ("win", "dont-win") else f"{kind}-odds-{bet.point}"
            others = [
                b
                for b in state.bets.values()
                if b.player == bet.player and b.spot == kind and b.point == bet.point
            ]
            if len(others) == 1 and any(
                b.player == bet.player and b.spot == odds for b in state.bets.values()
            ):
                raise BetNotWithdrawable(
                    f"{spot.name} bet {bet.id}: take down its odds ({odds}) first"
                )

    # -- the rule and the settlement ------------------------------------------------------

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: CrapsState) -> Resolution:
        return resolve_craps(self.profile, spot, outcome, bet.point, come_out=state.point is None)

    def announce(self, outcome: Any) -> str:
        a, b = outcome
        total = a + b
        words = {2: "craps", 3: "craps", 7: "seven", 11: "yo", 12: "craps"}.get(total, "")
        if total in (4, 6, 8, 10):
            words = "hard" if a == b else "easy"
        return f"{total} {words} ({a}-{b})".replace("  ", " ")

    # -- actions ----------------------------------------------------------------------------

    def _step(self, state: CrapsState, action: Action, source: RandomSource) -> Sequence[Event]:
        if state.phase is not Phase.CLOSED:
            if isinstance(action, LastRounds) and not self.profile.rules.last_throws_rule:
                raise IllegalAction(
                    "last-rounds: this profile has no 'last three throws' closing rule"
                )
            if isinstance(action, (PlaceBet, TakeDown)) and action.by is Role.STICKMAN:
                self._check_stickman(state, action)
            if isinstance(action, NoMoreBets) and state.phase is Phase.BETTING:
                blocker = self.throw_blocker(state)
                if blocker is not None:
                    raise IllegalAction(f"no-more-bets: {blocker}")
        return super()._step(state, action, source)

    def _check_stickman(self, state: CrapsState, action: PlaceBet | TakeDown) -> None:
        if not self.profile.rules.stickman_places_multiple_bets:
            raise NotPermitted(f"{action.kind}: the stickman handles only the dice at this table")
        if isinstance(action, PlaceBet):
            text = action.spot
        else:
            bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
            if bet is None:
                return  # the core refuses it as an unknown bet
            text = bet.spot
        spot = self.spot(text) if isinstance(text, str) else None
        if spot is not None and spot.bet_type not in MULTIPLE:
            raise NotPermitted(
                f"{action.kind}: the stickman places and collects only the multiple bets"
            )

    def _buy_in(self, state: CrapsState, action: BuyIn) -> list[Event]:
        events = super()._buy_in(state, action)
        if action.player not in state.seats:
            state.seats.append(action.player)
        if state.shooter is None and action.player not in state.barred:
            state.shooter = action.player
            events.append(Note(text=f"the dice are offered to {action.player}"))
        return events

    def _cash_out(self, state: CrapsState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        events.extend(self._leave_seat(state, action.player))
        events.extend(self._reopen_if_stuck(state))
        return events

    def _reopen_if_stuck(self, state: CrapsState) -> list[Event]:
        """After "no more bets" the shooter changed and cannot throw: betting reopens."""
        if state.phase is Phase.NO_MORE_BETS and self.throw_blocker(state) is not None:
            state.phase = Phase.BETTING
            return [Note(text="betting reopens for the new shooter")]
        return []

    @staticmethod
    def _holds_line_bet(state: CrapsState, player: str, but: int | None = None) -> bool:
        """Whether ``player`` has a Win or Don't win bet (other than bet ``but``)."""
        return any(
            b.player == player and b.spot in ("win", "dont-win") and b.id != but
            for b in state.bets.values()
        )

    def _needs_line_bet(self, state: CrapsState) -> bool:
        """Whether the shooter must hold a Win or Don't win bet for the next throw."""
        if state.point is None:
            return True
        return self.profile.rules.shooter_line_bet is ShooterLineBet.EVERY_THROW

    def throw_blocker(self, state: CrapsState) -> str | None:
        """Why the next throw could not be made now, or None when it can.

        "No more bets" is refused for the same reason, so that the table never waits
        for a throw that no one may make.

        >>> from crupier.core.rng import SeededSource
        >>> game = Craps(load_builtin(), SeededSource(1))
        >>> game.throw_blocker(game.state)
        'there is no shooter (no player has the dice)'
        """
        shooter = state.shooter
        if shooter is None:
            return "there is no shooter (no player has the dice)"
        if self._needs_line_bet(state) and not self._holds_line_bet(state, shooter):
            return f"the shooter {shooter} must have a Win or Don't win bet before throwing"
        if state.dice_available < 2:
            return (
                f"only {state.dice_available} die is left at the table; the cap de taula "
                "brings a new set (change-dice)"
            )
        return None

    def _leave_seat(self, state: CrapsState, player: str) -> list[Event]:
        if player not in state.seats:
            return []
        index = state.seats.index(player)
        was_shooter = state.shooter == player
        state.seats.remove(player)
        if not was_shooter:
            return []
        return self._offer_dice(state, index - 1)

    def _offer_dice(self, state: CrapsState, index: int) -> list[Event]:
        """Offer the dice to the first eligible seat after ``index``, clockwise."""
        seats = state.seats
        state.shooter = None
        state.shooter_rolls = 0
        strict = state.point is not None and self._needs_line_bet(state)
        for k in range(1, len(seats) + 1):
            candidate = seats[(index + k) % len(seats)]
            if candidate not in state.barred and (
                not strict or self._holds_line_bet(state, candidate)
            ):
                state.shooter = candidate
                return [Note(text=f"the dice pass to {candidate}")]
        return [Note(text="no player may take the dice")]

    def _next_shooter_check(self, state: CrapsState, what: str) -> None:
        """Refuse passing the dice during a point when no one could take them on."""
        if state.point is None or not self._needs_line_bet(state):
            return
        if not any(
            p != state.shooter and p not in state.barred and self._holds_line_bet(state, p)
            for p in state.seats
        ):
            raise IllegalAction(
                f"{what}: during the point {state.point} the dice may pass only to a player "
                "with a Win or Don't win bet, and no one holds one"
            )

    def _pass_dice(self, state: CrapsState) -> list[Event]:
        current = state.shooter
        index = state.seats.index(current) if current in state.seats else -1
        return self._offer_dice(state, index)

    def _shooter(self, state: CrapsState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(f"{player!r} is not at the table")
        if player != state.shooter:
            raise IllegalAction(f"{player} is not the shooter (the shooter is {state.shooter})")
        return player

    def extra_step(
        self, state: CrapsState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Throw):
            return self._throw(state, action, source)
        if isinstance(action, NoRoll):
            self.require_phase(state, Phase.NO_MORE_BETS)
            if not isinstance(action.die_lost, bool):
                raise MalformedAction(
                    f"no-roll: die_lost must be true or false, not {action.die_lost!r}"
                )
            return self._no_roll(state, action.reason, action.die_lost)
        if isinstance(action, PassDice):
            self.require_phase(state, Phase.BETTING)
            player = self._shooter(state, action.player)
            self._next_shooter_check(state, "pass-dice")
            return [Note(text=f"{player} passes the dice"), *self._pass_dice(state)]
        if isinstance(action, BarShooter):
            self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
            if not isinstance(action.player, str) or action.player not in state.seats:
                raise UnknownPlayer(f"{action.player!r} is not at the table")
            if action.player in state.barred:
                raise IllegalAction(f"{action.player} is already barred from throwing")
            if state.shooter == action.player:
                self._next_shooter_check(state, "bar-shooter")
            state.barred.append(action.player)
            events: list[Event] = [Note(text=f"{action.player} may no longer throw the dice")]
            if state.shooter == action.player:
                events.extend(self._pass_dice(state))
                events.extend(self._reopen_if_stuck(state))
            return events
        if isinstance(action, ChangeDice):
            return self._change_dice(state, action)
        return super().extra_step(state, action, source)

    def _throw(self, state: CrapsState, action: Throw, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        blocker = self.throw_blocker(state)
        if blocker is not None:
            raise IllegalAction(f"throw: {blocker}")
        if not isinstance(action.die_on_chip, bool):
            raise MalformedAction(
                f"throw: die_on_chip must be true or false, not {action.die_on_chip!r}"
            )
        if action.dice is None:
            dice = dice_mod.roll(source, 2)
        else:
            try:
                dice = dice_mod.check_dice(action.dice, 2)
            except ValueError as exc:
                raise MalformedAction(f"throw: {exc}") from None
        if action.die_on_chip and not self.profile.rules.die_on_chip_valid:
            return self._no_roll(state, f"a die rides on a chip ({dice[0]}-{dice[1]})", False)
        events: list[Event] = []
        if action.die_on_chip:
            events.append(Note(text="a die rests on chips: the throw is valid"))
        outcome = (dice[0], dice[1])
        total = outcome[0] + outcome[1]
        before = state.point
        events.extend(self.settle(state, outcome))
        state.shooter_rolls += 1
        series_over = False
        if before is None:
            if total in POINTS:
                state.point = total
                events.append(Note(text=f"the point is {total}"))
        elif total == before:
            state.point = None
            series_over = True
            events.append(Note(text=f"point {total} made; the same shooter continues"))
        elif total == 7:
            state.point = None
            series_over = True
            events.append(Note(text="seven out"))
            if state.phase is Phase.BETTING:
                events.extend(self._pass_dice(state))
        if series_over and state.die_lost:
            state.die_lost = False
            state.dice_available = self.profile.rules.dice_per_session
            state.dice_sets += 1
            events.append(Note(text="the lost die was not found: a new set of dice is brought"))
        if state.phase is not Phase.BETTING:
            state.point = None  # the table closed: every undecided bet was returned
        return events

    def _no_roll(self, state: CrapsState, reason: str, die_lost: bool) -> list[Event]:
        if not isinstance(reason, str):
            raise MalformedAction(f"no-roll: the reason must be text, not {reason!r}")
        events = self._void(
            state, Void(reason=f"tirada nul·la: {reason}" if reason else "tirada nul·la")
        )
        if die_lost:
            state.die_lost = True
            state.dice_available -= 1
            events.append(
                Note(text="a die fell to the floor: the shooter chooses from the remaining dice")
            )
        return events

    def _change_dice(self, state: CrapsState, action: ChangeDice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if action.player is None:
            if action.by is not Role.HEAD:
                raise NotPermitted("change-dice: only the cap de taula orders a change of dice")
            state.dice_changes += 1
            if state.dice_available < 2:
                # Fewer than two dice are left: the series cannot go on with them (004 06 IV).
                state.dice_available = self.profile.rules.dice_per_session
                state.dice_sets += 1
                state.die_lost = False
                return [Note(text="canvi de daus: a new set of dice is brought")]
            return [Note(text="canvi de daus (ordered by the cap de taula)")]
        player = self._shooter(state, action.player)
        if state.point is not None and not state.die_lost:
            raise IllegalAction(
                f"change-dice: {player} may not change dice while throwing for the point "
                f"{state.point} (only after a die fell to the floor)"
            )
        if state.dice_available < 3:
            raise IllegalAction("change-dice: no dice left in reserve")
        state.dice_changes += 1
        return [Note(text=f"canvi de daus (asked by the shooter {player})")]

    # -- views and the terminal --------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """As the layout's, less "no more bets" and the throw while no throw can be made."""
        kinds = super().legal_actions()
        if self.throw_blocker(self.state) is not None:
            kinds = [k for k in kinds if k not in ("no-more-bets", "throw")]
        return kinds

    def game_legal_actions(self) -> list[str]:
        phase = self.state.phase
        if phase is Phase.NO_MORE_BETS:
            return ["throw", "no-roll", "bar-shooter"]
        if phase is Phase.BETTING:
            return ["pass-dice", "bar-shooter", "change-dice"]
        return []

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        s = self.state
        out.update(
            point=s.point,
            shooter=s.shooter,
            seats=list(s.seats),
            barred=list(s.barred),
            dice_available=s.dice_available,
        )
        return out

    def auto_round(self) -> list[Action]:
        """The stickman's actions for one throw at an electronic table (dice drawn)."""
        return [NoMoreBets(by=self.profile.rules.no_more_bets_by), Throw(by=Role.STICKMAN)]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``pass-dice`` and ``change-dice`` for the player at the terminal."""
        command = "-".join(w.lower() for w in words)
        if command in ("pass-dice", "pass-the-dice", "decline"):
            return PassDice(player=player, by=Role.PLAYER)
        if command in ("change-dice", "new-dice"):
            return ChangeDice(player=player, by=Role.PLAYER)
        return None


# -- PAR --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CrapsChain:
    """One craps bet for the exact analyser: a Markov chain over its own point."""

    bet_id: str
    profile: CrapsProfile
    spot: Spot
    point: int | None = None

    def outcomes(self) -> list[tuple[Dice, Fraction]]:
        p = Fraction(1, 36)
        return [((a, b), p) for a, b in dice_mod.all_outcomes(2)]

    def start(self) -> int | None:
        return self.point

    def step(self, state: int | None, outcome: Dice) -> Resolution:
        return resolve_craps(self.profile, self.spot, outcome, state)

    def next_state(self, state: int | None, stay: Stay) -> int | None:
        return stay.point if stay.point is not None else state


PAR_BETS: tuple[tuple[str, str, int | None], ...] = (
    ("win", "win", None),
    ("dont-win", "dont-win", None),
    ("come", "come", None),
    ("dont-come", "dont-come", None),
    ("field", "field", None),
    ("big-6", "big-6", None),
    ("big-8", "big-8", None),
    ("under-7", "under-7", None),
    ("over-7", "over-7", None),
    *((f"hard-{n}", f"hard-{n}", None) for n in (4, 6, 8, 10)),
    ("any-7", "any-7", None),
    ("eleven", "eleven", None),
    ("any-craps", "any-craps", None),
    ("craps-2", "craps-2", None),
    ("craps-3", "craps-3", None),
    ("craps-12", "craps-12", None),
    ("horn", "horn", None),
    *((f"place-{n}", f"place-{n}", None) for n in POINTS),
    *((f"lay-{n}", f"lay-{n}", None) for n in POINTS),
    *((f"win-odds-{n}", "win-odds", n) for n in (4, 5, 6)),
    *((f"dont-win-odds-{n}", "dont-win-odds", n) for n in (4, 5, 6)),
)
"""(PAR id, spot, starting point) of every bet the PAR sheet lists."""


def par_chains(profile: CrapsProfile) -> list[CrapsChain]:
    """Every craps bet type as a chain for the exact analyser.

    >>> from crupier.analysis.exact import analyse
    >>> chains = {c.bet_id: c for c in par_chains(load_builtin())}
    >>> analyse(chains["win"]).house_edge, analyse(chains["place-6"]).house_edge
    (Fraction(7, 495), Fraction(1, 66))
    """
    return [CrapsChain(bet_id, profile, spot_of(spot), point) for bet_id, spot, point in PAR_BETS]


def load_builtin(name: str = "andorra") -> CrapsProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'craps'
    """
    return load_builtin_profile(CrapsProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
