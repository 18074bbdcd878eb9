"""The books of the operations spec §7, read from the ledger and exported as CSV, JSON or PDF.

A book is a view of the ledger: the entries of one book code, each with its
volume number, its signatures, its status and its red-ink corrections. The PDF
is laid out like a paper register: a header with the casino, the book and the
volume; numbered entries; signatures under each entry; corrections in red beside
the entry they correct, marked PENDING APPROVAL, APPROVED or REJECTED; page
numbers "page n of N"; the volume's CRAJ seal on the first page and, at the foot, the
checkpoint of what was printed (ledger seq and head hash, each volume's last number
and hash, in full). A43 is printed per table session as its register form (chip counts
by denomination, fills, credits, closing count, drop, the computed result), A45 as the
day's table of results with its totals, A56 as the tips counts by denomination.

Every export states the verification of what it prints (:func:`verify_books`): an
entry at or after the first broken one is marked NOT VERIFIED. JSON exports also carry
the raw ledger rows (seal, prev and entry hashes, casino and staff signatures, the key
entries) so that :func:`verify_export` can check them offline (OPS-INT-14).

>>> BOOK_TITLES["A43"]
'Banking-Games Float and Result Book'
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crupier.casino.book_values import data_value
from crupier.i18n import N_, language, ngettext, using
from crupier.i18n import gettext as _
from crupier.ledger import Entry, EntryView, Ledger, LedgerError
from crupier.ledger.checkpoint import InspectorCheckpoint, make_checkpoint

BOOK_TITLES: dict[str, str] = {
    "A43": N_("Banking-Games Float and Result Book"),
    "A44": N_("Circle-Games Result Book"),
    "A45": N_("Daily Results Summary Book"),
    "A46-A": N_("Per-Machine Accounts Book"),
    "A46-B": N_("Monthly Meter-Readings Book"),
    "A46-C": N_("Monthly Slot GGR Summary Book"),
    "A47": N_("Annual Information"),
    "A56": N_("Tips Special Account"),
    "A60": N_("Special Register of Observations"),
    "A61": N_("Register of Communications and Requests for Information"),
    "JNL": N_("Operational Journal"),
    "EQR": N_("Equipment Register"),
    "STF": N_("Staff, Licences and Appointments"),
    "PRM": N_("Promotions Register"),
    "CAS": N_("Casino Configuration"),
    "ACC": N_("Access Log"),
    "EVT": N_("Significant Events"),
}
"""Each book's title in English; the catalogues give the regulation's own names (Catalan:
A43 "Llibre registre de bestretes i resultats en els jocs de contrapartida"...)."""


def book_title(book: str) -> str:
    """The title of ``book`` in the language in force (the regulation's name in Catalan).

    >>> with using("ca"):
    ...     book_title("A60")
    "Registre especial d'observacions"
    """
    return _(BOOK_TITLES[book]) if book in BOOK_TITLES else book


#: Book codes the command line accepts, with what they select.
BOOK_ALIASES: dict[str, tuple[str, str | None]] = {}
FORMATS = ("csv", "json", "pdf")


@dataclass
class BookEntry:
    """One entry as the book prints it."""

    number: str  # "2026/12": volume and the volume's own sequence number
    seq: int  # the ledger's sequence number
    type: str
    local_time: str
    gaming_day: str | None
    table: str | None
    author: str
    data: dict[str, Any]
    signatures: list[str]
    status: str  # COMPLETE / INCOMPLETE
    annulled: bool
    late: bool
    hash: str
    corrections: list[dict[str, Any]] = field(default_factory=list)
    raw: Entry | None = None
    raw_signatures: list[Entry] = field(default_factory=list)
    verified: bool = True

    def as_json(self) -> dict[str, Any]:
        """JSON form, with the raw ledger rows that prove it (OPS-INT-14)."""
        return {
            "number": self.number,
            "seq": self.seq,
            "type": self.type,
            "local_time": self.local_time,
            "gaming_day": self.gaming_day,
            "table": self.table,
            "author": self.author,
            "data": self.data,
            "signatures": self.signatures,
            "status": "ANNULLED" if self.annulled else self.status,
            "late": self.late,
            "hash": self.hash,
            "corrections": self.corrections,
            "verified": self.verified,
            "ledger": None if self.raw is None else raw_row(self.raw),
            "signature_entries": [raw_row(s) for s in self.raw_signatures],
        }


def _in_period(
    payload: dict[str, Any], day: str | None, start: str | None, end: str | None
) -> bool:
    when = payload.get("gaming_day") or payload.get("local_time", "")[:10]
    if day is not None and when != day:
        return False
    if start is not None and when < start:
        return False
    return not (end is not None and when > end)


def read_book(
    ledger: Ledger,
    book: str,
    *,
    day: str | None = None,
    start: str | None = None,
    end: str | None = None,
    as_of: dt.datetime | None = None,
) -> list[BookEntry]:
    """The entries of ``book`` (optionally of one gaming day or a date range), in order.

    ``as_of`` is the time the A60 follow-up states are computed at (default: now).
    """
    code, only_type = BOOK_ALIASES.get(book, (book, None))
    signatures: dict[int, list[Entry]] = {}
    entries: list[Entry] = []
    for entry in ledger.entries():
        if entry.kind == "signature":
            signatures.setdefault(entry.payload["target"]["seq"], []).append(entry)
            continue
        p = entry.payload
        if not isinstance(p, dict) or p.get("book") != code or p.get("type") == "SEAL":
            continue
        if only_type is not None and p.get("type") != only_type:
            continue
        if _in_period(p, day, start, end):
            entries.append(entry)
    out: list[BookEntry] = []
    for entry in entries:
        view = ledger.current_view(entry.seq)
        out.append(_book_entry(entry, view, signatures.get(entry.seq, [])))
    if code == "A60":
        _follow_up_states(out, as_of or dt.datetime.now(dt.UTC))
    return out


def _follow_up_states(entries: list[BookEntry], at: dt.datetime) -> None:
    """Print each A60 item's follow-up state beside it (Art. 60: eight days, OVERDUE flag).

    States as OPS-REG-03 defines them, at the time of printing: PENDING, ANSWERED_ON_TIME,
    ANSWERED_LATE, OVERDUE; NOT_REQUIRED for a visit without items.
    """
    answers: dict[tuple[int, int], str] = {}
    for e in entries:
        if e.type == "FOLLOW_UP":
            ref = e.data.get("visit_entry", {})
            answers[(int(ref.get("ledger_seq", 0)), int(e.data["item_no"]))] = e.data["answered_at"]
    for e in entries:
        if e.type != "VISIT":
            continue
        items = e.data.get("items") or []
        if not items:
            e.data = {**e.data, "follow_up": "NOT_REQUIRED"}
            continue
        states = {}
        for item in items:
            due = item["followup_due_at"]
            answered = answers.get((e.seq, int(item["item_no"])))
            if answered is not None:
                states[str(item["item_no"])] = (
                    "ANSWERED_ON_TIME" if answered <= due else "ANSWERED_LATE"
                )
            else:
                now = at.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
                states[str(item["item_no"])] = "PENDING" if now <= due else "OVERDUE"
        e.data = {**e.data, "follow_up": states}


def _book_entry(entry: Entry, view: EntryView, sigs: list[Entry]) -> BookEntry:
    p = entry.payload
    needed = list(p.get("required_signatures") or [])
    for sig in sigs:
        if sig.payload["purpose"] in needed:
            needed.remove(sig.payload["purpose"])
    corrections = []
    for c in view.corrections:
        corrections.append(
            {
                "seq": c.entry.seq,
                "state": c.state,
                "by": f"{c.entry.actor.id} ({c.entry.actor.role})",
                "reason": c.entry.payload["reason"],
                "changes": [
                    {
                        "field": ch["field_path"].removeprefix("data."),
                        "old": ch["old_value"],
                        "new": ch["new_value"],
                    }
                    for ch in c.entry.payload["changes"]
                ],
                "decided_by": None
                if c.decision is None
                else f"{c.decision.actor.id} ({c.decision.actor.role})",
                "red_ink": True,
            }
        )
    return BookEntry(
        number=f"{p['volume']}/{p['book_seq']}",
        seq=entry.seq,
        type=p["type"],
        local_time=p["local_time"][:19].replace("T", " "),
        gaming_day=p.get("gaming_day"),
        table=p.get("table"),
        author=f"{entry.actor.id} ({entry.actor.role})",
        data=p["data"],
        signatures=[
            f"{s.payload['signer']['id']} ({s.payload['signer']['role']}, "
            f"{_purpose(s.payload['purpose'])}) {s.recorded_at[:19].replace('T', ' ')}Z"
            for s in sigs
        ],
        status="INCOMPLETE" if needed else "COMPLETE",
        annulled=view.status == "ANNULLED",
        late=bool(p.get("late")),
        hash=entry.hash,
        corrections=corrections,
        raw=entry,
        raw_signatures=list(sigs),
    )


SIGNATURE_PURPOSES: dict[str, str] = {
    "TABLE_CHIEF": N_("table chief"), "CASHIER": N_("cashier"), "COUNT": N_("count"),
    "CHANGER": N_("changer"), "DIRECTOR": N_("director"), "AUTHOR": N_("author"),
    "SEAL": N_("seal"),
}  # fmt: skip
"""What each signature of an entry attests, as the printed book names it (English: the code)."""


def _purpose(code: str) -> str:
    if language() == "en" or code not in SIGNATURE_PURPOSES:
        return code
    return _(SIGNATURE_PURPOSES[code])


def money(cents: int) -> str:
    """``1234567`` -> ``'12,345.67'``: two decimals, the separators of the language in force.

    >>> money(-450000)
    '-4,500.00'
    >>> with using("ca"):
    ...     money(-450000)
    '-4.500,00'
    """
    if language() != "en":
        from crupier.i18n.formats import amount

        return amount(cents)
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units:,}.{rest:02d}"


MONEY_KEYS = frozenset({
    "total", "amount", "result", "opening_float", "closing_float", "fills", "credits", "drop",
    "cagnotte", "rake", "banking_total", "circle_total", "tables_total", "month_to_date",
    "year_to_date", "tips_total", "needed", "journal_net", "house_net", "slots_month_total",
    "minimum", "maximum", "float", "stake", "payout", "win", "returned", "deposit", "balance",
    "contributions", "deduction", "payouts", "closing_balance", "variance", "cash_collected",
    "old_level", "new_level", "required", "ggr", "per_game",
})  # fmt: skip
"""Keys whose integer values are money in minor units (a mapping under ``per_game``)."""


ENTRY_TYPES: dict[str, str] = {
    "TABLE_OPENING": N_("table opening"), "TABLE_CLOSING": N_("table closing"),
    "FILL": N_("fill"), "CREDIT": N_("credit"), "DROP_COUNT": N_("drop count"),
    "SESSION_RESULT": N_("session result"), "ANNOUNCEMENT": N_("announcement"),
    "TEMP_CLOSURE": N_("temporary closure"), "REOPEN": N_("reopening"),
    "CHANGER_FILL": N_("changer fill"), "CHANGER_CREDIT": N_("changer credit"),
    "CAGNOTTE_COUNT": N_("cagnotte count"), "DAILY_SUMMARY": N_("daily summary"),
    "TIPS_COUNT": N_("tips count"), "TIPS_DAY_TOTAL": N_("tips day total"),
    "VISIT": N_("inspection visit"), "FOLLOW_UP": N_("follow-up"),
    "COMMUNICATION": N_("communication"), "REQUEST": N_("request for information"),
    "ANSWER": N_("answer"), "SEAL": N_("seal"),
}  # fmt: skip
"""The entry types of the books as the printed register names them (English: the type itself)."""
FIELD_LABELS: dict[str, str] = {
    "limits": N_("limits"), "minimum": N_("minimum"), "maximum": N_("maximum"),
    "reason": N_("reason"), "slip": N_("slip"), "total": N_("total"), "box": N_("box"),
    "seal": N_("seal"), "seal_intact": N_("seal intact"), "seal_found": N_("seal found"),
    "rounds": N_("rounds"), "text": N_("text"), "result": N_("result"), "mode": N_("mode"),
    "staff": N_("staff"), "amount": N_("amount"), "counted_at": N_("counted at"),
    "count": N_("count"), "opening_float": N_("opening float"),
    "closing_float": N_("closing float"), "fills": N_("fills"), "credits": N_("credits"),
    "drop": N_("drop"), "journal_net": N_("journal net"), "house_net": N_("house net"),
    "game": N_("game"), "table": N_("table"), "date": N_("date"), "items": N_("items"),
    "inspector": N_("inspector"), "follow_up": N_("follow-up"), "observations": N_("observations"),
    "kind": N_("kind"), "status": N_("status"), "wheel": N_("wheel"), "dice": N_("dice"),
    "void": N_("void"), "void_reason": N_("reason for voiding"), "then": N_("then"),
    "is_last_round_of_session": N_("last round of the session"), "by": N_("by"),
    "layouts": N_("layouts"), "multiples_of_min": N_("multiples of the minimum"),
}  # fmt: skip
"""Labels of the data fields a printed entry shows (English prints the field names themselves)."""


def _label(key: str) -> str:
    """A data field's label in the language in force."""
    if language() == "en" or key not in FIELD_LABELS:
        return key
    return _(FIELD_LABELS[key])


def entry_type(kind: str) -> str:
    """An entry type as the printed register names it.

    >>> entry_type("TABLE_OPENING")
    'TABLE OPENING'
    >>> with using("ca"):
    ...     entry_type("TABLE_OPENING")
    'OBERTURA DE TAULA'
    """
    if language() == "en" or kind not in ENTRY_TYPES:
        return kind.replace("_", " ")
    return _(ENTRY_TYPES[kind]).upper()


def _is_chip_count(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("chips"), dict) and "total" in value


def chip_count(value: dict[str, Any]) -> str:
    """A ``ChipCount`` as a person reads it; a total its chips do not make is flagged.

    >>> chip_count({"chips": {"100000": 20, "2500": 4}, "total": 2010000})
    '20,100.00 (20 x 1,000.00, 4 x 25.00)'
    >>> chip_count({"chips": {"100000": 1}, "total": 900000})
    '9,000.00 (1 x 1,000.00) CHIPS MAKE 1,000.00, NOT THE TOTAL'
    """
    chips = {int(d): int(q) for d, q in value["chips"].items()}
    lines = ", ".join(f"{q} x {money(d)}" for d, q in sorted(chips.items(), reverse=True))
    text = f"{money(int(value['total']))} ({lines})"
    made = sum(d * q for d, q in chips.items())
    if made != value["total"]:
        text += " " + _("CHIPS MAKE {made}, NOT THE TOTAL").format(made=money(made))
    return text


def readable(value: Any, key: str = "") -> str:
    """Any entry value as a person reads it: money as money, no brackets, no ``None``.

    >>> readable({"limits": {"minimum": 500, "maximum": 15000, "layouts": {}}, "mode": None})
    'limits: minimum 5.00, maximum 150.00'
    >>> readable([{"player": "P1", "spot": "red", "amount": 1000}])
    'P1 red 10.00'
    """
    if _is_chip_count(value):
        return chip_count(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int) and key in MONEY_KEYS:
        return money(value)
    if isinstance(value, dict):
        if set(value) <= {"player", "spot", "amount"} and "spot" in value:
            return " ".join(
                readable(value[k], k) for k in ("player", "spot", "amount") if k in value
            )
        money_map = key == "per_game"
        parts = []
        order = sorted(value, key=lambda k: (k != "minimum", k))  # a limit reads minimum first
        for k in order:
            v = value[k]
            if v is None or v == {} or v == [] or v == "":
                continue
            text = money(v) if money_map and isinstance(v, int) else readable(v, str(k))
            sep = " " if isinstance(v, (int, str)) and not isinstance(v, bool) else ": "
            parts.append(f"{_label(str(k))}{sep}{text}")
        return ", ".join(parts)
    if isinstance(value, list):
        return "; ".join(readable(v, key) for v in value)
    if isinstance(value, str):
        return data_value(value)  # a code (CASH, ORDINARY) in the reader's words
    return "" if value is None else str(value)


def summary(data: dict[str, Any]) -> str:
    """A one-line reading of an entry's data for the printed book (money as money).

    >>> summary({"chips": {"100000": 10}, "total": 1000000, "slip": "F-0001", "log": [1, 2]})
    'total: 10,000.00 (10 x 1,000.00); slip: F-0001; log: 2 actions'
    """
    parts = []
    if _is_chip_count(data):
        data = dict(data)
        parts.append(
            f"{_label('total')}: {chip_count({'chips': data.pop('chips'), 'total': data.pop('total')})}"
        )
    for key, value in data.items():
        if key == "log":
            parts.append(ngettext("log: {n} action", "log: {n} actions", len(value)).format(
                n=len(value)))  # fmt: skip
            continue
        if value is None or value == {} or value == [] or value == "":
            continue
        parts.append(f"{_label(key)}: {readable(value, key)}")
    return "; ".join(parts)


def change_value(field_path: str, value: Any) -> str:
    """One side of a red-ink change as a person reads it (money when the field is money).

    >>> change_value("total", 1000000), change_value("chips.100000", 10), change_value("slip", "F-1")
    ('10,000.00', '10', 'F-1')
    """
    last = field_path.rsplit(".", 1)[-1]
    if isinstance(value, int) and not isinstance(value, bool) and last in MONEY_KEYS:
        return money(value)
    return readable(value, last)


def _changes(c: dict[str, Any]) -> str:
    return ", ".join(
        f"{ch['field']}: {change_value(ch['field'], ch['old'])} -> {change_value(ch['field'], ch['new'])}"
        for ch in c["changes"]
    )


# ------------------------------------------------------------ verification


@dataclass(frozen=True)
class Verification:
    """The verification of the ledger a book is printed from, stated on every export."""

    ok: bool
    report: str
    trusted: str  # what the signatures were checked against
    first_bad_seq: int | None = None

    def covers(self, seq: int) -> bool:
        """Whether entry ``seq`` lies before the first broken entry (so it is verified)."""
        return self.ok or (self.first_bad_seq is not None and seq < self.first_bad_seq)

    def statement(self) -> str:
        """One line for the printed book."""
        if self.ok:
            return _("VERIFIED ({trusted}): {report}").format(trusted=_(self.trusted),
                                                              report=self.report)  # fmt: skip
        return _("NOT VERIFIED - THE BOOKS ARE BROKEN ({trusted}): {report}; entries from ledger "
                 "seq {seq} on are not proven").format(trusted=_(self.trusted), report=self.report,
                                                       seq=self.first_bad_seq)  # fmt: skip

    def as_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"ok": self.ok, "report": self.report, "checked_against": self.trusted,
                "first_bad_seq": self.first_bad_seq}  # fmt: skip


def verify_books(ledger: Ledger, keys: Sequence[Any] | None = None) -> Verification:
    """Verify the whole ledger under a book: against ``keys`` (trusted casino public keys),
    or, without them, against the genesis key the database itself names, which proves
    the chain intact but not who wrote it (a rewritten database would pass)."""
    from crupier.ledger.keys import key_id, public_key_from_b64
    from crupier.ledger.verify import verify

    if keys:
        trusted = _("against the casino key {keys}").format(keys=", ".join(key_id(k) for k in keys))
        use = list(keys)
    else:
        trusted = N_("against the database's own genesis key only: no trusted key given")
        try:
            genesis = ledger.get(1).payload
            use = [public_key_from_b64(genesis["public_key"])] if isinstance(genesis, dict) else []
        except (LedgerError, KeyError, TypeError, ValueError):
            use = []
    report = verify(ledger.url, use)
    return Verification(report.ok, report_text(report), trusted, report.first_bad_seq)


def report_text(report: Any) -> str:
    """A ledger verification report (:class:`crupier.ledger.verify.VerifyReport`) in the
    language in force; its reason codes stay as they are."""
    if language() == "en":
        return str(report)
    if report.ok:
        text = _("OK: {n} entries, head {seq} {hash}").format(
            n=report.entries, seq=report.head_seq, hash=report.head_hash
        )
        if report.roots:
            text += " " + _("(root keys taken on trust: {roots})").format(
                roots=", ".join(report.roots)
            )
        return str(text)
    return _("BROKEN at seq {seq}: {reason} ({detail})").format(
        seq=report.first_bad_seq, reason=report.reason, detail=report.detail
    )


def raw_row(entry: Entry) -> dict[str, Any]:
    """The stored ledger row of ``entry``: everything needed to re-check its hash and signature."""
    return {
        "seq": entry.seq, "recorded_at": entry.recorded_at, "kind": entry.kind,
        "actor": entry.actor.as_json(), "payload": entry.payload, "prev_hash": entry.prev_hash,
        "hash": entry.hash, "key_id": entry.key_id, "signature": entry.signature,
        "ref_seq": entry.ref_seq,
    }  # fmt: skip


def _entry_of(row: dict[str, Any]) -> Entry:
    from crupier.ledger import Actor

    return Entry(
        seq=int(row["seq"]), recorded_at=str(row["recorded_at"]), kind=str(row["kind"]),
        actor=Actor(str(row["actor"]["id"]), str(row["actor"]["role"])), payload=row["payload"],
        prev_hash=str(row["prev_hash"]), hash=str(row["hash"]), key_id=str(row["key_id"]),
        signature=str(row["signature"]), ref_seq=row.get("ref_seq"),
    )  # fmt: skip


@dataclass(frozen=True)
class ExportReport:
    """The outcome of :func:`verify_export`."""

    ok: bool
    entries: int
    seq: int | None = None
    reason: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        if self.ok:
            return f"OK: the export's {self.entries} entries verify offline"
        return f"BROKEN at seq {self.seq}: {self.reason} ({self.detail})"

    def as_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"ok": self.ok, "entries": self.entries, "seq": self.seq, "reason": self.reason,
                "detail": self.detail}  # fmt: skip


class _Bad(Exception):
    def __init__(self, seq: int | None, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.seq, self.reason, self.detail = seq, reason, detail


def verify_export(doc: dict[str, Any], keys: Sequence[Any]) -> ExportReport:
    """Check a JSON book export offline against the trusted casino ``keys`` (OPS-INT-14).

    Every row's hash is recomputed and its casino signature checked (keys introduced by a
    verified rotation are trusted too); every staff signature verifies with a key the
    export's key entries register to that person; each volume's own chain links from its
    seal through the entries present; and what is printed (number, type, data, hash)
    is what the signed rows say. It proves the printed entries authentic, not that the
    ledger around them is complete: for that, verify the database with a checkpoint.
    """
    try:
        entries = _check_export(doc, keys)
    except _Bad as bad:
        return ExportReport(False, 0, bad.seq, bad.reason, bad.detail)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        return ExportReport(False, 0, None, "bad-export", f"malformed export: {err!r}")
    return ExportReport(True, entries)


def _check_export(doc: dict[str, Any], keys: Sequence[Any]) -> int:
    from crupier.ledger.canonical import digest
    from crupier.ledger.keys import (
        key_id,
        public_key_from_b64,
        rotation_statement,
        unb64,
        verify_signature,
    )

    trusted = {key_id(k): k for k in keys}
    staff: dict[str, tuple[str, Any]] = {}

    def check_row(row: dict[str, Any]) -> Entry:
        e = _entry_of(row)
        if digest(e.content()) != e.hash:
            raise _Bad(e.seq, "hash-mismatch", "the row's hash is not the hash of its content")
        public = trusted.get(e.key_id)
        if public is None:
            raise _Bad(e.seq, "unknown-key", f"signed by {e.key_id}, not a trusted casino key")
        if not verify_signature(public, unb64(e.signature), bytes.fromhex(e.hash)):
            raise _Bad(e.seq, "bad-signature", f"casino signature by {e.key_id} does not verify")
        return e

    for row in sorted(doc["keys"], key=lambda r: int(r["seq"])):
        e = check_row(row)
        p = e.payload
        assert isinstance(p, dict)
        if e.kind == "key.rotated":
            new = public_key_from_b64(p["new_public_key"])
            statement = rotation_statement(e.key_id, key_id(new), e.prev_hash)
            if not verify_signature(new, unb64(p["proof"]), statement):
                raise _Bad(e.seq, "bad-rotation", "the new key's proof of possession fails")
            trusted[key_id(new)] = new
        elif e.kind == "key.registered":
            staff[str(p["key_id"])] = (str(p["staff_id"]), public_key_from_b64(p["public_key"]))

    def check_signatures(target: Entry, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            sig = check_row(row)
            p = sig.payload
            assert isinstance(p, dict)
            if p["target"] != {"seq": target.seq, "hash": target.hash}:
                raise _Bad(sig.seq, "bad-reference", f"not a signature of entry {target.seq}")
            owner = staff.get(str(p["key_id"]))
            if owner is None or owner[0] != p["signer"]["id"]:
                raise _Bad(
                    sig.seq, "unknown-key", f"{p['key_id']} is not {p['signer']['id']}'s key"
                )
            if not verify_signature(owner[1], unb64(p["signature"]), bytes.fromhex(target.hash)):
                raise _Bad(sig.seq, "bad-cosignature", f"the signature of entry {target.seq} fails")

    chains: dict[tuple[str, int], dict[int, Entry]] = {}
    for seal in doc.get("seals", []):
        e = check_row(seal["ledger"])
        check_signatures(e, seal["signature_entries"])
        p = e.payload
        assert isinstance(p, dict)
        chains.setdefault((str(p["book"]), int(p["volume"])), {})[0] = e
    for printed in doc["entries"]:
        e = check_row(printed["ledger"])
        check_signatures(e, printed["signature_entries"])
        p = e.payload
        assert isinstance(p, dict)
        data = {k: v for k, v in printed["data"].items() if k != "follow_up"}
        shown = (printed["number"], printed["type"], printed["hash"], data)
        if shown != (f"{p['volume']}/{p['book_seq']}", p["type"], e.hash, p["data"]):
            raise _Bad(e.seq, "not-as-signed", "the printed entry differs from its signed row")
        chains.setdefault((str(p["book"]), int(p["volume"])), {})[int(p["book_seq"])] = e
    for (book, volume), numbered in chains.items():
        for number, e in numbered.items():
            before = numbered.get(number - 1)
            p = e.payload
            if (
                number
                and before is not None
                and isinstance(p, dict)
                and p["book_prev"] != before.hash
            ):
                raise _Bad(
                    e.seq,
                    "volume-chain",
                    f"{book} {volume} No. {number} does not follow No. {number - 1}",
                )
    return len(doc["entries"])


# ------------------------------------------------------------ CSV and JSON


def to_json(entries: Iterable[BookEntry], book: str, meta: dict[str, Any]) -> str:
    """The book as JSON: title, selection, verification, checkpoint, seals, keys and entries."""
    return json.dumps(
        {
            "book": book,
            "title": BOOK_TITLES.get(book, book),
            **meta,
            "entries": [e.as_json() for e in entries],
        },
        indent=2,
        ensure_ascii=False,
    )


CSV_COLUMNS = (
    "number", "seq", "type", "local_time", "gaming_day", "table", "author", "status",
    "details", "signatures", "red_ink", "hash", "verification",
)  # fmt: skip
CSV_HEADINGS: dict[str, str] = {
    "number": N_("No."), "seq": N_("ledger seq"), "type": N_("entry"),
    "local_time": N_("local time"), "gaming_day": N_("gaming day"), "table": N_("table"),
    "author": N_("author"), "status": N_("status"), "details": N_("details"),
    "signatures": N_("signatures"), "red_ink": N_("red ink"), "hash": N_("hash"),
    "verification": N_("verification"),
}  # fmt: skip
"""The headings a person reads over :data:`CSV_COLUMNS` (in English the columns' own names)."""


def to_csv(entries: Iterable[BookEntry], verification: Verification | None = None) -> str:
    """The book as CSV: one row per entry, then one red-ink row per correction under it.

    The ``verification`` column of every row states whether that row is proven by the
    verification of the ledger (``VERIFIED``) or lies at or after its first broken entry.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    english = language() == "en"
    writer.writerow(CSV_COLUMNS if english else [_(CSV_HEADINGS[c]) for c in CSV_COLUMNS])

    def state(seq: int) -> str:
        if verification is None:
            return ""
        if verification.covers(seq):
            return _("VERIFIED")
        return _("NOT VERIFIED: {report}").format(report=verification.report)

    for e in entries:
        writer.writerow(
            [
                e.number, e.seq, e.type, e.local_time, e.gaming_day or "", e.table or "",
                e.author, "ANNULLED" if e.annulled else e.status, summary(e.data),
                " | ".join(e.signatures), "", e.hash, state(e.seq),
            ]
        )  # fmt: skip
        for c in e.corrections:
            writer.writerow(
                [
                    _("{number} correction").format(number=e.number), c["seq"], "CORRECTION", "",
                    e.gaming_day or "", e.table or "", c["by"], c["state"],
                    _("{changes} (reason: {reason})").format(changes=_changes(c), reason=c["reason"]),
                    c["decided_by"] or "", _("yes"), "", state(c["seq"]),
                ]
            )  # fmt: skip
    return out.getvalue()


_TYPOGRAPHY = str.maketrans({"\u2019": "'", "\u2018": "'", "\u202f": "\xa0", "\u2014": "-",
                             "\u2013": "-", "\u201c": '"', "\u201d": '"', "\u20ac": "EUR"})  # fmt: skip


def _latin(text: str) -> str:
    """``text`` in the PDF core fonts' Latin-1: typographic apostrophes and spaces become their
    plain forms (Catalan, Spanish and French letters are all in Latin-1)."""
    return text.translate(_TYPOGRAPHY).encode("latin-1", "replace").decode("latin-1")


_RED = (200, 0, 0)


def to_pdf(
    entries: list[BookEntry],
    book: str,
    meta: dict[str, Any],
    verification: Verification | None = None,
    checkpoint: InspectorCheckpoint | None = None,
    seals: Sequence[Entry] = (),
) -> bytes:
    """The book as a printable register (A4 landscape): its form, seal, verification and checkpoint."""
    from fpdf import FPDF

    title = book_title(book)
    casino = str(meta.get("casino", ""))
    selection = str(meta.get("selection", ""))

    class Register(FPDF):
        def header(self) -> None:
            self.set_text_color(0, 0, 0)
            self.set_font("Helvetica", "B", 12)
            self.cell(0, 7, _latin(f"{casino} - {book} {title}"), new_x="LMARGIN", new_y="NEXT")
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, _latin(selection), new_x="LMARGIN", new_y="NEXT")
            self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
            self.ln(2)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_text_color(0, 0, 0)
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 6, _latin(_("{book} - page {page} of {pages}").format(
                book=book, page=self.page_no(), pages="{nb}")), align="C")  # fmt: skip

    pdf = Register(orientation="L", unit="mm", format="A4")
    pdf.alias_nb_pages()
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    form = _Form(pdf, verification)
    form.front(seals, verification)
    if not entries:
        pdf.set_font("Helvetica", "I", 10)
        pdf.cell(0, 8, _latin(_("No entries in this selection.")), new_x="LMARGIN", new_y="NEXT")
    elif book in ("A43", "A44"):
        form.sessions(entries)
    elif book == "A45":
        form.daily_summaries(entries)
    elif book == "A56":
        form.tips(entries)
    else:
        form.entries(entries)
    if checkpoint is not None:
        form.checkpoint(checkpoint, book)
    return bytes(pdf.output())


class _Form:
    """The pieces of a printed register, written onto one FPDF document."""

    def __init__(self, pdf: Any, verification: Verification | None) -> None:
        self.pdf = pdf
        self.verification = verification
        self.width = pdf.w - pdf.l_margin - pdf.r_margin

    def text(self, text: str, size: float = 8, style: str = "", color: tuple[int, int, int] = (0, 0, 0),
             height: float = 4) -> None:  # fmt: skip
        self.pdf.set_text_color(*color)
        self.pdf.set_font("Helvetica", style, size)
        self.pdf.multi_cell(self.width, height, _latin(text), align="L", new_x="LMARGIN",
                            new_y="NEXT")  # fmt: skip
        self.pdf.set_text_color(0, 0, 0)

    def front(self, seals: Sequence[Entry], verification: Verification | None) -> None:
        """The volume's CRAJ seal and the verification of what is printed."""
        for seal in seals:
            p = seal.payload
            assert isinstance(p, dict)
            d = p["data"]
            self.text(
                _("CRAJ SEAL of volume {volume}: seal No. {number} by {inspector} on {time} "
                  "(ledger seq {seq}, hash {hash})").format(
                    volume=p["volume"], number=d.get("seal_number"), inspector=d.get("inspector"),
                    time=str(p.get("local_time", ""))[:16].replace("T", " "), seq=seal.seq,
                    hash=seal.hash), 9, "B",
            )  # fmt: skip
        if verification is not None:
            color = (0, 110, 0) if verification.ok else _RED
            self.text(verification.statement(), 9, "B", color)
        self.pdf.ln(2)

    def status(self, e: BookEntry) -> tuple[str, bool]:
        """The status cell of an entry, and whether it must print in red."""
        if self.verification is not None and not self.verification.covers(e.seq):
            return _("NOT VERIFIED"), True
        if e.annulled:
            return _("ANNULLED"), True
        status = _("COMPLETE") if e.status == "COMPLETE" else _("INCOMPLETE")
        return status + (" " + _("LATE") if e.late else ""), e.status != "COMPLETE"

    def table(self, headings: Sequence[str], widths: Sequence[float],
              rows: Sequence[tuple[Sequence[str], bool]], size: float = 7,
              right: Sequence[int] = ()) -> None:  # fmt: skip
        """A ruled table; each row is (cells, red); the columns in ``right`` (money) align right."""
        from fpdf.fonts import FontFace

        pdf = self.pdf
        pdf.set_font("Helvetica", "", size)
        red = FontFace(color=_RED)
        with pdf.table(col_widths=tuple(widths), width=self.width, line_height=size * 0.5,
                       text_align=tuple("RIGHT" if i in right else "LEFT"
                                        for i in range(len(widths))),
                       first_row_as_headings=True,
                       headings_style=FontFace(emphasis="BOLD", fill_color=(225, 225, 225)),
                       padding=0.8) as table:  # fmt: skip
            head = table.row()
            for h in headings:
                head.cell(_latin(h))
            for cells, is_red in rows:
                row = table.row()
                for cell in cells:
                    row.cell(_latin(cell), style=red if is_red else None)
        pdf.ln(2)

    def entry_rows(self, entries: Iterable[BookEntry], detail: Any = None
                   ) -> list[tuple[Sequence[str], bool]]:  # fmt: skip
        """Rows of the entries table: each entry, then its red-ink corrections."""
        rows: list[tuple[Sequence[str], bool]] = []
        for e in entries:
            status, red = self.status(e)
            text = detail(e) if detail is not None else summary(e.data)
            rows.append(([e.number, e.local_time[5:16], entry_type(e.type), e.table or "",
                          _("{details} (by {author})").format(details=text, author=e.author),
                          "\n".join(_signature_lines(e)), status],
                         red and e.status != "INCOMPLETE"))  # fmt: skip
            for c in e.corrections:
                label = _(CORRECTION_STATES.get(c["state"], c["state"]))
                decided = (_("decided by {who}").format(who=c["decided_by"])
                           if c["decided_by"] else "")  # fmt: skip
                rows.append(([f"{e.number}", "", _("RED INK CORRECTION"), e.table or "",
                              _("{changes}. Reason: {reason} (by {who}, ledger {seq})").format(
                                  changes=_changes(c), reason=c["reason"], who=c["by"],
                                  seq=c["seq"]),
                              decided, label], True))  # fmt: skip
        return rows

    ENTRY_HEAD = (N_("No."), N_("Time"), N_("Entry"), N_("Table"), N_("Details"),
                  N_("Signatures"), N_("Status"))  # fmt: skip
    ENTRY_WIDTHS = (16, 20, 30, 14, 117, 58, 22)

    def entry_head(self) -> list[str]:
        """The headings of the generic register, in the language in force."""
        return [_(h) for h in self.ENTRY_HEAD]

    def entries(self, entries: list[BookEntry]) -> None:
        """The generic register: one ruled row per entry."""
        self.table(self.entry_head(), self.ENTRY_WIDTHS, self.entry_rows(entries))

    def sessions(self, entries: list[BookEntry]) -> None:
        """A43/A44: one form per table session (chip counts by denomination, the result)."""
        groups: dict[str, list[BookEntry]] = {}
        loose: list[BookEntry] = []
        for e in entries:
            ts = e.data.get("table_session")
            (groups.setdefault(ts, []) if isinstance(ts, str) else loose).append(e)
        for ts, group in groups.items():
            self.session(ts, group)
        if loose:
            self.text(_("Other entries"), 10, "B", height=6)
            self.entries(loose)

    def session(self, ts: str, group: list[BookEntry]) -> None:
        """The form of one table session."""
        opening = next((e for e in group if e.type == "TABLE_OPENING"), None)
        first = group[0]
        from crupier.i18n.names import game_name

        game = str(opening.data.get("game", "")) if opening else ""
        self.text(_("Table {table} - {game} - table session {session} - gaming day {day}").format(
            table=first.table, game=game_name(game, game) if game else "", session=ts,
            day=first.gaming_day or ""), 10, "B", height=6)  # fmt: skip
        if opening is not None:
            d = opening.data
            facts = [_("opened {time} by {author}").format(time=opening.local_time[11:16],
                                                           author=opening.author)]  # fmt: skip
            if d.get("limits"):
                facts.append(_("limits {limits}").format(limits=readable(d["limits"])))
            if d.get("mode"):
                facts.append(_("mode {mode}").format(mode=d["mode"]))
            if d.get("staff"):
                facts.append(_("staff {staff}").format(
                    staff=", ".join(f"{k} {v}" for k, v in d["staff"].items())))  # fmt: skip
            if d.get("bank_key"):
                facts.append(_("bank key {key}").format(key=readable(d["bank_key"])))
            if d.get("boxes"):
                facts.append(_("boxes {boxes}").format(boxes=readable(d["boxes"])))
            self.text("; ".join(facts))
        counts: list[tuple[str, dict[str, Any]]] = []
        for e in group:
            label = COUNT_LABELS.get(e.type)
            cc = e.data.get("float") if e.type in ("TABLE_OPENING", "TABLE_CLOSING") else e.data
            if label is None or not isinstance(cc, dict) or not _is_chip_count(cc):
                continue
            ref = e.data.get("slip") or e.data.get("box") or ""
            counts.append((f"{_(label)} {ref}\n{_('No.')} {e.number}".replace(" \n", "\n"), cc))
        if counts:
            denominations = sorted({int(d) for _c, cc in counts for d in cc["chips"]}, reverse=True)
            rows: list[tuple[Sequence[str], bool]] = []
            for den in denominations:
                rows.append(([money(den)] + [str(cc["chips"].get(str(den), "")) for _c, cc in counts],
                             False))  # fmt: skip
            totals = [_("Total")]
            bad = False
            for _c, cc in counts:
                made = sum(int(k) * int(q) for k, q in cc["chips"].items())
                totals.append(
                    money(int(cc["total"]))
                    + (
                        ""
                        if made == cc["total"]
                        else " " + _("(chips make {made}!)").format(made=money(made))
                    )
                )
                bad = bad or made != cc["total"]
            rows.append((totals, bad))
            n = len(counts)
            width = min(40.0, (self.width - 30) / n)
            self.table([_("Denomination")] + [c for c, _cc in counts], [30] + [width] * n, rows,
                       right=range(n + 1))  # fmt: skip
        result = next((e for e in group if e.type == "SESSION_RESULT"), None)
        if result is not None:
            d = result.data
            if "closing_float" in d:
                line = _("Result = closing float {closing} + credits {credits} + drop {drop} - "
                         "opening float {opening} - fills {fills} = {result}").format(
                    closing=money(d["closing_float"]), credits=money(d["credits"]),
                    drop=money(d["drop"]), opening=money(d["opening_float"]),
                    fills=money(d["fills"]), result=money(d["result"]))  # fmt: skip
            else:
                line = _("Result = {result} ({details})").format(result=money(d["result"]),
                                                                 details=readable(d))  # fmt: skip
            if "journal_net" in d:
                line += "   " + _("(journal: house net {net})").format(net=money(d["journal_net"]))
            status, red = self.status(result)
            signed = _("signed: {signatures}").format(
                signatures="; ".join(_signature_lines(result))
            )
            self.text(f"{line}   {signed}   {status}", 9, "B", _RED if red else (0, 0, 0))
        self.table(self.entry_head(), self.ENTRY_WIDTHS, self.entry_rows(group, _brief))
        self.pdf.ln(2)

    def daily_summaries(self, entries: list[BookEntry]) -> None:
        """A45: the day's results per table and game, the totals, month and year to date."""
        from crupier.i18n.names import game_name

        for e in entries:
            if e.type != "DAILY_SUMMARY":
                self.entries([e])
                continue
            d = e.data
            status, red = self.status(e)
            self.text(_("Gaming day {day} - No. {number} - {status}").format(
                day=d.get("date", e.gaming_day), number=e.number, status=status), 10,
                "B", _RED if red else (0, 0, 0), height=6)  # fmt: skip
            rows: list[tuple[Sequence[str], bool]] = [
                (
                    [
                        line["table"],
                        game_name(line["game"], line["game"]),
                        line["session"],
                        money(line["result"]),
                    ],
                    False,
                )
                for line in d.get("lines", [])
            ]
            for game, total in d.get("per_game", {}).items():
                n = d.get("tables_per_game", {}).get(game, "")
                opened = (ngettext("{n} table opened", "{n} tables opened", n).format(n=n)
                          if isinstance(n, int) else "")  # fmt: skip
                rows.append(([_("Total {game}").format(game=game_name(game, game)), opened, "",
                              money(total)], False))  # fmt: skip
            for key, label in SUMMARY_TOTALS:
                if key in d:
                    rows.append(([_(label), "", "", money(d[key])], False))
            self.table((_("Table"), _("Game"), _("Session"), _("Result")), (60, 70, 60, 87), rows,
                       8, right=(3,))  # fmt: skip
            self.text(_("Signatures: {signatures}").format(
                signatures="; ".join(_signature_lines(e)) or _("none")))  # fmt: skip
            for row in self.entry_rows([e])[1:]:
                self.text(" ".join(row[0][4:7]), color=_RED)
            self.pdf.ln(3)

    def tips(self, entries: list[BookEntry]) -> None:
        """A56: each tip box count by denomination, its share of the day, the day's total."""
        from crupier.i18n.formats import percent

        day_totals = {
            e.gaming_day: e.data.get("total") for e in entries if e.type == "TIPS_DAY_TOTAL"
        }
        rows: list[tuple[Sequence[str], bool]] = []
        for e in entries:
            status, red = self.status(e)
            sigs = "\n".join(_signature_lines(e))
            if e.type == "TIPS_COUNT":
                d = e.data
                chips = ", ".join(f"{q} x {money(int(k))}" for k, q in
                                  sorted(d.get("chips", {}).items(), key=lambda kv: -int(kv[0])))  # fmt: skip
                day = day_totals.get(e.gaming_day)
                share = percent(d["total"] / day, digits=1) if isinstance(day, int) and day else ""
                rows.append(([e.number, e.local_time[5:16], e.table or "", d.get("box", ""),
                              d.get("seal", ""), chips, chip_count(d).split(" (")[0], share, sigs,
                              status], red))  # fmt: skip
            else:
                rows.append(([e.number, e.local_time[5:16], "", "", "",
                              _("DAY TOTAL {day}").format(day=e.gaming_day),
                              money(int(e.data.get("total", 0))), percent(1, digits=0), sigs,
                              status], red))  # fmt: skip
            for c in e.corrections:
                rows.append(([e.number, "", "", "", "",
                              _("RED INK: {changes} ({reason})").format(changes=_changes(c),
                                                                        reason=c["reason"]),
                              "", "", c["decided_by"] or "",
                              _(CORRECTION_STATES.get(c["state"], c["state"]))], True))  # fmt: skip
        self.table((_("No."), _("Time"), _("Table"), _("Tip box"), _("Seal"),
                    _("Count by denomination"), _("Total"), _("Share of day"), _("Signatures"),
                    _("Status")),
                   (16, 20, 14, 22, 24, 55, 22, 18, 64, 22), rows, right=(6, 7))  # fmt: skip
        self.text(_(
            "Tips are counted after the end of the gaming hours and enter no result "
            "(OPS-TIP-02, -04); no manager takes part in their distribution (OPS-TIP-05)."
        ))  # fmt: skip

    def checkpoint(self, checkpoint: InspectorCheckpoint, book: str) -> None:
        """The foot of the volume: the checkpoint of what was printed, hashes in full."""
        self.pdf.ln(3)
        self.text(_("CHECKPOINT OF THIS PRINTING (keep it: crupier verify --checkpoint proves "
                    "nothing before it was later removed or changed)"), 8, "B")  # fmt: skip
        self.text(_("Taken {time}: ledger seq {seq}, head hash {hash}").format(
            time=checkpoint.made_at, seq=checkpoint.seq, hash=checkpoint.hash), 7)  # fmt: skip
        for v in checkpoint.volumes:
            if v.book == book:
                self.text(_("{book} volume {volume}: last No. {last} (ledger seq {seq}), "
                            "hash {hash}").format(book=v.book, volume=v.volume, last=v.last,
                                                  seq=v.seq, hash=v.hash), 7)  # fmt: skip


CORRECTION_STATES: dict[str, str] = {
    "PENDING": N_("PENDING APPROVAL"), "APPROVED": N_("APPROVED"), "REJECTED": N_("REJECTED"),
}  # fmt: skip
COUNT_LABELS: dict[str, str] = {
    "TABLE_OPENING": N_("Opening float"), "TABLE_CLOSING": N_("Closing float"),
    "FILL": N_("Fill"), "CREDIT": N_("Credit"), "DROP_COUNT": N_("Drop"),
    "CHANGER_FILL": N_("Changer fill"), "CHANGER_CREDIT": N_("Changer credit"),
    "CAGNOTTE_COUNT": N_("Cagnotte"),
}  # fmt: skip
"""The columns of a table session's count form (A43/A44), by entry type."""
SUMMARY_TOTALS: tuple[tuple[str, str], ...] = (
    ("banking_total", N_("Banking games total")),
    ("circle_total", N_("Circle games total")),
    ("tables_total", N_("TABLES TOTAL (banking + circle)")),
    ("month_to_date", N_("Month to date")),
    ("year_to_date", N_("Year to date")),
    ("slots_month_total", N_("Slots, month total (not in the tables total)")),
    ("tips_total", N_("Tips of the day (information only, in no total)")),
)
"""The total lines of the A45 daily summary, in its order."""


def _brief(e: BookEntry) -> str:
    """The details of an entry in a session form, where the chip counts are in the table above."""
    data = {k: v for k, v in e.data.items()
            if k not in ("table_session", "chips", "float", "game", "log")}  # fmt: skip
    if e.type == "TABLE_OPENING":
        data = {k: v for k, v in data.items() if k in ("limits",)}
    if e.type == "SESSION_RESULT":
        data = {"result": data.get("result")}
    return summary(data)


def _signature_lines(e: BookEntry) -> list[str]:
    return e.signatures


def export(
    ledger: Ledger,
    book: str,
    fmt: str,
    *,
    day: str | None = None,
    start: str | None = None,
    end: str | None = None,
    casino: str | None = None,
    keys: Sequence[Any] | None = None,
    lang: str | None = None,
) -> Exported:
    """Book ``book`` in ``fmt`` (csv, json or pdf), verified against ``keys`` (see :func:`verify_books`).

    ``casino`` defaults to the name in the casino's configuration entry; ``lang`` (ca, es,
    fr, en) to the casino's configured language, else the language in force.
    """
    if book not in BOOK_TITLES:
        raise ValueError(_("unknown book {book}; known: {known}").format(
            book=repr(book), known=", ".join(BOOK_TITLES)))  # fmt: skip
    if fmt not in FORMATS:
        raise ValueError(_("unknown format {fmt}; use csv, json or pdf").format(fmt=repr(fmt)))
    if lang is None:
        lang = casino_language(ledger) or language()
    with using(lang):
        return _export(ledger, book, fmt, day=day, start=start, end=end, casino=casino, keys=keys)


def casino_language(ledger: Ledger) -> str | None:
    """The language the casino's configuration names (``None``: it names none)."""
    for entry in ledger.entries():
        p = entry.payload
        if entry.kind == "CAS.CONFIG" and isinstance(p, dict):
            found = p["config"].get("language")
            return str(found) if found else None
    return None


def _export(
    ledger: Ledger, book: str, fmt: str, *, day: str | None, start: str | None, end: str | None,
    casino: str | None, keys: Sequence[Any] | None,
) -> Exported:  # fmt: skip
    verification = verify_books(ledger, keys)
    checkpoint = make_checkpoint(ledger)
    entries = read_book(ledger, book, day=day, start=start, end=end)
    for e in entries:
        e.verified = verification.covers(e.seq)
    name, seals, key_rows = "", [], []
    volumes = {int(e.number.split("/")[0]) for e in entries}
    for entry in ledger.entries():
        p = entry.payload
        if entry.kind in ("ledger.genesis", "key.registered", "key.revoked", "key.rotated"):
            key_rows.append(entry)
        elif entry.kind == "CAS.CONFIG" and not name and isinstance(p, dict):
            name = str(p["config"]["name"])
        elif (
            isinstance(p, dict) and p.get("book") == book and p.get("type") == "SEAL"
            and (not volumes or p.get("volume") in volumes)
        ):  # fmt: skip
            seals.append(entry)
    from crupier.i18n.formats import date_time

    if day:
        selection = _("gaming day {day}").format(day=day)
    elif start or end:
        selection = _("from {start} to {end}").format(start=start or _("the beginning"),
                                                      end=end or _("today"))  # fmt: skip
    else:
        selection = _("all entries")
    selection += " - " + _("printed {time}").format(
        time=date_time(dt.datetime.now(dt.UTC), style="short"))  # fmt: skip
    meta: dict[str, Any] = {"casino": name if casino is None else casino, "selection": selection}
    if fmt == "json":
        meta |= {
            "verification": verification.as_json(),
            "checkpoint": checkpoint.body(),
            "seals": [
                {
                    "ledger": raw_row(s),
                    "signature_entries": [raw_row(x) for x in ledger.signatures(s.seq)],
                }
                for s in seals
            ],
            "keys": [raw_row(k) for k in key_rows],
        }
        data = to_json(entries, book, meta).encode()
    elif fmt == "csv":
        data = to_csv(entries, verification).encode()
    else:
        data = to_pdf(entries, book, meta, verification, checkpoint, seals)
    return Exported(data, verification)


@dataclass(frozen=True)
class Exported:
    """An exported book and the verification it states."""

    data: bytes
    verification: Verification
