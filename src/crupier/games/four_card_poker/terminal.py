"""The Four Card Poker terminal table: the shared banking poker table (``play N`` or ``fold``)."""

from crupier.games.banking_poker_table import TABLE, BankingPokerTable

__all__ = ["TABLE", "BankingPokerTable"]
