"""Blackjack: the exact strategy and house-edge computation, and the engine's hands per second.

Run: python benchmarks/blackjack.py [--hands N] [--decks D]

Figures are CPU time (``time.process_time``) of this process, printed, never asserted:

* the whole analysis of the andorra profile (every starting hand against every up card,
  with splits), the chart and the edge, from cold caches;
* the dealer's final-total distributions for 3,000 of the compositions the analysis visits:
  the compiled evaluation of grouped draw sequences (:mod:`crupier.analysis.blackjack_fast`)
  against the plain recursive evaluation of the same distributions (the analyser's exact
  mode, in floats here); no peer library computes card-removal dealer probabilities, so the
  ratio is against that second method;
* hands per second of the engine (one box, a seeded electronic shoe, every hand stood on:
  the engine's own cost, the strategy's excluded), and under the basic-strategy chart
  (:func:`crupier.analysis.blackjack_sim.play_hands`: the chart's decision per card, the
  engine applying it);
* rounds per second of Triple Black Jack and Triple Joc under the same chart (the PAR
  sheets' Monte Carlo).
"""

from __future__ import annotations

import argparse
import time

from crupier.analysis.blackjack import BlackjackAnalysis, basic_strategy
from crupier.analysis.blackjack_fast import FloatKernel, unpack
from crupier.analysis.blackjack_sim import ChartRows, play_hands, rows_of
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.blackjack import Blackjack, load_builtin
from crupier.games.blackjack.engine import Deal, DealerPlay, NewShoe, Stage, Stand
from crupier.games.blackjack.profile import variant


def fast_kernel(a: BlackjackAnalysis[float]) -> FloatKernel:
    assert a._fast is not None
    return a._fast


def analysis_time(decks: int | None) -> ChartRows:
    profile = load_builtin() if decks is None else variant(load_builtin(), decks=decks)
    start = time.process_time()
    a: BlackjackAnalysis[float] = BlackjackAnalysis(profile)
    edge = -a.expected_value()
    chart = basic_strategy(a)
    spent = time.process_time() - start
    print(
        f"analysis ({profile.shoe.decks} decks, {profile.profile} rules): edge {edge * 100:.4f} %, "
        f"{len(chart.exceptions)} exceptions, {spent:.1f} s CPU, "
        f"{fast_kernel(a).compositions()} dealer distributions"
    )
    comps = [
        (unpack(packed), up) for up, tables in fast_kernel(a).tables.items() for packed in tables
    ][::50][:3000]
    start = time.process_time()
    fresh: BlackjackAnalysis[float] = BlackjackAnalysis(profile)
    for comp, up in comps:
        fresh.dealer(comp, up)
    fast = time.process_time() - start
    start = time.process_time()
    plain: BlackjackAnalysis[float] = BlackjackAnalysis(profile)
    for comp, up in comps:
        plain._dealer(comp, up, up == 1, True, plain._conditioned(up))
    slow = time.process_time() - start
    print(
        f"dealer distributions for {len(comps)} compositions: compiled {fast:.2f} s, "
        f"recursive {slow:.2f} s, ratio compiled / recursive {fast / slow:.3f}"
    )
    return rows_of(chart)


def engine_rate(hands: int) -> None:
    game = Blackjack(load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=10**12))
    start = time.process_time()
    for _ in range(hands):
        if game.state.shoe is None or game.state.shoe.at_stop_card:
            game.apply(NewShoe())
        game.apply(PlaceBet(player="ana", spot="box-1", amount=1_000, by=Role.PLAYER))
        game.apply(NoMoreBets())
        game.apply(Deal())
        while game.state.stage is Stage.PLAY:
            hand = game.current()
            assert hand is not None
            game.apply(Stand(player="ana", box=hand.box, by=Role.PLAYER))
        game.apply(DealerPlay())
    spent = time.process_time() - start
    print(f"engine: {hands} hands in {spent:.2f} s CPU, {hands / spent:.0f} hands/s/core")


def strategy_rate(hands: int, chart: ChartRows) -> None:
    game = Blackjack(load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=10**12))
    start = time.process_time()
    for _ in range(hands):
        if game.state.shoe is None or game.state.shoe.at_stop_card:
            game.apply(NewShoe())
        game.apply(PlaceBet(player="ana", spot="box-1", amount=1_000, by=Role.PLAYER))
        game.apply(NoMoreBets())
        game.apply(Deal())
        play_hands(game, "ana", chart)
    spent = time.process_time() - start
    print(
        f"engine under the chart: {hands} hands in {spent:.2f} s CPU, {hands / spent:.0f} hands/s/core"
    )


def triple_rates(rounds: int, chart: ChartRows) -> None:
    from crupier.games import triple_blackjack, triple_play
    from crupier.games.triple_blackjack.par import simulate as triple_bj
    from crupier.games.triple_play.par import simulate as triple_joc

    start = time.process_time()
    triple_bj(triple_blackjack.load_builtin(), chart, rounds)
    spent = time.process_time() - start
    print(f"Triple Black Jack under the chart: {rounds / spent:.0f} rounds/s/core (3 boxes)")
    start = time.process_time()
    triple_joc(triple_play.load_builtin(), chart, rounds)
    spent = time.process_time() - start
    print(f"Triple Joc under the chart: {rounds / spent:.0f} rounds/s/core (3 bets)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--decks", type=int, default=None)
    args = parser.parse_args()
    chart = analysis_time(args.decks)
    engine_rate(args.hands)
    strategy_rate(args.hands, chart)
    triple_rates(args.hands // 5, chart)


if __name__ == "__main__":
    main()
