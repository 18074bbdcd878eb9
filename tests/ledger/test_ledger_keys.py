"""Key files: encrypted, 0600, never overwritten, refused when unsafe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crupier.ledger.errors import KeyFileError
from crupier.ledger.keys import (
    SigningKey,
    generate_key_files,
    key_id,
    load_private_key,
    load_public_key,
    save_private_key,
)


def test_generate_store_load(tmp_path: Path) -> None:
    key, private_path, public_path = generate_key_files(tmp_path, "casino-2026", b"pass phrase")
    assert private_path.stat().st_mode & 0o777 == 0o600
    assert b"ENCRYPTED PRIVATE KEY" in private_path.read_bytes()
    assert load_private_key(private_path, b"pass phrase").key_id == key.key_id
    assert key_id(load_public_key(public_path)) == key.key_id


def test_wrong_passphrase(tmp_path: Path) -> None:
    _, private_path, _ = generate_key_files(tmp_path, "k", b"right")
    with pytest.raises(KeyFileError) as info:
        load_private_key(private_path, b"wrong")
    assert info.value.code == "key-file-error"


def test_too_open_permissions_refused(tmp_path: Path) -> None:
    _, private_path, _ = generate_key_files(tmp_path, "k", b"right")
    os.chmod(private_path, 0o644)
    with pytest.raises(KeyFileError, match="too open"):
        load_private_key(private_path, b"right")


def test_never_overwritten_and_never_unencrypted(tmp_path: Path) -> None:
    key = SigningKey.generate()
    save_private_key(key, tmp_path / "k.key", b"x")
    with pytest.raises(KeyFileError, match="already exists"):
        save_private_key(SigningKey.generate(), tmp_path / "k.key", b"x")
    with pytest.raises(KeyFileError, match="passphrase"):
        save_private_key(key, tmp_path / "other.key", b"")


def test_key_ids_differ() -> None:
    assert SigningKey.generate().key_id != SigningKey.generate().key_id
