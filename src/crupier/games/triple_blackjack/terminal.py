"""The Triple Black Jack terminal table: blackjack's, with boxes 1-3 on each place.

``box-1-1 10`` puts 10 on box 1 of place 1 (``box-1-2``, ``box-1-3`` the others), ``go``
deals; the hand is played with ``hit``, ``stand``, ``double``, ``split`` and
``insure AMOUNT BOX``; then the croupier plays one hand per box that carries a bet.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.triple_blackjack import load_builtin
>>> table = TripleBlackjackTable(
...     "triple-blackjack", load_builtin(), seed=1, console=Console(file=StringIO())
... )
>>> table.command("buy 100"), table.command("box-1-2 10"), table.balance()
(True, True, 9000)
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.blackjack.terminal import BlackjackTable
from crupier.games.triple_blackjack.engine import TripleBlackjack
from crupier.games.triple_blackjack.profile import TripleBlackjackProfile
from crupier.i18n import N_
from crupier.i18n import gettext as _


class TripleBlackjackTable(BlackjackTable):
    """A terminal table for one player at Triple Black Jack."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, TripleBlackjackProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a Triple Black Jack profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.bj = TripleBlackjack(profile, source)
        self.game = self.bj
        self.player = player
        self.console = console or Console()

    def show_hands(self) -> None:
        """Blackjack's hands, and the croupier's hands already played this round."""
        super().show_hands()
        for k, hand in enumerate(self.bj.view(self.player)["dealer_rounds"], start=1):
            self.say("  " + _("croupier, box {box}: {cards}").format(box=k, cards=" ".join(hand)))


TABLE = TripleBlackjackTable

__all__ = ["TABLE", "TripleBlackjackTable"]
