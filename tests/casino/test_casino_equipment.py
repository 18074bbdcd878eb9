"""Equipment register, shoes, cards, dice, export and destruction (operations spec §10.4-10.7;
AS-36 to AS-42). Runs on SQLite, and on PostgreSQL when CRUPIER_TEST_PG_URL is set."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

from crupier.casino import Casino, Keyring, ManualClock, OpsError, Role
from crupier.casino.casino import open_casino
from crupier.casino.equipment import (
    DeckState,
    DeckType,
    EquipmentState,
    EquipmentType,
    PoliceOfficer,
)
from crupier.casino.fixture import build
from crupier.ledger import SigningKey, verify
from crupier.testing import assert_ops_refused

S1_DAY2, S2_DAY2, S1_DAY3 = "2026-03-02/1", "2026-03-02/2", "2026-03-03/1"


@pytest.fixture
def eq_clock() -> ManualClock:
    return ManualClock("2026-03-02 10:15")


@pytest.fixture
def eq_key() -> SigningKey:
    return SigningKey.generate()


@pytest.fixture
def eq_keyring() -> Keyring:
    return Keyring()


@pytest.fixture
def cas(
    cas_url: str, eq_clock: ManualClock, eq_key: SigningKey, eq_keyring: Keyring
) -> Iterator[Casino]:
    """CAS-T (§13.0) with a stocked equipment register."""
    casino = build(cas_url, clock=eq_clock, casino_key=eq_key, keyring=eq_keyring)
    stock(casino)
    yield casino
    casino.ledger.close()


def dice_ids(first: int, last: int) -> list[str]:
    return [f"D-{n:04d}" for n in range(first, last + 1)]


def stock(casino: Casino) -> None:
    """Companies, homologated models and the items the scenarios use (entered by D1)."""
    casino.register_company("EQUIPJOC", "Equipjoc SL", j_licence="J-2025-001", by="D1")
    casino.register_company("MAQUINES", "Maquines SA", by="D1")
    models = (
        ("SHOE-8", EquipmentType.SHOE, "HOM-SHOE-8"),
        ("SHOE-OLD", EquipmentType.SHOE, None),
        ("DICE-19", EquipmentType.DICE, "HOM-DICE-19"),
        ("DICE-14", EquipmentType.DICE, "HOM-DICE-14"),
        ("PACK-52", EquipmentType.CARD_PACK, "HOM-PACK-52"),
        ("WHEEL-A", EquipmentType.ROULETTE_WHEEL, "HOM-WHEEL-A"),
    )
    for model, kind, ref in models:
        casino.register_model(model, kind, homologation_ref=ref, by="D1")
    casino.register_equipment(
        "S-07",
        model="SHOE-8",
        serial="SH-0007",
        supplier="EQUIPJOC",
        number=7,
        storage_location="card cabinet",
        by="D1",
    )
    casino.register_equipment(
        "S-12", model="SHOE-OLD", serial="SH-0012", supplier="EQUIPJOC", number=12, by="D1"
    )
    for wheel in ("W-0003", "W-0004"):
        casino.register_equipment(
            wheel, model="WHEEL-A", serial=f"WS-{wheel}", supplier="EQUIPJOC", by="D1"
        )
    lot = {d: f"MFR-{d}" for d in [*dice_ids(101, 130), "D-0300"]}
    casino.register_dice(
        lot, model="DICE-19", supplier="EQUIPJOC", initials="CAS-T", size_mm="19.05", by="D1"
    )


refused = assert_ops_refused


def journal(casino: Casino, kind: str) -> list[dict[str, Any]]:
    """The data of every entry of ``kind`` (``"JNL.INCIDENT"``)."""
    return [e.payload["data"] for e in casino.ledger.entries() if e.kind == kind]


def receive(casino: Casino, pack: str, colours: list[str], deck_type: DeckType) -> list[str]:
    return casino.receive_pack(
        pack, model="PACK-52", supplier="EQUIPJOC", deck_type=deck_type, colours=colours, by="D1"
    )


HALF = ["red"] * 3 + ["blue"] * 3


# ------------------------------------------------------------------ AS-36, AS-37


def test_as_36_dice_per_session(cas: Casino) -> None:
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    error = refused(
        cas, "DICE_REUSED", lambda: cas.assign_dice("CR-1", S2_DAY2, dice_ids(105, 109), by="D1")
    )
    assert "D-0105" in str(error) and "D-0106" not in str(error)
    refused(
        cas,
        "INSUFFICIENT_DICE",
        lambda: cas.assign_dice("CR-1", S2_DAY2, dice_ids(106, 109), by="D1"),
    )
    cas.assign_dice("CR-1", S2_DAY2, dice_ids(106, 110), by="D1")
    assert cas.dice_set("CR-1").dice == dice_ids(106, 110)
    refused(
        cas,
        "INSUFFICIENT_DICE",
        lambda: cas.assign_dice("SB-1", S2_DAY2, dice_ids(111, 115), by="D1"),
    )
    cas.assign_dice("SB-1", S2_DAY2, dice_ids(111, 116), by="D1")
    assert cas.dice_set("SB-1").in_play == dice_ids(111, 113)
    assert cas.equipment["D-0114"].state is EquipmentState.RESERVE


def test_dice_freshness_is_casino_wide(cas: Casino) -> None:
    """OPS-EQ-31 (INTERPRETATION): a die of any table in the previous session is refused."""
    cas.assign_dice("SB-1", S1_DAY2, dice_ids(101, 106), by="D1")
    refused(
        cas, "DICE_REUSED", lambda: cas.assign_dice("CR-1", S2_DAY2, dice_ids(102, 106), by="D1")
    )
    cas.assign_dice("CR-1", S2_DAY2, dice_ids(107, 111), by="D1")
    # two sessions back is allowed again
    cas.assign_dice("SB-1", S1_DAY3, dice_ids(101, 106), by="D1")


def test_dice_in_service_elsewhere_and_unknown_games(cas: Casino) -> None:
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    refused(
        cas, "INVALID_STATE", lambda: cas.assign_dice("SB-1", S1_DAY2, dice_ids(105, 110), by="D1")
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.assign_dice("BJ-3", S1_DAY2, dice_ids(111, 115), by="D1"),
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.assign_dice("CR-1", "2026-03-02", dice_ids(111, 115), by="D1"),
    )


def test_dice_assignment_permissions(cas: Casino) -> None:
    """Row 3 of §4.3: DIR, or a TC/CSH designated responsible employee (S6)."""
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="T3"),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="R1"),
    )
    cas.assign("T3", Role.TC, tables=["CR-1"], substitute_for="responsible-employee")
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="T3")


def test_die_markings_and_sizes(cas: Casino) -> None:
    """OPS-EQ-32: serial and initials on one face; 15-25 mm at craps, 12-25 mm at pai gow."""
    refused(
        cas,
        "DIE_MARKING_MISSING",
        lambda: cas.register_dice(
            {"D-0900": "MFR-900"},
            model="DICE-14",
            supplier="EQUIPJOC",
            initials="",
            size_mm=14,
            by="D1",
        ),
    )
    refused(
        cas,
        "DIE_MARKING_MISSING",
        lambda: cas.register_dice(
            {"D-0900": ""},
            model="DICE-14",
            supplier="EQUIPJOC",
            initials="CAS-T",
            size_mm=14,
            by="D1",
        ),
    )
    small = {f"D-09{n:02d}": f"MFR-9{n:02d}" for n in range(1, 6)}
    cas.register_dice(
        small, model="DICE-14", supplier="EQUIPJOC", initials="CAS-T", size_mm=14, by="D1"
    )
    refused(cas, "DIE_SIZE_INVALID", lambda: cas.assign_dice("CR-1", S1_DAY2, list(small), by="D1"))
    cas.add_table("PG-1", "pai-gow-poker")
    cas.assign_dice("PG-1", S1_DAY2, list(small)[:3], by="D1")


def test_as_37_dice_change(cas: Casino) -> None:
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    cas.assign_dice("CR-1", S2_DAY2, dice_ids(106, 110), by="D1")
    cas.assign_dice("SB-1", S2_DAY2, dice_ids(111, 116), by="D1")
    entry = cas.change_dice("CR-1", out=["D-0106", "D-0107"], into=["D-0108", "D-0109"], by="T3")
    assert entry.kind == "JNL.DICE_CHANGE"
    assert entry.payload["data"]["out"] == ["D-0106", "D-0107"]
    assert entry.payload["data"]["into"] == ["D-0108", "D-0109"]
    assert entry.payload["session"] == S2_DAY2 and entry.payload["table"] == "CR-1"
    assert cas.dice_set("CR-1").in_play == ["D-0108", "D-0109"]
    assert cas.equipment["D-0106"].state is EquipmentState.RESERVE
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.change_dice("CR-1", out=["D-0108"], into=["D-0110"], by="R1"),
    )
    cas.change_dice("SB-1", out=["D-0111"], into=["D-0114"], by="R4")
    assert cas.dice_set("SB-1").in_play == ["D-0112", "D-0113", "D-0114"]
    refused(
        cas,
        "DICE_NOT_ASSIGNED",
        lambda: cas.change_dice("CR-1", out=["D-0108"], into=["D-0300"], by="T3"),
    )


def test_dice_change_by_the_dealer_in_half_mode(cas: Casino) -> None:
    """OPS-EQ-33: at craps a DLR decides only when a half table is run by a dealer-stickman."""
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.change_dice("CR-1", out=["D-0101"], into=["D-0103"], by="R3"),
    )
    cas.tables["CR-1"].mode = "HALF"  # as the table opening in HALF mode sets it
    cas.change_dice("CR-1", out=["D-0101"], into=["D-0103"], by="R3")
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.change_dice("CR-1", out=["D-0102"], into=["D-0104"], by="R4"),
    )  # not R4's table


def test_lost_die(cas: Casino) -> None:
    """OPS-EQ-34: the round ends with a remaining die; if the die is not found, a new set."""
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    refused(
        cas,
        "DICE_NOT_ASSIGNED",
        lambda: cas.report_lost_die("CR-1", "D-0101", replacement="D-0300", by="T3"),
    )
    entry = cas.report_lost_die("CR-1", "D-0101", replacement="D-0103", by="T3")
    assert entry.kind == "JNL.DIE_LOST"
    incidents = journal(cas, "JNL.INCIDENT")
    assert incidents[-1]["type"] == "DICE_LOST" and incidents[-1]["table"] == "CR-1"
    assert incidents[-1]["decided_by"] == "T3"
    assert cas.dice_set("CR-1").in_play == ["D-0103", "D-0102"]
    # not found: a new set, checked like any other (the withdrawn dice are not fresh)
    refused(
        cas, "DICE_REUSED", lambda: cas.assign_dice("CR-1", S1_DAY2, dice_ids(104, 108), by="D1")
    )
    refused(
        cas,
        "INSUFFICIENT_DICE",
        lambda: cas.assign_dice("CR-1", S1_DAY2, dice_ids(106, 109), by="D1"),
    )
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(106, 110), by="D1")
    assert cas.equipment["D-0101"].state is EquipmentState.RETIRED
    assert cas.equipment["D-0102"].state is EquipmentState.IN_STORE
    refused(
        cas,
        "INVALID_STATE",
        lambda: cas.assign_dice("SB-1", S2_DAY2, dice_ids(101, 101) + dice_ids(111, 115), by="D1"),
    )


def test_lost_die_found(cas: Casino) -> None:
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    cas.report_lost_die("CR-1", "D-0102", replacement="D-0105", by="R1")
    refused(cas, "INVALID_STATE", lambda: cas.die_found("CR-1", "D-0101", by="T3"))
    cas.die_found("CR-1", "D-0102", by="T3")
    assert cas.dice_set("CR-1").reserve == ["D-0102", "D-0103", "D-0104"]
    assert cas.equipment["D-0102"].state is EquipmentState.RESERVE


# ---------------------------------------------------------------------- cards


def test_as_38_new_decks_for_baccarat_two_layouts(cas: Casino) -> None:
    used_pack = receive(cas, "P-2026-0020", HALF, DeckType.FRENCH_52_NO_INDEX)
    cas.extract_decks("BD-1", S1_DAY2, used_pack, by="D1", witness="T2")
    cas.unpack_deck(used_pack[0], 52, by="T2")
    cas.retire_decks("BD-1", S1_DAY2, by="T2")
    used = cas.decks[used_pack[0]]
    assert used.ever_used and used.state is DeckState.RETIRED_CANCELLED
    assert all(cas.decks[d].state is DeckState.IN_STORE for d in used_pack[1:])  # unopened

    extra = receive(cas, "P-2026-0021", ["red"], DeckType.FRENCH_52_NO_INDEX)
    one_used = [*used_pack[1:3], used_pack[0], *used_pack[3:]]
    refused(
        cas,
        "DECK_NOT_NEW",
        lambda: cas.extract_decks("BD-1", S2_DAY2, one_used, by="D1", witness="T2"),
    )
    one_colour = receive(cas, "P-2026-0022", ["red"] * 6, DeckType.FRENCH_52_NO_INDEX)
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("BD-1", S2_DAY2, one_colour, by="D1", witness="T2"),
    )
    fresh = used_pack[1:] + extra  # red red blue blue blue + red
    entry = cas.extract_decks("BD-1", S2_DAY2, fresh, by="D1", witness="T2")
    assert entry.kind == "JNL.DECKS_EXTRACTED" and entry.payload["data"]["witness"] == "T2"
    assert {cas.decks[d].state for d in fresh} == {DeckState.EXTRACTED}
    assert cas.decks[fresh[0]].extraction == {
        "by": "D1",
        "witness": "T2",
        "at": entry.payload["event_time"],
        "table": "BD-1",
        "session": S2_DAY2,
    }


def test_deck_composition_per_game(cas: Casino) -> None:
    """OPS-EQ-24: blackjack 6 decks 3+3 colours; trente et quarante 6 no-index decks, one colour."""
    half = receive(cas, "P-2026-0030", HALF, DeckType.FRENCH_52)
    red = receive(cas, "P-2026-0031", ["red"] * 6, DeckType.FRENCH_52)
    no_index = receive(cas, "P-2026-0032", ["red"] * 6, DeckType.FRENCH_52_NO_INDEX)
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, red, by="D1", witness="T1"),
    )
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, half[:5], by="D1", witness="T1"),
    )
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, no_index, by="D1", witness="T1"),
    )
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("RF-1", S1_DAY2, half, by="D1", witness="T4"),
    )
    cas.extract_decks("BJ-3", S1_DAY2, half, by="D1", witness="T1")
    cas.add_table("TQ-1", "trente-et-quarante")
    refused(
        cas,
        "DECK_COMPOSITION_INVALID",
        lambda: cas.extract_decks("TQ-1", S1_DAY2, red, by="D1", witness="T1"),
    )
    cas.extract_decks("TQ-1", S1_DAY2, no_index, by="D1", witness="T1")


def test_extraction_needs_a_witness_and_the_right_actor(cas: Casino) -> None:
    """OPS-EQ-21: extracted by the DIR or the responsible employee, with a witness."""
    half = receive(cas, "P-2026-0040", HALF, DeckType.FRENCH_52)
    refused(
        cas, "SAME_SIGNER", lambda: cas.extract_decks("BJ-3", S1_DAY2, half, by="D1", witness="D1")
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, half, by="D1", witness="Z9"),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, half, by="R2", witness="T1"),
    )
    refused(
        cas,
        "UNKNOWN_ENTITY",
        lambda: cas.extract_decks("BJ-3", S1_DAY2, ["nope"], by="D1", witness="T1"),
    )


def test_as_39_incomplete_deck(cas: Casino) -> None:
    pack = receive(cas, "P-2026-0001", HALF, DeckType.FRENCH_52)
    cas.extract_decks("BJ-3", S1_DAY2, pack, by="D1", witness="T1")
    head = cas.ledger.head()[0]
    with pytest.raises(OpsError) as info:
        cas.unpack_deck(pack[0], 51, by="R2")
    assert info.value.code == "DECK_INCOMPLETE"
    assert cas.ledger.head()[0] > head  # the count and the incident are recorded
    assert cas.decks[pack[0]].state is DeckState.QUARANTINED
    assert cas.decks[pack[0]].count_on_unpack == 51
    incident = journal(cas, "JNL.INCIDENT")[-1]
    assert incident["type"] == "DECK_INCOMPLETE" and incident["table"] == "BJ-3"
    assert incident["deck"] == pack[0] and incident["decided_by"] == "R2"
    cas.unpack_deck(pack[1], 52, by="R2")
    assert cas.decks[pack[1]].state is DeckState.IN_USE
    cas.retire_decks("BJ-3", S1_DAY2, by="T1")
    assert cas.decks[pack[0]].state is DeckState.QUARANTINED
    fresh = receive(cas, "P-2026-0002", ["red"] * 2 + ["blue"] * 3, DeckType.FRENCH_52)
    refused(
        cas,
        "EQUIPMENT_QUARANTINED",
        lambda: cas.extract_decks("BJ-3", S2_DAY2, [pack[0], *fresh], by="D1", witness="T1"),
    )


def test_deck_reuse_rules(cas: Casino) -> None:
    """OPS-EQ-26: used decks are cancelled; only punto banco / chemin de fer may keep them,
    with a recorded good-condition check."""
    bj = receive(cas, "P-2026-0050", HALF, DeckType.FRENCH_52)
    cas.extract_decks("BJ-3", S1_DAY2, bj, by="D1", witness="T1")
    for deck in bj:
        cas.unpack_deck(deck, 52, by="R2")
    refused(
        cas,
        "DECK_NOT_REUSABLE",
        lambda: cas.retire_decks("BJ-3", S1_DAY2, by="T1", keep=bj[:1], condition_check="good"),
    )
    refused(cas, "PERMISSION_DENIED", lambda: cas.retire_decks("BJ-3", S1_DAY2, by="T3"))
    cas.retire_decks("BJ-3", S1_DAY2, by="T1")
    assert {cas.decks[d].state for d in bj} == {DeckState.RETIRED_CANCELLED}
    refused(
        cas,
        "DECK_NOT_REUSABLE",
        lambda: cas.extract_decks("BJ-3", S2_DAY2, bj, by="D1", witness="T1"),
    )

    cas.add_table("PB-1", "punto-banco")
    pb = receive(cas, "P-2026-0051", ["red"] * 6, DeckType.FRENCH_52)
    cas.extract_decks("PB-1", S1_DAY2, pb, by="D1", witness="T1")
    for deck in pb:
        cas.unpack_deck(deck, 52, by="D1")
    refused(cas, "MISSING_FIELDS", lambda: cas.retire_decks("PB-1", S1_DAY2, by="D1", keep=pb))
    cas.retire_decks("PB-1", S1_DAY2, by="D1", keep=pb, condition_check="edges and backs good")
    assert {cas.decks[d].state for d in pb} == {DeckState.IN_STORE}
    assert all(cas.decks[d].ever_used for d in pb)
    half_used = receive(cas, "P-2026-0052", ["blue"] * 3, DeckType.FRENCH_52)
    refused(
        cas,
        "DECK_NOT_REUSABLE",
        lambda: cas.extract_decks("BJ-3", S2_DAY2, pb[:3] + half_used, by="D1", witness="T1"),
    )
    cas.extract_decks("PB-1", S2_DAY2, pb, by="D1", witness="T1")


# ---------------------------------------------------------------------- shoes


def test_as_40_shoes(cas: Casino) -> None:
    refused(
        cas, "EQUIPMENT_NOT_HOMOLOGATED", lambda: cas.assign_shoe("S-12", "BJ-3", S2_DAY2, by="D1")
    )
    first = cas.assign_shoe("S-07", "BJ-3", S2_DAY2, by="D1")
    assert first.warnings == ()
    cas.clock.set("2026-03-03 15:00")  # type: ignore[attr-defined]
    again = cas.assign_shoe("S-07", "BJ-3", S1_DAY3, by="D1")
    assert again.warnings == ("SHOE_SAME_TABLE",)
    recorded = cas.ledger.get(again.entry)
    assert recorded.kind == "JNL.SHOE_ASSIGNED"
    assert recorded.payload["data"]["warnings"] == ["SHOE_SAME_TABLE"]
    assert recorded.payload["data"]["number"] == 7
    assert cas.equipment["S-07"].table == "BJ-3" and cas.equipment["S-07"].session == S1_DAY3


def test_shoe_rules(cas: Casino) -> None:
    """OPS-EQ-03, -22: numbered shoes; one table per session; another table, no warning."""
    refused(
        cas,
        "MISSING_FIELDS",
        lambda: cas.register_equipment(
            "S-20", model="SHOE-8", serial="SH-0020", supplier="EQUIPJOC", by="D1"
        ),
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.register_equipment(
            "S-20", model="SHOE-8", serial="SH-0020", supplier="EQUIPJOC", number=7, by="D1"
        ),
    )
    assert cas.equipment["S-07"].storage_location == "card cabinet"
    cas.assign_shoe("S-07", "BJ-3", S1_DAY2, by="D1")
    refused(cas, "INVALID_STATE", lambda: cas.assign_shoe("S-07", "BJ-5", S1_DAY2, by="D1"))
    assert cas.assign_shoe("S-07", "BJ-5", S2_DAY2, by="D1").warnings == ()
    refused(cas, "PERMISSION_DENIED", lambda: cas.assign_shoe("S-07", "BJ-3", S1_DAY3, by="T1"))
    cas.assign("T1", Role.TC, tables=["BJ-3", "BJ-5"], substitute_for="responsible-employee")
    # BJ-3's own previous session is S1_DAY2 (it had no shoe in S2_DAY2): same shoe, warning
    assert cas.assign_shoe("S-07", "BJ-3", S1_DAY3, by="T1").warnings == ("SHOE_SAME_TABLE",)


# ------------------------------------------------------------- register rules


def test_homologation_and_supplier(cas: Casino) -> None:
    """OPS-EQ-01, -02."""
    refused(
        cas,
        "SUPPLIER_NOT_LICENSED",
        lambda: cas.register_equipment(
            "W-0009", model="WHEEL-A", serial="WS-9", supplier="MAQUINES", by="D1"
        ),
    )
    refused(
        cas,
        "UNKNOWN_ENTITY",
        lambda: cas.register_equipment(
            "W-0009", model="NO-SUCH", serial="WS-9", supplier="EQUIPJOC", by="D1"
        ),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.register_equipment(
            "W-0009", model="WHEEL-A", serial="WS-9", supplier="EQUIPJOC", by="T1"
        ),
    )
    cas.register_model(
        "WHEEL-OLD",
        "ROULETTE_WHEEL",
        homologation_ref="HOM-OLD",
        valid_until=dt.date(2026, 3, 1),
        by="D1",
    )
    cas.register_equipment(
        "W-0010", model="WHEEL-OLD", serial="WS-10", supplier="EQUIPJOC", by="D1"
    )
    refused(
        cas,
        "EQUIPMENT_NOT_HOMOLOGATED",
        lambda: cas.put_in_service("W-0010", table="RF-2", by="D1"),
    )
    cas.put_in_service("W-0004", table="RF-2", by="D1")
    assert cas.equipment["W-0004"].state is EquipmentState.IN_SERVICE
    cas.set_company_licence("EQUIPJOC", "SUSPENDED", by="D1")
    refused(
        cas, "SUPPLIER_NOT_LICENSED", lambda: cas.put_in_service("W-0003", table="RF-1", by="D1")
    )
    cas.set_company_licence("EQUIPJOC", "GRANTED", by="D1")
    cas.put_in_service("W-0003", table="RF-1", reserve=True, by="D1")
    assert cas.equipment["W-0003"].state is EquipmentState.RESERVE


def test_craj_quarantine_and_release(cas: Casino) -> None:
    """OPS-EQ-05 (Art. 59): only the CRAJ quarantines and releases."""
    refused(cas, "PERMISSION_DENIED", lambda: cas.quarantine("S-07", order="check", by="D1"))
    cas.quarantine("S-07", order="withdraw shoe S-07 for inspection", by="I8")
    assert cas.equipment["S-07"].state is EquipmentState.QUARANTINED
    refused(cas, "EQUIPMENT_QUARANTINED", lambda: cas.assign_shoe("S-07", "BJ-3", S1_DAY2, by="D1"))
    refused(cas, "EQUIPMENT_QUARANTINED", lambda: cas.take_out_of_service("S-07", by="D1"))
    refused(cas, "PERMISSION_DENIED", lambda: cas.release_quarantine("S-07", by="D1"))
    cas.release_quarantine("S-07", by="I8")
    assert cas.equipment["S-07"].state is EquipmentState.IN_STORE
    cas.assign_shoe("S-07", "BJ-3", S1_DAY2, by="D1")


# --------------------------------------------------------- export, destruction


def test_as_41_export_or_destruction_notice(cas: Casino) -> None:
    notice = dt.date(2026, 5, 1)
    refused(
        cas,
        "NOTICE_TOO_SHORT",
        lambda: cas.schedule_disposal(
            "DESTRUCTION",
            ["W-0003"],
            company="EQUIPJOC",
            notice_date=notice,
            scheduled_date=dt.date(2026, 5, 15),
            by="D1",
        ),
    )
    refused(
        cas,
        "COMPANY_NOT_J_LICENSED",
        lambda: cas.schedule_disposal(
            "DESTRUCTION",
            ["W-0003"],
            company="MAQUINES",
            notice_date=notice,
            scheduled_date=dt.date(2026, 5, 16),
            by="D1",
        ),
    )
    op = cas.schedule_disposal(
        "DESTRUCTION",
        ["W-0003"],
        company="EQUIPJOC",
        notice_date=notice,
        scheduled_date=dt.date(2026, 5, 16),
        by="D1",
    )
    assert op.state == "NOTIFIED" and op.scheduled_date == dt.date(2026, 5, 16)
    assert cas.disposal_status(op.id) == "NOTIFIED"
    refused(cas, "INVALID_STATE", lambda: cas.put_in_service("W-0003", table="RF-1", by="D1"))
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.schedule_disposal(
            "DESTRUCTION",
            ["W-0004"],
            company="EQUIPJOC",
            notice_date=notice,
            scheduled_date=dt.date(2026, 5, 16),
            by="I7",
        ),
    )


def test_as_42_destruction_needs_police_and_acta(cas: Casino) -> None:
    notice, day = dt.date(2026, 5, 1), dt.date(2026, 5, 16)
    op = cas.schedule_disposal(
        "DESTRUCTION",
        ["W-0003"],
        company="EQUIPJOC",
        notice_date=notice,
        scheduled_date=day,
        by="D1",
    )
    other = cas.schedule_disposal(
        "DESTRUCTION",
        ["W-0004"],
        company="EQUIPJOC",
        notice_date=notice,
        scheduled_date=day,
        by="D1",
    )
    cas.clock.set("2026-05-16 10:00")  # type: ignore[attr-defined]
    officer = PoliceOfficer("Agent Pujol", "1234", "DP-77")
    refused(
        cas,
        "POLICE_REQUIRED",
        lambda: cas.complete_disposal(op.id, acta_ref="ACTA-2026-019", by="D1"),
    )
    refused(cas, "ACTA_REQUIRED", lambda: cas.complete_disposal(op.id, police=officer, by="D1"))
    done = cas.complete_disposal(op.id, police=officer, acta_ref="ACTA-2026-019", by="D1")
    assert done.state == "COMPLETED" and done.completed_on == day
    assert cas.equipment["W-0003"].state is EquipmentState.DESTROYED
    assert cas.disposal_status(op.id) == "ACTA_PENDING_DELIVERY"
    assert done.police == officer and done.acta_ref == "ACTA-2026-019"
    refused(cas, "EQUIPMENT_DISPOSED", lambda: cas.put_in_service("W-0003", table="RF-1", by="D1"))
    cas.record_acta_delivery(op.id, delivered_on=dt.date(2026, 5, 18), by="I7")
    assert cas.disposal_status(op.id) == "COMPLETED"
    refused(cas, "EQUIPMENT_DISPOSED", lambda: cas.put_in_service("W-0003", table="RF-1", by="D1"))

    cas.clock.set("2026-05-17 10:00")  # type: ignore[attr-defined]
    refused(
        cas,
        "DATE_MISMATCH_RENOTIFY",
        lambda: cas.complete_disposal(other.id, police=officer, acta_ref="ACTA-2026-020", by="D1"),
    )
    refused(
        cas,
        "NOTICE_TOO_SHORT",
        lambda: cas.renotify_disposal(
            other.id, notice_date=dt.date(2026, 5, 17), scheduled_date=dt.date(2026, 5, 31), by="D1"
        ),
    )
    cas.renotify_disposal(
        other.id, notice_date=dt.date(2026, 5, 17), scheduled_date=dt.date(2026, 6, 1), by="D1"
    )
    assert len(other.notices) == 2
    cas.clock.set("2026-06-01 09:00")  # type: ignore[attr-defined]
    cas.complete_disposal(other.id, police=officer, acta_ref="ACTA-2026-021", by="D1")
    assert cas.equipment["W-0004"].state is EquipmentState.DESTROYED


def test_export_needs_destination_and_transport_document(cas: Casino) -> None:
    """OPS-EQ-13: no police for an export; destination and transport document recorded."""
    op = cas.schedule_disposal(
        "EXPORT",
        ["W-0004"],
        company="EQUIPJOC",
        notice_date=dt.date(2026, 3, 2),
        scheduled_date=dt.date(2026, 3, 20),
        destination="Casino de Perpignan",
        by="D1",
    )
    cas.clock.set("2026-03-20 09:00")  # type: ignore[attr-defined]
    refused(cas, "MISSING_FIELDS", lambda: cas.complete_disposal(op.id, by="D1"))
    cas.complete_disposal(op.id, transport_doc="CMR-5521", by="D1")
    assert cas.equipment["W-0004"].state is EquipmentState.EXPORTED
    assert cas.disposal_status(op.id) == "COMPLETED"
    refused(
        cas,
        "INVALID_STATE",
        lambda: cas.record_acta_delivery(op.id, delivered_on=dt.date(2026, 3, 21), by="D1"),
    )


def test_cancelled_disposal_frees_the_items(cas: Casino) -> None:
    op = cas.schedule_disposal(
        "DESTRUCTION",
        ["W-0004"],
        company="EQUIPJOC",
        notice_date=dt.date(2026, 3, 2),
        scheduled_date=dt.date(2026, 3, 20),
        by="D1",
    )
    refused(cas, "MISSING_FIELDS", lambda: cas.cancel_disposal(op.id, reason="", by="D1"))
    cas.cancel_disposal(op.id, reason="wheel repaired", by="D1")
    assert cas.disposal_status(op.id) == "CANCELLED"
    cas.put_in_service("W-0004", table="RF-2", by="D1")


# ---------------------------------------------------------------------- replay


def test_state_is_rebuilt_from_the_books(
    cas: Casino, cas_url: str, eq_clock: ManualClock, eq_key: SigningKey, eq_keyring: Keyring
) -> None:
    """Re-opening the casino replays every EQR and JNL entry into the same state."""
    cas.assign_dice("CR-1", S1_DAY2, dice_ids(101, 105), by="D1")
    cas.change_dice("CR-1", out=["D-0101"], into=["D-0103"], by="T3")
    cas.report_lost_die("CR-1", "D-0102", replacement="D-0104", by="T3")
    cas.assign_shoe("S-07", "BJ-3", S1_DAY2, by="D1")
    pack = receive(cas, "P-2026-0060", HALF, DeckType.FRENCH_52)
    cas.extract_decks("BJ-3", S1_DAY2, pack, by="D1", witness="T1")
    with pytest.raises(OpsError):
        cas.unpack_deck(pack[0], 50, by="R2")
    cas.quarantine("S-12", order="seized", by="I7")
    cas.schedule_disposal(
        "DESTRUCTION",
        ["W-0003"],
        company="EQUIPJOC",
        notice_date=dt.date(2026, 3, 2),
        scheduled_date=dt.date(2026, 3, 20),
        by="D1",
    )
    again = open_casino(cas_url, eq_key, clock=eq_clock, keyring=eq_keyring)
    try:
        assert again.equipment == cas.equipment
        assert again.decks == cas.decks
        assert again.dice_sets == cas.dice_sets
        assert again.disposals == cas.disposals
        assert again.companies == cas.companies
        assert again.previous_equipment_session(S2_DAY2) == S1_DAY2
    finally:
        again.ledger.close()
    assert verify(cas_url, [eq_key.public_key]).ok
