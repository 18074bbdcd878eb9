"""Durable appends and verification of the ledger, beside raw inserts into the same database.

Run: python benchmarks/ledger.py [--db-dir DIR] [--pg URL] [--entries N] [--writers W] [--window K]

For SQLite (a fresh file; WAL, ``synchronous=FULL``) and PostgreSQL when ``--pg`` names a
throwaway database (its ledger tables are dropped), in the same run:

* raw inserts of rows of the same size into a plain table, in batches of 100 rows per
  transaction, and one row per transaction: what the database itself can do durably;
* ``Ledger.append`` from one writer: one durable transaction per entry;
* ``Ledger.append`` from W concurrent writer threads on one ledger, each waiting for every
  entry, then ``Ledger.submit`` with K entries in flight per writer: group commit, entries
  per transaction, and a check that the chain is gapless (seq 1..n, each ``prev_hash`` the
  hash of the entry before, every writer's entries all there);
* ``verify`` of the whole ledger, and ``verify_books`` (what ``crupier verify`` runs: the
  chain and every book volume in one pass; the benchmark's entries form no real volume, so
  only its time is printed), with the load average of the machine beside it.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import text

from crupier.casino.audit import verify_books
from crupier.ledger import Actor, Ledger, SigningKey, verify
from crupier.ledger.store import Pending, drop_schema, make_engine

PAYLOAD = {
    "book": "A43", "volume": 2026, "book_seq": 1, "type": "FILL", "table": "BJ-3",
    "event_time": "2026-03-02T15:30:00.000000Z", "terminal": "pit-1",
    "data": {"slip": "F-0001", "total": 1_000_000, "chips": {"10000": 100}},
}  # fmt: skip


def raw_inserts(url: str, rows: int, per_txn: int) -> float:
    """Rows per second inserted into a scratch table, ``per_txn`` rows per commit."""
    engine = make_engine(url)
    blob = "x" * 400
    try:
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS bench_raw"))
            conn.execute(text("CREATE TABLE bench_raw (id INTEGER PRIMARY KEY, body TEXT)"))
        start = time.perf_counter()
        for first in range(0, rows, per_txn):
            with engine.begin() as conn:
                conn.execute(
                    text("INSERT INTO bench_raw (id, body) VALUES (:id, :body)"),
                    [{"id": i, "body": blob} for i in range(first, min(rows, first + per_txn))],
                )
        took = time.perf_counter() - start
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE bench_raw"))
    finally:
        engine.dispose()
    return rows / took


def appends(
    url: str, key: SigningKey, entries: int, writers: int, window: int = 1
) -> tuple[float, float]:
    """Entries per second appended by ``writers`` threads; entries per transaction.

    ``window`` 1: each writer waits for every entry (``append``); more: it keeps that
    many submitted entries in flight (``submit``), each counted once durable.
    """
    ledger = Ledger(url, key)
    ledger.append("bench.start", Actor("B", "ADM"), {})
    batches = ledger.batches
    each = entries // writers

    def write(n: int) -> None:
        actor = Actor(f"T{n}", "TC")
        if window == 1:
            for i in range(each):
                ledger.append("A43.FILL", actor, dict(PAYLOAD, book_seq=i, writer=n))
            return
        in_flight: deque[Pending] = deque()
        for i in range(each):
            in_flight.append(ledger.submit("A43.FILL", actor, dict(PAYLOAD, book_seq=i, writer=n)))
            if len(in_flight) >= window:
                in_flight.popleft().result()
        while in_flight:
            in_flight.popleft().result()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - start
    per_batch = each * writers / max(1, ledger.batches - batches)
    ledger.close()
    return each * writers / took, per_batch


def gapless(url: str) -> str:
    """Check seq 1..n and every prev_hash link; count each writer's entries."""
    with Ledger(url) as ledger:
        prev, expected, per_writer = "0" * 64, 1, dict[int, int]()
        for entry in ledger.entries():
            if entry.seq != expected or entry.prev_hash != prev:
                return f"BROKEN at {expected}"
            if isinstance(entry.payload, dict) and "writer" in entry.payload:
                w = entry.payload["writer"]
                per_writer[w] = per_writer.get(w, 0) + 1
            prev, expected = entry.hash, expected + 1
    return f"gapless 1..{expected - 1}, per writer {sorted(per_writer.values())}"


def run(name: str, fresh: Callable[[], str], entries: int, writers: int, window: int) -> None:
    print(f"{name}:")
    url = fresh()
    batch = raw_inserts(url, 2000, 100)
    single = raw_inserts(url, 200, 1)
    print(
        f"  raw inserts: {batch:,.0f} rows/s in batches of 100, {single:,.0f} rows/s one per commit"
    )
    key = SigningKey.generate()
    one, _ = appends(url, key, min(entries // 4, 300), 1)
    print(f"  ledger appends, 1 writer: {one:,.0f} durable entries/s")
    url = fresh()
    sync, per_batch = appends(url, key, min(entries, 8 * 60), writers)
    print(
        f"  ledger appends, {writers} writers each waiting for every entry: {sync:,.0f} "
        f"durable entries/s ({per_batch:.1f} entries per transaction; "
        f"{sync / single:.1f}x one-row commits)"
    )
    print(f"    chain: {gapless(url)}")
    url = fresh()
    many, per_batch = appends(url, key, entries, writers, window)
    print(
        f"  ledger appends, {writers} writers with {window} entries in flight each: "
        f"{many:,.0f} durable entries/s ({per_batch:.1f} entries per transaction; "
        f"{many / single:.1f}x one-row commits, {many / batch:.2f}x raw batches)"
    )
    print(f"    chain: {gapless(url)}")
    for workers in (1, None):
        start, cpu = time.perf_counter(), _cpu()
        report = verify(url, [key.public_key], workers=workers)
        took, cpu = time.perf_counter() - start, _cpu() - cpu
        print(
            f"  verify, {'1 process' if workers else 'workers on every core'}: "
            f"{report.entries} entries in {took:.2f} s ({report.entries / took:,.0f}/s; "
            f"{report.entries / cpu:,.0f} per CPU second), {'OK' if report.ok else report}"
        )
    start = time.perf_counter()
    books = verify_books(url, [key.public_key])
    took = time.perf_counter() - start
    print(
        f"  crupier verify (chain and volumes, one pass): {books.chain.entries / took:,.0f} "
        f"entries/s, chain {'OK' if books.chain.ok else books.chain}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the signature workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db-dir", type=Path, default=None)
    parser.add_argument("--pg", help="a throwaway PostgreSQL database URL")
    parser.add_argument("--entries", type=int, default=4000)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--window", type=int, default=16, help="entries in flight per writer")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    folder = args.db_dir or Path(tempfile.mkdtemp())
    counter = [0]

    def fresh_sqlite() -> str:
        counter[0] += 1
        path = folder / f"ledger-bench-{os.getpid()}-{counter[0]}.db"
        return f"sqlite:///{path}"

    def fresh_pg() -> str:
        drop_schema(args.pg)
        return str(args.pg)

    run("SQLite (WAL, synchronous=FULL)", fresh_sqlite, args.entries, args.writers, args.window)
    if args.pg:
        run("PostgreSQL", fresh_pg, args.entries, args.writers, args.window)


if __name__ == "__main__":
    main()
