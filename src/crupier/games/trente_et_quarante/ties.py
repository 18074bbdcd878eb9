"""The exact tie distribution of two rows dealt from a shoe, computed (card removal).

Both rows make the point ``p`` when their multisets K1 and K2 of card values total ``p``
and each ends on a card worth at least ``p - 30`` (the cards before it total 30 or less).
A pair (K1, K2) of n1 and n2 cards weighs (n1-1)! (n2-1)! g(K1) g(K2)
prod_v c_v! / (k1_v! k2_v! (c_v - k1_v - k2_v)!) / (N)_(n1+n2), with g(K) the number of
cards of K worth at least ``p - 30`` (the choices of the last card).

The sum over pairs is a dynamic programme over the card values (10 down to 1) whose state
is both rows' totals and card counts. Its integer weights run to hundreds of digits, so it
runs modulo a handful of primes below 2**28 (products fit in 64 bits), compiled by numba,
and each count is rebuilt exactly by the Chinese remainder theorem: the primes' product
exceeds every count the programme can reach, so nothing is approximated. Why not Python
integers: the same programme on them took 2.6 s for six decks, this one a few hundredths.

>>> from fractions import Fraction
>>> ties = dict(exact_ties((24, 24, 24, 24, 24, 24, 24, 24, 24, 96)))
>>> round(float(ties[31]), 12)
0.021891370487
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

STOP = 31
"""The lowest point a row ends on."""

I64 = npt.NDArray[np.int64]

_jit = numba.njit(cache=True, nogil=True, error_model="numpy")

_BASES = (2, 3, 5, 7)
"""Miller-Rabin with these bases decides primality of every n < 3,215,031,751."""


def _is_prime(n: int) -> bool:
    """Deterministic for the odd numbers below 2**28 this module asks about.

    >>> [n for n in range(2, 30) if _is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    if n < 2:
        return False
    for p in _BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def primes_above(bound: int) -> list[int]:
    """The largest primes below 2**28, as many as needed for their product to exceed
    ``bound`` (then a residue vector names one integer in [0, bound]).

    >>> primes_above(10**12)
    [268435399, 268435367]
    """
    primes: list[int] = []
    product, n = 1, 2**28 - 1
    while product <= bound:
        if _is_prime(n):
            primes.append(n)
            product *= n
        n -= 2
    return primes


def _multinomial_table(counts: tuple[int, ...], primes: list[int]) -> I64:
    """``table[v, k1, k2, q]`` = c_v! / (k1! k2! (c_v - k1 - k2)!) mod ``primes[q]``
    (the ways to pick k1 cards of value v for one row and k2 for the other)."""
    table = np.zeros((11, 41, 41, len(primes)), dtype=np.int64)
    for v in range(1, 11):
        c = counts[v - 1]
        for k1 in range(min(c, 40) + 1):
            for k2 in range(min(c - k1, 40) + 1):
                ways = math.comb(c, k1) * math.comb(c - k1, k2)
                table[v, k1, k2] = [ways % p for p in primes]
    return table


def _tie_counts(
    point: int, counts: I64, table: I64, primes: I64, pair_t: I64, pair_n: I64, index: I64
) -> tuple[I64, npt.NDArray[np.bool_]]:  # pragma: no cover - compiled by numba
    """The programme for one point: ``acc[n1, n2, q]``, mod ``primes[q]``, such that the
    sum over (n1, n2) of acc times (n1-1)! (n2-1)! / (N)_(n1+n2) is P(tie at ``point``),
    and which (n1, n2) were reached.

    Values 10 to 3 walk the state (t1, n1, t2, n2), each row's (t, n) numbered by ``index``
    (``pair_t``, ``pair_n`` the other way). The state is symmetric in the two rows, so only
    states with the first row's number not above the second's are kept (each stands for
    its mirror too). The twos and aces then close each row on ``point`` directly.

    Residues are kept below ``primes[q]`` < 2**28, so a product is below 2**56, and sums
    are reduced only when they pass 2**62."""
    n_primes, size = primes.shape[0], pair_t.shape[0]
    limit = np.int64(1) << 62
    theta = point - (STOP - 1)
    w = np.zeros((size, size, n_primes), dtype=np.int64)
    seen = np.zeros((size, size), dtype=np.bool_)
    w[0, 0, :] = 1
    seen[0, 0] = True
    kmax = np.zeros(size, dtype=np.int64)
    nxt = np.zeros((size, 14), dtype=np.int64)
    for v in range(10, 2, -1):
        c = counts[v - 1]
        nw = np.zeros_like(w)
        nseen = np.zeros_like(seen)
        for s in range(size):  # each row state's successors on k cards of value v
            t, n = pair_t[s], pair_n[s]
            kmax[s] = min((point - t) // v, c) if t <= point else -1
            for k in range(kmax[s] + 1):
                nxt[s, k] = index[t + k * v, n + k]
        for s1 in range(size):
            for k1 in range(kmax[s1] + 1):
                a = nxt[s1, k1]
                for s2 in range(s1, size):
                    if not seen[s1, s2]:
                        continue
                    for k2 in range(min(kmax[s2], c - k1) + 1):
                        b = nxt[s2, k2]
                        # (s1, s2) -> (a, b); its mirror (s2, s1) -> (b, a), same weight
                        for i, j, go in ((a, b, a <= b), (b, a, s1 != s2 and b <= a)):
                            if go:
                                nseen[i, j] = True
                                for q in range(n_primes):
                                    y = nw[i, j, q] + w[s1, s2, q] * table[v, k1, k2, q]
                                    nw[i, j, q] = y % primes[q] if y >= limit else y
        w, seen = nw, nseen
        for s1 in range(size):
            for s2 in range(s1, size):
                if seen[s1, s2]:
                    # when every card so far is worth at least point - 30: g = n
                    g = pair_n[s1] * pair_n[s2] if v == theta else 1
                    for q in range(n_primes):
                        w[s1, s2, q] = w[s1, s2, q] % primes[q] * g % primes[q]
    acc = np.zeros((41, 41, n_primes), dtype=np.int64)
    reached = np.zeros((41, 41), dtype=np.bool_)
    twos, aces = counts[1], counts[0]
    for s1 in range(size):
        for s2 in range(s1, size):
            if not seen[s1, s2]:
                continue
            both = 1 if s1 == s2 else 2  # the state and its mirror
            n1, n2 = pair_n[s1], pair_n[s2]
            r1, r2 = point - pair_t[s1], point - pair_t[s2]
            for j1 in range(min(r1 // 2, twos) + 1):
                a1 = r1 - 2 * j1
                if a1 > aces:
                    continue
                for j2 in range(min(r2 // 2, twos - j1) + 1):
                    a2 = r2 - 2 * j2
                    if a1 + a2 > aces:
                        continue
                    if theta == 2:
                        g = both * (n1 + j1) * (n2 + j2)
                    elif theta == 1:
                        g = both * (n1 + j1 + a1) * (n2 + j2 + a2)
                    else:
                        g = both
                    f1, f2 = n1 + j1 + a1, n2 + j2 + a2
                    reached[f1, f2] = True
                    for q in range(n_primes):
                        p = primes[q]
                        x = w[s1, s2, q] * table[2, j1, j2, q] % p
                        y = acc[f1, f2, q] + x * table[1, a1, a2, q] % p * g
                        acc[f1, f2, q] = y % p if y >= limit else y
    for f1 in range(41):
        for f2 in range(41):
            for q in range(n_primes):
                acc[f1, f2, q] %= primes[q]
    return acc, reached


def _row_states() -> tuple[I64, I64, I64]:
    """Every (total, cards) a row can hold after the values 10 to 3 (3n <= t <= 10n,
    t <= 40), numbered: the totals, the counts, and ``index[t, n]`` (-1 for none)."""
    pairs = [(t, n) for n in range(14) for t in range(3 * n, min(10 * n, 40) + 1)]
    index = np.full((41, 14), -1, dtype=np.int64)
    for i, (t, n) in enumerate(pairs):
        index[t, n] = i
    pair_t = np.array([t for t, _ in pairs], dtype=np.int64)
    pair_n = np.array([n for _, n in pairs], dtype=np.int64)
    return pair_t, pair_n, index


_compiled_tie_counts: Any = _jit(_tie_counts)


def _crt_basis(primes: list[int]) -> list[int]:
    """e_q = 1 mod primes[q], 0 mod the others: sum r_q e_q has the residues r_q."""
    modulus = math.prod(primes)
    return [(modulus // p) * pow(modulus // p, -1, p) for p in primes]


def _count_bound(counts: tuple[int, ...]) -> int:
    """A bound on every count the programme adds up: a pair of rows of n1 and n2 cards
    is counted prod_v c_v! / (k1_v! k2_v! (c_v - k1_v - k2_v)!) <= prod_v C(c_v, k1_v)
    C(c_v, k2_v) times g(K1) g(K2) <= n1 n2, so each count is at most R(n1) R(n2) n1 n2
    with R(n) the number of n-card sets of the shoe totalling the point (one row alone,
    no card removal), here taken at the largest R(n) n over the points 31 to 40.

    >>> _count_bound((1, 0, 0, 0, 0, 0, 0, 0, 0, 4)) == (4 * 4) ** 2  # 31 = 10+10+10+1: 4 sets
    True
    """
    sets: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in range(10, 0, -1):
        grown: dict[tuple[int, int], int] = {}
        for (t, n), ways in sets.items():
            for k in range(min((STOP + 9 - t) // v, counts[v - 1]) + 1):
                key = (t + k * v, n + k)
                grown[key] = grown.get(key, 0) + ways * math.comb(counts[v - 1], k)
        sets = grown
    most = max((ways * n for (t, n), ways in sets.items() if t >= STOP), default=1)
    return most * most


def exact_ties(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """P(both rows make the same point), for each point 31-40, exact with card removal, for
    a shoe of ``counts[v - 1]`` cards of value ``v`` (the tens include the faces).

    >>> ties = dict(exact_ties((4, 4, 4, 4, 4, 4, 4, 4, 4, 16)))
    >>> ties[31]
    Fraction(681273204134416183, 31336123903550315850)
    """
    n_cards = sum(counts)
    primes = primes_above(_count_bound(counts))
    table = _multinomial_table(counts, primes)
    modulus = math.prod(primes)
    c_arr = np.array(counts, dtype=np.int64)
    p_arr = np.array(primes, dtype=np.int64)
    states = _row_states()
    basis = _crt_basis(primes)
    out: list[tuple[int, Fraction]] = []
    for point in range(STOP, STOP + 10):
        acc, reached = _compiled_tie_counts(point, c_arr, table, p_arr, *states)
        total = Fraction(0)
        for n1, n2 in zip(*np.nonzero(reached), strict=True):
            a, b = int(n1), int(n2)
            ways = sum(int(r) * e for r, e in zip(acc[a, b], basis, strict=True)) % modulus
            if ways and a + b <= n_cards:
                total += Fraction(
                    ways * math.factorial(a - 1) * math.factorial(b - 1), math.perm(n_cards, a + b)
                )
        out.append((point, total))
    return tuple(out)
