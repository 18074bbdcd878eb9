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
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
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


def _best4(cards: I64, n: int, table: npt.NDArray[np.int32]) -> int:  # pragma: no cover
    """The best four-card score of ``cards[:n]`` (card indices in rising order)."""
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


def _scores(
    rows: npt.NDArray[np.uint8], up: int, table: npt.NDArray[np.int32], dealer: I64, player: I64
) -> None:  # pragma: no cover (compiled)
    """``rows``: five-card sets of the 51 cards other than ``up`` (relabelled 0-50); the
    croupier's best four with ``up`` and the player's best four of the five."""
    cards = np.zeros(6, dtype=np.int64)
    six = np.zeros(6, dtype=np.int64)
    for i in range(rows.shape[0]):
        for j in range(5):
            c = np.int64(rows[i, j])
            cards[j] = c + 1 if c >= up else c
        player[i] = _best4_jit(cards, 5, table)
        k = 0
        placed = False
        for j in range(5):
            if not placed and up < cards[j]:
                six[k] = up
                k += 1
                placed = True
            six[k] = cards[j]
            k += 1
        if not placed:
            six[5] = up
        dealer[i] = _best4_jit(six, 6, table)


def _subsets(row: npt.NDArray[np.uint8], binom: I64, offsets: I64, out: I64) -> None:
    """The index of each of the 32 subsets of a five-card row (by size, then colex) and its
    sign in ``out[mask]`` (compiled)."""  # pragma: no cover
    for mask in range(32):
        k = 0
        idx = 0
        for j in range(5):
            if mask & (1 << j):
                k += 1
                idx += binom[np.int64(row[j]), k]
        out[mask] = offsets[k] + idx


def _sweep(
    rows: npt.NDArray[np.uint8],
    dealer: I64,
    player: I64,
    by_dealer: I64,
    by_player: I64,
    binom: I64,
    offsets: I64,
    signs: I64,
    above: I64,
    equal: I64,
) -> None:  # pragma: no cover (compiled)
    """For each player hand, the croupier's hands that miss its cards and score above it
    (``above``) and the same (``equal``)."""
    counts = np.zeros(offsets[6], dtype=np.int64)
    index = np.zeros(32, dtype=np.int64)
    n = rows.shape[0]
    at = 0
    i = 0
    while i < n:
        s = player[by_player[i]]
        while at < n and dealer[by_dealer[at]] > s:
            _subsets_jit(rows[by_dealer[at]], binom, offsets, index)
            for m in range(32):
                counts[index[m]] += 1
            at += 1
        j = i
        while j < n and player[by_player[j]] == s:
            p = by_player[j]
            _subsets_jit(rows[p], binom, offsets, index)
            total = 0
            for m in range(32):
                total += signs[m] * counts[index[m]]
            above[p] = total
            j += 1
        while at < n and dealer[by_dealer[at]] == s:
            _subsets_jit(rows[by_dealer[at]], binom, offsets, index)
            for m in range(32):
                counts[index[m]] += 1
            at += 1
        for t in range(i, j):
            p = by_player[t]
            _subsets_jit(rows[p], binom, offsets, index)
            total = 0
            for m in range(32):
                total += signs[m] * counts[index[m]]
            equal[p] = total - above[p]
        i = j


_subsets_jit = _jit(_subsets)
_scores_jit = _jit(_scores)
_sweep_jit = _jit(_sweep)


@cache
def counts_by_up_rank() -> tuple[npt.NDArray[np.uint8], tuple[tuple[I64, I64, I64], ...]]:
    """For each up rank (its spade; the other suits are symmetric): each player hand of the
    51 other cards (``rows``, relabelled), its best-four score, and the croupier's hidden
    hands above it and equal to it."""
    rows = every_hand(5, 51)
    table = np.ascontiguousarray(four_card_table())
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(52)], dtype=np.int64)
    offsets = np.array([0, *np.cumsum([comb(51, k) for k in range(6)])], dtype=np.int64)
    signs = np.array([(-1) ** bin(m).count("1") for m in range(32)], dtype=np.int64)
    out = []
    for rank in range(13):
        up = 4 * rank
        dealer = np.zeros(len(rows), dtype=np.int64)
        player = np.zeros(len(rows), dtype=np.int64)
        _scores_jit(rows, up, table, dealer, player)
        above = np.zeros(len(rows), dtype=np.int64)
        equal = np.zeros(len(rows), dtype=np.int64)
        _sweep_jit(
            rows, dealer, player, np.argsort(-dealer, kind="stable"),
            np.argsort(-player, kind="stable"), binom, offsets, signs, above, equal,
        )  # fmt: skip
        out.append((player, above, equal))
    return rows, tuple(out)


@dataclass(frozen=True)
class AnteAnalysis:
    """The Ante and Play under the optimal rule, per unit of Ante."""

    distribution: tuple[tuple[Fraction, Fraction], ...]
    ev: Fraction
    choices: tuple[tuple[int, int], ...]
    """(choice, weighted (hand, up card) pairs): 0 fold, else the Play multiple."""
    average_play: Fraction


_ANTE: dict[str, AnteAnalysis] = {}


def analyse(profile: FourCardProfile) -> AnteAnalysis:
    """The Ante's analysis for ``profile`` (computed once per profile)."""
    key = profile.model_dump_json()
    found = _ANTE.get(key)
    if found is None:
        found = _ANTE[key] = _analyse(profile)
    return found


_COMPARISONS = (1, 0, -1)
"""The player's hand higher, equal, lower than the croupier's."""


def _analyse(profile: FourCardProfile) -> AnteAnalysis:
    from crupier.games.four_card_poker.showdown import ante_net, play_net

    rows, per_up = counts_by_up_rank()
    del rows
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
    for player, above, equal in per_up:
        below = HIDDEN - above - equal
        cats = player >> 20
        values = np.stack(
            [
                below * table[cats, k, 0] + equal * table[cats, k, 1] + above * table[cats, k, 2]
                for k in range(len(choices))
            ]
        )
        best = np.argmax(values, axis=0)  # the first of equal values: fold, then the least
        for k in range(len(choices)):
            chosen = best == k
            for c in range(len(Category4)):
                sel = chosen & (cats == c)
                if sel.any():
                    tally[c, k] += 4 * np.array(
                        [below[sel].sum(), equal[sel].sum(), above[sel].sum()]
                    )
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
    return AnteAnalysis(distribution, ev, weights, Fraction(played, comb(52, 5) * 47))
