"""Hundreds of concurrent clients betting against the same balances.

Each demo player logs in once and opens many connections with that session (half over
HTTP, half over the table's WebSocket), spread over two tables; every connection bets
until the player's chips at that table run out. Afterwards: no player's acknowledged
bets exceed what they held (no double spending); each balance is what they held less
their acknowledged bets (no lost update); the ledger holds exactly the acknowledged bets,
once each; the round then settles, chips are conserved and the ledger verifies.
Used by ``test_concurrency.py`` and ``benchmarks/reliability.py``.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from crashing import PLAYERS, Person, check_conservation

from crupier.ledger import Ledger

TABLES = ("RF-1", "PB-1")
SPOTS = {"RF-1": ("red", "black", "even", "odd"), "PB-1": ("banker", "player")}
#: Refusals in a row (a per-spot maximum reached on every spot) after which a client stops.
GIVE_UP = 12
AMOUNTS = {"RF-1": (500, 1000), "PB-1": (2000,)}
STAFF = {"RF-1": "r1", "PB-1": "r5"}


@dataclass
class CrowdFigures:
    """What a crowd run saw."""

    clients: int = 0
    acknowledged: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    peak_open: int = 0
    acks: dict[tuple[str, str], list[tuple[int, int]]] = field(default_factory=dict)

    def ack(self, table: str, player: str, seq: int, amount: int) -> None:
        self.acks.setdefault((table, player), []).append((seq, amount))
        self.acknowledged += 1


async def _http_client(
    url: str, cookie: str, csrf: str, table: str, player: str, rng: random.Random,
    figures: CrowdFigures, ready: asyncio.Event, opened: list[int],
) -> None:  # fmt: skip
    async with httpx.AsyncClient(
        base_url=url,
        timeout=120,
        cookies={"crupier_session": cookie},
        headers={"X-CSRF-Token": csrf},
        limits=httpx.Limits(max_connections=1),
    ) as http:
        await http.get("/api/me")  # the connection is open
        opened[0] += 1
        figures.peak_open = max(figures.peak_open, opened[0])
        while not ready.is_set():
            # The server closes a keep-alive connection idle for 5 s (uvicorn's default).
            # On a loaded machine opening all the connections takes longer: the first ones
            # were closed while they waited, and their first bet met a reset connection
            # (httpx.ReadError). Waiting, each connection says it is there every 2 s.
            try:
                await asyncio.wait_for(ready.wait(), 2)
            except TimeoutError:
                await http.get("/api/me")
        refusals = 0
        while refusals < GIVE_UP:
            action = {
                "kind": "place-bet",
                "player": player,
                "spot": rng.choice(SPOTS[table]),
                "amount": rng.choice(AMOUNTS[table]),
            }
            r = await http.post(f"/api/tables/{table}/actions", json={"action": action})
            assert r.status_code < 500, r.text
            if r.status_code == 200:
                figures.ack(table, player, r.json()["seq"], action["amount"])
                refusals = 0
                continue
            code = r.json()["code"]
            figures.refused[code] += 1
            refusals += 1
            if code == "insufficient-funds":
                break
    opened[0] -= 1


async def _ws_client(
    url: str, cookie: str, table: str, player: str, rng: random.Random,
    figures: CrowdFigures, ready: asyncio.Event, opened: list[int],
) -> None:  # fmt: skip
    from websockets.asyncio.client import connect

    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table}"
    async with connect(
        ws_url,
        additional_headers={"Cookie": f"crupier_session={cookie}"},
        max_queue=None,
        open_timeout=120,
    ) as ws:
        opened[0] += 1
        figures.peak_open = max(figures.peak_open, opened[0])
        await ready.wait()
        ident, refusals = 0, 0
        while refusals < GIVE_UP:
            ident += 1
            action = {
                "kind": "place-bet",
                "player": player,
                "spot": rng.choice(SPOTS[table]),
                "amount": rng.choice(AMOUNTS[table]),
            }
            await ws.send(json.dumps({"type": "action", "id": ident, "action": action}))
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 120))
                if frame.get("id") == ident and frame["type"] in ("ack", "error"):
                    break
            if frame["type"] == "ack":
                figures.ack(table, player, frame["seq"], action["amount"])
                refusals = 0
                continue
            assert frame["status"] < 500, frame
            figures.refused[frame["code"]] += 1
            refusals += 1
            if frame["code"] == "insufficient-funds":
                break
    opened[0] -= 1


def balances(url: str) -> dict[tuple[str, str], int]:
    staff = {t: Person(url, STAFF[t]) for t in TABLES}
    return {
        (t, p): int(staff[t].get(f"/api/tables/{t}")["view"]["players"][p])
        for t in TABLES
        for p in PLAYERS.values()
    }


def run_crowd(url: str, db_url: str, clients: int, seed: int = 7) -> CrowdFigures:
    """``clients`` connections (each player's own share, HTTP and WebSocket alternately,
    over both tables) bet until every balance is spent; then every check above."""
    people = {username: Person(url, username) for username in PLAYERS}
    before = balances(url)
    start_seq = Person(url, "inspector").get("/api/events?limit=1")["events"][-1]["seq"]
    figures = CrowdFigures(clients=clients)
    rng = random.Random(seed)

    async def main() -> None:
        ready, opened = asyncio.Event(), [0]
        jobs = []
        for n in range(clients):
            username = list(PLAYERS)[n % len(PLAYERS)]
            person, player = people[username], PLAYERS[username]
            table = TABLES[(n // len(PLAYERS)) % len(TABLES)]
            crng = random.Random(rng.random())
            assert person.cookie is not None
            if n % 2:
                jobs.append(
                    _ws_client(url, person.cookie, table, player, crng, figures, ready, opened)
                )
            else:
                jobs.append(
                    _http_client(
                        url,
                        person.cookie,
                        person.csrf,
                        table,
                        player,
                        crng,
                        figures,
                        ready,
                        opened,
                    )
                )
        tasks = [asyncio.create_task(j) for j in jobs]
        while opened[0] < clients:  # every connection open before the first bet
            await asyncio.sleep(0.05)
            for t in tasks:
                if t.done() and t.exception():
                    raise t.exception()  # type: ignore[misc]
        began = time.monotonic()
        ready.set()
        await asyncio.gather(*tasks)
        figures.seconds = time.monotonic() - began

    run_in_own_loop(main())
    after = balances(url)
    for key, held in before.items():
        amounts = [a for _, a in figures.acks.get(key, [])]
        assert sum(amounts) <= held, ("double spending", key, sum(amounts), held)
        assert after[key] == held - sum(amounts), ("lost update", key, after[key], held)
    # the ledger holds exactly the acknowledged bets, once each
    ledger = Ledger(db_url, None)
    try:
        bets: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for e in ledger.entries(start_seq + 1):
            if (
                e.kind == "LIVE.PLAYER_ACTION"
                and e.payload["entry"]["action"]["kind"] == "place-bet"
            ):
                action = e.payload["entry"]["action"]
                bets.setdefault((e.payload["table"], action["player"]), []).append(
                    (e.seq, action["amount"])
                )
    finally:
        ledger.close()
    for key in before:
        assert sorted(bets.get(key, [])) == sorted(figures.acks.get(key, [])), key
    # the round settles; chips are conserved; the books verify
    for table in TABLES:
        croupier = Person(url, STAFF[table])
        for _ in range(6):
            view = croupier.get(f"/api/tables/{table}")
            legal, v = view["legal_actions"], view["view"]
            if "spin" in legal and not v.get("launched"):
                action: dict[str, Any] = {"kind": "spin", "wheel": v.get("next_direction") or "cw"}
            elif "no-more-bets" in legal:
                action = {"kind": "no-more-bets"}
            elif "result" in legal:
                action = {"kind": "result"}
            elif "deal" in legal:
                action = {"kind": "deal"}
            else:
                break
            r = croupier.act(table, action)
            assert r.status_code == 200, r.text
            if r.json()["round_closed"]:
                break
        check_conservation(croupier, table)
    assert Person(url, "inspector").get("/api/verify")["ok"] is True
    return figures


__all__ = ["CrowdFigures", "run_crowd"]


def run_in_own_loop(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: a test session that also drives a browser
    (Playwright's sync API) keeps an event loop running in the main thread."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
