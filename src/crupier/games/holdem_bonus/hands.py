"""The hands of Texas Hold'em Bonus and how each bet is resolved: written once, the engine
settles with it and the exact analyser enumerates it.

>>> from crupier.core.cards import cards
>>> bonus_hand(cards("As Ks"), cards("2c 7d")), bonus_hand(cards("As Ah"), cards("Ad Ac"))
('ace_king_suited', 'aces_vs_dealer_aces')
>>> bonus_hand(cards("Ks Qs"), cards("2c 7d")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Key, best_key, high
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.games.holdem_bonus.profile import HoldemBonusProfile
from crupier.i18n import N_

SPOTS: dict[str, str] = {
    "ante": "ante",
    "bonus": "bonus",
    "flop": "flop",
    "turn": "turn",
    "river": "river",
}
"""Spot names and their aliases (the boxes of 22.II)."""

STREET_BETS = ("flop", "turn", "river")


def spot_of(text: str) -> Spot:
    """The spot for a name.

    >>> spot_of("Bonus").name
    'bonus'
    """
    name = SPOTS.get(text.strip().lower()) if isinstance(text, str) else None
    if name is None:
        raise UnknownSpot(N_("{text!r} is not a spot of this table (ante, bonus)", text=text))
    return Spot(name, name)


def bonus_hand(hole: Sequence[Card], dealer: Sequence[Card]) -> str | None:
    """The Bonus table's line for the player's two cards (and the dealer's, for A-A against
    A-A), or ``None`` when the two cards win nothing (22.V)."""
    a, b = sorted((high(c) for c in hole), reverse=True)
    suited = hole[0].suit == hole[1].suit
    if a == b:
        if a == 14:
            dealer_aces = all(high(c) == 14 for c in dealer) and len(dealer) == 2
            return "aces_vs_dealer_aces" if dealer_aces else "aces"
        if a >= 11:
            return "kings_queens_or_jacks"
        return "pair_2_to_10"
    if a == 14 and b == 13:
        return "ace_king_suited" if suited else "ace_king"
    if a == 14 and b in (11, 12):
        return "ace_queen_or_jack_suited" if suited else "ace_queen_or_jack"
    return None


def resolve_bonus(profile: HoldemBonusProfile, hand: str | None) -> Resolution:
    """The Bonus bet on its line: paid from the profile's table, or lost."""
    if hand is None:
        return Lose()
    return Win(profile.bonus_ratio(hand))


def hand_key(hole: Sequence[Card], board: Sequence[Card]) -> Key:
    """The best five of the two hole cards and the five common cards (any five, 22.I)."""
    return best_key([*hole, *board])


def resolve_main(
    profile: HoldemBonusProfile, spot: str, player: Key | None, dealer: Key
) -> Resolution:
    """A main-game bet (ante, flop, turn, river) of a box; ``player`` is ``None`` for a box
    that folded (its Ante is lost).

    >>> from crupier.core.poker import Category
    >>> from crupier.games.holdem_bonus.profile import load_builtin
    >>> p, two_pair, pair = load_builtin(), (Category.TWO_PAIR, (13, 7, 9)), (Category.PAIR, (12,))
    >>> resolve_main(p, "ante", two_pair, pair), resolve_main(p, "flop", two_pair, pair)
    (Push(), Win(ratio=Fraction(1, 1)))
    """
    if player is None or player < dealer:
        return Lose()
    if player == dealer:
        return Push()
    payouts = profile.payouts
    if spot == "ante":
        if player[0] < payouts.ante_category:
            return Push() if payouts.ante_below == "push" else Lose()
        return Win(payouts.ante)
    ratio = {"flop": payouts.flop, "turn": payouts.turn, "river": payouts.river}[spot]
    return Win(ratio)


__all__ = [
    "SPOTS",
    "STREET_BETS",
    "bonus_hand",
    "hand_key",
    "resolve_bonus",
    "resolve_main",
    "spot_of",
]
