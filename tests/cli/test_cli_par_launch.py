"""The ``crupier`` console script (``crupier.launch``): ``par`` runs with the cyclic
collector paused from the first import, reads no compiled kernel it does not need, and
every other command runs as before. Each case is a fresh interpreter (a real process)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

RUN = """
import gc, json, sys
sys.argv = {argv!r}
from crupier.launch import main
try:
    main()
except SystemExit:
    pass
print(json.dumps({{"gc": gc.isenabled(), "numba": "numba" in sys.modules}}))
"""


def launch(*argv: str) -> tuple[str, dict[str, bool]]:
    """Run the console script's entry point on ``argv``: its output, then the state."""
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(argv=["crupier", *argv])],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    body, _, state = done.stdout.rstrip("\n").rpartition("\n")
    return body, json.loads(state)


def test_console_script_is_the_launcher() -> None:
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert pyproject["project"]["scripts"]["crupier"] == "crupier.launch:main"


def test_par_runs_with_the_collector_paused_and_prints_the_sheet() -> None:
    body, state = launch("par", "sic-bo", "--json")
    assert json.loads(body)["game"] == "sic-bo"
    assert state["gc"] is False


def test_trente_et_quarante_par_does_not_load_numba() -> None:
    """Six decks are in the tie table: the programme (and numba) is not imported."""
    body, state = launch("par", "trente-et-quarante", "--json")
    sheet = json.loads(body)
    assert sheet["game"] == "trente-et-quarante" and sheet["bets"]
    assert state == {"gc": False, "numba": False}


def test_other_commands_keep_the_collector() -> None:
    body, state = launch("rules", "sic-bo")
    assert body.strip()
    assert state["gc"] is True
