"""Tiles, hands and how each bet is resolved (written once: the engine settles with it, the
exact analyser enumerates it), the dice's starting position and the spots.

A tile is its value: 1 to 9 dots, 10 the white dragon (written ``W``). A hand is two tiles.
Pairs beat everything, the white pair highest; then 2-8 (Kong); then the point (the sum's last
digit), 9 highest; equal points go to the higher tile (spec 17, IV.1-9).

>>> hand_key(10, 10) > hand_key(9, 9) > hand_key(2, 8) > hand_key(10, 9) > hand_key(1, 8)
True
>>> compare((9, 8), (6, 1)), compare((4, 2), (2, 4)), compare((4, 2), (3, 3))
(1, 0, -1)
>>> first_position((4, 6, 3)), first_position((2, 2, 2)), first_position((1, 1, 1))
(0, 1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from crupier.core.errors import MalformedAction, UnknownSpot
from crupier.core.layout import Spot
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.games.mahjong_pai_gow.profile import MahjongProfile, OnTie
from crupier.i18n import N_

WHITE = 10
VALUES = tuple(range(1, 11))
POSITIONS = ("bank", "1st", "2nd", "3rd")
"""The four positions counter-clockwise from the bank (index 0)."""

HandKey = tuple[int, int, int]


def tile_name(value: int) -> str:
    """``W`` for the white dragon, else the number of dots.

    >>> tile_name(10), tile_name(4)
    ('W', '4')
    """
    return "W" if value == WHITE else str(value)


def parse_tile(code: object, what: str) -> int:
    """A tile from its code: ``1``-``9``, ``W`` (or ``10``) for the white dragon.

    >>> parse_tile("w", "deal"), parse_tile("7", "deal")
    (10, 7)
    """
    text = str(code).strip().upper()
    if text in ("W", "10"):
        return WHITE
    if len(text) == 1 and text in "123456789":
        return int(text)
    raise MalformedAction(
        N_(
            "{what}: {code_!r} is not a tile (1 to 9, or W for the white dragon)",
            what=what,
            code_=code,
        )
    )


def hand_key(a: int, b: int) -> HandKey:
    """A comparable key of the hand ``a``-``b``: (2, value) for a pair, (1, ...) for 2-8,
    else (0, point, higher tile)."""
    if a == b:
        return 2, a, 0
    if {a, b} == {2, 8}:
        return 1, 0, 0
    return 0, (a + b) % 10, max(a, b)


def compare(position: Sequence[int], bank: Sequence[int]) -> int:
    """1 if the position's hand beats the bank's, -1 if the bank's is higher, 0 for the same
    two values (the only tie, rule 5)."""
    a, b = hand_key(*position), hand_key(*bank)
    return (a > b) - (a < b)


def first_position(dice: Sequence[int]) -> int:
    """The position the first stack goes to: (sum - 1) mod 4, 0 the bank (spec 17, IV)."""
    return (sum(dice) - 1) % 4


# -- resolution ------------------------------------------------------------------------------------


def resolve(
    profile: MahjongProfile, bet: str, position: Sequence[int], bank: Sequence[int]
) -> Resolution:
    """How a ``win``, ``lose``, ``tie`` or ``pair`` bet on ``position`` fares against ``bank``.

    >>> from crupier.games.mahjong_pai_gow.profile import load_builtin
    >>> p = load_builtin()
    >>> resolve(p, "win", (4, 8), (3, 7)), resolve(p, "lose", (4, 8), (3, 7))
    (Win(ratio=Fraction(19, 20)), Lose())
    >>> resolve(p, "tie", (5, 5), (5, 5)), resolve(p, "pair", (5, 5), (5, 5)), resolve(p, "win", (5, 5), (5, 5))
    (Win(ratio=Fraction(60, 1)), Win(ratio=Fraction(6, 1)), Push())
    """
    pay = profile.payouts
    if bet == "pair":
        return Win(pay.pair) if position[0] == position[1] else Lose()
    result = compare(position, bank)
    if bet == "tie":
        return Win(pay.tie) if result == 0 else Lose()
    if result == 0:
        return Push() if profile.rules.win_lose_on_tie is OnTie.PUSH else Lose()
    wins = result > 0 if bet == "win" else result < 0
    ratio = pay.win if bet == "win" else pay.lose
    return Win(ratio * (1 - pay.commission)) if wins else Lose()


# -- the round's result ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal4:
    """A round's result: the dice, the position served first and the four hands (bank first)."""

    dice: tuple[int, ...]
    first: int
    hands: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        words = ", ".join(
            f"{POSITIONS[i]} {tile_name(a)}-{tile_name(b)}" for i, (a, b) in enumerate(self.hands)
        )
        return f"dice {'+'.join(map(str, self.dice))} = {sum(self.dice)}: {words}"


# -- spots -------------------------------------------------------------------------------------------

BET_WORDS = {
    "win": "win",
    "guanya": "win",
    "lose": "lose",
    "perd": "lose",
    "tie": "tie",
    "empat": "tie",
    "pair": "pair",
    "parell": "pair",
}
_SPOT = re.compile(r"^\s*([a-z]+)[\s-]*([1-3])\s*$")


def spot_of(text: str) -> Spot:
    """The spot named ``text``: a bet and a player position, ``win-1`` or ``guanya 1``.

    >>> spot_of("Tie 2").name, spot_of("parell-3").bet_type
    ('tie-2', 'pair')
    """
    found = _SPOT.match(text.lower())
    kind = BET_WORDS.get(found.group(1)) if found else None
    if found is None or kind is None:
        raise UnknownSpot(
            N_(
                "{text!r}: bets are win, lose, tie and pair on a player position 1 to 3 (win-1)",
                text=text,
            )
        )
    return Spot(f"{kind}-{found.group(2)}", kind)


__all__ = [
    "POSITIONS",
    "VALUES",
    "WHITE",
    "Deal4",
    "compare",
    "first_position",
    "hand_key",
    "parse_tile",
    "resolve",
    "spot_of",
    "tile_name",
]
