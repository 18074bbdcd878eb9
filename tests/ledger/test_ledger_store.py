"""The store: append and read, co-signatures, concurrency, rotation, corrections."""

from __future__ import annotations

import multiprocessing
import threading
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from crupier.ledger import errors
from crupier.ledger.keys import SigningKey
from crupier.ledger.store import GENESIS_HASH, Actor, Change, Cosigner, Ledger, make_engine
from crupier.ledger.verify import verify

T1 = Actor("T1", "TC")
D1 = Actor("D1", "DIR")


def test_append_and_read(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        opened = ledger.append("table.opened", T1, {"table": "BJ-3", "float": 2000000})
        played = ledger.append("round.played", Actor("R2", "DLR"), {"round": 1, "result": [1, 2]})
        genesis = ledger.get(1)
        assert genesis.kind == "ledger.genesis" and genesis.prev_hash == GENESIS_HASH
        assert genesis.payload["key_id"] == casino.key_id
        assert (opened.seq, played.seq) == (2, 3)
        assert played.prev_hash == opened.hash
        assert ledger.get(3) == played
        assert [e.seq for e in ledger.entries()] == [1, 2, 3]
        assert ledger.head() == (3, played.hash)
        assert played.recorded_at >= opened.recorded_at
        assert played.actor == Actor("R2", "DLR")
        with pytest.raises(errors.UnknownEntry):
            ledger.get(4)
    assert verify(db_url, [casino.public_key]).ok


def test_refusals_append_nothing(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("fill", T1, {"amount": 1})
        with pytest.raises(errors.NonCanonicalValue):
            ledger.append("fill", T1, {"amount": 10.5})
        with pytest.raises(errors.ReservedKind):
            ledger.append("correction", T1, {})
        with pytest.raises(errors.UnknownKey):
            Ledger(db_url).append("fill", T1, {"amount": 1})
        assert ledger.head()[0] == 2


def test_storage_refuses_update_and_delete(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("fill", T1, {"amount": 1})
        for sql in (
            "UPDATE ledger_entries SET payload = '{}' WHERE seq = 2",
            "DELETE FROM ledger_entries WHERE seq = 2",
        ):
            with pytest.raises(DBAPIError, match="immutable-entry"), ledger.engine.begin() as conn:
                conn.execute(text(sql))
        assert ledger.get(2).payload == {"amount": 1}


def test_no_update_or_delete_api() -> None:
    assert not [name for name in dir(Ledger) if name.startswith(("update", "delete", "remove"))]


def test_cosignatures(db_url: str, casino: SigningKey) -> None:
    t1, k1, intruder = SigningKey.generate(), SigningKey.generate(), SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.register_key("T1", t1, "TC")  # a root key (no sponsor) in this plain ledger
        ledger.register_key("K1", k1, "CSH", sponsor=Cosigner("T1", "TC", t1))
        fill = ledger.append(
            "fill", T1, {"amount": 1000000}, cosigners=[Cosigner("T1", "TC", t1, "TABLE_CHIEF")]
        )
        ledger.cosign(fill.seq, Cosigner("K1", "CSH", k1, "CASHIER"))
        sigs = ledger.signatures(fill.seq)
        assert [(s.payload["signer"]["id"], s.payload["purpose"]) for s in sigs] == [
            ("T1", "TABLE_CHIEF"),
            ("K1", "CASHIER"),
        ]
        assert all(s.payload["target"] == {"seq": fill.seq, "hash": fill.hash} for s in sigs)
        with pytest.raises(errors.SameSigner):
            ledger.cosign(fill.seq, Cosigner("T1", "CSH", t1, "CASHIER"))
        with pytest.raises(errors.UnknownKey):
            ledger.cosign(fill.seq, Cosigner("X9", "CSH", intruder))
        with pytest.raises(errors.UnknownKey):  # a key registered to someone else
            ledger.cosign(fill.seq, Cosigner("K2", "CSH", k1))
        ledger.revoke_key(k1.key_id, D1, "card withdrawn", sponsor=Cosigner("T1", "TC", t1))
        other = ledger.append("credit", T1, {"amount": 5})
        with pytest.raises(errors.SignatureInvalid, match="revoked"):
            ledger.cosign(other.seq, Cosigner("K1", "CSH", k1))
        head = ledger.head()
    assert head[0] == 8
    assert verify(db_url, [casino.public_key]).ok


def _hammer(url: str, raw_key: bytes, writer: int, count: int) -> None:
    key = SigningKey(Ed25519PrivateKey.from_private_bytes(raw_key))
    with Ledger(url, key) as ledger:
        for i in range(count):
            ledger.append("round.played", Actor(f"R{writer}", "DLR"), {"writer": writer, "i": i})


def _raw(key: SigningKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.private_key.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )


def _check_concurrent_result(url: str, casino: SigningKey, writers: int, count: int) -> None:
    with Ledger(url) as ledger:
        seqs = [e.seq for e in ledger.entries()]
        payloads = [e.payload for e in ledger.entries() if e.kind == "round.played"]
    assert seqs == list(range(1, writers * count + 3))  # + genesis, opening; gapless, no fork
    for w in range(writers):  # each writer's own appends keep their order
        assert [p["i"] for p in payloads if p["writer"] == w] == list(range(count))
    assert verify(url, [casino.public_key]).ok


def test_concurrent_threads(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("table.opened", T1, {})
    threads = [
        threading.Thread(target=_hammer, args=(db_url, _raw(casino), w, 25)) for w in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _check_concurrent_result(db_url, casino, 4, 25)


def test_concurrent_processes(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("table.opened", T1, {})
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_hammer, args=(db_url, _raw(casino), w, 30)) for w in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    _check_concurrent_result(db_url, casino, 3, 30)


def test_rotation(db_url: str, casino: SigningKey) -> None:
    new = SigningKey.generate()
    with Ledger(db_url, casino) as ledger:
        ledger.append("fill", T1, {"amount": 1})
        rotation = ledger.rotate(new, D1)
        assert rotation.key_id == casino.key_id  # signed by the old key
        assert rotation.payload["new_key_id"] == new.key_id
        after = ledger.append("fill", T1, {"amount": 2})
        assert after.key_id == new.key_id
    with Ledger(db_url, casino) as stale, pytest.raises(errors.KeyRetired):
        stale.append("fill", T1, {"amount": 3})
    report = verify(db_url, [casino.public_key])  # only the genesis key is an anchor
    assert report.ok and report.head_seq == 4
    with Ledger(db_url, new) as ledger:
        ledger.append("fill", T1, {"amount": 4})
    assert verify(db_url, [casino.public_key]).ok
    assert verify(db_url, [new.public_key]).reason == "unknown-key"  # genesis not trusted


class Books:
    """The AS-04 fixture: a FILL of 10,000.00 that was really 1,000.00."""

    def __init__(self, url: str, casino: SigningKey) -> None:
        self.d1, self.c1 = SigningKey.generate(), SigningKey.generate()
        self.ledger = Ledger(url, casino)
        self.ledger.register_key("D1", self.d1, "DIR")
        self.ledger.register_key("C1", self.c1, "CDM", sponsor=Cosigner("D1", "DIR", self.d1))
        self.fill = self.ledger.append("fill", T1, {"table": "BJ-3", "amount": 1000000})

    def approver(self, who: str = "D1") -> Cosigner:
        return Cosigner(who, "DIR", self.d1 if who == "D1" else self.c1, "approval")


@pytest.fixture
def books(db_url: str, casino: SigningKey) -> Any:
    b = Books(db_url, casino)
    yield b
    b.ledger.close()


def test_correction_keeps_original_and_applies_on_approval(
    books: Books, db_url: str, casino: SigningKey
) -> None:
    ledger, fill = books.ledger, books.fill
    fix = ledger.correct(fill.seq, [Change("amount", 1000000, 100000)], "slip misread", T1)
    assert fix.payload["corrects"] == {"seq": fill.seq, "hash": fill.hash}
    assert fix.payload["red_ink"] is True
    view = ledger.current_view(fill.seq)
    assert view.pending and view.effective_payload["amount"] == 1000000
    with pytest.raises(errors.CorrectionPending):
        ledger.correct(fill.seq, [Change("amount", 1000000, 0)], "again", Actor("K1", "CSH"))
    with pytest.raises(errors.SameSigner):
        ledger.decide(fix.seq, True, Cosigner("T1", "TC", books.d1))
    decision = ledger.decide(fix.seq, True, books.approver())
    assert decision.payload["decision"] == "APPROVED"
    assert [s.payload["signer"]["id"] for s in ledger.signatures(decision.seq)] == ["D1"]
    view = ledger.current_view(fill.seq)
    assert not view.pending
    assert view.original == fill and ledger.get(fill.seq) == fill
    assert view.effective_payload == {"table": "BJ-3", "amount": 100000}
    assert [c.state for c in view.corrections] == ["APPROVED"]
    with pytest.raises(errors.NotACorrection):
        ledger.decide(fix.seq, False, books.approver("C1"))
    with pytest.raises(errors.StaleCorrection):  # old value must be the effective one
        ledger.correct(fill.seq, [Change("amount", 1000000, 5)], "x", T1)
    assert verify(db_url, [casino.public_key]).ok


def test_rejection_and_annulment(books: Books, db_url: str, casino: SigningKey) -> None:
    ledger, fill = books.ledger, books.fill
    fix = ledger.correct(fill.seq, [Change("amount", 1000000, 1)], "typo", T1)
    ledger.decide(fix.seq, False, books.approver())
    view = ledger.current_view(fill.seq)
    assert view.effective_payload["amount"] == 1000000
    assert [c.state for c in view.corrections] == ["REJECTED"]
    annul = ledger.correct(fill.seq, [Change("@status", "ACTIVE", "ANNULLED")], "duplicate", T1)
    ledger.decide(annul.seq, True, books.approver("C1"))
    view = ledger.current_view(fill.seq)
    assert view.status == "ANNULLED" and len(view.corrections) == 2
    with pytest.raises(errors.EmptyReason):
        ledger.correct(fill.seq, [Change("amount", 1000000, 2)], " ", T1)
    with pytest.raises(errors.ReservedKind):
        ledger.correct(1, [Change("key_id", "a", "b")], "no", T1)
    assert verify(db_url, [casino.public_key]).ok


def test_sqlite_is_in_wal_mode(tmp_path: Any, casino: SigningKey) -> None:
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    Ledger(url, casino).close()
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


def test_nested_units_undo_only_their_own_part(db_url: str, casino: SigningKey) -> None:
    """A unit inside a unit is undone alone, whether it sent a statement to the database
    (its savepoint is rolled back) or only queued its entry (the entry is dropped): the
    chain stays gapless and verifies, and the outer unit commits the rest."""
    with Ledger(db_url, casino) as ledger:

        def refuse(read: bool) -> None:
            ledger.append("bet", T1, {"n": "undone"})
            if read:
                list(ledger.entries())  # a statement: the savepoint is opened
            ledger.append("bet", T1, {"n": "undone too"})
            raise ValueError("refused")

        def keep() -> int:
            ledger.append("bet", T1, {"n": 3})
            assert len(list(ledger.entries())) == 4  # a read sees the unit's own entries
            return ledger.append("bet", T1, {"n": 4}).seq

        def outer() -> list[int | None]:
            seqs: list[int | None] = [ledger.append("bet", T1, {"n": 1}).seq]
            for read in (False, True):
                with pytest.raises(ValueError):
                    ledger.unit(lambda read=read: refuse(read))
                seqs.append(ledger.unit_head())
            ledger.append("bet", T1, {"n": 2})
            seqs.append(ledger.unit(keep))
            return seqs

        assert ledger.unit_head() is None  # outside a unit
        assert ledger.unit(outer) == [2, 2, 2, 5]
        payloads = [e.payload for e in ledger.entries(2)]
        assert payloads == [{"n": 1}, {"n": 2}, {"n": 3}, {"n": 4}]
    assert verify(db_url, [casino.public_key]).ok


def test_a_key_revoked_by_another_writer_signs_nothing_more(
    db_url: str, casino: SigningKey
) -> None:
    """Each writer keeps the staff keys in memory and skips reading them while no one else
    has written: a revocation committed by another writer must still take effect at once."""
    t1, k1 = SigningKey.generate(), SigningKey.generate()
    k1_actor = Actor("K1", "CSH")
    with Ledger(db_url, casino) as first, Ledger(db_url, casino) as second:
        first.register_key("T1", t1, "TC")
        first.register_key("K1", k1, "CSH", sponsor=Cosigner("T1", "TC", t1))
        second.append("count", k1_actor, {"n": 1}, author_key=k1)  # the key, read by `second`
        second.append("count", k1_actor, {"n": 2}, author_key=k1)  # nothing new: not read
        first.revoke_key(k1.key_id, D1, "card withdrawn", sponsor=Cosigner("T1", "TC", t1))
        with pytest.raises(errors.UnknownKey):
            second.append("count", k1_actor, {"n": 3}, author_key=k1)
        assert [e.payload for e in second.entries() if e.kind == "count"] == [{"n": 1}, {"n": 2}]


def test_a_key_registered_or_revoked_in_the_same_unit_counts_at_once(
    db_url: str, casino: SigningKey
) -> None:
    t1, k1 = SigningKey.generate(), SigningKey.generate()
    k1_actor = Actor("K1", "CSH")
    with Ledger(db_url, casino) as ledger:
        ledger.register_key("T1", t1, "TC")
        ledger.append("count", T1, {"n": 0}, author_key=t1)  # the registry read, up to here

        def register_then_sign() -> None:
            ledger.register_key("K1", k1, "CSH", sponsor=Cosigner("T1", "TC", t1))
            ledger.append("count", k1_actor, {"n": 1}, author_key=k1)

        ledger.unit(register_then_sign)

        def revoke_then_sign() -> None:
            ledger.revoke_key(k1.key_id, D1, "card withdrawn", sponsor=Cosigner("T1", "TC", t1))
            ledger.append("count", k1_actor, {"n": 2}, author_key=k1)

        with pytest.raises(errors.UnknownKey):
            ledger.unit(revoke_then_sign)
        # the refused unit's revocation was rolled back with it: K1 still signs
        ledger.append("count", k1_actor, {"n": 3}, author_key=k1)
        assert [e.payload["n"] for e in ledger.entries() if e.kind == "count"] == [0, 1, 3]
