"""The books under inspection: checkpoints, read-only --db, verified exports, demo keys, money.

Operations spec §7 (the books) and §8 (OPS-INT-03 visa, OPS-INT-11 verification,
OPS-INT-14 export with what is needed to check it offline).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from crupier.casino import ManualClock
from crupier.casino.books import chip_count, readable
from crupier.casino.fixture import build, chips_for, open_day, open_table
from crupier.cli import app
from crupier.ledger import Ledger, SigningKey
from crupier.ledger.keys import save_public_key
from crupier.ledger.store import drop_schema

runner = CliRunner()
PG_URL = os.environ.get("CRUPIER_TEST_PG_URL")


def reset_pg(url: str) -> None:
    """Drop the ledger tables of the throwaway PostgreSQL database (as the casino conftest does)."""
    drop_schema(url)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    """A demo day: its URL, the casino public key, the folder."""
    folder = tmp_path_factory.mktemp("books")
    url = f"sqlite:///{folder / 'demo.db'}"
    result = runner.invoke(app, ["demo-day", "--db", url, "--seed", "7", "--keys", str(folder)])
    assert result.exit_code == 0, result.output
    (key,) = folder.glob("*/casino.pub")
    return url, key, folder


def _copy(url: str, folder: Path, name: str) -> str:
    target = folder / name
    shutil.copy(url.removeprefix("sqlite:///"), target)
    return f"sqlite:///{target}"


def _tamper(url: str, sql: str, **params: object) -> None:
    """Run ``sql`` on the raw SQLite database, every trigger dropped first (an owner's attack)."""
    ledger = Ledger(url)
    with ledger.engine.begin() as conn:
        for (name,) in conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'trigger'")):
            conn.execute(text(f'DROP TRIGGER "{name}"'))
        conn.execute(text(sql), params)
    ledger.close()


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


# ------------------------------------------------------------------ the checkpoint (item 3)


def _inspector_key(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.setenv("CRUPIER_KEY_PASSPHRASE", "visa-2026")
    result = runner.invoke(app, ["keygen", "inspector", "--dir", str(folder)])
    assert result.exit_code == 0, result.output
    return folder / "inspector.key", folder / "inspector.pub"


def test_checkpoint_records_seq_head_and_every_volume_in_full(
    demo: tuple[str, Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _, _ = demo
    private, _ = _inspector_key(tmp_path, monkeypatch)
    out = tmp_path / "visa.json"
    result = runner.invoke(app, ["checkpoint", "--db", url, "--key", str(private),
                                 "--inspector", "I7", "-o", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    with Ledger(url) as ledger:
        seq, head = ledger.head()
        a43 = [e for e in ledger.entries() if isinstance(e.payload, dict)
               and e.payload.get("book") == "A43" and "book_seq" in e.payload]  # fmt: skip
    assert doc["ledger"] == {"seq": seq, "hash": head}
    marks = {(v["book"], v["volume"]): v for v in doc["volumes"]}
    assert marks[("A43", 2026)] == {"book": "A43", "volume": 2026, "last": a43[-1].payload["book_seq"],
                                    "seq": a43[-1].seq, "hash": a43[-1].hash}  # fmt: skip
    # every sealed volume of the demo is there, even one with only its seal (number 0)
    assert {"A43", "A44", "A45", "A56", "A60", "A61"} <= {b for b, _ in marks}
    assert marks[("A44", 2026)]["last"] == 0
    assert doc["inspector"] == "I7" and doc["signature"]
    # a kept checkpoint is never overwritten
    again = runner.invoke(app, ["checkpoint", "--db", url, "-o", str(out)])
    assert again.exit_code == 2 and json.loads(out.read_text()) == doc


def test_verify_checkpoint_passes_on_intact_books_signed_by_the_inspector(
    demo: tuple[str, Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, key, _ = demo
    private, public = _inspector_key(tmp_path, monkeypatch)
    visa = tmp_path / "visa.json"
    runner.invoke(app, ["checkpoint", "--db", url, "--key", str(private), "--inspector", "I7",
                        "-o", str(visa)])  # fmt: skip
    result = runner.invoke(app, ["verify", "--db", url, "--key", str(key), "--checkpoint", str(visa),
                                 "--inspector-key", str(public)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "CHECKPOINT OK" in result.output and "signed by I7" in result.output


def test_a_truncated_tail_with_the_head_row_rewound_is_caught_only_by_the_checkpoint(
    demo: tuple[str, Path, Path], tmp_path: Path
) -> None:
    url, key, _ = demo
    visa = tmp_path / "visa.json"
    assert runner.invoke(app, ["checkpoint", "--db", url, "-o", str(visa)]).exit_code == 0
    cut = _copy(url, tmp_path, "cut.db")
    with Ledger(cut) as ledger:
        seq, _ = ledger.head()
        keep = ledger.get(seq - 10)
    _tamper(cut, "DELETE FROM ledger_entries WHERE seq > :s", s=keep.seq)
    _tamper(cut, "UPDATE ledger_head SET seq = :s, hash = :h, recorded_at = :t",
            s=keep.seq, h=keep.hash, t=keep.recorded_at)  # fmt: skip
    plain = runner.invoke(app, ["verify", "--db", cut, "--key", str(key)])
    assert plain.exit_code == 0  # the chain alone is consistent: the tail is simply gone
    checked = runner.invoke(
        app, ["verify", "--db", cut, "--key", str(key), "--checkpoint", str(visa)]
    )
    assert checked.exit_code == 1 and "CHECKPOINT BROKEN" in checked.output
    assert "is gone" in checked.output  # a volume's last entry at the checkpoint has vanished


def test_a_changed_checkpoint_file_or_another_signer_is_refused(
    demo: tuple[str, Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, key, _ = demo
    private, public = _inspector_key(tmp_path, monkeypatch)
    visa = tmp_path / "visa.json"
    runner.invoke(app, ["checkpoint", "--db", url, "--key", str(private), "--inspector", "I7",
                        "-o", str(visa)])  # fmt: skip
    doc = json.loads(visa.read_text())
    doc["volumes"] = doc["volumes"][1:]  # the casino drops a volume it would rather not show
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(doc))
    result = runner.invoke(
        app, ["verify", "--db", url, "--key", str(key), "--checkpoint", str(forged)]
    )
    assert result.exit_code == 1 and "signature does not verify" in result.output
    other = tmp_path / "other.pub"
    save_public_key(SigningKey.generate().public_key, other)
    result = runner.invoke(app, ["verify", "--db", url, "--key", str(key), "--checkpoint", str(visa),
                                 "--inspector-key", str(other)])  # fmt: skip
    assert result.exit_code == 1 and "not by a given inspector key" in result.output
    unsigned = tmp_path / "unsigned.json"
    runner.invoke(app, ["checkpoint", "--db", url, "-o", str(unsigned)])
    result = runner.invoke(app, ["verify", "--db", url, "--key", str(key), "--checkpoint",
                                 str(unsigned), "--inspector-key", str(public)])  # fmt: skip
    assert result.exit_code == 1 and "not signed" in result.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{")
    result = runner.invoke(
        app, ["verify", "--db", url, "--key", str(key), "--checkpoint", str(garbage)]
    )
    assert result.exit_code == 2


def _fill_day(url: str, key: SigningKey, total: int) -> None:
    clock = ManualClock("2026-03-01 12:00")
    cas = build(url, clock=clock, casino_key=key)
    open_day(cas, clock)
    open_table(cas, "BJ-3")
    cas.fill("BJ-3", by="T1", cashier="K1", chips=chips_for(total), slip="F-57")
    cas.ledger.close()


def test_books_rewritten_with_the_casino_key_pass_verify_but_not_the_checkpoint(
    cas_url: str, tmp_path: Path
) -> None:
    casino_key = SigningKey.generate()
    public = tmp_path / "casino.pub"
    save_public_key(casino_key.public_key, public)
    _fill_day(cas_url, casino_key, 1_000_000)
    visa = tmp_path / "visa.json"
    assert runner.invoke(app, ["checkpoint", "--db", cas_url, "-o", str(visa)]).exit_code == 0
    # the owner, holding the casino key, writes the same books again with a smaller fill
    if cas_url.startswith("sqlite"):
        Path(cas_url.removeprefix("sqlite:///")).unlink()
    else:
        reset_pg(cas_url)
    _fill_day(cas_url, casino_key, 100_000)
    assert runner.invoke(app, ["verify", "--db", cas_url, "--key", str(public)]).exit_code == 0
    result = runner.invoke(app, ["verify", "--db", cas_url, "--key", str(public),
                                 "--checkpoint", str(visa)])  # fmt: skip
    assert result.exit_code == 1 and "CHECKPOINT BROKEN" in result.output
    assert "A43 volume 2026 No. 2" in result.output  # the fill's volume no longer has that entry


# ------------------------------------------------------------------ a bad --db (item 7)


@pytest.mark.parametrize("command", [["verify", "--key", "x.pub"], ["books", "A43"],
                                     ["recall", "RF-1"], ["checkpoint"]])  # fmt: skip
def test_a_mistyped_database_is_one_line_and_exit_2_and_creates_nothing(
    command: list[str], tmp_path: Path
) -> None:
    typo = tmp_path / "typo.db"
    for url in (f"sqlite:///{typo}", "not a url", "postgresql://nobody@127.0.0.1:1/none",
                "mysql://a@b/c"):  # fmt: skip
        result = runner.invoke(app, [*command, "--db", url])
        assert result.exit_code == 2, (url, result.output)
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr
    assert not typo.exists()


@pytest.mark.parametrize(
    "command",
    [["books", "A43", "--format", "csv"], ["recall", "SB-1", "--last", "2"], ["checkpoint"]],
)
def test_reading_commands_read_while_a_writer_holds_the_books(
    demo: tuple[str, Path, Path], tmp_path: Path, command: list[str]
) -> None:
    # a reading command opens the ledger read-only: it takes no write lock and creates
    # nothing, so it prints the books while the casino is in the middle of a write
    url = _copy(demo[0], tmp_path, "busy.db")
    writer = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # the append lock, held
    try:
        done = subprocess.run(
            [sys.executable, "-m", "crupier.cli", *command, "--db", url],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_an_empty_sqlite_file_is_not_a_ledger(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    result = runner.invoke(app, ["books", "A43", "--db", f"sqlite:///{empty}"])
    assert result.exit_code == 2 and "no crupier ledger" in result.stderr
    assert empty.read_bytes() == b""


# ------------------------------------------------------------------ exports state verification (item 8)


def test_a_fill_changed_by_sql_is_printed_as_not_verified(
    demo: tuple[str, Path, Path], tmp_path: Path
) -> None:
    url, key, _ = demo
    bad = _copy(url, tmp_path, "bad.db")
    with Ledger(bad) as ledger:
        fill = next(e for e in ledger.entries() if e.kind == "A43.FILL")
    _tamper(bad, "UPDATE ledger_entries SET payload = replace(payload, :a, :b) WHERE seq = :s",
            a='"total":1000000', b='"total":9000000', s=fill.seq)  # fmt: skip
    result = runner.invoke(app, ["books", "A43", "--db", bad, "--key", str(key), "--format", "csv"])
    assert result.exit_code == 1 and "BROKEN" in result.stderr
    rows = {r["seq"]: r for r in csv.DictReader(io.StringIO(result.stdout))}
    assert rows[str(fill.seq)]["verification"].startswith("NOT VERIFIED")
    assert f"seq {fill.seq}: hash-mismatch" in rows[str(fill.seq)]["verification"]
    assert "CHIPS MAKE 10,000.00, NOT THE TOTAL" in rows[str(fill.seq)]["details"]
    before = [r for s, r in rows.items() if int(s) < fill.seq]
    assert before and all(r["verification"] == "VERIFIED" for r in before)
    doc = json.loads(runner.invoke(app, ["books", "A43", "--db", bad, "--format", "json"]).stdout)
    assert doc["verification"]["ok"] is False and doc["verification"]["first_bad_seq"] == fill.seq
    assert [e["verified"] for e in doc["entries"] if e["seq"] == fill.seq] == [False]
    pdf = tmp_path / "bad.pdf"
    result = runner.invoke(app, ["books", "A43", "--db", bad, "--format", "pdf", "-o", str(pdf)])
    assert result.exit_code == 1
    assert "NOT VERIFIED - THE BOOKS ARE BROKEN" in _pdf_text(pdf.read_bytes())


def test_every_export_of_intact_books_states_what_it_was_verified_against(
    demo: tuple[str, Path, Path],
) -> None:
    url, key, _ = demo
    trusted = runner.invoke(
        app, ["books", "A56", "--db", url, "--key", str(key), "--format", "json"]
    )
    assert trusted.exit_code == 0
    assert json.loads(trusted.stdout)["verification"]["ok"] is True
    assert (
        "against the casino key ed25519:"
        in json.loads(trusted.stdout)["verification"]["checked_against"]
    )
    # without a trusted key the export says how little that proves
    own = json.loads(runner.invoke(app, ["books", "A56", "--db", url, "--format", "json"]).stdout)
    assert "no trusted key given" in own["verification"]["checked_against"]
    rows = list(csv.DictReader(io.StringIO(runner.invoke(
        app, ["books", "A56", "--db", url, "--format", "csv"]).stdout)))  # fmt: skip
    assert rows and all(r["verification"] == "VERIFIED" for r in rows)


def test_a_json_export_verifies_offline_and_any_change_to_it_is_named(
    demo: tuple[str, Path, Path], tmp_path: Path
) -> None:
    url, key, _ = demo
    out = tmp_path / "a43.json"
    assert (
        runner.invoke(
            app, ["books", "A43", "--db", url, "--format", "json", "-o", str(out)]
        ).exit_code
        == 0
    )
    doc = json.loads(out.read_text())
    assert doc["seals"] and doc["seals"][0]["ledger"]["payload"]["type"] == "SEAL"
    first = doc["entries"][0]
    assert (
        first["ledger"]["prev_hash"] and first["ledger"]["signature"] and first["signature_entries"]
    )
    result = runner.invoke(app, ["verify", "--export", str(out), "--key", str(key)])
    assert result.exit_code == 0 and result.output.startswith("OK:")

    def check(doc: dict[str, object], name: str) -> str:
        path = tmp_path / name
        path.write_text(json.dumps(doc))
        result = runner.invoke(app, ["verify", "--export", str(path), "--key", str(key)])
        assert result.exit_code == 1, result.output
        return result.output

    fill = next(i for i, e in enumerate(doc["entries"]) if e["type"] == "FILL")
    printed = json.loads(out.read_text())
    printed["entries"][fill]["data"]["total"] += 100  # the printed figure, not the signed row
    assert "not-as-signed" in check(printed, "printed.json")
    raw = json.loads(out.read_text())
    raw["entries"][fill]["ledger"]["payload"]["data"]["total"] += 100
    raw["entries"][fill]["data"]["total"] += 100
    assert "hash-mismatch" in check(raw, "raw.json")
    other = tmp_path / "other.pub"
    save_public_key(SigningKey.generate().public_key, other)
    result = runner.invoke(app, ["verify", "--export", str(out), "--key", str(other)])
    assert result.exit_code == 1 and "unknown-key" in result.output


# ------------------------------------------------------------------ demo-day keys (item 9)


def test_demo_keys_are_written_before_the_first_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import crupier.casino.demo as demo_module

    def killed(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt  # the run is killed after the casino was set up

    monkeypatch.setattr(demo_module, "_equipment", killed)
    url = f"sqlite:///{tmp_path / 'half.db'}"
    with pytest.raises(KeyboardInterrupt):
        demo_module.demo_day(url, key_dir=tmp_path / "keys")
    (key,) = (tmp_path / "keys").glob("*/casino.pub")
    result = runner.invoke(app, ["verify", "--db", url, "--key", str(key)])
    assert result.exit_code == 0 and result.output.startswith("OK:")


def test_a_second_demo_keeps_the_first_demos_key_and_a_used_database_is_refused(
    tmp_path: Path,
) -> None:
    keys = tmp_path / "keys"
    first, second = f"sqlite:///{tmp_path / 'one.db'}", f"sqlite:///{tmp_path / 'two.db'}"
    assert runner.invoke(app, ["demo-day", "--db", first, "--keys", str(keys)]).exit_code == 0
    (first_key,) = keys.glob("*/casino.pub")
    assert runner.invoke(app, ["demo-day", "--db", second, "--keys", str(keys)]).exit_code == 0
    assert len(list(keys.glob("*/casino.pub"))) == 2
    result = runner.invoke(app, ["verify", "--db", first, "--key", str(first_key)])
    assert result.exit_code == 0, result.output  # not a false unknown-key alarm
    with Ledger(first) as ledger:
        head = ledger.head()
    again = runner.invoke(app, ["demo-day", "--db", first, "--keys", str(keys)])
    assert again.exit_code == 2 and "already holds a ledger" in again.stderr
    assert "Traceback" not in again.output
    with Ledger(first) as ledger:
        assert ledger.head() == head
    assert len(list(keys.glob("*/casino.pub"))) == 2


# ------------------------------------------------------------------ money in the books (item 10)


def test_limits_and_chip_counts_print_as_money_never_cents_or_none(
    demo: tuple[str, Path, Path],
) -> None:
    url, _, _ = demo
    rows = list(csv.DictReader(io.StringIO(runner.invoke(
        app, ["books", "A43", "--db", url, "--format", "csv"]).stdout)))  # fmt: skip
    opening = next(r for r in rows if r["type"] == "TABLE_OPENING" and r["table"] == "RF-1")
    # the demo opens RF-1 with limits 5.00 - 150.00 and a 20,000.00 float (demo.TABLES)
    assert "minimum 5.00, maximum 150.00" in opening["details"]
    assert "20,000.00 (20 x 1,000.00)" in opening["details"]
    assert "15000" not in opening["details"] and "None" not in opening["details"]
    assert "{" not in opening["details"]
    summary = next(r for r in csv.DictReader(io.StringIO(runner.invoke(
        app, ["books", "A45", "--db", url, "--format", "csv"]).stdout)))  # fmt: skip
    assert "lines: RF-1" not in summary["details"] and "[{" not in summary["details"]


def test_recall_prints_money_not_python_dicts(demo: tuple[str, Path, Path]) -> None:
    url, _, _ = demo
    result = runner.invoke(app, ["recall", "SB-1", "--db", url, "--last", "3"])
    assert result.exit_code == 0
    assert "{" not in result.stdout and "'amount'" not in result.stdout
    assert re.search(r"\d+\.\d\d", result.stdout)  # amounts as money


def test_readable_values() -> None:
    assert readable({"minimum": 500, "maximum": 15000}) == "minimum 5.00, maximum 150.00"
    assert readable({"per_game": {"craps": 33900}}) == "per_game: craps 339.00"
    assert chip_count({"chips": {"2500": 4}, "total": 10000}) == "100.00 (4 x 25.00)"


# ------------------------------------------------------------------ the printed registers (item 11)


def test_the_a43_pdf_is_a_register_form_with_seal_and_full_checkpoint(
    demo: tuple[str, Path, Path], tmp_path: Path
) -> None:
    url, key, _ = demo
    pdf = tmp_path / "a43.pdf"
    assert runner.invoke(app, ["books", "A43", "--db", url, "--key", str(key), "--format", "pdf",
                               "-o", str(pdf)]).exit_code == 0  # fmt: skip
    drawn = _pdf_text(pdf.read_bytes())
    with Ledger(url) as ledger:
        seq, head = ledger.head()
        seal = next(e for e in ledger.entries() if e.kind == "A43.SEAL")
    assert "CRAJ SEAL of volume 2026" in drawn and seal.hash in drawn
    assert f"ledger seq {seq}, head hash {head}" in drawn  # in full, not a prefix
    for column in (
        "Denomination",
        "Opening float",
        "Fill F-0001",
        "Closing float",
        "Drop RF-1-DROP",
    ):
        assert column in drawn
    assert "Result = closing float" in drawn and "VERIFIED (against the casino key" in drawn
    assert '"' not in drawn and "{" not in drawn  # no JSON dumped into the register


def test_the_a45_pdf_is_a_table_of_results_with_totals(
    demo: tuple[str, Path, Path], tmp_path: Path
) -> None:
    url, _, _ = demo
    pdf = tmp_path / "a45.pdf"
    runner.invoke(app, ["books", "A45", "--db", url, "--format", "pdf", "-o", str(pdf)])
    drawn = _pdf_text(pdf.read_bytes())
    for label in ("TABLES TOTAL (banking + circle)", "Month to date", "Year to date",
                  "Tips of the day (information only, in no total)"):  # fmt: skip
        assert label in drawn
    assert "lines:" not in drawn and 'french-roulette","' not in drawn


# ------------------------------------------------------------------ lazy imports


def test_the_command_line_loads_no_engine_database_or_pdf_code_before_a_command_needs_it() -> None:
    code = ("import sys, crupier.cli; heavy = ('sqlalchemy', 'rich', 'fpdf', 'crupier.core.layout',"
            " 'crupier.games', 'crupier.analysis', 'cryptography');"
            " print([m for m in sys.modules if m.split('.')[0] in heavy or m in heavy"
            " or any(m.startswith(h + '.') for h in heavy)])")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_pg_url_is_configured_for_the_pg_variants() -> None:
    if not PG_URL:
        pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL")
    assert (
        runner.invoke(
            app, ["books", "A43", "--db", PG_URL.replace("crupier_", "nonexistent_")]
        ).exit_code
        == 2
    )


def test_a_refusal_names_the_act_in_words_not_a_matrix_letter(tmp_path: Path) -> None:
    from crupier.casino.errors import OpsError
    from crupier.casino.model import Limits

    clock = ManualClock("2026-03-01 12:00")
    cas = build(f"sqlite:///{tmp_path / 'w.db'}", clock=clock)
    open_day(cas, clock)
    with pytest.raises(OpsError) as refused:  # a cashier may not open a table (§4.3 row 06)
        cas.open_table("BJ-3", by="K1", cashier="K2", float_chips=chips_for(2_000_000),
                       limits=Limits(1000, 100_000), staff={"R2": "DEALER"})  # fmt: skip
    cas.ledger.close()
    assert refused.value.code == "PERMISSION_DENIED"
    assert str(refused.value).endswith("K1 may not open a table: opening float entry")
