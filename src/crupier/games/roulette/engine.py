"""The roulette family's engine: what 01 — French roulette and 02 — American roulette share.

Spec: ``spec/games/01-french-roulette.md`` and ``spec/games/02-american-roulette-single-zero.md``.

A round: the croupier spins (the wheel turns opposite to the previous valid spin,
the ball opposite to the wheel), bets go on while the ball runs, "no more bets",
the result (drawn, or entered at a live table) and settlement in the regulated
order. Simple chances hit by the zero follow la partage / en prison (French:
the player's choice, with Model A or B for repeated zeros) or la partage at once
(American).

The games' own engines are :mod:`crupier.games.french_roulette.engine` and
:mod:`crupier.games.american_roulette.engine`; the layout (spots, parser, announced bets) is
:mod:`crupier.games.roulette.bets`, the rule :mod:`crupier.games.roulette.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import gcd
from typing import Any, ClassVar, Generic

from crupier.core.errors import (
    BetNotWithdrawable,
    IllegalAction,
    MalformedAction,
    WrongPhase,
)
from crupier.core.layout import (
    Bet,
    CashOut,
    LastRounds,
    LayoutGame,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Spot,
    Suspend,
    Then,
    Void,
    closed_table,
)
from crupier.core.money import check_amount, parse_amount, share
from crupier.core.resolution import Lose, Refund, Resolution, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, new_event
from crupier.core.wheel import RED
from crupier.core.wheel import spin as spin_wheel
from crupier.games.roulette.bets import (
    SIMPLE_CHANCES,
    Components,
    announced_components,
    announced_name,
    is_simple_chance,
    spot_of,
)
from crupier.games.roulette.profile import RP, MinimumTest, PrisonModel, ZeroChoiceKind
from crupier.games.roulette.rules import FREE, PRISON, ZERO, resolve_roulette, withdrawal_fraction
from crupier.i18n import N_, W_
from crupier.i18n.calls import word


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

_OPPOSITE = {Direction.CW: Direction.CCW, Direction.CCW: Direction.CW}
_SAID = {Direction.CW: W_("cw"), Direction.CCW: W_("ccw")}
"""A direction as a note or a refusal says it: the code, read in each person's language."""


def _announcement(n: int) -> str:
    if n == 0:
        return N_("{n}, {zero}", n=0, zero=word("zero"))
    return N_(
        "{n}, {colour}, {parity}, {half}",
        n=n,
        colour=word("red" if n in RED else "black"),
        parity=word("even" if n % 2 == 0 else "odd"),
        half=word("low" if n <= 18 else "high"),
    )


_ANNOUNCEMENTS = {n: _announcement(n) for n in range(37)}
"""How the croupier announces each pocket, written once."""
_SPIN_NOTES: dict[tuple[Direction, Direction, object], Note] = {}
"""The note of a spin by its wheel's and ball's directions and the previous pocket, each
written once when first met (an event is an immutable value: every spin alike shares it)."""
LOSE = Lose()
_SPINS = {d: Spin(wheel=d) for d in Direction}
_NEXT_SPIN: dict[Direction | None, Spin] = {
    None: _SPINS[Direction.CW],
    **{d: _SPINS[d.opposite] for d in Direction},
}
"""The spin of an electronic round after a spin of each direction (``None``: the first)."""
_NO_MORE_BETS = NoMoreBets()
_DRAW = Result()
"""The staff's actions of an electronic round: immutable values, built once."""

_BETTING, _AWAITING = Phase.BETTING, Phase.NO_MORE_BETS
"""Module names of the two phases every spin meets (read as fast as a local's global)."""

BY_CROUPIER = frozenset({Role.CROUPIER})
BY_DIRECTOR = frozenset({Role.DIRECTOR})


class RouletteGame(LayoutGame[RP, RouletteState], Generic[RP]):
    """What the French and American engines share."""

    void_reopens_betting: ClassVar[bool] = True
    announces_by_outcome: ClassVar[bool] = True
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {
        "spin",
        "result",
        "zero-choice",
    }
    play_help: ClassVar[str] = N_(
        "spots: straight N (or N), split A/B, street N, trio 0-1-2|0-2-3, corner A B C D,\n"
        "  six-line A, column 1-3, dozen 1-3 (or 1-12), double-column 1-2|2-3,\n"
        "  double-dozen 1-2|2-3, red black even odd low high\n"
        "announced: voisins C, tiers C, orphelins C, jeu-zero C, finale D C, neighbours N C\n"
        "  (C = the chip, e.g. bet voisins 5)\n"
        "e.g.  bet red 10   bet 17 5   bet split 8 11 5   bet dozen 1-12 10\n"
        "spin cw|ccw: launch the wheel that way (it alternates; go picks the right one)"
    )

    def __init__(self, profile: RP, source: RandomSource | None = None, **options: Any) -> None:
        self._rows: dict[str, tuple[Resolution | None, ...]] = {}
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
                N_(
                    "bet {id} ({spot}) is {status}: it may not be taken down (choose partage to take half back)",
                    id=bet.id,
                    spot=bet.spot,
                    status=bet.status,
                )
                if bet.status == ZERO
                else N_(
                    "bet {id} ({spot}) is {status}: it may not be taken down",
                    id=bet.id,
                    spot=bet.spot,
                    status=bet.status,
                )
            )

    def resolution_row(self, spot: Spot) -> tuple[Resolution | None, ...]:
        """A free bet on ``spot`` for each pocket: its :class:`Win` at the profile's ratio on
        the spot's numbers, else lost; ``None`` for a simple chance on the zero (la partage
        or en prison: :func:`resolve_roulette`, which stays the one rule for it, for a bet
        in prison and for the PAR chains). Built once per spot from the profile.

        >>> from crupier.games.french_roulette import GAME
        >>> row = GAME.engine(GAME.load_profile()).resolution_row(spot_of("red"))
        >>> len(row), row[0], row[1], row[2]
        (37, None, Win(ratio=Fraction(1, 1)), Lose())
        """
        row = self._rows.get(spot.name)
        if row is None:
            win = Win(self.profile.payouts.ratio(spot.bet_type))
            zero = None if spot.bet_type in SIMPLE_CHANCES else LOSE
            row = tuple(win if n in spot.numbers else zero if n == 0 else LOSE for n in range(37))
            self._rows[spot.name] = row
        return row

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: RouletteState) -> Resolution:
        if bet.status == FREE:
            row = self._rows.get(spot.name) or self.resolution_row(spot)
            res: Resolution | None = row[outcome]
            if res is not None:
                return res
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
        """``"17, black, odd, low"``: the pocket and its simple chances (``"0, zero"``).

        >>> from crupier.games.french_roulette import GAME
        >>> GAME.engine(GAME.load_profile()).announce(19)
        '19, red, odd, high'
        """
        return _ANNOUNCEMENTS[int(outcome)]

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
                events.extend(self._choose(state, bet, default, W_("by default")))
        return events

    def _choose(
        self, state: RouletteState, bet: Bet, choice: ZeroChoiceKind, how: str
    ) -> list[Event]:
        if choice is ZeroChoiceKind.PRISON:
            bet.status = PRISON
            return [
                Note(
                    text=N_(
                        "bet {id} ({spot}) goes to prison {how}", id=bet.id, spot=bet.spot, how=how
                    )
                )
            ]
        fraction = withdrawal_fraction(self.profile.rules, bet.count)
        returned = share(bet.amount, fraction, self.profile.limits.rounding, 1)
        return [self._close(state, bet, Refund(fraction), returned, "partage")]

    # -- the game's own actions ------------------------------------------------------------

    def _no_more_bets(
        self,
        state: RouletteState,
        action: NoMoreBets | None = None,
        source: RandomSource | None = None,
    ) -> list[Event]:
        if state.phase is _BETTING and not state.launched:
            raise WrongPhase(N_("no more bets is called while the ball runs: spin first"))
        return LayoutGame._no_more_bets(self, state)  # the layout's (a call less than super())

    def _closure_allowed(self) -> None:
        if not self.profile.rules.temporary_closure_allowed:
            raise IllegalAction(N_("this profile has no temporary closure of the table"))

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

    def step_of(
        self, cls: type[Action]
    ) -> Callable[[RouletteState, Any, RandomSource], Sequence[Event]]:
        """The spin's and the result's own rules, where ``_step`` and ``extra_step`` would
        only pass them on (each refuses a closed table and drops the stake book as
        ``_step`` does).

        >>> from crupier.games.french_roulette import GAME
        >>> game = GAME.engine(GAME.load_profile())
        >>> game.step_of(Spin) == game._spin, game.step_of(ZeroChoice) == game._step
        (True, True)
        """
        kind = type(self)
        if kind._step is LayoutGame._step and kind.extra_step is RouletteGame.extra_step:
            if cls is Spin:
                return self._spin
            if cls is Result:
                return self._result
        return super().step_of(cls)

    def _spin(
        self, state: RouletteState, action: Spin, source: RandomSource | None = None
    ) -> list[Event]:
        state.stake_book = None  # as _step drops it (apply may call this directly)
        if state.phase is not _BETTING:
            if state.phase is Phase.CLOSED:
                raise closed_table()
            self.require_phase(state, _BETTING)
        if state.launched:
            raise WrongPhase(N_("the ball is already running"))
        try:
            wheel = action.wheel if type(action.wheel) is Direction else Direction(action.wheel)
            ball = _OPPOSITE[wheel] if action.ball is None else Direction(action.ball)
        except ValueError:
            raise MalformedAction(
                N_(
                    "spin: {wheel!r} / {ball!r}: a direction is cw or ccw",
                    wheel=action.wheel,
                    ball=action.ball,
                )
            ) from None
        if ball is wheel:
            raise IllegalAction(
                N_(
                    "spin: the ball is launched against the wheel, not {ball} with it",
                    ball=_SAID[ball],
                )
            )
        if state.last_direction is wheel:
            raise IllegalAction(
                N_(
                    "spin: the wheel must turn {opposite}, opposite to the previous spin ({wheel})",
                    opposite=_SAID[wheel.opposite],
                    wheel=_SAID[wheel],
                )
            )
        state.launched = True
        state.spin_direction = wheel
        last = state.results[-1] if state.results else None
        note = _SPIN_NOTES.get((wheel, ball, last))
        if note is None:  # a note first met: written once (a few hundred at most)
            if last is not None:
                text = N_(
                    "wheel {wheel}, ball {ball}, from {last}",
                    wheel=_SAID[wheel],
                    ball=_SAID[ball],
                    last=last,
                )
            else:
                text = N_("wheel {wheel}, ball {ball}", wheel=_SAID[wheel], ball=_SAID[ball])
            note = _SPIN_NOTES[wheel, ball, last] = new_event(Note, {"text": text})
        return [note]

    def _result(self, state: RouletteState, action: Result, source: RandomSource) -> list[Event]:
        state.stake_book = None  # as _step drops it (apply may call this directly)
        if state.phase is not _AWAITING:
            if state.phase is Phase.CLOSED:
                raise closed_table()
            self.require_phase(state, _AWAITING)
        turns = action.ball_turns
        if turns is not None:
            if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
                raise MalformedAction(
                    N_("result: {turns!r} is not a number of ball turns", turns=turns)
                )
            if turns < self.profile.rules.min_ball_turns:
                raise IllegalAction(
                    N_(
                        "defective launch: {turns} turns of the track, fewer than "
                        "{min_ball_turns}; the head of table declares it void",
                        turns=turns,
                        min_ball_turns=self.profile.rules.min_ball_turns,
                    )
                )
        if action.pocket is None:
            pocket = spin_wheel(source)
        else:
            pocket = action.pocket
            if not isinstance(pocket, int) or isinstance(pocket, bool) or not 0 <= pocket <= 36:
                raise MalformedAction(N_("result: {pocket!r} is not a pocket 0-36", pocket=pocket))
        state.last_direction = state.spin_direction
        state.spin_direction = None
        state.spins += 1
        return self.settle(state, pocket)

    def _zero_choice(self, state: RouletteState, action: ZeroChoice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        player = self._player(state, action.player)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(
                N_("{player} has no bet number {bet!r}", player=player, bet=action.bet)
            )
        if bet.status != ZERO:
            raise IllegalAction(
                N_("bet {id} ({spot}) has no zero choice to make", id=bet.id, spot=bet.spot)
            )
        try:
            choice = ZeroChoiceKind(action.choice)
        except ValueError:
            raise MalformedAction(
                N_("zero choice: {choice!r} is not 'partage' or 'prison'", choice=action.choice)
            ) from None
        return self._choose(state, bet, choice, N_("({player}'s choice)", player=player))

    def _announced(self, state: RouletteState, action: AnnouncedBet) -> list[Event]:
        if not self.profile.rules.announced_bets:
            raise IllegalAction(N_("announced bets are not offered at this table"))
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
        if s.phase is _BETTING and not s.launched:
            actions.append(_NEXT_SPIN[s.last_direction])  # opposite to the last (next_direction)
        if s.phase is _BETTING:
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


__all__ = [
    "FRENCH_ORDER",
    "LOSE",
    "AnnouncedBet",
    "ColourSeries",
    "Direction",
    "Result",
    "RouletteGame",
    "RouletteState",
    "Spin",
    "ZeroChoice",
]
