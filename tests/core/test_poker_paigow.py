"""Pai Gow Poker's hands (spec 12): the joker, five aces, the wheel second, the low hand and
the setting rule, on the spec's worked examples."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from crupier.core.cards import JOKER, Card, cards, joker_deck
from crupier.core.poker import (
    Category,
    PaiGowCategory,
    rank_high,
    rank_low,
    set_correctly,
    settings,
)
from crupier.core.poker.batch import card, category_counts, every_hand, score_batch

C = Category
PG = PaiGowCategory


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("As Ad Ah Ac JK", "Ts Js Qs Ks As"),  # five aces above the royal flush
        ("Ts Js Qs Ks As", "As 2s 3s 4s 5s"),  # royal, then the wheel straight flush
        ("As 2s 3s 4s 5s", "Ks Qs Js Ts 9s"),  # wheel straight flush second
        ("As 2d 3h 4c 5s", "Ks Qd Jh Tc 9s"),  # example 12: the wheel above K-high
        ("Ad Kc Qh Js Tc", "As 2d 3h 4c 5s"),  # A-high straight above the wheel
        ("Qh Jc Ts 9d 8c", "6s 5d 4h 3c 2s"),  # below: the other straights by their top card
        ("8s 8d Kh 9c 5s", "7s 7d Td 9d 4s"),  # example 9: pair of 8s above pair of 7s
        ("Qh Qc 7s 4d 3s", "Qs Qd 7h 4c 2s"),  # example 11: kicker 3 above 2
        ("7s 7d 7h 4c 4s", "Qs Qh Jd 3c 3h"),  # full house above two pair (example 14's bank)
    ],
)
def test_high_hand_order(better: str, worse: str) -> None:
    assert rank_high(cards(better)) > rank_high(cards(worse))


@pytest.mark.parametrize(
    ("hand", "want"),
    [
        ("As Ad Ah Ac JK", (PG.FIVE_ACES, (14,))),
        ("As Ad JK 9s 4d", (PG.THREE_OF_A_KIND, (14, 9, 4))),  # the joker as an ace
        ("Kc Kd JK 7s 2h", (PG.PAIR, (13, 14, 7, 2))),
        ("9s Ts Js Qs JK", (PG.STRAIGHT_FLUSH, (13, 12))),  # the king completes it
        ("Ts Js Qs Ks JK", (PG.ROYAL_FLUSH, (14, 13))),
        ("Kh 9h 7h 4h JK", (PG.FLUSH, (14, 13, 9, 7, 4))),  # highest missing card of the suit
        ("Ah 9h 7h 4h JK", (PG.FLUSH, (14, 13, 9, 7, 4))),  # ace held: the king completes
        ("8c 9d Tc Jh JK", (PG.STRAIGHT, (12, 11))),  # the joker as the queen, not the 7
        ("2c 3d 4c 5h JK", (PG.STRAIGHT, (14, 5))),  # as an ace: the wheel, second highest
        ("Kc Qd Jc Th JK", (PG.STRAIGHT, (14, 13))),
        ("9c 9d 9h 9s JK", (PG.FOUR_OF_A_KIND, (9, 14))),  # no five nines: the ace kicker
        ("Kc Kd Kh 2s JK", (PG.THREE_OF_A_KIND, (13, 14, 2))),  # not four kings
    ],
)
def test_the_joker_is_an_ace_or_completes_a_straight_or_flush(
    hand: str, want: tuple[PG, tuple[int, ...]]
) -> None:
    assert rank_high(cards(hand)) == want


def test_low_hand() -> None:
    assert rank_low(cards("JK Ah")) == (PG.PAIR, (14,))  # the joker an ace: a pair of aces
    assert rank_low(cards("2c 2d")) > rank_low(cards("Ac Kd"))  # any pair above no pair
    assert rank_low(cards("Ac Kd")) > rank_low(cards("Ac Qd")) > rank_low(cards("Kc Qd"))
    assert rank_low(cards("Kc Jd")) == rank_low(cards("Kd Js"))  # example 11's copy
    assert rank_low(cards("3c 2d")) == (PG.HIGH_CARD, (3, 2))


def test_setting_rule() -> None:
    # Example 13: pair of kings high, pair of aces low: a foul.
    assert not set_correctly(cards("Ks Kd 4h 3c 2s"), cards("As Ad"))
    # Equal top cards: the five-card hand counts as higher.
    assert set_correctly(cards("Ks Qd 4h 3c 2s"), cards("Kc Qh"))
    assert set_correctly(cards("9s 9d 4h 3c 2s"), cards("9c 9h"))
    assert not set_correctly(cards("Ks Jd 4h 3c 2s"), cards("Kc Qh"))
    assert set_correctly(cards("As 2d 3h 4c 5s"), cards("9d 9c"))  # example 12: straight high
    assert set_correctly(cards("As Ad Ah Ac JK"), cards("Kd Kc"))  # example 14
    with pytest.raises(ValueError, match="seven different cards"):
        set_correctly(cards("As Ad Ah Ac JK"), cards("As Kc"))


def test_settings_are_the_correct_ones_of_21() -> None:
    seven = cards("As Kd 9h 7c 5s 4d 2c")
    got = settings(seven)
    assert len(got) == 15  # the six low hands holding the ace outrank every high hand left
    assert all(Card.parse("As") not in low for _, low in got)
    assert len(settings([*cards("As Ad Ah Ac Kd Kc"), JOKER])) == 21  # five aces: none fouls


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="5 different cards"):
        rank_high(cards("As Ad Ah Ac"))
    with pytest.raises(ValueError, match="2 different cards"):
        rank_low(cards("JK JK"))
    assert len(set(joker_deck())) == 53


def test_every_hand_of_the_53_card_pack_by_the_jokers_definition() -> None:
    """C(53,5): the 2,598,960 hands without the joker rank as in the 52-card pack (checked
    hand by hand in test_poker_batch); the 270,725 with it are derived here from the rule's
    words by brute force: try the joker as each card the four do not hold, keep the
    substitutes that are an ace or that make a straight or a flush (a straight flush), take
    the best; four aces and the joker are five aces. The scalar :func:`rank_high` must agree
    on every one of them."""
    four = every_hand(4)
    n = len(four)
    held = np.zeros((n, 52), dtype=bool)
    held[np.arange(n)[:, None], four] = True
    rows, sub = np.repeat(np.arange(n), 52), np.tile(np.arange(52, dtype=np.uint8), n)
    free = ~held[rows, sub]
    rows, sub = rows[free], sub[free]
    category = score_batch(np.concatenate([four[rows], sub[:, None]], axis=1)) >> 20
    runs_or_flushes = [C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH]
    allowed = (sub // 4 == 12) | np.isin(category, runs_or_flushes)
    best = np.full(n, -1, dtype=np.int64)
    np.maximum.at(best, rows[allowed], category[allowed])
    best[(four // 4 == 12).all(axis=1)] = PG.FIVE_ACES
    # the scalar API, once per pattern it depends on (the four ranks, one suit or not)
    ranks = np.sort(four // 4, axis=1).astype(np.int64)
    pattern = ranks @ (16 ** np.arange(4)) * 2 + (four % 4 == four[:, :1] % 4).all(axis=1)
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    scalar = np.array([rank_high([*(card(int(i)) for i in four[j]), JOKER])[0] for j in first])
    assert np.array_equal(scalar[inverse], best)
    with_joker = np.bincount(best, minlength=11)
    without = np.append(category_counts(5), 0)
    counts = dict(zip(PG, (with_joker + without).tolist(), strict=True))
    assert sum(counts.values()) == comb(53, 5)
    assert counts == {
        PG.FIVE_ACES: 1, PG.ROYAL_FLUSH: 24, PG.STRAIGHT_FLUSH: 180, PG.FOUR_OF_A_KIND: 828,
        PG.FULL_HOUSE: 4_368, PG.FLUSH: 7_804, PG.STRAIGHT: 20_532, PG.THREE_OF_A_KIND: 63_360,
        PG.TWO_PAIR: 138_600, PG.PAIR: 1_215_024, PG.HIGH_CARD: 1_418_964,
    }  # fmt: skip
