"""The pit's numbers, live: per table drop, win, hold, fills and credits; per player a rating
with the theoretical win from the exact PAR sheet; who deals at each table and since when.

Definitions (docs/server.md, "The pit's numbers"):

- **drop**: the cash changed for chips at the table (its ``CHIPS_SOLD`` entries), and once
  the drop box is counted, the count;
- **win**: the house's net from the journal's settled rounds (exact, live), and the book
  result ``closing + credits + drop - opening - fills`` once the table is closed and counted;
- **hold %**: win ÷ drop;
- at a **poker table** (a circle game) the chips the players bring are table stakes, not
  drop: its drop stays empty (and so its hold), its win is the house's cut (the rake or
  time charged), and it shows the players' ``chips_in`` (buy-ins), ``chips_out`` (stacks
  taken away), the ``cut`` and the chips ``in_play``;
- **theoretical win** of a player: Σ over their decided bets of the amount × the house edge
  of that bet in the PAR sheet of the table's profile (in cents: the exact fraction, and
  rounded to two decimals of a cent for display);
- **actual win** from a player: chips bought − chips held − chips still on the layout.

>>> hold(1500, 10000)
15.0
"""

from __future__ import annotations

import datetime as dt
import threading
from fractions import Fraction
from typing import Any

from crupier.casino import Casino
from crupier.casino.model import TableSession
from crupier.casino.poker_chips import PokerTableChips
from crupier.casino.tables import is_poker

_PAR: dict[tuple[str, str], dict[str, Fraction]] = {}
_PAR_LOCK = threading.Lock()


def hold(win: int | None, drop: int | None) -> float | None:
    """Hold percentage, to two decimals (``None`` without a drop)."""
    if win is None or not drop:
        return None
    return round(100 * win / drop, 2)


def house_edges(game: str, profile_name: str) -> dict[str, Fraction]:
    """The exact house edge of every bet of the game's PAR sheet (computed once)."""
    key = (game, profile_name)
    with _PAR_LOCK:
        if key not in _PAR:
            from crupier.analysis.par import par_figures
            from crupier.games.catalogue import load_profile

            figures = par_figures(game, load_profile(game, profile_name))
            _PAR[key] = {f.bet_id: f.house_edge for f in figures}
        return _PAR[key]


def edge_of(casino: Casino, table_id: str, spot: str) -> Fraction | None:
    """The house edge of a bet on ``spot`` at the table (``None``: not in the PAR sheet)."""
    table = casino.tables[table_id]
    edges = house_edges(table.game, table.profile)
    if spot in edges:
        return edges[spot]
    engine = casino.engine(table_id)
    find = getattr(engine, "spot", None)
    if find is None:
        return None
    try:
        bet_type = getattr(find(spot), "bet_type", None)
    except ValueError:
        return None
    return edges.get(str(bet_type)) if bet_type is not None else None


def _utc(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def pit_numbers(casino: Casino, *, date: str | None = None) -> dict[str, Any]:
    """The numbers of every table session of gaming day ``date`` (default: the current day)."""
    current = casino.current_day()
    day = date or (current.date if current is not None else None)
    sessions = [ts for ts in casino.table_sessions.values() if ts.gaming_day == day]
    tables = []
    players: dict[tuple[str, str], dict[str, Any]] = {}
    for ts in sorted(sessions, key=lambda s: s.id):
        tables.append(_table(casino, ts, players))
    ratings = []
    for (player, table_id), r in sorted(players.items()):
        decided = r["rounds"]
        theo = r["theo"]
        ratings.append(
            {
                "player": player,
                "table": table_id,
                "rounds": decided,
                "time_played_s": r["time_played_s"],
                "wagered": r["wagered"],
                "average_bet": round(r["wagered"] / decided) if decided else 0,
                "theoretical_win": round(float(theo), 2),
                "theoretical_win_exact": f"{theo.numerator}/{theo.denominator}",
                "actual_win": r["actual_win"],
                "bets_without_edge": r["unknown"],
            }
        )
    return {"gaming_day": day, "tables": tables, "players": ratings}


def _table(casino: Casino, ts: TableSession, players: dict[tuple[str, str], Any]) -> dict[str, Any]:
    table = casino.tables[ts.table]
    figures = casino.session_figures(ts.id)
    engine = casino.engine(ts.table) if table.session == ts.id else None
    poker = is_poker(table.game)
    sold: dict[str, int] = {}
    for raw in casino.engine_logs.get(ts.id, []) + casino.live_logs.get(ts.id, []):
        action = raw["action"]
        if action["kind"] == "buy-in" and not poker:  # a poker buy-in is table stakes
            sold[action["player"]] = sold.get(action["player"], 0) + int(action["amount"])
    journal_net = 0
    rotation: list[dict[str, Any]] = []
    times: dict[str, list[dt.datetime]] = {}
    for seq in ts.rounds:
        entry = casino.ledger.get(seq)
        data = entry.payload["data"]
        at = _utc(entry.payload["event_time"])
        journal_net += int(data.get("house_net", 0))
        dealer = str(data.get("launched_by", ""))
        if rotation and rotation[-1]["dealer"] == dealer:
            rotation[-1]["until"] = entry.payload["event_time"]
            rotation[-1]["rounds"] += 1
        else:
            rotation.append(
                {"dealer": dealer, "since": entry.payload["event_time"],
                 "until": entry.payload["event_time"], "rounds": 1}
            )  # fmt: skip
        if data.get("void"):
            continue
        in_round: set[str] = set()
        for bet in data.get("bets", []):
            key = (bet["player"], ts.table)
            r = players.setdefault(
                key,
                {"rounds": 0, "wagered": 0, "theo": Fraction(0), "unknown": 0,
                 "time_played_s": 0, "actual_win": 0},
            )  # fmt: skip
            r["wagered"] += int(bet["amount"])
            edge = edge_of(casino, ts.table, bet["spot"])
            if edge is None:
                r["unknown"] += 1
            else:
                r["theo"] += int(bet["amount"]) * edge  # in cents, exact
            in_round.add(bet["player"])
            times.setdefault(bet["player"], []).append(at)
        for player in in_round:
            players[(player, ts.table)]["rounds"] += 1
    for player, seen in times.items():
        players[(player, ts.table)]["time_played_s"] = int((max(seen) - min(seen)).total_seconds())
    if engine is not None:
        state = engine.state
        on_layout: dict[str, int] = {}
        for bet in getattr(state, "bets", {}).values():
            on_layout[bet.player] = on_layout.get(bet.player, 0) + bet.amount
        for player, bought in sold.items():
            held = int(getattr(state, "players", {}).get(player, 0))
            actual = bought - held - on_layout.get(player, 0)
            r = players.setdefault(
                (player, ts.table),
                {"rounds": 0, "wagered": 0, "theo": Fraction(0), "unknown": 0,
                 "time_played_s": 0, "actual_win": 0},
            )  # fmt: skip
            r["actual_win"] = actual
    drop_sold = sum(sold.values())
    counted = figures.get("drop")
    drop = counted if counted is not None or poker else drop_sold
    win = figures.get("result") if figures.get("result") is not None else journal_net
    duty = rotation[-1] if rotation else None
    extra: dict[str, Any] = {}
    if poker:  # the players' chips in and out, and the house's cut (its win)
        chips = casino.poker_chips.get(ts.id, PokerTableChips())
        extra = {"chips_in": chips.chips_in, "chips_out": chips.chips_out, "cut": chips.cut,
                 "in_play": chips.in_play}  # fmt: skip
    return {
        "table": ts.table,
        "game": table.game,
        "table_session": ts.id,
        "state": str(table.state) if table.session == ts.id else "CLOSED",
        "drop": drop,
        "drop_counted": counted is not None,
        "chips_sold": drop_sold,
        "win": win,
        "journal_net": journal_net,
        "book_result": figures.get("result"),
        "hold_pct": hold(win, drop),
        "opening_float": figures.get("opening_float"),
        "fills": figures.get("fills", 0),
        "credits": figures.get("credits", 0),
        "rounds": len(ts.rounds),
        "crew": dict(ts.staff),
        "dealer_on_duty": None if duty is None else duty["dealer"],
        "dealer_since": None if duty is None else duty["since"],
        "rotation": rotation,
        **extra,
    }
