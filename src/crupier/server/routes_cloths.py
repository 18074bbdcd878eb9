"""The cloth of a table over REST (:mod:`crupier.server.cloths`): its spots and what they
pay, from the profile in force at the table; whoever may view the table may read it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from crupier.casino import Code, OpsError
from crupier.games.catalogue import load_profile
from crupier.i18n import N_
from crupier.server.app import HubDep, SessionDep
from crupier.server.cloths import cloth_of
from crupier.server.hub import check_can_view

router = APIRouter()


@router.get("/api/tables/{table_id}/cloth", tags=["tables"])
def cloth(table_id: str, session: SessionDep, hub: HubDep) -> dict[str, Any]:
    """The table's drawn cloth: each spot and its payout, as the table's profile says."""
    check_can_view(hub.casino, table_id, session.account)
    table = hub.casino.table(table_id)
    drawn = cloth_of(table.game, load_profile(table.game, table.profile))
    if drawn is None:
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("{game} has no drawn cloth here", game=table.game)
        )
    return drawn
