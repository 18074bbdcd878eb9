"""Live tables: a round played one action at a time, each action on the books before it counts.

:meth:`Casino.play_round <crupier.casino.tables.TableOps.play_round>` plays a whole
round in one call; a live table takes bets from many seats over time. Here every
accepted engine action (a bet, no more bets, a spin, a card, a regulated error action,
the result) is applied to the table session's engine and appended to the ledger, with
its draws and who took it, in the same unit of work: when :meth:`LiveOps.live_action`
returns, the action is durable. A staff member's action is a ``LIVE.ACTION`` entry
signed by that person; a player's own action is a ``LIVE.PLAYER_ACTION`` entry the
system records on the player's behalf (players hold no keys), naming the player.

These entries belong to no book: they are the round in progress. When the engine
closes the round (its settlement, or a void), one ``JNL.ROUND`` entry is written exactly
as ``play_round`` writes it (the round's bets, its whole log, the house's net, who
launched it), so the books (A43/A44/A45/JNL), recall and the session figures are the
same projections as for any other round.

A restart rebuilds the round in progress from the ``LIVE.*`` entries written since the
table's last ``JNL.ROUND`` (:meth:`LiveOps.live_round`); whether it resumes or is void
(:meth:`LiveOps.void_live_round`: a launch in progress is voided, bets placed in the
round are returned) is the croupier's decision.

>>> from crupier.casino.live import round_counter
>>> from crupier.games.catalogue import new_game
>>> round_counter(new_game("french-roulette"))
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from crupier.casino.base import SYSTEM, projects, query
from crupier.casino.errors import Code, OpsError
from crupier.casino.events import EventOps
from crupier.casino.model import Table, TableSession
from crupier.casino.roles import Op, Role, table_role
from crupier.casino.tables import TableOps, is_poker
from crupier.core.errors import MalformedAction, RuleError
from crupier.core.roles import TableRole
from crupier.core.round import Action, Game, action_from_dict
from crupier.i18n import N_
from crupier.ledger import Actor, Entry, LedgerError

R = TypeVar("R")

#: The ledger kinds of live actions: by a staff member (signed by them), by a player.
STAFF_ACTION = "LIVE.ACTION"
PLAYER_ACTION = "LIVE.PLAYER_ACTION"
#: The action kinds that launch a round (the rotation of who launches, §2.9).
LAUNCHES = frozenset({"spin", "throw", "deal", "result", "roll", "launch"})


def round_counter(engine: Game[Any, Any]) -> int:
    """How many rounds the engine has closed, settled or void (it grows by one per round).

    Layout games count ``rounds`` and ``voids``; a game without them counts its log's
    settlements (``coups``). A live round is closed when this number grows.
    """
    state = engine.state
    if hasattr(state, "rounds"):
        return int(state.rounds) + int(getattr(state, "voids", 0))
    if not hasattr(state, "coups") and hasattr(state, "deals"):
        return len(state.results)  # circle poker: a deal closes when it is settled
    return int(getattr(state, "coups", 0))


@dataclass(frozen=True)
class LiveRecord:
    """What one accepted live action did: its ledger entry, the engine's events, and the
    ``JNL.ROUND`` entry when the action closed the round."""

    entry: Entry
    action: dict[str, Any]
    events: tuple[dict[str, Any], ...]
    round_entry: Entry | None = None

    def as_json(self) -> dict[str, Any]:
        """The acknowledgement a client receives."""
        return {
            "seq": self.entry.seq,
            "action": self.action,
            "events": list(self.events),
            "round_closed": None if self.round_entry is None else self.round_entry.seq,
        }


class LiveOps(TableOps, EventOps):
    """Live rounds, action by action, on the table sessions' engines."""

    def _init_state(self) -> None:
        self.live_logs: dict[str, list[dict[str, Any]]] = {}  # table session -> open round
        self.live_meta: dict[str, dict[str, Any]] = {}  # table session -> its round's start

    @projects(STAFF_ACTION, PLAYER_ACTION)
    def _on_live_action(self, entry: Entry) -> None:
        d = entry.payload
        ts = d["table_session"]
        log = self.live_logs.setdefault(ts, [])
        if not log:
            self.live_meta[ts] = {
                "house_before": d.get("house_before", 0),
                "next_bet_before": d.get("next_bet_before"),
                "round": d["round"],
                "since": d["event_time"],
            }
        log.append(d["entry"])
        who = d.get("player") or entry.actor.id
        self.live_meta[ts].setdefault("who", []).append([d["entry"]["action"]["kind"], who])

    @projects("JNL.CHIPS_SOLD")
    def _on_live_chips(self, entry: Entry) -> None:
        d = entry.payload["data"]
        if d.get("round_log"):  # chips bought while a live round is open: part of that round
            self.live_logs.setdefault(d["table_session"], []).extend(d["round_log"])

    @projects("JNL.ROUND")
    def _on_live_round_closed(self, entry: Entry) -> None:
        ts = entry.payload["data"]["table_session"]
        self.live_logs.pop(ts, None)
        self.live_meta.pop(ts, None)

    def _engine_of(self, table: Table) -> Game[Any, Any] | None:
        """The session's engine: the closed rounds' log, then the open live round's."""
        if table.session is None:
            return None
        cached = self._engines.get(table.session)
        if cached is not None:
            return cached
        from crupier.games.catalogue import GAMES, game_module, load_profile

        if table.game not in GAMES:
            return None
        profile = load_profile(table.game, table.profile)
        log = self.engine_logs.get(table.session, []) + self.live_logs.get(table.session, [])
        engine: Game[Any, Any] = game_module(table.game).engine.replay(profile, log)
        self._engines[table.session] = engine
        return engine

    # ------------------------------------------------------------------ reading

    @query
    def live_round(self, table_id: str) -> dict[str, Any] | None:
        """The round in progress at ``table_id`` (``None`` if none): its number, how many
        actions it holds and since when."""
        table = self.table(table_id)
        if table.session is None or not self.live_logs.get(table.session):
            return None
        meta = self.live_meta.get(table.session, {})
        return {
            "round": meta.get("round"),
            "actions": len(self.live_logs[table.session]),
            "since": meta.get("since"),
        }

    @query
    def live_engine(self, table_id: str) -> Game[Any, Any]:
        """The engine of the table's open session (``TABLE_NOT_OPEN`` / no engine refused)."""
        table = self.table(table_id)
        if table.session is None:
            raise OpsError(
                Code.TABLE_NOT_OPEN, N_("{table_id} has not been opened", table_id=table_id)
            )
        engine = self._engine_of(table)
        if engine is None:
            raise OpsError(Code.MALFORMED_REQUEST, N_("{game} has no engine here", game=table.game))
        return engine

    @query
    def staff_table_role(self, table_id: str, by: str) -> TableRole:
        """The table role in which staff member ``by`` acts at ``table_id`` now, checked
        against the permission matrix (row 10, recording rounds: ``own`` tables only)."""
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        table = self.table(table_id)
        session = table.session
        crew = self.table_sessions[session].staff if session is not None else {}
        return table_role(role, crew.get(by), table.game)

    @query
    def books_seq(self) -> int:
        """The last ledger entry this casino has projected."""
        return self._last_seq

    # ------------------------------------------------------------------ acting

    def live_action(
        self,
        table_id: str,
        action: Mapping[str, Any] | Action,
        *,
        by: str,
        player: bool = False,
    ) -> LiveRecord:
        """Apply one engine action at ``table_id`` and record it before returning.

        ``by`` is the staff member acting (checked against the permission matrix and
        the table's crew) or, with ``player=True``, the player acting for themselves: a
        player may take only the actions the engine grants players, and only for their
        own seat (``PERMISSION_DENIED`` otherwise). The engine's refusal is raised as its
        typed :class:`~crupier.core.errors.RuleError`; nothing is recorded then.
        """
        table = self.table(table_id)
        # who may act here comes before the table's state (OPS-SEC-01, -02)
        role = None if player else self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        ts, last = self._round_checks(table)
        engine = self.live_engine(table_id)
        if role is None:
            actor = SYSTEM
            parsed = self._parse_live(engine, action, TableRole.PLAYER)
            self._check_player_action(engine, parsed, by)
        else:
            actor = Actor(by, str(role))
            parsed = self._parse_live(
                engine, action, table_role(role, ts.staff.get(by), table.game)
            )
        return self._apply_live(table, ts, engine, parsed, by=by, actor=actor, last=last)

    def _parse_live(
        self, engine: Game[Any, Any], action: Mapping[str, Any] | Action, role: TableRole
    ) -> Action:
        data = action.to_dict() if isinstance(action, Action) else dict(action)
        data["by"] = role  # who acts is the server's to say, never the client's
        return action_from_dict(data, engine.actions)

    @staticmethod
    def _check_player_action(engine: Game[Any, Any], action: Action, player: str) -> None:
        allowed = engine.permissions.get(action.kind, frozenset())
        if TableRole.PLAYER not in allowed:
            raise OpsError(Code.PERMISSION_DENIED, N_("a player may not {kind}", kind=action.kind))
        seat = getattr(action, "player", None)
        if seat is not None and seat != player:
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("{player} may not act for {seat}", player=player, seat=seat),
            )

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
        log = self.live_logs.get(ts.id, [])
        before = round_counter(engine)
        house = int(getattr(engine.state, "house", 0))
        next_bet = getattr(engine.state, "next_bet", None)
        engine.source = self.source
        record = engine.apply(action)  # a RuleError leaves the engine as it was
        payload: dict[str, Any] = {
            "table": table.id,
            "table_session": ts.id,
            "gaming_day": ts.gaming_day,
            "round": len(ts.rounds) + 1,
            "step": len(log) + 1,
            "event_time": _utc(self),
            "entry": record.entry.to_dict(),
        }
        if not log:
            payload["house_before"] = house
            payload["next_bet_before"] = next_bet
        player = actor.id != by
        if player:
            payload["player"] = by
        kind = PLAYER_ACTION if player else STAFF_ACTION
        try:
            entry = self._append_raw(kind, actor, payload)
        except BaseException:
            self._engines.pop(ts.id, None)  # rebuilt from the books on next use
            raise
        closed = None
        if round_counter(engine) > before:
            closed = self._close_live_round(table, by=by, player=player, last=last)
        events = tuple(e.to_dict() for e in record.events)
        return LiveRecord(entry, record.entry.action.to_dict(), events, closed)

    def _close_live_round(
        self, table: Table, *, by: str, player: bool, last: bool, void_reason: str | None = None
    ) -> Entry:
        """Write the round's ``JNL.ROUND`` entry, the same as ``play_round`` writes."""
        ts = self.table_session(table.id)
        engine = self.live_engine(table.id)
        log = list(self.live_logs.get(ts.id, []))
        meta = self.live_meta.get(ts.id, {})
        kinds = [e["action"]["kind"] for e in log]
        voids = [e["action"] for e in log if e["action"]["kind"] == "void"]
        void = void_reason is not None or (bool(voids) and kinds[-1] == "void")
        reason = (
            void_reason
            if void_reason is not None
            else (voids[-1].get("reason", "") if void else "")
        )
        launcher = next(
            (who for kind, who in reversed(meta.get("who", [])) if kind in LAUNCHES), None
        )
        author = by
        if player:  # a player's action closed the round: the table's chief records it
            author = next((s for s, f in ts.staff.items() if f == "TC"), next(iter(ts.staff)))
        role = self.authorise(Op.RECORD_ROUNDS, author, "C", table.id)
        results = getattr(engine.state, "results", ())
        data: dict[str, Any] = {
            "table_session": ts.id,
            "round": len(ts.rounds) + 1,
            "is_last_round_of_session": last,
            "void": void,
            "void_reason": reason,
            "result": {"results": [] if void else [str(r) for r in list(results)[-1:]]},
            "bets": [
                {"player": a["player"], "spot": a["spot"], "amount": a["amount"]}
                for a in (e["action"] for e in log)
                if a["kind"] == "place-bet"
            ],
            "log": log,
            "house_net": int(getattr(engine.state, "house", 0)) - int(meta.get("house_before", 0)),
            "launched_by": launcher or author,
            "live": True,
        }
        if is_poker(table.game):  # the deal's rake is the table's cut (its RAKE box)
            data["cagnotte"] = data["house_net"]
        entry = self._record_round(table, ts, data, author, role)
        if void:
            self.record_event(
                "EVT.VOID_ROUND",
                {
                    "table": table.id,
                    "table_session": ts.id,
                    "round": data["round"],
                    "reason": reason,
                    "by": by,
                    "round_entry": entry.seq,
                },
            )
        return entry

    def void_live_round(self, table_id: str, *, by: str, reason: str) -> Entry:
        """Declare the round in progress void (after a restart, the croupier's decision):
        a launch in progress is voided (bets stay, as the rules say); otherwise the bets
        placed in the round are returned to their players and the round is recorded void.
        """
        table = self.table(table_id)
        ts, last = self._round_checks(table)
        if not reason.strip():
            raise OpsError(Code.MISSING_FIELDS, N_("a void round needs a reason"))
        if not self.live_logs.get(ts.id):
            raise OpsError(
                Code.INVALID_STATE, N_("{table_id} has no round in progress", table_id=table_id)
            )
        engine = self.live_engine(table_id)
        if "void" in engine.legal_actions():
            record = self.live_action(table_id, {"kind": "void", "reason": reason}, by=by)
            assert record.round_entry is not None
            return record.round_entry
        first = self.live_meta[ts.id].get("next_bet_before") or 0
        bets = sorted(getattr(engine.state, "bets", {}).values(), key=lambda b: b.id)
        for bet in bets:
            if bet.id >= first:
                try:
                    self.live_action(
                        table_id, {"kind": "take-down", "player": bet.player, "bet": bet.id}, by=by
                    )
                except RuleError:
                    continue  # a bet the rules keep on the layout stays
        return self._close_live_round(table, by=by, player=False, last=last, void_reason=reason)

    def live_buy_in(self, table_id: str, player: str, amount: int, *, by: str) -> Entry:
        """Chips sold at the table; while a live round is open the sale joins its log."""
        table = self.table(table_id)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)  # before the table's state
        ts = self.table_session(table_id)
        if not self.live_logs.get(ts.id):
            return self.buy_in(table_id, player, amount, by=by)
        from crupier.core.layout import BuyIn

        self._money_checks(table)
        engine = self.live_engine(table_id)
        record = engine.apply(BuyIn(player=player, amount=amount, by=table_role(Role.DLR)))
        data = {
            "table_session": ts.id,
            "player": player,
            "amount": amount,
            "log": [],
            "round_log": [record.entry.to_dict()],
        }
        try:
            return self.record(
                "JNL", "CHIPS_SOLD", data, by=by, role=role, gaming_day=ts.gaming_day,
                session=ts.session, table=table_id,
            )  # fmt: skip
        except BaseException:
            self._engines.pop(ts.id, None)
            raise

    def run_batch(self, calls: Sequence[Callable[[], R]]) -> list[R | Exception]:
        """Run several operations as one unit of work, each in its own savepoint: a refusal
        undoes only its own part and is returned in its place; the rest commit together.

        The live server hands each table's queued actions over in one batch, and the
        ledger groups the batches of every table into one durable transaction.
        """
        out: list[R | Exception] = []
        for call in calls:
            mark = self._last_seq
            try:
                out.append(self.ledger.unit(call))
            except (OpsError, RuleError, LedgerError) as exc:
                if self._last_seq != mark:
                    self._rebuild()
                out.append(exc)
        return out

    def play_round(self, table_id: str, **kwargs: Any) -> Entry:
        """As :meth:`TableOps.play_round`, refused while a live round is open there."""
        table = self.table(table_id)
        if table.session is not None and self.live_logs.get(table.session):
            raise OpsError(
                Code.INVALID_STATE, N_("{table_id} has a live round in progress", table_id=table_id)
            )
        return super().play_round(table_id, **kwargs)


def _utc(casino: LiveOps) -> str:
    from crupier.casino.clock import utc_text

    return utc_text(casino.now())


__all__ = ["PLAYER_ACTION", "STAFF_ACTION", "LiveOps", "LiveRecord", "MalformedAction"]
