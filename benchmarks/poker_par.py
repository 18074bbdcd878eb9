"""The PAR sheets of the banking poker games and Mahjong Pai Gow: CPU time of each, from a cold start.

Run: ``python benchmarks/poker_par.py``. Each sheet is computed once in a fresh process state
(the caches are cleared) and its CPU time printed with its house edges (the exact bets, then
the Monte Carlo tables' edges with their 95 % half-widths: Pai Gow Poker, the Texas games'
main bets); the slowest must stay under 30 s. No peer library computes these sheets, so there
is no ratio column. The first run also compiles the numba kernels (cached afterwards).
"""

from __future__ import annotations

import time
from typing import Any

from crupier.analysis.par import par_sheet
from crupier.games.catalogue import load_profile

GAMES = (
    "three-card-poker",
    "four-card-poker",
    "mahjong-pai-gow",
    "trijoker",
    "casino-holdem",
    "holdem-bonus",
    "caribbean-stud",
    "pai-gow-poker",
)


def _monte_carlo(sheet: dict[str, Any]) -> list[str]:
    """The Monte Carlo rows of a sheet's tables: ``bet edge ± half-width``."""
    out = []
    for table in sheet.get("outcomes", []):
        columns = table["columns"]
        if "95 % half-width" not in columns:
            continue
        edge, half = columns.index("house edge %"), columns.index("95 % half-width")
        out += [f"{row[0]} {row[edge]} ± {row[half]} % (MC)" for row in table["rows"]]
    return out


def main() -> None:
    print(f"{'game':<20} {'CPU s':>8}  house edges")
    slowest = 0.0
    for game_id in GAMES:
        start = time.process_time()
        sheet = par_sheet(game_id, load_profile(game_id))
        spent = time.process_time() - start
        slowest = max(slowest, spent)
        exact = [f"{b['id']} {100 * b['house_edge']:.4f} %" for b in sheet["bets"]]
        edges = ", ".join(exact + _monte_carlo(sheet))
        print(f"{game_id:<20} {spent:>8.2f}  {edges}")
    print(f"slowest sheet: {slowest:.2f} s CPU (target < 30 s)")


if __name__ == "__main__":
    main()
