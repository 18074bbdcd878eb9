"""Five-card draw's own rules profile and its opening hands (spec 23.1).

The profile is circle poker's (:class:`~crupier.games.circle_poker.profile.CirclePokerProfile`)
with a ``[draw]`` section: the pack (52 or 32 cards, 23.1.I), the opening requirement of each
deal of a sequence of blank hands (23.1.II: jacks DEFAULT, then queens, kings, aces), the most
cards a player may change, and when the openers are checked.

An opening hand is a pair of at least the required rank, or any higher combination
(23.1.II; DEFAULT reading "or better").

>>> from crupier.core.cards import cards
>>> qualifies(cards("Jh Jd 9c 4s 2h"), "J", 52), qualifies(cards("Th Td 9c 4s 2h"), "J", 52)
(True, False)
>>> qualifies(cards("8h 8d 4c 4s 2h"), "A", 52)
True
>>> qualifies(cards("Ah 7d 8c 9s Th"), "A", 32)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import Card
from crupier.core.poker import high
from crupier.games.circle_poker.hands import best_any
from crupier.games.circle_poker.profile import CirclePokerProfile

_RANKS = {r: i + 2 for i, r in enumerate("23456789TJQKA")}
"""A rank symbol's poker value, ace high."""


class OpenersChecked(StrEnum):
    """When the opener's hand is checked against the requirement."""

    AT_THE_OPEN = "at-the-open"
    """The table knows every card (a dealt or entered pack): an open without the
    requirement is refused, so a false opening cannot happen."""
    AT_THE_END = "at-the-end"
    """As at a live table: the open is the player's word, checked from his hand and his
    discard on the pot when the deal ends (23.1.II); a false opening has the consequences
    of 23.1.III.2."""


class DrawRules(BaseModel):
    """The ``[draw]`` section of a five-card draw profile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    deck: int
    """52 or 32 cards (23.1.I)."""
    openers: tuple[str, ...]
    """The least pair that opens the 1st, 2nd... deal of a sequence of blank hands; the
    last one holds for every later deal (23.1.II)."""
    max_discard: int
    """The most cards one player may change at the draw (DEFAULT 5)."""
    openers_checked: OpenersChecked

    @model_validator(mode="after")
    def _check(self) -> DrawRules:
        if self.deck not in (52, 32):
            raise ValueError("draw.deck: five-card draw is played with 52 or 32 cards (23.1.I)")
        if not self.openers or any(r not in _RANKS for r in self.openers):
            raise ValueError("draw.openers: ranks such as J, Q, K, A (at least one)")
        if self.deck == 32 and any(_pips(r) < 7 for r in self.openers):
            raise ValueError("draw.openers: the 32-card pack has no rank under 7")
        if not 1 <= self.max_discard <= 5:
            raise ValueError("draw.max_discard: from 1 to 5 cards")
        return self

    def requirement(self, blanks: int) -> str:
        """The least opening pair after ``blanks`` blank deals in a row.

        >>> DrawRules(deck=52, openers=("J", "Q", "K", "A"), max_discard=5,
        ...           openers_checked="at-the-open").requirement(7)
        'A'
        """
        return self.openers[min(blanks, len(self.openers) - 1)]


def _pips(rank: str) -> int:
    return _RANKS[rank]


class DrawProfile(CirclePokerProfile):
    """A five-card draw table's profile: circle poker's sections and ``[draw]``."""

    draw: DrawRules

    @model_validator(mode="after")
    def _no_blinds(self) -> DrawProfile:
        if self.stakes.big_blind or self.stakes.small_blind:
            raise ValueError("stakes.big_blind: five-card draw opens with the openers, not blinds")
        return self


def qualifies(hand: Sequence[Card], least: str, deck: int) -> bool:
    """True if the five cards ``hand`` may open when a pair of ``least`` is required: such
    a pair or a higher one, or any combination above one pair."""
    category = best_any(hand, [], deck)[0][0]
    if category > 1:
        return True
    if category < 1:
        return False
    pair = next(r for r, n in Counter(high(c) for c in hand).items() if n == 2)
    return pair >= _pips(least)


__all__ = ["DrawProfile", "DrawRules", "OpenersChecked", "qualifies"]
