"""The table-driven batch rankings against the scalar API: every three-card hand one by
one; every four-card and short-pack hand counted by category (the counts the scalar tests
derive from first principles and the specs) and random samples one by one; best-of rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from crupier.core.cards import Card
from crupier.core.poker import best4, best5_short, rank3, rank4, rank5_short, score
from crupier.core.poker.batch import card, every_hand
from crupier.core.poker.tables import score3_batch, score4_batch, score_short_batch

PACK = [card(i) for i in range(52)]


def _scalar(rows: npt.NDArray[Any], rank: Callable[[Sequence[Card]], Any]) -> list[int]:
    return [score(rank([PACK[i] for i in row])) for row in rows.tolist()]


def _sample(pack: npt.NDArray[np.uint8], size: int, n: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    picks = np.argsort(rng.random((n, len(pack))), axis=1)[:, :size]
    return pack[picks]


def test_every_three_card_hand() -> None:
    three = every_hand(3)
    assert score3_batch(three).tolist() == _scalar(three, rank3)


def test_every_four_card_hand_counted_and_a_sample_one_by_one() -> None:
    counts = np.bincount(score4_batch(every_hand(4)) >> 20, minlength=8).tolist()
    # test_poker_small: high card, pair, two pair, straight, flush, trips, straight flush, quads
    assert counts == [177_408, 82_368, 2_808, 2_772, 2_816, 2_496, 44, 13]
    rows = _sample(np.arange(52, dtype=np.uint8), 4, 20_000, seed=4)
    assert score4_batch(rows).tolist() == _scalar(rows, rank4)


@pytest.mark.parametrize(
    ("deck", "want"),
    [
        (32, [52_020, 107_520, 24_192, 10_752, 5_100, 1_344, 204, 224, 16, 4]),
        (28, [17_340, 53_760, 15_120, 6_720, 4_080, 1_008, 68, 168, 12, 4]),
    ],
)
def test_every_short_pack_hand_counted_and_samples(deck: int, want: list[int]) -> None:
    pack = np.arange(4 * ((7 if deck == 32 else 8) - 2), 52, dtype=np.uint8)
    hands = pack[every_hand(5, len(pack))]
    assert np.bincount(score_short_batch(hands, deck) >> 20, minlength=10).tolist() == want
    five = _sample(pack, 5, 5_000, seed=deck)
    assert score_short_batch(five, deck).tolist() == _scalar(five, lambda h: rank5_short(h, deck))
    seven = _sample(pack, 7, 300, seed=deck + 1)
    best = _scalar(seven, lambda h: best5_short(h, deck)[0])
    assert score_short_batch(seven, deck).tolist() == best


def test_best_four_of_five_and_six() -> None:
    for size in (5, 6):
        rows = _sample(np.arange(52, dtype=np.uint8), size, 1_000, seed=size)
        assert score4_batch(rows).tolist() == _scalar(rows, lambda h: best4(h)[0])


def test_bad_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="rows of 3"):
        score3_batch(np.zeros((2, 2), dtype=np.uint8))
    with pytest.raises(ValueError, match="no card below rank 8"):
        score_short_batch(np.array([[20, 24, 28, 32, 36, 40, 0]]), 28)
    with pytest.raises(ValueError, match="repeats"):
        score3_batch(np.array([[5, 5, 9]]))
