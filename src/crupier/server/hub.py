"""The live tables: one owner per table, actions serialised per table, views pushed after.

Every request that changes a table goes into that table's queue. One writer (an asyncio
task) takes what every table has queued and hands it to the hub's one writer thread as
one batch (:meth:`~crupier.casino.live.LiveOps.run_batch`: each request in its own
nested unit, so a refusal undoes only itself), which the ledger commits as one durable
transaction. Only once the batch is committed are the callers answered and the tables'
viewers sent their new views. Requests that arrive meanwhile form the next batch. A
table's requests run in the order they came, never two batches at once; the tables
share each commit. One thread for every table instead of a thread per table's batch:
the threads only queued for the same transaction, and waking each of them cost the
event loop more than the batch's own work (measured in docs/server.md).

What a viewer receives is built by :func:`view_for`: the engine's ``view(seat)`` for a
player, the table's public view for staff (the engine hides hole cards, undealt cards
and the shoe order from both), with the actions that person may take now.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson

from crupier.casino import Casino, OpsError
from crupier.casino.live import LiveRecord
from crupier.casino.roles import Op
from crupier.core.layout import LayoutGame
from crupier.core.roles import TableRole
from crupier.server.auth import Account
from crupier.server.delta import diff, for_seat, project

#: How many queued requests of one table go into one batch.
MAX_BATCH = 128
#: How many requests other than bets (a spin, no more bets, a result, an operation) go into
#: one batch: a result settles the whole layout, and the bets of every table in the same
#: commit wait for it; when many tables call their results at once, they are committed a few
#: at a time and the bets between them do not wait for them all.
MAX_HEAVY = 2
#: How many frames a viewer may have waiting before views to it are skipped.
MAX_BEHIND = 64
#: The shortest time between two pushes of a table's views after bets (seconds); anything
#: else (no more bets, a result, an operation) is pushed at once.
PUSH_EVERY = 0.25


def encode(frame: dict[str, Any]) -> str:
    """A frame as JSON text (orjson: several times faster than the standard library on
    views of a few hundred bets, and exact on integers)."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Viewer:
    """A WebSocket subscribed to a table: who it is, where to send, what it holds.

    ``synced`` says the viewer holds the view of the table's last push (the basis the next
    delta applies to); ``legal`` is the list of actions it was last sent.
    """

    account: Account
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    synced: bool = False
    legal: list[str] | None = None

    def send(self, frame: dict[str, Any]) -> None:
        """Queue ``frame`` (encoded once, here) for the socket."""
        self.queue.put_nowait(encode(frame))


@dataclass
class _Request:
    call: Callable[[], Any]
    future: asyncio.Future[Any]
    light: bool = False  # a bet (see MAX_HEAVY)


class TableHub:
    """The server's tables: their queues, workers and viewers."""

    def __init__(self, casino: Casino) -> None:
        self.casino = casino
        self.queues: dict[str, deque[_Request]] = {}  # table -> its requests, in order
        self._wake: asyncio.Event | None = None  # set when a request is queued
        self._writer: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="crupier-tables")
        self.viewers: dict[str, set[Viewer]] = {}
        self.recovering: dict[str, dict[str, Any]] = {}  # table -> the round found open
        self._pushed: dict[str, float] = {}  # table -> when its views were last pushed
        self._scheduled: set[str] = set()  # tables with a push waiting
        self.basis: dict[str, dict[str, Any]] = {}  # table -> its last push (see snapshot)
        self.whole_views: set[str] = set()  # tables whose seats' views are not projections
        self._busy: set[str] = set()  # tables whose batch a worker thread is running
        self._deferred: set[str] = set()  # tables to push once their batch is done
        self.last_request = 0.0  # the event loop's time of the last request queued
        self._turn = 0  # which table is first in the next batch (see _next_batch)
        for table_id in casino.tables:
            found = _quiet(casino.live_round, table_id)
            if found:
                self.recovering[table_id] = found

    async def submit(self, table_id: str, call: Callable[[], Any]) -> Any:
        """Queue ``call`` (a casino operation) on ``table_id``; return its result once it
        is durable (or raise its refusal)."""
        return await self.enqueue(table_id, call)

    def enqueue(
        self, table_id: str, call: Callable[[], Any], *, light: bool = False
    ) -> asyncio.Future[Any]:
        """Queue ``call`` on ``table_id``; the future of its result, set once it is durable
        (or of its refusal). For a caller that answers in a callback instead of a task
        awaiting each action (the table socket). ``light``: a bet (see :data:`MAX_HEAVY`)."""
        loop = asyncio.get_running_loop()
        request = _Request(call, loop.create_future(), light)
        self.last_request = loop.time()
        self.queues.setdefault(table_id, deque()).append(request)
        if self._wake is None:
            self._wake = asyncio.Event()
            self._writer = loop.create_task(self._write(self._wake))
        self._wake.set()
        return request.future

    async def _write(self, wake: asyncio.Event) -> None:
        """Run what the tables have queued, one batch (one commit) at a time."""
        loop = asyncio.get_running_loop()
        while True:
            await wake.wait()
            wake.clear()
            batch = self._next_batch()
            if not batch:
                continue
            if any(queue for queue in self.queues.values()):
                wake.set()  # requests left for the next batch
            tables = {table_id for table_id, _ in batch}
            self._busy |= tables
            calls = [r.call for _, r in batch]
            try:
                results: list[Any] = await loop.run_in_executor(
                    self._thread, self.casino.run_batch, calls
                )
            except Exception as exc:  # the commit failed: nothing of the batch is stored
                results = [exc] * len(batch)
            finally:
                self._busy -= tables
            changed: dict[str, bool] = {}  # table -> whether its viewers must see it now
            for (table_id, r), result in zip(batch, results, strict=True):
                if isinstance(result, Exception):
                    if not r.future.done():
                        r.future.set_exception(result)
                    continue
                if not r.future.done():
                    r.future.set_result(result)
                # no more bets, a result, an operation: seen at once; bets coalesce
                changed[table_id] = changed.get(table_id, False) or _changes_phase(result)
            for table_id in tables:
                if table_id in self._deferred:  # a push that came while the batch ran
                    self._deferred.discard(table_id)
                    self.push(table_id)
                elif changed.get(table_id):
                    self.push(table_id)
                elif table_id in changed:
                    self.schedule_push(table_id)

    def _next_batch(self) -> list[tuple[str, _Request]]:
        """What the next commit runs: each table's queued requests in order, up to
        :data:`MAX_BATCH` a table, with at most :data:`MAX_HEAVY` requests that are not bets
        in all (a table whose next request is one more waits, with what follows it, for the
        next batch). The tables take turns to be first, so none waits behind the others'
        heavy requests for ever."""
        tables = list(self.queues.items())
        if tables:
            self._turn = (self._turn + 1) % len(tables)
            tables = tables[self._turn :] + tables[: self._turn]
        batch: list[tuple[str, _Request]] = []
        heavy = MAX_HEAVY
        for table_id, queue in tables:
            for _ in range(min(len(queue), MAX_BATCH)):
                if not queue[0].light:
                    if heavy == 0:
                        break
                    heavy -= 1
                batch.append((table_id, queue.popleft()))
        return batch

    def subscribe(self, table_id: str, viewer: Viewer) -> None:
        """Send ``viewer`` the table's whole view now, then every change."""
        self.viewers.setdefault(table_id, set()).add(viewer)
        self.resend(table_id, viewer)

    def resend(self, table_id: str, viewer: Viewer) -> None:
        """Send ``viewer`` the whole view of the table's last push (the basis the next
        delta applies to; the table's present state if it was never pushed)."""
        if table_id in self._busy:  # its engine is changing in a worker thread: after it
            viewer.synced = False
            self._deferred.add(table_id)
            return
        account = viewer.account
        if account.kind == "player" and table_id not in self.whole_views:
            check_projection(self, table_id, account.subject)
        snap = self.basis.get(table_id)
        if snap is None or snap["deltas"] != (table_id not in self.whole_views):
            snap = self.basis[table_id] = snapshot(self, table_id)
        frame = view_from(self, table_id, account, snap)
        viewer.synced, viewer.legal = True, frame["legal_actions"]
        viewer.send({"type": "view", **frame})

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
        """Send each viewer of ``table_id`` what changed since the last push.

        The table's public view is built once; a viewer holding the last push's view gets
        a ``delta`` frame (the public delta, cut down to a player's own seat), anyone else
        the whole view. When the phase or the round changes, every viewer gets the whole
        view again. A viewer :data:`MAX_BEHIND` frames behind is skipped and gets the whole
        view once it catches up (acks and errors are never skipped).
        """
        if table_id in self._busy:  # its engine is changing in a worker thread: after it
            self._deferred.add(table_id)
            return
        with contextlib.suppress(RuntimeError):
            self._pushed[table_id] = asyncio.get_running_loop().time()
        old = self.basis.get(table_id)
        snap = self.basis[table_id] = snapshot(self, table_id)
        viewers = list(self.viewers.get(table_id, ()))
        if not viewers:
            return
        public = snap["public"]
        delta: dict[str, Any] | None = None
        if snap["deltas"] and old is not None and old["deltas"]:
            before = old["public"]
            if all(before.get(k) == public.get(k) for k in WHOLE_ON):
                delta = diff(before, public)
        for viewer in viewers:
            if viewer.queue.qsize() > MAX_BEHIND:
                viewer.synced = False
                continue
            if delta is None or not viewer.synced:
                frame = view_from(self, table_id, viewer.account, snap)
                viewer.synced, viewer.legal = True, frame["legal_actions"]
                viewer.send({"type": "view", **frame})
                continue
            assert old is not None
            account = viewer.account
            legal = legal_for(self, table_id, account, snap)
            mine = (
                for_seat(delta, account.subject, old["public"], public)
                if account.kind == "player"
                else delta
            )
            out: dict[str, Any] = {"type": "delta", "table": table_id, "seq": snap["seq"]}
            if snap["status"] != old["status"]:
                out["status"] = snap["status"]
            if legal != viewer.legal:
                out["legal_actions"] = viewer.legal = legal
            if not mine and len(out) == 3:
                continue  # nothing this viewer sees has changed
            out["view"] = mine
            viewer.send(out)

    async def close(self) -> None:
        """Stop the writer (a batch being written is finished first)."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        await asyncio.to_thread(self._thread.shutdown)


#: The view's keys whose change sends every viewer the whole view again (a new phase or
#: round: a point to resynchronise, where the views are short).
WHOLE_ON = ("phase", "stage", "rounds", "coups", "voids")

#: Action kinds whose views may wait for the next coalesced push.
COALESCED = frozenset({"place-bet", "take-down", "announced-bet"})


def _changes_phase(result: Any) -> bool:
    """Whether a table's viewers should see ``result`` at once (anything but a bet)."""
    return not (isinstance(result, LiveRecord) and result.action.get("kind") in COALESCED)


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


def snapshot(hub: TableHub, table_id: str) -> dict[str, Any]:
    """What every viewer's view of ``table_id`` is built from, computed once: the table's
    status, the last ledger entry, the engine, its legal actions, its public view, and
    whether the seats' views are projections of it (``deltas``: the layout games)."""
    casino = hub.casino
    status = status_of(hub, table_id)
    engine = None
    with contextlib.suppress(OpsError):
        engine = casino.live_engine(table_id) if status["table_session"] else None
    public = None
    if engine is not None:
        public = engine.view(None)
        public.pop("legal_actions", None)  # each person's own list is beside the view
    return {
        "status": status,
        "seq": casino.books_seq(),
        "engine": engine,
        "legal": [] if engine is None else engine.legal_actions(),
        "public": public,
        "deltas": isinstance(engine, LayoutGame)
        and not getattr(engine, "seat_views", False)
        and table_id not in hub.whole_views,
        "seats": {},
    }


def legal_for(hub: TableHub, table_id: str, account: Account, snap: dict[str, Any]) -> list[str]:
    """The actions ``account`` may take at the table now: the engine's legal actions
    that its permissions grant the person's table role (none while a recovery waits)."""
    engine = snap["engine"]
    role = table_role_of(hub.casino, table_id, account)
    if engine is None or role is None or table_id in hub.recovering:
        return []
    kinds = [kind for kind in snap["legal"] if role in engine.permissions.get(kind, ())]
    seat_actions = getattr(engine, "seat_actions", None)
    if account.kind == "player" and seat_actions is not None:  # circle poker: his turn only
        kinds = seat_actions(account.subject, kinds)
    return kinds


def view_from(
    hub: TableHub,
    table_id: str,
    account: Account,
    snap: dict[str, Any],
) -> dict[str, Any]:
    """The whole view of ``account`` from ``snap`` (:func:`snapshot`).

    A player's view is the engine's ``view(seat)``; at the layout games it is taken as
    the public view cut down to the seat (:func:`crupier.server.delta.project`), a rule
    :func:`check_projection` verifies whenever a player connects.
    """
    role = table_role_of(hub.casino, table_id, account)
    out: dict[str, Any] = {
        "table": table_id,
        "status": snap["status"],
        "seq": snap["seq"],
        "as": {
            "kind": account.kind,
            "id": account.subject,
            "table_role": None if role is None else str(role),
        },
        "view": None,
        "legal_actions": legal_for(hub, table_id, account, snap),
    }
    engine = snap["engine"]
    if engine is None:
        return out
    if account.kind != "player":
        out["view"] = snap["public"]
        return out
    seat = account.subject
    seats = snap["seats"]
    if seat not in seats:
        seats[seat] = project(snap["public"], seat) if snap["deltas"] else _seat_view(engine, seat)
    out["view"] = seats[seat]
    return out


def check_projection(hub: TableHub, table_id: str, seat: str) -> bool:
    """Whether the engine's ``view(seat)`` at ``table_id`` is its public view cut down to
    the seat, as deltas assume; if not, the table sends whole views from now on."""
    engine = None
    with contextlib.suppress(OpsError):
        engine = hub.casino.live_engine(table_id)
    if not isinstance(engine, LayoutGame):
        return False
    if getattr(engine, "seat_views", False):  # private cards: never cut from the public view
        hub.whole_views.add(table_id)
        return False
    public = engine.view(None)
    public.pop("legal_actions", None)
    if project(public, seat) == _seat_view(engine, seat):
        return True
    hub.whole_views.add(table_id)
    return False


def _seat_view(engine: Any, seat: str) -> dict[str, Any]:
    view: dict[str, Any] = engine.view(seat)
    view.pop("legal_actions", None)
    return view


def view_for(hub: TableHub, table_id: str, account: Account) -> dict[str, Any]:
    """What ``account`` may see of ``table_id`` now, and what it may do there (the REST
    view: the table's present state)."""
    return view_from(hub, table_id, account, snapshot(hub, table_id))
