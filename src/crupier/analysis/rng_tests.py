"""Statistical tests of the random source: NIST SP 800-22 and the uniformity of the games' draws.

A regulator asks that the numbers a table draws be statistically independent and pass
recognised tests at 99 % confidence (for example 25 CFR 547.14). This module runs those
tests on a :class:`~crupier.core.rng.RandomSource`:

* six tests of NIST SP 800-22 rev. 1a (*A Statistical Test Suite for Random and Pseudorandom
  Number Generators for Cryptographic Applications*, 2010) on a bit sequence: the frequency
  (monobit) test (§2.1), the frequency test within a block (§2.2), the runs test (§2.3), the
  test for the longest run of ones in a block (§2.4), the serial test (§2.11, both p-values)
  and the approximate entropy test (§2.12). Each is vectorised over a numpy array of bits, so
  10^7 bits take seconds;
* the uniformity of what the games draw from the source: every permutation of a small pack
  through the production :func:`~crupier.core.rng.shuffle`, each rank at each position of a
  shuffled and cut 8-deck :class:`~crupier.core.shoe.Shoe`, the faces of a die
  (:func:`~crupier.core.dice.roll`) and the pockets of a roulette wheel
  (:func:`~crupier.core.wheel.spin`), each by Pearson's chi-square.

Each test returns an :class:`RngResult`: its statistics and p-values. A test passes at
significance level ``alpha`` (0.01: 99 % confidence) when every p-value is at least ``alpha``.

The p-values come from scipy's regularised incomplete gamma function
(:func:`scipy.special.gammaincc`, SP 800-22's *igamc*) and complementary error function
(:func:`scipy.special.erfc`): scipy is the well-kept reference for these special functions,
accurate far into the tails where a failing source's p-values lie. The tests themselves are
written here rather than taken from nistrng (the SP 800-22 package on PyPI, last released in
2021): it counts patterns with Python loops (its serial and approximate entropy tests take about
a thousand times as long, see ``benchmarks/rng_tests.py``), fixes their pattern lengths at 4 and
2, and its longest-run test counts only the first blocks of the standard's table where the NIST
suite counts every block. Its p-values agree with these on the same bits and parameters.

>>> bits = bits_from_string("1011010101")
>>> r = frequency(bits)
>>> round(r.statistic, 6), round(r.p_value, 6), r.passed()
(0.632456, 0.527089, True)
>>> from crupier.core.rng import SeededSource
>>> report = nist_tests(source_bits(SeededSource(7), 100_000))
>>> [r.name for r in report]
['frequency', 'block-frequency', 'runs', 'longest-run', 'serial', 'approximate-entropy']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import factorial, log, sqrt
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray
from scipy.special import erfc, gammaincc

from crupier.core.cards import Card, Rank
from crupier.core.rng import RandomSource, shuffle
from crupier.core.shoe import Shoe

Bits = NDArray[np.uint8]
"""A bit sequence: a one-dimensional array of 0 and 1."""

T = TypeVar("T")

ALPHA = 0.01
"""The significance level of the report: a test passes at 99 % confidence."""


@dataclass(frozen=True)
class RngResult:
    """One test's outcome: its statistics and p-values, and the parameters it ran with.

    >>> r = RngResult("serial", "SP 800-22 §2.11", (1.6, 0.8), (0.808792, 0.670320))
    >>> r.statistic, r.p_value, r.passed(), r.passed(0.7)
    (1.6, 0.67032, True, False)
    """

    name: str
    reference: str
    statistics: tuple[float, ...]
    p_values: tuple[float, ...]
    params: dict[str, int] = field(default_factory=dict)

    @property
    def statistic(self) -> float:
        """The (first) test statistic."""
        return self.statistics[0]

    @property
    def p_value(self) -> float:
        """The smallest of the test's p-values (the one that decides it)."""
        return min(self.p_values)

    def passed(self, alpha: float = ALPHA) -> bool:
        """True when every p-value is at least ``alpha``."""
        return all(p >= alpha for p in self.p_values)

    def as_dict(self, alpha: float = ALPHA) -> dict[str, Any]:
        """The result as plain JSON data."""
        return {
            "test": self.name,
            "reference": self.reference,
            "params": dict(self.params),
            "statistics": list(self.statistics),
            "p_values": list(self.p_values),
            "passed": self.passed(alpha),
        }


# -- bits ----------------------------------------------------------------------------


def bits_from_string(text: str) -> Bits:
    """The bits written as ``0`` and ``1`` characters (spaces and newlines are skipped).

    >>> bits_from_string("10 11").tolist()
    [1, 0, 1, 1]
    """
    digits = "".join(text.split())
    if set(digits) - {"0", "1"}:
        raise ValueError("a bit string holds only 0 and 1")
    return (np.frombuffer(digits.encode("ascii"), dtype=np.uint8) - ord("0")).astype(np.uint8)


WORD_BITS = 64
"""The bits taken from each draw of :func:`source_bits`."""


def source_bits(source: RandomSource, n: int) -> Bits:
    """``n`` bits from ``source``: the binary digits, most significant first, of successive
    draws ``source.randbelow(2**64)`` (each draw is recorded by the source as usual).

    >>> from crupier.core.rng import SeededSource
    >>> src = SeededSource(3)
    >>> bits = source_bits(src, 100)
    >>> len(bits), len(src.draws), src.draws[0][0] == 2**64
    (100, 2, True)
    >>> int("".join(map(str, bits[:64])), 2) == src.draws[0][1]
    True
    """
    if n < 1:
        raise ValueError(f"need at least one bit, not {n}")
    words = -(-n // WORD_BITS)
    values = np.fromiter(
        (source.randbelow(1 << WORD_BITS) for _ in range(words)), dtype=np.uint64, count=words
    )
    return np.unpackbits(values.astype(">u8").view(np.uint8))[:n]


def _as_bits(bits: Bits | Sequence[int]) -> Bits:
    arr = np.asarray(bits, dtype=np.uint8)
    if arr.ndim != 1:
        raise ValueError("a bit sequence is one-dimensional")
    if arr.size and int(arr.max()) > 1:
        raise ValueError("a bit sequence holds only 0 and 1")
    return arr


def _igamc(a: float, x: float) -> float:
    """SP 800-22's igamc: the upper regularised incomplete gamma function Q(a, x)."""
    return float(gammaincc(a, x))


def _erfc(x: float) -> float:
    return float(erfc(x))


# -- SP 800-22 ------------------------------------------------------------------------


def frequency(bits: Bits | Sequence[int]) -> RngResult:
    """The frequency (monobit) test, SP 800-22 §2.1: are ones and zeros about equally
    common? Statistic: ``s_obs = |S_n| / sqrt(n)``; p-value ``erfc(s_obs / sqrt 2)``.
    """
    eps = _as_bits(bits)
    n = eps.size
    if n < 1:
        raise ValueError("the frequency test needs at least one bit")
    s_n = 2 * int(np.count_nonzero(eps)) - n
    s_obs = abs(s_n) / sqrt(n)
    return RngResult("frequency", "SP 800-22 §2.1", (s_obs,), (_erfc(s_obs / sqrt(2)),), {"n": n})


def block_frequency(bits: Bits | Sequence[int], block: int | None = None) -> RngResult:
    """The frequency test within a block, SP 800-22 §2.2: the proportion of ones in each
    ``block``-bit block. Statistic ``chi2 = 4M sum (pi_i - 1/2)^2``; p-value
    ``igamc(N/2, chi2/2)``. The default block follows §2.2.7 (M >= 20, M > 0.01 n, N < 100).

    >>> r = block_frequency(bits_from_string("0110011010"), 3)
    >>> round(r.statistic, 6), round(r.p_value, 6)
    (1.0, 0.801252)
    """
    eps = _as_bits(bits)
    n = eps.size
    m = max(20, n // 100 + 1) if block is None else block
    count = n // m
    if m < 1 or count < 1:
        raise ValueError(f"cannot cut {n} bits into blocks of {m}")
    ones = eps[: count * m].reshape(count, m).sum(axis=1, dtype=np.int64)
    pi = ones / m
    chi2 = float(4.0 * m * np.sum((pi - 0.5) ** 2))
    p = _igamc(count / 2, chi2 / 2)
    return RngResult("block-frequency", "SP 800-22 §2.2", (chi2,), (p,), {"n": n, "M": m})


def runs(bits: Bits | Sequence[int]) -> RngResult:
    """The runs test, SP 800-22 §2.3: the number of uninterrupted runs of equal bits.
    Statistic ``V_n(obs)``; p-value ``erfc(|V - 2n pi (1-pi)| / (2 sqrt(2n) pi (1-pi)))``.
    When the frequency prerequisite fails (``|pi - 1/2| >= 2/sqrt n``) the test is not
    run and its p-value is 0, as §2.3.4 says.
    """
    eps = _as_bits(bits)
    n = eps.size
    if n < 2:
        raise ValueError("the runs test needs at least two bits")
    pi = int(np.count_nonzero(eps)) / n
    v_obs = 1 + int(np.count_nonzero(eps[1:] != eps[:-1]))
    if abs(pi - 0.5) >= 2 / sqrt(n):
        p = 0.0
    else:
        p = _erfc(abs(v_obs - 2 * n * pi * (1 - pi)) / (2 * sqrt(2 * n) * pi * (1 - pi)))
    return RngResult("runs", "SP 800-22 §2.3", (float(v_obs),), (p,), {"n": n})


# §2.4.2 and §3.4: block length M, the classes of the longest run (lowest, highest) and
# their probabilities pi_i, for the three sequence lengths the test is defined for.
_LONGEST_RUN: tuple[tuple[int, int, int, int, tuple[float, ...]], ...] = (
    # (least n, M, lowest class, highest class, pi)
    (750_000, 10_000, 10, 16, (0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727)),
    (6_272, 128, 4, 9, (0.1174, 0.2430, 0.2493, 0.1752, 0.1027, 0.1124)),
    (128, 8, 1, 4, (0.2148, 0.3672, 0.2305, 0.1875)),
)


def longest_run(bits: Bits | Sequence[int]) -> RngResult:
    """The test for the longest run of ones in a block, SP 800-22 §2.4: the longest run of
    ones in each ``M``-bit block, counted in ``K + 1`` classes. Statistic
    ``chi2 = sum (v_i - N pi_i)^2 / (N pi_i)``; p-value ``igamc(K/2, chi2/2)``. ``M`` is 8,
    128 or 10^4 by the sequence's length (at least 128, 6 272 or 750 000 bits).
    """
    eps = _as_bits(bits)
    n = eps.size
    row = next((row for row in _LONGEST_RUN if n >= row[0]), None)
    if row is None:
        raise ValueError(f"the longest-run test needs at least 128 bits, not {n}")
    _, m, lo, hi, pi = row
    count = n // m
    padded = np.zeros((count, m + 2), dtype=np.int8)
    padded[:, 1:-1] = eps[: count * m].reshape(count, m)
    edges = np.diff(padded, axis=1).ravel()  # +1 where a run of ones starts, -1 after it ends
    starts = np.flatnonzero(edges == 1)
    lengths = np.flatnonzero(edges == -1) - starts
    longest = np.zeros(count, dtype=np.int64)
    np.maximum.at(longest, starts // (m + 1), lengths)
    v = np.bincount(np.clip(longest, lo, hi) - lo, minlength=hi - lo + 1)
    expected = count * np.asarray(pi)
    chi2 = float(np.sum((v - expected) ** 2 / expected))
    k = hi - lo
    return RngResult(
        "longest-run", "SP 800-22 §2.4", (chi2,), (_igamc(k / 2, chi2 / 2),), {"n": n, "M": m}
    )


def _pattern_counts(eps: Bits, m: int) -> NDArray[np.int64]:
    """How often each ``m``-bit pattern occurs in ``eps`` read as a circle (the first
    ``m - 1`` bits appended, as §2.11.4 and §2.12.4 say), indexed by its value."""
    n = eps.size
    wrapped = np.concatenate([eps, eps[: m - 1]]) if m > 1 else eps
    values = np.zeros(n, dtype=np.int64)
    for j in range(m):
        values = (values << 1) | wrapped[j : j + n]
    return np.bincount(values, minlength=1 << m).astype(np.int64)


def _fold(counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """The counts of the ``(m-1)``-bit patterns from those of the ``m``-bit ones: on a
    circle each pattern is the prefix of the pattern that starts where it starts."""
    return np.asarray(counts[0::2] + counts[1::2], dtype=np.int64)


def _psi2(counts: NDArray[np.int64], m: int, n: int) -> float:
    if m == 0:
        return 0.0
    return float((1 << m) / n * np.sum(counts.astype(np.float64) ** 2) - n)


def serial(bits: Bits | Sequence[int], m: int | None = None) -> RngResult:
    """The serial test, SP 800-22 §2.11: the frequencies of all overlapping ``m``-bit
    patterns. Statistics ``del psi2_m`` and ``del2 psi2_m``; p-values
    ``igamc(2^(m-2), del psi2/2)`` and ``igamc(2^(m-3), del2 psi2/2)``. The default ``m``
    is 16 (the NIST suite's), or less where §2.11.7's ``m < log2(n) - 2`` asks it.

    >>> r = serial(bits_from_string("0011011101"), 3)
    >>> [round(s, 6) for s in r.statistics], [round(p, 6) for p in r.p_values]
    ([1.6, 0.8], [0.808792, 0.67032])
    """
    eps = _as_bits(bits)
    n = eps.size
    if m is None:
        m = min(16, int(np.log2(n)) - 3) if n > 1 else 0
    if m < 2 or m > n:
        raise ValueError(f"the serial test needs 2 <= m <= n, not m = {m} for {n} bits")
    c_m = _pattern_counts(eps, m)
    c_m1 = _fold(c_m)
    c_m2 = _fold(c_m1)
    psi_m, psi_m1, psi_m2 = _psi2(c_m, m, n), _psi2(c_m1, m - 1, n), _psi2(c_m2, m - 2, n)
    d1 = psi_m - psi_m1
    d2 = psi_m - 2 * psi_m1 + psi_m2
    p1 = _igamc(2 ** (m - 2), d1 / 2)
    p2 = _igamc(2 ** (m - 3), d2 / 2)
    return RngResult("serial", "SP 800-22 §2.11", (d1, d2), (p1, p2), {"n": n, "m": m})


def _phi(counts: NDArray[np.int64], n: int) -> float:
    c = counts[counts > 0] / n
    return float(np.sum(c * np.log(c)))


def approximate_entropy(bits: Bits | Sequence[int], m: int | None = None) -> RngResult:
    """The approximate entropy test, SP 800-22 §2.12: the frequencies of overlapping
    ``m``- and ``(m+1)``-bit patterns compared. Statistic ``chi2 = 2n (ln 2 - ApEn(m))``;
    p-value ``igamc(2^(m-1), chi2/2)``. The default ``m`` is 10 (the NIST suite's), or less
    where §2.12.7's ``m < log2(n) - 5`` asks it.

    >>> r = approximate_entropy(bits_from_string("0100110101"), 3)
    >>> round(r.statistic, 6), round(r.p_value, 6)
    (10.043859, 0.261961)
    """
    eps = _as_bits(bits)
    n = eps.size
    if m is None:
        m = min(10, int(np.log2(n)) - 6) if n > 1 else 0
    if m < 1 or m >= n:
        raise ValueError(f"the approximate entropy test needs 1 <= m < n, not m = {m}")
    c_m1 = _pattern_counts(eps, m + 1)
    apen = _phi(_fold(c_m1), n) - _phi(c_m1, n)
    chi2 = 2 * n * (log(2) - apen)
    p = _igamc(2 ** (m - 1), chi2 / 2)
    return RngResult("approximate-entropy", "SP 800-22 §2.12", (chi2,), (p,), {"n": n, "m": m})


def nist_tests(bits: Bits | Sequence[int]) -> list[RngResult]:
    """The six SP 800-22 tests of this module on ``bits`` (at least 128), default parameters."""
    eps = _as_bits(bits)
    return [
        frequency(eps),
        block_frequency(eps),
        runs(eps),
        longest_run(eps),
        serial(eps),
        approximate_entropy(eps),
    ]


# -- uniformity of the games' draws ---------------------------------------------------


def chi_square(observed: Sequence[int] | NDArray[np.int64], expected: float) -> tuple[float, int]:
    """Pearson's statistic of ``observed`` counts against one ``expected`` count each, and
    its degrees of freedom (cells - 1).

    >>> chi_square([10, 12, 8], 10)
    (0.8, 2)
    """
    obs = np.asarray(observed, dtype=np.float64)
    return float(np.sum((obs - expected) ** 2) / expected), obs.size - 1


def _chi2_p(chi2: float, dof: int) -> float:
    """The chi-square distribution's upper tail, ``igamc(dof/2, chi2/2)``."""
    return _igamc(dof / 2, chi2 / 2)


Shuffler = Callable[[list[int], RandomSource], None]


def shuffle_uniformity(
    source: RandomSource, cards: int = 5, per_permutation: int = 100, shuffler: Shuffler = shuffle
) -> RngResult:
    """Every order of a ``cards``-card pack equally likely: the pack is shuffled
    ``cards! * per_permutation`` times with ``shuffler`` (the production
    :func:`~crupier.core.rng.shuffle`), each order counted, and the counts compared with
    ``per_permutation`` each by chi-square (``cards! - 1`` degrees of freedom).
    """
    orders = factorial(cards)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(orders * per_permutation):
        pack = list(range(cards))
        shuffler(pack, source)
        seen[tuple(pack)] += 1
    if any(sorted(order) != list(range(cards)) for order in seen):
        raise ValueError("the shuffle lost or duplicated a card")
    counts = [*seen.values()] + [0] * (orders - len(seen))
    chi2, dof = chi_square(counts, per_permutation)
    return RngResult(
        "shuffle-permutations",
        f"chi-square over the {orders} orders of {cards} cards",
        (chi2,),
        (_chi2_p(chi2, dof),),
        {"cards": cards, "shuffles": orders * per_permutation, "dof": dof},
    )


Dealer = Callable[[RandomSource], Sequence[Card]]


def _eight_deck_shoe(source: RandomSource) -> Sequence[Card]:
    return Shoe.shuffled(8, source).order


def shoe_positions(
    source: RandomSource, shoes: int = 200, deal: Dealer = _eight_deck_shoe
) -> RngResult:
    """Each rank equally likely at each position of a shuffled, cut shoe: ``shoes`` shoes
    dealt with ``deal`` (by default :meth:`Shoe.shuffled` of 8 decks: 416 cards, 32 of each
    rank), the rank at each position counted, and the positions x ranks table tested by
    Pearson's chi-square against each rank's share at every position
    (``(positions - 1)(ranks - 1)`` degrees of freedom).
    """
    first = deal(source)
    ranks = sorted({c.rank for c in first}, key=list(Rank).index)
    index = {r: i for i, r in enumerate(ranks)}
    share = np.bincount([index[c.rank] for c in first], minlength=len(ranks)) / len(first)
    table = np.zeros((len(first), len(ranks)), dtype=np.int64)
    rows = np.arange(len(first))
    dealt = first
    for k in range(shoes):
        if k:
            dealt = deal(source)
        if len(dealt) != len(first):
            raise ValueError("the shoes hold different numbers of cards")
        table[rows, [index[c.rank] for c in dealt]] += 1
    expected = shoes * share[np.newaxis, :]
    chi2 = float(np.sum((table - expected) ** 2 / expected))
    dof = (len(first) - 1) * (len(ranks) - 1)
    return RngResult(
        "shoe-positions",
        f"chi-square of rank x position over {shoes} shoes of {len(first)} cards",
        (chi2,),
        (_chi2_p(chi2, dof),),
        {"cards": len(first), "shoes": shoes, "dof": dof},
    )


def outcome_uniformity(
    name: str,
    draw: Callable[[RandomSource], T],
    outcomes: Sequence[T],
    source: RandomSource,
    per_outcome: int = 1_000,
) -> RngResult:
    """Each of ``outcomes`` equally likely: ``len(outcomes) * per_outcome`` draws with
    ``draw``, counted, chi-square against ``per_outcome`` each.

    >>> from crupier.core.dice import roll
    >>> from crupier.core.rng import SeededSource
    >>> r = outcome_uniformity("die", lambda s: roll(s, 1)[0], range(1, 7), SeededSource(1))
    >>> r.params["draws"], r.params["dof"], r.passed()
    (6000, 5, True)
    """
    seen = Counter(draw(source) for _ in range(len(outcomes) * per_outcome))
    if set(seen) - set(outcomes):
        raise ValueError(f"{name}: drew outcomes outside {list(outcomes)}")
    chi2, dof = chi_square([seen[o] for o in outcomes], per_outcome)
    return RngResult(
        name,
        f"chi-square over {len(outcomes)} equally likely outcomes",
        (chi2,),
        (_chi2_p(chi2, dof),),
        {"draws": len(outcomes) * per_outcome, "dof": dof},
    )


def game_draw_tests(source: RandomSource) -> list[RngResult]:
    """The uniformity tests of what the games draw: shuffle, shoe, die and wheel."""
    from crupier.core.dice import roll
    from crupier.core.wheel import SINGLE_ZERO_ORDER, spin

    return [
        shuffle_uniformity(source),
        shoe_positions(source),
        outcome_uniformity("die", lambda s: roll(s, 1)[0], range(1, 7), source, 10_000),
        outcome_uniformity("wheel", spin, sorted(SINGLE_ZERO_ORDER), source, 1_000),
    ]


def run_battery(source: RandomSource, bits: int) -> list[RngResult]:
    """The whole battery: the SP 800-22 tests over ``bits`` bits of ``source`` (see
    :func:`source_bits`), then the game-draw uniformity tests on the same source."""
    return nist_tests(source_bits(source, bits)) + game_draw_tests(source)


def all_passed(results: Sequence[RngResult], alpha: float = ALPHA) -> bool:
    """True when every test passed at ``alpha``.

    >>> all_passed([RngResult("t", "r", (0.0,), (0.5,)), RngResult("u", "r", (0.0,), (0.001,))])
    False
    """
    return all(r.passed(alpha) for r in results)


def report(
    results: Sequence[RngResult],
    *,
    source: str,
    bits: int,
    seed: int | None = None,
    date: str,
    alpha: float = ALPHA,
) -> dict[str, Any]:
    """The RNG report of the certification package, as plain JSON data: the source, the
    bits tested, the date, the software's version and each test's figures.

    >>> r = report([RngResult("frequency", "SP 800-22 §2.1", (0.5,), (0.6,))], source="system",
    ...            bits=100, date="2026-01-01T00:00:00Z")
    >>> r["source"], r["passed"], r["tests"][0]["passed"], r["alpha"]
    ('system', True, True, 0.01)
    """
    import platform
    from importlib.metadata import PackageNotFoundError, version

    def _version(package: str) -> str:
        try:
            return version(package)
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            return "unknown"

    return {
        "report": "crupier RNG test",
        "source": source,
        "seed": seed,
        "bits": bits,
        "date": date,
        "version": _version("crupier"),
        "software": {
            "python": platform.python_version(),
            "numpy": _version("numpy"),
            "scipy": _version("scipy"),
        },
        "alpha": alpha,
        "passed": all_passed(results, alpha),
        "tests": [r.as_dict(alpha) for r in results],
    }


def _fmt_stat(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.6g}"


def report_rows(data: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """The report's table, one row a test: test, parameters (the bit count ``n`` is the
    report's), statistic(s), p-value(s), pass.

    >>> data = {"tests": [{"test": "serial", "params": {"n": 10, "m": 3},
    ...     "statistics": [1.6, 0.8], "p_values": [0.808792, 0.67032], "passed": True}]}
    >>> report_rows(data)
    [('serial', 'm=3', '1.6 / 0.8', '0.808792 / 0.670320', 'pass')]
    """
    return [
        (
            t["test"],
            " ".join(f"{k}={v}" for k, v in t["params"].items() if k != "n"),
            " / ".join(_fmt_stat(x) for x in t["statistics"]),
            " / ".join(f"{p:.6f}" for p in t["p_values"]),
            "pass" if t["passed"] else "FAIL",
        )
        for t in data["tests"]
    ]


def report_markdown(data: dict[str, Any]) -> str:
    """The report as a Markdown table with a line naming the run (for docs/reliability.md)."""
    seed = f", seed {data['seed']}" if data.get("seed") is not None else ""
    lines = [
        f"Source: **{data['source']}**{seed}; {data['bits']:,} bits for SP 800-22; "
        f"run {data['date']} by crupier {data['version']} (Python {data['software']['python']}, "
        f"numpy {data['software']['numpy']}, scipy {data['software']['scipy']}). "
        f"Pass: every p-value >= {data['alpha']}. "
        f"Overall: **{'PASS' if data['passed'] else 'FAIL'}**.",
        "",
        "| Test | Parameters | Statistic | p-value | Result |",
        "|---|---|---|---|---|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in report_rows(data)]
    return "\n".join(lines) + "\n"


DOC_START = "<!-- rng-report:start -->"
DOC_END = "<!-- rng-report:end -->"


def update_doc(text: str, data: dict[str, Any]) -> str:
    """``text`` with the report's table put between the :data:`DOC_START` and
    :data:`DOC_END` markers (which must be there).

    >>> doc = f"# R\\n{DOC_START}\\nold\\n{DOC_END}\\nrest\\n"
    >>> data = report([], source="system", bits=8, date="d")
    >>> new = update_doc(doc, data); "old" in new, new.endswith(f"{DOC_END}\\nrest\\n")
    (False, True)
    """
    start, end = text.find(DOC_START), text.find(DOC_END)
    if start < 0 or end < start:
        raise ValueError(f"the document has no {DOC_START} ... {DOC_END} section")
    return f"{text[: start + len(DOC_START)]}\n{report_markdown(data)}{text[end:]}"


__all__ = [
    "ALPHA",
    "Bits",
    "RngResult",
    "all_passed",
    "approximate_entropy",
    "bits_from_string",
    "block_frequency",
    "chi_square",
    "frequency",
    "game_draw_tests",
    "longest_run",
    "nist_tests",
    "outcome_uniformity",
    "report",
    "report_markdown",
    "report_rows",
    "run_battery",
    "runs",
    "serial",
    "shoe_positions",
    "shuffle_uniformity",
    "source_bits",
    "update_doc",
]
