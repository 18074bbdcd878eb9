"""Bets settled by the player's decisions, simulated on fresh packs by their games' compiled
kernels: `crupier simulate` runs them beside the bets its chain kernels settle.

A chain cannot hold these bets: how much is staked and how the hands are set depends on the
cards, by a strategy. Each is played by the kernel its PAR sheet already uses, through that
kernel's public entry point (nothing here restates a rule, a paytable or a strategy):

- **pai-gow-poker** ``bet``: fourteen cards of a fresh 53-card pack per deal, the player's
  seven and the bank's both set by the profile's house way
  (:func:`crupier.analysis.pai_gow_kernel.play_rounds`), a win paying 1 less the profile's
  commission on a table-minimum stake (:func:`~crupier.games.pai_gow_poker.par.win_pays`);
- **casino-holdem** ``ante+call``: nine cards of a fresh 52-card pack, the Ante and the 2a
  aposta per Ante (:func:`crupier.analysis.holdem_kernel.play_rounds`) under the stored
  optimal flop decision (:func:`crupier.analysis.holdem_optimal.optimal_table`) where the
  profile pays as the table was generated for, else under the call list of the PAR sheet;
- **holdem-bonus** ``ante+streets``: the Ante with the Flop, Turn and River bets, per Ante,
  under the strategy of the PAR sheet (:func:`~crupier.analysis.holdem_kernel.holdem_bonus_table`).

Each deal is played both ways (the kernels' own design: the second hand as the player's), so
a batch of ``n`` rounds deals ``ceil(n / 2)`` packs and the interval is taken over the deals'
mean results (:attr:`crupier.analysis.simulate.BetSums.samples`). A batch's kernel seed is the
first 64 bits its :class:`numpy.random.SeedSequence` generates: one process, a pool or a
cluster deal the same packs.

Only Casino Hold'em's main bet has an exact figure (the optimal decision table's generator
counts every deal: :attr:`~crupier.analysis.holdem_optimal.StoredTable.edge`); the other two
are known only by Monte Carlo, and `crupier simulate` says so.

>>> played_bet_ids("pai-gow-poker"), played_bet_ids("craps")
(('bet',), ())
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

PLAYED: dict[str, tuple[str, ...]] = {
    "pai-gow-poker": ("bet",),
    "casino-holdem": ("ante+call",),
    "holdem-bonus": ("ante+streets",),
}
"""The games with bets settled by a strategy, and those bets' ids."""


@dataclass(frozen=True)
class PlayedBet:
    """How one played bet is simulated: its exact house edge where one is known, and the
    strategy played."""

    bet_id: str
    exact_edge: Fraction | None
    strategy: str


def played_bet_ids(game_id: str) -> tuple[str, ...]:
    """The ids of the game's bets settled by a strategy (none for most games)."""
    return PLAYED.get(game_id, ())


def _profile(game_id: str, profile_name: str, rules: str | None) -> Any:
    from crupier.games.catalogue import load_profile

    return load_profile(game_id, profile_name, None if rules is None else Path(rules))


@cache
def _holdem_table(game_id: str, profile_name: str, rules: str | None) -> tuple[Any, PlayedBet]:
    """The Texas game's round table (payouts and strategy) and what is known of its bet."""
    from crupier.analysis import holdem_kernel as hk

    profile = _profile(game_id, profile_name, rules)
    if game_id == "holdem-bonus":
        table = hk.holdem_bonus_table(profile)  # the strategy its PAR sheet plays
        return table, PlayedBet("ante+streets", None, _strategy_text(table.strategy))
    from crupier.analysis.holdem_optimal import optimal_table, stored_table

    optimal = optimal_table(profile)
    if optimal is None:
        table = hk.casino_holdem_table(profile)
        return table, PlayedBet("ante+call", None, _strategy_text(table.strategy))
    return optimal, PlayedBet("ante+call", stored_table().edge, _strategy_text(optimal.strategy))


def _strategy_text(code: int) -> str:
    """The words of the kernel's strategy ``code``: the constant named as the code's name
    with ``_STRATEGY`` appended (:mod:`crupier.analysis.holdem_kernel`)."""
    from crupier.analysis import holdem_kernel as hk

    for name in dir(hk):
        text = getattr(hk, f"{name}_STRATEGY", None)
        if (
            isinstance(text, str)
            and isinstance(getattr(hk, name), int)
            and getattr(hk, name) == code
        ):
            return text
    return f"strategy {code} of crupier.analysis.holdem_kernel"


def played_bets(game_id: str, profile_name: str, rules: str | None) -> tuple[PlayedBet, ...]:
    """The game's played bets with their exact edge (or None) and the strategy played.

    >>> [(b.bet_id, b.exact_edge) for b in played_bets("pai-gow-poker", "andorra", None)]
    [('bet', None)]
    """
    if game_id == "pai-gow-poker":
        from crupier.games.pai_gow_poker.par import STRATEGY

        return (PlayedBet("bet", None, STRATEGY),)
    if game_id in PLAYED:
        return (_holdem_table(game_id, profile_name, rules)[1],)
    return ()


def _kernel_seed(seed: np.random.SeedSequence) -> int:
    return int(seed.generate_state(1, dtype=np.uint64)[0])


def played_batch(
    game_id: str, profile_name: str, rules: str | None, seed: np.random.SeedSequence, size: int
) -> dict[str, Any]:
    """One batch of ``size`` rounds of each played bet of the game: its
    :class:`~crupier.analysis.simulate.BetSums` (``ceil(size / 2)`` deals, each both ways).

    >>> sums = played_batch("holdem-bonus", "andorra", None, np.random.SeedSequence(1), 1_000)
    >>> s = sums["ante+streets"]
    >>> s.resolved, s.samples
    (1000, 500)
    """
    from crupier.analysis.simulate import BetSums

    deals = -(-size // 2)
    if game_id == "pai-gow-poker":
        from crupier.analysis.pai_gow_kernel import compile_house_way
        from crupier.analysis.pai_gow_kernel import play_rounds as play_pai_gow
        from crupier.games.pai_gow_poker.par import win_pays

        profile = _profile(game_id, profile_name, rules)
        arrays = compile_house_way(profile.house_way)
        found = play_pai_gow(arrays, win_pays(profile), deals, _kernel_seed(seed))
        sums = BetSums(found.rounds, found.pair_sum, found.pair_sum2, found.win, {}, deals)
        return {"bet": sums}
    if game_id in PLAYED:
        from crupier.analysis.holdem_kernel import play_rounds as play_holdem

        table, bet = _holdem_table(game_id, profile_name, rules)
        dealt = play_holdem(table, deals, _kernel_seed(seed))
        sums = BetSums(dealt.rounds, dealt.pair_sum, dealt.pair_sum2, dealt.won, {}, deals)
        return {bet.bet_id: sums}
    return {}


__all__ = ["PLAYED", "PlayedBet", "played_batch", "played_bet_ids", "played_bets"]
