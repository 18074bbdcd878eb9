"""What an engine fills into a marked sentence reads in the person's language (issue 16).

A note, an announcement or a refusal is a marked message (``N_``) whose fields are filled
by the engine. A field that is a word or a fragment of a sentence ("betting", "banco avec
la table", " (already 5.00 there)") must be marked itself (``W_``, or ``N_`` with its
own fields), a phase read through the one table of phases (``crupier.i18n.phases``), and
an amount a money field (``{amount:money}`` with a ``Money``), so that the whole sentence
reads in the person's language while the record keeps its English text.

The scan walks every engine module's syntax tree: each field of an ``N_`` call and each
note's text or announcement (and each local name it is read from, in the same function,
and each argument passed to a helper that fills its parameter into such a sentence) must
not be a string literal with words, an f-string with words, a condition or a join
choosing between such texts, or an amount formatted as text; ids, codes, numbers, marked
fragments and values looked up are what remains. There is no list of exceptions.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_marked import ROOT, _name

ENGINE_MODULES = sorted(
    str(p.relative_to(ROOT))
    for p in [
        *(ROOT / "games").rglob("*.py"),
        ROOT / "core" / "layout.py",
        ROOT / "core" / "round.py",
    ]
)
"""The engines: every game's modules and the shared layout and round engines."""
MARKED = {"N_", "W_", "phase_word", "Money"}
"""Calls whose value is a marked fragment, a phase from the table, or a money field."""
AS_TEXT = {"format_amount", "_fmt"}
"""Amounts written as English text: a money field (``Money``) is what a sentence takes."""
LETTER = re.compile(r"[^\W\d_]")
EVENT_TEXTS = {
    "Note": ("text",),
    "ResultEvent": ("announcement",),
    "DealSettled": ("pots", "won"),
}
"""The events' texts a person reads: checked like a field (a note is often built first);
circle poker's settled deal lists its pots and what each player collected."""
KEY = re.compile(r"[a-z0-9_]*\.[a-z0-9_.]*")
"""A rules file's dotted key or its prefix (``maxima.simple``, ``payouts.``): a code."""


def _literal_words(text: str) -> bool:
    """Whether ``text`` has words: not a number, punctuation or a code (``box-1``,
    ``{kind}-odds``: no space, joined by hyphens; a rules key ``payouts.{name}``)."""
    if "-" in text and not any(c.isspace() for c in text):
        return False
    if KEY.fullmatch(text):
        return False
    return bool(LETTER.search(text))


def _carriers(paths: list[Path]) -> dict[str, list[tuple[int, str]]]:
    """The functions that fill a parameter straight into a marked sentence (an ``N_``
    field, a note's text), by name: the parameter's position (``self`` not counted) and
    name, so that a call passing a text there is checked like the field itself."""
    out: dict[str, list[tuple[int, str]]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
            filled: set[str] = set()
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and (
                    _name(sub.func) == "N_" or _name(sub.func) in EVENT_TEXTS
                ):
                    filled |= {k.value.id for k in sub.keywords if isinstance(k.value, ast.Name)}
            carried = [(i, name) for i, name in enumerate(params) if name in filled]
            if carried:
                out.setdefault(node.name, []).extend(carried)
    return out


class _Fields(ast.NodeVisitor):
    """Walks one module, function by function, and checks the fields of each ``N_``."""

    def __init__(
        self, path: Path, root: Path, carriers: dict[str, list[tuple[int, str]]] | None = None
    ) -> None:
        self.path, self.root = path, root
        self.carriers = carriers or {}
        self.scopes: list[dict[str, list[ast.expr]]] = [{}]
        self.found: list[str] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        names: dict[str, list[ast.expr]] = {}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign):
                for target in sub.targets:
                    if isinstance(target, ast.Name):
                        names.setdefault(target.id, []).append(sub.value)
            elif isinstance(sub, ast.AnnAssign) and sub.value is not None:
                if isinstance(sub.target, ast.Name):
                    names.setdefault(sub.target.id, []).append(sub.value)
            elif isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
                names.setdefault(sub.target.id, []).append(sub.value)
        self.scopes.append(names)
        self.generic_visit(node)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Call(self, node: ast.Call) -> None:
        for position, param in self.carriers.get(_name(node.func), []):
            passed = [k.value for k in node.keywords if k.arg == param]
            if position < len(node.args):
                passed.append(node.args[position])
            for value in passed:
                if (
                    isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and not any(c.isspace() for c in value.value)
                ):
                    continue  # a command's or a role's code passed on ("deal", "banker")
                where = f"{self.path.relative_to(self.root)}:{value.lineno}"
                for why in self._check(value, set()):
                    self.found.append(f"{where}: {_name(node.func)}({param}={why})")
        if _name(node.func) in EVENT_TEXTS:  # a note built in a local name, then recorded
            for keyword in node.keywords:
                if keyword.arg in EVENT_TEXTS[_name(node.func)]:
                    where = f"{self.path.relative_to(self.root)}:{keyword.value.lineno}"
                    for why in self._check(keyword.value, set()):
                        self.found.append(f"{where}: {keyword.arg}={why}")
        if _name(node.func) == "N_":
            for keyword in node.keywords:
                where = f"{self.path.relative_to(self.root)}:{keyword.value.lineno}"
                if keyword.arg == "phase" and not (
                    isinstance(keyword.value, ast.Call)
                    and _name(keyword.value.func) == "phase_word"
                ):
                    self.found.append(f"{where}: phase={ast.unparse(keyword.value)} (phase_word)")
                for why in self._check(keyword.value, set()):
                    self.found.append(f"{where}: {keyword.arg}={why}")
        self.generic_visit(node)

    def _check(self, expr: ast.expr, seen: set[str]) -> list[str]:
        """Why ``expr``, as a field, is an unmarked English text (empty: it is not)."""
        if isinstance(expr, ast.Constant):
            return (
                [repr(expr.value)]
                if isinstance(expr.value, str) and _literal_words(expr.value)
                else []
            )
        if isinstance(expr, ast.JoinedStr):
            out = [repr(ast.unparse(expr))] if any(
                isinstance(v, ast.Constant) and _literal_words(str(v.value)) for v in expr.values
            ) else []  # fmt: skip
            for v in expr.values:
                if isinstance(v, ast.FormattedValue):
                    out += self._check(v.value, seen)
            return out
        if isinstance(expr, ast.IfExp):
            return self._check(expr.body, seen) + self._check(expr.orelse, seen)
        if isinstance(expr, ast.BoolOp):
            return [w for v in expr.values for w in self._check(v, seen)]
        if isinstance(expr, ast.BinOp):
            if isinstance(expr.op, ast.Sub):  # a set of keys less some: the keys are kept
                return self._check(expr.left, seen)
            return self._check(expr.left, seen) + self._check(expr.right, seen)
        if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
            return [w for v in expr.elts for w in self._check(v, seen)]
        if isinstance(expr, (ast.GeneratorExp, ast.ListComp)):
            return self._check(expr.elt, seen)
        if isinstance(expr, ast.Name):
            if expr.id in seen:
                return []
            values = next((s[expr.id] for s in reversed(self.scopes) if expr.id in s), [])
            return [w for v in values for w in self._check(v, seen | {expr.id})]
        if isinstance(expr, ast.Call):
            name = _name(expr.func)
            if name in MARKED:
                return []
            if name in AS_TEXT:
                return [f"{ast.unparse(expr)} (an amount as text: a {{name:money}} field)"]
            if name == "join" and isinstance(expr.func, ast.Attribute):
                marked = [
                    f"{ast.unparse(expr)} (a join of marked fragments is plain text: joined())"
                    for a in expr.args
                    for sub in ast.walk(a)
                    if isinstance(sub, ast.Call) and _name(sub.func) in MARKED - {"Money"}
                ]
                return (
                    marked[:1]
                    + self._check(expr.func.value, seen)
                    + [w for a in expr.args for w in self._check(a, seen)]
                )
            if name in (
                "str",
                "repr",
                "sorted",
                "list",
                "tuple",
                "either",
                "both",
                "joined",
                "box_word",
                "box_hand",
            ):
                return [w for a in expr.args for w in self._check(a, seen)]
        return []


CARRIERS = _carriers([ROOT / m for m in ENGINE_MODULES])


def _findings(path: Path, root: Path = ROOT) -> list[str]:
    scan = _Fields(path, root, CARRIERS if root == ROOT else _carriers([path]))
    scan.visit(ast.parse(path.read_text("utf-8")))
    return scan.found


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_every_field_of_an_engine_sentence_is_marked(module: str) -> None:
    findings = _findings(ROOT / module)
    assert not findings, "unmarked fields of marked messages:\n" + "\n".join(findings)


def test_the_scan_finds_an_unmarked_field(tmp_path: Path) -> None:
    """The scan itself: a word, an f-string fragment, a choice or a join of words, an
    amount written as text, a phase not read through the table, marked fragments joined
    into plain text, a note's text built in English before it is recorded and a sentence
    passed to a helper that fills it into a marked message are found; a marked fragment, a money field, an id or a code, a number,
    a value looked up, fragments kept by ``joined()`` and a command's code passed on are
    not."""
    source = tmp_path / "engine.py"
    source.write_text(
        "def f(state, player, amount, kind, spots):\n"
        '    N_("may not {what}", what="bet")\n'
        '    held = f" (already {amount} there)"\n'
        '    N_("{player} bets{held}", player=player, held=held)\n'
        '    word = "banco" if kind else "banco avec la table"\n'
        '    N_("{player}: {word}", player=player, word=word)\n'
        '    N_("bets on {spots}", spots=" or ".join(spots))\n'
        '    N_("{player} buys in for {amount}", player=player, amount=format_amount(amount))\n'
        '    N_("the table is in {phase}", phase=state.phase)\n'
        '    N_("{player}: {word}", player=player, word=W_("banco"))\n'
        '    N_("{player} buys in for {amount:money}", player=player, amount=Money(amount))\n'
        '    N_("{player} is at seat {seat}", player=player, seat=3)\n'
        '    N_("{value} is dealt", value=", ".join(spots))\n'
        '    N_("{sign}{total:money}", sign="+" if amount > 0 else "", total=Money(amount))\n'
        '    N_("the table is in {phase}", phase=phase_word(state.phase))\n'
        '    N_("{text}", text=state.names[player])\n'
        '    N_("{spot}: take down {odds} first", spot=spot, odds=f"{kind}-odds-{point}")\n'
        '    N_("{words}", words="; ".join(N_("box {seat}", seat=s) for s in spots))\n'
        '    N_("{words}", words=joined((N_("box {seat}", seat=s) for s in spots), "; "))\n'
        '    text = f"box {player} keeps the card"\n'
        "    yield Note(text=text)\n"
        "def g(self, why):\n"
        '    return N_("stakes returned: {why}", why=why)\n'
        "def h(self):\n"
        '    self.g("the banker leaves")\n'
        '    self.g("deal")\n'
        '    self.g(W_("the banker leaves"))\n'
    )
    found = _findings(source, tmp_path)
    assert sorted({int(f.split(":")[1]) for f in found}) == [2, 4, 6, 7, 8, 9, 18, 21, 25]
