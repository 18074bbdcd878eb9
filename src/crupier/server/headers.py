"""Security headers on every HTTP response.

The UI is served by crupier itself (no CDN, no inline script), so its pages run under a
strict Content-Security-Policy: scripts, styles, images and connections from the
server's own origin only (styles also as ``style`` attributes, which the UI sets on
elements), no framing, no plugins. The API documentation pages (``/docs``, ``/redoc``)
are FastAPI's, which load Swagger UI / ReDoc from their CDN with an inline script: they
get that allowance and nothing else does. API answers are never cached.

A plain ASGI middleware (rather than Starlette's ``BaseHTTPMiddleware``) so streamed
answers (the PDF registers) and WebSockets pass through untouched.

>>> dict(HEADERS)["X-Frame-Options"]
'DENY'
>>> "frame-ancestors 'none'" in CSP
True
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: The documentation pages' policy: FastAPI's Swagger UI and ReDoc come from a CDN.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com; font-src 'self' https://fonts.gstatic.com; "
    "worker-src blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = frozenset({"/docs", "/redoc", "/docs/oauth2-redirect"})

HEADERS: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
)


class SecurityHeaders:
    """Adds :data:`HEADERS`, the CSP and (on ``/api``) ``Cache-Control: no-store``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path in DOCS_PATHS else CSP
        api = path.startswith("/api/") or path == "/openapi.json"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                extra = [*HEADERS, ("Content-Security-Policy", csp)]
                if api:
                    extra.append(("Cache-Control", "no-store"))
                for name, value in extra:
                    if name.lower().encode() not in present:
                        headers.append((name.lower().encode(), value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = ["CSP", "HEADERS", "SecurityHeaders"]
