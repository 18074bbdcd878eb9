"""No frame sent to a player (or to staff) at punto banco holds a card the rules have not
revealed (design principle 5; spec 07: the shoe's order and the burnt cards stay hidden,
the cards of a coup are shown as they are dealt, and settled with it)."""

from __future__ import annotations

import json
import re

from serving import Recorder, Server

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA])[cdhs](?![A-Za-z0-9])")


def cards_in(value: object) -> list[str]:
    return CARD.findall(json.dumps(value))


def test_punto_banco_frames_hold_only_revealed_cards(server: Server) -> None:
    p1, croupier = server.client("p1"), server.client("r5")
    player_ws, staff_ws = Recorder(p1, "PB-1"), Recorder(croupier, "PB-1")
    coups = []
    try:
        for n in range(4):
            if "new-shoe" in croupier.get("/api/tables/PB-1").json()["legal_actions"]:
                assert croupier.act("PB-1", kind="new-shoe").status_code == 200
            spot = ("banker", "player", "banker", "player")[n]
            r = p1.act("PB-1", kind="place-bet", player="P1", spot=spot, amount=2000)
            assert r.status_code == 200, r.text
            assert croupier.act("PB-1", kind="no-more-bets").status_code == 200
            r = croupier.act("PB-1", kind="deal")
            assert r.status_code == 200, r.text
            coups.append(r.json()["round_closed"])
        player_ws.wait_for(lambda f: f["view"]["rounds"] >= 4)
        staff_ws.wait_for(lambda f: f["view"]["rounds"] >= 4)
    finally:
        player_ws.close()
        staff_ws.close()
    journal = croupier.get("/api/books/JNL").json()["entries"]
    dealt = {e["seq"]: e["data"]["result"]["results"][0] for e in journal if e["seq"] in coups}
    assert len(dealt) == 4 and all(cards_in(text) for text in dealt.values())
    for frames in (player_ws.frames, staff_ws.frames):
        assert len(frames) >= 12
        for frame in frames:
            results = frame["view"]["last_results"]
            rest = {
                **frame,
                "view": {k: v for k, v in frame["view"].items() if k != "last_results"},
            }
            assert cards_in(rest) == [], rest  # no card outside the settled coups
            # every coup shown is one the journal recorded as dealt (revealed)
            for text in results:
                assert any(text == shown or text in shown for shown in _all_results(journal))


def _all_results(journal: list[dict]) -> list[str]:
    return [
        e["data"]["result"]["results"][0]
        for e in journal
        if e["type"] == "ROUND" and e["table"] == "PB-1" and e["data"]["result"]["results"]
    ]
