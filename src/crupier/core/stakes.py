"""Each player's chips on each spot of a layout, found without walking every bet.

The per-player maximum on a spot (:meth:`LayoutGame.check_stake`) needs the chips a
player already has there. Summing them by walking every bet on the layout makes a round
of *n* bets cost *n*\\ :sup:`2`; a :class:`StakeBook` answers in the time of that
player's bets on that spot (usually none or one).

Why it cannot drift from the bets:

* it holds the :class:`~crupier.core.layout.Bet` records themselves, not sums: a stake
  changed in place (a prison, a half back, a craps press or odds, a trente et quarante
  change, a bet that stays after settlement) is read from the bet when the total is
  asked for;
* a bet is counted only while it is still the bet under its id on the layout, on the
  spot and of the player asked for (a bet taken down, settled or replaced is not);
* the book belongs to one ``bets`` dict and remembers its size and ``next_bet`` after
  the last bet it indexed: a bet added or removed anywhere but the one place that keeps
  it (the layout's ``_place``) changes one of them, and the book is rebuilt from the
  bets at the next check (:func:`book_of`);
* the engine drops the book at every action other than placing a bet (settlement, round
  reset, a game's own actions), and a copy of the state never carries it (a copy's bets
  are other records): it is rebuilt, in one walk, at the first bet placed after them.

The totals are therefore always the walk's; only the cost differs (one walk per round,
or per action other than a placed bet, instead of one per bet).

>>> from crupier.core.layout import Bet
>>> bets = {1: Bet(1, "ana", "red", 500, 500), 2: Bet(2, "ana", "17", 100, 100)}
>>> book = StakeBook(bets, next_bet=3)
>>> book.total("ana", "red"), book.total("ana", "black"), book.total("bob", "red")
(500, 0, 0)
>>> bets[1].amount = 250  # a prison halves it: the book reads the bet itself
>>> book.total("ana", "red")
250
>>> bets[3] = Bet(3, "ana", "red", 100, 100)
>>> book.add(bets[3], bets, next_bet=4)
True
>>> book.total("ana", "red")
350
>>> del bets[1]  # removed elsewhere: the book no longer fits these bets
>>> book.fits(bets, next_bet=4)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crupier.core.layout import Bet, LayoutState


class StakeBook:
    """The bets of one layout indexed by ``(player, spot)``; see the module docstring.

    >>> from crupier.core.layout import Bet
    >>> StakeBook({7: Bet(7, "ana", "pass", 1_000, 1_000)}, next_bet=8).total("ana", "pass")
    1000
    """

    __slots__ = ("bets", "by_key", "next_bet", "size")

    def __init__(self, bets: dict[int, Bet], next_bet: int) -> None:
        self.bets = bets
        """The dict of bets this book indexes (the state's own, not a copy)."""
        self.size = len(bets)
        self.next_bet = next_bet
        by_key: dict[tuple[str, str], list[Bet]] = {}
        for bet in bets.values():
            key = (bet.player, bet.spot)
            held = by_key.get(key)
            if held is None:
                by_key[key] = [bet]
            else:
                held.append(bet)
        self.by_key = by_key

    def fits(self, bets: dict[int, Bet], next_bet: int) -> bool:
        """True if nothing was added to or removed from ``bets`` since the book last saw it.

        >>> StakeBook({}, next_bet=1).fits({}, next_bet=2)
        False
        """
        return self.bets is bets and self.size == len(bets) and self.next_bet == next_bet

    def total(self, player: str, spot: str) -> int:
        """The chips ``player`` has on ``spot``, read from the bets themselves.

        >>> StakeBook({}, next_bet=1).total("ana", "red")
        0
        """
        held = self.by_key.get((player, spot))
        if held is None:
            return 0
        bets = self.bets
        total = 0
        for bet in held:
            if bets.get(bet.id) is bet and bet.player == player and bet.spot == spot:
                total += bet.amount
        return total

    def add(self, bet: Bet, bets: dict[int, Bet], next_bet: int) -> bool:
        """Index ``bet``, just put into ``bets`` (``next_bet`` is the state's after it).

        False, and nothing indexed, if the book did not fit ``bets`` just before (the
        caller then drops it; the next check rebuilds it).

        >>> from crupier.core.layout import Bet
        >>> bets: dict[int, Bet] = {}
        >>> book = StakeBook(bets, next_bet=1)
        >>> book.add(Bet(1, "ana", "red", 5, 5), bets, next_bet=2)  # not put into the bets
        False
        """
        if (
            self.bets is not bets
            or self.size != len(bets) - 1
            or bet.id != self.next_bet
            or bets.get(bet.id) is not bet
        ):
            return False
        key = (bet.player, bet.spot)
        held = self.by_key.get(key)
        if held is None:
            self.by_key[key] = [bet]
        else:
            held.append(bet)
        self.size += 1
        self.next_bet = next_bet
        return True

    def __deepcopy__(self, memo: dict[int, Any]) -> None:
        """A copy of a state carries no book: its bets are other records."""
        return None


def book_of(state: LayoutState) -> StakeBook:
    """The state's book, rebuilt from its bets if it has none or it no longer fits.

    >>> from crupier.core.layout import Bet, LayoutState
    >>> state = LayoutState(bets={1: Bet(1, "ana", "red", 500, 500)}, next_bet=2)
    >>> book_of(state).total("ana", "red"), book_of(state) is state.stake_book
    (500, True)
    """
    book = state.stake_book
    bets = state.bets
    if book is None or not book.fits(bets, state.next_bet):
        book = state.stake_book = StakeBook(bets, state.next_bet)
    return book
