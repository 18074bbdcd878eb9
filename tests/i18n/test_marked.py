"""Every text a person reads in the command line, the terminal tables, the printed books
and the server's refusals is marked for translation.

The scan walks the modules' syntax trees: a string with words in it that reaches a place
a person reads (``typer.echo``, a console's ``print``, ``self.say``, a table's title or
column, a PDF text, an option's ``help``, an ``ApiError``'s message) must come through a
mark (``_``, ``_h``, ``N_``, ``gettext``, ``ngettext``). Rich markup (``[red]``), names
and codes are not words a translator changes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import crupier

ROOT = Path(crupier.__file__).parent
MODULES = [
    "cli.py", "play.py", "casino/books.py", "server/app.py", "server/errors.py",
    "server/language.py", "server/routes_tables.py", "server/routes_ops.py",
    *(str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("games/*/terminal.py"))),
    *(str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("server/*.py"))
      if p.name != "auth.py"),  # auth.py: SQL tables' column names
    "analysis/report.py", "analysis/convergence.py",  # the PAR reports (HTML, PDF, charts)
]  # fmt: skip
MARKS = {"_", "_h", "N_", "gettext", "ngettext"}
SINKS = {"echo", "say", "print", "_fail", "add_column", "add_row", "text", "prompt", "cell",
         "Table"}  # fmt: skip
# the reports' own: a page's parts, a table's rows and columns, a PDF's lines, a chart's words
REPORT_SINKS = {"multi_cell", "append", "_table", "_pdf_table", "set_xlabel", "set_ylabel",
                "set_title"}  # fmt: skip
# an HTML page's tags and attributes, whole or cut by an f-string's fields, are not words
TAGS = re.compile(r"<[^<>]*>|^[^<>]*>|<[^<>]*$|\b[\w-]+=['\"]")
MARKUP = re.compile(r"\[/?[a-z ]+\]")
NOT_WORDS = {"crupier", "SHA"}
CUTS = {"removeprefix", "removesuffix", "strip", "lstrip", "rstrip", "split", "partition"}
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


PLACEHOLDER = re.compile(r"\{\w*\}")


def _words(text: str) -> list[str]:
    """The words of ``text`` a translator would change: not markup, placeholders, commands
    (``crupier ...``, ``--option``) or three-letter codes (JNL, EQR)."""
    if text.startswith(("crupier ", " --")):
        return []
    words = WORD.findall(PLACEHOLDER.sub("", MARKUP.sub("", TAGS.sub("", text))))
    return [w for w in words if w not in NOT_WORDS and not (w.isupper() and len(w) <= 3)]


def _unmarked(node: ast.AST) -> list[str]:
    """The literal texts with words under ``node`` that no mark wraps."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKS:
        return []
    if isinstance(node, ast.Call) and _name(node.func) in ("get", "dumps"):
        return []  # a key looked up, a JSON document's field names
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        # "...".format(...) / "sep".join(...): the receiver is what is read
        found = _unmarked(node.func.value)
        if node.func.attr in CUTS:
            return found  # text.removeprefix("x: "): what is cut off is not read
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            found += _unmarked(arg)
        return found
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _words(node.value) else []
    if isinstance(node, ast.Subscript):
        return []  # a value looked up (a field of a view), not a text
    if isinstance(node, ast.Compare):
        return []  # a value compared with, not shown
    if isinstance(node, ast.Dict):
        return [t for v in node.values for t in _unmarked(v)]
    found: list[str] = []
    for child in ast.iter_child_nodes(node):
        found += _unmarked(child)
    return found


def _findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        read: list[ast.expr] = []
        if name in SINKS or (name in REPORT_SINKS and path.parent.name == "analysis"):
            read += [
                a
                for a in node.args
                if not (
                    name == "cell" and isinstance(a, ast.Constant) and not isinstance(a.value, str)
                )
            ]
            read += [k.value for k in node.keywords if k.arg in ("title",)]
        if path.parent.name == "analysis":  # a chart's legend
            read += [k.value for k in node.keywords if k.arg == "label"]
        if name == "ApiError" and len(node.args) >= 3:
            read.append(node.args[2])
        read += [k.value for k in node.keywords if k.arg == "help"]
        for expr in read:
            out += [f"{path.relative_to(ROOT)}:{node.lineno}: {t!r}" for t in _unmarked(expr)]
    return out


@pytest.mark.parametrize("module", MODULES)
def test_every_text_a_person_reads_is_marked(module: str) -> None:
    findings = _findings(ROOT / module)
    assert not findings, "unmarked texts:\n" + "\n".join(findings)


def test_the_scan_finds_an_unmarked_text(tmp_path: Path) -> None:
    """The scan itself: an English f-string on the console is found, a marked one is not."""
    source = tmp_path / "m.py"
    source.write_text(
        "def f(self, n):\n"
        '    self.say(f"Balance: {n}")\n'
        '    self.say(_("Balance: {n}").format(n=n))\n'
        '    typer.echo("[red]" + _("error") + "[/red]")\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = _findings(source)
    finally:
        ROOT = saved
    assert len(found) == 1 and "m.py:2" in found[0]


# -- refusals: the engines' and the casino's own messages ------------------------------------

REFUSAL_ROOTS = {"RuleError", "OpsError"}
"""The refusals whose message a person reads (the server's error body, a WebSocket error frame,
the terminal's "refused" line): their codes stay, their messages are marked."""


def _refusal_classes() -> set[str]:
    """Every class that is a :class:`RuleError` or an :class:`OpsError` by inheritance, found by
    reading the package's class definitions (a game's own ``IllegalWager`` too)."""
    bases: set[tuple[str, str]] = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases |= {(node.name, _name(b)) for b in node.bases}
    found = set(REFUSAL_ROOTS)
    while grown := {c for c, b in bases if b in found} - found:
        found |= grown
    return found


REFUSALS = _refusal_classes()
REFUSAL_MODULES = sorted(
    str(p.relative_to(ROOT))
    for folder in ("core", "games", "casino", "server")
    for p in (ROOT / folder).rglob("*.py")
)


def _refusal_findings(path: Path, classes: set[str], root: Path = ROOT) -> list[str]:
    """The raise-sites of a refusal in ``path`` whose message has an unmarked literal text
    (an OpsError's message is its second argument, after the code)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not (isinstance(node, ast.Call) and _name(node.func) in classes):
            continue
        first = 1 if _name(node.func).startswith("Ops") else 0
        message = [k.value for k in node.keywords if k.arg == "message"]
        message += node.args[first : first + 1]
        for expr in message:
            out += [f"{path.relative_to(root)}:{node.lineno}: {t!r}" for t in _unmarked(expr)]
    return out


def test_refusals_are_found() -> None:
    """The engines' own errors (a game's ``IllegalWager``) are refusals too."""
    assert {"RuleError", "OpsError", "IllegalAction", "UnknownSpot", "WrongPhase"} <= REFUSALS
    assert len(REFUSALS) > 20


@pytest.mark.parametrize("module", REFUSAL_MODULES)
def test_every_refusal_message_is_marked(module: str) -> None:
    findings = _refusal_findings(ROOT / module, REFUSALS)
    assert not findings, "unmarked refusals:\n" + "\n".join(findings)


def test_the_scan_finds_an_unmarked_refusal(tmp_path: Path) -> None:
    """The refusal scan itself: a literal or f-string message is found (after an OpsError's
    code too), a message through ``N_`` or ``_`` is not, nor a message passed on."""
    source = tmp_path / "engine.py"
    source.write_text(
        "def f(seat, exc):\n"
        '    raise IllegalAction(f"seat {seat} has no bet")\n'
        '    raise OpsError(Code.DAY_NOT_OPEN, "no gaming day is open")\n'
        '    raise WrongPhase("betting is " + "closed")\n'
        '    raise IllegalAction(N_("seat {seat} has no bet", seat=seat))\n'
        '    raise OpsError(Code.DAY_NOT_OPEN, _("no gaming day is open"))\n'
        "    raise OpsError(Code.MALFORMED_REQUEST, str(exc))\n"
        '    raise OpsError(Code.MALFORMED_REQUEST, message="a reason is needed")\n'
    )
    found = _refusal_findings(source, {"IllegalAction", "OpsError", "WrongPhase"}, tmp_path)
    assert sorted({f.split(":")[1] for f in found}) == ["2", "3", "4", "8"]


def test_the_scan_finds_an_unmarked_report_text(tmp_path: Path) -> None:
    """The reports' scan: a heading, a column or a chart's word without a mark is found; the
    page's tags and attributes, and the marked texts, are not."""
    folder = tmp_path / "analysis"
    folder.mkdir()
    source = folder / "report.py"
    source.write_text(
        "def render(parts, ax, code, image):\n"
        '    parts.append("<h2>Bets</h2>")\n'
        "    parts.append(f\"<h2>{html.escape(_('Bets'))}</h2>\")\n"
        "    parts.append(f\"<!doctype html><html lang='{code}'><meta charset='utf-8'>\")\n"
        '    parts.append(f\'<p><img src="{image}" alt="{image}"></p>\')\n'
        '    ax.set_xlabel("net result per unit staked")\n'
        '    ax.set_ylabel(_("probability"))\n'
        '    _table(["Rule", "Value"], [])\n'
        '    ax.plot([], label="simulated edge")\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = _findings(source)
    finally:
        ROOT = saved
    assert sorted({f.split(":")[1] for f in found}) == ["2", "6", "8", "9"], found
