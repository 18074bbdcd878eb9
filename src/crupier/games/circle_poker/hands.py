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

from crupier.core.cards import Card
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

Part = tuple[int, tuple[int, ...], object]


@lru_cache(maxsize=1024)
def _parts(cards: tuple[Card, ...], size: int) -> list[Part]:
    """Each ``size`` of ``cards``: the product of its rank primes, its ranks, and its suit
    if all share one (else ``None``); remembered (a board serves every player in turn)."""
    out: list[Part] = []
    for part in combinations(cards, size):
        ranks = [high(c) for c in part]
        product = 1
        for r in ranks:
            product *= _PRIMES[r]
        suit = part[0].suit
        same = all(c.suit is suit for c in part)
        out.append((product, tuple(ranks), suit if same else None))
    return out


@lru_cache(maxsize=4096)
def _split_value(
    own: tuple[Card, ...], board: tuple[Card, ...], deck: int, own_cards: int
) -> HandKey:
    """The best five of exactly ``own_cards`` own and the rest common cards (Omaha's 6 x 10,
    synthetic poker's 1 x 10): each own part and each common part read once; every pair of
    them is a five named by the product of its rank primes (doubled), one look-up, plus one
    where both parts share one suit (a flush)."""
    every = (*own, *board)
    if len(set(every)) != len(every):
        raise ValueError("a card is named twice")
    lowest = 2 if deck == 52 else short_deck_ranks(deck).start
    if any(high(c) < lowest for c in every):
        raise ValueError(f"the {deck}-card pack has no card below {lowest}")
    table = _BY_PRODUCT[deck]
    commons = _parts(board, 5 - own_cards)
    mine = _parts(own, own_cards)
    plain = [2 * m * c for m, _, _ in mine for c, _, _ in commons]
    flushes = [
        2 * m * c + 1
        for m, _, my_suit in mine
        if my_suit is not None
        for c, _, common_suit in commons
        if common_suit is my_suit
    ]
    return max(map(table.__getitem__, plain + flushes))


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
    every = (*own, *board)
    if len(set(every)) != len(every):
        raise ValueError("a card is named twice")
    lowest = 2 if deck == 52 else short_deck_ranks(deck).start
    if any(high(c) < lowest for c in every):
        raise ValueError(f"the {deck}-card pack has no card below {lowest}")
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
    return _showing(tuple(sorted([high(c) for c in up])))


@cache
def _showing(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`showing_key` of the sorted ranks, remembered (a few thousand rank multisets;
    asked for every live player at every stud interval)."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    pairs = sum(1 for c in shape if c == 2)
    category = 4 if 4 in shape else 3 if 3 in shape else 2 if pairs >= 2 else pairs
    return category, tuple(r for r, _ in ordered)


def low_card_key(card: Card) -> int:
    """The rank of an up card for the lowest-card opener (2 lowest, ace highest; suits never
    count)."""
    return high(card)


__all__ = ["HandKey", "best_any", "best_omaha", "hand_value", "low_card_key", "showing_key"]
