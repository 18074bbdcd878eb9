"""The Monte terminal table: the layout on screen, and a coup played in its two phases.

``go`` lays out the four cards; the player bets; ``go`` closes the bets and draws to the
end of primeres; the player may bet on the row left in play; ``go`` plays segones (and
lays out the next coup). ``table`` shows the layout, what each bet pays and the cards
annulled by doubled or tripled cards.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.monte import load_builtin
>>> out = StringIO()
>>> t = MonteTable("monte", load_builtin(), seed=1, console=Console(file=out, width=120))
>>> _ = t.command("go")
>>> "facin joc" in out.getvalue()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from crupier.core.layout import Phase
from crupier.core.money import format_ratio
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.monte.bets import Stage, cav_ratio, vista_hermosa_ratio
from crupier.games.monte.cards import POSITIONS, card_name
from crupier.games.monte.engine import Monte
from crupier.games.monte.profile import MonteProfile
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.play import GO_WORDS, TerminalTable

HELP = N_("""Monte: four cards are laid out (P1 P2 on top, P3 P4 below); bet, then go.
  No cards lie on the table at first: the first go lays them out, then you bet.
  Cards are named by their place, 1 to 4 (1 2 the top row, 3 4 the bottom row).
  go                lay out the cards / close the bets and play the phase
  table             the layout, the payouts and the annulled cards
  bet SPOT AMOUNT   e.g.  vis 1 5   camo 2 10   anti 3 10   viudo 4 10   pot 1 20
                          1v2 50 (card 1 against card 2)   12v34 50 (top row)
                          13v24 (left column)   14v23 (diagonal)   top / bottom / left / right
  primeres: every bet; segones: the row left in play, card against card and camo/anti/viudo
  If the first card drawn ends the phase, 10 % of the winnings goes to the house
  (not on Vista Hermosa).
  bets, take N, balance, buy AMOUNT, log, quit: as at every table.""")


class MonteTable(TerminalTable):
    """A terminal table for Monte: shows the layout and walks the coup's two phases."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, MonteProfile):
            raise TypeError(f"{game_id}: a Monte profile is needed, not {type(profile).__name__}")
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.monte = Monte(profile, source)
        self.game = self.monte
        self.player = player
        self.console = console or Console()

    def command(self, line: str) -> bool:
        """Run one command line (``table`` and ``help`` here, the rest as at any table)."""
        words = line.strip().split()
        head = words[0].lower() if words else ""
        if head in ("table", "layout", "cards"):
            self.show_table()
            return True
        if head in ("help", "?"):
            self.say(escape(_(HELP)))
            return True
        keep = super().command(line)
        if head in GO_WORDS:
            self.prompt()
        return keep

    def prompt(self) -> None:
        """Say what the table waits for."""
        s = self.monte.state
        if s.phase is Phase.CLOSED:
            self.say(_("The table is closed."))
        elif s.stage is Stage.NONE:
            self.say(_("No cards on the table: go to lay out the next coup."))
        elif s.phase is Phase.BETTING:
            text = (_("place your bets (every bet); go when you are done.")
                    if s.stage is Stage.PRIMERES
                    else _("place your bets (the row left in play); go when you are done."))  # fmt: skip
            self.say(f"[bold]{s.stage}[/bold]: {text}")
            self.show_table()

    def show_table(self) -> None:
        """Print the layout, the payouts and the annulled cards."""
        s, prof = self.monte.state, self.monte.profile
        lay = s.layout
        if lay is None or s.stage is Stage.NONE:
            self.say(_("No cards are laid out (go lays them out)."))
            return
        grid = Table(title=escape(_("Monte — {stage} ({colour} pack)").format(
            stage=s.stage, colour=s.pack_colour)), show_lines=True)  # fmt: skip
        grid.add_column("")
        grid.add_column(_("left"), justify="center")
        grid.add_column(_("right"), justify="center")
        for row in (0, 1):
            cells: list[Any] = [_("top") if row == 0 else _("bottom")]
            for pos in (2 * row, 2 * row + 1):
                stack = " + ".join(card_name(c) for c in lay.stacks[pos])
                down = " " + _("(face down)") if s.face_down == pos else ""
                cells.append(escape(f"{POSITIONS[pos]}: {stack} [{lay.status(pos)}]{down}"))
            grid.add_row(*cells)
        self.console.print(grid)
        if s.stage is Stage.PRIMERES:
            self.say(_("Vista Hermosa pays {vista}, camo/anti/viudo {cav}, the pot {pot}, "
                       "card bets 1:1").format(
                vista=format_ratio(vista_hermosa_ratio(prof, lay)),
                cav=format_ratio(cav_ratio(prof, lay, Stage.PRIMERES, 0)),
                pot=format_ratio(prof.payouts.pot)))  # fmt: skip
        else:
            live = 0 if s.live_row == 0 else 2
            self.say(_("Segones with P{first} and P{second}: camo/anti/viudo pay {cav}, "
                       "card bets 1:1").format(
                first=live + 1, second=live + 2,
                cav=format_ratio(cav_ratio(prof, lay, Stage.SEGONES, live))))  # fmt: skip
        if lay.burnt:
            self.say(_("Burnt: {cards}").format(cards=" ".join(card_name(c) for c in lay.burnt)))
        annulled = [
            f"{bet_type} {' '.join(sorted(card_name(c) for c in cards))}"
            for bet_type, cards in lay.annulled.items()
            if cards
        ]
        if annulled:
            self.say(_("Annulled (no win, no loss): {bets}").format(bets="; ".join(annulled)))


TABLE = MonteTable

__all__ = ["HELP", "TABLE", "MonteTable"]
