"""The El Repte terminal table: after a tie the player chooses war or surrender.

It drives :class:`~crupier.games.casino_war.CasinoWar` like the plain
:class:`~crupier.play.TerminalTable` drives a layout game (bets by name, ``go`` deals the
round), and adds the decision inside the round: on a tie it asks, ``war`` places the
challenge bet and the war is dealt at once, ``surrender`` gives back half the initial bet.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.casino_war import load_builtin
>>> table = CasinoWarTable("casino-war", load_builtin(), seed=1, console=Console(file=StringIO()))
>>> table.command("buy 100"), table.balance()
(True, 10000)
>>> table.command("initial 10"), table.balance()
(True, 9000)
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.errors import ProfileError
from crupier.core.money import share
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.casino_war.engine import CasinoWar
from crupier.games.casino_war.profile import CasinoWarProfile
from crupier.games.casino_war.showdown import Stage
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.play import GO_WORDS, TerminalTable

DECISION_WORDS = {"war", "challenge", "repte", "go-to-war", "surrender", "rendir", "fold"}


class CasinoWarTable(TerminalTable):
    """A terminal table for one player at El Repte, with the war decision."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, CasinoWarProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not an El Repte profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.war = CasinoWar(profile, source)
        self.game = self.war
        self.player = player
        self.console = console or Console()

    def command(self, line: str) -> bool:
        """Run one command line; a tie stops the round until ``war`` or ``surrender``."""
        words = line.strip().split()
        head = words[0].lower() if words else ""
        if head in GO_WORDS and self.war.state.stage is Stage.WAR_DECISION:
            self.ask()
            return True
        rounds, logged = self.war.state.rounds, len(self.war.log)
        keep = super().command(line)
        if not keep:
            return keep
        if self.war.state.stage is Stage.WAR_DEAL:
            for action in self.war.auto_round():
                if not self.apply(action):
                    break
        if self.war.state.stage is Stage.WAR_DECISION and len(self.war.log) != logged:
            self.ask()
        elif self.war.state.rounds != rounds and head in DECISION_WORDS:
            self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
        return keep

    def ask(self) -> None:
        """Say who decides now, and what each choice means for the player's box."""
        box = self.war.pending()
        if box is None:
            return
        if box.player != self.player:
            self.say("  " + _("waiting for {player} (box {box}) to choose war or surrender").format(
                player=box.player, box=box.seat))  # fmt: skip
            return
        initial = next(
            b
            for b in self.war.state.bets.values()
            if b.player == self.player and b.spot == "initial"
        )
        profile = self.war.profile
        back = share(initial.amount, 1 - profile.payouts.surrender_loss, profile.limits.rounding, 1)
        self.say("[bold]" + _("Tie!") + "[/bold] " + _(
            "war: put {stake} more on a challenge bet and play one more card; "
            "surrender: get {back} back").format(stake=shown(initial.amount),
                                                 back=shown(back)))  # fmt: skip


TABLE = CasinoWarTable

__all__ = ["TABLE", "CasinoWarTable"]
