"""Between whole views a table's WebSocket sends deltas (docs/server.md, WebSocket): the
whole view on connecting, then what changed. Applied in order to the first view, they
give exactly the view the table shows at the end, for a player (their own balance only)
and for the staff, at every game family served; and no delta carries a card the rules
have not revealed."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from serving import Client, Recorder, Server

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA])[cdhs](?![A-Za-z0-9])")

#: (table, croupier, P1's spot, P2's spot): a table of each game family with deltas.
FAMILIES = [
    ("RF-1", "r1", "red", "red"),  # wheel: French roulette
    ("PB-1", "r5", "banker", "player"),  # cards from a shoe: punto banco
    ("BJ-1", "r1", "box-1", "box-2"),  # cards, decisions: blackjack
    ("CR-1", "r6", "win", "field"),  # dice: craps (the stickman calls)
    ("TQ-1", "r3", "rouge", "noir"),  # cards in rows: trente et quarante
]


def play_round(server: Server, croupier: Client, players: dict[str, Client], table: str) -> None:
    """Up to the round's settlement: the croupier's actions as an electronic table plays
    them (the engine's own ``auto_round``), each sent over REST; a player whose hand is to
    act stands."""
    assert server.opened is not None
    for _ in range(12):
        engine = server.opened.casino.live_engine(table)
        steps = engine.auto_round()
        if not steps:
            view = croupier.get(f"/api/tables/{table}").json()["view"]
            player = view["to_act"]
            r = players[player].act(table, kind="stand", player=player, box=view["turn"]["box"])
            assert r.status_code == 200, r.text
            continue
        for step in steps:
            data = step.to_dict()
            data.pop("by", None)
            r = croupier.act(table, **data)
            assert r.status_code == 200, r.text
            if r.json()["round_closed"] is not None:
                return
    raise AssertionError(f"{table}: the round did not close")


@pytest.mark.parametrize(("table", "croupier_name", "spot1", "spot2"), FAMILIES)
def test_deltas_applied_to_the_first_view_give_the_last_view(
    server: Server, table: str, croupier_name: str, spot1: str, spot2: str
) -> None:
    p1, p2, croupier = server.client("p1"), server.client("p2"), server.client(croupier_name)
    ws1, ws2, staff = Recorder(p1, table), Recorder(p2, table), Recorder(croupier, table)
    try:
        start = croupier.get(f"/api/tables/{table}").json()
        minimum = start["status"]["limits"]["minimum"]
        if "new-shoe" in start["legal_actions"]:
            assert croupier.act(table, kind="new-shoe").status_code == 200
        for n in range(1 if table == "BJ-1" else 3):  # one bet per box at blackjack
            for client, player, spot in ((p1, "P1", spot1), (p2, "P2", spot2)):
                r = client.act(
                    table, kind="place-bet", player=player, spot=spot, amount=minimum * (n + 1)
                )
                assert r.status_code == 200, r.text
        time.sleep(0.4)  # a coalesced push of the bets (deltas)
        play_round(server, croupier, {"P1": p1, "P2": p2}, table)
        if "place-bet" in p1.get(f"/api/tables/{table}").json()["legal_actions"]:
            again = "field" if table == "CR-1" else spot1  # a line bet waits for a come-out
            r = p1.act(table, kind="place-bet", player="P1", spot=again, amount=minimum)
            assert r.status_code == 200, r.text
        want = {
            name: client.get(f"/api/tables/{table}").json()
            for name, client in (("p1", p1), ("p2", p2), ("staff", croupier))
        }
        for name, rec in (("p1", ws1), ("p2", ws2), ("staff", staff)):
            rec.wait_for(lambda f, name=name: f["seq"] >= want[name]["seq"])
    finally:
        for rec in (ws1, ws2, staff):
            rec.close()
    for name, rec in (("p1", ws1), ("p2", ws2), ("staff", staff)):
        kinds = [m["type"] for m in rec.wire]
        assert kinds[0] == "view", kinds  # the whole view first
        assert "delta" in kinds, kinds  # then deltas (after the bets at least)
        last = rec.frames[-1]
        assert last["view"] == want[name]["view"], name
        assert last["status"] == want[name]["status"], name
        assert last["legal_actions"] == want[name]["legal_actions"], name
    # a player's deltas carry only their own balance
    for rec, me in ((ws1, "P1"), (ws2, "P2")):
        for m in rec.wire:
            if m["type"] == "delta":
                players = m["view"].get("maps", {}).get("players", {}).get("set", {})
                assert set(players) <= {me}, m
            elif m["type"] == "view":
                assert set(m["view"]["players"]) == {me}


def test_no_delta_carries_a_hidden_card(server: Server) -> None:
    """Blackjack from the casino's electronic shoe (spec 03): a card is shown once dealt,
    never the shoe's order or a card still in it. Every card in any frame a player or the
    croupier receives is one the table showed after the action that dealt it; the cards
    of a hit while another hand waits travel by delta."""
    p1, p2, croupier = server.client("p1"), server.client("p2"), server.client("r1")
    player_ws, staff_ws = Recorder(p1, "BJ-1"), Recorder(croupier, "BJ-1")
    shown: set[str] = set()

    def look() -> dict[str, Any]:
        seen = croupier.get("/api/tables/BJ-1").json()
        shown.update(CARD.findall(str([seen["view"]["hands"], seen["view"]["dealer"]])))
        return dict(seen)

    def carded() -> bool:
        return any(
            m["type"] == "delta" and CARD.findall(str(m))
            for rec in (player_ws, staff_ws)
            for m in list(rec.wire)
        )

    try:
        for _ in range(4):  # rounds until a hit has travelled by delta
            if "new-shoe" in look()["legal_actions"]:
                assert croupier.act("BJ-1", kind="new-shoe").status_code == 200
            bets = look()["view"]["bets"]
            for client, player, box in ((p1, "P1", 1), (p2, "P2", 2)):
                if not any(b["player"] == player and b["spot"] == f"box-{box}" for b in bets):
                    r = client.act(
                        "BJ-1", kind="place-bet", player=player, spot=f"box-{box}", amount=2000
                    )
                    assert r.status_code == 200, r.text
            for kind in ("no-more-bets", "deal"):
                r = croupier.act("BJ-1", kind=kind)
                assert r.status_code == 200, r.text
            hit: set[str] = set()
            while (seen := look())["view"]["to_act"] is not None:
                player, box = seen["view"]["to_act"], seen["view"]["turn"]["box"]
                kind = "stand" if player in hit else "hit"
                hit.add(player)
                client = p1 if player == "P1" else p2
                r = client.act("BJ-1", kind=kind, player=player, box=box)
                assert r.status_code == 200, r.text
            if "dealer-play" in look()["legal_actions"]:
                assert croupier.act("BJ-1", kind="dealer-play").status_code == 200
            seq = look()["seq"]
            player_ws.wait_for(lambda f, seq=seq: f["seq"] >= seq)
            staff_ws.wait_for(lambda f, seq=seq: f["seq"] >= seq)
            if carded():
                break
    finally:
        player_ws.close()
        staff_ws.close()
    assert shown, "the deals showed cards"
    assert carded(), "no hit travelled by delta in four rounds"
    for m in (m for rec in (player_ws, staff_ws) for m in rec.wire):
        if m["type"] in ("delta", "view"):
            assert set(CARD.findall(str(m))) <= shown, m
