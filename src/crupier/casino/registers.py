"""The regulator's registers and read access (operations spec §7.8, §7.9, §10.1-10.3, §4.4).

* ``A60`` — the special register of observations (Art. 60): a CRAJ inspector enters each
  ``VISIT`` with its items (observations, instructions, orders); the DIR in office gives one
  ``FOLLOW_UP`` per item within ``followup_days`` (8) calendar days.
* ``A61`` — the register of communications (Art. 61): the DIR's ``REQUEST`` entries and
  ``NOTICE`` entries, the CRAJ's ``REPLY`` entries; and the information requests an inspector
  makes with a due date (Art. 50, OPS-STF-14: ``INFO_REQUEST`` by the CRAJ, ``INFO_ANSWER`` by
  the DIR). They live in ``A61`` because it is the register of "requests for information"
  between the casino and the CRAJ, sealed like ``A60``; ``A60`` keeps the visit items with their
  fixed 8-day follow-up rule, which an inspector-set due date does not follow.
* The annual information (Art. 47): an ``ANNUAL_REPORT`` generated from the books, signed by
  the DIR, due on 31 March of the following year.
* Read access: :meth:`RegisterOps.read` checks the per-book read rules of §4.3 row 35 and logs
  every read in the access log (book ``ACC``, OPS-INT-12); CRAJ reads are logged, never blocked.

Every state shown here (item follow-up, request, annual report) is computed at query time
from the books, so it is the same after the casino is re-opened from its database.

>>> import tempfile, pathlib
>>> from crupier.casino.clock import ManualClock, TZ
>>> from crupier.casino.fixture import build
>>> clock = ManualClock("2026-03-02 10:15")
>>> casino = build("sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "c.db"), clock=clock)
>>> visit = casino.visit("I7", visit_date="2026-03-02", arrival_time="10:15",
...                      nature_of_operations="AUDIT", nature_text="A43 review",
...                      items=[("OBSERVATION", "fill slip 57 lacks cashier signature")])
>>> casino.observation_items()[0]["followup_due_local"]
'2026-03-10T23:59:59+01:00'
>>> clock.set("2026-03-10 18:00")
>>> _ = casino.follow_up(visit.seq, 1, "slip countersigned by K1", by="D1")
>>> casino.item_state(visit.seq, 1)
'ANSWERED_ON_TIME'
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crupier.casino.base import BOOKS, CasinoBase, projects
from crupier.casino.clock import TZ, end_of_day, utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.model import TableState
from crupier.casino.roles import Op, Role
from crupier.i18n import N_
from crupier.ledger import Actor, Change, Cosigner, Entry
from crupier.ledger import errors as lerr

#: The kinds of operation an inspector's visit covers (§7.8).
NATURES = ("VERIFICATION", "AUDIT", "COUNT_ATTENDANCE", "TABLE_CONTROL", "OTHER")
#: The kinds of item a visit may contain (§7.8).
ITEM_KINDS = ("OBSERVATION", "INSTRUCTION", "ORDER")
#: The types of an A61 request (§7.9).
REQUEST_TYPES = (
    "CLARIFICATION_ON_RULES",
    "INFORMATION_ON_EXECUTION_DIFFICULTIES",
    "COMMENT_OR_QUESTION",
)
#: The types of an A61 notice (§7.9, OPS-REG-12).
NOTICE_TYPES = (
    "POKER_ROOM_INTERNAL_REGULATION",
    "PROMOTION_WITHOUT_GAMING_REFERENCE",
    "EXTERNAL_AUDITOR_GRANT",
    "APPOINTMENT_OR_CESSATION",
    "OTHER",
)
#: The row of the permission matrix that reads each register (rows 21 and 23: the
#: direction and the CRAJ, not the floor). A register is read through its own row, never
#: through row 35's "read every record", whose own-table readers are the floor's.
REGISTER_READ_OPS = {"A60": Op.VISIT_ENTRY, "A61": Op.COMMUNICATION}
#: Follow-up states of an A60 item (OPS-REG-03/04).
PENDING, OVERDUE = "PENDING", "OVERDUE"
ANSWERED_ON_TIME, ANSWERED_LATE = "ANSWERED_ON_TIME", "ANSWERED_LATE"
NOT_REQUIRED, ANNULLED = "NOT_REQUIRED", "ANNULLED"
#: States of an A61 request and of an inspector's information request.
OPEN, ANSWERED = "OPEN", "ANSWERED"
#: States of the annual-information obligation (OPS-REG-20).
FILED_ON_TIME, FILED_LATE = "FILED_ON_TIME", "FILED_LATE"
#: ``annual_report_due`` (§12.1): 31 March of the following year, 23:59:59 local.
ANNUAL_REPORT_DUE = (3, 31)
#: The book that keeps the annual reports: ``A47`` once the casino core has it, else ``CAS``.
ANNUAL_BOOK = "A47" if "A47" in BOOKS else "CAS"
#: Books each scoped role may read (§4.3 row 35); the other roles read every book.
SCOPED_BOOKS: dict[Role, frozenset[str]] = {
    Role.TC: frozenset({"A43", "A44", "JNL"}),
    Role.DLR: frozenset({"A43", "A44", "JNL"}),
    Role.CHG: frozenset({"A44", "JNL"}),
    Role.CSH: frozenset({"A43", "A44", "A56", "A46-A", "A46-B", "A46-C"}),
    Role.BRD: frozenset({"A45", ANNUAL_BOOK}),
}
#: Roles that see the regulator dashboard (OPS-REG-06); the CRAJ sees it too.
DASHBOARD_ROLES = frozenset({Role.DIR, Role.SUB, Role.CDM, Role.CRAJ})
_LEDGER_KINDS = frozenset(
    {"signature", "correction", "correction.decision", "ledger.genesis"}
    | {"key.registered", "key.revoked", "key.rotated"}
)


@dataclass
class Visit:
    """An A60 ``VISIT`` as projected: its entry and the follow-ups given to its items."""

    seq: int
    by: str
    visit_date: str
    followups: dict[int, int] = field(default_factory=dict)  # item_no -> FOLLOW_UP seq
    answered: dict[int, dt.datetime] = field(default_factory=dict)  # item_no -> answered_at


@dataclass
class Request:
    """An A61 ``REQUEST`` of the DIR (or an ``INFO_REQUEST`` of an inspector)."""

    seq: int
    by: str
    type: str
    subject: str
    at: dt.datetime
    due_at: dt.datetime | None = None  # information requests only
    answers: list[int] = field(default_factory=list)  # REPLY / INFO_ANSWER seqs
    answered_at: dt.datetime | None = None


def _utc(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _date(value: dt.date | str | None, what: str) -> dt.date:
    if value is None or value == "":
        raise OpsError(Code.MISSING_FIELDS, N_("{what} is mandatory", what=what))
    if isinstance(value, dt.datetime):
        return value.astimezone(TZ).date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("{what} {value!r} is not a date", what=what, value=value)
        ) from None


def _time(value: dt.time | str | None, what: str) -> dt.time:
    if value is None or value == "":
        raise OpsError(Code.MISSING_FIELDS, N_("{what} is mandatory", what=what))
    if isinstance(value, dt.time):
        return value
    try:
        return dt.time.fromisoformat(value)
    except ValueError:
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("{what} {value!r} is not a time", what=what, value=value)
        ) from None


def _text(value: str | None, what: str) -> str:
    if value is None or not value.strip():
        raise OpsError(Code.MISSING_FIELDS, N_("{what} is mandatory", what=what))
    return value


def _second(instant: dt.datetime) -> dt.datetime:
    """Deadlines end at 23:59:59: compare to the second."""
    return instant.replace(microsecond=0)


def followup_state(due: dt.datetime, answered: dt.datetime | None, at: dt.datetime) -> str:
    """The state of an item due at ``due`` (OPS-REG-03), seen at ``at``.

    >>> due = dt.datetime(2026, 3, 10, 22, 59, 59, tzinfo=dt.UTC)
    >>> followup_state(due, None, due), followup_state(due, None, due + dt.timedelta(seconds=1))
    ('PENDING', 'OVERDUE')
    >>> followup_state(due, due, due), followup_state(due, due + dt.timedelta(days=1), due)
    ('ANSWERED_ON_TIME', 'ANSWERED_LATE')
    """
    if answered is not None:
        return ANSWERED_ON_TIME if _second(answered) <= due else ANSWERED_LATE
    return PENDING if _second(at) <= due else OVERDUE


def annual_report_due(year: int) -> dt.datetime:
    """When the annual information for ``year`` is due (31 March of year + 1, 23:59:59 local).

    >>> annual_report_due(2026).astimezone(TZ).isoformat()
    '2027-03-31T23:59:59+02:00'
    """
    month, day = ANNUAL_REPORT_DUE
    return end_of_day(dt.date(year + 1, month, day), 0)


class RegisterOps(CasinoBase):
    """A60 visits and follow-ups, A61 requests, notices and replies, the annual report,
    the regulator dashboard and logged read access."""

    def _init_state(self) -> None:
        self.visits: dict[int, Visit] = {}
        self.requests: dict[int, Request] = {}
        self.info_requests: dict[int, Request] = {}
        self.notices: dict[int, dict[str, Any]] = {}
        self.annual_reports: dict[int, int] = {}  # year -> ledger seq of its ANNUAL_REPORT

    # ------------------------------------------------------------- projectors

    @projects("A60.VISIT")
    def _on_visit(self, entry: Entry) -> None:
        data = entry.payload["data"]
        self.visits[entry.seq] = Visit(entry.seq, entry.actor.id, data["visit_date"])

    @projects("A60.FOLLOW_UP")
    def _on_follow_up(self, entry: Entry) -> None:
        data = entry.payload["data"]
        visit = self.visits[data["visit_entry"]["ledger_seq"]]
        visit.followups[data["item_no"]] = entry.seq
        visit.answered[data["item_no"]] = _utc(data["answered_at"])

    @projects("A61.REQUEST")
    def _on_request(self, entry: Entry) -> None:
        data = entry.payload["data"]
        self.requests[entry.seq] = Request(
            entry.seq, entry.actor.id, data["type"], data["subject"], _utc(data["requested_at"])
        )

    @projects("A61.REPLY")
    def _on_reply(self, entry: Entry) -> None:
        data = entry.payload["data"]
        self._answered(self.requests[data["request_entry"]["ledger_seq"]], entry, "replied_at")

    @projects("A61.INFO_REQUEST")
    def _on_info_request(self, entry: Entry) -> None:
        data = entry.payload["data"]
        self.info_requests[entry.seq] = Request(
            entry.seq,
            entry.actor.id,
            "INFORMATION_REQUEST",
            data["subject"],
            _utc(data["requested_at"]),
            due_at=_utc(data["due_at"]),
        )

    @projects("A61.INFO_ANSWER")
    def _on_info_answer(self, entry: Entry) -> None:
        data = entry.payload["data"]
        request = self.info_requests[data["request_entry"]["ledger_seq"]]
        self._answered(request, entry, "answered_at")

    @staticmethod
    def _answered(request: Request, entry: Entry, key: str) -> None:
        request.answers.append(entry.seq)
        if request.answered_at is None:
            request.answered_at = _utc(entry.payload["data"][key])

    @projects("A61.NOTICE")
    def _on_notice(self, entry: Entry) -> None:
        """Every notice, whoever records it (the DIR, or the BRD for appointments)."""
        data = entry.payload["data"]
        self.notices[entry.seq] = {
            **data,
            "seq": entry.seq,
            "by": entry.actor.id,
            "at": entry.payload.get("event_time", entry.recorded_at),
        }

    @projects("CAS.ANNUAL_REPORT", "A47.ANNUAL_REPORT")
    def _on_annual_report(self, entry: Entry) -> None:
        self.annual_reports[entry.payload["data"]["year"]] = entry.seq

    # ------------------------------------------------------- A60 observations

    def visit(
        self,
        by: str,
        *,
        visit_date: dt.date | str | None,
        arrival_time: dt.time | str | None,
        nature_of_operations: str | None,
        nature_text: str = "",
        items: Iterable[tuple[str, str]] = (),
        departure_time: dt.time | str | None = None,
        inspectors: Sequence[str] = (),
        table: str | None = None,
    ) -> Entry:
        """A CRAJ inspector enters a visit in ``A60`` (OPS-REG-01/02).

        ``items`` are ``(kind, text)`` pairs, kind ``OBSERVATION``, ``INSTRUCTION`` or
        ``ORDER``; each is numbered from 1 and gets ``followup_due_at`` = visit date +
        ``followup_days`` at 23:59:59 local. ``inspectors`` lists the other inspectors
        present, who co-sign. ``visit_date``, ``arrival_time`` and ``nature_of_operations``
        are mandatory (``MISSING_FIELDS``).
        """
        role = self.authorise(Op.VISIT_ENTRY, by)
        others = [i for i in dict.fromkeys(inspectors) if i != by]
        for other in others:
            self.authorise(Op.VISIT_ENTRY, other)
        day = _date(visit_date, "visit_date")
        arrival = _time(arrival_time, "arrival_time")
        if nature_of_operations is None or nature_of_operations == "":
            raise OpsError(Code.MISSING_FIELDS, N_("nature_of_operations is mandatory"))
        if nature_of_operations not in NATURES:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_(
                    "unknown nature {nature_of_operations!r}",
                    nature_of_operations=nature_of_operations,
                ),
            )
        if day > self.local_now().date():
            raise OpsError(Code.MALFORMED_REQUEST, N_("visit date {day} is in the future", day=day))
        departure = None if departure_time is None else _time(departure_time, "departure_time")
        if departure is not None and departure < arrival:
            raise OpsError(Code.MALFORMED_REQUEST, N_("the departure is before the arrival"))
        if table is not None:
            self.table(table)
        data = {
            "visit_date": day.isoformat(),
            "arrival_time": arrival.isoformat(timespec="minutes"),
            "departure_time": None if departure is None else departure.isoformat("minutes"),
            "inspectors": [by, *others],
            "nature_of_operations": {"kind": nature_of_operations, "text": nature_text},
            "items": self._items(day, items),
        }
        return self.record(
            "A60",
            "VISIT",
            data,
            by=by,
            role=role,
            purpose="AUTHOR",
            cosign=[(other, "AUTHOR") for other in others],
            table=table,
        )

    def _items(self, day: dt.date, items: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
        due = end_of_day(day, self.config.followup_days)
        out: list[dict[str, Any]] = []
        for number, (kind, text) in enumerate(items, start=1):
            if kind not in ITEM_KINDS:
                raise OpsError(Code.MALFORMED_REQUEST, N_("unknown item kind {kind!r}", kind=kind))
            out.append(
                {
                    "item_no": number,
                    "kind": kind,
                    "text": _text(text, f"the text of item {number}"),
                    "followup_due_at": utc_text(due),
                    "followup_due_local": due.astimezone(TZ).isoformat(),
                }
            )
        return out

    def record_order(self, by: str, table: str | None, text: str) -> int:
        """Record a CRAJ measure (Art. 59, OPS-REG-05) as a visit with one ``ORDER`` item.

        Used by the table suspension (OPS-TBL-70) and equipment withdrawal (OPS-EQ-05);
        returns the ledger seq of the ``VISIT``.
        """
        now = self.local_now()
        entry = self.visit(
            by,
            visit_date=now.date(),
            arrival_time=now.time().replace(second=0, microsecond=0),
            nature_of_operations="TABLE_CONTROL" if table is not None else "OTHER",
            nature_text=text,
            items=[("ORDER", text)],
            table=table,
        )
        return entry.seq

    def follow_up(self, visit_seq: int, item_no: int, text: str, *, by: str) -> Entry:
        """The DIR in office states the follow-up given to item ``item_no`` (OPS-REG-03).

        One follow-up per item (``FOLLOWUP_EXISTS``); a late one is accepted and shows
        as ``ANSWERED_LATE``.
        """
        self.require_director(by, Op.FOLLOW_UP)
        role = self.authorise(Op.FOLLOW_UP, by)
        visit = self._visit(visit_seq)
        if self.annulled(visit_seq):
            raise OpsError(
                Code.INVALID_STATE, N_("visit {visit_seq} was annulled", visit_seq=visit_seq)
            )
        if item_no not in {item["item_no"] for item in self._visit_items(visit_seq)}:
            raise OpsError(
                Code.ITEM_NOT_FOUND,
                N_("visit {visit_seq} has no item {item_no}", visit_seq=visit_seq, item_no=item_no),
            )
        if item_no in visit.followups:
            raise OpsError(
                Code.FOLLOWUP_EXISTS,
                N_(
                    "item {item_no} of visit {visit_seq} already has a follow-up",
                    item_no=item_no,
                    visit_seq=visit_seq,
                ),
            )
        data = {
            "visit_entry": self._reference(visit_seq),
            "item_no": item_no,
            "text": _text(text, "the follow-up text"),
            "answered_at": utc_text(self.now()),
        }
        return self.record("A60", "FOLLOW_UP", data, by=by, role=role, purpose="DIRECTOR")

    def _visit(self, seq: int) -> Visit:
        found = self.visits.get(seq)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("entry {seq} is not an A60 visit", seq=seq))
        return found

    def _visit_items(self, seq: int) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = self.effective(seq)["items"]
        return items

    def _reference(self, seq: int) -> dict[str, Any]:
        """``{volume, seq}`` of a book entry (§7.8), with its ledger seq and hash."""
        book, volume, book_seq = self.entry_book[seq]
        return {
            "book": book,
            "volume": volume,
            "seq": book_seq,
            "ledger_seq": seq,
            "hash": self.ledger.get(seq).hash,
        }

    def item_state(self, visit_seq: int, item_no: int, at: dt.datetime | None = None) -> str:
        """``PENDING``, ``ANSWERED_ON_TIME``, ``ANSWERED_LATE`` or ``OVERDUE`` at ``at``."""
        for item in self.observation_items(at, visits=[visit_seq]):
            if item["item_no"] == item_no:
                state: str = item["state"]
                return state
        raise OpsError(
            Code.ITEM_NOT_FOUND,
            N_("visit {visit_seq} has no item {item_no}", visit_seq=visit_seq, item_no=item_no),
        )

    def visit_state(self, visit_seq: int, at: dt.datetime | None = None) -> str:
        """The follow-up state of a whole visit: ``NOT_REQUIRED`` without items (OPS-REG-04),
        else the worst of its items (``OVERDUE`` > ``PENDING`` > ``ANSWERED_LATE`` >
        ``ANSWERED_ON_TIME``); ``ANNULLED`` for an annulled visit."""
        self._visit(visit_seq)
        if self.annulled(visit_seq):
            return ANNULLED
        states = {item["state"] for item in self.observation_items(at, visits=[visit_seq])}
        for state in (OVERDUE, PENDING, ANSWERED_LATE, ANSWERED_ON_TIME):
            if state in states:
                return state
        return NOT_REQUIRED

    def observation_items(
        self, at: dt.datetime | None = None, *, visits: Iterable[int] | None = None
    ) -> list[dict[str, Any]]:
        """Every item of the (non-annulled) visits with its follow-up state at ``at``
        (default now) and its ``remaining_seconds`` (negative once overdue)."""
        when = at or self.now()
        out: list[dict[str, Any]] = []
        for seq in sorted(self.visits if visits is None else visits):
            visit = self._visit(seq)
            if self.annulled(seq):
                continue
            for item in self._visit_items(seq):
                due = _utc(item["followup_due_at"])
                answered = visit.answered.get(item["item_no"])
                out.append(
                    {
                        "visit": seq,
                        "visit_date": self.effective(seq)["visit_date"],
                        "by": visit.by,
                        **item,
                        "state": followup_state(due, answered, when),
                        "answered_at": None if answered is None else utc_text(answered),
                        "follow_up": visit.followups.get(item["item_no"]),
                        "remaining_seconds": int((due - _second(when)).total_seconds()),
                    }
                )
        return out

    # ------------------------------------------------------- A61 communications

    def request(
        self,
        by: str,
        *,
        type: str,
        subject: str,
        text: str,
        attachments: Sequence[str] = (),
    ) -> Entry:
        """The DIR in office asks the CRAJ (OPS-REG-10): a ``REQUEST``, ``OPEN`` until replied."""
        self.require_director(by, Op.COMMUNICATION)
        role = self.authorise(Op.COMMUNICATION, by)
        if type not in REQUEST_TYPES:
            raise OpsError(Code.MALFORMED_REQUEST, N_("unknown request type {type!r}", type=type))
        data = {
            "type": type,
            "subject": _text(subject, "the subject"),
            "text": _text(text, "the text"),
            "attachments": list(attachments),
            "requested_at": utc_text(self.now()),
        }
        return self.record("A61", "REQUEST", data, by=by, role=role, purpose="DIRECTOR")

    def notice(
        self, by: str, *, type: str, text: str, details: Mapping[str, Any] | None = None
    ) -> Entry:
        """A ``NOTICE`` to the CRAJ (OPS-REG-12), by the DIR in office, or by the board for
        an ``APPOINTMENT_OR_CESSATION``. ``details`` are extra fields of the notice."""
        if type not in NOTICE_TYPES:
            # The permission first: whoever may write no notice is refused as such, and is
            # told nothing about the types (the board's appointments are the widest grant).
            self._notice_author(by, "APPOINTMENT_OR_CESSATION")
            raise OpsError(Code.MALFORMED_REQUEST, N_("unknown notice type {type!r}", type=type))
        role, purpose = self._notice_author(by, type)
        data = {**(details or {}), "type": type, "text": _text(text, "the text")}
        return self.record("A61", "NOTICE", data, by=by, role=role, purpose=purpose)

    def _notice_author(self, by: str, notice_type: str) -> tuple[Role, str]:
        if notice_type == "APPOINTMENT_OR_CESSATION":
            try:
                return self.authorise(Op.APPOINTMENT, by), "AUTHOR"
            except OpsError as exc:
                if exc.code != "PERMISSION_DENIED":
                    raise
        return self.require_director(by, Op.COMMUNICATION), "DIRECTOR"

    def reply(self, request_seq: int, text: str, *, by: str) -> Entry:
        """A CRAJ inspector replies to a request (OPS-REG-11); the request becomes ``ANSWERED``."""
        role = self.authorise(Op.CRAJ_REPLY, by)
        if request_seq not in self.requests:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("entry {request_seq} is not an A61 request", request_seq=request_seq),
            )
        data = {
            "request_entry": self._reference(request_seq),
            "text": _text(text, "the text"),
            "replied_at": utc_text(self.now()),
        }
        return self.record("A61", "REPLY", data, by=by, role=role, purpose="AUTHOR")

    def request_state(self, request_seq: int) -> str:
        """``OPEN`` or ``ANSWERED`` (no reply deadline, Art. 61 DEFAULT)."""
        return ANSWERED if self._request(request_seq).answered_at is not None else OPEN

    def request_age_days(self, request_seq: int, at: dt.datetime | None = None) -> int:
        """Calendar days the request has been (or was, until its reply) open."""
        found = self._request(request_seq)
        end = found.answered_at or at or self.now()
        return (end.astimezone(TZ).date() - found.at.astimezone(TZ).date()).days

    def _request(self, seq: int) -> Request:
        found = self.requests.get(seq)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("entry {seq} is not an A61 request", seq=seq))
        return found

    def communications(self, at: dt.datetime | None = None) -> list[dict[str, Any]]:
        """Every A61 request with its state, replies and age in days."""
        return [
            {
                "seq": r.seq,
                "by": r.by,
                "type": r.type,
                "subject": r.subject,
                "requested_at": utc_text(r.at),
                "state": self.request_state(r.seq),
                "replies": list(r.answers),
                "answered_at": None if r.answered_at is None else utc_text(r.answered_at),
                "age_days": self.request_age_days(r.seq, at),
            }
            for r in sorted(self.requests.values(), key=lambda r: r.seq)
        ]

    # ------------------------------------------- information requests (Art. 50)

    def information_request(self, by: str, *, subject: str, text: str, due: dt.date | str) -> Entry:
        """A CRAJ inspector asks the casino for information, due by ``due`` (23:59:59 local)
        (OPS-STF-14). It is ``OPEN``, then ``ANSWERED`` or ``OVERDUE``."""
        role = self.authorise(Op.CRAJ_REPLY, by)  # the CRAJ's write row of A61
        due_day = _date(due, "the due date")
        if due_day < self.local_now().date():
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("due date {due_day} is in the past", due_day=due_day)
            )
        due_at = end_of_day(due_day, 0)
        data = {
            "subject": _text(subject, "the subject"),
            "text": _text(text, "the text"),
            "due_date": due_day.isoformat(),
            "due_at": utc_text(due_at),
            "requested_at": utc_text(self.now()),
        }
        return self.record("A61", "INFO_REQUEST", data, by=by, role=role, purpose="AUTHOR")

    def answer_information_request(
        self, request_seq: int, text: str, *, by: str, attachments: Sequence[str] = ()
    ) -> Entry:
        """The DIR in office answers an inspector's information request."""
        self.require_director(by, Op.COMMUNICATION)
        role = self.authorise(Op.COMMUNICATION, by)
        if request_seq not in self.info_requests:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("entry {request_seq} is not an information request", request_seq=request_seq),
            )
        data = {
            "request_entry": self._reference(request_seq),
            "text": _text(text, "the text"),
            "attachments": list(attachments),
            "answered_at": utc_text(self.now()),
        }
        return self.record("A61", "INFO_ANSWER", data, by=by, role=role, purpose="DIRECTOR")

    def information_request_state(self, request_seq: int, at: dt.datetime | None = None) -> str:
        """``OPEN``, ``ANSWERED`` or ``OVERDUE`` (unanswered after the due time) at ``at``."""
        found = self.info_requests.get(request_seq)
        if found is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("entry {request_seq} is not an information request", request_seq=request_seq),
            )
        if found.answered_at is not None:
            return ANSWERED
        assert found.due_at is not None
        return OPEN if _second(at or self.now()) <= found.due_at else OVERDUE

    def information_requests(self, at: dt.datetime | None = None) -> list[dict[str, Any]]:
        """Every information request of the inspectors with its state at ``at``."""
        when = at or self.now()
        out: list[dict[str, Any]] = []
        for r in sorted(self.info_requests.values(), key=lambda r: r.seq):
            assert r.due_at is not None
            out.append(
                {
                    "seq": r.seq,
                    "by": r.by,
                    "subject": r.subject,
                    "requested_at": utc_text(r.at),
                    "due_at": utc_text(r.due_at),
                    "state": self.information_request_state(r.seq, when),
                    "answered_at": None if r.answered_at is None else utc_text(r.answered_at),
                    "answered_late": r.answered_at is not None
                    and _second(r.answered_at) > r.due_at,
                    "remaining_seconds": int((r.due_at - _second(when)).total_seconds()),
                }
            )
        return out

    # ------------------------------------------------- annual information (Art. 47)

    def annual_report_state(self, year: int, at: dt.datetime | None = None) -> str:
        """``PENDING`` before the due time, ``OVERDUE`` after it while nothing is filed;
        ``FILED_ON_TIME`` or ``FILED_LATE`` once the signed report is filed (OPS-REG-20)."""
        due = annual_report_due(year)
        seq = self.annual_reports.get(year)
        if seq is not None:
            filed = _utc(self.effective(seq)["filed_at"])
            return FILED_ON_TIME if _second(filed) <= due else FILED_LATE
        return PENDING if _second(at or self.now()) <= due else OVERDUE

    def file_annual_report(self, year: int, *, by: str) -> Entry:
        """The DIR in office files the annual information for ``year``: generated from the
        books (:meth:`annual_report_contents`) and signed (OPS-REG-20)."""
        self.require_director(by, Op.ANNUAL_INFORMATION)
        role = self.authorise(Op.ANNUAL_INFORMATION, by)
        if self.local_now().year <= year:
            raise OpsError(Code.INVALID_STATE, N_("the year {year} is not over", year=year))
        if year in self.annual_reports:
            raise OpsError(
                Code.INVALID_STATE, N_("the annual report {year} is already filed", year=year)
            )
        data = {
            "year": year,
            "filed_at": utc_text(self.now()),
            "due_at": utc_text(annual_report_due(year)),
            "contents": self.annual_report_contents(year),
        }
        return self.record(
            ANNUAL_BOOK, "ANNUAL_REPORT", data, by=by, role=role, purpose="DIRECTOR", year=year
        )

    def annual_report_contents(self, year: int) -> dict[str, Any]:
        """What the books hold for ``year`` (OPS-REG-20): monthly results per game (from
        ``monthly_results(year)`` where the casino provides it), tips per month (``A56``
        ``TIPS_DAY_TOTAL``), slot GGR per month (``A46-C``), the staff list with licence status, the ``A60`` visits and item
        statistics, the ``A61`` requests and notices, and the information requests."""
        monthly: Callable[[int], Any] | None = getattr(self, "monthly_results", None)
        in_year = self._in_year(year)
        visits = [(seq, str(self.effective(seq)["visit_date"])) for seq in sorted(self.visits)]
        items = [i for i in self.observation_items() if i["visit_date"].startswith(f"{year}-")]
        stats = {s: 0 for s in (ANSWERED_ON_TIME, ANSWERED_LATE, OVERDUE, PENDING)}
        for item in items:
            stats[item["state"]] += 1
        return {
            "year": year,
            "monthly_results": monthly(year) if callable(monthly) else {},
            "tips_per_month": self._monthly_totals("A56", "TIPS_DAY_TOTAL", year),
            "slot_ggr_per_month": self._monthly_totals("A46-C", "MONTHLY_GGR_SUMMARY", year),
            "staff": self._staff_list(year),
            "equipment": [],
            "disposals": [],
            "visits": [
                {"seq": seq, "visit_date": day, "state": self.visit_state(seq)}
                for seq, day in visits
                if day.startswith(f"{year}-")
            ],
            "observation_items": {"total": len(items), **stats},
            "requests": [c for c in self.communications() if in_year(c["requested_at"])],
            "notices": [
                {"seq": n["seq"], "type": n.get("type"), "at": n["at"]}
                for n in self.notices.values()
                if in_year(n["at"])
            ],
            "information_requests": [
                r for r in self.information_requests() if in_year(r["requested_at"])
            ],
        }

    @staticmethod
    def _in_year(year: int) -> Callable[[str], bool]:
        def test(utc: str) -> bool:
            return _utc(utc).astimezone(TZ).year == year

        return test

    def _monthly_totals(self, book: str, etype: str, year: int) -> dict[str, int]:
        """Σ ``total`` per month of the effective ``etype`` entries of ``book`` in ``year``
        (the month is the data's ``month``, else the entry's gaming day)."""
        out: dict[str, int] = {}
        for seq, (entry_book, _, _) in sorted(self.entry_book.items()):
            if entry_book != book:
                continue
            payload = self.ledger.get(seq).payload
            assert isinstance(payload, dict)
            if payload.get("type") != etype or self.annulled(seq):
                continue
            data = self.effective(seq)
            month = str(data.get("month") or payload.get("gaming_day") or "")[:7]
            total = data.get("total")
            if month.startswith(f"{year}-") and isinstance(total, int):
                out[month] = out.get(month, 0) + total
        return out

    def _staff_list(self, year: int) -> list[dict[str, Any]]:
        start = end_of_day(dt.date(year - 1, 12, 31), 0)
        end = end_of_day(dt.date(year, 12, 31), 0)
        out: list[dict[str, Any]] = []
        for person in sorted(self.staff.values(), key=lambda p: p.id):
            if person.external:
                continue
            roles = sorted(
                {
                    str(a.role)
                    for a in self.assignments
                    if a.staff == person.id
                    and a.valid_from <= end
                    and (a.valid_to is None or a.valid_to > start)
                }
            )
            licence = person.licence
            out.append(
                {
                    "id": person.id,
                    "name": f"{person.first_name} {person.surnames}",
                    "roles": roles,
                    "licence": None if licence is None else licence.number,
                    "licence_status": None if licence is None else licence.status,
                    "card": person.card,
                }
            )
        return out

    # --------------------------------------------------------------- dashboard

    def dashboard(self, by: str, *, terminal: str | None = None) -> dict[str, Any]:
        """What the management must act on (OPS-REG-06): every ``PENDING`` or ``OVERDUE``
        item with its remaining time, every ``OPEN`` communication with its age in days,
        the open or overdue information requests, and the annual-report obligation.
        For DIR, SUB, CDM (and the CRAJ); the read is logged."""
        role = self.authorise(Op.READ_ALL, by, "R")
        if role not in DASHBOARD_ROLES:
            raise OpsError(
                Code.PERMISSION_DENIED, N_("{by} may not see the regulator dashboard", by=by)
            )
        now = self.now()
        last_year = self.local_now().year - 1
        board = {
            "at": utc_text(now),
            "items": [i for i in self.observation_items(now) if i["state"] in (PENDING, OVERDUE)],
            "communications": [c for c in self.communications(now) if c["state"] == OPEN],
            "information_requests": [
                r for r in self.information_requests(now) if r["state"] != ANSWERED
            ],
            "annual_report": {
                "year": last_year,
                "due_at": utc_text(annual_report_due(last_year)),
                "state": self.annual_report_state(last_year, now),
            },
        }
        self._log_read(by, role, {"query": "dashboard"}, terminal)
        return board

    # --------------------------------------------------- corrections (OPS-INT-08)

    def is_regulator_entry(self, seq: int) -> bool:
        """Whether entry ``seq`` was written by the CRAJ (a seal, a visa, an ``A60`` visit,
        an ``A61`` reply or information request...): only CRAJ inspectors may correct it."""
        try:
            entry = self.ledger.get(seq)
        except lerr.UnknownEntry:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no entry {seq}", seq=seq)) from None
        if entry.kind in _LEDGER_KINDS or entry.kind.startswith("ACC."):
            return False
        return entry.actor.role == str(Role.CRAJ)

    def _require_inspector(self, by: str, op: Op, act: str) -> Role:
        """``by`` must be a CRAJ inspector; a casino user gets ``CORRECTION_NOT_ALLOWED``,
        anyone who may not touch corrections at all (ADM, BRD) ``PERMISSION_DENIED``."""
        if any(a.role is Role.CRAJ for a in self.valid_assignments(by)):
            role = self.authorise(op, by, act)
            if role is Role.CRAJ:
                return role
        self.authorise(Op.REQUEST_CORRECTION, by, "C")
        raise OpsError(
            Code.CORRECTION_NOT_ALLOWED,
            N_("{by} may not correct regulator text: only CRAJ inspectors may (OPS-INT-08)", by=by),
        )

    def correct_regulator_entry(
        self, seq: int, changes: Sequence[Change], reason: str, by: str
    ) -> Entry:
        """A CRAJ inspector requests a red-ink correction of a CRAJ-authored entry.

        ``changes`` name payload paths (``data.items.0.text``) with their current and new
        values. It stays ``PENDING`` until another inspector decides it.
        """
        if not self.is_regulator_entry(seq):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("entry {seq} is not a regulator entry", seq=seq)
            )
        role = self._require_inspector(by, Op.REQUEST_CORRECTION, "C")
        signer = Cosigner(by, str(role), self.keyring.key(by), "CORRECTION_REQUEST")
        try:
            entry = self.ledger.correct(
                seq, list(changes), reason, Actor(by, str(role)), cosigners=[signer],
                author_key=signer.key,
            )  # fmt: skip
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        self._catch_up()
        return entry

    def decide_regulator_correction(self, correction_seq: int, approve: bool, by: str) -> Entry:
        """Another CRAJ inspector approves or rejects, in full, a correction of regulator text
        (the requester may not: ``SAME_SIGNER``)."""
        try:
            correction = self.ledger.get(correction_seq)
        except lerr.UnknownEntry:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("no entry {correction_seq}", correction_seq=correction_seq)
            ) from None
        if correction.kind != "correction":
            raise OpsError(
                Code.INVALID_STATE,
                N_("entry {correction_seq} is not a correction", correction_seq=correction_seq),
            )
        target = correction.payload["corrects"]["seq"]
        if not self.is_regulator_entry(target):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("entry {target} is not a regulator entry", target=target)
            )
        role = self._require_inspector(by, Op.APPROVE_CORRECTION, "A")
        approver = Cosigner(by, str(role), self.keyring.key(by), "APPROVAL")
        try:
            entry = self.ledger.decide(correction_seq, approve, approver)
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        self._catch_up()
        return entry

    # ------------------------------------------------------------ read access

    def read(
        self,
        book: str,
        by: str,
        *,
        table: str | None = None,
        day: str | None = None,
        terminal: str | None = None,
    ) -> list[dict[str, Any]]:
        """The entries of ``book`` that ``by`` may read, optionally of one table and one
        gaming day, each with its effective data; the read is logged in ``ACC``.

        Rules (§4.3 row 35, OPS-SEC-03/04): the CRAJ reads every book at any time; DIR,
        SUB, CDM (and an external auditor) every book; a TC or DLR the ``A43``/``A44``/
        ``JNL`` entries of their own tables (a DLR only while the table is in a session);
        a CHG ``A44``/``JNL`` of their table; a CSH the cage and count books; the board
        ``A45`` and the annual information; ADM nothing (``PERMISSION_DENIED``).
        """
        if book not in BOOKS:
            raise OpsError(Code.MALFORMED_REQUEST, N_("unknown book {book!r}", book=book))
        role = self.authorise(Op.READ_ALL, by, "R", table)
        tables = self._readable_tables(by, role, book, table)
        seqs = self._book_seqs(book, tables, day)
        if role is Role.BRD and book == "CAS":
            seqs = [s for s in seqs if self.ledger.get(s).kind == "CAS.ANNUAL_REPORT"]
        entries = [self._entry_dict(seq) for seq in seqs]
        what = {"book": book, "table": table, "day": day, "objects": seqs}
        self._log_read(by, role, what, terminal)
        return entries

    def _readable_tables(
        self, by: str, role: Role, book: str, table: str | None
    ) -> frozenset[str] | None:
        """The tables whose entries ``by`` may read (None: all), or ``PERMISSION_DENIED``."""
        books = SCOPED_BOOKS.get(role)
        if books is not None and book not in books:
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("{by} ({role}) may not read {book}", by=by, role=role, book=book),
            )
        if role not in (Role.TC, Role.DLR, Role.CHG):
            return None if table is None else frozenset({table})
        own = {t for t in self.tables if self.on_duty(by, t)}  # the crew of its session
        for a in self.valid_assignments(by):
            if a.role is role:
                own |= set(self.tables) if a.tables is None else set(a.tables)
        if role is Role.DLR:  # "own table session": only while the table is in a session
            own = {t for t in own if t in self.tables and self.tables[t].state != TableState.CLOSED}
        wanted = own if table is None else own & {table}
        if table is not None and not wanted:
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("{by} ({role}) may not read {table} now", by=by, role=role, table=table),
            )
        return frozenset(wanted)

    def _book_seqs(self, book: str, tables: frozenset[str] | None, day: str | None) -> list[int]:
        seqs = [s for s, (b, _, _) in self.entry_book.items() if b == book]
        if tables is None and day is None:
            seals = [v.seal for (b, _), v in self.volumes.items() if b == book and v.seal]
            seqs += [s for s in seals if s is not None]
        out: list[int] = []
        for seq in sorted(seqs):
            payload = self.ledger.get(seq).payload
            assert isinstance(payload, dict)
            if tables is not None and payload.get("table") not in tables:
                continue
            if day is not None and (payload.get("gaming_day") or payload["local_time"][:10]) != day:
                continue
            out.append(seq)
        return out

    def _entry_dict(self, seq: int) -> dict[str, Any]:
        view = self.view(seq)
        entry = view.original
        payload = entry.payload
        assert isinstance(payload, dict)
        effective = view.effective_payload
        assert isinstance(effective, dict)
        return {
            "seq": seq,
            "kind": entry.kind,
            "book": payload["book"],
            "volume": payload["volume"],
            "book_seq": payload.get("book_seq"),
            "type": payload["type"],
            "recorded_at": entry.recorded_at,
            "author": {"id": entry.actor.id, "role": entry.actor.role},
            "table": payload.get("table"),
            "gaming_day": payload.get("gaming_day"),
            "payload": payload,
            "data": effective.get("data"),
            "status": self.status(seq),
            "entry_status": view.status,
            "corrections": [{"seq": c.entry.seq, "state": c.state} for c in view.corrections],
        }

    def _log_read(self, by: str, role: Role, what: Mapping[str, Any], terminal: str | None) -> None:
        """One access-log row (OPS-INT-12): who, role, what, when, terminal."""
        data = {
            "who": by,
            "role": str(role),
            "what": dict(what),
            "at": utc_text(self.now()),
            "at_local": self.local_now().isoformat(),
            "terminal": terminal or self.terminal,
        }
        self.record("ACC", "READ", data, by="system", role=Role.ADM)

    def access_log(self, who: str | None = None) -> list[dict[str, Any]]:
        """The access-log rows (``ACC.READ`` data), optionally of one reader, oldest first."""
        rows: list[dict[str, Any]] = []
        for seq, (book, _, _) in sorted(self.entry_book.items()):
            if book != "ACC":
                continue
            payload = self.ledger.get(seq).payload
            assert isinstance(payload, dict)
            data: dict[str, Any] = payload["data"]
            if who is None or data["who"] == who:
                rows.append({"seq": seq, **data})
        return rows
