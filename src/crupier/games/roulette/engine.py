"""01 — French roulette and 02 — American roulette with a single zero.

Spec: ``spec/games/01-french-roulette.md`` and ``spec/games/02-american-roulette-single-zero.md``.
One module serves both game ids (their packages, :mod:`crupier.games.french_roulette` and
:mod:`crupier.games.american_roulette`, name its classes). The layout (spots, parser, announced bets) lives in
:mod:`crupier.games.roulette.bets`.

A round: the croupier spins (the wheel turns opposite to the previous valid spin,
the ball opposite to the wheel), bets go on while the ball runs, "no more bets",
the result (drawn, or entered at a live table) and settlement in the regulated
order. Simple chances hit by the zero follow la partage / en prison (French:
the player's choice, with Model A or B for repeated zeros) or la partage at once
(American).

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = FrenchRoulette(load_builtin("french-roulette"), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="straight 17", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(Spin(wheel=Direction.CW))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Result(pocket=17))
>>> [(e.to_dict()["spot"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('straight-17', 35000)]
>>> game.can(Spin(wheel=Direction.CW))  # the wheel must now turn counter-clockwise
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import gcd
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    NotMultipleOfUnit,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    CashOut,
    LastRounds,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Settled,
    Spot,
    Suspend,
    Then,
    Void,
)
from crupier.core.money import check_amount, format_amount, parse_amount, share
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, new_event, registry
from crupier.core.wheel import BLACK, RED
from crupier.core.wheel import spin as spin_wheel
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.roulette.bets import (
    ANNOUNCED_BETS,
    SIMPLE_CHANCES,
    Components,
    announced_components,
    announced_name,
    is_simple_chance,
    spot_of,
)

FRENCH = "french-roulette"
AMERICAN = "american-roulette"
GAME_IDS = (FRENCH, AMERICAN)

FREE = "free"
"""A bet as placed."""
ZERO = "zero"
"""A simple chance hit by the zero, waiting for the player's choice (partage or prison)."""
PRISON = "prison"
"""A simple chance in prison."""


class Direction(StrEnum):
    """Direction of the wheel (or of the ball): clockwise or counter-clockwise."""

    CW = "cw"
    CCW = "ccw"

    @property
    def opposite(self) -> Direction:
        """The other direction.

        >>> Direction.CW.opposite
        <Direction.CCW: 'ccw'>
        """
        return Direction.CCW if self is Direction.CW else Direction.CW


class ZeroRule(StrEnum):
    """What the zero does to the simple chances."""

    PARTAGE_OR_PRISON = "partage-or-prison"  # French: the player's choice
    PARTAGE = "partage"  # American: half back at once


class PrisonModel(StrEnum):
    """Repeated zeros in prison (spec 01): A halves the imprisoned stake, B keeps it."""

    A = "A"
    B = "B"


class MinimumTest(StrEnum):
    """What the "below the table minimum" test reads (spec 01, INTERPRETATION)."""

    STAKE = "stake"
    WITHDRAWAL = "withdrawal"


class ZeroChoiceKind(StrEnum):
    """The player's option when the zero hits his simple chance."""

    PRISON = "prison"
    PARTAGE = "partage"


# -- profile ------------------------------------------------------------------------------


_FIELD = {"six-line": "six_line", "double-column": "double_column", "double-dozen": "double_dozen"}


def _field_of(bet_type: str) -> str:
    return "even_chance" if bet_type in SIMPLE_CHANCES else _FIELD.get(bet_type, bet_type)


class RoulettePayouts(BaseModel):
    """Payout ratios (X to 1) per bet type (spec 01, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    straight: Ratio = Fraction(35)
    split: Ratio = Fraction(17)
    street: Ratio = Fraction(11)
    corner: Ratio = Fraction(8)
    six_line: Ratio = Fraction(5)
    column: Ratio = Fraction(2)
    dozen: Ratio = Fraction(2)
    double_column: Ratio = Fraction(1, 2)
    double_dozen: Ratio = Fraction(1, 2)
    even_chance: Ratio = Fraction(1)

    def ratio(self, bet_type: str) -> Fraction:
        """The payout of ``bet_type``.

        >>> RoulettePayouts().ratio("double-dozen"), RoulettePayouts().ratio("red")
        (Fraction(1, 2), Fraction(1, 1))
        """
        value: Fraction = getattr(self, _field_of(bet_type))
        return value


class RouletteMaxima(BaseModel):
    """The maximum stake per bet type, as a multiple of the table minimum."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    straight: int = 30
    split: int = 60
    street: int = 90
    corner: int = 120
    six_line: int = 180
    column: int = 360
    dozen: int = 360
    double_column: int = 720
    double_dozen: int = 720
    even_chance: int = 540

    @model_validator(mode="after")
    def _check(self) -> RouletteMaxima:
        for name, value in self.__dict__.items():
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"maxima.{name}: must be a whole multiple of the minimum (>= 1)")
        return self

    def multiple(self, bet_type: str) -> int:
        """The multiple of the minimum for ``bet_type``.

        >>> RouletteMaxima().multiple("six-line"), RouletteMaxima().multiple("odd")
        (180, 540)
        """
        value: int = getattr(self, _field_of(bet_type))
        return value


class RouletteRules(BaseModel):
    """Rule switches (the DEFAULT and INTERPRETATION marks of specs 01 and 02)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    allow_zero_combinations: bool = True
    zero_rule: ZeroRule = ZeroRule.PARTAGE_OR_PRISON
    prison_model: PrisonModel = PrisonModel.A
    prison_min_test: MinimumTest = MinimumTest.STAKE
    zero_default_choice: ZeroChoiceKind = ZeroChoiceKind.PRISON
    even_stakes_on_doubles: bool = True
    min_ball_turns: int = 3
    temporary_closure_allowed: bool = True
    announced_bets: bool = True

    @model_validator(mode="after")
    def _check(self) -> RouletteRules:
        if self.min_ball_turns < 1:
            raise ValueError("rules.min_ball_turns: must be at least 1")
        return self


class ColourChipRules(BaseModel):
    """American colour chips (spec 02, Equipment 2 and Players)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    colours: int = 8
    """Colours (hence players) per layout."""
    denominations: tuple[int, ...] = (100, 200, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 100_000)
    """The value chips the casino has, in minor units; a colour value must be made of them."""

    @model_validator(mode="after")
    def _check(self) -> ColourChipRules:
        if self.colours < 1:
            raise ValueError("colour_chips.colours: must be at least 1")
        if not self.denominations or min(self.denominations) <= 0:
            raise ValueError("colour_chips.denominations: positive amounts of minor units")
        return self

    def expressible(self, value: int) -> bool:
        """True if ``value`` can be made of the casino's chip denominations.

        >>> ColourChipRules().expressible(200), ColourChipRules().expressible(250)
        (True, False)
        """
        unit = 0
        for d in self.denominations:
            unit = gcd(unit, d)
        if value % unit:
            return False
        target = value // unit
        coins = sorted({d // unit for d in self.denominations})
        reach = [True] + [False] * target
        for amount in range(1, target + 1):
            reach[amount] = any(c <= amount and reach[amount - c] for c in coins)
        return reach[target]


class RouletteProfile(LayoutProfile):
    """The rules profile of French roulette (and the base of the American one)."""

    payouts: RoulettePayouts = RoulettePayouts()
    maxima: RouletteMaxima = RouletteMaxima()
    rules: RouletteRules = RouletteRules()


class AmericanRouletteProfile(RouletteProfile):
    """The American single-zero roulette profile: the French one plus colour chips."""

    colour_chips: ColourChipRules = ColourChipRules()


RP = TypeVar("RP", bound=RouletteProfile)

# -- the rule --------------------------------------------------------------------------------


def withdrawal_fraction(rules: RouletteRules, count: int) -> Fraction:
    """The part of the stake at risk returned by la partage after ``count`` zeros.

    Model A halves the imprisoned stake at each further zero, so the option is always
    half of it; Model B keeps the stake at S0 and returns S0/2^k.

    >>> withdrawal_fraction(RouletteRules(), 3), withdrawal_fraction(RouletteRules(prison_model="B"), 3)
    (Fraction(1, 2), Fraction(1, 8))
    """
    if rules.prison_model is PrisonModel.A:
        return Fraction(1, 2)
    return Fraction(1, 2**count)


def resolve_roulette(
    profile: RouletteProfile,
    spot: Spot,
    pocket: int,
    *,
    status: str = FREE,
    count: int = 0,
    last: bool = False,
    choice: ZeroChoiceKind | None = None,
    locked: bool = False,
) -> Resolution:
    """How a bet on ``spot`` fares when the ball stops in ``pocket``.

    For a simple chance, ``status`` is ``free`` or ``prison`` and ``count`` the
    zeros it has suffered; ``last`` marks the last spin of the session (forced
    refund); ``locked`` says the imprisoned stake is below the minimum (it must stay
    in prison). ``choice`` is the option taken at a zero; ``None`` (the engine)
    leaves the bet waiting for the player's choice (status ``zero``).

    >>> p = RouletteProfile(game="french-roulette", profile="x")
    >>> resolve_roulette(p, spot_of("split 8/11"), 11)
    Win(ratio=Fraction(17, 1))
    >>> resolve_roulette(p, spot_of("red"), 0)
    Stay(status='zero', point=None, scale=Fraction(1, 1), count=1)
    >>> resolve_roulette(p, spot_of("red"), 0, status="prison", count=1, last=True)
    Refund(fraction=Fraction(1, 4))
    >>> resolve_roulette(p, spot_of("red"), 19, status="prison", count=1)
    Push()
    """
    on = pocket in spot.numbers
    if not is_simple_chance(spot):
        return Win(profile.payouts.ratio(spot.bet_type)) if on else Lose()
    rules = profile.rules
    free = status == FREE
    if pocket != 0:
        if free:
            return Win(profile.payouts.even_chance) if on else Lose()
        return Push() if on else Lose()  # freed: the stake comes back, no winnings
    if rules.zero_rule is ZeroRule.PARTAGE:
        return Refund(Fraction(1, 2) if free else withdrawal_fraction(rules, count))
    if free:
        if last or choice is ZeroChoiceKind.PARTAGE:
            return Refund(Fraction(1, 2))
        return Stay(status=PRISON if choice is ZeroChoiceKind.PRISON else ZERO, count=1)
    k = count + 1
    if rules.prison_model is PrisonModel.A:
        scale, refund = Fraction(1, 2), Fraction(1, 4)  # half of the halved stake
    else:
        scale, refund = Fraction(1), Fraction(1, 2**k)
    if last or (choice is ZeroChoiceKind.PARTAGE and not locked):
        return Refund(refund)
    stays_locked = locked or choice is ZeroChoiceKind.PRISON
    return Stay(status=PRISON if stays_locked else ZERO, scale=scale, count=k)


# -- actions and state ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Spin(Action):
    """The croupier spins the wheel (``wheel``) and launches the ball the other way."""

    kind: ClassVar[str] = "spin"
    wheel: Direction
    ball: Direction | None = None


@dataclass(frozen=True, kw_only=True)
class Result(Action):
    """The ball rests in ``pocket`` (``None``: drawn from the random source). At a live
    table the croupier enters the pocket and, if counted, the ball's turns of the track."""

    kind: ClassVar[str] = "result"
    pocket: int | None = None
    ball_turns: int | None = None


@dataclass(frozen=True, kw_only=True)
class ZeroChoice(Action):
    """The player's option for a simple chance hit by the zero: ``partage`` or ``prison``."""

    kind: ClassVar[str] = "zero-choice"
    player: str
    bet: int
    choice: str


@dataclass(frozen=True, kw_only=True)
class AnnouncedBet(Action):
    """An announced bet (voisins, tiers, orphelins, jeu-zero, finale D, neighbours N) of
    ``chip`` per chip: every component is a separate base bet; all or nothing."""

    kind: ClassVar[str] = "announced-bet"
    player: str
    name: str
    chip: int
    number: int | None = None
    each_side: int = 2


@dataclass(frozen=True, kw_only=True)
class ColourChips(Action):
    """American roulette: a series of colour chips for ``player`` at ``value`` each
    (``None``: the table minimum). Further chips of the same colour keep the value."""

    kind: ClassVar[str] = "colour-chips"
    player: str
    colour: str
    value: int | None = None


@dataclass(frozen=True, kw_only=True)
class ColourCashIn(Action):
    """American roulette: the player's colour chips are exchanged back; the colour is free."""

    kind: ClassVar[str] = "colour-cash-in"
    player: str


@dataclass
class ColourSeries:
    """A colour in play: its player and the declared value of each chip."""

    player: str
    value: int


@dataclass
class RouletteState(LayoutState):
    """The layout state plus the wheel's directions and the colours in play."""

    last_direction: Direction | None = None
    spin_direction: Direction | None = None
    spins: int = 0
    colours: dict[str, ColourSeries] = field(default_factory=dict)


# -- the engines ------------------------------------------------------------------------------

FRENCH_ORDER: dict[str, int] = {
    "column": 0,
    "dozen": 1,
    "double-column": 2,
    "double-dozen": 2,
    **dict.fromkeys(SIMPLE_CHANCES, 3),
    "street": 4,
    "six-line": 4,
    "corner": 5,
    "split": 5,
    "straight": 6,
}
"""Payment order of 002 IV.3.c (spec 01, Round procedure 6)."""

AMERICAN_ORDER: tuple[str, ...] = (
    "double-column",
    "column",
    "high",
    "odd",
    "black",
    "red",
    "even",
    "low",
    "double-dozen",
    "dozen",
    "six-line",
    "street",
    "corner",
    "split",
    "straight",
)
"""Payment order of 004 02 III / 002 02 III.b (spec 02, Round procedure 3)."""

_OPPOSITE = {Direction.CW: Direction.CCW, Direction.CCW: Direction.CW}
LOSE = Lose()
_SPINS = {d: Spin(wheel=d) for d in Direction}
_NO_MORE_BETS = NoMoreBets()
_DRAW = Result()
"""The staff's actions of an electronic round: immutable values, built once."""

_CROUPIER = frozenset({Role.CROUPIER})
_DIRECTOR = frozenset({Role.DIRECTOR})


class RouletteGame(LayoutGame[RP, RouletteState], Generic[RP]):
    """What the French and American engines share."""

    void_reopens_betting: ClassVar[bool] = True
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {
        "spin",
        "result",
        "zero-choice",
    }
    play_help: ClassVar[str] = (
        "spots: straight N (or N), split A/B, street N, trio 0-1-2|0-2-3, corner A B C D,\n"
        "  six-line A, column 1-3, dozen 1-3 (or 1-12), double-column 1-2|2-3,\n"
        "  double-dozen 1-2|2-3, red black even odd low high\n"
        "announced: voisins C, tiers C, orphelins C, jeu-zero C, finale D C, neighbours N C\n"
        "  (C = the chip, e.g. bet voisins 5)\n"
        "e.g.  bet red 10   bet 17 5   bet split 8 11 5   bet dozen 1-12 10\n"
        "spin cw|ccw: launch the wheel that way (it alternates; go picks the right one)"
    )

    def __init__(self, profile: RP, source: RandomSource | None = None, **options: Any) -> None:
        self._payouts: dict[str, tuple[frozenset[int], Win]] = {}
        super().__init__(profile, source, **options)

    def initial_state(self) -> RouletteState:
        return RouletteState()

    # -- the layout ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text, self.profile.rules.allow_zero_combinations)

    def maximum(self, spot: Spot) -> int:
        return self.profile.maxima.multiple(spot.bet_type) * self.profile.limits.minimum

    def multiple_of(self, spot: Spot) -> int:
        limits = self.profile.limits
        unit = limits.multiple_of
        if self.profile.rules.even_stakes_on_doubles and spot.bet_type.startswith("double-"):
            even = 2 * limits.chip_unit
            unit = unit * even // gcd(unit, even)
        return unit

    def check_take_down(self, state: RouletteState, bet: Bet, spot: Spot) -> None:
        if bet.status != FREE:
            raise BetNotWithdrawable(
                f"bet {bet.id} ({bet.spot}) is {bet.status}: it may not be taken down"
                + (" (choose partage to take half back)" if bet.status == ZERO else "")
            )

    def payout_of(self, spot: Spot) -> tuple[frozenset[int], Win]:
        """The winning pockets of ``spot`` and its :class:`Win` at the profile's ratio, built
        once per spot: a free bet that is not a simple chance hit by the zero settles by
        one lookup (the same rule as :func:`resolve_roulette`, which the rest follows)."""
        table = self._payouts.get(spot.name)
        if table is None:
            win = Win(self.profile.payouts.ratio(spot.bet_type))
            table = self._payouts[spot.name] = (spot.numbers, win)
        return table

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: RouletteState) -> Resolution:
        if bet.status == FREE and (outcome != 0 or spot.bet_type not in SIMPLE_CHANCES):
            numbers, win = self._payouts.get(spot.name) or self.payout_of(spot)
            return win if outcome in numbers else LOSE
        locked = False
        if is_simple_chance(spot) and outcome == 0 and bet.status != FREE:
            locked = self._below_minimum(bet, spot, state)
        return resolve_roulette(
            self.profile,
            spot,
            outcome,
            status=bet.status,
            count=bet.count,
            last=state.last_round,
            locked=locked,
        )

    def _below_minimum(self, bet: Bet, spot: Spot, state: RouletteState) -> bool:
        """Whether a further zero leaves the imprisoned bet below the table minimum."""
        rules, rounding = self.profile.rules, self.profile.limits.rounding
        half = Fraction(1, 2)
        if rules.prison_model is PrisonModel.A:
            stake = share(bet.amount, half, rounding, 1)
            test = (
                stake
                if rules.prison_min_test is MinimumTest.STAKE
                else share(stake, half, rounding, 1)
            )
        else:  # Model B: the test reads S0/2^k (spec 01, Zero rule)
            test = share(bet.original, Fraction(1, 2 ** (bet.count + 1)), rounding, 1)
        return test < self.minimum(spot, state)

    def settlement_order(self, spot: Spot) -> int:
        return FRENCH_ORDER[spot.bet_type]

    def announce(self, outcome: Any) -> str:
        n = int(outcome)
        if n == 0:
            return "0, zero"
        words = [
            "red" if n in RED else "black" if n in BLACK else "",
            "even" if n % 2 == 0 else "odd",
            "low" if n <= 18 else "high",
        ]
        return f"{n}, " + ", ".join(words)

    # -- zero choices --------------------------------------------------------------------

    def on_round_start(self, state: RouletteState) -> list[Event]:
        """At "no more bets" every undeclared zero choice takes the profile's default."""
        events: list[Event] = []
        for bet in state.bets.values():
            if bet.status == ZERO:
                break
        else:
            return events
        default = self.profile.rules.zero_default_choice
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.status == ZERO:
                events.extend(self._choose(state, bet, default, "by default"))
        return events

    def _choose(
        self, state: RouletteState, bet: Bet, choice: ZeroChoiceKind, how: str
    ) -> list[Event]:
        if choice is ZeroChoiceKind.PRISON:
            bet.status = PRISON
            return [Note(text=f"bet {bet.id} ({bet.spot}) goes to prison {how}")]
        fraction = withdrawal_fraction(self.profile.rules, bet.count)
        returned = share(bet.amount, fraction, self.profile.limits.rounding, 1)
        return [self._close(state, bet, Refund(fraction), returned, "partage")]

    # -- the game's own actions ------------------------------------------------------------

    def _no_more_bets(self, state: RouletteState) -> list[Event]:
        if state.phase is Phase.BETTING and not state.launched:
            raise WrongPhase("no more bets is called while the ball runs: spin first")
        return super()._no_more_bets(state)

    def _closure_allowed(self) -> None:
        if not self.profile.rules.temporary_closure_allowed:
            raise IllegalAction("this profile has no temporary closure of the table")

    def _suspend(self, state: RouletteState, action: Suspend) -> list[Event]:
        self._closure_allowed()
        return super()._suspend(state, action)

    def _last_rounds(self, state: RouletteState, action: LastRounds) -> list[Event]:
        if action.then == Then.SUSPEND:
            self._closure_allowed()
        return super()._last_rounds(state, action)

    def _void(self, state: RouletteState, action: Void) -> list[Event]:
        events = super()._void(state, action)
        state.spin_direction = None  # a void spin does not count for the alternation
        return events

    def _cash_out(self, state: RouletteState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        for colour in [c for c, s in state.colours.items() if s.player == action.player]:
            del state.colours[colour]
        return events

    def extra_step(
        self, state: RouletteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Spin):
            return self._spin(state, action)
        if isinstance(action, Result):
            return self._result(state, action, source)
        if isinstance(action, ZeroChoice):
            return self._zero_choice(state, action)
        if isinstance(action, AnnouncedBet):
            return self._announced(state, action)
        return super().extra_step(state, action, source)

    def next_direction(self) -> Direction | None:
        """The direction the next spin's wheel must turn (``None``: either, first spin)."""
        last = self.state.last_direction
        return None if last is None else last.opposite

    def _spin(self, state: RouletteState, action: Spin) -> list[Event]:
        if state.phase is not Phase.BETTING:
            self.require_phase(state, Phase.BETTING)
        if state.launched:
            raise WrongPhase("the ball is already running")
        try:
            wheel = action.wheel if type(action.wheel) is Direction else Direction(action.wheel)
            ball = _OPPOSITE[wheel] if action.ball is None else Direction(action.ball)
        except ValueError:
            raise MalformedAction(
                f"spin: {action.wheel!r} / {action.ball!r}: a direction is cw or ccw"
            ) from None
        if ball is wheel:
            raise IllegalAction(f"spin: the ball is launched against the wheel, not {ball} with it")
        if state.last_direction is wheel:
            raise IllegalAction(
                f"spin: the wheel must turn {wheel.opposite}, opposite to the previous spin ({wheel})"
            )
        state.launched = True
        state.spin_direction = wheel
        start = f", from {state.results[-1]}" if state.results else ""
        return [new_event(Note, {"text": f"wheel {wheel}, ball {ball}{start}"})]

    def _result(self, state: RouletteState, action: Result, source: RandomSource) -> list[Event]:
        if state.phase is not Phase.NO_MORE_BETS:
            self.require_phase(state, Phase.NO_MORE_BETS)
        turns = action.ball_turns
        if turns is not None:
            if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
                raise MalformedAction(f"result: {turns!r} is not a number of ball turns")
            if turns < self.profile.rules.min_ball_turns:
                raise IllegalAction(
                    f"defective launch: {turns} turns of the track, fewer than "
                    f"{self.profile.rules.min_ball_turns}; the head of table declares it void"
                )
        if action.pocket is None:
            pocket = spin_wheel(source)
        else:
            pocket = action.pocket
            if not isinstance(pocket, int) or isinstance(pocket, bool) or not 0 <= pocket <= 36:
                raise MalformedAction(f"result: {pocket!r} is not a pocket 0-36")
        state.last_direction = state.spin_direction
        state.spin_direction = None
        state.spins += 1
        return self.settle(state, pocket)

    def _zero_choice(self, state: RouletteState, action: ZeroChoice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        player = self._player(state, action.player)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(f"{player} has no bet number {action.bet!r}")
        if bet.status != ZERO:
            raise IllegalAction(f"bet {bet.id} ({bet.spot}) has no zero choice to make")
        try:
            choice = ZeroChoiceKind(action.choice)
        except ValueError:
            raise MalformedAction(
                f"zero choice: {action.choice!r} is not 'partage' or 'prison'"
            ) from None
        return self._choose(state, bet, choice, f"({player}'s choice)")

    def _announced(self, state: RouletteState, action: AnnouncedBet) -> list[Event]:
        if not self.profile.rules.announced_bets:
            raise IllegalAction("announced bets are not offered at this table")
        components: Components = announced_components(action.name, action.number, action.each_side)
        chip = check_amount(action.chip)
        events: list[Event] = []
        for spot, chips in components:
            bet = PlaceBet(player=action.player, spot=spot, amount=chip * chips, by=action.by)
            events.extend(self._place(state, bet))
        return events

    # -- views and the terminal table ------------------------------------------------------

    def legal_actions(self) -> list[str]:
        kinds = self.base_legal_actions()
        if not self.state.launched and "no-more-bets" in kinds:
            kinds.remove("no-more-bets")
        return kinds + self.game_legal_actions()

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            if not s.launched:
                kinds.append("spin")
            if self.profile.rules.announced_bets:
                kinds.append("announced-bet")
            if any(b.status == ZERO for b in s.bets.values()):
                kinds.append("zero-choice")
        if s.phase is Phase.NO_MORE_BETS:
            kinds.append("result")
        return kinds

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        next_dir = self.next_direction()
        out["last_direction"] = (
            None if self.state.last_direction is None else str(self.state.last_direction)
        )
        out["next_direction"] = None if next_dir is None else str(next_dir)
        return out

    def auto_round(self) -> list[Action]:
        """Spin in the right direction, call no more bets, draw the result."""
        s = self.state
        actions: list[Action] = []
        if s.phase is Phase.BETTING and not s.launched:
            actions.append(_SPINS[self.next_direction() or Direction.CW])
        if s.phase is Phase.BETTING:
            actions.append(_NO_MORE_BETS)
        actions.append(_DRAW)
        return actions

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``prison BET``, ``partage BET``, ``voisins 5``, ``finale 7 5``, ``neighbours 17 5``,
        ``spin cw``; None for anything else."""
        if not words:
            return None
        head, rest = words[0].lower(), words[1:]
        if head in ("prison", "partage") and len(rest) == 1 and rest[0].isdigit():
            return ZeroChoice(player=player, bet=int(rest[0]), choice=head, by=Role.PLAYER)
        if head == "spin" and len(rest) <= 1:
            wanted = rest[0].lower() if rest else None
            if wanted is not None and wanted not in ("cw", "ccw"):
                return None  # not a direction: the terminal refuses it
            wheel = Direction(wanted) if wanted is not None else self.next_direction()
            return Spin(wheel=wheel or Direction.CW)
        try:
            name = announced_name(head)
        except ValueError:
            return None
        if name in ("finale", "neighbours"):
            if len(rest) != 2 or not rest[0].isdigit():
                return None
            return AnnouncedBet(
                player=player,
                name=name,
                chip=parse_amount(rest[1]),
                number=int(rest[0]),
                by=Role.PLAYER,
            )
        if len(rest) != 1:
            return None
        return AnnouncedBet(player=player, name=name, chip=parse_amount(rest[0]), by=Role.PLAYER)


class FrenchRoulette(RouletteGame[RouletteProfile]):
    """01 — French roulette: la partage or en prison at the player's choice."""

    game_id: ClassVar[str] = FRENCH
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Spin, Result, ZeroChoice, AnnouncedBet
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _CROUPIER,
        "cash-out": _CROUPIER,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "announced-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "zero-choice": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "spin": _CROUPIER,
        "no-more-bets": _CROUPIER,
        "result": _CROUPIER,
        "void": frozenset({Role.HEAD}),
        "last-rounds": frozenset({Role.DIRECTOR, Role.HEAD}),
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
    }


class AmericanRoulette(RouletteGame[AmericanRouletteProfile]):
    """02 — American roulette, single zero: la partage at once, colour chips, and payments
    grouped by player."""

    game_id: ClassVar[str] = AMERICAN
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Spin, Result, ZeroChoice, AnnouncedBet, ColourChips, ColourCashIn
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _CROUPIER,
        "cash-out": _CROUPIER,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "announced-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "zero-choice": frozenset({Role.PLAYER, Role.CROUPIER}),
        "colour-chips": frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR}),
        "colour-cash-in": _CROUPIER,
        "spin": _CROUPIER,
        "no-more-bets": _CROUPIER,
        "result": _CROUPIER,
        "void": frozenset({Role.HEAD, Role.INSPECTOR}),
        "last-rounds": frozenset({Role.DIRECTOR, Role.HEAD, Role.INSPECTOR}),
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
    }
    play_help: ClassVar[str] = RouletteGame.play_help + ", colour NAME [VALUE]"

    def settlement_order(self, spot: Spot) -> int:
        return AMERICAN_ORDER.index(spot.bet_type)

    def settle(self, state: RouletteState, outcome: Any) -> list[Event]:
        """Settle as the core does, then pay each player's winning bets together: players
        in the order of their first winning bet in the payment order (spec 02)."""
        count = len(state.bets)
        events = super().settle(state, outcome)
        head, round_events, tail = events[:1], events[1 : 1 + count], events[1 + count :]
        settled = [e for e in round_events if isinstance(e, Settled)]
        losers = [e for e in settled if e.decision == "lose"]
        payers = [e for e in settled if e.decision != "lose"]

        def rank(e: Settled) -> tuple[int, int]:
            return (self.settlement_order(self.spot(e.spot)), e.bet)

        first: dict[str, tuple[int, int]] = {}
        for e in payers:
            first[e.player] = min(first.get(e.player, rank(e)), rank(e))
        payers.sort(key=lambda e: (first[e.player], rank(e)))
        return [*head, *losers, *payers, *tail]

    def colour_stake(self, player: str, chips: int) -> int:
        """The value of ``chips`` colour chips of ``player`` (minor units)."""
        for series in self.state.colours.values():
            if series.player == player:
                return series.value * chips
        raise IllegalAction(f"{player} holds no colour chips")

    def extra_step(
        self, state: RouletteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, ColourChips):
            return self._colour_chips(state, action)
        if isinstance(action, ColourCashIn):
            return self._colour_cash_in(state, action)
        return super().extra_step(state, action, source)

    def _colour_chips(self, state: RouletteState, action: ColourChips) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        player = self._player(state, action.player)
        if not isinstance(action.colour, str) or not action.colour.strip():
            raise MalformedAction(f"{action.colour!r} is not a colour")
        colour = action.colour.strip().lower()
        minimum = self.profile.limits.minimum
        value = minimum if action.value is None else check_amount(action.value)
        top = self.maximum(spot_of("straight 0"))
        if value < minimum:
            raise BetUnderMinimum(
                f"colour {colour}: {format_amount(value)} is under the table minimum "
                f"{format_amount(minimum)}"
            )
        if value > top:
            raise BetOverMaximum(
                f"colour {colour}: {format_amount(value)} is over the straight maximum "
                f"{format_amount(top)}"
            )
        if not self.profile.colour_chips.expressible(value):
            raise NotMultipleOfUnit(
                f"colour {colour}: {format_amount(value)} cannot be made of the casino's chips"
            )
        series = state.colours.get(colour)
        if series is not None and series.player != player:
            raise IllegalAction(f"colour {colour} is played by {series.player}")
        held = [c for c, s in state.colours.items() if s.player == player]
        if held and held[0] != colour:
            raise IllegalAction(f"{player} already plays colour {held[0]}")
        if series is not None:
            if series.value != value:
                raise IllegalAction(
                    f"colour {colour} is worth {format_amount(series.value)} while its chips are "
                    "out: cash them in to take a new series"
                )
            return [Note(text=f"more {colour} chips for {player} at {format_amount(value)}")]
        if len(state.colours) >= self.profile.colour_chips.colours:
            raise IllegalAction(f"all {self.profile.colour_chips.colours} colours are in play")
        state.colours[colour] = ColourSeries(player, value)
        return [Note(text=f"{player} plays {colour} chips at {format_amount(value)}")]

    def _colour_cash_in(self, state: RouletteState, action: ColourCashIn) -> list[Event]:
        player = self._player(state, action.player)
        held = [c for c, s in state.colours.items() if s.player == player]
        if not held:
            raise IllegalAction(f"{player} holds no colour chips")
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(f"{player}'s {held[0]} chips are still on the layout")
        for colour in held:
            del state.colours[colour]
        return [Note(text=f"{player} cashes in the {held[0]} chips")]

    def game_legal_actions(self) -> list[str]:
        kinds = super().game_legal_actions()
        if self.state.phase in (Phase.BETTING, Phase.NO_MORE_BETS):
            kinds += ["colour-chips", "colour-cash-in"]
        return kinds

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        out["colours"] = {
            c: {"player": s.player, "value": s.value} for c, s in self.state.colours.items()
        }
        return out

    def play_command(self, words: list[str], player: str) -> Action | None:
        """Adds ``colour NAME [VALUE]`` to the French commands."""
        if words and words[0].lower() in ("colour", "color") and len(words) in (2, 3):
            value = parse_amount(words[2]) if len(words) == 3 else None
            return ColourChips(player=player, colour=words[1], value=value)
        return super().play_command(words, player)


# -- PAR ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RouletteChain:
    """One roulette bet for the exact analyser; ``policy`` is the option taken at a zero.

    The chain's state is the bet's status only (``free`` or ``prison``): under the
    policies used here the zero counter never changes the figures.
    """

    bet_id: str
    profile: RouletteProfile
    spot: Spot
    policy: ZeroChoiceKind = ZeroChoiceKind.PARTAGE

    def outcomes(self) -> list[tuple[int, Fraction]]:
        return [(n, Fraction(1, 37)) for n in range(37)]

    def start(self) -> str:
        return FREE

    def step(self, state: str, outcome: int) -> Resolution:
        return resolve_roulette(
            self.profile,
            self.spot,
            outcome,
            status=state,
            count=0 if state == FREE else 1,
            choice=self.policy,
        )

    def next_state(self, state: str, stay: Stay) -> str:
        return stay.status or state


PAR_SPOTS: tuple[tuple[str, str], ...] = (
    ("straight", "straight-17"),
    ("split", "split-17-20"),
    ("street", "street-16"),
    ("corner", "corner-17-18-20-21"),
    ("six-line", "six-line-16-21"),
    ("column", "column-2"),
    ("dozen", "dozen-2"),
    ("double-column", "double-column-1-2"),
    ("double-dozen", "double-dozen-1-2"),
    *((name, name) for name in SIMPLE_CHANCES),
)


def par_chains(profile: RouletteProfile) -> list[RouletteChain]:
    """Every bet type as a chain: simple chances under la partage, and (French) the
    simple chance always left in prison as ``even-chance-prison``.

    >>> from crupier.analysis.exact import analyse
    >>> rows = {c.bet_id: analyse(c).house_edge for c in par_chains(load_builtin("french-roulette"))}
    >>> rows["straight"], rows["red"], rows["even-chance-prison"]
    (Fraction(1, 37), Fraction(1, 74), Fraction(1, 73))
    """
    chains = [RouletteChain(bet_id, profile, spot_of(name)) for bet_id, name in PAR_SPOTS]
    if profile.rules.zero_rule is ZeroRule.PARTAGE_OR_PRISON:
        chains.append(
            RouletteChain("even-chance-prison", profile, spot_of("red"), ZeroChoiceKind.PRISON)
        )
    return chains


# -- catalogue hooks --------------------------------------------------------------------------


PROFILES: dict[str, type[RouletteProfile]] = {
    FRENCH: RouletteProfile,
    AMERICAN: AmericanRouletteProfile,
}


def load_builtin(game_id: str = FRENCH, name: str = "andorra") -> RouletteProfile:
    """A built-in profile of ``game_id``, ``extends`` resolved.

    >>> load_builtin("american-roulette").maxima.straight
    20
    """
    if game_id not in PROFILES:
        raise MalformedAction(
            f"{game_id!r} is not a roulette of this module ({', '.join(GAME_IDS)})"
        )
    return load_builtin_profile(PROFILES[game_id], game_id, name)


def raw_profile(game_id: str = FRENCH, name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(game_id, name)


__all__ = [
    "AMERICAN_ORDER",
    "ANNOUNCED_BETS",
    "FRENCH_ORDER",
    "PROFILES",
    "AmericanRoulette",
    "AmericanRouletteProfile",
    "AnnouncedBet",
    "ColourCashIn",
    "ColourChipRules",
    "ColourChips",
    "Direction",
    "FrenchRoulette",
    "MinimumTest",
    "PrisonModel",
    "Result",
    "RouletteChain",
    "RouletteProfile",
    "RouletteRules",
    "RouletteState",
    "Spin",
    "ZeroChoice",
    "ZeroChoiceKind",
    "ZeroRule",
    "load_builtin",
    "par_chains",
    "raw_profile",
    "resolve_roulette",
]
