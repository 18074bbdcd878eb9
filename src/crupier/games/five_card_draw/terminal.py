"""The terminal table of five-card draw: circle poker's table with the draw.

At the draw the person writes ``draw CARDS`` (the cards he changes, e.g. ``draw 9c 4s``) or
``servit`` (he keeps his five).

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.five_card_draw import load_builtin
>>> out = StringIO()
>>> table = DrawTable("five-card-draw", load_builtin(), seed=2, console=Console(file=out, width=100))
>>> table.sit("200")
True
>>> table.command("deal"), "Deal 1" in out.getvalue()
(True, True)
"""

from __future__ import annotations

from crupier.core.errors import RuleError
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.circle_poker.terminal import PokerTable
from crupier.games.five_card_draw.actions import Draw
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown

DRAW_HELP = N_("""At the draw:
  draw CARDS           change these cards (e.g. draw 9c 4s)
  servit               keep your five cards""")


class DrawTable(PokerTable):
    """A terminal five-card draw table: the person and computer opponents."""

    def command(self, line: str) -> bool:
        words = line.strip().split()
        head = words[0].lower() if words else ""
        if head in ("help", "?"):
            self.say(_(DRAW_HELP))
        if head not in ("draw", "servit"):
            return super().command(line)
        before = len(self.poker.state.results)
        action = Draw(player=self.player, discard=tuple(words[1:]), by=Role.PLAYER)
        try:
            if self.apply(action):
                self.advance(before)
        except RuleError as exc:
            self.refuse(exc)
        return True

    def detail(self, action: Action) -> str:
        if isinstance(action, Draw):
            return " " + (str(len(action.discard)) if action.discard else _("servit"))
        return super().detail(action)

    def advance(self, results_before: int) -> None:
        super().advance(results_before)
        results = self.poker.state.results
        if len(results) > results_before and not results[-1].pots:
            carried = getattr(self.poker.state, "carried", 0)
            self.say("  " + _("the pot ({amount}) stays for the next deal").format(
                amount=shown(carried)))  # fmt: skip

    def show_table(self) -> None:
        bounds = self.poker.bounds()
        if "draw" not in bounds:
            super().show_table()
            return
        view = self.poker.view(self.player)
        self.say("  " + _("your cards: {cards}  pot: {pot}").format(
            cards=" ".join(view["deal"].get("own", [])),
            pot=shown(view["deal"]["pot"])))  # fmt: skip
        if bounds["player"] == self.player:
            self.say("  " + _("your draw: draw CARDS (at most {n}) or servit").format(
                n=bounds["draw"]))  # fmt: skip


TABLE = DrawTable

__all__ = ["TABLE", "DrawTable"]
