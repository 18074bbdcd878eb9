"""The last English an engine or a profile showed (issue 16): a bad rules file's error,
monte's layout refusals, circle poker's settled pots and the roles a refusal names read
in the person's language, while the record keeps its English text."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from crupier.cli import app
from crupier.core.errors import NotPermitted, ProfileError
from crupier.core.layout import NoMoreBets
from crupier.core.roles import Role, TableRole
from crupier.core.round import Record
from crupier.games.builtin import builtin_raw
from crupier.games.catalogue import game_module, load_profile, new_game
from crupier.games.circle_poker.actions import DealSettled, Fold, StartDeal
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import seated, stacked
from crupier.games.craps.profile import CrapsProfile
from crupier.games.monte import layout_from, load_builtin
from crupier.games.monte.bets import Stage, layout_refusal, spot_of
from crupier.i18n import gettext, localised, using
from crupier.i18n.formats import shown
from crupier.i18n.roles import ROLES

CRAPS = Path(__file__).parents[2] / "src/crupier/games/craps/profiles/andorra.toml"


def _bad_craps(tmp_path: Path) -> Path:
    """The built-in craps rules with a simple-bet maximum of 10.00 on a 5.00 table: the
    regulation wants at least 20 times the minimum (004 06 IV)."""
    text = CRAPS.read_text("utf-8").replace(
        "simple = { value = 500000,", "simple = { value = 1000,"
    )
    assert "value = 1000," in text
    path = tmp_path / "bad.toml"
    path.write_text(text, "utf-8")
    return path


def test_a_bad_rules_file_is_refused_in_catalan(tmp_path: Path) -> None:
    bad = _bad_craps(tmp_path)
    with using("en"):  # the command sets its language: the tests after it speak English again
        ca = CliRunner().invoke(
            app, ["--lang", "ca", "par", "craps", "--rules", str(bad)], env={"COLUMNS": "300"}
        )
        en = CliRunner().invoke(
            app, ["--lang", "en", "par", "craps", "--rules", str(bad)], env={"COLUMNS": "300"}
        )
    assert ca.exit_code != 0 and en.exit_code != 0
    assert "maxima.simple: 10,00 € és menys de 20 vegades el mínim de la taula 5,00 €" in " ".join(
        ca.output.split()
    ).replace("\xa0", " ")
    assert "is less than" not in ca.output
    assert "maxima.simple: 10.00 is less than 20 times the table minimum 5.00" in " ".join(
        en.output.split()
    )


def test_a_validators_error_keeps_its_template(tmp_path: Path) -> None:
    """``validate_profile`` raises the validator's own marked message: the error reads in
    English and is translated where it is shown, in each language."""
    from crupier.core.profile import load_profile_file

    try:
        load_profile_file(CrapsProfile, _bad_craps(tmp_path))
    except ProfileError as exc:
        error = exc
    else:
        raise AssertionError("the bad rules file was accepted")
    assert str(error).startswith("maxima.simple: 10.00 is less than 20 times")
    assert localised(error, "es").startswith("maxima.simple: 10,00\xa0€ es menos de 20 veces")
    assert localised(error, "fr").startswith("maxima.simple : 10,00\xa0€ est moins de 20 fois")


def test_an_unknown_key_is_named_in_the_readers_words() -> None:
    raw = builtin_raw("craps")
    try:
        from crupier.core.profile import validate_profile

        validate_profile(CrapsProfile, {**raw, "colour": 1})
    except ProfileError as exc:
        error = exc
    else:
        raise AssertionError("an unknown key was accepted")
    assert str(error) == "colour: unknown key"
    assert localised(error, "ca") == "colour: clau desconeguda"


def test_monte_layout_refusals_read_in_each_language() -> None:
    prof = load_builtin()
    layout = layout_from(prof, "2O 5C 5E 3B 4C")
    dead = layout_refusal(prof, layout, spot_of("camo 2"), Stage.PRIMERES)
    assert dead == "5E is not in the pack any more (it is on the layout)"
    assert gettext(dead, "ca") == "5E ja no és a la baralla (és a la disposició)"
    assert gettext(dead, "es") == "5E ya no está en la baraja (está en la disposición)"
    assert gettext(dead, "fr") == "5E n'est plus dans le jeu (il est sur la disposition)"


def test_every_role_is_a_marked_word() -> None:
    assert set(ROLES) == set(TableRole)
    assert all(str(word) == role.value for role, word in ROLES.items())  # the record's code
    assert gettext(ROLES[TableRole.HEAD], "ca") == "cap de taula"
    assert gettext(ROLES[TableRole.CROUPIER], "es") == "crupier"


def test_a_refused_role_and_the_roles_allowed_read_in_catalan() -> None:
    game = new_game("sic-bo")
    try:
        game.apply(NoMoreBets(by=Role.PLAYER))
    except NotPermitted as exc:
        error = exc
    else:
        raise AssertionError("a player called no more bets")
    english = str(error)
    assert english.startswith("no-more-bets: a player may not do this (only: ")
    assert "croupier" in english  # the record keeps the roles' codes
    ca = localised(error, "ca")
    assert ca.startswith("no-more-bets: un jugador no pot fer això (només: ")
    assert "crupier" in ca and "croupier" not in ca and "player" not in ca


def _settled(records: list[Record]) -> DealSettled:
    return next(e for r in records for e in r.events if isinstance(e, DealSettled))


def test_circle_poker_settled_pots_show_money_in_the_readers_format() -> None:
    players = ("S1", "S2", "S3", "S4")
    engine = game_module("holdem").engine
    game: CirclePoker = seated(engine, load_profile("holdem"), dict.fromkeys(players, 100_000))  # type: ignore[arg-type]
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    records = [
        game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    ]
    while game.to_act() is not None:
        player = game.to_act()
        assert player is not None
        records.append(game.apply(Fold(player=player) if player != "S1" else game.auto_action()))  # type: ignore[arg-type]
    settled = _settled(records)
    pot = settled.pots[0]
    amount, winners = pot.split(": ")
    assert winners == "S1"
    cents = round(float(amount) * 100)
    assert gettext(pot, "ca") == f"{shown(cents, 'ca')}: S1"
    assert gettext(pot, "en") == pot
    won = settled.won[0]
    player, collected = won.split(" ")
    assert player == "S1"
    assert gettext(won, "fr") == f"S1 {shown(round(float(collected) * 100), 'fr')}"


def test_a_code_that_is_no_role_is_shown_as_sent() -> None:
    from crupier.i18n.roles import role_word

    assert role_word("x") == "x" and gettext(role_word("{x}"), "ca") == "{x}"
