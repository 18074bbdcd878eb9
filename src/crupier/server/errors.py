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

from crupier.casino import Casino, OpsError
from crupier.core.errors import RuleError
from crupier.ledger import LedgerError
from crupier.server.auth import Account

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

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers


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


async def denied(casino: Casino, account: Account | None, where: str, exc: BaseException) -> None:
    """Record a refused permission as a significant event (``EVT.PERMISSION_DENIED``)."""
    from crupier.server.events import write_async

    _status, code, text = error_of(exc)
    who = None if account is None else {"kind": account.kind, "id": account.subject}
    await write_async(
        casino,
        "EVT.PERMISSION_DENIED",
        {"who": who, "where": where, "code": code, "message": text[:200]},
    )


async def _denied_request(request: Request, exc: BaseException) -> None:
    from crupier.server.auth import COOKIE

    opened = request.app.state.opened
    session = opened.auth.session(request.cookies.get(COOKIE))
    where = f"{request.method} {request.url.path}"
    await denied(opened.casino, None if session is None else session.account, where, exc)


def install_handlers(app: FastAPI) -> None:
    """Map every typed error to its status and body; a 403 is also recorded as a
    significant event."""

    @app.exception_handler(ApiError)
    async def _api(r: Request, exc: ApiError) -> JSONResponse:
        if exc.status == 403:
            await _denied_request(r, exc)
        return JSONResponse(
            body(exc.code, exc.message), status_code=exc.status, headers=exc.headers
        )

    @app.exception_handler(OpsError)
    async def _ops(r: Request, exc: OpsError) -> JSONResponse:
        code = str(exc.code)
        status = status_of_ops(code)
        if status == 403:
            await _denied_request(r, exc)
        return JSONResponse(body(code, str(exc)), status_code=status)

    @app.exception_handler(RuleError)
    async def _rule(r: Request, exc: RuleError) -> JSONResponse:
        status = status_of_rule(exc.code)
        if status == 403:
            await _denied_request(r, exc)
        return JSONResponse(body(exc.code, str(exc)), status_code=status)

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
