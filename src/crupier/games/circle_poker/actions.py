"""The actions at a circle-poker table, the rule errors, and the table's state.

Players: ``buy-in`` (re-buys between deals), ``rest``, ``come-back``, ``leave``, and in
turn ``fold``, ``check``, ``call``, ``bet`` / ``raise`` (to a total in the interval) and
``all-in``. Staff: ``draw-seats`` (the seats and the first mà by lot), ``assign-seat``
(the cap de sector, from the waiting list), ``start-deal`` (shuffle, antes, deal),
``misdeal`` (collect, reshuffle, redeal with the same mà), ``expose`` (a player's own
hole card shown by mistake, no consequence: 23.2.1.II) and ``charge-time`` (option B).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.errors import RuleError
from crupier.core.roles import Role
from crupier.core.round import Action, Event, copy_record
from crupier.games.circle_poker.pots import Pot


class OutOfTurn(RuleError):
    """An action by a player whose turn it is not."""

    code = "out-of-turn"


class IllegalWager(RuleError):
    """A bet or raise outside the structure's minimum and maximum, or not allowed now."""

    code = "illegal-wager"


class RaiseCapReached(RuleError):
    """A raise by a player who has used the interval's raises (23.VII, 23.2.1.II)."""

    code = "raise-cap-reached"


class BettingNotReopened(RuleError):
    """A raise by a player who faces only an incomplete all-in raise since he acted."""

    code = "betting-not-reopened"


class TooFewPlayers(RuleError):
    """A deal with fewer players than the minimum (23.VII: four)."""

    code = "too-few-players"


class SeatError(RuleError):
    """A seat that does not exist, is taken, or a player not at the table."""

    code = "seat-error"


class NotEnoughChips(RuleError):
    """More chips than the player has in front of him (table stakes)."""

    code = "not-enough-chips"


@dataclass(frozen=True, kw_only=True)
class DrawSeats(Action):
    """The seats and the first mà drawn by lot among the players present (23.IV, 23.VII)."""

    kind: ClassVar[str] = "draw-seats"
    seats: tuple[str, ...] = ()
    """A lot drawn at the table and entered: the players of seats 1, 2... in order."""
    ma: int = 0
    """The entered lot's first mà (a seat number)."""


@dataclass(frozen=True, kw_only=True)
class AssignSeat(Action):
    """The cap de sector gives a free seat to a player of the waiting list (23.IV); seat
    ``0`` draws it by lot among the free seats (the draw comes from the table's source and
    is logged, as the first seat draw's)."""

    kind: ClassVar[str] = "assign-seat"
    player: str
    seat: int = 0
    by: Role = Role.HEAD


@dataclass(frozen=True, kw_only=True)
class PlayerAction(Action):
    """An action a seated player takes himself (``by`` a player unless staff enters it):
    the one shape of the resting, leaving and betting actions."""

    kind: ClassVar[str] = "player-action"
    player: str
    by: Role = Role.PLAYER


@dataclass(frozen=True, kw_only=True)
class Rest(PlayerAction):
    """A player asks to sit out the next deals (23.IV: two without losing his seat)."""

    kind: ClassVar[str] = "rest"


@dataclass(frozen=True, kw_only=True)
class ComeBack(PlayerAction):
    """A resting player plays again from the next deal."""

    kind: ClassVar[str] = "come-back"


@dataclass(frozen=True, kw_only=True)
class Leave(PlayerAction):
    """A player leaves the table with his chips (not while in a deal)."""

    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, kw_only=True)
class StartDeal(Action):
    """A new deal: the mà moves clockwise, shuffle (or the pack entered card by card by a
    live table: ``order``, top card first), antes and blinds, the first dealing."""

    kind: ClassVar[str] = "start-deal"
    order: tuple[str, ...] = ()
    redeal: tuple[str, ...] = ()
    """A live table's (or a replay's) order of the dead cards when the stub runs out and they
    are shuffled back under it, top first (23.2.1 DEFAULT); empty: shuffled by the source."""


@dataclass(frozen=True, kw_only=True)
class Misdeal(Action):
    """A dealing error before the first betting action (23.VIII, DEFAULT list): every card
    collected, reshuffled and redealt by the same mà; the antes stay in the pot."""

    kind: ClassVar[str] = "misdeal"
    reason: str
    order: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Expose(Action):
    """A player shows one of his own face-down cards by mistake: he covers it again and the
    game stays valid (23.2.1.II)."""

    kind: ClassVar[str] = "expose"
    player: str
    card: str
    by: Role = Role.CROUPIER


@dataclass(frozen=True, kw_only=True)
class ChargeTime(Action):
    """Option B: the time charge of a period from every seated player (23.II, DEFAULT)."""

    kind: ClassVar[str] = "charge-time"
    period: int


@dataclass(frozen=True, kw_only=True)
class Fold(PlayerAction):
    """The player gives up the hand and every chip he has bet (23.VII)."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, kw_only=True)
class Check(PlayerAction):
    """Stay in without betting (nothing to call)."""

    kind: ClassVar[str] = "check"


@dataclass(frozen=True, kw_only=True)
class Call(PlayerAction):
    """Equal the highest total of the interval (or all one's chips if fewer)."""

    kind: ClassVar[str] = "call"


@dataclass(frozen=True, kw_only=True)
class Bet(PlayerAction):
    """The first bet of the interval: the player's total in the interval becomes ``to``."""

    kind: ClassVar[str] = "bet"
    to: int


@dataclass(frozen=True, kw_only=True)
class Raise(PlayerAction):
    """A raise: the player's total in the interval becomes ``to``."""

    kind: ClassVar[str] = "raise"
    to: int


@dataclass(frozen=True, kw_only=True)
class AllIn(PlayerAction):
    """All the player's chips: a call, a bet or a raise, complete or not."""

    kind: ClassVar[str] = "all-in"


@dataclass(frozen=True, kw_only=True)
class StreetDealt(Event):
    """A dealing done: the interval it opens, the common cards so far and each player's face-up
    cards (what everyone at the table sees; hole cards stay hidden until the showdown)."""

    kind: ClassVar[str] = "street"
    street: int
    board: tuple[str, ...]
    up: tuple[str, ...]
    """``player: cards`` for each player with face-up cards."""


@dataclass(frozen=True, kw_only=True)
class DealSettled(Event):
    """The end of the deal: the hands shown in showdown order, each pot and its winners,
    the rake, and what each player collected."""

    kind: ClassVar[str] = "deal-settled"
    shown: tuple[str, ...]
    """``player: cards`` in the showdown order (empty when one player was left)."""
    pots: tuple[str, ...]
    """``amount: winners`` for each pot, main pot first."""
    rake: int
    returned: int
    won: tuple[str, ...]


@dataclass
class Deal:
    """The deal in progress (a "jugada"). Players are kept clockwise from the mà."""

    number: int
    order: list[str]
    down: dict[str, list[Card]]
    up: dict[str, list[Card]]
    board: list[Card] = field(default_factory=list)
    stub: list[Card] = field(default_factory=list)
    burned: list[Card] = field(default_factory=list)
    street: int = 0
    total: dict[str, int] = field(default_factory=dict)
    bet: dict[str, int] = field(default_factory=dict)
    folded: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    to_act: str | None = None
    may_raise: dict[str, bool] = field(default_factory=dict)
    raises: dict[str, int] = field(default_factory=dict)
    high: int = 0
    last_full: int = 0
    pot_at_card: int = 0
    aggressor: str | None = None
    opener: str | None = None
    """Stud: the opener of the interval, who may not fold while he may check."""
    bring_in: bool = False
    voluntary: bool = False
    starting: dict[str, int] = field(default_factory=dict)
    phh: list[str] = field(default_factory=list)
    exposed: list[str] = field(default_factory=list)
    redeal: list[Card] = field(default_factory=list)
    """The entered order of the dead cards shuffled back under the stub (StartDeal.redeal)."""
    dead: int = 0
    """Chips in the pot from earlier deals (five-card draw's pot carried over, 23.1.II);
    they join the main pot."""

    def __deepcopy__(self, memo: dict[int, object]) -> Deal:
        return copy_record(self, memo)

    def live(self) -> list[str]:
        """The players not folded, clockwise from the mà."""
        return [p for p in self.order if p not in self.folded]

    def pot(self) -> int:
        """Every chip in the pot (this interval's and any carried over included)."""
        return sum(self.total.values()) + self.dead


@dataclass(frozen=True)
class Result:
    """A finished deal as the books and the hand record keep it."""

    number: int
    order: tuple[str, ...]
    starting: tuple[int, ...]
    cards: tuple[tuple[str, ...], ...]
    board: tuple[str, ...]
    pots: tuple[Pot, ...]
    winners: tuple[tuple[str, ...], ...]
    rake: int
    returned: int
    won: tuple[tuple[str, int], ...]
    final: tuple[int, ...]
    shown: tuple[str, ...]
    actions: tuple[str, ...]
    dead: int = 0
    """Chips carried into the deal's pot from earlier deals (five-card draw)."""


SHARED_ON_COPY = frozenset({"results"})
"""The state's fields shared, not copied, by a copy: the finished deals are a tuple of frozen
records, replaced and never changed in place (a copy walked every stored deal before)."""


@dataclass
class PokerState:
    """The table: chips in front of each player, seats, the mà, the deal in progress."""

    chips: dict[str, int] = field(default_factory=dict)
    seats: dict[int, str] = field(default_factory=dict)
    waiting: list[str] = field(default_factory=list)
    resting: dict[str, int] = field(default_factory=dict)
    """Resting players and the deals each has missed in a row."""
    ma: int = 0
    """The seat holding the marker (0: not drawn yet)."""
    deals: int = 0
    deal: Deal | None = None
    house: int = 0
    """The house benefit put into the table's slot (rake and time charges)."""
    periods: list[int] = field(default_factory=list)
    results: tuple[Result, ...] = ()
    """The finished deals (a tuple: replaced, never changed in place)."""

    def __deepcopy__(self, memo: dict[int, object]) -> PokerState:
        return copy_record(self, memo, shared=SHARED_ON_COPY)

    @property
    def cagnotte(self) -> int:
        """The house's cut so far, under the name the casino books read from every circle
        game (the baccarats' cagnotte): here the rake and time charges in the slot."""
        return self.house

    def seat_of(self, player: str) -> int | None:
        """The player's seat, or ``None``."""
        for seat, who in self.seats.items():
            if who == player:
                return seat
        return None


__all__ = [
    "SHARED_ON_COPY",
    "AllIn",
    "AssignSeat",
    "Bet",
    "BettingNotReopened",
    "Call",
    "ChargeTime",
    "Check",
    "ComeBack",
    "Deal",
    "DealSettled",
    "DrawSeats",
    "Expose",
    "Fold",
    "IllegalWager",
    "Leave",
    "Misdeal",
    "NotEnoughChips",
    "OutOfTurn",
    "PlayerAction",
    "PokerState",
    "Raise",
    "RaiseCapReached",
    "Rest",
    "Result",
    "SeatError",
    "StartDeal",
    "StreetDealt",
    "TooFewPlayers",
]
