"""The float arithmetic of the exact blackjack analysis, compiled with numba.

:class:`~crupier.analysis.blackjack.BlackjackAnalysis` in floats (``exact=False``) hands its
inner loops here: the dealer's final-hand distribution of a composition, the value of
standing on each total, hitting on (every later hit or stand the best for the exact cards
left), doubling, and the branching of a split's hands. The method is the analyser's own,
the same expectations with card removal; only the arithmetic moves out of Python:

* a composition is one 64-bit integer, six bits per count of aces to nines and eight for
  the ten-values (up to eight decks: 32 and 128 cards), so taking a card is a subtraction
  and a memo key is an integer;
* the dealer's distribution is the analyser's sum over his draw sequences grouped by the
  cards they take (a product of falling factorials of the counts, the groups listed once per
  up card by :func:`crupier.analysis.blackjack._dealer_groups` from the profile's drawing
  rule), computed once per composition and kept as its *stand table* (the value of standing
  on 16 or less, 17 ... 21, and the chance of a dealer blackjack);
* hitting is the analyser's recursion, memoised by composition and hand in a typed
  dictionary.

Numba is the project's compiler for its kernels (see pyproject.toml); the compiled code is
cached on disk, so only a first run pays for compiling.

>>> from crupier.analysis.blackjack import full_shoe
>>> unpack(pack(full_shoe(8)))
(32, 32, 32, 32, 32, 32, 32, 32, 32, 128)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numba
import numpy as np
from numba import types
from numba.typed import Dict

_jit = numba.njit(cache=True, nogil=True)

SHIFTS = (0, 6, 12, 18, 24, 30, 36, 42, 48, 54)
"""Where each value's count sits in a packed composition (aces first, ten-values last)."""
MASKS = (63, 63, 63, 63, 63, 63, 63, 63, 63, 255)
_SHIFT = np.array(SHIFTS, dtype=np.int64)
_MASK = np.array(MASKS, dtype=np.int64)
_ONE = np.array([1 << s for s in SHIFTS], dtype=np.int64)

_HIT_KEY = types.UniTuple(types.int64, 2)  # type: ignore[no-untyped-call]


def pack(comp: Sequence[int]) -> int:
    """A composition (counts ace ... ten-value) as one integer.

    >>> pack((1, 0, 0, 0, 0, 0, 0, 0, 0, 2)) == 1 + (2 << 54)
    True
    """
    out = 0
    for count, shift, mask in zip(comp, SHIFTS, MASKS, strict=True):
        if not 0 <= count <= mask:
            raise ValueError(f"a count of {count} does not fit a packed composition")
        out |= count << shift
    return out


def unpack(packed: int) -> tuple[int, ...]:
    """The counts of a packed composition.

    >>> unpack(pack((4, 3, 2, 1, 0, 0, 0, 0, 0, 16)))
    (4, 3, 2, 1, 0, 0, 0, 0, 0, 16)
    """
    return tuple((packed >> s) & m for s, m in zip(SHIFTS, MASKS, strict=True))


@_jit
def _table(
    packed: int,
    flat: Any,
    starts: Any,
    lengths: Any,
    outcome: Any,
    mult: Any,
    width: int,
    conditioned: bool,
    win: float,
) -> Any:
    """The dealer's distribution of ``packed`` (7 outcomes) followed by its stand table:
    the value of standing on 16 or less, 17 ... 21 over his non-blackjack outcomes, and the
    chance of his blackjack (indices 7-12 and 13)."""
    falling = np.ones(10 * width)
    n = 0
    for v in range(10):
        c = (packed >> _SHIFT[v]) & _MASK[v]
        n += c
        for k in range(1, width):
            f = c - k + 1
            falling[v * width + k] = falling[v * width + k - 1] * (f if f > 0 else 0)
    den = np.ones(lengths.max() + 1)
    for k in range(1, len(den)):
        d = n - k + 1
        den[k] = den[k - 1] * (d if d > 1 else 1)
    out = np.zeros(14)
    for g in range(len(lengths)):
        prod = mult[g]
        for j in range(starts[g], starts[g + 1]):
            prod *= falling[flat[j]]
        if prod != 0.0:
            out[outcome[g]] += prod / den[lengths[g]]
    if conditioned:
        out[5] = 0.0
        s = out[:7].sum()
        for k in range(7):
            out[k] /= s
    for i in range(6):
        total = 16 + i
        value = out[6] * win
        for k in range(5):
            t = 17 + k
            if total > t:
                value += out[k] * win
            elif total < t:
                value -= out[k]
        out[7 + i] = value
    out[13] = out[5]
    return out


@_jit
def _stand(
    packed: int,
    total: int,
    stake: int,
    bj_loss: int,
    tables: Any,
    flat: Any,
    starts: Any,
    lengths: Any,
    outcome: Any,
    mult: Any,
    width: int,
    conditioned: bool,
    win: float,
) -> float:
    if total > 21:
        return -float(stake)
    if packed in tables:
        t = tables[packed]
    else:
        t = _table(packed, flat, starts, lengths, outcome, mult, width, conditioned, win)
        tables[packed] = t
    value = t[7 + (total - 16 if total > 16 else 0)]
    return float(stake * value - bj_loss * t[13])


@_jit
def _hit(
    packed: int,
    n: int,
    hard: int,
    ace: bool,
    bj_loss: int,
    cards: int,
    six: float,
    hits: Any,
    tables: Any,
    flat: Any,
    starts: Any,
    lengths: Any,
    outcome: Any,
    mult: Any,
    width: int,
    conditioned: bool,
    win: float,
) -> float:
    """Take one card on a hand of ``cards`` cards, then the best of hitting on and standing;
    ``six`` (when not negative) is paid at once on a sixth card that does not pass 21."""
    key = (packed, cards * 256 + hard * 8 + (4 if ace else 0) + bj_loss)
    if key in hits:
        return float(hits[key])
    out = 0.0
    for i in range(10):
        c = (packed >> _SHIFT[i]) & _MASK[i]
        if c == 0:
            continue
        v = i + 1
        p = c / n
        nh = hard + v
        na = ace or v == 1
        t = nh + 10 if na and nh <= 11 else nh
        if t > 21:
            out -= p
            continue
        if six >= 0.0 and cards + 1 == 6:
            out += p * six
            continue
        sub = packed - _ONE[i]
        best = _stand(
            sub,
            t,
            1,
            bj_loss,
            tables,
            flat,
            starts,
            lengths,
            outcome,
            mult,
            width,
            conditioned,
            win,
        )
        if t < 21:
            h = _hit(
                sub,
                n - 1,
                nh,
                na,
                bj_loss,
                cards + 1,
                six,
                hits,
                tables,
                flat,
                starts,
                lengths,
                outcome,
                mult,
                width,
                conditioned,
                win,
            )
            if h > best:
                best = h
        out += p * best
    hits[key] = out
    return out


@_jit
def _double(
    packed: int,
    n: int,
    hard: int,
    ace: bool,
    bj_loss: int,
    tables: Any,
    flat: Any,
    starts: Any,
    lengths: Any,
    outcome: Any,
    mult: Any,
    width: int,
    conditioned: bool,
    win: float,
) -> float:
    out = 0.0
    for i in range(10):
        c = (packed >> _SHIFT[i]) & _MASK[i]
        if c == 0:
            continue
        v = i + 1
        nh = hard + v
        t = nh + 10 if (ace or v == 1) and nh <= 11 else nh
        out += (c / n) * _stand(
            packed - _ONE[i],
            t,
            2,
            bj_loss,
            tables,
            flat,
            starts,
            lengths,
            outcome,
            mult,
            width,
            conditioned,
            win,
        )
    return out


@_jit
def _split_branches(bases: Any, pair: int, may_resplit: bool, cap: int, finish: Any) -> float:
    """The analyser's split recursion ``f(2, 0)`` as a table: ``bases[j]`` the counts after
    ``j`` resplits, ``finish[j, c]`` a hand's value ending on ``c`` after ``j`` (``j`` past
    the split depth already mapped by the caller)."""
    jmax = bases.shape[0] - 1
    pmax = jmax + 3
    f = np.zeros((pmax + 1, jmax + 2))
    # f[pending, j] depends on f[pending + 1, j + 1] and f[pending - 1, j]: j downwards,
    # pending upwards
    for j in range(jmax, -1, -1):
        n = bases[j].sum()
        for pending in range(1, pmax):
            out = 0.0
            for i in range(10):
                count = bases[j, i]
                if count == 0:
                    continue
                c = i + 1
                p = count / n
                if c == pair and may_resplit and 2 + j < cap and j < jmax:
                    out += p * f[pending + 1, j + 1]
                else:
                    out += p * (finish[j, i] + f[pending - 1, j])
            f[pending, j] = out
    return float(f[2, 0])


class FloatKernel:
    """The compiled float evaluation for one set of rules: the dealer's groups of draw
    sequences per up card and the memos (stand tables, hit values) per up card."""

    def __init__(
        self,
        groups: dict[int, tuple[Any, Any, Any, Any, Any, int]],
        conditioned: dict[int, bool],
        win: float,
        six: float | None = None,
    ) -> None:
        self.win = win
        self.six = -1.0 if six is None else six
        self.args: dict[int, tuple[Any, ...]] = {}
        self.tables: dict[int, Any] = {}
        self.hits: dict[int, Any] = {}
        for up, (flat, starts, lengths, outcome, mult, width) in groups.items():
            ends = np.append(np.asarray(starts, dtype=np.int64), len(flat))
            self.tables[up] = Dict.empty(types.int64, types.float64[:])
            self.hits[up] = Dict.empty(_HIT_KEY, types.float64)
            self.args[up] = (
                np.asarray(flat, dtype=np.int64),
                ends,
                np.asarray(lengths, dtype=np.int64),
                np.asarray(outcome, dtype=np.int64),
                np.asarray(mult, dtype=np.float64),
                int(width),
                bool(conditioned[up]),
                float(win),
            )

    def compositions(self) -> int:
        """How many compositions' dealer distributions have been computed."""
        return sum(len(t) for t in self.tables.values())

    def table(self, comp: Sequence[int], up: int) -> Any:
        """The dealer's distribution (7 outcomes) and the stand table of ``comp``."""
        packed = pack(comp)
        tables = self.tables[up]
        found = tables.get(packed)
        if found is None:
            found = _table(packed, *self.args[up])
            tables[packed] = found
        return found

    def stand(self, comp: Sequence[int], up: int, total: int, stake: int, bj_loss: int) -> float:
        """Standing on ``total`` with ``stake`` units, ``bj_loss`` lost to a blackjack."""
        return float(_stand(pack(comp), total, stake, bj_loss, self.tables[up], *self.args[up]))

    def hit(
        self, comp: Sequence[int], up: int, hard: int, ace: bool, bj_loss: int, cards: int = 2
    ) -> float:
        """Taking a card on a hand of ``cards`` cards, then the best of hitting on and
        standing, stake 1."""
        return float(
            _hit(
                pack(comp),
                sum(comp),
                hard,
                ace,
                bj_loss,
                cards,
                self.six,
                self.hits[up],
                self.tables[up],
                *self.args[up],
            )
        )

    def double(self, comp: Sequence[int], up: int, hard: int, ace: bool, bj_loss: int) -> float:
        """Doubling: one card, then standing with two units."""
        return float(
            _double(pack(comp), sum(comp), hard, ace, bj_loss, self.tables[up], *self.args[up])
        )

    @staticmethod
    def split_branches(
        bases: Sequence[Sequence[int]],
        pair: int,
        may_resplit: bool,
        cap: int,
        finish: Any,
    ) -> float:
        """The branching of a split's hands over the compositions ``bases`` (see
        :func:`_split_branches`)."""
        return _split_branches(
            np.asarray(bases, dtype=np.int64), pair, may_resplit, cap, np.asarray(finish)
        )


__all__ = ["FloatKernel", "pack", "unpack"]
