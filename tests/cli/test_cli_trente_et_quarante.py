"""``crupier par / rules / play trente-et-quarante`` (needs the game in the catalogue)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from io import StringIO

from rich.console import Console
from typer.testing import CliRunner

from crupier.cli import app
from crupier.core.cards import cards
from crupier.core.shoe import Shoe
from crupier.games import trente_et_quarante as tq
from crupier.play import TerminalTable, terminal_for

runner = CliRunner()
GAME = "trente-et-quarante"
CHANCES = ["rouge", "noir", "couleur", "inverse"]


def test_par_json_lists_every_chance_with_and_without_insurance() -> None:
    result = runner.invoke(app, ["par", GAME, "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["game"] == GAME and sheet["profile"] == "andorra"
    ids = [b["id"] for b in sheet["bets"]]
    assert ids == CHANCES + [f"{c}-insured" for c in CHANCES] + [f"{c}-prison" for c in CHANCES]
    bets = {b["id"]: b for b in sheet["bets"]}
    odds = tq.coup_odds(6)
    half = odds.refait / 2
    for chance in CHANCES:
        assert bets[chance]["house_edge_exact"] == f"{half.numerator}/{half.denominator}"
        assert round(bets[chance]["house_edge"] * 100, 4) == 1.0946
        assert bets[f"{chance}-insured"]["house_edge_exact"] == "1/100"
        assert bets[chance]["method"] == "exact"
    titles = [t["title"] for t in sheet["outcomes"]]
    assert titles[0].startswith("Coup outcomes (6 decks")
    refait = {row[0]: row for row in sheet["outcomes"][0]["rows"]}["refait of 31 (après)"]
    assert refait[2] == f"{odds.refait.numerator}/{odds.refait.denominator}"


def test_par_table_and_spanish_profile() -> None:
    result = runner.invoke(app, ["par", GAME, "--profile", "spain-1979"])
    assert result.exit_code == 0, result.output
    assert "rouge-insured" in result.output and "Refait options" in result.output


def test_rules_prints_both_profiles_as_toml() -> None:
    for name in ("andorra", "spain-1979"):
        result = runner.invoke(app, ["rules", GAME, "--profile", name])
        assert result.exit_code == 0, result.output
        data = tomllib.loads(result.output)
        assert data["game"] == GAME and data["profile"] == name
        assert data["maxima"]["times_minimum"]["value"] == 1000


def table(seed: int = 1) -> tuple[TerminalTable, StringIO]:
    out = StringIO()
    console = Console(file=out, width=240, color_system=None)
    cls = terminal_for(GAME)
    t = cls(GAME, tq.load_builtin(), player="ana", seed=seed, console=console)
    t.command("buy 1000")
    return t, out


def test_terminal_table_refait_and_half_back() -> None:
    t, out = table()
    t.command("bet noir 100")
    t.command("bet rouge insured 100")
    t.command("bet nowhere 5")
    t.game.state.shoe = Shoe.stacked(cards("Ks Qh Ad Tc 9h 9s 3d Jc 2c 2d 2h 2s 3c 3d"))
    t.command("go")
    t.command("bets")
    t.command("half 1")
    t.command("balance")
    text = out.getvalue()
    assert "bet #1 noir 100.00 accepted" in text
    assert "[unknown-spot]" in text
    assert "refait of 31 (après)" in text
    assert "#1 noir 100.00 [refait: choose half or prison]" in text
    assert "noir 100.00: half-back (net -50.00)" in text
    assert "rouge 100.00: void" in text  # insured: a tie for this stake
    assert t.game.state.players["ana"] == 100_000 - 10_000 - 100 + 5_000 - 10_000
    assert "Balance: 849.00" in text


def test_terminal_table_prison_and_insure_commands() -> None:
    t, out = table()
    t.command("bet couleur 50")
    t.command("insure 1")
    t.command("prison 1")
    t.command("bets")
    t.command("rows")
    t.command("help")
    text = out.getvalue()
    assert "insurance against the 31 refait" in text
    assert "[illegal-action]" in text  # no refait to choose for
    assert "bet #1 couleur insured against the refait: fee 0.50" in text
    assert "#1 couleur 50.00 [insured]" in text
    assert "noir: - (0)" in text
    assert t.game.state.insured == {1: 50}


def test_play_a_session_in_a_real_terminal_process() -> None:
    script = (
        "bet rouge 10\nbet noir insured 20\nbet zero 5\nbet inverse 99999\n"
        "go\ngo\nbets\nbalance\nquit\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "play", GAME, "--seed", "3", "--buy-in", "500"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "bet #1 rouge 10.00 accepted" in out
    assert "bet #2 noir 20.00 accepted" in out
    assert "[unknown-spot]" in out
    assert "[insufficient-funds]" in out or "[bet-over-maximum]" in out
    assert "Result: noir" in out and "black " in out
    assert "Balance:" in out and "Goodbye" in out
