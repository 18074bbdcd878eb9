"""The lobby feed: one WebSocket (``/ws/lobby``) that pushes every table's status as the
floor and the pit show it, instead of each page polling every table.

A summary per table — state, the round's phase, limits, crew, players seated, rounds,
the last results — is built from the same status and public view the table's own
socket sends (never a seat's private view). The feed looks at the casino after every
new ledger entry (and after a restart's recovery decision), at most every 250 ms, and
sends each subscriber only the summaries that changed among the tables it may see.

>>> summary_changes({"RF-1": {"state": "OPEN"}}, {"RF-1": {"state": "OPEN"}, "RA-1": {}})
['RA-1']
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from crupier.casino import OpsError
from crupier.server.auth import Account
from crupier.server.hub import TableHub, check_can_view, status_of

#: Seconds between two looks at the casino while someone follows the lobby.
INTERVAL = 0.25
#: Last results a summary carries (a roulette's last 12 numbers, a shoe's road).
LAST_RESULTS = 12


def summary_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The tables whose summary differs between two snapshots."""
    return [t for t in after if before.get(t) != after[t]]


def table_summary(hub: TableHub, table_id: str) -> dict[str, Any]:
    """What the floor shows of a table: its status and, from the public view, the
    round's phase, the seats taken and the last results; for the pit, the number of
    fills and credits and the state of each box (so that a movement is pushed too)."""
    status = status_of(hub, table_id)
    view: dict[str, Any] = {}
    if status["table_session"]:
        with contextlib.suppress(OpsError):
            view = hub.casino.live_engine(table_id).view(None)
    ts = hub.casino.table_sessions.get(status["table_session"] or "")
    seats = view.get("seats")
    seated = len(seats) if isinstance(seats, dict | list) else len(view.get("players") or {})
    return {
        **status,
        "phase": view.get("phase"),
        "suspended": bool(view.get("suspended")),
        "rounds_left": view.get("rounds_left"),
        "seated": seated,
        "last_results": list(view.get("last_results") or [])[-LAST_RESULTS:],
        "fills": 0 if ts is None else len(ts.fills),
        "credits": 0 if ts is None else len(ts.credits),
        "boxes": {} if ts is None else {k: b.get("state") for k, b in ts.boxes.items()},
    }


@dataclass(eq=False)
class LobbyViewer:
    """One follower of the lobby: the tables it may see and its outgoing frames."""

    account: Account
    tables: frozenset[str]
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(256))


class Lobby:
    """The summaries of every table, pushed to the followers of the lobby."""

    def __init__(self, hub: TableHub) -> None:
        self.hub = hub
        self.viewers: set[LobbyViewer] = set()
        self.snapshot: dict[str, dict[str, Any]] = {}
        self._mark: tuple[int, tuple[str, ...]] | None = None
        self._task: asyncio.Task[None] | None = None

    def visible(self, account: Account) -> frozenset[str]:
        """The tables ``account`` may see (the same check as a table's socket)."""
        out = set()
        for table_id in self.hub.casino.tables:
            try:
                check_can_view(self.hub.casino, table_id, account)
            except OpsError:
                continue
            out.add(table_id)
        return frozenset(out)

    def join(self, account: Account) -> LobbyViewer:
        """A new follower: its first frame holds every table it may see."""
        viewer = LobbyViewer(account, self.visible(account))
        self._refresh()
        viewer.queue.put_nowait(
            {"type": "lobby", "tables": [self.snapshot[t] for t in sorted(viewer.tables)]}
        )
        self.viewers.add(viewer)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        return viewer

    def leave(self, viewer: LobbyViewer) -> None:
        """A follower has gone."""
        self.viewers.discard(viewer)

    def _refresh(self) -> list[str]:
        """Rebuild the summaries if the ledger or a recovery moved; the tables changed."""
        mark = (self.hub.casino.books_seq(), tuple(sorted(self.hub.recovering)))
        if mark == self._mark:
            return []
        self._mark = mark
        after = {}
        for t in sorted(self.hub.casino.tables):
            try:
                after[t] = table_summary(self.hub, t)
            except Exception:  # a table's worker is changing it right now: look again
                self._mark = None
                if t in self.snapshot:
                    after[t] = self.snapshot[t]
        changed = summary_changes(self.snapshot, after)
        self.snapshot = after
        return changed

    async def _run(self) -> None:
        while self.viewers:
            await asyncio.sleep(INTERVAL)
            try:
                changed = self._refresh()
            except Exception:  # never let the feed die: the next look rebuilds it all
                self._mark = None
                continue
            if not changed:
                continue
            for viewer in list(self.viewers):
                mine = [self.snapshot[t] for t in changed if t in viewer.tables]
                if mine and not viewer.queue.full():
                    viewer.queue.put_nowait({"type": "tables", "tables": mine})

    async def close(self) -> None:
        """Stop the feed (the server is stopping)."""
        self.viewers.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


async def follow_lobby(websocket: WebSocket, lobby: Lobby, account: Account) -> None:
    """Serve one accepted-to-be lobby socket until it closes: the first frame
    ``{"type": "lobby", "tables": [...]}`` holds every table ``account`` may see, then
    ``{"type": "tables", "tables": [...]}`` the summaries that changed. Anything the client
    sends asks for every table again."""
    await websocket.accept()
    viewer = lobby.join(account)

    async def send() -> None:
        with contextlib.suppress(Exception):
            while True:
                await websocket.send_json(await viewer.queue.get())

    sender = asyncio.create_task(send())
    try:
        while True:
            await websocket.receive_text()
            tables = [lobby.snapshot[t] for t in sorted(viewer.tables)]
            await viewer.queue.put({"type": "lobby", "tables": tables})
    except (WebSocketDisconnect, ValueError, KeyError):
        pass
    finally:
        lobby.leave(viewer)
        sender.cancel()
