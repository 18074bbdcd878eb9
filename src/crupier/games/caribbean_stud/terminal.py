"""The stud poker terminal table: the shared banking poker table (``card CARD`` to buy a card,
``play`` or ``fold``; ``blind SEAT AMOUNT`` for a blind bet while betting)."""

from crupier.games.banking_poker_table import TABLE, BankingPokerTable

__all__ = ["TABLE", "BankingPokerTable"]
