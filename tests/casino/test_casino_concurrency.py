"""Many writers on one casino's books: processes and threads, a writer killed mid-transaction.

Each test sets the casino up (day open, three tables open), then runs writers that do
fills, credits, rounds and corrections on the same tables, with the same slip numbers on
purpose. Afterwards: ``crupier verify`` passes (chain and every volume), every volume is
numbered without gaps, no slip is used twice, every refused duplicate got a typed casino
error, and the rounds of each table session are numbered 1, 2, 3... Before the writers
caught up with the ledger under the append lock, these gave duplicate volume numbers and
twice-used slips.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import concurrency_writer as writer
import pytest

from crupier.casino import ManualClock
from crupier.casino.audit import main as verify_main
from crupier.casino.audit import verify_books
from crupier.casino.base import Keyring
from crupier.casino.fixture import EXTERNAL, STAFF, build, open_day, open_table
from crupier.ledger import Entry, Ledger
from crupier.ledger.keys import save_public_key

TABLES = ["BJ-3", "BJ-5", "RF-1"]
WRITER = Path(writer.__file__)


def _setup(url: str, tmp_path: Path) -> dict[str, Any]:
    """CAS-T with a day open and TABLES open; its keys as seeds, for the writer processes."""
    seeds = {ident: os.urandom(32).hex() for ident, *_ in (*STAFF, *EXTERNAL)}
    setup = {
        "url": url,
        "casino_key": os.urandom(32).hex(),
        "staff_keys": seeds,
        "time": "2026-03-02 15:30",
        "tables": TABLES,
    }
    clock = ManualClock("2026-03-01 12:00")
    keyring = Keyring({ident: writer.key_of(seed) for ident, seed in seeds.items()})
    casino = build(url, clock=clock, keyring=keyring, casino_key=writer.key_of(setup["casino_key"]))
    open_day(casino, clock)
    for table in TABLES:
        open_table(casino, table)
    casino.ledger.close()
    (tmp_path / "setup.json").write_text(json.dumps(setup))
    return setup


def _start(tmp_path: Path, n: int, ops: int, *extra: str) -> subprocess.Popen[bytes]:
    out = tmp_path / f"out-{n}.json"
    args = [sys.executable, str(WRITER), str(tmp_path / "setup.json"), str(n), str(ops), str(out)]
    return subprocess.Popen([*args, *extra])


def _outcomes(tmp_path: Path, writers: int) -> list[list[str]]:
    found: list[list[str]] = []
    for n in range(writers):
        found += json.loads((tmp_path / f"out-{n}.json").read_text())
    return found


def _check_books(setup: dict[str, Any], outcomes: list[list[str]], tmp_path: Path) -> None:
    url = setup["url"]
    public = writer.key_of(setup["casino_key"]).public_key
    report = verify_books(url, [public])
    assert report.ok, str(report)
    save_public_key(public, tmp_path / "casino.pub")
    assert verify_main(["--db", url, "--key", str(tmp_path / "casino.pub")]) == 0

    untyped = [o for o in outcomes if o[2].startswith("UNTYPED")]
    assert untyped == []
    with Ledger(url) as ledger:
        entries = list(ledger.entries())
    volumes: dict[tuple[str, int], list[int]] = {}
    for entry in entries:
        p = entry.payload
        if isinstance(p, dict) and "book_seq" in p:
            volumes.setdefault((p["book"], p["volume"]), []).append(p["book_seq"])
    for key, numbers in volumes.items():
        assert numbers == list(range(1, len(numbers) + 1)), key  # gapless, no duplicate

    movements = [e for e in entries if e.kind in ("A43.FILL", "A43.CREDIT")]
    slips = Counter(_data(e)["slip"] for e in movements)
    assert max(slips.values()) == 1  # no slip used twice
    for op in ("fill", "credit"):
        tried = {o[1] for o in outcomes if o[0] == op}
        for slip in tried:
            results = [o[2] for o in outcomes if o[0] == op and o[1] == slip]
            assert results.count("ok") == 1, (slip, results)  # exactly one writer got it
            assert set(results) - {"ok"} <= {"MALFORMED_REQUEST"}, (slip, results)
        assert {s for s in slips if s.startswith(op[0].upper())} == tried
    assert sum(o[2] == "ok" for o in outcomes if o[0] in ("fill", "credit")) == len(movements)

    rounds: dict[str, list[int]] = {}
    for entry in entries:
        if entry.kind == "JNL.ROUND":
            rounds.setdefault(_data(entry)["table_session"], []).append(_data(entry)["round"])
    assert sum(o[2] == "ok" for o in outcomes if o[0] == "round") == sum(map(len, rounds.values()))
    for numbers in rounds.values():
        assert numbers == list(range(1, len(numbers) + 1))
    refused = {o[2] for o in outcomes if o[0] == "correction" and o[2] != "ok"}
    assert refused <= {"CORRECTION_PENDING", "INVALID_STATE"}


def _data(entry: Entry) -> dict[str, Any]:
    assert isinstance(entry.payload, dict)
    data: dict[str, Any] = entry.payload["data"]
    return data


def test_four_writer_processes(cas_url: str, tmp_path: Path) -> None:
    setup = _setup(cas_url, tmp_path)
    procs = [_start(tmp_path, n, 24) for n in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    _check_books(setup, _outcomes(tmp_path, 4), tmp_path)


def test_writer_threads_sharing_one_casino(cas_url: str, tmp_path: Path) -> None:
    setup = _setup(cas_url, tmp_path)
    casino = writer.open_from(setup)
    results: dict[int, list[list[str]]] = {}

    def work(n: int) -> None:
        results[n] = writer.run(casino, TABLES, n, 24)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    casino.ledger.close()
    _check_books(setup, [o for n in sorted(results) for o in results[n]], tmp_path)
    # the shared in-memory state is the ledger's: a fresh replay agrees with it
    fresh = writer.open_from(setup)
    try:
        for table in TABLES:
            assert fresh.table_session(table).fills == casino.table_session(table).fills
        assert fresh.slips == casino.slips
    finally:
        fresh.ledger.close()


def test_writer_killed_mid_transaction(cas_url: str, tmp_path: Path) -> None:
    setup = _setup(cas_url, tmp_path)
    hanging = _start(tmp_path, 9, 0, "--hang")
    marker = tmp_path / "out-9.json.hanging"
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert hanging.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    procs = [_start(tmp_path, n, 16) for n in range(4)]  # they wait for the held lock
    time.sleep(1.0)
    hanging.send_signal(signal.SIGKILL)
    hanging.wait(timeout=30)
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    _check_books(setup, _outcomes(tmp_path, 4), tmp_path)
    with Ledger(cas_url) as ledger:  # the killed writer's fill was never committed
        assert not any(
            isinstance(e.payload, dict) and e.payload.get("data", {}).get("slip") == "F-HANG"
            for e in ledger.entries()
        )


@pytest.mark.slow
def test_eight_writer_processes_long_run(cas_url: str, tmp_path: Path) -> None:
    setup = _setup(cas_url, tmp_path)
    procs = [_start(tmp_path, n, 40) for n in range(8)]
    assert all(p.wait(timeout=600) == 0 for p in procs)
    _check_books(setup, _outcomes(tmp_path, 8), tmp_path)
