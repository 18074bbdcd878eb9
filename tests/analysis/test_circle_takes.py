"""`crupier simulate` at the circle poker tables: the house's take per deal, played through
the engine by the computer opponents at each table size of the PAR sheet (spec 23: the rake,
option A, capped per deal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from crupier.analysis.circle_takes import take_batch
from crupier.analysis.simulate import simulate
from crupier.core.rng import SeededSource
from crupier.games import load_profile
from crupier.games.circle_poker.pots import rake
from crupier.games.circle_poker.takes import play_deals, table_sizes

HOLDEM = Path(__file__).parents[2] / "src/crupier/games/holdem/profiles/andorra.toml"


def _rules(tmp_path: Path, line: str, replacement: str) -> Path:
    text = HOLDEM.read_text(encoding="utf-8")
    (old,) = [row for row in text.splitlines() if row.startswith(line)]
    path = tmp_path / "holdem.toml"
    path.write_text(text.replace(old, replacement), encoding="utf-8")
    return path


def _capped(tmp_path: Path, cap: int) -> Path:
    return _rules(tmp_path, "cap =", f'cap = {{ value = {cap}, source = "a cap per deal" }}')


def test_each_deal_takes_the_engines_own_rake_within_the_cap(tmp_path: Path) -> None:
    profile = load_profile("holdem", path=_capped(tmp_path, 150))
    game, takes = play_deals("holdem", profile, 6, 40, SeededSource(5))
    books = game.state.results
    assert len(takes) == len(books) == 40
    # the engine's books: each deal's cagnotte is the rate on its pots in whole chips, the
    # cap shared by the pots of the deal, and the take is exactly that
    for take, deal in zip(takes, books, strict=True):
        cuts = rake([p.amount for p in deal.pots], profile.house.rate, 150, 1)
        assert take == deal.rake == sum(cuts) <= 150
    assert sum(takes) == game.state.house
    assert 150 in takes  # at six players some pots are big enough to reach the cap


def test_the_simulated_take_is_the_sum_of_the_engines_rakes(tmp_path: Path) -> None:
    rules = str(_capped(tmp_path, 150))
    (sums4, sums6, sums10) = take_batch("holdem", "andorra", rules, np.random.SeedSequence(11), 15)
    # the batch's table of six players, dealt again from the seed it documents
    child = np.random.SeedSequence(11).spawn(3)[1]
    profile = load_profile("holdem", path=Path(rules))
    game, _takes = play_deals(
        "holdem", profile, 6, 15, SeededSource(int(child.generate_state(1, np.uint64)[0]))
    )
    raked = [r.rake for r in game.state.results]
    s = sums6["take@6"]
    assert (s.resolved, s.s1, s.s2) == (15, sum(raked), sum(r * r for r in raked))
    assert s.hits == sum(1 for r in raked if r) and sum(s.payouts.values()) == 15
    assert max(s.payouts) <= 150
    assert set(sums4) == {"take@4"} and set(sums10) == {"take@10"}


def test_the_capped_distribution_and_interval(tmp_path: Path) -> None:
    result = simulate("holdem", rounds=30, seed=4, batch=10, rules=str(_capped(tmp_path, 150)))
    assert result.bets == () and [t.players for t in result.takes] == [4, 6, 10]
    for take in result.takes:
        data = take.to_dict()
        assert data["exact"] == "none (Monte Carlo only)" and take.deals == 30
        assert max(take.takes) <= 150 and sum(take.takes.values()) == 30
        assert data["capped"] == take.takes.get(150, 0)
        assert data["no_rake"] == take.takes.get(0, 0)
        low, high = take.interval
        assert low < take.mean < high
        assert take.mean == sum(k * v for k, v in take.takes.items()) / 30
    six = result.takes[1]
    assert six.capped > 0


def test_one_process_and_a_pool_give_the_same_takes() -> None:
    one = simulate("five-card-draw", rounds=24, seed=3, batch=8)
    pool = simulate("five-card-draw", rounds=24, seed=3, batch=8, workers=2)
    assert pool.to_dict() == one.to_dict() and pool.trace == one.trace
    other = simulate("five-card-draw", rounds=24, seed=4, batch=8)
    assert other.to_dict() != one.to_dict()
    # five-card draw seats at most seven: 4, 6 and 7 players
    sizes = table_sizes(load_profile("five-card-draw"))
    assert [t.players for t in one.takes] == sizes == [4, 6, 7]


def test_a_time_charge_table_is_refused(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "option =", 'option = { value = "time", source = "option B" }')
    text = rules.read_text(encoding="utf-8")
    (old,) = [row for row in text.splitlines() if row.startswith("time_charge =")]
    rules.write_text(text.replace(old, 'time_charge = { value = 500, source = "B" }'))
    with pytest.raises(ValueError, match=r"charges time .*crupier par holdem"):
        simulate("holdem", rounds=10, rules=str(rules))


def test_the_command_prints_the_take_per_table_size() -> None:
    env = {**os.environ, "COLUMNS": "200", "CRUPIER_LANG": "en"}
    command = [sys.executable, "-m", "crupier.cli", "simulate", "seven-card-stud"]
    out = subprocess.run(
        [*command, "--rounds", "6", "--batch", "3"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout  # fmt: skip
    assert "House take — seven-card-stud, 6 deals per table size" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["4", "6", "7"]
    assert all("none (Monte Carlo only)" in row and "no cap" in row for row in rows)
    as_json = subprocess.run(
        [*command, "--rounds", "6", "--batch", "3", "--json"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout  # fmt: skip
    data = json.loads(as_json)
    assert data["bets"] == [] and data["rounds"] == 6 and data["batches"] == 2
    assert [t["players"] for t in data["takes"]] == [4, 6, 7]
    assert all(t["deals"] == 6 for t in data["takes"])
