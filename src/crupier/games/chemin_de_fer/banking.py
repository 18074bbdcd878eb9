"""Chemin de fer engine, one part: the bank (vacant, auctioned, between coups), stakes against it, the shoe, closing.

The engine (:class:`~crupier.games.chemin_de_fer.engine.CheminDeFer`) is built in
layers, each calling only itself and the layers below: seating, banking, coups.
"""

from __future__ import annotations

import math
from fractions import Fraction

from crupier.core.cards import Card
from crupier.core.errors import (
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    NotMultipleOfUnit,
    WrongPhase,
)
from crupier.core.layout import NoMoreBets, Note, Reopen, Suspend
from crupier.core.money import Money
from crupier.core.rng import RandomSource
from crupier.core.round import Action, Event
from crupier.core.shoe import Shoe, burn_from, check_stop_card, parse_cards
from crupier.games.baccarat.shoe import check_available, open_shoe
from crupier.games.chemin_de_fer.profile import (
    Additions,
    BarLasts,
    CagnotteRounding,
)
from crupier.games.chemin_de_fer.seating import _Seating
from crupier.games.chemin_de_fer.state import (
    IN_COUP,
    STAKE_WORDS,
    Absent,
    AddToBank,
    Associate,
    AvecLaTable,
    Banco,
    Bank,
    BankAwarded,
    BankReturned,
    Bid,
    BidForBank,
    Burn,
    BurnEarly,
    CheminDeFerState,
    ClaimCards,
    CloseAuction,
    CloseTable,
    Coup,
    DeclineBank,
    EarlyDraw,
    Garage,
    NewShoe,
    Offer,
    OfferBank,
    OfferReason,
    OfferStage,
    PassHand,
    Phase,
    PlaceStake,
    Stake,
    StakeKind,
    StakeSettled,
    StopCardOut,
    TakeBank,
    WithdrawStake,
)
from crupier.i18n import N_, W_
from crupier.i18n.fragments import joined


class _Banking(_Seating):
    """The engine's the bank (vacant, auctioned, between coups), stakes against it, the shoe, closing."""

    # -- the vacant bank: rotation, take-back, auction -----------------------------------------

    def _offer(self, state: CheminDeFerState) -> Offer:
        if state.phase is not Phase.OFFER or state.offer is None:
            raise WrongPhase(N_("the bank is not being offered now"))
        return state.offer

    def _offer_bank(self, state: CheminDeFerState, action: OfferBank) -> list[Event]:
        self.require_phase(state, Phase.OFFER)
        if state.offer is not None:
            raise IllegalAction(N_("the bank is already being offered"))
        if not state.seats and not state.standing:
            raise IllegalAction(N_("nobody is seated or standing at the table"))
        state.offer = Offer(
            reason=OfferReason.START,
            anchor=self._start_anchor(),
            minimum=self.profile.bank.minimum,
        )
        return [
            Note(text=N_("the bank is offered, starting at the croupier's right (seat 1)")),
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
                events.append(
                    Note(
                        text=N_(
                            "{candidate} salutes: he lets the hand pass (saludar)",
                            candidate=candidate,
                        )
                    )
                )
                continue
            offer.candidate = candidate
            where = self._seat_of(state, candidate)
            place = N_("seat {seat}", seat=where) if where is not None else W_("standing")
            events.append(
                Note(
                    text=N_(
                        "the bank is offered to {candidate} ({place}) for at least {minimum:money}",
                        candidate=candidate,
                        place=place,
                        minimum=Money(offer.minimum),
                    )
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
                    Note(text=N_("no single player took the hand: it goes to the association")),
                    *self._award(state, claim),
                ]
            events.append(
                Note(
                    text=N_(
                        "{player}'s association can no longer cover the bank", player=claim.player
                    )
                )
            )
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
                    text=N_(
                        "nobody took the hand: {passer}, who passed it, may take it back for {minimum:money}",
                        passer=passer,
                        minimum=Money(offer.minimum),
                    )
                )
            )
            return events
        offer.stage = OfferStage.AUCTION
        events.append(
            Note(
                text=N_(
                    "the bank is auctioned to the highest bidder (at least {minimum:money})",
                    minimum=Money(offer.minimum),
                )
            )
        )
        return events

    def _read_partners(
        self, state: CheminDeFerState, player: str, partners: object
    ) -> tuple[tuple[str, int], ...]:
        if not isinstance(partners, tuple):
            raise MalformedAction(
                N_("{partners!r} is not a list of (partner, amount) pairs", partners=partners)
            )
        out: list[tuple[str, int]] = []
        for item in partners:
            if not isinstance(item, tuple) or len(item) != 2:
                raise MalformedAction(N_("{item!r} is not a (partner, amount) pair", item=item))
            name = self._player(state, item[0])
            if name == player or name in (n for n, _ in out):
                raise MalformedAction(N_("{name} is named twice in the bank", name=name))
            out.append((name, self._amount(item[1])))
        return tuple(out)

    def _make_bid(
        self, state: CheminDeFerState, player: str, amount: object, partners: object, minimum: int
    ) -> Bid:
        bid = Bid(player, self._amount(amount), self._read_partners(state, player, partners))
        if bid.total < minimum:
            raise BetUnderMinimum(
                N_(
                    "a bank of {fmt:money} is under the minimum {fmt2:money}",
                    fmt=Money(bid.total),
                    fmt2=Money(minimum),
                )
            )
        for name, need in ((player, bid.amount), *bid.partners):
            if state.players[name] < need:
                raise InsufficientFunds(
                    N_(
                        "{name} holds {fmt:money}, not enough for {fmt2:money}",
                        name=name,
                        fmt=Money(state.players[name]),
                        fmt2=Money(need),
                    )
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
            raise IllegalAction(N_("the bank is being auctioned: make a bid"))
        if player != offer.candidate:
            raise IllegalAction(
                N_(
                    "the bank is offered to {candidate}, not to {player}",
                    candidate=offer.candidate,
                    player=player,
                )
            )
        bid = self._make_bid(state, player, action.amount, action.partners, offer.minimum)
        if (
            bid.partners
            and offer.stage is OfferStage.ROTATION
            and offer.reason is OfferReason.PASS
            and self.profile.bank.single_taker_preference
        ):
            if offer.claim is not None:
                raise IllegalAction(
                    N_(
                        "{player} already takes the hand in association: "
                        "only a single taker can have it now",
                        player=offer.claim.player,
                    )
                )
            offer.claim = bid
            note = Note(
                text=N_(
                    "{player} takes the passed hand in association for {total:money}: a single taker has preference, the rotation goes on",
                    player=player,
                    total=Money(bid.total),
                )
            )
            return [note, *self._advance_offer(state)]
        return self._award(state, bid)

    def _decline_bank(self, state: CheminDeFerState, action: DeclineBank) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is OfferStage.AUCTION or player != offer.candidate:
            raise IllegalAction(N_("{player} is not being offered the bank", player=player))
        if offer.stage is OfferStage.TAKE_BACK:
            offer.stage = OfferStage.AUCTION
            offer.candidate = None
            return [
                Note(text=N_("{player} does not take the hand back", player=player)),
                Note(
                    text=N_(
                        "the bank is auctioned to the highest bidder (at least {minimum:money})",
                        minimum=Money(offer.minimum),
                    )
                ),
            ]
        events: list[Event] = [Note(text=N_("{player} does not want the bank", player=player))]
        if self._seat_of(state, player) is not None:
            count = state.refusals.get(player, 0) + 1
            state.refusals[player] = count
            if count >= self.profile.bank.refusals_before_losing_seat:
                events += self._give_up_seat(
                    state, player, N_("refused the hand {count} times in a row", count=count)
                )
        return events + self._advance_offer(state)

    def _absent(self, state: CheminDeFerState, action: Absent) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is not OfferStage.ROTATION or player != offer.candidate:
            raise IllegalAction(N_("it is not {player}'s turn to take the bank", player=player))
        events: list[Event] = self._give_up_seat(
            state, player, W_("is absent when it is his turn to take the hand")
        )
        if not events:
            events = [Note(text=N_("{player} is absent: the bank goes on", player=player))]
        return events + self._advance_offer(state)

    def _bid(self, state: CheminDeFerState, action: BidForBank) -> list[Event]:
        offer = self._offer(state)
        player = self._player(state, action.player)
        if offer.stage is not OfferStage.AUCTION:
            raise IllegalAction(N_("the bank is not being auctioned"))
        if not self._has_place(state, player):
            raise IllegalAction(
                N_("{player} is neither seated nor standing at the table", player=player)
            )
        shut = offer.excluded if not self.profile.bank.outgoing_banker_may_bid else []
        bid = self._make_bid(state, player, action.amount, action.partners, offer.minimum)
        for name in (bid.player, *(n for n, _ in bid.partners)):
            if name in shut:
                raise IllegalAction(
                    N_("{name} held the hand being auctioned: he may not bid for it", name=name)
                )
        old = next((b for b in offer.bids if b.player == player), None)
        if old is not None and bid.total < old.total:
            raise IllegalAction(
                N_(
                    "{player} already bid {fmt:money}: a bid is never lowered",
                    player=player,
                    fmt=Money(old.total),
                )
            )
        offer.bids = [b for b in offer.bids if b.player != player] + [bid]
        return [
            Note(
                text=N_(
                    "{player} bids {total:money} for the bank",
                    player=player,
                    total=Money(bid.total),
                )
            )
        ]

    def _close_auction(self, state: CheminDeFerState, action: CloseAuction) -> list[Event]:
        offer = self._offer(state)
        if offer.stage is not OfferStage.AUCTION:
            raise IllegalAction(N_("the bank is not being auctioned"))
        live = [b for b in offer.bids if self._fundable(state, b)]
        if not live:
            raise IllegalAction(N_("no bid: the auction stays open"))
        single = self.profile.bank.single_taker_preference
        anchor = offer.anchor

        def key(b: Bid) -> tuple[int, int, tuple[int, ...]]:
            alone = 0 if (single and not b.partners) else 1
            return (-b.total, alone, self._priority(state, b.player, anchor))

        best = min(live, key=key)
        return [
            Note(text=N_("the bank is knocked down to {player}", player=best.player)),
            *self._award(state, best),
        ]

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
            Note(
                text=N_(
                    "{player} holds the bank: {total:money}",
                    player=bid.player,
                    total=Money(bid.total),
                )
            ),
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
                    text=N_(
                        "the bank is larger than {previous}'s ({previous_bank:money}): he may hold the punto cards for one coup",
                        previous=previous,
                        previous_bank=Money(offer.previous_bank),
                    )
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
        text = joined(N_("{player} {amount:money}", player=n, amount=Money(a)) for n, a in ordered)
        return [
            BankReturned(banker=bank.banker, reason=reason, shares=ordered),
            Note(text=N_("the bank goes back to its owners: {text}", text=text)),
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
            raise IllegalAction(
                N_("the bank has played: partners and additions only when it passes")
            )
        if state.stakes:
            raise IllegalAction(N_("stakes are on the table: change the bank before the stakes"))

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
            raise IllegalAction(
                N_("{player} is the banker (add to the bank instead)", player=player)
            )
        self._additions_open(state, bank)
        if state.players[player] < amount:
            raise InsufficientFunds(
                N_("{player} holds {fmt:money}", player=player, fmt=Money(state.players[player]))
            )
        state.players[player] -= amount
        self._grow_bank(bank, player, amount)
        return [
            Note(
                text=N_(
                    "{player} joins {banker} as a partner with {amount:money}: the bank is {amount2:money}",
                    player=player,
                    banker=bank.banker,
                    amount=Money(amount),
                    amount2=Money(bank.amount),
                )
            )
        ]

    def _add_to_bank(self, state: CheminDeFerState, action: AddToBank) -> list[Event]:
        bank = self._banker_acts(state, action)
        amount = self._amount(action.amount)
        self._additions_open(state, bank)
        if state.players[bank.banker] < amount:
            raise InsufficientFunds(
                N_(
                    "{banker} holds {fmt:money}",
                    banker=bank.banker,
                    fmt=Money(state.players[bank.banker]),
                )
            )
        state.players[bank.banker] -= amount
        self._grow_bank(bank, bank.banker, amount)
        return [
            Note(
                text=N_(
                    "{banker} increases the bank to {amount:money}",
                    banker=bank.banker,
                    amount=Money(bank.amount),
                )
            )
        ]

    def _garage(self, state: CheminDeFerState, action: Garage) -> list[Event]:
        bank = self._banker_acts(state, action)
        amount = self._amount(action.amount)
        if not self.profile.bank.allow_garage:
            raise IllegalAction(N_("this table does not allow the banker to garage winnings"))
        if state.stakes:
            raise IllegalAction(N_("stakes are on the table: garage before the stakes"))
        if bank.amount - amount < bank.awarded:
            raise IllegalAction(
                N_(
                    "the bank may not fall below the {fmt:money} it was taken for",
                    fmt=Money(bank.awarded),
                )
            )
        bank.amount -= amount
        bank.garage += amount
        return [
            Note(
                text=N_(
                    "{banker} keeps {amount:money} out of the bank (garage)",
                    banker=bank.banker,
                    amount=Money(amount),
                )
            )
        ]

    def _pass_hand(self, state: CheminDeFerState, action: PassHand) -> list[Event]:
        bank = self._banker_acts(state, action)
        if not bank.coups:
            raise IllegalAction(N_("the bank has not played a coup yet"))
        if bank.last == "tie" and not self.profile.bank.pass_after_tie:
            raise IllegalAction(N_("after a tie the banker keeps the bank"))
        events: list[Event] = [
            Note(
                text=N_(
                    "{banker} passes the hand with {amount:money}",
                    banker=bank.banker,
                    amount=Money(bank.amount),
                )
            )
        ]
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
            raise BettingClosed(N_("no more stakes: the coup is under way"))
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, getattr(action, "player", None))
        bank = self._bank(state)
        if player in bank.shares:
            raise IllegalAction(
                N_("{player} holds the bank: he may not stake against it", player=player)
            )
        seated = self._seat_of(state, player) is not None
        if not seated and player not in state.standing:
            raise IllegalAction(
                N_("{player} must take a seat or stand behind one to play", player=player)
            )
        if not seated and not self.profile.stakes.standing_may_stake:
            raise IllegalAction(N_("standing players may not stake at this table"))
        return player, bank

    def _stake_of(self, state: CheminDeFerState, player: str) -> Stake | None:
        return next((s for s in state.stakes.values() if s.player == player), None)

    def _stake(self, state: CheminDeFerState, action: PlaceStake) -> list[Event]:
        player, _bank = self._punter(state, action)
        amount = self._amount(action.amount)
        limits = self.profile.limits
        if amount < limits.minimum:
            raise BetUnderMinimum(
                N_(
                    "{fmt:money} is under the minimum {fmt2:money}",
                    fmt=Money(amount),
                    fmt2=Money(limits.minimum),
                )
            )
        if amount % limits.multiple_of:
            raise NotMultipleOfUnit(
                N_(
                    "{fmt:money} is not a multiple of {fmt2:money}",
                    fmt=Money(amount),
                    fmt2=Money(limits.multiple_of),
                )
            )
        if state.players[player] < amount:
            raise InsufficientFunds(
                N_(
                    "{player} holds {fmt:money}, not enough for {fmt2:money}",
                    player=player,
                    fmt=Money(state.players[player]),
                    fmt2=Money(amount),
                )
            )
        stake = self._stake_of(state, player)
        if stake is not None and stake.kind is not StakeKind.PARTIAL:
            raise IllegalAction(
                N_(
                    "{player} has called {kind}: withdraw it first",
                    player=player,
                    kind=STAKE_WORDS[stake.kind],
                )
            )
        state.players[player] -= amount
        if stake is None:
            stake = Stake(state.next_stake, player, 0)
            state.stakes[stake.id] = stake
            state.next_stake += 1
        stake.amount += amount
        return [
            Note(
                text=N_(
                    "{player} stakes {amount:money} against the bank",
                    player=player,
                    amount=Money(stake.amount),
                )
            )
        ]

    def _call(self, state: CheminDeFerState, action: Action, kind: StakeKind) -> list[Event]:
        player, bank = self._punter(state, action)
        if player in state.unsaluted and self._seat_of(state, player) is not None:
            raise IllegalAction(
                N_("{player} changed seat: he must let the hand pass before a banco", player=player)
            )
        if bank.amount <= 0:  # pragma: no cover - an empty bank passes at once
            raise IllegalAction(N_("the bank is empty"))
        if kind is StakeKind.BANCO:
            amount = bank.amount
        else:
            amount = math.ceil(bank.amount * self.profile.stakes.avec_la_table_share)
        stake = self._stake_of(state, player)
        already = stake.amount if stake is not None else 0
        if stake is not None and stake.kind is kind:
            raise IllegalAction(
                N_("{player} has already called {kind}", player=player, kind=STAKE_WORDS[kind])
            )
        if state.players[player] + already < amount:
            raise InsufficientFunds(
                N_(
                    "{player} holds {fmt:money}, not enough for {fmt2:money}",
                    player=player,
                    fmt=Money(state.players[player] + already),
                    fmt2=Money(amount),
                )
            )
        state.players[player] += already - amount
        if stake is None:
            stake = Stake(state.next_stake, player, 0)
            state.stakes[stake.id] = stake
            state.next_stake += 1
        stake.amount = amount
        stake.kind = kind
        word = W_("banco") if kind is StakeKind.BANCO else W_("banco avec la table")
        return [
            Note(
                text=N_(
                    "{player}: {word} ({amount:money})",
                    player=player,
                    word=word,
                    amount=Money(amount),
                )
            )
        ]

    def _banco(self, state: CheminDeFerState, action: Banco) -> list[Event]:
        return self._call(state, action, StakeKind.BANCO)

    def _avec_la_table(self, state: CheminDeFerState, action: AvecLaTable) -> list[Event]:
        if not self.profile.stakes.avec_la_table:
            raise IllegalAction(N_("this table does not allow 'banco avec la table'"))
        return self._call(state, action, StakeKind.AVEC)

    def _withdraw_stake(self, state: CheminDeFerState, action: WithdrawStake) -> list[Event]:
        if state.phase in IN_COUP:
            raise BettingClosed(N_("no more stakes: stakes may not be withdrawn during the coup"))
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, action.player)
        stake = self._stake_of(state, player)
        if stake is None:
            raise IllegalAction(N_("{player} has no stake on the table", player=player))
        del state.stakes[stake.id]
        state.players[player] += stake.amount
        if state.cards_right == player:
            state.cards_claimed = False
        return [
            Note(
                text=N_(
                    "{player} withdraws {amount:money}", player=player, amount=Money(stake.amount)
                )
            )
        ]

    def _claim_cards(self, state: CheminDeFerState, action: ClaimCards) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        player = self._player(state, action.player)
        if state.cards_right != player:
            raise IllegalAction(
                N_("{player} has no right to hold the punto cards this coup", player=player)
            )
        if self._stake_of(state, player) is None:
            raise IllegalAction(
                N_("{player} must have a stake to hold the punto cards", player=player)
            )
        state.cards_claimed = True
        return [
            Note(text=N_("{player}, the previous banker, will hold the punto cards", player=player))
        ]

    def _no_more_bets(self, state: CheminDeFerState, action: NoMoreBets) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        bank = self._bank(state)
        if not state.stakes:
            raise IllegalAction(N_("no stake against the bank: there is no coup to play"))
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        if shoe.at_stop_card:
            raise IllegalAction(N_("the stop card has come out: this shoe deals no more coups"))
        events: list[Event] = [
            Note(text=N_("no va más: the bank is {amount:money}", amount=Money(bank.amount)))
        ]
        lead_stake, lead_events = self._allocate(state, bank)
        events += lead_events
        holder = self._choose_holder(state, lead_stake)
        lead = lead_stake.kind if lead_stake is not None else StakeKind.PARTIAL
        state.coup = Coup(state.coups + 1, holder, lead, bank.amount)
        state.cards_claimed = False
        state.phase = Phase.DEAL
        events.append(
            Note(
                text=N_("the punto cards go to {holder}", holder=holder)
                if holder
                else N_("the croupier holds the punto cards")
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
                W_(" (banco suivi)")
                if lead.player == state.suivi and lead.kind is StakeKind.BANCO
                else ""
            )
            events.append(
                Note(
                    text=N_(
                        "{player}'s {kind} plays{why}",
                        player=lead.player,
                        kind=STAKE_WORDS[lead.kind],
                        why=why,
                    )
                )
            )
        for stake in order:
            keep = covered[stake.id]
            back = stake.amount - keep
            if back:
                state.players[stake.player] += back
                stake.amount = keep
                if keep:
                    text = N_(
                        "{player}'s stake is cut to {keep:money}: {back:money} returned",
                        player=stake.player,
                        keep=Money(keep),
                        back=Money(back),
                    )
                else:
                    text = N_(
                        "{player}'s stake is not covered: {back:money} returned",
                        player=stake.player,
                        back=Money(back),
                    )
                events.append(Note(text=text))
            if not keep:
                del state.stakes[stake.id]
        if remaining:
            events.append(
                Note(
                    text=N_(
                        "{remaining:money} of the bank is not covered: not at risk",
                        remaining=Money(remaining),
                    )
                )
            )
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
            raise IllegalAction(N_("no shoe is loaded"))
        return state.shoe

    @staticmethod
    def _parse(codes: object, what: str) -> list[Card]:
        return parse_cards(codes, what)

    def _cards(self, shoe: Shoe, codes: object, count: int, what: str) -> list[Card]:
        """``count`` cards out of the shoe: entered (live) or drawn (electronic)."""
        if shoe.live:
            entered = self._parse(codes, what)
            if len(entered) != count:
                raise MalformedAction(
                    N_(
                        "{what}: enter {count} card(s), not {n_entered}",
                        what=what,
                        count=count,
                        n_entered=len(entered),
                    )
                )
            check_available(shoe, entered, what)
            return [shoe.take(c) for c in entered]
        if codes:
            raise MalformedAction(
                N_("{what}: cards are drawn from this shoe, not entered", what=what)
            )
        if shoe.remaining < count:
            raise IllegalAction(
                N_(
                    "{what}: the shoe has only {remaining} cards left",
                    what=what,
                    remaining=shoe.remaining,
                )
            )
        return [shoe.draw() for _ in range(count)]

    def _new_shoe(
        self, state: CheminDeFerState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self._not_in_coup(state)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction(N_("the shoe in play has not reached its stop card"))
        rules = self.profile.shoe
        shoe, burn = open_shoe(
            rules,
            source,
            live=action.live,
            cut=action.cut,
            burn=self._parse(action.burn, "new-shoe"),
            first_words="the card turned up",
        )
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
                text=N_(
                    "new shoe of {decks} decks; first card {burn}: {n} cards burnt",
                    decks=rules.decks,
                    burn=burn[0],
                    n=len(burn),
                )
            )
        ]

    def _burn(self, state: CheminDeFerState, action: Burn) -> list[Event]:
        shoe = self._shoe(state)
        burnt = burn_from(shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = N_("burnt {cards}{reason}", cards=" ".join(str(c) for c in burnt), reason=reason)
        state.incidents.append(text)
        return [Note(text=text)]

    def _stop_card(self, state: CheminDeFerState, action: StopCardOut) -> list[Event]:
        shoe = self._shoe(state)
        if not shoe.live:
            raise IllegalAction(N_("this shoe knows where its stop card lies"))
        if shoe.at_stop_card:
            raise IllegalAction(N_("the stop card is already out"))
        check_stop_card(shoe, shoe.total, self.profile.shoe.cards_below_stop, "stop-card-out")
        shoe.stop_card_out()
        more = W_(" (the coup in progress is finished)") if state.phase in IN_COUP else ""
        return [
            Note(text=N_("the stop card is out: no further coup from this shoe{more}", more=more))
        ]

    def _early_draw(self, state: CheminDeFerState, action: EarlyDraw) -> list[Event]:
        self.require_phase(state, Phase.STAKES)
        shoe = self._shoe(state)
        if shoe.at_stop_card:
            raise IllegalAction(N_("the stop card has come out"))
        count = action.count if not shoe.live else len(action.cards)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise MalformedAction(N_("early-draw: {count!r} is not a number of cards", count=count))
        if len(state.early) + count > 4:
            raise MalformedAction(N_("early-draw: a coup starts with four cards"))
        cards = self._cards(shoe, action.cards, count, "early-draw")
        state.early.extend(cards)
        return [
            Note(
                text=N_(
                    "{n} card(s) drawn before betting closed: they may not go back and the banker must play the coup with them (error 1)",
                    n=len(cards),
                )
            )
        ]

    def _burn_early(self, state: CheminDeFerState, action: BurnEarly) -> list[Event]:
        self.require_phase(state, Phase.STAKES, Phase.DEAL)
        if not state.early:
            raise IllegalAction(N_("no card was drawn before betting closed"))
        shoe = self._shoe(state)
        shoe.burnt.extend(state.early)
        text = N_("the director orders {n} card(s) drawn early burnt", n=len(state.early))
        state.early = []
        state.incidents.append(text)
        return [Note(text=text)]

    # -- closing --------------------------------------------------------------------------------

    def _suspend(self, state: CheminDeFerState, action: Suspend) -> list[Event]:
        self.require_phase(state, Phase.OFFER, Phase.STAKES)
        if state.stakes:
            raise IllegalAction(N_("stakes are on the table: settle or return them first"))
        if not isinstance(action.key_holder, str) or not action.key_holder.strip():
            raise MalformedAction(N_("suspend: name who keeps the key of the bank"))
        state.resume = state.phase
        state.phase = Phase.SUSPENDED
        state.key_holder = action.key_holder
        return [
            Note(
                text=N_(
                    "table temporarily closed; the bank is locked, the key kept by {key_holder}",
                    key_holder=action.key_holder,
                )
            )
        ]

    def _reopen(self, state: CheminDeFerState, action: Reopen) -> list[Event]:
        self.require_phase(state, Phase.SUSPENDED)
        state.phase = state.resume or Phase.OFFER
        state.resume = None
        state.key_holder = None
        return [Note(text=N_("table reopened"))]

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
        events.append(Note(text=N_("the table is closed for the session")))
        return events
