"""Texts an engine builds in one function and uses in another read in the person's
language too (issue 16): a rules file's validation errors and a helper's returned reason.

Two scans, over the same syntax trees as :mod:`test_engine_fields`:

- every ``raise`` in a rules profile module (``games/*/profile.py``, ``core/profile.py``)
  whose message is a string or f-string with words (or a local name built from one) is
  unmarked: ``crupier par GAME --rules bad.toml`` shows it to a person
  (``validate_profile`` keeps a validator's marked message);
- a function whose result fills a field of a marked sentence (``reason=why(...)``, or a
  local name assigned from that call) is followed: each of its ``return`` values must be
  marked like a field (monte's layout refusals, returned by ``layout_refusal``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_engine_fields import ENGINE_MODULES, _Fields
from test_marked import ROOT, _name

PROFILE_MODULES = sorted(
    str(p.relative_to(ROOT))
    for p in [*(ROOT / "games").glob("*/profile.py"), ROOT / "core" / "profile.py"]
)
"""The rules profiles: each game's schema and validators, and the shared loader."""


def _scopes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[ast.expr]]:
    """The values assigned to each local name of ``func``."""
    names: dict[str, list[ast.expr]] = {}
    for sub in ast.walk(func):
        if isinstance(sub, ast.Assign):
            for target in sub.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, []).append(sub.value)
        elif (
            isinstance(sub, ast.AnnAssign)
            and sub.value is not None
            and isinstance(sub.target, ast.Name)
        ):
            names.setdefault(sub.target.id, []).append(sub.value)
    return names


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _called(expr: ast.expr, names: dict[str, list[ast.expr]], seen: set[str]) -> set[str]:
    """The functions whose result ``expr`` is (directly or through local names)."""
    if isinstance(expr, ast.Call):
        return {_name(expr.func)} - {""}
    if isinstance(expr, ast.Name) and expr.id not in seen:
        return {f for v in names.get(expr.id, []) for f in _called(v, names, seen | {expr.id})}
    if isinstance(expr, ast.IfExp):
        return _called(expr.body, names, seen) | _called(expr.orelse, names, seen)
    return set()


def _sources(paths: list[Path]) -> set[str]:
    """The functions whose result fills a field of an ``N_`` sentence, by name."""
    out: set[str] = set()
    for path in paths:
        for func in _functions(ast.parse(path.read_text("utf-8"))):
            names = _scopes(func)
            for sub in ast.walk(func):
                if isinstance(sub, ast.Call) and _name(sub.func) == "N_":
                    for keyword in sub.keywords:
                        out |= _called(keyword.value, names, set())
    return out


def _code(expr: ast.expr) -> bool:
    """Whether ``expr`` is a literal code: a string with no space (``bank``, ``carte``)."""
    return (
        isinstance(expr, ast.Constant)
        and isinstance(expr.value, str)
        and not any(c.isspace() for c in expr.value)
    )


def _check(scan: _Fields, expr: ast.expr) -> list[str]:
    """Why a returned ``expr`` is an unmarked text; a code returned ("bank", or "carte" if
    ... else "non") is kept, as a command's code passed on is."""
    if isinstance(expr, ast.IfExp):
        return _check(scan, expr.body) + _check(scan, expr.orelse)
    return [] if _code(expr) else scan._check(expr, set())


def _returned(path: Path, root: Path, sources: set[str]) -> list[str]:
    """The unmarked texts returned by the functions of ``path`` named in ``sources``."""
    scan = _Fields(path, root, {})
    found: list[str] = []
    for func in _functions(ast.parse(path.read_text("utf-8"))):
        if func.name not in sources:
            continue
        scan.scopes = [_scopes(func)]
        for sub in ast.walk(func):
            if isinstance(sub, ast.Return) and sub.value is not None:
                where = f"{path.relative_to(root)}:{sub.lineno}"
                found += [f"{where}: {func.name} returns {why}" for why in _check(scan, sub.value)]
    return found


def _raised(path: Path, root: Path) -> list[str]:
    """The unmarked messages raised in ``path`` (a profile module)."""
    scan = _Fields(path, root, {})
    found: list[str] = []
    for func in _functions(ast.parse(path.read_text("utf-8"))):
        scan.scopes = [_scopes(func)]
        for sub in ast.walk(func):
            if isinstance(sub, ast.Raise) and isinstance(sub.exc, ast.Call) and sub.exc.args:
                where = f"{path.relative_to(root)}:{sub.lineno}"
                message = sub.exc.args[0]
                found += [f"{where}: raises {why}" for why in scan._check(message, set())]
    return found


SOURCES = _sources([ROOT / m for m in ENGINE_MODULES])


@pytest.mark.parametrize("module", PROFILE_MODULES)
def test_every_profile_error_is_marked(module: str) -> None:
    found = _raised(ROOT / module, ROOT)
    assert not found, "unmarked validation errors:\n" + "\n".join(found)


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_every_returned_text_of_a_sentence_is_marked(module: str) -> None:
    found = _returned(ROOT / module, ROOT, SOURCES)
    assert not found, "unmarked texts returned into marked sentences:\n" + "\n".join(found)


def test_the_scans_find_an_unmarked_error_and_a_returned_text(tmp_path: Path) -> None:
    """The scans themselves: a validator's literal and f-string errors (and one built in a
    local name) and a helper's returned English reason are found; marked ones are not."""
    source = tmp_path / "profile.py"
    source.write_text(
        "def check(self, key):\n"
        '    raise ValueError("shoe.decks: must be 1 to 8")\n'
        '    raise ValueError(f"maxima.{key}: under the table minimum")\n'
        '    msg = "rules.boxes: at most 7 boxes"\n'
        "    raise ValueError(msg)\n"
        '    raise ValueError(N_("shoe.decks: must be 1 to 8"))\n'
        '    raise ValueError(N_("maxima.{key}: under the minimum", key=key))\n'
        "def why(spot):\n"
        "    if spot:\n"
        '        return "the pot is closed"\n'
        '    return f"{spot} pays nothing on this layout"\n'
        "def code(spot):\n"
        '    return "bank" if spot else "the bank is closed"\n'
        "def why_marked(spot):\n"
        '    return N_("{kind} pays nothing", kind=spot)\n'
        "def refuse(spot):\n"
        "    reason = why(spot)\n"
        '    N_("{spot}: {reason}", spot=spot, reason=reason)\n'
        '    N_("{spot}: {reason}", spot=spot, reason=why_marked(spot))\n'
        '    N_("{spot}: {hand}", spot=spot, hand=code(spot))\n'
    )
    sources = _sources([source])
    assert {"why", "why_marked", "code"} <= sources
    raised = sorted({int(f.split(":")[1]) for f in _raised(source, tmp_path)})
    assert raised == [2, 3, 5]
    returned = sorted({int(f.split(":")[1]) for f in _returned(source, tmp_path, sources)})
    assert returned == [10, 11, 13]
