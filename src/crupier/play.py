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
from crupier.core.money import parse_amount
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, Record
from crupier.games.catalogue import game_module, new_game
from crupier.i18n import N_, language, localised, ngettext
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.i18n.names import game_name, phase_name

HELP = N_("""Commands:
  bet SPOT AMOUNT   place chips on a spot of this game (its spots are listed below;
                    "bet" may be left out: SPOT AMOUNT)
  go                run the round: no more bets, the result, settlement
  table             the table: phase, last results, every bet on the layout
  bets              your bets on the layout
  take N            take down bet number N (where the rules allow it)
  balance           your chips in hand
  buy AMOUNT        buy more chips
  log               the session's log (actions and draws) as JSON
  help              this help
  quit              take down what may be taken down, cash out and leave""")

DECISIONS: dict[str, str] = {"push": N_("push"), "refund": N_("refund")}
FIELDS: dict[str, str] = {"point": N_("point"), "shooter": N_("shooter"), "stage": N_("stage")}

GO_WORDS = {"go", "spin", "roll", "throw", "launch", "deal"}


def _phase(phase: str) -> str:
    """The phase as the table shows it: its code in English, the croupier's call otherwise."""
    return phase if language() == "en" else phase_name(phase)


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
            self.say("  " + who + _("bet #{bet} {spot} {amount} accepted").format(
                bet=event.bet, spot=event.spot, amount=shown(event.amount)))  # fmt: skip
        elif isinstance(event, ResultEvent):
            self.say("[bold]" + _("Result: {result}").format(result=escape(_(event.announcement)))
                     + "[/bold]")  # fmt: skip
        elif isinstance(event, Settled):
            who = "" if event.player == self.player else f"{event.player}: "
            stake = shown(event.stake)
            if event.decision == "win":
                line = f"  {who}{event.spot} {stake}: [green]" + _("wins +{win}").format(
                    win=shown(event.win)) + "[/green] " + _("(returned {returned})").format(
                    returned=shown(event.returned))  # fmt: skip
            elif event.decision == "lose":
                line = f"  {who}{event.spot} {stake}: [red]" + _("loses") + "[/red]"
            elif event.decision in ("push", "refund"):
                line = f"  {who}{event.spot} {stake}: " + _(
                    "{decision}, {returned} returned (net {net})").format(
                    decision=_(DECISIONS[event.decision]), returned=shown(event.returned),
                    net=shown(event.net))  # fmt: skip
            else:
                line = f"  {who}{event.spot} {stake}: {event.decision}"
                if event.net:
                    line += " " + _("(net {net})").format(net=shown(event.net))
            self.say(line)
        elif isinstance(event, Note):
            text = _(event.text)
            if text == "no more bets" and language() != "en":
                text = phase_name("no-more-bets")  # the croupier's call: "no va més"
            self.say(f"  [dim]{escape(text)}[/dim]")

    def refuse(self, exc: RuleError) -> None:
        """Print a refusal with its code and reason."""
        self.say("[red]" + _("refused") + f"[/red] {escape(f'[{exc.code}] {localised(exc)}')}")

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
            self.say("  " + _("no bets on the layout"))
        for b in sorted(mine, key=lambda b: b.id):
            extra = escape(f" [{b.status}]") if b.status != "free" else ""
            extra += " " + _("on {point}").format(point=b.point) if b.point is not None else ""
            self.say(f"  #{b.id} {b.spot} {shown(b.amount)}{extra}")

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
                self.say(escape(_(HELP)))
                if self.game.play_help:
                    self.say(escape(_(self.game.play_help)))
            elif head in GO_WORDS and len(words) > 1:
                special = self.game.play_command(words, self.player)
                if special is None:
                    self.say(escape(_(
                        "refused: {words} is not understood here; write {head} alone "
                        "(help lists the commands)").format(words=" ".join(words), head=head)))  # fmt: skip
                else:
                    self.apply(special)
            elif head in GO_WORDS:
                for action in self.game.auto_round():
                    if not self.apply(action):
                        break
                self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
            elif head == "bets":
                self.show_bets()
            elif head in ("table", "view"):
                self.show_table()
            elif head == "balance":
                self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
            elif head == "buy" and len(words) == 2:
                amount = parse_amount(words[1])
                self.apply(BuyIn(player=self.player, amount=amount))
            elif head == "take" and len(words) == 2:
                number = words[1].lstrip("#")
                if not number.isdigit():
                    raise MalformedAmount(
                        _("{text} is not a bet number").format(text=repr(words[1])))  # fmt: skip
                self.apply(TakeDown(player=self.player, bet=int(number), by=Role.PLAYER))
            elif head == "log":
                self.say(json.dumps([e.to_dict() for e in self.game.log], indent=1))
            else:
                rest = words[1:] if head == "bet" else words
                if head == "bet" and len(words) == 2 and self.names_spot("bet"):
                    rest = words  # "bet AMOUNT" where the game's spot is called bet
                special = self.game.play_command(rest, self.player) if rest else None
                if special is not None:
                    self.apply(special)
                else:
                    self.bet(rest)
        except RuleError as exc:
            self.refuse(exc)
        return True

    def show_table(self) -> None:
        """Print what anyone standing at the table sees: phase, results and the bets."""
        view = self.game.view()
        results = ", ".join(str(r) for r in view.get("last_results", [])) or _("none yet")
        self.say("  " + escape(_("phase: {phase}; rounds: {rounds}; last: {results}").format(
            phase=_phase(str(view.get("phase"))), rounds=view.get("rounds"), results=results)))  # fmt: skip
        extra = {k: v for k, v in view.items() if k in ("point", "shooter", "stage")}
        if extra:
            self.say("  " + "; ".join(f"{_(FIELDS[k])}: {v}" for k, v in extra.items()))
        bets = view.get("bets", [])
        if not bets:
            self.say("  " + _("no bets on the layout"))
        for b in bets:
            self.say(f"  #{b['id']} {b['player']}: {b['spot']} {shown(b['amount'])}")

    def names_spot(self, text: str) -> bool:
        """Whether ``text`` names a spot of this game (Pai Gow Poker's main bet is ``bet``,
        so its ``bet 10`` is that spot and 10.00, as its help says).

        >>> from crupier.games.catalogue import load_profile
        >>> TerminalTable("pai-gow-poker", load_profile("pai-gow-poker")).names_spot("bet")
        True
        >>> TerminalTable("french-roulette", load_profile("french-roulette")).names_spot("bet")
        False
        """
        spot = getattr(self.game, "spot", None)
        if spot is None:
            return False
        try:
            spot(text)
        except RuleError:
            return False
        return True

    def bet(self, words: list[str]) -> None:
        """``SPOT... AMOUNT``: place a bet."""
        if len(words) < 2:
            self.say(_("write: bet SPOT AMOUNT   (help lists the commands)"))
            return
        amount = parse_amount(words[-1])
        if amount <= 0:
            raise MalformedAmount(
                _("{amount} is not a valid stake").format(amount=shown(amount)))  # fmt: skip
        self.apply(
            PlaceBet(player=self.player, spot=" ".join(words[:-1]), amount=amount, by=Role.PLAYER)
        )

    def run(self, buy_in: str) -> int:
        """The interactive loop; returns the exit status."""
        info = self.game
        self.say(
            f"[bold]crupier — {escape(game_name(info.game_id))}[/bold] "
            + escape(_("({profile} rules). Minimum {minimum}. Type help for commands.").format(
                profile=info.profile.profile, minimum=shown(info.profile.limits.minimum)))
        )  # fmt: skip
        try:
            if not self.apply(BuyIn(player=self.player, amount=parse_amount(buy_in))):
                return 2
        except RuleError as exc:
            self.refuse(exc)
            return 2
        self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
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
        """Take down every bet the rules let go, cash out, and print the final balance.

        A bet that may not be taken down (a Win bet with its point set, a stake in
        prison) stays on the layout until decided; the player is told which and how much.
        """
        state = self.game.state
        mine = sorted(
            (b for b in state.bets.values() if b.player == self.player), key=lambda b: b.id
        )
        for b in mine:
            try:
                self.show(self.game.apply(TakeDown(player=self.player, bet=b.id, by=Role.PLAYER)))
            except RuleError as exc:
                self.say(f"  #{b.id} {b.spot} {shown(b.amount)} "
                         + _("stays: {reason}").format(reason=escape(str(exc))))  # fmt: skip
        state = self.game.state
        left = sum(b.amount for b in state.bets.values() if b.player == self.player)
        in_hand = self.balance()
        if self.player in state.players and not left:
            self.apply(CashOut(player=self.player))
        if left:
            self.say(_("Final balance: {in_hand} in chips, and {left} still on the layout until "
                       "decided.").format(in_hand=shown(in_hand),
                                          left=shown(left)))  # fmt: skip
        else:
            self.say(_("Final balance: {amount} cashed out.").format(amount=shown(in_hand)))
        n = len(self.game.log)
        self.say(ngettext("Goodbye. {n} action in the log.", "Goodbye. {n} actions in the log.",
                          n).format(n=n))  # fmt: skip


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
