"""A whole gaming day at CAS-T, played on the real engines, so the books can be seen filled.

``crupier demo-day --db URL [--seed N]`` runs :func:`demo_day`: the fixture casino of
the operations spec (its staff, tables and sealed books), a day at French roulette,
craps and sic bo (openings with floats, players buying chips, rounds with bets drawn
from a seeded source, a fill, a credit, a temporary closure, the last three rounds,
closing counts, drop counts, tips, signed results, the daily summary, the day closed).
The same seed gives the same day.

The casino's public key is written before the first entry, so that even a run killed
half-way leaves a ledger that ``crupier verify`` can check; each run gets a folder of
its own under ``key_dir`` (named after the database and the key id), so a later demo
never overwrites the key of an earlier one. A database that already holds a ledger is
refused (:class:`DemoRefused`): the demo plays into an empty one only.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crupier.casino.casino import Casino
from crupier.casino.clock import ManualClock
from crupier.casino.fixture import CHIEF, build, chips_for
from crupier.casino.model import Limits
from crupier.casino.roles import Role
from crupier.core.layout import PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import TableRole
from crupier.ledger import SigningKey

DAY = "2026-03-02"
#: The demo tables: (table, crew, float, minimum, maximum, bets offered, rounds)
TABLES: tuple[tuple[str, dict[str, str], int, int, int, tuple[str, ...], int], ...] = (
    ("RF-1", {"R1": "DEALER", "R4": "DEALER"}, 2_000_000, 500, 15_000,
     ("red", "black", "even", "odd", "dozen-1", "column-2", "straight-17", "split-8-11"), 36),
    ("CR-1", {"R1": "DEALER", "R2": "DEALER", "R3": "STICKMAN"}, 2_000_000, 500, 50_000,
     ("field", "place-6", "place-8", "big-6", "any-7"), 40),
    ("SB-1", {"R4": "DEALER"}, 1_000_000, 200, 10_000,
     ("small", "big", "total-10", "any-triple", "number-4"), 30),
)  # fmt: skip
PLAYERS = ("P1", "P2", "P3", "P4", "P5", "P6")


class DemoRefused(ValueError):
    """The demo cannot run here: a non-empty or unreachable database, an unusable key folder."""


@dataclass
class DemoReport:
    """What the demo day did, for the command to print."""

    url: str
    public_key: Path | None
    rounds: dict[str, int] = field(default_factory=dict)
    results: dict[str, int] = field(default_factory=dict)
    entries: int = 0
    head: tuple[int, str] = (0, "")


def demo_day(url: str, *, seed: int = 1, key_dir: Path | None = None) -> DemoReport:
    """Play the demo day into the (empty) database ``url``; return what it did.

    With ``key_dir``, the casino's public key is saved in a new sub-folder of it before
    anything is recorded (:func:`key_folder`).
    """
    _require_empty(url)
    clock = ManualClock(f"{DAY[:8]}01 12:00")
    key = SigningKey.generate()
    public = None
    if key_dir is not None:
        from crupier.ledger import LedgerError
        from crupier.ledger.keys import save_public_key

        folder = key_folder(key_dir, url, key.key_id)
        try:
            folder.mkdir(parents=True)
            public = folder / "casino.pub"
            save_public_key(key.public_key, public)
        except (OSError, LedgerError) as exc:
            raise DemoRefused(f"cannot write the casino key in {folder}: {exc}") from None
    casino = build(url, clock=clock, casino_key=key, equipment_checks=True)
    choose = SeededSource(seed * 7919 + 1)
    casino.source = SeededSource(seed)
    report = DemoReport(url, public)
    denominations = tuple(sorted(casino.config.denominations, reverse=True))

    def chips(amount: int) -> dict[int, int]:
        return chips_for(amount, denominations)

    casino.assign("T5", Role.TC, tables=["SB-1"])  # RF-2 stays closed: its chief takes sic bo
    _equipment(casino)
    clock.set(f"{DAY} 15:00")
    casino.open_day(DAY, by="D1")
    session = casino.open_session(by="D1", name="afternoon and night", last=True)
    session_id = session.payload["data"]["id"]
    casino.assign_dice("CR-1", session_id, [f"D-{n:04d}" for n in range(1, 6)], by="D1")
    casino.assign_dice("SB-1", session_id, [f"D-{n:04d}" for n in range(6, 12)], by="D1")
    for table, crew, float_total, lo, hi, _spots, _n in TABLES:
        clock.advance(minutes=5)
        if table == "RF-1":
            casino.unlock_wheel(table, by=CHIEF[table], key="RF-1-WHEEL-KEY")
        casino.open_table(
            table, by=CHIEF[table], cashier="K1", float_chips=chips(float_total),
            limits=Limits(lo, hi), staff=crew,
        )  # fmt: skip
    sold: dict[str, int] = {t[0]: 0 for t in TABLES}
    for table, *_rest in TABLES:
        for player in PLAYERS[: 3 + choose.randbelow(4)]:
            clock.advance(minutes=1)
            amount = 20_000 * (1 + choose.randbelow(5))
            casino.buy_in(table, player, amount, by=CHIEF[table])
            sold[table] += amount

    def shooter_line_bet(
        table: str, stake: int, bets: list[tuple[str, str, int]]
    ) -> list[tuple[str, str, int]]:
        """The bets, led by the shooter's Win or Don't win bet when the next throw needs one.

        The craps engine refuses "no more bets" while the shooter holds no line bet (at
        the come-out, or on every throw under ``shooter_line_bet = "every-throw"``): the
        shooter places one, buying chips first when short of them.
        """
        engine: Any = casino.engine(table)
        trial = copy.deepcopy(engine)
        for player, spot, amount in _legal(casino, table, bets):
            trial.apply(PlaceBet(player=player, spot=spot, amount=amount, by=TableRole.PLAYER))
        if trial.throw_blocker(trial.state) is None:
            return bets
        shooter = engine.state.shooter
        if shooter is None:
            raise DemoRefused(f"{table}: no player may take the dice")
        if engine.state.players.get(shooter, 0) < stake:
            casino.buy_in(table, shooter, 20_000, by=CHIEF[table])
            sold[table] += 20_000
            engine = casino.engine(table)
        for spot in ("win", "dont-win"):
            line = PlaceBet(player=shooter, spot=spot, amount=stake, by=TableRole.PLAYER)
            if engine.can(line):
                return [(shooter, spot, stake), *bets]
        raise DemoRefused(f"{table}: the shooter {shooter} can place no line bet")

    def play(table: str, spots: tuple[str, ...], lo: int, rounds: int) -> None:
        engine = casino.engine(table)
        assert engine is not None
        for _ in range(rounds):
            clock.advance(minutes=3)
            state: Any = engine.state
            bets = []
            for player in sorted(state.players):
                if choose.randbelow(3) == 0:
                    continue
                spot = spots[choose.randbelow(len(spots))]
                amount = lo * (1 + choose.randbelow(4)) * 2  # even stakes: halves stay in cents
                if state.players.get(player, 0) >= amount:
                    bets.append((player, spot, amount))
            if table == "CR-1":
                bets = shooter_line_bet(table, lo * 2, bets)
            casino.play_round(table, by=CHIEF[table], bets=_legal(casino, table, bets))
            engine = casino.engine(table)
            assert engine is not None
            report.rounds[table] = report.rounds.get(table, 0) + 1

    for table, _crew, _f, lo, _hi, spots, n in TABLES:
        play(table, spots, lo, n // 2)
    clock.set(f"{DAY} 19:30")
    casino.fill("RF-1", by="T4", cashier="K1", chips=chips(1_000_000), slip="F-0001")
    casino.credit("CR-1", by="T3", cashier="K1", chips=chips(500_000), slip="C-0001")
    clock.set(f"{DAY} 21:00")
    casino.temp_close("SB-1", by="D1", reason="attendance falls during dinner")
    for table, _crew, _f, lo, _hi, spots, n in TABLES:
        if table != "SB-1":
            play(table, spots, lo, n // 4)
    clock.set(f"{DAY} 22:30")
    casino.reopen("SB-1", by="D1")
    for table, _crew, _f, lo, _hi, spots, n in TABLES:
        play(table, spots, lo, n - n // 2 - n // 4)
    clock.set("2026-03-03 03:00")
    for table, _crew, _f, lo, _hi, spots, _n in TABLES:
        chief = CHIEF[table]
        casino.announce_last_rounds(table, by=chief)
        play(table, spots, lo, 3)
        _resolve_leftovers(casino, table)
    clock.set("2026-03-03 03:40")
    for table, _crew, float_total, *_ in TABLES:
        ts = casino.table_session(table)
        figures = casino.session_figures(ts.id)
        engine = casino.engine(table)
        assert engine is not None
        house = int(engine.state.house)
        closing = float_total + figures["fills"] - figures["credits"] - sold[table] + house
        chief = CHIEF[table]
        casino.close_table(
            table, by=chief, cashier="K1", chips=chips(closing),
            seals={"DROP": f"{table}-D-0302", "TIP": f"{table}-T-0302"},
            wheel_seal="RF-1-W-0302" if table == "RF-1" else None,
        )  # fmt: skip
    clock.set("2026-03-03 04:10")
    for table, *_ in TABLES:
        casino.count_box(
            table, "DROP", by="K1", second="K2", chips=chips(sold[table]), seal=f"{table}-D-0302"
        )
    for table, *_ in TABLES:
        report.results[table] = casino.sign_result(table, by="D1").payload["data"]["result"]
    clock.set("2026-03-03 04:40")
    for table, *_ in TABLES:
        tips = 500 * (2 + choose.randbelow(40))
        casino.count_tips(table, by="K1", second="K2", chips=chips(tips), seal=f"{table}-T-0302")
    casino.tips_day_total(DAY, by="D1")
    casino.close_session(by="D1")
    casino.daily_summary(DAY, by="D1")
    casino.close_day(by="D1")
    report.head = casino.ledger.head()
    report.entries = report.head[0]
    casino.ledger.close()
    return report


def key_folder(key_dir: Path, url: str, key_id: str) -> Path:
    """The folder of one demo's public key: the database's name and the key id's first digits.

    >>> key_folder(Path("keys"), "sqlite:///var/demo.db", "ed25519:0123456789abcdef0123")
    PosixPath('keys/demo-0123456789ab')
    """
    from sqlalchemy.engine import make_url

    name = Path(make_url(url).database or "ledger").stem or "ledger"
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
    return key_dir / f"{safe}-{key_id.removeprefix('ed25519:')[:12]}"


def _require_empty(url: str) -> None:
    """Refuse a database that already holds entries, or that cannot be reached."""
    from crupier.ledger.database import DatabaseUnavailable, open_existing

    try:
        ledger = open_existing(url)
    except DatabaseUnavailable as exc:
        if exc.reason in ("missing", "no-ledger"):
            return
        raise DemoRefused(str(exc)) from None
    try:
        seq, _ = ledger.head()
    finally:
        ledger.close()
    if seq:
        raise DemoRefused(
            f"{url} already holds a ledger of {seq} entries; demo-day plays into an empty database"
        )


def _equipment(casino: Casino) -> None:
    """The homologated dice the day's dice tables need (OPS-EQ-01, -30...32)."""
    casino.register_company("EQUIPJOC", "Equipjoc SL", j_licence="J-2025-001", by="D1")
    casino.register_model("DICE-19", "DICE", homologation_ref="CRAJ-HOM-DICE-19", by="D1")
    casino.register_dice(
        {f"D-{n:04d}": f"MFR-{n:05d}" for n in range(1, 21)},
        model="DICE-19", supplier="EQUIPJOC", initials="CAS-T", size_mm="19.05", by="D1",
    )  # fmt: skip


def _legal(
    casino: Casino, table: str, bets: list[tuple[str, str, int]]
) -> list[tuple[str, str, int]]:
    """Keep the bets the engine would accept now (a place bet before a point, say)."""
    from crupier.core.layout import PlaceBet
    from crupier.core.roles import Role

    engine = casino.engine(table)
    assert engine is not None
    trial: Any = __import__("copy").deepcopy(engine)
    kept = []
    for player, spot, amount in bets:
        action = PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER)
        if trial.can(action):
            trial.apply(action)
            kept.append((player, spot, amount))
    return kept


def _resolve_leftovers(casino: Casino, table: str) -> None:
    """After the last three rounds the engine has returned every undecided bet."""
    engine = casino.engine(table)
    assert engine is not None
    assert not engine.state.bets, f"{table}: bets left after the last round"
