"""The round model: a game is a pure state machine over a log of actions.

Every game engine subclasses :class:`Game`. An action is a small frozen value
(:class:`Action`) that names who takes it (``by``, a :class:`Role`). The engine
offers, PokerKit-style, :meth:`Game.verify` (raises a typed
:class:`~crupier.core.errors.RuleError`), :meth:`Game.can` (a bool) and
:meth:`Game.apply` (verifies, applies, returns a frozen :class:`Record`). A
refused action changes nothing.

Randomness enters only through the injected source, and every number drawn while
an action is applied is kept in that action's log :class:`Entry`. Replaying the
log (:meth:`Game.replay`) feeds those recorded draws back and rebuilds the game
exactly; that log is the audit trail, the game recall and the input of the books.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar

from crupier.core.errors import MalformedAction, NotPermitted, ReplayMismatch, RuleError
from crupier.core.profile import Profile
from crupier.core.rng import RandomSource, SystemSource
from crupier.core.roles import Role

JSON = dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action. ``kind`` is the stable name used in logs and the API."""

    kind: ClassVar[str] = "action"
    by: Role = Role.CROUPIER

    def to_dict(self) -> JSON:
        """A JSON-ready dict: ``{"kind": ..., "by": ..., fields...}``."""
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        out["by"] = str(self.by)
        return out


@dataclass(frozen=True, kw_only=True)
class Event:
    """Base of the facts an applied action produced (a bet settled, a result announced)."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> JSON:
        """A JSON-ready dict: ``{"kind": ..., fields...}``."""
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class Entry:
    """One line of a game's log: the action and every draw made while applying it."""

    seq: int
    action: Action
    draws: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> JSON:
        """JSON-ready form of the entry."""
        return {
            "seq": self.seq,
            "action": self.action.to_dict(),
            "draws": [list(d) for d in self.draws],
        }


@dataclass(frozen=True)
class Record:
    """What :meth:`Game.apply` returns: the log entry and the events it produced."""

    entry: Entry
    events: tuple[Event, ...] = ()


class ScriptedSource(RandomSource):
    """Replays recorded draws; refuses any draw the log does not hold."""

    name = "replay"

    def __init__(self, draws: Iterable[tuple[int, int]]) -> None:
        super().__init__()
        self._queue = list(draws)

    def _below(self, n: int) -> int:
        if not self._queue:
            raise ReplayMismatch(f"the log holds no more draws (asked for one below {n})")
        want, value = self._queue.pop(0)
        if want != n or not 0 <= value < n:
            raise ReplayMismatch(f"the log drew {value} below {want}, the game asks below {n}")
        return value

    @property
    def exhausted(self) -> bool:
        """True once every recorded draw has been used."""
        return not self._queue


def _coerce(value: Any, hint: Any) -> Any:
    """Turn JSON values back into the action field's type (lists into tuples, roles)."""
    origin = typing.get_origin(hint)
    if hint is Role:
        return Role(value)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        for arg in typing.get_args(hint):
            if arg is not type(None):
                try:
                    return _coerce(value, arg)
                except (TypeError, ValueError):
                    continue
        return value
    if origin is tuple and isinstance(value, list):
        args = typing.get_args(hint)
        inner = args[0] if args else Any
        return tuple(_coerce(v, inner) for v in value)
    if (
        isinstance(hint, type)
        and issubclass(hint, str)
        and hint is not str
        and isinstance(value, str)
    ):
        return hint(value)
    return value


_FIELDS: dict[type[Action], tuple[dict[str, Any], frozenset[str]]] = {}


def _action_fields(cls: type[Action]) -> tuple[dict[str, Any], frozenset[str]]:
    """The resolved type hints and the field names of an action class (computed once)."""
    if cls not in _FIELDS:
        names = frozenset(f.name for f in dataclasses.fields(cls))
        _FIELDS[cls] = (typing.get_type_hints(cls), names)
    return _FIELDS[cls]


def action_from_dict(data: Mapping[str, Any], registry: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` output; malformed input is refused."""
    if not isinstance(data, Mapping):
        raise MalformedAction(f"{data!r} is not an action object")
    kind = data.get("kind")
    cls = registry.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(f"unknown action kind {kind!r}; expected one of {sorted(registry)}")
    hints, names = _action_fields(cls)
    extra = set(data) - names - {"kind"}
    if extra:
        raise MalformedAction(f"{kind}: unexpected field(s) {sorted(extra)}")
    kwargs = {}
    try:
        for name in names & set(data):
            kwargs[name] = _coerce(data[name], hints[name])
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(f"{kind}: {exc}") from None


_ATOMIC: frozenset[type] = frozenset(
    {int, str, float, bool, type(None), Fraction, frozenset, bytes}
)


def fast_copy(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of game state that shares what cannot change: numbers, text, enums,
    frozen dataclasses (cards, spots, settled coups) and tuples of them; it copies the
    dicts, lists and mutable records, and defers to a value's own ``__deepcopy__`` (a
    shoe shares its order). The states' ``__deepcopy__`` use it.

    >>> from crupier.core.cards import Card
    >>> hand = {"cards": [Card.parse("Ah")], "shown": (Card.parse("Kd"),)}
    >>> clone = fast_copy(hand)
    >>> clone == hand, clone["cards"] is hand["cards"], clone["shown"] is hand["shown"]
    (True, False, True)
    """
    memo = {} if memo is None else memo
    t = type(value)
    if t in _ATOMIC:
        return value
    if t is dict:
        return {k: v if type(v) in _ATOMIC else fast_copy(v, memo) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _ATOMIC else fast_copy(v, memo) for v in value]
    if isinstance(value, (str, int)):  # enums
        return value
    if t is tuple:
        items = [v if type(v) in _ATOMIC else fast_copy(v, memo) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    params = getattr(t, "__dataclass_params__", None)
    if params is not None:
        if params.frozen:
            return value
        if hasattr(t, "__deepcopy__"):
            return copy.deepcopy(value, memo)
        return copy_record(value, memo)
    return copy.deepcopy(value, memo)


R = TypeVar("R")


def copy_record(record: R, memo: dict[int, Any], shared: frozenset[str] = frozenset()) -> R:
    """A copy of a mutable record (a dataclass instance): its fields copied by
    :func:`fast_copy`, those named in ``shared`` (immutable by contract) shared as they are.
    The states' ``__deepcopy__`` are this.
    """
    clone = object.__new__(type(record))
    clone.__dict__.update(
        {
            k: v if type(v) in _ATOMIC or k in shared else fast_copy(v, memo)
            for k, v in vars(record).items()
        }
    )
    return clone


S = TypeVar("S")
P = TypeVar("P", bound=Profile)


class Game(ABC, Generic[P, S]):
    """A game engine: a profile, a mutable state, an injected random source and a log.

    Subclasses define :attr:`game_id`, :attr:`actions` (kind to class),
    :attr:`permissions` (kind to the roles that may take it), :meth:`initial_state`,
    :meth:`_step` (mutates the state it is given; raising leaves the game untouched),
    :meth:`legal_actions` and :meth:`view`.

    How a refused action changes nothing: the kinds named in :attr:`checked_first` are
    rules that raise every refusal before they change anything, so :meth:`apply` runs
    them on the live state without copying it; every other kind runs on a copy
    (:meth:`copy_state`) that is swapped in only if nothing was refused. The property
    tests of every game check both, over random legal and illegal sequences.
    """

    game_id: ClassVar[str] = ""
    actions: ClassVar[Mapping[str, type[Action]]] = {}
    permissions: ClassVar[Mapping[str, frozenset[Role]]] = {}
    checked_first: ClassVar[frozenset[str]] = frozenset()
    """Kinds whose rule checks everything before its first change to the state (and
    draws nothing before a refusal): applied in place, without a copy."""

    def __init__(self, profile: P, source: RandomSource | None = None, **options: Any) -> None:
        self.profile = profile
        self.source: RandomSource = source if source is not None else SystemSource()
        self.options = options
        self.state: S = self.initial_state()
        self.log: list[Entry] = []

    # -- to be defined by each game --------------------------------------------------

    @abstractmethod
    def initial_state(self) -> S:
        """The state before any action."""

    @abstractmethod
    def _step(self, state: S, action: Action, source: RandomSource) -> Sequence[Event]:
        """Apply ``action`` to ``state`` in place (a copy), or raise a RuleError."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """The kinds of action that the current phase allows (before checking amounts)."""

    @abstractmethod
    def view(self, seat: str | None = None) -> JSON:
        """What ``seat`` may see (``None``: the public view of the table)."""

    # -- the generic machinery -------------------------------------------------------

    def check_permission(self, action: Action) -> None:
        """Raise :class:`NotPermitted` if ``action.by`` may not take this action."""
        allowed = self.permissions.get(action.kind)
        if allowed is None:
            raise MalformedAction(f"{action.kind!r} is not an action of {self.game_id}")
        if action.by not in allowed:
            roles = ", ".join(sorted(str(r) for r in allowed))
            article = "an" if str(action.by)[:1].lower() in "aeiou" else "a"
            raise NotPermitted(
                f"{action.kind}: {article} {action.by} may not do this (only: {roles})"
            )

    def in_place(self, action: Action) -> bool:
        """True if :meth:`apply` runs ``action`` on the live state: its kind is in
        :attr:`checked_first` (a game narrows this where a kind checks first only in
        some cases, e.g. cards drawn by the engine but not cards entered one by one)."""
        return action.kind in self.checked_first

    def copy_state(self, state: S) -> S:
        """A copy of ``state`` that :meth:`_step` may change without touching ``state``.

        States share their immutable parts (a shoe's order, the stored results, cards)
        through their ``__deepcopy__``, so this copies only what a rule can change.
        """
        return copy.deepcopy(state)

    def _trial(self, action: Action, source: RandomSource) -> tuple[S, Sequence[Event]]:
        if not isinstance(action, Action):
            raise MalformedAction(f"{action!r} is not an action")
        self.check_permission(action)
        state = self.copy_state(self.state)
        events = self._step(state, action, source)
        return state, events

    def verify(self, action: Action) -> None:
        """Raise the typed :class:`RuleError` that applying ``action`` would raise."""
        self._trial(action, _ProbeSource(self.source))

    def can(self, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        try:
            self.verify(action)
        except RuleError:
            return False
        return True

    def apply(self, action: Action) -> Record:
        """Verify and apply ``action``; log it with its draws; return the record."""
        recorder = _Recorder(self.source)
        if isinstance(action, Action) and self.in_place(action):
            self.check_permission(action)
            events = self._step(self.state, action, recorder)
        else:
            self.state, events = self._trial(action, recorder)
        entry = Entry(len(self.log) + 1, action, tuple(recorder.taken))
        self.log.append(entry)
        return Record(entry, tuple(events))

    def apply_all(self, actions: Iterable[Action]) -> list[Record]:
        """Apply actions in order (stopping at the first refusal)."""
        return [self.apply(a) for a in actions]

    def log_json(self) -> str:
        """The log as JSON text."""
        return json.dumps([e.to_dict() for e in self.log], indent=1)

    @classmethod
    def replay(cls, profile: P, log: Iterable[Entry | Mapping[str, Any]], **options: Any) -> Self:
        """Rebuild a game from its log: the recorded draws are used, never fresh ones."""
        game = cls(profile, ScriptedSource([]), **options)
        for raw in log:
            entry = raw if isinstance(raw, Entry) else cls.entry_from_dict(raw)
            scripted = ScriptedSource(entry.draws)
            game.source = scripted
            game.apply(entry.action)
            if not scripted.exhausted:
                raise ReplayMismatch(f"entry {entry.seq}: the log holds draws the game did not use")
        game.source = SystemSource()
        return game

    @classmethod
    def entry_from_dict(cls, data: Mapping[str, Any]) -> Entry:
        """Rebuild a log entry from its JSON form."""
        action = action_from_dict(data["action"], cls.actions)
        draws = tuple((int(n), int(v)) for n, v in data.get("draws", ()))
        return Entry(int(data["seq"]), action, draws)


class _Recorder(RandomSource):
    """Passes draws through to the real source and keeps the ones this action took."""

    def __init__(self, inner: RandomSource) -> None:
        self.inner = inner
        self.taken: list[tuple[int, int]] = []
        self.draws = self.taken

    def randbelow(self, n: int) -> int:
        value = self.inner.randbelow(n)  # the inner source checks n and records the draw
        self.taken.append((n, value))
        return value

    def _below(self, n: int) -> int:
        return self.randbelow(n)


class _ProbeSource(RandomSource):
    """Used by :meth:`Game.verify`: draws zeros without touching the real source."""

    def __init__(self, inner: RandomSource) -> None:
        super().__init__()
        self.inner = inner

    def _below(self, n: int) -> int:
        return 0


def registry(*classes: type[Action]) -> dict[str, type[Action]]:
    """Map each action class's ``kind`` to the class."""
    return {c.kind: c for c in classes}


__all__ = [
    "Action",
    "Entry",
    "Event",
    "Game",
    "Record",
    "ScriptedSource",
    "action_from_dict",
    "copy_record",
    "fast_copy",
    "field",
    "registry",
]
