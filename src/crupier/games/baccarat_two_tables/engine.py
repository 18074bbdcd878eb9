"""09 — Two-table baccarat (banque): one banker against the punters of two tables.

A circle game (cercle): the banker, a player, holds the bank (limited or free) and plays
one hand against the hands of table 1 and table 2; the house takes the cagnotte from his
winnings. The engine keeps every chip on the table accounted for:

    players + bank + stakes on the table + cagnotte (pou) + tips == bought in - cashed out

>>> from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
>>> from crupier.core.roles import Role
>>> from crupier.games.baccarat_two_tables import load_builtin
>>> game = BaccaratTwoTables(load_builtin())
>>> _ = game.apply(NewShoe(live=True, cut_by=None, burn=("Ah", "Ad")))
>>> for i, name in enumerate(["ana", "bo", "cy", "di", "bank"], start=1):
...     _ = game.apply(BuyIn(player=name, amount=2_000_000))
...     if name != "bank":
...         _ = game.apply(TakeSeat(player=name, department=i if i < 3 else i + 3))
>>> _ = game.apply(AnnounceBank(banker="bank", amount=1_000_000, by=Role.INSPECTOR))
>>> _ = game.apply(PlaceBet(player="ana", spot="1", amount=100_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="cy", spot="2", amount=60_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("Ks", "3c", "4s", "8d", "Kh", "Ah")))
>>> _ = game.apply(Declare(table="1", word="natural", player="ana", by=Role.PLAYER))
>>> _ = game.apply(Declare(table="2", word="card", player="cy", by=Role.PLAYER, card="2d"))
>>> record = game.apply(BankerPlay(draw=True, player="bank", by=Role.PLAYER, card="4c"))
>>> game.state.bank, game.state.house, game.state.balance()
(960000, 0, 0)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    UnknownPlayer,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    BetPlaced,
    BuyIn,
    CashOut,
    NoMoreBets,
    Note,
    PlaceBet,
    Reopen,
    ResultEvent,
    Settled,
    Suspend,
    TakeDown,
    keep_recent,
)
from crupier.core.money import format_amount
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, Game, copy_record
from crupier.core.shoe import Shoe
from crupier.games.baccarat_two_tables.actions import (
    ACTIONS,
    AcceptBank,
    Adjudicate,
    AnnounceBank,
    AskTableau,
    BankerPlay,
    Bid,
    CallBanco,
    CardOnFloor,
    CardsInBasket,
    CardsThrown,
    CardsUncovered,
    CheckCards,
    Claim,
    CroupierPlays,
    Deal,
    DeclarationError,
    Declare,
    DeclineBank,
    Deposit,
    DrawLotsForBank,
    EarlyDraw,
    InspectorRuling,
    JoinWaitingList,
    LeaveBank,
    LeaveSeat,
    MisdealtCard,
    NewSession,
    NewShoe,
    OfferBank,
    OpenAuction,
    RectifyDeal,
    Redeposit,
    RejectEarlyCards,
    StopCardOut,
    TakeSeat,
    Tip,
    VoidCoup,
    WithheldCard,
    WrongAnnouncement,
    WrongHolder,
)
from crupier.games.baccarat_two_tables.profile import (
    GAME_ID,
    BaccaratTwoTablesProfile,
    Modality,
)
from crupier.games.baccarat_two_tables.rules import (
    HANDS,
    TABLES,
    Obligation,
    Showing,
    Word,
    allocate_halves,
    allocate_in_order,
    banker_obligation,
    cagnotte_of,
    compare,
    punter_words,
    rule_word,
    split_stake,
)
from crupier.games.punto_banco import burn_value, hand_total, point_value

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
            "bets may not be placed immediately to the right or left of the banker "
            "or the croupier (VII)"
        )
    spot = _SPOTS.get(key)
    if spot is None:
        raise UnknownSpot(f"{text!r} is not a place to bet: table 1, table 2 or split (a cavall)")
    return spot


def _table(value: object) -> str:
    text = str(value).strip().lower().removeprefix("table").strip().removeprefix("-")
    if text not in TABLES:
        raise MalformedAction(f"{value!r} is not a table (1 or 2)")
    return text


def _hand(value: object) -> str:
    text = str(value).strip().lower()
    if text in ("bank", "banker", "banca", "banquer"):
        return "bank"
    return _table(text)


def _positive(amount: object, what: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise MalformedAmount(f"{what}: {amount!r} is not a positive amount of minor units")
    return amount


def _card(code: object, what: str) -> Card:
    if not isinstance(code, str):
        raise MalformedAction(f"{what}: {code!r} is not a card")
    try:
        return Card.parse(code)
    except ValueError as exc:
        raise MalformedAction(f"{what}: {exc}") from None


def _cards(codes: object, what: str) -> list[Card]:
    if not isinstance(codes, (tuple, list)):
        raise MalformedAction(f"{what}: {codes!r} is not a list of cards")
    return [_card(c, what) for c in codes]


def _fmt(amount: int) -> str:
    return format_amount(amount)


def _show(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


# -- the engine -------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
_CROUPIER = frozenset({Role.CROUPIER, Role.HEAD})
_INSPECTOR = frozenset({Role.INSPECTOR})
_DIRECTOR = frozenset({Role.DIRECTOR})
_PLAYER_OR_CROUPIER = frozenset({Role.PLAYER, Role.CROUPIER})


class BaccaratTwoTables(Game[BaccaratTwoTablesProfile, BaccaratTwoTablesState]):
    """The two-table baccarat engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = ACTIONS
    checked_first: ClassVar[frozenset[str]] = frozenset({"buy-in", "place-bet"})
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _CROUPIER,
        "cash-out": _CROUPIER,
        "place-bet": _PLAYER_OR_CROUPIER,
        "take-down": _PLAYER_OR_CROUPIER,
        "no-more-bets": _CROUPIER,
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
        "take-seat": _STAFF,
        "leave-seat": _STAFF | {Role.PLAYER},
        "join-waiting-list": _INSPECTOR,
        "announce-bank": _INSPECTOR,
        "open-auction": _INSPECTOR,
        "bid": _INSPECTOR | {Role.PLAYER},
        "adjudicate": _INSPECTOR,
        "draw-lots-for-bank": _INSPECTOR,
        "offer-bank": _INSPECTOR,
        "accept-bank": _INSPECTOR | {Role.PLAYER},
        "decline-bank": _INSPECTOR | {Role.PLAYER},
        "leave-bank": _PLAYER_OR_CROUPIER,
        "redeposit": _PLAYER_OR_CROUPIER,
        "deposit": _PLAYER_OR_CROUPIER,
        "new-shoe": _CROUPIER | {Role.SYSTEM},
        "new-session": _DIRECTOR,
        "check-cards": _CROUPIER,
        "stop-card-out": _CROUPIER,
        "tip": _PLAYER_OR_CROUPIER,
        "call-banco": _PLAYER_OR_CROUPIER,
        "deal": _PLAYER_OR_CROUPIER | {Role.SYSTEM},
        "declare": _PLAYER_OR_CROUPIER,
        "ask-tableau": _PLAYER_OR_CROUPIER,
        "banker-play": _PLAYER_OR_CROUPIER,
        "early-draw": _CROUPIER,
        "reject-early-cards": _DIRECTOR,
        "void-coup": _STAFF,
        "rectify-deal": _CROUPIER,
        "card-on-floor": _CROUPIER,
        "wrong-holder": _CROUPIER,
        "cards-uncovered": _CROUPIER,
        "cards-in-basket": _CROUPIER,
        "misdealt-card": _CROUPIER,
        "withheld-card": _CROUPIER,
        "declaration-error": _CROUPIER,
        "croupier-plays": _CROUPIER,
        "cards-thrown": _CROUPIER,
        "wrong-announcement": _CROUPIER,
        "claim": _PLAYER_OR_CROUPIER,
        "inspector-ruling": _INSPECTOR,
    }

    play_help: ClassVar[str] = (
        "stakes: table 1, table 2, split (a cavall); banco; card / no / natural; draw / stand"
    )

    def play_command(self, words: list[str], player: str) -> Action | None:
        """Terminal commands the engine reads itself (none: the terminal table has them)."""
        return None

    def initial_state(self) -> BaccaratTwoTablesState:
        state = BaccaratTwoTablesState()
        state.rotation = {t: self._first_department(t) for t in TABLES}
        return state

    # -- the table's geometry ------------------------------------------------------------------

    @property
    def departments(self) -> int:
        """Departments per table."""
        return self.profile.table.departments

    def departments_of(self, table: str) -> list[int]:
        """The department numbers of ``table``: table 1 from 1, table 2 continuing, each
        starting at the department nearest the banker (II.3)."""
        n = self.departments
        start = 1 if table == "1" else n + 1
        return list(range(start, start + n))

    def table_of(self, department: int) -> str:
        """The table a department belongs to."""
        return "1" if department <= self.departments else "2"

    def _nearness(self, department: int) -> int:
        return department if department <= self.departments else department - self.departments

    def _first_department(self, table: str) -> int:
        depts = self.departments_of(table)
        return depts[0] if self.profile.table.rotation_start == "nearest-banker" else depts[-1]

    def seat_of(self, player: str) -> int | None:
        """The department ``player`` sits at, or None."""
        return next((d for d, p in self.state.seats.items() if p == player), None)

    # -- dispatch -------------------------------------------------------------------------------

    def _step(
        self, state: BaccaratTwoTablesState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        handler = getattr(self, "_do_" + action.kind.replace("-", "_"), None)
        if handler is None:  # pragma: no cover - every registered kind has a handler
            raise MalformedAction(f"{action.kind!r} is not an action of {self.game_id}")
        if state.phase is Phase.SUSPENDED and not isinstance(action, Reopen):
            raise WrongPhase("the table is temporarily closed (IX): the director reopens it")
        events: Sequence[Event] = handler(state, action, source)
        return events

    def require(self, state: BaccaratTwoTablesState, *phases: Phase) -> None:
        """Raise :class:`WrongPhase` unless the table is in one of ``phases``."""
        if state.phase not in phases:
            wanted = " or ".join(str(p) for p in phases)
            raise WrongPhase(f"not possible now: the table is in {state.phase}, not {wanted}")

    def _player(self, state: BaccaratTwoTablesState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(f"{player!r} is not at the table (buy in first)")
        return player

    def _as_banker(self, state: BaccaratTwoTablesState, action: Action, player: object) -> None:
        """A banker's action: by the banker himself, or the croupier on his behalf."""
        if state.banker is None:
            raise IllegalAction("there is no banker")
        if action.by is Role.PLAYER and player != state.banker:
            raise NotPermitted(f"{action.kind}: only the banker ({state.banker}) may do this")
        if player is not None and player != state.banker:
            raise NotPermitted(f"{action.kind}: {player!r} is not the banker ({state.banker})")

    def _coup(self, state: BaccaratTwoTablesState) -> Coup:
        self.require(state, Phase.PLAYING)
        assert state.coup is not None
        return state.coup

    # -- chips ----------------------------------------------------------------------------------

    def _do_buy_in(self, state: BaccaratTwoTablesState, action: BuyIn, _s: Any) -> list[Event]:
        amount = _positive(action.amount, "buy-in")
        if not isinstance(action.player, str) or not action.player.strip():
            raise MalformedAction(f"{action.player!r} is not a player name")
        state.players[action.player] = state.players.get(action.player, 0) + amount
        state.bought_in += amount
        return [Note(text=f"{action.player} buys in for {_fmt(amount)}")]

    def _do_cash_out(self, state: BaccaratTwoTablesState, action: CashOut, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(f"{player} still has stakes on the table")
        if player == state.banker:
            raise IllegalAction(f"{player} holds the bank: he leaves the bank first")
        if any(p == player for p, _t in state.banco_calls):
            raise IllegalAction(f"{player} has called banco")
        if state.coup is not None and player in self._holders(state.coup):
            raise IllegalAction(f"{player} holds the cards of a table in this coup")
        amount = state.players.pop(player)
        state.cashed_out += amount
        self._free_place(state, player)
        state.waiting = [p for p in state.waiting if p != player]
        return [Note(text=f"{player} cashes out {_fmt(amount)}")]

    def _do_tip(self, state: BaccaratTwoTablesState, action: Tip, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        amount = _positive(action.amount, "tip")
        if state.players[player] < amount:
            raise InsufficientFunds(f"{player} holds {_fmt(state.players[player])}")
        state.players[player] -= amount
        state.tips += amount
        return [Note(text=f"{player} tips {_fmt(amount)} (tips slot)")]

    # -- seats ----------------------------------------------------------------------------------

    def _between_coups(self, state: BaccaratTwoTablesState) -> None:
        self.require(state, Phase.NO_BANK, Phase.BETTING, Phase.JUMPED)

    def _free_place(self, state: BaccaratTwoTablesState, player: str) -> int | None:
        seat = next((d for d, p in state.seats.items() if p == player), None)
        if seat is not None:
            del state.seats[seat]
        state.behind.pop(player, None)
        return seat

    def _do_take_seat(
        self, state: BaccaratTwoTablesState, action: TakeSeat, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        player = self._player(state, action.player)
        dept = action.department
        if (
            not isinstance(dept, int)
            or isinstance(dept, bool)
            or not 1 <= dept <= 2 * self.departments
        ):
            raise MalformedAction(
                f"take-seat: {dept!r} is not a department (1 to {2 * self.departments})"
            )
        if player == state.banker:
            raise IllegalAction(f"{player} is the banker: he sits opposite the croupier")
        if action.behind:
            self._free_place(state, player)
            state.behind[player] = dept
            return [Note(text=f"{player} stands behind department {dept}")]
        if dept in state.seats:
            raise IllegalAction(f"department {dept} is taken by {state.seats[dept]}")
        if player in state.seats.values():
            raise IllegalAction(f"{player} already has a department")
        if state.waiting and state.waiting[0] != player:
            raise IllegalAction(
                f"department {dept}: the waiting list comes first ({state.waiting[0]}, IV)"
            )
        state.waiting = [p for p in state.waiting if p != player]
        state.behind.pop(player, None)
        state.seats[dept] = player
        return [Note(text=f"{player} takes department {dept} (table {self.table_of(dept)})")]

    def _do_leave_seat(
        self, state: BaccaratTwoTablesState, action: LeaveSeat, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        player = self._player(state, action.player)
        had_place = player in state.behind
        where = self._free_place(state, player)
        if where is None and not had_place:
            raise IllegalAction(f"{player} has no department and stands behind none")
        text = f"{player} leaves department {where}" if where else f"{player} steps back"
        return [Note(text=text)]

    def _do_join_waiting_list(
        self, state: BaccaratTwoTablesState, action: JoinWaitingList, _s: Any
    ) -> list[Event]:
        player = self._player(state, action.player)
        if player in state.waiting:
            raise IllegalAction(f"{player} is already on the waiting list")
        if player in state.seats.values():
            raise IllegalAction(f"{player} already has a department")
        state.waiting.append(player)
        return [Note(text=f"{player} is number {len(state.waiting)} on the waiting list")]

    # -- the bank -------------------------------------------------------------------------------

    @property
    def limited(self) -> bool:
        """True for the limited bank (banca limitada)."""
        return self.profile.bank.modality is Modality.LIMITED

    def _check_bank_amount(self, amount: object, what: str) -> int:
        value = _positive(amount, what)
        rules = self.profile.bank
        if value < rules.minimum:
            raise BetUnderMinimum(
                f"{what}: a bank of {_fmt(value)} is under the minimum {_fmt(rules.minimum)} (V.1)"
            )
        if self.limited and rules.maximum is not None and value > rules.maximum:
            raise BetOverMaximum(
                f"{what}: a limited bank of {_fmt(value)} is over the maximum "
                f"{_fmt(rules.maximum)} (V.1)"
            )
        return value

    def _can_bank(self, state: BaccaratTwoTablesState, player: object, amount: int) -> str:
        name = self._player(state, player)
        if name in state.barred:
            raise IllegalAction(
                f"{name} won and retired from the bank: not again during this shoe (V.1)"
            )
        if state.players[name] < amount:
            raise InsufficientFunds(
                f"{name} holds {_fmt(state.players[name])}, not the {_fmt(amount)} to deposit"
            )
        return name

    def _install(
        self, state: BaccaratTwoTablesState, banker: str, amount: int, shoes: int | None
    ) -> list[Event]:
        if shoes is not None and (
            not isinstance(shoes, int) or isinstance(shoes, bool) or shoes < 1
        ):
            raise MalformedAction(f"shoes: {shoes!r} is not a number of shoes (or none)")
        events: list[Event] = []
        seat = self._free_place(state, banker)
        if seat is not None:
            events.append(Note(text=f"{banker} leaves department {seat} to hold the bank"))
        state.players[banker] -= amount
        state.banker = banker
        state.bank = amount
        state.bank_initial = amount
        state.banker_deposits = amount
        state.banker_coups = 0
        in_play = state.shoe is not None and not state.shoe.at_stop_card
        state.banker_shoes = 1 if in_play and state.shoe_change != "required" else 0
        state.adjudicated_shoes = shoes
        state.offer_amount = None
        state.offer_shoes = None
        state.offered_to = None
        state.declined = []
        state.auction_open = False
        state.bids = {}
        state.phase = Phase.BETTING
        term = "until the banker leaves" if shoes is None else f"for {shoes} shoe(s)"
        events.append(
            Note(
                text=f"the bank goes to {banker} for {_fmt(amount)} ({term}); the croupier keeps it"
            )
        )
        return events

    def _do_announce_bank(
        self, state: BaccaratTwoTablesState, action: AnnounceBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offer_amount is not None:
            raise IllegalAction(
                f"the bank is being offered for {_fmt(state.offer_amount)}: offer, auction or lots (V.5)"
            )
        if state.auction_open:
            raise IllegalAction("the bank is being auctioned: adjudicate it")
        amount = self._check_bank_amount(action.amount, "announce-bank")
        banker = self._can_bank(state, action.banker, amount)
        return self._install(state, banker, amount, action.shoes)

    def _do_open_auction(
        self, state: BaccaratTwoTablesState, action: OpenAuction, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.auction_open:
            raise IllegalAction("the auction is already open")
        state.auction_open = True
        state.bids = {}
        state.offered_to = None
        return [Note(text="the inspector auctions the bank: all players may bid (V.1)")]

    def _do_bid(self, state: BaccaratTwoTablesState, action: Bid, _s: Any) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if not state.auction_open:
            raise IllegalAction("no auction is open")
        amount = self._check_bank_amount(action.amount, "bid")
        player = self._can_bank(state, action.player, amount)
        if state.bids.get(player, 0) >= amount:
            raise IllegalAction(f"{player} has already bid {_fmt(state.bids[player])}")
        state.bids[player] = amount
        return [Note(text=f"{player} bids {_fmt(amount)} for the bank")]

    def _do_adjudicate(
        self, state: BaccaratTwoTablesState, action: Adjudicate, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if not state.auction_open:
            raise IllegalAction("no auction is open")
        events: list[Event] = []
        if not state.bids:
            return self._partida_ends(state, "no bidder for the bank")
        best = max(state.bids.values())
        tied = [p for p, a in state.bids.items() if a == best]
        winner = tied[0]
        if len(tied) > 1:
            winner = tied[source.randbelow(len(tied))]
            events.append(
                Note(text=f"equal bids of {_fmt(best)}: lots drawn among {', '.join(tied)}")
            )
        after_leave = state.offer_amount is not None
        self._can_bank(state, winner, best)
        events += self._install(state, winner, best, action.shoes)
        if after_leave:
            events += self._require_new_shoe(state)
        return events

    def _do_draw_lots_for_bank(
        self, state: BaccaratTwoTablesState, action: DrawLotsForBank, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        amount = state.offer_amount
        if amount is None:
            raise IllegalAction("the bank is drawn by lot only when nobody takes it at its amount")
        if not isinstance(action.players, tuple) or not action.players:
            raise MalformedAction("draw-lots-for-bank: name the players who want the bank")
        if len(set(action.players)) != len(action.players):
            raise MalformedAction("draw-lots-for-bank: a player is named twice")
        for player in action.players:
            self._can_bank(state, player, amount)
        winner = action.players[source.randbelow(len(action.players))]
        events: list[Event] = [
            Note(text=f"lots drawn for the bank among {', '.join(action.players)}: {winner}")
        ]
        events += self._install(state, winner, amount, action.shoes)
        events += self._require_new_shoe(state)
        return events

    def _require_new_shoe(self, state: BaccaratTwoTablesState) -> list[Event]:
        if state.shoe is None or state.shoe_coups == 0:
            return []
        state.shoe_change = "required"
        return [Note(text="another shoe starts (V.5)")]

    def _do_offer_bank(
        self, state: BaccaratTwoTablesState, action: OfferBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        amount = state.offer_amount
        if amount is None:
            raise IllegalAction("no bank is being offered (announce or auction it)")
        player = self._player(state, action.player)
        if player == state.last_banker:
            raise IllegalAction(f"{player} has just left the bank: it is offered to another player")
        if player in state.declined:
            raise IllegalAction(f"{player} has declined the bank")
        self._can_bank(state, player, amount)
        state.offered_to = player
        return [Note(text=f"the inspector offers the bank to {player} for {_fmt(amount)} (V.5)")]

    def _do_accept_bank(
        self, state: BaccaratTwoTablesState, action: AcceptBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offered_to is None or state.offered_to != action.player:
            raise IllegalAction(f"{action.player!r} has not been offered the bank")
        assert state.offer_amount is not None
        player = self._can_bank(state, action.player, state.offer_amount)
        return self._install(state, player, state.offer_amount, state.offer_shoes)

    def _do_decline_bank(
        self, state: BaccaratTwoTablesState, action: DeclineBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offered_to is None or state.offered_to != action.player:
            raise IllegalAction(f"{action.player!r} has not been offered the bank")
        state.declined.append(action.player)
        state.offered_to = None
        return [Note(text=f"{action.player} declines the bank")]

    def _bank_leaves(self, state: BaccaratTwoTablesState, why: str) -> list[Event]:
        banker = state.banker
        assert banker is not None
        events: list[Event] = self._return_all_bets(state, "the banker leaves")
        withdrawn = state.bank
        state.players[banker] += withdrawn
        won = withdrawn > state.banker_deposits
        if won:
            state.barred.append(banker)
        events.append(
            Note(
                text=f"{banker} leaves the bank ({why}) and withdraws {_fmt(withdrawn)}"
                + ("; having won, he may not bank again during this shoe" if won else "")
            )
        )
        remaining = state.adjudicated_shoes
        if remaining is not None:
            remaining = max(1, remaining - state.banker_shoes)
        state.offer_amount = state.bank_initial
        state.offer_shoes = remaining
        state.last_banker = banker
        state.banker = None
        state.bank = 0
        state.offered_to = None
        state.declined = []
        state.auction_open = False
        state.bids = {}
        state.banco_repeat = None
        state.phase = Phase.NO_BANK
        events.append(
            Note(
                text=f"the inspector offers the bank to another player for {_fmt(state.bank_initial)}"
            )
        )
        return events

    def _partida_ends(self, state: BaccaratTwoTablesState, why: str) -> list[Event]:
        state.auction_open = False
        state.bids = {}
        state.offer_amount = None
        state.offer_shoes = None
        state.offered_to = None
        state.declined = []
        state.last_banker = None
        if state.shoe is not None and state.shoe_coups > 0:
            state.shoe_change = "required"
        return [Note(text=f"{why}: the partida ends (V.5)")]

    def _do_leave_bank(
        self, state: BaccaratTwoTablesState, action: LeaveBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.JUMPED)
        self._as_banker(state, action, action.player)
        need = self.profile.bank.leave_after_coups
        if state.phase is Phase.BETTING and state.banker_coups < need:
            raise IllegalAction("the banker may leave only after the first coup (V.1)")
        if state.early:
            raise IllegalAction("cards drawn too early must be played or rejected first")
        return self._bank_leaves(state, "retiring")

    def _do_redeposit(
        self, state: BaccaratTwoTablesState, action: Redeposit, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.JUMPED)
        self._as_banker(state, action, action.player)
        assert state.banker is not None
        amount = self._check_bank_amount(action.amount, "redeposit")
        if amount < state.bank_initial:
            raise BetUnderMinimum(
                f"redeposit: {_fmt(amount)} is less than the initial bank "
                f"{_fmt(state.bank_initial)} (V.1)"
            )
        self._can_bank(state, state.banker, amount)
        state.players[state.banker] -= amount
        state.bank = amount
        state.banker_deposits += amount
        state.phase = Phase.BETTING
        if state.shoe is not None:
            state.shoe_change = state.shoe_change or "allowed"
        return [
            Note(
                text=f"{state.banker} redeposits {_fmt(amount)} and continues; he may change the shoe"
            )
        ]

    def _do_deposit(self, state: BaccaratTwoTablesState, action: Deposit, _s: Any) -> list[Event]:
        self.require(state, Phase.BETTING)
        self._as_banker(state, action, action.player)
        assert state.banker is not None
        if self.limited:
            raise IllegalAction(
                "a limited bank answers only for the amount on the table; it is not topped up (V.1)"
            )
        amount = _positive(action.amount, "deposit")
        if state.players[state.banker] < amount:
            raise InsufficientFunds(f"{state.banker} holds {_fmt(state.players[state.banker])}")
        state.players[state.banker] -= amount
        state.bank += amount
        state.banker_deposits += amount
        return [Note(text=f"{state.banker} adds {_fmt(amount)} to the free bank's deposit")]

    # -- shoe and session -----------------------------------------------------------------------

    def _do_new_shoe(
        self, state: BaccaratTwoTablesState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK, Phase.BETTING)
        if state.bets or state.banco_calls or state.early:
            raise IllegalAction("stakes or cards are on the table: play or return them first")
        shoe = state.shoe
        if shoe is not None and not shoe.at_stop_card and state.shoe_change is None:
            raise IllegalAction("the shoe in play has not reached its stop card")
        if action.new_cards is not True:
            raise IllegalAction("the decks must always be brand new ('per estrenar', II.1)")
        rules = self.profile.shoe
        if not self.limited and state.session_shoes >= self.profile.bank.free_shoes_per_session:
            raise IllegalAction(
                f"free bank: {self.profile.bank.free_shoes_per_session} shoes per session (V.2)"
            )
        events: list[Event] = []
        cut_by = action.cut_by
        if cut_by is not None:
            self._player(state, cut_by)
        elif rules.cut_by_player and any(p != state.banker for p in state.players):
            raise MalformedAction("new-shoe: a player cuts the cards (name him in cut_by)")
        if action.live:
            new = Shoe.live_table(rules.decks)
            burnt = _cards(action.burn, "new-shoe")
            if rules.burn_at_start:
                if not burnt:
                    raise MalformedAction(
                        "new-shoe: enter the shown first card and the burnt cards"
                    )
                want = burn_value(burnt[0]) + (1 if rules.burn_exposed_card else 0)
                if len(burnt) != want:
                    raise MalformedAction(
                        f"new-shoe: the first card {burnt[0]} orders {want} cards burnt in all, "
                        f"not {len(burnt)}"
                    )
            elif burnt:
                raise MalformedAction("new-shoe: this profile burns no cards at the start")
            try:
                for i, card in enumerate(burnt):
                    if i == 0:
                        new.expose(card)
                    else:
                        new.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(f"new-shoe: {exc}") from None
        else:
            if action.burn:
                raise MalformedAction("new-shoe: burnt cards are entered only at a live table")
            n = 52 * rules.decks
            cut = action.cut
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(f"new-shoe: cut must be 1 to {n - 1}, not {cut!r}")
            new = Shoe.shuffled(
                rules.decks, source, cards_below_stop=rules.cards_below_stop, cut=cut
            )
            burnt = []
            if rules.burn_at_start:
                first = new.expose()
                burnt = [
                    first,
                    *new.burn(burn_value(first) - (0 if rules.burn_exposed_card else 1)),
                ]
        state.shoe = new
        state.shoes += 1
        state.session_shoes += 1
        state.shoe_coups = 0
        state.shoe_change = None
        state.banco_used = []
        state.banco_repeat = None
        state.barred = []
        if state.banker is not None:
            state.banker_shoes += 1
        who = f", cut by {cut_by}" if cut_by else ""
        burn_text = f"; first card {burnt[0]}: {len(burnt)} burnt" if burnt else ""
        events.append(
            Note(
                text=f"new shoe of {rules.decks} new decks{who}; stop card {rules.cards_below_stop} "
                f"cards from the end{burn_text}"
            )
        )
        return events

    def _do_new_session(
        self, state: BaccaratTwoTablesState, action: NewSession, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        if state.bets or state.banco_calls:
            raise IllegalAction("stakes are on the table")
        if not self.limited and state.session >= self.profile.bank.free_sessions:
            raise IllegalAction(
                f"free bank: at most {self.profile.bank.free_sessions} sessions a day (V.2)"
            )
        state.session += 1
        state.session_shoes = 0
        if state.shoe is not None and not state.shoe.at_stop_card:
            state.shoe_change = state.shoe_change or "allowed"
        return [Note(text=f"session {state.session} opens")]

    def _do_check_cards(
        self, state: BaccaratTwoTablesState, action: CheckCards, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        player = self._player(state, action.player)
        shoe = state.shoe
        if shoe is None or not shoe.at_stop_card:
            raise IllegalAction("the cards are checked at the end of the shoe (VII)")
        out = shoe.taken
        if out + shoe.remaining != shoe.total:
            raise IllegalAction("the shoe does not account for its cards")  # pragma: no cover
        return [
            Note(
                text=f"at {player}'s request the cards are checked: {shoe.total} cards, "
                f"{out} played or burnt, {shoe.remaining} left below the stop card"
            )
        ]

    def _do_stop_card_out(
        self, state: BaccaratTwoTablesState, action: StopCardOut, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.DEALING, Phase.PLAYING)
        if state.shoe is None or not state.shoe.live:
            raise IllegalAction("the engine sees the stop card of an electronic shoe itself")
        if state.shoe.at_stop_card:
            raise IllegalAction("the stop card is already out")
        state.shoe.stop_card_out()
        return [Note(text="the stop card is out: this coup is the last of the partida")]

    def _usable_shoe(self, state: BaccaratTwoTablesState) -> Shoe:
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded: new-shoe first")
        if state.shoe_change == "required":
            raise IllegalAction("another shoe must start (V.5): new-shoe first")
        if shoe.at_stop_card and state.coup is None and not state.early:
            raise IllegalAction("the stop card has come out: the partida is over (VII)")
        return shoe

    # -- bets and banco -------------------------------------------------------------------------

    def _do_place_bet(
        self, state: BaccaratTwoTablesState, action: PlaceBet, _s: Any
    ) -> list[Event]:
        if state.phase in (Phase.DEALING, Phase.PLAYING):
            raise BettingClosed(
                f"no hi van més apostes: the stake of {action.amount!r} is returned (VII)"
            )
        self.require(state, Phase.BETTING)
        player = self._player(state, action.player)
        if player == state.banker:
            raise IllegalAction(f"{player} is the banker: he does not bet against his bank")
        if state.banco_calls:
            raise IllegalAction("banco has been called: it covers the bank, no other stakes (VI)")
        if not isinstance(action.spot, str):
            raise MalformedAction(f"{action.spot!r} is not a place to bet")
        spot = spot_of(action.spot)
        if isinstance(action.amount, bool) or not isinstance(action.amount, int):
            raise MalformedAmount(f"{action.amount!r} is not an amount of minor units")
        amount = _positive(action.amount, "place-bet")
        limits = self.profile.limits
        if amount < limits.minimum:
            raise BetUnderMinimum(f"{_fmt(amount)} is under the minimum {_fmt(limits.minimum)}")
        if amount % limits.betting_unit:
            raise NotMultipleOfUnit(
                f"{_fmt(amount)} is not a whole number of betting units of {_fmt(limits.betting_unit)}"
            )
        parts = split_stake(amount, limits.betting_unit) if spot == "split" else None
        shares = {"1": parts[0], "2": parts[1]} if parts is not None else {spot: amount}
        if limits.maximum is not None:
            for table, part in shares.items():
                already = sum(
                    b.amount for b in state.bets.values() if b.player == player and b.table == table
                )
                if already + part > limits.maximum:
                    raise BetOverMaximum(
                        f"table {table}: {_fmt(already + part)} is over the maximum "
                        f"{_fmt(limits.maximum)}"
                    )
        if state.players[player] < amount:
            raise InsufficientFunds(
                f"{player} holds {_fmt(state.players[player])}, not enough for {_fmt(amount)}"
            )
        if not self.limited:
            covered = sum(b.amount for b in state.bets.values())
            if covered + amount > state.bank:
                raise InsufficientFunds(
                    f"the banker's deposit covers {_fmt(state.bank - covered)} more: "
                    "he must deposit more before this stake is accepted (V.2)"
                )
        state.players[player] -= amount
        group = state.next_group
        state.next_group += 1
        events: list[Event] = []
        for table, part in shares.items():
            if part == 0:
                continue
            bet = Bet(
                state.next_bet, player, table, part, part, group, "split" if parts else "table"
            )
            state.bets[bet.id] = bet
            state.next_bet += 1
            events.append(BetPlaced(bet=bet.id, player=player, spot=f"table-{table}", amount=part))
        return events

    def _do_take_down(
        self, state: BaccaratTwoTablesState, action: TakeDown, _s: Any
    ) -> list[Event]:
        if state.phase in (Phase.DEALING, Phase.PLAYING):
            raise BetNotWithdrawable(
                "betting is closed: no stake may be reduced or withdrawn (VIII.1, VIII.2)"
            )
        self.require(state, Phase.BETTING)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != action.player:
            raise IllegalAction(f"{action.player!r} has no stake number {action.bet!r}")
        group = [b for b in state.bets.values() if b.group == bet.group]
        for part in group:
            del state.bets[part.id]
            state.players[part.player] += part.amount
        total = sum(b.amount for b in group)
        return [Note(text=f"{bet.player} takes down {_fmt(total)}")]

    def _do_call_banco(
        self, state: BaccaratTwoTablesState, action: CallBanco, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING)
        player = self._player(state, action.player)
        table = _table(action.table)
        if player == state.banker:
            raise IllegalAction(f"{player} is the banker")
        if any(p == player for p, _t in state.banco_calls):
            raise IllegalAction(f"{player} has already called banco")
        repeat = state.banco_repeat is not None and state.banco_repeat[0] == player
        if not repeat and self.profile.rules.banco_scope == "start_of_partida":
            if state.shoe_coups > 0:
                raise IllegalAction("banco is called once, at the beginning of the partida (VI)")
            if player in state.banco_used:
                raise IllegalAction(f"{player} has already called banco in this partida (VI)")
        if state.players[player] < state.bank:
            raise InsufficientFunds(
                f"{player} holds {_fmt(state.players[player])}: banco covers the whole bank "
                f"of {_fmt(state.bank)}"
            )
        state.banco_calls.append((player, table))
        return [Note(text=f"{player} calls banco on table {table} ({_fmt(state.bank)})")]

    def _priority(
        self, state: BaccaratTwoTablesState, player: str, table: str, order: int
    ) -> tuple[int, int, int]:
        """IV: on a table, seated players nearest the banker first, then the others in the
        same order; ties by the order the stakes were placed."""
        seat = next((d for d, p in state.seats.items() if p == player), None)
        if seat is not None and self.table_of(seat) == table:
            return (0, self._nearness(seat), order)
        where = seat if seat is not None else state.behind.get(player)
        return (1, self._nearness(where) if where is not None else 99, order)

    def _do_no_more_bets(
        self, state: BaccaratTwoTablesState, action: NoMoreBets, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.BETTING)
        self._usable_shoe(state)
        assert state.banker is not None
        need = self.profile.table.min_players_per_table
        for table in TABLES:
            seated = sum(1 for d in state.seats if self.table_of(d) == table)
            if seated < need:
                raise IllegalAction(
                    f"table {table} has {seated} seated player(s): at least {need} per table (VII)"
                )
        events: list[Event] = [Note(text="no hi van més apostes")]
        banco: str | None = None
        repeat_left: int | None = None
        if state.banco_calls:
            banco, repeat_left, more = self._resolve_banco(state, source)
            events += more
        elif not state.bets:
            raise IllegalAction("no stakes on either table: nothing to play")
        else:
            events += self._allocate(state)
        if state.banco_repeat is not None and (banco is None or banco != state.banco_repeat[0]):
            state.banco_repeat = None
        coup = Coup(
            number=state.coups + 1,
            hands={h: Hand() for h in HANDS},
            banco=banco,
            banco_repeat_left=repeat_left,
        )
        coup.hands["bank"].holder = state.banker
        for table in TABLES:
            holder = banco if banco is not None else self._rotation_holder(state, table)
            coup.hands[table].holder = holder
            who = holder if holder is not None else "the croupier (no seated stake)"
            events.append(Note(text=f"table {table}: the cards go to {who}"))
        state.coup = coup
        state.phase = Phase.DEALING
        return events

    def _resolve_banco(
        self, state: BaccaratTwoTablesState, source: RandomSource
    ) -> tuple[str, int | None, list[Event]]:
        events: list[Event] = []
        calls = state.banco_calls
        repeat = state.banco_repeat
        winner: str
        if repeat is not None and any(p == repeat[0] for p, _t in calls):
            winner = repeat[0]
            repeat_left: int | None = repeat[1] - 1
            events.append(Note(text=f"{winner} repeats his banco after a null coup (VI)"))
        else:
            repeat_left = None
            best: dict[str, str] = {}
            for table in TABLES:
                here = [
                    (self._priority(state, p, table, i), p)
                    for i, (p, t) in enumerate(calls)
                    if t == table
                ]
                if here:
                    best[table] = min(here)[1]
            if len(best) == 2:
                first = TABLES[source.randbelow(2)]
                events.append(
                    Note(text=f"banco on both tables: lots give table {first} priority (IV)")
                )
                winner = best[first]
            else:
                winner = next(iter(best.values()))
            state.banco_used.append(winner)
        events += self._return_all_bets(state, "banco takes priority")
        stake = state.bank
        if state.players[winner] < stake:
            raise InsufficientFunds(f"{winner} no longer covers the bank of {_fmt(stake)}")
        t1, t2 = split_stake(stake, self.profile.limits.betting_unit)
        state.players[winner] -= stake
        group = state.next_group
        state.next_group += 1
        for table, part in (("1", t1), ("2", t2)):
            if part == 0:
                continue
            bet = Bet(state.next_bet, winner, table, part, part, group, "banco")
            state.bets[bet.id] = bet
            state.next_bet += 1
            events.append(BetPlaced(bet=bet.id, player=winner, spot=f"table-{table}", amount=part))
        state.banco_calls = []
        events.append(
            Note(text=f"banco: {winner} covers the bank of {_fmt(stake)} ({_fmt(t1)} + {_fmt(t2)})")
        )
        return winner, repeat_left, events

    def _allocate(self, state: BaccaratTwoTablesState) -> list[Event]:
        if not self.limited:
            return []
        bets = sorted(state.bets.values(), key=lambda b: b.id)
        if self.profile.bank.allocation == "half-per-table":
            waiting = {
                table: [
                    (b.id, b.amount)
                    for b in sorted(
                        (b for b in bets if b.table == table),
                        key=lambda b: self._priority(state, b.player, table, b.id),
                    )
                ]
                for table in TABLES
            }
            accepted = allocate_halves(state.bank, self.profile.limits.betting_unit, waiting)
        else:
            accepted = allocate_in_order(state.bank, [(b.id, b.amount) for b in bets])
        events: list[Event] = []
        for bet in bets:
            take = accepted.get(bet.id, bet.amount)
            if take == bet.amount:
                continue
            back = bet.amount - take
            state.players[bet.player] += back
            bet.amount = take
            if take == 0:
                del state.bets[bet.id]
            events.append(
                Note(
                    text=f"the bank of {_fmt(state.bank)} does not cover it all: {bet.player}'s "
                    f"stake #{bet.id} on table {bet.table} plays {_fmt(take)}, {_fmt(back)} returned"
                )
            )
        return events

    def _return_all_bets(self, state: BaccaratTwoTablesState, why: str) -> list[Event]:
        events: list[Event] = []
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            state.players[bet.player] += bet.amount
            events.append(self._settled(bet, "returned", bet.amount))
        state.bets = {}
        if events:
            events.append(Note(text=f"stakes returned: {why}"))
        state.banco_calls = []
        return events

    @staticmethod
    def _settled(bet: Bet, decision: str, returned: int, win: int = 0) -> Settled:
        return Settled(
            bet=bet.id,
            player=bet.player,
            spot=f"table-{bet.table}",
            stake=bet.amount,
            decision=decision,
            win=win,
            returned=returned,
            house=0,
            net=returned - bet.amount,
        )

    def _rotation_holder(self, state: BaccaratTwoTablesState, table: str) -> str | None:
        depts = self.departments_of(table)
        start = depts.index(state.rotation[table])
        for dept in depts[start:] + depts[:start]:
            player = state.seats.get(dept)
            if player is None:
                continue
            if self.profile.table.holder_must_bet and not any(
                b.player == player and b.table == table for b in state.bets.values()
            ):
                continue
            state.rotation[table] = dept
            return player
        return None

    def _pass_hand(self, state: BaccaratTwoTablesState, table: str) -> str | None:
        depts = self.departments_of(table)
        start = depts.index(state.rotation[table])
        for dept in depts[start + 1 :] + depts[: start + 1]:
            if dept in state.seats:
                state.rotation[table] = dept
                return state.seats[dept]
        return None

    # -- cards drawn too early (VIII.1) ---------------------------------------------------------

    def _do_early_draw(
        self, state: BaccaratTwoTablesState, action: EarlyDraw, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING)
        shoe = self._usable_shoe(state)
        player = self._player(state, action.player)
        try:
            if shoe.live:
                cards = _cards(action.cards, "early-draw")
                if not cards or action.count not in (1, len(cards)):
                    raise MalformedAction("early-draw: enter the cards that were drawn")
                taken = [shoe.take(c) for c in cards]
            else:
                if action.cards:
                    raise MalformedAction("early-draw: cards are drawn from this shoe, not entered")
                count = action.count
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise MalformedAction(f"early-draw: {count!r} is not a number of cards")
                taken = [shoe.draw() for _ in range(count)]
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(f"early-draw: {exc}") from None
        if len(state.early) + len(taken) > 6:
            raise IllegalAction("more cards drawn early than the deal of a coup")
        state.early.extend(taken)
        state.early_by = player
        return [
            Note(
                text=f"{player} drew {len(taken)} card(s) before the end of betting (prohibited, "
                "VIII.1): they never go back; the coup is played with them"
            )
        ]

    def _do_reject_early_cards(
        self, state: BaccaratTwoTablesState, action: RejectEarlyCards, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.DEALING)
        if not state.early:
            raise IllegalAction("no cards were drawn too early")
        assert state.shoe is not None
        state.shoe.burnt.extend(state.early)
        count = len(state.early)
        state.early = []
        state.early_by = None
        return [
            Note(text=f"the director rejects the {count} card(s) drawn too early: burnt (VIII.1)")
        ]

    # -- the deal -------------------------------------------------------------------------------

    def _do_deal(self, state: BaccaratTwoTablesState, action: Deal, _s: Any) -> list[Event]:
        self.require(state, Phase.DEALING)
        self._as_banker(state, action, action.player)
        coup = state.coup
        assert coup is not None and state.shoe is not None
        shoe = state.shoe
        need = 6 - len(state.early)
        face_up = action.face_up
        if not isinstance(face_up, tuple) or any(
            not isinstance(i, int) or isinstance(i, bool) for i in face_up
        ):
            raise MalformedAction("deal: face_up lists positions of cards")
        total = need + len(face_up)
        if len(set(face_up)) != len(face_up) or any(not 0 <= i < total for i in face_up):
            raise MalformedAction(f"deal: face_up positions must be distinct, 0 to {total - 1}")
        events: list[Event] = []
        usable: list[Card] = list(state.early)
        try:
            if shoe.live:
                entered = _cards(action.cards, "deal")
                if len(entered) != total:
                    raise MalformedAction(
                        f"deal: {total} cards come out of the shoe for this deal, not {len(entered)}"
                    )
                drawn = [shoe.take(c) for c in entered]
            else:
                if action.cards:
                    raise MalformedAction("deal: cards are drawn from this shoe, not entered")
                drawn = [shoe.draw() for _ in range(total)]
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(f"deal: {exc}") from None
        for i, card in enumerate(drawn):
            if i in face_up:
                shoe.exposed.append(card)
                events.append(
                    Note(
                        text=f"{card} came out face up: unusable, removed; no stake may change (VIII.1)"
                    )
                )
            else:
                usable.append(card)
        if state.early:
            events.append(
                Note(text=f"the coup is played with the {len(state.early)} card(s) drawn early")
            )
        state.early = []
        state.early_by = None
        order = ("1", "2", "bank", "1", "2", "bank")
        for hand, card in zip(order, usable, strict=True):
            coup.hands[hand].cards.append(card)
        coup.dealt = True
        state.phase = Phase.PLAYING
        coup.turn = "1"
        events.append(Note(text="the banker deals: table 1, table 2, bank, twice"))
        events += self._advance(state, coup, from_turn=None)
        return events

    # -- declarations -----------------------------------------------------------------------------

    def _holders(self, coup: Coup) -> set[str]:
        return {h.holder for t, h in coup.hands.items() if t in TABLES and h.holder is not None}

    def _exempt(self, coup: Coup, table: str) -> bool:
        holder = coup.hands[table].holder
        return (
            coup.banco is not None
            and holder == coup.banco
            and self.profile.rules.banco_exemption == "banco-player"
        )

    def _as_holder(self, coup: Coup, action: Action, table: str, player: object) -> None:
        holder = coup.hands[table].holder
        if action.by is Role.PLAYER:
            if holder is None:
                raise NotPermitted(f"the croupier holds the cards of table {table}")
            if player != holder:
                raise NotPermitted(
                    f"{player!r} does not hold the cards of table {table} ({holder} does)"
                )
        elif player is not None and player != holder:
            raise NotPermitted(f"{player!r} does not hold the cards of table {table}")

    def _on_turn(self, coup: Coup, table: str) -> None:
        if coup.turn != table:
            speaking = "the banker" if coup.turn == "bank" else f"table {coup.turn}"
            raise IllegalAction(
                f"table {table} may not speak now: {speaking} does (table 1, then table 2, "
                "before the banker, VII)"
            )

    def _do_declare(self, state: BaccaratTwoTablesState, action: Declare, _s: Any) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        self._on_turn(coup, table)
        self._as_holder(coup, action, table, action.player)
        hand = coup.hands[table]
        total = hand.two_card_total
        words = punter_words(
            self.profile.rules.punter_rule, total, exempt=self._exempt(coup, table)
        )
        if action.word not in words:
            said = action.word if isinstance(action.word, str) else repr(action.word)
            raise IllegalAction(
                f"table {table} holds {total}: the rule says {' or '.join(words)}, not {said!r} "
                "(VI; a wrong word at the table is a declaration-error)"
            )
        return self._say(state, coup, table, action.word, action.card)

    def _say(
        self, state: BaccaratTwoTablesState, coup: Coup, table: str, word: str, card: str | None
    ) -> list[Event]:
        hand = coup.hands[table]
        events: list[Event] = []
        if word == Word.NATURAL.value:
            hand.natural = True
            hand.declared = word
            events.append(
                Note(
                    text=f"table {table} shows a natural {hand.two_card_total}: {_show(hand.cards)}"
                )
            )
        elif word == Word.NO.value:
            if card is not None:
                raise MalformedAction("declare: no card is given to a table that stands")
            hand.declared = word
            events.append(Note(text=f"table {table}: no"))
        else:
            hand.declared = Word.CARD.value
            if self._banker_shows_first(coup):
                if card is not None:
                    raise MalformedAction("declare: the banker shows his natural, no card is given")
                events.append(Note(text=f"table {table}: card"))
                return events + self._banker_natural(state, coup)
            given = self._give(state, coup, card, "declare")
            hand.cards.append(given)
            events.append(Note(text=f"table {table}: card, receives {given} (face up)"))
        return events + self._advance(state, coup, from_turn=table)

    def _banker_shows_first(self, coup: Coup) -> bool:
        bank = coup.hands["bank"]
        return (
            self.profile.rules.banker_natural_first
            and len(bank.cards) == 2
            and bank.two_card_total >= 8
            and not bank.zero
        )

    def _banker_natural(self, state: BaccaratTwoTablesState, coup: Coup) -> list[Event]:
        bank = coup.hands["bank"]
        note = Note(
            text=f"the banker shows a natural {bank.two_card_total} ({_show(bank.cards)}) "
            "before any third card: no punter draws"
        )
        return [note, *self._settle(state, coup)]

    def _give(self, state: BaccaratTwoTablesState, coup: Coup, card: str | None, what: str) -> Card:
        if coup.floating is not None:
            if card is not None:
                raise MalformedAction(
                    f"{what}: the card waiting ({coup.floating}) is the one given"
                )
            given = coup.floating
            coup.floating = None
            return given
        return self._take_card(state, card, what)

    def _take_card(self, state: BaccaratTwoTablesState, card: str | None, what: str) -> Card:
        shoe = state.shoe
        assert shoe is not None
        try:
            if shoe.live:
                if card is None:
                    raise MalformedAction(f"{what}: enter the card that came out of the shoe")
                return shoe.take(_card(card, what))
            if card is not None:
                raise MalformedAction(f"{what}: cards are drawn from this shoe, not entered")
            return shoe.draw()
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(f"{what}: {exc}") from None

    def _open_tables(self, coup: Coup) -> list[str]:
        return [
            t for t in TABLES if not coup.hands[t].annulled and not coup.hands[t].showing().natural
        ]

    def _advance(
        self, state: BaccaratTwoTablesState, coup: Coup, from_turn: str | None
    ) -> list[Event]:
        """Move the turn on (table 1, table 2, the banker); settle when nothing is left."""
        order = ["1", "2", "bank"]
        start = 0 if from_turn is None else order.index(from_turn) + 1
        for turn in order[start:]:
            if turn == "bank":
                coup.turn = "bank"
                bank = coup.hands["bank"]
                if bank.zero or bank.two_card_total >= 8:
                    return self._settle(state, coup)
                if not self._open_tables(coup):
                    return [
                        Note(text="no table is left open: the banker shows his point"),
                        *self._settle(state, coup),
                    ]
                return []
            hand = coup.hands[turn]
            if hand.annulled or hand.declared is not None:
                continue
            coup.turn = turn
            return []
        return []  # pragma: no cover - the loop always reaches the bank

    # -- the banker -----------------------------------------------------------------------------

    def obligation(self) -> Obligation:
        """What the rules leave the banker in the coup now (see :func:`banker_obligation`)."""
        coup = self.state.coup
        if coup is None:
            raise WrongPhase("no coup in progress")
        return self._obligation(coup)

    def _obligation(self, coup: Coup) -> Obligation:
        rules = self.profile.rules
        bank = coup.hands["bank"]
        thirds = [coup.hands[t].third for t in self._open_tables(coup)]
        return banker_obligation(
            rules.bank_tableau,
            bank.two_card_total,
            thirds,
            tableau_mode=coup.tableau,
            restored=coup.restored,
            banker_fault=coup.banker_fault,
            optional=rules.tableau_optional,
            one_table=rules.tableau_one_table,
        )

    def _do_ask_tableau(
        self, state: BaccaratTwoTablesState, action: AskTableau, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        self._as_banker(state, action, action.player)
        if coup.tableau:
            raise IllegalAction("the banker already plays by the bank drawing rules")
        coup.tableau = True
        return [Note(text="the banker asks the croupier for the bank drawing rules (VI)")]

    def _do_banker_play(
        self, state: BaccaratTwoTablesState, action: BankerPlay, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        self._as_banker(state, action, action.player)
        if coup.turn != "bank":
            raise IllegalAction(f"table {coup.turn} speaks before the banker (VII)")
        if not isinstance(action.draw, bool):
            raise MalformedAction(f"banker-play: draw must be true or false, not {action.draw!r}")
        must = self._obligation(coup)
        bank = coup.hands["bank"]
        if must is Obligation.DRAW and not action.draw:
            raise IllegalAction(
                f"the banker holds {bank.two_card_total}: the rules oblige him to draw"
            )
        if must is Obligation.STAND and action.draw:
            raise IllegalAction(
                f"the banker holds {bank.two_card_total}: the rules oblige him to stand"
            )
        events: list[Event] = []
        if action.draw:
            card = self._give(state, coup, action.card, "banker-play")
            bank.cards.append(card)
            events.append(Note(text=f"the banker draws {card}"))
        else:
            if action.card is not None:
                raise MalformedAction("banker-play: a banker who stands takes no card")
            events.append(Note(text=f"the banker stands on {bank.two_card_total}"))
        return events + self._settle(state, coup)

    # -- settlement -----------------------------------------------------------------------------

    def _settle(self, state: BaccaratTwoTablesState, coup: Coup) -> list[Event]:
        rules = self.profile.rules
        bank_hand = coup.hands["bank"]
        bank_show = bank_hand.showing(bank=True)
        outcome: dict[str, str] = {}
        results: dict[str, int] = {}
        events: list[Event] = []
        paid = collected = 0
        for table in TABLES:
            hand = coup.hands[table]
            if hand.annulled:
                outcome[table] = "annulled"
                continue
            outcome[table] = compare(
                hand.showing(), bank_show, nine_beats_three=rules.nine_beats_three_card
            )
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            result = outcome.get(bet.table, "annulled")
            if result == "table":
                paid += bet.amount
                results[bet.table] = results.get(bet.table, 0) - bet.amount
                state.players[bet.player] += 2 * bet.amount
                events.append(self._settled(bet, "win", 2 * bet.amount, win=bet.amount))
            elif result == "bank":
                collected += bet.amount
                results[bet.table] = results.get(bet.table, 0) + bet.amount
                events.append(self._settled(bet, "lose", 0))
            else:
                state.players[bet.player] += bet.amount
                events.append(self._settled(bet, "push", bet.amount))
        banco_net = sum(
            (
                -bet.amount
                if outcome.get(bet.table) == "bank"
                else bet.amount
                if outcome.get(bet.table) == "table"
                else 0
            )
            for bet in state.bets.values()
            if bet.kind == "banco"
        )
        state.bets = {}
        state.bank += collected - paid
        net = collected - paid
        cut = cagnotte_of(
            results,
            self.profile.cagnotte_rate,
            self.profile.cagnotte.basis,
            self.profile.cagnotte.unit,
            str(self.profile.cagnotte.rounding),
        )
        state.bank -= cut
        state.house += cut
        state.cagnotte_total += cut
        summary = self._announce(coup, outcome)
        events.insert(0, ResultEvent(result=summary, announcement=summary))
        verdict = f"the banker's net {'+' if net >= 0 else ''}{_fmt(net)}"
        cut_text = f"; cagnotte {_fmt(cut)} to the pou" if cut else "; no cagnotte"
        events.append(Note(text=f"{verdict}{cut_text}; the bank is {_fmt(state.bank)}"))
        if coup.floating is not None and state.shoe is not None:
            state.shoe.burnt.append(coup.floating)
            events.append(Note(text=f"{coup.floating} went to no hand: discarded"))
            coup.floating = None
        # the rotation of the cards (IV)
        for table in TABLES:
            hand = coup.hands[table]
            if coup.banco is not None or hand.holder is None or hand.annulled:
                continue
            passes = outcome[table] == "bank" or (
                outcome[table] == "tie" and self.profile.table.rotation_on_tie == "pass"
            )
            if passes:
                nxt = self._pass_hand(state, table)
                if nxt is not None and nxt != hand.holder:
                    events.append(
                        Note(text=f"table {table}: {hand.holder} cedes the cards to {nxt}")
                    )
        events += self._banco_after(state, coup, outcome, banco_net)
        state.results = keep_recent(state.results, summary, RESULTS_KEPT)
        state.last_coup = self._coup_view(coup, None, final=True)
        state.last_coup["outcome"] = dict(outcome)
        state.coup = None
        state.coups += 1
        state.shoe_coups += 1
        state.banker_coups += 1
        state.phase = Phase.BETTING
        events += self._after_coup(state)
        return events

    def _banco_after(
        self, state: BaccaratTwoTablesState, coup: Coup, outcome: dict[str, str], net: int
    ) -> list[Event]:
        if coup.banco is None:
            return []
        if self.profile.rules.banco_null == "both-tie":
            null = all(outcome.get(t) in ("tie", "annulled") for t in TABLES)
        else:
            null = net == 0
        if not null:
            state.banco_repeat = None
            return []
        left = (
            self.profile.bank.banco_repeats
            if coup.banco_repeat_left is None
            else coup.banco_repeat_left
        )
        if left <= 0:
            state.banco_repeat = None
            return [Note(text="null banco coup: no more repetitions")]
        state.banco_repeat = (coup.banco, left)
        return [
            Note(
                text=f"null banco coup (neither won nor lost): {coup.banco} may repeat it "
                f"({left} more time(s), VI)"
            )
        ]

    def _after_coup(self, state: BaccaratTwoTablesState) -> list[Event]:
        events: list[Event] = []
        shoe = state.shoe
        ended = shoe is not None and shoe.at_stop_card
        if ended:
            events.append(Note(text="the stop card is out: the partida ends; a new shoe follows"))
            state.banco_repeat = None
        adjudication_over = (
            ended
            and state.adjudicated_shoes is not None
            and state.banker_shoes >= state.adjudicated_shoes
        )
        if adjudication_over:
            events += self._bank_leaves(state, "his adjudication is over")
        elif state.bank == 0:
            state.phase = Phase.JUMPED
            events.append(
                Note(
                    text=f"the bank has jumped: {state.banker} may continue with a new deposit of "
                    f"at least {_fmt(state.bank_initial)} (and change the shoe), or leave (V.1)"
                )
            )
        return events

    def _announce(self, coup: Coup, outcome: dict[str, str]) -> str:
        bank = coup.hands["bank"]
        parts = [f"Bank {_show(bank.cards)} = {bank.point}"]
        for table in TABLES:
            hand = coup.hands[table]
            if outcome[table] == "annulled":
                parts.append(f"table {table} annulled")
                continue
            tag = " natural" if hand.showing().natural else ""
            won = {"table": f"table {table} wins", "bank": "bank wins", "tie": "tie"}[
                outcome[table]
            ]
            parts.append(f"table {table} {_show(hand.cards)} = {hand.point}{tag}: {won}")
        return "; ".join(parts)

    # -- void coups and errors (VIII) -----------------------------------------------------------

    def _do_void_coup(
        self, state: BaccaratTwoTablesState, action: VoidCoup, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.DEALING, Phase.PLAYING)
        reasons = {"stuck-cards": "VIII.1", "irregular-deal": "VIII.2"}
        if action.reason not in reasons:
            raise MalformedAction(f"void-coup: reason must be one of {sorted(reasons)}")
        if action.reason == "irregular-deal" and state.phase is not Phase.PLAYING:
            raise IllegalAction("nothing has been dealt yet")
        coup = state.coup
        assert coup is not None and state.shoe is not None
        shoe = state.shoe
        try:
            if shoe.live:
                burnt = [shoe.burn_card(c) for c in _cards(action.cards, "void-coup")]
            else:
                if action.cards:
                    raise MalformedAction("void-coup: cards are drawn from this shoe, not entered")
                if (
                    not isinstance(action.count, int)
                    or isinstance(action.count, bool)
                    or action.count < 0
                ):
                    raise MalformedAction(f"void-coup: {action.count!r} is not a number of cards")
                burnt = shoe.burn(action.count)
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(f"void-coup: {exc}") from None
        return self._void(state, coup, f"{action.reason} ({reasons[action.reason]})", len(burnt))

    def _void(
        self, state: BaccaratTwoTablesState, coup: Coup, why: str, extra: int = 0
    ) -> list[Event]:
        assert state.shoe is not None
        dealt = [c for h in coup.hands.values() for c in h.cards]
        if coup.floating is not None:
            dealt.append(coup.floating)
        dealt += state.early
        state.shoe.burnt.extend(dealt)
        state.early = []
        state.early_by = None
        events = self._return_all_bets(state, "void coup")
        if coup.banco is not None and coup.banco_repeat_left is None:
            state.banco_used = [p for p in state.banco_used if p != coup.banco]
        state.coup = None
        state.voids += 1
        state.phase = Phase.BETTING
        events.append(
            Note(
                text=f"the coup is void: {why}; {len(dealt) + extra} card(s) to the basket, no cagnotte"
            )
        )
        return events

    def _do_rectify_deal(
        self, state: BaccaratTwoTablesState, action: RectifyDeal, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        if any(coup.hands[t].declared is not None for t in TABLES):
            raise IllegalAction("the deal is over: the tables have spoken")
        return [
            Note(
                text="irregular distribution rectified: each hand has its regulated cards (VIII.2)"
            )
        ]

    def _do_card_on_floor(
        self, state: BaccaratTwoTablesState, action: CardOnFloor, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.DEALING, Phase.PLAYING)
        what = f"{action.card} " if action.card else "a card "
        return [
            Note(
                text=f"{what}fell to the floor: it keeps its value; the croupier picks it up (VIII.1)"
            )
        ]

    def _do_wrong_holder(
        self, state: BaccaratTwoTablesState, action: WrongHolder, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        player = self._player(state, action.player)
        hand = coup.hands[table]
        if player == hand.holder:
            raise IllegalAction(f"{player} does hold the cards of table {table}")
        if hand.declared is not None:
            text = (
                f"{player} handled the cards of table {table} by mistake after "
                f"{hand.holder or 'the croupier'} had spoken: the coup stands; the next coup's "
                "cards go to the player whose turn it is (VIII.1)"
            )
        else:
            text = (
                f"{player} took the cards of table {table} by mistake: they go back to "
                f"{hand.holder or 'the croupier'}, who speaks (VIII.1)"
            )
        coup.incidents.append(text)
        return [Note(text=text)]

    def _restore(self, coup: Coup, banker_fault: bool, text: str) -> list[Event]:
        coup.restored = True
        coup.banker_fault = coup.banker_fault or banker_fault
        coup.incidents.append(text)
        return [Note(text=text)]

    def _do_cards_uncovered(
        self, state: BaccaratTwoTablesState, action: CardsUncovered, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        if coup.hands[table].declared is not None:
            raise IllegalAction(f"table {table} has spoken: the deal is over")
        return self._restore(
            coup,
            True,
            f"both cards of table {table} were uncovered in the deal: the coup is played as a "
            "restored coup (VIII.2, VIII.3); no stake may be raised, cut or withdrawn",
        )

    def _do_cards_in_basket(
        self, state: BaccaratTwoTablesState, action: CardsInBasket, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        hand_name = _hand(action.hand)
        hand = coup.hands[hand_name]
        label = "the bank" if hand_name == "bank" else f"table {hand_name}"
        if action.third:
            if len(hand.cards) < 3:
                raise IllegalAction(f"{label} has no third card")
            if not action.seen and self.profile.rules.third_cards_face_up:
                raise IllegalAction("third cards are dealt face up: they have been seen")
            return [
                Note(
                    text=f"the third card of {label} fell in the basket, seen: recovered, play continues (VIII.2)"
                )
            ]
        if action.seen:
            return [
                Note(text=f"cards of {label} fell in the basket, seen: recovered, play continues")
            ]
        if any(coup.hands[t].declared is not None for t in TABLES):
            raise IllegalAction(
                "the deal is over: cards lost now are not 'during the distribution'"
            )
        if hand_name == "bank":
            return self._void(state, coup, "the banker's cards fell unseen in the basket (VIII.2)")
        other = "2" if hand_name == "1" else "1"
        if coup.hands[other].annulled:
            return self._void(state, coup, "both tables lost their cards (VIII.2)")
        hand.annulled = True
        events: list[Event] = [
            Note(
                text=f"the cards of {label} fell unseen in the basket: the coup is annulled for it (VIII.2)"
            )
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.table == hand_name:
                state.players[bet.player] += bet.amount
                events.append(self._settled(bet, "returned", bet.amount))
                del state.bets[bet.id]
        if coup.turn == hand_name:
            events += self._advance(state, coup, from_turn=hand_name)
        return events

    def _do_misdealt_card(
        self, state: BaccaratTwoTablesState, action: MisdealtCard, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        to = _table(action.to)
        hand = coup.hands[to]
        if action.meant_for is None:
            if hand.declared not in (Word.NO.value, Word.NATURAL.value, "thrown"):
                raise IllegalAction(f"table {to} has not refused a card")
            if coup.floating is not None:
                raise IllegalAction(f"a card is already waiting ({coup.floating})")
            card = self._take_card(state, action.card, "misdealt-card")
            coup.floating = card
            return self._restore(
                coup,
                False,
                f"the banker gave {card} to table {to}, which had not asked: it goes to table 2 "
                "if it asks, otherwise to the banker if he draws (VIII.2, VIII.4); not a "
                "banker's fault (VIII.3)",
            )
        meant = _table(action.meant_for)
        if meant == to:
            raise MalformedAction("misdealt-card: the card went to the table it was meant for")
        if action.card is not None:
            raise MalformedAction("misdealt-card: the card is the one the table received")
        if len(coup.hands[meant].cards) < 3:
            raise IllegalAction(f"table {meant} has received no third card")
        return self._restore(
            coup,
            False,
            f"the card meant for table {meant} was put before table {to}: it goes back to table "
            f"{meant}; not a banker's fault, he keeps his right to a third card (VIII.3)",
        )

    def _do_withheld_card(
        self, state: BaccaratTwoTablesState, action: WithheldCard, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        if coup.hands[table].declared != Word.CARD.value or len(coup.hands[table].cards) < 3:
            raise IllegalAction(f"table {table} did not ask for a card")
        return self._restore(
            coup,
            True,
            f"the banker did not give table {table} the card it asked for: it receives it, "
            "and the coup is restored as a banker's error (VIII.2, VIII.3)",
        )

    def _do_declaration_error(
        self, state: BaccaratTwoTablesState, action: DeclarationError, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        self._on_turn(coup, table)
        words = action.words
        if (
            not isinstance(words, tuple)
            or not 1 <= len(words) <= 2
            or any(w not in (Word.CARD.value, Word.NO.value) for w in words)
            or (len(words) == 2 and words[0] == words[1])
        ):
            raise MalformedAction("declaration-error: words are 'card' and/or 'no', as said")
        hand = coup.hands[table]
        total = hand.two_card_total
        rules = self.profile.rules
        exempt = self._exempt(coup, table)
        allowed = punter_words(rules.punter_rule, total, exempt=exempt)
        if len(words) == 1 and words[0] in allowed:
            raise IllegalAction(f"with {total}, {words[0]!r} is the right word: declare it")
        received = Word.CARD.value in words
        if total >= 8:
            hand.forfeited = True
            draws = rules.no_with_natural == "draw"
            what = (
                f"table {table} said {' then '.join(words)} holding {total}: it loses its right "
                "to show a natural (VIII.4)"
            )
        elif len(words) == 2 and (total == 5 or exempt):
            draws = words[0] == Word.CARD.value
            what = f"table {table} said {' then '.join(words)} with {total}: the first word stands (VIII.4)"
        else:
            draws = Word.CARD.value in allowed
            what = (
                f"table {table} said {' then '.join(words)} with {total}: the coup is set by the "
                f"rule, {'card' if draws else 'no'} (VIII.4)"
            )
        events = self._restore(coup, False, what)
        if draws:
            hand.declared = Word.CARD.value
            if self._banker_shows_first(coup):
                if action.card is not None:
                    raise MalformedAction("declaration-error: the banker shows his natural first")
                return events + self._banker_natural(state, coup)
            given = self._give(state, coup, action.card, "declaration-error")
            hand.cards.append(given)
            events.append(Note(text=f"table {table} receives {given}"))
        else:
            hand.declared = Word.NO.value
            if received:
                if self._banker_shows_first(coup):
                    if action.card is not None:
                        raise MalformedAction(
                            "declaration-error: the banker shows his natural first"
                        )
                else:
                    if coup.floating is not None:
                        raise IllegalAction(f"a card is already waiting ({coup.floating})")
                    given = self._take_card(state, action.card, "declaration-error")
                    coup.floating = given
                    events.append(
                        Note(
                            text=f"the card {given} that table {table} received goes to the next "
                            "table if it asks, or to the banker if he draws (VIII.4)"
                        )
                    )
            elif action.card is not None:
                raise MalformedAction("declaration-error: a table that stands receives no card")
        return events + self._advance(state, coup, from_turn=table)

    def _do_croupier_plays(
        self, state: BaccaratTwoTablesState, action: CroupierPlays, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        reasons = {
            "too-slow": "the holder took too long; he may not keep the cards",
            "advised": "someone other than the croupier advised",
        }
        if action.reason not in reasons:
            raise MalformedAction(f"croupier-plays: reason must be one of {sorted(reasons)}")
        hand_name = _hand(action.hand)
        why = f"{reasons[action.reason]}: the drawing rules are applied (VIII.5)"
        if hand_name == "bank":
            if action.card is not None:
                raise MalformedAction("croupier-plays: the banker's card comes with banker-play")
            if coup.tableau:
                raise IllegalAction("the banker already plays by the bank drawing rules")
            coup.tableau = True
            coup.incidents.append(why)
            return [Note(text=f"the banker: {why}")]
        self._on_turn(coup, hand_name)
        total = coup.hands[hand_name].two_card_total
        word = rule_word(self.profile.rules.punter_rule, total, self.profile.rules.croupier_on_five)
        coup.incidents.append(why)
        return [
            Note(text=f"table {hand_name}: {why}"),
            *self._say(state, coup, hand_name, word, action.card),
        ]

    def _do_cards_thrown(
        self, state: BaccaratTwoTablesState, action: CardsThrown, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        hand_name = _hand(action.hand)
        hand = coup.hands[hand_name]
        label = "the banker" if hand_name == "bank" else f"table {hand_name}"
        if hand.annulled:
            raise IllegalAction(f"the coup is annulled for {label}")
        if action.by_croupier:
            text = (
                f"the croupier threw the cards of {label} in the basket: they are recovered and "
                "the point rebuilt from the testimony of the players who saw them (VIII.5)"
            )
            coup.incidents.append(text)
            return [Note(text=text)]
        if hand.zero:
            raise IllegalAction(f"the cards of {label} are already in the basket")
        hand.zero = True
        text = (
            f"{label} threw the cards in the basket without showing them: the point is 0, "
            "baccarat (VIII.5)"
        )
        coup.incidents.append(text)
        events: list[Event] = [Note(text=text)]
        if hand_name == "bank":
            if coup.turn == "bank":
                return events + self._settle(state, coup)
            return events
        if hand.declared is None:
            hand.declared = "thrown"
        if coup.turn == hand_name:
            events += self._advance(state, coup, from_turn=hand_name)
        return events

    def _do_wrong_announcement(
        self, state: BaccaratTwoTablesState, action: WrongAnnouncement, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        shown = bool(action.tables_shown) or any(coup.hands[t].natural for t in TABLES)
        if not shown:
            text = (
                "the banker announced a point that is not his: the players have not shown, "
                "he may still ask for a third card (VIII.5)"
            )
            coup.incidents.append(text)
            return [Note(text=text)]
        return self._restore(
            coup,
            True,
            "the banker announced a point that is not his after the players showed: he plays "
            "as in a restored coup (VIII.5, VIII.3)",
        )

    def _do_claim(self, state: BaccaratTwoTablesState, action: Claim, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        if state.phase in (Phase.DEALING, Phase.PLAYING):
            return [Note(text=f"{player} claims ({action.about}): the inspector resolves it")]
        if state.coups == 0:
            raise IllegalAction("no coup has been played")
        raise IllegalAction(
            "no claim is admitted once the coup is over and the stakes paid or collected (VIII.5)"
        )

    def _do_inspector_ruling(
        self, state: BaccaratTwoTablesState, action: InspectorRuling, _s: Any
    ) -> list[Event]:
        if not isinstance(action.text, str) or not action.text.strip():
            raise MalformedAction("inspector-ruling: write the ruling")
        if state.coup is not None:
            state.coup.incidents.append(action.text)
        return [Note(text=f"the inspector rules: {action.text} (VIII.5)")]

    # -- temporary closure (IX) -----------------------------------------------------------------

    def _do_suspend(self, state: BaccaratTwoTablesState, action: Suspend, _s: Any) -> list[Event]:
        self._between_coups(state)
        if state.bets or state.banco_calls or state.early:
            raise IllegalAction("stakes are on the table: play or return them first")
        if not isinstance(action.key_holder, str) or not action.key_holder.strip():
            raise MalformedAction("suspend: name who keeps the key of the bank")
        state.suspended_from = state.phase
        state.phase = Phase.SUSPENDED
        state.key_holder = action.key_holder
        return [
            Note(
                text=f"table temporarily closed: the bank locked under its lid; {action.key_holder} keeps the key (IX)"
            )
        ]

    def _do_reopen(self, state: BaccaratTwoTablesState, action: Reopen, _s: Any) -> list[Event]:
        self.require(state, Phase.SUSPENDED)
        assert state.suspended_from is not None
        state.phase = state.suspended_from
        state.suspended_from = None
        state.key_holder = None
        return [Note(text="table reopened")]

    # -- views ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The kinds of action the phase allows (before checking amounts and turns)."""
        s = self.state
        always = ["buy-in", "tip", "inspector-ruling"]
        if s.phase is Phase.SUSPENDED:
            return ["reopen"]
        seats = ["take-seat", "leave-seat", "join-waiting-list", "cash-out", "suspend"]
        if s.phase is Phase.NO_BANK:
            kinds = [*always, *seats, "new-shoe", "new-session"]
            if s.auction_open:
                kinds += ["bid", "adjudicate"]
            elif s.offer_amount is not None:
                kinds += ["offer-bank", "open-auction", "draw-lots-for-bank"]
                if s.offered_to is not None:
                    kinds += ["accept-bank", "decline-bank"]
            else:
                kinds += ["announce-bank", "open-auction"]
            return kinds
        if s.phase is Phase.JUMPED:
            return [*always, *seats, "redeposit", "leave-bank"]
        if s.phase is Phase.BETTING:
            kinds = [*always, *seats, "place-bet", "take-down", "call-banco", "no-more-bets"]
            kinds += ["leave-bank", "new-session", "claim", "check-cards", "early-draw"]
            if not self.limited:
                kinds.append("deposit")
            if s.shoe is None or s.shoe.at_stop_card or s.shoe_change is not None:
                kinds.append("new-shoe")
            if s.early:
                kinds.append("reject-early-cards")
            return kinds
        live = ["stop-card-out"] if s.shoe is not None and s.shoe.live else []
        if s.phase is Phase.DEALING:
            kinds = [*always, *live, "deal", "void-coup", "card-on-floor", "claim"]
            return kinds + (["reject-early-cards"] if s.early else [])
        coup = s.coup
        assert coup is not None
        kinds = [*always, *live, "void-coup", "card-on-floor", "claim", "cards-thrown"]
        kinds.append("croupier-plays")
        kinds += ["cards-in-basket", "wrong-holder", "misdealt-card", "withheld-card"]
        kinds += ["cards-uncovered", "rectify-deal", "wrong-announcement"]
        if coup.turn in TABLES:
            kinds += ["declare", "declaration-error"]
        else:
            kinds.append("banker-play")
        if not coup.tableau:
            kinds.append("ask-tableau")
        return kinds

    def _sees_all(self, coup: Coup, hand_name: str, seat: str | None, final: bool) -> bool:
        """True if ``seat`` sees every card of the hand (else only face-up third cards)."""
        hand = coup.hands[hand_name]
        if final or hand.natural:
            return True
        if seat is None or seat != hand.holder:
            return False
        if hand_name == "2" and coup.banco is not None and seat == coup.banco:
            first = coup.hands["1"]  # the banco player sees table 2 once table 1 is played
            return first.declared is not None or first.annulled
        return True

    def _coup_view(self, coup: Coup, seat: str | None, final: bool = False) -> JSON:
        hands: JSON = {}
        face_up = self.profile.rules.third_cards_face_up
        for name in HANDS:
            hand = coup.hands[name]
            everything = self._sees_all(coup, name, seat, final)
            cards = [
                str(c) if everything or (i >= 2 and face_up) else "??"
                for i, c in enumerate(hand.cards)
            ]
            hands[name] = {
                "holder": hand.holder,
                "cards": cards,
                "point": hand.point if everything and hand.cards else None,
                "declared": hand.declared,
                "natural": hand.natural,
                "annulled": hand.annulled,
                "thrown": hand.zero,
            }
        return {
            "number": coup.number,
            "turn": coup.turn,
            "tableau": coup.tableau,
            "restored": coup.restored,
            "banker_fault": coup.banker_fault,
            "banco": coup.banco,
            "waiting_card": str(coup.floating) if coup.floating is not None else None,
            "hands": hands,
            "incidents": list(coup.incidents),
        }

    def view(self, seat: str | None = None) -> JSON:
        """What ``seat`` (a player's name; None: the public) may see of the table."""
        s = self.state
        out: JSON = {
            "game": self.game_id,
            "profile": self.profile.profile,
            "phase": str(s.phase),
            "modality": str(self.profile.bank.modality),
            "banker": s.banker,
            "bank": s.bank,
            "bank_initial": s.bank_initial,
            "cagnotte": s.house,
            "tips": s.tips,
            "players": dict(s.players) if seat is None else {seat: s.players.get(seat, 0)},
            "departments": {str(d): p for d, p in sorted(s.seats.items())},
            "behind": dict(s.behind),
            "waiting_list": list(s.waiting),
            "rotation": dict(s.rotation),
            "bets": [b.to_dict() for b in sorted(s.bets.values(), key=lambda b: b.id)],
            "banco_calls": [list(c) for c in s.banco_calls],
            "banco_repeat": list(s.banco_repeat) if s.banco_repeat else None,
            "coups": s.coups,
            "last_results": list(s.results[-12:]),
            "last_coup": s.last_coup,
            "offer": {"amount": s.offer_amount, "to": s.offered_to} if s.offer_amount else None,
            "auction": dict(s.bids) if s.auction_open else None,
            "legal_actions": self.legal_actions(),
        }
        if s.coup is not None:
            out["coup"] = self._coup_view(s.coup, seat)
        if s.shoe is not None:
            out["shoe"] = {
                "decks": s.shoe.decks,
                "live": s.shoe.live,
                "remaining": s.shoe.remaining,
                "stop_card_out": s.shoe.at_stop_card,
                "coups": s.shoe_coups,
            }
        return out

    # -- an electronic table's croupier ---------------------------------------------------------

    def auto_action(self) -> Action | None:
        """The next action of a coup when the croupier applies the drawing rules for every
        hand (an electronic table, or robots): the deal, each table by the punters' rule
        (the free 5 as the profile's croupier rule), the banker by the tableau and, where
        it leaves him free, drawing on 0-5. None outside a coup."""
        s = self.state
        if s.phase is Phase.DEALING:
            return Deal(by=Role.CROUPIER)
        if s.phase is not Phase.PLAYING or s.coup is None:
            return None
        coup = s.coup
        rules = self.profile.rules
        if coup.turn in TABLES:
            total = coup.hands[coup.turn].two_card_total
            word = rule_word(rules.punter_rule, total, rules.croupier_on_five)
            return Declare(table=coup.turn, word=word, by=Role.CROUPIER)
        must = self._obligation(coup)
        total = coup.hands["bank"].two_card_total
        draw = must is Obligation.DRAW or (must is Obligation.FREE and total <= 5)
        return BankerPlay(draw=draw, by=Role.CROUPIER)

    def play_out(self) -> list[Event]:
        """Apply :meth:`auto_action` until the coup is settled; returns the events."""
        events: list[Event] = []
        while (action := self.auto_action()) is not None:
            events.extend(self.apply(action).events)
        return events


__all__ = [
    "BaccaratTwoTables",
    "BaccaratTwoTablesState",
    "Bet",
    "Coup",
    "Hand",
    "Phase",
    "spot_of",
]
