"""Login, the floor and the live tables: views, actions, chips, recovery after a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino.live import LiveRecord
from crupier.casino.roles import Role
from crupier.core.layout import LayoutGame
from crupier.i18n import N_
from crupier.server.app import HubDep, SessionDep, auth_of, casino_of, staff_id
from crupier.server.auth import COOKIE, Session
from crupier.server.errors import ApiError
from crupier.server.events import write as write_event
from crupier.server.events import write_async
from crupier.server.hub import TableHub, check_can_view, status_of, view_for
from crupier.server.setup import ROLE_NAMES
from crupier.server.throttle import LoginThrottle

router = APIRouter()


class Strict(BaseModel):
    """A request body: unknown fields are refused (422)."""

    model_config = ConfigDict(extra="forbid")


class Login(Strict):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=200)


class ActionBody(Strict):
    """One engine action: ``{"kind": "place-bet", "player": "P1", "spot": "red", "amount": 500}``."""

    action: dict[str, Any]


class BuyInBody(Strict):
    player: str = Field(min_length=1, max_length=64)
    amount: int = Field(gt=0)


class RecoveryBody(Strict):
    decision: Literal["resume", "void"]
    reason: str = ""


def me_of(request: Request, session: Session) -> dict[str, Any]:
    """Who is logged in: account, roles now, assigned tables, the CSRF token."""
    casino = casino_of(request)
    account = session.account
    roles: list[dict[str, Any]] = []
    if account.kind == "staff":
        for a in casino.valid_assignments(account.subject):
            roles.append(
                {
                    "role": str(a.role),
                    "name": ROLE_NAMES.get(a.role, str(a.role)),
                    "tables": None if a.tables is None else sorted(a.tables),
                }
            )
    else:
        roles.append({"role": "PLAYER", "name": "player", "tables": None})
    return {
        "username": account.username,
        "kind": account.kind,
        "id": account.subject,
        "name": account.name,
        "roles": roles,
        "language": auth_of(request).language(account.username),
        "csrf": session.csrf,
        "expires_at": session.expires_at.isoformat(),
    }


def login_event(
    request: Request,
    event: str,
    username: str,
    session: Session | None = None,
    reason: str | None = None,
) -> None:
    """A login, refused login or logout into the significant-events log (``EVT``), with
    the client's address: who, when, from where."""
    casino = casino_of(request)
    if not casino.login_events_kept():
        return  # a ledger begun before the events log: its policy refuses these kinds
    account = None if session is None else session.account
    casino.record_login(
        event,
        username=username,
        who=None if account is None else account.subject,
        account=None if account is None else account.kind,
        source=None if request.client is None else request.client.host,
        agent=request.headers.get("user-agent"),
        reason=reason,
    )


@router.post("/api/login", tags=["auth"])
def login(body: Login, request: Request, response: Response) -> dict[str, Any]:
    """Log in: sets the session cookie (HttpOnly, SameSite=Strict); returns ``me`` with the
    CSRF token to send as ``X-CSRF-Token`` on every state-changing request."""
    throttle: LoginThrottle = request.app.state.throttle
    client = request.client.host if request.client else "?"
    wait = throttle.retry_after(body.username, client)
    if wait is not None:
        write_event(
            casino_of(request),
            "EVT.LOGIN_FAILED",
            {"username": body.username, "client": client, "reason": "rate limited"},
        )
        raise ApiError(
            429,
            "TOO_MANY_ATTEMPTS",
            N_("too many failed logins: try again in {wait} s"),
            headers={"Retry-After": str(wait)},
            wait=wait,
        )
    found = auth_of(request).login(body.username, body.password)
    if found is None:
        throttle.failed(body.username, client)
        login_event(request, "LOGIN_FAILED", body.username, reason="wrong password")
        raise ApiError(401, "LOGIN_FAILED", N_("unknown user or wrong password"))
    throttle.succeeded(body.username)
    token, session = found
    login_event(request, "LOGIN", body.username, session)
    response.set_cookie(
        COOKIE,
        token,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        max_age=int(auth_of(request).hours * 3600),
        path="/",
    )
    return me_of(request, session)


@router.post("/api/logout", tags=["auth"])
def logout(session: SessionDep, request: Request, response: Response) -> dict[str, Any]:
    """End the session."""
    auth_of(request).logout(request.cookies.get(COOKIE))
    login_event(request, "LOGOUT", session.account.username, session)
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True, "username": session.account.username}


@router.get("/api/me", tags=["auth"])
def me(session: SessionDep, request: Request) -> dict[str, Any]:
    """The logged-in person."""
    return me_of(request, session)


@router.get("/api/tables", tags=["tables"])
def tables(session: SessionDep, hub: HubDep) -> list[dict[str, Any]]:
    """The floor: every table this person may see, with its state, limits and crew."""
    out = []
    for table_id in sorted(hub.casino.tables):
        try:
            check_can_view(hub.casino, table_id, session.account)
        except Exception:
            continue
        out.append(status_of(hub, table_id))
    return out


@router.get("/api/tables/{table_id}", tags=["tables"])
def table_view(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """The table as this person may see it, and the actions they may take now (the same
    object the WebSocket pushes)."""
    check_can_view(hub.casino, table_id, session.account)
    return view_for(hub, table_id, session.account)


@router.post("/api/tables/{table_id}/actions", tags=["tables"])
async def act(table_id: str, body: ActionBody, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """Take one engine action at the table (a bet, no more bets, a spin, a card...).

    Answered once the action is in the ledger; the table's viewers get their new views
    then. A player acts for their own seat only; staff as the permission matrix and their
    table assignment allow.
    """
    return await submit_action(hub, table_id, session, body.action)


async def submit_action(
    hub: TableHub, table_id: str, session: Session, action: dict[str, Any]
) -> dict[str, Any]:
    """Queue ``action`` at the table for the session's person; the acknowledgement once
    it is in the ledger."""
    record = await hub.submit(table_id, prepare_action(hub, table_id, session, action))
    return ack_of(hub, table_id, record)


def prepare_action(
    hub: TableHub, table_id: str, session: Session, action: dict[str, Any]
) -> Callable[[], LiveRecord]:
    """The checks made before ``action`` is queued at the table (an unknown table, a
    recovery waiting, a poker table's stakes), and the call that then takes it."""
    account = session.account
    casino = hub.casino
    casino.table(table_id)
    if table_id in hub.recovering:
        raise ApiError(
            409,
            "RECOVERY_PENDING",
            N_("{table} was restarted with a round in progress: the croupier resumes or voids it"),
            table=table_id,
        )
    player = account.kind == "player"
    if action.get("kind") == "buy-in" and isinstance(action.get("amount"), int):
        from crupier.server.routes_poker import check_stakes

        check_stakes(hub, table_id, action["amount"])  # at a poker table: table stakes
    return lambda: casino.live_action(table_id, action, by=account.subject, player=player)


def ack_of(hub: TableHub, table_id: str, record: LiveRecord) -> dict[str, Any]:
    """The acknowledgement of an action taken at the table."""
    out: dict[str, Any] = record.as_json()
    if not isinstance(hub.casino.live_engine(table_id), LayoutGame):
        # the card games dealt from private hands (chemin de fer, two-table baccarat): what
        # an action revealed reaches each person through their own view only
        out.pop("events", None)
    return out


@router.post("/api/tables/{table_id}/buy-in", tags=["tables"])
async def buy_in(
    table_id: str, body: BuyInBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Chips sold to a player at the table (by the table's staff): cash into the drop box."""
    from crupier.server.routes_poker import check_stakes

    by = staff_id(session)
    casino = hub.casino
    check_stakes(hub, table_id, body.amount)  # at a poker table: table stakes
    entry = await hub.submit(
        table_id, lambda: casino.live_buy_in(table_id, body.player, body.amount, by=by)
    )
    return {"seq": entry.seq, "player": body.player, "amount": body.amount}


@router.post("/api/tables/{table_id}/recovery", tags=["tables"])
async def recovery(
    table_id: str, body: RecoveryBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """After a restart with a round in progress: resume it, or declare it void (a launch
    in progress is voided; the round's bets are returned)."""
    by = staff_id(session)
    casino = hub.casino
    casino.staff_table_role(table_id, by)  # the permission matrix: this table's staff only
    if table_id not in hub.recovering:
        raise ApiError(409, "NO_RECOVERY", N_("{table} has no round awaiting a decision"),
                       table=table_id)  # fmt: skip
    if body.decision == "resume":
        hub.recovering.pop(table_id, None)
        hub.push(table_id)
        found = casino.live_round(table_id)
        await write_async(
            casino,
            "EVT.RECOVERY",
            {"table": table_id, "stage": "resume", "by": by, "round": found},
        )
        return {"table": table_id, "decision": "resume", "round": found}
    entry = await hub.submit(
        table_id, lambda: casino.void_live_round(table_id, by=by, reason=body.reason)
    )
    hub.recovering.pop(table_id, None)
    hub.push(table_id)
    await write_async(
        casino,
        "EVT.RECOVERY",
        {"table": table_id, "stage": "void", "by": by, "round_entry": entry.seq},
    )
    return {"table": table_id, "decision": "void", "round_entry": entry.seq}


__all__ = ["Role", "router"]
