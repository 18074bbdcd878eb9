"""``crupier`` on two-table baccarat: rules, the exact outcome tables, a terminal session.

These need ``baccarat-two-tables`` registered in :mod:`crupier.games.catalogue`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

from typer.testing import CliRunner

from crupier.cli import app
from crupier.games.baccarat_two_tables import load_builtin, par_outcomes

GAME = "baccarat-two-tables"
runner = CliRunner()


def test_games_lists_two_table_baccarat() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and GAME in result.output


def test_rules_prints_the_profile_with_its_citations() -> None:
    result = runner.invoke(app, ["rules", GAME])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.output)
    assert data["game"] == GAME and data["profile"] == "andorra"
    assert data["cagnotte"]["limited"]["value"] == "1:50"
    assert data["shoe"]["cards_below_stop"]["value"] == 10
    assert data["rules"]["banco_scope"]["source"].startswith("DEFAULT")


def test_par_json_has_the_exact_outcome_tables() -> None:
    result = runner.invoke(app, ["par", GAME, "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["game"] == GAME
    assert sheet["outcomes"] == par_outcomes(load_builtin())
    assert [len(t["rows"]) for t in sheet["outcomes"]] == [12, 12, 12, 12]


def test_par_json_gives_a_punters_record_per_table_and_policy() -> None:
    """A punter on a table wins even money when it beats the bank and gets his stake back
    on a tie: his edge against the banker is P(bank beats it) - P(it beats the bank)."""
    from fractions import Fraction

    sheet = json.loads(runner.invoke(app, ["par", GAME, "--json"]).output)
    bets = {b["id"]: b for b in sheet["bets"]}
    exact = sheet["outcomes"][1]["rows"]
    assert len(bets) == 2 * len(exact) == 24
    for row in exact:
        policy = "/".join(row[:3])
        b1, p1, _t1, b2, p2, _t2 = (Fraction(x) for x in row[3:9])
        for n, (bank, punter) in ((1, (b1, p1)), (2, (b2, p2))):
            record = bets[f"table {n} [{policy}]"]
            assert Fraction(record["house_edge_exact"]) == bank - punter
            assert Fraction(record["hit_frequency_exact"]) == punter
            variance = bank + punter - (punter - bank) ** 2
            assert abs(record["std_dev"] - float(variance) ** 0.5) < 1e-6


def test_par_table_output() -> None:
    result = runner.invoke(app, ["par", GAME])
    assert result.exit_code == 0, result.output
    assert "House's cut per coup" in result.output


def test_play_a_session_in_a_real_terminal_process() -> None:
    script = "bet 1 20\nbet nowhere 5\nbet split 30\ngo\ntable\nbalance\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "play", GAME, "--seed", "3", "--buy-in", "5000"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "bet #1 table-1 20.00 accepted" in out
    assert "[unknown-spot]" in out
    assert "table-2 15.00 accepted" in out
    assert "Result:" in out or "You hold table 1" in out
    assert "Balance:" in out and "Goodbye" in out


def test_play_holding_the_bank() -> None:
    script = "bank 1000\ngo\nstand\ndraw\ngo\nquit\n"
    result = runner.invoke(app, ["play", GAME, "--seed", "5", "--buy-in", "5000"], input=script)
    assert result.exit_code == 0, result.output
    assert "the bank goes to player for 1000.00" in result.output
    assert "Goodbye" in result.output
