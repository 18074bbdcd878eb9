"""The ``crupier`` command, run in-process (typer's runner) and as a real subprocess."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crupier.cli import app
from crupier.games.catalogue import GAMES

runner = CliRunner()

#: How a PAR figure may be computed: exactly, or (blackjack's main bet) by the exact
#: card-removal analysis whose split hands follow the usual approximation.
METHODS = {"exact", "card-removal, splits approximated"}


def implemented() -> list[str]:
    out = []
    for game_id, info in GAMES.items():
        try:
            info.game()
        except ModuleNotFoundError:
            continue
        out.append(game_id)
    return out


def test_games_lists_the_catalogue() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game_id in GAMES:
        assert game_id in result.output


@pytest.mark.parametrize("game_id", implemented())
def test_rules_prints_a_valid_toml_profile(game_id: str) -> None:
    result = runner.invoke(app, ["rules", game_id])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.output)
    assert data["game"] == game_id and data["profile"] == "andorra"


@pytest.mark.parametrize("game_id", implemented())
def test_par_json_shape(game_id: str) -> None:
    result = runner.invoke(app, ["par", game_id, "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["game"] == game_id and sheet["profile"] == "andorra"
    for bet in sheet["bets"]:
        assert set(bet) >= {
            "id",
            "house_edge",
            "house_edge_exact",
            "hit_frequency",
            "std_dev",
            "method",
        }
        num, den = (int(x) for x in bet["house_edge_exact"].split("/"))
        assert abs(num / den - bet["house_edge"]) < 1e-6
        assert bet["method"] in METHODS


def test_par_sic_bo_figures() -> None:
    sheet = json.loads(runner.invoke(app, ["par", "sic-bo", "--json"]).output)
    edges = {b["id"]: b["house_edge_exact"] for b in sheet["bets"]}
    assert edges["small"] == "1/36"
    assert edges["specific-triple"] == "65/216"
    assert edges["number"] == "17/216"


def test_rules_file_round_trip_and_edit(tmp_path: Path) -> None:
    text = runner.invoke(app, ["rules", "sic-bo"]).output
    edited = tmp_path / "literal-big.toml"
    edited.write_text(
        text.replace(
            "big_loses_on_triple = { value = true", "big_loses_on_triple = { value = false"
        )
    )
    sheet = json.loads(
        runner.invoke(app, ["par", "sic-bo", "--rules", str(edited), "--json"]).output
    )
    assert {b["id"]: b["house_edge_exact"] for b in sheet["bets"]}["big"] == "1/108"


def test_bad_rules_file_is_refused_naming_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "sic-bo"\nextends = "andorra"\nprofile = "x"\n[payouts]\nsmall = "one"\n'
    )
    result = runner.invoke(app, ["par", "sic-bo", "--rules", str(bad)])
    assert result.exit_code == 2
    assert "payouts.small" in result.output


def test_play_a_session_in_a_real_terminal_process() -> None:
    script = "bet small 10\nbet nowhere 5\nbet big 99999\ngo\nbets\nbalance\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "play", "sic-bo", "--seed", "3", "--buy-in", "100"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "bet #1 small 10.00 accepted" in out
    assert "[unknown-spot]" in out
    assert "[insufficient-funds]" in out or "[bet-over-maximum]" in out
    assert "Result:" in out
    assert "Balance:" in out and "Goodbye" in out
