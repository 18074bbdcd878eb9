"""CPU time of the SP 800-22 tests of ``crupier.analysis.rng_tests``, against nistrng.

Run: python benchmarks/rng_tests.py [--peer-bits N] [--bits N]

Part 1 runs the six tests on the same ``--peer-bits`` bits (default 20 000, from a seeded
source, at least 6 272) in crupier and in nistrng (the SP 800-22 implementation on PyPI,
written with Python loops), with nistrng's parameters given to crupier, and prints each one's
CPU time, the ratio and both p-values (which agree: an independent check of the code). Part 2 prints crupier's CPU time over ``--bits`` bits (default
10^7) of the production source: drawing the bits, then each test. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from crupier.analysis import rng_tests as R
from crupier.core.rng import SeededSource, SystemSource


def cpu(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


def peer(bits: np.ndarray) -> None:
    from nistrng import SP800_22R1A_BATTERY as B

    longest = B["longest_run_ones_in_a_block"]
    pairs: list[tuple[str, Any, Callable[[], R.RngResult]]] = [
        ("frequency", B["monobit"], lambda: R.frequency(bits)),
        ("runs", B["runs"], lambda: R.runs(bits)),
        # nistrng counts only the first N blocks of SP 800-22's table (49 blocks of 128 bits,
        # 16 of 8, 75 of 10^4); the NIST suite (and crupier) count every whole block: crupier
        # is given those N blocks.
        (
            "longest-run",
            longest,
            lambda: R.longest_run(bits[: longest._blocks_number * longest._block_size]),
        ),
    ]
    block = B["frequency_within_block"]
    serial = B["serial"]
    apen = B["approximate_entropy"]
    print(f"{'test':22} {'crupier s':>10} {'nistrng s':>10} {'ratio':>8}  p crupier / p nistrng")
    rows = []
    for name, test, ours in pairs:
        theirs, t_peer = cpu(lambda test=test: test.run(bits.astype(np.int8))[0])
        mine, t_mine = cpu(ours)
        rows.append(
            (
                name,
                t_mine,
                t_peer,
                mine.p_values,
                [float(x) for x in np.atleast_1d(theirs._score_list)],
            )
        )
    theirs, t_peer = cpu(lambda: block.run(bits.astype(np.int8))[0])
    mine, t_mine = cpu(lambda: R.block_frequency(bits, block._block_size))
    rows.append(
        (
            "block-frequency",
            t_mine,
            t_peer,
            mine.p_values,
            [float(x) for x in np.atleast_1d(theirs._score_list)],
        )
    )
    theirs, t_peer = cpu(lambda: serial.run(bits.astype(np.int8))[0])
    mine, t_mine = cpu(lambda: R.serial(bits, serial._pattern_length))
    rows.append(
        (
            "serial",
            t_mine,
            t_peer,
            mine.p_values,
            [float(x) for x in np.atleast_1d(theirs._score_list)],
        )
    )
    theirs, t_peer = cpu(lambda: apen.run(bits.astype(np.int8))[0])
    mine, t_mine = cpu(lambda: R.approximate_entropy(bits, apen._blocks_length))
    rows.append(
        (
            "approximate-entropy",
            t_mine,
            t_peer,
            mine.p_values,
            [float(x) for x in np.atleast_1d(theirs._score_list)],
        )
    )
    for name, t_mine, t_peer, p_mine, p_peer in rows:
        ratio = t_peer / t_mine if t_mine > 0 else float("inf")
        ours = " ".join(f"{p:.6f}" for p in p_mine)
        others = " ".join(f"{float(p):.6f}" for p in p_peer)
        print(f"{name:22} {t_mine:10.4f} {t_peer:10.4f} {ratio:7.1f}x  {ours} / {others}")


def alone(n: int) -> None:
    bits, t_bits = cpu(lambda: R.source_bits(SystemSource(), n))
    print(f"\n{n:,} bits of the production source (SystemSource): drawn in {t_bits:.2f} s CPU")
    total = t_bits
    for fn in (
        R.frequency,
        R.block_frequency,
        R.runs,
        R.longest_run,
        R.serial,
        R.approximate_entropy,
    ):
        result, t = cpu(lambda fn=fn: fn(bits))
        total += t
        print(
            f"  {result.name:22} {t:7.3f} s CPU  p = {' '.join(f'{p:.6f}' for p in result.p_values)}"
        )
    print(f"  {'total':22} {total:7.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-bits", type=int, default=20_000)
    parser.add_argument("--bits", type=int, default=10_000_000)
    args = parser.parse_args()
    bits = R.source_bits(SeededSource(2026), args.peer_bits)
    print(f"{args.peer_bits:,} bits of SeededSource(2026), nistrng's parameters:")
    peer(bits)
    alone(args.bits)


if __name__ == "__main__":
    main()
