"""Closing a poker table with players still seated, over the live server on SQLite and
PostgreSQL: their stacks are paid out through the books as a leave pays them
(``JNL.POKER_CHIPS_OUT``), so no chips vanish with the table; each player's account ends at
what it was less his buy-in plus his stack; a refused closing pays nothing out; the pit
shows the table's chips in, out and the house's cut (its win: the rake; a poker buy-in
is not drop); ``crupier verify`` passes.

The pack is entered (``start-deal`` with ``order``): nothing depends on the OS source.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from serving import Client, Server
from typer.testing import CliRunner

from crupier.cli import app
from crupier.games.circle_poker.packs import stacked
from crupier.games.holdem import Holdem
from crupier.ledger.keys import public_key_from_b64, save_public_key

TABLE = "PK-HE"
BUY_IN = 20_000
HOLES = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
BOARD = ["As", "9c", "5d", "Jh", "4s"]
PLAYERS = ("P1", "P2", "P3", "P4")


def _chips_out(client: Client) -> list[dict[str, Any]]:
    journal = client.get("/api/books/JNL").json()["entries"]
    return [e for e in journal if e["type"] == "POKER_CHIPS_OUT" and e["table"] == TABLE]


def _balance(client: Client, player: str) -> int:
    r = client.get(f"/api/cage/account?player={player}")
    assert r.status_code == 200, r.text
    return int(r.json()["balance"])


def _pit_row(client: Client) -> dict[str, Any]:
    (row,) = [t for t in client.get("/api/pit").json()["tables"] if t["table"] == TABLE]
    return row


def test_closing_pays_every_stack_out_through_the_books(server: Server, tmp_path: Path) -> None:
    assert server.opened is not None
    casino = server.opened.casino
    cashier, croupier, director = (server.client(u) for u in ("cashier", "r1", "director"))
    chief, inspector = server.client("chief-pk-he"), server.client("inspector")
    players = {name: server.client(name.lower()) for name in PLAYERS}
    before = {name: _balance(cashier, name) for name in PLAYERS}
    for client in players.values():
        r = client.post(f"/api/tables/{TABLE}/poker/join", {"amount": BUY_IN})
        assert r.status_code == 200, r.text
    r = croupier.act(TABLE, kind="draw-seats", seats=list(PLAYERS), ma=1)
    assert r.status_code == 200, r.text
    r = croupier.act(TABLE, kind="start-deal", order=list(stacked(Holdem.variant, HOLES, BOARD)))
    assert r.status_code == 200, r.text
    # the director may not close the table in the middle of a deal: its pot is the players'
    r = director.post(f"/api/tables/{TABLE}/temp-close", {"reason": "end of the night"})
    assert r.status_code == 409 and r.json()["code"] == "OPEN_BETS_PRESENT", r.text
    steps = [("P1", "bet", {"to": 1_800}), ("P2", "call", {}), ("P3", "fold", {}),
             ("P4", "fold", {})]  # fmt: skip
    steps += [(name, "check", {}) for _ in range(3) for name in ("P1", "P2")]
    for name, kind, extra in steps:
        r = players[name].act(TABLE, kind=kind, player=name, **extra)
        assert r.status_code == 200, r.text
    stacks = croupier.get(f"/api/tables/{TABLE}").json()["view"]["chips"]
    # 4 x 1.00 antes + 2 x 18.00 = 40.00, less the 5 % rake (2.00): P1's aces take 38.00
    assert stacks == {"P1": 21_900, "P2": 18_100, "P3": 19_900, "P4": 19_900}
    assert sum(stacks.values()) == 4 * BUY_IN - 200
    # P4 rests: a resting player is still at the table and is paid out too
    assert players["P4"].act(TABLE, kind="rest", player="P4").status_code == 200

    r = director.post(f"/api/tables/{TABLE}/temp-close", {"reason": "end of the night"})
    assert r.status_code == 200, r.text
    r = director.post(f"/api/tables/{TABLE}/close-definitively")
    assert r.status_code == 200, r.text
    # a closing refused (a seal missing) pays nothing out: one unit of work
    closing = {"cashier": "K1", "chips": {}, "seals": {"RAKE": "S-PK-1"}}
    r = chief.post(f"/api/tables/{TABLE}/close", closing)
    assert r.status_code >= 400 and r.json()["code"] == "MISSING_FIELDS", r.text
    assert _chips_out(inspector) == []
    assert all(_balance(cashier, n) == before[n] - BUY_IN for n in PLAYERS)
    r = chief.post(f"/api/tables/{TABLE}/close", {**closing, "seals": {"RAKE": "S-PK-1",
                                                                      "TIP": "S-PK-2"}})  # fmt: skip
    assert r.status_code == 200, r.text

    outs = _chips_out(inspector)
    assert {e["data"]["player"]: e["data"]["amount"] for e in outs} == stacks
    assert all(e["data"]["stack"] == 0 for e in outs)
    closer = casino.ledger.get(r.json()["seq"]).payload["author"]["id"]
    for entry in outs:  # signed by the chief who closed (row 10: his own table)
        assert casino.ledger.get(entry["seq"]).payload["author"]["id"] == closer
    for name in PLAYERS:  # no chip vanished: each account is before - buy-in + stack
        assert _balance(cashier, name) == before[name] - BUY_IN + stacks[name]
    chips = casino.poker_table_chips(TABLE)
    assert (chips["chips_in"], chips["chips_out"], chips["cut"]) == (
        4 * BUY_IN,
        4 * BUY_IN - 200,
        200,
    )
    assert chips["in_play"] == 0

    row = _pit_row(director)
    assert (row["chips_in"], row["chips_out"], row["cut"]) == (4 * BUY_IN, 4 * BUY_IN - 200, 200)
    assert row["win"] == 200  # the rake is the house's win
    assert row["drop"] is None and row["chips_sold"] == 0 and row["hold_pct"] is None
    assert not [p for p in director.get("/api/pit").json()["players"] if p["table"] == TABLE]

    assert inspector.get("/api/verify").json()["ok"] is True
    key = tmp_path / "casino.pub"  # the casino's public key, as the books' genesis names it
    save_public_key(public_key_from_b64(casino.ledger.get(1).payload["public_key"]), key)
    url = casino.ledger.engine.url.render_as_string(hide_password=False)
    result = CliRunner().invoke(app, ["verify", "--db", url, "--key", str(key)])
    assert result.exit_code == 0, result.output
    # a restart reads the same accounts back from the books
    server.restart()
    assert all(
        _balance(server.client("cashier"), n) == before[n] - BUY_IN + stacks[n] for n in PLAYERS
    )
