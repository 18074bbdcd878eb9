"""``crupier`` commands on Monte (13): rules, the exact PAR sheet, a terminal session.

These go through the catalogue (crupier.games.catalogue.GAMES must list ``monte``).
"""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from crupier.cli import app

runner = CliRunner()

SPEC_EDGES = {
    "vista-hermosa": "1/12",
    "camo": "11/360",
    "anti": "11/360",
    "viudo": "11/360",
    "pot": "1/40",
    "horizontal": "17/1320",
    "vertical": "1/120",
    "a-salto": "1/120",
    "rows": "1/60",
    "columns": "1/60",
    "diagonals": "1/60",
    "camo-segones": "1/66",
    "anti-segones": "1/66",
    "viudo-segones": "1/66",
    "horizontal-segones": "1/110",
}


def test_games_lists_monte() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "monte" in result.output


def test_rules_prints_the_cited_profile() -> None:
    result = runner.invoke(app, ["rules", "monte"])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.output)
    assert data["game"] == "monte" and data["profile"] == "andorra"
    assert data["payouts"]["vista_hermosa"]["value"] == "32:1"
    assert "DEFAULT" in data["ten_percent"]["basis"]["source"]
    assert data["annulment"]["table"]["rows"]["value"]["TD"] == "c3 v3 c4"


def test_par_json_reproduces_the_spec_house_edges() -> None:
    result = runner.invoke(app, ["par", "monte", "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["game"] == "monte" and sheet["profile"] == "andorra"
    assert {b["id"]: b["house_edge_exact"] for b in sheet["bets"]} == SPEC_EDGES
    assert all(b["method"] == "exact" for b in sheet["bets"])
    titles = [t["title"] for t in sheet["outcomes"]]
    assert titles[0].startswith("Layout of a coup")
    assert titles[1].startswith("House edge over every layout")
    assert titles[2].startswith("House edge by layout")
    first = sheet["outcomes"][0]["rows"][0]
    assert first[2] == "5376/9139"


def test_par_table_and_an_edited_rules_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["par", "monte"])
    assert result.exit_code == 0 and "vista-hermosa" in result.output
    text = runner.invoke(app, ["rules", "monte"]).output
    edited = tmp_path / "stake.toml"
    edited.write_text(text.replace('basis = { value = "winnings"', 'basis = { value = "stake"'))
    sheet = json.loads(
        runner.invoke(app, ["par", "monte", "--rules", str(edited), "--json"]).output
    )
    edges = {b["id"]: b["house_edge_exact"] for b in sheet["bets"]}
    assert edges["camo"] == "1/360" and edges["horizontal"] == "17/1320"


def test_bad_rules_file_names_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "monte"\nextends = "andorra"\nprofile = "x"\n[layout]\nlower_pair = "x"\n'
    )
    result = runner.invoke(app, ["par", "monte", "--rules", str(bad)])
    assert result.exit_code == 2 and "layout.lower_pair" in result.output


def test_play_a_coup_in_a_real_terminal_process() -> None:
    script = "go\nvis 1 5\n1v2 10\ndragon 5\nvis 1 999\ngo\ntable\ngo\nbalance\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "play", "monte", "--seed", "3", "--buy-in", "200"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "primera carta" in out and "facin joc" in out
    assert "bet #1 vis-1 5.00 accepted" in out and "bet #2 1v2 10.00 accepted" in out
    assert "[unknown-spot]" in out and "[bet-over-maximum]" in out
    assert "Result: primeres:" in out and "Result: segones:" in out
    assert "Balance:" in out and "Goodbye" in out
