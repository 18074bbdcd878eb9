from pathlib import Path

import pytest

from crupier.core.errors import ProfileError
from crupier.core.profile import dump_profile
from crupier.games.catalogue import GAMES, load_profile, profile_names


def implemented() -> list[str]:
    out = []
    for game_id, info in GAMES.items():
        try:
            info.game()
        except ModuleNotFoundError:
            continue
        out.append(game_id)
    return out


@pytest.mark.parametrize("game_id", implemented())
def test_every_builtin_profile_dumps_and_reloads_identically(game_id: str, tmp_path: Path) -> None:
    assert "andorra" in profile_names(game_id)
    for name in profile_names(game_id):
        profile = load_profile(game_id, name)
        path = tmp_path / f"{name}.toml"
        path.write_text(dump_profile(profile))
        assert load_profile(game_id, path=path) == profile


@pytest.mark.parametrize("game_id", implemented())
def test_every_parameter_cites_a_source(game_id: str) -> None:
    profile = load_profile(game_id)
    text = dump_profile(profile)
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[", "game", "profile", "title", "currency")):
            assert "source =" in line, f"{game_id}: parameter without a citation: {line}"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.toml"
    path.write_text(text)
    return path


def test_malformed_value_is_refused_naming_the_key(tmp_path: Path) -> None:
    path = write(
        tmp_path, 'game = "sic-bo"\nextends = "andorra"\nprofile = "x"\n[payouts]\nbig = "lots"\n'
    )
    with pytest.raises(ProfileError, match=r"^payouts\.big: "):
        load_profile("sic-bo", path=path)


def test_unknown_key_is_refused_naming_it(tmp_path: Path) -> None:
    path = write(
        tmp_path, 'game = "sic-bo"\nextends = "andorra"\nprofile = "x"\n[limits]\nminimun = 5\n'
    )
    with pytest.raises(ProfileError, match=r"limits\.minimun: unknown key"):
        load_profile("sic-bo", path=path)


def test_inconsistent_profile_is_refused_naming_the_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'game = "sic-bo"\nextends = "andorra"\nprofile = "x"\n[limits]\nminimum = 200000\n',
    )
    with pytest.raises(ProfileError, match=r"maxima\.table_maximum"):
        load_profile("sic-bo", path=path)


def test_bad_toml_and_wrong_game_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="not valid TOML"):
        load_profile("sic-bo", path=write(tmp_path, "game = \n"))
    with pytest.raises(ProfileError, match=r"^game: "):
        load_profile("sic-bo", path=write(tmp_path, 'game = "boule"\nprofile = "x"\n'))
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile("sic-bo", path=tmp_path / "absent.toml")
    with pytest.raises(ProfileError, match="no profile 'nope'"):
        load_profile("sic-bo", "nope")
    with pytest.raises(ProfileError, match="unknown game"):
        load_profile("blackjack-9", "andorra")


def test_edited_copy_changes_the_game(tmp_path: Path) -> None:
    text = dump_profile(load_profile("sic-bo")).replace(
        "big_loses_on_triple = { value = true", "big_loses_on_triple = { value = false"
    )
    profile = load_profile("sic-bo", path=write(tmp_path, text))
    assert profile.rules.big_loses_on_triple is False  # type: ignore[attr-defined]
