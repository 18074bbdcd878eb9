"""Players: entrance control, seats and waiting lists; promotions (operations spec §9.3,
§10.8, §2.7, Arts. 65-67).

Entrance admissions, the exclusion list, the player register, seats and waiting lists
are kept in ``JNL`` (OPS-BK-31); promotions in ``PRM``. A promotion that does not refer
to gaming is communicated by an ``A61`` ``NOTICE`` (``PROMOTION_WITHOUT_GAMING_REFERENCE``).

Age is counted in whole years on the day (a 29 February birthday falls on 1 March):

>>> day = dt.date(2026, 3, 2)
>>> age_on(dt.date(2008, 3, 2), day), age_on(dt.date(2008, 3, 3), day)
(18, 17)
>>> leap = dt.date(2008, 2, 29)
>>> age_on(leap, dt.date(2026, 2, 28)), age_on(leap, dt.date(2026, 3, 1))
(17, 18)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crupier.casino.base import CasinoBase, parse_utc, projects
from crupier.casino.clock import TZ, utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.roles import Op, Role
from crupier.core.rng import SeededSource, SystemSource, shuffle
from crupier.i18n import N_
from crupier.ledger import Entry

#: Roles that never admit players or keep their register (the regulator, the board,
#: the administrator, external auditors).
_NOT_FLOOR_ROLES = frozenset({Role.CRAJ, Role.BRD, Role.ADM, Role.EXT})
#: Games 08 and 09, where the SPAIN-1979 chemin-de-fer seat rules apply (OPS-PLY-13).
BANK_TURN_GAMES = frozenset({"chemin-de-fer", "baccarat-two-tables"})
#: Circle poker rules (SEED ``003 §23``): four players to start, two hands of rest.
CIRCLE_POKER_MIN_PLAYERS = 4
CIRCLE_POKER_REST_HANDS = 2
NOTICE_TYPE = "PROMOTION_WITHOUT_GAMING_REFERENCE"


def age_on(born: dt.date, day: dt.date) -> int:
    """Whole years from ``born`` to ``day``."""
    years = day.year - born.year
    birthday = (born.month, born.day)
    if birthday == (2, 29):
        birthday = (3, 1) if not _leap(day.year) else (2, 29)
    return years - ((day.month, day.day) < birthday)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _circle_poker(game: str) -> bool:
    return game.startswith("circle-poker")


@dataclass
class Player:
    """A registered player (§3.4 ``Player``)."""

    id: str
    identity_document: str
    name: str
    date_of_birth: dt.date
    nationality: str | None = None


@dataclass
class Seat:
    """An occupied seat (§3.4 ``Seat``): it stays its holder's until released (OPS-PLY-14)."""

    table: str
    seat_no: int
    player: str
    since: str
    rest_from: int | None = None  # circle poker: first hand of the requested rest
    refusals: int = 0  # chemin de fer: consecutive refusals to take the hand


@dataclass
class WaitingEntry:
    """A line of a table's waiting list (§3.4 ``WaitingList``)."""

    table: str
    player: str
    registered_at: str
    registered_by: str
    state: str = "WAITING"  # WAITING OFFERED SEATED SKIPPED REMOVED
    seat: int | None = None  # the seat offered


@dataclass(frozen=True)
class SeatRelease:
    """A seat given up under a seat rule, and whom it is now offered to."""

    table: str
    seat_no: int
    player: str
    offered_to: str | None


@dataclass(frozen=True)
class SeatDraw:
    """The circle-poker seat draw by lot (OPS-PLY-15): ``seats`` maps seat to player."""

    table: str
    seed: int
    seats: dict[int, str]
    entry: int


@dataclass(frozen=True)
class TurnOutcome:
    """What a chemin-de-fer/baccarat turn to take the hand did to the seat (OPS-PLY-13)."""

    player: str
    outcome: str
    refusals: int
    release: SeatRelease | None


@dataclass
class Promotion:
    """A promotion (§3.6 ``Promotion``)."""

    id: str
    title: str
    description: str
    start: dt.datetime
    end: dt.datetime
    references_gaming: bool
    state: str = "CREATED"  # CREATED AUTHORISED ACTIVE ENDED
    authorisation_ref: str | None = None
    authorised_on: dt.date | None = None
    communication_entry: int | None = None
    history: list[tuple[str, str]] = field(default_factory=list)  # (state, at)


class PlayerOps(CasinoBase):
    """Entrance, player register, seats, waiting lists, promotions."""

    def _init_state(self) -> None:
        self.players: dict[str, Player] = {}
        self.exclusions: dict[str, str] = {}  # identity document -> reason
        self.admissions: list[dict[str, Any]] = []  # the entrance log
        self.seats: dict[str, dict[int, Seat]] = {}  # table -> seat no -> seat
        self.waiting_lists: dict[str, list[WaitingEntry]] = {}
        self.promotions: dict[str, Promotion] = {}
        self.standing: dict[str, set[str]] = {}  # blackjack table -> authorised standing players
        self._ply_notice_scan = 0  # last ledger seq scanned for promotion notices
        self._ply_promotion_notices: dict[str, list[int]] = {}

    # --------------------------------------------------------------- helpers

    def _ply_floor_role(self, by: str) -> Role:
        """A licensed casino employee on duty (entrance control is not in the matrix)."""
        person = self.staff.get(by)
        roles = [a.role for a in self.valid_assignments(by) if a.role not in _NOT_FLOOR_ROLES]
        if person is None or not roles:
            raise OpsError(Code.PERMISSION_DENIED, N_("{by!r} is not casino staff on duty", by=by))
        if not self.licence_valid(person):
            raise OpsError(
                Code.LICENCE_INVALID, N_("{by} has no valid class I licence and card", by=by)
            )
        return roles[0]

    def _ply_journal(
        self, etype: str, data: dict[str, Any], *, by: str, role: Role, table: str | None = None
    ) -> Entry:
        return self.record("JNL", etype, data, by=by, role=role, purpose="AUTHOR", table=table)

    def _ply_check_person(self, identity_document: str, born: dt.date | str) -> dt.date:
        """OPS-PLY-01 and OPS-STF-15: age on the day, exclusion list, staff."""
        if isinstance(born, str):
            try:
                born = dt.date.fromisoformat(born)
            except ValueError:
                raise OpsError(
                    Code.MALFORMED_REQUEST,
                    N_("date of birth {born!r} is not YYYY-MM-DD", born=born),
                ) from None
        if age_on(born, self.local_now().date()) < self.config.min_player_age:
            raise OpsError(
                Code.ENTRY_REFUSED_AGE,
                N_(
                    "players must be {min_player_age} or older",
                    min_player_age=self.config.min_player_age,
                ),
            )
        if identity_document in self.exclusions:
            raise OpsError(Code.ENTRY_REFUSED_EXCLUDED, N_("the person is on the exclusion list"))
        for person in self.staff.values():
            if person.identity_document == identity_document and self.valid_assignments(person.id):
                raise OpsError(Code.STAFF_MAY_NOT_PLAY, N_("the document is {id}'s", id=person.id))
        return born

    def _ply_player(self, player_id: str) -> Player:
        found = self.players.get(player_id)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no player {player_id!r}", player_id=player_id))
        return found

    # ------------------------------------------------------ entrance, register

    def exclude(self, identity_document: str, *, reason: str, by: str) -> Entry:
        """Put a person on the exclusion list (the DIR in office or a CRAJ inspector)."""
        role = self._ply_director_or_craj(by)
        if not identity_document or not reason:
            raise OpsError(
                Code.MISSING_FIELDS, N_("an exclusion needs the document and the reason")
            )
        data = {"document": identity_document, "reason": reason}
        return self._ply_journal("EXCLUSION_ADDED", data, by=by, role=role)

    def lift_exclusion(self, identity_document: str, *, by: str) -> Entry:
        """Take a person off the exclusion list."""
        role = self._ply_director_or_craj(by)
        if identity_document not in self.exclusions:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("the document is not on the exclusion list"))
        return self._ply_journal(
            "EXCLUSION_LIFTED", {"document": identity_document}, by=by, role=role
        )

    def _ply_director_or_craj(self, by: str) -> Role:
        if any(a.role is Role.CRAJ for a in self.valid_assignments(by)):
            return Role.CRAJ
        self.require_director(by)
        return Role.DIR

    @projects("JNL.EXCLUSION_ADDED")
    def _ply_on_excluded(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.exclusions[d["document"]] = d["reason"]

    @projects("JNL.EXCLUSION_LIFTED")
    def _ply_on_exclusion_lifted(self, entry: Entry) -> None:
        self.exclusions.pop(entry.payload["data"]["document"], None)

    def admit(
        self, identity_document: str, *, name: str, date_of_birth: dt.date | str, by: str
    ) -> Entry:
        """Entrance control (OPS-PLY-01, OPS-STF-15): ``ENTRY_REFUSED_AGE``,
        ``ENTRY_REFUSED_EXCLUDED``, ``STAFF_MAY_NOT_PLAY``; every admission is logged."""
        role = self._ply_floor_role(by)
        born = self._ply_check_person(identity_document, date_of_birth)
        player = next(
            (p.id for p in self.players.values() if p.identity_document == identity_document),
            None,
        )
        data = {
            "document": identity_document,
            "name": name,
            "date_of_birth": born.isoformat(),
            "player": player,
        }
        return self._ply_journal("ENTRY_ADMITTED", data, by=by, role=role)

    @projects("JNL.ENTRY_ADMITTED")
    def _ply_on_admitted(self, entry: Entry) -> None:
        self.admissions.append({**entry.payload["data"], "at": entry.payload["event_time"]})

    def register_player(
        self,
        player_id: str,
        identity_document: str,
        *,
        name: str,
        date_of_birth: dt.date | str,
        by: str,
        nationality: str | None = None,
    ) -> Entry:
        """Enter a player in the register; a staff member's document gives
        ``STAFF_MAY_NOT_PLAY`` (OPS-STF-15), as do the entrance refusals."""
        role = self._ply_floor_role(by)
        if player_id in self.players:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("player {player_id} is already registered", player_id=player_id),
            )
        if any(p.identity_document == identity_document for p in self.players.values()):
            raise OpsError(Code.MALFORMED_REQUEST, N_("a player with that document is registered"))
        born = self._ply_check_person(identity_document, date_of_birth)
        data = {
            "id": player_id,
            "document": identity_document,
            "name": name,
            "date_of_birth": born.isoformat(),
            "nationality": nationality,
        }
        return self._ply_journal("PLAYER_REGISTERED", data, by=by, role=role)

    @projects("JNL.PLAYER_REGISTERED")
    def _ply_on_player(self, entry: Entry) -> None:
        d = entry.payload["data"]
        born = dt.date.fromisoformat(d["date_of_birth"])
        self.players[d["id"]] = Player(d["id"], d["document"], d["name"], born, d["nationality"])

    # ----------------------------------------------------------------- seats

    def _ply_keeper(self, by: str, table: str) -> Role:
        """The TC of the table keeps seats and the waiting list; the DIR may too
        (OPS-PLY-10); a DLR gets ``PERMISSION_DENIED``."""
        self.table(table)
        try:
            return self.authorise(Op.SEATS, by, "C", table)
        except OpsError as exc:
            if exc.code != "PERMISSION_DENIED" or self.director_in_office() != by:
                raise
        self.require_director(by)
        return Role.DIR

    def seat_of(self, player: str) -> Seat | None:
        """The seat ``player`` holds, at any table."""
        for seats in self.seats.values():
            for seat in seats.values():
                if seat.player == player:
                    return seat
        return None

    def waiting_list(self, table: str) -> list[WaitingEntry]:
        """The table's waiting list, every state, in order of registration."""
        return list(self.waiting_lists.get(table, []))

    def _ply_waiting(self, table: str, player: str) -> WaitingEntry | None:
        for line in self.waiting_lists.get(table, []):
            if line.player == player and line.state in ("WAITING", "OFFERED"):
                return line
        return None

    def _ply_first_waiting(self, table: str, skip: Iterable[str] = ()) -> str | None:
        skipped = set(skip)
        for line in self.waiting_lists.get(table, []):
            if line.state == "WAITING" and line.player not in skipped:
                return line.player
        return None

    def _ply_offer(self, table: str, seat_no: int) -> WaitingEntry | None:
        for line in self.waiting_lists.get(table, []):
            if line.state == "OFFERED" and line.seat == seat_no:
                return line
        return None

    def _ply_check_seat_no(self, table: str, seat_no: int) -> None:
        if not 1 <= seat_no <= self.table(table).seats:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("{table} has no seat {seat_no}", table=table, seat_no=seat_no),
            )

    def seat_player(self, table: str, seat_no: int, player: str, *, by: str) -> Entry:
        """Give a vacant seat to a player (OPS-PLY-11, -12, -14).

        ``SEAT_OCCUPIED`` if the seat is held, even momentarily empty;
        ``SEAT_ALREADY_HELD`` if the player holds a seat anywhere. A seat offered to a
        waiting player, or any seat while players wait, goes to the first of them.
        """
        role = self._ply_keeper(by, table)
        self._ply_check_seat_no(table, seat_no)
        self._ply_player(player)
        holder = self.seats.get(table, {}).get(seat_no)
        if holder is not None:
            raise OpsError(
                Code.SEAT_OCCUPIED,
                N_(
                    "seat {seat_no} at {table} is {player}'s",
                    seat_no=seat_no,
                    table=table,
                    player=holder.player,
                ),
            )
        held = self.seat_of(player)
        if held is not None:
            raise OpsError(
                Code.SEAT_ALREADY_HELD,
                N_(
                    "{player} holds seat {seat_no} at {table}",
                    player=player,
                    seat_no=held.seat_no,
                    table=held.table,
                ),
            )
        offer = self._ply_offer(table, seat_no)
        first = self._ply_first_waiting(table)
        if offer is not None and offer.player != player:
            raise OpsError(
                Code.INVALID_STATE,
                N_("seat {seat_no} is offered to {player}", seat_no=seat_no, player=offer.player),
            )
        if offer is None and first is not None and first != player:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{first} is first on the waiting list of {table}", first=first, table=table),
            )
        data = {"table": table, "seat": seat_no, "player": player}
        return self._ply_journal("SEATED", data, by=by, role=role, table=table)

    @projects("JNL.SEATED")
    def _ply_on_seated(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self._ply_sit(d["table"], d["seat"], d["player"], entry.payload["event_time"])

    def _ply_sit(self, table: str, seat_no: int, player: str, at: str) -> None:
        self.seats.setdefault(table, {})[seat_no] = Seat(table, seat_no, player, at)
        line = self._ply_waiting(table, player)
        if line is not None:
            line.state, line.seat = "SEATED", seat_no

    def release_seat(
        self, table: str, seat_no: int, *, by: str, reason: str = "LEFT"
    ) -> SeatRelease:
        """The TC releases a seat; it is offered to the first waiting player (OPS-PLY-11)."""
        role = self._ply_keeper(by, table)
        seat = self.seats.get(table, {}).get(seat_no)
        if seat is None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("seat {seat_no} at {table} is vacant", seat_no=seat_no, table=table),
            )
        return self._ply_release(seat, reason, by=by, role=role)

    def _ply_release(self, seat: Seat, reason: str, *, by: str, role: Role) -> SeatRelease:
        offered = self._ply_first_waiting(seat.table)
        data = {
            "table": seat.table,
            "seat": seat.seat_no,
            "player": seat.player,
            "reason": reason,
            "offered_to": offered,
        }
        self._ply_journal("SEAT_RELEASED", data, by=by, role=role, table=seat.table)
        return SeatRelease(seat.table, seat.seat_no, seat.player, offered)

    @projects("JNL.SEAT_RELEASED")
    def _ply_on_released(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.seats.get(d["table"], {}).pop(d["seat"], None)
        self._ply_set_offer(d["table"], d["offered_to"], d["seat"])

    def _ply_set_offer(self, table: str, player: str | None, seat_no: int) -> None:
        if player is None:
            return
        line = self._ply_waiting(table, player)
        if line is not None:
            line.state, line.seat = "OFFERED", seat_no

    # ---------------------------------------------------------- waiting lists

    def add_to_waiting_list(self, table: str, player: str, *, by: str) -> Entry:
        """Register a player on the table's waiting list, kept by its TC (OPS-PLY-10)."""
        role = self._ply_keeper(by, table)
        self._ply_player(player)
        if self._ply_waiting(table, player) is not None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{player} is already on the list of {table}", player=player, table=table),
            )
        held = self.seat_of(player)
        if held is not None and held.table == table:
            raise OpsError(
                Code.INVALID_STATE, N_("{player} is seated at {table}", player=player, table=table)
            )
        data = {"table": table, "player": player}
        return self._ply_journal("WAITING_ADDED", data, by=by, role=role, table=table)

    @projects("JNL.WAITING_ADDED")
    def _ply_on_waiting(self, entry: Entry) -> None:
        d = entry.payload["data"]
        line = WaitingEntry(d["table"], d["player"], entry.payload["event_time"], entry.actor.id)
        self.waiting_lists.setdefault(d["table"], []).append(line)

    def remove_from_waiting_list(self, table: str, player: str, *, by: str) -> Entry:
        """Take a player off the list (state ``REMOVED``)."""
        role = self._ply_keeper(by, table)
        if self._ply_waiting(table, player) is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("{player} is not waiting at {table}", player=player, table=table),
            )
        data = {"table": table, "player": player}
        return self._ply_journal("WAITING_REMOVED", data, by=by, role=role, table=table)

    @projects("JNL.WAITING_REMOVED")
    def _ply_on_waiting_removed(self, entry: Entry) -> None:
        d = entry.payload["data"]
        line = self._ply_waiting(d["table"], d["player"])
        if line is not None:
            line.state, line.seat = "REMOVED", None

    def offer_seat(self, table: str, seat_no: int, *, by: str) -> str | None:
        """Offer a vacant seat to the first ``WAITING`` player (FIFO, OPS-PLY-11)."""
        role = self._ply_keeper(by, table)
        self._ply_check_seat_no(table, seat_no)
        if seat_no in self.seats.get(table, {}):
            raise OpsError(
                Code.SEAT_OCCUPIED,
                N_("seat {seat_no} at {table} is held", seat_no=seat_no, table=table),
            )
        if self._ply_offer(table, seat_no) is not None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("seat {seat_no} at {table} is already offered", seat_no=seat_no, table=table),
            )
        player = self._ply_first_waiting(table)
        if player is None:
            return None
        data = {"table": table, "seat": seat_no, "player": player}
        self._ply_journal("SEAT_OFFERED", data, by=by, role=role, table=table)
        return player

    @projects("JNL.SEAT_OFFERED")
    def _ply_on_offered(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self._ply_set_offer(d["table"], d["player"], d["seat"])

    def skip_offer(self, table: str, player: str, *, by: str) -> str | None:
        """The called player is not present: ``SKIPPED`` and removed; the seat goes to
        the next waiting player, who is returned (OPS-PLY-11)."""
        role = self._ply_keeper(by, table)
        line = self._ply_waiting(table, player)
        if line is None or line.state != "OFFERED" or line.seat is None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("no seat is offered to {player} at {table}", player=player, table=table),
            )
        following = self._ply_first_waiting(table, skip=[player])
        data = {"table": table, "player": player, "seat": line.seat, "offered_to": following}
        self._ply_journal("WAITING_SKIPPED", data, by=by, role=role, table=table)
        return following

    @projects("JNL.WAITING_SKIPPED")
    def _ply_on_skipped(self, entry: Entry) -> None:
        d = entry.payload["data"]
        line = self._ply_waiting(d["table"], d["player"])
        if line is not None:
            line.state, line.seat = "SKIPPED", None
        self._ply_set_offer(d["table"], d["offered_to"], d["seat"])

    # ------------------------------------------------------------ circle poker

    def draw_seats(
        self, table: str, players: Sequence[str], *, by: str, seed: int | None = None
    ) -> SeatDraw:
        """Draw the seats by lot at the start of a circle-poker game (OPS-PLY-15).

        The draw shuffles the seat numbers with :class:`~crupier.core.rng.SeededSource`
        from ``seed`` (by default a seed drawn from the system CSPRNG), and the seed is
        recorded in ``JNL`` so the draw can be replayed. At least four players
        (``INSUFFICIENT_PLAYERS``).
        """
        role = self._ply_keeper(by, table)
        found = self.table(table)
        if not _circle_poker(found.game):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("seats are drawn by lot only in circle poker")
            )
        if len(set(players)) != len(players) or len(players) > found.seats:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_(
                    "{n_players} players for {seats} seats",
                    n_players=len(players),
                    seats=found.seats,
                ),
            )
        if len(players) < CIRCLE_POKER_MIN_PLAYERS:
            raise OpsError(
                Code.INSUFFICIENT_PLAYERS,
                N_(
                    "circle poker needs {circle_poker_min_players} players",
                    circle_poker_min_players=CIRCLE_POKER_MIN_PLAYERS,
                ),
            )
        if self.seats.get(table):
            raise OpsError(
                Code.SEAT_OCCUPIED, N_("{table} already has seated players", table=table)
            )
        for player in players:
            self._ply_player(player)
            held = self.seat_of(player)
            if held is not None:
                raise OpsError(
                    Code.SEAT_ALREADY_HELD,
                    N_("{player} holds a seat at {table}", player=player, table=held.table),
                )
        the_seed = SystemSource().randbelow(1 << 63) if seed is None else seed
        numbers = list(range(1, found.seats + 1))
        shuffle(numbers, SeededSource(the_seed))
        seats = dict(zip(numbers, players, strict=False))
        data = {
            "table": table,
            "seed": the_seed,
            "rng": "crupier.core.rng.SeededSource + Fisher-Yates over seats 1..n",
            "players": list(players),
            "seats": {str(n): p for n, p in sorted(seats.items())},
        }
        entry = self._ply_journal("SEAT_DRAW", data, by=by, role=role, table=table)
        return SeatDraw(table, the_seed, dict(sorted(seats.items())), entry.seq)

    @projects("JNL.SEAT_DRAW")
    def _ply_on_draw(self, entry: Entry) -> None:
        d = entry.payload["data"]
        for number, player in d["seats"].items():
            self._ply_sit(d["table"], int(number), player, entry.payload["event_time"])

    def _ply_seated(self, table: str, player: str) -> Seat:
        seat = self.seat_of(player)
        if seat is None or seat.table != table:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{player} has no seat at {table}", player=player, table=table),
            )
        return seat

    def rest(self, table: str, player: str, *, from_hand: int, by: str) -> Entry:
        """A circle-poker player sits out from hand ``from_hand``: he keeps the seat for
        two hands (OPS-PLY-15)."""
        role = self._ply_keeper(by, table)
        if not _circle_poker(self.table(table).game):
            raise OpsError(Code.MALFORMED_REQUEST, N_("rest hands are a circle-poker rule"))
        seat = self._ply_seated(table, player)
        if seat.rest_from is not None:
            raise OpsError(Code.INVALID_STATE, N_("{player} is already resting", player=player))
        data = {"table": table, "seat": seat.seat_no, "player": player, "from_hand": from_hand}
        return self._ply_journal("REST_STARTED", data, by=by, role=role, table=table)

    def end_rest(self, table: str, player: str, *, by: str) -> Entry:
        """The resting player is back in the game."""
        role = self._ply_keeper(by, table)
        seat = self._ply_seated(table, player)
        if seat.rest_from is None:
            raise OpsError(Code.INVALID_STATE, N_("{player} is not resting", player=player))
        data = {"table": table, "seat": seat.seat_no, "player": player}
        return self._ply_journal("REST_ENDED", data, by=by, role=role, table=table)

    @projects("JNL.REST_STARTED", "JNL.REST_ENDED")
    def _ply_on_rest(self, entry: Entry) -> None:
        d = entry.payload["data"]
        seat = self.seats[d["table"]][d["seat"]]
        seat.rest_from = d.get("from_hand") if entry.kind == "JNL.REST_STARTED" else None

    def begin_hand(self, table: str, hand: int, *, by: str) -> list[SeatRelease]:
        """Hand ``hand`` is about to start: a player resting since two hands or more who has
        not come back loses the seat, offered to the first waiting player (DEFAULT of
        OPS-PLY-15). Returns the seats released (nothing is recorded if none)."""
        role = self._ply_keeper(by, table)
        released: list[SeatRelease] = []
        for number in sorted(self.seats.get(table, {})):
            seat = self.seats[table][number]
            if seat.rest_from is not None and hand >= seat.rest_from + CIRCLE_POKER_REST_HANDS:
                released.append(
                    self._ply_release(seat, f"REST_EXCEEDED_HAND_{hand}", by=by, role=role)
                )
        return released

    # ------------------------------------------------- blackjack standing players

    def authorise_standing(self, table: str, player: str, *, by: str) -> Entry:
        """The TC admits a standing player at a blackjack table (OPS-PLY-16, SEED
        ``004 §03 IV``); the authorisation is recorded."""
        role = self._ply_keeper(by, table)
        if "blackjack" not in self.table(table).game:
            raise OpsError(Code.MALFORMED_REQUEST, N_("standing players are a blackjack rule"))
        self._ply_player(player)
        if player in self.standing.get(table, set()):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{player} is already authorised at {table}", player=player, table=table),
            )
        data = {"table": table, "player": player}
        return self._ply_journal("STANDING_AUTHORISED", data, by=by, role=role, table=table)

    def withdraw_standing(self, table: str, player: str, *, by: str) -> Entry:
        """End a standing player's authorisation."""
        role = self._ply_keeper(by, table)
        if player not in self.standing.get(table, set()):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{player} is not authorised at {table}", player=player, table=table),
            )
        data = {"table": table, "player": player}
        return self._ply_journal("STANDING_WITHDRAWN", data, by=by, role=role, table=table)

    @projects("JNL.STANDING_AUTHORISED", "JNL.STANDING_WITHDRAWN")
    def _ply_on_standing(self, entry: Entry) -> None:
        d = entry.payload["data"]
        players = self.standing.setdefault(d["table"], set())
        if entry.kind == "JNL.STANDING_AUTHORISED":
            players.add(d["player"])
        else:
            players.discard(d["player"])

    def check_standing(self, table: str, player: str) -> None:
        """For the bet path: a standing (unseated) player's bet at ``table`` needs the TC's
        authorisation (``STANDING_NOT_AUTHORISED``, OPS-PLY-16)."""
        seat = self.seat_of(player)
        if seat is not None and seat.table == table:
            return
        if player not in self.standing.get(table, set()):
            raise OpsError(
                Code.STANDING_NOT_AUTHORISED,
                N_("{player} may not bet standing at {table}", player=player, table=table),
            )

    # ----------------------------------------------- chemin de fer, baccarat

    def bank_turn(self, table: str, player: str, outcome: str, *, by: str) -> TurnOutcome:
        """A seated player's turn to take the hand at games 08 and 09 (OPS-PLY-13).

        ``outcome`` is ``TAKEN``, ``REFUSED`` or ``ABSENT``. A second refusal in a row
        releases the seat; an absent player loses it to the first player on the waiting
        list (DEFAULT: he keeps it if nobody waits).
        """
        role = self._ply_keeper(by, table)
        if self.table(table).game not in BANK_TURN_GAMES:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("this rule applies to chemin de fer and baccarat")
            )
        if outcome not in ("TAKEN", "REFUSED", "ABSENT"):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("unknown outcome {outcome!r}", outcome=outcome)
            )
        seat = self._ply_seated(table, player)
        refusals = seat.refusals + 1 if outcome == "REFUSED" else 0
        data = {
            "table": table,
            "seat": seat.seat_no,
            "player": player,
            "outcome": outcome,
            "refusals": refusals,
        }
        self._ply_journal("BANK_TURN", data, by=by, role=role, table=table)
        loses = refusals >= 2 or (
            outcome == "ABSENT" and self._ply_first_waiting(table) is not None
        )
        release = None
        if loses:
            reason = "TWO_REFUSALS" if outcome == "REFUSED" else "ABSENT_AT_TURN"
            release = self._ply_release(seat, reason, by=by, role=role)
        return TurnOutcome(player, outcome, refusals, release)

    @projects("JNL.BANK_TURN")
    def _ply_on_bank_turn(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.seats[d["table"]][d["seat"]].refusals = d["refusals"]

    # -------------------------------------------------------------- promotions

    def _ply_promotion(self, promo_id: str) -> Promotion:
        found = self.promotions.get(promo_id)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no promotion {promo_id!r}", promo_id=promo_id))
        return found

    def _ply_prm(self, etype: str, data: dict[str, Any], *, by: str, role: Role) -> Entry:
        return self.record("PRM", etype, data, by=by, role=role, purpose="AUTHOR")

    def create_promotion(
        self,
        promo_id: str,
        title: str,
        *,
        start: dt.datetime,
        end: dt.datetime,
        references_gaming: bool,
        by: str,
        description: str = "",
        alters_game_dynamics: bool = False,
    ) -> Entry:
        """Create a promotion (OPS-PRM-01, -04): one that alters the dynamics of the game
        is refused (``ALTERS_GAME_DYNAMICS``, SEED Art. 65)."""
        role = self.authorise(Op.PROMOTION_CREATE, by)
        if alters_game_dynamics:
            raise OpsError(
                Code.ALTERS_GAME_DYNAMICS, N_("promotions may not alter the dynamics of the game")
            )
        if promo_id in self.promotions:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("promotion {promo_id} already exists", promo_id=promo_id)
            )
        if not title or end <= start:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("a promotion needs a title and an end after its start")
            )
        data = {
            "id": promo_id,
            "title": title,
            "description": description,
            "start": utc_text(start),
            "end": utc_text(end),
            "references_gaming": references_gaming,
            "alters_game_dynamics": False,
        }
        return self._ply_prm("CREATED", data, by=by, role=role)

    @projects("PRM.CREATED")
    def _ply_on_promotion(self, entry: Entry) -> None:
        d = entry.payload["data"]
        start, end = parse_utc(d["start"]), parse_utc(d["end"])
        promo = Promotion(d["id"], d["title"], d["description"], start, end, d["references_gaming"])
        promo.history.append(("CREATED", entry.payload["event_time"]))
        self.promotions[d["id"]] = promo

    def authorise_promotion(
        self, promo_id: str, *, reference: str, authorised_on: dt.date, by: str
    ) -> Entry:
        """A CRAJ inspector records the authorisation of a promotion (Art. 66)."""
        role = self.authorise(Op.PROMOTION_AUTHORISE, by)
        promo = self._ply_promotion(promo_id)
        if promo.state != "CREATED":
            raise OpsError(
                Code.INVALID_STATE,
                N_("{promo_id} is {state}", promo_id=promo_id, state=promo.state),
            )
        if not reference:
            raise OpsError(Code.MISSING_FIELDS, N_("an authorisation needs its reference"))
        data = {"id": promo_id, "reference": reference, "authorised_on": authorised_on.isoformat()}
        return self._ply_prm("AUTHORISED", data, by=by, role=role)

    @projects("PRM.AUTHORISED")
    def _ply_on_authorised(self, entry: Entry) -> None:
        d = entry.payload["data"]
        promo = self.promotions[d["id"]]
        promo.state, promo.authorisation_ref = "AUTHORISED", d["reference"]
        promo.authorised_on = dt.date.fromisoformat(d["authorised_on"])
        promo.history.append(("AUTHORISED", entry.payload["event_time"]))

    def notify_promotion(self, promo_id: str, *, by: str, text: str | None = None) -> Entry:
        """The DIR communicates a promotion without gaming reference to the CRAJ: an
        ``A61`` ``NOTICE`` (Art. 67, OPS-PRM-03; §4.3 row 23)."""
        role = self.require_director(by, Op.COMMUNICATION)
        promo = self._ply_promotion(promo_id)
        if promo.references_gaming:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{promo_id} refers to gaming: it needs authorisation", promo_id=promo_id),
            )
        data = {"type": NOTICE_TYPE, "text": text or promo.title, "promotion": promo_id}
        return self.record("A61", "NOTICE", data, by=by, role=role, purpose="AUTHOR")

    def promotion_notices(self, promo_id: str) -> list[int]:
        """The ledger seqs of the ``A61`` notices communicating ``promo_id``."""
        for entry in self.ledger.entries(self._ply_notice_scan + 1):
            self._ply_notice_scan = entry.seq
            d = entry.payload.get("data") if isinstance(entry.payload, dict) else None
            if entry.kind == "A61.NOTICE" and isinstance(d, dict) and d.get("type") == NOTICE_TYPE:
                self._ply_promotion_notices.setdefault(str(d.get("promotion")), []).append(
                    entry.seq
                )
        return list(self._ply_promotion_notices.get(promo_id, []))

    def activate_promotion(self, promo_id: str, *, by: str) -> Entry:
        """Start a promotion: with a CRAJ authorisation dated no later than its start if it
        refers to gaming (``AUTHORISATION_REQUIRED``), else with an ``A61`` notice made
        before its start (``COMMUNICATION_REQUIRED``) (OPS-PRM-02, -03)."""
        role = self.authorise(Op.PROMOTION_CREATE, by)
        promo = self._ply_promotion(promo_id)
        if promo.state not in ("CREATED", "AUTHORISED"):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{promo_id} is {state}", promo_id=promo_id, state=promo.state),
            )
        if self.now() >= promo.end:
            raise OpsError(
                Code.INVALID_STATE, N_("{promo_id} has already ended", promo_id=promo_id)
            )
        notice: int | None = None
        if promo.references_gaming:
            start_day = promo.start.astimezone(TZ).date()
            if promo.authorised_on is None or promo.authorised_on > start_day:
                raise OpsError(
                    Code.AUTHORISATION_REQUIRED,
                    N_("{promo_id} needs a CRAJ authorisation before it starts", promo_id=promo_id),
                )
        else:
            notice = self._ply_notice_before_start(promo)
        data = {"id": promo_id, "communication_entry": notice}
        return self._ply_prm("ACTIVATED", data, by=by, role=role)

    def _ply_notice_before_start(self, promo: Promotion) -> int:
        for seq in self.promotion_notices(promo.id):
            entry = self.ledger.get(seq)
            if parse_utc(entry.payload["event_time"]) <= promo.start and not self.annulled(seq):
                return seq
        raise OpsError(
            Code.COMMUNICATION_REQUIRED,
            N_("{id} must be communicated in A61 before it starts", id=promo.id),
        )

    @projects("PRM.ACTIVATED")
    def _ply_on_activated(self, entry: Entry) -> None:
        d = entry.payload["data"]
        promo = self.promotions[d["id"]]
        promo.state, promo.communication_entry = "ACTIVE", d["communication_entry"]
        promo.history.append(("ACTIVE", entry.payload["event_time"]))

    def end_promotion(self, promo_id: str, *, by: str) -> Entry:
        """End an active promotion."""
        role = self.authorise(Op.PROMOTION_CREATE, by)
        promo = self._ply_promotion(promo_id)
        if promo.state != "ACTIVE":
            raise OpsError(
                Code.INVALID_STATE,
                N_("{promo_id} is {state}", promo_id=promo_id, state=promo.state),
            )
        return self._ply_prm("ENDED", {"id": promo_id}, by=by, role=role)

    @projects("PRM.ENDED")
    def _ply_on_ended(self, entry: Entry) -> None:
        promo = self.promotions[entry.payload["data"]["id"]]
        promo.state = "ENDED"
        promo.history.append(("ENDED", entry.payload["event_time"]))
