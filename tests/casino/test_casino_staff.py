"""Staff, licences and management (operations spec §9.1-9.2, Arts. 49-54; AS-43…45, AS-47).

Runs on SQLite, and on PostgreSQL too when ``CRUPIER_TEST_PG_URL`` names a throwaway database.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crupier.casino import Casino, ManualClock, Op, OpsError, Role
from crupier.casino.base import Keyring
from crupier.casino.casino import open_casino
from crupier.casino.clock import TZ, parse_local
from crupier.casino.fixture import build
from crupier.casino.staff import (
    IDENTITY_DOCUMENT,
    PASSPORT_COPY,
    certificate_recent,
    check_dossier,
    months_before,
)
from crupier.ledger import SigningKey, verify
from crupier.testing import assert_ops_refused


class World:
    """CAS-T (§13.0) with what it takes to reopen it from its database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clock = ManualClock("2026-03-02 10:15")
        self.key = SigningKey.generate()
        self.keyring = Keyring()
        self.casino = build(url, clock=self.clock, casino_key=self.key, keyring=self.keyring)

    def reopen(self) -> Casino:
        """The same casino rebuilt from its ledger (replay)."""
        return open_casino(self.url, self.key, clock=self.clock, keyring=self.keyring)


@pytest.fixture
def world(cas_url: str) -> Iterator[World]:
    w = World(cas_url)
    yield w
    w.casino.ledger.close()


@pytest.fixture
def cas(world: World) -> Casino:
    return world.casino


refused = assert_ops_refused


def doc(ref: str, date: str = "2026-02-20", **extra: Any) -> dict[str, Any]:
    return {"document_ref": ref, "document_date": date, **extra}


def dossier(
    who: str = "R9",
    *,
    identity: str = PASSPORT_COPY,
    certificate: str = "2026-02-20",
    omit: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A complete Art. 49 dossier (items a-e), less the items in ``omit``."""
    items = {
        "a": doc(
            f"APP-{who}",
            "2026-03-01",
            first_name="Nil",
            surnames="Puig Soler",
            date_of_birth="1995-05-04",
            signed=True,
        ),
        "b": doc(f"PHOTO-{who}"),
        "c": doc(f"ID-{who}", type=identity),
        "d": doc(f"CR-{who}", certificate),
        "e": doc(f"COMP-{who}"),
    }
    return {k: v for k, v in items.items() if k not in omit}


def register(cas: Casino, who: str, nationality: str = "AD") -> None:
    cas.register_person(who, "Nil", "Puig Soler", f"{nationality}-{who}", nationality=nationality)


def licensed(cas: Casino, who: str, director: str = "D1") -> None:
    """``who`` registered, applied for, granted and carded: a valid licence."""
    register(cas, who)
    cas.apply_for_licence(who, dossier(who), by=director)
    cas.grant_licence(who, by="I7", notification_ref=f"CRAJ-N-{who}")
    cas.issue_card(who, by=director)


# ------------------------------------------------------------------ AS-43 … AS-47


def test_as_43_criminal_record_certificate_age(world: World) -> None:
    cas = world.casino
    world.clock.set("2026-05-04 10:00")
    register(cas, "A1")
    register(cas, "A2")
    refused(
        cas,
        "CERTIFICATE_TOO_OLD",
        cas.apply_for_licence,
        "A1",
        dossier("A1", certificate="2026-02-15"),
        by="D1",
        application_date="2026-04-15",
    )
    cas.apply_for_licence(
        "A1", dossier("A1", certificate="2026-02-16"), by="D1", application_date="2026-04-15"
    )
    assert cas.staff["A1"].licence is not None
    assert cas.staff["A1"].licence.status == "APPLIED"
    assert cas.staff["A1"].licence.application_date == "2026-04-15"
    refused(
        cas,
        "CERTIFICATE_TOO_OLD",
        cas.apply_for_licence,
        "A2",
        dossier("A2", certificate="2026-02-28"),
        by="D1",
        application_date="2026-04-30",
    )
    cas.apply_for_licence(
        "A2", dossier("A2", certificate="2026-03-01"), by="D1", application_date="2026-04-30"
    )
    assert cas.dossier("A2")["d"]["document_date"] == "2026-03-01"


def test_as_44_dossier_contents(cas: Casino) -> None:
    register(cas, "A1")
    refused(cas, "DOSSIER_INCOMPLETE", cas.apply_for_licence, "A1", dossier(omit=("e",)), by="D1")
    refused(
        cas,
        "DOCUMENT_TYPE_INVALID",
        cas.apply_for_licence,
        "A1",
        dossier(identity=IDENTITY_DOCUMENT),
        by="D1",
    )
    register(cas, "F1", nationality="FR")
    cas.apply_for_licence("F1", dossier("F1", identity=IDENTITY_DOCUMENT), by="D1")
    licence = cas.staff["F1"].licence
    assert licence is not None and licence.status == "APPLIED"
    assert cas.dossier("F1")["c"]["type"] == IDENTITY_DOCUMENT


def test_as_45_licence_needed_to_act(world: World) -> None:
    cas, clock = world.casino, world.clock
    register(cas, "R9")
    cas.apply_for_licence("R9", dossier(), by="D1")
    refused(cas, "LICENCE_INVALID", cas.assign, "R9", Role.DLR, tables=["BJ-3"])
    refused(cas, "CARD_REQUIRES_LICENCE", cas.issue_card, "R9", by="D1")

    cas.grant_licence("R9", by="I7", notification_ref="CRAJ-2026-0042", decision_date="2026-03-02")
    licence = cas.staff["R9"].licence
    assert licence is not None
    assert (licence.status, licence.decision_date, licence.notification_ref) == (
        "GRANTED",
        "2026-03-02",
        "CRAJ-2026-0042",
    )
    cas.issue_card("R9", by="D1")
    assert cas.staff["R9"].card == "ACTIVE"
    cas.assign("R9", Role.DLR, tables=["BJ-3"])
    assert cas.authorise(Op.RECORD_ROUNDS, "R9", table="BJ-3") is Role.DLR

    clock.set("2026-03-02 23:30")
    alerts = len(cas.alerts)
    cas.suspend_licence("R2", by="I7", notification_ref="CRAJ-2026-0043")
    r2 = cas.staff["R2"]
    assert r2.licence is not None and r2.licence.status == "SUSPENDED"
    assert r2.card == "WITHDRAWN"
    assert cas.valid_assignments("R2") == []
    ended = [a for a in cas.assignments if a.staff == "R2"]
    assert ended and all(a.valid_to == parse_local("2026-03-02 23:30") for a in ended)
    clock.advance(minutes=1)
    refused(cas, "LICENCE_INVALID", cas.authorise, Op.RECORD_ROUNDS, "R2", table="BJ-3")
    refused(cas, "LICENCE_INVALID", cas.assign, "R2", Role.DLR, tables=["BJ-3"])
    (alert,) = cas.alerts[alerts:]
    assert alert["about"] == "R2" and alert["to"] == ["D1", "T1"]


def test_as_47_transitional_director(world: World) -> None:
    cas, clock = world.casino, world.clock
    clock.set("2026-06-01 09:00")
    ceased = cas.cease("D1", Role.DIR, by="B1")
    assert cas.director_in_office() is None
    refused(cas, "NO_DIRECTOR_IN_OFFICE", cas.require_director, "D1")

    refused(cas, "SUBDIRECTOR_PRIORITY", cas.appoint, "C1", Role.DIR, by="B1", transitional=True)
    refused(
        cas,
        "INVALID_TRANSITIONAL_DIRECTOR",
        cas.appoint,
        "T1",
        Role.DIR,
        by="B1",
        transitional=True,
    )
    cas.appoint("S1", Role.DIR, by="B1", transitional=True)
    assert cas.director_in_office() == "S1"
    assert cas.authorise(Op.APPROVE_CORRECTION, "S1", "A") is Role.DIR
    cas.require_director("S1")  # follow-ups (rule S5)

    duty = next(o for o in cas.notice_obligations() if o.event == ceased.seq)
    assert duty.due == parse_local("2026-06-16 23:59:59")
    assert cas.notice_status(ceased.seq, parse_local("2026-06-16 23:59:59")) == "OPEN"
    clock.set("2026-06-17 00:00")
    assert cas.notice_status(ceased.seq) == "OVERDUE"
    assert ceased.seq in [o.event for o in cas.overdue_notices()]


# ------------------------------------------------------------ OPS-STF-01 … -03


@pytest.mark.parametrize("item", ["a", "b", "c", "d", "e"])
def test_ops_stf_01_every_item_a_to_e_is_required(cas: Casino, item: str) -> None:
    register(cas, "A1")
    error = refused(
        cas, "DOSSIER_INCOMPLETE", cas.apply_for_licence, "A1", dossier(omit=(item,)), by="D1"
    )
    assert f"({item})" in str(error)


@pytest.mark.parametrize("field", ["first_name", "surnames", "date_of_birth", "signed"])
def test_ops_stf_01_application_is_signed_with_name_and_birth_date(cas: Casino, field: str) -> None:
    register(cas, "A1")
    papers = dossier()
    del papers["a"][field]
    refused(cas, "DOSSIER_INCOMPLETE", cas.apply_for_licence, "A1", papers, by="D1")


def test_ops_stf_01_item_f_is_attached_later(world: World) -> None:
    cas = world.casino
    register(cas, "R9")
    cas.apply_for_licence("R9", dossier(), by="D1")
    assert cas.dossier("R9")["f"] == []
    refused(cas, "PERMISSION_DENIED", cas.attach_dossier_document, "R9", doc("X"), by="S1")
    refused(cas, "MISSING_FIELDS", cas.attach_dossier_document, "R9", {}, by="D1")
    cas.attach_dossier_document("R9", doc("MEDICAL-R9", "2026-03-01"), by="D1")
    cas.grant_licence("R9", by="I7", notification_ref="N-1")
    assert [d["document_ref"] for d in cas.dossier("R9")["f"]] == ["MEDICAL-R9"]
    again = world.reopen()
    assert again.dossier("R9") == cas.dossier("R9")


def test_ops_stf_01_malformed_applications(world: World) -> None:
    cas = world.casino
    register(cas, "A1")
    papers = dossier()
    papers["g"] = doc("X")
    refused(cas, "MALFORMED_REQUEST", cas.apply_for_licence, "A1", papers, by="D1")
    refused(
        cas,
        "MALFORMED_REQUEST",
        cas.apply_for_licence,
        "A1",
        dossier(),
        by="D1",
        application_date="2026-03-03",
    )
    refused(cas, "UNKNOWN_ENTITY", cas.apply_for_licence, "NOBODY", dossier(), by="D1")
    refused(cas, "INVALID_STATE", cas.apply_for_licence, "R1", dossier(), by="D1")
    refused(cas, "MALFORMED_REQUEST", cas.apply_for_licence, "I8", dossier(), by="D1")


@pytest.mark.parametrize(
    ("application", "certificate", "accepted"),
    [
        ("2026-04-15", "2026-02-15", False),
        ("2026-04-15", "2026-02-16", True),
        ("2026-04-30", "2026-02-28", False),
        ("2026-04-30", "2026-03-01", True),
        ("2028-04-30", "2028-02-29", False),  # leap year: 30 April - 2 months = 29 February
        ("2028-04-30", "2028-03-01", True),
        ("2026-01-31", "2025-11-30", False),
        ("2026-01-31", "2025-12-01", True),
    ],
)
def test_ops_stf_02_two_calendar_months_clamped(
    application: str, certificate: str, accepted: bool
) -> None:
    app, cert = dt.date.fromisoformat(application), dt.date.fromisoformat(certificate)
    assert certificate_recent(cert, app) is accepted


def test_ops_stf_02_months_before_clamps_to_month_end() -> None:
    assert months_before(dt.date(2026, 4, 30), 2) == dt.date(2026, 2, 28)
    assert months_before(dt.date(2024, 4, 30), 2) == dt.date(2024, 2, 29)
    assert months_before(dt.date(2026, 12, 31), 1) == dt.date(2026, 11, 30)
    assert months_before(dt.date(2026, 2, 10), 2) == dt.date(2025, 12, 10)


def test_ops_stf_02_certificate_after_application_is_malformed() -> None:
    with pytest.raises(OpsError) as info:
        check_dossier(dossier(certificate="2026-03-05"), "AD", dt.date(2026, 3, 2))
    assert info.value.code == "MALFORMED_REQUEST"


@pytest.mark.parametrize(
    ("nationality", "document", "accepted"),
    [
        ("AD", PASSPORT_COPY, True),
        ("AD", IDENTITY_DOCUMENT, False),
        ("FR", IDENTITY_DOCUMENT, True),
        ("FR", PASSPORT_COPY, True),
        ("ES", "DRIVING_LICENCE", False),
        ("ES", None, False),
    ],
)
def test_ops_stf_03_identity_document_by_nationality(
    nationality: str, document: str | None, accepted: bool
) -> None:
    papers = dossier(identity=PASSPORT_COPY)
    papers["c"]["type"] = document
    if accepted:
        assert check_dossier(papers, nationality, dt.date(2026, 3, 2))["c"]["type"] == document
    else:
        with pytest.raises(OpsError) as info:
            check_dossier(papers, nationality, dt.date(2026, 3, 2))
        assert info.value.code == "DOCUMENT_TYPE_INVALID"


# ------------------------------------------------------------ OPS-STF-04 … -06


def test_ops_stf_05_only_the_craj_decides(cas: Casino) -> None:
    register(cas, "R9")
    refused(cas, "PERMISSION_DENIED", cas.apply_for_licence, "R9", dossier(), by="S1")
    refused(cas, "PERMISSION_DENIED", cas.apply_for_licence, "R9", dossier(), by="I7")
    cas.apply_for_licence("R9", dossier(), by="D1")
    for who in ("D1", "S1", "C1", "B1", "T1"):
        refused(cas, "PERMISSION_DENIED", cas.grant_licence, "R9", by=who, notification_ref="N")
    refused(cas, "MISSING_FIELDS", cas.grant_licence, "R9", by="I7", notification_ref="")
    refused(
        cas, "MALFORMED_REQUEST", cas.decide_licence, "R9", "PARDON", by="I7", notification_ref="N"
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        cas.grant_licence,
        "R9",
        by="I7",
        notification_ref="N",
        decision_date="2026-03-03",
    )
    refused(cas, "INVALID_STATE", cas.suspend_licence, "R9", by="I7", notification_ref="N")
    refused(cas, "INVALID_STATE", cas.revoke_licence, "R9", by="I7", notification_ref="N")
    refused(cas, "UNKNOWN_ENTITY", cas.grant_licence, "K9", by="I7", notification_ref="N")
    entry = cas.grant_licence("R9", by="I7", notification_ref="CRAJ-7")
    assert entry.kind == "STF.LICENCE" and entry.actor.id == "I7" and entry.actor.role == "CRAJ"
    data = entry.payload["data"]
    assert data["status"] == "GRANTED" and data["decision"] == "GRANT"
    assert data["decision_date"] == "2026-03-02" and data["notification_ref"] == "CRAJ-7"
    refused(cas, "INVALID_STATE", cas.refuse_licence, "R9", by="I7", notification_ref="N")


def test_ops_stf_05_refused_application_and_a_new_one(cas: Casino) -> None:
    register(cas, "R9")
    cas.apply_for_licence("R9", dossier(), by="D1")
    cas.refuse_licence("R9", by="I7", notification_ref="CRAJ-8", reason="competence")
    licence = cas.staff["R9"].licence
    assert licence is not None and licence.status == "REFUSED"
    refused(cas, "CARD_REQUIRES_LICENCE", cas.issue_card, "R9", by="D1")
    refused(cas, "INVALID_STATE", cas.attach_dossier_document, "R9", doc("X"), by="D1")
    cas.apply_for_licence("R9", dossier(), by="D1")
    licence = cas.staff["R9"].licence
    assert licence is not None and licence.status == "APPLIED" and licence.number == "I-R9-2"


def test_ops_stf_05_employee_card(cas: Casino) -> None:
    register(cas, "R9")
    refused(cas, "CARD_REQUIRES_LICENCE", cas.issue_card, "R9", by="D1")
    cas.apply_for_licence("R9", dossier(), by="D1")
    cas.grant_licence("R9", by="I7", notification_ref="N-9")
    refused(cas, "PERMISSION_DENIED", cas.issue_card, "R9", by="I7")
    refused(cas, "PERMISSION_DENIED", cas.issue_card, "R9", by="T1")
    card = cas.issue_card("R9", by="D1")
    data = card.payload["data"]
    assert (data["first_name"], data["surnames"], data["photo_ref"], data["number"]) == (
        "Nil",
        "Puig Soler",
        "PHOTO-R9",
        "EC-I-R9-1",
    )
    assert cas.staff["R9"].card_number == "EC-I-R9-1"
    refused(cas, "INVALID_STATE", cas.issue_card, "R9", by="D1")


def test_ops_stf_06_revocation_withdraws_card_and_ends_assignments(world: World) -> None:
    cas, clock = world.casino, world.clock
    clock.set("2026-03-02 20:00")
    cas.revoke_licence("T1", by="I8", notification_ref="CRAJ-9")
    t1 = cas.staff["T1"]
    assert t1.licence is not None and t1.licence.status == "REVOKED" and t1.card == "WITHDRAWN"
    assert cas.valid_assignments("T1") == []
    assert cas.alerts[-1]["about"] == "T1" and cas.alerts[-1]["to"] == ["D1"]
    refused(cas, "LICENCE_INVALID", cas.authorise, Op.FILL_OR_CREDIT, "T1", table="BJ-3")
    refused(cas, "SIGNER_NOT_AUTHORISED", cas.signing_role, "T1", "TABLE_CHIEF", "BJ-3")
    refused(cas, "INVALID_STATE", cas.grant_licence, "T1", by="I7", notification_ref="N")


def test_ops_stf_06_suspension_lifted_needs_a_new_card(world: World) -> None:
    cas, clock = world.casino, world.clock
    cas.suspend_licence("R2", by="I7", notification_ref="S-1")
    clock.advance(minutes=5)
    cas.grant_licence("R2", by="I7", notification_ref="S-2")
    refused(cas, "LICENCE_INVALID", cas.assign, "R2", Role.DLR, tables=["BJ-3"])
    cas.issue_card("R2", by="D1", photo_ref="PHOTO-R2")  # no dossier: licensed before crupier
    cas.assign("R2", Role.DLR, tables=["BJ-3"])
    assert cas.authorise(Op.RECORD_ROUNDS, "R2", table="BJ-3") is Role.DLR


def test_ops_stf_04_withdrawn_card_stops_acting(cas: Casino) -> None:
    refused(cas, "PERMISSION_DENIED", cas.withdraw_card, "R2", by="T1", reason="lost")
    refused(cas, "MISSING_FIELDS", cas.withdraw_card, "R2", by="D1", reason="")
    cas.withdraw_card("R2", by="D1", reason="lost")
    assert cas.staff["R2"].card == "WITHDRAWN"
    refused(cas, "LICENCE_INVALID", cas.authorise, Op.RECORD_ROUNDS, "R2", table="BJ-3")
    refused(cas, "INVALID_STATE", cas.withdraw_card, "R2", by="D1", reason="lost")
    refused(cas, "MISSING_FIELDS", cas.issue_card, "R2", by="D1")  # no photograph on file
    cas.issue_card("R2", by="D1", photo_ref="PHOTO-R2", number="EC-R2-B")
    assert cas.authorise(Op.RECORD_ROUNDS, "R2", table="BJ-3") is Role.DLR


# ------------------------------------------------------------ OPS-STF-10 … -13


def test_ops_stf_10_the_board_appoints_and_removes(world: World) -> None:
    cas = world.casino
    licensed(cas, "M1")
    for who in ("D1", "T1", "I7"):
        refused(cas, "PERMISSION_DENIED", cas.appoint, "M1", Role.SUB, by=who)
    refused(cas, "MALFORMED_REQUEST", cas.appoint, "M1", Role.TC, by="B1")
    refused(cas, "MALFORMED_REQUEST", cas.appoint, "M1", Role.SUB, by="B1", substitute_for="TC")
    refused(cas, "MALFORMED_REQUEST", cas.appoint, "M1", Role.SUB, by="B1", transitional=True)
    refused(cas, "INVALID_STATE", cas.appoint, "S1", Role.SUB, by="B1")
    register(cas, "M2")
    refused(cas, "LICENCE_INVALID", cas.appoint, "M2", Role.CDM, by="B1")

    entry = cas.appoint("M1", Role.CDM, by="B1", substitute_for="DIR")
    assert entry.kind == "STF.APPOINTMENT" and entry.actor.role == "BRD"
    assert cas.managers()[Role.CDM] == ["C1", "C2", "M1"]
    assert cas.authorise(Op.APPROVE_CORRECTION, "M1", "A") is Role.CDM  # rule S3
    refused(cas, "INVALID_STATE", cas.cease, "M1", Role.SUB, by="B1")
    refused(cas, "PERMISSION_DENIED", cas.cease, "M1", Role.CDM, by="D1")
    cas.cease("M1", Role.CDM, by="B1")
    assert "M1" not in cas.managers()[Role.CDM]
    refused(cas, "PERMISSION_DENIED", cas.authorise, Op.APPROVE_CORRECTION, "M1", "A")


def test_ops_stf_11_exactly_one_director_in_office(world: World) -> None:
    cas, clock = world.casino, world.clock
    refused(cas, "INVALID_STATE", cas.appoint, "S1", Role.DIR, by="B1")
    refused(cas, "INVALID_STATE", cas.appoint, "S1", Role.DIR, by="B1", transitional=True)
    cas.cease("D1", Role.DIR, by="B1")
    refused(cas, "NO_DIRECTOR_IN_OFFICE", cas.require_director, "S1")
    cas.appoint("S1", Role.DIR, by="B1", transitional=True)
    clock.advance(days=3)
    licensed(cas, "N1", director="S1")  # the transitional director files the dossier
    cas.appoint("N1", Role.DIR, by="B1")  # the new director replaces the transitional one
    assert cas.managers()[Role.DIR] == ["N1"]
    assert cas.director_in_office() == "N1"
    assert cas.managers()[Role.SUB] == ["S1"]  # S1 is a deputy director again
    refused(cas, "PERMISSION_DENIED", cas.require_director, "S1")
    refused(cas, "INVALID_STATE", cas.appoint, "D1", Role.DIR, by="B1")


def test_ops_stf_12_committee_member_when_no_deputy(world: World) -> None:
    cas = world.casino
    cas.cease("S1", Role.SUB, by="B1")
    cas.cease("D1", Role.DIR, by="B1")
    refused(
        cas,
        "INVALID_TRANSITIONAL_DIRECTOR",
        cas.appoint,
        "K1",
        Role.DIR,
        by="B1",
        transitional=True,
    )
    cas.appoint("C2", Role.DIR, by="B1", transitional=True)
    assert cas.director_in_office() == "C2"
    assert cas.authorise(Op.OPEN_DAY_OR_SESSION, "C2") is Role.DIR
    assert cas.authorise(Op.APPROVE_CORRECTION, "C2", "A") is Role.DIR
    assert cas.valid_assignments("C2")[-1].transitional


def test_ops_stf_12_notice_obligation_and_the_a61_notice(world: World) -> None:
    cas, clock = world.casino, world.clock
    clock.set("2026-06-01 09:00")
    ceased = cas.cease("D1", Role.DIR, by="B1")
    appointed = cas.appoint("S1", Role.DIR, by="B1", transitional=True)
    assert [o.event for o in cas.notice_obligations(unfulfilled=True)] == [
        ceased.seq,
        appointed.seq,
    ]
    refused(cas, "PERMISSION_DENIED", cas.notify_management_change, ceased.seq, by="T1")
    refused(cas, "UNKNOWN_ENTITY", cas.notify_management_change, 1, by="B1")
    clock.set("2026-06-10 12:00")
    notice = cas.notify_management_change(ceased.seq, by="B1")
    assert notice.kind == "A61.NOTICE" and notice.actor.role == "BRD"
    data = notice.payload["data"]
    assert data["type"] == "APPOINTMENT_OR_CESSATION"
    assert (data["staff"], data["event"]) == ("D1", ceased.seq)
    assert data["text"] == "D1 ceased as DIR on 2026-06-01 09:00"
    assert notice.payload["book"] == "A61" and notice.payload["volume"] == 2026
    refused(cas, "INVALID_STATE", cas.notify_management_change, ceased.seq, by="B1")
    clock.set("2026-06-20 10:00")
    assert cas.notice_status(ceased.seq) == "NOTIFIED"
    assert cas.notice_status(appointed.seq) == "OVERDUE"
    late = cas.notify_management_change(appointed.seq, by="S1", text="S1 is transitional DIR")
    assert late.actor.role == "DIR"
    duty = cas.notice_obligations()[-1]
    assert duty.status(cas.now()) == "NOTIFIED" and duty.late


def test_ops_stf_13_every_management_change_is_notified(world: World) -> None:
    cas, clock = world.casino, world.clock
    licensed(cas, "M1")
    clock.set("2026-03-20 16:00")
    appointed = cas.appoint("M1", Role.SUB, by="B1")
    duty = cas.notice_obligations()[-1]
    assert (duty.event, duty.change, duty.staff, duty.role) == (
        appointed.seq,
        "APPOINTMENT",
        "M1",
        Role.SUB,
    )
    assert duty.due.astimezone(TZ).isoformat() == "2026-04-04T23:59:59+02:00"
    # A notice written through the generic A61 route, naming only the person, also counts.
    cas.record(
        "A61",
        "NOTICE",
        {"type": "APPOINTMENT_OR_CESSATION", "text": "M1 appointed SUB", "staff": "M1"},
        by="D1",
        role=Role.DIR,
    )
    assert cas.notice_status(appointed.seq) == "NOTIFIED"
    assert cas.overdue_notices(parse_local("2026-12-31 00:00")) == []


def test_notice_needs_a_sealed_a61(tmp_path: Path) -> None:
    clock = ManualClock("2026-03-02 10:15")
    cas = build(f"sqlite:///{tmp_path / 'unsealed.db'}", clock=clock, seal=False)
    ceased = cas.cease("S1", Role.SUB, by="B1")
    refused(cas, "BOOK_NOT_SEALED", cas.notify_management_change, ceased.seq, by="B1")
    cas.ledger.close()


# ------------------------------------------------------------ replay and integrity


def test_state_is_rebuilt_from_the_books(world: World) -> None:
    cas, clock = world.casino, world.clock
    register(cas, "R9")
    cas.apply_for_licence("R9", dossier(), by="D1")
    cas.grant_licence("R9", by="I7", notification_ref="N-1")
    cas.issue_card("R9", by="D1")
    clock.set("2026-06-01 09:00")
    ceased = cas.cease("D1", Role.DIR, by="B1")
    cas.appoint("S1", Role.DIR, by="B1", transitional=True)
    cas.notify_management_change(ceased.seq, by="B1")
    cas.suspend_licence("R2", by="I7", notification_ref="N-2")

    again = world.reopen()
    for who in ("R9", "R2", "D1", "S1"):
        assert again.staff[who] == cas.staff[who]
        assert again.dossier(who) == cas.dossier(who)
    assert again.licence_history == cas.licence_history
    assert again.notice_obligations() == cas.notice_obligations()
    assert again.director_in_office() == "S1"
    assert again.managers() == cas.managers()
    assert again.alerts == cas.alerts
    again.ledger.close()
    report = verify(world.url, [world.key.public_key])
    assert report.ok, report
