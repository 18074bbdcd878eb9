"""The blackjack terminal table: bet on a box, ``go`` deals, then hit, stand, double, split.

It drives :class:`~crupier.games.blackjack.engine.Blackjack` like the plain
:class:`~crupier.play.TerminalTable` drives a layout game: ``box 1 10`` puts 10 on box 1,
``go`` deals (a new shoe when the separator is out); the player's hands are then played with
``hit``, ``stand``, ``double``, ``split`` and ``insure AMOUNT``; once every hand is over the
croupier plays his hand and settles.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.blackjack import load_builtin
>>> table = BlackjackTable("blackjack", load_builtin(), seed=1, console=Console(file=StringIO()))
>>> table.command("buy 100"), table.balance()
(True, 10000)
>>> table.command("box 1 10"), table.balance()
(True, 9000)
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.blackjack.engine import Blackjack, Stage
from crupier.games.blackjack.profile import BlackjackProfile
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.play import GO_WORDS, TerminalTable

DECISIONS = {"hit", "card", "carta", "stand", "stay", "planto", "double", "doblar"}
DECISIONS |= {"split", "separar", "surrender", "insure"}


class BlackjackTable(TerminalTable):
    """A terminal table for one player at blackjack."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, BlackjackProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a blackjack profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.bj = Blackjack(profile, source)
        self.game = self.bj
        self.player = player
        self.console = console or Console()

    def command(self, line: str) -> bool:
        """Run one command line; after the deal and each decision, show the hands, and let
        the croupier play once every hand is over."""
        words = line.strip().split()
        head = words[0].lower() if words else ""
        if head in GO_WORDS and self.bj.state.stage is Stage.PLAY:
            self.show_hands()
            return True
        logged = len(self.bj.log)
        keep = super().command(line)
        if len(self.bj.log) != logged and (head in GO_WORDS or head in DECISIONS):
            self.play_on()
        return keep

    def play_on(self) -> None:
        """Show the hands; run the croupier's turn when it comes."""
        if self.bj.state.stage is Stage.PLAY:
            self.show_hands()
        if self.bj.state.stage is Stage.DEALER:
            for action in self.bj.auto_round():
                if not self.apply(action):
                    break

    def show_hands(self) -> None:
        """The croupier's card, every hand, and whose turn it is."""
        view = self.bj.view(self.player)
        self.say("  " + _("croupier: {cards}").format(cards=" ".join(view["dealer"])))
        for hand in view["hands"]:
            total = (_("{total} soft") if hand["soft"] else "{total}").format(total=hand["total"])
            self.say("  " + _("box {box}: {cards} ({total})").format(
                box=hand["box"], cards=" ".join(hand["cards"]), total=total))  # fmt: skip
        if view["to_act"] == self.player:
            text = (_("your turn on box {box}: hit, stand, double, split, insure AMOUNT")
                    if view["insurance_open"]
                    else _("your turn on box {box}: hit, stand, double, split"))  # fmt: skip
            self.say("  " + text.format(box=view["turn"]["box"]))


TABLE = BlackjackTable

__all__ = ["TABLE", "BlackjackTable"]
