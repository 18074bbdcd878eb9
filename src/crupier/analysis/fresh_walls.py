"""Fresh walls for the Monte Carlo kernels: Mahjong Pai Gow (spec 17) dealt tile by tile, as
at the table.

The PAR model of Mahjong Pai Gow settles a player position's four bets on the distribution of
(the position's two tiles, the bank's two tiles) from a full set
(:func:`~crupier.games.mahjong_pai_gow.par.deal_distribution`). This module deals the set
instead: numba mixes the 40 tiles into a wall per set (a Fisher-Yates shuffle over numpy
uniforms), and each of the set's rounds throws three dice, whose sum names the position
served first (the engine's rule, :func:`~crupier.games.mahjong_pai_gow.tiles.first_position`:
``(sum - 1) mod 4``, 0 the bank), and gives the round's four stacks of two tiles
counter-clockwise from it. Nothing is settled here: each round's (1st position's hand, bank's
hand) is mapped onto the PAR model's outcomes, so the compiled bet tables settle it
(:mod:`crupier.analysis.simulate`).

The estimate takes the rounds in which every bet is accepted (Tie and Pair are closed from
``rules.side_bets_closed_from``, the 4th round of a set): the set's later rounds are dealt
(they use their tiles) but not counted. The rounds of one set are dependent, as the coups of a
shoe are; each has the PAR model's distribution (by symmetry, spec 17).

A test deals the same sets through this kernel and through the engine (each round's dice and
tiles entered at a live table) and compares every settlement.

>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("mahjong-pai-gow")
>>> (space,) = compile_game("mahjong-pai-gow", profile)
>>> rounds = mahjong_rounds(space, profile, np.random.default_rng(1), 1_000)
>>> rounds.shape, int(rounds.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from crupier.analysis.simulate import OutcomeSpace, _jit

PLAYER_POSITION = 1
"""The player position whose bets the PAR model settles (every position alike): the 1st."""


@dataclass(frozen=True)
class DealtSets:
    """Sets dealt by the kernel: per round its set's round number (1 to ``rounds_per_set``),
    the three dice, the eight tiles in the order dealt (the first stack to the position the
    dice name, then counter-clockwise) and the 1st position's and the bank's hands (each
    sorted, tile values 1 to 10)."""

    set_round: npt.NDArray[np.int32]
    dice: npt.NDArray[np.int32]
    tiles: npt.NDArray[np.int32]
    hands: npt.NDArray[np.int32]


def _mahjong_block_py(
    u: npt.NDArray[np.float64],
    dice: npt.NDArray[np.int32],
    wall: npt.NDArray[np.int32],
    rounds_per_set: int,
    tiles: npt.NDArray[np.int32],
    hands: npt.NDArray[np.int32],
) -> None:
    """Mix ``wall`` once per row of uniforms (a full Fisher-Yates shuffle, carried from set to
    set) and deal the set's rounds: round ``r`` of set ``s`` is row ``s * rounds_per_set + r``
    of ``dice``, ``tiles`` (its eight tiles, stack by stack from the wall) and ``hands`` (the
    1st position's two tiles, then the bank's, each sorted). Compiled by numba."""
    n = wall.shape[0]
    for s in range(u.shape[0]):
        for i in range(n - 1):
            j = i + int(u[s, i] * (n - i))
            wall[i], wall[j] = wall[j], wall[i]
        for r in range(rounds_per_set):
            k = s * rounds_per_set + r
            first = (dice[k, 0] + dice[k, 1] + dice[k, 2] - 1) % 4
            for t in range(8):
                tiles[k, t] = wall[8 * r + t]
            for h in range(2):
                position = 1 - h  # the 1st position, then the bank (0)
                stack = (position - first) % 4
                a = tiles[k, 2 * stack]
                b = tiles[k, 2 * stack + 1]
                hands[k, 2 * h] = min(a, b)
                hands[k, 2 * h + 1] = max(a, b)


_mahjong_block = cast(Callable[..., None], _jit(_mahjong_block_py))


def deal_sets(profile: Any, rng: np.random.Generator, sets: int) -> DealtSets:
    """``sets`` freshly mixed sets of tiles, every round of each dealt (see :class:`DealtSets`).

    >>> from crupier.games import load_profile
    >>> dealt = deal_sets(load_profile("mahjong-pai-gow"), np.random.default_rng(3), 2)
    >>> dealt.tiles.shape, sorted(np.bincount(dealt.tiles[:5].ravel()).tolist())[-1] <= 4
    ((10, 8), True)
    """
    from crupier.games.mahjong_pai_gow.tiles import VALUES

    rules = profile.rules
    wall = np.array([v for v in VALUES for _ in range(rules.tiles_per_value)], dtype=np.int32)
    rounds = sets * rules.rounds_per_set
    dice = rng.integers(1, 7, size=(rounds, 3)).astype(np.int32)
    tiles = np.empty((rounds, 8), dtype=np.int32)
    hands = np.empty((rounds, 4), dtype=np.int32)
    _mahjong_block(rng.random((sets, wall.shape[0])), dice, wall, rules.rounds_per_set, tiles,
                   hands)  # fmt: skip
    set_round = np.tile(np.arange(1, rules.rounds_per_set + 1, dtype=np.int32), sets)
    return DealtSets(set_round, dice, tiles, hands)


def mahjong_outcome_index(space: OutcomeSpace) -> npt.NDArray[np.int32]:
    """``map[a, b, c, d]``: the index in ``space`` of the outcome (position ``a``-``b``, bank
    ``c``-``d``), each hand sorted; -1 where the PAR model has no such outcome."""
    table = np.full((11, 11, 11, 11), -1, dtype=np.int32)
    for i, ((a, b), (c, d)) in enumerate(space.outcomes):
        table[a, b, c, d] = i
    return table


def counted_rounds(profile: Any) -> int:
    """The rounds of a set the estimate counts: those in which every bet is accepted (all of
    them where Tie and Pair are never open).

    >>> from crupier.games import load_profile
    >>> counted_rounds(load_profile("mahjong-pai-gow"))
    3
    """
    rules = profile.rules
    open_rounds: int = rules.side_bets_closed_from - 1
    return open_rounds or int(rules.rounds_per_set)


def mahjong_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds from freshly mixed sets (the rounds in which every bet is accepted),
    as indices into ``space``'s outcomes."""
    per_set = counted_rounds(profile)
    dealt = deal_sets(profile, rng, -(-size // per_set))
    hands = dealt.hands[dealt.set_round <= per_set][:size]
    found: npt.NDArray[np.int32] = mahjong_outcome_index(space)[
        hands[:, 0], hands[:, 1], hands[:, 2], hands[:, 3]
    ]
    if found.size and int(found.min()) < 0:  # a deal the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found


__all__ = [
    "PLAYER_POSITION",
    "DealtSets",
    "counted_rounds",
    "deal_sets",
    "mahjong_outcome_index",
    "mahjong_rounds",
]
