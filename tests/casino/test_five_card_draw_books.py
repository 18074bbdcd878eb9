"""A five-card draw table in the casino: a blank hand carries its pot and takes no rake; the
next deal's pot, carried antes included, is raked once when it is won (23.1 House
commission), and the rake is the table's cut in the journal."""

from __future__ import annotations

from typing import Any

from crupier.casino import Casino, ManualClock, Role
from crupier.casino.base import GameAuthorisation
from crupier.casino.fixture import chips_for, open_day
from crupier.casino.model import Kind, Limits
from crupier.casino.recall import recall
from crupier.core.cards import Card
from crupier.core.layout import BuyIn
from crupier.games.circle_poker.actions import Bet, Call, Check, DrawSeats, Fold, StartDeal
from crupier.games.circle_poker.engine import deck_of
from crupier.games.five_card_draw.actions import Draw
from crupier.ledger import Ledger


def _pack(holes: list[list[str]]) -> tuple[str, ...]:
    named = {Card.parse(c) for h in holes for c in h}
    order = [holes[i][k] for k in range(5) for i in range(len(holes))]
    return (*order, *(str(c) for c in deck_of(52) if c not in named))


def test_a_blank_hand_is_not_raked_and_the_carried_pot_is_raked_once(
    cas: Casino, clock: ManualClock
) -> None:
    cas.config.sessions_per_day = 1
    cas.config.authorisations["five-card-draw"] = GameAuthorisation(
        "five-card-draw", Kind.CIRCLE, 100, (10, 100)
    )
    cas.add_table("FD-1", "five-card-draw", seats=7)
    cas.assign("T7", Role.TC, tables=["FD-1"])
    open_day(cas, clock)
    cas.open_table("FD-1", by="T7", cashier="K1", float_chips=chips_for(100_000),
                   limits=Limits(100, 10_000), staff={"R3": "DEALER"})  # fmt: skip
    names = ("p1", "p2", "p3", "p4")
    seat: list[Any] = [*[BuyIn(player=n, amount=50_000) for n in names],
                       DrawSeats(seats=names, ma=1)]  # fmt: skip
    blank = [StartDeal(), *[Check(player=p) for p in names]]  # antes 4 x 1.00, nobody opens
    first = cas.play_round("FD-1", by="T7", actions=[*seat, *blank])
    assert first.payload["data"]["cagnotte"] == 0
    # the second deal: mà p2; queens needed; p3 opens with kings, p4 calls
    holes = [["2c", "3d", "4h", "6s", "8c"], ["Kh", "Kd", "9c", "4s", "2h"],
             ["Qc", "Jd", "7h", "5s", "3h"], ["9h", "8d", "6c", "4d", "2s"]]  # fmt: skip
    deal = [StartDeal(order=_pack(holes)), Check(player="p2"), Bet(player="p3", to=800),
            Call(player="p4"), Fold(player="p1"), Fold(player="p2"),
            Draw(player="p3", discard=("9c",)), Draw(player="p4"),
            Check(player="p3"), Check(player="p4")]  # fmt: skip
    second = cas.play_round("FD-1", by="T7", actions=deal)
    # pot: 4.00 carried + 4.00 antes + 2 x 8.00 = 24.00; 5 % rake = 1.20, raked once
    assert second.payload["data"]["cagnotte"] == 120
    with Ledger(cas.ledger.url) as ledger:
        rounds = recall(ledger, "FD-1")
    kinds = [e["kind"] for r in rounds for m in r.moves for e in m.events]
    assert "pot-carried" in kinds and "cards-drawn" in kinds and "openers-shown" in kinds
