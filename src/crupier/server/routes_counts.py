"""The count room over REST: the drop, cagnotte and rake boxes of a closed table counted by
chip denomination by two cashiers, and the tip boxes into the tips account (A56).

The casino's own operations do the work and the checks (``Casino.count_box``,
``Casino.count_tips``, ``Casino.tips_day_total``; the permission matrix's row 14 and the
two distinct signatures OPS-BK-07/-15, OPS-TIP-01…04): the person logged in counts and
signs first, the ``second`` cashier named co-signs in the same entry.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino import OpsError
from crupier.casino.roles import Op
from crupier.server.app import CasinoDep, HubDep, SessionDep, staff_id
from crupier.server.routes_ops import _casino_op, _entry, _table_op

router = APIRouter()


class Strict(BaseModel):
    """A request body: unknown fields are refused (422)."""

    model_config = ConfigDict(extra="forbid")


class BoxCountBody(Strict):
    """A box count: the chips by denomination (cents → quantity), the seal found on the
    box, the second cashier who co-signs; ``total`` (optional) is checked against the
    chips; a circle poker rake box names its ``option``."""

    box: Literal["DROP", "CAGNOTTE", "RAKE"]
    chips: dict[int, int]
    seal: str = Field(min_length=1, max_length=40)
    second: str = Field(min_length=1, max_length=64)
    total: int | None = None
    option: Literal["POT_PERCENTAGE", "TIME_OR_SEAT_FEE"] | None = None
    late_reason: str | None = None


class TipsCountBody(Strict):
    """A tip box counted after the end of gaming hours, into the tips account (A56)."""

    chips: dict[int, int]
    seal: str = Field(min_length=1, max_length=40)
    second: str = Field(min_length=1, max_length=64)
    table_session: str | None = None


class TipsTotalBody(Strict):
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@router.get("/api/counts", tags=["counts"])
def counts(session: SessionDep, casino: CasinoDep) -> list[dict[str, Any]]:
    """The boxes of every table session of the current gaming day: each box with its
    state (``IN_PLACE``, ``REMOVED_SEALED``, ``COUNTED``), the seal recorded at closing,
    and the count's entry and total once counted."""
    by = staff_id(session)
    casino.authorise(Op.BOX_COUNT, by, "R")
    day = casino.current_day()
    out = []
    for ts in casino.table_sessions.values():
        if day is not None and ts.gaming_day != day.date:
            continue
        try:  # a table chief reads the counts of its own tables only (row 14, "R own")
            casino.authorise(Op.BOX_COUNT, by, "R", ts.table)
        except OpsError:
            continue
        table = casino.tables[ts.table]
        boxes = []
        for kind, box in ts.boxes.items():
            seq = ts.counts.get(kind)
            total = None
            if seq is not None:
                total = int(casino.effective(seq)["total"])
            boxes.append(
                {
                    "kind": kind,
                    "id": box.get("id"),
                    "state": box.get("state"),
                    "seal": box.get("seal"),
                    "count": seq,
                    "total": total,
                }
            )
        out.append(
            {
                "table": ts.table,
                "game": table.game,
                "table_session": ts.id,
                "state": str(table.state) if table.session == ts.id else "CLOSED",
                "boxes": boxes,
            }
        )
    return sorted(out, key=lambda t: (t["table"], t["table_session"]))


@router.post("/api/tables/{table_id}/count", tags=["counts"])
async def count_box(
    table_id: str, body: BoxCountBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Count the drop (banking games), cagnotte (baccarats) or rake box of a table closed
    and sealed: two distinct cashiers sign the one entry (A43 ``DROP_COUNT``, A44
    ``CAGNOTTE_COUNT`` / ``RAKE_OR_FEE_COUNT``). A seal that differs from the one
    recorded at closing is counted with an incident; once every box is counted the
    table is ``CLOSED``."""
    by = staff_id(session)
    c = hub.casino
    entry = await _table_op(
        hub,
        table_id,
        lambda: c.count_box(
            table_id,
            body.box,
            by=by,
            second=body.second,
            chips=body.chips,
            seal=body.seal,
            total=body.total,
            option=body.option,
            late_reason=body.late_reason,
        ),
    )
    data = entry.payload["data"]
    return {**_entry(entry), "total": data["total"], "seal_intact": data["seal_intact"]}


@router.post("/api/tables/{table_id}/tips", tags=["counts"])
async def count_tips(
    table_id: str, body: TipsCountBody, session: SessionDep, casino: CasinoDep
) -> dict[str, Any]:
    """Count a table's tip box into the tips account (A56), by two cashiers, once the
    gaming day is closed to play (``TIPS_COUNT_TOO_EARLY`` before)."""
    by = staff_id(session)
    casino.table(table_id)
    entry = await _casino_op(
        casino,
        lambda: casino.count_tips(
            table_id,
            by=by,
            second=body.second,
            chips=body.chips,
            seal=body.seal,
            table_session=body.table_session,
        ),
    )
    return {**_entry(entry), "total": entry.payload["data"]["total"]}


@router.post("/api/day/tips-total", tags=["counts"])
async def tips_total(body: TipsTotalBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The day's tips total in A56, signed by the director."""
    by = staff_id(session)
    entry = await _casino_op(casino, lambda: casino.tips_day_total(body.date, by=by))
    return {**_entry(entry), "total": entry.payload["data"]["total"]}


@router.post("/api/tables/{table_id}/close-definitively", tags=["counts"])
async def close_definitively(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """From a temporary closure to the closing count (the director holding the key): the
    table chief then counts the closing float and seals the boxes (``POST .../close``)."""
    by = staff_id(session)
    c = hub.casino
    return _entry(await _table_op(hub, table_id, lambda: c.close_definitively(table_id, by=by)))


@router.post("/api/tables/{table_id}/last-rounds/end", tags=["counts"])
async def end_last_rounds(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """End the last rounds early, the last round offered having drawn no bet: the table
    goes to its closing count."""
    by = staff_id(session)
    c = hub.casino
    return _entry(await _table_op(hub, table_id, lambda: c.end_last_rounds_early(table_id, by=by)))
