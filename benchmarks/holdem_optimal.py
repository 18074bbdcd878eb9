"""The optimal flop decision's generator (casino hold'em, spec 20): CPU time per flop and for
the whole table, against counting the same sums deal by deal.

Run: ``python benchmarks/holdem_optimal.py``. Times :func:`flop_sums` (every holding's sum over
the 1,176 turn-river pairs and the croupier's hands, by sorted scores and binary searches) on a
few representative flops, and :func:`direct_sum` (the 1,070,190 turn, river and croupier hands
of one holding dealt one by one, the check the tests use) on a few holdings of the same flops;
prints the time per flop, the projected time of the 1,755 representative flops, and the ratio of
the direct count's time for a whole flop (1,176 holdings) to the generator's. No peer library
computes this table; the direct count is the reference. The first run compiles (cached after).
"""

from __future__ import annotations

import random
import time

import numpy as np

from crupier.analysis.holdem_optimal import (
    direct_sum,
    flop_sums,
    load_profile,
    scaled_net,
    suit_classes,
)


def main() -> None:
    table = scaled_net(load_profile())
    _, _, reps = suit_classes()
    pack = np.arange(52)
    flop_sums(pack, reps[0], table)  # compile
    direct_sum(pack, (50, 51), reps[0], table)
    rng = random.Random(1)
    chosen = [reps[i] for i in rng.sample(range(len(reps)), 8)]
    start = time.process_time()
    for flop in chosen:
        flop_sums(pack, flop, table)
    per_flop = (time.process_time() - start) / len(chosen)
    holdings = 0
    start = time.process_time()
    for flop in chosen:
        free = [c for c in range(52) if c not in set(flop.tolist())]
        for a, b in rng.sample([(a, b) for a in free for b in free if a < b], 3):
            direct_sum(pack, (a, b), flop, table)
            holdings += 1
    per_holding = (time.process_time() - start) / holdings
    print(f"generator: {per_flop * 1000:.1f} ms CPU per flop (1,176 holdings)")
    print(f"whole table, 1,755 flops: {per_flop * len(reps):.0f} s CPU projected")
    print(f"direct count: {per_holding * 1000:.1f} ms CPU per holding and flop")
    print(f"ratio direct / generator for a flop: {per_holding * 1176 / per_flop:.0f}x")


if __name__ == "__main__":
    main()
