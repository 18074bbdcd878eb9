"""The browser's screens mark every text a person reads with ``t()`` (or ``tn()``).

The scan reads each script's ``h(tag, ...)`` calls (the one way the screens build their
elements) and ``flash(el, err, text)``: a string or template literal with words in it as a
child, or as a ``title``, ``placeholder`` or ``aria-label``, must come through ``t()``. The
module-level tables of labels are checked the same way where their texts are read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import crupier

JS = Path(crupier.__file__).parent / "server" / "web" / "static" / "js"
SCREENS = sorted(p.name for p in JS.glob("*.js") if p.name != "i18n.js")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
READ_ATTRS = ("title", "placeholder", "aria-label")


def _args(text: str, start: int) -> tuple[list[str], int]:
    """The top-level arguments of the call whose ``(`` is at ``start``, and where it ends."""
    depth, i, args, cur = 0, start, [], start + 1
    quote = ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
            elif quote == "`" and text.startswith("${", i):
                j, d = i + 2, 1
                while d:
                    d += {"{": 1, "}": -1}.get(text[j], 0)
                    j += 1
                i = j
                continue
        elif c in "\"'`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[cur:i].strip())
                return args, i
        elif c == "," and depth == 1:
            args.append(text[cur:i].strip())
            cur = i + 1
        i += 1
    return args, i


def _outside_fields(template: str) -> str:
    """A template literal's text without its ``${...}`` fields (nested ones too)."""
    out, depth, i = [], 0, 0
    while i < len(template):
        if template.startswith("${", i):
            depth += 1
            i += 2
            continue
        if depth and template[i] == "{":
            depth += 1
        elif depth and template[i] == "}":
            depth -= 1
        elif not depth:
            out.append(template[i])
        i += 1
    return "".join(out)


def _literal_words(arg: str) -> bool:
    """Whether ``arg`` is a bare string or template literal with words outside ``${}``."""
    m = re.fullmatch(r'"([^"\\]*(?:\\.[^"\\]*)*)"|`(.*)`', arg, re.S)
    if not m:
        return False
    body = m.group(1) if m.group(1) is not None else _outside_fields(m.group(2))
    # the brand and acronyms (PDF, CSV) are the same in every language
    return any(w != "CRUPIER" and not (w.isupper() and len(w) <= 4) for w in WORD.findall(body))


STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"|`([^`]*)`')


def _strip_calls(arg: str) -> str:
    """``arg`` without the calls in it (their texts are their own: ``t()``'s are marked,
    nested ``h()`` calls are scanned as calls) and without compared values (``=== "x"``)."""
    out, i = [], 0
    for m in re.finditer(r"[\w.]+\(", arg):
        if m.start() < i:
            continue
        _a, end = _args(arg, m.end() - 1)
        out.append(arg[i : m.start()])
        i = end + 1
    out.append(arg[i:])
    return re.sub(r'[=!]==?\s*("[^"]*"|`[^`]*`)', "", "".join(out))


def _texts(arg: str) -> list[str]:
    """The literals with words that ``arg`` itself puts on screen (``c ? "A" : "B"`` too)."""
    if _literal_words(arg):
        return [arg]
    return [m.group(0) for m in STRING.finditer(_strip_calls(arg)) if _literal_words(m.group(0))]


def findings(name: str, text: str) -> list[str]:
    out = []
    for m in re.finditer(r"(?<![\w.])(h|flash)\(", text):
        args, _end = _args(text, m.end() - 1)
        line = text.count("\n", 0, m.start()) + 1
        if m.group(1) == "h" and args and args[0].strip("\"'").startswith(("kbd", "code")):
            continue  # a key (Enter, Esc) or an error code is the same in every language
        children = args[2:] if m.group(1) == "flash" else args[1:]
        for arg in children:
            if arg.startswith("{"):
                for attr in READ_ATTRS:
                    # the attribute's value up to the next field: a literal, or a
                    # conditional choosing between literals (c ? "A" : "B")
                    for v in re.findall(rf'(?<![\w-])"?{attr}"?:\s*([^,}}]+)', arg):
                        out += [f"{name}:{line}: {attr} {x}" for x in _texts(v.strip())]
            else:
                out += [f"{name}:{line}: {x[:70]}" for x in _texts(arg)]
    # a text put straight into an element: el.textContent = "...", el.title = c ? "A" : "B"
    for m in ASSIGNED.finditer(text):
        rhs = text[m.end() : text.find("\n", m.end())].strip().rstrip(";")
        line = text.count("\n", 0, m.start()) + 1
        out += [f"{name}:{line}: {m.group(1)} {x[:70]}" for x in _texts(rhs)]
    return out


ASSIGNED = re.compile(r"\.(textContent|innerText|title|placeholder)\s*=(?!=)")


@pytest.mark.parametrize("name", SCREENS)
def test_every_text_on_screen_is_marked(name: str) -> None:
    text = (JS / name).read_text("utf-8")
    found = findings(name, text)
    assert not found, "unmarked texts:\n" + "\n".join(found)
    # Babel's extractor does not read calls inside a template literal's ${...}: a t() there
    # would never reach the catalogues
    hidden = re.findall(r"\$\{\s*tn?\(", text)
    assert not hidden, f"{name}: t() inside a template literal"


def test_the_scan_finds_an_unmarked_text() -> None:
    source = (
        'h("h2", "Balance"), h("h2", t("Balance")), h("span", { title: "live link" }, x), '
        'h("td", open ? "Pick a chip" : t("No bet")), h("td", k === "void" ? money(1) : x), '
        'h("span", { title: mine ? "yours" : t("others"), dataset: { x } }, t("Bets"))\n'
        'balance.textContent = bal === undefined ? "no chips yet" : money(bal);\n'
        'phase.textContent = t("Deal {n}", { n });\n'
        "hint.title = `${label} · min`;\n"
    )
    assert [f.split(": ", 1)[1] for f in findings("x.js", source)] == [
        '"Balance"',
        'title "live link"',
        '"Pick a chip"',
        'title "yours"',
        'textContent "no chips yet"',
        "title `${label} · min`",
    ]
