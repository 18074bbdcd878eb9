"""Property: whatever a day's sequence of operations, the books balance to the unit.

A day at the sic bo table SB-1 is generated from random operations (players buying
chips, rounds with random bets on the real engine, fills, credits, a fill recorded
twice by mistake and annulled by a red-ink correction, tips). The physical tray is
followed outside the books: every chip sold leaves it, every fill and credit moves it,
every settlement the engine makes moves it. Then, from the books alone:

- the A43 result ``closing + credits + drop - opening - fills`` equals the house's net
  win from the journal's settlements (OPS-BK-08, OPS-BK-32);
- the A45 total equals the sum of the signed results, and the tips (A56) are in no total;
- the annulled duplicate changes nothing once corrected.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.casino import ManualClock
from crupier.casino.fixture import build, chips_for
from crupier.casino.model import Limits
from crupier.core.rng import SeededSource

SPOTS = ("small", "big", "total-10", "any-triple", "number-4", "specific-double-2")
DENOMS = (100000, 50000, 10000, 2500, 1000, 500, 250, 100)

operation = st.one_of(
    st.tuples(st.just("buy"), st.integers(0, 3), st.integers(1, 50).map(lambda n: n * 1000)),
    st.tuples(
        st.just("round"),
        st.lists(
            st.tuples(
                st.integers(0, 3), st.sampled_from(SPOTS), st.integers(1, 25).map(lambda n: n * 200)
            ),
            max_size=4,
        ),
    ),
    st.tuples(st.just("fill"), st.integers(1, 20).map(lambda n: n * 10000)),
    st.tuples(st.just("credit"), st.integers(1, 5).map(lambda n: n * 10000)),
    st.tuples(st.just("duplicate-fill"), st.integers(1, 20).map(lambda n: n * 10000)),
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=st.lists(operation, min_size=1, max_size=25), seed=st.integers(0, 10_000),
       tips=st.integers(0, 500).map(lambda n: n * 100))  # fmt: skip
def test_books_balance_to_the_unit(
    tmp_path_factory: Any, ops: list[tuple[Any, ...]], seed: int, tips: int
) -> None:
    folder: Path = tmp_path_factory.mktemp("balance")
    clock = ManualClock("2026-03-01 12:00")
    cas = build(f"sqlite:///{folder / 'b.db'}", clock=clock)
    cas.source = SeededSource(seed)
    cas.config.sessions_per_day = 1
    clock.set("2026-03-02 15:00")
    cas.open_day("2026-03-02", by="D1")
    cas.open_session(by="D1")
    from crupier.casino import Role

    cas.assign("T5", Role.TC, tables=["SB-1"])
    opening = 1_000_000
    cas.open_table("SB-1", by="T5", cashier="K1", float_chips=chips_for(opening, DENOMS),
                   limits=Limits(200, 10_000), staff={"R4": "DEALER"})  # fmt: skip
    tray, drop, slips, duplicates = opening, 0, 0, []
    players = ["P1", "P2", "P3", "P4"]
    for op in ops:
        clock.advance(minutes=2)
        engine: Any = cas.engine("SB-1")
        if op[0] == "buy":
            cas.buy_in("SB-1", players[op[1]], op[2], by="T5")
            tray -= op[2]
            drop += op[2]
        elif op[0] == "round":
            bets = [
                (players[p], spot, amount)
                for p, spot, amount in op[1]
                if engine.state.players.get(players[p], 0) >= amount
            ]
            kept, spent = [], {}
            for player, spot, amount in bets:
                if engine.state.players[player] - spent.get(player, 0) >= amount:
                    kept.append((player, spot, amount))
                    spent[player] = spent.get(player, 0) + amount
            before = engine.state.house
            cas.play_round("SB-1", by="T5", bets=kept)
            tray += cas.engine("SB-1").state.house - before  # type: ignore[union-attr]
        elif op[0] == "fill":
            slips += 1
            cas.fill(
                "SB-1", by="T5", cashier="K1", chips=chips_for(op[1], DENOMS), slip=f"F-{slips}"
            )
            tray += op[1]
        elif op[0] == "credit" and tray - op[1] >= 0:
            slips += 1
            cas.credit(
                "SB-1", by="T5", cashier="K1", chips=chips_for(op[1], DENOMS), slip=f"C-{slips}"
            )
            tray -= op[1]
        elif op[0] == "duplicate-fill":  # recorded twice, arrived once
            slips += 1
            cas.fill(
                "SB-1", by="T5", cashier="K1", chips=chips_for(op[1], DENOMS), slip=f"F-{slips}"
            )
            slips += 1
            dup = cas.fill("SB-1", by="T5", cashier="K1", chips=chips_for(op[1], DENOMS),
                           slip=f"F-{slips}")  # fmt: skip
            duplicates.append(dup.seq)
            tray += op[1]
    cas.announce_last_rounds("SB-1", by="T5")
    for _ in range(3):
        cas.play_round("SB-1", by="T5")
    engine = cas.engine("SB-1")
    house = engine.state.house  # type: ignore[union-attr]
    cas.close_table("SB-1", by="T5", cashier="K1", chips=chips_for(tray, DENOMS),
                    seals={"DROP": "D", "TIP": "T"})  # fmt: skip
    cas.count_box("SB-1", "DROP", by="K1", second="K2", chips=chips_for(drop, DENOMS), seal="D")
    for seq in duplicates:
        fix = cas.request_correction(seq, [("@status", "ACTIVE", "ANNULLED")], "duplicate", by="T5")
        cas.decide_correction(fix.seq, True, by="D1")
    result = cas.sign_result("SB-1", by="D1").payload["data"]
    assert result["result"] == house == result["journal_net"]
    assert result["result"] == (
        result["closing_float"] + result["credits"] + result["drop"]
        - result["opening_float"] - result["fills"]
    )  # fmt: skip
    clock.advance(minutes=30)
    cas.count_tips("SB-1", by="K1", second="K2", chips=chips_for(tips, DENOMS), seal="T")
    total = cas.tips_day_total("2026-03-02", by="D1").payload["data"]["total"]
    summary = cas.daily_summary("2026-03-02", by="D1").payload["data"]
    assert total == tips == summary["tips_total"]
    assert summary["tables_total"] == summary["banking_total"] == house
    cas.close_session(by="D1")
    cas.close_day(by="D1")
    cas.ledger.close()
