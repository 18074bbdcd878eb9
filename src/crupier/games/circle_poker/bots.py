"""The computer opponents of ``crupier play`` and of the house-take simulation.

The strategy is simple and fixed, so that a run is reproducible and anyone can read it:

1. The player's strength is the category of his best five cards among those he can use
   (own and common); before five are known, a pair among them counts as a pair and an ace
   or a king as "high", anything else as nothing.
2. Nothing to call: with two pair or better he bets the minimum; otherwise he checks
   (a stud opener who must bring it in bets the bring-in).
3. Facing a bet: with three of a kind or better he raises the minimum when allowed, else
   calls; with a pair (or "high" before five cards) he calls; otherwise he calls only when
   the call costs at most a quarter of the pot, and folds.

>>> from crupier.core.cards import cards
>>> strength(cards("Ah Ad"), [])
1
>>> strength(cards("7c 2d"), cards("9h Th Jc"))
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from crupier.core.cards import Card
from crupier.core.poker import Category, high
from crupier.core.round import Action
from crupier.games.circle_poker.actions import Bet, Call, Check, Fold, Raise
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.hands import hand_value
from crupier.games.circle_poker.variants import HOLDEM, Variant


def strength(own: Sequence[Card], board: Sequence[Card], variant: Variant = HOLDEM) -> int:
    """The bot's strength: the category of his best five as the variant reads a hand (in
    the 52-card numbering; royal as a straight flush), or before five cards 1 for a pair
    or an ace/king, else 0."""
    return _strength(tuple(own), tuple(board), variant)


@lru_cache(maxsize=8192)
def _strength(own: tuple[Card, ...], board: tuple[Card, ...], variant: Variant) -> int:
    known = [*own, *board]
    if len(known) >= 5:
        if variant.reading == "any":
            key = hand_value(own, board, variant.deck)
        elif len(board) >= 3 and variant.reading == "omaha":
            key = hand_value(own, board, variant.deck, own_cards=2)
        elif len(board) >= 3:
            key = hand_value(own, board, variant.deck, own_cards=len(own))
        else:
            key = (0, ())
        category = key[0]
        if variant.deck != 52:  # the short packs' flush and full house, back in 52-card order
            category = {5: 6, 6: 5}.get(category, category)
        return min(int(category), int(Category.STRAIGHT_FLUSH))
    counts = Counter(high(c) for c in known)
    if max(counts.values(), default=0) >= 2 or any(high(c) >= 13 for c in known):
        return 1
    return 0


def choose(game: CirclePoker) -> Action | None:
    """The bot's action for the player to act (``None`` if nobody is to act)."""
    deal = game.state.deal
    if deal is None or deal.to_act is None:
        return None
    p = deal.to_act
    opts = game.bounds()
    s = strength([*deal.down[p], *deal.up[p]], deal.board, game.variant)
    owed = opts["call"]
    if not owed:
        if "bet" in opts and (s >= int(Category.TWO_PAIR) or (deal.bring_in and p == deal.opener)):
            return Bet(player=p, to=opts["bet"][0])
        return Check(player=p)
    if s >= int(Category.THREE_OF_A_KIND) and "raise" in opts:
        return Raise(player=p, to=opts["raise"][0])
    if s >= 1 or 4 * owed <= deal.pot():
        return Call(player=p)
    if deal.opener == p and deal.street > 0 and not owed:
        return Check(player=p)
    return Fold(player=p)


__all__ = ["choose", "strength"]
