"""Pai Gow Poker's hands (spec 12): the joker, five aces, the wheel second, the low hand and
the setting rule, on the spec's worked examples."""

from __future__ import annotations

import pytest

from crupier.core.cards import JOKER, Card, cards, joker_deck
from crupier.core.poker import PaiGowCategory, rank_high, rank_low, set_correctly, settings

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
