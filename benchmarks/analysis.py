"""Analysis at scale, one table: per game the exact PAR time, the Monte Carlo kernel's rounds
per CPU second (all the game's bets, and its first bet alone), the engine's rounds per CPU
second, and in the same run a plain numpy loop for single-zero roulette as the yardstick.

    python benchmarks/analysis.py [--rounds 20000000] [--engine-rounds 1000] [--game G ...]

CPU time (process time) of this process: the machine is shared, wall time misleads. The
kernel runs single-process here (one core); `crupier simulate --workers K` spreads batches.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from engines import play  # the engines benchmark's round player

from crupier.analysis.par import par_figures, par_outcomes
from crupier.analysis.simulate import _compiled, simulate
from crupier.games.catalogue import GAMES, load_profile


def cpu(fn: Callable[[], Any]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def numpy_roulette(rounds: int, batch: int = 4_000_000) -> float:
    """The yardstick: a plain numpy loop settling a straight-up bet on single-zero spins."""
    rng = np.random.default_rng(1)
    net = np.full(37, -1.0)
    net[17] = 35.0
    total = 0.0
    for start in range(0, rounds, batch):
        spins = rng.integers(0, 37, size=min(batch, rounds - start))
        total += float(net[spins].sum())
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--engine-rounds", type=int, default=1_000)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    games = [g for g in (args.game or GAMES) if g != "blackjack"]
    n = args.rounds
    yard = cpu(lambda: numpy_roulette(n))
    print(
        f"numpy reference loop, single-zero roulette straight bet: {n / yard / 1e6:,.1f} M spins/s"
    )
    head = f"{'game':22} {'exact PAR s':>11} {'kernel all bets M/s':>20} {'first bet M/s':>14} {'engine r/s':>11}"
    print(head)
    print("-" * len(head))
    total_par = 0.0
    for game in games:
        profile = load_profile(game)
        par_s = cpu(partial(_par, game, profile))
        total_par += par_s
        simulate(game, rounds=50_000, seed=0, batch=50_000)  # compile the kernel first
        all_s = cpu(partial(simulate, game, rounds=n, seed=1))
        first = _compiled(game, "andorra", None)[0].bets[0].bet_id
        one_s = cpu(partial(_one_bet, game, first, n))
        eng_s = cpu(partial(play, game, profile, args.engine_rounds))
        print(
            f"{game:22} {par_s:11.2f} {n / all_s / 1e6:20.1f} {n / one_s / 1e6:14.1f} "
            f"{args.engine_rounds / eng_s:11,.0f}   ({first})"
        )
    if args.game is None or "blackjack" in args.game:
        total_par += blackjack_line(n)
    print(f"exact PAR of these games in total: {total_par:.1f} s CPU")


def blackjack_line(rounds: int) -> float:
    """Blackjack: the chart and edge (exact analysis), then real shoes played by the chart."""
    from crupier.analysis.blackjack_kernel import chart_arrays, play_blackjack

    profile = load_profile("blackjack")
    arrays: list[Any] = []
    par_s = cpu(lambda: arrays.append(chart_arrays(profile)))
    play_blackjack(profile, arrays[0], 10_000, 0)  # compile
    hands = max(rounds // 4, 1_000_000)
    kernel_s = cpu(partial(play_blackjack, profile, arrays[0], hands, 1))
    print(
        f"{'blackjack':22} {par_s:11.2f} {hands / kernel_s / 1e6:20.1f} {'':>14} "
        f"{'(see blackjack.py)':>11}   (main, basic strategy, real shoes)"
    )
    return par_s


def _par(game: str, profile: Any) -> None:
    par_figures(game, profile)
    par_outcomes(game, profile)


def _one_bet(game: str, bet_id: str, rounds: int) -> None:
    """The kernel for one bet: the game's first outcome space with only that bet."""
    from dataclasses import replace

    from crupier.analysis.simulate import draw_outcomes, walk

    space = _compiled(game, "andorra", None)[0]
    bet = next(b for b in space.bets if b.bet_id == bet_id)
    one = replace(space, bets=(bet,))
    seeds = np.random.SeedSequence(1).spawn(max(1, rounds // 4_000_000))
    for seed in seeds:
        draws = draw_outcomes(one, np.random.Generator(np.random.PCG64(seed)), 4_000_000)
        if bet.single_step:
            counts = np.bincount(draws, minlength=len(one.labels))
            float(counts @ bet.net[0])
        else:
            walk(draws, bet.net, bet.nxt, bet.scale, bet.win)


if __name__ == "__main__":
    main()
