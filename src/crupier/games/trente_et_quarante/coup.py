"""The cards, the two rows and the coup's decision (written once: the engine deals with
it, the exact analyser enumerates it).

>>> str(deal_coup(iter(Card.parse(c) for c in 'Ks Kh Kd Ac Kc Kh Qd 2s'.split()).__next__))
'noir Ks Kh Kd Ac = 31; rouge Kc Kh Qd 2s = 32'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from crupier.core.cards import Card, Suit

STOP = 31
"""A row takes cards while its total is below this; its point is then 31 to 40."""

NOIR, ROUGE, COULEUR, INVERSE = "noir", "rouge", "couleur", "inverse"
CHANCES: tuple[str, ...] = (ROUGE, NOIR, COULEUR, INVERSE)
"""The four chances, in the PAR sheet's order."""

FREE = "free"
"""A stake in free play."""
REFAIT = "refait"
"""A stake hit by a 31 refait, waiting for the player's choice (half back or prison)."""
PRISON = "prison"
"""A stake in prison."""

_RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})

# -- the cards and the rows ------------------------------------------------------------------


def card_value(card: Card) -> int:
    """A card's value: ace 1, 2-9 face value, 10 and the faces 10 (004 05 II).

    >>> [card_value(Card.parse(c)) for c in ("Ah", "7s", "Td", "Kc")]
    [1, 7, 10, 10]
    """
    return min(card.rank.pips, 10)


def card_colour(card: Card) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs.

    >>> card_colour(Card.parse("5h")), card_colour(Card.parse("Ks"))
    ('red', 'black')
    """
    return "red" if card.suit in _RED_SUITS else "black"


def row_total(row: Sequence[Card]) -> int:
    """The total of a row's cards.

    >>> row_total([Card.parse("Ks"), Card.parse("9c"), Card.parse("Ah")])
    20
    """
    return sum(card_value(c) for c in row)


def next_row(black: Sequence[Card], red: Sequence[Card]) -> str | None:
    """Where the next card goes: the black row until it reaches 31, then the red row
    until it reaches 31; ``None`` once both rows are complete (spec 05, Decision rules).

    >>> from crupier.core.cards import cards
    >>> next_row(cards("Ks Qh 9c"), []), next_row(cards("Ks Qh Tc Ad"), cards("9d"))
    ('noir', 'rouge')
    >>> next_row(cards("Ks Qh Tc Ad"), cards("9d 9h 9s 5c")) is None
    True
    """
    if row_total(black) < STOP:
        return NOIR
    if row_total(red) < STOP:
        return ROUGE
    return None


class Decision(NamedTuple):
    """What decides every stake of a coup.

    ``winner`` is ``"noir"`` or ``"rouge"`` and ``colour`` is ``"couleur"`` or
    ``"inverse"``; both are ``None`` on a tie, and ``refait`` marks the 31-31 tie.
    """

    winner: str | None
    colour: str | None
    refait: bool = False


@dataclass(frozen=True)
class Coup:
    """The two rows of a complete coup, in the order their cards were dealt."""

    black: tuple[Card, ...]
    red: tuple[Card, ...]

    @property
    def black_point(self) -> int:
        """The black row's point (31-40)."""
        return row_total(self.black)

    @property
    def red_point(self) -> int:
        """The red row's point (31-40)."""
        return row_total(self.red)

    @property
    def decision(self) -> Decision:
        """The winning chances: the lower point wins; couleur if the winning row has the
        colour of the black row's first card, inverse otherwise (002 V.1 a-b).

        >>> from crupier.core.cards import cards
        >>> Coup(tuple(cards("Ks 9c Ah Jd Ac")), tuple(cards("8d 8c 7h 9s"))).decision
        Decision(winner='noir', colour='couleur', refait=False)
        """
        b, r = self.black_point, self.red_point
        if b == r:
            return Decision(None, None, b == STOP)
        winner = NOIR if b < r else ROUGE
        first = card_colour(self.black[0])
        same = (winner == NOIR) == (first == "black")
        return Decision(winner, COULEUR if same else INVERSE)

    def announcement(self) -> str:
        """What the dealing croupier announces: the points, their units ("two, one"), the
        winning chances and "colour wins" or "colour loses" (004 05 V)."""
        b, r = self.black_point, self.red_point
        head = f"black {b}, red {r}: {_UNITS[b % 10]}, {_UNITS[r % 10]}"
        d = self.decision
        if d.refait:
            return f"{head}; refait of 31 (après)"
        if d.winner is None:
            return f"{head}; refait of {b}, the coup is void"
        says = "colour wins" if d.colour == COULEUR else "colour loses"
        return f"{head}; {d.winner} and {d.colour} win, {says}"

    def __str__(self) -> str:
        black = " ".join(str(c) for c in self.black)
        red = " ".join(str(c) for c in self.red)
        return f"noir {black} = {self.black_point}; rouge {red} = {self.red_point}"


_UNITS = ("ten", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def deal_coup(next_card: Callable[[], Card]) -> Coup:
    """Deal one coup by the rule: the black row to 31 or more, then the red row.

    >>> from crupier.core.cards import cards
    >>> deck = iter(cards("5h Qc Kd 8s Tc Th 3s 2d 9c 4h"))
    >>> str(deal_coup(lambda: next(deck)))
    'noir 5h Qc Kd 8s = 33; rouge Tc Th 3s 2d 9c = 34'
    """
    black: list[Card] = []
    red: list[Card] = []
    while (row := next_row(black, red)) is not None:
        (black if row == NOIR else red).append(next_card())
    return Coup(tuple(black), tuple(red))


# -- the profile ---------------------------------------------------------------------------------
