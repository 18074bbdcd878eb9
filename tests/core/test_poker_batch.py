"""The batch evaluator against first principles, the published counts, the scalar API and
the peer libraries: every five-, six- and seven-card hand counted; the order of all
2,598,960 five-card hands frozen as a hash that eval7 derives independently; pokerkit and
treys agree hand by hand on random five- and seven-card samples."""

from __future__ import annotations

import hashlib
from itertools import pairwise

import eval7
import numpy as np
import numpy.typing as npt
import pytest
import treys
from pokerkit import StandardHighHand

from crupier.core.cards import JOKER
from crupier.core.poker import Category, best5, best_key, score, score_best
from crupier.core.poker.batch import card, category_counts, every_hand, score_batch
from crupier.core.poker.five import rank_values

C = Category

#: The order of the 2,598,960 five-card hands: each hand's class, 1 (royal flush) to 7,462
#: (7-5-4-3-2), in the order of ``every_hand(5)``, as little-endian uint16, hashed. The test
#: below derives the same digest from eval7's ranking.
FIVE_CARD_ORDER_SHA256 = "af14c746cc10125be8d2b9eac27f2f5ebeb464d28756f0a2c0f5ffe5192746fc"


def _classes(values: npt.NDArray[np.int64]) -> npt.NDArray[np.uint16]:
    """Dense classes of ``values``, 1 for the highest."""
    _, inverse = np.unique(-values, return_inverse=True)
    return (inverse + 1).astype("<u2")


def _digest(classes: npt.NDArray[np.uint16]) -> str:
    return hashlib.sha256(classes.tobytes()).hexdigest()


@pytest.fixture(scope="module")
def five() -> npt.NDArray[np.uint8]:
    return every_hand(5)


@pytest.fixture(scope="module")
def five_scores(five: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    return score_batch(five)


def test_published_counts_of_every_six_and_seven_card_hand() -> None:
    # The best five of six and of seven: the standard published tables (the straight flush
    # count without the royal flushes; C(52,6) = 20,358,520, C(52,7) = 133,784,560).
    six = {C.ROYAL_FLUSH: 188, C.STRAIGHT_FLUSH: 1_656, C.FOUR_OF_A_KIND: 14_664,
           C.FULL_HOUSE: 165_984, C.FLUSH: 205_792, C.STRAIGHT: 361_620,
           C.THREE_OF_A_KIND: 732_160, C.TWO_PAIR: 2_532_816, C.PAIR: 9_730_740,
           C.HIGH_CARD: 6_612_900}  # fmt: skip
    seven = {C.ROYAL_FLUSH: 4_324, C.STRAIGHT_FLUSH: 37_260, C.FOUR_OF_A_KIND: 224_848,
             C.FULL_HOUSE: 3_473_184, C.FLUSH: 4_047_644, C.STRAIGHT: 6_180_020,
             C.THREE_OF_A_KIND: 6_461_620, C.TWO_PAIR: 31_433_400, C.PAIR: 58_627_800,
             C.HIGH_CARD: 23_294_460}  # fmt: skip
    assert sum(six.values()) == 20_358_520 and sum(seven.values()) == 133_784_560
    assert dict(zip(C, category_counts(6).tolist(), strict=True)) == six
    assert dict(zip(C, category_counts(7).tolist(), strict=True)) == seven


def test_five_card_counts_as_combinatorics(five_scores: npt.NDArray[np.int32]) -> None:
    got = np.bincount(five_scores >> 20, minlength=10).tolist()
    assert got == category_counts(5).tolist()
    assert got == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]


def test_every_five_card_hand_scores_as_the_scalar_api(
    five: npt.NDArray[np.uint8], five_scores: npt.NDArray[np.int32]
) -> None:
    # The scalar ranking depends on the sorted ranks and on the flush: evaluate it once per
    # such pattern (7,462 + flush variants) and spread it over the 2,598,960 hands.
    ranks = np.sort(five // 4 + 2, axis=1)[:, ::-1].astype(np.int64)
    flush = (five % 4 == five[:, :1] % 4).all(axis=1)
    pattern = ranks @ (16 ** np.arange(4, -1, -1)) * 2 + flush
    unique, inverse = np.unique(pattern, return_inverse=True)
    scalar = np.array(
        [
            score(rank_values([(p >> (1 + 4 * k)) & 15 for k in range(5)], bool(p & 1)))
            for p in unique
        ]
    )
    assert np.array_equal(scalar[inverse], five_scores)


def test_the_order_of_every_five_card_hand_is_frozen_and_eval7s(
    five: npt.NDArray[np.uint8], five_scores: npt.NDArray[np.int32]
) -> None:
    ours = _classes(five_scores.astype(np.int64))
    assert int(ours.max()) == 7_462  # the distinct five-card values
    assert _digest(ours) == FIVE_CARD_ORDER_SHA256
    pack = [eval7.Card(str(card(i))) for i in range(52)]
    theirs = np.fromiter(
        (eval7.evaluate([pack[i] for i in row]) for row in five.tolist()),
        dtype=np.int64,
        count=len(five),
    )
    assert _digest(_classes(theirs)) == FIVE_CARD_ORDER_SHA256


def _random_hands(size: int, n: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


@pytest.mark.parametrize(("size", "n"), [(5, 20_000), (7, 1_500)])
def test_pokerkit_orders_random_hands_as_we_do(size: int, n: int) -> None:
    hands = _random_hands(size, n, seed=size)
    ours = score_batch(hands)
    theirs = []
    for row, value in zip(hands.tolist(), ours.tolist(), strict=True):
        text = "".join(str(card(i)) for i in row)
        hand = (
            StandardHighHand(text) if size == 5 else StandardHighHand.from_game(text[:4], text[4:])
        )
        theirs.append((hand, value))
    theirs.sort(key=lambda hv: hv[0])
    for (a, x), (b, y) in pairwise(theirs):
        assert (a < b) == (x < y) and (a == b) == (x == y)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_treys_ranks_random_hands_as_we_do(five_scores: npt.NDArray[np.int32], size: int) -> None:
    classes = np.unique(five_scores)[::-1]  # class 1 (treys' best) first
    hands = _random_hands(size, 20_000, seed=10 + size)
    ours = np.searchsorted(-classes, -score_batch(hands)) + 1
    evaluator = treys.Evaluator()
    pack = [treys.Card.new(str(card(i))) for i in range(52)]
    theirs = [evaluator.evaluate([pack[i] for i in row[:2]], [pack[i] for i in row[2:]])
              for row in hands.tolist()]  # fmt: skip
    assert ours.tolist() == theirs


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_and_bit_mask_scalar_equal_best5_on_a_sample(size: int) -> None:
    hands = _random_hands(size, 2_000, seed=size)
    got = score_batch(hands)
    for row, value in zip(hands.tolist(), got.tolist(), strict=True):
        cards_ = [card(i) for i in row]
        key = best5(cards_)[0]
        assert score(key) == value == score_best(cards_) and best_key(cards_) == key


def test_the_bit_mask_scalar_refuses_bad_hands() -> None:
    with pytest.raises(ValueError, match="five to seven different"):
        score_best([card(0), card(0), card(1), card(2), card(3)])
    with pytest.raises(ValueError, match="five to seven"):
        score_best([card(i) for i in range(4)])
    with pytest.raises(ValueError, match="52-card pack"):
        score_best([*(card(i) for i in range(4)), JOKER])


def test_bad_batches_are_refused() -> None:
    with pytest.raises(ValueError, match="five to seven"):
        score_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="0 to 51"):
        score_batch(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(ValueError, match="five to seven"):
        category_counts(8)
