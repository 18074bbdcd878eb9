"""A terminal table and a PAR sheet in Catalan leave no English phrase: the commands' help,
the game's own help, the bets accepted, the croupier's notes and calls, the result's
announcement, the settlement and the PAR sheet's title, columns and bets' labels all read
in Catalan (the spots' codes a player types stay as they are)."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console
from typer.testing import CliRunner

from crupier.cli import app
from crupier.core.layout import BuyIn
from crupier.games.catalogue import load_profile
from crupier.i18n import using
from crupier.play import terminal_for

ENGLISH = [
    "Commands", "spots:", "Spots", "e.g.", "launch the wheel", "Balance", "accepted",
    "Result:", "wins +", "loses", "returned", "no more bets", "bets are open", "buys in", "cashes out",
    "wheel c", "ball c", "from ", ", red,", ", black,", ", even,", ", odd,", "odd, high",
    "even, low", "0, zero", " easy", "seven", "Banca wins", "Punt wins", "the coup",
    "the croupier", "the shoe", "new shoe", "cards burnt", "the shooter", "the point",
    "the dice", "Goodbye", "Final balance", "refused", " is not ", "every simple chance",
]  # fmt: skip
"""English phrases the terminal tables print (their notes, calls and lines)."""

SESSIONS = {
    "french-roulette": ["help", "bet red 10", "bet 17 5", "go", "go", "bet 0 5", "table"],
    "craps": ["help", "bet win 10", "go", "go", "go", "bet field 5", "go", "table"],
    "punto-banco": ["help", "bet banker 20", "bet player 20", "go", "go", "table"],
    "boule": ["help", "bet red 10", "bet 5 10", "go", "go", "table"],
    "sic-bo": ["help", "bet small 10", "bet total 9 5", "go", "table"],
}


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_a_terminal_table_in_catalan_has_no_english_phrase(game: str) -> None:
    out = StringIO()
    with using("ca"):
        console = Console(file=out, width=200, color_system=None)
        table = terminal_for(game)(game, load_profile(game), player="ana", seed=3,
                                   console=console)  # fmt: skip
        table.apply(BuyIn(player="ana", amount=100_000))
        for line in SESSIONS[game]:
            table.command(line)
        table.leave()
    text = out.getvalue()
    assert "Saldo" in text and "Resultat" in text  # the session did play rounds
    left = [phrase for phrase in ENGLISH if phrase in text]
    assert not left, f"English left at the {game} table: {left}\n{text}"


PAR_ENGLISH = [
    "PAR sheet", "Bet", "House edge", "Exact", "Hit frequency", "Std dev", "Method", "exact",
    "straight", "split", "street", "corner", "six-line", "dozen", "column", "red", "black",
    "odd", "even", "high", "low", "small", "big", "any", "total-", "banker", "player", "pair",
    "win", "come", "field", "hard", "place", "lay", "odds", "eleven",
]  # fmt: skip
"""English words of a PAR sheet: its title and columns, and the codes of its bets."""


@pytest.mark.parametrize("game", ["french-roulette", "sic-bo", "punto-banco", "boule"])
def test_a_par_sheet_in_catalan_has_no_english_phrase(game: str) -> None:
    with using("en"):  # the command sets its language: the tests after it speak English again
        result = CliRunner().invoke(app, ["--lang", "ca", "par", game], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "Avantatge de la casa" in result.output
    words = set(result.output.replace("│", " ").replace("(", " ").replace(")", " ").split())
    left = [w for w in PAR_ENGLISH if w in words or (" " in w and w in result.output)]
    assert not left, f"English left on the {game} PAR sheet: {left}\n{result.output}"
