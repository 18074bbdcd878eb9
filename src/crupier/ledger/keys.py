"""Ed25519 keys of the casino and of the staff: generate, store, load, identify.

A :class:`SigningKey` wraps an Ed25519 private key with its ``key_id`` (``ed25519:`` and
the first 32 hex digits of the SHA-256 of the raw public key). Private keys are stored
as PKCS#8 PEM encrypted with a passphrase, in files created with mode ``0600``;
loading refuses a file that group or others may read. Public keys are plain PEM.

Keys are made, stored and used for signing with ``cryptography`` (OpenSSL); signatures
are *checked* with libsodium through PyNaCl (both PyCA projects), whose Ed25519
verification is about twice as fast as OpenSSL's: :func:`crupier.ledger.verify.verify`
checks one or more signatures per entry, and they are most of its time.

Rotation of the casino key is a ledger entry (see :meth:`crupier.ledger.store.Ledger.rotate`):
the old key signs an entry that introduces the new public key, and the new key proves
possession by signing the rotation statement (:func:`rotation_statement`).

>>> import tempfile, pathlib
>>> key = SigningKey.generate()
>>> key.key_id.startswith("ed25519:") and len(key.key_id) == 40
True
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save_private_key(key, folder / "casino.key", b"s3cret")
>>> oct((folder / "casino.key").stat().st_mode & 0o777)
'0o600'
>>> load_private_key(folder / "casino.key", b"s3cret").key_id == key.key_id
True
>>> load_private_key(folder / "casino.key", b"wrong")
Traceback (most recent call last):
...
crupier.ledger.errors.KeyFileError: ...casino.key: wrong passphrase or damaged key file
>>> sig = key.sign(b"hello")
>>> verify_signature(key.public_key, sig, b"hello")
True
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from nacl.bindings import crypto_sign, crypto_sign_open, crypto_sign_seed_keypair
from nacl.exceptions import BadSignatureError

from crupier.ledger.canonical import canonical
from crupier.ledger.errors import KeyFileError


def public_bytes(public_key: Ed25519PublicKey) -> bytes:
    """The 32 raw bytes of an Ed25519 public key."""
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(public_key: Ed25519PublicKey) -> str:
    """The stable id of a public key: ``ed25519:`` + 32 hex digits of SHA-256(raw key)."""
    return "ed25519:" + hashlib.sha256(public_bytes(public_key)).hexdigest()[:32]


def b64(data: bytes) -> str:
    """Standard base64 text (signatures and raw public keys are stored so)."""
    return base64.b64encode(data).decode("ascii")


def unb64(text: str) -> bytes:
    """Inverse of :func:`b64`; raises ``ValueError`` on malformed input.

    >>> unb64("aGk=")
    b'hi'
    >>> unb64("a?==")
    Traceback (most recent call last):
    ...
    binascii.Error: Only base64 data is allowed
    """
    if not text.isascii():
        raise ValueError("base64 text is ASCII")
    return binascii.a2b_base64(text, strict_mode=True)


def public_key_from_b64(text: str) -> Ed25519PublicKey:
    """Rebuild a public key from its base64 raw bytes.

    >>> k = SigningKey.generate()
    >>> key_id(public_key_from_b64(k.public_b64)) == k.key_id
    True
    """
    return Ed25519PublicKey.from_public_bytes(unb64(text))


def verify_signature(public_key: Ed25519PublicKey, signature: bytes, message: bytes) -> bool:
    """True if ``signature`` is ``public_key``'s signature of ``message``."""
    return verify_raw(public_bytes(public_key), signature, message)


def verify_raw(public_raw: bytes, signature: bytes, message: bytes) -> bool:
    """:func:`verify_signature` with the 32 raw bytes of the public key (libsodium).

    >>> key = SigningKey.generate()
    >>> raw = public_bytes(key.public_key)
    >>> verify_raw(raw, key.sign(b"x"), b"x"), verify_raw(raw, key.sign(b"x"), b"y")
    (True, False)
    >>> verify_raw(raw, b"short", b"x")
    False
    """
    if len(signature) != 64 or len(public_raw) != 32:
        return False
    try:
        crypto_sign_open(signature + message, public_raw)
    except (BadSignatureError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class SigningKey:
    """An Ed25519 private key with its key id."""

    private_key: Ed25519PrivateKey

    @classmethod
    def generate(cls) -> SigningKey:
        """A fresh key from the operating system's CSPRNG."""
        return cls(Ed25519PrivateKey.generate())

    @property
    def public_key(self) -> Ed25519PublicKey:
        """The public half."""
        return self.private_key.public_key()

    @property
    def key_id(self) -> str:
        """See :func:`key_id`."""
        return key_id(self.public_key)

    @property
    def public_b64(self) -> str:
        """The raw public key, base64."""
        return b64(public_bytes(self.public_key))

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``message``.

        Signed with libsodium (about 20 us instead of OpenSSL's 32 here, and every ledger
        entry is signed): Ed25519 signatures are deterministic, so both libraries give the
        same bytes for the same key and message.

        >>> key = SigningKey.generate()
        >>> key.sign(b"m") == key.private_key.sign(b"m")
        True
        """
        return crypto_sign(message, self._sodium_secret)[:64]

    @functools.cached_property
    def _sodium_secret(self) -> bytes:
        """The key in libsodium's form (seed and public key), made once."""
        seed = self.private_key.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )
        return crypto_sign_seed_keypair(seed)[1]


def _write_new(path: Path, data: bytes, mode: int) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    try:
        fd = os.open(path, flags, mode)
    except FileExistsError as err:
        raise KeyFileError(f"{path}: already exists; keys are never overwritten") from err
    try:
        os.fchmod(fd, mode)
        os.write(fd, data)
    finally:
        os.close(fd)


def save_private_key(key: SigningKey, path: Path | str, passphrase: bytes) -> None:
    """Write ``key`` as encrypted PKCS#8 PEM to a new file with mode 0600."""
    if not passphrase:
        raise KeyFileError("a private key is never stored without a passphrase")
    pem = key.private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(passphrase),
    )
    _write_new(Path(path), pem, 0o600)


def load_private_key(path: Path | str, passphrase: bytes) -> SigningKey:
    """Read a key written by :func:`save_private_key`; refuse unsafe permissions."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except OSError as err:
        raise KeyFileError(f"{path}: cannot read ({err.strerror})") from err
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(f"{path}: permissions {oct(mode & 0o777)} are too open (need 0600)")
    try:
        loaded = serialization.load_pem_private_key(path.read_bytes(), password=passphrase)
    except (ValueError, TypeError) as err:
        raise KeyFileError(f"{path}: wrong passphrase or damaged key file") from err
    if not isinstance(loaded, Ed25519PrivateKey):
        raise KeyFileError(f"{path}: not an Ed25519 key")
    return SigningKey(loaded)


def save_public_key(public_key: Ed25519PublicKey, path: Path | str) -> None:
    """Write a public key as SubjectPublicKeyInfo PEM (mode 0644, never overwritten)."""
    pem = public_key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    _write_new(Path(path), pem, 0o644)


def load_public_key(path: Path | str) -> Ed25519PublicKey:
    """Read a public key written by :func:`save_public_key`.

    >>> import tempfile, pathlib
    >>> k = SigningKey.generate()
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "casino.pub"
    >>> save_public_key(k.public_key, p)
    >>> key_id(load_public_key(p)) == k.key_id
    True
    """
    path = Path(path)
    try:
        loaded = serialization.load_pem_public_key(path.read_bytes())
    except (OSError, ValueError) as err:
        raise KeyFileError(f"{path}: not a readable PEM public key") from err
    if not isinstance(loaded, Ed25519PublicKey):
        raise KeyFileError(f"{path}: not an Ed25519 key")
    return loaded


def generate_key_files(
    folder: Path | str, name: str, passphrase: bytes
) -> tuple[SigningKey, Path, Path]:
    """Generate a key and store it as ``NAME.key`` (0600, encrypted) and ``NAME.pub``.

    This is also the first half of a rotation: generate the new key, then call
    :meth:`crupier.ledger.store.Ledger.rotate` with it while holding the old one.
    """
    folder = Path(folder)
    key = SigningKey.generate()
    private_path, public_path = folder / f"{name}.key", folder / f"{name}.pub"
    save_private_key(key, private_path, passphrase)
    save_public_key(key.public_key, public_path)
    return key, private_path, public_path


def rotation_statement(old_key_id: str, new_key_id: str, prev_hash: str) -> bytes:
    """The bytes the *new* key signs to prove possession in a rotation entry.

    >>> rotation_statement("a", "b", "0" * 64)[:40]
    b'{"new_key_id":"b","old_key_id":"a","prev'
    """
    return canonical(
        {
            "purpose": "crupier-key-rotation",
            "old_key_id": old_key_id,
            "new_key_id": new_key_id,
            "prev_hash": prev_hash,
        }
    )


def registration_statement(staff_id: str, new_key_id: str, prev_hash: str) -> bytes:
    """The bytes a sponsor signs to bind ``new_key_id`` to ``staff_id`` (a staff key
    registration or rotation; see :meth:`crupier.ledger.store.Ledger.register_key`).

    >>> registration_statement("T1", "ed25519:ab", "0" * 64)[:44]
    b'{"new_key_id":"ed25519:ab","prev_hash":"0000'
    """
    return canonical(
        {
            "purpose": "crupier-staff-key",
            "staff_id": staff_id,
            "new_key_id": new_key_id,
            "prev_hash": prev_hash,
        }
    )


def revocation_statement(staff_id: str, key_id: str, prev_hash: str) -> bytes:
    """The bytes a sponsor signs to endorse the revocation of ``staff_id``'s key ``key_id``
    (see :meth:`crupier.ledger.store.Ledger.revoke_key`).

    >>> revocation_statement("T1", "ed25519:ab", "0" * 64)[:40]
    b'{"key_id":"ed25519:ab","prev_hash":"0000'
    """
    return canonical(
        {
            "purpose": "crupier-staff-key-revocation",
            "staff_id": staff_id,
            "key_id": key_id,
            "prev_hash": prev_hash,
        }
    )
