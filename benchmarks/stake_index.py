"""A crowded layout: the CPU time of a placed bet with the per-player maximum read from the
stake index, against the walk of every bet it replaced, in the same run.

Run: python benchmarks/stake_index.py [--rounds N] [--bets 50 200 1000 ...]

A French roulette table with 40 players who place B bets a round (seeded choices among
eight spots, each bet accepted: the maximum is never reached), then the croupier's steps
of ``auto_round`` (no more bets, the spin, the settlement). Each size is played twice on
the same bets: with the engine as it runs (the index from ``LayoutGame.index_from`` bets
on) and with the index turned off (``index_from`` above the round's bets: the walk of
every bet on the layout for each bet, what a round cost before the index). It prints the
CPU time (``time.process_time``) per bet, rounds included, and the ratio index / walk.
"""

from __future__ import annotations

import argparse
import random
import time

from crupier.core.layout import BuyIn, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.catalogue import new_game

SPOTS = ("red", "black", "17", "even", "dozen 1", "column 1", "split 1-2", "0")
PLAYERS = tuple(f"p{i}" for i in range(40))


def per_bet(bets: int, rounds: int, index_from: int | None) -> float:
    """CPU seconds per placed bet over ``rounds`` rounds of ``bets`` bets."""
    game = new_game("french-roulette", source=SeededSource(1))
    if index_from is not None:
        game.index_from = index_from
    for player in PLAYERS:
        game.apply(BuyIn(player=player, amount=10**9))
    rng = random.Random(bets)
    placed = [
        PlaceBet(player=rng.choice(PLAYERS), spot=rng.choice(SPOTS), amount=500, by=Role.PLAYER)
        for _ in range(bets)
    ]
    start = time.process_time()
    for _ in range(rounds):
        for action in placed:
            game.apply(action)
        for action in game.auto_round():
            game.apply(action)
    return (time.process_time() - start) / (bets * rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--bets", type=int, nargs="+", default=[10, 50, 200, 1000])
    args = parser.parse_args()
    print(f"French roulette, {len(PLAYERS)} players, {args.rounds} rounds; CPU time per bet")
    per_bet(50, 5, None)  # warm up (the first table pays for the imports and the caches)
    for bets in args.bets:
        index = per_bet(bets, args.rounds, None)
        walk = per_bet(bets, args.rounds, bets + 1)
        print(
            f"{bets:5d} bets a round: index {index * 1e6:6.1f} us, walk {walk * 1e6:6.1f} us,"
            f" index / walk = {index / walk:.2f}x"
        )


if __name__ == "__main__":
    main()
