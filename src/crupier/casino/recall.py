"""Game recall: any round played at a table, replayed move by move from the journal.

Each round's journal entry holds the slice of the engine's log it produced (every
action and every recorded draw). Concatenated, the slices of a table session are
the engine's whole log, so replaying them rebuilds the table exactly; recall shows
the moves of the rounds asked for, with what each move produced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crupier.core.round import ScriptedSource
from crupier.ledger import Ledger


@dataclass
class Move:
    """One action of a round, its recorded draws and the events it produced."""

    action: dict[str, Any]
    draws: list[list[int]]
    events: list[dict[str, Any]]


@dataclass
class RecalledRound:
    """A round as recalled from the journal."""

    table: str
    table_session: str
    number: int
    local_time: str
    ledger_seq: int
    void: bool
    last_of_session: bool
    result: dict[str, Any]
    bets: list[dict[str, Any]]
    moves: list[Move] = field(default_factory=list)


def recall(
    ledger: Ledger, table: str, *, last: int | None = None, table_session: str | None = None
) -> list[RecalledRound]:
    """The rounds of ``table``'s latest (or the named) table session, the ``last`` N of them.

    Engine rounds are replayed from the start of the table session with the recorded
    draws only, so each move shows the events the engine produced then.
    """
    config: dict[str, Any] | None = None
    by_session: dict[str, list[tuple[str, Any]]] = {}
    order: list[str] = []
    for entry in ledger.entries():
        p = entry.payload
        if not isinstance(p, dict) or (p.get("table") != table and entry.kind != "CAS.TABLE"):
            continue
        if entry.kind == "CAS.TABLE" and p["data"]["id"] == table:
            config = p["data"]
        elif entry.kind in ("JNL.ROUND", "JNL.CHIPS_SOLD"):
            ts = p["data"]["table_session"]
            if ts not in by_session:
                order.append(ts)
            by_session.setdefault(ts, []).append((entry.kind, entry))
    if config is None:
        raise ValueError(f"no table {table!r} in these books")
    if not order:
        return []
    chosen = table_session or order[-1]
    if chosen not in by_session:
        raise ValueError(f"no table session {chosen!r} at {table}")
    game = _engine(config)
    rounds: list[RecalledRound] = []
    for kind, entry in by_session[chosen]:
        d = entry.payload["data"]
        moves = _apply(game, d.get("log", []))
        if kind != "JNL.ROUND":
            continue
        rounds.append(
            RecalledRound(
                table=table,
                table_session=chosen,
                number=d["round"],
                local_time=entry.payload["local_time"][:19].replace("T", " "),
                ledger_seq=entry.seq,
                void=d["void"],
                last_of_session=d["is_last_round_of_session"],
                result=d["result"],
                bets=d["bets"],
                moves=moves,
            )
        )
    return rounds[-last:] if last else rounds


def _engine(config: dict[str, Any]) -> Any:
    from crupier.games.catalogue import GAMES, game_module, load_profile

    if config["game"] not in GAMES:
        return None
    profile = load_profile(config["game"], config["profile"])
    return game_module(config["game"]).engine(profile, ScriptedSource([]))


def _apply(game: Any, log: list[dict[str, Any]]) -> list[Move]:
    moves = []
    for raw in log:
        if game is None:
            moves.append(Move(raw["action"], raw.get("draws", []), []))
            continue
        entry = type(game).entry_from_dict(raw)
        game.source = ScriptedSource(entry.draws)
        record = game.apply(entry.action)
        moves.append(
            Move(
                raw["action"], [list(d) for d in entry.draws], [e.to_dict() for e in record.events]
            )
        )
    return moves
