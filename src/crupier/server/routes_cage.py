"""The cashier's window over REST: chips sold to players and bought back, and the day's
cage position (:mod:`crupier.casino.cage`; the permission matrix's row 36 decides who
may, through the casino, as for every operation)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino import Code, OpsError
from crupier.casino.roles import Op
from crupier.i18n import N_
from crupier.server.app import CasinoDep, SessionDep, staff_id

router = APIRouter()


class CageBody(BaseModel):
    """One operation at the window: the player, the chips by denomination, the payment."""

    model_config = ConfigDict(extra="forbid")
    player: str = Field(min_length=1, max_length=40)
    chips: dict[int, int]
    payment: Literal["CASH", "CHEQUE", "CARD"] = "CASH"
    reference: str | None = Field(default=None, max_length=60)


def _done(entry: Any) -> dict[str, Any]:
    data = entry.payload["data"]
    return {"seq": entry.seq, "kind": entry.kind, "total": data["total"]}


@router.post("/api/cage/sales", tags=["cashier"])
async def sell_chips(body: CageBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The cashier sells chips to a player for cash, a cheque or a card (``JNL.CHIP_SALE``)."""
    by = staff_id(session)
    entry = await asyncio.to_thread(
        lambda: casino.sell_chips(
            body.player, body.chips, by=by, payment=body.payment, reference=body.reference
        )
    )
    return _done(entry)


@router.post("/api/cage/buybacks", tags=["cashier"])
async def buy_back_chips(body: CageBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The cashier buys chips back from a player for cash or a cheque (``JNL.CHIP_BUYBACK``)."""
    by = staff_id(session)
    entry = await asyncio.to_thread(
        lambda: casino.buy_back_chips(
            body.player, body.chips, by=by, payment=body.payment, reference=body.reference
        )
    )
    return _done(entry)


@router.get("/api/cage", tags=["cashier"])
def cage(
    session: SessionDep,
    casino: CasinoDep,
    day: Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}-\d{2}$")] = None,
) -> dict[str, Any]:
    """The cage's chip movements of a gaming day (default: the current one)."""
    casino.authorise(Op.CHIP_SALES, staff_id(session), "R")
    date = day
    if date is None:
        current = casino.current_day()
        if current is None:
            raise OpsError(Code.DAY_NOT_OPEN, N_("no gaming day is open"))
        date = current.date
    return casino.cage_day(date)


@router.get("/api/cage/account", tags=["cashier"])
def account(
    session: SessionDep,
    casino: CasinoDep,
    player: Annotated[str | None, Query(min_length=1, max_length=40)] = None,
) -> dict[str, Any]:
    """A player's chip movements with the casino and their net ``balance`` (cents): chips
    bought at the window, bought back, brought to poker tables and stacks taken away
    (:mod:`crupier.casino.poker_chips`). A player reads his own (``player`` may be left
    out); staff read any player's as row 36 lets them read the cage."""
    if session.account.kind == "player":
        own = session.account.subject
        if player not in (None, own):
            raise OpsError(Code.PERMISSION_DENIED, N_("a player reads only his own account"))
        return casino.player_account(own)
    casino.authorise(Op.CHIP_SALES, staff_id(session), "R")
    if player is None:
        raise OpsError(Code.MISSING_FIELDS, N_("name the player"))
    return casino.player_account(player)
