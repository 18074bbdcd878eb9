"""The main bets of the two Texas games against the house (spec 20, Texas poker against the
house: the Ante and the 2a aposta; spec 22, Texas Hold'em Bonus: the Ante and the street bets)
by Monte Carlo, on the batch evaluator's card masks, compiled with numba.

A round deals nine cards of a 52-card pack: the player's two, the croupier's two, the five
common cards. Both hands are ranked by the batch evaluator's seven-card score. What each
result pays is not restated here: :func:`casino_holdem_table` and :func:`holdem_bonus_table`
fill, per category of the player's hand, the croupier's qualification and the comparison,
the net result of the round in Antes **from the engines' own settlement functions**
(``casino_holdem.showdown.ante_net`` / ``call_net``, ``holdem_bonus.hands.resolve_main``)
and the profile's bet multiples, so a changed paytable in a rules file is what the kernel
plays.

The strategies are fixed and named in the sheets (:data:`CASINO_HOLDEM_STRATEGY`,
:data:`HOLDEM_BONUS_STRATEGY`): the player never folds, and at Hold'em Bonus makes the Flop
bet and checks the Turn and the River. Each deal is played **both ways**: the player's two
cards against the croupier's, then the croupier's two as the player's (the same nine cards,
no new ranking); both ways have the distribution of a round, so their mean is unbiased, and
the interval is taken over the deals' means (the two ways are dependent; a hand that wins one
way mostly loses the other, which narrows the interval several times).

>>> from crupier.games.casino_holdem.profile import load_builtin
>>> found = play_rounds(casino_holdem_table(load_builtin()), deals=2_000, seed=1)
>>> found.rounds
4000
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_sim import Estimate
from crupier.core.poker import Category
from crupier.core.poker.batch import _CARD_MASK, _score_mask_jit
from crupier.core.resolution import Lose, Push, Resolution, Win

CASINO_HOLDEM_STRATEGY = (
    "the player never folds: he makes the 2a aposta (call) on every hand after the flop"
)
HOLDEM_BONUS_STRATEGY = (
    "the player never folds: he makes the Flop bet on every hand and checks the Turn and the River"
)

QUALIFY_NEVER = 1 << 30
"""A qualifying score no hand reaches: the croupier always plays (Hold'em Bonus)."""


@dataclass(frozen=True)
class RoundTable:
    """The net result of a round in Antes: ``net[category, qualified, comparison + 1]``, the
    player's hand category (0-9), whether the croupier qualifies, and the comparison
    (-1 the croupier's hand is higher, 0 equal, 1 the player's)."""

    net: npt.NDArray[np.float64]
    qualifier: int
    """The lowest packed score with which the croupier qualifies."""
    exact: dict[tuple[int, int, int], Fraction]
    """The same table as exact fractions."""


def _ratio(resolution: Resolution) -> Fraction:
    if isinstance(resolution, Win):
        return Fraction(resolution.ratio)
    if isinstance(resolution, Push):
        return Fraction(0)
    if isinstance(resolution, Lose):
        return Fraction(-1)
    raise ValueError(f"{resolution!r}: a main bet is won, pushed or lost")


def _table(exact: dict[tuple[int, int, int], Fraction], qualifier: int) -> RoundTable:
    net = np.zeros((10, 2, 3), dtype=np.float64)
    for (c, q, cmp), v in exact.items():
        net[c, q, cmp + 1] = float(v)
    return RoundTable(net, qualifier, exact)


def casino_holdem_table(profile: Any) -> RoundTable:
    """Texas poker against the house (spec 20): the Ante and a 2a aposta of the profile's
    ``call_multiple`` Antes, settled by the engine's :func:`ante_net` and :func:`call_net`.

    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> t = casino_holdem_table(load_builtin())
    >>> t.exact[(int(Category.FLUSH), 1, 1)], t.exact[(int(Category.FLUSH), 0, 1)]
    (Fraction(4, 1), Fraction(2, 1))
    """
    from crupier.games.casino_holdem.showdown import ante_net, call_net
    from crupier.games.trijoker.profile import RANKS

    call = profile.rules.call_multiple
    exact = {
        (int(c), q, cmp): ante_net(profile, c, True, bool(q), cmp)
        + call * call_net(profile, bool(q), cmp)
        for c in Category
        for q in (0, 1)
        for cmp in (-1, 0, 1)
    }
    qualifier = (int(Category.PAIR) << 20) | (RANKS[profile.rules.qualifier] << 16)
    return _table(exact, qualifier)


def holdem_bonus_table(profile: Any) -> RoundTable:
    """Texas Hold'em Bonus's main game (spec 22): the Ante and a Flop bet of the profile's
    ``flop_multiple`` Antes (Turn and River checked), settled by the engine's
    :func:`resolve_main`; the croupier always plays.

    >>> from crupier.games.holdem_bonus.profile import load_builtin
    >>> t = holdem_bonus_table(load_builtin())
    >>> t.exact[(int(Category.PAIR), 1, 1)], t.exact[(int(Category.STRAIGHT), 1, 1)]
    (Fraction(2, 1), Fraction(3, 1))
    """
    from crupier.games.holdem_bonus.hands import resolve_main

    flop = profile.rules.flop_multiple
    exact: dict[tuple[int, int, int], Fraction] = {}
    for c in Category:
        player = (c, (8,))
        dealers = {-1: (c, (9,)), 0: (c, (8,)), 1: (c, (7,))}
        for cmp, dealer in dealers.items():
            net = _ratio(resolve_main(profile, "ante", player, dealer)) + flop * _ratio(
                resolve_main(profile, "flop", player, dealer)
            )
            exact[(int(c), 0, cmp)] = exact[(int(c), 1, cmp)] = net
    return _table(exact, 0)


_jit = numba.njit(cache=True, nogil=True)


def _net(net: Any, qualifier: int, mine: Any, his: Any) -> Any:  # pragma: no cover
    """The net result of a hand scoring ``mine`` against the croupier's ``his``."""
    cmp = 1 if mine > his else (0 if mine == his else -1)
    return net[mine >> 20, 1 if his >= qualifier else 0, cmp + 1]


_net_jit = _jit(_net)


def _scores(deal: Any) -> Any:  # pragma: no cover (compiled)
    """The seven-card scores of ``deal``'s first two and next two cards with its last five."""
    card_mask = _CARD_MASK
    board = np.uint64(0)
    for j in range(4, 9):
        board |= card_mask[deal[j]]
    a = _score_mask_jit(board | card_mask[deal[0]] | card_mask[deal[1]])
    b = _score_mask_jit(board | card_mask[deal[2]] | card_mask[deal[3]])
    return a, b


_scores_jit = _jit(_scores)


def _deal_nets(deals: Any, net: Any, qualifier: int, out: Any) -> None:  # pragma: no cover
    """``out[i]``: deal ``i``'s net result for the player (cards 0-1; croupier 2-3)."""
    for i in range(deals.shape[0]):
        a, b = _scores_jit(deals[i])
        out[i] = _net_jit(net, qualifier, a, b)


def _play(
    u: Any, deck: Any, net: Any, qualifier: int, sums: Any, counts: Any
) -> None:  # pragma: no cover (compiled)
    """Deal nine cards per row of uniforms ``u`` (a partial Fisher-Yates shuffle of ``deck``,
    carried from row to row), play the deal both ways, add the deal's mean and its square to
    ``sums`` and each way's result to ``counts`` (won, push, lost)."""
    for r in range(u.shape[0]):
        for i in range(9):
            j = i + int(u[r, i] * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
        a, b = _scores_jit(deck)
        x = _net_jit(net, qualifier, a, b)
        y = _net_jit(net, qualifier, b, a)
        for v in (x, y):
            counts[0 if v > 0 else (1 if v == 0 else 2)] += 1
        m = (x + y) / 2
        sums[0] += m
        sums[1] += m * m


_deal_kernel = cast(Callable[..., None], _jit(_deal_nets))
_play_kernel = cast(Callable[..., None], _jit(_play))


def deal_nets(deals: npt.ArrayLike, table: RoundTable) -> npt.NDArray[np.float64]:
    """The net result in Antes of each row of nine card indices: the player's two, the
    croupier's two, the five common cards (the flop first).

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker.batch import indices
    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> t = casino_holdem_table(load_builtin())
    >>> deal_nets(indices([cards("As Ad Qc Qh Ks 7h 2c 9d 4s")]), t).tolist()  # spec 20 ex. 1
    [3.0]
    """
    rows = np.ascontiguousarray(deals, dtype=np.uint8)
    if rows.ndim != 2 or rows.shape[1] != 9:
        raise ValueError(f"deals are rows of nine card indices, not shape {rows.shape}")
    if rows.size and int(rows.max()) > 51:
        raise ValueError("a card index is 0 to 51")
    if any(len(set(row)) != 9 for row in rows.tolist()):
        raise ValueError("a deal holds the same card twice")
    out = np.empty(rows.shape[0], dtype=np.float64)
    _deal_kernel(rows, table.net, table.qualifier, out)
    return out


@dataclass(frozen=True)
class PlayedDeals:
    """What :func:`play_rounds` counted; ``rounds`` = twice the deals."""

    deals: int
    rounds: int
    won: int
    push: int
    lost: int
    pair_sum: float
    pair_sum2: float


def play_rounds(table: RoundTable, deals: int, seed: int, block: int = 500_000) -> PlayedDeals:
    """Deal ``deals`` times nine cards (uniforms from PCG64 seeded with ``seed``), each deal
    played both ways."""
    rng = np.random.Generator(np.random.PCG64(seed))
    deck = np.arange(52, dtype=np.uint8)
    sums = np.zeros(2, dtype=np.float64)
    counts = np.zeros(3, dtype=np.int64)
    done = 0
    while done < deals:
        n = min(block, deals - done)
        _play_kernel(rng.random((n, 9)), deck, table.net, table.qualifier, sums, counts)
        done += n
    won, push, lost = (int(c) for c in counts)
    return PlayedDeals(deals, 2 * deals, won, push, lost, float(sums[0]), float(sums[1]))


def outcome_table(
    bet: str, table: RoundTable, deals: int, seed: int, strategy: str
) -> dict[str, Any]:
    """A PAR sheet's table of the Monte Carlo: ``deals`` deals played both ways, the house
    edge in % of the Ante with its 95 % half-width (over the deals' means), and the CPU time."""
    start = time.process_time()
    found = play_rounds(table, deals, seed)
    spent = time.process_time() - start
    n = found.rounds
    net = Estimate.from_sums(deals, found.pair_sum, found.pair_sum2)
    return {
        "title": (
            f"Monte Carlo: the main game's house edge in % of the Ante ({deals} deals of nine "
            f"cards from a fresh 52-card pack, each played both ways: {n} rounds; PCG64 seed "
            f"{seed}; {spent:.1f} s of CPU; strategy: {strategy})"
        ),
        "columns": ["bet", "won %", "push %", "lost %", "house edge %", "95 % half-width"],
        "rows": [
            [
                bet,
                f"{100 * found.won / n:.3f}",
                f"{100 * found.push / n:.3f}",
                f"{100 * found.lost / n:.3f}",
                f"{-net.mean * 100:.3f}",
                f"{net.half_width * 100:.3f}",
            ]
        ],
    }


__all__ = [
    "CASINO_HOLDEM_STRATEGY",
    "HOLDEM_BONUS_STRATEGY",
    "PlayedDeals",
    "RoundTable",
    "casino_holdem_table",
    "deal_nets",
    "holdem_bonus_table",
    "outcome_table",
    "play_rounds",
]
