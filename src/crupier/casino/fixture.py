"""The common fixture of the operations spec's acceptance scenarios (§13.0).

Casino ``CAS-T`` with its staff, tables and game authorisations, every 2026 volume
sealed by the CRAJ inspector I7. Used by the tests and by ``crupier demo-day``.

>>> import tempfile, pathlib
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "cas-t.db")
>>> casino = build(url)
>>> casino.director_in_office(), sorted(casino.tables)[:3]
('D1', ['BD-1', 'BD-2', 'BJ-1'])
"""

from __future__ import annotations

from crupier.casino.base import SEALED_BOOKS, CasinoConfig, GameAuthorisation, Keyring
from crupier.casino.casino import Casino, open_casino
from crupier.casino.clock import ManualClock
from crupier.casino.model import Kind
from crupier.casino.roles import Role
from crupier.ledger import SigningKey

AUTHORISATIONS = (
    GameAuthorisation("blackjack", Kind.BANKING, 1000, (50, 100, 200)),
    GameAuthorisation("french-roulette", Kind.BANKING, 500, (30, 60, 90, 120, 180, 360, 720)),
    GameAuthorisation("american-roulette", Kind.BANKING, 200, (20, 40, 60, 80, 120, 240, 480)),
    GameAuthorisation("craps", Kind.BANKING, 500, (10, 20, 50, 100), multiples_of_min_allowed=True),
    GameAuthorisation("sic-bo", Kind.BANKING, 200, (50, 100, 500), multiples_of_min_allowed=True),
    GameAuthorisation("boule", Kind.BANKING, 200, (10, 20, 50, 100), min_multiples=(1, 2)),
    GameAuthorisation("punto-banco", Kind.BANKING, 2000, (50, 100, 200)),
    GameAuthorisation(
        "baccarat-two-tables", Kind.CIRCLE, 2000, (50, 100, 200), free_bank_allowed=True
    ),
    GameAuthorisation("chemin-de-fer", Kind.CIRCLE, 2000, (50, 100, 200)),
    GameAuthorisation("circle-poker", Kind.CIRCLE, 100, (10, 20, 50, 100)),
)

FLOAT_SCHEDULE = {
    "blackjack": {1000: 2_000_000, 2500: 4_000_000},
    "french-roulette": {500: 2_000_000, 1000: 3_000_000},
    "craps": {500: 2_000_000},
    "sic-bo": {200: 1_000_000},
    "boule": {200: 500_000, 400: 800_000},
    "punto-banco": {2000: 5_000_000},
}

#: (id, game, extra table settings)
TABLES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("BJ-1", "blackjack", {"contiguity_group": "BJ-A"}),
    ("BJ-2", "blackjack", {"contiguity_group": "BJ-B"}),
    ("BJ-3", "blackjack", {"contiguity_group": "BJ-C"}),
    ("BJ-4", "blackjack", {"contiguity_group": "BJ-C"}),
    ("BJ-5", "blackjack", {"contiguity_group": "BJ-C"}),
    ("RF-1", "french-roulette", {}),
    ("RF-2", "french-roulette", {}),
    ("CR-1", "craps", {"mode": "FULL", "multiples_of_min": True}),
    ("SB-1", "sic-bo", {}),
    ("BD-1", "baccarat-two-tables", {"mode": "LIMITED_BANK", "seats": 12}),
    ("BD-2", "baccarat-two-tables", {"mode": "LIMITED_BANK", "seats": 12}),
    ("BO-1", "boule", {"layouts": ("A", "B")}),
    ("PK-1", "circle-poker", {"seats": 10}),
)

#: (id, first name, surnames, identity document, role, tables, extras)
STAFF: tuple[tuple[str, str, str, str, Role, tuple[str, ...] | None, dict[str, object]], ...] = (
    ("D1", "Joan", "Vidal Pons", "AD-D1", Role.DIR, None, {}),
    ("S1", "Marta", "Riba Coll", "AD-S1", Role.SUB, None, {}),
    ("C1", "Pere", "Soler Mas", "AD-C1", Role.CDM, None, {"substitute_for": "DIR"}),
    ("C2", "Anna", "Font Puig", "AD-C2", Role.CDM, None, {}),
    ("T1", "Jordi", "Camps Roig", "AD-T1", Role.TC, ("BJ-3", "BJ-5"), {}),
    ("T2", "Laia", "Serra Vila", "AD-T2", Role.TC, ("BD-1",), {}),
    ("T3", "Marc", "Prat Bosch", "AD-T3", Role.TC, ("CR-1",), {}),
    ("T4", "Nuria", "Costa Pla", "AD-T4", Role.TC, ("RF-1",), {}),
    ("T5", "Oriol", "Ferrer Gil", "AD-T5", Role.TC, ("RF-2",), {}),
    ("T6", "Clara", "Roca Sala", "AD-T6", Role.TC, ("BO-1",), {}),
    ("T7", "Pau", "Mora Valls", "AD-T7", Role.TC, ("BD-2",), {}),
    ("T8", "Eva", "Pujol Casas", "AD-T8", Role.TC, ("PK-1",), {}),
    ("K1", "Xavier", "Marti Rius", "AD-K1", Role.CSH, None, {}),
    ("K2", "Berta", "Sala Oms", "AD-K2", Role.CSH, None, {}),
    ("R1", "Enric", "Vall Tor", "AD-R1", Role.DLR, ("RF-1", "CR-1"), {}),
    ("R2", "Silvia", "Blanc Coma", "AD-R2", Role.DLR, ("BJ-3",), {}),
    ("R3", "Toni", "Gras Pi", "AD-R3", Role.DLR, ("CR-1", "BD-1"), {}),
    ("R4", "Rosa", "Mir Abad", "AD-R4", Role.DLR, ("SB-1", "RF-2", "BO-1"), {}),
    ("V1", "Quim", "Bosc Nou", "AD-V1", Role.CHG, ("BD-1",), {}),
)

EXTERNAL: tuple[tuple[str, str, str, str, Role], ...] = (
    ("I7", "Inspector", "Set", "CRAJ-I7", Role.CRAJ),
    ("I8", "Inspector", "Vuit", "CRAJ-I8", Role.CRAJ),
    ("B1", "Board", "Member", "AD-B1", Role.BRD),
)


def config(
    *, tips_accepted: bool = True, sessions_per_day: int = 2, equipment_checks: bool = False
) -> CasinoConfig:
    """The fixture's casino settings.

    The acceptance scenarios' fixture assigns no dice, decks or shoes to its tables (only
    AS-36...40 do), so it opens tables without the equipment check unless asked to;
    ``crupier demo-day`` runs with it.
    """
    return CasinoConfig(
        equipment_checks=equipment_checks,
        name="CAS-T",
        tips_accepted=tips_accepted,
        sessions_per_day=sessions_per_day,
        authorisations={a.game: a for a in AUTHORISATIONS},
        float_schedule={g: dict(levels) for g, levels in FLOAT_SCHEDULE.items()},
    )


def build(
    url: str,
    *,
    clock: ManualClock | None = None,
    keyring: Keyring | None = None,
    casino_key: SigningKey | None = None,
    tips_accepted: bool = True,
    seal: bool = True,
    year: int = 2026,
    equipment_checks: bool = False,
) -> Casino:
    """A new CAS-T on the (empty) database ``url``, set up as §13.0 says."""
    the_clock = clock or ManualClock(f"{year}-03-01 12:00")
    casino = open_casino(
        url,
        casino_key or SigningKey.generate(),
        clock=the_clock,
        keyring=keyring or Keyring(),
        config=config(tips_accepted=tips_accepted, equipment_checks=equipment_checks),
    )
    casino.add_room("MAIN", "Main gaming room")
    casino.add_room("PRIVE", "Salle privée", "PRIVATE")
    casino.add_room("POKER", "Poker room", "POKER_ROOM")
    for table_id, game, extra in TABLES:
        room = "POKER" if game == "circle-poker" else "PRIVE" if game.startswith("bacc") else "MAIN"
        casino.add_table(table_id, game, room=room, **extra)  # type: ignore[arg-type]
    for ident, first, last, doc, role in EXTERNAL:  # the inspectors' keys are the roots
        regulator = role is Role.CRAJ
        sponsor = None if regulator else EXTERNAL[0][0]
        casino.register_person(
            ident, first, last, doc, external=True, regulator=regulator, sponsor=sponsor
        )
        casino.assign(ident, role)
    for ident, first, last, doc, role, tables, extra in STAFF:  # D1 first: the CRAJ sponsors
        casino.register_person(ident, first, last, doc, sponsor=None if ident != "D1" else "I7")
        casino.grant_licence_directly(ident, f"I-{ident}", f"{year - 1}-12-01")
        casino.assign(ident, role, tables=tables, **extra)  # type: ignore[arg-type]
    if seal:
        for n, book in enumerate(SEALED_BOOKS, start=1):
            casino.seal(book, year, by="I7", seal_number=f"CRAJ-{year}-{n:03d}")
    return casino


#: Who works each fixture table (staff id -> function), beside its table chief.
CREWS: dict[str, dict[str, str]] = {
    "BJ-3": {"R2": "DEALER"},
    "BJ-5": {"R2": "DEALER"},
    "RF-1": {"T4": "TC", "R1": "DEALER", "R4": "DEALER"},
    "RF-2": {"T5": "TC", "R4": "DEALER", "R1": "DEALER"},
    "CR-1": {"T3": "TC", "R1": "DEALER", "R2": "DEALER", "R3": "STICKMAN"},
    "SB-1": {"R4": "DEALER"},
    "BD-1": {"T2": "TC", "R3": "DEALER", "V1": "CHANGER"},
    "BD-2": {"T7": "TC", "R3": "DEALER", "V1": "CHANGER"},
    "BO-1": {"T6": "TC", "R4": "DEALER", "R1": "DEALER"},
}
#: The table chief of each fixture table.
CHIEF = {
    "BJ-3": "T1", "BJ-5": "T1", "RF-1": "T4", "RF-2": "T5", "CR-1": "T3", "SB-1": "T5",
    "BD-1": "T2", "BD-2": "T7", "BO-1": "T6", "PK-1": "T8",
}  # fmt: skip


def chips_for(
    total: int, denominations: tuple[int, ...] = (10000, 2500, 500, 100)
) -> dict[int, int]:
    """A chip breakdown of ``total`` cents, largest chips first.

    >>> chips_for(2_000_000)
    {10000: 200}
    >>> chips_for(1_560_050, (10000, 2500, 500, 100, 50))
    {10000: 156, 50: 1}
    """
    found = _make(total, tuple(sorted(denominations, reverse=True)))
    if found is None:
        raise ValueError(f"{total} cannot be made of {denominations}")
    return found


def _make(total: int, denominations: tuple[int, ...]) -> dict[int, int] | None:
    """Largest chips first, backing off by one chip where the rest cannot be made."""
    if total == 0:
        return {}
    if not denominations:
        return None
    denom, rest = denominations[0], denominations[1:]
    most = total // denom
    for count in range(most, max(-1, most - 3), -1):
        tail = _make(total - count * denom, rest)
        if tail is not None:
            return ({denom: count} if count else {}) | tail
    return None


def open_day(
    casino: Casino, clock: ManualClock, date: str = "2026-03-02", at: str = "15:00"
) -> None:
    """Open gaming day ``date`` and its first session at ``at`` (local)."""
    clock.set(f"{date} {at}")
    casino.open_day(date, by="D1")
    casino.open_session(by="D1", name="afternoon")


def open_table(
    casino: Casino,
    table_id: str,
    *,
    float_total: int = 2_000_000,
    minimum: int | None = None,
    maximum: int | None = None,
    layouts: dict[str, int] | None = None,
    mode: str | None = None,
) -> None:
    """Open a fixture table with its chief, crew and cashier K1 (limits from its authorisation)."""
    from crupier.casino.model import Limits

    table = casino.tables[table_id]
    auth = casino.config.authorisations[table.game]
    lo = minimum or (min(layouts.values()) if layouts else auth.authorised_minimum)
    hi = maximum or lo * auth.max_multiples[0]
    crew = {k: v for k, v in CREWS.get(table_id, {}).items() if k != CHIEF[table_id]}
    if (
        table.game in ("french-roulette", "american-roulette", "boule")
        and casino.wheel(table_id)["locked"]
    ):
        casino.unlock_wheel(table_id, by=CHIEF[table_id], key=f"{table_id}-WHEEL")
    casino.open_table(
        table_id,
        by=CHIEF[table_id],
        cashier="K1",
        float_chips=chips_for(float_total),
        limits=Limits(lo, hi, dict(layouts or {})),
        staff=crew,
        mode=mode,
    )
