"""Acceptance scenarios of the gaming day, the tables and the books A43/A44/A45/A56 (§13)."""

from __future__ import annotations

from typing import Any

import pytest

from crupier.casino import Casino, ManualClock, Op, OpsError, TableState
from crupier.casino.fixture import CHIEF, chips_for, open_day, open_table
from crupier.casino.model import Limits
from crupier.casino.recall import recall
from crupier.core.layout import Settled
from crupier.core.round import ScriptedSource
from crupier.ledger import Ledger
from crupier.testing import assert_ops_refused


def refused(code: str, fn: Any, *args: Any, **kwargs: Any) -> OpsError:
    """Call the casino method ``fn``; it must raise OpsError ``code`` and append nothing."""
    error: OpsError = assert_ops_refused(fn.__self__, code, fn, *args, **kwargs)
    return error


def play_out(cas: Casino, table: str, by: str | None = None) -> None:
    """Announce the last rounds and play them (rounds recorded by the dealer)."""
    chief = by or CHIEF[table]
    cas.announce_last_rounds(table, by=chief)
    for _ in range(3):
        cas.record_round(table, by=chief, result={"outcome": "dealer 20"})


def close_and_count(cas: Casino, table: str, closing: int | dict[int, int], drop: int) -> None:
    cas.close_table(
        table,
        by=CHIEF[table],
        cashier="K1",
        chips=chips_for(closing) if isinstance(closing, int) else closing,
        seals={"DROP": f"{table}-S1", "TIP": f"{table}-S2"},
        wheel_seal=f"{table}-W1" if table.startswith(("RF", "BO")) else None,
    )
    cas.count_box(table, "DROP", by="K1", second="K2", chips=chips_for(drop), seal=f"{table}-S1")


def bj3_session(
    cas: Casino, clock: ManualClock, *, fills: tuple[int, ...] = (1_000_000,)
) -> list[int]:
    """BJ-3 session 1 of AS-04/AS-13: returns the fill seqs."""
    open_day(cas, clock)
    open_table(cas, "BJ-3", float_total=2_000_000)
    seqs = [
        cas.fill("BJ-3", by="T1", cashier="K1", chips=chips_for(f), slip=f"F-{n}").seq
        for n, f in enumerate(fills)
    ]
    cas.credit("BJ-3", by="T1", cashier="K1", chips=chips_for(500_000), slip="C-1")
    play_out(cas, "BJ-3")
    close_and_count(cas, "BJ-3", {10000: 173, 2500: 400}, 1_845_000)  # 27,300.00
    return seqs


# ------------------------------------------------------------------ 13.1 integrity


def test_as_01_unsealed_book_refuses_entries(cas_url: str, clock: ManualClock) -> None:
    from crupier.casino.fixture import build

    cas = build(cas_url, clock=clock, seal=False)
    for book in ("A44", "A45", "A56", "A60", "A61"):
        cas.seal(book, 2026, by="I7", seal_number=f"S-{book}")
    refused("BOOK_NOT_SEALED", cas.open_day, "2026-03-02", by="D1")  # A43 is DRAFT
    role = cas.authorise(Op.OPEN_TABLE, "T1", "C", "BJ-3")
    refused("BOOK_NOT_SEALED", cas.record, "A43", "TABLE_OPENING", {"table": "BJ-3"}, by="T1",
            role=role, table="BJ-3")  # fmt: skip
    assert cas._volume("A43", 2026).last_seq == 0


def test_as_02_only_the_craj_seals(cas_url: str, clock: ManualClock) -> None:
    from crupier.casino.fixture import build

    cas = build(cas_url, clock=clock, seal=False)
    refused("PERMISSION_DENIED", cas.seal, "A43", 2026, by="D1", seal_number="X")
    seal = cas.seal("A43", 2026, by="I7", seal_number="CRAJ-2026-001")
    assert cas.volumes[("A43", 2026)].state == "SEALED"
    assert seal.actor.id == "I7" and seal.payload["data"]["seal_number"] == "CRAJ-2026-001"
    assert cas.ledger.signatures(seal.seq)[0].payload["signer"]["id"] == "I7"
    for book in ("A44", "A45", "A56", "A60", "A61"):
        cas.seal(book, 2026, by="I7", seal_number=f"S-{book}")
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    first = cas.book_entries("A43")[0]
    assert first.payload["book_seq"] == 1
    assert first.payload["book_prev"] == cas.genesis_hash("A43", 2026) == seal.hash


def test_as_03_no_erasures(cas: Casino, clock: ManualClock) -> None:
    (fill,) = bj3_session(cas, clock)
    before = cas.ledger.get(fill)
    for method in ("update", "delete", "erase", "set_payload"):
        assert not hasattr(cas.ledger, method) and not hasattr(cas, method)
    from sqlalchemy import text

    for sql in (
        "UPDATE ledger_entries SET payload = '{}' WHERE seq = :s",
        "DELETE FROM ledger_entries WHERE seq = :s",
    ):
        with pytest.raises(Exception, match="immutable"), cas.ledger.engine.begin() as conn:
            conn.execute(text(sql), {"s": fill})
    assert cas.ledger.get(fill) == before


def test_as_04_red_ink_correction_after_approval(cas: Casino, clock: ManualClock) -> None:
    (fill,) = bj3_session(cas, clock)
    ts = cas.table_session("BJ-3").id
    result = cas.sign_result("BJ-3", by="D1")
    assert cas.effective_result(ts) == 2_075_000
    corr = cas.request_correction(
        fill, [("total", 1_000_000, 100_000), ("chips.10000", 100, 10)], "slip misread", by="T1"
    )
    assert corr.payload["red_ink"] is True
    assert cas.view(fill).corrections[0].state == "PENDING"
    assert cas.ledger.get(fill).payload["data"]["total"] == 1_000_000
    assert cas.effective_result(ts) == 2_075_000
    assert cas.session_figures(ts)["pending_correction"] is True
    decision = cas.decide_correction(corr.seq, True, by="D1")
    assert decision.payload == {
        "correction": corr.ref(), "decision": "APPROVED", "red_ink": True,
    }  # fmt: skip
    view = cas.view(result.seq)
    assert [c.state for c in view.corrections] == ["APPROVED"]
    assert view.corrections[0].entry.payload["changes"][0]["new_value"] == 2_975_000
    assert cas.effective_result(ts) == 2_975_000
    assert cas.ledger.get(fill).payload["data"]["total"] == 1_000_000  # the original stays
    assert cas.effective(fill)["total"] == 100_000


def test_as_05_who_may_approve(cas: Casino, clock: ManualClock) -> None:
    (fill,) = bj3_session(cas, clock)
    corr = cas.request_correction(
        fill, [("total", 1_000_000, 100_000), ("chips.10000", 100, 10)], "slip misread", by="T1"
    )
    for who in ("R1", "S1", "C2"):
        refused("PERMISSION_DENIED", cas.decide_correction, corr.seq, True, by=who)
    cas.decide_correction(corr.seq, True, by="C1")
    assert cas.view(fill).corrections[0].state == "APPROVED"
    ts = cas.table_session("BJ-3")
    own = cas.request_correction(ts.credits[0], [("slip", "C-1", "C-01")], "typo", by="D1")
    refused("SAME_SIGNER", cas.decide_correction, own.seq, True, by="D1")
    cas.decide_correction(own.seq, True, by="C1")
    assert cas.effective(ts.credits[0])["slip"] == "C-01"


def test_as_06_integral_approval_rejection_keeps_original(cas: Casino, clock: ManualClock) -> None:
    bj3_session(cas, clock)
    closing = cas.table_session("BJ-3").closing
    assert closing is not None
    corr = cas.request_correction(
        closing,
        [("float.chips.2500", 400, 404), ("float.total", 2_730_000, 2_740_000)],
        "miscount", by="T1",
    )  # fmt: skip
    import inspect

    assert list(inspect.signature(cas.decide_correction).parameters) == [
        "correction_seq",
        "approve",
        "by",
    ]
    cas.decide_correction(corr.seq, False, by="D1")
    assert cas.view(closing).corrections[0].state == "REJECTED"
    assert cas.effective(closing)["float"]["total"] == 2_730_000
    assert cas.ledger.get(corr.seq).kind == "correction"


def test_as_07_one_pending_correction_per_field(cas: Casino, clock: ManualClock) -> None:
    (fill,) = bj3_session(cas, clock)
    cas.request_correction(
        fill, [("total", 1_000_000, 100_000), ("chips.10000", 100, 10)], "slip misread", by="T1"
    )
    refused(
        "CORRECTION_PENDING", cas.request_correction, fill,
        [("total", 1_000_000, 200_000), ("chips.10000", 100, 20)],
        "other", by="K1",
    )  # fmt: skip


def test_as_08_tamper_detection(cas: Casino, clock: ManualClock, cas_url: str) -> None:
    from sqlalchemy import text

    from crupier.casino.base import verify_volume
    from crupier.ledger import verify

    (fill,) = bj3_session(cas, clock)
    public = cas.ledger._key.public_key  # type: ignore[union-attr]
    assert verify(cas_url, [public]).ok
    engine = cas.ledger.engine
    with engine.begin() as conn:
        if engine.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER IF EXISTS ledger_entries_no_update"))
        else:
            conn.execute(text("DROP TRIGGER IF EXISTS ledger_entries_no_change ON ledger_entries"))
        payload = conn.execute(
            text("SELECT payload FROM ledger_entries WHERE seq = :s"), {"s": fill}
        ).scalar_one()
        conn.execute(
            text("UPDATE ledger_entries SET payload = :p WHERE seq = :s"),
            {"p": payload.replace('"total":1000000', '"total":100000'), "s": fill},
        )
    report = verify(cas_url, [public])
    assert not report.ok and report.first_bad_seq == fill and report.reason == "hash-mismatch"
    volume = verify_volume(cas_url, "A43", 2026, [public])
    assert volume["status"] == "BROKEN"
    assert volume["first_broken_seq"] == cas.entry_book[fill][2]
    assert verify_volume(cas_url, "A45", 2026, [public])["status"] == "OK"  # before the break


def test_as_09_signatures(cas: Casino, clock: ManualClock) -> None:
    from crupier.ledger import Cosigner, SigningKey

    open_day(cas, clock)
    open_table(cas, "BJ-3")
    fill = cas.fill("BJ-3", by="T1", chips=chips_for(100_000), slip="F-9")
    forged = Cosigner("K1", "CSH", SigningKey.generate(), "CASHIER")  # not K1's registered key
    with pytest.raises(Exception) as info:
        cas.ledger.cosign(fill.seq, forged)
    assert getattr(info.value, "code", "") in ("unknown-key", "signature-invalid")
    cas.record("STF", "LICENCE", {
        "staff": "R2", "number": "I-R2", "status": "SUSPENDED", "application_date": "2025-12-01",
        "decision_date": "2026-03-02", "notification_ref": "CRAJ-N-1",
    }, by="I7", role=cas.authorise(Op.LICENCE_DECISION, "I7"))  # fmt: skip
    err = refused("SIGNER_NOT_AUTHORISED", cas.signing_role, "R2", "CASHIER", "BJ-3")
    assert "licence" in str(err)


def test_as_10_four_eyes(cas: Casino, clock: ManualClock) -> None:
    from crupier.casino import Role

    open_day(cas, clock)
    cas.assign("T1", Role.CSH)
    open_table(cas, "BJ-3")
    fill = cas.fill("BJ-3", by="T1", chips=chips_for(1_000_000), slip="F-1")
    assert cas.status(fill.seq) == "INCOMPLETE"
    with pytest.raises(OpsError) as info:
        cas.sign(fill.seq, "T1", "CASHIER")
    assert info.value.code == "SAME_SIGNER"
    assert cas.status(fill.seq) == "INCOMPLETE"
    cas.sign(fill.seq, "K1", "CASHIER")
    assert cas.status(fill.seq) == "COMPLETE"


def test_as_11_no_result_over_incomplete_entries(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    credit = cas.credit("BJ-3", by="T1", chips=chips_for(500_000), slip="C-1")  # TC only
    play_out(cas, "BJ-3")
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(1_500_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip
    cas.count_box("BJ-3", "DROP", by="K1", second="K2", chips=chips_for(10_000), seal="S1")
    refused("SIGNATURES_INCOMPLETE", cas.sign_result, "BJ-3", by="D1")
    cas.sign(credit.seq, "K1", "CASHIER")
    cas.sign_result("BJ-3", by="D1")


def test_as_11_count_missing(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    play_out(cas, "BJ-3")
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip
    refused("COUNT_MISSING", cas.sign_result, "BJ-3", by="D1")


def test_as_12_annulment_of_a_duplicate(cas: Casino, clock: ManualClock) -> None:
    first, second = bj3_session(cas, clock, fills=(1_000_000, 1_000_000))
    ts = cas.table_session("BJ-3").id
    assert cas.session_figures(ts)["result"] == 1_075_000
    corr = cas.request_correction(second, [("@status", "ACTIVE", "ANNULLED")], "duplicate", by="T1")
    cas.decide_correction(corr.seq, True, by="D1")
    assert cas.session_figures(ts)["result"] == 2_075_000
    assert cas.annulled(second) and not cas.annulled(first)
    assert cas.ledger.get(second).payload["data"]["total"] == 1_000_000


# ------------------------------------------------------------ 13.2 results and summaries


def test_as_13_banking_table_house_win(cas: Casino, clock: ManualClock) -> None:
    bj3_session(cas, clock)
    entry = cas.sign_result("BJ-3", by="D1")
    d = entry.payload["data"]
    assert (d["opening_float"], d["fills"], d["credits"], d["drop"], d["closing_float"]) == (
        2_000_000, 1_000_000, 500_000, 1_845_000, 2_730_000,
    )  # fmt: skip
    assert d["result"] == 2_075_000
    assert entry.payload["book"] == "A43"


def test_as_14_banking_table_house_loss(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1", float_total=2_000_000)
    play_out(cas, "RF-1")
    close_and_count(cas, "RF-1", 1_250_000, 300_000)
    assert cas.sign_result("RF-1", by="D1").payload["data"]["result"] == -450_000


def bd1_session(cas: Casino, clock: ManualClock, cagnotte: int = 156_000) -> None:
    open_table(cas, "BD-1", float_total=1_000_000)
    cas.incident("BD-1", "OTHER", "end of the talla", by="T2", extra={"end_last_rounds": True})
    cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(780_000),
                    seals={"CAGNOTTE": "BD1-S1", "TIP": "BD1-S2"})  # fmt: skip
    cas.count_box(
        "BD-1", "CAGNOTTE", by="K1", second="K2", chips=chips_for(cagnotte), seal="BD1-S1"
    )


def test_as_15_circle_result_excludes_tips(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    bd1_session(cas, clock)
    result = cas.sign_result("BD-1", by="D1")
    assert result.payload["book"] == "A44" and result.payload["data"]["result"] == 156_000
    clock.advance(minutes=30)
    tips = cas.count_tips("BD-1", by="K1", second="K2", chips=chips_for(31_000), seal="BD1-S2")
    assert tips.payload["book"] == "A56"
    assert cas.effective_result(cas.table_session("BD-1").id) == 156_000


def test_as_16_daily_summary(cas: Casino, clock: ManualClock) -> None:
    cas.carry_forward(2026, year_to_date=25_000_000, month="2026-03", month_to_date=900_000)
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    for table in ("BJ-3", "RF-1"):
        open_table(cas, table)
    open_table(cas, "BD-1", float_total=1_000_000)
    cas.fill("BJ-3", by="T1", cashier="K1", chips=chips_for(1_000_000), slip="F-1")
    cas.credit("BJ-3", by="T1", cashier="K1", chips=chips_for(500_000), slip="C-1")
    play_out(cas, "BJ-3")
    close_and_count(cas, "BJ-3", 2_730_000, 1_845_000)
    play_out(cas, "RF-1")
    close_and_count(cas, "RF-1", 1_250_000, 300_000)
    cas.incident("BD-1", "OTHER", "end of the talla", by="T2", extra={"end_last_rounds": True})
    cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(780_000),
                    seals={"CAGNOTTE": "BD1-S1", "TIP": "BD1-S2"})  # fmt: skip
    cas.count_box("BD-1", "CAGNOTTE", by="K1", second="K2", chips=chips_for(156_000), seal="BD1-S1")
    for table in ("BJ-3", "RF-1", "BD-1"):
        cas.sign_result(table, by="D1")
    clock.advance(minutes=30)
    cas.count_tips("BJ-3", by="K1", second="K2", chips=chips_for(124_000), seal="BJ-3-S2")
    cas.count_tips("BD-1", by="K1", second="K2", chips=chips_for(31_000), seal="BD1-S2")
    cas.count_tips("RF-1", by="K1", second="K2", chips={}, seal="RF-1-S2")
    d = cas.daily_summary("2026-03-02", by="D1").payload["data"]
    assert [(line["table"], line["result"]) for line in d["lines"]] == [
        ("BJ-3", 2_075_000), ("RF-1", -450_000), ("BD-1", 156_000),
    ]  # fmt: skip
    assert d["banking_total"] == 1_625_000
    assert d["circle_total"] == 156_000
    assert d["tables_total"] == 1_781_000
    assert d["month_to_date"] == 2_681_000
    assert d["year_to_date"] == 26_781_000
    assert d["tips_total"] == 155_000


def test_as_17_substitution_for_signatures(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    bd1_session(cas, clock)
    refused("PERMISSION_DENIED", cas.sign_result, "BD-1", by="R1")
    cas.sign_result("BD-1", by="S1")
    refused("PERMISSION_DENIED", cas.daily_summary, "2026-03-02", by="R1")
    assert cas.daily_summary("2026-03-02", by="C1").actor.id == "C1"


# -------------------------------------------------------------- 13.3 table operations


def test_as_19_temporary_closure_and_key_custody(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1")
    clock.set("2026-03-03 03:00")
    entry = cas.temp_close("RF-1", by="D1", reason="attendance falls")
    assert entry.payload["type"] == "TEMP_CLOSURE"
    assert cas.tables["RF-1"].state is TableState.TEMP_CLOSED
    assert cas.key_custody["RF-1-BANK"] == "D1"
    refused("TABLE_NOT_OPEN", cas.record_round, "RF-1", by="T4", result={"number": 7})
    refused("TABLE_NOT_OPEN", cas.fill, "RF-1", by="T4", cashier="K1", chips={10000: 10}, slip="F")
    refused("KEY_HOLDER_ONLY", cas.reopen, "RF-1", by="T4")
    refused("KEY_HOLDER_ONLY", cas.reopen, "RF-1", by="C1")
    clock.set("2026-03-03 04:30")
    assert cas.reopen("RF-1", by="D1").payload["type"] == "REOPEN"
    assert cas.tables["RF-1"].state is TableState.OPEN
    assert cas.key_custody["RF-1-BANK"] == "TABLE"


def test_as_20_definitive_closure(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1")
    cas.temp_close("RF-1", by="D1")
    cas.close_definitively("RF-1", by="D1")
    cas.close_table("RF-1", by="T4", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"}, wheel_seal="RF-1-W9")  # fmt: skip
    assert cas.wheel("RF-1") == {"locked": True, "holder": "CAGE", "seal": "RF-1-W9"}
    assert cas.tables["RF-1"].state is TableState.COUNTING
    texts = [cas.ledger.get(s).payload["data"].get("text") for s in cas.table_session("RF-1").other]
    assert not any("últimes" in (t or "") for t in texts)


def test_as_21_temporary_closure_refused_with_open_bets(cas: Casino, clock: ManualClock) -> None:
    from crupier.core.rng import SeededSource

    open_day(cas, clock)
    open_table(cas, "CR-1", float_total=2_000_000, maximum=50_000)
    cas.source = SeededSource(1)
    cas.buy_in("CR-1", "P1", 100_000, by="T3")
    for _ in range(40):
        cas.play_round("CR-1", by="T3", bets=[("P1", "win", 10_000)] if not _bets(cas) else [])
        if _point(cas) is not None and _bets(cas):
            break
    assert _point(cas) is not None and _bets(cas)
    refused("OPEN_BETS_PRESENT", cas.temp_close, "CR-1", by="D1")


def _bets(cas: Casino) -> dict[int, object]:
    engine = cas.engine("CR-1")
    assert engine is not None
    return engine.state.bets  # type: ignore[no-any-return]


def _point(cas: Casino) -> int | None:
    engine = cas.engine("CR-1")
    assert engine is not None
    return engine.state.point  # type: ignore[no-any-return]


def test_as_22_the_last_three_rounds(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    open_table(cas, "RF-1")
    for _ in range(209):
        cas.record_round("BJ-3", by="R2", result={"outcome": "x"})
    clock.set("2026-03-03 04:00")
    ann = cas.announce_last_rounds("BJ-3", by="T1")
    assert ann.payload["data"]["text"] == "les tres últimes jugades"
    assert (
        cas.tables["BJ-3"].state is TableState.LAST_ROUNDS and cas.tables["BJ-3"].rounds_left == 3
    )
    rounds = [cas.record_round("BJ-3", by="R2", result={"outcome": "x"}) for _ in range(3)]
    assert [r.payload["data"]["round"] for r in rounds] == [210, 211, 212]
    assert [r.payload["data"]["is_last_round_of_session"] for r in rounds] == [False, False, True]
    refused("LAST_ROUNDS_EXHAUSTED", cas.record_round, "BJ-3", by="R2", result={})
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip
    assert cas.tables["BJ-3"].state is TableState.COUNTING
    refused("PERMISSION_DENIED", cas.announce_last_rounds, "RF-1", by="R1")


def test_as_23_craps_returns_unresolved_bets(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "CR-1", maximum=50_000)
    for p in ("P1", "P2", "P3"):
        cas.buy_in("CR-1", p, 100_000, by="T3")
    cas.announce_last_rounds("CR-1", by="T3")
    announcement = cas.ledger.get(cas.table_session("CR-1").other[-1]).payload["data"]
    assert announcement["text"] == "les tres últimes tirades"
    cas.source = _dice_source([(4, 4), (3, 3), (2, 3)])  # throws 8, 6, 5
    cas.play_round("CR-1", by="T3", bets=[("P1", "win", 10_000)])
    assert _point(cas) == 8
    cas.play_round("CR-1", by="T3", bets=[("P2", "come", 5_000)])
    last = cas.play_round("CR-1", by="T3", bets=[("P3", "field", 2_000)])
    assert last.payload["data"]["is_last_round_of_session"] is True
    decisions = _settlements(cas, "CR-1")
    assert decisions["P3"] == ["lose"]
    assert decisions["P1"][-1] == decisions["P2"][-1] == "returned at closing"
    assert "lose" not in decisions["P1"] + decisions["P2"]
    assert not _bets(cas)
    engine = cas.engine("CR-1")
    assert engine is not None
    players = engine.state.players
    assert (players["P1"], players["P2"], players["P3"]) == (100_000, 100_000, 98_000)
    assert cas.play_over("CR-1")


def _dice_source(throws: list[tuple[int, int]]) -> ScriptedSource:
    draws: list[tuple[int, int]] = []
    for a, b in throws:
        draws += [(6, a - 1), (6, b - 1)]
    return ScriptedSource(draws)


def _settlements(cas: Casino, table: str) -> dict[str, list[str]]:
    """Each player's settlement decisions, read back by replaying the journal's log."""
    engine = cas.engine(table)
    assert engine is not None
    game = type(engine)(engine.profile, ScriptedSource([]))
    out: dict[str, list[str]] = {}
    for raw in cas.engine_logs[cas.table_session(table).id]:
        entry = type(engine).entry_from_dict(raw)
        game.source = ScriptedSource(entry.draws)
        for event in game.apply(entry.action).events:
            if isinstance(event, Settled):
                out.setdefault(event.player, []).append(event.decision)
    return out


def test_as_24_void_throws_do_not_count(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "CR-1", maximum=50_000)
    cas.buy_in("CR-1", "P1", 100_000, by="T3")
    cas.announce_last_rounds("CR-1", by="T3")
    cas.source = _dice_source([(4, 4), (3, 3), (2, 3)])  # 8 (a point), then 6 and 5
    cas.play_round("CR-1", by="T3", bets=[("P1", "win", 10_000)])
    assert cas.tables["CR-1"].rounds_left == 2
    cas.play_round("CR-1", by="T3", void=True, void_reason="a die left the table")
    assert cas.tables["CR-1"].rounds_left == 2
    incident = cas.ledger.get(cas.incidents[-1]).payload["data"]
    assert incident["type"] == "VOID_ROUND"
    cas.play_round("CR-1", by="T3")
    cas.play_round("CR-1", by="T3")
    refused("LAST_ROUNDS_EXHAUSTED", cas.play_round, "CR-1", by="T3")


def _pockets(*numbers: int) -> ScriptedSource:
    from crupier.core.wheel import SINGLE_ZERO_ORDER

    return ScriptedSource([(37, SINGLE_ZERO_ORDER.index(n)) for n in numbers])


def test_as_25_zero_on_the_last_round_of_the_session(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-2")
    for player in ("P4", "P5"):
        cas.buy_in("RF-2", player, 100_000, by="T5")
    cas.announce_last_rounds("RF-2", by="T5")
    cas.source = _pockets(7, 0, 0)
    cas.play_round("RF-2", by="T5")
    cas.play_round("RF-2", by="T5", bets=[("P5", "even", 10_000)])  # zero: even goes to prison
    engine = cas.engine("RF-2")
    assert engine is not None
    (prison,) = engine.state.bets.values()
    assert prison.player == "P5" and prison.status != "free"
    assert cas.tables["RF-2"].rounds_left == 1
    last = cas.play_round("RF-2", by="T5", bets=[("P4", "red", 10_000)])
    assert last.payload["data"]["is_last_round_of_session"] is True
    engine = cas.engine("RF-2")
    assert engine is not None
    assert not engine.state.bets  # no bet remains in prison
    assert engine.state.players["P4"] == 100_000 - 10_000 + 5_000  # half of 100.00 back
    assert engine.state.players["P5"] == 100_000 - 10_000 + 2_500  # a quarter back
    assert cas.play_over("RF-2")


def test_as_26_limit_change_with_five_passes(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3", minimum=1000, maximum=100_000)
    open_table(cas, "BJ-5", minimum=1000, maximum=100_000)
    for _ in range(100):
        cas.record_round("BJ-5", by="R2", result={})
    clock.set("2026-03-03 01:00")
    ann = cas.announce_limit_change("BJ-5", Limits(2500, 250_000), by="D1")
    assert ann.payload["data"]["text"] == "les cinc últimes passades"
    assert cas.tables["BJ-5"].state is TableState.LIMIT_CHANGE_PENDING
    assert cas.tables["BJ-5"].rounds_left == 5
    for n in range(101, 106):
        bets = [{"player": "P1", "spot": "box 1", "amount": 1000}] if n == 103 else []
        cas.record_round("BJ-5", by="R2", result={}, bets=bets)
    assert cas.tables["BJ-5"].state is TableState.AWAITING_FLOAT_TOPUP
    refused("TABLE_NOT_OPEN", cas.record_round, "BJ-5", by="R2", result={})
    fill = cas.fill("BJ-5", by="T1", chips=chips_for(2_000_000), slip="F-LC", reason="LIMIT_CHANGE")
    assert cas.tables["BJ-5"].state is TableState.AWAITING_FLOAT_TOPUP  # not yet co-signed
    cas.sign(fill.seq, "K1", "CASHIER")
    assert cas.tables["BJ-5"].state is TableState.OPEN
    assert cas.tables["BJ-5"].limits == Limits(2500, 250_000)
    refused("BET_BELOW_MIN", cas.record_round, "BJ-5", by="R2", result={},
            bets=[{"player": "P1", "spot": "box 1", "amount": 1000}])  # fmt: skip
    r106 = cas.record_round("BJ-5", by="R2", result={},
                            bets=[{"player": "P1", "spot": "box 1", "amount": 2500}])  # fmt: skip
    assert r106.payload["data"]["round"] == 106
    refused("BET_ABOVE_MAX", cas.record_round, "BJ-5", by="R2", result={},
            bets=[{"player": "P1", "spot": "box 1", "amount": 300_000}])  # fmt: skip
    figures = cas.session_figures(cas.table_session("BJ-5").id)
    assert figures["opening_float"] == 2_000_000 and figures["fills"] == 2_000_000
    change = [cas.ledger.get(s) for s in cas.table_session("BJ-5").other][-1]
    assert (
        change.payload["type"] == "LIMIT_CHANGE"
        and change.payload["data"]["effective_round"] == 106
    )


def test_as_27_limits_outside_the_band(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3", minimum=1000, maximum=100_000)
    open_table(cas, "BJ-5", minimum=1000, maximum=100_000)
    refused("LIMIT_OUT_OF_BAND", cas.announce_limit_change, "BJ-5", Limits(2500, 600_000), by="D1")
    assert cas.tables["BJ-5"].state is TableState.OPEN


def test_as_28_one_table_at_the_authorised_minimum(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1", minimum=500, maximum=15_000)
    open_table(cas, "RF-2", minimum=500, maximum=15_000)
    cas.announce_limit_change("RF-1", Limits(1000, 30_000), by="D1")
    for _ in range(5):
        cas.record_round("RF-1", by="T4", result={})
    cas.fill(
        "RF-1", by="T4", cashier="K1", chips=chips_for(1_000_000), slip="F-1", reason="LIMIT_CHANGE"
    )
    assert cas.tables["RF-1"].limits == Limits(1000, 30_000)
    refused("MIN_TABLE_RULE", cas.announce_limit_change, "RF-2", Limits(1000, 30_000), by="D1")


def test_as_29_boule_layouts(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BO-1", float_total=500_000, layouts={"A": 400, "B": 200}, maximum=4000)
    refused("MIN_TABLE_RULE", cas.announce_limit_change, "BO-1",
            Limits(400, 4000, {"A": 400, "B": 400}), by="D1")  # fmt: skip
    refused("LIMIT_OUT_OF_BAND", cas.announce_limit_change, "BO-1",
            Limits(200, 2000, {"A": 600, "B": 200}), by="D1")  # fmt: skip


def test_as_30_no_closing_announcement_during_a_limit_change(
    cas: Casino, clock: ManualClock
) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3", minimum=1000, maximum=100_000)
    open_table(cas, "BJ-5", minimum=1000, maximum=100_000)
    cas.announce_limit_change("BJ-5", Limits(2500, 250_000), by="D1")
    cas.record_round("BJ-5", by="R2", result={})
    cas.record_round("BJ-5", by="R2", result={})
    assert cas.tables["BJ-5"].rounds_left == 3
    refused("LIMIT_CHANGE_PENDING", cas.announce_last_rounds, "BJ-5", by="T1")
    cas.cancel_limit_change("BJ-5", by="D1")
    assert cas.tables["BJ-5"].limits == Limits(1000, 100_000)
    cas.announce_last_rounds("BJ-5", by="T1")


def test_as_31_bet_medium_and_multiples(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "CR-1", minimum=500, maximum=5000)
    refused("NOT_MULTIPLE_OF_MIN", cas.check_bet, "CR-1", 1200)
    cas.check_bet("CR-1", 1500)
    refused("BET_NOT_CHIPS", cas.check_bet, "CR-1", 2000, medium="CASH")


def test_as_32_minimum_crew_and_supervision_span(cas: Casino, clock: ManualClock) -> None:
    from crupier.casino import Role

    open_day(cas, clock)
    limits = Limits(500, 5000)
    kwargs = {"by": "T3", "cashier": "K1", "float_chips": chips_for(2_000_000), "limits": limits}
    refused("STAFFING_INSUFFICIENT", cas.open_table, "CR-1",
            staff={"R1": "DEALER", "R3": "STICKMAN"}, **kwargs)  # fmt: skip
    cas.open_table("CR-1", staff={"R1": "DEALER", "R3": "STICKMAN", "R2": "DEALER"}, **kwargs)
    cas.assign("T1", Role.TC, tables=["BJ-1", "BJ-2", "BJ-4"])
    bj = {"cashier": "K1", "float_chips": chips_for(2_000_000), "limits": Limits(1000, 50_000)}
    cas.open_table("BJ-1", by="T1", staff={"R2": "DEALER"}, **bj)
    cas.open_table("BJ-2", by="T1", staff={"R2": "DEALER"}, **bj)
    refused(
        "SUPERVISION_SPAN_EXCEEDED", cas.open_table, "BJ-3", by="T1", staff={"R2": "DEALER"}, **bj
    )


def test_as_32_half_craps_and_contiguous_span(cas: Casino, clock: ManualClock) -> None:
    from crupier.casino import Role

    open_day(cas, clock)
    cas.open_table("CR-1", by="T3", cashier="K1", float_chips=chips_for(2_000_000),
                   limits=Limits(500, 5000), staff={"R3": "DEALER_STICKMAN"}, mode="HALF")  # fmt: skip
    cas.add_table("BJ-6", "blackjack", contiguity_group="BJ-C")
    cas.add_table("BJ-7", "blackjack", contiguity_group="BJ-C")
    cas.assign("T1", Role.TC, tables=["BJ-4", "BJ-6", "BJ-7"])
    bj = {"cashier": "K1", "float_chips": chips_for(2_000_000), "limits": Limits(1000, 50_000)}
    for t in ("BJ-3", "BJ-4", "BJ-5", "BJ-6"):
        cas.open_table(t, by="T1", staff={"R2": "DEALER"}, **bj)
    refused(
        "SUPERVISION_SPAN_EXCEEDED", cas.open_table, "BJ-7", by="T1", staff={"R2": "DEALER"}, **bj
    )


def test_as_33_settled_rounds_cannot_be_reopened(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    for _ in range(150):
        cas.record_round("BJ-3", by="R2", result={})
    claim = cas.claim("BJ-3", 150, "P6: my double was paid as a single", by="T1")
    assert claim.payload["data"]["type"] == "CLAIM" and claim.payload["data"]["round"] == 150
    refused("ROUND_ALREADY_SETTLED", cas.amend_round, "BJ-3", 150, by="T1")


def test_as_34_craj_suspension(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1")
    clock.set("2026-03-02 23:00")
    cas.suspend("RF-1", "verify wheel level", by="I8")
    assert cas.tables["RF-1"].state is TableState.SUSPENDED
    refused("TABLE_SUSPENDED", cas.record_round, "RF-1", by="T4", result={})
    refused("PERMISSION_DENIED", cas.lift, "RF-1", by="D1")
    cas.lift("RF-1", by="I8")
    assert cas.tables["RF-1"].state is TableState.OPEN


def test_as_35_free_bank_limits(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BD-1", float_total=1_000_000, mode="FREE_BANK")
    refused("FREE_BANK_LIMIT", cas.open_table, "BD-2", by="T7", cashier="K1",
            float_chips=chips_for(1_000_000), limits=Limits(2000, 100_000),
            staff={"R3": "DEALER", "V1": "CHANGER"}, mode="FREE_BANK")  # fmt: skip


# --------------------------------------------------------------- 13.7 tips and the day


def test_as_55_tips_after_the_end_of_gaming_hours(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    cas.config.sessions_per_day = 1
    cas.sessions[cas.table_session("BJ-3").session].last = True
    clock.set("2026-03-03 04:20")
    play_out(cas, "BJ-3")
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip
    day = cas.days["2026-03-02"]
    assert day.state == "CLOSED_TO_PLAY"


def test_as_55_tips_counted_and_totalled(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    open_table(cas, "BD-1", float_total=1_000_000)
    clock.set("2026-03-02 21:00")  # session 1 ends; session 2 (the last) runs until 04:35
    play_out(cas, "BJ-3")
    close_and_count(cas, "BJ-3", 2_000_000, 0)
    cas.incident("BD-1", "OTHER", "end of the talla", by="T2", extra={"end_last_rounds": True})
    cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(1_000_000),
                    seals={"CAGNOTTE": "C1", "TIP": "C2"})  # fmt: skip
    cas.count_box("BD-1", "CAGNOTTE", by="K1", second="K2", chips={}, seal="C1")
    cas.close_session(by="D1")
    cas.open_session(by="D1", name="night")
    open_table(cas, "BJ-5")
    clock.set("2026-03-03 04:20")
    refused("TIPS_COUNT_TOO_EARLY", cas.count_tips, "BJ-3", by="K1", second="K2",
            chips=chips_for(124_000), seal="BJ-3-S2")  # fmt: skip
    clock.set("2026-03-03 04:35")
    play_out(cas, "BJ-5")
    cas.close_table("BJ-5", by="T1", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S5", "TIP": "S6"})  # fmt: skip
    day = cas.days["2026-03-02"]
    assert day.state == "CLOSED_TO_PLAY"
    assert day.closed_to_play_at is not None
    assert (
        day.closed_to_play_at.astimezone(clock.tz).strftime("%Y-%m-%d %H:%M") == "2026-03-03 04:35"
    )
    clock.set("2026-03-03 05:00")
    cas.count_tips("BJ-3", by="K1", second="K2", chips=chips_for(124_000), seal="BJ-3-S2")
    cas.count_tips("BD-1", by="K1", second="K2", chips=chips_for(31_000), seal="C2")
    cas.count_tips("BJ-5", by="K1", second="K2", chips={}, seal="S6")
    total = cas.tips_day_total("2026-03-02", by="D1")
    assert total.payload["data"]["total"] == 155_000


def test_as_55_tips_not_accepted(cas_url: str, clock: ManualClock) -> None:
    from crupier.casino.fixture import build

    cas = build(cas_url, clock=clock, tips_accepted=False)
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    refused("TIPS_NOT_ACCEPTED", cas.count_tips, "BJ-3", by="K1", second="K2", chips={}, seal="x")


def full_day(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    play_out(cas, "BJ-3")
    cas.close_table("BJ-3", by="T1", cashier="K1", chips=chips_for(2_100_000),
                    seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip


def test_as_61_closing_the_gaming_day(cas: Casino, clock: ManualClock) -> None:
    full_day(cas, clock)
    err = refused("DAY_NOT_CLOSABLE", cas.close_day, by="D1")
    assert "BJ-3 drop count missing" in err.details
    cas.count_box("BJ-3", "DROP", by="K1", second="K2", chips=chips_for(50_000), seal="S1")
    result = cas.sign_result("BJ-3", by="D1")
    cas.close_session(by="D1")
    clock.advance(minutes=20)
    cas.count_tips("BJ-3", by="K1", second="K2", chips=chips_for(10_000), seal="S2")
    cas.tips_day_total("2026-03-02", by="D1")
    cas.daily_summary("2026-03-02", by="D1")
    cas.close_day(by="D1")
    assert cas.days["2026-03-02"].state == "CLOSED"
    refused("DAY_CLOSED", cas.fill, "BJ-3", by="T1", cashier="K1", chips={10000: 1}, slip="late")
    # the chief cannot create a session result (§4.3 row 16), so cannot correct one (row 18)
    refused("PERMISSION_DENIED", cas.request_correction, result.seq, [("drop", 50_000, 60_000)],
            "recount", by="T1")  # fmt: skip
    fix = cas.request_correction(result.seq, [("drop", 50_000, 60_000)], "recount", by="S1")
    assert fix.payload["red_ink"] is True


def test_as_62_opening_requires_sealed_books_and_one_day(cas_url: str, clock: ManualClock) -> None:
    from crupier.casino.fixture import build

    cas = build(cas_url, clock=clock, seal=False)
    for book in ("A43", "A44", "A45", "A60", "A61"):
        cas.seal(book, 2026, by="I7", seal_number=f"S-{book}")
    refused("BOOK_NOT_SEALED", cas.open_day, "2026-03-02", by="D1")
    cas.seal("A56", 2026, by="I7", seal_number="S-A56")
    cas.open_day("2026-03-01", by="D1")
    refused("DAY_ALREADY_OPEN", cas.open_day, "2026-03-02", by="D1")


# ----------------------------------------------------------------- state from the books


def test_reopening_the_casino_rebuilds_its_state(
    cas: Casino, clock: ManualClock, cas_url: str
) -> None:
    from crupier.casino.casino import open_casino

    (fill,) = bj3_session(cas, clock)
    cas.sign_result("BJ-3", by="D1")
    again = open_casino(cas_url, None, clock=clock, keyring=cas.keyring)
    ts = again.table_session("BJ-3")
    assert again.tables["BJ-3"].state is TableState.CLOSED
    assert ts.fills == [fill] and again.effective_result(ts.id) == 2_075_000
    assert again.days["2026-03-02"].state == "OPEN"
    assert again.volumes[("A43", 2026)].last_seq == cas.volumes[("A43", 2026)].last_seq
    again.ledger.close()


def test_chip_counts_are_checked(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    refused("UNKNOWN_DENOMINATION", cas.fill, "BJ-3", by="T1", chips={777: 1}, slip="F-1")
    refused("CHIPCOUNT_MISMATCH", cas.fill, "BJ-3", by="T1", chips={10000: 1}, slip="F-1",
            total=20_000)  # fmt: skip
    refused("CHIPCOUNT_MISMATCH", cas.fill, "BJ-3", by="T1", chips={10000: -1}, slip="F-1")
    cas.fill("BJ-3", by="T1", chips={10000: 1}, slip="F-1")
    refused("MALFORMED_REQUEST", cas.fill, "BJ-3", by="T1", chips={10000: 1}, slip="F-1")
    refused("PERMISSION_DENIED", cas.fill, "BJ-3", by="R2", chips={10000: 1}, slip="F-2")
    refused("PERMISSION_DENIED", cas.fill, "BJ-3", by="T4", chips={10000: 1}, slip="F-2")


# ----------------------------------------------------------- circle tables and wheels


def test_as_18_changer_reconciliation(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    open_table(cas, "BD-1", float_total=1_000_000)  # the changer's cash-for-chips float
    cas.changer_fill("BD-1", by="V1", cashier="K1", chips=chips_for(500_000), slip="CF-1")
    cas.incident("BD-1", "OTHER", "end of the talla", by="T2", extra={"end_last_rounds": True})
    cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(780_000),
                    seals={"CAGNOTTE": "C1", "TIP": "C2"})  # fmt: skip
    entry = cas.changer_reconciliation("BD-1", by="V1", cashier="K1", chief="T2",
                                       cash_collected=720_000)  # fmt: skip
    assert entry.payload["data"]["variance"] == 0
    assert cas.status(entry.seq) == "COMPLETE"
    incidents_before = len(cas.incidents)
    cas.count_box("BD-1", "CAGNOTTE", by="K1", second="K2", chips=chips_for(156_000), seal="C1")
    assert cas.sign_result("BD-1", by="D1").payload["data"]["result"] == 156_000
    assert len(cas.incidents) == incidents_before


def test_as_18_changer_variance_is_an_incident_not_a_result(
    cas: Casino, clock: ManualClock
) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    open_table(cas, "BD-1", float_total=1_000_000)
    refused(
        "PERMISSION_DENIED", cas.changer_fill, "BD-1", by="R3", cashier="K1", chips={}, slip="X"
    )
    cas.changer_fill("BD-1", by="V1", cashier="K1", chips=chips_for(500_000), slip="CF-1")
    cas.incident("BD-1", "OTHER", "end of the talla", by="T2", extra={"end_last_rounds": True})
    cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(770_000),
                    seals={"CAGNOTTE": "C1", "TIP": "C2"})  # fmt: skip
    entry = cas.changer_reconciliation("BD-1", by="V1", cashier="K1", chief="T2",
                                       cash_collected=720_000)  # fmt: skip
    assert entry.payload["data"]["variance"] == -10_000
    incident = cas.ledger.get(cas.incidents[-1]).payload["data"]
    assert incident["type"] == "RECONCILIATION_VARIANCE" and incident["variance"] == -10_000
    cas.count_box("BD-1", "CAGNOTTE", by="K1", second="K2", chips=chips_for(156_000), seal="C1")
    assert cas.sign_result("BD-1", by="D1").payload["data"]["result"] == 156_000


def test_as_35_free_bank_sessions_and_tallies(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 3
    open_day(cas, clock)
    open_table(cas, "BD-1", float_total=1_000_000, mode="FREE_BANK")
    refused("BANK_NOT_DEPOSITED", cas.new_talla, "BD-1", by="T2")
    refused("BANK_NOT_DEPOSITED", cas.adjudicate_bank, "BD-1", by="T2", banker="P1", amount=0,
            method="AUCTION", deposit_ref="")  # fmt: skip
    bank = cas.adjudicate_bank("BD-1", by="T2", banker="P1", amount=5_000_000, method="AUCTION",
                               deposit_ref="BANK-77", form="CREDIT_INSTITUTION_DEPOSIT")  # fmt: skip
    assert bank.payload["book"] == "A44"
    cas.new_talla("BD-1", by="T2")
    cas.new_talla("BD-1", by="T2")
    refused("FREE_BANK_LIMIT", cas.new_talla, "BD-1", by="T2")
    for session in (2, 3):  # sessions 2 and 3 of the same day
        cas.incident(
            "BD-1", "OTHER", "end of the tallies", by="T2", extra={"end_last_rounds": True}
        )
        cas.close_table("BD-1", by="T2", cashier="K1", chips=chips_for(1_000_000),
                        seals={"CAGNOTTE": f"C{session}", "TIP": f"T{session}"})  # fmt: skip
        cas.count_box("BD-1", "CAGNOTTE", by="K1", second="K2", chips={}, seal=f"C{session}")
        cas.close_session(by="D1")
        cas.open_session(by="D1")
        if session == 2:
            open_table(cas, "BD-1", float_total=1_000_000, mode="FREE_BANK")
    refused("FREE_BANK_LIMIT", cas.open_table, "BD-1", by="T2", cashier="K1",
            float_chips=chips_for(1_000_000), limits=Limits(2000, 100_000),
            staff={"R3": "DEALER", "V1": "CHANGER"}, mode="FREE_BANK")  # fmt: skip


def test_bank_withdrawal_and_jump(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    open_table(cas, "BD-1", float_total=1_000_000)
    cas.adjudicate_bank("BD-1", by="T2", banker="P1", amount=2_000_000, method="ANNOUNCED",
                        deposit_ref="CAGE-1")  # fmt: skip
    assert cas.bank_deposited("BD-1")
    jumped = cas.bank_withdrawal("BD-1", by="T2", banker="P1", amount=0, jumped=True)
    assert jumped.payload["type"] == "BANK_JUMPED" and not cas.bank_deposited("BD-1")
    refused("BANK_NOT_DEPOSITED", cas.record_round, "BD-1", by="T2", result={})
    refused("MALFORMED_REQUEST", cas.adjudicate_bank, "BD-1", by="T2", banker="P2", amount=1,
            method="ANNOUNCED", deposit_ref="X", form="CREDIT_INSTITUTION_DEPOSIT")  # fmt: skip


def test_wheels_are_locked_between_sessions(cas: Casino, clock: ManualClock) -> None:
    open_day(cas, clock)
    kwargs = {"by": "T4", "cashier": "K1", "float_chips": chips_for(2_000_000),
              "limits": Limits(500, 15_000), "staff": {"R1": "DEALER", "R4": "DEALER"}}  # fmt: skip
    refused("INVALID_STATE", cas.open_table, "RF-1", **kwargs)
    cas.unlock_wheel("RF-1", by="T4", key="RF-1-KEY")
    cas.open_table("RF-1", **kwargs)
    play_out(cas, "RF-1")
    refused("MISSING_FIELDS", cas.close_table, "RF-1", by="T4", cashier="K1",
            chips=chips_for(2_000_000), seals={"DROP": "S1", "TIP": "S2"})  # fmt: skip
    cas.close_table("RF-1", by="T4", cashier="K1", chips=chips_for(2_000_000),
                    seals={"DROP": "S1", "TIP": "S2"}, wheel_seal="W-0001")  # fmt: skip
    assert cas.wheel("RF-1")["locked"] and cas.wheel("RF-1")["seal"] == "W-0001"


def test_circle_poker_result_is_its_rake(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    open_day(cas, clock)
    cas.open_table("PK-1", by="T8", cashier="K1", float_chips={}, limits=Limits(100, 1000),
                   staff={"R4": "DEALER"})  # fmt: skip
    cas.incident("PK-1", "OTHER", "game duration over", by="T8", extra={"end_last_rounds": True})
    cas.close_table("PK-1", by="T8", cashier="K1", chips={}, seals={"RAKE": "R1", "TIP": "R2"})
    refused("MISSING_FIELDS", cas.count_box, "PK-1", "RAKE", by="K1", second="K2",
            chips=chips_for(42_000), seal="R1")  # fmt: skip
    cas.count_box("PK-1", "RAKE", by="K1", second="K2", chips=chips_for(42_000), seal="R1",
                  option="POT_PERCENTAGE")  # fmt: skip
    result = cas.sign_result("PK-1", by="S1").payload
    assert result["book"] == "A44" and result["data"]["result"] == 42_000
    assert cas.tables["PK-1"].room == "POKER" and cas.rooms["POKER"]["type"] == "POKER_ROOM"


def _cf1(cas: Casino, clock: ManualClock) -> None:
    from crupier.casino import Role

    cas.config.sessions_per_day = 1
    cas.add_table("CF-1", "chemin-de-fer", seats=12)
    cas.assign("T7", Role.TC, tables=["CF-1"])
    open_day(cas, clock)
    cas.open_table("CF-1", by="T7", cashier="K1", float_chips=chips_for(500_000),
                   limits=Limits(2000, 100_000), staff={"R3": "DEALER", "V1": "CHANGER"})  # fmt: skip


def _coup(punto_declares: str, cards: tuple[str, str, str, str]) -> list[Any]:
    from crupier.core.layout import BuyIn, NoMoreBets
    from crupier.core.roles import Role as EngineRole
    from crupier.games.chemin_de_fer.state import (
        Deal,
        Declare,
        NewShoe,
        OfferBank,
        PlaceStake,
        TakeBank,
        TakeSeat,
    )  # fmt: skip

    p = EngineRole.PLAYER
    actions: list[Any] = [NewShoe(live=True, burn=("Ah", "Ad"))]
    for seat, player in enumerate(("s1", "s2", "s3"), start=1):
        actions += [BuyIn(player=player, amount=1_000_000), TakeSeat(player=player, seat=seat)]
    return [
        *actions, OfferBank(), TakeBank(player="s1", amount=100_000, by=p),
        PlaceStake(player="s2", amount=10_000, by=p), NoMoreBets(), Deal(cards=cards),
        Declare(player="s2", word=punto_declares, by=p),
    ]  # fmt: skip


def test_a_circle_coup_on_the_engine_keeps_its_cagnotte_in_the_journal(
    cas: Casino, clock: ManualClock
) -> None:
    _cf1(cas, clock)
    coup = cas.play_round("CF-1", by="T7", actions=_coup("non", ("2h", "9d", "3c", "Ks")))
    assert coup.payload["data"]["cagnotte"] == 500  # 5 % of the banker's 100.00
    with Ledger(cas.ledger.url) as ledger:
        (recalled,) = recall(ledger, "CF-1")
    assert any(e["kind"] == "coup-result" for m in recalled.moves for e in m.events)
    cas.incident("CF-1", "OTHER", "end of the shoe", by="T7", extra={"end_last_rounds": True})
    cas.close_table("CF-1", by="T7", cashier="K1", chips=chips_for(500_000),
                    seals={"CAGNOTTE": "C1", "TIP": "C2"})  # fmt: skip
    before = len(cas.incidents)
    cas.count_box("CF-1", "CAGNOTTE", by="K1", second="K2", chips={100: 5}, seal="C1")
    assert len(cas.incidents) == before  # counted = the journal's 5.00
    result = cas.sign_result("CF-1", by="D1").payload["data"]
    assert result["result"] == 500 == result["journal_net"]


def test_a_cagnotte_count_that_differs_from_the_journal_is_an_incident(
    cas: Casino, clock: ManualClock
) -> None:
    _cf1(cas, clock)
    cas.play_round("CF-1", by="T7", actions=_coup("non", ("2h", "9d", "3c", "Ks")))
    cas.incident("CF-1", "OTHER", "end of the shoe", by="T7", extra={"end_last_rounds": True})
    cas.close_table("CF-1", by="T7", cashier="K1", chips=chips_for(500_000),
                    seals={"CAGNOTTE": "C1", "TIP": "C2"})  # fmt: skip
    cas.count_box("CF-1", "CAGNOTTE", by="K1", second="K2", chips={100: 4}, seal="C1")
    incident = cas.ledger.get(cas.incidents[-1]).payload["data"]
    assert incident["type"] == "RECONCILIATION_VARIANCE"
    assert (incident["counted"], incident["journal"]) == (400, 500)
    assert cas.sign_result("CF-1", by="D1").payload["data"]["result"] == 400  # from the count


def test_who_launched_each_round_is_recorded_for_the_rotation_audit(
    cas: Casino, clock: ManualClock
) -> None:
    open_day(cas, clock)
    open_table(cas, "RF-1")
    cas.source = _pockets(17, 4, 32)
    for dealer in ("R1", "R4", "R1"):
        cas.play_round("RF-1", by="T4", launched_by=dealer)
    assert cas.launches("RF-1") == [(1, "R1"), (2, "R4"), (3, "R1")]


def test_the_key_changes_holder_only_by_a_signed_handover(cas: Casino, clock: ManualClock) -> None:
    from crupier.casino import Role

    open_day(cas, clock)
    open_table(cas, "RF-1")
    cas.temp_close("RF-1", by="D1")
    refused("KEY_HOLDER_ONLY", cas.hand_over_key, "RF-1", by="S1", to="S1")
    refused("PERMISSION_DENIED", cas.hand_over_key, "RF-1", by="D1", to="T4")
    handover = cas.hand_over_key("RF-1", by="D1", to="S1")
    assert cas.status(handover.seq) == "COMPLETE"  # both signed
    assert cas.key_custody["RF-1-BANK"] == "S1" and cas.tables["RF-1"].key_holder == "S1"
    director = next(a for a in cas.assignments if a.staff == "D1" and a.role is Role.DIR)
    cas.end_assignment(director.id)  # D1 ceases; S1 becomes the (transitional) director
    cas.assign("S1", Role.DIR, transitional=True)
    refused("KEY_HOLDER_ONLY", cas.reopen, "RF-1", by="D1")
    cas.reopen("RF-1", by="S1")
    assert cas.tables["RF-1"].state is TableState.OPEN


def test_progressive_pool_movements_carry_the_balance_over(cas: Casino, clock: ManualClock) -> None:
    from fractions import Fraction

    cas.add_progressive_pool("JP-BJ", ["BJ-3", "BJ-5"], craj_ref="CRAJ-PROG-7",
                             deduction_rate=Fraction(1, 10))  # fmt: skip
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    first = cas.progressive_movement("JP-BJ", "BJ-3", by="T1", cashier="K1", contributions=10_000)
    d = first.payload["data"]
    assert (d["deduction"], d["closing_balance"]) == (1_000, 9_000)
    assert first.payload["book"] == "A43" and cas.status(first.seq) == "COMPLETE"
    refused("INVALID_STATE", cas.progressive_movement, "JP-BJ", "BJ-3", by="T1", cashier="K1",
            contributions=1)  # one entry per pool per session  # fmt: skip
    refused("UNKNOWN_ENTITY", cas.progressive_movement, "JP-BJ", "RF-1", by="T1", cashier="K1",
            contributions=1)  # fmt: skip
    play_out(cas, "BJ-3")
    close_and_count(cas, "BJ-3", 2_000_000, 0)
    cas.close_session(by="D1")
    cas.open_session(by="D1")
    open_table(cas, "BJ-5")
    refused("INVALID_STATE", cas.progressive_movement, "JP-BJ", "BJ-5", by="T1", cashier="K1",
            contributions=5_000, payouts=20_000)  # more than the pool holds  # fmt: skip
    second = cas.progressive_movement("JP-BJ", "BJ-5", by="T1", cashier="K1",
                                      contributions=5_001, payouts=12_000)  # fmt: skip
    d = second.payload["data"]
    assert d["opening_balance"] == 9_000 and d["deduction"] == 500  # 500.1 rounded down
    assert d["closing_balance"] == 9_000 + 5_001 - 500 - 12_000 == cas.pools["JP-BJ"]["balance"]
