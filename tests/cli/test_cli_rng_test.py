"""``crupier rng-test``: the RNG report of the certification package, printed and as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crupier.analysis.rng_tests import ALPHA, DOC_END, DOC_START
from crupier.cli import app

runner = CliRunner()

TESTS = [
    "frequency",
    "block-frequency",
    "runs",
    "longest-run",
    "serial",
    "approximate-entropy",
    "shuffle-permutations",
    "shoe-positions",
    "die",
    "wheel",
]


def _check_report(data: dict, source: str, bits: int) -> None:
    assert data["source"] == source and data["bits"] == bits
    assert data["version"] and data["date"].endswith("Z") and data["alpha"] == ALPHA
    assert [t["test"] for t in data["tests"]] == TESTS
    for t in data["tests"]:
        assert all(0.0 <= p <= 1.0 for p in t["p_values"])
        assert t["passed"] == (min(t["p_values"]) >= ALPHA)
    assert data["passed"] == all(t["passed"] for t in data["tests"])
    nist = [t for t in data["tests"] if t["reference"].startswith("SP 800-22")]
    assert len(nist) == 6 and all(t["params"]["n"] == bits for t in nist)


def test_seeded_report_is_written_and_repeatable(tmp_path: Path) -> None:
    out1, out2 = tmp_path / "a.json", tmp_path / "b.json"
    args = ["rng-test", "--bits", "20000", "--source", "seeded", "--seed", "11"]
    first = runner.invoke(app, [*args, "--json", str(out1)])
    second = runner.invoke(app, [*args, "--json", str(out2)])
    a, b = json.loads(out1.read_text()), json.loads(out2.read_text())
    _check_report(a, "seeded", 20_000)
    assert a["seed"] == 11
    assert first.exit_code == (0 if a["passed"] else 1)
    assert [t["p_values"] for t in a["tests"]] == [t["p_values"] for t in b["tests"]]
    assert second.exit_code == first.exit_code
    for name in TESTS:
        assert name in first.output
    assert ("PASS" if a["passed"] else "FAIL") in first.output


def test_system_source_report_in_a_real_process(tmp_path: Path) -> None:
    out = tmp_path / "rng.json"
    done = subprocess.run(
        [sys.executable, "-m", "crupier.cli", "rng-test", "--bits", "20000", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    data = json.loads(out.read_text())
    _check_report(data, "system", 20_000)
    assert data["seed"] is None
    assert done.returncode == (0 if data["passed"] else 1), done.stderr


def test_the_report_goes_into_the_document(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text(f"# Reliability\n\n{DOC_START}\nold table\n{DOC_END}\n\nMore.\n")
    result = runner.invoke(
        app, ["rng-test", "--bits", "5000", "--source", "seeded", "--seed", "2", "--doc", str(doc)]
    )
    text = doc.read_text()
    assert result.exit_code in (0, 1)
    assert "old table" not in text and text.endswith(f"{DOC_END}\n\nMore.\n")
    assert "| frequency |" in text and "| wheel |" in text and "5,000 bits" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", "seeded"], "--seed goes with --source seeded"),
        (["--seed", "3"], "--seed goes with --source seeded"),
        (["--source", "mersenne"], "system or seeded"),
        (["--bits", "100"], "at least 1000"),
        (["--doc", "no-such-file.md"], "no such file"),
    ],
)
def test_bad_options_are_refused(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["rng-test", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_document_without_the_markers_is_left_alone(tmp_path: Path) -> None:
    doc = tmp_path / "other.md"
    doc.write_text("# Other\n")
    result = runner.invoke(
        app, ["rng-test", "--bits", "2000", "--source", "seeded", "--seed", "1", "--doc", str(doc)]
    )
    assert result.exit_code == 2 and "rng-report:start" in result.output
    assert doc.read_text() == "# Other\n"


def test_cli_startup_does_not_load_numpy() -> None:
    code = "import sys, crupier.cli; print('numpy' in sys.modules or 'scipy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
