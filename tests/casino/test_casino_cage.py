"""Chips sold and bought back at the cashier's window (matrix row 36, a DEFAULT of this
project: the operations spec names the cage, not its chip sales): each operation is one
journal entry signed by the cashier, with the chips by registered denomination (OPS-BK-03)
and how the player paid; a refusal records nothing; the day's cage position is rebuilt
from the books."""

from __future__ import annotations

from pathlib import Path

import pytest

from crupier.casino import Casino, OpsError
from crupier.casino.clock import ManualClock
from crupier.casino.fixture import build, open_day
from crupier.ledger import Ledger


@pytest.fixture
def casino(tmp_path: Path) -> Casino:
    clock = ManualClock("2026-03-01 12:00")
    c = build(f"sqlite:///{tmp_path / 'cage.db'}", clock=clock)
    open_day(c, clock)
    return c


def test_sales_and_buy_backs_are_journal_entries_and_the_day_position(casino: Casino) -> None:
    sale = casino.sell_chips("P1", {10000: 3, 2500: 2}, by="K1", payment="CARD", reference="V-77")
    assert sale.kind == "JNL.CHIP_SALE" and sale.actor.id == "K1"
    data = sale.payload["data"]
    assert data["total"] == 3 * 10000 + 2 * 2500
    assert data["chips"] == {"10000": 3, "2500": 2}
    assert (data["player"], data["payment"], data["reference"]) == ("P1", "CARD", "V-77")
    casino.sell_chips("P2", {2500: 4}, by="K2")  # cash needs no reference
    back = casino.buy_back_chips("P1", {10000: 1}, by="K1")
    assert back.kind == "JNL.CHIP_BUYBACK"
    day = sale.payload["gaming_day"]
    position = casino.cage_day(day)
    assert position["sold"] == 35_000 + 10_000
    assert position["bought_back"] == 10_000
    assert position["net_chips_out"] == 35_000
    assert position["by_payment"] == {"CARD": 35_000, "CASH": 10_000}
    # the books hold the operations: a casino reopened from them knows the same day
    reopened = Casino(Ledger(casino.ledger.url, None))
    assert reopened.cage_day(day) == position
    assert [(o["type"], o["player"], o["by"]) for o in position["operations"]] == [
        ("CHIP_SALE", "P1", "K1"),
        ("CHIP_SALE", "P2", "K2"),
        ("CHIP_BUYBACK", "P1", "K1"),
    ]


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda c: c.sell_chips("P1", {333: 1}, by="K1"), "UNKNOWN_DENOMINATION"),
        (lambda c: c.sell_chips("P1", {10000: 0}, by="K1"), "MALFORMED_REQUEST"),
        (lambda c: c.sell_chips("P1", {10000: 1}, by="K1", payment="IOU"), "MALFORMED_REQUEST"),
        (lambda c: c.sell_chips("P1", {10000: 1}, by="K1", payment="CHEQUE"), "MISSING_FIELDS"),
        (lambda c: c.sell_chips(" ", {10000: 1}, by="K1"), "MISSING_FIELDS"),
        (
            lambda c: c.buy_back_chips("P1", {10000: 1}, by="K1", payment="CARD"),
            "MALFORMED_REQUEST",
        ),
        (lambda c: c.sell_chips("P1", {10000: 1}, by="T1"), "PERMISSION_DENIED"),
    ],
)
def test_refusals_are_typed_and_record_nothing(casino: Casino, call: object, code: str) -> None:
    head = casino.ledger.head()
    with pytest.raises(OpsError) as info:
        call(casino)  # type: ignore[operator]
    assert info.value.code == code
    assert casino.ledger.head() == head


def test_no_sale_outside_an_open_gaming_day(tmp_path: Path) -> None:
    c = build(f"sqlite:///{tmp_path / 'closed.db'}", clock=ManualClock("2026-03-01 12:00"))
    with pytest.raises(OpsError) as info:
        c.sell_chips("P1", {10000: 1}, by="K1")
    assert info.value.code == "DAY_NOT_OPEN"
