"""The five-card ranking: every one of the 2,598,960 hands classified, counts from first
principles; ordering within categories; the best five of six."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from crupier.core.cards import cards, standard_deck
from crupier.core.poker import Category, best5, high, rank5, rank_values


def test_every_five_card_hand_is_classified_as_combinatorics_counts() -> None:
    deck = [(high(c), c.suit) for c in standard_deck()]
    counts: Counter[Category] = Counter()
    for hand in combinations(deck, 5):
        ranks = [r for r, _ in hand]
        flush = hand[0][1] == hand[1][1] == hand[2][1] == hand[3][1] == hand[4][1]
        counts[rank_values(ranks, flush)[0]] += 1
    straights_by_rank = 10  # A-5 to T-A
    want = {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 4 * (straights_by_rank - 1),
        Category.FOUR_OF_A_KIND: 13 * 48,
        Category.FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),
        Category.FLUSH: 4 * comb(13, 5) - 4 * straights_by_rank,
        Category.STRAIGHT: straights_by_rank * 4**5 - 4 * straights_by_rank,
        Category.THREE_OF_A_KIND: 13 * comb(4, 3) * comb(12, 2) * 4**2,
        Category.TWO_PAIR: comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        Category.PAIR: 13 * comb(4, 2) * comb(12, 3) * 4**3,
        Category.HIGH_CARD: (comb(13, 5) - straights_by_rank) * (4**5 - 4),
    }
    assert sum(want.values()) == comb(52, 5) == 2_598_960
    assert dict(counts) == want


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Ad 2c 3c 4s", "Kh Kd Qc Jc 9s"),  # higher pair
        ("Qh Qd Jc Js 2s", "Qc Qs Tc Ts As"),  # second pair breaks the tie
        ("2h 3h 4h 5h 6h", "Ah 2d 3h 4h 5h"),  # six-high straight flush beats the wheel
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),  # six-high straight beats the wheel
        ("Ac Kc 9c 5c 3c", "Ad Kd 9d 5d 2d"),  # flush by the last card
        ("3c 3d 3h 2s 2c", "2h 2d 2s As Ac"),  # full house by the trips
    ],
)
def test_ordering_within_and_across_categories(better: str, worse: str) -> None:
    assert rank5(cards(better)) > rank5(cards(worse))


def test_best_five_of_six_and_bad_input() -> None:
    key, five = best5(cards("Th 6d 9s 7c 8h 2d"))
    assert key == (Category.STRAIGHT, (10,)) and len(five) == 5
    with pytest.raises(ValueError):
        rank5(cards("Ah Ah Kd Qc Js"))
    assert rank5(cards("5c 4d 3h 2s As"), wheel=False)[0] is Category.HIGH_CARD
