"""The baccarat shoe: its profile section and the opening of a new shoe with its burn.

A new shoe is shuffled (an electronic table) or entered card by card (a live table); its
first card is exposed and orders that many cards burnt (tens and faces ten), the exposed
card itself counted or not as the profile says.

>>> from crupier.core.rng import SeededSource
>>> shoe, burnt = open_shoe(ShoeRules(decks=6, cards_below_stop=7, burn_exposed_card=True),
...                         SeededSource(8))
>>> len(burnt) == burn_value(burnt[0]) + 1, shoe.remaining == 312 - len(burnt)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import Card
from crupier.core.errors import MalformedAction
from crupier.core.rng import RandomSource
from crupier.core.round import Action
from crupier.core.shoe import Shoe
from crupier.games.baccarat.cards import burn_value
from crupier.i18n import N_


@dataclass(frozen=True, kw_only=True)
class NewShoe(Action):
    """Shuffle, cut, place the stop card, load the shoe and burn (spec 07 VII.1-4; 08 and
    09 by reference).

    Electronic table: the order is drawn from the random source (``cut``: cards moved
    from top to bottom, drawn if None). Live table (``live=True``): ``burn`` lists the
    exposed first card and the cards burnt after it, as the croupier saw them.
    """

    kind: ClassVar[str] = "new-shoe"
    live: bool = False
    cut: int | None = None
    burn: tuple[str, ...] = ()


def shoe_view(shoe: Shoe) -> dict[str, Any]:
    """What everyone at the table sees of the shoe: its decks, live or not, the cards
    left and whether the stop card is out.

    >>> shoe_view(Shoe.live_table(6))
    {'decks': 6, 'live': True, 'remaining': 312, 'stop_card_out': False}
    """
    return {
        "decks": shoe.decks,
        "live": shoe.live,
        "remaining": shoe.remaining,
        "stop_card_out": shoe.at_stop_card,
    }


class ShoeRules(BaseModel):
    """The shoe: decks, stop card, burn procedure (spec 07 and 08, Equipment and Round
    procedure). Every value comes from the game's profile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int
    cards_below_stop: int
    burn_exposed_card: bool
    """The first exposed card is burnt too, besides the cards its value orders."""

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError("shoe.decks: must be 1 to 8")
        if not 6 <= self.cards_below_stop < 52 * self.decks - 20:
            raise ValueError("shoe.cards_below_stop: must be at least 6 (one whole coup)")
        return self


class ShoeSettings(Protocol):
    """What opening a shoe reads from a profile's shoe section (:class:`ShoeRules` or a
    game's own, larger section)."""

    @property
    def decks(self) -> int: ...

    @property
    def cards_below_stop(self) -> int: ...

    @property
    def burn_exposed_card(self) -> bool: ...


def check_available(shoe: Shoe, cards: Sequence[Card], what: str) -> None:
    """Refuse (:class:`~crupier.core.errors.MalformedAction` naming ``what``) cards entered
    at a live table that the shoe cannot give, one after the other, before any is taken:
    a rule checks with this, then takes them without a refusal half way.

    >>> shoe = Shoe.live_table(1)
    >>> check_available(shoe, [Card.parse("Ah"), Card.parse("Kd")], "deal")
    >>> check_available(shoe, [Card.parse("Ah"), Card.parse("Ah")], "deal")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: deal: Ah is not in the shoe any more
    """
    used: dict[Card, int] = {}
    for i, card in enumerate(cards):
        n = used.get(card, 0)
        if shoe.count(card) <= n:
            raise MalformedAction(
                N_("{what}: {card} is not in the shoe any more", what=what, card=card)
            )
        if shoe.remaining <= i:
            raise MalformedAction(N_("{what}: the shoe is empty", what=what))
        used[card] = n + 1


def burn_count(first: Card, burn_exposed_card: bool) -> int:
    """Cards taken out by the burn in all, the exposed first card included.

    >>> burn_count(Card.parse("Kh"), True), burn_count(Card.parse("Kh"), False)
    (11, 10)
    """
    return burn_value(first) + (1 if burn_exposed_card else 0)


def open_shoe(
    rules: ShoeSettings,
    source: RandomSource,
    *,
    live: bool = False,
    cut: object = None,
    burn: Sequence[Card] = (),
    burn_at_start: bool = True,
    what: str = "new-shoe",
    first_words: str = "the exposed first card",
) -> tuple[Shoe, list[Card]]:
    """A new shoe under ``rules`` and the cards its burn took out (the exposed first card
    first). Live (``live=True``): ``burn`` lists the cards as the croupier saw them, and
    must be exactly what the first card orders. Electronic: ``cut`` (cards moved from top
    to bottom, drawn when ``None``) and the burn drawn from ``source``. A game that burns
    nothing at the start passes ``burn_at_start=False``. Bad input raises
    :class:`~crupier.core.errors.MalformedAction` naming ``what``.
    """
    if live:
        shoe = Shoe.live_table(rules.decks)
        burnt = list(burn)
        if burn_at_start:
            if not burnt:
                raise MalformedAction(
                    N_(
                        "{what}: enter {first_words} and the burnt cards",
                        what=what,
                        first_words=first_words,
                    )
                )
            want = burn_count(burnt[0], rules.burn_exposed_card)
            if len(burnt) != want:
                raise MalformedAction(
                    N_(
                        "{what}: the first card {burnt} orders {want} cards burnt "
                        "in all, not {n_burnt}",
                        what=what,
                        burnt=burnt[0],
                        want=want,
                        n_burnt=len(burnt),
                    )
                )
        elif burnt:
            raise MalformedAction(N_("{what}: this profile burns no cards at the start", what=what))
        try:
            for i, card in enumerate(burnt):
                if i == 0:
                    shoe.expose(card)
                else:
                    shoe.burn_card(card)
        except ValueError as exc:
            raise MalformedAction(N_("{what}: {exc}", what=what, exc=exc)) from None
        return shoe, burnt
    if burn:
        raise MalformedAction(N_("{what}: burnt cards are entered only at a live table", what=what))
    n = 52 * rules.decks
    if cut is not None and (not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n):
        raise MalformedAction(
            N_("{what}: cut must be 1 to {n}, not {cut!r}", what=what, n=n - 1, cut=cut)
        )
    shoe = Shoe.shuffled(rules.decks, source, cards_below_stop=rules.cards_below_stop, cut=cut)
    if not burn_at_start:
        return shoe, []
    first = shoe.expose()
    return shoe, [first, *shoe.burn(burn_count(first, rules.burn_exposed_card) - 1)]
