"""08 — Chemin de fer: the engine of the circle game, where players bank in turn.

One player holds the bank; the others stake against it (banco, banco suivi, banco avec
la table, partial stakes in priority order); the punto holds the cards for them all.
The house only runs the game and takes the cagnotte from the banker's winnings. Every
decision inside the coup is an action by the right person (the punto's word, the
banker's third card), every error of the spec's list is an action with its consequence,
and the money always balances (:meth:`CheminDeFerState.balance`).

>>> from crupier.core.layout import BuyIn, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.chemin_de_fer.rules import load_builtin
>>> game = CheminDeFer(load_builtin())
>>> _ = game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
>>> for seat, name in ((1, "ana"), (2, "bo")):
...     _ = game.apply(BuyIn(player=name, amount=500_000))
...     _ = game.apply(TakeSeat(player=name, seat=seat))
>>> _ = game.apply(OfferBank())
>>> _ = game.apply(TakeBank(player="ana", amount=100_000, by=Role.PLAYER))
>>> _ = game.apply(Banco(player="bo", by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(player="ana", cards=("4h", "3d", "Kc", "3s"), by=Role.PLAYER))
>>> _ = game.apply(Declare(player="bo", word="carte", by=Role.PLAYER))
>>> _ = game.apply(GiveCard(player="ana", card="5c", by=Role.PLAYER))
>>> record = game.apply(BankerPlay(player="ana", draw=False, by=Role.PLAYER))
>>> [e.announcement for e in record.events if e.kind == "coup-result"]
['punto 4h Kc 5c = 9, banker 3d 3s = 6: the punto wins']
>>> game.state.players["bo"], game.state.offer.candidate
(600000, 'bo')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, Note, Reopen, Suspend, Void
from crupier.core.money import check_amount, format_amount
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, Game, Record, registry
from crupier.core.shoe import Shoe, burn_from, check_stop_card
from crupier.games.chemin_de_fer.rules import (
    GAME_ID,
    Additions,
    BarLasts,
    CagnotteRounding,
    Cell,
    CheminDeFerProfile,
    Mode,
    Rotation,
    TieStakes,
    banker_cell,
    banker_must,
    burn_value,
    by_the_rules,
    cagnotte_of,
    hand_total,
    point_value,
    punto_cell,
    punto_word_by_the_rules,
)
from crupier.games.chemin_de_fer.state import (
    IN_COUP,
    Absent,
    AddToBank,
    Associate,
    AvecLaTable,
    Banco,
    Bank,
    BankAwarded,
    BankerPlay,
    BankReturned,
    BarFromCards,
    Bid,
    BidForBank,
    Burn,
    BurnEarly,
    CagnotteTaken,
    CardOnFloor,
    CardsInCesta,
    CheminDeFerState,
    Claim,
    ClaimCards,
    CloseAuction,
    CloseTable,
    Coup,
    CoupResult,
    Deal,
    Declare,
    DeclineBank,
    EarlyDraw,
    ExposedHand,
    Garage,
    GiveCard,
    JoinWaitingList,
    LeaveSeat,
    Misdeal,
    NewShoe,
    Offer,
    OfferBank,
    OfferReason,
    OfferStage,
    PassHand,
    Phase,
    PlaceStake,
    RequestSeatChange,
    SlowPlay,
    Stake,
    StakeKind,
    StakeSettled,
    Stand,
    StopCardOut,
    TakeBank,
    TakeSeat,
    ThrownAway,
    Tip,
    WithdrawStake,
    WrongAnnouncement,
    WrongHolder,
)

_STAFF = frozenset({Role.CROUPIER, Role.INSPECTOR, Role.HEAD})
_PLAYER_OR_STAFF = _STAFF | {Role.PLAYER}
_DEALING = _PLAYER_OR_STAFF | {Role.SYSTEM}
_DIRECTOR = frozenset({Role.DIRECTOR})

WORDS = ("show", "carte", "non")
"""The punto's words: show a natural (abattre), ask for a card, stand."""


def _fmt(amount: int) -> str:
    return format_amount(amount)


class CheminDeFer(Game[CheminDeFerProfile, CheminDeFerState]):
    """The chemin de fer engine. See the module docstring."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        BuyIn,
        CashOut,
        TakeSeat,
        LeaveSeat,
        Stand,
        JoinWaitingList,
        RequestSeatChange,
        OfferBank,
        TakeBank,
        DeclineBank,
        Absent,
        BidForBank,
        CloseAuction,
        Associate,
        AddToBank,
        Garage,
        PassHand,
        PlaceStake,
        WithdrawStake,
        Banco,
        AvecLaTable,
        ClaimCards,
        NoMoreBets,
        NewShoe,
        Deal,
        Declare,
        GiveCard,
        BankerPlay,
        Burn,
        StopCardOut,
        EarlyDraw,
        BurnEarly,
        Void,
        Misdeal,
        ExposedHand,
        CardOnFloor,
        WrongHolder,
        CardsInCesta,
        ThrownAway,
        WrongAnnouncement,
        SlowPlay,
        BarFromCards,
        Claim,
        Tip,
        Suspend,
        Reopen,
        CloseTable,
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "take-seat": _PLAYER_OR_STAFF,
        "leave-seat": _PLAYER_OR_STAFF,
        "stand": _PLAYER_OR_STAFF,
        "join-waiting-list": _STAFF,
        "request-seat-change": _PLAYER_OR_STAFF,
        "offer-bank": _STAFF | {Role.SYSTEM},
        "take-bank": _PLAYER_OR_STAFF,
        "decline-bank": _PLAYER_OR_STAFF,
        "absent": _STAFF,
        "bid": _PLAYER_OR_STAFF,
        "close-auction": _STAFF,
        "associate": _STAFF,
        "add-to-bank": _PLAYER_OR_STAFF,
        "garage": _PLAYER_OR_STAFF,
        "pass-hand": _PLAYER_OR_STAFF,
        "stake": _PLAYER_OR_STAFF,
        "withdraw-stake": _PLAYER_OR_STAFF,
        "banco": _PLAYER_OR_STAFF,
        "avec-la-table": _PLAYER_OR_STAFF,
        "claim-cards": _PLAYER_OR_STAFF,
        "no-more-bets": _STAFF | {Role.SYSTEM},
        "new-shoe": _STAFF | {Role.SYSTEM},
        "deal": _DEALING,
        "declare": _PLAYER_OR_STAFF,
        "give-card": _DEALING,
        "banker-play": _DEALING,
        "burn": _STAFF,
        "stop-card": _STAFF,
        "early-draw": _STAFF,
        "burn-early": _DIRECTOR,
        "void": _STAFF,
        "misdeal": _STAFF,
        "exposed-hand": _STAFF,
        "card-on-floor": _STAFF,
        "wrong-holder": _STAFF,
        "cards-in-cesta": _STAFF,
        "thrown-away": _STAFF,
        "wrong-announcement": _STAFF,
        "slow-play": _STAFF,
        "bar-from-cards": frozenset({Role.INSPECTOR, Role.DIRECTOR}),
        "claim": _PLAYER_OR_STAFF,
        "tip": _PLAYER_OR_STAFF,
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
        "close-table": _DIRECTOR,
    }

    def initial_state(self) -> CheminDeFerState:
        return CheminDeFerState()

    # -- dispatch ---------------------------------------------------------------------------

    def _step(
        self, state: CheminDeFerState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if state.phase is Phase.CLOSED and not isinstance(action, CashOut):
            raise WrongPhase("the table is closed for this session")
        if state.phase is Phase.SUSPENDED and not isinstance(action, (Reopen, BuyIn, CashOut)):
            raise WrongPhase("the table is temporarily closed: the director reopens it")
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        handler = self._handlers().get(action.kind)
        if handler is None:  # pragma: no cover - every registered kind has a handler
            raise MalformedAction(f"{action.kind!r} is not an action of {self.game_id}")
        return handler(state, action)

    def _handlers(self) -> dict[str, Callable[[CheminDeFerState, Any], list[Event]]]:
        return {
            "buy-in": self._buy_in,
            "cash-out": self._cash_out,
            "take-seat": self._take_seat,
            "leave-seat": self._leave_seat,
            "stand": self._stand,
            "join-waiting-list": self._join_waiting_list,
            "request-seat-change": self._request_seat_change,
            "offer-bank": self._offer_bank,
            "take-bank": self._take_bank,
            "decline-bank": self._decline_bank,
            "absent": self._absent,
            "bid": self._bid,
            "close-auction": self._close_auction,
            "associate": self._associate,
            "add-to-bank": self._add_to_bank,
            "garage": self._garage,
            "pass-hand": self._pass_hand,
            "stake": self._stake,
            "withdraw-stake": self._withdraw_stake,
            "banco": self._banco,
            "avec-la-table": self._avec_la_table,
            "claim-cards": self._claim_cards,
            "no-more-bets": self._no_more_bets,
            "deal": self._deal,
            "declare": self._declare,
            "give-card": self._give_card,
            "banker-play": self._banker_play,
            "burn": self._burn,
            "stop-card": self._stop_card,
            "early-draw": self._early_draw,
            "burn-early": self._burn_early,
            "void": self._void,
            "misdeal": self._misdeal,
            "exposed-hand": self._exposed_hand,
            "card-on-floor": self._card_on_floor,
            "wrong-holder": self._wrong_holder,
            "cards-in-cesta": self._cards_in_cesta,
            "thrown-away": self._thrown_away,
            "wrong-announcement": self._wrong_announcement,
            "slow-play": self._slow_play,
            "bar-from-cards": self._bar_from_cards,
            "claim": self._claim,
            "tip": self._tip,
            "suspend": self._suspend,
            "reopen": self._reopen,
            "close-table": self._close_table,
        }

    # -- small helpers ----------------------------------------------------------------------

    @staticmethod
    def require_phase(state: CheminDeFerState, *phases: Phase) -> None:
        """Raise :class:`WrongPhase` unless the table is in one of ``phases``."""
        if state.phase not in phases:
            wanted = " or ".join(str(p) for p in phases)
            raise WrongPhase(f"not possible now: the table is in {state.phase}, not {wanted}")

    @staticmethod
    def _player(state: CheminDeFerState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(f"{player!r} is not at the table (buy in first)")
        return player

    @staticmethod
    def _amount(amount: object) -> int:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise MalformedAmount(f"{amount!r} is not an amount of minor units")
        return check_amount(amount)

    @staticmethod
    def _seat_of(state: CheminDeFerState, player: str) -> int | None:
        return next((s for s, p in state.seats.items() if p == player), None)

    def _valid_seat(self, seat: object, what: str) -> int:
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or seat not in self.profile.table.seats
        ):
            raise MalformedAction(f"{what}: {seat!r} is not a seat of this table")
        return seat

    @staticmethod
    def _in_shoe(state: CheminDeFerState) -> bool:
        """True while a shoe is being dealt: a coup has come out of it, and not the stop card."""
        return state.shoe is not None and not state.shoe.at_stop_card and state.shoe_coups > 0

    def _bank(self, state: CheminDeFerState) -> Bank:
        if state.bank is None:
            raise IllegalAction("nobody holds the bank")
        return state.bank

    def _coup(self, state: CheminDeFerState) -> Coup:
        if state.coup is None:
            raise WrongPhase("no coup is in progress")
        return state.coup

    @staticmethod
    def _acting(action: Action, expected: str | None, role: str) -> None:
        """A player acting himself must be ``expected``; staff act for him (or for nobody)."""
        who = getattr(action, "player", None)
        if action.by is Role.PLAYER:
            if expected is None or who != expected:
                holder = expected or "the croupier"
                raise NotPermitted(f"{action.kind}: {who!r} is not the {role} ({holder} is)")
        elif who is not None and who != expected:
            raise NotPermitted(f"{action.kind}: {who!r} is not the {role}")

    # -- priority and rotation ----------------------------------------------------------------

    def _modulus(self) -> int:
        return max(self.profile.table.seats) + 1

    def _distance(self, seat: int, anchor: int) -> int:
        """How far ``seat`` comes after ``anchor`` going to the right (0: the next one)."""
        m = self._modulus()
        if self.profile.bank.rotation is Rotation.ASCENDING:
            return (seat - anchor - 1) % m
        return (anchor - seat - 1) % m

    def _start_anchor(self) -> int:
        """The anchor whose next seat to the right is seat 1 (the croupier's right)."""
        return 0 if self.profile.bank.rotation is Rotation.ASCENDING else 2

    def _anchor(self, state: CheminDeFerState) -> int:
        """Priority runs from the banker's right (a standing banker: the last seated one's)."""
        if state.bank is not None and state.bank.seat is not None:
            return state.bank.seat
        if state.last_seated_banker is not None:
            return state.last_seated_banker
        return self._start_anchor()

    def _priority(self, state: CheminDeFerState, player: str, anchor: int) -> tuple[int, ...]:
        """Seated before standing; seat order from the anchor's right; standing players in
        the same order, those who moved to follow the hand last (002 08 IV)."""
        seat = self._seat_of(state, player)
        if seat is not None:
            return (0, 0, self._distance(seat, anchor), 0)
        behind = state.standing.get(player)
        if behind is None:
            return (2, 0, 0, state.arrival.get(player, 0))
        moved = 1 if player in state.followers else 0
        return (1, moved, self._distance(behind, anchor), state.arrival.get(player, 0))

    def _has_place(self, state: CheminDeFerState, player: str) -> bool:
        return player in state.standing or self._seat_of(state, player) is not None

    # -- players and seats ------------------------------------------------------------------

    def _buy_in(self, state: CheminDeFerState, action: BuyIn) -> list[Event]:
        amount = self._amount(action.amount)
        if not isinstance(action.player, str) or not action.player.strip():
            raise MalformedAction(f"{action.player!r} is not a player name")
        if action.player not in state.players:
            state.arrival[action.player] = state.next_arrival
            state.next_arrival += 1
        state.players[action.player] = state.players.get(action.player, 0) + amount
        state.bought_in += amount
        return [Note(text=f"{action.player} buys in for {_fmt(amount)}")]

    def _engaged(self, state: CheminDeFerState, player: str) -> str | None:
        """Why ``player`` may not leave now (None: he may)."""
        if state.bank is not None and player in state.bank.shares:
            return "holds a share of the bank"
        if any(s.player == player for s in state.stakes.values()):
            return "has a stake on the table"
        offer = state.offer
        if offer is not None:
            if offer.candidate == player:
                return "is being offered the bank"
            pledged = [offer.claim] if offer.claim else []
            for bid in [*pledged, *offer.bids]:
                if player == bid.player or player in (p for p, _ in bid.partners):
                    return "has a pending offer for the bank"
        if state.coup is not None and state.coup.holder == player:
            return "holds the punto cards"
        return None

    def _cash_out(self, state: CheminDeFerState, action: CashOut) -> list[Event]:
        player = self._player(state, action.player)
        why = self._engaged(state, player)
        if why is not None:
            raise IllegalAction(f"{player} {why}")
        amount = state.players.pop(player)
        state.cashed_out += amount
        self._forget(state, player)
        return [Note(text=f"{player} cashes out {_fmt(amount)}")]

    @staticmethod
    def _forget(state: CheminDeFerState, player: str) -> None:
        for seat, who in list(state.seats.items()):
            if who == player:
                del state.seats[seat]
        state.standing.pop(player, None)
        for names in (state.waiting_list, state.seat_requests, state.unsaluted, state.followers):
            if player in names:
                names.remove(player)
        state.refusals.pop(player, None)

    def _not_in_coup(self, state: CheminDeFerState) -> None:
        if state.phase in IN_COUP:
            raise WrongPhase("not during a coup: wait for the coup to be settled")

    def _take_seat(self, state: CheminDeFerState, action: TakeSeat) -> list[Event]:
        self._not_in_coup(state)
        player = self._player(state, action.player)
        seat = self._valid_seat(action.seat, "take-seat")
        if seat in state.seats:
            raise IllegalAction(f"seat {seat} is taken by {state.seats[seat]}")
        if state.bank is not None and state.bank.banker == player:
            raise IllegalAction(f"{player} holds the bank: he may not change seat now")
        old = self._seat_of(state, player)
        in_shoe = self._in_shoe(state)
        if in_shoe:
            if state.waiting_list and state.waiting_list[0] != player:
                raise IllegalAction(
                    f"during a shoe seat {seat} goes to {state.waiting_list[0]} first "
                    "(the inspector's waiting list)"
                )
            if not state.waiting_list and state.seat_requests and state.seat_requests[0] != player:
                raise IllegalAction(
                    f"during a shoe seat {seat} goes to {state.seat_requests[0]} first "
                    "(a seated player who asked to change seat)"
                )
        if old is not None:
            del state.seats[old]
        state.seats[seat] = player
        state.standing.pop(player, None)
        for names in (state.waiting_list, state.seat_requests, state.followers):
            if player in names:
                names.remove(player)
        text = f"{player} takes seat {seat}" + (f" (from seat {old})" if old else "")
        if in_shoe and player not in state.unsaluted:
            state.unsaluted.append(player)
            text += ": during a shoe, he must let the hand pass once (saludar)"
        return [Note(text=text)]

    def _leave_seat(self, state: CheminDeFerState, action: LeaveSeat) -> list[Event]:
        self._not_in_coup(state)
        player = self._player(state, action.player)
        seat = self._seat_of(state, player)
        if seat is None:
            raise IllegalAction(f"{player} has no seat")
        if state.bank is not None and state.bank.banker == player:
            raise IllegalAction(f"{player} holds the bank: pass the hand first")
        if state.offer is not None and state.offer.candidate == player:
            raise IllegalAction(f"{player} is being offered the bank: decline it first")
        del state.seats[seat]
        if player in state.unsaluted:
            state.unsaluted.remove(player)
        return [Note(text=f"{player} leaves seat {seat}")]

    def _stand(self, state: CheminDeFerState, action: Stand) -> list[Event]:
        player = self._player(state, action.player)
        behind = self._valid_seat(action.behind, "stand")
        if self._seat_of(state, player) is not None:
            raise IllegalAction(f"{player} is seated: leave the seat first")
        old = state.standing.get(player)
        if old == behind:
            raise IllegalAction(f"{player} already stands behind seat {behind}")
        state.standing[player] = behind
        events: list[Event] = [Note(text=f"{player} stands behind seat {behind}")]
        if old is not None and self._in_shoe(state) and player not in state.followers:
            state.followers.append(player)
            events.append(
                Note(
                    text=f"{player} moved to follow the hand: he is collected first "
                    "and paid last (002 08 IV)"
                )
            )
        return events

    def _join_waiting_list(self, state: CheminDeFerState, action: JoinWaitingList) -> list[Event]:
        player = self._player(state, action.player)
        if self._seat_of(state, player) is not None:
            raise IllegalAction(f"{player} is seated (ask for a change of seat instead)")
        if player in state.waiting_list:
            raise IllegalAction(f"{player} is already on the waiting list")
        state.waiting_list.append(player)
        return [Note(text=f"{player} is number {len(state.waiting_list)} on the waiting list")]

    def _request_seat_change(
        self, state: CheminDeFerState, action: RequestSeatChange
    ) -> list[Event]:
        player = self._player(state, action.player)
        if self._seat_of(state, player) is None:
            raise IllegalAction(f"{player} has no seat to change")
        if player in state.seat_requests:
            raise IllegalAction(f"{player} has already asked to change seat")
        state.seat_requests.append(player)
        return [Note(text=f"{player} asks to change seat")]

    def _give_up_seat(self, state: CheminDeFerState, player: str, why: str) -> list[Event]:
        """``player`` loses his seat; the first on the waiting list takes it."""
        seat = self._seat_of(state, player)
        if seat is None:
            return []
        del state.seats[seat]
        state.refusals.pop(player, None)
        if player in state.unsaluted:
            state.unsaluted.remove(player)
        events: list[Event] = [Note(text=f"{player} {why}: he loses seat {seat}")]
        if state.waiting_list:
            heir = state.waiting_list.pop(0)
            state.seats[seat] = heir
            state.standing.pop(heir, None)
            text = f"{heir}, first on the waiting list, takes seat {seat}"
            if self._in_shoe(state):
                state.unsaluted.append(heir)
                text += ": he must let the hand pass once (saludar)"
            events.append(Note(text=text))
        return events

    # -- the vacant bank: rotation, take-back, auction -----------------------------------------

    def _offer(self, state: CheminDeFerState) -> Offer:
        if state.phase is not Phase.OFFER or state.offer is None:
            raise WrongPhase("the bank is not being offered now")
        return state.offer

    def _offer_bank(self, state: CheminDeFerState, action: OfferBank) -> list[Event]:
        self.require_phase(state, Phase.OFFER)
        if state.offer is not None:
            raise IllegalAction("the bank is already being offered")
        if not state.seats and not state.standing:
            raise IllegalAction("nobody is seated or standing at the table")
        state.offer = Offer(
            reason=OfferReason.START,
            anchor=self._start_anchor(),
            minimum=self.profile.bank.minimum,
        )
        return [
            Note(text="the bank is offered, starting at the croupier's right (seat 1)"),
            *self._advance_offer(state),
        ]

    def _next_candidate(self, state: CheminDeFerState, offer: Offer) -> str | None:
        pool = [p for p in state.seats.values() if p not in offer.offered and p != offer.passer]
        pool += [p for p in state.standing if p not in offer.offered and p != offer.passer]
        if not pool:
            return None
        return min(pool, key=lambda p: self._priority(state, p, offer.anchor))

    def _advance_offer(self, state: CheminDeFerState) -> list[Event]:
        offer = state.offer
        assert offer is not None
        events: list[Event] = []
        while offer.stage is OfferStage.ROTATION:
            candidate = self._next_candidate(state, offer)
            if candidate is None:
                return events + self._end_rotation(state, offer)
            offer.offered.append(candidate)
            if candidate in state.unsaluted and self._seat_of(state, candidate) is not None:
                state.unsaluted.remove(candidate)
                events.append(Note(text=f"{candidate} salutes: he lets the hand pass (saludar)"))
                continue
            offer.candidate = candidate
            where = self._seat_of(state, candidate)
            place = f"seat {where}" if where is not None else "standing"
            events.append(
                Note(
                    text=f"the bank is offered to {candidate} ({place}) for at least "
                    f"{_fmt(offer.minimum)}"
                )
            )
            return events
        return events

    def _end_rotation(self, state: CheminDeFerState, offer: Offer) -> list[Event]:
        offer.candidate = None
        events: list[Event] = []
        claim = offer.claim
        if claim is not None:
            offer.claim = None
            if self._fundable(state, claim):
                return [
                    Note(text="no single player took the hand: it goes to the association"),
                    *self._award(state, claim),
                ]
            events.append(Note(text=f"{claim.player}'s association can no longer cover the bank"))
        passer = offer.passer
        if (
            passer is not None
            and passer in state.players
            and self.profile.bank.passer_may_take_back
        ):
            offer.stage = OfferStage.TAKE_BACK
            offer.candidate = passer
            events.append(
                Note(
                    text=f"nobody took the hand: {passer}, who passed it, may take it back "
                    f"for {_fmt(offer.minimum)}"
                )
            )
            return events
        offer.stage = OfferStage.AUCTION
        events.append(
            Note(
                text=f"the bank is auctioned to the highest bidder (at least {_fmt(offer.minimum)})"
            )
        )
        return events

    def _read_partners(
        self, state: CheminDeFerState, player: str, partners: object
    ) -> tuple[tuple[str, int], ...]:
        if not isinstance(partners, tuple):
            raise MalformedAction(f"{partners!r} is not a list of (partner, amount) pairs")
        out: list[tuple[str, int]] = []
        for item in partners:
            if not isinstance(item, tuple) or len(item) != 2:
                raise MalformedAction(f"{item!r} is not a (partner, amount) pair")
            name = self._player(state, item[0])
            if name == player or name in (n for n, _ in out):
                raise MalformedAction(f"{name} is named twice in the bank")
            out.append((name, self._amount(item[1])))
        return tuple(out)

    def _make_bid(
        self, state: CheminDeFerState, player: str, amount: object, partners: object, minimum: int
    ) -> Bid:
        bid = Bid(player, self._amount(amount), self._read_partners(state, player, partners))
        if bid.total < minimum:
            raise BetUnderMinimum(
                f"a bank of {_fmt(bid.total)} is under the minimum {_fmt(minimum)}"
            )
        for name, need in ((player, bid.amount), *bid.partners):
            if state.players[name] < need:
                raise InsufficientFunds(
                    f"{name} holds {_fmt(state.players[name])}, not enough for {_fmt(need)}"
                )
        return bid

    @staticmethod
    def _fundable(state: CheminDeFerState, bid: Bid) -> bool:
        return all(
            state.players.get(name, 0) >= need
            for name, need in ((bid.player, bid.amount), *bid.partners)
        )

    def _take_bank(self, state: CheminDeFerState, action: TakeBank) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is OfferStage.AUCTION:
            raise IllegalAction("the bank is being auctioned: make a bid")
        if player != offer.candidate:
            raise IllegalAction(f"the bank is offered to {offer.candidate}, not to {player}")
        bid = self._make_bid(state, player, action.amount, action.partners, offer.minimum)
        if (
            bid.partners
            and offer.stage is OfferStage.ROTATION
            and offer.reason is OfferReason.PASS
            and self.profile.bank.single_taker_preference
        ):
            if offer.claim is not None:
                raise IllegalAction(
                    f"{offer.claim.player} already takes the hand in association: "
                    "only a single taker can have it now"
                )
            offer.claim = bid
            note = Note(
                text=f"{player} takes the passed hand in association for {_fmt(bid.total)}: "
                "a single taker has preference, the rotation goes on"
            )
            return [note, *self._advance_offer(state)]
        return self._award(state, bid)

    def _decline_bank(self, state: CheminDeFerState, action: DeclineBank) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is OfferStage.AUCTION or player != offer.candidate:
            raise IllegalAction(f"{player} is not being offered the bank")
        if offer.stage is OfferStage.TAKE_BACK:
            offer.stage = OfferStage.AUCTION
            offer.candidate = None
            return [
                Note(text=f"{player} does not take the hand back"),
                Note(
                    text=f"the bank is auctioned to the highest bidder "
                    f"(at least {_fmt(offer.minimum)})"
                ),
            ]
        events: list[Event] = [Note(text=f"{player} does not want the bank")]
        if self._seat_of(state, player) is not None:
            count = state.refusals.get(player, 0) + 1
            state.refusals[player] = count
            if count >= self.profile.bank.refusals_before_losing_seat:
                events += self._give_up_seat(
                    state, player, f"refused the hand {count} times in a row"
                )
        return events + self._advance_offer(state)

    def _absent(self, state: CheminDeFerState, action: Absent) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is not OfferStage.ROTATION or player != offer.candidate:
            raise IllegalAction(f"it is not {player}'s turn to take the bank")
        events: list[Event] = self._give_up_seat(
            state, player, "is absent when it is his turn to take the hand"
        )
        if not events:
            events = [Note(text=f"{player} is absent: the bank goes on")]
        return events + self._advance_offer(state)

    def _bid(self, state: CheminDeFerState, action: BidForBank) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is not OfferStage.AUCTION:
            raise IllegalAction("the bank is not being auctioned")
        if not self._has_place(state, player):
            raise IllegalAction(f"{player} is neither seated nor standing at the table")
        shut = offer.excluded if not self.profile.bank.outgoing_banker_may_bid else []
        bid = self._make_bid(state, player, action.amount, action.partners, offer.minimum)
        for name in (bid.player, *(n for n, _ in bid.partners)):
            if name in shut:
                raise IllegalAction(f"{name} held the hand being auctioned: he may not bid for it")
        old = next((b for b in offer.bids if b.player == player), None)
        if old is not None and bid.total < old.total:
            raise IllegalAction(f"{player} already bid {_fmt(old.total)}: a bid is never lowered")
        offer.bids = [b for b in offer.bids if b.player != player] + [bid]
        return [Note(text=f"{player} bids {_fmt(bid.total)} for the bank")]

    def _close_auction(self, state: CheminDeFerState, action: CloseAuction) -> list[Event]:
        offer = self._offer(state)
        if offer.stage is not OfferStage.AUCTION:
            raise IllegalAction("the bank is not being auctioned")
        live = [b for b in offer.bids if self._fundable(state, b)]
        if not live:
            raise IllegalAction("no bid: the auction stays open")
        single = self.profile.bank.single_taker_preference
        anchor = offer.anchor

        def key(b: Bid) -> tuple[int, int, tuple[int, ...]]:
            alone = 0 if (single and not b.partners) else 1
            return (-b.total, alone, self._priority(state, b.player, anchor))

        best = min(live, key=key)
        return [Note(text=f"the bank is knocked down to {best.player}"), *self._award(state, best)]

    def _award(self, state: CheminDeFerState, bid: Bid) -> list[Event]:
        offer = state.offer
        assert offer is not None
        for name, amount in ((bid.player, bid.amount), *bid.partners):
            state.players[name] -= amount
        shares = {bid.player: Fraction(bid.amount)}
        for name, amount in bid.partners:
            shares[name] = Fraction(amount)
        seat = self._seat_of(state, bid.player)
        state.bank = Bank(bid.player, seat, bid.total, bid.total, shares)
        if seat is not None:
            state.last_seated_banker = seat
        state.refusals[bid.player] = 0
        state.cards_right = None
        state.cards_claimed = False
        events: list[Event] = [
            BankAwarded(banker=bid.player, amount=bid.total, partners=bid.partners, seat=seat),
            Note(text=f"{bid.player} holds the bank: {_fmt(bid.total)}"),
        ]
        previous = offer.previous_banker
        if (
            self.profile.stakes.previous_banker_cards
            and previous is not None
            and previous != bid.player
            and previous in state.players
            and bid.total > offer.previous_bank
        ):
            state.cards_right = previous
            events.append(
                Note(
                    text=f"the bank is larger than {previous}'s ({_fmt(offer.previous_bank)}): "
                    "he may hold the punto cards for one coup"
                )
            )
        state.offer = None
        state.phase = Phase.STAKES
        return events

    def _return_bank(self, state: CheminDeFerState, reason: str) -> list[Event]:
        """The bank and the garage go back to the banker and his partners, pro rata; each
        partner's part is rounded to the minor unit by the profile's rule, the banker takes
        the rest."""
        bank = self._bank(state)
        value = bank.value
        total = sum(bank.shares.values())
        rounding = self.profile.bank.partners_rounding
        parts: dict[str, int] = {}
        for name, share in bank.shares.items():
            if name != bank.banker:
                exact = value * share / total
                if rounding is CagnotteRounding.HALF_UP:
                    parts[name] = math.floor(exact + Fraction(1, 2))
                elif rounding is CagnotteRounding.UP:
                    parts[name] = math.ceil(exact)
                else:
                    parts[name] = math.floor(exact)
        parts[bank.banker] = value - sum(parts.values())
        for name, amount in parts.items():
            state.players[name] = state.players.get(name, 0) + amount
        state.bank = None
        ordered = tuple((n, parts[n]) for n in bank.shares)
        text = ", ".join(f"{n} {_fmt(a)}" for n, a in ordered)
        return [
            BankReturned(banker=bank.banker, reason=reason, shares=ordered),
            Note(text=f"the bank goes back to its owners: {text}"),
        ]

    def _end_bank(
        self, state: CheminDeFerState, reason: OfferReason, previous_bank: int
    ) -> list[Event]:
        bank = self._bank(state)
        anchor = bank.seat if bank.seat is not None else self._anchor(state)
        minimum = self.profile.bank.minimum
        if reason is OfferReason.PASS and self.profile.bank.passed_hand_same_amount:
            minimum = max(minimum, previous_bank)
        excluded = list(bank.shares) if reason is OfferReason.PASS else [bank.banker]
        events = self._return_bank(state, str(reason))
        state.offer = Offer(
            reason=reason,
            anchor=anchor,
            minimum=minimum,
            previous_banker=bank.banker,
            previous_bank=previous_bank,
            passer=bank.banker if reason is OfferReason.PASS else None,
            excluded=excluded,
        )
        state.phase = Phase.OFFER
        return events + self._advance_offer(state)

    # -- the bank between coups ---------------------------------------------------------------

    def _banker_acts(self, state: CheminDeFerState, action: Action) -> Bank:
        self.require_phase(state, Phase.STAKES)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        return bank

    def _additions_open(self, state: CheminDeFerState, bank: Bank) -> None:
        if self.profile.bank.additions is Additions.BEFORE_FIRST_COUP and bank.coups:
            raise IllegalAction("the bank has played: partners and additions only when it passes")
        if state.stakes:
            raise IllegalAction("stakes are on the table: change the bank before the stakes")

    def _grow_bank(self, bank: Bank, name: str, amount: int) -> None:
        total = sum(bank.shares.values())
        added = Fraction(amount) * total / bank.value
        bank.shares[name] = bank.shares.get(name, Fraction(0)) + added
        bank.amount += amount

    def _associate(self, state: CheminDeFerState, action: Associate) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        bank = self._bank(state)
        player = self._player(state, action.player)
        amount = self._amount(action.amount)
        if player == bank.banker:
            raise IllegalAction(f"{player} is the banker (add to the bank instead)")
        self._additions_open(state, bank)
        if state.players[player] < amount:
            raise InsufficientFunds(f"{player} holds {_fmt(state.players[player])}")
        state.players[player] -= amount
        self._grow_bank(bank, player, amount)
        return [
            Note(
                text=f"{player} joins {bank.banker} as a partner with {_fmt(amount)}: "
                f"the bank is {_fmt(bank.amount)}"
            )
        ]

    def _add_to_bank(self, state: CheminDeFerState, action: AddToBank) -> list[Event]:
        bank = self._banker_acts(state, action)
        amount = self._amount(action.amount)
        self._additions_open(state, bank)
        if state.players[bank.banker] < amount:
            raise InsufficientFunds(f"{bank.banker} holds {_fmt(state.players[bank.banker])}")
        state.players[bank.banker] -= amount
        self._grow_bank(bank, bank.banker, amount)
        return [Note(text=f"{bank.banker} increases the bank to {_fmt(bank.amount)}")]

    def _garage(self, state: CheminDeFerState, action: Garage) -> list[Event]:
        bank = self._banker_acts(state, action)
        amount = self._amount(action.amount)
        if not self.profile.bank.allow_garage:
            raise IllegalAction("this table does not allow the banker to garage winnings")
        if state.stakes:
            raise IllegalAction("stakes are on the table: garage before the stakes")
        if bank.amount - amount < bank.awarded:
            raise IllegalAction(
                f"the bank may not fall below the {_fmt(bank.awarded)} it was taken for"
            )
        bank.amount -= amount
        bank.garage += amount
        return [Note(text=f"{bank.banker} keeps {_fmt(amount)} out of the bank (garage)")]

    def _pass_hand(self, state: CheminDeFerState, action: PassHand) -> list[Event]:
        bank = self._banker_acts(state, action)
        if not bank.coups:
            raise IllegalAction("the bank has not played a coup yet")
        if bank.last == "tie" and not self.profile.bank.pass_after_tie:
            raise IllegalAction("after a tie the banker keeps the bank")
        events: list[Event] = [Note(text=f"{bank.banker} passes the hand with {_fmt(bank.amount)}")]
        for stake in sorted(state.stakes.values(), key=lambda s: s.id):
            state.players[stake.player] += stake.amount
            events.append(
                StakeSettled(
                    player=stake.player,
                    stake=stake.amount,
                    decision="returned",
                    returned=stake.amount,
                )
            )
        state.stakes = {}
        return events + self._end_bank(state, OfferReason.PASS, bank.amount)

    # -- stakes against the bank ---------------------------------------------------------------

    def _punter(self, state: CheminDeFerState, action: Action) -> tuple[str, Bank]:
        if state.phase in IN_COUP:
            raise BettingClosed("no more stakes: the coup is under way")
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, getattr(action, "player", None))
        bank = self._bank(state)
        if player in bank.shares:
            raise IllegalAction(f"{player} holds the bank: he may not stake against it")
        seated = self._seat_of(state, player) is not None
        if not seated and player not in state.standing:
            raise IllegalAction(f"{player} must take a seat or stand behind one to play")
        if not seated and not self.profile.stakes.standing_may_stake:
            raise IllegalAction("standing players may not stake at this table")
        return player, bank

    def _stake_of(self, state: CheminDeFerState, player: str) -> Stake | None:
        return next((s for s in state.stakes.values() if s.player == player), None)

    def _stake(self, state: CheminDeFerState, action: PlaceStake) -> list[Event]:
        player, _bank = self._punter(state, action)
        amount = self._amount(action.amount)
        limits = self.profile.limits
        if amount < limits.minimum:
            raise BetUnderMinimum(f"{_fmt(amount)} is under the minimum {_fmt(limits.minimum)}")
        if amount % limits.multiple_of:
            raise NotMultipleOfUnit(
                f"{_fmt(amount)} is not a multiple of {_fmt(limits.multiple_of)}"
            )
        if state.players[player] < amount:
            raise InsufficientFunds(
                f"{player} holds {_fmt(state.players[player])}, not enough for {_fmt(amount)}"
            )
        stake = self._stake_of(state, player)
        if stake is not None and stake.kind is not StakeKind.PARTIAL:
            raise IllegalAction(f"{player} has called {stake.kind}: withdraw it first")
        state.players[player] -= amount
        if stake is None:
            stake = Stake(state.next_stake, player, 0)
            state.stakes[stake.id] = stake
            state.next_stake += 1
        stake.amount += amount
        return [Note(text=f"{player} stakes {_fmt(stake.amount)} against the bank")]

    def _call(self, state: CheminDeFerState, action: Action, kind: StakeKind) -> list[Event]:
        player, bank = self._punter(state, action)
        if player in state.unsaluted and self._seat_of(state, player) is not None:
            raise IllegalAction(f"{player} changed seat: he must let the hand pass before a banco")
        if bank.amount <= 0:  # pragma: no cover - an empty bank passes at once
            raise IllegalAction("the bank is empty")
        if kind is StakeKind.BANCO:
            amount = bank.amount
        else:
            amount = math.ceil(bank.amount * self.profile.stakes.avec_la_table_share)
        stake = self._stake_of(state, player)
        already = stake.amount if stake is not None else 0
        if stake is not None and stake.kind is kind:
            raise IllegalAction(f"{player} has already called {kind}")
        if state.players[player] + already < amount:
            raise InsufficientFunds(
                f"{player} holds {_fmt(state.players[player] + already)}, "
                f"not enough for {_fmt(amount)}"
            )
        state.players[player] += already - amount
        if stake is None:
            stake = Stake(state.next_stake, player, 0)
            state.stakes[stake.id] = stake
            state.next_stake += 1
        stake.amount = amount
        stake.kind = kind
        word = "banco" if kind is StakeKind.BANCO else "banco avec la table"
        return [Note(text=f"{player}: {word} ({_fmt(amount)})")]

    def _banco(self, state: CheminDeFerState, action: Banco) -> list[Event]:
        return self._call(state, action, StakeKind.BANCO)

    def _avec_la_table(self, state: CheminDeFerState, action: AvecLaTable) -> list[Event]:
        if not self.profile.stakes.avec_la_table:
            raise IllegalAction("this table does not allow 'banco avec la table'")
        return self._call(state, action, StakeKind.AVEC)

    def _withdraw_stake(self, state: CheminDeFerState, action: WithdrawStake) -> list[Event]:
        if state.phase in IN_COUP:
            raise BettingClosed("no more stakes: stakes may not be withdrawn during the coup")
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, action.player)
        stake = self._stake_of(state, player)
        if stake is None:
            raise IllegalAction(f"{player} has no stake on the table")
        del state.stakes[stake.id]
        state.players[player] += stake.amount
        if state.cards_right == player:
            state.cards_claimed = False
        return [Note(text=f"{player} withdraws {_fmt(stake.amount)}")]

    def _claim_cards(self, state: CheminDeFerState, action: ClaimCards) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, action.player)
        if state.cards_right != player:
            raise IllegalAction(f"{player} has no right to hold the punto cards this coup")
        if self._stake_of(state, player) is None:
            raise IllegalAction(f"{player} must have a stake to hold the punto cards")
        state.cards_claimed = True
        return [Note(text=f"{player}, the previous banker, will hold the punto cards")]

    def _no_more_bets(self, state: CheminDeFerState, action: NoMoreBets) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        bank = self._bank(state)
        if not state.stakes:
            raise IllegalAction("no stake against the bank: there is no coup to play")
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded: new-shoe first")
        if shoe.at_stop_card:
            raise IllegalAction("the stop card has come out: this shoe deals no more coups")
        events: list[Event] = [Note(text=f"no va más: the bank is {_fmt(bank.amount)}")]
        lead_stake, lead_events = self._allocate(state, bank)
        events += lead_events
        holder = self._choose_holder(state, lead_stake)
        lead = lead_stake.kind if lead_stake is not None else StakeKind.PARTIAL
        state.coup = Coup(state.coups + 1, holder, lead, bank.amount)
        state.cards_claimed = False
        state.phase = Phase.DEAL
        events.append(
            Note(
                text=f"the punto cards go to {holder}"
                if holder
                else "the croupier holds the punto cards"
            )
        )
        return events

    def _allocate(self, state: CheminDeFerState, bank: Bank) -> tuple[Stake | None, list[Event]]:
        """Banco first (banco suivi first of all), then banco avec la table, then partial
        stakes in priority order until the bank is covered; the rest goes back."""
        anchor = self._anchor(state)
        order = sorted(
            state.stakes.values(), key=lambda s: (self._priority(state, s.player, anchor), s.id)
        )
        bancos = [s for s in order if s.kind is StakeKind.BANCO]
        avecs = [s for s in order if s.kind is StakeKind.AVEC]
        covered: dict[int, int] = {}
        lead: Stake | None = None
        remaining = bank.amount
        if bancos:
            suivi = state.suivi if self.profile.stakes.banco_suivi else None
            lead = next((s for s in bancos if s.player == suivi), bancos[0])
        elif avecs:
            lead = avecs[0]
        if lead is not None:
            covered[lead.id] = min(lead.amount, remaining)
            remaining -= covered[lead.id]
        for stake in order:
            if stake.id in covered:
                continue
            if stake.kind is not StakeKind.PARTIAL:
                covered[stake.id] = 0
                continue
            covered[stake.id] = min(stake.amount, remaining)
            remaining -= covered[stake.id]
        events: list[Event] = []
        if lead is not None:
            why = (
                " (banco suivi)"
                if lead.player == state.suivi and lead.kind is StakeKind.BANCO
                else ""
            )
            events.append(Note(text=f"{lead.player}'s {lead.kind} plays{why}"))
        for stake in order:
            keep = covered[stake.id]
            back = stake.amount - keep
            if back:
                state.players[stake.player] += back
                stake.amount = keep
                if keep:
                    text = f"{stake.player}'s stake is cut to {_fmt(keep)}: {_fmt(back)} returned"
                else:
                    text = f"{stake.player}'s stake is not covered: {_fmt(back)} returned"
                events.append(Note(text=text))
            if not keep:
                del state.stakes[stake.id]
        if remaining:
            events.append(Note(text=f"{_fmt(remaining)} of the bank is not covered: not at risk"))
        return lead, events

    def _choose_holder(self, state: CheminDeFerState, lead: Stake | None) -> str | None:
        barred = set(state.barred)
        if lead is not None:
            return None if lead.player in barred else lead.player
        right = state.cards_right
        stakes = list(state.stakes.values())
        if (
            right is not None
            and state.cards_claimed
            and right not in barred
            and any(s.player == right for s in stakes)
        ):
            return right
        anchor = self._anchor(state)
        eligible = [s for s in stakes if s.player not in barred]
        if not eligible:
            return None
        best = min(
            eligible, key=lambda s: (-s.amount, self._priority(state, s.player, anchor), s.id)
        )
        return best.player

    # -- the shoe -------------------------------------------------------------------------------

    def _shoe(self, state: CheminDeFerState) -> Shoe:
        if state.shoe is None:
            raise IllegalAction("no shoe is loaded")
        return state.shoe

    @staticmethod
    def _parse(codes: object, what: str) -> list[Card]:
        if not isinstance(codes, (tuple, list)):
            raise MalformedAction(f"{what}: {codes!r} is not a list of cards")
        try:
            return [Card.parse(c) for c in codes]
        except ValueError as exc:
            raise MalformedAction(f"{what}: {exc}") from None

    def _cards(self, shoe: Shoe, codes: object, count: int, what: str) -> list[Card]:
        """``count`` cards out of the shoe: entered (live) or drawn (electronic)."""
        if shoe.live:
            entered = self._parse(codes, what)
            if len(entered) != count:
                raise MalformedAction(f"{what}: enter {count} card(s), not {len(entered)}")
            try:
                return [shoe.take(c) for c in entered]
            except ValueError as exc:
                raise MalformedAction(f"{what}: {exc}") from None
        if codes:
            raise MalformedAction(f"{what}: cards are drawn from this shoe, not entered")
        if shoe.remaining < count:
            raise IllegalAction(f"{what}: the shoe has only {shoe.remaining} cards left")
        return [shoe.draw() for _ in range(count)]

    def _new_shoe(
        self, state: CheminDeFerState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self._not_in_coup(state)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction("the shoe in play has not reached its stop card")
        rules = self.profile.shoe
        if action.live:
            shoe = Shoe.live_table(rules.decks)
            burn = self._parse(action.burn, "new-shoe")
            if not burn:
                raise MalformedAction("new-shoe: enter the card turned up and the burnt cards")
            want = burn_value(burn[0]) + (1 if rules.burn_exposed_card else 0)
            if len(burn) != want:
                raise MalformedAction(
                    f"new-shoe: the first card {burn[0]} orders {want} cards burnt "
                    f"in all, not {len(burn)}"
                )
            try:
                shoe.expose(burn[0])
                for card in burn[1:]:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(f"new-shoe: {exc}") from None
        else:
            if action.burn:
                raise MalformedAction("new-shoe: burnt cards are entered only at a live table")
            cut = action.cut
            n = 52 * rules.decks
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(f"new-shoe: cut must be 1 to {n - 1}, not {cut!r}")
            shoe = Shoe.shuffled(
                rules.decks, source, cards_below_stop=rules.cards_below_stop, cut=cut
            )
            first = shoe.expose()
            want = burn_value(first) - (0 if rules.burn_exposed_card else 1)
            burn = [first, *shoe.burn(want)]
        state.shoe = shoe
        state.shoes += 1
        state.shoe_coups = 0
        state.early = []
        state.unsaluted = []
        state.followers = []
        if self.profile.rules.bar_lasts is BarLasts.SHOE:
            state.barred = []
        return [
            Note(
                text=f"new shoe of {rules.decks} decks; first card {burn[0]}: "
                f"{len(burn)} cards burnt"
            )
        ]

    def _burn(self, state: CheminDeFerState, action: Burn) -> list[Event]:
        shoe = self._shoe(state)
        burnt = burn_from(shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = f"burnt {' '.join(str(c) for c in burnt)}{reason}"
        state.incidents.append(text)
        return [Note(text=text)]

    def _stop_card(self, state: CheminDeFerState, action: StopCardOut) -> list[Event]:
        shoe = self._shoe(state)
        if not shoe.live:
            raise IllegalAction("this shoe knows where its stop card lies")
        if shoe.at_stop_card:
            raise IllegalAction("the stop card is already out")
        check_stop_card(shoe, shoe.total, self.profile.shoe.cards_below_stop, "stop-card-out")
        shoe.stop_card_out()
        more = " (the coup in progress is finished)" if state.phase in IN_COUP else ""
        return [Note(text=f"the stop card is out: no further coup from this shoe{more}")]

    def _early_draw(self, state: CheminDeFerState, action: EarlyDraw) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        shoe = self._shoe(state)
        if shoe.at_stop_card:
            raise IllegalAction("the stop card has come out")
        count = action.count if not shoe.live else len(action.cards)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise MalformedAction(f"early-draw: {count!r} is not a number of cards")
        if len(state.early) + count > 4:
            raise MalformedAction("early-draw: a coup starts with four cards")
        cards = self._cards(shoe, action.cards, count, "early-draw")
        state.early.extend(cards)
        return [
            Note(
                text=f"{len(cards)} card(s) drawn before betting closed: they may not go back "
                "and the banker must play the coup with them (error 1)"
            )
        ]

    def _burn_early(self, state: CheminDeFerState, action: BurnEarly) -> list[Event]:
        self.require_phase(state, Phase.STAKES, Phase.DEAL)
        if not state.early:
            raise IllegalAction("no card was drawn before betting closed")
        shoe = self._shoe(state)
        shoe.burnt.extend(state.early)
        text = f"the director orders {len(state.early)} card(s) drawn early burnt"
        state.early = []
        state.incidents.append(text)
        return [Note(text=text)]

    # -- the coup -------------------------------------------------------------------------------

    def _deal(self, state: CheminDeFerState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.DEAL)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        shoe = self._shoe(state)
        if shoe.at_stop_card:
            raise IllegalAction("the stop card has come out: this shoe deals no more coups")
        exposed = action.exposed
        if not isinstance(exposed, tuple) or any(
            not isinstance(i, int) or isinstance(i, bool) for i in exposed
        ):
            raise MalformedAction(f"deal: {exposed!r} is not a list of card positions")
        need = 4 - len(state.early)
        total = need + len(exposed)
        if len(set(exposed)) != len(exposed) or any(not 0 <= i < total for i in exposed):
            raise MalformedAction(f"deal: exposed positions must be distinct, 0 to {total - 1}")
        dealt = list(state.early)
        entered: list[Card] = []
        events: list[Event] = []
        if state.early:
            events.append(Note(text=f"the {len(state.early)} card(s) drawn early are played"))
        state.early = []
        if shoe.live:
            entered = self._parse(action.cards, "deal")
            if len(entered) != total:
                raise MalformedAction(f"deal: enter {total} card(s), not {len(entered)}")
        elif action.cards:
            raise MalformedAction("deal: cards are drawn from this shoe, not entered")
        elif shoe.remaining < total:
            raise IllegalAction(f"deal: the shoe has only {shoe.remaining} cards left")
        try:
            for i in range(total):
                given = entered[i] if shoe.live else None
                if i in exposed:
                    card = shoe.expose(given)
                    events.append(
                        Note(
                            text=f"{card} came out face up: it is removed and the next card "
                            "takes its place; no stake may be reduced or withdrawn (error 2)"
                        )
                    )
                else:
                    dealt.append(shoe.next(given))
        except ValueError as exc:
            raise MalformedAction(f"deal: {exc}") from None
        coup.punto = [dealt[0], dealt[2]]
        coup.banker = [dealt[1], dealt[3]]
        state.shoe_coups += 1
        state.phase = Phase.PUNTO
        who = coup.holder or "the croupier"
        events.append(Note(text=f"cards dealt: two to the punto ({who}), two to the banker"))
        return events

    def _declare(self, state: CheminDeFerState, action: Declare) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        self._acting(action, coup.holder, "punto")
        word = action.word
        if word not in WORDS:
            raise MalformedAction(f"declare: {word!r} is not a word (show, carte or non)")
        if state.phase is Phase.BANKER:
            return self._change_word(state, coup, word)
        self.require_phase(state, Phase.PUNTO)
        return self._punto_says(state, coup, word)

    def _punto_says(self, state: CheminDeFerState, coup: Coup, word: str) -> list[Event]:
        rules = self.profile.rules
        pt = hand_total(coup.punto)
        natural = pt >= 8
        if word == "show":
            if not natural:
                raise IllegalAction(f"the punto holds {pt}: only a natural 8 or 9 is shown")
            coup.word = coup.first_word = word
            coup.punto_shown = True
            return [Note(text=f"the punto shows a natural {pt}"), *self._showdown(state)]
        coup.word = coup.first_word = word
        events: list[Event] = [Note(text=f"the punto says {word!r}")]
        if natural:
            coup.natural_forfeited = True
            self._punto_error(coup)
            events.append(
                Note(
                    text=f"the punto said {word!r} holding a natural {pt}: he loses the right to "
                    "show it; his point stands as a normal hand and the banker is free (error 13)"
                )
            )
        else:
            cell = punto_cell(rules, pt)
            if word == "carte" and cell is not Cell.STAND:
                coup.owed = True
            elif word == "non" and cell is Cell.DRAW:
                coup.owed = coup.owed_by_error = True
                self._punto_error(coup)
                events.append(
                    Note(
                        text=f"the punto said 'non' holding {pt}: the next card is his and the "
                        "banker is free to draw or stand (errors 10 and 9)"
                    )
                )
            elif word == "carte":
                self._punto_error(coup)
                events.append(
                    Note(
                        text=f"the punto said 'carte' holding {pt}: the card he receives goes to "
                        "the banker if he draws, otherwise it is burnt (errors 11 and 9)"
                    )
                )
        if hand_total(coup.banker) >= 8 and not coup.banker_dead:
            coup.banker_shown = True
            events.append(Note(text=f"the banker shows a natural {hand_total(coup.banker)}"))
            return events + self._showdown(state)
        state.phase = Phase.BANKER
        return events

    @staticmethod
    def _punto_error(coup: Coup) -> None:
        """Row 9: after the punto's (or the croupier's) error the banker is free, unless he
        is already bound by an error of his own."""
        if coup.mode is not Mode.BANKER_FAULT:
            coup.mode = Mode.FREE
        coup.errors.append("punto")

    def _change_word(self, state: CheminDeFerState, coup: Coup, word: str) -> list[Event]:
        """Row 12: the punto says "carte" and then "non", or the reverse."""
        if coup.punto_third or coup.pending is not None or coup.punto_dead or coup.word is None:
            raise IllegalAction("the punto's card has been dealt: he may not change his word")
        if word == coup.word:
            raise IllegalAction(f"the punto has already said {word!r}")
        if word == "show":
            raise IllegalAction("a natural is shown at once or not at all (error 13)")
        pt = hand_total(coup.punto)
        first = coup.first_word
        if pt < 8 and punto_cell(self.profile.rules, pt) is Cell.OPTIONAL:
            return [
                Note(
                    text=f"the punto said {first!r} and then {word!r} holding {pt}: "
                    f"the first word counts (error 12)"
                )
            ]
        coup.word = word
        must_draw = pt < 8 and punto_cell(self.profile.rules, pt) is Cell.DRAW
        coup.owed = must_draw
        coup.owed_by_error = must_draw
        self._punto_error(coup)
        rule = "carte" if must_draw else "non"
        return [
            Note(
                text=f"the punto said {first!r} and then {word!r} holding {pt}: the coup is "
                f"settled by the rules ({rule}) and the banker is free (errors 12 and 9)"
            )
        ]

    def _give_card(self, state: CheminDeFerState, action: GiveCard) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        if coup.punto_third or coup.pending is not None:
            raise IllegalAction("the punto has already been given a card")
        if coup.punto_dead:
            raise IllegalAction("the punto's hand was thrown away: it takes no card")
        shoe = self._shoe(state)
        codes = () if action.card is None else (action.card,)
        (card,) = self._cards(shoe, codes, 1, "give-card")
        if coup.owed:
            coup.punto.append(card)
            coup.punto_third = True
            coup.owed = False
            return [Note(text=f"the punto's third card: {card}, face up")]
        coup.pending = card
        if coup.word == "non":
            note = (
                f"{card} given to a punto who said 'non': not a banker's fault; it goes to the "
                "banker if he draws, otherwise it is burnt (error 7)"
            )
        else:
            note = f"{card} is not the punto's: the banker's if he draws, else burnt (error 11)"
        return [Note(text=note)]

    def _banker_play(self, state: CheminDeFerState, action: BankerPlay) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        draw = action.draw
        if draw is not None and not isinstance(draw, bool):
            raise MalformedAction(
                f"banker-play: {draw!r} is not draw (true), stand (false) or null"
            )
        return self._banker_decides(state, coup, draw, action.cards)

    def _banker_decides(
        self, state: CheminDeFerState, coup: Coup, draw: bool | None, codes: object
    ) -> list[Event]:
        rules = self.profile.rules
        shoe = self._shoe(state)
        bt = hand_total(coup.banker)
        events: list[Event] = []
        if coup.owed:
            if draw is not True:
                raise IllegalAction("the punto is owed his third card: give it to him first")
            # The card went to the banker: it goes back to the punto, the banker takes the next.
            if not coup.owed_by_error:
                coup.mode = Mode.BANKER_FAULT
                coup.errors.append("banker")
            takes = bt <= 5 if coup.mode is Mode.BANKER_FAULT else True
            cards = self._cards(shoe, codes, 2 if takes else 1, "banker-play")
            coup.punto.append(cards[0])
            coup.punto_third = True
            coup.owed = False
            events.append(
                Note(
                    text=f"the card {cards[0]} goes back to the punto, who was owed it "
                    f"(errors 7 and 10)"
                )
            )
            if takes:
                coup.banker.append(cards[1])
                events.append(Note(text=f"the banker draws {cards[1]}"))
            else:
                events.append(Note(text=f"the banker's fault binds him: he stands on {bt}"))
            coup.banker_shown = True
            return events + self._showdown(state)
        third = point_value(coup.punto[2]) if coup.punto_third else None
        must = banker_must(rules, coup.mode, bt, third)
        if draw is None:
            draw = must if must is not None else by_the_rules(rules, banker_cell(rules, bt, third))
            events.append(Note(text="the banker asks the croupier to play by the rules"))
        elif must is not None and draw is not must:
            against = "the punto stood" if third is None else f"a third card of {third}"
            rule = "draw" if must else "stand"
            why = (
                "his own error binds him (error 9)"
                if coup.mode is Mode.BANKER_FAULT
                else "the table's cell is mandatory"
            )
            raise IllegalAction(f"banker {bt} against {against}: he must {rule}, {why}")
        if draw:
            if coup.pending is not None:
                card = coup.pending
                coup.pending = None
                if codes:
                    raise MalformedAction("banker-play: the banker takes the card set aside")
            else:
                (card,) = self._cards(shoe, codes, 1, "banker-play")
            coup.banker.append(card)
            events.append(Note(text=f"the banker draws {card}"))
        else:
            if codes:
                raise MalformedAction("banker-play: a banker who stands takes no card")
            if coup.pending is not None:
                shoe.burnt.append(coup.pending)
                events.append(Note(text=f"{coup.pending} is burnt"))
                coup.pending = None
            events.append(Note(text=f"the banker stands on {bt}"))
        coup.banker_shown = True
        return events + self._showdown(state)

    # -- showdown and settlement ---------------------------------------------------------------

    def _showdown(self, state: CheminDeFerState) -> list[Event]:
        coup = self._coup(state)
        bank = self._bank(state)
        shoe = self._shoe(state)
        if coup.pending is not None:
            shoe.burnt.append(coup.pending)
            coup.pending = None
        pp = 0 if coup.punto_dead else hand_total(coup.punto)
        bp = 0 if coup.banker_dead else hand_total(coup.banker)
        winner = "banker" if bp > pp else "punto" if pp > bp else "tie"
        p_cards = " ".join(str(c) for c in coup.punto)
        b_cards = " ".join(str(c) for c in coup.banker)
        verdict = {"banker": "the banker wins", "punto": "the punto wins", "tie": "égalité"}[winner]
        announcement = f"punto {p_cards} = {pp}, banker {b_cards} = {bp}: {verdict}"
        events: list[Event] = [
            CoupResult(
                coup=coup.number,
                punto=tuple(str(c) for c in coup.punto),
                banker=tuple(str(c) for c in coup.banker),
                punto_point=pp,
                banker_point=bp,
                winner=winner,
                announcement=announcement,
            )
        ]
        state.results.append(f"{pp}-{bp} {winner}")
        del state.results[:-50]
        state.coups += 1
        state.coup = None
        state.cards_right = None
        anchor = self._anchor(state)
        order = sorted(
            state.stakes.values(),
            key=lambda s: (
                s.player in state.followers,
                self._priority(state, s.player, anchor),
                s.id,
            ),
        )
        if winner == "punto":
            state.suivi = None
            for stake in order:  # followers are paid last
                state.players[stake.player] += 2 * stake.amount
                bank.amount -= stake.amount
                events.append(
                    StakeSettled(
                        player=stake.player,
                        stake=stake.amount,
                        decision="win",
                        win=stake.amount,
                        returned=2 * stake.amount,
                        net=stake.amount,
                    )
                )
            state.stakes = {}
            events += self._end_bank(state, OfferReason.LOSS, coup.bank_at_start)
        elif winner == "banker":
            order.sort(key=lambda s: s.player not in state.followers)  # collected first
            winnings = 0
            for stake in order:
                winnings += stake.amount
                events.append(
                    StakeSettled(
                        player=stake.player, stake=stake.amount, decision="lose", net=-stake.amount
                    )
                )
            lead = coup.lead
            state.suivi = (
                next((s.player for s in order if s.kind is StakeKind.BANCO), None)
                if lead is StakeKind.BANCO
                else None
            )
            state.stakes = {}
            cut = cagnotte_of(winnings, self.profile.cagnotte)
            state.cagnotte += cut
            bank.amount += winnings - cut
            bank.coups += 1
            bank.last = "win"
            events.append(CagnotteTaken(winnings=winnings, amount=cut, to_bank=winnings - cut))
            events.append(
                Note(
                    text=f"cagnotte {_fmt(cut)} on {_fmt(winnings)}; the bank is now "
                    f"{_fmt(bank.amount)}"
                )
            )
            state.phase = Phase.STAKES
        else:
            state.suivi = None
            bank.coups += 1
            bank.last = "tie"
            stay = self.profile.rules.tie_stakes is TieStakes.STAY
            for stake in order:
                if stay:
                    events.append(
                        StakeSettled(player=stake.player, stake=stake.amount, decision="void")
                    )
                else:
                    state.players[stake.player] += stake.amount
                    events.append(
                        StakeSettled(
                            player=stake.player,
                            stake=stake.amount,
                            decision="returned",
                            returned=stake.amount,
                        )
                    )
            if not stay:
                state.stakes = {}
            events.append(Note(text="égalité: the coup is void; the banker keeps the bank"))
            state.phase = Phase.STAKES
        if shoe.at_stop_card:
            events.append(Note(text="the stop card is out: end of the shoe"))
        return events

    # -- errors and incidents -------------------------------------------------------------------

    def _discard_coup(self, state: CheminDeFerState, reason: str) -> list[Event]:
        coup = self._coup(state)
        if coup.pending is not None and state.shoe is not None:
            state.shoe.burnt.append(coup.pending)
        state.coup = None
        state.early = []
        state.phase = Phase.STAKES
        state.voids += 1
        state.incidents.append(f"coup {coup.number} void: {reason}")
        return [
            Note(
                text=f"the coup is void ({reason}): nothing is settled; the stakes stay and "
                "may be withdrawn"
            )
        ]

    def _void(self, state: CheminDeFerState, action: Void) -> list[Event]:
        self.require_phase(state, *IN_COUP)
        return self._discard_coup(state, action.reason or "void coup")

    def _misdeal(self, state: CheminDeFerState, action: Misdeal) -> list[Event]:
        self.require_phase(state, Phase.PUNTO)
        coup = self._coup(state)
        if coup.word is not None:  # pragma: no cover - a declared punto leaves PUNTO
            raise IllegalAction("the punto has declared")
        dealt = [*coup.punto, *coup.banker]
        if action.corrected:
            cards = self._parse(action.corrected, "misdeal")
            if len(cards) != 4 or Counter(cards) != Counter(dealt):
                raise MalformedAction("misdeal: give the four dealt cards in the order P B P B")
            coup.punto = [cards[0], cards[2]]
            coup.banker = [cards[1], cards[3]]
            return [Note(text="irregular dealing corrected: each hand has its cards (error 6)")]
        shoe = self._shoe(state)
        shoe.burnt.extend(dealt)
        coup.punto, coup.banker = [], []
        coup.punto_shown = False
        coup.mode = Mode.TABLE
        state.phase = Phase.DEAL
        return [Note(text="irregular dealing: the deal is cancelled and redone (error 6)")]

    def _exposed_hand(self, state: CheminDeFerState, action: ExposedHand) -> list[Event]:
        self.require_phase(state, Phase.PUNTO)
        coup = self._coup(state)
        if action.fault not in ("banker", "croupier", "punto"):
            raise MalformedAction(
                f"exposed-hand: {action.fault!r} is not banker, croupier or punto"
            )
        coup.punto_shown = True
        if action.fault == "banker":
            coup.mode = Mode.BANKER_FAULT
            coup.errors.append("banker")
            bound = "the banker must draw on 0-5 and stand on 6-7"
        else:
            self._punto_error(coup)
            bound = "the banker may draw or stand freely"
        return [
            Note(
                text=f"both punto cards exposed during the deal ({action.fault}'s error): play "
                f"goes on; no stake may change; {bound} (errors 8 and 9)"
            )
        ]

    def _card_on_floor(self, state: CheminDeFerState, action: CardOnFloor) -> list[Event]:
        self.require_phase(state, *IN_COUP)
        (card,) = self._parse((action.card,), "card-on-floor")
        text = f"{card} fell on the floor: it keeps its value; the croupier picks it up (error 4)"
        state.incidents.append(text)
        return [Note(text=text)]

    def _wrong_holder(self, state: CheminDeFerState, action: WrongHolder) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        player = self._player(state, action.player)
        if player == coup.holder:
            raise IllegalAction(f"{player} holds the punto cards")
        if coup.word is not None:
            text = (
                f"the cards went to {player}, but the punto had declared: the coup stands; "
                "the next coup's cards go to the player entitled to them (error 5)"
            )
        else:
            text = f"the cards went to {player}: they go back to {coup.holder or 'the croupier'}"
        state.incidents.append(text)
        return [Note(text=text)]

    def _cards_in_cesta(self, state: CheminDeFerState, action: CardsInCesta) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        if action.seen:
            text = "cards seen falling into the cesta are retrieved: play continues (error 16)"
            state.incidents.append(text)
            return [Note(text=text)]
        return self._discard_coup(state, "cards fell unseen into the cesta (error 16)")

    def _thrown_away(self, state: CheminDeFerState, action: ThrownAway) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        if action.hand not in ("punto", "banker"):
            raise MalformedAction(f"thrown-away: {action.hand!r} is not punto or banker")
        if action.culprit not in ("player", "croupier"):
            raise MalformedAction(f"thrown-away: {action.culprit!r} is not player or croupier")
        if action.culprit == "croupier":
            text = (
                f"the croupier threw the {action.hand}'s cards away: they are retrieved and the "
                "point rebuilt from the testimony of those who saw them (error 15)"
            )
            state.incidents.append(text)
            return [Note(text=text)]
        if action.hand == "punto":
            if coup.punto_dead:
                raise IllegalAction("the punto's hand is already dead")
            coup.punto_dead = True
            coup.owed = False
            self._punto_error(coup)
            events: list[Event] = [
                Note(
                    text="the punto threw his cards away unshown: his hand counts 0 (baccara); "
                    "the banker is free to draw or stand (errors 15 and 9)"
                )
            ]
            if state.phase is Phase.PUNTO:
                if hand_total(coup.banker) >= 8:
                    coup.banker_shown = True
                    return events + self._showdown(state)
                state.phase = Phase.BANKER
            return events
        if state.phase is not Phase.BANKER:
            raise WrongPhase("the banker's cards are turned over after the punto has played")
        if coup.owed:
            raise IllegalAction("the punto is owed his third card: give it to him first")
        coup.banker_dead = True
        return [
            Note(text="the banker threw his cards away unshown: his hand counts 0 (error 15)"),
            *self._showdown(state),
        ]

    def _wrong_announcement(
        self, state: CheminDeFerState, action: WrongAnnouncement
    ) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        coup = self._coup(state)
        if not coup.punto_shown:
            return [
                Note(
                    text="the banker announced a point that is not his: the punto has not shown "
                    "his point, so he may still ask for a third card (error 17)"
                )
            ]
        coup.mode = Mode.BANKER_FAULT
        coup.errors.append("banker")
        return [
            Note(
                text="the banker announced a point that is not his after the punto showed: he must "
                "draw on 0-5 and stand on 6-7 (errors 17 and 9)"
            )
        ]

    def _slow_play(self, state: CheminDeFerState, action: SlowPlay) -> list[Event]:
        coup = self._coup(state)
        player = self._player(state, action.player)
        why = (
            "was advised by someone other than the croupier" if action.advised else "took too long"
        )
        if state.phase is Phase.PUNTO and player == coup.holder:
            if player not in state.barred:
                state.barred.append(player)
            word = punto_word_by_the_rules(self.profile.rules, hand_total(coup.punto))
            events: list[Event] = [
                Note(
                    text=f"{player} {why}: he may not keep the cards; the croupier applies the "
                    f"drawing rules ({word}) (error 14)"
                )
            ]
            return events + self._punto_says(state, coup, word)
        bank = self._bank(state)
        if state.phase is Phase.BANKER and player == bank.banker:
            if coup.owed:
                raise IllegalAction("the punto is owed his third card: give it to him first")
            note = Note(text=f"the banker {why}: the drawing rules are applied (error 14)")
            return [note, *self._banker_decides(state, coup, None, action.cards)]
        raise IllegalAction(f"{player} has nothing to announce now")

    def _bar_from_cards(self, state: CheminDeFerState, action: BarFromCards) -> list[Event]:
        player = self._player(state, action.player)
        if player in state.barred:
            raise IllegalAction(f"{player} is already stopped from holding the cards")
        state.barred.append(player)
        return [
            Note(
                text=f"{player} may not hold the punto cards ("
                f"until the end of the {self.profile.rules.bar_lasts}); no money penalty (error 19)"
            )
        ]

    def _claim(self, state: CheminDeFerState, action: Claim) -> list[Event]:
        player = self._player(state, action.player)
        number = action.coup
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise MalformedAction(f"claim: {number!r} is not a coup number")
        if state.coup is not None and state.coup.number == number:
            text = f"{player} makes a claim on coup {number}: the inspector decides"
            state.incidents.append(text)
            return [Note(text=text)]
        if number <= state.coups:
            raise IllegalAction(
                f"coup {number} has been paid and collected: claims are no longer accepted"
            )
        raise MalformedAction(f"claim: there is no coup {number}")

    def _tip(self, state: CheminDeFerState, action: Tip) -> list[Event]:
        player = self._player(state, action.player)
        amount = self._amount(action.amount)
        if state.players[player] < amount:
            raise InsufficientFunds(f"{player} holds {_fmt(state.players[player])}")
        state.players[player] -= amount
        state.tips += amount
        return [Note(text=f"{player} tips {_fmt(amount)}: into the tips slot")]

    # -- closing --------------------------------------------------------------------------------

    def _suspend(self, state: CheminDeFerState, action: Suspend) -> list[Event]:
        self.require_phase(state, Phase.OFFER, Phase.STAKES)
        if state.stakes:
            raise IllegalAction("stakes are on the table: settle or return them first")
        if not isinstance(action.key_holder, str) or not action.key_holder.strip():
            raise MalformedAction("suspend: name who keeps the key of the bank")
        state.resume = state.phase
        state.phase = Phase.SUSPENDED
        state.key_holder = action.key_holder
        return [
            Note(
                text=f"table temporarily closed; the bank is locked, the key kept by "
                f"{action.key_holder}"
            )
        ]

    def _reopen(self, state: CheminDeFerState, action: Reopen) -> list[Event]:
        self.require_phase(state, Phase.SUSPENDED)
        state.phase = state.resume or Phase.OFFER
        state.resume = None
        state.key_holder = None
        return [Note(text="table reopened")]

    def _close_table(self, state: CheminDeFerState, action: CloseTable) -> list[Event]:
        self.require_phase(state, Phase.OFFER, Phase.STAKES)
        events: list[Event] = []
        for stake in sorted(state.stakes.values(), key=lambda s: s.id):
            state.players[stake.player] += stake.amount
            events.append(
                StakeSettled(
                    player=stake.player,
                    stake=stake.amount,
                    decision="returned",
                    returned=stake.amount,
                )
            )
        state.stakes = {}
        if state.bank is not None:
            events += self._return_bank(state, "closing")
        state.offer = None
        state.phase = Phase.CLOSED
        events.append(Note(text="the table is closed for the session"))
        return events

    # -- the electronic table ---------------------------------------------------------------

    def auto_action(self) -> Action | None:
        """The next action of a coup when everyone follows the rules (an electronic table):
        a new shoe when needed, "no va más", the deal, the punto's word by the rules, his
        card, the banker's play by the rules. None when the table waits for people
        (the bank offered, no stake yet).

        >>> from crupier.games.chemin_de_fer.rules import load_builtin
        >>> CheminDeFer(load_builtin()).auto_action() is None
        True
        """
        s = self.state
        coup = s.coup
        if s.phase is Phase.STAKES:
            if s.shoe is None or s.shoe.at_stop_card:
                return NewShoe(by=Role.SYSTEM)
            return NoMoreBets(by=Role.SYSTEM) if s.stakes else None
        if s.phase is Phase.DEAL:
            return Deal(by=Role.SYSTEM)
        if s.phase is Phase.PUNTO and coup is not None:
            word = punto_word_by_the_rules(self.profile.rules, hand_total(coup.punto))
            return Declare(player=coup.holder, word=word, by=Role.CROUPIER)
        if s.phase is Phase.BANKER and coup is not None:
            return GiveCard(by=Role.SYSTEM) if coup.owed else BankerPlay(by=Role.SYSTEM)
        return None

    def auto_round(self) -> list[Record]:
        """Play the coup to its settlement by the rules (see :meth:`auto_action`)."""
        records: list[Record] = []
        started = False
        while True:
            if started and self.state.phase not in IN_COUP:
                return records
            action = self.auto_action()
            if action is None:
                return records
            started = started or isinstance(action, NoMoreBets)
            records.append(self.apply(action))

    # -- views ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        s = self.state
        if s.phase is Phase.CLOSED:
            return ["cash-out"]
        if s.phase is Phase.SUSPENDED:
            return ["buy-in", "cash-out", "reopen"]
        kinds = [
            "buy-in",
            "tip",
            "bar-from-cards",
            "claim",
            "stand",
            "join-waiting-list",
            "request-seat-change",
        ]
        if s.phase not in IN_COUP:
            kinds += ["cash-out", "take-seat", "leave-seat", "suspend", "close-table"]
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
        if s.shoe is not None:
            kinds.append("burn")
            if s.shoe.live and not s.shoe.at_stop_card:
                kinds.append("stop-card")
        if s.phase is Phase.OFFER:
            offer = s.offer
            if offer is None:
                kinds.append("offer-bank")
            elif offer.stage is OfferStage.AUCTION:
                kinds += ["bid", "close-auction"]
            else:
                kinds += ["take-bank", "decline-bank"]
                if offer.stage is OfferStage.ROTATION:
                    kinds.append("absent")
        elif s.phase is Phase.STAKES:
            kinds += [
                "stake",
                "withdraw-stake",
                "banco",
                "no-more-bets",
                "pass-hand",
                "associate",
                "add-to-bank",
                "early-draw",
                "claim-cards",
            ]
            if self.profile.stakes.avec_la_table:
                kinds.append("avec-la-table")
            if self.profile.bank.allow_garage:
                kinds.append("garage")
            if s.early:
                kinds.append("burn-early")
        elif s.phase is Phase.DEAL:
            kinds += ["deal", "void", "card-on-floor"]
            if s.early:
                kinds.append("burn-early")
        elif s.phase is Phase.PUNTO:
            kinds += [
                "declare",
                "misdeal",
                "exposed-hand",
                "void",
                "card-on-floor",
                "wrong-holder",
                "cards-in-cesta",
                "thrown-away",
                "slow-play",
            ]
        elif s.phase is Phase.BANKER:
            kinds += [
                "give-card",
                "banker-play",
                "declare",
                "void",
                "card-on-floor",
                "wrong-holder",
                "cards-in-cesta",
                "thrown-away",
                "wrong-announcement",
                "slow-play",
            ]
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        """What ``seat`` (a player's name; None: the public) may see. The punto's two cards
        are seen by the punto until shown, the banker's by the banker until he turns them
        over; third cards are dealt face up."""
        s = self.state
        bank = s.bank
        offer = s.offer
        out: JSON = {
            "game": self.game_id,
            "profile": self.profile.profile,
            "phase": str(s.phase),
            "coups": s.coups,
            "last_results": list(s.results[-12:]),
            "players": dict(s.players) if seat is None else {seat: s.players.get(seat, 0)},
            "seats": {str(k): v for k, v in sorted(s.seats.items())},
            "standing": dict(s.standing),
            "waiting_list": list(s.waiting_list),
            "bank": None
            if bank is None
            else {
                "banker": bank.banker,
                "seat": bank.seat,
                "amount": bank.amount,
                "garage": bank.garage,
                "partners": bank.partners,
                "coups": bank.coups,
            },
            "offer": None
            if offer is None
            else {
                "reason": str(offer.reason),
                "stage": str(offer.stage),
                "candidate": offer.candidate,
                "minimum": offer.minimum,
                "bids": [b.to_dict() for b in offer.bids],
            },
            "stakes": [st.to_dict() for st in sorted(s.stakes.values(), key=lambda x: x.id)],
            "suivi": s.suivi,
            "cards_right": s.cards_right,
            "cagnotte": s.cagnotte,
            "tips": s.tips,
            "legal_actions": self.legal_actions(),
        }
        coup = s.coup
        if coup is not None:
            banker = bank.banker if bank is not None else None
            punto_seen = coup.punto_shown or (seat is not None and seat == coup.holder)
            banker_seen = coup.banker_shown or (seat is not None and seat == banker)
            out["coup"] = {
                "number": coup.number,
                "holder": coup.holder,
                "word": coup.word,
                "punto": [
                    str(c) if punto_seen or i >= 2 else "??" for i, c in enumerate(coup.punto)
                ],
                "banker": [
                    str(c) if banker_seen or i >= 2 else "??" for i, c in enumerate(coup.banker)
                ],
                "pending": str(coup.pending) if coup.pending is not None else None,
                "mode": str(coup.mode),
            }
        if s.shoe is not None:
            out["shoe"] = {
                "decks": s.shoe.decks,
                "live": s.shoe.live,
                "remaining": s.shoe.remaining,
                "stop_card_out": s.shoe.at_stop_card,
            }
        return out


__all__ = ["WORDS", "CheminDeFer"]
