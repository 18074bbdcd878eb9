"""The bank of a circle table over REST: who holds it and its deposit at the cage.

Two-table baccarat (spec 09) plays only once the bank is adjudicated and deposited at the
cage (operations spec OPS-BK-14, book ``A44``): the table chief records the banker, the
amount, how the bank was adjudicated and the deposit's reference, then the engine's
inspector (the table chief, :data:`crupier.casino.roles.GAME_TABLE_ROLES`) announces the
bank at the table. The permission matrix's row 10 (record rounds: the table's own staff)
decides who may, through the casino, as for every table operation.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino import Code, Kind, OpsError
from crupier.casino.roles import Op
from crupier.i18n import N_
from crupier.server.app import HubDep, SessionDep, staff_id

router = APIRouter()


class BankBody(BaseModel):
    """The bank adjudicated at a circle table and its deposit at the cage."""

    model_config = ConfigDict(extra="forbid")
    banker: str = Field(min_length=1, max_length=40)
    amount: int = Field(gt=0)
    method: Literal["ANNOUNCED", "AUCTION", "DRAW_AFTER_TIE", "RE-OFFER", "ROTATION"]
    deposit_ref: str = Field(min_length=1, max_length=60)
    form: Literal["CASH", "BANK_CHEQUE", "CREDIT_INSTITUTION_DEPOSIT"] = "CASH"


@router.post("/api/tables/{table_id}/bank", tags=["table operations"])
async def adjudicate_bank(
    table_id: str, body: BankBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Record the banker of a circle table and the bank's deposit at the cage (``A44``)."""
    by = staff_id(session)
    c = hub.casino
    table = c.table(table_id)
    c.authorise(Op.RECORD_ROUNDS, by, "C", table_id)  # who may, before what the table is

    def record() -> Any:
        if table.kind is not Kind.CIRCLE:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table_id} is not a circle table: no bank", table_id=table_id),
            )
        return c.adjudicate_bank(
            table_id,
            by=by,
            banker=body.banker,
            amount=body.amount,
            method=body.method,
            deposit_ref=body.deposit_ref,
            form=body.form,
        )

    entry = await hub.submit(table_id, record)
    return {"seq": entry.seq, "kind": entry.kind}
