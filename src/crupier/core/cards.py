"""Playing cards: the French 52-card pack and the Spanish 40-card pack.

A :class:`Card` is a frozen value of a :class:`Rank` and a :class:`Suit`. Its
short code is the rank letter followed by the suit letter: ``"Qh"`` (queen of
hearts), ``"Ts"`` (ten of spades; ``"10s"`` is read too). Spanish cards use the
ranks ``A`` (as), ``2``-``7``, ``S`` (sota), ``C`` (caballo), ``R`` (rey) and the
upper-case suits ``O`` (oros), ``C`` (copas), ``E`` (espadas), ``B`` (bastos).

>>> Card.parse("Qh")
Card(rank=<Rank.QUEEN: 'Q'>, suit=<Suit.HEARTS: 'h'>)
>>> str(Card.parse("10s")), str(Card(Rank.SOTA, Suit.OROS))
('Ts', 'SO')
>>> len(standard_deck()), len(spanish_deck()), len(set(standard_deck()))
(52, 40, 52)
>>> [str(c) for c in cards("Ah 9d")]
['Ah', '9d']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Rank(StrEnum):
    """Card ranks of the French pack and the Spanish-only ranks (sota, caballo, rey)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    SOTA = "S"
    CABALLO = "C"
    REY = "R"
    JOKER = "*"

    @property
    def pips(self) -> int:
        """The number printed on the card: ace 1, 2-10, jack 11, queen 12, king 13;
        Spanish sota 10, caballo 11, rey 12; the joker has none (0).

        >>> Rank.ACE.pips, Rank.TEN.pips, Rank.KING.pips, Rank.REY.pips, Rank.JOKER.pips
        (1, 10, 13, 12, 0)
        """
        return _PIPS[self]


_PIPS: dict[Rank, int] = {
    **{r: i + 1 for i, r in enumerate(list(Rank)[:13])},
    Rank.SOTA: 10,
    Rank.CABALLO: 11,
    Rank.REY: 12,
    Rank.JOKER: 0,
}

FRENCH_RANKS: tuple[Rank, ...] = tuple(list(Rank)[:13])
"""Ace to king, in the usual order."""

SPANISH_RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.SOTA,
    Rank.CABALLO,
    Rank.REY,
)
"""The ranks of the 40-card Spanish pack (1-7, sota, caballo, rey)."""


class Suit(StrEnum):
    """French suits (lower-case codes) and Spanish suits (upper-case codes)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"
    OROS = "O"
    COPAS = "C"
    ESPADAS = "E"
    BASTOS = "B"
    JOKER = "*"


_JOKER_RANK = Rank.JOKER  # read once: a member looked up on its enum costs a call

FRENCH_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SPANISH_SUITS: tuple[Suit, ...] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``str(card)`` is its two-letter code, :meth:`parse` reads it back; the
    code is also kept as :attr:`code`, made with the card (a hand record or a table's view
    reads it many times a round without a call).

    >>> card = Card(Rank.TEN, Suit.DIAMONDS)
    >>> card.code, str(card), card == Card.parse("Td"), card
    ('Td', 'Td', True, Card(rank=<Rank.TEN: 'T'>, suit=<Suit.DIAMONDS: 'd'>))
    """

    rank: Rank
    suit: Suit
    code: str = field(init=False, repr=False, compare=False)
    """The two-letter code (``"Td"``, ``"JK"``): not part of the card's value, only its
    name, so equality, order and hashing stay those of the rank and the suit."""

    def __init__(self, rank: Rank, suit: Suit) -> None:
        # the fields in one step (as a frozen dataclass's own __init__ does, one by one)
        code = "JK" if rank is _JOKER_RANK else rank._value_ + suit._value_
        object.__setattr__(self, "__dict__", {"rank": rank, "suit": suit, "code": code})

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``"Qh"``, ``"Td"``, ``"10c"``, ``"CO"`` or ``"JK"`` (the
        joker of Pai Gow Poker's 53-card pack).

        >>> Card.parse("JK") == JOKER
        True
        >>> Card.parse("Zz")
        Traceback (most recent call last):
        ...
        ValueError: 'Zz' is not a card (write e.g. Qh, Td, 9s, Ac)
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a card (write e.g. Qh, Td, 9s, Ac)")
        code = text.strip()
        if code.upper() == "JK":
            return JOKER
        if code[:2] == "10":
            code = "T" + code[2:]
        if len(code) != 2:
            raise ValueError(f"{text!r} is not a card (write e.g. Qh, Td, 9s, Ac)")
        rank_code, suit_code = code[0].upper(), code[1]
        if "*" in code:
            raise ValueError(f"{text!r} is not a card (write e.g. Qh, Td, 9s, Ac)")
        try:
            return cls(Rank(rank_code), Suit(suit_code))
        except ValueError:
            raise ValueError(f"{text!r} is not a card (write e.g. Qh, Td, 9s, Ac)") from None


JOKER = Card(Rank.JOKER, Suit.JOKER)
"""The joker (code ``JK``): the 53rd card of Pai Gow Poker's pack."""


_STANDARD: tuple[Card, ...] = tuple(Card(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS)


def cards(text: str) -> list[Card]:
    """Read several card codes separated by spaces or commas."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def standard_deck() -> list[Card]:
    """The 52-card French pack, suit by suit, ace to king (a new list of the same cards:
    cards are values, made once).

    >>> len(standard_deck()), str(standard_deck()[0]), standard_deck() is standard_deck()
    (52, 'As', False)
    """
    return list(_STANDARD)


def joker_deck() -> list[Card]:
    """The 53-card pack of Pai Gow Poker: the 52 French cards and the joker, last.

    >>> deck = joker_deck()
    >>> len(deck), str(deck[-1])
    (53, 'JK')
    """
    return [*standard_deck(), JOKER]


def spanish_deck() -> list[Card]:
    """The 40-card Spanish pack: oros, copas, espadas, bastos; 1-7, sota, caballo, rey.

    >>> [str(c) for c in spanish_deck()[:10]]
    ['AO', '2O', '3O', '4O', '5O', '6O', '7O', 'SO', 'CO', 'RO']
    """
    return [Card(r, s) for s in SPANISH_SUITS for r in SPANISH_RANKS]


__all__ = [
    "FRENCH_RANKS",
    "FRENCH_SUITS",
    "JOKER",
    "SPANISH_RANKS",
    "SPANISH_SUITS",
    "Card",
    "Rank",
    "Suit",
    "cards",
    "joker_deck",
    "spanish_deck",
    "standard_deck",
]
