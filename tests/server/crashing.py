"""Kill -9 at random moments of live play, restart, and check what the books say.

:class:`Process` runs ``crupier serve`` as a child process over a database; :func:`play`
drives live play at three tables on loopback (players betting over HTTP and over the
table's WebSocket, croupiers spinning, dealing and settling, blackjack boxes hitting and
standing, the table chief asking for fills that wait for the cashier's signature, the
cashier signing some of them) and records every acknowledgement; :func:`crash_cycle`
kills the server with SIGKILL after a random time, checks the ledger as the dead server
left it, restarts, and checks the recovery. Used by ``test_crash_recovery.py`` and by
``benchmarks/reliability.py`` (the long run and its figures).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from crupier.ledger import Ledger, load_private_key
from crupier.ledger.keys import save_public_key

TABLES = {"RF-1": "r1", "PB-1": "r5", "BJ-1": "r1"}
CHIEF = {"RF-1": "chief-rf-1", "PB-1": "chief-pb-1", "BJ-1": "chief-bj-1"}
PLAYERS = {"p1": "P1", "p2": "P2", "p3": "P3", "p4": "P4"}
SPOTS = {
    "RF-1": ("red", "black", "even", "odd", "straight-17", "dozen-1", "column-2"),
    "PB-1": ("banker", "player"),
    "BJ-1": ("box-1", "box-2", "box-3", "box-4", "box-5"),
}
AMOUNTS = {"RF-1": (500, 1000, 2000), "PB-1": (2000, 4000), "BJ-1": (1000, 2000)}
LIVE = ("LIVE.ACTION", "LIVE.PLAYER_ACTION")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Process:
    """``crupier serve`` as a child process (so it can be killed with SIGKILL)."""

    def __init__(self, db: str | None, data_dir: Path) -> None:
        self.db, self.data_dir = db, data_dir
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""
        self.starts = 0
        self.start_seconds: list[float] = []

    @property
    def db_url(self) -> str:
        from crupier.server.setup import sqlite_url

        return self.db or sqlite_url(self.data_dir)

    def start(self, timeout: float = 240) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        cli = Path(sys.executable).with_name("crupier")
        args = [str(cli), "serve", "--port", str(port), "--data-dir", str(self.data_dir)]
        if self.db:
            args += ["--db", self.db]
        began = time.monotonic()
        log = open(self.data_dir.parent / f"serve-{port}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        while time.monotonic() - began < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"crupier serve exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/api/me", timeout=2).status_code == 401:
                    self.starts += 1
                    self.start_seconds.append(time.monotonic() - began)
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("crupier serve did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler, no flush, nothing but what is committed."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.kill()

    def public_key(self) -> Path:
        """The casino's public key, from its private key file (what `crupier verify` trusts)."""
        path = self.data_dir.parent / "casino.pub"
        if not path.exists():
            keys = self.data_dir / "keys"
            passphrase = (keys / "passphrase").read_text().strip().encode()
            save_public_key(load_private_key(keys / "casino.key", passphrase).public_key, path)
        return path


class Person:
    """A logged-in person over HTTP."""

    def __init__(self, url: str, username: str) -> None:
        self.username = username
        # The checks read whole books (the journal grows with every life): on a machine
        # loaded ~15 times over its cores one read took over 20 s. A slow answer is not a
        # lost one; the server answered every request it was given.
        self.http = httpx.Client(base_url=url, timeout=180)
        r = self.http.post(
            "/api/login", json={"username": username, "password": f"demo-{username}"}
        )
        r.raise_for_status()
        self.me = r.json()
        self.csrf = self.me["csrf"]
        self.cookie = self.http.cookies.get("crupier_session")

    def get(self, path: str) -> Any:
        r = self.http.get(path)
        r.raise_for_status()
        return r.json()

    def post(self, path: str, body: Any) -> httpx.Response:
        return self.http.post(path, json=body, headers={"X-CSRF-Token": self.csrf})

    def act(self, table: str, action: dict[str, Any]) -> httpx.Response:
        return self.post(f"/api/tables/{table}/actions", {"action": action})


@dataclass
class Ack:
    """An acknowledged request: its ledger seq and what it was."""

    seq: int
    kind: str  # "action", "fill", "sign"
    table: str
    body: dict[str, Any]


@dataclass
class Tally:
    """What one life of the server saw."""

    acks: list[Ack] = field(default_factory=list)
    refused: int = 0
    unanswered: int = 0  # sent, no answer: the server died (never counted as acknowledged)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self, ack: Ack) -> None:
        with self.lock:
            self.acks.append(ack)

    def count(self, what: str) -> None:
        with self.lock:
            setattr(self, what, getattr(self, what) + 1)


def _send(tally: Tally, person: Person, table: str, action: dict[str, Any]) -> None:
    try:
        r = person.act(table, action)
    except httpx.HTTPError:
        tally.count("unanswered")
        raise
    if r.status_code == 200:
        tally.ack(Ack(r.json()["seq"], "action", table, r.json()["action"]))
    elif r.status_code >= 500:
        raise AssertionError(f"{r.status_code}: {r.text}")
    else:
        tally.count("refused")


def _bettor(url: str, username: str, stop: threading.Event, tally: Tally, seed: int) -> None:
    rng = random.Random(seed)
    person = Person(url, username)
    player = PLAYERS[username]
    while not stop.is_set():
        table = rng.choice(list(TABLES))
        if table == "BJ-1":
            view = person.get("/api/tables/BJ-1")
            turn = view["view"].get("turn") or {}
            if view["view"].get("stage") == "play" and turn.get("player") == player:
                hand = next(
                    (h for h in view["view"]["hands"] if h["box"] == turn["box"] and not h["done"]),
                    None,
                )
                kind = "hit" if hand is not None and hand["total"] < 13 else "stand"
                _send(tally, person, table, {"kind": kind, "player": player, "box": turn["box"]})
                continue
        spot = rng.choice(SPOTS[table])
        amount = rng.choice(AMOUNTS[table])
        _send(
            tally,
            person,
            table,
            {"kind": "place-bet", "player": player, "spot": spot, "amount": amount},
        )
        time.sleep(rng.uniform(0, 0.02))


def _socket_bettor(url: str, username: str, stop: threading.Event, tally: Tally, seed: int) -> None:
    """Bets sent on the table's WebSocket, answered by ack frames."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    rng = random.Random(seed)
    person = Person(url, username)
    player = PLAYERS[username]
    ws_url = url.replace("http://", "ws://") + "/ws/tables/RF-1"
    try:
        with connect(
            ws_url, additional_headers={"Cookie": f"crupier_session={person.cookie}"}
        ) as ws:
            ident = 0
            while not stop.is_set():
                ident += 1
                action = {
                    "kind": "place-bet",
                    "player": player,
                    "spot": rng.choice(SPOTS["RF-1"]),
                    "amount": rng.choice(AMOUNTS["RF-1"]),
                }
                ws.send(json.dumps({"type": "action", "id": ident, "action": action}))
                while True:
                    frame = json.loads(ws.recv(timeout=20))
                    if frame.get("id") == ident and frame["type"] == "ack":
                        tally.ack(Ack(frame["seq"], "action", "RF-1", frame["action"]))
                        break
                    if frame.get("id") == ident and frame["type"] == "error":
                        assert frame["status"] < 500, frame
                        tally.count("refused")
                        break
                time.sleep(rng.uniform(0, 0.02))
    except (WebSocketException, OSError, TimeoutError):
        tally.count("unanswered")


def _croupier(url: str, table: str, stop: threading.Event, tally: Tally, seed: int) -> None:
    rng = random.Random(seed)
    person = Person(url, TABLES[table])
    while not stop.is_set():
        time.sleep(rng.uniform(0.05, 0.3))
        view = person.get(f"/api/tables/{table}")
        legal = view["legal_actions"]
        v = view["view"]
        action: dict[str, Any] | None = None
        if "new-shoe" in legal and not v.get("launched"):
            action = {"kind": "new-shoe"}
        elif "spin" in legal and v.get("bets"):
            action = {"kind": "spin", "wheel": v.get("next_direction") or "cw"}
        elif "no-more-bets" in legal and v.get("bets"):
            action = {"kind": "no-more-bets"}
        elif "result" in legal:
            action = {"kind": "result"}
        elif "deal" in legal:
            action = {"kind": "deal"}
        elif "dealer-play" in legal:
            action = {"kind": "dealer-play"}
        if action is not None:
            _send(tally, person, table, action)


def _fills(url: str, stop: threading.Event, tally: Tally, seed: int, life: int) -> None:
    """Fills asked by the table chief (one signature of two), some signed by the cashier."""
    rng = random.Random(seed)
    chief, cashier = Person(url, CHIEF["RF-1"]), Person(url, "cashier")
    n = 0
    while not stop.is_set():
        time.sleep(rng.uniform(0.1, 0.4))
        n += 1
        slip = f"F{life}-{n}"
        try:
            r = chief.post("/api/tables/RF-1/fills", {"chips": {"2500": 4}, "slip": slip})
        except httpx.HTTPError:
            tally.count("unanswered")
            raise
        if r.status_code == 200:
            tally.ack(Ack(r.json()["seq"], "fill", "RF-1", {"slip": slip}))
        else:
            assert r.status_code < 500, r.text
            tally.count("refused")
        if rng.random() < 0.5:
            pending = cashier.get("/api/entries/pending")
            for p in pending[:1]:
                try:
                    s = cashier.post(f"/api/entries/{p['seq']}/sign", {"purpose": "CASHIER"})
                except httpx.HTTPError:
                    tally.count("unanswered")
                    raise
                if s.status_code == 200:
                    tally.ack(Ack(s.json()["seq"], "sign", "RF-1", {"target": p["seq"]}))


def play(url: str, seconds: float, seed: int, life: int) -> tuple[Tally, list[threading.Thread]]:
    """Start live play; it runs until the server dies (or ``seconds`` pass)."""
    tally, stop = Tally(), threading.Event()
    rng = random.Random(seed)
    jobs: list[Any] = [
        (_bettor, (url, "p1", stop, tally, rng.random())),
        (_bettor, (url, "p2", stop, tally, rng.random())),
        (_bettor, (url, "p3", stop, tally, rng.random())),
        (_socket_bettor, (url, "p4", stop, tally, rng.random())),
        *((_croupier, (url, t, stop, tally, rng.random())) for t in TABLES),
        (_fills, (url, stop, tally, rng.random(), life)),
    ]
    threads = []
    for fn, args in jobs:

        def run(fn: Any = fn, args: Any = args) -> None:
            try:
                fn(*args)
            except (httpx.HTTPError, OSError):
                stop.set()  # the server is gone: every driver stops

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        threads.append(thread)
    threading.Timer(seconds, stop.set).start()
    return tally, threads


@dataclass
class Figures:
    """The figures of a run of kills."""

    kills: int = 0
    acknowledged: int = 0
    found: int = 0
    unanswered: int = 0
    refused: int = 0
    resumed: int = 0
    voided: int = 0
    recovered_clean: int = 0  # kills that left no round in progress
    fills_pending: int = 0
    verified: int = 0
    restart_seconds: list[float] = field(default_factory=list)


def check_ledger(db_url: str, acks: list[Ack]) -> list[Any]:
    """Every acknowledged request is in the ledger exactly once, as acknowledged."""
    ledger = Ledger(db_url, None)
    try:
        entries = list(ledger.entries(1))
    finally:
        ledger.close()
    by_seq = {e.seq: e for e in entries}
    for ack in acks:
        entry = by_seq.get(ack.seq)
        assert entry is not None, f"acknowledged {ack} is not in the ledger"
        if ack.kind == "action":
            assert entry.kind in LIVE, (ack, entry.kind)
            assert entry.payload["entry"]["action"] == ack.body, (ack, entry.payload)
            assert entry.payload["table"] == ack.table
        elif ack.kind == "fill":
            assert entry.payload["data"]["slip"] == ack.body["slip"], (ack, entry.payload)
        else:
            assert entry.kind == "signature"
            assert entry.payload["target"]["seq"] == ack.body["target"]
    assert len({a.seq for a in acks if a.kind != "sign"}) == len(
        [a for a in acks if a.kind != "sign"]
    )
    steps = Counter(
        (e.payload["table_session"], e.payload["round"], e.payload["step"])
        for e in entries
        if e.kind in LIVE
    )
    assert max(steps.values(), default=1) == 1, "a live action recorded twice"
    slips = Counter(
        e.payload["data"]["slip"]
        for e in entries
        if isinstance(e.payload, dict)
        and isinstance(e.payload.get("data"), dict)
        and e.payload.get("type") == "FILL"
    )
    assert max(slips.values(), default=1) == 1, "a fill recorded twice"
    return entries


def open_rounds(entries: list[Any]) -> dict[str, int]:
    """Per table, the live actions recorded after its last closed round."""
    out: dict[str, int] = {}
    for e in entries:
        if e.kind in LIVE:
            out[e.payload["table"]] = out.get(e.payload["table"], 0) + 1
        elif isinstance(e.payload, dict) and e.payload.get("type") == "ROUND":
            out[e.payload.get("table") or ""] = 0
    return {t: n for t, n in out.items() if n}


def check_conservation(staff: Person, table: str) -> None:
    """No chip moved without its entry: the players' chips, the chips on the layout and
    the house's net from the journal add up to the chips sold at the table."""
    view = staff.get(f"/api/tables/{table}")
    ts = view["status"]["table_session"]
    journal = staff.get("/api/books/JNL")["entries"]
    sold = sum(
        e["data"]["amount"]
        for e in journal
        if e["type"] == "CHIPS_SOLD" and e["data"].get("table_session") == ts
    )
    house = sum(
        e["data"]["house_net"]
        for e in journal
        if e["type"] == "ROUND" and e["data"].get("table_session") == ts
    )
    v = view["view"]
    on_layout = sum(b["amount"] for b in v["bets"])
    held = sum(v["players"].values())
    assert held + on_layout + house == sold, (table, held, on_layout, house, sold)


def crash_cycle(
    server: Process, figures: Figures, rng: random.Random, life: int, *, verify_cli: bool = True
) -> None:
    """One life: play, SIGKILL at a random moment, check the ledger, restart, check the
    recovery, decide each round in progress (resume or void, alternately), verify."""
    tally, threads = play(server.url, seconds=30, seed=rng.random(), life=life)
    began = time.monotonic()
    while not tally.acks and time.monotonic() - began < 60:  # the drivers have logged in
        time.sleep(0.05)
    time.sleep(rng.uniform(0.0, 2.5))
    server.kill()
    for t in threads:
        t.join(30)
    figures.kills += 1
    figures.acknowledged += len(tally.acks)
    figures.unanswered += tally.unanswered
    figures.refused += tally.refused
    entries = check_ledger(server.db_url, tally.acks)
    figures.found += len(tally.acks)
    expected_open = open_rounds(entries)
    server.start()
    figures.restart_seconds.append(server.start_seconds[-1])
    inspector = Person(server.url, "inspector")
    start = inspector.get("/api/events?kind=EVT.START&limit=1")["events"][-1]
    assert start["previous_stop"] is False  # the kill is seen as a crash
    assert sorted(start["rounds_in_progress"]) == sorted(expected_open)
    if not expected_open:
        figures.recovered_clean += 1
    for table in TABLES:
        status = inspector.get(f"/api/tables/{table}")["status"]
        assert status["recovery_pending"] == (table in expected_open), (table, status)
        if table not in expected_open:
            continue
        assert status["round_in_progress"]["actions"] == expected_open[table]
        if (life + len(table)) % 2:
            croupier = Person(server.url, TABLES[table])
            r = croupier.post(f"/api/tables/{table}/recovery", {"decision": "resume"})
            assert r.status_code == 200, r.text
            figures.resumed += 1
        else:
            chief = Person(server.url, CHIEF[table])
            r = chief.post(
                f"/api/tables/{table}/recovery", {"decision": "void", "reason": "power loss"}
            )
            assert r.status_code == 200, r.text
            (round_entry,) = [
                e
                for e in inspector.get("/api/books/JNL")["entries"]
                if e["seq"] == r.json()["round_entry"]
            ]
            assert round_entry["data"]["void"] is True
            figures.voided += 1
        after = inspector.get(f"/api/tables/{table}")["status"]
        assert after["recovery_pending"] is False
    for table in TABLES:
        check_conservation(inspector, table)
    # the fills acknowledged with one signature of two still wait for the cashier
    signed = {a.body["target"] for a in tally.acks if a.kind == "sign"}
    pending = {p["seq"] for p in Person(server.url, "cashier").get("/api/entries/pending")}
    for a in tally.acks:
        if a.kind == "fill" and a.seq not in signed:
            assert a.seq in pending or a.seq in _signed_later(entries, a.seq), a
    figures.fills_pending = len(pending)
    assert inspector.get("/api/verify")["ok"] is True
    if verify_cli:
        cli = Path(sys.executable).with_name("crupier")
        done = subprocess.run(
            [str(cli), "verify", "--db", server.db_url, "--key", str(server.public_key())],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    figures.verified += 1


def _signed_later(entries: list[Any], seq: int) -> set[int]:
    """``{seq}`` if some signature entry completes ``seq`` (signed, but its ack was lost)."""
    for e in entries:
        if e.kind == "signature" and e.payload["target"]["seq"] == seq:
            return {seq}
    return set()


__all__ = ["Figures", "Process", "check_ledger", "crash_cycle", "play"]
