"""Throughput of the engines and of the exact PAR analyser.

Run: python benchmarks/engines.py [--rounds N]

For each implemented layout game it plays N rounds on a seeded source with two
players betting every round, through the full engine (permission checks, copy-on-
write state, logging), and reports rounds per second; then it times the exact PAR
sheet and a replay of the whole log. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from crupier.analysis.par import par_figures
from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, LayoutGame, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.catalogue import GAMES, load_profile, new_game

BETS = {
    "french-roulette": [("red", 1000), ("straight 17", 500)],
    "american-roulette": [("red", 1000), ("straight 17", 500)],
    "boule": [("red", 1000), ("number 5", 500)],
    "craps": [("win", 1000), ("field", 500)],
    "punto-banco": [("banker", 2000), ("player", 2000)],
    "sic-bo": [("small", 1000), ("total 9", 500)],
    "trente-et-quarante": [("rouge", 1000), ("couleur", 1000)],
}


def bench_par(game_id: str) -> None:
    """Games whose rounds need decisions (circle games, war, monte): the exact PAR time only."""
    from crupier.analysis.par import par_outcomes

    profile = load_profile(game_id)
    t0 = time.perf_counter()
    figures = par_figures(game_id, profile)
    tables = par_outcomes(game_id, profile)
    par = time.perf_counter() - t0
    print(f"{game_id:18s} PAR {len(figures)} bets and {len(tables)} outcome tables in {par:7.2f} s")


def bench(game_id: str, rounds: int) -> None:
    profile = load_profile(game_id)
    game = new_game(game_id, profile, SeededSource(1))
    assert isinstance(game, LayoutGame)
    for p in ("ana", "bo"):
        game.apply(BuyIn(player=p, amount=10**12))
    start = time.perf_counter()
    for _ in range(rounds):
        for p in ("ana", "bo"):
            for spot, amount in BETS[game_id]:
                # A refusal is fine here, e.g. a line bet that is already working.
                with contextlib.suppress(RuleError):
                    game.apply(PlaceBet(player=p, spot=spot, amount=amount, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
    elapsed = time.perf_counter() - start
    t0 = time.perf_counter()
    type(game).replay(profile, game.log)
    replay = time.perf_counter() - t0
    t0 = time.perf_counter()
    figures = par_figures(game_id, profile)
    par = time.perf_counter() - t0
    print(
        f"{game_id:18s} {rounds / elapsed:9.0f} rounds/s  {len(game.log) / elapsed:9.0f} actions/s"
        f"  replay {len(game.log) / replay:9.0f} actions/s  PAR {len(figures)} bets in {par * 1000:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    for game_id, info in GAMES.items():
        try:
            info.load()
        except ModuleNotFoundError:
            continue
        if game_id in BETS:
            bench(game_id, args.rounds)
        else:
            bench_par(game_id)


if __name__ == "__main__":
    main()
