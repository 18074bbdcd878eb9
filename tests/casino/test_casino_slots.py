"""The slot-machine books A46-A, A46-B and A46-C (operations spec §7.6; AS-60). Runs on
SQLite, and on PostgreSQL when CRUPIER_TEST_PG_URL is set."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from crupier.casino import Casino, Keyring, ManualClock
from crupier.casino.casino import open_casino
from crupier.casino.equipment import EquipmentType
from crupier.casino.fixture import build
from crupier.ledger import SigningKey
from crupier.testing import assert_ops_refused

BIG_METER = 999_999_999_999  # cents
SM19_METER = 999_999_999  # meter_max + 1 = 10,000,000.00

# (machine, meter_max, February closing, March opening, March closing): in, out, handpay
READINGS = {
    "SM-17": (
        BIG_METER,
        (10_000_000, 8_000_000, 500_000),
        (10_000_000, 8_000_000, 500_000),
        (22_000_000, 17_500_000, 1_000_000),
    ),
    "SM-18": (
        BIG_METER,
        (3_000_000, 2_000_000, 0),
        (3_100_000, 2_000_000, 0),  # differs from February's closing reading
        (8_100_000, 6_750_000, 0),
    ),
    "SM-19": (
        SM19_METER,
        (999_000_000, 100_000_000, 0),
        (999_000_000, 100_000_000, 0),  # 9,990,000.00
        (3_000_000, 103_800_000, 0),  # 30,000.00 after the rollover
    ),
}


@pytest.fixture
def slot_clock() -> ManualClock:
    return ManualClock("2026-02-28 20:00")


@pytest.fixture
def slot_key() -> SigningKey:
    return SigningKey.generate()


@pytest.fixture
def slot_keyring() -> Keyring:
    return Keyring()


@pytest.fixture
def cas(
    cas_url: str, slot_clock: ManualClock, slot_key: SigningKey, slot_keyring: Keyring
) -> Iterator[Casino]:
    """CAS-T (§13.0) with SM-17, SM-18 and SM-19 in the equipment register and slot books."""
    casino = build(cas_url, clock=slot_clock, casino_key=slot_key, keyring=slot_keyring)
    casino.register_company("EQUIPJOC", "Equipjoc SL", j_licence="J-2025-001", by="D1")
    casino.register_model(
        "SLOT-X", EquipmentType.SLOT_MACHINE, homologation_ref="HOM-SLOT", by="D1"
    )
    for machine, (meter_max, *_) in READINGS.items():
        casino.register_equipment(
            machine, model="SLOT-X", serial=f"SN-{machine}", supplier="EQUIPJOC", by="D1"
        )
        casino.add_slot_machine(machine, machine_no=machine[3:], meter_max=meter_max, by="D1")
    yield casino
    casino.ledger.close()


refused = assert_ops_refused


def read(casino: Casino, machine: str, meters: tuple[int, int, int]) -> int:
    money_in, money_out, handpay = meters
    entry = casino.record_machine_reading(
        machine, money_in=money_in, money_out=money_out, handpay=handpay, by="K1", witness="K2"
    )
    return entry.seq


def take_readings(casino: Casino, clock: ManualClock) -> None:
    """February's closing, March's opening and March's closing readings."""
    for index, when in enumerate(("2026-02-28 23:59", "2026-03-01 00:00", "2026-03-31 23:59")):
        clock.set(when)
        for machine, values in READINGS.items():
            read(casino, machine, values[index + 1])


def test_as_60_slot_machines_monthly_ggr(cas: Casino, slot_clock: ManualClock) -> None:
    take_readings(cas, slot_clock)
    slot_clock.set("2026-04-01 09:00")
    results = {m: cas.record_monthly_meters(m, 2026, 3, by="K1") for m in READINGS}
    assert results["SM-17"].warnings == () and results["SM-19"].warnings == ()
    assert results["SM-18"].warnings == ("METER_DISCONTINUITY",)
    flagged = cas.ledger.get(results["SM-18"].entry)
    assert flagged.kind == "A46-B.MONTHLY_METERS" and flagged.payload["data"]["discontinuity"]
    assert flagged.payload["data"]["previous_closing"]["meters"]["money_in"] == 3_000_000
    assert flagged.payload["data"]["opening"]["meters"]["money_in"] == 3_100_000
    incidents = [e.payload["data"] for e in cas.ledger.entries() if e.kind == "JNL.INCIDENT"]
    assert [(i["code"], i["machine"]) for i in incidents] == [("METER_DISCONTINUITY", "SM-18")]

    assert cas.slots_month_total(2026, 3) is None
    summary = cas.generate_monthly_ggr(2026, 3, by="K1")
    assert summary.kind == "A46-C.MONTHLY_GGR_SUMMARY"
    lines = {line["machine"]: line for line in summary.payload["data"]["lines"]}
    assert (lines["SM-17"]["delta_in"], lines["SM-17"]["delta_out"]) == (12_000_000, 9_500_000)
    assert (lines["SM-17"]["delta_handpay"], lines["SM-17"]["ggr"]) == (500_000, 2_000_000)
    assert (lines["SM-18"]["delta_in"], lines["SM-18"]["delta_out"]) == (5_000_000, 4_750_000)
    assert (lines["SM-18"]["delta_handpay"], lines["SM-18"]["ggr"]) == (0, 250_000)
    assert (lines["SM-19"]["delta_in"], lines["SM-19"]["delta_out"]) == (4_000_000, 3_800_000)
    assert (lines["SM-19"]["delta_handpay"], lines["SM-19"]["ggr"]) == (0, 200_000)
    assert summary.payload["data"]["total"] == 2_450_000  # 24,500.00
    assert cas.slots_month_total(2026, 3) == 2_450_000


def test_slot_books_are_created_by_the_cashier_and_approved_by_the_director(
    cas: Casino, slot_clock: ManualClock
) -> None:
    """Row 33 of §4.3 and OPS-SLT-05."""
    slot_clock.set("2026-03-01 00:00")
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.record_machine_reading("SM-17", money_in=1, money_out=0, handpay=0, by="D1"),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.record_machine_reading("SM-17", money_in=1, money_out=0, handpay=0, by="T1"),
    )
    seq = read(cas, "SM-17", (1, 0, 0))
    assert cas.status(seq) == "INCOMPLETE" and cas.missing_signatures(seq) == ["DIRECTOR"]
    refused(cas, "PERMISSION_DENIED", lambda: cas.approve_slot_entry(seq, by="S1"))
    refused(cas, "PERMISSION_DENIED", lambda: cas.approve_slot_entry(seq, by="K2"))
    cas.approve_slot_entry(seq, by="D1")
    assert cas.status(seq) == "COMPLETE"
    refused(cas, "INVALID_STATE", lambda: cas.approve_slot_entry(seq, by="D1"))
    first = next(e.seq for e in cas.ledger.entries() if e.kind == "CAS.TABLE")
    refused(cas, "MALFORMED_REQUEST", lambda: cas.approve_slot_entry(first, by="D1"))


def test_reading_rules(cas: Casino, slot_clock: ManualClock) -> None:
    slot_clock.set("2026-03-01 00:00")
    refused(cas, "MALFORMED_REQUEST", lambda: read(cas, "SM-19", (SM19_METER + 1, 0, 0)))
    refused(cas, "MALFORMED_REQUEST", lambda: read(cas, "SM-19", (-1, 0, 0)))
    refused(cas, "UNKNOWN_ENTITY", lambda: read(cas, "SM-99", (1, 0, 0)))
    refused(
        cas,
        "SAME_SIGNER",
        lambda: cas.record_machine_reading(
            "SM-17", money_in=1, money_out=0, handpay=0, by="K1", witness="K1"
        ),
    )
    read(cas, "SM-17", (5, 0, 0))
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.record_machine_reading(
            "SM-17",
            money_in=6,
            money_out=0,
            handpay=0,
            by="K1",
            at=slot_clock.now() - dt.timedelta(hours=1),
            late_reason="forgotten",
        ),
    )
    entry = cas.ledger.get(read(cas, "SM-17", (7, 1, 0)))
    assert entry.payload["data"]["reader"] == "K1" and entry.payload["data"]["witness"] == "K2"


def test_machines_come_from_the_equipment_register(cas: Casino) -> None:
    refused(
        cas,
        "UNKNOWN_ENTITY",
        lambda: cas.add_slot_machine("SM-20", machine_no="20", meter_max=BIG_METER, by="D1"),
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.add_slot_machine("SM-17", machine_no="17", meter_max=BIG_METER, by="D1"),
    )
    cas.register_model("SLOT-OLD", "SLOT_MACHINE", homologation_ref=None, by="D1")
    cas.register_equipment("SM-21", model="SLOT-OLD", serial="SN-21", supplier="EQUIPJOC", by="D1")
    refused(
        cas,
        "EQUIPMENT_NOT_HOMOLOGATED",
        lambda: cas.add_slot_machine("SM-21", machine_no="21", meter_max=BIG_METER, by="D1"),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.add_slot_machine("SM-21", machine_no="21", meter_max=BIG_METER, by="K1"),
    )


def test_monthly_books_need_a_finished_month_and_every_machine(
    cas: Casino, slot_clock: ManualClock
) -> None:
    """OPS-SLT-01, -02, -04: one MONTHLY_METERS per machine and month; A46-C from all."""
    take_readings(cas, slot_clock)
    refused(cas, "INVALID_STATE", lambda: cas.record_monthly_meters("SM-17", 2026, 3, by="K1"))
    slot_clock.set("2026-04-01 09:00")
    refused(cas, "INVALID_STATE", lambda: cas.record_monthly_meters("SM-17", 2026, 2, by="K1"))
    cas.record_monthly_meters("SM-17", 2026, 3, by="K1")
    refused(cas, "INVALID_STATE", lambda: cas.record_monthly_meters("SM-17", 2026, 3, by="K1"))
    error = refused(cas, "INVALID_STATE", lambda: cas.generate_monthly_ggr(2026, 3, by="K1"))
    assert error.details == ["SM-18", "SM-19"]
    cas.record_monthly_meters("SM-18", 2026, 3, by="K1")
    cas.record_monthly_meters("SM-19", 2026, 3, by="K1")
    refused(cas, "PERMISSION_DENIED", lambda: cas.generate_monthly_ggr(2026, 3, by="D1"))
    cas.generate_monthly_ggr(2026, 3, by="K1")
    refused(cas, "INVALID_STATE", lambda: cas.generate_monthly_ggr(2026, 3, by="K1"))
    refused(cas, "MALFORMED_REQUEST", lambda: cas.generate_monthly_ggr(2026, 13, by="K1"))


def test_summary_uses_corrected_meters(cas: Casino, slot_clock: ManualClock) -> None:
    """OPS-SLT-04 with OPS-INT-06: A46-C is generated from the effective A46-B values."""
    take_readings(cas, slot_clock)
    slot_clock.set("2026-04-01 09:00")
    monthly = cas.record_monthly_meters("SM-17", 2026, 3, by="K1")
    cas.record_monthly_meters("SM-18", 2026, 3, by="K1")
    cas.record_monthly_meters("SM-19", 2026, 3, by="K1")
    correction = cas.request_correction(
        monthly.entry, [("closing.meters.money_in", 22_000_000, 22_100_000)], "misread", by="K1"
    )
    cas.decide_correction(correction.seq, True, by="D1")
    summary = cas.generate_monthly_ggr(2026, 3, by="K1")
    assert summary.payload["data"]["total"] == 2_550_000


def test_state_is_rebuilt_from_the_books(
    cas: Casino,
    slot_clock: ManualClock,
    cas_url: str,
    slot_key: SigningKey,
    slot_keyring: Keyring,
) -> None:
    take_readings(cas, slot_clock)
    slot_clock.set("2026-04-01 09:00")
    for machine in READINGS:
        cas.record_monthly_meters(machine, 2026, 3, by="K1")
    cas.generate_monthly_ggr(2026, 3, by="K1")
    again = open_casino(cas_url, slot_key, clock=slot_clock, keyring=slot_keyring)
    try:
        assert again.slot_machines == cas.slot_machines
        assert again.slot_summaries == cas.slot_summaries
        assert again.slots_month_total(2026, 3) == 2_450_000
    finally:
        again.ledger.close()
