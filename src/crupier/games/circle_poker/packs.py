"""A pack in the order that deals given cards: for a table that enters its cards one by
one, for replaying a hand record, and for the worked examples.

``holes[i]`` are the cards of the i-th player from the mà, in the order he receives them
(hold'em: 2; Omaha: 4; stud: down, down, up, up, up, up, down). A player who folds
receives no more cards, so he is given only those he got. ``"??"`` stands for any card;
the burns and the rest come from the cards nobody named, in pack order.

>>> from crupier.games.circle_poker.variants import HOLDEM
>>> order = stacked(HOLDEM, [["Ah", "Kd"], ["2c", "2d"]], board=["Qs", "Js", "Ts", "3h", "4h"])
>>> order[:4], order[5:8]
(('Ah', '2c', 'Kd', '2d'), ('Qs', 'Js', 'Ts'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from crupier.core.cards import Card
from crupier.core.rng import RandomSource, SeededSource
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import Variant

if TYPE_CHECKING:
    from crupier.games.circle_poker.engine import CirclePoker

ANY = "??"


def stacked(
    variant: Variant,
    holes: Sequence[Sequence[str]],
    board: Sequence[str] = (),
    *,
    deck: Sequence[Card] | None = None,
) -> tuple[str, ...]:
    """The pack, top card first, that deals ``holes`` and ``board`` to the players (a deal
    that never runs out of cards; :func:`dealing` also gives the dead cards' order)."""
    pack, redeal = dealing(variant, holes, board, deck=deck)
    if redeal:
        raise ValueError(
            "the pack runs out before these cards are dealt: the deal reuses its dead cards "
            "(23.2.1 DEFAULT); give StartDeal the re-deal order of dealing()"
        )
    return pack


_BURN = "burn"


def dealing(
    variant: Variant,
    holes: Sequence[Sequence[str]],
    board: Sequence[str] = (),
    *,
    deck: Sequence[Card] | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The pack, top card first, and the order the dead (burned) cards take when they are
    shuffled back under an exhausted stub (23.2.1 DEFAULT: seven card stud with seven
    players, five card stud with six): the cards dealt after the pack ran out were burned
    before, so the burns take them.

    >>> from crupier.games.circle_poker.variants import FIVE_CARD_STUD
    >>> pack, redeal = dealing(FIVE_CARD_STUD, [["??"] * 5] * 5 + [["??"] * 4 + ["Ah"]])
    >>> len(pack), redeal[0], pack.index("Ah")
    (32, 'Ah', 12)
    """
    from crupier.games.circle_poker.engine import deck_of

    cards = list(deck) if deck is not None else deck_of(variant.deck)
    named = [Card.parse(c) for h in holes for c in h if c != ANY]
    named += [Card.parse(c) for c in board if c != ANY]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    slots: list[str] = []
    given = [0] * len(holes)
    shown = 0
    for street in variant.streets:
        if street.burn:
            slots.append(_BURN)
        dealt = False
        for _ in range(street.down + street.up):
            for i, hole in enumerate(holes):
                if given[i] < len(hole):
                    slots.append(hole[given[i]])
                    given[i] += 1
                    dealt = True
        if street.down + street.up and not dealt and shown < len(board):
            slots.append(board[shown])  # one common card for everyone (23.2.1 DEFAULT)
            shown += 1
        for _ in range(street.board):
            slots.append(board[shown] if shown < len(board) else ANY)
            shown += 1
    first, later = slots[: len(cards)], slots[len(cards) :]
    again = [Card.parse(s) for s in later if s not in (ANY, _BURN)]
    if len(again) > first.count(_BURN):
        raise ValueError("more cards are dealt again than were burned before the pack ran out")
    fillers = [c for c in cards if c not in set(named)]
    pack: list[Card] = []
    burned: list[Card] = []
    for slot in first:
        if slot == _BURN and again:
            pack.append(again.pop(0))
        elif slot in (ANY, _BURN):
            if not fillers:
                raise ValueError("the pack runs out before these cards are dealt")
            pack.append(fillers.pop(0))
            if slot == _BURN:
                burned.append(pack[-1])
        else:
            pack.append(Card.parse(slot))
    pack.extend(fillers)
    redeal: list[Card] = []
    for slot in later:
        if slot in (ANY, _BURN):
            if not burned:
                raise ValueError("the dead cards run out before these cards are dealt")
            redeal.append(burned.pop(0))
        else:
            redeal.append(Card.parse(slot))
    if later:  # the dead cards not dealt again stay under the stub
        redeal.extend(burned)
    return tuple(str(c) for c in pack), tuple(str(c) for c in redeal)


def seated(
    engine: type[CirclePoker],
    profile: CirclePokerProfile,
    stacks: Mapping[str, int],
    *,
    ma: int = 1,
    source: RandomSource | None = None,
) -> CirclePoker:
    """A table whose players sit in seats 1, 2... in the order of ``stacks`` (their chips),
    with the marker at seat ``ma``: the lot entered, as a replay or an example needs it.

    >>> from crupier.games.holdem import Holdem, load_builtin
    >>> game = seated(Holdem, load_builtin(), {"S1": 500, "S2": 500, "S3": 500, "S4": 500})
    >>> game.state.seats, game.state.ma
    ({1: 'S1', 2: 'S2', 3: 'S3', 4: 'S4'}, 1)
    """
    from crupier.core.layout import BuyIn
    from crupier.games.circle_poker.actions import DrawSeats

    game = engine(profile, source if source is not None else SeededSource(0))
    for name, amount in stacks.items():
        game.apply(BuyIn(player=name, amount=amount))
    game.apply(DrawSeats(seats=tuple(stacks), ma=ma))
    return game


__all__ = ["ANY", "dealing", "seated", "stacked"]
