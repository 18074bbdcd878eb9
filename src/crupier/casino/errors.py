"""The typed errors of the casino layer, each with the stable code of the operations spec.

>>> err = OpsError("BOOK_NOT_SEALED", "the A43 volume 2026 is not sealed")
>>> err.code, str(err)
('BOOK_NOT_SEALED', 'the A43 volume 2026 is not sealed')
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

#: Every code a casino operation can refuse with (operations spec, §§5-10 and §13).
CODES = frozenset(
    ["ACTA_REQUIRED", "ALTERS_GAME_DYNAMICS", "AUTHORISATION_REQUIRED", "BANK_NOT_DEPOSITED", "BET_ABOVE_MAX", "BET_BELOW_MIN", "BET_NOT_CHIPS", "BOOK_NOT_SEALED", "BOX_SEALED", "CARD_REQUIRES_LICENCE", "CERTIFICATE_TOO_OLD", "CHIPCOUNT_MISMATCH", "COMMUNICATION_REQUIRED", "COMPANY_NOT_J_LICENSED", "CORRECTION_NOT_ALLOWED", "CORRECTION_PENDING", "COUNT_MISSING", "DATE_MISMATCH_RENOTIFY", "DAY_ALREADY_OPEN", "DAY_CLOSED", "DAY_CLOSED_TO_PLAY", "DAY_NOT_CLOSABLE", "DAY_NOT_OPEN", "DECK_COMPOSITION_INVALID", "DECK_INCOMPLETE", "DECK_NOT_NEW", "DECK_NOT_REUSABLE", "DICE_NOT_ASSIGNED", "DICE_REUSED", "DIE_MARKING_MISSING", "DIE_SIZE_INVALID", "DOCUMENT_TYPE_INVALID", "DOSSIER_INCOMPLETE", "ENTRY_REFUSED_AGE", "ENTRY_REFUSED_EXCLUDED", "EQUIPMENT_DISPOSED", "EQUIPMENT_NOT_HOMOLOGATED", "EQUIPMENT_QUARANTINED", "FOLLOWUP_EXISTS", "FREE_BANK_LIMIT", "IMMUTABLE_ENTRY", "INSUFFICIENT_DICE", "INSUFFICIENT_PLAYERS", "INVALID_STATE", "INVALID_TRANSITIONAL_DIRECTOR", "ITEM_NOT_FOUND", "KEY_HOLDER_ONLY", "LAST_ROUNDS_EXHAUSTED", "LICENCE_INVALID", "LIMIT_CHANGE_PENDING", "LIMIT_OUT_OF_BAND", "MALFORMED_REQUEST", "MIN_TABLE_RULE", "MISSING_FIELDS", "NOT_MULTIPLE_OF_MIN", "NOTICE_TOO_SHORT", "NO_DIRECTOR_IN_OFFICE", "OPEN_BETS_PRESENT", "PERMISSION_DENIED", "POLICE_REQUIRED", "ROUND_ALREADY_SETTLED", "SAME_SIGNER", "SEAL_MISMATCH", "SEAT_ALREADY_HELD", "SEAT_OCCUPIED", "SESSION_NOT_OPEN", "SIGNATURES_INCOMPLETE", "SIGNATURE_INVALID", "SIGNER_NOT_AUTHORISED", "STAFFING_INSUFFICIENT", "STAFF_MAY_NOT_PLAY", "STANDING_NOT_AUTHORISED", "SUBDIRECTOR_PRIORITY", "SUPERVISION_SPAN_EXCEEDED", "SUPPLIER_NOT_LICENSED", "TABLES_STILL_OPEN", "TABLE_NOT_OPEN", "TABLE_SUSPENDED", "TIPS_COUNT_TOO_EARLY", "TIPS_NOT_ACCEPTED", "UNKNOWN_DENOMINATION", "UNKNOWN_ENTITY", "RULE_REFUSED"]
)


class OpsError(ValueError):
    """A refused casino operation. ``code`` is one of :data:`CODES`; nothing was recorded.

    ``details`` carries structured extras (the blocking items of ``DAY_NOT_CLOSABLE``).
    """

    def __init__(self, code: str, message: str, details: list[str] | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.details = list(details or [])

    def __repr__(self) -> str:
        return f"OpsError({self.code!r}, {str(self)!r})"
