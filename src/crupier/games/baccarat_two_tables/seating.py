"""Two-table baccarat engine, one part: seats, shoe and session, temporary closure.

The engine (:class:`~crupier.games.baccarat_two_tables.engine.BaccaratTwoTables`) is
built in layers, each calling only itself and the layers below: base, seating,
staking, coups.
"""

from __future__ import annotations

from typing import Any

from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
)
from crupier.core.layout import (
    Note,
    Reopen,
    Suspend,
)
from crupier.core.rng import RandomSource
from crupier.core.round import Event
from crupier.core.shoe import Burn, Shoe, burn_from, check_stop_card
from crupier.games.baccarat.shoe import open_shoe
from crupier.games.baccarat_two_tables.actions import (
    CheckCards,
    JoinWaitingList,
    LeaveSeat,
    NewSession,
    NewShoe,
    StopCardOut,
    TakeSeat,
)
from crupier.games.baccarat_two_tables.base import _TableBase
from crupier.games.baccarat_two_tables.state import (
    BaccaratTwoTablesState,
    Phase,
    _cards,
)
from crupier.i18n import N_


class _Seating(_TableBase):
    """The engine's seats, shoe and session, temporary closure."""

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
                N_(
                    "take-seat: {dept!r} is not a department (1 to {departments})",
                    dept=dept,
                    departments=2 * self.departments,
                )
            )
        if player == state.banker:
            raise IllegalAction(
                N_("{player} is the banker: he sits opposite the croupier", player=player)
            )
        if action.behind:
            self._free_place(state, player)
            state.behind[player] = dept
            return [
                Note(text=N_("{player} stands behind department {dept}", player=player, dept=dept))
            ]
        if dept in state.seats:
            raise IllegalAction(
                N_("department {dept} is taken by {seats}", dept=dept, seats=state.seats[dept])
            )
        if player in state.seats.values():
            raise IllegalAction(N_("{player} already has a department", player=player))
        if state.waiting and state.waiting[0] != player:
            raise IllegalAction(
                N_(
                    "department {dept}: the waiting list comes first ({waiting}, IV)",
                    dept=dept,
                    waiting=state.waiting[0],
                )
            )
        state.waiting = [p for p in state.waiting if p != player]
        state.behind.pop(player, None)
        state.seats[dept] = player
        return [
            Note(
                text=N_(
                    "{player} takes department {dept} (table {value})",
                    player=player,
                    dept=dept,
                    value=self.table_of(dept),
                )
            )
        ]

    def _do_leave_seat(
        self, state: BaccaratTwoTablesState, action: LeaveSeat, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        player = self._player(state, action.player)
        had_place = player in state.behind
        where = self._free_place(state, player)
        if where is None and not had_place:
            raise IllegalAction(
                N_("{player} has no department and stands behind none", player=player)
            )
        text = (
            N_("{player} leaves department {where}", player=player, where=where)
            if where
            else N_("{player} steps back", player=player)
        )
        return [Note(text=text)]

    def _do_join_waiting_list(
        self, state: BaccaratTwoTablesState, action: JoinWaitingList, _s: Any
    ) -> list[Event]:
        player = self._player(state, action.player)
        if player in state.waiting:
            raise IllegalAction(N_("{player} is already on the waiting list", player=player))
        if player in state.seats.values():
            raise IllegalAction(N_("{player} already has a department", player=player))
        state.waiting.append(player)
        return [
            Note(
                text=N_(
                    "{player} is number {n} on the waiting list",
                    player=player,
                    n=len(state.waiting),
                )
            )
        ]

    # -- shoe and session -----------------------------------------------------------------------

    def _do_new_shoe(
        self, state: BaccaratTwoTablesState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require(state, Phase.NO_BANK, Phase.BETTING)
        if state.bets or state.banco_calls or state.early:
            raise IllegalAction(N_("stakes or cards are on the table: play or return them first"))
        shoe = state.shoe
        if shoe is not None and not shoe.at_stop_card and state.shoe_change is None:
            raise IllegalAction(N_("the shoe in play has not reached its stop card"))
        if action.new_cards is not True:
            raise IllegalAction(N_("the decks must always be brand new ('per estrenar', II.1)"))
        rules = self.profile.shoe
        if not self.limited and state.session_shoes >= self.profile.bank.free_shoes_per_session:
            raise IllegalAction(
                N_(
                    "free bank: {free_shoes_per_session} shoes per session (V.2)",
                    free_shoes_per_session=self.profile.bank.free_shoes_per_session,
                )
            )
        events: list[Event] = []
        cut_by = action.cut_by
        if cut_by is not None:
            self._player(state, cut_by)
        elif rules.cut_by_player and any(p != state.banker for p in state.players):
            raise MalformedAction(N_("new-shoe: a player cuts the cards (name him in cut_by)"))
        new, burnt = open_shoe(
            rules,
            source,
            live=action.live,
            cut=action.cut,
            burn=_cards(action.burn, "new-shoe"),
            burn_at_start=rules.burn_at_start,
            first_words="the shown first card",
        )
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
        who = N_(", cut by {cut_by}", cut_by=cut_by) if cut_by else ""
        burn_text = (
            N_("; first card {card}: {n} burnt", card=burnt[0], n=len(burnt)) if burnt else ""
        )
        events.append(
            Note(
                text=N_(
                    "new shoe of {decks} new decks{who}; stop card {cards_below_stop} cards from the end{burn_text}",
                    decks=rules.decks,
                    who=who,
                    cards_below_stop=rules.cards_below_stop,
                    burn_text=burn_text,
                )
            )
        )
        return events

    def _do_new_session(
        self, state: BaccaratTwoTablesState, action: NewSession, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        if state.bets or state.banco_calls:
            raise IllegalAction(N_("stakes are on the table"))
        if not self.limited and state.session >= self.profile.bank.free_sessions:
            raise IllegalAction(
                N_(
                    "free bank: at most {free_sessions} sessions a day (V.2)",
                    free_sessions=self.profile.bank.free_sessions,
                )
            )
        state.session += 1
        state.session_shoes = 0
        if state.shoe is not None and not state.shoe.at_stop_card:
            state.shoe_change = state.shoe_change or "allowed"
        return [Note(text=N_("session {session} opens", session=state.session))]

    def _do_check_cards(
        self, state: BaccaratTwoTablesState, action: CheckCards, _s: Any
    ) -> list[Event]:
        self._between_coups(state)
        player = self._player(state, action.player)
        shoe = state.shoe
        if shoe is None or not shoe.at_stop_card:
            raise IllegalAction(N_("the cards are checked at the end of the shoe (VII)"))
        out = shoe.taken
        if out + shoe.remaining != shoe.total:
            raise IllegalAction(N_("the shoe does not account for its cards"))  # pragma: no cover
        return [
            Note(
                text=N_(
                    "at {player}'s request the cards are checked: {total} cards, {out} played or burnt, {remaining} left below the stop card",
                    player=player,
                    total=shoe.total,
                    out=out,
                    remaining=shoe.remaining,
                )
            )
        ]

    def _do_stop_card_out(
        self, state: BaccaratTwoTablesState, action: StopCardOut, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.BETTING, Phase.DEALING, Phase.PLAYING)
        if state.shoe is None or not state.shoe.live:
            raise IllegalAction(N_("the engine sees the stop card of an electronic shoe itself"))
        if state.shoe.at_stop_card:
            raise IllegalAction(N_("the stop card is already out"))
        # VII: the stop card is put with cards_below_stop cards under it; it cannot come
        # out while more than those are left.
        below = self.profile.shoe.cards_below_stop
        check_stop_card(state.shoe, state.shoe.total, below, "stop-card-out")
        state.shoe.stop_card_out()
        return [Note(text=N_("the stop card is out: this coup is the last of the partida"))]

    def _do_burn(self, state: BaccaratTwoTablesState, action: Burn, _s: Any) -> list[Event]:
        """VIII.1: a card that comes out of the shoe face up is unusable and taken out of
        play (the cards of a deal are handled by the deal's ``face_up``)."""
        self.require(state, Phase.BETTING, Phase.DEALING, Phase.PLAYING)
        if state.shoe is None:
            raise IllegalAction(N_("no shoe is loaded"))
        burnt = burn_from(state.shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        shown = " ".join(str(c) for c in burnt)
        return [
            Note(
                text=N_(
                    "out of play, unusable (VIII.1): {shown}{reason}", shown=shown, reason=reason
                )
            )
        ]

    def _usable_shoe(self, state: BaccaratTwoTablesState) -> Shoe:
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        if state.shoe_change == "required":
            raise IllegalAction(N_("another shoe must start (V.5): new-shoe first"))
        if shoe.at_stop_card and state.coup is None and not state.early:
            raise IllegalAction(N_("the stop card has come out: the partida is over (VII)"))
        return shoe

    # -- temporary closure (IX) -----------------------------------------------------------------

    def _do_suspend(self, state: BaccaratTwoTablesState, action: Suspend, _s: Any) -> list[Event]:
        self._between_coups(state)
        if state.bets or state.banco_calls or state.early:
            raise IllegalAction(N_("stakes are on the table: play or return them first"))
        if not isinstance(action.key_holder, str) or not action.key_holder.strip():
            raise MalformedAction(N_("suspend: name who keeps the key of the bank"))
        state.suspended_from = state.phase
        state.phase = Phase.SUSPENDED
        state.key_holder = action.key_holder
        return [
            Note(
                text=N_(
                    "table temporarily closed: the bank locked under its lid; {key_holder} keeps the key (IX)",
                    key_holder=action.key_holder,
                )
            )
        ]

    def _do_reopen(self, state: BaccaratTwoTablesState, action: Reopen, _s: Any) -> list[Event]:
        self.require(state, Phase.SUSPENDED)
        assert state.suspended_from is not None
        state.phase = state.suspended_from
        state.suspended_from = None
        state.key_holder = None
        return [Note(text=N_("table reopened"))]
