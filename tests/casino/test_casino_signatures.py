"""Who signs: staff keys bound to their persons, the author's signature on every entry.

OPS-INT-10: "The key is bound to the signer's identity. The author signs when creating
the entry." §4.1 / OPS-SEC-04: the ADM role creates and signs no entry.

The attacks here are those of someone holding the casino key and the database: they
can write any row the casino key signs (through the store's own low-level writer, so
the hash chain and the casino signatures are right), but no staff member's key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crupier.casino import Casino, ManualClock
from crupier.casino.base import SYSTEM_KINDS, Keyring
from crupier.casino.demo import demo_day
from crupier.casino.errors import OpsError
from crupier.casino.fixture import build, chips_for, open_day, open_table
from crupier.casino.roles import Role
from crupier.ledger import Actor, Ledger, SigningKey
from crupier.ledger import errors as lerr
from crupier.ledger.keys import (
    b64,
    load_public_key,
    public_key_from_b64,
    save_public_key,
    unb64,
    verify_signature,
)
from crupier.ledger.store import KEY_REGISTERED, SIGNATURE, SYSTEM_ID, Entry
from crupier.ledger.verify import main as verify_main
from crupier.ledger.verify import verify


def _forge(url: str, casino_key: SigningKey, kind: str, actor: Actor, payload: Any,
           author_key: SigningKey | None = None) -> Entry:  # fmt: skip
    """Append a row as the holder of the casino key would: no check, right hash and signature."""
    ledger = Ledger(url, casino_key)
    try:
        return ledger._work(lambda txn: ledger._write(txn, kind, actor, payload, author_key))
    finally:
        ledger.close()


def _forge_fill(url: str, casino_key: SigningKey, keys: dict[str, SigningKey]) -> int:
    """A FILL of 50,000.00 on BJ-3 'by T1', co-signed 'T1' and 'K1' with ``keys``."""
    fill = _forge(url, casino_key, "A43.FILL", Actor("T1", "TC"), {
        "book": "A43", "volume": 2026, "type": "FILL", "table": "BJ-3",
        "data": {"total": 5_000_000, "chips": {"10000": 500}, "slip": "F-9999"},
    }, keys["T1"])  # fmt: skip
    for who, purpose in (("T1", "TABLE_CHIEF"), ("K1", "CASHIER")):
        key = keys[who]
        _forge(url, casino_key, SIGNATURE, Actor(who, "TC" if who == "T1" else "CSH"), {
            "target": fill.ref(), "signer": {"id": who, "role": "TC" if who == "T1" else "CSH"},
            "purpose": purpose, "key_id": key.key_id,
            "signature": b64(key.sign(bytes.fromhex(fill.hash))),
        })  # fmt: skip
    return fill.seq


def _registration(staff: str, key: SigningKey, sponsor: dict[str, Any] | None,
                  replaces: str | None = None) -> dict[str, Any]:  # fmt: skip
    return {
        "staff_id": staff, "key_id": key.key_id, "public_key": key.public_b64,
        "replaces": replaces, "sponsor": sponsor,
    }  # fmt: skip


@pytest.fixture
def books(tmp_path: Path) -> tuple[Casino, SigningKey, Keyring, Path]:
    """CAS-T with BJ-3 open, its casino key saved as ``casino.pub`` for ``crupier verify``."""
    key, keyring, clock = SigningKey.generate(), Keyring(), ManualClock("2026-03-01 12:00")
    casino = build(f"sqlite:///{tmp_path / 'cas.db'}", clock=clock, casino_key=key, keyring=keyring)
    open_day(casino, clock)
    open_table(casino, "BJ-3")
    save_public_key(key.public_key, tmp_path / "casino.pub")
    for inspector in ("I7", "I8"):
        save_public_key(keyring.key(inspector).public_key, tmp_path / f"{inspector}.pub")
    return casino, key, keyring, tmp_path


def _verify_cli(folder: Path, capsys: Any, *, authorities: bool = False) -> tuple[int, str]:
    args = ["--db", f"sqlite:///{folder / 'cas.db'}", "--key", str(folder / "casino.pub")]
    if authorities:
        args += [
            "--authority-key",
            str(folder / "I7.pub"),
            "--authority-key",
            str(folder / "I8.pub"),
        ]
    code = verify_main(args)
    return code, capsys.readouterr().out


def test_honest_books_verify_with_the_inspectors_keys_as_anchors(books: Any, capsys: Any) -> None:
    casino, _key, _ring, folder = books
    casino.ledger.close()
    assert _verify_cli(folder, capsys, authorities=True)[0] == 0
    code, out = _verify_cli(folder, capsys)
    assert code == 0 and "root keys taken on trust: I7, I8" in out


def test_a_second_key_for_t1_made_with_the_casino_key_is_reported(books: Any, capsys: Any) -> None:
    casino, key, _ring, folder = books
    url = casino.ledger.url
    casino.ledger.close()
    forged = {"T1": SigningKey.generate(), "K1": SigningKey.generate()}
    first = None
    for who, fake in forged.items():  # unsponsored "registrations" of T1's and K1's keys
        entry = _forge(url, key, KEY_REGISTERED, Actor(who, "STAFF"),
                       _registration(who, fake, None), fake)  # fmt: skip
        first = first or entry.seq
    _forge_fill(url, key, forged)
    code, out = _verify_cli(folder, capsys)
    assert code == 1
    assert f"BROKEN at seq {first}: rebound-key" in out


def test_a_new_person_sponsored_by_nobody_is_reported(books: Any, capsys: Any) -> None:
    casino, key, _ring, folder = books
    url = casino.ledger.url
    casino.ledger.close()
    fake = SigningKey.generate()
    entry = _forge(
        url, key, KEY_REGISTERED, Actor("X9", "STAFF"), _registration("X9", fake, None), fake
    )
    code, out = _verify_cli(folder, capsys, authorities=True)
    assert (code, f"BROKEN at seq {entry.seq}: unanchored-key" in out) == (1, True)
    code, out = _verify_cli(folder, capsys)  # without the CRAJ's keys: named, never hidden
    assert code == 0 and "root keys taken on trust: I7, I8, X9" in out


def test_a_sponsor_signature_made_up_with_the_casino_key_is_reported(
    books: Any, capsys: Any
) -> None:
    casino, key, keyring, folder = books
    url = casino.ledger.url
    director_key_id = keyring.key("D1").key_id
    casino.ledger.close()
    fake = SigningKey.generate()
    sponsor = {"id": "D1", "role": "DIR", "key_id": director_key_id,
               "signature": b64(key.sign(b"anything"))}  # fmt: skip
    entry = _forge(url, key, KEY_REGISTERED, Actor("X9", "STAFF"),
                   _registration("X9", fake, sponsor), fake)  # fmt: skip
    code, out = _verify_cli(folder, capsys)
    assert code == 1 and f"BROKEN at seq {entry.seq}: unsponsored-key" in out


def test_keys_are_registered_once_sponsored_by_the_director(books: Any) -> None:
    casino, _key, keyring, _folder = books
    head = casino.ledger.head()
    with pytest.raises(lerr.KeyBound):  # the ledger API refuses a second key for T1
        casino.ledger.register_key("T1", SigningKey.generate(), "TC")
    with pytest.raises(OpsError) as refused:  # only the director in office sponsors
        casino.register_person("R9", "Nil", "Puig Soler", "AD-R9", sponsor="T1")
    assert refused.value.code == "PERMISSION_DENIED"
    with pytest.raises(
        OpsError
    ) as refused:  # the CRAJ sponsors only while no director is in office
        casino.register_person("R9", "Nil", "Puig Soler", "AD-R9", sponsor="I7")
    assert refused.value.code == "PERMISSION_DENIED"
    assert casino.ledger.head() == head
    casino.register_person("R9", "Nil", "Puig Soler", "AD-R9")
    registration = next(e for e in casino.ledger.entries(head[0] + 1) if e.kind == KEY_REGISTERED)
    assert registration.actor.id == "R9" and registration.payload["sponsor"]["id"] == "D1"
    assert registration.payload["key_id"] == keyring.key("R9").key_id
    assert verify(casino.ledger.url, [casino.ledger._key.public_key]).ok  # type: ignore[union-attr]


def test_a_rotated_key_signs_nothing_more(books: Any, capsys: Any) -> None:
    casino, key, keyring, folder = books
    old = keyring.key("K1")
    casino.rotate_staff_key("K1")
    assert keyring.key("K1").key_id != old.key_id
    casino.fill("BJ-3", by="T1", cashier="K1", chips=chips_for(100_000), slip="F-0002")
    url = casino.ledger.url
    casino.ledger.close()
    assert _verify_cli(folder, capsys, authorities=True)[0] == 0
    seq = _forge_fill(url, key, {"T1": keyring.key("T1"), "K1": old})
    code, out = _verify_cli(folder, capsys, authorities=True)
    assert code == 1 and f"BROKEN at seq {seq + 2}: superseded-key" in out


def test_every_entry_of_a_demo_day_is_signed_by_its_author(tmp_path: Path) -> None:
    report = demo_day(f"sqlite:///{tmp_path / 'demo.db'}", key_dir=tmp_path)
    keys: dict[str, Any] = {}
    signed = system = 0
    with Ledger(report.url) as ledger:
        for entry in ledger.entries():
            if entry.kind == KEY_REGISTERED:
                keys[entry.payload["staff_id"]] = public_key_from_b64(entry.payload["public_key"])
            if entry.kind in (SIGNATURE, "ledger.genesis"):
                continue
            if entry.actor.id == SYSTEM_ID:
                assert entry.author_signature is None
                assert entry.kind in SYSTEM_KINDS, entry.kind
                system += 1
                continue
            assert entry.actor.role != "ADM"
            assert entry.author_signature is not None, (entry.seq, entry.kind)
            message = bytes.fromhex(entry.hash)
            assert verify_signature(keys[entry.actor.id], unb64(entry.author_signature), message)
            signed += 1
    assert signed > sum(report.rounds.values())  # every round, and the day around them
    assert system > 0
    assert verify(report.url, [load_public_key(report.public_key)]).ok


def test_an_unsigned_entry_by_a_person_is_reported(books: Any, capsys: Any) -> None:
    casino, key, _ring, folder = books
    url = casino.ledger.url
    casino.ledger.close()
    entry = _forge(url, key, "JNL.ROUND", Actor("R2", "DLR"), {"book": "JNL", "data": {}})
    code, out = _verify_cli(folder, capsys)
    assert code == 1 and f"BROKEN at seq {entry.seq}: unsigned-entry" in out


def test_the_system_writes_only_its_own_kinds(books: Any, capsys: Any) -> None:
    casino, key, _ring, folder = books
    url = casino.ledger.url
    with pytest.raises(OpsError) as refused:
        casino.record("A43", "FILL", {"total": 1}, by="system", role=Role.TC)
    assert refused.value.code == "PERMISSION_DENIED"
    casino.ledger.close()
    entry = _forge(url, key, "A43.FILL", Actor(SYSTEM_ID, "SYSTEM"), {"book": "A43", "data": {}})
    code, out = _verify_cli(folder, capsys)
    assert code == 1 and f"BROKEN at seq {entry.seq}: system-author" in out


def test_an_administrator_authors_nothing(books: Any) -> None:
    casino, *_ = books
    casino.register_person("A1", "Admin", "Istrador", "AD-A1")
    casino.assign("A1", Role.ADM)
    head = casino.ledger.head()
    for attempt in (
        lambda: casino.fill("BJ-3", by="A1", cashier="K1", chips=chips_for(100_000), slip="F-7"),
        lambda: casino.sign(casino.ledger.head()[0], "A1", "CASHIER"),
        lambda: casino.request_correction(head[0], [("total", 0, 1)], "typo", by="A1"),
    ):
        with pytest.raises(OpsError):
            attempt()
    assert casino.ledger.head() == head


def test_a_key_is_revoked_only_with_the_directors_endorsement(books: Any, capsys: Any) -> None:
    casino, _key, _ring, folder = books
    head = casino.ledger.head()
    with pytest.raises(OpsError) as refused:  # a table chief may not unbind a cashier's key
        casino.revoke_staff_key("K1", reason="card lost", by="T1")
    assert refused.value.code == "PERMISSION_DENIED"
    with pytest.raises(OpsError) as refused:  # nor the director his own: the CRAJ does
        casino.revoke_staff_key("D1", reason="card lost", by="D1")
    assert refused.value.code == "PERMISSION_DENIED"
    assert casino.ledger.head() == head
    entry = casino.revoke_staff_key("K1", reason="card lost")
    assert entry.actor.id == "D1" and entry.payload["sponsor"]["id"] == "D1"
    with pytest.raises(OpsError):  # the revoked key co-signs nothing more
        casino.fill("BJ-3", by="T1", cashier="K1", chips=chips_for(100_000), slip="F-0003")
    assert casino.revoke_staff_key("D1", reason="card lost", by="I7").actor.id == "I7"
    casino.ledger.close()
    assert _verify_cli(folder, capsys, authorities=True)[0] == 0


def test_a_revocation_endorsement_made_up_with_the_casino_key_is_reported(
    books: Any, capsys: Any
) -> None:
    casino, key, keyring, folder = books
    url = casino.ledger.url
    casino.ledger.close()
    sponsor = {"id": "D1", "role": "DIR", "key_id": keyring.key("D1").key_id,
               "signature": b64(key.sign(b"anything"))}  # fmt: skip
    entry = _forge(url, key, "key.revoked", Actor("D1", "DIR"), {
        "key_id": keyring.key("K1").key_id, "staff_id": "K1", "reason": "x", "sponsor": sponsor,
    }, keyring.key("D1"))  # fmt: skip
    code, out = _verify_cli(folder, capsys)
    assert code == 1 and f"BROKEN at seq {entry.seq}: unsponsored-revocation" in out
