"""Triple Black Jack: the shoe kernel and the engine deal the same shoes and settle every box
alike, round for round (spec 19: one hand against three croupier hands on his first card,
the burn and the separator of the profile); the kernel's estimates around the exact edges."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from crupier.analysis.blackjack_kernel import chart_arrays
from crupier.analysis.blackjack_sim import decide
from crupier.analysis.triple_blackjack_kernel import play_triple, play_triple_shoe, rules_of
from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import load_profile
from crupier.games.triple_blackjack.engine import (
    Deal,
    DealerPlay,
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


def _dealer_cards(cards: Iterator[Card], first: Card, profile: Any) -> tuple[str, ...]:
    """The cards the croupier takes on ``first`` by the drawing rule (spec 19: stands on
    17 or more, a soft 17 by the profile; a blackjack stands)."""
    from crupier.games.blackjack.rules import dealer_draws, total, values

    hand = [first, next(cards)]
    while not (len(hand) == 2 and total(values(hand))[0] == 21):
        points, soft = total(values(hand))
        if points > 21 or not dealer_draws(
            points, soft, hits_soft_17=profile.rules.dealer_hits_soft_17
        ):
            break
        hand.append(next(cards))
    return tuple(str(c) for c in hand[1:])


def test_the_kernels_shoe_entered_at_a_live_table_settles_box_for_box() -> None:
    # the kernel's own shuffle, its cards entered as they come out of the shoe: the burn,
    # the deal, each card asked for, a split's cards, each croupier hand's cards
    profile = load_profile("triple-blackjack")
    arrays = chart_arrays(profile)
    chart = chart_of(profile)
    rules, bj, insurance = rules_of(profile)
    deck = [
        Card(r, s) for _ in range(profile.shoe.decks) for r in FRENCH_RANKS for s in FRENCH_SUITS
    ]
    burn = profile.shoe.burn_at_start
    stop_at = len(deck) - profile.shoe.cards_below_stop
    rng = np.random.Generator(np.random.PCG64(19))
    rounds = 0
    seen: dict[str, int] = {}
    while rounds < 200 or not seen.get("double") or not seen.get("split"):
        cards = [deck[i] for i in rng.permutation(len(deck)).tolist()]
        order = np.array([min(c.rank.pips, 10) for c in cards], dtype=np.int8)
        stats = np.zeros((4, 4), dtype=np.float64)
        nets = np.zeros((200, 4), dtype=np.float64)
        hard, soft, pair = arrays
        play_triple_shoe(
            order, burn, stop_at, hard, soft, pair, rules, bj, insurance, stats, 200, nets
        )
        game = TripleBlackjack(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=10**9))
        game.apply(NewShoe(live=True, burn=tuple(str(c) for c in cards[:burn])))
        it = iter(cards[burn:])
        for r in range(int(stats[0, 0])):
            for k in (1, 2, 3):
                game.apply(PlaceBet(player="ana", spot=f"box-1-{k}", amount=STAKE, by=Role.PLAYER))
            game.apply(NoMoreBets())
            deal = tuple(str(next(it)) for _ in range(3))
            events = list(game.apply(Deal(cards=deal)).events)
            while game.state.stage is Stage.PLAY:
                hand = game.current()
                assert hand is not None
                if len(hand.cards) == 1:  # a split hand takes its second card
                    action: Any = Hit(player="ana", box=hand.box, card=str(next(it)))
                else:
                    kind = decide(game, chart)
                    seen[kind] = seen.get(kind, 0) + 1
                    if kind == "split":
                        aces = hand.vals[0] == 1 and profile.rules.split_aces_one_card
                        dealt = tuple(str(next(it)) for _ in range(2 if aces else 1))
                        action = Split(player="ana", box=hand.box, cards=dealt)
                    elif kind in ("hit", "double"):
                        card = str(next(it))
                        action = KINDS[kind](player="ana", box=hand.box, card=card)
                    else:
                        action = Stand(player="ana", box=hand.box)
                events += game.apply(action).events
            while game.state.stage is Stage.DEALER:
                first = game.state.first
                assert first is not None
                parts = game.parts_left(game.state)
                dealt = ()
                if parts and game.competitors_for(game.state, parts[0]):
                    dealt = _dealer_cards(it, first, profile)
                events += game.apply(DealerPlay(cards=dealt)).events
                if not parts:
                    break
            found = dict.fromkeys((1, 2, 3), 0)
            for e in events:
                if isinstance(e, Settled) and e.spot.startswith("box-"):
                    found[part_of(e.spot)] += e.net
            kernel = {k: round(nets[r, k - 1] * STAKE) for k in (1, 2, 3)}
            assert found == kernel, (rounds + r, found, kernel)
        rounds += int(stats[0, 0])
