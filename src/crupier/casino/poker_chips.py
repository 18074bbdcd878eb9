"""The poker room's chips on the books: what a player brings to a circle-poker table and
takes away from it.

At a circle game the chips on the table are the players' (spec 23: table stakes): the
house takes only its rake or time charge, which the deal's ``JNL.ROUND`` already records
as the table's cut (its RAKE box). What moves between the player and the table is
journalled here, in the same unit of work as the engine action that moves it:

- a ``buy-in`` (joining the table or re-buying between deals) writes a
  ``JNL.POKER_CHIPS_IN`` entry: the player, the amount, the player's stack after it;
- a ``leave`` writes a ``JNL.POKER_CHIPS_OUT`` entry: the player's whole stack, taken
  away from the table (to the cashier's window, where
  :meth:`~crupier.casino.cage.CageOps.buy_back_chips` changes it for cash).

Both are signed by the table's staff under row 10 of the permission matrix (record rounds,
bets and results: the table chief's and the dealer's ``C own``): the staff member who took
the action, or, when the player acted from his seat, the table's dealer, who takes the
chips in and pays the stack out (the player holds no key). A refused action writes
neither entry; an entry the matrix refuses refuses the action.

A player's account with the casino (:meth:`PokerChipsOps.player_account`) is the
projection of these entries with the cage's (``JNL.CHIP_SALE`` / ``JNL.CHIP_BUYBACK``):
what the player bought at the window, sold back there, took into the poker room and
brought out of it; its ``balance`` is the player's net: chips bought less bought back,
less what went into the poker room, plus the stacks that came out. A table session's
chips (:meth:`PokerChipsOps.poker_table_chips`) are the chips in, the stacks out, the
house's cut of the deals closed, and what is in play at the table: in - out - cut.

The operations spec does not name these entries: their kinds and the balance are this
project's DEFAULT (docs/server.md, "The poker room at the cage").

>>> POKER_KINDS
('JNL.POKER_CHIPS_IN', 'JNL.POKER_CHIPS_OUT')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crupier.casino.base import projects, query
from crupier.casino.errors import Code, OpsError
from crupier.casino.live import LiveOps, LiveRecord
from crupier.casino.model import Table, TableSession
from crupier.casino.roles import Op, Role
from crupier.casino.tables import Chips, is_poker
from crupier.core.roles import TableRole
from crupier.core.round import Action, Game
from crupier.i18n import N_
from crupier.ledger import Actor, Entry

#: The journal kinds of the poker room's chips.
POKER_KINDS = ("JNL.POKER_CHIPS_IN", "JNL.POKER_CHIPS_OUT")


@dataclass
class PlayerAccount:
    """A player's chip movements with the casino (cents), from the books.

    >>> a = PlayerAccount(bought=50_000, poker_in=20_000, poker_out=23_500)
    >>> a.balance
    53500
    """

    bought: int = 0
    """Chips bought at the cashier's window."""
    bought_back: int = 0
    """Chips sold back at the window."""
    poker_in: int = 0
    """Chips brought to poker tables (buy-ins and re-buys)."""
    poker_out: int = 0
    """Stacks taken away from poker tables."""

    @property
    def balance(self) -> int:
        """The player's net: bought - bought back - poker in + poker out."""
        return self.bought - self.bought_back - self.poker_in + self.poker_out


@dataclass
class PokerTableChips:
    """A poker table session's chips (cents), from the books."""

    chips_in: int = 0
    chips_out: int = 0
    cut: int = 0
    """The house's cut of the deals closed (rake or time charge, the rounds' ``cagnotte``)."""

    @property
    def in_play(self) -> int:
        """Chips at the table now: in - out - the house's cut."""
        return self.chips_in - self.chips_out - self.cut


@dataclass(frozen=True)
class _Move:
    etype: str
    player: str
    amount: int
    signer: str
    role: Role


class PokerChipsOps(LiveOps):
    """Chips in at a poker table's buy-in and the stack out at leave, on the journal."""

    def _init_state(self) -> None:
        self.player_accounts: dict[str, PlayerAccount] = {}
        self.poker_chips: dict[str, PokerTableChips] = {}  # table session -> its chips
        self._pkc_last: Entry | None = None  # the last poker chips entry written

    # ------------------------------------------------------------------ projections

    @projects("JNL.CHIP_SALE", "JNL.CHIP_BUYBACK")
    def _pkc_on_cage(self, entry: Entry) -> None:
        payload = entry.payload
        data = payload["data"]
        account = self.player_accounts.setdefault(str(data["player"]), PlayerAccount())
        if payload["type"] == "CHIP_SALE":
            account.bought += int(data["total"])
        else:
            account.bought_back += int(data["total"])

    @projects(*POKER_KINDS)
    def _pkc_on_poker(self, entry: Entry) -> None:
        payload = entry.payload
        data = payload["data"]
        account = self.player_accounts.setdefault(str(data["player"]), PlayerAccount())
        chips = self.poker_chips.setdefault(str(data["table_session"]), PokerTableChips())
        amount = int(data["amount"])
        if payload["type"] == "POKER_CHIPS_IN":
            account.poker_in += amount
            chips.chips_in += amount
        else:
            account.poker_out += amount
            chips.chips_out += amount

    @projects("JNL.ROUND")
    def _pkc_on_round(self, entry: Entry) -> None:
        data = entry.payload["data"]
        ts = self.table_sessions.get(str(data["table_session"]))
        if ts is not None and is_poker(self.tables[ts.table].game) and "cagnotte" in data:
            chips = self.poker_chips.setdefault(str(data["table_session"]), PokerTableChips())
            chips.cut += int(data["cagnotte"])

    # ------------------------------------------------------------------ reading

    @query
    def player_account(self, player: str) -> dict[str, Any]:
        """The player's chip movements with the casino and their net ``balance`` (cents);
        every field 0 for a player with none."""
        account = self.player_accounts.get(player, PlayerAccount())
        return {
            "player": player,
            "bought": account.bought,
            "bought_back": account.bought_back,
            "poker_in": account.poker_in,
            "poker_out": account.poker_out,
            "balance": account.balance,
        }

    @query
    def poker_table_chips(self, table_id: str) -> dict[str, Any]:
        """The current session's chips at poker table ``table_id``: in, out, the house's
        cut and what is in play (``NOT_A_POKER_TABLE`` elsewhere)."""
        table = self.table(table_id)
        if not is_poker(table.game):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{table_id} is not a poker table", table_id=table_id)
            )
        ts = self.table_session(table_id)
        chips = self.poker_chips.get(ts.id, PokerTableChips())
        return {
            "table": table_id,
            "table_session": ts.id,
            "chips_in": chips.chips_in,
            "chips_out": chips.chips_out,
            "cut": chips.cut,
            "in_play": chips.in_play,
        }

    # ------------------------------------------------------------------ acting

    def _pkc_signer(
        self, table: Table, ts: TableSession, by: str, actor: Actor
    ) -> tuple[str, Role]:
        """Who signs a poker chip movement: the staff member acting, or for a player's own
        action the table's dealer (else its chief); checked against the matrix, row 10."""
        signer = by
        if actor.id != by:  # the player acted: the system recorded it on his behalf
            crew = ts.staff
            signer = next(
                (s for s, f in crew.items() if f == "DEALER"),
                next((s for s, f in crew.items() if f == "TC"), next(iter(crew), by)),
            )
        return signer, self.authorise(Op.RECORD_ROUNDS, signer, "C", table.id)

    def _pkc_move(
        self, table: Table, ts: TableSession, engine: Game[Any, Any], action: Action, by: str,
        actor: Actor,
    ) -> _Move | None:  # fmt: skip
        if action.kind not in ("buy-in", "leave") or not is_poker(table.game):
            return None
        player = getattr(action, "player", None)
        if not isinstance(player, str):
            return None  # the engine refuses it with its own code
        if action.kind == "buy-in":
            amount = getattr(action, "amount", None)
            if not isinstance(amount, int) or isinstance(amount, bool):
                return None
            etype = "POKER_CHIPS_IN"
        else:
            amount = int(engine.state.chips.get(player, 0))
            etype = "POKER_CHIPS_OUT"
        signer, role = self._pkc_signer(table, ts, by, actor)
        return _Move(etype, player, amount, signer, role)

    def _apply_live(
        self,
        table: Table,
        ts: TableSession,
        engine: Game[Any, Any],
        action: Action,
        *,
        by: str,
        actor: Actor,
        last: bool,
    ) -> LiveRecord:
        move = self._pkc_move(table, ts, engine, action, by, actor)  # refused before acting
        record = super()._apply_live(table, ts, engine, action, by=by, actor=actor, last=last)
        if move is None:
            return record
        data = {
            "table_session": ts.id,
            "player": move.player,
            "amount": move.amount,
            "stack": int(engine.state.chips.get(move.player, 0)),
            "live_entry": record.entry.seq,
        }
        try:
            self._pkc_last = self.record(
                "JNL", move.etype, data, by=move.signer, role=move.role,
                gaming_day=ts.gaming_day, session=ts.session, table=table.id,
            )  # fmt: skip
        except BaseException:
            self._engines.pop(ts.id, None)  # rebuilt from the books on next use
            raise
        return record

    # ------------------------------------------------------------------ closing

    def _pkc_deal_in_progress(self, table: Table) -> None:
        """Refuse to close poker table ``table`` while a deal is in progress there (its
        chips are in the pot: the deal is finished first)."""
        engine = self._engine_of(table) if is_poker(table.game) else None
        deal = None if engine is None else engine.state.deal
        if deal is not None:
            raise OpsError(
                Code.OPEN_BETS_PRESENT,
                N_(
                    "deal {number} is in progress at {table_id}; it is finished before the "
                    "table closes",
                    number=deal.number,
                    table_id=table.id,
                ),
            )

    def temp_close(self, table_id: str, *, by: str, reason: str = "") -> Entry:
        """As :meth:`TableOps.temp_close`; at a poker table not while a deal is in
        progress (``OPEN_BETS_PRESENT``: its pot is the players' chips)."""
        table = self.table(table_id)
        self.require_director(by, Op.TEMP_CLOSURE)  # who may, before the table's state
        self._pkc_deal_in_progress(table)
        return super().temp_close(table_id, by=by, reason=reason)

    def close_table(
        self,
        table_id: str,
        *,
        by: str,
        cashier: str,
        chips: Chips,
        seals: Mapping[str, str],
        total: int | None = None,
        changer_float: Chips | None = None,
        wheel_seal: str | None = None,
    ) -> Entry:
        """As :meth:`TableOps.close_table`; at a poker table every player still there
        (seated, resting or waiting) leaves first with his whole stack: a ``leave`` each,
        recorded by the chief who closes, with its ``JNL.POKER_CHIPS_OUT``, so the chips
        of the table go back to their players and none vanish with the table. Refused
        (``OPEN_BETS_PRESENT``) while a deal is in progress. One unit of work: if the
        closing is refused, no stack is paid out."""
        table = self.table(table_id)
        if is_poker(table.game):
            self.authorise(Op.CLOSING_COUNT, by, "C", table_id)  # who may, before the state
            self._pkc_deal_in_progress(table)
            # a table with no engine here (its play not kept by the server) has no stacks
            # in the books to pay out
            if self._engine_of(table) is not None and self.play_over(table_id):
                self._pkc_pay_out(table, by)
        return super().close_table(
            table_id, by=by, cashier=cashier, chips=chips, seals=seals, total=total,
            changer_float=changer_float, wheel_seal=wheel_seal,
        )  # fmt: skip

    def _pkc_pay_out(self, table: Table, by: str) -> None:
        """Every player at poker table ``table`` leaves with his stack (seat order, then
        the waiting list), each ``leave`` recorded by ``by`` with its chips out."""
        from crupier.games.circle_poker.actions import Leave

        ts = self.table_session(table.id)
        engine = self.live_engine(table.id)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table.id)
        actor = Actor(by, str(role))
        state = engine.state
        players = [p for _n, p in sorted(state.seats.items())]
        players += [p for p in state.chips if p not in players]
        for player in players:
            action = Leave(player=player, by=TableRole.SYSTEM)  # the table closes
            self._apply_live(table, ts, engine, action, by=by, actor=actor, last=False)

    def live_buy_in(self, table_id: str, player: str, amount: int, *, by: str) -> Entry:
        """At a poker table, chips a staff member takes in for a player are the player's
        ``buy-in`` with its ``JNL.POKER_CHIPS_IN`` (returned), not a sale into a drop box
        (a circle table has none); elsewhere as :meth:`LiveOps.live_buy_in`."""
        if not is_poker(self.table(table_id).game):
            return super().live_buy_in(table_id, player, amount, by=by)
        action = {"kind": "buy-in", "player": player, "amount": amount}
        self._pkc_last = None
        self.live_action(table_id, action, by=by)
        entry = self._pkc_last
        assert entry is not None  # a buy-in accepted at a poker table writes its entry
        return entry


__all__ = ["POKER_KINDS", "PlayerAccount", "PokerChipsOps", "PokerTableChips"]
