"""The exact Ante and Play of Four Card Poker under the optimal play rule: every player hand
against every up card and every five hidden cards of the croupier (2,598,960 x 47 x 1,370,754
deals, about 1.7 x 10^14), none sampled.

How: fix the up card (one per rank: the suits are symmetric, each weighs 4). The croupier's
hidden five and the player's five are both five-card sets of the 51 other cards. Sorted by
score, the croupier's hands are added one by one to a counter per card subset of up to five
cards (how many hands added so far contain that subset); a player hand then counts the added
hands that miss all its cards by inclusion-exclusion over its 32 subsets. Sweeping the player
hands from the highest score down gives, for each, the croupier's hands above it and equal to
it. Ranks come from the evaluator's four-card table (:mod:`crupier.core.poker.tables`), read by
a compiled kernel.

With the up card a spade, the three other suits are interchangeable: the six orders of
hearts, diamonds and clubs split the five-card hands into classes (about 450,000) whose hands
score alike for the croupier and have the same counts as the player. Only a class's
representative is scored and asked (the counter still holds every croupier hand), and the
tally weighs it by its class's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb, lcm

import numba
import numpy as np
import numpy.typing as npt

from crupier.core.poker import Category4
from crupier.core.poker.batch import every_hand
from crupier.core.poker.tables import four_card_table
from crupier.games.four_card_poker.profile import FourCardProfile

I64 = npt.NDArray[np.int64]
HIDDEN = comb(46, 5)
"""The croupier's hidden hands against one player hand and up card."""
DEALS = comb(52, 5) * 47 * HIDDEN

_jit = numba.njit(cache=True, nogil=True)
PERMUTATIONS = np.array(list(permutations(range(1, 4))), dtype=np.int64)
"""The six orders of hearts, diamonds and clubs (the up card's suit, spades, stays)."""


def _best4(cards: I64, n: int, table: npt.NDArray[np.int32]) -> int:  # pragma: no cover
    """The best four-card value of ``cards[:n]`` (card indices in rising order) in ``table``."""
    best = -1
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    w, x, y, z = cards[d], cards[c], cards[b], cards[a]  # ranks high first
                    flush = 1 if (w % 4 == x % 4 == y % 4 == z % 4) else 0
                    key = (((w // 4 + 2) * 16 + x // 4 + 2) * 16 + y // 4 + 2) * 16 + z // 4 + 2
                    v = table[key * 2 + flush]
                    if v > best:
                        best = v
    return best


_best4_jit = _jit(_best4)


def _classes(
    hands: npt.NDArray[np.uint8],
    perms: I64,
    binom: I64,
    canon: I64,
    weight: I64,
) -> None:  # pragma: no cover (compiled)
    """For each five-card hand (rows in :func:`itertools.combinations` order): the row of
    the least hand its suit permutations give (``canon``) and the number of distinct hands
    they give on that row (``weight``, 0 on the others)."""
    cards = np.zeros(5, dtype=np.int64)
    images = np.zeros(perms.shape[0], dtype=np.int64)
    total = binom[52, 5] - 1
    for i in range(hands.shape[0]):
        least = i
        for p in range(perms.shape[0]):
            for j in range(5):
                c = np.int64(hands[i, j])
                s = c % 4
                c = c if s == 0 else c - s + perms[p, s - 1]
                k = j
                while k > 0 and cards[k - 1] > c:  # insertion: the image in rising order
                    cards[k] = cards[k - 1]
                    k -= 1
                cards[k] = c
            idx = total
            for j in range(5):
                idx -= binom[51 - cards[j], 5 - j]
            images[p] = idx
            if idx < least:
                least = idx
        canon[i] = least
        if least == i:
            distinct = 0
            for p in range(perms.shape[0]):
                seen = False
                for q in range(p):
                    if images[q] == images[p]:
                        seen = True
                distinct += 0 if seen else 1
            weight[i] = distinct


def _fives(hands: npt.NDArray[np.uint8], table: npt.NDArray[np.int32], out: I64) -> None:
    """The best-four score of each five-card hand (compiled)."""  # pragma: no cover
    cards = np.zeros(5, dtype=np.int64)
    for i in range(hands.shape[0]):
        for j in range(5):
            cards[j] = hands[i, j]
        out[i] = _best4_jit(cards, 5, table)


def _order(values: I64, levels: int, out: I64) -> int:  # pragma: no cover (compiled)
    """The indices of ``values`` that are not negative, by falling value (a counting sort of
    values below ``levels``), into ``out``; returns how many."""
    start = np.zeros(levels + 1, dtype=np.int64)
    for v in values:
        if v >= 0:
            start[levels - 1 - v + 1] += 1
    for k in range(levels):
        start[k + 1] += start[k]
    for i in range(values.shape[0]):
        v = values[i]
        if v >= 0:
            out[start[levels - 1 - v]] = i
            start[levels - 1 - v] += 1
    return int(start[levels - 1])


def _dealer(
    hands: npt.NDArray[np.uint8], up: int, table: npt.NDArray[np.int32], canon: I64, out: I64
) -> None:  # pragma: no cover (compiled)
    """The croupier's best four of each hand with ``up`` (an index into the dense ``table``),
    computed on the class representatives and copied to their class; -1 for the hands that
    hold ``up``."""
    six = np.zeros(6, dtype=np.int64)
    for i in range(hands.shape[0]):
        if canon[i] != i:
            continue
        k = 0
        placed = False
        holds = False
        for j in range(5):
            c = np.int64(hands[i, j])
            if c == up:
                holds = True
            if not placed and up < c:
                six[k] = up
                k += 1
                placed = True
            six[k] = c
            k += 1
        if not placed:
            six[5] = up
        out[i] = -1 if holds else _best4_jit(six, 6, table)
    for i in range(hands.shape[0]):
        out[i] = out[canon[i]]


_HIGH = np.array([m.bit_length() - 1 for m in range(32)], dtype=np.int64)
_SIZE = np.array([m.bit_count() for m in range(32)], dtype=np.int64)


def _subsets(row: npt.NDArray[np.uint8], binom: I64, offsets: I64, out: I64) -> None:
    """The index of each of the 32 subsets of a five-card row (by size, then colex) in
    ``out[mask]``: a subset's colex rank is its set without its highest card's, plus the
    highest card's term (compiled)."""  # pragma: no cover
    out[0] = 0
    for mask in range(1, 32):
        h = _HIGH[mask]
        k = _SIZE[mask]
        out[mask] = out[mask ^ (1 << h)] - offsets[k - 1] + binom[np.int64(row[h]), k] + offsets[k]


def _sweep(
    hands: npt.NDArray[np.uint8],
    dealer: I64,
    player: I64,
    by_dealer: I64,
    reps: I64,
    queries: I64,
    binom: I64,
    offsets: I64,
    signs: I64,
    above: I64,
    equal: I64,
) -> None:  # pragma: no cover (compiled)
    """For each player hand ``reps[queries[i]]`` (by falling ``player`` value), the
    croupier's hands of ``by_dealer`` (by falling ``dealer`` value) that miss its cards and
    score above it (``above[queries[i]]``) and the same (``equal``)."""
    counts = np.zeros(offsets[6], dtype=np.int32)
    index = np.zeros(32, dtype=np.int64)
    n = by_dealer.shape[0]
    q = queries.shape[0]
    at = 0
    i = 0
    while i < q:
        s = player[reps[queries[i]]]
        while at < n and dealer[by_dealer[at]] > s:
            _subsets_jit(hands[by_dealer[at]], binom, offsets, index)
            for m in range(32):
                counts[index[m]] += 1
            at += 1
        j = i
        while j < q and player[reps[queries[j]]] == s:
            p = queries[j]
            _subsets_jit(hands[reps[p]], binom, offsets, index)
            total = 0
            for m in range(32):
                total += signs[m] * counts[index[m]]
            above[p] = total
            j += 1
        while at < n and dealer[by_dealer[at]] == s:
            _subsets_jit(hands[by_dealer[at]], binom, offsets, index)
            for m in range(32):
                counts[index[m]] += 1
            at += 1
        for t in range(i, j):
            p = queries[t]
            _subsets_jit(hands[reps[p]], binom, offsets, index)
            total = 0
            for m in range(32):
                total += signs[m] * counts[index[m]]
            equal[p] = total - above[p]
        i = j


_subsets_jit = _jit(_subsets)
_classes_jit = _jit(_classes)
_dealer_jit = _jit(_dealer)
_sweep_jit = _jit(_sweep)
_order_jit = _jit(_order)
_fives_jit = _jit(_fives)


@cache
def five_card_scores() -> tuple[npt.NDArray[np.uint8], I64]:
    """Every five-card hand (:func:`itertools.combinations` order) and its best-four score
    (spec 18's packed value, from the evaluator's four-card table).

    >>> hands, score = five_card_scores()
    >>> len(hands), hex(int(score[-1]))  # a king and the four aces: four of a kind
    (2598960, '0x7e0000')
    """
    hands = every_hand(5)
    score = np.zeros(len(hands), dtype=np.int64)
    _fives_jit(hands, np.ascontiguousarray(four_card_table()), score)
    return hands, score


@dataclass(frozen=True)
class Counts:
    """The player hands against the croupier, per up rank (its spade; the other suits are
    symmetric, each weighs 4)."""

    hands: npt.NDArray[np.uint8]
    """Every five-card hand, in :func:`itertools.combinations` order."""
    score: I64
    """Its best-four score (spec 18's packed value)."""
    canon: I64
    """Its class's representative: the least row its suit orders give."""
    reps: I64
    """The representatives, in rising order."""
    weight: I64
    """Per representative, how many hands its class holds."""
    per_up: tuple[tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]], ...]
    """Per up rank, per representative, the croupier's hidden hands above it and equal to it
    (-1 for the classes that hold the up card)."""


@cache
def counts_by_up_rank() -> Counts:
    """For each up rank and each class of player hands, the croupier's hidden hands above
    and equal to its hands: the croupier's hands of a class score alike, so only the
    representatives are scored and asked (the counter still holds every croupier hand)."""
    hands, score = five_card_scores()
    n = len(hands)
    table = np.ascontiguousarray(four_card_table())
    values = np.unique(table[table >= 0])
    dense = np.where(table >= 0, np.searchsorted(values, table), -1).astype(np.int32)
    binom = np.array([[comb(m, k) for k in range(6)] for m in range(53)], dtype=np.int64)
    offsets = np.array([0, *np.cumsum([comb(52, k) for k in range(6)])], dtype=np.int64)
    signs = np.array([(-1) ** bin(m).count("1") for m in range(32)], dtype=np.int64)
    canon = np.zeros(n, dtype=np.int64)
    weight = np.zeros(n, dtype=np.int64)
    _classes_jit(hands, PERMUTATIONS, binom, canon, weight)
    player = np.searchsorted(values, score).astype(np.int64)
    reps = np.flatnonzero(weight)
    by_player = np.argsort(-player[reps], kind="stable")
    out = []
    dealer = np.zeros(n, dtype=np.int64)
    by_dealer = np.zeros(n, dtype=np.int64)
    for rank in range(13):
        up = 4 * rank
        _dealer_jit(hands, up, dense, canon, dealer)
        held = _order_jit(dealer, len(values), by_dealer)
        queries = by_player[dealer[reps[by_player]] >= 0]
        above = np.full(len(reps), -1, dtype=np.int64)
        equal = np.full(len(reps), -1, dtype=np.int64)
        _sweep_jit(
            hands, dealer, player, by_dealer[:held], reps, queries, binom, offsets, signs,
            above, equal,
        )  # fmt: skip
        out.append((above.astype(np.int32), equal.astype(np.int32)))
    return Counts(hands, score, canon, reps, weight[reps], tuple(out))


@dataclass(frozen=True)
class AnteAnalysis:
    """The Ante and Play under the optimal rule, per unit of Ante."""

    distribution: tuple[tuple[Fraction, Fraction], ...]
    ev: Fraction
    choices: tuple[tuple[int, int], ...]
    """(choice, weighted (hand, up card) pairs): 0 fold, else the Play multiple."""
    average_play: Fraction


@dataclass(frozen=True)
class PlayDecisions:
    """The optimal choice the analysis counts with, per up rank (its spade) and class of
    player hands: ``choice[rank][i]`` is the index into ``choices`` (0 fold, else the Play
    multiple) of :class:`Counts`' ``reps[i]`` (-1 where the class holds the up card)."""

    choices: tuple[int, ...]
    choice: tuple[npt.NDArray[np.int8], ...]


_ANTE: dict[str, tuple[AnteAnalysis, PlayDecisions]] = {}


def _analysed(profile: FourCardProfile) -> tuple[AnteAnalysis, PlayDecisions]:
    key = profile.model_dump_json()
    found = _ANTE.get(key)
    if found is None:
        found = _ANTE[key] = _analyse(profile)
    return found


def analyse(profile: FourCardProfile) -> AnteAnalysis:
    """The Ante's analysis for ``profile`` (computed once per profile)."""
    return _analysed(profile)[0]


def play_decisions(profile: FourCardProfile) -> PlayDecisions:
    """The fold-or-Play choices the analysis takes (computed once per profile, with it)."""
    return _analysed(profile)[1]


def hand_row(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The row in :func:`itertools.combinations` order (:class:`Counts`' ``hands``) of each
    row of five increasing card indices.

    >>> hand_row(np.array([[0, 1, 2, 3, 4], [47, 48, 49, 50, 51]])).tolist()
    [0, 2598959]
    """
    binom = np.array([[comb(m, k) for k in range(6)] for m in range(53)], dtype=np.int64)
    idx = np.full(cards.shape[0], comb(52, 5) - 1, dtype=np.int64)
    for j in range(5):
        idx -= binom[51 - cards[:, j], 5 - j]
    return idx


_COMPARISONS = (1, 0, -1)
"""The player's hand higher, equal, lower than the croupier's."""


def _analyse(profile: FourCardProfile) -> tuple[AnteAnalysis, PlayDecisions]:
    from crupier.games.four_card_poker.showdown import ante_net, play_net

    choices = (0, *sorted(set(profile.rules.play_multiples)))
    # nets[c][k][o]: category c, choice k, comparison o
    nets = [
        [
            [
                ante_net(profile, cat, m > 0, cmp) + m * play_net(profile, cmp)
                if m
                else ante_net(profile, cat, False, cmp)
                for cmp in _COMPARISONS
            ]
            for m in choices
        ]
        for cat in Category4
    ]
    scale = lcm(*(x.denominator for a in nets for b in a for x in b))
    table = np.array([[[int(x * scale) for x in b] for b in a] for a in nets], dtype=np.int64)
    tally = np.zeros((len(Category4), len(choices), 3), dtype=np.int64)
    counts = counts_by_up_rank()
    decided: list[npt.NDArray[np.int8]] = []
    for above_all, equal_all in counts.per_up:
        kept = above_all >= 0
        above, equal = above_all[kept].astype(np.int64), equal_all[kept].astype(np.int64)
        below = HIDDEN - above - equal
        cats = counts.score[counts.reps[kept]] >> 20
        values = np.stack(
            [
                below * table[cats, k, 0] + equal * table[cats, k, 1] + above * table[cats, k, 2]
                for k in range(len(choices))
            ]
        )
        best = np.argmax(values, axis=0)  # the first of equal values: fold, then the least
        choice = np.full(len(above_all), -1, dtype=np.int8)
        choice[kept] = best
        decided.append(choice)
        weight = 4 * counts.weight[kept]  # the class's hands, and the up card's four suits
        for o, hidden in enumerate((below, equal, above)):
            np.add.at(tally[:, :, o], (cats, best), weight * hidden)
    dist: dict[Fraction, int] = {}
    for c in range(len(Category4)):
        for k in range(len(choices)):
            for o in range(3):
                n = int(tally[c, k, o])
                if n:
                    dist[nets[c][k][o]] = dist.get(nets[c][k][o], 0) + n
    distribution = tuple(sorted((v, Fraction(n, DEALS)) for v, n in dist.items()))
    ev = sum((v * p for v, p in distribution), Fraction(0))
    weights = tuple((m, int(tally[:, k].sum()) // HIDDEN) for k, m in enumerate(choices))
    played = sum(m * n for m, n in weights)
    sheet = AnteAnalysis(distribution, ev, weights, Fraction(played, comb(52, 5) * 47))
    return sheet, PlayDecisions(choices, tuple(decided))
