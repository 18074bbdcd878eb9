"""Gaming days, sessions and the table lifecycle; floats, fills, credits, counts and results.

The operations spec §5-§7.5: the gaming day (open, sessions, closed to play,
closed), the table state machine (§6.1), opening with a float counted by chip
denomination, fills and credits with two signatures, the five last passes and the
float top-up, temporary closure under key, the last three rounds, the closing
count, the drop, cagnotte and tip-box counts, the computed session result, the
daily summary, the tips account, red-ink corrections with their consequential
corrections, and the rounds themselves, kept in the journal with their full log.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from crupier.casino.base import SYSTEM, CasinoBase, parse_utc, projects, validates
from crupier.casino.clock import utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.model import (
    MONEY_STATES,
    PLAY_STATES,
    ROUND_STATES,
    GamingDay,
    Kind,
    Limits,
    Session,
    Table,
    TableSession,
    TableState,
)
from crupier.casino.roles import Op, Role, table_role
from crupier.core.errors import RuleError
from crupier.core.money import deduction
from crupier.core.rng import RandomSource, SystemSource
from crupier.core.roles import TableRole
from crupier.core.round import Action, Game
from crupier.i18n import N_
from crupier.ledger import Actor, Change, Cosigner, Entry, LedgerError
from crupier.ledger.store import STATUS_PATH, apply_changes

#: A chip count as given: denomination (cents, int or str) -> quantity.
Chips = Mapping[Any, int]

#: Minimum crew to open a table (§2.8): function -> how many. ``TC`` is the table chief.
CREW: dict[str, dict[str, int]] = {
    "french-roulette": {"TC": 1, "DEALER": 2},
    "american-roulette": {"DEALER": 1},
    "blackjack": {"DEALER": 1},
    "boule": {"TC": 1, "DEALER": 1},  # plus one dealer per layout (checked below)
    "trente-et-quarante": {"TC": 1, "DEALER": 2},
    "craps": {"TC": 1, "DEALER": 2, "STICKMAN": 1},
    "craps/HALF": {"DEALER_STICKMAN": 1},
    "punto-banco": {"TC": 1, "DEALER": 2},
    "chemin-de-fer": {"TC": 1, "DEALER": 1, "CHANGER": 1},
    "baccarat-two-tables": {"TC": 1, "DEALER": 1, "CHANGER": 1},
    "monte": {"TC": 1, "DEALER": 2},
    "sic-bo": {"DEALER": 1},
    "casino-war": {"DEALER": 1},
    "circle-poker": {"DEALER": 1},
    # blackjack's staff rules (spec 19, spec 21): a croupier; a chief for two tables (SPAN)
    "triple-blackjack": {"DEALER": 1},
    "triple-play": {"DEALER": 1},
    # the banking poker games (specs 11, 15, 18, 20, 22 after entry 10.III): the inspector
    # or table chief who controls the game, and the croupier who holds the bank
    "caribbean-stud": {"TC": 1, "DEALER": 1},
    "trijoker": {"TC": 1, "DEALER": 1},
    "three-card-poker": {"TC": 1, "DEALER": 1},
    "four-card-poker": {"TC": 1, "DEALER": 1},
    "casino-holdem": {"TC": 1, "DEALER": 1},
    "holdem-bonus": {"TC": 1, "DEALER": 1},
    "mahjong-pai-gow": {"DEALER": 1},  # spec 17: the table chief is optional
    # spec 12 Staff roles: the table chief (the waiting list) and the croupier
    "pai-gow-poker": {"TC": 1, "DEALER": 1},
}


def is_poker(game: str) -> bool:
    """True for a circle-poker table (the generic ``circle-poker`` or one of its variants),
    whose house box is the rake box.

    >>> is_poker("holdem"), is_poker("circle-poker"), is_poker("chemin-de-fer")
    (True, True, False)
    """
    from crupier.games.circle_poker.variants import VARIANTS

    return game == "circle-poker" or game in VARIANTS


#: Dealer functions that count as a dealer for the crew rule.
DEALER_FUNCTIONS = {"DEALER", "SHOOTER_DEALER", "PAYING_DEALER", "END_OF_TABLE"}
#: How many open tables one table chief may supervise: (tables, tables if contiguous).
SPAN: dict[str, tuple[int, int]] = {
    "blackjack": (2, 4),
    "triple-blackjack": (2, 4),
    "triple-play": (2, 4),
    "american-roulette": (1, 4),
}

#: Games whose wheel is locked under seal or key between sessions (OPS-TBL-41).
WHEEL_GAMES = frozenset({"french-roulette", "american-roulette", "boule"})
#: How a circle-game bank is adjudicated (§7.3).
BANK_METHODS = ("ANNOUNCED", "AUCTION", "DRAW_AFTER_TIE", "RE-OFFER", "ROTATION")
#: Tallies per session of a free bank (000 §09 V.2).
FREE_BANK_TALLIES = 2

LAST_ROUNDS_TEXT = "les tres últimes jugades"
LAST_THROWS_TEXT = "les tres últimes tirades"
FIVE_PASSES_TEXT = "les cinc últimes passades"


def chip_count(chips: Chips, denominations: Iterable[int]) -> dict[str, Any]:
    """A ``ChipCount`` checked as OPS-BK-03 says: registered denominations, quantities ≥ 0.

    >>> chip_count({2500: 400, 10000: 100}, (2500, 10000))
    {'chips': {'2500': 400, '10000': 100}, 'total': 2000000}
    """
    allowed = set(denominations)
    lines: dict[str, int] = {}
    total = 0
    for denom, qty in chips.items():
        value = int(denom)
        if value not in allowed:
            raise OpsError(
                Code.UNKNOWN_DENOMINATION,
                N_("{value:.2f} is not a registered chip", value=value / 100),
            )
        if not isinstance(qty, int) or isinstance(qty, bool) or qty < 0:
            raise OpsError(
                Code.CHIPCOUNT_MISMATCH,
                N_("quantity {qty!r} of {value} is not a count", qty=qty, value=value),
            )
        lines[str(value)] = qty
        total += value * qty
    return {"chips": lines, "total": total}


def _check_declared(count: dict[str, Any], declared: int | None) -> None:
    if declared is not None and declared != count["total"]:
        raise OpsError(
            Code.CHIPCOUNT_MISMATCH,
            N_(
                "the declared total {declared} is not the sum of the lines ({count})",
                declared=declared,
                count=count["total"],
            ),
        )


class TableOps(CasinoBase):
    """Days, sessions, tables, money movements and the books A43, A44, A45, A56."""

    def _init_state(self) -> None:
        self.days: dict[str, GamingDay] = {}
        self.sessions: dict[str, Session] = {}
        self.table_sessions: dict[str, TableSession] = {}
        self.slips: set[str] = set()
        self.key_custody: dict[str, str] = {}  # key id -> holder
        self.limits_history: dict[str, list[dict[str, Any]]] = {}
        self.engine_logs: dict[str, list[dict[str, Any]]] = {}
        self._engines: dict[str, Game[Any, Any]] = {}
        self.source: RandomSource = SystemSource()
        self.incidents: list[int] = []
        self.pending_closing: set[str] = set()  # tables whose play is over, closing count due
        self.free_bank: dict[str, list[str]] = {}  # gaming day -> table sessions in free bank
        self.opening_totals: dict[str, dict[str, Any]] = {}  # year -> totals kept before
        self.wheels: dict[str, dict[str, Any]] = {}  # table -> {locked, holder, seal}
        self.tallies: dict[str, int] = {}  # table session -> tallies (shoes) started
        self.pools: dict[str, dict[str, Any]] = {}  # progressive pools and their balances

    # ------------------------------------------------------------ days, sessions

    def current_day(self) -> GamingDay | None:
        """The gaming day that is open or closed to play (not yet closed)."""
        for day in self.days.values():
            if day.state != "CLOSED":
                return day
        return None

    def current_session(self) -> Session | None:
        """The open session, if any."""
        for session in self.sessions.values():
            if session.open:
                return session
        return None

    def open_day(self, date: str, *, by: str) -> Entry:
        """Open gaming day ``date`` (OPS-DAY-01): the DIR in office, sealed books, no other day."""
        self.require_director(by, Op.OPEN_DAY_OR_SESSION)
        year = int(date[:4])
        for book in ("A43", "A44", "A45", "A56", "A60", "A61"):
            vol = self.volumes.get((book, year))
            if vol is None or vol.state != "SEALED":
                raise OpsError(
                    Code.BOOK_NOT_SEALED,
                    N_("the {book} volume {year} is not sealed", book=book, year=year),
                )
        if any(d.state == "OPEN" for d in self.days.values()):
            raise OpsError(Code.DAY_ALREADY_OPEN, N_("another gaming day is still open"))
        if date in self.days:
            raise OpsError(
                Code.INVALID_STATE, N_("gaming day {date} was already opened", date=date)
            )
        return self.record(
            "JNL", "DAY_OPENED", {"date": date}, by=by, role=Role.DIR, gaming_day=date
        )

    @projects("JNL.DAY_OPENED")
    def _on_day_opened(self, entry: Entry) -> None:
        date = entry.payload["data"]["date"]
        self.days[date] = GamingDay(date)

    def open_session(self, *, by: str, name: str | None = None, last: bool = False) -> Entry:
        """Open the next session of the open day (OPS-DAY-02); one at a time."""
        self.require_director(by, Op.OPEN_DAY_OR_SESSION)
        day = self.current_day()
        if day is None or day.state != "OPEN":
            raise OpsError(Code.DAY_NOT_OPEN, N_("no gaming day is open"))
        if self.current_session() is not None:
            raise OpsError(Code.INVALID_STATE, N_("a session is already open"))
        number = len(day.sessions) + 1
        sid = f"{day.date}/{number}"
        data = {
            "id": sid,
            "number": number,
            "name": name or f"session {number}",
            "last": last or number >= self.config.sessions_per_day,
        }
        return self.record(
            "JNL", "SESSION_OPENED", data, by=by, role=Role.DIR, gaming_day=day.date, session=sid,
        )  # fmt: skip

    @projects("JNL.SESSION_OPENED")
    def _on_session_opened(self, entry: Entry) -> None:
        d = entry.payload["data"]
        day = entry.payload["gaming_day"]
        self.sessions[d["id"]] = Session(d["id"], day, d["number"], d["name"], True, d["last"])
        self.days[day].sessions.append(d["id"])

    def close_session(self, *, by: str) -> Entry:
        """Close the open session: every table session of it must be closed (OPS-DAY-03)."""
        self.require_director(by, Op.OPEN_DAY_OR_SESSION)
        session = self.current_session()
        if session is None:
            raise OpsError(Code.SESSION_NOT_OPEN, N_("no session is open"))
        still = sorted(
            ts.table
            for ts in self.table_sessions.values()
            if ts.session == session.id
            and self.tables[ts.table].session == ts.id
            and self.tables[ts.table].state is not TableState.CLOSED
        )
        if still:
            raise OpsError(
                Code.TABLES_STILL_OPEN,
                N_("tables not closed: {still}", still=", ".join(still)),
                still,
            )
        return self.record(
            "JNL", "SESSION_CLOSED", {"id": session.id}, by=by, role=Role.DIR,
            gaming_day=session.gaming_day, session=session.id,
        )  # fmt: skip

    @projects("JNL.SESSION_CLOSED")
    def _on_session_closed(self, entry: Entry) -> None:
        self.sessions[entry.payload["data"]["id"]].open = False

    def _maybe_closed_to_play(self, session_id: str) -> None:
        """OPS-DAY-04: in the last session, no table left in a play state."""
        session = self.sessions[session_id]
        day = self.days[session.gaming_day]
        if day.state != "OPEN" or not session.last:
            return
        mine = [ts for ts in self.table_sessions.values() if ts.session == session_id]
        if not mine or any(
            self.tables[ts.table].session == ts.id and self.tables[ts.table].state in PLAY_STATES
            for ts in mine
        ):
            return
        self.record(
            "JNL", "DAY_CLOSED_TO_PLAY", {"date": day.date, "at": utc_text(self.now())},
            by="system", role=Role.ADM, gaming_day=day.date, session=session_id,
        )  # fmt: skip

    @projects("JNL.DAY_CLOSED_TO_PLAY")
    def _on_closed_to_play(self, entry: Entry) -> None:
        d = entry.payload["data"]
        day = self.days[d["date"]]
        day.state = "CLOSED_TO_PLAY"
        day.closed_to_play_at = parse_utc(d["at"])

    def closing_blockers(self, date: str) -> list[str]:
        """What still stops ``close_day`` (OPS-DAY-05), in words."""
        day = self.days[date]
        out: list[str] = []
        if day.state != "CLOSED_TO_PLAY":
            out.append(f"day {date} is {day.state}, not CLOSED_TO_PLAY")
        for sid in day.sessions:
            if self.sessions[sid].open:
                out.append(f"session {sid} is open")
        for ts in self._day_table_sessions(date):
            table = self.tables[ts.table]
            if table.session == ts.id and table.state is not TableState.CLOSED:
                for kind in self._boxes_to_count(table):
                    if kind not in ts.counts:
                        out.append(f"{ts.table} {kind.lower()} count missing")
            if self.config.tips_accepted and "TIP" not in ts.counts:
                out.append(f"{ts.table} tip count missing")
            if ts.result is None:
                out.append(f"{ts.table} session result not signed")
            for seq in self._session_entries(ts):
                if self.status(seq) == "INCOMPLETE":
                    out.append(f"{ts.table} entry {seq} incomplete")
        if day.summary is None:
            out.append("A45 daily summary not signed")
        if self.config.tips_accepted and day.tips_total is None:
            out.append("A56 tips day total missing")
        return out

    def close_day(self, *, by: str) -> Entry:
        """Close the day (OPS-DAY-05), or ``DAY_NOT_CLOSABLE`` with the blocking items."""
        self.require_director(by, Op.OPEN_DAY_OR_SESSION)
        day = self.current_day()
        if day is None:
            raise OpsError(Code.DAY_NOT_OPEN, N_("no gaming day to close"))
        blockers = self.closing_blockers(day.date)
        if blockers:
            raise OpsError(Code.DAY_NOT_CLOSABLE, "; ".join(blockers), blockers)
        return self.record(
            "JNL", "DAY_CLOSED", {"date": day.date}, by=by, role=Role.DIR, gaming_day=day.date
        )

    @projects("JNL.DAY_CLOSED")
    def _on_day_closed(self, entry: Entry) -> None:
        self.days[entry.payload["data"]["date"]].state = "CLOSED"

    def _day_table_sessions(self, date: str) -> list[TableSession]:
        return [ts for ts in self.table_sessions.values() if ts.gaming_day == date]

    def _check_day_writable(self, date: str) -> None:
        day = self.days.get(date)
        if day is not None and day.state == "CLOSED":
            raise OpsError(Code.DAY_CLOSED, N_("gaming day {date} is closed", date=date))

    # ------------------------------------------------------------------- limits

    def _check_limits(self, table: Table, limits: Limits, *, opening: bool) -> None:
        auth = self.config.authorisations.get(table.game)
        if auth is None:
            return
        minima = list(limits.layouts.values()) or [limits.minimum]
        for minimum in minima:
            if minimum < auth.authorised_minimum:
                raise OpsError(
                    Code.LIMIT_OUT_OF_BAND,
                    N_(
                        "minimum {minimum:.2f} is under the authorised {authorised_minimum:.2f}",
                        minimum=minimum / 100,
                        authorised_minimum=auth.authorised_minimum / 100,
                    ),
                )
            if auth.min_multiples and minimum not in {
                k * auth.authorised_minimum for k in auth.min_multiples
            }:
                raise OpsError(
                    Code.LIMIT_OUT_OF_BAND,
                    N_(
                        "minimum {minimum:.2f} must be {multiples} the authorised minimum",
                        minimum=minimum / 100,
                        multiples=" / ".join(f"{k}x" for k in auth.min_multiples),
                    ),
                )
        base = min(minima)
        if limits.maximum not in {m * base for m in auth.max_multiples}:
            raise OpsError(
                Code.LIMIT_OUT_OF_BAND,
                N_(
                    "maximum {maximum:.2f} is not one of {multiples} the minimum",
                    maximum=limits.maximum / 100,
                    multiples=", ".join(f"{m}x" for m in auth.max_multiples),
                ),
            )
        if auth.min_table_rule:
            self._check_min_table_rule(table, limits, auth.authorised_minimum)

    def _check_min_table_rule(self, table: Table, limits: Limits, authorised: int) -> None:
        """OPS-TBL-11/-12: an open table (boule: a layout) of the game stays at the minimum."""

        def at_minimum(lim: Limits) -> bool:
            minima = list(lim.layouts.values()) or [lim.minimum]
            return authorised in minima

        if at_minimum(limits):
            return
        for other in self.tables.values():
            if other.id == table.id or other.game != table.game:
                continue
            if other.state not in PLAY_STATES or other.limits is None:
                continue
            effective = other.pending_limits or other.limits
            if at_minimum(effective):
                return
        raise OpsError(
            Code.MIN_TABLE_RULE,
            N_(
                "no open {game} table would keep the authorised minimum {authorised:.2f}",
                game=table.game,
                authorised=authorised / 100,
            ),
        )

    def limits_in_force(self, table_id: str) -> Limits:
        """The limits bets are checked against now (old ones during the five last passes)."""
        table = self.table(table_id)
        if table.limits is None:
            raise OpsError(Code.TABLE_NOT_OPEN, N_("{table_id} is not open", table_id=table_id))
        return table.limits

    def check_bet(self, table_id: str, amount: int, *, medium: str = "CHIPS") -> None:
        """OPS-TBL-13: chips only, within the limits in force, multiples where set."""
        table = self.table(table_id)
        limits = self.limits_in_force(table_id)
        if medium != "CHIPS":
            raise OpsError(Code.BET_NOT_CHIPS, N_("bets are made with chips only"))
        if amount < limits.minimum:
            raise OpsError(
                Code.BET_BELOW_MIN,
                N_("{amount:.2f} is under the table minimum", amount=amount / 100),
            )
        if amount > limits.maximum:
            raise OpsError(
                Code.BET_ABOVE_MAX,
                N_("{amount:.2f} is over the table maximum", amount=amount / 100),
            )
        if table.multiples_of_min and amount % limits.minimum:
            raise OpsError(
                Code.NOT_MULTIPLE_OF_MIN,
                N_("{amount:.2f} is not a multiple of the minimum", amount=amount / 100),
            )

    # ------------------------------------------------------------------ opening

    def _book(self, table: Table) -> str:
        return "A44" if table.kind is Kind.CIRCLE else "A43"

    def _check_crew(self, table: Table, staff: Mapping[str, str], mode: str | None) -> None:
        key = f"{table.game}/{mode}" if mode and f"{table.game}/{mode}" in CREW else table.game
        need = dict(CREW.get(key, {}))
        if table.game == "boule":
            need["DEALER"] = max(1, len(table.layouts))
        have: dict[str, int] = {}
        for person, function in staff.items():
            if person not in self.staff:
                raise OpsError(
                    Code.UNKNOWN_ENTITY, N_("{person} is not on the staff register", person=person)
                )
            if not self.licence_valid(self.staff[person]):
                raise OpsError(
                    Code.LICENCE_INVALID,
                    N_("{person} has no valid licence and card", person=person),
                )
            fn = "DEALER" if function in DEALER_FUNCTIONS else function
            have[fn] = have.get(fn, 0) + 1
        short = [f"{n - have.get(fn, 0)} {fn}" for fn, n in need.items() if have.get(fn, 0) < n]
        if short:
            raise OpsError(
                Code.STAFFING_INSUFFICIENT,
                N_("{id} needs {short} more", id=table.id, short=", ".join(short)),
            )

    def _check_span(self, table: Table, staff: Mapping[str, str]) -> None:
        for person, function in staff.items():
            if function != "TC":
                continue
            supervised = [
                self.tables[ts.table]
                for ts in self.table_sessions.values()
                if person in ts.staff
                and ts.staff[person] == "TC"
                and self.tables[ts.table].session == ts.id
                and self.tables[ts.table].state in PLAY_STATES
            ]
            together = [*supervised, table]
            plain, contiguous = SPAN.get(table.game, (1, 1))
            groups = {t.contiguity_group for t in together}
            limit = contiguous if len(groups) == 1 and None not in groups else plain
            if len(together) > limit:
                raise OpsError(
                    Code.SUPERVISION_SPAN_EXCEEDED,
                    N_(
                        "{person} would supervise {n_together} open tables (at most {limit})",
                        person=person,
                        n_together=len(together),
                        limit=limit,
                    ),
                )

    def open_table(
        self,
        table_id: str,
        *,
        by: str,
        cashier: str,
        float_chips: Chips,
        limits: Limits,
        staff: Mapping[str, str],
        mode: str | None = None,
        bank_key: str | None = None,
    ) -> Entry:
        """Open a table (OPS-TBL-01/-02): limits in the band, crew, float counted by denomination,
        the ``TABLE_OPENING`` entry signed by the table chief and the cashier."""
        table = self.table(table_id)
        day = self.current_day()
        if day is None:
            raise OpsError(Code.DAY_NOT_OPEN, N_("no gaming day is open"))
        if day.state == "CLOSED_TO_PLAY":
            raise OpsError(
                Code.DAY_CLOSED_TO_PLAY, N_("gaming day {date} is closed to play", date=day.date)
            )
        session = self.current_session()
        if session is None:
            raise OpsError(Code.SESSION_NOT_OPEN, N_("no session is open"))
        role = self.authorise(Op.OPEN_TABLE, by, "C", table_id)
        if table.state is not TableState.CLOSED:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        missing = getattr(self, "equipment_missing", None)
        if self.config.equipment_checks and missing is not None:
            lacking = missing(table_id, session.id)
            if lacking:
                raise OpsError(
                    Code.EQUIPMENT_MISSING,
                    N_(
                        "{table_id} lacks its {lacking}",
                        table_id=table_id,
                        lacking=", ".join(lacking),
                    ),
                )
        if table.game in WHEEL_GAMES and self.wheel(table_id)["locked"]:
            raise OpsError(
                Code.INVALID_STATE,
                N_("the wheel of {table_id} is locked: unlock it first", table_id=table_id),
            )
        if table.kind is Kind.CIRCLE and mode == "FREE_BANK":
            self._check_free_bank(table, day.date, session)
        self._check_limits(table, limits, opening=True)
        crew = {by: "TC", **dict(staff)} if role is Role.TC else dict(staff)
        self._check_crew(table, crew, mode or table.mode)
        self._check_span(table, crew)
        count = chip_count(float_chips, self.config.denominations)
        if table.kind is Kind.BANKING and count["total"] <= 0:
            raise OpsError(Code.CHIPCOUNT_MISMATCH, N_("a banking table opens with a float"))
        data = {
            "table_session": f"{session.id}/{table_id}",
            "game": table.game,
            "mode": mode or table.mode,
            "limits": limits.as_json(),
            "staff": crew,
            "float": count,
            "bank_key": bank_key or f"{table_id}-BANK",
            "boxes": {
                kind: f"{table_id}-{kind}" for kind in self._boxes_to_count(table, all_boxes=True)
            },
        }
        return self.record(
            self._book(table), "TABLE_OPENING", data, by=by, role=role, purpose="TABLE_CHIEF",
            required=["TABLE_CHIEF", "CASHIER"], cosign=[(cashier, "CASHIER")],
            gaming_day=day.date, session=session.id, table=table_id,
        )  # fmt: skip

    def _boxes_to_count(self, table: Table, *, all_boxes: bool = False) -> list[str]:
        """The boxes of a table (OPS-TBL-40); tips are counted later, apart (OPS-TIP-02)."""
        if table.kind is Kind.BANKING:
            boxes = ["DROP"]
        else:  # circle poker keeps its rake or time fees; the baccarats their cagnotte
            boxes = ["RAKE"] if is_poker(table.game) else ["CAGNOTTE"]
        if all_boxes and self.config.tips_accepted:
            boxes.append("TIP")
        return boxes

    @projects("A43.TABLE_OPENING", "A44.TABLE_OPENING")
    def _on_opening(self, entry: Entry) -> None:
        p = entry.payload
        d = p["data"]
        table = self.tables[p["table"]]
        ts = TableSession(
            id=d["table_session"],
            table=table.id,
            session=p["session"],
            gaming_day=p["gaming_day"],
            opening=entry.seq,
            staff=dict(d["staff"]),
            boxes={k: {"id": v, "state": "IN_PLACE", "seal": None} for k, v in d["boxes"].items()},
        )
        self.table_sessions[ts.id] = ts
        table.session = ts.id
        table.state = TableState.OPEN
        table.limits = Limits.from_json(d["limits"])
        table.pending_limits = None
        table.rounds_left = None
        if d.get("mode"):
            table.mode = d["mode"]
            if d["mode"] == "FREE_BANK":
                self.free_bank.setdefault(ts.gaming_day, []).append(ts.id)
        self.key_custody[d["bank_key"]] = "TABLE"
        self.limits_history.setdefault(ts.id, []).append(
            {"limits": d["limits"], "from_round": 1, "at": p["event_time"]}
        )
        self.engine_logs[ts.id] = []

    def _check_free_bank(self, table: Table, date: str, session: Any) -> None:
        """OPS-BK-18: one free-bank table a day, in at most two sessions."""
        used = [self.table_sessions[t] for t in self.free_bank.get(date, [])]
        if any(ts.table != table.id for ts in used):
            raise OpsError(
                Code.FREE_BANK_LIMIT, N_("another table runs the free bank on {date}", date=date)
            )
        if len({ts.session for ts in used} | {session.id}) > 2:
            raise OpsError(
                Code.FREE_BANK_LIMIT, N_("the free bank runs in at most two sessions a day")
            )

    def on_duty(self, staff: str, table: str | None) -> bool:
        """Whether ``staff`` is in the crew of the table's open session."""
        if table is None or table not in self.tables:
            return False
        sid = self.tables[table].session
        return sid is not None and staff in self.table_sessions[sid].staff

    def table_session(self, table_id: str) -> TableSession:
        """The table's current (or last) table session."""
        table = self.table(table_id)
        if table.session is None:
            raise OpsError(
                Code.TABLE_NOT_OPEN, N_("{table_id} has not been opened", table_id=table_id)
            )
        return self.table_sessions[table.session]

    # ------------------------------------------------------------ fills, credits

    def _money_checks(self, table: Table) -> TableSession:
        ts = self.table_session(table.id)
        self._check_day_writable(ts.gaming_day)
        if table.state is TableState.SUSPENDED:
            raise OpsError(Code.TABLE_SUSPENDED, N_("{id} is suspended by the CRAJ", id=table.id))
        if table.state not in MONEY_STATES or table.id in self.pending_closing:
            raise OpsError(
                Code.TABLE_NOT_OPEN, N_("{id} is {state}", id=table.id, state=table.state)
            )
        return ts

    def fill(
        self,
        table_id: str,
        *,
        by: str,
        chips: Chips,
        slip: str,
        reason: str = "ORDINARY",
        cashier: str | None = None,
        total: int | None = None,
    ) -> Entry:
        """Chips sent to a table (OPS-BK-04), signed by the table chief and the cashier."""
        return self._movement("FILL", table_id, by, chips, slip, reason, cashier, total)

    def credit(
        self,
        table_id: str,
        *,
        by: str,
        chips: Chips,
        slip: str,
        cashier: str | None = None,
        total: int | None = None,
    ) -> Entry:
        """Chips returned from a table to the cage (OPS-BK-04)."""
        return self._movement("CREDIT", table_id, by, chips, slip, "ORDINARY", cashier, total)

    def _movement(
        self,
        kind: str,
        table_id: str,
        by: str,
        chips: Chips,
        slip: str,
        reason: str,
        cashier: str | None,
        total: int | None,
    ) -> Entry:
        table = self.table(table_id)
        ts = self._money_checks(table)
        role = self.authorise(Op.FILL_OR_CREDIT, by, "C", table_id)
        if reason not in ("ORDINARY", "LIMIT_CHANGE", "PROGRESSIVE_PAYOUT"):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("unknown fill reason {reason!r}", reason=reason)
            )
        if not slip or slip in self.slips:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("slip number {slip!r} is missing or already used", slip=slip),
            )
        count = chip_count(chips, self.config.denominations)
        _check_declared(count, total)
        data = {"table_session": ts.id, "slip": slip, "reason": reason, **count}
        self.check_data(f"{self._book(table)}.{kind}", data)
        entry = self.record(
            self._book(table), kind, data, by=by, role=role, purpose="TABLE_CHIEF",
            required=["TABLE_CHIEF", "CASHIER"],
            cosign=[(cashier, "CASHIER")] if cashier else [],
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip
        self._after_signature(entry.seq)
        return entry

    @validates("A43.FILL", "A44.FILL", "A43.CREDIT", "A44.CREDIT")
    def _check_movement(self, data: Mapping[str, Any]) -> None:
        """A fill or credit moves some chips (OPS-BK-04)."""
        if data["total"] <= 0:
            raise OpsError(Code.CHIPCOUNT_MISMATCH, N_("a fill or credit of nothing"))

    @validates("*")
    def _check_chip_counts(self, data: Mapping[str, Any]) -> None:
        """Every chip count in an entry is one (OPS-BK-03): registered denominations, and
        its ``total`` the sum of its lines."""
        for node in _nodes(data):
            if isinstance(node.get("chips"), dict) and "total" in node:
                _check_declared(chip_count(node["chips"], self.config.denominations), node["total"])

    @projects("A43.FILL", "A44.FILL", "A43.CREDIT", "A44.CREDIT")
    def _on_movement(self, entry: Entry) -> None:
        d = entry.payload["data"]
        ts = self.table_sessions[d["table_session"]]
        (ts.fills if entry.payload["type"] == "FILL" else ts.credits).append(entry.seq)
        self.slips.add(d["slip"])

    def sign(self, seq: int, by: str, purpose: str) -> Entry:
        """Co-sign entry ``seq``; a completed top-up fill then applies the new limits."""
        sig = super().sign(seq, by, purpose)
        self._after_signature(seq)
        return sig

    def _after_signature(self, seq: int) -> None:
        if self.status(seq) != "COMPLETE":
            return
        entry = self.ledger.get(seq)
        p = entry.payload
        if not isinstance(p, dict) or p.get("type") != "FILL":
            return
        table = self.tables[p["table"]]
        if table.state is TableState.AWAITING_FLOAT_TOPUP and p["data"]["reason"] == "LIMIT_CHANGE":
            needed = self._topup_needed(table)
            if p["data"]["total"] >= needed:
                self._apply_limit_change(table, {"fill": seq})

    # ------------------------------------------------------- limits during play

    def announce_limit_change(self, table_id: str, limits: Limits, *, by: str) -> Entry:
        """Announce "les cinc últimes passades" with new limits (OPS-TBL-50, -55)."""
        table = self.table(table_id)
        self.authorise(Op.SET_LIMITS, by, "C")
        role = (
            self.authorise(Op.ANNOUNCE_LIMIT_CHANGE, by, "C", table_id)
            if not any(a.role in (Role.SUB, Role.CDM) for a in self.valid_assignments(by))
            else Role.SUB
        )
        if table.state is TableState.LIMIT_CHANGE_PENDING or table.pending_limits is not None:
            raise OpsError(
                Code.LIMIT_CHANGE_PENDING,
                N_("{table_id} already has a pending change", table_id=table_id),
            )
        if table.state is not TableState.OPEN:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        self._check_limits(table, limits, opening=False)
        ts = self.table_session(table_id)
        circle = table.kind is Kind.CIRCLE
        data = {
            "text": FIVE_PASSES_TEXT,
            "old": table.limits.as_json() if table.limits else None,
            "new": limits.as_json(),
            "passes": 0 if circle else self.config.limit_change_rounds,
        }
        entry = self.record(
            self._book(table), "ANNOUNCEMENT", data, by=by, role=role,
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip
        if circle:  # OPS-TBL-54: from the next hand, no float step
            self._apply_limit_change(table, {"declaration": None})
        return entry

    @projects("A43.ANNOUNCEMENT", "A44.ANNOUNCEMENT")
    def _on_announcement(self, entry: Entry) -> None:
        d = entry.payload["data"]
        table = self.tables[entry.payload["table"]]
        self.table_sessions[table.session or ""].other.append(entry.seq)
        if "new" in d:
            table.pending_limits = Limits.from_json(d["new"])
            if d["passes"]:
                table.state = TableState.LIMIT_CHANGE_PENDING
                table.rounds_left = d["passes"]
        else:
            table.state = TableState.LAST_ROUNDS
            table.rounds_left = d["rounds"]

    def cancel_limit_change(self, table_id: str, *, by: str) -> Entry:
        """The DIR cancels a pending change; the old limits stay (OPS-TBL-56).

        Cancelling changes the table's limits back: the matrix row that sets and changes
        limits decides who may (§4.3 row 4).
        """
        table = self.table(table_id)
        role = self.authorise(Op.SET_LIMITS, by, "C", table_id)
        if table.pending_limits is None:
            raise OpsError(
                Code.INVALID_STATE, N_("{table_id} has no pending limit change", table_id=table_id)
            )
        ts = self.table_session(table_id)
        return self.record(
            self._book(table), "LIMIT_CHANGE_CANCELLED", {"table_session": ts.id}, by=by,
            role=role, gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.LIMIT_CHANGE_CANCELLED", "A44.LIMIT_CHANGE_CANCELLED")
    def _on_limit_cancel(self, entry: Entry) -> None:
        table = self.tables[entry.payload["table"]]
        table.pending_limits = None
        table.rounds_left = None
        table.state = TableState.OPEN
        self.table_sessions[entry.payload["data"]["table_session"]].other.append(entry.seq)

    def _topup_needed(self, table: Table) -> int:
        schedule = self.config.float_schedule.get(table.game, {})
        old = schedule.get(table.limits.minimum if table.limits else 0, 0)
        new = schedule.get(table.pending_limits.minimum if table.pending_limits else 0, old)
        return max(0, new - old)

    def declare_no_topup(self, table_id: str, *, by: str) -> Entry:
        """The table chief declares no top-up is needed (OPS-TBL-52)."""
        table = self.table(table_id)
        role = self.authorise(Op.ANNOUNCE_LIMIT_CHANGE, by, "C", table_id)
        if table.state is not TableState.AWAITING_FLOAT_TOPUP:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        needed = self._topup_needed(table)
        if needed > 0:
            raise OpsError(
                Code.INVALID_STATE,
                N_("the new limits need a fill of {needed:.2f}", needed=needed / 100),
            )
        ts = self.table_session(table_id)
        entry = self.record(
            self._book(table), "NO_TOPUP_NEEDED", {"table_session": ts.id, "needed": 0}, by=by,
            role=role, purpose="TABLE_CHIEF", required=["TABLE_CHIEF"], gaming_day=ts.gaming_day,
            session=ts.session, table=table_id,
        )  # fmt: skip
        self._apply_limit_change(table, {"declaration": entry.seq})
        return entry

    def _apply_limit_change(self, table: Table, link: dict[str, Any]) -> None:
        ts = self.table_session(table.id)
        director = self.director_in_office()
        data = {
            "table_session": ts.id,
            "old": table.limits.as_json() if table.limits else None,
            "new": table.pending_limits.as_json() if table.pending_limits else None,
            "effective_round": len(ts.rounds) + 1,
            **link,
        }
        self.record(
            self._book(table), "LIMIT_CHANGE", data, by="system", role=Role.ADM,
            required=["DIRECTOR", "TABLE_CHIEF"], gaming_day=ts.gaming_day, session=ts.session,
            table=table.id,
            cosign=[(director, "DIRECTOR")] if director else [],
        )  # fmt: skip

    @projects("A43.LIMIT_CHANGE", "A44.LIMIT_CHANGE")
    def _on_limit_change(self, entry: Entry) -> None:
        d = entry.payload["data"]
        table = self.tables[entry.payload["table"]]
        table.limits = Limits.from_json(d["new"])
        table.pending_limits = None
        table.rounds_left = None
        table.state = TableState.OPEN
        ts = self.table_sessions[d["table_session"]]
        ts.other.append(entry.seq)
        self.limits_history.setdefault(ts.id, []).append(
            {
                "limits": d["new"],
                "from_round": d["effective_round"],
                "at": entry.payload["event_time"],
            }
        )

    # ---------------------------------------------------------- temporary closure

    def temp_close(self, table_id: str, *, by: str, reason: str = "") -> Entry:
        """Temporary closure by the DIR in office: the bank under lid and key (OPS-TBL-20/-21)."""
        table = self.table(table_id)
        self.require_director(by, Op.TEMP_CLOSURE)
        if table.state is not TableState.OPEN:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}, not OPEN", table_id=table_id, state=table.state),
            )
        engine = self._engine_of(table)
        if engine is not None and getattr(engine.state, "bets", None):
            raise OpsError(
                Code.OPEN_BETS_PRESENT,
                N_("{table_id} has bets still on the layout", table_id=table_id),
            )
        ts = self.table_session(table_id)
        key = self.effective(ts.opening)["bank_key"]
        data = {"table_session": ts.id, "director": by, "key": key, "reason": reason}
        return self.record(
            self._book(table), "TEMP_CLOSURE", data, by=by, role=Role.DIR, purpose="DIRECTOR",
            required=["DIRECTOR"], gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.TEMP_CLOSURE", "A44.TEMP_CLOSURE")
    def _on_temp_closure(self, entry: Entry) -> None:
        d = entry.payload["data"]
        table = self.tables[entry.payload["table"]]
        table.state = TableState.TEMP_CLOSED
        table.key_holder = d["director"]
        self.key_custody[d["key"]] = d["director"]
        self.table_sessions[d["table_session"]].other.append(entry.seq)

    def reopen(self, table_id: str, *, by: str) -> Entry:
        """Reopen a temporarily closed table: only the key holder (OPS-TBL-23)."""
        table = self.table(table_id)
        if table.state is not TableState.TEMP_CLOSED:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        if by != table.key_holder:
            raise OpsError(
                Code.KEY_HOLDER_ONLY,
                N_("only {key_holder}, who holds the key, may", key_holder=table.key_holder),
            )
        self.require_director(by, Op.TEMP_CLOSURE)
        ts = self.table_session(table_id)
        key = self.effective(ts.opening)["bank_key"]
        data = {"table_session": ts.id, "director": by, "key": key}
        return self.record(
            self._book(table), "REOPEN", data, by=by, role=Role.DIR, purpose="DIRECTOR",
            required=["DIRECTOR"], gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.REOPEN", "A44.REOPEN")
    def _on_reopen(self, entry: Entry) -> None:
        d = entry.payload["data"]
        table = self.tables[entry.payload["table"]]
        table.state = TableState.OPEN
        table.key_holder = None
        self.key_custody[d["key"]] = "TABLE"
        self.table_sessions[d["table_session"]].other.append(entry.seq)

    def hand_over_key(self, table_id: str, *, by: str, to: str) -> Entry:
        """The bank key of a temporarily closed table changes holder (OPS-TBL-42): a
        handover signed by both the giver (the holder) and the receiver, who must be able to
        act as director (the director in office, or the one about to be)."""
        table = self.table(table_id)
        if table.state is not TableState.TEMP_CLOSED:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        if by != table.key_holder:
            raise OpsError(
                Code.KEY_HOLDER_ONLY,
                N_("only {key_holder}, who holds the key, may", key_holder=table.key_holder),
            )
        if to == by or not any(
            a.role in (Role.DIR, Role.SUB, Role.CDM) for a in self.valid_assignments(to)
        ):
            raise OpsError(Code.PERMISSION_DENIED, N_("{to} may not hold a director's key", to=to))
        ts = self.table_session(table_id)
        key = self.effective(ts.opening)["bank_key"]
        data = {"table_session": ts.id, "key": key, "from": by, "to": to}
        return self.record(
            self._book(table), "KEY_HANDOVER", data, by=by, role=Role.DIR, purpose="DIRECTOR",
            required=["DIRECTOR", "DIRECTOR"], cosign=[(to, "DIRECTOR")],
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.KEY_HANDOVER", "A44.KEY_HANDOVER")
    def _on_key_handover(self, entry: Entry) -> None:
        d = entry.payload["data"]
        table = self.tables[entry.payload["table"]]
        table.key_holder = d["to"]
        self.key_custody[d["key"]] = d["to"]
        self.table_sessions[d["table_session"]].other.append(entry.seq)

    def close_definitively(self, table_id: str, *, by: str) -> Entry:
        """From a temporary closure to the closing count, by the key holder (OPS-TBL-24)."""
        table = self.table(table_id)
        role = self.require_director(by, Op.TEMP_CLOSURE)  # §4.3 row 8 (S5), before the state
        if table.state is not TableState.TEMP_CLOSED:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        if by != table.key_holder:
            raise OpsError(
                Code.KEY_HOLDER_ONLY,
                N_("only {key_holder}, who holds the key, may", key_holder=table.key_holder),
            )
        ts = self.table_session(table_id)
        return self.record(
            self._book(table), "CLOSED_DEFINITIVELY", {"table_session": ts.id}, by=by,
            role=role, gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.CLOSED_DEFINITIVELY", "A44.CLOSED_DEFINITIVELY")
    def _on_closed_definitively(self, entry: Entry) -> None:
        table = self.tables[entry.payload["table"]]
        self.pending_closing.add(table.id)
        self.table_sessions[entry.payload["data"]["table_session"]].other.append(entry.seq)

    # ----------------------------------------------------------- the last rounds

    def announce_last_rounds(self, table_id: str, *, by: str) -> Entry:
        """ "Les tres últimes jugades" (OPS-TBL-30): by the table chief in charge or the DIR."""
        table = self.table(table_id)
        role = self.authorise(Op.ANNOUNCE_LAST_ROUNDS, by, "C", table_id)
        if table.state is TableState.LIMIT_CHANGE_PENDING:
            raise OpsError(
                Code.LIMIT_CHANGE_PENDING, N_("cancel or complete the limit change first")
            )
        if table.state is not TableState.OPEN:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        ts = self.table_session(table_id)
        text = LAST_THROWS_TEXT if table.game == "craps" else LAST_ROUNDS_TEXT
        data = {"text": text, "rounds": self.config.last_rounds, "table_session": ts.id}
        entry = self.record(
            self._book(table), "ANNOUNCEMENT", data, by=by, role=role,
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip
        return entry

    def end_last_rounds_early(self, table_id: str, *, by: str) -> Entry:
        """End the last rounds early: the last round offered drew no bet (OPS-TBL-33)."""
        table = self.table(table_id)
        self.authorise(Op.ANNOUNCE_LAST_ROUNDS, by, "C", table_id)
        if table.state is not TableState.LAST_ROUNDS:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        engine = self._engine_of(table)
        if engine is not None and getattr(engine.state, "bets", None):
            raise OpsError(Code.OPEN_BETS_PRESENT, N_("bets are on the layout"))
        return self.incident(
            table_id,
            "OTHER",
            "last rounds ended early: no bets",
            decision="closing",
            by=by,
            extra={"end_last_rounds": True},
        )

    # --------------------------------------------------------------- incidents

    def incident(
        self,
        table_id: str | None,
        kind: str,
        description: str,
        *,
        decision: str = "",
        by: str,
        extra: Mapping[str, Any] | None = None,
    ) -> Entry:
        """Record a table incident in the journal (OPS-TBL-60)."""
        role = self._any_role(by)
        ts = self.table_sessions.get(self.tables[table_id].session or "") if table_id else None
        data = {
            "type": kind,
            "table": table_id,
            "description": description,
            "decision": decision,
            "decided_by": by,
            **(extra or {}),
        }
        return self.record(
            "JNL", "INCIDENT", data, by=by, role=role,
            gaming_day=ts.gaming_day if ts else None, session=ts.session if ts else None,
            table=table_id,
        )  # fmt: skip

    def _any_role(self, by: str) -> Role:
        if by == "system":
            return Role.ADM
        roles = [a.role for a in self.valid_assignments(by)]
        if not roles:
            raise OpsError(Code.PERMISSION_DENIED, N_("{by} holds no role now", by=by))
        return roles[0]

    @projects("JNL.INCIDENT")
    def _on_incident(self, entry: Entry) -> None:
        self.incidents.append(entry.seq)
        d = entry.payload["data"]
        if d.get("end_last_rounds"):
            self.pending_closing.add(d["table"])

    def claim(self, table_id: str, round_no: int, text: str, *, by: str) -> Entry:
        """A player's claim about a round, recorded as an incident (OPS-TBL-60/-61)."""
        self.authorise(Op.SEATS, by, "C", table_id)
        return self.incident(table_id, "CLAIM", text, by=by, extra={"round": round_no})

    def amend_round(self, table_id: str, round_no: int, *, by: str) -> None:
        """Reopening a settled round is refused (``ROUND_ALREADY_SETTLED``, OPS-TBL-61)."""
        ts = self.table_session(table_id)
        if 1 <= round_no <= len(ts.rounds):
            raise OpsError(
                Code.ROUND_ALREADY_SETTLED, N_("round {round_no} is settled", round_no=round_no)
            )
        raise OpsError(
            Code.UNKNOWN_ENTITY,
            N_("{table_id} has no round {round_no}", table_id=table_id, round_no=round_no),
        )

    # ------------------------------------------------------------------ rounds

    def _round_checks(self, table: Table) -> tuple[TableSession, bool]:
        ts = self.table_session(table.id)
        if table.game == "baccarat-two-tables" and not self.bank_deposited(table.id):
            raise OpsError(Code.BANK_NOT_DEPOSITED, N_("the bank is not deposited at the cage"))
        if table.state is TableState.SUSPENDED:
            raise OpsError(Code.TABLE_SUSPENDED, N_("{id} is suspended by the CRAJ", id=table.id))
        if table.state not in ROUND_STATES or table.id in self.pending_closing:
            if table.state is TableState.LAST_ROUNDS:
                raise OpsError(
                    Code.LAST_ROUNDS_EXHAUSTED, N_("the last three rounds have been played")
                )
            raise OpsError(
                Code.TABLE_NOT_OPEN, N_("{id} is {state}", id=table.id, state=table.state)
            )
        if table.state is TableState.LAST_ROUNDS and not table.rounds_left:
            raise OpsError(Code.LAST_ROUNDS_EXHAUSTED, N_("the last three rounds have been played"))
        last = table.state is TableState.LAST_ROUNDS and table.rounds_left == 1
        return ts, last

    def record_round(
        self,
        table_id: str,
        *,
        by: str,
        result: Mapping[str, Any],
        bets: Sequence[Mapping[str, Any]] = (),
        void: bool = False,
        void_reason: str = "",
        launched_by: str | None = None,
    ) -> Entry:
        """Record a round played at a table whose engine runs elsewhere (its result and bets).

        Bets are checked against the limits in force (OPS-TBL-13/-14).
        """
        table = self.table(table_id)
        ts, last = self._round_checks(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        for bet in bets:
            self.check_bet(table_id, int(bet["amount"]), medium=bet.get("medium", "CHIPS"))
        data = {
            "table_session": ts.id,
            "round": len(ts.rounds) + 1,
            "is_last_round_of_session": last,
            "void": void,
            "void_reason": void_reason,
            "result": dict(result),
            "bets": [dict(b) for b in bets],
            "log": [],
            "house_net": int(result.get("house_net", 0)),
            "launched_by": launched_by or by,
        }
        if "cagnotte" in result:
            data["cagnotte"] = int(result["cagnotte"])
        return self._record_round(table, ts, data, by, role)

    def play_round(
        self,
        table_id: str,
        *,
        by: str,
        bets: Sequence[tuple[str, str, int]] = (),
        void: bool = False,
        void_reason: str = "",
        actions: Sequence[Action] | None = None,
        cagnotte: int | None = None,
        launched_by: str | None = None,
    ) -> Entry:
        """Play one round on the table's engine: the players' bets, then the staff's actions
        (no more bets, the result drawn from the casino's source, settlement). The round's
        full log (actions and draws) goes into the journal.

        ``actions`` plays those engine actions instead (a circle game's coup: banco calls,
        the punto's choice, the deal), in one all-or-nothing round; ``cagnotte`` records
        the house's deduction the engine computed in the coup (OPS-BK-15). ``launched_by``
        names the dealer who spun the ball or threw the dice (default: ``by``), so the
        launching rotation can be audited (§2.9).
        """
        from crupier.core.layout import LastRounds, PlaceBet, Void

        table = self.table(table_id)
        ts, last = self._round_checks(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        engine = self._engine_of(table)
        if engine is None:
            raise OpsError(Code.MALFORMED_REQUEST, N_("{game} has no engine here", game=table.game))
        for _player, _spot, amount in bets:
            self.check_bet(table_id, amount)
        trial = copy.deepcopy(engine)
        trial.source = self.source
        start = len(trial.log)
        before = int(getattr(trial.state, "house", 0))
        cagnotte_before = getattr(trial.state, "cagnotte", None)
        try:
            if actions is not None:
                for action in actions:
                    trial.apply(action)
                bets = ()
            elif last and getattr(trial.state, "rounds_left", None) is None:
                trial.apply(LastRounds(count=1, by=table_role(Role.TC)))
            for player, spot, amount in bets:
                trial.apply(PlaceBet(player=player, spot=spot, amount=amount, by=TableRole.PLAYER))
            staff = [] if actions is not None else list(trial.auto_round())  # type: ignore[attr-defined]
            if str(getattr(trial.state, "phase", "")) != "betting":  # a voided throw is repeated
                staff = [a for a in staff if a.kind != "no-more-bets"]
            if void and actions is None:  # the round is launched, then declared void
                for action in staff[:-1]:
                    trial.apply(action)
                trial.apply(Void(reason=void_reason or "void", by=table_role(Role.TC)))
            else:
                for action in staff:
                    trial.apply(action)
        except RuleError as exc:
            raise OpsError(
                Code.RULE_REFUSED, N_("[{exc}] {exc2}", exc=exc.code, exc2=exc)
            ) from None
        data = {
            "table_session": ts.id,
            "round": len(ts.rounds) + 1,
            "is_last_round_of_session": last,
            "void": void,
            "void_reason": void_reason,
            "result": {"results": [str(r) for r in getattr(trial.state, "results", [])[-1:]]},
            "bets": [{"player": p, "spot": s, "amount": a} for p, s, a in bets],
            "log": [e.to_dict() for e in trial.log[start:]],
            "house_net": int(getattr(trial.state, "house", 0)) - before,
            "launched_by": launched_by or by,
        }
        cagnotte_after = getattr(trial.state, "cagnotte", None)
        if (
            cagnotte is None
            and isinstance(cagnotte_after, int)
            and isinstance(cagnotte_before, int)
        ):
            cagnotte = cagnotte_after - cagnotte_before  # the engine's own deduction
        if cagnotte is not None:
            data["cagnotte"] = cagnotte
            data["house_net"] = cagnotte  # at a circle table the house's income is its cut
        entry = self._record_round(table, ts, data, by, role)
        self._engines[ts.id] = trial
        return entry

    def _record_round(
        self, table: Table, ts: TableSession, data: dict[str, Any], by: str, role: Role
    ) -> Entry:
        entry = self.record(
            "JNL", "ROUND", data, by=by, role=role, gaming_day=ts.gaming_day,
            session=ts.session, table=table.id,
        )  # fmt: skip
        if data["void"]:
            self.incident(table.id, "VOID_ROUND", data["void_reason"] or "void round", by=by)
        return entry

    @projects("JNL.ROUND")
    def _on_round(self, entry: Entry) -> None:
        d = entry.payload["data"]
        ts = self.table_sessions[d["table_session"]]
        table = self.tables[ts.table]
        ts.rounds.append(entry.seq)
        self.engine_logs.setdefault(ts.id, []).extend(d["log"])
        if d["void"]:
            return
        ts.rounds_valid += 1
        if table.state is TableState.LAST_ROUNDS and table.rounds_left:
            table.rounds_left -= 1
        elif table.state is TableState.LIMIT_CHANGE_PENDING and table.rounds_left:
            table.rounds_left -= 1
            if table.rounds_left == 0:
                table.state = TableState.AWAITING_FLOAT_TOPUP

    def launches(self, table_id: str) -> list[tuple[int, str]]:
        """Who launched each round of the table's session: the ball-launching rotation
        audit (§2.9; recorded, not enforced)."""
        ts = self.table_session(table_id)
        out = []
        for seq in ts.rounds:
            d = self.ledger.get(seq).payload["data"]
            out.append((int(d["round"]), str(d.get("launched_by", ""))))
        return out

    def buy_in(self, table_id: str, player: str, amount: int, *, by: str) -> Entry:
        """A player changes cash for chips at the table: the cash goes into the drop box."""
        from crupier.core.layout import BuyIn

        table = self.table(table_id)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)  # before the table's state
        ts = self._money_checks(table)
        engine = self._engine_of(table)
        log: list[dict[str, Any]] = []
        if engine is not None:
            trial = copy.deepcopy(engine)
            start = len(trial.log)
            try:
                trial.apply(BuyIn(player=player, amount=amount, by=table_role(Role.DLR)))
            except RuleError as exc:
                raise OpsError(
                    Code.RULE_REFUSED, N_("[{exc}] {exc2}", exc=exc.code, exc2=exc)
                ) from None
            log = [e.to_dict() for e in trial.log[start:]]
        data = {"table_session": ts.id, "player": player, "amount": amount, "log": log}
        entry = self.record(
            "JNL", "CHIPS_SOLD", data, by=by, role=role, gaming_day=ts.gaming_day,
            session=ts.session, table=table_id,
        )  # fmt: skip
        if engine is not None:
            self._engines[ts.id] = trial
        return entry

    @projects("JNL.CHIPS_SOLD")
    def _on_chips_sold(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.engine_logs.setdefault(d["table_session"], []).extend(d["log"])

    def _engine_of(self, table: Table) -> Game[Any, Any] | None:
        """The table session's engine, rebuilt from the journal when needed."""
        if table.session is None:
            return None
        cached = self._engines.get(table.session)
        if cached is not None:
            return cached
        from crupier.games.catalogue import GAMES, game_module, load_profile

        if table.game not in GAMES:
            return None
        profile = load_profile(table.game, table.profile)
        log = self.engine_logs.get(table.session, [])
        engine: Game[Any, Any] = game_module(table.game).engine.replay(profile, log)
        self._engines[table.session] = engine
        return engine

    def engine(self, table_id: str) -> Game[Any, Any] | None:
        """The engine of the table's current session (None for games played elsewhere)."""
        return self._engine_of(self.table(table_id))

    # ------------------------------------------------------------ the CRAJ's orders

    def suspend(self, table_id: str, order: str, *, by: str) -> Entry:
        """A CRAJ inspector suspends a table (Art. 59, OPS-TBL-70); an A60 ORDER is recorded."""
        table = self.table(table_id)
        self.authorise(Op.SUSPEND_TABLE, by, "C")
        if table.state not in (
            TableState.OPEN, TableState.LIMIT_CHANGE_PENDING, TableState.LAST_ROUNDS,
            TableState.TEMP_CLOSED,
        ):  # fmt: skip
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is {state}", table_id=table_id, state=table.state),
            )
        order_seq = None
        record_order = getattr(self, "record_order", None)
        if record_order is not None:
            order_seq = record_order(by, table_id, order)
        ts = self.table_session(table_id)
        data = {"table_session": ts.id, "order": order, "order_entry": order_seq}
        return self.record(
            self._book(table), "SUSPENSION", data, by=by, role=Role.CRAJ,
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.SUSPENSION", "A44.SUSPENSION")
    def _on_suspension(self, entry: Entry) -> None:
        table = self.tables[entry.payload["table"]]
        table.before_suspension = table.state
        table.state = TableState.SUSPENDED

    def lift(self, table_id: str, *, by: str) -> Entry:
        """Only a CRAJ inspector lifts a suspension; the table returns to its previous state."""
        table = self.table(table_id)
        self.authorise(Op.SUSPEND_TABLE, by, "C")
        if table.state is not TableState.SUSPENDED:
            raise OpsError(Code.INVALID_STATE, N_("{table_id} is not suspended", table_id=table_id))
        ts = self.table_session(table_id)
        return self.record(
            self._book(table), "SUSPENSION_LIFTED", {"table_session": ts.id}, by=by,
            role=Role.CRAJ, gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A43.SUSPENSION_LIFTED", "A44.SUSPENSION_LIFTED")
    def _on_lifted(self, entry: Entry) -> None:
        table = self.tables[entry.payload["table"]]
        table.state = table.before_suspension or TableState.OPEN
        table.before_suspension = None

    # ------------------------------------------------------------------ wheels

    def wheel(self, table_id: str) -> dict[str, Any]:
        """The wheel's custody: locked (under seal or key) or not, and who holds it."""
        return self.wheels.get(table_id, {"locked": True, "holder": "CAGE", "seal": None})

    def unlock_wheel(self, table_id: str, *, by: str, key: str) -> Entry:
        """Unlock a roulette or boule wheel before opening (OPS-TBL-41), recorded by the
        key holder: the DIR or the table chief of the table."""
        table = self.table(table_id)
        if table.game not in WHEEL_GAMES:
            raise OpsError(Code.MALFORMED_REQUEST, N_("{table_id} has no wheel", table_id=table_id))
        role = (
            self.authorise(Op.OPEN_TABLE, by, "C", table_id)
            if by != self.director_in_office()
            else Role.DIR
        )
        if not self.wheel(table_id)["locked"]:
            raise OpsError(
                Code.INVALID_STATE,
                N_("the wheel of {table_id} is already unlocked", table_id=table_id),
            )
        data = {"key": key, "seal_found": self.wheel(table_id)["seal"]}
        return self.record("JNL", "WHEEL_UNLOCKED", data, by=by, role=role, table=table_id)

    @projects("JNL.WHEEL_UNLOCKED")
    def _on_wheel_unlocked(self, entry: Entry) -> None:
        self.wheels[entry.payload["table"]] = {
            "locked": False, "holder": entry.payload["author"]["id"], "seal": None,
        }  # fmt: skip

    # ----------------------------------------- circle tables: changer, bank, tallies

    def changer_fill(
        self, table_id: str, *, by: str, cashier: str | None, chips: Chips, slip: str
    ) -> Entry:
        """Chips from the cage to the changer of a circle table (OPS-BK-16): CHG + CSH."""
        return self._changer("CHANGER_FILL", table_id, by, cashier, chips, slip)

    def changer_credit(
        self, table_id: str, *, by: str, cashier: str | None, chips: Chips, slip: str
    ) -> Entry:
        """Chips from the changer back to the cage (OPS-BK-16): CHG + CSH."""
        return self._changer("CHANGER_CREDIT", table_id, by, cashier, chips, slip)

    def _changer(
        self, kind: str, table_id: str, by: str, cashier: str | None, chips: Chips, slip: str
    ) -> Entry:
        table = self.table(table_id)
        if table.kind is not Kind.CIRCLE:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{table_id} is not a circle table", table_id=table_id)
            )
        ts = self._money_checks(table)
        role = self.authorise(Op.CHANGER_RECONCILIATION, by, "C", table_id)
        if not slip or slip in self.slips:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("slip number {slip!r} is missing or already used", slip=slip),
            )
        count = chip_count(chips, self.config.denominations)
        data = {"table_session": ts.id, "slip": slip, **count}
        return self.record(
            "A44", kind, data, by=by, role=role, purpose="CHANGER",
            required=["CHANGER", "CASHIER"], cosign=[(cashier, "CASHIER")] if cashier else [],
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A44.CHANGER_FILL", "A44.CHANGER_CREDIT")
    def _on_changer(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.table_sessions[d["table_session"]].changer.append(entry.seq)
        self.slips.add(d["slip"])

    def changer_figures(self, table_session: str) -> dict[str, Any]:
        """OPS-BK-16: ``closing + cash + credits - opening - fills`` (expected 0)."""
        ts = self.table_sessions[table_session]
        fills = [s for s in ts.changer if self.ledger.get(s).payload["type"] == "CHANGER_FILL"]
        credits = [s for s in ts.changer if s not in fills]
        opening = int(self.effective(ts.opening)["float"]["total"])
        closing = None if ts.closing is None else int(self.effective(ts.closing)["float"]["total"])
        return {
            "opening": opening,
            "fills": self._sum(fills),
            "credits": self._sum(credits),
            "closing": closing,
        }

    def changer_reconciliation(
        self, table_id: str, *, by: str, cashier: str, chief: str, cash_collected: int
    ) -> Entry:
        """The changer's float reconciled after the closing count (OPS-BK-16): signed by the
        changer, the cashier and the table chief; a variance is an incident, not a result."""
        table = self.table(table_id)
        ts = self.table_session(table_id)
        if table.kind is not Kind.CIRCLE:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{table_id} is not a circle table", table_id=table_id)
            )
        role = self.authorise(Op.CHANGER_RECONCILIATION, by, "C", table_id)
        figures = self.changer_figures(ts.id)
        if figures["closing"] is None:
            raise OpsError(Code.COUNT_MISSING, N_("count the closing float first"))
        variance = (
            figures["closing"] + cash_collected + figures["credits"]
            - figures["opening"] - figures["fills"]
        )  # fmt: skip
        data = {"table_session": ts.id, **figures, "cash_collected": cash_collected,
                "variance": variance}  # fmt: skip
        entry = self.record(
            "A44", "CHANGER_RECONCILIATION", data, by=by, role=role, purpose="CHANGER",
            required=["CHANGER", "CASHIER", "TABLE_CHIEF"],
            cosign=[(cashier, "CASHIER"), (chief, "TABLE_CHIEF")], gaming_day=ts.gaming_day,
            session=ts.session, table=table_id,
        )  # fmt: skip
        if variance:
            self.incident(
                table_id, "RECONCILIATION_VARIANCE",
                f"changer variance {variance / 100:.2f}", by=by,
                extra={"variance": variance, "reconciliation": entry.seq},
            )  # fmt: skip
        return entry

    @projects("A44.CHANGER_RECONCILIATION")
    def _on_reconciliation(self, entry: Entry) -> None:
        self.table_sessions[entry.payload["data"]["table_session"]].other.append(entry.seq)

    def adjudicate_bank(
        self,
        table_id: str,
        *,
        by: str,
        banker: str,
        amount: int,
        method: str,
        deposit_ref: str,
        form: str = "CASH",
        period: str = "tally",
    ) -> Entry:
        """Record who holds the bank of a circle table and its cage deposit (OPS-BK-14)."""
        table = self.table(table_id)
        ts = self._money_checks(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        if method not in BANK_METHODS:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("unknown adjudication method {method!r}", method=method)
            )
        forms = ("CREDIT_INSTITUTION_DEPOSIT", "CASH", "BANK_CHEQUE")
        if form not in forms or (table.mode != "FREE_BANK" and form == forms[0]):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("deposit form {form!r} is not allowed here", form=form)
            )
        if amount <= 0 or not deposit_ref:
            raise OpsError(
                Code.BANK_NOT_DEPOSITED, N_("the bank must be deposited at the cage first")
            )
        data = {"table_session": ts.id, "banker": banker, "amount": amount, "method": method,
                "period": period, "deposit_ref": deposit_ref, "form": form}  # fmt: skip
        return self.record(
            "A44", "BANK_ADJUDICATION", data, by=by, role=role, purpose="TABLE_CHIEF",
            required=["TABLE_CHIEF"], gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    def bank_withdrawal(
        self, table_id: str, *, by: str, banker: str, amount: int, jumped: bool = False
    ) -> Entry:
        """The banker withdraws, or the bank "jumps" (no funds left) (OPS-BK-14)."""
        table = self.table(table_id)
        ts = self._money_checks(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        kind = "BANK_JUMPED" if jumped else "BANK_WITHDRAWAL"
        data = {"table_session": ts.id, "banker": banker, "amount": amount}
        return self.record(
            "A44", kind, data, by=by, role=role, purpose="TABLE_CHIEF", required=["TABLE_CHIEF"],
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("A44.BANK_ADJUDICATION", "A44.BANK_WITHDRAWAL", "A44.BANK_JUMPED")
    def _on_bank(self, entry: Entry) -> None:
        ts = self.table_sessions[entry.payload["data"]["table_session"]]
        ts.bank.append(entry.seq)

    def bank_deposited(self, table_id: str) -> bool:
        """Whether the current bank of the table is adjudicated and deposited."""
        ts = self.table_session(table_id)
        kinds = [self.ledger.get(s).payload["type"] for s in ts.bank]
        return bool(kinds) and kinds[-1] == "BANK_ADJUDICATION"

    def new_talla(self, table_id: str, *, by: str) -> Entry:
        """A new shoe (talla) at a card table, recorded in the journal (OPS-EQ-24); a free bank
        runs at most two tallies a session (OPS-BK-18)."""
        table = self.table(table_id)
        ts, _last = self._round_checks(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table_id)
        number = self.tallies.get(ts.id, 0) + 1
        if table.mode == "FREE_BANK" and number > FREE_BANK_TALLIES:
            raise OpsError(
                Code.FREE_BANK_LIMIT,
                N_(
                    "a free bank runs {free_bank_tallies} tallies a session",
                    free_bank_tallies=FREE_BANK_TALLIES,
                ),
            )
        return self.record(
            "JNL", "TALLA", {"table_session": ts.id, "number": number}, by=by, role=role,
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip

    @projects("JNL.TALLA")
    def _on_talla(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.tallies[d["table_session"]] = d["number"]

    # ------------------------------------------------------------- progressive pools

    def add_progressive_pool(
        self, pool_id: str, tables: Iterable[str], *, craj_ref: str, deduction_rate: Fraction
    ) -> Entry:
        """Register a progressive pool authorised by the CRAJ, shared by ``tables``, with the
        authorised deduction in favour of the house (004 §03 V, 000 §10 VII.d; DEFAULT)."""
        tables = sorted(tables)
        for table_id in tables:
            self.table(table_id)
        if pool_id in self.pools or not craj_ref or not 0 <= deduction_rate < 1:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("pool {pool_id!r}: id, CRAJ reference, rate", pool_id=pool_id),
            )
        data = {"id": pool_id, "tables": tables, "craj_ref": craj_ref,
                "deduction_rate": f"{deduction_rate.numerator}/{deduction_rate.denominator}"}  # fmt: skip
        return self.record("CAS", "PROGRESSIVE_POOL", data, by="system", role=Role.ADM)

    @projects("CAS.PROGRESSIVE_POOL")
    def _on_pool(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.pools[d["id"]] = {**d, "balance": 0, "sessions": []}

    def progressive_movement(
        self,
        pool_id: str,
        table_id: str,
        *,
        by: str,
        cashier: str,
        contributions: int,
        payouts: int = 0,
    ) -> Entry:
        """The pool's movements of the session (OPS-BK-10): contributions, the authorised
        deduction (rounded down to the cent; the rest stays in the pool), payouts; the
        closing balance carries over to the next session."""
        pool = self.pools.get(pool_id)
        if pool is None or table_id not in pool["tables"]:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_(
                    "{table_id} has no progressive pool {pool_id!r}",
                    table_id=table_id,
                    pool_id=pool_id,
                ),
            )
        table = self.table(table_id)
        ts = self._money_checks(table)
        role = self.authorise(Op.FILL_OR_CREDIT, by, "C", table_id)
        if ts.session in pool["sessions"]:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "pool {pool_id} already has its {session} entry",
                    pool_id=pool_id,
                    session=ts.session,
                ),
            )
        if contributions < 0 or payouts < 0:
            raise OpsError(Code.MALFORMED_REQUEST, N_("contributions and payouts are amounts"))
        rate = Fraction(pool["deduction_rate"])
        deducted = deduction(contributions, rate, "down")
        balance = pool["balance"] + contributions - deducted - payouts
        if balance < 0:
            raise OpsError(
                Code.INVALID_STATE, N_("the pool holds {pool:.2f}", pool=pool["balance"] / 100)
            )
        data = {"pool": pool_id, "table_session": ts.id, "opening_balance": pool["balance"],
                "contributions": contributions, "deduction": deducted, "payouts": payouts,
                "closing_balance": balance}  # fmt: skip
        return self.record(
            self._book(table), "PROGRESSIVE_MOVEMENT", data, by=by, role=role,
            purpose="TABLE_CHIEF", required=["TABLE_CHIEF", "CASHIER"],
            cosign=[(cashier, "CASHIER")], gaming_day=ts.gaming_day, session=ts.session,
            table=table_id,
        )  # fmt: skip

    @projects("A43.PROGRESSIVE_MOVEMENT", "A44.PROGRESSIVE_MOVEMENT")
    def _on_progressive(self, entry: Entry) -> None:
        d = entry.payload["data"]
        pool = self.pools[d["pool"]]
        pool["balance"] = d["closing_balance"]
        pool["sessions"].append(entry.payload["session"])
        self.table_sessions[d["table_session"]].other.append(entry.seq)

    # ------------------------------------------------------------------ closing

    def play_over(self, table_id: str) -> bool:
        """Whether play has ended and the closing float is due (OPS-BK-06)."""
        table = self.table(table_id)
        return table.id in self.pending_closing or (
            table.state is TableState.LAST_ROUNDS and table.rounds_left == 0
        )

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
        """The closing float counted and co-signed; the boxes removed and sealed (OPS-TBL-34,
        OPS-TBL-43); a roulette or boule wheel closed under a numbered seal or key
        (OPS-TBL-41). The table goes to ``COUNTING``."""
        table = self.table(table_id)
        role = self.authorise(Op.CLOSING_COUNT, by, "C", table_id)
        if table.game in WHEEL_GAMES and not wheel_seal:
            raise OpsError(
                Code.MISSING_FIELDS,
                N_("the wheel of {table_id} needs its seal or key number", table_id=table_id),
            )
        if not self.play_over(table_id):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id}: play is not over (announce the last rounds)", table_id=table_id),
            )
        ts = self.table_session(table_id)
        count = chip_count(chips, self.config.denominations)
        _check_declared(count, total)
        missing = [k for k in ts.boxes if k not in seals]
        if missing:
            raise OpsError(
                Code.MISSING_FIELDS,
                N_("seal numbers missing for {missing}", missing=", ".join(missing)),
            )
        data: dict[str, Any] = {
            "table_session": ts.id,
            "float": count,
            "seals": dict(seals),
            "rounds": ts.rounds_valid,
        }
        if changer_float is not None:
            data["changer_float"] = chip_count(changer_float, self.config.denominations)
        if wheel_seal:
            data["wheel_seal"] = wheel_seal
        entry = self.record(
            self._book(table), "TABLE_CLOSING", data, by=by, role=role, purpose="TABLE_CHIEF",
            required=["TABLE_CHIEF", "CASHIER"], cosign=[(cashier, "CASHIER")],
            gaming_day=ts.gaming_day, session=ts.session, table=table_id,
        )  # fmt: skip
        self._maybe_closed_to_play(ts.session)
        return entry

    @projects("A43.TABLE_CLOSING", "A44.TABLE_CLOSING")
    def _on_closing(self, entry: Entry) -> None:
        d = entry.payload["data"]
        ts = self.table_sessions[d["table_session"]]
        table = self.tables[ts.table]
        ts.closing = entry.seq
        for kind, seal in d["seals"].items():
            ts.boxes[kind].update(state="REMOVED_SEALED", seal=seal)
        table.state = TableState.COUNTING
        table.rounds_left = None
        self.pending_closing.discard(table.id)
        if d.get("wheel_seal"):
            self.wheels[table.id] = {"locked": True, "holder": "CAGE", "seal": d["wheel_seal"]}

    def count_box(
        self,
        table_id: str,
        kind: str,
        *,
        by: str,
        second: str,
        chips: Chips,
        seal: str,
        total: int | None = None,
        late_reason: str | None = None,
        option: str | None = None,
    ) -> Entry:
        """Count a drop, cagnotte or rake box (OPS-BK-07, -15): two distinct cashiers.

        Circle poker's box is ``RAKE`` with its ``option``: ``POT_PERCENTAGE`` or
        ``TIME_OR_SEAT_FEE`` (§7.3).

        A seal that does not match the one recorded at closing is still counted, with a
        ``SEAL_MISMATCH`` incident. Once every box is counted the table is ``CLOSED``.
        """
        table = self.table(table_id)
        self.authorise(Op.BOX_COUNT, by, "C")  # §4.3 row 14, before the table's state
        ts = self.table_session(table_id)
        if kind not in ("DROP", "CAGNOTTE", "RAKE"):
            raise OpsError(Code.MALFORMED_REQUEST, N_("tip boxes are counted with count_tips"))
        if kind == "RAKE" and option not in ("POT_PERCENTAGE", "TIME_OR_SEAT_FEE"):
            raise OpsError(Code.MISSING_FIELDS, N_("a rake count names its option"))
        if kind not in ts.boxes:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("{table_id} has no {lower} box", table_id=table_id, lower=kind.lower()),
            )
        if kind in ts.counts:
            raise OpsError(
                Code.BOX_SEALED,
                N_("the {lower} box of {id} is already counted", lower=kind.lower(), id=ts.id),
            )
        if ts.boxes[kind]["state"] != "REMOVED_SEALED":
            raise OpsError(
                Code.INVALID_STATE, N_("the {lower} box is still on the table", lower=kind.lower())
            )
        count = chip_count(chips, self.config.denominations)
        _check_declared(count, total)
        book = self._book(table)
        etype = {"DROP": "DROP_COUNT", "CAGNOTTE": "CAGNOTTE_COUNT"}.get(kind, "RAKE_OR_FEE_COUNT")
        data = {
            **({"option": option} if option else {}),
            "table_session": ts.id,
            "box": ts.boxes[kind]["id"],
            "seal": seal,
            "seal_intact": seal == ts.boxes[kind]["seal"],
            **count,
        }
        entry = self.record(
            book, etype, data, by=by, role=Role.CSH, purpose="COUNT", required=["COUNT", "COUNT"],
            cosign=[(second, "COUNT")], gaming_day=ts.gaming_day, session=ts.session,
            table=table_id, late_reason=late_reason,
        )  # fmt: skip
        journal = self._journal_cagnotte(ts)
        if kind in ("CAGNOTTE", "RAKE") and journal is not None and journal != count["total"]:
            self.incident(
                table_id, "RECONCILIATION_VARIANCE",
                f"{kind.lower()} counted {count['total'] / 100:.2f}, "
                f"journal {journal / 100:.2f}",
                by=by, extra={"counted": count["total"], "journal": journal},
            )  # fmt: skip
        if not data["seal_intact"]:
            self.incident(
                table_id, "OTHER", f"SEAL_MISMATCH: seal {seal} found, "
                f"{ts.boxes[kind]['seal']} recorded", by=by,
            )  # fmt: skip
        return entry

    @projects("A43.DROP_COUNT", "A44.CAGNOTTE_COUNT", "A44.RAKE_OR_FEE_COUNT")
    def _on_count(self, entry: Entry) -> None:
        d = entry.payload["data"]
        ts = self.table_sessions[d["table_session"]]
        kind = {"DROP_COUNT": "DROP", "CAGNOTTE_COUNT": "CAGNOTTE"}.get(
            entry.payload["type"], "RAKE"
        )
        ts.counts[kind] = entry.seq
        ts.boxes[kind]["state"] = "COUNTED"
        table = self.tables[ts.table]
        if all(k in ts.counts for k in self._boxes_to_count(table)):
            table.state = TableState.CLOSED

    # ------------------------------------------------------------------- results

    def _sum(self, seqs: Iterable[int], key: str = "total") -> int:
        return sum(int(self.effective(s)[key]) for s in seqs if not self.annulled(s))

    def session_figures(self, table_session: str) -> dict[str, Any]:
        """The session result computed from the books' effective values (OPS-BK-08, -17).

        Banking: ``closing + credits + drop - opening - fills``; circle: the cagnotte count.
        """
        ts = self.table_sessions[table_session]
        table = self.tables[ts.table]
        pending = any(
            self.view(s).pending
            for s in [ts.opening, *ts.fills, *ts.credits, ts.closing, *ts.counts.values()]
            if s is not None
        )
        if table.kind is Kind.CIRCLE:
            counted = all(k in ts.counts for k in self._boxes_to_count(table))
            cagnotte = self._sum([ts.counts["CAGNOTTE"]]) if "CAGNOTTE" in ts.counts else 0
            rake = self._sum([ts.counts["RAKE"]]) if "RAKE" in ts.counts else 0
            return {
                "table_session": ts.id,
                "table": ts.table,
                "game": table.game,
                "cagnotte": cagnotte,
                "rake": rake,
                "result": cagnotte + rake if counted else None,
                "pending_correction": pending,
            }
        opening = int(self.effective(ts.opening)["float"]["total"])
        closing = None if ts.closing is None else int(self.effective(ts.closing)["float"]["total"])
        drop = self._sum([ts.counts["DROP"]]) if "DROP" in ts.counts else None
        fills, credits = self._sum(ts.fills), self._sum(ts.credits)
        result = (
            None if closing is None or drop is None else closing + credits + drop - opening - fills
        )
        return {
            "table_session": ts.id,
            "table": ts.table,
            "game": table.game,
            "opening_float": opening,
            "fills": fills,
            "credits": credits,
            "drop": drop,
            "closing_float": closing,
            "result": result,
            "pending_correction": pending,
        }

    def _session_entries(self, ts: TableSession) -> list[int]:
        seqs = [ts.opening, *ts.fills, *ts.credits, *ts.other, *ts.counts.values()]
        if ts.closing is not None:
            seqs.append(ts.closing)
        return seqs

    def sign_result(self, table_id: str, *, by: str, table_session: str | None = None) -> Entry:
        """The DIR (or a SUB or CDM, rules S1/S2) signs the computed session result
        (OPS-BK-09, -17): every entry complete, every box counted."""
        ts = self.table_sessions[table_session] if table_session else self.table_session(table_id)
        table = self.tables[ts.table]
        role = self.authorise(Op.SIGN_SESSION_RESULT, by, "A")
        if ts.result is not None:
            raise OpsError(Code.INVALID_STATE, N_("the result of {id} is already signed", id=ts.id))
        incomplete = [s for s in self._session_entries(ts) if self.status(s) == "INCOMPLETE"]
        if incomplete:
            raise OpsError(
                Code.SIGNATURES_INCOMPLETE,
                N_("entries {incomplete} lack signatures", incomplete=incomplete),
            )
        missing = [k for k in self._boxes_to_count(table) if k not in ts.counts]
        if ts.closing is None or missing:
            raise OpsError(Code.COUNT_MISSING, N_("{table}: {value} "
                           "not counted", table=ts.table, value=', '.join(missing) or 'closing'))  # fmt: skip
        figures = self.session_figures(ts.id)
        figures.pop("pending_correction")
        figures["journal_net"] = self._journal_net(ts)
        return self.record(
            self._book(table), "SESSION_RESULT", figures, by=by, role=role, purpose="DIRECTOR",
            required=["DIRECTOR"], gaming_day=ts.gaming_day, session=ts.session, table=ts.table,
        )  # fmt: skip

    def _journal_cagnotte(self, ts: TableSession) -> int | None:
        """OPS-BK-15: the per-coup deductions the journal holds (None if none recorded)."""
        amounts = [self.ledger.get(s).payload["data"].get("cagnotte") for s in ts.rounds]
        recorded = [int(a) for a in amounts if a is not None]
        return sum(recorded) if recorded else None

    def _journal_net(self, ts: TableSession) -> int:
        """OPS-BK-32: the house's net from the journal's settlements, beside the book result."""
        return sum(int(self.ledger.get(s).payload["data"].get("house_net", 0)) for s in ts.rounds)

    @projects("A43.SESSION_RESULT", "A44.SESSION_RESULT")
    def _on_result(self, entry: Entry) -> None:
        ts = self.table_sessions[entry.payload["data"]["table_session"]]
        ts.result = entry.seq

    def effective_result(self, table_session: str) -> int | None:
        """The signed result as corrected (approved corrections applied)."""
        ts = self.table_sessions[table_session]
        if ts.result is None:
            return None
        value = self.effective(ts.result)["result"]
        return None if value is None else int(value)

    # -------------------------------------------------------------- daily summary

    def daily_summary(self, date: str, *, by: str) -> Entry:
        """Generate and sign the A45 entry of ``date`` (OPS-BK-20…23): from the signed results."""
        role = self.authorise(Op.SIGN_DAILY_SUMMARY, by, "A")
        day = self.days.get(date)
        if day is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no gaming day {date}", date=date))
        if day.summary is not None:
            raise OpsError(
                Code.INVALID_STATE, N_("the summary of {date} is already signed", date=date)
            )
        data = self.summary_figures(date)
        return self.record(
            "A45", "DAILY_SUMMARY", data, by=by, role=role, purpose="DIRECTOR",
            required=["DIRECTOR"], gaming_day=date,
        )  # fmt: skip

    def summary_figures(self, date: str) -> dict[str, Any]:
        """The figures of the A45 summary of ``date`` (system-generated, never typed in)."""
        lines = []
        per_game: dict[str, int] = {}
        tables_per_game: dict[str, int] = {}
        banking = circle = 0
        for ts in self._day_table_sessions(date):
            if ts.result is None:
                raise OpsError(
                    Code.COUNT_MISSING, N_("{table}: session result not signed", table=ts.table)
                )
            result = self.effective_result(ts.id) or 0
            table = self.tables[ts.table]
            lines.append(
                {"table": ts.table, "game": table.game, "session": ts.session, "result": result}
            )
            per_game[table.game] = per_game.get(table.game, 0) + result
            tables_per_game[table.game] = tables_per_game.get(table.game, 0) + 1
            if table.kind is Kind.CIRCLE:
                circle += result
            else:
                banking += result
        total = banking + circle
        month = year = total
        for other, od in self.days.items():
            if other >= date or od.summary is None:
                continue
            value = int(self.effective(od.summary)["tables_total"])
            if other[:4] == date[:4]:
                year += value
                if other[:7] == date[:7]:
                    month += value
        opening = self.opening_totals.get(date[:4], {})
        year += int(opening.get("year_to_date", 0)) if date[:4] in self.opening_totals else 0
        if opening.get("month") == date[:7]:
            month += int(opening.get("month_to_date", 0))
        tips = self._tips_of_day(date)
        data: dict[str, Any] = {
            "date": date,
            "lines": lines,
            "per_game": per_game,
            "tables_per_game": tables_per_game,
            "banking_total": banking,
            "circle_total": circle,
            "tables_total": total,
            "month_to_date": month,
            "year_to_date": year,
            "tips_total": tips,
        }
        slots = getattr(self, "slots_month_total", None)
        next_day = dt.date.fromisoformat(date) + dt.timedelta(days=1)
        if slots is not None and next_day.month != int(date[5:7]):
            data["slots_month_total"] = slots(int(date[:4]), int(date[5:7]))
        return data

    @projects("A45.DAILY_SUMMARY")
    def _on_summary(self, entry: Entry) -> None:
        day = self.days[entry.payload["gaming_day"]]
        day.summary = entry.seq

    def carry_forward(
        self, year: int, *, year_to_date: int, month: str, month_to_date: int
    ) -> Entry:
        """Totals kept before this system: the year and month to date on its first day
        (so A45's running totals start right)."""
        data = {
            "year": year,
            "year_to_date": year_to_date,
            "month": month,
            "month_to_date": month_to_date,
        }
        return self.record("CAS", "OPENING_TOTALS", data, by="system", role=Role.ADM)

    @projects("CAS.OPENING_TOTALS")
    def _on_opening_totals(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.opening_totals[str(d["year"])] = d

    # ---------------------------------------------------------------------- tips

    def count_tips(
        self,
        table_id: str,
        *,
        by: str,
        second: str,
        chips: Chips,
        seal: str,
        table_session: str | None = None,
    ) -> Entry:
        """Count a tip box into the A56 tips account (OPS-TIP-01…04): after the end of
        gaming hours, by two cashiers."""
        if not self.config.tips_accepted:
            raise OpsError(Code.TIPS_NOT_ACCEPTED, N_("this casino does not accept tips"))
        self.authorise(Op.TIPS_ENTRY, by, "C")  # §4.3 row 20, before the table's state
        if table_session is not None and table_session not in self.table_sessions:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("no table session {table_session}", table_session=table_session),
            )
        ts = self.table_sessions[table_session] if table_session else self.table_session(table_id)
        day = self.days[ts.gaming_day]
        if day.state == "OPEN":
            raise OpsError(
                Code.TIPS_COUNT_TOO_EARLY, N_("tips are counted after the end of gaming hours")
            )
        if "TIP" in ts.counts:
            raise OpsError(Code.BOX_SEALED, N_("the tip box of {id} is already counted", id=ts.id))
        count = chip_count(chips, self.config.denominations)
        data = {
            "table_session": ts.id,
            "box": ts.boxes.get("TIP", {}).get("id"),
            "seal": seal,
            "counted_at": utc_text(self.now()),
            **count,
        }
        return self.record(
            "A56", "TIPS_COUNT", data, by=by, role=Role.CSH, purpose="COUNT",
            required=["COUNT", "COUNT"], cosign=[(second, "COUNT")], gaming_day=ts.gaming_day,
            table=ts.table,
        )  # fmt: skip

    @projects("A56.TIPS_COUNT")
    def _on_tips(self, entry: Entry) -> None:
        d = entry.payload["data"]
        ts = self.table_sessions[d["table_session"]]
        ts.counts["TIP"] = entry.seq
        if "TIP" in ts.boxes:
            ts.boxes["TIP"]["state"] = "COUNTED"
        self.days[ts.gaming_day].tips_counts.append(entry.seq)

    def _tips_of_day(self, date: str) -> int:
        day = self.days.get(date)
        return 0 if day is None else self._sum(day.tips_counts)

    def tips_day_total(self, date: str, *, by: str) -> Entry:
        """The day's tips total (OPS-TIP-03), signed by the DIR."""
        if not self.config.tips_accepted:
            raise OpsError(Code.TIPS_NOT_ACCEPTED, N_("this casino does not accept tips"))
        self.require_director(by, Op.TIPS_ENTRY, "A")
        day = self.days.get(date)
        if day is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no gaming day {date}", date=date))
        if day.state == "OPEN":
            raise OpsError(Code.TIPS_COUNT_TOO_EARLY, N_("the day is not closed to play"))
        if day.tips_total is not None:
            raise OpsError(
                Code.INVALID_STATE, N_("the tips total of {date} is already entered", date=date)
            )
        data = {"date": date, "total": self._tips_of_day(date), "counts": list(day.tips_counts)}
        return self.record(
            "A56", "TIPS_DAY_TOTAL", data, by=by, role=Role.DIR, purpose="DIRECTOR",
            required=["DIRECTOR"], gaming_day=date,
        )  # fmt: skip

    @projects("A56.TIPS_DAY_TOTAL")
    def _on_tips_total(self, entry: Entry) -> None:
        self.days[entry.payload["data"]["date"]].tips_total = entry.seq

    # --------------------------------------------------------------- corrections

    def request_correction(
        self,
        seq: int,
        changes: Sequence[tuple[str, Any, Any]],
        reason: str,
        *,
        by: str,
    ) -> Entry:
        """Request a red-ink correction of entry ``seq`` (OPS-INT-05): ``(field, old, new)``
        with fields relative to the entry's data (``total``, ``float.chips.2500``) or
        ``@status`` to annul it (OPS-INT-17). It is PENDING until decided."""
        original = self.ledger.get(seq)
        regulator = getattr(self, "is_regulator_entry", None)
        by_craj = any(a.role is Role.CRAJ for a in self.valid_assignments(by))
        is_regulator = (
            regulator is not None and regulator(seq)
        ) or original.actor.role == Role.CRAJ
        if is_regulator and not by_craj:
            raise OpsError(
                Code.CORRECTION_NOT_ALLOWED, N_("regulator entries are corrected by the CRAJ")
            )
        if by_craj and not is_regulator:  # §4.3 row 18: the CRAJ, only for its own entries
            raise OpsError(
                Code.PERMISSION_DENIED, N_("the CRAJ requests corrections of its own entries")
            )
        role = self.authorise_correction(original, by)
        self._check_day_correctable(original)
        ledger_changes = [
            Change(path if path.startswith("@") else f"data.{path}", old, new)
            for path, old, new in changes
        ]
        self._check_corrected(original, ledger_changes)
        try:
            entry = self.ledger.correct(
                seq, ledger_changes, reason, Actor(by, str(role)),
                cosigners=[Cosigner(by, str(role), self.keyring.key(by), "REQUEST")],
                author_key=self.keyring.key(by),
            )  # fmt: skip
        except Exception as exc:
            from crupier.ledger import LedgerError

            if isinstance(exc, LedgerError):
                raise self._ops_error(exc) from None
            raise
        self._catch_up()
        return entry

    def _check_corrected(self, original: Entry, changes: Sequence[Change]) -> None:
        """A correction is checked like the original: the checks of the entry's kind run
        on its data with the changes applied (``@status`` changes aside)."""
        fields = [c for c in changes if c.field_path != STATUS_PATH]
        if not fields or not isinstance(original.payload, dict) or "data" not in original.payload:
            return
        try:
            corrected = apply_changes(self.view(original.seq).effective_payload, fields)
        except LedgerError as exc:
            raise self._ops_error(exc) from None
        assert isinstance(corrected, dict)
        self.check_data(original.kind, corrected["data"])

    def _check_day_correctable(self, original: Entry) -> None:
        """Corrections are allowed after the day is closed (OPS-DAY-06)."""

    def decide_correction(self, correction_seq: int, approve: bool, *, by: str) -> Entry:
        """Approve or reject a correction in full (OPS-INT-06/-07): the DIR in office or a
        designated CDM (S3); never the requester. An approved correction of an input of a
        signed result brings its consequential corrections, approved in the same act."""
        correction = self.ledger.get(correction_seq)
        if correction.kind != "correction":
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("entry {correction_seq} is not a correction", correction_seq=correction_seq),
            )
        target = correction.payload["corrects"]["seq"]
        original = self.ledger.get(target)
        regulator = getattr(self, "is_regulator_entry", None)
        if (regulator is not None and regulator(target)) or original.actor.role == Role.CRAJ:
            role = self.authorise(Op.APPROVE_CORRECTION, by, "A")
            if role is not Role.CRAJ:
                raise OpsError(
                    Code.CORRECTION_NOT_ALLOWED, N_("only the CRAJ decides on its entries")
                )
        else:
            if self.director_in_office() == by:
                role = Role.DIR
            else:
                role = self.authorise(Op.APPROVE_CORRECTION, by, "A")
                if role is Role.CRAJ:
                    raise OpsError(
                        Code.PERMISSION_DENIED, N_("the CRAJ decides only on its own entries")
                    )
        before = self._results_touching(target)
        approver = Cosigner(by, str(role), self.keyring.key(by), "APPROVAL")
        try:
            decision = self.ledger.decide(correction_seq, approve, approver)
        except Exception as exc:
            from crupier.ledger import LedgerError

            if isinstance(exc, LedgerError):
                raise self._ops_error(exc) from None
            raise
        self._catch_up()
        if approve:
            self._consequential(before, correction_seq, approver)
        return decision

    def _results_touching(self, seq: int) -> dict[int, Any]:
        """Signed results (and summaries) whose inputs include entry ``seq``: seq -> old value."""
        out: dict[int, Any] = {}
        for ts in self.table_sessions.values():
            if ts.result is not None and (seq in self._session_entries(ts) or seq == ts.result):
                out[ts.result] = self.effective(ts.result)["result"]
        return out

    def _consequential(self, before: dict[int, Any], cause: int, approver: Cosigner) -> None:
        """OPS-BK-11: re-derive each touched result; correct it (red ink), approved at once."""
        for result_seq, old in before.items():
            entry = self.ledger.get(result_seq)
            ts_id = entry.payload["data"]["table_session"]
            new = self.session_figures(ts_id)["result"]
            if new == old:
                continue
            changes = [Change("data.result", old, new)]
            consequential = self.ledger.correct(
                result_seq, changes, f"consequential correction of correction {cause}",
                SYSTEM,
            )  # fmt: skip
            self.ledger.decide(consequential.seq, True, approver)
            self._catch_up()
            day = self.days[entry.payload["gaming_day"]]
            if day.summary is not None:
                old_total = self.effective(day.summary)["tables_total"]
                new_total = int(old_total) - int(old or 0) + int(new or 0)
                summary_fix = self.ledger.correct(
                    day.summary, [Change("data.tables_total", old_total, new_total)],
                    f"consequential correction of correction {cause}", SYSTEM,
                )  # fmt: skip
                self.ledger.decide(summary_fix.seq, True, approver)
                self._catch_up()

    # ------------------------------------------------------------------ reports

    def monthly_results(self, year: int) -> dict[str, dict[str, int]]:
        """Results per month and game from the signed A43/A44 results (for Art. 47)."""
        out: dict[str, dict[str, int]] = {}
        for ts in self.table_sessions.values():
            if ts.result is None or not ts.gaming_day.startswith(str(year)):
                continue
            month = ts.gaming_day[:7]
            game = self.tables[ts.table].game
            out.setdefault(month, {})
            out[month][game] = out[month].get(game, 0) + (self.effective_result(ts.id) or 0)
        return out

    def book_entries(self, book: str) -> list[Entry]:
        """Every entry of ``book`` in order (the raw material of the printed books)."""
        return [
            self.ledger.get(seq)
            for seq, (b, _v, _n) in sorted(self.entry_book.items())
            if b == book
        ]


def _nodes(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping inside ``value`` (itself included), depth first."""
    if isinstance(value, Mapping):
        yield value
        for item in value.values():
            yield from _nodes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _nodes(item)
