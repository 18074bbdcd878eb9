"""The Spanish pack in the spec's notation (``3O``, ``CaE``, ``RB``) and the designations
of a placed card: camo, anti, viudo and the Vista Hermosa card.

>>> card_name(designated(parse_card('6C'), Designation.CAMO))
'6E'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from crupier.core.cards import SPANISH_RANKS, SPANISH_SUITS, Card, Rank, Suit, spanish_deck
from crupier.core.errors import (
    MalformedAction,
)
from crupier.i18n import N_

PACK: tuple[Card, ...] = tuple(spanish_deck())
"""One Spanish 40-card pack (ors, copes, espases, bastos; 1-7, sota, cavall, rei)."""

POSITIONS = ("P1", "P2", "P3", "P4")
"""The four card boxes: P1 upper-left, P2 upper-right, P3 lower-left, P4 lower-right."""


# -- cards: the spec's notation, the designations ----------------------------------------------

_RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: "1",
    Rank.SOTA: "S",
    Rank.CABALLO: "Ca",
    Rank.REY: "R",
    **{r: r.value for r in SPANISH_RANKS if r.value.isdigit()},
}
_RANK_WORDS: dict[str, Rank] = {
    **{str(r.pips): r for r in SPANISH_RANKS[:7]},
    "a": Rank.ACE,
    "as": Rank.ACE,
    "s": Rank.SOTA,
    "sota": Rank.SOTA,
    "c": Rank.CABALLO,
    "ca": Rank.CABALLO,
    "cavall": Rank.CABALLO,
    "caballo": Rank.CABALLO,
    "r": Rank.REY,
    "rei": Rank.REY,
    "rey": Rank.REY,
}


def card_name(card: Card) -> str:
    """A card in the spec's notation: value then suit (``1B``, ``SO``, ``CaC``, ``RE``).

    >>> card_name(Card(Rank.ACE, Suit.BASTOS)), card_name(Card(Rank.CABALLO, Suit.OROS))
    ('1B', 'CaO')
    """
    return f"{_RANK_NAMES[card.rank]}{card.suit}"  # a StrEnum formats as its value


def parse_card(text: object) -> Card:
    """Read a Spanish card: the spec's ``3O``, ``1B``, ``CaO``, ``RE`` or crupier's ``AB``, ``CO``.

    >>> parse_card("1B") == parse_card("AB"), card_name(parse_card("cao"))
    (True, 'CaO')
    >>> parse_card("8O")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: '8O' is not a card of the Spanish pack (write e.g. 3O, 1B, CaE, RC)
    """
    if isinstance(text, Card) and text.rank in SPANISH_RANKS and text.suit in SPANISH_SUITS:
        return text
    code = text.strip() if isinstance(text, str) else ""
    rank = _RANK_WORDS.get(code[:-1].lower()) if len(code) >= 2 else None
    suit = code[-1:].upper()
    if rank is None or suit not in ("O", "C", "E", "B"):
        raise MalformedAction(
            N_("{text!r} is not a card of the Spanish pack (write e.g. 3O, 1B, CaE, RC)", text=text)
        )
    return Card(rank, Suit(suit))


class Designation(StrEnum):
    """A card of the same value as a placed card, named by its suit (spec 13, table)."""

    CAMO = "camo"  # the next suit
    ANTI = "anti"  # the previous suit
    VIUDO = "viudo"  # neither adjacent suit (the opposite one)


_STEP = {Designation.CAMO: 1, Designation.ANTI: -1, Designation.VIUDO: 2}
_TOKEN = {"c": Designation.CAMO, "a": Designation.ANTI, "v": Designation.VIUDO}


def designated(card: Card, kind: Designation, order: Sequence[Suit] = SPANISH_SUITS) -> Card:
    """The camo, anti or viudo of ``card`` in the circular suit ``order`` (O, C, E, B).

    >>> [card_name(designated(parse_card("6C"), d)) for d in Designation]
    ['6E', '6O', '6B']
    """
    i = list(order).index(card.suit)
    return Card(card.rank, order[(i + _STEP[kind]) % 4])


@cache
def _candidates(listed: str) -> tuple[tuple[int, Designation], ...]:
    """The annulment table's cell (``"c2 a1"``) as (box, designation) pairs."""
    return tuple((int(token[1]) - 1, _TOKEN[token[0]]) for token in listed.split())


def vista_hermosa_card(card: Card, order: Sequence[Suit] = SPANISH_SUITS) -> Card:
    """The Vista Hermosa card of a placed card: same value, next suit (its camo).

    >>> card_name(vista_hermosa_card(parse_card("RB")))
    'RO'
    """
    return designated(card, Designation.CAMO, order)
