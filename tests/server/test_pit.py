"""The pit's numbers after a round entered from a live wheel (spec 01 payouts; the pit's
definitions in docs/server.md: drop = cash changed at the table, win = the house's net,
hold = win / drop, theoretical win = Σ amount × the bet's exact house edge)."""

from __future__ import annotations

from fractions import Fraction

from serving import Server

#: What the demo casino sells each of its five players at each layout table (docs/server.md).
DEMO_DROP = 5 * 100_000


def test_pit_numbers_after_a_round(server: Server) -> None:
    p1, p2, director = (server.client(u) for u in ("p1", "p2", "director"))
    assert p1.act("RF-2", kind="place-bet", player="P1", spot="red", amount=1000).status_code == 200
    assert (
        p2.act("RF-2", kind="place-bet", player="P2", spot="straight-17", amount=500).status_code
        == 200
    )
    dealer = server.client("r2")  # R2 deals at RF-2
    assert dealer.act("RF-2", kind="spin", wheel="cw").status_code == 200
    assert dealer.act("RF-2", kind="no-more-bets").status_code == 200
    r = dealer.act("RF-2", kind="result", pocket=17)  # 17 is black: red loses, 17 pays 35 to 1
    assert r.status_code == 200, r.text
    numbers = director.get("/api/pit").json()
    (table,) = [t for t in numbers["tables"] if t["table"] == "RF-2"]
    house_net = 1000 - 35 * 500
    assert table["drop"] == DEMO_DROP and table["drop_counted"] is False
    assert table["win"] == house_net == table["journal_net"]
    assert table["hold_pct"] == round(100 * house_net / DEMO_DROP, 2)
    assert (table["fills"], table["credits"], table["rounds"]) == (0, 0, 1)
    assert table["dealer_on_duty"] == "R2" and table["dealer_since"]
    ratings = {(x["player"], x["table"]): x for x in numbers["players"]}
    one, two = ratings[("P1", "RF-2")], ratings[("P2", "RF-2")]
    assert (one["rounds"], one["wagered"], one["average_bet"]) == (1, 1000, 1000)
    # spec 01 with la partage: an even chance's edge is 1/74; a straight's is 1/37
    assert Fraction(one["theoretical_win_exact"]) == Fraction(1000, 74)
    assert Fraction(two["theoretical_win_exact"]) == Fraction(500, 37)
    assert one["actual_win"] == 1000 and two["actual_win"] == -35 * 500
    assert ratings[("P3", "RF-2")]["rounds"] == 0  # bought chips, did not play


def test_pit_numbers_are_for_staff(server: Server) -> None:
    assert server.client("p1").get("/api/pit").status_code == 403
    chief = server.client("chief-rf-1").get("/api/pit").json()
    assert {t["table"] for t in chief["tables"]} == {"RF-1"}
