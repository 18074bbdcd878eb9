"""The lobby feed: one WebSocket that pushes every table's status to the floor and the pit.

What the floor shows (ui.md, screen 1): state, the round's phase, limits, crew, seats,
rounds, last results. A table's change reaches the lobby's followers without a request;
each follower sees only the tables its role may see (a player every open table, a table
chief his own: the permission matrix's row 35), never a seat's private view.
"""

from __future__ import annotations

from typing import Any

from crowd import run_in_own_loop
from serving import Client, Recorder, Server


class LobbyRecorder(Recorder):
    """The frames of ``/ws/lobby`` (the table recorder's loop on another path)."""

    def __init__(self, client: Client) -> None:
        super().__init__(client, "")
        self.frames = self.wire  # the lobby's frames are its messages: no view to rebuild

    async def _run(self, url: str, cookie: str | None) -> None:
        await super()._run(url.replace("/ws/tables/", "/ws/lobby"), cookie)


def tables_of(frame: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in frame["tables"]}


def test_the_lobby_pushes_table_changes_to_the_tables_one_may_see(server: Server) -> None:
    p1, chief, director, croupier = (
        server.client(u) for u in ("p1", "chief-rf-1", "director", "r1")
    )
    floor = LobbyRecorder(p1)
    own = LobbyRecorder(chief)
    try:
        first = floor.wait_for(lambda f: f["type"] == "lobby")
        everything = tables_of(first)
        assert {"RF-1", "RA-1", "PB-1", "CF-1", "BD-1"} <= set(everything)
        rf1 = everything["RF-1"]
        assert rf1["state"] == "OPEN" and rf1["limits"]["minimum"] > 0
        assert set(tables_of(own.wait_for(lambda f: f["type"] == "lobby"))) == {"RF-1"}

        assert director.post("/api/tables/RA-1/temp-close", {"reason": "x"}).status_code == 200
        closed = floor.wait_for(
            lambda f: (
                f["type"] == "tables" and tables_of(f).get("RA-1", {}).get("state") == "TEMP_CLOSED"
            )
        )
        assert "RF-1" not in tables_of(closed)  # only what changed
        assert director.post("/api/tables/RA-1/reopen").status_code == 200
        floor.wait_for(
            lambda f: f["type"] == "tables" and tables_of(f).get("RA-1", {}).get("state") == "OPEN"
        )

        rounds = rf1["rounds"]
        assert (
            p1.act("RF-1", kind="place-bet", player="P1", spot="red", amount=500).status_code == 200
        )
        wheel = croupier.get("/api/tables/RF-1").json()["view"]["next_direction"] or "cw"
        for action in ({"kind": "spin", "wheel": wheel}, {"kind": "no-more-bets"}):
            assert croupier.act("RF-1", **action).status_code == 200
            phase = croupier.get("/api/tables/RF-1").json()["view"]["phase"]
            own.wait_for(lambda f, p=phase: tables_of(f).get("RF-1", {}).get("phase") == p)
        r = croupier.act("RF-1", kind="result")
        assert r.status_code == 200 and r.json()["round_closed"] is not None
        done = own.wait_for(lambda f: tables_of(f).get("RF-1", {}).get("rounds") == rounds + 1)
        number = croupier.get("/api/tables/RF-1").json()["view"]["last_results"][-1]
        assert tables_of(done)["RF-1"]["last_results"][-1] == number
        assert all(set(tables_of(f)) <= {"RF-1"} for f in own.frames)
    finally:
        floor.close()
        own.close()


def test_the_lobby_needs_a_login(server: Server) -> None:

    import websockets

    async def attempt() -> int:
        try:
            async with websockets.connect(f"{server.ws_url}/ws/lobby") as ws:
                await ws.recv()
        except websockets.InvalidStatus as exc:  # closed before the handshake completes
            return exc.response.status_code
        return 101

    assert run_in_own_loop(attempt()) == 403
