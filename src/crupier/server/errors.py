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

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from crupier.casino import Casino, OpsError
from crupier.core.errors import RuleError
from crupier.i18n import N_, gettext, localised
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
    """A refusal of the server itself (not logged in, CSRF...).

    ``message`` is an English message id with ``{name}`` fields filled from ``params``
    after it is translated, so each person reads it in their own language; ``headers``
    go with the response (``Retry-After``):

    >>> err = ApiError(404, "NO_SUCH", "no book {book}", book="A99")
    >>> err.message, err.localised("ca")
    ('no book A99', 'no book A99')
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        **params: object,
    ) -> None:
        self.template, self.params = message, params
        text = message.format(**params) if params else message
        super().__init__(text)
        self.status, self.code, self.message = status, code, text
        self.headers = headers

    def localised(self, lang: str | None) -> str:
        """The message in ``lang``."""
        text = gettext(self.template, lang)
        return text.format(**self.params) if self.params else text


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


SERVER_ERROR = N_("the server could not do this; nothing was acknowledged")


def error_of(exc: BaseException, lang: str | None = None) -> tuple[int, str, str]:
    """``(status, code, message)`` of any refusal, the message in ``lang`` where the
    catalogues have it; an unexpected error is a 500."""
    if isinstance(exc, ApiError):
        return exc.status, exc.code, exc.localised(lang)
    if isinstance(exc, OpsError):
        return status_of_ops(str(exc.code)), str(exc.code), localised(exc, lang)
    if isinstance(exc, RuleError):
        return status_of_rule(exc.code), exc.code, localised(exc, lang)
    if isinstance(exc, LedgerError):
        return 409, "LEDGER_REFUSED", gettext(str(exc), lang)
    return 500, "SERVER_ERROR", gettext(SERVER_ERROR, lang)


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
    """Map every typed error to its status and body, the message in the person's language;
    a 403 is also recorded as a significant event."""
    from crupier.server.language import request_language

    async def _refused(request: Request, exc: Exception) -> JSONResponse:
        status, code, message = error_of(exc, request_language(request))
        if status == 403:
            await _denied_request(request, exc)
        headers = exc.headers if isinstance(exc, ApiError) else None
        return JSONResponse(body(code, message), status_code=status, headers=headers)

    for kind in (ApiError, OpsError, RuleError, LedgerError):
        app.add_exception_handler(kind, _refused)

    from fastapi.exception_handlers import http_exception_handler
    from starlette.exceptions import HTTPException

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> Any:
        """A body that is not JSON at all is malformed like any other (422, with its
        code), not FastAPI's bare 400 (found by the stateful fuzzing)."""
        if exc.status_code == 400:
            return await _refused(
                request,
                ApiError(422, "MALFORMED_REQUEST", N_("the request's body is not valid JSON")),
            )
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_r: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse(body("MALFORMED_REQUEST", "; ".join(parts)), status_code=422)
