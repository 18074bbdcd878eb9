"""A circle-poker table in the casino: each deal is a round of the journal, its rake is the
table's cut (the baccarats' cagnotte), and the rake box counted at closing is reconciled with
the journal."""

from __future__ import annotations

from typing import Any

from crupier.casino import Casino, ManualClock, Role
from crupier.casino.base import GameAuthorisation
from crupier.casino.fixture import chips_for, open_day
from crupier.casino.model import Kind, Limits
from crupier.casino.recall import recall
from crupier.core.layout import BuyIn
from crupier.games.circle_poker.actions import Bet, Call, Check, DrawSeats, Fold, StartDeal
from crupier.games.circle_poker.packs import stacked
from crupier.games.holdem import Holdem
from crupier.ledger import Ledger


def _he1(cas: Casino, clock: ManualClock) -> None:
    cas.config.sessions_per_day = 1
    cas.config.authorisations["holdem"] = GameAuthorisation("holdem", Kind.CIRCLE, 100, (10, 100))
    cas.add_table("HE-1", "holdem", seats=10)
    cas.assign("T7", Role.TC, tables=["HE-1"])
    open_day(cas, clock)
    cas.open_table("HE-1", by="T7", cashier="K1", float_chips=chips_for(100_000),
                   limits=Limits(100, 10_000), staff={"R3": "DEALER"})  # fmt: skip


def _deal() -> list[Any]:
    names = ("p1", "p2", "p3", "p4")
    order = stacked(Holdem.variant, [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]],
                    ["As", "9c", "5d", "Jh", "4s"])  # fmt: skip
    return [
        *[BuyIn(player=n, amount=50_000) for n in names],
        DrawSeats(seats=names, ma=1),
        StartDeal(order=order),  # antes 4 x 1.00
        Bet(player="p1", to=1_800), Call(player="p2"), Fold(player="p3"), Fold(player="p4"),
        *[Check(player=p) for _ in range(3) for p in ("p1", "p2")],
    ]  # fmt: skip


def test_the_rake_of_a_deal_is_journalled_and_reconciled_with_the_rake_box(
    cas: Casino, clock: ManualClock
) -> None:
    _he1(cas, clock)
    deal = cas.play_round("HE-1", by="T7", actions=_deal())
    data = deal.payload["data"]
    # pot 4.00 antes + 2 x 18.00 = 40.00; 5 % rake = 2.00 (23 House commission, option A)
    assert data["cagnotte"] == 200 == data["house_net"]
    # the recall shows the deal street by street, then the showdown and the pot
    with Ledger(cas.ledger.url) as ledger:
        (recalled,) = recall(ledger, "HE-1")
    events = [e for m in recalled.moves for e in m.events]
    boards = [e["board"] for e in events if e["kind"] == "street"]
    assert boards == [
        [],
        ["As", "9c", "5d"],
        ["As", "9c", "5d", "Jh"],
        ["As", "9c", "5d", "Jh", "4s"],
    ]
    (settled,) = [e for e in events if e["kind"] == "deal-settled"]
    assert settled["shown"] == ["p1: Ah Ad", "p2: Kc Kd"]
    assert settled["pots"] == ["40.00: p1"] and settled["rake"] == 200
    cas.incident("HE-1", "OTHER", "end of the partida", by="T7", extra={"end_last_rounds": True})
    cas.close_table("HE-1", by="T7", cashier="K1", chips=chips_for(100_000),
                    seals={"RAKE": "R1", "TIP": "R2"})  # fmt: skip
    before = len(cas.incidents)
    cas.count_box("HE-1", "RAKE", by="K1", second="K2", chips={100: 2}, seal="R1",
                  option="POT_PERCENTAGE")  # fmt: skip
    assert len(cas.incidents) == before
    assert cas.sign_result("HE-1", by="D1").payload["data"]["result"] == 200


def test_a_rake_count_that_differs_from_the_journal_is_an_incident(
    cas: Casino, clock: ManualClock
) -> None:
    _he1(cas, clock)
    cas.play_round("HE-1", by="T7", actions=_deal())
    cas.incident("HE-1", "OTHER", "end of the partida", by="T7", extra={"end_last_rounds": True})
    cas.close_table("HE-1", by="T7", cashier="K1", chips=chips_for(100_000),
                    seals={"RAKE": "R1", "TIP": "R2"})  # fmt: skip
    cas.count_box("HE-1", "RAKE", by="K1", second="K2", chips={100: 1}, seal="R1",
                  option="POT_PERCENTAGE")  # fmt: skip
    incident = cas.ledger.get(cas.incidents[-1]).payload["data"]
    assert incident["type"] == "RECONCILIATION_VARIANCE"
    assert (incident["counted"], incident["journal"]) == (100, 200)
