"""08 — Chemin de fer: the table's state, its actions and its events.

The state is plain data (dicts, lists, small dataclasses), so the engine copies it on
every action and a refused action changes nothing. Money is always somewhere on the
table, and the conservation invariant :meth:`CheminDeFerState.balance` is 0 after every
action::

    players + bank + garage + stakes + cagnotte + tips == bought in - cashed out

>>> state = CheminDeFerState(players={"ana": 5_000}, bought_in=6_000, tips=1_000)
>>> state.balance()
0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.round import JSON, Action, Event, copy_record
from crupier.core.shoe import Burn, Shoe
from crupier.games.baccarat.circle import DeclineBank, JoinWaitingList, Tip
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.baccarat.shoe import NewShoe
from crupier.games.chemin_de_fer.profile import Mode
from crupier.i18n import W_

# -- vocabularies ---------------------------------------------------------------------------------


class Phase(StrEnum):
    """Where the table stands."""

    OFFER = "offer"  # the bank is vacant: offered in rotation, taken back or auctioned
    STAKES = "stakes"  # the croupier has announced the bank: banco calls and stakes
    DEAL = "deal"  # "no va más": the banker deals the four cards
    PUNTO = "punto"  # the punto looks at his cards and declares
    BANKER = "banker"  # the punto's third card, then the banker's play
    SUSPENDED = "suspended"  # temporarily closed, the bank locked under key
    CLOSED = "closed"  # the session is over


IN_COUP = (Phase.DEAL, Phase.PUNTO, Phase.BANKER)
"""The phases of a coup in progress."""


class StakeKind(StrEnum):
    """How a stake against the bank was made."""

    BANCO = "banco"  # the whole bank, alone
    AVEC = "avec-la-table"  # half the bank, the table covering the rest
    PARTIAL = "partial"  # a partial stake, covered in priority order


STAKE_WORDS = {
    StakeKind.BANCO: W_("banco"),
    StakeKind.AVEC: W_("avec-la-table"),
    StakeKind.PARTIAL: W_("partial"),
}
"""Each kind of stake as a sentence names it (the record keeps the code)."""


class OfferStage(StrEnum):
    """Where the offer of a vacant bank stands."""

    ROTATION = "rotation"  # offered seat by seat, then to the standing players
    TAKE_BACK = "take-back"  # offered back to the player who passed the hand
    AUCTION = "auction"  # auctioned to the highest bidder


class OfferReason(StrEnum):
    """Why the bank is vacant."""

    START = "start"  # first bank of the session (seat 1 first)
    LOSS = "loss"  # the banker lost a coup: the bank passes to his right
    PASS = "pass"  # the banker passed the hand (main passée) or withdrew


# -- state ----------------------------------------------------------------------------------------


@dataclass
class Stake:
    """A punto stake against the bank (chips on the table in front of the player)."""

    id: int
    player: str
    amount: int
    kind: StakeKind = StakeKind.PARTIAL

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return {"id": self.id, "player": self.player, "amount": self.amount, "kind": self.kind}


@dataclass(frozen=True)
class Bid:
    """A player's offer to take the bank: his own amount and his partners' amounts."""

    player: str
    amount: int
    partners: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The bank this bid would put up."""
        return self.amount + sum(a for _, a in self.partners)

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return {
            "player": self.player,
            "amount": self.amount,
            "partners": [list(p) for p in self.partners],
            "total": self.total,
        }


@dataclass
class Bank:
    """The bank: the amount at stake (croupier's left), the garage (his right), the owners.

    ``shares`` gives each owner's part (the banker and his partners): the bank and the
    garage belong to them pro rata, so partners "win or lose on the same terms".
    """

    banker: str
    seat: int | None
    amount: int
    awarded: int
    shares: dict[str, Fraction]
    garage: int = 0
    coups: int = 0
    last: str = ""
    """The last coup's result for the bank: ``win`` or ``tie`` (``""``: no coup yet)."""

    @property
    def value(self) -> int:
        """What the owners hold on the table: the bank and the garage."""
        return self.amount + self.garage

    @property
    def partners(self) -> list[str]:
        """The banker's partners."""
        return [p for p in self.shares if p != self.banker]


@dataclass
class Offer:
    """A vacant bank being offered (spec 08, Limits and bank)."""

    reason: OfferReason
    anchor: int
    """The rotation starts with the seat to the right of this one."""
    minimum: int
    previous_banker: str | None = None
    previous_bank: int = 0
    passer: str | None = None
    excluded: list[str] = field(default_factory=list)
    """Who may not bid in this auction (the outgoing banker and, on a pass, his partners)."""
    offered: list[str] = field(default_factory=list)
    candidate: str | None = None
    stage: OfferStage = OfferStage.ROTATION
    claim: Bid | None = None
    """An acceptance in association, waiting for a single taker (002 08 V)."""
    bids: list[Bid] = field(default_factory=list)


@dataclass
class Coup:
    """The coup in progress: who holds the punto cards, the hands and what was said."""

    number: int
    holder: str | None
    """Who holds the punto cards (None: the croupier)."""
    lead: StakeKind
    bank_at_start: int
    punto: list[Card] = field(default_factory=list)
    banker: list[Card] = field(default_factory=list)
    word: str | None = None
    first_word: str | None = None
    mode: Mode = Mode.TABLE
    owed: bool = False
    """The punto is owed a third card he has not received yet."""
    owed_by_error: bool = False
    """... because he said "non" on a total that must draw (Errors row 10)."""
    pending: Card | None = None
    """A card given to the punto that is not his: the banker's if he draws, else burnt."""
    punto_third: bool = False
    punto_dead: bool = False
    banker_dead: bool = False
    natural_forfeited: bool = False
    punto_shown: bool = False
    banker_shown: bool = False
    errors: list[str] = field(default_factory=list)


_SHARED = frozenset({"results"})


@dataclass
class CheminDeFerState:
    """Everything on and around the table."""

    phase: Phase = Phase.OFFER
    players: dict[str, int] = field(default_factory=dict)
    bought_in: int = 0
    cashed_out: int = 0
    arrival: dict[str, int] = field(default_factory=dict)
    next_arrival: int = 1
    seats: dict[int, str] = field(default_factory=dict)
    standing: dict[str, int] = field(default_factory=dict)
    """Standing players and the seat each stands behind."""
    waiting_list: list[str] = field(default_factory=list)
    seat_requests: list[str] = field(default_factory=list)
    unsaluted: list[str] = field(default_factory=list)
    """Seated players who must let the hand pass once ("saludar") before using priority."""
    refusals: dict[str, int] = field(default_factory=dict)
    followers: list[str] = field(default_factory=list)
    """Standing players who moved to follow the hand: collected first, paid last."""
    barred: list[str] = field(default_factory=list)
    """Players stopped from holding the punto cards (Errors rows 14 and 19)."""
    bank: Bank | None = None
    offer: Offer | None = None
    last_seated_banker: int | None = None
    stakes: dict[int, Stake] = field(default_factory=dict)
    next_stake: int = 1
    suivi: str | None = None
    """Who called banco on the previous coup and lost (banco suivi)."""
    cards_right: str | None = None
    """The previous banker, who may hold the punto cards for the next coup."""
    cards_claimed: bool = False
    cagnotte: int = 0
    tips: int = 0
    shoe: Shoe | None = None
    shoes: int = 0
    shoe_coups: int = 0
    """Coups dealt from the shoe in play (the talla has begun once one is dealt)."""
    early: list[Card] = field(default_factory=list)
    """Cards drawn before betting closed, kept for the coup (Errors row 1)."""
    coup: Coup | None = None
    coups: int = 0
    voids: int = 0
    results: tuple[str, ...] = ()
    """The last results, oldest first (a bounded tuple: copies share it)."""
    incidents: list[str] = field(default_factory=list)
    resume: Phase | None = None
    key_holder: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> CheminDeFerState:
        """A deep copy that shares the frozen values (cards, bids, fractions, the shoe's order)."""
        return copy_record(self, memo, _SHARED)

    def on_table(self) -> int:
        """The punto stakes on the table."""
        return sum(s.amount for s in self.stakes.values())

    def balance(self) -> int:
        """Players + bank + garage + stakes + cagnotte + tips - (in - out): always 0."""
        bank = self.bank.value if self.bank is not None else 0
        held = sum(self.players.values()) + bank + self.on_table() + self.cagnotte + self.tips
        return held - (self.bought_in - self.cashed_out)


# -- actions --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Stand(Action):
    """A player without a seat stands behind a seat to play (his place in the priority)."""

    kind: ClassVar[str] = "stand"
    player: str
    behind: int


@dataclass(frozen=True, kw_only=True)
class RequestSeatChange(Action):
    """A seated player asks to change seat."""

    kind: ClassVar[str] = "request-seat-change"
    player: str


@dataclass(frozen=True, kw_only=True)
class OfferBank(Action):
    """The croupier opens the game: the bank is offered from seat 1 (002 08 V)."""

    kind: ClassVar[str] = "offer-bank"


@dataclass(frozen=True, kw_only=True)
class TakeBank(Action):
    """The player offered the bank takes it with ``amount`` (and partners' amounts)."""

    kind: ClassVar[str] = "take-bank"
    player: str
    amount: int
    partners: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Absent(Action):
    """The player whose turn it is to take the bank is away: he loses his seat."""

    kind: ClassVar[str] = "absent"
    player: str


@dataclass(frozen=True, kw_only=True)
class BidForBank(Action):
    """A bid in the auction of the bank."""

    kind: ClassVar[str] = "bid"
    player: str
    amount: int
    partners: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class CloseAuction(Action):
    """The croupier awards the auctioned bank to the highest bidder."""

    kind: ClassVar[str] = "close-auction"


@dataclass(frozen=True, kw_only=True)
class Associate(Action):
    """A partner joins the banker (who accepts), putting ``amount`` in the bank."""

    kind: ClassVar[str] = "associate"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class AddToBank(Action):
    """The banker increases the bank (it may never be decreased)."""

    kind: ClassVar[str] = "add-to-bank"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Garage(Action):
    """The banker keeps part of his winnings out of the bank (only if the profile allows)."""

    kind: ClassVar[str] = "garage"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class PassHand(Action):
    """The banker passes the hand (main passée) and withdraws the bank."""

    kind: ClassVar[str] = "pass-hand"
    player: str


@dataclass(frozen=True, kw_only=True)
class PlaceStake(Action):
    """A partial stake against the bank."""

    kind: ClassVar[str] = "stake"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class WithdrawStake(Action):
    """A player takes back his stake (or his banco call) before "no va más"."""

    kind: ClassVar[str] = "withdraw-stake"
    player: str


@dataclass(frozen=True, kw_only=True)
class Banco(Action):
    """ "Banco": the player bets the whole bank alone."""

    kind: ClassVar[str] = "banco"
    player: str


@dataclass(frozen=True, kw_only=True)
class AvecLaTable(Action):
    """ "Banco avec la table": the player bets half the bank; the table may cover the rest."""

    kind: ClassVar[str] = "avec-la-table"
    player: str


@dataclass(frozen=True, kw_only=True)
class ClaimCards(Action):
    """The previous banker uses his right to hold the punto cards for this coup."""

    kind: ClassVar[str] = "claim-cards"
    player: str


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The banker deals punto, banker, punto, banker, face down.

    ``cards``: at a live table, the cards in the order they came out of the shoe.
    ``exposed``: positions (0-based, in the order the cards came out) of cards that came
    out face up: each is removed and the next card takes its place (Errors row 2).
    """

    kind: ClassVar[str] = "deal"
    player: str | None = None
    cards: tuple[str, ...] = ()
    exposed: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Declare(Action):
    """The punto's word: ``show`` (a natural), ``carte`` or ``non``."""

    kind: ClassVar[str] = "declare"
    player: str | None = None
    word: str


@dataclass(frozen=True, kw_only=True)
class GiveCard(Action):
    """The banker deals the punto a card, face up (``card``: at a live table)."""

    kind: ClassVar[str] = "give-card"
    player: str | None = None
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class BankerPlay(Action):
    """The banker turns his cards over and draws (``draw=True``), stands (``False``) or
    asks the croupier to play by the rules (``None``). ``cards``: at a live table."""

    kind: ClassVar[str] = "banker-play"
    player: str | None = None
    draw: bool | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class StopCardOut(Action):
    """The croupier reports that the stop card has come out (live table)."""

    kind: ClassVar[str] = "stop-card"


@dataclass(frozen=True, kw_only=True)
class EarlyDraw(Action):
    """Cards taken from the shoe before betting closed (Errors row 1): the banker must
    play the coup with them (``cards``: at a live table)."""

    kind: ClassVar[str] = "early-draw"
    count: int = 1
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class BurnEarly(Action):
    """The director exceptionally orders the cards drawn early burnt (Errors row 1)."""

    kind: ClassVar[str] = "burn-early"


@dataclass(frozen=True, kw_only=True)
class Misdeal(Action):
    """Irregular dealing by the banker (Errors row 6): ``corrected`` gives the four dealt
    cards rearranged as they should have gone (P, B, P, B); empty: the deal is redone."""

    kind: ClassVar[str] = "misdeal"
    corrected: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ExposedHand(Action):
    """Both of the punto's cards were exposed during the deal (Errors row 8); ``fault``:
    ``banker``, ``croupier`` or ``punto``."""

    kind: ClassVar[str] = "exposed-hand"
    fault: str


@dataclass(frozen=True, kw_only=True)
class CardOnFloor(Action):
    """A card fell on the floor (Errors row 4): it keeps its value."""

    kind: ClassVar[str] = "card-on-floor"
    card: str


@dataclass(frozen=True, kw_only=True)
class WrongHolder(Action):
    """The cards were given to or taken by ``player``, not the punto (Errors row 5)."""

    kind: ClassVar[str] = "wrong-holder"
    player: str


@dataclass(frozen=True, kw_only=True)
class CardsInCesta(Action):
    """Cards fell into the cesta during the deal (Errors row 16)."""

    kind: ClassVar[str] = "cards-in-cesta"
    seen: bool = False


@dataclass(frozen=True, kw_only=True)
class ThrownAway(Action):
    """A hand was thrown into the cesta without being shown (Errors row 15): ``hand`` is
    ``punto`` or ``banker``; ``culprit`` is ``player`` or ``croupier``."""

    kind: ClassVar[str] = "thrown-away"
    hand: str
    culprit: str = "player"


@dataclass(frozen=True, kw_only=True)
class WrongAnnouncement(Action):
    """The banker announced a point that is not his (Errors row 17)."""

    kind: ClassVar[str] = "wrong-announcement"


@dataclass(frozen=True, kw_only=True)
class SlowPlay(Action):
    """``player`` took too long to announce, or was advised by someone other than the
    croupier (Errors row 14): the drawing rules are applied for him (``cards``: at a live
    table, the banker's third card if the rules give him one)."""

    kind: ClassVar[str] = "slow-play"
    player: str
    advised: bool = False
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class BarFromCards(Action):
    """The inspector stops ``player`` from holding the punto cards (Errors row 19)."""

    kind: ClassVar[str] = "bar-from-cards"
    player: str


@dataclass(frozen=True, kw_only=True)
class Claim(Action):
    """A claim about coup number ``coup`` (Errors row 18)."""

    kind: ClassVar[str] = "claim"
    player: str
    coup: int
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class CloseTable(Action):
    """The director closes the table for the session: the bank goes back to its owners."""

    kind: ClassVar[str] = "close-table"


# -- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BankAwarded(Event):
    """The bank was taken: by whom, for how much, with which partners."""

    kind: ClassVar[str] = "bank-awarded"
    banker: str
    amount: int
    partners: tuple[tuple[str, int], ...] = ()
    seat: int | None = None


@dataclass(frozen=True, kw_only=True)
class BankReturned(Event):
    """The bank (and the garage) went back to its owners, pro rata."""

    kind: ClassVar[str] = "bank-returned"
    banker: str
    reason: str
    shares: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class CoupResult(Event):
    """The showdown: the hands, the points and who won."""

    kind: ClassVar[str] = "coup-result"
    coup: int
    punto: tuple[str, ...]
    banker: tuple[str, ...]
    punto_point: int
    banker_point: int
    winner: str
    announcement: str


@dataclass(frozen=True, kw_only=True)
class StakeSettled(Event):
    """How one stake was settled: ``returned`` goes back to the player."""

    kind: ClassVar[str] = "stake-settled"
    player: str
    stake: int
    decision: str
    win: int = 0
    returned: int = 0
    net: int = 0


@dataclass(frozen=True, kw_only=True)
class CagnotteTaken(Event):
    """The cagnotte on the banker's winnings, and what went into the bank."""

    kind: ClassVar[str] = "cagnotte"
    winnings: int
    amount: int
    to_bank: int


__all__ = [
    "IN_COUP",
    "Absent",
    "AddToBank",
    "Associate",
    "AvecLaTable",
    "Banco",
    "Bank",
    "BankAwarded",
    "BankReturned",
    "BankerPlay",
    "BarFromCards",
    "Bid",
    "BidForBank",
    "Burn",
    "BurnEarly",
    "CagnotteTaken",
    "CardOnFloor",
    "CardsInCesta",
    "CheminDeFerState",
    "Claim",
    "ClaimCards",
    "CloseAuction",
    "CloseTable",
    "Coup",
    "CoupResult",
    "Deal",
    "Declare",
    "DeclineBank",
    "EarlyDraw",
    "ExposedHand",
    "Garage",
    "GiveCard",
    "JoinWaitingList",
    "LeaveSeat",
    "Misdeal",
    "NewShoe",
    "Offer",
    "OfferBank",
    "OfferReason",
    "OfferStage",
    "PassHand",
    "Phase",
    "PlaceStake",
    "RequestSeatChange",
    "SlowPlay",
    "Stake",
    "StakeKind",
    "StakeSettled",
    "Stand",
    "StopCardOut",
    "TakeBank",
    "TakeSeat",
    "ThrownAway",
    "Tip",
    "WithdrawStake",
    "WrongAnnouncement",
    "WrongHolder",
]
