"""The exact PAR model: every coup from a full shoe by enumeration of its composition, and
the chains of the five bets (side bets included).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from crupier.core.cards import FRENCH_RANKS, Card, Suit
from crupier.core.resolution import Resolution, Stay
from crupier.games.baccarat.cards import point_value
from crupier.games.punto_banco.coup import (
    BET_IDS,
    Totals,
    banker_draws,
    player_draws,
    resolve_punto_banco,
)
from crupier.games.punto_banco.profile import PuntoBancoProfile

# -- PAR: exact enumeration over the shoe --------------------------------------------------------


class _Tables(NamedTuple):
    """The drawing tables the enumeration reads (see :class:`.coup.DrawingTables`)."""

    player_draws: frozenset[int]
    banker_table: dict[int, str]


@cache
def coup_distribution(
    decks: int, draws: tuple[int, ...], table: tuple[str, ...]
) -> tuple[tuple[Totals, Fraction], ...]:
    """Every coup's :class:`Totals` with its exact probability, from a full shoe.

    Every sequence of up to six cards is weighed without replacement; the first four
    cards are enumerated by rank (for the pair flags), the third cards by value. The
    drawing rules are :func:`player_draws` and :func:`banker_draws`.

    >>> from crupier.games.punto_banco import load_builtin
    >>> rules = load_builtin().rules
    >>> dist = coup_distribution(1, rules.player_draws, tuple(rules.banker_table.values()))
    >>> sum(p for _, p in dist)
    Fraction(1, 1)
    """
    rules = _Tables(frozenset(draws), dict(enumerate(table)))
    per_rank = 4 * decks
    n = 52 * decks
    ranks = FRENCH_RANKS
    values = [point_value(Card(r, Suit.HEARTS)) for r in ranks]
    base_values = [0] * 10
    for v in values:
        base_values[v] += per_rank
    third_cache: dict[tuple[int, int, int, int], list[tuple[int, int, int]]] = {}

    def third_cards(v1: int, v2: int, v3: int, v4: int) -> list[tuple[int, int, int]]:
        vc = base_values[:]
        for v in (v1, v2, v3, v4):
            vc[v] -= 1
        m = n - 4
        pt, bt = (v1 + v3) % 10, (v2 + v4) % 10
        out: list[tuple[int, int, int]] = []
        if pt >= 8 or bt >= 8:
            return [(pt, bt, m * (m - 1))]
        if player_draws(rules, pt):
            for x in range(10):
                wx = vc[x]
                if not wx:
                    continue
                pt3 = (pt + x) % 10
                if banker_draws(rules, bt, x):
                    vc[x] -= 1
                    for y in range(10):
                        if vc[y]:
                            out.append((pt3, (bt + y) % 10, wx * vc[y]))
                    vc[x] += 1
                else:
                    out.append((pt3, bt, wx * (m - 1)))
        elif banker_draws(rules, bt, None):
            for y in range(10):
                if vc[y]:
                    out.append((pt, (bt + y) % 10, vc[y] * (m - 1)))
        else:
            out.append((pt, bt, m * (m - 1)))
        return out

    acc: dict[Totals, int] = {}
    counts = [per_rank] * len(ranks)
    first: dict[tuple[int, int, int, int, bool, bool], int] = {}
    for r1 in range(13):
        w1 = counts[r1]
        counts[r1] -= 1
        for r2 in range(13):
            w2 = w1 * counts[r2]
            counts[r2] -= 1
            for r3 in range(13):
                w3 = w2 * counts[r3]
                counts[r3] -= 1
                for r4 in range(13):
                    w4 = w3 * counts[r4]
                    if w4:
                        key = (values[r1], values[r2], values[r3], values[r4], r1 == r3, r2 == r4)
                        first[key] = first.get(key, 0) + w4
                counts[r3] += 1
            counts[r2] += 1
        counts[r1] += 1
    for (v1, v2, v3, v4, ppair, bpair), w in first.items():
        vkey = (v1, v2, v3, v4)
        if vkey not in third_cache:
            third_cache[vkey] = third_cards(*vkey)
        for pt, bt, w3 in third_cache[vkey]:
            t = Totals(pt, bt, ppair, bpair)
            acc[t] = acc.get(t, 0) + w * w3
    denom = math.perm(n, 6)
    return tuple((t, Fraction(w, denom)) for t, w in sorted(acc.items()))


@dataclass(frozen=True)
class PuntoBancoChain:
    """One punto banco bet for the exact analyser: one coup decides it (a tie is a push)."""

    bet_id: str
    profile: PuntoBancoProfile

    def outcomes(self) -> tuple[tuple[Totals, Fraction], ...]:
        rules = self.profile.rules
        table = tuple(rules.banker_table[t] for t in range(8))
        return coup_distribution(self.profile.shoe.decks, tuple(rules.player_draws), table)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Totals) -> Resolution:
        return resolve_punto_banco(self.profile, self.bet_id, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: PuntoBancoProfile) -> list[PuntoBancoChain]:
    """Every punto banco bet as a chain for the exact analyser (side bets included)."""
    return [PuntoBancoChain(bet_id, profile) for bet_id in BET_IDS]
