"""Chemin de fer engine, one part: small helpers, priority and rotation, players and seats, views.

The engine (:class:`~crupier.games.chemin_de_fer.engine.CheminDeFer`) is built in
layers, each calling only itself and the layers below: seating, banking, coups.
"""

from __future__ import annotations

from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotPermitted,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, Note
from crupier.core.money import Money, check_amount
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, Game
from crupier.games.baccarat.cards import hand_total
from crupier.games.baccarat.shoe import shoe_view
from crupier.games.chemin_de_fer.profile import (
    Cell,
    CheminDeFerProfile,
    Rotation,
    punto_cell,
)
from crupier.games.chemin_de_fer.state import (
    IN_COUP,
    Bank,
    CheminDeFerState,
    Coup,
    JoinWaitingList,
    LeaveSeat,
    OfferStage,
    Phase,
    RequestSeatChange,
    Stand,
    TakeSeat,
)
from crupier.i18n import N_, W_
from crupier.i18n.fragments import either
from crupier.i18n.phases import phase_word


class _Seating(Game[CheminDeFerProfile, CheminDeFerState]):
    """The engine's small helpers, priority and rotation, players and seats, views."""

    # -- small helpers ----------------------------------------------------------------------

    @staticmethod
    def require_phase(state: CheminDeFerState, *phases: Phase) -> None:
        """Raise :class:`WrongPhase` unless the table is in one of ``phases``."""
        if state.phase not in phases:
            raise WrongPhase(
                N_(
                    "not possible now: the table is in {phase}, not {wanted}",
                    phase=phase_word(state.phase),
                    wanted=either(phase_word(p) for p in phases),
                )
            )

    @staticmethod
    def _player(state: CheminDeFerState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(N_("{player!r} is not at the table (buy in first)", player=player))
        return player

    @staticmethod
    def _amount(amount: object) -> int:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise MalformedAmount(N_("{amount!r} is not an amount of minor units", amount=amount))
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
            raise MalformedAction(
                N_("{what}: {seat!r} is not a seat of this table", what=what, seat=seat)
            )
        return seat

    @staticmethod
    def _in_shoe(state: CheminDeFerState) -> bool:
        """True while a shoe is being dealt: a coup has come out of it, and not the stop card."""
        return state.shoe is not None and not state.shoe.at_stop_card and state.shoe_coups > 0

    def _bank(self, state: CheminDeFerState) -> Bank:
        if state.bank is None:
            raise IllegalAction(N_("nobody holds the bank"))
        return state.bank

    def _coup(self, state: CheminDeFerState) -> Coup:
        if state.coup is None:
            raise WrongPhase(N_("no coup is in progress"))
        return state.coup

    @staticmethod
    def _acting(action: Action, expected: str | None, role: str) -> None:
        """A player acting himself must be ``expected``; staff act for him (or for nobody)."""
        who = getattr(action, "player", None)
        if action.by is Role.PLAYER:
            if expected is None or who != expected:
                holder = expected or W_("the croupier")
                raise NotPermitted(
                    N_(
                        "{kind}: {who!r} is not the {role} ({holder} is)",
                        kind=action.kind,
                        who=who,
                        role=role,
                        holder=holder,
                    )
                )
        elif who is not None and who != expected:
            raise NotPermitted(
                N_("{kind}: {who!r} is not the {role}", kind=action.kind, who=who, role=role)
            )

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
            raise MalformedAction(N_("{player!r} is not a player name", player=action.player))
        if action.player not in state.players:
            state.arrival[action.player] = state.next_arrival
            state.next_arrival += 1
        state.players[action.player] = state.players.get(action.player, 0) + amount
        state.bought_in += amount
        return [
            Note(
                text=N_(
                    "{player} buys in for {amount:money}",
                    player=action.player,
                    amount=Money(amount),
                )
            )
        ]

    def _engaged(self, state: CheminDeFerState, player: str) -> str | None:
        """Why ``player`` may not leave now (None: he may)."""
        if state.bank is not None and player in state.bank.shares:
            return W_("holds a share of the bank")
        if any(s.player == player for s in state.stakes.values()):
            return W_("has a stake on the table")
        offer = state.offer
        if offer is not None:
            if offer.candidate == player:
                return W_("is being offered the bank")
            pledged = [offer.claim] if offer.claim else []
            for bid in [*pledged, *offer.bids]:
                if player == bid.player or player in (p for p, _ in bid.partners):
                    return W_("has a pending offer for the bank")
        if state.coup is not None and state.coup.holder == player:
            return W_("holds the punto cards")
        return None

    def _cash_out(self, state: CheminDeFerState, action: CashOut) -> list[Event]:
        player = self._player(state, action.player)
        why = self._engaged(state, player)
        if why is not None:
            raise IllegalAction(N_("{player} {why}", player=player, why=why))
        amount = state.players.pop(player)
        state.cashed_out += amount
        self._forget(state, player)
        return [
            Note(text=N_("{player} cashes out {amount:money}", player=player, amount=Money(amount)))
        ]

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
            raise WrongPhase(N_("not during a coup: wait for the coup to be settled"))

    def _take_seat(self, state: CheminDeFerState, action: TakeSeat) -> list[Event]:
        self._not_in_coup(state)
        player = self._player(state, action.player)
        seat = self._valid_seat(action.seat, "take-seat")
        if seat in state.seats:
            raise IllegalAction(
                N_("seat {seat} is taken by {seats}", seat=seat, seats=state.seats[seat])
            )
        if state.bank is not None and state.bank.banker == player:
            raise IllegalAction(
                N_("{player} holds the bank: he may not change seat now", player=player)
            )
        old = self._seat_of(state, player)
        in_shoe = self._in_shoe(state)
        if in_shoe:
            if state.waiting_list and state.waiting_list[0] != player:
                raise IllegalAction(
                    N_(
                        "during a shoe seat {seat} goes to {waiting_list} first "
                        "(the inspector's waiting list)",
                        seat=seat,
                        waiting_list=state.waiting_list[0],
                    )
                )
            if not state.waiting_list and state.seat_requests and state.seat_requests[0] != player:
                raise IllegalAction(
                    N_(
                        "during a shoe seat {seat} goes to {seat_requests} first "
                        "(a seated player who asked to change seat)",
                        seat=seat,
                        seat_requests=state.seat_requests[0],
                    )
                )
        if old is not None:
            del state.seats[old]
        state.seats[seat] = player
        state.standing.pop(player, None)
        for names in (state.waiting_list, state.seat_requests, state.followers):
            if player in names:
                names.remove(player)
        came = N_(" (from seat {old})", old=old) if old else ""
        if in_shoe and player not in state.unsaluted:
            state.unsaluted.append(player)
            text = N_(
                "{player} takes seat {seat}{came}: during a shoe, he must let the hand pass once "
                "(saludar)",
                player=player,
                seat=seat,
                came=came,
            )
        else:
            text = N_("{player} takes seat {seat}{came}", player=player, seat=seat, came=came)
        return [Note(text=text)]

    def _leave_seat(self, state: CheminDeFerState, action: LeaveSeat) -> list[Event]:
        self._not_in_coup(state)
        player = self._player(state, action.player)
        seat = self._seat_of(state, player)
        if seat is None:
            raise IllegalAction(N_("{player} has no seat", player=player))
        if state.bank is not None and state.bank.banker == player:
            raise IllegalAction(N_("{player} holds the bank: pass the hand first", player=player))
        if state.offer is not None and state.offer.candidate == player:
            raise IllegalAction(
                N_("{player} is being offered the bank: decline it first", player=player)
            )
        del state.seats[seat]
        if player in state.unsaluted:
            state.unsaluted.remove(player)
        return [Note(text=N_("{player} leaves seat {seat}", player=player, seat=seat))]

    def _stand(self, state: CheminDeFerState, action: Stand) -> list[Event]:
        player = self._player(state, action.player)
        behind = self._valid_seat(action.behind, "stand")
        if self._seat_of(state, player) is not None:
            raise IllegalAction(N_("{player} is seated: leave the seat first", player=player))
        old = state.standing.get(player)
        if old == behind:
            raise IllegalAction(
                N_("{player} already stands behind seat {behind}", player=player, behind=behind)
            )
        state.standing[player] = behind
        events: list[Event] = [
            Note(text=N_("{player} stands behind seat {behind}", player=player, behind=behind))
        ]
        if old is not None and self._in_shoe(state) and player not in state.followers:
            state.followers.append(player)
            events.append(
                Note(
                    text=N_(
                        "{player} moved to follow the hand: he is collected first and paid last (002 08 IV)",
                        player=player,
                    )
                )
            )
        return events

    def _join_waiting_list(self, state: CheminDeFerState, action: JoinWaitingList) -> list[Event]:
        player = self._player(state, action.player)
        if self._seat_of(state, player) is not None:
            raise IllegalAction(
                N_("{player} is seated (ask for a change of seat instead)", player=player)
            )
        if player in state.waiting_list:
            raise IllegalAction(N_("{player} is already on the waiting list", player=player))
        state.waiting_list.append(player)
        return [
            Note(
                text=N_(
                    "{player} is number {n} on the waiting list",
                    player=player,
                    n=len(state.waiting_list),
                )
            )
        ]

    def _request_seat_change(
        self, state: CheminDeFerState, action: RequestSeatChange
    ) -> list[Event]:
        player = self._player(state, action.player)
        if self._seat_of(state, player) is None:
            raise IllegalAction(N_("{player} has no seat to change", player=player))
        if player in state.seat_requests:
            raise IllegalAction(N_("{player} has already asked to change seat", player=player))
        state.seat_requests.append(player)
        return [Note(text=N_("{player} asks to change seat", player=player))]

    def _give_up_seat(self, state: CheminDeFerState, player: str, why: str) -> list[Event]:
        """``player`` loses his seat; the first on the waiting list takes it."""
        seat = self._seat_of(state, player)
        if seat is None:
            return []
        del state.seats[seat]
        state.refusals.pop(player, None)
        if player in state.unsaluted:
            state.unsaluted.remove(player)
        events: list[Event] = [
            Note(text=N_("{player} {why}: he loses seat {seat}", player=player, why=why, seat=seat))
        ]
        if state.waiting_list:
            heir = state.waiting_list.pop(0)
            state.seats[seat] = heir
            state.standing.pop(heir, None)
            if self._in_shoe(state):
                state.unsaluted.append(heir)
                text = N_(
                    "{heir}, first on the waiting list, takes seat {seat}: he must let the hand "
                    "pass once (saludar)",
                    heir=heir,
                    seat=seat,
                )
            else:
                text = N_(
                    "{heir}, first on the waiting list, takes seat {seat}", heir=heir, seat=seat
                )
            events.append(Note(text=text))
        return events

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

    def punto_words(self, coup: Coup) -> list[str]:
        """The words the punto's tableau gives him on his two cards: ``show`` on a natural,
        ``carte`` or ``non`` where the rules bind him, both where he has the choice (5 in
        the classic table). Any other word is an error with its consequence (errors 9-13).

        >>> from crupier.core.cards import cards
        >>> from crupier.games.chemin_de_fer import CheminDeFer, load_builtin
        >>> from crupier.games.chemin_de_fer.state import StakeKind
        >>> game = CheminDeFer(load_builtin())
        >>> hands = ("2h 3c", "4h Kc", "6s Kd", "9s Kd")
        >>> [game.punto_words(Coup(1, "ana", StakeKind.BANCO, 0, cards(h))) for h in hands]
        [['carte', 'non'], ['carte'], ['non'], ['show']]
        """
        total = hand_total(coup.punto[:2])
        if total >= 8:
            return ["show"]
        cell = punto_cell(self.profile.rules, total)
        return {Cell.DRAW: ["carte"], Cell.STAND: ["non"]}.get(cell, ["carte", "non"])

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
            if seat is not None and seat == coup.holder and s.phase is Phase.PUNTO:
                out["coup"]["words"] = self.punto_words(coup)
        if s.shoe is not None:
            out["shoe"] = shoe_view(s.shoe)
        return out
