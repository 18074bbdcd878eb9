"""Monte Carlo at scale: kernels compiled from each game's own PAR model, reproducible
seed streams, and the same figures on one process, a process pool and a Dask cluster."""

from __future__ import annotations

import numpy as np
import pytest

from crupier.analysis.simulate import compile_game, draw_outcomes, settle, simulate, walk
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import load_profile
from crupier.games.catalogue import GAMES
from crupier.games.roulette import Direction, FrenchRoulette, Result, Spin

#: The poker room: the players bet against each other, the house takes a rake; its take per
#: deal is simulated through the engine (tests/analysis/test_circle_takes.py).
POKER_ROOM = [
    "seven-card-stud",
    "omaha",
    "holdem",
    "five-card-stud",
    "synthetic-poker",
    "five-card-draw",
]
SIMULATED = [g for g in GAMES if g != "blackjack" and g not in POKER_ROOM]
#: Bets settled by a strategy whose house edge is known only by Monte Carlo (their PAR
#: sheets: pai gow poker's house way against the bank's, Hold'em Bonus's street bets).
MONTE_CARLO_ONLY = {("pai-gow-poker", "bet"), ("holdem-bonus", "ante+streets")}


def test_kernel_tables_are_the_engine_resolution() -> None:
    # spec 01: a straight pays 35 to 1, a dozen 2 to 1; la partage returns half on zero
    (space,) = compile_game("french-roulette", load_profile("french-roulette"))
    bets = {b.bet_id: b for b in space.bets}
    pockets = [int(x) for x in space.labels]
    straight = dict(zip(pockets, bets["straight"].net[0], strict=True))
    assert straight[17] == 35 and {v for p, v in straight.items() if p != 17} == {-1}
    dozen = dict(zip(pockets, bets["dozen"].net[0], strict=True))
    assert dozen[13] == dozen[24] == 2 and dozen[12] == dozen[25] == dozen[0] == -1
    assert bets["straight"].single_step and not bets["even-chance-prison"].single_step


def test_the_kernel_stream_settles_as_the_engine_does() -> None:
    # the same outcomes through the kernel's tables and through the engine, round for round
    profile = load_profile("french-roulette")
    (space,) = compile_game("french-roulette", profile)
    tables = {b.bet_id: b for b in space.bets}
    draws = draw_outcomes(space, np.random.Generator(np.random.PCG64(2024)), 300)
    game = FrenchRoulette(profile, SeededSource(1))  # type: ignore[arg-type]
    game.apply(BuyIn(player="ana", amount=100_000_000))
    spots = {"straight": "straight 17", "dozen": "dozen 2", "split": "split 17-20",
             "column": "column 2", "six-line": "six-line 16-21"}  # fmt: skip
    for o in draws.tolist():
        for spot in spots.values():
            game.apply(PlaceBet(player="ana", spot=spot, amount=1_000, by=Role.PLAYER))
        game.apply(Spin(wheel=game.next_direction() or Direction.CW))
        game.apply(NoMoreBets())
        events = game.apply(Result(pocket=int(space.labels[o]))).events
        nets = {e.spot: e.net for e in events if isinstance(e, Settled)}
        for bet_id, spot in spots.items():
            assert nets[game.spot(spot).name] == tables[bet_id].net[0, o] * 1_000, (o, bet_id)


@pytest.mark.parametrize("game", SIMULATED)
def test_every_bet_is_simulated_around_its_exact_edge(game: str) -> None:
    result = simulate(game, rounds=400_000, seed=11, batch=200_000)
    assert result.bets
    for bet in result.bets:
        assert bet.resolved > 0
        if (game, bet.bet_id) in MONTE_CARLO_ONLY:
            assert bet.exact_edge is None and bet.difference is None, bet.to_dict()
            continue
        assert bet.exact_edge is not None and bet.difference is not None, bet.to_dict()
        # 4 standard errors: a correct kernel fails this about once in 16,000 bets
        assert abs(bet.difference) <= 4 * bet.std_error + 1e-12, bet.to_dict()


def test_same_seed_same_figures_other_seed_other_figures() -> None:
    a = simulate("craps", rounds=300_000, seed=5, batch=100_000)
    b = simulate("craps", rounds=300_000, seed=5, batch=100_000)
    c = simulate("craps", rounds=300_000, seed=6, batch=100_000)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict()["bets"] != c.to_dict()["bets"]


def test_a_process_pool_gives_the_single_process_figures() -> None:
    one = simulate("sic-bo", rounds=600_000, seed=3, batch=100_000)
    pool = simulate("sic-bo", rounds=600_000, seed=3, batch=100_000, workers=2)
    assert pool.to_dict() == one.to_dict()


def test_a_two_worker_dask_cluster_gives_the_single_process_figures() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        spread = simulate("french-roulette", rounds=800_000, seed=9, batch=100_000, cluster=client)
        by_address = simulate(
            "french-roulette",
            rounds=800_000,
            seed=9,
            batch=100_000,
            cluster=cluster.scheduler_address,
        )
    one = simulate("french-roulette", rounds=800_000, seed=9, batch=100_000)
    assert spread.to_dict() == one.to_dict() == by_address.to_dict()


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        simulate("craps", rounds=0)


def test_one_pass_settles_every_craps_bet_as_its_own_walk_does() -> None:
    # every bet's own walk over the rolls and the one pass shared by all bets agree
    (space,) = compile_game("craps", load_profile("craps"))
    draws = draw_outcomes(space, np.random.Generator(np.random.PCG64(8)), 200_000)
    together = settle(space, draws)
    assert len(together) == len(space.bets) == 38
    for bet in space.bets:
        done, s1, s2, hits = walk(draws, bet.net, bet.nxt, bet.scale, bet.win)
        one = together[bet.bet_id]
        assert (one.resolved, one.hits) == (done, hits), bet.bet_id
        assert one.s1 == pytest.approx(s1, abs=1e-6) and one.s2 == pytest.approx(s2, abs=1e-6)
        assert sum(one.payouts.values()) == done


def test_a_place_bet_needs_no_walk_but_the_line_bets_share_one() -> None:
    # spec 06: a place bet stands until its number or a seven; the pass line moves through
    # the points, and don't pass (and come, don't come) through the same ones
    (space,) = compile_game("craps", load_profile("craps"))
    bets = {b.bet_id: b for b in space.bets}
    assert bets["place-6"].nxt.shape[0] == 1 and not bets["place-6"].single_step
    assert bets["win"].nxt.shape[0] > 1
    for other in ("dont-win", "come", "dont-come"):
        assert (bets[other].nxt == bets["win"].nxt).all()


#: One game of each kind of kernel: settled in one pass (craps), a prison walked on its own
#: (French roulette), real shoes (the four shoe games), several outcome spaces (three card
#: poker), a strategy played on real shoes (blackjack; Triple Black Jack's three croupier
#: hands), real packs laid out (monte: each worker meets the layouts in its own order).
#: Bets played by a strategy on fresh packs, each deal both ways (pai gow poker's house
#: way, Hold'em Bonus's street bets beside its Bonus's chain).
KERNEL_KINDS = ["craps", "french-roulette", "punto-banco", "chemin-de-fer", "casino-war",
                "trente-et-quarante", "three-card-poker", "blackjack", "triple-blackjack",
                "monte", "pai-gow-poker", "holdem-bonus"]  # fmt: skip


def test_every_kind_of_kernel_runs_on_a_two_worker_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        spread = {
            game: simulate(game, rounds=60_000, seed=2, batch=20_000, cluster=client)
            for game in KERNEL_KINDS
        }
        # a circle poker table: its take per deal through the engine, at a small N
        take = simulate("five-card-stud", rounds=12, seed=2, batch=4, cluster=client)
    for game, result in spread.items():
        one = simulate(game, rounds=60_000, seed=2, batch=20_000)
        assert result.to_dict() == one.to_dict(), game
        assert result.trace == one.trace and all(b.resolved > 0 for b in result.bets)
    one = simulate("five-card-stud", rounds=12, seed=2, batch=4)
    assert take.to_dict() == one.to_dict() and take.trace == one.trace
    assert take.batches == 3 and all(t.deals == 12 for t in take.takes)


def test_the_texas_and_pai_gow_main_bets_are_simulated_by_their_strategies() -> None:
    # issue 15: `crupier simulate` runs every game; casino hold'em's Ante and 2a aposta under
    # the stored optimal decision is checked against that decision's exact edge (every deal
    # counted) by the test above; these two have no exact figure and say so
    for game, bet_id in sorted(MONTE_CARLO_ONLY):
        result = simulate(game, rounds=20_001, seed=4, batch=10_000)
        (bet,) = [b for b in result.bets if b.bet_id == bet_id]
        data = bet.to_dict()
        assert data["exact"] == "none (Monte Carlo only)" and data["exact_house_edge"] is None
        assert data["difference"] is None and data["exact_in_interval"] is None
        # each deal is played both ways: 10,001 deals for 20,001 rounds asked
        assert (bet.resolved, bet.samples) == (20_002, 10_001) and data["strategy"]
        assert 0 < bet.hit_frequency < 1
    (bet,) = [b for b in simulate("casino-holdem", 2_000, seed=1).bets if b.bet_id == "ante+call"]
    assert bet.exact_edge is not None and bet.to_dict()["exact"] == "exact"


def test_pai_gow_poker_simulated_agrees_with_the_engines_own_reference() -> None:
    # the kernel's house way against the engine's (par.simulate: house_way and compare, one
    # round per deal), two independent estimates of one edge: within 4 combined errors
    from crupier.games.pai_gow_poker.par import simulate as through_the_engine

    kernel = simulate("pai-gow-poker", rounds=400_000, seed=8, batch=200_000).bets[0]
    engine = through_the_engine(load_profile("pai-gow-poker"), rounds=20_000, seed=8)
    both = (kernel.std_error**2 + engine.net.std_error**2) ** 0.5
    assert abs(kernel.mean - engine.net.mean) <= 4 * both


def test_the_command_shows_a_bet_without_exact_figure_as_such() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "200", "CRUPIER_LANG": "en"}
    out = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "simulate", "holdem-bonus", "--rounds", "4000"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout  # fmt: skip
    (row,) = [line for line in out.splitlines() if "ante+streets" in line and "│" in line]
    assert "none (Monte Carlo only)" in row and "pt" not in row
    (bonus,) = [line for line in out.splitlines() if line.startswith("│ bonus")]
    assert " pt" in bonus  # the Bonus has its exact edge, and the difference from it
    assert "ante+streets: strategy:" in out
