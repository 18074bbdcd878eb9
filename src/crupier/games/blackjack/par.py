"""The blackjack PAR model: the main bet under the best play and the insurance bet, from the
exact card-removal analyser (:mod:`crupier.analysis.blackjack`) reading the same profile.

The analysis is imported when a PAR sheet is asked for (it needs numpy), and kept for the
profile so that the bets and the tables of one sheet share one computation.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.games.blackjack.profile import BlackjackProfile
from crupier.i18n import N_

_CACHE: dict[str, dict[str, Any]] = {}

MAIN_METHOD = (
    "exact card-removal analysis in floats, each two-card hand played by its best decision "
    "(the basic-strategy chart and its composition-dependent exceptions), later hits and "
    "stands composition-dependent; splits: each hand from the shoe less the up card and the "
    "pair cards split (resplits followed), other hands' cards not removed; the deviation "
    "counts a split hand at its mean"
)


def analysis_of(profile: BlackjackProfile) -> dict[str, Any]:
    """The analysis of ``profile`` (computed once per profile): the hands, the result's
    distribution, the insurance value."""
    # what the analysis reads: a game built on blackjack's rules (Triple Black Jack) shares it
    parts = (profile.shoe, profile.rules, profile.payouts, getattr(profile, "play", None))
    key = "|".join(part.model_dump_json() for part in parts if part is not None)
    found = _CACHE.get(key)
    if found is None:
        from crupier.analysis.blackjack import BlackjackAnalysis, Distribution, full_shoe, take

        a: BlackjackAnalysis[Any] = BlackjackAnalysis(profile)
        hands = a.hands()
        dist = Distribution(a).total()
        exact = BlackjackAnalysis(profile, exact=True)
        shoe = full_shoe(profile.shoe.decks)
        found = {
            "analysis": a,
            "hands": hands,
            "distribution": dist,
            "dealer": {up: a.dealer(take(shoe, up), up) for up in range(1, 11)},
            "insurance_win": Fraction(take(shoe, 1)[9], sum(take(shoe, 1))),
            "insurance": exact.insurance(),
        }
        _CACHE[key] = found
    return found


def _resolution(net: Fraction) -> Resolution:
    """The resolution whose net result per unit is ``net`` (a loss beyond the stake, a
    doubled hand's, is carried as ``Win`` with a negative ratio, as casino war does)."""
    if net == 0:
        return Push()
    if net == -1:
        return Lose()
    if -1 < net < 0:
        return Refund(1 + net)
    return Win(net)


@dataclass(frozen=True)
class MainChain:
    """The main bet, per unit: its outcomes are the net results with their probabilities."""

    profile: BlackjackProfile
    bet_id: str = "main"
    method: str = "card-removal, splits approximated"

    def outcomes(self) -> list[tuple[Fraction, Fraction]]:
        dist = analysis_of(self.profile)["distribution"]
        items = sorted((k, Fraction(v)) for k, v in dist.items() if v > 0)
        head = items[:-1]
        last = items[-1][0], 1 - sum((p for _, p in head), Fraction(0))
        return [*head, last]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        return _resolution(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class InsuranceChain:
    """The insurance bet against an ace, exact: it wins when the dealer's next card is a
    ten-value card (the ace out of the shoe)."""

    profile: BlackjackProfile
    bet_id: str = "insurance"

    def outcomes(self) -> list[tuple[bool, Fraction]]:
        p = analysis_of(self.profile)["insurance_win"]
        return [(True, p), (False, 1 - p)]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: bool) -> Resolution:
        return Win(self.profile.payouts.insurance) if outcome else Lose()

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: BlackjackProfile) -> list[MainChain | InsuranceChain]:
    """The main bet (bet id ``main``) and insurance (``insurance``)."""
    return [MainChain(profile), InsuranceChain(profile)]


_NAMES = {1: "A", 10: "T"}


def _card(v: int) -> str:
    return _NAMES.get(v, str(v))


_FINAL = {"blackjack": N_("blackjack"), "bust": N_("bust")}
"""The dealer's final hands that are words (the others are totals, 17 to 21)."""


def par_outcomes(profile: BlackjackProfile) -> list[dict[str, Any]]:
    """The dealer's final totals by up card, and the best decision and its value for every
    starting hand against every up card."""
    from crupier.analysis.blackjack import LETTER, OUTCOMES

    found = analysis_of(profile)
    ups = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
    dealer = {
        "title": N_("Dealer's final hand by up card (full shoe less the up card)"),
        "columns": [N_("up card"), *(_FINAL.get(o, o) for o in OUTCOMES)],
        "rows": [[_card(u), *(f"{x:.6f}" for x in found["dealer"][u])] for u in ups],
    }
    cells: dict[tuple[int, int], dict[int, str]] = {}
    for up, c1, c2, _p, d in found["hands"]:
        action, value = d.best()
        cells.setdefault((c1, c2), {})[up] = f"{LETTER[action]} {value:+.4f}"
    hands = {
        "title": N_(
            "Best decision and expected value of every starting hand by dealer up card "
            "(S stand, H hit, D double, P split, R surrender)"
        ),
        "columns": [N_("hand"), *(_card(u) for u in ups)],
        "rows": [
            [f"{_card(a)}-{_card(b)}", *(cells[a, b].get(u, "-") for u in ups)]
            for a, b in sorted(cells)
        ],
    }
    return [dealer, hands]


__all__ = ["InsuranceChain", "MainChain", "analysis_of", "par_chains", "par_outcomes"]
