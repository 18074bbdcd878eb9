"""Reading a circle-poker hand: which five cards a player may use, ranked by
:mod:`crupier.core.poker` (the one ranking of the project).

- hold'em and seven card stud: the best five of the player's seven cards (23.2.3, 23.2.1);
- Omaha: exactly two of his four own cards and three of the five common cards (23.2.2);
- stud's openers: the lowest up card (rank only) and the highest showing combination.

>>> from crupier.core.cards import cards
>>> from crupier.core.poker import Category
>>> board = cards("Kh Qh Jh Th 2c")
>>> best_any(cards("Ah 7c"), board)[0][0] == Category.ROYAL_FLUSH
True
>>> best_omaha(cards("Ah 7c 8d 9s"), board)[0][0] == Category.STRAIGHT
True
>>> best_omaha(cards("Ah 8c"), cards("Ks Qs Js Ts 9d"), deck=28, own_cards=2)[0]
(4, (11,))
>>> showing_key(cards("4c 4d")) > showing_key(cards("Ah Kc"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations

from crupier.core.cards import FRENCH_RANKS, Card, Rank, Suit
from crupier.core.poker import Category, high
from crupier.core.poker.five import rank_of_ranks, rank_values, unscore
from crupier.core.poker.masks import score_best
from crupier.core.poker.short import ShortCategory, short_deck_ranks

HandKey = tuple[int, tuple[int, ...]]
"""A comparable hand value: the category's number in the pack's ranking, then the ranks."""


def best_any(
    own: Sequence[Card], board: Sequence[Card], deck: int = 52
) -> tuple[HandKey, tuple[Card, ...]]:
    """The best five of the own and common cards together (any of them), in the ranking of
    the ``deck``-card pack (32 and 28: the flush above the full house, 23.VI)."""
    return _best(tuple(own), tuple(board), deck, None)


def best_omaha(
    own: Sequence[Card], board: Sequence[Card], deck: int = 52, own_cards: int = 2
) -> tuple[HandKey, tuple[Card, ...]]:
    """The best five made of exactly ``own_cards`` own cards and the rest from the common
    cards: Omaha two of four (23.2.2), synthetic poker both of two (23.2.5)."""
    return _best(tuple(own), tuple(board), deck, own_cards)


def hand_value(
    own: Sequence[Card], board: Sequence[Card], deck: int = 52, own_cards: int | None = None
) -> HandKey:
    """The value of the best five alone (``own_cards``: how many own cards a five must hold,
    ``None`` any): what ``best_any`` / ``best_omaha`` give first. Five to seven cards of the
    52-card pack read "any" way are ranked by the evaluator's bit-mask tables at once, with
    no five built.

    >>> from crupier.core.cards import cards
    >>> board = cards("Kh Qh Jh Th 2c")
    >>> hand_value(cards("Ah 7c"), board) == best_any(cards("Ah 7c"), board)[0]
    True
    >>> hand_value(cards("Ah 8c"), cards("Ks Qs Js Ts 9d"), 28, own_cards=2)
    (4, (11,))
    """
    every = (*own, *board)
    if own_cards is None and deck == 52 and 5 <= len(every) <= 7:
        category, ranks = unscore(score_best(every))
        return category, ranks
    if own_cards is not None and own_cards < 5 and len(board) >= 5 - own_cards:
        return _split_value(tuple(own), tuple(board), deck, own_cards)
    return _best(tuple(own), tuple(board), deck, own_cards)[0]


_PRIMES = dict(zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41), strict=True))
"""A prime for each rank: the product of a five's primes names its multiset of ranks."""


class _ByProduct(dict[int, HandKey]):
    """The value of a five of the ``deck``-card pack by ``product of its rank primes * 2 +
    flush``, filled as met (some six thousand patterns a pack): a missing one is worked out
    from the primes it factors into."""

    def __init__(self, deck: int) -> None:
        super().__init__()
        self.deck = deck

    def __missing__(self, index: int) -> HandKey:
        product, flush = divmod(index, 2)
        ranks: list[int] = []
        for rank, prime in _PRIMES.items():
            while product % prime == 0:
                ranks.append(rank)
                product //= prime
        key = self[index] = _five_key(tuple(ranks), bool(flush), self.deck)
        return key


_BY_PRODUCT = {deck: _ByProduct(deck) for deck in (52, 32, 28)}


def score_of(key: HandKey) -> int:
    """A hand value as one number in the same order: the category, then each rank (2-14)
    as a digit in base 15, padded with zeros to five ranks (no rank is 0, so a shorter
    value is lower exactly where its tuple compares lower).

    >>> score_of((1, (14, 12, 9, 3))) > score_of((1, (14, 12, 8, 7))) > score_of((0, (14,)))
    True
    """
    category, ranks = key
    score = category
    for i in range(5):
        score = score * 15 + (ranks[i] if i < len(ranks) else 0)
    return score


class _ByScore(dict[int, int]):
    """:data:`_BY_PRODUCT` as :func:`score_of` numbers, filled as met: the best of many
    fives is the largest number (compared faster than the value tuples); ``keys_of`` gives
    each number's value back."""

    def __init__(self, deck: int) -> None:
        super().__init__()
        self.hands = _BY_PRODUCT[deck]
        self.keys_of: dict[int, HandKey] = {}

    def __missing__(self, index: int) -> int:
        key = self.hands[index]
        score = self[index] = score_of(key)
        self.keys_of[score] = key
        return score


_BY_SCORE = {deck: _ByScore(deck) for deck in (52, 32, 28)}


def _check_pack(every: tuple[Card, ...], deck: int) -> None:
    """Refuse a card named twice, or one the ``deck``-card pack does not hold."""
    if len(set(every)) != len(every):
        raise ValueError("a card is named twice")
    lowest = 2 if deck == 52 else short_deck_ranks(deck).start
    if any(high(c) < lowest for c in every):
        raise ValueError(f"the {deck}-card pack has no card below {lowest}")


_PRIME_OF: dict[int, dict[Rank, int]] = {
    deck: {
        rank: _PRIMES[high(Card(rank, Suit.SPADES))]
        for rank in FRENCH_RANKS
        if high(Card(rank, Suit.SPADES)) >= lowest
    }
    for deck, lowest in (
        (52, 2),
        (32, short_deck_ranks(32).start),
        (28, short_deck_ranks(28).start),
    )
}
"""The rank prime of each card rank a pack holds (a rank it does not hold is missing)."""


@cache
def _groups(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The places of each ``k`` of ``n`` cards, in the order of the combinations."""
    return tuple(combinations(range(n), k))


def _part_keys(
    primes: Sequence[int], suits: Sequence[Suit], groups: tuple[tuple[int, ...], ...]
) -> list[tuple[int, Suit | None]]:
    """For each group of places: the product of its cards' rank primes, and their suit if
    all share one (else ``None``)."""
    out: list[tuple[int, Suit | None]] = []
    for group in groups:
        product = 1
        suit: Suit | None = suits[group[0]]
        for i in group:
            product *= primes[i]
            if suits[i] is not suit:
                suit = None
        out.append((product, suit))
    return out


def showdown_values(
    owns: Sequence[Sequence[Card]], board: Sequence[Card], deck: int = 52, own_cards: int = 2
) -> list[HandKey]:
    """:func:`hand_value` of each player's own cards on one board, where a five holds
    exactly ``own_cards`` of them (Omaha, synthetic poker): the common cards' part of every
    five (each group of them, its rank primes multiplied and its suit) is worked out once for
    the board, not once for each player.

    >>> from crupier.core.cards import cards
    >>> board = cards("Ks Qs Js Ts 9d")
    >>> hands = [cards("Ah 7c 8d 9s"), cards("As 2s 7h 7d"), cards("Kh Kd 3c 4c")]
    >>> showdown_values(hands, board) == [hand_value(o, board, own_cards=2) for o in hands]
    True
    >>> showdown_values([cards("Ah 8c")], cards("Ks Qs Js Ts 9d"), deck=28)
    [(4, (11,))]
    """
    if own_cards >= 5 or len(board) < 5 - own_cards:
        return [hand_value(own, board, deck, own_cards) for own in owns]
    common = _Commons(tuple(board), deck, own_cards)
    return [common.best(tuple(own)) for own in owns]


class _Commons:
    """The common cards' part of the fives of exactly ``own_cards`` own cards and the rest
    common (Omaha's 6 x 10, synthetic poker's 1 x 10): each group of common cards with the
    product of its rank primes (doubled) and its suit if all share one, made once a board;
    :meth:`best` then values one player's own cards on it."""

    def __init__(self, board: tuple[Card, ...], deck: int, own_cards: int) -> None:
        self.board, self.deck, self.own_cards = board, deck, own_cards
        self.prime_of = prime_of = _PRIME_OF.get(deck)
        self.table = _BY_SCORE[deck]
        suits = [c.suit for c in board]
        # a card is named by its (rank, suit): equal pairs are one card named twice
        self.pairs = set(zip([c.rank for c in board], suits, strict=True))
        primes = [prime_of.get(c.rank, 0) for c in board] if prime_of else [0]
        self.refused = len(self.pairs) != len(board) or 0 in primes
        """The board names a card twice or one the pack does not hold: every hand on it
        is refused (:meth:`best` says which card, as for a hand alone)."""
        self.doubled: list[int] = []
        self.suited: list[tuple[int, Suit]] = []
        if not self.refused:
            parts = _part_keys(primes, suits, _groups(len(board), 5 - own_cards))
            self.doubled = [c + c for c, _ in parts]
            self.suited = [(2 * c, suit) for c, suit in parts if suit is not None]

    def best(self, own: tuple[Card, ...]) -> HandKey:
        """The best five of ``own`` (exactly ``own_cards`` of them) and the board: every own
        group against every common group is a five named by the product of its rank primes
        (doubled), one look-up, plus one where both share one suit (a flush)."""
        ranks = [c.rank for c in own]
        suits = [c.suit for c in own]
        pairs = set(zip(ranks, suits, strict=True))
        if self.refused or len(pairs) != len(own) or not pairs.isdisjoint(self.pairs):
            _check_pack((*own, *self.board), self.deck)  # says which and refuses
        try:
            primes = [self.prime_of[r] for r in ranks]  # type: ignore[index]
        except KeyError:
            _check_pack((*own, *self.board), self.deck)  # a card the pack does not hold
            raise
        mine = _part_keys(primes, suits, _groups(len(own), self.own_cards))
        doubled = self.doubled
        keys = [m * c for m, _ in mine for c in doubled]
        suited = self.suited
        if suited:
            keys += [
                m * c + 1
                for m, my_suit in mine
                if my_suit is not None
                for c, common_suit in suited
                if common_suit is my_suit
            ]
        table = self.table
        return table.keys_of[max(map(table.__getitem__, keys))]


@lru_cache(maxsize=4096)
def _split_value(
    own: tuple[Card, ...], board: tuple[Card, ...], deck: int, own_cards: int
) -> HandKey:
    """The best five of exactly ``own_cards`` own and the rest common cards
    (:class:`_Commons`), remembered for the last hands: a deal asks the same hand at every
    decision of the computer players and at the showdown."""
    return _Commons(board, deck, own_cards).best(own)


def _fives(
    own: tuple[Card, ...], board: tuple[Card, ...], own_cards: int | None
) -> list[tuple[Card, ...]]:
    if own_cards is None:
        return list(combinations((*own, *board), 5))
    return [
        (*mine, *common)
        for mine in combinations(own, own_cards)
        for common in combinations(board, 5 - own_cards)
    ]


@cache
def _five_key(ranks: tuple[int, ...], flush: bool, deck: int) -> HandKey:
    """The value of five cards from their ranks (2-14, sorted low to high) and whether they
    share a suit, in the ``deck``-card ranking; remembered (a few thousand rank patterns)."""
    if deck == 52:
        category, tie = rank_of_ranks(ranks, flush)
        return int(category), tie
    low = short_deck_ranks(deck).start
    category, tie = rank_values(ranks, flush, low_straight=(14, low + 3, low + 2, low + 1, low))
    return int(ShortCategory[Category(category).name]), tie


@lru_cache(maxsize=4096)
def _best(
    own: tuple[Card, ...], board: tuple[Card, ...], deck: int, own_cards: int | None
) -> tuple[HandKey, tuple[Card, ...]]:
    """The first best five (in the order of the combinations), remembered for the last
    hands: a deal asks the same hand at every decision of the computer players and at the
    showdown. The cards are checked once, here (distinct, of the pack); each five is then
    ranked by its ranks and suits."""
    _check_pack((*own, *board), deck)
    best: HandKey | None = None
    chosen: tuple[Card, ...] = ()
    for five in _fives(own, board, own_cards):
        suit = five[0].suit
        flush = all(c.suit is suit for c in five)
        key = _five_key(tuple(sorted([high(c) for c in five])), flush, deck)
        if best is None or key > best:
            best, chosen = key, five
    if best is None:
        raise ValueError("no five cards to rank")
    return best, chosen


def showing_key(up: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The value of the face-up cards in stud (23.2.1, DEFAULT): four of a kind > three of
    a kind > two pair > pair > high cards, then card by card; straights and flushes of
    fewer than five cards do not count."""
    return _showing(tuple([c.rank for c in up]))


@lru_cache(maxsize=8192)
def _showing(ranks: tuple[Rank, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`showing_key` of the up cards' ranks in the order dealt, remembered (a few
    thousand rank sequences: asked for every live player at every stud interval, a card's
    rank read once for all of them)."""
    counts = Counter(sorted([high(Card(r, Suit.SPADES)) for r in ranks]))
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    pairs = sum(1 for c in shape if c == 2)
    category = 4 if 4 in shape else 3 if 3 in shape else 2 if pairs >= 2 else pairs
    return category, tuple(r for r, _ in ordered)


def category_of(key: HandKey, deck: int = 52) -> Category | ShortCategory:
    """The category of a hand value in the ``deck``-card pack's ranking (its number means
    another category in the short packs, where the flush beats the full house).

    >>> from crupier.core.cards import cards
    >>> board = cards("Kh Qh Jh Th 2c")
    >>> category_of(best_any(cards("Ah 7c"), board)[0]).name
    'ROYAL_FLUSH'
    >>> category_of((5, (14,)), 32).name, category_of((5, (14,)), 52).name
    ('FULL_HOUSE', 'FLUSH')
    """
    return Category(key[0]) if deck == 52 else ShortCategory(key[0])


def low_card_key(card: Card) -> int:
    """The rank of an up card for the lowest-card opener (2 lowest, ace highest; suits never
    count)."""
    return high(card)


__all__ = [
    "HandKey",
    "best_any",
    "best_omaha",
    "category_of",
    "hand_value",
    "low_card_key",
    "showdown_values",
    "showing_key",
]
