"""The poker room's own requests: a player joins a table (or re-buys), the table's chief
calls the next player of the waiting list to a free seat.

Everything else at a poker table is an engine action sent as at any live table
(``POST /api/tables/{id}/actions`` or the table's WebSocket): the croupier's
``draw-seats`` (the seats and the first mà by lot), ``start-deal``, ``misdeal``,
``expose``; a player's ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``all-in``,
``discard`` (five-card draw), ``rest``, ``come-back`` and ``leave``. The engine's seat view
holds the player's own hole cards only (``deal.own``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field

from crupier.i18n import N_
from crupier.server.app import HubDep, SessionDep, staff_id
from crupier.server.errors import ApiError
from crupier.server.hub import TableHub
from crupier.server.routes_tables import Strict

router = APIRouter()


class JoinBody(Strict):
    """What a player brings to the table: ``{"amount": 20000}`` (cents)."""

    amount: int = Field(gt=0)


def _poker_engine(hub: TableHub, table_id: str) -> Any:
    from crupier.casino.tables import is_poker

    table = hub.casino.table(table_id)
    if not is_poker(table.game):
        raise ApiError(409, "NOT_A_POKER_TABLE", N_("{table} is not a poker table"), table=table_id)
    return hub.casino.live_engine(table_id)


def check_stakes(hub: TableHub, table_id: str, amount: int) -> None:
    """At a poker table, a buy-in or re-buy lies within the table's limits (table stakes: what a player
    brings to the table, between its minimum and maximum), else ``OUTSIDE_TABLE_STAKES``."""
    from crupier.casino.tables import is_poker

    table = hub.casino.table(table_id)
    limits = table.limits
    if (
        is_poker(table.game)
        and limits is not None
        and not limits.minimum <= amount <= limits.maximum
    ):
        raise ApiError(
            422,
            "OUTSIDE_TABLE_STAKES",
            N_("a buy-in at {table} is between {low} and {high}"),
            table=table_id,
            low=limits.minimum,
            high=limits.maximum,
        )


@router.post("/api/tables/{table_id}/poker/join", tags=["poker"])
async def join(table_id: str, body: JoinBody, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """A player joins a poker table with ``amount`` in chips (or re-buys between deals).

    A new player goes on the table's waiting list, in order of arrival: the croupier's
    seat draw seats the players present when the partida starts; later, the chief calls
    them to the seats that free (``poker/call-next``). Answered with the player's place.
    """
    from crupier.server.routes_tables import submit_action

    if session.account.kind != "player":
        raise ApiError(403, "PERMISSION_DENIED", N_("only a player joins a poker table"))
    _poker_engine(hub, table_id)
    check_stakes(hub, table_id, body.amount)
    player = session.account.subject
    action = {"kind": "buy-in", "player": player, "amount": body.amount}
    out = await submit_action(hub, table_id, session, action)
    return {**out, **place_of(hub, table_id, player)}


@router.post("/api/tables/{table_id}/poker/call-next", tags=["poker"])
async def call_next(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """The table's chief calls the first player of the waiting list to a free seat, drawn
    by lot among the free seats (``NO_ONE_WAITING`` / ``TABLE_FULL`` otherwise)."""
    from crupier.server.routes_tables import submit_action

    by = staff_id(session)
    hub.casino.staff_table_role(table_id, by)  # the permission matrix: this table's staff
    engine = _poker_engine(hub, table_id)
    state = engine.state
    if not state.ma:
        raise ApiError(
            409, "SEATS_NOT_DRAWN", N_("draw the seats first: the partida has not started")
        )
    if not state.waiting:
        raise ApiError(409, "NO_ONE_WAITING", N_("no player is waiting at {table}"), table=table_id)
    if len(state.seats) >= engine.profile.table.max_players:
        raise ApiError(409, "TABLE_FULL", N_("every seat at {table} is taken"), table=table_id)
    player = state.waiting[0]
    out = await submit_action(
        hub, table_id, session, {"kind": "assign-seat", "player": player, "seat": 0}
    )
    return {**out, **place_of(hub, table_id, player)}


def place_of(hub: TableHub, table_id: str, player: str) -> dict[str, Any]:
    """Where ``player`` is at the table: ``seat`` (or ``None``), ``waiting`` (place in the
    list from 1, or ``None``), ``chips``."""
    state = hub.casino.live_engine(table_id).state
    seat = state.seat_of(player)
    place = state.waiting.index(player) + 1 if player in state.waiting else None
    return {"player": player, "seat": seat, "waiting": place, "chips": state.chips.get(player)}
