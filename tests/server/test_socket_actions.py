"""Actions sent on a table's WebSocket, answered from the callback of their result: each
is answered once, by its id, in the order the table took them; a refusal changes nothing,
and a refusal by the permissions is in the events log before its error frame leaves."""

from __future__ import annotations

import json
from typing import Any

from serving import Client, Server
from websockets.sync.client import ClientConnection, connect

from crupier.ledger import Ledger


def _socket(server: Server, client: Client) -> ClientConnection:
    headers = {"Cookie": f"crupier_session={client.cookie}"}
    return connect(f"{server.ws_url}/ws/tables/RF-1", additional_headers=headers)


def _answers(ws: ClientConnection, n: int) -> list[dict[str, Any]]:
    """The next ``n`` acks and errors, in the order they arrived (views skipped)."""
    out: list[dict[str, Any]] = []
    while len(out) < n:
        frame = json.loads(ws.recv(timeout=60))
        if frame["type"] in ("ack", "error"):
            out.append(frame)
    return out


def _bet(ident: int, player: str, amount: int) -> str:
    action = {"kind": "place-bet", "player": player, "spot": "red", "amount": amount}
    return json.dumps({"type": "action", "id": ident, "action": action})


def test_bets_sent_without_waiting_are_answered_once_in_order(server: Server) -> None:
    p1 = server.client("p1")
    before = p1.get("/api/tables/RF-1").json()
    balance = before["view"]["players"]["P1"]
    with _socket(server, p1) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "view"
        # under the table minimum (409) between accepted bets: it refuses only itself
        amounts = {1: 1000, 2: 500, 3: 100, 4: 1500, 5: 500}
        for ident, amount in amounts.items():
            ws.send(_bet(ident, "P1", amount))
        answers = _answers(ws, len(amounts))
    assert [a["id"] for a in answers] == [1, 2, 3, 4, 5]
    refused = [a for a in answers if a["type"] == "error"]
    assert [(a["id"], a["status"]) for a in refused] == [(3, 409)]
    acks = [a for a in answers if a["type"] == "ack"]
    seqs = [a["seq"] for a in acks]
    assert seqs == sorted(seqs) and len(set(seqs)) == 4
    assert [a["action"]["amount"] for a in acks] == [1000, 500, 1500, 500]
    after = p1.get("/api/tables/RF-1").json()
    assert after["view"]["players"]["P1"] == balance - 3500  # the refused bet took nothing
    assert server.opened is not None
    ledger = Ledger(server.opened.casino.ledger.engine.url.render_as_string(False), None)
    try:
        for ack in acks:
            assert ledger.get(ack["seq"]).payload["entry"]["action"] == ack["action"]
    finally:
        ledger.close()


def test_a_refused_permission_is_logged_before_its_error_frame(server: Server) -> None:
    p1 = server.client("p1")
    inspector = server.client("inspector")
    head = inspector.get("/api/events").json()["events"][-1]["seq"]
    with _socket(server, p1) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "view"
        ws.send(_bet(7, "P2", 1000))  # a player bets for his own seat only
        (answer,) = _answers(ws, 1)
        assert (answer["id"], answer["status"], answer["code"]) == (7, 403, "PERMISSION_DENIED")
        events = inspector.get(f"/api/events?since={head}").json()["events"]
    denied = [e for e in events if e["kind"] == "EVT.PERMISSION_DENIED"]
    assert [(e["who"], e["where"]) for e in denied] == [
        ({"kind": "player", "id": "P1"}, "WS action at RF-1")
    ]
