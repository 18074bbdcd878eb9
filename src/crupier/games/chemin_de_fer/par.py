"""08 — Chemin de fer: exact outcome probabilities for every choice, and the house's cut.

Nobody bets against the house here: the PAR sheet's bets (:func:`par_chains`) are the
banker's and the punto's side of a coup, per unit, under each policy of the free choices;
:func:`par_outcomes` gives, for every combination of the free choices (the
punto on 5, the banker in each optional cell), the exact probabilities that the banker
wins, the punto wins or the coup is a tie, by enumeration of every sequence of up to six
cards without replacement from the full shoe. The drawing rules are the engine's own
(:func:`~crupier.games.chemin_de_fer.profile.punto_cell`,
:func:`~crupier.games.chemin_de_fer.profile.banker_cell`).

>>> from crupier.games.chemin_de_fer.profile import load_builtin
>>> odds = outcome_probabilities(load_builtin(), Policy(punto={5: False}, banker={}))
>>> sum(odds), round(float(odds[0]), 10)
(Fraction(1, 1), 0.4617055505)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from crupier.games.baccarat import drawing
from crupier.games.baccarat.chains import CoupChain
from crupier.games.chemin_de_fer.profile import (
    Cell,
    CheminDeFerProfile,
    DrawingRules,
)
from crupier.i18n import N_, W_, Message

Key = tuple[int, ...] | None
"""A free choice a path meets: ``(punto total, draws)`` or ``(banker total, third, draws)``
(``third`` is -1 when the punto stood); None when the path meets none."""


@dataclass(frozen=True)
class Policy:
    """The free choices: ``punto[total]`` (draw?) and ``banker[(total, third)]`` (draw?).
    An optional cell missing from the policy is played by drawing."""

    punto: dict[int, bool]
    banker: dict[tuple[int, int | None], bool]


def _enumerate(
    decks: int, punto_table: str, banker_rows: tuple[str, ...]
) -> dict[tuple[Key, Key], list[int]]:
    """Weights of (banker wins, punto wins, tie), keyed by the free choices each path of
    the coup meets; every sequence of six cards from the full shoe has weight 1."""
    table = dict(enumerate(banker_rows))

    def banker_cell(total: int, third: int | None) -> Cell:
        return Cell(drawing.banker_cell(table, total, third))

    counts = [16 * decks if v == 0 else 4 * decks for v in range(10)]
    n = 52 * decks
    m = n - 4
    acc: dict[tuple[Key, Key], list[int]] = {}

    def add(key: tuple[Key, Key], slot: int, weight: int) -> None:
        acc.setdefault(key, [0, 0, 0])[slot] += weight

    def result(pt: int, bt: int) -> int:
        return 0 if bt > pt else 1 if pt > bt else 2

    def banker(pkey: Key, pt: int, bt: int, third: int | None, weight: int) -> None:
        """The banker plays ``bt`` against ``third``; four or five cards are out."""
        left = m - (0 if third is None else 1)
        cell = banker_cell(bt, third)
        options = [True, False] if cell is Cell.OPTIONAL else [cell is Cell.DRAW]
        for draws in options:
            bkey: Key = None
            if cell is Cell.OPTIONAL:
                bkey = (bt, -1 if third is None else third, int(draws))
            if draws:
                sums = [0, 0, 0]
                for y in range(10):
                    sums[result(pt, (bt + y) % 10)] += counts[y]
                for slot in range(3):
                    if sums[slot]:
                        add((pkey, bkey), slot, weight * sums[slot])
            else:
                add((pkey, bkey), result(pt, bt), weight * left)

    for v1 in range(10):
        w1 = counts[v1]
        counts[v1] -= 1
        for v2 in range(10):
            w2 = w1 * counts[v2]
            counts[v2] -= 1
            for v3 in range(10):
                w3 = w2 * counts[v3]
                counts[v3] -= 1
                for v4 in range(10):
                    w = w3 * counts[v4]
                    if not w:
                        continue
                    counts[v4] -= 1
                    pt, bt = (v1 + v3) % 10, (v2 + v4) % 10
                    if pt >= 8 or bt >= 8:
                        add((None, None), result(pt, bt), w * m * (m - 1))
                    else:
                        cell = Cell(punto_table[pt])
                        options = [True, False] if cell is Cell.OPTIONAL else [cell is Cell.DRAW]
                        for draws in options:
                            pkey: Key = (pt, int(draws)) if cell is Cell.OPTIONAL else None
                            if not draws:
                                banker(pkey, pt, bt, None, w * (m - 1))
                                continue
                            for x in range(10):
                                wx = counts[x]
                                if wx:
                                    counts[x] -= 1
                                    banker(pkey, (pt + x) % 10, bt, x, w * wx)
                                    counts[x] += 1
                    counts[v4] += 1
                counts[v3] += 1
            counts[v2] += 1
        counts[v1] += 1
    return acc


@cache
def _table(
    decks: int, punto_table: str, banker_rows: tuple[str, ...]
) -> tuple[tuple[Any, tuple[int, int, int]], ...]:
    raw = _enumerate(decks, punto_table, banker_rows)
    return tuple((k, (v[0], v[1], v[2])) for k, v in raw.items())


def outcome_probabilities(
    profile: CheminDeFerProfile, policy: Policy
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact P(banker wins), P(punto wins), P(tie) when the free choices follow ``policy``.

    >>> from crupier.games.chemin_de_fer.profile import load_builtin
    >>> bw, pw, tie = outcome_probabilities(load_builtin(), Policy({5: True}, {}))
    >>> round(float(bw), 10), round(float(pw), 10), round(float(tie), 10)
    (0.4586527188, 0.4462785698, 0.0950687113)
    """
    rules = profile.rules
    rows = tuple(rules.banker_table[t] for t in range(8))
    decks = profile.shoe.decks
    totals = [0, 0, 0]
    for key, weights in _table(decks, rules.punto_table, rows):
        pkey, bkey = key
        if pkey is not None and policy.punto.get(pkey[0], True) != bool(pkey[1]):
            continue
        if bkey is not None:
            third = None if bkey[1] < 0 else bkey[1]
            if policy.banker.get((bkey[0], third), True) != bool(bkey[2]):
                continue
        for i in range(3):
            totals[i] += weights[i]
    denominator = math.perm(52 * decks, 6)
    bw, pw, tie = (Fraction(t, denominator) for t in totals)
    return bw, pw, tie


def policies(rules: DrawingRules) -> list[Policy]:
    """Every combination of the free choices: the punto standing before drawing, and for
    each combination of the punto's choices the banker drawing in all his optional cells,
    standing in all, then the mixed ones.

    >>> from crupier.games.chemin_de_fer.profile import load_builtin
    >>> len(policies(load_builtin().rules))
    8
    """
    ptotals = rules.optional_punto_totals()
    cells = rules.optional_banker_cells()
    banker_combos = list(itertools.product([True, False], repeat=len(cells)))
    uniform = [c for c in banker_combos if len(set(c)) <= 1]
    mixed = [c for c in banker_combos if len(set(c)) > 1]
    out: list[Policy] = []
    for pchoice in itertools.product([False, True], repeat=len(ptotals)):
        for combo in uniform + mixed:
            out.append(
                Policy(
                    dict(zip(ptotals, pchoice, strict=True)), dict(zip(cells, combo, strict=True))
                )
            )
    return out


def _dec(x: Fraction, digits: int = 10) -> str:
    return f"{float(x):.{digits}f}"


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.4f} %"


def _exact(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _choice(draws: bool) -> str:
    return "draw" if draws else "stand"


def par_outcomes(profile: CheminDeFerProfile) -> list[dict[str, Any]]:
    """The PAR tables: the outcome probabilities under every combination of the free
    choices; the banker's and the punto's expectation per unit covered (after the
    cagnotte) and the house's cut per coup; and all of it as exact fractions.

    The choices are written ``punto/banker cell/banker cell`` (``Punto 5/3v9/5v4``: the
    punto on 5, the banker's 3 against a 9 and 5 against a 4). The expectations are per
    unit covered. The house's cut is the cagnotte rate times P(banker wins) per unit of
    the bank's stake at risk (= per unit of punto stakes covered, "covered"); half that
    per unit of all the money at risk on the coup, both sides ("all"). The cagnotte's
    rounding to the chip is left out (it depends on the amounts).

    >>> from crupier.games.chemin_de_fer.profile import load_builtin
    >>> outcomes, money, exact = par_outcomes(load_builtin())
    >>> outcomes["columns"][0], outcomes["rows"][0]
    ('Punto 5/3v9/5v4', ['stand/draw/draw', '0.4617055505', '0.4464635731', '0.0918308764'])
    >>> money["rows"][0]
    ['stand/draw/draw', '-0.7843 %', '-1.5242 %', '2.3085 %', '1.1543 %']
    """
    rules = profile.rules
    rate = profile.cagnotte.rate
    ptotals = rules.optional_punto_totals()
    cells = rules.optional_banker_cells()
    labels = [N_("Punto {total}", total=t) for t in ptotals] + [
        N_("{total}v{card}", total=t, card=W_("stood") if x is None else x) for t, x in cells
    ]
    # the labels joined by "/", each translated where it is read
    joined = Message("/".join(f"{{c{i}}}" for i in range(len(labels))),
                     {f"c{i}": label for i, label in enumerate(labels)})  # fmt: skip
    choice_cols: list[str] = [joined] if labels else []
    odds_cols = [N_("P(banker wins)"), N_("P(punto wins)"), N_("P(tie)")]
    money_cols = [N_("Banker EV"), N_("Punto EV"), N_("Cut (covered)"), N_("Cut (all)")]
    odds_rows: list[list[str]] = []
    money_rows: list[list[str]] = []
    exact_rows: list[list[str]] = []
    for policy in policies(rules):
        bw, pw, tie = outcome_probabilities(profile, policy)
        banker_ev = bw * (1 - rate) - pw
        punto_ev = pw - bw
        cut = rate * bw
        picks = [_choice(policy.punto[t]) for t in ptotals] + [
            _choice(policy.banker[c]) for c in cells
        ]
        choices = ["/".join(picks)] if picks else []
        odds_rows.append([*choices, _dec(bw), _dec(pw), _dec(tie)])
        money_rows.append([*choices, _pct(banker_ev), _pct(punto_ev), _pct(cut), _pct(cut / 2)])
        exact_rows.append(
            [*choices, *(_exact(x) for x in (bw, pw, tie, banker_ev, punto_ev, cut, cut / 2))]
        )
    decks = profile.shoe.decks
    return [
        {
            "title": N_(
                "Outcome of a coup for every free choice ({decks} decks, exact enumeration)",
                decks=decks,
            ),
            "columns": choice_cols + odds_cols,
            "rows": odds_rows,
        },
        {
            "title": N_(
                "Expectation and the house's cut (cagnotte {rate} % of the banker's win)",
                rate=format(float(rate) * 100, "g"),
            ),
            "columns": choice_cols + money_cols,
            "rows": money_rows,
        },
        {
            "title": N_(
                "Exact fractions ({decks} decks, cagnotte {rate})", decks=decks, rate=_exact(rate)
            ),
            "columns": choice_cols + odds_cols + money_cols,
            "rows": exact_rows,
        },
    ]


def par_chains(profile: CheminDeFerProfile) -> list[CoupChain]:
    """The banker's and the punto's side under every policy of the free choices, as bets
    for the PAR sheet's per-bet records (``banker [stand/draw/draw]`` ...; the choices
    are written as in :func:`par_outcomes`).

    >>> from crupier.analysis.exact import analyse
    >>> from crupier.games.chemin_de_fer import load_builtin
    >>> chains = par_chains(load_builtin())
    >>> chains[0].bet_id, f"{float(analyse(chains[0]).house_edge) * 100:.4f} %"
    ('banker [stand/draw/draw]', '0.7843 %')
    """
    rules = profile.rules
    ptotals = rules.optional_punto_totals()
    cells = rules.optional_banker_cells()
    out: list[CoupChain] = []
    for policy in policies(rules):
        odds = outcome_probabilities(profile, policy)
        picks = [_choice(policy.punto[t]) for t in ptotals] + [
            _choice(policy.banker[c]) for c in cells
        ]
        label = f" [{'/'.join(picks)}]" if picks else ""
        for side in ("banker", "punto"):
            out.append(CoupChain(f"{side}{label}", side, odds, profile.cagnotte.rate))
    return out


__all__ = ["CoupChain", "Policy", "outcome_probabilities", "par_chains", "par_outcomes", "policies"]
