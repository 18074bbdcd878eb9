"""The house's take at the circle poker tables, simulated by `crupier simulate`.

At a circle game (Texas Hold'em, Omaha, the studs, five-card draw, synthetic poker) the
players play each other: there is no bet against the house, and the casino's figure is its
take, the rake of each deal. It is simulated as the PAR sheet simulates it, through the
engine with the computer opponents (:func:`crupier.games.circle_poker.takes.play_deals`, the
one copy of that play), at each table size of the sheet
(:func:`~crupier.games.circle_poker.takes.table_sizes`).

Unless a batch size is asked, ``N`` deals are split into
:data:`~crupier.analysis.convergence.CONVERGENCE_POINTS` batches of at most
:data:`TAKE_BATCH` deals (:func:`take_batch_size`), so ``crupier simulate GAME --rounds N
--seed S`` and the PAR report's take section (:mod:`crupier.analysis.take_report`) deal the
same cards. A batch of ``n`` deals is, per table size, a new table of bots dealt ``n`` deals from a
:class:`~crupier.core.rng.SeededSource` whose seed is the first 64 bits the batch's
:class:`numpy.random.SeedSequence` child for that size generates: one process, a pool or a
cluster deal the same cards. The sums are :class:`~crupier.analysis.simulate.BetSums` (a
"resolved bet" is a deal, its net result the take in minor units, a hit a deal raked), added
in batch order like every other game's.

A take has no exact figure (the bots' play is known only by playing it): its exact column is
:data:`~crupier.analysis.simulate.NO_EXACT`. A table that charges time (option B) takes no
rake from a deal; its take is computed, not simulated (`crupier par`), and is refused here.

>>> sums = take_batch("holdem", "andorra", None, np.random.SeedSequence(1), 5)
>>> [sorted(s) for s in sums], sums[0]["take@4"].resolved
([['take@4'], ['take@6'], ['take@10']], 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from crupier.analysis.simulate import NO_EXACT, Z95, BetSums

TAKE_BATCH = 250
"""Deals per batch at most (one seed and one new table each): a deal costs the engine some
milliseconds, so a batch of 250 keeps a worker busy for about a second per table size."""

DEFAULT_DEALS = 1_000
"""Deals per table size when none are asked (`crupier simulate`, `crupier report`,
`crupier certify`): a few seconds per game in one process."""


def take_batch_size(deals: int) -> int:
    """Deals per batch when no batch size is asked: ``deals`` split into
    :data:`~crupier.analysis.convergence.CONVERGENCE_POINTS` batches (the points of the
    report's convergence plot), at most :data:`TAKE_BATCH` deals each.

    >>> take_batch_size(1_000), take_batch_size(40), take_batch_size(10), take_batch_size(10**5)
    (40, 2, 1, 250)
    """
    from crupier.analysis.convergence import CONVERGENCE_POINTS

    return max(1, min(TAKE_BATCH, -(-deals // CONVERGENCE_POINTS)))


def _profile(game_id: str, profile_name: str, rules: str | None) -> Any:
    from crupier.games.catalogue import load_profile

    return load_profile(game_id, profile_name, None if rules is None else Path(rules))


def is_circle_game(game_id: str, profile_name: str = "andorra", rules: str | None = None) -> bool:
    """True for a game whose players play each other under a rake (a circle poker table).

    >>> is_circle_game("omaha"), is_circle_game("craps")
    (True, False)
    """
    from crupier.games.circle_poker.profile import CirclePokerProfile

    return isinstance(_profile(game_id, profile_name, rules), CirclePokerProfile)


def check_raked(game_id: str, profile_name: str, rules: str | None) -> None:
    """Refuse a table that charges time (its take is computed, not dealt)."""
    from crupier.games.circle_poker.profile import HouseOption

    if _profile(game_id, profile_name, rules).house.option is HouseOption.TIME:
        raise ValueError(
            f"{game_id} charges time (option B), not a rake: its take does not depend on "
            f"the deals; `crupier par {game_id}` computes it"
        )


def take_id(players: int) -> str:
    """The id of a table size's take in the results (``take@6``)."""
    return f"take@{players}"


def take_batch(
    game_id: str, profile_name: str, rules: str | None, seed: np.random.SeedSequence, size: int
) -> list[dict[str, BetSums]]:
    """One batch: ``size`` deals at each table size, each size its own table and seed."""
    from crupier.core.rng import SeededSource
    from crupier.games.circle_poker.takes import play_deals, table_sizes

    profile = _profile(game_id, profile_name, rules)
    sizes = table_sizes(profile)
    out: list[dict[str, BetSums]] = []
    for players, child in zip(sizes, seed.spawn(len(sizes)), strict=True):
        source = SeededSource(int(child.generate_state(1, np.uint64)[0]))
        _game, takes = play_deals(game_id, profile, players, size, source)
        payouts: dict[float, int] = {}
        for t in takes:
            payouts[float(t)] = payouts.get(float(t), 0) + 1
        out.append(
            {
                take_id(players): BetSums(
                    len(takes),
                    float(sum(takes)),
                    float(sum(t * t for t in takes)),
                    sum(1 for t in takes if t > 0),
                    payouts,
                )
            }
        )
    return out


@dataclass(frozen=True)
class TakeResult:
    """The house's simulated take per deal at one table size, in minor units."""

    players: int
    deals: int
    mean: float
    std_dev: float
    raked: int
    """Deals that paid a rake."""
    cap: int
    """The profile's rake cap per deal (0: none)."""
    takes: dict[int, int]
    """The distribution: how many deals took each amount."""
    deals_per_hour: int

    @property
    def bet_id(self) -> str:
        """The take's id (``take@6``)."""
        return take_id(self.players)

    @property
    def std_error(self) -> float:
        """The standard error of the mean take."""
        return self.std_dev / math.sqrt(self.deals) if self.deals else math.inf

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the mean take per deal."""
        half = Z95 * self.std_error
        return (self.mean - half, self.mean + half)

    @property
    def no_rake(self) -> int:
        """Deals that paid no rake."""
        return self.deals - self.raked

    @property
    def capped(self) -> int:
        """Deals whose rake reached the cap (0 without a cap)."""
        return self.takes.get(self.cap, 0) if self.cap else 0

    def to_dict(self) -> dict[str, Any]:
        """JSON form; the exact column is :data:`NO_EXACT`."""
        low, high = self.interval
        return {
            "id": self.bet_id,
            "players": self.players,
            "deals": self.deals,
            "take_per_deal": self.mean,
            "interval_95": [low, high],
            "std_dev": self.std_dev,
            "take_per_hour": self.mean * self.deals_per_hour,
            "deals_per_hour": self.deals_per_hour,
            "no_rake": self.no_rake,
            "cap": self.cap,
            "capped": self.capped,
            "exact": NO_EXACT,
            "takes": {str(k): v for k, v in sorted(self.takes.items())},
        }


def take_results(
    game_id: str, profile_name: str, rules: str | None, totals: dict[str, BetSums]
) -> tuple[TakeResult, ...]:
    """Each table size's take from the batches' summed :class:`BetSums`."""
    from crupier.games.circle_poker.takes import DEALS_PER_HOUR, table_sizes

    profile = _profile(game_id, profile_name, rules)
    out = []
    for players in table_sizes(profile):
        s = totals[take_id(players)]
        n = max(s.resolved, 1)
        mean = s.s1 / n
        var = max(s.s2 - n * mean * mean, 0.0) / max(n - 1, 1)
        takes = {int(k): v for k, v in sorted(s.payouts.items())}
        cap = profile.house.cap
        sd = math.sqrt(var)
        out.append(TakeResult(players, s.resolved, mean, sd, s.hits, cap, takes, DEALS_PER_HOUR))
    return tuple(out)


__all__ = [
    "DEFAULT_DEALS",
    "TAKE_BATCH",
    "TakeResult",
    "check_raked",
    "is_circle_game",
    "take_batch",
    "take_batch_size",
    "take_id",
    "take_results",
]
