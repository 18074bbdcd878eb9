"""Verification: every tampering done behind the application's back is named.

Each test builds a valid chain (genesis + 9 entries), then changes the database with
raw SQL (the immutability triggers dropped first, as an attacker with database access
would) and checks that :func:`verify` fails at the right ``seq`` with the right reason.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from crupier.ledger.canonical import digest, parse
from crupier.ledger.errors import HeadMissing, UnsponsoredKey
from crupier.ledger.keys import SigningKey, b64, save_public_key
from crupier.ledger.store import Actor, Cosigner, Ledger, entry_content
from crupier.ledger.verify import Checkpoint, main, verify

T1 = Actor("T1", "TC")
verify_module = importlib.import_module("crupier.ledger.verify")  # the name is the function's


@pytest.fixture
def chain(db_url: str, casino: SigningKey) -> str:
    with Ledger(db_url, casino) as ledger:
        for i in range(2, 11):
            ledger.append("fill", T1, {"amount": 1000 * i, "table": "BJ-3"})
    assert verify(db_url, [casino.public_key]).ok
    return db_url


def _rehash(row: dict[str, Any]) -> str:
    content = entry_content(
        row["seq"], row["recorded_at"], row["kind"], Actor(row["actor_id"], row["actor_role"]),
        parse(row["payload"]), row["prev_hash"], row["key_id"],
    )  # fmt: skip
    return digest(content)


def _broken(url: str, casino: SigningKey, **kwargs: Any) -> tuple[int | None, str | None]:
    report = verify(url, [casino.public_key], **kwargs)
    assert not report.ok
    return report.first_bad_seq, report.reason


def test_edited_payload(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("UPDATE ledger_entries SET payload = :p WHERE seq = 5", p='{"amount":1,"table":"BJ-3"}')
    assert _broken(chain, casino) == (5, "hash-mismatch")


def test_edited_payload_with_consistent_hash(chain: str, casino: SigningKey, raw: Any) -> None:
    row = raw.row(5)
    row["payload"] = '{"amount":1,"table":"BJ-3"}'
    raw.run("UPDATE ledger_entries SET payload = :p, hash = :h WHERE seq = 5",
            p=row["payload"], h=_rehash(row))  # fmt: skip
    assert _broken(chain, casino) == (5, "bad-signature")


def test_deleted_row(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("DELETE FROM ledger_entries WHERE seq = 5")
    assert _broken(chain, casino) == (5, "gap")


def test_forged_row_appended(chain: str, casino: SigningKey, raw: Any) -> None:
    last = raw.row(10)
    forger = SigningKey.generate()
    row = dict(last, seq=11, prev_hash=last["hash"], key_id=forger.key_id,
               payload='{"amount":999,"table":"BJ-3"}')  # fmt: skip
    row["hash"] = _rehash(row)
    row["signature"] = b64(forger.sign(bytes.fromhex(row["hash"])))
    columns = ", ".join(row)
    raw.run(
        f"INSERT INTO ledger_entries ({columns}) VALUES ({', '.join(':' + c for c in row)})", **row
    )
    assert _broken(chain, casino) == (11, "unknown-key")
    # the same forgery under the casino's key id: the signature does not verify
    raw.run("UPDATE ledger_entries SET key_id = :k WHERE seq = 11", k=casino.key_id)
    row["key_id"] = casino.key_id
    raw.run("UPDATE ledger_entries SET hash = :h WHERE seq = 11", h=_rehash(row))
    assert _broken(chain, casino) == (11, "bad-signature")


def test_forged_row_inserted_in_the_middle(chain: str, casino: SigningKey, raw: Any) -> None:
    for seq in range(10, 4, -1):  # make room at 5 by renumbering the tail
        raw.run("UPDATE ledger_entries SET seq = :n WHERE seq = :s", n=seq + 1, s=seq)
    row = dict(raw.row(6), seq=5, payload='{"amount":1,"table":"BJ-3"}')
    row["prev_hash"] = raw.row(4)["hash"]
    row["hash"] = _rehash(row)
    columns = ", ".join(row)
    raw.run(
        f"INSERT INTO ledger_entries ({columns}) VALUES ({', '.join(':' + c for c in row)})", **row
    )
    assert _broken(chain, casino) == (5, "bad-signature")


def test_swapped_rows(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("UPDATE ledger_entries SET seq = -1 WHERE seq = 4")
    raw.run("UPDATE ledger_entries SET seq = 4 WHERE seq = 5")
    raw.run("UPDATE ledger_entries SET seq = 5 WHERE seq = -1")
    assert _broken(chain, casino) == (4, "hash-mismatch")


def test_truncated_tail(chain: str, casino: SigningKey, raw: Any) -> None:
    checkpoint = Checkpoint(10, raw.row(10)["hash"])
    raw.run("DELETE FROM ledger_entries WHERE seq > 8")
    assert _broken(chain, casino) == (9, "truncated")  # the stored head still says 10
    raw.run("UPDATE ledger_head SET seq = 8, hash = :h", h=raw.row(8)["hash"])
    assert verify(chain, [casino.public_key]).ok  # undetectable without an outside head...
    assert _broken(chain, casino, head=checkpoint) == (9, "truncated")  # ...detected with one


def test_rewritten_chain_misses_checkpoint(chain: str, casino: SigningKey, raw: Any) -> None:
    # Even with the stolen casino key, a rewritten entry misses the kept checkpoint.
    checkpoint = Checkpoint(10, raw.row(10)["hash"])
    row = dict(raw.row(10), payload='{"amount":1,"table":"BJ-3"}')
    row["hash"] = _rehash(row)
    row["signature"] = b64(casino.sign(bytes.fromhex(row["hash"])))
    raw.run("UPDATE ledger_entries SET payload = :p, hash = :h, signature = :s WHERE seq = 10",
            p=row["payload"], h=row["hash"], s=row["signature"])  # fmt: skip
    raw.run("UPDATE ledger_head SET hash = :h", h=row["hash"])
    assert verify(chain, [casino.public_key]).ok
    assert _broken(chain, casino, head=checkpoint) == (10, "head-mismatch")


def test_forged_cosignature_with_stolen_casino_key(
    db_url: str, casino: SigningKey, raw: Any
) -> None:
    k1, mallory = SigningKey.generate(), SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.register_key("K1", k1, "CSH")
        fill = ledger.append("fill", T1, {"amount": 5}, cosigners=[Cosigner("K1", "CSH", k1)])
    row = raw.row(fill.seq + 1)
    payload = parse(row["payload"])
    payload["signature"] = b64(mallory.sign(bytes.fromhex(fill.hash)))
    from crupier.ledger.canonical import canonical_text

    row["payload"] = canonical_text(payload)
    row["hash"] = _rehash(row)
    row["signature"] = b64(casino.sign(bytes.fromhex(row["hash"])))
    raw.run("UPDATE ledger_entries SET payload = :p, hash = :h, signature = :s WHERE seq = :q",
            p=row["payload"], h=row["hash"], s=row["signature"], q=row["seq"])  # fmt: skip
    raw.run("UPDATE ledger_head SET hash = :h", h=row["hash"])
    assert _broken(db_url, casino) == (fill.seq + 1, "bad-cosignature")


def test_index_and_encoding_tampering(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("UPDATE ledger_entries SET ref_seq = 2 WHERE seq = 6")
    assert _broken(chain, casino) == (6, "index-mismatch")
    raw.run("UPDATE ledger_entries SET ref_seq = NULL WHERE seq = 6")
    raw.run(
        "UPDATE ledger_entries SET payload = :p WHERE seq = 3",
        p='{"amount": 3000, "table": "BJ-3"}',
    )
    assert _broken(chain, casino) == (3, "bad-encoding")
    raw.run(
        "UPDATE ledger_entries SET payload = :p WHERE seq = 3", p='{"amount":3000.0,"table":"BJ-3"}'
    )
    assert _broken(chain, casino) == (3, "bad-encoding")


def test_rotation_entries_are_checked(db_url: str, casino: SigningKey, raw: Any) -> None:
    new = SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.append("fill", T1, {"amount": 1})
        rotation = ledger.rotate(new, T1)
        ledger.append("fill", T1, {"amount": 2})
    assert verify(db_url, [casino.public_key]).ok
    # an entry after the rotation signed again by the old key: retired
    row = dict(raw.row(rotation.seq + 1), key_id=casino.key_id)
    row["hash"] = _rehash(row)
    row["signature"] = b64(casino.sign(bytes.fromhex(row["hash"])))
    raw.run("UPDATE ledger_entries SET key_id = :k, hash = :h, signature = :s WHERE seq = :q",
            k=row["key_id"], h=row["hash"], s=row["signature"], q=row["seq"])  # fmt: skip
    assert _broken(db_url, casino) == (rotation.seq + 1, "retired-key")


def test_cli(chain: str, casino: SigningKey, raw: Any, tmp_path: Path, capsys: Any) -> None:
    pub = tmp_path / "casino.pub"
    save_public_key(casino.public_key, pub)
    head = raw.row(10)["hash"]
    assert main(["--db", chain, "--key", str(pub), "--head", f"10:{head}"]) == 0
    assert capsys.readouterr().out.startswith("OK: 10 entries, head 10")
    raw.run("UPDATE ledger_entries SET payload = :p WHERE seq = 7", p='{"amount":1,"table":"BJ-3"}')
    assert main(["--db", chain, "--key", str(pub)]) == 1
    assert "BROKEN at seq 7: hash-mismatch" in capsys.readouterr().out
    assert main(["--db", chain, "--key", str(pub), "--json"]) == 1
    assert '"first_bad_seq": 7' in capsys.readouterr().out
    assert main(["--db", chain, "--key", str(pub), "--head", "nonsense"]) == 2
    assert main(["--db", chain, "--key", str(tmp_path / "missing.pub")]) == 2


def test_every_row_deleted(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("DELETE FROM ledger_entries")
    assert _broken(chain, casino) == (1, "truncated")
    raw.run("DELETE FROM ledger_head")  # the head row too: still no "OK: 0 entries"
    assert _broken(chain, casino) == (1, "truncated")


def test_fresh_ledger_without_genesis_is_not_ok(db_url: str, casino: SigningKey) -> None:
    Ledger(db_url, casino).close()
    assert _broken(db_url, casino) == (1, "truncated")  # a trusted key, but no genesis


def test_head_row_deleted(chain: str, casino: SigningKey, raw: Any) -> None:
    raw.run("DELETE FROM ledger_head")
    assert _broken(chain, casino) == (11, "head-missing")
    with Ledger(chain, casino) as ledger:  # reopening does not recreate it...
        with pytest.raises(HeadMissing):  # ...and appends fail with a typed error
            ledger.append("fill", T1, {"amount": 1})
        with pytest.raises(HeadMissing):
            ledger.head()
    assert _broken(chain, casino) == (11, "head-missing")


def test_broken_link_with_stolen_casino_key(chain: str, casino: SigningKey, raw: Any) -> None:
    # Entry 6 re-chained onto entry 4 (entry 5 "skipped"), hash and signature recomputed.
    row = dict(raw.row(6), prev_hash=raw.row(4)["hash"])
    row["hash"] = _rehash(row)
    row["signature"] = b64(casino.sign(bytes.fromhex(row["hash"])))
    raw.run("UPDATE ledger_entries SET prev_hash = :p, hash = :h, signature = :s WHERE seq = 6",
            p=row["prev_hash"], h=row["hash"], s=row["signature"])  # fmt: skip
    assert _broken(chain, casino) == (6, "broken-link")


def test_head_and_unique_rows_are_protected(chain: str, casino: SigningKey) -> None:
    """Without dropping the triggers, the head row can neither go nor move back."""
    with Ledger(chain, casino) as ledger:
        ledger.append("fill", T1, {"slip": "F-1"}, unique=[("slip", "F-1")])
        engine = ledger.engine
        for sql in (
            "DELETE FROM ledger_head",
            "UPDATE ledger_head SET seq = 5",
            "UPDATE ledger_head SET hash = 'ab'",
            "UPDATE ledger_head SET seq = 99",  # forward, but to no stored entry
            "DELETE FROM ledger_unique",
            "UPDATE ledger_unique SET key = 'F-2'",
        ):
            with pytest.raises(DBAPIError, match="immutable-entry"), engine.begin() as conn:
                conn.execute(text(sql))
        assert ledger.head()[0] == 11
    assert verify(chain, [casino.public_key]).ok


def test_a_revocation_by_the_casino_key_alone_is_reported(db_url: str, casino: SigningKey) -> None:
    # whoever holds the casino key and the database can write a key.revoked entry, but
    # cannot make the sponsor's endorsement: verify names it (like an unsponsored key)
    t1, k1 = SigningKey.generate(), SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.register_key("T1", t1, "TC")
        ledger.register_key("K1", k1, "CSH", sponsor=Cosigner("T1", "TC", t1))
        payload = {"key_id": k1.key_id, "staff_id": "K1", "reason": "card lost"}
        system = Actor("system", "SYSTEM")
        forged = ledger._work(lambda txn: ledger._write(txn, "key.revoked", system, payload))
    assert _broken(db_url, casino) == (forged.seq, "unsponsored-revocation")


def test_a_revocation_endorsed_by_another_key_holder_verifies(
    db_url: str, casino: SigningKey
) -> None:
    t1, k1 = SigningKey.generate(), SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.register_key("T1", t1, "TC")
        ledger.register_key("K1", k1, "CSH", sponsor=Cosigner("T1", "TC", t1))
        with pytest.raises(UnsponsoredKey):  # no endorsement
            ledger.revoke_key(k1.key_id, T1, "card lost")
        with pytest.raises(UnsponsoredKey):  # nobody endorses revoking their own key
            ledger.revoke_key(k1.key_id, T1, "card lost", sponsor=Cosigner("K1", "CSH", k1))
        revoked = ledger.revoke_key(
            k1.key_id, T1, "card lost", sponsor=Cosigner("T1", "TC", t1, "KEY_REVOCATION")
        )
    assert revoked.payload["sponsor"]["id"] == "T1"
    assert verify(db_url, [casino.public_key]).ok


def test_signatures_checked_by_worker_processes_give_the_same_report(
    chain: str, casino: SigningKey, raw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a large ledger's signatures go to worker processes in chunks; chunks of 3 here
    monkeypatch.setattr(verify_module, "_CHUNK", 3)
    assert verify(chain, [casino.public_key], workers=2) == verify(
        chain, [casino.public_key], workers=1
    )
    wrong = b64(casino.sign(b"another message"))
    raw.run("UPDATE ledger_entries SET signature = :s WHERE seq = 7", s=wrong)
    for workers in (1, 2):
        assert _broken(chain, casino, workers=workers) == (7, "bad-signature")
    raw.run("UPDATE ledger_entries SET payload = '{}' WHERE seq = 9")  # after: still 7
    assert _broken(chain, casino, workers=2) == (7, "bad-signature")
    raw.run("UPDATE ledger_entries SET payload = '{}' WHERE seq = 4")  # before: 4
    for workers in (1, 2):
        assert _broken(chain, casino, workers=workers) == (4, "hash-mismatch")
    reports = [verify(chain, [casino.public_key], workers=w) for w in (1, 2)]
    assert reports[0] == reports[1]
