"""The command line in each language: ``--lang``, the environment's locale, and for the books
the casino's configured language, in that order; an unknown language is refused."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from crupier.casino.base import CasinoConfig, Keyring
from crupier.casino.casino import open_casino
from crupier.casino.clock import ManualClock
from crupier.cli import app
from crupier.ledger import SigningKey

runner = CliRunner()
QUIET = {"CRUPIER_LANG": None, "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
"""The other locale variables unset, so that each test's ``LANG`` is the one that counts."""


def env(lang: str) -> dict[str, str | None]:
    return {**QUIET, "LANG": lang}


def test_games_and_par_sheet_in_each_language() -> None:
    ca = runner.invoke(app, ["--lang", "ca", "games"], env=env("C.UTF-8"))
    assert ca.exit_code == 0 and "Ruleta francesa" in ca.output and "Perfils" in ca.output
    fr = runner.invoke(app, ["--lang", "fr", "par", "sic-bo"], env=env("C.UTF-8"))
    assert fr.exit_code == 0 and "Fiche PAR" in fr.output
    assert "2,7778" in fr.output and "2.7778" not in fr.output  # CLDR's decimal comma
    en = runner.invoke(app, ["par", "sic-bo"], env=env("C.UTF-8"))
    # a command without --lang in the same process speaks the environment's language again
    assert "PAR sheet" in en.output and "2.7778%" in en.output
    # how each figure was found, in the reader's words (Sic Bo's figures are exact)
    wide = {**env("C.UTF-8"), "COLUMNS": "200"}
    es = runner.invoke(app, ["--lang", "es", "par", "sic-bo"], env=wide)
    assert es.exit_code == 0 and "│ exacto" in es.output and "exacto" not in en.output


def test_the_environment_locale_and_the_lang_option() -> None:
    es = runner.invoke(app, ["games"], env=env("es_ES.UTF-8"))
    assert "Perfiles" in es.output and "Profiles" not in es.output
    over = runner.invoke(app, ["--lang", "en", "games"], env=env("es_ES.UTF-8"))
    assert "Profiles" in over.output and "Perfiles" not in over.output
    refused = runner.invoke(app, ["--lang", "de", "games"])
    assert refused.exit_code == 2 and "--lang" in refused.output


def test_books_in_the_casinos_language_unless_asked_otherwise(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'books.db'}"
    casino = open_casino(url, SigningKey.generate(), clock=ManualClock("2026-03-01 12:00"),
                         keyring=Keyring(), config=CasinoConfig(language="ca"))  # fmt: skip
    casino.add_room("MAIN", "Main gaming room")
    casino.ledger.close()
    catalan = runner.invoke(app, ["books", "CAS", "--db", url], env=env("C.UTF-8"))
    assert catalan.output.splitlines()[0].startswith("Núm.,seq. del registre,assentament")
    spanish = runner.invoke(app, ["books", "CAS", "--db", url], env=env("es_ES.UTF-8"))
    assert spanish.output.splitlines()[0].startswith("Núm.,sec. del registro,asiento")
    english = runner.invoke(app, ["--lang", "en", "books", "CAS", "--db", url], env=env("C.UTF-8"))
    assert english.output.splitlines()[0].startswith("number,seq,type,local_time")
