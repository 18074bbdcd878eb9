"""The terminal table (``crupier play``) at the layout games: leaving, help, the table view,
the commands a game adds, and refusals written as money."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console

from crupier.core.errors import NotPermitted
from crupier.core.layout import BuyIn
from crupier.core.roles import Role
from crupier.games.catalogue import load_profile, new_game
from crupier.play import TerminalTable, terminal_for
from crupier.testing import assert_refused


def table(game_id: str, seed: int = 1) -> tuple[TerminalTable, StringIO]:
    out = StringIO()
    console = Console(file=out, width=200, color_system=None)
    t = terminal_for(game_id)(game_id, load_profile(game_id), player="ana", seed=seed,
                              console=console)  # fmt: skip
    t.apply(BuyIn(player="ana", amount=100_000))
    return t, out


def test_quit_takes_down_what_it_may_and_prints_the_final_balance() -> None:
    t, out = table("craps")
    t.command("bet win 10")
    t.command("go")
    while t.game.state.point is None:  # until a point is set: the Win bet then stays
        t.command("bet win 10")
        t.command("go")
    t.command("bet place 6 12")
    in_hand = t.balance()
    t.leave()
    text = out.getvalue()
    assert "takes down place-6 (12.00)" in text
    assert "win 10.00 stays" in text and "may not be taken down" in text
    assert (
        f"Final balance: {(in_hand + 1_200) / 100:.2f} in chips, and 10.00 still on the layout"
        in text
    )
    assert "with the table" not in text


def test_quit_with_everything_withdrawable_cashes_out() -> None:
    t, out = table("sic-bo")
    t.command("bet small 10")
    t.leave()
    text = out.getvalue()
    assert "takes down small (10.00)" in text
    assert "ana cashes out 1000.00" in text and "Final balance: 1000.00 cashed out." in text
    assert "ana" not in t.game.state.players


@pytest.mark.parametrize(
    ("game_id", "own", "foreign"),
    [
        ("sic-bo", "total T (4-17)", "bet red 10"),
        ("craps", "place N (right bet)", "bet red 10"),
        ("french-roulette", "bet voisins 5", "total T"),
    ],
)
def test_help_shows_the_games_own_spots(game_id: str, own: str, foreign: str) -> None:
    t, out = table(game_id)
    t.command("help")
    assert own in out.getvalue() and foreign not in out.getvalue()


@pytest.mark.parametrize("game_id", ["sic-bo", "craps", "french-roulette", "boule"])
def test_table_shows_the_layout_at_every_game(game_id: str) -> None:
    t, out = table(game_id)
    t.command("table")
    text = out.getvalue()
    assert "phase: betting" in text and "no bets on the layout" in text


def test_roulette_announced_bets_dozens_and_spin_directions() -> None:
    t, out = table("french-roulette")
    t.command("bet voisins 5")
    t.command("bet dozen 1-12 10")
    spots = sorted(b.spot for b in t.game.state.bets.values())
    assert "trio-0-2-3" in spots and "dozen-1" in spots and len(spots) == 8
    t.command("spin banana")
    assert "spin banana is not understood" in out.getvalue()
    assert not t.game.state.launched
    t.command("spin cw")
    assert t.game.state.launched and t.game.state.spin_direction == "cw"


def test_a_stake_of_nothing_is_refused_in_money() -> None:
    t, out = table("sic-bo")
    t.command("bet small 0")
    assert "0.00 is not a valid stake" in out.getvalue()
    assert "minor units" not in out.getvalue()


def test_craps_go_without_a_line_bet_leaves_betting_open() -> None:
    t, out = table("craps")
    t.command("go")
    assert "must have a Win or Don't win bet" in out.getvalue()
    t.command("bet win 10")  # betting is still open: the table is not stuck
    t.command("go")
    assert t.game.state.rounds == 1


def test_refusals_use_the_right_article() -> None:
    game = new_game("sic-bo", load_profile("sic-bo"))
    game.apply(BuyIn(player="ana", amount=1_000))
    error = assert_refused(game, BuyIn(player="ana", amount=1_000, by=Role.INSPECTOR), NotPermitted)
    assert "an inspector may not" in str(error)
