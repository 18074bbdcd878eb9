"""The computer opponents at five-card draw: circle poker's betting strategy
(:mod:`crupier.games.circle_poker.bots`) with two decisions of their own, fixed and simple:

1. **Opening**: with the opening hand in force (a pair of the required rank or better) the
   bot opens with the minimum bet; without it he passes (circle poker's rules after that).
2. **The draw**: he keeps every card of a combination (pairs, three or four of a kind);
   with a straight, a flush or better he is "servit"; with four cards of one suit he
   changes the fifth; otherwise he keeps his highest card and changes the other four.

>>> from crupier.core.cards import cards
>>> [str(c) for c in discards(cards("Jh Jd 9c 4s 2h"), 52)]
['9c', '4s', '2h']
>>> discards(cards("9h 8h 4h 2h Kh"), 52)
[]
>>> [str(c) for c in discards(cards("9h 8h 4h 2h Kc"), 52)]
['Kc']
>>> [str(c) for c in discards(cards("9h 8c 4h 2d Kc"), 52)]
['9h', '8c', '4h', '2d']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from crupier.core.cards import Card
from crupier.core.poker import high
from crupier.core.round import Action
from crupier.games.circle_poker.actions import Bet, Check
from crupier.games.circle_poker.bots import choose
from crupier.games.circle_poker.hands import best_any
from crupier.games.five_card_draw.actions import Draw
from crupier.games.five_card_draw.rules import qualifies

if TYPE_CHECKING:
    from crupier.games.five_card_draw.engine import FiveCardDraw


def discards(hand: Sequence[Card], deck: int) -> list[Card]:
    """The cards the bot changes (the strategy's point 2), in the hand's order."""
    category = best_any(hand, [], deck)[0][0]
    if category >= 4:  # a straight or better, in both packs' numbering
        return []
    counts = Counter(high(c) for c in hand)
    if max(counts.values()) >= 2:
        return [c for c in hand if counts[high(c)] == 1]
    suits = Counter(c.suit for c in hand)
    suit, n = suits.most_common(1)[0]
    if n == 4:
        return [c for c in hand if c.suit != suit]
    top = max(hand, key=high)
    return [c for c in hand if c != top]


def choose_draw(game: FiveCardDraw) -> Action | None:
    """The bot's action for the player to act at a five-card draw table."""
    ds = game._ds()
    deal = ds.deal
    if deal is None or deal.to_act is None:
        return None
    p = deal.to_act
    if ds.drawing:
        most = min(game.rules.max_discard, len(deal.stub) + len(ds.muck))
        out = discards(deal.down[p], game.variant.deck)[:most]
        return Draw(player=p, discard=tuple(str(c) for c in out))
    if deal.street == 0 and deal.high == 0:
        opts = game.bounds()
        if "bet" in opts and qualifies(deal.down[p], game.requirement(), game.variant.deck):
            return Bet(player=p, to=opts["bet"][0])
        if "check" in game.legal_actions():
            return Check(player=p)
    return choose(game)


__all__ = ["choose_draw", "discards"]
