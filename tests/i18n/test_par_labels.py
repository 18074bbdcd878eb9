"""Every row of every game's PAR sheet reads in Catalan: no bet's code is left as the
English word it is (issue 16). A code that is the regulation's own name of the bet
(``rouge``, ``vista-hermosa``, ``fortuna``) is listed in ``crupier.i18n.bets.NAMES`` and
shown as it is."""

from __future__ import annotations

import pytest

from crupier.games import load_profile
from crupier.games.catalogue import GAMES, game_module
from crupier.i18n.bets import NAMES, bet_label


def _codes(game: str) -> list[str]:
    return [chain.bet_id for chain in game_module(game).par(load_profile(game))]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_par_row_has_a_catalan_label(game: str) -> None:
    names = NAMES.get(game, frozenset())
    left = [
        code for code in _codes(game) if code not in names and bet_label(game, code, "ca") == code
    ]
    assert left == [], f"{game}: rows left in English in Catalan: {left}"


@pytest.mark.parametrize("lang", ["ca", "es", "fr"])
def test_bracketed_choices_are_read_in_the_language(lang: str) -> None:
    # A chemin de fer row lists the free choices it was figured under; each is a word.
    label = bet_label("chemin-de-fer", "banker [stand/draw/draw]", lang)
    assert "stand" not in label and "draw" not in label, label
    assert label.count("/") == 2
    table = bet_label(
        "baccarat-two-tables", "table 2 [draw/stand/draws on 0-5, stands on 6-7]", lang
    )
    assert "2" in table and "draws" not in table and "stands" not in table, table


def test_english_readers_see_the_codes() -> None:
    assert bet_label("casino-war", "war-surrender", "en") == "war-surrender"
    assert (
        bet_label("chemin-de-fer", "punto [draw/stand/stand]", "en") == "punto [draw/stand/stand]"
    )


def test_casino_war_outcome_tables_read_in_catalan() -> None:
    # The extra tables' titles carry figures (N_ with fields) and their rows are marked.
    from typer.testing import CliRunner

    from crupier.cli import app
    from crupier.i18n import using

    with using("en"):  # the command sets its language: the tests after it speak English again
        result = CliRunner().invoke(
            app, ["--lang", "ca", "par", "casino-war"], env={"COLUMNS": "200"}
        )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Resultats, una casella contra el crupier (6 baralles)" in text
    assert "després d'un empat: cartes de guerra iguals" in text and "anar a la guerra" in text
    for english in ("Outcomes", "player higher", "after a tie", "go to war", "surrender", "decks"):
        assert english not in text, english
