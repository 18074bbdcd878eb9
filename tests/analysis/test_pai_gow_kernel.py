"""The Pai Gow Poker kernel against the engine: the same cards set the same way, the same
high-hand order, the same results and settlement (spec 12)."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from crupier.analysis.pai_gow_kernel import (
    PATTERNS,
    compile_house_way,
    deal_results,
    pattern_index,
    play_rounds,
    set_hands,
)
from crupier.core.cards import JOKER, Card, cards, joker_deck
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.poker import rank_high, score
from crupier.core.poker.batch import index
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.cardtable import NewShoe
from crupier.games.pai_gow_poker import Deal, PaiGowPoker, SetHand, ThrowDice, load_builtin
from crupier.games.pai_gow_poker.houseway import house_way
from crupier.games.pai_gow_poker.par import par_outcomes
from crupier.games.pai_gow_poker.showdown import compare

PACK = joker_deck()
WAY = load_builtin().house_way


def _arrays():  # type: ignore[no-untyped-def]
    return compile_house_way(WAY)


def _patterned_hand(rng: random.Random) -> list[Card]:
    """Seven cards with many repeated ranks (quads, full houses, two and three pairs, five
    aces come up often) or many of one suit (flushes with pairs)."""
    while True:
        if rng.random() < 0.5:
            ranks = rng.sample(range(13), rng.randint(2, 5))
            pool = [c for c in PACK if c != JOKER and "23456789TJQKA".index(c.rank.value) in ranks]
            pool += [JOKER] * (rng.random() < 0.4)
        else:
            suit = rng.choice("shdc")
            pool = [c for c in PACK if c == JOKER or c.suit.value == suit]
            pool += rng.sample([c for c in PACK if c not in pool], 4)
        if len(pool) >= 7:
            return rng.sample(pool, 7)


def _hands(n: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    uniform = [rng.sample(PACK, 7) for _ in range(n)]
    return uniform + [_patterned_hand(rng) for _ in range(n)]


def test_the_patterns_are_numbered_one_to_one() -> None:
    from itertools import combinations_with_replacement

    seen = {pattern_index(s) for s in combinations_with_replacement(range(14), 7)}
    assert seen == set(range(PATTERNS))


def test_the_kernel_sets_every_hand_as_the_engine_s_house_way() -> None:
    # spec 12 House way: the same two cards low, card for card, on uniform hands and on hands
    # rich in pairs, quads, full houses, five aces and flushes
    hands = _hands(3_000, seed=7)
    got = set_hands(np.array([[index(c) for c in h] for h in hands]), _arrays())
    for hand, (a, b) in zip(hands, got.tolist(), strict=True):
        _, low = house_way(hand, WAY)
        assert {hand[a], hand[b]} == set(low), " ".join(map(str, hand))


def test_a_changed_house_way_is_what_the_kernel_plays() -> None:
    # the rules are the profile's data: two pair always split, quads always kept
    raw = WAY.model_dump()
    raw["two_pair"] = dict.fromkeys(raw["two_pair"], "split")
    raw["quads_keep_up_to"] = raw["quads_split_unless_ace_up_to"] = 14
    way = type(WAY).model_validate(raw)
    hands = [cards("Ks Kd 4h 4c As 9d 2c"), cards("Js Jd Jh Jc As 9d 2c")]
    got = set_hands(np.array([[index(c) for c in h] for h in hands]), compile_house_way(way))
    lows = [{h[a], h[b]} for h, (a, b) in zip(hands, got.tolist(), strict=True)]
    assert lows == [set(cards("4h 4c")), set(cards("As 9d"))]
    assert lows == [set(house_way(h, way)[1]) for h in hands]


def test_the_kernel_ranks_high_hands_as_the_engine() -> None:
    # the joker as an ace or completing a straight or flush; A-2-3-4-5 second; five aces
    from crupier.analysis.pai_gow_kernel import _high_score_jit

    rng = random.Random(3)
    real = [c for c in PACK if c != JOKER]
    hands = [[*rng.sample(real, 4), JOKER] for _ in range(3_000)]
    hands += [rng.sample(real, 5) for _ in range(2_000)]
    hands += [cards("As 2d 3h 4c JK"), cards("Ks Qs Js Ts JK"), cards("As Ad Ah Ac JK")]
    hands += [cards("2h 3h 4h 5h JK"), cards("Ah 2h 3h 4h 5h"), cards("Kh 9h 7h 4h JK")]
    for hand in hands:
        row = np.array([index(c) for c in hand] + [0, 0], dtype=np.uint8)
        got = _high_score_jit(row, 5, 6)
        assert got == score(rank_high(hand)), " ".join(map(str, hand))


def test_the_kernel_compares_as_the_engine() -> None:
    rng = random.Random(11)
    deals = [rng.sample(PACK, 14) for _ in range(3_000)]
    got = deal_results(np.array([[index(c) for c in d] for d in deals]), _arrays())
    for deal, result in zip(deals, got.tolist(), strict=True):
        assert result == compare(house_way(deal[:7], WAY), house_way(deal[7:], WAY))


def _dealt(player: list[Card], bank: list[Card]) -> tuple[str, ...]:
    given = bank + player
    rest = [c for c in PACK if c not in given]
    return tuple(map(str, given + rest[: 49 - len(given)]))


@pytest.mark.parametrize("stake", [1_000, 1_010])
def test_the_kernel_settles_as_the_engine(stake: int) -> None:
    # the same cards through the engine (the player asking for the house way) and the kernel:
    # the player's net is the stake less the profile's commission (5 %, rounded down to the
    # cent) on a win, nothing on a push, minus the stake on a loss
    profile = load_builtin()
    commission = profile.commission.amount_on(stake)
    rng = random.Random(stake)
    deals = [rng.sample(PACK, 14) for _ in range(60)]
    results = deal_results(np.array([[index(c) for c in d] for d in deals]), _arrays())
    assert {-1, 0, 1} <= set(results.tolist())
    for deal, result in zip(deals, results.tolist(), strict=True):
        game = PaiGowPoker(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=1_000_000))
        game.apply(PlaceBet(player="ana", spot="bet", amount=stake, by=Role.PLAYER))
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        game.apply(ThrowDice(dice=(2, 3, 3)))  # 8: the bank's hand first, then ana's
        game.apply(Deal(cards=_dealt(deal[:7], deal[7:])))
        game.apply(SetHand(player="ana", house_way=True, by=Role.PLAYER))
        net = game.state.players["ana"] - 1_000_000
        assert net == {1: stake - commission, 0: 0, -1: -stake}[result]


def test_the_monte_carlo_is_seeded_and_both_ways_of_a_deal_count() -> None:
    pays = Fraction(19, 20)
    a = play_rounds(_arrays(), pays, 20_000, seed=4)
    assert a == play_rounds(_arrays(), pays, 20_000, seed=4, block=3_001)
    assert a.rounds == 40_000 == a.win + a.push + a.lose
    # every deal is played both ways: the pair sums add the rounds' net results, halved
    assert a.pair_sum == pytest.approx((float(pays) * a.win - a.lose) / 2)


def test_the_par_sheet_reaches_the_interval_near_the_published_edge() -> None:
    (table,) = par_outcomes(load_builtin())
    (row,) = table["rows"]
    edge, half = float(row[4]), float(row[5])
    assert 2 * half < 0.05  # percentage points
    # Wizard of Odds, house way against house way, 5 % commission: about 2.73 %
    assert abs(edge - 2.73) < 0.1
