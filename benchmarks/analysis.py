"""Analysis at scale, one table: per game the exact PAR time, the Monte Carlo kernel's rounds
per CPU second (all the game's bets, and its first bet alone), the engine's rounds per CPU
second, and in the same run plain numpy loops for single-zero roulette and punto banco as the
yardsticks.

    python benchmarks/analysis.py [--rounds 20000000] [--engine-rounds 1000] [--game G ...]

CPU time (process time) of this process: the machine is shared, wall time misleads. The
kernel runs single-process here (one core); `crupier simulate --workers K` spreads batches.
A game whose bets are settled on several outcome spaces (chemin de fer: one per policy of
the free choices) draws the rounds in each: its rate is rounds per space ("spaces" column).
The poker room has no bet against the house: its row has the PAR time only.

The PAR time is counted apart for exact and simulated sheets: a game's exact figures (its bet
chains) are timed first; its extra tables next, counted as simulated when one of them is a
Monte Carlo (its title says so: "Monte Carlo", "simulated"), their 95 % half-width printed
with the time (those games' exact tables reuse the chains' cached distributions, so the
time is the simulation's). The target is on the exact total. ``--par-only`` skips the
kernels and engines.
"""

from __future__ import annotations

import argparse
import os
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
from crupier.analysis.played_bets import played_bet_ids
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


def numpy_punto_banco(rounds: int, batch: int = 2_000_000) -> float:
    """The second yardstick: plain numpy coups of punto banco from an infinite shoe (six
    cards drawn with replacement per coup), the third-card rules as array operations."""
    rng = np.random.default_rng(2)
    banker_draws = np.zeros((10, 11), dtype=bool)  # (total, punto's third card + 1; 0: none)
    banker_draws[:3, :] = True
    banker_draws[3, :] = True
    banker_draws[3, 9] = False
    banker_draws[4, [0, 3, 4, 5, 6, 7, 8]] = True
    banker_draws[5, [0, 5, 6, 7, 8]] = True
    banker_draws[6, [7, 8]] = True
    wins = 0
    for start in range(0, rounds, batch):
        n = min(batch, rounds - start)
        v = np.minimum(rng.integers(1, 14, size=(n, 6), dtype=np.int8), 10) % 10
        pt = (v[:, 0] + v[:, 2]) % 10
        bt = (v[:, 1] + v[:, 3]) % 10
        play = (pt < 8) & (bt < 8)
        p_draws = play & (pt <= 5)
        third = np.where(p_draws, v[:, 4], 0)
        pt = np.where(p_draws, (pt + third) % 10, pt)
        column = np.where(p_draws, third + 1, 0)
        b_draws = play & banker_draws[bt, column]
        b_card = np.where(p_draws, v[:, 5], v[:, 4])
        bt = np.where(b_draws, (bt + b_card) % 10, bt)
        wins += int((bt > pt).sum())
    return wins / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--engine-rounds", type=int, default=1_000)
    parser.add_argument("--game", action="append")
    parser.add_argument("--par-only", action="store_true", help="only the PAR sheets' times")
    args = parser.parse_args()
    games = [g for g in (args.game or GAMES) if g != "blackjack"]
    n = args.rounds
    if args.par_only:
        par_table(games, args.game is None or "blackjack" in args.game)
        return
    yard = cpu(lambda: numpy_roulette(n))
    print(
        f"numpy reference loop, single-zero roulette straight bet: {n / yard / 1e6:,.1f} M spins/s"
    )
    pb_yard = cpu(lambda: numpy_punto_banco(n))
    print(f"numpy reference loop, punto banco (infinite shoe): {n / pb_yard / 1e6:,.1f} M coups/s")
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    head = (f"{'game':22} {'exact PAR s':>11} {'kernel all bets M/s':>20} {'spaces':>6} "
            f"{'first bet M/s':>14} {'engine r/s':>11}")  # fmt: skip
    print(head)
    print("-" * len(head))
    total_par = 0.0
    total_sim = 0.0
    for game in games:
        profile = load_profile(game)
        par_s, sim_s, interval = _par(game, profile)
        total_par += par_s
        total_sim += sim_s
        if sim_s:
            print(f"{game:22} simulated sheet: {sim_s:.2f} s CPU, {interval}")
        try:
            spaces = _compiled(game, "andorra", None)
        except ValueError as exc:
            print(f"{game:22} {par_s:11.2f}   kernel: {exc}")
            continue
        if not spaces and played_bet_ids(game):  # a strategy on fresh packs (pai gow poker)
            simulate(game, rounds=50_000, seed=0, batch=50_000)  # compile the kernel first
            all_s = cpu(partial(simulate, game, rounds=n, seed=1))
            print(f"{game:22} {par_s:11.2f} {n / all_s / 1e6:20.1f} {'-':>6} {'-':>14} "
                  f"{'-':>11}   (fresh packs, a bet played by a strategy)", flush=True)  # fmt: skip
            continue
        if not spaces:  # the poker room
            print(
                f"{game:22} {par_s:11.2f} {'-':>20} {'-':>6} {'-':>14} {'-':>11}   (no house bet)"
            )
            continue
        simulate(game, rounds=50_000, seed=0, batch=50_000)  # compile the kernel first
        all_s = cpu(partial(simulate, game, rounds=n, seed=1))
        first = spaces[0].bets[0].bet_id
        if game == "monte":  # real packs, one per coup, every bet settled on each
            print(
                f"{game:22} {par_s:11.2f} {n / all_s / 1e6:20.1f} {1:6} {'-':>14} "
                f"{args.engine_rounds / cpu(partial(play, game, profile, args.engine_rounds)):11,.0f}"
                "   (real packs laid out coup by coup, all 15 bets)",
                flush=True,
            )
            continue
        if game == "triple-blackjack":  # real shoes by the chart: every bet on each round
            print(
                f"{game:22} {par_s:11.2f} {n / all_s / 1e6:20.1f} {1:6} {'-':>14} {'-':>11}"
                "   (real shoes, one hand against three croupier hands, all 4 bets)",
                flush=True,
            )
            continue
        one_s = cpu(partial(_one_bet, game, first, n))
        try:
            eng = f"{args.engine_rounds / cpu(partial(play, game, profile, args.engine_rounds)):11,.0f}"
        except Exception as exc:
            eng = f"{'-':>11}"
            first += f"; engine: {type(exc).__name__}"
        print(
            f"{game:22} {par_s:11.2f} {n / all_s / 1e6:20.1f} {len(spaces):6} "
            f"{n / one_s / 1e6:14.1f} {eng}   ({first})",
            flush=True,
        )
    if args.game is None or "blackjack" in args.game:
        total_par += blackjack_line(n)
    print(f"exact PAR of these games in total: {total_par:.1f} s CPU")
    print(f"simulated PAR sheets in total: {total_sim:.1f} s CPU")


def par_table(games: list[str], blackjack: bool) -> None:
    """Only the PAR column: per game its exact time, and its simulated sheet's apart."""
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'game':22} {'exact PAR s':>11} {'simulated s':>11}")
    total_par = total_sim = 0.0
    for game in games:
        par_s, sim_s, interval = _par(game, load_profile(game))
        total_par += par_s
        total_sim += sim_s
        sim = f"{sim_s:11.2f}   ({interval})" if sim_s else f"{'-':>11}"
        print(f"{game:22} {par_s:11.2f} {sim}", flush=True)
    if blackjack:
        from crupier.analysis.blackjack_kernel import chart_arrays

        profile = load_profile("blackjack")
        par_s = cpu(partial(chart_arrays, profile))
        total_par += par_s
        print(f"{'blackjack':22} {par_s:11.2f} {'-':>11}")
    print(f"exact PAR of these games in total: {total_par:.1f} s CPU (target: under 60 s)")
    print(f"simulated PAR sheets in total: {total_sim:.1f} s CPU")


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
        f"{'blackjack':22} {par_s:11.2f} {hands / kernel_s / 1e6:20.1f} {1:6} {'':>14} "
        f"{'(see blackjack.py)':>11}   (main, basic strategy, real shoes)"
    )
    return par_s


def _par(game: str, profile: Any) -> tuple[float, float, str]:
    """The exact figures' CPU time, the extra tables' (counted as simulated when one is a
    Monte Carlo, else added to the exact time) and the simulated tables' 95 % half-widths."""
    exact_s = cpu(partial(par_figures, game, profile))
    tables: list[dict[str, Any]] = []
    extra_s = cpu(lambda: tables.extend(par_outcomes(game, profile)))
    simulated = [t for t in tables if "Monte Carlo" in t["title"] or "simulated" in t["title"]]
    if not simulated:
        return exact_s + extra_s, 0.0, ""
    widths = []
    for t in simulated:
        at = next(i for i, c in enumerate(t["columns"]) if "95 %" in c)
        widths.extend(f"{row[0]} ± {row[at]}" for row in t["rows"])
    return exact_s, extra_s, "95 % half-width: " + ", ".join(widths)


def _one_bet(game: str, bet_id: str, rounds: int) -> None:
    """The kernel for one bet: the game's first outcome space with only that bet, its
    outcomes drawn (or dealt from real shoes) as the full run draws them."""
    from dataclasses import replace

    from crupier.analysis.simulate import _draws, settle

    space = _compiled(game, "andorra", None)[0]
    bet = next(b for b in space.bets if b.bet_id == bet_id)
    one = replace(space, bets=(bet,))
    seeds = np.random.SeedSequence(1).spawn(max(1, rounds // 4_000_000))
    for seed in seeds:
        rng = np.random.Generator(np.random.PCG64(seed))
        settle(one, _draws(game, "andorra", None, one, rng, 4_000_000))


if __name__ == "__main__":
    main()
