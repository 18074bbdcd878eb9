"""The terminal tables do what their help says: every example the help writes out
(``e.g.  bet red 10 ...``) and every ``spots: NAME AMOUNT`` form it lists is accepted as
written, with and without the leading ``bet`` (the generic help: ``bet SPOT AMOUNT``,
"``bet`` may be left out"). Pai Gow Poker's main bet is called ``bet``: its help's
``bet AMOUNT`` is that spot and that amount.
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from rich.console import Console

from crupier.core.money import format_amount
from crupier.games.catalogue import GAMES, game_module, load_profile
from crupier.play import TerminalTable, terminal_for


def _table(game: str) -> tuple[TerminalTable, StringIO]:
    out = StringIO()
    table = terminal_for(game)(
        game, load_profile(game), seed=7, console=Console(file=out, width=200)
    )
    assert table.command("buy 1000")
    return table, out


def _help(game: str) -> str:
    return str(getattr(game_module(game).engine, "play_help", "") or "")


def _examples(text: str) -> list[str]:
    """The commands written out after ``e.g.`` (separated by two spaces or more)."""
    out: list[str] = []
    for line in text.splitlines():
        if line.startswith("e.g."):
            out += [c.strip() for c in re.split(r"\s{2,}", line[4:]) if c.strip()]
    return out


def _spot_forms(text: str) -> list[str]:
    """The spot names the help's ``spots:`` line lists as ``NAME AMOUNT`` (a parenthesis of
    other names may come between), in the order written."""
    line = next((x for x in text.splitlines() if x.startswith("spots: ")), "")
    return re.findall(r"\b([a-z][a-z-]*)(?: \([^)]*\))? AMOUNT", line)


EXAMPLES = [g for g in GAMES if _examples(_help(g))]
FORMS = [g for g in GAMES if _spot_forms(_help(g))]


def test_the_help_has_examples_to_run() -> None:
    # the games whose help writes out commands (not a number pinned: the walk is not empty)
    assert {"french-roulette", "sic-bo"} <= set(EXAMPLES)
    assert {"pai-gow-poker", "three-card-poker", "casino-war"} <= set(FORMS)


@pytest.mark.parametrize("game", EXAMPLES)
def test_every_written_example_is_accepted(game: str) -> None:
    table, out = _table(game)
    for n, example in enumerate(_examples(_help(game)), start=1):
        assert table.command(example)
        assert f"bet #{n} " in out.getvalue() and "accepted" in out.getvalue(), (
            example,
            out.getvalue(),
        )


@pytest.mark.parametrize("game", FORMS)
@pytest.mark.parametrize("lead", ["bet ", ""])
def test_every_listed_spot_form_is_accepted(game: str, lead: str) -> None:
    table, out = _table(game)
    engine = table.game
    for n, name in enumerate(_spot_forms(_help(game)), start=1):
        # the table minimum, or the spot's own maximum where that is lower (a progressive)
        maximum, _unit = engine.stake_terms(engine.spot(name))
        amount = format_amount(min(engine.profile.limits.minimum, maximum))
        command = f"{lead}{name} {amount}"
        before = out.getvalue()
        assert table.command(command)
        said = out.getvalue()[len(before) :]
        assert re.search(rf"bet #{n} {name} \S+ accepted", said), (command, said)


def test_pai_gow_pokers_bet_amount_is_its_main_bet() -> None:
    table, out = _table("pai-gow-poker")
    assert "bet AMOUNT" in _help("pai-gow-poker")
    assert table.command("bet 10")
    assert "bet #1 bet 10.00 accepted" in out.getvalue()
    table, out = _table("pai-gow-poker")
    assert table.command("bet bet 10")  # the spot named in full still works
    assert "bet #1 bet 10.00 accepted" in out.getvalue()


def test_bet_with_an_amount_alone_elsewhere_still_asks_for_the_spot() -> None:
    table, out = _table("french-roulette")
    assert table.command("bet 10")
    assert "write: bet SPOT AMOUNT" in out.getvalue() and "accepted" not in out.getvalue()
