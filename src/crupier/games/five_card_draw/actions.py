"""Five-card draw's own actions, events, refusals and table state (spec 23.1).

Besides circle poker's actions: ``draw`` (a player changes the cards he names, none for
"servit"; a live table may enter the cards he received) and ``restore-stub`` (the dealer put
the pack away too early and it cannot be told apart: the unused cards reshuffled, cut, one
burned, 23.1.III.1).

>>> Draw(player="S2", discard=("9c", "4s")).to_dict()["discard"]
['9c', '4s']
>>> NoOpeners.code, BadDiscard.code
('no-openers', 'bad-discard')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.errors import RuleError
from crupier.core.roles import Role
from crupier.core.round import Action, Event, copy_record
from crupier.games.circle_poker.actions import (
    SHARED_ON_COPY,
    IllegalWager,
    PlayerAction,
    PokerState,
)


class NoOpeners(IllegalWager):
    """An open by a player without the opening hand in force (23.1.II)."""

    code = "no-openers"


class BadDiscard(RuleError):
    """A discard of cards the player does not hold, too many, or cards the stub and the
    discards cannot give."""

    code = "bad-discard"


@dataclass(frozen=True, kw_only=True)
class Draw(PlayerAction):
    """The player in turn at the draw discards ``discard`` (none: "servit") and receives
    as many from the top of the stub (23.1.II). ``cards``: the cards he received, entered
    by a live table or a replay (empty: the engine deals them)."""

    kind: ClassVar[str] = "draw"
    discard: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RestoreStub(Action):
    """The pack was put away before the draw ended and cannot be told from the discards:
    the unused cards (without the discards) are reshuffled, the mà cuts, the first card is
    burned, and the draw goes on (23.1.III.1)."""

    kind: ClassVar[str] = "restore-stub"
    reason: str = "the pack was put away before the end of the draw"
    by: Role = Role.CROUPIER


@dataclass(frozen=True, kw_only=True)
class CardsDrawn(Event):
    """A player's draw: how many cards he changed (what everyone may know, 23.1.II)."""

    kind: ClassVar[str] = "cards-drawn"
    player: str
    count: int


@dataclass(frozen=True, kw_only=True)
class StubReshuffled(Event):
    """The stub ran out: its last card shuffled with the discards, cut by ``cut_by``
    (23.1.II), or the unused cards after the pack was put away (23.1.III.1)."""

    kind: ClassVar[str] = "stub-reshuffled"
    cards: int
    cut_by: str
    burned: bool = False


@dataclass(frozen=True, kw_only=True)
class OpenersShown(Event):
    """The opener's openers checked at the end of the deal, from his hand when he opened
    (his current cards and his discard on the pot, 23.1.II)."""

    kind: ClassVar[str] = "openers-shown"
    player: str
    cards: tuple[str, ...]
    required: str
    verified: bool


@dataclass(frozen=True, kw_only=True)
class PotCarried(Event):
    """Nobody opened (a blank hand), or a false opener's bet was not called: the pot stays
    for the next deal (23.1.II, 23.1.III.2)."""

    kind: ClassVar[str] = "pot-carried"
    amount: int
    reason: str
    """``blank`` or ``false-opener``."""


@dataclass
class DrawState(PokerState):
    """The table, with what five-card draw keeps between and within deals."""

    carried: int = 0
    """Chips carried to the next deal (blank hands, a false opener's uncalled bet)."""
    blanks: int = 0
    """Blank deals in a row: the opening requirement rises with them (23.1.II)."""
    opener: str | None = None
    opening: tuple[Card, ...] = ()
    """The opener's five cards when he opened."""
    opener_discard: tuple[Card, ...] = ()
    """The opener's discard, face down on the pot (23.1.II)."""
    muck: list[Card] = field(default_factory=list)
    """Discards and folded hands: what a stub reshuffle takes (23.1.II)."""
    drawn: dict[str, int] = field(default_factory=dict)
    drawing: bool = False
    betting_after_draw: bool = False
    """The second interval has begun: no more questions about the draw (23.1.II)."""

    def __deepcopy__(self, memo: dict[int, object]) -> DrawState:
        return copy_record(self, memo, shared=SHARED_ON_COPY)


__all__ = [
    "BadDiscard",
    "CardsDrawn",
    "Draw",
    "DrawState",
    "NoOpeners",
    "OpenersShown",
    "PotCarried",
    "RestoreStub",
    "StubReshuffled",
]
