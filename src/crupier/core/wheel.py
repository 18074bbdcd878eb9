"""The single-zero roulette wheel and the boule bowl.

Colours follow the seed rule (spec 01, Equipment 3): a number whose digit sum is
even is black, 10 and 29 are black too, and 19 is red. The wheel order is the
standard single-zero sequence (a DEFAULT of spec 01, used only for display and
for the announced bets, never for settlement).

>>> colour(19), colour(10), colour(0)
(<Colour.RED: 'red'>, <Colour.BLACK: 'black'>, <Colour.GREEN: 'green'>)
>>> neighbours(0, 2)
(3, 26, 0, 32, 15)
>>> BOULE_COLOURS[5]
<Colour.YELLOW: 'yellow'>
>>> from crupier.core.rng import SeededSource
>>> 0 <= spin(SeededSource(3)) <= 36
True
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Final

from crupier.core.rng import RandomSource


class Colour(StrEnum):
    """Pocket colours."""

    RED = "red"
    BLACK = "black"
    GREEN = "green"
    YELLOW = "yellow"


def _seed_colour(n: int) -> Colour:
    if n == 0:
        return Colour.GREEN
    if n == 19:
        return Colour.RED
    if n in (10, 29) or sum(int(d) for d in str(n)) % 2 == 0:
        return Colour.BLACK
    return Colour.RED


SINGLE_ZERO_ORDER: Final[tuple[int, ...]] = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)  # fmt: skip
"""The pockets clockwise from 0 (spec 01, Equipment 5, DEFAULT)."""

ROULETTE_COLOURS: Final = MappingProxyType({n: _seed_colour(n) for n in range(37)})
RED: Final[frozenset[int]] = frozenset(n for n, c in ROULETTE_COLOURS.items() if c is Colour.RED)
BLACK: Final[frozenset[int]] = frozenset(
    n for n, c in ROULETTE_COLOURS.items() if c is Colour.BLACK
)


def colour(n: int) -> Colour:
    """The colour of roulette pocket ``n``."""
    return ROULETTE_COLOURS[n]


def neighbours(n: int, k: int) -> tuple[int, ...]:
    """Pocket ``n`` and ``k`` pockets each side of it, in wheel order."""
    i = SINGLE_ZERO_ORDER.index(n)
    size = len(SINGLE_ZERO_ORDER)
    return tuple(SINGLE_ZERO_ORDER[(i + d) % size] for d in range(-k, k + 1))


def spin(source: RandomSource) -> int:
    """Draw the pocket where the ball comes to rest (37 pockets, equally likely)."""
    return SINGLE_ZERO_ORDER[source.randbelow(len(SINGLE_ZERO_ORDER))]


BOULE_HOLES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7, 8, 9) * 2
"""18 holes, each number 1-9 twice (spec 04, Equipment 2, DEFAULT arrangement)."""

BOULE_COLOURS: Final = MappingProxyType(
    {
        **{n: Colour.BLACK for n in (1, 3, 6, 8)},
        **{n: Colour.RED for n in (2, 4, 7, 9)},
        5: Colour.YELLOW,
    }
)


def launch_boule(source: RandomSource) -> int:
    """Draw the boule hole where the ball stops; return its number 1-9."""
    return BOULE_HOLES[source.randbelow(len(BOULE_HOLES))]
