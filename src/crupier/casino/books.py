"""The books of the operations spec §7, read from the ledger and exported as CSV, JSON or PDF.

A book is a view of the ledger: the entries of one book code, each with its
volume number, its signatures, its status and its red-ink corrections. The PDF
is laid out like a paper register: a header with the casino, the book and the
volume; numbered entries; signatures under each entry; corrections in red beside
the entry they correct, marked PENDING APPROVAL, APPROVED or REJECTED; page
numbers "page n of N".

>>> BOOK_TITLES["A43"]
'Banking-Games Float and Result Book'
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from crupier.ledger import Entry, EntryView, Ledger

BOOK_TITLES: dict[str, str] = {
    "A43": "Banking-Games Float and Result Book",
    "A44": "Circle-Games Result Book",
    "A45": "Daily Results Summary Book",
    "A46-A": "Per-Machine Accounts Book",
    "A46-B": "Monthly Meter-Readings Book",
    "A46-C": "Monthly Slot GGR Summary Book",
    "A47": "Annual Information",
    "A56": "Tips Special Account",
    "A60": "Special Register of Observations",
    "A61": "Register of Communications and Requests for Information",
    "JNL": "Operational Journal",
    "EQR": "Equipment Register",
    "STF": "Staff, Licences and Appointments",
    "PRM": "Promotions Register",
    "CAS": "Casino Configuration",
    "ACC": "Access Log",
}
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

    def as_json(self) -> dict[str, Any]:
        """JSON form."""
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
        }


def _in_period(payload: dict[str, Any], day: str | None, start: str | None, end: str | None) -> bool:
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
                states[str(item["item_no"])] = "ANSWERED_ON_TIME" if answered <= due else "ANSWERED_LATE"
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
            f"{s.payload['signer']['id']} ({s.payload['signer']['role']}, {s.payload['purpose']}) "
            f"{s.recorded_at[:19].replace('T', ' ')}Z"
            for s in sigs
        ],
        status="INCOMPLETE" if needed else "COMPLETE",
        annulled=view.status == "ANNULLED",
        late=bool(p.get("late")),
        hash=entry.hash,
        corrections=corrections,
    )


def money(cents: int) -> str:
    """``1234567`` -> ``'12,345.67'``.

    >>> money(-450000)
    '-4,500.00'
    """
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units:,}.{rest:02d}"


MONEY_KEYS = {
    "total", "amount", "result", "opening_float", "closing_float", "fills", "credits", "drop",
    "cagnotte", "rake", "banking_total", "circle_total", "tables_total", "month_to_date",
    "year_to_date", "tips_total", "needed", "journal_net", "house_net", "slots_month_total",
}  # fmt: skip


def summary(data: dict[str, Any]) -> str:
    """A one-line reading of an entry's data for the printed book (money as euros)."""
    parts = []
    if isinstance(data.get("chips"), dict) and isinstance(data.get("total"), int):
        data = dict(data)
        lines = ", ".join(f"{int(d) / 100:g}x{q}" for d, q in data.pop("chips").items())
        parts.append(f"total: {money(data.pop('total'))} [{lines}]")
    for key, value in data.items():
        if key in ("log",):
            parts.append(f"log: {len(value)} actions")
            continue
        if key in MONEY_KEYS and isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{key}: {money(value)}")
        elif isinstance(value, dict) and "total" in value and "chips" in value:
            lines = ", ".join(f"{int(d) / 100:g}x{q}" for d, q in value["chips"].items())
            parts.append(f"{key}: {money(value['total'])} [{lines}]")
        elif isinstance(value, (dict, list)):
            parts.append(f"{key}: {json.dumps(value, ensure_ascii=False, separators=(',', ':'))}")
        else:
            parts.append(f"{key}: {value}")
    return "; ".join(parts)


def to_json(entries: Iterable[BookEntry], book: str, meta: dict[str, Any]) -> str:
    """The book as JSON: its title, the selection and every entry with its corrections."""
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
    "details", "signatures", "red_ink", "hash",
)  # fmt: skip


def to_csv(entries: Iterable[BookEntry]) -> str:
    """The book as CSV: one row per entry, then one red-ink row per correction under it."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for e in entries:
        writer.writerow(
            [
                e.number, e.seq, e.type, e.local_time, e.gaming_day or "", e.table or "",
                e.author, "ANNULLED" if e.annulled else e.status, summary(e.data),
                " | ".join(e.signatures), "", e.hash,
            ]
        )  # fmt: skip
        for c in e.corrections:
            changes = ", ".join(f"{ch['field']}: {ch['old']} -> {ch['new']}" for ch in c["changes"])
            writer.writerow(
                [
                    f"{e.number} correction", c["seq"], "CORRECTION", "", e.gaming_day or "",
                    e.table or "", c["by"], c["state"], f"{changes} (reason: {c['reason']})",
                    c["decided_by"] or "", "yes", "",
                ]
            )  # fmt: skip
    return out.getvalue()


def _latin(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


def to_pdf(entries: list[BookEntry], book: str, meta: dict[str, Any]) -> bytes:
    """The book as a printable PDF register (A4 landscape)."""
    from fpdf import FPDF

    title = BOOK_TITLES.get(book, book)
    casino = str(meta.get("casino", ""))
    selection = str(meta.get("selection", ""))

    class Register(FPDF):
        def header(self) -> None:
            self.set_font("Helvetica", "B", 12)
            self.cell(0, 7, _latin(f"{casino} - {book} {title}"), new_x="LMARGIN", new_y="NEXT")
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, _latin(selection), new_x="LMARGIN", new_y="NEXT")
            self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
            self.ln(2)

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "I", 8)
            self.cell(0, 6, f"page {self.page_no()} of {{nb}}", align="C")

    pdf = Register(orientation="L", unit="mm", format="A4")
    pdf.alias_nb_pages()
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin
    if not entries:
        pdf.set_font("Helvetica", "I", 10)
        pdf.cell(0, 8, "No entries in this selection.")
    for e in entries:
        pdf.set_text_color(0, 0, 0)
        pdf.set_font("Helvetica", "B", 9)
        head = f"No. {e.number}   {e.type}   {e.local_time}"
        if e.table:
            head += f"   table {e.table}"
        if e.gaming_day:
            head += f"   gaming day {e.gaming_day}"
        if e.annulled:
            head += "   ANNULLED"
        if e.late:
            head += "   LATE ENTRY"
        pdf.multi_cell(width, 5, _latin(head), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 8)
        pdf.multi_cell(width, 4, _latin(f"By {e.author}. {summary(e.data)}"), new_x="LMARGIN",
                       new_y="NEXT")  # fmt: skip
        signed = "; ".join(e.signatures) or "none"
        pdf.set_font("Helvetica", "I", 7)
        pdf.multi_cell(width, 4, _latin(f"Signatures: {signed}. Status: {e.status}. "
                                         f"Ledger {e.seq}, hash {e.hash[:16]}"),
                       new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        for c in e.corrections:
            pdf.set_text_color(200, 0, 0)
            pdf.set_font("Helvetica", "B", 8)
            label = {"PENDING": "PENDING APPROVAL"}.get(c["state"], c["state"])
            changes = ", ".join(f"{ch['field']}: {ch['old']} -> {ch['new']}" for ch in c["changes"])
            decided = f", decided by {c['decided_by']}" if c["decided_by"] else ""
            pdf.multi_cell(
                width, 4,
                _latin(f"RED INK correction {c['seq']} by {c['by']} [{label}{decided}]: "
                       f"{changes}. Reason: {c['reason']}"),
                new_x="LMARGIN", new_y="NEXT",
            )  # fmt: skip
        pdf.set_text_color(0, 0, 0)
        pdf.ln(1)
        pdf.set_draw_color(180, 180, 180)
        pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
        pdf.ln(1)
    return bytes(pdf.output())


def export(
    ledger: Ledger,
    book: str,
    fmt: str,
    *,
    day: str | None = None,
    start: str | None = None,
    end: str | None = None,
    casino: str = "",
) -> bytes:
    """Book ``book`` in ``fmt`` (csv, json or pdf) as bytes."""
    if book not in BOOK_TITLES:
        raise ValueError(f"unknown book {book!r}; known: {', '.join(BOOK_TITLES)}")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; use csv, json or pdf")
    entries = read_book(ledger, book, day=day, start=start, end=end)
    if day:
        selection = f"gaming day {day}"
    elif start or end:
        selection = f"from {start or 'the beginning'} to {end or 'today'}"
    else:
        selection = "all entries"
    selection += f" - printed {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC"
    meta = {"casino": casino, "selection": selection}
    if fmt == "json":
        return to_json(entries, book, meta).encode()
    if fmt == "csv":
        return to_csv(entries).encode()
    return to_pdf(entries, book, meta)
