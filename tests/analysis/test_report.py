"""PAR reports and the certification package (``crupier report``, ``certify``,
``verify --package``): what a regulator files and what a laboratory checks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from crupier.analysis.certify import sign_folder, verify_package, write_package
from crupier.analysis.distribution import payout_distribution
from crupier.analysis.exact import analyse
from crupier.analysis.report import build_report, compare_profiles, profile_sha256, write_report
from crupier.games import load_profile
from crupier.games.catalogue import GAMES, game_module
from crupier.ledger.keys import SigningKey, generate_key_files

CRUPIER = [sys.executable, "-m", "crupier.cli"]
QUICK = [g for g in GAMES if g != "blackjack"]  # blackjack's PAR takes ~25 s: its own slow test


def _check_distribution(game: str) -> None:
    for chain in game_module(game).par(load_profile(game)):
        exact = analyse(chain, getattr(chain, "method", "exact"))
        dist = payout_distribution(chain)
        assert abs(dist.mean + float(exact.house_edge)) < 1e-9, chain.bet_id
        assert abs(sum(p for _, p in dist.points) + dist.unresolved - 1) < 1e-9
        hits = sum(p for net, p in dist.points if net > 0)
        assert abs(hits - float(exact.hit_frequency)) < 1e-9, chain.bet_id


@pytest.mark.parametrize("game", QUICK)
def test_the_distribution_has_the_exact_edge_and_hit_frequency(game: str) -> None:
    _check_distribution(game)


@pytest.mark.slow
def test_the_blackjack_distribution_has_the_exact_edge() -> None:
    _check_distribution("blackjack")


def test_sic_bo_small_distribution_is_the_spec_figure() -> None:
    # spec 16: small wins on 105 of 216 throws (4-10, no triple), loses on 111
    chain = game_module("sic-bo").par(load_profile("sic-bo"))[0]
    dist = payout_distribution(chain)
    assert [n for n, _ in dist.points] == [Fraction(-1), Fraction(1)]
    assert dist.points[1][1] == pytest.approx(105 / 216, abs=1e-12)


def test_roulette_prison_distribution_keeps_half_stakes() -> None:
    # a simple chance under the partage/prison rule ends at -1, -1/2 (la partage) or +1
    chains = game_module("french-roulette").par(load_profile("french-roulette"))
    red = next(c for c in chains if c.bet_id == "red")
    nets = {n for n, _ in payout_distribution(red).points}
    assert (
        Fraction(1) in nets
        and Fraction(-1) in nets
        and nets <= {Fraction(1), Fraction(-1), Fraction(-1, 2), Fraction(0)}
    )


def test_report_states_the_rules_their_hash_and_sources(tmp_path: Path) -> None:
    report = build_report("craps", load_profile("craps"))
    win = next(b for b in report.bets if b["id"] == "win")
    assert win["house_edge_exact"] == "7/495"  # spec 06: pass line 1.4141 %
    field = next(c for c in report.citations if c[0] == "payouts.field.12")
    assert field[1] == "2:1" and field[2].startswith("004 06 IV.A Field")
    files = write_report(report, tmp_path)
    html = (tmp_path / "craps.html").read_text()
    assert "7/495" in html and report.profile_sha256 in html and "004 06 IV.A" in html
    assert "<h2>Bets</h2>" in html and "<h2>Payout distributions</h2>" in html
    assert sum(1 for f in files if f.suffix == ".png") == len(report.bets)
    pdf = (tmp_path / "craps.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page>") >= 2
    data = json.loads((tmp_path / "craps.json").read_text())
    assert data["profile_sha256"] == report.profile_sha256


def test_the_rules_hash_follows_the_rules_not_the_file(tmp_path: Path) -> None:
    base = load_profile("craps")
    assert profile_sha256(base) == profile_sha256(load_profile("craps"))
    rules = tmp_path / "field-3to1.toml"
    text = (Path(__file__).parents[2] / "src/crupier/games/craps/profiles/andorra.toml").read_text()
    rules.write_text(text.replace('12 = "2:1"', '12 = "3:1"'))
    changed = load_profile("craps", path=rules)
    assert profile_sha256(changed) != profile_sha256(base)


def test_compare_shows_each_rule_and_its_effect(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "src/crupier/games/craps/profiles/andorra.toml").read_text()
    rules = tmp_path / "field-3to1.toml"
    rules.write_text(text.replace('12 = "2:1"', '12 = "3:1"'))
    cmp = compare_profiles("craps", load_profile("craps"), load_profile("craps", path=rules))
    assert [r["key"] for r in cmp["rules"]] == ["payouts.field.12"]
    field = next(b for b in cmp["bets"] if b["id"] == "field")
    # field paying 2:1 on 2 and 12: 1/18; paying 3:1 on 12: 1/36 (2.7778 %)
    assert (field["first"], field["second"]) == ("1/18", "1/36")
    unchanged = [b for b in cmp["bets"] if b["id"] != "field"]
    assert all(b["first"] == b["second"] for b in unchanged)


def test_report_command_compare_two_builtin_profiles(tmp_path: Path) -> None:
    out = subprocess.run(
        [*CRUPIER, "report", "craps", "--compare", "andorra", "spain-1979", "--out", str(tmp_path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "craps-andorra-vs-spain-1979.html").read_text()
    assert "rules.come_withdrawable" in page


def test_report_command_refuses_an_unknown_game(tmp_path: Path) -> None:
    out = subprocess.run([*CRUPIER, "report", "baccara", "--out", str(tmp_path)],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert out.returncode == 2 and "unknown game" in out.stderr + out.stdout
    assert not tmp_path.joinpath("baccara.html").exists()


def _package(tmp_path: Path) -> tuple[Path, SigningKey]:
    key = SigningKey.generate()
    folder = tmp_path / "package"
    write_package(folder, key, ["casino-war"], rng_bits=20_000)
    return folder, key


def test_certify_package_holds_everything_and_verifies(tmp_path: Path) -> None:
    folder, key = _package(tmp_path)
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert {"manifest.json", "manifest.sig", "rng-report.json", "source.json",
            "dependencies.json", "reports/casino-war.pdf", "reports/casino-war.html",
            "profiles/casino-war/andorra.toml"} <= names  # fmt: skip
    source = json.loads((folder / "source.json").read_text())
    assert "cli.py" in source["files"] and len(source["tree_sha256"]) == 64
    deps = json.loads((folder / "dependencies.json").read_text())
    assert "sqlalchemy" in deps and "python" in deps
    assert verify_package(folder, key.public_key).ok


def test_verify_package_names_every_tampering(tmp_path: Path) -> None:
    folder, key = _package(tmp_path)
    (folder / "reports" / "casino-war.html").write_text("edited")
    (folder / "rng-report.json").unlink()
    (folder / "extra.txt").write_text("slipped in")
    check = verify_package(folder, key.public_key)
    assert check.problems == [
        "reports/casino-war.html: changed (SHA-256 differs from the manifest)",
        "rng-report.json: missing",
        "extra.txt: not in the manifest",
    ]


def test_verify_package_refuses_a_resigned_manifest_and_another_key(tmp_path: Path) -> None:
    folder, key = _package(tmp_path)
    manifest = folder / "manifest.json"
    manifest.write_bytes(manifest.read_bytes().replace(b'"casino-war"', b'"casino-waR"', 1))
    assert any("signature does not match" in p for p in verify_package(folder).problems)
    other = SigningKey.generate()
    sign_folder(folder, other)  # a forger re-signs with his own key: the trusted key says no
    assert verify_package(folder).ok
    problems = verify_package(folder, key.public_key).problems
    assert problems and "not by the given key" in problems[0]


def test_certify_and_verify_commands(tmp_path: Path) -> None:
    env = {**os.environ, "CRUPIER_KEY_PASSPHRASE": "pass"}
    generate_key_files(tmp_path, "casino", b"pass")
    folder = tmp_path / "pkg"
    run = subprocess.run(
        [*CRUPIER, "certify", "--out", str(folder), "--key", str(tmp_path / "casino.key"),
         "--game", "sic-bo", "--rng-bits", "20000"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    verify = [*CRUPIER, "verify", "--package", str(folder), "--key", str(tmp_path / "casino.pub")]
    ok = subprocess.run(verify, capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and ok.stdout.startswith("OK"), ok.stdout + ok.stderr
    (folder / "reports" / "sic-bo.json").write_text("{}")
    bad = subprocess.run(verify, capture_output=True, text=True, check=False)
    assert bad.returncode == 1 and "reports/sic-bo.json: changed" in bad.stdout
    again = subprocess.run(
        [*CRUPIER, "certify", "--out", str(folder), "--key", str(tmp_path / "casino.key")],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert again.returncode == 2 and "not empty" in again.stdout + again.stderr


def test_a_simulated_report_plots_each_bets_convergence(tmp_path: Path) -> None:
    # issue 15: for simulated figures, the running edge with its 95 % band against rounds
    from crupier.analysis.convergence import running_edge
    from crupier.analysis.report import CONVERGENCE_POINTS

    report = build_report("sic-bo", load_profile("sic-bo"), simulate=250_000)
    sim = report.simulation
    assert sim is not None and sim.batches == CONVERGENCE_POINTS
    for bet in sim.bets:
        points = running_edge(sim.trace[bet.bet_id])
        assert len(points) == CONVERGENCE_POINTS
        assert [p.rounds for p in points] == sorted(p.rounds for p in points)
        assert points[-1].rounds == bet.resolved == 250_000
        assert points[-1].edge == pytest.approx(-bet.mean)
        low, high = bet.interval
        assert points[-1].half_width == pytest.approx((high - low) / 2)
        # the band narrows as the rounds grow (about 1/sqrt(n))
        assert points[-1].half_width < points[0].half_width / 3
    files = write_report(report, tmp_path)
    charts = [f for f in files if "-mc-" in f.name]
    assert len(charts) == len(sim.bets) and all(f.stat().st_size > 1_000 for f in charts)
    page = (tmp_path / "sic-bo.html").read_text("utf-8")
    assert "Monte Carlo cross-check" in page and charts[0].name in page
    data = json.loads((tmp_path / "sic-bo.json").read_text("utf-8"))
    assert data["simulation"]["rounds"] == 250_000


def test_an_exact_game_is_not_simulated_unless_asked() -> None:
    report = build_report("sic-bo", load_profile("sic-bo"))
    assert report.simulation is None and report.to_dict()["simulation"] is None


def test_a_bet_known_only_by_monte_carlo_is_reported_as_such(tmp_path: Path) -> None:
    # issue 15: the report works on every game; Hold'em Bonus's main game has no exact edge
    report = build_report("holdem-bonus", load_profile("holdem-bonus"), simulate=20_000)
    assert report.simulation is not None
    files = write_report(report, tmp_path)
    page = (tmp_path / "holdem-bonus.html").read_text("utf-8")
    assert "ante+streets" in page and "none (Monte Carlo only)" in page
    data = json.loads((tmp_path / "holdem-bonus.json").read_text("utf-8"))
    (main,) = [b for b in data["simulation"]["bets"] if b["id"] == "ante+streets"]
    assert main["exact"] == "none (Monte Carlo only)" and main["exact_house_edge"] is None
    assert any(f.suffix == ".pdf" and f.stat().st_size > 1_000 for f in files)
    assert any("-mc-" in f.name and "ante_streets" in f.name for f in files)
