"""Loading a rules file: strict types, a clear word on empty files and on --profile with
--rules, and a PAR sheet that says which rules it was computed from."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crupier.cli import app
from crupier.core.errors import ProfileError
from crupier.games.catalogue import load_profile

runner = CliRunner()


def _write(tmp_path: Path, text: str, name: str = "rules.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "key", "why"),
    [
        ('[side_bets]\ntie = "yes"\n', "side_bets.tie", "not true or false"),
        ('[shoe]\ndecks = "8"\n', "shoe.decks", "not a whole number"),
        ("[payouts]\ntie = 8\n", "payouts.tie", 'write it as "8:1"'),
        ("[side_bets]\ntie = 1\n", "side_bets.tie", "not true or false"),
    ],
)
def test_values_of_the_wrong_type_are_refused_not_coerced(
    tmp_path: Path, body: str, key: str, why: str
) -> None:
    head = 'game = "punto-banco"\nprofile = "mine"\nextends = "andorra"\n'
    path = _write(tmp_path, head + body)
    with pytest.raises(ProfileError) as info:
        load_profile("punto-banco", path=path)
    assert str(info.value).startswith(key) and why in str(info.value)


def test_an_empty_file_says_it_names_no_game(tmp_path: Path) -> None:
    path = _write(tmp_path, "")
    with pytest.raises(ProfileError) as info:
        load_profile("craps", path=path)
    message = str(info.value)
    assert "None" not in message
    assert "empty" in message and 'game = "craps"' in message


def test_profile_and_rules_together_are_refused(tmp_path: Path) -> None:
    text = runner.invoke(app, ["rules", "craps"]).output
    path = _write(tmp_path, text)
    result = runner.invoke(app, ["par", "craps", "--rules", str(path), "--profile", "spain-1979"])
    assert result.exit_code == 2
    assert "not both" in result.output


def test_a_sheet_from_a_rules_file_names_the_file_its_hash_and_what_differs(
    tmp_path: Path,
) -> None:
    text = runner.invoke(app, ["rules", "sic-bo"]).output
    edited = text.replace('small = { value = "1:1"', 'small = { value = "2:1"', 1)
    assert edited != text
    path = _write(tmp_path, edited)
    result = runner.invoke(app, ["par", "sic-bo", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    label = sheet["rules"]
    assert label["rules_file"] == str(path)
    assert label["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert label["differs"] == {"payouts.small": ["1:1", "2:1"]}
    # small pays 2 to 1 on 105 of 216 throws: the player has the edge, and is told so
    assert any(w.startswith("small: the player has the edge") for w in sheet["warnings"])
    plain = runner.invoke(app, ["par", "sic-bo", "--rules", str(path)])
    assert "not a built-in profile" in plain.stdout and label["sha256"] in plain.stdout


def test_a_payout_of_zero_and_missing_sections_are_named(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        'game = "sic-bo"\nprofile = "mine"\nextends = "andorra"\n[payouts]\nsmall = "0:1"\n',
    )
    sheet = json.loads(runner.invoke(app, ["par", "sic-bo", "--rules", str(path), "--json"]).stdout)
    assert "payouts.small pays 0: a winning bet gets only its stake back" in sheet["warnings"]
    assert "limits" in sheet["rules"]["inherited"] and "payouts" not in sheet["rules"]["inherited"]
    assert sheet["rules"]["inherited_from"] == "the built-in andorra"


def test_bets_the_table_does_not_offer_are_marked() -> None:
    """Punto banco's andorra profile offers no tie and no pairs (spec 07: not in the seeds)."""
    sheet = json.loads(runner.invoke(app, ["par", "punto-banco", "--json"]).stdout)
    offered = {b["id"]: b["offered"] for b in sheet["bets"]}
    assert offered == {
        "banker": True,
        "player": True,
        "tie": False,
        "player-pair": False,
        "banker-pair": False,
    }
    plain = runner.invoke(app, ["par", "punto-banco"]).stdout
    assert plain.count("offered)") == 3  # tie and the two pairs, however the cells wrap


def test_loading_a_file_that_leaves_sections_out_says_so(tmp_path: Path) -> None:
    path = _write(tmp_path, 'game = "sic-bo"\nprofile = "mine"\nextends = "andorra"\n')
    result = runner.invoke(app, ["rules", "sic-bo", "--rules", str(path)])
    assert result.exit_code == 0
    assert (
        "leaves out limits" in result.stderr and "taken from the built-in andorra" in result.stderr
    )
