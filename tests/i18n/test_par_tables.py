"""The PAR sheets' extra tables and the PAR reports read in Catalan, Spanish and French
(issue 16): every title, column and row label a person reads is a marked message, and
shown in another language it is no longer the English text; the figures are written in the
language's format (``0,463023``), while the JSON keeps the plain numbers.

Each game's tables are computed once (:func:`_tables`) and rendered in every language.
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import crupier
from crupier.analysis.par import par_outcomes
from crupier.games import load_profile
from crupier.games.catalogue import GAMES
from crupier.i18n import using
from crupier.i18n.bets import NAMES
from crupier.i18n.tables import shown_table

ROOT = Path(crupier.__file__).parent
LANGS = ("ca", "es", "fr")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
SLOW = {"blackjack", "caribbean-stud", "trijoker", "pai-gow-poker", "four-card-poker",
        "casino-holdem", "holdem-bonus"}  # fmt: skip
"""Games whose tables take seconds to compute (exact enumerations, Monte Carlo)."""


@cache
def _tables(game: str) -> list[dict[str, Any]]:
    return par_outcomes(game, load_profile(game))


# -- the scan: texts of the tables without a mark --------------------------------------------

PAR_MODULES = sorted(
    [
        *(str(p.relative_to(ROOT)) for p in ROOT.glob("games/*/par.py")),
        "analysis/holdem_kernel.py",
        "games/circle_poker/takes.py",
    ]
)
TABLE_FUNCTIONS = {"par_outcomes", "outcome_table", "take_table", "main_game", "strategy"}
"""The functions that build a game's extra tables (and the rule a title names)."""
MARKS = {"N_", "W_", "_", "gettext", "Message", "hand_name"}
TABLE_KEYS = {"title", "columns"}


def _texts(node: ast.AST, whole: bool) -> list[tuple[int, str]]:
    """Literal texts under ``node`` that no mark wraps: phrases (words and a space), and
    with ``whole`` single words too (a title or a column)."""
    if isinstance(node, ast.Call):
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in MARKS:
            return []
    if isinstance(node, (ast.Compare, ast.Subscript)):
        return []  # compared with, looked up: not shown
    if isinstance(node, ast.Dict):
        found: list[tuple[int, str]] = []
        for key, value in zip(node.keys, node.values, strict=True):
            shown = isinstance(key, ast.Constant) and key.value in TABLE_KEYS
            found += _texts(value, whole or shown)
        return found
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = re.sub(r"\{[^{}]*\}", "", node.value)
        if WORD.search(text) and (whole or " " in text.strip()):
            return [(node.lineno, node.value)]
        return []
    out: list[tuple[int, str]] = []
    for child in ast.iter_child_nodes(node):
        out += _texts(child, whole)
    return out


def _unmarked(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in TABLE_FUNCTIONS:
            body = node.body[1:] if ast.get_docstring(node) else node.body
            for stmt in body:
                found += [f"{path.name}:{line}: {text!r}" for line, text in _texts(stmt, False)]
    return found


@pytest.mark.parametrize("module", PAR_MODULES)
def test_every_text_of_the_extra_tables_is_marked(module: str) -> None:
    found = _unmarked(ROOT / module)
    assert not found, "unmarked texts in a PAR table:\n" + "\n".join(found)


def test_the_scan_finds_an_unmarked_table_text(tmp_path: Path) -> None:
    source = tmp_path / "par.py"
    source.write_text(
        "def par_outcomes(profile):\n"
        '    """Doc string, not shown."""\n'
        '    rows = [["tie at 31", "0.1"], [f"tie at {n}", "0.2"], [N_("any tie"), "0.3"]]\n'
        '    if kind == "two words":\n'
        "        pass\n"
        '    return [{"title": "Outcomes", "columns": [N_("Outcome"), "Probability"],\n'
        '             "rows": rows}]\n'
    )
    found = _unmarked(source)
    assert sorted(line.split(": ", 1)[1] for line in found) == [
        "'Outcomes'", "'Probability'", "'tie at '", "'tie at 31'"
    ]  # fmt: skip


# -- the tables rendered in each language ----------------------------------------------------

_REGULATION_NAMES = frozenset().union(*NAMES.values())
_SPOT = re.compile(r"\([^\s()]*\)")  # a spot's or a layout's code in brackets: "(vis-3)"


def _words(text: str) -> list[str]:
    """The words of an English text a translation must change: not a regulation's name of a
    bet (``rouge``, ``vista-hermosa``), not a code in brackets."""
    for name in sorted(_REGULATION_NAMES, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", "", text)
    return WORD.findall(_SPOT.sub("", text))


def _labels(table: dict[str, Any]) -> list[str]:
    return [table["title"], *table["columns"], *(c for row in table["rows"] for c in row)]


COGNATES: dict[str, frozenset[str]] = {
    "ca": frozenset({"Decimal"}),
    "es": frozenset({"Decimal"}),
    "fr": frozenset({"Exact", "exact", "Point", "EV"}),  # EV: the trade's abbreviation
}
"""Words a language writes as English does (the translation is the same word)."""
ENGLISH_DECIMAL = re.compile(r"(?<![\w.,])(?:0\.\d+|\d+\.(?:\d{1,2}|\d{4,}))(?![\w.,])")
"""A figure written the English way (``0.4630``, ``2.70``), not a thousands group (``22.100``)."""


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in sorted(GAMES)]
)
def test_the_extra_tables_read_in_each_language(game: str) -> None:
    for table in _tables(game):
        english = _labels(shown_table(game, table, "en"))
        assert english == _labels(table)  # English readers see the tables as they are built
        for lang in LANGS:
            shown = _labels(shown_table(game, table, lang))
            left = [en for en, tr in zip(english, shown, strict=True)
                    if _words(en) and en == tr and en not in COGNATES[lang]]  # fmt: skip
            assert not left, f"{game} in {lang}: left in English: {left}"
            decimals = [tr for tr in shown if ENGLISH_DECIMAL.search(tr)]
            assert not decimals, f"{game} in {lang}: figures in the English format: {decimals}"


def test_figures_take_the_languages_format() -> None:
    table = _tables("trente-et-quarante")[0]
    en = shown_table("trente-et-quarante", table, "en")["rows"][0][1]
    assert re.fullmatch(r"\d+\.\d{6} %", en)  # the sheet's own: a percentage, six decimals
    for lang in LANGS:
        shown = shown_table("trente-et-quarante", table, lang)["rows"][0][1]
        assert shown.replace("\u202f", "").replace("\xa0", " ") == en.replace(".", ","), lang


def test_the_command_prints_the_tables_in_the_language_and_the_json_unchanged() -> None:
    from typer.testing import CliRunner

    from crupier.cli import app

    runner = CliRunner()
    with using("en"):  # the command sets its language: the tests after it speak English again
        ca = runner.invoke(app, ["--lang", "ca", "par", "trente-et-quarante"],
                           env={"COLUMNS": "250"})  # fmt: skip
        as_json = {
            lang: runner.invoke(app, ["--lang", lang, "par", "trente-et-quarante", "--json"])
            for lang in ("en", "ca")
        }
    assert ca.exit_code == 0, ca.output
    assert "empat a 31" in ca.output and "tie at 31" not in ca.output
    extra = ca.output[ca.output.index("empat a 31") :]
    assert re.search(r"\d,\d{6}", extra) and not ENGLISH_DECIMAL.search(extra)
    sheets = [json.loads(r.output) for r in as_json.values()]
    assert sheets[0] == sheets[1]  # the JSON is the same in every language
    assert sheets[1]["outcomes"][0]["rows"][5][0] == "tie at 31"
    assert re.fullmatch(r"\d+\.\d{6} %", sheets[1]["outcomes"][0]["rows"][0][1])


# -- the reports -----------------------------------------------------------------------------

REPORT_GAMES = ("sic-bo", "trente-et-quarante", "chemin-de-fer", "casino-war")
_SHOWN = re.compile(r"<(h1|h2|th|td)[^>]*>([^<]*)</\1>")


@cache
def _report(game: str) -> Any:
    from crupier.analysis.report import build_report

    return build_report(game, load_profile(game), simulate=0)


def _figures_part(page: str) -> str:
    """The report from its bets table to its payout charts: the tables of figures (not the
    heading's game, profile and hash, nor the rules' citations, the sources' own words)."""
    return page[page.index("<h2>") : page.rindex("<h2>")]


@pytest.mark.parametrize("game", REPORT_GAMES)
def test_the_report_reads_in_each_language(game: str) -> None:
    from crupier.analysis.report import render_html

    english = _SHOWN.findall(_figures_part(render_html(_report(game), "en")))
    for lang in LANGS:
        page = render_html(_report(game), lang)
        assert f"<html lang='{lang}'>" in page
        shown = _SHOWN.findall(_figures_part(page))
        assert [tag for tag, _ in shown] == [tag for tag, _ in english]
        left = [en for (_, en), (_, tr) in zip(english, shown, strict=True)
                if _words(en) and en == tr and en not in COGNATES[lang]]  # fmt: skip
        assert not left, f"{game} report in {lang}: left in English: {left}"
        decimals = [tr for _, tr in shown if ENGLISH_DECIMAL.search(tr)]
        assert not decimals, f"{game} report in {lang}: figures in the English format: {decimals}"


def test_the_pdf_report_is_written_in_the_language(tmp_path: Path) -> None:
    from crupier.analysis.report import render_pdf

    pdf = render_pdf(_report("casino-war"), tmp_path, "fr")
    assert pdf.startswith(b"%PDF") and b"/Lang (fr)" in pdf


def test_the_poker_rooms_take_figures_are_in_the_languages_format() -> None:
    from crupier.analysis.report import build_report, render_html

    report = build_report("five-card-draw", load_profile("five-card-draw"), simulate=40)
    assert report.takes is not None
    for lang in LANGS:
        cells = re.findall(r'<td class="n">([^<]*)</td>', render_html(report, lang))
        assert cells and not [c for c in cells if ENGLISH_DECIMAL.search(c)], (lang, cells)
        assert any(re.search(r"\d,\d", c) for c in cells), (lang, cells)


def test_the_report_command_writes_in_the_chosen_language(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from crupier.cli import app

    with using("en"):
        result = CliRunner().invoke(
            app, ["--lang", "fr", "report", "sic-bo", "--out", str(tmp_path), "--simulate", "0"]
        )
    assert result.exit_code == 0, result.output
    page = (tmp_path / "sic-bo.html").read_text("utf-8")
    assert "<html lang='fr'>" in page and "<h2>Mises</h2>" in page
    assert json.loads((tmp_path / "sic-bo.json").read_text("utf-8"))["bets"][0]["id"] == "small"
