"""The exact PAR model of Tripòquer: the Fortuna bet over the 22,100 three-card hands, and the
Ante (Bet and Extra-Ante included) over every player hand against every croupier hand of the
49 cards left (22,100 x 18,424 deals), each player hand played or folded by whichever is worth
more — the optimal rule.

Player hands are grouped by suit symmetry (the 24 permutations of the suits), so each class is
counted once against the 22,100 croupier hands (bit masks and integer scores in numpy).
The nets come from the engine's own :func:`~.showdown.ante_net` and :func:`~.showdown.bet_net`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from typing import Any

import numpy as np

from crupier.core.cards import Card, standard_deck
from crupier.core.poker import Category3, rank3, score
from crupier.core.resolution import Resolution, Stay, Win
from crupier.games.three_card_poker.profile import ThreeCardProfile
from crupier.games.three_card_poker.showdown import (
    ante_net,
    as_resolution,
    bet_net,
    resolve_fortuna,
)
from crupier.i18n import N_, W_, Message
from crupier.i18n.hands import hand_name

DECK: tuple[Card, ...] = tuple(standard_deck())
_SUITS = sorted({c.suit for c in DECK})


@dataclass(frozen=True)
class Hands:
    """Every three-card hand: its cards (indices into :data:`DECK`), bit mask, packed score,
    category and top rank."""

    combos: tuple[tuple[int, int, int], ...]
    masks: np.ndarray[Any, np.dtype[np.uint64]]
    scores: np.ndarray[Any, np.dtype[np.int64]]
    categories: tuple[Category3, ...]
    tops: np.ndarray[Any, np.dtype[np.int64]]


@cache
def all_hands() -> Hands:
    """The 22,100 hands of a 52-card deck."""
    combos = tuple(combinations(range(52), 3))
    masks = np.array([(1 << a) | (1 << b) | (1 << c) for a, b, c in combos], dtype=np.uint64)
    keys = [rank3([DECK[i] for i in combo]) for combo in combos]
    scores = np.array([score(k) for k in keys], dtype=np.int64)
    tops = np.array([k[1][0] for k in keys], dtype=np.int64)
    return Hands(combos, masks, scores, tuple(k[0] for k in keys), tops)


def _canonical(combo: tuple[int, int, int]) -> tuple[tuple[int, int], ...]:
    """The least relabelling of the suits of ``combo`` (the class of hands equal to it up to
    a permutation of the suits)."""
    cards = [DECK[i] for i in combo]
    best: tuple[tuple[int, int], ...] | None = None
    for perm in permutations(range(4)):
        relabel = {s: perm[j] for j, s in enumerate(_SUITS)}
        form = tuple(sorted((c.rank.pips, relabel[c.suit]) for c in cards))
        if best is None or form < best:
            best = form
    assert best is not None
    return best


@cache
def player_classes() -> tuple[tuple[int, int], ...]:
    """(index of a representative hand, number of hands in its class) for each suit class."""
    classes: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for i, combo in enumerate(all_hands().combos):
        classes.setdefault(_canonical(combo), []).append(i)
    return tuple((members[0], len(members)) for members in classes.values())


@dataclass(frozen=True)
class Counts:
    """Croupier hands (of the 18,424 that miss the player's cards) against one player hand."""

    not_qualified: int
    lower: int
    tie: int
    higher: int


@cache
def croupier_counts(qualifier_rank: int) -> tuple[tuple[int, int, Counts], ...]:
    """(representative, class size, counts) for every player class."""
    hands = all_hands()
    qualified = ((hands.scores >> 20) >= int(Category3.PAIR)) | (hands.tops >= qualifier_rank)
    out = []
    for rep, size in player_classes():
        free = (hands.masks & hands.masks[rep]) == 0
        score = hands.scores[rep]
        q = free & qualified
        nq = int(np.count_nonzero(free & ~qualified))
        lower = int(np.count_nonzero(q & (hands.scores < score)))
        tie = int(np.count_nonzero(q & (hands.scores == score)))
        higher = int(np.count_nonzero(q)) - lower - tie
        out.append((rep, size, Counts(nq, lower, tie, higher)))
    return tuple(out)


def _play_nets(profile: ThreeCardProfile, category: Category3) -> tuple[tuple[Fraction, int], ...]:
    """The net per Ante unit (Ante, Bet, Extra-Ante) of a played hand against each kind of
    croupier hand: (not qualified, lower, tie, higher)."""
    cases = ((False, 0), (True, 1), (True, 0), (True, -1))
    return tuple(
        (ante_net(profile, category, True, q, c) + bet_net(profile, q, c), i)
        for i, (q, c) in enumerate(cases)
    )


@dataclass(frozen=True)
class AnteAnalysis:
    """The Ante under the optimal play/fold rule: the net distribution per Ante unit, the
    hands played and the lowest high-card hand played."""

    distribution: tuple[tuple[Fraction, Fraction], ...]
    played: int
    lowest_played: tuple[int, ...] | None
    average_bet: Fraction


_ANTE: dict[str, AnteAnalysis] = {}


def _ante(profile: ThreeCardProfile) -> AnteAnalysis:
    """The Ante's analysis for ``profile`` (computed once per profile)."""
    key = profile.model_dump_json()
    found = _ANTE.get(key)
    if found is None:
        found = _ANTE[key] = _ante_of(profile)
    return found


def _ante_of(profile: ThreeCardProfile) -> AnteAnalysis:
    hands = all_hands()
    dist: Counter[Fraction] = Counter()
    total = 22_100 * 18_424
    played = 0
    bets = 0
    lowest: tuple[int, ...] | None = None
    for rep, size, counts in croupier_counts(profile.rules.qualifier_rank):
        category = hands.categories[rep]
        weights = (counts.not_qualified, counts.lower, counts.tie, counts.higher)
        nets = _play_nets(profile, category)
        play_value = sum(net * weights[i] for net, i in nets)
        fold = ante_net(profile, category, False, True, 0)
        if play_value >= fold * 18_424:
            played += size
            bets += size * 18_424
            for net, i in nets:
                dist[net] += size * weights[i]
            if category is Category3.HIGH_CARD:
                ranks = rank3([DECK[i] for i in hands.combos[rep]])[1]
                lowest = ranks if lowest is None or ranks < lowest else lowest
        else:
            dist[fold] += size * 18_424
    return AnteAnalysis(
        tuple(sorted((net, Fraction(n, total)) for net, n in dist.items() if n)),
        played,
        lowest,
        Fraction(bets, total),
    )


@cache
def fortuna_distribution() -> tuple[tuple[Category3, Fraction], ...]:
    """The probability of each category of the player's three cards.

    >>> dict(fortuna_distribution())[Category3.STRAIGHT]
    Fraction(36, 1105)
    """
    counts = Counter(all_hands().categories)
    return tuple((c, Fraction(counts[c], 22_100)) for c in Category3)


def strategy(profile: ThreeCardProfile) -> str:
    """The optimal rule the Ante's figures assume, in words.

    >>> from crupier.games.three_card_poker.profile import load_builtin
    >>> strategy(load_builtin())[:60]
    'exact enumeration of the 22,100 x 18,424 deals; optimal rule'
    """
    a = _ante(profile)
    low = W_("none") if a.lowest_played is None else "-".join(_name(r) for r in a.lowest_played)
    return Message(STRATEGY, {"played": f"{a.played:,}", "lowest": low})


STRATEGY = N_(
    "exact enumeration of the 22,100 x 18,424 deals; optimal rule: play every hand whose "
    "expected result with the Bet is at least the fold's ({played} of 22,100 hands played, "
    "the lowest high-card hand played {lowest}); figures per unit of Ante, Bet and Extra-Ante "
    "counted in the Ante's result"
)


@dataclass(frozen=True)
class FortunaChain:
    """The Fortuna bet, for the exact analyser."""

    profile: ThreeCardProfile
    bet_id: str = "fortuna"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Category3, Fraction], ...]:
        return fortuna_distribution()

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Category3) -> Resolution:
        return resolve_fortuna(self.profile, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class AnteChain:
    """The Ante with its Bet under the optimal rule, per unit of Ante (the outcome is the net
    result; a loss of Ante and Bet, -2, is carried as ``Win(-2)``, as casino war does)."""

    profile: ThreeCardProfile
    bet_id: str = "ante"

    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Fraction, Fraction], ...]:
        return _ante(self.profile).distribution

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        return Win(outcome) if outcome < -1 else as_resolution(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def _name(rank: int) -> str:
    return {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}.get(rank, str(rank))


def par_chains(profile: ThreeCardProfile) -> list[FortunaChain | AnteChain]:
    """The Fortuna bet and the Ante under the optimal rule.

    >>> from crupier.games.three_card_poker.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['fortuna', 'ante']
    """
    return [FortunaChain(profile), AnteChain(profile)]


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def par_outcomes(profile: ThreeCardProfile) -> list[dict[str, Any]]:
    """The three-card categories and the Ante's figures under the optimal rule."""
    rows = [
        [hand_name(c), _exact(p), f"{float(p):.6f}"] for c, p in reversed(fortuna_distribution())
    ]
    a = _ante(profile)
    ev = sum((n * p for n, p in a.distribution), Fraction(0))
    wagered = 1 + a.average_bet
    return [
        {
            "title": N_("The player's three cards"),
            "columns": [N_("Hand"), N_("Probability"), N_("Decimal")],
            "rows": rows,
        },
        {
            "title": N_("The Ante under the optimal rule: {rule}", rule=strategy(profile)),
            "columns": [N_("Figure"), N_("Exact"), N_("Decimal")],
            "rows": [
                [
                    N_("hands played (of {hands})", hands="22,100"),
                    str(a.played),
                    f"{a.played / 22_100:.6f}",
                ],
                [N_("EV per Ante"), _exact(ev), f"{float(ev):.6f}"],
                [
                    N_("average wagered per Ante (Ante and Bet)"),
                    _exact(wagered),
                    f"{float(wagered):.6f}",
                ],
                [N_("EV per unit wagered"), _exact(ev / wagered), f"{float(ev / wagered):.6f}"],
            ],
        },
    ]
