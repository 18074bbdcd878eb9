"""The live tables: one owner per table, actions serialised per table, views pushed after.

Every request that changes a table goes into that table's queue. A table's worker (an
asyncio task) takes what is queued, hands it to a worker thread as one batch
(:meth:`~crupier.casino.live.LiveOps.run_batch`: one savepoint per request, so a refusal
undoes only itself), and the ledger groups the batches of all tables into one durable
transaction (group commit). Only once the batch is committed are the callers answered
and the table's viewers sent their new views. Tables run concurrently; a table never
runs two batches at once.

What a viewer receives is built by :func:`view_for`: the engine's ``view(seat)`` for a
player, the table's public view for staff (the engine hides hole cards, undealt cards
and the shoe order from both), with the actions that person may take now.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crupier.casino import Casino, OpsError
from crupier.casino.roles import Op
from crupier.core.roles import TableRole
from crupier.server.auth import Account

#: How many queued requests of one table go into one batch.
MAX_BATCH = 128
#: How many frames a viewer may have waiting before views to it are skipped.
MAX_BEHIND = 64
#: The shortest time between two pushes of a table's views (seconds).
PUSH_EVERY = 0.05


@dataclass(eq=False)
class Viewer:
    """A WebSocket subscribed to a table: who it is and where to send."""

    account: Account
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


@dataclass
class _Request:
    call: Callable[[], Any]
    future: asyncio.Future[Any]


class TableHub:
    """The server's tables: their queues, workers and viewers."""

    def __init__(self, casino: Casino) -> None:
        self.casino = casino
        self.queues: dict[str, asyncio.Queue[_Request]] = {}
        self.workers: dict[str, asyncio.Task[None]] = {}
        self.viewers: dict[str, set[Viewer]] = {}
        self.recovering: dict[str, dict[str, Any]] = {}  # table -> the round found open
        self._pushed: dict[str, float] = {}  # table -> when its views were last pushed
        self._scheduled: set[str] = set()  # tables with a push waiting
        for table_id in casino.tables:
            found = _quiet(casino.live_round, table_id)
            if found:
                self.recovering[table_id] = found

    async def submit(self, table_id: str, call: Callable[[], Any]) -> Any:
        """Queue ``call`` (a casino operation) on ``table_id``; return its result once it
        is durable (or raise its refusal)."""
        loop = asyncio.get_running_loop()
        if table_id not in self.queues:
            self.queues[table_id] = asyncio.Queue()
            self.workers[table_id] = loop.create_task(self._work(table_id))
        request = _Request(call, loop.create_future())
        await self.queues[table_id].put(request)
        return await request.future

    async def _work(self, table_id: str) -> None:
        queue = self.queues[table_id]
        while True:
            batch = [await queue.get()]
            while not queue.empty() and len(batch) < MAX_BATCH:
                batch.append(queue.get_nowait())
            calls = [r.call for r in batch]
            try:
                results = await asyncio.to_thread(self.casino.run_batch, calls)
            except Exception as exc:  # the commit failed: nothing of the batch is stored
                for r in batch:
                    if not r.future.done():
                        r.future.set_exception(exc)
                continue
            for r, result in zip(batch, results, strict=True):
                if r.future.done():
                    continue
                if isinstance(result, Exception):
                    r.future.set_exception(result)
                else:
                    r.future.set_result(result)
            if any(not isinstance(res, Exception) for res in results):
                self.schedule_push(table_id)

    def subscribe(self, table_id: str, viewer: Viewer) -> None:
        """Send ``viewer`` the table's views from now on."""
        self.viewers.setdefault(table_id, set()).add(viewer)

    def unsubscribe(self, table_id: str, viewer: Viewer) -> None:
        """Stop sending ``viewer`` views."""
        self.viewers.get(table_id, set()).discard(viewer)

    def schedule_push(self, table_id: str) -> None:
        """Push the table's views now, or, if it was pushed less than :data:`PUSH_EVERY`
        seconds ago, once that time is up (a busy table's bets coalesce into fewer frames;
        every frame is the whole view, so none is lost by coalescing)."""
        if table_id in self._scheduled:
            return
        loop = asyncio.get_running_loop()
        wait = self._pushed.get(table_id, 0.0) + PUSH_EVERY - loop.time()
        if wait <= 0:
            self.push(table_id)
            return
        self._scheduled.add(table_id)

        def later() -> None:
            self._scheduled.discard(table_id)
            self.push(table_id)

        loop.call_later(wait, later)

    def push(self, table_id: str) -> None:
        """Queue each viewer of ``table_id`` its view as it is now."""
        with contextlib.suppress(RuntimeError):
            self._pushed[table_id] = asyncio.get_running_loop().time()
        shared: dict[Any, Any] = {}  # what every viewer's view shares, computed once
        for viewer in list(self.viewers.get(table_id, ())):
            if viewer.queue.qsize() > MAX_BEHIND:
                continue  # a stalled socket skips views (each one is whole), never acks
            frame = {"type": "view", **view_for(self, table_id, viewer.account, shared)}
            viewer.queue.put_nowait(frame)

    async def close(self) -> None:
        """Stop the workers."""
        for task in self.workers.values():
            task.cancel()
        for task in self.workers.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _quiet(fn: Callable[[str], Any], arg: str) -> Any:
    try:
        return fn(arg)
    except OpsError:
        return None


def table_role_of(casino: Casino, table_id: str, account: Account) -> TableRole | None:
    """The table role in which ``account`` acts at ``table_id`` now (``None``: may only
    watch). The permission matrix decides, through the casino's own check."""
    if account.kind == "player":
        return TableRole.PLAYER
    try:
        return casino.staff_table_role(table_id, account.subject)
    except OpsError:
        return None


def check_can_view(casino: Casino, table_id: str, account: Account) -> None:
    """A player may watch any open table; staff need the matrix's read grant for it."""
    casino.table(table_id)
    if account.kind != "player":
        casino.authorise(Op.READ_ALL, account.subject, "R", table_id)


def status_of(hub: TableHub, table_id: str) -> dict[str, Any]:
    """A table as the floor shows it: game, state, limits, crew, round in progress."""
    casino = hub.casino
    table = casino.tables[table_id]
    ts = casino.table_sessions.get(table.session) if table.session else None
    live = casino.live_round(table_id) if ts is not None else None
    return {
        "id": table.id,
        "game": table.game,
        "profile": table.profile,
        "kind": str(table.kind),
        "room": table.room,
        "state": str(table.state),
        "seats": table.seats,
        "limits": None if table.limits is None else table.limits.as_json(),
        "table_session": table.session,
        "crew": dict(ts.staff) if ts is not None else {},
        "rounds": len(ts.rounds) if ts is not None else 0,
        "round_in_progress": live,
        "recovery_pending": table_id in hub.recovering,
    }


def view_for(
    hub: TableHub, table_id: str, account: Account, shared: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """What ``account`` may see of ``table_id`` now, and what it may do there.

    ``shared`` lets one push build the parts every viewer shares (the table's status, the
    staff view, each seat's view) once.
    """
    casino = hub.casino
    cache: dict[Any, Any] = {} if shared is None else shared
    if "status" not in cache:
        cache["status"] = status_of(hub, table_id)
        cache["seq"] = casino.books_seq()
        engine = None
        with contextlib.suppress(OpsError):
            engine = casino.live_engine(table_id) if cache["status"]["table_session"] else None
        cache["engine"] = engine
        cache["legal"] = [] if engine is None else engine.legal_actions()
    status, engine = cache["status"], cache["engine"]
    role = table_role_of(casino, table_id, account)
    out: dict[str, Any] = {
        "table": table_id,
        "status": status,
        "seq": cache["seq"],
        "as": {
            "kind": account.kind,
            "id": account.subject,
            "table_role": None if role is None else str(role),
        },
        "view": None,
        "legal_actions": [],
    }
    if engine is None:
        return out
    seat = account.subject if account.kind == "player" else None
    if ("view", seat) not in cache:
        view = engine.view(seat)
        view.pop("legal_actions", None)  # the person's own list is below
        cache[("view", seat)] = view
    out["view"] = cache[("view", seat)]
    if role is not None and table_id not in hub.recovering:
        out["legal_actions"] = [
            kind for kind in cache["legal"] if role in engine.permissions.get(kind, ())
        ]
    return out
