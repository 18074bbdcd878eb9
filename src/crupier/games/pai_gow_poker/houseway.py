"""The house way of Pai Gow Poker (spec 12, "House way", DEFAULT): how the croupier sets his
seven cards into a five-card high hand and a two-card low hand, the first rule that applies.

Every threshold is a field of :class:`HouseWay`, so a casino's own house way is data. The
joker counts as an ace, except where it completes a straight or a flush (rule 4).

>>> from crupier.core.cards import cards
>>> way = HouseWay.spec_default()
>>> high, low = house_way(cards("As Kd 9h 7c 5s 4d 2c"), way)
>>> " ".join(map(str, low)), " ".join(map(str, high))
('Kd 9h', 'As 7c 5s 4d 2c')
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import combinations

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import Card, Rank
from crupier.core.poker import PaiGowCategory, high, rank_high, rank_low

Setting = tuple[tuple[Card, ...], tuple[Card, ...]]
"""``(high five, low two)``."""


class TwoPair(StrEnum):
    """What to do with two pairs and three singletons (rule 6)."""

    SPLIT = "split"
    """Higher pair high, lower pair low, the singletons high."""
    SPLIT_UNLESS_ACE = "split-unless-ace"
    """Split, but keep both pairs high (two highest singletons low) with an ace singleton."""
    SPLIT_UNLESS_ACE_OR_KING = "split-unless-ace-or-king"
    """The same, keeping also with a king singleton."""


class HouseWay(BaseModel):
    """The house way's rules as data (spec 12 DEFAULT values in :meth:`spec_default`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    five_aces_keep_with_pair: int
    """Rule 1: five aces stay high when the other two cards are a pair of this rank."""
    quads_keep_up_to: int
    """Rule 2: four of a kind up to this rank stay together (two highest singletons low)."""
    quads_split_unless_ace_up_to: int
    """Rule 2: up to this rank they are split unless an ace (or the joker) is held; above
    it, always split."""
    full_house_keep_pair: int
    """Rule 3: with trips and a pair of this rank and an ace and a king singleton, the full
    house stays high and A-K goes low (0: never)."""
    low_pair_up_to: int
    """Rule 6: pairs up to this rank are low pairs."""
    medium_pair_up_to: int
    """Rule 6: pairs up to this rank are medium; above, up to the king, high; then aces."""
    two_pair: dict[str, TwoPair]
    """Rule 6 by the two pairs' classes, higher first: ``aces-any``, ``high-high``,
    ``high-medium``, ``high-low``, ``medium-medium``, ``medium-low``, ``low-low``."""

    @model_validator(mode="after")
    def _check(self) -> HouseWay:
        want = {"aces-any", "high-high", "high-medium", "high-low", "medium-medium",
                "medium-low", "low-low"}  # fmt: skip
        if set(self.two_pair) != want:
            raise ValueError(f"two_pair: the classes are {sorted(want)}")
        if not 2 <= self.quads_keep_up_to <= self.quads_split_unless_ace_up_to <= 14:
            raise ValueError("quads_keep_up_to <= quads_split_unless_ace_up_to, ranks 2-14")
        if not 2 <= self.low_pair_up_to < self.medium_pair_up_to < 13:
            raise ValueError("low_pair_up_to < medium_pair_up_to < king")
        return self

    @classmethod
    def spec_default(cls) -> HouseWay:
        """The house way spec 12 writes as its DEFAULT."""
        return cls(
            five_aces_keep_with_pair=13,
            quads_keep_up_to=6,
            quads_split_unless_ace_up_to=10,
            full_house_keep_pair=2,
            low_pair_up_to=6,
            medium_pair_up_to=10,
            two_pair={
                "aces-any": TwoPair.SPLIT,
                "high-high": TwoPair.SPLIT,
                "high-medium": TwoPair.SPLIT,
                "medium-medium": TwoPair.SPLIT_UNLESS_ACE,
                "high-low": TwoPair.SPLIT_UNLESS_ACE,
                "medium-low": TwoPair.SPLIT_UNLESS_ACE_OR_KING,
                "low-low": TwoPair.SPLIT_UNLESS_ACE_OR_KING,
            },
        )


_JOKER_RANK = Rank.JOKER  # the joker is the one card of this rank: a test by identity


def _value(card: Card) -> int:
    return 14 if card.rank is _JOKER_RANK else high(card)


def _split(seven: Sequence[Card], low: Sequence[Card]) -> Setting:
    taken = list(low)
    ids = {id(c) for c in taken}  # the low cards are the hand's own card objects, as a rule:
    rest = [c for c in seven if id(c) not in ids]  # told apart without a card comparison
    if len(rest) != len(seven) - len(taken):  # equal cards that are other objects
        rest = [c for c in seven if c not in taken]
    return tuple(sorted(rest, key=_value, reverse=True)), tuple(taken)


def _groups(seven: Sequence[Card]) -> dict[int, list[Card]]:
    """Cards by rank (the joker with the aces), each group's real aces before the joker."""
    out: dict[int, list[Card]] = {}
    for card in sorted(seven, key=lambda c: (c.rank is _JOKER_RANK, str(c))):
        out.setdefault(_value(card), []).append(card)
    return out


def house_way(seven: Sequence[Card], way: HouseWay) -> Setting:
    """Set seven cards the house way: ``(high five, low two)``.

    >>> from crupier.core.cards import cards
    >>> w = HouseWay.spec_default()
    >>> [" ".join(map(str, h)) for h in house_way(cards("9s 9d 9h 9c As 7d 2c"), w)][1]
    'As 7d'
    """
    if len(seven) != 7 or len(set(seven)) != 7:
        raise ValueError("the house way sets seven different cards")
    groups = _groups(seven)
    by_size = sorted(groups.items(), key=lambda rc: (len(rc[1]), rc[0]), reverse=True)
    sizes = [len(g) for _, g in by_size]
    singles = sorted((r for r, g in groups.items() if len(g) == 1), reverse=True)
    pairs = sorted((r for r, g in groups.items() if len(g) == 2), reverse=True)
    trips = sorted((r for r, g in groups.items() if len(g) == 3), reverse=True)

    def top_singles(n: int) -> list[Card]:
        return [groups[r][0] for r in singles[:n]]

    # 1. five aces
    if sizes[0] == 5:
        if pairs == [way.five_aces_keep_with_pair]:
            return _split(seven, groups[pairs[0]])
        return _split(seven, groups[14][:2])
    # 2. four of a kind
    if sizes[0] == 4:
        quad = by_size[0][0]
        if pairs or trips:
            other = groups[pairs[0] if pairs else trips[0]]
            return _split(seven, other[:2])
        ace = 14 in singles
        if quad <= way.quads_keep_up_to or (quad <= way.quads_split_unless_ace_up_to and ace):
            return _split(seven, top_singles(2))
        return _split(seven, groups[quad][:2])
    # 3. full house and multiple trips
    if len(trips) == 2:
        return _split(seven, groups[trips[0]][:2])
    if trips and len(pairs) == 2:
        return _split(seven, groups[pairs[0]])
    if trips and pairs:
        if pairs[0] == way.full_house_keep_pair and {14, 13} <= set(singles):
            return _split(seven, [groups[14][0], groups[13][0]])
        return _split(seven, groups[pairs[0]])
    # 4. straight, flush, straight flush (at most one pair, or three of a kind)
    if len(pairs) <= 1 and _may_make_straight_or_flush(seven):
        made = _made_hands(seven)
        if made:
            return max(made, key=lambda s: (rank_low(s[1]), rank_high(s[0])))
    # 5. three pair
    if len(pairs) == 3:
        return _split(seven, groups[pairs[0]])
    # 6. two pair
    if len(pairs) == 2:
        policy = way.two_pair[_two_pair_class(pairs[0], pairs[1], way)]
        keep = (policy is not TwoPair.SPLIT and 14 in singles) or (
            policy is TwoPair.SPLIT_UNLESS_ACE_OR_KING and 13 in singles
        )
        return _split(seven, top_singles(2) if keep else groups[pairs[1]])
    # 7. three of a kind
    if trips:
        if trips[0] == 14:
            return _split(seven, [groups[14][-1], *top_singles(1)])
        return _split(seven, top_singles(2))
    # 8. one pair; 9. no pair
    if pairs:
        return _split(seven, top_singles(2))
    return _split(seven, [groups[r][0] for r in singles[1:3]])


def _made_hands(seven: Sequence[Card]) -> list[Setting]:
    """The correct settings of seven different cards whose high hand is a straight or
    better, in the order of :func:`~crupier.core.poker.settings`: a high hand of a straight
    or better is always above the two-card low hand (a pair at most), so it is set
    correctly whatever the low hand, and the other settings need no check.

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker import settings
    >>> seven = cards("As Ks Qs Js Ts 9d 2c")
    >>> _made_hands(seven) == [
    ...     s for s in settings(seven) if rank_high(s[0])[0] >= PaiGowCategory.STRAIGHT]
    True
    """
    out: list[Setting] = []
    for low in combinations(range(7), 2):
        hi = tuple(c for i, c in enumerate(seven) if i not in low)
        if _may_be_made(hi) and rank_high(hi)[0] >= PaiGowCategory.STRAIGHT:
            out.append((hi, (seven[low[0]], seven[low[1]])))
    return out


def _may_be_made(five: Sequence[Card]) -> bool:
    """Whether five cards could rank a straight or better (a necessary test, cheaper than
    ranking them): at most two ranks (a full house, four or five of a kind), one suit (a
    flush), or ranks all different within a straight's span, the ace high or low (the joker,
    an ace or the card a straight or flush lacks, adds no rank of its own).

    >>> from crupier.core.cards import cards
    >>> [_may_be_made(cards(h)) for h in ("9s 9d 9h Kc Kd", "As 2d 3h 4c JK", "As Kd 9h 7c 5s")]
    [True, True, False]
    """
    real = [c for c in five if c.rank is not _JOKER_RANK]
    ranks = {high(c) for c in real}
    if len(ranks) <= 2 or len({c.suit for c in real}) == 1:
        return True
    if len(ranks) < len(real):  # a pair among three ranks or more: no straight
        return False
    if max(ranks) - min(ranks) <= 4:
        return True
    return 14 in ranks and max(ranks - {14}) <= 5  # the wheel, the ace low


def _may_make_straight_or_flush(seven: Sequence[Card]) -> bool:
    """Whether five of ``seven`` could make a straight or a flush (a quick necessary check
    before trying every setting): five of a suit, or five ranks of one straight, counting the
    joker as any missing card.

    >>> from crupier.core.cards import cards
    >>> _may_make_straight_or_flush(cards("As Kd 9h 7c 5s 4d 2c"))
    False
    >>> _may_make_straight_or_flush(cards("As JK 3h 4c 5s 9d 9c"))
    True
    """
    real = [c for c in seven if c.rank is not _JOKER_RANK]
    joker = len(seven) - len(real)
    suits: dict[object, int] = {}
    for c in real:
        suits[c.suit] = suits.get(c.suit, 0) + 1
    if max(suits.values(), default=0) + joker >= 5:
        return True
    ranks = {high(c) for c in real}
    if 14 in ranks:
        ranks.add(1)
    return any(len(ranks & set(range(low, low + 5))) + joker >= 5 for low in range(1, 11))


def _two_pair_class(higher: int, lower: int, way: HouseWay) -> str:
    def kind(rank: int) -> str:
        if rank <= way.low_pair_up_to:
            return "low"
        if rank <= way.medium_pair_up_to:
            return "medium"
        return "high" if rank < 14 else "aces"

    top = kind(higher)
    return "aces-any" if top == "aces" else f"{top}-{kind(lower)}"


def all_settings(seven: Sequence[Card]) -> list[Setting]:
    """Every way of setting seven cards, correct or not (21): for checking a player's."""
    return [
        (tuple(c for i, c in enumerate(seven) if i not in low), tuple(seven[i] for i in low))
        for low in combinations(range(7), 2)
    ]


__all__ = ["HouseWay", "Setting", "TwoPair", "all_settings", "house_way"]
