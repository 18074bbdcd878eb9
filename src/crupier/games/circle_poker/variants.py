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
    ``omaha`` = exactly two own and three common; ``opener``: ``position`` = the first active
    player from the mà, ``stud`` = the lowest up card, then the highest showing hand."""

    id: str
    title: str
    deck: int
    streets: tuple[Street, ...]
    reading: Literal["any", "omaha"]
    opener: Literal["position", "stud"]
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

VARIANTS = {v.id: v for v in (HOLDEM, OMAHA, SEVEN_CARD_STUD)}

__all__ = ["HOLDEM", "OMAHA", "SEVEN_CARD_STUD", "VARIANTS", "Street", "Variant"]
