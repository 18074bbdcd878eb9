"""Typed ledger errors with stable codes.

Each error has a kebab-case ``code`` like the rule errors of :mod:`crupier.core.errors`;
the spec's upper-case codes map one to one (``immutable-entry`` is ``IMMUTABLE_ENTRY``,
``signature-invalid`` is ``SIGNATURE_INVALID``, ``same-signer`` is ``SAME_SIGNER``,
``correction-pending`` is ``CORRECTION_PENDING``).

>>> try:
...     raise SignatureInvalid("co-signature of T1 does not verify")
... except LedgerError as err:
...     print(err.code, "|", err)
signature-invalid | co-signature of T1 does not verify
"""

from __future__ import annotations

from typing import ClassVar


class LedgerError(ValueError):
    """A refusal of the ledger. Nothing was appended."""

    code: ClassVar[str] = "ledger-error"


class NonCanonicalValue(LedgerError):
    """A value the canonical encoding refuses (a float, a non-string key, bytes...)."""

    code = "non-canonical-value"


class ImmutableEntry(LedgerError):
    """An attempt to change or delete a stored entry."""

    code = "immutable-entry"


class SignatureInvalid(LedgerError):
    """A signature that does not verify against the signer's registered key."""

    code = "signature-invalid"


class UnknownKey(LedgerError):
    """A key id that the ledger has not registered (or no signing key at all)."""

    code = "unknown-key"


class KeyRetired(LedgerError):
    """A casino key that a rotation has replaced: it may no longer sign."""

    code = "key-retired"


class SameSigner(LedgerError):
    """A second signature of the same entry by the same person (four-eyes)."""

    code = "same-signer"


class UnknownEntry(LedgerError):
    """A reference to an entry that does not exist, or whose hash differs."""

    code = "unknown-entry"


class NotACorrection(LedgerError):
    """A decision about an entry that is not a pending correction."""

    code = "not-a-correction"


class CorrectionPending(LedgerError):
    """A second correction of a field while one is pending (OPS-INT-16)."""

    code = "correction-pending"


class StaleCorrection(LedgerError):
    """A correction whose ``old_value`` is not the field's current effective value."""

    code = "stale-correction"


class KeyFileError(LedgerError):
    """A key file that cannot be used: wrong passphrase, unsafe permissions, bad PEM."""

    code = "key-file-error"


class ReservedKind(LedgerError):
    """An entry kind the ledger writes itself (genesis, keys, signatures, corrections)."""

    code = "reserved-kind"


class EmptyReason(LedgerError):
    """A correction without a reason (the reason is mandatory, OPS-INT-05)."""

    code = "empty-reason"


class DuplicateKey(LedgerError):
    """A key that must be unique (a slip number, a table session's result) is already taken.

    The database refuses it (``ledger_unique``), so no writer and no code path can take
    the same key twice; ``scope``, ``key`` and the ``seq`` of the entry holding it say which.
    """

    code = "duplicate-key"

    def __init__(self, scope: str, key: str, seq: int | None) -> None:
        holder = f" (entry {seq})" if seq is not None else ""
        super().__init__(f"{scope} {key!r} is already taken{holder}")
        self.scope, self.key, self.seq = scope, key, seq


class HeadMissing(LedgerError):
    """The ``ledger_head`` row is gone while entries exist: the database was tampered with."""

    code = "head-missing"


class UnsignedEntry(LedgerError):
    """An entry by a person without that person's author signature (OPS-INT-10)."""

    code = "unsigned-entry"


class SystemNotAllowed(LedgerError):
    """The ``system`` author writing a kind the ledger's policy keeps for persons."""

    code = "system-not-allowed"


class KeyBound(LedgerError):
    """A second key for a person who has one (rotate it with the old key instead)."""

    code = "key-bound"


class UnsponsoredKey(LedgerError):
    """A staff key registered without a valid sponsor (a person holding a valid key)."""

    code = "unsponsored-key"
