"""Cards and comparison (ace high), how each bet is resolved (written once: the engine
settles with it, the exact analyser enumerates it), the spots and the round's boxes.

>>> from crupier.core.cards import Card
>>> compare(Card.parse('Ah'), Card.parse('Kd'))
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from crupier.core.cards import Card, Rank
from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.core.round import JSON
from crupier.games.casino_war.profile import CasinoWarProfile
from crupier.i18n import N_, W_

# -- cards and comparison ---------------------------------------------------------------------

RANK_ORDER: tuple[Rank, ...] = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""The ranks from low to high (seed 000 14 II.1: A, K, Q, J, 10 ... 2; the ace is always high)."""

_VALUE = {rank: i + 2 for i, rank in enumerate(RANK_ORDER)}


def war_value(card: Card) -> int:
    """The rank of ``card`` in El Repte: 2 to 10, jack 11, queen 12, king 13, ace 14.

    >>> [war_value(Card.parse(c)) for c in ("2h", "Td", "Ks", "Ac")]
    [2, 10, 13, 14]
    """
    value = _VALUE.get(card.rank)
    if value is None:
        raise ValueError(f"{card} is not a card of the 52-card pack")
    return value


def compare(player: Card, croupier: Card) -> int:
    """1 if the player's card is higher, -1 if lower, 0 if of the same value (suits never count).

    >>> compare(Card.parse("9c"), Card.parse("6d")), compare(Card.parse("Kd"), Card.parse("Ks"))
    (1, 0)
    >>> compare(Card.parse("Ks"), Card.parse("Ah"))
    -1
    """
    a, b = war_value(player), war_value(croupier)
    return (a > b) - (a < b)


class Decision(StrEnum):
    """What a tied player chooses (spec 14, Round procedure 5)."""

    WAR = "war"
    SURRENDER = "surrender"


class Stage(StrEnum):
    """Where the round stands (spec 14: BETTING -> DEAL -> COMPARE -> WAR_DECISION -> WAR_DEAL
    -> SETTLE; compare and settle happen inside the deals)."""

    BETTING = "betting"
    DEAL = "deal"
    WAR_DECISION = "war-decision"
    WAR_DEAL = "war-deal"


# -- the rule, written once -----------------------------------------------------------------------


def resolve_initial(
    profile: CasinoWarProfile, first: int, war: int | None, decision: Decision | None
) -> Resolution:
    """The initial bet, from the first comparison, the war comparison and the tie decision.

    >>> from crupier.games.casino_war import load_builtin
    >>> p = load_builtin()
    >>> resolve_initial(p, 1, None, None), resolve_initial(p, -1, None, None)
    (Win(ratio=Fraction(1, 1)), Lose())
    >>> resolve_initial(p, 0, None, Decision.SURRENDER)
    Refund(fraction=Fraction(1, 2))
    >>> resolve_initial(p, 0, 0, Decision.WAR), resolve_initial(p, 0, -1, Decision.WAR)
    (Push(), Lose())
    """
    if first > 0:
        return Win(profile.payouts.initial)
    if first < 0:
        return Lose()
    if decision is Decision.SURRENDER:
        return Refund(1 - profile.payouts.surrender_loss)
    if decision is Decision.WAR and war is not None:
        return Lose() if war < 0 else Push()
    return Stay()


def resolve_challenge(profile: CasinoWarProfile, war: int) -> Resolution:
    """The challenge bet on the war comparison: 1 to 1 higher, 2 to 1 equal, lost lower.

    >>> from crupier.games.casino_war import load_builtin
    >>> p = load_builtin()
    >>> [resolve_challenge(p, w) for w in (1, 0, -1)]
    [Win(ratio=Fraction(1, 1)), Win(ratio=Fraction(2, 1)), Lose()]
    """
    if war > 0:
        return Win(profile.payouts.challenge)
    if war == 0:
        return Win(profile.payouts.challenge_tie)
    return Lose()


def resolve_tie_bet(profile: CasinoWarProfile, first: int) -> Resolution:
    """The tie bet, decided on the first deal only (spec 14 DEFAULT).

    >>> from crupier.games.casino_war import load_builtin
    >>> resolve_tie_bet(load_builtin(), 0), resolve_tie_bet(load_builtin(), 1)
    (Win(ratio=Fraction(10, 1)), Lose())
    """
    return Win(profile.payouts.tie) if first == 0 else Lose()


# -- the spots ------------------------------------------------------------------------------------

SPOTS = ("initial", "tie", "challenge")

_SPOT_ALIASES = {
    "initial": "initial",
    "initial-bet": "initial",
    "inicial": "initial",
    "aposta-inicial": "initial",
    "main": "initial",
    "war": "initial",
    "ante": "initial",
    "bet": "initial",
    "tie": "tie",
    "empat": "tie",
    "empate": "tie",
    "challenge": "challenge",
    "repte": "challenge",
    "aposta-de-repte": "challenge",
}


def spot_of(text: str) -> Spot:
    """Parse an El Repte spot (``"initial"``, ``"war"``, ``"Tie"``, ``"aposta inicial"``).

    >>> spot_of("aposta inicial").name, spot_of("Tie").name, spot_of("war").name
    ('initial', 'tie', 'initial')
    """
    key = re.sub(r"[\s_/]+", "-", text.strip().lower()) if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(N_("{text!r} is not an El Repte bet (initial, tie)", text=text))
    return Spot(name, name)


# -- round data -------------------------------------------------------------------------------


@dataclass
class Box:
    """One box in play this round: its cards, comparisons and the tie decision."""

    seat: int
    player: str
    card: Card | None = None
    first: int | None = None
    """The first comparison with the croupier's card (1, 0, -1)."""
    decision: Decision | None = None
    war_card: Card | None = None
    war: int | None = None
    """The war comparison (1, 0, -1)."""

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "player": self.player,
            "card": None if self.card is None else str(self.card),
            "result": _WORD.get(self.first) if self.first is not None else None,
            "decision": None if self.decision is None else str(self.decision),
            "war_card": None if self.war_card is None else str(self.war_card),
            "war_result": _WORD.get(self.war) if self.war is not None else None,
        }


_WORD = {1: W_("higher"), 0: W_("tie"), -1: W_("lower")}
"""How a box's card compares with the croupier's, as the announcement says it."""


@dataclass(frozen=True)
class Showdown:
    """The cards of a round as they lie on the table (all face up)."""

    croupier: Card
    boxes: tuple[tuple[int, Card], ...]
    croupier_war: Card | None = None
    war: tuple[tuple[int, Card], ...] = ()

    def __str__(self) -> str:
        text = f"croupier {self.croupier}: " + ", ".join(f"box {s} {c}" for s, c in self.boxes)
        if self.croupier_war is not None:
            text += f"; war: croupier {self.croupier_war}: "
            text += ", ".join(f"box {s} {c}" for s, c in self.war)
        return text
