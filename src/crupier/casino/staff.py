"""Class I licences, employee cards, management appointments (operations spec §9.1-9.2).

A class I licence starts as an application the game director submits with the
Art. 49 dossier; only the CRAJ decides on it; an employee card is issued only for a
granted licence; suspending or revoking the licence withdraws the card and ends the
person's open assignments (OPS-STF-01…06). The board appoints and removes the game
director, the deputy directors and the committee members; when the director ceases,
the board appoints a transitional director (a deputy director first), and every
appointment or cessation must be notified to the CRAJ in time (OPS-STF-10…13).

>>> import tempfile, pathlib
>>> from crupier.casino.clock import ManualClock
>>> from crupier.casino.fixture import build
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "cas-t.db")
>>> casino = build(url, clock=ManualClock("2026-06-01 09:00"))
>>> ceased = casino.cease("D1", Role.DIR, by="B1")
>>> print(casino.director_in_office())
None
>>> try:
...     casino.appoint("C1", Role.DIR, by="B1", transitional=True)
... except OpsError as err:
...     print(err.code)
SUBDIRECTOR_PRIORITY
>>> _ = casino.appoint("S1", Role.DIR, by="B1", transitional=True)
>>> casino.director_in_office()
'S1'
>>> casino.notice_obligations()[0].due.astimezone(TZ).isoformat()
'2026-06-16T23:59:59+02:00'
"""

from __future__ import annotations

import calendar
import copy
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from crupier.casino.base import CasinoBase, parse_utc, projects
from crupier.casino.clock import TZ, end_of_day, utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.model import Licence, Staff
from crupier.casino.roles import Op, Role
from crupier.i18n import N_
from crupier.ledger import Entry

#: Art. 49 items every application must contain; (f) is attached later (OPS-STF-01).
REQUIRED_ITEMS = ("a", "b", "c", "d", "e")
ITEMS = (*REQUIRED_ITEMS, "f")
ITEM_NAMES = {
    "a": "the signed application (first name, surnames, date of birth)",
    "b": "a recent passport-size photograph",
    "c": "the identity document",
    "d": "the criminal-record certificate",
    "e": "the accreditation of professional competence",
    "f": "other information required by the CRAJ",
}
#: Criminal-record certificates must be strictly younger than this (§12.1).
CRIMINAL_RECORD_MAX_AGE_MONTHS = 2
PASSPORT_COPY = "LEGALISED_PASSPORT_COPY"
IDENTITY_DOCUMENT = "LEGALISED_IDENTITY_DOCUMENT"
ANDORRAN = frozenset({"AD", "AND"})

#: CRAJ decision -> (the licence statuses it applies to, the status it gives).
DECISIONS: dict[str, tuple[frozenset[str], str]] = {
    "GRANT": (frozenset({"APPLIED", "SUSPENDED"}), "GRANTED"),
    "REFUSE": (frozenset({"APPLIED"}), "REFUSED"),
    "SUSPEND": (frozenset({"GRANTED"}), "SUSPENDED"),
    "REVOKE": (frozenset({"GRANTED", "SUSPENDED"}), "REVOKED"),
}
#: Licence statuses that end the file: a new application may follow.
FINAL = frozenset({"REFUSED", "REVOKED"})
MANAGEMENT = (Role.DIR, Role.SUB, Role.CDM)
NOTICE_TYPE = "APPOINTMENT_OR_CESSATION"


# --------------------------------------------------------------- pure rules


def months_before(day: dt.date, months: int) -> dt.date:
    """``day`` minus ``months`` calendar months, clamped to the end of the month.

    >>> months_before(dt.date(2026, 4, 30), 2), months_before(dt.date(2028, 4, 30), 2)
    (datetime.date(2026, 2, 28), datetime.date(2028, 2, 29))
    >>> months_before(dt.date(2026, 1, 15), 2)
    datetime.date(2025, 11, 15)
    """
    year, month0 = divmod(day.year * 12 + day.month - 1 - months, 12)
    last = calendar.monthrange(year, month0 + 1)[1]
    return dt.date(year, month0 + 1, min(day.day, last))


def certificate_recent(certificate: dt.date, application: dt.date) -> bool:
    """Whether a criminal-record certificate is less than two months old (OPS-STF-02).

    Accepted iff ``certificate > application - 2 calendar months``.

    >>> certificate_recent(dt.date(2026, 2, 15), dt.date(2026, 4, 15))
    False
    >>> certificate_recent(dt.date(2026, 2, 16), dt.date(2026, 4, 15))
    True
    """
    return certificate > months_before(application, CRIMINAL_RECORD_MAX_AGE_MONTHS)


def identity_document_accepted(nationality: str, document_type: str | None) -> bool:
    """Art. 49 (c): Andorrans need a legalised passport copy; others a legalised identity
    document or a legalised passport copy (OPS-STF-03).

    >>> identity_document_accepted("AD", IDENTITY_DOCUMENT)
    False
    >>> identity_document_accepted("FR", IDENTITY_DOCUMENT), identity_document_accepted("AD", PASSPORT_COPY)
    (True, True)
    """
    if nationality.upper() in ANDORRAN:
        return document_type == PASSPORT_COPY
    return document_type in (PASSPORT_COPY, IDENTITY_DOCUMENT)


def _date(value: object, what: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.astimezone(TZ).date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise OpsError(
        Code.MALFORMED_REQUEST, N_("{what} is not a date: {value!r}", what=what, value=value)
    )


def _document(item: str, doc: object) -> dict[str, Any]:
    """One dossier document ``{document_ref, document_date, ...}``, checked and normalised."""
    if not isinstance(doc, Mapping) or not doc.get("document_ref"):
        raise OpsError(
            Code.DOSSIER_INCOMPLETE,
            N_("item ({item}) is missing: {item_names}", item=item, item_names=ITEM_NAMES[item]),
        )
    out = dict(doc)
    out["document_date"] = _date(doc.get("document_date"), f"the date of item ({item})").isoformat()
    return out


def check_dossier(
    dossier: Mapping[str, Any], nationality: str, application_date: dt.date
) -> dict[str, Any]:
    """The Art. 49 dossier of an application, checked (OPS-STF-01…03) and normalised.

    Items ``a``-``e`` are documents ``{"document_ref", "document_date", ...}``; (a) also
    carries ``first_name``, ``surnames``, ``date_of_birth`` and ``signed: true``, (c) its
    ``type``. Item ``f`` (optional here) is a list of documents. Raises
    ``DOSSIER_INCOMPLETE``, ``DOCUMENT_TYPE_INVALID`` or ``CERTIFICATE_TOO_OLD``.

    >>> doc = {"document_ref": "X", "document_date": "2026-03-01"}
    >>> try:
    ...     check_dossier({"a": doc, "b": doc, "c": doc, "d": doc}, "FR", dt.date(2026, 3, 2))
    ... except OpsError as err:
    ...     print(err.code, err)
    DOSSIER_INCOMPLETE item (e) is missing: the accreditation of professional competence
    """
    unknown = sorted(set(dossier) - set(ITEMS))
    if unknown:
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("not an Art. 49 item: {unknown}", unknown=", ".join(unknown))
        )
    out: dict[str, Any] = {item: _document(item, dossier.get(item)) for item in REQUIRED_ITEMS}
    application = out["a"]
    lacking = [k for k in ("first_name", "surnames", "date_of_birth") if not application.get(k)]
    if application.get("signed") is not True:
        lacking.append("signed")
    if lacking:
        raise OpsError(
            Code.DOSSIER_INCOMPLETE,
            N_("item (a) of the dossier lacks {lacking}", lacking=", ".join(lacking)),
        )
    if not identity_document_accepted(nationality, out["c"].get("type")):
        wanted = PASSPORT_COPY if nationality.upper() in ANDORRAN else IDENTITY_DOCUMENT
        raise OpsError(
            Code.DOCUMENT_TYPE_INVALID,
            N_(
                "a {nationality} applicant needs a {wanted}, not {get!r}",
                nationality=nationality,
                wanted=wanted,
                get=out["c"].get("type"),
            ),
        )
    certificate = dt.date.fromisoformat(out["d"]["document_date"])
    if certificate > application_date:
        raise OpsError(Code.MALFORMED_REQUEST, N_("the certificate is dated after the application"))
    if not certificate_recent(certificate, application_date):
        raise OpsError(
            Code.CERTIFICATE_TOO_OLD,
            N_(
                "the criminal-record certificate of {certificate} is not less than "
                "{criminal_record_max_age_months} months old on {application_date}",
                certificate=certificate,
                criminal_record_max_age_months=CRIMINAL_RECORD_MAX_AGE_MONTHS,
                application_date=application_date,
            ),
        )
    extra = dossier.get("f", [])
    if not isinstance(extra, list):
        raise OpsError(Code.MALFORMED_REQUEST, N_("item (f) is a list of documents"))
    out["f"] = [_document("f", doc) for doc in extra]
    return out


# ------------------------------------------------------------ notice duties


@dataclass(frozen=True)
class NoticeObligation:
    """The duty to notify the CRAJ of an appointment or cessation (OPS-STF-12, -13).

    ``event`` is the ledger seq of the appointment or cessation; ``notice`` the seq of
    the ``A61`` ``NOTICE`` that fulfilled it (None while none was entered).
    """

    event: int
    change: str  # APPOINTMENT or CESSATION
    staff: str
    role: Role
    at: dt.datetime
    due: dt.datetime
    transitional: bool = False
    notice: int | None = None
    notified_at: dt.datetime | None = None

    def status(self, at: dt.datetime) -> str:
        """``NOTIFIED``, ``OPEN``, or ``OVERDUE`` once ``at`` is past the deadline."""
        if self.notice is not None:
            return "NOTIFIED"
        return "OVERDUE" if at > self.due else "OPEN"

    @property
    def late(self) -> bool:
        """Whether the notice was entered after the deadline."""
        return self.notified_at is not None and self.notified_at > self.due


# ----------------------------------------------------------------- the mixin


class StaffOps(CasinoBase):
    """Licence dossiers and decisions, employee cards, appointments and the transitional director.

    Licence entries are ``STF.LICENCE`` ``{staff, number, status, application_date,
    decision_date, notification_ref, dossier, ...}`` (projected by the base), cards
    ``STF.CARD`` ``{staff, number, status, ...}``, a later Art. 49 (f) document
    ``STF.DOSSIER_ITEM``, management changes ``STF.APPOINTMENT`` / ``STF.CESSATION``,
    and their CRAJ notices ``A61`` ``NOTICE`` of type ``APPOINTMENT_OR_CESSATION``.
    """

    licence_dossiers: dict[str, dict[str, Any]]
    licence_history: dict[str, list[dict[str, Any]]]
    notices_due: dict[int, NoticeObligation]

    def _init_state(self) -> None:
        self.licence_dossiers = {}  # staff -> the current Art. 49 dossier
        self.licence_history = {}  # staff -> the data of each STF.LICENCE entry
        self.notices_due = {}  # appointment/cessation seq -> its CRAJ notice duty

    # ------------------------------------------------------------ projection

    def _project(self, entry: Entry) -> None:
        """Also watch licence entries and CRAJ notices, whose projectors live elsewhere."""
        super()._project(entry)
        if entry.kind == "STF.LICENCE":
            self._watch_licence(entry)
        elif entry.kind == "A61.NOTICE":
            self._watch_notice(entry)

    def _watch_licence(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.licence_history.setdefault(d["staff"], []).append(dict(d))
        if "dossier" in d:
            self.licence_dossiers[d["staff"]] = copy.deepcopy(d["dossier"])

    def _watch_notice(self, entry: Entry) -> None:
        d = entry.payload["data"]
        if d.get("type") != NOTICE_TYPE:
            return
        duty = self.notices_due.get(d["event"]) if isinstance(d.get("event"), int) else None
        if duty is None or duty.notice is not None:
            pending = [
                o
                for o in self.notices_due.values()
                if o.notice is None and o.staff == d.get("staff")
            ]
            duty = min(pending, key=lambda o: o.event, default=None)
        if duty is not None and duty.notice is None:
            at = parse_utc(entry.payload["event_time"])
            self.notices_due[duty.event] = replace(duty, notice=entry.seq, notified_at=at)

    @projects("STF.DOSSIER_ITEM")
    def _on_dossier_item(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.licence_dossiers.setdefault(d["staff"], {}).setdefault("f", []).append(d["document"])

    @projects("STF.APPOINTMENT")
    def _on_appointment(self, entry: Entry) -> None:
        d = entry.payload["data"]
        at = parse_utc(d["valid_from"])
        for a in self.assignments:
            if a.id in d.get("ends", ()):
                a.valid_to = at
        self._on_assignment(entry)
        self._owe_notice(entry, "APPOINTMENT", at)

    @projects("STF.CESSATION")
    def _on_cessation(self, entry: Entry) -> None:
        d = entry.payload["data"]
        at = parse_utc(d["valid_to"])
        for a in self.assignments:
            if a.id in d["assignments"]:
                a.valid_to = at
        self._owe_notice(entry, "CESSATION", at)

    def _owe_notice(self, entry: Entry, change: str, at: dt.datetime) -> None:
        d = entry.payload["data"]
        due = end_of_day(at.astimezone(TZ).date(), self.config.director_notice_days)
        self.notices_due[entry.seq] = NoticeObligation(
            entry.seq, change, d["staff"], Role(d["role"]), at, due, d.get("transitional", False)
        )

    # ------------------------------------------------------- who may act

    def _person(self, staff_id: str) -> Staff:
        person = self.staff.get(staff_id)
        if person is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("{staff_id!r} is not registered", staff_id=staff_id)
            )
        return person

    def _licence(self, staff_id: str) -> Licence:
        licence = self._person(staff_id).licence
        if licence is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("{staff_id} has no class I licence file", staff_id=staff_id)
            )
        return licence

    def _today(self) -> dt.date:
        return self.local_now().date()

    # ------------------------------------------------------------ licences

    def apply_for_licence(
        self,
        staff_id: str,
        dossier: Mapping[str, Any],
        *,
        by: str,
        application_date: dt.date | str | None = None,
        number: str | None = None,
    ) -> Entry:
        """The DIR submits a class I application with its Art. 49 dossier (OPS-STF-01…03).

        ``dossier`` maps items ``a``-``e`` (and optionally ``f``) to documents, as
        :func:`check_dossier` describes. The licence is recorded ``APPLIED``.
        """
        role = self.authorise(Op.LICENCE_DOSSIER, by)
        person = self._person(staff_id)
        if person.external:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{staff_id} needs no class I licence", staff_id=staff_id)
            )
        if person.licence is not None and person.licence.status not in FINAL:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "{staff_id} already has a licence {status}",
                    staff_id=staff_id,
                    status=person.licence.status,
                ),
            )
        applied = _date(application_date or self._today(), "the application date")
        if applied > self._today():
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("the application date {applied} is in the future", applied=applied),
            )
        checked = check_dossier(dossier, person.nationality, applied)
        number = number or f"I-{staff_id}-{len(self._applications(staff_id)) + 1}"
        if any(p.licence and p.licence.number == number for p in self.staff.values()):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("licence number {number} is already used", number=number)
            )
        data = {
            "staff": staff_id,
            "number": number,
            "status": "APPLIED",
            "application_date": applied.isoformat(),
            "decision_date": None,
            "notification_ref": None,
            "dossier": checked,
        }
        return self.record("STF", "LICENCE", data, by=by, role=role, purpose="AUTHOR")

    def _applications(self, staff_id: str) -> list[dict[str, Any]]:
        return [d for d in self.licence_history.get(staff_id, []) if d["status"] == "APPLIED"]

    def attach_dossier_document(
        self, staff_id: str, document: Mapping[str, Any], *, by: str
    ) -> Entry:
        """The DIR attaches a document the CRAJ asked for: Art. 49 item (f)."""
        role = self.authorise(Op.LICENCE_DOSSIER, by)
        licence = self._licence(staff_id)
        if licence.status in FINAL:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "the licence of {staff_id} is {status}",
                    staff_id=staff_id,
                    status=licence.status,
                ),
            )
        try:
            doc = _document("f", document)
        except OpsError as err:
            raise OpsError(Code.MISSING_FIELDS, str(err)) from None
        data = {"staff": staff_id, "number": licence.number, "item": "f", "document": doc}
        return self.record("STF", "DOSSIER_ITEM", data, by=by, role=role, purpose="AUTHOR")

    def decide_licence(
        self,
        staff_id: str,
        decision: str,
        *,
        by: str,
        notification_ref: str,
        decision_date: dt.date | str | None = None,
        reason: str | None = None,
    ) -> Entry:
        """A CRAJ inspector grants, refuses, suspends or revokes a class I licence (OPS-STF-05).

        ``decision`` is ``GRANT``, ``REFUSE``, ``SUSPEND`` or ``REVOKE``; the decision date
        (default today) and the reference of the verifiable notification are recorded.
        Suspension and revocation withdraw the card and end the open assignments (OPS-STF-06).
        """
        role = self.authorise(Op.LICENCE_DECISION, by)
        if decision not in DECISIONS:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("unknown licence decision {decision!r}", decision=decision),
            )
        if not notification_ref:
            raise OpsError(Code.MISSING_FIELDS, N_("a decision needs its notification reference"))
        licence = self._licence(staff_id)
        allowed, status = DECISIONS[decision]
        if licence.status not in allowed:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "cannot {decision} a {status} licence", decision=decision, status=licence.status
                ),
            )
        decided = _date(decision_date or self._today(), "the decision date")
        if not dt.date.fromisoformat(licence.application_date) <= decided <= self._today():
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("the decision date {decided} is out of range", decided=decided),
            )
        data = {
            "staff": staff_id,
            "number": licence.number,
            "status": status,
            "decision": decision,
            "application_date": licence.application_date,
            "decision_date": decided.isoformat(),
            "notification_ref": notification_ref,
            "reason": reason,
            "dossier": copy.deepcopy(self.licence_dossiers.get(staff_id, {})),
        }
        return self.record("STF", "LICENCE", data, by=by, role=role, purpose="AUTHOR")

    def grant_licence(
        self,
        staff_id: str,
        *,
        by: str,
        notification_ref: str,
        decision_date: dt.date | str | None = None,
    ) -> Entry:
        """The CRAJ grants the licence (or lifts its suspension): :meth:`decide_licence`."""
        return self.decide_licence(
            staff_id, "GRANT", by=by, notification_ref=notification_ref, decision_date=decision_date
        )

    def refuse_licence(
        self, staff_id: str, *, by: str, notification_ref: str, reason: str | None = None
    ) -> Entry:
        """The CRAJ refuses an application: :meth:`decide_licence`."""
        return self.decide_licence(
            staff_id, "REFUSE", by=by, notification_ref=notification_ref, reason=reason
        )

    def suspend_licence(
        self, staff_id: str, *, by: str, notification_ref: str, reason: str | None = None
    ) -> Entry:
        """The CRAJ suspends a granted licence (card withdrawn, assignments end)."""
        return self.decide_licence(
            staff_id, "SUSPEND", by=by, notification_ref=notification_ref, reason=reason
        )

    def revoke_licence(
        self, staff_id: str, *, by: str, notification_ref: str, reason: str | None = None
    ) -> Entry:
        """The CRAJ revokes a licence (card withdrawn, assignments end)."""
        return self.decide_licence(
            staff_id, "REVOKE", by=by, notification_ref=notification_ref, reason=reason
        )

    def dossier(self, staff_id: str) -> dict[str, Any]:
        """The current Art. 49 dossier of ``staff_id`` (a copy; ``{}`` if none was filed)."""
        self._person(staff_id)
        return copy.deepcopy(self.licence_dossiers.get(staff_id, {}))

    # --------------------------------------------------------------- cards

    def issue_card(
        self,
        staff_id: str,
        *,
        by: str,
        number: str | None = None,
        photo_ref: str | None = None,
    ) -> Entry:
        """The DIR issues the employee card of a ``GRANTED`` licence (OPS-STF-05, Art. 54).

        The card shows first name, surnames, passport photograph (item (b) of the
        dossier unless ``photo_ref`` is given) and card number.
        """
        role = self.authorise(Op.LICENCE_DOSSIER, by)
        person = self._person(staff_id)
        licence = person.licence
        if licence is None or licence.status != "GRANTED":
            status = "no licence" if licence is None else f"a {licence.status} licence"
            raise OpsError(
                Code.CARD_REQUIRES_LICENCE,
                N_("{staff_id} has {status}", staff_id=staff_id, status=status),
            )
        if person.card == "ACTIVE":
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "{staff_id} already holds card {card_number}",
                    staff_id=staff_id,
                    card_number=person.card_number,
                ),
            )
        photo = photo_ref or self.licence_dossiers.get(staff_id, {}).get("b", {}).get(
            "document_ref"
        )
        if not photo:
            raise OpsError(Code.MISSING_FIELDS, N_("the card needs a passport photograph"))
        number = number or f"EC-{licence.number}"
        if any(p.card_number == number and p.id != staff_id for p in self.staff.values()):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("card number {number} is already used", number=number)
            )
        data = {
            "staff": staff_id,
            "number": number,
            "status": "ACTIVE",
            "licence": licence.number,
            "first_name": person.first_name,
            "surnames": person.surnames,
            "photo_ref": photo,
            "issued_on": self._today().isoformat(),
        }
        return self.record("STF", "CARD", data, by=by, role=role, purpose="AUTHOR")

    def withdraw_card(self, staff_id: str, *, by: str, reason: str) -> Entry:
        """The DIR withdraws an active employee card (the holder may no longer act)."""
        role = self.authorise(Op.LICENCE_DOSSIER, by)
        person = self._person(staff_id)
        if person.card != "ACTIVE":
            raise OpsError(
                Code.INVALID_STATE, N_("{staff_id} holds no active card", staff_id=staff_id)
            )
        if not reason:
            raise OpsError(Code.MISSING_FIELDS, N_("a card withdrawal needs a reason"))
        data = {
            "staff": staff_id,
            "number": person.card_number,
            "status": "WITHDRAWN",
            "reason": reason,
        }
        return self.record("STF", "CARD", data, by=by, role=role, purpose="AUTHOR")

    # ------------------------------------------------------- management

    def managers(self, at: dt.datetime | None = None) -> dict[Role, list[str]]:
        """Who holds DIR, SUB and CDM at ``at`` (default now)."""
        when = at or self.now()
        return {
            role: sorted({a.staff for a in self.assignments if a.role is role and a.valid_at(when)})
            for role in MANAGEMENT
        }

    def appoint(
        self,
        staff_id: str,
        role: Role,
        *,
        by: str,
        transitional: bool = False,
        substitute_for: str | None = None,
    ) -> Entry:
        """The board appoints a DIR, SUB or CDM (OPS-STF-10…12).

        There is one DIR in office: a DIR is appointed only when none is, or to replace a
        transitional DIR. A ``transitional`` DIR (Art. 51) must be a SUB when any SUB is
        in office (``SUBDIRECTOR_PRIORITY``), otherwise a CDM
        (``INVALID_TRANSITIONAL_DIRECTOR``). ``substitute_for="DIR"`` designates a SUB or
        CDM to stand in for the director (rules S3, S4). A CRAJ notice becomes due.
        """
        actor = self.authorise(Op.APPOINTMENT, by)
        if role not in MANAGEMENT:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("the board appoints DIR, SUB or CDM, not {role}", role=role),
            )
        person = self._person(staff_id)
        if not self.licence_valid(person):
            raise OpsError(
                Code.LICENCE_INVALID,
                N_("{staff_id} has no granted licence and active card", staff_id=staff_id),
            )
        ends = self._check_appointment(staff_id, role, transitional, substitute_for)
        data = {
            "staff": staff_id,
            "role": str(role),
            "tables": None,
            "valid_from": utc_text(self.now()),
            "valid_to": None,
            "substitute_for": substitute_for,
            "transitional": transitional,
            "dealer_function": None,
            "appointed_by": by,
            "ends": ends,
        }
        return self.record("STF", "APPOINTMENT", data, by=by, role=actor, purpose="AUTHOR")

    def _check_appointment(
        self, staff_id: str, role: Role, transitional: bool, substitute_for: str | None
    ) -> list[int]:
        """Refuse an appointment the rules forbid; the assignments it ends (a transitional DIR)."""
        if substitute_for not in (None, "DIR") or (substitute_for and role is Role.DIR):
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_(
                    "a {role} cannot substitute for {substitute_for}",
                    role=role,
                    substitute_for=substitute_for,
                ),
            )
        if transitional and role is not Role.DIR:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("only a director is appointed transitionally")
            )
        now = self.now()
        if role is not Role.DIR:
            if any(a.role is role for a in self.valid_assignments(staff_id)):
                raise OpsError(
                    Code.INVALID_STATE,
                    N_("{staff_id} is already {role}", staff_id=staff_id, role=role),
                )
            return []
        directors = [a for a in self.assignments if a.role is Role.DIR and a.valid_at(now)]
        if transitional and directors:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{staff} is the director in office", staff=directors[0].staff),
            )
        if any(not a.transitional for a in directors):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{staff} is the director in office: cessation first", staff=directors[0].staff),
            )
        if transitional:
            self._check_transitional(staff_id)
        return [a.id for a in directors]

    def _check_transitional(self, staff_id: str) -> None:
        """Art. 51: a deputy director if there is any, otherwise a committee member."""
        held = {a.role for a in self.valid_assignments(staff_id)}
        if Role.SUB in held:
            return
        if Role.CDM not in held:
            raise OpsError(
                Code.INVALID_TRANSITIONAL_DIRECTOR,
                N_(
                    "{staff_id} is neither a deputy director nor a committee member",
                    staff_id=staff_id,
                ),
            )
        subs = [s for s in self.managers()[Role.SUB] if self.licence_valid(self.staff[s])]
        if subs:
            raise OpsError(
                Code.SUBDIRECTOR_PRIORITY,
                N_(
                    "a deputy director ({subs}) must be the transitional director",
                    subs=", ".join(subs),
                ),
            )

    def cease(self, staff_id: str, role: Role, *, by: str, reason: str | None = None) -> Entry:
        """The board records that ``staff_id`` ceases as DIR, SUB or CDM now (OPS-STF-10, -13).

        A CRAJ notice becomes due; a DIR's cessation leaves nobody in office until the
        board appoints a (transitional) director.
        """
        actor = self.authorise(Op.APPOINTMENT, by)
        if role not in MANAGEMENT:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("the board removes DIR, SUB or CDM, not {role}", role=role),
            )
        self._person(staff_id)
        held = [a for a in self.valid_assignments(staff_id) if a.role is role]
        if not held:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{staff_id} does not hold {role}", staff_id=staff_id, role=role),
            )
        data = {
            "staff": staff_id,
            "role": str(role),
            "assignments": [a.id for a in held],
            "valid_to": utc_text(self.now()),
            "transitional": any(a.transitional for a in held),
            "ceased_by": by,
            "reason": reason,
        }
        return self.record("STF", "CESSATION", data, by=by, role=actor, purpose="AUTHOR")

    # ---------------------------------------------------- CRAJ notices

    def notice_obligations(self, *, unfulfilled: bool = False) -> list[NoticeObligation]:
        """The CRAJ notice duties of appointments and cessations, oldest first."""
        found = sorted(self.notices_due.values(), key=lambda o: o.event)
        return [o for o in found if o.notice is None] if unfulfilled else found

    def notice_status(self, event: int, at: dt.datetime | None = None) -> str:
        """``OPEN``, ``OVERDUE`` (computed at ``at``, default now) or ``NOTIFIED``."""
        duty = self.notices_due.get(event)
        if duty is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("entry {event} is no appointment or cessation", event=event)
            )
        return duty.status(at or self.now())

    def overdue_notices(self, at: dt.datetime | None = None) -> list[NoticeObligation]:
        """The duties whose deadline passed with no notice entered."""
        when = at or self.now()
        return [o for o in self.notice_obligations() if o.status(when) == "OVERDUE"]

    def notify_management_change(self, event: int, *, by: str, text: str | None = None) -> Entry:
        """Enter the ``A61`` ``NOTICE`` (``APPOINTMENT_OR_CESSATION``) for one appointment or
        cessation (OPS-STF-12, -13): by the board, or the DIR in office."""
        role, purpose = self._notifier(by)
        duty = self.notices_due.get(event)
        if duty is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("entry {event} is no appointment or cessation", event=event)
            )
        if duty.notice is not None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("entry {event} was notified by entry {notice}", event=event, notice=duty.notice),
            )
        when = duty.at.astimezone(TZ).strftime("%Y-%m-%d %H:%M")
        kind = "transitional " if duty.transitional else ""
        verb = "appointed" if duty.change == "APPOINTMENT" else "ceased as"
        data = {
            "type": NOTICE_TYPE,
            "text": text or f"{duty.staff} {verb} {kind}{duty.role} on {when}",
            "staff": duty.staff,
            "event": event,
            "change": duty.change,
            "role": str(duty.role),
        }
        return self.record("A61", "NOTICE", data, by=by, role=role, purpose=purpose)

    def _notifier(self, by: str) -> tuple[Role, str]:
        """The board (row 27 of §4.3), or else the DIR in office (row 23): role and purpose."""
        try:
            return self.authorise(Op.APPOINTMENT, by), "AUTHOR"
        except OpsError as err:
            if err.code != "PERMISSION_DENIED":
                raise
        role = self.authorise(Op.COMMUNICATION, by)
        self.require_director(by)
        return role, "DIRECTOR"
