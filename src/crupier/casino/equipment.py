"""The equipment register: homologation, shoes, cards, dice, export and destruction
(operations spec §10.4-10.7, §2.5-2.6, Arts. 63-64).

Books: the register itself (companies and their class J licences, homologated models,
items, card packs, state changes, CRAJ quarantines, disposal operations) is kept in
``EQR``; what happens at the tables in a session (shoes distributed, decks extracted,
unpacked and retired, dice assigned, changed and lost) in ``JNL`` (OPS-BK-31).

A session is named ``"<gaming day>/<n>"`` (``"2026-03-02/1"``). "The previous session"
of the dice rule is the session used just before in these records (OPS-EQ-31); the
shoe warning compares with the table's own previous session (OPS-EQ-22).

The rules are data:

>>> DECK_SIZES[DeckType.SPANISH_40], DECK_SIZES[DeckType.FRENCH_52_PLUS_JOKER]
(40, 53)
>>> DICE_RULES["craps"].minimum, DICE_RULES["sic-bo"].minimum
(5, 6)
>>> DECK_RULES["baccarat-two-tables"].new_only, DECK_RULES["punto-banco"].reusable
(True, True)
>>> session_day("2026-03-02/1")
'2026-03-02'
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from crupier.casino.base import CasinoBase, projects
from crupier.casino.errors import Code, OpsError
from crupier.casino.roles import Op, Role
from crupier.i18n import N_
from crupier.ledger import Entry


class EquipmentType(StrEnum):
    """The kinds of equipment the register holds (§3.5)."""

    ROULETTE_WHEEL = "ROULETTE_WHEEL"
    BOULE_PLATFORM = "BOULE_PLATFORM"
    SHOE = "SHOE"
    SHUFFLER = "SHUFFLER"
    DICE = "DICE"
    CARD_PACK = "CARD_PACK"
    CHIP_SERIES = "CHIP_SERIES"
    LAYOUT = "LAYOUT"
    DICE_SHAKER = "DICE_SHAKER"
    SLOT_MACHINE = "SLOT_MACHINE"
    OTHER = "OTHER"


class EquipmentState(StrEnum):
    """The states of an item; ``EXPORTED`` and ``DESTROYED`` are final (OPS-EQ-04)."""

    IN_STORE = "IN_STORE"
    IN_SERVICE = "IN_SERVICE"
    RESERVE = "RESERVE"
    QUARANTINED = "QUARANTINED"
    RETIRED = "RETIRED"
    EXPORTED = "EXPORTED"
    DESTROYED = "DESTROYED"


FINAL_STATES = frozenset({EquipmentState.EXPORTED, EquipmentState.DESTROYED})


class DeckType(StrEnum):
    """The deck types of the catalogue (§3.5)."""

    FRENCH_52 = "FRENCH_52"
    FRENCH_52_NO_INDEX = "FRENCH_52_NO_INDEX"
    SPANISH_40 = "SPANISH_40"
    PIQUET_32 = "PIQUET_32"
    STRIPPED_28 = "STRIPPED_28"
    FRENCH_52_PLUS_JOKER = "FRENCH_52_PLUS_JOKER"


#: Cards per deck, what a deck must count on unpacking (OPS-EQ-23).
DECK_SIZES: dict[DeckType, int] = {
    DeckType.FRENCH_52: 52,
    DeckType.FRENCH_52_NO_INDEX: 52,
    DeckType.SPANISH_40: 40,
    DeckType.PIQUET_32: 32,
    DeckType.STRIPPED_28: 28,
    DeckType.FRENCH_52_PLUS_JOKER: 53,
}


class DeckState(StrEnum):
    """The card lifecycle of §2.5 (OPS-EQ-20…26)."""

    IN_STORE = "IN_STORE"
    EXTRACTED = "EXTRACTED"
    IN_USE = "IN_USE"
    QUARANTINED = "QUARANTINED"
    RETIRED_CANCELLED = "RETIRED_CANCELLED"


@dataclass(frozen=True)
class DeckRule:
    """The decks a game's shoe or deal needs (OPS-EQ-24…26).

    ``colours``: ``"ANY"``, ``"ONE"`` (every deck of one back colour) or ``"HALF"``
    (two back colours, half the decks each).
    """

    deck_types: frozenset[DeckType]
    counts: tuple[int, ...]
    colours: str = "ANY"
    new_only: bool = False  # baccarat two layouts: decks "per estrenar" (OPS-EQ-25)
    reusable: bool = False  # used decks may be extracted again if in good condition


#: Deck composition per game id (SEED where the catalogue states it, DEFAULT otherwise).
DECK_RULES: dict[str, DeckRule] = {
    "blackjack": DeckRule(frozenset({DeckType.FRENCH_52}), (6,), "HALF"),
    "trente-et-quarante": DeckRule(frozenset({DeckType.FRENCH_52_NO_INDEX}), (6,), "ONE"),
    "baccarat-two-tables": DeckRule(
        frozenset({DeckType.FRENCH_52_NO_INDEX}), (6,), "HALF", new_only=True
    ),
    "punto-banco": DeckRule(frozenset({DeckType.FRENCH_52}), (6,), reusable=True),
    "chemin-de-fer": DeckRule(
        frozenset({DeckType.FRENCH_52, DeckType.FRENCH_52_NO_INDEX}), (6,), reusable=True
    ),
    "circle-poker": DeckRule(
        frozenset({DeckType.FRENCH_52, DeckType.PIQUET_32, DeckType.STRIPPED_28}), (1, 2)
    ),
    "pai-gow-poker": DeckRule(frozenset({DeckType.FRENCH_52_PLUS_JOKER}), (1,)),
    "monte": DeckRule(frozenset({DeckType.SPANISH_40}), (2,), "HALF"),  # one red, one blue
    # spec 19 Equipment: six decks, three of one back colour and three of another
    "triple-blackjack": DeckRule(frozenset({DeckType.FRENCH_52}), (6,), "HALF"),
    # one 52-card deck "like BlackJack's" (specs 11, 15, 18, 20, 21, 22 Equipment)
    "triple-play": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "trijoker": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "caribbean-stud": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "three-card-poker": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "four-card-poker": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "casino-holdem": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
    "holdem-bonus": DeckRule(frozenset({DeckType.FRENCH_52}), (1,)),
}


@dataclass(frozen=True)
class DiceRule:
    """Dice per table per session (OPS-EQ-30) and their size in mm (OPS-EQ-32)."""

    minimum: int
    in_play: int
    size_mm: tuple[Decimal, Decimal]


#: Dice rules per game id (§2.6, §12.1).
DICE_RULES: dict[str, DiceRule] = {
    "craps": DiceRule(5, 2, (Decimal(15), Decimal(25))),
    "sic-bo": DiceRule(6, 3, (Decimal(15), Decimal(25))),
    "pai-gow-poker": DiceRule(3, 3, (Decimal(12), Decimal(25))),
    "mahjong-pai-gow": DiceRule(3, 3, (Decimal(15), Decimal(25))),
}

#: Games dealt from a numbered shoe (004 §03 II: "all shoes must be numbered").
SHOE_GAMES = frozenset(
    {
        "blackjack", "punto-banco", "chemin-de-fer", "baccarat-two-tables",
        "trente-et-quarante", "casino-war", "triple-blackjack",
    }
)  # fmt: skip

DISPOSAL_TYPES = ("EXPORT", "DESTRUCTION")


@dataclass
class Company:
    """A supplier or disposal company and its class J licence (§3.4 ``Company``)."""

    id: str
    name: str
    j_licence: str | None = None
    j_status: str | None = None  # GRANTED SUSPENDED REVOKED

    @property
    def licensed(self) -> bool:
        """Whether it holds a valid class J licence."""
        return self.j_licence is not None and self.j_status == "GRANTED"


@dataclass
class EquipmentModel:
    """A model and its CRAJ homologation (Art. 63)."""

    name: str
    type: EquipmentType
    homologation_ref: str | None
    valid_until: dt.date | None = None

    def homologated(self, on: dt.date) -> bool:
        """Whether the model has a valid homologation on ``on``."""
        return bool(self.homologation_ref) and (self.valid_until is None or on <= self.valid_until)


@dataclass
class Equipment:
    """An item of the register (§3.5 ``Equipment``; dice are items too)."""

    id: str
    type: EquipmentType
    model: str
    serial: str
    supplier: str
    number: int | None = None  # shoes are numbered (OPS-EQ-03)
    storage_location: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)  # dice: initials, size_mm, colour
    state: EquipmentState = EquipmentState.IN_STORE
    table: str | None = None
    session: str | None = None
    disposal: str | None = None  # the pending or completed disposal operation


@dataclass
class Deck:
    """A deck of a card pack (§3.5 ``Deck``)."""

    id: str
    pack: str
    deck_type: DeckType
    back_colour: str
    ever_used: bool = False
    state: DeckState = DeckState.IN_STORE
    table: str | None = None
    session: str | None = None
    extraction: dict[str, Any] | None = None  # by, witness, at, table, session
    count_on_unpack: int | None = None


@dataclass
class DiceSet:
    """The dice of one table in one session (§3.5 ``DiceAssignment``)."""

    table: str
    session: str
    dice: list[str]
    in_play: list[str]
    lost: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)  # every die this table had this session

    @property
    def reserve(self) -> list[str]:
        """The dice of the set neither in play nor lost."""
        return [d for d in self.dice if d not in self.in_play and d not in self.lost]


@dataclass(frozen=True)
class PoliceOfficer:
    """The police officer present at a destruction (OPS-EQ-12)."""

    name: str
    badge_no: str
    authorisation_ref: str  # the Police Directorate's authorisation

    def as_json(self) -> dict[str, str]:
        """JSON form."""
        return {
            "name": self.name,
            "badge_no": self.badge_no,
            "authorisation_ref": self.authorisation_ref,
        }


@dataclass
class DisposalOperation:
    """An export or destruction through a class J company (§3.5, Art. 64)."""

    id: str
    type: str  # EXPORT DESTRUCTION
    equipment: tuple[str, ...]
    company: str
    notice_date: dt.date
    scheduled_date: dt.date
    state: str = "NOTIFIED"  # NOTIFIED COMPLETED CANCELLED
    destination: str | None = None
    transport_doc: str | None = None
    police: PoliceOfficer | None = None
    acta_ref: str | None = None
    acta_delivered_on: dt.date | None = None
    completed_on: dt.date | None = None
    notices: list[tuple[dt.date, dt.date]] = field(default_factory=list)  # (notice, scheduled)

    @property
    def status(self) -> str:
        """``ACTA_PENDING_DELIVERY`` for a completed destruction whose acta the CRAJ has not
        yet received (OPS-EQ-12); otherwise the state."""
        if self.state == "COMPLETED" and self.type == "DESTRUCTION" and not self.acta_delivered_on:
            return "ACTA_PENDING_DELIVERY"
        return self.state


@dataclass(frozen=True)
class ShoeAssignment:
    """A shoe given to a table for a session, with any non-blocking warning (OPS-EQ-22)."""

    shoe: str
    table: str
    session: str
    entry: int  # ledger seq of the JNL entry
    warnings: tuple[str, ...] = ()


def session_day(session: str) -> str:
    """The gaming day of session id ``"<gaming day>/<n>"`` (``MALFORMED_REQUEST`` otherwise)."""
    day, sep, number = session.partition("/")
    try:
        dt.date.fromisoformat(day)
        valid = sep == "/" and number.isdigit() and int(number) >= 1
    except ValueError:
        valid = False
    if not valid:
        raise OpsError(
            Code.MALFORMED_REQUEST,
            N_("{session!r} is not a session id like 2026-03-02/1", session=session),
        )
    return day


def journal_incident(
    ops: CasinoBase,
    incident: str,
    *,
    table: str | None,
    description: str,
    decision: str,
    by: str,
    role: Role,
    session: str | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Entry:
    """Record a ``TableIncident`` in ``JNL`` (type ``INCIDENT``, §3.6)."""
    data: dict[str, Any] = {
        "type": incident,
        "table": table,
        "description": description,
        "decision": decision,
        "decided_by": by,
    }
    data.update(extra or {})
    return ops.record(
        "JNL",
        "INCIDENT",
        data,
        by=by,
        role=role,
        purpose="AUTHOR",
        gaming_day=session_day(session) if session else None,
        session=session,
        table=table,
    )


def _size(value: Decimal | int | str) -> Decimal:
    try:
        size = Decimal(value)
    except (InvalidOperation, ValueError):
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("die size {value!r} is not a number", value=value)
        ) from None
    if not size.is_finite() or size <= 0:
        raise OpsError(
            Code.MALFORMED_REQUEST, N_("die size {value!r} is not a positive size", value=value)
        )
    return size


class EquipmentOps(CasinoBase):
    """Equipment, card store, dice sets, disposal operations (§10.4-10.7)."""

    def _init_state(self) -> None:
        self.companies: dict[str, Company] = {}
        self.equipment_models: dict[str, EquipmentModel] = {}
        self.equipment: dict[str, Equipment] = {}
        self.decks: dict[str, Deck] = {}
        self.dice_sets: dict[tuple[str, str], DiceSet] = {}
        self.disposals: dict[str, DisposalOperation] = {}
        self._eq_sessions: list[str] = []  # session ids in the order first used here
        self._eq_dice_by_session: dict[str, set[str]] = {}
        self._eq_table_dice: dict[str, tuple[str, str]] = {}  # table -> its latest dice set key
        self._eq_shoe_history: dict[str, list[tuple[str, str]]] = {}  # table -> [(session, shoe)]

    # ---------------------------------------------------------------- helpers

    def _eq_today(self) -> dt.date:
        return self.local_now().date()

    def _eq_note_session(self, session: str) -> None:
        if session not in self._eq_sessions:
            self._eq_sessions.append(session)

    def previous_equipment_session(self, session: str) -> str | None:
        """The session used just before ``session`` in the equipment records (OPS-EQ-31)."""
        if session in self._eq_sessions:
            index = self._eq_sessions.index(session)
            return self._eq_sessions[index - 1] if index > 0 else None
        return self._eq_sessions[-1] if self._eq_sessions else None

    def _eq_item(self, equipment_id: str, kind: EquipmentType | None = None) -> Equipment:
        item = self.equipment.get(equipment_id)
        if item is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("no equipment {equipment_id!r} in the register", equipment_id=equipment_id),
            )
        if kind is not None and item.type is not kind:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_(
                    "{equipment_id} is a {type}, not a {kind}",
                    equipment_id=equipment_id,
                    type=item.type,
                    kind=kind,
                ),
            )
        return item

    def _eq_company(self, company_id: str) -> Company:
        company = self.companies.get(company_id)
        if company is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY,
                N_("no company {company_id!r} in the register", company_id=company_id),
            )
        return company

    def _eq_licensed_supplier(self, company_id: str) -> None:
        if not self._eq_company(company_id).licensed:
            raise OpsError(
                Code.SUPPLIER_NOT_LICENSED,
                N_("supplier {company_id} holds no valid class J licence", company_id=company_id),
            )

    def check_serviceable(self, equipment_id: str) -> Equipment:
        """The item, if it may enter service now (OPS-EQ-01, -02, -04, -05); else the refusal."""
        item = self._eq_item(equipment_id)
        if item.state in FINAL_STATES:
            raise OpsError(
                Code.EQUIPMENT_DISPOSED, N_("{id} is {state}", id=item.id, state=item.state)
            )
        if item.state is EquipmentState.QUARANTINED:
            raise OpsError(
                Code.EQUIPMENT_QUARANTINED, N_("{id} is quarantined by CRAJ order", id=item.id)
            )
        if item.state is EquipmentState.RETIRED:
            raise OpsError(Code.INVALID_STATE, N_("{id} is retired", id=item.id))
        if item.disposal is not None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{id} is scheduled for {disposal}", id=item.id, disposal=item.disposal),
            )
        if not self.equipment_models[item.model].homologated(self._eq_today()):
            raise OpsError(
                Code.EQUIPMENT_NOT_HOMOLOGATED,
                N_(
                    "model {model} of {id} has no valid CRAJ homologation",
                    model=item.model,
                    id=item.id,
                ),
            )
        self._eq_licensed_supplier(item.supplier)
        return item

    def _eq_at_table(self, by: str, table: str) -> Role:
        """The DIR or responsible employee (row 3), or the table's own TC or DLR (row 10)."""
        try:
            return self.authorise(Op.DISTRIBUTE_EQUIPMENT, by, "C", table)
        except OpsError as exc:
            if exc.code != "PERMISSION_DENIED":
                raise
        return self.authorise(Op.RECORD_ROUNDS, by, "C", table)

    def _eq_check_witness(self, by: str, witness: str) -> None:
        if witness == by:
            raise OpsError(Code.SAME_SIGNER, N_("{by} cannot witness his own extraction", by=by))
        person = self.staff.get(witness)
        if person is None or not self.valid_assignments(witness):
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("witness {witness!r} holds no current role", witness=witness),
            )
        if not self.licence_valid(person):
            raise OpsError(
                Code.LICENCE_INVALID,
                N_("witness {witness} has no valid licence and card", witness=witness),
            )

    def _eq_journal(
        self, etype: str, data: dict[str, Any], *, by: str, role: Role, table: str, session: str
    ) -> Entry:
        return self.record(
            "JNL",
            etype,
            data,
            by=by,
            role=role,
            purpose="AUTHOR",
            gaming_day=session_day(session),
            session=session,
            table=table,
        )

    def _eq_register(self, etype: str, data: dict[str, Any], *, by: str, role: Role) -> Entry:
        return self.record("EQR", etype, data, by=by, role=role, purpose="AUTHOR")

    # -------------------------------------------------------- companies, models

    def register_company(
        self, company_id: str, name: str, *, by: str, j_licence: str | None = None
    ) -> Entry:
        """Enter a company (supplier or disposal firm), with its class J licence if any."""
        role = self.authorise(Op.EQUIPMENT, by)
        if company_id in self.companies:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("company {company_id} is already registered", company_id=company_id),
            )
        data = {
            "id": company_id,
            "name": name,
            "j_licence": j_licence,
            "j_status": "GRANTED" if j_licence else None,
        }
        return self._eq_register("COMPANY", data, by=by, role=role)

    def set_company_licence(
        self, company_id: str, status: str, *, by: str, number: str | None = None
    ) -> Entry:
        """Record a CRAJ decision on a company's class J licence (GRANTED/SUSPENDED/REVOKED)."""
        role = self.authorise(Op.EQUIPMENT, by)
        company = self._eq_company(company_id)
        if status not in ("GRANTED", "SUSPENDED", "REVOKED"):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("unknown licence status {status!r}", status=status)
            )
        licence = number or company.j_licence
        if licence is None:
            raise OpsError(Code.MISSING_FIELDS, N_("a class J licence needs its number"))
        data = {"company": company_id, "j_licence": licence, "j_status": status}
        return self._eq_register("COMPANY_LICENCE", data, by=by, role=role)

    @projects("EQR.COMPANY")
    def _eq_on_company(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.companies[d["id"]] = Company(d["id"], d["name"], d["j_licence"], d["j_status"])

    @projects("EQR.COMPANY_LICENCE")
    def _eq_on_company_licence(self, entry: Entry) -> None:
        d = entry.payload["data"]
        company = self.companies[d["company"]]
        company.j_licence, company.j_status = d["j_licence"], d["j_status"]

    def register_model(
        self,
        model: str,
        equipment_type: EquipmentType | str,
        *,
        by: str,
        homologation_ref: str | None,
        valid_until: dt.date | None = None,
    ) -> Entry:
        """Enter a model with its CRAJ homologation reference (``None``: not homologated)."""
        role = self.authorise(Op.EQUIPMENT, by)
        kind = EquipmentType(equipment_type)
        if model in self.equipment_models:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("model {model} is already registered", model=model)
            )
        data = {
            "model": model,
            "type": str(kind),
            "homologation_ref": homologation_ref,
            "valid_until": None if valid_until is None else valid_until.isoformat(),
        }
        return self._eq_register("MODEL", data, by=by, role=role)

    @projects("EQR.MODEL")
    def _eq_on_model(self, entry: Entry) -> None:
        d = entry.payload["data"]
        until = d["valid_until"]
        self.equipment_models[d["model"]] = EquipmentModel(
            d["model"],
            EquipmentType(d["type"]),
            d["homologation_ref"],
            None if until is None else dt.date.fromisoformat(until),
        )

    # ------------------------------------------------------------------ items

    def _eq_check_new_item(self, equipment_id: str, model: str, supplier: str) -> EquipmentModel:
        if equipment_id in self.equipment:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("{equipment_id} is already registered", equipment_id=equipment_id),
            )
        found = self.equipment_models.get(model)
        if found is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("no model {model!r} in the register", model=model)
            )
        self._eq_licensed_supplier(supplier)
        return found

    def register_equipment(
        self,
        equipment_id: str,
        *,
        model: str,
        serial: str,
        supplier: str,
        by: str,
        number: int | None = None,
        storage_location: str | None = None,
        attributes: Mapping[str, Any] | None = None,
    ) -> Entry:
        """Enter an item (its type is its model's) in store (OPS-EQ-01…03).

        The supplier must hold a class J licence (``SUPPLIER_NOT_LICENSED``); shoes need
        their ``number``. Dice are entered with :meth:`register_dice`, card packs with
        :meth:`receive_pack`.
        """
        role = self.authorise(Op.EQUIPMENT, by)
        found = self._eq_check_new_item(equipment_id, model, supplier)
        if found.type in (EquipmentType.DICE, EquipmentType.CARD_PACK):
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("enter {type} with its own operation", type=found.type)
            )
        if not serial:
            raise OpsError(
                Code.MISSING_FIELDS,
                N_("{equipment_id} needs its serial number", equipment_id=equipment_id),
            )
        if found.type is EquipmentType.SHOE:
            self._eq_check_shoe_number(number)
        data = {
            "id": equipment_id,
            "type": str(found.type),
            "model": model,
            "serial": serial,
            "supplier": supplier,
            "number": number,
            "storage_location": storage_location,
            "attributes": dict(attributes or {}),
        }
        return self._eq_register("EQUIPMENT", data, by=by, role=role)

    def _eq_check_shoe_number(self, number: int | None) -> None:
        if number is None:
            raise OpsError(Code.MISSING_FIELDS, N_("shoes are numbered (OPS-EQ-03)"))
        for item in self.equipment.values():
            if item.type is EquipmentType.SHOE and item.number == number:
                raise OpsError(
                    Code.MALFORMED_REQUEST,
                    N_("shoe number {number} is taken by {id}", number=number, id=item.id),
                )

    @projects("EQR.EQUIPMENT")
    def _eq_on_equipment(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self._eq_add_item(d, EquipmentType(d["type"]))

    def _eq_add_item(self, d: Mapping[str, Any], kind: EquipmentType) -> None:
        self.equipment[d["id"]] = Equipment(
            id=d["id"],
            type=kind,
            model=d["model"],
            serial=d["serial"],
            supplier=d["supplier"],
            number=d.get("number"),
            storage_location=d.get("storage_location"),
            attributes=dict(d.get("attributes") or {}),
        )

    def register_dice(
        self,
        dice: Mapping[str, str],
        *,
        model: str,
        supplier: str,
        initials: str,
        size_mm: Decimal | int | str,
        by: str,
        colour: str = "red",
    ) -> Entry:
        """Enter a lot of dice: ``{die id: manufacturer serial}``, each marked on one face
        with its serial and the casino's ``initials`` (``DIE_MARKING_MISSING``, OPS-EQ-32)."""
        role = self.authorise(Op.EQUIPMENT, by)
        if not dice:
            raise OpsError(Code.MISSING_FIELDS, N_("no dice given"))
        size = _size(size_mm)
        for die_id, serial in dice.items():
            found = self._eq_check_new_item(die_id, model, supplier)
            if found.type is not EquipmentType.DICE:
                raise OpsError(
                    Code.MALFORMED_REQUEST, N_("model {model} is not a dice model", model=model)
                )
            if not serial or not initials:
                raise OpsError(
                    Code.DIE_MARKING_MISSING,
                    N_(
                        "{die_id} must carry the manufacturer serial and the casino initials",
                        die_id=die_id,
                    ),
                )
        data = {
            "model": model,
            "supplier": supplier,
            "dice": [{"id": d, "serial": s} for d, s in dice.items()],
            "attributes": {"initials": initials, "size_mm": str(size), "colour": colour},
        }
        return self._eq_register("DICE", data, by=by, role=role)

    @projects("EQR.DICE")
    def _eq_on_dice(self, entry: Entry) -> None:
        d = entry.payload["data"]
        for die in d["dice"]:
            item = {**die, "model": d["model"], "supplier": d["supplier"]}
            self._eq_add_item({**item, "attributes": d["attributes"]}, EquipmentType.DICE)

    def put_in_service(
        self, equipment_id: str, *, by: str, table: str | None = None, reserve: bool = False
    ) -> Entry:
        """Put an item into service (at ``table``) or in reserve (OPS-EQ-01, -04, -05)."""
        role = self.authorise(Op.EQUIPMENT, by)
        if table is not None:
            self.table(table)
        item = self.check_serviceable(equipment_id)
        if item.state is EquipmentState.IN_SERVICE and item.table not in (None, table):
            raise OpsError(
                Code.INVALID_STATE,
                N_("{id} is in service at {table}", id=item.id, table=item.table),
            )
        state = EquipmentState.RESERVE if reserve else EquipmentState.IN_SERVICE
        data = {"equipment": equipment_id, "state": str(state), "table": table}
        return self._eq_register("STATE", data, by=by, role=role)

    def take_out_of_service(self, equipment_id: str, *, by: str, retire: bool = False) -> Entry:
        """Return an item to store (or retire it)."""
        role = self.authorise(Op.EQUIPMENT, by)
        item = self._eq_item(equipment_id)
        if item.state in FINAL_STATES:
            raise OpsError(
                Code.EQUIPMENT_DISPOSED, N_("{id} is {state}", id=item.id, state=item.state)
            )
        if item.state is EquipmentState.QUARANTINED:
            raise OpsError(
                Code.EQUIPMENT_QUARANTINED, N_("only the CRAJ releases {id}", id=item.id)
            )
        state = EquipmentState.RETIRED if retire else EquipmentState.IN_STORE
        data = {"equipment": equipment_id, "state": str(state), "table": None}
        return self._eq_register("STATE", data, by=by, role=role)

    @projects("EQR.STATE")
    def _eq_on_state(self, entry: Entry) -> None:
        d = entry.payload["data"]
        item = self.equipment[d["equipment"]]
        item.state, item.table, item.session = EquipmentState(d["state"]), d["table"], None

    def quarantine(
        self, equipment_id: str, *, by: str, order: str, visit_seq: int | None = None
    ) -> Entry:
        """A CRAJ inspector withdraws an item (Art. 59, OPS-EQ-05); ``visit_seq`` may name
        the ``A60`` visit whose ``ORDER`` item this executes."""
        role = self.authorise(Op.SUSPEND_TABLE, by)  # Art. 59 measures: the CRAJ's row
        item = self._eq_item(equipment_id)
        if item.state in FINAL_STATES:
            raise OpsError(
                Code.EQUIPMENT_DISPOSED, N_("{id} is {state}", id=item.id, state=item.state)
            )
        if item.state is EquipmentState.QUARANTINED:
            raise OpsError(Code.INVALID_STATE, N_("{id} is already quarantined", id=item.id))
        if not order:
            raise OpsError(Code.MISSING_FIELDS, N_("a quarantine needs the text of the order"))
        data = {"equipment": equipment_id, "order": order, "visit": visit_seq}
        return self._eq_register("QUARANTINED", data, by=by, role=role)

    @projects("EQR.QUARANTINED")
    def _eq_on_quarantined(self, entry: Entry) -> None:
        item = self.equipment[entry.payload["data"]["equipment"]]
        item.state, item.table, item.session = EquipmentState.QUARANTINED, None, None

    def release_quarantine(self, equipment_id: str, *, by: str) -> Entry:
        """The CRAJ releases a quarantined item; it returns to store."""
        role = self.authorise(Op.SUSPEND_TABLE, by)
        item = self._eq_item(equipment_id)
        if item.state is not EquipmentState.QUARANTINED:
            raise OpsError(Code.INVALID_STATE, N_("{id} is not quarantined", id=item.id))
        return self._eq_register("RELEASED", {"equipment": equipment_id}, by=by, role=role)

    @projects("EQR.RELEASED")
    def _eq_on_released(self, entry: Entry) -> None:
        self.equipment[entry.payload["data"]["equipment"]].state = EquipmentState.IN_STORE

    def inventory(self) -> list[Equipment]:
        """Every item of the register, by id (the Art. 47 inventory)."""
        return [self.equipment[k] for k in sorted(self.equipment)]

    # ------------------------------------------------------------------ shoes

    def assign_shoe(self, shoe_id: str, table: str, session: str, *, by: str) -> ShoeAssignment:
        """Distribute a numbered shoe to a table at the start of a session (OPS-EQ-22).

        Giving a table the shoe it had in its previous session succeeds with the
        warning ``SHOE_SAME_TABLE`` (SPAIN-1979 "avoid systematically...").
        """
        self.table(table)
        session_day(session)
        role = self.authorise(Op.DISTRIBUTE_EQUIPMENT, by, "C", table)
        item = self._eq_item(shoe_id, EquipmentType.SHOE)
        self.check_serviceable(shoe_id)
        if item.session == session and item.table not in (None, table):
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "{shoe_id} serves {table} in {session}",
                    shoe_id=shoe_id,
                    table=item.table,
                    session=session,
                ),
            )
        warnings = ("SHOE_SAME_TABLE",) if self._eq_served_before(shoe_id, table, session) else ()
        data = {
            "shoe": shoe_id,
            "number": item.number,
            "table": table,
            "session": session,
            "warnings": list(warnings),
        }
        entry = self._eq_journal(
            "SHOE_ASSIGNED", data, by=by, role=role, table=table, session=session
        )
        return ShoeAssignment(shoe_id, table, session, entry.seq, warnings)

    def _eq_served_before(self, shoe_id: str, table: str, session: str) -> bool:
        history = [(s, shoe) for s, shoe in self._eq_shoe_history.get(table, []) if s != session]
        if not history:
            return False
        last = history[-1][0]
        return any(s == last and shoe == shoe_id for s, shoe in history)

    @projects("JNL.SHOE_ASSIGNED")
    def _eq_on_shoe(self, entry: Entry) -> None:
        d = entry.payload["data"]
        item = self.equipment[d["shoe"]]
        item.state, item.table, item.session = EquipmentState.IN_SERVICE, d["table"], d["session"]
        self._eq_shoe_history.setdefault(d["table"], []).append((d["session"], d["shoe"]))
        self._eq_note_session(d["session"])

    # ------------------------------------------------------------------ cards

    def receive_pack(
        self,
        pack_id: str,
        *,
        model: str,
        supplier: str,
        deck_type: DeckType | str,
        colours: Sequence[str],
        by: str,
        storage_location: str = "card store",
    ) -> list[str]:
        """Receive a card pack into the card store, one back colour per deck (OPS-EQ-20).

        Returns the new deck ids, ``"<pack>/<n>"``.
        """
        role = self.authorise(Op.EQUIPMENT, by)
        found = self._eq_check_new_item(pack_id, model, supplier)
        if found.type is not EquipmentType.CARD_PACK:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("model {model} is not a card-pack model", model=model)
            )
        kind = DeckType(deck_type)
        if not colours or not all(colours):
            raise OpsError(Code.MISSING_FIELDS, N_("each deck needs its back colour"))
        decks = [{"id": f"{pack_id}/{n}", "colour": c} for n, c in enumerate(colours, start=1)]
        data = {
            "id": pack_id,
            "model": model,
            "serial": pack_id,
            "supplier": supplier,
            "deck_type": str(kind),
            "decks": decks,
            "storage_location": storage_location,
        }
        self._eq_register("PACK_RECEIVED", data, by=by, role=role)
        return [d["id"] for d in decks]

    @projects("EQR.PACK_RECEIVED")
    def _eq_on_pack(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self._eq_add_item(d, EquipmentType.CARD_PACK)
        for deck in d["decks"]:
            self.decks[deck["id"]] = Deck(
                deck["id"], d["id"], DeckType(d["deck_type"]), deck["colour"]
            )

    def _eq_deck(self, deck_id: str) -> Deck:
        deck = self.decks.get(deck_id)
        if deck is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("no deck {deck_id!r} in the card store", deck_id=deck_id)
            )
        return deck

    def extract_decks(
        self, table: str, session: str, decks: Sequence[str], *, by: str, witness: str
    ) -> Entry:
        """Extract decks from the store for a table session, with a witness (OPS-EQ-21,
        -24, -25, -26): ``DECK_NOT_NEW``, ``DECK_NOT_REUSABLE``, ``DECK_COMPOSITION_INVALID``,
        ``EQUIPMENT_QUARANTINED``."""
        game = self.table(table).game
        session_day(session)
        role = self.authorise(Op.DISTRIBUTE_EQUIPMENT, by, "C", table)
        self._eq_check_witness(by, witness)
        rule = DECK_RULES.get(game)
        if rule is None:
            raise OpsError(
                Code.DECK_COMPOSITION_INVALID, N_("no deck composition for game {game}", game=game)
            )
        if len(set(decks)) != len(decks):
            raise OpsError(Code.MALFORMED_REQUEST, N_("a deck is named twice"))
        chosen = [self._eq_extractable(deck_id, rule) for deck_id in decks]
        self._eq_check_composition(game, rule, chosen)
        data = {
            "table": table,
            "session": session,
            "game": game,
            "decks": list(decks),
            "witness": witness,
        }
        return self._eq_journal(
            "DECKS_EXTRACTED", data, by=by, role=role, table=table, session=session
        )

    def _eq_extractable(self, deck_id: str, rule: DeckRule) -> Deck:
        deck = self._eq_deck(deck_id)
        self.check_serviceable(deck.pack)
        if deck.state is DeckState.QUARANTINED:
            raise OpsError(
                Code.EQUIPMENT_QUARANTINED, N_("deck {deck_id} is quarantined", deck_id=deck_id)
            )
        used = deck.ever_used or deck.state is DeckState.RETIRED_CANCELLED
        if used and rule.new_only:
            raise OpsError(
                Code.DECK_NOT_NEW,
                N_("deck {deck_id} has been used; this game needs new decks", deck_id=deck_id),
            )
        if deck.state is DeckState.RETIRED_CANCELLED or (used and not rule.reusable):
            raise OpsError(
                Code.DECK_NOT_REUSABLE,
                N_("deck {deck_id} was used and is cancelled", deck_id=deck_id),
            )
        if deck.state is not DeckState.IN_STORE:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "deck {deck_id} is {state} at {table}",
                    deck_id=deck_id,
                    state=deck.state,
                    table=deck.table,
                ),
            )
        return deck

    @staticmethod
    def _eq_check_composition(game: str, rule: DeckRule, decks: Sequence[Deck]) -> None:
        types = {d.deck_type for d in decks}
        colours = [d.back_colour for d in decks]
        problem = None
        if len(decks) not in rule.counts:
            problem = f"{len(decks)} decks (needs {' or '.join(map(str, rule.counts))})"
        elif len(types) != 1 or not types <= rule.deck_types:
            problem = f"deck types {sorted(types)}"
        elif rule.colours == "ONE" and len(set(colours)) != 1:
            problem = "decks of several back colours (needs one)"
        elif rule.colours == "HALF" and (
            len(set(colours)) != 2 or colours.count(colours[0]) * 2 != len(colours)
        ):
            problem = "back colours not half and half"
        if problem:
            raise OpsError(
                Code.DECK_COMPOSITION_INVALID, N_("{game}: {problem}", game=game, problem=problem)
            )

    @projects("JNL.DECKS_EXTRACTED")
    def _eq_on_extracted(self, entry: Entry) -> None:
        d = entry.payload["data"]
        for deck_id in d["decks"]:
            deck = self.decks[deck_id]
            deck.state, deck.table, deck.session = DeckState.EXTRACTED, d["table"], d["session"]
            deck.extraction = {
                "by": entry.actor.id,
                "witness": d["witness"],
                "at": entry.payload["event_time"],
                "table": d["table"],
                "session": d["session"],
            }
        self._eq_note_session(d["session"])

    def unpack_deck(self, deck_id: str, count: int, *, by: str) -> Entry:
        """Record the card count of an extracted deck on unpacking (OPS-EQ-23).

        A wrong count is recorded, the deck is quarantined, an incident is entered in
        ``JNL`` and then ``DECK_INCOMPLETE`` is raised.
        """
        deck = self._eq_deck(deck_id)
        if deck.state is not DeckState.EXTRACTED or deck.table is None or deck.session is None:
            raise OpsError(
                Code.INVALID_STATE,
                N_("deck {deck_id} is {state}, not extracted", deck_id=deck_id, state=deck.state),
            )
        table, session = deck.table, deck.session
        role = self._eq_at_table(by, table)
        expected = DECK_SIZES[deck.deck_type]
        complete = count == expected
        result = DeckState.IN_USE if complete else DeckState.QUARANTINED
        data = {"deck": deck_id, "count": count, "expected": expected, "result": str(result)}
        entry = self._eq_journal(
            "DECK_UNPACKED", data, by=by, role=role, table=table, session=session
        )
        if complete:
            return entry
        journal_incident(
            self,
            "DECK_INCOMPLETE",
            table=table,
            session=session,
            description=f"deck {deck_id} counted {count} cards on unpacking, {expected} expected",
            decision="deck quarantined",
            by=by,
            role=role,
            extra={"deck": deck_id, "entry": entry.seq},
        )
        self.keep_on_refusal()
        raise OpsError(
            Code.DECK_INCOMPLETE,
            N_(
                "deck {deck_id} has {count} cards, not {expected}",
                deck_id=deck_id,
                count=count,
                expected=expected,
            ),
        )

    @projects("JNL.DECK_UNPACKED")
    def _eq_on_unpacked(self, entry: Entry) -> None:
        d = entry.payload["data"]
        deck = self.decks[d["deck"]]
        deck.count_on_unpack, deck.state = d["count"], DeckState(d["result"])
        deck.ever_used = True

    def retire_decks(
        self,
        table: str,
        session: str,
        *,
        by: str,
        keep: Iterable[str] = (),
        condition_check: str | None = None,
    ) -> Entry:
        """End of session: used decks are cancelled, unopened ones go back to the store
        (OPS-EQ-26). ``keep`` returns used decks to the store, only for games that allow
        reuse (``DECK_NOT_REUSABLE``) and with the recorded ``condition_check``."""
        game = self.table(table).game
        session_day(session)
        role = self._eq_at_table(by, table)
        mine = [d for d in self.decks.values() if d.table == table and d.session == session]
        active = [d for d in mine if d.state in (DeckState.EXTRACTED, DeckState.IN_USE)]
        if not active:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{table} has no decks out in {session}", table=table, session=session),
            )
        kept = sorted(set(keep))
        used = {d.id for d in active if d.state is DeckState.IN_USE}
        if not set(kept) <= used:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("only decks in use at this session can be kept")
            )
        rule = DECK_RULES.get(game)
        if kept and (rule is None or not rule.reusable):
            raise OpsError(
                Code.DECK_NOT_REUSABLE, N_("{game} does not allow used decks again", game=game)
            )
        if kept and not condition_check:
            raise OpsError(
                Code.MISSING_FIELDS, N_("keeping used decks needs the good-condition check")
            )
        data = {
            "table": table,
            "session": session,
            "cancelled": sorted(used - set(kept)),
            "kept": kept,
            "unopened": sorted(d.id for d in active if d.state is DeckState.EXTRACTED),
            "condition_check": condition_check,
        }
        return self._eq_journal(
            "DECKS_RETIRED", data, by=by, role=role, table=table, session=session
        )

    @projects("JNL.DECKS_RETIRED")
    def _eq_on_retired(self, entry: Entry) -> None:
        d = entry.payload["data"]
        for deck_id in d["cancelled"]:
            self.decks[deck_id].state = DeckState.RETIRED_CANCELLED
        for deck_id in d["kept"] + d["unopened"]:
            deck = self.decks[deck_id]
            deck.state, deck.table, deck.session = DeckState.IN_STORE, None, None

    # ------------------------------------------------------------------- dice

    def assign_dice(
        self,
        table: str,
        session: str,
        dice: Sequence[str],
        *,
        by: str,
        in_play: Sequence[str] | None = None,
    ) -> Entry:
        """Give a table its dice for a session (OPS-EQ-30…32, -34).

        ``INSUFFICIENT_DICE`` below the game's minimum; ``DICE_REUSED`` for a die any
        table had in the previous session (or this table earlier this session: a set
        replaced after a lost die); ``DIE_SIZE_INVALID`` outside the game's sizes.
        A second set for the same table session replaces the first.
        """
        game = self.table(table).game
        session_day(session)
        role = self.authorise(Op.DISTRIBUTE_EQUIPMENT, by, "C", table)
        rule = DICE_RULES.get(game)
        if rule is None:
            raise OpsError(Code.MALFORMED_REQUEST, N_("{game} is not played with dice", game=game))
        if len(set(dice)) != len(dice):
            raise OpsError(Code.MALFORMED_REQUEST, N_("a die is named twice"))
        items = [self._eq_item(d, EquipmentType.DICE) for d in dice]
        for item in items:
            self.check_serviceable(item.id)
        if len(dice) < rule.minimum:
            raise OpsError(
                Code.INSUFFICIENT_DICE,
                N_(
                    "{game} needs at least {minimum} dice, got {n_dice}",
                    game=game,
                    minimum=rule.minimum,
                    n_dice=len(dice),
                ),
            )
        self._eq_check_dice_free(items, table, session)
        self._eq_check_dice_fresh(dice, table, session)
        low, high = rule.size_mm
        for item in items:
            if not low <= Decimal(item.attributes["size_mm"]) <= high:
                size = item.attributes["size_mm"]
                raise OpsError(
                    Code.DIE_SIZE_INVALID,
                    N_(
                        "{id} is {size} mm; {game} needs {low}-{high} mm",
                        id=item.id,
                        size=size,
                        game=game,
                        low=low,
                        high=high,
                    ),
                )
        playing = list(in_play) if in_play is not None else list(dice[: rule.in_play])
        if len(playing) != rule.in_play or not set(playing) <= set(dice):
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("{game} plays {in_play} dice of the set", game=game, in_play=rule.in_play),
            )
        data = {"table": table, "session": session, "dice": list(dice), "in_play": playing}
        return self._eq_journal(
            "DICE_ASSIGNED", data, by=by, role=role, table=table, session=session
        )

    def _eq_check_dice_free(self, items: Sequence[Equipment], table: str, session: str) -> None:
        for item in items:
            if item.session == session and item.table not in (None, table):
                raise OpsError(
                    Code.INVALID_STATE,
                    N_(
                        "{id} serves {table} in {session}",
                        id=item.id,
                        table=item.table,
                        session=session,
                    ),
                )

    def _eq_check_dice_fresh(self, dice: Sequence[str], table: str, session: str) -> None:
        previous = self.previous_equipment_session(session)
        before = self._eq_dice_by_session.get(previous, set()) if previous else set()
        current = self.dice_sets.get((table, session))
        here = current.used if current else set()
        reused = [d for d in dice if d in before or d in here]
        if reused:
            raise OpsError(
                Code.DICE_REUSED,
                N_(
                    "{reused} served in {previous}",
                    reused=", ".join(reused),
                    previous=previous if reused[0] in before else session,
                ),
            )

    @projects("JNL.DICE_ASSIGNED")
    def _eq_on_dice_assigned(self, entry: Entry) -> None:
        d = entry.payload["data"]
        key = (d["table"], d["session"])
        old = self.dice_sets.get(key)
        used: set[str] = set()
        if old is not None:
            used = set(old.used)
            for die in old.dice:
                item = self.equipment[die]
                lost = die in old.lost
                item.state = EquipmentState.RETIRED if lost else EquipmentState.IN_STORE
                item.table, item.session = None, None
        new = DiceSet(d["table"], d["session"], list(d["dice"]), list(d["in_play"]))
        new.used = used | set(d["dice"])
        self.dice_sets[key] = new
        self._eq_table_dice[d["table"]] = key
        for die in new.dice:
            item = self.equipment[die]
            playing = die in new.in_play
            item.state = EquipmentState.IN_SERVICE if playing else EquipmentState.RESERVE
            item.table, item.session = d["table"], d["session"]
        self._eq_dice_by_session.setdefault(d["session"], set()).update(new.dice)
        self._eq_note_session(d["session"])

    def equipment_missing(self, table: str, session: str) -> list[str]:
        """What the table still lacks to open in ``session`` (OPS-TBL-01): its dice set
        (OPS-EQ-30...32), its decks extracted for the session (OPS-EQ-21...25) and its
        numbered shoe (OPS-EQ-22), as its game needs them."""
        game = self.table(table).game
        missing: list[str] = []
        if game in DICE_RULES and (table, session) not in self.dice_sets:
            missing.append(f"dice set of {table} for {session}")
        if game in DECK_RULES and not any(
            d.table == table and d.session == session for d in self.decks.values()
        ):
            missing.append(f"decks of {table} for {session}")
        if game in SHOE_GAMES and not any(
            s == session for s, _shoe in self._eq_shoe_history.get(table, [])
        ):
            missing.append(f"shoe of {table} for {session}")
        return missing

    def dice_set(self, table: str) -> DiceSet:
        """The table's current dice (``INVALID_STATE`` if it has none)."""
        key = self._eq_table_dice.get(table)
        if key is None:
            raise OpsError(Code.INVALID_STATE, N_("{table} has no dice assigned", table=table))
        return self.dice_sets[key]

    def change_dice(self, table: str, *, out: Sequence[str], into: Sequence[str], by: str) -> Entry:
        """The dice change, "canvi de daus" (OPS-EQ-33).

        The TC decides at craps (a DLR only when a half table is run by a single
        dealer-stickman), the DLR at sic bo. The dice put in must come from the table
        session's set (``DICE_NOT_ASSIGNED``).
        """
        found = self.table(table)
        role = self.authorise(Op.DICE_CHANGE, by, "C", table)
        if found.game == "craps" and role is Role.DLR and found.mode != "HALF":
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("the table chief decides the dice change at {table}", table=table),
            )
        if found.game == "sic-bo" and role is Role.TC:
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("the dealer decides the dice change at {table}", table=table),
            )
        dice = self.dice_set(table)
        for die in into:
            if die not in dice.dice:
                raise OpsError(
                    Code.DICE_NOT_ASSIGNED,
                    N_(
                        "{die} is not assigned to {table} in {session}",
                        die=die,
                        table=table,
                        session=dice.session,
                    ),
                )
            if die in dice.in_play or die in dice.lost:
                raise OpsError(Code.INVALID_STATE, N_("{die} is not in reserve", die=die))
        if any(die not in dice.in_play for die in out) or len(set(out)) != len(out):
            raise OpsError(Code.MALFORMED_REQUEST, N_("the dice taken out must be those in play"))
        if len(out) != len(into) or len(set(into)) != len(into):
            raise OpsError(Code.MALFORMED_REQUEST, N_("as many dice go in as come out"))
        after = [d for d in dice.in_play if d not in out] + list(into)
        data = {
            "table": table,
            "session": dice.session,
            "out": list(out),
            "into": list(into),
            "in_play": after,
        }
        return self._eq_journal(
            "DICE_CHANGE", data, by=by, role=role, table=table, session=dice.session
        )

    @projects("JNL.DICE_CHANGE")
    def _eq_on_dice_change(self, entry: Entry) -> None:
        d = entry.payload["data"]
        dice = self.dice_sets[(d["table"], d["session"])]
        dice.in_play = list(d["in_play"])
        for die in d["out"]:
            self.equipment[die].state = EquipmentState.RESERVE
        for die in d["into"]:
            self.equipment[die].state = EquipmentState.IN_SERVICE

    def report_lost_die(self, table: str, die: str, *, replacement: str, by: str) -> Entry:
        """A die in play fell and is not at hand: the shooter finishes the round with
        ``replacement``, one of the table's remaining dice (OPS-EQ-34). Also records
        a ``DICE_LOST`` incident. If the die is not found by the end of the round,
        :meth:`assign_dice` gives the table a new set (the lost die is retired)."""
        self.table(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table)
        dice = self.dice_set(table)
        if die not in dice.in_play:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{die} is not in play at {table}", die=die, table=table)
            )
        if replacement not in dice.dice:
            raise OpsError(
                Code.DICE_NOT_ASSIGNED,
                N_(
                    "{replacement} is not assigned to {table}", replacement=replacement, table=table
                ),
            )
        if replacement not in dice.reserve:
            raise OpsError(
                Code.INVALID_STATE, N_("{replacement} is not in reserve", replacement=replacement)
            )
        data = {"table": table, "session": dice.session, "die": die, "replacement": replacement}
        entry = self._eq_journal(
            "DIE_LOST", data, by=by, role=role, table=table, session=dice.session
        )
        journal_incident(
            self,
            "DICE_LOST",
            table=table,
            session=dice.session,
            description=f"{die} left the table and was not found",
            decision=f"round finished with {replacement}",
            by=by,
            role=role,
            extra={"entry": entry.seq},
        )
        return entry

    @projects("JNL.DIE_LOST")
    def _eq_on_die_lost(self, entry: Entry) -> None:
        d = entry.payload["data"]
        dice = self.dice_sets[(d["table"], d["session"])]
        dice.in_play = [d["replacement"] if x == d["die"] else x for x in dice.in_play]
        dice.lost.append(d["die"])
        self.equipment[d["replacement"]].state = EquipmentState.IN_SERVICE

    def die_found(self, table: str, die: str, *, by: str) -> Entry:
        """A lost die was found: it goes back to the table's reserve."""
        self.table(table)
        role = self.authorise(Op.RECORD_ROUNDS, by, "C", table)
        dice = self.dice_set(table)
        if die not in dice.lost:
            raise OpsError(
                Code.INVALID_STATE, N_("{die} is not lost at {table}", die=die, table=table)
            )
        data = {"table": table, "session": dice.session, "die": die}
        return self._eq_journal(
            "DIE_FOUND", data, by=by, role=role, table=table, session=dice.session
        )

    @projects("JNL.DIE_FOUND")
    def _eq_on_die_found(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.dice_sets[(d["table"], d["session"])].lost.remove(d["die"])
        self.equipment[d["die"]].state = EquipmentState.RESERVE

    # ------------------------------------------------------ export, destruction

    def _eq_disposal(self, op_id: str) -> DisposalOperation:
        found = self.disposals.get(op_id)
        if found is None:
            raise OpsError(Code.UNKNOWN_ENTITY, N_("no disposal operation {op_id!r}", op_id=op_id))
        return found

    def _eq_director_role(self, op: Op, by: str) -> Role:
        role = self.authorise(op, by)
        if role is not Role.DIR:
            raise OpsError(Code.PERMISSION_DENIED, N_("{by} may not record this operation", by=by))
        return role

    def _eq_check_notice(self, company: str, notice: dt.date, scheduled: dt.date) -> None:
        if not self._eq_company(company).licensed:
            raise OpsError(
                Code.COMPANY_NOT_J_LICENSED,
                N_("{company} holds no valid class J licence", company=company),
            )
        days = (scheduled - notice).days
        if days < self.config.disposal_notice_days:
            raise OpsError(
                Code.NOTICE_TOO_SHORT,
                N_(
                    "{days} days between the notice and the operation; "
                    "{disposal_notice_days} needed",
                    days=days,
                    disposal_notice_days=self.config.disposal_notice_days,
                ),
            )

    def schedule_disposal(
        self,
        kind: str,
        equipment_ids: Sequence[str],
        *,
        company: str,
        notice_date: dt.date,
        scheduled_date: dt.date,
        by: str,
        destination: str | None = None,
    ) -> DisposalOperation:
        """Record an export or destruction and the class J company's written notice to
        the CRAJ (OPS-EQ-10, -11): ``COMPANY_NOT_J_LICENSED``, ``NOTICE_TOO_SHORT``."""
        role = self._eq_director_role(Op.DISPOSAL, by)
        if kind not in DISPOSAL_TYPES:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{kind!r} is not EXPORT or DESTRUCTION", kind=kind)
            )
        self._eq_check_notice(company, notice_date, scheduled_date)
        if not equipment_ids or len(set(equipment_ids)) != len(equipment_ids):
            raise OpsError(Code.MALFORMED_REQUEST, N_("name each item once"))
        for equipment_id in equipment_ids:
            item = self._eq_item(equipment_id)
            if item.state in FINAL_STATES:
                raise OpsError(
                    Code.EQUIPMENT_DISPOSED, N_("{id} is {state}", id=item.id, state=item.state)
                )
            if item.disposal is not None:
                raise OpsError(
                    Code.INVALID_STATE,
                    N_("{id} is in {disposal}", id=item.id, disposal=item.disposal),
                )
            if item.state is EquipmentState.IN_SERVICE:
                raise OpsError(
                    Code.INVALID_STATE, N_("{id} is in service; withdraw it first", id=item.id)
                )
        op_id = f"DSP-{len(self.disposals) + 1:04d}"
        data = {
            "id": op_id,
            "type": kind,
            "equipment": list(equipment_ids),
            "company": company,
            "notice_date": notice_date.isoformat(),
            "scheduled_date": scheduled_date.isoformat(),
            "destination": destination,
        }
        self._eq_register("DISPOSAL_NOTIFIED", data, by=by, role=role)
        return self.disposals[op_id]

    @projects("EQR.DISPOSAL_NOTIFIED")
    def _eq_on_disposal(self, entry: Entry) -> None:
        d = entry.payload["data"]
        notice = dt.date.fromisoformat(d["notice_date"])
        scheduled = dt.date.fromisoformat(d["scheduled_date"])
        self.disposals[d["id"]] = DisposalOperation(
            id=d["id"],
            type=d["type"],
            equipment=tuple(d["equipment"]),
            company=d["company"],
            notice_date=notice,
            scheduled_date=scheduled,
            destination=d["destination"],
            notices=[(notice, scheduled)],
        )
        for equipment_id in d["equipment"]:
            self.equipment[equipment_id].disposal = d["id"]

    def renotify_disposal(
        self, op_id: str, *, notice_date: dt.date, scheduled_date: dt.date, by: str
    ) -> DisposalOperation:
        """A change of date: a new written notice, checked again (OPS-EQ-11)."""
        role = self._eq_director_role(Op.DISPOSAL, by)
        op = self._eq_disposal(op_id)
        if op.state != "NOTIFIED":
            raise OpsError(
                Code.INVALID_STATE, N_("{op_id} is {state}", op_id=op_id, state=op.state)
            )
        self._eq_check_notice(op.company, notice_date, scheduled_date)
        data = {
            "id": op_id,
            "notice_date": notice_date.isoformat(),
            "scheduled_date": scheduled_date.isoformat(),
        }
        self._eq_register("DISPOSAL_RENOTIFIED", data, by=by, role=role)
        return op

    @projects("EQR.DISPOSAL_RENOTIFIED")
    def _eq_on_renotified(self, entry: Entry) -> None:
        d = entry.payload["data"]
        op = self.disposals[d["id"]]
        op.notice_date = dt.date.fromisoformat(d["notice_date"])
        op.scheduled_date = dt.date.fromisoformat(d["scheduled_date"])
        op.notices.append((op.notice_date, op.scheduled_date))

    def complete_disposal(
        self,
        op_id: str,
        *,
        by: str,
        police: PoliceOfficer | None = None,
        acta_ref: str | None = None,
        transport_doc: str | None = None,
    ) -> DisposalOperation:
        """Close the operation today, the notified date (``DATE_MISMATCH_RENOTIFY``).

        A destruction needs the police officer (``POLICE_REQUIRED``) and the acta
        (``ACTA_REQUIRED``); it then shows ``ACTA_PENDING_DELIVERY`` until
        :meth:`record_acta_delivery`. An export needs its destination and transport
        document. Every item becomes ``EXPORTED`` or ``DESTROYED`` (OPS-EQ-12…14).
        """
        role = self._eq_director_role(Op.DISPOSAL, by)
        op = self._eq_disposal(op_id)
        if op.state != "NOTIFIED":
            raise OpsError(
                Code.INVALID_STATE, N_("{op_id} is {state}", op_id=op_id, state=op.state)
            )
        today = self._eq_today()
        if today != op.scheduled_date:
            raise OpsError(
                Code.DATE_MISMATCH_RENOTIFY,
                N_(
                    "{op_id} was notified for {scheduled_date}; a new notice is needed for {today}",
                    op_id=op_id,
                    scheduled_date=op.scheduled_date,
                    today=today,
                ),
            )
        if not self._eq_company(op.company).licensed:
            raise OpsError(
                Code.COMPANY_NOT_J_LICENSED,
                N_("{company} holds no valid class J licence", company=op.company),
            )
        if op.type == "DESTRUCTION":
            if police is None or not all((police.name, police.badge_no, police.authorisation_ref)):
                raise OpsError(
                    Code.POLICE_REQUIRED, N_("a destruction needs the police officer present")
                )
            if not acta_ref:
                raise OpsError(
                    Code.ACTA_REQUIRED, N_("a destruction needs the police acta reference")
                )
        elif not (op.destination and transport_doc):
            raise OpsError(
                Code.MISSING_FIELDS, N_("an export needs its destination and transport document")
            )
        data = {
            "id": op_id,
            "completed_on": today.isoformat(),
            "police": None if police is None else police.as_json(),
            "acta_ref": acta_ref,
            "transport_doc": transport_doc,
        }
        self._eq_register("DISPOSAL_COMPLETED", data, by=by, role=role)
        return op

    @projects("EQR.DISPOSAL_COMPLETED")
    def _eq_on_completed(self, entry: Entry) -> None:
        d = entry.payload["data"]
        op = self.disposals[d["id"]]
        op.state, op.completed_on = "COMPLETED", dt.date.fromisoformat(d["completed_on"])
        op.police = None if d["police"] is None else PoliceOfficer(**d["police"])
        op.acta_ref, op.transport_doc = d["acta_ref"], d["transport_doc"]
        final = EquipmentState.DESTROYED if op.type == "DESTRUCTION" else EquipmentState.EXPORTED
        for equipment_id in op.equipment:
            item = self.equipment[equipment_id]
            item.state, item.table, item.session = final, None, None

    def record_acta_delivery(self, op_id: str, *, delivered_on: dt.date, by: str) -> Entry:
        """The date the police acta reached the CRAJ (DIR, or the CRAJ on reception)."""
        role = self.authorise(Op.DISPOSAL, by)
        op = self._eq_disposal(op_id)
        if op.status != "ACTA_PENDING_DELIVERY" or op.completed_on is None:
            raise OpsError(
                Code.INVALID_STATE, N_("{op_id} has no acta awaiting delivery", op_id=op_id)
            )
        if delivered_on < op.completed_on:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("the acta cannot reach the CRAJ before the destruction")
            )
        data = {"id": op_id, "delivered_on": delivered_on.isoformat()}
        return self._eq_register("ACTA_DELIVERED", data, by=by, role=role)

    @projects("EQR.ACTA_DELIVERED")
    def _eq_on_acta(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.disposals[d["id"]].acta_delivered_on = dt.date.fromisoformat(d["delivered_on"])

    def cancel_disposal(self, op_id: str, *, by: str, reason: str) -> Entry:
        """Cancel a notified operation; its items are free again."""
        role = self._eq_director_role(Op.DISPOSAL, by)
        op = self._eq_disposal(op_id)
        if op.state != "NOTIFIED":
            raise OpsError(
                Code.INVALID_STATE, N_("{op_id} is {state}", op_id=op_id, state=op.state)
            )
        if not reason:
            raise OpsError(Code.MISSING_FIELDS, N_("a cancellation needs its reason"))
        return self._eq_register(
            "DISPOSAL_CANCELLED", {"id": op_id, "reason": reason}, by=by, role=role
        )

    @projects("EQR.DISPOSAL_CANCELLED")
    def _eq_on_cancelled(self, entry: Entry) -> None:
        op = self.disposals[entry.payload["data"]["id"]]
        op.state = "CANCELLED"
        for equipment_id in op.equipment:
            self.equipment[equipment_id].disposal = None

    def disposal_status(self, op_id: str) -> str:
        """``NOTIFIED``, ``ACTA_PENDING_DELIVERY``, ``COMPLETED`` or ``CANCELLED``."""
        return self._eq_disposal(op_id).status
