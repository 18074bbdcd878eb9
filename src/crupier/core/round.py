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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from crupier.core.errors import MalformedAction, NotPermitted, ReplayMismatch, RuleError
from crupier.core.profile import Profile
from crupier.core.rng import RandomSource, SystemSource
from crupier.core.roles import Role
from crupier.i18n import N_
from crupier.i18n.roles import role_word, roles_words

JSON = dict[str, Any]
E = TypeVar("E")

_MISSING = object()


def fast_init(cls: type) -> Callable[..., None]:
    """An ``__init__`` for the dataclass ``cls`` that stores every field in one step.

    The ``__init__`` a frozen dataclass generates sets its fields one by one through
    ``object.__setattr__``; this one builds the instance's ``__dict__`` at once, with
    the same signature (positional and keyword-only fields, defaults and default
    factories). Actions and events, built several times per round, get it through
    ``__init_subclass__`` (:class:`Action`, :class:`Event`); equality, hashing, ``repr``
    and immutability stay the dataclass's own.

    >>> @dataclass(frozen=True)
    ... class Pair:
    ...     a: int
    ...     b: int = 2
    >>> Pair.__init__ = fast_init(Pair)
    >>> Pair(1), Pair(1) == Pair(1, 2)
    (Pair(a=1, b=2), True)
    """
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: every field of an action or event is set at init")
    positional = [f for f in fields if not f.kw_only]
    keyword = [f for f in fields if f.kw_only]
    env: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": _MISSING}
    params, fills = [], []
    for group, marker in ((positional, False), (keyword, True)):
        if marker and group:
            params.append("*")
        for f in group:
            if f.default is not dataclasses.MISSING:
                env[f"_d_{f.name}"] = f.default
                params.append(f"{f.name}=_d_{f.name}")
            elif f.default_factory is not dataclasses.MISSING:
                env[f"_f_{f.name}"] = f.default_factory
                params.append(f"{f.name}=_MISSING")
                fills.append(f"    if {f.name} is _MISSING: {f.name} = _f_{f.name}()")
            else:
                params.append(f.name)
    values = ", ".join(f"{f.name!r}: {f.name}" for f in fields)
    head = f"def __init__(self, {', '.join(params)}):" if params else "def __init__(self):"
    code = "\n".join([head, *fills, f"    _set(self, '__dict__', {{{values}}})"])
    exec(code, env)  # the code is built above from the dataclass's own field names
    init: Callable[..., None] = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _deferred_init(owner: type) -> Callable[..., None]:
    """Stands in ``owner.__init__`` until the dataclass decorator has run: the first call
    builds :func:`fast_init` from the fields and puts it in its place."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = fast_init(owner)
        type.__setattr__(owner, "__init__", init)
        init(self, *args, **kwargs)

    return __init__


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of ``cls`` in order (``dataclasses.fields``, computed once
    per class: ``to_dict`` runs for every action and event logged)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action. ``kind`` is the stable name used in logs and the API."""

    kind: ClassVar[str] = "action"
    by: Role = Role.CROUPIER

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__init__" not in cls.__dict__:  # the dataclass decorator keeps this one
            cls.__init__ = _deferred_init(cls)  # type: ignore[method-assign]

    def to_dict(self) -> JSON:
        """A JSON-ready dict: ``{"kind": ..., "by": ..., fields...}``."""
        out: JSON = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        out["by"] = str(self.by)
        return out


@dataclass(frozen=True, kw_only=True)
class Event:
    """Base of the facts an applied action produced (a bet settled, a result announced)."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__init__" not in cls.__dict__:  # the dataclass decorator keeps this one
            cls.__init__ = _deferred_init(cls)  # type: ignore[method-assign]

    def to_dict(self) -> JSON:
        """A JSON-ready dict: ``{"kind": ..., fields...}``."""
        out: JSON = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


class Entry(NamedTuple):
    """One line of a game's log: the action and every draw made while applying it.

    A named tuple (immutable, compared by value): a log holds one per action, and a
    tuple is the cheapest immutable record Python builds.
    """

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


class Record(NamedTuple):
    """What :meth:`Game.apply` returns: the log entry and the events it produced."""

    entry: Entry
    events: tuple[Event, ...] = ()


_tuple_new = tuple.__new__


def new_event(cls: type[E], fields: dict[str, Any]) -> E:
    """An event (or any dataclass without ``__post_init__``) from the dict of all its
    fields, without the generated ``__init__``: the hot paths of the engines (a bet
    placed, a bet settled) build their events this way, several per round.

    >>> @dataclass(frozen=True, kw_only=True)
    ... class Paid(Event):
    ...     kind: ClassVar[str] = "paid"
    ...     amount: int
    >>> new_event(Paid, {"amount": 5}) == Paid(amount=5)
    True
    """
    event = object.__new__(cls)
    object.__setattr__(event, "__dict__", fields)
    return event


class ScriptedSource(RandomSource):
    """Replays recorded draws; refuses any draw the log does not hold."""

    name = "replay"

    def __init__(self, draws: Iterable[tuple[int, int]]) -> None:
        super().__init__()
        self._queue = list(draws)

    def _below(self, n: int) -> int:
        if not self._queue:
            raise ReplayMismatch(N_("the log holds no more draws (asked for one below {n})", n=n))
        want, value = self._queue.pop(0)
        if want != n or not 0 <= value < n:
            raise ReplayMismatch(
                N_(
                    "the log drew {value} below {want}, the game asks below {n}",
                    value=value,
                    want=want,
                    n=n,
                )
            )
        return value

    @property
    def exhausted(self) -> bool:
        """True once every recorded draw has been used."""
        return not self._queue


#: The JSON types each plain field type accepts (``bool`` is not a number here).
_PLAIN: dict[type, tuple[type, ...]] = {
    str: (str,),
    int: (int,),
    bool: (bool,),
    float: (int, float),
}


def _coerce(value: Any, hint: Any) -> Any:
    """Turn JSON values back into the action field's type (lists into tuples, roles).

    A value of the wrong JSON type for a plain field (``str``, ``int``, ``bool``,
    ``float``, a text enum) is refused with ``TypeError``, so no engine meets, say, a
    list where it expects a player's name:

    >>> _coerce("P1", str), _coerce(None, str | None), _coerce([1, 2], tuple[int, ...])
    ('P1', None, (1, 2))
    >>> _coerce([["ana", 100]], tuple[tuple[str, int], ...])
    (('ana', 100),)
    >>> _coerce([], str)
    Traceback (most recent call last):
    ...
    TypeError: expected str, not list
    >>> _coerce(True, int)
    Traceback (most recent call last):
    ...
    TypeError: expected int, not bool
    """
    origin = typing.get_origin(hint)
    if hint is Role:
        return Role(value)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(hint):
            return None
        for arg in typing.get_args(hint):
            if arg is not type(None):
                try:
                    return _coerce(value, arg)
                except (TypeError, ValueError):
                    continue
        raise TypeError(f"expected {hint}, not {type(value).__name__}")
    if origin is tuple and isinstance(value, list):
        args = typing.get_args(hint)
        if not args or (len(args) == 2 and args[1] is Ellipsis):  # tuple[X, ...]
            inner = args[0] if args else Any
            return tuple(_coerce(v, inner) for v in value)
        if len(value) != len(args):  # a fixed shape, such as tuple[str, int]
            raise TypeError(f"expected {len(args)} items, not {len(value)}")
        return tuple(_coerce(v, arg) for v, arg in zip(value, args, strict=True))
    plain = _PLAIN.get(hint) if isinstance(hint, type) else None
    if plain is not None:
        if (type(value) is bool and hint is not bool) or not isinstance(value, plain):
            raise TypeError(f"expected {hint.__name__}, not {type(value).__name__}")
        return value
    if isinstance(hint, type) and issubclass(hint, str):
        if not isinstance(value, str):
            raise TypeError(f"expected {hint.__name__}, not {type(value).__name__}")
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
        raise MalformedAction(N_("{data!r} is not an action object", data=data))
    kind = data.get("kind")
    cls = registry.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(
            N_(
                "unknown action kind {kind!r}; expected one of {registry}",
                kind=kind,
                registry=sorted(registry),
            )
        )
    hints, names = _action_fields(cls)
    extra = set(data) - names - {"kind"}
    if extra:
        raise MalformedAction(
            N_("{kind}: unexpected field(s) {extra}", kind=kind, extra=sorted(extra))
        )
    kwargs = {}
    try:
        for name in names & set(data):
            kwargs[name] = _coerce(data[name], hints[name])
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(N_("{kind}: {exc}", kind=kind, exc=exc)) from None


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
        cls = type(self)
        narrows = cls.permitted_roles is not Game.permitted_roles
        self._plain_checks = cls.in_place is Game.in_place and (
            cls.check_permission is Game.check_permission or narrows
        )
        self._roles_of: Callable[[str], frozenset[Role] | None] = (
            self.permitted_roles if narrows else self.permissions.get
        )
        """:meth:`permitted_roles` (the :attr:`permissions` lookup itself where a game
        leaves it as it is: :meth:`apply` reads it for every kind that is not remembered)."""
        self._in_place_roles: dict[
            type[Action], tuple[tuple[Role, ...], Callable[[S, Any, RandomSource], Any]]
        ] = {}
        """Under the base checks, each action class whose kind runs in place, the roles
        that may take it and its rule (:meth:`step_of`): :meth:`apply`'s first test (built
        as the kinds are first met)."""

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

    def permitted_roles(self, kind: str) -> frozenset[Role] | None:
        """The roles that may take an action of ``kind`` at this table (``None``: not an
        action of the game): :attr:`permissions`. A game whose :meth:`check_permission`
        narrows a kind's roles by its profile alone (never by the state) names the narrowed
        roles here, and its check reads them from here: :meth:`apply` then remembers them
        per action class, as it does the base check's.

        >>> from crupier.games.catalogue import new_game
        >>> sorted(map(str, new_game("french-roulette").permitted_roles("spin")))
        ['croupier']
        """
        return self.permissions.get(kind)

    def check_permission(self, action: Action) -> None:
        """Raise :class:`NotPermitted` if ``action.by`` may not take this action."""
        allowed = self.permissions.get(action.kind)
        if allowed is None:
            raise MalformedAction(
                N_("{kind!r} is not an action of {game_id}", kind=action.kind, game_id=self.game_id)
            )
        if action.by not in allowed:
            roles = roles_words(allowed)
            if str(action.by)[:1].lower() in "aeiou":
                raise NotPermitted(
                    N_(
                        "{kind}: an {by} may not do this (only: {roles})",
                        kind=action.kind,
                        by=role_word(action.by),
                        roles=roles,
                    )
                )
            raise NotPermitted(
                N_(
                    "{kind}: a {by} may not do this (only: {roles})",
                    kind=action.kind,
                    by=role_word(action.by),
                    roles=roles,
                )
            )

    def in_place(self, action: Action) -> bool:
        """True if :meth:`apply` runs ``action`` on the live state: its kind is in
        :attr:`checked_first` (a game narrows this where a kind checks first only in
        some cases, e.g. cards drawn by the engine but not cards entered one by one)."""
        return action.kind in self.checked_first

    def step_of(self, cls: type[Action]) -> Callable[[S, Any, RandomSource], Sequence[Event]]:
        """The rule :meth:`apply` runs for an action of class ``cls`` that it applies in place:
        :meth:`_step`, or where a game's ``_step`` would only pass it on, the method it
        passes it to (the same rule, a call less)."""
        return self._step

    def copy_state(self, state: S) -> S:
        """A copy of ``state`` that :meth:`_step` may change without touching ``state``.

        States share their immutable parts (a shoe's order, the stored results, cards)
        through their ``__deepcopy__``, so this copies only what a rule can change.
        """
        return copy.deepcopy(state)

    def _trial(self, action: Action, source: RandomSource) -> tuple[S, Sequence[Event]]:
        if not isinstance(action, Action):
            raise MalformedAction(N_("{action!r} is not an action", action=action))
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
        """Verify and apply ``action``; log it with its draws; return the record.

        The draws of the action are the ones the source records while it is applied
        (every :class:`RandomSource` keeps its draws in ``draws``).
        """
        source = self.source
        draws = source.draws
        start = len(draws)
        known = self._in_place_roles.get(type(action))
        if known is not None and action.by in known[0]:  # the base checks, remembered
            events = known[1](self.state, action, source)
        else:
            if not isinstance(action, Action):
                raise MalformedAction(N_("{action!r} is not an action", action=action))
            kind = action.kind
            allowed = self._roles_of(kind)
            if self._plain_checks and allowed is not None and action.by in allowed:
                # the base checks, inline: the permission holds and in_place is the kind's
                in_place = kind in self.checked_first
                if in_place:
                    self._in_place_roles[type(action)] = (
                        tuple(allowed),
                        self.step_of(type(action)),
                    )
            else:
                in_place = self.in_place(action)
                if in_place:
                    self.check_permission(action)
            if in_place:
                events = self._step(self.state, action, source)
            else:
                self.state, events = self._trial(action, source)
        log = self.log
        end = len(draws)
        if end == start:  # most actions draw nothing
            entry = _tuple_new(Entry, (len(log) + 1, action, ()))
        elif end == start + 1:  # a spin, a card: one draw (the pair the source recorded)
            entry = _tuple_new(Entry, (len(log) + 1, action, (draws[start],)))
        else:
            entry = _tuple_new(Entry, (len(log) + 1, action, tuple(draws[start:])))
        log.append(entry)
        return _tuple_new(Record, (entry, tuple(events)))

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
                raise ReplayMismatch(
                    N_("entry {seq}: the log holds draws the game did not use", seq=entry.seq)
                )
        game.source = SystemSource()
        return game

    @classmethod
    def entry_from_dict(cls, data: Mapping[str, Any]) -> Entry:
        """Rebuild a log entry from its JSON form."""
        action = action_from_dict(data["action"], cls.actions)
        draws = tuple((int(n), int(v)) for n, v in data.get("draws", ()))
        return Entry(int(data["seq"]), action, draws)


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
    "fast_init",
    "field",
    "new_event",
    "registry",
]
