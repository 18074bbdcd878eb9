"""The actions of Texas Hold'em Bonus (the deal, the players' decisions, the common cards;
the shoe and the seats are the shared card-table actions) and the table's state."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.poker import Key
from crupier.core.round import JSON, Action
from crupier.games.cardtable import CardTableState


class Stage(StrEnum):
    """Where the round is (22.V)."""

    BETTING = "betting"
    DEAL = "deal"
    PREFLOP = "preflop-decision"
    FLOP = "flop-deal"
    TURN_DECISION = "turn-decision"
    TURN = "turn-deal"
    RIVER_DECISION = "river-decision"
    RIVER = "river-deal"


#: The decision stages and the street bet each one offers.
DECISION_STREET: dict[Stage, str] = {
    Stage.PREFLOP: "flop",
    Stage.TURN_DECISION: "turn",
    Stage.RIVER_DECISION: "river",
}


@dataclass
class Box:
    """One player's zone this round: his two cards and his choices."""

    seat: int
    player: str
    hole: list[Card] = field(default_factory=list)
    folded: bool = False
    forfeited: bool = False
    """The player lost all his bets for forbidden conduct (he is out of the round)."""
    choices: dict[str, str] = field(default_factory=dict)
    """Street bet -> ``bet``, ``check`` or ``fold``."""
    key: Key | None = None
    """The best five of the seven, once the hands are shown."""

    def to_dict(self, show: bool) -> JSON:
        return {
            "seat": self.seat,
            "player": self.player,
            "hole": [str(c) for c in self.hole] if show else ["??"] * len(self.hole),
            "folded": self.folded,
            "forfeited": self.forfeited,
            "choices": dict(self.choices),
        }


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """Two cards face down to each box with an Ante and two to the dealer: one round of
    cards from the dealer's left, the dealer's first card last, then a second round.

    ``cards``: at a live table, the cards in that order; empty at an electronic table.
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class StreetBet(Action):
    """The player makes the bet of the street: the Flop bet (before the Flop), the Turn bet or
    the River bet. ``amount`` must be exactly the street's multiple of the Ante (``None``:
    that amount)."""

    kind: ClassVar[str] = "bet"
    player: str
    amount: int | None = None


@dataclass(frozen=True, kw_only=True)
class Check(Action):
    """The player stays in without a Turn (or River) bet."""

    kind: ClassVar[str] = "check"
    player: str


@dataclass(frozen=True, kw_only=True)
class Fold(Action):
    """Before the Flop, the player gives up his hand and his Ante; his Bonus still plays."""

    kind: ClassVar[str] = "fold"
    player: str


@dataclass(frozen=True, kw_only=True)
class Forfeit(Action):
    """A player exchanged information about his cards or exposed them before time (spec 22
    Errors, DEFAULT from entry 10.VI): he loses all his bets, the Bonus included, and takes
    no further part in the round."""

    kind: ClassVar[str] = "forfeit"
    player: str
    reason: str = ""


@dataclass(frozen=True, kw_only=True)
class DealStreet(Action):
    """The dealer burns a card and deals the next common cards face up: three (the Flop),
    one (the Turn), one (the River); after the River the hands are shown and settled.

    Live table: ``burn`` the burnt card, ``cards`` the common cards as dealt.
    """

    kind: ClassVar[str] = "deal-street"
    cards: tuple[str, ...] = ()
    burn: tuple[str, ...] = ()


@dataclass
class HoldemBonusState(CardTableState):
    """The card table and the round: the boxes, the dealer's cards, the common cards."""

    stage: Stage = Stage.BETTING
    boxes: list[Box] = field(default_factory=list)
    dealer: list[Card] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    dealer_key: Key | None = None
    """The dealer's best five of seven, once shown."""
    shown: bool = False
    """The dealer's cards are face up (the round was settled)."""
