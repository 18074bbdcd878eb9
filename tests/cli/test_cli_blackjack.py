"""``crupier strategy blackjack`` and ``crupier par blackjack`` on a rules file."""

import json
from pathlib import Path

from typer.testing import CliRunner

from crupier.cli import app

runner = CliRunner()

ONE_DECK = """extends = "andorra"
game = "blackjack"
profile = "one-deck"

[shoe]
decks = 1
cards_below_stop = 13

[rules]
max_split_hands = 2
"""


def _rules(tmp_path: Path) -> Path:
    path = tmp_path / "one-deck.toml"
    path.write_text(ONE_DECK, encoding="utf-8")
    return path


def test_strategy_prints_the_chart_and_the_edge(tmp_path: Path) -> None:
    result = runner.invoke(app, ["strategy", "blackjack", "--rules", str(_rules(tmp_path))])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    hard_11 = next(line for line in lines if line.strip().startswith("11 "))
    # 11 doubles against 2 to 9 (the profile allows doubling on 11)
    assert hard_11.split()[1:9] == ["D"] * 8
    assert "House edge of the main bet" in result.output


def test_strategy_is_refused_for_other_games() -> None:
    result = runner.invoke(app, ["strategy", "sic-bo"])
    assert result.exit_code == 2


def test_par_json_gives_main_and_insurance(tmp_path: Path) -> None:
    result = runner.invoke(app, ["par", "blackjack", "--rules", str(_rules(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output[result.output.index("{") :])
    bets = {b["id"]: b for b in sheet["bets"]}
    assert set(bets) == {"main", "insurance"}
    # one deck less the ace: 16 tens in 51 cards, paid 2 to 1: the house keeps 3/51
    assert bets["insurance"]["house_edge_exact"] == "1/17"
    titles = [t["title"] for t in sheet["outcomes"]]
    assert any("starting hand" in t for t in titles)
