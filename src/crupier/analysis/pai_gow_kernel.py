"""Pai Gow Poker's main bet at scale: the profile's house way compiled into arrays and played
by a numba kernel on the batch evaluator's card masks.

One copy of the rules. The house way is the engine's
(:func:`~crupier.games.pai_gow_poker.houseway.house_way`, reading the profile's
``[house_way]`` data); this module does not restate it. Apart from its rule 4 (a straight or
a flush kept high), the house way looks only at the ranks of the seven cards (the joker with
the aces, set apart from them) and at the place of each card in its rank group, so
:func:`compile_house_way` runs the engine's own function once on one hand of every rank
pattern (77,520 patterns of seven ranks and the joker; suits dealt round the four so that no
flush is possible) and writes down which two cards it put low, as ``(rank, place in the
group)``. The kernel looks the pattern of a hand up. Rule 4 depends on the suits: where the
pattern allows it (at most one pair, no full house, no quads, the engine's own
``_may_make_straight_or_flush`` on the pattern, or five cards of a suit counting the joker),
the kernel does what rule 4 says, the best low hand among the settings whose high hand is a
straight or better, trying the settings in the engine's order (:func:`settings`).

High hands are scored as :func:`~crupier.core.poker.rank_high` orders them, packed as
:func:`~crupier.core.poker.score` packs a key: the batch evaluator's five-card score, a
straight keyed by its two ranking cards (A-2-3-4-5 second), the joker tried as every card it
may stand for, four aces and the joker as five aces (category 10). The tests compare all of
it with the engine on large random samples.

>>> from crupier.core.cards import cards
>>> from crupier.core.poker.batch import indices
>>> from crupier.games.pai_gow_poker import load_builtin
>>> arrays = compile_house_way(load_builtin().house_way)
>>> set_hands(indices([cards("As Kd 9h 7c 5s 4d 2c")]), arrays).tolist()  # Kd 9h low
[[1, 2]]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.core.cards import FRENCH_SUITS, JOKER, Card, Rank
from crupier.core.poker.batch import _CARD_MASK, _score_mask_jit
from crupier.games.pai_gow_poker.houseway import (
    HouseWay,
    _may_make_straight_or_flush,
    house_way,
)

PATTERNS = comb(14 + 7 - 1, 7)
"""Rank patterns of seven cards: multisets of seven of the 13 ranks and the joker."""
ELIGIBLE = 1
"""Flag: at most one pair, no full house, no quads (the house way reaches its rule 4)."""
STRAIGHT = 2
"""Flag: the ranks (the joker wild) hold a straight."""

_SYMBOLS = "23456789TJQKA"
_BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(21)], dtype=np.int64)


@dataclass(frozen=True)
class HouseWayArrays:
    """The house way compiled: per rank pattern, the flags and the two low cards."""

    flags: npt.NDArray[np.int8]
    """:data:`ELIGIBLE` | :data:`STRAIGHT` per pattern."""
    low_value: npt.NDArray[np.int8]
    """``[pattern, 2]``: the low cards' ranks, 2-14 (the joker counts 14, with the aces)."""
    low_place: npt.NDArray[np.int8]
    """``[pattern, 2]``: each low card's place in its rank group (suits c, d, h, s, then the
    joker), as the engine orders a group."""


def pattern_index(symbols: Sequence[int]) -> int:
    """The index of a multiset of seven symbols (0-12 the ranks 2 to ace, 13 the joker) in
    0 .. :data:`PATTERNS` - 1 (the combinatorial number system).

    >>> pattern_index([0] * 7), pattern_index([13] * 7) == PATTERNS - 1
    (0, True)
    """
    ordered = sorted(symbols)
    return sum(comb(s + i, i + 1) for i, s in enumerate(ordered))


def _value(c: Card) -> int:
    return 14 if c == JOKER else _SYMBOLS.index(c.rank.value) + 2


def _group_order(c: Card) -> tuple[bool, str]:
    """The engine's order inside a rank group (``houseway._groups``)."""
    return c == JOKER, str(c)


def _representative(symbols: Sequence[int]) -> list[Card]:
    """A hand of the pattern with its suits dealt round the four (no flush possible)."""
    out: list[Card] = []
    dealt = 0
    for s in sorted(symbols):
        if s == 13:
            out.append(JOKER)
            continue
        out.append(Card(Rank(_SYMBOLS[s]), FRENCH_SUITS[dealt % 4]))
        dealt += 1
    return out


@lru_cache(maxsize=8)
def _compile(way_json: str) -> HouseWayArrays:
    way = HouseWay.model_validate(json.loads(way_json))
    flags = np.zeros(PATTERNS, dtype=np.int8)
    low_value = np.full((PATTERNS, 2), -1, dtype=np.int8)
    low_place = np.full((PATTERNS, 2), -1, dtype=np.int8)
    for symbols in combinations_with_replacement(range(14), 7):
        if symbols.count(13) > 1 or any(symbols.count(s) > 4 for s in range(13)):
            continue
        i = pattern_index(symbols)
        hand = _representative(symbols)
        counts = [sum(_value(c) == v for c in hand) for v in range(2, 15)]
        pairs, trips = counts.count(2), counts.count(3)
        eligible = max(counts) <= 3 and pairs <= 1 and trips <= 1 and not (trips and pairs)
        straight = eligible and _may_make_straight_or_flush(hand)
        flags[i] = (ELIGIBLE if eligible else 0) | (STRAIGHT if straight else 0)
        if straight:
            continue  # rule 4 by the kernel on the real suits
        _, low = house_way(hand, way)
        for j, c in enumerate(low):
            group = sorted((d for d in hand if _value(d) == _value(c)), key=_group_order)
            low_value[i, j] = _value(c)
            low_place[i, j] = group.index(c)
    return HouseWayArrays(flags, low_value, low_place)


def compile_house_way(way: HouseWay) -> HouseWayArrays:
    """The house way as arrays, computed by the engine's :func:`house_way` (cached per
    house way; about 50,000 patterns)."""
    return _compile(way.model_dump_json())


_jit = numba.njit(cache=True, nogil=True)


def _pai_gow_score(s: Any) -> Any:  # pragma: no cover (compiled)
    """A five-card packed score re-keyed as Pai Gow orders it: a straight (flush) by its two
    ranking cards, A-2-3-4-5 second."""
    cat = s >> 20
    if cat == 4 or cat == 8 or cat == 9:
        top = (s >> 16) & 15
        if top == 5:
            return (cat << 20) | (14 << 16) | (5 << 12)
        return (cat << 20) | (top << 16) | ((top - 1) << 12)
    return s


_pai_gow_score_jit = _jit(_pai_gow_score)


def _high_score(hand: Any, skip_a: int, skip_b: int) -> Any:  # pragma: no cover (compiled)
    """The Pai Gow score of the five cards of ``hand`` (seven indices) other than the
    positions ``skip_a`` and ``skip_b``; the joker stands for an ace or for whatever card
    completes a straight or a flush, four aces and the joker are five aces."""
    card_mask = _CARD_MASK
    m = np.uint64(0)
    joker = False
    aces = 0
    for p in range(7):
        if p == skip_a or p == skip_b:  # noqa: SIM109 (compiled: no tuple built)
            continue
        c = hand[p]
        if c == 52:
            joker = True
        else:
            m |= card_mask[c]
            if c >= 48:
                aces += 1
    if not joker:
        return _pai_gow_score_jit(_score_mask_jit(m))
    if aces == 4:
        return (10 << 20) | (14 << 16)
    best = -1
    for c in range(52):
        b = card_mask[c]
        if m & b:
            continue
        s = _score_mask_jit(m | b)
        cat = s >> 20
        if c >= 48 or cat == 4 or cat == 5 or cat == 8 or cat == 9:
            s = _pai_gow_score_jit(s)
            if s > best:
                best = s
    return best


_high_score_jit = _jit(_high_score)


def _low_score(a: Any, b: Any) -> Any:  # pragma: no cover (compiled)
    """The two-card low hand's score: a pair above no pair, the joker an ace."""
    va = 14 if a == 52 else a // 4 + 2
    vb = 14 if b == 52 else b // 4 + 2
    if va == vb:
        return (1 << 8) | (va << 4)
    if va > vb:
        return (va << 4) | vb
    return (vb << 4) | va


_low_score_jit = _jit(_low_score)


def _place(hand: Any, value: Any, place: Any) -> Any:  # pragma: no cover (compiled)
    """The position in ``hand`` of the card at ``place`` in its rank group of ``value``
    (ordered c, d, h, s, then the joker, as the engine orders a group)."""
    for p in range(7):
        c = hand[p]
        v = 14 if c == 52 else c // 4 + 2
        if v != value:
            continue
        order = 4 if c == 52 else 3 - c % 4
        before = 0
        for q in range(7):
            d = hand[q]
            w = 14 if d == 52 else d // 4 + 2
            if w == value and (4 if d == 52 else 3 - d % 4) < order:
                before += 1
        if before == place:
            return p
    return -1


_place_jit = _jit(_place)


def _set_hand(
    hand: Any, binom: Any, flags: Any, low_value: Any, low_place: Any, out: Any
) -> None:  # pragma: no cover (compiled)
    """Set seven cards the house way: ``out[0] < out[1]``, the positions of the low cards."""
    symbols = np.empty(7, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    joker = 0
    for p in range(7):
        c = hand[p]
        if c == 52:
            symbols[p] = 13
            joker = 1
        else:
            symbols[p] = c // 4
            suits[c % 4] += 1
    symbols.sort()
    pattern = 0
    for i in range(7):
        pattern += binom[symbols[i] + i, i + 1]
    flag = flags[pattern]
    if flag & 1 and (flag & 2 or suits.max() + joker >= 5):
        best = -1
        for a in range(7):
            for b in range(a + 1, 7):
                high = _high_score_jit(hand, a, b)
                if high >> 20 < 4:
                    continue
                key = (_low_score_jit(hand[a], hand[b]) << 24) | high
                if key > best:
                    best = key
                    out[0] = a
                    out[1] = b
        if best >= 0:
            return
    a = _place_jit(hand, low_value[pattern, 0], low_place[pattern, 0])
    b = _place_jit(hand, low_value[pattern, 1], low_place[pattern, 1])
    out[0] = min(a, b)
    out[1] = max(a, b)


_set_hand_jit = _jit(_set_hand)


def _set_rows(
    hands: Any, binom: Any, flags: Any, low_value: Any, low_place: Any, out: Any
) -> None:  # pragma: no cover (compiled)
    for i in range(hands.shape[0]):
        _set_hand_jit(hands[i], binom, flags, low_value, low_place, out[i])


def _scores(
    hand: Any, binom: Any, flags: Any, low_value: Any, low_place: Any, low: Any
) -> Any:  # pragma: no cover (compiled)
    """The house way's (high score, low score) of seven cards."""
    _set_hand_jit(hand, binom, flags, low_value, low_place, low)
    return _high_score_jit(hand, low[0], low[1]), _low_score_jit(hand[low[0]], hand[low[1]])


_scores_jit = _jit(_scores)


def _result(ph: Any, pl: Any, bh: Any, bl: Any) -> Any:  # pragma: no cover (compiled)
    """1 both hands won, 0 one (a copy goes to the bank), -1 none."""
    won = int(ph > bh) + int(pl > bl)
    return won - 1


_result_jit = _jit(_result)


def _deal_results(
    deals: Any, binom: Any, flags: Any, low_value: Any, low_place: Any, out: Any
) -> None:  # pragma: no cover (compiled)
    """``out[i]``: the result of deal ``i``'s first seven cards against its next seven."""
    low = np.empty(2, dtype=np.int64)
    for i in range(deals.shape[0]):
        ph, pl = _scores_jit(deals[i, :7], binom, flags, low_value, low_place, low)
        bh, bl = _scores_jit(deals[i, 7:14], binom, flags, low_value, low_place, low)
        out[i] = _result_jit(ph, pl, bh, bl)


def _play(
    u: Any,
    deck: Any,
    binom: Any,
    flags: Any,
    low_value: Any,
    low_place: Any,
    pays: float,
    counts: Any,
    sums: Any,
) -> None:  # pragma: no cover (compiled)
    """Deal fourteen cards per row of uniforms ``u`` (a partial Fisher-Yates shuffle of
    ``deck``, carried from row to row), play the first seven against the next seven and the
    other way round; add the results to ``counts`` (win, push, lose) and the pair's mean net
    result and its square to ``sums``."""
    low = np.empty(2, dtype=np.int64)
    for r in range(u.shape[0]):
        for i in range(14):
            j = i + int(u[r, i] * (53 - i))
            deck[i], deck[j] = deck[j], deck[i]
        ah, al = _scores_jit(deck[:7], binom, flags, low_value, low_place, low)
        bh, bl = _scores_jit(deck[7:14], binom, flags, low_value, low_place, low)
        total = 0.0
        for x in (_result_jit(ah, al, bh, bl), _result_jit(bh, bl, ah, al)):
            counts[1 - x] += 1
            total += pays if x == 1 else (0.0 if x == 0 else -1.0)
        v = total / 2
        sums[0] += v
        sums[1] += v * v


_set_kernel = cast(Callable[..., None], _jit(_set_rows))
_deal_kernel = cast(Callable[..., None], _jit(_deal_results))
_play_kernel = cast(Callable[..., None], _jit(_play))


def _rows(hands: npt.ArrayLike, width: int) -> npt.NDArray[np.uint8]:
    array = np.ascontiguousarray(hands, dtype=np.uint8)
    if array.ndim != 2 or array.shape[1] != width:
        raise ValueError(f"rows of {width} card indices, not shape {array.shape}")
    if array.size and int(array.max()) > 52:
        raise ValueError("a card index is 0 to 52 (the joker)")
    if any(len(set(row)) != width for row in array.tolist()):
        raise ValueError("a row holds the same card twice")
    return array


def set_hands(hands: npt.ArrayLike, arrays: HouseWayArrays) -> npt.NDArray[np.int64]:
    """The house way's low hand of each row of seven card indices (the joker 52), as the
    two positions in the row, the lower first."""
    rows = _rows(hands, 7)
    out = np.empty((rows.shape[0], 2), dtype=np.int64)
    _set_kernel(rows, _BINOM, arrays.flags, arrays.low_value, arrays.low_place, out)
    return out


def deal_results(deals: npt.ArrayLike, arrays: HouseWayArrays) -> npt.NDArray[np.int8]:
    """Each row of fourteen cards: the first seven (the player) against the next seven (the
    bank), both set the house way: ``1`` won, ``0`` a push, ``-1`` lost."""
    rows = _rows(deals, 14)
    out = np.empty(rows.shape[0], dtype=np.int8)
    _deal_kernel(rows, _BINOM, arrays.flags, arrays.low_value, arrays.low_place, out)
    return out


@dataclass(frozen=True)
class PlayedRounds:
    """What :func:`play_rounds` counted: ``rounds`` = twice the deals (each deal played both
    ways); ``pair_sum``/``pair_sum2`` are the sums of each deal's mean net result and its
    square (the deals are independent, the two ways of one deal are not)."""

    deals: int
    rounds: int
    win: int
    push: int
    lose: int
    pair_sum: float
    pair_sum2: float


def play_rounds(
    arrays: HouseWayArrays, pays: Fraction, deals: int, seed: int, block: int = 200_000
) -> PlayedRounds:
    """Deal ``deals`` times fourteen cards of a fresh 53-card pack (uniforms from PCG64 seeded
    with ``seed``), each deal played both ways: the player's seven against the bank's, then
    the bank's seven as the player's. A won unit pays ``pays``.

    >>> from crupier.games.pai_gow_poker import load_builtin
    >>> found = play_rounds(compile_house_way(load_builtin().house_way), Fraction(19, 20), 500, 1)
    >>> found.rounds, found.win + found.push + found.lose
    (1000, 1000)
    """
    rng = np.random.Generator(np.random.PCG64(seed))
    deck = np.arange(53, dtype=np.uint8)
    counts = np.zeros(3, dtype=np.int64)
    sums = np.zeros(2, dtype=np.float64)
    done = 0
    while done < deals:
        n = min(block, deals - done)
        _play_kernel(
            rng.random((n, 14)),
            deck,
            _BINOM,
            arrays.flags,
            arrays.low_value,
            arrays.low_place,
            float(pays),
            counts,
            sums,
        )
        done += n
    win, push, lose = (int(x) for x in counts)
    return PlayedRounds(deals, 2 * deals, win, push, lose, float(sums[0]), float(sums[1]))


__all__ = [
    "ELIGIBLE",
    "PATTERNS",
    "STRAIGHT",
    "HouseWayArrays",
    "PlayedRounds",
    "compile_house_way",
    "deal_results",
    "pattern_index",
    "play_rounds",
    "set_hands",
]
