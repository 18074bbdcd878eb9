"""Fresh packs for Trijoker (spec 11): one freshly shuffled 52-card pack per round, the
player's three cards, then the left and the right community cards, as the live deal enters
them.

The PAR model (:mod:`crupier.games.trijoker.par`) settles the round on the distribution of its
net result per unit in each box under the optimal withdrawal rule. This module deals the cards
instead (:func:`~crupier.analysis.fresh_packs.deal_packs`) and takes both decisions from the
PAR's own tables (:func:`~crupier.games.trijoker.par.decisions`: box 1 kept when the three
cards' expected result is positive, box 2 when the four known cards' is; one copy of the rule).
The five cards are scored by the batch evaluator and classed by the PAR's
:func:`~crupier.games.trijoker.par.hand_classes`; the round's net is the number of boxes in
play times the class's result (:func:`~crupier.games.trijoker.par.class_ratios`). Nothing is
settled here: each round is mapped onto the PAR model's outcomes, so the compiled bet table
settles it.

A test deals the same packs through this kernel and through the engine (the decisions played
as :class:`~crupier.games.trijoker.engine.Keep` and ``Withdraw``) and compares every
settlement.

>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("trijoker")
>>> (space,) = compile_game("trijoker", profile)
>>> rounds = trijoker_rounds(space, profile, np.random.default_rng(1), 1_000)
>>> rounds.shape, int(rounds.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.fresh_packs import deal_packs
from crupier.analysis.simulate import OutcomeSpace

TRIJOKER_DEAL = 5
"""Cards of a round: the player's three, the left community card, the right one."""
CLASSES = 20
"""Hand classes of :func:`~crupier.games.trijoker.par.hand_classes` (category and paid pair)."""


def deal_trijoker(
    profile: Any, rng: np.random.Generator, size: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """``size`` rounds from fresh packs: the five cards dealt (the batch evaluator's indices)
    and each round's (boxes in play, 1-3; hand class); box 1 is in play when kept, box 2 when
    kept, box 3 always."""
    from crupier.core.poker.batch import score_batch
    from crupier.games.trijoker.par import colex, decisions, hand_classes

    d = decisions(profile)
    rows = deal_packs(rng, size, TRIJOKER_DEAL)
    keep1 = d.keep1[colex(np.sort(rows[:, :3], axis=1))]
    keep2 = d.keep2[colex(np.sort(rows[:, :4], axis=1))]
    classes = hand_classes(profile, score_batch(np.ascontiguousarray(rows, dtype=np.uint8)))
    out = np.empty((size, 2), dtype=np.int64)
    out[:, 0] = 1 + keep1.astype(np.int64) + keep2.astype(np.int64)
    out[:, 1] = classes
    return rows, out


def round_nets(profile: Any) -> dict[tuple[int, int], Fraction]:
    """The round's net per unit in each box for (boxes in play, hand class).

    >>> from crupier.games import load_profile
    >>> round_nets(load_profile("trijoker"))[(3, 0)]
    Fraction(-3, 1)
    """
    from crupier.games.trijoker.par import class_ratios

    ratios = class_ratios(profile)
    return {(k, c): k * r for k in (1, 2, 3) for c, r in ratios.items()}


def trijoker_outcome_index(space: OutcomeSpace, profile: Any) -> npt.NDArray[np.int32]:
    """``map[boxes in play, class]``: the index of the round's outcome in ``space``; -1 where
    the PAR model has no such outcome."""
    where = {o: i for i, o in enumerate(space.outcomes)}
    table = np.full((4, CLASSES), -1, dtype=np.int32)
    for (k, c), net in round_nets(profile).items():
        table[k, c] = where.get(net, -1)
    return table


def trijoker_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds dealt from fresh packs, as indices into ``space``'s outcomes."""
    _rows, out = deal_trijoker(profile, rng, size)
    found: npt.NDArray[np.int32] = trijoker_outcome_index(space, profile)[out[:, 0], out[:, 1]]
    if found.size and int(found.min()) < 0:  # a net the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found


__all__ = [
    "CLASSES",
    "TRIJOKER_DEAL",
    "deal_trijoker",
    "round_nets",
    "trijoker_outcome_index",
    "trijoker_rounds",
]
