"""The terminal table of the banking poker games: after the deal it shows the player his
cards (and the croupier's up cards) and waits for ``play`` or ``fold``.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.three_card_poker import load_builtin
>>> out = StringIO()
>>> table = BankingPokerTable("three-card-poker", load_builtin(), seed=3, console=Console(file=out))
>>> table.command("buy 100"), table.command("ante 10"), table.command("go")
(True, True, True)
>>> "play or fold" in out.getvalue()
True
>>> table.command("fold"), table.balance()
(True, 9000)
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from crupier.core.profile import Profile
from crupier.games.banking_poker import BankingPoker, Stage
from crupier.play import TerminalTable


class BankingPokerTable(TerminalTable):
    """A terminal table for one player at a banking poker game, with the play decision."""

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
        assert isinstance(self.game, BankingPoker)
        self.poker: BankingPoker[Any, Any] = self.game

    def command(self, line: str) -> bool:
        """Run one command line; after the deal, show the cards and ask for the decision."""
        logged = len(self.poker.log)
        keep = super().command(line)
        if keep and len(self.poker.log) != logged:
            self.ask()
        return keep

    def ask(self) -> None:
        """Say whose decision it is; to the player, his cards and the choice."""
        box = self.poker.pending()
        if box is None or self.poker.state.stage is not Stage.DECISIONS:
            return
        if box.player != self.player:
            self.say(f"  waiting for {box.player} (box {box.seat}) to play or fold")
            return
        up = self.poker.croupier_up()
        croupier = self.poker.state.croupier
        shown = (
            f"; croupier shows {' '.join(map(str, croupier[len(croupier) - up :]))}" if up else ""
        )
        multiples = self.poker.play_multiples()
        how = "play" if multiples == (1,) else f"play N (N = {', '.join(map(str, multiples))})"
        board = self.poker.state.board
        if board:  # only the cards dealt face up so far: no hand is named
            flop = " ".join(map(str, board[: self.poker.board_shown()]))
            hand = f"{' '.join(map(str, box.cards))}; board {flop}"
        else:
            hand = self.poker.describe(box.cards)
        self.say(f"[bold]Your cards: {escape(hand)}{shown}[/bold] — {how} or fold")


TABLE = BankingPokerTable

__all__ = ["TABLE", "BankingPokerTable"]
