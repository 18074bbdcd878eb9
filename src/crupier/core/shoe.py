"""The shoe (sabot): several packs shuffled together, cut, a stop card, burns and draws.

A :class:`Shoe` is plain data: the loaded order is an immutable tuple read through a
position, so copying a shoe shares the order and copies only the small mutable parts
(the remaining composition, the burnt and exposed cards). Two kinds exist:

* an **electronic** shoe (:meth:`Shoe.shuffled`): the order is drawn with the
  unbiased :func:`~crupier.core.rng.shuffle` from an injected source, cut, and the
  stop card placed ``cards_below_stop`` cards from the end; :meth:`draw` deals;
* a **live** shoe (:meth:`Shoe.live_table`): the order is unknown to the engine; the
  croupier enters each card that comes out (:meth:`take`), which must still be in
  the shoe's remaining composition, and reports the stop card (:meth:`stop_card_out`).

>>> from crupier.core.rng import SeededSource
>>> shoe = Shoe.shuffled(6, SeededSource(7), cards_below_stop=7)
>>> shoe.remaining, shoe.stop_at
(312, 305)
>>> card = shoe.draw(); shoe.remaining, shoe.count(card)
(311, 5)
>>> len(shoe.burn(3)), len(shoe.burnt), shoe.at_stop_card
(3, 3, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card, standard_deck
from crupier.core.errors import MalformedAction
from crupier.core.rng import RandomSource, shuffle
from crupier.core.round import Action
from crupier.i18n import N_


@dataclass
class Shoe:
    """The cards left in a shoe, what came out of it, and where the stop card lies."""

    decks: int
    order: tuple[Card, ...]
    """The cards as loaded, top first (empty for a live shoe, whose order is unknown); the
    cards still in the shoe are ``order[pos:]``."""
    counts: dict[Card, int]
    """Remaining composition: how many of each card are still in the shoe."""
    live: bool = False
    total: int = 0
    """Cards loaded in the shoe."""
    stop_at: int | None = None
    """Cards taken before the stop card comes out (``None`` for a live shoe)."""
    taken: int = 0
    """Cards taken out so far (dealt, burnt or exposed)."""
    stop_out: bool = False
    burnt: list[Card] = field(default_factory=list)
    exposed: list[Card] = field(default_factory=list)
    cut_at: int = 0
    pos: int = 0
    """Index in :attr:`order` of the next card of an electronic shoe."""

    def __deepcopy__(self, memo: dict[int, object]) -> Shoe:
        """Share the immutable order and the cards; copy the composition and the holders."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.counts = dict(self.counts)
        clone.burnt = list(self.burnt)
        clone.exposed = list(self.exposed)
        return clone

    # -- construction ---------------------------------------------------------------

    @classmethod
    def shuffled(
        cls,
        decks: int,
        source: RandomSource,
        *,
        cards_below_stop: int = 7,
        cut: int | None = None,
        deck: Callable[[], list[Card]] = standard_deck,
    ) -> Shoe:
        """Shuffle ``decks`` packs with ``source``, cut them and place the stop card.

        ``cut`` is the number of cards moved from the top to the bottom (drawn from
        ``source`` when ``None``, between 1 and n - 1).
        """
        if decks < 1:
            raise ValueError(f"a shoe needs at least one deck, not {decks}")
        cards = [c for _ in range(decks) for c in deck()]
        if not 0 <= cards_below_stop < len(cards):
            raise ValueError(f"cannot leave {cards_below_stop} cards below the stop card")
        shuffle(cards, source)
        n = len(cards)
        at = 1 + source.randbelow(n - 1) if cut is None else cut
        if not 0 <= at < n:
            raise ValueError(f"cannot cut {n} cards at {at}")
        order = (*cards[at:], *cards[:at])
        counts = dict(Counter(order))
        return cls(decks, order, counts, False, n, n - cards_below_stop, 0, False, cut_at=at)

    @classmethod
    def live_table(cls, decks: int, *, deck: Callable[[], list[Card]] = standard_deck) -> Shoe:
        """A shoe at a physical table: the composition is known, the order is not.

        >>> shoe = Shoe.live_table(1); _ = shoe.take(Card.parse("Ah")); shoe.remaining
        51
        >>> shoe.take(Card.parse("Ah"))
        Traceback (most recent call last):
        ...
        ValueError: Ah is not in the shoe any more
        """
        if decks < 1:
            raise ValueError(f"a shoe needs at least one deck, not {decks}")
        cards = [c for _ in range(decks) for c in deck()]
        return cls(decks, (), dict(Counter(cards)), True, len(cards))

    @classmethod
    def stacked(cls, cards: list[Card], *, cards_below_stop: int = 0) -> Shoe:
        """A shoe holding exactly ``cards`` in this order (for tests and demonstrations).

        >>> shoe = Shoe.stacked([Card.parse("5h"), Card.parse("Kd")]); str(shoe.draw())
        '5h'
        """
        n = len(cards)
        return cls(1, tuple(cards), dict(Counter(cards)), False, n, n - cards_below_stop)

    # -- state ----------------------------------------------------------------------

    @property
    def remaining(self) -> int:
        """Cards still in the shoe."""
        return self.total - self.taken

    @property
    def at_stop_card(self) -> bool:
        """True once the stop card has come out."""
        return self.stop_out

    def count(self, card: Card) -> int:
        """How many copies of ``card`` remain."""
        return self.counts.get(card, 0)

    def composition(self, key: Callable[[Card], object] = lambda c: c) -> Counter[object]:
        """The remaining cards grouped by ``key`` (e.g. by rank or by point value).

        >>> Shoe.live_table(2).composition(lambda c: c.rank.value)["Q"]
        8
        """
        out: Counter[object] = Counter()
        for card, n in self.counts.items():
            if n:
                out[key(card)] += n
        return out

    # -- taking cards ---------------------------------------------------------------

    def _remove(self, card: Card) -> Card:
        if self.counts.get(card, 0) <= 0:
            raise ValueError(f"{card} is not in the shoe any more")
        if self.remaining <= 0:
            raise ValueError("the shoe is empty")
        self.counts[card] -= 1
        if self.counts[card] == 0:
            del self.counts[card]
        self.taken += 1
        if self.stop_at is not None and self.taken > self.stop_at:
            self.stop_out = True
        return card

    def draw(self) -> Card:
        """Deal the next card of an electronic shoe (the stop card comes out before the
        card that lies under it)."""
        if self.live:
            raise ValueError("a live shoe's cards are entered by the croupier, not drawn")
        if self.pos >= len(self.order):
            raise ValueError("the shoe is empty")
        card = self._remove(self.order[self.pos])
        self.pos += 1
        return card

    def draw_many(self, n: int) -> list[Card]:
        """Deal the ``n`` next cards of an electronic shoe: what ``n`` calls of :meth:`draw`
        give and leave, in one pass (a whole round's hands at once); refused without a
        change when fewer than ``n`` are left.

        >>> shoe = Shoe.stacked([Card.parse(c) for c in ("5h", "Kd", "2c")], cards_below_stop=1)
        >>> [str(c) for c in shoe.draw_many(2)], shoe.remaining, shoe.at_stop_card
        (['5h', 'Kd'], 1, False)
        """
        if self.live:
            raise ValueError("a live shoe's cards are entered by the croupier, not drawn")
        pos = self.pos
        if n < 0 or pos + n > len(self.order) or n > self.remaining:
            raise ValueError("the shoe is empty")
        cards = self.order[pos : pos + n]
        counts = self.counts
        for card in cards:  # an electronic shoe's counts are those of order[pos:]
            left = counts[card] - 1
            if left:
                counts[card] = left
            else:
                del counts[card]
        self.pos = pos + n
        self.taken += n
        if self.stop_at is not None and self.taken > self.stop_at:
            self.stop_out = True
        return list(cards)

    def draw_bottom(self) -> Card:
        """Take the bottom card of an electronic shoe (a pack dealt from its bottom).

        >>> shoe = Shoe.stacked([Card.parse("5h"), Card.parse("Kd"), Card.parse("2c")])
        >>> str(shoe.draw_bottom()), str(shoe.draw()), shoe.remaining
        ('2c', '5h', 1)
        """
        if self.live:
            raise ValueError("a live shoe's cards are entered by the croupier, not drawn")
        if self.pos >= len(self.order):
            raise ValueError("the shoe is empty")
        card = self._remove(self.order[-1])
        self.order = self.order[self.pos : -1]
        self.pos = 0
        return card

    def take(self, card: Card) -> Card:
        """Take the card the croupier saw come out of a live shoe (or check the next card
        of an electronic shoe is ``card``)."""
        if not self.live:
            if self.pos >= len(self.order) or self.order[self.pos] != card:
                raise ValueError(f"{card} is not the next card of the shoe")
            return self.draw()
        return self._remove(card)

    def next(self, card: Card | None = None) -> Card:
        """:meth:`draw` (``card`` is None) or :meth:`take` ``card``."""
        return self.draw() if card is None else self.take(card)

    def burn(self, n: int) -> list[Card]:
        """Burn ``n`` cards of an electronic shoe into the discard holder."""
        out = [self.draw() for _ in range(n)]
        self.burnt.extend(out)
        return out

    def burn_card(self, card: Card | None = None) -> Card:
        """Burn one card (the next one, or the one the croupier names at a live table)."""
        out = self.next(card)
        self.burnt.append(out)
        return out

    def expose(self, card: Card | None = None) -> Card:
        """Take a card out face up (the burn card turned over, an exposed card)."""
        out = self.next(card)
        self.exposed.append(out)
        return out

    def stop_card_out(self) -> None:
        """The croupier reports that the stop card has come out (live shoe)."""
        self.stop_out = True

    def peek(self) -> Card | None:
        """The next card of an electronic shoe (for the engine only; None if unknown)."""
        return self.order[self.pos] if self.pos < len(self.order) and not self.live else None


__all__ = ["Shoe", "check_stop_card"]


@dataclass(frozen=True, kw_only=True)
class Burn(Action):
    """Cards taken out of play, as each game's rules say when: a card exposed or dropped, a
    card found face up in the shoe, the cards of a void coup. Electronic table: the ``count``
    next cards (drawn); live table: the ``cards`` the croupier enters (see :func:`burn_from`).
    """

    kind: ClassVar[str] = "burn"
    count: int = 1
    cards: tuple[str, ...] = ()
    reason: str = ""


def parse_cards(codes: object, what: str, parse: Callable[[str], Card] = Card.parse) -> list[Card]:
    """Card codes entered by the croupier, or a ``MalformedAction`` naming the action.

    >>> [str(c) for c in parse_cards(["Ah", "Kd"], "deal")]
    ['Ah', 'Kd']
    >>> parse_cards("Ah", "deal")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: deal: 'Ah' is not a list of cards
    """
    if not isinstance(codes, (tuple, list)):
        raise MalformedAction(
            N_("{what}: {codes!r} is not a list of cards", what=what, codes=codes)
        )
    try:
        return [parse(c) for c in codes]
    except ValueError as exc:
        raise MalformedAction(N_("{what}: {exc}", what=what, exc=exc)) from None


def burn_from(
    shoe: Shoe,
    cards: object,
    count: object,
    parse: Callable[[str], Card] = Card.parse,
) -> list[Card]:
    """The croupier takes cards out of play: the cards entered from a live shoe (checked
    against what is left in it), or ``count`` cards drawn from an electronic one.

    >>> live = Shoe.live_table(6)
    >>> [str(c) for c in burn_from(live, ("5h",), None)]
    ['5h']
    >>> burn_from(live, (), None)
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: burn: enter the cards taken out of play
    """
    try:
        if shoe.live:
            burnt = parse_cards(cards, "burn", parse)
            if not burnt:
                raise MalformedAction(N_("burn: enter the cards taken out of play"))
            for card in burnt:
                shoe.burn_card(card)
            return burnt
        if cards:
            raise MalformedAction(N_("burn: cards are drawn from this shoe, not entered"))
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise MalformedAction(N_("burn: {count!r} is not a number of cards", count=count))
        if count > shoe.remaining:
            raise MalformedAction(
                N_("burn: only {remaining} cards are left", remaining=shoe.remaining)
            )
        return list(shoe.burn(count))
    except MalformedAction:
        raise
    except ValueError as exc:
        raise MalformedAction(N_("burn: {exc}", exc=exc)) from None


def check_stop_card(shoe: Shoe, remaining_before: int, below: int, what: str) -> None:
    """Refuse a stop card (separator) reported where it cannot lie.

    The croupier puts it in front of the last ``below`` cards, so it comes out once the
    card above it is taken: after the cards entered with the report at most ``below``
    cards are left, and before them (``remaining_before``) at least ``below`` were. A
    report made on its own, after the coup went on, passes ``shoe.total``: only the first
    bound is then checked.

    >>> live = Shoe.live_table(1)
    >>> check_stop_card(live, 52, 7, "deal")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: deal: the stop card lies in front of the last 7 cards; with 52 cards still in the shoe it cannot have come out
    """
    left = shoe.remaining
    if left > below:
        raise MalformedAction(
            N_(
                "{what}: the stop card lies in front of the last {below} cards; with {left} "
                "cards still in the shoe it cannot have come out",
                what=what,
                below=below,
                left=left,
            )
        )
    if remaining_before < below:
        raise MalformedAction(
            N_(
                "{what}: the stop card lies in front of the last {below} cards; it came out "
                "before this, when {remaining_before} were left, and was not reported",
                what=what,
                below=below,
                remaining_before=remaining_before,
            )
        )
