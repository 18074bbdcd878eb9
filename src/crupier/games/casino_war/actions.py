"""The actions of El Repte (deal, war, surrender, war deal, new shoe; the seats are the
shared card-table seats) and the table's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.round import Action
from crupier.games.cardtable import CardTableState
from crupier.games.casino_war.showdown import Box, Stage

# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The first deal: one card face up to each box with an initial bet, in dealing order,
    then one to the croupier; then every box is compared and settled or goes to war.

    ``cards``: at a live table, the cards in the order they were dealt (croupier's last);
    empty at an electronic table. ``stop_card``: the cut card came out (live table).
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    stop_card: bool = False


@dataclass(frozen=True, kw_only=True)
class GoToWar(Action):
    """A tied player challenges the house: a challenge bet equal to his initial bet."""

    kind: ClassVar[str] = "go-to-war"
    player: str


@dataclass(frozen=True, kw_only=True)
class Surrender(Action):
    """A tied player does not challenge: he loses half his initial bet, the rest comes back."""

    kind: ClassVar[str] = "surrender"
    player: str


@dataclass(frozen=True, kw_only=True)
class WarDeal(Action):
    """The war: three cards burnt, one card face up to each challenging box, one to the
    croupier; the war bets are settled.

    Live table: ``burn`` lists the burnt cards (entered from the discards when the cards are
    collected) and ``cards`` the war cards in dealing order, the croupier's last.
    """

    kind: ClassVar[str] = "war-deal"
    cards: tuple[str, ...] = ()
    burn: tuple[str, ...] = ()
    stop_card: bool = False


# -- state ----------------------------------------------------------------------------------------


@dataclass
class CasinoWarState(CardTableState):
    """El Repte state: the card table (shoe, boxes, incidents) and the round's cards."""

    stage: Stage = Stage.BETTING
    boxes: list[Box] = field(default_factory=list)
    """This round's boxes in dealing order (kept on the table until the next deal)."""
    croupier_card: Card | None = None
    croupier_war_card: Card | None = None
