"""The six circle-poker variants as data: deck, streets (what each dealing gives), who
opens each interval and how a hand is read (spec 23.1, 23.2.1-23.2.5).

>>> HOLDEM.streets[0].down, [s.board for s in HOLDEM.streets]
(2, [0, 3, 1, 1])
>>> SEVEN_CARD_STUD.opener, len(SEVEN_CARD_STUD.streets)
('stud', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Street:
    """One dealing and the betting interval after it: a burn first (or not), then the
    cards each player receives face down and face up, and the common cards."""

    burn: bool = False
    down: int = 0
    up: int = 0
    board: int = 0


@dataclass(frozen=True)
class Variant:
    """A variant's shape. ``reading``: ``any`` = best five of all the player's cards,
    ``omaha`` = exactly two own and three common, ``both`` = both own cards and three common;
    ``opener``: ``position`` = the first active player from the mà, ``stud`` = the lowest up
    card, then the highest showing hand, ``stud-high`` = the highest showing hand in every
    interval, ``aggressor`` = the mà, then the last bettor or raiser of the interval before."""

    id: str
    title: str
    deck: int
    streets: tuple[Street, ...]
    reading: Literal["any", "omaha", "both"]
    opener: Literal["position", "stud", "stud-high", "aggressor"]
    phh: str
    """The PHH variant code of the no-limit / pot-limit / fixed-limit form (N, P, F + code)."""


_FLOP = (Street(burn=True, board=3), Street(burn=True, board=1), Street(burn=True, board=1))

HOLDEM = Variant("holdem", "Hold'em", 52, (Street(down=2), *_FLOP), "any", "position", "T")
OMAHA = Variant("omaha", "Omaha", 52, (Street(down=4), *_FLOP), "omaha", "position", "O")
SEVEN_CARD_STUD = Variant(
    "seven-card-stud",
    "Seven card stud",
    52,
    (
        Street(down=2, up=1),
        Street(burn=True, up=1),
        Street(burn=True, up=1),
        Street(burn=True, up=1),
        Street(burn=True, down=1),
    ),
    "any",
    "stud",
    "7S",
)

FIVE_CARD_STUD = Variant(
    "five-card-stud",
    "Five card stud, 32 cards",
    32,
    (Street(down=1, up=1), *(Street(burn=True, up=1) for _ in range(3))),
    "any",
    "stud-high",
    "5S",
)
SYNTHETIC_POKER = Variant(
    "synthetic-poker",
    "Synthetic poker, 28 cards",
    28,
    (Street(down=2, board=1), *(Street(board=1) for _ in range(4))),
    "both",
    "aggressor",
    "SY",
)

FIVE_CARD_DRAW = Variant(
    "five-card-draw",
    "Five-card draw",
    52,
    (Street(down=5), Street()),  # the draw between the two intervals: 23.1.II
    "any",
    "position",
    "5D",
)
FIVE_CARD_DRAW_32 = Variant(
    "five-card-draw",
    "Five-card draw, 32 cards",
    32,
    FIVE_CARD_DRAW.streets,
    "any",
    "position",
    "5D",
)

VARIANTS = {
    v.id: v
    for v in (HOLDEM, OMAHA, SEVEN_CARD_STUD, FIVE_CARD_STUD, SYNTHETIC_POKER, FIVE_CARD_DRAW)
}

__all__ = [
    "FIVE_CARD_DRAW",
    "FIVE_CARD_DRAW_32",
    "FIVE_CARD_STUD",
    "HOLDEM",
    "OMAHA",
    "SEVEN_CARD_STUD",
    "SYNTHETIC_POKER",
    "VARIANTS",
    "Street",
    "Variant",
]
