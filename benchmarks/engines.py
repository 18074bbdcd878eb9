"""Throughput of the engines, against peer libraries, and of the exact PAR analyser.

Run: python benchmarks/engines.py [--rounds N] [--game ID ...] [--no-par]

Every figure is CPU time (``time.process_time``) of this process. For each of the
eleven catalogue games it plays N rounds on a seeded source with two players (four
at the circle games) betting every round, through the full engine (permission
checks, validation, the refusal guarantee, the log with its draws), and prints
rounds per second; then the time to replay the whole log and to compute the
exact PAR sheet.

The peers run their own loops on the same bets in the same process, when they are
installed (``pip install crupier[bench]``), and the ratio crupier / peer is
printed:

* craps against crapssim: two players, a pass line bet of 10 and a field bet of 5
  re-placed after every throw (crupier: ``win`` 1000 and ``field`` 500); a round is
  one throw of the dice;
* French roulette against penny-ante (European table): two players, red 10 and a
  straight-up 17 of 5 every spin, the winners paid from the bet's own payout
  (crupier: ``red`` 1000 and ``straight 17`` 500); a round is one spin.

The peers validate less than crupier (no table limits or units, no permission
table, no log of draws); the ratios compare the whole loop a simulation runs.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from crupier.analysis.par import par_figures, par_outcomes
from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, LayoutGame, PlaceBet
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Game
from crupier.games.catalogue import GAMES, load_profile, new_game

BETS: dict[str, list[tuple[str, int]]] = {
    "french-roulette": [("red", 1000), ("straight 17", 500)],
    "american-roulette": [("red", 1000), ("straight 17", 500)],
    "boule": [("red", 1000), ("number 5", 500)],
    "craps": [("win", 1000), ("field", 500)],
    "punto-banco": [("banker", 2000), ("player", 2000)],
    "sic-bo": [("small", 1000), ("total 9", 500)],
    "trente-et-quarante": [("rouge", 1000), ("couleur", 1000)],
    "casino-war": [("initial", 1000)],
    "monte": [("1v2", 1000)],
    "holdem-bonus": [("ante", 1000), ("bonus", 500)],
}

#: The decision each player takes when a round awaits one (casino war: go to war; Hold'em
#: Bonus: make every street's bet).
DECISIONS: dict[str, list[str]] = {"casino-war": ["war"], "holdem-bonus": ["bet"]}


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds taken by ``fn()`` and its result."""
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


# -- crupier ----------------------------------------------------------------------------------


def play_layout(game_id: str, profile: Profile, rounds: int) -> Game[Any, Any]:
    """``rounds`` rounds of a layout game: every player's bets, then the staff's round."""
    game = new_game(game_id, profile, SeededSource(1))
    assert isinstance(game, LayoutGame)
    players = ("ana", "bo")
    for p in players:
        game.apply(BuyIn(player=p, amount=10**12))
    played = 0
    while played < rounds:
        before = game.state.rounds
        for p in players:
            for spot, amount in BETS[game_id]:
                # A refusal is fine here, e.g. a line bet that is already working (a try
                # statement costs nothing when nothing is raised; the loop measures the engine).
                try:  # noqa: SIM105
                    game.apply(PlaceBet(player=p, spot=spot, amount=amount, by=Role.PLAYER))
                except RuleError:
                    pass
        for _ in range(20):
            steps = game.auto_round()
            if not steps:  # a decision is awaited: each player takes the game's DECISIONS
                for p in players:
                    decision = game.play_command(DECISIONS.get(game_id, ["war"]), p)
                    if decision is not None:
                        with contextlib.suppress(RuleError):
                            game.apply(decision)
                steps = game.auto_round()
            for action in steps:
                game.apply(action)
            if game.state.rounds > before:
                break
        played += 1
    return game


def play_chemin_de_fer(profile: Profile, rounds: int) -> Game[Any, Any]:
    """Three seated players take the bank for the minimum and stake against it."""
    game = new_game("chemin-de-fer", profile, SeededSource(1))
    a = game.actions  # the action classes by kind (wherever the game keeps them)
    for seat in (1, 2, 3):
        game.apply(BuyIn(player=f"s{seat}", amount=10**12))
        game.apply(a["take-seat"](player=f"s{seat}", seat=seat))
    game.apply(a["new-shoe"]())
    game.apply(a["offer-bank"]())
    played = 0
    p = Role.PLAYER
    while played < rounds:
        s = game.state
        if s.phase == "offer":
            offer = s.offer
            if offer.candidate is not None:
                game.apply(a["take-bank"](player=offer.candidate, amount=offer.minimum, by=p))
            else:
                bidder = next(x for x in s.players if x not in offer.excluded)
                game.apply(a["bid"](player=bidder, amount=offer.minimum, by=p))
                game.apply(a["close-auction"]())
            continue
        bank = s.bank
        if bank.coups >= 2 and bank.last == "win":
            game.apply(a["pass-hand"](player=bank.banker, by=p))
            continue
        for name in list(s.players):
            if name not in bank.shares and not any(x.player == name for x in s.stakes.values()):
                game.apply(a["stake"](player=name, amount=10_000, by=p))
        game.auto_round()  # type: ignore[attr-defined]
        played += 1
    return game


def play_baccarat_two_tables(profile: Profile, rounds: int) -> Game[Any, Any]:
    """Two seated punters bet on both tables against a banker; a new shoe at the stop card."""
    game = new_game("baccarat-two-tables", profile, SeededSource(1))
    a = game.actions
    seated = {"t1a": 1, "t1b": 2, "t2a": 6, "t2b": 7}
    for name in (*seated, "bank"):
        game.apply(BuyIn(player=name, amount=10**12))
    for name, dept in seated.items():
        game.apply(a["take-seat"](player=name, department=dept))
    game.apply(a["new-shoe"](cut_by="t1a"))
    game.apply(a["announce-bank"](banker="bank", amount=10_000_000, shoes=None, by=Role.INSPECTOR))
    played = 0
    while played < rounds:
        shoe = game.state.shoe
        if shoe is None or shoe.at_stop_card:
            game.apply(a["new-shoe"](cut_by="t1a"))
        for name, tab in (("t1a", "1"), ("t2a", "2")):
            game.apply(PlaceBet(player=name, spot=tab, amount=10_000, by=Role.PLAYER))
        game.apply(a["no-more-bets"]())
        game.play_out()  # type: ignore[attr-defined]
        if game.state.phase != "betting":
            raise SystemExit(f"baccarat-two-tables stopped in {game.state.phase}")
        played += 1
    return game


def play(game_id: str, profile: Profile, rounds: int) -> Game[Any, Any]:
    """Play ``rounds`` rounds of ``game_id`` on ``profile``."""
    if game_id == "chemin-de-fer":
        return play_chemin_de_fer(profile, rounds)
    if game_id == "baccarat-two-tables":
        return play_baccarat_two_tables(profile, rounds)
    return play_layout(game_id, profile, rounds)


# -- peers ------------------------------------------------------------------------------------


def crapssim_rounds(rounds: int) -> float | None:
    """Rolls per CPU second of crapssim on the same bets, or None if it is not installed."""
    try:
        import crapssim
        from crapssim.strategy.single_bet import BetField, BetPassLine
    except ImportError:
        return None
    table = crapssim.Table(seed=1)
    for name in ("ana", "bo"):
        table.add_player(bankroll=10**12, strategy=BetPassLine(10) + BetField(5), name=name)
    elapsed, _ = cpu(lambda: table.run(max_rolls=rounds, verbose=False))
    return table.dice.n_rolls / elapsed


def penny_ante_rounds(rounds: int) -> float | None:
    """Spins per CPU second of penny-ante on the same bets, or None if it is not installed."""
    try:
        from penny_ante import Bet, Player
        from penny_ante import Game as PennyGame
    except ImportError:
        return None

    # penny-ante reads its table rules from a YAML file its wheel does not ship: the
    # European single-zero payouts and limits that cover the bets below.
    rules = {
        "payout_ratios": {"straight_up": 35, "red": 1},
        "minimum_bet_ratios": {"global": 1},
        "maximum_bet_ratios": {"global": 1000},
        "table_limits": {"minimum_bet": 1, "maximum_bet": 10**6, "maximum_total_bet": 10**9},
        "game_rules": {},
        "special_rules": {},
    }
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "european.yaml"
        config.write_text(json.dumps(rules))  # JSON is YAML
        game = PennyGame(table_type="EUROPEAN", betting_rules_config=str(config))
    layout = game.table.layout
    players: list[Player] = []
    for name in ("ana", "bo"):
        game.add_player(name)
        player = game.players[name]
        player.buy_chips(count=10**12)
        players.append(player)

    def loop() -> None:
        for _ in range(rounds):
            placed = []
            for player in players:
                for bet in (
                    Bet.create_color_bet("red", 10, layout=layout),
                    Bet.create_straight_up_bet("17", 5, layout=layout),
                ):
                    game.place_bet(bet, player.name)
                    placed.append((player, bet))
            game.spin_wheel()
            space = game.current_space
            for player, bet in placed:
                if bet.is_winning_bet(space):
                    assert player.chips is not None
                    player.chips.change_chips(count=bet.calculate_payout(space))
            game.open_betting()

    elapsed, _ = cpu(loop)
    return rounds / elapsed


PEERS: dict[str, tuple[str, Callable[[int], float | None]]] = {
    "craps": ("crapssim", crapssim_rounds),
    "french-roulette": ("penny-ante", penny_ante_rounds),
}


#: Games whose rounds need a player's decisions, measured by a benchmark of their own.
OWN_BENCHMARK = {"blackjack": "benchmarks/blackjack.py (hands/s under the basic strategy)"}


# -- the report -------------------------------------------------------------------------------


def bench(game_id: str, rounds: int, with_par: bool) -> None:
    profile = load_profile(game_id)
    play(game_id, profile, 2)  # warm up: imports and first-use caches stay out of the figure
    elapsed, game = cpu(lambda: play(game_id, profile, rounds))
    replay, _ = cpu(lambda: type(game).replay(game.profile, game.log, **game.options))
    line = (
        f"{game_id:20s} {rounds / elapsed:8.0f} rounds/s {len(game.log) / elapsed:8.0f} actions/s"
        f"  replay {len(game.log) / replay:8.0f} actions/s"
    )
    if with_par:
        par, figures = cpu(lambda: (par_figures(game_id, profile), par_outcomes(game_id, profile)))
        line += f"  PAR {len(figures[0])} bets, {len(figures[1])} tables in {par:6.2f} s"
    print(line)
    if game_id in PEERS:
        name, peer = PEERS[game_id]
        theirs = peer(rounds)
        if theirs is None:
            print(f"{'':20s} {name}: peer not installed (pip install crupier[bench])")
        else:
            print(
                f"{'':20s} {name} {theirs:8.0f} rounds/s on the same bets: "
                f"crupier / {name} = {rounds / elapsed / theirs:.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--no-par", action="store_true", help="skip the PAR timings")
    args = parser.parse_args()
    for game_id, info in GAMES.items():
        if args.game and game_id not in args.game:
            continue
        try:
            info.game()
        except ModuleNotFoundError:
            continue
        if game_id in OWN_BENCHMARK:
            print(f"{game_id:20s} rounds need decisions: see {OWN_BENCHMARK[game_id]}")
            continue
        bench(game_id, args.rounds, not args.no_par)


if __name__ == "__main__":
    main()
