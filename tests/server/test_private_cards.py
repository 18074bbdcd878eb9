"""A player's view of a banking poker table never holds another box's cards, nor the
croupier's hidden ones, before the reveal: over REST and in every WebSocket frame, whole
view or delta (design principle 5; spec 15: each player sees only his own three cards;
spec 22: the dealer's two cards are shown at the showdown). The croupier's console (the
public view) holds every box's cards, as the croupier dealt them."""

from __future__ import annotations

import re
from typing import Any

from serving import Client, Recorder, Server

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA])[cdhs](?![A-Za-z0-9])")


def ok(client: Client, table: str, **action: Any) -> None:
    r = client.act(table, **action)
    assert r.status_code == 200, r.text


def test_three_card_poker_seats_see_only_their_own_cards(server: Server) -> None:
    p1, p2, croupier = (server.client(u) for u in ("p1", "p2", "r4"))
    ws1, ws2 = Recorder(p1, "TP-1"), Recorder(p2, "TP-1")
    try:
        ok(croupier, "TP-1", kind="new-shoe", live=True)
        ok(p1, "TP-1", kind="place-bet", player="P1", spot="ante", amount=1000)
        ok(p2, "TP-1", kind="place-bet", player="P2", spot="ante", amount=1000)
        ok(croupier, "TP-1", kind="no-more-bets")
        ok(
            croupier,
            "TP-1",
            kind="deal",
            cards=["9s", "Td", "Jc", "2h", "5d", "8c", "Kh", "7c", "3d"],
        )
        ws1.wait_for(lambda f: f["view"].get("to_decide") is not None)
        ws2.wait_for(lambda f: f["view"].get("to_decide") is not None)
        own = {"P1": {"9s", "Td", "Jc"}, "P2": {"2h", "5d", "8c"}}
        for client, ws, me, other in ((p1, ws1, "P1", "P2"), (p2, ws2, "P2", "P1")):
            rest = client.get("/api/tables/TP-1").text
            seen = set(CARD.findall(rest)) | set(CARD.findall(" ".join(ws.raw)))
            assert own[me] <= set(CARD.findall(rest))  # his own cards, face up
            assert not seen & (own[other] | {"Kh", "7c", "3d"}), (me, seen)
        staff = set(CARD.findall(croupier.get("/api/tables/TP-1").text))
        assert own["P1"] | own["P2"] <= staff and not staff & {"Kh", "7c", "3d"}
        ok(p1, "TP-1", kind="play", player="P1")
        ok(p2, "TP-1", kind="fold", player="P2")
    finally:
        ws1.close()
        ws2.close()


def test_holdem_bonus_player_sees_his_two_cards_not_the_dealers(server: Server) -> None:
    p1, croupier = server.client("p3"), server.client("r3")
    ws = Recorder(p1, "HB-1")
    try:
        ok(croupier, "HB-1", kind="new-shoe", live=True)
        ok(p1, "HB-1", kind="place-bet", player="P3", spot="ante", amount=1000)
        ok(croupier, "HB-1", kind="no-more-bets")
        ok(croupier, "HB-1", kind="deal", cards=["9c", "Ac", "Td", "Ad"])
        frame = ws.wait_for(lambda f: f["view"].get("to_decide") is not None)
        assert [b["hole"] for b in frame["view"]["boxes"]] == [["9c", "Td"]]
        assert frame["view"]["dealer"] == ["??", "??"]
        assert not {"Ac", "Ad"} & set(CARD.findall(" ".join(ws.raw)))
        ok(p1, "HB-1", kind="fold", player="P3")
    finally:
        ws.close()


def test_trijoker_boxes_are_dealt_face_down(server: Server) -> None:
    """Spec 11: all cards are dealt face down and a player may not show his to another."""
    p1, p2, croupier = (server.client(u) for u in ("p1", "p2", "r1"))
    ok(p1, "TK-1", kind="place-bet", player="P1", spot="trijoker", amount=500)
    ok(p2, "TK-1", kind="place-bet", player="P2", spot="trijoker", amount=500)
    ok(croupier, "TK-1", kind="new-shoe", live=True)
    ok(croupier, "TK-1", kind="no-more-bets")
    ok(croupier, "TK-1", kind="deal", cards=["Js", "Jd", "4c", "2h", "5d", "8c", "9h", "2s"])
    seen1 = set(CARD.findall(p1.get("/api/tables/TK-1").text))
    seen2 = set(CARD.findall(p2.get("/api/tables/TK-1").text))
    assert {"Js", "Jd", "4c"} <= seen1 and not seen1 & {"2h", "5d", "8c", "9h", "2s"}
    assert {"2h", "5d", "8c"} <= seen2 and not seen2 & {"Js", "Jd", "4c", "9h", "2s"}
    for player, client in (("P1", p1), ("P2", p2)):
        ok(client, "TK-1", kind="withdraw", player=player)
