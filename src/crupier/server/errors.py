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
from crupier.i18n import N_, gettext
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
    """A refusal of the server itself (not logged in, CSRF...).

    ``message`` is an English message id with ``{name}`` fields filled from ``params``
    after it is translated, so each person reads it in their own language:

    >>> err = ApiError(404, "NO_SUCH", "no book {book}", book="A99")
    >>> err.message, err.localised("ca")
    ('no book A99', 'no book A99')
    """

    def __init__(self, status: int, code: str, message: str, **params: object) -> None:
        self.template, self.params = message, params
        text = message.format(**params) if params else message
        super().__init__(text)
        self.status, self.code, self.message = status, code, text

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
        return status_of_ops(str(exc.code)), str(exc.code), gettext(str(exc), lang)
    if isinstance(exc, RuleError):
        return status_of_rule(exc.code), exc.code, gettext(str(exc), lang)
    if isinstance(exc, LedgerError):
        return 409, "LEDGER_REFUSED", gettext(str(exc), lang)
    return 500, "SERVER_ERROR", gettext(SERVER_ERROR, lang)


def install_handlers(app: FastAPI) -> None:
    """Map every typed error to its status and body, the message in the person's language."""
    from crupier.server.language import request_language

    async def _refused(request: Request, exc: Exception) -> JSONResponse:
        status, code, message = error_of(exc, request_language(request))
        return JSONResponse(body(code, message), status_code=status)

    for kind in (ApiError, OpsError, RuleError, LedgerError):
        app.add_exception_handler(kind, _refused)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_r: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse(body("MALFORMED_REQUEST", "; ".join(parts)), status_code=422)
