"""The exact value of Texas Hold'em Bonus's Turn and River bets (spec 22), and so the
optimal Turn and River decisions, by enumerating every unseen card.

A Turn or River bet is one Ante paid 1 to 1 when the player's final hand beats the
croupier's, returned on a tie and lost otherwise; making it changes no other bet and no
later choice (after the Flop bet the player can no longer fold, and the River bet is open
whether or not he bet the Turn). Its value is therefore ``P(win) - P(lose)`` over the cards
he has not seen, and the optimal decision is to bet exactly when that is positive: the
Turn from his two cards and the flop, the River from his two cards and the four common
cards. Together with the fold list before the flop (2-3 to 2-7 offsuit, the hands whose
value under optimal play is below the lost Ante, Wizard of Odds' table of two-card values)
that is the optimal strategy whose house edge Wizard of Odds publishes (2.037 % of the
Ante, see docs/games/holdem-bonus.md).

The croupier's seven cards are the common cards and his two, so his score depends only on
the *set* of unseen cards that complete them: the River bet is counted over the C(46,3) =
15,180 sets of three unseen cards (each split three ways into the River card and the
croupier's two: 45,540 showdowns), the Turn bet over the C(47,4) = 178,365 sets of four (six
ways each: 1,070,190 showdowns), one croupier score per set and the player's scores looked
up. A River value takes about 0.2 ms, a Turn value about 5 ms.

>>> from crupier.core.cards import cards
>>> river_value(cards("As Ks"), cards("Qs Js Ts 2d"))  # the royal flush: never beaten
Fraction(1, 1)
>>> turn_value(cards("Ah Ad"), cards("Ac As 2d")) > Fraction(99, 100)  # four aces
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_sim import Estimate
from crupier.core.cards import Card
from crupier.core.poker.batch import _CARD_MASK, _score_mask_jit, index

RIVER_SHOWDOWNS = 46 * 45 * 44 // 2
"""The River card and the croupier's two cards after the player's six: 46 x C(45,2)."""
TURN_SHOWDOWNS = 47 * 46 // 2 * (45 * 44 // 2)
"""The Turn and River cards and the croupier's two after the player's five: C(47,2) x C(45,2)."""

_jit = numba.njit(cache=True, nogil=True)


def _unseen(known: Any) -> Any:  # pragma: no cover (compiled)
    card_mask = _CARD_MASK
    n = 0
    for c in range(52):
        if not known & card_mask[c]:
            n += 1
    rest = np.empty(n, dtype=np.int64)
    k = 0
    for c in range(52):
        if not known & card_mask[c]:
            rest[k] = c
            k += 1
    return rest


_unseen_jit = _jit(_unseen)


def _river_counts(hole: Any, board: Any) -> Any:  # pragma: no cover (compiled)
    """(won, lost) showdowns of :data:`RIVER_SHOWDOWNS` for the player's two cards ``hole``
    and the four common cards ``board`` (card indices)."""
    card_mask = _CARD_MASK
    mine = card_mask[hole[0]] | card_mask[hole[1]]
    common = card_mask[board[0]] | card_mask[board[1]] | card_mask[board[2]] | card_mask[board[3]]
    rest = _unseen_jit(mine | common)
    n = rest.shape[0]
    player = np.empty(n, dtype=np.int64)
    for i in range(n):  # the player's score with each River card
        player[i] = _score_mask_jit(mine | common | card_mask[rest[i]])
    won = 0
    lost = 0
    for x in range(n):
        for y in range(x + 1, n):
            two = common | card_mask[rest[x]] | card_mask[rest[y]]
            for z in range(y + 1, n):
                croupier = _score_mask_jit(two | card_mask[rest[z]])
                for p in (player[x], player[y], player[z]):  # which of the three is the River
                    if p > croupier:
                        won += 1
                    elif p < croupier:
                        lost += 1
    return won, lost


def _turn_counts(hole: Any, flop: Any) -> Any:  # pragma: no cover (compiled)
    """(won, lost) showdowns of :data:`TURN_SHOWDOWNS` for the player's two cards and the
    flop (card indices)."""
    card_mask = _CARD_MASK
    mine = card_mask[hole[0]] | card_mask[hole[1]]
    common = card_mask[flop[0]] | card_mask[flop[1]] | card_mask[flop[2]]
    rest = _unseen_jit(mine | common)
    n = rest.shape[0]
    player = np.zeros((n, n), dtype=np.int64)
    for i in range(n):  # the player's score with each Turn and River pair
        for j in range(i + 1, n):
            player[i, j] = _score_mask_jit(mine | common | card_mask[rest[i]] | card_mask[rest[j]])
    won = 0
    lost = 0
    for a in range(n):
        for b in range(a + 1, n):
            ab = common | card_mask[rest[a]] | card_mask[rest[b]]
            for c in range(b + 1, n):
                abc = ab | card_mask[rest[c]]
                for d in range(c + 1, n):
                    croupier = _score_mask_jit(abc | card_mask[rest[d]])
                    for p in (
                        player[a, b],
                        player[a, c],
                        player[a, d],
                        player[b, c],
                        player[b, d],
                        player[c, d],
                    ):
                        if p > croupier:
                            won += 1
                        elif p < croupier:
                            lost += 1
    return won, lost


_river_counts_jit = _jit(_river_counts)
_turn_counts_jit = _jit(_turn_counts)


def _deal_values(deals: Any, out: Any) -> None:  # pragma: no cover (compiled)
    """``out[i]``: (won, lost) of the Turn bet, then of the River bet, for deal ``i`` (the
    player's two cards, the croupier's two, the five common cards)."""
    for i in range(deals.shape[0]):
        d = deals[i]
        out[i, 0], out[i, 1] = _turn_counts_jit(d[0:2], d[4:7])
        out[i, 2], out[i, 3] = _river_counts_jit(d[0:2], d[4:8])


_deal_values_kernel = cast(Callable[..., None], _jit(_deal_values))


def _known(hole: Sequence[Card], board: Sequence[Card], n: int) -> npt.NDArray[np.int64]:
    if len(hole) != 2 or len(board) != n:
        raise ValueError(
            f"the player's two cards and {n} common cards, not {len(hole)} and {len(board)}"
        )
    seen = [index(c) for c in (*hole, *board)]
    if len(set(seen)) != len(seen):
        raise ValueError("the same card twice")
    return np.array(seen, dtype=np.int64)


def river_value(hole: Sequence[Card], board: Sequence[Card]) -> Fraction:
    """The exact value, in Antes, of the River bet for the player's two cards and the four
    common cards: ``P(win) - P(lose)`` over the River card and the croupier's two.

    >>> from crupier.core.cards import cards
    >>> river_value(cards("2c 3d"), cards("As Kd Qh Jc"))  # a Ten gives everyone the straight
    Fraction(-14921, 22770)
    """
    seen = _known(hole, board, 4)
    won, lost = _river_counts_jit(seen[:2], seen[2:])
    return Fraction(int(won) - int(lost), RIVER_SHOWDOWNS)


def turn_value(hole: Sequence[Card], flop: Sequence[Card]) -> Fraction:
    """The exact value, in Antes, of the Turn bet for the player's two cards and the flop:
    ``P(win) - P(lose)`` over the Turn and River cards and the croupier's two.

    >>> from crupier.core.cards import cards
    >>> turn_value(cards("7c 2d"), cards("As Kd Qh")) < 0
    True
    """
    seen = _known(hole, flop, 3)
    won, lost = _turn_counts_jit(seen[:2], seen[2:])
    return Fraction(int(won) - int(lost), TURN_SHOWDOWNS)


def street_values(deals: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """For each row of nine card indices (the player's two, the croupier's two, the five
    common cards), the exact value in Antes of the Turn bet (column 0, from the player's
    cards and the flop) and of the River bet (column 1, with the Turn card).

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker.batch import indices
    >>> street_values(indices([cards("As Ks 2c 3d Qs Js Ts 9d 4h")])).tolist()
    [[1.0, 1.0]]
    """
    rows = np.ascontiguousarray(deals, dtype=np.int64)
    if rows.ndim != 2 or rows.shape[1] != 9:
        raise ValueError(f"deals are rows of nine card indices, not shape {rows.shape}")
    counts = np.zeros((rows.shape[0], 4), dtype=np.int64)
    _deal_values_kernel(rows, counts)
    turn = (counts[:, 0] - counts[:, 1]) / TURN_SHOWDOWNS
    river = (counts[:, 2] - counts[:, 3]) / RIVER_SHOWDOWNS
    return np.stack([turn, river], axis=1)


@dataclass(frozen=True)
class Shortfall:
    """What a strategy's Turn and River decisions give up against the optimal ones, in % of
    the Ante per round, each with its 95 % half-width: the mean over sampled deals of
    ``max(0, v) - bet * v`` for each street's exact value ``v`` (zero for a folded hand)."""

    deals: int
    turn: Estimate
    river: Estimate
    both: Estimate
    turn_bets: float
    """The share of deals with a Turn bet under the optimal decision."""
    river_bets: float


def sample_deals(deals: int, seed: int) -> npt.NDArray[np.uint8]:
    """``deals`` rows of nine distinct card indices drawn uniformly (PCG64 ``seed``).

    >>> sample_deals(3, seed=1).shape
    (3, 9)
    """
    rng = np.random.Generator(np.random.PCG64(seed))
    return np.argsort(rng.random((deals, 52)), axis=1)[:, :9].astype(np.uint8)


def shortfall(
    table: Any, rows: npt.NDArray[np.uint8], values: npt.NDArray[np.float64] | None = None
) -> Shortfall:
    """The shortfall of ``table``'s strategy (a
    :class:`~crupier.analysis.holdem_kernel.RoundTable`) on the Turn and River over the
    deals ``rows`` (``values``: their :func:`street_values`, computed when not given).

    When the strategy's fold list is the optimal one, this is its whole distance from the
    optimal edge: ``edge(strategy) - shortfall = edge(optimal)`` in expectation, as the Turn
    and River bets are separate even-money bets that change no other choice.
    """
    from crupier.analysis.holdem_kernel import decisions

    if values is None:
        values = street_values(rows)
    decided = decisions(rows, table)
    plays = decided[:, 0]
    per_street = [
        100 * plays * (np.maximum(values[:, k], 0) - decided[:, k + 1] * values[:, k])
        for k in (0, 1)
    ]
    turn, river = (Estimate.of(x.tolist()) for x in per_street)
    both = Estimate.of((per_street[0] + per_street[1]).tolist())
    return Shortfall(
        rows.shape[0],
        turn,
        river,
        both,
        float((plays * (values[:, 0] > 0)).mean()),
        float((plays * (values[:, 1] > 0)).mean()),
    )


__all__ = [
    "RIVER_SHOWDOWNS",
    "TURN_SHOWDOWNS",
    "Shortfall",
    "river_value",
    "sample_deals",
    "shortfall",
    "street_values",
    "turn_value",
]
