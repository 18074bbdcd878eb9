"""Load benchmark of the live server: simulated players betting over WebSockets on loopback.

    python benchmarks/server.py [--db URL] [--players 200] [--tables 10] [--seconds 60]
                                [--mode both|closed|open] [--rate 2000] [--together]

The figures of docs/server.md ("Load benchmark"), on SQLite and on PostgreSQL:

    python benchmarks/server.py --seconds 60 --mode both
    python benchmarks/server.py --seconds 60 --mode both --db postgresql://USER@HOST:PORT/DB

It creates the demo casino in a temporary data folder (or on ``--db``), opens extra French
roulette tables up to ``--tables``, registers the players and sells them chips at their
tables, then starts ``crupier serve`` in a subprocess. Each player logs in over HTTP, opens
the table's WebSocket and bets (``place-bet`` frames) while the table is betting; a croupier
per table spins, calls no more bets and draws the result every ``--round`` seconds. The
croupiers start a tenth of a round apart (at ten tables), as a room's tables do not spin at
the same instant; ``--together`` runs every table's rounds at the same moments (every
settlement of the room in the same commit: the worst case, printed for comparison).

The load is offered in two ways, one after the other on the same server (``--mode both``,
the default), each for ``--seconds``:

- **closed loop** (the most the server takes): each player sends its next bet the instant
  the acknowledgement of the previous one arrives. About one bet per player is always
  queued, so by Little's law the mean latency is the number of players divided by the
  throughput (200 players at 2,000 bets/s: 100 ms) whatever the server does: this mode
  measures the throughput, and its latencies say nothing about a latency target.
- **open loop** at ``--rate`` bets per second offered in all (the latency at that load, as
  ``wrk2`` measures it): each player's bets are scheduled as a Poisson process of rate
  ``rate / players``, sent at their scheduled time whether or not earlier bets were
  answered, and each latency runs from the *scheduled* send time to the acknowledgement,
  so a stalled server (or a stalled generator) is charged for every bet that waited
  behind the stall instead of the stall delaying the bets it would have hurt (the
  "coordinated omission" of a closed loop). A real player does not bet the instant the
  previous bet was acknowledged: he bets when he decides to, and it is that latency a
  table's players feel. A bet falling due while the player's table is not betting (the
  wheel spinning, no more bets called) is not sent and is counted as skipped. The generator
  is kept cheap so that the figure is about the server: one loop sends every player's bets
  in the order they fall due, each bet's frame is its pre-encoded action and an id, its
  answer is counted by the socket's reader (no task or future per bet), it runs on
  uvloop, and its cyclic garbage collector is off while the load runs (its full passes
  over a heap of every bet counted stalled the sending loop); how late it sent each bet
  against its schedule is printed.

For each mode it prints the accepted bets per second, the latency to the acknowledgement
(p50, p99, p99.9), the server's CPU time (whole and per accepted bet) and the load
generator's, and the load averages; for the open loop also how late the generator sent
its bets against their schedule (so a generator starved of CPU shows as such). As a
reference it prints the rate of bare ledger appends of the same entries in this process
(the ratio is what the server adds). Then it checks the books: every acknowledged bet is
in the ledger exactly once with its player, spot and amount; no bet is there that was not
acknowledged; each table's chips balance exactly (players + layout + house = bought in -
cashed out) and every player's balance is the one the server last showed them.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import heapq
import os
import random
import resource
import shutil
import signal
import socket
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


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Player:
    id: str
    table: str
    acked: dict[int, tuple[str, str, int]] = field(default_factory=dict)  # seq -> bet
    balance: int | None = None


@dataclass
class Phase:
    """One way of offering the load, and what it measured."""

    mode: str  # "closed" or "open"
    rate: float = 0.0  # bets per second offered in all (open loop)
    latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    skipped: int = 0  # open loop: bets due while the table was not betting
    lag: list[float] = field(default_factory=list)  # open loop: sent minus scheduled
    elapsed: float = 0.0
    window: dict[str, Any] = field(default_factory=dict)  # CPU and load averages


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
    # The bench players' passwords are hashed with argon2's lightest parameters (the server
    # verifies a hash with the parameters it carries): 200 logins with the production
    # parameters took minutes of the server's CPU on a loaded machine, and the logins are
    # not what is measured. The staff's demo logins keep the default parameters.
    digest = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(PASSWORD)
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
    """A table's WebSocket: views (phase) and acks by id (each stamped when it is read)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.betting = asyncio.Event()
        self.betting.set()
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        # open loop: id -> (scheduled time, bet), answered in the reader (no task per bet)
        self.offered: dict[int, tuple[float, tuple[str, str, int]]] = {}
        self.player: Player | None = None
        self.phase: Phase | None = None
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
                elif frame["id"] in self.offered:
                    due, bet = self.offered.pop(frame["id"])
                    assert self.player is not None and self.phase is not None
                    answered(self.player, self, bet, due, frame, self.phase)
                else:
                    frame["received"] = time.perf_counter()
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

    async def offer(self, text: str, due: float, bet: tuple[str, str, int]) -> None:
        """Send the bet whose action is the encoded ``text`` (open loop): its answer is
        counted by the reader (:func:`answered`); nothing waits for it here."""
        self.next_id += 1
        self.offered[self.next_id] = (due, bet)
        await self.ws.send(f'{{"type":"action","id":{self.next_id},"action":{text}}}')


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


def new_bet(rng: random.Random) -> tuple[str, str, int]:
    return ("place-bet", rng.choice(SPOTS), 500 * rng.randint(1, 4))


def answered(
    p: Player,
    sock: Socket,
    bet: tuple[str, str, int],
    since: float,
    frame: dict[str, Any],
    phase: Phase,
    received: float | None = None,
) -> str | None:
    """Count the answer ``frame`` to a bet due (or sent) at ``since`` and read at
    ``received`` (now if not given): its latency if it was acknowledged, else its refusal
    code."""
    if frame["type"] == "ack":
        phase.latencies.append((received or time.perf_counter()) - since)
        p.acked[frame["seq"]] = (p.id, bet[1], bet[2])
        return None
    code = str(frame["code"])
    phase.refused[code] += 1
    if code in ("betting-closed", "wrong-phase"):
        sock.betting.clear()
    return code


async def bet_once(
    p: Player, sock: Socket, bet: tuple[str, str, int], since: float, phase: Phase
) -> str | None:
    """Send one bet; its latency from ``since`` if acknowledged, else its refusal code."""
    frame = await sock.send({"kind": bet[0], "player": p.id, "spot": bet[1], "amount": bet[2]})
    return answered(p, sock, bet, since, frame, phase, frame["received"])


async def play(
    p: Player, sock: Socket, stop: asyncio.Event, rng: random.Random, phase: Phase
) -> None:
    """Closed loop: the next bet as soon as the last one is answered."""
    while not stop.is_set():
        await sock.betting.wait()
        if stop.is_set():
            break
        code = await bet_once(p, sock, new_bet(rng), time.perf_counter(), phase)
        if code in ("betting-closed", "wrong-phase"):
            await asyncio.sleep(0.01)
        elif code == "bet-over-maximum":
            await asyncio.sleep(0.05)


def encoded_bets(p: Player) -> dict[tuple[str, str, int], str]:
    """Each bet ``p`` may offer, its action encoded once (the generator's work per bet is
    then a dictionary look-up and the frame's id)."""
    return {
        ("place-bet", spot, 500 * k): orjson.dumps(
            {"kind": "place-bet", "player": p.id, "spot": spot, "amount": 500 * k}
        ).decode()
        for spot in SPOTS
        for k in range(1, 5)
    }


async def offer(
    players: list[Player],
    socks: list[Socket],
    until: float,
    rng: random.Random,
    phase: Phase,
    rate: float,
) -> None:
    """Open loop: each player's bets at the times of a Poisson process of ``rate`` per
    second (his share of the offered load), sent whether or not earlier ones were answered;
    each latency counted from its scheduled time. One loop sends every player's bets in
    the order they fall due (one timer at a time, no task per bet or per player); each
    answer is counted by its socket's reader (:func:`answered`)."""
    rngs = [random.Random(rng.random()) for _ in players]
    texts = [encoded_bets(p) for p in players]
    for p, sock in zip(players, socks, strict=True):
        sock.player, sock.phase = p, phase
    now = time.perf_counter()
    due = [(now + r.expovariate(rate), i) for i, r in enumerate(rngs)]
    heapq.heapify(due)
    behind = 0  # bets sent in a row without waiting: the readers get a turn every 32
    while due and due[0][0] < until:
        when, i = due[0]
        wait = when - time.perf_counter()
        if wait > 0 or behind >= 32:
            behind = 0
            await asyncio.sleep(max(wait, 0))
            continue
        behind += 1
        heapq.heapreplace(due, (when + rngs[i].expovariate(rate), i))
        sock, bet = socks[i], new_bet(rngs[i])
        if sock.betting.is_set():
            phase.lag.append(time.perf_counter() - when)
            await sock.offer(texts[i][bet], when, bet)
        else:
            phase.skipped += 1
    end = time.perf_counter() + 60
    while any(sock.offered for sock in socks) and time.perf_counter() < end:
        await asyncio.sleep(0.05)  # the last answers


async def deal(
    table: str,
    sock: Socket,
    stop: asyncio.Event,
    period: float,
    rounds: Counter[str],
    offset: float = 0.0,
) -> None:
    """The croupier of ``table``: every ``period`` seconds of betting, spin, no more bets and
    the result; the first betting lasts ``offset`` seconds longer."""
    await asyncio.sleep(offset)
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


async def run_phase(
    phase: Phase, players: list[Player], socks: list[Socket], seconds: float, seed: int
) -> None:
    """Offer the load of ``phase`` for ``seconds``; its CPU and load averages in
    ``phase.window``."""
    rng = random.Random(seed)
    window = phase.window
    window.update(
        server_cpu=process_cpu(SERVER_PID[0]), own_cpu=time.process_time(), load=os.getloadavg()
    )
    start = time.perf_counter()
    if phase.mode == "closed":
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(play(p, sock, stop, random.Random(rng.random()), phase))
            for p, sock in zip(players, socks, strict=True)
        ]
        await asyncio.sleep(seconds)
        stop.set()
        for sock in socks:
            sock.betting.set()
    else:
        until, share = start + seconds, phase.rate / len(players)
        tasks = [asyncio.create_task(offer(players, socks, until, rng, phase, share))]
    await asyncio.gather(*tasks)
    phase.elapsed = time.perf_counter() - start
    window.update(
        server_cpu=process_cpu(SERVER_PID[0]) - window["server_cpu"],
        own_cpu=time.process_time() - window["own_cpu"],
        load_end=os.getloadavg(),
    )


async def load(
    base: str,
    players: list[Player],
    phases: list[Phase],
    seconds: float,
    period: float,
    together: bool = False,
) -> Counter[str]:
    ws_base = base.replace("http://", "ws://")
    sem = asyncio.Semaphore(16)

    async def connect(p: Player) -> tuple[httpx.AsyncClient, Socket]:
        async with sem:
            client, cookie = await login(base, p.id.lower(), PASSWORD)
            return client, await open_socket(ws_base, p.table, cookie)

    sessions = await asyncio.gather(*(connect(p) for p in players))
    socks = [sock for _c, sock in sessions]
    tables = sorted({p.table for p in players})
    _, croupier_cookie = await login(base, "r2", "demo-r2")
    dealers = {t: await open_socket(ws_base, t, croupier_cookie) for t in tables}
    stop = asyncio.Event()
    rounds: Counter[str] = Counter()
    if PROFILE:  # py-spy, when asked for and installed: where the server spends the load
        PROFILE.append(subprocess.Popen(
            [shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy")), "record", "-p", str(SERVER_PID[0]),
             "-d", str(int(seconds * len(phases))), "-f", "raw",
             "-o", PROFILE[0], "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))  # fmt: skip
    # A room's tables do not spin at the same instant: the croupiers start a tenth of a
    # round apart at ten tables (``--together``: all at once, every table's settlement in
    # the same moment, the worst case).
    croupiers = [
        asyncio.create_task(
            deal(t, dealers[t], stop, period, rounds, 0.0 if together else period * i / len(tables))
        )
        for i, t in enumerate(tables)
    ]
    # The generator's own pauses are charged to the server (a latency runs from the bet's
    # scheduled time): its heap grows by every bet counted (each latency, each acknowledged
    # bet), and the cyclic collector's full passes over it stalled the sending loop by up to
    # 150 ms every few seconds. Its objects hold no reference cycles worth collecting: what
    # exists now is frozen and the collector is off while the load runs.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        for n, phase in enumerate(phases):
            await run_phase(phase, players, socks, seconds, 7 + n)
    finally:
        gc.enable()
        gc.unfreeze()
    stop.set()
    await asyncio.gather(*croupiers)
    for p, (client, sock) in zip(players, sessions, strict=True):
        view = (await client.get(f"/api/tables/{p.table}")).json()
        p.balance = int(view["view"]["players"][p.id])
        await sock.ws.close()
        await client.aclose()
    for sock in dealers.values():
        await sock.ws.close()
    return rounds


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


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``sorted_values``: the nearest rank at or above it."""
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def report(phase: Phase, n_players: int) -> None:
    """Print what ``phase`` measured."""
    w, elapsed = phase.window, phase.elapsed
    accepted = len(phase.latencies)
    if phase.mode == "closed":
        print(f"closed loop (each player bets again when answered), {elapsed:.1f} s:")
    else:
        print(f"open loop at {phase.rate:,.0f} bets/s offered (Poisson, {phase.rate / n_players:.1f} "
              f"a player a second; latency from the scheduled send), {elapsed:.1f} s:")  # fmt: skip
    skipped = f"; skipped (table not betting): {phase.skipped}" if phase.mode == "open" else ""
    print(f"  accepted bets: {accepted} = {accepted / elapsed:,.0f} bets/s; "
          f"refused: {dict(phase.refused)}{skipped}")  # fmt: skip
    latencies = sorted(phase.latencies)
    if latencies:
        p50, p99, p999 = (percentile(latencies, q) * 1000 for q in (0.5, 0.99, 0.999))
        print(f"  latency to the ack: p50 {p50:.1f} ms, p99 {p99:.1f} ms, p99.9 {p999:.1f} ms, "
              f"max {latencies[-1] * 1000:.1f} ms")  # fmt: skip
    if phase.lag:
        lag = sorted(phase.lag)
        print(f"  generator sent late by: p50 {percentile(lag, 0.5) * 1000:.1f} ms, "
              f"p99 {percentile(lag, 0.99) * 1000:.1f} ms (counted in the latency)")  # fmt: skip
    server_cpu, own_cpu = w["server_cpu"], w["own_cpu"]
    answered = accepted + sum(phase.refused.values())
    print(f"  CPU: server {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of a core, "
          f"{server_cpu / max(accepted, 1) * 1e6:.0f} us per accepted bet, "
          f"{server_cpu / max(answered, 1) * 1e6:.0f} us per bet answered); load generator "
          f"{own_cpu:.1f} s ({own_cpu / elapsed:.0%} of a core; its own process)")  # fmt: skip
    start_load = ", ".join(f"{x:.1f}" for x in w["load"])
    end_load = ", ".join(f"{x:.1f}" for x in w["load_end"])
    print(f"  load average (1, 5, 15 min): {start_load} at the start, {end_load} at the end "
          f"({os.cpu_count()} CPUs)")  # fmt: skip


def event_loop_factory() -> Any:
    """uvloop's event loop where it is installed (the server's extra), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="PostgreSQL URL (default: SQLite in a temporary folder)")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60, help="seconds of each mode")
    parser.add_argument("--mode", choices=("both", "closed", "open"), default="both")
    parser.add_argument("--rate", type=float, default=2000, help="open loop: bets/s offered")
    parser.add_argument("--round", type=float, default=1.0, help="seconds of betting per round")
    parser.add_argument("--together", action="store_true",
                        help="every table's rounds at the same moments (default: spread)")  # fmt: skip
    parser.add_argument("--profile", help="record the server with py-spy into this file")
    args = parser.parse_args()
    if args.profile:
        PROFILE.append(args.profile)
    phases = [Phase(m, args.rate if m == "open" else 0.0) for m in ("closed", "open")
              if args.mode in (m, "both")]  # fmt: skip
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
        # the generator on uvloop, as the server (uvicorn picks it): less of the machine's
        # CPU for the load itself
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            rounds = runner.run(
                load(base, players, phases, args.seconds, args.round, args.together)
            )
    finally:
        if len(PROFILE) > 1:
            PROFILE[1].wait(60)
        server.send_signal(signal.SIGINT)
        server.wait(30)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    spread = "together" if args.together else "spread over the round"
    print(f"database: {'PostgreSQL' if args.db else 'SQLite'}; {len(players)} players, "
          f"{len({p.table for p in players})} tables, {sum(rounds.values())} rounds "
          f"(the tables' rounds {spread})")  # fmt: skip
    for phase in phases:
        report(phase, len(players))
    cpu = usage.ru_utime + usage.ru_stime
    print(f"server CPU time, whole run: {cpu:.1f} s (with its start and the logins); "
          f"peak memory {usage.ru_maxrss / 1024:.0f} MiB")  # fmt: skip
    accepted = sum(len(phase.latencies) for phase in phases)
    ref = reference_appends(5000)
    best = max(len(phase.latencies) / phase.elapsed for phase in phases)
    print(f"reference: bare ledger appends {ref:,.0f}/s in one process; server/reference "
          f"{best / ref:.2f} (the best mode's accepted bets/s)")  # fmt: skip
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
