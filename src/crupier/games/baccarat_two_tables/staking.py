"""Two-table baccarat engine, one part: stakes and banco, cards drawn too early, the bank.

The engine (:class:`~crupier.games.baccarat_two_tables.engine.BaccaratTwoTables`) is
built in layers, each calling only itself and the layers below: base, seating,
staking, coups.
"""

from __future__ import annotations

from typing import Any

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
)
from crupier.core.layout import (
    BetPlaced,
    NoMoreBets,
    Note,
    PlaceBet,
    Settled,
    TakeDown,
)
from crupier.core.money import Money
from crupier.core.rng import RandomSource
from crupier.core.round import Event
from crupier.games.baccarat_two_tables.actions import (
    AcceptBank,
    Adjudicate,
    AnnounceBank,
    Bid,
    CallBanco,
    DeclineBank,
    Deposit,
    DrawLotsForBank,
    EarlyDraw,
    LeaveBank,
    OfferBank,
    OpenAuction,
    Redeposit,
    RejectEarlyCards,
)
from crupier.games.baccarat_two_tables.rules import (
    HANDS,
    TABLES,
    allocate_halves,
    allocate_in_order,
    split_stake,
)
from crupier.games.baccarat_two_tables.seating import _Seating
from crupier.games.baccarat_two_tables.state import (
    BaccaratTwoTablesState,
    Bet,
    Coup,
    Hand,
    Phase,
    _cards,
    _positive,
    _table,
    spot_of,
)
from crupier.i18n import N_, W_


class _Staking(_Seating):
    """The engine's stakes and banco, cards drawn too early, the bank."""

    # -- bets and banco -------------------------------------------------------------------------

    def _do_place_bet(
        self, state: BaccaratTwoTablesState, action: PlaceBet, _s: Any
    ) -> list[Event]:
        if state.phase in (Phase.DEALING, Phase.PLAYING):
            raise BettingClosed(
                N_(
                    "no hi van més apostes: the stake of {amount!r} is returned (VII)",
                    amount=action.amount,
                )
            )
        self.require(state, Phase.BETTING)
        player = self._player(state, action.player)
        if player == state.banker:
            raise IllegalAction(
                N_("{player} is the banker: he does not bet against his bank", player=player)
            )
        if state.banco_calls:
            raise IllegalAction(
                N_("banco has been called: it covers the bank, no other stakes (VI)")
            )
        if not isinstance(action.spot, str):
            raise MalformedAction(N_("{spot!r} is not a place to bet", spot=action.spot))
        spot = spot_of(action.spot)
        if isinstance(action.amount, bool) or not isinstance(action.amount, int):
            raise MalformedAmount(
                N_("{amount!r} is not an amount of minor units", amount=action.amount)
            )
        amount = _positive(action.amount, "place-bet")
        limits = self.profile.limits
        if amount < limits.minimum:
            raise BetUnderMinimum(
                N_(
                    "{fmt:money} is under the minimum {fmt2:money}",
                    fmt=Money(amount),
                    fmt2=Money(limits.minimum),
                )
            )
        if amount % limits.betting_unit:
            raise NotMultipleOfUnit(
                N_(
                    "{fmt:money} is not a whole number of betting units of {fmt2:money}",
                    fmt=Money(amount),
                    fmt2=Money(limits.betting_unit),
                )
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
                        N_(
                            "table {table}: {fmt:money} is over the maximum {fmt2:money}",
                            table=table,
                            fmt=Money(already + part),
                            fmt2=Money(limits.maximum),
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
        if not self.limited:
            covered = sum(b.amount for b in state.bets.values())
            if covered + amount > state.bank:
                raise InsufficientFunds(
                    N_(
                        "the banker's deposit covers {fmt:money} more: "
                        "he must deposit more before this stake is accepted (V.2)",
                        fmt=Money(state.bank - covered),
                    )
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
                N_("betting is closed: no stake may be reduced or withdrawn (VIII.1, VIII.2)")
            )
        self.require(state, Phase.BETTING)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != action.player:
            raise IllegalAction(
                N_("{player!r} has no stake number {bet!r}", player=action.player, bet=action.bet)
            )
        group = [b for b in state.bets.values() if b.group == bet.group]
        for part in group:
            del state.bets[part.id]
            state.players[part.player] += part.amount
        total = sum(b.amount for b in group)
        return [
            Note(
                text=N_("{player} takes down {total:money}", player=bet.player, total=Money(total))
            )
        ]

    def _do_call_banco(
        self, state: BaccaratTwoTablesState, action: CallBanco, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING)
        player = self._player(state, action.player)
        table = _table(action.table)
        if player == state.banker:
            raise IllegalAction(N_("{player} is the banker", player=player))
        if any(p == player for p, _t in state.banco_calls):
            raise IllegalAction(N_("{player} has already called banco", player=player))
        repeat = state.banco_repeat is not None and state.banco_repeat[0] == player
        if not repeat and self.profile.rules.banco_scope == "start_of_partida":
            if state.shoe_coups > 0:
                raise IllegalAction(
                    N_("banco is called once, at the beginning of the partida (VI)")
                )
            if player in state.banco_used:
                raise IllegalAction(
                    N_("{player} has already called banco in this partida (VI)", player=player)
                )
        if state.players[player] < state.bank:
            raise InsufficientFunds(
                N_(
                    "{player} holds {fmt:money}: banco covers the whole bank of {fmt2:money}",
                    player=player,
                    fmt=Money(state.players[player]),
                    fmt2=Money(state.bank),
                )
            )
        state.banco_calls.append((player, table))
        return [
            Note(
                text=N_(
                    "{player} calls banco on table {table} ({bank:money})",
                    player=player,
                    table=table,
                    bank=Money(state.bank),
                )
            )
        ]

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
                    N_(
                        "table {table} has {seated} seated player(s): at least {need} per table (VII)",
                        table=table,
                        seated=seated,
                        need=need,
                    )
                )
        events: list[Event] = [Note(text=N_("no more bets (no hi van més apostes)"))]
        banco: str | None = None
        repeat_left: int | None = None
        if state.banco_calls:
            banco, repeat_left, more = self._resolve_banco(state, source)
            events += more
        elif not state.bets:
            raise IllegalAction(N_("no stakes on either table: nothing to play"))
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
            who = holder if holder is not None else W_("the croupier (no seated stake)")
            events.append(
                Note(text=N_("table {table}: the cards go to {who}", table=table, who=who))
            )
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
            events.append(
                Note(text=N_("{winner} repeats his banco after a null coup (VI)", winner=winner))
            )
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
                    Note(
                        text=N_(
                            "banco on both tables: lots give table {first} priority (IV)",
                            first=first,
                        )
                    )
                )
                winner = best[first]
            else:
                winner = next(iter(best.values()))
        stake = state.bank
        own = sum(b.amount for b in state.bets.values() if b.player == winner)
        if state.players[winner] + own < stake:  # his stakes come back to him first
            raise InsufficientFunds(
                N_(
                    "{winner} no longer covers the bank of {fmt:money}",
                    winner=winner,
                    fmt=Money(stake),
                )
            )
        if repeat_left is None:
            state.banco_used.append(winner)
        events += self._return_all_bets(state, W_("banco takes priority"))
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
            Note(
                text=N_(
                    "banco: {winner} covers the bank of {stake:money} ({t1:money} + {t2:money})",
                    winner=winner,
                    stake=Money(stake),
                    t1=Money(t1),
                    t2=Money(t2),
                )
            )
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
                    text=N_(
                        "the bank of {bank:money} does not cover it all: {player}'s stake #{id} on table {table} plays {take:money}, {back:money} returned",
                        bank=Money(state.bank),
                        player=bet.player,
                        id=bet.id,
                        table=bet.table,
                        take=Money(take),
                        back=Money(back),
                    )
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
            events.append(Note(text=N_("stakes returned: {why}", why=why)))
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
                    raise MalformedAction(N_("early-draw: enter the cards that were drawn"))
                taken = [shoe.take(c) for c in cards]
            else:
                if action.cards:
                    raise MalformedAction(
                        N_("early-draw: cards are drawn from this shoe, not entered")
                    )
                count = action.count
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise MalformedAction(
                        N_("early-draw: {count!r} is not a number of cards", count=count)
                    )
                taken = [shoe.draw() for _ in range(count)]
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(N_("early-draw: {exc}", exc=exc)) from None
        if len(state.early) + len(taken) > 6:
            raise IllegalAction(N_("more cards drawn early than the deal of a coup"))
        state.early.extend(taken)
        state.early_by = player
        return [
            Note(
                text=N_(
                    "{player} drew {n} card(s) before the end of betting (prohibited, VIII.1): they never go back; the coup is played with them",
                    player=player,
                    n=len(taken),
                )
            )
        ]

    def _do_reject_early_cards(
        self, state: BaccaratTwoTablesState, action: RejectEarlyCards, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.DEALING)
        if not state.early:
            raise IllegalAction(N_("no cards were drawn too early"))
        assert state.shoe is not None
        state.shoe.burnt.extend(state.early)
        count = len(state.early)
        state.early = []
        state.early_by = None
        return [
            Note(
                text=N_(
                    "the director rejects the {count} card(s) drawn too early: burnt (VIII.1)",
                    count=count,
                )
            )
        ]

    # -- the bank -------------------------------------------------------------------------------

    def _check_bank_amount(self, amount: object, what: str) -> int:
        value = _positive(amount, what)
        rules = self.profile.bank
        if value < rules.minimum:
            raise BetUnderMinimum(
                N_(
                    "{what}: a bank of {fmt:money} is under the minimum {fmt2:money} (V.1)",
                    what=what,
                    fmt=Money(value),
                    fmt2=Money(rules.minimum),
                )
            )
        if self.limited and rules.maximum is not None and value > rules.maximum:
            raise BetOverMaximum(
                N_(
                    "{what}: a limited bank of {fmt:money} is over the maximum {fmt2:money} (V.1)",
                    what=what,
                    fmt=Money(value),
                    fmt2=Money(rules.maximum),
                )
            )
        return value

    def _can_bank(self, state: BaccaratTwoTablesState, player: object, amount: int) -> str:
        name = self._player(state, player)
        if name in state.barred:
            raise IllegalAction(
                N_(
                    "{name} won and retired from the bank: not again during this shoe (V.1)",
                    name=name,
                )
            )
        if state.players[name] < amount:
            raise InsufficientFunds(
                N_(
                    "{name} holds {fmt:money}, not the {fmt2:money} to deposit",
                    name=name,
                    fmt=Money(state.players[name]),
                    fmt2=Money(amount),
                )
            )
        return name

    def _install(
        self, state: BaccaratTwoTablesState, banker: str, amount: int, shoes: int | None
    ) -> list[Event]:
        if shoes is not None and (
            not isinstance(shoes, int) or isinstance(shoes, bool) or shoes < 1
        ):
            raise MalformedAction(
                N_("shoes: {shoes!r} is not a number of shoes (or none)", shoes=shoes)
            )
        events: list[Event] = []
        seat = self._free_place(state, banker)
        if seat is not None:
            events.append(
                Note(
                    text=N_(
                        "{banker} leaves department {seat} to hold the bank",
                        banker=banker,
                        seat=seat,
                    )
                )
            )
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
        term = (
            W_("until the banker leaves")
            if shoes is None
            else N_("for {shoes} shoe(s)", shoes=shoes)
        )
        events.append(
            Note(
                text=N_(
                    "the bank goes to {banker} for {amount:money} ({term}); the croupier keeps it",
                    banker=banker,
                    amount=Money(amount),
                    term=term,
                )
            )
        )
        return events

    def _do_announce_bank(
        self, state: BaccaratTwoTablesState, action: AnnounceBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offer_amount is not None:
            raise IllegalAction(
                N_(
                    "the bank is being offered for {fmt:money}: offer, auction or lots (V.5)",
                    fmt=Money(state.offer_amount),
                )
            )
        if state.auction_open:
            raise IllegalAction(N_("the bank is being auctioned: adjudicate it"))
        amount = self._check_bank_amount(action.amount, "announce-bank")
        banker = self._can_bank(state, action.banker, amount)
        return self._install(state, banker, amount, action.shoes)

    def _do_open_auction(
        self, state: BaccaratTwoTablesState, action: OpenAuction, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.auction_open:
            raise IllegalAction(N_("the auction is already open"))
        state.auction_open = True
        state.bids = {}
        state.offered_to = None
        return [Note(text=N_("the inspector auctions the bank: all players may bid (V.1)"))]

    def _do_bid(self, state: BaccaratTwoTablesState, action: Bid, _s: Any) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if not state.auction_open:
            raise IllegalAction(N_("no auction is open"))
        amount = self._check_bank_amount(action.amount, "bid")
        player = self._can_bank(state, action.player, amount)
        if state.bids.get(player, 0) >= amount:
            raise IllegalAction(
                N_(
                    "{player} has already bid {fmt:money}",
                    player=player,
                    fmt=Money(state.bids[player]),
                )
            )
        state.bids[player] = amount
        return [
            Note(
                text=N_(
                    "{player} bids {amount:money} for the bank", player=player, amount=Money(amount)
                )
            )
        ]

    def _do_adjudicate(
        self, state: BaccaratTwoTablesState, action: Adjudicate, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if not state.auction_open:
            raise IllegalAction(N_("no auction is open"))
        events: list[Event] = []
        if not state.bids:
            return self._partida_ends(state, W_("no bidder for the bank"))
        best = max(state.bids.values())
        tied = [p for p, a in state.bids.items() if a == best]
        winner = tied[0]
        if len(tied) > 1:
            winner = tied[source.randbelow(len(tied))]
            events.append(
                Note(
                    text=N_(
                        "equal bids of {best:money}: lots drawn among {value}",
                        best=Money(best),
                        value=", ".join(tied),
                    )
                )
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
            raise IllegalAction(
                N_("the bank is drawn by lot only when nobody takes it at its amount")
            )
        if not isinstance(action.players, tuple) or not action.players:
            raise MalformedAction(N_("draw-lots-for-bank: name the players who want the bank"))
        if len(set(action.players)) != len(action.players):
            raise MalformedAction(N_("draw-lots-for-bank: a player is named twice"))
        for player in action.players:
            self._can_bank(state, player, amount)
        winner = action.players[source.randbelow(len(action.players))]
        events: list[Event] = [
            Note(
                text=N_(
                    "lots drawn for the bank among {value}: {winner}",
                    value=", ".join(action.players),
                    winner=winner,
                )
            )
        ]
        events += self._install(state, winner, amount, action.shoes)
        events += self._require_new_shoe(state)
        return events

    def _require_new_shoe(self, state: BaccaratTwoTablesState) -> list[Event]:
        if state.shoe is None or state.shoe_coups == 0:
            return []
        state.shoe_change = "required"
        return [Note(text=N_("another shoe starts (V.5)"))]

    def _do_offer_bank(
        self, state: BaccaratTwoTablesState, action: OfferBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        amount = state.offer_amount
        if amount is None:
            raise IllegalAction(N_("no bank is being offered (announce or auction it)"))
        player = self._player(state, action.player)
        if player == state.last_banker:
            raise IllegalAction(
                N_(
                    "{player} has just left the bank: it is offered to another player",
                    player=player,
                )
            )
        if player in state.declined:
            raise IllegalAction(N_("{player} has declined the bank", player=player))
        self._can_bank(state, player, amount)
        state.offered_to = player
        return [
            Note(
                text=N_(
                    "the inspector offers the bank to {player} for {amount:money} (V.5)",
                    player=player,
                    amount=Money(amount),
                )
            )
        ]

    def _do_accept_bank(
        self, state: BaccaratTwoTablesState, action: AcceptBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offered_to is None or state.offered_to != action.player:
            raise IllegalAction(
                N_("{player!r} has not been offered the bank", player=action.player)
            )
        assert state.offer_amount is not None
        player = self._can_bank(state, action.player, state.offer_amount)
        return self._install(state, player, state.offer_amount, state.offer_shoes)

    def _do_decline_bank(
        self, state: BaccaratTwoTablesState, action: DeclineBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK)
        if state.offered_to is None or state.offered_to != action.player:
            raise IllegalAction(
                N_("{player!r} has not been offered the bank", player=action.player)
            )
        state.declined.append(action.player)
        state.offered_to = None
        return [Note(text=N_("{player} declines the bank", player=action.player))]

    def _bank_leaves(self, state: BaccaratTwoTablesState, why: str) -> list[Event]:
        banker = state.banker
        assert banker is not None
        events: list[Event] = self._return_all_bets(state, W_("the banker leaves"))
        withdrawn = state.bank
        state.players[banker] += withdrawn
        won = withdrawn > state.banker_deposits
        if won:
            state.barred.append(banker)
        events.append(
            Note(
                text=N_(
                    "{banker} leaves the bank ({why}) and withdraws {amount:money}; having won, he "
                    "may not bank again during this shoe",
                    banker=banker,
                    why=why,
                    amount=Money(withdrawn),
                )
                if won
                else N_(
                    "{banker} leaves the bank ({why}) and withdraws {amount:money}",
                    banker=banker,
                    why=why,
                    amount=Money(withdrawn),
                )
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
                text=N_(
                    "the inspector offers the bank to another player for {bank_initial:money}",
                    bank_initial=Money(state.bank_initial),
                )
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
        return [Note(text=N_("{why}: the partida ends (V.5)", why=why))]

    def _do_leave_bank(
        self, state: BaccaratTwoTablesState, action: LeaveBank, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.JUMPED)
        self._as_banker(state, action, action.player)
        need = self.profile.bank.leave_after_coups
        if state.phase is Phase.BETTING and state.banker_coups < need:
            raise IllegalAction(N_("the banker may leave only after the first coup (V.1)"))
        if state.early:
            raise IllegalAction(N_("cards drawn too early must be played or rejected first"))
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
                N_(
                    "redeposit: {fmt:money} is less than the initial bank {fmt2:money} (V.1)",
                    fmt=Money(amount),
                    fmt2=Money(state.bank_initial),
                )
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
                text=N_(
                    "{banker} redeposits {amount:money} and continues; he may change the shoe",
                    banker=state.banker,
                    amount=Money(amount),
                )
            )
        ]

    def _do_deposit(self, state: BaccaratTwoTablesState, action: Deposit, _s: Any) -> list[Event]:
        self.require(state, Phase.BETTING)
        self._as_banker(state, action, action.player)
        assert state.banker is not None
        if self.limited:
            raise IllegalAction(
                N_(
                    "a limited bank answers only for the amount on the table; it is not topped up (V.1)"
                )
            )
        amount = _positive(action.amount, "deposit")
        if state.players[state.banker] < amount:
            raise InsufficientFunds(
                N_(
                    "{banker} holds {fmt:money}",
                    banker=state.banker,
                    fmt=Money(state.players[state.banker]),
                )
            )
        state.players[state.banker] -= amount
        state.bank += amount
        state.banker_deposits += amount
        return [
            Note(
                text=N_(
                    "{banker} adds {amount:money} to the free bank's deposit",
                    banker=state.banker,
                    amount=Money(amount),
                )
            )
        ]
