"""Load benchmark of the live server: simulated players betting over WebSockets on loopback.

    python benchmarks/server.py [--db URL] [--players 200] [--tables 10] [--seconds 60]

It creates the demo casino in a temporary data folder (or on ``--db``), opens extra French
roulette tables up to ``--tables``, registers the players and sells them chips at their
tables, then starts ``crupier serve`` in a subprocess. Each player logs in over HTTP, opens
the table's WebSocket and bets (``place-bet`` frames) while the table is betting; a croupier
per table spins, calls no more bets and draws the result every ``--round`` seconds.

It prints the accepted bets per second, the latency from sending a bet to its
acknowledgement (p50, p99), the server's CPU time, and as a reference the rate of bare
ledger appends of the same entries in this process (the ratio is what the server adds).
Then it checks the books: every acknowledged bet is in the ledger exactly once with its
player, spot and amount; no bet is there that was not acknowledged; each table's chips
balance exactly (players + layout + house = bought in - cashed out) and every player's
balance is the one the server last showed them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from crupier.server.delta import apply

SPOTS = ("red", "black", "odd", "even")
BUY_IN = 5_000_000
PASSWORD = "bench-password"
PROFILE: list[Any] = []  # [output file, py-spy process] with --profile
SERVER_PID: list[int] = []
WINDOW: dict[str, Any] = {}  # CPU seconds and load averages over the betting window


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Player:
    id: str
    table: str
    acked: dict[int, tuple[str, str, int]] = field(default_factory=dict)  # seq -> bet
    latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    balance: int | None = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------ preparing the casino


def prepare(db: str | None, data: Path, n_players: int, n_tables: int) -> tuple[str, list[Player]]:
    """The demo casino, extra roulette tables, the players, their logins and chips."""
    from argon2 import PasswordHasher
    from sqlalchemy import insert

    from crupier.casino.fixture import chips_for
    from crupier.casino.model import Limits
    from crupier.casino.roles import Role
    from crupier.server.auth import accounts
    from crupier.server.setup import open_server_casino

    opened = open_server_casino(db, data)
    casino = opened.casino
    tables = [t for t in ("RF-1", "RF-2", "RA-1") if casino.tables[t].session][:n_tables]
    n = 3
    while len(tables) < n_tables:
        table = f"RF-{n}"
        chief = f"TB{n}"
        casino.add_table(table, "french-roulette", room="MAIN")
        casino.register_person(chief, "Chief", f"of {table}", f"AD-{chief}")
        casino.grant_licence_directly(chief, f"I-{chief}", "2025-12-01")
        casino.assign(chief, Role.TC, tables=[table])
        casino.unlock_wheel(table, by=chief, key=f"{table}-WHEEL")
        casino.open_table(
            table, by=chief, cashier="K1", float_chips=chips_for(2_000_000),
            limits=Limits(500, 15_000), staff={"R2": "DEALER", "R3": "DEALER"},
        )  # fmt: skip
        tables.append(table)
        n += 1
    players = [Player(f"B{i:04d}", tables[i % len(tables)]) for i in range(n_players)]
    digest = PasswordHasher().hash(PASSWORD)
    with casino.ledger.engine.begin() as conn:
        for p in players:
            conn.execute(
                insert(accounts).values(
                    username=p.id.lower(), password_hash=digest, kind="player", subject=p.id,
                    name=f"bench player {p.id}",
                )
            )  # fmt: skip
    for p in players:
        chief = next(s for s, f in casino.table_session(p.table).staff.items() if f == "TC")
        casino.buy_in(p.table, p.id, BUY_IN, by=chief)
    url = casino.ledger.url
    casino.ledger.close()
    return url, players


# ------------------------------------------------------------------ the load


class Socket:
    """A table's WebSocket: views (phase) and acks by id."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.phase = "betting"
        self.view: dict[str, Any] = {}
        self.betting = asyncio.Event()
        self.betting.set()
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                frame = orjson.loads(text)
                kind = frame["type"]
                if kind in ("view", "delta"):
                    if kind == "view":
                        self.view = frame.get("view") or {}
                    else:  # what changed since the last frame (crupier.server.delta)
                        self.view = apply(self.view, frame["view"])
                    phase, launched = self.view.get("phase"), self.view.get("launched")
                    if phase == "betting" and not launched:
                        self.betting.set()
                    elif phase != "betting":
                        self.betting.clear()
                else:
                    future = self.waiting.pop(frame["id"], None)
                    if future is not None and not future.done():
                        future.set_result(frame)
        except websockets.ConnectionClosed:
            pass

    async def send(self, action: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        await self.ws.send(orjson.dumps({"type": "action", "id": ident, "action": action}).decode())
        return await future


async def login(base: str, username: str, password: str) -> tuple[httpx.AsyncClient, str]:
    client = httpx.AsyncClient(base_url=base, timeout=60)
    r = await client.post("/api/login", json={"username": username, "password": password})
    r.raise_for_status()
    return client, str(client.cookies.get("crupier_session"))


async def open_socket(ws_base: str, table: str, cookie: str) -> Socket:
    ws = await websockets.connect(
        f"{ws_base}/ws/tables/{table}",
        additional_headers={"Cookie": f"crupier_session={cookie}"},
        max_size=2**24,
        open_timeout=120,
    )
    return Socket(ws)


async def play(p: Player, sock: Socket, stop: asyncio.Event, rng: random.Random) -> None:
    while not stop.is_set():
        await sock.betting.wait()
        if stop.is_set():
            break
        bet = ("place-bet", rng.choice(SPOTS), 500 * rng.randint(1, 4))
        sent = time.perf_counter()
        frame = await sock.send({"kind": bet[0], "player": p.id, "spot": bet[1], "amount": bet[2]})
        if frame["type"] == "ack":
            p.latencies.append(time.perf_counter() - sent)
            p.acked[frame["seq"]] = (p.id, bet[1], bet[2])
        else:
            p.refused[frame["code"]] += 1
            if frame["code"] in ("betting-closed", "wrong-phase"):
                sock.betting.clear()
                await asyncio.sleep(0.01)
            elif frame["code"] == "bet-over-maximum":
                await asyncio.sleep(0.05)


async def deal(
    table: str, sock: Socket, stop: asyncio.Event, period: float, rounds: Counter[str]
) -> None:
    while not stop.is_set():
        await asyncio.sleep(period)
        view = sock.view
        for action in (
            {"kind": "spin", "wheel": view.get("next_direction") or "cw"},
            {"kind": "no-more-bets"},
            {"kind": "result"},
        ):
            frame = await sock.send(action)
            if frame["type"] != "ack":
                raise RuntimeError(f"{table}: the croupier's {action['kind']} was refused: {frame}")
        rounds[table] += 1


async def load(
    base: str, players: list[Player], seconds: float, period: float
) -> tuple[float, Counter[str]]:
    ws_base = base.replace("http://", "ws://")
    sem = asyncio.Semaphore(16)

    async def connect(p: Player) -> tuple[httpx.AsyncClient, Socket]:
        async with sem:
            client, cookie = await login(base, p.id.lower(), PASSWORD)
            return client, await open_socket(ws_base, p.table, cookie)

    sessions = await asyncio.gather(*(connect(p) for p in players))
    tables = sorted({p.table for p in players})
    _, croupier_cookie = await login(base, "r2", "demo-r2")
    dealers = {t: await open_socket(ws_base, t, croupier_cookie) for t in tables}
    stop = asyncio.Event()
    rounds: Counter[str] = Counter()
    rng = random.Random(7)
    if PROFILE:  # py-spy, when asked for and installed: where the server spends the load
        PROFILE.append(subprocess.Popen(
            ["py-spy", "record", "-p", str(SERVER_PID[0]), "-d", str(int(seconds)), "-f", "raw",
             "-o", PROFILE[0], "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))  # fmt: skip
    WINDOW.update(
        server_cpu=process_cpu(SERVER_PID[0]), own_cpu=time.process_time(), load=os.getloadavg()
    )
    start = time.perf_counter()
    tasks = [
        asyncio.create_task(play(p, sock, stop, random.Random(rng.random())))
        for p, (_c, sock) in zip(players, sessions, strict=True)
    ]
    tasks += [asyncio.create_task(deal(t, dealers[t], stop, period, rounds)) for t in tables]
    await asyncio.sleep(seconds)
    stop.set()
    for sock in [s for _c, s in sessions]:
        sock.betting.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    WINDOW.update(
        server_cpu=process_cpu(SERVER_PID[0]) - WINDOW["server_cpu"],
        own_cpu=time.process_time() - WINDOW["own_cpu"],
        load_end=os.getloadavg(),
    )
    for p, (client, sock) in zip(players, sessions, strict=True):
        view = (await client.get(f"/api/tables/{p.table}")).json()
        p.balance = int(view["view"]["players"][p.id])
        await sock.ws.close()
        await client.aclose()
    for sock in dealers.values():
        await sock.ws.close()
    return elapsed, rounds


# ------------------------------------------------------------------ checking the books


def check(url: str, players: list[Player]) -> list[str]:
    from crupier.casino import Casino
    from crupier.casino.live import PLAYER_ACTION
    from crupier.ledger import Ledger

    problems: list[str] = []
    ledger = Ledger(url, None)
    recorded: dict[int, tuple[str, str, int]] = {}
    for entry in ledger.entries():
        if entry.kind == PLAYER_ACTION:
            a = entry.payload["entry"]["action"]
            if a["kind"] == "place-bet" and a["player"].startswith("B"):
                recorded[entry.seq] = (a["player"], a["spot"], a["amount"])
    acked: dict[int, tuple[str, str, int]] = {}
    for p in players:
        for seq, bet in p.acked.items():
            if seq in acked:
                problems.append(f"seq {seq} acknowledged twice")
            acked[seq] = bet
    for seq, bet in acked.items():
        if recorded.get(seq) != bet:
            problems.append(f"acknowledged bet {seq} {bet} is not in the ledger as sent")
    extra = set(recorded) - set(acked)
    if extra:
        problems.append(f"{len(extra)} bets in the ledger were never acknowledged")
    casino = Casino(ledger)
    for table in sorted({p.table for p in players}):
        engine = casino.engine(table)
        assert engine is not None
        if engine.state.balance() != 0:
            problems.append(f"{table}: chips do not balance ({engine.state.balance()})")
        for p in (q for q in players if q.table == table):
            if engine.state.players.get(p.id) != p.balance:
                problems.append(
                    f"{p.id}: books {engine.state.players.get(p.id)} != shown {p.balance}"
                )
    ledger.close()
    return problems


def reference_appends(n: int) -> float:
    """Bare ledger appends per second of the same entry (one writer thread)."""
    from crupier.ledger import Actor, Ledger, SigningKey

    folder = Path(tempfile.mkdtemp(prefix="crupier-ref-"))
    ledger = Ledger(f"sqlite:///{folder / 'ref.db'}", SigningKey.generate())
    payload = {"table": "RF-1", "entry": {"action": {"kind": "place-bet", "amount": 500}}}
    start = time.perf_counter()
    pending = [
        ledger.submit("LIVE.PLAYER_ACTION", Actor("system", "SYSTEM"), payload) for _ in range(n)
    ]
    for item in pending:
        item.result()
    rate = n / (time.perf_counter() - start)
    ledger.close()
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="PostgreSQL URL (default: SQLite in a temporary folder)")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--round", type=float, default=1.0, help="seconds of betting per round")
    parser.add_argument("--profile", help="record the server with py-spy into this file")
    args = parser.parse_args()
    if args.profile:
        PROFILE.append(args.profile)
    data = Path(tempfile.mkdtemp(prefix="crupier-bench-"))
    if args.db:
        from sqlalchemy import create_engine

        from crupier.ledger.store import drop_schema
        from crupier.server.auth import metadata

        engine = create_engine(args.db.replace("postgresql://", "postgresql+psycopg://", 1))
        metadata.drop_all(engine)
        engine.dispose()
        drop_schema(args.db)
    t0 = time.perf_counter()
    url, players = prepare(args.db, data, args.players, args.tables)
    print(
        f"prepared {len(players)} players at {args.tables} tables in {time.perf_counter() - t0:.1f} s"
    )
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "crupier.cli",
        "serve",
        "--data-dir",
        str(data),
        "--port",
        str(port),
    ]
    if args.db:
        command += ["--db", args.db]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    SERVER_PID.append(server.pid)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{base}/api/day", timeout=1)
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline or server.poll() is not None:
                print(server.stdout.read() if server.stdout else "", file=sys.stderr)
                return 1
            time.sleep(0.2)
    try:
        elapsed, rounds = asyncio.run(load(base, players, args.seconds, args.round))
    finally:
        if len(PROFILE) > 1:
            PROFILE[1].wait(60)
        server.send_signal(signal.SIGINT)
        server.wait(30)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    latencies = sorted(x for p in players for x in p.latencies)
    accepted = len(latencies)
    refused = sum((p.refused for p in players), Counter())
    print(f"database: {'PostgreSQL' if args.db else 'SQLite'}; {len(players)} players, "
          f"{len({p.table for p in players})} tables, {elapsed:.1f} s, {sum(rounds.values())} rounds")  # fmt: skip
    print(f"accepted bets: {accepted} = {accepted / elapsed:,.0f} bets/s; refused: {dict(refused)}")
    if latencies:
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
        print(f"send -> ack latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    cpu = usage.ru_utime + usage.ru_stime
    print(f"server CPU time, whole run: {cpu:.1f} s (with its start and the 200 logins)")
    server_cpu, own_cpu = WINDOW["server_cpu"], WINDOW["own_cpu"]
    print(f"CPU over the {elapsed:.0f} s of betting: server {server_cpu:.1f} s "
          f"({server_cpu / elapsed:.0%} of a core, {server_cpu / max(accepted, 1) * 1e6:.0f} us "
          f"per accepted bet); load generator {own_cpu:.1f} s ({own_cpu / elapsed:.0%} of a "
          f"core; its own process)")  # fmt: skip
    start_load = ", ".join(f"{x:.1f}" for x in WINDOW["load"])
    end_load = ", ".join(f"{x:.1f}" for x in WINDOW["load_end"])
    print(f"load average (1, 5, 15 min): {start_load} at the start, {end_load} at the end "
          f"({os.cpu_count()} CPUs)")  # fmt: skip
    ref = reference_appends(5000)
    print(f"reference: bare ledger appends {ref:,.0f}/s in one process; server/reference "
          f"{accepted / elapsed / ref:.2f}")  # fmt: skip
    problems = check(url, players)
    if problems:
        print("BOOKS CHECK FAILED:")
        for line in problems[:20]:
            print("  " + line)
        return 1
    print(f"books check: every acknowledged bet ({accepted}) is in the ledger exactly once; "
          "chips balance at every table; every balance shown equals the books")  # fmt: skip
    return 0


if __name__ == "__main__":
    os.environ.setdefault("CRUPIER_KEY_PASSPHRASE", "bench")
    raise SystemExit(main())
