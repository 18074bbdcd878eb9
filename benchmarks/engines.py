"""Throughput of the engines, against peer libraries, and of the exact PAR analyser.

Run: python benchmarks/engines.py [--rounds N] [--game ID ...] [--no-par]

Every figure is CPU time (``time.process_time``) of this process. It walks every game of
the catalogue (a game it cannot play stops the run, so a new game is never left out) and
plays N rounds on a seeded source through the full engine (permission checks, validation,
the refusal guarantee, the log with its draws), and prints rounds per second, flagging any
game below the 2,000 rounds/s of issue 9; then the time to replay the whole log and to
compute the exact PAR sheet.

How each game is played:

* the layout and banking games: two players place their bets every round (the fixed
  ``BETS`` where a peer or an earlier figure uses them, else the game's main spot and the
  first two PAR bets the engine takes as spots), the croupier's steps are the engine's
  ``auto_round``, and a player's decision is "always stay in" (war, play, keep, bet), or
  at Pai Gow Poker the house way; the house keeps Pai Gow Poker's bank: whenever the bank
  is offered to a player's box, he passes it (``pass``), so the croupier banks every round;
* the blackjack family: the dealer's rule (hit below 17, never double or split); the
  basic-strategy chart is measured by ``benchmarks/blackjack.py``;
* the circle poker games: six computer opponents (``circle_poker.bots``), a round a deal;
  the time they spend choosing is the strategy's, not the table's: the deals are played
  once with them, then their decisions are applied again to a fresh table on the same
  seed (the same cards, every action validated and logged with its draws), and that is
  the figure; the choosing time (the played run less the table's) is printed apart;
* chemin de fer and two-table baccarat: their own seated punters and banker (below).

The peers run their own loops on the same bets in the same process, when they are
installed (``pip install crupier[bench]``), and the ratio crupier / peer is
printed:

* craps against crapssim: two players, a pass line bet of 10 and a field bet of 5
  re-placed after every throw (crupier: ``win`` 1000 and ``field`` 500); a round is
  one throw of the dice;
* French roulette against penny-ante (European table): two players, red 10 and a
  straight-up 17 of 5 every spin, the winners paid from the bet's own payout
  (crupier: ``red`` 1000 and ``straight 17`` 500); a round is one spin.

On a shared machine the load changes from one second to the next, so against a peer
crupier and the peer run :data:`PAIRS` times one after the other, and the ratio printed is
of the best run of each (with the range of the ratios pair by pair); the game's own line is
its first run.

The peers validate less than crupier (no table limits or units, no permission
table, no log of draws); the ratios compare the whole loop a simulation runs. A player's
bet requests (``PlaceBet``) are immutable values built once before the loop, as the
engine's own staff actions are; the engine builds every bet it accepts, its log entry and
its events anew each round, as penny-ante and crapssim build their bets.

Before each timed run the objects the process already holds (the imported modules, the
profiles, the earlier games of the run) are frozen out of the garbage collector's walks
(``gc.freeze``), as a long-running table server does after its start-up: a full
collection then walks the table's own state and log, not the whole interpreter, and a
game's figure does not depend on which games ran before it. Everything the timed game
makes is still collected as usual.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from crupier.analysis.blackjack_sim import ChartRows
from crupier.analysis.blackjack_sim import decide as chart_decision
from crupier.analysis.par import par_figures, par_outcomes
from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, LayoutGame, PlaceBet
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Game
from crupier.games.blackjack.engine import Blackjack, Stage
from crupier.games.blackjack.engine import Hit as HIT
from crupier.games.blackjack.engine import Stand as STAND
from crupier.games.catalogue import GAMES, load_profile, new_game
from crupier.games.circle_poker.engine import CirclePoker

#: Bets kept fixed where a peer plays the same ones or earlier figures were measured on them;
#: every other game's bets come from its PAR model (:func:`bets_of`).
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
    # Triple Joc's PAR names the repte only; a round is the three bets of one place.
    "triple-play": [("repte-1", 1000), ("box-1", 1000), ("poker-1", 1000)],
}

#: The words a player answers with when the round awaits his decision: the first one the
#: game's ``play_command`` understands is taken. The simple strategy is "always stay in":
#: go to war, play the Ante (the smallest multiple), keep the Trijoker bets, make every
#: street's bet, set a Pai Gow Poker hand the house way. Blackjack's family plays the
#: dealer's rule instead (:data:`DEALER_RULE`).
DECISIONS: tuple[list[str], ...] = (["war"], ["play"], ["keep"], ["bet"], ["set", "house"])

TARGET = 2_000
"""Issue 9: no game's throughput below 2,000 rounds per second."""


def bets_of(game_id: str, game: LayoutGame[Any, Any]) -> list[tuple[str, int]]:
    """The bets each player places every round: :data:`BETS`, or else the game's main
    spot (the Ante at the banking poker games) and the first two of its PAR model's bets
    that the engine takes as spots (a PAR id, or the id of its first box, ``box-1``), each
    at twice the spot's minimum."""
    if game_id in BETS:
        return BETS[game_id]
    module = GAMES[game_id].game()
    names: list[str] = []
    ante = getattr(game, "ante_spot", None)
    if isinstance(ante, str):
        names.append(ante)
    for chain in module.par(game.profile):
        bet_id = getattr(chain, "bet_id", None)
        for text in (bet_id, f"{bet_id}-1"):
            with contextlib.suppress(RuleError):
                spot = game.spot(str(text))
                if str(text) not in names:
                    names.append(str(text))
                break
        if len(names) >= 2:
            break
    out = []
    for text in names:
        spot = game.spot(text)
        out.append((text, 2 * game.minimum(spot, game.state)))
    return out


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds taken by ``fn()`` and its result."""
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


# -- crupier ----------------------------------------------------------------------------------


#: Blackjack's simple strategy here (the chart has a benchmark of its own): the dealer's
#: rule, hit below 17 and stand on 17 or more, hard or soft; never double, split or insure.
DEALER_RULE = ChartRows(hard={17: "S" * 10}, soft={}, pairs={})


def play_layout(game_id: str, profile: Profile, rounds: int) -> Game[Any, Any]:
    """``rounds`` rounds of a layout game: every player's bets, then the staff's round and
    the players' decisions (:data:`DECISIONS`, or :data:`DEALER_RULE` at blackjack)."""
    game = new_game(game_id, profile, SeededSource(1))
    assert isinstance(game, LayoutGame)
    players = ("ana", "bo")
    for p in players:
        game.apply(BuyIn(player=p, amount=10**12))
    # Each player's bet requests: immutable values, built once as the engine's own staff
    # actions are (the engine builds every bet it accepts, its record and its events anew).
    requests = [
        PlaceBet(player=p, spot=spot, amount=amount, by=Role.PLAYER)
        for p in players
        for spot, amount in bets_of(game_id, game)
    ]
    played = 0
    while played < rounds:
        before = game.state.rounds
        pass_bank(game)
        for request in requests:
            # A refusal is fine here, e.g. a line bet that is already working (a try
            # statement costs nothing when nothing is raised; the loop measures the engine).
            try:  # noqa: SIM105
                game.apply(request)
            except RuleError:
                pass
        for _ in range(40):
            if game.state.rounds > before:
                break
            steps = game.auto_round()
            if not steps:  # a decision is awaited
                if isinstance(game, Blackjack):
                    play_blackjack(game)
                else:
                    decide(game, players)
            for action in steps:
                game.apply(action)
                if game.state.rounds > before:
                    break
        else:
            raise SystemExit(f"{game_id}: a round did not end (stage {game.legal_actions()})")
        played += 1
    return game


def pass_bank(game: LayoutGame[Any, Any]) -> None:
    """Where the bank is offered to a player's box (Pai Gow Poker), he passes it on until
    the offer goes round to the house: the croupier keeps the bank."""
    while getattr(game.state, "offer", None) is not None:
        player = game.state.seats[game.state.offer]
        decision = game.play_command(["pass"], player)
        assert decision is not None
        game.apply(decision)


def decide(game: LayoutGame[Any, Any], players: tuple[str, ...]) -> None:
    """Each player answers with the first of :data:`DECISIONS` the game understands (the
    one awaited is taken, the others refused)."""
    for p in players:
        for words in DECISIONS:
            decision = game.play_command(words, p)
            if decision is not None:
                with contextlib.suppress(RuleError):
                    game.apply(decision)
                break


def play_blackjack(game: Blackjack) -> None:
    """Every hand in play by :data:`DEALER_RULE`, each by the player who controls its box."""
    while game.state.stage is Stage.PLAY:
        hand = game.current()
        assert hand is not None
        player = game.controller(game.state, hand.box)
        kind = STAND if chart_decision(game, DEALER_RULE) == "stand" else HIT
        game.apply(kind(player=player, box=hand.box, by=Role.PLAYER))


#: CPU seconds the computer opponents spent choosing, in the last :func:`bench` of a circle
#: poker game (the played run less the table's time for the same decisions).
THINKING = [0.0]


def play_circle(game_id: str, profile: Profile, rounds: int) -> Game[Any, Any]:
    """``rounds`` deals of a circle poker game: six computer opponents (the fixed strategy
    of :mod:`crupier.games.circle_poker.bots`) as the house-take simulation plays them."""
    from crupier.games.circle_poker import takes

    game: Any = new_game(game_id, profile, SeededSource(1))
    names = takes.seat_bots(game, 6)
    for _ in range(rounds):
        takes.bots_deal(game, names)
    return game


def table_of(game: Game[Any, Any]) -> Game[Any, Any]:
    """A fresh table of ``game``'s kind on the same seed, given every decision of its log in
    turn (each one validated and logged with its draws, as when it was played)."""
    table = new_game(game.game_id, game.profile, SeededSource(1))
    apply = table.apply
    for entry in game.log:
        apply(entry.action)
    return table


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
    if issubclass(GAMES[game_id].game().engine, CirclePoker):
        return play_circle(game_id, profile, rounds)
    if issubclass(GAMES[game_id].game().engine, LayoutGame):
        return play_layout(game_id, profile, rounds)
    raise SystemExit(f"{game_id}: no way to play it here; add its driver to this benchmark")


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


# -- the report -------------------------------------------------------------------------------


#: Against a peer, crupier and the peer run this many times one after the other; the ratio
#: is of the best run of each (the load of a shared machine slows both alike at best).
PAIRS = 3

#: Rounds of each run against a peer, whatever ``--rounds`` says: a run of a few thousand
#: rounds lasts some tens of milliseconds, where the machine's noise is larger than the
#: difference measured; 20,000 rounds last about half a second at either library.
PEER_ROUNDS = 20_000


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """:func:`cpu` of ``fn()`` with what the process held before it (modules, profiles, the
    earlier games' figures) kept out of the collector's walks, as a server does after its
    start-up (``gc.freeze``); what ``fn`` makes is collected as usual."""
    gc.collect()
    gc.freeze()
    try:
        return cpu(fn)
    finally:
        gc.unfreeze()


def bench(game_id: str, rounds: int, with_par: bool) -> float:
    """Play, replay and (optionally) analyse ``game_id``; print its line; the rounds/s."""
    profile = load_profile(game_id)
    play(game_id, profile, 2)  # warm up: imports and first-use caches stay out of the figure
    elapsed, game = timed(lambda: play(game_id, profile, rounds))
    thinking = ""
    if isinstance(game, CirclePoker):  # the opponents' choices are the strategy's time
        played = elapsed
        # the played table and its log are the harness's: frozen out of the measured run's
        elapsed, table = timed(lambda: table_of(game))
        if table.state != game.state:  # the same seed and decisions: the same table
            raise SystemExit(f"{game_id}: the decisions applied again gave another table")
        THINKING[0] = max(0.0, played - elapsed)
        thinking = f" (+{THINKING[0] / rounds * 1e3:.2f} ms a deal choosing)"
    replay, _ = cpu(lambda: type(game).replay(game.profile, game.log, **game.options))
    rate = rounds / elapsed
    flag = "" if rate >= TARGET else f"  BELOW {TARGET:,}"
    line = (
        f"{game_id:20s} {rate:8.0f} rounds/s {len(game.log) / elapsed:8.0f} actions/s"
        f"  replay {len(game.log) / replay:8.0f} actions/s{thinking}{flag}"
    )
    if with_par:
        par, figures = cpu(lambda: (par_figures(game_id, profile), par_outcomes(game_id, profile)))
        line += f"  PAR {len(figures[0])} bets, {len(figures[1])} tables in {par:6.2f} s"
    print(line, flush=True)
    if game_id in PEERS:
        name, peer = PEERS[game_id]
        many = max(rounds, PEER_ROUNDS)
        theirs = peer(many)
        if theirs is None:
            print(f"{'':20s} {name}: peer not installed (pip install crupier[bench])")
        else:
            ours_all, theirs_all = [], [theirs]
            for turn in range(PAIRS):  # crupier and the peer in turn, one after the other
                ours_all.append(many / timed(lambda: play(game_id, profile, many))[0])
                if turn < PAIRS - 1:
                    theirs_all.append(peer(many) or theirs)
            ratios = [a / b for a, b in zip(ours_all, theirs_all, strict=True)]
            print(
                f"{'':20s} {name} {max(theirs_all):8.0f} rounds/s on the same bets ({many:,} "
                f"rounds, best of {PAIRS}; crupier's best {max(ours_all):.0f}): crupier / {name} = "
                f"{max(ours_all) / max(theirs_all):.2f}x (pair by pair "
                f"{min(ratios):.2f}-{max(ratios):.2f}x)",
                flush=True,
            )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--no-par", action="store_true", help="skip the PAR timings")
    args = parser.parse_args()
    unknown = set(args.game or ()) - set(GAMES)
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs; CPU time of this process")
    slow: list[str] = []
    for game_id in GAMES:  # every catalogue game: one that cannot be played here stops the run
        if args.game and game_id not in args.game:
            continue
        if bench(game_id, args.rounds, not args.no_par) < TARGET:
            slow.append(game_id)
    if slow:
        print(f"below {TARGET:,} rounds/s: {', '.join(slow)}")
    else:
        print(f"every game at {TARGET:,} rounds/s or more")


if __name__ == "__main__":
    main()
