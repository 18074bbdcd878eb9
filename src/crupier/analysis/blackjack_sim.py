"""Monte Carlo of the blackjack family through the engine, a player following the chart.

The exact analyser (:mod:`crupier.analysis.blackjack`) values one blackjack hand; games
built on the same engine whose rules leave that exact frame (Triple Black Jack's second and
third croupier hands drawn after the first, Triple Joc's six-card hand and its poker top-up)
are measured by playing rounds through the engine itself with a seeded source. The player
follows the total-dependent basic-strategy chart of :func:`crupier.analysis.blackjack.
basic_strategy` (:class:`ChartPlayer`); every figure carries its 95 % interval.

>>> chart = ChartRows(hard={12: "HHSSSHHHHH"}, soft={18: "SSSSSSSHHH"}, pairs={8: "PPPPPPPPHH"})
>>> chart_action([10, 2], 4, chart), chart_action([1, 7], 9, chart), chart_action([8, 8], 6, chart)
('stand', 'hit', 'split')
>>> chart_action([2, 3], 6, chart), chart_action([10, 9], 1, chart)
('hit', 'stand')
>>> est = Estimate.of([1.0, -1.0, 0.0, 1.0])
>>> est.mean, round(est.half_width, 4)
(0.25, 0.9383)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crupier.core.roles import Role
from crupier.games.blackjack.rules import can_double_total, total

if TYPE_CHECKING:
    from crupier.games.blackjack.engine import Blackjack

LETTER_ACTION = {"S": "stand", "H": "hit", "D": "double", "P": "split", "R": "surrender"}

Z95 = 1.959964
"""The two-sided 95 % quantile of the normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and 95 % interval."""

    mean: float
    std_error: float
    samples: int

    @property
    def half_width(self) -> float:
        """Half the 95 % interval."""
        return Z95 * self.std_error

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the mean."""
        return self.mean - self.half_width, self.mean + self.half_width

    @classmethod
    def of(cls, samples: Iterable[float]) -> Estimate:
        """The estimate of the mean of ``samples`` (independent draws)."""
        n = s1 = s2 = 0.0
        for x in samples:
            n += 1
            s1 += x
            s2 += x * x
        if n < 2:
            raise ValueError("an estimate needs at least two samples")
        mean = s1 / n
        var = max(s2 / n - mean * mean, 0.0) * n / (n - 1)
        return cls(mean, math.sqrt(var / n), int(n))

    @classmethod
    def from_sums(cls, n: int, s1: float, s2: float) -> Estimate:
        """The estimate from the count, sum and sum of squares of the samples."""
        if n < 2:
            raise ValueError("an estimate needs at least two samples")
        mean = s1 / n
        var = max(s2 / n - mean * mean, 0.0) * n / (n - 1)
        return cls(mean, math.sqrt(var / n), n)

    def text(self, scale: float = 100.0, unit: str = " %") -> str:
        """``mean ± half-width`` scaled (percent by default)."""
        return f"{self.mean * scale:+.3f}{unit} ± {self.half_width * scale:.3f}{unit}"


@dataclass(frozen=True)
class ChartRows:
    """The rows of a basic-strategy chart: letters by up card 2..10, A (index 0..9)."""

    hard: dict[int, str]
    soft: dict[int, str]
    pairs: dict[int, str]


_UP_INDEX = {2: 0, 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8, 1: 9}


def chart_action(vals: Sequence[int], up: int, chart: ChartRows) -> str:
    """The chart's action for a hand of point values ``vals`` against ``up`` (1 for an ace):
    ``stand``, ``hit``, ``double`` (the caller hits where doubling is not allowed),
    ``split`` (likewise) or ``surrender``. Pairs read the pair row on two cards, soft hands
    the soft row, the rest the hard row (hit below it, stand above it)."""
    col = _UP_INDEX[up]
    points, soft = total(vals)
    if points >= 21:
        return "stand"
    if len(vals) == 2 and vals[0] == vals[1] and vals[0] in chart.pairs:
        return LETTER_ACTION[chart.pairs[vals[0]][col]]
    if soft and points in chart.soft:
        return LETTER_ACTION[chart.soft[points][col]]
    rows = chart.hard
    if points in rows:
        return LETTER_ACTION[rows[points][col]]
    return "hit" if points < min(rows) else "stand"


def rows_of(chart: object) -> ChartRows:
    """The rows of a :class:`crupier.analysis.blackjack.Chart` (its exceptions left out)."""
    return ChartRows(
        hard=dict(getattr(chart, "hard")),  # noqa: B009
        soft=dict(getattr(chart, "soft")),  # noqa: B009
        pairs=dict(getattr(chart, "pairs")),  # noqa: B009
    )


# -- a player following the chart through the engine ---------------------------------------


def legal_action(game: Blackjack, wanted: str) -> str:
    """``wanted`` if the engine allows it on the hand in play, else the chart's fallback:
    a double not allowed hits; a split not allowed plays the hand by its total."""
    hand = game.current()
    assert hand is not None
    rules = game.profile.rules
    if wanted == "double":
        ok = (
            len(hand.cards) == 2
            and can_double_total(hand.vals, rules.double_totals, rules.double_soft)
            and not hand.aces_split
            and (not hand.split or rules.double_after_split)
        )
        return "double" if ok else "hit"
    if wanted == "split":
        return "split" if game._may_split(game.state, hand) else ""
    return wanted


def decide(game: Blackjack, chart: ChartRows) -> str:
    """The chart's legal action for the hand in play."""
    hand = game.current()
    assert hand is not None and game.state.dealer
    up = min(game.state.dealer[0].rank.pips, 10)
    vals = hand.vals
    action = legal_action(game, chart_action(vals, up, chart))
    if action == "":  # a pair that may not be split: its total's row
        no_pairs = ChartRows(chart.hard, chart.soft, {})
        action = legal_action(game, chart_action(vals, up, no_pairs))
    return action or "hit"


def play_hands(game: Blackjack, player: str, chart: ChartRows) -> list[Any]:
    """Play every hand of ``player``'s by the chart, then the croupier's turn (the engine's
    :meth:`auto_round`); the events."""
    events: list[Any] = []
    from crupier.games.blackjack.engine import Double, Hit, Split, Stage, Stand

    kinds = {"stand": Stand, "hit": Hit, "double": Double, "split": Split}
    while game.state.stage is Stage.PLAY:
        hand = game.current()
        assert hand is not None
        kind = kinds[decide(game, chart)]
        events += game.apply(kind(player=player, box=hand.box, by=Role.PLAYER)).events
    for action in game.auto_round():
        events += game.apply(action).events
    return events


__all__ = [
    "LETTER_ACTION",
    "ChartRows",
    "Estimate",
    "chart_action",
    "decide",
    "legal_action",
    "play_hands",
    "rows_of",
]
