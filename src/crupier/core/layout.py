"""Chips on a layout: the shared engine of the banking games with a betting cloth.

Roulettes, boule, sic bo and craps share the same table mechanics: players buy
chips, place them on spots of the layout (each checked against the minimum, the
per-player per-spot maximum and the profile's unit rule), the croupier calls "no
more bets", a chance result is produced (or announced from the physical table),
and every bet is resolved by the game's own ``resolve`` rule and settled in the
game's order, with the named rounding. A void round settles nothing. The house
result, the players' chips and the chips on the layout always balance:

    sum(players) + sum(bets on the layout) + house == bought in - cashed out

A game subclasses :class:`LayoutGame`, supplying its spots, limits, resolve rule
and result action.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.money import Money, Rounding, check_amount, share, win_amount
from crupier.core.profile import Profile
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.round import JSON, Action, Event, Game, copy_record
from crupier.core.stakes import StakeBook, book_of
from crupier.i18n import N_, W_
from crupier.i18n.fragments import either
from crupier.i18n.phases import phase_word

RESULTS_KEPT = 50
"""How many recent results the state keeps for display (the log keeps them all)."""


class Phase(StrEnum):
    """Where a layout round stands."""

    BETTING = "betting"  # faites vos jeux (also while the ball runs in the track)
    NO_MORE_BETS = "no-more-bets"  # rien ne va plus: the result is awaited
    SUSPENDED = "suspended"  # temporarily closed, the float locked
    CLOSED = "closed"  # the session is over


_BETTING, _NO_MORE_BETS, _SUSPENDED, _CLOSED = (
    Phase.BETTING,
    Phase.NO_MORE_BETS,
    Phase.SUSPENDED,
    Phase.CLOSED,
)  # module names: read on every action, faster than the enum's attributes


class Then(StrEnum):
    """What follows the last announced round."""

    CLOSE = "close"
    SUSPEND = "suspend"


def keep_recent(results: tuple[Any, ...], result: Any, kept: int = RESULTS_KEPT) -> tuple[Any, ...]:
    """``results`` with ``result`` added, bounded to the last ``kept`` (a new tuple).

    >>> keep_recent((1, 2, 3), 4, kept=3)
    (2, 3, 4)
    """
    if len(results) >= kept:
        return results[len(results) - kept + 1 :] + (result,)  # noqa: RUF005 (faster)
    return (*results, result)


# -- profile --------------------------------------------------------------------------


class TableLimits(BaseModel):
    """Limits common to layout games; maxima per bet type live in each game's profile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    minimum: int
    """The table minimum m, in minor units (set by the authorisation)."""
    multiple_of: int
    """Every stake must be a multiple of this many minor units (1: no rule)."""
    chip_unit: int
    """The smallest unit a payout is rounded to, in minor units."""
    rounding: Rounding
    """How a payout or share that is not a whole unit is rounded (the house keeps the rest)."""
    last_rounds: int
    """How many rounds "the last rounds" announcement covers."""

    @model_validator(mode="after")
    def _check(self) -> TableLimits:
        if self.minimum <= 0:
            raise ValueError("limits.minimum: must be a positive amount of minor units")
        if self.multiple_of <= 0:
            raise ValueError("limits.multiple_of: must be at least 1")
        if self.chip_unit <= 0:
            raise ValueError("limits.chip_unit: must be at least 1")
        if self.last_rounds <= 0:
            raise ValueError("limits.last_rounds: must be at least 1")
        return self


class LayoutProfile(Profile):
    """A profile with table limits."""

    limits: TableLimits


# -- state ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A place on the layout: canonical ``name`` and the ``bet_type`` its limits follow."""

    name: str
    bet_type: str
    numbers: frozenset[int] = frozenset()


@dataclass
class Bet:
    """Chips of one player on one spot."""

    id: int
    player: str
    spot: str
    amount: int
    original: int
    status: str = "free"
    point: int | None = None
    count: int = 0

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return dict(self.__dict__)


_SHARED = frozenset({"results"})
_WHOLE = Stay().scale
"""The scale of a bet that stays whole (``Stay``'s default, one shared ``Fraction(1)``)."""


@dataclass
class LayoutState:
    """The state every layout game shares; games subclass it to add theirs."""

    phase: Phase = Phase.BETTING
    launched: bool = False
    players: dict[str, int] = field(default_factory=dict)
    bets: dict[int, Bet] = field(default_factory=dict)
    next_bet: int = 1
    house: int = 0
    bought_in: int = 0
    cashed_out: int = 0
    rounds: int = 0
    voids: int = 0
    results: tuple[Any, ...] = ()
    """The last :data:`RESULTS_KEPT` results, oldest first (a tuple: copies share it)."""
    rounds_left: int | None = None
    then: Then = Then.CLOSE
    key_holder: str | None = None
    stake_book: StakeBook | None = field(default=None, init=False, repr=False, compare=False)
    """The bets indexed by player and spot for the per-player maximum (a cache that is
    never compared nor copied; see :mod:`crupier.core.stakes`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> LayoutState:
        """A deep copy that shares the immutable parts (the results tuple, cards, spots)."""
        return copy_record(self, memo, _SHARED)

    def balance(self) -> int:
        """Players + layout + house - (bought in - cashed out): always 0."""
        on_layout = sum(b.amount for b in self.bets.values())
        return (
            sum(self.players.values()) + on_layout + self.house - (self.bought_in - self.cashed_out)
        )

    @property
    def last_round(self) -> bool:
        """True while the round being played is the last one announced."""
        return self.rounds_left == 1


# -- actions and events -----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BuyIn(Action):
    """A player buys chips at the table (joins if new)."""

    kind: ClassVar[str] = "buy-in"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class CashOut(Action):
    """A player leaves with the chips in hand; his bets must all be decided."""

    kind: ClassVar[str] = "cash-out"
    player: str


@dataclass(frozen=True, kw_only=True)
class PlaceBet(Action):
    """Chips on a spot, by the player or placed for him by the staff."""

    kind: ClassVar[str] = "place-bet"
    player: str
    spot: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class TakeDown(Action):
    """A player withdraws a bet the rules let him withdraw."""

    kind: ClassVar[str] = "take-down"
    player: str
    bet: int


@dataclass(frozen=True, kw_only=True)
class NoMoreBets(Action):
    """Rien ne va plus: no bet may be placed from now until the result."""

    kind: ClassVar[str] = "no-more-bets"


@dataclass(frozen=True, kw_only=True)
class Void(Action):
    """Tirada nula / llançament nul: nothing is settled, betting reopens."""

    kind: ClassVar[str] = "void"
    reason: str = ""


@dataclass(frozen=True, kw_only=True)
class LastRounds(Action):
    """Announce "the last N rounds"; after them the table closes or is suspended."""

    kind: ClassVar[str] = "last-rounds"
    count: int = 3
    then: Then = Then.CLOSE


@dataclass(frozen=True, kw_only=True)
class Suspend(Action):
    """Temporary closure: the float locked under key, the key holder recorded."""

    kind: ClassVar[str] = "suspend"
    key_holder: str


@dataclass(frozen=True, kw_only=True)
class Reopen(Action):
    """Reopen a temporarily closed table."""

    kind: ClassVar[str] = "reopen"


@dataclass(frozen=True, kw_only=True)
class BetPlaced(Event):
    """A bet accepted on the layout."""

    kind: ClassVar[str] = "bet-placed"
    bet: int
    player: str
    spot: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Settled(Event):
    """How one bet was settled: ``returned`` goes to the player, ``house`` to the house.

    ``net`` is the player's result on the bet for this round (for a bet that stays,
    the part lost when its stake is scaled down).
    """

    kind: ClassVar[str] = "settled"
    bet: int
    player: str
    spot: str
    stake: int
    decision: str
    win: int = 0
    returned: int = 0
    house: int = 0
    net: int = 0


@dataclass(frozen=True, kw_only=True)
class ResultEvent(Event):
    """The result of a round, as announced."""

    kind: ClassVar[str] = "result"
    result: Any
    announcement: str


@dataclass(frozen=True, kw_only=True)
class Note(Event):
    """A plain statement of what happened (void spin, table closed, bet returned)."""

    kind: ClassVar[str] = "note"
    text: str


COMMON_ACTIONS: tuple[type[Action], ...] = (
    BuyIn,
    CashOut,
    PlaceBet,
    TakeDown,
    NoMoreBets,
    Void,
    LastRounds,
    Suspend,
    Reopen,
)


_OWN_KIND: dict[type, bool] = dict.fromkeys(COMMON_ACTIONS, False)
"""Whether an action class is a game's own (not one of :data:`COMMON_ACTIONS` nor of
their subclasses): found once per class."""

# -- the engine -------------------------------------------------------------------------

LP = TypeVar("LP", bound=LayoutProfile)
LS = TypeVar("LS", bound=LayoutState)


class LayoutGame(Game[LP, LS], Generic[LP, LS]):
    """Base engine of the layout games. See the module docstring."""

    checked_first: ClassVar[frozenset[str]] = frozenset(
        {"buy-in", "cash-out", "place-bet", "take-down", "no-more-bets"}
    )
    """The common kinds whose rules refuse before they change anything (see
    :attr:`Game.checked_first`); a game whose hooks change the state before a check
    narrows this set."""

    index_from: int = 16
    """From this many bets on the layout the per-player maximum reads the state's
    :class:`~crupier.core.stakes.StakeBook` (kept as bets are placed, rebuilt after any
    other action); under it, a walk of the few bets costs less than keeping the index."""

    void_reopens_betting: ClassVar[bool] = True
    """After a void round, betting reopens (roulette) or the result is simply redone (sic bo)."""

    announces_by_outcome: ClassVar[bool] = False
    """Whether :meth:`announce` is a function of the outcome alone (a pocket, the dice: a
    hashable value) and the fixed profile: the round's :class:`ResultEvent` is then made
    once per outcome and shared by every round alike (an event is an immutable value)."""

    def __init__(self, profile: LP, source: RandomSource | None = None, **options: Any) -> None:
        self._spots: dict[str, Spot] = {}
        self._terms: dict[str, tuple[int, int]] = {}
        self._orders: dict[str, int] = {}
        self._stake_limits: dict[str, tuple[int, int, int]] = {}
        self._plans: dict[str, tuple[Spot, int, tuple[Resolution | None, ...] | None]] = {}
        self._result_events: dict[Any, ResultEvent] = {}
        """Each outcome's result event, where :attr:`announces_by_outcome`."""
        cls = type(self)
        # the hooks a game leaves as they are here: the hot path does not call them (they do
        # nothing) or reads their values once per spot (the table minimum is the profile's)
        self._fixed_minimum = (
            cls.minimum is LayoutGame.minimum
            and cls.check_minimum_and_unit is LayoutGame.check_minimum_and_unit
        )
        self._checks_bet = cls.check_bet is not LayoutGame.check_bet
        self._adjusts_bet = cls.on_bet is not LayoutGame.on_bet
        self._plain_stake = self._fixed_minimum and cls.check_stake is LayoutGame.check_stake
        """Whether :meth:`_place` may test a stake against the spot's three numbers that
        :meth:`check_stake` keeps (``_stake_limits``) itself, calling it only to refuse."""
        self._own_resolution = (
            cls.apply_resolution is not LayoutGame.apply_resolution
            or cls._close is not LayoutGame._close
        )
        """Whether the game moves a resolution's money its own way: else :meth:`settle`
        settles a lost bet and a win as :meth:`apply_resolution` does, inline."""
        super().__init__(profile, source, **options)

    def stake_terms(self, spot: Spot) -> tuple[int, int]:
        """``(maximum, multiple_of)`` of ``spot``, read once per spot: both hooks are pure
        functions of the spot and the profile, which is fixed for the game."""
        terms = self._terms.get(spot.name)
        if terms is None:
            terms = self._terms[spot.name] = (self.maximum(spot), self.multiple_of(spot))
        return terms

    def order_of(self, spot: Spot) -> int:
        """:meth:`settlement_order` of ``spot``, read once per spot."""
        order = self._orders.get(spot.name)
        if order is None:
            order = self._orders[spot.name] = self.settlement_order(spot)
        return order

    def spot(self, text: str) -> Spot:
        """:meth:`parse_spot`, cached: a spot's text parses once per game, whose profile is
        fixed (a refused text is not kept and raises again).

        >>> from crupier.games.catalogue import new_game
        >>> game = new_game("french-roulette")
        >>> game.spot("Rouge") is game.spot("Rouge"), game.spot("Rouge").name
        (True, 'red')
        """
        spot = self._spots.get(text)
        if spot is None:
            spot = self._spots[text] = self.parse_spot(text)
        return spot

    # -- hooks each game defines ---------------------------------------------------

    @abstractmethod
    def parse_spot(self, text: str) -> Spot:
        """The canonical spot for ``text``, or raise :class:`UnknownSpot` (a pure function
        of the text and the profile: :meth:`spot` caches it)."""

    @abstractmethod
    def maximum(self, spot: Spot) -> int:
        """The per-player maximum stake on ``spot``, in minor units."""

    def minimum(self, spot: Spot, state: LS) -> int:
        """The minimum stake on ``spot`` (the table minimum unless the game says otherwise)."""
        return self.profile.limits.minimum

    def multiple_of(self, spot: Spot) -> int:
        """Stakes on ``spot`` must be multiples of this (minor units)."""
        return self.profile.limits.multiple_of

    @abstractmethod
    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: LS) -> Resolution:
        """The game's rule: how ``bet`` fares on ``outcome``."""

    def settlement_order(self, spot: Spot) -> int:
        """Rank of the spot in the regulated payment order (lower is settled first)."""
        return 0

    def resolution_row(self, spot: Spot) -> tuple[Resolution | None, ...] | None:
        """How a free bet (status ``"free"``, as placed) on ``spot`` fares on each outcome
        ``0, 1, ...`` (an integer), where that depends on the spot and the outcome alone:
        :meth:`settle` reads it instead of calling :meth:`resolve`. ``None`` in the row
        (an outcome whose rule needs more, e.g. a simple chance hit by the zero) or for the
        whole row (the default): :meth:`resolve` decides. A game that gives rows builds
        them from its profile and resolves by them too, so the rule stays in one place."""
        return None

    def settlement_plan(self, name: str) -> tuple[Spot, int, tuple[Resolution | None, ...] | None]:
        """The spot named ``name``, its payment order and its :meth:`resolution_row`, read
        once per spot (pure functions of the spot and the fixed profile)."""
        plan = self._plans.get(name)
        if plan is None:
            spot = self.spot(name)
            plan = self._plans[name] = (spot, self.order_of(spot), self.resolution_row(spot))
        return plan

    def check_bet(self, state: LS, player: str, spot: Spot, amount: int) -> None:
        """Extra checks of a game before a bet is accepted (raise a RuleError)."""

    def check_take_down(self, state: LS, bet: Bet, spot: Spot) -> None:
        """Raise :class:`BetNotWithdrawable` if ``bet`` may not be withdrawn now."""

    def on_bet(self, state: LS, bet: Bet, spot: Spot) -> None:
        """Adjust a newly placed bet (for example, give it the current point)."""

    def on_round_start(self, state: LS) -> list[Event]:
        """Called at "no more bets", before the phase changes (e.g. zero choices not declared
        take their default); a refusal must come before any change to ``state``."""
        return []

    def on_final_round(self, state: LS) -> list[Event]:
        """After the last announced round: by default every undecided bet is returned."""
        events: list[Event] = []
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self._close(state, bet, Push(), bet.amount, "returned at closing"))
        return events

    def announce(self, outcome: Any) -> str:
        """How the croupier announces ``outcome``."""
        return str(outcome)

    # -- terminal table hooks (used by ``crupier play``) ---------------------------

    play_help: ClassVar[str] = ""
    """Lines of help on the game's spots and commands, shown by ``crupier play``."""

    @abstractmethod
    def auto_round(self) -> list[Action]:
        """The staff's actions that run one round at an electronic table, from BETTING to
        settlement, with the result drawn from the random source."""

    def play_command(self, words: list[str], player: str) -> Action | None:
        """A game-specific terminal command (e.g. ``prison 3``) as an action, or None."""
        return None

    def extra_step(self, state: LS, action: Action, source: RandomSource) -> Sequence[Event]:
        """Game-specific actions; the default refuses anything unknown."""
        raise MalformedAction(
            N_("{kind!r} is not an action of {game_id}", kind=action.kind, game_id=self.game_id)
        )

    # -- generic machinery ---------------------------------------------------------

    def _step(self, state: LS, action: Action, source: RandomSource) -> Sequence[Event]:
        if state.phase is _CLOSED:
            raise closed_table()
        kind = type(action)
        if kind is PlaceBet:
            return self._place(state, action)  # type: ignore[arg-type]
        state.stake_book = None  # any other action may change the bets: rebuilt when next needed
        if kind is NoMoreBets:
            return self._no_more_bets(state)
        own = _OWN_KIND.get(kind)
        if own is None:  # a class first met: a game's own unless it is a common action's
            own = _OWN_KIND[kind] = not issubclass(kind, COMMON_ACTIONS)
        if own:
            return self.extra_step(state, action, source)  # a game's own action
        if isinstance(action, BuyIn):
            return self._buy_in(state, action)
        if isinstance(action, CashOut):
            return self._cash_out(state, action)
        if isinstance(action, PlaceBet):
            return self._place(state, action)
        if isinstance(action, TakeDown):
            return self._take_down(state, action)
        if isinstance(action, NoMoreBets):
            return self._no_more_bets(state)
        if isinstance(action, Void):
            return self._void(state, action)
        if isinstance(action, LastRounds):
            return self._last_rounds(state, action)
        if isinstance(action, Suspend):
            return self._suspend(state, action)
        if isinstance(action, Reopen):
            return self._reopen(state)
        return self.extra_step(state, action, source)

    def require_phase(self, state: LS, *phases: Phase) -> None:
        """Raise :class:`WrongPhase` unless the table is in one of ``phases``."""
        if state.phase not in phases:
            raise WrongPhase(
                N_(
                    "not possible now: the table is in {phase}, not {wanted}",
                    phase=phase_word(state.phase),
                    wanted=either(phase_word(p) for p in phases),
                )
            )

    def _buy_in(self, state: LS, action: BuyIn) -> list[Event]:
        amount = check_amount(action.amount)
        if not isinstance(action.player, str) or not action.player.strip():
            raise MalformedAction(N_("{player!r} is not a player name", player=action.player))
        state.players[action.player] = state.players.get(action.player, 0) + amount
        state.bought_in += amount
        return [
            Note(
                text=N_(
                    "{player} buys in for {amount:money}",
                    player=action.player,
                    amount=Money(amount),
                )
            )
        ]

    def _cash_out(self, state: LS, action: CashOut) -> list[Event]:
        self._player(state, action.player)
        if any(b.player == action.player for b in state.bets.values()):
            raise IllegalAction(N_("{player} still has bets on the layout", player=action.player))
        amount = state.players.pop(action.player)
        state.cashed_out += amount
        return [
            Note(
                text=N_(
                    "{player} cashes out {amount:money}",
                    player=action.player,
                    amount=Money(amount),
                )
            )
        ]

    def _player(self, state: LS, player: object) -> str:
        if type(player) is str and player in state.players:
            return player
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(N_("{player!r} is not at the table (buy in first)", player=player))
        return player

    def step_of(self, cls: type[Action]) -> Callable[[LS, Any, RandomSource], Sequence[Event]]:
        """:meth:`_place` itself for a :class:`PlaceBet` and :meth:`_no_more_bets` for a
        :class:`NoMoreBets`, where the game's ``_step`` is the layout's (it would only pass
        them on; each refuses a closed table as ``_step`` does).

        >>> from crupier.games.catalogue import new_game
        >>> game = new_game("french-roulette")
        >>> game.step_of(PlaceBet) == game._place, game.step_of(Void) == game._step
        (True, True)
        """
        kind = type(self)
        if kind._step is LayoutGame._step:
            if cls is PlaceBet and kind._place is LayoutGame._place:
                return self._place
            if cls is NoMoreBets:
                return self._no_more_bets
        return self._step

    def _place(
        self, state: LS, action: PlaceBet, source: RandomSource | None = None
    ) -> list[Event]:
        """Chips on a spot: every check, then the bet and its event (``source``: unused, a
        bet draws nothing; :meth:`apply` may call it as it calls :meth:`_step`)."""
        if state.phase is not _BETTING:
            if state.phase is _CLOSED:  # as _step refuses it, where apply calls this directly
                raise closed_table()
            if state.phase is _NO_MORE_BETS:
                if type(action.amount) is not int:  # not an amount: shown as it came
                    raise BettingClosed(
                        N_(
                            "no more bets: the {spot} bet of {fmt!r} is returned",
                            spot=action.spot,
                            fmt=action.amount,
                        )
                    )
                raise BettingClosed(
                    N_(
                        "no more bets: the {spot} bet of {fmt:money} is returned",
                        spot=action.spot,
                        fmt=Money(action.amount),
                    )
                )
            self.require_phase(state, _BETTING)
        player = action.player
        if type(player) is not str or player not in state.players:
            player = self._player(state, player)
        amount = action.amount
        if type(amount) is not int or amount <= 0:  # bool is refused too
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise MalformedAmount(
                    N_("{amount!r} is not an amount (a whole number of cents)", amount=amount)
                )
            amount = check_amount(amount)
        text = action.spot
        spot = self._spots.get(text) if type(text) is str else None
        if spot is None:
            if not isinstance(text, str):
                raise MalformedAction(N_("{text!r} is not a spot name", text=text))
            spot = self.spot(text)
        name = spot.name
        terms = self._stake_limits.get(name) if self._plain_stake else None
        bets = state.bets
        if terms is None or len(bets) >= self.index_from:
            self.check_stake(state, player, spot, amount)
        else:  # check_stake's own test, inline: the spot's three numbers and a short walk
            minimum, unit, maximum = terms
            already = 0
            for b in bets.values():
                if b.spot == name and b.player == player:
                    already += b.amount
            if amount < minimum or amount % unit or already + amount > maximum:
                self.check_stake(state, player, spot, amount)  # says which, and refuses
        if self._checks_bet:
            self.check_bet(state, player, spot, amount)
        players = state.players
        if players[player] < amount:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for {amount:money}",
                    player=player,
                    players=Money(players[player]),
                    amount=Money(amount),
                )
            )
        players[player] -= amount
        bet_id = state.next_bet
        bet = _new(Bet)  # a Bet, from the dict of all its fields (as new_event does, inline)
        _set(
            bet,
            "__dict__",
            {
                "id": bet_id,
                "player": player,
                "spot": name,
                "amount": amount,
                "original": amount,
                "status": "free",
                "point": None,
                "count": 0,
            },
        )
        if self._adjusts_bet:
            self.on_bet(state, bet, spot)
            bets = state.bets
        bets[bet_id] = bet
        state.next_bet = bet_id + 1
        book = state.stake_book
        if book is not None and not book.add(bet, bets, bet_id + 1):
            state.stake_book = None  # the bets changed elsewhere: rebuilt at the next check
        placed = _new(BetPlaced)
        _set(placed, "__dict__", {"bet": bet_id, "player": player, "spot": name, "amount": amount})
        return [placed]

    def check_minimum_and_unit(self, state: LS, spot: Spot, amount: int) -> None:
        """Refuse a stake under the spot's minimum or not a multiple of its unit (the two
        checks every layout game makes before its own maximum)."""
        minimum = self.minimum(spot, state)
        if amount < minimum:
            raise BetUnderMinimum(
                N_(
                    "{spot}: {amount:money} is under the minimum {minimum:money}",
                    spot=spot.name,
                    amount=Money(amount),
                    minimum=Money(minimum),
                )
            )
        unit = self.stake_terms(spot)[1]
        if amount % unit:
            raise NotMultipleOfUnit(
                N_(
                    "{spot}: {amount:money} is not a multiple of {unit:money}",
                    spot=spot.name,
                    amount=Money(amount),
                    unit=Money(unit),
                )
            )

    def check_stake(self, state: LS, player: str, spot: Spot, amount: int) -> None:
        """Minimum, unit multiple and the per-player maximum on the spot (the chips the
        player already has there: a walk of the bets while they are fewer than
        :attr:`index_from`, then the state's :class:`StakeBook`, not a walk per bet)."""
        name = spot.name
        terms = self._stake_limits.get(name) if self._fixed_minimum else None
        if terms is None:
            self.check_minimum_and_unit(state, spot, amount)
            maximum, unit = self.stake_terms(spot)
            if self._fixed_minimum:  # the same three numbers for every bet on the spot
                self._stake_limits[name] = (self.profile.limits.minimum, unit, maximum)
        else:
            minimum, unit, maximum = terms
            if amount < minimum or amount % unit:
                self.check_minimum_and_unit(state, spot, amount)  # says which, and refuses
        bets = state.bets
        if len(bets) < self.index_from:  # a short walk costs less than keeping an index
            already = 0
            for b in bets.values():
                if b.spot == name and b.player == player:
                    already += b.amount
        else:
            already = book_of(state).total(player, name)  # what the walk sums, in O(1)
        if already + amount > maximum:
            held = N_(" (already {amount:money} there)", amount=Money(already)) if already else ""
            raise BetOverMaximum(
                N_(
                    "{spot}: {already:money} is over the maximum {maximum:money}{held}",
                    spot=spot.name,
                    already=Money(already + amount),
                    maximum=Money(maximum),
                    held=held,
                )
            )

    def _take_down(self, state: LS, action: TakeDown) -> list[Event]:
        self.require_phase(state, _BETTING)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != action.player:
            raise IllegalAction(
                N_("{player} has no bet number {bet!r}", player=action.player, bet=action.bet)
            )
        self.check_take_down(state, bet, self.spot(bet.spot))
        del state.bets[bet.id]
        state.players[bet.player] += bet.amount
        return [
            Note(
                text=N_(
                    "{player} takes down {spot} ({amount:money})",
                    player=bet.player,
                    spot=bet.spot,
                    amount=Money(bet.amount),
                )
            )
        ]

    def _no_more_bets(
        self, state: LS, action: NoMoreBets | None = None, source: RandomSource | None = None
    ) -> list[Event]:
        """Rien ne va plus (``action`` and ``source``: unused; :meth:`apply` may call this
        as it calls :meth:`_step`)."""
        state.stake_book = None  # as _step drops it (apply may call this directly)
        if state.phase is not _BETTING:
            if state.phase is _CLOSED:
                raise closed_table()
            self.require_phase(state, _BETTING)
        started = self.on_round_start(state)  # it may refuse: before the phase changes
        state.phase = _NO_MORE_BETS
        return [_NO_MORE_BETS_NOTE, *started]

    def _void(self, state: LS, action: Void) -> list[Event]:
        if state.phase is not _NO_MORE_BETS and not state.launched:
            raise WrongPhase(N_("there is no spin or throw in progress to void"))
        if self.void_reopens_betting:
            state.phase = _BETTING
        state.launched = False
        state.voids += 1
        reason = f" ({action.reason})" if action.reason else ""
        again = W_("betting reopens") if self.void_reopens_betting else W_("the throw is repeated")
        return [
            Note(
                text=N_(
                    "void round{reason}: nothing is settled, bets stay; {again}",
                    reason=reason,
                    again=again,
                )
            )
        ]

    def _last_rounds(self, state: LS, action: LastRounds) -> list[Event]:
        self.require_phase(state, _BETTING, _NO_MORE_BETS)
        count = action.count
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise MalformedAction(
                N_("last-rounds: {count!r} is not a number of rounds", count=count)
            )
        try:
            then = Then(action.then)
        except ValueError:
            raise MalformedAction(
                N_(
                    "last-rounds: then is {map}, not {then!r}",
                    map=either(map(str, Then)),
                    then=action.then,
                )
            ) from None
        state.rounds_left = count
        state.then = then
        return [Note(text=N_("the last {count} rounds", count=count))]

    def _suspend(self, state: LS, action: Suspend) -> list[Event]:
        self.require_phase(state, _BETTING)
        if state.bets:
            raise IllegalAction(
                N_(
                    "bets are on the layout: announce the last round first (last-rounds then=suspend)"
                )
            )
        if not isinstance(action.key_holder, str) or not action.key_holder.strip():
            raise MalformedAction(N_("suspend: name who keeps the key of the float"))
        state.phase = _SUSPENDED
        state.key_holder = action.key_holder
        return [
            Note(
                text=N_(
                    "table temporarily closed; the key is kept by {key_holder}",
                    key_holder=action.key_holder,
                )
            )
        ]

    def _reopen(self, state: LS) -> list[Event]:
        self.require_phase(state, _SUSPENDED)
        state.phase = _BETTING
        state.key_holder = None
        return [Note(text=N_("table reopened"))]

    # -- settlement ------------------------------------------------------------------

    def settle(self, state: LS, outcome: Any) -> list[Event]:
        """Resolve every bet on ``outcome``, in the regulated order; close the round."""
        state.results = keep_recent(state.results, outcome)
        result = self._result_events.get(outcome) if self.announces_by_outcome else None
        if result is None:
            result = _new(ResultEvent)  # from the dict of its fields (as new_event does, inline)
            _set(result, "__dict__", {"result": outcome, "announcement": self.announce(outcome)})
            if self.announces_by_outcome:
                self._result_events[outcome] = result
        events: list[Event] = [result]
        resolved: list[tuple[bool, int, int, Bet, Resolution]] = []
        plans, resolve = self._plans, self.resolve
        for bet in state.bets.values():
            plan = plans.get(bet.spot) or self.settlement_plan(bet.spot)
            spot, order, row = plan
            res = row[outcome] if row is not None and bet.status == "free" else None
            if res is None:
                res = resolve(bet, spot, outcome, state)
            resolved.append((type(res) is not Lose, order, bet.id, bet, res))
        # Losing bets are removed first, then the winners are paid in order.
        resolved.sort()  # bet ids are unique: the bets themselves are never compared
        append = events.append
        if self._own_resolution:
            apply = self.apply_resolution
            for _, _, _, bet, res in resolved:
                append(apply(state, bet, res))
        else:  # the base apply_resolution, its two plain cases inline (a lost bet, a win)
            close = self._close
            limits = self.profile.limits
            unit = limits.chip_unit
            for _, _, _, bet, res in resolved:
                kind = type(res)
                if kind is Lose:
                    returned, decision, win = 0, "lose", 0
                elif kind is Win:
                    ratio, stake = res.ratio, bet.amount  # type: ignore[union-attr]
                    win = stake * ratio.numerator
                    if ratio.denominator != 1 or win % unit:  # not a whole chip
                        win = win_amount(stake, ratio, limits.rounding, unit)
                    returned, decision = stake + win, "win"
                else:  # the other resolutions: apply_resolution itself
                    append(self.apply_resolution(state, bet, res))
                    continue
                append(close(state, bet, res, returned, decision, win))
        state.phase = _BETTING
        state.launched = False
        state.rounds += 1
        if state.rounds_left is not None:  # the last rounds were announced
            events.extend(self.run_down(state))
        return events

    def run_down(self, state: LS) -> list[Event]:
        """Count a finished round against "the last rounds", if they were announced: after
        the last one the table is closed, or temporarily closed (every game's round ends
        here, once)."""
        if state.rounds_left is None:
            return []
        state.rounds_left -= 1
        if state.rounds_left:
            return []
        events = list(self.on_final_round(state))
        state.rounds_left = None
        if state.then is Then.SUSPEND:
            state.phase = _SUSPENDED
            events.append(Note(text=N_("table temporarily closed")))
        else:
            state.phase = _CLOSED
            events.append(Note(text=N_("the session is closed")))
        return events

    def apply_resolution(self, state: LS, bet: Bet, res: Resolution) -> Settled:
        """Move the money of one resolution between the player, the layout and the house."""
        kind = type(res)
        if kind is Lose:
            return self._close(state, bet, res, 0, "lose")
        limits = self.profile.limits
        if kind is Win:
            ratio = res.ratio  # type: ignore[union-attr]
            unit = limits.chip_unit
            win = bet.amount * ratio.numerator
            if ratio.denominator != 1 or win % unit:  # not a whole chip: the named rounding
                win = win_amount(bet.amount, ratio, limits.rounding, unit)
            return self._close(state, bet, res, bet.amount + win, "win", win=win)
        if isinstance(res, Win):
            win = win_amount(bet.amount, res.ratio, limits.rounding, limits.chip_unit)
            return self._close(state, bet, res, bet.amount + win, "win", win=win)
        if isinstance(res, Lose):
            return self._close(state, bet, res, 0, "lose")
        if isinstance(res, Push):
            return self._close(state, bet, res, bet.amount, "push")
        if isinstance(res, Refund):
            back = share(bet.amount, res.fraction, limits.rounding, 1)
            return self._close(state, bet, res, back, "refund")
        return self._stay(state, bet, res)

    def _close(
        self,
        state: LS,
        bet: Bet,
        res: Resolution,
        returned: int,
        decision: str,
        win: int = 0,
    ) -> Settled:
        bet_id, player, stake = bet.id, bet.player, bet.amount
        del state.bets[bet_id]
        players = state.players
        players[player] = players.get(player, 0) + returned
        house = stake - returned
        state.house += house
        settled = _new(Settled)  # from the dict of all its fields (as new_event does, inline)
        _set(
            settled,
            "__dict__",
            {
                "bet": bet_id,
                "player": player,
                "spot": bet.spot,
                "stake": stake,
                "decision": decision,
                "win": win,
                "returned": returned,
                "house": house,
                "net": returned - stake,
            },
        )
        return settled

    def _stay(self, state: LS, bet: Bet, res: Stay) -> Settled:
        stake = bet.amount
        if res.scale is not _WHOLE and res.scale != 1:
            bet.amount = share(stake, res.scale, self.profile.limits.rounding, 1)
        lost = stake - bet.amount
        state.house += lost
        if res.status is not None:
            bet.status = res.status
        if res.point is not None:
            bet.point = res.point
        if res.count is not None:
            bet.count = res.count
        return Settled(
            bet=bet.id,
            player=bet.player,
            spot=bet.spot,
            stake=stake,
            decision="stays" if res.status is None else res.status,
            house=lost,
            net=-lost,
        )

    # -- views ------------------------------------------------------------------------

    def base_legal_actions(self) -> list[str]:
        """The common action kinds the phase allows."""
        phase = self.state.phase
        if phase is _CLOSED:
            return []
        if phase is _SUSPENDED:
            return ["reopen"]
        kinds = ["buy-in", "cash-out", "last-rounds"]
        if phase is _BETTING:
            kinds += ["place-bet", "take-down", "no-more-bets", "suspend"]
            if self.state.launched:
                kinds.append("void")
        else:
            kinds.append("void")
        return kinds

    def legal_actions(self) -> list[str]:
        """Common kinds plus the game's own (see :meth:`game_legal_actions`)."""
        return self.base_legal_actions() + self.game_legal_actions()

    def game_legal_actions(self) -> list[str]:
        """The game-specific action kinds the phase allows."""
        return []

    def view(self, seat: str | None = None) -> JSON:
        """The table as anyone standing at it sees it (nothing is hidden in layout games)."""
        s = self.state
        return {
            "game": self.game_id,
            "profile": self.profile.profile,
            "phase": str(s.phase),
            "launched": s.launched,
            "rounds": s.rounds,
            "last_results": list(s.results[-12:]),
            "rounds_left": s.rounds_left,
            "players": dict(s.players) if seat is None else {seat: s.players.get(seat, 0)},
            "bets": [b.to_dict() for b in sorted(s.bets.values(), key=lambda b: b.id)],
            "legal_actions": self.legal_actions(),
        }


def closed_table() -> WrongPhase:
    """The refusal of any action once the session is closed (:meth:`LayoutGame._step`, and
    the rules :meth:`~crupier.core.round.Game.apply` calls without it)."""
    return WrongPhase(N_("the table is closed for this session"))


_NO_MORE_BETS_NOTE = Note(text=N_("no more bets"))
_new, _set = object.__new__, object.__setattr__
"""The two calls of :func:`~crupier.core.round.new_event`, made inline where a round builds
its bets and events (a placed bet, a settlement): a function call less each."""


__all__ = [
    "COMMON_ACTIONS",
    "Bet",
    "BetPlaced",
    "BuyIn",
    "CashOut",
    "LastRounds",
    "LayoutGame",
    "LayoutProfile",
    "LayoutState",
    "NoMoreBets",
    "Note",
    "Phase",
    "PlaceBet",
    "Reopen",
    "ResultEvent",
    "Settled",
    "Spot",
    "Suspend",
    "TableLimits",
    "TakeDown",
    "Then",
    "Void",
    "closed_table",
    "keep_recent",
]
