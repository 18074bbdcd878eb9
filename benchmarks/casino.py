"""Throughput of the casino layer: a gaming day, rounds into the journal, the books, verify.

Run: python benchmarks/casino.py [--db-dir DIR] [--pg URL]

Plays the demo gaming day (three tables, about a hundred rounds, a full day of operations)
into a fresh SQLite file (and PostgreSQL when --pg names a throwaway database), then times
``verify``, each book's export in the three formats, recall of a whole table session and the
reopening of the casino from its books (the projection replay). Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from crupier.casino.books import export
from crupier.casino.casino import open_casino
from crupier.casino.demo import demo_day
from crupier.casino.recall import recall
from crupier.ledger import Ledger, load_public_key, verify


def _reset_pg(url: str) -> None:
    from crupier.ledger.store import drop_schema

    drop_schema(url)


def run(url: str, keys: Path) -> None:
    start = time.perf_counter()
    report = demo_day(url, seed=1, key_dir=keys)
    day = time.perf_counter() - start
    rounds = sum(report.rounds.values())
    print(f"  demo day: {report.entries} entries, {rounds} rounds in {day:.2f} s "
          f"({report.entries / day:,.0f} entries/s)")  # fmt: skip
    assert report.public_key is not None
    public = load_public_key(report.public_key)
    start = time.perf_counter()
    checked = verify(url, [public])
    took = time.perf_counter() - start
    print(f"  verify: {checked.entries} entries in {took:.3f} s ({checked.entries / took:,.0f}/s)")
    with Ledger(url) as ledger:
        for book in ("A43", "A45", "JNL"):
            for fmt in ("csv", "json", "pdf"):
                start = time.perf_counter()
                size = len(export(ledger, book, fmt, keys=[public]).data)
                print(
                    f"  books {book} {fmt}: {size:,} bytes in {time.perf_counter() - start:.3f} s"
                )
        start = time.perf_counter()
        recalled = recall(ledger, "CR-1")
        print(f"  recall CR-1: {len(recalled)} rounds in {time.perf_counter() - start:.3f} s")
    start = time.perf_counter()
    casino = open_casino(url, None)
    casino.engine("RF-1")
    print(f"  reopen the casino from its books: {time.perf_counter() - start:.3f} s")
    casino.ledger.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db-dir", type=Path, default=None)
    parser.add_argument("--pg", default=None, help="a throwaway PostgreSQL database URL")
    args = parser.parse_args()
    folder = args.db_dir or Path(tempfile.mkdtemp())
    print("SQLite:")
    run(f"sqlite:///{folder / 'bench.db'}", folder / "keys-sqlite")
    if args.pg:
        _reset_pg(args.pg)
        print("PostgreSQL:")
        run(args.pg, folder / "keys-pg")


if __name__ == "__main__":
    main()
