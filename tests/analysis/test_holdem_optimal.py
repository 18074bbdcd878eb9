"""The optimal flop decision of Texas poker against the house (spec 20): the generator's sums
against rounds dealt one by one on reduced packs, the stored table against a direct count of
the 1,070,190 turn, river and croupier hands on the real pack, and the Monte Carlo under the
stored table against the generator's exact edge and the published 2.16 %."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from crupier.analysis.holdem_kernel import (
    OPTIMAL_FLOP_STRATEGY,
    deal_nets,
    decisions,
    play_rounds,
)
from crupier.analysis.holdem_optimal import (
    cases,
    direct_sum,
    flop_index,
    flop_sums,
    load_profile,
    optimal_table,
    pair_index,
    scaled_net,
    stored_table,
    suit_classes,
)
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.poker.batch import card, index
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.cardtable import NewShoe
from crupier.games.casino_holdem import CasinoHoldem, Deal, Fold, Play
from crupier.games.casino_holdem.par import main_game
from crupier.games.casino_holdem.showdown import ante_net, best_of, call_net, qualifies

TABLE = scaled_net(load_profile())
ANTE = 1_000


def _pack(ranks: str, suits: str) -> np.ndarray:  # type: ignore[type-arg]
    return np.array([index(Card.parse(r + s)) for r in ranks for s in suits], dtype=np.int64)


def _engine_sum(pack: np.ndarray, holding: tuple[int, int], flop: tuple[int, ...]) -> Fraction:  # type: ignore[type-arg]
    """The sum over every turn, river and croupier hand of the engine's settlement functions'
    net for a call (Ante plus two Antes), the scalar evaluator ranking the hands."""
    profile = load_profile()
    mine = [card(int(pack[i])) for i in holding]
    board3 = [card(int(pack[i])) for i in flop]
    rest = [card(int(c)) for i, c in enumerate(pack) if i not in (*holding, *flop)]
    total = Fraction(0)
    for tr in combinations(rest, 2):
        board = board3 + list(tr)
        me = best_of(mine + board)
        for his in combinations([c for c in rest if c not in tr], 2):
            him = best_of(list(his) + board)
            q = qualifies(profile, list(his) + board)
            cmp = (me > him) - (me < him)
            total += ante_net(profile, me[0], True, q, cmp) + 2 * call_net(profile, q, cmp)
    return total


def test_the_direct_count_is_the_engines_settlement() -> None:
    # ace to 5 in three suits: pairs of 2s and 3s below the qualifier, 4s and 5s above it
    pack = _pack("A2345", "shd")
    rng = random.Random(5)
    for _ in range(6):
        five = rng.sample(range(len(pack)), 5)
        holding, flop = (five[0], five[1]), tuple(five[2:])
        assert direct_sum(pack, holding, flop, TABLE) == _engine_sum(pack, holding, flop)


@pytest.mark.parametrize(
    ("ranks", "suits", "flops"),
    [("A2345", "shd", None), ("A23456", "shdc", 12)],
)
def test_the_generator_equals_every_round_dealt_on_a_reduced_pack(
    ranks: str, suits: str, flops: int | None
) -> None:
    pack = _pack(ranks, suits)
    n = len(pack)
    every = list(combinations(range(n), 3))
    chosen = every if flops is None else random.Random(7).sample(every, flops)
    for flop in chosen:
        sums = flop_sums(pack, flop, TABLE)
        for a, b in combinations(range(n), 2):
            if {a, b} & set(flop):
                assert sums[pair_index(a, b)] == 0
            else:
                assert sums[pair_index(a, b)] == direct_sum(pack, (a, b), flop, TABLE), (a, b, flop)


def test_the_flops_up_to_suits_are_1755_and_cover_the_pack() -> None:
    rep, _, reps = suit_classes()
    assert len(reps) == 1755 and len(rep) == 22100
    assert np.bincount(rep).sum() == 22100
    # a rainbow flop of three ranks stands for 24 flops, a monotone one for 4
    weights = np.bincount(rep)
    mono = rep[flop_index([index(c) for c in cards("2s 7s Ks")])]
    rainbow = rep[flop_index([index(c) for c in cards("2s 7h Kd")])]
    assert weights[mono] == 4 and weights[rainbow] == 24


def test_the_stored_decision_is_the_direct_count_on_the_real_pack() -> None:
    stored = stored_table()
    assert stored.fits(load_profile())
    pack = np.arange(52)
    fold_at = -cases() * TABLE.scale
    rng = random.Random(13)
    for _ in range(30):
        five = rng.sample(range(52), 5)
        h, f = five[:2], five[2:]
        s = direct_sum(pack, h, f, TABLE)
        assert stored.calls[flop_index(f), pair_index(*h)] == (s > fold_at), (h, f, s)
    # the situations nearest the boundary: the generator's sum exactly, and the decision
    pairs = [(a, b) for b in range(52) for a in range(b)]
    flops = sorted(combinations(range(52), 3), key=flop_index)
    for h, f, s in stored.margins[:10].tolist():
        assert abs(s - fold_at) < 0.01 * cases()
        assert direct_sum(pack, pairs[h], flops[f], TABLE) == s
        assert stored.calls[f, h] == (s > fold_at)


def test_the_optimal_decision_folds_weak_hands_and_calls_strong_ones() -> None:
    t = optimal_table(load_profile())
    rows = np.array(
        [
            [index(c) for c in cards(deal)]
            for deal in (
                "As Ad 2c 3c Ks 7h 2h 9d 4s",  # a pair of aces: call
                "7c 2d 3c 4c Ks Jh 9h 5d 4s",  # seven high, no draw: fold
                "8h 9h 3c 4c 2h Th Kd 5d 4s",  # a flush draw: call
            )
        ],
        dtype=np.uint8,
    )
    assert decisions(rows, t)[:, 0].tolist() == [1, 0, 1]


def _engine_net(deal: list[Card], calls: bool) -> int:
    profile = load_profile()
    game = CasinoHoldem(profile, SeededSource(1))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.apply(PlaceBet(player="ana", spot="ante", amount=ANTE, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(map(str, deal))))
    if calls:
        game.apply(Play(player="ana", multiple=profile.rules.call_multiple))
    else:
        game.apply(Fold(player="ana"))
    return game.state.players["ana"] - 1_000_000


def test_the_kernel_under_the_table_settles_as_the_engine_round_for_round() -> None:
    stored = stored_table()
    rng = random.Random(21)
    deals = [rng.sample(standard_deck(), 9) for _ in range(300)]
    rows = np.array([[index(c) for c in d] for d in deals], dtype=np.uint8)
    t = optimal_table(load_profile())
    got = deal_nets(rows, t)
    for deal, row, net in zip(deals, rows.tolist(), got.tolist(), strict=True):
        calls = bool(stored.calls[flop_index(row[4:7]), pair_index(row[0], row[1])])
        assert net * ANTE == _engine_net(deal, calls), " ".join(map(str, deal))


def test_a_profile_paying_otherwise_is_not_played_by_the_table() -> None:
    profile = load_profile()
    other = profile.model_copy(
        update={"ante": profile.ante.model_copy(update={"flush": Fraction(3)})}
    )
    assert optimal_table(other) is None


def test_the_monte_carlo_under_the_table_contains_the_exact_edge_and_the_published_one() -> None:
    # Wizard of Odds, Casino Hold'em: 2.16 % of the Ante under optimal strategy, with the same
    # Ante table (100/20/10/3/2/1), a pair of 4s to qualify and a call of two Antes
    stored = stored_table()
    deals = 4_000_000
    found = play_rounds(optimal_table(load_profile()), deals, seed=31)
    mean = found.pair_sum / deals
    half = 1.96 * ((found.pair_sum2 / deals - mean * mean) / deals) ** 0.5
    assert -mean - half <= float(stored.edge) <= -mean + half
    assert round(100 * float(stored.edge), 2) == 2.16


def test_the_sheet_names_the_table_and_states_the_exact_figure() -> None:
    sheet = main_game(load_profile(), deals=20_000)
    assert f"strategy: {OPTIMAL_FLOP_STRATEGY}" in sheet["title"]
    assert f"{100 * float(stored_table().edge):.4f} % of the Ante" in sheet["title"]
