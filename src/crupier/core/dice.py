"""Dice: fair six-sided dice thrown from a random source.

>>> from crupier.core.rng import SeededSource
>>> d = roll(SeededSource(1), 3); len(d), all(1 <= x <= 6 for x in d)
(3, True)
>>> len(all_outcomes(2))
36
"""

from __future__ import annotations

from itertools import product

from crupier.core.rng import RandomSource

FACES = (1, 2, 3, 4, 5, 6)


def roll(source: RandomSource, count: int) -> tuple[int, ...]:
    """Throw ``count`` dice (one draw below 6 a die, in order)."""
    if count == 2:  # the pair of craps, thrown every round: no generator
        return (1 + source.randbelow(6), 1 + source.randbelow(6))
    return tuple(1 + source.randbelow(6) for _ in range(count))


def all_outcomes(count: int) -> list[tuple[int, ...]]:
    """Every ordered outcome of ``count`` dice (6**count of them, equally likely)."""
    return list(product(FACES, repeat=count))


def check_dice(dice: object, count: int) -> tuple[int, ...]:
    """Return ``dice`` as a tuple if it is ``count`` faces 1-6, else raise ``ValueError``."""
    if not isinstance(dice, (tuple, list)) or len(dice) != count:
        raise ValueError(f"{dice!r} is not {count} dice")
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"{dice!r}: each die shows 1 to 6")
    return tuple(dice)
