"""The coup (the drawing rules read from the profile's tables, written once for the engine
and the exact analyser) and how each bet fares on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, Protocol

from crupier.core.cards import Card
from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.games.baccarat.cards import hand_total, point_value
from crupier.games.baccarat.drawing import banker_cell
from crupier.games.punto_banco.profile import PuntoBancoProfile, PuntoBancoRules
from crupier.i18n import N_

# -- the drawing rules (the tables are the profile's) ------------------------------------


class DrawingTables(Protocol):
    """The two drawing tables (a profile's ``rules`` section, or the analyser's copy)."""

    @property
    def player_draws(self) -> Collection[int]: ...

    @property
    def banker_table(self) -> Mapping[int, str]: ...


def player_draws(rules: DrawingTables, total: int) -> bool:
    """True if Punt, holding ``total`` with two cards (no natural), must draw.

    >>> from crupier.games.punto_banco import load_builtin
    >>> rules = load_builtin().rules
    >>> player_draws(rules, 5), player_draws(rules, 6)
    (True, False)
    """
    return total in rules.player_draws


def banker_draws(rules: DrawingTables, total: int, third: int | None) -> bool:
    """True if Banca, holding ``total`` with two cards, must draw when Punt's third card
    has value ``third`` (``None``: Punt stood).

    >>> from crupier.games.punto_banco import load_builtin
    >>> rules = load_builtin().rules
    >>> banker_draws(rules, 3, 8), banker_draws(rules, 6, None)
    (False, False)
    """
    if total >= 8:
        return False
    return banker_cell(rules.banker_table, total, third) == "T"


class Totals(NamedTuple):
    """What decides every bet: the final points and the pair flags of the first two cards."""

    player: int
    banker: int
    player_pair: bool
    banker_pair: bool


@dataclass(frozen=True)
class Coup:
    """The cards of one coup, in the order each hand received them."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]

    @cached_property
    def totals(self) -> Totals:
        """The final points and pair flags (computed once: every bet reads them)."""
        return Totals(
            hand_total(self.player),
            hand_total(self.banker),
            self.player[0].rank == self.player[1].rank,
            self.banker[0].rank == self.banker[1].rank,
        )

    @property
    def winner(self) -> str:
        """``"banker"``, ``"player"`` or ``"tie"``."""
        t = self.totals
        return "banker" if t.banker > t.player else "player" if t.player > t.banker else "tie"

    def __str__(self) -> str:
        t = self.totals
        p = " ".join(str(c) for c in self.player)
        b = " ".join(str(c) for c in self.banker)
        return f"Punt {p} = {t.player}; Banca {b} = {t.banker}"


def play_coup(rules: PuntoBancoRules, next_card: Callable[[], Card]) -> Coup:
    """Deal one coup by the rules: P, B, P, B, then the third cards.

    >>> from crupier.games.punto_banco import load_builtin
    >>> from crupier.core.cards import cards
    >>> deck = iter(cards("2h 3d 3s Kc 4h 5d"))
    >>> str(play_coup(load_builtin().rules, lambda: next(deck)))
    'Punt 2h 3s 4h = 9; Banca 3d Kc 5d = 8'
    """
    p = [next_card()]
    b = [next_card()]
    p.append(next_card())
    b.append(next_card())
    pt, bt = hand_total(p), hand_total(b)
    if pt >= 8 or bt >= 8:
        return Coup(tuple(p), tuple(b))
    third: int | None = None
    if player_draws(rules, pt):
        card = next_card()
        p.append(card)
        third = point_value(card)
    if banker_draws(rules, bt, third):
        b.append(next_card())
    return Coup(tuple(p), tuple(b))


# -- the bets ----------------------------------------------------------------------------------

BET_IDS = ("banker", "player", "tie", "player-pair", "banker-pair")

_SPOT_ALIASES = {
    "banker": "banker",
    "banca": "banker",
    "banco": "banker",
    "bank": "banker",
    "b": "banker",
    "player": "player",
    "punt": "player",
    "punto": "player",
    "p": "player",
    "tie": "tie",
    "empate": "tie",
    "empat": "tie",
    "player-pair": "player-pair",
    "punt-pair": "player-pair",
    "pair-player": "player-pair",
    "banker-pair": "banker-pair",
    "banca-pair": "banker-pair",
    "pair-banker": "banker-pair",
}


def spot_of(text: str) -> Spot:
    """Parse a punto banco spot (``"banca"``, ``"Punt"``, ``"player pair"``, ...).

    >>> spot_of("Banca").name, spot_of("player pair").name
    ('banker', 'player-pair')
    """
    key = re.sub(r"[\s_/]+", "-", text.strip().lower()) if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(
            N_("{text!r} is not a punto banco bet (banker, player, tie, pairs)", text=text)
        )
    return Spot(name, name)


def resolve_punto_banco(profile: PuntoBancoProfile, bet_type: str, t: Totals) -> Resolution:
    """How a bet of ``bet_type`` fares on a coup's totals (spec 07, Decision rules).

    Banca wins at its payout less the commission rate (the engine rounds the
    commission in money); a tie voids Banca and Punt bets (:class:`Push`).

    >>> from crupier.games.punto_banco import load_builtin
    >>> p = load_builtin()
    >>> resolve_punto_banco(p, "banker", Totals(3, 7, False, False))
    Win(ratio=Fraction(19, 20))
    >>> resolve_punto_banco(p, "player", Totals(6, 6, False, False))
    Push()
    """
    pay = profile.payouts
    if bet_type == "banker":
        if t.banker > t.player:
            return Win(pay.banker * (1 - profile.commission.rate))
        return Lose() if t.banker < t.player else Push()
    if bet_type == "player":
        if t.player > t.banker:
            return Win(pay.player)
        return Lose() if t.player < t.banker else Push()
    if bet_type == "tie":
        return Win(pay.tie) if t.player == t.banker else Lose()
    if bet_type == "player-pair":
        return Win(pay.pair) if t.player_pair else Lose()
    if bet_type == "banker-pair":
        return Win(pay.pair) if t.banker_pair else Lose()
    raise UnknownSpot(N_("{bet_type!r} is not a punto banco bet", bet_type=bet_type))


def not_offered(profile: PuntoBancoProfile) -> frozenset[str]:
    """The side bets this table does not offer (``side_bets.tie``, ``side_bets.pairs``).

    >>> from crupier.games.punto_banco import load_builtin
    >>> sorted(not_offered(load_builtin()))
    ['banker-pair', 'player-pair', 'tie']
    """
    offered = profile.side_bets
    out: set[str] = set()
    if not offered.tie:
        out.add("tie")
    if not offered.pairs:
        out.update(("player-pair", "banker-pair"))
    return frozenset(out)
