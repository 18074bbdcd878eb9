"""The regulator's registers over REST: the special register of observations (A60, Art. 60)
and the register of communications (A61, Art. 61).

A CRAJ inspector enters each visit with its observations, instructions and orders; the
game director in office states the follow-up of each item within eight days. The director
writes requests and notices to the CRAJ in A61; an inspector replies. The casino's own
operations check who may write what (``Casino.visit``, ``follow_up``, ``request``,
``notice``, ``reply``: the permission matrix's rows 21-24 and the director in office).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino.registers import (
    ITEM_KINDS,
    NATURES,
    NOTICE_TYPES,
    REGISTER_READ_OPS,
    REQUEST_TYPES,
)
from crupier.server.app import CasinoDep, SessionDep, staff_id
from crupier.server.routes_ops import _casino_op, _entry

router = APIRouter()


class Strict(BaseModel):
    """A request body: unknown fields are refused (422)."""

    model_config = ConfigDict(extra="forbid")


class ItemBody(Strict):
    kind: str = Field(description="OBSERVATION, INSTRUCTION or ORDER")
    text: str = Field(min_length=1, max_length=4000)


class VisitBody(Strict):
    """A visit: its day and time, the nature of the operations carried out, the items."""

    visit_date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    arrival_time: str = Field(pattern=r"^\d{2}:\d{2}$")
    departure_time: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$")
    nature_of_operations: str = Field(description=", ".join(NATURES))
    nature_text: str = Field(default="", max_length=4000)
    items: list[ItemBody] = Field(default_factory=list)
    inspectors: list[str] = Field(default_factory=list)
    table: str | None = None


class FollowUpBody(Strict):
    item_no: int = Field(gt=0)
    text: str = Field(min_length=1, max_length=4000)


class RequestBody(Strict):
    type: str = Field(description=", ".join(REQUEST_TYPES))
    subject: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1, max_length=4000)


class NoticeBody(Strict):
    type: str = Field(description=", ".join(NOTICE_TYPES))
    text: str = Field(min_length=1, max_length=4000)


class ReplyBody(Strict):
    text: str = Field(min_length=1, max_length=4000)


def _reader(session: Any, casino: Any, book: str) -> str:
    """Reading a register: staff with the read grant of the register's own row of the
    matrix (A60 row 21, A61 row 23): the direction and the CRAJ, not the floor."""
    by = staff_id(session)
    casino.authorise(REGISTER_READ_OPS[book], by, "R")
    return by


@router.get("/api/registers/observations", tags=["registers"])
def observations(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The A60 register: every visit with its follow-up state, and every item with its
    due date, state (``PENDING``, ``ANSWERED_ON_TIME``, ``ANSWERED_LATE``, ``OVERDUE``) and
    follow-up; the kinds the forms offer."""
    _reader(session, casino, "A60")
    visits = []
    for seq in sorted(casino.visits):
        if casino.annulled(seq):
            continue
        data = casino.effective(seq)
        visits.append(
            {
                "seq": seq,
                "by": casino.visits[seq].by,
                "visit_date": data["visit_date"],
                "arrival_time": data["arrival_time"],
                "departure_time": data.get("departure_time"),
                "inspectors": data.get("inspectors", []),
                "nature": data.get("nature_of_operations"),
                "table": casino.ledger.get(seq).payload.get("table"),
                "state": casino.visit_state(seq),
            }
        )
    items = casino.observation_items()
    for item in items:
        followup = item.get("follow_up")
        if followup is not None:
            item["follow_up_text"] = casino.effective(followup).get("text")
    return {
        "visits": visits,
        "items": items,
        "natures": list(NATURES),
        "item_kinds": list(ITEM_KINDS),
    }


@router.post("/api/registers/observations", tags=["registers"])
async def visit(body: VisitBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """A CRAJ inspector enters a visit (the other inspectors named co-sign)."""
    by = staff_id(session)
    items = [(i.kind, i.text) for i in body.items]
    entry = await _casino_op(
        casino,
        lambda: casino.visit(
            by,
            visit_date=body.visit_date,
            arrival_time=body.arrival_time,
            departure_time=body.departure_time,
            nature_of_operations=body.nature_of_operations,
            nature_text=body.nature_text,
            items=items,
            inspectors=body.inspectors,
            table=body.table,
        ),
    )
    return {**_entry(entry), "items": entry.payload["data"]["items"]}


@router.post("/api/registers/observations/{seq}/follow-up", tags=["registers"])
async def follow_up(
    seq: int, body: FollowUpBody, session: SessionDep, casino: CasinoDep
) -> dict[str, Any]:
    """The director in office states the follow-up given to one item of a visit."""
    by = staff_id(session)
    entry = await _casino_op(casino, lambda: casino.follow_up(seq, body.item_no, body.text, by=by))
    return {**_entry(entry), "state": casino.item_state(seq, body.item_no)}


@router.get("/api/registers/communications", tags=["registers"])
def communications(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The A61 register: the director's requests with their state, replies and age in
    days; the notices; the types the forms offer."""
    _reader(session, casino, "A61")
    requests = casino.communications()
    for r in requests:
        r["text"] = casino.effective(r["seq"]).get("text")
        r["replies"] = [
            {"seq": s, "by": casino.ledger.get(s).actor.id, "text": casino.effective(s)["text"]}
            for s in r["replies"]
        ]
    notices = [
        {"seq": n["seq"], "by": n["by"], "at": n["at"], "type": n["type"], "text": n["text"]}
        for n in sorted(casino.notices.values(), key=lambda n: n["seq"])
    ]
    return {
        "requests": requests,
        "notices": notices,
        "request_types": list(REQUEST_TYPES),
        "notice_types": list(NOTICE_TYPES),
    }


@router.post("/api/registers/communications", tags=["registers"])
async def request(body: RequestBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The director in office asks the CRAJ (a request, open until replied)."""
    by = staff_id(session)
    entry = await _casino_op(
        casino, lambda: casino.request(by, type=body.type, subject=body.subject, text=body.text)
    )
    return {**_entry(entry), "state": casino.request_state(entry.seq)}


@router.post("/api/registers/notices", tags=["registers"])
async def notice(body: NoticeBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """A notice to the CRAJ (the director in office; the board for appointments)."""
    by = staff_id(session)
    return _entry(
        await _casino_op(casino, lambda: casino.notice(by, type=body.type, text=body.text))
    )


@router.post("/api/registers/communications/{seq}/reply", tags=["registers"])
async def reply(
    seq: int, body: ReplyBody, session: SessionDep, casino: CasinoDep
) -> dict[str, Any]:
    """A CRAJ inspector replies to a request of the director."""
    by = staff_id(session)
    entry = await _casino_op(casino, lambda: casino.reply(seq, body.text, by=by))
    return {**_entry(entry), "state": casino.request_state(seq)}
