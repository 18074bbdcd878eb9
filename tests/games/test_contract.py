"""Every catalogue game through the one game-module contract (``GAME`` of its package)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from crupier.analysis.exact import analyse
from crupier.analysis.par import par_sheet
from crupier.core.errors import ProfileError
from crupier.core.profile import Profile
from crupier.core.round import Game
from crupier.games.builtin import builtin_names, package_of
from crupier.games.catalogue import GAMES, game_info, game_module, load_profile, new_game
from crupier.games.contract import GameModule
from crupier.play import TerminalTable, terminal_for

IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_is_a_package_with_its_game_module(game_id: str) -> None:
    info = game_info(game_id)
    assert info.module == f"crupier.games.{game_id.replace('-', '_')}"
    game = game_module(game_id)
    assert isinstance(game, GameModule)
    assert game.id == game_id
    assert issubclass(game.engine, Game)
    assert issubclass(game.profile, Profile)
    assert game.engine.game_id == game_id


@pytest.mark.parametrize("game_id", IDS)
def test_every_builtin_profile_loads_and_starts_an_engine(game_id: str) -> None:
    game = game_module(game_id)
    names = game.profile_names()
    assert "andorra" in names
    for name in names:
        profile = game.load_profile(name)
        assert isinstance(profile, game.profile)
        assert profile.game == game_id and profile.profile == name
        # one reader: the catalogue's path and the module's path give the same profile
        assert load_profile(game_id, name) == profile
        engine = new_game(game_id, profile)
        assert isinstance(engine, game.engine)


@pytest.mark.parametrize("game_id", IDS)
def test_every_par_entry_point_gives_a_sheet(game_id: str) -> None:
    game = game_module(game_id)
    profile = game.load_profile()
    chains = list(game.par(profile))
    outcomes = game.outcomes(profile)
    # a game shows the house something: bets against it, or the tables of its cut
    assert chains or outcomes
    for chain in chains[:3]:
        assert 0 <= analyse(chain).hit_frequency <= 1
    for table in outcomes:
        assert table["title"] and table["columns"]
        assert all(len(row) == len(table["columns"]) for row in table["rows"])
    sheet = par_sheet(game_id, profile)
    assert sheet["game"] == game_id
    assert [b["id"] for b in sheet["bets"]] == [c.bet_id for c in chains]


@pytest.mark.parametrize("game_id", IDS)
def test_every_terminal_table_exists_or_is_the_generic_one(game_id: str) -> None:
    game = game_module(game_id)
    table = terminal_for(game_id)
    assert issubclass(table, TerminalTable)
    if game.terminal is None:
        assert table is TerminalTable
    else:
        assert game.terminal == f"{game_info(game_id).module}.terminal"
        assert table is not TerminalTable
    assert isinstance(game.play_help, str)


@pytest.mark.parametrize("game_id", IDS)
def test_profiles_sit_in_the_game_package(game_id: str) -> None:
    folder = resources.files("crupier.games") / package_of(game_id) / "profiles"
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml")) == [
        f"{n}.toml" for n in builtin_names(game_id)
    ]


def test_a_profile_is_validated_for_its_own_game(tmp_path: Path) -> None:
    other = tmp_path / "boule.toml"
    other.write_text('game = "boule"\nextends = "andorra"\n', encoding="utf-8")
    with pytest.raises(ProfileError, match="for 'boule', not 'sic-bo'"):
        load_profile("sic-bo", path=other)
    with pytest.raises(ProfileError, match=r"no profile .nowhere. \(known: andorra\)"):
        game_module("sic-bo").load_profile("nowhere")


def test_a_package_without_its_game_module_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import crupier.games.sic_bo as sic_bo

    monkeypatch.setattr(sic_bo, "GAME", game_module("craps"))
    with pytest.raises(ProfileError, match="not the game module of 'sic-bo'"):
        game_module("sic-bo")
