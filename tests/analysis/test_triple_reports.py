"""The triple games' PAR reports: every bet exact, and the cross-check through the engine
with its convergence plots (the kernels do not play one hand against three croupier hands)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crupier.analysis.report import CONVERGENCE_POINTS, build_report, write_report
from crupier.games import load_profile


@pytest.mark.parametrize(
    ("game", "bets"),
    [
        ("triple-blackjack", ["box-1", "box-2", "box-3"]),
        ("triple-play", ["repte", "blackjack", "poker"]),
    ],
)
def test_the_report_cross_checks_through_the_engine_with_convergence_plots(
    game: str, bets: list[str], tmp_path: Path
) -> None:
    report = build_report(game, load_profile(game), simulate=2_500)
    sim = report.simulation
    assert sim is not None and sim.rounds <= 2_500
    assert [b.bet_id for b in sim.bets] == bets
    for bet in sim.bets:
        exact = next(b for b in report.bets if b["id"] == bet.bet_id)
        assert float(bet.exact_edge) == pytest.approx(exact["house_edge"], abs=5e-7)
        points = sim.trace[bet.bet_id]
        assert len(points) == CONVERGENCE_POINTS
        assert points[-1][0] == bet.resolved  # the last point is the whole run
        assert 0 < bet.hit_frequency < 1
    files = write_report(report, tmp_path)
    plots = [f for f in files if "-mc-" in f.name and f.suffix == ".png"]
    assert len(plots) == len(bets)
    assert all(f.stat().st_size > 0 for f in plots)
    html = (tmp_path / f"{game}.html").read_text()
    assert all(f.name in html for f in plots)
