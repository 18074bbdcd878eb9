"""The terminal table of trente et quarante: the plain layout table, plus the insurance
fees, the stakes hit by a refait or in prison, and the rows of a coup being dealt.

Commands beyond the plain table's: ``bet rouge insured 100`` or ``insure N`` (insurance against the 31 refait), ``half N``
and ``prison N`` (the option after a refait; undeclared stakes go to prison at the next
"no more bets"), ``rows`` (the cards of the coup on the table).
"""

from __future__ import annotations

from rich.markup import escape

from crupier.core.round import Event
from crupier.games.trente_et_quarante.actions import InsurancePaid
from crupier.games.trente_et_quarante.coup import row_total
from crupier.i18n import gettext as _
from crupier.i18n import ngettext
from crupier.i18n.formats import shown
from crupier.play import TerminalTable


class TrenteEtQuaranteTable(TerminalTable):
    """A terminal table that shows the insurance and the refait status of each stake."""

    def show_event(self, event: Event) -> None:
        """Print one event; insurance fees are shown too."""
        if isinstance(event, InsurancePaid):
            who = "" if event.player == self.player else f"{event.player}: "
            self.say("  " + who + _("bet #{bet} {spot} insured against the refait: fee {fee}").format(
                bet=event.bet, spot=event.spot, fee=shown(event.fee)))  # fmt: skip
            return
        super().show_event(event)

    def show_bets(self) -> None:
        """List the player's stakes: free, insured, hit by a refait or in prison."""
        state = self.game.state
        mine = [b for b in state.bets.values() if b.player == self.player]
        if not mine:
            self.say("  " + _("no bets on the layout"))
        for b in sorted(mine, key=lambda b: b.id):
            extra = ""
            if b.status == "refait":
                extra = " [" + _("refait: choose half or prison") + "]"
            elif b.status == "prison":
                extra = " [" + ngettext("prison after {n} refait, staked {stake}",
                                        "prison after {n} refaits, staked {stake}", b.count).format(
                    n=b.count, stake=shown(b.original)) + "]"  # fmt: skip
            if b.id in state.insured:
                extra += " [" + _("insured") + "]"
            self.say(escape(f"  #{b.id} {b.spot} {shown(b.amount)}{extra}"))

    def command(self, line: str) -> bool:
        """``rows`` shows the coup on the table; everything else as the plain table."""
        if line.strip().lower() == "rows":
            state = self.game.state
            for name, row in (("noir", state.black), ("rouge", state.red)):
                shown = " ".join(str(c) for c in row) or "-"
                self.say(f"  {name}: {shown} ({row_total(row)})")
            return True
        return super().command(line)


TABLE = TrenteEtQuaranteTable
