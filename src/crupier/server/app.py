"""The ASGI application: REST JSON for operations, bets and books; a WebSocket per table.

:func:`create_app` builds it over an opened casino (:mod:`crupier.server.setup`).
Every error leaves as ``{"code", "message"}`` with its HTTP status
(:mod:`crupier.server.errors`); every request is checked by the casino's own
permission matrix (``Casino.authorise``), called where the library calls it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from typing import Annotated, Any

import orjson
from fastapi import Depends, FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError

from crupier.casino import Casino
from crupier.i18n import N_, gettext, localised
from crupier.server import collector, openapi, web
from crupier.server.auth import COOKIE, CSRF_HEADER, AuthStore, Session
from crupier.server.errors import ApiError, denied, error_of, install_handlers
from crupier.server.headers import SecurityHeaders
from crupier.server.hub import COALESCED, TableHub, Viewer, check_can_view
from crupier.server.language import request_language
from crupier.server.lobby import Lobby, follow_lobby
from crupier.server.setup import Opened
from crupier.server.throttle import LoginThrottle


def create_app(opened: Opened) -> FastAPI:
    """The server over the opened casino ``opened``."""
    from crupier.server import (
        events,
        language,
        routes_bank,
        routes_cage,
        routes_cloths,
        routes_counts,
        routes_events,
        routes_ops,
        routes_poker,
        routes_registers,
        routes_tables,
    )

    hub = TableHub(opened.casino)
    lobby = Lobby(hub)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(events.on_start, opened.casino, dict(hub.recovering))
        clock = asyncio.create_task(events.watch_clock(opened.casino, events.ClockWatch()))
        sweeper = asyncio.create_task(collector.sweep_when_idle(lambda: hub.last_request))
        yield
        await lobby.close()
        clock.cancel()
        sweeper.cancel()
        await hub.close()
        await events.write_async(opened.casino, "EVT.STOP", {"pid": os.getpid()})

    app = FastAPI(
        title="crupier live casino",
        version="0.1",
        description="Live tables, casino operations and the regulatory books. "
        "Errors are `{code, message}`; see docs/server.md.",
        lifespan=lifespan,
    )
    app.state.opened = opened
    app.state.hub = hub
    app.state.lobby = lobby
    app.state.throttle = LoginThrottle()
    install_handlers(app)
    app.add_middleware(SecurityHeaders)
    app.include_router(routes_tables.router)
    app.include_router(routes_ops.router)
    app.include_router(language.router)
    app.include_router(routes_counts.router)
    app.include_router(routes_registers.router)
    app.include_router(routes_bank.router)
    app.include_router(routes_cage.router)
    app.include_router(routes_cloths.router)
    app.include_router(routes_events.router)
    app.include_router(routes_poker.router)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        session = opened.auth.session(websocket.cookies.get(COOKIE))
        if session is None:
            await websocket.close(code=4401, reason=_close_reason(websocket, N_("not logged in")))
            return
        if not _same_origin(websocket):
            await websocket.close(
                code=4403, reason=_close_reason(websocket, N_("cross-site WebSocket refused"))
            )
            return
        try:
            check_can_view(opened.casino, table_id, session.account)
        except Exception as exc:
            await denied(opened.casino, session.account, f"WS /ws/tables/{table_id}", exc)
            # accepted, then closed: a close frame carries the code and the reason (a socket
            # closed before its handshake only gets an HTTP 403, with no reason)
            await websocket.accept()
            await websocket.close(code=4403, reason=_close_reason(websocket, exc))
            return
        await websocket.accept()
        lang = request_language(websocket)  # the error frames' language
        viewer = Viewer(session.account)
        hub.subscribe(table_id, viewer)  # the whole view first
        sender = asyncio.create_task(_send_loop(websocket, viewer))
        tasks: set[asyncio.Task[None]] = set()
        try:
            while True:
                message = orjson.loads(await websocket.receive_text())
                if isinstance(message, dict) and message.get("type") == "action":
                    _socket_action(hub, table_id, session, viewer, message, tasks, lang)
                else:  # anything else asks for the whole view again
                    hub.resend(table_id, viewer)
        except (WebSocketDisconnect, ValueError, KeyError):
            pass
        finally:
            hub.unsubscribe(table_id, viewer)
            sender.cancel()

    @app.websocket("/ws/lobby")
    async def lobby_socket(websocket: WebSocket) -> None:
        session = opened.auth.session(websocket.cookies.get(COOKIE))
        if session is None:
            await websocket.close(code=4401, reason=_close_reason(websocket, N_("not logged in")))
            return
        if not _same_origin(websocket):
            await websocket.close(
                code=4403, reason=_close_reason(websocket, N_("cross-site WebSocket refused"))
            )
            return
        await follow_lobby(websocket, lobby, session.account)

    web.mount(app)
    openapi.install(app)
    return app


def _same_origin(websocket: WebSocket) -> bool:
    """A browser's WebSocket from another site carries its Origin: refuse it."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    from urllib.parse import urlsplit

    return urlsplit(origin).netloc == websocket.headers.get("host")


def _socket_action(
    hub: TableHub,
    table_id: str,
    session: Session,
    viewer: Viewer,
    message: dict[str, Any],
    tasks: set[asyncio.Task[None]],
    lang: str | None = None,
) -> None:
    """One action sent on the socket: queued at the table now, answered by an ``ack`` or
    an ``error`` frame from the callback of its result (no task per action: at a busy
    table that was a good part of the event loop's work for each bet)."""
    from crupier.server.routes_tables import ack_of, prepare_action

    ident = message.get("id")

    def answer(future: asyncio.Future[Any]) -> None:
        if future.cancelled():
            return
        exc = future.exception()
        if exc is None:
            viewer.send({"type": "ack", "id": ident, **ack_of(hub, table_id, future.result())})
        else:
            _refuse(hub, table_id, session, viewer, ident, exc, tasks, lang)

    try:
        action = message.get("action")
        if not isinstance(action, dict):
            raise ApiError(422, "MALFORMED_REQUEST", N_("an action message needs an action object"))
        call = prepare_action(hub, table_id, session, action)
        light = action.get("kind") in COALESCED
        hub.enqueue(table_id, call, light=light).add_done_callback(answer)
    except Exception as exc:
        _refuse(hub, table_id, session, viewer, ident, exc, tasks, lang)


def _refuse(
    hub: TableHub,
    table_id: str,
    session: Session,
    viewer: Viewer,
    ident: Any,
    exc: BaseException,
    tasks: set[asyncio.Task[None]],
    lang: str | None = None,
) -> None:
    """The ``error`` frame of a refused action; a refusal by the permissions is recorded
    in the events log first."""
    status, code, text = error_of(exc, lang)
    frame = {"type": "error", "id": ident, "status": status, "code": code, "message": text}
    if status != 403:
        viewer.send(frame)
        return

    async def record_then_answer() -> None:
        try:
            await denied(hub.casino, session.account, f"WS action at {table_id}", exc)
        finally:
            viewer.send(frame)

    task = asyncio.create_task(record_then_answer())
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def _send_loop(websocket: WebSocket, viewer: Viewer) -> None:
    with contextlib.suppress(Exception):
        while True:
            await websocket.send_text(await viewer.queue.get())


# ---------------------------------------------------------------- dependencies


def opened_of(request: Request) -> Opened:
    """The opened casino of the app."""
    opened: Opened = request.app.state.opened
    return opened


def casino_of(request: Request) -> Casino:
    """The casino."""
    return opened_of(request).casino


def hub_of(request: Request) -> TableHub:
    """The live tables."""
    hub: TableHub = request.app.state.hub
    return hub


def auth_of(request: Request) -> AuthStore:
    """The logins."""
    return opened_of(request).auth


def current_session(request: Request) -> Session:
    """The logged-in session (401 ``NOT_LOGGED_IN`` otherwise); a state-changing request
    must carry the session's CSRF token in ``X-CSRF-Token`` (403 ``CSRF_FAILED``)."""
    session = auth_of(request).session(request.cookies.get(COOKIE))
    if session is None:
        raise ApiError(401, "NOT_LOGGED_IN", N_("log in first (or the session has expired)"))
    unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
    if unsafe and request.headers.get(CSRF_HEADER) != session.csrf:
        raise ApiError(
            403, "CSRF_FAILED", N_("the {header} header is missing or wrong"), header=CSRF_HEADER
        )
    return session


SessionDep = Annotated[Session, Depends(current_session)]
CasinoDep = Annotated[Casino, Depends(casino_of)]
HubDep = Annotated[TableHub, Depends(hub_of)]


def staff_id(session: Session) -> str:
    """The staff id of a staff session (403 for a player)."""
    if session.account.kind != "staff":
        raise ApiError(403, "PERMISSION_DENIED", N_("this is a staff operation"))
    return session.account.subject


def json_response(data: Any, status: int = 200) -> Response:
    """A JSON response (for handlers that build their own)."""
    import json

    return Response(json.dumps(data), status_code=status, media_type="application/json")


__all__ = ["RequestValidationError", "create_app"]


def _close_reason(websocket: WebSocket, said: str | BaseException) -> str:
    """Why a socket is refused, in the person's language (``Accept-Language``, the login's
    choice), cut to the 123 bytes of UTF-8 a close frame carries.

    The code (4401, 4403) says what happened; the reason is what a person reads.
    """
    lang = request_language(websocket)
    text = localised(said, lang) if isinstance(said, BaseException) else gettext(said, lang)
    return text.encode()[:123].decode(errors="ignore")
