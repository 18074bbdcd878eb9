"""``crupier par casino-war`` and ``crupier play casino-war`` (needs the catalogue entry)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from crupier.cli import app
from crupier.core.layout import BuyIn, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.casino_war import CasinoWar, Stage, load_builtin

runner = CliRunner()


def sheet(*extra: str) -> dict[str, object]:
    result = runner.invoke(app, ["par", "casino-war", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def edges(data: dict[str, object]) -> dict[str, Fraction]:
    bets = data["bets"]
    assert isinstance(bets, list)
    return {b["id"]: Fraction(b["house_edge_exact"]) for b in bets}


def test_par_json_reproduces_the_spec_for_six_decks() -> None:
    data = sheet()
    assert data["game"] == "casino-war" and data["profile"] == "andorra"
    found = edges(data)
    assert list(found) == ["war", "war-surrender", "tie"]
    assert round(float(found["war"]), 6) == 0.023301
    assert found["war-surrender"] == Fraction(23, 311) / 2  # P(tie) x half the bet
    assert found["tie"] == 1 - 11 * Fraction(23, 311)  # 10 to 1 on P(tie) = 23/311
    tables = data["outcomes"]
    assert isinstance(tables, list)
    assert tables[0]["rows"][2][:2] == ["tie", "23/311"]
    assert tables[0]["rows"][4][1] == "1181/15965"


def test_par_with_an_edited_rules_file(tmp_path: Path) -> None:
    text = runner.invoke(app, ["rules", "casino-war"]).output
    data = tomllib.loads(text)
    assert data["game"] == "casino-war" and data["shoe"]["decks"]["value"] == 6
    edited = tmp_path / "eight.toml"
    edited.write_text(text.replace("decks = { value = 6", "decks = { value = 8"))
    found = edges(sheet("--rules", str(edited)))
    assert round(float(found["war"]), 6) == 0.023398
    assert found["tie"] == 1 - 11 * Fraction(31, 415)


def tie_seed() -> int:
    """A seed whose first round (one box, initial 10.00) ties, found with the engine itself."""
    for seed in range(1_000):
        game = CasinoWar(load_builtin(), SeededSource(seed))
        game.apply(BuyIn(player="player", amount=10_000))
        game.apply(PlaceBet(player="player", spot="initial", amount=1_000, by=Role.PLAYER))
        game.apply_all(game.auto_round())
        if game.state.stage is Stage.WAR_DECISION:
            return seed
    raise AssertionError("no tie in 1000 seeds")


def test_play_goes_to_war_in_a_real_terminal_process() -> None:
    script = "initial 10\ndragon 5\ngo\nwar\nbets\nquit\n"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "crupier.cli",
            "play",
            "casino-war",
            "--seed",
            str(tie_seed()),
            "--buy-in",
            "100",
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "bet #1 initial 10.00 accepted" in out
    assert "[unknown-spot]" in out
    assert "Tie! war: put 10.00 more" in out
    assert "bet #2 challenge 10.00 accepted" in out and "Result: war: croupier" in out
    assert "no bets on the layout" in out and "Goodbye" in out


def test_terminal_for_finds_the_war_table() -> None:
    from crupier.games.casino_war.terminal import CasinoWarTable
    from crupier.play import terminal_for

    assert terminal_for("casino-war") is CasinoWarTable
