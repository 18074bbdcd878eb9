"""The Trijoker terminal table: after the deal it shows the player his three cards (and the
left community card once turned) and waits for ``withdraw`` or ``keep``.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.trijoker import load_builtin
>>> out = StringIO()
>>> table = TrijokerTable("trijoker", load_builtin(), seed=3, console=Console(file=out))
>>> table.command("buy 100"), table.command("trijoker 10"), table.command("go")
(True, True, True)
>>> "withdraw box-1 or keep it" in out.getvalue()
True
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.profile import Profile
from crupier.games.trijoker.engine import Stage, Trijoker
from crupier.i18n import gettext as _
from crupier.play import TerminalTable


class TrijokerTable(TerminalTable):
    """A terminal table for one player at Trijoker, with the two withdrawal decisions."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        super().__init__(game_id, profile, player=player, seed=seed, console=console)
        assert isinstance(self.game, Trijoker)
        self.trijoker: Trijoker = self.game

    def command(self, line: str) -> bool:
        """Run one command line; after the deal and the first card, ask for the decision."""
        logged = len(self.trijoker.log)
        keep = super().command(line)
        if keep and len(self.trijoker.log) != logged:
            self.ask()
        return keep

    def ask(self) -> None:
        """Say whose decision it is; to the player, his cards and the box he decides."""
        box = self.trijoker.pending()
        state = self.trijoker.state
        if box is None:
            return
        if box.player != self.player:
            self.say("  " + _("waiting for {player} (box {box})").format(
                player=box.player, box=box.seat))  # fmt: skip
            return
        which = "box-1" if state.stage is Stage.BOX_1 else "box-2"
        left = ""
        if state.stage is Stage.BOX_2:
            left = "; " + _("left community card {card}").format(card=state.community[0])
        cards = " ".join(map(str, box.cards))
        self.say("[bold]" + _("Your cards: {cards}").format(cards=cards) + left + "[/bold] "
                 + _("— withdraw {box} or keep it").format(box=which))  # fmt: skip


TABLE = TrijokerTable

__all__ = ["TABLE", "TrijokerTable"]
