"""Fresh packs for Four Card Poker's Ante (spec 18): one freshly shuffled 52-card pack per
round, the player's five cards, then the croupier's six (the last face up), as the live deal
enters them.

The PAR model (:mod:`crupier.games.four_card_poker.ante`) settles the Ante (with its Play and
the Ante bonus) on the distribution of its net result under the optimal rule: for every
player hand and up card, fold or Play 1, 2 or 3 times the Ante, whichever is worth most
against the croupier's hidden hands. This module deals the cards instead
(:func:`~crupier.analysis.fresh_packs.deal_packs`) and takes the choice from the analysis's
own table (:func:`~crupier.games.four_card_poker.ante.play_decisions`, one copy of the rule):
the suits are relabelled so that the up card is a spade (the analysis counts spades, the
other suits being symmetric) and the player's hand is looked up by its class. Both hands are
ranked by their best four (the evaluator's four-card table); the round's net is the game's
own :func:`~crupier.games.four_card_poker.showdown.ante_net` and ``play_net`` for the
category, the choice and the comparison, mapped onto the PAR model's outcomes.

A test deals the same packs through this kernel and through the engine (the choice played
as ``Play`` or ``Fold``) and compares every settlement.

>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("four-card-poker")
>>> ante = compile_game("four-card-poker", profile)[1]
>>> rounds = ante_rounds(ante, profile, np.random.default_rng(1), 1_000)
>>> rounds.shape, int(rounds.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.fresh_packs import FOUR_CARD_DEAL, deal_packs
from crupier.analysis.simulate import OutcomeSpace

COMPARISONS = (1, 0, -1)
"""Comparison codes 0-2: the player's best four higher, equal, lower than the croupier's."""


def deal_ante(
    profile: Any, rng: np.random.Generator, size: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """``size`` rounds from fresh packs: the eleven cards dealt (the batch evaluator's indices,
    the player's five first, the up card last) and each round's (player's category, choice
    index: 0 fold, else into the profile's Play multiples, comparison code)."""
    from crupier.core.poker.tables import score4_batch

    rows = deal_packs(rng, size, FOUR_CARD_DEAL)
    choice = play_choices(profile, rows)
    mine = score4_batch(np.ascontiguousarray(rows[:, :5], dtype=np.uint8)).astype(np.int64)
    theirs = np.max(
        [
            score4_batch(np.ascontiguousarray(rows[:, [5 + j for j in five]], dtype=np.uint8))
            for five in combinations(range(6), 5)
        ],
        axis=0,
    ).astype(np.int64)
    out = np.empty((size, 3), dtype=np.int64)
    out[:, 0] = mine >> 20
    out[:, 1] = choice
    out[:, 2] = np.where(mine > theirs, 0, np.where(mine == theirs, 1, 2))
    return rows, out


def play_choices(profile: Any, rows: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """The analysis's choice (index into its choices: 0 fold, else the Play multiple) for
    each dealt round (the player's five cards first, the up card last in each row)."""
    from crupier.games.four_card_poker.ante import counts_by_up_rank, hand_row, play_decisions

    d = play_decisions(profile)
    counts = counts_by_up_rank()
    player = rows[:, :5].astype(np.int64)
    up = rows[:, -1].astype(np.int64)
    suit = (up % 4)[:, None]
    s = player % 4
    # swap the up card's suit and spades: the analysis counts the up card as a spade
    moved = player - s + np.where(s == suit, 0, np.where(s == 0, suit, s))
    reps = np.searchsorted(counts.reps, counts.canon[hand_row(np.sort(moved, axis=1))])
    choice: npt.NDArray[np.int64] = np.stack(d.choice)[up // 4, reps].astype(np.int64)
    if choice.size and int(choice.min()) < 0:  # the class holds the up card: a bug
        raise ValueError("a dealt hand has no choice in the analysis")
    return choice


def ante_case_nets(profile: Any) -> dict[tuple[int, int, int], Fraction]:
    """The Ante's net per unit (Play and Ante bonus included) for each (category, choice
    index, comparison code), from the game's own settlement functions.

    >>> from crupier.games import load_profile
    >>> ante_case_nets(load_profile("four-card-poker"))[(1, 0, 0)]
    Fraction(-1, 1)
    """
    from crupier.core.poker import Category4
    from crupier.games.four_card_poker.ante import play_decisions
    from crupier.games.four_card_poker.showdown import ante_net, play_net

    out: dict[tuple[int, int, int], Fraction] = {}
    for cat in Category4:
        for k, m in enumerate(play_decisions(profile).choices):
            for code, cmp in enumerate(COMPARISONS):
                out[(int(cat), k, code)] = (
                    ante_net(profile, cat, True, cmp) + m * play_net(profile, cmp)
                    if m
                    else ante_net(profile, cat, False, cmp)
                )
    return out


def ante_outcome_index(space: OutcomeSpace, profile: Any) -> npt.NDArray[np.int32]:
    """``map[category, choice, comparison]``: the index of the round's outcome in ``space``;
    -1 where the PAR model has no such outcome."""
    from crupier.games.four_card_poker.ante import play_decisions

    where = {o: i for i, o in enumerate(space.outcomes)}
    choices = len(play_decisions(profile).choices)
    table = np.full((16, choices, 3), -1, dtype=np.int32)
    for (cat, k, code), net in ante_case_nets(profile).items():
        table[cat, k, code] = where.get(net, -1)
    return table


def ante_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds of the Ante dealt from fresh packs, as indices into ``space``'s
    outcomes."""
    _rows, out = deal_ante(profile, rng, size)
    table = ante_outcome_index(space, profile)
    found: npt.NDArray[np.int32] = table[out[:, 0], out[:, 1], out[:, 2]]
    if found.size and int(found.min()) < 0:  # a net the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found


__all__ = [
    "COMPARISONS",
    "ante_case_nets",
    "ante_outcome_index",
    "ante_rounds",
    "deal_ante",
    "play_choices",
]
