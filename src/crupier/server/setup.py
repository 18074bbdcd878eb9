"""The casino a ``crupier serve`` opens: its keys in the data folder, its books in the database.

On first start (an empty database) :func:`open_server_casino` creates the demo casino:
the staff of every role with their licences and assignments, the CRAJ's seals on the
year's books, one table of every game that has an engine, the gaming day and its
session opened, every table opened with its float counted by chip denomination, demo
players who bought chips at the tables, and the logins of all of them. A later start
reopens the same casino from its books (and its logins from their table).

The casino's signing key and the staff members' keys are kept, encrypted, in
``DATA/keys/`` (mode 0600); they are never served over HTTP.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from crupier.casino import Casino, CasinoConfig, GameAuthorisation, Keyring, Kind, SystemClock
from crupier.casino.base import SEALED_BOOKS
from crupier.casino.casino import open_casino
from crupier.casino.fixture import chips_for
from crupier.casino.model import Limits
from crupier.casino.roles import Role
from crupier.i18n import N_, Message
from crupier.ledger import SigningKey, load_private_key, save_private_key
from crupier.server.auth import AuthStore
from crupier.server.poker_room import POKER_AUTHORISATIONS, POKER_GAMES, POKER_ROOM, POKER_TABLES

#: The banking card tables, one line each: (table, the game's CRAJ authorisation — its
#: minimum and the maxima its spec allows as multiples of it —, its croupier, its float in
#: cents). The table chief is the demo's own for each table; the screen draws any of them
#: from its engine's view, so a new banking card game needs only its line here.
CARD_TABLES: tuple[tuple[str, GameAuthorisation, str, int], ...] = (
    # spec 19 Limits: 50, 100 or 200 times the minimum, per box
    ("TB-1", GameAuthorisation("triple-blackjack", Kind.BANKING, 1000, (50, 100, 200)), "R2", 2_000_000),
    # spec 21 Limits: from 5 to 50 times the minimum, per box
    ("TJ-1", GameAuthorisation("triple-play", Kind.BANKING, 1000, tuple(range(5, 51))), "R3", 1_000_000),
    # spec 10 Limits: the ante's maximum 10, 20, 25 or 30 times the minimum
    ("CS-1", GameAuthorisation("caribbean-stud", Kind.BANKING, 1000, (10, 20, 25, 30)), "R1", 2_000_000),
    # specs 15 and 18: no ratio in the seeds (DEFAULT: 20, 50 or 100 times)
    ("TP-1", GameAuthorisation("three-card-poker", Kind.BANKING, 500, (20, 50, 100)), "R4", 1_000_000),
    ("FP-1", GameAuthorisation("four-card-poker", Kind.BANKING, 500, (20, 50, 100)), "R5", 1_000_000),
    # spec 17 Limits: between 20 and 100 times the minimum
    ("MJ-1", GameAuthorisation("mahjong-pai-gow", Kind.BANKING, 500, tuple(range(20, 101))), "R6", 1_000_000),
    # spec 11 Limits: 10, 20 or 30 times the minimum, per box
    ("TK-1", GameAuthorisation("trijoker", Kind.BANKING, 500, (10, 20, 30)), "R1", 1_000_000),
    # spec 20 Limits: from 5 to 50 times the minimum
    ("TX-1", GameAuthorisation("casino-holdem", Kind.BANKING, 500, tuple(range(5, 51))), "R2", 1_000_000),
    # spec 22 Limits: the Ante's maximum 5, 10, 20 or 30 times the minimum
    ("HB-1", GameAuthorisation("holdem-bonus", Kind.BANKING, 1000, (5, 10, 20, 30)), "R3", 1_000_000),
    # spec 12 Limits: no ratio in the seed (the profile's maximum, 50 times the minimum)
    ("PG-1", GameAuthorisation("pai-gow-poker", Kind.BANKING, 1000, (50,)), "R4", 1_000_000),
)  # fmt: skip

AUTHORISATIONS = (
    GameAuthorisation("french-roulette", Kind.BANKING, 500, (30, 60, 90, 120, 180, 360, 720)),
    GameAuthorisation("american-roulette", Kind.BANKING, 200, (20, 40, 60, 80, 120, 240, 480)),
    GameAuthorisation("boule", Kind.BANKING, 200, (10, 20, 50, 100), min_multiples=(1, 2)),
    GameAuthorisation("trente-et-quarante", Kind.BANKING, 1000, (50, 100, 200)),
    GameAuthorisation("craps", Kind.BANKING, 500, (10, 20, 50, 100), multiples_of_min_allowed=True),
    GameAuthorisation("blackjack", Kind.BANKING, 1000, (50, 100, 200)),
    GameAuthorisation("punto-banco", Kind.BANKING, 2000, (50, 100, 200)),
    GameAuthorisation("chemin-de-fer", Kind.CIRCLE, 2000, (50, 100, 200)),
    GameAuthorisation(
        "baccarat-two-tables", Kind.CIRCLE, 2000, (50, 100, 200), free_bank_allowed=True
    ),
    GameAuthorisation("monte", Kind.BANKING, 500, (50, 100, 200)),
    GameAuthorisation("casino-war", Kind.BANKING, 500, (50, 100, 200)),
    GameAuthorisation("sic-bo", Kind.BANKING, 200, (50, 100, 500), multiples_of_min_allowed=True),
    *(t[1] for t in CARD_TABLES),
    *POKER_AUTHORISATIONS,
)

#: (table, game, settings, crew: staff -> function, float in cents)
TABLES: tuple[tuple[str, str, dict[str, object], dict[str, str], int], ...] = (
    ("RF-1", "french-roulette", {}, {"R1": "DEALER", "R2": "DEALER"}, 2_000_000),
    ("RF-2", "french-roulette", {}, {"R2": "DEALER", "R3": "DEALER"}, 2_000_000),
    ("RA-1", "american-roulette", {}, {"R2": "DEALER"}, 1_000_000),
    ("BO-1", "boule", {}, {"R3": "DEALER"}, 500_000),
    ("TQ-1", "trente-et-quarante", {}, {"R3": "DEALER", "R4": "DEALER"}, 3_000_000),
    ("CR-1", "craps", {"mode": "FULL", "multiples_of_min": True},
     {"R4": "DEALER", "R5": "DEALER", "R6": "STICKMAN"}, 2_000_000),
    ("PB-1", "punto-banco", {}, {"R5": "DEALER", "R6": "DEALER"}, 5_000_000),
    ("CF-1", "chemin-de-fer", {}, {"R1": "DEALER", "V1": "CHANGER"}, 0),
    ("BD-1", "baccarat-two-tables", {"mode": "LIMITED_BANK", "seats": 12},
     {"R2": "DEALER", "V1": "CHANGER"}, 0),
    ("MO-1", "monte", {}, {"R3": "DEALER", "R4": "DEALER"}, 2_000_000),
    ("RE-1", "casino-war", {}, {"R5": "DEALER"}, 1_000_000),
    ("SB-1", "sic-bo", {}, {"R6": "DEALER"}, 1_000_000),
    ("BJ-1", "blackjack", {}, {"R1": "DEALER"}, 2_000_000),
    *((t, auth.game, {}, {croupier: "DEALER"}, chips) for t, auth, croupier, chips in CARD_TABLES),
    *POKER_TABLES,
)  # fmt: skip

#: (id, first name, surnames, role, tables, login)
_CHIEFS = tuple(
    (f"T{n}", "Chief", f"of {t[0]}", Role.TC, (t[0],), f"chief-{t[0].lower()}")
    for n, t in enumerate(TABLES, start=1)
)
STAFF: tuple[tuple[str, str, str, Role, tuple[str, ...] | None, str], ...] = (
    ("D1", "Joan", "Vidal Pons", Role.DIR, None, "director"),
    ("S1", "Marta", "Riba Coll", Role.SUB, None, "subdirector"),
    ("K1", "Xavier", "Marti Rius", Role.CSH, None, "cashier"),
    ("K2", "Berta", "Sala Oms", Role.CSH, None, "cashier2"),
    *_CHIEFS,
)
CROUPIERS = ("R1", "R2", "R3", "R4", "R5", "R6")
#: Five players: two-table baccarat seats at least two at each table besides its banker.
PLAYERS = (
    ("P1", "Alba Puig"),
    ("P2", "Biel Roca"),
    ("P3", "Carla Mas"),
    ("P4", "Dani Soler"),
    ("P5", "Eloi Vives"),
)
#: What each demo player buys at each layout table when the casino is created (cents).
DEMO_BUY_IN = 100_000


@dataclass
class Opened:
    """A casino opened by the server, with what the first start created."""

    casino: Casino
    auth: AuthStore
    created: bool
    logins: list[tuple[str, str, str]] = field(default_factory=list)  # username, password, who
    notes: list[str] = field(default_factory=list)


def sqlite_url(data_dir: Path) -> str:
    """The embedded database of a data folder."""
    return "sqlite:///" + str((data_dir / "casino.db").resolve())


def _passphrase(keys: Path) -> bytes:
    env = os.environ.get("CRUPIER_KEY_PASSPHRASE")
    if env:
        return env.encode()
    path = keys / "passphrase"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(32))
    return path.read_text().strip().encode()


def _key(keys: Path, name: str, passphrase: bytes) -> SigningKey:
    path = keys / f"{name}.key"
    if path.exists():
        return load_private_key(path, passphrase)
    key = SigningKey.generate()
    save_private_key(key, path, passphrase)
    return key


class KeysMissing(ValueError):
    """The database holds a casino's books but the data folder lacks its signing key."""


class FileKeyring(Keyring):
    """A keyring whose keys live, encrypted, in a folder (one file per staff member)."""

    def __init__(self, folder: Path, passphrase: bytes) -> None:
        super().__init__()
        self.folder = folder
        self.passphrase = passphrase
        (folder / "staff").mkdir(parents=True, exist_ok=True)

    def key(self, staff_id: str) -> SigningKey:
        if staff_id not in self:
            self.replace(staff_id, _key(self.folder / "staff", staff_id, self.passphrase))
        return super().key(staff_id)


def open_server_casino(url: str | None, data_dir: Path, *, demo: bool = True) -> Opened:
    """Open the casino of ``url`` (default: the data folder's SQLite); create the demo
    casino there on first start."""
    data_dir.mkdir(parents=True, exist_ok=True)
    keys = data_dir / "keys"
    keys.mkdir(mode=0o700, exist_ok=True)
    passphrase = _passphrase(keys)
    keyring = FileKeyring(keys, passphrase)
    the_url = url or sqlite_url(data_dir)
    if not (keys / "casino.key").exists():
        from crupier.ledger import Ledger

        existing = Ledger(the_url, None)
        try:
            if existing.head()[0] > 0:
                raise KeysMissing(
                    f"{the_url} already holds the books of a casino, but {keys} has no casino "
                    "key: start with the --data-dir that holds its keys"
                )
        finally:
            existing.close()
    casino_key = _key(keys, "casino", passphrase)
    casino = open_casino(
        the_url, casino_key, clock=SystemClock(), keyring=keyring, config=demo_config()
    )
    auth = AuthStore(casino.ledger.engine)
    opened = Opened(casino, auth, created=False)
    if demo and not auth.has_accounts() and not casino.staff:
        create_demo(opened)
        opened.created = True
    return opened


def demo_config() -> CasinoConfig:
    """The demo casino's settings (every game with an engine authorised)."""
    return CasinoConfig(
        name="CAS-DEMO",
        sessions_per_day=1,
        equipment_checks=False,
        authorisations={a.game: a for a in AUTHORISATIONS},
    )


def create_demo(opened: Opened) -> None:
    """Staff, seals, tables, the day, the floats, players and logins of the demo casino."""
    casino, auth = opened.casino, opened.auth
    year = casino.local_now().year
    casino.add_room("MAIN", "Main gaming room")
    casino.add_room("PRIVE", "Salle privée", "PRIVATE")
    casino.add_room(*POKER_ROOM)
    for table_id, game, extra, _crew, _float in TABLES:
        room = "PRIVE" if game in ("chemin-de-fer", "baccarat-two-tables") else "MAIN"
        room = POKER_ROOM[0] if game in POKER_GAMES else room
        casino.add_table(table_id, game, room=room, **extra)  # type: ignore[arg-type]
    casino.register_person("I7", "Inspector", "Set", "CRAJ-I7", external=True, regulator=True)
    casino.assign("I7", Role.CRAJ)
    people = [
        *STAFF,
        *(
            (r, "Croupier", r, Role.DLR, tuple(t[0] for t in TABLES if r in t[3]), r.lower())
            for r in CROUPIERS
        ),
        ("V1", "Quim", "Bosc Nou", Role.CHG, ("CF-1", "BD-1"), "changer"),
    ]
    for ident, first, last, role, tables, _login in people:
        casino.register_person(
            ident, first, last, f"AD-{ident}", sponsor="I7" if ident == "D1" else None
        )
        casino.grant_licence_directly(ident, f"I-{ident}", f"{year - 1}-12-01")
        casino.assign(ident, role, tables=tables)
    for n, book in enumerate(SEALED_BOOKS, start=1):
        casino.seal(book, year, by="I7", seal_number=f"CRAJ-{year}-{n:03d}")
    today = casino.local_now().date().isoformat()
    casino.open_day(today, by="D1")
    casino.open_session(by="D1", name="day and night", last=True)
    denominations = tuple(sorted(casino.config.denominations, reverse=True))
    chiefs = {s[4][0]: s[0] for s in STAFF if s[3] is Role.TC and s[4]}
    for table_id, game, _extra, crew, float_total in TABLES:
        chief = chiefs[table_id]
        auth_game = casino.config.authorisations[game]
        lo = auth_game.authorised_minimum
        if game in ("french-roulette", "american-roulette", "boule"):
            casino.unlock_wheel(table_id, by=chief, key=f"{table_id}-WHEEL")
        try:
            casino.open_table(
                table_id, by=chief, cashier="K1",
                float_chips=chips_for(float_total, denominations) if float_total else {},
                limits=Limits(lo, lo * auth_game.max_multiples[0]), staff=crew,
            )  # fmt: skip
        except Exception as exc:  # reported, not fatal: the others open
            opened.notes.append(
                N_("{table} ({game}) not opened: {reason}", table=table_id, game=game, reason=exc)
            )
            continue
        engine = casino.engine(table_id)
        if engine is not None and "buy-in" in engine.actions and game not in POKER_GAMES:
            for player, _name in PLAYERS:
                casino.buy_in(table_id, player, DEMO_BUY_IN, by=chief)
    for ident, first, last, role, _tables, login in [
        *people,
        ("I7", "Inspector", "Set", Role.CRAJ, None, "inspector"),
    ]:
        password = f"demo-{login}"
        auth.add_account(login, password, kind="staff", subject=ident, name=f"{first} {last}")
        role_name = Message(ROLE_NAMES.get(role, str(role)), {})  # read in the reader's words
        opened.logins.append(
            (login, password, Message("{role} {ident}", {"role": role_name, "ident": ident}))
        )
    for player, name in PLAYERS:
        login = player.lower()
        password = f"demo-{login}"
        auth.add_account(login, password, kind="player", subject=player, name=name)
        opened.logins.append((login, password, N_("player {player}", player=player)))


ROLE_NAMES = {
    Role.DIR: N_("director"),
    Role.SUB: N_("sub-director"),
    Role.CDM: N_("management committee"),
    Role.TC: N_("table chief"),
    Role.DLR: N_("croupier"),
    Role.CHG: N_("changer"),
    Role.CSH: N_("cashier"),
    Role.CRAJ: N_("inspector"),
    Role.BRD: N_("board"),
}
"""Each role in words (English; the browser shows them in the person's language)."""


def today_local() -> dt.date:
    """The local date (the casino's time zone)."""
    from crupier.casino.clock import TZ

    return dt.datetime.now(TZ).date()
