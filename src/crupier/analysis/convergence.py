"""Convergence of a simulated figure: the running house edge with its 95 % band, against the
rounds played, for the PAR report (a regulator reads how fast the estimate settles and
whether the exact figure stays inside the band).

The points come from the running sums a simulation keeps after each batch
(:attr:`crupier.analysis.simulate.Simulation.trace`): after ``n`` resolved bets with sums
``s1`` and ``s2`` of the net results, the edge is ``-s1 / n`` and the band is
``1.96 * sd / sqrt(n)`` with ``sd`` the sample deviation.

>>> points = running_edge(((100, -5.0, 100.0), (400, -8.0, 400.0)))
>>> [(p.rounds, round(p.edge, 4), round(p.half_width, 4)) for p in points]
[(100, 0.05, 0.1958), (400, 0.02, 0.098)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from crupier.i18n import N_

Z95 = 1.959963984540054

CONVERGENCE_POINTS = 25
"""Batches of a PAR report's simulation: each is a point of the convergence plot."""


@dataclass(frozen=True)
class Point:
    """The estimate after ``rounds`` resolved bets."""

    rounds: int
    edge: float
    half_width: float


def running_edge(sums: Iterable[tuple[int, float, float]]) -> list[Point]:
    """The house edge and the half width of its 95 % interval at each running sum
    ``(resolved, sum, sum of squares)``; sums with nothing resolved are skipped."""
    out = []
    for n, s1, s2 in sums:
        if n <= 0:
            continue
        mean = s1 / n
        sd = math.sqrt(max(s2 / n - mean * mean, 0.0))
        out.append(Point(n, -mean, Z95 * sd / math.sqrt(n)))
    return out


def draw_convergence(
    bet_id: str,
    points: list[Point],
    exact: float | None,
    path: Path,
    label: str = "rounds",
    *,
    scale: float = 100.0,
    figure: str = N_("house edge %"),
    estimate: str = N_("simulated edge"),
    title: str | None = None,
) -> None:
    """The running edge with its 95 % band against ``label`` (log scale), and the exact edge
    as a line where there is one; written to ``path`` (PNG, matplotlib Agg).

    The plotted value is the edge times ``scale`` (100: the percent the axis ``figure``
    names); a house's take in minor units is drawn in currency units with ``scale=-0.01``
    (its edge is minus the mean take), its axis and line named by ``figure`` and
    ``estimate``, the plot by ``title`` (default ``"BET: convergence"``); its
    words in the language in force (``bet_id``: the bet as the reader names it)."""
    import matplotlib

    from crupier.i18n import gettext as _

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p.rounds for p in points]
    mid = [scale * p.edge for p in points]
    low = [scale * (p.edge - p.half_width) for p in points]
    high = [scale * (p.edge + p.half_width) for p in points]
    fig, ax = plt.subplots(figsize=(6.0, 2.6), dpi=110)
    ax.fill_between(xs, low, high, color="#90caf9", alpha=0.6, label=_("95 % interval"))
    ax.plot(xs, mid, color="#0d47a1", linewidth=1.2, marker="." if len(xs) < 30 else None,
            label=_(estimate))  # fmt: skip
    if exact is not None:
        ax.axhline(scale * exact, color="#b22222", linewidth=1.0, linestyle="--", label=_("exact"))
    if len(xs) > 1 and xs[-1] > 100 * xs[0]:
        ax.set_xscale("log")
    ax.set_xlabel(label)
    ax.set_ylabel(_(figure))
    shown = _("{bet}: convergence").format(bet=bet_id) if title is None else title
    ax.set_title(shown, fontsize=9)
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


__all__ = ["CONVERGENCE_POINTS", "Point", "draw_convergence", "running_edge"]
