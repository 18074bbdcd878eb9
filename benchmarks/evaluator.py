"""Poker hand evaluation: the same random 5- and 7-card hands through crupier's evaluator
(scalar and batch) and the peer libraries, in one run.

Run: python benchmarks/evaluator.py [--hands N] [--slow-hands M]

crupier's scalar rate is ``score_best`` (the bit-mask ranking as Python); ``rank5``/``best5``
(the keyed API that also returns the five cards) are printed beside it.

Every figure is CPU time (``time.process_time``) of this single-threaded process, so
hands/s is per core. The hands are drawn once from a seeded generator and converted to
each library's own card type before its clock starts; each library then ranks every hand
(``N`` of them; ``M`` for the slow pure-Python ones) and its rate is printed with the ratio
of crupier's batch rate (and crupier's scalar rate) to it. The batch kernel is compiled
(or loaded from numba's cache) before it is timed.

Peers, when installed (``pip install crupier[test,bench]``): pokerkit (``StandardHighHand``,
the 7-card hand ``from_game``), treys (``Evaluator.evaluate``), eval7 (``evaluate``, Cython)
and phevaluator (``evaluate_cards``). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.core.poker import best5, rank5, score_best
from crupier.core.poker.batch import card, score_batch


def _rate(run: Callable[[], Any], n: int) -> float:
    start = time.process_time()
    run()
    return n / max(time.process_time() - start, 1e-9)


def _hands(size: int, n: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


def _peers(size: int, rows: Sequence[Sequence[int]]) -> dict[str, tuple[Callable[[], Any], int]]:
    """Each installed peer's timed loop over ``rows`` (converted first) and its hand count."""
    texts = ["".join(str(card(i)) for i in row) for row in rows]
    out: dict[str, tuple[Callable[[], Any], int]] = {}
    if importlib.util.find_spec("pokerkit"):
        from pokerkit import StandardHighHand

        if size == 5:
            out["pokerkit"] = (lambda: [StandardHighHand(t) for t in texts], len(texts))
        else:
            few = texts[: max(1, len(texts) // 10)]
            out["pokerkit"] = (
                lambda: [StandardHighHand.from_game(t[:4], t[4:]) for t in few],
                len(few),
            )
    if importlib.util.find_spec("treys"):
        import treys

        pack = [treys.Card.new(str(card(i))) for i in range(52)]
        split = [([pack[i] for i in row[:2]], [pack[i] for i in row[2:]]) for row in rows]
        evaluator = treys.Evaluator()
        out["treys"] = (lambda: [evaluator.evaluate(h, b) for h, b in split], len(split))
    if importlib.util.find_spec("eval7"):
        import eval7

        deck = [eval7.Card(str(card(i))) for i in range(52)]
        hands = [[deck[i] for i in row] for row in rows]
        out["eval7"] = (lambda: [eval7.evaluate(h) for h in hands], len(hands))
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        ints = [list(row) for row in rows]
        out["phevaluator"] = (lambda: [evaluate_cards(*h) for h in ints], len(ints))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per size (batch)")
    parser.add_argument("--slow-hands", type=int, default=100_000, help="hands for the peers")
    args = parser.parse_args(argv)
    score_batch(_hands(7, 10, 0))  # compile or load the kernel before timing
    print(f"{'size':>4}  {'evaluator':<22} {'hands/s/core':>14}  {'batch ×':>9}  {'scalar ×':>9}")
    for size in (5, 7):
        hands = _hands(size, args.hands, seed=size)
        batch = _rate(lambda h=hands: score_batch(h), len(hands))  # type: ignore[misc]
        rows = hands[: args.slow_hands].tolist()
        few = [[card(i) for i in row] for row in rows[: max(1, len(rows) // 10)]]
        rank = rank5 if size == 5 else best5
        keyed = _rate(lambda f=few, r=rank: [r(h) for h in f], len(few))  # type: ignore[misc]
        scalar = _rate(lambda f=few: [score_best(h) for h in f], len(few))  # type: ignore[misc]
        print(f"{size:>4}  {'crupier batch':<22} {batch:>14,.0f}")
        print(f"{size:>4}  {'crupier scalar':<22} {scalar:>14,.0f}  {batch / scalar:>8.1f}×")
        name = "crupier rank5" if size == 5 else "crupier best5"
        print(f"{size:>4}  {name:<22} {keyed:>14,.0f}  {batch / keyed:>8.1f}×")
        for name, (run, n) in _peers(size, rows).items():
            rate = _rate(run, n)
            print(
                f"{size:>4}  {name:<22} {rate:>14,.0f}  {batch / rate:>8.1f}×  "
                f"{scalar / rate:>8.2f}×"
            )


if __name__ == "__main__":
    main()
