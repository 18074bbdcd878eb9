"""The exact PAR model: the row and tie distributions of a full shoe (card removal), the
chains of each stake and the extra tables of the sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.games.trente_et_quarante.coup import (
    CHANCES,
    COULEUR,
    FREE,
    INVERSE,
    NOIR,
    PRISON,
    ROUGE,
    STOP,
    Decision,
)
from crupier.games.trente_et_quarante.profile import RefaitChoiceKind, TrenteEtQuaranteProfile
from crupier.games.trente_et_quarante.stakes import resolve_stake
from crupier.games.trente_et_quarante.tie_table import TIES
from crupier.i18n import N_

# -- PAR: exact enumeration over the shoe's composition -------------------------------------------


def composition(decks: int) -> tuple[int, ...]:
    """How many cards of each value 1 to 10 a shoe of ``decks`` French decks holds.

    >>> composition(6)
    (24, 24, 24, 24, 24, 24, 24, 24, 24, 96)
    """
    return (*(4 * decks for _ in range(9)), 16 * decks)


@cache
def row_distribution(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of one row's point (31-40) dealt from a full shoe.

    ``counts[v - 1]`` cards of value ``v``. A row ending with the multiset K of values
    (n cards) and a last card of value L has (n-1)! k_L / prod k_v! orders, each of
    probability prod (c_v)_(k_v) / (N)_n; L must be at least point - 30 (the cards
    before it total 30 or less). Summed over L this is (n-1)! g(K) prod C(c_v, k_v) / (N)_n,
    with g(K) the number of cards of K worth at least point - 30.

    >>> dist = dict(row_distribution(composition(6)))
    >>> sum(dist.values()), round(float(dist[31]), 10)
    (Fraction(1, 1), 0.1480577771)
    """
    n_cards = sum(counts)
    out: list[tuple[int, Fraction]] = []
    for point in range(STOP, STOP + 10):
        theta = point - (STOP - 1)
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        for v in range(10, 0, -1):
            c = counts[v - 1]
            new: dict[tuple[int, int], int] = {}
            for (t, n), w in states.items():
                for k in range(min((point - t) // v, c) + 1):
                    key = (t + k * v, n + k)
                    new[key] = new.get(key, 0) + w * math.comb(c, k)
            states = new
            if v == theta:
                states = {(t, n): w * n for (t, n), w in states.items()}
        total = Fraction(0)
        for (t, n), w in states.items():
            if t == point and w:
                total += Fraction(w * math.factorial(n - 1), math.perm(n_cards, n))
        out.append((point, total))
    return tuple(out)


@cache
def tie_distribution(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """P(both rows make the same point), for each point 31-40, exact with card removal.

    A shoe of 1 to 8 decks (every shoe a profile may name) is read from
    :data:`.tie_table.TIES`, written by :func:`.ties.exact_ties` (a dynamic programme over the
    card values, compiled by numba) and checked against it by the tests; any other shoe runs
    that programme.

    >>> ties = dict(tie_distribution((4, 4, 4, 4, 4, 4, 4, 4, 4, 16)))
    >>> 0 < ties[31] < sum(ties.values()) < 1
    True
    """
    decks = counts[0] // 4
    if 4 * decks == counts[0] and counts == composition(decks) and decks in TIES:
        return tuple((point, Fraction(num, den)) for point, num, den in TIES[decks])
    from crupier.games.trente_et_quarante.ties import exact_ties  # numba: imported only here

    return exact_ties(counts)


@dataclass(frozen=True)
class CoupOdds:
    """The exact probabilities of one coup dealt from a full shoe.

    Noir and rouge are equally likely (swapping the two rows' cards is a bijection
    between the deals where black makes i and red j and those where black makes j and
    red i, with equal probabilities), and so are couleur and inverse (swapping the
    suits of each colour within every value keeps all values and flips the first card's
    colour), so each decisive outcome is a quarter of the decisive coups.
    """

    ties: tuple[tuple[int, Fraction], ...]
    row: tuple[tuple[int, Fraction], ...]

    @property
    def refait(self) -> Fraction:
        """P(31-31)."""
        return dict(self.ties)[STOP]

    @property
    def void(self) -> Fraction:
        """P(a tie at 32-40)."""
        return sum((p for point, p in self.ties if point != STOP), Fraction(0))

    @property
    def tie(self) -> Fraction:
        """P(any tie)."""
        return self.refait + self.void

    @property
    def decisive(self) -> Fraction:
        """P(the points differ)."""
        return 1 - self.tie

    def outcomes(self) -> list[tuple[Decision, Fraction]]:
        """Every decision of a coup with its probability."""
        quarter = self.decisive / 4
        return [
            (Decision(NOIR, COULEUR), quarter),
            (Decision(NOIR, INVERSE), quarter),
            (Decision(ROUGE, COULEUR), quarter),
            (Decision(ROUGE, INVERSE), quarter),
            (Decision(None, None), self.void),
            (Decision(None, None, True), self.refait),
        ]


@cache
def coup_odds(decks: int) -> CoupOdds:
    """The exact odds of a coup from a full shoe of ``decks`` decks (cached).

    >>> odds = coup_odds(6)
    >>> round(float(odds.refait), 12), round(float(odds.void), 12)
    (0.021891370487, 0.087707542676)
    """
    counts = composition(decks)
    return CoupOdds(tie_distribution(counts), row_distribution(counts))


def infinite_row_distribution() -> tuple[tuple[int, Fraction], ...]:
    """One row's point distribution from an infinite shoe (each value 1/13, tens 4/13).

    >>> dist = dict(infinite_row_distribution())
    >>> round(float(dist[31]), 10), round(float(dist[31] ** 2), 10)
    (0.1480608628, 0.0219220191)
    """
    p = {v: Fraction(1, 13) for v in range(1, 10)}
    p[10] = Fraction(4, 13)
    reach = [Fraction(0)] * STOP
    reach[0] = Fraction(1)
    for s in range(1, STOP):
        reach[s] = sum((reach[s - v] * p[v] for v in p if v <= s), Fraction(0))
    out = []
    for point in range(STOP, STOP + 10):
        prob = sum(
            (reach[s] * p[point - s] for s in range(point - 10, STOP) if 1 <= point - s <= 10),
            Fraction(0),
        )
        out.append((point, prob))
    return tuple(out)


@dataclass(frozen=True)
class TrenteChain:
    """One stake for the exact analyser; ``policy`` says what the player does at a refait.

    ``half-back``: takes half back at once; ``prison``: always leaves the stake in prison;
    ``insured``: insures the stake (the fee is folded in: a win nets 1 - fee, a tie
    -fee, a loss -1 - fee, expressed as :class:`Refund` of 1 - fee and of -fee). Ties
    at 32-40 void the coup (a push); a stake in prison is settled by the next decisive
    coup with the engine's rule (:func:`resolve_stake`).
    """

    bet_id: str
    profile: TrenteEtQuaranteProfile
    chance: str
    policy: str = "half-back"

    def outcomes(self) -> list[tuple[Decision, Fraction]]:
        return coup_odds(self.profile.shoe.decks).outcomes()

    def start(self) -> str:
        return FREE

    def step(self, state: str, outcome: Decision) -> Resolution:
        insured = self.policy == "insured"
        choice = RefaitChoiceKind.PRISON if self.policy == "prison" else RefaitChoiceKind.HALF_BACK
        res = resolve_stake(
            self.profile,
            self.chance,
            outcome,
            status=state,
            count=0 if state == FREE else 1,
            insured=insured,
            choice=choice,
        )
        if not insured:
            return res
        fee = self.profile.insurance.fee
        if isinstance(res, Win):
            return Win(res.ratio - fee)
        if isinstance(res, Lose):
            return Refund(-fee)
        assert isinstance(res, Push)
        return Refund(1 - fee)

    def next_state(self, state: str, stay: Stay) -> str:
        return stay.status or state


def par_chains(profile: TrenteEtQuaranteProfile) -> list[TrenteChain]:
    """Every chance as a chain: half back at a refait (``rouge`` ...), insured
    (``rouge-insured`` ...) and always in prison (``rouge-prison`` ...).

    >>> from crupier.games.trente_et_quarante import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> edges = {c.bet_id: analyse(c).house_edge for c in par_chains(load_builtin())}
    >>> round(float(edges["rouge"]) * 100, 4), float(edges["noir-insured"])
    (1.0946, 0.01)
    """
    chains = [TrenteChain(c, profile, c) for c in CHANCES]
    chains += [TrenteChain(f"{c}-insured", profile, c, "insured") for c in CHANCES]
    chains += [TrenteChain(f"{c}-prison", profile, c, "prison") for c in CHANCES]
    return chains


def refait_option_values(
    profile: TrenteEtQuaranteProfile, policy: str
) -> tuple[Fraction, Fraction]:
    """What a unit stake is worth, as the expected amount it returns: placed (free), and
    once in prison, under ``policy`` (``half-back``, ``prison`` or ``insured``, the fee
    not included), with the engine's rule :func:`resolve_stake`.

    >>> from crupier.games.trente_et_quarante import load_builtin
    >>> free, prison = refait_option_values(load_builtin(), "prison")
    >>> round(float(1 - free) * 100, 4), round(float(prison), 6)
    (1.1079, 0.493928)
    """
    outcomes = coup_odds(profile.shoe.decks).outcomes()
    choice = RefaitChoiceKind.PRISON if policy == "prison" else RefaitChoiceKind.HALF_BACK

    def back(res: Resolution) -> Fraction:
        if isinstance(res, Win):
            return 1 + res.ratio
        if isinstance(res, Refund):
            return res.fraction
        return Fraction(1) if isinstance(res, Push) else Fraction(0)

    kept, stays = Fraction(0), Fraction(0)  # prison: value = kept + stays * value
    for outcome, p in outcomes:
        res = resolve_stake(profile, ROUGE, outcome, status=PRISON, count=1, choice=choice)
        if isinstance(res, Stay):
            stays += p * res.scale
        else:
            kept += p * back(res)
    prison = kept / (1 - stays)
    free = Fraction(0)
    for outcome, p in outcomes:
        res = resolve_stake(profile, ROUGE, outcome, insured=policy == "insured", choice=choice)
        free += p * (res.scale * prison if isinstance(res, Stay) else back(res))
    return free, prison


def _exact(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.6f} %"


def par_outcomes(profile: TrenteEtQuaranteProfile) -> list[dict[str, Any]]:
    """The exact tables behind the PAR sheet: the coup's outcomes, one row's points and the
    value of the refait options, for the profile's shoe.

    >>> from crupier.games.trente_et_quarante import load_builtin
    >>> tables = par_outcomes(load_builtin())
    >>> [t["title"].split(" (")[0] for t in tables]
    ['Coup outcomes', "One row's point", 'Refait options and insurance', 'Infinite shoe check']
    """
    decks = profile.shoe.decks
    odds = coup_odds(decks)
    half = odds.decisive / 2
    outcomes = [
        [N_("noir wins (= rouge wins)"), _pct(half), _exact(half)],
        [N_("couleur wins (= inverse wins)"), _pct(half), _exact(half)],
        [N_("refait of 31 (après)"), _pct(odds.refait), _exact(odds.refait)],
        [N_("tie at 32-40 (void coup)"), _pct(odds.void), _exact(odds.void)],
        [N_("any tie"), _pct(odds.tie), _exact(odds.tie)],
        *([N_("tie at {point}", point=point), _pct(p), _exact(p)] for point, p in odds.ties),
    ]
    points = [[str(point), _pct(p), _exact(p)] for point, p in odds.row]
    half_back, _ = refait_option_values(profile, "half-back")
    prison_free, prison = refait_option_values(profile, "prison")
    insured, _ = refait_option_values(profile, "insured")
    fee = profile.insurance.fee
    edges = [
        (N_("house edge, half back at a refait"), 1 - half_back),
        (
            N_("house edge, always prison (model {model})", model=profile.rules.prison_model),
            1 - prison_free,
        ),
        (N_("house edge, insured (the fee included)"), 1 - insured + fee),
    ]
    options = [[name, _pct(x), _exact(x)] for name, x in edges]
    options.append(
        [N_("value of a stake in prison, per unit"), f"{float(prison):.6f}", _exact(prison)]
    )
    inf = dict(infinite_row_distribution())[STOP]
    infinite = [
        [N_("P(row = 31)"), f"{float(inf):.10f}", _exact(inf)],
        [N_("P(refait of 31)"), f"{float(inf**2):.10f}", _exact(inf**2)],
        [N_("house edge, half back"), _pct(inf**2 / 2), _exact(inf**2 / 2)],
    ]
    figure = [N_("Figure"), N_("Value"), N_("Exact")]
    return [
        {
            "title": N_("Coup outcomes ({decks} decks, card removal)", decks=decks),
            "columns": [N_("Outcome"), N_("Probability"), N_("Exact")],
            "rows": outcomes,
        },
        {
            "title": N_("One row's point ({decks} decks)", decks=decks),
            "columns": [N_("Point"), N_("Probability"), N_("Exact")],
            "rows": points,
        },
        {
            "title": N_("Refait options and insurance (per unit staked)"),
            "columns": figure,
            "rows": options,
        },
        {"title": N_("Infinite shoe check (no card removal)"), "columns": figure, "rows": infinite},
    ]


# -- catalogue hooks --------------------------------------------------------------------------------
