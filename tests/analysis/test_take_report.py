"""The poker room in `crupier report` and `certify` (issue 15): a raked circle poker table's
report shows the house's take per table size, dealt as `crupier simulate` deals it from the
seed the report states; a table that charges time (spec 23, option B) says its take is
computed, not simulated."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

from crupier.analysis.certify import verify_package, write_package
from crupier.analysis.circle_takes import DEFAULT_DEALS, TAKE_BATCH
from crupier.analysis.convergence import CONVERGENCE_POINTS
from crupier.analysis.report import REPORT_SEED, build_report, write_report
from crupier.analysis.simulate import simulate
from crupier.games import load_profile
from crupier.ledger.keys import SigningKey

CRUPIER = [sys.executable, "-m", "crupier.cli"]
ENV = {**os.environ, "CRUPIER_LANG": "en"}
HOLDEM = Path(__file__).parents[2] / "src/crupier/games/holdem/profiles/andorra.toml"
PNG = b"\x89PNG\r\n\x1a\n"


def _pdf_text(data: bytes) -> str:
    """The text strings drawn in a PDF made by fpdf2 (page streams inflated), one per line."""
    drawn = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            content = zlib.decompress(stream).decode("latin-1")
        except zlib.error:
            content = stream.decode("latin-1")
        for literal in re.findall(r"\(((?:\\.|[^\\)])*)\)\s*Tj", content):
            drawn.append(re.sub(r"\\(.)", r"\1", literal))
    return "\n".join(drawn)


def _crupier(*args: str) -> str:
    run = subprocess.run([*CRUPIER, *args], capture_output=True, text=True, env=ENV, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_the_holdem_report_shows_the_take_crupier_simulate_deals(tmp_path: Path) -> None:
    # 50 deals per table size: 25 batches of 2, the points of the convergence plot
    _crupier("report", "holdem", "--simulate", "50", "--out", str(tmp_path))
    replay = json.loads(_crupier("simulate", "holdem", "--rounds", "50", "--seed", "0", "--json"))
    data = json.loads((tmp_path / "holdem.json").read_text("utf-8"))
    section = data["takes"]
    assert section["option"] == "rake" and section["simulated"] is True
    assert section["seed"] == REPORT_SEED == replay["seed"] == 0
    assert section["replay"] == "crupier simulate holdem --rounds 50 --seed 0"
    assert section["deals_per_table_size"] == 50 and section["batches"] == CONVERGENCE_POINTS
    # the same figures as the command the section names, to the last digit
    assert section["takes"] == replay["takes"]
    assert [t["players"] for t in section["takes"]] == [4, 6, 10]  # the PAR sheet's sizes
    for take in section["takes"]:
        assert take["deals"] == 50 and sum(take["takes"].values()) == 50
        # a convergence point per batch, the last one all the deals
        trace = section["trace"][take["id"]]
        assert len(trace) == CONVERGENCE_POINTS and trace[-1][0] == 50
        assert trace[-1][1] / 50 == take["take_per_deal"]
    assert data["simulation"] is None and data["bets"] == []  # no bet against the house
    # the page and the PDF print the same figures, per table size, with the replay
    page = (tmp_path / "holdem.html").read_text("utf-8")
    pdf = _pdf_text((tmp_path / "holdem.pdf").read_bytes())
    assert "House&#x27;s take per deal, simulated: 50 deals per table size, seed 0" in page
    assert "House's take per deal, simulated: 50 deals per table size, seed 0" in pdf
    assert "`crupier simulate holdem --rounds 50 --seed 0` gives the same figures" in page
    for take in replay["takes"]:
        low, high = take["interval_95"]
        figures = [f"{take['take_per_deal'] / 100:.2f}", f"{low / 100:.2f}",
                   f"{high / 100:.2f}", f"{take['take_per_hour'] / 100:.2f}"]  # fmt: skip
        row = re.search(rf'<tr><td>{take["players"]}</td><td class="n">50</td>.*?</tr>', page)
        assert row is not None and all(f in row.group(0) for f in figures), take["players"]
        assert f"{low / 100:.2f} ... {high / 100:.2f}" in pdf


def test_the_take_charts_are_written_and_shown(tmp_path: Path) -> None:
    report = build_report("five-card-stud", load_profile("five-card-stud"), simulate=25)
    files = write_report(report, tmp_path)
    charts = [f for f in files if "-take-" in f.name]
    # a distribution and a convergence chart per table size (five-card stud: 4 and 6 seats)
    assert sorted(f.name for f in charts) == [
        "five-card-stud-take-04-convergence.png", "five-card-stud-take-04-distribution.png",
        "five-card-stud-take-06-convergence.png", "five-card-stud-take-06-distribution.png",
    ]  # fmt: skip
    for chart in charts:
        data = chart.read_bytes()
        assert data.startswith(PNG) and len(data) > 5_000
    page = (tmp_path / "five-card-stud.html").read_text("utf-8")
    assert all(f'<img src="{chart.name}"' in page for chart in charts)
    # no bet against the house: no empty bets table nor payout-distribution heading
    assert "<h2>Bets</h2>" not in page and "Payout distributions" not in page
    pdf = (tmp_path / "five-card-stud.pdf").read_bytes()
    assert len(re.findall(rb"/Subtype\s*/Image", pdf)) == len(charts)
    assert json.loads((tmp_path / "five-card-stud.json").read_text())["takes"]["charts"] == [
        f.name for f in charts
    ]


def test_a_time_charging_table_is_computed_only(tmp_path: Path) -> None:
    # spec 23, option B: each seated player pays T per period (30 minutes), no rake
    text = HOLDEM.read_text("utf-8")
    for key, line in (("option =", 'option = { value = "time", source = "option B" }'),
                      ("time_charge =", 'time_charge = { value = 500, source = "B" }')):  # fmt: skip
        (old,) = [row for row in text.splitlines() if row.startswith(key)]
        text = text.replace(old, line)
    rules = tmp_path / "holdem-time.toml"
    rules.write_text(text, "utf-8")
    report = build_report("holdem", load_profile("holdem", path=rules), rules)
    section = report.to_dict()["takes"]
    assert section["option"] == "time" and section["simulated"] is False
    assert "seed" not in section and "takes" not in section  # nothing dealt
    # 5.00 per seated player every 30 minutes: 10.00 an hour per player
    assert [(c["players"], c["take_per_hour"]) for c in section["computed"]] == [
        (4, 4_000), (6, 6_000), (10, 10_000)
    ]  # fmt: skip
    files = write_report(report, tmp_path / "out")
    assert not [f for f in files if "-take-" in f.name]
    page = (tmp_path / "out" / "holdem.html").read_text("utf-8")
    assert "House&#x27;s take per deal, computed: the table charges time" in page
    assert "it is computed, not simulated" in page


def test_the_default_is_a_thousand_deals_in_the_reports_batches() -> None:
    report = build_report("five-card-stud", load_profile("five-card-stud"))
    assert report.takes is not None and DEFAULT_DEALS == 1_000
    sim = report.takes.simulation
    assert sim.rounds == 1_000 and sim.batches == CONVERGENCE_POINTS  # 25 batches of 40
    assert [t.deals for t in report.takes.takes] == [1_000, 1_000]
    assert build_report("holdem", load_profile("holdem"), simulate=0).takes is None
    assert build_report("sic-bo", load_profile("sic-bo")).takes is None  # a banking game


def test_crupier_simulate_batches_as_the_report_unless_asked() -> None:
    # no --batch: the report's 25 convergence points, ⌈30/25⌉ = 2 deals a batch
    assert simulate("five-card-draw", rounds=30).batches == 15
    # an asked batch size is kept (at most TAKE_BATCH deals, one new table each)
    assert simulate("five-card-draw", rounds=30, batch=10).batches == 3
    assert simulate("five-card-draw", rounds=30, batch=TAKE_BATCH).batches == 1


def test_certify_carries_the_take_and_its_seed(tmp_path: Path) -> None:
    key = SigningKey.generate()
    folder = tmp_path / "package"
    manifest = write_package(folder, key, ["holdem"], rng_bits=20_000, simulate=25)
    assert manifest["report_seed"] == REPORT_SEED
    data = json.loads((folder / "reports" / "holdem.json").read_text("utf-8"))
    assert data["takes"]["seed"] == REPORT_SEED and data["takes"]["deals_per_table_size"] == 25
    assert data["takes"]["takes"] == simulate("holdem", 25, REPORT_SEED).to_dict()["takes"]
    assert (folder / "reports" / "holdem-take-10-convergence.png").is_file()
    assert verify_package(folder, key.public_key).ok
