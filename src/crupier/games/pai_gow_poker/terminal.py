"""The Pai Gow Poker terminal table: the shared banking poker table; after the deal it shows
the player his seven cards and waits for ``set C1 C2`` (his low hand) or ``set house``.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.pai_gow_poker import load_builtin
>>> out = StringIO()
>>> table = PaiGowTable("pai-gow-poker", load_builtin(), seed=3, console=Console(file=out, width=200))
>>> table.command("buy 100"), table.command("main 10"), table.command("go")
(True, True, True)
>>> "set house" in out.getvalue()
True
>>> table.command("set house"), table.poker.state.stage.value
(True, 'betting')
>>> "bank (take it) or pass" in out.getvalue()  # the bank goes round: offered to him
True
>>> table.command("pass"), table.poker.state.offer
(True, None)
"""

from __future__ import annotations

from rich.markup import escape

from crupier.games.banking_poker import Stage
from crupier.games.banking_poker_table import BankingPokerTable
from crupier.i18n import gettext as _


class PaiGowTable(BankingPokerTable):
    """One player at a Pai Gow Poker table: he sets his hands after the deal."""

    def ask(self) -> None:
        """To the player the bank is offered to: how to take it or pass; to the player whose
        hand is not set: his seven cards and how to set them."""
        state = self.poker.state
        if state.offer is not None and state.seats.get(state.offer) == self.player:
            self.say("[bold]" + escape(_("The bank is offered to you: bank (take it) or pass"))
                     + "[/bold]")  # fmt: skip
            return
        box = self.poker.pending()
        if box is None or self.poker.state.stage is not Stage.DECISIONS:
            return
        if box.player != self.player:
            self.say("  " + escape(_("waiting for {player} (box {box}) to set his hands").format(
                player=box.player, box=box.seat)))  # fmt: skip
            return
        cards = " ".join(map(str, box.cards))
        text = _("Your cards: {cards} — set C1 C2 (your two-card low hand) or set house "
                 "(the house way)").format(cards=cards)  # fmt: skip
        self.say(f"[bold]{escape(text)}[/bold]")


TABLE = PaiGowTable

__all__ = ["TABLE", "PaiGowTable"]
