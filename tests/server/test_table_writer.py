"""The tables' writer: every table's queued actions in one batch, one commit at a time.

Four players at three tables each send 150 bets on their WebSocket without waiting for
an answer, so the hub holds more than one batch's worth (``MAX_BATCH`` a table) and the
tables share commits. What the server must still do (issue 10, live tables): answer
every action once, only after it is in the ledger; keep each table's actions in the
order they came; and leave each balance exactly what the acknowledged bets took.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from crowd import run_in_own_loop
from serving import Server

from crupier.casino.live import PLAYER_ACTION
from crupier.server.hub import MAX_BATCH

BETS = 150
AMOUNT = 500  # the demo roulette tables' minimum
SEATS = (("p1", "P1", "RF-1"), ("p2", "P2", "RF-1"), ("p3", "P3", "RF-2"), ("p4", "P4", "RA-1"))


async def _pour(server: Server, cookie: str | None, table: str, player: str) -> list[dict]:
    """Send every bet at once, then read an answer for each (in the order they come)."""
    headers = {"Cookie": f"crupier_session={cookie}"}
    async with websockets.connect(
        f"{server.ws_url}/ws/tables/{table}", additional_headers=headers
    ) as ws:
        for n in range(BETS):
            action = {"kind": "place-bet", "player": player, "spot": f"straight-{n % 37}",
                      "amount": AMOUNT}  # fmt: skip
            await ws.send(json.dumps({"type": "action", "id": n, "action": action}))
        answers: list[dict[str, Any]] = []
        while len(answers) < BETS:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if frame["type"] in ("ack", "error"):
                answers.append(frame)
        return answers


def test_queued_bets_of_several_tables_are_answered_once_in_order(server: Server) -> None:
    assert BETS * 2 > MAX_BATCH  # RF-1 gets more than one batch's worth
    clients = {login: server.client(login) for login, _p, _t in SEATS}
    start = {
        (player, table): int(clients[login].get(f"/api/tables/{table}").json()["view"]["players"][player])
        for login, player, table in SEATS
    }  # fmt: skip

    async def everyone() -> list[list[dict[str, Any]]]:
        return await asyncio.gather(
            *(_pour(server, clients[login].cookie, table, player) for login, player, table in SEATS)
        )

    answers = run_in_own_loop(everyone())
    assert server.opened is not None
    ledger = server.opened.casino.ledger
    seen: set[int] = set()
    for (login, player, table), frames in zip(SEATS, answers, strict=True):
        assert sorted(f["id"] for f in frames) == list(range(BETS))  # each answered once
        acked = [f for f in frames if f["type"] == "ack"]
        refused = [f for f in frames if f["type"] == "error"]
        assert all(f["code"] and f["status"] in (409, 422) for f in refused), refused[:3]
        assert len(acked) > BETS // 2
        by_id = sorted(acked, key=lambda f: f["id"])
        seqs = [f["seq"] for f in by_id]
        assert seqs == sorted(seqs)  # the table's actions in the order they were sent
        assert not seen & set(seqs)
        seen |= set(seqs)
        for frame in by_id:  # in the ledger, as sent, before the answer came
            entry = ledger.get(frame["seq"])
            assert entry.kind == PLAYER_ACTION
            assert entry.payload["table"] == table and entry.payload["player"] == player
            action = entry.payload["entry"]["action"]
            assert (action["spot"], action["amount"]) == (f"straight-{frame['id'] % 37}", AMOUNT)
        view = clients[login].get(f"/api/tables/{table}").json()
        assert int(view["view"]["players"][player]) == start[player, table] - AMOUNT * len(acked)
