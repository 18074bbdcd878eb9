"""``crupier`` on chemin de fer (08): the rules, the PAR sheet's outcome tables, the terminal table.

These tests need the game registered in ``crupier.games.catalogue`` (id ``chemin-de-fer``).
"""

import json
import subprocess
import sys
import tomllib

from typer.testing import CliRunner

from crupier.cli import app
from crupier.games.chemin_de_fer.terminal import CheminDeFerTable
from crupier.play import terminal_for

runner = CliRunner()


def test_rules_prints_the_profile_with_its_citations() -> None:
    result = runner.invoke(app, ["rules", "chemin-de-fer"])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.output)
    assert data["game"] == "chemin-de-fer" and data["profile"] == "andorra"
    assert data["cagnotte"]["rate"]["value"] == "1:20"
    assert "DEFAULT" in data["cagnotte"]["rate"]["source"]


def test_par_json_gives_the_outcome_tables_of_the_spec() -> None:
    result = runner.invoke(app, ["par", "chemin-de-fer", "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["game"] == "chemin-de-fer"
    odds, money, exact = sheet["outcomes"]
    assert odds["columns"] == ["Punto 5/3v9/5v4", "P(banker wins)", "P(punto wins)", "P(tie)"]
    rows = {r[0]: r[1:] for r in odds["rows"]}
    assert rows["stand/draw/draw"] == ["0.4617055505", "0.4464635731", "0.0918308764"]
    assert rows["stand/stand/stand"] == ["0.4615987138", "0.4460980407", "0.0923032455"]
    assert rows["draw/draw/draw"] == ["0.4586527188", "0.4462785698", "0.0950687113"]
    assert rows["draw/stand/stand"] == ["0.4582783974", "0.4462856416", "0.0954359610"]
    evs = {r[0]: r[1:3] for r in money["rows"]}
    assert evs["stand/draw/draw"] == ["-0.7843 %", "-1.5242 %"]
    assert evs["draw/stand/stand"] == ["-1.0921 %", "-1.1993 %"]
    assert len(exact["rows"]) == 8 and all("/" in x for x in exact["rows"][0][1:])


def test_par_prints_the_tables() -> None:
    result = runner.invoke(app, ["par", "chemin-de-fer"])
    assert result.exit_code == 0, result.output
    assert "Outcome of a coup" in result.output and "0.4617055505" in result.output
    assert "stand/draw/draw" in result.output and "-0.7843 %" in result.output


def test_play_uses_the_chemin_de_fer_table() -> None:
    assert terminal_for("chemin-de-fer") is CheminDeFerTable


def test_play_a_session_in_a_real_terminal_process() -> None:
    script = "help\nbank 50\npass\nstake 100\ngo\ncarte\nnon\nbanco\ngo\ncarte\nbalance\nquit\n"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "crupier.cli",
            "play",
            "chemin-de-fer",
            "--seed",
            "3",
            "--buy-in",
            "2000",
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "The bank is offered to you" in out
    assert "[bet-under-minimum]" in out
    assert "holds the bank" in out
    assert "player stakes 100.00 against the bank" in out
    assert "You hold the punto cards" in out
    assert "Result:" in out
    assert "Balance:" in out and "Goodbye" in out


def test_par_json_gives_per_bet_records_for_each_side_and_policy() -> None:
    """Each side of the coup, under each policy of the free choices, as a bet record with
    exact fractions: the banker's side wins 1 - cagnotte (1/20) when the banker wins, the
    punto's side 1, a tie returns the stakes."""
    from fractions import Fraction

    sheet = json.loads(runner.invoke(app, ["par", "chemin-de-fer", "--json"]).output)
    exact_rows = {r[0]: [Fraction(x) for x in r[1:4]] for r in sheet["outcomes"][2]["rows"]}
    bets = {b["id"]: b for b in sheet["bets"]}
    assert len(bets) == 2 * len(exact_rows) == 16
    rate = Fraction(1, 20)
    for policy, (bw, pw, tie) in exact_rows.items():
        banker, punto = bets[f"banker [{policy}]"], bets[f"punto [{policy}]"]
        banker_ev = bw * (1 - rate) - pw
        assert Fraction(banker["house_edge_exact"]) == -banker_ev
        assert Fraction(banker["hit_frequency_exact"]) == bw
        variance = bw * (1 - rate) ** 2 + pw - banker_ev**2
        assert abs(banker["std_dev"] - float(variance) ** 0.5) < 1e-6
        assert Fraction(punto["house_edge_exact"]) == bw - pw
        assert Fraction(punto["hit_frequency_exact"]) == pw
        assert bw + pw + tie == 1
