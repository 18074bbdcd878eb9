"""The short packs of circle poker (32 and 28 cards): every hand classified against the
spec's counts (common rules 23.VI), the flush above the full house, the ace-low straights."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from crupier.core.cards import Card, cards, standard_deck
from crupier.core.poker import ShortCategory, best5_short, rank5_short
from crupier.core.poker.five import high

SC = ShortCategory


def _pack(lowest: int) -> list[Card]:
    return [c for c in standard_deck() if high(c) >= lowest]


@pytest.mark.parametrize(
    ("deck", "want"),
    [
        # 23-circle-poker-common.md, "Our own counts of 5-card hands" (straight flush with royals).
        (32, {SC.STRAIGHT_FLUSH: 20, SC.FOUR_OF_A_KIND: 224, SC.FULL_HOUSE: 1_344, SC.FLUSH: 204,
              SC.STRAIGHT: 5_100, SC.THREE_OF_A_KIND: 10_752, SC.TWO_PAIR: 24_192,
              SC.PAIR: 107_520, SC.HIGH_CARD: 52_020}),
        (28, {SC.STRAIGHT_FLUSH: 16, SC.FOUR_OF_A_KIND: 168, SC.FULL_HOUSE: 1_008, SC.FLUSH: 68,
              SC.STRAIGHT: 4_080, SC.THREE_OF_A_KIND: 6_720, SC.TWO_PAIR: 15_120,
              SC.PAIR: 53_760, SC.HIGH_CARD: 17_340}),
    ],
)  # fmt: skip
def test_every_short_pack_hand_as_the_spec_counts(deck: int, want: dict[SC, int]) -> None:
    pack = _pack(7 if deck == 32 else 8)
    assert len(pack) == deck
    counts: Counter[SC] = Counter()
    for hand in combinations(pack, 5):
        category = rank5_short(hand, deck)[0]
        counts[SC.STRAIGHT_FLUSH if category is SC.ROYAL_FLUSH else category] += 1
    assert dict(counts) == want


def test_flush_beats_full_house_and_the_ace_low_straights() -> None:
    # 23.2.5 example 2: flush A-K-Q-J-9 beats full house K-K-K-9-9.
    assert rank5_short(cards("Qc Jc Ac Kc 9c"), 28) > rank5_short(cards("Kd Kh Kc 9c 9d"), 28)
    # 23.2.5 example 1: Ah 8c + Js Ts 9d is A-8-9-10-J, the lowest straight (top J).
    assert rank5_short(cards("Ah 8c Js Ts 9d"), 28) == (SC.STRAIGHT, (11,))
    assert rank5_short(cards("Ah 8c Js Ts 9d"), 28) < rank5_short(cards("8h 9c Js Ts Qd"), 28)
    # 32 cards: A-7-8-9-10 top card 10, below 7-8-9-10-J.
    assert rank5_short(cards("Ah 7c 8s 9s Td"), 32) == (SC.STRAIGHT, (10,))
    assert rank5_short(cards("Ah 7c 8s 9s Td"), 32) < rank5_short(cards("Jh 7c 8s 9s Td"), 32)
    # 23.2.5 example 4: Th 8d + 9c Jd Qh = 8-9-10-J-Q.
    assert best5_short(cards("Th 8d 9c Jd Qh"), 28)[0] == (SC.STRAIGHT, (12,))


def test_cards_outside_the_pack_and_other_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="no card below 8"):
        rank5_short(cards("Ah 7c 8s 9s Td"), 28)
    with pytest.raises(ValueError, match="32 or 28"):
        rank5_short(cards("Ah 7c 8s 9s Td"), 36)
