"""OPS-TBL-01: a table opens only with the equipment its game needs for the session."""

from __future__ import annotations

from pathlib import Path

import pytest

from crupier.casino import ManualClock, OpsError
from crupier.casino.fixture import build, chips_for
from crupier.casino.model import Limits


def test_dice_and_shoe_tables_need_their_equipment(tmp_path: Path) -> None:
    clock = ManualClock("2026-03-01 12:00")
    cas = build(f"sqlite:///{tmp_path / 'e.db'}", clock=clock, equipment_checks=True)
    cas.register_company("EQUIPJOC", "Equipjoc SL", j_licence="J-2025-001", by="D1")
    cas.register_model("DICE-19", "DICE", homologation_ref="HOM-D", by="D1")
    cas.register_dice({f"D-{n:04d}": f"M-{n}" for n in range(1, 6)}, model="DICE-19",
                      supplier="EQUIPJOC", initials="CAS-T", size_mm="19", by="D1")  # fmt: skip
    clock.set("2026-03-02 15:00")
    cas.open_day("2026-03-02", by="D1")
    session = cas.open_session(by="D1").payload["data"]["id"]
    craps = {"by": "T3", "cashier": "K1", "float_chips": chips_for(2_000_000),
             "limits": Limits(500, 5000),
             "staff": {"R1": "DEALER", "R2": "DEALER", "R3": "STICKMAN"}}  # fmt: skip
    head = cas.ledger.head()
    with pytest.raises(OpsError) as info:
        cas.open_table("CR-1", **craps)
    assert info.value.code == "EQUIPMENT_MISSING" and "dice set" in str(info.value)
    assert cas.ledger.head() == head
    cas.assign_dice("CR-1", session, [f"D-{n:04d}" for n in range(1, 6)], by="D1")
    cas.open_table("CR-1", **craps)
    with pytest.raises(OpsError) as info:
        cas.open_table("BJ-3", by="T1", cashier="K1", float_chips=chips_for(2_000_000),
                       limits=Limits(1000, 50_000), staff={"R2": "DEALER"})  # fmt: skip
    assert info.value.code == "EQUIPMENT_MISSING"
    assert "decks" in str(info.value) and "shoe" in str(info.value)


def test_the_new_card_tables_need_their_decks(tmp_path: Path) -> None:
    """Spec 19: Triple Black Jack is dealt from a numbered shoe of six decks; specs 15 and
    17: Tripòquer needs its deck, Mahjong Pai Gow its three dice."""
    clock = ManualClock("2026-03-02 15:00")
    cas = build(f"sqlite:///{tmp_path / 'e.db'}", clock=clock, equipment_checks=True)
    cas.open_day("2026-03-02", by="D1")
    session = cas.open_session(by="D1").payload["data"]["id"]
    for table, game in (("TB-9", "triple-blackjack"), ("TP-9", "three-card-poker"),
                        ("MJ-9", "mahjong-pai-gow")):  # fmt: skip
        cas.add_table(table, game)
    tb = " ".join(cas.equipment_missing("TB-9", session))
    assert "decks of TB-9" in tb and "shoe of TB-9" in tb
    assert cas.equipment_missing("TP-9", session) == [f"decks of TP-9 for {session}"]
    assert cas.equipment_missing("MJ-9", session) == [f"dice set of MJ-9 for {session}"]
