"""The significant-events log for the inspector: ``GET /api/events``.

Readers with a casino-wide grant of the matrix's row 35 (the CRAJ inspector, the
director, the deputy, the committee, the board) read every event; staff whose grant is
limited to their own tables, and players, are refused: the log names other people's
failed logins and refusals.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from crupier.casino.events import EVENT_KINDS
from crupier.casino.roles import Op, scoped
from crupier.i18n import N_
from crupier.server.app import CasinoDep, SessionDep
from crupier.server.errors import ApiError

router = APIRouter()


@router.get("/api/events", tags=["books"])
def events(
    session: SessionDep,
    casino: CasinoDep,
    since: Annotated[int, Query(ge=0, le=2**63 - 1)] = 0,
    kind: Annotated[list[str] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 1000,
) -> dict[str, Any]:
    """The significant events after ledger entry ``since`` (oldest first, the last
    ``limit``), of the ``kind`` s asked for: ``{kinds, events: [{seq, kind, recorded_at,
    event_time, ...}]}``."""
    if session.account.kind != "staff":
        raise ApiError(403, "PERMISSION_DENIED", N_("players do not read the events log"))
    by = session.account.subject
    casino.authorise(Op.READ_ALL, by, "R")
    roles = [a.role for a in casino.valid_assignments(by)]
    if all(scoped(Op.READ_ALL, r) for r in roles):
        raise ApiError(403, "PERMISSION_DENIED", N_("the events log is read casino-wide only"))
    unknown = sorted(set(kind or ()) - set(EVENT_KINDS))
    if unknown:
        raise ApiError(
            422, "MALFORMED_REQUEST", N_("unknown event kinds: {kinds}"), kinds=", ".join(unknown)
        )
    found = casino.significant_events(since=since, kinds=kind, limit=limit)
    return {"kinds": dict(EVENT_KINDS), "events": found}
