"""The Triple Joc terminal table: the three bets, ``go``, then the BlackJack hand.

``repte 1 10``, ``box 1 10`` and ``poker 1 10`` put the three bets on place 1; ``go`` deals
(the Repte is settled at once); the hand is played with ``hit``, ``stand``, ``double``,
``split`` (aces) and ``insure AMOUNT``; then the croupier plays his hand and tops every
place up to six cards for the poker.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.triple_play import load_builtin
>>> table = TriplePlayTable("triple-play", load_builtin(), seed=1, console=Console(file=StringIO()))
>>> table.command("buy 100"), table.command("poker 1 10"), table.balance()
(True, True, 9000)
"""

from __future__ import annotations

from rich.console import Console

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.games.blackjack.terminal import BlackjackTable
from crupier.games.triple_play.engine import TriplePlay
from crupier.games.triple_play.profile import TriplePlayProfile
from crupier.i18n import N_


class TriplePlayTable(BlackjackTable):
    """A terminal table for one player at Triple Joc."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, TriplePlayProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a Triple Joc profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.bj = TriplePlay(profile, source)
        self.game = self.bj
        self.player = player
        self.console = console or Console()


TABLE = TriplePlayTable

__all__ = ["TABLE", "TriplePlayTable"]
