"""Triple Black Jack: the shoe kernel and the engine deal the same shoes and settle every box
alike, round for round (spec 19: one hand against three croupier hands on his first card,
the burn and the separator of the profile); the kernel's estimates around the exact edges."""

from __future__ import annotations

import numpy as np

from crupier.analysis.blackjack_kernel import chart_arrays
from crupier.analysis.blackjack_sim import decide
from crupier.analysis.triple_blackjack_kernel import play_triple, play_triple_shoe, rules_of
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import load_profile
from crupier.games.triple_blackjack.engine import (
    Deal,
    Double,
    Hit,
    NewShoe,
    Split,
    Stage,
    Stand,
    TripleBlackjack,
    part_of,
)
from crupier.games.triple_blackjack.par import chart_of

STAKE = 1_000  # 10.00 on each box: every payout (3 to 2 included) whole
KINDS = {"stand": Stand, "hit": Hit, "double": Double, "split": Split}


def _play(game: TripleBlackjack, chart: object, seen: dict[str, int]) -> list[object]:
    """The player's decisions by the chart, counted by kind, then the croupier's hands."""
    events: list[object] = []
    while game.state.stage is Stage.PLAY:
        hand = game.current()
        assert hand is not None
        kind = decide(game, chart)  # type: ignore[arg-type]
        seen[kind] = seen.get(kind, 0) + 1
        events += game.apply(KINDS[kind](player="ana", box=hand.box, by=Role.PLAYER)).events
    for action in game.auto_round():
        events += game.apply(action).events
    return events


def test_the_engine_settles_the_kernels_shoes_box_for_box() -> None:
    profile = load_profile("triple-blackjack")
    arrays = chart_arrays(profile)
    chart = chart_of(profile)
    rules, bj, insurance = rules_of(profile)
    rounds = busts = 0
    seen: dict[str, int] = {}
    seed = 0
    while rounds < 240 or not seen.get("double") or not seen.get("split"):
        seed += 1
        game = TripleBlackjack(profile, SeededSource(seed))
        game.apply(BuyIn(player="ana", amount=10**9))
        game.apply(NewShoe())  # the engine shuffles, cuts, burns and places the separator
        shoe = game.state.shoe
        assert shoe is not None and shoe.stop_at is not None
        assert shoe.pos == shoe.taken == profile.shoe.burn_at_start
        order = np.array([min(c.rank.pips, 10) for c in shoe.order], dtype=np.int8)
        stats = np.zeros((4, 4), dtype=np.float64)
        nets = np.zeros((200, 4), dtype=np.float64)
        hard, soft, pair = arrays
        play_triple_shoe(
            order, shoe.pos, shoe.stop_at, hard, soft, pair, rules, bj, insurance, stats, 200, nets
        )
        played = 0
        while not shoe.at_stop_card:
            for k in (1, 2, 3):
                game.apply(PlaceBet(player="ana", spot=f"box-1-{k}", amount=STAKE, by=Role.PLAYER))
            game.apply(NoMoreBets())
            events = list(game.apply(Deal()).events) + _play(game, chart, seen)
            found = dict.fromkeys((1, 2, 3), 0)
            for e in events:
                if isinstance(e, Settled) and e.spot.startswith("box-"):
                    found[part_of(e.spot)] += e.net
            kernel = {k: round(nets[played, k - 1] * STAKE) for k in (1, 2, 3)}
            assert found == kernel, (seed, played, found, kernel)
            busts += all(v == -STAKE for v in found.values())
            played += 1
        assert played == int(stats[0, 0])  # the separator ends both at the same round
        rounds += played
    assert busts


def test_the_fresh_shoe_estimates_contain_the_exact_edges() -> None:
    # the exact figures are of a freshly shuffled six-deck shoe: one round per shoe
    from crupier.analysis.exact import analyse
    from crupier.games.triple_blackjack.par import par_chains

    profile = load_profile("triple-blackjack")
    run = play_triple(profile, chart_arrays(profile), 1_000_000, 7, fresh=True)
    for chain in par_chains(profile):
        edge = float(analyse(chain, getattr(chain, "method", "exact")).house_edge)
        n, s1, s2, _wins = run.sums[chain.bet_id]
        mean = s1 / n
        error = np.sqrt(max(s2 / n - mean * mean, 0.0) / n)
        assert abs(mean + edge) <= 4 * error, (chain.bet_id, mean, error, edge)


def test_crupier_simulate_deals_real_shoes_reproducibly_on_a_pool() -> None:
    from crupier.analysis.simulate import simulate

    one = simulate("triple-blackjack", rounds=30_000, seed=4, batch=10_000)
    pool = simulate("triple-blackjack", rounds=30_000, seed=4, batch=10_000, workers=2)
    assert pool.to_dict() == one.to_dict()
    bets = {b.bet_id: b for b in one.bets}
    assert sorted(bets) == ["box-1", "box-2", "box-3", "insurance"]
    assert all(bets[f"box-{k}"].resolved == 30_000 for k in (1, 2, 3))
    # box 1's insurance is offered when the croupier's first card is an ace: 1 round in 13
    assert abs(bets["insurance"].resolved / 30_000 - 1 / 13) < 0.01
    # the three boxes ride on one hand but are settled against three croupier hands
    assert len({bets[f"box-{k}"].mean for k in (1, 2, 3)}) == 3
