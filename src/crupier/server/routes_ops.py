"""Casino operations over REST: the gaming day, tables and floats, fills and credits with
their second signature, limits, closures, red-ink corrections; the books (JSON, CSV, PDF),
round recall, ledger verification and checkpoints.

Each call names the acting staff member as the session's person; the casino's own
methods check the permission matrix and the table assignment (``Casino.authorise``),
exactly as the library does. Operations on a table go through that table's queue, so
they are serialised with its live actions and its viewers see the result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from crupier.casino import Casino, Code, OpsError
from crupier.casino.model import Limits
from crupier.casino.registers import REGISTER_READ_OPS
from crupier.casino.roles import Op, scoped
from crupier.i18n import N_
from crupier.server.app import CasinoDep, HubDep, SessionDep, staff_id
from crupier.server.auth import Session
from crupier.server.errors import ApiError
from crupier.server.events import write_async
from crupier.server.hub import TableHub, check_can_view

router = APIRouter()

#: The largest ledger seq a request may name (the databases' 64-bit integer).
MAX_SEQ = 2**63 - 1
#: A ledger entry named in a path.
Seq = Annotated[int, Path(gt=0, le=MAX_SEQ)]


class Strict(BaseModel):
    """A request body: unknown fields are refused (422)."""

    model_config = ConfigDict(extra="forbid")


Chips = dict[int, int]


class DayBody(Strict):
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class SessionBody(Strict):
    name: str | None = None
    last: bool = False


class LimitsBody(Strict):
    minimum: int = Field(gt=0)
    maximum: int = Field(gt=0)
    layouts: dict[str, int] = Field(default_factory=dict)

    def limits(self) -> Limits:
        return Limits(self.minimum, self.maximum, dict(self.layouts))


class OpenTableBody(Strict):
    cashier: str
    float_chips: Chips
    limits: LimitsBody
    staff: dict[str, str] = Field(default_factory=dict)
    mode: str | None = None


class MovementBody(Strict):
    chips: Chips
    slip: str = Field(min_length=1, max_length=40)
    cashier: str | None = None
    total: int | None = None


class SignBody(Strict):
    purpose: str = Field(min_length=1, max_length=40)


class ReasonBody(Strict):
    reason: str = ""


class CloseTableBody(Strict):
    cashier: str
    chips: Chips
    seals: dict[str, str] = Field(default_factory=dict)
    wheel_seal: str | None = None


class ChangeBody(Strict):
    field: str = Field(min_length=1)
    old: Any = None
    new: Any = None


class CorrectionBody(Strict):
    seq: int = Field(gt=0, le=MAX_SEQ)
    changes: list[ChangeBody] = Field(min_length=1)
    reason: str = Field(min_length=1)


class DecisionBody(Strict):
    approve: bool


def _entry(entry: Any) -> dict[str, Any]:
    return {"seq": entry.seq, "kind": entry.kind}


async def _casino_op(casino: Casino, call: Callable[[], Any]) -> Any:
    """A casino operation that belongs to no table: run in a worker thread."""
    return await asyncio.to_thread(call)


async def _table_op(hub: TableHub, table_id: str, call: Callable[[], Any]) -> Any:
    hub.casino.table(table_id)  # 404 for an unknown table before queueing
    return await hub.submit(table_id, call)


# ------------------------------------------------------------------ the gaming day


@router.post("/api/day/open", tags=["day"])
async def open_day(body: DayBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Open a gaming day (the director in office)."""
    by = staff_id(session)
    return _entry(await _casino_op(casino, lambda: casino.open_day(body.date, by=by)))


@router.post("/api/day/close", tags=["day"])
async def close_day(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Close the gaming day (``DAY_NOT_CLOSABLE`` lists what is missing)."""
    by = staff_id(session)
    return _entry(await _casino_op(casino, lambda: casino.close_day(by=by)))


@router.post("/api/session/open", tags=["day"])
async def open_session(body: SessionBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Open the next session of the day."""
    by = staff_id(session)
    return _entry(
        await _casino_op(casino, lambda: casino.open_session(by=by, name=body.name, last=body.last))
    )


@router.post("/api/session/close", tags=["day"])
async def close_session(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Close the open session (every table closed first)."""
    by = staff_id(session)
    return _entry(await _casino_op(casino, lambda: casino.close_session(by=by)))


@router.get("/api/day", tags=["day"])
def day(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The current gaming day and session."""
    current = casino.current_day()
    open_session = casino.current_session()
    return {
        "day": None
        if current is None
        else {"date": current.date, "state": current.state, "sessions": list(current.sessions)},
        "session": None if open_session is None else open_session.id,
        "denominations": list(casino.config.denominations),
    }


# ------------------------------------------------------------------ tables


@router.post("/api/tables/{table_id}/open", tags=["table operations"])
async def open_table(
    table_id: str, body: OpenTableBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Open a table with its float counted by denomination (the table chief; the cashier
    named co-signs)."""
    by = staff_id(session)
    c = hub.casino
    return _entry(
        await _table_op(
            hub,
            table_id,
            lambda: c.open_table(
                table_id,
                by=by,
                cashier=body.cashier,
                float_chips=body.float_chips,
                limits=body.limits.limits(),
                staff=body.staff,
                mode=body.mode,
            ),
        )
    )


@router.post("/api/tables/{table_id}/close", tags=["table operations"])
async def close_table(
    table_id: str, body: CloseTableBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """The closing count of the float (the table chief, with the cashier)."""
    by = staff_id(session)
    c = hub.casino
    return _entry(
        await _table_op(
            hub,
            table_id,
            lambda: c.close_table(
                table_id,
                by=by,
                cashier=body.cashier,
                chips=body.chips,
                seals=body.seals,
                wheel_seal=body.wheel_seal,
            ),
        )
    )


async def _movement(
    op: str, table_id: str, body: MovementBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """A fill or a credit (``op``, the casino's method of that name), as one table operation."""
    by = staff_id(session)
    c = hub.casino
    move = getattr(c, op)
    entry = await _table_op(
        hub,
        table_id,
        lambda: move(
            table_id,
            by=by,
            chips=body.chips,
            slip=body.slip,
            cashier=body.cashier,
            total=body.total,
        ),
    )
    return {**_entry(entry), "status": c.status(entry.seq)}


@router.post("/api/tables/{table_id}/fills", tags=["table operations"])
async def fill(
    table_id: str, body: MovementBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Chips sent to the table. Without ``cashier`` the entry waits for the cashier's
    signature (``POST /api/entries/{seq}/sign`` with purpose ``CASHIER``)."""
    return await _movement("fill", table_id, body, session, hub)


@router.post("/api/tables/{table_id}/credits", tags=["table operations"])
async def credit(
    table_id: str, body: MovementBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Chips returned from the table to the cage (second signature as for fills)."""
    return await _movement("credit", table_id, body, session, hub)


@router.post("/api/entries/{seq}/sign", tags=["table operations"])
async def sign(seq: Seq, body: SignBody, session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Add a signature to an entry that awaits it (the second signature of a fill...)."""
    by = staff_id(session)
    sig = await _casino_op(casino, lambda: casino.sign(seq, by, body.purpose))
    return {**_entry(sig), "target": seq, "status": casino.status(seq)}


@router.get("/api/entries/pending", tags=["table operations"])
def pending(session: SessionDep, casino: CasinoDep) -> list[dict[str, Any]]:
    """Entries still missing a signature, with the purposes they need."""
    staff_id(session)
    out = []
    for seq in sorted(casino.incomplete):
        entry = casino.ledger.get(seq)
        p = entry.payload
        if not _may_read_entry(session, casino, p.get("table"), p.get("book")):
            continue  # another table's entry: not this person's to read (row 35, own)
        out.append(
            {
                "seq": seq,
                "kind": entry.kind,
                "table": p.get("table"),
                "data": p.get("data"),
                "missing": casino.missing_signatures(seq),
            }
        )
    return out


@router.post("/api/tables/{table_id}/limits", tags=["table operations"])
async def change_limits(
    table_id: str, body: LimitsBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Announce a limit change ("les cinc últimes passades")."""
    by = staff_id(session)
    c = hub.casino
    entry = await _table_op(
        hub, table_id, lambda: c.announce_limit_change(table_id, body.limits(), by=by)
    )
    await write_async(
        c,
        "EVT.CONFIG_CHANGE",
        {
            "what": "table limits",
            "table": table_id,
            "limits": body.model_dump(),
            "by": by,
            "entry": entry.seq,
        },
    )
    return _entry(entry)


@router.post("/api/tables/{table_id}/temp-close", tags=["table operations"])
async def temp_close(
    table_id: str, body: ReasonBody, session: SessionDep, hub: HubDep
) -> dict[str, Any]:
    """Temporary closure of the table (the director)."""
    by = staff_id(session)
    c = hub.casino
    return _entry(
        await _table_op(hub, table_id, lambda: c.temp_close(table_id, by=by, reason=body.reason))
    )


@router.post("/api/tables/{table_id}/reopen", tags=["table operations"])
async def reopen(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """Reopen a temporarily closed table (the director holding its key)."""
    by = staff_id(session)
    c = hub.casino
    c.table(table_id)
    c.require_director(by, Op.TEMP_CLOSURE)  # who may, before what state the table is in
    return _entry(await _table_op(hub, table_id, lambda: c.reopen(table_id, by=by)))


@router.post("/api/tables/{table_id}/last-rounds", tags=["table operations"])
async def last_rounds(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """Announce the last three rounds."""
    by = staff_id(session)
    c = hub.casino
    return _entry(await _table_op(hub, table_id, lambda: c.announce_last_rounds(table_id, by=by)))


# ------------------------------------------------------------------ corrections


@router.post("/api/corrections", tags=["corrections"])
async def request_correction(
    body: CorrectionBody, session: SessionDep, casino: CasinoDep
) -> dict[str, Any]:
    """Request a red-ink correction of an entry (``field`` relative to its data)."""
    by = staff_id(session)
    changes = [(c.field, c.old, c.new) for c in body.changes]
    return _entry(
        await _casino_op(
            casino, lambda: casino.request_correction(body.seq, changes, body.reason, by=by)
        )
    )


@router.get("/api/corrections", tags=["corrections"])
def corrections(session: SessionDep, casino: CasinoDep) -> list[dict[str, Any]]:
    """Corrections awaiting a decision, each with the original entry beside it."""
    staff_id(session)
    decided = set()
    requests = []
    for entry in casino.ledger.entries():
        if entry.kind == "correction.decision":
            decided.add(entry.payload["correction"]["seq"])
        elif entry.kind == "correction":
            requests.append(entry)
    out = []
    for entry in requests:
        if entry.seq in decided:
            continue
        target = entry.payload["corrects"]["seq"]
        original = casino.ledger.get(target).payload
        table = original.get("table") if isinstance(original, dict) else None
        book = original.get("book") if isinstance(original, dict) else None
        if not _may_read_entry(session, casino, table, book):
            continue
        out.append(
            {
                "seq": entry.seq,
                "target": target,
                "by": entry.actor.id,
                "reason": entry.payload.get("reason"),
                "changes": entry.payload.get("changes"),
                "original": original,
            }
        )
    return out


@router.post("/api/corrections/{seq}/decision", tags=["corrections"])
async def decide(
    seq: Seq, body: DecisionBody, session: SessionDep, casino: CasinoDep
) -> dict[str, Any]:
    """Approve or reject a correction (never its requester)."""
    by = staff_id(session)
    return _entry(
        await _casino_op(casino, lambda: casino.decide_correction(seq, body.approve, by=by))
    )


# ------------------------------------------------------------------ books and audit


def _reader(
    session: Session, casino: Casino, table: str | None = None, book: str | None = None
) -> None:
    """Reading the books: the matrix's row 35 (players read no books); the regulator's
    registers A60 and A61 through their own rows (21 and 23), which the floor has not."""
    if session.account.kind != "staff":
        raise ApiError(403, "PERMISSION_DENIED", N_("players do not read the books"))
    register = REGISTER_READ_OPS.get(book or "")
    if register is not None:
        casino.authorise(register, session.account.subject, "R")
        return
    casino.authorise(Op.READ_ALL, session.account.subject, "R", table)


def _own_only(session: Session, casino: Casino) -> bool:
    """Whether the person's grant to read is limited to their own tables."""
    roles = [a.role for a in casino.valid_assignments(session.account.subject)]
    return bool(roles) and all(scoped(Op.READ_ALL, r) for r in roles)


@router.get("/api/books/{book}", tags=["books"], response_model=None)
async def book(
    book: str,
    session: SessionDep,
    casino: CasinoDep,
    request: Request,
    day: str | None = None,
    format: Literal["json", "csv", "pdf"] = "json",
) -> Response | dict[str, Any]:
    """A book (A43, A44, A45, A56, A60, A61, JNL...) as JSON, CSV or the PDF register,
    with the verification of the ledger it is printed from; CSV and PDF in the reader's
    language (the register's own names in Catalan)."""
    from crupier.casino.books import BOOK_TITLES, export, read_book

    _reader(session, casino, book=book)
    if book not in BOOK_TITLES:
        raise ApiError(404, "UNKNOWN_BOOK", N_("no book {book}; known: {known}"),
                       book=repr(book), known=", ".join(BOOK_TITLES))  # fmt: skip
    own = book not in REGISTER_READ_OPS and _own_only(session, casino)
    if format == "json":
        entries = await asyncio.to_thread(read_book, casino.ledger, book, day=day)
        rows = []
        for e in entries:
            if own and not _may_read_table(session, casino, e.table):
                continue
            rows.append(
                {
                    "number": e.number,
                    "seq": e.seq,
                    "type": e.type,
                    "local_time": e.local_time,
                    "gaming_day": e.gaming_day,
                    "table": e.table,
                    "author": e.author,
                    "data": e.data,
                    "signatures": e.signatures,
                    "status": e.status,
                    "annulled": e.annulled,
                    "late": e.late,
                    "corrections": e.corrections,
                }
            )
        return {"book": book, "title": BOOK_TITLES[book], "entries": rows}
    if own:
        raise ApiError(403, "PERMISSION_DENIED", N_("the printed book is for the pit and the CRAJ"))
    from crupier.server.language import request_language

    lang = request_language(request)
    exported = await asyncio.to_thread(export, casino.ledger, book, format, day=day, lang=lang)
    media = {"csv": "text/csv", "pdf": "application/pdf"}[format]
    return Response(
        exported.data,
        media_type=media,
        headers={"Content-Disposition": f'inline; filename="{book}.{format}"'},
    )


def _may_read_entry(
    session: Session, casino: Casino, table: str | None, book: str | None = None
) -> bool:
    """Whether the person may read an entry of ``table`` (``None``: a casino-wide entry,
    for casino-wide readers only) in ``book`` (A60 and A61 by their registers' readers)."""
    try:
        _reader(session, casino, book=book)
    except (ApiError, OpsError):
        return False
    if book in REGISTER_READ_OPS:
        return True
    if table is None:
        return not _own_only(session, casino)
    return _may_read_table(session, casino, table)


def _may_read_table(session: Session, casino: Casino, table: str | None) -> bool:
    if table is None:
        return False
    try:
        casino.authorise(Op.READ_ALL, session.account.subject, "R", table)
    except OpsError:
        return False
    return True


@router.get("/api/tables/{table_id}/recall", tags=["books"])
async def recall(
    table_id: str,
    session: SessionDep,
    casino: CasinoDep,
    last: int | None = Query(default=None, gt=0, le=MAX_SEQ),
    table_session: str | None = None,
) -> list[dict[str, Any]]:
    """Rounds of the table replayed move by move from the journal (with each move's events)."""
    from dataclasses import asdict

    from crupier.casino.recall import recall as recall_rounds

    check_can_view(casino, table_id, session.account)
    if session.account.kind != "staff":
        raise ApiError(403, "PERMISSION_DENIED", N_("round recall is for staff and the CRAJ"))
    try:
        rounds = await asyncio.to_thread(
            recall_rounds, casino.ledger, table_id, last=last, table_session=table_session
        )
    except ValueError as exc:
        raise OpsError(Code.UNKNOWN_ENTITY, str(exc)) from None
    return [asdict(r) for r in rounds]


@router.get("/api/verify", tags=["books"])
async def verify(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """Verify the whole ledger against the casino's key (the first broken entry, if any)."""
    from crupier.casino.books import verify_books

    _reader(session, casino)
    key = casino.ledger.get(1).payload
    from crupier.ledger.keys import public_key_from_b64

    keys = [public_key_from_b64(key["public_key"])] if isinstance(key, dict) else None
    verification = await asyncio.to_thread(verify_books, casino.ledger, keys)
    result: dict[str, Any] = verification.as_json()
    if not result.get("ok"):
        await write_async(
            casino,
            "EVT.VERIFY_FAILED",
            {"by": session.account.subject, "first_bad_seq": result.get("first_bad_seq")},
        )
    return result


@router.post("/api/checkpoint", tags=["books"])
async def checkpoint(session: SessionDep, casino: CasinoDep) -> dict[str, Any]:
    """The inspector's checkpoint (ledger seq and head hash, each volume's last number
    and hash), signed by the CRAJ inspector taking it."""
    from crupier.ledger.checkpoint import make_checkpoint

    by = staff_id(session)
    casino.authorise(Op.VISIT_ENTRY, by, "C")  # the CRAJ's own record, as its visits
    visa = await asyncio.to_thread(make_checkpoint, casino.ledger)
    signed = visa.signed(casino.keyring.key(by), by)
    import json

    result: dict[str, Any] = json.loads(signed.to_json())
    return result


@router.get("/api/pit", tags=["pit"])
async def pit(session: SessionDep, casino: CasinoDep, day: str | None = None) -> dict[str, Any]:
    """The pit's numbers of the gaming day: per table drop, win, hold %, fills, credits, the
    dealer on duty and the rotation; per player the rating with the theoretical win."""
    from crupier.server.pit import pit_numbers

    _reader(session, casino)
    numbers: dict[str, Any] = await asyncio.to_thread(pit_numbers, casino, date=day)
    if _own_only(session, casino):
        mine = {
            t["table"] for t in numbers["tables"] if _may_read_table(session, casino, t["table"])
        }
        numbers["tables"] = [t for t in numbers["tables"] if t["table"] in mine]
        numbers["players"] = [p for p in numbers["players"] if p["table"] in mine]
    return numbers
