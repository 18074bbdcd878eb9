"""The regulator's registers and read access: A60, A61, information requests, the annual
information, corrections of regulator text and the access log (operations spec §10.1-10.3,
§7.8, §7.9, OPS-SEC-03/04, OPS-INT-08, OPS-INT-12, OPS-STF-14; AS-48 to AS-54).

Runs on SQLite, and on PostgreSQL too when ``CRUPIER_TEST_PG_URL`` names a throwaway database.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

from crupier.casino import Casino, ManualClock, OpsError, Role, TableState, parse_local
from crupier.casino.casino import open_casino
from crupier.casino.fixture import build, open_day, open_table
from crupier.casino.registers import ANNUAL_BOOK
from crupier.ledger import Change, SigningKey
from crupier.testing import assert_ops_refused


@pytest.fixture
def reg_clock() -> ManualClock:
    return ManualClock("2026-03-01 12:00")


@pytest.fixture
def key() -> SigningKey:
    return SigningKey.generate()


@pytest.fixture
def casino(cas_url: str, reg_clock: ManualClock, key: SigningKey) -> Iterator[Casino]:
    """CAS-T of §13.0, every 2026 volume sealed by I7."""
    built = build(cas_url, clock=reg_clock, casino_key=key)
    yield built
    built.ledger.close()


refused = assert_ops_refused


def local(instant: str) -> dt.datetime:
    return parse_local(instant)


def as48_visit(casino: Casino, clock: ManualClock) -> int:
    """The visit of AS-48: I7 on 2026-03-02 at 10:15, AUDIT, two items."""
    clock.set("2026-03-02 10:15")
    entry = casino.visit(
        "I7",
        visit_date="2026-03-02",
        arrival_time="10:15",
        nature_of_operations="AUDIT",
        nature_text="A43 review",
        items=[
            ("OBSERVATION", "fill slip 57 lacks cashier signature"),
            ("INSTRUCTION", "keep the seal numbers of the drop boxes"),
        ],
    )
    return entry.seq


# ---------------------------------------------------------------- acceptance


def test_as_48_observation_followup_within_eight_days(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    items = casino.observation_items()
    assert [(i["item_no"], i["kind"]) for i in items] == [(1, "OBSERVATION"), (2, "INSTRUCTION")]
    for item in items:
        assert item["followup_due_local"] == "2026-03-10T23:59:59+01:00"
        assert item["state"] == "PENDING"
    data = casino.effective(visit)
    assert data["visit_date"] == "2026-03-02" and data["arrival_time"] == "10:15"
    assert data["nature_of_operations"] == {"kind": "AUDIT", "text": "A43 review"}

    reg_clock.set("2026-03-10 18:00")
    casino.follow_up(visit, 1, "slip 57 countersigned by K1", by="D1")
    assert casino.item_state(visit, 1) == "ANSWERED_ON_TIME"
    assert casino.item_state(visit, 2) == "PENDING"

    reg_clock.set("2026-03-11 00:00")
    assert casino.item_state(visit, 2) == "OVERDUE"
    assert casino.visit_state(visit) == "OVERDUE"

    reg_clock.set("2026-03-12 09:00")
    casino.follow_up(visit, 2, "seal numbers now kept in the count room log", by="D1")
    assert casino.item_state(visit, 2) == "ANSWERED_LATE"
    assert casino.item_state(visit, 1) == "ANSWERED_ON_TIME"
    assert casino.visit_state(visit) == "ANSWERED_LATE"

    refused(casino, "FOLLOWUP_EXISTS", lambda: casino.follow_up(visit, 1, "again", by="D1"))


def test_as_49_visit_field_rules_and_followup_authority(
    casino: Casino, reg_clock: ManualClock
) -> None:
    reg_clock.set("2026-03-02 11:00")
    refused(
        casino,
        "MISSING_FIELDS",
        lambda: casino.visit(
            "I7", visit_date="2026-03-02", arrival_time="10:50", nature_of_operations=None
        ),
    )
    empty = casino.visit(
        "I7", visit_date="2026-03-02", arrival_time="10:50", nature_of_operations="VERIFICATION"
    ).seq
    assert casino.visit_state(empty) == "NOT_REQUIRED"

    visit = casino.visit(
        "I7",
        visit_date="2026-03-02",
        arrival_time="10:55",
        nature_of_operations="TABLE_CONTROL",
        items=[("OBSERVATION", "one"), ("INSTRUCTION", "two")],
    ).seq
    refused(casino, "PERMISSION_DENIED", lambda: casino.follow_up(visit, 1, "x", by="T1"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.follow_up(visit, 1, "x", by="S1"))
    refused(casino, "ITEM_NOT_FOUND", lambda: casino.follow_up(visit, 9, "x", by="D1"))


def test_as_50_casino_cannot_correct_regulator_text(casino: Casino, reg_clock: ManualClock) -> None:
    visit = as48_visit(casino, reg_clock)
    old = "fill slip 57 lacks cashier signature"
    new = "fill slip 57 lacks the cashier's signature (K1 on duty)"
    change = [Change("data.items.0.text", old, new)]
    refused(
        casino,
        "CORRECTION_NOT_ALLOWED",
        lambda: casino.correct_regulator_entry(visit, change, "wording", by="D1"),
    )
    correction = casino.correct_regulator_entry(visit, change, "wording", by="I7")
    assert casino.view(visit).pending
    assert casino.effective(visit)["items"][0]["text"] == old
    casino.decide_regulator_correction(correction.seq, True, by="I8")
    assert casino.effective(visit)["items"][0]["text"] == new
    assert casino.ledger.get(visit).payload["data"]["items"][0]["text"] == old  # unchanged
    assert casino.view(visit).corrections[0].state == "APPROVED"


def test_as_51_communications_register(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-04-01 09:30")
    request = casino.request(
        "D1",
        type="CLARIFICATION_ON_RULES",
        subject="boule layouts",
        text="May layout B open at twice the minimum during the night session?",
    ).seq
    assert casino.request_state(request) == "OPEN"
    refused(
        casino,
        "PERMISSION_DENIED",
        lambda: casino.request("R1", type="COMMENT_OR_QUESTION", subject="s", text="t"),
    )
    seen = casino.read("A61", "I8")
    assert request in [e["seq"] for e in seen]
    assert casino.access_log("I8")[-1]["what"]["objects"] == [e["seq"] for e in seen]

    reg_clock.set("2026-04-09 12:00")
    assert casino.request_age_days(request) == 8
    casino.reply(request, "Yes, as 004 §04 V allows.", by="I8")
    assert casino.request_state(request) == "ANSWERED"
    refused(casino, "PERMISSION_DENIED", lambda: casino.reply(request, "me too", by="D1"))
    reg_clock.set("2026-04-20 12:00")
    assert casino.request_age_days(request) == 8  # it stopped ageing at the reply


def _live_tables(casino: Casino, clock: ManualClock) -> tuple[int, int, int]:
    """Gaming day 2026-03-02 open, BJ-3 and RF-1 open, a round played at BJ-3.

    Returns the ledger seqs of BJ-3's opening (A43), RF-1's opening (A43) and the round (JNL).
    """
    open_day(casino, clock)
    open_table(casino, "BJ-3")
    open_table(casino, "RF-1")
    clock.set("2026-03-02 16:00")
    round_ = casino.record_round("BJ-3", by="R2", result={"house_net": 500})
    bj3, rf1 = (casino.tables[t].session for t in ("BJ-3", "RF-1"))
    openings = {
        e.payload["data"]["table_session"]: e.seq
        for e in (casino.ledger.get(s) for s, (b, _, _) in casino.entry_book.items() if b == "A43")
    }
    assert bj3 is not None and rf1 is not None
    return openings[bj3], openings[rf1], round_.seq


def test_as_52_craj_reads_everything_at_any_time_and_reads_are_logged(
    casino: Casino, reg_clock: ManualClock
) -> None:
    opening, _, round_ = _live_tables(casino, reg_clock)
    assert casino.tables["BJ-3"].state is TableState.OPEN  # live play, books not closed

    a43 = casino.read("A43", "I8", table="BJ-3")
    jnl = casino.read("JNL", "I8", table="BJ-3", day="2026-03-02")
    assert [e["seq"] for e in a43] == [opening]
    assert round_ in [e["seq"] for e in jnl] and {e["table"] for e in jnl} == {"BJ-3"}
    assert a43[0]["type"] == "TABLE_OPENING" and a43[0]["data"]["float"]["total"] == 2_000_000
    log = casino.access_log("I8")
    assert [row["what"]["objects"] for row in log] == [[opening], [e["seq"] for e in jnl]]
    assert log[0]["role"] == "CRAJ" and log[0]["what"]["book"] == "A43"
    assert log[0]["at"] == "2026-03-02T15:00:00.000000Z"
    assert log[0]["terminal"] == casino.terminal

    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A60", "R1"))
    casino.register_person("ADM1", "System", "Admin", "AD-ADM1")
    casino.grant_licence_directly("ADM1", "I-ADM1", "2025-12-01")
    casino.assign("ADM1", Role.ADM)
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "ADM1"))


def test_as_53_information_request_from_an_inspector(
    casino: Casino, reg_clock: ManualClock
) -> None:
    reg_clock.set("2026-03-03 10:00")
    asked = casino.information_request(
        "I7", subject="fill slips", text="the fill slips of 2026-03-02", due="2026-03-05"
    ).seq
    assert casino.information_request_state(asked) == "OPEN"
    assert casino.information_request_state(asked, local("2026-03-05 23:59:59")) == "OPEN"
    assert casino.information_request_state(asked, local("2026-03-06 00:00")) == "OVERDUE"

    reg_clock.set("2026-03-04 17:00")
    casino.answer_information_request(asked, "slips 51-63 attached", by="D1")
    assert casino.information_request_state(asked) == "ANSWERED"
    assert casino.information_request_state(asked, local("2026-03-06 00:00")) == "ANSWERED"
    assert casino.ledger.get(asked).kind == "A61.INFO_REQUEST"  # kept in A61


def test_as_54_annual_information(casino: Casino, reg_clock: ManualClock) -> None:
    assert casino.annual_report_state(2026, local("2027-03-31 23:59:59")) == "PENDING"
    assert casino.annual_report_state(2026, local("2027-04-01 00:00")) == "OVERDUE"

    reg_clock.set("2027-03-30 11:00")
    report = casino.file_annual_report(2026, by="D1")
    assert casino.annual_report_state(2026) == "FILED_ON_TIME"
    assert casino.annual_report_state(2026, local("2027-05-01 00:00")) == "FILED_ON_TIME"
    signers = [
        (s.payload["signer"]["id"], s.payload["purpose"])
        for s in casino.view(report.seq).signatures
    ]
    assert signers == [("D1", "DIRECTOR")]


# ------------------------------------------------------------- A60 (OPS-REG)


def test_visit_mandatory_fields_and_values(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-03-02 11:00")

    def visit(**kw: Any) -> Callable[[], Any]:
        args: dict[str, Any] = {
            "visit_date": "2026-03-02",
            "arrival_time": "10:00",
            "nature_of_operations": "AUDIT",
        }
        args.update(kw)
        return lambda: casino.visit("I7", **args)

    refused(casino, "MISSING_FIELDS", visit(visit_date=None))
    refused(casino, "MISSING_FIELDS", visit(arrival_time=""))
    refused(casino, "MALFORMED_REQUEST", visit(nature_of_operations="PICNIC"))
    refused(casino, "MALFORMED_REQUEST", visit(items=[("REMARK", "x")]))
    refused(casino, "MISSING_FIELDS", visit(items=[("ORDER", " ")]))
    refused(casino, "MALFORMED_REQUEST", visit(visit_date="2026-03-03"))
    refused(casino, "MALFORMED_REQUEST", visit(arrival_time="25:00"))
    refused(casino, "MALFORMED_REQUEST", visit(departure_time="09:00"))


def test_only_craj_inspectors_enter_visits(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-03-02 11:00")
    for who in ("D1", "T1", "B1"):
        refused(
            casino,
            "PERMISSION_DENIED",
            partial(
                casino.visit,
                who,
                visit_date="2026-03-02",
                arrival_time="10:00",
                nature_of_operations="AUDIT",
            ),
        )
    refused(
        casino,
        "PERMISSION_DENIED",
        lambda: casino.visit(
            "I7",
            visit_date="2026-03-02",
            arrival_time="10:00",
            nature_of_operations="AUDIT",
            inspectors=["D1"],
        ),
    )


def test_joint_visit_is_signed_by_every_inspector(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-03-02 11:00")
    entry = casino.visit(
        "I7",
        visit_date="2026-03-02",
        arrival_time="10:00",
        departure_time="10:58",
        nature_of_operations="COUNT_ATTENDANCE",
        inspectors=["I7", "I8"],
    )
    data = casino.effective(entry.seq)
    assert data["inspectors"] == ["I7", "I8"] and data["departure_time"] == "10:58"
    signers = {s.payload["signer"]["id"] for s in casino.ledger.signatures(entry.seq)}
    assert signers == {"I7", "I8"}
    assert entry.payload["book"] == "A60" and entry.actor.role == "CRAJ"


def test_followup_deadline_uses_calendar_days_and_the_configured_period(
    casino: Casino, reg_clock: ManualClock
) -> None:
    reg_clock.set("2026-03-25 10:00")  # the deadline crosses the change to summer time
    visit = casino.visit(
        "I8",
        visit_date="2026-03-25",
        arrival_time="09:00",
        nature_of_operations="VERIFICATION",
        items=[("ORDER", "withdraw die D-14")],
    ).seq
    item = casino.observation_items(visits=[visit])[0]
    assert item["followup_due_local"] == "2026-04-02T23:59:59+02:00"
    assert casino.item_state(visit, 1, local("2026-04-02 23:59:59")) == "PENDING"
    assert casino.item_state(visit, 1, local("2026-04-03 00:00")) == "OVERDUE"


def test_only_the_director_in_office_follows_up(casino: Casino, reg_clock: ManualClock) -> None:
    visit = as48_visit(casino, reg_clock)
    for who in ("C1", "C2", "I7", "B1", "K1"):
        refused(casino, "PERMISSION_DENIED", partial(casino.follow_up, visit, 1, "x", by=who))
    refused(casino, "MISSING_FIELDS", lambda: casino.follow_up(visit, 1, " ", by="D1"))
    refused(casino, "UNKNOWN_ENTITY", lambda: casino.follow_up(9999, 1, "x", by="D1"))

    # D1 ceases; with nobody in office the follow-up cannot be written; then S1 is appointed
    # transitional director (Art. 51) and may write it.
    reg_clock.set("2026-03-03 09:00")
    d1 = next(a for a in casino.assignments if a.staff == "D1" and a.role is Role.DIR)
    casino.end_assignment(d1.id, by="B1")
    refused(casino, "NO_DIRECTOR_IN_OFFICE", lambda: casino.follow_up(visit, 1, "x", by="D1"))
    reg_clock.set("2026-03-03 09:05")
    casino.assign("S1", Role.DIR, by="B1", transitional=True)
    casino.follow_up(visit, 1, "answered by the transitional director", by="S1")
    assert casino.item_state(visit, 1) == "ANSWERED_ON_TIME"
    refused(casino, "PERMISSION_DENIED", lambda: casino.follow_up(visit, 2, "x", by="D1"))


def test_record_order_for_the_table_suspension(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-03-02 22:10")
    seq = casino.record_order("I8", "RF-2", "suspend RF-2: wheel tilt suspected")
    entry = casino.ledger.get(seq)
    assert entry.kind == "A60.VISIT" and entry.payload["table"] == "RF-2"
    data = casino.effective(seq)
    assert data["visit_date"] == "2026-03-02" and data["arrival_time"] == "22:10"
    assert [(i["item_no"], i["kind"], i["text"]) for i in data["items"]] == [
        (1, "ORDER", "suspend RF-2: wheel tilt suspected")
    ]
    assert casino.item_state(seq, 1) == "PENDING"
    refused(casino, "PERMISSION_DENIED", lambda: casino.record_order("D1", "RF-2", "x"))
    refused(casino, "UNKNOWN_ENTITY", lambda: casino.record_order("I8", "XX-9", "x"))
    equipment = casino.record_order("I8", None, "withdraw shoe 4")
    assert casino.effective(equipment)["nature_of_operations"]["kind"] == "OTHER"


# ------------------------------------------------------------- A61 (OPS-REG)


def test_notices_by_the_director_and_the_board(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-03-02 12:00")
    poker = casino.notice("D1", type="POKER_ROOM_INTERNAL_REGULATION", text="rules v2").seq
    board = casino.notice(
        "B1", type="APPOINTMENT_OR_CESSATION", text="C3 appointed", details={"staff": "C3"}
    ).seq
    assert casino.notices[poker]["type"] == "POKER_ROOM_INTERNAL_REGULATION"
    assert casino.notices[board]["staff"] == "C3" and casino.notices[board]["by"] == "B1"
    refused(casino, "PERMISSION_DENIED", lambda: casino.notice("S1", type="OTHER", text="x"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.notice("B1", type="OTHER", text="x"))
    refused(casino, "MALFORMED_REQUEST", lambda: casino.notice("D1", type="GOSSIP", text="x"))
    # the permission before the type: who may write no notice is told nothing of the types
    refused(casino, "PERMISSION_DENIED", lambda: casino.notice("S1", type="GOSSIP", text="x"))
    refused(casino, "MALFORMED_REQUEST", lambda: casino.notice("B1", type="GOSSIP", text="x"))

    # The staff module records its appointment notices directly, in the same shape.
    raw = casino.record(
        "A61",
        "NOTICE",
        {"type": "APPOINTMENT_OR_CESSATION", "text": "D1 ceased", "due_at": None},
        by="B1",
        role=Role.BRD,
    ).seq
    assert casino.notices[raw]["text"] == "D1 ceased"


def test_requests_need_a_valid_type_and_text(casino: Casino, reg_clock: ManualClock) -> None:
    reg_clock.set("2026-04-01 09:00")
    refused(
        casino,
        "MALFORMED_REQUEST",
        lambda: casino.request("D1", type="COMPLAINT", subject="s", text="t"),
    )
    refused(
        casino,
        "MISSING_FIELDS",
        lambda: casino.request("D1", type="COMMENT_OR_QUESTION", subject="s", text=""),
    )
    refused(
        casino,
        "PERMISSION_DENIED",
        lambda: casino.request("S1", type="COMMENT_OR_QUESTION", subject="s", text="t"),
    )
    refused(casino, "UNKNOWN_ENTITY", lambda: casino.reply(1, "x", by="I7"))


def test_information_requests_only_by_inspectors_answered_by_the_director(
    casino: Casino, reg_clock: ManualClock
) -> None:
    reg_clock.set("2026-03-03 10:00")
    refused(
        casino,
        "PERMISSION_DENIED",
        lambda: casino.information_request("D1", subject="s", text="t", due="2026-03-05"),
    )
    refused(
        casino,
        "MALFORMED_REQUEST",
        lambda: casino.information_request("I7", subject="s", text="t", due="2026-03-02"),
    )
    asked = casino.information_request("I7", subject="s", text="t", due="2026-03-05").seq
    refused(
        casino, "PERMISSION_DENIED", lambda: casino.answer_information_request(asked, "x", by="S1")
    )
    reg_clock.set("2026-03-07 10:00")
    casino.answer_information_request(asked, "late but complete", by="D1")
    (row,) = casino.information_requests()
    assert row["state"] == "ANSWERED" and row["answered_late"] is True


# --------------------------------------------------------- dashboard (OPS-REG-06)


def test_dashboard_lists_what_is_pending_overdue_and_open(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    reg_clock.set("2026-03-04 09:00")
    request = casino.request("D1", type="COMMENT_OR_QUESTION", subject="s", text="t").seq
    reg_clock.set("2026-03-10 18:00")
    casino.follow_up(visit, 1, "done", by="D1")
    reg_clock.set("2026-03-11 12:00")

    board = casino.dashboard("S1")
    assert [(i["visit"], i["item_no"], i["state"]) for i in board["items"]] == [
        (visit, 2, "OVERDUE")
    ]
    assert board["items"][0]["remaining_seconds"] == -(12 * 3600 + 1)
    assert [(c["seq"], c["age_days"]) for c in board["communications"]] == [(request, 7)]
    assert board["annual_report"] == {
        "year": 2025,
        "due_at": "2026-03-31T21:59:59.000000Z",
        "state": "PENDING",
    }
    assert casino.access_log("S1")[-1]["what"] == {"query": "dashboard"}
    for who in ("T1", "K1", "B1"):
        refused(casino, "PERMISSION_DENIED", partial(casino.dashboard, who))


def test_dashboard_shows_remaining_time_before_the_deadline(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    reg_clock.set("2026-03-10 23:00")
    items = casino.dashboard("D1")["items"]
    assert [(i["visit"], i["state"], i["remaining_seconds"]) for i in items] == [
        (visit, "PENDING", 3599),
        (visit, "PENDING", 3599),
    ]


# ------------------------------------------------- annual information (OPS-REG-20)


def test_annual_report_contents_and_rules(casino: Casino, reg_clock: ManualClock) -> None:
    visit = as48_visit(casino, reg_clock)
    reg_clock.set("2026-03-05 10:00")
    casino.follow_up(visit, 1, "done", by="D1")
    reg_clock.set("2026-04-01 09:00")
    casino.request("D1", type="COMMENT_OR_QUESTION", subject="hours", text="t")
    refused(casino, "INVALID_STATE", lambda: casino.file_annual_report(2026, by="D1"))

    reg_clock.set("2027-02-01 10:00")
    refused(casino, "PERMISSION_DENIED", lambda: casino.file_annual_report(2026, by="S1"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.file_annual_report(2026, by="B1"))
    report = casino.file_annual_report(2026, by="D1")
    assert report.kind == f"{ANNUAL_BOOK}.ANNUAL_REPORT"
    contents = casino.effective(report.seq)["contents"]
    assert contents["year"] == 2026
    staff = {s["id"]: s for s in contents["staff"]}
    assert set(staff) >= {"D1", "S1", "T1", "K1", "R1", "V1"} and "I7" not in staff
    assert staff["T1"]["licence_status"] == "GRANTED" and staff["T1"]["roles"] == ["TC"]
    assert staff["T1"]["card"] == "ACTIVE"
    assert contents["observation_items"] == {
        "total": 2,
        "ANSWERED_ON_TIME": 1,
        "ANSWERED_LATE": 0,
        "OVERDUE": 1,
        "PENDING": 0,
    }
    assert [(v["seq"], v["state"]) for v in contents["visits"]] == [(visit, "OVERDUE")]
    assert [(r["subject"], r["state"]) for r in contents["requests"]] == [("hours", "OPEN")]
    if not hasattr(Casino, "monthly_results"):
        assert contents["monthly_results"] == {}
    refused(casino, "INVALID_STATE", lambda: casino.file_annual_report(2026, by="D1"))


def test_annual_report_uses_monthly_results_when_the_casino_has_them(
    casino: Casino, reg_clock: ManualClock
) -> None:
    reg_clock.set("2027-04-02 10:00")
    monthly = {"2026-03": {"blackjack": 1_250_000, "tips": 155_000}}
    casino.monthly_results = lambda year: monthly if year == 2026 else {}  # type: ignore[method-assign]
    report = casino.file_annual_report(2026, by="D1")
    assert casino.effective(report.seq)["contents"]["monthly_results"] == monthly
    assert casino.annual_report_state(2026) == "FILED_LATE"


# ----------------------------------------- corrections of regulator text (OPS-INT-08)


def test_which_entries_are_regulator_entries(casino: Casino, reg_clock: ManualClock) -> None:
    visit = as48_visit(casino, reg_clock)
    follow = casino.follow_up(visit, 1, "done", by="D1").seq
    request = casino.request("D1", type="COMMENT_OR_QUESTION", subject="s", text="t").seq
    reply = casino.reply(request, "ok", by="I8").seq
    info = casino.information_request("I7", subject="s", text="t", due="2026-03-09").seq
    seal = casino.volumes[("A43", 2026)].seal
    assert seal is not None
    read = casino.access_log()  # nothing read yet
    assert read == []
    casino.read("A60", "I7")
    log = casino.access_log()[0]["seq"]
    assert [casino.is_regulator_entry(s) for s in (visit, reply, info, seal)] == [True] * 4
    assert [casino.is_regulator_entry(s) for s in (follow, request, log)] == [False] * 3
    signature = casino.ledger.signatures(visit)[0].seq
    assert casino.is_regulator_entry(signature) is False
    with pytest.raises(OpsError) as info_err:
        casino.is_regulator_entry(10**6)
    assert info_err.value.code == "UNKNOWN_ENTITY"


def test_regulator_corrections_four_eyes_and_refusals(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    item = casino.effective(visit)["items"][1]
    due = item["followup_due_at"]
    later = "2026-03-17T22:59:59.000000Z"
    change = [Change("data.items.1.followup_due_at", due, later)]
    for who in ("T1", "R2", "K1", "C1"):
        refused(
            casino,
            "CORRECTION_NOT_ALLOWED",
            partial(casino.correct_regulator_entry, visit, change, "r", by=who),
        )
    refused(
        casino,
        "PERMISSION_DENIED",
        lambda: casino.correct_regulator_entry(visit, change, "r", by="B1"),
    )
    refused(
        casino,
        "MISSING_FIELDS",
        lambda: casino.correct_regulator_entry(visit, change, " ", by="I7"),
    )
    follow = casino.follow_up(visit, 1, "done", by="D1").seq
    refused(
        casino,
        "MALFORMED_REQUEST",
        lambda: casino.correct_regulator_entry(
            follow, [Change("data.text", "done", "x")], "r", by="I7"
        ),
    )
    correction = casino.correct_regulator_entry(visit, change, "deadline extended", by="I7").seq
    refused(
        casino,
        "CORRECTION_PENDING",
        lambda: casino.correct_regulator_entry(visit, change, "again", by="I8"),
    )
    refused(
        casino, "SAME_SIGNER", lambda: casino.decide_regulator_correction(correction, True, by="I7")
    )
    refused(
        casino,
        "CORRECTION_NOT_ALLOWED",
        lambda: casino.decide_regulator_correction(correction, True, by="D1"),
    )
    refused(
        casino,
        "INVALID_STATE",
        lambda: casino.decide_regulator_correction(visit, True, by="I8"),
    )

    reg_clock.set("2026-03-12 10:00")
    assert casino.item_state(visit, 2) == "OVERDUE"
    casino.decide_regulator_correction(correction, True, by="I8")
    assert casino.item_state(visit, 2) == "PENDING"  # the approved correction moved the deadline
    refused(
        casino,
        "INVALID_STATE",
        lambda: casino.decide_regulator_correction(correction, False, by="I8"),
    )


def test_rejected_regulator_correction_never_takes_effect(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    old = casino.effective(visit)["nature_of_operations"]["text"]
    change = [Change("data.nature_of_operations.text", old, "A44 review")]
    correction = casino.correct_regulator_entry(visit, change, "wrong book", by="I8").seq
    casino.decide_regulator_correction(correction, False, by="I7")
    assert casino.effective(visit)["nature_of_operations"]["text"] == old
    assert casino.view(visit).corrections[0].state == "REJECTED"


def test_an_annulled_visit_needs_no_follow_up(casino: Casino, reg_clock: ManualClock) -> None:
    visit = as48_visit(casino, reg_clock)
    fix = casino.correct_regulator_entry(
        visit, [Change("@status", "ACTIVE", "ANNULLED")], "entered twice", by="I7"
    ).seq
    casino.decide_regulator_correction(fix, True, by="I8")
    assert casino.visit_state(visit) == "ANNULLED"
    assert casino.observation_items() == []
    refused(casino, "INVALID_STATE", lambda: casino.follow_up(visit, 1, "x", by="D1"))


# --------------------------------------------- read access (OPS-SEC-03/04, OPS-INT-12)


def test_read_rules_per_role_and_book(casino: Casino, reg_clock: ManualClock) -> None:
    # The dealer reads his own table only while it is in a session.
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("JNL", "R2", table="BJ-3"))
    assert casino.read("JNL", "R2") == []
    bj3, rf1, round_ = _live_tables(casino, reg_clock)
    jnl = casino.read("JNL", "R2", table="BJ-3")
    assert round_ in [e["seq"] for e in jnl] and {e["table"] for e in jnl} == {"BJ-3"}
    assert [e["seq"] for e in casino.read("A43", "R2")] == [bj3]
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "R2", table="RF-1"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A60", "R2"))

    # Management reads every book.
    visit = casino.visit(
        "I7", visit_date="2026-03-02", arrival_time="16:00", nature_of_operations="AUDIT"
    ).seq
    for who in ("D1", "S1", "C2"):
        assert [e["seq"] for e in casino.read("A60", who)][-1] == visit
        assert {bj3, rf1} <= {e["seq"] for e in casino.read("A43", who)}
    # The table chief: the A43 / A44 / JNL entries of his own tables, nothing else.
    assert [e["seq"] for e in casino.read("A43", "T1")] == [bj3]
    assert [e["seq"] for e in casino.read("A43", "T4")] == [rf1]
    assert casino.read("A43", "T1", table="BJ-5") == []
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "T4", table="BJ-3"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A60", "T1"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A61", "T1"))
    # The cashier: the cage and count books; the changer: A44 and JNL of his table.
    assert [e["type"] for e in casino.read("A56", "K1")] == ["SEAL"]
    assert {bj3, rf1} <= {e["seq"] for e in casino.read("A43", "K1")}
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A61", "K1"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "V1"))
    assert casino.read("A44", "V1", table="BD-1") == []
    # The board: the daily summaries and the annual information.
    assert [e["type"] for e in casino.read("A45", "B1")] == ["SEAL"]
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "B1"))
    refused(casino, "MALFORMED_REQUEST", lambda: casino.read("A99", "I7"))
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A43", "nobody"))


def test_the_craj_reads_at_any_time_and_every_read_is_logged(
    casino: Casino, reg_clock: ManualClock
) -> None:
    bj3, rf1, _ = _live_tables(casino, reg_clock)
    reg_clock.set("2026-03-03 03:00")  # in the middle of the night, books not closed
    whole = [e["seq"] for e in casino.read("A43", "I7")]
    seal = casino.volumes[("A43", 2026)].seal
    assert whole[0] == seal and {bj3, rf1} <= set(whole)
    first = casino.read("A43", "I7")[0]
    assert first["type"] == "SEAL" and first["author"] == {"id": "I7", "role": "CRAJ"}
    assert casino.read("A43", "I7", day="2026-03-03") == []
    assert {bj3, rf1} <= {e["seq"] for e in casino.read("A43", "I7", day="2026-03-02")}
    casino.read("ACC", "I7", terminal="craj-laptop-2")
    rows = casino.access_log("I7")
    assert len(rows) == 5
    assert rows[-1]["terminal"] == "craj-laptop-2"
    assert rows[-1]["at_local"].startswith("2026-03-03T03:00")
    assert rows[-1]["what"]["objects"] == [r["seq"] for r in rows[:-1]]
    # The log itself is append-only ledger data, written by the system.
    entry = casino.ledger.get(rows[0]["seq"])
    assert entry.kind == "ACC.READ" and entry.actor.id == "system"
    t1 = casino.read("A43", "T1", table="BJ-3")
    assert [e["seq"] for e in t1] == [bj3]
    assert casino.access_log("T1")[-1]["what"]["table"] == "BJ-3"


def test_a_refused_read_is_not_logged(casino: Casino) -> None:
    refused(casino, "PERMISSION_DENIED", lambda: casino.read("A60", "R1"))
    assert casino.access_log() == []


def test_entry_dicts_show_effective_values_and_corrections(
    casino: Casino, reg_clock: ManualClock
) -> None:
    visit = as48_visit(casino, reg_clock)
    old = "keep the seal numbers of the drop boxes"
    fix = casino.correct_regulator_entry(
        visit, [Change("data.items.1.text", old, "keep drop-box seal numbers")], "r", by="I7"
    ).seq
    (entry,) = casino.read("A60", "C1", day="2026-03-02")
    assert entry["data"]["items"][1]["text"] == old
    assert entry["corrections"] == [{"seq": fix, "state": "PENDING"}]
    casino.decide_regulator_correction(fix, True, by="I8")
    (entry,) = casino.read("A60", "C1", day="2026-03-02")
    assert entry["data"]["items"][1]["text"] == "keep drop-box seal numbers"
    assert entry["payload"]["data"]["items"][1]["text"] == old
    assert entry["entry_status"] == "ACTIVE" and entry["status"] == "COMPLETE"


# ---------------------------------------------------------------------- replay


def test_registers_are_rebuilt_when_the_casino_is_reopened(
    casino: Casino, reg_clock: ManualClock, cas_url: str, key: SigningKey
) -> None:
    visit = as48_visit(casino, reg_clock)
    reg_clock.set("2026-03-04 10:00")
    casino.follow_up(visit, 1, "done", by="D1")
    request = casino.request("D1", type="COMMENT_OR_QUESTION", subject="s", text="t").seq
    casino.reply(request, "ok", by="I7")
    info = casino.information_request("I8", subject="s", text="t", due="2026-03-05").seq
    casino.notice("D1", type="OTHER", text="new cage hours")
    reg_clock.set("2027-01-10 10:00")
    casino.file_annual_report(2026, by="D1")
    casino.read("A61", "I7")
    before = (
        casino.observation_items(),
        casino.communications(),
        casino.information_requests(),
        casino.notices,
        casino.annual_report_state(2026),
        casino.access_log(),
    )
    casino.ledger.close()

    again = open_casino(cas_url, key, clock=reg_clock, keyring=casino.keyring)
    try:
        after = (
            again.observation_items(),
            again.communications(),
            again.information_requests(),
            again.notices,
            again.annual_report_state(2026),
            again.access_log(),
        )
        assert after == before
        assert again.information_request_state(info) == "OVERDUE"
        assert again.item_state(visit, 2) == "OVERDUE"
    finally:
        again.ledger.close()
