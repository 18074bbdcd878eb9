"""Fresh packs for the Monte Carlo kernels: the banking poker games dealt card by card, one
freshly shuffled 52-card pack per round, as at the table.

The PAR model of Tripòquer (three card poker, spec 15) settles the Fortuna bet on the
distribution of the player's three-card category and the Ante (with its Bet and
Extra-Ante) on the distribution of its net result under the optimal play-or-fold rule. This
module deals the cards instead: numba shuffles a pack per round (a partial Fisher-Yates over
numpy uniforms: the player's three cards, then the croupier's three) and looks each hand up
in the PAR's table of the 22,100 three-card hands (``all_hands``: the engine's ranking,
:func:`~crupier.core.poker.rank3`, packed as a score). Nothing is settled here: each round
is mapped onto the PAR model's outcomes — the player's category for the Fortuna bet; for
the Ante the net result the game's own :func:`~crupier.games.three_card_poker.showdown.ante_net`
and :func:`~crupier.games.three_card_poker.showdown.bet_net` give the player's category, his
decision, the croupier's qualification (the engine's
:func:`~crupier.games.three_card_poker.showdown.qualifies`) and the comparison — so the same
compiled bet tables settle it (:mod:`crupier.analysis.simulate`).

The player plays a hand when playing is worth at least folding against the 18,424 croupier
hands left (the PAR sheet's optimal rule, :func:`~crupier.games.three_card_poker.par.strategy`),
from the PAR's own counts per hand class (``croupier_counts``).

A test deals the same packs through this kernel and through the engine (each pack's cards
entered at a live table) and compares every settlement.

>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("three-card-poker")
>>> fortuna, ante = compile_game("three-card-poker", profile)
>>> rounds = three_card_rounds(ante, profile, np.random.default_rng(1), 1_000)
>>> rounds.shape, int(rounds.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from crupier.analysis.simulate import OutcomeSpace, _jit

FOLD = 4
"""The Ante's case code of a folded hand (0-3: played, against a croupier who does not
qualify, whose hand is lower, equal, higher)."""
CASES = 5


@dataclass(frozen=True)
class ThreeCardTables:
    """The 22,100 hands as arrays for the kernel: ``index[a, b, c]`` (cards ``a < b < c`` of
    the PAR's deck order) is the hand's row; per row its category, packed score, whether
    the croupier qualifies with it and whether the player plays it."""

    index: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]
    score: npt.NDArray[np.int64]
    qualified: npt.NDArray[np.bool_]
    plays: npt.NDArray[np.bool_]


def _hand_tables(profile: Any) -> ThreeCardTables:
    from crupier.games.three_card_poker.par import DECK, all_hands, croupier_counts
    from crupier.games.three_card_poker.showdown import ante_net, bet_net, qualifies

    hands = all_hands()
    index = np.full((52, 52, 52), -1, dtype=np.int32)
    for i, (a, b, c) in enumerate(hands.combos):
        index[a, b, c] = i
    category = np.array([int(c) for c in hands.categories], dtype=np.int8)
    qualified = np.array(
        [qualifies(profile, [DECK[i] for i in combo]) for combo in hands.combos], dtype=np.bool_
    )
    cases = ((False, 0), (True, 1), (True, 0), (True, -1))
    plays = np.zeros(len(hands.combos), dtype=np.bool_)
    members = _class_members()
    for rep, _size, counts in croupier_counts(profile.rules.qualifier_rank):
        cat = hands.categories[rep]
        weights = (counts.not_qualified, counts.lower, counts.tie, counts.higher)
        play = sum(
            (ante_net(profile, cat, True, q, c) + bet_net(profile, q, c)) * w
            for (q, c), w in zip(cases, weights, strict=True)
        )
        fold = ante_net(profile, cat, False, True, 0) * sum(weights)
        plays[members[rep]] = play >= fold
    return ThreeCardTables(index, category, hands.scores.astype(np.int64), qualified, plays)


@cache
def _class_members() -> dict[int, list[int]]:
    """Each suit class's representative hand and every hand of its class."""
    from crupier.games.three_card_poker.par import _canonical, all_hands, player_classes

    combos = all_hands().combos
    by_form: dict[Any, list[int]] = {}
    for i, combo in enumerate(combos):
        by_form.setdefault(_canonical(combo), []).append(i)
    reps = {rep for rep, _ in player_classes()}
    return {members[0]: members for members in by_form.values() if members[0] in reps}


_TABLES: dict[str, ThreeCardTables] = {}


def three_card_tables(profile: Any) -> ThreeCardTables:
    """The kernel's arrays for ``profile`` (computed once per profile)."""
    key = profile.model_dump_json()
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _hand_tables(profile)
    return found


def ante_case_nets(profile: Any) -> dict[tuple[int, int], Fraction]:
    """The Ante's net result per unit (Bet and Extra-Ante included) of each (category,
    case), from the game's own settlement functions.

    >>> from crupier.games import load_profile
    >>> ante_case_nets(load_profile("three-card-poker"))[(0, FOLD)]
    Fraction(-1, 1)
    """
    from crupier.core.poker import Category3
    from crupier.games.three_card_poker.showdown import ante_net, bet_net

    cases = ((False, 0), (True, 1), (True, 0), (True, -1))
    out: dict[tuple[int, int], Fraction] = {}
    for cat in Category3:
        for code, (q, c) in enumerate(cases):
            out[(int(cat), code)] = ante_net(profile, cat, True, q, c) + bet_net(profile, q, c)
        out[(int(cat), FOLD)] = ante_net(profile, cat, False, True, 0)
    return out


def _three_card_block_py(
    u: npt.NDArray[np.float64],
    deck: npt.NDArray[np.int32],
    index: npt.NDArray[np.int32],
    category: npt.NDArray[np.int8],
    score: npt.NDArray[np.int64],
    qualified: npt.NDArray[np.bool_],
    plays: npt.NDArray[np.bool_],
    cards: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
) -> None:
    """Deal six cards per row of uniforms (a partial Fisher-Yates shuffle of ``deck``, carried
    from row to row: each row a uniformly shuffled pack), write them to ``cards`` and each
    round's (player's category, Ante case code) to ``out``. Compiled by numba."""
    hand = np.empty(3, dtype=np.int32)
    rows = np.empty(2, dtype=np.int32)
    for r in range(u.shape[0]):
        for i in range(6):
            j = i + int(u[r, i] * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
            cards[r, i] = deck[i]
        for h in range(2):
            for k in range(3):
                hand[k] = deck[3 * h + k]
            hand.sort()
            rows[h] = index[hand[0], hand[1], hand[2]]
        p = rows[0]
        d = rows[1]
        out[r, 0] = category[p]
        if not plays[p]:
            out[r, 1] = 4
        elif not qualified[d]:
            out[r, 1] = 0
        elif score[p] > score[d]:
            out[r, 1] = 1
        elif score[p] == score[d]:
            out[r, 1] = 2
        else:
            out[r, 1] = 3


_three_card_block = cast(Callable[..., None], _jit(_three_card_block_py))


def deal_three_card(
    profile: Any, rng: np.random.Generator, size: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """``size`` rounds from fresh packs: the six cards dealt (indices into the PAR's deck
    order, the player's three first) and each round's (category, Ante case code)."""
    t = three_card_tables(profile)
    deck = np.arange(52, dtype=np.int32)
    cards = np.empty((size, 6), dtype=np.int32)
    out = np.empty((size, 2), dtype=np.int32)
    _three_card_block(
        rng.random((size, 6)), deck, t.index, t.category, t.score, t.qualified, t.plays, cards,
        out,
    )  # fmt: skip
    return cards, out


def three_card_outcome_index(space: OutcomeSpace, profile: Any) -> npt.NDArray[np.int32]:
    """``map[category, case]``: the index of the round's outcome in ``space`` — the Fortuna
    space's outcomes are the player's categories, the Ante's its net results."""
    from crupier.core.poker import Category3

    fortuna = isinstance(space.outcomes[0], Category3)
    where = {(type(o), o): i for i, o in enumerate(space.outcomes)}
    table = np.full((len(Category3), CASES), -1, dtype=np.int32)
    nets = ante_case_nets(profile)
    for cat in Category3:
        for code in range(CASES):
            key: Any = cat if fortuna else nets[(int(cat), code)]
            table[int(cat), code] = where.get((type(key), key), -1)
    return table


def three_card_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds dealt from fresh packs, as indices into ``space``'s outcomes."""
    _cards, out = deal_three_card(profile, rng, size)
    table = three_card_outcome_index(space, profile)
    found = table[out[:, 0], out[:, 1]]
    if found.size and int(found.min()) < 0:  # a net the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found


# -- four card poker ----------------------------------------------------------------------------


def _deal_block_py(
    u: npt.NDArray[np.float64], deck: npt.NDArray[np.int32], cards: npt.NDArray[np.int32]
) -> None:
    """Deal ``cards.shape[1]`` cards per row of uniforms (a partial Fisher-Yates shuffle of
    ``deck``, carried from row to row: each row a uniformly shuffled pack). Compiled."""
    for r in range(u.shape[0]):
        for i in range(cards.shape[1]):
            j = i + int(u[r, i] * (deck.shape[0] - i))
            deck[i], deck[j] = deck[j], deck[i]
            cards[r, i] = deck[i]


_deal_block = cast(Callable[..., None], _jit(_deal_block_py))


def deal_packs(rng: np.random.Generator, size: int, cards: int) -> npt.NDArray[np.int32]:
    """The first ``cards`` cards of ``size`` freshly shuffled 52-card packs, as the batch
    evaluator's card indices (:func:`crupier.core.poker.batch.index`).

    >>> rows = deal_packs(np.random.default_rng(1), 3, 11)
    >>> rows.shape, all(len(set(r)) == 11 for r in rows.tolist())
    ((3, 11), True)
    """
    deck = np.arange(52, dtype=np.int32)
    out = np.empty((size, cards), dtype=np.int32)
    _deal_block(rng.random((size, cards)), deck, out)
    return out


FOUR_CARD_DEAL = 11
"""Cards of a Four Card Poker round: the player's five, then the croupier's six."""


def four_card_outcomes(rows: npt.NDArray[np.int32]) -> list[tuple[Any, int]]:
    """The Asos bet's outcome of each dealt round: the player's best four (category, and the
    pair's rank for a pair, else 0), scored by the batch evaluator's four-card table.

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker.batch import indices
    >>> four_card_outcomes(indices([cards("As Ah Kd 7c 2s")]).astype(np.int32))
    [(<Category4.PAIR: 1>, 14)]
    """
    from crupier.core.poker import Category4
    from crupier.core.poker.tables import score4_batch

    scores = score4_batch(np.ascontiguousarray(rows[:, :5], dtype=np.uint8)).astype(np.int64)
    category = scores >> 20
    pair = np.where(category == int(Category4.PAIR), (scores >> 16) & 15, 0)
    return [(Category4(c), int(r)) for c, r in zip(category.tolist(), pair.tolist(), strict=True)]


def four_card_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """The Asos bet's and the Ante's rounds dealt from fresh packs, as indices into
    ``space``'s outcomes (the Ante by :mod:`crupier.analysis.fresh_four_card`, its choice
    from the exact analysis's own table per hand and up card)."""
    if not isinstance(space.outcomes[0], tuple):  # the Ante: its net results
        from crupier.analysis.fresh_four_card import ante_rounds

        return ante_rounds(space, profile, rng, size)
    return aces_outcomes(space, deal_packs(rng, size, 5))


def aces_outcomes(space: OutcomeSpace, rows: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The Asos bet's outcome index in ``space`` of each dealt round (the player's five
    cards first in each row), vectorised as :func:`four_card_outcomes`."""
    from crupier.core.poker.tables import score4_batch

    at = np.full(16 * 16, -1, dtype=np.int32)  # (category, pair rank) -> outcome
    for i, (category, pair) in enumerate(space.outcomes):
        at[16 * int(category) + pair] = i
    hands = np.ascontiguousarray(rows[:, :5], dtype=np.uint8)
    scores = score4_batch(hands).astype(np.int64)
    category = scores >> 20
    pair = np.where(category == 1, (scores >> 16) & 15, 0)  # Category4.PAIR: its rank
    found: npt.NDArray[np.int32] = at[16 * category + pair]
    return found


def _mahjong_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """Mahjong Pai Gow's rounds from freshly mixed walls (:mod:`crupier.analysis.fresh_walls`)."""
    from crupier.analysis.fresh_walls import mahjong_rounds

    return mahjong_rounds(space, profile, rng, size)


def _stud_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """Caribbean stud's rounds from fresh packs (:mod:`crupier.analysis.fresh_stud`)."""
    from crupier.analysis.fresh_stud import stud_rounds

    return stud_rounds(space, profile, rng, size)


def _trijoker_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """Trijoker's rounds from fresh packs (:mod:`crupier.analysis.fresh_trijoker`)."""
    from crupier.analysis.fresh_trijoker import trijoker_rounds

    return trijoker_rounds(space, profile, rng, size)


def _triple_play_rounds(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """Triple Joc's rounds from fresh decks (:mod:`crupier.analysis.fresh_triple`)."""
    from crupier.analysis.fresh_triple import triple_outcomes

    return triple_outcomes(space, profile, rng, size)


FRESH_PACKS = {
    "caribbean-stud": _stud_rounds,
    "trijoker": _trijoker_rounds,
    "triple-play": _triple_play_rounds,
    "three-card-poker": three_card_rounds,
    "four-card-poker": four_card_rounds,
    "mahjong-pai-gow": _mahjong_rounds,
}
"""The games dealt from fresh packs (or walls of tiles), card by card, by this module and
:mod:`crupier.analysis.fresh_walls`, :mod:`crupier.analysis.fresh_stud` and
:mod:`crupier.analysis.fresh_trijoker`."""


__all__ = [
    "FOLD",
    "FRESH_PACKS",
    "ThreeCardTables",
    "aces_outcomes",
    "ante_case_nets",
    "deal_packs",
    "deal_three_card",
    "four_card_outcomes",
    "four_card_rounds",
    "three_card_outcome_index",
    "three_card_rounds",
    "three_card_tables",
]
