"""The circle-poker terminal table: one person against computer opponents (:mod:`.bots`).

``deal`` starts a deal; in turn the person writes ``fold``, ``check``, ``call``,
``bet AMOUNT``, ``raise AMOUNT`` (the total of his bets in the interval) or ``allin``;
the computer players act by their documented strategy until it is his turn again or the
deal ends, when the pots, the winners and the house's rake are printed.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.holdem import load_builtin
>>> out = StringIO()
>>> table = PokerTable("holdem", load_builtin(), seed=2, console=Console(file=out, width=100))
>>> table.sit("200")
True
>>> table.command("deal"), "Deal 1" in out.getvalue()
(True, True)
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from crupier.core.errors import ProfileError, RuleError
from crupier.core.layout import BuyIn
from crupier.core.money import parse_amount
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.catalogue import new_game
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    DrawSeats,
    Fold,
    Leave,
    Raise,
    StartDeal,
)
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.i18n import N_, ngettext
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.play import GO_WORDS, TerminalTable

HELP = N_("""Commands:
  deal                 start the next deal
  fold | check | call  in turn
  bet AMOUNT           the first bet of the interval (e.g. bet 4, bet 4.50)
  raise AMOUNT         raise to AMOUNT in all for this interval
  allin                all your chips
  table                the table as you see it
  log                  the deal's hand record so far
  quit                 leave the table""")


class PokerTable(TerminalTable):
    """A terminal poker table: the person (``player``) and five computer opponents."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
        opponents: int = 5,
    ) -> None:
        if not isinstance(profile, CirclePokerProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a circle-poker profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        game: Any = new_game(game_id, profile, source)
        self.poker: CirclePoker = game
        self.game = game
        self.player = player
        self.console = console or Console()
        self.bots = [f"bot{i + 1}" for i in range(min(opponents, profile.table.max_players - 1))]

    def balance(self) -> int:
        return self.poker.state.chips.get(self.player, 0)

    def sit(self, buy_in: str) -> bool:
        """Buy in, seat the computer players with as much, and draw the seats."""
        amount = parse_amount(buy_in)
        for name in (self.player, *self.bots):
            if not self.apply(BuyIn(player=name, amount=amount)):
                return False
        return self.apply(DrawSeats())

    def apply(self, action: Action) -> bool:
        try:
            self.poker.apply(action)
        except RuleError as exc:
            self.refuse(exc)
            return False
        return True

    def command(self, line: str) -> bool:
        words = line.strip().split()
        if not words:
            return True
        head, p = words[0].lower(), self.player
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head in ("help", "?"):
                self.say(_(HELP))
                return True
            if head in ("table", "view"):
                self.show_table()
                return True
            if head == "log":
                deal = self.poker.state.deal
                self.say("\n".join(deal.phh if deal else [_("no deal in progress")]))
                return True
            action: Action | None = None
            if head in GO_WORDS:
                before = len(self.poker.state.results)
                if self.apply(StartDeal()):
                    self.say("[bold]" + _("Deal {n}").format(n=self.poker.state.deals) + "[/bold]")
                    self.advance(before)
                return True
            simple = {"fold": Fold, "check": Check, "call": Call, "allin": AllIn}
            if head in simple:
                action = simple[head](player=p, by=Role.PLAYER)
            elif head in ("bet", "raise") and len(words) == 2:
                cls = Bet if head == "bet" else Raise
                action = cls(player=p, to=parse_amount(words[1]), by=Role.PLAYER)
            if action is None:
                self.say(_("refused: {words} is not understood (help lists the commands)").format(
                    words=escape(line)))  # fmt: skip
                return True
            before = len(self.poker.state.results)
            if self.apply(action):
                self.advance(before)
        except RuleError as exc:
            self.refuse(exc)
        return True

    def detail(self, action: Action) -> str:
        """What follows a computer player's action word: the amount of a bet or raise."""
        return f" {shown(action.to)}" if isinstance(action, (Bet, Raise)) else ""

    def advance(self, results_before: int) -> None:
        """The computer players act until the person's turn or the end of the deal."""
        while (deal := self.poker.state.deal) is not None and deal.to_act not in (
            None,
            self.player,
        ):
            bot = self.poker.bot_action()
            assert bot is not None
            self.say(f"  {deal.to_act}: {bot.kind}{self.detail(bot)}")
            self.poker.apply(bot)
        if len(self.poker.state.results) > results_before:
            r = self.poker.state.results[-1]
            board = " ".join(r.board)
            self.say("  " + _("board: {cards}").format(cards=board or "-"))
            for who, cards in zip(r.order, r.cards, strict=True):
                if who in r.shown or who == self.player:
                    self.say(f"  {who}: {' '.join(cards)}")
            for pot, winners in zip(r.pots, r.winners, strict=True):
                self.say("  " + _("pot {amount} to {winners}").format(
                    amount=shown(pot.amount), winners=", ".join(winners)))  # fmt: skip
            self.say("  " + _("house (rake): {rake}; your chips: {chips}. Write deal for the next "
                              "deal.").format(rake=shown(r.rake),
                                              chips=shown(self.balance())))  # fmt: skip
        else:
            self.show_table()

    def show_table(self) -> None:
        view = self.poker.view(self.player)
        deal = view.get("deal")
        if deal is None:
            self.say("  " + _("no deal; your chips {chips}; write deal").format(
                chips=shown(self.balance())))  # fmt: skip
            return
        cards = f"{' '.join(deal.get('own', []))} {' '.join(deal['up'].get(self.player, []))}"
        self.say("  " + _("your cards: {cards}  board: {board}  pot: {pot}").format(
            cards=cards, board=" ".join(deal["board"]) or "-",
            pot=shown(deal["pot"])))  # fmt: skip
        bounds = self.poker.bounds()
        if bounds.get("player") == self.player:
            parts = [_("to call {amount}").format(amount=shown(bounds["call"]))]
            for kind in ("bet", "raise"):
                if kind in bounds:
                    low, high = bounds[kind]
                    parts.append(f"{kind} {shown(low)}..{shown(high)}")
            self.say("  " + _("your turn: {choices}").format(choices="; ".join(parts)))

    def run(self, buy_in: str) -> int:
        self.say(f"[bold]crupier — {self.poker.game_id}[/bold] "
                 + _("against {n} computer players. Type help for commands.").format(
                     n=len(self.bots)))  # fmt: skip
        try:
            if not self.sit(buy_in):
                return 2
        except RuleError as exc:
            self.refuse(exc)
            return 2
        while True:
            try:
                line = self.console.input("[bold cyan]> [/bold cyan]")
            except (EOFError, KeyboardInterrupt):
                break
            if not self.command(line):
                break
        if self.poker.state.deal is None:
            self.apply(Leave(player=self.player))
        self.say(ngettext("Goodbye. {n} action in the log.", "Goodbye. {n} actions in the log.",
                          len(self.poker.log)).format(n=len(self.poker.log)))  # fmt: skip
        return 0


__all__ = ["PokerTable"]
