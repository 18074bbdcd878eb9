"""The Texas Hold'em Bonus terminal table: the player sees his two cards and the common
cards, and answers each street with ``bet`` (or ``raise``), ``check`` or ``fold``; the dealer's
cards follow at once.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.holdem_bonus.profile import load_builtin
>>> out = StringIO()
>>> table = HoldemBonusTable("holdem-bonus", load_builtin(), seed=3,
...                          console=Console(file=out, width=100))
>>> table.command("buy 100"), table.command("ante 10"), table.command("go")
(True, True, True)
>>> "your cards" in out.getvalue(), table.command("bet"), table.balance()
(True, True, 7000)
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.holdem_bonus.actions import DECISION_STREET, Stage
from crupier.games.holdem_bonus.engine import HoldemBonus
from crupier.games.holdem_bonus.profile import HoldemBonusProfile
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.play import GO_WORDS, TerminalTable

DECISION_WORDS = {"bet", "raise", "play", "check", "pass", "fold"}


class HoldemBonusTable(TerminalTable):
    """A terminal table for one player at Texas Hold'em Bonus."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, HoldemBonusProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a Hold'em Bonus profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.holdem = HoldemBonus(profile, source)
        self.game = self.holdem
        self.player = player
        self.console = console or Console()

    def command(self, line: str) -> bool:
        """Run one command line; a decision word in the player's turn answers the street."""
        words = line.strip().split()
        head = words[0].lower() if len(words) == 1 else ""
        stage = self.holdem.state.stage
        if head in DECISION_WORDS and stage in DECISION_STREET:
            action = self.holdem.play_command(words, self.player)
            if action is not None and self.apply(action):
                self.follow()
            return True
        if head in GO_WORDS and stage in DECISION_STREET:
            self.ask()
            return True
        keep = super().command(line)
        if keep and head in GO_WORDS:
            self.ask()
        return keep

    def follow(self) -> None:
        """The dealer's cards up to the next decision, then the question (or the balance)."""
        rounds = self.holdem.state.rounds
        while self.holdem.state.stage not in DECISION_STREET and self.holdem.state.stage not in (
            Stage.BETTING,
        ):
            steps = self.holdem.auto_round()
            if not steps or not all(self.apply(a) for a in steps):
                break
        if self.holdem.state.rounds != rounds:
            self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
        else:
            self.ask()

    def ask(self) -> None:
        """Show the player's cards and the board, and what he may do now."""
        s = self.holdem.state
        box = next((b for b in s.boxes if b.player == self.player), None)
        if box is None or s.stage not in DECISION_STREET:
            return
        board = " ".join(str(c) for c in s.board) or _("none yet")
        self.say("  " + _("your cards: {cards}; common cards: {board}").format(
            cards=" ".join(str(c) for c in box.hole), board=board))  # fmt: skip
        turn = self.holdem.pending()
        if turn is None or turn.player != self.player:
            return
        street = DECISION_STREET[s.stage]
        other = _("fold (lose the ante)") if street == "flop" else "check"
        self.say(f"  [bold]{street}[/bold]: "
                 + _("bet ({street} bet) or {other}?").format(street=street, other=other))  # fmt: skip


TABLE = HoldemBonusTable

__all__ = ["TABLE", "HoldemBonusTable"]
