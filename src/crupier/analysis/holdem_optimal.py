"""Texas poker against the house (spec 20, casino hold'em): the **optimal** decision after the
flop and the exact house edge of the Ante and the 2a aposta under it.

After the flop the player sees his two cards ``H`` and the flop ``F``; calling is worth, in
units of the table's net results, the sum ``S[H, F]`` over every turn and river (C(47, 2) =
1,081) and every croupier hand (C(45, 2) = 990) of the round's net result, while folding loses
the Ante, ``-1,070,190`` in the same units. The optimal player calls iff ``S > -1,070,190``
(on equality both are worth the same; he folds). Every net result is a whole number of Antes
(or of a fraction of it: the table is scaled to whole numbers), so ``S`` and the edge are
**exact**.

How ``S`` is counted without visiting the 2.8 x 10^12 deals: for a flop and one turn-river
pair the board ``B`` is fixed; the 1,081 two-card holdings of the 47 other cards are scored
once (the batch evaluator's seven-card score) and sorted, and so are, per card, the 46
holdings through it. The croupier's hands against a player holding ``H = {a, b}`` are all the
holdings less those through ``a`` or ``b`` (the holding ``H`` itself counted twice), so how
many of them do not qualify, qualify and are lower, equal or higher than ``H`` is a few binary
searches in the three sorted lists: the round's value for ``H`` on ``B`` costs ``O(log)``.
Flops are taken up to the exchange of suits (1,755 of the 22,100, each with its weight); a
flop's table is that of its representative with the player's cards' suits exchanged alike.

What a result pays is not restated here: the net per category, qualification and comparison
is :func:`crupier.analysis.holdem_kernel.casino_holdem_table`'s, from the engine's own
``ante_net`` and ``call_net`` and the profile's ``call_multiple``.

Run ``python -m crupier.analysis.holdem_optimal --out
src/crupier/games/casino_holdem/data/optimal_flop.npz`` (about three minutes of one core): it
prints the exact edge and the fold rate and writes the decision table (:data:`TABLE_FILE`,
package data). The andorra profile's figures: 1363917077/63213204600 = 2.1576 % of the Ante,
18.009 % of the (holding, flop) situations folded (published: 2.16 %, about 18 %).

>>> pack = np.array([4 * r + s for r in (12, 0, 1, 2, 3) for s in range(3)])  # A-5, 3 suits
>>> sums = flop_sums(pack, (0, 1, 2), scaled_net(load_profile()))
>>> int(sums[pair_index(3, 4)]) == direct_sum(pack, (3, 4), (0, 1, 2), scaled_net(load_profile()))
True
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from math import comb, lcm
from pathlib import Path
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.core.poker.batch import _CARD_MASK, _score_mask_jit

TABLE_FILE = "optimal_flop.npz"
"""The decision table, package data of :mod:`crupier.games.casino_holdem` (``data/``)."""

PAIRS, FLOPS = 1326, 22100
"""Two-card holdings and three-card flops of the 52-card pack."""

_jit = numba.njit(cache=True, nogil=True)


@dataclass(frozen=True)
class ScaledNet:
    """The round's net results as whole numbers: ``net[category, qualified, comparison + 1]``
    times ``scale`` Antes, and the croupier's lowest qualifying score."""

    net: npt.NDArray[np.int64]
    scale: int
    qualifier: int


def load_profile(name: str = "andorra") -> Any:
    """A built-in casino hold'em profile."""
    from crupier.games.casino_holdem.profile import load_builtin

    return load_builtin(name)


def scaled_net(profile: Any) -> ScaledNet:
    """The profile's net results (the kernel's table, from the engine's settlement functions)
    scaled to whole numbers.

    >>> s = scaled_net(load_profile())
    >>> s.scale, int(s.net[5, 1, 2]), int(s.net[5, 0, 0]), int(s.net[1, 1, 0])  # flush; pair
    (1, 4, 2, -3)
    """
    from crupier.analysis.holdem_kernel import casino_holdem_table

    table = casino_holdem_table(profile)
    scale = lcm(*(v.denominator for v in table.exact.values()))
    net = np.zeros((10, 2, 3), dtype=np.int64)
    for (c, q, cmp), v in table.exact.items():
        net[c, q, cmp + 1] = int(v * scale)
    return ScaledNet(net, scale, table.qualifier)


def pair_index(a: int, b: int) -> int:
    """The index of the holding of cards ``a`` and ``b`` among the C(n, 2) holdings of an
    ``n``-card pack (colex order, whatever the order of ``a`` and ``b``).

    >>> pair_index(0, 1), pair_index(2, 0), pair_index(50, 51)
    (0, 1, 1325)
    """
    lo, hi = min(a, b), max(a, b)
    return hi * (hi - 1) // 2 + lo


def flop_index(cards: Sequence[int]) -> int:
    """The index of a three-card flop among the C(n, 3) flops (colex order).

    >>> flop_index((0, 1, 2)), flop_index((51, 49, 50))
    (0, 22099)
    """
    a, b, c = sorted(cards)
    return c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a


def _below(values: Any, x: int, n: int) -> int:  # pragma: no cover (compiled)
    """How many of the sorted ``values[:n]`` are below ``x``."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


_below_jit = _jit(_below)


def _value(
    net: Any, s: int, q: int, total: int, lt: int, le: int, nq: int
) -> Any:  # pragma: no cover (compiled)
    """The sum of the round's net over ``total`` croupier hands of which ``lt`` score below the
    player's ``s``, ``le`` at most ``s`` and ``nq`` below the qualifier ``q``."""
    c = s >> 20
    if s < q:
        nq_lower, nq_equal = lt, le - lt
    else:
        nq_lower, nq_equal = nq, 0
    nq_higher = nq - nq_lower - nq_equal
    q_lower = lt - nq_lower
    q_equal = le - lt - nq_equal
    q_higher = total - le - nq_higher
    return (
        nq_lower * net[c, 0, 2]
        + nq_equal * net[c, 0, 1]
        + nq_higher * net[c, 0, 0]
        + q_lower * net[c, 1, 2]
        + q_equal * net[c, 1, 1]
        + q_higher * net[c, 1, 0]
    )


_value_jit = _jit(_value)


def _flop_sums(
    masks: Any, f0: int, f1: int, f2: int, net: Any, q: int, acc: Any
) -> None:  # pragma: no cover
    """Add to ``acc[pair index]`` the sum over every turn, river and croupier hand of the
    round's net for each holding, the flop being ``f0 f1 f2`` (indices into ``masks``)."""
    n = masks.shape[0]
    others = np.empty(n - 3, dtype=np.int64)
    k = 0
    for x in range(n):
        if x != f0 and x != f1 and x != f2:
            others[k] = x
            k += 1
    flop = masks[f0] | masks[f1] | masks[f2]
    m = n - 5
    holdings = m * (m - 1) // 2
    total = holdings - 2 * (m - 1) + 1
    rem = np.empty(m, dtype=np.int64)
    scores = np.empty(holdings, dtype=np.int64)
    ordered = np.empty(holdings, dtype=np.int64)
    rows = np.empty((m, m - 1), dtype=np.int64)
    fill = np.empty(m, dtype=np.int64)
    nq_row = np.empty(m, dtype=np.int64)
    for t in range(n - 3):
        for r in range(t + 1, n - 3):
            board = flop | masks[others[t]] | masks[others[r]]
            k = 0
            for x in range(n - 3):
                if x != t and x != r:
                    rem[k] = others[x]
                    k += 1
            fill[:] = 0
            k = 0
            for i in range(m):
                bi = board | masks[rem[i]]
                for j in range(i + 1, m):
                    s = _score_mask_jit(bi | masks[rem[j]])
                    scores[k] = s
                    ordered[k] = s
                    rows[i, fill[i]] = s
                    fill[i] += 1
                    rows[j, fill[j]] = s
                    fill[j] += 1
                    k += 1
            ordered.sort()
            nq_all = _below_jit(ordered, q, holdings)
            for i in range(m):
                rows[i].sort()
                nq_row[i] = _below_jit(rows[i], q, m - 1)
            k = 0
            for i in range(m):
                row_i = rows[i]
                for j in range(i + 1, m):
                    s = scores[k]
                    k += 1
                    row_j = rows[j]
                    lt = (
                        _below_jit(ordered, s, holdings)
                        - _below_jit(row_i, s, m - 1)
                        - _below_jit(row_j, s, m - 1)
                    )
                    le = (
                        _below_jit(ordered, s + 1, holdings)
                        - _below_jit(row_i, s + 1, m - 1)
                        - _below_jit(row_j, s + 1, m - 1)
                        + 1
                    )
                    nq = nq_all - nq_row[i] - nq_row[j] + (1 if s < q else 0)
                    a, b = rem[i], rem[j]
                    lo, hi = (a, b) if a < b else (b, a)
                    acc[hi * (hi - 1) // 2 + lo] += _value_jit(net, s, q, total, lt, le, nq)


_flop_kernel = cast(Callable[..., None], _jit(_flop_sums))


def _direct(
    masks: Any, h0: int, h1: int, f0: int, f1: int, f2: int, net: Any, q: int
) -> Any:  # pragma: no cover (compiled)
    """The sum of the round's net over every turn, river and croupier hand, dealt one by one."""
    n = masks.shape[0]
    free = np.empty(n - 5, dtype=np.int64)
    k = 0
    for x in range(n):
        if x != h0 and x != h1 and x != f0 and x != f1 and x != f2:
            free[k] = x
            k += 1
    m = n - 5
    flop = masks[f0] | masks[f1] | masks[f2]
    mine = masks[h0] | masks[h1]
    out = 0
    for t in range(m):
        for r in range(t + 1, m):
            board = flop | masks[free[t]] | masks[free[r]]
            s = _score_mask_jit(board | mine)
            c = s >> 20
            for i in range(m):
                if i == t or i == r:  # noqa: SIM109 (compiled: no tuple test)
                    continue
                for j in range(i + 1, m):
                    if j == t or j == r:  # noqa: SIM109 (compiled: no tuple test)
                        continue
                    d = _score_mask_jit(board | masks[free[i]] | masks[free[j]])
                    cmp = 2 if s > d else (1 if s == d else 0)
                    out += net[c, 1 if d >= q else 0, cmp]
    return out


_direct_kernel = cast(Callable[..., int], _jit(_direct))


def flop_sums(pack: npt.ArrayLike, flop: Sequence[int], table: ScaledNet) -> npt.NDArray[np.int64]:
    """``S[H]`` for every holding ``H`` (by :func:`pair_index` of positions in ``pack``, a list
    of card indices of the 52-card pack), the flop given by positions in ``pack``; zero for the
    holdings that meet the flop."""
    masks = _CARD_MASK[np.asarray(pack, dtype=np.int64)]
    n = masks.shape[0]
    f0, f1, f2 = sorted(int(f) for f in flop)
    if len({f0, f1, f2}) != 3 or f0 < 0 or f2 >= n:
        raise ValueError(f"a flop is three different cards of the pack, not {flop}")
    acc = np.zeros(comb(n, 2), dtype=np.int64)
    _flop_kernel(masks, f0, f1, f2, table.net, table.qualifier, acc)
    return acc


def direct_sum(
    pack: npt.ArrayLike, holding: Sequence[int], flop: Sequence[int], table: ScaledNet
) -> int:
    """``S[H, F]`` by dealing every turn, river and croupier hand (positions in ``pack``):
    the check of :func:`flop_sums`."""
    masks = _CARD_MASK[np.asarray(pack, dtype=np.int64)]
    h0, h1 = (int(c) for c in holding)
    f0, f1, f2 = (int(c) for c in flop)
    if len({h0, h1, f0, f1, f2}) != 5:
        raise ValueError("the holding and the flop are five different cards")
    return int(_direct_kernel(masks, h0, h1, f0, f1, f2, table.net, table.qualifier))


def cases(n: int = 52) -> int:
    """Turn-river pairs times croupier hands for one holding and flop: 1,070,190 at 52 cards.

    >>> cases()
    1070190
    """
    return comb(n - 5, 2) * comb(n - 7, 2)


@cache
def suit_classes() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The flops up to the exchange of suits: per flop index, its representative's number
    (0-1,754) and the permutation (0-23) taking it there; and the representatives' cards.

    >>> rep, perm, cards = suit_classes()
    >>> len(cards), int(rep.max()) + 1
    (1755, 1755)
    """
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    order = np.argsort([flop_index(f) for f in flops])
    flops = flops[order]
    perms = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
    keys = np.empty((len(perms), len(flops)), dtype=np.int64)
    for p, perm in enumerate(perms):
        mapped = np.sort(4 * (flops // 4) + perm[flops % 4], axis=1)
        keys[p] = mapped[:, 2] * 2704 + mapped[:, 1] * 52 + mapped[:, 0]
    best = keys.argmin(axis=0)
    key = keys[best, np.arange(len(flops))]
    unique, rep = np.unique(key, return_inverse=True)
    cards = np.stack([unique % 52, unique // 52 % 52, unique // 2704], axis=1)
    return rep.astype(np.int64), best.astype(np.int64), cards


@cache
def _pair_maps() -> npt.NDArray[np.int64]:
    """``maps[p, h]``: the holding ``h`` with suit permutation ``p`` applied."""
    pairs = np.array([(a, b) for b in range(52) for a in range(b)], dtype=np.int64)
    perms = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
    maps = np.empty((len(perms), PAIRS), dtype=np.int64)
    for p, perm in enumerate(perms):
        mapped = 4 * (pairs // 4) + perm[pairs % 4]
        lo, hi = mapped.min(axis=1), mapped.max(axis=1)
        maps[p] = hi * (hi - 1) // 2 + lo
    return maps


@dataclass(frozen=True)
class OptimalResult:
    """The generator's figures: the exact value of a round per Ante under the optimal flop
    decision, the folds, and the representatives' call table."""

    value: Fraction
    folds: int
    situations: int
    calls: npt.NDArray[np.uint8]
    """``calls[representative, holding]``: 1 when the optimal player calls."""
    margins: npt.NDArray[np.int64]
    """Rows ``(holding, flop index, S)`` of the situations nearest the fold boundary."""

    @property
    def edge(self) -> Fraction:
        """The house edge per Ante."""
        return -self.value

    @property
    def fold_rate(self) -> Fraction:
        """The share of (holding, flop) situations folded."""
        return Fraction(self.folds, self.situations)


def generate(profile: Any, progress: bool = True) -> OptimalResult:
    """Every representative flop's ``S`` (the heavy part: 1,755 flops of 1,176 boards)."""
    table = scaled_net(profile)
    rep, _, cards = suit_classes()
    weights = np.bincount(rep)
    pack = np.arange(52)
    fold_at = -cases() * table.scale
    total, folds = 0, 0
    calls = np.zeros((len(cards), PAIRS), dtype=np.uint8)
    near: list[tuple[int, int, int]] = []
    start = time.process_time()
    for c, flop in enumerate(cards):
        sums = flop_sums(pack, flop, table)
        used = {int(x) for x in flop}
        live = np.array([not ({a, b} & used) for b in range(52) for a in range(b)], dtype=bool)
        s = sums[live]
        total += int(weights[c]) * int(np.maximum(s, fold_at).sum())
        folds += int(weights[c]) * int((s <= fold_at).sum())
        calls[c] = (sums > fold_at) & live
        fi = flop_index(flop)
        for h in np.flatnonzero(live)[np.argsort(np.abs(s - fold_at))[:2]]:
            near.append((int(h), fi, int(sums[h])))
        if progress and (c % 50 == 0 or c == len(cards) - 1):
            spent = time.process_time() - start
            print(f"{c + 1}/{len(cards)} flops, {spent:.0f} s of CPU", file=sys.stderr, flush=True)
    situations = FLOPS * comb(49, 2)
    value = Fraction(total, situations * (-fold_at))
    near.sort(key=lambda row: abs(row[2] - fold_at))
    return OptimalResult(value, folds, situations, calls, np.array(near[:40], dtype=np.int64))


def save(result: OptimalResult, table: ScaledNet, path: Path) -> None:
    """Write the decision table (bits of ``calls``, compressed), the figures and the net
    results it was generated for."""
    meta = {
        "edge": [result.edge.numerator, result.edge.denominator],
        "folds": result.folds,
        "situations": result.situations,
        "net": table.net.tolist(),
        "scale": table.scale,
        "qualifier": table.qualifier,
    }
    np.savez_compressed(
        path,
        calls=np.packbits(result.calls, axis=1),
        margins=result.margins,
        meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
    )


@dataclass(frozen=True)
class StoredTable:
    """The stored decision table and figures."""

    calls: npt.NDArray[np.uint8]
    """``calls[flop index, holding index]`` for every flop of the 52-card pack."""
    edge: Fraction
    fold_rate: Fraction
    margins: npt.NDArray[np.int64]
    """Rows ``(holding index, flop index, S)`` of situations nearest the fold boundary."""
    net: ScaledNet
    """The net results the table was generated for."""

    def fits(self, profile: Any) -> bool:
        """Whether ``profile`` pays as the profile the table was generated for.

        >>> stored_table().fits(load_profile())
        True
        """
        other = scaled_net(profile)
        return (
            other.scale == self.net.scale
            and other.qualifier == self.net.qualifier
            and bool((other.net == self.net.net).all())
        )


@cache
def stored_table() -> StoredTable:
    """The package's decision table, expanded to every flop.

    >>> t = stored_table()
    >>> t.calls.shape, 0.02 < float(t.edge) < 0.03
    ((22100, 1326), True)
    """
    ref = resources.files("crupier.games.casino_holdem").joinpath("data", TABLE_FILE)
    with resources.as_file(ref) as path, np.load(path) as data:
        packed = data["calls"]
        margins = data["margins"]
        meta = json.loads(bytes(data["meta"]).decode())
    canon = np.unpackbits(packed, axis=1, count=PAIRS)
    rep, perm, _ = suit_classes()
    maps = _pair_maps()
    full = np.empty((FLOPS, PAIRS), dtype=np.uint8)
    for p in range(len(maps)):
        chosen = np.flatnonzero(perm == p)
        full[chosen] = canon[rep[chosen][:, None], maps[p][None, :]]
    edge = Fraction(*meta["edge"])
    net = ScaledNet(np.array(meta["net"], dtype=np.int64), meta["scale"], meta["qualifier"])
    return StoredTable(full, edge, Fraction(meta["folds"], meta["situations"]), margins, net)


def optimal_table(profile: Any) -> Any:
    """The kernel's table (:func:`~crupier.analysis.holdem_kernel.casino_holdem_table`) played
    by the stored optimal decision, or None when ``profile`` pays otherwise than the profile
    the decision table was generated for (then generate it for that profile).

    >>> optimal_table(load_profile()).strategy
    3
    """
    from crupier.analysis.holdem_kernel import casino_holdem_table

    stored = stored_table()
    if not stored.fits(profile):
        return None
    return casino_holdem_table(profile).playing(stored.calls)


def main(argv: Sequence[str] | None = None) -> int:
    """Generate the table, print the exact edge and the fold rate, write the package data."""
    parser = argparse.ArgumentParser(prog="python -m crupier.analysis.holdem_optimal")
    parser.add_argument("--rules", default="andorra", help="built-in profile (andorra)")
    parser.add_argument("--out", type=Path, help="where to write the table (the package data)")
    args = parser.parse_args(argv)
    profile = load_profile(args.rules)
    result = generate(profile)
    edge = result.edge
    print(f"house edge per Ante, optimal flop decision: {edge} = {100 * float(edge):.4f} %")
    print(f"folds: {result.folds}/{result.situations} = {100 * float(result.fold_rate):.3f} %")
    if args.out is not None:
        save(result, scaled_net(profile), args.out)
        print(f"written {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = [
    "FLOPS",
    "PAIRS",
    "TABLE_FILE",
    "OptimalResult",
    "ScaledNet",
    "StoredTable",
    "cases",
    "direct_sum",
    "flop_index",
    "flop_sums",
    "generate",
    "load_profile",
    "main",
    "optimal_table",
    "pair_index",
    "scaled_net",
    "stored_table",
]
