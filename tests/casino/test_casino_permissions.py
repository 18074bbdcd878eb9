"""The permission matrix of the operations spec §4.3: every role against every operation.

Each case runs the real command on a casino set up so that the operation can
succeed: a role the matrix does not allow gets ``PERMISSION_DENIED`` and nothing is
recorded; a role it allows succeeds (run on a fresh casino each time). The roles are
played by the fixture's people: D1 (DIR in office), S1 (SUB), C1 (CDM designated to
stand in for the director), C2 (CDM without designation), T1 (TC of BJ-3), R2 (DLR
at BJ-3), V1 (CHG), K1 (CSH), I7 (CRAJ), B1 (BRD) and A1 (ADM, added here).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from crupier.casino import Casino, ManualClock, OpsError, Role
from crupier.casino.clock import parse_local
from crupier.casino.fixture import build, chips_for, open_day, open_table
from crupier.casino.model import Limits
from crupier.casino.roles import MATRIX, Op, may

PEOPLE = {
    "DIR": "D1", "SUB": "S1", "CDM": "C2", "CDM*": "C1", "TC": "T1", "DLR": "R2", "CHG": "V1",
    "CSH": "K1", "CRAJ": "I7", "BRD": "B1", "ADM": "A1",
}  # fmt: skip

Act = Callable[[Casino, str], Any]
Setup = Callable[[Casino, ManualClock], Act]


def _day(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3", minimum=1000, maximum=100_000)
    cas.table_sessions[cas.tables["BJ-3"].session or ""].staff["R2"] = "DEALER"


def _played_out(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    _day(cas, clock)
    cas.sessions[cas.table_session("BJ-3").session].last = True
    cas.announce_last_rounds("BJ-3", by="T1")
    for _ in range(3):
        cas.record_round("BJ-3", by="R2", result={})


def _closed(cas: Casino, clock: ManualClock) -> None:
    _played_out(cas, clock)
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip


def _counted(cas: Casino, clock: ManualClock) -> None:
    _closed(cas, clock)
    cas.count_box("BJ-3", "DROP", by="K1", second="K2", chips=chips_for(10_000), seal="S1")


def seal(cas: Casino, clock: ManualClock) -> Act:
    return lambda c, who: c.seal("A43", 2027, by=who, seal_number="S-2027")


def open_the_day(cas: Casino, clock: ManualClock) -> Act:
    return lambda c, who: c.open_day("2026-03-02", by=who)


def set_limits(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    open_table(cas, "BJ-5", minimum=1000, maximum=100_000)
    return lambda c, who: c.announce_limit_change("BJ-5", Limits(2500, 250_000), by=who)


def open_a_table(cas: Casino, clock: ManualClock) -> Act:
    open_day(cas, clock)
    return lambda c, who: c.open_table(
        "BJ-3", by=who, cashier="K1", float_chips=chips_for(2_000_000),
        limits=Limits(1000, 100_000), staff={"R2": "DEALER"},
    )  # fmt: skip


def fill(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    return lambda c, who: c.fill("BJ-3", by=who, chips={10000: 10}, slip="F-1")


def temp_close(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    return lambda c, who: c.temp_close("BJ-3", by=who)


def last_rounds(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    return lambda c, who: c.announce_last_rounds("BJ-3", by=who)


def record_round(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    return lambda c, who: c.record_round("BJ-3", by=who, result={"dealer": 19})


def closing_count(cas: Casino, clock: ManualClock) -> Act:
    _played_out(cas, clock)
    return lambda c, who: c.close_table(
        "BJ-3", by=who, cashier="K1", chips=chips_for(2_000_000), seals={"DROP": "S", "TIP": "T"}
    )


def box_count(cas: Casino, clock: ManualClock) -> Act:
    _closed(cas, clock)
    return lambda c, who: c.count_box(
        "BJ-3", "DROP", by=who, second="K2" if who != "K2" else "K1", chips={}, seal="S1"
    )


def chip_sale(cas: Casino, clock: ManualClock) -> Act:
    open_day(cas, clock)
    return lambda c, who: c.sell_chips("P1", {10000: 2}, by=who)


def sign_result(cas: Casino, clock: ManualClock) -> Act:
    _counted(cas, clock)
    return lambda c, who: c.sign_result("BJ-3", by=who)


def daily_summary(cas: Casino, clock: ManualClock) -> Act:
    _counted(cas, clock)
    cas.sign_result("BJ-3", by="D1")
    return lambda c, who: c.daily_summary("2026-03-02", by=who)


def request_correction(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    seq = cas.fill("BJ-3", by="T1", cashier="K1", chips={10000: 10}, slip="F-1").seq
    return lambda c, who: c.request_correction(seq, [("slip", "F-1", "F-01")], "typo", by=who)


def approve_correction(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    seq = cas.fill("BJ-3", by="T1", cashier="K1", chips={10000: 10}, slip="F-1").seq
    corr = cas.request_correction(seq, [("slip", "F-1", "F-01")], "typo", by="K1").seq
    return lambda c, who: c.decide_correction(corr, True, by=who)


def tips(cas: Casino, clock: ManualClock) -> Act:
    _closed(cas, clock)
    return lambda c, who: c.count_tips(
        "BJ-3", by=who, second="K2" if who != "K2" else "K1", chips={}, seal="S2"
    )


def visit(cas: Casino, clock: ManualClock) -> Act:
    return lambda c, who: c.visit(
        who, visit_date="2026-03-01", arrival_time="10:15", nature_of_operations="AUDIT"
    )


def follow_up(cas: Casino, clock: ManualClock) -> Act:
    seq = cas.visit(
        "I7", visit_date="2026-03-01", arrival_time="10:15", nature_of_operations="AUDIT",
        items=[("OBSERVATION", "slip 57 lacks a signature")],
    ).seq  # fmt: skip
    return lambda c, who: c.follow_up(seq, 1, "slip signed", by=who)


def communication(cas: Casino, clock: ManualClock) -> Act:
    return lambda c, who: c.request(
        who, type="CLARIFICATION_ON_RULES", subject="limits", text="May BJ open at 5?"
    )


def craj_reply(cas: Casino, clock: ManualClock) -> Act:
    seq = cas.request(
        "D1", type="CLARIFICATION_ON_RULES", subject="limits", text="May BJ open at 5?"
    ).seq
    return lambda c, who: c.reply(seq, "No.", by=who)


def licence_decision(cas: Casino, clock: ManualClock) -> Act:
    from test_casino_staff import dossier

    cas.register_person("R9", "Nil", "Puig Soler", "AD-R9")
    cas.apply_for_licence("R9", dossier("R9"), by="D1")
    return lambda c, who: c.grant_licence("R9", by=who, notification_ref="N-1")


def licence_dossier(cas: Casino, clock: ManualClock) -> Act:
    from test_casino_staff import dossier

    cas.register_person("R9", "Nil", "Puig Soler", "AD-R9")
    return lambda c, who: c.apply_for_licence("R9", dossier("R9"), by=who)


def appointment(cas: Casino, clock: ManualClock) -> Act:
    return lambda c, who: c.appoint("T2", Role.SUB, by=who)


def suspend(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    return lambda c, who: c.suspend("BJ-3", "verify the shoe", by=who)


def equipment(cas: Casino, clock: ManualClock) -> Act:
    cas.register_company("EQUIPJOC", "Equipjoc SL", j_licence="J-2025-001", by="D1")
    return lambda c, who: c.register_model("SHOE-8", "SHOE", homologation_ref="HOM-1", by=who)


def disposal(cas: Casino, clock: ManualClock) -> Act:
    import datetime as dt

    from test_casino_equipment import stock

    stock(cas)
    return lambda c, who: c.schedule_disposal(
        "DESTRUCTION", ["W-0003"], company="EQUIPJOC", notice_date=dt.date(2026, 5, 1),
        scheduled_date=dt.date(2026, 5, 16), by=who,
    )  # fmt: skip


def distribute_shoes(cas: Casino, clock: ManualClock) -> Act:
    from test_casino_equipment import stock

    stock(cas)
    return lambda c, who: c.assign_shoe("S-07", "BJ-3", "2026-03-02/1", by=who)


def promotion(cas: Casino, clock: ManualClock) -> Act:
    import datetime as dt

    start = dt.datetime(2026, 3, 6, 20, tzinfo=dt.UTC)
    return lambda c, who: c.create_promotion(
        "PR-1", "Menu of the day", start=start, end=start + dt.timedelta(hours=4),
        references_gaming=False, by=who,
    )  # fmt: skip


def promotion_authorisation(cas: Casino, clock: ManualClock) -> Act:
    import datetime as dt

    start = dt.datetime(2026, 3, 6, 20, tzinfo=dt.UTC)
    cas.create_promotion("PR-1", "Free chips", start=start, end=start + dt.timedelta(hours=4),
                         references_gaming=True, by="D1")  # fmt: skip
    return lambda c, who: c.authorise_promotion(
        "PR-1", reference="CRAJ-AUT-2026-04", authorised_on=dt.date(2026, 3, 1), by=who
    )


def waiting_list(cas: Casino, clock: ManualClock) -> Act:
    _day(cas, clock)
    cas.register_player("P7", "ES-P7", name="Player Seven", date_of_birth="1980-01-01", by="T1")
    return lambda c, who: c.add_to_waiting_list("BJ-3", "P7", by=who)


def changer(cas: Casino, clock: ManualClock) -> Act:
    from crupier.casino.fixture import open_table as open_fixture_table

    open_day(cas, clock)
    open_fixture_table(cas, "BD-1", float_total=1_000_000)
    cas.assign("V1", Role.CHG, tables=["BJ-3"])  # V1 is the changer of BD-1 and BJ-3
    cas.table_sessions[cas.tables["BD-1"].session or ""].staff.update(
        {"R2": "DEALER", "T1": "TC", "S1": "X", "C2": "X", "C1": "X", "D1": "X"}
    )
    return lambda c, who: c.changer_fill("BD-1", by=who, cashier=None, chips={10000: 1}, slip="CF")


#: operation -> (its setup, the roles §4.3 lets perform it)
CASES: dict[str, tuple[Setup, set[str]]] = {
    "01 seal a volume": (seal, {"CRAJ"}),
    "02 open a gaming day": (open_the_day, {"DIR"}),
    "04 change table limits": (set_limits, {"DIR", "CDM*"}),
    "06 open a table": (open_a_table, {"TC"}),
    "07 fill": (fill, {"TC"}),
    "08 temporary closure": (temp_close, {"DIR"}),
    "09 last three rounds": (last_rounds, {"DIR", "TC"}),
    "10 record a round": (record_round, {"TC", "DLR"}),
    "13 closing float count": (closing_count, {"TC"}),
    "14 drop count": (box_count, {"CSH"}),
    "36 chip sale at the cashier's window": (chip_sale, {"CSH"}),
    "16 sign the session result": (sign_result, {"DIR", "SUB", "CDM", "CDM*"}),
    "17 sign the daily summary": (daily_summary, {"DIR", "SUB", "CDM", "CDM*"}),
    # a fill of BJ-3 by its chief T1, signed by K1: the dealer and the changer could not
    # have created it (row 18), and the CRAJ corrects only its own entries
    "18 request a correction": (request_correction, {"DIR", "SUB", "CDM", "CDM*", "TC", "CSH"}),
    "19 approve a correction": (approve_correction, {"DIR", "CDM*"}),
    "20 tips account entry": (tips, {"CSH"}),
    "21 A60 visit": (visit, {"CRAJ"}),
    "22 A60 follow-up": (follow_up, {"DIR"}),
    "23 A61 request": (communication, {"DIR"}),
    "24 A61 reply": (craj_reply, {"CRAJ"}),
    "25 licence dossier": (licence_dossier, {"DIR"}),
    "26 licence decision": (licence_decision, {"CRAJ"}),
    "27 appointment": (appointment, {"BRD"}),
    "32 suspend a table": (suspend, {"CRAJ"}),
    "03 distribute shoes": (distribute_shoes, {"DIR"}),
    "12 waiting list (OPS-PLY-10: the TC or the DIR)": (waiting_list, {"TC", "DIR"}),
    "15 changer float": (changer, {"CHG"}),
    "28 equipment register": (equipment, {"DIR"}),
    "29 export or destruction": (disposal, {"DIR"}),
    "30 create a promotion": (promotion, {"DIR"}),
    "31 authorise a promotion": (promotion_authorisation, {"CRAJ"}),
}  # fmt: skip


def casino_at(url: str) -> tuple[Casino, ManualClock]:
    clock = ManualClock("2026-03-01 12:00")
    cas = build(url, clock=clock)
    cas.register_person("A1", "Admin", "Istrador", "AD-A1")
    cas.assign("A1", Role.ADM)
    return cas, clock


@pytest.mark.parametrize("operation", sorted(CASES))
def test_permission_matrix(operation: str, tmp_path: Path) -> None:
    setup, allowed = CASES[operation]
    _walk(setup, allowed, tmp_path)


#: The matrix row (and act) of the cases whose grants hold for whole roles: no ``own``
#: scope, no substitution rule.
ROWS: dict[str, tuple[Op, str]] = {
    "01 seal a volume": (Op.SEAL_BOOK, "C"),
    "02 open a gaming day": (Op.OPEN_DAY_OR_SESSION, "C"),
    "08 temporary closure": (Op.TEMP_CLOSURE, "C"),
    "21 A60 visit": (Op.VISIT_ENTRY, "C"),
    "22 A60 follow-up": (Op.FOLLOW_UP, "C"),
    "23 A61 request": (Op.COMMUNICATION, "C"),
    "24 A61 reply": (Op.CRAJ_REPLY, "C"),
    "25 licence dossier": (Op.LICENCE_DOSSIER, "C"),
    "26 licence decision": (Op.LICENCE_DECISION, "C"),
    "27 appointment": (Op.APPOINTMENT, "C"),
    "30 create a promotion": (Op.PROMOTION_CREATE, "C"),
    "31 authorise a promotion": (Op.PROMOTION_AUTHORISE, "C"),
}


@pytest.mark.parametrize("operation", sorted(ROWS))
def test_the_matrix_row_decides(operation: str, tmp_path: Path) -> None:
    """Walk the row of MATRIX itself: the roles it grants succeed, every other is refused."""
    op, act = ROWS[operation]
    for role in Role:
        if role not in (Role.DIR, Role.CRAJ, Role.BRD):  # the rows above grant no one else
            assert not may(op, role, act), (op, role)
    allowed = {name for name in PEOPLE if may(op, Role(name.rstrip("*")), act)}
    assert allowed
    _walk(CASES[operation][0], allowed, tmp_path)


def _walk(setup: Setup, allowed: set[str], tmp_path: Path) -> None:
    cas, clock = casino_at(f"sqlite:///{tmp_path / 'denied.db'}")
    act = setup(cas, clock)
    for role, who in PEOPLE.items():
        if role in allowed:
            continue
        head = cas.ledger.head()
        with pytest.raises(OpsError) as info:
            act(cas, who)
        assert info.value.code == "PERMISSION_DENIED", f"{role} ({who}): {info.value}"
        assert cas.ledger.head() == head, f"{role} ({who}) refused but something was recorded"
    cas.ledger.close()
    for n, role in enumerate(sorted(allowed)):
        fresh, fresh_clock = casino_at(f"sqlite:///{tmp_path / f'allowed-{n}.db'}")
        act = setup(fresh, fresh_clock)
        act(fresh, PEOPLE[role])  # allowed: no error
        fresh.ledger.close()


def test_the_craj_requests_corrections_of_its_own_entries_only(tmp_path: Path) -> None:
    cas, clock = casino_at(f"sqlite:///{tmp_path / 'c.db'}")
    _day(cas, clock)
    seq = cas.fill("BJ-3", by="T1", cashier="K1", chips={10000: 10}, slip="F-1").seq
    with pytest.raises(OpsError) as info:
        cas.request_correction(seq, [("slip", "F-1", "F-01")], "typo", by="I7")
    assert info.value.code == "PERMISSION_DENIED"


def test_a_table_chief_acts_only_on_his_own_tables(tmp_path: Path) -> None:
    cas, clock = casino_at(f"sqlite:///{tmp_path / 'c.db'}")
    _day(cas, clock)
    open_table(cas, "RF-1")
    with pytest.raises(OpsError) as info:
        cas.fill("RF-1", by="T1", chips={10000: 1}, slip="F-9")  # T1 is chief of BJ-3 and BJ-5
    assert info.value.code == "PERMISSION_DENIED"
    cas.fill("RF-1", by="T4", chips={10000: 1}, slip="F-9")


def _close_definitively(cas: Casino, clock: ManualClock) -> Callable[[], Any]:
    open_day(cas, clock)
    open_table(cas, "RF-1")
    cas.temp_close("RF-1", by="D1")
    return lambda: cas.close_definitively("RF-1", by="D1")


def _cancel_limit_change(cas: Casino, clock: ManualClock) -> Callable[[], Any]:
    open_day(cas, clock)
    open_table(cas, "BJ-3", minimum=1000, maximum=100_000)  # keeps the room's minimum
    open_table(cas, "BJ-5", minimum=1000, maximum=100_000)
    cas.announce_limit_change("BJ-5", Limits(2500, 250_000), by="D1")
    return lambda: cas.cancel_limit_change("BJ-5", by="D1")


def _notify_promotion(cas: Casino, clock: ManualClock) -> Callable[[], Any]:
    friday = (parse_local("2026-03-06 18:00"), parse_local("2026-03-06 23:59"))
    cas.create_promotion(
        "PR-2", "Menu of the day", start=friday[0], end=friday[1], references_gaming=False,
        by="D1",
    )  # fmt: skip
    return lambda: cas.notify_promotion("PR-2", by="D1")


#: The director's acts that once checked "is the director" by hand, with their matrix row.
DIRECTOR_ACTS: dict[str, tuple[Op, Callable[[Casino, ManualClock], Callable[[], Any]]]] = {
    "close definitively (row 8)": (Op.TEMP_CLOSURE, _close_definitively),
    "cancel a limit change (row 4)": (Op.SET_LIMITS, _cancel_limit_change),
    "notify a promotion (row 23)": (Op.COMMUNICATION, _notify_promotion),
}


@pytest.mark.parametrize("act", sorted(DIRECTOR_ACTS))
def test_the_directors_acts_take_their_permission_from_the_matrix(
    act: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one permission path (OPS-SEC-01): take the DIR's grant out of the row and the
    # director in office is refused, nothing recorded; with the row as the spec has it,
    # the act succeeds
    op, setup = DIRECTOR_ACTS[act]
    cas, clock = casino_at(f"sqlite:///{tmp_path / 'granted.db'}")
    setup(cas, clock)()
    cas.ledger.close()
    cas, clock = casino_at(f"sqlite:///{tmp_path / 'withdrawn.db'}")
    run = setup(cas, clock)
    monkeypatch.setitem(MATRIX[op], Role.DIR, "-")
    head = cas.ledger.head()
    with pytest.raises(OpsError) as info:
        run()
    assert info.value.code == "PERMISSION_DENIED"
    assert cas.ledger.head() == head
    cas.ledger.close()
