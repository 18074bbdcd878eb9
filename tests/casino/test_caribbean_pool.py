"""The stud poker progressive shared by two tables in the casino's books: the rounds played on
the tables' engines feed one meter, a prize comes out of it, and the session's movement booked
(OPS-BK-10) carries the pool's balance over."""

from __future__ import annotations

from fractions import Fraction

from crupier.casino import Casino, ManualClock, Role
from crupier.casino.base import GameAuthorisation
from crupier.casino.fixture import chips_for, open_day
from crupier.casino.model import Kind, Limits
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.roles import Role as TableRole
from crupier.games.cardtable import NewShoe
from crupier.games.caribbean_stud import Deal, Play, SetMeter
from crupier.games.caribbean_stud.books import book_pool, shared_meter

CHIEFS = {"CS-1": "T7", "CS-2": "T6"}
#: The croupier who holds each table's bank (the crew a banking poker table needs: its chief and
#: a croupier).
CROUPIERS = {"CS-1": "R1", "CS-2": "R2"}


def _tables(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    cas.config.authorisations["caribbean-stud"] = GameAuthorisation(
        "caribbean-stud", Kind.BANKING, 1000, (10, 20, 25, 30)
    )
    for table in ("CS-1", "CS-2"):
        cas.add_table(table, "caribbean-stud", seats=7)
    cas.assign("T7", Role.TC, tables=["CS-1"])
    cas.assign("T6", Role.TC, tables=["CS-2"])
    for table, croupier in CROUPIERS.items():
        cas.assign(croupier, Role.DLR, tables=[table])
    cas.add_progressive_pool("JP-CS", ["CS-1", "CS-2"], craj_ref="CRAJ-PROG-10",
                             deduction_rate=Fraction(1, 10))  # fmt: skip
    open_day(cas, clock)
    for table, chief in CHIEFS.items():
        cas.open_table(table, by=chief, cashier="K1", float_chips=chips_for(2_000_000),
                       limits=Limits(1000, 20_000), staff={CROUPIERS[table]: "DEALER"})  # fmt: skip


def _round(cas: Casino, table: str, player: str, cards: str) -> None:
    """One round: the meter read across the pool, an Ante of 10.00 and a progressive of 5.00,
    the cards entered, the player calls."""
    actions = [
        SetMeter(amount=shared_meter(cas, "JP-CS")),
        BuyIn(player=player, amount=100_000),
        PlaceBet(player=player, spot="ante", amount=1_000, by=TableRole.PLAYER),
        PlaceBet(player=player, spot="progressive", amount=500, by=TableRole.PLAYER),
        NewShoe(live=True),
        NoMoreBets(),
        Deal(cards=tuple(cards.split())),
        Play(player=player, multiple=2, by=TableRole.PLAYER),
    ]
    cas.play_round(table, by=CHIEFS[table], actions=actions)


def test_two_tables_share_one_meter_and_book_one_movement(cas: Casino, clock: ManualClock) -> None:
    _tables(cas, clock)
    _round(cas, "CS-1", "p1", "2c 3d 7h 9s Jd Ah Kd 7c 5h 3s")  # no prize: 5.00 in
    _round(cas, "CS-2", "p2", "4c 4d 7s 9h Jc Qh Kc 8c 5d 3c")
    # two stakes of 5.00, each less the 10 % deduction the books will take
    assert shared_meter(cas, "JP-CS") == 2 * 450
    # CS-2's round started from the meter with CS-1's stake in it
    assert cas.engine("CS-2").state.meter_at_close == 450  # type: ignore[union-attr]
    _round(cas, "CS-1", "p3", "9h 8h 7h 6h 5h Ad Kh 7d 4c 2s")  # a straight flush: 10 %
    cas_state = cas.engine("CS-1").state  # type: ignore[union-attr]
    assert cas_state.pool_paid == 90  # 10 % of the 9.00 meter at the close of bets
    assert shared_meter(cas, "JP-CS") == 1_500 - 150 - 90
    entry = book_pool(cas, "JP-CS", "CS-1", by="T7", cashier="K1")
    d = entry.payload["data"]
    assert (d["contributions"], d["deduction"], d["payouts"]) == (1_500, 150, 90)
    assert d["closing_balance"] == 1_260 == cas.pools["JP-CS"]["balance"]
