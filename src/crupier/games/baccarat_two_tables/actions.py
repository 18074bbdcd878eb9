"""The actions of two-table baccarat: the bank's life, the shoe, bets and banco, the coup,
and every error and restoration rule of 09 VIII as an explicit action.

Common table actions (``BuyIn``, ``CashOut``, ``PlaceBet``, ``TakeDown``, ``NoMoreBets``,
``Suspend``, ``Reopen``) are those of :mod:`crupier.core.layout`. Cards are written as
codes (``"Kh"``, ``"Td"``); at a live table the croupier enters the cards that came out,
at an electronic table they are drawn from the shoe and the fields stay empty.

>>> Declare(table="1", word="card").to_dict()["kind"]
'declare'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crupier.core.layout import (
    BuyIn,
    CashOut,
    NoMoreBets,
    PlaceBet,
    Reopen,
    Suspend,
    TakeDown,
)
from crupier.core.round import Action, registry
from crupier.core.shoe import Burn
from crupier.games.baccarat import shoe as baccarat_shoe
from crupier.games.baccarat.circle import DeclineBank, JoinWaitingList, Tip
from crupier.games.baccarat.seats import LeaveSeat

# -- seats and the waiting list (IV) ----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TakeSeat(Action):
    """A player takes a numbered department, or (``behind=True``) a place behind it."""

    kind: ClassVar[str] = "take-seat"
    player: str
    department: int
    behind: bool = False


# -- the bank (V) -----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class AnnounceBank(Action):
    """At opening the inspector announces the banker and the bank amount (V.1); the banker
    hands the croupier the amount in chips. ``shoes``: how many shoes the adjudication
    covers (``None``: until the banker leaves, one or more days)."""

    kind: ClassVar[str] = "announce-bank"
    banker: str
    amount: int
    shoes: int | None = 1


@dataclass(frozen=True, kw_only=True)
class OpenAuction(Action):
    """No banker: the inspector auctions the bank (V.1)."""

    kind: ClassVar[str] = "open-auction"


@dataclass(frozen=True, kw_only=True)
class Bid(Action):
    """A player bids for the bank: the amount he will put up."""

    kind: ClassVar[str] = "bid"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Adjudicate(Action):
    """The inspector awards the bank to the highest bidder; equal bids are drawn by lot."""

    kind: ClassVar[str] = "adjudicate"
    shoes: int | None = 1


@dataclass(frozen=True, kw_only=True)
class DrawLotsForBank(Action):
    """Nobody accepted the bank at its initial amount: it is drawn by lot among ``players``
    (V.5); another shoe starts."""

    kind: ClassVar[str] = "draw-lots-for-bank"
    players: tuple[str, ...]
    shoes: int | None = 1


@dataclass(frozen=True, kw_only=True)
class OfferBank(Action):
    """The banker has left: the inspector offers the bank for the same initial amount (V.5)."""

    kind: ClassVar[str] = "offer-bank"
    player: str


@dataclass(frozen=True, kw_only=True)
class AcceptBank(Action):
    """The player offered the bank takes it."""

    kind: ClassVar[str] = "accept-bank"
    player: str


@dataclass(frozen=True, kw_only=True)
class LeaveBank(Action):
    """The banker leaves the bank (after the first coup), announcing the amount withdrawn."""

    kind: ClassVar[str] = "leave-bank"
    player: str


@dataclass(frozen=True, kw_only=True)
class Redeposit(Action):
    """The bank has jumped: the banker continues with a new deposit at least the initial one."""

    kind: ClassVar[str] = "redeposit"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Deposit(Action):
    """Free bank: the banker adds to his deposit so that the stakes can all be paid (V.2)."""

    kind: ClassVar[str] = "deposit"
    player: str
    amount: int


# -- shoe and session -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class NewShoe(baccarat_shoe.NewShoe):
    """Six new decks counted, shuffled, cut (by ``cut_by``), the stop card 10 cards from the
    end, the shoe loaded, the first card shown and burnt with its value (VII; 08 DEFAULT).

    Electronic table: the order is drawn (``cut`` drawn if None). Live table
    (``live=True``): ``burn`` lists the shown first card and the cards burnt after it.
    """

    cut_by: str | None = None
    new_cards: bool = True


@dataclass(frozen=True, kw_only=True)
class NewSession(Action):
    """The director opens the next session (the free bank has at most two a day, V.2)."""

    kind: ClassVar[str] = "new-session"


@dataclass(frozen=True, kw_only=True)
class CheckCards(Action):
    """At the end of the shoe a player asks for the cards to be checked (VII)."""

    kind: ClassVar[str] = "check-cards"
    player: str


@dataclass(frozen=True, kw_only=True)
class StopCardOut(Action):
    """Live table: the croupier reports that the stop card has come out."""

    kind: ClassVar[str] = "stop-card-out"


# -- banco (VI) -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CallBanco(Action):
    """A player calls banco on ``table``: he covers the whole bank on both tables."""

    kind: ClassVar[str] = "call-banco"
    player: str
    table: str


# -- the coup ---------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The banker deals one card at a time to table 1, table 2 and the bank, twice.

    ``cards``: at a live table, the cards in the order they came out (face-up ones
    included); ``face_up``: positions (0-based, among the cards taken from the shoe by
    this deal) of cards that came out face up and are discarded (VIII.1).
    """

    kind: ClassVar[str] = "deal"
    player: str | None = None
    cards: tuple[str, ...] = ()
    face_up: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Declare(Action):
    """The hand-holder of ``table`` shows a natural, asks for a card or stands
    (``word``: ``natural``, ``card``, ``no``). ``card``: the third card (live table)."""

    kind: ClassVar[str] = "declare"
    table: str
    word: str
    player: str | None = None
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class AskTableau(Action):
    """The banker asks the croupier for the bank drawing rules (VI)."""

    kind: ClassVar[str] = "ask-tableau"
    player: str | None = None


@dataclass(frozen=True, kw_only=True)
class BankerPlay(Action):
    """The banker draws a card (``draw``) or stands; the coup is then settled."""

    kind: ClassVar[str] = "banker-play"
    draw: bool
    player: str | None = None
    card: str | None = None


# -- errors and incidents (VIII) --------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EarlyDraw(Action):
    """Cards drawn from the shoe before betting closed (VIII.1): they never go back; the
    coup is played with them. ``player``: who drew them."""

    kind: ClassVar[str] = "early-draw"
    player: str
    count: int = 1
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RejectEarlyCards(Action):
    """The director exceptionally rejects the cards drawn too early (VIII.1): burnt."""

    kind: ClassVar[str] = "reject-early-cards"


@dataclass(frozen=True, kw_only=True)
class VoidCoup(Action):
    """The coup is void (``stuck-cards``, VIII.1; ``irregular-deal`` that cannot be
    rectified, VIII.2): every bet returned. ``count`` / ``cards``: cards taken out of the
    shoe and discarded with it (the stuck cards, before the deal was entered)."""

    kind: ClassVar[str] = "void-coup"
    reason: str
    count: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RectifyDeal(Action):
    """An irregular distribution is obviously rectifiable: the cards go to their hands (VIII.2)."""

    kind: ClassVar[str] = "rectify-deal"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class CardOnFloor(Action):
    """A card fell to the floor: it keeps its value; play resumes at once (VIII.1)."""

    kind: ClassVar[str] = "card-on-floor"
    card: str = ""


@dataclass(frozen=True, kw_only=True)
class WrongHolder(Action):
    """A player other than the hand-holder gave or took the cards of ``table`` (VIII.1)."""

    kind: ClassVar[str] = "wrong-holder"
    table: str
    player: str


@dataclass(frozen=True, kw_only=True)
class CardsUncovered(Action):
    """Both cards of ``table`` were uncovered during the deal (VIII.2): restored coup."""

    kind: ClassVar[str] = "cards-uncovered"
    table: str


@dataclass(frozen=True, kw_only=True)
class CardsInBasket(Action):
    """Cards of ``hand`` fell into the basket (VIII.2): unseen during the deal, the coup is
    annulled for that table (for both if they were the banker's); seen third cards (or
    seen cards) are recovered."""

    kind: ClassVar[str] = "cards-in-basket"
    hand: str
    seen: bool = False
    third: bool = False


@dataclass(frozen=True, kw_only=True)
class MisdealtCard(Action):
    """The banker gave table ``to`` a card it did not ask for (``meant_for`` None: the card
    goes to table 2 if it asks, or to the banker if he draws, VIII.4), or gave it the card
    meant for table ``meant_for`` (the card goes back). Not a banker's fault (VIII.3)."""

    kind: ClassVar[str] = "misdealt-card"
    to: str
    meant_for: str | None = None
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class WithheldCard(Action):
    """The banker did not give ``table`` the card it asked for (VIII.2): restored coup; a
    banker's fault."""

    kind: ClassVar[str] = "withheld-card"
    table: str


@dataclass(frozen=True, kw_only=True)
class DeclarationError(Action):
    """The hand-holder of ``table`` said the wrong word, or two words (VIII.4): ``words`` as
    said, in order (``card`` / ``no``). ``card``: the card the table receives (live)."""

    kind: ClassVar[str] = "declaration-error"
    table: str
    words: tuple[str, ...]
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class CroupierPlays(Action):
    """The drawing rules are applied to ``hand`` (VIII.5): the holder took too long
    (``too-slow``) or was advised by someone other than the croupier (``advised``)."""

    kind: ClassVar[str] = "croupier-plays"
    hand: str
    reason: str
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class CardsThrown(Action):
    """The cards of ``hand`` were thrown into the basket unshown (VIII.5): the point is 0;
    if the croupier did it, they are recovered and the point rebuilt."""

    kind: ClassVar[str] = "cards-thrown"
    hand: str
    by_croupier: bool = False


@dataclass(frozen=True, kw_only=True)
class WrongAnnouncement(Action):
    """The banker announced a point that is not his (VIII.5)."""

    kind: ClassVar[str] = "wrong-announcement"
    tables_shown: bool = False


@dataclass(frozen=True, kw_only=True)
class Claim(Action):
    """A player's claim: heard while the coup is on; refused once it is paid (VIII.5)."""

    kind: ClassVar[str] = "claim"
    player: str
    about: str = ""


@dataclass(frozen=True, kw_only=True)
class InspectorRuling(Action):
    """The inspector resolves a case not foreseen by the catalogue (VIII.5)."""

    kind: ClassVar[str] = "inspector-ruling"
    text: str


ACTIONS = registry(
    BuyIn,
    CashOut,
    PlaceBet,
    TakeDown,
    NoMoreBets,
    Suspend,
    Reopen,
    TakeSeat,
    LeaveSeat,
    JoinWaitingList,
    AnnounceBank,
    OpenAuction,
    Bid,
    Adjudicate,
    DrawLotsForBank,
    OfferBank,
    AcceptBank,
    DeclineBank,
    LeaveBank,
    Redeposit,
    Deposit,
    NewShoe,
    NewSession,
    CheckCards,
    StopCardOut,
    Burn,
    Tip,
    CallBanco,
    Deal,
    Declare,
    AskTableau,
    BankerPlay,
    EarlyDraw,
    RejectEarlyCards,
    VoidCoup,
    RectifyDeal,
    CardOnFloor,
    WrongHolder,
    CardsUncovered,
    CardsInBasket,
    MisdealtCard,
    WithheldCard,
    DeclarationError,
    CroupierPlays,
    CardsThrown,
    WrongAnnouncement,
    Claim,
    InspectorRuling,
)
"""Every action of the game, by kind."""

__all__ = [
    "ACTIONS",
    "AcceptBank",
    "Adjudicate",
    "AnnounceBank",
    "AskTableau",
    "BankerPlay",
    "Bid",
    "Burn",
    "BuyIn",
    "CallBanco",
    "CardOnFloor",
    "CardsInBasket",
    "CardsThrown",
    "CardsUncovered",
    "CashOut",
    "CheckCards",
    "Claim",
    "CroupierPlays",
    "Deal",
    "DeclarationError",
    "Declare",
    "DeclineBank",
    "Deposit",
    "DrawLotsForBank",
    "EarlyDraw",
    "InspectorRuling",
    "JoinWaitingList",
    "LeaveBank",
    "LeaveSeat",
    "MisdealtCard",
    "NewSession",
    "NewShoe",
    "NoMoreBets",
    "OfferBank",
    "OpenAuction",
    "PlaceBet",
    "RectifyDeal",
    "Redeposit",
    "RejectEarlyCards",
    "Reopen",
    "StopCardOut",
    "Suspend",
    "TakeDown",
    "TakeSeat",
    "Tip",
    "VoidCoup",
    "WithheldCard",
    "WrongAnnouncement",
    "WrongHolder",
]
