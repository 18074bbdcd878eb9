"""Refusals as HTTP: the engines' and the casino's typed errors, mapped once.

Every error body is ``{"code": ..., "message": ...}``: the casino's codes
(``PERMISSION_DENIED``, ``TABLE_NOT_OPEN``...) or the engines' (``wrong-phase``,
``bet-under-minimum``...), with the message in the croupier's words.

================================  ======
refusal                            status
================================  ======
not logged in                      401
permission, licence, signer, CSRF  403
unknown table, entry, book         404
malformed request or action        422
wrong phase or state, rule refusal 409
================================  ======

>>> status_of_ops("PERMISSION_DENIED"), status_of_ops("TABLE_NOT_OPEN"), status_of_rule("wrong-phase")
(403, 409, 409)
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from crupier.casino import OpsError
from crupier.core.errors import RuleError
from crupier.ledger import LedgerError

FORBIDDEN = frozenset(
    {"PERMISSION_DENIED", "LICENCE_INVALID", "SIGNER_NOT_AUTHORISED", "STAFF_MAY_NOT_PLAY"}
)
MALFORMED = frozenset(
    {
        "MALFORMED_REQUEST",
        "MISSING_FIELDS",
        "UNKNOWN_DENOMINATION",
        "CHIPCOUNT_MISMATCH",
        "malformed-action",
        "malformed-amount",
        "unknown-spot",
    }
)


class ApiError(Exception):
    """A refusal of the server itself (not logged in, CSRF...)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def status_of_ops(code: str) -> int:
    """The HTTP status of a casino error code."""
    if code in FORBIDDEN:
        return 403
    if code in ("UNKNOWN_ENTITY", "ITEM_NOT_FOUND"):
        return 404
    return 422 if code in MALFORMED else 409


def status_of_rule(code: str) -> int:
    """The HTTP status of an engine's rule error code."""
    if code == "not-permitted":
        return 403
    return 422 if code in MALFORMED else 409


def body(code: str, message: str) -> dict[str, str]:
    """The error body."""
    return {"code": code, "message": message}


def error_of(exc: BaseException) -> tuple[int, str, str]:
    """``(status, code, message)`` of any refusal; an unexpected error is a 500."""
    if isinstance(exc, ApiError):
        return exc.status, exc.code, exc.message
    if isinstance(exc, OpsError):
        return status_of_ops(str(exc.code)), str(exc.code), str(exc)
    if isinstance(exc, RuleError):
        return status_of_rule(exc.code), exc.code, str(exc)
    if isinstance(exc, LedgerError):
        return 409, "LEDGER_REFUSED", str(exc)
    return 500, "SERVER_ERROR", "the server could not do this; nothing was acknowledged"


def install_handlers(app: FastAPI) -> None:
    """Map every typed error to its status and body."""

    @app.exception_handler(ApiError)
    async def _api(_r: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(body(exc.code, exc.message), status_code=exc.status)

    @app.exception_handler(OpsError)
    async def _ops(_r: Request, exc: OpsError) -> JSONResponse:
        code = str(exc.code)
        return JSONResponse(body(code, str(exc)), status_code=status_of_ops(code))

    @app.exception_handler(RuleError)
    async def _rule(_r: Request, exc: RuleError) -> JSONResponse:
        return JSONResponse(body(exc.code, str(exc)), status_code=status_of_rule(exc.code))

    @app.exception_handler(LedgerError)
    async def _ledger(_r: Request, exc: LedgerError) -> JSONResponse:
        return JSONResponse(body("LEDGER_REFUSED", str(exc)), status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_r: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse(body("MALFORMED_REQUEST", "; ".join(parts)), status_code=422)
