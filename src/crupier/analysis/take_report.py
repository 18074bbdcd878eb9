"""The house's take in a circle poker game's PAR report (``crupier report``, ``certify``).

At a raked circle poker table (Texas Hold'em, Omaha, the studs, five-card draw, synthetic
poker) the players play each other and the casino's figure is its take, the rake of each
deal. The report's section gives it per table size of the PAR sheet, simulated by
:func:`crupier.analysis.simulate.simulate` (the play is
:func:`crupier.games.circle_poker.takes.play_deals`, through :mod:`.circle_takes`, the one
copy behind ``crupier simulate`` too): the deals simulated, the mean take per deal in money
with its 95 % interval, per hour, how often no rake and how often the cap, the distribution
of the takes and the convergence of the mean, batch by batch
(:data:`~crupier.analysis.convergence.CONVERGENCE_POINTS` batches by default). The section
states its root seed and the command that deals the same cards again: ``crupier simulate
GAME --rounds N --seed S`` gives the same figures.

A table that charges time (option B) takes nothing from the deals: its section says its take
is computed (:func:`~crupier.games.circle_poker.takes.house_take`) and simulates nothing.

>>> from crupier.games import load_profile
>>> section = take_section("holdem", load_profile("holdem"), None, deals=4, seed=0)
>>> section.simulated, [t.players for t in section.takes]
(True, [4, 6, 10])
>>> section.replay
'crupier simulate holdem --rounds 4 --seed 0'
>>> take_section("craps", load_profile("craps"), None, deals=4, seed=0) is None
True
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crupier.i18n import gettext as _

if TYPE_CHECKING:
    from crupier.analysis.circle_takes import TakeResult
    from crupier.analysis.simulate import Simulation
    from crupier.core.profile import Profile
    from crupier.games.circle_poker.takes import HouseTake


def _money(minor: float) -> str:
    """Minor units shown in currency units (cents as euros), as ``crupier simulate`` does."""
    return f"{minor / 100:.2f}"


def _share(count: int, deals: int) -> str:
    return f"{count / max(deals, 1) * 100:.1f} %"


def take_row(take: TakeResult) -> list[str]:
    """One table size's figures as printed (the report and ``crupier simulate`` alike):
    players, deals, take per deal, its 95 % interval, per hour, share of deals with no rake,
    share with the cap reached (or "no cap").

    >>> from crupier.analysis.circle_takes import TakeResult
    >>> take_row(TakeResult(6, 4, 250.0, 100.0, 3, 300, {0: 1, 200: 1, 300: 2}, 30))
    ['6', '4', '2.50', '1.52 … 3.48', '75.00', '25.0 %', '50.0 %']
    """
    low, high = take.interval
    return [
        str(take.players),
        f"{take.deals:,}",
        _money(take.mean),
        f"{_money(low)} … {_money(high)}",
        _money(take.mean * take.deals_per_hour),
        _share(take.no_rake, take.deals),
        _share(take.capped, take.deals) if take.cap else _("no cap"),
    ]


def take_columns() -> list[str]:
    """The headings of :func:`take_row`."""
    return [_("Players"), _("Deals"), _("Take per deal"), _("95 % interval"), _("Per hour"),
            _("No rake"), _("Cap reached")]  # fmt: skip


@dataclass
class TakeSection:
    """The house's take of a circle poker game's report (see the module docstring)."""

    game_id: str
    profile_name: str
    rules: Path | None
    currency: str
    deals: int
    """Deals asked per table size (0 at a table that charges time: none is dealt)."""
    seed: int
    simulation: Simulation | None = None
    """The simulated takes (``None`` at a table that charges time)."""
    computed: tuple[HouseTake, ...] = ()
    """At a table that charges time, its computed take per table size."""
    images: list[tuple[str, str]] = field(default_factory=list)
    """The charts written beside the report: (what it shows, file name)."""

    @property
    def simulated(self) -> bool:
        """Whether the take was simulated (False: a time charge, computed)."""
        return self.simulation is not None

    @property
    def takes(self) -> tuple[TakeResult, ...]:
        """Each table size's simulated take (none at a table that charges time)."""
        return () if self.simulation is None else tuple(self.simulation.takes)

    @property
    def replay(self) -> str | None:
        """The command that gives the same figures (``None``: nothing was simulated)."""
        if self.simulation is None:
            return None
        words = ["crupier", "simulate", self.game_id, "--rounds", str(self.deals),
                 "--seed", str(self.seed)]  # fmt: skip
        if self.rules is not None:
            words += ["--rules", str(self.rules)]
        elif self.profile_name != _default_profile():
            words += ["--profile", self.profile_name]
        return shlex.join(words)

    def title(self) -> str:
        """The section's heading."""
        if self.simulation is None:
            return _("House's take per deal, computed: the table charges time ({currency})").format(
                currency=self.currency
            )
        return _(
            "House's take per deal, simulated: {deals} deals per table size, seed {seed}, "
            "{batches} batches ({currency})"
        ).format(
            deals=f"{self.deals:,}",
            seed=self.seed,
            batches=self.simulation.batches,
            currency=self.currency,
        )

    def notes(self) -> list[str]:
        """What the section says besides its table: how the take was found, and the replay."""
        if self.simulation is None:
            return [
                _(
                    "This table charges time (option B): the house's take does not depend on "
                    "the deals, so it is computed, not simulated."
                )
            ]
        per_hour = self.takes[0].deals_per_hour if self.takes else 0
        return [
            _(
                "Each deal is played through the engine by the computer opponents; the take "
                "is what the deal paid the house (its rake). Per hour: {n} deals an hour. No "
                "exact figure exists (the opponents' play is known only by playing it)."
            ).format(n=per_hour),
            _("Root seed {seed}: `{command}` gives the same figures.").format(
                seed=self.seed, command=self.replay
            ),
        ]

    def columns(self) -> list[str]:
        """The table's headings."""
        if self.simulation is None:
            return [_("Players"), _("Take per deal"), _("Per hour")]
        return take_columns()

    def rows(self) -> list[list[str]]:
        """The table's rows, one per table size."""
        if self.simulation is None:
            return [[str(t.players), _money(t.per_deal), _money(t.per_hour)]
                    for t in self.computed]  # fmt: skip
        return [take_row(t) for t in self.takes]

    @property
    def numeric(self) -> set[int]:
        """The columns of figures (right-aligned)."""
        return set(range(1, len(self.columns())))

    def to_dict(self) -> dict[str, Any]:
        """JSON form, the same in every language: ``"takes"`` and ``"trace"`` are ``crupier
        simulate --json``'s for the same deals and seed."""
        if self.simulation is None:
            return {
                "option": "time",
                "simulated": False,
                "currency": self.currency,
                "computed": [
                    {"players": t.players, "take_per_deal": t.per_deal,
                     "take_per_hour": t.per_hour}
                    for t in self.computed
                ],
            }  # fmt: skip
        sim = self.simulation
        return {
            "option": "rake",
            "simulated": True,
            "currency": self.currency,
            "seed": self.seed,
            "deals_per_table_size": self.deals,
            "batches": sim.batches,
            "replay": self.replay,
            "takes": [t.to_dict() for t in sim.takes],
            "trace": {k: [list(p) for p in v] for k, v in sim.trace.items()},
            "charts": [name for _what, name in self.images],
        }

    def draw(self, folder: Path) -> list[Path]:
        """Write each table size's distribution and convergence charts into ``folder``."""
        from crupier.analysis.convergence import draw_convergence, running_edge

        self.images.clear()
        written = []
        for take in self.takes:
            stem = f"{self.game_id}-take-{take.players:02d}"
            name = f"{stem}-distribution.png"
            draw_take_distribution(take, self.currency, folder / name)
            self.images.append(
                (_("{players} players: distribution").format(players=take.players), name)
            )
            written.append(folder / name)
            assert self.simulation is not None
            name = f"{stem}-convergence.png"
            points = running_edge(self.simulation.trace.get(take.bet_id, ()))
            draw_convergence(
                take.bet_id, points, None, folder / name, _("deals"), scale=-0.01,
                figure=_("take per deal ({currency})").format(currency=self.currency),
                estimate=_("simulated take"),
                title=_("{players} players: convergence").format(players=take.players),
            )  # fmt: skip
            self.images.append(
                (_("{players} players: convergence").format(players=take.players), name)
            )
            written.append(folder / name)
        return written


def draw_take_distribution(take: TakeResult, currency: str, path: Path) -> None:
    """A histogram of one table size's takes (currency units) by share of deals, the cap as
    a dashed line where there is one; written to ``path`` (PNG, matplotlib Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    amounts = [k / 100 for k in take.takes]
    shares = [v / max(take.deals, 1) for v in take.takes.values()]
    fig, ax = plt.subplots(figsize=(6.0, 2.6), dpi=110)
    ax.hist(amounts, bins=30 if len(amounts) > 1 else 1, weights=shares, color="#2e7d32")
    if take.cap:
        ax.axvline(take.cap / 100, color="#b22222", linewidth=1.0, linestyle="--",
                   label=_("cap"))  # fmt: skip
        ax.legend(fontsize=7, loc="best")
    ax.set_xlabel(_("take per deal ({currency})").format(currency=currency))
    ax.set_ylabel(_("share of deals"))
    ax.set_title(
        _("{players} players: distribution of the take ({deals} deals)").format(
            players=take.players, deals=f"{take.deals:,}"
        ),
        fontsize=9,
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _default_profile() -> str:
    from crupier.games.catalogue import DEFAULT_PROFILE

    return DEFAULT_PROFILE


def take_section(
    game_id: str, profile: Profile, rules: Path | None, deals: int | None, seed: int
) -> TakeSection | None:
    """The take section of ``game_id``'s report under ``profile`` (read from ``rules`` if
    given): ``deals`` per table size (``None``:
    :data:`~crupier.analysis.circle_takes.DEFAULT_DEALS`; 0: no section) from root ``seed``;
    ``None`` for a game with bets against the house."""
    from crupier.analysis.circle_takes import DEFAULT_DEALS
    from crupier.analysis.simulate import simulate
    from crupier.games.circle_poker.profile import CirclePokerProfile, HouseOption
    from crupier.games.circle_poker.takes import house_take, table_sizes

    if not isinstance(profile, CirclePokerProfile) or deals == 0:
        return None
    deals = DEFAULT_DEALS if deals is None else deals
    section = TakeSection(game_id, profile.profile, rules, profile.currency, deals, seed)
    if profile.house.option is HouseOption.TIME:
        section.deals = 0
        section.computed = tuple(house_take(game_id, profile, players=n)
                                 for n in table_sizes(profile))  # fmt: skip
        return section
    section.simulation = simulate(
        game_id, deals, seed, profile_name=profile.profile,
        rules=None if rules is None else str(rules),
    )  # fmt: skip
    return section


__all__ = [
    "TakeSection",
    "draw_take_distribution",
    "take_columns",
    "take_row",
    "take_section",
]
