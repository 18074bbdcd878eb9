"""The engines' event texts a person reads are marked for translation.

A note (``Note(text=...)``), a result's announcement (``ResultEvent(announcement=...)``)
and a game's ``play_help`` are shown at the terminal table, in the server's replies and
in the browser's event log: a literal or f-string text with words there must come through
``N_`` (with its figures as named fields), so it reads as English in the records and in
the person's language where it is shown.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_marked import ROOT, _name, _unmarked

EVENT_TEXTS = {"Note": "text", "ResultEvent": "announcement"}
"""The events whose field a person reads, by class."""

MODULES = sorted(
    str(p.relative_to(ROOT)) for folder in ("core", "games") for p in (ROOT / folder).rglob("*.py")
)


def _event_findings(path: Path, root: Path = ROOT) -> list[str]:
    """The event texts and ``play_help`` texts in ``path`` with an unmarked literal."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        read: list[ast.expr] = []
        if isinstance(node, ast.Call) and _name(node.func) in EVENT_TEXTS:
            field = EVENT_TEXTS[_name(node.func)]
            read += [k.value for k in node.keywords if k.arg == field]
        targets: list[ast.expr] = []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        elif isinstance(node, ast.Assign):
            targets = list(node.targets)
        if any(isinstance(t, ast.Name) and t.id == "play_help" for t in targets):
            assert isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None
            read.append(node.value)
        for expr in read:
            out += [f"{path.relative_to(root)}:{expr.lineno}: {t!r}" for t in _unmarked(expr)]
    return out


@pytest.mark.parametrize("module", MODULES)
def test_every_event_text_is_marked(module: str) -> None:
    findings = _event_findings(ROOT / module)
    assert not findings, "unmarked event texts:\n" + "\n".join(findings)


def test_the_scan_finds_an_unmarked_event_text(tmp_path: Path) -> None:
    """The scan itself: a literal or f-string note, announcement or help is found; one
    through ``N_`` is not, nor a text passed on by name."""
    source = tmp_path / "engine.py"
    source.write_text(
        "class G:\n"
        '    play_help: ClassVar[str] = "spots: red black"\n'
        "def f(box, said):\n"
        '    yield Note(text=f"box {box} stands")\n'
        '    yield ResultEvent(result=1, announcement="red wins")\n'
        '    yield Note(text="dealt: " + said)\n'
        '    yield Note(text=N_("box {box} stands", box=box))\n'
        '    yield ResultEvent(result=1, announcement=N_("red wins"))\n'
        "    yield Note(text=said)\n"
    )
    found = _event_findings(source, tmp_path)
    assert sorted({f.split(":")[1] for f in found}) == ["2", "4", "5", "6"]


def test_a_marked_note_reads_in_english_and_in_catalan() -> None:
    """A note is recorded as English and shown in the reader's language."""
    from crupier.core.layout import Note
    from crupier.core.money import Money
    from crupier.i18n import N_, gettext

    note = Note(text=N_("{player} cashes out {amount:money}", player="P1", amount=Money(123450)))
    assert note.text == "P1 cashes out 1234.50"
    assert note.to_dict()["text"] == "P1 cashes out 1234.50"  # the record's plain amount
    assert gettext(note.text, "ca") == "P1 canvia 1.234,50\xa0€ i se'n va"
    assert gettext(note.text, "fr") == "P1 change 1\u202f234,50\xa0€ et se retire"
    assert gettext(note.text, "en") == "P1 cashes out 1234.50"


def _close_findings(path: Path, root: Path = ROOT) -> list[str]:
    """The sockets' close reasons in ``path`` with an unmarked literal text."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and _name(node.func) == "close":
            for k in node.keywords:
                if k.arg == "reason":
                    out += [f"{path.relative_to(root)}:{node.lineno}: {t!r}" for t in _unmarked(k.value)]  # fmt: skip
    return out


@pytest.mark.parametrize(
    "module", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "server").rglob("*.py"))
)
def test_every_close_reason_of_a_socket_is_marked(module: str) -> None:
    findings = _close_findings(ROOT / module)
    assert not findings, "unmarked close reasons:\n" + "\n".join(findings)


def test_the_scan_finds_an_unmarked_close_reason(tmp_path: Path) -> None:
    source = tmp_path / "app.py"
    source.write_text(
        "async def f(ws, exc):\n"
        '    await ws.close(code=4401, reason="not logged in")\n'
        '    await ws.close(code=4401, reason=_close_reason(ws, N_("not logged in")))\n'
        "    await ws.close(code=4403, reason=_close_reason(ws, exc))\n"
    )
    found = _close_findings(source, tmp_path)
    assert [f.split(":")[1] for f in found] == ["2"]
