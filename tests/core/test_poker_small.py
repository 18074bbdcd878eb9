"""Three- and four-card rankings (specs 15 and 18): every hand of C(52,3) and C(52,4)
classified, counts from the spec's table and from first principles; orders and best-of."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from crupier.core.cards import cards, standard_deck
from crupier.core.poker import Category3, Category4, best4, rank3, rank4
from crupier.core.poker.five import high
from crupier.core.poker.small import rank3_values, rank4_values


def _deck() -> list[tuple[int, str]]:
    return [(high(c), c.suit.value) for c in standard_deck()]


def test_every_three_card_hand_as_spec_15_counts() -> None:
    counts: Counter[Category3] = Counter()
    for hand in combinations(_deck(), 3):
        counts[rank3_values([r for r, _ in hand], len({s for _, s in hand}) == 1)[0]] += 1
    # spec 15, "Hand ranking (3 cards)": of C(52,3) = 22,100 hands.
    assert dict(counts) == {
        Category3.STRAIGHT_FLUSH: 48,
        Category3.THREE_OF_A_KIND: 52,
        Category3.STRAIGHT: 720,
        Category3.FLUSH: 1_096,
        Category3.PAIR: 3_744,
        Category3.HIGH_CARD: 16_440,
    }


def test_every_four_card_hand_as_combinatorics_counts() -> None:
    counts: Counter[Category4] = Counter()
    for hand in combinations(_deck(), 4):
        counts[rank4_values([r for r, _ in hand], len({s for _, s in hand}) == 1)[0]] += 1
    runs = 11  # A-2-3-4 to J-Q-K-A
    want = {
        Category4.FOUR_OF_A_KIND: 13,
        Category4.STRAIGHT_FLUSH: 4 * runs,
        Category4.THREE_OF_A_KIND: 13 * comb(4, 3) * 48,
        Category4.FLUSH: 4 * comb(13, 4) - 4 * runs,
        Category4.STRAIGHT: runs * 4**4 - 4 * runs,
        Category4.TWO_PAIR: comb(13, 2) * comb(4, 2) ** 2,
        Category4.PAIR: 13 * comb(4, 2) * comb(12, 2) * 4**2,
        Category4.HIGH_CARD: (comb(13, 4) - runs) * (4**4 - 4),
    }
    assert sum(want.values()) == comb(52, 4)
    assert dict(counts) == want


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2h 3h 4h", "Ac Ad As"),  # straight flush above three of a kind (spec 15)
        ("Ac Ad As", "Qc Kd Ah"),  # trips above a straight
        ("4c 3d 2h", "Ac 2d 3h"),  # A-2-3 is the lowest straight
        ("Qc Kd Ah", "Jc Qd Kh"),  # A-K-Q is the highest
        ("2c 3d 4h", "Ac Kc 9c"),  # straight above flush
        ("2c 5c 7c", "Ac Ad Kh"),  # flush above pair
        ("9c 9d 3h", "9h 9s 2c"),  # pair, then the third card
    ],
)
def test_three_card_order(better: str, worse: str) -> None:
    assert rank3(cards(better)) > rank3(cards(worse))


def test_three_card_wrap_around_is_no_straight_and_equal_hands_tie() -> None:
    assert rank3(cards("Kc Ad 2h"))[0] is Category3.HIGH_CARD
    assert rank3(cards("Ac Kd 9h")) == rank3(cards("As Kh 9c"))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 2d 2h 2s", "Ah Kh Qh Jh"),  # four of a kind above straight flush (spec 18)
        ("Ah 2h 3h 4h", "Ac Ad As Kc"),  # straight flush above trips
        ("2c 5c 9c Jc", "Ad Kh Qc Js"),  # flush above straight
        ("Ad Kh Qc Js", "Kc Kd Qs Qh"),  # straight above two pair
        ("5c 4d 3h 2s", "Ac 2d 3h 4s"),  # A-2-3-4 the lowest straight
    ],
)
def test_four_card_order(better: str, worse: str) -> None:
    assert rank4(cards(better)) > rank4(cards(worse))


def test_best_four_as_spec_18_examples() -> None:
    # Spec 18, hand choice: K-K-K-2-2 plays as three of a kind (above K-K-2-2).
    assert best4(cards("Kc Kd Kh 2s 2c"))[0] == (Category4.THREE_OF_A_KIND, (13, 2))
    # Example 4: the dealer's six Kd Kh Qc 8s 5d 3h play K-K-Q-8.
    key, four = best4(cards("Kd Kh Qc 8s 5d 3h"))
    assert key == (Category4.PAIR, (13, 12, 8)) and len(four) == 4
    # Example 1: As Ah Kd 7c 2s -> A-A-K-7.
    assert best4(cards("As Ah Kd 7c 2s"))[0] == (Category4.PAIR, (14, 13, 7))


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="three-card hand is 3 different cards"):
        rank3(cards("Ah Ah Kd"))
    with pytest.raises(ValueError, match="four-card hand"):
        rank4(cards("Ah Kd Qc"))
    with pytest.raises(ValueError):
        best4(cards("Ah Kd Qc"))
