"""The actions of trente et quarante (new shoe, deal, insure, the refait choice, the wrong
row's position), its insurance event and the table's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.layout import (
    LayoutState,
)
from crupier.core.round import Action, Event
from crupier.core.shoe import Shoe
from crupier.games.trente_et_quarante.coup import (
    next_row,
)


@dataclass(frozen=True, kw_only=True)
class NewShoe(Action):
    """Shuffle the six decks, have them cut, put the separator in front of the last five
    cards and load the shoe (004 05 V; 002 V.3).

    Electronic table: the order is drawn from the random source (``cut``: cards moved
    from top to bottom, drawn if None). Live table (``live=True``): the croupier enters
    each card as it is dealt.
    """

    kind: ClassVar[str] = "new-shoe"
    live: bool = False
    cut: int | None = None


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """Deal cards to the rows; the coup is announced and settled when both rows are complete.

    Electronic table: the cards are drawn (``count``: at most this many, None: the whole
    coup). Live table: ``cards`` in the order they came out of the shoe; ``rows``
    optionally says where the croupier laid each one (a card in the wrong row is put
    back in its row, or voids the coup, as the profile says); ``separator``: the
    separator card came out after these cards, and ``counted`` is the number of last
    cards the croupier then counted face down.
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    count: int | None = None
    separator: bool = False
    counted: int | None = None


@dataclass(frozen=True, kw_only=True)
class Insure(Action):
    """Insure a stake against the 31 refait for this coup: the fee is paid at once."""

    kind: ClassVar[str] = "insure"
    player: str
    bet: int


@dataclass(frozen=True, kw_only=True)
class RefaitChoice(Action):
    """The player's option for a stake hit by the refait: ``half-back`` or ``prison``."""

    kind: ClassVar[str] = "refait-choice"
    player: str
    bet: int
    choice: str


@dataclass(frozen=True, kw_only=True)
class Position(Action):
    """Where a player's stakes lie: ``distance`` from the croupier who pays (the stakes
    furthest from him are paid first, 004 05 V)."""

    kind: ClassVar[str] = "position"
    player: str
    distance: int


@dataclass(frozen=True, kw_only=True)
class InsurancePaid(Event):
    """The fee of an insured stake, kept by the house whatever the result."""

    kind: ClassVar[str] = "insurance-paid"
    bet: int
    player: str
    spot: str
    stake: int
    fee: int


@dataclass
class TrenteEtQuaranteState(LayoutState):
    """The layout, the shoe, the rows of the coup being dealt and the insured stakes."""

    shoe: Shoe | None = None
    shoes: int = 0
    black: list[Card] = field(default_factory=list)
    red: list[Card] = field(default_factory=list)
    insured: dict[int, int] = field(default_factory=dict)
    """Bet id to the fee paid to insure it for the coming coup."""
    fees: int = 0
    """Insurance fees collected (already in ``house``)."""
    distances: dict[str, int] = field(default_factory=dict)
    annulled: int = 0
    discarded: list[Card] = field(default_factory=list)
    """Cards of annulled or void coups."""
    incidents: list[str] = field(default_factory=list)

    @property
    def dealing(self) -> bool:
        """True while a coup's cards are on the table and the rows are not complete."""
        return bool(self.black) and next_row(self.black, self.red) is not None
