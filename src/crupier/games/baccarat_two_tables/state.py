"""Two-table baccarat: the table's state, its coups and hands, and the small helpers the
engine's parts share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    UnknownSpot,
)
from crupier.core.roles import Role
from crupier.core.round import JSON, copy_record
from crupier.core.shoe import Shoe, parse_cards
from crupier.games.baccarat.cards import hand_total, point_value
from crupier.games.baccarat_two_tables.rules import (
    TABLES,
    Showing,
    Word,
)
from crupier.i18n import N_

RESULTS_KEPT = 50


class Phase(StrEnum):
    """Where the table stands."""

    NO_BANK = "no-bank"  # no banker: announce, offer, auction or lots
    BETTING = "betting"  # bets and banco calls, until "no hi van més apostes"
    DEALING = "dealing"  # betting closed: the banker deals
    PLAYING = "playing"  # declarations, then the banker's decision
    JUMPED = "jumped"  # the bank has jumped: the banker redeposits or leaves
    SUSPENDED = "suspended"  # temporary closure, the bank locked under key (IX)


# -- state ------------------------------------------------------------------------------------


@dataclass
class Bet:
    """A stake on one table (a split stake is two bets of one ``group``)."""

    id: int
    player: str
    table: str
    amount: int
    placed: int
    group: int
    kind: str = "table"  # table | split | banco

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return dict(self.__dict__)


@dataclass
class Hand:
    """One hand of the coup: a table's (held by a player, or the croupier) or the bank's."""

    cards: list[Card] = field(default_factory=list)
    holder: str | None = None
    declared: str | None = None  # natural | card | no | thrown
    natural: bool = False
    forfeited: bool = False  # said no (or card) on 8 or 9: no natural privilege
    zero: bool = False  # thrown unshown: point 0 (baccarat)
    annulled: bool = False  # the coup is annulled for this table (cards lost unseen)

    @property
    def two_card_total(self) -> int:
        """The point of the first two cards."""
        return hand_total(self.cards[:2])

    @property
    def point(self) -> int:
        """The hand's point (0 if its cards were thrown away unshown)."""
        return 0 if self.zero else hand_total(self.cards)

    @property
    def third(self) -> int | None:
        """The value of the third card, or None."""
        return point_value(self.cards[2]) if len(self.cards) > 2 else None

    def showing(self, bank: bool = False) -> Showing:
        """How the hand compares: point, third card, natural privilege."""
        two = len(self.cards) == 2
        natural = (
            two
            and not self.zero
            and not self.forfeited
            and self.two_card_total >= 8
            and (bank or self.declared in (None, Word.NATURAL.value))
        )
        return Showing(self.point, three=len(self.cards) > 2, natural=natural)


@dataclass
class Coup:
    """The coup in progress."""

    number: int
    hands: dict[str, Hand]
    turn: str = "1"
    tableau: bool = False
    restored: bool = False
    banker_fault: bool = False
    floating: Card | None = None
    banco: str | None = None
    banco_repeat_left: int | None = None
    dealt: bool = False
    incidents: list[str] = field(default_factory=list)


_SHARED = frozenset({"results", "last_coup"})


@dataclass
class BaccaratTwoTablesState:
    """Everything on the table."""

    phase: Phase = Phase.NO_BANK
    players: dict[str, int] = field(default_factory=dict)
    seats: dict[int, str] = field(default_factory=dict)
    behind: dict[str, int] = field(default_factory=dict)
    waiting: list[str] = field(default_factory=list)
    bets: dict[int, Bet] = field(default_factory=dict)
    next_bet: int = 1
    next_group: int = 1
    # the bank
    banker: str | None = None
    bank: int = 0
    bank_initial: int = 0
    banker_deposits: int = 0
    banker_coups: int = 0
    adjudicated_shoes: int | None = None
    banker_shoes: int = 0
    last_banker: str | None = None
    offer_amount: int | None = None
    offer_shoes: int | None = None
    offered_to: str | None = None
    declined: list[str] = field(default_factory=list)
    auction_open: bool = False
    bids: dict[str, int] = field(default_factory=dict)
    barred: list[str] = field(default_factory=list)
    # money outside the players
    house: int = 0
    tips: int = 0
    bought_in: int = 0
    cashed_out: int = 0
    # shoe, session, coups
    shoe: Shoe | None = None
    shoes: int = 0
    shoe_coups: int = 0
    shoe_change: str | None = None  # "allowed" after a jump, "required" after an auction
    session: int = 1
    session_shoes: int = 0
    coup: Coup | None = None
    coups: int = 0
    voids: int = 0
    early: list[Card] = field(default_factory=list)
    early_by: str | None = None
    rotation: dict[str, int] = field(default_factory=dict)
    banco_calls: list[tuple[str, str]] = field(default_factory=list)
    banco_used: list[str] = field(default_factory=list)
    banco_repeat: tuple[str, int] | None = None
    suspended_from: Phase | None = None
    key_holder: str | None = None
    cagnotte_total: int = 0
    results: tuple[str, ...] = ()
    """The last results, oldest first (a bounded tuple: copies share it)."""
    last_coup: JSON | None = None
    """The view of the last coup, replaced whole after each coup (copies share it)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> BaccaratTwoTablesState:
        """A fast deep copy (the engine copies the state before every action)."""
        return copy_record(self, memo, _SHARED)

    def balance(self) -> int:
        """Players + bank + stakes + cagnotte + tips - (bought in - cashed out): always 0."""
        stakes = sum(b.amount for b in self.bets.values())
        held = sum(self.players.values()) + self.bank + stakes + self.house + self.tips
        return held - (self.bought_in - self.cashed_out)


# -- spots ------------------------------------------------------------------------------------

_SPOTS = {
    "1": "1",
    "t1": "1",
    "table-1": "1",
    "drap-1": "1",
    "first": "1",
    "2": "2",
    "t2": "2",
    "table-2": "2",
    "drap-2": "2",
    "second": "2",
    "split": "split",
    "a-cavall": "split",
    "cavall": "split",
    "a-cheval": "split",
    "cheval": "split",
    "both": "split",
    "line": "split",
}
_FORBIDDEN = {
    "beside-banker",
    "beside-croupier",
    "right-of-banker",
    "left-of-banker",
    "right-of-croupier",
    "left-of-croupier",
}


def spot_of(text: str) -> str:
    """Read where a stake is placed: ``"1"``, ``"2"`` or ``"split"`` (à cheval).

    >>> spot_of("Table 1"), spot_of("a cavall"), spot_of("drap 2")
    ('1', 'split', '2')
    >>> spot_of("beside banker")
    Traceback (most recent call last):
    ...
    crupier.core.errors.IllegalAction: bets may not be placed immediately to the right or left of the banker or the croupier (VII)
    """
    key = re.sub(r"[\s_/]+", "-", text.strip().lower()) if isinstance(text, str) else ""
    if key in _FORBIDDEN:
        raise IllegalAction(
            N_(
                "bets may not be placed immediately to the right or left of the banker "
                "or the croupier (VII)"
            )
        )
    spot = _SPOTS.get(key)
    if spot is None:
        raise UnknownSpot(
            N_("{text!r} is not a place to bet: table 1, table 2 or split (a cavall)", text=text)
        )
    return spot


def _table(value: object) -> str:
    text = str(value).strip().lower().removeprefix("table").strip().removeprefix("-")
    if text not in TABLES:
        raise MalformedAction(N_("{value!r} is not a table (1 or 2)", value=value))
    return text


def _hand(value: object) -> str:
    text = str(value).strip().lower()
    if text in ("bank", "banker", "banca", "banquer"):
        return "bank"
    return _table(text)


def _positive(amount: object, what: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise MalformedAmount(
            N_(
                "{what}: {amount!r} is not a positive amount of minor units",
                what=what,
                amount=amount,
            )
        )
    return amount


def _card(code: object, what: str) -> Card:
    if not isinstance(code, str):
        raise MalformedAction(N_("{what}: {code_!r} is not a card", what=what, code_=code))
    return _cards((code,), what)[0]


def _cards(codes: object, what: str) -> list[Card]:
    return parse_cards(codes, what)


def _show(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


# -- the engine -------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
_CROUPIER = frozenset({Role.CROUPIER, Role.HEAD})
_INSPECTOR = frozenset({Role.INSPECTOR})
_DIRECTOR = frozenset({Role.DIRECTOR})
_PLAYER_OR_CROUPIER = frozenset({Role.PLAYER, Role.CROUPIER})
