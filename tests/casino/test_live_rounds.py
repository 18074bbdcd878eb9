"""Live rounds in the casino layer: one action at a time, each on the ledger before it counts,
and the finished round in the journal exactly as ``play_round`` records one."""

from __future__ import annotations

from pathlib import Path

import pytest

from crupier.casino import Casino, OpsError
from crupier.casino.clock import ManualClock
from crupier.casino.fixture import build, open_day, open_table
from crupier.casino.recall import recall
from crupier.core.errors import NotPermitted, WrongPhase
from crupier.core.rng import SeededSource
from crupier.ledger import Ledger


@pytest.fixture
def casino(tmp_path: Path) -> Casino:
    clock = ManualClock("2026-03-01 12:00")
    c = build(f"sqlite:///{tmp_path / 'live.db'}", clock=clock)
    open_day(c, clock)
    open_table(c, "RF-1")
    c.source = SeededSource(5)
    for player in ("P1", "P2"):
        c.buy_in("RF-1", player, 10_000, by="T4")
    return c


def test_a_live_round_is_journaled_like_play_round(casino: Casino) -> None:
    head = casino.ledger.head()[0]
    bet = casino.live_action(
        "RF-1", {"kind": "place-bet", "player": "P1", "spot": "red", "amount": 1000},
        by="P1", player=True,
    )  # fmt: skip
    assert bet.entry.seq == head + 1 and bet.entry.kind == "LIVE.PLAYER_ACTION"
    assert casino.ledger.get(bet.entry.seq).payload["player"] == "P1"
    for action in ({"kind": "spin", "wheel": "cw"}, {"kind": "no-more-bets"}):
        assert casino.live_action("RF-1", action, by="R1").round_entry is None
    live = casino.live_action("RF-1", {"kind": "result"}, by="R1").round_entry
    assert live is not None and live.kind == "JNL.ROUND"
    played = casino.play_round("RF-1", by="T4", bets=[("P2", "black", 1000)])
    a, b = live.payload["data"], played.payload["data"]
    assert set(a) - {"live"} == set(b)
    assert a["bets"] == [{"player": "P1", "spot": "red", "amount": 1000}]
    assert a["round"] + 1 == b["round"] and a["launched_by"] == "R1"
    assert [e["action"]["kind"] for e in a["log"]] == [
        "place-bet",
        "spin",
        "no-more-bets",
        "result",
    ]
    rounds = recall(casino.ledger, "RF-1")
    assert [r.ledger_seq for r in rounds] == [live.seq, played.seq]


def test_refusals_record_nothing_and_the_books_rebuild_the_open_round(casino: Casino) -> None:
    head = casino.ledger.head()[0]
    with pytest.raises(WrongPhase):
        casino.live_action("RF-1", {"kind": "result"}, by="R1")
    with pytest.raises(OpsError) as refused:
        casino.live_action("RF-1", {"kind": "spin", "wheel": "cw"}, by="P1", player=True)
    assert refused.value.code == "PERMISSION_DENIED"
    with pytest.raises(OpsError):  # R3 is not in RF-1's crew nor assigned to it
        casino.live_action("RF-1", {"kind": "spin", "wheel": "cw"}, by="R3")
    assert casino.ledger.head()[0] == head
    casino.live_action(
        "RF-1", {"kind": "place-bet", "player": "P2", "spot": "odd", "amount": 2000},
        by="P2", player=True,
    )  # fmt: skip
    casino.live_action("RF-1", {"kind": "spin", "wheel": "cw"}, by="R1")
    with pytest.raises(OpsError):
        casino.play_round("RF-1", by="T4")  # a live round is open
    reopened = Casino(Ledger(casino.ledger.url, None))
    assert reopened.live_round("RF-1")["actions"] == 2
    engine = reopened.engine("RF-1")
    assert engine is not None and engine.state.launched
    assert [(b.player, b.amount) for b in engine.state.bets.values()] == [("P2", 2000)]


def test_the_table_chief_is_two_table_baccarats_inspector(tmp_path: Path) -> None:
    """Spec 09 (Staff roles): the game's inspector, the management's delegate at the table,
    announces the banker and auctions the bank; at a casino that is the table chief (the
    operations spec's "cap de taula / inspector de taula", not the regulator's inspector).
    The croupier may not auction the bank; the chief may, and his action is on the books."""
    clock = ManualClock("2026-03-01 12:00")
    c = build(f"sqlite:///{tmp_path / 'bd.db'}", clock=clock)
    open_day(c, clock)
    open_table(c, "BD-1")
    c.adjudicate_bank(
        "BD-1", by="T2", banker="P1", amount=2_000_000, method="AUCTION", deposit_ref="CAGE-1"
    )
    assert str(c.staff_table_role("BD-1", "T2")) == "inspector"
    assert str(c.staff_table_role("RF-1", "T4")) == "head"  # elsewhere a chief is the head
    head = c.ledger.head()[0]
    with pytest.raises(NotPermitted):
        c.live_action("BD-1", {"kind": "open-auction"}, by="R3")
    assert c.ledger.head()[0] == head
    record = c.live_action("BD-1", {"kind": "open-auction"}, by="T2")
    assert record.entry.kind == "LIVE.ACTION" and record.entry.actor.id == "T2"
    engine = c.engine("BD-1")
    assert engine is not None and "adjudicate" in engine.legal_actions()
