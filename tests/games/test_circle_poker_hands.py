"""The value of a circle-poker hand, two ways: the engine's ``hand_value`` (the evaluator's
bit-mask tables for hold'em, stud and the draw; a remembered key per rank pattern for Omaha
and the short packs) against the plain reading of the spec, every five the variant allows
ranked one by one by ``core.poker`` (``rank5``, ``rank5_short``) and the highest taken
(23.2.1-23.2.5, 23.VI)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from crupier.core.cards import Card
from crupier.core.poker import rank5, rank5_short
from crupier.games.circle_poker.engine import deck_of
from crupier.games.circle_poker.hands import HandKey, hand_value, showdown_values

HANDS = 400


def exhaustive(own: list[Card], board: list[Card], deck: int, own_cards: int | None) -> HandKey:
    """The best five by the spec's words: every allowed five ranked on its own."""
    if own_cards is None:
        fives = list(combinations([*own, *board], 5))
    else:
        fives = [
            (*mine, *common)
            for mine in combinations(own, own_cards)
            for common in combinations(board, 5 - own_cards)
        ]
    keys = [rank5(f) if deck == 52 else rank5_short(f, deck) for f in fives]
    category, ranks = max(keys)
    return int(category), ranks


# (pack, own cards, common cards, own cards a five must hold): hold'em, seven card stud at
# the showdown, five-card draw, five-card draw and five card stud on 32 cards, Omaha on the
# river and the flop, synthetic poker (28) at the end and on its third card
SHAPES = [
    (52, 2, 5, None),
    (52, 7, 0, None),
    (52, 5, 0, None),
    (32, 5, 0, None),
    (52, 4, 5, 2),
    (52, 4, 3, 2),
    (28, 2, 5, 2),
    (28, 2, 3, 2),
]


@pytest.mark.parametrize(("deck", "own_count", "board_count", "own_cards"), SHAPES)
def test_hand_value_is_the_best_five_the_variant_allows(
    deck: int, own_count: int, board_count: int, own_cards: int | None
) -> None:
    rng = random.Random(deck * 100 + own_count * 10 + board_count)
    pack = deck_of(deck)
    for _ in range(HANDS):
        cards = rng.sample(pack, own_count + board_count)
        own, board = cards[:own_count], cards[own_count:]
        assert hand_value(own, board, deck, own_cards) == exhaustive(own, board, deck, own_cards)


def test_a_card_named_twice_or_outside_the_pack_is_refused() -> None:
    pack = deck_of(52)
    with pytest.raises(ValueError):
        hand_value(pack[:2], [pack[0], *pack[10:14]], 52, own_cards=2)
    deuce = next(c for c in pack if c.rank.pips == 2)
    with pytest.raises(ValueError):
        hand_value([deuce, *deck_of(28)[:1]], deck_of(28)[5:10], 28, own_cards=2)


@pytest.mark.parametrize(("deck", "own_count", "board_count"), [(52, 4, 5), (52, 4, 3), (28, 2, 5)])
def test_showdown_values_are_each_hand_read_alone(
    deck: int, own_count: int, board_count: int
) -> None:
    # the board's part worked out once for every player changes no player's value: each is
    # the best five the variant allows, ranked one by one (Omaha two of four, synthetic both)
    rng = random.Random(deck + own_count + board_count)
    pack = deck_of(deck)
    for _ in range(HANDS // 8):
        cards = rng.sample(pack, board_count + 6 * own_count)
        board = cards[:board_count]
        owns = [cards[board_count + i * own_count :][:own_count] for i in range(6)]
        values = showdown_values(owns, board, deck, own_cards=2)
        assert values == [exhaustive(own, board, deck, 2) for own in owns]


def test_showdown_values_refuse_a_card_named_twice_or_outside_the_pack() -> None:
    pack = deck_of(52)
    board = pack[10:15]
    with pytest.raises(ValueError, match="named twice"):  # an own card that is on the board
        showdown_values([pack[:4], [pack[20], pack[21], pack[10], pack[22]]], board)
    with pytest.raises(ValueError, match="named twice"):  # the board names a card twice
        showdown_values([pack[:4]], [pack[10], *pack[10:14]])
    deuce = next(c for c in pack if c.rank.pips == 2)
    with pytest.raises(ValueError, match="no card below"):
        showdown_values([[deuce, deck_of(28)[0]]], deck_of(28)[5:10], 28)
    assert showdown_values([], [pack[10], *pack[10:14]]) == []  # no hand: nothing to value
