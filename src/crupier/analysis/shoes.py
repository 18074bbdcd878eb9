"""Real shoes for the Monte Carlo kernels: shuffled, burnt, dealt to the stop card.

The PAR model of punto banco settles each coup on the exact distribution of a full shoe; a
real shoe's coups depend on each other (card removal) and end at the stop card. This module
deals real shoes, coup by coup, with every rule read from the profile — decks, cards behind
the stop card, the burn (the first card exposed orders that many cards out), Punt's drawing
totals and Banca's drawing table — and returns the coups as indices into the PAR model's
outcomes, so the same compiled bet tables settle them (:mod:`crupier.analysis.simulate`).

A test deals the same shuffled order through this kernel and through the punto banco engine
(a stacked shoe) and compares them coup by coup.

>>> import numpy as np
>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("punto-banco")
>>> (space,) = compile_game("punto-banco", profile)
>>> coups = punto_banco_coups(space, profile, np.random.default_rng(1), 1_000)
>>> coups.shape, int(coups.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.simulate import OutcomeSpace, _jit


def _deal_shoe_py(
    ranks: npt.NDArray[np.int8],
    start: int,
    stop_at: int,
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Deal one shoe (``ranks`` in order, 1-13) from card ``start`` while the stop card is
    in (at most ``stop_at`` cards taken when a coup begins); write each coup's outcome
    index into ``out`` from ``filled`` on. Returns the new ``filled``. Compiled by numba."""
    pos = start
    n = ranks.shape[0]
    while pos <= stop_at and pos + 6 <= n and filled < out.shape[0]:
        p1 = ranks[pos]
        b1 = ranks[pos + 1]
        p2 = ranks[pos + 2]
        b2 = ranks[pos + 3]
        pos += 4
        pt = (min(p1, 10) % 10 + min(p2, 10) % 10) % 10
        bt = (min(b1, 10) % 10 + min(b2, 10) % 10) % 10
        if pt < 8 and bt < 8:
            column = 0
            if player_draws[pt]:
                p3 = min(ranks[pos], 10) % 10
                pos += 1
                pt = (pt + p3) % 10
                column = p3 + 1
            if banker_draws[bt, column]:
                bt = (bt + min(ranks[pos], 10) % 10) % 10
                pos += 1
        out[filled] = index[pt, bt, 1 if p1 == p2 else 0, 1 if b1 == b2 else 0]
        filled += 1
    return filled


deal_shoe = _jit(_deal_shoe_py)


def _shuffle_py(deck: npt.NDArray[np.int8], u: npt.NDArray[np.float64]) -> npt.NDArray[np.int8]:
    """Fisher-Yates over ``deck`` with the uniform draws ``u`` (one per position but the
    first): unbiased for exact uniforms; compiled by numba."""
    order = deck.copy()
    for i in range(order.shape[0] - 1, 0, -1):
        j = int(u[i - 1] * (i + 1))
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    return order


shuffle = _jit(_shuffle_py)


def _deal_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    burn: npt.NDArray[np.int32],
    burn_exposed: int,
    stop_at: int,
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Shuffle and deal one shoe per row of ``uniforms`` until ``out`` is full."""
    for row in range(uniforms.shape[0]):
        if filled >= out.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        start = burn[order[0]] + burn_exposed
        filled = deal_shoe(order, start, stop_at, player_draws, banker_draws, index, out, filled)
    return filled


deal_block = _jit(_deal_block_py)


def punto_banco_tables(
    space: OutcomeSpace, profile: Any
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
    """The profile's drawing rules as arrays, and the outcome index of each (Punt, Banca,
    Punt pair, Banca pair) in the PAR model's outcomes."""
    rules = profile.rules
    player = np.zeros(10, dtype=np.bool_)
    for total in rules.player_draws:
        player[total] = True
    banker = np.zeros((10, 11), dtype=np.bool_)
    for total, row in rules.banker_table.items():
        for column, letter in enumerate(row):
            banker[int(total), column] = letter == "T"
    index = np.full((10, 10, 2, 2), -1, dtype=np.int32)
    for i, o in enumerate(space.outcomes):
        index[o.player, o.banker, int(o.player_pair), int(o.banker_pair)] = i
    return player, banker, index


def punto_banco_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` coups dealt from real shoes, shoe after shoe (a coup never spans two)."""
    from crupier.core.cards import FRENCH_RANKS, Card, Suit
    from crupier.games.baccarat.cards import burn_value

    shoe = profile.shoe
    player, banker, index = punto_banco_tables(space, profile)
    deck = np.array([r for r in range(1, 14) for _ in range(4 * shoe.decks)], dtype=np.int8)
    total = deck.shape[0]
    stop_at = total - shoe.cards_below_stop
    burn = np.array(
        [0] + [burn_value(Card(rank, Suit.SPADES)) for rank in FRENCH_RANKS], dtype=np.int32
    )
    out = np.empty(size, dtype=np.int32)
    filled = 0
    exposed = 1 if shoe.burn_exposed_card else 0
    while filled < size:
        shoes = max(1, min(512, (size - filled) // 60 + 1))
        block = rng.random((shoes, total - 1))
        filled = deal_block(deck, block, burn, exposed, stop_at, player, banker, index, out, filled)
    return out


#: Games whose kernel deals real shoes instead of drawing from the PAR model's distribution.
REAL_SHOES = {"punto-banco": punto_banco_coups}
