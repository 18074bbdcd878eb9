"""How long the live server's writer thread takes to commit a batch beside a busy event loop,
with the interpreter's switch interval at Python's default (5 ms) and at the server's
(``crupier.server.main.SWITCH_INTERVAL``).

    python benchmarks/thread_handoff.py [--batches 40] [--size 50] [--busy 0.8]

The writer (as in ``crupier serve``: the tables' one thread) appends ``--size`` signed
entries in one unit of work and commits it (one fsync), ``--batches`` times. It gives the
interpreter up at every signature (libsodium through cffi) and every database call; beside
it, a thread stands for the event loop, running Python code ``--busy`` of the time (frames,
pushes) in slices of a few milliseconds. A waiting thread gets the interpreter back only when
the running one reaches the end of its switch interval, so each give-up can cost the writer
up to that interval. Printed per setting: the batch's wall time (p50, p99) and the process's
CPU per batch; the reference is the same writer with no busy thread (its ratio beside).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

from crupier.ledger import Actor, Ledger, SigningKey
from crupier.server.main import SWITCH_INTERVAL

ACTOR = Actor("system", "SYSTEM")
PAYLOAD = {"table": "RF-1", "entry": {"action": {"kind": "place-bet", "amount": 500}}}


def busy_loop(stop: threading.Event, busy: float, slice_s: float = 0.004) -> None:
    """Python work ``busy`` of the time, in slices of ``slice_s`` seconds (the event loop
    handling a burst of frames), idle the rest (the loop waiting in the kernel)."""
    while not stop.is_set():
        end = time.perf_counter() + slice_s * busy
        x = 0
        while time.perf_counter() < end:
            for _ in range(200):
                x += 1
        time.sleep(slice_s * (1 - busy))


def batches(ledger: Ledger, n: int, size: int) -> tuple[list[float], float]:
    """Wall time of each of ``n`` batches of ``size`` appends; the process CPU per batch."""
    walls: list[float] = []
    cpu = time.process_time()
    for _ in range(n):
        start = time.perf_counter()
        ledger.unit(
            lambda: [ledger.append("LIVE.PLAYER_ACTION", ACTOR, PAYLOAD) for _ in range(size)]
        )
        walls.append(time.perf_counter() - start)
    return walls, (time.process_time() - cpu) / n


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--size", type=int, default=50, help="appends per batch")
    parser.add_argument("--busy", type=float, default=0.8, help="share of the loop's time busy")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="crupier-handoff-"))
    ledger = Ledger(f"sqlite:///{folder / 'books.db'}", SigningKey.generate())
    batches(ledger, 5, args.size)  # warm up
    default = sys.getswitchinterval()
    alone, alone_cpu = batches(ledger, args.batches, args.size)
    ref = quantile(alone, 0.5)
    print(f"{args.batches} batches of {args.size} signed appends (SQLite, one commit each)")
    print(f"  alone (reference): p50 {ref * 1e3:.1f} ms, p99 {quantile(alone, 0.99) * 1e3:.1f} ms, "
          f"CPU {alone_cpu * 1e3:.1f} ms a batch")  # fmt: skip
    for interval in (default, SWITCH_INTERVAL):
        sys.setswitchinterval(interval)
        stop = threading.Event()
        loop = threading.Thread(target=busy_loop, args=(stop, args.busy))
        loop.start()
        try:
            walls, cpu = batches(ledger, args.batches, args.size)
        finally:
            stop.set()
            loop.join()
        p50, p99 = quantile(walls, 0.5), quantile(walls, 0.99)
        print(f"  beside a loop {args.busy:.0%} busy, switch interval {interval * 1e3:g} ms: "
              f"p50 {p50 * 1e3:.1f} ms ({p50 / ref:.1f}x alone), p99 {p99 * 1e3:.1f} ms, "
              f"process CPU (both threads) {cpu * 1e3:.1f} ms a batch")  # fmt: skip
    sys.setswitchinterval(default)
    ledger.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
