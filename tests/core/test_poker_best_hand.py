"""The bit-mask best hand (key and five cards, in one pass) against the exhaustive
search of :func:`~crupier.core.poker.best5`: the same key and the same five cards, on
random hands and on the shapes where several fives share the best key."""

from __future__ import annotations

import pytest

from crupier.core.cards import JOKER, cards, standard_deck
from crupier.core.poker import Category, best5
from crupier.core.poker.masks import best_hand
from crupier.core.rng import SeededSource, shuffle


@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_hand_equals_the_exhaustive_search_on_random_hands(size: int) -> None:
    source = SeededSource(size)
    deck = standard_deck()
    for _ in range(3_000):
        shuffle(deck, source)
        hand = deck[:size]
        assert best_hand(hand) == best5(hand)


@pytest.mark.parametrize(
    ("hand", "category", "five"),
    [
        # the ace-low straight flush among seven suited-heavy cards, an ace of another suit
        ("Ad 5h 4h 3h 2h Ah 9c", Category.STRAIGHT_FLUSH, "5h 4h 3h 2h Ah"),
        ("Th Jh Qh Kh Ah 9h 8h", Category.ROYAL_FLUSH, "Th Jh Qh Kh Ah"),
        # six of a suit: the five highest make the flush
        ("2s 9s Js 4s Ks 7s Ad", Category.FLUSH, "9s Js 4s Ks 7s"),
        # a straight with a rank held twice: the first of the two in the hand
        ("9c 8d 9h 7s 6c 5d Kh", Category.STRAIGHT, "9c 8d 7s 6c 5d"),
        ("5d Ac 4h 3s 2c As Kd", Category.STRAIGHT, "5d Ac 4h 3s 2c"),
        # three pairs: the two highest and the best kicker (the third pair's rank)
        ("4c 4d Qh Qs 9c 9d 2h", Category.TWO_PAIR, "4c Qh Qs 9c 9d"),
        # two threes: the full house takes three of the higher and two of the lower
        ("7c 7d 7h 3s 3c 3d Kh", Category.FULL_HOUSE, "7c 7d 7h 3s 3c"),
        ("Kc Kd Kh Ks 9c 9d Qh", Category.FOUR_OF_A_KIND, "Kc Kd Kh Ks Qh"),
        ("Kc 2d 7h 9s Jc 4d 3h", Category.HIGH_CARD, "Kc 7h 9s Jc 4d"),
    ],
)
def test_best_hand_where_several_fives_tie(hand: str, category: Category, five: str) -> None:
    key, chosen = best_hand(cards(hand))
    assert key[0] is category
    assert " ".join(map(str, chosen)) == five
    assert (key, chosen) == best5(cards(hand))


def test_best_hand_refuses_what_is_not_five_to_seven_cards_of_the_pack() -> None:
    with pytest.raises(ValueError, match="five to seven"):
        best_hand(cards("Ah Kh Qh Jh"))
    with pytest.raises(ValueError, match="52-card pack"):
        best_hand([*cards("Ah Kh Qh Jh"), JOKER])
