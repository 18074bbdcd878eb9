"""The poker room at the cage, over the live server on SQLite and PostgreSQL: a player
buys chips at the window, joins a hold'em table, plays a deal and leaves; the journal
holds his chips in (``JNL.POKER_CHIPS_IN``) and his stack out (``JNL.POKER_CHIPS_OUT``),
each signed by the table's dealer (row 10 of the permission matrix: the player holds no
key), his account moves by exactly -buy-in + stack, the table's chips in play are the
stacks at the table, refused actions write nothing, and ``crupier verify`` passes.

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


def _poker_entries(client: Client) -> list[dict[str, Any]]:
    journal = client.get("/api/books/JNL").json()["entries"]
    return [e for e in journal if e["type"] in ("POKER_CHIPS_IN", "POKER_CHIPS_OUT")]


def _balance(client: Client, player: str) -> int:
    r = client.get(f"/api/cage/account?player={player}")
    assert r.status_code == 200, r.text
    return int(r.json()["balance"])


def _deal(croupier: Client, players: dict[str, Client]) -> None:
    """A hold'em deal of spec 23 (option A, 5 % rake): P1 bets 18.00, P2 calls, P3 and
    P4 fold, both check to the showdown; P1's aces win the 40.00 pot less 2.00 rake."""
    r = croupier.act(TABLE, kind="draw-seats", seats=["P1", "P2", "P3", "P4"], ma=1)
    assert r.status_code == 200, r.text
    r = croupier.act(TABLE, kind="start-deal", order=list(stacked(Holdem.variant, HOLES, BOARD)))
    assert r.status_code == 200, r.text
    steps = [("P1", "bet", {"to": 1_800}), ("P2", "call", {}), ("P3", "fold", {}),
             ("P4", "fold", {})]  # fmt: skip
    steps += [(name, "check", {}) for _ in range(3) for name in ("P1", "P2")]
    for name, kind, extra in steps:
        r = players[name].act(TABLE, kind=kind, player=name, **extra)
        assert r.status_code == 200, r.text


def test_join_play_leave_on_the_books(server: Server, tmp_path: Path) -> None:
    assert server.opened is not None
    casino = server.opened.casino
    cashier, croupier = server.client("cashier"), server.client("r1")
    inspector = server.client("inspector")
    players = {f"P{n}": server.client(f"p{n}") for n in range(1, 5)}
    # P1 buys 250.00 in chips at the window first: his account shows them
    start = _balance(cashier, "P1")
    r = cashier.post("/api/cage/sales", {"player": "P1", "chips": {"2500": 10}})
    assert r.status_code == 200, r.text
    before = _balance(cashier, "P1")
    assert before == start + 25_000
    assert players["P1"].get("/api/cage/account").json()["balance"] == before  # his own
    assert players["P1"].get("/api/cage/account?player=P2").status_code == 403
    # refusals write nothing: outside the table stakes; P1 leaves a table he is not at
    books = len(_poker_entries(inspector))
    r = players["P1"].post(f"/api/tables/{TABLE}/poker/join", {"amount": 150})
    assert r.status_code == 422, r.text
    r = players["P1"].act(TABLE, kind="leave", player="P1")
    assert r.status_code >= 400, r.text
    assert len(_poker_entries(inspector)) == books and _balance(cashier, "P1") == before
    for client in players.values():
        r = client.post(f"/api/tables/{TABLE}/poker/join", {"amount": BUY_IN})
        assert r.status_code == 200, r.text
    assert _balance(cashier, "P1") == before - BUY_IN
    ins = [e for e in _poker_entries(inspector) if e["type"] == "POKER_CHIPS_IN"]
    assert [(e["data"]["player"], e["data"]["amount"]) for e in ins[-4:]] == [
        (p, BUY_IN) for p in ("P1", "P2", "P3", "P4")
    ]
    _deal(croupier, players)
    stacks = croupier.get(f"/api/tables/{TABLE}").json()["view"]["chips"]
    assert stacks["P1"] == 21_900  # 20,000 - 100 ante - 1,800 + the pot 4,000 - rake 200
    # P1 may not leave in a deal; between deals he leaves with his whole stack
    r = players["P1"].act(TABLE, kind="leave", player="P1")
    assert r.status_code == 200, r.text
    assert _balance(cashier, "P1") == before - BUY_IN + 21_900
    (out,) = [e for e in _poker_entries(inspector) if e["type"] == "POKER_CHIPS_OUT"]
    assert out["table"] == TABLE
    assert (out["data"]["player"], out["data"]["amount"], out["data"]["stack"]) == ("P1", 21_900, 0)
    # signed by the table's dealer, R1 (the player holds no key)
    entry = casino.ledger.get(out["seq"])
    assert entry.payload["author"]["id"] == "R1"
    assert all(casino.ledger.get(e["seq"]).payload["author"]["id"] == "R1" for e in ins[-4:])
    # the table's chips: in 4 x 200.00, out P1's stack, the deal's rake; in play the rest
    chips = casino.poker_table_chips(TABLE)
    assert (chips["chips_in"], chips["chips_out"], chips["cut"]) == (4 * BUY_IN, 21_900, 200)
    left = croupier.get(f"/api/tables/{TABLE}").json()["view"]["chips"]
    assert "P1" not in left and chips["in_play"] == sum(left.values())
    # the croupier takes chips in for P5 at the table (the staff buy-in): the same entry,
    # signed by the croupier who acted, within the table stakes
    r = croupier.post(f"/api/tables/{TABLE}/buy-in", {"player": "P5", "amount": 150})
    assert r.status_code == 422, r.text
    r = croupier.post(f"/api/tables/{TABLE}/buy-in", {"player": "P5", "amount": 5_000})
    assert r.status_code == 200, r.text
    entry = casino.ledger.get(r.json()["seq"])
    assert entry.kind == "JNL.POKER_CHIPS_IN" and entry.payload["data"]["amount"] == 5_000
    assert entry.payload["author"]["id"] == "R1" and entry.payload["table"] == TABLE
    chips = casino.poker_table_chips(TABLE)
    assert chips["chips_in"] == 4 * BUY_IN + 5_000
    # the books verify, over the API and with the command
    assert inspector.get("/api/verify").json()["ok"] is True
    key = tmp_path / "casino.pub"  # the casino's public key, as the books' genesis names it
    save_public_key(public_key_from_b64(casino.ledger.get(1).payload["public_key"]), key)
    url = casino.ledger.engine.url.render_as_string(hide_password=False)
    result = CliRunner().invoke(app, ["verify", "--db", url, "--key", str(key)])
    assert result.exit_code == 0, result.output
    # a restart reads the same account and table chips back from the books
    server.restart()
    assert _balance(server.client("cashier"), "P1") == before - BUY_IN + 21_900
    assert server.opened is not None
    assert server.opened.casino.poker_table_chips(TABLE) == chips
