"""The casino core: its books on the ledger, who may act, and the projection of its state.

Every operation follows one path: check the actor against the permission matrix
(and the licence rules), check the state, append one entry (with its signatures) to
the ledger, then project it. Loading a casino replays its ledger through the same
projectors, so the state is always what the books say.

Every public method runs as one unit of work of the ledger (:func:`operation`): under
the append lock it first projects what other writers (threads, processes) appended,
so the checks and the volume numbers come from the books as they are; a refusal after
an append rolls it back and rebuilds the state. Keys the regulation wants unique
(:data:`UNIQUE_KEYS`) are also database keys, written with the entry.

Entries carry the common fields of the operations spec §7.1 in their payload::

    {"book": "A43", "volume": 2026, "book_seq": 12, "book_prev": "<hash>",
     "type": "FILL", "event_time": ..., "local_time": ..., "gaming_day": "2026-03-02",
     "session": "2026-03-02/1", "table": "BJ-3", "terminal": "pit-1",
     "required_signatures": ["TABLE_CHIEF", "CASHIER"], "late": false, "data": {...}}

The ledger's own chain is global (one total order for every book, one ``verify``);
each volume of a book also has its own gapless numbering and hash chain
(``book_seq``, ``book_prev``) that starts at the CRAJ seal, as OPS-INT-02/-04 ask.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import threading
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, TypeVar, cast

from crupier.casino.clock import TZ, Clock, SystemClock, utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.model import Assignment, Kind, Licence, Staff, Table, Volume
from crupier.casino.roles import Op, Role, entry_op, may, qualifier, scoped, substitute_only
from crupier.i18n import N_
from crupier.ledger import Actor, Cosigner, Entry, EntryView, Ledger, SigningKey
from crupier.ledger import errors as lerr
from crupier.ledger.canonical import canonical_text, reparse
from crupier.ledger.store import SYSTEM_ID, SYSTEM_ROLE, Policy

#: Books that must be sealed by the CRAJ before their first entry (§7.0).
SEALED_BOOKS = ("A43", "A44", "A45", "A46-A", "A46-B", "A46-C", "A56", "A60", "A61")
#: Books kept with the same integrity but no seal.
OPEN_BOOKS = ("JNL", "EQR", "STF", "PRM", "CAS", "ACC", "A47", "EVT")
BOOKS = SEALED_BOOKS + OPEN_BOOKS

#: Signature purposes and the role each needs.
PURPOSE_ROLE: dict[str, tuple[Role, ...]] = {
    "TABLE_CHIEF": (Role.TC,),
    "CASHIER": (Role.CSH,),
    "COUNT": (Role.CSH,),
    "CHANGER": (Role.CHG,),
    "DIRECTOR": (Role.DIR, Role.SUB, Role.CDM),
    "AUTHOR": tuple(Role),
}

#: The keys the regulation wants unique, by entry type: the scope, the ``data`` field
#: holding the key, the casino error a second taker gets. The ledger stores them in
#: ``ledger_unique`` with the entry, so the database refuses a duplicate from any writer.
UNIQUE_KEYS: dict[str, tuple[str, str, Code]] = {
    "FILL": ("slip", "slip", Code.MALFORMED_REQUEST),  # one slip number, one movement
    "CREDIT": ("slip", "slip", Code.MALFORMED_REQUEST),
    "CHANGER_FILL": ("slip", "slip", Code.MALFORMED_REQUEST),
    "CHANGER_CREDIT": ("slip", "slip", Code.MALFORMED_REQUEST),
    "TABLE_OPENING": ("table-session", "table_session", Code.INVALID_STATE),  # opened once
    "SESSION_RESULT": ("session-result", "table_session", Code.INVALID_STATE),  # one result
}
UNIQUE_CODES = {scope: code for scope, _, code in UNIQUE_KEYS.values()}

LEDGER_ERRORS: dict[type[lerr.LedgerError], Code] = {
    lerr.SameSigner: Code.SAME_SIGNER,
    lerr.CorrectionPending: Code.CORRECTION_PENDING,
    lerr.SignatureInvalid: Code.SIGNATURE_INVALID,
    lerr.UnknownKey: Code.SIGNATURE_INVALID,
    lerr.ImmutableEntry: Code.IMMUTABLE_ENTRY,
    lerr.StaleCorrection: Code.MALFORMED_REQUEST,
    lerr.EmptyReason: Code.MISSING_FIELDS,
    lerr.UnknownEntry: Code.UNKNOWN_ENTITY,
    lerr.NotACorrection: Code.INVALID_STATE,
    lerr.UnsignedEntry: Code.SIGNATURE_INVALID,
    lerr.SystemNotAllowed: Code.PERMISSION_DENIED,
    lerr.KeyBound: Code.MALFORMED_REQUEST,
    lerr.UnsponsoredKey: Code.SIGNER_NOT_AUTHORISED,
    lerr.HeadMissing: Code.INVALID_STATE,
}

#: The only kinds the ``system`` author writes (configuration, derived and automatic
#: entries); every other entry is authored and signed by a person (OPS-INT-10). The
#: casino's ledgers carry this list in their genesis policy, so ``crupier verify``
#: refuses a ``system`` entry of any other kind.
SYSTEM_KINDS = frozenset(
    {
        "CAS.CONFIG", "CAS.ROOM", "CAS.TABLE", "CAS.PROGRESSIVE_POOL", "CAS.OPENING_TOTALS",
        "ACC.READ",  # the access log (OPS-INT-12) is kept by the system
        # (EVT.* below: the significant-events log, logins included)
        "JNL.DAY_CLOSED_TO_PLAY",  # OPS-DAY-04: reached when the last table closes
        "A43.LIMIT_CHANGE", "A44.LIMIT_CHANGE",  # executed at the announced round, co-signed
        "STF.LICENCE", "STF.CARD",  # licences granted before the casino used crupier
        "STF.ASSIGNMENT", "STF.ASSIGNMENT_END",  # staff positions set up by the system
        "LIVE.PLAYER_ACTION",  # a player's own action at a live table (players hold no keys)
        "correction",  # consequential corrections (OPS-BK-11), approved with their cause
        # the significant-events log (GLI-13), kept by the system (crupier.casino.events)
        "EVT.START", "EVT.STOP", "EVT.RECOVERY", "EVT.VOID_ROUND", "EVT.CONFIG_CHANGE",
        "EVT.LOGIN", "EVT.LOGIN_FAILED", "EVT.LOGOUT", "EVT.PERMISSION_DENIED",
        "EVT.VERIFY_FAILED", "EVT.CLOCK_CHANGE",
    }
)  # fmt: skip
CASINO_POLICY = Policy(signed_authors=True, system_kinds=SYSTEM_KINDS)


@dataclass(frozen=True)
class GameAuthorisation:
    """The CRAJ authorisation of a game: its band of limits (§3.1, OPS-TBL-10)."""

    game: str
    kind: Kind
    authorised_minimum: int
    max_multiples: tuple[int, ...]  # the permitted maxima, as multiples of the table minimum
    min_multiples: tuple[int, ...] = ()  # permitted minima as multiples (boule: 1, 2); () = any
    multiples_of_min_allowed: bool = False
    min_table_rule: bool = True  # OPS-TBL-12 (SPAIN-1979 rule adopted as DEFAULT)
    free_bank_allowed: bool = False

    def as_json(self) -> dict[str, Any]:
        """JSON form."""
        out = asdict(self)
        out["kind"] = str(self.kind)
        out["max_multiples"] = list(self.max_multiples)
        out["min_multiples"] = list(self.min_multiples)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameAuthorisation:
        """Inverse of :meth:`as_json`."""
        return cls(
            game=data["game"],
            kind=Kind(data["kind"]),
            authorised_minimum=data["authorised_minimum"],
            max_multiples=tuple(data["max_multiples"]),
            min_multiples=tuple(data.get("min_multiples", ())),
            multiples_of_min_allowed=data.get("multiples_of_min_allowed", False),
            min_table_rule=data.get("min_table_rule", True),
            free_bank_allowed=data.get("free_bank_allowed", False),
        )


@dataclass
class CasinoConfig:
    """The casino's settings (§3.1, §12.1); recorded as the first casino entry."""

    name: str = "CAS-T"
    tips_accepted: bool = True
    sessions_per_day: int = 1
    min_player_age: int = 18
    denominations: tuple[int, ...] = (100, 250, 500, 1000, 2500, 10000, 50000, 100000)
    authorisations: dict[str, GameAuthorisation] = field(default_factory=dict)
    float_schedule: dict[str, dict[int, int]] = field(default_factory=dict)  # game -> min -> float
    last_rounds: int = 3
    limit_change_rounds: int = 5
    count_team_min: int = 2
    late_tolerance_minutes: int = 30
    followup_days: int = 8
    disposal_notice_days: int = 15
    director_notice_days: int = 15
    equipment_checks: bool = True  # OPS-TBL-01: a table opens only with its dice, decks, shoe
    language: str | None = None  # the casino's language (ca, es, fr, en) for books and visitors

    def as_json(self) -> dict[str, Any]:
        """JSON form (what the ``CAS.CONFIG`` entry holds)."""
        return {
            "name": self.name,
            "tips_accepted": self.tips_accepted,
            "sessions_per_day": self.sessions_per_day,
            "min_player_age": self.min_player_age,
            "denominations": list(self.denominations),
            "authorisations": {k: v.as_json() for k, v in self.authorisations.items()},
            "float_schedule": {
                g: {str(m): f for m, f in levels.items()}
                for g, levels in self.float_schedule.items()
            },
            "last_rounds": self.last_rounds,
            "limit_change_rounds": self.limit_change_rounds,
            "count_team_min": self.count_team_min,
            "late_tolerance_minutes": self.late_tolerance_minutes,
            "followup_days": self.followup_days,
            "disposal_notice_days": self.disposal_notice_days,
            "director_notice_days": self.director_notice_days,
            "equipment_checks": self.equipment_checks,
        } | ({} if self.language is None else {"language": self.language})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CasinoConfig:
        """Inverse of :meth:`as_json`."""
        return cls(
            name=data["name"],
            tips_accepted=data["tips_accepted"],
            sessions_per_day=data["sessions_per_day"],
            min_player_age=data["min_player_age"],
            denominations=tuple(data["denominations"]),
            authorisations={
                k: GameAuthorisation.from_json(v) for k, v in data["authorisations"].items()
            },
            float_schedule={
                g: {int(m): f for m, f in levels.items()}
                for g, levels in data["float_schedule"].items()
            },
            last_rounds=data["last_rounds"],
            limit_change_rounds=data["limit_change_rounds"],
            count_team_min=data["count_team_min"],
            late_tolerance_minutes=data["late_tolerance_minutes"],
            followup_days=data["followup_days"],
            disposal_notice_days=data["disposal_notice_days"],
            director_notice_days=data["director_notice_days"],
            equipment_checks=data.get("equipment_checks", True),
            language=data.get("language"),
        )


class Keyring:
    """The staff members' signing keys, by staff id.

    In a casino each person's key stays on their own card or terminal; tests and the
    demo keep them all in one keyring. A key is registered in the ledger when the
    person is registered, so every co-signature can be verified from the chain alone.
    """

    def __init__(self, keys: Mapping[str, SigningKey] | None = None) -> None:
        self._keys: dict[str, SigningKey] = dict(keys or {})

    def key(self, staff_id: str) -> SigningKey:
        """The key of ``staff_id`` (created on first use)."""
        if staff_id not in self._keys:
            self._keys[staff_id] = SigningKey.generate()
        return self._keys[staff_id]

    def __contains__(self, staff_id: object) -> bool:
        return staff_id in self._keys

    def replace(self, staff_id: str, key: SigningKey) -> None:
        """Hold ``key`` as ``staff_id``'s key from now on (after a rotation)."""
        self._keys[staff_id] = key


F = TypeVar("F", bound=Callable[..., None])
R = TypeVar("R")
M = TypeVar("M", bound=Callable[..., Any])


@dataclass(frozen=True)
class _Refusal:
    """A refusal whose operation keeps its entries (:meth:`CasinoBase.keep_on_refusal`)."""

    error: OpsError


def operation(method: M) -> M:
    """Run a public casino method as one locked unit of work (:meth:`CasinoBase._operation`).

    :class:`CasinoBase` applies it to every public method of every casino module, so
    each operation checks the state *after* catching up with the other writers, under
    the ledger's append lock, and numbers its entries there. Methods marked
    :func:`query` only read the in-memory state and are left alone.
    """
    if getattr(method, "_operation", False) or getattr(method, "_query", False):
        return method

    @functools.wraps(method)
    def run(self: CasinoBase, *args: Any, **kwargs: Any) -> Any:
        return self._operation(lambda: method(self, *args, **kwargs))

    run._operation = True  # type: ignore[attr-defined]
    return cast(M, run)


def query(method: M) -> M:
    """Mark a public casino method as a pure read of the in-memory state (not locked)."""
    method._query = True  # type: ignore[attr-defined]
    return method


def _wrap_operations(cls: type) -> None:
    for name, value in list(vars(cls).items()):
        if name.startswith("_") or not isinstance(value, types.FunctionType):
            continue
        if any(getattr(vars(base).get(name), "_query", False) for base in cls.__mro__[1:]):
            query(value)  # an override of a read stays a read
        setattr(cls, name, operation(value))


V = TypeVar("V", bound=Callable[..., None])


def validates(*kinds: str) -> Callable[[V], V]:
    """Mark a method ``(self, data)`` as a check of the ``data`` of entries of ``kinds``
    (``"A43.FILL"``; ``"*"``: every kind). The operation that creates the entry runs it,
    and so does a red-ink correction, on the corrected values (OPS-INT-05)."""

    def mark(fn: V) -> V:
        fn._validates = kinds  # type: ignore[attr-defined]
        return fn

    return mark


def projects(*kinds: str) -> Callable[[F], F]:
    """Mark a method as the projector of the entry kinds ``kinds`` (``"A43.FILL"``)."""

    def mark(fn: F) -> F:
        fn._projects = kinds  # type: ignore[attr-defined]
        return fn

    return mark


SYSTEM = Actor(SYSTEM_ID, SYSTEM_ROLE)
"""The author of the entries the system writes itself (:data:`SYSTEM_KINDS`); it signs none."""
#: Roles that need no class I licence: the regulator, the board, technical and audit access.
UNLICENSED_ROLES = frozenset({Role.CRAJ, Role.BRD, Role.ADM, Role.EXT})


class CasinoBase:
    """The core every operations module builds on (see the module docstring).

    Subclasses (mixins) add their own state in ``_init_state`` and their projectors
    with :func:`projects`; the final :class:`~crupier.casino.Casino` combines them.
    """

    _projectors: ClassVar[dict[str, list[str]]]
    _validators: ClassVar[dict[str, list[str]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, list[str]] = {}
        checks: dict[str, list[str]] = {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                for marker, found in (("_projects", table), ("_validates", checks)):
                    for kind in getattr(value, marker, ()):
                        names = found.setdefault(kind, [])
                        if name not in names:
                            names.append(name)
        cls._projectors = table
        cls._validators = checks
        _wrap_operations(cls)

    @query
    def check_data(self, kind: str, data: Mapping[str, Any]) -> None:
        """Run every check :func:`validates` registers for ``kind`` on ``data``."""
        for name in self._validators.get("*", []) + self._validators.get(kind, []):
            getattr(self, name)(data)

    def __init__(
        self,
        ledger: Ledger,
        *,
        keyring: Keyring | None = None,
        clock: Clock | None = None,
        config: CasinoConfig | None = None,
        terminal: str = "server",
    ) -> None:
        self.ledger = ledger
        self.keyring = keyring or Keyring()
        self.clock = clock or SystemClock()
        self.terminal = terminal
        self._mutex = threading.RLock()  # the in-memory state: one projector at a time
        self._op_thread: int | None = None  # the thread running this casino's operation
        self._keep = False  # the running operation keeps its entries if it refuses
        if ledger.policy is None and ledger.head()[0] == 0:  # a new casino's books
            ledger.policy = CASINO_POLICY
        self._reset_state()

        def configure() -> None:
            if not self._configured:
                chosen = config if config is not None else CasinoConfig()
                self._append_raw("CAS.CONFIG", SYSTEM, {"config": chosen.as_json()})

        self._operation(configure)

    def _reset_state(self) -> None:
        """Empty the in-memory state (before a replay of the whole ledger)."""
        self.config = CasinoConfig()
        self._configured = False
        self.staff: dict[str, Staff] = {}
        self.tables: dict[str, Table] = {}
        self.rooms: dict[str, dict[str, str]] = {}
        self.assignments: list[Assignment] = []
        self.volumes: dict[tuple[str, int], Volume] = {}
        self.entry_book: dict[int, tuple[str, int, int]] = {}  # seq -> (book, volume, book_seq)
        self.incomplete: set[int] = set()  # entries missing a required signature
        self.alerts: list[dict[str, Any]] = []
        self._views: dict[int, EntryView] = {}
        self._last_seq = 0
        for klass in reversed(type(self).__mro__):
            init = vars(klass).get("_init_state")
            if init is not None:
                init(self)

    # ------------------------------------------------------- units of work

    def _operation(self, fn: Callable[[], R]) -> R:
        """Run ``fn`` as one unit of work of the ledger (see :func:`operation`).

        Under the append lock: project what other writers appended, run ``fn`` (its
        checks and appends), commit. If ``fn`` refuses after appending, its entries are
        rolled back and the in-memory state is rebuilt from the ledger.
        """
        me = threading.get_ident()
        if self._op_thread == me:  # an operation calling another: one unit
            return fn()
        if self.ledger.signing_key_id is None:  # read-only books: nothing to lock
            with self._mutex:
                self._catch_up()
                return fn()
        mark = [0]

        def work() -> R | _Refusal:
            with self._mutex:
                self._op_thread, self._keep = threading.get_ident(), False
                try:
                    self._catch_up()
                    mark[0] = self._last_seq
                    return fn()
                except OpsError as refusal:
                    if self._keep:  # recorded, then refused: commit what it recorded
                        return _Refusal(refusal)
                    raise
                finally:
                    self._op_thread = None

        def rollback() -> None:
            with self._mutex:
                if self._last_seq != mark[0]:
                    self._rebuild()

        result = self.ledger.unit(work, rollback)
        if isinstance(result, _Refusal):
            raise result.error
        return result

    def keep_on_refusal(self) -> None:
        """Keep what the running operation has recorded even though it now refuses.

        For the few refusals the spec wants on record (a deck counted short is entered,
        its incident journaled, then ``DECK_INCOMPLETE`` is raised); any other refusal
        rolls back every entry its operation appended.
        """
        self._keep = True

    def _rebuild(self) -> None:
        """Replay the ledger from its first entry (after entries were rolled back)."""
        self._reset_state()
        self._catch_up()

    def refresh(self) -> None:
        """Project the entries other writers have appended since the last operation."""
        self._operation(lambda: None)

    # ------------------------------------------------------------------ clock

    @query
    def now(self) -> dt.datetime:
        """The casino clock (UTC)."""
        return self.clock.now()

    @query
    def local_now(self) -> dt.datetime:
        """The casino clock in local time."""
        return self.now().astimezone(TZ)

    # ------------------------------------------------------------- projection

    def _catch_up(self) -> list[Entry]:
        """Project every entry the ledger has that this casino has not seen."""
        if self.ledger.unit_head() == self._last_seq:  # under the lock, nothing new
            return []
        new = list(self.ledger.entries(self._last_seq + 1))
        for entry in new:
            self._project(entry)
            self._last_seq = entry.seq
        return new

    def _project(self, entry: Entry) -> None:
        if entry.kind == "signature":
            self._on_signature(entry)
            return
        if entry.kind in ("correction", "correction.decision"):
            self._views.clear()
            self._on_correction_entry(entry)
            return
        payload = entry.payload
        if isinstance(payload, dict) and "book" in payload and "volume" in payload:
            vol = self._volume(payload["book"], payload["volume"])
            if payload.get("type") == "SEAL":
                vol.state, vol.seal, vol.last_hash = "SEALED", entry.seq, entry.hash
            else:
                vol.last_seq = payload["book_seq"]
                vol.last_hash = entry.hash
                self.entry_book[entry.seq] = (payload["book"], payload["volume"], vol.last_seq)
            if payload.get("required_signatures"):
                self.incomplete.add(entry.seq)
        for name in self._projectors.get(entry.kind, ()):  # every module that follows this kind
            getattr(self, name)(entry)

    @projects("CAS.CONFIG")
    def _on_config(self, entry: Entry) -> None:
        self.config = CasinoConfig.from_json(entry.payload["config"])
        self._configured = True

    def _on_signature(self, entry: Entry) -> None:
        target = entry.payload["target"]["seq"]
        if target in self.incomplete and not self.missing_signatures(target):
            self.incomplete.discard(target)
            self._on_complete(target)

    def _on_complete(self, seq: int) -> None:
        """Hook: entry ``seq`` has all its signatures."""

    def _on_correction_entry(self, entry: Entry) -> None:
        """Hook: a correction or a decision was appended."""

    def _volume(self, book: str, year: int) -> Volume:
        key = (book, year)
        if key not in self.volumes:
            self.volumes[key] = Volume(book, year)
        return self.volumes[key]

    # ---------------------------------------------------------------- writing

    def _append_raw(
        self,
        kind: str,
        actor: Actor,
        payload: Any,
        cosigners: Iterable[Cosigner] = (),
        unique: Iterable[tuple[str, str]] = (),
    ) -> Entry:
        author_key = None if actor.id == SYSTEM_ID else self.keyring.key(actor.id)
        signers = list(cosigners)
        try:
            entry = self.ledger.append(
                kind,
                actor,
                payload,
                cosigners=signers,
                unique=list(unique),
                author_key=author_key,
            )
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        if not signers and entry.seq == self._last_seq + 1:
            # Only this entry is new: project it as it reads back (canonical JSON parsed),
            # without a round trip to read it.
            text = entry.payload_text
            payload = reparse(canonical_text(entry.payload) if text is None else text)
            self._project(dataclasses.replace(entry, payload=payload))
            self._last_seq = entry.seq
        else:
            self._catch_up()
        return entry

    @staticmethod
    def _ops_error(exc: lerr.LedgerError) -> OpsError:
        if isinstance(exc, lerr.DuplicateKey):
            return OpsError(UNIQUE_CODES.get(exc.scope, Code.MALFORMED_REQUEST), str(exc))
        return OpsError(LEDGER_ERRORS.get(type(exc), Code.MALFORMED_REQUEST), str(exc))

    def record(
        self,
        book: str,
        etype: str,
        data: dict[str, Any],
        *,
        by: str,
        role: Role,
        purpose: str | None = None,
        required: Iterable[str] = (),
        cosign: Iterable[tuple[str, str]] = (),
        gaming_day: str | None = None,
        session: str | None = None,
        table: str | None = None,
        event_time: dt.datetime | None = None,
        late_reason: str | None = None,
        year: int | None = None,
    ) -> Entry:
        """Append an entry of ``book`` with its common fields; sign it as the author.

        The author ``by`` signs the entry itself (its ``author_signature``, OPS-INT-10);
        ``by="system"`` marks an entry the system writes, only of :data:`SYSTEM_KINDS`.

        ``required`` lists the signature purposes the entry needs (a purpose may
        repeat: ``["COUNT", "COUNT"]`` for two distinct cashiers); the author signs
        for ``purpose`` at once and each ``(staff, purpose)`` of ``cosign`` too,
        in the same transaction. Missing signatures leave it ``INCOMPLETE``.
        """
        if book not in BOOKS:
            raise OpsError(Code.MALFORMED_REQUEST, N_("unknown book {book!r}", book=book))
        now = self.now()
        event = event_time or now
        local_event = event.astimezone(TZ)
        volume_year = year or (int(gaming_day[:4]) if gaming_day else local_event.year)
        vol = self._volume(book, volume_year)
        if book in SEALED_BOOKS and vol.state != "SEALED":
            raise OpsError(
                Code.BOOK_NOT_SEALED,
                N_(
                    "the {book} volume {volume_year} is not sealed by the CRAJ",
                    book=book,
                    volume_year=volume_year,
                ),
            )
        late = now - event > dt.timedelta(minutes=self.config.late_tolerance_minutes)
        if late and not late_reason:
            raise OpsError(Code.MISSING_FIELDS, N_("a late entry needs a reason (OPS-INT-04)"))
        required = list(required)
        payload: dict[str, Any] = {
            "book": book,
            "volume": volume_year,
            "book_seq": vol.last_seq + 1,
            "book_prev": vol.last_hash,
            "type": etype,
            "event_time": utc_text(event),
            "local_time": local_event.isoformat(),
            "gaming_day": gaming_day,
            "session": session,
            "table": table,
            "terminal": self.terminal,
            "author": {"id": by, "role": SYSTEM_ROLE if by == SYSTEM_ID else str(role)},
            "required_signatures": required,
            "late": late,
            "data": data,
        }
        if late_reason:
            payload["late_reason"] = late_reason
        signers: list[Cosigner] = []
        if purpose is not None:
            signers.append(self._cosigner(by, purpose, table))
        for staff, p in cosign:
            signers.append(self._cosigner(staff, p, table))
        unique = []
        if etype in UNIQUE_KEYS and data.get(UNIQUE_KEYS[etype][1]) is not None:
            scope, name, _ = UNIQUE_KEYS[etype]
            unique.append((scope, str(data[name])))
        actor = SYSTEM if by == SYSTEM_ID else Actor(by, str(role))
        return self._append_raw(f"{book}.{etype}", actor, payload, signers, unique)

    def _cosigner(self, staff: str, purpose: str, table: str | None) -> Cosigner:
        role = self.signing_role(staff, purpose, table)
        return Cosigner(staff, str(role), self.keyring.key(staff), purpose)

    @query
    def signing_role(self, staff: str, purpose: str, table: str | None) -> Role:
        """The role in which ``staff`` may sign for ``purpose`` now (OPS-INT-10)."""
        person = self.staff.get(staff)
        if person is None:
            raise OpsError(
                Code.SIGNER_NOT_AUTHORISED, N_("{staff} is not a registered signer", staff=staff)
            )
        if not self.licence_valid(person):
            raise OpsError(
                Code.SIGNER_NOT_AUTHORISED,
                N_("{staff}'s licence or employee card is not valid", staff=staff),
            )
        roles = PURPOSE_ROLE.get(purpose, ())
        for a in self.valid_assignments(staff):
            if a.role in roles and (
                purpose == "DIRECTOR" or a.role is not Role.TC or a.covers(table)
            ):
                return a.role
        raise OpsError(
            Code.SIGNER_NOT_AUTHORISED,
            N_("{staff} holds no role that signs as {purpose}", staff=staff, purpose=purpose),
        )

    def sign(self, seq: int, by: str, purpose: str) -> Entry:
        """Co-sign entry ``seq`` later (a ``signature`` entry; the entry is never changed)."""
        entry = self.ledger.get(seq)
        table = entry.payload.get("table") if isinstance(entry.payload, dict) else None
        cosigner = self._cosigner(by, purpose, table)
        needed = self.missing_signatures(seq)
        if purpose not in needed:
            raise OpsError(
                Code.INVALID_STATE,
                N_("entry {seq} needs no {purpose} signature", seq=seq, purpose=purpose),
            )
        try:
            sig = self.ledger.cosign(seq, cosigner)
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        self._catch_up()
        return sig

    @query
    def missing_signatures(self, seq: int) -> list[str]:
        """The purposes entry ``seq`` still needs a signature for."""
        entry = self.ledger.get(seq)
        payload = entry.payload
        if not isinstance(payload, dict):
            return []
        needed = list(payload.get("required_signatures") or [])
        for sig in self.ledger.signatures(seq):
            purpose = sig.payload["purpose"]
            if purpose in needed:
                needed.remove(purpose)
        return needed

    @query
    def status(self, seq: int) -> str:
        """``COMPLETE`` or ``INCOMPLETE`` (derived from the signature entries, §7.1)."""
        return "INCOMPLETE" if seq in self.incomplete else "COMPLETE"

    # ---------------------------------------------------------------- reading

    @query
    def view(self, seq: int) -> EntryView:
        """Entry ``seq`` with its corrections and effective payload (cached)."""
        if seq not in self._views:
            self._views[seq] = self.ledger.current_view(seq)
        return self._views[seq]

    @query
    def effective(self, seq: int) -> dict[str, Any]:
        """The effective ``data`` of entry ``seq`` (approved corrections applied)."""
        payload = self.view(seq).effective_payload
        assert isinstance(payload, dict)
        data: dict[str, Any] = payload["data"]
        return data

    @query
    def annulled(self, seq: int) -> bool:
        """Whether entry ``seq`` was annulled by an approved correction (OPS-INT-17)."""
        return self.view(seq).status == "ANNULLED"

    # ------------------------------------------------------------ who may act

    @query
    def licence_valid(self, person: Staff) -> bool:
        """A granted class I licence and an active employee card (OPS-STF-04)."""
        if person.external:
            return True
        return (
            person.licence is not None
            and person.licence.status == "GRANTED"
            and person.card == "ACTIVE"
        )

    @query
    def valid_assignments(self, staff: str, at: dt.datetime | None = None) -> list[Assignment]:
        """The assignments of ``staff`` valid at ``at`` (default: now)."""
        when = at or self.now()
        return [a for a in self.assignments if a.staff == staff and a.valid_at(when)]

    @query
    def director_in_office(self, at: dt.datetime | None = None) -> str | None:
        """The DIR in office (a transitional director included), or None."""
        when = at or self.now()
        for a in self.assignments:
            if a.role is Role.DIR and a.valid_at(when):
                return a.staff
        return None

    def _substitution_ok(self, op: Op, a: Assignment) -> bool:
        if op is Op.SET_LIMITS:  # S4: a SUB or CDM designated to stand in for the director
            return a.substitute_for == "DIR"
        if op is Op.APPROVE_CORRECTION:  # S3: only a designated CDM
            return a.role is Role.CDM and a.substitute_for == "DIR"
        if op in (Op.SIGN_SESSION_RESULT, Op.SIGN_DAILY_SUMMARY):  # S1, S2
            return a.role in (Role.SUB, Role.CDM)
        if op is Op.DISTRIBUTE_EQUIPMENT:  # S6: the session's responsible employee
            return a.substitute_for == "responsible-employee"
        return True

    @query
    def authorise(self, op: Op, by: str, act: str = "C", table: str | None = None) -> Role:
        """The role in which ``by`` may do ``act`` for ``op`` now, or ``PERMISSION_DENIED``.

        Staff must hold a valid licence and card (``LICENCE_INVALID``, OPS-SEC-05).
        """
        person = self.staff.get(by)
        if person is None:
            raise OpsError(Code.PERMISSION_DENIED, N_("{by!r} is not known to the casino", by=by))
        assignments = self.valid_assignments(by)
        technical = bool(assignments) and all(a.role in UNLICENSED_ROLES for a in assignments)
        if not technical and not self.licence_valid(person):  # OPS-STF-04/-06
            raise OpsError(
                Code.LICENCE_INVALID, N_("{by} has no valid class I licence and card", by=by)
            )
        for a in assignments:
            if self._grants(op, a, act, table):
                return a.role
        what = {"C": "", "S": "co-sign: ", "A": "approve: ", "R": "read: "}.get(act, f"{act}: ")
        raise OpsError(
            Code.PERMISSION_DENIED, N_("{by} may not {what}{op}", by=by, what=what, op=op.value[3:])
        )

    def _grants(self, op: Op, a: Assignment, act: str, table: str | None) -> bool:
        """Whether assignment ``a`` may do ``act`` for ``op`` at ``table`` now (§4.3)."""
        if not may(op, a.role, act):
            return False
        if scoped(op, a.role) and not (a.covers(table) or self.on_duty(a.staff, table)):
            return False
        return not substitute_only(op, a.role) or self._substitution_ok(op, a)

    def authorise_correction(self, original: Entry, by: str) -> Role:
        """The role in which ``by`` may request a red-ink correction of ``original``
        (§4.3 row 18, OPS-SEC-02), or ``PERMISSION_DENIED``.

        DIR, SUB and CDM may for any entry; a TC or DLR only for entries they could
        create (the row of :func:`~crupier.casino.roles.entry_op`, with its table scope);
        a CHG or CSH only for entries they authored or signed; the CRAJ only for
        CRAJ-authored entries.
        """
        self.authorise(Op.REQUEST_CORRECTION, by, "C")  # licence; row 18 grants something
        payload = original.payload if isinstance(original.payload, dict) else {}
        table = payload.get("table")
        op = entry_op(original.kind)
        for a in self.valid_assignments(by):
            if not may(Op.REQUEST_CORRECTION, a.role, "C"):
                continue
            limit = qualifier(Op.REQUEST_CORRECTION, a.role)
            if (
                limit is None
                or (limit == "creatable" and op is not None and self._grants(op, a, "C", table))
                or (limit == "signed" and self._signed_by(original, by))
                or (limit == "regulator" and original.actor.role == str(Role.CRAJ))
            ):
                return a.role
        raise OpsError(
            Code.PERMISSION_DENIED,
            N_("{by} may not request a correction of entry {seq}", by=by, seq=original.seq),
        )

    def _signed_by(self, entry: Entry, staff: str) -> bool:
        """Whether ``staff`` authored or signed ``entry``."""
        if entry.actor.id == staff:
            return True
        return any(s.payload["signer"]["id"] == staff for s in self.ledger.signatures(entry.seq))

    @query
    def on_duty(self, staff: str, table: str | None) -> bool:
        """Whether ``staff`` works the current session of ``table`` (its crew): "own"."""
        return False

    @query
    def require_director(self, by: str, op: Op | None = None, act: str = "C") -> Role:
        """``by`` must be the DIR in office (rule S5).

        With ``op``, the permission matrix decides who may (its row of §4.3, in which
        only the DIR has ``act`` for the operations S5 covers); without it, ``by`` must
        be the director in office. ``NO_DIRECTOR_IN_OFFICE`` when there is none.
        """
        director = self.director_in_office()
        if director is None:
            raise OpsError(Code.NO_DIRECTOR_IN_OFFICE, N_("no game director is in office"))
        if op is not None:
            return self.authorise(op, by, act)
        if director != by:
            raise OpsError(
                Code.PERMISSION_DENIED, N_("{by} is not the game director in office", by=by)
            )
        person = self.staff[by]
        if not self.licence_valid(person):
            raise OpsError(
                Code.LICENCE_INVALID, N_("{by} has no valid class I licence and card", by=by)
            )
        return Role.DIR

    # ------------------------------------------------- staff (identity, licences, roles)

    @projects("STF.STAFF_REGISTERED")
    def _on_staff(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.staff[d["id"]] = Staff(
            id=d["id"],
            first_name=d["first_name"],
            surnames=d["surnames"],
            identity_document=d["identity_document"],
            nationality=d.get("nationality", "AD"),
            date_of_birth=d.get("date_of_birth"),
            external=d.get("external", False),
        )

    @projects("STF.LICENCE")
    def _on_licence(self, entry: Entry) -> None:
        d = entry.payload["data"]
        person = self.staff[d["staff"]]
        person.licence = Licence(
            number=d["number"],
            status=d["status"],
            application_date=d["application_date"],
            decision_date=d.get("decision_date"),
            notification_ref=d.get("notification_ref"),
        )
        if d["status"] in ("SUSPENDED", "REVOKED"):
            self._withdraw(person, entry)

    def _withdraw(self, person: Staff, entry: Entry) -> None:
        """OPS-STF-06: card withdrawn, open assignments end, the DIR and TCs alerted."""
        person.card = "WITHDRAWN"
        at = dt.datetime.fromisoformat(entry.payload["event_time"].replace("Z", "+00:00"))
        tables: set[str] = set()
        for a in self.assignments:
            if a.staff == person.id and a.valid_at(at):
                a.valid_to = at
                tables |= set(a.tables or ())
        chiefs = sorted(
            {
                a.staff
                for a in self.assignments
                if a.role is Role.TC and a.valid_at(at) and set(a.tables or ()) & tables
            }
        )
        director = self.director_in_office(at)
        self.alerts.append(
            {
                "about": person.id,
                "at": entry.payload["event_time"],
                "to": ([director] if director else []) + chiefs,
                "text": f"licence of {person.id} {entry.payload['data']['status'].lower()}",
            }
        )

    @projects("STF.CARD")
    def _on_card(self, entry: Entry) -> None:
        d = entry.payload["data"]
        person = self.staff[d["staff"]]
        person.card, person.card_number = d["status"], d["number"]

    @projects("STF.ASSIGNMENT")
    def _on_assignment(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.assignments.append(
            Assignment(
                id=entry.seq,
                staff=d["staff"],
                role=Role(d["role"]),
                tables=None if d.get("tables") is None else frozenset(d["tables"]),
                valid_from=_parse_utc(d["valid_from"]),
                valid_to=None if d.get("valid_to") is None else _parse_utc(d["valid_to"]),
                substitute_for=d.get("substitute_for"),
                transitional=d.get("transitional", False),
                dealer_function=d.get("dealer_function"),
            )
        )

    @projects("STF.ASSIGNMENT_END")
    def _on_assignment_end(self, entry: Entry) -> None:
        d = entry.payload["data"]
        for a in self.assignments:
            if a.id == d["assignment"]:
                a.valid_to = _parse_utc(d["valid_to"])

    def register_person(
        self,
        staff_id: str,
        first_name: str,
        surnames: str,
        identity_document: str,
        *,
        nationality: str = "AD",
        date_of_birth: str | None = None,
        external: bool = False,
        sponsor: str | None = None,
        regulator: bool = False,
    ) -> Entry:
        """Register a person who will act (staff, a CRAJ inspector, a board member) and
        bind their key to them (OPS-INT-10).

        The person's key (from the keyring; in a casino it stays on their own card) is
        registered by an entry the person signs with it, endorsed by ``sponsor``: the
        DIR in office (the default), or, while no director is in office (the
        director's own registration), a CRAJ inspector. A regulator's inspector
        (``regulator=True``) registers a root key, which ``crupier verify`` checks
        against the CRAJ's own public keys (``--authority-key``). The sponsor authors
        the staff register entry. Refused: ``PERMISSION_DENIED`` for any other sponsor,
        ``NO_DIRECTOR_IN_OFFICE`` when there is none to sponsor.
        """
        if staff_id in self.staff or staff_id == SYSTEM_ID:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{staff_id} is already registered", staff_id=staff_id)
            )
        endorser: Cosigner | None = None
        if regulator:
            if sponsor is not None:
                raise OpsError(Code.MALFORMED_REQUEST, N_("a regulator's root key has no sponsor"))
            author, role = staff_id, Role.CRAJ
        else:
            author = sponsor or self.director_in_office() or ""
            if not author:
                raise OpsError(
                    Code.NO_DIRECTOR_IN_OFFICE,
                    N_(
                        "no game director in office to sponsor {staff_id}'s key; a CRAJ inspector may",
                        staff_id=staff_id,
                    ),
                )
            role = self._sponsor_role(author)
            endorser = Cosigner(author, str(role), self.keyring.key(author), "KEY_SPONSOR")
        key = self.keyring.key(staff_id)
        try:
            self.ledger.register_key(
                staff_id, key, str(Role.CRAJ) if regulator else "STAFF", sponsor=endorser
            )
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        data = {
            "id": staff_id,
            "first_name": first_name,
            "surnames": surnames,
            "identity_document": identity_document,
            "nationality": nationality,
            "date_of_birth": date_of_birth,
            "external": external,
        }
        return self.record("STF", "STAFF_REGISTERED", data, by=author, role=role)

    def _sponsor_role(self, sponsor: str) -> Role:
        """The role in which ``sponsor`` may vouch for a new staff key (see register_person)."""
        director = self.director_in_office()
        if director is not None:
            if sponsor != director:
                raise OpsError(
                    Code.PERMISSION_DENIED,
                    N_("{sponsor} is not the game director in office", sponsor=sponsor),
                )
            if not self.licence_valid(self.staff[sponsor]):
                raise OpsError(
                    Code.LICENCE_INVALID,
                    N_("{sponsor} has no valid class I licence and card", sponsor=sponsor),
                )
            return Role.DIR
        if not self._holds(sponsor, Role.CRAJ):
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("{sponsor} is no CRAJ inspector (no director is in office)", sponsor=sponsor),
            )
        return Role.CRAJ

    def rotate_staff_key(self, staff_id: str, new_key: SigningKey | None = None) -> Entry:
        """Replace ``staff_id``'s key: the old key signs the new one's registration, and
        signs nothing from then on (``crupier verify``: ``superseded-key``)."""
        if staff_id not in self.staff:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("{staff_id} is not registered", staff_id=staff_id)
            )
        key = new_key or SigningKey.generate()
        old = Cosigner(staff_id, "STAFF", self.keyring.key(staff_id), "KEY_ROTATION")
        try:
            entry = self.ledger.register_key(staff_id, key, "STAFF", sponsor=old)
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        self.keyring.replace(staff_id, key)
        self._catch_up()
        return entry

    def revoke_staff_key(self, staff_id: str, *, reason: str, by: str | None = None) -> Entry:
        """Revoke ``staff_id``'s key (a lost or withdrawn card): it signs nothing after this.

        Like a registration, the revocation is endorsed by the director in office (the
        default ``by``), who authors it and signs the revocation statement with their
        own key; the director's own key is revoked by a CRAJ inspector. So the casino
        key alone can neither bind nor unbind a person's key (``crupier verify``:
        ``unsponsored-revocation``). Refused: ``PERMISSION_DENIED`` for anyone else,
        ``UNKNOWN_ENTITY`` for someone with no registered key.
        """
        if staff_id not in self.staff:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("{staff_id} is not registered", staff_id=staff_id)
            )
        if not reason.strip():
            raise OpsError(Code.MISSING_FIELDS, N_("a key revocation needs a reason"))
        director = self.director_in_office()
        sponsor = by or director or ""
        if staff_id == director or director is None:
            if not self._holds(sponsor, Role.CRAJ):
                raise OpsError(
                    Code.PERMISSION_DENIED,
                    N_(
                        "{value} may not revoke {staff_id}'s key: a CRAJ inspector "
                        "revokes the director's",
                        value=sponsor or "no one",
                        staff_id=staff_id,
                    ),
                )
            role = Role.CRAJ
        else:
            role = self._sponsor_role(sponsor)
        key = self.keyring.key(sponsor)
        try:
            entry = self.ledger.revoke_key(
                self.keyring.key(staff_id).key_id, Actor(sponsor, str(role)), reason,
                author_key=key, sponsor=Cosigner(sponsor, str(role), key, "KEY_REVOCATION"),
            )  # fmt: skip
        except lerr.LedgerError as exc:
            raise self._ops_error(exc) from None
        self._catch_up()
        return entry

    def assign(
        self,
        staff_id: str,
        role: Role,
        *,
        tables: Iterable[str] | None = None,
        by: str = "system",
        valid_from: dt.datetime | None = None,
        valid_to: dt.datetime | None = None,
        substitute_for: str | None = None,
        transitional: bool = False,
        dealer_function: str | None = None,
    ) -> Entry:
        """Give ``staff_id`` a role assignment (a staff register entry).

        Staff who work in the gaming rooms need a granted licence and an active card
        (``LICENCE_INVALID``, OPS-STF-04); CRAJ inspectors and the board do not.
        """
        person = self.staff.get(staff_id)
        if person is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("{staff_id} is not registered", staff_id=staff_id)
            )
        if role not in (Role.CRAJ, Role.BRD, Role.ADM, Role.EXT) and not self.licence_valid(person):
            raise OpsError(
                Code.LICENCE_INVALID,
                N_("{staff_id} has no granted licence and active card", staff_id=staff_id),
            )
        data = {
            "staff": staff_id,
            "role": str(role),
            "tables": None if tables is None else sorted(tables),
            "valid_from": utc_text(valid_from or self.now()),
            "valid_to": None if valid_to is None else utc_text(valid_to),
            "substitute_for": substitute_for,
            "transitional": transitional,
            "dealer_function": dealer_function,
        }
        actor_role = Role.BRD if by != "system" and self._holds(by, Role.BRD) else Role.ADM
        return self.record("STF", "ASSIGNMENT", data, by=by, role=actor_role)

    def end_assignment(self, assignment_id: int, *, by: str = "system") -> Entry:
        """End an assignment now."""
        data = {"assignment": assignment_id, "valid_to": utc_text(self.now())}
        actor_role = Role.BRD if by != "system" and self._holds(by, Role.BRD) else Role.ADM
        return self.record("STF", "ASSIGNMENT_END", data, by=by, role=actor_role)

    def _holds(self, staff: str, role: Role) -> bool:
        return any(a.role is role for a in self.valid_assignments(staff))

    def grant_licence_directly(self, staff_id: str, number: str, date: str) -> None:
        """Record an already granted licence and an active card (setting up a casino whose
        staff were licensed before it used crupier). The dossier route is in
        :mod:`crupier.casino.staff`."""
        self.record(
            "STF",
            "LICENCE",
            {
                "staff": staff_id,
                "number": number,
                "status": "GRANTED",
                "application_date": date,
                "decision_date": date,
                "notification_ref": "pre-existing",
            },
            by="system",
            role=Role.ADM,
        )
        self.record(
            "STF",
            "CARD",
            {"staff": staff_id, "number": f"EC-{staff_id}", "status": "ACTIVE"},
            by="system",
            role=Role.ADM,
        )

    # ------------------------------------------------------------------ rooms and tables

    @projects("CAS.ROOM")
    def _on_room(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.rooms[d["id"]] = {"name": d["name"], "type": d["type"]}

    def add_room(self, room_id: str, name: str, room_type: str = "MAIN") -> Entry:
        """Register a gaming room (§3.1): MAIN, PRIVATE, POKER_ROOM or SLOTS."""
        if room_type not in ("MAIN", "PRIVATE", "POKER_ROOM", "SLOTS"):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("unknown room type {room_type!r}", room_type=room_type)
            )
        if room_id in self.rooms:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("room {room_id} already exists", room_id=room_id)
            )
        data = {"id": room_id, "name": name, "type": room_type}
        return self.record("CAS", "ROOM", data, by="system", role=Role.ADM)

    @projects("CAS.TABLE")
    def _on_table(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.tables[d["id"]] = Table(
            id=d["id"],
            game=d["game"],
            kind=Kind(d["kind"]),
            profile=d["profile"],
            seats=d["seats"],
            contiguity_group=d.get("contiguity_group"),
            mode=d.get("mode"),
            layouts=tuple(d.get("layouts", ())),
            multiples_of_min=d.get("multiples_of_min", False),
            room=d.get("room"),
        )

    def add_table(
        self,
        table_id: str,
        game: str,
        *,
        profile: str = "andorra",
        seats: int = 7,
        contiguity_group: str | None = None,
        mode: str | None = None,
        layouts: Iterable[str] = (),
        multiples_of_min: bool = False,
        kind: Kind | None = None,
        room: str | None = None,
    ) -> Entry:
        """Register a table (configuration, by the system administrator)."""
        if table_id in self.tables:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("table {table_id} already exists", table_id=table_id)
            )
        if room is not None and room not in self.rooms:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no room {room!r}", room=room))
        auth = self.config.authorisations.get(game)
        table_kind = kind or (auth.kind if auth else Kind.BANKING)
        data = {
            "id": table_id,
            "game": game,
            "kind": str(table_kind),
            "profile": profile,
            "seats": seats,
            "contiguity_group": contiguity_group,
            "mode": mode,
            "layouts": list(layouts),
            "multiples_of_min": multiples_of_min,
            "room": room,
        }
        return self.record("CAS", "TABLE", data, by="system", role=Role.ADM)

    @query
    def table(self, table_id: str) -> Table:
        """The table ``table_id`` (``UNKNOWN_ENTITY`` if there is none)."""
        found = self.tables.get(table_id)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no table {table_id!r}", table_id=table_id))
        return found

    # ------------------------------------------------------------- book volumes

    def seal(self, book: str, year: int, *, by: str, seal_number: str) -> Entry:
        """A CRAJ inspector seals a volume before use (OPS-INT-02)."""
        if book not in SEALED_BOOKS:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{book} is not a book the CRAJ seals", book=book)
            )
        role = self.authorise(Op.SEAL_BOOK, by)
        vol = self._volume(book, year)
        if vol.state != "DRAFT":
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "the {book} volume {year} is already {state}",
                    book=book,
                    year=year,
                    state=vol.state,
                ),
            )
        payload = {
            "book": book,
            "volume": year,
            "type": "SEAL",
            "event_time": utc_text(self.now()),
            "local_time": self.local_now().isoformat(),
            "terminal": self.terminal,
            "author": {"id": by, "role": str(role)},
            "data": {"seal_number": seal_number, "inspector": by},
        }
        cosigner = Cosigner(by, str(role), self.keyring.key(by), "SEAL")
        return self._append_raw(f"{book}.SEAL", Actor(by, str(role)), payload, [cosigner])

    @query
    def genesis_hash(self, book: str, year: int) -> str | None:
        """The hash the volume's own chain starts from: its seal's hash."""
        vol = self.volumes.get((book, year))
        if vol is None or vol.seal is None:
            return None
        return self.ledger.get(vol.seal).hash


_wrap_operations(CasinoBase)


def verify_volume(url: str, book: str, year: int, keys: Iterable[Any]) -> dict[str, Any]:
    """OPS-INT-11: re-check the whole chain, then the volume's own numbering and chain.

    Returns ``{"status": "OK", "entries": n}`` or ``{"status": "BROKEN",
    "first_broken_seq": <the volume's seq>, "ledger_seq": <global seq>, "reason": ...}``:
    the volume breaks at its first entry at or after the ledger's first bad entry (its
    chain hangs on the ledger's). :func:`crupier.casino.audit.verify_books` checks every
    volume in one pass.
    """
    from crupier.casino.audit import verify_books

    return verify_books(url, list(keys)).volume(book, year).as_json()


def _parse_utc(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def parse_utc(text: str) -> dt.datetime:
    """A ledger UTC timestamp as an aware datetime."""
    return _parse_utc(text)
