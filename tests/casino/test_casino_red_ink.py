"""Red ink: who may request a correction (§4.3 row 18, OPS-SEC-02), and a correction is
checked like the original entry (OPS-INT-05: the corrected values must still be a valid
entry of its kind)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from crupier.casino import Casino, ManualClock
from crupier.casino.errors import OpsError
from crupier.casino.fixture import build, open_day, open_table


@pytest.fixture
def cas(cas_url: str) -> Iterator[Casino]:
    """CAS-T with BJ-3 (chief T1, dealer R2) and RF-1 (chief T4) open."""
    clock = ManualClock("2026-03-01 12:00")
    casino = build(cas_url, clock=clock)
    open_day(casino, clock)
    open_table(casino, "BJ-3")
    open_table(casino, "RF-1")
    yield casino
    casino.ledger.close()


def _fill(cas: Casino) -> int:
    """AS-04: a fill of BJ-3 written as 10,000.00 (100 chips of 100.00), signed T1 and K1."""
    return cas.fill("BJ-3", by="T1", cashier="K1", chips={10000: 100}, slip="F-0001").seq


def _refused(cas: Casino, code: str, seq: int, changes: list[tuple[str, object, object]],
             by: str) -> None:  # fmt: skip
    head = cas.ledger.head()
    with pytest.raises(OpsError) as info:
        cas.request_correction(seq, changes, "slip misread", by=by)
    assert info.value.code == code, f"{by}: {info.value}"
    assert cas.ledger.head() == head


@pytest.mark.parametrize(
    "who",
    [
        "R2",  # the dealer of BJ-3: a dealer cannot create fills
        "K2",  # a cashier who did not sign this fill
        "T4",  # the chief of another table (RF-1)
        "V1",  # a changer, who neither wrote nor signed it
        "I7",  # the CRAJ corrects only CRAJ-authored entries
    ],
)
def test_only_those_who_could_create_the_fill_request_its_correction(cas: Casino, who: str) -> None:
    _refused(cas, "PERMISSION_DENIED", _fill(cas), [("slip", "F-0001", "F-0002")], who)


@pytest.mark.parametrize("who", ["T1", "K1", "D1", "S1", "C2"])
def test_the_chief_the_signing_cashier_and_the_management_may(cas: Casino, who: str) -> None:
    seq = _fill(cas)
    correction = cas.request_correction(seq, [("slip", "F-0001", "F-0002")], "typo", by=who)
    assert correction.payload["corrects"]["seq"] == seq


def test_a_dealer_corrects_the_rounds_of_his_own_table(cas: Casino) -> None:
    round_seq = cas.record_round("BJ-3", by="R2", result={"note": "push"}).seq
    correction = cas.request_correction(
        round_seq, [("result.note", "push", "win")], "wrong key", by="R2"
    )
    assert correction.actor.id == "R2"
    _refused(cas, "PERMISSION_DENIED", round_seq, [("result.note", "push", "loss")], "R1")


def test_correcting_the_total_alone_leaves_the_chips_inconsistent(cas: Casino) -> None:
    seq = _fill(cas)
    _refused(cas, "CHIPCOUNT_MISMATCH", seq, [("total", 1_000_000, 100_000)], "T1")
    _refused(cas, "CHIPCOUNT_MISMATCH", seq, [("chips.10000", 100, 10)], "T1")
    _refused(cas, "UNKNOWN_DENOMINATION", seq, [("chips", {"10000": 100}, {"3333": 300})], "T1")
    _refused(
        cas, "CHIPCOUNT_MISMATCH", seq, [("total", 1_000_000, 0), ("chips.10000", 100, 0)], "T1"
    )  # a fill of nothing, as the fill itself refuses
    fix = cas.request_correction(
        seq, [("total", 1_000_000, 100_000), ("chips.10000", 100, 10)], "slip misread", by="T1"
    )
    cas.decide_correction(fix.seq, True, by="D1")
    assert cas.effective(seq)["total"] == 100_000
    assert cas.effective(seq)["chips"] == {"10000": 10}
