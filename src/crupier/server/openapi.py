"""The OpenAPI document as the server really answers: every refusal is ``{code, message}``.

FastAPI documents its own validation error (``{"detail": [...]}``) for 422, but the
server answers every refusal, 422 included, with ``{"code", "message"}``
(:mod:`crupier.server.errors`). :func:`install` rewrites the document once, when it is
first asked for: the ``Error`` schema, and on every operation the statuses it may answer
with it (401, 403, 404, 409, 422; 429 on the login), so a client generated from the
document, or a fuzzer checking answers against it, meets what is served.

>>> sorted(ERRORS)
['401', '403', '404', '409', '422']
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {"type": "string", "description": "a stable code: PERMISSION_DENIED, wrong-phase…"},
        "message": {"type": "string", "description": "what was refused, in words"},
    },
}
ERRORS = {
    "401": "not logged in, or the session has expired",
    "403": "the permission matrix, the table assignment or the CSRF check refuses",
    "404": "unknown table, entry or book",
    "409": "wrong phase or state; a rule refuses",
    "422": "malformed request or action",
}
LOGIN_ERRORS = {"429": "too many failed logins: wait for Retry-After seconds"}


def _error(description: str) -> dict[str, Any]:
    ref = {"$ref": "#/components/schemas/Error"}
    return {"description": description, "content": {"application/json": {"schema": ref}}}


def install(app: FastAPI) -> None:
    """Serve the rewritten document at ``/openapi.json`` (and ``/docs``)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        schemas["Error"] = ERROR_SCHEMA
        for path, operations in schema.get("paths", {}).items():
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                errors = {**ERRORS, **(LOGIN_ERRORS if path == "/api/login" else {})}
                for status, description in errors.items():
                    responses[status] = _error(description)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


__all__ = ["ERROR_SCHEMA", "install"]
