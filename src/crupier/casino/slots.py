"""The slot-machine books A46-A, A46-B and A46-C (operations spec §7.6, Art. 46).

``A46-A`` holds each machine's meter readings; ``A46-B`` one ``MONTHLY_METERS`` per
machine per month, generated from the first and last readings of the month;
``A46-C`` the ``MONTHLY_GGR_SUMMARY``, generated from ``A46-B`` and never typed in.
The cashier (count team) creates the entries, the game director approves them.

Each meter rolls over at ``meter_max + 1`` (OPS-SLT-03):

>>> rollover_delta(999_000_000, 3_000_000, 999_999_999)   # 9,990,000.00 -> 30,000.00
4000000
>>> ggr({"money_in": 12_000_000, "money_out": 9_500_000, "handpay": 500_000})
2000000
>>> month_text(2026, 3)
'2026-03'
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from crupier.casino.base import CasinoBase, parse_utc, projects
from crupier.casino.clock import TZ, utc_text
from crupier.casino.equipment import EquipmentOps, EquipmentType, journal_incident
from crupier.casino.errors import Code, OpsError
from crupier.casino.roles import Op, Role
from crupier.i18n import N_
from crupier.ledger import Entry

METERS = ("money_in", "money_out", "handpay")
#: Signatures every slot-book entry needs: the cashier who creates it, the director.
SLOT_SIGNATURES = ("CASHIER", "DIRECTOR")


def rollover_delta(opening: int, closing: int, meter_max: int) -> int:
    """The advance of a meter that wraps to 0 after ``meter_max``."""
    return (closing - opening) % (meter_max + 1)


def ggr(deltas: Mapping[str, int]) -> int:
    """Gross gaming revenue: ``Δin − Δout − Δhandpay`` (DEFAULT formula, OPS-SLT-03)."""
    return deltas["money_in"] - deltas["money_out"] - deltas["handpay"]


def month_text(year: int, month: int) -> str:
    """The month as the books name it."""
    return f"{year:04d}-{month:02d}"


def month_bounds(year: int, month: int) -> tuple[dt.datetime, dt.datetime]:
    """The first instant of the month and of the next one, local time, as UTC."""
    if not 1 <= month <= 12:
        raise OpsError(Code.MALFORMED_REQUEST, N_("no month {month}", month=month))
    start = dt.datetime(year, month, 1, tzinfo=TZ)
    end = dt.datetime(year + month // 12, month % 12 + 1, 1, tzinfo=TZ)
    return start.astimezone(dt.UTC), end.astimezone(dt.UTC)


@dataclass
class SlotMachine:
    """A paid slot machine in the slot books (§3.6 ``SlotMachine``)."""

    id: str
    machine_no: str
    room: str
    meter_max: int
    registered_at: dt.datetime
    readings: list[tuple[int, dt.datetime]] = field(default_factory=list)  # (seq, time)
    monthly: dict[str, int] = field(default_factory=dict)  # month -> seq of MONTHLY_METERS


@dataclass(frozen=True)
class MonthlyMeters:
    """A recorded ``MONTHLY_METERS`` entry and its warnings (``METER_DISCONTINUITY``)."""

    machine: str
    month: str
    entry: int
    warnings: tuple[str, ...] = ()


class SlotOps(CasinoBase):
    """Meter readings, monthly meters and the monthly GGR summary."""

    def _init_state(self) -> None:
        self.slot_machines: dict[str, SlotMachine] = {}
        self.slot_summaries: dict[str, int] = {}  # month -> seq of MONTHLY_GGR_SUMMARY

    def _slot_machine(self, machine_id: str) -> SlotMachine:
        found = self.slot_machines.get(machine_id)
        if found is None:
            raise OpsError(
                Code.UNKNOWN_ENTITY, N_("no slot machine {machine_id!r}", machine_id=machine_id)
            )
        return found

    def _slot_entry(
        self, book: str, etype: str, data: dict[str, Any], *, by: str, role: Role, **extra: Any
    ) -> Entry:
        return self.record(
            book,
            etype,
            data,
            by=by,
            role=role,
            purpose="CASHIER",
            required=SLOT_SIGNATURES,
            **extra,
        )

    def add_slot_machine(
        self, machine_id: str, *, machine_no: str, meter_max: int, by: str, room: str = "SLOTS"
    ) -> Entry:
        """Open the slot books of a machine. In the full casino the machine must be a
        serviceable ``SLOT_MACHINE`` of the equipment register (homologated model,
        licensed supplier)."""
        role = self.authorise(Op.EQUIPMENT, by)
        if machine_id in self.slot_machines:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_("{machine_id} is already in the slot books", machine_id=machine_id),
            )
        if isinstance(self, EquipmentOps):
            item = self.check_serviceable(machine_id)
            if item.type is not EquipmentType.SLOT_MACHINE:
                raise OpsError(
                    Code.MALFORMED_REQUEST,
                    N_("{machine_id} is not a slot machine", machine_id=machine_id),
                )
        if meter_max <= 0:
            raise OpsError(Code.MALFORMED_REQUEST, N_("meter_max must be positive"))
        data = {"id": machine_id, "machine_no": machine_no, "room": room, "meter_max": meter_max}
        return self.record("EQR", "SLOT_MACHINE", data, by=by, role=role, purpose="AUTHOR")

    @projects("EQR.SLOT_MACHINE")
    def _slot_on_slot_machine(self, entry: Entry) -> None:
        d = entry.payload["data"]
        at = parse_utc(entry.payload["event_time"])
        self.slot_machines[d["id"]] = SlotMachine(
            d["id"], d["machine_no"], d["room"], d["meter_max"], at
        )

    # ------------------------------------------------------------------ A46-A

    def record_machine_reading(
        self,
        machine_id: str,
        *,
        money_in: int,
        money_out: int,
        handpay: int,
        by: str,
        witness: str | None = None,
        hopper_fills: int = 0,
        drop_counted: int = 0,
        at: dt.datetime | None = None,
        late_reason: str | None = None,
    ) -> Entry:
        """Enter a meter reading in ``A46-A`` (OPS-SLT-01); amounts in cents."""
        role = self.authorise(Op.SLOT_BOOKS, by)
        machine = self._slot_machine(machine_id)
        meters = {"money_in": money_in, "money_out": money_out, "handpay": handpay}
        for name, value in meters.items():
            if not 0 <= value <= machine.meter_max:
                raise OpsError(
                    Code.MALFORMED_REQUEST,
                    N_("{name} {value} is outside the meter", name=name, value=value),
                )
        if hopper_fills < 0 or drop_counted < 0:
            raise OpsError(Code.MALFORMED_REQUEST, N_("amounts cannot be negative"))
        when = at or self.now()
        if machine.readings and when < machine.readings[-1][1]:
            raise OpsError(Code.MALFORMED_REQUEST, N_("readings are entered in time order"))
        if witness is not None:
            self._slot_check_slot_witness(by, witness)
        data = {
            "machine": machine_id,
            "machine_no": machine.machine_no,
            "reading_time": utc_text(when),
            "meters": meters,
            "hopper_fills": hopper_fills,
            "drop_counted": drop_counted,
            "reader": by,
            "witness": witness,
        }
        extra = {"event_time": when, "late_reason": late_reason}
        return self._slot_entry("A46-A", "MACHINE_READING", data, by=by, role=role, **extra)

    def _slot_check_slot_witness(self, by: str, witness: str) -> None:
        if witness == by:
            raise OpsError(Code.SAME_SIGNER, N_("the reader cannot be his own witness"))
        if witness not in self.staff or not self.valid_assignments(witness):
            raise OpsError(
                Code.PERMISSION_DENIED,
                N_("witness {witness!r} holds no current role", witness=witness),
            )

    @projects("A46-A.MACHINE_READING")
    def _slot_on_reading(self, entry: Entry) -> None:
        d = entry.payload["data"]
        at = parse_utc(d["reading_time"])
        self.slot_machines[d["machine"]].readings.append((entry.seq, at))

    # ------------------------------------------------------------------ A46-B

    def _slot_meters(self, seq: int) -> dict[str, Any]:
        data = self.effective(seq)
        return {"reading": seq, "at": data["reading_time"], "meters": dict(data["meters"])}

    def record_monthly_meters(
        self, machine_id: str, year: int, month: int, *, by: str
    ) -> MonthlyMeters:
        """Generate a machine's ``MONTHLY_METERS`` from its first and last readings of the
        month (OPS-SLT-02). If the opening reading differs from the machine's previous
        (closing) reading the entry is still recorded, flagged, with a
        ``METER_DISCONTINUITY`` incident in ``JNL``; the warning is returned."""
        role = self.authorise(Op.SLOT_BOOKS, by)
        machine = self._slot_machine(machine_id)
        name = month_text(year, month)
        start, end = month_bounds(year, month)
        if self.now() < end:
            raise OpsError(Code.INVALID_STATE, N_("{name} is not over", name=name))
        if name in machine.monthly:
            raise OpsError(
                Code.INVALID_STATE,
                N_(
                    "{machine_id} already has its meters for {name}",
                    machine_id=machine_id,
                    name=name,
                ),
            )
        inside = [seq for seq, at in machine.readings if start <= at < end]
        before = [seq for seq, at in machine.readings if at < start]
        if len(inside) < 2:
            raise OpsError(
                Code.INVALID_STATE,
                N_("{machine_id} needs an opening and a closing reading", machine_id=machine_id),
            )
        opening, closing = self._slot_meters(inside[0]), self._slot_meters(inside[-1])
        previous = self._slot_meters(before[-1]) if before else None
        broken = previous is not None and previous["meters"] != opening["meters"]
        data = {
            "machine": machine_id,
            "month": name,
            "meter_max": machine.meter_max,
            "opening": opening,
            "closing": closing,
            "previous_closing": previous,
            "discontinuity": broken,
        }
        entry = self._slot_entry("A46-B", "MONTHLY_METERS", data, by=by, role=role, year=year)
        if not broken:
            return MonthlyMeters(machine_id, name, entry.seq)
        journal_incident(
            self,
            "OTHER",
            table=None,
            description=f"{machine_id}: the {name} opening reading differs from the previous "
            "closing reading",
            decision="monthly meters recorded; meters to be checked",
            by=by,
            role=role,
            extra={"code": "METER_DISCONTINUITY", "machine": machine_id, "entry": entry.seq},
        )
        return MonthlyMeters(machine_id, name, entry.seq, ("METER_DISCONTINUITY",))

    @projects("A46-B.MONTHLY_METERS")
    def _slot_on_monthly(self, entry: Entry) -> None:
        d = entry.payload["data"]
        self.slot_machines[d["machine"]].monthly[d["month"]] = entry.seq

    # ------------------------------------------------------------------ A46-C

    def generate_monthly_ggr(self, year: int, month: int, *, by: str) -> Entry:
        """Generate the month's ``MONTHLY_GGR_SUMMARY`` from ``A46-B`` (OPS-SLT-04): one
        line per machine {Δin, Δout, Δhandpay, GGR} and the total. Every machine in the
        books before the month's end needs its ``MONTHLY_METERS`` first."""
        role = self.authorise(Op.SLOT_BOOKS, by)
        name = month_text(year, month)
        _, end = month_bounds(year, month)
        if name in self.slot_summaries:
            raise OpsError(
                Code.INVALID_STATE, N_("the {name} summary is already generated", name=name)
            )
        machines = [m for m in self.slot_machines.values() if m.registered_at < end]
        missing = sorted(m.id for m in machines if name not in m.monthly)
        if missing:
            raise OpsError(
                Code.INVALID_STATE,
                N_("monthly meters missing for {missing}", missing=", ".join(missing)),
                missing,
            )
        lines = [self._slot_ggr_line(m.monthly[name]) for m in sorted(machines, key=lambda m: m.id)]
        data = {"month": name, "lines": lines, "total": sum(line["ggr"] for line in lines)}
        return self._slot_entry("A46-C", "MONTHLY_GGR_SUMMARY", data, by=by, role=role, year=year)

    def _slot_ggr_line(self, monthly_seq: int) -> dict[str, Any]:
        d = self.effective(monthly_seq)
        deltas = {
            meter: rollover_delta(
                d["opening"]["meters"][meter], d["closing"]["meters"][meter], d["meter_max"]
            )
            for meter in METERS
        }
        return {
            "machine": d["machine"],
            "delta_in": deltas["money_in"],
            "delta_out": deltas["money_out"],
            "delta_handpay": deltas["handpay"],
            "ggr": ggr(deltas),
            "monthly_meters": monthly_seq,
        }

    @projects("A46-C.MONTHLY_GGR_SUMMARY")
    def _slot_on_summary(self, entry: Entry) -> None:
        self.slot_summaries[entry.payload["data"]["month"]] = entry.seq

    def slots_month_total(self, year: int, month: int) -> int | None:
        """The month's slot GGR total in cents (effective ``A46-C`` value, OPS-BK-21),
        or ``None`` while the summary is not generated (or annulled)."""
        seq = self.slot_summaries.get(month_text(year, month))
        if seq is None or self.annulled(seq):
            return None
        total: int = self.effective(seq)["total"]
        return total

    def approve_slot_entry(self, seq: int, *, by: str) -> Entry:
        """The game director signs a slot-book entry (OPS-SLT-05)."""
        self.authorise(Op.SLOT_BOOKS, by, "A")
        if not self.ledger.get(seq).kind.startswith("A46-"):
            raise OpsError(Code.MALFORMED_REQUEST, N_("entry {seq} is not in a slot book", seq=seq))
        return self.sign(seq, by, "DIRECTOR")
