"""Fresh packs for Caribbean stud (spec 10): one freshly shuffled 52-card pack per round, the
player's five cards and the bank's five (its fifth face up), as at the table.

The PAR model (:mod:`crupier.games.caribbean_stud.par`) settles the Ante (with its second bet)
on the distribution of its net result under the optimal raise/fold rule, and the insurance
and carrousel on the player's category, lost on a fold. This module deals the cards instead
(:func:`~crupier.analysis.fresh_packs.deal_packs`) and takes the player's decision from the
PAR's own counts, by the rule the sheet states: against his five cards and the up card, the
bank's 163,185 hidden hands are counted by class (not qualified, player higher, tie, bank
higher) by the very compiled function and tables the analysis counts with, and he raises
when the raise's value is at least the fold's (the sheet's comparison, one copy). Both hands
are scored by the batch evaluator; the bank qualifies and the hands compare by the PAR's
qualifier score. Nothing is settled here: each round is mapped onto the PAR model's outcomes
(the net results the game's own :func:`~crupier.games.caribbean_stud.par.raise_nets`,
``ante_net``, ``insurance_net`` and ``carrousel_net`` give), so the compiled bet tables settle
it. No card is bought (the sheet's rule).

A test deals the same packs through this kernel and through the engine and compares every
settlement.

>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("caribbean-stud")
>>> ante = compile_game("caribbean-stud", profile)[0]
>>> rounds = stud_rounds(ante, profile, np.random.default_rng(1), 1_000)
>>> rounds.shape, int(rounds.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from crupier.analysis.fresh_packs import deal_packs
from crupier.analysis.simulate import OutcomeSpace, _jit
from crupier.games.caribbean_stud.par import _pair_counts_jit

STUD_DEAL = 10
"""Cards of a round: the player's five, then the bank's five (the last face up)."""
FOLDED = 4
"""The case code of a folded hand (0-3: raised, against a bank that does not qualify, a
lower, an equal, a higher hand: the PAR's ``OUTCOMES``)."""


def _stud_block_py(
    rows: npt.NDArray[np.int32],
    player: npt.NDArray[np.int64],
    bank: npt.NDArray[np.int64],
    ms_index: npt.NDArray[np.int64],
    base: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    sizes: npt.NDArray[np.int64],
    nonflush: npt.NDArray[np.int64],
    flush: npt.NDArray[np.int64],
    q: int,
    values: npt.NDArray[np.int64],
    fold: int,
    out: npt.NDArray[np.int32],
) -> None:
    """Each round's (player's category, case code): the player's decision from the bank's
    hidden hands counted against his cards and the up card (``rows[r, 9]``), then the bank's
    qualification and the comparison. Compiled by numba."""
    counts = np.zeros(4, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    key = np.zeros(5, dtype=np.int64)
    for r in range(rows.shape[0]):
        suits[:] = 0
        for j in range(5):
            c = rows[r, j]
            suits[c % 4] |= 1 << (c // 4)
            key[j] = c // 4
        key.sort()
        k = 0
        for j in range(5):
            k = k * 13 + key[j]
        s = player[r]
        _pair_counts_jit(
            suits, ms_index[k], s, rows[r, 9], base, offsets, sizes, nonflush, flush, q, counts
        )
        cat = s >> 20
        value = 0
        for t in range(4):
            value += counts[t] * values[cat, t]
        out[r, 0] = cat
        if value < (counts[0] + counts[1] + counts[2] + counts[3]) * fold:
            out[r, 1] = 4
            continue
        d = bank[r]
        if d < q:
            out[r, 1] = 0
        elif d < s:
            out[r, 1] = 1
        elif d == s:
            out[r, 1] = 2
        else:
            out[r, 1] = 3


_stud_block = cast(Callable[..., None], _jit(_stud_block_py))


def _values(profile: Any) -> tuple[npt.NDArray[np.int64], int]:
    """The raise's net per (category, class) and the fold's, scaled to integers (as the PAR's
    analysis scales them)."""
    from crupier.core.poker import Category
    from crupier.games.caribbean_stud.par import raise_nets
    from crupier.games.caribbean_stud.showdown import ante_net

    nets = [raise_nets(profile, c) for c in Category]
    fold_net = ante_net(profile, False, True, 0)
    scale = lcm(*(x.denominator for row in nets for x in row), fold_net.denominator)
    values = np.array([[int(x * scale) for x in row] for row in nets], dtype=np.int64)
    return values, int(fold_net * scale)


def deal_stud(
    profile: Any, rng: np.random.Generator, size: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """``size`` rounds from fresh packs: the ten cards dealt (the batch evaluator's indices,
    the player's five first, the up card last) and each round's (category, case code)."""
    from crupier.core.poker.batch import score_batch
    from crupier.games.caribbean_stud.par import _tables
    from crupier.games.caribbean_stud.showdown import qualifier_score

    q = qualifier_score(profile)
    ms_index, base, offsets, sizes, nonflush, flush = _tables(q)
    values, fold = _values(profile)
    rows = deal_packs(rng, size, STUD_DEAL)
    player = score_batch(np.ascontiguousarray(rows[:, :5], dtype=np.uint8)).astype(np.int64)
    bank = score_batch(np.ascontiguousarray(rows[:, 5:], dtype=np.uint8)).astype(np.int64)
    out = np.empty((size, 2), dtype=np.int32)
    _stud_block(rows, player, bank, ms_index, base, offsets, sizes, nonflush, flush, q, values,
                fold, out)  # fmt: skip
    return rows, out


def case_nets(profile: Any, bet_id: str) -> dict[tuple[int, int], Fraction]:
    """The net result per unit of ``bet_id`` (``ante``: with its second bet; ``insurance``,
    ``carrousel``) for each (category, case code), from the game's own settlement functions.

    >>> from crupier.games import load_profile
    >>> case_nets(load_profile("caribbean-stud"), "ante")[(0, FOLDED)]
    Fraction(-1, 1)
    """
    from crupier.core.poker import Category
    from crupier.games.caribbean_stud.par import raise_nets
    from crupier.games.caribbean_stud.showdown import ante_net, carrousel_net, insurance_net

    out: dict[tuple[int, int], Fraction] = {}
    for cat in Category:
        if bet_id == "ante":
            for code, net in enumerate(raise_nets(profile, cat)):
                out[(int(cat), code)] = net
            out[(int(cat), FOLDED)] = ante_net(profile, False, True, 0)
            continue
        side = insurance_net if bet_id == "insurance" else carrousel_net
        for code in range(FOLDED):
            out[(int(cat), code)] = side(profile, cat, True)
        out[(int(cat), FOLDED)] = Fraction(-1)
    return out


def stud_outcome_index(space: OutcomeSpace, profile: Any) -> npt.NDArray[np.int32]:
    """``map[category, case]``: the index of the round's outcome in ``space`` (its bet's net
    results); -1 where the PAR model has no such outcome."""
    (bet,) = {b.bet_id for b in space.bets}
    where = {o: i for i, o in enumerate(space.outcomes)}
    table = np.full((10, FOLDED + 1), -1, dtype=np.int32)
    for (cat, code), net in case_nets(profile, bet).items():
        table[cat, code] = where.get(net, -1)
    return table


def stud_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds dealt from fresh packs, as indices into ``space``'s outcomes."""
    _rows, out = deal_stud(profile, rng, size)
    found: npt.NDArray[np.int32] = stud_outcome_index(space, profile)[out[:, 0], out[:, 1]]
    if found.size and int(found.min()) < 0:  # a net the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found


__all__ = [
    "FOLDED",
    "STUD_DEAL",
    "case_nets",
    "deal_stud",
    "stud_outcome_index",
    "stud_rounds",
]
