"""A terminal table: a person buys in, bets by name and amount, and plays rounds.

It drives the same engine as everything else: each command becomes an action
(the player's bets as ``Role.PLAYER``, the round run by the croupier's actions
from :meth:`~crupier.core.layout.LayoutGame.auto_round`), and every refusal is
printed with its code and reason.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from crupier.core.errors import MalformedAmount, RuleError
from crupier.core.layout import (
    BetPlaced,
    BuyIn,
    CashOut,
    LayoutGame,
    Note,
    PlaceBet,
    ResultEvent,
    Settled,
    TakeDown,
)
from crupier.core.money import format_amount, parse_amount
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, Record
from crupier.games.catalogue import game_module, new_game

HELP = """Commands:
  bet SPOT AMOUNT   place chips, e.g.  bet red 10   bet split 8 11 5   (or just: red 10)
  go                run the round: no more bets, the result, settlement
  bets              your bets on the layout
  take N            take down bet number N (where the rules allow it)
  balance           your chips in hand
  buy AMOUNT        buy more chips
  log               the session's log (actions and draws) as JSON
  help              this help
  quit              cash out and leave"""

GO_WORDS = {"go", "spin", "roll", "throw", "launch", "deal"}


class TerminalTable:
    """An interactive table for one player at a layout game."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        source = SeededSource(seed) if seed is not None else SystemSource()
        game = new_game(game_id, profile, source)
        self.game: LayoutGame[Any, Any] = game  # type: ignore[assignment]
        self.player = player
        self.console = console or Console()

    # -- output ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Print a line."""
        self.console.print(text, highlight=False)

    def show(self, record: Record) -> None:
        """Print what an applied action produced."""
        for event in record.events:
            self.show_event(event)

    def show_event(self, event: Event) -> None:
        """Print one event."""
        if isinstance(event, BetPlaced):
            who = "" if event.player == self.player else f"{event.player}: "
            self.say(f"  {who}bet #{event.bet} {event.spot} {format_amount(event.amount)} accepted")
        elif isinstance(event, ResultEvent):
            self.say(f"[bold]Result: {event.announcement}[/bold]")
        elif isinstance(event, Settled):
            who = "" if event.player == self.player else f"{event.player}: "
            stake = format_amount(event.stake)
            if event.decision == "win":
                line = (
                    f"  {who}{event.spot} {stake}: [green]wins +{format_amount(event.win)}[/green]"
                )
                line += f" (returned {format_amount(event.returned)})"
            elif event.decision == "lose":
                line = f"  {who}{event.spot} {stake}: [red]loses[/red]"
            elif event.decision in ("push", "refund"):
                line = f"  {who}{event.spot} {stake}: {event.decision}, "
                line += f"{format_amount(event.returned)} returned (net {format_amount(event.net)})"
            else:
                line = f"  {who}{event.spot} {stake}: {event.decision}"
                if event.net:
                    line += f" (net {format_amount(event.net)})"
            self.say(line)
        elif isinstance(event, Note):
            self.say(f"  [dim]{escape(event.text)}[/dim]")

    def refuse(self, exc: RuleError) -> None:
        """Print a refusal with its code and reason."""
        self.say(f"[red]refused[/red] {escape(f'[{exc.code}] {exc}')}")

    # -- commands -----------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Apply an action, printing its events or the refusal."""
        try:
            self.show(self.game.apply(action))
        except RuleError as exc:
            self.refuse(exc)
            return False
        return True

    def balance(self) -> int:
        """The player's chips in hand."""
        players: dict[str, int] = self.game.state.players
        return players.get(self.player, 0)

    def show_bets(self) -> None:
        """List the player's bets."""
        mine = [b for b in self.game.state.bets.values() if b.player == self.player]
        if not mine:
            self.say("  no bets on the layout")
        for b in sorted(mine, key=lambda b: b.id):
            extra = escape(f" [{b.status}]") if b.status != "free" else ""
            extra += f" on {b.point}" if b.point is not None else ""
            self.say(f"  #{b.id} {b.spot} {format_amount(b.amount)}{extra}")

    def command(self, line: str) -> bool:
        """Run one command line; return False to leave the table."""
        words = line.strip().split()
        if not words:
            return True
        head = words[0].lower()
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head in ("help", "?"):
                self.say(HELP)
                if self.game.play_help:
                    self.say(self.game.play_help)
            elif head in GO_WORDS:
                for action in self.game.auto_round():
                    if not self.apply(action):
                        break
                self.say(f"Balance: {format_amount(self.balance())}")
            elif head == "bets":
                self.show_bets()
            elif head == "balance":
                self.say(f"Balance: {format_amount(self.balance())}")
            elif head == "buy" and len(words) == 2:
                amount = parse_amount(words[1])
                self.apply(BuyIn(player=self.player, amount=amount))
            elif head == "take" and len(words) == 2:
                number = words[1].lstrip("#")
                if not number.isdigit():
                    raise MalformedAmount(f"{words[1]!r} is not a bet number")
                self.apply(TakeDown(player=self.player, bet=int(number), by=Role.PLAYER))
            elif head == "log":
                self.say(json.dumps([e.to_dict() for e in self.game.log], indent=1))
            else:
                special = self.game.play_command(words, self.player)
                if special is not None:
                    self.apply(special)
                else:
                    self.bet(words[1:] if head == "bet" else words)
        except RuleError as exc:
            self.refuse(exc)
        return True

    def bet(self, words: list[str]) -> None:
        """``SPOT... AMOUNT``: place a bet."""
        if len(words) < 2:
            self.say("write: bet SPOT AMOUNT   (help lists the commands)")
            return
        amount = parse_amount(words[-1])
        self.apply(
            PlaceBet(player=self.player, spot=" ".join(words[:-1]), amount=amount, by=Role.PLAYER)
        )

    def run(self, buy_in: str) -> int:
        """The interactive loop; returns the exit status."""
        info = self.game
        self.say(
            f"[bold]crupier — {info.game_id}[/bold] ({info.profile.profile} rules). "
            f"Minimum {format_amount(info.profile.limits.minimum)}. Type help for commands."
        )
        try:
            if not self.apply(BuyIn(player=self.player, amount=parse_amount(buy_in))):
                return 2
        except RuleError as exc:
            self.refuse(exc)
            return 2
        self.say(f"Balance: {format_amount(self.balance())}")
        while True:
            try:
                line = self.console.input("[bold cyan]> [/bold cyan]")
            except (EOFError, KeyboardInterrupt):
                break
            if not self.command(line):
                break
        self.leave()
        return 0

    def leave(self) -> None:
        """Cash out if nothing is left on the layout, and say goodbye."""
        if any(b.player == self.player for b in self.game.state.bets.values()):
            self.say("Bets are still on the layout; they stay with the table.")
        elif self.player in self.game.state.players:
            self.apply(CashOut(player=self.player))
        self.say(f"Goodbye. {len(self.game.log)} actions in the log.")


def terminal_for(game_id: str) -> type[TerminalTable]:
    """The terminal table class of ``game_id``.

    Layout games use :class:`TerminalTable` itself; a game with decisions of its
    own (a player-banker, war or surrender) provides a subclass as ``TABLE`` in the
    module its ``GAME.terminal`` names (``crupier.games.<game>.terminal``).

    >>> terminal_for("sic-bo").__name__, terminal_for("monte").__name__
    ('TerminalTable', 'MonteTable')
    """
    name = game_module(game_id).terminal
    if name is None:
        return TerminalTable
    table = getattr(importlib.import_module(name), "TABLE", None)
    if not (isinstance(table, type) and issubclass(table, TerminalTable)):
        raise TypeError(f"{name}.TABLE is not a TerminalTable class")
    return table
