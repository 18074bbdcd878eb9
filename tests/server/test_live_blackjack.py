"""Blackjack rounds played live at BJ-1: two players' boxes, the croupier's console.

Spec 03 (Andorra, seed 004 03 V): a win is paid 1 to 1 (a la par), a blackjack 3 to 2;
a double puts a second stake equal to the bet for exactly one more card; a pair splits
into two hands, each with a stake equal to the bet; the croupier draws to 17 and stands
on it. No frame may show a card before it is dealt (design principle 5: never the shoe's
order).
"""

from __future__ import annotations

import json
import re
from typing import Any

from serving import Client, Recorder, Server

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA])[cdhs](?![A-Za-z0-9])")
VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


def points(cards: list[str]) -> int:
    total = sum(VALUE[c[0]] for c in cards)
    return total + 10 if any(c[0] == "A" for c in cards) and total <= 11 else total


def balance(client: Client, player: str) -> int:
    return int(client.get("/api/tables/BJ-1").json()["view"]["players"][player])


def ok(client: Client, **action: Any) -> dict[str, Any]:
    r = client.act("BJ-1", **action)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_live_cards_pay_blackjack_3_to_2_double_split_and_win_1_to_1(
    fresh_server: Server,
) -> None:
    """The croupier enters the cards as they come out of a live shoe (spec 03, live
    table), so every rule of the round is exercised with known cards."""
    p1, p2, croupier = (fresh_server.client(u) for u in ("p1", "p2", "r1"))
    start1, start2 = balance(p1, "P1"), balance(p2, "P2")
    ok(croupier, kind="new-shoe", live=True, burn=["2c", "3c", "4c", "5c", "6c"])
    ok(p1, kind="place-bet", player="P1", spot="box-1", amount=2000)
    ok(p2, kind="place-bet", player="P2", spot="box-2", amount=2000)
    ok(p1, kind="place-bet", player="P1", spot="box-3", amount=2000)
    assert balance(p1, "P1") == start1 - 4000
    ok(croupier, kind="no-more-bets")
    # one card to each box, the croupier's, a second to each box
    ok(croupier, kind="deal", cards=["As", "5h", "8c", "9s", "Kd", "6c", "8d"])
    seen = p2.get("/api/tables/BJ-1").json()
    assert seen["view"]["dealer"] == ["9s"] and "double" in seen["legal_actions"]
    # box 1 is a blackjack: its turn is over; box 2 (11) doubles and gets one card
    ok(p2, kind="double", player="P2", box=2, card="9d")
    # box 3 splits its eights: the first hand gets 3s (11) then Qh (21, done)
    ok(p1, kind="split", player="P1", box=3, cards=["3s"])
    assert balance(p1, "P1") == start1 - 6000  # the split stake
    ok(p1, kind="hit", player="P1", box=3, card="Qh")
    ok(p1, kind="hit", player="P1", box=3, card="7d")  # the second hand's second card: 15
    ok(p1, kind="stand", player="P1", box=3)
    # the croupier: 9s 8h = 17, he stands (004 03 V)
    closed = ok(croupier, kind="dealer-play", cards=["8h"])
    assert closed["round_closed"] is not None
    view = croupier.get("/api/tables/BJ-1").json()["view"]
    assert view["dealer"] == ["9s", "8h"] and view["dealer_total"] == 17
    # box 1: blackjack 3 to 2 on 20.00; box 3: 21 wins 1 to 1, 15 loses its 20.00
    assert balance(p1, "P1") == start1 + 3000 + 2000 - 2000
    # box 2: the doubled 40.00 on 20 against 17 wins 1 to 1
    assert balance(p2, "P2") == start2 + 4000
    journal = croupier.get("/api/books/JNL").json()["entries"]
    (entry,) = [e for e in journal if e["seq"] == closed["round_closed"]]
    assert entry["table"] == "BJ-1"


def test_drawn_round_settles_by_the_revealed_cards_and_hides_the_shoe(server: Server) -> None:
    """An electronic shoe: what each frame shows is only what was dealt, and each box is
    settled by its revealed cards against the croupier's."""
    p1, p2, croupier = (server.client(u) for u in ("p1", "p2", "r1"))
    start = {"P1": balance(p1, "P1"), "P2": balance(p2, "P2")}
    ws1, ws_staff = Recorder(p1, "BJ-1"), Recorder(croupier, "BJ-1")
    try:
        ok(croupier, kind="new-shoe")
        ok(p1, kind="place-bet", player="P1", spot="box-1", amount=2000)
        ok(p2, kind="place-bet", player="P2", spot="box-4", amount=3000)
        ok(croupier, kind="no-more-bets")
        ok(croupier, kind="deal")
        for _ in range(30):  # each player draws to 12, then stands
            table = croupier.get("/api/tables/BJ-1").json()["view"]
            if table["stage"] != "play":
                break
            box = table["turn"]["box"]
            hand = next(h for h in table["hands"] if h["box"] == box and not h["done"])
            who = p1 if box == 1 else p2
            kind = "hit" if hand["total"] < 12 else "stand"
            ok(who, kind=kind, player=who.me["id"], box=box)
        if croupier.get("/api/tables/BJ-1").json()["view"]["stage"] == "dealer":
            ok(croupier, kind="dealer-play")
        final = ws_staff.wait_for(lambda f: f["view"]["rounds"] >= 1)
        ws1.wait_for(lambda f: f["view"]["rounds"] >= 1)
    finally:
        ws1.close()
        ws_staff.close()
    view = final["view"]
    dealer = view["dealer"]
    dealt = set(dealer) | {c for h in view["hands"] for c in h["cards"]}
    for frame in ws1.frames + ws_staff.frames:
        shown = CARD.findall(json.dumps(frame))
        assert set(shown) <= dealt, (shown, dealt)  # no card of the shoe before it is dealt
    d_points, d_natural = points(dealer), len(dealer) == 2 and points(dealer) == 21
    for hand in view["hands"]:
        player, stake = ("P1", 2000) if hand["box"] == 1 else ("P2", 3000)
        mine, natural = (
            points(hand["cards"]),
            len(hand["cards"]) == 2 and points(hand["cards"]) == 21,
        )
        if mine > 21 or (d_natural and not natural):
            won = -stake
        elif natural and not d_natural:
            won = stake * 3 // 2
        elif natural or d_points == mine:
            won = 0
        elif d_points > 21 or mine > d_points:
            won = stake
        else:
            won = -stake
        assert balance(croupier, player) == start[player] + won, (hand, dealer)
